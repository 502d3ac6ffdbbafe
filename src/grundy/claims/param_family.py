"""Game options written in a claim's variables: one game per value (``params``, ``for_each``).

A claim may give an option of its game as an expression in its variables, as a book
states a family of games: ``params = { set = "range(1, k + 1)" }`` (the subtraction game
``S = {1, ..., k}``) or ``params = { k = "k" }`` (Moore's Nim_k).  The expression is read
by the claim language's own parser and interpreter (nothing runs with ``eval``), and it
may not ask about positions.  A text value is read this way only for an option that is
not text itself (a subtraction set, a number): ``code = "0.77"`` stays a code.  The one
form outside the expression language is a whole option written ``range(a, b)`` (or
``range(b)``, ``range(a, b, step)``): the numbers ``a, a + 1, ..., b - 1``, as in Python.

The variables an option uses, and those named in ``for_each``, are the claim's *split
variables*: the claim is checked separately for each of their values
(:mod:`grundy.claims.per_value`), each value with a game built from options that are plain
numbers again.  So every engine sees an ordinary claim about one game, and no verdict is
ever computed with a game built for another value.  Everything is checked when the claim
is loaded: the number of values (at most :data:`MAX_VALUES` are built, those of least
sum when the ranges hold more, and the split says so), the length of a list an
option gives (at most :data:`MAX_OPTION_ITEMS` items, measured before it is built) and
the game built for each value, whose own checks name the value that broke them.

>>> spec = option_expressions({"set": "range(1, k + 1)"}, "subtraction", ("k", "n"), "demo")
>>> [name for name, _ in spec], sorted(uses(spec))
([('set',)], ['k'])
>>> concrete_options({"set": "range(1, k + 1)"}, spec, {"k": 3})
{'set': [1, 2, 3]}
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.claims.defaults import NO_GAME
from grundy.claims.evaluate import Scope, compile_expression
from grundy.claims.expression import ParsedExpression, parse_expression
from grundy.claims.fixed_values import assume_at
from grundy.claims.values import plain
from grundy.errors import ClaimError, GrundyError, brief
from grundy.games import Game
from grundy.games.catalogue import find_entry
from grundy.games.params import ParamKind

__all__ = [
    "MAX_OPTION_ITEMS",
    "MAX_OPTION_NUMBER",
    "MAX_VALUES",
    "SPLIT_REFUSAL",
    "OptionExpression",
    "Split",
    "concrete_options",
    "option_expressions",
    "split_games",
    "uses",
]

MAX_VALUES = 200
"""Most values of the split variables one claim is checked for (one game each)."""

SPLIT_REFUSAL = (
    "the claim's game depends on its variables: it is checked one value at a time, and "
    "no single engine run may decide it"
)
"""What an engine handed a whole split claim says (the checker splits it first)."""

MAX_OPTION_ITEMS = 1_000
"""Most numbers an option written as an expression may list (a subtraction set)."""

MAX_LISTED = 12
"""Most values of several split variables a message lists one by one (then their count)."""


@dataclass(frozen=True, slots=True)
class OptionExpression:
    """One option written in the claim's variables: ``range(...)`` bounds or one expression."""

    text: str
    parts: tuple[ParsedExpression, ...]
    is_range: bool

    @property
    def names(self) -> frozenset[str]:
        return frozenset().union(*(part.names for part in self.parts))

    def value(self, case: Mapping[str, int], where: str) -> Any:
        """The option's plain value at ``case`` (a list for ``range``)."""
        found = [plain(compile_expression(p)(Scope(dict(case)))) for p in self.parts]
        if not self.is_range:
            return found[0]
        if any(isinstance(v, bool) or not isinstance(v, int) for v in found):
            raise ClaimError(f"{where}: range() needs whole numbers, got {brief(found)}")
        start, stop, step = (0, found[0], 1) if len(found) == 1 else (*found, 1)[:3]
        if step == 0:
            raise ClaimError(f"{where}: the step of range() is zero")
        count = max(0, (stop - start + step - (1 if step > 0 else -1)) // step)
        if count > MAX_OPTION_ITEMS:
            raise ClaimError(
                f"{where}: {self.text} has {count:,} numbers; an option may list at most "
                f"{MAX_OPTION_ITEMS:,}"
            )
        return list(range(start, stop, step))


MAX_OPTION_NUMBER = 2**63 - 1
"""Largest size of a number an option written as an expression may give: the largest
whole number TOML writes, so a family never hands a game an option that the same game
written out in the file could not have (a game's own checks were written for those)."""


def _too_big(value: Any) -> str | None:
    """A number of ``value`` (a number or a list) beyond :data:`MAX_OPTION_NUMBER`, in
    words (its digits counted, not printed), or ``None``."""
    numbers = value if isinstance(value, (list, tuple)) else [value]
    for number in numbers:
        if isinstance(number, int) and abs(number) > MAX_OPTION_NUMBER:
            sign = "-" if number < 0 else ""
            return f"{sign}a number of {len(str(abs(number))):,} digits"
    return None


OptionSpec = tuple[tuple[tuple[str, ...], OptionExpression], ...]
"""The options written as expressions: where each sits (a component index for a sum,
then the option's name) and its expression."""


@dataclass(frozen=True, slots=True)
class Split:
    """The claim's split variables and the game of each of their values, in case order."""

    variables: tuple[str, ...]
    games: tuple[tuple[tuple[int, ...], Game], ...]
    options: tuple[str, ...] = ()
    """The options written as expressions, as ``name = text`` (for messages)."""
    in_options: tuple[str, ...] = ()
    """The split variables the options use (the others come from ``for_each``): they are
    not in a default position, since they are the game's, not the position's."""
    spec: OptionSpec = ()
    """The options written as expressions (read by the symbolic family method)."""
    beyond: str = ""
    """Empty when ``games`` holds every value the ranges and ``assume`` admit; otherwise the
    ranges held more than :data:`MAX_VALUES` values, ``games`` holds those of the least
    sums only, and this says which in words (``k <= 200``, ``a + b <= 21``)."""

    @property
    def values(self) -> tuple[tuple[int, ...], ...]:
        return tuple(value for value, _ in self.games)

    def game_at(self, case: Mapping[str, Any]) -> Game | None:
        """The game of the value that ``case`` (a counterexample) gives the split
        variables, or ``None`` when it gives none of the split values."""
        try:
            value = tuple(case[name] for name in self.variables)
        except KeyError:
            return None
        return next((game for found, game in self.games if found == value), None)

    def describe(self, values: Sequence[tuple[int, ...]] | None = None) -> str:
        """The values in words: ``k = 1..4`` for a run, else the list."""
        chosen = list(self.values if values is None else values)
        if len(self.variables) == 1:
            numbers = [v[0] for v in chosen]
            name = self.variables[0]
            if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
                return f"{name} = {numbers[0]}..{numbers[-1]}"
            return f"{name} = {', '.join(map(str, numbers))}"
        tuples = ["(" + ", ".join(map(str, v)) + ")" for v in chosen]
        if len(tuples) > MAX_LISTED:  # hundreds of pairs say less than their count
            names = ", ".join(self.variables)
            return f"{len(tuples)} values of ({names}), {tuples[0]} to {tuples[-1]}"
        return f"({', '.join(self.variables)}) in {', '.join(tuples)}"


def _kinds(game_name: str) -> dict[str, ParamKind]:
    try:
        entry = find_entry(game_name)
    except GrundyError:
        return {}  # an unknown game is reported when it is built
    return {param.name: param.kind for param in entry.params}


def _is_plain_text(value: str, kind: ParamKind) -> bool:
    """Whether ``value`` is an option's usual text (``1,2,3``, ``4``), read as before."""
    pieces = value.split(",") if kind is ParamKind.INT_LIST else [value]
    return all(piece.strip().lstrip("+-").isdigit() for piece in pieces)


def _read_option(
    text: str, where: str, claim_id: str, variables: tuple[str, ...]
) -> OptionExpression:
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        tree = None
    field = f"params ({where})"
    if (
        isinstance(tree, ast.Call)
        and isinstance(tree.func, ast.Name)
        and tree.func.id == "range"
        and not tree.keywords
        and 1 <= len(tree.args) <= 3
    ):
        sources = [ast.get_source_segment(text.strip(), arg) or "" for arg in tree.args]
        parts = tuple(parse_expression(s, field, claim_id, variables) for s in sources)
        is_range = True
    else:
        parts = (parse_expression(text, field, claim_id, variables),)
        is_range = False
    for part in parts:
        if part.uses_position:
            raise ClaimError(
                f"{field} of claim {claim_id!r}: a game option cannot ask about positions "
                f"(grundy, outcome, moves, g(...)): {brief(text)}"
            )
    return OptionExpression(text.strip(), parts, is_range)


def option_expressions(
    params: Any, game: Any, variables: tuple[str, ...], claim_id: str
) -> OptionSpec:
    """The options of ``params`` written as expressions in ``variables`` (empty when none).

    ``game`` is the claim's ``game`` (a name, or a list for a sum with ``params`` a list).
    A text value counts only for an option that is not text, and only when it is not the
    option's usual spelling (``set = "1,2,3"`` is read as before).
    """
    tables: list[tuple[tuple[str, ...], str, Any]] = []
    if isinstance(game, str) and isinstance(params, dict):
        tables.append(((), game, params))
    elif isinstance(game, list) and isinstance(params, list):
        tables.extend(
            ((str(i),), name, table)
            for i, (name, table) in enumerate(zip(game, params, strict=False))
            if isinstance(name, str) and isinstance(table, dict)
        )
    found: list[tuple[tuple[str, ...], OptionExpression]] = []
    for prefix, name, table in tables:
        kinds = _kinds(name)
        for option, value in table.items():
            kind = kinds.get(option)
            if kind is None or kind is ParamKind.TEXT or not isinstance(value, str):
                continue
            if _is_plain_text(value, kind):
                continue
            where = f"{option} of {name}"
            found.append(((*prefix, option), _read_option(value, where, claim_id, variables)))
    return tuple(found)


def uses(spec: OptionSpec) -> frozenset[str]:
    """The variables the options of ``spec`` are written in."""
    return frozenset().union(*(expression.names for _, expression in spec))


def concrete_options(
    params: Any, spec: OptionSpec, case: Mapping[str, int], claim_id: str = ""
) -> Any:
    """``params`` with each expression of ``spec`` replaced by its value at ``case``."""
    if isinstance(params, list):
        result: Any = [dict(table) if isinstance(table, dict) else table for table in params]
    else:
        result = dict(params)
    shown = ", ".join(f"{name} = {value}" for name, value in case.items())
    for place, expression in spec:
        where = f"{place[-1]} = {brief(expression.text)}" + (f" at {shown}" if shown else "")
        prefix = f"claim {claim_id!r}, field 'params': " if claim_id else ""
        try:
            value = expression.value(case, where)
        except GrundyError as exc:
            text = str(exc)
            found = text if text.startswith(where) else f"{where}: {text}"
            raise ClaimError(prefix + found) from None
        if isinstance(value, (list, tuple)) and len(value) > MAX_OPTION_ITEMS:
            raise ClaimError(
                f"{prefix}{where}: a list of {len(value):,} numbers; an option may list at "
                f"most {MAX_OPTION_ITEMS:,}"
            )
        too_big = _too_big(value)
        if too_big is not None:
            raise ClaimError(
                f"{prefix}{where}: gives {too_big}; an option written as an expression "
                f"must give numbers TOML could write, of size at most {MAX_OPTION_NUMBER:,}"
            )
        target = result[int(place[0])] if len(place) == 2 else result
        target[place[-1]] = value
    return result


def split_games(
    variables: tuple[str, ...],
    ranges: Mapping[str, tuple[int, int]],
    params: Any,
    spec: OptionSpec,
    build: Callable[[Any], Game],
    claim_id: str,
    admits: Callable[[Mapping[str, int]], bool] = lambda case: True,
) -> Split:
    """The game of every value of ``variables`` (the split variables) that ``admits``
    (the claim's ``assume``) lets in, in case order: by the sum of the values, then
    lexicographically.  A value ``assume`` drops is never built, so its options may be
    ones no game accepts (``range(a, b + 1)`` with ``a > b``).  Games with the same
    options are built once.  Raises :class:`ClaimError` for too many values or a game
    that refuses the options of some value (the message names the value)."""
    values, beyond = _first_values(variables, ranges, admits, claim_id)
    built: dict[str, Game] = {}
    games: list[tuple[tuple[int, ...], Game]] = []
    for value in values:
        case = dict(zip(variables, value, strict=True))
        options = concrete_options(params, spec, case, claim_id) if spec else params
        key = repr(options)
        if key not in built:
            try:
                built[key] = build(options)
            except GrundyError as exc:
                shown = ", ".join(f"{n} = {v}" for n, v in case.items())
                raise ClaimError(f"{exc} (the game of {shown})") from None
        games.append((value, built[key]))
    shown_options = tuple(f"{'.'.join(place)} = {expression.text}" for place, expression in spec)
    return Split(variables, tuple(games), shown_options, tuple(sorted(uses(spec))), spec, beyond)


LOOK_LIMIT = 100 * MAX_VALUES
"""Most values of the split variables looked at (``assume`` tried) to find those checked."""


def _first_values(
    variables: tuple[str, ...],
    ranges: Mapping[str, tuple[int, int]],
    admits: Callable[[Mapping[str, int]], bool],
    claim_id: str,
) -> tuple[list[tuple[int, ...]], str]:
    """The values ``admits`` lets in, in case order, and ``""``; or, when the ranges hold
    more than :data:`MAX_VALUES` of them, those of the least sums (whole sums only, so
    that what is checked is said in one bound) and that bound in words."""
    lows = [ranges[name][0] for name in variables]
    highs = [ranges[name][1] for name in variables]
    found: list[tuple[int, ...]] = []
    looked = 0
    for total in range(sum(lows), sum(highs) + 1):
        every = _with_sum(lows, highs, total)
        looked += len(every)
        level = [v for v in every if admits(dict(zip(variables, v, strict=True)))]
        if len(found) + len(level) > MAX_VALUES or looked > LOOK_LIMIT:
            if not found:
                raise ClaimError(
                    f"claim {claim_id!r}: it is checked once for each value of "
                    f"{', '.join(variables)} (the game's options or for_each use them), and "
                    f"the values of least sum are already more than {MAX_VALUES}; narrow "
                    "the range"
                )
            shown = variables[0] if len(variables) == 1 else " + ".join(variables)
            return found, f"{shown} <= {total - 1}"
        found.extend(level)
    return found, ""


def _with_sum(lows: list[int], highs: list[int], total: int) -> list[tuple[int, ...]]:
    """The values within the bounds whose numbers add up to ``total``, lexicographically."""
    if len(lows) == 1:
        return [(total,)] if lows[0] <= total <= highs[0] else []
    rest_low, rest_high = sum(lows[1:]), sum(highs[1:])
    first = range(max(lows[0], total - rest_high), min(highs[0], total - rest_low) + 1)
    return [(a, *tail) for a in first for tail in _with_sum(lows[1:], highs[1:], total - a)]


def read_for_each(value: Any, variables: tuple[str, ...], claim_id: str) -> tuple[str, ...]:
    """The ``for_each`` field: claim variables to check one value at a time."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ClaimError(
            f"claim {claim_id!r}, field 'for_each': must be a list of variables such as [\"a\"], "
            f"got {brief(value)}"
        )
    for name in value:
        if name not in variables:
            raise ClaimError(f"claim {claim_id!r}, field 'for_each': {brief(name)} is not in vars")
    return tuple(value)


def game_family(
    table: Mapping[str, Any],
    variables: tuple[str, ...],
    ranges: Mapping[str, tuple[int, int]],
    claim_id: str,
    build: Callable[[Mapping[str, Any]], tuple[str, Game, Mapping[str, Any]]],
    assume: ParsedExpression | None = None,
) -> tuple[str, Game, Mapping[str, Any], Split | None]:
    """The claim's game, its options, and the split over the values of its split
    variables (``None`` when it has none).  ``build`` makes the game of a claim table
    whose options are plain; for a split claim, the game and options returned are those
    of the first value ``assume`` admits (the options keep their expressions, for the
    reader), and when it admits none, nothing is built: the game is :data:`NO_GAME`
    and the claim is vacuous."""
    for_each = read_for_each(table.get("for_each"), variables, claim_id)
    params = table.get("params")
    spec = option_expressions(params, table.get("game"), variables, claim_id)
    split_on = tuple(v for v in variables if v in uses(spec) or v in for_each)
    if not split_on:
        plain = concrete_options(params, spec, {}, claim_id) if spec else None
        plain_table = table if plain is None else {**table, "params": plain}
        name, game, options = build(plain_table)
        return name, game, options, None
    games: dict[int, tuple[str, Game, Mapping[str, Any]]] = {}

    def built(options: Any) -> Game:
        made = build({**table, "params": options} if params is not None else table)
        games.setdefault(0, made)
        return made[1]

    rest = tuple(v for v in variables if v not in split_on)

    def admits(case: Mapping[str, int]) -> bool:
        return assume_at(assume, case, rest, claim_id)[0]

    split = split_games(split_on, ranges, params or {}, spec, built, claim_id, admits)
    if not split.games:
        game_names = table.get("game")
        shown = " + ".join(game_names) if isinstance(game_names, list) else str(game_names)
        return shown, NO_GAME, dict(params) if isinstance(params, dict) else {}, split
    name, game, options = games[0]
    # what the reader is shown: the options as written, expressions included
    return name, game, dict(params) if isinstance(params, dict) else options, split
