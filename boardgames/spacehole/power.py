"""The Power phase: which structures can be powered together, and the allocation that
maximises this turn's income (ruling 10).

Structures are counted by role. A structure is powered when it gets its power tokens
and every structure it requires is powered and supports it alone: a powered Colony
needs its own powered Agrodome, a Refinery two powered Mines, a Factory two powered
Refineries, a Starport two powered Colonies, a Stargate one powered Research Lab.
A supporting card still earns its own income.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["INCOME", "UPKEEP", "feasible", "income_of", "optimal_allocation"]

UPKEEP = {
    "agrodome": 1, "colony": 1, "mine": 1, "refinery": 1, "factory": 1, "starport": 2,
    "lab": 1, "stargate": 3, "command": 1, "turret": 1, "dome": 1,
}
INCOME = {
    "agrodome": 1, "colony": 3, "mine": 1, "refinery": 2, "factory": 3, "starport": 5,
    "lab": 1, "stargate": 7, "command": 0, "turret": 0, "dome": 0,
}
# role -> (supporting role, how many it needs)
REQUIRES = {
    "colony": ("agrodome", 1), "refinery": ("mine", 2), "factory": ("refinery", 2),
    "starport": ("colony", 2), "stargate": ("lab", 1),
}
ROLES = tuple(UPKEEP)


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
    key = tuple(in_play.get(r, 0) for r in ROLES)
    return dict(_optimal(key, power, terraform))


def _best_per_upkeep(opts: list[tuple[int, int, int, dict[str, int]]]
                     ) -> list[tuple[int, int, int, dict[str, int]]]:
    """Within a group, only the best option (income, then count) for each upkeep
    (the first found on ties) can be part of an optimum."""
    best: dict[int, tuple[int, int, int, dict[str, int]]] = {}
    for o in opts:
        b = best.get(o[0])
        if b is None or o[1:3] > b[1:3]:
            best[o[0]] = o
    return list(best.values())


@lru_cache(maxsize=4096)
def _optimal(key: tuple[int, ...], power: int, terraform: int) -> tuple[tuple[str, int], ...]:
    n = dict(zip(ROLES, key, strict=True))
    agro_income = 1 + 2 * terraform
    groups: list[list[tuple[int, int, int, dict[str, int]]]] = []
    # Each group: options (upkeep, income, powered count, counts) of chains that share supporters.
    opts = []
    for a in range(n["agrodome"] + 1):
        for c in range(min(n["colony"], a) + 1):
            for s in range(min(n["starport"], c // 2) + 1):
                opts.append((a + c + 2 * s, agro_income * a + 3 * c + 5 * s, a + c + s,
                             {"agrodome": a, "colony": c, "starport": s}))
    groups.append(opts)
    opts = []
    for m in range(n["mine"] + 1):
        for r in range(min(n["refinery"], m // 2) + 1):
            for f in range(min(n["factory"], r // 2) + 1):
                opts.append((m + r + f, m + 2 * r + 3 * f, m + r + f,
                             {"mine": m, "refinery": r, "factory": f}))
    groups.append(opts)
    opts = []
    for lab in range(n["lab"] + 1):
        for g in range(min(n["stargate"], lab) + 1):
            opts.append((lab + 3 * g, lab + 7 * g, lab + g, {"lab": lab, "stargate": g}))
    groups.append(opts)
    zero = n["command"] + n["turret"] + n["dome"]
    groups.append([(z, 0, z, {"zero": z}) for z in range(zero + 1)])

    groups = [_best_per_upkeep(opts) for opts in groups]
    # Knapsack over the groups by power budget: best[(p)] = (income, count, choice list).
    best: dict[int, tuple[int, int, tuple[dict[str, int], ...]]] = {0: (0, 0, ())}
    for opts in groups:
        nxt: dict[int, tuple[int, int, tuple[dict[str, int], ...]]] = {}
        for used, (inc, cnt, picks) in best.items():
            for up, oi, oc, counts in opts:
                p = used + up
                if p > power:
                    continue
                cand = (inc + oi, cnt + oc, (*picks, counts))
                old = nxt.get(p)
                if old is None or cand[:2] > old[:2]:
                    nxt[p] = cand
        best = nxt
    _, _, picks = max(best.values(), key=lambda t: (t[0], t[1]))
    out: dict[str, int] = {}
    for counts in picks:
        out.update(counts)
    z = out.pop("zero", 0)
    for role in ("command", "turret", "dome"):
        take = min(z, n[role])
        out[role] = take
        z -= take
    return tuple((r, out.get(r, 0)) for r in ROLES if out.get(r, 0))
