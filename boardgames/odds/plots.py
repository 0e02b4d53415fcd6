"""Charts of distributions with matplotlib, imported only when a chart is drawn (so
``import boardgames`` never loads it).

* :func:`plot_dist`: a bar chart of a ``Dist`` (``dist.plot()`` is the same);
* :func:`plot_sampled`: the exact distribution beside a sample's frequencies;
* :func:`plot_convergence`: the running mean (or frequency of an event) of more and more
  draws closing in on the exact value: the law of large numbers.

Each takes an optional matplotlib ``ax`` and returns the axes it drew on. Colours are
from the Okabe-Ito palette (safe for colour-blind readers); exact values are solid,
sampled ones hatched.

matplotlib is not a dependency of the package. Where it cannot be imported (a plain
``pip install space-boardgames``, a browser's Pyodide kernel), a chart asked for without
an ``ax`` is not drawn: :func:`no_chart` shows its numbers instead (the distribution's
table, the sample beside it, the running mean at a few sizes), under a note that names
the chart, and the function returns None.
"""

from __future__ import annotations

import html
import itertools
import math
import sys
from collections.abc import Callable
from typing import Any

from ..core.dist import Dist
from ..core.limits import quote
from .sampling import Sample, simulate_dist

__all__ = ["no_chart", "plot_convergence", "plot_dist", "plot_sampled"]

EXACT = "#0072B2"  # Okabe-Ito blue
SAMPLED = "#E69F00"  # Okabe-Ito orange
BAND = "#56B4E9"  # Okabe-Ito sky blue


NO_MATPLOTLIB = ("Chart not drawn: matplotlib is not installed here "
                 "(pip install matplotlib). Its numbers:")


def _pyplot() -> Any:
    """matplotlib.pyplot, or None where it cannot be imported."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def _axes(ax: Any, figsize: tuple[float, float] = (6.4, 3.6)) -> Any:
    """``ax``, or new axes; None if there is no matplotlib to make them with."""
    if ax is not None:
        return ax
    plt = _pyplot()
    if plt is None:
        return None
    _fig, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def no_chart(title: str, text: str) -> None:
    """Show ``text`` (a chart's numbers) in place of the chart ``title`` that could not
    be drawn: as a cell output in a notebook (HTML with a text alternative), printed
    elsewhere."""
    plain = f"[{title}] {NO_MATPLOTLIB}\n{text}"
    markup = (f'<div class="bg-nochart"><b>{html.escape(title)}</b>: '
              f"{html.escape(NO_MATPLOTLIB)}<pre>{html.escape(text)}</pre></div>")
    if _in_ipython():
        from IPython.display import display

        display({"text/plain": plain, "text/html": markup}, raw=True)
    else:
        print(plain)


def _in_ipython() -> bool:
    ipython = sys.modules.get("IPython")
    return ipython is not None and ipython.get_ipython() is not None


def _labels(keys: list[Any]) -> tuple[list[Any], list[str] | None]:
    """x positions (the numbers themselves when every outcome is a number) and labels."""
    if all(isinstance(k, (int, float)) and not isinstance(k, bool) for k in keys):
        return [float(k) for k in keys], None
    return list(range(len(keys))), [str(k) for k in keys]


def plot_dist(dist: Dist, ax: Any = None, *, title: str | None = None,
              color: str = EXACT, percent: bool = True, label: str | None = None) -> Any:
    """A bar chart of ``dist``: one bar per outcome, its height the exact probability (in
    % with ``percent``)."""
    if not isinstance(dist, Dist):
        raise ValueError(f"plot_dist() takes a Dist, not {quote(dist)}")
    ax = _axes(ax)
    if ax is None:
        return no_chart(title or label or "distribution", dist.table())
    keys = list(dist)
    xs, names = _labels(keys)
    scale = 100 if percent else 1
    ax.bar(xs, [float(dist[k]) * scale for k in keys], color=color, width=0.8, label=label)
    if names is not None:
        ax.set_xticks(xs, names, rotation=30 if max(map(len, names)) > 6 else 0,
                      ha="right" if max(map(len, names)) > 6 else "center")
    ax.set_ylabel("probability (%)" if percent else "probability")
    ax.set_xlabel("outcome")
    if title:
        ax.set_title(title)
    return ax


def plot_sampled(sample: Sample | Dist, n: int | None = None, seed: int = 0, ax: Any = None,
                 *, title: str | None = None) -> Any:
    """The exact probabilities (solid) beside the frequencies of a sample (hatched): a
    :class:`Sample`, or a ``Dist`` with ``n`` draws from ``seed``."""
    if isinstance(sample, Dist):
        if n is None:
            raise ValueError("give n, the number of draws, to sample a Dist")
        sample = simulate_dist(sample, n, seed)
    if not isinstance(sample, Sample):
        raise ValueError(f"plot_sampled() takes a Sample or a Dist, not {quote(sample)}")
    ax = _axes(ax)
    if ax is None:
        return no_chart(title or "exact vs sampled", sample.table())
    rows = sample.rows()
    keys = [r[0] for r in rows]
    xs, names = _labels(keys)
    width = 0.4 if names is not None else 0.4 * _min_gap(xs)
    ax.bar([x - width / 2 for x in xs], [float(r[1]) * 100 for r in rows], width=width,
           color=EXACT, label="exact")
    ax.bar([x + width / 2 for x in xs], [float(r[3]) * 100 for r in rows], width=width,
           color=SAMPLED, hatch="//", edgecolor="black", linewidth=0.3,
           label=f"{sample.n} draws")
    if names is not None:
        ax.set_xticks(xs, names)
    top = max(max(float(r[1]), float(r[3])) for r in rows) * 100
    ax.set_ylim(0, top * 1.3)  # room for the legend above the bars
    ax.set_ylabel("probability (%)")
    ax.set_xlabel("outcome")
    ax.legend(loc="upper right", ncols=2)
    ax.set_title(title or f"exact vs sampled (largest gap {sample.max_error() * 100:.2f} "
                          "points)")
    return ax


def _min_gap(xs: list[float]) -> float:
    gaps = [b - a for a, b in itertools.pairwise(xs) if b > a]
    return min(gaps) if gaps else 1.0


def plot_convergence(dist: Dist | Sample, n: int = 1000, seed: int = 0, ax: Any = None, *,
                     event: Callable[[Any], bool] | Any = None, log_x: bool = True,
                     title: str | None = None) -> Any:
    """The law of large numbers: the running mean of ``n`` draws (or, with ``event``, the
    running frequency of the event: a predicate or one outcome) against the number of
    draws, the exact value as a line and a band of two standard errors around it
    (``2 sigma / sqrt(k)`` after ``k`` draws)."""
    sample = dist if isinstance(dist, Sample) else simulate_dist(dist, n, seed)
    if not isinstance(sample, Sample):  # pragma: no cover - simulate_dist checks
        raise ValueError(f"plot_convergence() takes a Dist or a Sample, not {quote(dist)}")
    exact = sample.exact
    if event is None:
        curve = sample.running_mean()
        target = float(exact.mean())
        sigma = exact.stdev()
        what = "mean of the draws"
    else:
        test = event if callable(event) else (lambda x: x == event)
        curve = sample.running_frequency(test)
        p = float(exact.probability(test))
        target = p
        sigma = math.sqrt(p * (1 - p))
        what = "frequency of the event"
    ax = _axes(ax)
    if ax is None:
        return no_chart(title or f"{what} after k draws (seed {sample.seed})",
                        _convergence_table(curve, target, sigma, what))
    ks = list(range(1, len(curve) + 1))
    ax.fill_between(ks, [target - 2 * sigma / math.sqrt(k) for k in ks],
                    [target + 2 * sigma / math.sqrt(k) for k in ks], color=BAND, alpha=0.3,
                    label="exact ± 2 standard errors")
    ax.axhline(target, color=EXACT, linewidth=1.5, label=f"exact: {target:.4g}")
    ax.plot(ks, curve, color=SAMPLED, linewidth=1.2, label=what)
    if log_x:
        ax.set_xscale("log")
    ax.set_xlabel("number of draws")
    ax.set_ylabel(what)
    lo, hi = min(curve), max(curve)
    pad = 0.1 * (hi - lo or 1)
    ax.set_ylim(min(lo, target) - pad, max(hi, target) + pad)
    ax.legend(loc="best")
    ax.set_title(title or f"{what} after k draws (seed {sample.seed})")
    return ax


def _convergence_table(curve: list[float], target: float, sigma: float, what: str) -> str:
    """The running value after 1, 10, 100, ... and all the draws, beside the exact value
    and two standard errors: :func:`plot_convergence`'s numbers."""
    sizes = sorted({10 ** e for e in range(len(str(len(curve))))
                    if 10 ** e <= len(curve)} | {len(curve)})
    lines = [f"{'draws':>9}  {what:>22}  {'exact ± 2 standard errors':>26}"]
    for k in sizes:
        band = f"{target:.4g} ± {2 * sigma / math.sqrt(k):.4g}"
        lines.append(f"{k:>9}  {curve[k - 1]:>22.4g}  {band:>26}")
    return "\n".join(lines)
