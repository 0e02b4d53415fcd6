"""Space Base views: what a player (or a spectator) may see, as a JSON-safe dict.

The map, credits, hand sizes, the discard pile and the deck's size are public. A hand is
added only to its owner's view (``hand``), and the hand a Control card looks at only to
the looker's view while they choose the card to take (``peek``): the only two places a
hand appears, both decided here. The deck's order and contents never appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import data

if TYPE_CHECKING:
    from .game import SpaceBase, SpaceBaseState

__all__ = ["view"]

_KIND = {c.name: c.kind for c in data.CARD_LIST}


SITE_COLUMNS = ["x", "y", "name", "owner", "damage", "functional", "shielded"]
"""The columns of ``view["board"]["sites"]``: one row per site, sorted by cell."""


def board_view(b: Any) -> dict[str, Any]:
    """The map of a board as compact JSON-safe data: one row per site (columns
    ``SITE_COLUMNS``; ``shielded``: an installation under a functional Shield Generator's
    cover), the ores each functional extractor, Outpost or refinery carries (keyed by
    ``"(x,y)"``), and the extra logistic edges of functional Transport Hubs
    (``[ax, ay, bx, by]``)."""
    name, owner, dmg, func, ores = b._name, b._owner, b._dmg, b._func, b._ores
    shields = [c for c in func if name[c] == "Shield Generator"]
    cover = set(shields)
    for c in shields:
        cover.update(b._nb[c])
    sites = [[c[0], c[1], nm, owner[c], dmg.get(c, 0), c in func,
              c in cover and _KIND[nm] == "installation"]
             for c, nm in sorted(name.items())]
    return {
        "size": b.size,
        "sites": sites,
        "ores": {f"({c[0]},{c[1]})": sorted(o) for c, o in sorted(ores.items()) if o},
        "hub_links": [[a[0], a[1], z[0], z[1]] for a, z, _ in b.hub_links()],
    }


def view(game: SpaceBase, s: SpaceBaseState, player: int | None) -> dict[str, Any]:
    from .game import CORNERS

    n = game.players
    b = s.board
    pend = s.pending
    pending = None
    if pend is not None:
        if pend[0] == "transfer":
            pending = {"kind": "transfer", "cell": list(pend[1])}
        elif pend[0] == "build":
            pending = {"kind": "build", "card": pend[1]}
        else:
            pending = {"kind": "steal", "player": pend[1]}
    meteor = None
    if s.meteor is not None:
        c, d, result = s.meteor
        meteor = {"cell": [c[0], c[1]], "damage": d, "result": result}
    v: dict[str, Any] = {
        "round": (s.turn - 1) // n + 1 if s.turn else 0,
        "turn_player": s.player if s.phase != "setup" else min(s.player, n - 1),
        "board": game._board_view(s),
        "credits": list(s.credits),
        "income": [b.income(p) for p in range(n)],
        "hand_sizes": [len(h) for h in s.hands],
        "deck_size": len(s.deck),
        "discard": dict(sorted(s.discard.items())),
        "outposts_in_box": s.box,
        "corners": [list(CORNERS[p]) for p in range(n)],
        "pending": pending,
        "chance": s.chance[0] if s.chance else None,
        "meteor": meteor,
        "last_income": list(s.last_income) if s.last_income else None,
        "action_cards_played": s.played,
    }
    if player is not None:
        v["hand"] = list(s.hands[player])
        if s.peek is not None and s.peek[0] == player:
            q = s.peek[1]
            v["peek"] = {"player": q, "hand": list(s.hands[q])}
    return v
