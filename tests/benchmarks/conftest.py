"""Benchmark results: the tests record figures in ``bench_results``; at the end of the
session they are written to ``test-artifacts/benchmarks.json`` and printed as a table."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import pytest

_RESULTS = pytest.StashKey[dict[str, dict[str, Any]]]()
ARTIFACT = Path("test-artifacts") / "benchmarks.json"


@pytest.fixture(scope="session")
def bench_results(request: pytest.FixtureRequest) -> dict[str, dict[str, Any]]:
    """name -> {"value", "unit", "goal" (optional), "note"}: figures measured this run."""
    return request.config.stash.setdefault(_RESULTS, {})


def _path(config: pytest.Config) -> Path:
    return Path(config.rootpath) / ARTIFACT


def pytest_sessionfinish(session: pytest.Session) -> None:
    results = session.config.stash.get(_RESULTS, None)
    if not results:
        return
    doc = {
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "results": results,
    }
    p = _path(session.config)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    results = config.stash.get(_RESULTS, None)
    if not results:
        return
    tr = terminalreporter
    tr.section("benchmarks")
    w = max(len(k) for k in results)
    tr.write_line(f"{'measure':<{w}}  {'value':>12}  {'unit':<8} {'goal':<10} note")
    for k, r in results.items():
        v = r["value"]
        shown = f"{v:12.3f}" if isinstance(v, float) else f"{v!s:>12}"
        goal = r.get("goal", "")
        tr.write_line(f"{k:<{w}}  {shown}  {r['unit']:<8} {goal!s:<10} {r.get('note', '')}")
    tr.write_line(f"written to {_path(config)}")
