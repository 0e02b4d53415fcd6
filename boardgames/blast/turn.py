"""The turn (blast.txt, rulings 3 to 10): "Each turn has 5 phases: 1. Draw Phase 2. Roll
Phase 3. Build Phase 4. Move Phase 5. Fight Phase", each a few stages.

``advance`` runs the automatic steps until the game needs a decision (``ask``), a chance
outcome, or is over: one function per stage (:data:`STAGES`), each returning the stage
the turn goes on with, or None to stop. A phase ends with ruling 10's check
(``controls_all_planets``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

from ..core.deck import Deck
from . import data
from .actions import MOVE_CARDS
from .board import hand_limit
from .cards import used_from_play
from .data import ATTACK, DEFENCE, PLANETS, SIDES
from .fight import contested, resolve_fight, start_fight
from .legal import build_options, dice_window_open
from .movement import has_movable
from .rules import Rules
from .state import SIDE_TITLE, BlastState, add_sorted, set_pair, taken

__all__ = ["STAGES", "advance", "ask", "card_drawn", "controls_all_planets", "dice_lost",
           "draw_next"]

DRAW_CHANCE: Final = ("draw",)
ROLL_CHANCE: Final = ("roll",)
STAGE_OF: Final = {"espionage": "espionage", "discard": "limit", "dice": "dice", "build": "build",
                   "jam": "jam", "move": "move", "fight": "fights", "attack": "attack",
                   "defend": "defend", "end": "end", "keep": "resolve", "offensive": "end"}
"""The stage each decision is asked at."""
Stage = Callable[[Rules, BlastState, list[str]], str | None]
"""A stage: it returns the stage the turn goes on with, or None to stop."""


def ask(s: BlastState, pending: str, actor: int) -> None:
    """The game needs ``actor``'s decision ``pending``."""
    s.pending = pending
    s.actor = actor
    s.stage = STAGE_OF[pending]


def controls_all_planets(s: BlastState, p: int) -> bool:
    """``p`` has units on all four planets and the other side on none of them."""
    mine, theirs = s.units[p], s.units[1 - p]
    return all(mine[sec - 1] and not theirs[sec - 1] for sec in PLANETS)


def someone_wins(s: BlastState, log: list[str]) -> bool:
    """Ruling 10: "The first player to occupy all four planet spaces is the winner": a
    player controlling all four planets at the end of a phase wins at once."""
    for p in (s.player, 1 - s.player):
        if controls_all_planets(s, p):
            s.winner = p
            s.phase = "over"
            s.stage = "over"
            s.pending = None
            log.append(f"{data.SIDE_NAMES[SIDES[p]]} controls all four planets and wins")
            return True
    return False


# ---------------------------------------------------------------------- Draw Phase
def card_drawn(s: BlastState, card: str, log: list[str]) -> None:
    """The next player of ``s.draws`` takes ``card`` into hand."""
    p = s.draws[0]
    s.draws = s.draws[1:]
    s.hands = set_pair(s.hands, p, add_sorted(s.hands[p], card))
    if s.phase != "setup":
        log.append(f"{SIDE_TITLE[p]} draws a card")


def draw_next(s: BlastState, log: list[str]) -> None:
    """Draw the next card of ``s.draws``: "If the deck runs out, shuffle the discard and
    continue"; a chance node unless one kind of card is left."""
    if not s.deck.unknown and not s.deck.known:
        if not s.vortex:
            log.append("No cards left to draw: deck and vortex are empty")
            s.draws = ()
            return
        s.deck = Deck(Counter(s.vortex))
        log.append(f"The deck is empty: the vortex ({len(s.vortex)} cards) is "
                   "shuffled into a new deck")
        s.vortex = ()
    if len(s.deck.counts) == 1:  # one kind of card left (one outcome): no chance node
        name = next(iter(s.deck.counts))
        s.deck = taken(s.deck, name)
        card_drawn(s, name, log)
        return
    s.chance = DRAW_CHANCE


def deal(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"Each player starts with 5 cards. Each player puts all 15 of his units on his
    homeworld." (set-up)."""
    if s.draws:
        draw_next(s, log)
        return "deal"
    log.append("Each side has 5 cards; every unit is on its homeworld")
    return "turn"


def turn_starts(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """A new turn: last turn's pins, Espionage and rebuild are over."""
    s.phase = "draw"
    s.pins, s.bound, s.spy, s.rebuilt = (), (), None, False
    s.faces = ()
    s.dice = ()
    log.append(f"Turn {s.turn}: {SIDE_TITLE[s.player]}")
    return "espionage"


def espionage_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """Espionage is "played on opponents draw phase" (ruling 9)."""
    d = 1 - s.player
    if rules.windows == "always" or ("Espionage" in s.hands[d] and s.spy is None):
        ask(s, "espionage", d)
        return None
    return "draw"


def draw_two(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"Draw two cards.\""""
    s.draws = (s.player,) * data.DRAW
    return "drawing"


def drawing(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    if not s.draws:
        return "limit"
    if len(s.deck.counts) > 1:
        s.chance = DRAW_CHANCE
        return None
    draw_next(s, log)
    return "drawing"


def hand_limit_check(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"Discard excess cards" (ruling 3: the player chooses them); then the roll."""
    a = s.player
    limit = hand_limit(s.units, a)
    if len(s.hands[a]) > limit:
        log.append(f"{SIDE_TITLE[a]} holds {len(s.hands[a])} cards, over the limit of {limit}")
        ask(s, "discard", a)
        return None
    if someone_wins(s, log):
        return None
    return "roll"


# ---------------------------------------------------------------------- Roll Phase
def roll_two(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"Roll two six sided dice (2D6).\""""
    s.phase = "roll"
    s.chance = ROLL_CHANCE
    return "dice"


def dice_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"Cards can be used to modify these dice rolls" (ruling 5)."""
    if rules.windows == "always" or dice_window_open(s):
        ask(s, "dice", s.player)
        return None
    return "roll_end"


def phase_end(following: str) -> Stage:
    """The end of a phase: ruling 10's check, then ``following``."""
    def check(rules: Rules, s: BlastState, log: list[str]) -> str | None:
        return None if someone_wins(s, log) else following

    return check


# ---------------------------------------------------------------------- Build Phase
def build_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """Doubles or Reinforcements may rebuild destroyed units (ruling 6)."""
    s.phase = "build"
    if rules.windows == "always" or build_options(s):
        ask(s, "build", s.player)
        return None
    return "build_end"


# ---------------------------------------------------------------------- Move Phase
def jam_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """Jam Transmission is played by the opponent before the mover's first move."""
    s.phase = "move"
    d = 1 - s.player
    if rules.windows == "always" or ("Jam Transmission" in s.hands[d]
                                     and has_movable(s, s.player)):
        ask(s, "jam", d)
        return None
    return "move"


def dice_lost(s: BlastState, log: list[str]) -> None:
    """"A die that no unit can use is lost" (ruling 7)."""
    if s.dice:
        log.append(f"{SIDE_TITLE[s.player]} cannot use "
                   + ", ".join(str(d[0]) for d in s.dice) + ": lost")
        s.dice = ()


def moving(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"Die rolls (from roll phase) must be used": the mover moves while a die can be
    used (Defend the Homeworld needs none)."""
    s.phase = "move"
    a = s.player
    if (s.dice and has_movable(s, a)) or rules.windows == "always" \
            or "Defend the Homeworld" in s.hands[a]:
        ask(s, "move", a)
        return None
    dice_lost(s, log)
    return "move_end"


def move_end(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """A unit is jammed or bound for the move phase only; a move card in play whose move
    was not made goes to the vortex."""
    s.pins, s.bound = (), ()
    for card in MOVE_CARDS:
        if card in s.play:
            used_from_play(s, card)
    return None if someone_wins(s, log) else "fights"


# ---------------------------------------------------------------------- Fight Phase
def fights(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"If a space contains opposing units there will be a fight", in the attacker's
    chosen order (ruling 8)."""
    s.phase = "fight"
    sectors = contested(s)
    if not sectors:
        return "fight_end"
    if len(sectors) > 1:
        ask(s, "fight", s.player)
        return None
    start_fight(s, sectors[0] + 1, log)
    return "attack"


def attack_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"The attacker may play attack cards to increase his total.\""""
    if rules.windows == "always" or not ATTACK.isdisjoint(s.hands[s.player]):
        ask(s, "attack", s.player)
        return None
    return "defend"


def defence_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """"The defender may play defense cards to increase his total.\""""
    d = 1 - s.player
    if rules.windows == "always" or not DEFENCE.isdisjoint(s.hands[d]):
        ask(s, "defend", d)
        return None
    return "resolve"


def resolve(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """The fight is resolved; the winner may have units to choose to keep."""
    if resolve_fight(rules, s, log):
        assert s.keep is not None
        ask(s, "keep", s.keep[1])
        return None
    return "fights"


# ---------------------------------------------------------------------- end of turn
def offensive_window(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """Major Offensive: "Discard 2 cards and take another turn" (ruling 9)."""
    hand = s.hands[s.player]
    if rules.windows == "always" or ("Major Offensive" in hand and len(hand) >= 3):
        ask(s, "end", s.player)
        return None
    return "next"


def end_of_turn(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    """Cards in play go to the vortex, pins and Espionage end; "Players alternate
    turns" unless a Major Offensive's extra turn is due; ``max_turns`` ends the game."""
    if s.play:
        s.vortex = tuple(sorted(s.vortex + s.play))
    s.play, s.pins, s.bound, s.spy = (), (), (), None
    s.dice = ()
    if s.turn >= rules.max_turns:
        s.phase = "over"
        log.append(f"Turn {s.turn} was the last (max_turns): the game is a draw")
        return "over"
    if s.extra:
        s.extra -= 1
        log.append(f"{SIDE_TITLE[s.player]} takes another turn (Major Offensive)")
    else:
        s.player = 1 - s.player
    s.turn += 1
    return "turn"


def game_over(rules: Rules, s: BlastState, log: list[str]) -> str | None:
    return None


STAGES: Final[dict[str, Stage]] = {
    "deal": deal,
    "turn": turn_starts, "espionage": espionage_window, "draw": draw_two,
    "drawing": drawing, "limit": hand_limit_check,
    "roll": roll_two, "dice": dice_window, "roll_end": phase_end("build"),
    "build": build_window, "build_end": phase_end("jam"),
    "jam": jam_window, "move": moving, "move_end": move_end,
    "fights": fights, "attack": attack_window, "defend": defence_window,
    "resolve": resolve, "fight_end": phase_end("end"),
    "end": offensive_window, "next": end_of_turn, "over": game_over,
}
"""Each stage of the turn, in turn order."""


def advance(rules: Rules, s: BlastState, log: list[str]) -> None:
    """Run automatic steps until a decision, a chance node or the end."""
    while s.pending is None and s.chance is None:
        following = STAGES[s.stage](rules, s, log)
        if following is None:
            return
        s.stage = following
