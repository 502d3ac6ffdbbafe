"""Claims about every heap size, decided from a certified period (grundy.claims.periodic)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

import grundy.certify.certified_values as certified_module
import grundy.claims.periodic as periodic
from grundy.certify import period_report
from grundy.certify.certified_values import CertifiedValues, NotApplicable, certified_values
from grundy.claims import Claim, check_claim, claims_from_file
from grundy.claims.periodic import check_by_certificate
from grundy.claims.polynomials import Polynomial, sign_settled_from
from grundy.claims.statement_period import Declined, statement_periodicity
from grundy.games import create_game
from grundy.library import CheckSettings
from grundy.solve import plain_grundy_sequence
from grundy.verdict import UNBOUNDED, Status, Verdict
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=1, quick=True, random_examples=200)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HUGE = 10**18


def heap_claim(game: str = "kayles", low: int = 0, high: int = HUGE, **fields: object) -> Claim:
    fields.setdefault("vars", '["n"]')
    fields.setdefault("range", f"{{ n = [{low}, {high}] }}")
    return good_claim(game=game, **fields)


def certificate(claim: Claim) -> Verdict:
    verdict = check_by_certificate(claim, quick=SETTINGS.quick)
    assert not isinstance(verdict, NotApplicable), verdict.reason
    return verdict


def declined(claim: Claim) -> str:
    verdict = check_by_certificate(claim, quick=SETTINGS.quick)
    assert isinstance(verdict, NotApplicable), verdict
    return verdict.reason


# -- the examples ------------------------------------------------------------------------

EXPECTED = {
    "kayles-period-12": (Status.PROVED, None),
    "kayles-period-11": (Status.REFUTED, 71),
    "kayles-period-12-from-70": (Status.REFUTED, 70),
    "kayles-values-beyond-71": (Status.PROVED, None),
    "kayles-values-from-70": (Status.REFUTED, 70),
    "take-away-every-n": (Status.PROVED, None),
    "take-away-multiples-of-3": (Status.REFUTED, 3),
    "take-away-squares": (Status.PROVED, None),
    "take-away-squares-wrong": (Status.REFUTED, 2),
    "dawsons-kayles-period-34": (Status.PROVED, None),
    "dawsons-kayles-period-17": (Status.REFUTED, 53),
    "subtraction-2-5-7-p-positions": (Status.PROVED, None),
    "grundys-game-period-3-everywhere": (Status.REFUTED, 0),
}


def test_every_example_is_listed_here() -> None:
    ids = [c.id for c in claims_from_file(EXAMPLES / "periodic.toml")]
    assert sorted(ids) == sorted(EXPECTED)


@pytest.mark.parametrize(
    "claim", claims_from_file(EXAMPLES / "periodic.toml"), ids=lambda claim: claim.id
)
def test_example(claim: Claim) -> None:
    status, least = EXPECTED[claim.id]
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is status, verdict.message
    if status is Status.PROVED:
        assert verdict.scope == UNBOUNDED
        assert verdict.method == "certificate"
    else:
        assert verdict.counterexample is not None and verdict.counterexample["n"] == least
    if claim.game_name == "grundys-game":
        assert verdict.method == "sequence-scan"
    else:
        assert "certificate" in verdict.method


# -- the brief's cases in detail ---------------------------------------------------------


def test_kayles_period_12_is_proved_with_the_certificate_in_the_details() -> None:
    verdict = check_claim(heap_claim(low=71, statement="g([n + 12]) == grundy"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED
    assert verdict.method == "certificate"
    assert verdict.details["certificate"] == {
        "theorem": "guy-smith",
        "n0": 71,
        "period": 12,
        "t": 2,
        "values_checked": 168,  # G(0..2*71 + 12 + 2 - 1 + 12), re-computed by the checker
    }
    assert verdict.cases == 12 and verdict.details["checked"] == [71, 82]
    assert "every n >= 71" in verdict.message


def test_wrong_period_and_wrong_start_are_refuted_at_the_least_n() -> None:
    # Values by the plain exact solver: the oracle for which n fail first.
    values = plain_grundy_sequence(create_game("kayles"), 100)
    eleven = check_claim(heap_claim(low=71, statement="g([n + 11]) == grundy"), SETTINGS)
    assert eleven.status is Status.REFUTED
    assert eleven.counterexample == {
        "n": 71,
        "position": [71],
        "g([82])": values[82],
        "grundy": values[71],
    }
    early = check_claim(heap_claim(low=70, statement="g([n + 12]) == grundy"), SETTINGS)
    assert early.status is Status.REFUTED and early.counterexample["n"] == 70
    assert values[70] != values[82]


def test_take_away_multiples_of_four_for_every_n_and_of_three_refuted_at_3() -> None:
    right = heap_claim("take-away", statement="(outcome == 'P') == (n % 4 == 0)")
    verdict = check_claim(right, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED
    assert verdict.details["certificate"]["theorem"] == "subtraction-window"
    wrong = heap_claim("take-away", statement="(outcome == 'P') == (n % 3 == 0)")
    verdict = check_claim(wrong, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {"n": 3, "position": [3], "outcome": "N"}


def test_dawsons_kayles_period_34() -> None:
    claim = heap_claim("dawsons-kayles", low=53, statement="g([n + 34]) == grundy")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.details["certificate"]["period"] == 34
    assert verdict.details["certificate"]["n0"] == 53


@pytest.mark.parametrize("statement", ["g([n + 3]) == grundy", "grundy >= 0"])
def test_grundys_game_is_never_proved(statement: str) -> None:
    claim = heap_claim("grundys-game", statement=statement, method="certificate")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is not Status.PROVED
    reason = declined(claim) if verdict.status is not Status.REFUTED else ""
    if verdict.status is Status.REFUTED:
        assert verdict.counterexample is not None and verdict.counterexample["n"] == 0
    else:
        assert verdict.status is Status.UNKNOWN
        assert "no certified period" in reason and "no counterexample for n = 0.." in reason


# -- declining ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("statement", "why"),
    [
        ("grundy == floor(n * phi) % 9", "n * phi"),
        ("grundy * n == 0", "grundy * n"),
        ("(grundy + n) % 12 == 0", "grundy + n"),
        ("max(n, 3) > grundy", "max(n, 3)"),
        ("n | 1 == grundy % 2", "n | 1"),
        ("(n % 3 + 1) * n > grundy", "(n % 3 + 1) * n"),
        ("n < grundy % 2 + n // 2", "n // 2"),
        ("implies(n <= 100, g([100 - n]) >= 0)", "shrinks"),
    ],
)
def test_statements_that_are_not_periodic_are_declined(
    statement: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    claim = heap_claim(low=200, statement=statement)
    table = certified_values(claim.game, quick=SETTINGS.quick)
    assert isinstance(table, CertifiedValues)
    with pytest.raises(Declined) as caught:
        statement_periodicity(claim, table)
    assert why in str(caught.value)
    # The method says so at once: no case is checked, neither one period nor a scan.
    monkeypatch.setattr(periodic, "_decide", _no_search)
    monkeypatch.setattr(periodic, "_scan", _no_search)
    monkeypatch.setattr(periodic, "plain_grundy_sequence", _no_search)
    verdict = check_by_certificate(claim, quick=SETTINGS.quick)
    assert isinstance(verdict, NotApplicable)
    assert verdict.reason.startswith("not followed: ") and why in verdict.reason
    assert verdict.reason.endswith("; no case was checked")
    assert verdict.values is not None  # certified values are still handed to random search


def _no_search(*args: object, **kwargs: object) -> None:
    raise AssertionError("a statement the method cannot read must not check any case")


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"game": "kayles", "play": "misere", "statement": "outcome == 'N'"}, "misere"),
        (
            {"game": "kayles", "play": "misere", "statement": "outcome_of([n + 1]) == 'N'"},
            "misere",
        ),
        ({"game": "kayles", "position": "[n, n]", "statement": "grundy == 0"}, "single heap"),
        ({"game": "kayles", "statement": "g([n, 1]) == grundy"}, "single heap"),
        ({"game": "kayles", "statement": "len(moves) > 0"}, "moves"),
        (
            {
                "game": "kayles",
                "vars": '["a", "b"]',
                "range": "{ a = [0, 1000000000], b = [0, 1000000000] }",
                "statement": "grundy >= 0",
            },
            "exactly one variable",
        ),
        ({"game": "chomp", "position": "[n, 1]", "statement": "outcome == 'N'"}, "heap game"),
    ],
)
def test_claims_outside_the_method_are_declined(fields: dict[str, str], why: str) -> None:
    fields = dict(fields)
    game = fields.pop("game")
    reason = declined(heap_claim(game, **fields))
    assert why in reason


def test_misere_claim_about_normal_play_values_is_still_proved() -> None:
    # grundy and g() are normal-play values whatever the claim's play.
    claim = heap_claim("take-away", play="misere", statement="grundy == n % 4")
    assert certificate(claim).status is Status.PROVED


def test_declined_claim_falls_back_to_random_search_as_before() -> None:
    # Nim has no certified period (G(n) = n): only a scan of the first heaps, then random.
    claim = heap_claim("nim", high=150_000, statement="n // 100000 > 5 or grundy == n")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.method == "random"  # Z3 and the certificate decided nothing
    assert verdict.status is Status.UNREFUTED
    assert "certificate: no certified period" in verdict.message
    assert "no counterexample for n = 0..200" in verdict.message


def test_explicit_method_gives_unknown_with_the_reason_when_declined() -> None:
    claim = heap_claim(statement="grundy <= (n | 3)", method="certificate", low=200)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN and verdict.method == "certificate"
    assert "'n | 3'" in verdict.message and "no case was checked" in verdict.message


@pytest.mark.parametrize(("game", "method"), [("kayles", "certificate"), ("nim", "sequence-scan")])
def test_a_quotient_against_values_finds_the_least_counterexample(game: str, method: str) -> None:
    # 'grundy <= n // 10 + 1' settles once n // 10 passes the largest value: Kayles's is
    # decided from its certificate; Nim has none, so only the scan of the first values runs.
    verdict = certificate(heap_claim(game, statement="grundy <= n // 10 + 1"))
    values = plain_grundy_sequence(create_game(game), 100)
    least = next(n for n in range(100) if values[n] > n // 10 + 1)
    assert verdict.status is Status.REFUTED and verdict.method == method
    assert verdict.counterexample["n"] == least


# -- certificates that must not be used --------------------------------------------------


def _patched_report(monkeypatch: pytest.MonkeyPatch, corrupt) -> None:
    def report(game, values):
        honest = period_report(game, values)
        if honest.certificate is None:
            return honest
        return replace(honest, certificate=corrupt(honest.certificate))

    monkeypatch.setattr(certified_module, "period_report", report)


@pytest.mark.parametrize(
    ("corrupt", "problem"),
    [
        (lambda c: replace(c, period=11), "rejected by the independent checker"),
        (
            lambda c: replace(c, values=(*c.values[:80], c.values[80] ^ 1, *c.values[81:])),
            "rejected by the independent checker",
        ),
        (
            lambda c: replace(c, preperiod=70, start=70),
            "rejected by the independent checker",
        ),
    ],
    ids=["wrong-period", "wrong-value", "wrong-start"],
)
def test_a_corrupted_certificate_is_not_used(monkeypatch, corrupt, problem) -> None:
    _patched_report(monkeypatch, corrupt)
    table = certified_values(create_game("kayles"), quick=SETTINGS.quick)
    assert isinstance(table, NotApplicable) and problem in table.reason
    # Without a certificate nothing is proved, only scanned.
    for statement in ("g([n + 12]) == grundy", "g([n + 11]) == grundy"):
        claim = heap_claim(low=71, statement=statement, method="certificate")
        verdict = check_claim(claim, SETTINGS)
        assert verdict.status is not Status.PROVED
        assert verdict.method != "certificate" or problem in verdict.message


def test_a_valid_certificate_of_another_game_is_not_used(monkeypatch) -> None:
    other = period_report(
        create_game("dawsons-kayles"), plain_grundy_sequence(create_game("dawsons-kayles"), 200)
    )
    assert other.certificate is not None
    monkeypatch.setattr(certified_module, "period_report", lambda game, values: other)
    table = certified_values(create_game("kayles"), quick=SETTINGS.quick)
    assert isinstance(table, NotApplicable) and "not octal --code 0.77" in table.reason


# -- agreement with the plain exact solver on small ranges -------------------------------

AGREEMENT = [
    ("kayles", "g([n + 12]) == grundy", None),
    ("kayles", "grundy in [1, 2, 4, 7, 8]", "n >= 60"),
    ("kayles", "(grundy % 3 == n % 3) or n * n % 7 == 2", None),
    ("kayles", "implies(n * n > 4000, g([2 * n + 1]) != 0)", None),
    ("dawsons-kayles", "(outcome == 'P') == (n % 34 in [5, 9, 21, 25, 29])", "n >= 40"),
    ("dawsons-kayles", "g([n + 1]) ^ grundy != 0 or n < 3", None),
    ("take-away", "grundy == n % 4 if n >= 2 else grundy < 2", None),
    ("subtraction", "(outcome == 'P') == (n % 22 in [0, 1, 4, 10, 13, 14])", None),
    ("subtraction", "outcome_of([3 * n + 2]) == 'N'", None),
    ("kayles", "grundy <= n", None),
    ("kayles", "(n & 5) == grundy % 6 or n > grundy + 10", None),
    ("kayles", "g([n]) - 3 < n * n - 50 or grundy == 4", None),
    ("kayles", "-grundy > 2 - n", None),
    ("dawsons-kayles", "grundy * 2 + (n % 5) * 3 < n - 5", None),
]


@pytest.mark.parametrize(("game", "statement", "assume"), AGREEMENT)
def test_certificate_agrees_with_the_exhaustive_check(
    game: str, statement: str, assume: str | None
) -> None:
    params = "{ set = [2, 5, 7] }" if game == "subtraction" else "{}"
    fields: dict[str, object] = {"statement": statement, "params": params}
    if assume:
        fields["assume"] = assume
    for low, high in ((0, 130), (45, 160)):
        by_certificate = certificate(heap_claim(game, low, high, method="certificate", **fields))
        exhaustive = check_claim(
            heap_claim(game, low, high, method="exhaustive", **fields), SETTINGS
        )
        assert by_certificate.status is exhaustive.status, (low, by_certificate.message)
        assert by_certificate.counterexample == exhaustive.counterexample


def test_huge_lower_bound_reduces_heaps_for_the_recheck() -> None:
    # Beyond DIRECT_RECHECK_HEAPS the exact solver re-checks the equivalent heap n0 + (m - n0) % p.
    claim = heap_claim(low=HUGE, high=HUGE + 100, statement="grundy != 8", method="certificate")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    found = verdict.counterexample["n"]
    assert HUGE <= found < HUGE + 12 and verdict.counterexample["grundy"] == 8
    values = plain_grundy_sequence(create_game("kayles"), 82)
    assert values[71 + (found - 71) % 12] == 8
    assert all(values[71 + (n - 71) % 12] != 8 for n in range(HUGE, found))


# -- the small lemmas --------------------------------------------------------------------


def test_sign_settles_where_the_lemma_says() -> None:
    rng = random.Random(7)
    for _ in range(300):
        degree = rng.randint(1, 4)
        coefficients = [rng.randint(-60, 60) for _ in range(degree)] + [rng.choice([-3, -1, 1, 2])]
        poly = Polynomial.of(coefficients)
        start = sign_settled_from(poly)
        assert start is not None
        lead = 1 if coefficients[-1] > 0 else -1
        for n in range(start, start + 200):
            value = sum(c * n**i for i, c in enumerate(coefficients))
            assert value * lead > 0, (coefficients, start, n)
    assert sign_settled_from(Polynomial.of([5])) is None


def test_certified_values_follow_the_period() -> None:
    table = certified_values(create_game("kayles"), quick=SETTINGS.quick)
    assert isinstance(table, CertifiedValues)
    values = plain_grundy_sequence(create_game("kayles"), 260)
    assert [table.value(m) for m in range(261)] == values


def test_method_name_is_accepted() -> None:
    assert heap_claim(statement="grundy >= 0", method="certificate").method.value == "certificate"


def test_cli_checks_the_example_file(run_cli) -> None:
    result = run_cli("check", str(EXAMPLES / "periodic.toml"), "--json")
    assert result.code == 0, result.err
    claims = {c["id"]: c for c in result.json()["claims"]}
    assert claims["kayles-period-12"]["status"] == "proved"
    assert claims["kayles-period-12"]["scope"] == "unbounded"
    assert claims["kayles-period-11"]["counterexample"]["n"] == 71


def test_cli_misspelt_method_is_an_error_verdict_naming_certificate(run_cli, tmp_path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(
        '[[claim]]\nid = "k"\ngame = "kayles"\nvars = ["n"]\nrange = { n = [0, 9] }\n'
        'statement = "grundy >= 0"\nmethod = "certficate"\n'
    )
    result = run_cli("check", str(path), "--json")
    assert result.code == 1
    (claim,) = result.json()["claims"]
    assert claim["status"] == "error"
    assert "certificate" in claim["message"] and "'certficate'" in claim["message"]


def test_cli_unreadable_claim_file_is_one_line_exit_2(run_cli, tmp_path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text('[[claim]]\nid = "k"\nmethod = "certificate\n')
    result = run_cli("check", str(path))
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err


@pytest.mark.parametrize(
    "statement",
    ["g([n + 10]) == g([n + 22])", "implies(n >= 0, g([n + 12]) == grundy)", "n % 5 != 7"],
)
def test_negative_heaps_give_the_same_verdict_as_the_exhaustive_check(statement: str) -> None:
    # Cases build the position [n] whenever a position fact is used, as the exhaustive
    # check does: a negative heap there is an error, not something to prove past.
    verdicts = [
        check_claim(heap_claim(low=-5, high=120, statement=statement, method=method), SETTINGS)
        for method in ("certificate", "exhaustive")
    ]
    assert verdicts[0].status is verdicts[1].status
    assert verdicts[0].counterexample == verdicts[1].counterexample
    assert verdicts[0].method == "certificate"


def _random_statement(rng: random.Random, depth: int = 0) -> str:
    """A random statement from pieces the method reads, and a few it declines."""
    numbers = [
        "n",
        str(rng.randint(-3, 20)),
        "grundy",
        f"g([n + {rng.randint(0, 24)}])",
        f"n % {rng.randint(1, 7)}",
        f"(n & {rng.randint(0, 6)})",
        f"n * n % {rng.randint(2, 9)}",
    ]
    if depth >= 2 or rng.random() < 0.3:
        left, right = rng.choice(numbers), rng.choice(numbers)
        op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
        if rng.random() < 0.3:
            left = f"{left} {rng.choice('+-*')} {rng.choice(numbers)}"
        return f"({left} {op} {right})"
    kind = rng.random()
    if kind < 0.4:
        joiner = rng.choice([" and ", " or "])
        return "(" + joiner.join(_random_statement(rng, depth + 1) for _ in range(2)) + ")"
    if kind < 0.55:
        return f"(not {_random_statement(rng, depth + 1)})"
    if kind < 0.7:
        return f"(outcome == 'P') == {_random_statement(rng, depth + 1)}"
    parts = [_random_statement(rng, depth + 1) for _ in range(3)]
    return f"({parts[0]} if {parts[1]} else {parts[2]})"


def _agree_beyond_the_window(game: str, count: int, beyond: int, seed: str) -> None:
    # Whatever the certificate method proves for every n must hold, by the exact solver,
    # on a range well past the values it looked at; refutations must be the same case.
    rng = random.Random(f"{seed}-{game}")
    proved_unbounded = 0
    for _ in range(count):
        statement = _random_statement(rng)
        low = rng.choice([0, 40, 75])
        claim = heap_claim(game, low, HUGE, statement=statement, method="certificate")
        verdict = check_claim(claim, SETTINGS)
        if verdict.status not in (Status.PROVED, Status.REFUTED):
            continue
        exhaustive = check_claim(
            heap_claim(game, low, low + beyond, statement=statement, method="exhaustive"),
            SETTINGS,
        )
        assert exhaustive.status is verdict.status, (statement, verdict.message)
        assert exhaustive.counterexample == verdict.counterexample, statement
        proved_unbounded += verdict.status is Status.PROVED and verdict.scope == UNBOUNDED
    assert proved_unbounded >= 1  # the comparison above is not only about refutations


@pytest.mark.parametrize("game", ["kayles", "dawsons-kayles", "take-away"])
def test_random_statements_agree_with_the_exact_solver_beyond_the_checked_window(
    game: str,
) -> None:
    _agree_beyond_the_window(game, count=15, beyond=200, seed="periodic")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["kayles", "dawsons-kayles", "take-away"])
def test_many_random_statements_agree_with_the_exact_solver(game: str) -> None:
    _agree_beyond_the_window(game, count=100, beyond=320, seed="periodic-slow")


def test_random_search_after_a_decline_uses_certified_values_for_huge_heaps() -> None:
    # The exact solver cannot solve a Kayles row of 10^18 pins; the certified values can.
    holds = check_claim(heap_claim(statement="grundy <= (n | 1) + 8"), SETTINGS)
    assert holds.method == "random" and holds.status is Status.UNREFUTED
    random_part = holds.parts[-1]
    assert random_part.details["values"] == "certified period"
    assert random_part.details["largest_size"] > 10**12
    wrong = check_claim(heap_claim(statement="grundy != 8 or n < 100000"), SETTINGS)
    assert wrong.status is Status.REFUTED and wrong.method == "random"
    case = wrong.counterexample
    assert case["n"] >= 100_000 and case["grundy"] == 8
    values = plain_grundy_sequence(create_game("kayles"), 82)
    assert values[71 + (case["n"] - 71) % 12] == 8
