# Everything is installed into .venv by the targets themselves: a fresh machine needs only
# Python 3.11 with pip and venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run test quick lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# The main job: verify the theorem library, then write the reports (reports/report.html,
# .md, .tex, and .pdf when a TeX engine is installed). The report is written even when a
# claim is not as expected, so the failure can be read there; make then fails.
run: setup
	$(VENV)/bin/grundy verify; status=$$?; \
	$(VENV)/bin/grundy report --out reports || exit $$?; \
	exit $$status

lint: setup
	$(PY) -m ruff check src tests bench
	$(PY) -m ruff format --check src tests bench
	$(PY) -m mypy

# What CI runs: lint, types, and every test including the slow ones.
test: lint
	$(PY) -m pytest -q -m "slow or not slow"

# The fast loop while developing: no slow tests, no lint.
quick: setup
	$(PY) -m pytest -q -x

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
