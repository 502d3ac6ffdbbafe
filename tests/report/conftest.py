from pathlib import Path

import pytest

from grundy.library import CheckSettings, TheoremResult, load_library, run_theorems
from tests.report.library_report import LibraryReport, write_library_report

SAMPLE = Path(__file__).with_name("sample_theorems.py")


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return SAMPLE


@pytest.fixture(scope="session")
def sample_results() -> list[TheoremResult]:
    return run_theorems(load_library([SAMPLE]), CheckSettings(seed=7))


@pytest.fixture(scope="session")
def library_report(tmp_path_factory: pytest.TempPathFactory) -> LibraryReport:
    """``make run``'s report of the whole library (``--quick``, two workers, no TeX),
    written once for every test that only reads it (see tests/report/library_report.py)."""
    return write_library_report(tmp_path_factory.mktemp("library-report"), jobs=2)
