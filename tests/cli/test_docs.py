"""The documentation shows what the code does: every claim file example in docs/claims.md
checks as expected, and every command shown with its output in docs/ or the README
prints exactly that output."""

from __future__ import annotations

import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from grundy.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown_commands() -> list[tuple[str, str, list[str]]]:
    """(file, command line, output lines) for every console example with its output."""
    found = []
    for path in DOCS:
        for block in re.findall(r"```console\n(.*?)```", path.read_text(), re.S):
            lines = block.splitlines()
            for index, line in enumerate(lines):
                if not line.startswith("$ "):
                    continue
                output = []
                for later in lines[index + 1 :]:
                    if later.startswith("$ "):
                        break
                    output.append(later)
                while output and not output[-1].strip():
                    output.pop()
                if output and not any(o.strip() == "..." or "; ...)" in o for o in output):
                    found.append((path.name, line[2:], output))
    return found


def run_shown(command: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Run a shown command line in-process: ``printf ... |`` feeds standard input and a
    final ``| tail -N`` keeps the last lines, as the shell would."""
    keep = None
    tail = re.search(r"\| tail -(\d+)$", command)
    if tail is not None:
        keep, command = int(tail.group(1)), command[: tail.start()]
    stdin = ""
    if command.startswith("printf "):
        feed, command = command.split("|", 1)
        stdin = shlex.split(feed)[1].encode().decode("unicode_escape")
    words = shlex.split(re.sub(r"\s+#.*$", "", command))
    assert words[0].endswith("grundy"), command
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out, err = io.StringIO(), io.StringIO()
    code = main(words[1:], stdout=out, stderr=err)
    text = out.getvalue()
    if keep is not None:
        text = "\n".join(text.splitlines()[-keep:]) + "\n"
    return code, text


EXAMPLES = shown_commands()


def test_the_docs_show_some_outputs() -> None:
    assert len(EXAMPLES) >= 4
    assert {name for name, _, _ in EXAMPLES} >= {"README.md", "cli.md"}


@pytest.mark.parametrize(
    ("name", "command", "output"), EXAMPLES, ids=[f"{n}: {c}" for n, c, _ in EXAMPLES]
)
def test_shown_output_is_the_real_output(
    monkeypatch: pytest.MonkeyPatch, name: str, command: str, output: list[str]
) -> None:
    code, out = run_shown(command, monkeypatch)
    assert code == 0
    assert out.rstrip("\n").splitlines() == output


def test_claim_examples_in_docs_check_as_expected(run_cli, tmp_path: Path) -> None:
    text = (ROOT / "docs" / "claims.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", text, re.S)
    assert len(blocks) >= 2
    path = tmp_path / "claims.toml"
    path.write_text("\n".join(blocks))
    result = run_cli("check", str(path), "--jobs", "1", "--json")
    assert result.code == 0, result.out
    assert result.json()["total"] >= 4


def test_docs_index_links_every_page() -> None:
    index = (ROOT / "docs" / "README.md").read_text()
    pages = [path.name for path in (ROOT / "docs").glob("*.md") if path.name != "README.md"]
    assert "loopy-games.md" in pages and "misere-quotients.md" in pages
    assert [page for page in pages if f"({page})" not in index] == []
    assert "(docs/README.md)" in (ROOT / "README.md").read_text()


def json_blocks() -> dict[str, list[object]]:
    """The JSON examples of docs/json.md, by the section they appear in."""
    import json

    found: dict[str, list[object]] = {}
    section = ""
    text = (ROOT / "docs" / "json.md").read_text()
    for piece in re.split(r"(?m)^(## .*)$", text):
        if piece.startswith("## "):
            section = piece[3:].strip()
            continue
        for block in re.findall(r"```json\n(.*?)```", piece, re.S):
            found.setdefault(section, []).append(json.loads(block))
    return found


@pytest.mark.parametrize(
    ("section", "words"),
    [
        ("solve", ("solve", "nim", "3", "4", "5")),
        ("sequence", ("sequence", "kayles", "--upto", "11")),
        ("table", ("table", "nim", "--max", "1", "1")),
    ],
)
def test_json_examples_are_real_output(run_cli, section: str, words: tuple[str, ...]) -> None:
    assert json_blocks()[section][0] == run_cli(*words, "--json").json()


def test_json_examples_have_the_real_keys(run_cli, tmp_path: Path) -> None:
    blocks = json_blocks()
    games = run_cli("games", "--json").json()
    shown = blocks["games"][0]["games"][0]
    assert shown == next(g for g in games["games"] if g["name"] == shown["name"])
    path = tmp_path / "claims.toml"
    path.write_text((ROOT / "examples" / "take_away.toml").read_text())
    checked = run_cli("check", str(path), "--jobs", "1", "--json").json()
    documented = blocks["verify and check"][0]
    assert set(documented) == set(checked)
    assert set(documented["claims"][0]) == set(checked["claims"][0])
    table = tmp_path / "t.json"
    run_cli("table", "nim", "--max", "1", "1", "--certificate", str(table))
    assert blocks["certificate"][0] == run_cli("certificate", str(table), "--json").json()


def json_section(title: str) -> str:
    """The text of one section of docs/json.md."""
    text = (ROOT / "docs" / "json.md").read_text()
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(
    ("section", "words"),
    [
        ("solve", ("solve", "nim", "3", "4", "5")),
        ("solve", ("solve", "digraph", "--edges", "0>0,0>1", "0", "0")),
        ("sequence", ("sequence", "kayles", "--upto", "200", "--period")),
        ("table", ("table", "fair-shares", "--max", "4")),
        ("quotient", ("quotient", "kayles", "--upto", "20", "--genus")),
    ],
)
def test_json_md_names_every_key(run_cli, section: str, words: tuple[str, ...]) -> None:
    data = run_cli(*words, "--json").json()
    keys = set(data)
    for rows in ("rows", "winning_moves", "drawing_moves"):
        keys |= {key for row in data.get(rows, []) for key in row}
    text = json_section(section)
    assert {key for key in keys if f'"{key}"' not in text and f"`{key}`" not in text} == set()


def tour_commands() -> list[str]:
    """Every ``grundy`` command of the README's console examples, but the whole-library
    ``verify`` (the slow tests and ``make run`` cover it)."""
    commands = []
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(), re.S):
        for line in block.splitlines():
            if line.startswith("$ .venv/bin/grundy ") and line.split("#")[0].split()[2:]:
                command = re.sub(r"\s+#.*$", "", line[2:])
                if command != ".venv/bin/grundy verify":
                    commands.append(command)
    return commands


@pytest.mark.slow  # about 5 s: the tour computes G(0..100000) of Grundy's game and more
def test_every_tour_command_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    commands = tour_commands()
    assert any(" play " in command for command in commands)
    monkeypatch.chdir(tmp_path)  # files the tour writes (t.json) land here
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    outputs = {}
    for command in commands:
        words = shlex.split(command)
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        out, err = io.StringIO(), io.StringIO()
        code = main(words[1:], stdout=out, stderr=err)
        assert code == 0, f"{command}: {err.getvalue()}"
        outputs[" ".join(words[1:3])] = out.getvalue()
    # What the comments promise.
    assert "Period: 12, preperiod: 71" in outputs["sequence kayles"]
    assert "Certified for every n: yes" in outputs["sequence kayles"]
    assert "Period: 34, preperiod: 53" in outputs["sequence 0.07"]
    assert "valid" in outputs["certificate t.json"]
    assert outputs["table wythoff"].splitlines()[1].startswith("a\\b")
    assert "Outcome: D" in outputs["solve digraph"]
    assert "|Q| = 40;" in outputs["quotient kayles"]
    assert "proved for sums of heaps of every size" in outputs["quotient kayles"]


def test_the_readme_limits_table_states_the_code_limits() -> None:
    """Each limit the README's table states is the constant the code keeps."""
    from grundy.certify import certified_values, quotient_check
    from grundy.claims import (
        comprehension,
        param_family,
        quotient_facts,
        quotient_method,
        runner,
        values,
    )
    from grundy.cli import common, explore, quotient
    from grundy.games import digraph, fair_shares, poset

    text = (ROOT / "README.md").read_text()
    section = text.split("## Limits, and how to raise them", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]

    def row(start: str) -> str:
        return next(line for line in rows if line.startswith(f"| {start}"))

    expected = [
        ("`solve`, `table` searches", explore.POSITION_LIMIT),
        ("`solve`, `table` searches", explore.MOVE_LIMIT),
        ("a claim's own searches", runner.POSITION_LIMIT),
        ("a claim's own searches", runner.MOVE_LIMIT),
        ("`solve` / `table` positions", common.PART_LIMIT),
        ("`table --max`", common.TABLE_ROW_LIMIT),
        ("`sequence --upto`", common.SEQUENCE_LIMIT),
        ("poset games", poset.MAX_ELEMENTS),
        ("`quotient --upto`", quotient.MAX_UPTO),
        ("`quotient --upto`", quotient_method.MAX_UPTO),
        ("`quotient --upto`", quotient_method.MAX_SIZE),
        ("`quotient --upto`", quotient_facts.MAX_UPTO),
        ("`period(G)`", certified_values.CERTIFY_UPTO),
        ("loopy games", digraph.MAX_EDGES),
        ("loopy games", digraph.MAX_VERTEX),
        ("loopy games", fair_shares.MAX_COINS),
        ("comprehensions", comprehension.MAX_STEPS),
        ("a family of games", param_family.MAX_VALUES),
        ("claim expressions", values.MAX_BITS),
        ("claim expressions", values.MAX_ITEMS),
        ("certificate files", quotient_check.MAX_ELEMENTS),
        ("certificate files", quotient_check.MAX_HEAP),
    ]
    missing = [(start, limit) for start, limit in expected if f"{limit:,}" not in row(start)]
    assert missing == []


@pytest.mark.parametrize(
    "words",
    [
        ("games",),
        ("solve", "nim"),
        ("sequence", "nim"),
        ("table", "nim"),
        ("play", "nim"),
        ("quotient", "nim"),
        ("verify",),
        ("check",),
        ("report",),
        ("certificate",),
        ("recheck",),
    ],
)
def test_cli_md_shows_every_option_of_each_command(
    run_cli, capsys: pytest.CaptureFixture[str], words: tuple[str, ...]
) -> None:
    """The synopsis of each command in docs/cli.md names every option its --help lists."""
    shown = run_cli(*words, "--help").out + capsys.readouterr().out  # argparse prints itself
    options = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", shown))
    options.discard("--help")
    text = (ROOT / "docs" / "cli.md").read_text()
    section = text.split(f"\n## {words[0]}\n", 1)[1].split("\n## ", 1)[0]
    synopsis = section.split("```text\n", 1)[1].split("```", 1)[0]
    assert options and sorted(options - set(re.findall(r"--[a-z][a-z-]*", synopsis))) == []
