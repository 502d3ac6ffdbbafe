"""``grundy report`` end to end, in-process: the handout, the record, and the folder."""

import re
from pathlib import Path

import pytest

from grundy.report import output as output_module
from grundy.report.studenttext import html_text
from grundy.report.typst_pdf import pdf_page_count
from tests.report.helpers import mask

WEEK3 = Path(__file__).with_name("week3.toml")
SET = ("handout.html", "handout.md", "handout.tex", "record.html", "record.md", "record.tex")
SLIDES = ("slides.html", "slides.tex")  # written unless --no-slides


def _report(run_cli, out: Path, *words: str):
    return run_cli("report", *words, "--out", str(out), "--format", "html,md,tex")


def test_one_run_writes_the_handout_and_the_record_in_every_format(
    run_cli, sample_path, tmp_path
) -> None:
    out = tmp_path / "out"
    result = _report(run_cli, out, "--claims", str(sample_path), "--evidence", "none")
    # Two claims of the sample are not as expected (unknown, error): exit code 1, as verify.
    assert result.code == 1, result.err
    assert "4 claims checked" in result.out
    names = sorted(p.name for p in out.iterdir())
    assert names == [".grundy-report", "figures", *sorted((*SET, *SLIDES))]
    record = (out / "record.html").read_text()
    assert f"--claims {sample_path}" in record, "the command to regenerate is in the record"
    assert "--format html,md,tex" in record, "it asks only for formats written here"
    assert "exhaustive" in record and "positions_explored" in record
    handout = (out / "handout.html").read_text()
    for internal in ("exhaustive", "positions_explored", "seconds", "random_search", " s</"):
        assert internal not in handout, internal


def test_the_handout_says_verdicts_in_words_and_leaves_out_mutants(
    run_cli, sample_path, tmp_path
) -> None:
    out = tmp_path / "out"
    _report(run_cli, out, "--claims", str(sample_path), "--evidence", "none")
    text = (out / "handout.md").read_text()
    assert "Checked for every case with 0 ≤ a, b, c ≤ 6. It uses “" in text  # solver lemmas
    assert "Unknown: the check stopped before it could decide" in text
    assert "case budget" not in text  # the engine's own message is for the record
    assert "Mutant" not in text and "A plausible mistake" not in text  # the library's kind
    assert "1 deliberately false statement is left out" in text
    shown = tmp_path / "shown"
    _report(run_cli, shown, "--claims", str(sample_path), "--evidence", "none", "--mutants")
    text = (shown / "handout.md").read_text()
    assert "A plausible mistake" in text and "Counterexample" in text


def test_named_theorems_bring_their_mutants_and_related_evidence(
    run_cli, sample_path, tmp_path
) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "report", "sample-bouton", "--claims", str(sample_path), "--out", str(out),
        "--format", "md",
    )  # fmt: skip
    assert result.code == 0, result.err
    text = (out / "record.md").read_text()
    assert "sample-bouton-parity" in text, "a named theorem brings its mutant"
    assert "sample-take-away" not in text


def test_a_lecturers_claim_file_gets_its_own_games_and_none_of_our_labels(
    run_cli, tmp_path
) -> None:
    out = tmp_path / "out"
    result = _report(
        run_cli, out, "--claims", str(WEEK3), "--title", "Week 3: Nim", "--author",
        "A. Lecturer", "--course", "MATH 101",
    )  # fmt: skip
    assert result.code == 0, result.err
    handout = (out / "handout.md").read_text()
    assert handout.startswith("# Week 3: Nim\n") and "A. Lecturer" in handout
    assert "MATH 101" in handout
    for label in ("slides", "Handout 17", "Legner", "000 ", "notes"):
        assert label not in handout, label
    # Evidence about the file's own game: S = {1, 3, 4}, its P-positions and period 7.
    assert "The subtraction game S(1, 3, 4)" in handout
    assert "0, 2, 7, 9, 14, 16" in handout and "period 7" in handout
    assert "take-away" not in handout.lower()
    # A lecturer's claim expected to fail is the students' plausible mistake: shown, with
    # why it fails (issue 25 section 4), told as play, and named in the record.
    assert "A plausible mistake: every even heap is a P-position" in handout
    assert "so the rule fails." in handout and "deliberately false" not in handout
    record = (out / "record.md").read_text()
    assert "4 expected to hold" in record and "1 other statements expected to be false" in record
    # Claims without latex are typeset from their expressions, never shown as Python.
    assert "(outcome == 'P')" not in handout
    html = (out / "handout.html").read_text()
    assert "<math" in html and "𝒫" in html


@pytest.mark.parametrize("claims", ["sample", "week3"])
def test_same_seed_gives_the_same_files_apart_from_date_and_measurements(
    run_cli, sample_path, tmp_path, claims: str
) -> None:
    path = sample_path if claims == "sample" else WEEK3
    texts = []
    for name, jobs in (("run-a", "1"), ("run-b", "2")):
        out = tmp_path / name
        _report(run_cli, out, "--claims", str(path), "--seed", "3", "--jobs", jobs)
        texts.append({p.name: mask(p.read_text()) for p in out.glob("[hr]*.*")})
        texts[-1].update({p.name: p.read_bytes() for p in out.glob("figures/*")})
    assert set(SET) <= set(texts[0])
    if claims == "week3":  # Z3's statistics are there, marked as measurements
        assert "(measured)" in texts[0]["record.md"]
    # --out and --jobs differ between the runs; the regeneration command names --out.
    for name, text in texts[0].items():
        if isinstance(text, str):
            text = text.replace("run-a", "run-b").replace("run-{}a", "run-{}b")
        assert text == texts[1][name], name


def test_bad_usage_is_one_line_and_exit_code_2(run_cli, sample_path, tmp_path) -> None:
    bad_format = run_cli("report", "--claims", str(sample_path), "--format", "docx")
    assert bad_format.code == 2
    assert bad_format.err == (
        "grundy: error: unknown report format 'docx' (choose from html,md,tex,pdf)\n"
    )
    unknown = run_cli("report", "no-such-theorem", "--claims", str(sample_path))
    assert unknown.code == 2 and "no-such-theorem" in unknown.err
    missing = run_cli("report", "--claims", str(tmp_path / "nothing.toml"))
    assert missing.code == 2 and "nothing.toml" in missing.err


def test_a_folder_that_is_not_a_report_is_refused_before_any_work(
    run_cli, sample_path, tmp_path, monkeypatch
) -> None:
    import grundy.cli.report as cli_report

    def no_checking(*args: object) -> None:
        raise AssertionError("claims were checked")

    monkeypatch.setattr(cli_report, "check_claims", no_checking)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "lecture.txt").write_text("mine")
    result = run_cli("report", "--claims", str(sample_path), "--out", str(notes))
    assert result.code == 2 and result.err.count("\n") == 1
    assert "lecture.txt" in result.err
    assert [p.name for p in notes.iterdir()] == ["lecture.txt"]
    a_file = tmp_path / "file"
    a_file.write_text("x")
    result = run_cli("report", "--claims", str(sample_path), "--out", str(a_file))
    assert result.code == 2 and "is a file" in result.err and result.err.count("\n") == 1
    if Path("/proc/self").exists():  # a place no folder can be made (even for root)
        result = run_cli("report", "--claims", str(sample_path), "--out", "/proc/x/report")
        assert result.code == 2 and result.err.count("\n") == 1
        assert "/proc/x/report" in result.err


def _no_tex(monkeypatch, tmp_path: Path) -> None:
    """A machine without TeX: no engine on an empty PATH, and none found however asked."""
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(output_module, "find_tex_engine", lambda: None)
    monkeypatch.setattr(output_module.shutil, "which", lambda *_a, **_k: None)


def test_pdf_by_tex_without_tex_says_so_before_any_work(
    run_cli, sample_path, tmp_path, monkeypatch
) -> None:
    _no_tex(monkeypatch, tmp_path)
    out = tmp_path / "out"
    result = run_cli(
        "report", "--claims", str(sample_path), "--out", str(out), "--pdf-engine", "tex"
    )
    assert result.code == 2
    assert "no TeX engine found" in result.err and result.err.count("\n") == 1
    assert not out.exists()


def test_every_format_pdf_included_is_written_without_tex(
    run_cli, sample_path, tmp_path, monkeypatch, capsys
) -> None:
    _no_tex(monkeypatch, tmp_path)
    out = tmp_path / "out"
    result = run_cli(
        "report", "--claims", str(sample_path), "--out", str(out), "--evidence", "none"
    )
    assert result.code == 1  # the sample's claims include a refuted one
    assert "TeX" not in capsys.readouterr().err
    written = sorted(p.name for p in out.glob("[hr]*.*"))
    assert written == sorted((*SET, "handout.pdf", "record.pdf"))
    for name in ("handout.pdf", "record.pdf"):
        pdf = (out / name).read_bytes()
        assert pdf.startswith(b"%PDF")
        pages = pdf_page_count(pdf)
        assert pages is not None and pages >= 1
        # each PDF is listed with its pages, read from the file
        assert f"{out / name} ({pages} page" in result.out
    assert f"{out / 'record.md'}\n" in result.out  # other files without a count
    assert "--format html,md,tex,pdf " in (out / "record.md").read_text().replace("`", " ")


def test_the_record_names_measurements_so_masking_them_is_honest() -> None:
    assert mask("| a | took 0.123 s | max memory = 19.3 (measured) |") == (
        "| a | took T s |M (measured) |"
    )


def test_a_topic_of_the_library_can_be_named_like_a_theorem(run_cli, tmp_path) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "report", "The take-away game", "--quick", "--out", str(out), "--format", "md",
    )  # fmt: skip
    assert result.code == 0, result.err
    handout = (out / "handout.md").read_text()
    assert "## The take-away game" in handout and "Chomp" not in handout
    assert "Take-away game: P-positions" in handout, "the topic's pictures come along"
    wrong = run_cli("report", "no-such-topic", "--quick", "--out", str(tmp_path / "x"))
    assert wrong.code == 2 and "no theorem or topic named 'no-such-topic'" in wrong.err


def test_a_latex_field_that_cannot_be_typeset_never_reaches_the_handout(run_cli, tmp_path) -> None:
    # Whether the claim loader refuses such a field or the report falls back, the handout
    # shows no trace of it, no banner, and the other claims as usual.
    claims = tmp_path / "claims.toml"
    claims.write_text(
        WEEK3.read_text().replace(
            "statement = \"(outcome == 'P') == (a == b)\"",
            "statement = \"(outcome == 'P') == (a == b)\"\n"
            'latex = "a \\\\notacommand{b} \\\\text{\\\\input{/etc/hostname}}"',
        )
    )
    out = tmp_path / "out"
    result = _report(run_cli, out, "--claims", str(claims))
    assert result.code in (0, 1), result.err
    handout = (out / "handout.html").read_text()
    assert 'class="notes"' not in handout
    assert not re.search(r"<math\b(?:(?!</math>).)*notacommand", handout, re.DOTALL)
    assert "hostname" not in handout.replace("\\input{/etc/hostname}", "")
    assert "The values repeat with period 7" in handout


def test_a_latex_field_that_cannot_be_typeset_falls_back_to_the_expression() -> None:
    from dataclasses import replace

    from grundy.claims import claims_from_text
    from grundy.library import load_library
    from grundy.report.document import DisplayMath, Document, Section
    from grundy.report.html import render_html
    from grundy.report.statements import statement_blocks

    [claim] = claims_from_text(WEEK3.read_text().split("[[claim]]")[4].join(["[[claim]]", ""]))
    theorem = replace(load_library([WEEK3])[3], latex=r"a \notacommand{b}")
    notes: list[str] = []
    [formula] = statement_blocks(theorem, claim, notes)
    assert isinstance(formula, DisplayMath)
    assert formula.latex == r"(a, b) \in \mathcal{P} \iff a = b"
    assert notes and "two-heap-nim-mirror" in notes[0]
    html = render_html(Document("T", (Section("S", "s", (formula,)),), kind="handout"))
    assert "notacommand" not in html and "<mi>𝒫</mi>" in html


def test_a_claim_about_numbers_alone_gets_a_topic_of_its_own(run_cli, tmp_path) -> None:
    # A claim with no game once crashed the report (an empty game name has no first letter).
    claims = tmp_path / "numbers.toml"
    claims.write_text(
        '[[claim]]\nid = "odd-squares"\ntitle = "An odd square is one more than a multiple of 8"\n'
        'vars = ["n"]\nrange = { n = [0, 50] }\nstatement = "((2*n + 1)**2) % 8 == 1"\n'
    )
    out = tmp_path / "out"
    result = run_cli("report", "--claims", str(claims), "--out", str(out), "--format", "html")
    assert result.code == 0, result.err
    handout = (out / "handout.html").read_text()
    assert "Statements about whole numbers" in handout
    assert "An odd square is one more than a multiple of 8" in handout


def test_loopy_graphs_and_misere_quotients_are_named_in_words(run_cli, tmp_path) -> None:
    # Topics and lemmas once read "Digraph (edges = 0>1,1>0)" and "misere-quotient of
    # octal --code 0.77, ...": command-line syntax in the student's handout.
    claims = tmp_path / "words.toml"
    claims.write_text(
        '[[claim]]\nid = "two-cycle"\ntitle = "A token on a two-cycle is a draw"\n'
        'game = "digraph"\nparams = { edges = "0>1,1>0" }\nposition = "[0]"\n'
        "statement = \"outcome == 'D'\"\n"
        '[[claim]]\nid = "kayles-ones"\ntitle = "Two heaps of 1 change nothing"\n'
        'game = "kayles"\nplay = "misere"\nmethod = "certificate"\nvars = ["a", "b"]\n'
        'range = { a = [0, 1000], b = [0, 1000] }\nposition = "[a, b]"\n'
        'statement = "outcome_of([a, b, 1, 1]) == outcome"\n'
    )
    out = tmp_path / "out"
    result = run_cli("report", "--claims", str(claims), "--out", str(out), "--format", "html")
    assert result.code == 0, result.err
    handout = html_text((out / "handout.html").read_text())  # what a student reads
    assert "Tokens on the graph with edges 0 → 1, 1 → 0" in handout
    assert "the misère quotient of Kayles for heaps up to" in handout
    shown = html_text(handout)  # the page's own CSS has a variable --code; text has none
    assert "--code" not in shown and "0>1" not in shown


def test_the_report_reads_back_the_one_name_a_quotient_lemma_is_given() -> None:
    # The solver and the claim method name a quotient through MisereQuotient.lemma_id; the
    # handout's words must recognise exactly that form.
    from grundy.games.octal import OctalGame
    from grundy.report.words import _quotient_name
    from grundy.solve.misere_quotient import misere_quotient

    quotient = misere_quotient(OctalGame("0.77"), 12)
    assert _quotient_name(quotient.lemma_id) == (
        f"the misère quotient of Kayles for heaps up to 12 ({quotient.size} elements)"
    )


@pytest.mark.slow  # a local cluster starts in tens of seconds on a busy machine
def test_games_of_ones_own_travel_to_a_dask_cluster(run_cli, tmp_path) -> None:
    # refused until issue 38: the workers did not load the games; now the games file
    # travels with each task (a real scheduler and workers: tests/hostile/test_dask_user_games)
    pytest.importorskip("distributed")
    words = ["examples/own_games/claims.toml", "--games", "examples/own_games/games.py"]
    out = tmp_path / "report"
    result = run_cli(
        "report", "--claims", *words, "--scheduler", "local", "--jobs", "1",
        "--out", str(out), "--format", "md", "--no-slides",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "4 claims checked (3 checked, 1 refuted); all as expected" in result.out
