"""Why an action is refused: ``(rule, reason)`` for ``IllegalActionError``, naming the rule
of spacebase.txt (or the ruling of RULINGS.md) that refuses it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data
from .actions import Move
from .board import cell_text

if TYPE_CHECKING:
    from .game import SpaceBase, SpaceBaseState

__all__ = ["why_illegal"]

_PHASE_VERBS = {
    "transfer": ("transfer", "done"),
    "repair": ("repair", "done"),
    "control": ("control", "look", "done"),
    "draw": ("discard",),
    "build": ("build", "done"),
}
_PHASE_HELP = {
    "transfer": "play a Transfer card (transfer (x,y)) or end the phase (done)",
    "repair": "pay for repairs (repair (x,y) n) or end the phase (done)",
    "control": "play a Control card (control (x,y), control look p) or end the phase (done)",
    "draw": "discard down to 8 cards (discard <card>)",
    "build": "choose a site card to place (build <card>) or end the turn (done)",
}
_RULE = {"transfer": "Transfer Phase", "repair": "Repair Phase", "control": "Control Phase",
         "draw": "Draw Phase", "build": "Build Phase"}


def why_illegal(game: SpaceBase, s: SpaceBaseState, a: Move) -> tuple[str, str]:
    from .game import _NB, CORNERS, OUTPOST_REACH

    p, ph, pend, b, v = s.player, s.phase, s.pending, s.board, a.verb
    hand = s.hands[p]
    who = f"Player {p}"
    name = b._name

    def own_site(c: tuple[int, int], rule: str) -> tuple[str, str] | None:
        if c not in name:
            return (rule, f"there is no site at {cell_text(c)}")
        if b._owner[c] != p:
            return (rule, f"{who} does not control the {name[c]} at {cell_text(c)}")
        return None

    if ph == "setup":
        corner = CORNERS[p]
        if v != "outpost":
            return ("Setup", f"{who} first places the Outpost (outpost (x,y), within "
                             f"{OUTPOST_REACH} spaces of the corner {cell_text(corner)})")
        c = a.cell
        if c in name:
            return ("Build Phase: one site card per space",
                    f"{cell_text(c)} is occupied by {name[c]}")
        return ("Setup (ruling 1)", f"{cell_text(c)} is not within {OUTPOST_REACH} spaces "
                                    f"(Manhattan distance) of {who}'s corner {cell_text(corner)}")
    if v == "outpost":
        return ("Setup", "Outposts are placed at the start of the game only")
    if pend is not None:
        kind = pend[0]
        if kind == "transfer":
            src = pend[1]
            if v == "move":
                c = a.cell
                if c in name:
                    return ("Transfer Phase", f"{cell_text(c)} is occupied by {name[c]}: a "
                                              "site moves to an empty space")
                return ("Transfer Phase (ruling 8)",
                        f"{cell_text(c)} is not adjacent to another site {who} controls")
            if v == "swap":
                if a.cell == src:
                    return ("Transfer Phase", "a site cannot be switched with itself")
                bad = own_site(a.cell, "Transfer Phase")
                if bad:
                    return bad
            return ("Transfer Phase", f"say where the {name[src]} at {cell_text(src)} goes: "
                                      "move to (x,y) or swap with (x,y)")
        if kind == "steal":
            q = pend[1]
            if v == "steal":
                return ("Control Phase", f"Player {q}'s hand holds no {a.card}")
            return ("Control Phase", f"take one card from Player {q}'s hand: steal <card>")
        card = pend[1]
        if v == "place":
            return _place_problem(game, s, card, a.cell)
        return ("Build Phase", f"say where the {card} goes: place (x,y)")
    if ph not in _PHASE_VERBS:  # pragma: no cover - the base class refuses these first
        return ("Turn Sequence", f"no decision in the {ph} phase")
    if v not in _PHASE_VERBS[ph]:
        return ("Turn Sequence", f"it is the {ph} phase of {who}'s turn: {_PHASE_HELP[ph]}")
    limit = ("one Transfer card" if ph == "transfer" else "one Control card") + \
        f" per {ph.capitalize()} phase (option action_cards='one')"
    if v == "transfer":
        if "Transfer" not in hand:
            return ("Transfer Phase", f"{who} holds no Transfer card")
        if s.played and game.rules.action_cards == "one":
            return ("Transfer Phase", limit)
        bad = own_site(a.cell, "Transfer Phase")
        if bad:
            return bad
        return ("Transfer Phase", f"{who} controls no other site to move it next to or "
                                  "switch it with")
    if v == "repair":
        c = a.cell
        if c not in name:
            return ("Repair Phase", f"there is no site at {cell_text(c)}")
        d = b._dmg.get(c, 0)
        if d == 0:
            return ("Repair Phase", f"the {name[c]} at {cell_text(c)} is not damaged")
        if game.rules.repair_sites == "own" and b._owner[c] != p:
            return ("Repair Phase (option repair_sites='own')",
                    f"{who} does not control the {name[c]} at {cell_text(c)}")
        if a.n > d:
            return ("Repair Phase", f"the {name[c]} at {cell_text(c)} has only {d} damage")
        return ("Repair Phase (ruling 7)",
                f"{who} has {s.credits[p]} credits: {a.n} points of repair cost {a.n}")
    if v in ("control", "look"):
        if "Control" not in hand:
            return ("Control Phase", f"{who} holds no Control card")
        if s.played and game.rules.action_cards == "one":
            return ("Control Phase", limit)
        if v == "look":
            q = a.n
            if q == p or not 0 <= q < game.players:
                return ("Control Phase", f"look at an opponent's hand: players other than "
                                         f"{p} in 0..{game.players - 1}")
            return ("Control Phase", f"Player {q}'s hand is empty: there is no card to steal")
        c = a.cell
        if c not in name:
            return ("Control Phase", f"there is no site at {cell_text(c)}")
        if b._owner[c] == p:
            return ("Control Phase", f"{who} already controls the {name[c]} at {cell_text(c)}")
        if not any(b._owner.get(n) == p for n in _NB[c]):
            return ("Control Phase (ruling 8)",
                    f"the target site must already be adjacent to one of {who}'s sites")
    if v == "discard":
        return ("Draw Phase", f"{who}'s hand holds no {a.card}")
    if v == "build":
        card = data.CARDS[a.card]
        if a.card not in hand:
            return ("Build Phase", f"{who}'s hand holds no {a.card}")
        if card.kind == "action":
            return ("Build Phase", f"{a.card} is an action card, not a site card")
        return ("Build Phase", f"there is no empty space orthogonally adjacent to a site "
                               f"{who} controls for the {a.card}")
    return ("legal actions", f"{a} is not possible now")  # pragma: no cover


def _place_problem(game: SpaceBase, s: SpaceBaseState, card: str,
                   c: tuple[int, int]) -> tuple[str, str]:
    name = s.board._name
    if c in name:
        return ("Build Phase: one site card per space",
                f"{cell_text(c)} is occupied by {name[c]}")
    return ("Build Phase (ruling 4)",
            f"{cell_text(c)} is not orthogonally adjacent to a site Player {s.player} "
            f"controls (only a Volcano may be placed in any empty space)")

