"""Positions that nest, written as one JSON word on the command line (a user's Poker-Nim-like
game: ``'[[1,2],1,1]'``), and the ``from_value`` contract said when a game breaks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.errors import InvalidPositionError
from grundy.games import Nim
from grundy.games.json_position import MAX_POSITION_TEXT

# Heaps with banks: a move takes some tokens from a heap into its bank, or throws away some
# of a bank.  A heap is written as a number (no bank) or [heap, bank].
BANK_NIM = """
from grundy import Game, InvalidPositionError


class BankNim(Game):
    name = "bank-nim"
    summary = "heaps with banks"
    position_help = "a JSON list of heaps, each a number or [heap, bank]"

    def moves(self, position):
        for i, (heap, bank) in enumerate(position):
            rest = position[:i] + position[i + 1:]
            for left in range(heap):
                yield tuple(sorted(rest + ((left, bank + heap - left),)))
            for kept in range(bank):
                yield tuple(sorted(rest + ((heap, kept),)))

    def from_value(self, value):
        if not isinstance(value, LISTS):
            raise InvalidPositionError(f"a position is a list of heaps, got {value!r}")
        heaps = []
        for item in value:
            if isinstance(item, int) and item >= 0:
                heaps.append((item, 0))
            elif isinstance(item, LISTS) and len(item) == 2 and all(
                isinstance(x, int) and x >= 0 for x in item
            ):
                heaps.append((item[0], item[1]))
            else:
                raise InvalidPositionError(f"a heap is a number or [heap, bank], got {item!r}")
        return tuple(sorted(heaps))


GAMES = [BankNim]
"""


def games_file(tmp_path: Path, lists: str) -> str:
    path = tmp_path / "bank.py"
    path.write_text(f"LISTS = {lists}\n" + BANK_NIM)
    return str(path)


@pytest.fixture
def good_games(tmp_path: Path) -> str:
    # from_value accepts JSON lists and the game's own tuples, as the contract asks.
    return games_file(tmp_path, "(list, tuple)")


def test_a_nested_position_is_solved_from_one_json_word(run_cli, good_games) -> None:
    result = run_cli("solve", "--games", good_games, "bank-nim", "[[1,2],1,1]", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["position"] == [[1, 0], [1, 0], [1, 2]]
    # The same position in a claim file gets the same value.
    value = data["grundy"]
    claims = Path(good_games).with_name("c.toml")
    claims.write_text(
        f'[[claim]]\nid = "v"\ngame = "bank-nim"\nposition = "[[1, 2], 1, 1]"\n'
        f'statement = "grundy == {value}"\n'
    )
    checked = run_cli("check", str(claims), "--games", good_games, "--jobs", "1")
    assert checked.code == 0, checked.out + checked.err


def test_a_game_whose_from_value_refuses_its_own_positions_is_told_why(run_cli, tmp_path) -> None:
    # Before: "... is not a position of bank-nim: a position is a list of heaps, got
    # ((1, 0), ...)", as if the words were wrong.  The cause is the contract.
    result = run_cli("solve", "--games", games_file(tmp_path, "list"), "bank-nim", "[[1,2],1]")
    assert result.code == 2 and result.out == ""
    (line,) = result.err.splitlines()
    assert "is not a position of bank-nim: a position is a list of heaps" in line
    assert "from_value is handed back the game's own positions, here a tuple" in line
    assert "make to_json return lists and numbers" in line


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("[[1,2],1", "the position '[[1,2],1' is not JSON (column 9: Expecting ',' delimiter)"),
        ("[" * 100_000, "the position is nested too deeply"),
        ("[" + "1" * 5000 + "]", "a number in the position is too long"),
        ("[[1,2,3]]", "a heap is a number or [heap, bank], got [1, 2, 3]"),
        ("[" + "0," * MAX_POSITION_TEXT + "0]", "more than 1,000,000"),
    ],
    ids=["syntax", "deep", "long-number", "refused", "too-long"],
)
def test_bad_json_positions_are_one_line_and_exit_2(run_cli, good_games, word, message) -> None:
    result = run_cli("solve", "--games", good_games, "bank-nim", word)
    assert result.code == 2, result.out
    assert len(result.err.splitlines()) == 1 and message in result.err


def test_catalogue_games_read_a_json_list_as_their_words() -> None:
    assert Nim().parse(["[3, 4, 5]"]) == Nim().parse(["3", "4", "5"])
    with pytest.raises(InvalidPositionError, match="position must be whole numbers"):
        Nim().parse(["3", "[4]"])  # only a single word is JSON
