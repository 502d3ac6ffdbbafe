"""The linear-time value check against two plain references, on many small games, and
its failures on corrupted values and certificates.

References: the plain exact solver (a game graph per heap, through the game classes) and
the checker as it was before (every option listed, a mex per heap; copied below).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import grundy.certify.value_check as value_check
from grundy.certify import check_certificate, period_report
from grundy.certify.periodicity import build_certificate
from grundy.certify.value_check import check_values, sparse_classes
from grundy.games import SubtractionGame
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import rules_of
from grundy.solve.sequence import grundy_sequence, plain_grundy_sequence


def plain_mex_values(moves: list[tuple[int, int]], count: int) -> list[int]:
    """G(0..count-1) with every option listed: the old checker's recomputation."""
    values: list[int] = []
    for heap in range(count):
        seen: set[int] = set()
        for take, digit in moves:
            rest = heap - take
            if rest < 0:
                continue
            if digit & 1 and rest == 0:
                seen.add(0)
            if digit & 2 and rest >= 1:
                seen.add(values[rest])
            if digit & 4:
                seen.update(values[a] ^ values[rest - a] for a in range(1, rest // 2 + 1))
        value = 0
        while value in seen:
            value += 1
        values.append(value)
    return values


def octal_moves(code: str) -> list[tuple[int, int]]:
    before, _, after = code.partition(".")
    digits = [int(before or "0", 16)] + [int(ch, 16) for ch in after]
    return [(k, digit) for k, digit in enumerate(digits) if digit]


def random_code(rng: random.Random) -> str:
    before = rng.choice("0004")
    after = "".join(rng.choice("01234567") for _ in range(rng.randint(1, 4)))
    return f"{before}.{after.rstrip('0') or '1'}"


@pytest.fixture(params=["by blocks", "by table"], autouse=True)
def kernel(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs on both compiled checks: value_sweep's (values below 256, by
    blocks of heaps) and value_check's own (any width, a table of marks per heap)."""
    if request.param == "by table":
        monkeypatch.setattr(value_check, "_SWEEP_WIDTH", 0)
    return str(request.param)


RNG = random.Random(20261125)
CODES = sorted({random_code(RNG) for _ in range(60)} | {"0.354", "0.16", "0.56", "4.7"})
SETS = sorted({tuple(sorted(RNG.sample(range(1, 9), RNG.randint(1, 4)))) for _ in range(20)})


def _choices(values: np.ndarray, moves: list[tuple[int, int]], seed: int) -> list[Any]:
    """The checker's own choice of sparse classes, none, all, and a random one."""
    width = 1 << max(int(values.max()).bit_length(), 1)
    rng = np.random.default_rng(seed)
    return [
        None,
        np.zeros(2 * width, dtype=bool),
        np.ones(2 * width, dtype=bool),
        rng.random(2 * width) < 0.5,
    ]


@pytest.mark.parametrize("code", CODES)
def test_octal_values_agree_with_the_plain_solver_and_the_old_checker(code: str) -> None:
    moves = octal_moves(code)
    plain = [int(v) for v in plain_grundy_sequence(OctalGame(code), 60)]
    assert plain_mex_values(moves, 61) == plain
    values = np.array(plain_mex_values(moves, 400))
    for sparse in _choices(values, moves, len(code)):
        assert check_values(moves, values, sparse=sparse).valid


@pytest.mark.parametrize("members", SETS, ids=lambda s: ",".join(map(str, s)))
def test_subtraction_values_agree_with_the_plain_solver_and_the_old_checker(
    members: tuple[int, ...],
) -> None:
    moves = [(s, 3) for s in members]
    plain = [int(v) for v in plain_grundy_sequence(SubtractionGame(list(members)), 80)]
    assert plain_mex_values(moves, 81) == plain
    assert check_values(moves, np.array(plain)).valid


@pytest.mark.parametrize("code", CODES)
def test_one_wrong_value_is_found_at_its_heap_whatever_the_classes(code: str) -> None:
    moves = octal_moves(code)
    right = plain_mex_values(moves, 400)
    rng = random.Random(code)
    for _ in range(3):
        heap = rng.randrange(400)
        wrong = np.array(right)
        wrong[heap] = right[heap] + rng.choice([-1, 1, 2]) if right[heap] else 1
        for sparse in _choices(wrong, moves, heap):
            check = check_values(moves, wrong, sparse=sparse)
            assert (check.wrong_heap, check.true_value) == (heap, right[heap])


@pytest.mark.parametrize("code", ["0.354", "0.16", "4.7", "0.137", "0.456"])
def test_every_wrong_claim_at_every_heap_is_found(code: str) -> None:
    # Each heap in turn claims each other value up to the largest + 1, with classes
    # chosen at random: a claim that is some option's value is refused whichever part
    # of the split (smaller or larger, sparse or dense) gave it.
    moves = octal_moves(code)
    right = np.array(plain_mex_values(moves, 70))
    rng = np.random.default_rng(len(code))
    width = 1 << int(right.max() + 1).bit_length()
    for heap in range(len(right)):
        for claimed in range(int(right.max()) + 2):
            if claimed == right[heap]:
                continue
            wrong = right.copy()
            wrong[heap] = claimed
            sparse = rng.random(2 * width) < 0.3
            check = check_values(moves, wrong, sparse=sparse)
            assert (check.wrong_heap, check.true_value) == (heap, right[heap])


@pytest.mark.parametrize("code", ["0.354", "0.16", "4.7", "0.137"])
def test_a_split_whose_larger_part_alone_is_sparse_is_valued(code: str) -> None:
    # Every class sparse but that of a split's smaller part: the split's value is then
    # reached only through its larger part.  Claimed as G(n), it must be refused.
    moves = octal_moves(code)
    right = np.array(plain_mex_values(moves, 60))
    width = 1 << int(right.max() + 1).bit_length()
    splits = [k for k, digit in moves if digit & 4]
    for heap in range(len(right)):
        for rest in (heap - k for k in splits if heap - k >= 2):
            for small in range(1, (rest + 1) // 2):
                claimed = right[small] ^ right[rest - small]
                if claimed == right[heap]:
                    continue
                sparse = np.ones(2 * width, dtype=bool)
                sparse[2 * right[small] + (small & 1)] = False
                wrong = right.copy()
                wrong[heap] = claimed
                assert check_values(moves, wrong, sparse=sparse).wrong_heap == heap


def test_a_value_no_option_has_but_a_smaller_one_missing_is_found() -> None:
    # Kayles: G(4) = 1; claiming 4 leaves (b) to fail (values 2, 3 are not options),
    # claiming 2 (an option's value) leaves (a) to fail.
    moves = octal_moves("0.77")
    right = plain_mex_values(moves, 30)
    for claimed in (0, 2, 4):
        wrong = np.array(right)
        wrong[4] = claimed
        assert check_values(moves, wrong).wrong_heap == 4


def test_the_sparse_heaps_of_0_354_are_its_rare_values() -> None:
    # 0.354's rare values (Winning Ways' "sparse space", mask 0x3f) occur a few times
    # each below 3,300; the checker's choice by counts finds every heap with one sparse.
    values = kernel_sequence(rules_of(OctalGame("0.354")), 40_000).values.astype(np.int64)
    sparse = sparse_classes(values, 128, 2)
    heaps = np.arange(1, len(values))
    chosen = heaps[sparse[2 * values[1:] + (heaps & 1)]]
    rare = heaps[np.array([bin(v & 0x3F).count("1") % 2 == 0 for v in values[1:]])]
    assert set(rare.tolist()) <= set(chosen.tolist())
    assert len(chosen) < 1_000
    assert check_values(octal_moves("0.354"), values).valid


# -- corrupted certificates --------------------------------------------------------------


@pytest.mark.slow
def test_a_large_certificate_is_rechecked_and_each_corruption_is_refused() -> None:
    # 0.16: period 149,459 from 105,351, so G(0..509,621), beyond the old checker's reach.
    game = OctalGame("0.16")
    values = [int(v) for v in grundy_sequence(game, 520_000)]
    good = period_report(game, values).certificate
    assert good is not None and (good.period, good.preperiod) == (149_459, 105_351)
    assert check_certificate(good).valid
    n0, p = good.preperiod, good.period
    one_wrong = list(good.values)
    one_wrong[400_000] ^= 1
    cases = {
        "one wrong value": replace(good, values=tuple(one_wrong)),
        "period one less": build_certificate(game, values, p - 1, n0),
        "period one more": build_certificate(game, values, p + 1, n0),
        "preperiod one less": build_certificate(game, values, p, n0 - 1),
        "preperiod one more": build_certificate(game, values, p, n0 + 1),
        "truncated": replace(good, values=good.values[:-1]),
        "reach": replace(good, reach=good.reach + 1),
        "start before the preperiod": replace(good, start=n0 - 1),
    }
    problems = {name: check_certificate(bad).problems for name, bad in cases.items()}
    assert all(problems.values()), problems
    assert problems["one wrong value"] == (
        f"G(400000) is {good.values[400_000]}, the certificate says {one_wrong[400_000]}",
    )
    assert problems["preperiod one more"] == (f"the preperiod is not least: G({n0 + p}) = G({n0})",)
    assert "differs from" in problems["preperiod one less"][0]
    assert "differs from" in problems["period one more"][0]
    assert "lists only" in problems["truncated"][0]


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.4", "0.44", "4.4", "0.71", "4.7"])
def test_small_certificates_fail_when_corrupted(code: str) -> None:
    game = OctalGame(code)
    report = period_report(game, grundy_sequence(game, 3_000))
    assert report.certified and report.certificate is not None
    good = report.certificate
    assert check_certificate(good).valid
    n0, p, values = good.preperiod, good.period, list(good.values)
    heap = len(values) // 2
    values[heap] += 1
    corrupted = [
        replace(good, values=tuple(values)),
        replace(good, period=p + 1),
        replace(good, preperiod=n0 + 1, start=max(n0 + 1, 1)),
        replace(good, values=good.values[:-1]),
    ]
    if n0 > 0:
        corrupted.append(replace(good, preperiod=n0 - 1, start=max(n0 - 1, 1)))
    if p > 1:
        corrupted.append(replace(good, period=p - 1))
    for bad in corrupted:
        assert not check_certificate(bad).valid, bad.to_json() | {"values": "..."}


def test_a_wrong_value_above_63_is_found_by_the_recheck_alone(kernel: str) -> None:
    # 0.354's values reach 113 (two words of bits in the check by blocks).  The mutant
    # changes G(n) and G(n + 1180) alike, so every comparison of the period still holds
    # and only the recomputation of each value from the rules can refuse it.
    values = kernel_sequence(rules_of(OctalGame("0.354")), 30_000).values.copy()
    moves = octal_moves("0.354")
    assert check_values(moves, values).valid
    high = int(np.flatnonzero(values[20_000:] >= 64)[0]) + 20_000
    low = int(np.flatnonzero(values[20_000:] < 64)[0]) + 20_000
    for heap, claimed in ((high, values[high] ^ 1), (low, 100), (high, 5)):
        wrong = values.copy()
        wrong[heap] = wrong[heap + 1180] = claimed
        check = check_values(moves, wrong)
        assert (check.wrong_heap, check.true_value) == (heap, values[heap]), kernel


def test_a_large_certificate_of_0_354_is_refused_for_a_value_changed_in_step_with_its_period() -> (
    None
):
    # The certificate keeps the engine's array (no copy into Python numbers); a value
    # changed in the array, with its partner one period on, is found at its heap.
    game = OctalGame("0.354")
    values = kernel_sequence(rules_of(game), 300_000).values.copy()
    values[5_000] ^= 3
    values[5_000 + 1180] ^= 3
    bad = build_certificate(game, values, 1180, 7_000)  # its hypotheses are never reached
    assert isinstance(bad.values, np.ndarray) and not bad.values.flags.writeable
    assert np.shares_memory(bad.values, values)
    check = check_certificate(bad)
    assert not check.valid and check.problems[0].startswith("G(5000) is ")


# -- values from 128 to 255: four words of bits in the check by blocks -------------------


def _values_of_0_376(count: int) -> np.ndarray:
    # 0.376's values pass 127 from heap 1,999 on and reach 176 (width 256)
    return kernel_sequence(rules_of(OctalGame("0.376")), count - 1).values.copy()


def test_values_up_to_255_are_checked_by_blocks(
    kernel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    values = _values_of_0_376(30_000)
    assert 128 <= values.max() < 256
    monkeypatch.setattr(value_check, "_compiled", {})
    assert check_values(octal_moves("0.376"), values).valid
    assert list(value_check._compiled) == ["sweep" if kernel == "by blocks" else "table"]


@pytest.mark.slow
def test_every_wrong_claim_at_a_heap_above_127_is_found(kernel: str) -> None:
    # Each claim differs from the right value in some word of bits: the first, a middle
    # one or the last (values 0..63, 64..127, 128..191); classes chosen at random (the
    # checker's own choice is priced anew for each claim, too slow for all of them).
    values = _values_of_0_376(2_200)
    moves = octal_moves("0.376")
    heap = int(np.flatnonzero(values >= 128)[0])
    rng = np.random.default_rng(376)
    for claimed in range(int(values.max()) + 2):
        if claimed == values[heap]:
            continue
        wrong = values.copy()
        wrong[heap] = claimed
        check = check_values(moves, wrong, sparse=rng.random(512) < 0.3)
        assert (check.wrong_heap, check.true_value) == (heap, values[heap]), (kernel, claimed)


def test_a_certificate_of_0_376_is_refused_for_a_value_changed_with_its_partner(
    kernel: str,
) -> None:
    # 0.376 has period 4: a value changed together with the value 4 heaps on keeps every
    # comparison of the period, so only the recomputation from the rules refuses it.
    game = OctalGame("0.376")
    values = _values_of_0_376(40_000)  # the certificate holds G(0..24,010)
    high = int(np.flatnonzero(values[9_000:] >= 128)[0]) + 9_000
    low = int(np.flatnonzero(values[9_000:] < 64)[0]) + 9_000
    for heap, claimed in ((high, values[high] ^ 1), (high, values[high] ^ 64), (low, 150)):
        for partner in (False, True):
            wrong = values.copy()
            wrong[heap] = claimed
            if partner:
                wrong[heap + 4] = claimed
            bad = build_certificate(game, wrong, 4, 12_000)  # hypotheses never reached
            check = check_certificate(bad)
            assert not check.valid
            said = f"G({heap}) is {values[heap]}, the certificate says {claimed}"
            assert check.problems[0] == said


# -- a block keeps only the words of bits its largest listed value needs ------------------


def _options(moves: list[tuple[int, int]], values: np.ndarray, heap: int) -> set[int]:
    found: set[int] = set()
    for k, digit in moves:
        rest = heap - k
        if digit & 2 and rest >= 1:
            found.add(int(values[rest]))
        if digit & 4 and rest >= 2:
            parts = np.arange(1, rest // 2 + 1)
            found.update((values[parts] ^ values[rest - parts]).tolist())
    return found


def _next_absent(found: set[int], value: int) -> int:
    value += 1
    while value in found:
        value += 1
    return value


def test_a_value_beyond_the_blocks_words_is_dropped_not_folded_into_them(kernel: str) -> None:
    # In a block whose listed values are all below 64 the check by blocks keeps one word
    # of bits a heap.  Here heap n has the option g + 64 but not g (its true value), and
    # the claim is the next value above g that no option has: were g + 64 folded into
    # bit g, the missing g would pass unseen and the wrong claim would be accepted.
    from grundy.certify.value_sweep import BLOCK

    moves = octal_moves("0.354")
    values = kernel_sequence(rules_of(OctalGame("0.354")), 8 * BLOCK).values.copy()
    tops = values[: 8 * BLOCK].reshape(8, BLOCK).max(axis=1)
    block = int(np.flatnonzero(tops < 63)[0])  # the 8th: the first with values below 63
    heap, claim = next(
        (n, _next_absent(found, int(values[n])))
        for n in range(block * BLOCK, (block + 1) * BLOCK)
        if int(values[n]) + 64 in (found := _options(moves, values, n))
        and _next_absent(found, int(values[n])) < 63
    )
    wrong = values.copy()
    wrong[heap] = claim
    check = check_values(moves, wrong)
    assert (check.wrong_heap, check.true_value) == (heap, values[heap]), kernel
