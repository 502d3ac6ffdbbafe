"""The compiled sequence kernel against the plain solver, the direct mex and the numpy
rare/common engine, including its widening from 2-byte to 4-byte values."""

import numpy as np
import pytest

from grundy.games import SubtractionGame, create_game
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import RareClasses, kernel_sequence, rare_classes
from grundy.solve.heap_sequences import (
    HeapRules,
    direct_grundy_sequence,
    rules_of,
    sparse_grundy_sequence,
)
from grundy.solve.sequence import plain_grundy_sequence

CODES = ["0.77", "0.07", "0.137", "4.726", "0.16", "0.54", "4.7", "0.376", "0.354", "c.1", "0.f"]


@pytest.mark.parametrize("code", CODES)
def test_kernel_matches_the_plain_solver(code: str) -> None:
    game = OctalGame(code)
    upto = 24 if game.max_heaps_left < 3 else 16
    for use_periodicity in (True, False):
        run = kernel_sequence(rules_of(game), upto, use_periodicity=use_periodicity)
        assert run.values.tolist() == plain_grundy_sequence(game, upto)


def test_kernel_matches_the_plain_solver_on_grundys_and_subtraction_games() -> None:
    for game, upto in [
        (GrundysGame(), 45),
        (SubtractionGame([2, 5, 7]), 60),
        (SubtractionGame([1, 4, 9]), 60),
    ]:
        assert kernel_sequence(rules_of(game), upto).values.tolist() == plain_grundy_sequence(
            game, upto
        )


@pytest.mark.parametrize("code", ["0.77", "0.16", "0.56", "0.376", "4.726", "0.137"])
def test_kernel_matches_the_numpy_engine_and_direct_mex(code: str) -> None:
    rules = rules_of(OctalGame(code))
    kernel = kernel_sequence(rules, 2000, use_periodicity=False).values.tolist()
    assert kernel == sparse_grundy_sequence(rules, 2000, use_periodicity=False)
    assert kernel[:600] == direct_grundy_sequence(rules, 599)


def test_three_heap_codes_match_the_direct_mex() -> None:
    for code in ["0.8", "0.f", "c.1", "0.48"]:
        rules = rules_of(OctalGame(code))
        assert kernel_sequence(rules, 80).values.tolist() == direct_grundy_sequence(rules, 80)


def test_grundys_game_matches_the_numpy_engine() -> None:
    rules = rules_of(GrundysGame())
    assert kernel_sequence(rules, 20_000).values.tolist() == sparse_grundy_sequence(rules, 20_000)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "upto"), [("grundys-game", 1 << 17), ("0.16", 150_000)])
def test_kernel_matches_the_numpy_engine_far_out(name: str, upto: int) -> None:
    game = GrundysGame() if name == "grundys-game" else OctalGame(name)
    rules = rules_of(game)
    kernel = kernel_sequence(rules, upto, use_periodicity=False).values
    assert np.array_equal(kernel, np.array(sparse_grundy_sequence(rules, upto)))


def test_values_widen_instead_of_wrapping() -> None:
    rules = rules_of(GrundysGame())
    narrow = kernel_sequence(rules, 3000)
    assert narrow.values.dtype == np.uint16 and narrow.widened_at is None
    forced = kernel_sequence(rules, 3000, narrow_limit=8)  # as if 2 bytes held only 0..7
    assert forced.values.dtype == np.int32
    assert forced.widened_at == int(np.argmax(narrow.values >= 8))
    assert np.array_equal(forced.values, narrow.values)
    kayles = kernel_sequence(rules_of(create_game("kayles")), 500, narrow_limit=2)
    assert kayles.values.tolist() == sparse_grundy_sequence(rules_of(create_game("kayles")), 500)


def test_period_shortcut_agrees_with_the_mex_far_out() -> None:
    for code in ["0.07", "0.77", "0.16"]:
        rules = rules_of(OctalGame(code))
        short = kernel_sequence(rules, 60_000)
        full = kernel_sequence(rules, 60_000, use_periodicity=False)
        assert np.array_equal(short.values, full.values)
    assert kernel_sequence(rules_of(OctalGame("0.07")), 60_000).period_shortcut == 34


def test_rare_heaps_follow_the_labelling_and_the_mask_makes_them_few() -> None:
    rules = rules_of(GrundysGame())
    run = kernel_sequence(rules, 50_000)
    classes = run.classes
    assert classes == rare_classes(rules, run.values) and classes.mask > 0
    rare = set(classes.rare_heaps(run.values).tolist())
    for heap in range(0, 50_001, 97):
        label = (int(run.values[heap]) & classes.mask).bit_count() ^ (classes.domain & heap)
        assert (heap in rare) == (label % 2 == classes.rare_label)
    assert len(rare) < 2_000  # the sparse-space phenomenon: few rare heaps


def test_rare_heaps_of_a_small_array() -> None:
    values = np.array([0, 1, 2, 3, 1, 0], dtype=np.uint16)
    assert RareClasses(mask=3, domain=0, rare_label=1).rare_heaps(values).tolist() == [1, 2, 4]
    # label = (G & 1) ^ (heap & 1): 0 for heaps 0..3, 1 for heaps 4 and 5
    assert RareClasses(mask=1, domain=1, rare_label=0).rare_heaps(values).tolist() == [0, 1, 2, 3]


def test_games_without_splits_use_the_plain_mex() -> None:
    rules = HeapRules(take_all=frozenset({3}), leave_one=frozenset({1, 3}))
    assert kernel_sequence(rules, 30).values.tolist() == direct_grundy_sequence(rules, 30)


def test_empty_range() -> None:
    assert kernel_sequence(rules_of(GrundysGame()), 0).values.tolist() == [0]


@pytest.mark.parametrize("code", ["0.16", "0.376", "4.726", "0.54", "0.77"])
def test_numpy_and_compiled_mask_choices_agree(code: str) -> None:
    from grundy.solve import sequence_kernels
    from grundy.solve.fast_sequences import _split_parity

    rules = rules_of(OctalGame(code))
    values = kernel_sequence(rules, 9000, use_periodicity=False).values
    for last in (100, 5000, 9000):
        chosen = sequence_kernels.choose_classes(values, last, 4096, 10, _split_parity(rules))
        expected = RareClasses(*(int(x) for x in chosen))
        assert rare_classes(rules, values[: last + 1]) == expected


# The kernel values heaps a block at a time (sequence_kernels.BLOCK): the rare parts whose
# other part lies before the block are swept across it as bits, the rest marked heap by
# heap.  These games reach every path: one, two and four words of bits, values beyond 256
# (no bits: 0.007, 0.6), unequal parts (Grundy's game), rare heaps found inside a block,
# heaps whose splits all lie within their own block, and heaps whose mex passes the bits
# kept for their block (0.354 from heap 14,031 and 0.376 from 7,735: without the
# fallback that then marks the swept splits one by one, both came out wrong there).
@pytest.mark.parametrize(
    ("name", "upto"),
    [
        pytest.param("0.354", 14_100, marks=pytest.mark.slow),
        ("0.376", 7_800),
        *((name, 6_000) for name in ("0.07", "0.137", "0.4", "0.1337", "0.007", "0.6")),
        ("grundys-game", 6_000),
    ],
)
def test_block_kernel_matches_the_numpy_engine_over_many_blocks(name: str, upto: int) -> None:
    game = create_game(name) if name[0].isalpha() else OctalGame(name)
    rules = rules_of(game)
    kernel = kernel_sequence(rules, upto, use_periodicity=False).values
    assert np.array_equal(
        kernel, np.array(sparse_grundy_sequence(rules, upto, use_periodicity=False))
    )


@pytest.mark.parametrize(("unequal", "top"), [(False, 60), (False, 200), (True, 200)])
def test_sweep_sets_the_bits_of_exactly_the_splits_before_the_block(
    unequal: bool, top: int
) -> None:
    from grundy.solve import sequence_kernels

    generator = np.random.default_rng(7)
    values = generator.integers(0, top, size=400).astype(np.uint16)
    rare = np.array(sorted(generator.choice(np.arange(1, 300), 40, replace=False)), np.int32)
    split_two = np.array([0, 2, 3])
    first, last = 300, 363
    words = 2 if top < 64 else 4
    bits = np.zeros((4, 64), np.uint64)
    sequence_kernels._sweep_rare_parts(
        values, rare, len(rare), split_two, first, last, unequal, bits, words
    )
    for heap in range(first, last + 1):
        expected = set()
        for k in split_two:
            for a in rare:
                other = heap - k - a
                if 1 <= other < first and not (unequal and other == a):
                    expected.add(int(values[a]) ^ int(values[other]))
        row = bits[:, heap - first]
        found = {v for v in range(256) if (int(row[v >> 6]) >> (v & 63)) & 1}
        assert found == expected, heap


@pytest.mark.slow
@pytest.mark.parametrize("code", ["0.16", "0.376", "4.726"])
def test_the_path_without_bits_matches_the_numpy_engine(code: str, monkeypatch) -> None:
    """Blocks whose values come near 256 keep no bits and mark every rare split through the
    stamp array.  No game valued in the tests reaches such values, so the path is forced:
    the kernel's Python form runs with no room for bits (its helpers stay compiled)."""
    import grundy.solve.sequence_kernels as kernels

    monkeypatch.setattr(kernels, "BITSET_WIDTH", 0)
    monkeypatch.setattr(kernels, "sparse_run", kernels.sparse_run.py_func)
    rules = rules_of(OctalGame(code))
    forced = kernel_sequence(rules, 1200, use_periodicity=False).values.tolist()
    assert forced == sparse_grundy_sequence(rules, 1200, use_periodicity=False)
