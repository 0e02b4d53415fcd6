"""The chance nodes: the meteor (METEOR PHASE) and the draw (DRAW PHASE).

"Each turn a meteor hits a random space. Roll two ten sided dice to determine the X and
Y axes." One node over the 100 cells, each 1/100 (RULINGS.md Space Base 1: the rolls
1..10 map to 0..9). "If the space contains an installation, it receives 1D10 points of
Damage": a second node over 1..10, each 1/10, only for an exposed installation. A draw
is a node over the cards left (the deck is a multiset), with integer weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from . import data
from .cells import CELLS, BoardError, Cell, cell_text, parse_cell
from .state import SpaceBaseState, board_to_change, deck_to_change
from .turn import take_card

__all__ = ["D10", "outcome_text", "outcomes", "read_outcome", "resolve"]

D10: Final = tuple(range(1, 11))
INSTALLATIONS: Final = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")


def outcomes(s: SpaceBaseState) -> tuple[Sequence[Any], Sequence[int]]:
    """The pending node's outcomes and their integer weights."""
    assert s.chance is not None
    kind = s.chance[0]
    if kind == "meteor":
        return CELLS, (1,) * len(CELLS)
    if kind == "damage":
        return D10, (1,) * len(D10)
    return s.deck.outcomes()


def resolve(s: SpaceBaseState, outcome: Any, log: list[str]) -> None:
    """Apply the outcome of the pending chance node."""
    assert s.chance is not None
    node, s.chance = s.chance, None
    if node[0] == "meteor":
        meteor_hits(s, outcome, log)
    elif node[0] == "damage":
        meteor_damages(s, node[1], outcome, log)
    else:
        deck_to_change(s).take_unknown(outcome)
        take_card(s, outcome, log)


def meteor_hits(s: SpaceBaseState, c: Cell, log: list[str]) -> None:
    """The meteor hits ``c``. Empty spaces, resource spaces (and volcanoes) are
    unaffected; shield generators and installations adjacent to shield generators are
    unaffected; any other installation takes 1D10 damage (the next chance node)."""
    name = s.board.names().get(c)
    at = f"A meteor hits {cell_text(c)}"
    if name is None:
        s.meteor = (c, 0, "empty space")
        log.append(f"{at}: empty space, unaffected")
    elif name not in INSTALLATIONS:
        s.meteor = (c, 0, "unaffected")
        log.append(f"{at}: the {name} is unaffected")
    elif s.board.shielded(c):
        s.meteor = (c, 0, "shielded")
        log.append(f"{at}: the {name} is shielded")
    else:
        s.meteor = (c, 0, "rolling damage")
        s.chance = ("damage", c)
        return
    s.phase = "production"


def meteor_damages(s: SpaceBaseState, c: Cell, points: int, log: list[str]) -> None:
    """The installation on ``c`` receives ``points`` of damage (it adds up from meteor
    to meteor). Damaged sites are considered to be defunct."""
    board = board_to_change(s)
    board.damage(c, points)
    s.meteor = (c, points, "damaged")
    log.append(f"A meteor hits {cell_text(c)}: the {board.names()[c]} takes {points} "
               f"damage ({board.damaged()[c]} in all) and is defunct")
    s.phase = "production"


def outcome_text(outcome: Any) -> str:
    """``meteor (x,y)``, ``7 damage``; a drawn card is secret: ``a card`` (the value holds
    it, not the text)."""
    if isinstance(outcome, tuple):
        return f"meteor {cell_text(outcome)}"
    if isinstance(outcome, int):
        return f"{outcome} damage"
    return "a card"


def read_outcome(text: str) -> Any:
    """An outcome written as a person would: ``(x,y)``, ``meteor (x,y)``, ``7``, ``7
    damage`` or a card's name in any case; None when it is none of these (``a card``,
    a draw's secret text, names no card)."""
    t = " ".join(text.split())
    for candidate in (t, t.removeprefix("meteor "), t.removesuffix(" damage")):
        if candidate.isdigit():
            return int(candidate)
        try:
            return parse_cell(candidate)
        except BoardError:
            pass
    try:
        return data.card(t).name
    except ValueError:
        return None
