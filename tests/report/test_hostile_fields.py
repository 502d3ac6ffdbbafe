"""A stranger's claim file: every text it controls reaches every output escaped (issue 29).

Each field carries its own marker, so a test can tell where a piece of text came from;
the outputs are read back (HTML parsed, LaTeX labels and links, Markdown fences and
anchors) and must hold no live element, no raw TeX command and no unsafe anchor.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from grundy.report.mathml import latex_to_mathml

LIVE = (
    r"\text{</math><script>alert(1)</script>}",
    r"\text{<svg onload=alert(2)>}",
    r"\text{<iframe src=javascript:alert(3)></iframe>}",
    r"""\text{<img src=x onerror=alert(4)>} < b \text{ & "q" '}""",
    r"\text{<math><mi onclick=alert(5)>x</mi></math>}",
    r"\href{javascript:alert(6)}{x}",  # not on the claims' allow-list; the proofs' LaTeX
)

SAFE_ANCHOR = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


class _Elements(HTMLParser):
    """Every start tag of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _live_elements(html: str) -> list[str]:
    """Elements or attributes that would run or load something in a browser."""
    parser = _Elements()
    parser.feed(html)
    found = []
    for tag, attrs in parser.tags:
        if tag in ("script", "iframe", "img", "object", "embed"):
            found.append(tag)
        for name, value in attrs.items():
            if name.startswith("on") or "javascript:" in (value or "").lower():
                found.append(f"{tag} {name}={value}")
    return found


@pytest.mark.parametrize("latex", LIVE)
def test_text_inside_a_formula_is_escaped_in_mathml(latex: str) -> None:
    mathml = latex_to_mathml(latex)
    assert _live_elements(mathml) == []
    parser = _Elements()
    parser.feed(mathml)
    assert "svg" not in [tag for tag, _ in parser.tags]
    assert mathml.count("<math") == 1 and mathml.endswith("</math>")


def test_the_text_of_a_formula_is_kept_as_text() -> None:
    mathml = latex_to_mathml(r"a \oplus b \text{ if a<b & c}")
    assert "<mtext>\u00a0if\u00a0a&lt;b\u00a0&amp;\u00a0c</mtext>" in mathml
    assert "<mo>⊕</mo>" in mathml  # the library's character codes still become characters


HOSTILE = r"""
[[claim]]
id = "good-one"
title = "TITLEMARK <script>alert(1)</script> ``` ]] \\input{/etc/hostname} \\label{x}"
game = "nim"
vars = ["a", "b"]
range = { a = [0, 3], b = [0, 3] }
statement = "(outcome == 'P') == (a == b)"
source = "SOURCEMARK <iframe src=javascript:alert(1)></iframe> ``` \\input{/etc/hostname} #x"
tags = ["TAGMARK <svg onload=alert(1)>", "```"]
latex = "\\text{LATEXMARK </math><script>alert(1)</script><svg onload=alert(2)>}"

[[claim]]
id = "IDMARK]{}\\input{/etc/hostname}\\hyperref[y"
title = "bad id"
game = "nim"
statement = "True"

[[claim]]
id = "bad-game"
title = "bad game"
game = "GAMEMARK<script>alert(4)</script>```\\input{/etc/hostname}"
statement = "True"

[[claim]]
id = "a-mutant"
title = "a mutant"
game = "nim"
mutant_of = "MUTANTMARK]{}\\input{/etc/hostname}"
statement = "True"

[[claim]]
id = "bad-statement"
title = "bad statement"
game = "nim"
statement = "STATEMARK <script>alert(5)</script> ``` \\input{/etc/hostname}"

[[claim]]
id = "bad-params"
title = "bad params"
game = "subtraction"
params = { "PARAMMARK<script>x</script>```" = "<svg onload=alert(6)>\\input{/etc/hostname}" }
statement = "True"

[[claim]]
id = "bad-play"
title = "bad play"
game = "nim"
play = "PLAYMARK<script>"
statement = "True"

[[claim]]
id = "bad-vars"
title = "bad vars"
game = "nim"
vars = ["VARMARK<script>", "b"]
statement = "True"

[[claim]]
id = "bad-range"
title = "bad range"
game = "nim"
vars = ["a"]
range = { "RANGEMARK<iframe>" = [0, 1] }
statement = "True"

[[claim]]
id = "bad-position"
title = "bad position"
game = "nim"
position = "POSMARK <script>alert(7)</script>"
statement = "True"

[[claim]]
id = "bad-assume"
title = "bad assume"
game = "nim"
assume = "ASSUMEMARK ``` <svg onload=alert(8)>"
statement = "True"

[[claim]]
id = "bad-method"
title = "bad method"
game = "nim"
method = "METHODMARK\\input{/etc/hostname}"
statement = "True"

[[claim]]
id = "bad-expect"
title = "bad expect"
game = "nim"
expect = "EXPECTMARK</math><script>"
statement = "True"
"""


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    from grundy.cli import main

    folder = tmp_path_factory.mktemp("hostile")
    claims = folder / "claims.toml"
    claims.write_text(HOSTILE)
    out = folder / "out"
    code = main(
        ["report", "--claims", str(claims), "--out", str(out), "--format", "html,md,tex"],
        stdout=open(folder / "stdout", "w"),  # noqa: SIM115 - closed with the process
        stderr=open(folder / "stderr", "w"),  # noqa: SIM115
    )
    return out, code


def test_a_hostile_claim_file_costs_only_its_own_sections(hostile_report) -> None:
    out, code = hostile_report
    assert code == 1  # the bad claims are errors; the report is written
    handout = (out / "handout.html").read_text()
    assert "TITLEMARK" in handout and "proved" in handout


@pytest.mark.parametrize("name", ["handout.html", "record.html"])
def test_no_claim_field_makes_a_live_element_in_html(hostile_report, name: str) -> None:
    html = (hostile_report[0] / name).read_text()
    assert _live_elements(html) == []
    parser = _Elements()
    parser.feed(html)
    for tag, attrs in parser.tags:
        if "id" in attrs:
            assert SAFE_ANCHOR.fullmatch(attrs["id"] or ""), (tag, attrs)
        if tag == "a" and (attrs.get("href") or "").startswith("#"):
            assert SAFE_ANCHOR.fullmatch(attrs["href"][1:]), attrs  # type: ignore[index]


@pytest.mark.parametrize("name", ["handout.tex", "record.tex"])
def test_no_claim_field_reaches_latex_raw(hostile_report, name: str) -> None:
    tex = (hostile_report[0] / name).read_text()
    for target in re.findall(r"\\(?:label\{|hyperref\[)([^]}]*)", tex):
        assert SAFE_ANCHOR.fullmatch(target), target
    # the one \write is grundy's own end-of-document marker, the line before \end{document}
    marker = tex.splitlines()[-2]
    assert marker.startswith("\\immediate\\write") and "grundy-end-of-document" in marker
    body = "\n".join(tex.splitlines()[:-2])
    assert not re.search(r"\\(?:input|include|openin|read|write)\b", body)
    for title in re.findall(r"\\(?:sub)*section\[(.*)$", tex, re.MULTILINE):
        assert title.startswith("{"), title  # a ']' in the title cannot end the argument
    for line in tex.splitlines():
        if "MARK" in line and "\\claimformula" not in line:
            assert "\\label{x}" not in line and "\\input{" not in line, line


@pytest.mark.parametrize("name", ["handout.md", "record.md"])
def test_no_claim_field_breaks_out_of_markdown(hostile_report, name: str) -> None:
    text = (hostile_report[0] / name).read_text()
    fence: str | None = None
    for line in text.splitlines():
        opening = re.match(r"(`{3,})", line)
        if fence is None:
            if opening:
                fence = opening.group(1)
                continue
            outside_code = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", line)  # code spans
            assert not re.search(r"<(script|iframe|svg)", outside_code), line
            assert not re.match(r"`{3,}", line)
        elif line.strip() == fence:
            fence = None
    assert fence is None, "a fence was left open"
    for anchor in re.findall(r'<a id="([^"]*)"', text) + re.findall(r"\]\(#([^)]*)\)", text):
        assert SAFE_ANCHOR.fullmatch(anchor), anchor


def test_an_invalid_id_never_leaves_its_error_message(hostile_report) -> None:
    out = hostile_report[0]
    for path in out.rglob("*"):
        if path.is_dir():
            continue
        assert "IDMARK" not in path.name and "MUTANTMARK" not in path.name
        for line in path.read_text(errors="replace").splitlines():
            if "IDMARK" in line or "MUTANTMARK" in line:
                assert "must use lowercase" in line or "is not a claim id" in line, (path, line)


def test_check_json_and_text_carry_the_fields_as_data(run_cli, tmp_path: Path) -> None:
    claims = tmp_path / "claims.toml"
    claims.write_text(HOSTILE)
    result = run_cli("check", str(claims), "--json")
    data = json.loads(result.out)
    ids = [claim["id"] for claim in data["claims"]]
    assert all(SAFE_ANCHOR.fullmatch(claim_id) for claim_id in ids), ids
    text = run_cli("check", str(claims))
    assert text.code == 1 and "Traceback" not in text.err
    for line in text.out.splitlines():
        if "IDMARK" in line:
            assert "must use lowercase" in line, line


CONTROL = r"""
[[claim]]
id = "escapes"
title = "T\u001b[31mRED\u0007"
game = "nim"
vars = ["a"]
range = { a = [0, 3] }
statement = "grundy == a"
source = "\u001b]0;title\u0007"
tags = ["\u001b[2J"]

[[claim]]
id = "bad-one"
title = "B\u001b[31mAD\u009b"
game = "nim\u001b[2J"
source = "\u001b]0;title\u0007"
statement = "True"
"""


def test_control_characters_reach_no_output(run_cli, tmp_path: Path) -> None:
    # A terminal showing the .md, or TeX reading the .tex, would act on them.
    claims = tmp_path / "claims.toml"
    claims.write_text(CONTROL)
    checked = run_cli("check", str(claims), "--json")
    first = json.loads(checked.out)["claims"][0]
    assert first["status"] == "error" and "control character" in first["message"]
    assert "\x1b" not in run_cli("check", str(claims)).out
    out = tmp_path / "out"
    result = run_cli(
        "report", "--claims", str(claims), "--out", str(out), "--format", "html,md,tex"
    )
    assert result.code == 1, result.err
    for path in [*out.glob("handout.*"), *out.glob("record.*"), *out.glob("figures/*.svg")]:
        text = path.read_text()
        bad = [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0]
        assert bad == [], (path.name, bad[:3])
