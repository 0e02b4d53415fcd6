"""Intergalactic's options: every ruling marked (option) in RULINGS.md, plus the choices
this project made where the text is open (see docs/rules/intergalactic.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.compiled import by_constructor
from ..core.options import check_options

__all__ = ["Rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of an Intergalactic game. The defaults are the project's rulings.

    extra_rolls_per_turn
        Ruling 5: how many extra rolls (5 IT each) a player may buy per turn.
    turns_per_stage
        "The Stage ends when each player has had 10 Turns" (a smaller number makes short
        games for lessons and tests).
    roll_twice_depth
        How many levels of "Roll Twice" a stage roll may go through. Ruling 2 (the default,
        1): a roll made for a "Roll Twice" that lands on 101+ again is "Pick one of the
        Above" on that list. With n, the rolls of the first n - 1 levels roll twice again
        and those of level n pick (with a huge modifier every roll is 101+, and the text
        has no end to it).
    distinct_homeworlds
        Races are always distinct ("each player controls a different Alien Race"); True
        makes Homeworlds distinct as well (a rolled Homeworld already taken is rerolled).
    no_fleet_elimination
        True: a player with no fleet when the Conflict stage starts is eliminated at once;
        False (the text: only losing the *last* fleet eliminates).
    """

    extra_rolls_per_turn: int = field(default=1, metadata={"min": 0, "max": 20})
    turns_per_stage: int = field(default=10, metadata={"min": 1, "max": 100})
    roll_twice_depth: int = field(default=1, metadata={"min": 1, "max": 10})
    distinct_homeworlds: bool = False
    no_fleet_elimination: bool = False

    def __post_init__(self) -> None:
        check_options(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
