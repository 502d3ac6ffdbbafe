"""Facts of a heap game's Grundy sequence read from its periodicity certificate:
``period('0.137')``, ``preperiod('0.137')`` and ``g('0.137', [n])`` inside a claim.

A game named in a claim (as in ``g(...)``) that is an octal or subtraction game gets its
values from :func:`~grundy.certify.certified_values.certified_values`: the sequence
engine's values, a periodicity certificate built from them, re-verified by the
independent checker and matched against the game's rules.  The table gives ``G(m)`` for
every ``m``; a heap of 10^18 tokens is a look-up.  A game with no certified period within
the values searched makes the fact *not known*: :class:`SearchLimitError`, so the claim
is ``unknown`` with the range searched in its message, never a guess.

**Least period and preperiod.**  The certificate proves ``G(n + p) = G(n)`` for every
``n >= n0``; its checker also confirms ``G(n0 - 1 + p) != G(n0 - 1)``, so ``n0`` is the
least preperiod *for that p*, but ``p`` itself may be a multiple of the least period.  The
argument used here (:func:`least_period`):

1. The eventual periods of a sequence (``q`` with ``G(n + q) = G(n)`` for every large
   ``n``) are closed under ``gcd``, so the least one, ``p*``, divides every other, ``p``
   included.  So only the divisors ``d`` of ``p`` need trying.
2. For ``n >= n0`` both ``G(n + d)`` and ``G(n)`` repeat with period ``p``, so ``G(n + d)
   = G(n)`` for every ``n >= n0`` exactly when it holds for ``n0 <= n < n0 + p``: one
   window of certified values decides each divisor, for the whole infinite sequence.
3. The least preperiod does not depend on which eventual period is used: if ``p*`` holds
   from ``m`` and not from ``m - 1``, a multiple ``k p*`` holding from ``m - 1`` would give
   ``G(m - 1) = G(m - 1 + k p*) = G(m - 1 + p*)`` (the middle and the last are ``>= m``
   apart by multiples of ``p*``), a contradiction.  So the least preperiod is one more than
   the last ``n < n0`` with ``G(n + p*) != G(n)`` (0 when there is none).

Every fact read from a certificate is noted
(:func:`~grundy.claims.certificate_notes.note_assumption`), so the verdict
names the certificates it rests on in ``assumes``.
"""

from __future__ import annotations

from typing import Any

from grundy.certify.certified_values import CertifiedValues, certified_values
from grundy.claims.certificate_notes import note_assumption, noting
from grundy.errors import ClaimError, SearchLimitError
from grundy.games.base import Game, HeapGame
from grundy.games.labels import game_from_label
from grundy.solve import Play
from grundy.solve.lemmas import SUM_RULE, ZERO_IFF_P, note_lemma
from grundy.verdict import UNBOUNDED, Assumption

__all__ = [
    "certificate_assumption",
    "certified_grundy",
    "certified_outcome",
    "certified_table",
    "least_period",
    "named_table",
    "sequence_period",
]

_TABLES: dict[tuple[str, Any, bool], CertifiedValues | str] = {}


def certificate_assumption(game: Game, table: CertifiedValues) -> Assumption:
    """The certificate of ``game``'s sequence as an assumption of a verdict: its id names
    the rules, the theorem and the period read from it; it was re-checked here."""
    period, preperiod = least_period(table)
    return Assumption(
        f"{table.theorem}-periodicity: {game.label} has period {period} from {preperiod}",
        UNBOUNDED,
        instance_proved=True,
    )


_ASSUMED: dict[tuple[str, str, int, int, int], Assumption] = {}


def _note(game: Game, table: CertifiedValues) -> None:
    if noting():  # computed once per game and table: g(...) notes it at every case
        key = (game.label, table.theorem, table.period, table.preperiod, len(table.values))
        if key not in _ASSUMED:
            _ASSUMED[key] = certificate_assumption(game, table)
        note_assumption(_ASSUMED[key])


def certified_table(game: Game, *, quick: bool = False) -> CertifiedValues | str:
    """The game's certified values, or why there are none (kept for the process: the
    certificate of a game does not change)."""
    key = (type(game).__name__, getattr(game, "key", game.label), quick)
    if key not in _TABLES:
        table = certified_values(game, quick=quick)
        _TABLES[key] = table if isinstance(table, CertifiedValues) else table.reason
    return _TABLES[key]


def _required(game: Game, what: str) -> CertifiedValues:
    """The certified table, noted; :class:`SearchLimitError` (the claim is ``unknown``)
    when there is none."""
    if not isinstance(game, HeapGame):  # no sequence to speak of: the claim is wrong
        raise ClaimError(f"{what} is asked of {game.label}, which is not a heap game")
    table = certified_table(game)
    if isinstance(table, str):
        raise SearchLimitError(f"{what} of {game.label} is not known: {table}")
    _note(game, table)
    return table


def least_period(table: CertifiedValues) -> tuple[int, int]:
    """The least period and the least preperiod of the certified sequence (the argument
    is in the module docstring).

    >>> t = CertifiedValues((5, 0, 1, 0, 1, 0, 1, 0, 1), preperiod=1, period=4,
    ...                     theorem="t", reach=1)
    >>> least_period(t)
    (2, 1)
    """
    p, n0 = table.period, table.preperiod
    value = table.value
    least = next(
        d
        for d in range(1, p + 1)
        if p % d == 0 and all(value(n + d) == value(n) for n in range(n0, n0 + p))
    )
    start = n0
    while start > 0 and value(start - 1 + least) == value(start - 1):
        start -= 1
    return least, start


def sequence_period(game: Game, preperiod: bool) -> int:
    """``period(G)`` or ``preperiod(G)``: the least ones, from the certificate."""
    what = "the preperiod" if preperiod else "the period"
    found_period, found_start = least_period(_required(game, what))
    return found_start if preperiod else found_period


def named_table(label: str) -> CertifiedValues | str:
    """The certified values of the game named ``label`` (as in ``g('0.07', [n])``), or why
    there are none; its certificate is noted for the verdict."""
    game = game_from_label(label)
    if not isinstance(game, HeapGame):
        return f"{game.label} is not a heap game"
    table = certified_table(game)
    if isinstance(table, str):
        return f"{game.label}: {table}"
    _note(game, table)
    return table


_SEEN: dict[int, tuple[Game, CertifiedValues | str, Assumption]] = {}
_SEEN_LIMIT = 256


def _for_object(game: Game) -> tuple[CertifiedValues | str, Assumption]:
    """:func:`certified_table` and its assumption, remembered for the game object itself:
    ``g(...)`` asks at every case, and a game's label and key take longer to build than
    the look-up (the entry holds the game, so its id is not reused while it is kept)."""
    found = _SEEN.get(id(game))
    if found is None or found[0] is not game:
        table = certified_table(game)
        assumption = (
            certificate_assumption(game, table)
            if isinstance(table, CertifiedValues)
            else Assumption("", "")
        )
        if len(_SEEN) >= _SEEN_LIMIT:
            _SEEN.clear()
        found = _SEEN[id(game)] = (game, table, assumption)
    return found[1], found[2]


def certified_grundy(game: Game, position: Any) -> int | None:
    """``G`` of a position (single heaps) of a game with a certified sequence: the
    nim-sum of its heaps' values (the sum rule, noted as a lemma when there are several
    heaps), or ``None`` when the game has none (the caller asks its solver instead).

    This is where ``g('0.137', [n])`` of a claim is decided, whichever method evaluates
    the claim: a heap of 10^12 tokens is a look-up in the certified table."""
    if not isinstance(game, HeapGame) or not _heaps(position):
        return None
    table, assumption = _for_object(game)
    if isinstance(table, str):
        return None
    note_assumption(assumption)
    if len(position) > 1:
        note_lemma(SUM_RULE)
    result = 0
    for heap in position:
        result ^= table.value(heap)
    return result


def certified_outcome(game: Game, position: Any, play: Play) -> str | None:
    """The normal-play outcome of such a position (P exactly when ``G`` is 0, a lemma),
    or ``None`` (misère play, or no certified sequence)."""
    if play is not Play.NORMAL:
        return None
    value = certified_grundy(game, position)
    if value is None:
        return None
    note_lemma(ZERO_IFF_P)
    return "P" if value == 0 else "N"


def _heaps(position: Any) -> bool:
    return isinstance(position, tuple) and all(
        isinstance(heap, int) and not isinstance(heap, bool) and heap >= 0 for heap in position
    )
