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
# Appended to the temporary copy of a notebook: prints what the test checks from Python.
STATE_CELL = (
    "import json as _bg_json\n"
    "print('" + STATE_MARK + "' + _bg_json.dumps({'steps': len(board.game.history), "
    "'actions': [s.text for s in board.game.history if s.player == 0], "
    "'json': board.game.to_json(), 'version': board.version, 'error': board.error, "
    "'frontend_errors': board.frontend_errors}))"
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
