"""Which games a misère quotient may be built for, and the heap rule it is built from.

A misère quotient describes *sums of heaps played independently*: a move changes one
heap, by a rule that depends on that heap alone.  Moore's Nim (a move may take from
several heaps) and Gale's Nim (the game stops for every heap once few are left) give
each heap Nim's options, yet are not such sums: a quotient built from those options
would be Nim's, and false for them.  The quotient's certificate must also carry the rule
in a form its independent checker replays (:mod:`grundy.certify.quotient_check`).

So :func:`quotient_rules` is asked once, by :func:`grundy.solve.misere_quotient.misere_quotient`
(which every path to a quotient passes: ``grundy quotient``, the ``quotient`` method of
claims, the solver's misère sums, the Python API), and it decides from the game object
itself, its parameters included: ``moore-nim --k 1`` and ``gale-nim --n 0`` are Nim, and
the heaps of the object played must move exactly as the recorded rule says.

>>> from grundy.games.moore_nim import MooreNim
>>> quotient_rules(MooreNim(1), 4).label
'nim'
>>> quotient_rules(MooreNim(2), 4)
Traceback (most recent call last):
...
grundy.errors.InvalidParameterError: moore-nim --k 2 does not play by exactly the rules ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidParameterError
from grundy.games.base import Game, HeapGame, plays_by
from grundy.games.gale_nim import GaleNim
from grundy.games.grundys_game import GrundysGame
from grundy.games.moore_nim import MooreNim
from grundy.games.nim import Nim
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame

__all__ = ["QuotientRules", "quotient_rules"]

KINDS = ("octal", "subtraction", "nim", "grundys-game")
"""The heap rules the certificate checker replays (the certificate's ``game`` field)."""


@dataclass(frozen=True, slots=True)
class QuotientRules:
    """A heap rule the checker replays: ``kind`` one of :data:`KINDS`, ``rules`` the
    octal code or the subtraction set (empty for Nim and Grundy's game)."""

    kind: str
    rules: str

    @property
    def label(self) -> str:
        """The rule as the command line writes it (``octal --code 0.77``)."""
        flag = {"octal": " --code ", "subtraction": " --set "}.get(self.kind)
        return f"{self.kind}{flag}{self.rules}" if flag else self.kind

    def reference(self) -> HeapGame:
        """The catalogue's game with exactly this rule."""
        if self.kind == "octal":
            return OctalGame(self.rules)
        if self.kind == "subtraction":
            return SubtractionGame([int(t) for t in self.rules.split(",")])
        return GrundysGame() if self.kind == "grundys-game" else Nim()


def _declared(game: Game) -> QuotientRules | None:
    """The rule ``game`` plays by, read from its class and its own parameters."""
    if plays_by(game, OctalGame):
        digits = game.digits
        code = "{:x}.{}".format(digits[0], "".join(f"{d:x}" for d in digits[1:]) or "0")
        return QuotientRules("octal", code)
    if plays_by(game, SubtractionGame):
        return QuotientRules("subtraction", ",".join(map(str, game.subtraction_set)))
    if plays_by(game, GrundysGame):
        return QuotientRules("grundys-game", "")
    if plays_by(game, Nim):
        return QuotientRules("nim", "")
    # Nim in disguise: one heap per move, and no rule that looks at the other heaps.
    if plays_by(game, MooreNim) and game.k == 1:
        return QuotientRules("nim", "")
    if plays_by(game, GaleNim) and game.n == 0 and game.m is None:
        return QuotientRules("nim", "")
    return None


def quotient_rules(game: Any, upto: int) -> QuotientRules:
    """The heap rule of ``game`` that a misère quotient of its heaps ``0..upto`` may be
    built from and its certificate replays; :class:`~grundy.errors.InvalidParameterError`
    (one line) for a game that is not a sum of independent heaps with such a rule."""
    label = getattr(game, "label", type(game).__name__)
    found = _declared(game) if isinstance(game, HeapGame) else None
    if found is None or any(callable(value) for value in getattr(game, "__dict__", {}).values()):
        raise InvalidParameterError(
            f"{label} does not play by exactly the rules of an octal code, a subtraction set, "
            "Nim or Grundy's game as a sum of independent heaps (the rules the certificate "
            "checker replays), so no misère quotient is built for it"
        )
    # The object played, not only its class: a function set on the object itself (above)
    # or rule data changed on it can change its moves, so its heaps must move exactly as
    # the recorded rule says.
    reference = found.reference()
    for heap in range(upto + 1):
        if set(map(_sorted, game.heap_options(heap))) != set(
            map(_sorted, reference.heap_options(heap))
        ):
            raise InvalidParameterError(
                f"{label}: a heap of {heap} does not move as {found.label} says, so no "
                "misère quotient of its rule is read for it"
            )
    return found


def _sorted(option: Any) -> tuple[int, ...]:
    return tuple(sorted(option))
