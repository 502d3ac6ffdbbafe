"""Fixtures shared by the claim tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grundy.games.user import user_games


@pytest.fixture(scope="module")
def games_file(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test module's ``GAMES`` (Python source of games of one's own) as a file."""
    path = tmp_path_factory.mktemp("games") / "games.py"
    path.write_text(request.module.GAMES)
    return str(path)


@pytest.fixture
def loaded(games_file: str) -> Iterator[None]:
    """The module's games in the catalogue for the length of one test."""
    with user_games([games_file]):
        yield
