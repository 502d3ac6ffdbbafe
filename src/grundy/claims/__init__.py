"""Claim files (TOML) and the claim language.  Being built: see issue 5."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from grundy.errors import ClaimError

if TYPE_CHECKING:
    from grundy.library import Theorem

__all__ = ["theorems_from_file"]


def theorems_from_file(path: Path) -> Iterator[Theorem]:
    """The claims of a TOML file as theorems."""
    raise ClaimError(f"{path}: claim files cannot be read yet")
