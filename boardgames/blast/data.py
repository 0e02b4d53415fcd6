"""Blast data: the track, both armies and the 50-card deck of ``rules/blast.txt``.

Pure data, standard library only, no game logic. Names are spelled as printed (trailing
spaces trimmed: "Disruptor cannon" keeps its small c). ``tests/blast/test_data.py`` parses
the rule text and compares it with these tables.

* Track: sectors 1..28 clockwise; Earth 1 (Terran home), Nimrod 8, Planet X 15 (Empire
  home), Cygnus-7 22.
* Armies: each side has one 5, two 4s, three 3s, four 2s and five 1s (15 units, force 35).
* Deck: two copies of each of the 25 cards (50 cards).

A card's ``kind`` says when it is played (the engine's key, see ``docs/rules/blast.md``):
``dice`` (own roll phase), ``move`` (own move phase), ``build`` (own build phase),
``attack`` (own fights), ``defence`` (the opponent's fights), ``espionage`` (the
opponent's draw phase), ``jam`` (the opponent's move phase), ``turn`` (end of own turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..core.compiled import by_constructor
from ..core.limits import quote

__all__ = [
    "ARMIES",
    "ATTACK",
    "CARDS",
    "CARD_NAMES",
    "COPIES",
    "CYGNUS",
    "DEFENCE",
    "DICE_BONUS",
    "DICE_CARDS",
    "EARTH",
    "HOMEWORLDS",
    "NIMROD",
    "PLANETS",
    "PLANET_X",
    "SECTORS",
    "SIDES",
    "Card",
    "Unit",
    "army_forces",
    "deck_counts",
]

SECTORS: Final = 28
EARTH, NIMROD, PLANET_X, CYGNUS = 1, 8, 15, 22
PLANETS: Final[dict[int, str]] = {
    EARTH: "Earth",
    NIMROD: "Nimrod",
    PLANET_X: "Planet X",
    CYGNUS: "Cygnus-7",
}
SIDES: Final[tuple[str, str]] = ("terran", "empire")
"""Player 0 is the Terran Defense Force, player 1 the Evil Empire (who goes first)."""
SIDE_NAMES: Final[dict[str, str]] = {"terran": "Terran Defense Force", "empire": "Evil Empire"}
HOMEWORLDS: Final[tuple[int, int]] = (EARTH, PLANET_X)
DIRECTIONS: Final[tuple[int, int]] = (1, -1)
"""Terran units move clockwise (sector numbers up), Empire units counter-clockwise."""
COLOURS: Final[tuple[str, str]] = ("blue", "red")
"""The chit colours of the text (the display uses Okabe-Ito blue and vermilion)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One row of a unit list: ``count`` chits of this force."""

    count: int
    force: int
    name: str
    note: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too


ARMIES: Final[dict[str, tuple[Unit, ...]]] = {
    "terran": (
        Unit(1, 5, "Sol-1", "Flagship of the Terran Defense Force. Commanded by the heroic "
             "Captain Stark Raving."),
        Unit(2, 4, "Stellar Navy", "Two main fleets of battlecarriers, and their escorts."),
        Unit(3, 3, "Space Marines", "Three battle groups of zero-g power armor commando troops "
             "and their heavily armed transports."),
        Unit(4, 2, "Solar Scouts", "Also called the Space Rangers. Squads of fast, stealthy "
             "ships for reconnaissance and ambush."),
        Unit(5, 1, "Planetary Patrol", "Also called the Star Guard. Local law enforcement and "
             "rescue operations. Armed to deal with pirates and criminals. Also includes a "
             "variety of ships pressed into military service."),
    ),
    "empire": (
        Unit(1, 5, "Vindicator", "Personal Dreadnought of Emperor Phlebotamus."),
        Unit(2, 4, "Star Cruisers", "Massive Hulks bristling with armor and weapons and "
             "filled with divisions of elite shocktroops."),
        Unit(3, 3, "Imperial Enforcers", "An unsavory lot of alien mercenaries, cyborg bounty "
             "hunters, and mutant raiders."),
        Unit(4, 2, "Robot Drones", "An assortment of probes, androids, drone ships, and death "
             "machines."),
        Unit(5, 1, "Clone Troopers", "Swarms of expendable ground troops and space fighters. "
             "Best for terrorizing civilians."),
    ),
}


def army_forces(side: str) -> tuple[int, ...]:
    """The forces of a side's 15 units, sorted ascending."""
    return tuple(sorted(u.force for u in ARMIES[side] for _ in range(u.count)))


def unit_name(side: str, force: int) -> str:
    """The name of a side's units of ``force``."""
    for u in ARMIES[side]:
        if u.force == force:
            return u.name
    raise ValueError(f"no {side} unit has force {quote(force)}")


@dataclass(frozen=True, slots=True)
class Card:
    """One row of the card list (two copies of each are in the deck)."""

    name: str
    note: str
    kind: str
    value: int = 0  # dice: +N to one die; attack/defence: +N Force (0 for the 1D6 cards)
    d6: bool = False  # Surprise Attack / Ambush: +1D6 Force, rolled when played

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too


CARDS: Final[tuple[Card, ...]] = (
    Card("Ion Thrusters", "Add +1 to one die roll", "dice", 1),
    Card("Warp Overdrive", "Add +2 to one die roll", "dice", 2),
    Card("Maximum Burn", "Add +3 to one die roll", "dice", 3),
    Card("Hyper Jump", "Roll one additional die in Roll Phase", "dice"),
    Card("Strategic Move", "Use one die roll to move all units in one space", "move"),
    Card("Space Combat Tactics", "Use one die roll to move backwards", "move"),
    Card("Defend the Homeworld", "Move target unit directly to your homeworld", "move"),
    Card("Hold Position", "Do not use one die roll", "dice"),
    Card("Battle Computers", "Cause one of your die rolls to be rerolled", "dice"),
    Card("Continuous Wave Laser", "Attacker +1 Force", "attack", 1),
    Card("Plasma Generator", "Attacker +2 Force", "attack", 2),
    Card("Disruptor cannon", "Attacker +3 Force", "attack", 3),
    Card("Antimatter Missiles", "Attacker +4 Force", "attack", 4),
    Card("Nova Bomb", "Attacker +5 Force", "attack", 5),
    Card("Surprise Attack", "Attacker +1D6 Force", "attack", 0, True),
    Card("Plasteel Armor", "Defender +1 Force. Play on opponents turn.", "defence", 1),
    Card("Electronic Countermeasures", "Defender +2 Force. Play on opponents turn.",
         "defence", 2),
    Card("Inertial Force Field", "Defender +3 Force. Play on opponents turn.", "defence", 3),
    Card("Evasive Maneuver", "Defender +4 Force. Play on opponents turn.", "defence", 4),
    Card("Ablative Energy Shields", "Defender +5 Force. Play on opponents turn.", "defence", 5),
    Card("Ambush", "Defender +1D6 Force. Play on opponents turn.", "defence", 0, True),
    Card("Espionage", "Look at opponents hand. Play on opponents draw phase.", "espionage"),
    Card("Jam Transmission", "Target enemy unit cannot move this turn. Play on opponents turn.",
         "jam"),
    Card("Reinforcements", "Rebuild one extra destroyed unit in build phase.", "build"),
    Card("Major Offensive", "Discard 2 cards and take another turn.", "turn"),
)
COPIES: Final = 2
"""'When making the deck include two of each card.'"""
CARD_NAMES: Final[tuple[str, ...]] = tuple(c.name for c in CARDS)
BY_NAME: Final[dict[str, Card]] = {c.name: c for c in CARDS}
ATTACK: Final[frozenset[str]] = frozenset(c.name for c in CARDS if c.kind == "attack")
DEFENCE: Final[frozenset[str]] = frozenset(c.name for c in CARDS if c.kind == "defence")
DICE_CARDS: Final[frozenset[str]] = frozenset(c.name for c in CARDS if c.kind == "dice")
DICE_BONUS: Final[dict[str, int]] = {
    c.name: c.value for c in CARDS if c.kind == "dice" and c.value
}
FIGHT_BONUS: Final[dict[str, int]] = {
    c.name: c.value for c in CARDS if c.kind in ("attack", "defence")
}
D6_CARDS: Final[frozenset[str]] = frozenset(c.name for c in CARDS if c.d6)

HAND_START: Final = 5
HAND_BASE: Final = 6
DRAW: Final = 2


def deck_counts() -> dict[str, int]:
    """The 50-card deck as name -> copies."""
    return {c.name: COPIES for c in CARDS}
