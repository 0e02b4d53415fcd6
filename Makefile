# space-boardgames: build scaffolding.
# Needs only python3 (>= 3.11), make and apt-get (Debian), run as root or with sudo.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: help venv chromium npm jupyter-settings test fast lab site serve-site bench strength lint format clean

help:
	@echo "make lab     set everything up and open JupyterLab on notebooks/"
	@echo "make test    set everything up and run every test"
	@echo "make site   build site/: the boards and lessons as a static JupyterLite site"
	@echo "make serve-site  serve site/ on http://127.0.0.1:$(SITE_PORT)/ (docs/site.md)"
	@echo "make fast    compile the engines with mypyc into build/fast (docs/speed.md)"
	@echo "other targets: venv chromium npm jupyter-settings bench strength lint format clean"

venv: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -c constraints.txt -e '.[lab,test,bench,site]'
	touch $@

chromium:
	@if [ -x /usr/bin/chromium ]; then \
		echo "chromium: /usr/bin/chromium is present"; \
	else \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# npm fetches Pyodide's runtime for the site (tools/build_site.py: `npm pack pyodide`);
# Debian's npm package brings Node.js with it.
npm:
	@if command -v npm >/dev/null 2>&1; then \
		echo "npm: $$(command -v npm) is present"; \
	else \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y npm; \
	fi

jupyter-settings: $(LAB_SETTINGS)

# JupyterLab overrides: no news fetching, no update checks, no autosave
# (see shared/guides/browser-tests.md).
$(LAB_SETTINGS): $(STAMP) Makefile
	mkdir -p $(dir $@)
	printf '%s\n' \
		'{' \
		'  "@jupyterlab/apputils-extension:notification": {' \
		'    "fetchNews": "false",' \
		'    "checkForUpdates": false' \
		'  },' \
		'  "@jupyterlab/docmanager-extension:plugin": {' \
		'    "autosave": false' \
		'  }' \
		'}' > $@

# Tests run on every core (pytest-xdist, one test file per worker so the browser
# modules keep their page). Then the compiled build (make fast, at -O1: FAST_OPT; in the
# background, tools/background.sh) beside the other Pythons' tests (tools/test-versions.sh,
# side by side, one worker each); then the compiled build's tests, every notebook through
# nbmake, and last the benchmarks alone, so that their timings are not disturbed. (The
# build was tried in the background from the start, beside the browser tests: the pytest
# stage took 18.5 min instead of 13.75, and two browser modules timed out under the load.)
JOBS ?= auto
# mypy on the core and the game packages rewritten to read like their rules (issue 16).
MYPY_PACKAGES := boardgames/core boardgames/blast boardgames/intergalactic boardgames/spacebase boardgames/spacehole boardgames/analysis.py \
	boardgames/rollouts.py boardgames/simulation.py boardgames/agents.py boardgames/workers.py
# The same source compiled by mypyc (tools/build_fast.py): the engines' conformance,
# same-games and golden tests run again against it (bin/pytest, not python -m pytest,
# which would put ./boardgames first on the path).
# (Not tests/conformance/test_suite.py: it tests the suite by patching a game's code,
# which a compiled module does not see.) The conformance playouts' seeds are shared
# between the two builds of the same source (CI time: 392 s of CPU for all of them
# interpreted): the even seeds interpreted (--conformance-part=1/2), the odd ones compiled
# (2/2), so every seed is played once; the same-games digests and golden transcripts run
# in full in both.
FAST_TESTS := tests/fast $(filter-out %/test_suite.py,$(wildcard tests/conformance/test_*.py)) \
	$(wildcard tests/*/test_same_games.py) $(wildcard tests/*/test_golden.py) \
	tests/core/test_checkpoints.py $(COMPILED_BAD_INPUT)
# Bad input is refused with the same clear error compiled (Spacehole's file defines a
# subclass of the game, which a compiled class does not allow).
COMPILED_BAD_INPUT := tests/blast/test_bad_input.py tests/intergalactic/test_bad_input.py \
	tests/spacebase/test_bad_input.py tests/spacebase/test_board.py \
	tests/intergalactic/test_agents.py::test_evaluate_refuses_a_bad_player_and_changes_nothing
FAST_RUN := BOARDGAMES_COMPILED=1 PYTHONPATH=build/fast
FAST_OPT ?= 3
fast: venv
	FAST_OPT=$(FAST_OPT) $(PY) tools/build_fast.py

test: venv chromium npm jupyter-settings
	mkdir -p test-artifacts
	tools/test-versions.sh --setup > test-artifacts/versions-setup.log 2>&1 &
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy $(MYPY_PACKAGES)
	$(PY) -m pytest -n $(JOBS) --dist loadfile --ignore=tests/benchmarks --conformance-part=1/2
	tools/background.sh start fast-build $(MAKE) fast FAST_OPT=1
	JOBS=1 tools/test-versions.sh
	tools/background.sh wait fast-build
	$(FAST_RUN) $(VENV)/bin/pytest -n $(JOBS) -p no:cacheprovider --conformance-part=2/2 $(FAST_TESTS)
	$(PY) -m pytest -n $(JOBS) --nbmake notebooks/
	$(PY) -m pytest tests/benchmarks

lab: venv jupyter-settings
	mkdir -p notebooks
	$(VENV)/bin/jupyter lab notebooks/ $$( [ "$$(id -u)" -eq 0 ] && echo --allow-root )

# The static JupyterLite site (docs/site.md): Pyodide from npm, wheels from PyPI, the
# notebooks adapted at build time. tests/site builds its own copy once per test session.
SITE_PORT ?= 8000
site: venv npm
	$(PY) tools/build_site.py --out site

serve-site: venv
	test -f site/jupyter-lite.json || $(MAKE) site
	$(PY) tools/serve_site.py --dir site --port $(SITE_PORT)

bench: venv
	$(PY) -m pytest tests/benchmarks -s

# The issue's full-size strength matches (100 games each, about an hour or more on 2
# cores); CI runs the same file at a small size. Figures: test-artifacts/strength-full.json
# Then issue 18's hard player against Greedy, 200 games a game (tools/strength_hard.py:
# hours of CPU; resumes where a stopped run was; each prints its figures and fails when
# a target is missed, the next still runs). Rows: test-artifacts/strength-hard-*.jsonl
strength: venv
	BG_STRENGTH=full $(PY) -m pytest tests/agents/test_strength.py -s -p no:cacheprovider
	-$(PY) tools/strength_hard.py blast
	-$(PY) tools/strength_hard.py spacebase
	-$(PY) tools/strength_hard.py intergalactic

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: venv
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) .venv-3.1? .venv-3.1?.lock build dist *.egg-info .pytest_cache .ruff_cache test-artifacts site
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
