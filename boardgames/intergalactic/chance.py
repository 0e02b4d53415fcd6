"""The chance nodes: their outcomes and weights, and what an outcome does. Dice are fair
(d100 for list rolls and battles, d10 for turn order and the end-of-game roll, d6 for
Income); a Race or Homeworld rolled for is drawn among those still free."""

from __future__ import annotations

from typing import Any, Final

from . import conflict, turn
from .rules import Rules
from .setup import origins_left, record_order_roll, take_origin
from .state import IntergalacticState

__all__ = ["outcomes", "resolve"]

DICE: Final = {f"d{n}": (tuple(range(1, n + 1)), (1,) * n) for n in (6, 10, 100)}
"""Outcomes and weights of a fair die."""


def outcomes(s: IntergalacticState, rules: Rules) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """The outcomes of the chance node ``s.chance`` and their integer weights."""
    ch = s.chance
    assert ch is not None
    kind = ch[0]
    if kind in ("race", "homeworld"):
        names = origins_left(s, kind, rules)
        return names, (1,) * len(names)
    return DICE[ch[1]]


def resolve(s: IntergalacticState, o: Any, rules: Rules, log: list[str]) -> None:
    """The chance node ``s.chance`` comes out ``o``."""
    ch = s.chance
    assert ch is not None
    kind = ch[0]
    if kind == "roll":
        turn.list_rolled(s, o, rules, log)
        return
    s.chance = None
    if kind == "income":
        turn.receive_income(s, ch[2], ch[3], o, log)
    elif kind in ("race", "homeworld"):
        log.append(f"P{ch[1]} rolls the {kind}: {o}")
        take_origin(s, ch[1], kind, o, log)
    elif kind == "order":
        record_order_roll(s, ch[2], o, log)
    elif kind == "battle":
        conflict.battle_rolled(s, ch[2], o, log)
    elif kind == "end":
        conflict.end_rolled(s, o, log)
