"""The notes' remarks on sums and equivalence (seed 003, Bonus II), as game equivalences.

G = H means: G + K and H + K have the same winner for every game K; here K ranges over
the 16 games born by day 3, and every scope says so.  Outcomes of sums come from the
labelling rules applied to the sum itself (:mod:`grundy.verify.game_forms`), never from
Grundy values.

- G + H = H + G and (G + H) + K = G + (H + K): for G, H, K born by day 3 the nested sums
  are built as game trees, compared as forms (they are the same set of options) and
  tested as equivalent;
- *0 + G = G: for every form G born by day 4;
- G = H implies G + K = H + K: for every form G born by day 4, H and K born by day 3.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import product

import numpy as np

from grundy.library import CheckSettings, Expectation, Theorem
from grundy.verdict import Verdict
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.game_forms import DayFourForms, day4_forms, is_p_sum
from grundy.verify.random_games import Tree, TreeGame, born_by, star, tree_sum

SOURCE = "003 notes, Bonus II: remarks after the definition of equivalence"
TAGS = ("sprague-grundy", "equivalence", "sums")
DAY_3 = born_by(3)
TREES = TreeGame()
AGAINST = "tested with every K born by day 3"


@cache
def _equivalent(left: Tree, right: Tree) -> bool:
    return all(is_p_sum(left, test) == is_p_sum(right, test) for test in DAY_3)


def _trees_check(count: int, holds: Callable[..., bool], scope: str) -> Callable[..., Verdict]:
    names = ["G", "H", "K"][:count]

    def check(settings: CheckSettings) -> Verdict:
        day = 2 if settings.quick else 3
        games = born_by(day)
        return check_exhaustive(
            integer_cases(dict.fromkeys(names, (0, len(games) - 1))),
            lambda case: holds(*(games[case[name]] for name in names)),
            scope=f"bounded: {', '.join(names)} born by day {day}, {scope}",
            explain=lambda case: {name: TREES.format(games[case[name]]) for name in names},
        )

    return check


def _forms_check(statement: Callable[[DayFourForms], np.ndarray], scope: str):
    def check(settings: CheckSettings) -> Verdict:
        forms = day4_forms()
        holds = statement(forms)
        return check_exhaustive(
            ({"G": mask} for mask in range(forms.masks.size)),
            lambda case: bool(holds[case["G"]]),
            scope=f"bounded: {scope}",
            explain=lambda case: {"G": forms.describe4(case["G"])},
        )

    return check


def _zero_is_identity(extra: int):
    """*extra + G = G for every day-4 form G (extra = 0: the remark)."""

    def statement(forms: DayFourForms) -> np.ndarray:
        q = forms.day3.index(star(extra))
        agree = np.ones(forms.masks.size, dtype=bool)
        for k in range(len(forms.day3)):
            agree &= forms.p4_plus33[q, k] == forms.p4_plus3[k]
        return agree

    return _forms_check(statement, f"all 65,536 forms G born by day 4, {AGAINST}")


def _respects_sums(same_outcome_only: bool):
    """G = H implies G + K = H + K; the mutant asks only that G and H have one outcome."""

    def check(settings: CheckSettings) -> Verdict:
        forms = day4_forms()
        count = len(forms.day3)

        def failures(case) -> np.ndarray:
            h, k = case["H"], case["K"]
            if same_outcome_only:
                related = forms.p4 == forms.p3[h, 0]
            else:
                related = np.ones(forms.masks.size, dtype=bool)
                for test in range(count):
                    related &= forms.p4_plus3[test] == forms.p3[h, test]
            agree = np.ones(forms.masks.size, dtype=bool)
            for test in range(count):
                agree &= forms.p4_plus33[k, test] == forms.p33[h, k, test]
            return related & ~agree

        premise = "G and H with the same outcome" if same_outcome_only else "G = H"
        return check_exhaustive(
            ({"H": h, "K": k} for h, k in product(range(count), repeat=2)),
            lambda case: not failures(case).any(),
            scope=f"bounded: {premise}, G among all 65,536 forms born by day 4, H and K born by "
            "day 3 (each case: every G), equivalence tested with every L born by day 3",
            explain=lambda case: {
                "G": forms.describe4(int(np.flatnonzero(failures(case))[0])),
                "H": TREES.format(forms.day3[case["H"]]),
                "K": TREES.format(forms.day3[case["K"]]),
            },
        )

    return check


def _mutant(identifier: str, of: str, title: str, statement: str, latex: str, check) -> Theorem:
    return Theorem(
        id=identifier,
        title=f"Mutant: {title}",
        statement=statement,
        latex=latex,
        source=SOURCE,
        tags=TAGS,
        mutant_of=of,
        expect=Expectation.FAILS,
        check=check,
    )


THEOREMS = [
    Theorem(
        id="sums-commute",
        title="G + H = H + G (games born by day 3)",
        statement="G + H and H + G are the same form and are equivalent, for G, H born by day 3, "
        + AGAINST,
        latex=r"G + H = H + G",
        source=SOURCE,
        tags=TAGS,
        check=_trees_check(
            2,
            lambda g, h: (
                tree_sum(g, h) == tree_sum(h, g) and _equivalent(tree_sum(g, h), tree_sum(h, g))
            ),
            AGAINST,
        ),
    ),
    _mutant(
        "sums-keep-the-second-summand",
        "sums-commute",
        "G + H = H",
        "G + H is equivalent to H (a sum taken as its second summand)",
        r"G + H = H",
        _trees_check(2, lambda g, h: _equivalent(tree_sum(g, h), h), AGAINST),
    ),
    Theorem(
        id="sums-associate",
        title="(G + H) + K = G + (H + K) (games born by day 3)",
        statement="(G + H) + K and G + (H + K), built as game trees, are the same form and are "
        "equivalent, for G, H, K born by day 3, tested with every game born by day 3",
        latex=r"(G + H) + K = G + (H + K)",
        source=SOURCE,
        tags=TAGS,
        check=_trees_check(
            3,
            lambda g, h, k: (
                tree_sum(tree_sum(g, h), k) == tree_sum(g, tree_sum(h, k))
                and _equivalent(tree_sum(tree_sum(g, h), k), tree_sum(g, tree_sum(h, k)))
            ),
            "tested with every game born by day 3",
        ),
    ),
    _mutant(
        "sums-associate-dropping-the-middle",
        "sums-associate",
        "(G + H) + K = G + K",
        "(G + H) + K is equivalent to G + K (the middle summand lost when regrouping)",
        r"(G + H) + K = G + K",
        _trees_check(
            3,
            lambda g, h, k: _equivalent(tree_sum(tree_sum(g, h), k), tree_sum(g, k)),
            "tested with every game born by day 3",
        ),
    ),
    Theorem(
        id="sums-zero-is-identity",
        title="*0 + G = G (forms born by day 4)",
        statement="*0 + G is equivalent to G for every form G born by day 4, " + AGAINST,
        latex=r"{*0} + G = G",
        source=SOURCE,
        tags=TAGS,
        check=_zero_is_identity(0),
    ),
    _mutant(
        "sums-star-one-is-identity",
        "sums-zero-is-identity",
        "*1 + G = G",
        "*1 + G is equivalent to G for every G (the identity taken as *1)",
        r"{*1} + G = G",
        _zero_is_identity(1),
    ),
    Theorem(
        id="sums-respect-equivalence",
        title="G = H implies G + K = H + K (G born by day 4, H and K by day 3)",
        statement="if G and H are equivalent then G + K and H + K are equivalent: G among all "
        "forms born by day 4, H and K born by day 3; equivalence tested with every game born "
        "by day 3",
        latex=r"G = H \implies G + K = H + K",
        source=SOURCE,
        tags=TAGS,
        check=_respects_sums(same_outcome_only=False),
    ),
    _mutant(
        "sums-respect-outcomes",
        "sums-respect-equivalence",
        "games with the same outcome stay alike in sums",
        "if G and H have the same outcome then G + K and H + K are equivalent",
        r"o(G) = o(H) \implies G + K = H + K",
        _respects_sums(same_outcome_only=True),
    ),
]
