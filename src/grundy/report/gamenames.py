"""A game's name as a mathematician writes it: kept in :mod:`grundy.games.names`, so that
the notebook displays (which sit beside this package) name games as the handout does."""

from grundy.games.names import GameName, game_name, label_name, sum_name, text_latex

__all__ = ["GameName", "game_name", "label_name", "sum_name", "text_latex"]
