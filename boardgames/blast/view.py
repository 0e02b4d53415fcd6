"""The views: what a player (or a spectator, ``player=None``) sees of a position.

Everything is public except the hands: a player sees their own hand, and the other
hand only while they hold Espionage's look at it (``spy``); a spectator sees neither.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .board import hand_limit, planets_held
from .data import HOMEWORLDS, PLANETS, SECTORS, SIDES
from .rules import Rules
from .state import BlastState, jammed

__all__ = ["view"]


def _sectors(s: BlastState) -> list[dict[str, Any]]:
    out = []
    for i in range(SECTORS):
        t, e = s.units[0][i], s.units[1][i]
        ctrl = "terran" if t and not e else "empire" if e and not t else None
        out.append({"sector": i + 1, "planet": PLANETS.get(i + 1),
                    "terran": list(t), "empire": list(e), "control": ctrl})
    return out


def _fight(s: BlastState) -> dict[str, Any] | None:
    if s.fight is None:
        return None
    sector, ab, db, ac, dc, ar, dr = s.fight
    a = s.player
    attack, defence = sum(s.units[a][sector - 1]), sum(s.units[1 - a][sector - 1])
    return {
        "sector": sector, "attacker": SIDES[a], "defender": SIDES[1 - a],
        "attacker_force": attack, "defender_force": defence,
        "attack_bonus": ab, "defence_bonus": db,
        "attack_cards": list(ac), "defence_cards": list(dc),
        "attack_rolls": list(ar), "defence_rolls": list(dr),
        "attacker_total": attack + ab, "defender_total": defence + db,
    }


def _keep(s: BlastState) -> dict[str, Any] | None:
    if s.keep is None:
        return None
    sector, w, diff, kept = s.keep
    return {"sector": sector, "winner": SIDES[w], "difference": diff,
            "kept": list(kept), "units": list(s.units[w][sector - 1])}


def _last_fight(s: BlastState) -> dict[str, Any] | None:
    if s.last_fight is None:
        return None
    sector, at, dt, w = s.last_fight
    return {"sector": sector, "attacker_total": at, "defender_total": dt,
            "winner": None if w is None else SIDES[w]}


def _hidden(s: BlastState, player: int | None) -> dict[str, Any]:
    """The hands ``player`` sees."""
    if player is None:
        return {}
    out: dict[str, Any] = {"side": SIDES[player], "hand": list(s.hands[player])}
    if s.spy == player:
        out["opponent_hand"] = list(s.hands[1 - player])
    return out


def view(rules: Rules, s: BlastState, player: int | None) -> dict[str, Any]:
    """The view of ``player`` (None: a spectator)."""
    units = s.units
    sectors = _sectors(s)
    return {
        "sides": list(SIDES),
        "to_move": SIDES[s.player],
        "actor": SIDES[s.actor] if s.pending else None,
        "decision": s.pending,
        "chance": s.chance[0] if s.chance else None,
        "sectors": sectors,
        "planets": {name: {"sector": sec, "control": sectors[sec - 1]["control"]}
                    for sec, name in PLANETS.items()},
        "homeworlds": {SIDES[p]: HOMEWORLDS[p] for p in (0, 1)},
        "planets_held": [planets_held(units, 0), planets_held(units, 1)],
        "scrap": {SIDES[p]: list(s.scrap[p]) for p in (0, 1)},
        "hand_sizes": [len(s.hands[0]), len(s.hands[1])],
        "hand_limits": [hand_limit(units, 0), hand_limit(units, 1)],
        "deck_size": len(s.deck),
        "vortex": dict(sorted(Counter(s.vortex).items())),
        "vortex_size": len(s.vortex),
        "in_play": list(s.play),
        "rolled": list(s.faces),
        "doubles": len(s.faces) == 2 and s.faces[0] == s.faces[1],
        "dice": [x[0] for x in s.dice],
        "jammed": [list(pin) for pin in jammed(s)],
        "espionage": SIDES[s.spy] if s.spy is not None else None,
        "fight": _fight(s),
        "keep": _keep(s),
        "last_fight": _last_fight(s),
        "extra_turns": s.extra,
        "discards_left": s.mo_left,
        "max_turns": rules.max_turns,
        "winner_side": SIDES[s.winner] if s.winner is not None else None,
        **_hidden(s, player),
    }
