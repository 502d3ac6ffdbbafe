"""The Chomp box engine, cross-checked against the plain exact solver."""

import math
import subprocess
import sys

import numpy as np
import pytest

from grundy import Outcome, Play, SearchLimitError, Solver
from grundy.games.chomp import Chomp
from grundy.solve import chomp_engine
from grundy.solve.chomp_engine import (
    MAX_BOX_BYTES,
    NUMPY_BOX_LIMIT,
    all_diagrams,
    box_bytes,
    box_size,
    count_subdiagrams,
    rank_weights,
    solve_box,
    solve_box_kernel,
    solve_box_numpy,
)


@pytest.mark.parametrize(("height", "width"), [(1, 1), (2, 3), (4, 4), (3, 6)])
def test_diagrams_are_listed_in_rank_order(height: int, width: int) -> None:
    diagrams = all_diagrams(height, width)
    assert len(diagrams) == box_size(height, width) == math.comb(height + width, height)
    rows = [tuple(int(x) for x in d) for d in diagrams]
    assert rows == sorted(set(rows))  # lexicographic, no repeats
    assert all(np.all(np.diff(d) <= 0) and d[0] <= width for d in diagrams)
    weights = rank_weights(height, width)
    for index, diagram in enumerate(rows):
        assert sum(weights[i][x] for i, x in enumerate(diagram)) == index


@pytest.mark.parametrize("engine", [solve_box_kernel, solve_box_numpy])
@pytest.mark.parametrize(("height", "width"), [(5, 5), (3, 8), (1, 9), (9, 1), (6, 4)])
def test_every_position_in_a_box_matches_the_plain_solver(engine, height: int, width: int) -> None:
    game = Chomp()
    box = engine(height, width)
    plain = Solver(game, use_engines=False)
    positions = list(game.bounded_positions([width] * height))
    assert box.size == len(positions)
    for position in positions:
        assert box.grundy_value(position) == plain.grundy_value(position), position
        misere = plain.outcome(position, Play.MISERE) is Outcome.N
        assert box.misere_next_wins(position) == misere, position


def test_positions_outside_the_box_are_not_answered() -> None:
    box = solve_box(3, 4)
    assert box.grundy_value((5,)) is None
    assert box.grundy_value((1, 1, 1, 1)) is None
    assert box.misere_next_wins((4, 4, 4, 4)) is None
    assert box.grundy_value((4, 4, 4)) is not None


def test_solver_reads_the_box_and_plain_mode_does_not() -> None:
    game = Chomp()
    fast = Solver(game)
    assert fast.grundy_value((6, 6, 6, 6)) == Solver(game, use_engines=False).grundy_value(
        (6, 6, 6, 6)
    )
    assert fast.positions_explored == box_size(4, 6) - 1  # the whole box, valued at once
    assert fast.prepare((3, 2))  # already inside the solved box
    assert not Solver(game, use_engines=False).prepare((3, 2))


def test_winning_moves_and_misere_through_the_engine_agree_with_plain() -> None:
    game = Chomp()
    fast, plain = Solver(game), Solver(game, use_engines=False)
    for position in [(5, 5, 5, 5), (6, 4, 4, 1), (7, 7, 2)]:
        for play in Play:
            assert [m.to for m in fast.winning_moves(position, play)] == [
                m.to for m in plain.winning_moves(position, play)
            ]


def test_position_limit_is_reported_at_once() -> None:
    # a long thin L: its box is far too big, and its 1,600 positions exceed the limit
    solver = Solver(Chomp(), position_limit=1_000)
    with pytest.raises(SearchLimitError, match="1,600 positions are reachable"):
        solver.grundy_value((40,) + (1,) * 39)


def test_the_position_limit_does_not_refuse_a_box_the_engine_values() -> None:
    solver = Solver(Chomp(), position_limit=1_000)
    assert solver.grundy_value((10,) * 10) == 19  # 184,755 positions, in one box
    assert solver.positions_explored == box_size(10, 10) - 1


def test_ten_by_ten_square_is_won_by_biting_2_2() -> None:
    solver = Solver(Chomp())
    moves = solver.winning_moves((10,) * 10)
    assert [m.description for m in moves] == ["bite (2,2)"]


@pytest.mark.slow
def test_eight_by_eight_box_matches_the_plain_solver() -> None:
    game = Chomp()
    box = solve_box_kernel(8, 8)
    plain = Solver(game, use_engines=False)
    for position in game.bounded_positions([8] * 8):
        assert box.grundy_value(position) == plain.grundy_value(position), position
        misere = plain.outcome(position, Play.MISERE) is Outcome.N
        assert box.misere_next_wins(position) == misere, position


def test_count_subdiagrams_matches_enumeration() -> None:
    game = Chomp()
    for position in [(1,), (3, 1), (4, 4, 2), (5, 3, 3, 1), (6,) * 4]:
        inside = sum(1 for _ in game.bounded_positions(list(position)))
        assert count_subdiagrams(position) == inside + 1  # plus the empty board


def test_thin_positions_in_huge_boxes_use_the_plain_search() -> None:
    game = Chomp()
    long_l = (40,) + (1,) * 39  # its box holds C(80, 40) diagrams; only 1,600 are reachable
    solver = Solver(game)
    assert solver.grundy_value(long_l) == 0  # equal arms: the mirror position is P
    assert solver.positions_explored <= 40 * 40


@pytest.mark.parametrize(("height", "width"), [(9, 9), (4, 12), (12, 3)])
def test_kernel_matches_the_numpy_engine(height: int, width: int) -> None:
    kernel, levels = solve_box_kernel(height, width), solve_box_numpy(height, width)
    assert kernel.codes.dtype == np.uint16  # 2 bytes a position
    assert np.array_equal(kernel.codes.astype(np.int64), levels.codes.astype(np.int64))


@pytest.mark.slow
def test_kernel_matches_the_numpy_engine_on_the_eleven_box() -> None:
    kernel, levels = solve_box_kernel(11, 11), solve_box_numpy(11, 11)
    assert np.array_equal(kernel.codes.astype(np.int64), levels.codes.astype(np.int64))


def test_codes_widen_instead_of_wrapping() -> None:
    narrow = solve_box_kernel(6, 6)
    forced = solve_box_kernel(6, 6, narrow_limit=20)  # as if 2 bytes held codes 0..19 only
    assert forced.codes.dtype == np.uint32 and narrow.codes.max() >= 20
    assert np.array_equal(forced.codes, narrow.codes.astype(np.uint32))


def test_a_small_box_in_a_fresh_process_imports_no_compiler() -> None:
    # 10 x 10 (184,756 diagrams): the numpy engine, numba never imported
    script = (
        "import sys\n"
        "from grundy.solve.chomp_engine import solve_box\n"
        "box = solve_box(10, 10)\n"
        "print(box.grundy_value((10,) * 10), 'numba' in sys.modules, box.codes.dtype)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["19", "False", "uint32"], done.stderr


@pytest.mark.parametrize(
    ("side", "loaded", "engine"),
    [(10, False, "numpy"), (10, True, "kernel"), (11, False, "kernel"), (11, True, "kernel")],
)
def test_which_engine_values_a_box(monkeypatch, side: int, loaded: bool, engine: str) -> None:
    assert box_size(10, 10) <= NUMPY_BOX_LIMIT < box_size(11, 11)
    called = []
    monkeypatch.setattr(chomp_engine, "compiler_loaded", lambda: loaded)
    monkeypatch.setattr(chomp_engine, "compiler_available", lambda: True)
    monkeypatch.setattr(chomp_engine, "solve_box_numpy", lambda h, w: called.append("numpy"))
    monkeypatch.setattr(chomp_engine, "solve_box_kernel", lambda h, w: called.append("kernel"))
    solve_box(side, side)
    assert called == [engine]


def test_without_numba_every_box_goes_to_numpy(monkeypatch) -> None:
    called = []
    monkeypatch.setattr(chomp_engine, "compiler_loaded", lambda: False)
    monkeypatch.setattr(chomp_engine, "compiler_available", lambda: False)
    monkeypatch.setattr(chomp_engine, "solve_box_numpy", lambda h, w: called.append("numpy"))
    solve_box(12, 12)
    assert called == ["numpy"]


def test_box_memory_is_known_up_front() -> None:
    assert box_bytes(14, 14) < 100 * 2**20  # 2 bytes a position, plus small tables
    assert box_bytes(14, 14) >= 2 * box_size(14, 14)
    assert box_bytes(15, 15) <= MAX_BOX_BYTES < box_bytes(16, 16)


@pytest.mark.slow
def test_fourteen_box_fits_in_400_mib() -> None:
    script = (  # VmHWM (not ru_maxrss, which may be the parent's) is reset at exec
        "from pathlib import Path; from grundy.solve.chomp_engine import solve_box\n"
        "box = solve_box(14, 14)\n"
        "peak = [int(line.split()[1]) for line in Path('/proc/self/status').read_text()"
        ".splitlines() if line.startswith('VmHWM:')][0]\n"
        "print(box.grundy_value((14,) * 14), box.codes.itemsize, peak // 1024)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    value, itemsize, peak_mib = (int(word) for word in done.stdout.split())
    assert (value, itemsize) == (29, 2)  # value as in bench/chomp_rectangles.md (C-checked)
    assert peak_mib < 400
