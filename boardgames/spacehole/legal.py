"""The legal actions of each decision (:data:`CHOICES`, by ``state.pending``) and why an
action is refused (:func:`why_illegal`, naming the rule)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..core.limits import quote
from .actions import Move, label, parse_label
from .power import UPKEEP, feasible
from .state import SpaceholeState
from .table import Table, capacity, has_lab, in_play

__all__ = ["CHOICES", "build_problem", "damaged", "legal_moves", "why_illegal"]


def legal_moves(t: Table, s: SpaceholeState) -> list[Move]:
    """The legal actions of the decision pending (none when nothing is pending)."""
    choices = CHOICES.get(s.pending or "")
    return choices(t, s) if choices is not None else []


def hand_discards(t: Table, s: SpaceholeState) -> list[Move]:
    """Space Karma, a hand over its limit: discard any card of the hand."""
    return [Move.of("discard", n) for n in set(s.hand)]


def builds(t: Table, s: SpaceholeState) -> list[Move]:
    """Build Phase: play a card of the hand that may be played (:func:`build_problem`),
    or repair a damaged card, or pass."""
    out = [Move.of("build", n) for n in set(s.hand) if build_problem(t, s, n) is None]
    out += [Move.of("repair", x) for x in damaged(t, s)]
    out.append(Move.of("pass"))
    return out


def damaged(t: Table, s: SpaceholeState) -> list[str]:
    """The cards a repair may clear: damaged defenders and structures, and the Base."""
    out = [label(n, d) for n, d in set(s.defenders) if d > 0]
    out += [label(n, d) for n, d in set(s.structures) if d > 0]
    if s.base_damage > 0:
        out.append(t.base.name)
    return out


def build_problem(t: Table, s: SpaceholeState, name: str) -> tuple[str, str] | None:
    """(rule, reason) why card ``name`` of the hand cannot be played now, or None."""
    card = t.cards[name]
    if card.kind == "structure":
        return power_problem(t, s, name)
    if card.kind != "defender":
        return ("Build Phase", f"{name} is not a Structure or Defender card")
    if card.needs_lab and not has_lab(t, s):
        return ("Alien Artifact (ruling 7)",
                f"{name} may be played only with a {t.name('lab')} in play")
    if t.rules.defender_overflow == "forbid" and len(s.defenders) >= capacity(t, s):
        return ("Defender capacity (ruling 8, defender_overflow='forbid')",
                f"all {capacity(t, s)} defender places are taken")
    return None


def power_problem(t: Table, s: SpaceholeState, name: str) -> tuple[str, str] | None:
    """"You cannot play a structure if you can't provide it a power token this turn"
    (ruling 7): with it, the upkeep of every structure in play (``build_power_check=
    "total"``) or its own (``"new_card_only"``) must fit the power generated; a
    structure that uses no power can always be built."""
    card = t.cards[name]
    if not card.power:
        return None
    totals = in_play(t, s.structures)
    generated = totals.generated + card.generates
    if t.rules.build_power_check == "total":
        need = totals.upkeep + card.power
        if need > generated:
            return ("Build Phase: power (ruling 7)",
                    f"with {name} the structures would need {need} power, "
                    f"but only {generated} is generated")
    elif card.power > generated:
        return ("Build Phase: power (ruling 7, new_card_only)",
                f"{name} needs {card.power} power, only {generated} is generated")
    return None


def defenders_to_take(t: Table, s: SpaceholeState) -> list[Move]:
    """Reinforcements: any Defender of the discard pile."""
    return [Move.of("take", n) for n in s.discard if t.cards[n].kind == "defender"]


def structures_to_take(t: Table, s: SpaceholeState) -> list[Move]:
    """Repairs: any Structure of the discard pile."""
    return [Move.of("take", n) for n in s.discard if t.cards[n].kind == "structure"]


def virus_victims(t: Table, s: SpaceholeState) -> list[Move]:
    """Space Virus: any defender in play, or a Colony."""
    out = [Move.of("virus", label(n, d)) for n, d in set(s.defenders)]
    out += [Move.of("virus", n) for n, _ in set(s.structures) if t.cards[n].role == "colony"]
    return out


def excess_defenders(t: Table, s: SpaceholeState) -> list[Move]:
    """Capacity exceeded: any defender in play."""
    return [Move.of("remove", label(n, d)) for n, d in set(s.defenders)]


def power_tokens(t: Table, s: SpaceholeState) -> list[Move]:
    """Power Phase, manual: the best allocation, done, or a token on one more structure
    of a kind, where the tokens placed stay feasible (ruling 10)."""
    out = [Move.of("power", "optimal"), Move.of("power", "done")]
    totals = in_play(t, s.structures)
    for role, n in totals.roles.items():
        if role not in UPKEEP:
            continue
        trial = {**s.powered, role: s.powered.get(role, 0) + 1}
        if trial[role] <= n and feasible(trial, totals.roles, totals.generated):
            out.append(Move.of("power", t.names[role]))
    return out


def end_of_turn_choices(t: Table, s: SpaceholeState) -> list[Move]:
    """The end of the turn: end it, or discard a Rangers card in play to peek."""
    out = [Move.of("end", "turn")]
    out += [Move.of("peek", label(n, d)) for n, d in set(s.defenders) if t.cards[n].peek]
    return out


CHOICES: Final[dict[str, Callable[[Table, SpaceholeState], list[Move]]]] = {
    "discard": hand_discards,
    "build": builds,
    "take_defender": defenders_to_take,
    "take_structure": structures_to_take,
    "virus": virus_victims,
    "overflow": excess_defenders,
    "power": power_tokens,
    "end": end_of_turn_choices,
}
"""Pending decision -> its legal actions."""

WAITING_FOR: Final = {
    "discard": ("a card to discard (hand over its limit)", {"discard"}),
    "build": ("a card to build, a card to repair, or pass", {"build", "repair", "pass"}),
    "take_defender": ("a Defender to take from the discard pile", {"take"}),
    "take_structure": ("a Structure to take from the discard pile", {"take"}),
    "virus": ("a Defender or Colony to discard (Space Virus)", {"virus"}),
    "overflow": ("a Defender to discard (capacity exceeded)", {"remove"}),
    "power": ("power tokens to place", {"power"}),
    "end": ("a Rangers card to discard and peek with, or end turn", {"end", "peek"}),
}
"""Pending decision -> (what the game is waiting for, the verbs that answer it)."""


def why_illegal(t: Table, s: SpaceholeState, move: Move) -> tuple[str, str]:
    """(rule, reason) for an action that is not legal now."""
    what, verbs = WAITING_FOR.get(s.pending or "", ("nothing", set()))
    phase_rule = f"{s.phase.capitalize()} Phase"
    verb, arg = move.verb, move.arg
    if verb not in verbs:
        return (phase_rule, f"the game is waiting for {what}, not {quote(verb)}")
    name = parse_label(arg)[0] if arg else ""
    if verb == "build":
        if name not in s.hand:
            return ("Build Phase", f"there is no {name} in hand")
        return build_problem(t, s, name) or (phase_rule, f"the game is waiting for {what}")
    if verb == "repair":
        return ("Repair (ruling 9)", f"there is no damaged card {quote(arg)} in play")
    if verb == "discard":
        return ("Space Karma Phase: hand limit", f"there is no {name} in hand")
    if verb == "take":
        kind = "Defender" if s.pending == "take_defender" else "Structure"
        return ("Reinforcements / Repairs (ruling 11)",
                f"there is no {kind} {quote(name)} in the discard pile")
    if verb in ("remove", "virus", "peek"):
        return (phase_rule, f"{quote(arg)} is not a choice now")
    if verb == "power":
        return ("Power Phase (ruling 10)",
                f"one more {arg} cannot be powered: not enough power, or its "
                "supporting structures are not powered")
    return (phase_rule, f"the game is waiting for {what}")
