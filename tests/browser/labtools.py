"""Helpers of the browser tests (imported as ``browser.labtools``; tests/ is on sys.path)."""

from __future__ import annotations

import socket
from pathlib import Path

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
