"""Periods of Grundy sequences, and certificates that make a period hold for every n.

Definitions used by ``grundy sequence --period`` (values ``G(0..N)`` computed):

* for a period ``p``, its *preperiod* ``n0(p)`` is the least ``n0`` with
  ``G(n + p) = G(n)`` for every ``n`` with ``n0 <= n`` and ``n + p <= N``;
* ``p`` is *observed* when that repetition spans at least two whole periods, that is
  ``N + 1 - n0(p) >= 2p``;
* the reported period is the least certifiable ``p`` (see below) if there is one, else
  the least observed ``p``, with its preperiod ``n0(p)``.  (The least eventual period
  of a sequence divides every other one and has the same least preperiod, so when a
  period is certified it is also the least one.)

A period is *certified* only when a theorem extends it from the computed values to
every ``n``:

* **Octal games** (finitely many digits, at most two heaps left by a move), by the
  periodicity theorem of Guy and Smith (1956; Winning Ways, ch. 4; Siegel, Combinatorial
  Game Theory, ch. IV).  Form used here: with ``t`` the most tokens a move removes, if
  ``G(n + p) = G(n)`` for every ``n`` with ``s <= n <= 2s + p + t - 1``, where ``s >= 1``,
  then ``G(n + p) = G(n)`` for every ``n >= s``.  (Proof: for ``n >= 2s + p + t`` the
  larger part ``b`` of any split of ``n + p - k`` is at least ``s + p``, so ``b - p >= s``
  is still a non-empty heap and the options of ``n + p`` and ``n`` correspond value for
  value; the argument also covers a splitting digit before the point, ``k = 0``.)  We
  take ``s = max(n0, 1)``: with ``s = 0`` the split ``(p, p)`` of ``2p + t`` would
  correspond to the heap ``p`` alone, a move of another kind, and ``n = 0`` is then
  checked directly.  Codes whose moves can leave three heaps (hexadecimal digits 8-f)
  are refused: the theorem in this form does not cover them.
* **Subtraction games**, with ``m = max(S)``: if ``G(n + p) = G(n)`` for the ``m``
  consecutive ``n`` with ``n0 <= n <= n0 + m - 1``, then for every ``n >= n0`` (for
  ``n >= n0 + m`` every ``s`` in ``S`` is legal from both ``n`` and ``n + p``, and the
  options ``n - s`` lie in ``[n0, n)``).

Grundy's game (and any other game) is never certified: no such theorem is known for
it, and whether its sequence is eventually periodic is an open question.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import numpy.typing as npt

from grundy.errors import InvalidParameterError
from grundy.games.base import Game, HeapGame, plays_by, rules_of
from grundy.games.declared import declaration_words, first_disagreement
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame

__all__ = [
    "GUY_SMITH",
    "SUBTRACTION_WINDOW",
    "PeriodReport",
    "PeriodicityCertificate",
    "build_certificate",
    "observed_period",
    "period_report",
    "periods",
]

GUY_SMITH = "guy-smith"
SUBTRACTION_WINDOW = "subtraction-window"


@dataclass(frozen=True, slots=True, eq=False)
class PeriodicityCertificate:
    """Everything a checker needs to confirm that ``G(n + period) = G(n)`` for ``n >= preperiod``.

    ``game`` is ``"octal"`` (``rules`` = the code) or ``"subtraction"`` (``rules`` = the
    set, e.g. ``"1,2,3"``); ``theorem`` is :data:`GUY_SMITH` or :data:`SUBTRACTION_WINDOW`;
    ``reach`` is ``t`` (the most tokens a move removes) or ``m = max(S)``; ``start`` is
    where the theorem is applied (``max(n0, 1)`` for octal games, ``n0`` otherwise);
    ``values`` are ``G(0)``, ..., ``G(last_needed)``, held as a read-only array (given as
    any sequence of whole numbers; an engine's array is kept without a copy, so that 20
    million values cost 2 bytes each, not a Python number each).
    """

    game: str
    rules: str
    theorem: str
    preperiod: int
    period: int
    reach: int
    start: int
    values: npt.NDArray[Any]

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", _read_only(self.values))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PeriodicityCertificate):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _SCALAR_FIELDS) and bool(
            np.array_equal(self.values, other.values)
        )

    __hash__ = None  # type: ignore[assignment]  # equal certificates hold equal arrays

    @property
    def last_compared(self) -> int:
        """The last ``n`` whose value is compared with ``G(n + p)``."""
        if self.theorem == GUY_SMITH:
            return 2 * self.start + self.period + self.reach - 1
        return self.start + self.reach - 1

    @property
    def last_needed(self) -> int:
        """The largest heap whose value the certificate needs."""
        return self.last_compared + self.period

    def to_json(self) -> dict[str, Any]:
        """Every field under its own name (what :meth:`from_json` reads back)."""
        data = {name: getattr(self, name) for name in _SCALAR_FIELDS}
        return {**data, "values": self.values.tolist()}

    def to_json_text(self) -> str:
        """:meth:`to_json` as compact JSON text (``separators=(",", ":")``), the same
        characters, with the values written by numpy: 20 million values never become
        Python numbers (that took 3.4 s of CPU and 330 MiB for 0.354's certificate).

        >>> PeriodicityCertificate("octal", "0.07", "guy-smith", 53, 34, 2, 53,
        ...     [0, 10, 305]).to_json_text()[-31:]
        '"start":53,"values":[0,10,305]}'
        """
        head = json.dumps({name: getattr(self, name) for name in _SCALAR_FIELDS},
                          separators=(",", ":"))  # fmt: skip
        return f'{head[:-1]},"values":[{decimal_list(self.values)}]}}'

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PeriodicityCertificate:
        try:
            return cls(
                game=str(data["game"]),
                rules=str(data["rules"]),
                theorem=str(data["theorem"]),
                preperiod=int(data["preperiod"]),
                period=int(data["period"]),
                reach=int(data["reach"]),
                start=int(data["start"]),
                values=_read_only(data["values"]),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise InvalidParameterError(f"malformed periodicity certificate: {exc}") from None


_SCALAR_FIELDS = tuple(
    field.name for field in fields(PeriodicityCertificate) if field.name != "values"
)


_TEXT_SLICE = 1 << 20  # values written at a time: a few bytes of scratch a value


def decimal_list(values: npt.NDArray[Any]) -> str:
    """Whole numbers as JSON writes them, separated by commas, built array-wise.

    >>> decimal_list(np.array([0, 7, 10, 65535, -12]))
    '0,7,10,65535,-12'
    """
    pieces = []
    for start in range(0, len(values), _TEXT_SLICE):
        chunk = np.asarray(values[start : start + _TEXT_SLICE])
        negative = np.flatnonzero(chunk < 0) if chunk.dtype.kind == "i" else np.zeros(0, int)
        # |x| as an unsigned number (the least 8-byte integer's too: it wraps to 2^63)
        magnitude = (np.abs(chunk) if len(negative) else chunk).astype(np.uint64)
        width = len(str(int(magnitude.max())))
        # a column for a sign, the digits right-aligned, then a comma
        text = np.zeros((len(chunk), width + 2), dtype=np.uint8)
        rest = magnitude.copy()
        for column in range(width, 0, -1):
            text[:, column] = ord("0") + (rest % np.uint64(10)).astype(np.uint8)
            rest //= np.uint64(10)
        text[:, width + 1] = ord(",")
        length = np.ones(len(chunk), dtype=np.int64)  # digits of each number (0 has one)
        for power in range(1, width):
            length += magnitude >= np.uint64(10**power)
        keep = np.arange(width + 2)[None, :] >= (width + 1 - length)[:, None]
        sign = width - length[negative]
        text[negative, sign] = ord("-")
        keep[negative, sign] = True
        pieces.append(text[keep].tobytes().decode("ascii")[:-1])  # no comma after the last
    return ",".join(pieces)


def _read_only(values: Sequence[int] | npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``values`` as a read-only 1-D array of whole numbers (a view when they already are)."""
    array = values if isinstance(values, np.ndarray) else np.asarray(values)
    if array.dtype.kind not in "iu":  # numbers given as a list of Python objects, or none
        array = np.array([int(v) for v in values], dtype=np.int64)
    view = array.reshape(-1).view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True, slots=True)
class PeriodReport:
    """The period found in ``G(0..upto)``, whether it is certified, and why (not)."""

    upto: int
    period: int | None
    preperiod: int | None
    certified: bool
    reason: str
    certificate: PeriodicityCertificate | None = None
    needed_upto: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "period": self.period,
            "preperiod": self.preperiod,
            "certified": self.certified,
            "reason": self.reason,
            "needed_upto": self.needed_upto,
            "certificate": self.certificate.to_json() if self.certificate else None,
        }


# Beyond this many values the Z-function runs compiled (numba), not in Python.
_COMPILED_SEARCH = 200_000


def _suffix_agreement(values: Sequence[int] | npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``z[p]``: how many values, counted back from the last, equal the value ``p`` before.

    ``G(n + p) = G(n)`` then holds exactly for ``N + 1 - p - z[p] <= n <= N - p``.  This
    only *finds* candidate periods (in linear time); :func:`_confirmed` checks each one
    directly on the values before it is reported.
    """
    count = len(values)
    if count > _COMPILED_SEARCH:
        from grundy.solve.sequence_kernels import reversed_z

        array = np.asarray(values)
        if array.dtype.kind not in "iu":
            array = array.astype(np.int64)
        compiled: npt.NDArray[Any] = reversed_z(array, count - 1)  # int32: 4 bytes a value
        return compiled
    line = [int(v) for v in reversed(values)] if count else []
    z = [0] * count
    left = right = 0
    for i in range(1, count):
        length = min(right - i, z[i - left]) if i < right else 0
        while i + length < count and line[length] == line[i + length]:
            length += 1
        z[i] = length
        if i + length > right:
            left, right = i, i + length
    return np.array(z, dtype=np.int64)


def _candidates(values: Sequence[int] | npt.NDArray[Any]) -> Iterator[tuple[int, int]]:
    """The observed ``(p, n0(p))`` the Z-function proposes, least ``p`` first (unchecked)."""
    count = len(values)
    z = _suffix_agreement(values)
    found = np.flatnonzero(z >= np.arange(count, dtype=z.dtype))
    for period in found[found >= 1].tolist():
        yield period, count - period - int(z[period])


def _observed(values: Sequence[int] | npt.NDArray[Any]) -> Iterator[tuple[int, int]]:
    """Every observed ``(p, n0(p))``, least ``p`` first, each confirmed on the values."""
    array = np.asarray(values)
    for period, preperiod in _candidates(values):
        if _confirmed(array, period, preperiod):
            yield period, preperiod


def _confirmed(array: npt.NDArray[Any], period: int, preperiod: int) -> bool:
    """Whether ``G(n + p) = G(n)`` for ``n0 <= n <= N - p``, ``n0`` is least, and the
    repetition spans two whole periods: compared directly, value by value."""
    count = len(array)
    if period < 1 or preperiod < 0 or count - preperiod < 2 * period:
        return False
    if not np.array_equal(array[preperiod + period :], array[preperiod : count - period]):
        return False
    return preperiod == 0 or array[preperiod - 1 + period] != array[preperiod - 1]


def periods(values: Sequence[int]) -> list[tuple[int, int]]:
    """Every observed ``(p, n0(p))``, least ``p` first (see the module docstring).

    >>> periods([5, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    [(3, 1)]
    """
    return list(_observed(values))


def observed_period(values: Sequence[int]) -> tuple[int, int] | None:
    """The least observed ``(p, n0(p))``, or ``None``.

    >>> observed_period([0, 1, 2, 0, 1, 2, 0])
    (3, 0)
    >>> observed_period([0, 1, 2, 3, 4, 5]) is None
    True
    >>> observed_period([0, 1, 2, 3, 4, 4])  # two equal values are two periods of 1
    (1, 4)
    """
    return next(_observed(values), None)


def period_report(game: Game, values: Sequence[int] | npt.NDArray[Any]) -> PeriodReport:
    """The period of ``values`` (``G(0..N)`` of ``game``), certified where a theorem allows."""
    upto = len(values) - 1
    refusal = _refusal(game)
    array = np.asarray(values)
    proposed = list(_candidates(array))
    first = next(((p, n0) for p, n0 in proposed if _confirmed(array, p, n0)), None)
    if first is None:
        reason = f"no period repeats twice within G(0..{upto})"
        return PeriodReport(upto, None, None, False, f"{reason}; {refusal}" if refusal else reason)
    period, preperiod = first
    if refusal is not None:
        return PeriodReport(upto, period, preperiod, False, refusal)
    first_needed: int | None = None
    for candidate, start in proposed:
        needed = _certificate(game, (), candidate, start).last_needed
        if first_needed is None:
            first_needed = needed
        if needed <= upto and _confirmed(array, candidate, start):
            certificate = _certificate(game, values, candidate, start)
            return PeriodReport(
                upto,
                candidate,
                start,
                True,
                _theorem_text(certificate),
                certificate,
                certificate.last_needed,
            )
    return PeriodReport(
        upto,
        period,
        preperiod,
        False,
        f"the theorem needs G(0..{first_needed}) for period {period} from {preperiod}; "
        f"computed only G(0..{upto}) (try --upto {first_needed})",
        needed_upto=first_needed,
    )


_CERTIFIED_RULES: tuple[type[Game], ...] = (GrundysGame, OctalGame, SubtractionGame)


def _refusal(game: Game) -> str | None:
    """Why no theorem certifies a period of ``game``, or ``None`` when one may."""
    if plays_by(game, GrundysGame):
        return (
            "Grundy's game is not an octal game with finitely many digits; no periodicity "
            "theorem applies, and whether it is eventually periodic is an open question"
        )
    if plays_by(game, OctalGame):
        if game.max_heaps_left > 2:
            return (
                f"code {game.code} lets a move leave three heaps; the Guy-Smith theorem "
                "as used here covers moves that leave at most two"
            )
        return None
    if plays_by(game, SubtractionGame):
        return None
    changed = next((c for c in _CERTIFIED_RULES if isinstance(game, c)), None)
    if changed is not None:  # a subclass with moves of its own is a game of its own
        words = declaration_words(game)
        if words and isinstance(game, HeapGame):
            return _untrusted_declaration(game, words)
        return (
            f"no periodicity theorem is implemented for {game.name}: it changes the rules of "
            f"{changed.name}, and the theorems hold for those rules only"
        )
    return f"no periodicity theorem is implemented for {game.name}"


DECLARATION_CROSS_CHECK = 200
"""Heaps on which a class's own moves are compared with the rules it declares, to say
where they differ (agreement there is never taken for agreement everywhere)."""


def _untrusted_declaration(game: HeapGame, words: str) -> str:
    """Why a class that declares its rules but writes its own moves gets no theorem."""
    upto = DECLARATION_CROSS_CHECK
    heap = first_disagreement(game, upto)
    if heap is not None:
        found = f"they differ at a heap of {heap}"
    else:
        found = (
            f"they agree on heaps up to {upto}, which says nothing of larger heaps, and "
            "the theorem needs every heap"
        )
    if rules_of(game) is None:  # the class is plain, the object is not (base.rules_of)
        how = "its objects may play moves of their own"
        fix = (
            "nothing may be set on its objects, by __init__, a metaclass or otherwise, "
            "that stands for a method of the class"
        )
    else:
        how, fix = "generates its own moves", "remove the class's own move methods"
    return (
        f"no periodicity theorem is applied to {game.name}: it declares {words} but "
        f"{how}, and {found}; a declaration is trusted only when the moves come from it "
        f"({fix})"
    )


def build_certificate(
    game: Game, values: Sequence[int], period: int, preperiod: int
) -> PeriodicityCertificate:
    """The certificate claiming period ``period`` from ``preperiod`` for ``game``.

    Built from whatever ``values`` hold (truncated to what the theorem needs); it is for
    :func:`~grundy.certify.periodicity_check.check_certificate` to accept or reject it.
    """
    refusal = _refusal(game)
    if refusal is not None:
        raise InvalidParameterError(refusal)
    return _certificate(game, values, period, preperiod)


def _certificate(
    game: Game, values: Sequence[int] | npt.NDArray[Any], period: int, preperiod: int
) -> PeriodicityCertificate:
    if plays_by(game, OctalGame):
        theorem, rules, reach, start = GUY_SMITH, game.code, game.max_take, max(preperiod, 1)
        kind = "octal"
    elif plays_by(game, SubtractionGame):
        theorem, reach, start = SUBTRACTION_WINDOW, max(game.subtraction_set), preperiod
        rules, kind = ",".join(map(str, game.subtraction_set)), "subtraction"
    else:  # pragma: no cover - _refusal has excluded every other game
        raise InvalidParameterError(f"no periodicity theorem for {game.name}")
    nothing = np.zeros(0, dtype=np.int64)
    draft = PeriodicityCertificate(kind, rules, theorem, preperiod, period, reach, start, nothing)
    return PeriodicityCertificate(
        kind, rules, theorem, preperiod, period, reach, start,
        np.asarray(values)[: draft.last_needed + 1],
    )  # fmt: skip


def _theorem_text(certificate: PeriodicityCertificate) -> str:
    p, s, reach = certificate.period, certificate.start, certificate.reach
    if certificate.theorem == GUY_SMITH:
        return (
            f"Guy-Smith periodicity theorem: G(n+{p}) = G(n) checked for {s} <= n <= "
            f"{certificate.last_compared} = 2*{s} + {p} + {reach} - 1 (t = {reach})"
        )
    return (
        f"subtraction-game window: G(n+{p}) = G(n) for the {reach} = max(S) consecutive "
        f"n = {s}..{certificate.last_compared}"
    )
