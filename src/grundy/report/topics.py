"""Grouping claims into the topics of a handout, in the order a course reads them.

For the theorem library the topics follow the course notes: each theorem goes to the
first topic (in :data:`ASSIGNMENT_ORDER`) that shares one of its tags, and the topics are
shown in the notes' order (:data:`COURSE_TOPICS`).  A theorem no topic claims gets a
topic of its own game, after the others, so new theorems always appear.  For a claim
file the topics are its games, in the order the file first uses them.  A mutant goes
with the theorem it falsifies; a claim file's other claims expected to fail stay where
the file puts them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grundy.library import TheoremResult
from grundy.report.student_words import game_words, say

__all__ = [
    "BEYOND_PREFIX",
    "COURSE_TOPICS",
    "Topic",
    "TopicRule",
    "beyond_course",
    "course_topics",
    "file_topics",
    "split_beyond_course",
    "topic_title",
]


@dataclass(frozen=True, slots=True)
class TopicRule:
    """A topic of the course: the theorem tags that belong to it."""

    key: str
    tags: frozenset[str]

    @property
    def title(self) -> str:
        """The topic's heading (:mod:`grundy.report.student_words`)."""
        return say(f"topic.{self.key}")


def _rule(key: str, *tags: str) -> TopicRule:
    return TopicRule(key, frozenset(tags))


# The order of the course notes: the slides (take-away, P/N, Chomp, Nim, nim-sums,
# Bouton, the beer-can game), then sums and Sprague-Grundy, Grundy's game, Lucky Nim and
# Euclid, Hackenbush; then the classics beyond the notes.
COURSE_TOPICS: tuple[TopicRule, ...] = (
    _rule("take-away", "take-away"),
    _rule("labelling", "labelling-rules"),
    _rule("chomp", "chomp", "strategy-stealing"),
    _rule("nim", "one-pile", "two-pile", "nim"),
    _rule("nim-sum", "nim-sum", "algebra", "nimber"),
    _rule("bouton", "bouton", "winning-moves"),
    _rule("exercises", "exercise"),
    _rule("beer-can", "beer-can"),
    _rule(
        "sums",
        "sprague-grundy",
        "sums",
        "equivalence",
        "tweedledum-tweedledee",
    ),
    _rule("grundys-game", "grundys-game"),
    _rule("lucky-nim", "lucky-nim"),
    _rule("euclid", "euclid"),
    _rule("gale-nim", "gale-nim"),
    _rule("hackenbush", "hackenbush"),
    _rule(
        "octal",
        "kayles",
        "dawsons-kayles",
        "octal",
        "heap-games",
    ),
    _rule("subtraction", "subtraction", "periodicity"),
    _rule("wythoff", "wythoff", "golden-ratio"),
    _rule("misere", "misere"),
    _rule("moore-nim", "moore-nim"),
    _rule("poset", "poset"),
)

# Which topic wins when a theorem's tags meet several: the most specific first.
ASSIGNMENT_ORDER: tuple[str, ...] = (
    "exercises",
    "labelling",
    "take-away",
    "misere",
    "hackenbush",
    "lucky-nim",
    "grundys-game",
    "octal",
    "subtraction",
    "bouton",
    "beer-can",
    "poset",
    "chomp",
    "euclid",  # before Wythoff: Euclid's theorem is tagged with the golden ratio too
    "wythoff",
    "gale-nim",
    "moore-nim",
    "sums",
    "nim-sum",
    "nim",
)


@dataclass(frozen=True, slots=True)
class Topic:
    """A part of the handout: its title, anchor and claims (each theorem with its mutants)."""

    key: str
    title: str
    results: tuple[TheoremResult, ...]
    tags: frozenset[str] = frozenset()

    @property
    def anchor(self) -> str:
        return f"topic-{self.key}"


def topic_title(game: str | None) -> str:
    """A readable title for a game's topic.

    >>> topic_title("dawsons-kayles")
    'Dawsons kayles'
    """
    if not game:
        return say("topic.other")
    return game_words(game.split()[0].replace("-", " ").capitalize())


def _with_mutants(results: Sequence[TheoremResult]) -> dict[str, list[TheoremResult]]:
    """Each non-mutant's id with itself and its mutants, in order."""
    groups: dict[str, list[TheoremResult]] = {}
    known = {r.theorem.id for r in results if not r.theorem.is_mutant}
    for result in results:
        parent = result.theorem.mutant_of
        key = parent if parent in known else result.theorem.id
        groups.setdefault(key or result.theorem.id, []).append(result)
    return groups


def course_topics(results: Sequence[TheoremResult]) -> list[Topic]:
    """The library's results in the course's topics, in the course's order."""
    rules = {rule.key: rule for rule in COURSE_TOPICS}
    buckets: dict[str, list[TheoremResult]] = {}
    extra_titles: dict[str, str] = {}
    for group in _with_mutants(results).values():
        head = group[0].theorem
        tags = set(head.tags)
        key = next((k for k in ASSIGNMENT_ORDER if rules[k].tags & tags), None)
        if key is None:
            key = f"game-{head.game or 'other'}"
            extra_titles[key] = topic_title(head.game)
        buckets.setdefault(key, []).extend(group)
    topics = [
        Topic(rule.key, rule.title, tuple(buckets[rule.key]), rule.tags)
        for rule in COURSE_TOPICS
        if rule.key in buckets
    ]
    for key, title in extra_titles.items():
        topics.append(
            Topic(key, title, tuple(buckets[key]), frozenset({key.removeprefix("game-")}))
        )
    return topics


def file_topics(results: Sequence[TheoremResult], titles: dict[str, str]) -> list[Topic]:
    """A claim file's results grouped by game, in the order the file first uses each.

    ``titles`` maps a result's id to its topic's title (its game and parameters).
    """
    order: list[str] = []
    buckets: dict[str, list[TheoremResult]] = {}
    for group in _with_mutants(results).values():
        title = titles.get(group[0].theorem.id) or topic_title(group[0].theorem.game)
        if title not in buckets:
            order.append(title)
            buckets[title] = []
        buckets[title].extend(group)
    return [
        Topic(f"{index}", title, tuple(buckets[title]), _tags(buckets[title]))
        for index, title in enumerate(order, start=1)
    ]


def _tags(results: Iterable[TheoremResult]) -> frozenset[str]:
    words: set[str] = set()
    for result in results:
        words.update(result.theorem.tags)
        if result.theorem.game:
            words.add(result.theorem.game)
    return frozenset(words)


BEYOND_PREFIX = "beyond-"

# The library's sources say "beyond the notes: <where it is from>" for material the
# course's notes do not cover (nim multiplication, the periods of octal games, ...).
_BEYOND_SOURCE = "beyond the notes"


def beyond_course(result: TheoremResult) -> bool:
    """Whether a statement goes beyond the course's notes: by its source, or because its
    words or the range it was checked on need a concept the course never introduces
    (a check on every game born by day 3 needs birthdays)."""
    from grundy.report.definitions import needs_beyond_the_course
    from grundy.report.statements import first_sentence

    theorem = result.theorem
    if theorem.source.strip().lower().startswith(_BEYOND_SOURCE):
        return True
    # what a student reads: the title, the statement without the account of how it was
    # shown (the record's), and the range it was checked on
    words = " ".join((theorem.title, first_sentence(theorem.statement), result.verdict.scope))
    return needs_beyond_the_course(words)


def split_beyond_course(topics: Sequence[Topic]) -> tuple[list[Topic], list[Topic]]:
    """Each topic's statements from the course, and apart (key ``beyond-KEY``, in the same
    order of topics) those beyond it: a handout gives the course first, then the rest."""
    course: list[Topic] = []
    beyond: list[Topic] = []
    for topic in topics:
        inside = tuple(r for r in topic.results if not beyond_course(r))
        outside = tuple(r for r in topic.results if beyond_course(r))
        if inside:
            course.append(Topic(topic.key, topic.title, inside, topic.tags))
        if outside:
            beyond.append(Topic(BEYOND_PREFIX + topic.key, topic.title, outside, topic.tags))
    return course, beyond
