"""A conjunction of proved parts records each part's time (to the millisecond) and the
total, for the run record."""

from grundy.verdict import Status, Verdict
from grundy.verify.z3_checks import all_proved


def test_a_proved_conjunction_lists_the_time_of_each_part():
    parts = [
        Verdict(Status.PROVED, "z3", "bounded: x < 2^8", seconds=0.1234),
        Verdict(Status.PROVED, "z3", "bounded: x < 2^8", seconds=2.5),
        Verdict(Status.PROVED, "z3", "bounded: x < 2^8", seconds=0.0006),
    ]
    verdict = all_proved(parts, scope="bounded: x < 2^8")
    assert verdict.status is Status.PROVED
    assert verdict.scope == "bounded: x < 2^8"
    assert verdict.details["parts_seconds"] == [0.123, 2.5, 0.001]
    assert abs(verdict.seconds - (0.1234 + 2.5 + 0.0006)) < 1e-9
