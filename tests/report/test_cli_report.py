"""``grundy report`` end to end, in-process."""

from pathlib import Path

from grundy.report import output as output_module
from tests.report.helpers import mask


def test_report_writes_every_format_and_exits_like_verify(run_cli, sample_path, tmp_path) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "report",
        "--claims",
        str(sample_path),
        "--out",
        str(out),
        "--format",
        "html,md,tex",
        "--evidence",
        "none",
    )
    # Two claims of the sample are not as expected (unknown, error): exit code 1, as verify.
    assert result.code == 1, result.err
    assert "4 claims checked" in result.out
    assert sorted(p.name for p in out.iterdir()) == [
        "figures",
        "report.html",
        "report.md",
        "report.tex",
    ]
    html = (out / "report.html").read_text()
    assert "sample_theorems.py" in html
    assert f"--claims {sample_path}" in html, "the command to regenerate is in the report"


def test_named_theorems_with_their_mutants_as_expected_exit_zero(
    run_cli, sample_path, tmp_path
) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "report",
        "sample-bouton",
        "--claims",
        str(sample_path),
        "--out",
        str(out),
        "--format",
        "md",
    )
    assert result.code == 0, result.err
    text = (out / "report.md").read_text()
    assert "sample-bouton-parity" in text, "a named theorem brings its mutant"
    assert "sample-take-away" not in text
    # Related evidence only: Nim's, not the take-away game's.
    assert "Nim-addition table" in text and "Take-away game: P-positions" not in text


def test_same_seed_gives_the_same_report_apart_from_date_and_timings(
    run_cli, sample_path, tmp_path
) -> None:
    texts = []
    for name in ("run-a", "run-b"):
        out = tmp_path / name
        result = run_cli(
            "report",
            "--claims",
            str(sample_path),
            "--out",
            str(out),
            "--format",
            "html,md,tex",
            "--seed",
            "3",
            "--evidence",
            "none",
        )
        assert result.code == 1
        texts.append({p.name: mask(p.read_text()) for p in out.glob("report.*")})
    # --out differs between the runs and is part of the regeneration command.
    for name, text in texts[0].items():
        assert text.replace("run-a", "run-b") == texts[1][name], name


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


def test_pdf_requested_without_tex_says_so_before_any_work(
    run_cli, sample_path, tmp_path, monkeypatch, capsys
) -> None:
    monkeypatch.setattr(output_module, "find_tex_engine", lambda: None)
    import grundy.cli.report as cli_report

    monkeypatch.setattr(cli_report, "find_tex_engine", lambda: None)
    out = tmp_path / "out"
    result = run_cli("report", "--claims", str(sample_path), "--out", str(out), "--format", "pdf")
    assert result.code == 2
    assert "no TeX engine found" in result.err and result.err.count("\n") == 1
    assert not out.exists()
    # By default the PDF is simply left out, with a note.
    default = run_cli(
        "report", "--claims", str(sample_path), "--out", str(out), "--evidence", "none"
    )
    assert default.code == 1
    assert "no PDF is written" in capsys.readouterr().err  # notes go to the process's stderr
    assert sorted(p.name for p in Path(out).glob("report.*")) == [
        "report.html",
        "report.md",
        "report.tex",
    ]
