"""Verdicts in plain language, for the handout: what was shown, for which cases.

The handout never shows engine names or solver figures; it says what a student needs:
whether the statement is proved, in which range, what it rests on, or why it is false.
Nothing here says more than the verdict, and each sentence starts with the verdict's word
(:class:`grundy.verdict.Word`): a bounded proof is "Checked for every case with ...", a
random search "Tested: ...", only an unbounded proof "Proved for every case".

>>> scope_words("bounded: 0 <= a, b, c <= 7")
'0 ≤ a, b, c ≤ 7'
>>> scope_words("bounded: 1 to 16 heaps, each of size < 2^64")
'1 to 16 heaps, each of size < 2⁶⁴'
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence

from grundy.report.caveats import paper_sentence, paper_step_words
from grundy.report.gamenames import game_name
from grundy.report.student_words import claim_words, game_words, say
from grundy.verdict import UNBOUNDED, Assumption, Verdict, Word

__all__ = ["assumption_words", "assumptions_words", "polish", "scope_words", "verdict_words"]

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_RELATIONS = (("<=", "≤"), (">=", "≥"), ("!=", "≠"), ("->", "→"))


def _power(match: re.Match[str]) -> str:
    return match.group(1) + match.group(2).translate(_SUPERSCRIPT)


def polish(text: str) -> str:
    """Plain text as a reader expects it: ≤ for <=, 2⁶⁴ for 2^64, misère with its accent.

    >>> polish("n >= 2 heaps below 2^64 in misere play, h -> h'")
    "n ≥ 2 heaps below 2⁶⁴ in misère play, h → h'"
    """
    for ascii_form, symbol in _RELATIONS:
        text = text.replace(ascii_form, symbol)
    text = re.sub(r"(\d) x (\d)", r"\1 × \2", text)
    text = re.sub(r"(\d)\^(\d+)", _power, text)
    return re.sub(r"\b([Mm])isere\b", r"\1isère", text)


# Conditions of the claim language that reach a scope ("assuming len(moves) > 0"), in words.
_CODE_WORDS = (
    ("len(moves) > 0", "the position has a move"),
    ("len(moves) >= 1", "the position has a move"),
    ("len(moves) == 0", "the position has no move"),
    ("18446744073709551615", "2^64 - 1"),
)


# A game written as on the command line inside a scope ("subtraction --set 1,2,3").
_LABEL = re.compile(r"\b[a-z][a-z-]*(?: --[a-z]+ \d[\d.]*(?:,\d[\d.]*)*)+")


# "assuming (a, b) in [(1, 2), (3, 5)]": a condition that lists the cases it allows.
_MEMBERSHIP = re.compile(r"(\([\w, ]+\)|\b\w+) in (\[[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*\])")


def _case_text(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(_case_text(part) for part in value) + ")"
    return str(value)


def _membership_words(match: re.Match[str]) -> str:
    """``x in [...]`` as words: the cases listed, as the notes write positions."""
    try:
        cases = ast.literal_eval(match.group(2))
    except (ValueError, SyntaxError):
        return match.group(0)
    if not isinstance(cases, list) or not cases:
        return match.group(0)
    shown = [_case_text(case) for case in cases]
    if len(shown) == 1:
        return f"{match.group(1)} = {shown[0]}"
    listed = ", ".join(shown[:-1]) + f" or {shown[-1]}"
    return (
        f"{match.group(1)} is {listed}"
        if len(shown) == 2
        else f"{match.group(1)} is one of {listed}"
    )


def _code_words(text: str) -> str:
    """
    >>> _code_words("0 <= n <= 200; assuming len(moves) > 0")
    '0 <= n <= 200; assuming the position has a move'
    >>> _code_words("pairs of nim, subtraction --set 1,2,3, octal --code 0.77, kayles")
    'pairs of nim, S(1, 2, 3), Kayles, kayles'
    >>> _code_words("assuming (a, b) in [(1, 2), (3, 5)]; assuming n in [1, 4, 9]")
    'assuming (a, b) is (1, 2) or (3, 5); assuming n is one of 1, 4 or 9'
    """
    from grundy.report.gamenames import label_name  # a report module above this one

    for code, words in _CODE_WORDS:
        text = text.replace(code, words)
    text = _MEMBERSHIP.sub(_membership_words, text)
    return _LABEL.sub(lambda match: str(label_name(match.group(0))), text)


def scope_words(scope: str) -> str:
    """A verdict's scope as a reader writes it: no engine prefix, proper symbols."""
    parts = []
    for piece in scope.split("; "):
        piece = piece.strip()
        for prefix in ("bounded:", "random:"):
            piece = piece.removeprefix(prefix).strip()
        if piece.startswith(UNBOUNDED):
            # "unbounded: every 1 <= m <= n, ...": the words after the colon, once
            piece = piece.removeprefix(UNBOUNDED).strip().lstrip(":").strip()
            piece = piece.removeprefix("every ")
        piece = polish(_code_words(piece))
        if piece and piece not in parts:
            parts.append(piece)
    return "; ".join(parts)


def assumption_words(assumption: Assumption, titles: Mapping[str, str]) -> str:
    """One lemma a proof rested on, by its title, with the scope the library proved it in.

    >>> assumption_words(Assumption("bouton", "unbounded"), {"bouton": "Bouton's theorem"})
    "“Bouton's theorem” (proved with no bound)"
    >>> assumption_words(Assumption("b", "bounded: up to 8 heaps, sizes < 2^64"), {})
    'b (checked for up to 8 heaps, sizes < 2⁶⁴)'
    """
    if assumption.on_paper:
        return say("lemma.paper", step=paper_step_words(assumption))
    name = _lemma_name(assumption, titles)
    here = assumption.instance_proved
    if assumption.word is Word.PROVED:
        rest = scope_words(assumption.scope)
        if rest:
            return say("lemma.proved-here" if here else "lemma.proved-every", name=name, scope=rest)
        return say("lemma.nobound-here" if here else "lemma.proved-nobound", name=name)
    key = "lemma.checked-here" if here else "lemma.checked"
    return say(key, name=name, scope=scope_words(assumption.scope))


def _lemma_name(assumption: Assumption, titles: Mapping[str, str]) -> str:
    title = titles.get(assumption.id)
    if title:
        return say("lemma.quoted", title=claim_words(title))  # a title is a sentence: quote it
    return (
        _quotient_name(assumption.id) or _period_name(assumption.id) or claim_words(assumption.id)
    )


# How the solver names a misère quotient an answer was read from (solve/misere_sums.py,
# claims/quotient_method.py): the game by its command-line label.
_QUOTIENT = re.compile(
    r"misere-quotient of (?P<game>\S+)(?: --(?P<option>code|set) (?P<value>\S+))?, "
    r"heaps 0\.\.(?P<upto>\d+), \|Q\| = (?P<size>\d+)"
)


# How claims name a periodicity certificate they read values from
# (claims/sequence_facts.certificate_assumption).
_PERIOD = re.compile(
    r"(?P<theorem>[\w-]+)-periodicity: (?P<game>\S+)(?: --(?P<option>code|set) (?P<value>\S+))? "
    r"has period (?P<period>\d+) from (?P<start>\d+)"
)


def _period_name(lemma: str) -> str | None:
    """A periodicity certificate named as the course would, or None for another lemma.

    >>> _period_name("guy-smith-periodicity: octal --code 0.77 has period 12 from 71")
    'the Grundy values of Kayles repeat with period 12 from 71'
    """
    found = _PERIOD.fullmatch(lemma)
    if found is None:
        return None
    name = _named_game(found["game"], found["option"], found["value"])
    return say("lemma.period", game=name, period=found["period"], start=found["start"])


def _named_game(game: str, option: str | None, value: str | None) -> str:
    """A game given by its command-line label, in the course's words."""
    params: dict[str, object] = {}
    if option == "code":
        params["code"] = value
    elif option == "set" and value is not None:
        params["set"] = [int(v) for v in value.split(",") if v.isdigit()]
    return game_words(str(game_name(game, params)))


def _quotient_name(lemma: str) -> str | None:
    """A misère quotient named as the course would, or None for another lemma.

    >>> _quotient_name("misere-quotient of octal --code 0.77, heaps 0..168, |Q| = 40")
    'the misère quotient of Kayles for heaps up to 168 (40 elements)'
    >>> _quotient_name("misere-quotient of subtraction --set 1,2, heaps 0..8, |Q| = 6")
    'the misère quotient of S(1, 2) for heaps up to 8 (6 elements)'
    """
    found = _QUOTIENT.fullmatch(lemma)
    if found is None:
        return None
    name = _named_game(found["game"], found["option"], found["value"])
    return say("lemma.quotient", game=name, upto=found["upto"], size=found["size"])


def assumptions_words(assumes: Sequence[Assumption], titles: Mapping[str, str]) -> str:
    """The lemmas a proof rested on, those proved with no bound named together.

    >>> titles = {"a": "A holds", "b": "B holds"}
    >>> assumptions_words([Assumption("a", "unbounded"), Assumption("b", "unbounded")], titles)
    '“A holds” and “B holds”, each proved with no bound'
    """
    assumes = [a for a in assumes if not a.on_paper]  # said apart: caveats.paper_sentence
    plain = [a for a in assumes if a.scope == UNBOUNDED and not a.instance_proved]  # no words
    pieces = [assumption_words(a, titles) for a in assumes if a not in plain]
    if len(plain) == 1:
        pieces.insert(0, assumption_words(plain[0], titles))
    elif plain:
        names = [_lemma_name(a, titles) for a in plain]
        together = say("list.comma").join(names[:-1]) + say("list.and") + names[-1]
        pieces.insert(0, say("lemma.together", names=together))
    return say("list.semicolon-and").join(pieces)


def _bounded_words(scope: str, raw_scope: str) -> str:
    if not scope:
        return say("verdict.checked-directly")
    if scope == "a single case":
        return say("verdict.checked-single")
    shown = claim_words(scope)
    if raw_scope.startswith(UNBOUNDED):  # "any number of ..., each < 2^64": a width bound
        return say("verdict.checked-every", scope=shown)
    if scope.startswith(("every ", "the ")):
        return say("verdict.checked-for", scope=shown)
    if any(symbol in scope for symbol in "≤<="):
        return say("verdict.checked-with", scope=shown)
    return say("verdict.checked-colon", scope=shown)


def verdict_words(
    verdict: Verdict, titles: Mapping[str, str] | None = None, own_id: str | None = None
) -> str:
    """The verdict in one or two sentences, starting with its word, with its scope and
    the lemmas it assumed (every sentence from :mod:`grundy.report.student_words`).

    >>> from grundy.verdict import Status
    >>> verdict_words(Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 400"))
    'Checked for every case with 0 ≤ n ≤ 400.'
    >>> verdict_words(Verdict(Status.PROVED, "z3", UNBOUNDED))
    'Proved for every case, with no bound.'
    """
    titles = titles or {}
    scope = scope_words(verdict.scope)
    word = verdict.word
    if word in (Word.PROVED, Word.CHECKED):
        if word is Word.PROVED:
            text = (
                say("verdict.proved-every", scope=claim_words(scope))
                if scope
                else say("verdict.proved-nobound")
            )
        else:
            text = _bounded_words(scope, verdict.scope)
        if any(not a.on_paper for a in verdict.assumes):
            text = say(
                "verdict.assuming", verdict=text, lemmas=assumptions_words(verdict.assumes, titles)
            )
        # With ``own_id`` (the handout), a lemma's step on paper is named by the lemma.
        short = titles if own_id is not None else None
        return text + paper_sentence(verdict, short, own_id or "")
    if word is Word.TESTED:
        count = (
            say("verdict.tested-cases", count=f"{verdict.cases:,}")
            if verdict.cases
            else say("verdict.tested-many")
        )
        where = say("verdict.tested-where", scope=claim_words(scope)) if scope else ""
        return say("verdict.tested", cases=count, where=where)
    if word is Word.REFUTED:
        return say("verdict.refuted")
    if word is Word.UNKNOWN:  # the record says where the check stopped, in its own words
        return say("verdict.unknown")
    return say("verdict.error")
