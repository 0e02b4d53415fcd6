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
