"""Chomp's Z3 arguments record how they ran (engine, seed) and, when the square mirror
fails, the line of play where it breaks, replayable by the game's own rules."""

import pytest

from grundy.games.chomp import Chomp
from grundy.theory.chomp import prove_square_mirror, prove_strategy_stealing
from grundy.verdict import Status

TIMEOUT = 30_000

RUNS = [
    pytest.param(lambda **kw: prove_strategy_stealing(**kw), id="stealing-proved"),
    pytest.param(lambda **kw: prove_strategy_stealing("next-to-poison", **kw), id="stealing-wrong"),
    pytest.param(lambda **kw: prove_square_mirror((2, 2), **kw), id="mirror-proved"),
    pytest.param(lambda **kw: prove_square_mirror((1, 2), **kw), id="mirror-wrong"),
]


@pytest.mark.parametrize("run", RUNS)
def test_the_verdict_names_z3_and_the_seed_it_was_asked_for(run):
    # reports group verdicts by engine, and a stated seed must be the one the run used
    verdict = run(timeout_ms=TIMEOUT, seed=7)
    assert verdict.status in (Status.PROVED, Status.REFUTED)
    assert verdict.method == "z3"
    assert verdict.details["seed"] == 7


@pytest.mark.parametrize("run", RUNS)
def test_without_a_seed_the_run_is_the_one_of_seed_0(run):
    # 0 is the default seed of every prover and of the library's settings, so a report
    # made without a seed is reproduced by asking for seed 0
    default, zero = run(timeout_ms=TIMEOUT), run(timeout_ms=TIMEOUT, seed=0)
    assert default.details["seed"] == zero.details["seed"] == 0
    assert default.counterexample == zero.counterexample


@pytest.mark.parametrize("opening", [(1, 2), (2, 1)])
def test_a_wrong_opening_reports_a_replayable_failing_line(opening):
    verdict = prove_square_mirror(opening, timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    example = verdict.counterexample
    side = example["n"]
    line = example["failing line"]
    chomp = Chomp()
    # the line starts on the full square and each step is one legal bite
    position = (side,) * side
    assert line[0] == chomp.format(position)
    for shown in line[1:]:
        options = {chomp.format(option): option for option in chomp.moves(position)}
        assert shown in options, (shown, sorted(options))
        position = options[shown]
    # it ends with the strategy's player to move (even index) and no bite left
    assert len(line) % 2 == 1
    assert list(chomp.moves(position)) == []
    assert example["why"]
