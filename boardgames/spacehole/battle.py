"""Battle rounds: "Invasion cards are resolved through Battle Rounds. In a Battle Round
the Invader attacks, and your Defenders & Laser Turrets attack once each."

A round is a sequence of steps (:data:`ROUND_STEPS`, by ruling 3's ``battle_order``):
the invader rolls, the defenders roll, the invader's hits are placed one at a time, the
defenders' hits are applied to the invader. A roll is a chance node over the number of
hits (a die showing 1 hits); placing a hit on one of several defenders is a chance node
too. Rounds repeat until the invader is destroyed or the Base is (ruling 3).
"""

from __future__ import annotations

from typing import Final

from .play import hit_defender, hit_structure
from .state import SpaceholeState, with_item
from .table import Table, current_card, defender_dice

__all__ = ["DEFENDER_DICE", "DEFENDER_HITS", "INVADER_DICE", "INVADER_HITS", "ROUND_STEPS",
           "STEPS", "battle_step", "begin_invasion", "invader_destroyed", "record",
           "roll_text", "start_round", "takes_text"]

ROUND_STEPS: Final = {
    "simultaneous": ("invader_roll", "defender_roll", "invader_hits", "defender_hits"),
    "invader_first": ("invader_roll", "invader_hits", "defender_roll", "defender_hits"),
    "defenders_first": ("defender_roll", "defender_hits", "invader_roll", "invader_hits"),
}
"""The steps of a round under each ``battle_order`` (ruling 3): simultaneous, both sides
roll before any hit lands; otherwise the side that strikes first may destroy cards (or
the invader) before they roll."""


INVADER_DICE, INVADER_HITS, DEFENDER_DICE, DEFENDER_HITS = 1, 2, 3, 4
"""Where a roll goes in ``state.last_round`` (item 0 is the round)."""


def record(s: SpaceholeState, item: int, value: int) -> None:
    """Record a roll of the round under way (``state.last_round``, for the views)."""
    s.last_round = with_item(s.last_round, item, value)


def begin_invasion(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """An Invader drawn this turn attacks: its battle begins (stage ``battle``)."""
    card = current_card(t, s)
    log.append(f"Invasion: {card.name} (Force {card.force}) attacks")
    s.inv_damage = 0
    s.battle_round = 0
    s.stage = "battle"


def start_round(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Stage ``battle``: a new round, its steps queued in ``s.bq``."""
    s.battle_round += 1
    s.bq = ROUND_STEPS[t.rules.battle_order]
    s.inv_hits = s.def_hits = 0
    s.last_round = (s.battle_round, None, None, None, None)
    s.stage = "battle_step"


def invader_destroyed(t: Table, s: SpaceholeState) -> bool:
    """Whether the invader has no Force left."""
    return current_card(t, s).force <= s.inv_damage


def battle_step(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Stage ``battle_step``: the round's next step; when the round is over, another
    round, unless the invader is destroyed (then the battle is over)."""
    if s.bq:
        STEPS[s.bq[0]](t, s, log)
    elif invader_destroyed(t, s):
        s.stage = "event_done"
    else:
        start_round(t, s, log)


def invader_roll(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"Roll 1D6 for every level of Force an Invader [...] has": a chance node over the
    invader's hits."""
    s.bq = s.bq[1:]
    dice = current_card(t, s).force - s.inv_damage
    record(s, INVADER_DICE, dice)
    s.chance = ("inv_dice", dice)


def defender_roll(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The defending side's dice (``table.defender_dice``), pooled: a chance node over
    the number of hits."""
    s.bq = s.bq[1:]
    dice = defender_dice(t, s)
    record(s, DEFENDER_DICE, dice)
    s.chance = ("def_dice", dice)


def invader_hits(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The invader's next hit (ruling 5, one at a time): a random defender card (a
    chance node, unless every defender is alike), else the structures
    (``play.hit_structure``). When none is left the step is over."""
    if s.inv_hits <= 0:
        s.bq = s.bq[1:]
        return
    if not s.defenders:
        hit_structure(t, s, log)
        s.inv_hits -= 1
    elif s.defenders[0] == s.defenders[-1]:  # one kind of card (sorted): no choice
        hit_defender(t, s, *s.defenders[0], log)
        s.inv_hits -= 1
    else:
        s.chance = ("target",)


def defender_hits(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The defenders' hits on the invader: "Each damage counter so placed reduces the
    cards Force by one point. An Invader [...] reduced to 0 Force is destroyed" (hits
    beyond its Force are lost). A destroyed invader ends the battle."""
    s.bq = s.bq[1:]
    hits = s.def_hits
    if hits:
        card = current_card(t, s)
        s.inv_damage = min(card.force, s.inv_damage + hits)
        log.append(takes_text(card.name, hits, card.force - s.inv_damage))
        s.def_hits = 0
    if invader_destroyed(t, s):
        s.bq = ()
        s.stage = "event_done"


STEPS: Final = {"invader_roll": invader_roll, "defender_roll": defender_roll,
                "invader_hits": invader_hits, "defender_hits": defender_hits}
"""The steps of a round by name (:data:`ROUND_STEPS`)."""


def roll_text(battle_round: int, who: str, dice: int | None, hits: int) -> str:
    """The log line of a roll."""
    return f"Round {battle_round}: {who} roll {dice} dice: {hits} hit{'s' if hits != 1 else ''}"


def takes_text(name: str, hits: int, left: int) -> str:
    """The log line of the defenders' hits on the invader."""
    return f"{name} takes {hits} hit{'s' if hits != 1 else ''}" \
        + (f" (Force {left} left)" if left else ": destroyed")
