"""bg.simulate and bg.compare: the same results on any executor, honest intervals."""

from __future__ import annotations

import gc
import math
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent, RandomAgent
from boardgames.simulation import Comparison, SimulationResults, game_seed, mean_ci, wilson


def _strip(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def _turns_and_cards(game: bg.Game) -> dict:
    return {"log_lines": len(game.log)}


def test_simulate_rows_and_summary() -> None:
    r = bg.simulate("blast", RandomAgent(), games=6, seed=3, executor="serial",
                    progress=False, measures=_turns_and_cards)
    assert len(r) == 6 and r.players == 2
    assert [row["game"] for row in r] == list(range(6))
    assert [row["seed"] for row in r] == [game_seed(3, i) for i in range(6)]
    for row in r:
        g = bg.Blast(seed=row["seed"])
        assert row["winner"] in (0, 1, None) and len(row["scores"]) == 2
        assert row["steps"] > row["decisions"] > 0 and row["log_lines"] > 0
        assert g.seed == row["seed"]
    wins = sum(r.win_rate(p)[0] for p in (0, 1))
    assert wins <= 1.0
    m, lo, hi = r.mean_score(0)
    assert lo <= m <= hi
    assert "player 0" in repr(r) and "<table>" in r._repr_html_()


def test_a_row_replays_with_its_seed() -> None:
    """Game i of a simulation is the game of seed game_seed(seed, i) played by the
    agents re-seeded for it: replaying it by hand gives the same scores."""
    r = bg.simulate("spacehole", GreedyAgent(), games=3, seed=8, executor="serial",
                    progress=False)
    from boardgames.simulation import play_out
    from boardgames.workers import agent_seed

    for row in r:
        g = play_out(bg.Spacehole(seed=row["seed"]), [GreedyAgent(agent_seed(row["seed"], 0))])
        assert tuple(g.scores) == row["scores"] and len(g.history) == row["steps"]


def test_results_do_not_depend_on_the_executor_or_chunks() -> None:
    args = ("spacebase", [RandomAgent(1), RandomAgent(2)])
    kw = {"games": 8, "seed": 11, "progress": False, "players": 2}
    serial = _strip(bg.simulate(*args, executor="serial", **kw).rows)
    assert _strip(bg.simulate(*args, executor="serial", chunk_size=3, **kw).rows) == serial
    assert _strip(bg.simulate(*args, workers=2, **kw).rows) == serial
    with ThreadPoolExecutor(3) as ex:
        assert _strip(bg.simulate(*args, executor=ex, chunk_size=1, **kw).rows) == serial


def test_simulate_on_a_dask_local_cluster_gives_the_same_rows() -> None:
    distributed = pytest.importorskip("distributed")
    kw = {"games": 6, "seed": 4, "progress": False}
    serial = _strip(bg.simulate("blast", RandomAgent(), executor="serial", **kw).rows)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        rows = bg.simulate("blast", RandomAgent(), executor=client.get_executor(), **kw).rows
    assert _strip(rows) == serial


def _frozen(g: Any) -> dict[str, int]:
    return {"frozen": gc.get_freeze_count()}


def test_pool_workers_freeze_what_they_inherit() -> None:
    """The default pool's workers start with ``gc.freeze()`` (their collector leaves the
    inherited objects alone); a serial run leaves this process's collector as it was.
    (Compared with the count before, not with 0: CPython 3.12.1 starts with 375 objects
    in the permanent generation.)"""
    before = gc.get_freeze_count()
    pooled = bg.simulate("blast", RandomAgent(1), games=2, seed=3, workers=2, progress=False,
                         measures=_frozen)
    assert all(r["frozen"] > before + 1000 for r in pooled)
    serial = bg.simulate("blast", RandomAgent(1), games=2, seed=3, executor="serial",
                         progress=False, measures=_frozen)
    assert [r["frozen"] for r in serial] == [before, before]
    assert gc.get_freeze_count() == before
    assert ([{k: v for k, v in r.items() if k != "frozen"} for r in _strip(pooled.rows)]
            == [{k: v for k, v in r.items() if k != "frozen"} for r in _strip(serial.rows)])


def test_a_function_defined_here_can_make_the_games() -> None:
    def make(seed: int) -> bg.Game:  # a closure: pickled with cloudpickle
        return bg.Spacehole(seed=seed, variant="babylon5")

    a = bg.simulate(make, RandomAgent(), games=4, seed=1, workers=2, progress=False)
    b = bg.simulate(make, RandomAgent(), games=4, seed=1, executor="serial", progress=False)
    assert _strip(a.rows) == _strip(b.rows)


def test_terminal_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    bg.simulate("spacehole", RandomAgent(), games=5, seed=1, executor="serial", progress=True)
    err = capsys.readouterr().err
    assert "simulate [" in err and "5/5" in err


class _Shell:
    """An IPython shell as far as the progress bar looks: with or without a kernel."""

    def __init__(self, kernel: object) -> None:
        self.kernel = kernel


@pytest.mark.parametrize("kernel", [object(), None], ids=["kernel", "terminal"])
def test_progress_is_a_widget_in_any_notebook_kernel(
        kernel: object, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """JupyterLite's Pyodide kernel has an IPython shell with a kernel but no ipykernel
    module: the bar is a widget there too (it was red stderr text), and stays text in a
    terminal IPython (a shell without a kernel)."""
    import IPython

    from boardgames.simulation import _Progress

    monkeypatch.delitem(sys.modules, "ipykernel", raising=False)
    monkeypatch.setattr(IPython, "get_ipython", lambda: _Shell(kernel))
    bar = _Progress(4, "simulate", True)
    bar.update(4)
    err = capsys.readouterr().err
    if kernel is None:
        assert bar.bar is None and "simulate [" in err and "4/4" in err
    else:
        assert bar.bar is not None and bar.bar.value == 4 and err == ""
        assert bar.text.value == "4 / 4"


def test_simulate_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="games"):
        bg.simulate("blast", RandomAgent(), games=0)
    with pytest.raises(ValueError, match="seed"):
        bg.simulate("blast", RandomAgent(), games=2, seed=-1)
    with pytest.raises(TypeError, match="choose"):
        bg.simulate("blast", object(), games=2)
    with pytest.raises(ValueError, match="3 agents"):
        bg.simulate("blast", [RandomAgent(), RandomAgent(), RandomAgent()], games=2)
    with pytest.raises(ValueError, match=r"unknown game|no game"):
        bg.simulate("chess", RandomAgent(), games=2)
    with pytest.raises(TypeError, match="executor"):
        bg.simulate("blast", RandomAgent(), games=2, executor=42)
    with pytest.raises(ValueError, match="column"):
        bg.simulate("spacehole", RandomAgent(), games=1, executor="serial", progress=False,
                    measures=lambda g: {"seed": 1})


def test_intervals() -> None:
    assert wilson(0, 10)[1] == 0.0 and 0 < wilson(0, 10)[2] < 0.35
    assert wilson(5, 10)[0] == 0.5
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and 1.0 <= lo < m < hi <= 4.0
    assert mean_ci([1.0, 2.0, 3.0, 4.0]) == (m, lo, hi)      # seeded: the same interval


def test_a_score_that_cannot_be_negative_gets_no_negative_bound() -> None:
    """What-if's study printed "random: 4.0 [-3.9, 11.9]": most colonies score 0, a few
    score a lot, and the normal interval's lower bound went below 0."""
    scores = [0.0] * 18 + [40.0] * 2      # the normal interval: [-1.4, 9.4]
    m, lo, hi = mean_ci(scores)
    assert m == 4.0 and 0.0 <= lo < m < hi <= 40.0
    results = SimulationResults([{"scores": (s,), "winner": None} for s in scores], 1)
    assert results.mean_score() == (m, lo, hi)
    assert "[-" not in repr(results)


def _comparison(scores: list[list[float]]) -> Comparison:
    return Comparison([f"choice {k}" for k in range(len(scores))], 0, scores,
                         [[s > 0 for s in sc] for sc in scores])


def test_compare_says_whether_its_games_tell_the_choices_apart() -> None:
    base = [float(10 * (i % 7)) for i in range(60)]
    apart = _comparison([base, [s + 3.0 for s in base]])
    d, lo, hi = apart.difference(1, 0)
    assert d == 3.0 and lo == hi == 3.0                    # paired: the same 3 every game
    assert apart.verdict() == [
        "choice 1 scores more than choice 0: +3.00 [+3.00, +3.00] a game (paired, 95%)"]
    noisy = _comparison([base, [s + (3.0 if i % 2 else -2.0) for i, s in enumerate(base)]])
    (line,) = noisy.verdict()
    assert line.startswith("60 games cannot tell choice 1 from choice 0: the difference "
                           "+0.50 [") and line.endswith("includes 0 (play more games)")
    for c in (apart, noisy):
        assert c.verdict()[0] in repr(c)
        assert c.verdict()[0] in c._repr_html_().replace("&#x27;", "'")
        assert c._repr_html_().count("<svg") == 1          # one chart


# ---------------------------------------------------------------------- compare
def _spacehole_choice() -> bg.Game:
    return bg.Spacehole.scenario(structures=["Solar Array"], hand=["Space Navy", "Colony"],
                                 phase="build", seed=2)


def test_compare_uses_common_random_numbers_and_leaves_the_game_alone() -> None:
    g = _spacehole_choice()
    before = g.to_json()
    c = bg.compare(g, ["build Space Navy", "build Colony", "pass"], agent=RandomAgent(),
                   games=12, seed=3)
    assert g.to_json() == before
    assert c.actions == ["build Space Navy", "build Colony", "pass"] and c.games == 12
    rows = c.table()
    assert all(r["score_ci"][0] <= r["mean_score"] <= r["score_ci"][1] for r in rows)
    # the same seed gives the same samples; the paired difference is their difference
    again = bg.compare(g, ["build Space Navy", "build Colony", "pass"], agent=RandomAgent(),
                       games=12, seed=3)
    assert again.scores == c.scores
    d, lo, hi = c.difference(0, 1)
    assert math.isclose(d, rows[0]["mean_score"] - rows[1]["mean_score"], abs_tol=1e-9)
    assert lo <= d <= hi
    assert c.best() in c.actions and "<svg" in c._repr_html_()


def test_compare_intervals_shrink_as_games_grow() -> None:
    g = bg.Spacehole.scenario(structures=["Solar Array", "Laser Turret", "Force Dome"],
                              defenders=["Space Navy", "Battle Station"],
                              hand=["Colony", "Agrodome"], phase="build", seed=6)
    alts = ["build Agrodome", "build Colony"]
    widths = []
    for n in (10, 90):
        c = bg.compare(g, alts, agent=RandomAgent(), games=n, seed=5)
        lo, hi = c.table()[0]["win_ci"]
        widths.append(hi - lo)
    assert widths[1] < widths[0] * 0.6


def test_compare_on_processes_equals_serial() -> None:
    g = _spacehole_choice()
    alts = ["build Space Navy", "build Colony"]
    a = bg.compare(g, alts, agent=RandomAgent(), games=10, seed=1)
    b = bg.compare(g, alts, agent=RandomAgent(), games=10, seed=1, executor=None, workers=2)
    assert a.scores == b.scores


def test_compare_refuses_bad_input_and_changes_nothing() -> None:
    g = _spacehole_choice()
    before = g.to_json()
    with pytest.raises(ValueError, match="not legal"):
        bg.compare(g, ["build Space Navy", "build Stargate"], games=2)
    with pytest.raises(ValueError, match="repeat"):
        bg.compare(g, ["pass", "pass"], games=2)
    with pytest.raises(ValueError, match="list of alternatives"):
        bg.compare(g, "pass", games=2)
    with pytest.raises(ValueError, match="no alternative"):
        bg.compare(g, ["pass"], games=2).difference("pass", "build Colony")
    over = bg.Spacehole(seed=1)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(ValueError, match="player is to move"):
        bg.compare(over, ["pass"], games=2)
    assert g.to_json() == before
