"""The same seed gives the same random search whatever modules are loaded: hypothesis
would otherwise mix the literals of every loaded local module into its draws."""

import importlib.util
import sys

from hypothesis import strategies as st

from grundy.verify.random_search import search_random

CASES = st.fixed_dictionaries({"n": st.integers(0, 10**6), "m": st.integers(0, 10**6)})


def _search(seen: list[tuple[int, int]]):
    def holds(case) -> bool:
        seen.append((case["n"], case["m"]))
        return case["n"] % 1000 != 999 or case["m"] < 500_000

    return search_random(CASES, holds, seed=7, examples=400, scope="random: n, m <= 10^6")


def _load_odd_constants(folder, name: str) -> None:
    """A module (outside tests/ and site-packages, so hypothesis counts it as local)
    full of numbers that no grundy module writes."""
    path = folder / f"{name}.py"
    odd = ", ".join(str(123_457 + 7_919 * k) for k in range(60))
    path.write_text(f"ODD = ({odd})\nNAMES = ('zebra', 'quokka')\n")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def test_an_extra_module_with_odd_constants_changes_no_case(tmp_path):
    before: list[tuple[int, int]] = []
    first = _search(before)
    _load_odd_constants(tmp_path, "grundy_odd_constants_for_search")
    try:
        after: list[tuple[int, int]] = []
        second = _search(after)
    finally:
        sys.modules.pop("grundy_odd_constants_for_search", None)
    assert after == before
    assert (second.status, second.cases, second.counterexample) == (
        first.status,
        first.cases,
        first.counterexample,
    )
    odd = {123_457 + 7_919 * k for k in range(60)}
    assert not odd & {n for pair in after for n in pair}
