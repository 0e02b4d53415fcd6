"""The race record: what a player's Race, Homeworld and held entries give (attribute
levels, Victory Points, fleets, Advanced entries, the token cap), as pure functions of
the held names (memoised: a record changes a few times a turn)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from . import data
from .data import ATTRIBUTES, LISTS, Entry

__all__ = ["INDEX", "advanced", "all_attributes", "attributes_after", "cap", "criminals",
           "entries_vp", "fleets", "is_fleet", "meets", "spoils_of"]

INDEX: Final = {a: i for i, a in enumerate(ATTRIBUTES)}
"""The index of each attribute in a row of levels."""
INTELLIGENCE: Final = INDEX["Intelligence"]
RACES: Final = {e.name: e for e in data.RACE}
HOMES: Final = {e.name: e for e in data.HOMEWORLD}

_FLEET_NAMES: Final = frozenset(e.name for rows in LISTS.values() for e in rows
                                if e.fleet > 0 and e.kept)
_WORLD_NAMES: Final = frozenset(e.name for e in LISTS["exploration"] if e.kept)
_DEVELOPMENT_NAMES: Final = frozenset(e.name for e in LISTS["development"] if e.kept)
CRIMINAL_NAMES: Final = frozenset(e.name for e in data.DEVELOPMENT if e.criminal)


def is_fleet(name: str) -> bool:
    """Whether the held entry ``name`` gives Fleet (rule "End": each one is a fleet; a
    world or development with a Fleet bonus too, ruling 8)."""
    return name in _FLEET_NAMES


@lru_cache(maxsize=4096)
def base_attributes(race: str | None, home: str | None, entries: tuple[str, ...]
                    ) -> tuple[int, ...]:
    """Attribute levels from a Race, a Homeworld and held entries (no criminal
    penalties)."""
    acc = [0] * len(ATTRIBUTES)
    rows = [data.by_name(n) for n in entries]
    if race:
        rows.append(RACES[race])
    if home:
        rows.append(HOMES[home])
    for e in rows:
        for a, v in e.effects:
            acc[INDEX[a]] += v
    return tuple(acc)


@lru_cache(maxsize=4096)
def criminals(entries: tuple[str, ...]) -> tuple[int, ...]:
    """Attribute indices of the Criminal developments among ``entries`` (one per
    effect): each lowers that attribute of every opponent by 1 (ruling 6)."""
    return tuple(INDEX[a] for n in entries if (e := data.by_name(n)).criminal
                 for a, _ in e.effects)


def all_attributes(races: tuple[str | None, ...], homes: tuple[str | None, ...],
                   entries: tuple[tuple[str, ...], ...], alive: tuple[bool, ...]
                   ) -> tuple[tuple[int, ...], ...]:
    """Every player's attribute levels: Race, Homeworld and held entries, minus 1 per
    Criminal development of each living opponent (ruling 6)."""
    n = len(entries)
    out = [list(base_attributes(races[p], homes[p], entries[p])) for p in range(n)]
    for q in range(n):
        if not alive[q]:
            continue
        for i in criminals(entries[q]):
            for p in range(n):
                if p != q:
                    out[p][i] -= 1
    return tuple(tuple(row) for row in out)


def attributes_after(attrs: tuple[tuple[int, ...], ...], p: int, e: Entry, sign: int,
                     effects: bool, alive: bool) -> tuple[tuple[int, ...], ...]:
    """The attribute levels ``attrs`` after player ``p`` gains (``sign`` 1) or loses (-1)
    entry ``e``: its effects on ``p`` (unless ``effects`` is False: an elimination keeps
    the entries) and, for a Criminal development of a living player, its penalty on the
    opponents (ruling 6)."""
    rows = [list(r) for r in attrs]
    if effects:
        for a, v in e.effects:
            rows[p][INDEX[a]] += sign * v
    if e.criminal and alive:
        for q in range(len(rows)):
            if q != p:
                for a, _ in e.effects:
                    rows[q][INDEX[a]] -= sign
    return tuple(tuple(r) for r in rows)


def meets(levels: tuple[int, ...], e: Entry) -> bool:
    """Whether a player with attribute ``levels`` meets ``e``'s requirement."""
    return e.req is None or levels[INDEX[e.req[0]]] >= e.req[1]


def cap(levels: tuple[int, ...]) -> int:
    """The token cap: 20 + Intelligence, at least 0."""
    return max(0, 20 + levels[INTELLIGENCE])


@lru_cache(maxsize=8192)
def fleets(entries: tuple[str, ...]) -> tuple[str, ...]:
    """The entries among ``entries`` that give Fleet (each one is a fleet: rule "End")."""
    return tuple(n for n in entries if is_fleet(n))


@lru_cache(maxsize=8192)
def entries_vp(entries: tuple[str, ...]) -> int:
    """Victory Points of held ``entries`` (``Entry.points``, ruling 9: 1 per technology,
    world, development or fleet, plus every "VP +N"; a Buildup entry without Fleet,
    none)."""
    return sum(data.by_name(n).points for n in entries)


@lru_cache(maxsize=8192)
def advanced(entries: tuple[str, ...]) -> int:
    """Advanced (requirement-bearing) technologies and fleets among ``entries``."""
    return sum(1 for n in entries
               if (e := data.by_name(n)).advanced and e.list in ("research", "buildup"))


@lru_cache(maxsize=4096)
def spoils_of(entries: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The Resolution's choices against a loser holding ``entries``: take one of its
    worlds or eliminate one of its developments, whichever it holds more of (both when
    it holds as many)."""
    worlds = [n for n in entries if n in _WORLD_NAMES]
    devs = [n for n in entries if n in _DEVELOPMENT_NAMES]
    out: list[tuple[str, str]] = []
    if len(worlds) >= len(devs):
        out += [("take", n) for n in worlds]
    if len(devs) >= len(worlds):
        out += [("remove", n) for n in devs]
    return tuple(out)
