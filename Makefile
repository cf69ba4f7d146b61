# Two commands for a fresh machine: `make run` (play Touge against the greedy bot) and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test plugin-check bench lint clean

# (Re)install only when the project's metadata changed: fast when nothing did.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint,interop,lab]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/kansei play touge --vs greedy

test: $(STAMP) plugin-check
	$(PY) -m pytest -n 2 tests

# A game from another package, found through its entry point alone (examples/minimal_game): installed,
# listed, simulated and tested through kansei's own tools, then removed again.
plugin-check: $(STAMP)
	$(PY) -m pip install --quiet --no-deps -e examples/minimal_game
	$(VENV)/bin/kansei games | grep -q sprint
	$(VENV)/bin/kansei sim sprint --agents greedy,random --games 100 --workers 2
	$(PY) -m pytest -q -p no:cacheprovider examples/minimal_game/tests
	$(PY) -m pip uninstall --quiet --yes kansei-sprint

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/playouts.py

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
