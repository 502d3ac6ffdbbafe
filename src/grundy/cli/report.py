"""``grundy report``: check claims and write a handout for students and the record beside it."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from grundy.cli.common import (
    add_games_option,
    add_jobs_option,
    add_scheduler_option,
    check_claims,
    check_output_dir,
    user_games,
)
from grundy.cli.flags import add_seed_option, add_smt_options
from grundy.errors import ClaimError, GrundyError
from grundy.verdict import Status, Verdict, word_counts

# The library and the report writers are imported when the command runs, so that other
# commands (and ``grundy --help``) do not pay for them.
if TYPE_CHECKING:
    from grundy.library import Theorem, TheoremResult
    from grundy.report import Format, HandoutOptions
    from grundy.report.document import Section
    from grundy.report.topics import Topic
    from grundy.settings import CheckSettings

__all__ = ["register"]

_PLACEHOLDER = Verdict(Status.UNKNOWN, "none")  # topics are assigned before any check

DEFAULT_FORMATS = "html,md,tex,pdf"
DEFAULT_OUT = "reports/latest"


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "report",
        help="check claims and write a handout and its record (HTML, Markdown, LaTeX, PDF)",
        description=(
            "Check the theorem library (default proofs/), the theorems or topics named, or "
            "a claim file, and write into one folder: handout.* (short, for students: "
            "statements, verdicts in words, pictures), record.* (everything: engines, seeds, "
            "versions, timings) and, when there are exercises, worksheet.* (the exercises "
            "alone, with room to write) and answers.* (each with its answer). The folder is "
            "replaced as a whole."
        ),
    )
    parser.add_argument(
        "ids",
        nargs="*",
        metavar="ID",
        help="theorem ids or topic names (default: all); a theorem brings its mutants",
    )
    parser.add_argument(
        "--claims",
        metavar="FILE",
        help="report on a claim file (.toml), a proofs module (.py: run as Python, so only one "
        "you trust) or a folder of them",
    )
    add_games_option(parser)
    parser.add_argument(
        "--out",
        metavar="DIR",
        default=DEFAULT_OUT,
        help=f"the report's folder, replaced as a whole (default {DEFAULT_OUT}/)",
    )
    parser.add_argument(
        "--format",
        default=None,
        metavar="LIST",
        help="comma-separated formats from html,md,tex,pdf (default: all)",
    )
    parser.add_argument(
        "--pdf-engine",
        choices=("typst", "tex"),
        default="typst",
        help="how the PDF is built: typst (default; comes with grundy, a few seconds) or "
        "tex (pdflatex, lualatex or xelatex, installed apart: the PDF of the .tex files)",
    )
    parser.add_argument(
        "--title",
        help="the handout's title (default: the claim file's [meta] title, else its name in words)",
    )
    parser.add_argument(
        "--author", default="", help="the author, printed under the title (default: [meta])"
    )
    parser.add_argument(
        "--course", default="", help="the course, printed under the title (default: [meta])"
    )
    parser.add_argument(
        "--mutants",
        action="store_true",
        help="show the library's mutants in the handout too, as plausible mistakes (a "
        "claim file's claims expected to fail are shown unless --no-mistakes)",
    )
    parser.add_argument(
        "--no-mistakes",
        action="store_true",
        help="leave out of the handout every claim expected to fail (by default a claim "
        "file's are shown as plausible mistakes, with the counterexample explained)",
    )
    parser.add_argument(
        "--slides",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="write the lecture's slides too (the default): "
        "slides.html (16:9, arrow keys to move, works offline), and slides.pdf (typst, or "
        "Beamer with --pdf-engine tex) and slides.tex (Beamer) with those formats",
    )
    parser.add_argument(
        "--print",
        dest="print_mode",
        choices=("colour", "bw"),
        default="colour",
        help="colour (default), or bw for a black-and-white printer or copier: badges "
        "and cells outlined, figures hatched instead of filled",
    )
    add_seed_option(parser)
    parser.add_argument("--quick", action="store_true", help="smaller domains (for CI)")
    parser.add_argument(
        "--evidence",
        choices=("auto", "all", "none"),
        default="auto",
        help="pictures and tables: all, none, or auto (all for the whole library, else "
        "those about the reported games)",
    )
    add_jobs_option(parser)
    add_scheduler_option(parser)
    add_smt_options(parser, default_words=" (default: the report folder's smt/, beside the record)")
    parser.set_defaults(run=run_report)


def _select(theorems: list[Theorem], names: Sequence[str]) -> list[Theorem]:
    """The theorems named by id or by topic (a course topic's key or title)."""
    from grundy.library import TheoremResult, select
    from grundy.report.topics import COURSE_TOPICS, course_topics

    if not names:
        return theorems
    known = {t.id for t in theorems}
    ids = [name for name in names if name in known]
    wanted = set(select(theorems, ids)) if ids else set()
    topics = {rule.key: rule for rule in COURSE_TOPICS}
    topics.update({rule.title.lower(): rule for rule in COURSE_TOPICS})
    for name in names:
        if name in known:
            continue
        rule = topics.get(name.lower())
        if rule is None:
            raise ClaimError(f"no theorem or topic named {name!r}")
        for topic in course_topics([TheoremResult(t, _PLACEHOLDER) for t in theorems]):
            if topic.key == rule.key:
                wanted.update(result.theorem for result in topic.results)
    return [t for t in theorems if t in wanted]


def _theorems(args: argparse.Namespace) -> tuple[list[Theorem], str]:
    from grundy.library import load_library

    if args.claims:
        path = Path(args.claims)
        theorems = load_library([path])  # a claim file (.toml), a proofs module, or a folder
        source = path.name
    else:
        theorems = load_library()
        source = "the theorem library (proofs/)"
    if args.games:
        from grundy.cli.user_runs import guard_theorem

        theorems = [guard_theorem(theorem) for theorem in theorems]
    return _select(theorems, args.ids), source


def _command(args: argparse.Namespace, formats: Sequence[Format]) -> str:
    """The command that regenerates this report on this machine (the formats it wrote)."""
    words = ["grundy", "report", *args.ids]
    if args.claims:
        words += ["--claims", args.claims]
    for games in args.games or []:
        words += ["--games", games]
    words += ["--out", args.out, "--format", ",".join(f.value for f in formats)]
    if args.pdf_engine != "typst":
        words += ["--pdf-engine", args.pdf_engine]
    words += ["--seed", str(args.seed)]
    for option in ("title", "author", "course"):
        value = getattr(args, option)
        if value:
            words += [f"--{option}", value]
    if args.mutants:
        words.append("--mutants")
    if args.no_mistakes:
        words.append("--no-mistakes")
    if not args.slides:
        words.append("--no-slides")
    if args.print_mode != "colour":
        words += ["--print", args.print_mode]
    if args.quick:
        words.append("--quick")
    if args.evidence != "auto":
        words += ["--evidence", args.evidence]
    return shlex.join(words)


def _formats(args: argparse.Namespace) -> tuple[tuple[Format, ...], str | None]:
    """The formats, and the TeX engine when the PDF is to be built by TeX (found before
    any work: asking for TeX where there is none is an error, not a missing file)."""
    from grundy.report import Format, parse_formats, require_tex_engine

    formats = parse_formats(args.format if args.format is not None else DEFAULT_FORMATS)
    if Format.PDF in formats and args.pdf_engine == "tex":
        return formats, require_tex_engine()
    return formats, None


def _library_titles(results: Sequence[TheoremResult]) -> dict[str, str]:
    from grundy.library import load_library

    titles = {r.theorem.id: r.theorem.title for r in results}
    needed = {a.id for r in results for a in r.verdict.assumes} - set(titles)
    if needed:
        with contextlib.suppress(GrundyError):  # else the lemma is named by its id
            titles.update({t.id: t.title for t in load_library()})
    return titles


def _library_evidence(
    args: argparse.Namespace, topics: list[Topic], whole_library: bool, shown: set[str]
) -> tuple[dict[str, list[Section]], dict[str, list[Section]], list[Section], list[str]]:
    """Evidence by topic, worked answers by exercise id, all of it for the record, and
    the pieces left out (their game is not in the catalogue)."""
    from grundy.report import EVIDENCE, build_evidence, related_evidence
    from grundy.report.handout import place_evidence

    if args.evidence == "none":
        return {}, {}, [], []
    items = list(EVIDENCE)
    if args.evidence == "auto" and not whole_library:
        items = related_evidence(sorted({tag for topic in topics for tag in topic.tags}))
    built = build_evidence(items)
    by_anchor = {section.anchor: section for section in built.sections}
    answers: dict[str, list[Section]] = {}
    loose = []
    for item in items:
        section = by_anchor.get(f"evidence-{item.key}")
        if section is None:
            continue
        if item.answers in shown:
            answers.setdefault(item.answers, []).append(section)
        else:
            loose.append(item)
    placed: dict[str, list[Section]] = {}
    for key, pieces in place_evidence(topics, loose).items():
        placed[key] = [by_anchor[f"evidence-{item.key}"] for item in pieces]
    return placed, answers, list(built.sections), list(built.skipped)


def _first_ids(ids: Sequence[str]) -> str:
    return ", ".join(ids[:5]) + (", ..." if len(ids) > 5 else "")


def _expectation_words(results: Sequence[TheoremResult]) -> str:
    """``all as expected``, or the claims that were not, and apart from them the open
    claims that a verdict settled (news)."""
    news = [r.theorem.id for r in results if r.settles_open_claim]
    failed = [r.theorem.id for r in results if not r.as_expected and not r.settles_open_claim]
    pieces = [f"NOT as expected: {_first_ids(failed)}"] if failed else []
    if news:
        pieces.append(f"settles an open claim: {_first_ids(news)}")
    return "; ".join(pieces) or "all as expected"


def _handout_options(args: argparse.Namespace, source: str, date: str) -> HandoutOptions:
    """The title block (the options given, else the claim file's [meta], else its name in
    words) and which mistakes are shown: a claim file's (.toml) claims expected to fail,
    mutants too, unless --no-mistakes; the mutants of the library and of a proofs module
    (.py) only with --mutants."""
    from grundy.claims import FileMeta, file_meta
    from grundy.report import HandoutOptions
    from grundy.report.student_words import say
    from grundy.report.titles import file_title

    path = Path(args.claims) if args.claims else None
    meta = file_meta(path) if path is not None and path.suffix == ".toml" else FileMeta()
    if args.title:
        title = args.title
    elif path is None:
        title = say("title.library")
    else:
        title = meta.title or file_title(Path(source).stem)
    course = args.course or meta.course
    if meta.week and not args.course:
        week = meta.week if not meta.week.isdigit() else say("title.week", week=meta.week)
        course = f"{course}, {week}" if course else week[:1].upper() + week[1:]
    mistakes = not args.no_mistakes
    return HandoutOptions(
        title,
        args.author or meta.author,
        course,
        date,
        # a claim file's mutants are a lecturer's mistakes; a proofs module's test the checks
        mutants=args.mutants or (path is not None and path.suffix == ".toml" and mistakes),
        mistakes=mistakes,
    )


def _pages_words(path: Path) -> str:
    """`` (12 pages)`` after a PDF written, read from the file itself."""
    from grundy.report.typst_pdf import pdf_page_count

    if path.suffix != ".pdf":
        return ""
    pages = pdf_page_count(path.read_bytes())
    if pages is None:
        return " (pages unknown)"
    return f" ({pages} page{'s' if pages != 1 else ''})"


def run_report(args: argparse.Namespace, out: IO[str]) -> int:
    # User games join the catalogue for this run only (read before the claims name them).
    with user_games(args.games):
        return _run_report(args, out)


def _run_report(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.cli.progress import progress_line
    from grundy.cli.results import exit_code
    from grundy.report.output import check_out_dir
    from grundy.settings import CheckSettings

    err = sys.stderr
    check_output_dir(args.out)  # before any work: a folder that can be written
    if args.smt is not None:
        check_output_dir(args.smt, "--smt")
    formats, tex_engine = _formats(args)
    out_dir = Path(args.out)
    check_out_dir(out_dir)  # a folder that is not a report's is refused before any work
    theorems, source = _theorems(args)
    settings = CheckSettings(seed=args.seed, quick=args.quick, second_solver=args.second_solver)
    with progress_line(stream=err) as line:
        line(0, len(theorems), "claims")  # shown while the first claim is checked
        progress = line.claim_done if line.enabled else None
        results = check_claims(theorems, settings, progress, args)
    if args.games:
        # Pictures, evidence and answers run the user's games again: apart, as the claims
        # did, so that a game that ends its process (or never returns) is one line.
        from grundy.cli.user_runs import isolated_writing

        written, lines = isolated_writing(
            lambda: _write_documents(args, results, source, formats, tex_engine, settings)
        )
    else:
        written, lines = _write_documents(args, results, source, formats, tex_engine, settings)
    for line_text in lines:
        err.write(f"grundy: note: {line_text}\n")
    mains = [p for p in written if p.parent == out_dir]
    counts = word_counts(result.verdict for result in results)
    verdicts = ", ".join(f"{n} {word}" for word, n in counts.items())
    out.write(f"{len(results)} claims checked ({verdicts}); {_expectation_words(results)}\n")
    out.write(f"wrote {len(written)} files:\n")
    for path in mains:
        out.write(f"  {path}{_pages_words(path)}\n")
    in_smt = [p for p in written if p.suffix == ".smt2" or p.name == "index.json"]
    figures = len(written) - len(mains) - len(in_smt)
    if figures:
        out.write(f"  and {figures} figure files in {out_dir / 'figures'}\n")
    if any(result.verdict.smt for result in results) or args.smt is not None:
        smt_folder = out_dir / "smt" if args.smt is None else Path(args.smt)
        out.write(f"  and the SMT queries the proofs rest on in {smt_folder}\n")
    return exit_code(results)


def _write_documents(
    args: argparse.Namespace,
    results: list[TheoremResult],
    source: str,
    formats: Sequence[Format],
    tex_engine: str | None,
    settings: CheckSettings,
) -> tuple[list[Path], list[str]]:
    """Build the handout, record, worksheet, answers and slides from the verdicts and
    write them; the files written and the notes to show."""
    from grundy.report import (
        PdfEngine,
        RunInfo,
        build_handout,
        build_record,
        package_versions,
        write_report_set,
    )
    from grundy.report.gameevidence import file_claims, game_evidence, game_title
    from grundy.report.handout import handout_exercises
    from grundy.report.topics import course_topics, file_topics
    from grundy.report.worksheet import build_answers, build_worksheet

    out_dir = Path(args.out)

    claims = file_claims(results)
    titles = _library_titles(results)
    skipped: list[str] = []
    answers: dict[str, list[Section]] = {}
    if args.claims:
        topic_names = {cid: game_title(claim) for cid, claim in claims.items()}
        topics = file_topics(results, topic_names)
        pieces = (
            game_evidence(claims.values(), skip_failing=bool(args.games))
            if args.evidence != "none"
            else []
        )
        by_title = {topic.title: topic.key for topic in topics}
        placed: dict[str, list[Section]] = {}
        for title, section in pieces:
            placed.setdefault(by_title.get(title, ""), []).append(section)
        record_evidence = [section for _, section in pieces]
    else:
        topics = course_topics(results)
        shown = {r.theorem.id for r in results if args.mutants or not r.theorem.is_mutant}
        placed, answers, record_evidence, skipped = _library_evidence(
            args, topics, not args.ids, shown
        )

    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    options = _handout_options(args, source, generated.split()[0])
    handout = build_handout(topics, options, placed, claims, titles, answers)
    exercises = handout_exercises(topics, options, claims, answers)
    title = options.title
    run = RunInfo(
        command=_command(args, formats),
        source=source,
        generated=generated,
        seed=settings.seed,
        quick=settings.quick,
        z3_timeout_ms=settings.z3_timeout_ms,
        random_examples=settings.random_examples,
        versions=package_versions(),
    )
    record = build_record(
        results,
        run,
        record_evidence,
        title=f"Record of the checks — {title}",
        claims=claims,
        titles=titles,
    )
    documents = {"handout": handout, "record": record}
    if exercises:  # the same exercises, numbered alike: a sheet to hand out, then its answers
        documents["worksheet"] = build_worksheet(exercises, options)
        documents["answers"] = build_answers(exercises, options, titles)
    bw = args.print_mode == "bw"
    slides: dict[str, bytes | str] = {}
    slide_notes: tuple[str, ...] = ()
    if args.slides:
        from grundy.report.slides import build_deck, render_deck

        wanted = list(dict.fromkeys(["html", *map(str, formats)]))  # the HTML deck always
        # the deck's PDF is built like the documents': by typst, or by Beamer with TeX
        deck = render_deck(build_deck(handout), wanted, tex_engine, bw, args.pdf_engine)
        slides, slide_notes = deck.files, deck.notes
    from grundy.cli.smt_files import smt_files, write_smt_folder

    extra: dict[str, bytes | str] = dict(slides)
    if args.smt is not None:
        write_smt_folder(results, args.smt)
    elif any(result.verdict.smt for result in results):
        # the queries the record names, in the report's own smt/ folder
        extra.update({f"smt/{name}": text for name, text in smt_files(results).items()})
    written, notes = write_report_set(
        documents, out_dir, formats, tex_engine, PdfEngine(args.pdf_engine), bw, extra
    )
    notes = [*notes, *slide_notes]
    lines = [*handout.notes, *record.notes, *notes]
    lines += [f"evidence left out ({piece})" for piece in skipped]
    return written, lines
