"""Project-wide pytest configuration.

``tests/`` is on ``sys.path`` (``pythonpath = ["tests"]`` in pyproject.toml), so shared
helpers import as ``conformance.suite``. This file adds one option:

``--conformance-scale=X``
    multiply the number of seeds of every conformance configuration by X (default 1;
    e.g. ``--conformance-scale=10`` for a long soak, ``0.1`` for a quick look).
``--conformance-part=K/N``
    play only the K-th of N parts of the registry's playout seeds (``seed % N == K - 1``;
    default ``1/1``, all). ``make test`` plays part 1/2 interpreted and part 2/2 with the
    compiled build of the same source: every seed once, in half the time.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# Normally done by ``pythonpath = ["tests"]`` in pyproject.toml; kept here too so the
# helpers import when pytest runs with another configuration (e.g. from an sdist).
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance-scale",
        type=float,
        default=1.0,
        help="multiply the number of seeds of every conformance configuration (default 1)",
    )
    parser.addoption(
        "--conformance-part",
        default="1/1",
        help="K/N: play only the seeds s of the conformance playouts with s %% N == K - 1",
    )
