"""The chance nodes: their outcomes with integer weights (:func:`outcomes`), the text of
an outcome and what it does (:data:`RESOLVE`, by the node's kind).

=====================  ==========================================================
kind                   outcomes
=====================  ==========================================================
``draw``, ``reveal``   the card names left in the deck, weighted by their copies
``inv_dice``,          the number of hits among ``n`` dice (a die showing 1 hits):
``def_dice``           ``k`` with weight ``C(n, k) 5^(n-k)`` (over ``6^n``)
``target``, ``flare``, a defender in play (its label), weighted by how many cards
``random_defender``    carry that label: uniform over the cards
``random_structure``   a structure in play or the Base, uniform over the cards
``peek_die``           the Rangers' die, 1 to 6
=====================  ==========================================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from math import comb
from typing import Any, Final

from .actions import label, parse_label
from .battle import DEFENDER_DICE, DEFENDER_HITS, INVADER_DICE, INVADER_HITS, record, roll_text
from .events import lose_structure
from .play import discard_defender, hit_defender
from .state import Cards, SpaceholeState, deck_to_change
from .table import Table, current_card
from .turn import drawn, seen

__all__ = ["RESOLVE", "hit_weights", "outcome_text", "outcomes", "resolve"]

DIE: Final = (1, 2, 3, 4, 5, 6), (1, 1, 1, 1, 1, 1)


def outcomes(t: Table, s: SpaceholeState) -> tuple[Sequence[Any], Sequence[int]]:
    """The outcomes of the chance node pending in ``s`` and their integer weights."""
    chance = s.chance or ("",)
    kind = chance[0]
    if kind in ("inv_dice", "def_dice"):
        return hit_weights(chance[1])
    if kind in ("target", "flare", "random_defender"):
        return label_weights(s.defenders)
    if kind in ("draw", "reveal"):
        return s.deck.outcomes()
    if kind == "random_structure":
        return label_weights(s.structures, t.base.name)
    return DIE  # peek_die


@cache
def hit_weights(dice: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hits among ``dice`` six-sided dice, each 1 a hit: ``k`` = 0..dice with integer
    weight ``C(dice, k) 5^(dice-k)`` (over ``6^dice``)."""
    hits = tuple(range(dice + 1))
    return hits, tuple(comb(dice, k) * 5 ** (dice - k) for k in hits)


@lru_cache(maxsize=4096)
def label_weights(cards: Cards, extra: str | None = None
                  ) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A uniform pick among ``cards`` in play (and one ``extra``, the Base): their labels,
    sorted, each weighted by how many interchangeable cards carry it."""
    counts = Counter(label(n, d) for n, d in cards)
    if extra is not None:
        counts[extra] += 1
    names = tuple(sorted(counts))
    return names, tuple(counts[n] for n in names)


def outcome_text(chance: tuple[Any, ...] | None, outcome: Any) -> str:
    """The text of ``outcome`` at chance node ``chance`` (as in ``history``)."""
    kind = chance[0] if chance else None
    if kind in ("inv_dice", "def_dice"):
        return f"{outcome} hit" + ("" if outcome == 1 else "s")
    if kind == "peek_die":
        return f"rolled {outcome}"
    return str(outcome)


def resolve(t: Table, s: SpaceholeState, outcome: Any, log: list[str]) -> None:
    """Apply ``outcome`` of the chance node pending in ``s``."""
    kind = s.chance[0] if s.chance else ""
    s.chance = None
    RESOLVE[kind](t, s, outcome, log)


def card_drawn(t: Table, s: SpaceholeState, name: str, log: list[str]) -> None:
    """Space Karma: the card drawn."""
    deck_to_change(s).take_unknown(name)
    drawn(t, s, name, log)


def invader_rolled(t: Table, s: SpaceholeState, hits: int, log: list[str]) -> None:
    """The invader's hits, to place (``battle.invader_hits``)."""
    s.inv_hits = hits
    record(s, INVADER_HITS, hits)
    who = current_card(t, s).name
    log.append(roll_text(s.battle_round, who, s.last_round[INVADER_DICE], hits))


def defenders_rolled(t: Table, s: SpaceholeState, hits: int, log: list[str]) -> None:
    """The defenders' hits, to apply (``battle.defender_hits``)."""
    s.def_hits = hits
    record(s, DEFENDER_HITS, hits)
    log.append(roll_text(s.battle_round, "Defenders", s.last_round[DEFENDER_DICE], hits))


def defender_targeted(t: Table, s: SpaceholeState, target: str, log: list[str]) -> None:
    """"When the invaders inflict damage a random defender card will be hit first"."""
    hit_defender(t, s, *parse_label(target), log)
    s.inv_hits -= 1


def flare_point(t: Table, s: SpaceholeState, target: str, log: list[str]) -> None:
    """A Solar Flare's point on a random defender."""
    hit_defender(t, s, *parse_label(target), log)
    s.flare_left -= 1


def defender_lost(t: Table, s: SpaceholeState, target: str, log: list[str]) -> None:
    """Lost in Space, Black Hole, Intergalactic War: the random defender discarded."""
    discard_defender(s, parse_label(target), log, current_card(t, s).name)
    s.stage = "event_done"


def peek_rolled(t: Table, s: SpaceholeState, roll: int, log: list[str]) -> None:
    """The Rangers' 1D6: that many cards of the deck will be seen, those already known
    included (a roll above the cards left shows the whole deck; ruling 12)."""
    n = min(roll, len(s.deck))
    s.reveal_left = max(0, n - len(s.deck.known))
    log.append(f"Looks at the next {roll} card(s) of the deck"
               + (f" ({len(s.deck)} left)" if roll > len(s.deck) else ""))


def card_seen(t: Table, s: SpaceholeState, name: str, log: list[str]) -> None:
    """The Rangers see the next card of the deck."""
    seen(s, name, log)


RESOLVE: Final[dict[str, Callable[[Table, SpaceholeState, Any, list[str]], None]]] = {
    "draw": card_drawn,
    "inv_dice": invader_rolled,
    "def_dice": defenders_rolled,
    "target": defender_targeted,
    "flare": flare_point,
    "random_defender": defender_lost,
    "random_structure": lose_structure,
    "peek_die": peek_rolled,
    "reveal": card_seen,
}
"""Chance node kind -> what its outcome does."""
