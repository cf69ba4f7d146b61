# Two commands for a fresh machine: `make run` (the browser card table) and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run play test plugin-check bench bench-web lint clean system-deps ratings

# (Re)install only when the project's metadata changed: fast when nothing did.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint,interop,lab,web]'
	touch $(STAMP)

# The browser table on http://127.0.0.1:8000/ (HOST/PORT override; KANSEI_DB=postgresql+psycopg://… to share).
run: $(STAMP)
	$(VENV)/bin/kansei serve --host $${HOST:-127.0.0.1} --port $${PORT:-8000}

# The terminal game.
play: $(STAMP)
	$(VENV)/bin/kansei play touge --vs greedy

# Debian packages the web tests use: Chromium (Playwright drives it), PostgreSQL (a throwaway server) and
# CJK fonts (Stampede's Japanese card names in the screenshots).
# Installed only when missing; as root and without questions, so CI on a fresh machine needs nothing else.
system-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing="$$missing fonts-noto-cjk"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != 0 ]; then echo "install as root:$$missing (sudo make system-deps)"; exit 1; fi; \
	  echo "apt-get install$$missing"; \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing </dev/null >/dev/null; \
	fi

test: system-deps $(STAMP) plugin-check
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

# The named levels' ratings kansei ships (src/kansei/agents/data/ratings.json), every game, with the
# clairvoyant ceiling: hours on two cores (docs/bots.md). GAMES=touge limits it to one game.
ratings: $(STAMP)
	for g in $${GAMES:-$$($(VENV)/bin/python -c 'import kansei; print(" ".join(kansei.games()))')}; do \
	  nice -n 5 $(VENV)/bin/kansei ladder $$g --levels --ceiling --games $${RATING_GAMES:-400} --until 0.05 \
	    --workers 2 --save-ratings || exit 1; \
	done

bench-web: $(STAMP)
	$(PY) bench/web.py --rooms 200

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info test-artifacts
