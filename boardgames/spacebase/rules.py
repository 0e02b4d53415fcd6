"""Space Base's options: every ruling marked (option) in RULINGS.md, plus the choices this
project made where the text is open (see docs/rules/spacebase.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.compiled import by_constructor
from ..core.options import check_options

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules:
    """Options of a Space Base game. The defaults are the project's rulings.

    starting_hand
        Cards dealt to each player before the first turn (ruling 1: default 0, "no cards
        in hand").
    action_cards
        How many Transfer cards a player may play in one Transfer phase, and Control
        cards in one Control phase: ``"one"`` ("By playing (discarding) a Transfer card
        a player may ...": one card) or ``"any"`` (as many as the player holds).
    volcano_adjacency
        Which adjacency a Geothermal Plant's Volcano requirement uses: ``"logistic"``
        (ruling 5: every requirement but power and shielding uses logistic adjacency, so
        a Transport Hub can link a plant to a volcano) or ``"physical"`` (a volcano's heat
        is energy, and a hub "does not transmit power").
    repair_sites
        Which damaged sites a player may pay to repair: ``"own"`` (the sites they control)
        or ``"any"`` (an opponent's too, e.g. one their own income depends on).
    """

    starting_hand: int = field(default=0, metadata={"min": 0, "max": 20})
    action_cards: Literal["one", "any"] = "one"
    volcano_adjacency: Literal["logistic", "physical"] = "logistic"
    repair_sites: Literal["own", "any"] = "own"

    def __post_init__(self) -> None:
        check_options(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
