"""The starting position ("You start with your base, zero Megacredits, and no cards") and
scenarios: any position, given as a spec (``Spacehole.scenario``), checked and built
here. An impossible set-up raises ``ValueError`` naming what is wrong."""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from ..core.deck import Deck
from ..core.limits import quote, quote_keys
from .state import Cards, SpaceholeState
from .table import Table

__all__ = ["SCENARIO_KEYS", "check_scenario", "new_state", "scenario_spec",
           "scenario_state"]

SCENARIO_KEYS: Final = ("structures", "defenders", "hand", "deck", "discard", "megacredits",
                        "damage", "damage_index", "base_damage", "phase", "event", "turn",
                        "terraform")
"""The keys of a scenario spec, in the order a saved game keeps them."""

STAGE_OF_PHASE: Final = {"karma": "karma_draw", "event": "event", "build": "build",
                         "power": "power", "end": "end"}
"""The phases a scenario may start in, and the stage of the turn each starts at."""


def new_state(t: Table) -> SpaceholeState:
    """The first turn's start: the Base alone in play, zero Megacredits, no cards, the
    whole deck to draw."""
    return SpaceholeState(Deck(t.start))


def scenario_spec(*, structures: list[str], defenders: list[str], hand: list[str],
                  deck: list[str] | None, discard: list[str], megacredits: int,
                  damage: dict[str | int, int], base_damage: int, phase: str,
                  event: str | None, turn: int, terraform: int) -> dict[str, Any]:
    """The JSON-safe spec of ``Spacehole.scenario``'s arguments (damage keys as strings,
    with the indices among them listed in ``damage_index``)."""
    return {
        "structures": structures, "defenders": defenders, "hand": hand, "deck": deck,
        "discard": discard, "megacredits": megacredits,
        "damage": {str(k) if isinstance(k, int) else k: v for k, v in damage.items()},
        "damage_index": [k for k in damage if isinstance(k, int)],
        "base_damage": base_damage, "phase": phase, "event": event, "turn": turn,
        "terraform": terraform,
    }


def check_scenario(spec: Any, t: Table) -> dict[str, Any]:
    """``spec`` checked and normalised (the form saved with the game); a trial set-up
    raises ``ValueError`` on any impossible position."""
    if not isinstance(spec, dict):
        raise ValueError("scenario must be a dict")
    extra = [k for k in spec if k not in SCENARIO_KEYS]
    if extra:
        raise ValueError(f"unknown scenario keys {quote_keys(extra)}")
    spec = {k: spec.get(k) for k in SCENARIO_KEYS}
    for k in ("structures", "defenders", "hand", "discard"):
        spec[k] = list(spec[k] or [])
        if not all(isinstance(x, str) for x in spec[k]):
            raise ValueError(f"scenario {k} must be a list of card names")
    if spec["deck"] is not None:
        spec["deck"] = list(spec["deck"])
        if not all(isinstance(x, str) for x in spec["deck"]):
            raise ValueError("scenario deck must be a list of card names")
    _check_numbers(spec)
    _check_damage(spec)
    if spec["phase"] is not None and spec["phase"] not in STAGE_OF_PHASE:
        raise ValueError(f"scenario phase must be karma, event, build, power or end, "
                         f"not {quote(spec['phase'])}")
    spec["phase"] = spec["phase"] or "karma"
    if (spec["phase"] == "event") != (spec["event"] is not None):
        raise ValueError("give event=<Invader or Event card> exactly when phase='event'")
    scenario_state(spec, t)
    return spec


def _check_numbers(spec: dict[str, Any]) -> None:
    for k, lo, hi in (("megacredits", 0, 10**9), ("base_damage", 0, 10**6),
                      ("turn", 1, 10**6), ("terraform", 0, 100)):
        v = spec[k] if spec[k] is not None else (1 if k == "turn" else 0)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ValueError(f"scenario {k} must be an int in [{lo}, {hi}], not {quote(v)}")
        spec[k] = v


def _check_damage(spec: dict[str, Any]) -> None:
    damage = spec["damage"] or {}
    if not isinstance(damage, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for v in damage.values()):
        raise ValueError("scenario damage must map names or indices to hit counts >= 0")
    spec["damage"] = dict(damage)
    spec["damage_index"] = list(spec["damage_index"] or [])


def scenario_state(spec: dict[str, Any], t: Table) -> SpaceholeState:
    """The position of a checked ``spec`` (``ValueError`` if it is impossible)."""
    _check_kinds(spec, t)
    used = _check_copies(spec, t)
    if spec["base_damage"] >= t.rules.base_hits:
        raise ValueError(f"base_damage {spec['base_damage']} would have destroyed the "
                         f"{t.base.name} ({t.rules.base_hits} hits)")
    structures, defenders = _damaged_cards(spec, t)
    _check_defenders(t, structures, defenders)
    deck = Deck({}, spec["deck"]) if spec["deck"] is not None \
        else Deck(Counter(t.start) - used)
    s = SpaceholeState(deck)
    s.structures, s.defenders = structures, defenders
    s.hand = tuple(sorted(spec["hand"]))
    s.discard = dict(Counter(spec["discard"]))
    s.megacredits = spec["megacredits"]
    s.base_damage = spec["base_damage"]
    s.turn = spec["turn"]
    s.terraform = spec["terraform"]
    s.current = spec["event"]
    s.phase = spec["phase"]
    s.stage = STAGE_OF_PHASE[s.phase]
    if len(s.deck) == 0:
        if s.phase == "karma":
            raise ValueError("the deck is empty: there is no card to draw in the karma phase")
        s.last_drawn = True
    return s


def _check_kinds(spec: dict[str, Any], t: Table) -> None:
    """Every card where its kind may be."""
    for n in spec["structures"]:
        kind = t.card(n).kind
        if kind != "structure":
            raise ValueError(f"{quote(n)} is not a Structure card (the {t.base.name} is always "
                             "in play; do not list it)" if kind == "base"
                             else f"{quote(n)} is not a Structure card")
    for n in spec["defenders"]:
        if t.card(n).kind != "defender":
            raise ValueError(f"{quote(n)} is not a Defender card")
    for n in spec["hand"]:
        if t.card(n).kind not in ("structure", "defender"):
            raise ValueError(f"{quote(n)} cannot be in hand: Invaders and Events are resolved "
                             "when drawn")
    for n in [*spec["discard"], *(spec["deck"] or [])]:
        if t.card(n).kind == "base":
            raise ValueError(f"the {n} is always in play")
    event = spec["event"]
    if event is not None and t.card(event).kind not in ("invader", "event"):
        raise ValueError(f"{quote(event)} is not an Invader or Event card")


def _check_copies(spec: dict[str, Any], t: Table) -> Counter[str]:
    """The cards the scenario places, no more copies of each than the deck has."""
    event = spec["event"]
    used = Counter(spec["structures"]) + Counter(spec["defenders"]) + Counter(spec["hand"]) \
        + Counter(spec["discard"]) + Counter(spec["deck"] or []) \
        + Counter([event] if event else [])
    for n, k in used.items():
        if k > t.start.get(n, 0):
            raise ValueError(f"the {t.variant} deck has {t.start.get(n, 0)} {n}, "
                             f"the scenario uses {k}")
    return used


def _damaged_cards(spec: dict[str, Any], t: Table) -> tuple[Cards, Cards]:
    """The structures and defenders in play with the damage ``spec`` gives them."""
    structures = sorted((n, 0) for n in spec["structures"])
    defenders = [(n, 0) for n in spec["defenders"]]
    index_keys = set(map(str, spec["damage_index"]))
    for key, hits in spec["damage"].items():
        if key in index_keys:
            i = int(key)
            if not 0 <= i < len(defenders):
                raise ValueError(f"damage index {i} is not a defender index "
                                 f"(0..{len(defenders) - 1})")
            defenders[i] = _damaged(t, defenders[i][0], hits)
        else:
            _damage_by_name(t, key, hits, structures, defenders)
    return tuple(sorted(structures)), tuple(sorted(defenders))


def _damage_by_name(t: Table, key: str, hits: int, structures: list[tuple[str, int]],
                    defenders: list[tuple[str, int]]) -> None:
    if key == t.base.name:
        raise ValueError("use base_damage= for the Base")
    in_def = [i for i, (n, _) in enumerate(defenders) if n == key]
    in_str = [i for i, (n, _) in enumerate(structures) if n == key]
    if len(in_def) + len(in_str) != 1:
        raise ValueError(f"damage key {quote(key)} must name exactly one Defender or Force "
                         f"Dome in play (found {len(in_def) + len(in_str)})")
    if in_str:
        if t.card(key).role != "dome":
            raise ValueError(f"{key} cannot take damage (only Defenders, Force Domes "
                             "and the Base do)")
        structures[in_str[0]] = _damaged(t, key, hits)
    else:
        defenders[in_def[0]] = _damaged(t, key, hits)


def _damaged(t: Table, name: str, hits: int) -> tuple[str, int]:
    if hits >= t.card(name).max_hits:
        raise ValueError(f"{hits} damage would have destroyed {name}")
    return name, hits


def _check_defenders(t: Table, structures: Cards, defenders: Cards) -> None:
    places = t.base.capacity + sum(t.card(n).capacity for n, _ in structures)
    if len(defenders) > places:
        raise ValueError(f"{len(defenders)} defenders exceed the capacity of {places}")
    if any(t.card(n).needs_lab for n, _ in defenders) and not any(
            t.card(n).role == "lab" for n, _ in structures):
        raise ValueError("Alien Artifact is in play without a Research Lab")
