"""HTML for notebooks: a solved position, a verdict, a table of claim results.

Plain, self-contained HTML fragments (inline styles, inline SVG), returned as strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from html import escape
from typing import Any

import grundy.validate as validate
from grundy.display.arguments import check_results, check_verdict
from grundy.display.pictures import position_svg
from grundy.errors import GrundyError
from grundy.games import SumGame, create_game
from grundy.games.base import Game
from grundy.games.names import game_words_of
from grundy.library import TheoremResult
from grundy.notebook_html import register_html
from grundy.solve.solver import Analysis, Outcome, Play
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict

__all__ = [
    "analysis_html",
    "register_notebook_html",
    "result_html",
    "results_html",
    "verdict_html",
]

_CELL = 'style="text-align:left;padding:2px 10px 2px 0;vertical-align:top"'
OUTCOME_WORDS = {
    Outcome.P: "P-position: the previous player wins (the player to move loses)",
    Outcome.N: "N-position: the next player, the one to move, wins",
}
MISERE_WORDS = "misère play: the player who makes the last move loses"


def _table(rows: Sequence[tuple[str, str]]) -> str:
    body = "".join(
        f"<tr><th {_CELL}>{name}</th><td {_CELL}>{value}</td></tr>" for name, value in rows
    )
    return f"<table>{body}</table>"


def _figure(svg: str) -> str:
    return f'<div style="margin:4px 0">{svg}</div>' if svg else ""


def analysis_html(analysis: Analysis) -> str:
    """A solved position: its picture with the winning moves drawn, value, outcome and
    the winning moves in words."""
    validate.instance(analysis, Analysis, "the analysis", "an Analysis (Solver.analyse)")
    game, position = analysis.game, analysis.position
    winning = [move.to for move in analysis.winning_moves]
    # the game by its name in words (Kayles), never as the command line writes it
    rows = [("position", escape(f"{game_words_of(game)}: {game.format(position)}"))]
    if analysis.play is Play.MISERE:
        rows.append(("play", escape(MISERE_WORDS)))
    if analysis.grundy is not None:
        rows.append(("Grundy value", f"*{analysis.grundy}"))
    rows.append(("outcome", escape(OUTCOME_WORDS[analysis.outcome])))
    if winning:
        items = "".join(
            f"<li>{escape(move.description)}, leaving {escape(game.format(move.to))}</li>"
            for move in analysis.winning_moves
        )
        rows.append((f"winning moves ({len(winning)})", f'<ul style="margin:0">{items}</ul>'))
    else:
        rows.append(("winning moves", "none: every move leads to an N-position"))
    return _figure(position_svg(game, position, winning)) + _table(rows)


def verdict_html(verdict: Verdict, title: str = "", play: Play | None = None) -> str:
    """A verdict as a small table: its word (proved, checked, tested, ...), scope, method,
    cases, the counterexample, the lemmas it assumes and its message (:func:`result_html`
    adds a picture)."""
    check_verdict(verdict, title)
    word = verdict.word
    badge = (
        f'<span style="background:{word.colour};color:{word.ink};padding:1px 6px;'
        f'border-radius:3px">{word}</span>'
    )
    rows = [("verdict", badge)]
    if title:
        rows.insert(0, ("claim", escape(title)))
    if play is Play.MISERE:  # a misère claim says so beside its verdict
        rows.insert(1 if title else 0, ("play", escape(MISERE_WORDS)))
    if verdict.scope:
        rows.append(("scope", escape(verdict.scope)))
    rows.append(("method", escape(verdict.method)))
    if verdict.cases is not None:
        rows.append(("cases", f"{verdict.cases:,}"))
    if verdict.counterexample:
        rows.append(("counterexample", _mapping(verdict.counterexample)))
    if verdict.assumes:
        rows.append(("assuming", escape("; ".join(map(_assumption_words, verdict.assumes)))))
    if verdict.message:
        rows.append(("note", escape(verdict.message)))
    return _table(rows)


@cache
def _lemma_titles() -> dict[str, str]:
    from grundy.library import load_library  # the proofs are read once, when first needed

    return {theorem.id: theorem.title for theorem in load_library() if theorem.title}


def _assumption_words(assumption: Assumption) -> str:
    """A lemma a verdict rests on, by its title (a student never reads a lemma's id)."""
    if assumption.on_paper:
        return f"{assumption.statement} (argued on paper, not checked by machine)"
    title = _lemma_titles().get(assumption.id, "a theorem of the library")
    scope = "proved with no bound" if assumption.scope == UNBOUNDED else assumption.scope
    return f"“{title}” ({scope})"


def _mapping(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{escape(str(k))} = {escape(str(v))}" for k, v in values.items())


def result_html(result: TheoremResult, game: Game | None = None) -> str:
    """One checked claim: its verdict table and, for a counterexample with a position
    of ``game``, the position drawn."""
    check_results([result])
    if game is not None:
        validate.instance(game, Game, "the game", "a Game (grundy.games.Game)")
    theorem = result.theorem
    html = verdict_html(result.verdict, theorem.title or theorem.id, theorem.play)
    found = result.verdict.counterexample or {}
    if game is None and result.theorem.game and "position" in found:
        names = result.theorem.game.split(" + ")  # a sum of games is named by its parts
        try:  # catalogue games without options can be rebuilt from their names
            games = [create_game(name) for name in names]
            game = games[0] if len(games) == 1 else SumGame(games)
        except GrundyError:
            game = None
    if game is not None and "position" in found:
        try:
            position = game.from_value(found["position"])
        except Exception:  # a drawing is a courtesy: text is already shown
            return html
        html += _figure(position_svg(game, position, ()))
    return html


def results_html(results: Sequence[TheoremResult]) -> str:
    """Claim results as one table: title (the id when there is none), verdict (as expected
    or not), scope, counterexample."""
    check_results(results)
    head = "".join(
        f"<th {_CELL}>{name}</th>" for name in ("claim", "verdict", "scope", "counterexample")
    )
    rows = []
    for result in results:
        verdict = result.verdict
        expected = "" if result.as_expected else " (not as expected)"
        if result.settles_open_claim:
            expected = " (settles an open claim)"
        counterexample = _mapping(verdict.counterexample) if verdict.counterexample else ""
        if result.theorem.play is Play.MISERE:
            expected += " (misère play)"
        if verdict.status is Status.ERROR:
            counterexample = escape(verdict.message)
        rows.append(
            f"<tr><td {_CELL}>{escape(result.theorem.title or result.theorem.id)}</td>"
            f'<td {_CELL}><span style="color:{verdict.word.colour};font-weight:bold">'
            f"{verdict.word}</span>{expected}</td>"
            f"<td {_CELL}>{escape(verdict.scope)}</td><td {_CELL}>{counterexample}</td></tr>"
        )
    total = sum(r.as_expected for r in results)
    summary = f"<p>{total} of {len(results)} as expected</p>"
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>{summary}"


def register_notebook_html() -> None:
    """Let verdicts, solved positions and claim results draw themselves in notebooks
    (their ``_repr_html_`` asks :mod:`grundy.notebook_html`, which cannot import this)."""
    register_html(Verdict, verdict_html)
    register_html(Analysis, analysis_html)
    register_html(TheoremResult, result_html)
