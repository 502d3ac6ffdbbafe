"""Facts of a misère quotient inside a claim: ``quotient_order('kayles', 30)``,
``p_portion_size('kayles', 30)`` and ``is_tame('kayles', 30)``.

``N`` is the largest heap, as in ``grundy quotient GAME --upto N``: the quotient of the
sums of heaps ``0..N``, of any number of heaps.  The same rule as the command decides which
games have one (:func:`~grundy.solve.misere_rules.quotient_rules`: a sum of independent
heaps whose rule the certificate checker replays; anything else is a claim error naming
the cause).  The quotient is built inside the claim's budget (a budget that runs out makes
the claim ``unknown``), its certificate is re-verified by the independent checker
(:func:`~grundy.certify.quotient_check.check_quotient_certificate`) *before* anything is
read, and each fact is read from the certificate's own fields: the order is the number of
rows of its checked table, the P-portion its checked list, and tameness is decided from
that table and P-portion (:func:`~grundy.solve.misere_monoid.tame_rank`, which reads only
the monoid).  The verdict names the quotient in ``assumes``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from grundy.budget import Meter
from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.claims.certificate_notes import note_assumption
from grundy.errors import ClaimError, InvalidParameterError
from grundy.games.base import Game
from grundy.solve.misere_learner import BipartiteMonoid
from grundy.solve.misere_monoid import tame_rank
from grundy.solve.misere_quotient import misere_quotient
from grundy.solve.misere_rules import quotient_rules
from grundy.verdict import Assumption

__all__ = ["MAX_UPTO", "QUOTIENT_FACTS", "quotient_fact"]

MAX_UPTO = 200
"""Largest heap N accepted, as ``grundy quotient --upto`` accepts."""

QUOTIENT_FACTS = frozenset({"quotient_order", "p_portion_size", "is_tame"})

_CHECKED: dict[Hashable, tuple[dict[str, Any], Assumption]] = {}


def quotient_fact(name: str, game: Game, upto: Any, meter: Meter | None) -> int | bool:
    """The fact ``name`` of the misère quotient of ``game``'s heaps ``0..upto``."""
    if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= MAX_UPTO:
        raise ClaimError(
            f"{name}() takes the largest heap N as a whole number from 0 to {MAX_UPTO}, "
            f"got {upto!r}"
        )
    certificate, assumption = _verified(game, upto, meter)
    note_assumption(assumption)
    if name == "quotient_order":
        return len(certificate["table"])
    if name == "p_portion_size":
        return len(certificate["p_portion"])
    monoid = BipartiteMonoid(
        tuple(tuple(row) for row in certificate["table"]),
        frozenset(certificate["p_portion"]),
        tuple(certificate["heap_map"]),
    )
    return tame_rank(monoid) is not None


def _verified(game: Game, upto: int, meter: Meter | None) -> tuple[dict[str, Any], Assumption]:
    """The quotient's certificate, accepted by the independent checker (kept for the
    process; a budget that runs out raises and nothing is kept)."""
    try:
        quotient_rules(game, upto)  # the command's rule: independent heaps it can replay
    except InvalidParameterError as exc:
        raise ClaimError(str(exc)) from None
    key = (type(game).__name__, getattr(game, "key", game.label), upto)
    if key not in _CHECKED:
        quotient = misere_quotient(game, upto, meter=meter)
        certificate = quotient_certificate(quotient)
        report = check_quotient_certificate(certificate)
        if not report.valid:
            raise ClaimError(
                f"the misère quotient of {game.label} up to {upto} was rejected by the "
                f"independent checker: {report.problems[0]}"
            )
        assumption = Assumption(quotient.lemma_id, quotient.scope, instance_proved=True)
        _CHECKED[key] = (certificate, assumption)
    return _CHECKED[key]
