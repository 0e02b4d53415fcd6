"""Real-browser tests of the boards: JupyterLab + headless Chromium (Playwright).

Follows shared/guides/browser-tests.md: one JupyterLab server per session on a free port
with a token, serving a temporary copy of notebooks/ (never the repo's files), with every
Jupyter/IPython directory inside the session's temp dir; Debian's /usr/bin/chromium with
the flags that keep it off the network. Each notebook is opened once per module (a
module-scoped page), its kernel awaited to be Idle, and run with "Run All Cells".
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from browser.labtools import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CMD_FILE,
    EXEC_CELL,
    ROOT,
    STATE_CODE,
    Lab,
    free_port,
)
from playwright.sync_api import expect

# expect()'s assertions wait up to 15 s instead of Playwright's 5: in `make test` the
# browser modules share two cores with other workers, and a board that answers in 50 ms
# on a quiet machine can take seconds there (tests/site imports this module too).
expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("no /usr/bin/chromium (run `make chromium`)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS,
            "headless": True}


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    base = tmp_path_factory.mktemp("lab")
    nbdir = base / "notebooks"
    shutil.copytree(ROOT / "notebooks", nbdir)
    for path in nbdir.glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        nb.cells.append(nbformat.v4.new_code_cell(EXEC_CELL))
        nbformat.write(nb, path)
    (nbdir / CMD_FILE).write_text(STATE_CODE)
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        d = base / var.lower()
        d.mkdir()
        env[var] = str(d)
    settings = base / "user-settings"
    # Keep every cell in the DOM (no virtual scrolling) so outputs can be found.
    (settings / "@jupyterlab" / "notebook-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}))
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(base / "workspaces")
    port = free_port()
    token = uuid.uuid4().hex
    log = open(base / "server.log", "w")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
         f"--port={port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={nbdir}", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         f"--LabApp.workspaces_dir={base / 'workspaces'}"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=base,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start: "
                                       + (base / "server.log").read_text()[-3000:]) from None
                time.sleep(0.2)
        yield Lab(url, token, nbdir, proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module", autouse=True)
def fresh_command_file(lab: Lab) -> None:
    """Every test module starts with the default command file (what the notebooks' last
    cell runs on "Run All Cells"): the modules share one server and one folder, and a
    module may have left its own command in the file."""
    (lab.root / CMD_FILE).write_text(STATE_CODE)
