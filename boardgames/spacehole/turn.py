"""The turn: "Each turn has 5 Phases: 1. Space Karma Phase 2. Event Phase 3. Build Phase
4. Power Phase 5. Income Phase", then the end of the turn.

The turn is a sequence of stages (:data:`STAGES`, in the order of the rule text), each a
function that does its phase's automatic part and names the next stage. :func:`advance`
runs them until the game needs a decision from the player (``state.pending``), a chance
outcome (``state.chance``) or is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .battle import battle_step, begin_invasion, start_round
from .events import resolve_event, solar_flare_point
from .power import income_of
from .state import SpaceholeState, deck_to_change, discard, with_card
from .table import Table, hand_limit, is_invader, optimal_power

__all__ = ["STAGES", "advance", "deck_is_empty", "drawn", "hand_over_limit",
           "peek_is_possible"]


def advance(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """Run the stages of the turn until a decision, a chance node or the end."""
    while s.pending is None and s.chance is None and s.stage != "over":
        STAGES[s.stage](t, s, log)


# ------------------------------------------------------------------ predicates
def deck_is_empty(s: SpaceholeState) -> bool:
    """Whether the last card has been drawn."""
    return len(s.deck) == 0


def hand_over_limit(t: Table, s: SpaceholeState) -> bool:
    """"Max hand size is 5 cards" (+2 per Command Center in play)."""
    return len(s.hand) > hand_limit(t, s)


def peek_is_possible(t: Table, s: SpaceholeState) -> bool:
    """Whether the player may discard a Space Rangers or Space Scouts card now to look at
    the deck: one is in play and the deck still has cards not yet seen (ruling 12)."""
    return s.deck.unknown > 0 and any(t.cards[n].peek for n, _ in s.defenders)


# ------------------------------------------------------------------ 1. Space Karma
def karma_draw(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"Draw 1 card": a card already seen on top of the deck is drawn as it is, else
    the draw is a chance node over the cards left (unless only one name is left)."""
    s.phase = "karma"
    if s.deck.known:
        drawn(t, s, deck_to_change(s).pop_known(), log)
        return
    names, _ = s.deck.outcomes()
    if len(names) == 1:
        deck_to_change(s).take_unknown(names[0])
        drawn(t, s, names[0], log)
    else:
        s.chance = ("draw",)


def drawn(t: Table, s: SpaceholeState, name: str, log: list[str]) -> None:
    """Card ``name`` was drawn: "If it is an Invasion or Event card it is resolved in
    Event Phase. Otherwise, keep it in your hand." Drawing the last card makes this the
    last turn."""
    card = t.cards[name]
    if deck_is_empty(s):
        s.last_drawn = True
    if card.kind in ("invader", "event"):
        s.current = name
        log.append(f"Turn {s.turn}: drew {card.kind} {name}")
    else:
        s.hand = with_card(s.hand, name)
        log.append(f"Turn {s.turn}: drew {name} into hand")
    s.stage = "karma_limit"


def karma_limit(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"Max hand size is 5 cards. Discard excess cards.": the player chooses the discards
    (the ``discard`` decision, one card at a time; ruling 2)."""
    if hand_over_limit(t, s):
        s.pending = "discard"
    else:
        s.stage = "event"


# ------------------------------------------------------------------ 2. Event
def event_phase(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"An Invasion or Event card drawn last phase is resolved now": an invader is
    fought (``battle.py``), an event does what it says (``events.py``)."""
    s.phase = "event"
    if s.current is None:
        s.stage = "build"
    elif is_invader(t, s.current) and t.rules.spares_invader(s.turn):
        invader_passes(t, s, log)
    elif is_invader(t, s.current):
        begin_invasion(t, s, log)
    else:
        resolve_event(t, s, log)


def invader_passes(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """House rule ``grace_turns`` (off by default): an Invader drawn in one of the first
    ``grace_turns`` turns passes without a battle; it is discarded like a resolved card."""
    log.append(f"Turn {s.turn}: {s.current} passes without a battle "
               f"(house rule: no invasion before turn {t.rules.grace_turns + 1})")
    s.stage = "event_done"


def event_done(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The card is resolved: "Discard the Event card after it is resolved" (a destroyed
    invader too). With ``hand_limit_check="always"`` a hand an event left over its
    limit is discarded down first."""
    if t.rules.hand_limit_check == "always" and hand_over_limit(t, s):
        log.append(f"Hand of {len(s.hand)} over its limit of {hand_limit(t, s)}")
        s.pending = "discard"
        s.after = "event_done"
        return
    if s.current is not None:
        discard(s, s.current)
        s.current = None
    s.inv_damage = 0
    s.stage = "build"


# ------------------------------------------------------------------ 3. Build
def build_phase(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"You may play one Structure card or one Defender card from your hand", or repair:
    the ``build`` decision (``decisions.py``)."""
    s.phase = "build"
    s.pending = "build"


# ------------------------------------------------------------------ 4. Power
def power_phase(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"Place a Power Token on every structure that is able to meet all of its upkeep
    demands" (ruling 10): by default the income-maximising allocation; with
    ``power_choice="manual"`` the player places the tokens (the ``power`` decision)."""
    s.phase = "power"
    if t.rules.power_choice == "manual":
        s.powered = {}
        s.pending = "power"
    else:
        s.powered = optimal_power(t, s)
        s.stage = "income"


# ------------------------------------------------------------------ 5. Income
def income_phase(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"If such a structure has a power token on it then it is able to generate all of
    its income this turn. Otherwise it generates no income. Record all income [...]. At
    the end of this phase discard all Power tokens." Seismic Events: no income."""
    s.phase = "income"
    earned = income_of(s.powered, s.terraform)
    if s.seismic:
        log.append(f"Seismic Events: no income this turn (would have been {earned})")
        earned = 0
    s.megacredits += earned
    s.last_income = earned
    if not s.seismic:
        log.append(f"Income: {earned} Megacredits (total {s.megacredits})")
    s.powered = {}
    s.stage = "end"


# ------------------------------------------------------------------ the end of the turn
def end_of_turn(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The end of the turn: the cards the Rangers' die showed are seen one by one (a
    chance node each, ruling 12); then, while a Rangers card could peek, the player
    may discard one or end the turn (the ``end`` decision)."""
    s.phase = "end"
    if s.reveal_left > 0:
        reveal_next(t, s, log)
    elif peek_is_possible(t, s):
        s.pending = "end"
    else:
        s.stage = "finish"


def reveal_next(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """The next unseen card of the deck is seen (a chance node unless one name is
    left): from then on it is known, in order."""
    names, _ = s.deck.outcomes()
    if len(names) != 1:
        s.chance = ("reveal",)
        return
    seen(s, names[0], log)


def seen(s: SpaceholeState, name: str, log: list[str]) -> None:
    """The Rangers see ``name``, the next unseen card of the deck."""
    deck_to_change(s).reveal(name)
    s.reveal_left -= 1
    log.append(f"Seen in the deck: {name} (position {len(s.deck.known)})")


def finish_turn(t: Table, s: SpaceholeState, log: list[str]) -> None:
    """"The game ends at the end of the turn when the last card has been drawn from the
    deck" (ruling 13); otherwise the next turn begins."""
    s.seismic = False
    if s.last_drawn or deck_is_empty(s):
        s.phase = s.stage = "over"
        log.append(f"Game over: the last card has been drawn. Score {s.megacredits}")
        return
    s.turn += 1
    s.stage = "karma_draw"


STAGES: Final[dict[str, Callable[[Table, SpaceholeState, list[str]], None]]] = {
    "karma_draw": karma_draw,
    "karma_limit": karma_limit,
    "event": event_phase,
    "battle": start_round,
    "battle_step": battle_step,
    "flare": solar_flare_point,
    "event_done": event_done,
    "build": build_phase,
    "power": power_phase,
    "income": income_phase,
    "end": end_of_turn,
    "finish": finish_turn,
}
"""Stage -> what it does, in the order of a turn."""
