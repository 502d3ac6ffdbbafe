"""Sums of games, the Sprague-Grundy theorem and game equivalence (Legner 001, notes 003).

Outcomes here come from the notes' labelling rules (a position is N iff some move reaches
a P-position) applied to the *whole* sum, never from Grundy values, so the sum rule is
tested rather than assumed.  Test games: every game tree born by day 3 (16 trees),
random acyclic game graphs (hypothesis), and catalogue games.  "G is equivalent to H" is
tested against every game K born by day 3: G + K and H + K have the same outcome.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from hypothesis import strategies as st

from grundy.games.catalogue import create_game
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Solver
from grundy.verdict import Status, Verdict, combine_verdicts
from grundy.verify import nim_encodings as enc
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.random_games import (
    GraphGame,
    TreeGame,
    WholeSum,
    born_by,
    first_player_wins,
    graph_games,
    star,
    tree_sum,
)
from grundy.verify.random_search import search_random
from grundy.verify.z3_checks import all_proved, exhaustive_encoding, headline_z3
from grundy.verify.z3_induction import prove_take_away_closed_form, prove_take_away_misere

LEGNER = "001 Legner, sums of games and the Sprague-Grundy function"
NOTES = "003 notes, abstract impartial games"
TAGS = ("sprague-grundy", "sums")


def _heap_drawn(check, heap: str):
    """The same check; a counterexample also gets the single heap ``heap`` as its
    ``position``, so that a report can draw it."""

    def run(settings: CheckSettings) -> Verdict:
        verdict = check(settings)
        example = verdict.counterexample
        if example is None or "position" in example or not isinstance(example.get(heap), int):
            return verdict
        return replace(verdict, counterexample={**example, "position": [example[heap]]})

    return run


TREES = TreeGame()
DAY_3 = born_by(3)
BY_NAME = {TREES.format(tree): tree for tree in DAY_3}
NAMES = list(BY_NAME)


def _is_p(*games) -> bool:
    """Whether the sum of the given trees is P, searching the sum as one game."""
    return not first_player_wins(WholeSum((TREES,) * len(games)), tuple(games))


def _grundy(tree) -> int:
    return Solver(TREES).grundy_value(tree)


def _tree_cases(*names: str):
    """Every assignment of day-3 trees to ``names``, smallest indices first."""
    for case in integer_cases({name: (0, len(DAY_3) - 1) for name in names}):
        yield {name: NAMES[index] for name, index in case.items()}


def _equivalent(left, right) -> bool:
    """G ~ H against every test game born by day 3; a tuple stands for a sum of trees."""
    left = left if isinstance(left, tuple) else (left,)
    right = right if isinstance(right, tuple) else (right,)
    return all(_is_p(*left, test) == _is_p(*right, test) for test in DAY_3)


def _trees_check(names, holds, statement_scope: str, explain=None) -> Verdict:
    return check_exhaustive(
        _tree_cases(*names),
        lambda case: holds(*(BY_NAME[case[name]] for name in names)),
        scope=f"bounded: {statement_scope}",
        explain=explain,
    )


# -- random game graphs ------------------------------------------------------------------------


def _graph_pairs():
    return st.fixed_dictionaries(
        {
            "left": graph_games(7),
            "right": graph_games(7),
            "u": st.integers(0, 6),
            "v": st.integers(0, 6),
        }
    )


def _nodes(case) -> tuple[int, int]:
    return (
        case["u"] % len(case["left"].successors),
        case["v"] % len(case["right"].successors),
    )


def _random(settings: CheckSettings, holds, scope: str, strategy=None) -> Verdict:
    examples = 100 if settings.quick else max(settings.random_examples // 4, 100)
    return search_random(
        strategy if strategy is not None else _graph_pairs(),
        holds,
        seed=settings.seed,
        examples=examples,
        scope=f"random: {scope}",
        size=lambda case: len(case["left"].successors) + len(case["right"].successors),
    )


def _sum_rule_graphs(case, combine=lambda a, b: a ^ b) -> bool:
    left, right = case["left"], case["right"]
    u, v = _nodes(case)
    whole = Solver(WholeSum((left, right))).grundy_value((u, v))
    return whole == combine(Solver(left).grundy_value(u), Solver(right).grundy_value(v))


def _star_equivalence_graphs(case) -> bool:
    game: GraphGame = case["left"]
    node, _ = _nodes(case)
    value = Solver(game).grundy_value(node)
    mixed = WholeSum((game, TREES))
    return all(
        first_player_wins(mixed, (node, test)) == (not _is_p(star(value), test)) for test in DAY_3
    )


def _g_plus_g_graphs(case) -> bool:
    game: GraphGame = case["left"]
    node, _ = _nodes(case)
    return not first_player_wins(WholeSum((game, game)), (node, node))


def _zero_iff_p_graphs(case) -> bool:
    game: GraphGame = case["left"]
    node, _ = _nodes(case)
    return (Solver(game).grundy_value(node) == 0) == (not first_player_wins(game, node))


# -- catalogue games ---------------------------------------------------------------------------


def _catalogue_games():
    games = [create_game("nim"), create_game("subtraction", {"set": [1, 2, 3]})]
    games.append(create_game("subtraction", {"set": [2, 5]}))
    for name in ("kayles", "grundys-game"):  # other helpers' games, when registered
        try:
            games.append(create_game(name))
        except Exception:
            continue
    return games


def _sum_rule_catalogue(settings: CheckSettings, combine=lambda a, b: a ^ b) -> Verdict:
    bound = 5 if settings.quick else 10
    games = _catalogue_games()
    solvers = {}

    def holds(case) -> bool:
        left, right = games[case["G"]], games[case["H"]]
        key = (case["G"], case["H"])
        if key not in solvers:
            solvers[key] = Solver(WholeSum((left, right)))
        whole = solvers[key].grundy_value(((case["a"],), (case["b"],)))
        parts = combine(
            Solver(left).grundy_value((case["a"],)), Solver(right).grundy_value((case["b"],))
        )
        return whole == parts

    last = len(games) - 1
    cases = integer_cases({"G": (0, last), "H": (0, last), "a": (0, bound), "b": (0, bound)})
    labels = ", ".join(game.label for game in games)
    return check_exhaustive(
        cases,
        holds,
        scope=f"bounded: heaps 0..{bound} in every pair of {labels} (whole sums searched)",
        explain=lambda case: {
            "G": games[case["G"]].label,
            "H": games[case["H"]].label,
            "position": [case["a"], case["b"]],
        },
    )


# -- the checks --------------------------------------------------------------------------------


def _mex_lemma(settings: CheckSettings) -> Verdict:
    width = 16 if settings.quick else 64
    small = [
        exhaustive_encoding(enc.mex_lemma_smaller_values(3), 7),
        exhaustive_encoding(enc.mex_lemma_no_equal_option(3), 7),
    ]
    proofs = all_proved(
        [
            enc.mex_lemma_smaller_values(width).prove(
                timeout_ms=settings.z3_timeout_ms, seed=settings.seed
            ),
            enc.mex_lemma_no_equal_option(width).prove(
                timeout_ms=settings.z3_timeout_ms, seed=settings.seed
            ),
        ],
        scope=f"bounded: a, b, y < 2^{width}",
    )
    return headline_z3(
        [all_proved(small, scope="bounded: a, b, y in 0..7", method="exhaustive"), proofs]
    )


def _sum_rule(settings: CheckSettings) -> Verdict:
    return combine_verdicts(
        [
            _sum_rule_catalogue(settings),
            _random(settings, _sum_rule_graphs, "two acyclic game graphs of up to 7 nodes"),
        ]
    )


def _ordinary_sum(settings: CheckSettings) -> Verdict:
    return combine_verdicts(
        [
            _trees_check(
                ("G", "H"),
                lambda g, h: _grundy(tree_sum(g, h)) == _grundy(g) + _grundy(h),
                "G, H born by day 3",
                explain=lambda c: {
                    "G(G+H)": _grundy(tree_sum(BY_NAME[c["G"]], BY_NAME[c["H"]])),
                    "G(G) + G(H)": _grundy(BY_NAME[c["G"]]) + _grundy(BY_NAME[c["H"]]),
                },
            ),
            _sum_rule_catalogue(settings, combine=lambda a, b: a + b),
        ]
    )


def _g_plus_g(settings: CheckSettings) -> Verdict:
    return combine_verdicts(
        [
            _trees_check(("G",), lambda g: _is_p(g, g), "G born by day 3"),
            _random(settings, _g_plus_g_graphs, "a game graph of up to 7 nodes"),
        ]
    )


def _add_p_position(settings: CheckSettings) -> Verdict:
    p_names = [name for name in NAMES if _is_p(BY_NAME[name])]

    def holds(case) -> bool:
        game, extra = BY_NAME[case["G"]], BY_NAME[case["Q"]]
        return all(_is_p(game, extra, test) == _is_p(game, test) for test in DAY_3)

    cases = (
        {"G": NAMES[c["G"]], "Q": p_names[c["Q"]]}
        for c in integer_cases({"G": (0, len(NAMES) - 1), "Q": (0, len(p_names) - 1)})
    )
    return check_exhaustive(
        cases,
        holds,
        scope="bounded: G born by day 3, Q a P-position born by day 3, tested with every "
        "K born by day 3",
    )


def _star_equivalence(settings: CheckSettings) -> Verdict:
    return combine_verdicts(
        [
            _trees_check(
                ("G",),
                lambda g: _equivalent(g, star(_grundy(g))),
                "G born by day 3, tested with every K born by day 3",
            ),
            _random(
                settings,
                _star_equivalence_graphs,
                "a game graph of up to 7 nodes, with every K born by day 3",
            ),
        ]
    )


def _zero_iff_second_player(settings: CheckSettings) -> Verdict:
    return _trees_check(
        ("G",),
        lambda g: _equivalent(g, frozenset()) == _is_p(g),
        "G born by day 3, tested with every K born by day 3",
    )


def _sum_zero_iff_equal(settings: CheckSettings) -> Verdict:
    return _trees_check(
        ("G", "H"),
        lambda g, h: _is_p(g, h) == _equivalent(g, h),
        "G, H born by day 3, tested with every K born by day 3",
    )


def _star_sums(settings: CheckSettings) -> Verdict:
    bound = 5 if settings.quick else 7

    def holds(case) -> bool:
        n, m = case["n"], case["m"]
        return _is_p(star(n), star(m), star(n ^ m)) and _equivalent((star(n), star(m)), star(n ^ m))

    return check_exhaustive(
        integer_cases({"n": (0, bound), "m": (0, bound)}),
        holds,
        scope=f"bounded: 0 <= n, m <= {bound}, tested with every K born by day 3",
    )


def _outcome_rule(first_p: bool, second_p: bool, sum_p: bool | None):
    """P+P is P, P+N is N: over every pair of day-3 trees with the given outcomes."""

    def holds(g, h) -> bool:
        if _is_p(g) != first_p or _is_p(h) != second_p:
            return True
        return sum_p is None or _is_p(g, h) == sum_p

    return holds


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


def _zero_iff_p(settings: CheckSettings) -> Verdict:
    return combine_verdicts(
        [
            _trees_check(("G",), lambda g: (_grundy(g) == 0) == _is_p(g), "G born by day 3"),
            _random(settings, _zero_iff_p_graphs, "a game graph of up to 7 nodes"),
        ]
    )


THEOREMS = [
    Theorem(
        id="sg-mex-lemma",
        title="The mex lemma behind the sum rule",
        statement="for all a, b: every y < a ⊕ b is a' ⊕ b for some a' < a or a ⊕ b' for some "
        "b' < b, and no option a' ⊕ b (a' < a) or a ⊕ b' (b' < b) equals a ⊕ b",
        source=LEGNER,
        latex=r"\operatorname{mex}\{a' \oplus b, a \oplus b' : a' < a, b' < b\} = a \oplus b",
        game="nim",
        tags=(*TAGS, "z3"),
        check=_mex_lemma,
    ),
    Theorem(
        id="sg-sum-rule",
        title="Sprague-Grundy: the value of a sum is the nim-sum of the values",
        statement="G(G + H) = G(G) ⊕ G(H), with G + H searched as one game: on every pair of "
        "catalogue heap games with heaps up to 10, and on random game graphs",
        source=LEGNER,
        latex=r"\mathcal{G}(G+H) = \mathcal{G}(G) \oplus \mathcal{G}(H)",
        game="subtraction",
        tags=(*TAGS, "exhaustive", "random"),
        check=_sum_rule,
    ),
    Theorem(
        id="sg-sum-is-ordinary-sum",
        title="Mutant: the value of a sum is the ordinary sum of the values",
        statement="G(G + H) = G(G) + G(H)",
        latex=r"\mathcal{G}(G+H) = \mathcal{G}(G) + \mathcal{G}(H)",
        source=LEGNER,
        game="subtraction",
        tags=(*TAGS, "exhaustive"),
        mutant_of="sg-sum-rule",
        expect=Expectation.FAILS,
        check=_ordinary_sum,
    ),
    Theorem(
        id="sg-g-plus-g",
        title="G + G is a P-position",
        statement="for every game G, the sum G + G is a second-player win (mirroring)",
        source=LEGNER + "; " + NOTES,
        latex=r"G + G \in \mathcal{P}",
        tags=(*TAGS, "equivalence"),
        check=_g_plus_g,
    ),
    Theorem(
        id="sg-add-p-position",
        title="Adding a P-position keeps a game's class",
        statement="if Q is a P-position then G + Q is equivalent to G",
        source=LEGNER,
        latex=r"Q \in \mathcal{P} \implies G + Q \equiv G",
        tags=(*TAGS, "equivalence"),
        check=_add_p_position,
    ),
    Theorem(
        id="sg-equivalent-to-star",
        title="Every game is equivalent to the nimber of its Grundy value",
        statement="G + K and *G(G) + K have the same outcome for every test game K",
        source=LEGNER + "; " + NOTES + ", Sprague-Grundy theorem",
        latex=r"G \equiv *\mathcal{G}(G)",
        tags=(*TAGS, "equivalence"),
        check=_star_equivalence,
    ),
    Theorem(
        id="sg-zero-iff-second-player",
        title="G = 0 iff G is a second-player win",
        statement="G is equivalent to the zero game exactly when G is a P-position",
        source=NOTES,
        latex=r"G \equiv 0 \iff G \in \mathcal{P}",
        tags=(*TAGS, "equivalence"),
        check=_zero_iff_second_player,
    ),
    Theorem(
        id="sg-sum-zero-iff-equal",
        title="G + H = 0 iff G = H",
        statement="G + H is a P-position exactly when G and H are equivalent",
        source=NOTES,
        latex=r"G + H \equiv 0 \iff G \equiv H",
        tags=(*TAGS, "equivalence"),
        check=_sum_zero_iff_equal,
    ),
    Theorem(
        id="sg-star-sum",
        title="*n + *m = *(n ⊕ m)",
        statement="*n + *m + *(n ⊕ m) is a P-position and *n + *m is equivalent to *(n ⊕ m), "
        "for 0 <= n, m <= 7",
        source=NOTES,
        latex=r"*n + *m = *(n \oplus m)",
        game="nim",
        tags=(*TAGS, "equivalence"),
        check=_star_sums,
    ),
    Theorem(
        id="sums-p-plus-p",
        title="P + P = P",
        statement="the sum of two P-positions is a P-position",
        latex=r"G, H \in \mathcal{P} \implies G + H \in \mathcal{P}",
        source=LEGNER + ", sums of games",
        tags=TAGS,
        check=lambda settings: _trees_check(
            ("G", "H"), _outcome_rule(True, True, True), "G, H born by day 3"
        ),
    ),
    Theorem(
        id="sums-p-plus-n",
        title="P + N = N",
        statement="the sum of a P-position and an N-position is an N-position",
        latex=r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{N}",
        source=LEGNER + ", sums of games",
        tags=TAGS,
        check=lambda settings: _trees_check(
            ("G", "H"), _outcome_rule(True, False, False), "G, H born by day 3"
        ),
    ),
    Theorem(
        id="sums-n-plus-n-either",
        title="N + N can be either",
        statement="some sums of two N-positions are P and some are N (both exhibited)",
        latex=r"\exists\, G, H, G', H' \in \mathcal{N}:\ G + H \in \mathcal{P},\ G' + H' \in "
        r"\mathcal{N}",
        source=LEGNER + ", sums of games",
        tags=TAGS,
        check=_n_plus_n_either,
    ),
    Theorem(
        id="sums-n-plus-n-always-n",
        title="Mutant: N + N is always N",
        statement="the sum of two N-positions is an N-position",
        latex=r"G, H \in \mathcal{N} \implies G + H \in \mathcal{N}",
        source=LEGNER + ", sums of games",
        tags=TAGS,
        mutant_of="sums-n-plus-n-either",
        expect=Expectation.FAILS,
        check=lambda settings: _trees_check(
            ("G", "H"), _outcome_rule(False, False, False), "G, H born by day 3"
        ),
    ),
    Theorem(
        id="sg-zero-iff-p",
        title="Grundy value 0 exactly at P-positions",
        statement="G(G) = 0 iff G is a P-position (outcome from the labelling rules)",
        source=LEGNER + ", the Sprague-Grundy function",
        latex=r"\mathcal{G}(G) = 0 \iff G \in \mathcal{P}",
        tags=TAGS,
        check=_zero_iff_p,
    ),
    Theorem(
        id="sg-zero-only-terminal",
        title="Mutant: only the terminal position has Grundy value 0",
        statement="G(G) = 0 iff G has no moves",
        latex=r"\mathcal{G}(G) = 0 \iff G \text{ has no moves}",
        source=LEGNER + ", the Sprague-Grundy function",
        tags=TAGS,
        mutant_of="sg-zero-iff-p",
        expect=Expectation.FAILS,
        check=lambda settings: _trees_check(
            ("G",), lambda g: (_grundy(g) == 0) == (not g), "G born by day 3"
        ),
    ),
    Theorem(
        id="take-away-grundy-closed-form",
        title="Take-away 1..k: G(n) = n mod (k + 1) for every n and every k",
        statement="in the subtraction game S(1, ..., k), the heap n has Grundy value n mod (k+1), "
        "for every n >= 0 and k >= 1 (the induction step proved by Z3)",
        source="000 slides, the take-away game (21 chips, remove 1-3), generalised to 1..k",
        latex=r"\mathcal{G}_{S(1..k)}(n) = n \bmod (k+1)",
        game="take-away",
        tags=("take-away", "z3", "induction", "unbounded"),
        check=lambda settings: prove_take_away_closed_form(
            (lambda n, k: n % (k + 1), lambda n, k: n % (k + 1)),
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
        ),
    ),
    Theorem(
        id="take-away-grundy-mod-k",
        title="Mutant: take-away 1..k has G(n) = n mod k",
        statement="in S(1, ..., k), G(n) = n mod k",
        latex=r"\mathcal{G}_{S(1..k)}(n) = n \bmod k",
        source="000 slides, the take-away game",
        game="take-away",
        tags=("take-away", "z3", "induction"),
        mutant_of="take-away-grundy-closed-form",
        expect=Expectation.FAILS,
        check=lambda settings: prove_take_away_closed_form(
            (lambda n, k: n % k, lambda n, k: n % k),
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
        ),
    ),
    Theorem(
        id="take-away-misere-closed-form",
        title="Misère take-away 1..k: n is P iff n mod (k + 1) = 1",
        statement="in misère play of S(1, ..., k), the heap n is a P-position iff "
        "n mod (k+1) = 1, for every n >= 0 and k >= 1 (the induction step proved by Z3)",
        latex=r"n \in \mathcal{P}^{-}_{S(1..k)} \iff n \bmod (k+1) = 1",
        source="000 slides, the take-away game, misère version",
        game="take-away",
        tags=("take-away", "misere", "z3", "induction", "unbounded"),
        check=lambda settings: prove_take_away_misere(
            (lambda n, k: n % (k + 1) == 1, lambda n, k: n % (k + 1) == 1),
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
        ),
    ),
    Theorem(
        id="take-away-misere-like-normal",
        title="Mutant: misère take-away has the normal P-positions (multiples of k + 1)",
        statement="in misère play of S(1, ..., k), n is P iff n mod (k+1) = 0",
        latex=r"n \in \mathcal{P}^{-}_{S(1..k)} \iff n \bmod (k+1) = 0",
        source="000 slides, the take-away game, misère version",
        game="take-away",
        tags=("take-away", "misere", "z3", "induction"),
        mutant_of="take-away-misere-closed-form",
        expect=Expectation.FAILS,
        check=_heap_drawn(
            lambda settings: prove_take_away_misere(
                (lambda n, k: n % (k + 1) == 0, lambda n, k: n % (k + 1) == 0),
                timeout_ms=settings.z3_timeout_ms,
                seed=settings.seed,
            ),
            "n",
        ),
    ),
]
