"""Jupyter displays: well-formed, small, and drawing what the solver found."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings

from grundy import Status, Verdict, check_file, chomp, hackenbush, kayles, nim, take_away, wythoff
from grundy.display import position_svg, results_html, sequence_svg, verdict_html
from grundy.display.svg import chomp_svg, heaps_svg
from grundy.games import create_game
from grundy.palette import ACCENT, P_FILL
from grundy.solve import Solver
from grundy.strategies import covered_games, games_and_positions

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def shapes(svg: str, tag: str, colour: str | None = None) -> list[ET.Element]:
    found = parse(svg).iter(SVG + tag)
    return [e for e in found if colour is None or e.get("fill") == colour]


def test_heaps_are_counters_with_the_counters_taken_marked() -> None:
    svg = heaps_svg([3, 4, 5], taken={0: 2})  # take 2 from heap 1 (3 -> 1)
    assert len(shapes(svg, "circle")) == 12
    assert len(shapes(svg, "circle", ACCENT)) == 2
    tops = sorted(float(c.get("cy", 0)) for c in shapes(svg, "circle") if c.get("cx") == "20.0")
    assert sorted(float(c.get("cy", 0)) for c in shapes(svg, "circle", ACCENT)) == tops[:2]
    chips = heaps_svg([21], taken={0: 1})  # the take-away start: counters, not a bar
    assert len(shapes(chips, "circle")) == 21 and not shapes(chips, "rect")
    assert len(shapes(chips, "circle", ACCENT)) == 1
    assert len(heaps_svg([10**30])) < 1000  # a huge heap is a bar with its size


def test_chomp_board_squares_and_bites() -> None:
    svg = chomp_svg([4, 4, 4], [(1, 1)])
    assert len(shapes(svg, "rect")) == 12
    assert len(shapes(svg, "rect", "#f4d6c6")) == 6  # the bite at (1, 1) eats a 2x3 block
    assert len(shapes(svg, "circle")) == 1


def test_a_solution_draws_the_winning_moves_the_solver_found() -> None:
    html = chomp(4, 4, 4).solve()._repr_html_()
    assert "bite (2,3)" in html or "bite" in html
    assert "winning moves (1)" in html
    svg = position_svg(
        create_game("chomp"), (4, 4, 4), [m.to for m in chomp(4, 4, 4).solve().winning_moves]
    )
    assert len(shapes(svg, "circle")) == 1
    nim_html = nim(3, 4, 5).solve()._repr_html_()
    assert "*2" in nim_html and "leaving (1,4,5)" in nim_html


def test_every_kind_of_position_draws_itself_as_valid_svg() -> None:
    for position in [
        nim(3, 4, 5),
        kayles(9),
        chomp(3, 2, 1),
        hackenbush("0-1,1-2,2-0,2-3,3-3"),
        wythoff(3, 5),
    ]:
        html = position._repr_html_()
        start = html.index("<svg")
        parse(html[start : html.index("</svg>") + 6])
        assert len(html) < 8000


def test_wythoff_board_shades_the_solvers_p_positions() -> None:
    svg = position_svg(create_game("wythoff"), (4, 6))
    # Wythoff's P-positions (floor(k·phi), floor(k·phi²)) and their mirrors below 8:
    # (0,0), (1,2), (2,1), (3,5), (5,3), (4,7), (7,4)
    assert len(shapes(svg, "rect", P_FILL)) == 7


def test_sum_pictures_sit_side_by_side() -> None:
    html = (nim(2) + chomp(2, 2) + hackenbush("0-1")).solve()._repr_html_()
    assert html.count("<svg") == 3 and html.count(">+<") == 2


def test_sequence_plot_marks_the_period() -> None:
    values = kayles.sequence(100)
    html = values._repr_html_()
    assert "period 12 from n = 71" in html
    svg = sequence_svg(list(values.values), None, None)
    assert "period" not in svg
    assert len(shapes(svg, "circle")) == 101
    assert "period 4" in take_away.sequence(20)._repr_html_()


def test_verdicts_and_results_as_tables() -> None:
    verdict = Verdict(Status.REFUTED, "exhaustive", "bounded: a <= 3", 4, {"a": 2, "grundy": 0})
    html = verdict_html(verdict)
    assert "refuted" in html and "a = 2, grundy = 0" in html and "bounded: a &lt;= 3" in html
    assert verdict._repr_html_() == html
    results = check_file("examples/misere_nim.toml")
    table = results._repr_html_()
    assert table == results_html(results)
    assert table.count("<tr>") == len(results) + 1
    assert f"{len(results)} of {len(results)} as expected" in table
    one = results[0]._repr_html_()
    assert one.startswith("<table>")


def test_a_refuted_claim_draws_its_counterexample_position() -> None:
    from grundy import claim

    result = claim(
        "outcome == 'N'", game="chomp", vars=["a"], range={"a": [1, 4]}, position="[a, a - 1]"
    )
    assert result.verdict.status is Status.REFUTED
    assert "<svg" in result._repr_html_()


# Lucky Nim has no move graph (a turn is a simultaneous choice), so no solution to draw;
# the loopy games are valued by the loopy theory, which the exact solver is not.
LOOPY = {"digraph", "fair-shares"}


@pytest.mark.parametrize("name", sorted(covered_games() - {"lucky-nim"} - LOOPY))
def test_every_catalogue_game_displays_its_solution(name: str) -> None:
    @settings(max_examples=5, deadline=None)
    @given(games_and_positions(name, size=4))
    def check(drawn) -> None:
        rules, position = drawn
        html = Solver(rules).analyse(position)._repr_html_()
        assert "outcome" in html
        for start in [i for i in range(len(html)) if html.startswith("<svg", i)]:
            parse(html[start : html.index("</svg>", start) + 6])

    check()


def test_the_exact_solver_refuses_a_loopy_game_rather_than_value_it() -> None:
    from grundy.errors import GameNotFiniteError
    from grundy.games.catalogue import create_game

    with pytest.raises(GameNotFiniteError, match="reached from itself"):
        Solver(create_game("digraph", {"edges": "0>1,1>0"})).analyse((0,))


def test_a_counterexample_in_a_sum_of_games_is_drawn_part_by_part() -> None:
    from grundy import claim

    result = claim(
        "grundy == a",
        game=["nim", "kayles"],
        position="[[a], [k]]",
        vars=["a", "k"],
        range={"a": [0, 3], "k": [0, 3]},
    )
    assert result.verdict.counterexample["position"] == [[0], [1]]
    assert result._repr_html_().count("<svg") == 2


def test_two_heap_tables_are_grids_of_values_with_p_positions_shaded() -> None:
    table = nim.table(7, 7)
    svg = table._repr_html_()
    svg = svg[svg.index("<svg") : svg.index("</svg>") + 6]
    assert len(shapes(svg, "rect")) == 64
    assert len(shapes(svg, "rect", P_FILL)) == 8  # the diagonal a = b
    # Each square shows a ⊕ b (handout 17, exercise 1), read off the picture.
    texts = [t for t in parse(svg).iter(SVG + "text") if t.get("class") != "axis-label"]
    shown = [int(t.text or "") for t in texts if t.get("font-size") == "10"]
    labels = [t.text for t in parse(svg).iter(SVG + "text") if t.get("class") == "axis-label"]
    assert labels == ["the first heap", "the second heap"]  # the axes say what they count
    assert sorted(shown) == sorted(a ^ b for a in range(8) for b in range(8))
    assert wythoff.table(5, 5).p_positions == ((0, 0), (1, 2), (2, 1), (3, 5), (5, 3))


def test_other_tables_print_their_p_positions() -> None:
    table = chomp.table(2, 2)
    assert "P-positions: (1), (2,1)" in repr(table)
    assert "<svg" not in table._repr_html_()
    assert nim.table(2, 2, misere=True).p_positions == ((0, 1), (1, 0), (2, 2))


def test_chomp_is_drawn_as_the_slides_draw_it_poisoned_square_bottom_left() -> None:
    import re

    # two rows: 3 squares in row 1 (the poisoned square's), 1 in row 2 above it
    svg = chomp_svg([3, 1])
    rects = [
        (float(x), float(y), fill)
        for x, y, fill in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)"[^>]*fill="([^"]+)"', svg)
    ]
    poisoned = [r for r in rects if r[2] != "#8d5a3b"]
    assert len(poisoned) == 1
    lowest = max(y for _, y, _ in rects)  # SVG's y grows downwards
    assert poisoned[0][0] == min(x for x, _, _ in rects) and poisoned[0][1] == lowest
    top_row = [r for r in rects if r[1] < lowest]
    assert len(top_row) == 1 and top_row[0][0] == poisoned[0][0]  # row 2 sits above (1,1)
    html = position_svg(create_game("chomp"), (3, 1))
    assert "poisoned square (1,1), at the bottom left" in html


def test_a_hackenbush_triangle_stands_on_one_point_and_a_house_on_two_walls() -> None:
    from grundy.display.geometry import hackenbush_layout

    _, triangle = hackenbush_layout([(0, 1), (1, 2), (2, 0)])
    feet = {start for start, _ in triangle if start[1] == 0}
    assert len(feet) == 1  # both edges from the ground meet there: a triangle
    _, house = hackenbush_layout([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)])
    assert len({start for start, _ in house if start[1] == 0}) == 2  # its walls stand apart
