"""Space Base card data: the CARD LIST of ``rules/spacebase.txt``, as data.

Pure data, standard library only, no game logic. Every row of the text's card list is
here, in text order, with the text's spelling (trailing spaces trimmed): the tests in
``tests/spacebase/test_data.py`` parse the rule text and compare it with this table.

The deck (RULINGS.md, Space Base 2): the list sums to **119** cards with the 4 Outposts,
although the text says "The deck consists of 120 cards". The Outposts are removed
before play (one per player starts on the map, the others stay in the box), leaving
**115** cards in the deck.

A card's ``role`` is the engine's key for what it does; the engine never looks at
printed names. ``title`` is the singular name used in explanations ("Refinery" for the
printed "Refineries").
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..core.compiled import by_constructor
from ..core.limits import quote

__all__ = [
    "ACTIONS",
    "CARDS",
    "CARD_LIST",
    "DECK_SIZE",
    "EXTRACTORS",
    "INSTALLATIONS",
    "LIST_TOTAL",
    "ORES",
    "ORE_OF",
    "POWER_SOURCES",
    "RESOURCES",
    "ROLE",
    "STATED_TOTAL",
    "Card",
    "by_role",
    "card",
    "deck_counts",
    "is_site",
]


@dataclass(frozen=True, slots=True)
class Card:
    """One row of the card list: ``count`` copies are in the game."""

    name: str  # as printed (trailing spaces trimmed)
    type: str  # the Type column: I, IP, R, V or A
    count: int  # the # column
    income: int | None  # the Income column (None for "-")
    requirements: str  # the Requirements column as printed
    role: str  # engine key
    title: str  # singular name for explanations

    @property
    def kind(self) -> str:
        """``"installation"`` (I and IP), ``"resource"``, ``"volcano"`` or ``"action"``."""
        return {"I": "installation", "IP": "installation", "R": "resource", "V": "volcano",
                "A": "action"}[self.type]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too


CARD_LIST: Final[tuple[Card, ...]] = (
    Card("Outpost", "I", 4, 1, "None, Produces Power, Functions as Extractor", "outpost",
         "Outpost"),
    Card("Volcano", "V", 8, 0, "None", "volcano", "Volcano"),
    Card("Metal", "R", 9, 0, "None", "metal", "Metal"),
    Card("Radioactives", "R", 6, 0, "None", "radioactives", "Radioactives"),
    Card("Ice + Organics", "R", 9, 0, "None", "ice", "Ice + Organics"),
    Card("Extractor", "I", 8, 1, "Power, Resource sites", "extractor", "Extractor"),
    Card("Solar Panels Array", "IP", 8, 0, "None; Produces power", "solar",
         "Solar Panels Array"),
    Card("Geothermal Plant", "IP", 6, 0, "Volcano; Produces power", "geothermal",
         "Geothermal Plant"),
    Card("Refineries", "I", 4, 2, "Power, Extractor (Any Ore)", "refinery", "Refinery"),
    Card("Reactor Core", "IP", 4, 3, "Refinery (Radioactives); Produces power", "reactor",
         "Reactor Core"),
    Card("Hydroponic Dome", "I", 5, 2, "Power, Extractor (Ice + Organic ores)", "dome",
         "Hydroponic Dome"),
    Card("Factory", "I", 5, 3, "Refinery (Metals)", "factory", "Factory"),
    Card("Transport Hub", "I", 4, 0, "Power", "hub", "Transport Hub"),
    Card("Shield Generator", "I", 4, 0, "Power", "shield", "Shield Generator"),
    Card("Research Station", "I", 4, 1, "Power", "research", "Research Station"),
    Card("Colony", "I", 4, 3, "Power, Hydroponic Dome", "colony", "Colony"),
    Card("High-Tech Industry", "I", 3, 4, "Power, Colony, Factory", "hightech",
         "High-Tech Industry"),
    Card("Bio-Med Labs", "I", 2, 4, "Power, Colony, Research Station", "biomed",
         "Bio-Med Lab"),
    Card("Space Port", "I", 2, 5, "Power, Colony, High-Tech Industry or Bio-Med Lab",
         "spaceport", "Space Port"),
    Card("Transfer", "A", 10, None, "Play in Transfer Phase", "transfer", "Transfer"),
    Card("Control", "A", 10, None, "Play in Control Phase", "control", "Control"),
)

CARDS: Final[Mapping[str, Card]] = types.MappingProxyType({c.name: c for c in CARD_LIST})
ROLE: Final[Mapping[str, str]] = types.MappingProxyType({c.name: c.role for c in CARD_LIST})
_BY_ROLE: Final = {c.role: c for c in CARD_LIST}

STATED_TOTAL: Final = 120
"""What the text says the deck holds ("The deck consists of 120 cards")."""
LIST_TOTAL: Final = sum(c.count for c in CARD_LIST)
"""What the list sums to, Outposts included: 119."""
DECK_SIZE: Final = LIST_TOTAL - CARDS["Outpost"].count
"""Cards in the deck once the Outposts are removed: 115."""

ORES: Final[tuple[str, ...]] = ("Metals", "Radioactives", "Ice + Organics")
"""The three ore types, as the text's RESOURCE SITES section names them."""
ORE_OF: Final[Mapping[str, str]] = types.MappingProxyType(
    {"metal": "Metals", "radioactives": "Radioactives", "ice": "Ice + Organics"})
"""Resource role -> the ore type it yields."""

RESOURCES: Final = frozenset(ORE_OF)
POWER_SOURCES: Final = frozenset({"outpost", "solar", "geothermal", "reactor"})
EXTRACTORS: Final = frozenset({"outpost", "extractor"})
INSTALLATIONS: Final = frozenset(c.role for c in CARD_LIST if c.kind == "installation")
ACTIONS: Final = frozenset(c.name for c in CARD_LIST if c.kind == "action")

# Lower-case names and singular titles, for reading notation typed by a person.
_ALIASES: Final = {**{c.name.lower(): c.name for c in CARD_LIST},
                   **{c.title.lower(): c.name for c in CARD_LIST},
                   "metals": "Metal", "refinery": "Refineries", "bio-med lab": "Bio-Med Labs",
                   "solar panels": "Solar Panels Array", "space port": "Space Port",
                   "spaceport": "Space Port"}


def card(name: str) -> Card:
    """The card called ``name`` (its printed name, its singular title, or a known alias,
    any case). ``ValueError`` quoting the name when there is none."""
    if not isinstance(name, str):
        raise ValueError(f"a card name is a string, not {quote(name)}")
    c = CARDS.get(name)
    if c is not None:
        return c
    # A name far longer than any is none (and is not copied: split, join, lower).
    canon = _ALIASES.get(" ".join(name.split()).lower()) if len(name) <= 100 else None
    if canon is None:
        raise ValueError(f"no Space Base card is called {quote(name)}; cards: "
                         + ", ".join(CARDS))
    return CARDS[canon]


def by_role(role: str) -> Card:
    return _BY_ROLE[role]


def is_site(name: str) -> bool:
    """True for cards placed on the map (installations, resources, volcanoes)."""
    return CARDS[name].kind != "action"


def deck_counts() -> dict[str, int]:
    """The deck before any card is dealt: every card of the list but the Outposts."""
    return {c.name: c.count for c in CARD_LIST if c.role != "outpost"}
