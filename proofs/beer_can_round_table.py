"""The beer-can game of the slides (seed 000): round cans on a round table, every size.

The slides' table is circular and the cans are round: a continuous game.  The first
player's strategy (the centre, then the point reflection of every reply) is proved by
Z3 over the reals for every can radius and table radius, and for any centrally symmetric
table (:mod:`grundy.theory.beer_cans`).  The discrete board of square cans in
chomp_and_boards.py stays as an illustration played out move by move.
"""

from __future__ import annotations

from grundy.declare import by_z3, listing, mutant, section, theorem
from grundy.library import CheckSettings
from grundy.theory.beer_cans import prove_disc_table, prove_symmetric_table
from grundy.verdict import UNBOUNDED, Verdict, with_paper_steps
from grundy.verify.z3_checks import all_proved

SOURCE = "000 Mathematical Games I, the beer can game (circular table)"
TAGS = ("beer-can", "strategy", "mirroring", "z3", "continuous")


def _round_and_symmetric(settings: CheckSettings) -> Verdict:
    verdict = all_proved(
        [
            prove_disc_table(timeout_ms=settings.z3_timeout_ms, seed=settings.seed),
            prove_symmetric_table(timeout_ms=settings.z3_timeout_ms, seed=settings.seed),
        ],
        scope=UNBOUNDED,
    )
    # Z3 checks the reply; that the game ends (so the opponent runs out) is argued on paper
    return with_paper_steps(verdict, "beer-can-round-table")


THEOREMS = listing(
    section(SOURCE, game="beer-can", tags=(*TAGS, "unbounded")),
    theorem(
        "beer-can-round-table",
        "Round cans on a round table: centre, then reflect",
        "for round cans of any radius r on a round table of any radius R >= r (and on "
        "any centrally symmetric table where a can fits at the centre), the first player wins "
        "by placing the first can at the centre and then answering every can p by its "
        "reflection -p.  Proved by machine over the real numbers: while the cans on the table "
        "are the centre can and "
        "pairs q, -q, a legal can p leaves -p legal (on the table, clear of the centre can, of "
        "p itself and of every earlier can).  Argued on paper, not checked by machine: the "
        "game ends since the table holds finitely many disjoint cans, so the opponent is "
        "always the one who runs out",
        r"|p| \le R - r,\ |p| \ge 2r,\ |p + q| \ge 2r \implies |{-p}| \le R - r,\ "
        r"|{-p} - p| \ge 2r,\ |{-p} - q| \ge 2r",
        _round_and_symmetric,
    ),
    mutant(
        "beer-can-round-table-no-centre",
        "Mutant: on a round table, mirroring wins without the centre can",
        "the point reflection of every can is legal even when no can was placed at "
        "the centre.  The same Z3 argument without the centre can.",
        r"|p| \le R - r,\ |p + q| \ge 2r \implies |{-p} - p| \ge 2r",
        by_z3(prove_disc_table, with_centre=False),
        tags=TAGS,
    ),
)
