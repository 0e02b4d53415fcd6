"""The readable engines, interpreted and compiled by mypyc, in the same run (issue 16).

``tools/build_fast.py`` (``make fast``, run by ``make test`` before the benchmarks)
compiles the same source files into ``build/fast``. For each game, random playouts of
the interpreted engine (the editable install) and of the compiled one (``build/fast``
first on the path), each against OpenSpiel's backgammon in alternating rounds, in two
fresh interpreters one after the other: both ratios, and the speed-up, are reported
(``test-artifacts/benchmarks.json``). They never fail on time; they fail if the compiled
build is not what was measured (a ``.so`` must have been imported).
"""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks.reference import playouts_vs_backgammon
from fast.buildinfo import FAST, build_fast

pytestmark = pytest.mark.bench

GAMES = ("Spacehole", "Blast", "Intergalactic", "SpaceBase")


def _compiled_games() -> tuple[str, ...]:
    packages = set(build_fast().PACKAGES)
    return tuple(g for g in GAMES if g.lower() in packages)


@pytest.mark.parametrize("game", _compiled_games())
def test_playouts_interpreted_and_compiled(game: str, bench_results: dict[str, Any]) -> None:
    if not (FAST / ".built").exists():
        pytest.skip("build/fast not built: run `make fast` (make test does)")
    key = game.lower()
    plain = playouts_vs_backgammon(game, {}, f"{key}_readable_us_per_step",
                                   f"ratio_{key}_readable_over_backgammon", "default rules")
    fast = playouts_vs_backgammon(game, {}, f"{key}_compiled_us_per_step",
                                  f"ratio_{key}_compiled_over_backgammon", "default rules",
                                  compiled=FAST)
    assert "interpreted" in plain[f"{key}_readable_us_per_step"]["note"]
    assert "compiled by mypyc" in fast[f"{key}_compiled_us_per_step"]["note"]
    build = (FAST / ".built").read_text(encoding="utf-8").strip()  # the -O level
    fast[f"{key}_compiled_us_per_step"]["note"] += f"; build/fast: {build}"
    for d in (plain, fast):
        d.pop("backgammon_openspiel_us_per_event")
        bench_results.update(d)
    a = plain[f"ratio_{key}_readable_over_backgammon_cpu"]["value"]
    b = fast[f"ratio_{key}_compiled_over_backgammon_cpu"]["value"]
    bench_results[f"{key}_speedup_compiled"] = {
        "value": a / b, "unit": "x",
        "note": "CPU ratio to backgammon, interpreted / compiled (same source, same run)"}
    assert a > 0 and b > 0
