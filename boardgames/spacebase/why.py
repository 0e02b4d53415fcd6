"""Why an action is refused: ``(rule, reason)`` for ``IllegalActionError``, naming the rule
of spacebase.txt (or the ruling of RULINGS.md) that refuses it."""

from __future__ import annotations

from typing import Final

from . import data
from .actions import Move
from .cells import Cell, cell_text, neighbours
from .rules import Rules
from .setup import CORNERS, OUTPOST_REACH
from .state import SpaceBaseState

__all__ = ["why_illegal"]

Why = tuple[str, str]

_PHASE_VERBS: Final = {
    "transfer": ("transfer", "done"),
    "repair": ("repair", "done"),
    "control": ("control", "look", "done"),
    "draw": ("discard",),
    "build": ("build", "done"),
}
_PHASE_HELP: Final = {
    "transfer": "play a Transfer card (transfer (x,y)) or end the phase (done)",
    "repair": "pay for repairs (repair (x,y) n) or end the phase (done)",
    "control": "play a Control card (control (x,y), control look p) or end the phase (done)",
    "draw": "discard down to 8 cards (discard <card>)",
    "build": "choose a site card to place (build <card>) or end the turn (done)",
}


def why_illegal(s: SpaceBaseState, a: Move, rules: Rules) -> Why:
    """The rule ``a`` breaks in ``s`` (it is not among the legal actions)."""
    if s.phase == "setup":
        return _setup(s, a)
    if a.verb == "outpost":
        return ("Setup", "Outposts are placed at the start of the game only")
    if s.pending is not None:
        return _second_part(s, a)
    if s.phase not in _PHASE_VERBS:  # pragma: no cover - the base class refuses these first
        return ("Turn Sequence", f"no decision in the {s.phase} phase")
    if a.verb not in _PHASE_VERBS[s.phase]:
        return ("Turn Sequence", f"it is the {s.phase} phase of {_who(s)}'s turn: "
                                 f"{_PHASE_HELP[s.phase]}")
    if a.verb == "transfer":
        return _transfer(s, a, rules)
    if a.verb == "repair":
        return _repair(s, a, rules)
    if a.verb in ("control", "look"):
        return _control(s, a, rules)
    if a.verb == "discard":
        return ("Draw Phase", f"{_who(s)}'s hand holds no {a.card}")
    if a.verb == "build":
        return _build(s, a)
    return ("legal actions", f"{a} is not possible now")  # pragma: no cover


def _who(s: SpaceBaseState) -> str:
    return f"Player {s.player}"


def _cell(a: Move) -> Cell:
    assert a.cell is not None
    return a.cell


def _own_site(s: SpaceBaseState, c: Cell, rule: str) -> Why | None:
    """Why ``c`` is not a site of the player's (None: it is)."""
    names = s.board.names()
    if c not in names:
        return (rule, f"there is no site at {cell_text(c)}")
    if s.board.owners()[c] != s.player:
        return (rule, f"{_who(s)} does not control the {names[c]} at {cell_text(c)}")
    return None


def _occupied(s: SpaceBaseState, c: Cell) -> Why:
    return ("Build Phase: one site card per space",
            f"{cell_text(c)} is occupied by {s.board.names()[c]}")


def _setup(s: SpaceBaseState, a: Move) -> Why:
    corner = CORNERS[s.player]
    if a.verb != "outpost":
        return ("Setup", f"{_who(s)} first places the Outpost (outpost (x,y), within "
                         f"{OUTPOST_REACH} spaces of the corner {cell_text(corner)})")
    c = _cell(a)
    if c in s.board:
        return _occupied(s, c)
    return ("Setup (ruling 1)", f"{cell_text(c)} is not within {OUTPOST_REACH} spaces "
                                f"(Manhattan distance) of {_who(s)}'s corner "
                                f"{cell_text(corner)}")


def _second_part(s: SpaceBaseState, a: Move) -> Why:
    """Refused while the second part of a decision is pending."""
    assert s.pending is not None
    kind, what = s.pending
    if kind == "transfer":
        return _transfer_destination(s, a, what)
    if kind == "steal":
        if a.verb == "steal":
            return ("Control Phase", f"Player {what}'s hand holds no {a.card}")
        return ("Control Phase", f"take one card from Player {what}'s hand: steal <card>")
    if a.verb == "place":
        c = _cell(a)
        if c in s.board:
            return _occupied(s, c)
        return ("Build Phase (ruling 4)",
                f"{cell_text(c)} is not orthogonally adjacent to a site {_who(s)} "
                f"controls (only a Volcano may be placed in any empty space)")
    return ("Build Phase", f"say where the {what} goes: place (x,y)")


def _transfer_destination(s: SpaceBaseState, a: Move, src: Cell) -> Why:
    names = s.board.names()
    if a.verb == "move":
        c = _cell(a)
        if c in names:
            return ("Transfer Phase", f"{cell_text(c)} is occupied by {names[c]}: a "
                                      "site moves to an empty space")
        return ("Transfer Phase (ruling 8)",
                f"{cell_text(c)} is not adjacent to another site {_who(s)} controls")
    if a.verb == "swap":
        if a.cell == src:
            return ("Transfer Phase", "a site cannot be switched with itself")
        bad = _own_site(s, _cell(a), "Transfer Phase")
        if bad:
            return bad
    return ("Transfer Phase", f"say where the {names[src]} at {cell_text(src)} goes: "
                              "move to (x,y) or swap with (x,y)")


def _one_card(phase: str) -> str:
    card = "Transfer" if phase == "transfer" else "Control"
    return f"one {card} card per {phase.capitalize()} phase (option action_cards='one')"


def _transfer(s: SpaceBaseState, a: Move, rules: Rules) -> Why:
    if "Transfer" not in s.hands[s.player]:
        return ("Transfer Phase", f"{_who(s)} holds no Transfer card")
    if s.played and rules.action_cards == "one":
        return ("Transfer Phase", _one_card("transfer"))
    bad = _own_site(s, _cell(a), "Transfer Phase")
    if bad:
        return bad
    return ("Transfer Phase", f"{_who(s)} controls no other site to move it next to or "
                              "switch it with")


def _repair(s: SpaceBaseState, a: Move, rules: Rules) -> Why:
    c, names = _cell(a), s.board.names()
    if c not in names:
        return ("Repair Phase", f"there is no site at {cell_text(c)}")
    d = s.board.damaged().get(c, 0)
    if d == 0:
        return ("Repair Phase", f"the {names[c]} at {cell_text(c)} is not damaged")
    if rules.repair_sites == "own" and s.board.owners()[c] != s.player:
        return ("Repair Phase (option repair_sites='own')",
                f"{_who(s)} does not control the {names[c]} at {cell_text(c)}")
    if a.n > d:
        return ("Repair Phase", f"the {names[c]} at {cell_text(c)} has only {d} damage")
    return ("Repair Phase (ruling 7)",
            f"{_who(s)} has {s.credits[s.player]} credits: {a.n} points of repair cost {a.n}")


def _control(s: SpaceBaseState, a: Move, rules: Rules) -> Why:
    if "Control" not in s.hands[s.player]:
        return ("Control Phase", f"{_who(s)} holds no Control card")
    if s.played and rules.action_cards == "one":
        return ("Control Phase", _one_card("control"))
    if a.verb == "look":
        q = a.n
        if q == s.player or not 0 <= q < s.players:
            return ("Control Phase", f"look at an opponent's hand: players other than "
                                     f"{s.player} in 0..{s.players - 1}")
        return ("Control Phase", f"Player {q}'s hand is empty: there is no card to steal")
    c, names, owners = _cell(a), s.board.names(), s.board.owners()
    if c not in names:
        return ("Control Phase", f"there is no site at {cell_text(c)}")
    if owners[c] == s.player:
        return ("Control Phase", f"{_who(s)} already controls the {names[c]} at "
                                 f"{cell_text(c)}")
    if not any(owners.get(n) == s.player for n in neighbours(c)):
        return ("Control Phase (ruling 8)",
                f"the target site must already be adjacent to one of {_who(s)}'s sites")
    return ("legal actions", f"{a} is not possible now")  # pragma: no cover


def _build(s: SpaceBaseState, a: Move) -> Why:
    if a.card not in s.hands[s.player]:
        return ("Build Phase", f"{_who(s)}'s hand holds no {a.card}")
    if data.CARDS[a.card].kind == "action":
        return ("Build Phase", f"{a.card} is an action card, not a site card")
    return ("Build Phase", f"there is no empty space orthogonally adjacent to a site "
                           f"{_who(s)} controls for the {a.card}")
