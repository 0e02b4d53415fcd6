"""The cards' effects (blast.txt's card list, rulings 5, 7, 8 and 9), one function each.

"Played cards are discarded": a dice card or Defend the Homeworld goes to the vortex when
played; Space Combat Tactics and Strategic Move when their move is made or the Move Phase
ends (``turn.move_end``); an attack or defence card, Espionage and Jam Transmission stay
in play until their fight or the end of the turn (``turn.end_of_turn``). Each function
leaves the stage the turn goes on with (``s.stage``) and clears the decision; a card that
rolls sets the chance node.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import data
from .actions import Order
from .board import remove_one
from .data import ATTACK, DEFENCE, DICE_BONUS, FIGHT_BONUS
from .fight import add_card
from .movement import defend_homeworld, movable_units, pick_die
from .rules import Rules
from .state import SIDE_TITLE, BlastState, Die, add_sorted, set_pair

__all__ = ["discard_card", "modify_die", "play_card", "to_play", "used_from_play"]


def discard_card(s: BlastState, p: int, card: str) -> None:
    """``p`` discards ``card`` from hand to the vortex."""
    s.hands = set_pair(s.hands, p, remove_one(s.hands[p], card))
    s.vortex = add_sorted(s.vortex, card)


def to_play(s: BlastState, p: int, card: str) -> None:
    """``p`` puts ``card`` in play (it goes to the vortex later)."""
    s.hands = set_pair(s.hands, p, remove_one(s.hands[p], card))
    s.play = (*s.play, card)


def modify_die(dice: tuple[Die, ...], value: int, bonus: int) -> tuple[Die, ...]:
    """The dice with ``bonus`` added to a die showing ``value``."""
    die = pick_die(dice, value)
    return add_sorted(remove_one(dice, die), (die[0] + bonus, die[1] + bonus, die[2]))


def espionage(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Look at opponents hand. Play on opponents draw phase." (ruling 9)."""
    p = s.actor
    to_play(s, p, o.card)
    s.spy = p
    log.append(f"{SIDE_TITLE[p]} plays Espionage: sees the {SIDE_TITLE[1 - p]} hand this turn")
    s.stage = "draw"


def jam_transmission(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Target enemy unit cannot move this turn. Play on opponents turn." The window
    stays open while the opponent holds another copy and a unit can move."""
    p = s.actor
    to_play(s, p, o.card)
    s.pins = add_sorted(s.pins, (o.sector, o.force))
    log.append(f"{SIDE_TITLE[p]} plays Jam Transmission: the unit of force {o.force} on "
               f"sector {o.sector} cannot move this turn")
    held = "Jam Transmission" in s.hands[p] or rules.windows == "always"
    if held and movable_units(s, s.player):
        s.pending = "jam"  # the opponent may jam another unit
    else:
        s.stage = "move"


def die_bonus(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """Ion Thrusters, Warp Overdrive, Maximum Burn: +1, +2, +3 to one die roll."""
    discard_card(s, s.actor, o.card)
    s.dice = modify_die(s.dice, o.die, DICE_BONUS[o.card])
    log.append(f"{SIDE_TITLE[s.actor]} plays {o.card}: the {o.die} becomes "
               f"{o.die + DICE_BONUS[o.card]}")
    s.stage = "dice"


def hold_position(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Do not use one die roll"."""
    discard_card(s, s.actor, o.card)
    s.dice = remove_one(s.dice, pick_die(s.dice, o.die))
    log.append(f"{SIDE_TITLE[s.actor]} plays Hold Position: the {o.die} is not used")
    s.stage = "dice"


def battle_computers(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Cause one of your die rolls to be rerolled" (a chance node)."""
    discard_card(s, s.actor, o.card)
    log.append(f"{SIDE_TITLE[s.actor]} plays Battle Computers: the {o.die} is rerolled")
    s.stage = "dice"
    s.chance = ("reroll", o.die)


def hyper_jump(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Roll one additional die in Roll Phase" (a chance node)."""
    discard_card(s, s.actor, o.card)
    log.append(f"{SIDE_TITLE[s.actor]} plays Hyper Jump: a third die is rolled")
    s.stage = "dice"
    s.chance = ("hyper",)


def space_combat_tactics(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Use one die roll to move backwards": in play, one die may move a unit backwards
    this Move Phase (``move 12:3 back 4``)."""
    to_play(s, s.actor, o.card)
    log.append(f"{SIDE_TITLE[s.actor]} plays Space Combat Tactics: one die may move a unit "
               "backwards")
    s.stage = "move"


def strategic(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Use one die roll to move all units in one space": in play, one die may move
    every movable unit of a sector this Move Phase (``move 12 by 4``)."""
    to_play(s, s.actor, o.card)
    log.append(f"{SIDE_TITLE[s.actor]} plays Strategic Move: one die may move a whole "
               "stack")
    s.stage = "move"


def used_from_play(s: BlastState, card: str) -> None:
    """A move card in play has been used (or the Move Phase ended): it goes to the
    vortex ("Played cards are discarded")."""
    s.play = remove_one(s.play, card)
    s.vortex = add_sorted(s.vortex, card)


def defend_the_homeworld(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Move target unit directly to your homeworld"."""
    discard_card(s, s.actor, o.card)
    defend_homeworld(s, o.sector, o.force, log)
    s.stage = "move"


def fight_card(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """An attack card (the attacker's) or a defence card (the defender's): its Force is
    added to its side's total; Surprise Attack and Ambush roll 1D6 (a chance node)."""
    c = o.card
    to_play(s, s.actor, c)
    add_card(s, c)
    attack = c in ATTACK
    bonus = FIGHT_BONUS[c]
    log.append(f"{SIDE_TITLE[s.actor]} plays {c}" + (f" (+{bonus} Force)" if bonus else ""))
    s.stage = "attack" if attack else "defend"
    if c in data.D6_CARDS:
        s.chance = ("d6", "attack" if attack else "defence")


def major_offensive(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """"Discard 2 cards and take another turn" (ruling 9): the two discards are the
    player's next decisions."""
    p = s.actor
    discard_card(s, p, o.card)
    s.extra += 1
    s.mo_left = 2
    log.append(f"{SIDE_TITLE[p]} plays Major Offensive: another turn after this one "
               "(discarding two cards)")
    s.pending = "offensive"
    s.stage = "end"


Effect = Callable[[Rules, BlastState, Order, list[str]], None]
EFFECTS: Final[dict[str, Effect]] = {
    "Espionage": espionage,
    "Jam Transmission": jam_transmission,
    **{c: die_bonus for c in DICE_BONUS},
    "Hold Position": hold_position,
    "Battle Computers": battle_computers,
    "Hyper Jump": hyper_jump,
    "Space Combat Tactics": space_combat_tactics,
    "Strategic Move": strategic,
    "Defend the Homeworld": defend_the_homeworld,
    **{c: fight_card for c in (*ATTACK, *DEFENCE)},
    "Major Offensive": major_offensive,
}
"""What playing each card does (Reinforcements is played through ``rebuild``)."""


def play_card(rules: Rules, s: BlastState, o: Order, log: list[str]) -> None:
    """``play <card> ...``: the card's effect."""
    s.pending = None
    EFFECTS[o.card](rules, s, o, log)
