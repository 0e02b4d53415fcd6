"""The Space Base map: sites on a 10 x 10 grid, which of them are functional, and the two
adjacency graphs (``physical`` and ``logistic``) as networkx graphs.

>>> b = Board()
>>> b.place("Outpost", (0, 0), 0)
>>> b.place("Metal", (1, 0), 0)
>>> b.place("Extractor", (0, 1), 0)
>>> sorted(b.functional()), b.income(0)
([(0, 0)], 1)

The Extractor at (0, 1) is powered by the Outpost but has no resource neighbour (the
Metal is at (1, 0), diagonal to it), so it is defunct; ``b.explain((0, 1))`` says so.

**Functionality** is the least fixed point of RULINGS.md, Space Base 6: start with no
functional site and add every undamaged installation whose requirements are met by
functional neighbours (of any owner), until nothing changes. Power and shielding use
physical adjacency (the 4-neighbour grid); every other requirement uses logistic
adjacency: physical adjacency plus, for every *functional* Transport Hub, the sites next
to it are adjacent to each other (ruling 5). Extractors (Outposts too) carry the ore
types of their resource neighbours; Refineries the ore types of their functional
extractor neighbours.

**Incremental upkeep.** The authoritative data are three plain dicts (name, control
marker, damage per cell); the functional set and the ores carried are kept up to date
incrementally: a placement, a repair or any other change that can only add support
grows the fixed point from the old one with a work list seeded by the changed cell (and
its neighbours when it is a resource or a Volcano: an installation supports nothing
until it is functional, and then the work list takes its neighbours; every requirement
is "some functional neighbour ...", so the old fixed point is below the new one); a
removal, a move, a swap or damage first takes out every functional site that could have
depended on the change (the functional sites reachable from it through logistic
adjacency, following only the links where a site can support the next: ``_closure``)
and grows them back from what is left ("delete and re-derive"). Nothing else is
recomputed.

**The graphs** are networkx graphs whose nodes are the occupied cells ``(x, y)`` with
attributes (name, kind, role, owner, damage, functional, ores, shielded); ``physical``
has an edge between orthogonally adjacent sites, ``logistic`` has those edges
(``kind="grid"``) plus an edge between two sites next to the same functional Transport
Hub (``kind="hub"``, ``hubs=`` the hub cells). They are built on first use, then updated
incrementally: each change marks its cells dirty, and reading a graph refreshes only the
dirty nodes and their edges. A copy of a board (every game step makes one) shares the
graphs and hands their ownership to the copy, so playing on never copies a graph; an
older board whose graphs have since been changed rebuilds them if asked. The graphs are
frozen (read-only) live views of their board: copy one (``G.copy()``) to keep a snapshot.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from itertools import compress
from typing import Any, NamedTuple

from ..core.errors import GameError
from . import data
from .data import EXTRACTORS, INSTALLATIONS, ORE_OF, POWER_SOURCES, RESOURCES

__all__ = ["REQUIRES", "Board", "BoardError", "Cell", "Site", "cell_text", "parse_cell"]

Cell = tuple[int, int]

# Requirements per role (RULINGS.md Space Base 6 and the card list):
#   ("power",)            physically next to a functional power source
#   ("resource",)         logistically next to a resource site
#   ("volcano",)          next to a Volcano (adjacency: Rules.volcano_adjacency)
#   ("extractor", ore)    logistically next to a functional extractor carrying ``ore``
#                         (None: any ore)
#   ("refinery", ore)     logistically next to a functional refinery carrying ``ore``
#   ("site", roles)       logistically next to a functional site of one of ``roles``
REQUIRES: dict[str, tuple[tuple[Any, ...], ...]] = {
    "outpost": (),
    "solar": (),
    "geothermal": (("volcano",),),
    "extractor": (("power",), ("resource",)),
    "refinery": (("power",), ("extractor", None)),
    "reactor": (("refinery", "Radioactives"),),
    "dome": (("power",), ("extractor", "Ice + Organics")),
    "factory": (("refinery", "Metals"),),
    "hub": (("power",),),
    "shield": (("power",),),
    "research": (("power",),),
    "colony": (("power",), ("site", ("dome",))),
    "hightech": (("power",), ("site", ("colony",)), ("site", ("factory",))),
    "biomed": (("power",), ("site", ("colony",)), ("site", ("research",))),
    "spaceport": (("power",), ("site", ("colony",)), ("site", ("hightech", "biomed"))),
}
CARRIERS = frozenset({"outpost", "extractor", "refinery"})


def _supports(role: str) -> frozenset[str]:
    """The roles whose requirements a functional site of ``role`` can help meet (the
    roles that may lose support when it stops being functional). A Transport Hub's
    links are logistic adjacency: every role."""
    if role == "hub":
        return frozenset(REQUIRES)
    out = set()
    for other, reqs in REQUIRES.items():
        for r in reqs:
            if ((r[0] == "power" and role in POWER_SOURCES)
                    or (r[0] == "extractor" and role in EXTRACTORS)
                    or (r[0] == "refinery" and role == "refinery")
                    or (r[0] == "site" and role in r[1])):
                out.add(other)
    return frozenset(out)


_SUPPORTS: dict[str, frozenset[str]] = {r: _supports(r) for r in set(data.ROLE.values())}
_POWER = REQUIRES["hub"][0]  # the ("power",) requirement object every role shares
assert all(r is _POWER for reqs in REQUIRES.values() for r in reqs if r == ("power",))

_R: dict[str, str] = dict(data.ROLE)
_INCOME: dict[str, int] = {c.name: c.income or 0 for c in data.CARD_LIST}
_KIND: dict[str, str] = {c.name: c.kind for c in data.CARD_LIST}
_NBS: dict[int, dict[Cell, tuple[Cell, ...]]] = {}
_EMPTY: frozenset[str] = frozenset()
_versions = itertools.count(1)
_CELLS: dict[int, tuple[Cell, ...]] = {}


def _cells(size: int) -> tuple[Cell, ...]:
    """The canonical cell tuples of a map, indexed by ``x * size + y``."""
    out = _CELLS.get(size)
    if out is None:
        out = _CELLS[size] = tuple(sorted(_neighbours(size)))
    return out


def _neighbours(size: int) -> dict[Cell, tuple[Cell, ...]]:
    nb = _NBS.get(size)
    if nb is None:
        # One tuple object per cell, keys and neighbours alike: a dict finds a key that
        # is the very object stored without comparing tuples.
        cell = {(x, y): (x, y) for x in range(size) for y in range(size)}
        nb = {}
        for (x, y), c in cell.items():
            nb[c] = tuple(cell[(a, b)]
                          for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                          if 0 <= a < size and 0 <= b < size)
        _NBS[size] = nb
    return nb


Kit = tuple[dict[Cell, int], dict[Cell, int], tuple[Cell, ...], str, int, int, int, int]
_KITS: dict[int, Kit] = {}
_BITS01 = bytes.maketrans(b"01", b"\x00\x01")  # a mask's binary digits -> selectors


def _kit(size: int) -> Kit:
    """Cell sets as int bit masks: ``(bit, nbmask, cells, fmt, all, not_last, not_first,
    size)``. The cell of index ``i`` (``x * size + y``, the order of ``cells``) is bit
    ``size * size - 1 - i``, so the binary digits of a mask (``format(mask, fmt)``)
    follow the cell order: ``compress`` picks a mask's cells, in order, in C
    (:func:`cells_of`). ``not_last`` / ``not_first``: the cells with ``y < size - 1`` /
    ``y > 0`` (:func:`near`)."""
    kit = _KITS.get(size)
    if kit is None:
        cells = _cells(size)
        n = len(cells)
        bit = {c: 1 << (n - 1 - i) for i, c in enumerate(cells)}
        nbm = {c: sum(bit[m] for m in ns) for c, ns in _neighbours(size).items()}
        kit = _KITS[size] = (bit, nbm, cells, f"0{n}b", (1 << n) - 1,
                             sum(bit[c] for c in cells if c[1] < size - 1),
                             sum(bit[c] for c in cells if c[1] > 0), size)
    return kit


def near(mask: int, kit: Kit) -> int:
    """The cells orthogonally adjacent to a cell of ``mask`` (shifts: y + 1, y - 1,
    x + 1, x - 1)."""
    return (((mask & kit[5]) >> 1) | ((mask & kit[6]) << 1) | (mask >> kit[7])
            | (mask << kit[7])) & kit[4]


def cells_of(mask: int, items: tuple[Any, ...], fmt: str) -> Iterator[Any]:
    """The ``items`` (one per cell, in cell order) of the cells in ``mask``, in order."""
    return compress(items, format(mask, fmt).encode().translate(_BITS01))


NAMES, DAMAGE, FIXED = 1, 2, 4  # the parts of a board a step changes (Board._next)


class BoardError(GameError):
    """A board operation refused (off-map cell, occupied cell, unknown card ...): a
    ``ValueError`` quoting the input. The board is unchanged."""


class Site(NamedTuple):
    """What is on a cell: the card's printed name, the controlling player, its damage."""

    name: str
    owner: int
    damage: int


def cell_text(c: Cell) -> str:
    """``(3,4)``: the notation of a cell."""
    return f"({c[0]},{c[1]})"


def parse_cell(x: Any, size: int = 10) -> Cell:
    """A cell from ``(x, y)``, ``[x, y]`` or ``"(x,y)"``; ``BoardError`` quoting the input
    when it is not a cell of the ``size`` x ``size`` map."""
    v = x
    if isinstance(v, str):
        t = "".join(v.split())
        if t.startswith("(") and t.endswith(")"):
            parts = t[1:-1].split(",")
            if len(parts) == 2 and all(p.isdigit() and len(p) <= 3 for p in parts):
                v = (int(parts[0]), int(parts[1]))
    if (
        isinstance(v, tuple | list) and len(v) == 2
        and all(isinstance(i, int) and not isinstance(i, bool) for i in v)
        and 0 <= v[0] < size and 0 <= v[1] < size
    ):
        return _cells(size)[v[0] * size + v[1]]  # the map's own tuple for that cell
    raise BoardError(f"{x!r} is not a cell of the {size} x {size} map "
                     f"(cells are (x, y) with 0 <= x, y <= {size - 1})")


class _Graphs:
    __slots__ = ("logistic", "physical", "version")

    def __init__(self, physical: Any, logistic: Any) -> None:
        self.physical = physical
        self.logistic = logistic
        self.version = next(_versions)


class Board:
    """Sites on the map, their functionality and their adjacency graphs.

    ``Board(sites={(x, y): (name, owner)}, damage={(x, y): n})`` (both optional) makes a
    board; ``place``, ``remove``, ``move``, ``swap``, ``damage``, ``repair`` and
    ``set_owner`` change it (each raises ``BoardError`` and changes nothing when refused).
    A game's board (``game.board``) is read-only: ``copy()`` it to experiment.
    """

    __slots__ = ("_dirty", "_dmg", "_front", "_func", "_gown", "_gr", "_gver", "_inc", "_kit",
                 "_name", "_nb", "_occ", "_om", "_ores", "_owner", "_readonly", "_share", "size",
                 "volcano_adjacency")

    def __init__(
        self,
        sites: dict[Any, tuple[str, int]] | None = None,
        damage: dict[Any, int] | None = None,
        *,
        size: int = 10,
        volcano_adjacency: str = "logistic",
    ) -> None:
        if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 100:
            raise BoardError(f"size must be an int in 1..100, not {size!r}")
        if volcano_adjacency not in ("logistic", "physical"):
            raise BoardError(f"volcano_adjacency must be 'logistic' or 'physical', "
                             f"not {volcano_adjacency!r}")
        self.size = size
        self.volcano_adjacency = volcano_adjacency
        self._nb = _neighbours(size)
        self._kit = _kit(size)
        self._occ = 0  # the occupied cells, a mask (``_kit``)
        self._name: dict[Cell, str] = {}
        self._owner: dict[Cell, int] = {}
        self._dmg: dict[Cell, int] = {}
        self._func: set[Cell] = set()
        self._ores: dict[Cell, frozenset[str]] = {}
        self._inc: dict[int, int] = {}  # income per owner, kept with the fixed point
        self._share = 0  # FIXED: _func and _ores are shared with another board (_next)
        self._readonly = False
        self._front: dict[int, int] = {}  # frontier masks known so far (``_fmask``)
        self._om: dict[int, int] = {}  # masks of the sites of owners known so far
        self._gr: _Graphs | None = None
        self._gver = 0
        self._gown = False
        self._dirty: set[Cell] | None = None
        for c, site in (sites or {}).items():
            if not isinstance(site, tuple | list) or len(site) != 2:
                raise BoardError(f"site {site!r} at {c!r} must be (name, owner)")
            self.place(site[0], c, site[1])
        for c, n in (damage or {}).items():
            self.damage(c, n)

    # ------------------------------------------------------------------ reading
    def site(self, cell: Any) -> Site | None:
        """The site on ``cell`` (None when the cell is empty)."""
        c = parse_cell(cell, self.size)
        name = self._name.get(c)
        return None if name is None else Site(name, self._owner[c], self._dmg.get(c, 0))

    __getitem__ = site

    def __contains__(self, cell: Any) -> bool:
        return cell in self._name

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self._name))

    def __len__(self) -> int:
        return len(self._name)

    def sites(self, owner: int | None = None) -> dict[Cell, Site]:
        """``{cell: Site}`` of every site (or of the sites ``owner`` controls), sorted."""
        return {c: Site(n, self._owner[c], self._dmg.get(c, 0))
                for c, n in sorted(self._name.items())
                if owner is None or self._owner[c] == owner}

    def empty_cells(self) -> list[Cell]:
        return [c for c in sorted(self._nb) if c not in self._name]

    def functional(self) -> frozenset[Cell]:
        """The cells of the functional installations (the least fixed point)."""
        return frozenset(self._func)

    def is_functional(self, cell: Any) -> bool:
        return parse_cell(cell, self.size) in self._func

    def ores(self, cell: Any) -> frozenset[str]:
        """The ore types a functional extractor, Outpost or refinery carries (empty for
        anything else)."""
        return self._ores.get(parse_cell(cell, self.size), _EMPTY)

    def income(self, owner: int) -> int:
        """Credits ``owner``'s functional installations produce in a Production phase
        (kept up to date with the fixed point: ``_grow``, ``_drop``, ``_claim``)."""
        return self._inc.get(owner, 0)

    def _income(self) -> dict[int, int]:
        """Income per owner from scratch (checks and tests)."""
        out: dict[int, int] = {}
        own, name = self._owner, self._name
        for c in self._func:
            e = _INCOME[name[c]]
            if e:
                out[own[c]] = out.get(own[c], 0) + e
        return out

    def powered(self, cell: Any) -> bool:
        """True when ``cell`` is physically next to a functional power source."""
        return self._powered(parse_cell(cell, self.size))

    def shield_cover(self) -> frozenset[Cell]:
        """Cells a meteor cannot damage: every functional Shield Generator and the cells
        physically next to it (RULINGS.md Space Base 7)."""
        out: set[Cell] = set()
        name = self._name
        for c in self._func:
            if _R[name[c]] == "shield":
                out.add(c)
                out.update(self._nb[c])
        return frozenset(out)

    def shielded(self, cell: Any) -> bool:
        c = parse_cell(cell, self.size)
        return self._shielded(c)

    def _shielded(self, c: Cell) -> bool:
        name, func = self._name, self._func
        if c in func and _R[name[c]] == "shield":
            return True
        for n in self._nb[c]:  # noqa: SIM110 - a loop: no generator frame
            if n in func and _R[name[n]] == "shield":
                return True
        return False

    def vulnerable(self, cell: Any) -> bool:
        """True when a meteor on ``cell`` would damage it: an installation that is not
        under a functional Shield Generator's cover."""
        c = parse_cell(cell, self.size)
        name = self._name.get(c)
        return name is not None and _R[name] in INSTALLATIONS and not self._shielded(c)

    def logistic_neighbours(self, cell: Any) -> list[Cell]:
        """Sites logistically adjacent to ``cell`` (sorted)."""
        return sorted(self._lnb(parse_cell(cell, self.size)))

    def hub_links(self) -> list[tuple[Cell, Cell, tuple[Cell, ...]]]:
        """``(a, b, hubs)``: the extra logistic edges, each with the functional hubs that
        make it (sorted)."""
        links: dict[tuple[Cell, Cell], list[Cell]] = {}
        name, nb = self._name, self._nb
        for h in sorted(self._func):
            if _R[name[h]] != "hub":
                continue
            around = [n for n in nb[h] if n in name]
            for a, b in itertools.combinations(sorted(around), 2):
                links.setdefault((a, b), []).append(h)
        return [(a, b, tuple(hs)) for (a, b), hs in sorted(links.items())]

    def explain(self, cell: Any) -> str:
        """Why the site on ``cell`` is functional, or which requirement fails, following
        the chain of sites it depends on."""
        from .explain import explain

        return explain(self, parse_cell(cell, self.size))

    # ------------------------------------------------------------------ graphs
    @property
    def physical(self) -> Any:
        """networkx Graph: the sites, an edge between orthogonally adjacent sites."""
        return self._graphs().physical

    @property
    def logistic(self) -> Any:
        """networkx Graph: ``physical`` plus the edges functional Transport Hubs add."""
        return self._graphs().logistic

    def _graphs(self) -> _Graphs:
        gr = self._gr
        if gr is None or gr.version != self._gver or (self._dirty and not self._gown):
            gr = self._build_graphs()
        elif self._dirty:
            self._sync(gr)
        return gr

    def _build_graphs(self) -> _Graphs:
        import networkx as nx

        gr = _Graphs(nx.Graph(), nx.Graph())
        for g in (gr.physical, gr.logistic):
            nx.freeze(g)
        self._gr, self._gown, self._dirty = gr, True, set(self._name)
        self._sync(gr)
        return gr

    def _sync(self, gr: _Graphs) -> None:
        """Refresh the dirty cells' nodes and incident edges (networkx's class methods
        are called directly: the instances are frozen against users' changes)."""
        import networkx as nx

        G = nx.Graph
        P, L = gr.physical, gr.logistic
        name, nb = self._name, self._nb
        cover = self.shield_cover()
        for c in self._dirty or ():
            if c not in name:
                if c in P:
                    G.remove_node(P, c)
                    G.remove_node(L, c)
                continue
            nm = name[c]
            attrs = {"name": nm, "kind": _KIND[nm], "role": _R[nm], "owner": self._owner[c],
                     "damage": self._dmg.get(c, 0), "functional": c in self._func,
                     "ores": tuple(sorted(self._ores.get(c, ()))),
                     "shielded": c in cover and _R[nm] in INSTALLATIONS}
            if c in P:
                P.nodes[c].update(attrs)
                L.nodes[c].update(attrs)
            else:
                G.add_node(P, c, **attrs)
                G.add_node(L, c, **attrs)
            grid = [n for n in nb[c] if n in name]
            hubs: dict[Cell, list[Cell]] = {}
            for h in nb[c]:
                if h in self._func and _R[name[h]] == "hub":
                    for m in nb[h]:
                        if m != c and m in name:
                            hubs.setdefault(m, []).append(h)
            for n in list(P.adj[c]):
                if n not in grid:
                    G.remove_edge(P, c, n)
            for n in grid:
                G.add_edge(P, c, n)
            want = {n: {"kind": "grid"} for n in grid}
            for m, hs in hubs.items():
                want[m] = {"kind": "hub", "hubs": tuple(sorted(hs))}
            for n in list(L.adj[c]):
                if n not in want:
                    G.remove_edge(L, c, n)
            for n, attrs_e in want.items():
                if L.has_edge(c, n):
                    e = L.adj[c][n]
                    e.clear()
                    e.update(attrs_e)
                else:
                    G.add_edge(L, c, n, **attrs_e)
        self._dirty = set()
        gr.version = next(_versions)
        self._gver = gr.version

    # ------------------------------------------------------------------ changing
    def _writable(self) -> None:
        if self._readonly:
            raise BoardError("this board belongs to a game position and is read-only: "
                             "use board.copy(), or the game's actions")

    def _site_card(self, name: Any) -> str:
        try:
            c = data.card(name)
        except ValueError as e:
            raise BoardError(str(e)) from None
        if c.kind == "action":
            raise BoardError(f"{c.name!r} is an action card, not a site")
        return c.name

    def _occupied(self, cell: Any) -> Cell:
        c = parse_cell(cell, self.size)
        if c not in self._name:
            raise BoardError(f"there is no site at {cell_text(c)}")
        return c

    def _vacant(self, cell: Any) -> Cell:
        c = parse_cell(cell, self.size)
        if c in self._name:
            raise BoardError(f"{cell_text(c)} is occupied by {self._name[c]}: "
                             "one site card per space")
        return c

    @staticmethod
    def _player(owner: Any) -> int:
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < 100:
            raise BoardError(f"owner must be a player index (an int >= 0), not {owner!r}")
        return owner

    def place(self, name: str, cell: Any, owner: int) -> None:
        """Put the site card ``name`` on the empty ``cell`` with ``owner``'s marker."""
        self._writable()
        nm, c, p = self._site_card(name), self._vacant(cell), self._player(owner)
        self._put(c, nm, p, 0)

    def remove(self, cell: Any) -> Site:
        """Take the site off ``cell``; returns it."""
        self._writable()
        c = self._occupied(cell)
        return self._take([c])[0]

    def move(self, src: Any, dst: Any) -> None:
        """Move the site on ``src`` (marker and damage with it) to the empty ``dst``."""
        self._writable()
        a, b = self._occupied(src), self._vacant(dst)
        self._move(a, b)

    def swap(self, a: Any, b: Any) -> None:
        """Switch the sites on ``a`` and ``b``."""
        self._writable()
        x, y = self._occupied(a), self._occupied(b)
        if x == y:
            raise BoardError(f"cannot swap {cell_text(x)} with itself")
        self._swap(x, y)

    def damage(self, cell: Any, n: int) -> None:
        """Add ``n`` points of damage to the installation on ``cell``."""
        self._writable()
        c = self._occupied(cell)
        if _R[self._name[c]] not in INSTALLATIONS:
            raise BoardError(f"{self._name[c]} at {cell_text(c)} is not an installation: "
                             "resource and volcano sites take no damage")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10**6:
            raise BoardError(f"damage must be an int >= 1, not {n!r}")
        self._hit(c, n)

    def repair(self, cell: Any, n: int) -> None:
        """Remove ``n`` points of damage from the site on ``cell``."""
        self._writable()
        c = self._occupied(cell)
        d = self._dmg.get(c, 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= max(d, 1):
            raise BoardError(f"{self._name[c]} at {cell_text(c)} has {d} damage: "
                             f"cannot repair {n!r}")
        if d == 0:
            raise BoardError(f"{self._name[c]} at {cell_text(c)} is not damaged")
        self._fix(c, n)

    def set_owner(self, cell: Any, owner: int) -> None:
        """Replace the control marker on ``cell`` with ``owner``'s."""
        self._writable()
        c, p = self._occupied(cell), self._player(owner)
        self._claim(c, p)

    def copy(self) -> Board:
        """A writable copy (its graphs are shared until one of the two changes)."""
        return self._clone(readonly=False)

    def _clone(self, readonly: bool, graphs: bool = True) -> Board:
        b = object.__new__(Board)
        b.size = self.size
        b.volcano_adjacency = self.volcano_adjacency
        b._nb = self._nb
        b._kit = self._kit
        b._occ = self._occ
        b._name = self._name.copy()
        b._owner = self._owner.copy()
        b._dmg = self._dmg.copy()
        b._func = self._func.copy()
        b._ores = self._ores.copy()
        b._inc = self._inc.copy()
        b._share = 0
        b._readonly = readonly
        b._front = self._front  # valid for both until one changes (it then makes a new one)
        b._om = self._om
        if graphs and self._gr is not None:
            b._gr, b._gver, b._gown = self._gr, self._gver, self._gown
            b._dirty = set(self._dirty) if self._dirty is not None else None
            self._gown = False  # the newest copy owns the graphs (see the module doc)
        else:
            b._gr, b._gver, b._gown, b._dirty = None, 0, False, None
        return b

    def _next(self, changes: int) -> Board:
        """The read-only board of a game's next position, made by a step that changes
        only the ``changes`` parts of it (``NAMES``: ``_name`` and ``_owner``; ``DAMAGE``:
        ``_dmg``; ``FIXED``: ``_func`` and ``_ores``). The other parts are shared with
        this board, which belongs to a game position and never changes again (a game's
        boards are read-only: every change is made on a new board). A placement copies
        no damage, a partial repair neither the sites nor the fixed point. The fixed point
        may also be left out of ``changes`` when the step may change it: shared, it is
        copied by the first change (``_own_fixed``; a placement changes it one time in
        six)."""
        b = object.__new__(Board)
        b.size = self.size
        b.volcano_adjacency = self.volcano_adjacency
        b._nb = self._nb
        b._kit = self._kit
        b._occ = self._occ
        if changes & NAMES:
            b._name = self._name.copy()
            b._owner = self._owner.copy()
        else:
            b._name = self._name
            b._owner = self._owner
        b._dmg = self._dmg.copy() if changes & DAMAGE else self._dmg
        if changes & FIXED:
            b._func = self._func.copy()
            b._ores = self._ores.copy()
            b._inc = self._inc.copy()
            b._share = 0
        else:
            b._func = self._func
            b._ores = self._ores
            b._inc = self._inc
            b._share = FIXED
        b._readonly = True
        b._front = self._front
        b._om = self._om
        if self._gr is not None:  # as in _clone
            b._gr, b._gver, b._gown = self._gr, self._gver, self._gown
            b._dirty = set(self._dirty) if self._dirty is not None else None
            self._gown = False
        else:
            b._gr, b._gver, b._gown, b._dirty = None, 0, False, None
        return b

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.size == other.size and self.volcano_adjacency == other.volcano_adjacency
                and self._name == other._name and self._owner == other._owner
                and self._dmg == other._dmg)

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> tuple[Any, ...]:
        """The authoritative data and the fixed point (not the graphs, a derived cache)."""
        return (self.size, self.volcano_adjacency, self._name, self._owner, self._dmg,
                self._func, self._ores, self._readonly)

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        (self.size, self.volcano_adjacency, self._name, self._owner, self._dmg,
         self._func, self._ores, self._readonly) = st
        self._nb = _neighbours(self.size)
        self._kit = _kit(self.size)
        bit = self._kit[0]
        self._occ = sum(bit[c] for c in self._name)
        self._inc = self._income()
        self._share = 0
        self._front = {}
        self._om = {}
        self._gr, self._gver, self._gown, self._dirty = None, 0, False, None

    def __repr__(self) -> str:
        return (f"<Board {len(self._name)} sites, {len(self._func)} functional, "
                f"{self.size}x{self.size}>")

    # ------------------------------------------------------------------ engine (no checks)
    def _fmask(self, owner: int) -> int:
        """Empty cells orthogonally adjacent to a site ``owner`` controls, as a mask
        (``_kit``; computed on first use, then kept up to date by each change: ``_put``,
        ``_refront``)."""
        m = self._front.get(owner)
        if m is None:
            m = self._front[owner] = near(self._omask(owner), self._kit) & ~self._occ
        return m

    def _omask(self, owner: int) -> int:
        """The cells of the sites ``owner`` controls, a mask (computed on first use, then
        kept up to date by ``_put``; other changes forget them)."""
        m = self._om.get(owner)
        if m is None:
            bit = self._kit[0]
            m = 0
            for c, o in self._owner.items():
                if o == owner:
                    m |= bit[c]
            self._om[owner] = m
        return m

    def _frontier(self, owner: int) -> frozenset[Cell]:
        """``_fmask(owner)``'s cells."""
        kit = self._kit
        return frozenset(cells_of(self._fmask(owner), kit[2], kit[3]))

    def _put(self, c: Cell, name: str, owner: int, dmg: int) -> None:
        self._name[c] = name
        self._owner[c] = owner
        bit, nbm = self._kit[0], self._kit[1]
        occ = self._occ = self._occ | bit[c]
        # The frontiers known so far, updated in a new dict (the old one may be shared
        # with a copy, which fills it too): ``c`` is taken, its empty neighbours join
        # ``owner``'s.
        new: dict[int, int] = {}
        for o, f in self._front.items():
            new[o] = (f | nbm[c]) & ~occ if o == owner else f & ~occ
        self._front = new
        om = self._om = self._om.copy()  # a new dict, as for the frontiers
        if owner in om:
            om[owner] |= bit[c]
        if dmg:
            self._dmg[c] = dmg
        if self._dirty is not None:
            self._dirty.add(c)
        if _R[name] in INSTALLATIONS:
            # Until it is functional an installation supports nothing and links nothing,
            # so only ``c`` can change; once it is, ``_grow`` looks at its neighbours.
            self._grow([c])
        else:  # a resource or a Volcano: its neighbours may gain support or ores
            self._grow([c, *self._lnb(c)])

    def _refront(self, changed: Iterable[Cell]) -> None:
        """Update the owners' masks and the frontiers known so far after the sites or
        owners of ``changed`` cells changed (new dicts: the old ones may be shared with
        a copy): only the bits of ``changed`` cells change in the owners' masks."""
        kit = self._kit
        bit, owner = kit[0], self._owner
        changed = tuple(changed)
        gone = 0
        for c in changed:
            gone |= bit[c]
        om: dict[int, int] = {}
        for o, m in self._om.items():
            m &= ~gone
            for c in changed:
                if owner.get(c) == o:
                    m |= bit[c]
            om[o] = m
        self._om = om
        new: dict[int, int] = {}
        for o in self._front:
            new[o] = near(self._omask(o), kit) & ~self._occ
        self._front = new

    def _take(self, cells: Iterable[Cell]) -> list[Site]:
        cells = list(cells)
        seeds: list[Cell] = []
        for c in cells:
            seeds.append(c)
            seeds.extend(self._lnb(c))
        dropped = self._drop(self._closure(seeds))
        out = []
        bit = self._kit[0]
        for c in cells:
            out.append(Site(self._name.pop(c), self._owner.pop(c), self._dmg.pop(c, 0)))
            self._occ &= ~bit[c]
            if self._dirty is not None:
                self._dirty.add(c)
        self._refront(cells)
        self._grow(dropped)
        return out

    def _move(self, a: Cell, b: Cell) -> None:
        s = self._take([a])[0]
        self._put(b, s.name, s.owner, s.damage)

    def _swap(self, a: Cell, b: Cell) -> None:
        sa, sb = self._take([a, b])
        self._name[a], self._owner[a] = sb.name, sb.owner
        self._name[b], self._owner[b] = sa.name, sa.owner
        self._occ |= self._kit[0][a] | self._kit[0][b]
        self._refront((a, b))
        if sb.damage:
            self._dmg[a] = sb.damage
        if sa.damage:
            self._dmg[b] = sa.damage
        if self._dirty is not None:
            self._dirty.update((a, b))
        self._grow([a, b, *self._lnb(a), *self._lnb(b)])

    def _hit(self, c: Cell, n: int) -> None:
        was = self._dmg.get(c, 0)
        self._dmg[c] = was + n
        if self._dirty is not None:
            self._dirty.add(c)
        if c in self._func:
            self._grow(self._drop(self._closure([c])))

    def _fix(self, c: Cell, n: int) -> None:
        d = self._dmg[c] - n
        if d > 0:
            self._dmg[c] = d
        else:
            del self._dmg[c]
            self._grow([c])
        if self._dirty is not None:
            self._dirty.add(c)

    def _claim(self, c: Cell, owner: int) -> None:
        e = _INCOME[self._name[c]] if c in self._func else 0
        if e:  # the income moves with the marker
            if self._share:
                self._own_fixed()
            inc, was = self._inc, self._owner[c]
            inc[was] -= e
            inc[owner] = inc.get(owner, 0) + e
        self._owner[c] = owner
        self._refront((c,))
        if self._dirty is not None:
            self._dirty.add(c)

    # ------------------------------------------------------------------ the fixed point
    def _lnb(self, c: Cell) -> list[Cell]:
        """Sites logistically adjacent to ``c``: physical neighbours, plus the other sites
        around each functional Transport Hub next to ``c``."""
        name, nb, func = self._name, self._nb, self._func
        grid = [*filter(name.__contains__, nb[c])]  # the occupied neighbours (no frame)
        for h in grid:
            if h in func and _R[name[h]] == "hub":
                break
        else:
            return grid  # no functional hub next to ``c`` (the common case)
        out = grid.copy()
        for h in grid:
            if h in func and _R[name[h]] == "hub":
                for m in nb[h]:
                    if m != c and m in name and m not in out:
                        out.append(m)
        return out

    def _powered(self, c: Cell) -> bool:
        name, func = self._name, self._func
        return any(n in func and _R[name[n]] in POWER_SOURCES for n in self._nb[c])

    def _met(self, c: Cell, req: tuple[Any, ...]) -> bool:
        kind = req[0]
        if kind == "power":
            return self._powered(c)
        name, func, ores = self._name, self._func, self._ores
        if kind == "volcano":
            around = (self._lnb(c) if self.volcano_adjacency == "logistic"
                      else [n for n in self._nb[c] if n in name])
            return any(_R[name[n]] == "volcano" for n in around)
        if kind == "resource":
            for n in self._lnb(c):  # noqa: SIM110 - loops here: no generator frames
                if _R[name[n]] in RESOURCES:
                    return True
            return False
        if kind == "extractor" or kind == "refinery":
            roles = EXTRACTORS if kind == "extractor" else ("refinery",)
            ore = req[1]
            for n in self._lnb(c):
                if n in func and _R[name[n]] in roles:
                    carried = ores[n]
                    if (ore is None and carried) or ore in carried:
                        return True
            return False
        roles = req[1]
        for n in self._lnb(c):  # noqa: SIM110
            if n in func and _R[name[n]] in roles:
                return True
        return False

    def _carried(self, c: Cell, role: str) -> frozenset[str]:
        name = self._name
        if role == "refinery":
            func, ores = self._func, self._ores
            out: set[str] = set()
            for n in self._lnb(c):
                if n in func and _R[name[n]] in EXTRACTORS:
                    out |= ores[n]
            return frozenset(out)
        found = []
        for n in self._lnb(c):
            r = _R[name[n]]
            if r in ORE_OF:
                found.append(ORE_OF[r])
        return frozenset(found)

    def _grow(self, queue: list[Cell]) -> None:
        """Add support from the current functional set up (work list)."""
        name, func, ores, dmg, dirty = self._name, self._func, self._ores, self._dmg, self._dirty
        nb = self._nb
        while queue:
            c = queue.pop()
            nm = name.get(c)
            if nm is None:
                continue
            role = _R[nm]
            if role not in INSTALLATIONS:
                continue
            if c in func:
                if role in CARRIERS:
                    new = self._carried(c, role)
                    if new != ores[c]:
                        if self._share:
                            func, ores = self._own_fixed()
                        ores[c] = new
                        queue.extend(self._lnb(c))
                        if dirty is not None:
                            dirty.add(c)
                continue
            if c in dmg:
                continue
            for r in REQUIRES[role]:  # every requirement met? (a loop: no generator)
                if r is _POWER:
                    for n in nb[c]:
                        if n in func and _R[name[n]] in POWER_SOURCES:
                            break
                    else:
                        break
                elif not self._met(c, r):
                    break
            else:
                r = None
            if r is not None:
                continue
            if self._share:
                func, ores = self._own_fixed()
            func.add(c)
            e = _INCOME[nm]
            if e:
                inc = self._inc
                o = self._owner[c]
                inc[o] = inc.get(o, 0) + e
            if role in CARRIERS:
                ores[c] = self._carried(c, role)
            queue.extend(self._lnb(c))
            if dirty is not None:
                dirty.add(c)
                if role == "hub" or role == "shield":
                    dirty.update(n for n in self._nb[c] if n in name)

    def _closure(self, seeds: Iterable[Cell]) -> set[Cell]:
        """The functional sites that may depend on ``seeds``: the functional seeds, and
        from each site found, its functional logistic neighbours that it can support
        (``_SUPPORTS``: a power source the sites needing power, an extractor the
        refineries and domes, a refinery the reactors and factories, a colony the sites
        needing a colony ..., a Transport Hub every neighbour, as its links are
        adjacency). A site outside that set keeps every supporter it had, so it stays
        functional: the set is what "delete and re-derive" has to drop."""
        func, name = self._func, self._name
        found: set[Cell] = set()
        stack = [s for s in seeds if s in func]
        while stack:
            c = stack.pop()
            if c in found:
                continue
            found.add(c)
            sup = _SUPPORTS[_R[name[c]]]
            if sup:
                for n in self._lnb(c):
                    if n in func and n not in found and _R[name[n]] in sup:
                        stack.append(n)
        return found

    def _drop(self, cells: set[Cell]) -> list[Cell]:
        """Take ``cells`` out of the functional set; returns them (to regrow)."""
        if not cells:
            return []
        name, dirty = self._name, self._dirty
        if self._share:
            self._own_fixed()
        self._func -= cells
        inc, own = self._inc, self._owner
        for c in cells:
            self._ores.pop(c, None)
            e = _INCOME[name[c]]
            if e:
                inc[own[c]] -= e
            if dirty is not None:
                dirty.add(c)
                if _R[name[c]] in ("hub", "shield"):
                    dirty.update(n for n in self._nb[c] if n in name)
        return list(cells)

    def _own_fixed(self) -> tuple[set[Cell], dict[Cell, frozenset[str]]]:
        """Copy the fixed point shared with the board this one was made from (``_next``)
        before its first change; returns the copies."""
        self._func = self._func.copy()
        self._ores = self._ores.copy()
        self._inc = self._inc.copy()
        self._share = 0
        return self._func, self._ores

    def _recompute(self) -> None:
        """The fixed point from scratch (used by checks and tests)."""
        self._func = set()
        self._ores = {}
        self._inc = {}
        self._share = 0
        self._grow(sorted(self._name))
        if self._dirty is not None:
            self._dirty.update(self._name)
