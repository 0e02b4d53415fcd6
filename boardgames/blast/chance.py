"""The chance nodes: a card drawn, the two dice rolled, a die rerolled (Battle
Computers), a third die (Hyper Jump), 1D6 for Surprise Attack or Ambush.

Outcomes carry exact integer weights: the deck's counts, 1 or 2 per roll of two dice
(an unordered pair), 1 per face of one die.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .board import remove_one
from .fight import add_roll
from .rules import Rules
from .state import SIDE_TITLE, BlastState, add_sorted, taken
from .turn import advance, card_drawn

__all__ = ["outcome_text", "outcomes", "resolve"]

ROLL2: Final = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The rolls of two dice, unordered (a <= b)."""
ROLL2_WEIGHTS: Final = tuple(1 if a == b else 2 for a, b in ROLL2)
D6: Final = (1, 2, 3, 4, 5, 6)
D6_WEIGHTS: Final = (1, 1, 1, 1, 1, 1)


def outcomes(s: BlastState) -> tuple[Sequence[Any], Sequence[int]]:
    """The outcomes of the chance node pending and their weights."""
    assert s.chance is not None
    kind = s.chance[0]
    if kind == "draw":
        return s.deck.outcomes()
    if kind == "roll":
        return ROLL2, ROLL2_WEIGHTS
    return D6, D6_WEIGHTS


def outcome_text(outcome: Any) -> str:
    """``rolled 3 and 5``, ``rolled 4``, or the card's name."""
    if isinstance(outcome, tuple):
        return f"rolled {outcome[0]} and {outcome[1]}"
    if isinstance(outcome, int):
        return f"rolled {outcome}"
    return str(outcome)


def rolled(s: BlastState, pair: tuple[int, int], log: list[str]) -> None:
    """"Roll two six sided dice (2D6).\""""
    s.faces = pair
    s.dice = ((pair[0], 0, 0), (pair[1], 0, 0))
    a, b = pair
    log.append(f"{SIDE_TITLE[s.player]} rolls {a} and {b}" + (" (doubles)" if a == b else ""))


def rerolled(s: BlastState, old: int, value: int, log: list[str]) -> None:
    """Battle Computers: the die showing ``old`` now shows ``value`` (and counts as
    rolled, for doubles)."""
    s.dice = add_sorted(remove_one(s.dice, (old, 0, 0)), (value, 0, 0))
    s.faces = tuple(sorted((*remove_one(s.faces, old), value)))
    log.append(f"{SIDE_TITLE[s.player]} rerolls the {old}: {value}")


def third_die(s: BlastState, value: int, log: list[str]) -> None:
    """Hyper Jump: "Roll one additional die in Roll Phase"."""
    s.dice = add_sorted(s.dice, (value, 0, 1))
    log.append(f"{SIDE_TITLE[s.player]} rolls a third die: {value}")


def fight_roll(s: BlastState, side: str, value: int, log: list[str]) -> None:
    """Surprise Attack (attacker) or Ambush (defender): +1D6 Force."""
    add_roll(s, side, value)
    card = "Surprise Attack" if side == "attack" else "Ambush"
    log.append(f"1D6 for {card}: +{value} Force")


def resolve(rules: Rules, s: BlastState, outcome: Any, log: list[str]) -> None:
    """The outcome of the chance node pending happens, then the turn runs on."""
    assert s.chance is not None
    kind = s.chance
    s.chance = None
    if kind[0] == "draw":
        s.deck = taken(s.deck, outcome)
        card_drawn(s, outcome, log)
    elif kind[0] == "roll":
        rolled(s, outcome, log)
    elif kind[0] == "reroll":
        rerolled(s, kind[1], outcome, log)
    elif kind[0] == "hyper":
        third_die(s, outcome, log)
    else:  # "d6"
        fight_roll(s, kind[1], outcome, log)
    advance(rules, s, log)
