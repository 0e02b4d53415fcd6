"""What each decision does: an action of ``legal.legal_actions`` applied to the state.

Each function clears the decision (or leaves the next one of a multi-part decision) and
sets the stage the turn goes on with; ``decide`` then lets the turn run on
(``turn.advance``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import STACK, Order
from .board import hand_limit, remove_one
from .cards import discard_card, play_card, used_from_play
from .data import DIRECTIONS, HOMEWORLDS, PLANETS
from .fight import finish_keep, keep_choices, start_fight
from .legal import build_options
from .movement import move_unit, strategic_move
from .rules import Rules
from .state import SIDE_TITLE, BlastState, set_pair
from .turn import advance, dice_lost

__all__ = ["decide"]


def move(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """``move sec:f by die``: the unit moves in its side's direction; ``move sec:f back
    die`` backwards, and ``move sec by die`` the whole stack, each using its move card
    in play (Space Combat Tactics, Strategic Move), which then goes to the vortex."""
    if o.card == STACK:
        strategic_move(s, o.sector, o.die, log)
    else:
        direction = DIRECTIONS[s.player]
        move_unit(s, o.sector, o.force, o.die, -direction if o.card else direction, log)
    if o.card:
        used_from_play(s, o.card)
    s.pending = None
    s.stage = "move"


def discard(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """A discard: down to the hand limit (ruling 3), or one of Major Offensive's two."""
    p = s.actor
    discard_card(s, p, o.card)
    log.append(f"{SIDE_TITLE[p]} discards {o.card}")
    if s.pending == "offensive":
        s.mo_left -= 1
        if s.mo_left == 0 or not s.hands[p]:
            s.mo_left = 0
            s.pending = None
            s.stage = "end"
    elif len(s.hands[p]) <= hand_limit(s.units, p):
        s.pending = None
        s.stage = "limit"


def rebuild(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """Doubles (once a turn) or Reinforcements: a destroyed unit returns to the homeworld
    (ruling 6)."""
    p, c = s.actor, o.card
    if c:
        discard_card(s, p, c)
    else:
        s.rebuilt = True
    home = HOMEWORLDS[p]
    s.scrap = set_pair(s.scrap, p, remove_one(s.scrap[p], o.force))
    board = list(s.units[p])
    board[home - 1] = tuple(sorted((*board[home - 1], o.force)))
    s.units = set_pair(s.units, p, tuple(board))
    how = f"with {c}" if c else "for rolling doubles"
    log.append(f"{SIDE_TITLE[p]} rebuilds a unit of force {o.force} on {PLANETS[home]} ({how})")
    # With every window open (windows="always") the build window stays open until
    # "done": closing it by itself would tell whether Reinforcements is held.
    if not build_options(s) and rules.windows != "always":
        s.pending = None
        s.stage = "build_end"


def fight(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """The attacker chooses the fight to resolve next (ruling 8)."""
    s.pending = None
    start_fight(s, o.sector, log)
    s.stage = "attack"


def keep(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """The winner keeps one more unit; once no other may be kept, the rest are lost."""
    assert s.keep is not None
    sector, w, diff, kept = s.keep
    s.keep = (sector, w, diff, (*kept, o.force))
    if not keep_choices(s):
        finish_keep(s, log)
        s.pending = None
        s.stage = "fights"


DONE_STAGE: Final = {"dice": "roll_end", "build": "build_end", "move": "move_end",
                     "attack": "defend", "keep": "fights", "end": "next"}
"""The stage after ``done`` ends each decision."""


def done(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """``done``: the player ends an optional step (the dice left unused are lost)."""
    p = s.pending
    assert p is not None
    s.pending = None
    if p == "move":
        dice_lost(s, log)
    elif p == "keep":
        finish_keep(s, log)
    s.stage = DONE_STAGE[p]


PASS_STAGE: Final = {"espionage": "draw", "jam": "move", "defend": "resolve"}
"""The stage after the opponent declines a response window."""


def pass_(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """``pass``: the opponent plays no card in this window."""
    p = s.pending
    assert p is not None
    s.pending = None
    s.stage = PASS_STAGE[p]


VERBS: Final[dict[str, Callable[[Rules, BlastState, Order, list[str]], None]]] = {
    "move": move, "play": play_card, "discard": discard, "rebuild": rebuild,
    "fight": fight, "keep": keep, "done": done, "pass": pass_,
}


def decide(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """Apply the legal action ``o`` to ``s``, then let the turn run on."""
    VERBS[o.verb](rules, s, o, log)
    if s.pending is None and s.chance is None:
        advance(rules, s, log)
