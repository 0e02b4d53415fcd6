"""``Board.explain``: why a site is functional, or which requirement fails, following the
chain of sites it depends on.

    Factory at (3,4) is defunct: the Refinery at (3,5) carries no Metals: its Extractor
    at (2,5) has no Metals neighbour

The explanation reads the board's fixed point (which sites are functional, which ores
they carry); it never changes the board. For a defunct site it names the first
requirement (in the card list's order) that no functional neighbour meets and, when a
neighbour of the right kind exists but is defunct itself, explains that neighbour in
turn. A chain that comes back to a site already explained is a loop: no chain of sites
can power itself from nothing (the least fixed point of RULINGS.md, Space Base 6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .cells import Cell, cell_text
from .data import CARDS, EXTRACTORS, INSTALLATIONS, ORE_OF, POWER_SOURCES, RESOURCES
from .functional import (
    REQUIRES,
    carried,
    logistic_neighbours,
    requirement_met,
    volcano_neighbours,
)

if TYPE_CHECKING:
    from .board import Board

__all__ = ["explain"]

_ROLE_TITLES: Final = {c.role: c.title for c in CARDS.values()}
_LOOP: Final = " (a loop: no chain of sites can power itself from nothing)"


def explain(b: Board, c: Cell) -> str:
    name = b._name.get(c)
    if name is None:
        return f"{cell_text(c)} is empty"
    card = CARDS[name]
    head = f"{card.title} at {cell_text(c)}"
    if card.role in RESOURCES:
        return (f"{head} is a resource site: it yields {ORE_OF[card.role]} to the extractors "
                "next to it (resource sites need nothing and meteors do not damage them)")
    if card.role == "volcano":
        return (f"{head} is a volcano site (not a resource site): a Geothermal Plant next to "
                "it can work (volcano sites need nothing and meteors do not damage them)")
    if card.role not in INSTALLATIONS:  # pragma: no cover - only sites are on the map
        return head
    if c in b._func:
        return f"{head} is functional: " + "; ".join(_supports(b, c))
    return f"{head} is defunct: " + _why(b, c, frozenset())


# ---------------------------------------------------------------------- functional
def _title(b: Board, n: Cell) -> str:
    return f"{CARDS[b._name[n]].title} at {cell_text(n)}"


def _whose(b: Board, c: Cell, n: Cell) -> str:
    """"the X at (p)", or "Player k's X at (p)" when another player controls it."""
    o = b._owner[n]
    return f"the {_title(b, n)}" if o == b._owner[c] else f"Player {o}'s {_title(b, n)}"


def _via(b: Board, c: Cell, n: Cell) -> str:
    if n in b._nb[c]:
        return ""
    hubs = [h for h in b._nb[c] if h in b._nb[n] and h in b._func
            and b._name.get(h) == "Transport Hub"]
    return f" via the Transport Hub at {cell_text(min(hubs))}" if hubs else ""


def _supports(b: Board, c: Cell) -> list[str]:
    role = CARDS[b._name[c]].role
    out: list[str] = []
    if role in POWER_SOURCES:
        out.append("it produces power")
    if not REQUIRES[role]:
        out.insert(0, "it has no requirements")
    for req in REQUIRES[role]:
        n = _support(b, c, req)
        assert n is not None, (c, req)
        what = _whose(b, c, n) + _via(b, c, n)
        kind = req[0]
        if kind == "power":
            out.append(f"power from {what}")
        elif kind in ("extractor", "refinery"):
            ores = ", ".join(sorted(b._ores.get(n, ())))
            out.append(f"{what} carries {ores}")
        elif kind == "resource":
            out.append(f"resources from {what}")
        else:
            out.append(what)
    if role in ("outpost", "extractor", "refinery"):
        carries = sorted(b._ores.get(c, ()))
        out.append(f"it carries {', '.join(carries)}" if carries else "it carries no ore")
    return out


def _support(b: Board, c: Cell, req: tuple[Any, ...]) -> Cell | None:
    """The first neighbour (sorted) that meets ``req`` for ``c``."""
    name, func, ores = b._name, b._func, b._ores
    kind = req[0]
    if kind == "power":
        cands = [n for n in b._nb[c] if n in func and CARDS[name[n]].role in POWER_SOURCES]
    elif kind == "volcano":
        cands = [n for n in volcano_neighbours(b, c) if CARDS[name[n]].role == "volcano"]
    elif kind == "resource":
        cands = [n for n in logistic_neighbours(b, c) if CARDS[name[n]].role in RESOURCES]
    elif kind in ("extractor", "refinery"):
        roles = EXTRACTORS if kind == "extractor" else {"refinery"}
        ore = req[1]
        cands = [n for n in logistic_neighbours(b, c)
                 if n in func and CARDS[name[n]].role in roles
                 and ((ore is None and ores[n]) or ore in ores[n])]
    else:
        cands = [n for n in logistic_neighbours(b, c)
                 if n in func and CARDS[name[n]].role in req[1]]
    return min(cands) if cands else None


# ---------------------------------------------------------------------- defunct
def _why(b: Board, c: Cell, seen: frozenset[Cell]) -> str:
    seen = seen | {c}
    d = b._dmg.get(c, 0)
    if d:
        return f"it has {d} damage (damaged installations are defunct)"
    for req in REQUIRES[CARDS[b._name[c]].role]:
        if not requirement_met(b, c, req):
            return _fail(b, c, req, seen)
    return "its requirements are met but the fixed point was not updated"  # pragma: no cover


def _defunct(b: Board, n: Cell, seen: frozenset[Cell], prefix: str = "the") -> str:
    t = f"{prefix} {_title(b, n)} is defunct"
    if n in seen:
        return t + _LOOP
    return f"{t}: {_why(b, n, seen)}"


def _pick(cands: list[Cell], seen: frozenset[Cell]) -> Cell:
    fresh = [n for n in cands if n not in seen]
    return min(fresh or cands)


def _fail(b: Board, c: Cell, req: tuple[Any, ...], seen: frozenset[Cell]) -> str:
    name, func = b._name, b._func
    role_of = {n: CARDS[name[n]].role for n in logistic_neighbours(b, c)}
    for n in b._nb[c]:
        if n in name:
            role_of[n] = CARDS[name[n]].role
    kind = req[0]
    if kind == "power":
        cands = [n for n in b._nb[c] if n in name and role_of[n] in POWER_SOURCES]
        if not cands:
            far = [n for n in logistic_neighbours(b, c)
                   if n not in b._nb[c] and role_of[n] in POWER_SOURCES]
            msg = ("it has no power: no Outpost, Solar Panels Array, Geothermal Plant or "
                   "Reactor Core next to it")
            if far:
                msg += (f" (the {_title(b, min(far))} is linked by a Transport Hub, which "
                        "does not transmit power)")
            return msg
        return "it has no power: " + _defunct(b, _pick(cands, seen), seen)
    if kind == "resource":
        return "there is no resource site next to it"
    if kind == "volcano":
        msg = "there is no Volcano next to it"
        far = [n for n in logistic_neighbours(b, c) if role_of[n] == "volcano"]
        if far:
            msg += (f" (the {_title(b, min(far))} is linked by a Transport Hub, and the "
                    "option volcano_adjacency is 'physical')")
        return msg
    if kind == "site":
        roles = req[1]
        cands = [n for n in logistic_neighbours(b, c) if role_of[n] in roles]
        if not cands:
            names = " or ".join(_ROLE_TITLES[r] for r in roles)
            return f"there is no {names} next to it"
        return _defunct(b, _pick(cands, seen), seen)
    ore = req[1]
    if kind == "extractor":
        cands = [n for n in logistic_neighbours(b, c) if role_of[n] in EXTRACTORS]
        if not cands:
            return "there is no Extractor (or Outpost) next to it"
        return _no_ore(b, cands, ore, seen, prefix="the")
    cands = [n for n in logistic_neighbours(b, c) if role_of[n] == "refinery"]
    if not cands:
        return "there is no Refinery next to it"
    # A defunct refinery that would carry the ore says more than a working one that cannot.
    useful = [r for r in cands if r not in func and _could_carry(b, r, ore)]
    working = [r for r in cands if r in func]
    if useful or not working:
        return _defunct(b, _pick(useful or cands, seen), seen)
    r = min(working)
    what = ore or "ore"
    extractors = [n for n in logistic_neighbours(b, r) if CARDS[name[n]].role in EXTRACTORS]
    return (f"the {_title(b, r)} carries no {what}: "
            + _no_ore(b, extractors, ore, seen | {r}, prefix="its"))


def _could_carry(b: Board, r: Cell, ore: str | None) -> bool:
    """A refinery with an extractor neighbour next to a resource of ``ore``."""
    for n in logistic_neighbours(b, r):
        if CARDS[b._name[n]].role in EXTRACTORS:
            found = carried(b, n, "extractor")
            if (ore is None and found) or ore in found:
                return True
    return False


def _no_ore(b: Board, extractors: list[Cell], ore: str | None, seen: frozenset[Cell],
            prefix: str) -> str:
    """Why none of ``extractors`` (functional or not) supplies ``ore``."""
    func = b._func
    what = ore or "resource"
    useful = []
    for n in extractors:
        found = carried(b, n, "extractor")
        if n not in func and ((ore is None and found) or ore in found):
            useful.append(n)
    if useful:
        return _defunct(b, _pick(useful, seen), seen, prefix)
    working = sorted(n for n in extractors if n in func)
    if not working:
        return _defunct(b, _pick(extractors, seen), seen, prefix)
    listed = ", ".join(_title(b, n) for n in working)
    verb = "has" if len(working) == 1 else "have"
    return f"{prefix} {listed} {verb} no {what} neighbour"
