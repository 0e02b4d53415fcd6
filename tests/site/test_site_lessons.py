"""Every notebook of the JupyterLite site runs in the Pyodide kernel, in headless
Chromium, off the network.

The game notebooks are run by their own modules (test_site_browser.py: Blast and Space
Base; test_site_games.py: Spacehole and Intergalactic), which play their boards; here
each lesson of the site is opened in one page, one after the other (a kernel each, shut
down after it: the page and its HTTP cache are shared, so Pyodide is fetched and
compiled once), *Run All*, and every code cell must have run with no error output and
nothing written to stderr, while every request to a host other than the site's is
aborted and recorded (none may be). The time to a ready kernel and of Run All of each
lesson go to test-artifacts/site-figures.json.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import site_notebooks  # tools/ (conftest puts it on sys.path)
from browser.labtools import artifact_path
from sitetools import GAME_MODULES, KERNEL_IDLE, RUN_ALL, TIMEOUT, Offline, record, report

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def notebooks_on_the_site() -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        done = site_notebooks.write_contents(ROOT / "notebooks", Path(tmp))
    return [n for n in done if not n["left_out"]]


ON_THE_SITE = notebooks_on_the_site()
LESSONS = [n["name"] for n in ON_THE_SITE if n["kind"] == "lesson"]

# Open `path` in the lab of this page (the new panel becomes the current widget).
OPEN = """async ([path]) => {
  const app = window.jupyterapp;
  await app.commands.execute('docmanager:open', { path, factory: 'Notebook' });
  const panel = app.shell.currentWidget;
  await panel.context.ready;
  return panel.context.path;
}"""

# The text of every output of the current notebook (streams, results, markdown).
OUTPUT_TEXT = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((c) => c.model.type === 'code')
  .flatMap((c) => c.model.outputs.toJSON())
  .map((o) => [o.text, o.data && o.data['text/plain'], o.data && o.data['text/markdown']]
    .map((v) => (Array.isArray(v) ? v.join('') : v || '')).join(''))
  .join('\\n')"""

# Shut the current notebook's kernel down and close it without saving.
CLOSE = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.shutdown();
  panel.context.model.dirty = false;
  panel.dispose();
}"""


def test_the_games_are_run_by_their_modules() -> None:
    """Every notebook of the site is run in the browser: the lessons here, each game by
    the module that plays its board."""
    games = {n["name"] for n in ON_THE_SITE if n["kind"] == "game"}
    assert games == set(GAME_MODULES)
    for name, module in GAME_MODULES.items():
        assert (Path(__file__).parent / module).exists(), (name, module)
    assert LESSONS and set(LESSONS) | games == {n["name"] for n in ON_THE_SITE}


@pytest.fixture(scope="module")
def lab_page(offline: Offline, site_url: str) -> Iterator[Any]:
    page = offline.new_context().new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{site_url}/lab/index.html")
    page.wait_for_function("() => !!window.jupyterapp?.serviceManager?.isReady",
                           timeout=TIMEOUT)
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    yield page
    page.context.close()


@pytest.mark.parametrize("name", LESSONS)
def test_the_lesson_runs_in_the_pyodide_kernel(lab_page: Any, offline: Offline,
                                               name: str) -> None:
    page = lab_page
    t0 = time.perf_counter()
    assert page.evaluate(OPEN, [name]) == name
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT, polling=100)
    ready = time.perf_counter() - t0
    t1 = time.perf_counter()
    cells = page.evaluate(RUN_ALL)
    run_all = time.perf_counter() - t1
    text = page.evaluate(OUTPUT_TEXT)
    page.screenshot(path=str(artifact_path(f"site-lesson-{name.removesuffix('.ipynb')}.png")))
    page.evaluate(CLOSE)
    errors = [(src.splitlines()[0] if src else "", err) for src, _k, _n, err in cells if err]
    assert errors == [], errors
    # every code cell ran (Run All stops at a cell that fails)
    assert cells and all(n is not None for _s, _k, n, _e in cells), cells
    info = next(n for n in ON_THE_SITE if n["name"] == name)
    if info["charts"]:  # matplotlib's stand-in: a note in place of each chart
        assert "No matplotlib on this site" in text and "Chart not drawn" in text
    assert offline.blocked == [], offline.blocked
    record(lessons={name: {"kernel_ready_s": round(ready, 1), "run_all_s": round(run_all, 1),
                           "code_cells": len(cells)}})
    report(f"{name}: kernel ready {ready:.1f} s, Run All {run_all:.1f} s "
           f"({len(cells)} code cells)")
