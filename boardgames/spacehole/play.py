"""Cards in play: hits on them, cards destroyed or discarded, and the defender capacity.

"Use counters placed on the cards to record damage. [...] An Invader or Defender card
reduced to 0 Force is destroyed. Destroyed cards are discarded." Damage is the second
item of a card's ``(name, damage)`` pair; the Base's is ``state.base_damage``.
"""

from __future__ import annotations

from .state import SpaceholeState, discard, with_card, without_card
from .table import Table, capacity, in_play

__all__ = ["check_capacity", "discard_defender", "discard_structure", "hit_base",
           "hit_defender", "hit_structure", "lose_the_game"]


def hit_defender(t: Table, s: SpaceholeState, name: str, damage: int,
                 log: list[str]) -> None:
    """One hit on defender ``(name, damage)``: a damage counter, or destroyed (and
    discarded) when it can take no more (Space Hero: at its first hit; ruling 5)."""
    s.defenders = without_card(s.defenders, (name, damage))
    card = t.cards[name]
    if damage + 1 >= card.max_hits:
        discard(s, name)
        log.append(f"{name} is hit and destroyed")
    else:
        s.defenders = with_card(s.defenders, (name, damage + 1))
        log.append(f"{name} is hit (Force {card.force - damage - 1} left)")


def hit_structure(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """One invader hit when no defender is in play (ruling 5): the most damaged Force
    Dome (3 hits), else a Laser Turret (1 hit), else the Base."""
    totals = in_play(t, s.structures)
    if totals.domes:
        hit_dome(t, s, log)
    elif totals.turrets:
        turret = next(c for c in s.structures if t.cards[c[0]].role == "turret")
        discard_structure(s, turret)
        log.append(f"{turret[0]} is hit and destroyed")
    else:
        hit_base(t, s, log)


def hit_dome(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """One hit on the most damaged Force Dome: "Force Domes can take 3 Hits before
    being destroyed"."""
    domes = [c for c in s.structures if t.cards[c[0]].role == "dome"]
    name, damage = max(domes, key=lambda c: c[1])
    most = t.cards[name].max_hits
    if damage + 1 >= most:
        discard_structure(s, (name, damage))
        log.append(f"{name} is hit and destroyed")
    else:
        s.structures = with_card(without_card(s.structures, (name, damage)),
                                 (name, damage + 1))
        log.append(f"{name} is hit ({damage + 1}/{most})")


def hit_base(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """One damage counter on the Base; at ``base_hits`` it is destroyed and the game is
    lost (ruling 1, ruling 13)."""
    s.base_damage += 1
    log.append(f"{t.base.name} takes 1 damage ({s.base_damage}/{t.rules.base_hits})")
    if s.base_damage >= t.rules.base_hits:
        lose_the_game(t, s, log)


def lose_the_game(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"If your base is ever destroyed the game ends immediately and you lose with a
    score = 0": no decision or chance node is left."""
    s.lost = True
    s.phase = s.stage = "over"
    s.pending = None
    s.chance = None
    log.append(f"{t.base.name} destroyed: the game is lost (score 0)")


def discard_defender(s: SpaceholeState, card: tuple[str, int], log: list[str],
                     why: str) -> None:
    """Defender ``(name, damage)`` from play to the discard pile, logged with the
    reason."""
    s.defenders = without_card(s.defenders, card)
    discard(s, card[0])
    log.append(f"{card[0]} discarded ({why})")


def discard_structure(s: SpaceholeState, card: tuple[str, int]) -> None:
    """Structure ``(name, damage)`` from play to the discard pile."""
    s.structures = without_card(s.structures, card)
    discard(s, card[0])


def check_capacity(t: Table, s: SpaceholeState, then: str, log: list[str]) -> None:
    """"You cannot have more Defender cards than your structure cards allow. Excess are
    discarded": with more defenders than places the player chooses which to discard
    (the ``overflow`` decision, ruling 8), then the turn goes on at stage ``then``."""
    places = capacity(t, s)
    if len(s.defenders) > places:
        log.append(f"Defender capacity is {places}: "
                   f"{len(s.defenders) - places} must be discarded")
        s.pending = "overflow"
        s.after = then
    else:
        s.stage = then
