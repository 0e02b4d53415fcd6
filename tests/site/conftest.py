"""The JupyterLite site (``make site``, docs/site.md), built once per test session.

``site`` builds it from the working tree into the session's temp dir (downloads cached
in build/site-cache/), ``site_url`` serves it on 127.0.0.1. The browser is the one of
tests/browser (Debian's Chromium, headless, off the network); each test context aborts
every request to a host other than the site's (``offline_context``).
"""

from __future__ import annotations

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
from sitetools import Offline  # noqa: E402


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lite") / "site"
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
