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

A board holds three plain dicts (card name, control marker and damage per cell); the
functional set, the ores each carrier carries and the income per owner are the least
fixed point of RULINGS.md, Space Base 6, kept up to date as sites change
(``functional.py``); the networkx graphs are in ``graphs.py``.

**Copies** share every part with their original until one of the two changes it: each
change copies the part it changes first (``_own``: the sites, the damage or the fixed
point). A game's step copies its board only when the step changes the map, and that
copy copies only what the step changes. A game's boards are read-only (``freeze``):
``copy()`` one to experiment.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from ..core.limits import quote
from . import data
from .cells import BoardError, Cell, cell_text, grid, parse_cell
from .data import INSTALLATIONS
from .functional import (
    INCOME,
    REQUIRES,
    ROLE,
    closure,
    drop,
    earn,
    grow,
    income_from_scratch,
    is_powered,
    is_working_hub,
    logistic_neighbours,
    rederive,
    requirements_met,
)
from .graphs import Graphs, graphs_of

__all__ = ["REQUIRES", "Board", "BoardError", "Cell", "Site", "cell_text", "parse_cell"]

SITES, DAMAGE, FIXED = 1, 2, 4
"""The parts of a board a copy shares with its original until one of them changes it."""


class Site(NamedTuple):
    """What is on a cell: the card's printed name, the controlling player, its damage."""

    name: str
    owner: int
    damage: int


class Board:
    """Sites on the map, their functionality and their adjacency graphs.

    ``Board(sites={(x, y): (name, owner)}, damage={(x, y): n})`` (both optional) makes a
    board; ``place``, ``remove``, ``move``, ``swap``, ``damage``, ``repair`` and
    ``set_owner`` change it (each raises ``BoardError`` and changes nothing when refused;
    their arguments are typed ``Any`` because they check them, compiled as well).
    A game's board (``game.board``) is read-only: ``copy()`` it to experiment.
    """

    __slots__ = ("_dirty", "_dmg", "_front", "_func", "_gown", "_gr", "_gver", "_inc", "_name",
                 "_nb", "_ores", "_owner", "_readonly", "_shared", "size", "volcano_adjacency")

    def __init__(
        self,
        sites: dict[Any, tuple[str, int]] | None = None,
        damage: dict[Any, int] | None = None,
        *,
        size: int = 10,
        volcano_adjacency: str = "logistic",
    ) -> None:
        if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 100:
            raise BoardError(f"size must be an int in 1..100, not {quote(size)}")
        if volcano_adjacency not in ("logistic", "physical"):
            raise BoardError(f"volcano_adjacency must be 'logistic' or 'physical', "
                             f"not {quote(volcano_adjacency)}")
        self.size = size
        self.volcano_adjacency = volcano_adjacency
        self._nb = grid(size)
        self._name: dict[Cell, str] = {}
        self._owner: dict[Cell, int] = {}
        self._dmg: dict[Cell, int] = {}
        self._func: set[Cell] = set()  # the fixed point: functional installations,
        self._ores: dict[Cell, frozenset[str]] = {}  # the ores carriers carry,
        self._inc: dict[int, int] = {}  # the income per owner
        self._shared = 0  # the parts shared with another board (SITES, DAMAGE, FIXED)
        self._readonly = False
        self._front: dict[int, frozenset[Cell]] = {}  # the frontiers known so far
        self._gr: Graphs | None = None
        self._gver = 0
        self._gown = False
        self._dirty: set[Cell] | None = None
        for c, site in (sites or {}).items():
            if not isinstance(site, tuple | list) or len(site) != 2:
                raise BoardError(f"site {quote(site)} at {quote(c)} must be (name, owner)")
            self.place(site[0], c, site[1])
        for c, n in (damage or {}).items():
            self.damage(c, n)

    # ------------------------------------------------------------------ reading
    def site(self, cell: Any) -> Site | None:
        """The site on ``cell`` (None when the cell is empty)."""
        c = parse_cell(cell, self.size)
        name = self._name.get(c)
        return None if name is None else Site(name, self._owner[c], self._dmg.get(c, 0))

    def __getitem__(self, cell: Any) -> Site | None:
        return self.site(cell)

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

    def names(self) -> Mapping[Cell, str]:
        """The card on each occupied cell, in the order the sites were put there (a
        read-only view)."""
        return MappingProxyType(self._name)

    def owners(self) -> Mapping[Cell, int]:
        """The control marker on each site, in the same order (a read-only view)."""
        return MappingProxyType(self._owner)

    def owner_of(self, cell: Cell) -> int | None:
        """The control marker on the site on ``cell`` (None when the cell is empty)."""
        return self._owner.get(cell)

    def damaged(self) -> Mapping[Cell, int]:
        """The damage of each damaged installation (a read-only view)."""
        return MappingProxyType(self._dmg)

    def carried(self) -> Mapping[Cell, frozenset[str]]:
        """The ore types each functional carrier carries (a read-only view)."""
        return MappingProxyType(self._ores)

    def controlled_by(self, owner: int) -> list[Cell]:
        """The cells of the sites ``owner`` controls, in the map's order."""
        return [c for c, o in self._owner.items() if o == owner]

    def empty_cells(self) -> list[Cell]:
        return [c for c in sorted(self._nb) if c not in self._name]

    def is_full(self) -> bool:
        """Every space holds a site card."""
        return len(self._name) == len(self._nb)

    def frontier(self, owner: int) -> frozenset[Cell]:
        """The empty cells orthogonally adjacent to a site ``owner`` controls: where
        ``owner`` may place a site card (Build Phase). Kept per board (``_put`` updates
        the frontiers known; other changes forget them)."""
        f = self._front.get(owner)
        if f is None:
            f = self._front[owner] = self.empty_around(self.controlled_by(owner))
        return f

    def empty_around(self, cells: Iterable[Cell]) -> frozenset[Cell]:
        """The empty cells orthogonally adjacent to any of ``cells``."""
        return self.around(cells).difference(self._name)

    def around(self, cells: Iterable[Cell]) -> frozenset[Cell]:
        """The cells orthogonally adjacent to any of ``cells`` (empty or not)."""
        return frozenset([n for c in cells for n in self._nb[c]])

    def functional(self) -> frozenset[Cell]:
        """The cells of the functional installations (the least fixed point)."""
        return frozenset(self._func)

    def is_functional(self, cell: Any) -> bool:
        return parse_cell(cell, self.size) in self._func

    def ores(self, cell: Any) -> frozenset[str]:
        """The ore types a functional extractor, Outpost or refinery carries (empty for
        anything else)."""
        return self._ores.get(parse_cell(cell, self.size), frozenset())

    def income(self, owner: int) -> int:
        """Credits ``owner``'s functional installations produce in a Production phase
        (kept up to date with the fixed point)."""
        return self._inc.get(owner, 0)

    def powered(self, cell: Any) -> bool:
        """True when ``cell`` is physically next to a functional power source."""
        return is_powered(self, parse_cell(cell, self.size))

    def requirements_met(self, cell: Any, name: str) -> int:
        """How many of the requirements of the card ``name`` its neighbours would meet
        on ``cell`` (the map as it is; ``cell`` may be empty)."""
        return requirements_met(self, parse_cell(cell, self.size), ROLE[name])

    def shield_cover(self) -> frozenset[Cell]:
        """Cells a meteor cannot damage: every functional Shield Generator and the cells
        physically next to it (RULINGS.md Space Base 7)."""
        out: set[Cell] = set()
        for c in self._func:
            if ROLE[self._name[c]] == "shield":
                out.add(c)
                out.update(self._nb[c])
        return frozenset(out)

    def shielded(self, cell: Any) -> bool:
        """"Shield generators and installations adjacent to shield generators are
        unaffected": a functional Shield Generator on or next to ``cell``."""
        c = parse_cell(cell, self.size)
        return any(n in self._func and ROLE[self._name[n]] == "shield"
                   for n in (c, *self._nb[c]))

    def vulnerable(self, cell: Any) -> bool:
        """True when a meteor on ``cell`` would damage it: an installation that is not
        under a functional Shield Generator's cover."""
        c = parse_cell(cell, self.size)
        name = self._name.get(c)
        return name is not None and ROLE[name] in INSTALLATIONS and not self.shielded(c)

    def logistic_neighbours(self, cell: Any) -> list[Cell]:
        """Sites logistically adjacent to ``cell`` (sorted)."""
        return sorted(logistic_neighbours(self, parse_cell(cell, self.size)))

    def hub_links(self) -> list[tuple[Cell, Cell, tuple[Cell, ...]]]:
        """``(a, b, hubs)``: the extra logistic edges, each with the functional hubs that
        make it (sorted)."""
        links: dict[tuple[Cell, Cell], list[Cell]] = {}
        for h in sorted(self._func):
            if is_working_hub(self, h):
                around = sorted(n for n in self._nb[h] if n in self._name)
                for a, b in itertools.combinations(around, 2):
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
        return graphs_of(self).physical

    @property
    def logistic(self) -> Any:
        """networkx Graph: ``physical`` plus the edges functional Transport Hubs add."""
        return graphs_of(self).logistic

    # ------------------------------------------------------------------ changing
    def place(self, name: str, cell: Any, owner: Any) -> None:
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
        site = self._take([a])[0]
        self._put(b, site.name, site.owner, site.damage)

    def swap(self, a: Any, b: Any) -> None:
        """Switch the sites on ``a`` and ``b`` (markers and damage with them)."""
        self._writable()
        x, y = self._occupied(a), self._occupied(b)
        if x == y:
            raise BoardError(f"cannot swap {cell_text(x)} with itself")
        self._swap(x, y)

    def damage(self, cell: Any, n: Any) -> None:
        """Add ``n`` points of damage to the installation on ``cell``."""
        self._writable()
        c = self._occupied(cell)
        if ROLE[self._name[c]] not in INSTALLATIONS:
            raise BoardError(f"{self._name[c]} at {cell_text(c)} is not an installation: "
                             "resource and volcano sites take no damage")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10**6:
            raise BoardError(f"damage must be an int >= 1, not {quote(n)}")
        self._hit(c, n)

    def repair(self, cell: Any, n: Any) -> None:
        """Remove ``n`` points of damage from the site on ``cell``."""
        self._writable()
        c = self._occupied(cell)
        d = self._dmg.get(c, 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= max(d, 1):
            raise BoardError(f"{self._name[c]} at {cell_text(c)} has {d} damage: "
                             f"cannot repair {quote(n)}")
        if d == 0:
            raise BoardError(f"{self._name[c]} at {cell_text(c)} is not damaged")
        self._fix(c, n)

    def set_owner(self, cell: Any, owner: Any) -> None:
        """Replace the control marker on ``cell`` with ``owner``'s."""
        self._writable()
        c, p = self._occupied(cell), self._player(owner)
        self._claim(c, p)

    def freeze(self) -> Board:
        """Make this board read-only (a game position's board); returns it."""
        self._readonly = True
        return self

    @property
    def read_only(self) -> bool:
        return self._readonly

    def copy(self, *, graphs: bool = True) -> Board:
        """A writable copy. It shares every part with this board until one of the two
        changes it (copy-on-write), and takes over the graphs (``graphs=False``: a scratch
        copy, which leaves them with this board)."""
        b = Board(size=self.size, volcano_adjacency=self.volcano_adjacency)
        b._name, b._owner, b._dmg = self._name, self._owner, self._dmg
        b._func, b._ores, b._inc = self._func, self._ores, self._inc
        b._front = self._front  # valid for both until one changes (it then makes new ones)
        b._shared = self._shared = SITES | DAMAGE | FIXED
        if graphs and self._gr is not None:
            b._gr, b._gver, b._gown = self._gr, self._gver, self._gown
            b._dirty = None if self._dirty is None else set(self._dirty)
            self._gown = False  # the newest copy owns the graphs (see graphs.py)
        return b

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.size == other.size and self.volcano_adjacency == other.volcano_adjacency
                and self._name == other._name and self._owner == other._owner
                and self._dmg == other._dmg)

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> tuple[Any, ...]:
        """The sites and the fixed point (not the graphs, a derived cache)."""
        return (self.size, self.volcano_adjacency, self._name, self._owner, self._dmg,
                self._func, self._ores, self._readonly)

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        (self.size, self.volcano_adjacency, self._name, self._owner, self._dmg,
         self._func, self._ores, self._readonly) = st
        self._nb = grid(self.size)
        self._inc = income_from_scratch(self)
        self._shared = 0
        self._front = {}
        self._gr, self._gver, self._gown, self._dirty = None, 0, False, None

    def __repr__(self) -> str:
        return (f"<Board {len(self._name)} sites, {len(self._func)} functional, "
                f"{self.size}x{self.size}>")

    # ------------------------------------------------------------------ checks
    def _writable(self) -> None:
        if self._readonly:
            raise BoardError("this board belongs to a game position and is read-only: "
                             "use board.copy(), or the game's actions")

    @staticmethod
    def _site_card(name: Any) -> str:
        try:
            c = data.card(name)
        except ValueError as e:
            raise BoardError(str(e)) from None
        if c.kind == "action":
            raise BoardError(f"{quote(c.name)} is an action card, not a site")
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
            raise BoardError(f"owner must be a player index (an int >= 0), not {quote(owner)}")
        return owner

    # ------------------------------------------------------------------ the changes
    def _own(self, part: int) -> None:
        """Copy ``part`` (``SITES``, ``DAMAGE`` or ``FIXED``) before changing it, when it
        is still shared with another board (copy-on-write)."""
        if not self._shared & part:
            return
        self._shared &= ~part
        if part == SITES:
            self._name, self._owner = self._name.copy(), self._owner.copy()
            self._front = {}  # new frontiers: the old ones stay with the other board
        elif part == DAMAGE:
            self._dmg = self._dmg.copy()
        else:
            self._func, self._ores, self._inc = (self._func.copy(), self._ores.copy(),
                                                 self._inc.copy())

    def _own_fixed(self) -> None:
        self._own(FIXED)

    def _touch(self, c: Cell) -> None:
        """``c``'s node and edges are to be refreshed in the graphs (if they are live)."""
        if self._dirty is not None:
            self._dirty.add(c)

    def _touch_site(self, c: Cell) -> None:
        """``c`` turned functional or defunct: its node, and when it is a Transport Hub
        or a Shield Generator its neighbours' too (hub links, shield cover)."""
        self._touch(c)
        if self._dirty is not None and ROLE[self._name[c]] in ("hub", "shield"):
            self._dirty.update(n for n in self._nb[c] if n in self._name)

    def _put(self, c: Cell, name: str, owner: int, dmg: int) -> None:
        fronts = self._front
        self._own(SITES)
        self._name[c] = name
        self._owner[c] = owner
        if dmg:
            self._own(DAMAGE)
            self._dmg[c] = dmg
        self._front = {o: self._frontier_after(f, c, o == owner) for o, f in fronts.items()}
        self._touch(c)
        if ROLE[name] in INSTALLATIONS:
            # Until it is functional an installation supports nothing and links nothing,
            # so only ``c`` can change; once it is, ``grow`` looks at its neighbours.
            grow(self, [c])
        else:  # a resource or a Volcano: its neighbours may gain support or ores
            grow(self, [c, *logistic_neighbours(self, c)])

    def _frontier_after(self, f: frozenset[Cell], c: Cell, mine: bool) -> frozenset[Cell]:
        """A frontier after a site is put on ``c``: ``c`` is taken; its empty neighbours
        join the frontier of the site's owner (``mine``)."""
        if mine:
            return f.union(self._nb[c]).difference(self._name)  # c is taken too
        return f - {c}

    def _take(self, cells: list[Cell]) -> list[Site]:
        seeds = [*cells, *(n for c in cells for n in logistic_neighbours(self, c))]
        rederive_from = self._drop_support(seeds)
        self._own(SITES)
        if any(c in self._dmg for c in cells):
            self._own(DAMAGE)
        out = [Site(self._name.pop(c), self._owner.pop(c), self._dmg.pop(c, 0))
               for c in cells]
        for c in cells:
            self._touch(c)
        self._front = {}
        grow(self, rederive_from)
        return out

    def _drop_support(self, seeds: Iterable[Cell]) -> list[Cell]:
        """Delete: every functional site that may depend on ``seeds`` is dropped (to be
        re-derived once the change is made)."""
        return drop(self, closure(self, seeds))

    def _swap(self, a: Cell, b: Cell) -> None:
        sa, sb = self._take([a, b])
        self._name[a], self._owner[a] = sb.name, sb.owner
        self._name[b], self._owner[b] = sa.name, sa.owner
        if sb.damage or sa.damage:
            self._own(DAMAGE)
        if sb.damage:
            self._dmg[a] = sb.damage
        if sa.damage:
            self._dmg[b] = sa.damage
        self._front = {}
        self._touch(a)
        self._touch(b)
        grow(self, [a, b, *logistic_neighbours(self, a), *logistic_neighbours(self, b)])

    def _hit(self, c: Cell, n: int) -> None:
        self._own(DAMAGE)
        self._dmg[c] = self._dmg.get(c, 0) + n
        self._touch(c)
        if c in self._func:
            rederive(self, [c])

    def _fix(self, c: Cell, n: int) -> None:
        self._own(DAMAGE)
        left = self._dmg[c] - n
        if left > 0:
            self._dmg[c] = left
        else:
            del self._dmg[c]
            grow(self, [c])
        self._touch(c)

    def _claim(self, c: Cell, owner: int) -> None:
        if c in self._func:  # the income moves with the marker
            income = INCOME[self._name[c]]
            earn(self, self._owner[c], -income)
            earn(self, owner, income)
        self._own(SITES)
        self._owner[c] = owner
        self._front = {}
        self._touch(c)

    def _recompute(self) -> None:
        """The fixed point from scratch (used by checks and tests)."""
        self._func, self._ores, self._inc = set(), {}, {}
        self._shared &= ~FIXED
        grow(self, sorted(self._name))
        if self._dirty is not None:
            self._dirty.update(self._name)
