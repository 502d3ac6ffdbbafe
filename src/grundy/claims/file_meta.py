"""What a claim file says of itself, and the rules its text follows everywhere: the
``[meta]`` table (title, course, week, author) that heads the documents ``grundy report``
makes from the file, the file's size limit, the control characters no text field may
hold, and how a TOML value's kind is named in an error."""

from __future__ import annotations

import difflib
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grundy.errors import ClaimError, brief
from grundy.files import FileTooLargeError, decode_document, read_limited

__all__ = [
    "MAX_FILE_BYTES",
    "META_FIELDS",
    "FileMeta",
    "control_character",
    "file_meta",
    "read_meta",
    "toml_kind",
]

MAX_FILE_BYTES = 10 << 20
"""Largest claim file read (10 MiB: thousands of claims)."""

META_FIELDS = ("title", "course", "week", "author")


@dataclass(frozen=True, slots=True)
class FileMeta:
    """A claim file's ``[meta]`` table: what heads the documents made from it."""

    title: str = ""
    course: str = ""
    week: str = ""
    author: str = ""


def read_meta(value: Any, name: str) -> FileMeta:
    if value is None:
        return FileMeta()
    if not isinstance(value, dict):
        raise ClaimError(f"{name}: [meta] must be a table (title, course, week, author)")
    fields: dict[str, str] = {}
    for key, item in value.items():
        if key not in META_FIELDS:
            close = difflib.get_close_matches(key, META_FIELDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ClaimError(f"{name}: [meta] has an unknown field {brief(key)}{hint}")
        if isinstance(item, int) and not isinstance(item, bool) and key == "week":
            item = str(item)
        if not isinstance(item, str):
            raise ClaimError(f"{name}: [meta] field {key!r} must be text, got {toml_kind(item)}")
        control = control_character(item)
        if control is not None:
            raise ClaimError(f"{name}: [meta] field {key!r}: the control character is not allowed")
        fields[key] = item.strip()
    return FileMeta(**fields)


def file_meta(path: str | Path) -> FileMeta:
    """The ``[meta]`` table of a claim file (empty fields when it has none)."""
    path = Path(path)
    try:
        text = read_limited(path, MAX_FILE_BYTES, "claim file").decode("utf-8-sig")
    except (FileTooLargeError, OSError, UnicodeDecodeError) as exc:
        raise ClaimError(f"cannot read claim file {path}: {exc}") from None
    data = decode_document(
        tomllib.loads,
        text.removeprefix("\ufeff"),
        syntax_error=tomllib.TOMLDecodeError,
        fail=ClaimError,
        syntax=lambda exc: f"{path} is not valid TOML: {exc}",
        too_deep=f"{path} is not valid TOML: nested too deeply",
        too_long=lambda exc: f"{path}: a number in it is too long to read ({exc})",
    )
    return read_meta(data.get("meta"), str(path))


def control_character(text: str) -> str | None:
    """The first control character of ``text`` other than a tab or a new line."""
    for char in text:
        if char not in "\t\n" and unicodedata.category(char) == "Cc":
            return char
    return None


def toml_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the number {brief(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__
