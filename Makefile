# Everything is installed into .venv by the targets themselves: a fresh machine needs only
# Python 3.11 with pip and venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run sample test quick lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# The main job: check the theorem library and write the week's materials: the handout,
# the worksheet and its answers, the slides, and the record of the checks
# (reports/latest/*.html, .md, .tex and .pdf; the PDF is typeset by typst, installed with
# grundy, so no TeX is needed). They are
# written even when a claim is not as expected, so the failure can be read there; make
# then fails.
run: setup
	$(VENV)/bin/grundy report --out reports/latest

# Regenerate the committed sample (reports/sample/): rendered pages of the handout and
# the record, for the library and for a small claim file. Needs chromium, poppler-utils
# and TeX (see .ci/run).
sample: setup
	$(PY) reports/sample/regenerate.py

lint: setup
	$(PY) -m ruff check src tests bench proofs
	$(PY) -m ruff format --check src tests bench proofs
	$(PY) -m mypy

# What CI runs: lint, types, and every test including the slow ones.
test: lint
	$(PY) -m pytest -q -m "slow or not slow"

# The fast loop while developing: no slow tests, no lint.
quick: setup
	$(PY) -m pytest -q -x

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
