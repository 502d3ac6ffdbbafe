"""The Sprague-Grundy facts for every finite game, by induction on the birthday (notes 003).

Each theorem's induction step is proved by Z3 for an arbitrary game with arbitrarily
many options (:mod:`grundy.verify.birthday_induction`): games are an uninterpreted sort,
"x is an option of g" an uninterpreted relation, and outcomes obey the notes' labelling
rules.  Strong induction on the birthday turns each step into the statement for every
finite impartial game.  The same statements are checked on concrete games (every form
born by day 4, random game graphs) in sprague_grundy.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from grundy.declare import Declared, listing, mutant, mutant_title, section, theorem
from grundy.library import CheckSettings
from grundy.tasks import DEFAULT_COST
from grundy.theory.sprague_grundy_steps import (
    add_p_position_step,
    g_plus_g_step,
    p_plus_n_step,
    p_plus_p_step,
    plus_own_star_step,
    star_equivalence_step,
    sum_rule_step,
    sum_with_zero_step,
    zero_iff_p_step,
    zero_iff_second_player_step,
)
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from grundy.verify.birthday_induction import BirthdayStep, prove_birthday_step

LEGNER = "001 Legner, sums of games and the Sprague-Grundy function"
NOTES = "003 notes, abstract impartial games"
TAGS = ("sprague-grundy", "induction", "z3")
# How it was shown, set apart from the statement by two spaces (the handout states the
# theorem alone; the record keeps this): birthdays are not the course's words.
BY_BIRTHDAY = (
    ".  By induction on the birthday of the game, each step proved by machine for an "
    "arbitrary game."
)
"""How a theorem is proved, said after its statement unless it says otherwise."""


_Proved = tuple[str, str, str, str, BirthdayStep, tuple[str, ...]]
"""A theorem: id, title, statement, LaTeX, its birthday step and the ids it assumes."""
_Wrong = tuple[str, str, str, str, BirthdayStep, float]
"""A mutant: id, what it claims, statement, LaTeX, its birthday step and its cost."""


def _step(step: BirthdayStep, assumes: tuple[Assumption, ...] = ()):
    def check(settings: CheckSettings) -> Verdict:
        verdict = prove_birthday_step(step, timeout_ms=settings.z3_timeout_ms, seed=settings.seed)
        if verdict.status is Status.PROVED and assumes:
            verdict = replace(verdict, assumes=assumes)
        return verdict

    return check


# The proofs a lecturer gives in class (Theorem.proof): the handout prints them.
PROOFS = {
    "sg-sum-rule-every-game": (
        "By induction on the length of the longest play of G + H. Let a = G(G) and "
        "b = G(H). An option of G + H is G′ + H or G + H′, of value G(G′) ⊕ b or a ⊕ G(H′) "
        "by induction. None of them is a ⊕ b: G(G′) ≠ a, since a is the mex of the values "
        "of the options of G, and adding b to both sides keeps them different; the same "
        "holds on the side of H. Every c < a ⊕ b is the value of an option: let d = "
        "c ⊕ a ⊕ b and 2ᵏ its leading binary digit. Column k is the first where c and "
        "a ⊕ b differ, so a ⊕ b has a 1 there, and so has a or b, say a. Then a ⊕ d < a, "
        "so some option G′ has value a ⊕ d, and G′ + H has value a ⊕ d ⊕ b = c. So the "
        "mex of the values of the options of G + H is a ⊕ b."
    ),
    "sg-equivalent-to-star-every-game": (
        "Let n = G(G) and K be any game. A position is a P-position exactly when its value "
        "is 0, so by the sum rule G + K is a P-position exactly when n ⊕ G(K) = 0. A single "
        "Nim heap of n has value n, so *n + K is a P-position exactly when n ⊕ G(K) = 0 as "
        "well. The two sums therefore have the same outcome for every K, which is what "
        "G = *n means."
    ),
}


def _lessons(*lessons: tuple[str | None, _Proved, str, _Wrong]) -> Iterator[Declared]:
    """A section (unless None: the one above goes on), its theorem proved by a birthday
    step, and the theorem's mutant from the source that states it, all tagged ``TAGS``."""
    for heading, proved, source, wrong in lessons:
        if heading is not None:
            yield section(heading, tags=(*TAGS, "unbounded"))
        identifier, title, statement, latex, step, assumed = proved
        assumes = tuple(Assumption(lemma, UNBOUNDED) for lemma in assumed)
        yield theorem(
            identifier,
            title,
            statement,
            latex,
            _step(step, assumes),
            proof=PROOFS.get(identifier),
        )
        identifier, claim, statement, latex, step, cost = wrong
        yield mutant(
            identifier,
            mutant_title(claim),
            statement,
            latex,
            _step(step),
            source=source,
            tags=TAGS,
            cost=cost,
        )


THEOREMS = listing(
    _lessons(
        (
            LEGNER + "; " + NOTES,
            (
                "sg-g-plus-g-every-game",
                "G + G is a P-position, for every finite game",
                "for every finite impartial game G, G + G is a second-player win: the second "
                "player mirrors" + BY_BIRTHDAY,
                r"G + G \in \mathcal{P}",
                g_plus_g_step(),
                (),
            ),
            LEGNER,
            (
                "sg-g-plus-g-is-n-every-game",
                "G + G is an N-position",
                "for every G, G + G is a first-player win",
                r"G + G \in \mathcal{N}",
                g_plus_g_step(second_player_wins=False),
                DEFAULT_COST,
            ),
        ),
        (
            LEGNER + ", the Sprague-Grundy function",
            (
                "sg-zero-iff-p-every-game",
                "Grundy value 0 exactly at P-positions, every game",
                "for every finite impartial game G, G(G) = 0 iff G is a P-position (labelling "
                "rules)" + BY_BIRTHDAY,
                r"\mathcal{G}(G) = 0 \iff G \in \mathcal{P}",
                zero_iff_p_step(),
                (),
            ),
            LEGNER,
            (
                "sg-zero-iff-n-every-game",
                "Grundy value 0 exactly at N-positions",
                "G(G) = 0 iff G is an N-position",
                r"\mathcal{G}(G) = 0 \iff G \in \mathcal{N}",
                zero_iff_p_step(zero_means_p=False),
                DEFAULT_COST,
            ),
        ),
        (
            NOTES + ", Sprague-Grundy theorem",
            (
                "sg-plus-own-star-every-game",
                "G + *G(G) is a P-position, every game",
                "for every finite impartial game G, G + *n is a second-player win, n = G(G) the "
                "mex of the options' values: the step of the notes' proof that G = *n"
                + BY_BIRTHDAY,
                r"G + {*\mathcal{G}(G)} \in \mathcal{P}",
                plus_own_star_step(),
                (),
            ),
            NOTES,
            (
                "sg-plus-next-star-every-game",
                "G + *(G(G) + 1) is a P-position",
                "for every G, G + *(G(G) + 1) is a second-player win",
                r"G + {*(\mathcal{G}(G) + 1)} \in \mathcal{P}",
                plus_own_star_step(shift=1),
                DEFAULT_COST,
            ),
        ),
        (
            LEGNER + ", sums of games",
            (
                "sums-p-plus-p-every-game",
                "P + P = P, for every pair of finite games",
                "for all finite impartial games G, H that are P-positions, G + H is a P-position"
                + BY_BIRTHDAY,
                r"G, H \in \mathcal{P} \implies G + H \in \mathcal{P}",
                p_plus_p_step(),
                (),
            ),
            LEGNER,
            (
                "sums-p-plus-p-is-n-every-game",
                "P + P = N",
                "for all P-positions G, H, G + H is an N-position",
                r"G, H \in \mathcal{P} \implies G + H \in \mathcal{N}",
                p_plus_p_step(sum_is_p=False),
                DEFAULT_COST,
            ),
        ),
        (
            None,
            (
                "sums-p-plus-n-every-game",
                "P + N = N, for every pair of finite games",
                "for every P-position G and N-position H, G + H is an N-position"
                + " (from the lemma P + P = P, proved for every game: H has a P-option H', and G + "
                "H' is P; the deduction is checked by machine for an arbitrary game)",
                r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{N}",
                p_plus_n_step(),
                ("sums-p-plus-p-every-game",),
            ),
            LEGNER,
            (
                "sums-p-plus-n-is-p-every-game",
                "P + N = P",
                "for every P-position G and N-position H, G + H is a P-position",
                r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{P}",
                p_plus_n_step(sum_is_n=False),
                DEFAULT_COST,
            ),
        ),
        (
            NOTES + ", remarks: *0 + G = G",
            (
                "sums-with-zero-every-game",
                "*0 + G and G + *0 have G's outcome, for every finite game",
                "for every finite impartial game G, the sums *0 + G and G + *0 are P exactly when "
                "G is" + BY_BIRTHDAY,
                r"o({*0} + G) = o(G + {*0}) = o(G)",
                sum_with_zero_step(),
                (),
            ),
            NOTES,
            (
                "sums-with-zero-always-p-every-game",
                "*0 + G is always a P-position",
                "for every G, *0 + G is a second-player win",
                r"{*0} + G \in \mathcal{P}",
                sum_with_zero_step(claimed_p=True),
                DEFAULT_COST,
            ),
        ),
        (
            NOTES + ", Lemma: G = *0 iff G is a second player win",
            (
                "sg-zero-iff-second-player-every-game",
                "G = 0 iff G is a second-player win, every game",
                "for every finite impartial game G: G + K and *0 + K have the same outcome for "
                "every finite game K exactly when G is a P-position"
                + " (from three lemmas proved for every game: P + P = P, P + N = N, and *0 + G, "
                "G + *0 have G's outcome; if G is P, G + K and K agree; if G = *0, take K = *0; "
                "the deduction is checked by machine for an arbitrary game)",
                r"(\forall K:\ o(G + K) = o({*0} + K)) \iff G \in \mathcal{P}",
                zero_iff_second_player_step(),
                (
                    "sums-p-plus-p-every-game",
                    "sums-p-plus-n-every-game",
                    "sums-with-zero-every-game",
                ),
            ),
            NOTES,
            (
                "sg-zero-only-empty-game-every-game",
                "only the empty game equals 0",
                "G = *0 exactly when G has no options",
                r"(\forall K:\ o(G + K) = o({*0} + K)) \iff G = \{\}",
                zero_iff_second_player_step(zero_means_terminal=True),
                DEFAULT_COST,
            ),
        ),
        (
            LEGNER + ", Lemma 2",
            (
                "sg-add-p-position-every-game",
                "Adding a P-position keeps a game's class, every game",
                "for all finite impartial games G, K and every P-position Q, G + Q + K and G + K "
                "have the same outcome, so G + Q = G"
                + ".  By induction on the birthday of G + Q + K, each step proved by machine "
                "for arbitrary games: a move in Q to Q' is answered by a P-option of Q'.",
                r"Q \in \mathcal{P} \implies G + Q \equiv G",
                add_p_position_step(),
                (),
            ),
            LEGNER,
            (
                "sg-add-any-game-every-game",
                "adding any game keeps a game's class",
                "for all G, Q, K, G + Q + K and G + K have the same outcome",
                r"G + Q \equiv G",
                add_p_position_step(needs_p=False),
                2.5,
            ),
        ),
        (
            LEGNER + ", the Sprague-Grundy theorem",
            (
                "sg-sum-rule-every-game",
                "Sprague-Grundy sum rule, for every finite game",
                "for all finite impartial games G, H: G(G + H) = G(G) ⊕ G(H), G(G + H) the mex "
                "of the values of the options G' + H and G + H'"
                + ".  By induction on the birthday of G + H, each step proved by machine for "
                "arbitrary games, "
                "with the mex lemma and cancellation for ⊕, proved for every natural number, as "
                "lemmas.",
                r"\mathcal{G}(G+H) = \mathcal{G}(G) \oplus \mathcal{G}(H)",
                sum_rule_step(),
                ("sg-mex-lemma", "nim-sum-cancellation", "nim-sum-commutative"),
            ),
            LEGNER,
            (
                "sg-sum-is-ordinary-sum-every-game",
                "the value of a sum is the ordinary sum of the values",
                "for all G, H: G(G + H) = G(G) + G(H)",
                r"\mathcal{G}(G+H) = \mathcal{G}(G) + \mathcal{G}(H)",
                sum_rule_step("sum"),
                2.5,
            ),
        ),
        (
            NOTES + ", Sprague-Grundy theorem",
            (
                "sg-equivalent-to-star-every-game",
                "Every game is equivalent to the nimber of its Grundy value, every game",
                "for all finite impartial games G and K, G + K and K + *G(G) have the same "
                "outcome, so G = *G(G)"
                + " (from lemmas proved for every game: as value 0 means P, the sum rule makes G "
                "+ K P iff G(G) ⊕ G(K) = 0, and K + *n P iff G(K) ⊕ n = 0, one Nim heap *n "
                "having value n; the deduction is checked by machine for arbitrary games)",
                r"G \equiv *\mathcal{G}(G)",
                star_equivalence_step(),
                (
                    "sg-sum-rule-every-game",
                    "sg-zero-iff-p-every-game",
                    "nim-heap-value-every-heap",
                    "nim-sum-commutative",
                ),
            ),
            NOTES,
            (
                "sg-equivalent-to-next-star-every-game",
                "every game is equivalent to *(G(G) + 1)",
                "for all G, K: G + K and K + *(G(G) + 1) have the same outcome",
                r"G \equiv *(\mathcal{G}(G) + 1)",
                star_equivalence_step(shift=1),
                DEFAULT_COST,
            ),
        ),
    )
)
