"""The fast heap-sequence engines against the plain exact solver and each other."""

import random

import pytest

import grundy.solve.heap_sequences as heap_sequences
from grundy.errors import InvalidParameterError
from grundy.games import Nim, SubtractionGame, create_game
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.solve.heap_sequences import (
    HeapRules,
    direct_grundy_sequence,
    rules_of,
    sparse_grundy_sequence,
)
from grundy.solve.sequence import grundy_sequence, plain_grundy_sequence

NAMED_CODES = [
    "0.77",
    "0.07",
    "0.137",
    "4.726",
    "0.4",
    "0.6",
    "0.16",
    "0.51",
    "4.07",
    "0.333",
    "0.f",
    "0.8",
    "0.37",
    "c.1",
    "0.054",
]


def _random_codes(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    codes = []
    for _ in range(count):
        before = rng.choice("0048c")
        digits = "".join(rng.choice("0123456789abcdef") for _ in range(rng.randint(1, 4)))
        codes.append(f"{before}.{digits}")
    return codes


@pytest.mark.parametrize("code", NAMED_CODES + _random_codes(25, seed=3))
def test_fast_engine_matches_the_plain_solver(code: str) -> None:
    game = OctalGame(code)
    upto = 22 if game.max_heaps_left < 3 else 16
    assert grundy_sequence(game, upto) == plain_grundy_sequence(game, upto)


def test_grundys_game_matches_the_plain_solver() -> None:
    assert grundy_sequence(GrundysGame(), 45) == plain_grundy_sequence(GrundysGame(), 45)


@pytest.mark.parametrize("subtraction_set", [[1], [1, 2, 3], [2, 5, 7], [3, 4], [1, 4, 9]])
def test_subtraction_games_match_the_plain_solver(subtraction_set: list[int]) -> None:
    game = SubtractionGame(subtraction_set)
    assert grundy_sequence(game, 40) == plain_grundy_sequence(game, 40)


@pytest.mark.parametrize("use_periodicity", [True, False])
@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.726", "0.16", "0.54", "4.7"])
def test_sparse_engine_matches_direct_on_longer_ranges(code: str, use_periodicity: bool) -> None:
    rules = rules_of(OctalGame(code))
    fast = sparse_grundy_sequence(rules, 700, use_periodicity=use_periodicity)
    assert fast == direct_grundy_sequence(rules, 700)


def test_period_shortcut_matches_the_mex_far_out() -> None:
    rules = rules_of(OctalGame("0.07"))
    assert sparse_grundy_sequence(rules, 5000) == sparse_grundy_sequence(
        rules, 5000, use_periodicity=False
    )


def test_sparse_engine_is_exact_whatever_the_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    # Re-choose the mask very often, from tiny samples: the values must not change.
    monkeypatch.setattr(heap_sequences, "_FIRST_CHECKPOINT", 2)
    monkeypatch.setattr(heap_sequences, "_SAMPLE", 5)
    for rules in (rules_of(GrundysGame()), rules_of(OctalGame("0.16"))):
        assert sparse_grundy_sequence(rules, 400) == direct_grundy_sequence(rules, 400)


@pytest.mark.parametrize(("block", "hints"), [(1, 0), (3, 1), (7, 64), (256, 2)])
def test_block_kernel_is_exact_whatever_the_block(
    monkeypatch: pytest.MonkeyPatch, block: int, hints: int
) -> None:
    # Blocks of every shape, so that rare parts meet the block edges in every way.
    monkeypatch.setattr(heap_sequences, "_BLOCK", block)
    monkeypatch.setattr(heap_sequences, "_HINT_PARTS", hints)
    for code in ("0.77", "0.16", "4.726", "0.54"):
        rules = rules_of(OctalGame(code))
        assert sparse_grundy_sequence(rules, 300, use_periodicity=False) == (
            direct_grundy_sequence(rules, 300)
        )
    grundys = rules_of(GrundysGame())
    assert sparse_grundy_sequence(grundys, 300) == direct_grundy_sequence(grundys, 300)


def test_block_kernel_switches_to_32_bits_when_values_grow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(heap_sequences, "_NARROW_LIMIT", 4)
    for rules in (rules_of(GrundysGame()), rules_of(OctalGame("0.77"))):
        assert sparse_grundy_sequence(rules, 500, use_periodicity=False) == (
            direct_grundy_sequence(rules, 500)
        )


def test_block_kernel_matches_direct_on_grundys_game_far_out() -> None:
    rules = rules_of(GrundysGame())
    assert sparse_grundy_sequence(rules, 3000) == direct_grundy_sequence(rules, 3000)


def test_kayles_period_oracle() -> None:
    # Guy and Smith (1956), also Winning Ways ch. 4: Kayles has period 12 from n = 71 on,
    # with the period 4 1 2 8 1 4 7 2 1 8 2 7 starting at n = 72.
    values = grundy_sequence(create_game("kayles"), 600)
    assert all(values[n + 12] == values[n] for n in range(71, 589))
    assert values[70 + 12] != values[70]
    assert values[72:84] == [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]


def test_dawsons_kayles_period_oracle() -> None:
    # Dawson's Kayles (0.07) is periodic with period 34 (Winning Ways, ch. 4).
    values = grundy_sequence(create_game("dawsons-kayles"), 600)
    assert all(values[n + 34] == values[n] for n in range(60, 566))


def test_rules_of_other_games_is_an_error() -> None:
    with pytest.raises(InvalidParameterError):
        rules_of(Nim())


def test_hex_three_heap_rules() -> None:
    rules = HeapRules.from_octal_digits((0, 8))
    assert rules.split_three == frozenset({1})
    assert sparse_grundy_sequence(rules, 14) == plain_grundy_sequence(OctalGame("0.8"), 14)


@pytest.mark.slow
def test_large_sequences_are_fast() -> None:
    import time

    start = time.perf_counter()
    values = grundy_sequence(create_game("kayles"), 100_000)
    assert values[99_995] == values[99_995 - 12 * 8000]
    assert time.perf_counter() - start < 20
    start = time.perf_counter()
    grundy_sequence(create_game("grundys-game"), 30_000)
    assert time.perf_counter() - start < 20
