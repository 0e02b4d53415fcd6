"""Charts (matplotlib, Agg backend) draw what they say; ``import boardgames`` and
``import boardgames.odds`` import neither matplotlib nor any game; the games' odds
functions are re-exported as the very same objects."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction as F

import pytest

import boardgames as bg
from boardgames.odds import (
    d6,
    dice,
    plot_convergence,
    plot_dist,
    plot_sampled,
    simulate_dist,
    spacehole_battle_odds,
)
from boardgames.odds.games import GAME_FUNCTIONS, GAME_MODULES

mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")
plt = pytest.importorskip("matplotlib.pyplot")


@pytest.fixture(autouse=True)
def _close_figures():  # type: ignore[no-untyped-def]
    yield
    plt.close("all")


def test_bar_chart_heights_are_the_probabilities() -> None:
    d = dice(2, 6)
    ax = plot_dist(d, title="2D6")
    bars = ax.patches
    assert [b.get_x() + b.get_width() / 2 for b in bars] == pytest.approx(list(range(2, 13)))
    assert [b.get_height() for b in bars] == pytest.approx([float(p) * 100 for p in d.values()])
    assert ax.get_title() == "2D6" and ax.get_ylabel() == "probability (%)"
    assert d.plot(percent=False).patches[5].get_height() == pytest.approx(1 / 6)


def test_bar_chart_of_named_outcomes_labels_them() -> None:
    ax = plot_dist(spacehole_battle_odds(3, [2]))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["loss", "win"]
    assert sum(b.get_height() for b in ax.patches) == pytest.approx(100)


def test_exact_beside_sampled() -> None:
    s = simulate_dist(d6, 600, seed=1)
    ax = plot_sampled(s)
    heights = [b.get_height() for b in ax.patches]
    assert heights[:6] == pytest.approx([100 / 6] * 6)
    assert heights[6:] == pytest.approx([float(s.frequency(k)) * 100 for k in range(1, 7)])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["exact", "600 draws"]
    ax2 = plot_sampled(d6, 600, seed=1)
    assert [b.get_height() for b in ax2.patches] == pytest.approx(heights)
    with pytest.raises(ValueError, match="give n"):
        plot_sampled(d6)


def test_convergence_curve_is_the_running_mean() -> None:
    ax = plot_convergence(dice(2, 6), 300, seed=4)
    line = next(ln for ln in ax.get_lines() if len(ln.get_xdata()) == 300)
    s = simulate_dist(dice(2, 6), 300, seed=4)
    assert list(line.get_ydata()) == pytest.approx(s.running_mean())
    assert any(list(ln.get_ydata()) == [7.0, 7.0] for ln in ax.get_lines())  # exact line
    ax = plot_convergence(dice(2, 6), 300, seed=4, event=7)
    line = next(ln for ln in ax.get_lines() if len(ln.get_xdata()) == 300)
    assert list(line.get_ydata()) == pytest.approx(s.running_frequency(7))


def test_charts_refuse_what_is_not_a_distribution() -> None:
    with pytest.raises(ValueError, match="takes a Dist"):
        plot_dist({1: F(1)})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="takes a Sample or a Dist"):
        plot_sampled([1, 2, 3])  # type: ignore[arg-type]


def test_imports_stay_light() -> None:
    code = (
        "import sys, json, boardgames, boardgames.odds as o\n"
        "x = o.dice(2, 6).at_least(10)\n"
        "heavy = [m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'networkx',"
        " 'boardgames.spacehole.odds', 'boardgames.blast', 'boardgames.spacebase',"
        " 'boardgames.intergalactic') if m in sys.modules]\n"
        "y = o.fight_odds\n"
        "print(json.dumps([heavy, 'boardgames.blast.odds' in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    heavy, blast_loaded_on_use = json.loads(out)
    assert heavy == [] and blast_loaded_on_use


def test_game_functions_are_re_exported_as_the_same_objects() -> None:
    import importlib

    for name, (game, fn) in GAME_FUNCTIONS.items():
        assert getattr(bg.odds, name) is getattr(
            importlib.import_module(f"boardgames.{game}.odds"), fn)
    for game in GAME_MODULES:
        assert getattr(bg.odds, game) is importlib.import_module(f"boardgames.{game}.odds")
    assert set(GAME_FUNCTIONS) | set(GAME_MODULES) <= set(dir(bg.odds))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        bg.odds.nope  # noqa: B018


NO_MATPLOTLIB = """\
import importlib.abc, sys
class _Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "matplotlib":
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, _Blocked())
from boardgames.odds import d6, dice, plot_convergence, plot_dist, plot_sampled, simulate_dist
from boardgames.simulation import Comparison
print("RETURNED", plot_dist(dice(2, 6), title="2D6"), d6.plot())
print("RETURNED", plot_sampled(simulate_dist(d6, 60, seed=1)))
print("RETURNED", plot_convergence(d6, 1000, seed=2, title="law of large numbers"))
c = Comparison(["a", "b"], 0, [[1.0, 2.0, 3.0], [2.0, 3.0, 5.0]], [[False] * 3, [True] * 3])
print("RETURNED", c.plot())
"""


def test_without_matplotlib_a_chart_shows_its_numbers() -> None:
    """No matplotlib (a plain install, the in-browser site): each chart is replaced by a
    note naming it and its numbers, instead of an ImportError."""
    r = subprocess.run([sys.executable, "-c", NO_MATPLOTLIB], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    notes = [ln.split("]")[0] + "]" for ln in out.splitlines() if "Chart not drawn" in ln]
    assert notes == ["[2D6]", "[distribution]", "[exact vs sampled]",
                     "[law of large numbers]", "[mean score of player 0]"]
    assert out.count("RETURNED None") == 4
    assert str(dice(2, 6).table()) in out and str(d6.table()) in out
    assert str(simulate_dist(d6, 60, seed=1).table()) in out
    # the running mean after 1, 10, 100 and 1000 draws, beside 3.5 and its band
    s = simulate_dist(d6, 1000, seed=2).running_mean()
    for k in (1, 10, 100, 1000):
        assert any(ln.split()[:2] == [str(k), f"{s[k - 1]:.4g}"] for ln in out.splitlines())
    assert "3.5 ± 0.108" in out                       # 2 sigma / sqrt(1000), sigma = 1.708
    assert "a: mean score 2.00" in out and "b: mean score 3.33" in out
