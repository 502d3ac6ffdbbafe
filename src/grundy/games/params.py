"""Declared options of a game, parsed from the command line or from a claim file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from grundy.errors import InvalidParameterError, brief
from grundy.validate import whole_from_text

__all__ = [
    "Param",
    "ParamKind",
    "adopt_declared",
    "declared_rule_data",
    "given_or_declared",
    "resolve_params",
]


class ParamKind(Enum):
    INT = "int"
    INT_LIST = "int-list"
    TEXT = "text"


@dataclass(frozen=True, slots=True)
class Param:
    """One option of a game: ``--name VALUE`` on the command line, ``name = value`` in TOML."""

    name: str
    kind: ParamKind
    help: str
    default: Any = None
    required: bool = True
    metavar: str = "VALUE"
    from_file: bool = False
    """The command line also reads this option's text from a file (``--NAME-file PATH``,
    bounded in bytes): for a value too long to type, such as a large graph's edges."""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def file_flag(self) -> str:
        return self.flag + "-file"

    def from_text(self, text: str) -> Any:
        """Parse the command-line spelling of this option (``1,2,3`` for a list)."""
        if self.kind is ParamKind.TEXT:
            return text
        pieces = (
            [piece.strip() for piece in text.split(",")]
            if self.kind is ParamKind.INT_LIST
            else [text.strip()]
        )
        values = []
        for piece in pieces:
            value = whole_from_text(piece, f"option {self.flag}", InvalidParameterError)
            if value is None:
                raise InvalidParameterError(
                    f"option {self.flag} expects {self._expected()}, got {brief(text)}"
                )
            values.append(value)
        return values if self.kind is ParamKind.INT_LIST else values[0]

    def from_value(self, value: Any) -> Any:
        """Check a value given as data (a TOML or JSON value, or a Python argument)."""
        if isinstance(value, str) and self.kind is not ParamKind.TEXT:
            return self.from_text(value)
        if self.kind is ParamKind.TEXT:
            if not isinstance(value, str):
                raise InvalidParameterError(
                    f"option {self.name!r} expects text, got {brief(value)}"
                )
            return value
        if self.kind is ParamKind.INT:
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidParameterError(
                    f"option {self.name!r} expects an integer, got {brief(value)}"
                )
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return [value]
        if not isinstance(value, (list, tuple)) or any(
            isinstance(item, bool) or not isinstance(item, int) for item in value
        ):
            raise InvalidParameterError(
                f"option {self.name!r} expects a list of integers, got {brief(value)}"
            )
        return list(value)

    def _expected(self) -> str:
        return {
            ParamKind.INT: "an integer",
            ParamKind.INT_LIST: "integers separated by commas, e.g. 1,2,3",
            ParamKind.TEXT: "text",
        }[self.kind]


def resolve_params(
    game_name: str, declared: tuple[Param, ...], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Check ``given`` against ``declared``: no unknown names, every required one present."""
    by_name = {param.name: param for param in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = ", ".join(p.name for p in declared) or "none"
        raise InvalidParameterError(
            f"game {game_name!r} has no option {unknown[0]!r} (its options: {allowed})"
        )
    resolved: dict[str, Any] = {}
    for param in declared:
        if param.name in given:
            resolved[param.name] = param.from_value(given[param.name])
        elif param.required:
            raise InvalidParameterError(
                f"game {game_name!r} needs option {param.flag} ({param.help})"
            )
        else:
            resolved[param.name] = param.default
    return resolved


_T = TypeVar("_T")


def declared_rule_data(cls: type, attribute: str) -> Any:
    """What ``cls`` or a class it derives from declares as ``attribute`` (a subclass's
    ``octal_code = "0.77"``, ``subtraction_set = (1, 3, 4)``), or ``None``."""
    found = next((k for k in cls.__mro__ if attribute in vars(k)), None)
    return None if found is None else vars(found)[attribute]


def adopt_declared(cls: Any, attribute: str, checked: Callable[[Any], Any]) -> None:
    """For ``__init_subclass__``: when ``cls`` itself declares ``attribute``, the value
    ``checked`` makes of it (raising on a bad one, so that a bad declaration fails as the
    class is made) takes its place, and the game takes no option: its rules are the class's."""
    if attribute in vars(cls):
        setattr(cls, attribute, checked(vars(cls)[attribute]))
        cls.params = ()


def given_or_declared(
    given: _T | None, declared: _T | None, owner: str, game: str, what: str
) -> _T:
    """A game's rule data: given as an option, or declared by its class ``owner``, never
    both and never neither (``game`` and ``what`` name it in the error: "the octal game
    needs a code (option --code)"; the option is named for ``what``)."""
    if given is None and declared is None:
        raise InvalidParameterError(f"the {game} game needs a {what} (option --{what})")
    if given is not None and declared is not None:
        shown = list(declared) if isinstance(declared, tuple) else declared
        raise InvalidParameterError(
            f"{owner} declares its {game} {what} {shown}; it takes no other"
        )
    found = given if given is not None else declared
    assert found is not None
    return found
