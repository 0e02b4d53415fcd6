"""The legal actions of each decision, and why an action is refused.

The moves follow ruling 7: "Every die must be used [...] as many dice as possible"
(option ``use_dice``: ``"maximum"``, the default, or ``"each"``: any die, any movable
unit). Under ``"maximum"`` a move must leave as many dice usable as can be used; a move
card is never compulsory, but once it is in play (``play Space Combat Tactics``, ``play
Strategic Move``) the moves it allows count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..core.limits import quote
from .actions import BACKWARDS, MOVE_CARDS, STACK, Order, order
from .board import after_move, dest, max_usable, remove_one
from .data import ATTACK, DEFENCE, DICE_BONUS, DIRECTIONS, HOMEWORLDS, SECTORS
from .fight import contested, keep_choices
from .movement import is_bound, is_pinned, movable_count, movable_sectors, movable_units
from .rules import Rules
from .state import SIDE_TITLE, BlastState

__all__ = [
    "Reach",
    "back_order",
    "build_options",
    "can_rebuild_here",
    "card_order",
    "cards_in_play",
    "defend_moves",
    "dice_window_open",
    "doubles",
    "legal_actions",
    "legal_moves",
    "move_card_plays",
    "move_order",
    "moves_each",
    "moves_maximum",
    "stack_order",
]

DIE_TARGET_CARDS: Final = frozenset((*DICE_BONUS, "Hold Position"))
"""The dice cards played on a die showing some value."""
DICE_CARDS: Final = frozenset((*DIE_TARGET_CARDS, "Battle Computers", "Hyper Jump"))
"""The cards of the dice window (ruling 5)."""
DONE: Final = order("done")
PASS: Final = order("pass")


def move_order(sector: int, force: int, die: int) -> Order:
    """The ``move sector:force by die`` order."""
    return order("move", "", sector, force, die)


def card_order(card: str, sector: int = 0, force: int = 0, die: int = 0) -> Order:
    """``play card on sector:force by die`` (force 0: on a sector; die 0: no die)."""
    return order("play", card, sector, force, die)


# ---------------------------------------------------------------------- Roll Phase
def dice_window_open(s: BlastState) -> bool:
    """A dice card in hand can be played now (as ``dice_actions`` offers them)."""
    hand = s.hands[s.player]
    if "Hyper Jump" in hand:
        return True
    if not s.dice:
        return False
    if not DIE_TARGET_CARDS.isdisjoint(hand):
        return True
    return "Battle Computers" in hand and any(d[1:] == (0, 0) for d in s.dice)


def dice_actions(s: BlastState) -> list[Order]:
    """Ruling 5: a bonus card or Hold Position on a die showing any value, Battle
    Computers on a die not yet changed, Hyper Jump; or done."""
    out = [DONE]
    values = {d[0] for d in s.dice}
    for c in DICE_CARDS.intersection(s.hands[s.player]):
        if c in DIE_TARGET_CARDS:
            out += [order("play", c, die=v) for v in values]
        elif c == "Battle Computers":
            out += [order("play", c, die=v) for v in {d[0] for d in s.dice if d[1:] == (0, 0)}]
        else:  # Hyper Jump
            out.append(order("play", c))
    return out


# ---------------------------------------------------------------------- Build Phase
def doubles(s: BlastState) -> bool:
    """The two rolled dice show the same value (after any reroll, before modifiers)."""
    return len(s.faces) == 2 and s.faces[0] == s.faces[1]


def can_rebuild_here(s: BlastState, p: int) -> bool:
    """"He may only do this if he currently occupies (controls) his homeworld", and has
    a destroyed unit."""
    home = HOMEWORLDS[p] - 1
    return bool(s.scrap[p]) and bool(s.units[p][home]) and not s.units[1 - p][home]


def build_options(s: BlastState) -> list[Order]:
    """The rebuilds allowed (ruling 6): one for doubles, once a turn; one more per
    Reinforcements."""
    p = s.player
    if not can_rebuild_here(s, p):
        return []
    scrap = set(s.scrap[p])
    out = []
    if doubles(s) and not s.rebuilt:
        out += [order("rebuild", force=f) for f in scrap]
    if "Reinforcements" in s.hands[p]:
        out += [order("rebuild", "Reinforcements", force=f) for f in scrap]
    return out


# ---------------------------------------------------------------------- Move Phase
def back_order(sector: int, force: int, die: int) -> Order:
    """The ``move sector:force back die`` order (Space Combat Tactics in play)."""
    return order("move", BACKWARDS, sector, force, die)


def stack_order(sector: int, die: int) -> Order:
    """The ``move sector by die`` order (Strategic Move in play)."""
    return order("move", STACK, sector, 0, die)


def cards_in_play(s: BlastState) -> tuple[int, int]:
    """How many Space Combat Tactics and Strategic Move cards are in play, not yet used."""
    return s.play.count(BACKWARDS), s.play.count(STACK)


class Reach:
    """What ``use_dice="maximum"`` weighs a move with (ruling 7): the sectors of the movable
    units (one entry per unit), the sectors holding enemy units, the move cards in play,
    and ``need``, how many of the dice can be used (``board.max_usable``: the moves of the
    cards in play count)."""

    __slots__ = ("backs", "blocked", "memo", "movable", "need", "player", "stacks")

    def __init__(self, s: BlastState, values: tuple[int, ...]) -> None:
        p = s.player
        self.movable = movable_sectors(s, p)
        self.blocked = frozenset(i + 1 for i, st in enumerate(s.units[1 - p]) if st)
        self.player = p
        self.backs, self.stacks = cards_in_play(s)
        self.need = max_usable(self.movable, values, self.blocked, p, self.backs,
                               self.stacks)
        self.memo: dict[tuple[Any, ...], int] = {}

    def after(self, sec: int, y: int, k: int, dice: tuple[int, ...], backs: int,
              stacks: int) -> int:
        """How many of ``dice`` can be used once ``k`` movable units have gone from
        ``sec`` to ``y`` (a unit landing on enemy units moves no further), with
        ``backs`` and ``stacks`` move cards left in play."""
        if len(self.movable) - k >= len(dice):  # a unit for each die: all are usable
            return len(dice)
        key = (sec, y, k, dice, backs, stacks)
        got = self.memo.get(key)
        if got is None:
            after = after_move(self.movable, sec, k, y, self.blocked)
            got = self.memo[key] = max_usable(after, dice, self.blocked, self.player,
                                              backs, stacks)
        return got


def moves_each(units: list[tuple[int, int]], values: tuple[int, ...], backs: int,
               stacks: int) -> list[Order]:
    """Any die, any movable unit (backwards too with Space Combat Tactics in play; any
    stack with Strategic Move in play): ``use_dice="each"``, or ``"maximum"`` with a
    movable unit per die and no Strategic Move in play."""
    out: list[Order] = []
    sectors = dict.fromkeys(sec for sec, _ in units)
    for d in set(values):
        out += [move_order(sec, f, d) for sec, f in units]
        if backs:
            out += [back_order(sec, f, d) for sec, f in units]
        if stacks:
            out += [stack_order(sec, d) for sec in sectors]
    return out


def _weighed(units: list[tuple[int, int]], values: tuple[int, ...],
             reach: Reach) -> list[tuple[Order, int]]:
    """Every move with how many dice it lets be used in all (itself and the moves after
    it, the move cards still in play counting)."""
    direction = DIRECTIONS[reach.player]
    backs, stacks = reach.backs, reach.stacks
    out: list[tuple[Order, int]] = []
    for d in set(values):
        rest = remove_one(values, d)
        for sec, f in units:
            out.append((move_order(sec, f, d), 1 + reach.after(
                sec, dest(sec, d, direction), 1, rest, backs, stacks)))
            if backs:
                out.append((back_order(sec, f, d), 1 + reach.after(
                    sec, dest(sec, d, -direction), 1, rest, backs - 1, stacks)))
        if stacks:
            for sec in dict.fromkeys(sec for sec, _ in units):
                k = reach.movable.count(sec)
                out.append((stack_order(sec, d), 1 + reach.after(
                    sec, dest(sec, d, direction), k, rest, backs, stacks - 1)))
    return out


def moves_maximum(units: list[tuple[int, int]], values: tuple[int, ...],
                  reach: Reach) -> list[Order]:
    """``use_dice="maximum"`` (ruling 7): a move must leave as many dice usable as can
    be used (``reach.need``), the moves of the move cards in play counting."""
    return [o for o, used in _weighed(units, values, reach) if used >= reach.need]


def move_card_plays(s: BlastState) -> list[Order]:
    """Space Combat Tactics and Strategic Move, put in play in the Move Phase while a die
    and a movable unit are left (one of each kind in play at a time). Never compulsory."""
    hand = s.hands[s.player]
    return [order("play", c) for c in MOVE_CARDS if c in hand and c not in s.play]


def defend_moves(s: BlastState, units: list[tuple[int, int]], values: tuple[int, ...],
                 reach: Reach | None) -> list[Order]:
    """Defend the Homeworld: a movable unit jumps home (under ``"maximum"``, given
    ``reach``, only if the dice usable stay as many; without it they do: "each", or a
    movable unit per die even without the unit); so may a unit stopped on an enemy
    sector, which stays bound (ruling 7): the dice usable stay as they are."""
    p = s.player
    home = HOMEWORLDS[p]
    card = "Defend the Homeworld"
    out = [card_order(card, sec, f) for sec, f in units if sec != home
           and (reach is None or reach.after(sec, home, 1, values, reach.backs,
                                             reach.stacks) >= reach.need)]
    own, opp = s.units[p], s.units[1 - p]
    for i in range(SECTORS):
        if own[i] and opp[i] and i + 1 != home:
            out += [card_order(card, i + 1, f) for f in set(own[i])]
    return out


def legal_moves(rules: Rules, s: BlastState) -> list[Order]:
    """The moves of the move decision (or done when no die can be used), and the move
    cards that may be put in play."""
    p = s.player
    hand = s.hands[p]
    each = rules.use_dice == "each"
    values = tuple(d[0] for d in s.dice)
    units = movable_units(s, p) if values or "Defend the Homeworld" in hand else []
    backs, stacks = cards_in_play(s)
    # Under "maximum": the movable units beyond one per die. With none missing, every
    # move of one unit keeps every die usable: the moves are those of "each".
    spare = movable_count(s, p) - len(values) if units and not each else 0
    reach = None
    if not units or not values:
        out = [DONE]  # no die can be used
    else:
        if each or (spare >= 0 and not stacks):
            out = moves_each(units, values, backs, stacks)
        else:
            reach = Reach(s, values)
            out = moves_maximum(units, values, reach)
        out += move_card_plays(s)
    if "Defend the Homeworld" in hand:
        weigh = units and not each and spare <= 0  # (no movable unit: nothing to weigh)
        if weigh and reach is None:
            reach = Reach(s, values)
        out += defend_moves(s, units, values, reach if weigh else None)
    return out


# ---------------------------------------------------------------------- the decisions
def _discard_actions(rules: Rules, s: BlastState) -> list[Order]:
    return [order("discard", c) for c in set(s.hands[s.actor])]


def _dice_actions(rules: Rules, s: BlastState) -> list[Order]:
    return dice_actions(s)


def _fight_actions(rules: Rules, s: BlastState) -> list[Order]:
    return [order("fight", sector=i + 1) for i in contested(s)]


def _attack_actions(rules: Rules, s: BlastState) -> list[Order]:
    return [*(order("play", c) for c in ATTACK.intersection(s.hands[s.actor])), DONE]


def _defence_actions(rules: Rules, s: BlastState) -> list[Order]:
    return [*(order("play", c) for c in DEFENCE.intersection(s.hands[s.actor])), PASS]


def _build_actions(rules: Rules, s: BlastState) -> list[Order]:
    return [*build_options(s), DONE]


def _end_actions(rules: Rules, s: BlastState) -> list[Order]:
    """Major Offensive (with two other cards to discard), or done."""
    hand = s.hands[s.player]
    out = [DONE]
    if "Major Offensive" in hand and len(hand) >= 3:
        out.append(order("play", "Major Offensive"))
    return out


def _espionage_actions(rules: Rules, s: BlastState) -> list[Order]:
    out = [PASS]
    if "Espionage" in s.hands[s.actor] and s.spy is None:
        out.append(order("play", "Espionage"))
    return out


def _jam_actions(rules: Rules, s: BlastState) -> list[Order]:
    out = [PASS]
    if "Jam Transmission" in s.hands[s.actor]:
        out += [card_order("Jam Transmission", sec, f) for sec, f in movable_units(s, s.player)]
    return out


def _keep_actions(rules: Rules, s: BlastState) -> list[Order]:
    assert s.keep is not None
    out = [order("keep", force=f) for f in keep_choices(s)]
    if s.keep[3]:
        out.append(DONE)
    return out


ACTIONS: Final[dict[str, Callable[[Rules, BlastState], list[Order]]]] = {
    "move": legal_moves, "discard": _discard_actions, "offensive": _discard_actions,
    "dice": _dice_actions, "keep": _keep_actions, "fight": _fight_actions,
    "attack": _attack_actions, "defend": _defence_actions,
    "espionage": _espionage_actions, "jam": _jam_actions, "build": _build_actions,
    "end": _end_actions,
}
"""The actions of each decision (``s.pending``)."""


def legal_actions(rules: Rules, s: BlastState) -> list[Order]:
    """The legal actions of the decision pending (the core sorts them by notation)."""
    if s.pending is None:
        return []
    return ACTIONS[s.pending](rules, s)


# ---------------------------------------------------------------------- refusals
EXPECTED: Final = {
    "discard": "a card to discard (hand over its limit, ruling 3)",
    "offensive": "a card to discard for Major Offensive (ruling 9)",
    "dice": "a dice card to play, or done (ruling 5)",
    "build": "a destroyed unit to rebuild, or done (ruling 6)",
    "jam": "Jam Transmission on an enemy unit, or pass (ruling 7)",
    "move": "a move with a die, a move card, or done when no die can be used",
    "fight": "the sector to fight next (ruling 8)",
    "attack": "an attack card, or done (ruling 8)",
    "defend": "a defence card, or pass (ruling 8)",
    "espionage": "Espionage, or pass (ruling 9)",
    "keep": "a unit to keep, or done (ruling 8)",
    "end": "Major Offensive, or done (ruling 9)",
}
"""What each decision asks for, for the refusal of another action."""
RULE: Final = {
    "discard": "Draw Phase: hand limit (ruling 3)", "offensive": "Major Offensive",
    "dice": "Roll Phase: dice cards (ruling 5)", "build": "Build Phase (ruling 6)",
    "jam": "Jam Transmission (ruling 7)", "move": "Move Phase (ruling 7)",
    "fight": "Fight Phase (ruling 8)", "attack": "Fight Phase: attack cards",
    "defend": "Fight Phase: defence cards", "espionage": "Espionage (ruling 9)",
    "keep": "Fight Phase: the winner keeps units (ruling 8)",
    "end": "Major Offensive (ruling 9)",
}
"""The rule each decision follows."""


def _why_not_move(s: BlastState, action: Order, who: str) -> tuple[str, str]:
    """Why a move (or a move card's move) with a die is refused."""
    values = [d[0] for d in s.dice]
    if action.die not in values:
        return ("Move Phase (ruling 7)", f"no die shows {action.die} (dice: {values or 'none'})")
    sec, f = action.sector, action.force
    if action.verb == "move" and action.card and action.card not in s.play:
        return ("Move Phase (ruling 7)", f"{action.card} is not in play (put it in play "
                                         f"first: 'play {action.card}')")
    if action.verb == "move" and action.card == STACK:
        if not any(u == sec for u, _ in movable_units(s, s.player)):
            return ("Move Phase (ruling 2)", f"{who} has no unit that may move on sector {sec}")
    elif action.verb == "move":
        own = s.units[s.player][sec - 1]
        if f not in own:
            return ("Move Phase (ruling 2)", f"{who} has no unit of force {f} on sector {sec}")
        if is_pinned(s, sec, f):
            if is_bound(s, sec, f):
                return ("Move Phase: stop on enemy (ruling 7)",
                        f"the unit {sec}:{f} landed on enemy units this turn and "
                        "uses no further die")
            return ("Jam Transmission", f"the unit {sec}:{f} is jammed this turn")
        if s.units[1 - s.player][sec - 1]:
            return ("Move Phase: stop on enemy",
                    f"the unit {sec}:{f} landed on a sector holding enemy units "
                    "and cannot use another die")
    return ("Move Phase: dice must be used (ruling 7)",
            "after this move a die that could be used would be lost")


def _why_not_keep(s: BlastState, action: Order, rule: str) -> tuple[str, str]:
    assert s.keep is not None
    _, _, diff, kept = s.keep
    sector, w = s.keep[0], s.keep[1]
    left = list(s.units[w][sector - 1])
    for f in kept:
        left.remove(f)
    if action.force not in left:
        return (rule, f"there is no unit of force {action.force} left to keep")
    return (rule, f"keeping {action.force} more would exceed the difference {diff} "
                  f"(kept so far: {list(kept)})")


def why_illegal(s: BlastState, action: Order) -> tuple[str, str]:
    """(rule, reason) for an action that is not legal now."""
    p = s.pending or ""
    who = SIDE_TITLE[s.actor]
    rule = RULE.get(p, "legal actions")
    hand = s.hands[s.actor]
    if action.card and action.card not in hand and action.verb in ("play", "discard",
                                                                   "rebuild"):
        return (rule, f"{who} holds no {action.card}")
    if p == "move" and action.verb == "play" and action.card in MOVE_CARDS \
            and action.card in s.play:
        return ("Move Phase (ruling 7)", f"{action.card} is already in play this Move Phase")
    if p == "move" and action.verb in ("move", "play") and action.die:
        return _why_not_move(s, action, who)
    if p == "move" and action.verb == "done":
        return ("Move Phase: dice must be used (ruling 7)",
                f"dice left to use: {[d[0] for d in s.dice]}")
    if p == "keep" and action.verb == "keep" and s.keep is not None:
        return _why_not_keep(s, action, rule)
    return (rule, f"{who} must choose {EXPECTED.get(p, 'nothing')}, not {quote(str(action))}")
