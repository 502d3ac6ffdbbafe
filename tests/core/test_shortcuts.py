"""The short API (``from grundy import nim, kayles, chomp``) against the plain solver."""

import pytest

import grundy
from grundy import (
    Outcome,
    Solver,
    chomp,
    claim,
    create_game,
    dawsons_kayles,
    game,
    hackenbush,
    kayles,
    nim,
    octal,
    subtraction,
    take_away,
    wythoff,
)
from grundy.errors import InvalidPositionError, UnknownGameError
from grundy.verdict import Status


def test_positions_read_like_the_mathematics() -> None:
    assert nim(3, 4, 5).value == 2
    assert nim(3, 4, 5).outcome is Outcome.N
    assert nim(1, 2, 3).outcome is Outcome.P
    assert nim(3, 4, 5).winning_moves == (nim(1, 4, 5),)
    assert set(nim(2).moves) == {nim(0), nim(1)}
    assert nim(1, 1).misere_outcome is Outcome.N


@pytest.mark.parametrize(
    ("position", "name", "params", "value"),
    [
        (kayles(7), "kayles", {}, (7,)),
        (dawsons_kayles(9), "dawsons-kayles", {}, (9,)),
        (chomp(4, 4, 4), "chomp", {}, (4, 4, 4)),
        (wythoff(3, 5), "wythoff", {}, (3, 5)),
        (take_away(21), "take-away", {}, (21,)),
        (subtraction(1, 4)(10), "subtraction", {"set": [1, 4]}, (10,)),
        (octal("0.137")(11), "octal", {"code": "0.137"}, (11,)),
        (game("moore-nim", k=2)(3, 4, 5), "moore-nim", {"k": 2}, [3, 4, 5]),
    ],
)
def test_values_and_outcomes_are_the_solvers(position, name, params, value) -> None:
    rules = create_game(name, params)
    solver = Solver(rules)
    expected = rules.from_value(value)
    assert position.game == rules
    assert position.outcome is solver.outcome(expected)
    if rules.reports_grundy:
        assert position.value == solver.grundy_value(expected)
    assert {m.position for m in position.winning_moves} == {
        m.to for m in solver.winning_moves(expected)
    }


def test_sums_of_different_games_follow_the_sprague_grundy_rule() -> None:
    total = nim(3) + kayles(5) + chomp(3, 3)
    assert total.value == 3 ^ kayles(5).value ^ chomp(3, 3).value
    assert repr(total) == "nim(3) + kayles(5) + chomp(3, 3)"
    for move in total.winning_moves:
        assert move.value == 0
    assert (nim(2) + nim(2)).outcome is Outcome.P


def test_repr_reads_back() -> None:
    names = vars(grundy)
    for position in [
        nim(1, 4, 5),
        kayles(6),
        chomp(3, 2),
        hackenbush("0-1,1-2,2-0"),
        wythoff(2, 1),
    ]:
        assert eval(repr(position), names) == position


def test_hackenbush_from_edges() -> None:
    # A triangle standing on the ground on two feet fuses to a loop: *1 (the fusion principle).
    assert hackenbush("0-1,0-2,1-2").value == 1
    assert hackenbush("0-1,1-2,2-3").value == 3  # a snake of three edges is *3


def test_sequences_know_their_period() -> None:
    values = kayles.sequence(200)
    assert [values[n] for n in range(5)] == [0, 1, 2, 3, 1]
    assert (values.period, values.preperiod, values.certified) == (12, 71, True)
    assert len(values) == 201
    assert take_away.sequence(11).period == 4
    with pytest.raises(Exception, match="not a heap game"):
        chomp.sequence(5)


def test_solve_gives_descriptions_and_misere_outcomes() -> None:
    solution = take_away(21).solve(misere=True)
    assert solution.outcome is Outcome.P  # 21 = 4·5 + 1: the first player loses in misère
    assert solution.value is None
    normal = take_away(21).solve()
    assert normal.value == 1
    assert [move.description for move in normal.winning_moves] == [
        "take 1 from the heap (21 -> 20)"
    ]
    assert "take 1" in repr(normal)


def test_claims_in_a_line() -> None:
    result = claim(
        "(outcome == 'P') == (a ^ b == 0)", vars=["a", "b"], range={"a": [0, 7], "b": [0, 7]}
    )
    assert result.verdict.status is Status.PROVED
    wrong = claim("grundy == n % 3", game="kayles", vars=["n"], range={"n": [0, 20]})
    assert wrong.verdict.status is Status.REFUTED
    assert wrong.verdict.counterexample["n"] == 3
    bad = claim("grundy == x", vars=["n"], range={"n": [0, 2]})
    assert bad.verdict.status is Status.ERROR
    assert "unknown name 'x'" in bad.verdict.message


def test_bad_input() -> None:
    with pytest.raises(InvalidPositionError):
        nim(-1)
    with pytest.raises(InvalidPositionError):
        chomp(2, 3)  # rows must not increase
    with pytest.raises(UnknownGameError):
        game("kayls")


def test_large_heaps_of_octal_games_are_looked_up_not_searched() -> None:
    import time

    start = time.perf_counter()
    values = kayles.sequence(3000)
    assert kayles(3000).value == values[3000]
    assert kayles(2999, 3000).value == values[2999] ^ values[3000]
    assert time.perf_counter() - start < 20  # the plain search takes minutes (README)
