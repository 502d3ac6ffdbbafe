"""Long sequences whose first heaps already prove a period: valued by the numpy engine on
a short prefix and the period, without loading numba (fast_sequences.PERIOD_PROBE).
Cross-checked against the compiled kernel without its own period shortcut, and against
the plain exact solver."""

import subprocess
import sys

import numpy as np
import pytest

import grundy.solve.fast_sequences as fast_sequences
import grundy.solve.heap_sequences as heap_sequences
from grundy.games import SubtractionGame
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import rules_of, sequence_from_early_period
from grundy.solve.sequence import plain_grundy_sequence

# Kayles, Dawson's Kayles, Dawson's chess, and codes with and without an early period;
# 0.005 and 0.015 look periodic in their first 257 values without being so.
CODES = ["0.77", "0.07", "0.137", "0.51", "0.6", "4.7", "0.005", "0.015", "0.16", "0.54"]


def _exact(rules: heap_sequences.HeapRules, upto: int) -> np.ndarray:
    return kernel_sequence(rules, upto, use_periodicity=False).values.astype(np.int64)


@pytest.mark.parametrize("code", CODES)
def test_matches_the_kernel_without_its_shortcut(code: str) -> None:
    rules = rules_of(OctalGame(code))
    early = sequence_from_early_period(rules, 6000, 1024)
    if early is not None:
        assert np.array_equal(early.astype(np.int64), _exact(rules, 6000))


def test_the_probe_answers_for_the_games_with_an_early_period() -> None:
    answered = {
        code for code in CODES if sequence_from_early_period(rules_of(OctalGame(code)), 6000, 1024)
        is not None
    }  # fmt: skip
    assert {"0.77", "0.07", "0.137"} <= answered
    assert "0.16" not in answered  # its period starts at heap 105,351


@pytest.mark.parametrize(
    "game", [OctalGame("0.77"), OctalGame("0.07"), SubtractionGame([2, 5, 7])], ids=str
)
def test_matches_the_plain_solver(game) -> None:
    early = sequence_from_early_period(rules_of(game), 260, 200)
    assert early is not None
    assert early.tolist() == plain_grundy_sequence(game, 260)


def test_rules_outside_the_theorem_and_short_ranges_are_declined() -> None:
    assert sequence_from_early_period(rules_of(GrundysGame()), 6000, 1024) is None
    assert sequence_from_early_period(rules_of(OctalGame("0.8")), 6000, 1024) is None  # 3 heaps
    assert sequence_from_early_period(rules_of(OctalGame("0.77")), 1024, 1024) is None


def test_values_wider_than_two_bytes_are_kept(monkeypatch) -> None:
    # a prefix whose values pass 2 bytes (no small game reaches them within a probe)
    prefix = [0] + [70_000, 70_001] * 100

    monkeypatch.setattr(heap_sequences, "sparse_grundy_sequence", lambda rules, upto: prefix)
    early = sequence_from_early_period(rules_of(OctalGame("0.77")), 1000, 200)
    assert early is not None and early.dtype == np.int64
    assert early[[1, 2, 999, 1000]].tolist() == [70_000, 70_001, 70_000, 70_001]


def test_a_period_taken_without_the_theorems_window_is_refuted(monkeypatch) -> None:
    """The mutant: the least period seen twice at the end of the prefix, without the
    Guy-Smith window.  The cross-check with the kernel refutes it."""

    def seen_twice(values, known, reach):
        for period in range(1, known // 2 + 1):
            tail = values[known + 1 - 2 * period : known + 1]
            if np.array_equal(tail[:period], tail[period:]):
                return period
        return None

    monkeypatch.setattr(heap_sequences, "_proved_period", seen_twice)
    rules = rules_of(OctalGame("0.005"))
    early = sequence_from_early_period(rules, 3000, 256)
    assert early is not None
    assert not np.array_equal(early.astype(np.int64), _exact(rules, 3000))


def _run(script: str) -> str:
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_kayles_to_a_million_loads_no_compiler() -> None:
    script = (
        "import sys\n"
        "from grundy.games.octal import OctalGame\n"
        "from grundy.solve.fast_sequences import sequence_values\n"
        "from grundy.solve.heap_sequences import rules_of\n"
        "values = sequence_values(rules_of(OctalGame('0.77')), 10**6)\n"
        "print(values[10**6], values.dtype, 'numba' in sys.modules)\n"
    )
    assert _run(script) == "1 uint16 False"


@pytest.mark.parametrize(("code", "loaded", "engine"), [
    ("0.77", False, "probe"),  # Kayles: the probe's period answers
    ("0.16", False, "kernel"),  # no period in 1,024 heaps: the probe, then the kernel
    ("0.77", True, "kernel"),  # numba loaded already: straight to the kernel
])  # fmt: skip
def test_which_engine_values_a_long_range(
    monkeypatch, code: str, loaded: bool, engine: str
) -> None:
    used = []
    monkeypatch.setattr(fast_sequences, "compiler_loaded", lambda: loaded)
    monkeypatch.setattr(fast_sequences, "compiler_available", lambda: True)

    def kernel(rules, upto, progress=None):
        used.append("kernel")
        return kernel_sequence(rules, upto)

    monkeypatch.setattr(fast_sequences, "kernel_sequence", kernel)
    values = fast_sequences.sequence_values(rules_of(OctalGame(code)), 6000)
    assert used == ([] if engine == "probe" else ["kernel"])
    assert np.array_equal(values.astype(np.int64), _exact(rules_of(OctalGame(code)), 6000))
