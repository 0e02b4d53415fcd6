"""Blast's options: every ruling marked (option) in RULINGS.md, plus the choices this
project made where the text is open (see docs/rules/blast.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.compiled import by_constructor
from ..core.options import check_options

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules:
    """Options of a Blast game. The defaults are the project's rulings.

    tie
        Ruling 8: a fight whose totals are equal is won by the ``"defender"`` (default),
        destroys ``"both_destroyed"`` sides, or is won by the ``"attacker"``. A tie won by
        a side is a win by a difference of 0: the winner keeps any one unit.
    max_turns
        Ruling 10: after this many turns (each player's turn counts one, extra turns from
        Major Offensive too) the game is a draw. Keeps random play finite. At most
        5,000: a turn takes about 7 steps (7.5 at most in random games), so the longest
        game stays within ``core.limits.MAX_STEPS`` (50,000), the most a game may take.
    use_dice
        Ruling 7, "Every die must be used" and "A die that no unit can use is lost":
        ``"maximum"`` (default): as in backgammon, as many dice as possible must be used.
        A move (its die, its unit, hence the order of the dice) is allowed only if plain
        moves can still use as many dice after it as they could before, so a lone unit
        with a 1 and a 4 must not stop on enemy units with the 4 when moving 1 then 4 uses
        both; when only one die can be used, either may be (not backgammon's "the
        larger"). Cards are never compulsory (a card in hand does not change which plain
        moves are allowed), but once a move card is in play its moves count: an extra or
        modified die is a die like any other, and Space Combat Tactics or Strategic Move,
        when played, must be played so as to use as many dice as its best play does (and
        no fewer than plain moves can).
        Defend the Homeworld may not make a usable die unusable.
        ``"each"``: while some unit can use a die it must be used, in any order the
        player likes, so landing on enemy units with the first die is always allowed
        even when it leaves the other die without a unit to move (that die is lost).
    windows
        When a decision point for playing cards opens (the defender's response windows:
        Espionage, Jam Transmission, defence cards; the mover's own: dice cards, build,
        attack cards, Defend the Homeworld after the last die, Major Offensive):
        ``"held"`` (default) only when that player holds a card that could be played there,
        so nobody is asked about cards they do not have; ``"always"`` at every such point,
        so the sequence of decisions never shows whether a player holds a card (strict
        hidden information, at the cost of a "pass" or "done" at each point).
    """

    tie: Literal["defender", "both_destroyed", "attacker"] = "defender"
    max_turns: int = field(default=400, metadata={"min": 1, "max": 5_000})
    use_dice: Literal["maximum", "each"] = "maximum"
    windows: Literal["held", "always"] = "held"

    def __post_init__(self) -> None:
        check_options(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
