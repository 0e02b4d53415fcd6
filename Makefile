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

.PHONY: help venv chromium jupyter-settings test lab bench lint format clean

help:
	@echo "make lab     set everything up and open JupyterLab on notebooks/"
	@echo "make test    set everything up and run every test"
	@echo "other targets: venv chromium jupyter-settings bench lint format clean"

venv: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -c constraints.txt -e '.[lab,test,bench]'
	touch $@

chromium:
	@if [ -x /usr/bin/chromium ]; then \
		echo "chromium: /usr/bin/chromium is present"; \
	else \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
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

# pytest exit code 5 ("no tests collected") is tolerated only while tests/
# holds no test files at all.
test: venv chromium jupyter-settings
	$(VENV)/bin/ruff check .
	$(PY) -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ] && [ -z "$$(find tests -name 'test_*.py' -o -name '*_test.py' 2>/dev/null)" ]; then \
		echo "pytest: no test files under tests/ yet"; rc=0; \
	fi; exit $$rc
	@if compgen -G 'notebooks/*.ipynb' > /dev/null; then \
		$(PY) -m pytest --nbmake notebooks/; \
	else \
		echo "nbmake: no notebooks in notebooks/"; \
	fi

lab: venv jupyter-settings
	mkdir -p notebooks
	$(VENV)/bin/jupyter lab notebooks/ $$( [ "$$(id -u)" -eq 0 ] && echo --allow-root )

bench: venv
	$(PY) -m pytest tests/benchmarks -s

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: venv
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
