"""Games written as on the command line, read back (claim expressions use this)."""

import pytest

from grundy.errors import InvalidParameterError, UnknownGameError
from grundy.games import catalogue, create_game
from grundy.games.labels import game_from_label


def test_every_label_reads_back_as_the_same_game() -> None:
    examples = {
        "subtraction": {"set": [1, 3, 4]},
        "octal": {"code": "4.07"},
        "hackenbush": {"edges": "0-1,1-2,2-0"},
        "lucky-nim": {"m": 2, "n": 4},
        "poset": {"relations": "1<2,1<3"},
        "beer-can": {"rows": 2, "columns": 3},
        "gale-nim": {"n": 2, "m": 3},
        "moore-nim": {"k": 2},
        "digraph": {"edges": "0>1,1>0,1>2"},
    }
    for entry in catalogue():
        game = create_game(entry.name, examples.get(entry.name, {}))
        assert game_from_label(game.label) == game, entry.name


def test_spellings() -> None:
    assert game_from_label("subtraction --set=1,2") == create_game("subtraction", {"set": [1, 2]})
    assert game_from_label("hackenbush --edges '0-1, 1-2'") == create_game(
        "hackenbush", {"edges": "0-1,1-2"}
    )
    assert game_from_label("  kayles ") == create_game("kayles")


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", UnknownGameError, "empty"),
        ("kayls", UnknownGameError, "did you mean kayles"),
        ("subtraction --set", InvalidParameterError, "needs a value"),
        ("subtraction --sett 1", InvalidParameterError, "no option '--sett'"),
        ("subtraction --set x", InvalidParameterError, "--set"),
        ("subtraction", InvalidParameterError, "needs option --set"),
        ("hackenbush --edges '0-1", InvalidParameterError, "cannot read"),
        ("kayles --code 0.07", InvalidParameterError, "no option '--code'"),
    ],
)
def test_bad_labels(text, error, words) -> None:
    with pytest.raises(error, match=words):
        game_from_label(text)
