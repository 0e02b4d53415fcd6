"""Charts on the JupyterLite site, where matplotlib cannot be installed.

``import boardgames_site.charts`` does nothing where matplotlib can be imported. Where it
cannot (Pyodide here: matplotlib is a compiled package that neither PyPI nor npm has for
Pyodide), it registers stand-in ``matplotlib`` and ``matplotlib.pyplot`` modules whose
figures and axes accept every call and draw nothing. At ``plt.show()``, or at the end of
the cell, each chart the cell made is replaced by a note naming it (its title); a chart of
a distribution (``plot_dist``, ``Dist.plot``) also shows the distribution's table.
networkx's drawing functions (which need matplotlib and numpy) draw nothing either.

So a lesson runs to the end and prints every number; only the pictures are missing, and
each missing picture says so where it would have been.
"""

from __future__ import annotations

import functools
import html
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

ACTIVE = False
"""True once the stand-in is installed (matplotlib could not be imported)."""

NOTE = ("Chart not drawn: matplotlib is not available on this in-browser site "
        "(see README.md). Run the notebook in JupyterLab to see it.")


class Anything:
    """Accepts any attribute, call, index or ``with``; draws nothing."""

    def __getattr__(self, name: str) -> Anything:
        if name.startswith("_"):  # IPython's _repr_*_ probes, copy's __deepcopy__...
            raise AttributeError(name)
        return Anything()

    def __call__(self, *args: Any, **kwargs: Any) -> Anything:
        return Anything()

    def __getitem__(self, key: Any) -> Anything:
        return Anything()

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __enter__(self) -> Anything:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __repr__(self) -> str:
        return "<chart not drawn>"


class Axes(Anything):
    """One chart: remembers its title and any table shown in its place."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure
        self.title = ""
        self.tables: list[str] = []

    def set_title(self, title: Any = "", *args: Any, **kwargs: Any) -> Anything:
        self.title = str(title)
        return Anything()

    def get_title(self, *args: Any) -> str:
        return self.title

    def set(self, **kwargs: Any) -> Anything:
        if "title" in kwargs:
            self.title = str(kwargs["title"])
        return Anything()


class AxesArray(list):
    """What ``subplots`` returns for several axes (numpy's array, for indexing and .flat)."""

    @property
    def flat(self) -> Iterator[Axes]:
        for item in self:
            yield from (item.flat if isinstance(item, AxesArray) else (item,))

    def ravel(self) -> list[Axes]:
        return list(self.flat)

    flatten = ravel


class Figure(Anything):
    def __init__(self) -> None:
        self.axes: list[Axes] = []
        self.title = ""
        PENDING.append(self)

    def add_subplot(self, *args: Any, **kwargs: Any) -> Axes:
        ax = Axes(self)
        self.axes.append(ax)
        return ax

    add_axes = add_subplot

    def gca(self) -> Axes:
        return self.axes[-1] if self.axes else self.add_subplot()

    def suptitle(self, title: Any, *args: Any, **kwargs: Any) -> Anything:
        self.title = str(title)
        return Anything()


PENDING: list[Figure] = []


# ----------------------------------------------------------------------- pyplot
def subplots(nrows: int = 1, ncols: int = 1, **kwargs: Any) -> tuple[Figure, Any]:
    fig = Figure()
    grid = AxesArray(AxesArray(fig.add_subplot() for _ in range(ncols)) for _ in range(nrows))
    if nrows == 1 and ncols == 1:
        return fig, grid[0][0]
    if nrows == 1 or ncols == 1:
        return fig, AxesArray(grid.flat)
    return fig, grid


def figure(*args: Any, **kwargs: Any) -> Figure:
    return Figure()


def gcf() -> Figure:
    return PENDING[-1] if PENDING else Figure()


def gca() -> Axes:
    return gcf().gca()


def title(label: Any, *args: Any, **kwargs: Any) -> Anything:
    return gca().set_title(label)


def show(*args: Any, **kwargs: Any) -> None:
    flush()


def close(*args: Any) -> None:
    PENDING.clear()


def _pyplot_getattr(name: str) -> Any:
    if name.startswith("_"):
        raise AttributeError(name)

    def draw(*args: Any, **kwargs: Any) -> Anything:
        gca()  # plt.bar(...) and the like draw on the current axes: a chart is made
        return Anything()

    return draw


def _matplotlib_getattr(name: str) -> Any:
    if name.startswith("_"):  # __file__, __spec__...: what tools look up on a module
        raise AttributeError(name)
    return Anything()


def _module(name: str, attrs: dict[str, Any], getattr_: Callable[[str], Any]) -> Any:
    mod = types.ModuleType(name, f"stand-in for {name} (boardgames_site.charts)")
    mod.__dict__.update(attrs)
    mod.__getattr__ = getattr_  # type: ignore[method-assign]
    return mod


# ----------------------------------------------------------------------- notes
def _label(fig: Figure) -> str:
    names = [ax.title for ax in fig.axes if ax.title] or ([fig.title] if fig.title else [])
    return "; ".join(names) or "untitled chart"


def flush(*args: Any) -> None:
    """Show a note for every chart made since the last note, in the current output."""
    figures = [f for f in PENDING if f.axes]
    PENDING.clear()
    if not figures:
        return
    for fig in figures:
        tables = [t for ax in fig.axes for t in ax.tables]
        text = "\n".join([f"[{_label(fig)}] {NOTE}", *tables])
        pre = "".join(f"<pre>{html.escape(t)}</pre>" for t in tables)
        markup = (f'<div class="bg-site-nochart" style="border:1px dashed #999;'
                  f'padding:6px;margin:4px 0"><b>{html.escape(_label(fig))}</b><br>'
                  f"{html.escape(NOTE)}{pre}</div>")
        _show(text, markup)


def _show(text: str, markup: str) -> None:
    """The note in the cell's output (HTML, with a text alternative), or printed
    outside a kernel."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - a kernel has IPython
        get_ipython = None
    if get_ipython is None or get_ipython() is None:
        print(text)
        return
    display({"text/plain": text, "text/html": markup}, raw=True)


def _with_table(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``plot_dist``: the chart's note shows the distribution's table."""

    @functools.wraps(fn)
    def plot(dist: Any, *args: Any, **kwargs: Any) -> Any:
        ax = fn(dist, *args, **kwargs)
        if isinstance(ax, Axes) and callable(getattr(dist, "table", None)):
            ax.tables.append(str(dist.table()))
        return ax

    return plot


def _no_drawing(name: str) -> Callable[..., Anything]:
    def draw(*args: Any, **kwargs: Any) -> Anything:
        ax = kwargs.get("ax")
        if not isinstance(ax, Axes):
            gca()
        return Anything()

    draw.__name__ = name
    return draw


def _patch_libraries() -> None:
    import boardgames.odds as odds
    from boardgames.odds import plots

    wrapped = _with_table(plots.plot_dist)
    plots.plot_dist = wrapped
    odds.plot_dist = wrapped
    try:
        import networkx as nx
        from networkx.drawing import nx_pylab
    except ImportError:  # pragma: no cover - networkx comes with the package
        return
    for name in dir(nx_pylab):
        if name.startswith("draw") and callable(getattr(nx_pylab, name)):
            setattr(nx_pylab, name, _no_drawing(name))
            if hasattr(nx, name):
                setattr(nx, name, _no_drawing(name))


def install() -> bool:
    """Register the stand-in if matplotlib cannot be imported; True if it was."""
    global ACTIVE
    if ACTIVE:
        return True
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        pass
    else:
        return False
    this = sys.modules[__name__]
    names = ("subplots", "figure", "gcf", "gca", "title", "show", "close")
    pyplot = _module("matplotlib.pyplot", {n: getattr(this, n) for n in names},
                     _pyplot_getattr)
    mpl = _module("matplotlib", {"pyplot": pyplot, "__version__": "0+stand-in",
                                 "rcParams": {}, "use": lambda *a, **k: None},
                  _matplotlib_getattr)
    mpl.__path__ = []  # a package, so that "import matplotlib.pyplot" finds the entry
    sys.modules["matplotlib"] = mpl
    sys.modules["matplotlib.pyplot"] = pyplot
    _patch_libraries()
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - a kernel has IPython
        ip = None
    else:
        ip = get_ipython()
    if ip is not None:
        ip.events.register("post_run_cell", flush)
    ACTIVE = True
    print("No matplotlib on this site: each chart below is replaced by a note "
          "(the numbers are printed as usual).")
    return True


install()
