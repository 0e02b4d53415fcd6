"""Helpers of the site tests (``import sitetools``: conftest puts this folder on
sys.path, as ``site`` would be the standard library's module): a notebook of the
JupyterLite site open in Chromium.

The site's notebooks run in the Pyodide kernel inside the page, so the labtools way of
talking to Python (a command file on the server's disk) does not apply: ``python(code)``
puts ``code`` in a scratch cell at the end of the notebook, runs that cell and returns
what it printed. Everything else (boards, versions, clicks, the latency probe) is
labtools' ``Notebook``.
"""

from __future__ import annotations

import fcntl
import json
import os
import statistics
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from browser.labtools import Lab, Notebook, artifact_path

# The module that plays each game notebook of the site in the browser (the lessons are
# run by test_site_lessons.py, which checks that this covers every game of the site).
GAME_MODULES = {"spacehole.ipynb": "test_site_games.py", "blast.ipynb": "test_site_browser.py",
                "spacebase.ipynb": "test_site_browser.py",
                "intergalactic.ipynb": "test_site_games.py"}

FIGURES_FILE = "site-figures.json"


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (created), between the test processes of a run."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def record(**figures: Any) -> None:
    """Add ``figures`` to test-artifacts/site-figures.json (a dict value is merged into
    the one recorded before it, so the modules of the site, maybe in other pytest-xdist
    workers, each add theirs). The process that builds the site empties the file first."""
    path = artifact_path(FIGURES_FILE)
    with locked(path.with_suffix(".lock")):
        old = json.loads(path.read_text()) if path.exists() and path.stat().st_size else {}
        for key, value in figures.items():
            if isinstance(value, dict) and isinstance(old.get(key), dict):
                old[key].update(value)
            else:
                old[key] = value
        path.write_text(json.dumps(old, indent=2, sort_keys=True) + "\n")


def clear_figures() -> None:
    path = artifact_path(FIGURES_FILE)
    with locked(path.with_suffix(".lock")):
        path.unlink(missing_ok=True)


# Lines for the terminal summary of a run without pytest-xdist (conftest prints them).
REPORTED: list[str] = []


def report(line: str) -> None:
    """Show a measured figure in pytest's output: in the "site figures" section of the
    terminal summary (conftest), or, in a pytest-xdist worker (whose terminal summary
    nobody sees), as a warning, which the workers pass on to the summary. A plain
    ``UserWarning``: the xdist controller re-creates each warning from its class's module,
    and this module is not importable there (``make test`` does not load this folder's
    conftest in the controller)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        warnings.warn(UserWarning(f"site figures (a report, not a problem): {line}"),
                      stacklevel=2)
    else:
        REPORTED.append(line)


def summary(times: list[float]) -> dict[str, float]:
    s = sorted(times)
    return {"n": len(s), "p50": round(statistics.median(s), 1),
            "p95": round(s[round(0.95 * (len(s) - 1))], 1), "max": round(s[-1], 1)}


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]

TIMEOUT = 120_000

# The Pyodide kernel of the current notebook has started and is idle.
KERNEL_IDLE = ("() => { const k = window.jupyterapp?.shell?.currentWidget?.sessionContext"
               "?.session?.kernel; return !!k && k.status === 'idle'; }")

# Run `code` in a scratch cell (tagged bg-test, added at the end once) and return its
# output as text: streams, results, errors (name: value).
RUN_IN_CELL = """async ([code]) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  let last = nb.widgets.length - 1;
  if (!(nb.widgets[last].model.getMetadata('tags') || []).includes('bg-test')) {
    nb.model.sharedModel.insertCell(last + 1,
      { cell_type: 'code', source: '', metadata: { tags: ['bg-test'] } });
    last += 1;
  }
  const cell = nb.widgets[last];
  cell.model.sharedModel.setSource(code);
  nb.activeCellIndex = last;
  await app.commands.execute('notebook:run-cell');
  const text = (v) => (Array.isArray(v) ? v.join('') : v || '');
  return cell.model.outputs.toJSON().map((o) => text(o.text)
    || text(o.data && o.data['text/plain'])
    || (o.ename ? `${o.ename}: ${o.evalue}` : '')).join('');
}"""

# Run every cell; then, for each code cell: [source, output types, execution count,
# error text (errors, then anything written to stderr)].
RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:run-all-cells');
  const nb = app.shell.currentWidget.content;
  return nb.widgets.filter((c) => c.model.type === 'code').map((c) => {
    const outs = c.model.outputs.toJSON();
    return [c.model.sharedModel.getSource(), outs.map((o) => o.output_type), c.model.executionCount,
            outs.filter((o) => o.output_type === 'error').map((o) => `${o.ename}: ${o.evalue}`)
              .join('') + outs.filter((o) => o.name === 'stderr').map((o) =>
              (Array.isArray(o.text) ? o.text.join('') : o.text)).join('')];
  });
}"""

# The index of the first cell whose source holds `text`.
CELL_WITH = """([text]) => window.jupyterapp.shell.currentWidget.content.widgets
  .findIndex((c) => c.model.sharedModel.getSource().includes(text))"""

# Click `sel` in the board of cell `cell` and wait for the board's next view (its
# data-version changes); resolves to the time taken in ms, measured in the page.
TIMED_CLICK = """async ([cell, board, sel]) => {
  const b = document.querySelectorAll('.jp-Notebook .jp-Cell')[cell].querySelector(board);
  const el = b.querySelector(':scope > .bg-content ' + sel);
  if (!el) return null;
  const old = b.dataset.version;
  const t0 = performance.now();
  el.click();
  // a click that brings no new view fails the test (after 30 s) instead of hanging it
  const changed = await new Promise((resolve) => {
    if (b.dataset.version !== old) return resolve(true);
    const obs = new MutationObserver(() => {
      if (b.dataset.version !== old) { obs.disconnect(); resolve(true); }
    });
    obs.observe(b, { attributes: true, attributeFilter: ['data-version'] });
    setTimeout(() => { obs.disconnect(); resolve(false); }, 30000);
  });
  if (!changed) throw new Error('no new view 30 s after clicking ' + sel);
  return performance.now() - t0;
}"""


class SiteNotebook(Notebook):
    """A notebook of the site, open in its own page; ``BOARD_CELL`` is found at open time
    from ``BOARD_SOURCE`` (the site's notebooks have one more cell than the repo's)."""

    BOARD_SOURCE = "board = g.widget("

    def python(self, code: str) -> str:
        return self.page.evaluate(RUN_IN_CELL, [code])

    def cell_with(self, text: str) -> int:
        index = self.page.evaluate(CELL_WITH, [text])
        assert index >= 0, f"no cell holds {text!r}"
        return index

    def timed_click(self, selector: str, cell: int | None = None) -> float | None:
        """Click the first ``selector`` in a board, wait for its next view: ms (in the
        page), or None if there is no such element."""
        cell = self.BOARD_CELL if cell is None else cell
        return self.page.evaluate(TIMED_CLICK, [cell, self.BOARD, selector])

    def python_json(self, expr: str) -> Any:
        text = self.python(f"import json as _j\nprint('BGJSON ' + _j.dumps({expr}))")
        assert "BGJSON " in text, text
        return json.loads(text.split("BGJSON ", 1)[1])


def open_site_notebook(context: Any, url: str, name: str, cls: type[SiteNotebook]) -> SiteNotebook:
    """Open ``name`` of the site in a new page, wait for its Pyodide kernel to answer,
    run every cell; the figures of the opening are in ``nb.opening``."""
    page = context.new_page()
    page.set_default_timeout(30_000)
    t0 = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path={name}")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT, polling=100)
    nb = cls(page, Lab(url, "", Path(name)))
    nb.python("pass")  # the first answer of the kernel: it is ready
    ready = time.perf_counter() - t0
    ready_in_page = page.evaluate("() => performance.now()") / 1000
    t1 = time.perf_counter()
    cells = page.evaluate(RUN_ALL)
    nb.opening = {"kernel_ready_s": round(ready, 1),
                  "kernel_ready_s_page_clock": round(ready_in_page, 1),
                  "run_all_s": round(time.perf_counter() - t1, 1), "cells": cells}
    nb.BOARD_CELL = nb.cell_with(cls.BOARD_SOURCE)
    return nb


N = TypeVar("N", bound=SiteNotebook)


def site_notebook(offline: Offline, url: str, name: str, cls: type[N]) -> Iterator[N]:
    """A module fixture's body: ``name`` opened in a browser context of its own
    (:func:`open_site_notebook`), the context closed after the module's tests."""
    nb = open_site_notebook(offline.new_context(), url, name, cls)
    yield cast(N, nb)
    nb.page.context.close()


def report_opening(nb: SiteNotebook) -> None:
    """Record and show the time from navigation to a ready kernel and of Run All."""
    o = nb.opening
    record(kernels={nb.lab.root.name: {k: o[k] for k in (
        "kernel_ready_s", "kernel_ready_s_page_clock", "run_all_s")}})
    report(f"{nb.lab.root.name}: kernel ready {o['kernel_ready_s']} s after navigation "
           f"(JupyterLab's load included), Run All {o['run_all_s']} s")


class Offline:
    """Browser contexts whose requests to any host but the site's are aborted, and
    recorded in ``blocked`` (a test fails if the site asked for anything outside
    itself). Each notebook gets a context of its own: JupyterLite keeps its files and
    its open tabs in the browser's storage, which a context does not share."""

    def __init__(self, browser: Any, url: str) -> None:
        self.browser = browser
        self.url = url
        self.blocked: list[str] = []
        self.contexts: list[Any] = []

    def new_context(self) -> Any:
        context = self.browser.new_context(viewport={"width": 1400, "height": 1000},
                                           accept_downloads=True)
        context.route("**/*", self._route)
        self.contexts.append(context)
        return context

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.url + "/", "data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


# --------------------------------------------------------------------- playing a board
def no_errors(nb: SiteNotebook) -> None:
    """Every code cell of the notebook ran (Run All) with no error and nothing on stderr."""
    cells = nb.opening["cells"]
    errors = [(src.splitlines()[0] if src else "", err) for src, _k, _n, err in cells if err]
    assert errors == [], errors
    assert cells and all(n is not None for _s, _k, n, _e in cells), "a cell did not run"


def wait_for_turn(nb: SiteNotebook, var: str = "board") -> dict[str, Any]:
    """Wait until it is our side's decision (the computers play at their pace)."""
    deadline = time.monotonic() + 90
    while True:
        st = nb.python_json(f"{{'turn': {var}.game.turn, 'player': {var}.game.current_player, "
                            f"'over': {var}.game.is_over, 'steps': len({var}.game.history)}}")
        if st["player"] == nb.ME or st["over"] or time.monotonic() > deadline:
            return st
        time.sleep(0.3)


Steps = list[tuple[str, str | None]]


def play_turn(nb: SiteNotebook, steps: Steps) -> tuple[list[str], list[float]]:
    """Play our side's whole turn by clicking: at each decision, the first of ``steps``
    (selector, or selector and a local first click on ``select``) present in the board.
    Returns the actions clicked and their click-to-new-view times (ms, in the page)."""
    import pytest

    start = wait_for_turn(nb)
    assert start["player"] == nb.ME, start
    clicked: list[str] = []
    times: list[float] = []
    for _ in range(60):
        st = wait_for_turn(nb)
        if st["turn"] > start["turn"] or st["over"]:
            return clicked, times
        for sel, select in steps:
            content = nb.content()
            if select is not None and content.locator(sel).count() == 0:
                if content.locator(select).count() == 0:
                    continue
                content.locator(select).first.click()  # local: picks a unit, sends nothing
            if content.locator(sel).count() == 0:
                continue
            clicked.append(content.locator(sel).first.get_attribute("data-action") or "")
            dt = nb.timed_click(sel)
            assert dt is not None
            times.append(dt)
            break
        else:
            pytest.fail(f"nothing to click at {st}: {nb.actions()}")
    pytest.fail(f"the turn did not end after 60 clicks: {clicked}")


def computer_played(nb: SiteNotebook, since: int, steps: Steps) -> list[int]:
    """The computers play their turns in the browser's kernel, at their pace, until it is
    our decision again (if our side plays again first, a Blast double, we play that turn
    too). Returns the players (not chance: -1) that moved since step ``since``."""
    import pytest

    players: list[int] = []
    for _ in range(4):
        st = wait_for_turn(nb)
        assert st["player"] == nb.ME or st["over"], st
        players = nb.python_json(f"[s.player for s in board.game.history[{since}:]]")
        others = sorted({p for p in players if p not in (nb.ME, -1)})
        if others or st["over"]:
            return others
        play_turn(nb, steps)
    pytest.fail(f"the computer never played: {players}")


# ------------------------------------------------------------- save, load, undo, redo
# What a game is, read the same way in the browser's kernel and on this machine's
# CPython: every player's view, the steps, whose decision it is.
SNAPSHOT = ("{{'views': [{g}.view(p) for p in range({g}.players)], "
            "'steps': [[s.player, s.text] for s in {g}.history], "
            "'turn': {g}.turn, 'player': {g}.current_player, 'over': {g}.is_over}}")


def snapshot(nb: SiteNotebook, var: str = "board") -> dict[str, Any]:
    return nb.python_json(SNAPSHOT.format(g=f"{var}.game"))


def host_snapshot(saved: str) -> dict[str, Any]:
    """The snapshot of a saved game loaded by this machine's CPython (boardgames from
    the working tree, as the site's wheel is built from it)."""
    import boardgames as bg

    g = bg.from_json(saved)
    return json.loads(json.dumps(eval(SNAPSHOT.format(g="g"), {"g": g})))


def save_by_clicking(nb: SiteNotebook, folder: Path, cell: int | None = None) -> Path:
    """Click the board's Save: the browser downloads a file; returns where it is put."""
    with nb.page.expect_download() as dl:
        nb.control("save", cell).click()
    path = folder / dl.value.suggested_filename
    dl.value.save_as(path)
    return path


def load_by_clicking(nb: SiteNotebook, path: Path, cell: int | None = None) -> None:
    """Click the board's Load and choose ``path`` in the file chooser it opens."""
    from playwright.sync_api import expect

    with nb.page.expect_file_chooser() as chooser:
        nb.control("load", cell).click()
    chooser.value.set_files(str(path))
    expect(nb.board(cell).locator(".bg-notice")).to_contain_text(f"loaded {path.name}")


def check_save_and_load(nb: SiteNotebook, game: str, folder: Path,
                        change: Any = None) -> dict[str, Any]:
    """Save gives a file the browser downloads, holding the game of the kernel (loaded by
    this machine's CPython: the same views, steps and turn), even for a game with cards
    hidden from the board's player (the kernel runs in the tab: ``kernel_in_browser``);
    after ``change(nb)`` (default: an undo click) moves the game away, Load, through the
    Load button's file chooser, brings it back."""
    before = snapshot(nb)
    hidden = nb.python_json("bool(board.hides_something())")
    path = save_by_clicking(nb, folder)
    text = path.read_text()
    doc = json.loads(text)
    assert doc["game"] == game, doc.get("game")
    assert path.name.startswith(f"{game}-turn"), path.name
    assert host_snapshot(text) == before  # a save that boardgames loads, the same game
    (change or undo_by_clicking)(nb)
    assert snapshot(nb) != before
    load_by_clicking(nb, path)
    after = snapshot(nb)
    assert after == before, (after["steps"][-3:], before["steps"][-3:])
    return {"file": path.name, "bytes": len(text), "steps": len(before["steps"]),
            "hides_cards": hidden, "saved_as": "a download"}


def undo_by_clicking(nb: SiteNotebook) -> None:
    old = nb.version()
    nb.control("undo").click()
    nb.wait_version_change(old)


def check_undo_and_redo(nb: SiteNotebook, var: str = "board") -> dict[str, int]:
    """Undo, clicked, takes the game back (fewer steps, what was there before); one Redo
    click brings back exactly the game there was, as one Undo took it back (Space Base's
    card and its placement together), and Redo is then disabled."""
    from playwright.sync_api import expect

    before = snapshot(nb, var)
    undo_by_clicking(nb)
    undone = snapshot(nb, var)
    n = len(undone["steps"])
    assert n < len(before["steps"]) and undone["steps"] == before["steps"][:n]
    redo = nb.control("redo")
    expect(redo).to_be_enabled()
    old = nb.version()
    redo.click()
    nb.wait_version_change(old)
    clicks = 1
    now = snapshot(nb, var)
    assert now == before, (now["steps"][-3:], before["steps"][-3:])
    expect(redo).to_be_disabled()
    return {"undone_steps": len(before["steps"]) - n, "redo_clicks": clicks}
