"""What a viewer sees of a Spacehole position (the game's part of ``Game.view``).

Everything on the table is public; the hand and the cards the Rangers have seen on top
of the deck are the player's own (added only for player 0, in :func:`view`); the order
of the rest of the deck is nobody's (the view holds its size only).
"""

from __future__ import annotations

from typing import Any, Final

from .actions import label
from .state import SpaceholeState
from .table import Table, can_fight, capacity, defender_dice, hand_limit, in_play, invader_force

__all__ = ["view"]

ROUND_KEYS: Final = ("round", "inv_dice", "inv_hits", "def_dice", "def_hits")


def view(t: Table, s: SpaceholeState, player: int | None) -> dict[str, Any]:
    """The view of ``s`` for ``player`` (0, or None for a spectator)."""
    totals = in_play(t, s.structures)
    current = current_card(t, s)
    v: dict[str, Any] = {
        "variant": t.variant,
        "base": {"name": t.base.name, "damage": s.base_damage,
                 "max_hits": t.rules.base_hits, "generates": t.base.generates},
        "structures": structures(t, s),
        "defenders": defenders(t, s),
        "hand_size": len(s.hand),
        "hand_limit": hand_limit(t, s),
        "capacity": capacity(t, s),
        "deck_size": len(s.deck),
        "discard": dict(sorted(s.discard.items())),
        "megacredits": s.megacredits,
        "current": current,
        "battle": battle(t, s) if current and current["kind"] == "invader" else None,
        "power": {"generated": totals.generated, "upkeep": totals.upkeep},
        "terraform": s.terraform,
        "seismic": s.seismic,
        "last_income": s.last_income,
        "pending": s.pending,
        "chance": s.chance[0] if s.chance else None,
        "lost": s.lost,
    }
    if player == 0:
        v["hand"] = list(s.hand)
        v["known_top"] = list(s.deck.known)
    return v


def structures(t: Table, s: SpaceholeState) -> list[dict[str, Any]]:
    """The structures in play, each with its power token (during the Power and Income
    phases) and its income (Terraform included)."""
    tokens = dict(s.powered)
    out = []
    for name, damage in s.structures:
        card = t.cards[name]
        powered = tokens.get(card.role, 0) > 0
        if powered:
            tokens[card.role] -= 1
        out.append({
            "name": name, "role": card.role, "label": label(name, damage), "damage": damage,
            "max_hits": card.max_hits if card.role == "dome" else None,
            "income": card.income + (2 * s.terraform if card.role == "agrodome" else 0),
            "power": card.power, "generates": card.generates, "powered": powered,
            "note": card.note,
        })
    return out


def defenders(t: Table, s: SpaceholeState) -> list[dict[str, Any]]:
    """The defenders in play with their current Force."""
    out = []
    for name, damage in s.defenders:
        card = t.cards[name]
        out.append({
            "name": name, "label": label(name, damage), "damage": damage,
            "force": card.force, "current_force": card.force - damage,
            "one_hit": card.one_hit, "peek": card.peek, "fights": can_fight(t, s, name),
            "note": card.note,
        })
    return out


def current_card(t: Table, s: SpaceholeState) -> dict[str, Any] | None:
    """The Invader or Event card being resolved, if any."""
    if s.current is None:
        return None
    card = t.cards[s.current]
    invader = card.kind == "invader"
    return {"name": card.name, "kind": card.kind, "note": card.note,
            "force": card.force if invader else None,
            "damage": s.inv_damage if invader else None,
            "current_force": card.force - s.inv_damage if invader else None}


def battle(t: Table, s: SpaceholeState) -> dict[str, Any] | None:
    """The battle under way (None before its first round): the round, the last round's
    dice and hits, the dice of each side, the hits not yet placed or applied."""
    if not s.battle_round:
        return None
    last = {k: v for k, v in zip(ROUND_KEYS, s.last_round, strict=True) if v is not None}
    return {"round": s.battle_round, "last": last,
            "defender_dice": defender_dice(t, s),
            "invader_dice": invader_force(t, s),
            "pending_invader_hits": s.inv_hits, "pending_defender_hits": s.def_hits}
