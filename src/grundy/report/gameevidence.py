"""Evidence about the games of a claim file, with the file's own parameters.

A lecturer's claims about the subtraction game {1, 3, 4} get that game's values, its
P-positions and its period, not the course's take-away game.  Each claim of a ``.toml``
file is read again (:func:`file_claims`) to learn its game's parameters; the evidence
for each distinct game is computed by the solver as in :mod:`grundy.report.evidence`,
worded without any reference to the course notes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from grundy.claims import BadClaim, Claim, claims_from_file
from grundy.errors import GrundyError
from grundy.games import Game, HeapGame, Nim
from grundy.games.sums import SumGame
from grundy.library import TheoremResult
from grundy.report.document import Code, Paragraph, Section
from grundy.report.evidence import EVIDENCE
from grundy.report.evidence_boards import hackenbush_start, lucky_nim_section, parse_edges
from grundy.report.evidence_heaps import sequence_section, two_pile_nim
from grundy.report.gamenames import game_name, sum_name
from grundy.report.pictures import HackenbushPicture, hackenbush_figure
from grundy.report.pictures_graph import graph_figure
from grundy.report.student_words import claim_words, game_words, say, say_pieces
from grundy.report.sumevidence import sum_section
from grundy.solve import Play, Solver

__all__ = ["file_claims", "game_evidence", "game_title", "pile_names"]


def file_claims(results: Iterable[TheoremResult]) -> dict[str, Claim]:
    """The validated claim behind each result read from a ``.toml`` file, by id."""
    found: dict[str, Claim] = {}
    files: dict[Path, list[Claim | BadClaim]] = {}
    for result in results:
        origin = result.theorem.origin
        if origin is None or origin.suffix != ".toml":
            continue
        if origin not in files:
            try:
                files[origin] = claims_from_file(origin)
            except GrundyError:
                files[origin] = []
        for claim in files[origin]:
            if isinstance(claim, Claim) and claim.id == result.theorem.id:
                found[claim.id] = claim
    return found


def game_title(claim: Claim) -> str:
    """A topic title naming the game and its parameters as the course writes them
    (:mod:`grundy.report.gamenames`), never as the command line does.

    The title is the same for every claim about the same game, so they share a topic.
    """
    name, params = claim.game_name, dict(claim.params)
    if not name:  # a statement about numbers alone, with no game
        return say("game-topic.numbers")
    if claim.split is not None and claim.split.in_options:  # options in claim variables
        return _family_title(claim)
    if isinstance(claim.game, SumGame):
        names = name.split(" + ")
        components = params.get("components") or [{} for _ in names]
        return say("game-topic.sum", game=game_words(str(sum_name(names, components))))
    if name == "subtraction" and "set" in params:
        return say("game-topic.subtraction", game=game_words(str(game_name(name, params))))
    if name == "digraph" and "edges" in params:  # "0>1,1>0": tokens on a drawn graph
        arrows = ", ".join(edge.replace(">", " → ") for edge in str(params["edges"]).split(","))
        return say("game-topic.graph", edges=arrows)
    if name == "lucky-nim":
        return say("game-topic.lucky", m=params.get("m"), n=params.get("n"))
    if name == "hackenbush" and "edges" in params:
        return say("game-topic.hackenbush", picture=_picture_name(str(params["edges"])))
    if name == "octal" and "code" in params:
        named = game_name(name, params)
        return game_words(named[0].upper() + named[1:])
    if name in ("kayles", "dawsons-kayles", "dawsons-chess", "take-away"):
        return game_words(str(game_name(name, params)))
    shown = ", ".join(f"{key} = {value}" for key, value in sorted(params.items()))
    named = game_name(name)
    title = game_words(named[0].upper() + named[1:])
    return say("game-topic.with", game=title, settings=shown) if shown else title


def _family_title(claim: Claim) -> str:
    """A family of games, one per value (``params = { k = "k" }``): the game's name, the
    options written in the claim's variables, and the values."""
    assert claim.split is not None
    name = claim.game_name
    if " + " in name:
        named = say("game-topic.sum", game=game_words(name))
    else:
        named = game_words(game_name(name)[0].upper() + game_name(name)[1:])
    written = [
        _ranges_read(o) for o in claim.split.options if o.split(" = ")[0] != o.split(" = ")[-1]
    ]
    options = say("game-topic.options", options="; ".join(written)) if written else ""
    return say("game-topic.family", game=named, options=options, values=claim.split.describe())


_RANGE = re.compile(r"range\(\s*(?:([^(),]+?)\s*,\s*)?([^(),]+?)\s*\)")


def _ranges_read(option: str) -> str:
    """``set = range(1, k + 1)`` as a reader writes it: ``set = {1, ..., k}``.

    >>> _ranges_read("set = range(1, k + 1)"), _ranges_read("set = range(n)")
    ('set = {1, ..., k}', 'set = {0, ..., n − 1}')
    """

    def written(match: re.Match[str]) -> str:
        first, stop = match.group(1) or "0", match.group(2)
        last = stop[: -len("+ 1")].strip() if stop.replace(" ", "").endswith("+1") else None
        if last is None:
            last = str(int(stop) - 1) if stop.isdigit() else f"{stop} − 1"
        return f"{{{first}, ..., {last}}}"

    return _RANGE.sub(written, option)


def _heap_sequence(key: str, claim: Claim) -> Section | None:
    game: Game = claim.game
    if not isinstance(game, HeapGame) or isinstance(game, Nim):
        return None
    try:
        game.from_value([1])
    except GrundyError:
        return None
    title = game_title(claim)
    intro = say("sequence.game", game=title)
    return sequence_section(key, game, title, 120, intro, True)


def _picture_name(edges: str) -> str:
    """``the picture 0-1,1-2`` while its edges fit a heading; a long list of edges (which
    overran the contents and the page) is named by its size and shown under the figure.

    >>> _picture_name("0-1,1-2"), _picture_name(",".join(f"{i}-{i + 1}" for i in range(20)))
    ('the picture 0-1,1-2', 'a picture of 20 edges')
    """
    if len(edges) <= 40:
        return say("hackenbush.picture", edges=edges)
    return say("hackenbush.big-picture", count=len(edges.split(",")))


def _hackenbush(key: str, claim: Claim) -> Section | None:
    edges = claim.params.get("edges")
    if not isinstance(edges, str):
        return None
    game = claim.game
    value = Solver(game).grundy_value(hackenbush_start(game))
    picture = HackenbushPicture(parse_edges(edges), value, "")
    name = _picture_name(edges)
    return Section(
        say("game-topic.hackenbush", picture=name),
        f"evidence-{key}",
        (
            Paragraph((say("hackenbush.one", value=value),)),
            hackenbush_figure(key, say("hackenbush.and-snake"), [picture]),
            Paragraph(  # a list of edges that can break between them
                say_pieces("hackenbush.edges", edges=Code(edges.replace(",", ", ")))
            ),
        ),
        play="normal",
    )


def _graph(key: str, claim: Claim) -> Section | None:
    """A digraph game's graph, each vertex coloured by one token's outcome there (P, N or
    D, a draw: the letter is explained beside the picture)."""
    from grundy.games.digraph import parse_edges as graph_edges
    from grundy.solve.loopy import LoopySolver

    edges = graph_edges(str(claim.params.get("edges", "")))
    vertices = sorted({v for edge in edges for v in edge})
    if len(vertices) > 16:  # a picture of more would be a tangle
        return None
    solver = LoopySolver(claim.game)
    outcomes = {v: solver.outcome(claim.game.from_value([v])).value for v in vertices}
    return Section(
        say("graph.title"),
        f"evidence-{key}",
        (
            Paragraph((say("graph.intro"),)),
            graph_figure(key, say("graph.caption"), edges, outcomes),
        ),
        play="normal",
    )


_SHARED = {"chomp": "chomp", "wythoff": "wythoff"}
_PAIR = re.compile(r"\[\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\]")
# a position of a sum of two heap games, one heap each: [[a], [k]]
_SUM_PAIR = re.compile(r"\[\s*\[\s*([A-Za-z_]\w*)\s*\]\s*,\s*\[\s*([A-Za-z_]\w*)\s*\]\s*\]")


def pile_names(claims: Iterable[Claim]) -> tuple[str, str] | None:
    """The names the claims give two piles, when every one of them names the same two
    (its position is ``[k, a]`` of two of its variables), or ``None``: a picture that
    serves these claims then says "the first pile" rather than letters one claim uses.

    >>> from grundy.claims.model import read_claim
    >>> def nim(vars, position=None):
    ...     table = {"id": "c", "game": "nim", "statement": "grundy >= 0", "vars": vars,
    ...              "range": {v: [0, 3] for v in vars}}
    ...     return read_claim(table | ({"position": position} if position else {}))
    >>> pile_names([nim(["k", "a"])]), pile_names([nim(["k", "a"]), nim(["a", "b"])])
    (('k', 'a'), None)
    >>> pile_names([nim(["a", "b", "c"])]), pile_names([nim(["k", "a"], "[a, k]")])
    (None, ('a', 'k'))
    >>> pile_names([nim(["a", "k"], "[[a], [k]]")])  # the parts of a sum, one heap each
    ('a', 'k')
    """
    found = set()
    for claim in claims:
        text = claim.position.text.strip()
        pair = _PAIR.fullmatch(text) or _SUM_PAIR.fullmatch(text)
        if pair is None or not set(pair.groups()) <= set(claim.variables):
            return None
        found.add((pair[1], pair[2]))
    if len(found) != 1:
        return None
    first, second = found.pop()
    return (claim_words(first), claim_words(second)) if first != second else None


def game_evidence(
    claims: Iterable[Claim], *, skip_failing: bool = False
) -> list[tuple[str, Section]]:
    """Evidence for each distinct game (with its parameters) of ``claims``.

    Returns ``(topic title, section)`` pairs in the order the games first appear; games
    with nothing to show are left out.  With ``skip_failing`` (games of the user's own,
    whose code may raise anything), a game whose evidence cannot be computed is left out
    too, and its claims' own verdicts say what went wrong.
    """
    claims = list(claims)
    plays: dict[str, set[Play]] = {}  # the conventions each game's claims are about
    for claim in claims:
        if claim.split is None or not claim.split.in_options:
            plays.setdefault(game_title(claim), set()).add(claim.play)
    done: set[str] = set()
    pieces: list[tuple[str, Section]] = []
    for claim in claims:
        if claim.split is not None and claim.split.in_options:
            continue  # a family of games, one per value: no one game's evidence is its
        title = game_title(claim)
        if title in done:
            continue
        done.add(title)
        key = f"game-{len(done)}"
        section: Section | None = None
        if claim.game_name == "nim":  # Nim's P-positions in each play its claims are about
            for play in (Play.NORMAL, Play.MISERE):
                if play in plays[title]:
                    served = [c for c in claims if game_title(c) == title and c.play is play]
                    pieces.append((title, two_pile_nim(play, pile_names(served))))
            continue
        if claim.game_name in _SHARED:
            item = next(i for i in EVIDENCE if i.key == _SHARED[claim.game_name])
            section = item.build()
        elif claim.game_name == "lucky-nim":
            section = lucky_nim_section(int(claim.params["m"]), int(claim.params["n"]))
        elif isinstance(claim.game, SumGame):
            names = claim.game_name.split(" + ")
            components = claim.params.get("components") or [{} for _ in names]
            served = [c for c in claims if game_title(c) == title]
            letters = pile_names(served) or ("a", "b")
            section = sum_section(key, claim.game, sum_name(names, components), letters)
        elif claim.game_name == "hackenbush":
            section = _hackenbush(key, claim)
        elif claim.game_name == "digraph":
            section = _graph(key, claim)
        else:
            try:
                section = _heap_sequence(key, claim)
            except GrundyError:
                raise
            except Exception:
                if not skip_failing:
                    raise
                section = None
        if section is not None:
            pieces.append((title, section))
    return pieces
