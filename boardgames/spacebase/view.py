"""Space Base views: what a player (or a spectator) may see, as a JSON-safe dict.

The map, credits, hand sizes, the discard pile and the deck's size are public. A hand is
added only to its owner's view (``hand``), and the hand a Control card looks at only to
the looker's view while they choose the card to take (``peek``): the only two places a
hand appears, both decided here. The deck's order and contents never appear.
"""

from __future__ import annotations

from typing import Any, Final

from . import data
from .board import Board
from .setup import CORNERS
from .state import SpaceBaseState

__all__ = ["SITE_COLUMNS", "board_view", "copy_board_view", "hands_seen", "view"]

_KIND: Final = {c.name: c.kind for c in data.CARD_LIST}


SITE_COLUMNS: Final = ["x", "y", "name", "owner", "damage", "functional", "shielded"]
"""The columns of ``view["board"]["sites"]``: one row per site, sorted by cell."""


def board_view(b: Board) -> dict[str, Any]:
    """The map of a board as compact JSON-safe data: one row per site (columns
    ``SITE_COLUMNS``; ``shielded``: an installation under a functional Shield Generator's
    cover), the ores each functional extractor, Outpost or refinery carries (keyed by
    ``"(x,y)"``), and the extra logistic edges of functional Transport Hubs
    (``[ax, ay, bx, by]``)."""
    name, owner, dmg, func, ores = b._name, b._owner, b._dmg, b._func, b._ores
    cover = b.shield_cover()
    sites = [[c[0], c[1], nm, owner[c], dmg.get(c, 0), c in func,
              c in cover and _KIND[nm] == "installation"]
             for c, nm in sorted(name.items())]
    return {
        "size": b.size,
        "sites": sites,
        "ores": {f"({c[0]},{c[1]})": sorted(o) for c, o in sorted(ores.items()) if o},
        "hub_links": [[a[0], a[1], z[0], z[1]] for a, z, _ in b.hub_links()],
    }


def copy_board_view(bv: dict[str, Any]) -> dict[str, Any]:
    """A copy of a :func:`board_view` that its caller may change."""
    return {"size": bv["size"], "sites": [r.copy() for r in bv["sites"]],
            "ores": {k: v.copy() for k, v in bv["ores"].items()},
            "hub_links": [r.copy() for r in bv["hub_links"]]}


def _pending(s: SpaceBaseState) -> dict[str, Any] | None:
    """The first part of a decision under way, as the view shows it."""
    if s.pending is None:
        return None
    kind, what = s.pending
    if kind == "transfer":
        return {"kind": "transfer", "cell": list(what)}
    if kind == "build":
        return {"kind": "build", "card": what}
    return {"kind": "steal", "player": what}


def _meteor(s: SpaceBaseState) -> dict[str, Any] | None:
    if s.meteor is None:
        return None
    c, d, result = s.meteor
    return {"cell": [c[0], c[1]], "damage": d, "result": result}


def view(s: SpaceBaseState, player: int | None, board: dict[str, Any]) -> dict[str, Any]:
    """The game's part of ``view(player)``: the map (``board``: :func:`board_view`), the
    public counts, and the hands ``player`` may see (the only hidden information)."""
    n = s.players
    v: dict[str, Any] = {
        "round": (s.turn - 1) // n + 1 if s.turn else 0,
        "turn_player": s.player if s.phase != "setup" else min(s.player, n - 1),
        "board": board,
        "credits": list(s.credits),
        "income": [s.board.income(p) for p in range(n)],
        "hand_sizes": [len(h) for h in s.hands],
        "deck_size": len(s.deck),
        "discard": dict(sorted(s.discard.items())),
        "outposts_in_box": s.box,
        "corners": [list(CORNERS[p]) for p in range(n)],
        "pending": _pending(s),
        "chance": s.chance[0] if s.chance else None,
        "meteor": _meteor(s),
        "last_income": list(s.last_income) if s.last_income else None,
        "action_cards_played": s.played,
    }
    v.update(hands_seen(s, player))
    return v


def hands_seen(s: SpaceBaseState, player: int | None) -> dict[str, Any]:
    """The hidden information ``player`` may see: their own hand, and while they choose
    the card to take after a Control card's look, the hand looked at (``peek``)."""
    if player is None:
        return {}
    out: dict[str, Any] = {"hand": list(s.hands[player])}
    if s.peek is not None and s.peek[0] == player:
        q = s.peek[1]
        out["peek"] = {"player": q, "hand": list(s.hands[q])}
    return out
