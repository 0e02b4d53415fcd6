"""TURN SEQUENCE: "Players take Turns. Each Turn is divided into several Phases."

1. Transfer Phase  2. Repair Phase  3. Meteor Phase  4. Production Phase
5. Control Phase  6. Draw Phase  7. Build Phase

:func:`advance` runs the turn from where it stands until a decision of the player whose
turn it is, or a chance node, is pending: each phase's function either waits (a
decision, a chance node) or does its automatic part and moves on. A phase with nothing
to decide passes by itself (no Transfer card, nothing to repair, no Control card with a
target, no site card with a cell); Production is automatic. "The game ends when the last
card is drawn from the deck." (RULINGS.md Space Base 3: right after that draw.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import data
from .cells import Cell
from .rules import Rules
from .state import SpaceBaseState, deck_to_change, with_item

__all__ = ["HAND_LIMIT", "advance", "can_build", "can_control", "can_repair",
           "can_transfer", "control_targets", "draw_next", "drawer", "end_turn", "enter",
           "repair_targets", "take_card", "who", "winner"]

HAND_LIMIT: Final = 8
"""If a player has 9 or more cards in his hand he must discard down to 8 cards."""
SITE_CARDS: Final = frozenset(c.name for c in data.CARD_LIST if c.kind != "action")
DRAW: Final = ("draw",)
METEOR: Final = ("meteor",)


def who(p: int) -> str:
    return f"Player {p}"


def enter(s: SpaceBaseState, phase: str) -> None:
    """The turn moves on to ``phase``: no action card played in it yet."""
    s.phase = phase
    s.played = 0
    if phase == "draw":
        s.drawn = False


def advance(s: SpaceBaseState, rules: Rules, log: list[str]) -> None:
    """Run the automatic steps of the turn until a decision or a chance node is pending
    (or the game is over)."""
    while s.chance is None and s.phase != "over":
        if PHASES[s.phase](s, rules, log):
            return


# ---------------------------------------------------------------------- the phases
def setup(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """Set-up: each player places an Outpost (a decision), then the starting hands are
    dealt (option ``starting_hand``), then turn 1 begins."""
    if s.player < s.players:
        return True
    if s.dealt < rules.starting_hand * s.players:
        draw_next(s, log)
        return False
    s.turn, s.player = 1, 0
    log.append(f"Turn 1: {who(0)}")
    enter(s, "transfer")
    return False


def transfer_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """By playing a Transfer card a player may move or switch sites (a decision)."""
    if s.pending is not None or can_transfer(s, rules):
        return True
    enter(s, "repair")
    return False


def repair_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """Repair sites damaged by meteors (a decision, while there is one to pay for)."""
    if can_repair(s, rules):
        return True
    enter(s, "meteor")
    return False


def meteor_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """Each turn a meteor hits a random space: a chance node (``chance.py``)."""
    s.chance = METEOR
    return True


def production_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """Some installations produce income: the player whose turn it is earns the Income
    of every functional installation they control (``Board.income``)."""
    p = s.player
    earned = s.board.income(p)
    total = s.credits[p] + earned
    s.credits = with_item(s.credits, p, total)
    s.last_income = (p, earned)
    log.append(f"{who(p)} earns {earned} credits (total {total})")
    enter(s, "control")
    return False


def control_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """By playing a Control card a player may take over a site or steal a card (a
    decision)."""
    if s.pending is not None or can_control(s, rules):
        return True
    enter(s, "draw")
    return False


def draw_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """Draw one card; with 9 or more cards in hand, discard down to 8 (decisions)."""
    if not s.drawn:
        draw_next(s, log)
        return False
    if must_discard(s):
        return True
    enter(s, "build")
    return False


def build_phase(s: SpaceBaseState, rules: Rules, log: list[str]) -> bool:
    """A player may place one or more site cards onto the map (decisions); the turn
    ends when they are done or cannot place any."""
    if s.pending is not None or can_build(s):
        return True
    end_turn(s, log)
    return False


PHASES: Final[dict[str, Callable[[SpaceBaseState, Rules, list[str]], bool]]] = {
    "setup": setup, "transfer": transfer_phase, "repair": repair_phase,
    "meteor": meteor_phase, "production": production_phase, "control": control_phase,
    "draw": draw_phase, "build": build_phase,
}
"""Each phase's step: True when it waits for a decision or a chance outcome."""


def end_turn(s: SpaceBaseState, log: list[str]) -> None:
    """The next player's turn begins ("When each player has taken a Turn, that is the
    end of the Round")."""
    s.player = (s.player + 1) % s.players
    s.turn += 1
    log.append(f"Turn {s.turn}: {who(s.player)}")
    enter(s, "transfer")


# ---------------------------------------------------------------------- predicates
def may_play_action_card(s: SpaceBaseState, rules: Rules) -> bool:
    """One Transfer (Control) card per phase ("By playing (discarding) a Transfer card"),
    or as many as the player holds with the option ``action_cards="any"``."""
    return rules.action_cards == "any" or s.played == 0


def can_transfer(s: SpaceBaseState, rules: Rules) -> bool:
    """A Transfer card to play, and two sites: one to move next to, or switch with,
    another (ruling 8)."""
    return ("Transfer" in s.hands[s.player] and may_play_action_card(s, rules)
            and len(s.board.controlled_by(s.player)) >= 2)


def repair_targets(s: SpaceBaseState, rules: Rules) -> list[Cell]:
    """The damaged sites the player may pay to repair: their own (option
    ``repair_sites="any"``: any), in cell order."""
    damaged = s.board.damaged()
    if rules.repair_sites == "any":
        return sorted(damaged)
    owners = s.board.owners()
    return sorted(c for c in damaged if owners[c] == s.player)


def can_repair(s: SpaceBaseState, rules: Rules) -> bool:
    """Credits to pay with ("Pay 1 credit to remove 1 point of damage") and a damaged
    site to repair."""
    return s.credits[s.player] > 0 and bool(repair_targets(s, rules))


def control_targets(s: SpaceBaseState) -> frozenset[Cell]:
    """The opponents' sites that are already adjacent to one of the player's sites: the
    cells next to the player's sites that are neither empty (the player's frontier) nor
    the player's own."""
    mine = s.board.controlled_by(s.player)
    return s.board.around(mine).difference(s.board.frontier(s.player), mine)


def has_hand_to_look_at(s: SpaceBaseState) -> bool:
    """Another player holds a card (to look at and steal)."""
    return any(hand for q, hand in enumerate(s.hands) if q != s.player)


def can_control(s: SpaceBaseState, rules: Rules) -> bool:
    """A Control card to play, and a site to take over or a hand to steal from."""
    return ("Control" in s.hands[s.player] and may_play_action_card(s, rules)
            and (has_hand_to_look_at(s) or bool(control_targets(s))))


def must_discard(s: SpaceBaseState) -> bool:
    """A player with 9 or more cards in hand must discard down to 8."""
    return len(s.hands[s.player]) > HAND_LIMIT


def can_build(s: SpaceBaseState) -> bool:
    """A site card in hand with a cell for it: a Volcano on any empty space, any other
    site next to a site the player controls."""
    hand = s.hands[s.player]
    if "Volcano" in hand and not s.board.is_full():
        return True
    return any(c in SITE_CARDS for c in hand) and bool(s.board.frontier(s.player))


# ---------------------------------------------------------------------- drawing
def draw_next(s: SpaceBaseState, log: list[str]) -> None:
    """Draw (or, in set-up, deal) the next card: at once when it is known (a scenario's
    deck order) or only one card name is left (no chance node), else a chance node over
    the cards left (``chance.py``)."""
    deck = s.deck
    if deck.known:
        take_card(s, deck_to_change(s).pop_known(), log)
    elif len(deck.counts) == 1:
        name = next(iter(deck.counts))
        deck_to_change(s).take_unknown(name)
        take_card(s, name, log)
    else:
        s.chance = DRAW


def drawer(s: SpaceBaseState) -> int:
    """The player the next card drawn goes to: the player whose turn it is (in set-up:
    the player dealt to)."""
    return s.dealt % s.players if s.phase == "setup" else s.player


def take_card(s: SpaceBaseState, name: str, log: list[str]) -> None:
    """The card drawn goes to the hand of the player whose turn it is (in set-up: the
    player dealt to). The log never names it. The last card ends the game."""
    p = drawer(s)
    if s.phase == "setup":
        s.dealt += 1
        log.append(f"{who(p)} is dealt a card")
    else:
        s.drawn = True
        log.append(f"{who(p)} draws a card ({len(s.deck)} left in the deck)")
    s.hands = with_item(s.hands, p, tuple(sorted((*s.hands[p], name))))
    if len(s.deck) == 0:
        end_of_game(s, log)


def winner(credits: tuple[int, ...]) -> int | None:
    """The player with the most credits at the end of the game is the winner (a tie:
    none)."""
    best = max(credits)
    tops = [p for p, c in enumerate(credits) if c == best]
    return tops[0] if len(tops) == 1 else None


def end_of_game(s: SpaceBaseState, log: list[str]) -> None:
    """The game ends when the last card is drawn from the deck (no discard, no build
    after it)."""
    s.phase = "over"
    s.pending = None
    credits = ", ".join(f"{who(p)} {c}" for p, c in enumerate(s.credits))
    log.append(f"The last card is drawn: the game is over. Credits: {credits}")
    w = winner(s.credits)
    log.append("A tie for the most credits" if w is None else f"{who(w)} wins")
