"""Sums of games, the Sprague-Grundy theorem and game equivalence (Legner 001, notes 003).

Outcomes here come from the notes' labelling rules (a position is N iff some move reaches
a P-position) applied to the *whole* sum, never from Grundy values, so the sum rule is
tested rather than assumed.  Test games:

- every game form born by day 4 (65,536 of them, :mod:`grundy.verify.game_forms`);
- random acyclic game graphs whose top node is born on day 5 or later (hypothesis), so
  the random search starts where the exhaustive check stops;
- catalogue heap games (Nim, subtraction games, Kayles, Grundy's game).

"G is equivalent to H" is tested against every game K born by day 3: G + K and H + K have
the same outcome.  That is the definition restricted to a finite set of test games, and
every scope says so.  Each theorem that combines the exhaustive and the random engine has
a mutant whose only counterexamples are small forms (beyond the random graphs, which are
all born after day 4) and, where one exists, a mutant whose only counterexamples are born
after day 4 (beyond the exhaustive check).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import strategies as st

from grundy.declare import listing, mutant, mutant_title, section, theorem
from grundy.games.catalogue import create_game
from grundy.library import CheckSettings
from grundy.solve.solver import Solver
from grundy.theory.nim_sum_laws import mex_lemma_laws
from grundy.verdict import Verdict, combine_verdicts
from grundy.verify.bit_induction import prove_chain
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.form_checks import (
    FORMS,
    equivalent_to_star,
    forms_check,
    has_moves,
)
from grundy.verify.game_forms import DayFourForms
from grundy.verify.random_games import (
    GraphGame,
    TreeGame,
    WholeSum,
    born_by,
    deep_graph_games,
    first_player_wins,
    longest_play,
    star,
    tree_sum,
)
from grundy.verify.random_search import search_random

LEGNER = "001 Legner, sums of games and the Sprague-Grundy function"
NOTES = "003 notes, abstract impartial games"
TAGS = ("sprague-grundy", "sums")

TREES = TreeGame()
DAY_3 = born_by(3)
BY_NAME = {TREES.format(tree): tree for tree in DAY_3}
NAMES = list(BY_NAME)
DAY_4 = f"all {FORMS:,} game forms G born by day 4"
# Equivalence is judged beside a finite set of games; every statement names it.
AGAINST = "equivalent meaning: the same outcome beside every K born by day 3"


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


# -- random game graphs born after day 4 -------------------------------------------------------


def _deep_graphs(pairs: bool = False):
    graphs = deep_graph_games()
    if pairs:
        return st.fixed_dictionaries({"left": graphs, "right": graphs})
    return st.fixed_dictionaries({"left": graphs})


def _graph_size(case) -> int:
    return sum(len(case[key].successors) for key in ("left", "right") if key in case)


def _root(game: GraphGame) -> int:
    return len(game.successors) - 1


def _random(settings: CheckSettings, holds, scope: str, *, pairs: bool = False) -> Verdict:
    examples = 60 if settings.quick else max(settings.random_examples // 8, 100)
    return search_random(
        _deep_graphs(pairs),
        holds,
        seed=settings.seed,
        examples=examples,
        scope=f"random: {scope} (top nodes of acyclic graphs of 6 to 10 nodes, born on day "
        "5 or later)",
        size=lambda case: _graph_size(case),
        explain=lambda case: {
            key: case[key].options()["successors"] for key in ("left", "right") if key in case
        },
    )


def _g_plus_g_graph(longest: int | None = None):
    def holds(case) -> bool:
        game: GraphGame = case["left"]
        root, both = _root(game), WholeSum((case["left"], case["left"]))
        if longest is not None and longest_play(both, (root, root)) > longest:
            return False
        return not first_player_wins(both, (root, root))

    return holds


def _star_equivalence_graph(value_of: Callable[[int, bool], int]):
    def holds(case) -> bool:
        game: GraphGame = case["left"]
        root = _root(game)
        value = value_of(Solver(game).grundy_value(root), not game.successors[root])
        mixed = WholeSum((game, TREES))
        return all(
            first_player_wins(mixed, (root, test)) == (not _is_p(star(value), test))
            for test in DAY_3
        )

    return holds


def _zero_iff_p_graph(is_zero: Callable[[int, bool], bool]):
    def holds(case) -> bool:
        game: GraphGame = case["left"]
        root = _root(game)
        zero = is_zero(Solver(game).grundy_value(root), bool(game.successors[root]))
        return zero == (not first_player_wins(game, root))

    return holds


# -- catalogue games ---------------------------------------------------------------------------


def _catalogue_games():
    games = [create_game("nim"), create_game("subtraction", {"set": [1, 2, 3]})]
    games.append(create_game("subtraction", {"set": [2, 5]}))
    for name in ("kayles", "grundys-game"):
        games.append(create_game(name))
    return games


@dataclass(frozen=True, slots=True)
class Summand:
    """What a claimed sum rule may use of one summand: its value and its options' values."""

    value: int
    option_values: tuple[int, ...]

    @classmethod
    def of(cls, game: Any, position: Any) -> Summand:
        solver = Solver(game, plain=True)
        options = tuple(sorted(solver.grundy_value(o) for o in game.moves(position)))
        return cls(solver.grundy_value(position), options)


SumRule = Callable[[Summand, Summand], int]
"""The claimed value of G + H from what is known of G and H."""


def _xor(g: Summand, h: Summand) -> int:
    return g.value ^ h.value


def _sum_rule_catalogue(settings: CheckSettings, combine: SumRule = _xor) -> Verdict:
    bound = 5 if settings.quick else 10
    games = _catalogue_games()
    solvers = {}

    def holds(case) -> bool:
        left, right = games[case["G"]], games[case["H"]]
        key = (case["G"], case["H"])
        if key not in solvers:
            solvers[key] = Solver(WholeSum((left, right)), plain=True)
        whole = solvers[key].grundy_value(((case["a"],), (case["b"],)))
        return whole == combine(Summand.of(left, (case["a"],)), Summand.of(right, (case["b"],)))

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


def _sum_rule_graphs(combine: SumRule):
    def holds(case) -> bool:
        left, right = case["left"], case["right"]
        u, v = _root(left), _root(right)
        whole = Solver(WholeSum((left, right)), plain=True).grundy_value((u, v))
        return whole == combine(Summand.of(left, u), Summand.of(right, v))

    return holds


def _sum_rule(combine: SumRule):
    def check(settings: CheckSettings) -> Verdict:
        return combine_verdicts(
            [
                _sum_rule_catalogue(settings, combine),
                _random(settings, _sum_rule_graphs(combine), "two game graphs", pairs=True),
            ]
        )

    return check


def _empty_absorbs(g: Summand, h: Summand) -> int:
    return g.value ^ h.value if g.option_values and h.option_values else 0


def _redundant(summand: Summand) -> bool:
    """Every option below the summand's value, and at least two options that repeat a
    value: no catalogue heap position up to 10 is like this, many random graphs are."""
    options = summand.option_values
    below = all(value < summand.value for value in options)
    return below and len(options) - len(set(options)) >= 2


def _redundancy_counts(g: Summand, h: Summand) -> int:
    return (g.value + _redundant(g)) ^ (h.value + _redundant(h))


# -- the checks --------------------------------------------------------------------------------


def _mex_lemma(sides: str = "both", strict: bool = True):
    def check(settings: CheckSettings) -> Verdict:
        return prove_chain(
            mex_lemma_laws(sides, strict), timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        )

    return check


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
            _sum_rule_catalogue(settings, combine=lambda g, h: g.value + h.value),
        ]
    )


def _g_plus_g(needs_a_move: bool = False, longest: int | None = None):
    def statement(forms: DayFourForms) -> np.ndarray:
        holds = forms.p4_plus_self.copy()
        if needs_a_move:
            holds &= has_moves(forms)
        if longest is not None:  # G + G lasts twice as long as G's longest play
            holds &= 2 * forms.birthday4 <= longest
        return holds

    def check(settings: CheckSettings) -> Verdict:
        exhaustive = forms_check(statement, DAY_4)(settings)
        graph = _g_plus_g_graph(longest)
        if needs_a_move:
            inner = graph

            def graph(case) -> bool:
                return bool(case["left"].successors[_root(case["left"])]) and inner(case)

        return combine_verdicts([exhaustive, _random(settings, graph, "G + G")])

    return check


def _star_equivalence(value_of: Callable[[int, bool], int]):
    def statement(forms: DayFourForms) -> np.ndarray:
        values = np.array(
            [value_of(int(v), m == 0) for m, v in enumerate(forms.grundy4)], dtype=np.int64
        )
        in_table = values < forms.pstar3.shape[0]
        safe = np.where(in_table, values, 0)
        return in_table & equivalent_to_star(forms, safe)

    def check(settings: CheckSettings) -> Verdict:
        return combine_verdicts(
            [
                forms_check(statement, f"{DAY_4}, {AGAINST}")(settings),
                _random(settings, _star_equivalence_graph(value_of), f"G, {AGAINST}"),
            ]
        )

    return check


def _star_sums(rule: Callable[[int, int], int]):
    def check(settings: CheckSettings) -> Verdict:
        bound = 5 if settings.quick else 7

        def holds(case) -> bool:
            n, m = case["n"], case["m"]
            value = rule(n, m)
            return _is_p(star(n), star(m), star(value)) and _equivalent(
                (star(n), star(m)), star(value)
            )

        return check_exhaustive(
            integer_cases({"n": (0, bound), "m": (0, bound)}),
            holds,
            scope=f"bounded: 0 <= n, m <= {bound}, {AGAINST}",
        )

    return check


def _zero_iff_p(is_zero: Callable[[int, bool], bool]):
    def statement(forms: DayFourForms) -> np.ndarray:
        moves = has_moves(forms)
        pairs = zip(forms.grundy4, moves, strict=True)
        zero = np.array([is_zero(int(value), bool(moving)) for value, moving in pairs])
        return zero == forms.p4

    def check(settings: CheckSettings) -> Verdict:
        return combine_verdicts(
            [
                forms_check(statement, DAY_4)(settings),
                _random(settings, _zero_iff_p_graph(is_zero), "G"),
            ]
        )

    return check


THEOREMS = listing(
    section(LEGNER, game="nim", tags=(*TAGS, "z3", "induction", "unbounded")),
    theorem(
        "sg-mex-lemma",
        "The mex lemma behind the sum rule, for all natural numbers",
        "for all natural numbers a, b (any bit width): every y < a ⊕ b is a' ⊕ b for "
        "some a' < a or a ⊕ b' for some b' < b, and no option a' ⊕ b (a' < a) or a ⊕ b' "
        "(b' < b) equals a ⊕ b; with four cancellation lemmas, each proved by induction on "
        "the number of binary digits (each step proved by machine)",
        r"\operatorname{mex}\{a' \oplus b, a \oplus b' : a' < a, b' < b\} = a \oplus b",
        _mex_lemma(),
    ),
    mutant(
        "sg-mex-lemma-lower-a-only",
        mutant_title("every smaller value is reached by lowering the first heap"),
        "every y < a ⊕ b is a' ⊕ b for some a' < a",
        r"y < a \oplus b \implies \exists a' < a:\ a' \oplus b = y",
        _mex_lemma(sides="a"),
        tags=(*TAGS, "z3", "induction"),
    ),
    mutant(
        "sg-mex-lemma-reaches-the-sum",
        mutant_title("the options of a + b reach a ⊕ b too"),
        "every y <= a ⊕ b is a' ⊕ b for some a' < a or a ⊕ b' for some b' < b",
        r"y \le a \oplus b \implies \exists a' < a:\ a' \oplus b = y \vee \exists b' < b:\ "
        r"a \oplus b' = y",
        _mex_lemma(strict=False),
        tags=(*TAGS, "z3", "induction"),
    ),
    section(LEGNER, game="subtraction", tags=(*TAGS, "exhaustive", "random")),
    theorem(
        "sg-sum-rule",
        "Sprague-Grundy: the value of a sum is the nim-sum of the values",
        "G(G + H) = G(G) ⊕ G(H), for G and H heaps of up to 10 in Nim, subtraction games, "
        "Kayles or Grundy's game, and for random game graphs born after day 4.  G + H is "
        "searched as one game.",
        r"\mathcal{G}(G+H) = \mathcal{G}(G) \oplus \mathcal{G}(H)",
        _sum_rule(_xor),
        implied_by="sg-sum-rule-every-game",
    ),
    mutant(
        "sg-sum-is-ordinary-sum",
        mutant_title("the value of a sum is the ordinary sum of the values"),
        "G(G + H) = G(G) + G(H)",
        r"\mathcal{G}(G+H) = \mathcal{G}(G) + \mathcal{G}(H)",
        _ordinary_sum,
        tags=(*TAGS, "exhaustive"),
    ),
    mutant(
        "sg-sum-empty-absorbs",
        mutant_title("the empty game absorbs a sum"),
        "G(G + H) = G(G) ⊕ G(H) when G and H both have moves, and G + H has value 0 when one "
        "of them is the empty game (0 taken as absorbing, as in a product).  Only sums with an "
        "empty summand can refute it, and the random graphs have none.",
        r"\mathcal{G}(G + 0) = 0",
        _sum_rule(_empty_absorbs),
    ),
    mutant(
        "sg-sum-redundant-options-count",
        mutant_title("repeated options raise a summand's value"),
        "G(G + H) = G'(G) ⊕ G'(H), where G'(X) is G(X) + 1 when every option of X has a "
        "value below G(X) and at least two options repeat a value already taken (the repeats "
        "taken to count), and G(X) otherwise.  A planted error that only summands with "
        "redundant options can show: the catalogue heap positions up to 10 have none, and "
        "random game graphs often do.",
        r"\mathcal{G}(G+H) = \mathcal{G}'(G) \oplus \mathcal{G}'(H)",
        _sum_rule(_redundancy_counts),
    ),
    section(LEGNER + "; " + NOTES, tags=(*TAGS, "equivalence")),
    theorem(
        "sg-g-plus-g",
        "G + G is a P-position",
        "for every game G born by day 4, and for random game graphs born after day 4, the "
        "sum G + G is a second-player win (mirroring).  The sum's outcome is searched by the "
        "labelling rules.",
        r"G + G \in \mathcal{P}",
        _g_plus_g(),
        implied_by="sg-g-plus-g-every-game",
    ),
    mutant(
        "sg-g-plus-g-has-a-move",
        mutant_title("G + G is a P-position in which the first player has a move"),
        "for every G, G + G is a P-position with a move.  It forgets the empty game; only "
        "G = 0 refutes it.",
        r"G + G \in \mathcal{P} \setminus \{0\}",
        _g_plus_g(needs_a_move=True),
        tags=TAGS,
    ),
    mutant(
        "sg-g-plus-g-within-8-moves",
        mutant_title("the mirror strategy ends G + G within 8 moves"),
        "for every G, G + G is a P-position and its longest play has at most 8 moves.  True "
        "for every form born by day 4; only games born later refute it.",
        r"G + G \in \mathcal{P},\ \text{longest play of } G + G \le 8",
        _g_plus_g(longest=8),
        tags=TAGS,
    ),
    section(LEGNER + "; " + NOTES + ", Sprague-Grundy theorem", tags=(*TAGS, "equivalence")),
    theorem(
        "sg-equivalent-to-star",
        "Every game is equivalent to the nimber of its Grundy value",
        "for every form G born by day 4, and for random game graphs born after day 4, G + K "
        "and *G(G) + K have the same outcome for every K born by day 3",
        r"G \equiv *\mathcal{G}(G)",
        _star_equivalence(lambda value, terminal: value),
        implied_by="sg-equivalent-to-star-every-game",
    ),
    mutant(
        "sg-equivalent-to-star-empty-is-one",
        mutant_title("the empty game is equivalent to *1"),
        "every game G is equivalent to *G(G), except the empty game, taken as *1 (the mex of "
        "the empty set misread as 1).  Only G = 0 refutes it.",
        r"0 \equiv {*1}",
        _star_equivalence(lambda value, terminal: 1 if terminal else value),
        source=LEGNER + "; " + NOTES,
        tags=TAGS,
    ),
    mutant(
        "sg-equivalent-to-star-mod-5",
        mutant_title("every game is equivalent to *(G(G) mod 5)"),
        "every game G is equivalent to *(G(G) mod 5).  The same for every form born by day "
        "4, whose values are at most 4; only games born later refute it.",
        r"G \equiv *(\mathcal{G}(G) \bmod 5)",
        _star_equivalence(lambda value, terminal: value % 5),
        source=LEGNER + "; " + NOTES,
        tags=TAGS,
    ),
    section(NOTES, game="nim", tags=(*TAGS, "equivalence")),
    theorem(
        "sg-star-sum",
        "*n + *m = *(n ⊕ m)",
        "*n + *m + *(n ⊕ m) is a P-position and *n + *m is equivalent to *(n ⊕ m), "
        "for 0 <= n, m <= 7 (" + AGAINST + ")",
        r"*n + *m = *(n \oplus m)",
        _star_sums(lambda n, m: n ^ m),
    ),
    mutant(
        "sg-star-sum-or",
        mutant_title("*n + *m = *(n OR m)"),
        "*n + *m + *(n OR m) is a P-position and *n + *m is equivalent to *(n OR m), for "
        "0 <= n, m <= 7, where OR is taken bit by bit",
        r"*n + *m = *(n \mathbin{|} m)",
        _star_sums(lambda n, m: n | m),
        tags=TAGS,
    ),
    section(LEGNER + ", the Sprague-Grundy function", tags=TAGS),
    theorem(
        "sg-zero-iff-p",
        "Grundy value 0 exactly at P-positions",
        "G(G) = 0 iff G is a P-position, for every form G born by day 4 and random game "
        "graphs born after day 4.  The outcome comes from the labelling rules.",
        r"\mathcal{G}(G) = 0 \iff G \in \mathcal{P}",
        _zero_iff_p(lambda value, moves: value == 0),
        implied_by="sg-zero-iff-p-every-game",
    ),
    mutant(
        "sg-zero-only-terminal",
        mutant_title("only the terminal position has Grundy value 0"),
        "G(G) = 0 iff G has no moves",
        r"\mathcal{G}(G) = 0 \iff G \text{ has no moves}",
        lambda settings: _trees_check(
            ("G",), lambda g: (_grundy(g) == 0) == (not g), "G born by day 3"
        ),
    ),
    mutant(
        "sg-zero-iff-p-with-a-move",
        mutant_title("value 0 means P with a move to answer"),
        "G(G) = 0 iff G is a P-position that has a move.  It forgets the empty game; only "
        "G = 0 refutes it.",
        r"\mathcal{G}(G) = 0 \iff G \in \mathcal{P},\ G \ne 0",
        _zero_iff_p(lambda value, moves: value == 0 and moves),
    ),
    mutant(
        "sg-zero-iff-p-mod-5",
        mutant_title("G(G) mod 5 = 0 exactly at P-positions"),
        "G(G) ≡ 0 (mod 5) iff G is a P-position.  The same for every form born by day 4, "
        "whose values are at most 4; only games born later refute it.",
        r"\mathcal{G}(G) \equiv 0 \pmod 5 \iff G \in \mathcal{P}",
        _zero_iff_p(lambda value, moves: value % 5 == 0),
    ),
)
