"""Helpers of the browser tests (imported as ``browser.labtools``; tests/ is on sys.path)."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
STATE_MARK = "BGSTATE "
CMD_FILE = "_bg_cmd.py"
# Appended to the temporary copy of a notebook: runs the Python the test wrote in CMD_FILE
# (the kernel's working directory is the notebook's).
EXEC_CELL = f"exec(open({CMD_FILE!r}).read())"
# What the test reads back from Python: the main board's game and board.
STATE_CODE = (
    "import json as _bg_json\n"
    "print('" + STATE_MARK + "' + _bg_json.dumps({'steps': len(board.game.history), "
    "'actions': [s.text for s in board.game.history if s.player == 0], "
    "'json': board.game.to_json(), 'version': board.version, 'error': board.error, "
    "'forks': [len(f.game.history) for f in board.forks], "
    "'frontend_errors': board.frontend_errors}))\n"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A running JupyterLab server on a temporary copy of the notebooks."""

    def __init__(self, url: str, token: str, root: Path, pid: int | None = None) -> None:
        self.url = url
        self.token = token
        self.root = root
        self.pid = pid  # the server's process (its CPU time is reported with latencies)

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?reset&token={self.token}"


def artifact_path(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


# ---------------------------------------------------------------------- an open notebook
TIMEOUT = 30_000

WAIT_VERSION = """([cell, sel, old]) => {
  const b = document.querySelectorAll('.jp-Notebook .jp-Cell')[cell]?.querySelector(sel);
  return b && Number(b.dataset.version) !== old;
}"""

WAIT_PROMPT = """([before]) => {
  const cs = document.querySelectorAll('.jp-Notebook .jp-Cell');
  const p = cs[cs.length - 1].querySelector('.jp-InputArea-prompt').innerText;
  return p !== before && !p.includes('*');
}"""

KERNEL_IDLE = (
    "() => [...document.querySelectorAll('.jp-Toolbar-kernelName, [title^=\"Change kernel\"]')]"
    ".some(e => /Python 3/.test(e.textContent)) && "
    "[...document.querySelectorAll('.jp-StatusBar-TextItem, .jp-Notebook-ExecutionIndicator')]"
    ".some(e => /Idle/.test(e.textContent) || /Idle/.test(e.getAttribute('title') || '') "
    "|| e.getAttribute('data-status') === 'idle')"
)


class Notebook:
    """A notebook open in JupyterLab, its boards, and the Python behind it. A test module
    subclasses it with its game's ``BOARD`` selector and main ``BOARD_CELL``, and its
    own ``STATE`` code (printing ``MARK`` + JSON) if the default does not suit it."""

    BOARD = ".bg-board"
    BOARD_CELL = 1
    STATE = STATE_CODE
    MARK = STATE_MARK

    def __init__(self, page: Any, lab: Lab) -> None:
        self.page = page
        self.lab = lab
        self.opened_in = 0.0

    def cells(self) -> Any:
        return self.page.locator(".jp-Notebook .jp-Cell")

    def board(self, cell: int | None = None) -> Any:
        return self.cells().nth(self.BOARD_CELL if cell is None else cell).locator(
            self.BOARD).first

    def content(self, cell: int | None = None) -> Any:
        return self.board(cell).locator(":scope > .bg-content")

    def version(self, cell: int | None = None) -> int:
        return int(self.board(cell).get_attribute("data-version") or "-1")

    def wait_version_change(self, old: int, cell: int | None = None) -> int:
        cell = self.BOARD_CELL if cell is None else cell
        self.page.wait_for_function(WAIT_VERSION, arg=[cell, self.BOARD, old], polling="raf",
                                    timeout=TIMEOUT)
        return self.version(cell)

    def python(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel (through the exec cell the fixture
        appended) and return what it printed."""
        (self.lab.root / CMD_FILE).write_text(code)
        cell = self.cells().last
        before = cell.locator(".jp-InputArea-prompt").inner_text()
        cell.locator(".jp-InputArea-editor").click()
        self.page.keyboard.press("Control+Enter")
        self.page.wait_for_function(WAIT_PROMPT, arg=[before], timeout=TIMEOUT)
        return "\n".join(cell.locator(".jp-OutputArea-output").all_inner_texts())

    def state(self) -> dict[str, Any]:
        text = self.python(self.STATE)
        assert self.MARK in text, text
        return json.loads(text.split(self.MARK, 1)[1])

    def actions(self, cell: int | None = None) -> list[str]:
        return self.content(cell).evaluate(
            "c => [...c.querySelectorAll('[data-action]')].map(e => e.dataset.action)")

    def click_action(self, action: str, cell: int | None = None) -> int:
        old = self.version(cell)
        self.content(cell).locator(f'[data-action="{action}"]').first.click()
        return self.wait_version_change(old, cell)

    def control(self, name: str, cell: int | None = None) -> Any:
        return self.content(cell).locator(f'[data-control="{name}"]')

    def dismiss_error(self, cell: int | None = None) -> None:
        """Close the board's error banner, if one shows (before a screenshot)."""
        button = self.control("dismiss", cell)
        if button.count():
            button.first.click()
            button.first.wait_for(state="detached")


ANY_CELL_STARTED = (
    "() => [...document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt')]"
    ".some(e => /\\[(\\*|\\d+)\\]/.test(e.textContent))"
)


def run_all_cells(page: Any, tries: int = 3) -> None:
    """Choose Run > Run All Cells, once its menu item is enabled, and wait until a cell's
    prompt shows it queued or ran (``[*]`` or ``[n]``). A click that reached the menu
    before the notebook panel was ready does nothing (seen in CI: every prompt still
    ``[ ]`` a minute and a half later), so that case is tried again; a run that started
    is never started twice."""
    for attempt in range(tries):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        item = page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                            has_text="Run All Cells").first
        item.wait_for()
        item.click()
        try:
            page.wait_for_function(ANY_CELL_STARTED, timeout=20_000)
            return
        except Exception:
            if attempt == tries - 1:
                raise
            page.keyboard.press("Escape")


def open_notebook(browser: Any, lab: Lab, name: str, cls: type[Notebook], *, width: int = 1280,
                  **context: Any) -> Iterator[Notebook]:
    """Open ``name`` in a new browser context, wait for an Idle python3 kernel, "Run All
    Cells", and wait for the last (exec) cell to print the default state (the command
    file holds ``STATE_CODE`` at the start of every module); yield the
    :class:`Notebook` and close the context afterwards. For a module-scoped fixture."""
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": width, "height": 1000}, **context)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    t0 = time.perf_counter()
    page.goto(lab.notebook_url(name))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    # A fresh server: wait for the python3 kernel to be Idle before running cells.
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    run_all_cells(page)
    n = cls(page, lab)
    # The exec cell (last) prints the state once every cell above has run.
    expect(n.cells().last.locator(".jp-OutputArea-output")).to_contain_text(
        STATE_MARK, timeout=90_000)
    n.opened_in = time.perf_counter() - t0
    yield n
    ctx.close()


# ---------------------------------------------------------------------- latency figures
KERNEL_TIMING_MARK = "BGTIMING "


def _machine_cpu() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine, from /proc/stat (0, 0 elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields) - idle, sum(fields)


def _process_cpu_s(pid: int | None) -> float | None:
    """CPU seconds (user + system) used so far by process ``pid``, from /proc."""
    if pid is None:
        return None
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


CLICK_PAUSE_MS = int(os.environ.get("BG_CLICK_PAUSE_MS", "150"))
"""The pause between two timed clicks (after the new view's frame): a fast person's pace,
so that a click is not timed while the page still draws the previous one. Set
BG_CLICK_PAUSE_MS to measure another pace (20: clicks as fast as the page answers)."""
PAUSE_JS = f"await new Promise((r) => setTimeout(r, {CLICK_PAUSE_MS}));"

NEXT_FRAME_JS = ("const nextFrame = () => new Promise((r) => "
                 "requestAnimationFrame(() => setTimeout(r, 0)));")
"""For a click loop in the page: ``await nextFrame()`` resolves once the frame after
the draw has been produced (style, layout and paint of the new view included)."""


def frame_summary(frames: list[float]) -> dict[str, float]:
    """``click_to_next_frame_ms``: from the click to the end of the frame that shows the
    new view (at the page's 60 Hz frame rate)."""
    return {"n": len(frames), **_summary(frames)}


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return round(s[round(q * (len(s) - 1))], 2) if s else float("nan")


def _summary(values: list[float]) -> dict[str, float]:
    return {"p50": _pct(values, 0.5), "p95": _pct(values, 0.95),
            "max": round(max(values), 2) if values else float("nan")}


class LatencyProbe:
    """Measures a batch of clicks on one board: start it, click, stop it, then
    :meth:`report` merges the page's timings (``bgStats().clicks``) with the kernel's
    (``board.timings``) into a breakdown, next to the machine's load and the CPU time
    the kernel, the server and the test used meanwhile."""

    def __init__(self, nb: Notebook, board_var: str, cell: int | None = None) -> None:
        self.nb = nb
        self.var = board_var
        self.cell = cell
        self.before: dict[str, Any] = {}
        self.cdp: Any = None

    def _page_metrics(self) -> dict[str, float]:
        """Chromium's counters of the page's main thread (CDP ``Performance``)."""
        if self.cdp is None:
            try:
                self.cdp = self.nb.page.context.new_cdp_session(self.nb.page)
                self.cdp.send("Performance.enable")
            except Exception:  # not Chromium: no page counters
                self.cdp = False
        if not self.cdp:
            return {}
        return {m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]}

    def _kernel(self, code: str) -> dict[str, Any]:
        text = self.nb.python(
            "import json as _j, time as _t\n" + code
            + f"\nprint({KERNEL_TIMING_MARK!r} + _j.dumps(_bg_out))")
        assert KERNEL_TIMING_MARK in text, text
        return json.loads(text.split(KERNEL_TIMING_MARK, 1)[1])

    def _snapshot(self) -> dict[str, Any]:
        busy, total = _machine_cpu()
        return {"wall": time.perf_counter(), "loadavg": list(os.getloadavg()),
                "busy": busy, "total": total, "test_cpu": time.process_time(),
                "server_cpu": _process_cpu_s(getattr(self.nb.lab, "pid", None))}

    def start(self) -> None:
        k = self._kernel(f"{self.var}.timings.clear(); {self.var}.measure_bytes = True\n"
                         "_bg_out = {'cpu': _t.process_time()}")
        self.before = {**self._snapshot(), "kernel_cpu": k["cpu"], "page": self._page_metrics()}

    def stop(self) -> None:
        self.after = {**self._snapshot(), "page": self._page_metrics()}
        k = self._kernel(f"_bg_out = {{'cpu': _t.process_time(), 'error': {self.var}.error, "
                         f"'timings': list({self.var}.timings)}}\n"
                         f"{self.var}.measure_bytes = False")
        self.after["kernel_cpu"] = k["cpu"]
        self.kernel_timings: list[dict[str, Any]] = k["timings"]
        self.kernel_error: str = k["error"]
        self.page_clicks: list[dict[str, Any]] = self.nb.board(self.cell).evaluate(
            "b => b.bgStats().clicks")

    def report(self) -> dict[str, Any]:
        """The breakdown, per click matched by the version it produced (ms, p50/p95/max):
        ``kernel`` (Python, from the message's arrival in the board's handler to the
        update sent), ``transport`` (the rest of the time before the update reached the
        model in the page: the message both ways through JupyterLab's server and
        websocket, the kernel's dispatch, the page's deserialisation), ``queued`` (until
        the draw started), ``draw``; with the Python parts and the update's JSON size."""
        by_version = {r["version"]: r for r in self.kernel_timings if r["type"] == "intent"}
        rows = []
        for c in self.page_clicks:
            k = by_version.get(c["version"])
            if k is None:
                continue
            rows.append({"kernel": k["total_ms"], "transport": c["arrived"] - k["total_ms"],
                         "queued": c["drawStart"] - c["arrived"],
                         "draw": c["drawn"] - c["drawStart"], "total": c["drawn"],
                         "k": k})
        b, a = self.before, self.after
        dt = a["wall"] - b["wall"]
        busy = (a["busy"] - b["busy"]) / max(1, a["total"] - b["total"])
        out: dict[str, Any] = {
            "pause_between_clicks_ms": CLICK_PAUSE_MS,
            "clicks_matched": len(rows),
            "breakdown_ms": {key: _summary([r[key] for r in rows])
                             for key in ("kernel", "transport", "queued", "draw", "total")},
            "kernel_parts_ms": {key: _summary([r["k"].get(key, 0.0) for r in rows])
                                for key in ("apply_ms", "view_ms", "extra_ms", "publish_ms",
                                            "handle_ms", "send_ms", "cpu_ms")},
            "update_bytes": _summary([float(r["k"].get("bytes", 0)) for r in rows]),
            "machine": {
                "loadavg_before": [round(x, 2) for x in b["loadavg"]],
                "loadavg_after": [round(x, 2) for x in a["loadavg"]],
                "cpu_busy_fraction": round(busy, 3), "cpus": os.cpu_count(),
                "wall_s": round(dt, 2),
                "kernel_cpu_s": round(a["kernel_cpu"] - b["kernel_cpu"], 3),
                "server_cpu_s": (None if b["server_cpu"] is None or a["server_cpu"] is None
                                 else round(a["server_cpu"] - b["server_cpu"], 3)),
                "test_process_cpu_s": round(a["test_cpu"] - b["test_cpu"], 3),
            },
        }
        pb, pa = b["page"], a["page"]
        if pb and pa and rows:
            n = len(self.page_clicks)
            # the page's main thread over the whole batch, per click (ms, or a count)
            out["page_main_thread_per_click"] = {
                name: round((pa.get(key, 0) - pb.get(key, 0)) * scale / n, 2)
                for name, key, scale in (
                    ("task_ms", "TaskDuration", 1e3), ("script_ms", "ScriptDuration", 1e3),
                    ("style_ms", "RecalcStyleDuration", 1e3),
                    ("layout_ms", "LayoutDuration", 1e3),
                    ("style_recalcs", "RecalcStyleCount", 1), ("layouts", "LayoutCount", 1))}
        return out
