"""The one view of an Intergalactic position (Intergalactic has no hidden information:
every player and a spectator see the same race records)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import data
from .data import KIND, STAGE_LIST

if TYPE_CHECKING:
    from .game import Intergalactic
    from .state import IntergalacticState

__all__ = ["view"]


@lru_cache(maxsize=8192)
def _held(entries: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Held ``entries`` by kind: (kind, names) for technology, world, development, fleet."""
    held: dict[str, list[str]] = {k: [] for k in ("technology", "world", "development",
                                                  "fleet")}
    for n in entries:
        held[KIND[data.by_name(n).list]].append(n)
    return tuple((k, tuple(v)) for k, v in held.items())


def view(game: Intergalactic, s: IntergalacticState, player: int | None) -> dict[str, Any]:
    """The JSON-safe view of ``s`` (the same for every viewer)."""
    records = []
    for p in range(game.players):
        records.append({
            "player": p,
            "race": s.races[p],
            "homeworld": s.homeworlds[p],
            "attributes": game.attributes(p, s),
            "held": {k: list(names) for k, names in _held(s.entries[p])},
            "tokens": s.tokens[p],
            "cap": game.cap(p, s),
            "vp": game.vp(p, s),
            "alive": s.alive[p],
            "next_bonus": s.bonus[p],
            "jammed": s.jam[p],
            "advanced": game.advanced(p, s),
            "fleets": len(game.fleets(p, s)),
        })
    v: dict[str, Any] = {
        "stage": s.stage,
        "order": list(s.order),
        "records": records,
        "list": STAGE_LIST.get(s.stage),
        "active": s.active,
        "last": dict(s.last) if s.last else None,
    }
    if s.cur is not None:
        cur = s.cur
        landing = cur["total"] + cur["shift"]
        e = game.landing(landing, s)
        v["roll"] = {"player": cur["player"], "list": cur["list"], "die": cur["die"],
                     "modifier": cur["mod"], "total": cur["total"], "shift": cur["shift"],
                     "landing": landing, "entry": e.name if e else None}
    if s.battle is not None:
        b = s.battle
        v["battle"] = {
            "attacker": b["attacker"], "defender": b["defender"],
            "bonus": {k: dict(t) for k, t in b["bonus"].items()},
            "bat": dict(b["bat"]), "rolls": dict(b["rolls"]),
            "loser": b["loser"],
        }
    return v
