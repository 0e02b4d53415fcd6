"""Helpers of the browser tests (imported as ``browser.labtools``; tests/ is on sys.path)."""

from __future__ import annotations

import json
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

    def __init__(self, url: str, token: str, root: Path) -> None:
        self.url = url
        self.token = token
        self.root = root

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
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    n = cls(page, lab)
    # The exec cell (last) prints the state once every cell above has run.
    expect(n.cells().last.locator(".jp-OutputArea-output")).to_contain_text(
        STATE_MARK, timeout=90_000)
    n.opened_in = time.perf_counter() - t0
    yield n
    ctx.close()
