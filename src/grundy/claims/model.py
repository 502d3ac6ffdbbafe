"""Claim files (TOML): reading them and validating each claim (DESIGN.md section 4).

A file holds ``[[claim]]`` tables.  Each becomes a :class:`Claim` with every field
checked, or a :class:`BadClaim` that carries the problem, so that one malformed claim
gives an ``error`` verdict for itself while the others are still checked.  Only a file
that cannot be read, or is not TOML, raises :class:`~grundy.errors.ClaimError`.

>>> claims = claims_from_text('''
... [[claim]]
... id = "two-heaps"
... game = "nim"
... vars = ["a", "b"]
... range = { a = [0, 3], b = [0, 3] }
... statement = "(outcome == 'P') == (a == b)"
... ''')
>>> claims[0].id, claims[0].position.text, claims[0].method
('two-heaps', '[a, b]', <Method.AUTO: 'auto'>)
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from grundy.claims.defaults import (
    NO_GAME,
    default_position_text,
    literal_expression,
    needs_game,
    reads_position,
    single_position_words,
)
from grundy.claims.domain_fields import (
    ListDomain,
    default_list_position,
    read_list_domain,
    read_ranges,
    read_variables,
)
from grundy.claims.evaluate import Run, Scope, compile_expression
from grundy.claims.expression import ParsedExpression, parse_expression
from grundy.claims.file_meta import (
    MAX_FILE_BYTES,
    control_character,
    read_meta,
    toml_kind,
)
from grundy.claims.latex_policy import check_latex_policy
from grundy.claims.lesson_fields import read_exercise, read_figures
from grundy.claims.param_family import Split, game_family
from grundy.errors import ClaimError, GrundyError, brief
from grundy.files import FileTooLargeError, InputPathError, decode_document, read_limited
from grundy.games import Game, SumGame, create_game
from grundy.solve import Play
from grundy.validate import DECODE_DIGITS, MAX_DIGITS, long_numbers_decoded, too_long_number
from grundy.verify.exhaustive import count_integer_cases

__all__ = [
    "TEACHING_EXAMPLE",
    "BadClaim",
    "Claim",
    "Expect",
    "Method",
    "claims_from_file",
    "claims_from_text",
    "read_claim",
]

MAX_SUMMANDS = 100
"""Most games a claim's ``game`` list may add."""


ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_ID_LENGTH = 100


class Method(StrEnum):
    AUTO = "auto"
    EXHAUSTIVE = "exhaustive"
    Z3 = "z3"
    RANDOM = "random"
    CERTIFICATE = "certificate"  # one heap size n, every n: see grundy.claims.periodic
    P_SET = "p-set"  # the P-positions as a formula, every position: claims.pset_method


class Expect(StrEnum):
    HOLDS = "holds"
    FAILS = "fails"
    OPEN = "open"  # an open problem: proved or refuted is news (grundy.theorem.SETTLING_WORDS)


FIELDS = (
    "id",
    "title",
    "game",
    "params",
    "play",
    "vars",
    "range",
    "assume",
    "position",
    "statement",
    "method",
    "expect",
    "source",
    "mutant_of",
    "implied_by",
    "proof",
    "tags",
    "latex",
    "for_each",
    "exercise",
    "teach_where",
    "figures",
)

TEACHING_EXAMPLE = "teaching counterexample"
"""The key of a refuted claim's details that holds the least counterexample satisfying
its ``teach_where`` (absent when none does)."""


@dataclass(frozen=True, slots=True)
class Expression:
    """A checked expression and its compiled form."""

    parsed: ParsedExpression
    run: Run

    @property
    def text(self) -> str:
        return self.parsed.text


@dataclass(frozen=True, slots=True)
class Claim:
    """One validated claim of a claim file."""

    id: str
    game_name: str
    game: Game
    params: Mapping[str, Any]
    play: Play
    variables: tuple[str, ...]
    ranges: Mapping[str, tuple[int, int]]
    statement: Expression
    position: Expression
    assume: Expression | None = None
    method: Method = Method.AUTO
    expect: Expect | None = None
    title: str = ""
    source: str = ""
    mutant_of: str | None = None
    tags: tuple[str, ...] = ()
    latex: str | None = None
    position_given: bool = False
    split: Split | None = None
    """Set when the game's options use the claim's variables, or ``for_each`` names some:
    the claim is then checked one value of them at a time (:mod:`grundy.claims.per_value`),
    and ``game`` is the game of the first value only."""
    implied_by: str | None = None  # a stronger claim or theorem this one is a case of
    proof: str | None = None  # the lecturer's argument in prose, printed in the handout
    exercise: str = ""
    """``"decide"`` (true or false?) or ``"prove"`` (show that): the claim is set as an
    exercise, its verdict given only among the answers; empty when it is not one."""
    teach_where: Expression | None = None
    """Where the counterexample to teach with is looked for: the claim's ``assume`` and
    ``teach_where`` together (the least counterexample of all is still the verdict's)."""
    lists: ListDomain | None = None
    """Set when a variable is a list of heaps whose length is part of the domain: the
    claim is then checked one length at a time (:mod:`grundy.claims.list_domain`)."""
    figures: tuple[str, ...] | None = None
    """The kinds of picture (:data:`grundy.claims.lesson_fields.FIGURE_KINDS`) a
    handout draws beside the claim:
    ``None`` (the field left out) for every kind its game has, ``()`` for none."""

    @property
    def domain_size(self) -> int:
        """How many assignments the ranges allow (before ``assume``)."""
        return count_integer_cases(self.ranges)

    @property
    def scope(self) -> str:
        """What is checked, in words: the domain (``bounded: 0 <= a, b, c <= 7``), or for
        a claim without variables its one position (``bounded: the single position
        (3,4,5)``)."""
        if not self.variables:
            text = "bounded: the single case, with no variables"
            if reads_position(e.parsed if e else None for e in (self.statement, self.assume)):
                shown = single_position_words(self.game, self.position.run(Scope({})))
                text = f"bounded: the single position {shown}"
            if self.assume is not None:
                text += f"; assuming {self.assume.text.strip()}"
            return text
        groups: dict[tuple[int, int], list[str]] = {}
        for name in self.variables:
            if self.lists is None or name != self.lists.name:
                groups.setdefault(self.ranges[name], []).append(name)
        parts = [f"{low} <= {', '.join(names)} <= {high}" for (low, high), names in groups.items()]
        if self.lists is not None:
            parts.insert(0, self.lists.describe())
        text = "bounded: " + "; ".join(parts)
        if self.assume is not None:
            text += f"; assuming {self.assume.text.strip()}"
        return text


@dataclass(frozen=True, slots=True)
class BadClaim:
    """A claim that could not be read: checking it gives an ``error`` verdict."""

    id: str
    problem: str
    title: str = ""
    source: str = ""
    mutant_of: str | None = None
    expect: Expect | None = None
    statement: str = ""
    game_name: str | None = None
    tags: tuple[str, ...] = ()
    latex: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    exercise: str = ""


def claims_from_file(path: str | Path) -> list[Claim | BadClaim]:
    """Every claim of a TOML file, in file order."""
    path = Path(path)
    try:  # the limit is kept while reading: a device (/dev/zero) has no size
        text = read_limited(path, MAX_FILE_BYTES, "claim file").decode("utf-8-sig")
    except (FileTooLargeError, InputPathError) as exc:
        raise ClaimError(str(exc)) from None
    except FileNotFoundError:
        raise ClaimError(f"no such claim file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ClaimError(f"cannot read claim file {path}: {exc}") from None
    return claims_from_text(text, str(path))


def _decode_toml(text: str) -> dict[str, Any]:
    # A number past 4,300 digits is decoded, to be refused in its claim alone.
    with long_numbers_decoded():
        return tomllib.loads(text)


def claims_from_text(text: str, name: str = "<claims>") -> list[Claim | BadClaim]:
    """Every claim of TOML text; ``name`` is used in file-level messages."""
    data = decode_document(
        _decode_toml,
        text.removeprefix("\ufeff"),
        syntax_error=tomllib.TOMLDecodeError,
        fail=ClaimError,
        syntax=lambda exc: f"{name} is not valid TOML: {exc}",
        too_deep=f"{name} is not valid TOML: nested too deeply",
        too_long=lambda exc: (
            f"{name}: a number in it has more than {DECODE_DIGITS:,} digits "
            f"(numbers are read up to {MAX_DIGITS:,})"
        ),
    )
    unknown = sorted(set(data) - {"claim", "meta"})
    if unknown:
        close = difflib.get_close_matches(unknown[0], ["claim"], n=1)
        hint = " (did you mean 'claim'?)" if close else ""
        raise ClaimError(
            f"{name}: unknown top-level key {unknown[0]!r}{hint}; claims go in [[claim]] "
            "tables, the title and course in [meta]"
        )
    read_meta(data.get("meta"), name)  # a bad [meta] is refused with the file
    tables = data.get("claim")
    if isinstance(tables, dict):  # [claim] instead of [[claim]]
        raise ClaimError(
            f"{name}: [claim] makes one table; use [[claim]] (two brackets) before each claim"
        )
    if not isinstance(tables, list) or not tables:
        raise ClaimError(f"{name} has no [[claim]] tables")
    claims: list[Claim | BadClaim] = []
    seen: set[str] = set()
    for index, table in enumerate(tables, start=1):
        claim = read_claim(table, index)
        if claim.id in seen:
            claim = _bad(table, claim.id, f"claim id {claim.id!r} is used twice in {name}")
        seen.add(claim.id)
        claims.append(claim)
    return claims


def read_claim(table: Any, index: int = 1) -> Claim | BadClaim:
    """Validate one ``[[claim]]`` table; a problem gives a :class:`BadClaim`."""
    raw_id = table.get("id") if isinstance(table, dict) else None
    claim_id = f"claim-{index}"  # an invalid id is named only in the error message
    if isinstance(raw_id, str) and _valid_id(raw_id):
        claim_id = raw_id
    if not isinstance(table, dict):
        return BadClaim(claim_id, f"claim {index} must be a table")
    too_long = too_long_number(table)  # this claim is an error, the others are checked
    if too_long is not None:
        return _bad(table, claim_id, f"claim {claim_id!r}: {too_long}")
    try:
        return _read(table, claim_id)
    except GrundyError as exc:
        return _bad(table, claim_id, str(exc))


def _printable(text: str) -> str:
    """``text`` with its control characters (but tabs and new lines) replaced by U+FFFD."""
    return "".join("\ufffd" if control_character(char) else char for char in text)


def _valid_id(text: str) -> bool:
    return len(text) <= MAX_ID_LENGTH and ID_PATTERN.match(text) is not None


def _bad(table: Mapping[str, Any], claim_id: str, problem: str) -> BadClaim:
    def text(key: str) -> str:  # shown in reports as the claim's, even in error
        value = table.get(key)
        return _printable(value) if isinstance(value, str) else ""

    expect = table.get("expect")
    tags = table.get("tags")
    return BadClaim(
        claim_id,
        problem,
        title=text("title"),
        source=text("source"),
        mutant_of=text("mutant_of") if _valid_id(text("mutant_of")) else None,
        expect=Expect(expect) if expect in tuple(Expect) else None,
        statement=text("statement"),
        game_name=text("game") or None,
        tags=tuple(_printable(t) for t in tags if isinstance(t, str))
        if isinstance(tags, list)
        else (),
        latex=_safe_latex(text("latex")),
    )


def _safe_latex(latex: str) -> str | None:
    """``latex`` when the LaTeX policy accepts it, else ``None`` (a claim in error keeps
    its formula for the report only when the formula is safe to typeset)."""
    if not latex:
        return None
    try:
        check_latex_policy(latex)
    except ClaimError:
        return None
    return latex


def _read(table: Mapping[str, Any], claim_id: str) -> Claim:
    def problem(field_name: str, message: str) -> ClaimError:
        return ClaimError(f"claim {claim_id!r}, field {field_name!r}: {message}")

    for key in table:
        if key not in FIELDS:
            close = difflib.get_close_matches(key, FIELDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ClaimError(f"claim {claim_id!r}: unknown field {brief(key)}{hint}")

    def text(field_name: str, required: bool = False) -> str | None:
        value = table.get(field_name)
        if value is None:
            if required:
                raise problem(field_name, "is missing")
            return None
        if not isinstance(value, str):
            raise problem(field_name, f"must be text, got {toml_kind(value)}")
        control = control_character(value)
        if control is not None:  # it would reach a terminal, a .md, a .tex as it is
            raise problem(field_name, f"the control character {control!r} is not allowed")
        return value

    def choice(field_name: str, allowed: tuple[str, ...], default: str) -> str:
        value = text(field_name)
        if value is None:
            return default
        if value not in allowed:
            raise problem(field_name, f"must be one of {', '.join(allowed)}, got {brief(value)}")
        return value

    if "id" not in table:
        raise problem("id", "is missing")
    raw_id = text("id", required=True)
    assert raw_id is not None
    if not ID_PATTERN.match(raw_id):
        raise problem(
            "id", f"{brief(raw_id)} must use lowercase letters, digits and '-' (e.g. 'misere-nim')"
        )
    if len(raw_id) > MAX_ID_LENGTH:
        raise problem(
            "id", f"is {len(raw_id)} characters long; at most {MAX_ID_LENGTH} are allowed"
        )
    variables = read_variables(table.get("vars", []), problem)
    lists = read_list_domain(table.get("range", {}), variables, problem)
    ranges = read_ranges(table.get("range", {}), variables, problem)

    def expression(field_name: str, source: str, names: tuple[str, ...]) -> Expression:
        parsed = parse_expression(source, field_name, claim_id, names)
        return Expression(parsed, compile_expression(parsed, claim_id, field_name))

    # assume first: a family's values it drops are never built (param_family.py)
    assume_text = text("assume")
    assume = expression("assume", assume_text, variables) if assume_text is not None else None
    game_name, game, params, split = game_family(
        table,
        variables,
        ranges,
        claim_id,
        lambda t: _game(t, claim_id, problem),
        assume.parsed if assume is not None else None,
    )
    play = Play(choice("play", ("normal", "misere"), "normal"))
    statement_text = text("statement", required=True)
    assert statement_text is not None
    position_text = text("position")
    given = position_text is not None
    statement = expression("statement", statement_text, variables)
    vacuous_family = split is not None and not split.games
    if game is NO_GAME and not vacuous_family:
        _check_no_game(table, [statement, assume], given, problem)
    if lists is not None and (split is not None or "for_each" in table):
        raise problem("range", f"the list {lists.name!r} cannot be used in a family of games")
    if position_text is not None:
        position = expression("position", position_text, variables)
    elif lists is not None:
        position = expression("position", default_list_position(variables, lists), variables)
    elif vacuous_family:  # assume admits no value: there is no game and nothing to play
        parsed = literal_expression("[]")
        position = Expression(parsed, compile_expression(parsed, claim_id, "position"))
    else:
        in_position = tuple(v for v in variables if not split or v not in split.in_options)
        position = _default_position(game, in_position, [statement, assume], claim_id)
    if position.parsed.uses_position:
        raise problem("position", "cannot use grundy, outcome, moves or g(...) itself")
    method = Method(choice("method", tuple(m.value for m in Method), "auto"))
    exercise = read_exercise(table.get("exercise"), problem)
    figures = read_figures(table.get("figures"), problem)
    teach_text = text("teach_where")
    teach_where = None
    if teach_text is not None:
        # checked alone first, so that a mistake in it is named as its own
        expression("teach_where", teach_text, variables)
        both = f"({assume_text}) and ({teach_text})" if assume_text is not None else teach_text
        teach_where = expression("teach_where", both, variables)
    expect_text = choice("expect", tuple(Expect), "") if "expect" in table else ""
    tags = table.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise problem("tags", "must be a list of text")
    if any(control_character(t) for t in tags):
        raise problem("tags", "a control character is not allowed")
    latex = text("latex")
    if latex is not None:
        try:
            check_latex_policy(latex)
        except ClaimError as exc:
            raise problem("latex", str(exc)) from None
    mutant_of, implied_by = text("mutant_of"), text("implied_by")
    for field_name, link in (("mutant_of", mutant_of), ("implied_by", implied_by)):
        if link is not None and not _valid_id(link):
            raise problem(field_name, f"{brief(link)} is not a claim id")
    return Claim(
        id=raw_id,
        game_name=game_name,
        game=game,
        params=params,
        play=play,
        variables=variables,
        ranges=ranges,
        statement=statement,
        position=position,
        assume=assume,
        method=method,
        expect=Expect(expect_text) if expect_text else None,
        title=text("title") or "",
        source=text("source") or "",
        mutant_of=mutant_of,
        tags=tuple(tags),
        latex=latex,
        position_given=given,
        split=split,
        implied_by=implied_by,
        proof=text("proof"),
        exercise=exercise,
        teach_where=teach_where,
        lists=lists,
        figures=figures,
    )


def _game(
    table: Mapping[str, Any], claim_id: str, problem: Any
) -> tuple[str, Game, Mapping[str, Any]]:
    """The claim's game: a catalogue name, or a list of names for a sum of games (with
    ``params`` then a list of tables, one per component)."""
    names = table.get("game")
    params = table.get("params", {} if not isinstance(names, list) else [{}] * len(names))
    if names is None:  # allowed when no expression asks about a game: see _check_no_game
        return "", NO_GAME, {}
    if isinstance(names, str):
        if not isinstance(params, dict):
            raise problem(
                "params", f"must be a table such as {{ set = [1, 2, 3] }}, got {brief(params)}"
            )
        return names, _create(names, params, claim_id), dict(params)
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise problem("game", f"must be a game name or a list of them, got {brief(names)}")
    if len(names) > MAX_SUMMANDS:
        raise problem("game", f"a sum of more than {MAX_SUMMANDS} games is not accepted")
    if not isinstance(params, list) or len(params) != len(names):
        raise problem(
            "params",
            f"a sum of {len(names)} games takes a list of {len(names)} tables, one per game "
            "(e.g. params = [{}, { set = [1, 2] }])",
        )
    if not all(isinstance(p, dict) for p in params):
        raise problem("params", f"every entry must be a table, got {brief(params)}")
    games = [_create(name, p, claim_id) for name, p in zip(names, params, strict=True)]
    return " + ".join(names), SumGame(games), {"components": [dict(p) for p in params]}


def _check_no_game(
    table: Mapping[str, Any], expressions: list[Expression | None], given: bool, problem: Any
) -> None:
    """A claim without ``game`` may only do arithmetic: anything that asks about a
    position (or options for a game) needs the game named."""
    words = needs_game(e.parsed if e is not None else None for e in expressions)
    if given:
        words.append("position")
    if words:
        raise problem(
            "game",
            f"is missing, and the claim uses {', '.join(words)}, which "
            f"{'asks' if len(words) == 1 else 'ask'} about a game's positions; name the game "
            '(e.g. game = "nim"); only a claim of pure arithmetic (nim_mul, nimsum, mex, ...) '
            "needs none",
        )
    for field_name in ("params", "play"):
        if field_name in table:
            raise problem(field_name, "is given, but the claim names no game it could apply to")


def _default_position(
    game: Game, variables: tuple[str, ...], expressions: list[Expression | None], claim_id: str
) -> Expression:
    """The position of a claim that writes none (see :mod:`grundy.claims.defaults`)."""
    read = reads_position(e.parsed if e is not None else None for e in expressions)
    try:
        source = default_position_text(game, variables, read)
    except ClaimError as exc:
        raise ClaimError(f"claim {claim_id!r}, {exc}") from None
    parsed = (
        literal_expression(source)
        if not variables
        else parse_expression(source, "position", claim_id, variables)
    )
    return Expression(parsed, compile_expression(parsed, claim_id, "position"))


def _create(name: str, params: Mapping[str, Any], claim_id: str) -> Game:
    try:
        return create_game(name, params)
    except GrundyError as exc:
        raise ClaimError(f"claim {claim_id!r}: {exc}") from None
