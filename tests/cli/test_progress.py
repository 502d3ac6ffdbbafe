"""Progress: library callbacks (sequence, table, solver) and the CLI's progress line.

The line must appear on stderr only when stderr is a terminal and ``--json`` is not
given, be erased at the end, and never change stdout.
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from grundy.cli import main, play
from grundy.cli.progress import ProgressLine, progress_line
from grundy.games import create_game
from grundy.progress import POSITION_STEP, PROGRESS_STEP
from grundy.solve import Play, Solver, grundy_sequence, plain_grundy_sequence, table_rows
from grundy.solve.heap_sequences import HeapRules, sparse_grundy_sequence


class FakeTerminal(io.StringIO):
    """A stream that says it is a terminal, as stderr is in an interactive shell."""

    def isatty(self) -> bool:
        return True


Call = tuple[int, "int | None", str]


class Recorder:
    def __init__(self) -> None:
        self.calls: list[Call] = []

    def __call__(self, done: int, total: int | None, what: str) -> None:
        self.calls.append((done, total, what))

    @property
    def counts(self) -> list[int]:
        return [done for done, _, _ in self.calls]


def assert_increasing(counts: list[int]) -> None:
    assert counts == sorted(counts), counts


# -- the library's callbacks -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "params", "upto"),
    [
        ("grundys-game", {}, 20_000),  # the block engine
        ("kayles", {}, 9_000),  # the block engine, a period found early
        ("subtraction", {"set": [1, 2, 3]}, 10_000),  # the direct engine (no splits)
        ("nim", {}, 9_000),  # no engine: the plain solver
    ],
)
def test_sequence_reports_increasing_counts_up_to_the_total(
    name: str, params: dict[str, object], upto: int
) -> None:
    game = create_game(name, params)
    recorder = Recorder()
    values = grundy_sequence(game, upto, recorder)
    assert values == grundy_sequence(game, upto)  # reporting changes nothing
    assert recorder.calls[0] == (0, upto, "Grundy values")
    assert recorder.calls[-1] == (upto, upto, "Grundy values")
    assert_increasing(recorder.counts)
    assert {total for _, total, _ in recorder.calls} == {upto}
    # A modest rate: about one call per PROGRESS_STEP heaps, never one per heap.
    assert len(recorder.calls) <= upto // PROGRESS_STEP + 2


def test_block_engine_reports_between_start_and_end() -> None:
    recorder = Recorder()
    grundy_sequence(create_game("grundys-game", {}), 3 * PROGRESS_STEP + 100, recorder)
    middle = recorder.counts[1:-1]
    assert len(middle) == 3
    assert all(
        PROGRESS_STEP * k <= done < PROGRESS_STEP * k + 64 for k, done in enumerate(middle, 1)
    )


def test_three_heap_splits_report_too() -> None:
    rules = HeapRules(
        leave_one=frozenset({1}), split_three=frozenset({1}), split_two=frozenset({1})
    )
    recorder = Recorder()
    values = sparse_grundy_sequence(rules, 300, progress=recorder)
    assert values == sparse_grundy_sequence(rules, 300)
    assert recorder.calls == [(0, 300, "Grundy values"), (300, 300, "Grundy values")]


def test_plain_sequence_reports_every_step() -> None:
    recorder = Recorder()
    plain_grundy_sequence(create_game("nim", {}), 2 * PROGRESS_STEP + 5, recorder)
    assert recorder.counts == [0, PROGRESS_STEP, 2 * PROGRESS_STEP, 2 * PROGRESS_STEP + 5]


def test_solver_reports_positions_explored() -> None:
    recorder = Recorder()
    solver = Solver(create_game("nim", {}), progress=recorder)
    plain = Solver(create_game("nim", {}))
    position = (9, 9, 9, 9, 9, 9)
    assert solver.outcome(position, Play.MISERE) == plain.outcome(position, Play.MISERE)
    assert solver.positions_explored == plain.positions_explored == 5005
    assert recorder.counts == [POSITION_STEP * k for k in range(1, 5005 // POSITION_STEP + 1)]
    assert {what for _, _, what in recorder.calls} == {"positions explored"}


def test_solver_announces_a_region_engine_then_its_count() -> None:
    recorder = Recorder()
    solver = Solver(create_game("chomp", {}), progress=recorder)
    solver.grundy_value((6, 6, 6, 6))
    whats = [what for _, _, what in recorder.calls]
    assert whats == ["positions explored (a region engine at work)", "positions explored"]
    assert recorder.calls[-1][0] == solver.positions_explored > 0


def test_table_rows_report_the_number_of_rows() -> None:
    recorder = Recorder()
    game = create_game("nim", {})
    rows = list(table_rows(game, [80, 80], progress=recorder))
    assert len(rows) == 81 * 81
    assert recorder.counts == [0, PROGRESS_STEP, len(rows)]
    assert {total for _, total, _ in recorder.calls} == {len(rows)}
    assert {what for _, _, what in recorder.calls} == {"rows"}
    assert rows == list(table_rows(game, [80, 80]))


def test_library_calls_print_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    recorder = Recorder()
    grundy_sequence(create_game("grundys-game", {}), 5_000, recorder)
    list(table_rows(create_game("nim", {}), [70, 70], progress=recorder))
    assert capsys.readouterr() == ("", "")
    assert recorder.calls


# -- the progress line itself ----------------------------------------------------------------


@dataclass
class FakeClock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def test_line_is_redrawn_at_most_ten_times_a_second_and_erased() -> None:
    stream, clock = FakeTerminal(), FakeClock()
    with ProgressLine(stream, enabled=True, clock=clock, columns=100) as line:
        line(0, 1000, "rows")
        clock.now = 0.05
        line(10, 1000, "rows")  # too soon after the first: skipped
        clock.now = 2.0
        line(500, 1000, "rows")
        clock.now = 2.01
        line(1000, 1000, "rows")  # the end is always drawn
    frames = stream.getvalue().split("\r")[1:]
    assert [frame.split()[2] for frame in frames[:3]] == ["0/1,000", "500/1,000", "1,000/1,000"]
    assert "[##########..........]" in frames[1]
    assert frames[1].split("]", 1)[1].split() == ["500/1,000", "250/s", "0:02", "(0:02", "left)"]
    assert "left" not in frames[2]  # finished
    assert frames[-1] == "" and frames[-2].strip() == ""  # erased, cursor back at the start
    assert len(frames[-2]) >= len(frames[2].rstrip())
    assert "\n" not in stream.getvalue()


def test_shorter_line_covers_the_longer_one_before_it() -> None:
    stream, clock = FakeTerminal(), FakeClock()
    line = ProgressLine(stream, enabled=True, clock=clock, columns=200)
    line.update(1, 2, "claims", detail="a-rather-long-theorem-identifier")
    clock.now = 1.0
    line.update(2, 2, "claims", detail="short")
    first, second = stream.getvalue().split("\r")[1:]
    assert len(second) == len(first)
    assert second.rstrip().endswith("short")


def test_line_is_cut_to_the_terminal_width() -> None:
    stream = FakeTerminal()
    line = ProgressLine(stream, enabled=True, clock=FakeClock(), columns=30)
    line.update(5, 10, "claims", detail="x" * 100)
    assert len(stream.getvalue()) == 1 + 29


def test_disabled_line_writes_nothing() -> None:
    stream = FakeTerminal()
    with ProgressLine(stream, enabled=False) as line:
        assert line.callback is None
        line(1, 2, "rows")
    assert stream.getvalue() == ""


@pytest.mark.parametrize(
    ("stream", "as_json", "enabled"),
    [(FakeTerminal(), False, True), (FakeTerminal(), True, False), (io.StringIO(), False, False)],
)
def test_line_only_on_a_terminal_without_json(
    stream: io.StringIO, as_json: bool, enabled: bool
) -> None:
    assert progress_line(as_json=as_json, stream=stream).enabled is enabled


# -- through the command line ----------------------------------------------------------------


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_on(stderr: io.StringIO, monkeypatch: pytest.MonkeyPatch, *words: str) -> Run:
    """Run ``grundy`` with ``stderr`` as the process's stderr (commands draw on sys.stderr)."""
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    code = main(list(words), stdout=out, stderr=stderr)
    return Run(code, out.getvalue(), stderr.getvalue())


LONG_ENOUGH = [
    (("sequence", "grundys-game", "--upto", "9000"), "Grundy values"),
    (("table", "nim", "--max", "70", "70"), "rows"),
    (("solve", "nim", "9", "9", "9", "9", "9", "9", "--misere"), "positions explored"),
]


@pytest.mark.parametrize(("words", "what"), LONG_ENOUGH)
def test_terminal_shows_the_line_and_stdout_is_unchanged(
    monkeypatch: pytest.MonkeyPatch, words: tuple[str, ...], what: str
) -> None:
    plain = run_on(io.StringIO(), monkeypatch, *words)
    shown = run_on(FakeTerminal(), monkeypatch, *words)
    assert plain.code == shown.code == 0
    assert plain.err == ""  # not a terminal: nothing extra
    assert shown.out == plain.out
    assert f"\r{what} " in shown.err
    assert shown.err.endswith("\r") and "\n" not in shown.err  # erased, no newline left


@pytest.mark.parametrize(("words", "what"), LONG_ENOUGH)
def test_json_keeps_stderr_silent_even_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, words: tuple[str, ...], what: str
) -> None:
    result = run_on(FakeTerminal(), monkeypatch, *words, "--json")
    assert result.code == 0
    assert result.err == ""
    assert result.out.startswith("{")


def test_error_mid_search_leaves_one_line_after_the_erased_bar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(play, "POSITION_LIMIT", 4500)
    result = run_on(FakeTerminal(), monkeypatch, "solve", "nim", *["9"] * 6, "--misere")
    assert result.code == 2
    assert "\rpositions explored 1,024 " in result.err  # the count was shown
    visible = result.err.split("\r")[-1]
    assert visible.startswith("grundy: error: ") and "4,500 positions" in visible
    assert result.err.count("\n") == 1 and "Traceback" not in result.err


def test_bad_input_on_a_terminal_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    result = run_on(FakeTerminal(), monkeypatch, "sequence", "grundys-game", "--upto", "-4")
    assert result.code == 2
    assert result.err.startswith("grundy: error: ") and result.err.count("\n") == 1
    assert "-4" in result.err


CLAIMS = """
[[claim]]
id = "bouton"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 7], b = [0, 7], c = [0, 7] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"

[[claim]]
id = "wrong-on-purpose"
game = "nim"
vars = ["a", "b"]
range = { a = [0, 3], b = [0, 3] }
statement = "outcome == 'P'"
expect = "fails"
"""


def test_check_shows_claims_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(CLAIMS)
    plain = run_on(io.StringIO(), monkeypatch, "check", str(path), "--jobs", "1")
    shown = run_on(FakeTerminal(), monkeypatch, "check", str(path), "--jobs", "1")
    assert plain.code == shown.code == 0
    assert plain.err == "" and shown.out == plain.out
    assert "claims [....................] 0/2" in shown.err  # before the first claim
    assert "claims [####################] 2/2" in shown.err
    assert "wrong-on-purpose" in shown.err
    assert shown.err.endswith("\r") and "\n" not in shown.err
    quiet = run_on(FakeTerminal(), monkeypatch, "check", str(path), "--json")
    assert quiet.err == ""


def test_verify_shows_claims_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    proofs = Path(__file__).resolve().parents[2] / "proofs" / "take_away.toml"
    plain = run_on(io.StringIO(), monkeypatch, "verify", str(proofs), "--quick", "--jobs", "1")
    shown = run_on(FakeTerminal(), monkeypatch, "verify", str(proofs), "--quick", "--jobs", "1")
    assert plain.code == shown.code
    assert plain.err == "" and shown.out == plain.out
    assert "\rclaims [....................] 0/" in shown.err and shown.err.endswith("\r")
    quiet = run_on(FakeTerminal(), monkeypatch, "verify", str(proofs), "--quick", "--json")
    assert quiet.err == ""


def test_report_shows_claims_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(CLAIMS)
    words = ["report", "--claims", str(path), "--format", "md", "--evidence", "none"]
    shown = run_on(FakeTerminal(), monkeypatch, *words, "--out", str(tmp_path / "a"))
    plain = run_on(io.StringIO(), monkeypatch, *words, "--out", str(tmp_path / "a"))
    assert shown.code == plain.code == 0
    assert "\rclaims [....................] 0/2" in shown.err
    assert "\r" not in plain.err
    assert shown.out == plain.out and (tmp_path / "a" / "handout.md").exists()


def test_cases_of_a_claim_show_with_its_id() -> None:
    stream, clock = FakeTerminal(), FakeClock()
    line = ProgressLine(stream, enabled=True, clock=clock, columns=100)
    show = line.cases_checked("bouton-k-heaps")
    show(50_000)
    clock.now = 1.0
    show(100_000)
    last = stream.getvalue().split("\r")[-1]
    assert last.split() == ["cases", "checked", "100,000", "50,000/s", "0:01", "bouton-k-heaps"]


def test_bar_gives_way_on_a_narrow_terminal() -> None:
    stream, clock = FakeTerminal(), FakeClock()
    line = ProgressLine(stream, enabled=True, clock=clock, columns=80)
    line(0, 1_048_576, "Grundy values")
    clock.now = 16.0
    line(806_912, 1_048_576, "Grundy values")
    text = stream.getvalue().split("\r")[-1]
    assert text.endswith("806,912/1,048,576 50,432/s  0:16 (0:04 left)")
    assert len(text) <= 79
    assert "[" + "#" * 13 + "." * 5 + "]" in text  # 18 cells of 20 fit; 77% filled
    line = ProgressLine(FakeTerminal(), enabled=True, clock=clock, columns=30)
    assert "[" not in line.render(5, 10, "Grundy values", "", now=16.0)  # no room for 5


def test_table_shows_the_region_engine_then_only_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    result = run_on(FakeTerminal(), monkeypatch, "table", "chomp", "--max", "6", "6", "6", "6")
    assert result.code == 0
    frames = [frame.split()[0] for frame in result.err.split("\r")[1:] if frame.strip()]
    assert frames[0] == "positions"  # the Chomp engine solves the whole bound first
    assert frames[-1] == "rows" and "positions" not in frames[frames.index("rows") :]


def test_table_hides_the_solver_count_once_rows_begin() -> None:
    stream, clock = FakeTerminal(), FakeClock()
    line = ProgressLine(stream, enabled=True, clock=clock, columns=100)
    solver_progress = play._until_rows(line)
    assert solver_progress is not None
    solver_progress(1024, None, "positions explored")
    clock.now = 1.0
    line(0, 10, "rows")
    clock.now = 2.0
    solver_progress(2048, None, "positions explored")  # a search inside one row
    frames = [frame.split()[0] for frame in stream.getvalue().split("\r")[1:]]
    assert frames == ["positions", "rows"]
    assert play._until_rows(ProgressLine(stream, enabled=False)) is None
