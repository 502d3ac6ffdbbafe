"""The layer rules of docs/architecture.md: no package imports one above it, counting
imports inside functions; the known exceptions (the redesign still to finish) only shrink."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import import_graph, strongly_connected

LAYERS: dict[str, int] = {
    "errors": 0,
    "files": 0,
    "lifetime": 0,
    "settings": 0,
    "notebook_html": 0,
    "palette": 0,
    "budget": 0,
    "progress": 0,
    "paper_steps": 0,
    "smt_record": 0,
    "verdict": 0,
    "usercode": 0,
    "validate": 0,
    "nimber": 1,
    "games": 2,
    "solve": 3,
    "strategies": 3,
    "certify": 4,
    "verify": 5,
    "theory": 6,
    "claims": 7,
    "library": 8,
    "theorem": 8,
    "declare": 8,
    "tasks": 8,
    "distributed": 8,
    "theorem_budget": 8,
    "report": 9,
    "display": 9,
    "cli": 10,
    "shortcuts": 10,
    "": 10,  # grundy/__init__.py
    "entry": 10,
    "__main__": 10,
}
"""The layer of each top-level module or package of grundy (docs/architecture.md)."""

SAME_LAYER_ALLOWED = {
    ("budget", "errors"),
    ("files", "errors"),
    ("progress", "errors"),
    ("verdict", "errors"),
    ("verdict", "paper_steps"),
    ("verdict", "notebook_html"),
    ("verdict", "palette"),
    ("verdict", "smt_record"),
    ("settings", "smt_record"),
    ("usercode", "errors"),
    ("validate", "errors"),
    ("settings", "validate"),
    ("usercode", "budget"),
    ("usercode", "lifetime"),
    ("strategies", "solve"),
    ("library", "tasks"),
    ("library", "theorem"),
    ("theorem", "tasks"),
    ("library", "theorem_budget"),
    ("declare", "library"),
    ("declare", "tasks"),
    ("distributed", "library"),
    ("distributed", "tasks"),
    ("report", "display"),
    ("shortcuts", "cli"),
    ("cli", ""),
    ("", "shortcuts"),
    ("entry", "cli"),
    ("__main__", "entry"),
}
"""Imports between two modules of one layer that the map allows (importer, imported)."""

KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()
"""Imports that break the map today, each to be removed by the redesign (issue: a house
one can live in). Remove an entry when the code no longer has it."""

CLAIM_ENGINES = (
    "grundy.verify.exhaustive",
    "grundy.verify.random_search",
    "grundy.verify.z3engine",
    "grundy.verify.pset_induction",
    "grundy.verify.length_induction",
    "grundy.verify.value_induction",
    "grundy.certify.certified_values",
)
"""The engines the claim checker runs (claims/check.py): each takes plain inputs (cases, a
predicate, a game) and returns a verdict or a table, and never reaches the claims layer."""

CLAIM_CHECKER_FRONT_DOOR = {"grundy.claims"}
"""The only module that may import the claim checker's pipeline (claims/check.py): its
steps and methods live below it and are handed what they need."""

MOST_MODULES_IN_CIRCLES = 0
"""Modules tied in import circles (26 before the redesign: one circle of 23, one of 3)."""


def top_level(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def violations(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports of ``graph`` that go up a layer or sideways without leave."""
    found = set()
    for importer, imported_set in graph.items():
        for imported in imported_set:
            a, b = top_level(importer), top_level(imported)
            if a == b:
                continue
            if LAYERS[b] > LAYERS[a] or (
                LAYERS[b] == LAYERS[a] and (a, b) not in SAME_LAYER_ALLOWED
            ):
                found.add((importer, imported))
    return found


def engines_importing_theory(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Imports from an engine (verify/) of particular mathematics (theory/): engines stay
    generic, so this list has no known exceptions."""
    return {
        (importer, imported)
        for importer, imported_set in graph.items()
        if top_level(importer) == "verify"
        for imported in imported_set
        if top_level(imported) == "theory"
    }


def test_every_module_has_a_layer() -> None:
    unplaced = {top_level(m) for m in import_graph()} - LAYERS.keys()
    assert not unplaced, f"give these a layer in docs/architecture.md and here: {unplaced}"


def test_no_import_goes_up_a_layer_beyond_the_known_exceptions() -> None:
    new = violations(import_graph()) - KNOWN_EXCEPTIONS
    assert not new, f"imports against docs/architecture.md's layers: {sorted(new)}"


def test_the_known_exceptions_only_shrink() -> None:
    gone = KNOWN_EXCEPTIONS - violations(import_graph())
    assert not gone, f"no longer in the code, remove from KNOWN_EXCEPTIONS: {sorted(gone)}"


def reached_from(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module importing ``start`` runs: its imports, theirs, and the packages that
    hold them (``grundy/__init__.py`` aside, which Python runs for any of them), leaving
    out the known exceptions (tracked above, and only shrinking)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        module = todo.pop()
        if module in seen or module == "grundy":
            continue
        seen.add(module)
        todo.extend(m for m in graph.get(module, ()) if (module, m) not in KNOWN_EXCEPTIONS)
        todo.append(module.rpartition(".")[0])
    return seen


def test_the_claim_checkers_engines_never_reach_back_into_claims() -> None:
    graph = import_graph()
    for engine in CLAIM_ENGINES:
        assert engine in graph, f"{engine} is gone: update CLAIM_ENGINES"
        above = {m for m in reached_from(graph, engine) if LAYERS[top_level(m)] >= LAYERS["claims"]}
        assert not above, f"{engine} reaches the claims layer or above: {sorted(above)}"


def test_no_method_of_the_claim_checker_calls_back_into_its_pipeline() -> None:
    callers = {m for m, imported in import_graph().items() if "grundy.claims.check" in imported}
    assert callers <= CLAIM_CHECKER_FRONT_DOOR, f"these call back into claims/check.py: {callers}"


def test_no_engine_imports_the_theory() -> None:
    found = engines_importing_theory(import_graph())
    assert not found, f"verify/ holds engines only; move these to theory/: {sorted(found)}"


def test_the_checker_sees_an_engine_that_imports_the_theory(tmp_path: Path) -> None:
    package = tmp_path / "grundy"
    for folder in ("verify", "theory"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "theory" / "nim.py").write_text("X = 1\n")
    (package / "verify" / "engine.py").write_text(
        "def run():\n    from grundy.theory.nim import X\n"
    )
    found = engines_importing_theory(import_graph(package))
    assert found == {("grundy.verify.engine", "grundy.theory.nim")}


def test_import_circles_do_not_grow() -> None:
    tied = sum(len(circle) for circle in strongly_connected(import_graph()))
    assert tied <= MOST_MODULES_IN_CIRCLES


def test_the_checker_sees_a_lazy_import_that_goes_up(tmp_path: Path) -> None:
    package = tmp_path / "grundy"
    (package / "games").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "games" / "__init__.py").write_text("")
    (package / "report.py").write_text("from grundy.games import nim\n")
    (package / "games" / "nim.py").write_text("def draw():\n    from grundy import report\n")
    graph = import_graph(package)
    # ``from grundy import report`` runs grundy/__init__.py too: both are imports
    assert violations(graph) == {
        ("grundy.games.nim", "grundy.report"),
        ("grundy.games.nim", "grundy"),
    }
    assert strongly_connected(graph) == [["grundy.games.nim", "grundy.report"]]
