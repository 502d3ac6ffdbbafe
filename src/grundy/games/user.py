"""Games written by a user in a Python file of their own, loaded only when asked.

``grundy check claims.toml --games mygames.py`` runs ``mygames.py`` (a claim file can never
ask for this: the file to run is named on the command line).  The module lists its games
in ``GAMES``, each a :class:`~grundy.games.base.Game` subclass whose ``name`` is the name
claim files use; they join the catalogue for the run and leave it afterwards.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from grundy.errors import GrundyError, InvalidParameterError, UserCodeError
from grundy.files import InputPathError, check_input_path
from grundy.games.base import Game
from grundy.games.catalogue import find_entry, register, unregister
from grundy.usercode import ChildStopped, guarded, module_from_file, run_in_child

__all__ = ["USER_MODULE_PREFIX", "UserGameError", "load_user_games", "user_games", "user_written"]


LOAD_SECONDS = 60.0
"""Wall time a games file may take to load (its module run once, apart)."""

LOAD_MEMORY = 1 << 30
"""Resident memory (bytes) loading a games file may add."""

USER_MODULE_PREFIX = "grundy_user_games_"
"""The module name every games file is loaded under (a game's class tells where it came from)."""


_LOADED: set[type[Game]] = set()
"""Every class a games file listed in ``GAMES`` (its module may not say so: a class made
by ``type()`` under ``ABCMeta`` is said to come from ``abc``)."""


def user_written(game: Game) -> str | None:
    """The name of the first game inside ``game`` (itself, or a summand of a sum) whose
    class a user's games file defined; ``None`` when all of its code is grundy's."""
    cls = type(game)
    if cls.__module__.startswith(USER_MODULE_PREFIX) or cls in _LOADED:
        return game.name
    for part in getattr(game, "games", ()):
        if isinstance(part, Game) and (found := user_written(part)) is not None:
            return found
    return None


class UserGameError(UserCodeError, ValueError):
    """Raised when a file of user games cannot be loaded, or its games break a rule."""


def load_user_games(path: str | Path) -> list[type[Game]]:
    """Run the module at ``path`` and return the game classes it lists in ``GAMES``."""
    file = Path(path)
    try:  # a FIFO would block the loader forever, a device never end
        check_input_path(file, "games file")
    except InputPathError as exc:
        raise UserGameError(str(exc)) from None
    except OSError:
        raise UserGameError(f"no such games file: {file}") from None
    if file.suffix != ".py":
        raise UserGameError(f"a games file is a Python module (.py), got {file}")
    # First apart, in a child process: a file that ends its process, or never finishes
    # loading, must not take grundy with it.  Then here, where its classes are wanted.
    try:
        run_in_child(
            lambda: _run_module(file) and None,
            f"loading {file} failed:",
            memory_bytes=LOAD_MEMORY,
            seconds=LOAD_SECONDS,
        )
    except ChildStopped as exc:
        raise UserGameError(f"loading {file} did not finish: {exc}") from None
    except UserCodeError as exc:
        raise UserGameError(str(exc)) from None
    module = _run_module(file)
    games = getattr(module, "GAMES", None)
    if not isinstance(games, (list, tuple)) or not games:
        raise UserGameError(f"{file} must define GAMES, a list of its Game subclasses")
    for game in games:
        if not (isinstance(game, type) and issubclass(game, Game)):
            raise UserGameError(f"{file}: GAMES lists {game!r}, which is not a Game subclass")
        name = getattr(game, "name", None)
        if not isinstance(name, str) or not name:
            raise UserGameError(f"{file}: {game.__name__} needs a class attribute name = '...'")
    _LOADED.update(games)
    return list(games)


def _run_module(file: Path) -> ModuleType:
    """Run the games file as a module (registered in ``sys.modules``, so that dataclasses
    and pickling find it), able to import the modules beside it."""
    module_name = f"{USER_MODULE_PREFIX}{file.stem}"
    module, run = module_from_file(module_name, file, UserGameError)
    sys.path.insert(0, str(file.resolve().parent))
    try:
        with guarded(f"loading {file} failed:"):
            run()
    except UserCodeError as exc:  # the user's code: any failure is reported in one line
        sys.modules.pop(module_name, None)
        raise UserGameError(str(exc)) from None
    finally:
        sys.path.remove(str(file.resolve().parent))
    return module


@contextmanager
def user_games(paths: list[str] | None) -> Iterator[list[str]]:
    """Load the games of every file in ``paths`` into the catalogue for the ``with`` block;
    yields their names.  A name already in the catalogue is refused."""
    added: list[str] = []
    try:
        for path in paths or []:
            for game in load_user_games(path):
                try:
                    find_entry(game.name)
                except GrundyError:
                    register(game.name, game)
                    added.append(game.name)
                    continue
                raise InvalidParameterError(
                    f"{path}: game name {game.name!r} is already in the catalogue; choose another"
                )
        yield added
    finally:
        for name in added:
            unregister(name)
