"""What each of the player's decisions does (:data:`DECISIONS`, by the action's verb; the
notation is in ``actions.py``, the legal choices in ``legal.py``). Each changes the
position and names the stage the turn goes on with (``turn.advance`` runs it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import Move, parse_label
from .play import check_capacity, discard_defender
from .state import SpaceholeState, discard, take_from_discard, with_card, without_card
from .table import Table, capacity, hand_limit, optimal_power

__all__ = ["DECISIONS", "decide"]


def decide(t: Table, s: SpaceholeState, move: Move, log: list[str]) -> None:
    """Apply the player's ``move`` (a legal one) to ``s``."""
    DECISIONS[move.verb](t, s, move.arg, log)


def discard_from_hand(t: Table, s: SpaceholeState, name: str, log: list[str]) -> None:
    """Space Karma: "Discard excess cards", one at a time until the hand fits its limit."""
    s.hand = without_card(s.hand, name)
    discard(s, name)
    log.append(f"Discarded {name} from hand")
    if len(s.hand) <= hand_limit(t, s):
        s.pending = None
        s.stage = s.after or "event"
        s.after = None


def build(t: Table, s: SpaceholeState, name: str, log: list[str]) -> None:
    """Build Phase: "The played card is placed face-up on the table in front of you";
    a defender beyond the capacity makes the player discard one (ruling 8)."""
    s.hand = without_card(s.hand, name)
    card = t.cards[name]
    s.pending = None
    if card.kind == "structure":
        s.structures = with_card(s.structures, (name, 0))
        log.append(f"Built {name}")
    else:
        s.defenders = with_card(s.defenders, (name, 0))
        log.append(f"Played defender {name} (Force {card.force})")
    check_capacity(t, s, "power", log)


def repair(t: Table, s: SpaceholeState, label: str, log: list[str]) -> None:
    """"If you did not play a card you may remove all the damage tokens on one of your
    cards" (ruling 9)."""
    name, damage = parse_label(label)
    card = t.cards[name]
    if card.role == "base":
        s.base_damage = 0
    elif card.kind == "defender":
        s.defenders = with_card(without_card(s.defenders, (name, damage)), (name, 0))
    else:
        s.structures = with_card(without_card(s.structures, (name, damage)), (name, 0))
    log.append(f"Repaired {name}: all damage removed")
    s.pending = None
    s.stage = "power"


def pass_(t: Table, s: SpaceholeState, arg: str, log: list[str]) -> None:
    """Build Phase: play nothing and repair nothing."""
    log.append("Built nothing")
    s.pending = None
    s.stage = "power"


def take(t: Table, s: SpaceholeState, name: str, log: list[str]) -> None:
    """Reinforcements / Repairs: the chosen card from the discard pile into the hand."""
    take_from_discard(s, name)
    s.hand = with_card(s.hand, name)
    log.append(f"Took {name} from the discard pile into hand")
    s.pending = None
    s.stage = "event_done"


def virus(t: Table, s: SpaceholeState, label: str, log: list[str]) -> None:
    """Space Virus: "Discard 1 Defender or Colony", the player's choice."""
    name, damage = parse_label(label)
    s.pending = None
    if t.cards[name].kind == "defender":
        discard_defender(s, (name, damage), log, "Space Virus")
        s.stage = "event_done"
    else:
        s.structures = without_card(s.structures, (name, damage))
        discard(s, name)
        log.append(f"Space Virus: {name} discarded")
        check_capacity(t, s, "event_done", log)


def remove(t: Table, s: SpaceholeState, label: str, log: list[str]) -> None:
    """Defender capacity exceeded: "Excess are discarded", the player's choice (ruling
    8), one at a time until the defenders fit."""
    discard_defender(s, parse_label(label), log, "over capacity")
    if len(s.defenders) <= capacity(t, s):
        s.pending = None
        s.stage = s.after or "power"
        s.after = None


def power(t: Table, s: SpaceholeState, what: str, log: list[str]) -> None:
    """Power Phase (``power_choice="manual"``): a token on one more structure of that
    kind, or the income-maximising allocation, or done (ruling 10)."""
    if what == "optimal":
        s.powered = optimal_power(t, s)
        log.append("Power: the income-maximising allocation")
    elif what == "done":
        log.append("Power tokens placed")
    else:
        role = t.cards[what].role
        s.powered = {**s.powered, role: s.powered.get(role, 0) + 1}
        log.append(f"Power token on {what}")
        return
    s.pending = None
    s.stage = "income"


def peek(t: Table, s: SpaceholeState, label: str, log: list[str]) -> None:
    """Space Rangers / Space Scouts: "Discard at end of turn to look at next 1D6 cards in
    deck" (the die is a chance node, ruling 12)."""
    discard_defender(s, parse_label(label), log, "to look at the deck")
    s.pending = None
    s.chance = ("peek_die",)


def end_turn(t: Table, s: SpaceholeState, arg: str, log: list[str]) -> None:
    """The end of the turn, without (another) peek."""
    s.pending = None
    s.stage = "finish"


DECISIONS: Final[dict[str, Callable[[Table, SpaceholeState, str, list[str]], None]]] = {
    "discard": discard_from_hand,
    "build": build,
    "repair": repair,
    "pass": pass_,
    "take": take,
    "virus": virus,
    "remove": remove,
    "power": power,
    "peek": peek,
    "end": end_turn,
}
"""Verb -> what the decision does."""
