"""The induction steps of the Sprague-Grundy facts (notes 003, Legner 001), for Z3.

Each function returns a :class:`~grundy.verify.birthday_induction.BirthdayStep`: the
labelling and mex rules it uses, its induction hypothesis (or the lemmas it rests on) and
its goal, built in the Z3 context of the given symbols, with the same statement on
concrete game trees.  A parameter turns each into a deliberately false variant (a mutant).
"""

from __future__ import annotations

import z3

from grundy.verify.birthday_induction import (
    EMPTY,
    FORMS_BY_DAY_3,
    BirthdayStep,
    Premises,
    Symbols,
    grundy_of,
    is_p,
)
from grundy.verify.game_forms import is_p_sum
from grundy.verify.random_games import Tree, star, tree_sum

__all__ = [
    "add_p_position_step",
    "g_plus_g_step",
    "p_plus_n_step",
    "p_plus_p_step",
    "plus_own_star_step",
    "star_equivalence_step",
    "sum_rule_step",
    "sum_with_zero_step",
    "zero_iff_p_step",
    "zero_iff_second_player_step",
]


def g_plus_g_step(second_player_wins: bool = True) -> BirthdayStep:
    """G + G is P: a move to G' + G (or G + G') is answered by G' + G', P by hypothesis.
    ``second_player_wins=False`` claims G + G is N (a mutant)."""

    def build(s: Symbols) -> Premises:
        hypothesis = z3.ForAll([s.x], z3.Implies(s.opt(s.x, s.g), s.p2(s.x, s.x)))
        goal = s.p2(s.g, s.g) if second_player_wins else z3.Not(s.p2(s.g, s.g))
        return (*s.sum_rules(), s.sum_is_p_at(s.g, s.g)), (hypothesis,), goal

    return BirthdayStep(
        "G + G is P" if second_player_wins else "G + G is N",
        build,
        lambda games: is_p_sum(games[0], games[0]) == second_player_wins,
        description="hypothesis: G' + G' is P for every option G'; the move G + G -> G' + G "
        "(or G + G') has the reply G' + G', so no option of G + G is P",
    )


def zero_iff_p_step(zero_means_p: bool = True) -> BirthdayStep:
    """G(G) = 0 iff G is P (``zero_means_p=False`` claims: iff G is N, a mutant)."""

    def build(s: Symbols) -> Premises:
        def outcome(game: z3.ExprRef) -> z3.BoolRef:
            return s.p1(game) if zero_means_p else z3.Not(s.p1(game))

        hypothesis = z3.ForAll(
            [s.x], z3.Implies(s.opt(s.x, s.g), (s.grundy(s.x) == 0) == outcome(s.x))
        )
        p_at_g = z3.Implies(
            z3.ForAll([s.x], z3.Implies(s.opt(s.x, s.g), z3.Not(s.p1(s.x)))), s.p1(s.g)
        )
        axioms = (*s.single_rules(), p_at_g, *s.zero_mex_rules())
        return axioms, (hypothesis,), (s.grundy(s.g) == 0) == outcome(s.g)

    return BirthdayStep(
        "G(G) = 0 iff G is " + ("P" if zero_means_p else "N"),
        build,
        lambda games: (grundy_of(games[0]) == 0) == (is_p(games[0]) == zero_means_p),
        description="hypothesis: G(G') = 0 iff G' is P for every option G'; G(G) = 0 iff no "
        "option has value 0 (mex), iff no option is P, iff G is P",
    )


def plus_own_star_step(shift: int = 0) -> BirthdayStep:
    """G + *G(G) is P: the Sprague-Grundy theorem's step (notes 003).  A move to G + *m
    (m < n) is answered in G by an option of value m (mex); a move to G' + *n with
    G(G') = k is answered by *n -> *k if k < n, or in G' by an option of value n if k > n.
    ``shift`` claims G + *(G(G) + shift) is P instead (a mutant when not 0)."""

    def build(s: Symbols) -> Premises:
        opt, pstar, grundy = s.opt, s.pstar, s.grundy
        a, c, g, x, i, j, k = s.a, s.c, s.g, s.x, s.i, s.j, s.k
        n = grundy(g) + shift
        rules = (
            z3.ForAll([a, c, j], z3.Implies(z3.And(opt(c, a), pstar(c, j)), z3.Not(pstar(a, j)))),
            z3.ForAll(
                [a, i, j], z3.Implies(z3.And(i >= 0, i < j, pstar(a, i)), z3.Not(pstar(a, j)))
            ),
            z3.Implies(
                z3.And(
                    z3.ForAll([x], z3.Implies(opt(x, g), z3.Not(pstar(x, n)))),
                    z3.ForAll([i], z3.Implies(z3.And(i >= 0, i < n), z3.Not(pstar(g, i)))),
                ),
                pstar(g, n),
            ),
        )
        hypothesis = (
            z3.ForAll([x], z3.Implies(opt(x, g), pstar(x, grundy(x) + shift))),
            z3.ForAll(
                [x, k],
                z3.Implies(
                    z3.And(opt(x, g), k >= 0, k < grundy(x)),
                    pstar(s.mex_witness(x, k), k + shift),
                ),
            ),
        )
        return (*s.mex_rules(), *rules), hypothesis, pstar(g, n)

    def holds(games: tuple[Tree, ...]) -> bool:
        return is_p_sum(games[0], star(grundy_of(games[0]) + shift))

    return BirthdayStep(
        "G + *G(G) is P" if shift == 0 else f"G + *(G(G) + {shift}) is P",
        build,
        holds,
        description="hypothesis: G' + *G(G') is P for every game G' of smaller birthday (the "
        "options of G and their options)",
    )


def p_plus_p_step(sum_is_p: bool = True) -> BirthdayStep:
    """G, H P implies G + H P: a move to G' + H (G' an N-option of G) is answered by
    G'' + H with G'' a P-option of G', P by hypothesis (and likewise in H).
    ``sum_is_p=False`` claims P + P is N (a mutant)."""

    def build(s: Symbols) -> Premises:
        opt, p1, p2, g, h, x, y = s.opt, s.p1, s.p2, s.g, s.h, s.x, s.y
        hypothesis = (
            z3.ForAll([x, y], z3.Implies(z3.And(opt(x, g), opt(y, x), p1(y), p1(h)), p2(y, h))),
            z3.ForAll([x, y], z3.Implies(z3.And(opt(x, h), opt(y, x), p1(y), p1(g)), p2(g, y))),
        )
        conclusion = p2(g, h) if sum_is_p else z3.Not(p2(g, h))
        axioms = (*s.single_rules(), *s.sum_rules(), s.sum_is_p_at(g, h))
        return axioms, hypothesis, z3.Implies(z3.And(p1(g), p1(h)), conclusion)

    return BirthdayStep(
        "P + P is P" if sum_is_p else "P + P is N",
        build,
        lambda games: (
            not (is_p(games[0]) and is_p(games[1])) or is_p_sum(games[0], games[1]) == sum_is_p
        ),
        arity=2,
        description="hypothesis: P + P is P for every pair of smaller birthday sum",
    )


def p_plus_n_step(sum_is_n: bool = True) -> BirthdayStep:
    """G P and H N imply G + H N: H has a P-option H', and G + H' is P (P + P, a lemma
    proved for every game).  ``sum_is_n=False`` claims P + N is P (a mutant)."""

    def build(s: Symbols) -> Premises:
        p1, p2, a, b, g, h = s.p1, s.p2, s.a, s.b, s.g, s.h
        lemma = z3.ForAll([a, b], z3.Implies(z3.And(p1(a), p1(b)), p2(a, b)))
        conclusion = z3.Not(p2(g, h)) if sum_is_n else p2(g, h)
        axioms = (*s.single_rules(), *s.sum_rules())
        return axioms, (lemma,), z3.Implies(z3.And(p1(g), z3.Not(p1(h))), conclusion)

    return BirthdayStep(
        "P + N is N" if sum_is_n else "P + N is P",
        build,
        lambda games: (
            not (is_p(games[0]) and not is_p(games[1])) or is_p_sum(games[0], games[1]) != sum_is_n
        ),
        arity=2,
        description="lemma: P + P is P (for every pair of games); H has a P-option H', and "
        "G + H -> G + H' reaches a P-position",
        induction=False,
    )


def sum_with_zero_step(claimed_p: bool = False) -> BirthdayStep:
    """*0 + G and G + *0 have G's outcome: their options are *0 + G' and G' + *0 for the
    options G' of G.  ``claimed_p=True`` claims *0 + G is always P (a mutant)."""

    def build(s: Symbols) -> Premises:
        opt, p1, p2, g, x, zero = s.opt, s.p1, s.p2, s.g, s.x, s.zero

        def same(game: z3.ExprRef) -> z3.BoolRef:
            if claimed_p:
                return p2(zero, game)
            return z3.And(p2(zero, game) == p1(game), p2(game, zero) == p1(game))

        p_at_g = z3.Implies(z3.ForAll([x], z3.Implies(opt(x, g), z3.Not(p1(x)))), p1(g))
        axioms = (
            *s.single_rules(),
            *s.sum_rules(),
            *s.zero_rules(),
            p_at_g,
            s.sum_is_p_at(zero, g),
            s.sum_is_p_at(g, zero),
        )
        return axioms, (z3.ForAll([x], z3.Implies(opt(x, g), same(x))),), same(g)

    def holds(games: tuple[Tree, ...]) -> bool:
        game, zero = games[0], EMPTY
        if claimed_p:
            return is_p_sum(zero, game)
        return is_p_sum(zero, game) == is_p(game) == is_p_sum(game, zero)

    return BirthdayStep(
        "*0 + G is always P" if claimed_p else "*0 + G and G + *0 have G's outcome",
        build,
        holds,
        description="hypothesis: for every option G', *0 + G' and G' + *0 have the outcome "
        "of G'; the options of *0 + G are the *0 + G'",
    )


def zero_iff_second_player_step(zero_means_terminal: bool = False) -> BirthdayStep:
    """G = *0 (G + K and *0 + K have the same outcome for every game K) iff G is P.  Not
    an induction: from the lemmas P + P = P, P + N = N and *0 + G = G (proved for every
    game), and K = *0 for the converse.  ``zero_means_terminal=True`` claims G = *0 only
    for games without options (a mutant)."""

    def build(s: Symbols) -> Premises:
        opt, p1, p2, a, b, c, g, k, zero = s.opt, s.p1, s.p2, s.a, s.b, s.c, s.g, s.x, s.zero
        lemmas = (
            z3.ForAll([a, b], z3.Implies(z3.And(p1(a), p1(b)), p2(a, b))),
            z3.ForAll([a, b], z3.Implies(z3.And(p1(a), z3.Not(p1(b))), z3.Not(p2(a, b)))),
            z3.ForAll([a], z3.And(p2(zero, a) == p1(a), p2(a, zero) == p1(a))),
        )
        equals_zero = z3.ForAll([k], p2(g, k) == p2(zero, k))
        second = z3.ForAll([c], z3.Not(opt(c, g))) if zero_means_terminal else p1(g)
        return (*s.zero_rules(),), lemmas, equals_zero == second

    def holds(games: tuple[Tree, ...]) -> bool:
        game, zero = games[0], EMPTY
        equals_zero = all(is_p_sum(game, k) == is_p_sum(zero, k) for k in FORMS_BY_DAY_3)
        return equals_zero == (not game if zero_means_terminal else is_p(game))

    return BirthdayStep(
        "G = *0 iff G has no options" if zero_means_terminal else "G = *0 iff G is P",
        build,
        holds,
        description="lemmas: P + P = P, P + N = N, *0 + G and G + *0 have G's outcome (each "
        "for every game); if G is P, G + K and K agree for every K; if G = *0, take K = *0",
        induction=False,
    )


def add_p_position_step(needs_p: bool = True) -> BirthdayStep:
    """If Q is P then G + Q = G: G + Q + K and G + K have the same outcome, for every K.

    By induction on the birthday of G + Q + K.  If G + K is P, every move in G or K leads
    to an N-position (hypothesis) and a move Q -> Q' is answered by Q' -> Q'', a P-option,
    reaching G + Q'' + K, P by hypothesis; if G + K is N, its winning move in G or K also
    wins in G + Q + K (hypothesis).  ``needs_p=False`` drops "Q is P" (a mutant)."""

    def build(s: Symbols) -> Premises:
        opt, p1, p2, p3 = s.opt, s.p1, s.p2, s.p3
        a, b, c, g, k, q, x = s.a, s.b, s.c, s.g, s.h, s.q, s.x
        rules = (
            z3.ForAll(
                [a, b, c, x], z3.Implies(z3.And(opt(x, a), p3(x, b, c)), z3.Not(p3(a, b, c)))
            ),
            z3.ForAll(
                [a, b, c, x], z3.Implies(z3.And(opt(x, b), p3(a, x, c)), z3.Not(p3(a, b, c)))
            ),
            z3.ForAll(
                [a, b, c, x], z3.Implies(z3.And(opt(x, c), p3(a, b, x)), z3.Not(p3(a, b, c)))
            ),
            z3.Implies(
                z3.And(
                    z3.ForAll([x], z3.Implies(opt(x, g), z3.Not(p3(x, q, k)))),
                    z3.ForAll([x], z3.Implies(opt(x, q), z3.Not(p3(g, x, k)))),
                    z3.ForAll([x], z3.Implies(opt(x, k), z3.Not(p3(g, q, x)))),
                ),
                p3(g, q, k),
            ),
            z3.ForAll(
                [a, b],
                z3.Implies(
                    z3.Not(p2(a, b)),
                    z3.Or(
                        z3.And(opt(s.first(a, b), a), p2(s.first(a, b), b)),
                        z3.And(opt(s.second(a, b), b), p2(a, s.second(a, b))),
                    ),
                ),
            ),
        )
        hypothesis = (
            z3.ForAll([x], z3.Implies(opt(x, g), p3(x, q, k) == p2(x, k))),
            z3.ForAll([x], z3.Implies(opt(x, k), p3(g, q, x) == p2(g, x))),
            # for the P-option Q'' of each option Q' of Q (a smaller triple, Q'' P)
            z3.ForAll(
                [x],
                z3.Implies(
                    z3.And(opt(x, q), z3.Not(p1(x))),
                    p3(g, s.p_option(x), k) == p2(g, k),
                ),
            ),
        )
        if not needs_p:  # the hypothesis, like the claim, for every Q
            hypothesis = (
                *hypothesis[:2],
                z3.ForAll([x], z3.Implies(opt(x, q), p3(g, x, k) == p2(g, k))),
            )
        claim = p3(g, q, k) == p2(g, k)
        goal = z3.Implies(p1(q), claim) if needs_p else claim
        # The instances the argument uses, spelled out so that Z3 need not guess them: a
        # P-option of G + Q + K if it is not P (u1, u2, u3 in each summand), a P-option of
        # G + K if that is N, the rules and hypotheses at those options.
        u1, u2, u3 = (z3.Const(f"u{n}", g.sort()) for n in (1, 2, 3))
        reply = s.p_option(u2)
        first, second = s.first(g, k), s.second(g, k)
        instances = (
            z3.Implies(
                z3.Not(p3(g, q, k)),
                z3.Or(
                    z3.And(opt(u1, g), p3(u1, q, k)),
                    z3.And(opt(u2, q), p3(g, u2, k)),
                    z3.And(opt(u3, k), p3(g, q, u3)),
                ),
            ),
            z3.Implies(z3.And(opt(u1, g), p2(u1, k)), z3.Not(p2(g, k))),
            z3.Implies(z3.And(opt(u3, k), p2(g, u3)), z3.Not(p2(g, k))),
            z3.Implies(z3.And(opt(u2, q), p1(u2)), z3.Not(p1(q))),
            z3.Implies(z3.Not(p1(u2)), z3.And(opt(reply, u2), p1(reply))),
            z3.Implies(z3.And(opt(reply, u2), p3(g, reply, k)), z3.Not(p3(g, u2, k))),
            z3.Implies(
                z3.Not(p2(g, k)),
                z3.Or(z3.And(opt(first, g), p2(first, k)), z3.And(opt(second, k), p2(g, second))),
            ),
            z3.Implies(z3.And(opt(first, g), p3(first, q, k)), z3.Not(p3(g, q, k))),
            z3.Implies(z3.And(opt(second, k), p3(g, q, second)), z3.Not(p3(g, q, k))),
        )
        return (*s.single_rules(), *s.sum_rules(), *rules, *instances), hypothesis, goal

    def holds(games: tuple[Tree, ...]) -> bool:
        game, extra = games
        if needs_p and not is_p(extra):
            return True
        return all(is_p_sum(tree_sum(game, extra), k) == is_p_sum(game, k) for k in FORMS_BY_DAY_3)

    return BirthdayStep(
        "Q P implies G + Q = G" if needs_p else "G + Q = G for every Q",
        build,
        holds,
        arity=2,
        names=("G", "Q"),
        description="hypothesis: the statement for every smaller G' + Q' + K' with Q' P "
        "(options of G or K, and P-options Q'' of the options of Q)",
    )


def sum_rule_step(rule: str = "nim-sum") -> BirthdayStep:
    """G(G + H) = G(G) ⊕ G(H): the Sprague-Grundy theorem for sums (Legner's outline).

    G(G + H) is the mex of the values of G' + H and G + H'.  With the mex lemma for ⊕ (a
    lemma proved for every natural number, given as facts about an uninterpreted ⊕): every
    y < s = G(G) ⊕ G(H) is the value of an option (lower G to the option of value y ⊕ G(H),
    or H likewise), and no option has value s (cancellation: options of G have values other
    than G(G)).  So the mex is s.  ``rule="sum"`` claims the ordinary sum (a mutant).
    """

    def build(s: Symbols) -> Premises:
        opt, grundy, value2, f = s.opt, s.grundy, s.grundy2, s.nim_sum
        a, b, g, h, x = s.a, s.b, s.g, s.h, s.x
        i, j, k = s.i, s.j, s.k
        lemma_values = (
            z3.ForAll([i, j], z3.Implies(z3.And(i >= 0, j >= 0), f(i, j) >= 0)),
            z3.ForAll(
                [i, j, k],
                z3.Implies(
                    z3.And(i >= 0, j >= 0, k >= 0, k < f(i, j)),
                    z3.Or(
                        z3.And(f(k, j) >= 0, f(k, j) < i, f(f(k, j), j) == k),
                        z3.And(f(k, i) >= 0, f(k, i) < j, f(i, f(k, i)) == k),
                    ),
                ),
            ),
            z3.ForAll(
                [i, j, k],
                z3.Implies(z3.And(i >= 0, j >= 0, k >= 0, i != k), f(i, j) != f(k, j)),
            ),
            z3.ForAll(
                [i, j, k],
                z3.Implies(z3.And(i >= 0, j >= 0, k >= 0, j != k), f(i, j) != f(i, k)),
            ),
        )
        here = value2(g, h)
        mex_here = (
            here >= 0,
            z3.ForAll([x], z3.Implies(opt(x, g), value2(x, h) != here)),
            z3.ForAll([x], z3.Implies(opt(x, h), value2(g, x) != here)),
            z3.ForAll(
                [k],
                z3.Implies(
                    z3.And(k >= 0, k < here),
                    z3.Or(
                        z3.And(opt(s.reach_first(k), g), value2(s.reach_first(k), h) == k),
                        z3.And(opt(s.reach_second(k), h), value2(g, s.reach_second(k)) == k),
                    ),
                ),
            ),
        )

        def claimed(left: z3.ArithRef, right: z3.ArithRef) -> z3.ArithRef:
            return f(left, right) if rule == "nim-sum" else left + right

        hypothesis = (
            z3.ForAll([x], z3.Implies(opt(x, g), value2(x, h) == claimed(grundy(x), grundy(h)))),
            z3.ForAll([x], z3.Implies(opt(x, h), value2(g, x) == claimed(grundy(g), grundy(x)))),
        )
        del a, b
        # The instances the argument uses, spelled out so that Z3 need not guess them:
        # the lemma at (G(G), G(H), G(G + H)), the options of the values it names, and the
        # option of value s that a larger mex would need.
        left, right = grundy(g), grundy(h)
        total = f(left, right)
        lower_g, lower_h = f(here, right), f(here, left)
        at_g, at_h = s.mex_witness(g, lower_g), s.mex_witness(h, lower_h)
        first, second = s.reach_first(total), s.reach_second(total)
        instances = (
            z3.Implies(
                z3.And(here >= 0, here < total),
                z3.Or(
                    z3.And(lower_g >= 0, lower_g < left, f(lower_g, right) == here),
                    z3.And(lower_h >= 0, lower_h < right, f(left, lower_h) == here),
                ),
            ),
            z3.Implies(
                z3.And(lower_g >= 0, lower_g < left),
                z3.And(opt(at_g, g), grundy(at_g) == lower_g),
            ),
            z3.Implies(
                z3.And(lower_h >= 0, lower_h < right),
                z3.And(opt(at_h, h), grundy(at_h) == lower_h),
            ),
            z3.Implies(
                z3.And(total >= 0, total < here),
                z3.Or(
                    z3.And(opt(first, g), value2(first, h) == total),
                    z3.And(opt(second, h), value2(g, second) == total),
                ),
            ),
            z3.Implies(grundy(first) != left, f(grundy(first), right) != total),
            z3.Implies(grundy(second) != right, f(left, grundy(second)) != total),
        )
        axioms = (*s.mex_rules(), *lemma_values, *mex_here, *instances)
        return axioms, hypothesis, here == claimed(left, right)

    def holds(games: tuple[Tree, ...]) -> bool:
        left, right = games
        whole = grundy_of(tree_sum(left, right))
        a, b = grundy_of(left), grundy_of(right)
        return whole == (a ^ b if rule == "nim-sum" else a + b)

    return BirthdayStep(
        "G(G + H) = G(G) ⊕ G(H)" if rule == "nim-sum" else "G(G + H) = G(G) + G(H)",
        build,
        holds,
        arity=2,
        description="hypothesis: the rule for every option G' + H and G + H'; lemma: the mex "
        "lemma for ⊕ on natural numbers (sg-mex-lemma)",
    )


def star_equivalence_step(shift: int = 0) -> BirthdayStep:
    """G = *G(G): G + K and K + *G(G) have the same outcome for every game K.  Not an
    induction: by the sum rule and "value 0 iff P" (each proved for every game), G + K is
    P iff G(G) ⊕ G(K) = 0, and K + *n is P iff G(K) ⊕ n = 0, since G(*n) = n (the value of
    one Nim heap); ⊕ commutes.  ``shift`` claims G = *(G(G) + shift) (a mutant when not 0)."""

    def build(s: Symbols) -> Premises:
        p2, pstar, grundy, f = s.p2, s.pstar, s.grundy, s.nim_sum
        a, b, g, k, i, j = s.a, s.b, s.g, s.h, s.i, s.j
        lemmas = (
            # a + b is P iff G(a + b) = G(a) ⊕ G(b) is 0
            z3.ForAll([a, b], p2(a, b) == (f(grundy(a), grundy(b)) == 0)),
            # a + *j is P iff G(a + *j) = G(a) ⊕ G(*j) = G(a) ⊕ j is 0
            z3.ForAll([a, j], z3.Implies(j >= 0, pstar(a, j) == (f(grundy(a), j) == 0))),
            z3.ForAll([i, j], z3.Implies(z3.And(i >= 0, j >= 0), f(i, j) == f(j, i))),
        )
        n = grundy(g) + shift
        return (z3.ForAll([a], grundy(a) >= 0),), lemmas, p2(g, k) == pstar(k, n)

    def holds(games: tuple[Tree, ...]) -> bool:
        game, other = games
        return is_p_sum(game, other) == is_p_sum(other, star(grundy_of(game) + shift))

    return BirthdayStep(
        "G = *G(G)" if shift == 0 else f"G = *(G(G) + {shift})",
        build,
        holds,
        arity=2,
        description="lemmas: the sum rule, value 0 iff P, the value of a single Nim heap and "
        "the commutativity of ⊕ (each proved with no bound); G + K is P iff G(G) ⊕ G(K) = 0 "
        "iff K + *G(G) is P",
        induction=False,
        names=("G", "K"),
    )
