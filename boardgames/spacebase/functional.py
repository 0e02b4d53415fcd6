"""Which installations are functional: the requirements of the card list and the least
fixed point of RULINGS.md, Space Base 5 and 6.

"If an installation meets all of its functional requirements, then it is functional and
produces income." "To be functional, all of the adjacent required sites must also be
functional." So the functional sites are the least fixed point: start with none, and add
every undamaged installation whose requirements functional neighbours (of any owner)
meet, until nothing changes; no chain of sites can power itself from nothing.

Power and shielding use physical adjacency (the grid); every other requirement uses
logistic adjacency: the grid plus, for every functional Transport Hub, the sites next to
it are next to each other ("All sites adjacent to the hub are also considered to be
adjacent to each other. [...] This system does not transmit power or shielding.").

The board keeps the fixed point up to date as sites change (:func:`grow`: support can
only be added; :func:`closure` and :func:`drop`: "delete and re-derive" when support
may be lost). The functions here read the board's sites and change only its fixed
point (``Board._func``, ``_ores``, ``_inc``), copied first when shared with another
board (``Board._own_fixed``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from . import data
from .cells import Cell
from .data import EXTRACTORS, INSTALLATIONS, ORE_OF, POWER_SOURCES, RESOURCES

if TYPE_CHECKING:
    from .board import Board

__all__ = ["CARRIERS", "REQUIRES", "SUPPORTS", "carried", "closure", "drop", "grow",
           "is_powered", "logistic_neighbours", "requirement_met", "requirements_met"]

Requirement = tuple[Any, ...]

# Requirements per role (RULINGS.md Space Base 6 and the card list):
#   ("power",)            physically next to a functional power source
#   ("resource",)         logistically next to a resource site
#   ("volcano",)          next to a Volcano (adjacency: Rules.volcano_adjacency)
#   ("extractor", ore)    logistically next to a functional extractor carrying ``ore``
#                         (None: any ore)
#   ("refinery", ore)     logistically next to a functional refinery carrying ``ore``
#   ("site", roles)       logistically next to a functional site of one of ``roles``
POWER: Final[Requirement] = ("power",)
REQUIRES: Final[dict[str, tuple[Requirement, ...]]] = {
    "outpost": (),
    "solar": (),
    "geothermal": (("volcano",),),
    "extractor": (POWER, ("resource",)),
    "refinery": (POWER, ("extractor", None)),
    "reactor": (("refinery", "Radioactives"),),
    "dome": (POWER, ("extractor", "Ice + Organics")),
    "factory": (("refinery", "Metals"),),
    "hub": (POWER,),
    "shield": (POWER,),
    "research": (POWER,),
    "colony": (POWER, ("site", ("dome",))),
    "hightech": (POWER, ("site", ("colony",)), ("site", ("factory",))),
    "biomed": (POWER, ("site", ("colony",)), ("site", ("research",))),
    "spaceport": (POWER, ("site", ("colony",)), ("site", ("hightech", "biomed"))),
}
CARRIERS: Final = frozenset({"outpost", "extractor", "refinery"})
"""The roles that carry ore types: extractors (Outposts too) and refineries."""

ROLE: Final[dict[str, str]] = dict(data.ROLE)
INCOME: Final[dict[str, int]] = {c.name: c.income or 0 for c in data.CARD_LIST}


def can_support(role: str, requirement: Requirement) -> bool:
    """Whether a functional site of ``role`` can meet ``requirement`` of a neighbour."""
    kind = requirement[0]
    return ((kind == "power" and role in POWER_SOURCES)
            or (kind == "extractor" and role in EXTRACTORS)
            or (kind == "refinery" and role == "refinery")
            or (kind == "site" and role in requirement[1]))


def _supported_roles(role: str) -> frozenset[str]:
    """The roles whose requirements a functional site of ``role`` can help meet (the
    roles that may lose support when it stops being functional). A Transport Hub's
    links are logistic adjacency: every role."""
    if role == "hub":
        return frozenset(REQUIRES)
    return frozenset(other for other, reqs in REQUIRES.items()
                     if any(can_support(role, r) for r in reqs))


SUPPORTS: Final[dict[str, frozenset[str]]] = {r: _supported_roles(r) for r in set(ROLE.values())}


# ---------------------------------------------------------------------- adjacency
def is_working_hub(b: Board, c: Cell) -> bool:
    return c in b._func and ROLE[b._name[c]] == "hub"


def logistic_neighbours(b: Board, c: Cell) -> list[Cell]:
    """Sites logistically adjacent to ``c``: its physical neighbours, plus the other sites
    around each functional Transport Hub next to ``c`` (not transitive across hubs)."""
    name, nb = b._name, b._nb
    out = [n for n in nb[c] if n in name]
    for h in [n for n in out if is_working_hub(b, n)]:
        out += [m for m in nb[h] if m != c and m in name and m not in out]
    return out


def volcano_neighbours(b: Board, c: Cell) -> list[Cell]:
    """The sites a Geothermal Plant on ``c`` may find its Volcano among (option
    ``volcano_adjacency``: logistic by default, as ruling 5 lists every requirement but
    power and shielding)."""
    if b.volcano_adjacency == "logistic":
        return logistic_neighbours(b, c)
    return [n for n in b._nb[c] if n in b._name]


# ---------------------------------------------------------------------- requirements
def is_powered(b: Board, c: Cell) -> bool:
    """Physically next to a functional power source: an Outpost, Solar Panels Array,
    Geothermal Plant or Reactor Core."""
    name, func = b._name, b._func
    return any(n in func and ROLE[name[n]] in POWER_SOURCES for n in b._nb[c])


def _carries(b: Board, n: Cell, roles: Iterable[str], ore: str | None) -> bool:
    """A functional site of ``roles`` on ``n`` carrying ``ore`` (None: any ore)."""
    if n not in b._func or ROLE[b._name[n]] not in roles:
        return False
    ores = b._ores[n]
    return bool(ores) if ore is None else ore in ores


def requirement_met(b: Board, c: Cell, req: Requirement) -> bool:
    """Whether the neighbours of ``c`` meet one requirement of the site on it."""
    kind, name = req[0], b._name
    if kind == "power":
        return is_powered(b, c)
    if kind == "volcano":
        return any(ROLE[name[n]] == "volcano" for n in volcano_neighbours(b, c))
    if kind == "resource":
        return any(ROLE[name[n]] in RESOURCES for n in logistic_neighbours(b, c))
    if kind == "extractor":
        return any(_carries(b, n, EXTRACTORS, req[1]) for n in logistic_neighbours(b, c))
    if kind == "refinery":
        return any(_carries(b, n, ("refinery",), req[1]) for n in logistic_neighbours(b, c))
    func = b._func
    return any(n in func and ROLE[name[n]] in req[1] for n in logistic_neighbours(b, c))


def requirements_met(b: Board, c: Cell, role: str) -> int:
    """How many of the requirements of a ``role`` site on ``c`` its neighbours meet."""
    return sum(1 for r in REQUIRES[role] if requirement_met(b, c, r))


def carried(b: Board, c: Cell, role: str) -> frozenset[str]:
    """The ore types a carrier on ``c`` carries: an extractor (Outposts too) those of its
    resource neighbours, a refinery those of its functional extractor neighbours."""
    name = b._name
    if role == "refinery":
        out: set[str] = set()
        for n in logistic_neighbours(b, c):
            if n in b._func and ROLE[name[n]] in EXTRACTORS:
                out |= b._ores[n]
        return frozenset(out)
    return frozenset(ORE_OF[ROLE[name[n]]] for n in logistic_neighbours(b, c)
                     if ROLE[name[n]] in ORE_OF)


def can_work(b: Board, c: Cell) -> bool:
    """An undamaged installation on ``c`` whose every requirement is met."""
    role = ROLE[b._name[c]]
    return (role in INSTALLATIONS and c not in b._dmg
            and all(requirement_met(b, c, r) for r in REQUIRES[role]))


# ---------------------------------------------------------------------- the fixed point
def grow(b: Board, queue: list[Cell]) -> None:
    """Add support from the current functional set up (a work list seeded with the cells
    that may gain it): every site that can work joins, a carrier whose ores grow takes
    the new ones, and each change puts the changed site's neighbours on the list."""
    while queue:
        c = queue.pop()
        if c not in b._name or ROLE[b._name[c]] not in INSTALLATIONS:
            continue
        if c in b._func:
            if _update_ores(b, c):
                queue.extend(logistic_neighbours(b, c))
        elif can_work(b, c):
            _add(b, c)
            queue.extend(logistic_neighbours(b, c))


def _update_ores(b: Board, c: Cell) -> bool:
    """The ores a functional carrier on ``c`` carries, brought up to date; True when
    they changed."""
    role = ROLE[b._name[c]]
    if role not in CARRIERS:
        return False
    new = carried(b, c, role)
    if new == b._ores[c]:
        return False
    b._own_fixed()
    b._ores[c] = new
    b._touch(c)
    return True


def _add(b: Board, c: Cell) -> None:
    """The installation on ``c`` turns functional: it earns its owner its income."""
    b._own_fixed()
    name = b._name[c]
    b._func.add(c)
    earn(b, b._owner[c], INCOME[name])
    if ROLE[name] in CARRIERS:
        b._ores[c] = carried(b, c, ROLE[name])
    b._touch_site(c)


def earn(b: Board, owner: int, income: int) -> None:
    """Change ``owner``'s income kept with the fixed point (``Board.income``)."""
    if income:
        b._own_fixed()
        b._inc[owner] = b._inc.get(owner, 0) + income


def closure(b: Board, seeds: Iterable[Cell]) -> set[Cell]:
    """The functional sites that may depend on ``seeds``: the functional seeds, and from
    each site found, its functional logistic neighbours that it can support
    (``SUPPORTS``: a power source the sites needing power, an extractor the refineries
    and domes, a refinery the reactors and factories, a colony the sites needing a
    colony ..., a Transport Hub every neighbour, as its links are adjacency). A site
    outside that set keeps every supporter it had, so it stays functional: the set is
    what "delete and re-derive" has to drop."""
    func, name = b._func, b._name
    found: set[Cell] = set()
    stack = [s for s in seeds if s in func]
    while stack:
        c = stack.pop()
        if c in found:
            continue
        found.add(c)
        supported = SUPPORTS[ROLE[name[c]]]
        stack += [n for n in logistic_neighbours(b, c)
                  if n in func and n not in found and ROLE[name[n]] in supported]
    return found


def drop(b: Board, cells: set[Cell]) -> list[Cell]:
    """Take ``cells`` out of the functional set (and their income and ores); returns
    them, to be grown back from what is left."""
    if not cells:
        return []
    b._own_fixed()
    b._func -= cells
    for c in cells:
        b._ores.pop(c, None)
        earn(b, b._owner[c], -INCOME[b._name[c]])
        b._touch_site(c)
    return list(cells)


def rederive(b: Board, seeds: Iterable[Cell]) -> None:
    """Delete and re-derive: drop every functional site that may depend on ``seeds``
    and grow the fixed point back."""
    grow(b, drop(b, closure(b, seeds)))


def income_from_scratch(b: Board) -> dict[int, int]:
    """Income per owner, summed over the functional installations (checks and tests)."""
    out: dict[int, int] = {}
    for c in b._func:
        e = INCOME[b._name[c]]
        if e:
            out[b._owner[c]] = out.get(b._owner[c], 0) + e
    return out
