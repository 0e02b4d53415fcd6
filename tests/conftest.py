"""Project-wide pytest configuration.

``tests/`` is on ``sys.path`` (``pythonpath = ["tests"]`` in pyproject.toml), so shared
helpers import as ``conformance.suite``. This file adds one option:

``--conformance-scale=X``
    multiply the number of seeds of every conformance configuration by X (default 1;
    e.g. ``--conformance-scale=10`` for a long soak, ``0.1`` for a quick look).
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance-scale",
        type=float,
        default=1.0,
        help="multiply the number of seeds of every conformance configuration (default 1)",
    )
