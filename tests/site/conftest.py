"""The JupyterLite site (``make site``, docs/site.md), built once per test session.

``site`` builds it from the working tree into the session's temp dir (downloads cached
in build/site-cache/), ``site_url`` serves it on 127.0.0.1. The browser is the one of
tests/browser (Debian's Chromium, headless, off the network); each test context aborts
every request to a host other than the site's (``offline_context``). Under pytest-xdist
the site is built once for the run, by the first worker that needs it (the others wait
for it and serve the same folder).

The figures the tests measure (size, time to a ready kernel, click to new view) are in
test-artifacts/site-figures.json and in pytest's output: a "site figures" section of the
terminal summary, or, under pytest-xdist, "site figures" lines of the warnings summary.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import browser_type_launch_args  # noqa: F401 - the same Chromium

ROOT = Path(__file__).resolve().parents[2]
# tools/ (the build and the server) and this folder (sitetools: "site" would be the
# standard library's module) are imported by name.
for _path in (str(ROOT / "tools"), str(Path(__file__).resolve().parent)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import build_site  # noqa: E402 - tools/ is put on sys.path just above
import serve_site  # noqa: E402
import sitetools  # noqa: E402
from sitetools import Offline, clear_figures, locked  # noqa: E402


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's base folder, shared by its workers
    out = root / "lite" / "site"
    with locked(root / "lite.lock"):
        if not (out / "site-manifest.json").exists():
            clear_figures()  # this run's figures only
            build_site.build(out, ROOT / "build" / "site-cache")
    return out


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    server, url = serve_site.serve_in_thread(site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def offline(browser: Any, site_url: str) -> Iterator[Offline]:
    off = Offline(browser, site_url)
    yield off
    for context in off.contexts:
        context.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The figures the site tests measured in this process (sitetools.report)."""
    if sitetools.REPORTED:
        terminalreporter.section("site figures (test-artifacts/site-figures.json)")
        for line in sitetools.REPORTED:
            terminalreporter.write_line(line)
