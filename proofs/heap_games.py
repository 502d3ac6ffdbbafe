"""Heap games: Grundy's game, Kayles, Dawson's Kayles, subtraction games, fast engines.

Periodicity claims "G(n + p) = G(n) for every n >= n0" are decided in two steps.  First
every computed n from n0 up to what the theorem needs is compared (in increasing order,
so a failure is the least counterexample); then, if all agree, a periodicity
certificate (Guy-Smith for octal codes, the window argument for subtraction sets) is
built and re-verified by the independent checker of ``grundy.certify.periodicity_check``,
which checks every value against the rules.  Only an accepted certificate proves the
claim for every n; Grundy's game has no such theorem, so a period claimed for it can be
refuted but never proved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from grundy.certify.periodicity import build_certificate, period_report
from grundy.certify.periodicity_check import check_certificate
from grundy.declare import Declaration, Section, listing, mutant, section, theorem
from grundy.games import SubtractionGame, create_game
from grundy.games.base import Game
from grundy.games.octal import OctalGame
from grundy.library import CheckSettings
from grundy.solve.heap_sequences import rules_of, sparse_grundy_sequence
from grundy.solve.lemmas import cache_with_lemmas
from grundy.solve.sequence import grundy_sequence, plain_grundy_sequence
from grundy.solve.solver import Solver
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.exhaustive import check_exhaustive, integer_cases

GRUNDY_SOURCE = "001 Legner, Grundy's game"
KAYLES_SOURCE = "beyond the notes: Kayles period 12 (Guy and Smith 1956; Winning Ways ch. 4)"
DAWSON_SOURCE = "beyond the notes: Dawson's Kayles period 34 (Guy and Smith 1956)"
SUBTRACTION_SOURCE = "beyond the notes: subtraction-game periodicity (generalises 000 take-away)"
ENGINE_SOURCE = "beyond the notes: fast heap-sequence engine (001 Grundy values by mex)"
TAGS = ("heap-games", "periodicity")

# Legner (seed 001): the first values of Grundy's game, for heaps n = 1, 2, ..., 10.
GRUNDY_FIRST_VALUES = (0, 0, 1, 0, 2, 1, 0, 2, 1, 0)
# A plausible slip: the 8th and 9th values swapped.
GRUNDY_WRONG_VALUES = (0, 0, 1, 0, 2, 1, 0, 1, 2, 0)
# Another: the first three values taken for a period.
GRUNDY_PERIOD_3_VALUES = (0, 0, 1, 0, 0, 1, 0, 0, 1, 0)


def _first_values(expected: Sequence[int]) -> Callable[[CheckSettings], Verdict]:
    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(create_game("grundys-game"))

        def holds(case: dict[str, int]) -> bool:
            return solver.grundy_value((case["n"],)) == expected[case["n"] - 1]

        def explain(case: dict[str, int]) -> dict[str, Any]:
            n = case["n"]
            return {
                "G(n)": Solver(create_game("grundys-game")).grundy_value((n,)),
                "claimed": expected[n - 1],
            }

        return check_exhaustive(
            integer_cases({"n": (1, len(expected))}),
            holds,
            scope=f"bounded: 1 <= n <= {len(expected)}",
            method="exhaustive",
            recheck=lambda case: (
                plain_grundy_sequence(create_game("grundys-game"), case["n"])[case["n"]]
                == expected[case["n"] - 1]
            ),
            explain=explain,
        )

    return check


def _periodic_claim(
    game_name: str, period: int, preperiod: int
) -> Callable[[CheckSettings], Verdict]:
    """Check "G(n + period) = G(n) for every n >= preperiod, and not from preperiod - 1"."""

    def check(settings: CheckSettings) -> Verdict:
        game = create_game(game_name)
        upto = _needed(game, period, preperiod)
        values = grundy_sequence(game, upto)
        compared = upto - period
        scan = check_exhaustive(
            ({"n": n} for n in range(preperiod, compared + 1)),
            lambda case: values[case["n"] + period] == values[case["n"]],
            scope=f"bounded: {preperiod} <= n <= {compared}",
            method="exhaustive",
            recheck=lambda case: _value(game, case["n"] + period) == _value(game, case["n"]),
            explain=lambda case: {
                "G(n)": values[case["n"]],
                f"G(n+{period})": values[case["n"] + period],
            },
        )
        if scan.status is not Status.PROVED:
            return scan
        if preperiod > 0 and values[preperiod - 1 + period] == values[preperiod - 1]:
            n = preperiod - 1
            return Verdict(
                Status.REFUTED,
                "exhaustive",
                f"bounded: n = {n}",
                cases=1,
                counterexample={"n": n, "G(n)": values[n], f"G(n+{period})": values[n + period]},
                message=f"the period already holds from {n}, so {preperiod} is not least",
            )
        report = period_report(game, values)
        if isinstance(game, (OctalGame, SubtractionGame)) and report.certificate is not None:
            certificate = build_certificate(game, values, period, preperiod)
            checked = check_certificate(certificate)
            if not checked.valid:
                return Verdict(
                    Status.UNKNOWN,
                    f"periodicity-certificate ({certificate.theorem})",
                    UNBOUNDED,
                    message="certificate rejected: " + "; ".join(checked.problems),
                )
            return Verdict(
                Status.PROVED,
                f"periodicity-certificate ({certificate.theorem})",
                UNBOUNDED,
                cases=checked.values_checked,
                message=(
                    f"G(n+{period}) = G(n) for every n >= {preperiod}: a certificate with "
                    f"G(0..{certificate.last_needed}) accepted by the independent checker"
                ),
                details={"certificate": certificate.to_json(), "theorem": report.reason},
            )
        return Verdict(
            Status.UNKNOWN,
            "exhaustive",
            scan.scope,
            cases=scan.cases,
            message=f"no counterexample up to n = {compared}, and no theorem certifies "
            f"a period of {game.label}: {report.reason}",
        )

    return check


def _short_certificate(game_name: str, period: int, preperiod: int) -> Callable[..., Verdict]:
    """Mutant: the period certified from the values up to two periods past the preperiod,
    as if agreement over one period proved it.  Only the checker can object: every value
    handed over is right."""

    def check(settings: CheckSettings) -> Verdict:
        game = create_game(game_name)
        values = grundy_sequence(game, _needed(game, period, preperiod))
        certificate = build_certificate(game, values, period, preperiod).to_json()
        certificate["values"] = certificate["values"][: preperiod + 2 * period + 1]
        method = f"periodicity-certificate ({certificate['theorem']})"
        checked = check_certificate(certificate)
        if checked.valid:
            return Verdict(
                Status.PROVED,
                method,
                UNBOUNDED,
                cases=checked.values_checked,
                message="certificate accepted by the independent checker",
            )
        return Verdict(
            Status.REFUTED,
            method,
            UNBOUNDED,
            counterexample={
                "values handed over": f"G(0..{len(certificate['values']) - 1})",
                "checker": checked.problems[0],
            },
            message="the independent checker rejects the certificate: "
            + "; ".join(checked.problems),
        )

    return check


def _needed(game: Game, period: int, preperiod: int) -> int:
    """How far to compute: what a certificate needs, and at least a few periods."""
    if isinstance(game, OctalGame):
        start = max(preperiod, 1)
        return max(2 * start + 2 * period + game.max_take - 1, preperiod + 4 * period)
    if isinstance(game, SubtractionGame):
        return preperiod + max(game.subtraction_set) + 2 * period
    return max(200, preperiod + 20 * period)


def _value(game: Game, heap: int) -> int:
    return Solver(game).grundy_value((heap,))


@cache
def _subtraction_sets() -> tuple[tuple[int, ...], ...]:
    """Every non-empty subset of {1, 2, 3, 4}, by largest element, then as written."""
    subsets = [tuple(s for s in range(1, 5) if mask >> (s - 1) & 1) for mask in range(1, 16)]
    return tuple(sorted(subsets, key=lambda subset: (max(subset), subset)))


def _subtraction_periodicity(settings: CheckSettings) -> Verdict:
    sets = _subtraction_sets()

    def holds(case: dict[str, int]) -> bool:
        game = SubtractionGame(list(sets[case["index"]]))
        report = period_report(game, grundy_sequence(game, 60))
        return report.certificate is not None and check_certificate(report.certificate).valid

    verdict = check_exhaustive(
        integer_cases({"index": (0, len(sets) - 1)}),
        holds,
        scope=UNBOUNDED,
        method="periodicity-certificate (subtraction-window)",
        explain=lambda case: {"set": list(sets[case["index"]])},
    )
    if verdict.status is Status.PROVED:
        return Verdict(
            Status.PROVED,
            verdict.method,
            UNBOUNDED,
            cases=verdict.cases,
            message=f"all {len(sets)} sets S within {{1,2,3,4}} have a certified period, "
            "accepted by the independent checker",
        )
    return verdict


def _period_is_max_plus_one(settings: CheckSettings) -> Verdict:
    sets = _subtraction_sets()

    def period_of(index: int) -> int | None:
        game = SubtractionGame(list(sets[index]))
        return period_report(game, grundy_sequence(game, 60)).period

    return check_exhaustive(
        integer_cases({"index": (0, len(sets) - 1)}),
        lambda case: period_of(case["index"]) == max(sets[case["index"]]) + 1,
        scope=f"bounded: the {len(sets)} sets S within {{1,2,3,4}}",
        method="periodicity-certificate (subtraction-window)",
        explain=lambda case: {
            "set": list(sets[case["index"]]),
            "period": period_of(case["index"]),
            "claimed": max(sets[case["index"]]) + 1,
        },
    )


def _window_max_plus_one(settings: CheckSettings) -> Verdict:
    """Mutant: every set's period max(S) + 1 from 0, certified by the window theorem."""
    sets = _subtraction_sets()

    def certificate(index: int) -> Any:
        game = SubtractionGame(list(sets[index]))
        period = max(sets[index]) + 1
        values = grundy_sequence(game, _needed(game, period, 0))
        return build_certificate(game, values, period, 0)

    return check_exhaustive(
        integer_cases({"index": (0, len(sets) - 1)}),
        lambda case: check_certificate(certificate(case["index"])).valid,
        scope=UNBOUNDED,
        method="periodicity-certificate (subtraction-window)",
        explain=lambda case: {
            "set": list(sets[case["index"]]),
            "checker": "; ".join(check_certificate(certificate(case["index"])).problems),
        },
    )


def _engine_cases(settings: CheckSettings) -> tuple[int, Any]:
    largest = 10 if settings.quick else 16
    ranges = {"d0": (0, 1), "d1": (0, 7), "d2": (0, 7), "n": (0, largest)}
    return largest, integer_cases(ranges)


@cache
def _fast(code: str, upto: int) -> tuple[int, ...]:
    return tuple(sparse_grundy_sequence(rules_of(OctalGame(code)), upto))


@cache_with_lemmas  # the plain solver values split heaps by the sum rule
def _plain(code: str, upto: int) -> tuple[int, ...]:
    return tuple(plain_grundy_sequence(OctalGame(code), upto))


def _code(case: dict[str, int], before: int | None = None) -> str:
    first = 4 * case["d0"] if before is None else before
    return f"{first}.{case['d1']}{case['d2']}"


def _engine_agrees(settings: CheckSettings) -> Verdict:
    largest, cases = _engine_cases(settings)
    return check_exhaustive(
        cases,
        lambda c: _fast(_code(c), largest)[c["n"]] == _plain(_code(c), largest)[c["n"]],
        scope=f"bounded: codes d0.d1d2 with d0 in {{0,4}}, d1, d2 <= 7; heaps n <= {largest}",
        method="exhaustive",
        explain=lambda c: {
            "fast": _fast(_code(c), largest)[c["n"]],
            "plain": _plain(_code(c), largest)[c["n"]],
        },
    )


def _split_digit_irrelevant(settings: CheckSettings) -> Verdict:
    """The engine check of :func:`_engine_agrees`, with the fast engine handed the code
    without its first digit (an engine that ignores splitting without taking)."""
    largest, cases = _engine_cases(settings)
    return check_exhaustive(
        (c for c in cases if c["d0"] == 1),
        lambda c: _fast(_code(c, 0), largest)[c["n"]] == _plain(_code(c), largest)[c["n"]],
        scope=f"bounded: codes 4.d1d2 with d1, d2 <= 7; heaps n <= {largest}",
        method="exhaustive",
        explain=lambda c: {
            "fast, with 0.": _fast(_code(c, 0), largest)[c["n"]],
            "plain, with 4.": _plain(_code(c), largest)[c["n"]],
        },
    )


def _octal_period(
    game: str, name: str, code: str, period: int, preperiod: int, source: str, *notes: str
) -> list[Section | Declaration]:
    """An octal game's period as a theorem proved by certificate, with its two mutants:
    the period one less, and the certificate cut short two periods past the preperiod.
    ``notes`` adds words to the theorem's title and to the off-by-one mutant's."""
    title_note, slip_note = (*notes, "", "")[:2]
    where = f"In {name} (octal {code}), "
    law = r"\mathcal{G}(n+%d) = \mathcal{G}(n)"
    every = rf" \text{{ for all }} n \ge {preperiod}"
    values = preperiod + 2 * period
    return [
        section(source, game=game, tags=(*TAGS, game, "certificate")),
        theorem(
            f"{game}-period-{period}",
            f"{name} has period {period}{title_note}",
            f"{where}G(n + {period}) = G(n) for every n >= {preperiod}, "
            f"and not for n = {preperiod - 1}.",
            law % period + every,
            _periodic_claim(game, period, preperiod),
        ),
        mutant(
            f"{game}-period-{period - 1}",
            f"Mutant: {name} has period {period - 1}{slip_note}",
            f"{where}G(n + {period - 1}) = G(n) for every n >= {preperiod}.",
            law % (period - 1) + every,
            _periodic_claim(game, period - 1, preperiod),
            tags=(*TAGS, game, "mutant"),
        ),
        mutant(
            f"{game}-period-{period}-short-certificate",
            f"Mutant: {name}' period follows from two periods of values",
            f"{where}the values G(0..{values}) are enough to show that G(n + {period}) = G(n) "
            f"for every n >= {preperiod}.  A certificate that stops there is accepted.",
            rf"\mathcal{{G}}(0..{values}) \text{{ certifies }} "
            + law % period
            + rf"\ (n \ge {preperiod})",
            _short_certificate(game, period, preperiod),
            tags=(*TAGS, game, "mutant", "certificate"),
        ),
    ]


THEOREMS = listing(
    section(GRUNDY_SOURCE, game="grundys-game", tags=(*TAGS, "grundys-game")),
    theorem(
        "grundys-game-first-values",
        "Grundy's game: the first values",
        "In Grundy's game a heap of n = 1, 2, ..., 10 has Grundy value "
        "0, 0, 1, 0, 2, 1, 0, 2, 1, 0.",
        r"(\mathcal{G}(1), \ldots, \mathcal{G}(10)) = (0,0,1,0,2,1,0,2,1,0)",
        _first_values(GRUNDY_FIRST_VALUES),
    ),
    mutant(
        "grundys-game-first-values-swapped",
        "Mutant: Grundy's game: wrong first values",
        statement="In Grundy's game a heap of n = 1, ..., 10 has Grundy value "
        "0, 0, 1, 0, 2, 1, 0, 1, 2, 0.",
        latex=r"(\mathcal{G}(1), \ldots, \mathcal{G}(10)) = (0,0,1,0,2,1,0,1,2,0)",
        check=_first_values(GRUNDY_WRONG_VALUES),
        tags=(*TAGS, "grundys-game", "mutant"),
    ),
    mutant(
        "grundys-game-period-3",
        "Mutant: Grundy's game repeats 0, 0, 1 from the start",
        "In Grundy's game the values of heaps n = 1, ..., 10 repeat with period 3: "
        "0, 0, 1, 0, 0, 1, 0, 0, 1, 0 (the start of the true list, 0, 0, 1, 0, 2, ..., "
        "continued as if periodic).",
        r"(\mathcal{G}(1), \ldots, \mathcal{G}(10)) = (0, 0, 1, 0, 0, 1, 0, 0, 1, 0)",
        _first_values(GRUNDY_PERIOD_3_VALUES),
        tags=(*TAGS, "grundys-game", "mutant"),
    ),
    _octal_period("kayles", "Kayles", "0.77", 12, 71, KAYLES_SOURCE, " from n = 71"),
    _octal_period(
        "dawsons-kayles",
        "Dawson's Kayles",
        "0.07",
        34,
        53,
        DAWSON_SOURCE,
        " from n = 53",  # the period holds from there on only: the title says so
        " (off by one)",
    ),
    section(SUBTRACTION_SOURCE, game="subtraction", tags=(*TAGS, "subtraction", "certificate")),
    theorem(
        "subtraction-sets-periodic",
        "Subtraction games within {1,2,3,4} are periodic",
        "For every non-empty S within {1, 2, 3, 4}, the Grundy sequence of the "
        "subtraction game S is eventually periodic (certified for every n).",
        r"\emptyset \ne S \subseteq \{1,2,3,4\} \implies \exists p, n_0\ \forall n \ge n_0:\ "
        r"\mathcal{G}_S(n+p) = \mathcal{G}_S(n)",
        _subtraction_periodicity,
    ),
    mutant(
        "subtraction-period-max-plus-one",
        "Mutant: subtraction games have period max(S) + 1",
        "For every non-empty S within {1, 2, 3, 4}, the least period of the "
        "subtraction game S is max(S) + 1, as for take-away 1..k.",
        r"\emptyset \ne S \subseteq \{1,2,3,4\} \implies \text{the least period of } "
        r"\mathcal{G}_S \text{ is } \max S + 1",
        _period_is_max_plus_one,
        tags=(*TAGS, "subtraction", "mutant"),
    ),
    mutant(
        "subtraction-window-max-plus-one",
        "Mutant: subtraction games are certified with period max(S) + 1",
        "For every non-empty S within {1, 2, 3, 4}, the window theorem certifies "
        "G(n + max(S) + 1) = G(n) for every n >= 0.",
        r"\emptyset \ne S \subseteq \{1,2,3,4\} \implies \mathcal{G}_S(n + \max S + 1) = "
        r"\mathcal{G}_S(n)\ (n \ge 0)",
        _window_max_plus_one,
        tags=(*TAGS, "subtraction", "mutant", "certificate"),
    ),
    section(ENGINE_SOURCE, game="octal", tags=("heap-games", "engine")),
    theorem(
        "heap-engine-agrees",
        "The fast heap-sequence engine agrees with the exact solver on small heaps",
        "For every octal code d0.d1d2 with d0 in {0, 4} and d1, d2 <= 7, the "
        "rare/common engine gives the same G(n) as the plain exact solver for small n.",
        r"\mathcal{G}_{\text{rare/common}}(n) = \mathcal{G}_{\text{exact}}(n) \text{ for "
        r"every code } d_0.d_1 d_2",
        _engine_agrees,
    ),
    mutant(
        "split-digit-irrelevant",
        "Mutant: the fast engine may ignore splitting without taking",
        "For every code 4.d1d2 (d1, d2 <= 7), the rare/common engine run on 0.d1d2 "
        "gives the same G(n) as the plain exact solver on 4.d1d2, for small n.",
        r"\mathcal{G}_{\text{rare/common}, 0.d_1 d_2}(n) = \mathcal{G}_{\text{exact}, "
        r"4.d_1 d_2}(n)",
        _split_digit_irrelevant,
        tags=("heap-games", "engine", "mutant"),
    ),
)
