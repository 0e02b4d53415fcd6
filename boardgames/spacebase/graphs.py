"""The two adjacency graphs of a board as networkx graphs (RULINGS.md Space Base 5).

``physical``: the occupied cells, an edge between orthogonally adjacent sites.
``logistic``: those edges (``kind="grid"``) plus an edge between two sites next to the
same functional Transport Hub (``kind="hub"``, ``hubs=`` the hub cells). Nodes carry
the site's name, kind, role, owner, damage, functional, ores and shielded.

They are built on first use, then updated incrementally: each change of a board marks
its cells dirty (``Board._touch``), and reading a graph refreshes only the dirty nodes
and their edges. A copy of a board shares the graphs and hands their ownership to the
copy (a game's step never copies a graph); an older board whose graphs have since
changed rebuilds its own if asked. The graphs are frozen (read-only) live views of their
board: ``G.copy()`` keeps a snapshot.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Final

from ..core.compiled import mypyc_attr
from . import data
from .cells import Cell
from .data import INSTALLATIONS
from .functional import ROLE, is_working_hub

if TYPE_CHECKING:
    from .board import Board

__all__ = ["Graphs", "graphs_of"]

_versions = itertools.count(1)
_KIND: Final = {c.name: c.kind for c in data.CARD_LIST}


@mypyc_attr(serializable=True)  # (pickled with the game, compiled by mypyc)
class Graphs:
    """The physical and logistic graphs of a board, and the version they show."""

    __slots__ = ("logistic", "physical", "version")

    def __init__(self, physical: Any, logistic: Any) -> None:
        self.physical = physical
        self.logistic = logistic
        self.version = next(_versions)


def graphs_of(b: Board) -> Graphs:
    """``b``'s graphs, brought up to date (built when ``b`` has none of its own)."""
    gr = b._gr
    if gr is None or gr.version != b._gver or (b._dirty and not b._gown):
        return _build(b)
    if b._dirty:
        _sync(b, gr)
    return gr


def _build(b: Board) -> Graphs:
    import networkx as nx

    gr = Graphs(nx.Graph(), nx.Graph())
    nx.freeze(gr.physical)
    nx.freeze(gr.logistic)
    b._gr, b._gown, b._dirty = gr, True, set(b._name)
    _sync(b, gr)
    return gr


def _sync(b: Board, gr: Graphs) -> None:
    """Refresh the dirty cells' nodes and incident edges (networkx's class methods are
    called directly: the instances are frozen against users' changes)."""
    cover = b.shield_cover()
    for c in b._dirty or ():
        if c in b._name:
            _sync_node(b, gr, c, cover)
            _sync_edges(gr.physical, c, {n: {} for n in b._nb[c] if n in b._name})
            _sync_edges(gr.logistic, c, _logistic_edges(b, c))
        elif c in gr.physical:
            _remove_node(gr, c)
    b._dirty = set()
    gr.version = next(_versions)
    b._gver = gr.version


def _remove_node(gr: Graphs, c: Cell) -> None:
    import networkx as nx

    nx.Graph.remove_node(gr.physical, c)
    nx.Graph.remove_node(gr.logistic, c)


def node_attributes(b: Board, c: Cell, cover: frozenset[Cell]) -> dict[str, Any]:
    name = b._name[c]
    return {"name": name, "kind": _KIND[name], "role": ROLE[name], "owner": b._owner[c],
            "damage": b._dmg.get(c, 0), "functional": c in b._func,
            "ores": tuple(sorted(b._ores.get(c, ()))),
            "shielded": c in cover and ROLE[name] in INSTALLATIONS}


def _sync_node(b: Board, gr: Graphs, c: Cell, cover: frozenset[Cell]) -> None:
    import networkx as nx

    attrs = node_attributes(b, c, cover)
    for g in (gr.physical, gr.logistic):
        if c in g:
            g.nodes[c].update(attrs)
        else:
            nx.Graph.add_node(g, c, **attrs)


def _logistic_edges(b: Board, c: Cell) -> dict[Cell, dict[str, Any]]:
    """The logistic edges of ``c`` with their attributes: the grid's, then those of the
    functional Transport Hubs next to it."""
    want: dict[Cell, dict[str, Any]] = {n: {"kind": "grid"} for n in b._nb[c]
                                         if n in b._name}
    hubs: dict[Cell, list[Cell]] = {}
    for h in b._nb[c]:
        if is_working_hub(b, h):
            for m in b._nb[h]:
                if m != c and m in b._name:
                    hubs.setdefault(m, []).append(h)
    for m, hs in hubs.items():
        want[m] = {"kind": "hub", "hubs": tuple(sorted(hs))}
    return want


def _sync_edges(g: Any, c: Cell, want: dict[Cell, dict[str, Any]]) -> None:
    """Make ``c``'s edges in ``g`` exactly ``want`` (neighbour -> edge attributes)."""
    import networkx as nx

    for n in list(g.adj[c]):
        if n not in want:
            nx.Graph.remove_edge(g, c, n)
    for n, attrs in want.items():
        if g.has_edge(c, n):
            e = g.adj[c][n]
            e.clear()
            e.update(attrs)
        else:
            nx.Graph.add_edge(g, c, n, **attrs)
