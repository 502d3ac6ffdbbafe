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

# The main job.
run: setup
	$(VENV)/bin/grundy games
	$(VENV)/bin/grundy solve nim 3 4 5
	$(VENV)/bin/grundy solve subtraction --set 1,2,3 21
	$(VENV)/bin/grundy solve subtraction --set 1,2,3 21 --misere

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
