# Two commands for a fresh machine: `make run` (the browser card table) and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run play test test-fast plugin-check bare-check bench bench-web bench-load lint clean system-deps ratings

# (Re)install only when the project's metadata changed: fast when nothing did.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint,interop,lab,web]'
	touch $(STAMP)

# The table needs only the web extra (no lab, research, test or lint stacks): a stamp of its own, so a
# fresh machine's first `make run` installs that alone (`make test` installs the rest beside it). No
# byte-compiling of every installed file (--no-compile: Python compiles what the server imports, once), no
# pip upgrade: a fresh machine serves in about 12 s (README).
WEB_STAMP := $(VENV)/.installed-web
$(WEB_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile -e '.[web]'
	touch $(WEB_STAMP)

# The browser table on http://127.0.0.1:8000/ (HOST/PORT override; KANSEI_DB=postgresql+psycopg://… to share).
run: $(WEB_STAMP)
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

# The conformance kit (tests/core/test_invariants.py) runs in plugin-check, on Sprint and every built-in game.
test: system-deps $(STAMP) bare-check plugin-check
	$(PY) -m pytest -n 2 tests --ignore=tests/core/test_invariants.py

# The edit loop (under 2 minutes on an idle machine): every test but the browser's, PostgreSQL's and the slow
# ones (real server processes, real Ctrl-C runs, whole-game privacy sweeps). `make test` runs them all.
test-fast: $(STAMP)
	$(PY) -m pytest -n 2 -m "not browser and not postgres and not slow" tests

# A game from another package, found through its entry point alone (examples/minimal_game): installed,
# listed, checked by the conformance kit beside every built-in game, simulated and tested through kansei's
# own tools, and only then removed again (also when a step failed: the failure is what make reports).
plugin-check: $(STAMP)
	$(PY) -m pip install --quiet --no-deps -e examples/minimal_game
	status=0; \
	$(VENV)/bin/kansei games | grep -q sprint || status=1; \
	$(VENV)/bin/kansei check sprint || status=1; \
	$(VENV)/bin/kansei sim sprint --agents greedy,random --games 100 --workers 2 || status=1; \
	$(PY) -m pytest -q -n 2 -p no:cacheprovider -k sprint tests/lab/test_lab_games.py || status=1; \
	$(PY) -m pytest -q -n 2 -p no:cacheprovider examples/minimal_game/tests tests/core/test_invariants.py \
	  || status=1; \
	$(PY) -m pip uninstall --quiet --yes kansei-sprint; \
	exit $$status

# The bare package (`pip install .`, no extra) in a fresh virtualenv: it starts, lists the games and plays
# one move of a terminal game with no keyboard (--moves), without the lab's, the web's or the adapters'
# libraries.
BARE := build/bare-venv
bare-check:
	rm -rf $(BARE)
	$(PYTHON) -m venv $(BARE)
	$(BARE)/bin/python -m pip install --quiet .
	$(BARE)/bin/kansei games
	cd build && ../$(BARE)/bin/kansei play touge --seed 1 --vs random --moves 1 --save bare-check.json </dev/null
	$(BARE)/bin/python -c "import json; assert json.load(open('build/bare-check.json'))['actions']"
	! $(BARE)/bin/python -c "import uvicorn" 2>/dev/null
	$(BARE)/bin/kansei serve 2>&1 | grep -q "pip install 'kansei\[web\]'"
	$(BARE)/bin/kansei lab matchup touge --games 2 2>&1 | grep -q "pip install 'kansei\[lab\]'"
	rm -rf $(BARE) build/bare-check.json

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

# The table under load (locust over loopback, a throwaway PostgreSQL): 200 and 1,000 rooms, one and two
# server processes, then a person's bot under 50 bot-only rooms. Minutes; not part of `make test`.
bench-load: $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	for n in 200 1000; do for s in 1 2; do $(PY) bench/load.py --rooms $$n --servers $$s --seconds 60; done; done
	$(PY) bench/load.py --rooms 10 --servers 1 --seconds 60 --bot-only 50 --people-only 0

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info test-artifacts
