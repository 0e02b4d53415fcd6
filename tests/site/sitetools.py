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

import json
import time
from pathlib import Path
from typing import Any

from browser.labtools import Lab, Notebook

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

# Run every cell; then, for each code cell: [source, output types, error text].
RUN_ALL = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:run-all-cells');
  const nb = app.shell.currentWidget.content;
  return nb.widgets.filter((c) => c.model.type === 'code').map((c) => {
    const outs = c.model.outputs.toJSON();
    return [c.model.sharedModel.getSource(), outs.map((o) => o.output_type),
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
