"""Sums of games and equivalence (Legner 001, notes 003), on every form born by day 4.

P + P = P, P + N = N, N + N either way; adding a P-position keeps a game's class;
G = 0 iff G is a second-player win; G + H = 0 iff G = H; and the notes' remarks on sums
(seed 003, Bonus II), as game equivalences.

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

from grundy.declare import listing, mutant, mutant_title, section, theorem
from grundy.library import CheckSettings
from grundy.verdict import Status, Verdict
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.form_checks import (
    FORMS,
    equivalent_to_day3,
    forms_check,
    has_moves,
    pairs_check,
)
from grundy.verify.game_forms import DayFourForms, day4_forms, is_p_sum
from grundy.verify.random_games import Tree, TreeGame, born_by, star, tree_sum

SOURCE = "003 notes, Bonus II: remarks after the definition of equivalence"
TAGS = ("sprague-grundy", "equivalence", "sums")
DAY_3 = born_by(3)
TREES = TreeGame()
# Equivalence is judged beside a finite set of games; every statement names it.
AGAINST = "equivalent meaning: the same outcome beside every K born by day 3"
LEGNER = "001 Legner, sums of games and the Sprague-Grundy function"
SG_NOTES = "003 notes, abstract impartial games"
SG_TAGS = ("sprague-grundy", "sums")
DAY_4 = f"all {FORMS:,} game forms G born by day 4"
BY_NAME = {TREES.format(tree): tree for tree in DAY_3}
NAMES = list(BY_NAME)
_EMPTY: Tree = frozenset()


def _is_p(*games: Tree) -> bool:
    """Whether the sum of one or two game trees is P (labelling rules on the sum)."""
    return is_p_sum(games[0], games[1] if len(games) > 1 else _EMPTY)


def _named_trees_check(names, holds, statement_scope: str) -> Verdict:
    """Every assignment of day-3 trees to ``names``, smallest indices first."""
    cases = (
        {name: NAMES[index] for name, index in case.items()}
        for case in integer_cases({name: (0, len(DAY_3) - 1) for name in names})
    )
    return check_exhaustive(
        cases,
        lambda case: holds(*(BY_NAME[case[name]] for name in names)),
        scope=f"bounded: {statement_scope}",
    )


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
            "day 3 (each case: every G), " + AGAINST.replace("K", "L"),
            explain=lambda case: {
                "G": forms.describe4(int(np.flatnonzero(failures(case))[0])),
                "H": TREES.format(forms.day3[case["H"]]),
                "K": TREES.format(forms.day3[case["K"]]),
            },
        )

    return check


# -- sums of games and equivalence on the forms born by day 4 ---------------------------------


def _add_p_position(extra_is_p: bool):
    def statement(forms: DayFourForms, q: int) -> np.ndarray:
        agree = np.ones(FORMS, dtype=bool)
        for k in range(len(forms.day3)):
            agree &= forms.p4_plus33[q, k] == forms.p4_plus3[k]
        return agree

    extras = [q for q, tree in enumerate(DAY_3) if _is_p(tree) or not extra_is_p]
    which = "P-position" if extra_is_p else "game"
    return pairs_check(
        statement,
        f"{DAY_4}, Q every {which} born by day 3 ({len(extras)}), {AGAINST}",
        outer=extras,
        name="Q",
    )


def _zero_iff_second_player(zero_means_terminal: bool):
    def statement(forms: DayFourForms) -> np.ndarray:
        zero = equivalent_to_day3(forms, 0)  # day3[0] is the empty game
        second_player = ~has_moves(forms) if zero_means_terminal else forms.p4
        return zero == second_player

    return forms_check(statement, f"{DAY_4}, {AGAINST}")


def _sum_zero_iff_equal(identical: bool):
    def statement(forms: DayFourForms, h: int) -> np.ndarray:
        if identical:
            same = forms.masks == sum(1 << o for o in forms.options3[h])
        else:
            same = equivalent_to_day3(forms, h)
        return forms.p4_plus3[h] == same

    return pairs_check(statement, f"{DAY_4} x H born by day 3, {AGAINST}")


def _outcome_rule(first_p: bool, second_p: bool, sum_p: bool):
    """Over day-4 G x day-3 H: if G, H have the given outcomes, G + H has ``sum_p``."""

    def statement(forms: DayFourForms, h: int) -> np.ndarray:
        if bool(forms.p3[h, 0]) != second_p:
            return np.ones(FORMS, dtype=bool)
        applies = forms.p4 == first_p
        return ~applies | (forms.p4_plus3[h] == sum_p)

    return pairs_check(statement, f"G born by day 4 x H born by day 3 ({FORMS * 16:,} pairs)")


def _n_plus_n_either(settings: CheckSettings) -> Verdict:
    found: dict[bool, tuple[str, str]] = {}
    pairs = 0
    for g_name, h_name in product(NAMES, NAMES):
        g, h = BY_NAME[g_name], BY_NAME[h_name]
        if _is_p(g) or _is_p(h):
            continue
        pairs += 1
        found.setdefault(_is_p(g, h), (g_name, h_name))
    if len(found) < 2:
        missing = "P" if True not in found else "N"
        return Verdict(
            Status.REFUTED,
            "exhaustive",
            "bounded: G, H born by day 3",
            cases=pairs,
            counterexample={"missing outcome of N + N": missing},
            message="only one outcome occurs for sums of two N-positions",
        )
    return Verdict(
        Status.PROVED,
        "exhaustive",
        "bounded: G, H born by day 3",
        cases=pairs,
        message=f"N + N = P for {' + '.join(found[True])}; "
        f"N + N = N for {' + '.join(found[False])}",
        details={"P example": list(found[True]), "N example": list(found[False])},
    )


# -- the remarks ------------------------------------------------------------------------------


THEOREMS = listing(
    section(SOURCE, tags=TAGS),
    theorem(
        "sums-commute",
        "G + H = H + G",
        "G + H and H + G are the same form and are equivalent, for G, H born by day 3 ("
        + AGAINST
        + ")",
        r"G + H = H + G",
        _trees_check(
            2,
            lambda g, h: (
                tree_sum(g, h) == tree_sum(h, g) and _equivalent(tree_sum(g, h), tree_sum(h, g))
            ),
            AGAINST,
        ),
    ),
    mutant(
        "sums-keep-the-second-summand",
        mutant_title("G + H = H"),
        "G + H is equivalent to H (a sum taken as its second summand)",
        r"G + H = H",
        _trees_check(2, lambda g, h: _equivalent(tree_sum(g, h), h), AGAINST),
    ),
    theorem(
        "sums-associate",
        "(G + H) + K = G + (H + K)",
        "(G + H) + K and G + (H + K), built as game trees, are the same form and are "
        "equivalent, for G, H, K born by day 3 (" + AGAINST.replace("K", "L") + ")",
        r"(G + H) + K = G + (H + K)",
        _trees_check(
            3,
            lambda g, h, k: (
                tree_sum(tree_sum(g, h), k) == tree_sum(g, tree_sum(h, k))
                and _equivalent(tree_sum(tree_sum(g, h), k), tree_sum(g, tree_sum(h, k)))
            ),
            AGAINST.replace("K", "L"),
        ),
    ),
    mutant(
        "sums-associate-dropping-the-middle",
        mutant_title("(G + H) + K = G + K"),
        "(G + H) + K is equivalent to G + K (the middle summand lost when regrouping)",
        r"(G + H) + K = G + K",
        _trees_check(
            3,
            lambda g, h, k: _equivalent(tree_sum(tree_sum(g, h), k), tree_sum(g, k)),
            AGAINST.replace("K", "L"),
        ),
    ),
    theorem(
        "sums-zero-is-identity",
        "*0 + G = G",
        "*0 + G is equivalent to G for every form G born by day 4 (" + AGAINST + ")",
        r"{*0} + G = G",
        _zero_is_identity(0),
    ),
    mutant(
        "sums-star-one-is-identity",
        mutant_title("*1 + G = G"),
        "*1 + G is equivalent to G for every G (the identity taken as *1)",
        r"{*1} + G = G",
        _zero_is_identity(1),
    ),
    theorem(
        "sums-respect-equivalence",
        "G = H implies G + K = H + K",
        "if G and H are equivalent then G + K and H + K are equivalent, for every form G "
        "born by day 4 and H, K born by day 3 (" + AGAINST.replace("K", "L") + ")",
        r"G = H \implies G + K = H + K",
        _respects_sums(same_outcome_only=False),
    ),
    mutant(
        "sums-respect-outcomes",
        mutant_title("games with the same outcome stay alike in sums"),
        "if G and H have the same outcome then G + K and H + K are equivalent",
        r"o(G) = o(H) \implies G + K = H + K",
        _respects_sums(same_outcome_only=True),
    ),
    section(LEGNER, tags=(*SG_TAGS, "equivalence")),
    theorem(
        "sg-add-p-position",
        "Adding a P-position keeps a game's class",
        "if Q is a P-position then G + Q is equivalent to G, for every form G born by "
        "day 4 and every P-position Q born by day 3 (" + AGAINST + ")",
        r"Q \in \mathcal{P} \implies G + Q \equiv G",
        _add_p_position(extra_is_p=True),
        implied_by="sg-add-p-position-every-game",
    ),
    mutant(
        "sg-add-any-game",
        mutant_title("adding any game keeps a game's class"),
        "G + Q is equivalent to G for every Q born by day 3 (the P-position condition dropped)",
        r"G + Q \equiv G",
        _add_p_position(extra_is_p=False),
        tags=SG_TAGS,
    ),
    section(SG_NOTES, tags=(*SG_TAGS, "equivalence")),
    theorem(
        "sg-zero-iff-second-player",
        "G = 0 iff G is a second-player win",
        "G is equivalent to the zero game exactly when G is a P-position, for every "
        "form G born by day 4 (" + AGAINST + ")",
        r"G \equiv 0 \iff G \in \mathcal{P}",
        _zero_iff_second_player(zero_means_terminal=False),
        implied_by="sg-zero-iff-second-player-every-game",
    ),
    mutant(
        "sg-zero-only-empty-game",
        mutant_title("only the empty game is equivalent to 0"),
        "G is equivalent to the zero game exactly when G has no moves",
        r"G \equiv 0 \iff G = \{\}",
        _zero_iff_second_player(zero_means_terminal=True),
        tags=SG_TAGS,
    ),
    theorem(
        "sg-sum-zero-iff-equal",
        "G + H = 0 iff G = H",
        "G + H is a P-position exactly when G and H are equivalent, for every form G "
        "born by day 4 and H born by day 3 (" + AGAINST + ")",
        r"G + H \equiv 0 \iff G \equiv H",
        _sum_zero_iff_equal(identical=False),
    ),
    mutant(
        "sg-sum-zero-iff-identical",
        mutant_title("G + H = 0 iff G and H are the same form"),
        "G + H is a P-position exactly when G and H have the same options (equality of forms "
        "taken for equivalence)",
        r"G + H \in \mathcal{P} \iff G = H \text{ as forms}",
        _sum_zero_iff_equal(identical=True),
        tags=SG_TAGS,
    ),
    section(LEGNER + ", sums of games", tags=SG_TAGS),
    theorem(
        "sums-p-plus-p",
        "P + P = P",
        "the sum of two P-positions is a P-position",
        r"G, H \in \mathcal{P} \implies G + H \in \mathcal{P}",
        _outcome_rule(True, True, True),
        implied_by="sums-p-plus-p-every-game",
    ),
    mutant(
        "sums-p-plus-p-is-n",
        mutant_title("P + P = N"),
        "the sum of two P-positions is an N-position (two second-player wins read as a "
        "first-player win)",
        r"G, H \in \mathcal{P} \implies G + H \in \mathcal{N}",
        _outcome_rule(True, True, False),
    ),
    theorem(
        "sums-p-plus-n",
        "P + N = N",
        statement="the sum of a P-position G and an N-position H is an N-position, for G "
        "born by day 4 and H by day 3",
        latex=r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{N}",
        check=_outcome_rule(True, False, False),
        implied_by="sums-p-plus-n-every-game",
    ),
    mutant(
        "sums-p-plus-n-is-p",
        mutant_title("P + N = P"),
        "the sum of a P-position and an N-position is a P-position",
        r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{P}",
        _outcome_rule(True, False, True),
    ),
    theorem(
        "sums-n-plus-n-either",
        "N + N can be either",
        "some sums of two N-positions are P and some are N (both exhibited)",
        r"\exists\, G, H, G', H' \in \mathcal{N}:\ G + H \in \mathcal{P},\ G' + H' \in "
        r"\mathcal{N}",
        _n_plus_n_either,
    ),
    mutant(
        "sums-n-plus-n-always-n",
        mutant_title("N + N is always N"),
        "the sum of two N-positions is an N-position",
        r"G, H \in \mathcal{N} \implies G + H \in \mathcal{N}",
        lambda settings: _named_trees_check(
            ("G", "H"),
            lambda g, h: _is_p(g) or _is_p(h) or not _is_p(g, h),
            "G, H born by day 3",
        ),
    ),
)
