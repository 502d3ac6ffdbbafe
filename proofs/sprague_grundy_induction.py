"""The Sprague-Grundy facts for every finite game, by induction on the birthday (notes 003).

Each theorem's induction step is proved by Z3 for an arbitrary game with arbitrarily
many options (:mod:`grundy.verify.birthday_induction`): games are an uninterpreted sort,
"x is an option of g" an uninterpreted relation, and outcomes obey the notes' labelling
rules.  Strong induction on the birthday turns each step into the statement for every
finite impartial game.  The same statements are checked on concrete games (every form
born by day 4, random game graphs) in sprague_grundy.py.
"""

from __future__ import annotations

from dataclasses import replace

from grundy.declare import listing, mutant, mutant_title, section, theorem
from grundy.library import CheckSettings
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
BY_BIRTHDAY = (
    " (by induction on the birthday of the game, each step proved by machine for an arbitrary game)"
)
"""How a theorem is proved, said after its statement unless it says otherwise."""


def _step(step: BirthdayStep, assumes: tuple[Assumption, ...] = ()):
    def check(settings: CheckSettings) -> Verdict:
        verdict = prove_birthday_step(step, timeout_ms=settings.z3_timeout_ms, seed=settings.seed)
        if verdict.status is Status.PROVED and assumes:
            verdict = replace(verdict, assumes=assumes)
        return verdict

    return check


THEOREMS = listing(
    section(LEGNER + "; " + NOTES, tags=(*TAGS, "unbounded")),
    theorem(
        "sg-g-plus-g-every-game",
        "G + G is a P-position, for every finite game",
        "for every finite impartial game G, G + G is a second-player win: the second player "
        "mirrors" + BY_BIRTHDAY,
        r"G + G \in \mathcal{P}",
        _step(g_plus_g_step()),
    ),
    mutant(
        "sg-g-plus-g-is-n-every-game",
        mutant_title("G + G is an N-position"),
        "for every G, G + G is a first-player win",
        r"G + G \in \mathcal{N}",
        _step(g_plus_g_step(second_player_wins=False)),
        source=LEGNER,
        tags=TAGS,
    ),
    section(LEGNER + ", the Sprague-Grundy function", tags=(*TAGS, "unbounded")),
    theorem(
        "sg-zero-iff-p-every-game",
        "Grundy value 0 exactly at P-positions, every game",
        "for every finite impartial game G, G(G) = 0 iff G is a P-position (labelling rules)"
        + BY_BIRTHDAY,
        r"\mathcal{G}(G) = 0 \iff G \in \mathcal{P}",
        _step(zero_iff_p_step()),
    ),
    mutant(
        "sg-zero-iff-n-every-game",
        mutant_title("Grundy value 0 exactly at N-positions"),
        "G(G) = 0 iff G is an N-position",
        r"\mathcal{G}(G) = 0 \iff G \in \mathcal{N}",
        _step(zero_iff_p_step(zero_means_p=False)),
        source=LEGNER,
        tags=TAGS,
    ),
    section(NOTES + ", Sprague-Grundy theorem", tags=(*TAGS, "unbounded")),
    theorem(
        "sg-plus-own-star-every-game",
        "G + *G(G) is a P-position, every game",
        "for every finite impartial game G, G + *n is a second-player win, n = G(G) the mex of "
        "the options' values: the step of the notes' proof that G = *n" + BY_BIRTHDAY,
        r"G + {*\mathcal{G}(G)} \in \mathcal{P}",
        _step(plus_own_star_step()),
    ),
    mutant(
        "sg-plus-next-star-every-game",
        mutant_title("G + *(G(G) + 1) is a P-position"),
        "for every G, G + *(G(G) + 1) is a second-player win",
        r"G + {*(\mathcal{G}(G) + 1)} \in \mathcal{P}",
        _step(plus_own_star_step(shift=1)),
        source=NOTES,
        tags=TAGS,
    ),
    section(LEGNER + ", sums of games", tags=(*TAGS, "unbounded")),
    theorem(
        "sums-p-plus-p-every-game",
        "P + P = P, for every pair of finite games",
        "for all finite impartial games G, H that are P-positions, G + H is a P-position"
        + BY_BIRTHDAY,
        r"G, H \in \mathcal{P} \implies G + H \in \mathcal{P}",
        _step(p_plus_p_step()),
    ),
    mutant(
        "sums-p-plus-p-is-n-every-game",
        mutant_title("P + P = N"),
        "for all P-positions G, H, G + H is an N-position",
        r"G, H \in \mathcal{P} \implies G + H \in \mathcal{N}",
        _step(p_plus_p_step(sum_is_p=False)),
        source=LEGNER,
        tags=TAGS,
    ),
    theorem(
        "sums-p-plus-n-every-game",
        "P + N = N, for every pair of finite games",
        "for every P-position G and N-position H, G + H is an N-position"
        + " (from the lemma P + P = P, proved for every game: H has a P-option H', and G + "
        "H' is P; the deduction is checked by machine for an arbitrary game)",
        r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{N}",
        _step(p_plus_n_step(), (Assumption("sums-p-plus-p-every-game", UNBOUNDED),)),
    ),
    mutant(
        "sums-p-plus-n-is-p-every-game",
        mutant_title("P + N = P"),
        "for every P-position G and N-position H, G + H is a P-position",
        r"G \in \mathcal{P},\ H \in \mathcal{N} \implies G + H \in \mathcal{P}",
        _step(p_plus_n_step(sum_is_n=False)),
        source=LEGNER,
        tags=TAGS,
    ),
    section(NOTES + ", remarks: *0 + G = G", tags=(*TAGS, "unbounded")),
    theorem(
        "sums-with-zero-every-game",
        "*0 + G and G + *0 have G's outcome, for every finite game",
        "for every finite impartial game G, the sums *0 + G and G + *0 are P exactly when G is"
        + BY_BIRTHDAY,
        r"o({*0} + G) = o(G + {*0}) = o(G)",
        _step(sum_with_zero_step()),
    ),
    mutant(
        "sums-with-zero-always-p-every-game",
        mutant_title("*0 + G is always a P-position"),
        "for every G, *0 + G is a second-player win",
        r"{*0} + G \in \mathcal{P}",
        _step(sum_with_zero_step(claimed_p=True)),
        source=NOTES,
        tags=TAGS,
    ),
    section(NOTES + ", Lemma: G = *0 iff G is a second player win", tags=(*TAGS, "unbounded")),
    theorem(
        "sg-zero-iff-second-player-every-game",
        "G = 0 iff G is a second-player win, every game",
        "for every finite impartial game G: G + K and *0 + K have the same outcome for every "
        "finite game K exactly when G is a P-position"
        + " (from three lemmas proved for every game: P + P = P, P + N = N, and *0 + G, "
        "G + *0 have G's outcome; if G is P, G + K and K agree; if G = *0, take K = *0; the "
        "deduction is checked by machine for an arbitrary game)",
        r"(\forall K:\ o(G + K) = o({*0} + K)) \iff G \in \mathcal{P}",
        _step(
            zero_iff_second_player_step(),
            (
                Assumption("sums-p-plus-p-every-game", UNBOUNDED),
                Assumption("sums-p-plus-n-every-game", UNBOUNDED),
                Assumption("sums-with-zero-every-game", UNBOUNDED),
            ),
        ),
    ),
    mutant(
        "sg-zero-only-empty-game-every-game",
        mutant_title("only the empty game equals 0"),
        "G = *0 exactly when G has no options",
        r"(\forall K:\ o(G + K) = o({*0} + K)) \iff G = \{\}",
        _step(zero_iff_second_player_step(zero_means_terminal=True)),
        source=NOTES,
        tags=TAGS,
    ),
    section(LEGNER + ", Lemma 2", tags=(*TAGS, "unbounded")),
    theorem(
        "sg-add-p-position-every-game",
        "Adding a P-position keeps a game's class, every game",
        "for all finite impartial games G, K and every P-position Q, G + Q + K and G + K have "
        "the same outcome, so G + Q = G"
        + " (induction on the birthday of G + Q + K, each step proved by machine for arbitrary "
        "games: a move in Q to Q' is answered by a P-option of Q')",
        r"Q \in \mathcal{P} \implies G + Q \equiv G",
        _step(add_p_position_step()),
    ),
    mutant(
        "sg-add-any-game-every-game",
        mutant_title("adding any game keeps a game's class"),
        "for all G, Q, K, G + Q + K and G + K have the same outcome",
        r"G + Q \equiv G",
        _step(add_p_position_step(needs_p=False)),
        source=LEGNER,
        tags=TAGS,
        cost=2.5,
    ),
    section(LEGNER + ", the Sprague-Grundy theorem", tags=(*TAGS, "unbounded")),
    theorem(
        "sg-sum-rule-every-game",
        "Sprague-Grundy sum rule, for every finite game",
        "for all finite impartial games G, H: G(G + H) = G(G) ⊕ G(H), G(G + H) the mex of the "
        "values of the options G' + H and G + H'"
        + " (induction on the birthday of G + H, each step proved by machine for arbitrary "
        "games, "
        "with the mex lemma and cancellation for ⊕, proved for every natural number, as lemmas)",
        r"\mathcal{G}(G+H) = \mathcal{G}(G) \oplus \mathcal{G}(H)",
        _step(
            sum_rule_step(),
            (
                Assumption("sg-mex-lemma", UNBOUNDED),
                Assumption("nim-sum-cancellation", UNBOUNDED),
                Assumption("nim-sum-commutative", UNBOUNDED),
            ),
        ),
    ),
    mutant(
        "sg-sum-is-ordinary-sum-every-game",
        mutant_title("the value of a sum is the ordinary sum of the values"),
        "for all G, H: G(G + H) = G(G) + G(H)",
        r"\mathcal{G}(G+H) = \mathcal{G}(G) + \mathcal{G}(H)",
        _step(sum_rule_step("sum")),
        source=LEGNER,
        tags=TAGS,
        cost=2.5,
    ),
    section(NOTES + ", Sprague-Grundy theorem", tags=(*TAGS, "unbounded")),
    theorem(
        "sg-equivalent-to-star-every-game",
        "Every game is equivalent to the nimber of its Grundy value, every game",
        "for all finite impartial games G and K, G + K and K + *G(G) have the same outcome, "
        "so G = *G(G)"
        + " (from lemmas proved for every game: as value 0 means P, the sum rule makes G + K "
        "P iff G(G) ⊕ G(K) = 0, and K + *n P iff G(K) ⊕ n = 0, one Nim heap *n having value "
        "n; the deduction is checked by machine for arbitrary games)",
        r"G \equiv *\mathcal{G}(G)",
        _step(
            star_equivalence_step(),
            (
                Assumption("sg-sum-rule-every-game", UNBOUNDED),
                Assumption("sg-zero-iff-p-every-game", UNBOUNDED),
                Assumption("nim-heap-value-every-heap", UNBOUNDED),
                Assumption("nim-sum-commutative", UNBOUNDED),
            ),
        ),
    ),
    mutant(
        "sg-equivalent-to-next-star-every-game",
        mutant_title("every game is equivalent to *(G(G) + 1)"),
        "for all G, K: G + K and K + *(G(G) + 1) have the same outcome",
        r"G \equiv *(\mathcal{G}(G) + 1)",
        _step(star_equivalence_step(shift=1)),
        source=NOTES,
        tags=TAGS,
    ),
)
