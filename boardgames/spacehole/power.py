"""The Power phase: which structures can be powered together, and the allocation that
maximises this turn's income (ruling 10).

Structures are counted by role. A structure is powered when it gets its power tokens
and every structure it requires is powered and supports it alone: a powered Colony
needs its own powered Agrodome, a Refinery two powered Mines, a Factory two powered
Refineries, a Starport two powered Colonies, a Stargate one powered Research Lab.
A supporting card still earns its own income.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Final

__all__ = ["INCOME", "UPKEEP", "allocation", "feasible", "income_of", "optimal_allocation"]

UPKEEP: Final = {
    "agrodome": 1, "colony": 1, "mine": 1, "refinery": 1, "factory": 1, "starport": 2,
    "lab": 1, "stargate": 3, "command": 1, "turret": 1, "dome": 1,
}
INCOME: Final = {
    "agrodome": 1, "colony": 3, "mine": 1, "refinery": 2, "factory": 3, "starport": 5,
    "lab": 1, "stargate": 7, "command": 0, "turret": 0, "dome": 0,
}
# role -> (supporting role, how many it needs)
REQUIRES: Final = {
    "colony": ("agrodome", 1), "refinery": ("mine", 2), "factory": ("refinery", 2),
    "starport": ("colony", 2), "stargate": ("lab", 1),
}
ROLES: Final = tuple(UPKEEP)


def income_of(alloc: dict[str, int], terraform: int = 0) -> int:
    """Income of powered counts ``alloc``; each Terraform adds 2 per powered Agrodome."""
    total = sum(INCOME[r] * n for r, n in alloc.items())
    return total + 2 * terraform * alloc.get("agrodome", 0)


def feasible(alloc: dict[str, int], in_play: dict[str, int], power: int) -> bool:
    """Can these counts be powered at once with ``power`` points?"""
    if any(n < 0 or n > in_play.get(r, 0) for r, n in alloc.items()):
        return False
    if sum(UPKEEP[r] * n for r, n in alloc.items()) > power:
        return False
    return all(alloc.get(role, 0) * k <= alloc.get(sup, 0)
               for role, (sup, k) in REQUIRES.items())


def optimal_allocation(in_play: dict[str, int], power: int, terraform: int = 0) -> dict[str, int]:
    """The powered counts that maximise income, ties broken by more powered structures
    (then by a fixed role order, so the answer is deterministic)."""
    return dict(allocation(tuple(in_play.get(r, 0) for r in ROLES), power, terraform))


@lru_cache(maxsize=4096)
def allocation(key: tuple[int, ...], power: int, terraform: int = 0
               ) -> tuple[tuple[str, int], ...]:
    """:func:`optimal_allocation` of the counts ``key`` (in :data:`ROLES` order), as
    ``(role, powered)`` pairs in that order (roles with none powered left out).

    The search (:func:`_optimal`, memoised) gets the problem in a normal form, so that
    problems with the same answer share a memo entry: counts no option can use are
    dropped (a Colony beyond the Agrodomes, a Refinery beyond half the Mines, a Factory
    beyond half of those Refineries, a Starport beyond half of those Colonies, a
    Stargate beyond the Labs), power beyond the upkeep of everything usable is dropped
    (no option is then out of reach), Terraform without an Agrodome counts for nothing,
    and the structures without income (Command Centers, Laser Turrets, Force Domes) go
    in as their total, split afterwards in that order, as the search always did.
    Memoised too (the same structures come back turn after turn)."""
    a, c, m, r, f, s, lab, g, command, turret, dome = key
    c = min(c, a)
    s = min(s, c // 2)
    r = min(r, m // 2)
    f = min(f, r // 2)
    g = min(g, lab)
    z = command + turret + dome
    usable = a + c + 2 * s + m + r + f + lab + 3 * g + z
    picked, z = _optimal((a, c, s, m, r, f, lab, g, z), min(power, usable),
                         terraform if a else 0)
    out = dict(picked)
    for role, have in (("command", command), ("turret", turret), ("dome", dome)):
        take = min(z, have)
        out[role] = take
        z -= take
    return tuple((r, k) for r in ROLES if (k := out.get(r, 0)))


def _best_per_upkeep(opts: Iterable[tuple[int, int, int, Any]]
                     ) -> list[tuple[int, int, int, Any]]:
    """Within a group, only the best option (income, then count) for each upkeep
    (the first found on ties) can be part of an optimum."""
    best: dict[int, tuple[int, int, int, Any]] = {}
    for o in opts:
        b = best.get(o[0])
        if b is None or o[1] > b[1] or (o[1] == b[1] and o[2] > b[2]):
            best[o[0]] = o
    return list(best.values())


@lru_cache(maxsize=4096)
def _optimal(key: tuple[int, ...], power: int, terraform: int
             ) -> tuple[tuple[tuple[str, int], ...], int]:
    """The search of :func:`allocation`, over counts ``key`` = (agrodome, colony,
    starport, mine, refinery, factory, lab, stargate, structures without income):
    (the income structures' chosen counts, how many without income are powered)."""
    n = dict(zip(("agrodome", "colony", "starport", "mine", "refinery", "factory", "lab",
                  "stargate", "zero"), key, strict=True))
    agro_income = 1 + 2 * terraform
    # Each group: options (upkeep, income, powered count, counts) of chains that share
    # supporters; counts are (role, k) pairs.
    agro = _best_per_upkeep(
        (a + c + 2 * s, agro_income * a + 3 * c + 5 * s, a + c + s,
         (("agrodome", a), ("colony", c), ("starport", s)))
        for a in range(n["agrodome"] + 1)
        for c in range(min(n["colony"], a) + 1)
        for s in range(min(n["starport"], c // 2) + 1))
    mines = _best_per_upkeep(
        (m + r + f, m + 2 * r + 3 * f, m + r + f,
         (("mine", m), ("refinery", r), ("factory", f)))
        for m in range(n["mine"] + 1)
        for r in range(min(n["refinery"], m // 2) + 1)
        for f in range(min(n["factory"], r // 2) + 1))
    labs = _best_per_upkeep(
        (lab + 3 * g, lab + 7 * g, lab + g, (("lab", lab), ("stargate", g)))
        for lab in range(n["lab"] + 1)
        for g in range(min(n["stargate"], lab) + 1))
    zeros = [(z, 0, z, (("zero", z),)) for z in range(n["zero"] + 1)]
    # Knapsack over the groups by power budget: best[p] = (income, count, choice list).
    best: dict[int, tuple[int, int, tuple[Any, ...]]] = {0: (0, 0, ())}
    for opts in (agro, mines, labs, zeros):
        nxt: dict[int, tuple[int, int, tuple[Any, ...]]] = {}
        get = nxt.get
        for used, (inc, cnt, picks) in best.items():
            for up, oi, oc, counts in opts:
                p = used + up
                if p > power:
                    continue
                i2, c2 = inc + oi, cnt + oc
                old = get(p)
                if old is None or i2 > old[0] or (i2 == old[0] and c2 > old[1]):
                    nxt[p] = (i2, c2, (*picks, counts))
        best = nxt
    _, _, picks = max(best.values(), key=_income_count)
    out: dict[str, int] = {}
    for counts in picks:
        out.update(counts)
    z = out.pop("zero", 0)
    return tuple((r, k) for r, k in out.items() if k), z


def _income_count(t: tuple[int, int, Any]) -> tuple[int, int]:
    return t[0], t[1]
