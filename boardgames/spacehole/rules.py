"""Spacehole's options: every ruling marked (option) in RULINGS.md, plus the choices
this project made where the text is open (see docs/rules/spacehole.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.compiled import by_constructor
from ..core.options import check_options

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules:
    """Options of a Spacehole game. The defaults are the project's rulings.

    base_hits
        Hits the Base takes before it is destroyed (ruling 1: the text says both 10 and 5).
    battle_order
        Ruling 3: ``"simultaneous"`` (all dice of a round rolled together, hits applied
        afterwards), ``"invader_first"`` or ``"defenders_first"`` (the side that strikes
        first may destroy attackers before they roll).
    build_power_check
        Ruling 7: ``"total"`` (the upkeep of every structure in play, the new one included,
        must fit the power generated) or ``"new_card_only"`` (only the new card's own upkeep
        must fit the power generated). Under either, a structure with no upkeep (Solar
        Array, Fusion reactor) can always be built.
    b5_add_refineries
        Babylon 5 lists no Refinery, so its Factory can never be supported; ``True`` adds
        the classic four Refineries to the Babylon 5 deck.
    power_choice
        ``"auto"``: the Power phase applies the income-maximising allocation by itself;
        ``"manual"``: the player places power tokens one structure at a time (the optimal
        allocation is offered as the action ``power optimal``).
    defender_overflow
        Playing a Defender when capacity is full: ``"discard"`` (it is played and the player
        discards an excess defender of their choice: "Excess are discarded") or
        ``"forbid"`` (it cannot be played).
    hand_limit_check
        When "Max hand size is 5 cards. Discard excess cards." is enforced: ``"karma"``
        (after the draw, where the text states it) or ``"always"`` (also at once when an
        event leaves the hand over its limit: Reinforcements or Repairs into a full hand,
        a Command Center lost).
    grace_turns
        HOUSE RULE, not in the rule text (off by default: ``0``): an Invader drawn in one
        of the first ``grace_turns`` turns passes without a battle -- it is discarded in
        the Event phase, like an event resolved. It lets a player avoid a game lost
        before any decision (an Invader drawn in turn 1 against the bare Base). The deck,
        the draws and every other card are unchanged.
    """

    base_hits: int = field(default=10, metadata={"min": 1, "max": 1000})
    battle_order: Literal["simultaneous", "invader_first", "defenders_first"] = "simultaneous"
    build_power_check: Literal["total", "new_card_only"] = "total"
    b5_add_refineries: bool = False
    power_choice: Literal["auto", "manual"] = "auto"
    defender_overflow: Literal["discard", "forbid"] = "discard"
    hand_limit_check: Literal["karma", "always"] = "karma"
    grace_turns: int = field(default=0, metadata={"min": 0, "max": 1000})

    def __post_init__(self) -> None:
        check_options(self)

    def spares_invader(self, turn: int) -> bool:
        """Whether an Invader drawn in ``turn`` passes unfought (house rule
        ``grace_turns``: the first ``grace_turns`` turns; never when it is 0)."""
        return turn <= self.grace_turns

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
