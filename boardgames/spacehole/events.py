"""The Event cards: "For Event cards just follow the instructions on the card. Discard the
Event card after it is resolved." One function per card (:data:`EVENTS`, by the card's
role, the same in both variants), ruling 11: random picks are uniform among the cards in
play that fit (a chance node, unless they are all alike); an event with nothing to act
on does nothing; Megacredits never go below 0. Events count the cards in play, powered
or not (power tokens exist only in the Power and Income phases, ruling 6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import parse_label
from .play import check_capacity, discard_defender, discard_structure, hit_base, hit_defender
from .state import SpaceholeState, discard
from .table import Table, current_card, has_lab, in_play

__all__ = ["EVENTS", "lose_structure", "resolve_event", "solar_flare_point"]


def resolve_event(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The Event card drawn this turn (``s.current``) does what it says; the Megacredits
    it gains or loses are logged with the new total. The turn goes on at stage
    ``event_done`` (which discards the card) unless the event asks for a decision, a
    chance node or more stages."""
    card = current_card(t, s)
    log.append(f"Event: {card.name}")
    s.stage = "event_done"
    before = s.megacredits
    EVENTS[card.role](t, s, log)
    if s.megacredits != before:
        diff = s.megacredits - before
        log.append(f"{'Gained' if diff > 0 else 'Lost'} {abs(diff)} Megacredits "
                   f"(total {s.megacredits})")


def structures_in_play(s: SpaceholeState) -> int:
    """Structures in play for the events that count them: the Base included."""
    return len(s.structures) + 1


def solar_flare(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Solar Flare: "Randomly distribute 2 points of damage to your defenders" (stage
    ``flare``, one point at a time)."""
    s.flare_left = 2
    s.stage = "flare"


def solar_flare_point(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Stage ``flare``: the next point of a Solar Flare hits a random defender (a chance
    node unless every defender is alike); with no defender left the rest is lost."""
    if s.flare_left <= 0 or not s.defenders:
        s.flare_left = 0
        s.stage = "event_done"
    elif len(set(s.defenders)) == 1:
        hit_defender(t, s, *s.defenders[0], log)
        s.flare_left -= 1
    else:
        s.chance = ("flare",)


def reinforcements(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Reinforcements: "Take 1 defender from your discard & put it in your hand" (the
    player picks it: the ``take_defender`` decision)."""
    if any(t.cards[n].kind == "defender" for n in s.discard):
        s.pending = "take_defender"


def repairs(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Repairs: "Take 1 structure from your discard & put it in your hand" (the
    ``take_structure`` decision)."""
    if any(t.cards[n].kind == "structure" for n in s.discard):
        s.pending = "take_structure"


def discard_random_defender(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Lost in Space, Black Hole, Intergalactic War: "Discard 1 random Defender"."""
    if len(set(s.defenders)) == 1:
        discard_defender(s, s.defenders[0], log, current_card(t, s).name)
    elif s.defenders:
        s.chance = ("random_defender",)


def supernova(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Supernova: "Discard your hand"."""
    for name in s.hand:
        discard(s, name)
    log.append(f"Hand discarded ({len(s.hand)} cards)")
    s.hand = ()


def lab_explosion(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Lab Explosion: "Discard 1 Lab"."""
    discard_one(t, s, "lab", log)


def core_instabilities(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Core Instabilities: "Discard 1 Mine"."""
    discard_one(t, s, "mine", log)


def discard_one(t: Table, s: SpaceholeState, role: str, log: list[str]) -> None:
    """One structure of ``role`` in play is discarded: the player's choice (ruling 11),
    but such cards carry no damage, so every choice is the same one."""
    victims = sorted(c for c in s.structures if t.cards[c[0]].role == role)
    if victims:
        discard_structure(s, victims[0])
        log.append(f"{victims[0][0]} discarded")
    else:
        log.append(f"No {t.name(role)} in play: nothing happens")


def terraform(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Terraform: "All Agrodomes income +2 for rest of game" (``power.income_of``)."""
    s.terraform += 1
    log.append(f"Every {t.name('agrodome')} now earns +2 Megacredits")


def emergency_repairs(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Emergency Repairs: "Discard all Damage counters"."""
    s.defenders = tuple(sorted((n, 0) for n, _ in s.defenders))
    s.structures = tuple(sorted((n, 0) for n, _ in s.structures))
    s.base_damage = 0
    log.append("All damage removed")


def seismic_events(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Seismic Events: "Generate no income this turn" (the Income phase reads it)."""
    s.seismic = True


def discard_random_structure(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Sabotage, Planet Bombs, Meteor Swarm: "Discard one random structure*", the Base
    among them (a chance node over the structures in play and the Base)."""
    if s.structures:
        s.chance = ("random_structure",)
    else:
        lose_structure(t, s, t.base.name, log)


def lose_structure(t: Table, s: SpaceholeState, label: str, log: list[str]) -> None:
    """The structure ``label`` picked by the event is discarded; "* If Base is hit, it
    takes 1 Damage counter" instead."""
    event = current_card(t, s).name
    if label == t.base.name:
        log.append(f"{event} hits the {t.base.name}")
        hit_base(t, s, log)
        if not s.lost:
            s.stage = "event_done"
        return
    discard_structure(s, parse_label(label))
    log.append(f"{event}: {parse_label(label)[0]} discarded")
    check_capacity(t, s, "event_done", log)


def dilithium_crystals(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Dilithium Crystals: "Gain 10 Megacredits per Mine"."""
    s.megacredits += 10 * in_play(t, s.structures).roles["mine"]


def space_traders(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Space Traders: "Gain 3 Megacredits per Structure"."""
    s.megacredits += 3 * structures_in_play(s)


def merchant_from_venus(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Merchant from Venus: "Gain 20 Megacredits per Colony"."""
    s.megacredits += 20 * in_play(t, s.structures).roles["colony"]


def discovery(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Discovery: "Gain 50 Megacredits if you have a Lab"."""
    if has_lab(t, s):
        s.megacredits += 50


def cosmic_con_artist(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Cosmic Con Artist: "Lose half of your Megacredits" (the loss rounded down)."""
    s.megacredits -= s.megacredits // 2


def interstellar_tax_men(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Interstellar Tax Men: "Lose 2 Megacredits per Structure", not below 0."""
    s.megacredits = max(0, s.megacredits - 2 * structures_in_play(s))


def space_virus(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Space Virus: "Discard 1 Defender or Colony" (the player's choice: the ``virus``
    decision)."""
    if s.defenders or in_play(t, s.structures).roles["colony"]:
        s.pending = "virus"


EVENTS: Final[dict[str, Callable[[Table, SpaceholeState, list[str]], None]]] = {
    "solar_flare": solar_flare,
    "reinforcements": reinforcements,
    "lost_in_space": discard_random_defender,
    "supernova": supernova,
    "lab_explosion": lab_explosion,
    "core_instabilities": core_instabilities,
    "terraform": terraform,
    "black_hole": discard_random_defender,
    "emergency_repairs": emergency_repairs,
    "seismic_events": seismic_events,
    "intergalactic_war": discard_random_defender,
    "sabotage": discard_random_structure,
    "dilithium_crystals": dilithium_crystals,
    "space_traders": space_traders,
    "planet_bombs": discard_random_structure,
    "meteor_swarm": discard_random_structure,
    "space_virus": space_virus,
    "discovery": discovery,
    "merchant_from_venus": merchant_from_venus,
    "cosmic_con_artist": cosmic_con_artist,
    "interstellar_tax_men": interstellar_tax_men,
    "repairs": repairs,
}
"""Event role -> what the card does, in the order of the rule text's list."""
