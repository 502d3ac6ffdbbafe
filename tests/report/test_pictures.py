"""Figures: positions drawn from solver data, rendered reproducibly."""

import re

import pytest

from grundy.display.geometry import hackenbush_layout
from grundy.report.counterexamples import counterexample_figure
from grundy.report.document import Figure
from grundy.report.pictures import (
    ACCENT,
    ChompBoard,
    HackenbushPicture,
    StripRow,
    chomp_bite,
    chomp_figure,
    hackenbush_figure,
    heaps_figure,
    strip_figure,
)
from grundy.report.render import FigureRenderer, render_pdf, render_svg


def test_chomp_bite_is_recovered_from_the_position_before_and_after() -> None:
    assert chomp_bite((4, 4, 4, 4), (4, 1, 1, 1)) == (1, 1)  # the slides' bite (2,2)
    assert chomp_bite((3, 3), (3,)) == (1, 0)  # the whole second row
    assert chomp_bite((5, 2), (4, 2)) == (0, 4)
    with pytest.raises(ValueError, match="no bite"):
        chomp_bite((3, 3), (3, 3))


def test_hackenbush_layout_stands_pictures_on_the_ground() -> None:
    place, segments = hackenbush_layout([(0, 1), (1, 2), (2, 0)])
    assert place[1][1] == 1.0 and place[2][1] == 1.0  # both touch the ground
    feet = [start for start, _ in segments if start[1] == 0.0]
    assert len(feet) == 2 and len(set(feet)) == 1, "a triangle, not a square arch"
    _, segments = hackenbush_layout([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)])
    feet = [start for start, _ in segments if start[1] == 0.0]
    assert len(feet) == 2 and len(set(feet)) == 2, "a house: a foot under each wall"
    place, _ = hackenbush_layout([(0, 1), (1, 2), (2, 3)])
    assert [place[v][1] for v in (1, 2, 3)] == [1.0, 2.0, 3.0]


def test_svg_is_reproducible_and_ids_are_prefixed_per_figure() -> None:
    one = heaps_figure("one", "c", [3, 4, 5])
    two = heaps_figure("two", "c", [3, 4, 5])
    assert render_svg(one) == render_svg(one)
    ids_one = set(re.findall(r'id="([^"]+)"', render_svg(one)))
    ids_two = set(re.findall(r'id="([^"]+)"', render_svg(two)))
    assert ids_one and ids_two and not ids_one & ids_two
    assert all(i.startswith("one-") for i in ids_one)
    assert "<metadata>" not in render_svg(one) and "Date" not in render_svg(one)


def test_pdf_is_reproducible() -> None:
    figure = strip_figure("strip", "c", [StripRow("normal", (True, False, False))], mark=1)
    assert render_pdf(figure) == render_pdf(figure)


def test_renderer_draws_each_figure_once() -> None:
    calls = []
    figure = heaps_figure("h", "c", [1, 2])
    counted = type(figure)(figure.name, figure.caption, figure.alt, lambda f: calls.append(f))
    renderer = FigureRenderer()
    renderer.svg(counted)
    renderer.svg(counted)
    assert len(calls) == 1


def test_board_and_picture_figures_render() -> None:
    chomp = chomp_figure("c", "cap", [ChompBoard((4, 4, 4, 4), ((1, 1),), "4×4")])
    hack = hackenbush_figure("h", "cap", [HackenbushPicture(((0, 1), (1, 2), (1, 1)), 2, "t")])
    for figure in (chomp, hack):
        assert render_svg(figure).startswith("<svg")


def test_counterexamples_are_drawn_as_positions_of_their_game() -> None:
    # Integers that are not a position (a lemma's bits, a value) are never drawn as heaps.
    assert counterexample_figure("t", "nim", {"o": 2, "h": 1}) is None
    given = counterexample_figure("t", "subtraction --set 1,2", {"position": [5, 2]})
    assert given is not None and given.alt == "heaps of sizes 5, 2"
    pins = counterexample_figure("t", "kayles", {"position": [3, 5]})  # pins, not heaps
    assert pins is not None and pins.alt == "rows of 3, 5 pins"
    board = counterexample_figure("t", "chomp", {"position": [3, 3, 1]})
    assert board is not None and "rows of 3, 3, 1 squares" in board.alt
    bites = counterexample_figure(
        "t", "chomp", {"position": [4, 4], "winning bites": ["bite (1,3)", "bite (2,2)"]}
    )
    # the alt text counts squares from 1, as the text does: the bites it was given
    assert bites is not None and "winning bites: (1, 3), (2, 2)" in bites.alt
    loops = counterexample_figure("t", "hackenbush", {"edges": "0-0,0-0"})
    assert loops is not None and loops.alt == "a picture with edges 0-0, 0-0"
    picture = counterexample_figure("t", "hackenbush", {"edges": "0-1,1-2"})
    assert picture is not None and "edges 0-1, 1-2" in picture.alt
    # Nothing to draw: no game, values that are not a position, or a huge position.
    assert counterexample_figure("t", None, {"x": "P"}) is None
    assert counterexample_figure("t", "nim", {"a": 1, "outcome": "N"}) is None
    assert counterexample_figure("t", "nim", {"position": list(range(40))}) is None


def test_two_loops_at_one_vertex_are_two_circles_and_boards_share_one_scale() -> None:
    from matplotlib.figure import Figure as MplFigure
    from matplotlib.patches import Circle

    from grundy.report.pictures import ChompBoard, chomp_figure

    figure = counterexample_figure("t", "hackenbush", {"edges": "0-0,0-0"})
    assert figure is not None
    canvas = MplFigure(figsize=figure.size)
    figure.draw(canvas)
    radii = sorted(
        p.get_radius() for p in canvas.axes[0].patches if isinstance(p, Circle) and not p.fill
    )
    assert len(radii) == 2 and radii[0] < radii[1]
    boards = chomp_figure("b", "", [ChompBoard((2, 2)), ChompBoard((5, 5, 5, 5, 5))])
    canvas = MplFigure(figsize=boards.size)
    boards.draw(canvas)
    canvas.canvas.draw()
    small, large = canvas.axes
    # One square has the same size on the page in both panels.
    unit = [ax.get_window_extent().height / (ax.get_ylim()[1] - ax.get_ylim()[0]) for ax in
            (small, large)]  # fmt: skip
    assert abs(unit[0] - unit[1]) < 1e-6 * unit[1] + 0.5


def _counter_colours(figure: Figure) -> list[tuple[float, float, str]]:
    """(x, y, colour) of each counter a heaps figure draws."""
    from matplotlib.colors import to_hex
    from matplotlib.figure import Figure as Canvas
    from matplotlib.patches import Circle

    canvas = Canvas()
    figure.draw(canvas)
    circles = [p for p in canvas.axes[0].patches if isinstance(p, Circle)]
    return [(c.center[0], c.center[1], to_hex(c.get_facecolor())) for c in circles]


def test_a_move_colours_only_the_counters_it_takes() -> None:
    # take 2 from heap 1 (3 -> 1): the top two counters of the first heap, nothing else
    counters = _counter_colours(heaps_figure("h", "c", [3, 4, 5], taken={0: 2}))
    assert len(counters) == 12
    coloured = sorted((x, y) for x, y, colour in counters if colour == ACCENT)
    first_heap = sorted((x, y) for x, y, _ in counters if x == counters[0][0])
    assert coloured == sorted(first_heap, key=lambda p: p[1])[-2:]


def test_twenty_one_chips_are_counters_in_two_columns_not_a_bar() -> None:
    counters = _counter_colours(heaps_figure("h", "c", [21], taken={0: 1}))
    assert len(counters) == 21 and len({x for x, _, _ in counters}) == 2
    assert [colour for *_, colour in counters].count(ACCENT) == 1


def test_chomp_figures_put_the_poisoned_square_bottom_left_as_the_slides_do() -> None:
    from matplotlib.figure import Figure as MplFigure

    from grundy.report.pictures import ChompBoard, chomp_figure

    figure = chomp_figure("c", "caption", [ChompBoard((3, 1), ((1, 0),), "")])
    canvas = MplFigure(figsize=figure.size)
    figure.draw(canvas)
    ax = canvas.axes[0]
    low, high = ax.get_ylim()
    assert low < high  # row 1 (y = 0) at the bottom, rows going up
    assert "bottom left" in figure.alt
