"""Spacehole card data: the card lists of ``rules/spacehole.txt``, classic and Babylon 5.

Pure data, standard library only, no game logic. Every row of the rule text's tables is
here, in text order, with the text's spelling (trailing spaces trimmed): the tests in
``tests/spacehole/test_data.py`` parse the rule text and compare it with these tables.

A card's ``role`` is the engine's key for what the card does; it is the same in both
variants (Babylon 5's "Living quarters" is a ``colony``, its "Hull" the ``base``), so the
engine never looks at names. Events carry one role each (``solar_flare`` ...).

Deck sizes (the Base/Hull starts in play and is not in the deck):

* classic: 41 structures + 13 defenders + 20 invaders + 22 events = 96 cards;
* Babylon 5: 37 structures + 12 defenders + 20 invaders + 22 events = 91 cards
  (its lists as written: no Refinery row, one defender fewer than the classic list);
  with the option ``b5_add_refineries``: 41 structures, 95 cards.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

__all__ = [
    "B5_REFINERY",
    "BABYLON5",
    "CLASSIC",
    "EVENT_FOOTNOTE",
    "EVENT_ROLES",
    "KINDS",
    "ROLE_NAMES",
    "STRUCTURE_ROLES",
    "VARIANTS",
    "Card",
    "by_name",
    "cards",
    "deck_counts",
]


@dataclass(frozen=True, slots=True)
class Card:
    """One row of a card list (``count`` copies of it are in the deck)."""

    name: str  # exactly as printed in that variant's list, trailing spaces trimmed
    kind: str  # "base" | "structure" | "defender" | "invader" | "event"
    role: str  # engine key, the same in both variants
    count: int = 1  # copies in the deck (the Base/Hull: 1, but it starts in play)
    income: int = 0  # $ column: Megacredits per turn when powered
    power: int = 0  # P column: power upkeep per turn
    capacity: int = 0  # D column: additional defenders allowed
    generates: int = 0  # power generated per turn (Base/Hull, Solar Array/Fusion reactor)
    force: int = 0  # defenders/invaders: printed Force; Laser Turret/Ppg turret: 1
    max_hits: int = 0  # hits it can take before destroyed (Base: 0, see Rules.base_hits)
    requires: tuple[tuple[str, int], ...] = ()  # (role, how many) it needs to be powered
    hand_size: int = 0  # extra hand size (Command Center: 2)
    peek: bool = False  # discard at end of turn to look at the next 1D6 cards
    one_hit: bool = False  # destroyed by its first hit
    needs_lab: bool = False  # play and use only with a Research Lab in play
    note: str = ""  # the Notes column as printed, "" if none

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Compiled by mypyc, a frozen dataclass pickles by its constructor (as
        # core.compiled.by_constructor does: pure data imports nothing of the package).
        return type(self), tuple(getattr(self, f.name) for f in fields(self))


KINDS: Final[tuple[str, ...]] = ("base", "structure", "defender", "invader", "event")

STRUCTURE_ROLES: Final[tuple[str, ...]] = (
    "base",
    "solar",
    "agrodome",
    "colony",
    "mine",
    "refinery",
    "factory",
    "starport",
    "lab",
    "stargate",
    "command",
    "turret",
    "dome",
)

EVENT_ROLES: Final[tuple[str, ...]] = (
    "solar_flare",
    "reinforcements",
    "lost_in_space",
    "supernova",
    "lab_explosion",
    "core_instabilities",
    "terraform",
    "black_hole",
    "emergency_repairs",
    "seismic_events",
    "intergalactic_war",
    "sabotage",
    "dilithium_crystals",
    "space_traders",
    "planet_bombs",
    "meteor_swarm",
    "space_virus",
    "discovery",
    "merchant_from_venus",
    "cosmic_con_artist",
    "interstellar_tax_men",
    "repairs",
)

VARIANTS: Final[tuple[str, ...]] = ("classic", "babylon5")

# The footnote under the event list, for the three events whose note ends in "*".
EVENT_FOOTNOTE: Final = "* If Base is hit, it takes 1 Damage counter."

_GEN5: Final = "Generates 5 power/turn"
_RANDOM_DEFENDER: Final = "Discard 1 random Defender"
_RANDOM_STRUCTURE: Final = "Discard one random structure*"

# ---------------------------------------------------------------------------------------
# Classic
# ---------------------------------------------------------------------------------------

_CLASSIC_STRUCTURES: Final[tuple[Card, ...]] = (
    Card("Base", "base", "base", 1, 0, 0, 2, generates=5, note=_GEN5),
    Card("Solar Array", "structure", "solar", 7, 0, 0, 0, generates=5, note=_GEN5),
    Card("Agrodome", "structure", "agrodome", 6, 1, 1, 0, note="Supports Colony"),
    Card(
        "Colony", "structure", "colony", 4, 3, 1, 1,
        requires=(("agrodome", 1),), note="Requires 1 Agrodome",
    ),
    Card("Mine", "structure", "mine", 8, 1, 1, 0, note="Supports Refinery"),
    Card(
        "Refinery", "structure", "refinery", 4, 2, 1, 0,
        requires=(("mine", 2),), note="Requires 2 Mines",
    ),
    Card(
        "Factory", "structure", "factory", 1, 3, 1, 0,
        requires=(("refinery", 2),), note="Requires 2 Refineries",
    ),
    Card(
        "Starport", "structure", "starport", 1, 5, 2, 1,
        requires=(("colony", 2),), note="Requires 2 Colonies",
    ),
    Card("Research Labs", "structure", "lab", 2, 1, 1, 0),
    Card(
        "Stargate", "structure", "stargate", 1, 7, 3, 1,
        requires=(("lab", 1),), note="Requires 1 Lab",
    ),
    Card("Command Center", "structure", "command", 1, 0, 1, 1, hand_size=2, note="Hand Size +2"),
    Card("Laser Turret", "structure", "turret", 4, 0, 1, 0, force=1, max_hits=1, note="Force = 1"),
    Card("Force Dome", "structure", "dome", 2, 0, 1, 0, max_hits=3, note="3 Hits"),
)  # fmt: skip

_PEEK_NOTE: Final = "Discard at end of turn to look at next 1D6 cards in deck"

_CLASSIC_DEFENDERS: Final[tuple[Card, ...]] = (
    Card("Space Rangers", "defender", "defender", force=2, max_hits=2, peek=True, note=_PEEK_NOTE),
    Card("Astro Guard", "defender", "defender", force=2, max_hits=2),
    Card("Space Marines", "defender", "defender", force=3, max_hits=3),
    Card("Space Navy", "defender", "defender", force=4, max_hits=4),
    Card("Battle Station", "defender", "defender", force=4, max_hits=4),
    Card("Space Knights", "defender", "defender", force=3, max_hits=3),
    Card("Star Fighters", "defender", "defender", force=3, max_hits=3),
    Card(
        "Space Hero", "defender", "defender", force=5, max_hits=1,
        one_hit=True, note="Can only take 1 Hit",
    ),
    Card("Star Force", "defender", "defender", force=3, max_hits=3),
    Card("Space Patrol", "defender", "defender", force=2, max_hits=2),
    Card("Space Scouts", "defender", "defender", force=2, max_hits=2, peek=True, note=_PEEK_NOTE),
    Card("Space Troopers", "defender", "defender", force=3, max_hits=3),
    Card(
        "Alien Artifact", "defender", "defender", force=5, max_hits=5,
        needs_lab=True, note="Play & use only if you have a Lab",
    ),
)  # fmt: skip


def _invader(name: str, force: int) -> Card:
    return Card(name, "invader", "invader", force=force, max_hits=force)


_CLASSIC_INVADERS: Final[tuple[Card, ...]] = (
    _invader("Alien Predators", 3),
    _invader("Imperial Stormtroopers", 4),
    _invader("Berserker Robots", 6),
    _invader("Alien Invaders", 3),
    _invader("Corporate Mercenaries", 3),
    _invader("Cyborg Collective", 6),
    _invader("Little Green Men", 4),
    _invader("Alien Brainsuckers", 5),
    _invader("Mutant Space Zombies", 3),
    _invader("Cylon Raiders", 4),
    _invader("Space Pirates", 3),
    _invader("The Warstar", 6),
    _invader("Alien Parasites", 4),
    _invader("Dalek Exterminators", 5),
    _invader("Space Monster", 5),
    _invader("Romulan Warbirds", 4),
    _invader("Vampiric Space Beavers", 3),
    _invader("Starmada", 6),
    _invader("Time Warp Fugitives", 3),
    _invader("World Eater", 7),
)


def _event(name: str, role: str, note: str) -> Card:
    return Card(name, "event", role, note=note)


_EVENTS: Final[tuple[Card, ...]] = (
    _event(
        "Solar Flare", "solar_flare", "Randomly distribute 2 points of damage to your defenders"
    ),
    _event(
        "Reinforcements", "reinforcements",
        "Take 1 defender from your discard & put it in your hand",
    ),
    _event("Lost in Space", "lost_in_space", _RANDOM_DEFENDER),
    _event("Supernova", "supernova", "Discard your hand"),
    _event("Lab Explosion", "lab_explosion", "Discard 1 Lab"),
    _event("Core Instabilities", "core_instabilities", "Discard 1 Mine"),
    _event("Terraform", "terraform", "All Agrodomes income +2 for rest of game"),
    _event("Black Hole", "black_hole", _RANDOM_DEFENDER),
    _event("Emergency Repairs", "emergency_repairs", "Discard all Damage counters"),
    _event("Seismic Events", "seismic_events", "Generate no income this turn"),
    _event("Intergalactic War", "intergalactic_war", _RANDOM_DEFENDER),
    _event("Sabotage", "sabotage", _RANDOM_STRUCTURE),
    _event("Dilithium Crystals", "dilithium_crystals", "Gain 10 Megacredits per Mine"),
    _event("Space Traders", "space_traders", "Gain 3 Megacredits per Structure"),
    _event("Planet Bombs", "planet_bombs", _RANDOM_STRUCTURE),
    _event("Meteor Swarm", "meteor_swarm", _RANDOM_STRUCTURE),
    _event("Space Virus", "space_virus", "Discard 1 Defender or Colony"),
    _event("Discovery", "discovery", "Gain 50 Megacredits if you have a Lab"),
    _event("Merchant from Venus", "merchant_from_venus", "Gain 20 Megacredits per Colony"),
    _event("Cosmic Con Artist", "cosmic_con_artist", "Lose half of your Megacredits"),
    _event("Interstellar Tax Men", "interstellar_tax_men", "Lose 2 Megacredits per Structure"),
    _event("Repairs", "repairs", "Take 1 structure from your discard & put it in your hand"),
)  # fmt: skip

CLASSIC: Final[tuple[Card, ...]] = (
    _CLASSIC_STRUCTURES + _CLASSIC_DEFENDERS + _CLASSIC_INVADERS + _EVENTS
)

# ---------------------------------------------------------------------------------------
# Babylon 5 ("only the names of some cards have changed"; the lists as written)
# ---------------------------------------------------------------------------------------

_B5_STRUCTURES: Final[tuple[Card, ...]] = (
    Card("Hull", "base", "base", 1, 0, 0, 2, generates=5, note=_GEN5),
    Card("Fusion reactor", "structure", "solar", 7, 0, 0, 0, generates=5, note=_GEN5),
    Card("Garden", "structure", "agrodome", 6, 1, 1, 0, note="supports b5"),
    Card(
        "Living quarters", "structure", "colony", 4, 3, 1, 1,
        requires=(("agrodome", 1),), note="requires 1 garden",
    ),
    Card("Loading bay", "structure", "mine", 8, 1, 1, 0, note="supports refinery"),
    # No Refinery row in the Babylon 5 list, so this Factory can never be powered
    # unless the option b5_add_refineries adds B5_REFINERY.
    Card(
        "Factory", "structure", "factory", 1, 3, 1, 0,
        requires=(("refinery", 2),), note="requires 2 refineries",
    ),
    Card(
        "Landing bay", "structure", "starport", 1, 5, 2, 1,
        requires=(("colony", 2),), note="requires 2 living quarters",
    ),
    Card("Research lab", "structure", "lab", 2, 1, 1, 0),
    Card(
        "Hyperspace jumpgate", "structure", "stargate", 1, 7, 3, 1,
        requires=(("lab", 1),), note="requires 1 lab",
    ),
    Card(
        "Command and control", "structure", "command", 1, 0, 1, 1,
        hand_size=2, note="+2 hand size",
    ),
    Card("Ppg turret", "structure", "turret", 4, 0, 1, 0, force=1, max_hits=1, note="Force = 1"),
    Card("Hull armor", "structure", "dome", 2, 0, 1, 0, max_hits=3, note="3 Hits"),
)  # fmt: skip

# Twelve defenders: the classic list's forces in the same order, without Star Force's 3.
_B5_DEFENDERS: Final[tuple[Card, ...]] = (
    Card(
        "Ranger Observers", "defender", "defender", force=2, max_hits=2,
        peek=True, note="Discard to look at 1d6 cards in deck",
    ),
    Card("Security", "defender", "defender", force=2, max_hits=2),
    Card("Marines", "defender", "defender", force=3, max_hits=3),
    Card("Jeffrey Sinclair", "defender", "defender", force=4, max_hits=4, note="Ranger Commander"),
    Card("Michael Garibaldi", "defender", "defender", force=4, max_hits=4, note="Security Chief"),
    Card("Ranger Strike Team", "defender", "defender", force=3, max_hits=3),
    Card("Star Fury Fighters", "defender", "defender", force=3, max_hits=3),
    Card(
        "Co Capt John Sheridan", "defender", "defender", force=5, max_hits=1,
        one_hit=True, note="can only take 1 hit",
    ),
    Card("Susan Ivanova", "defender", "defender", force=2, max_hits=2, note="xo lt cmd"),
    Card(
        "Ranger Marcus Cole", "defender", "defender", force=2, max_hits=2,
        peek=True, note="discard to see 1d6 cards",
    ),
    Card("White Star", "defender", "defender", force=3, max_hits=3),
    Card(
        "Alien Artifact", "defender", "defender", force=5, max_hits=5,
        needs_lab=True, note="only if lab present",
    ),
)  # fmt: skip

# Twenty invaders, as written (e.g. Space pirates 4, where the classic Space Pirates is 3).
_B5_INVADERS: Final[tuple[Card, ...]] = (
    _invader("Centauri agents", 3),
    _invader("Minbari colonial fleet", 4),
    _invader("Minbari expeditionary fleet", 6),
    _invader("Minbari agents", 3),
    _invader("Narn agents", 3),
    _invader("Narn expeditionary fleet", 6),
    _invader("Psi corp telepathic military", 4),
    _invader("Narn battle fleet", 5),
    _invader("Secret police", 3),
    _invader("Narn colonial fleet", 4),
    _invader("Drazi sunhawk", 3),
    _invader("Vorlon cruiser", 6),
    _invader("Centauri colonial fleet", 4),
    _invader("Centauri battle fleet", 5),
    _invader("Minbari battle fleet", 5),
    _invader("Space pirates", 4),
    _invader("Night watch", 3),
    _invader("Centauri expeditionary fleet", 6),
    _invader("Rouge soul hunter", 3),
    _invader("Shadow ship", 7),
)

# Events: "same as in spacehole" -- the classic event cards themselves.
BABYLON5: Final[tuple[Card, ...]] = _B5_STRUCTURES + _B5_DEFENDERS + _B5_INVADERS + _EVENTS

# Option b5_add_refineries: the classic Refinery, inserted after Loading bay.
B5_REFINERY: Final[Card] = Card(
    "Refinery", "structure", "refinery", 4, 2, 1, 0,
    requires=(("mine", 2),), note="Requires 2 Mines",
)  # fmt: skip

_B5_WITH_REFINERIES: Final[tuple[Card, ...]] = (
    *_B5_STRUCTURES[:5],  # Hull ... Loading bay
    B5_REFINERY,
    *_B5_STRUCTURES[5:],
    *_B5_DEFENDERS,
    *_B5_INVADERS,
    *_EVENTS,
)

# ---------------------------------------------------------------------------------------
# Look-ups
# ---------------------------------------------------------------------------------------


def cards(variant: str = "classic", *, add_refineries: bool = False) -> tuple[Card, ...]:
    """The card table of ``variant`` ("classic" or "babylon5"), in rule-text order.

    ``add_refineries`` only affects "babylon5": it inserts ``B5_REFINERY`` after Loading bay.
    """
    if variant == "classic":
        return CLASSIC
    if variant == "babylon5":
        return _B5_WITH_REFINERIES if add_refineries else BABYLON5
    shown = f"{variant[:80]!r}" if isinstance(variant, str) else type(variant).__name__
    raise ValueError(f"unknown Spacehole variant {shown}; expected one of {VARIANTS}")


def deck_counts(variant: str = "classic", *, add_refineries: bool = False) -> dict[str, int]:
    """``name -> copies`` in the starting deck: every card except the base (it starts in play).

    Totals: classic 96; Babylon 5 91, or 95 with ``add_refineries``.
    """
    table = cards(variant, add_refineries=add_refineries)
    return {c.name: c.count for c in table if c.kind != "base"}


def by_name(variant: str = "classic", *, add_refineries: bool = False) -> Mapping[str, Card]:
    """A read-only ``name -> Card`` mapping of ``variant`` (names are unique in a variant).

    Cached: the same mapping object is returned for the same table.
    """
    cards(variant)  # validates ``variant`` (ValueError naming it)
    return _by_name(variant, add_refineries and variant == "babylon5")


@functools.lru_cache(maxsize=4)
def _by_name(variant: str, add_refineries: bool) -> Mapping[str, Card]:
    table = cards(variant, add_refineries=add_refineries)
    mapping = {c.name: c for c in table}
    if len(mapping) != len(table):  # pragma: no cover - guarded by the tests
        raise AssertionError(f"duplicate card names in {variant}")
    return types.MappingProxyType(mapping)


def _role_names(table: tuple[Card, ...]) -> dict[str, str]:
    return {c.role: c.name for c in table if c.kind in ("base", "structure")}


# Per variant, structure role -> the variant's name for it, to phrase the (classic-worded)
# events in the variant's words, e.g. "Discard 1 Lab" -> "Discard 1 Research lab" in B5.
# Babylon 5 names its refinery "Refinery" (the card the option b5_add_refineries adds).
ROLE_NAMES: Final[dict[str, dict[str, str]]] = {
    "classic": _role_names(CLASSIC),
    "babylon5": _role_names(_B5_WITH_REFINERIES),
}
