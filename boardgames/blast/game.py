"""Blast: the state and its transitions (every rule of blast.txt and every Blast ruling of
RULINGS.md; docs/rules/blast.md maps each one to code here).

Player 0 is the Terran Defense Force, player 1 the Evil Empire, who goes first. The turn
is driven by ``_advance``, which runs automatic steps until the game needs a decision
(``s.pending``, made by ``s.actor``: the player whose turn it is, or the opponent in a
response window) or a chance outcome (``s.chance``).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import compress
from operator import attrgetter, itemgetter, not_
from typing import Any, NamedTuple

from ..core.deck import Deck, redeal
from ..core.errors import InvalidActionError
from ..core.game import CHANCE, Game, State
from . import data
from .actions import Order, order
from .board import (
    control,
    dest,
    hand_limit,
    max_usable,
    planets_held,
    remove_one,
    with_unit,
    without_unit,
)
from .data import (
    ATTACK,
    BY_NAME,
    DEFENCE,
    DICE_BONUS,
    DIRECTIONS,
    FIGHT_BONUS,
    HAND_BASE,
    HOMEWORLDS,
    PLANETS,
    SECTORS,
    SIDES,
)
from .rules import Rules

__all__ = ["PHASES", "Blast", "BlastState"]

PHASES = ("setup", "draw", "roll", "build", "move", "fight", "over")
_FIGHT_STAGES = frozenset({"jam", "move", "fights", "attack", "defend", "resolve"})
_ROLL2 = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
_ROLL2_W = tuple(1 if a == b else 2 for a, b in _ROLL2)
_D6 = (1, 2, 3, 4, 5, 6)
_D6_W = (1, 1, 1, 1, 1, 1)
_EMPTY_BOARD: tuple[tuple[int, ...], ...] = ((),) * SECTORS
_CANCEL_CARDS = ("Hold Position",)
_DIE_TARGET_CARDS = (*DICE_BONUS, *_CANCEL_CARDS)
_SIDE_TITLE = {"terran": "Terran", "empire": "Empire"}
_PLANET_INDEX = tuple(sec - 1 for sec in PLANETS)
assert _PLANET_INDEX == (0, 7, 14, 21)  # _phase_end spells these out
_SECTOR_NUMBERS = tuple(range(1, SECTORS + 1))
_SECTOR_INDICES = tuple(range(SECTORS))
_MOVE_CARDS = frozenset({"Space Combat Tactics", "Strategic Move", "Defend the Homeworld"})
_FIRST = itemgetter(0)
_TEXT = attrgetter("text")  # an Order's notation, str(order), without a Python call
_SIDE_T = tuple(_SIDE_TITLE[side] for side in SIDES)
_HOME_INDEX = tuple(h - 1 for h in HOMEWORLDS)
_DRAWS = tuple((p,) * data.DRAW for p in (0, 1))
_ROLL_CHANCE = ("roll",)
_DRAW_CHANCE = ("draw",)
_DIE_TARGET_SET = frozenset(_DIE_TARGET_CARDS)
_DICE_WINDOW = frozenset((*_DIE_TARGET_CARDS, "Battle Computers", "Hyper Jump"))
"""The cards that may open the dice window (``_dice_window_open`` says whether they do)."""


_DRAWS_TEXT = tuple(f"{side} draws a card" for side in _SIDE_T)
_ROLLS_TEXT = tuple({(a, b): f"{side} rolls {a} and {b}" + (" (doubles)" if a == b else "")
                     for a, b in _ROLL2} for side in _SIDE_T)
_DISCARD_TEXT = tuple({c: f"{side} discards {c}" for c in BY_NAME} for side in _SIDE_T)
_DONE = order("done")
_PASS = order("pass")
_TURN_START = frozenset({"turn", "espionage", "draw", "drawing", "limit", "roll"})
_ROLL_TO_JAM = frozenset({"dice", "roll_end", "build", "build_end", "jam"})
_MOVE_TO_RESOLVE = frozenset({"move", "move_end", "fights", "attack", "defend", "resolve"})
_TURN_END = frozenset({"fight_end", "end", "next"})
"""The stages of ``_advance`` in four groups, in turn order."""
_STAGE_OF = {"espionage": "espionage", "discard": "limit", "dice": "dice", "build": "build",
             "jam": "jam", "move": "move", "fight": "fights", "attack": "attack",
             "defend": "defend", "end": "end", "keep": "resolve", "offensive": "end"}


class _Rare(NamedTuple):
    """The parts of a state that change at most a few times a turn, in one slot
    (``BlastState.rare``) shared by the states until one changes it: a step copies 14
    slots, not 25, and the garbage collector stops traversing this tuple (it holds no
    containers that can take part in a cycle)."""

    scrap: tuple[tuple[int, ...], tuple[int, ...]]
    play: tuple[str, ...]
    rebuilt: bool
    pins: tuple[tuple[int, int], ...]
    bound: tuple[tuple[int, int], ...]
    spy: int | None
    fight: tuple[Any, ...] | None
    keep: tuple[Any, ...] | None
    last_fight: tuple[Any, ...] | None
    extra: int
    mo_left: int
    winner: int | None
    turn: int


_new_rare = tuple.__new__


def _rare_field(name: str) -> property:
    """A state attribute kept in ``rare``: read directly, written by replacing ``rare``
    (never changed in place: other states share it)."""
    i = _Rare._fields.index(name)

    def fset(s: BlastState, v: Any) -> None:
        r = s.rare
        s.rare = _new_rare(_Rare, (*r[:i], v, *r[i + 1:]))

    return property(attrgetter(f"rare.{name}"), fset, doc=f"``rare.{name}``")


class BlastState(State):
    """Everything about a Blast position, small and flat: immutable tuples except the deck.

    units[p]   28 sorted tuples of forces (index sector - 1)
    scrap[p]   sorted forces of destroyed units
    hands[p]   sorted card names (the only hidden information, with ``spy``)
    deck       a multiset (core ``Deck``); vortex: sorted names; play: cards in play
    dice       sorted (value, bonus, hyper) per die; faces: the two rolled dice
    pins       (sector, force) of the units that may not move again this turn: jammed
               (Jam Transmission) or ``bound`` (ruling 7: landed on enemy units, then
               sent home by Defend the Homeworld); spy: who sees the other hand this turn
    fight      (sector, attack bonus, defence bonus, attack cards, defence cards,
               attack 1D6 rolls, defence 1D6 rolls); keep: (sector, winner, diff, kept)

    The attributes of :class:`_Rare` (``scrap``, ``pins``, ``fight``, ``turn``, ...) are
    kept in ``rare``.
    """

    __slots__ = (
        "actor",
        "chance",
        "deck",
        "dice",
        "draws",
        "faces",
        "hands",
        "pending",
        "phase",
        "player",
        "rare",
        "stage",
        "units",
        "vortex",
    )

    scrap = _rare_field("scrap")
    play = _rare_field("play")
    rebuilt = _rare_field("rebuilt")
    pins = _rare_field("pins")
    bound = _rare_field("bound")
    spy = _rare_field("spy")
    fight = _rare_field("fight")
    keep = _rare_field("keep")
    last_fight = _rare_field("last_fight")
    extra = _rare_field("extra")
    mo_left = _rare_field("mo_left")
    winner = _rare_field("winner")
    turn = _rare_field("turn")

    def copy(self) -> BlastState:
        # ``Blast.apply`` and ``Blast._settle`` write this copy out: keep them alike
        c = object.__new__(BlastState)
        c.actor = self.actor
        c.chance = self.chance
        c.deck = self.deck  # copy-on-write: a step that draws or refills makes a new one
        c.dice = self.dice
        c.draws = self.draws
        c.faces = self.faces
        c.hands = self.hands
        c.pending = self.pending
        c.phase = self.phase
        c.player = self.player
        c.rare = self.rare
        c.stage = self.stage
        c.units = self.units
        c.vortex = self.vortex
        return c


def _set(pair: tuple, p: int, value: Any) -> tuple:
    return (value, pair[1]) if p == 0 else (pair[0], value)


def _add_sorted(items: tuple, x: Any) -> tuple:
    """``tuple(sorted((*items, x)))`` for sorted ``items`` (x inserted after its equals)."""
    i = bisect_right(items, x)
    return (*items[:i], x, *items[i:])


def _units_text(forces: Iterable[int]) -> str:
    return "+".join(map(str, sorted(forces, reverse=True))) or "none"


class Blast(Game):
    """Blast, circular backgammon with cards, for two players.

    ``bg.Blast(seed=7, rules=Rules(...), auto_roll=True)``; player 0 is the Terran
    Defense Force, player 1 the Evil Empire (who goes first). See :meth:`scenario` to set
    up any position, ``bg.blast.fight_odds`` / ``bg.blast.reach_odds`` for exact odds.
    """

    name = "blast"
    version = 1
    Action = Order
    Rules = Rules
    SIDES = SIDES

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        scenario = options.pop("scenario", None)
        players = options.pop("players", 2)
        # The rule of every game: an int (not a bool, not a float such as 2.0) in range.
        if not isinstance(players, int) or isinstance(players, bool) or players != 2:
            raise ValueError(f"Blast is a game for 2 players, not {players!r}")
        if options:
            raise TypeError(f"unexpected keyword(s) {sorted(options)} for Blast")
        out: dict[str, Any] = {"players": 2}
        if scenario is not None:
            out["scenario"] = _check_scenario(scenario)
        return out

    @property
    def players(self) -> int:
        return 2

    def _new_state(self) -> BlastState:
        s = object.__new__(BlastState)
        s.phase = "setup"
        s.stage = "deal"
        s.player = 1
        s.pending = None
        s.actor = 1
        s.chance = None
        home0, home1 = HOMEWORLDS
        b0 = list(_EMPTY_BOARD)
        b0[home0 - 1] = data.army_forces("terran")
        b1 = list(_EMPTY_BOARD)
        b1[home1 - 1] = data.army_forces("empire")
        s.units = (tuple(b0), tuple(b1))
        s.hands = ((), ())
        s.deck = Deck(data.deck_counts())
        s.vortex = ()
        s.draws = (1, 0) * data.HAND_START
        s.faces = ()
        s.dice = ()
        s.rare = _Rare(scrap=((), ()), play=(), rebuilt=False, pins=(), bound=(), spy=None,
                       fight=None, keep=None, last_fight=None, extra=0, mo_left=0,
                       winner=None, turn=1)
        sc = self._options.get("scenario")
        if sc is not None:
            _apply_scenario(s, sc)
        # The automatic steps of set-up head the log (the base class made it already).
        self._advance(s, self._log)
        return s

    @classmethod
    def scenario(
        cls,
        *,
        units: Mapping[int | str, Mapping[str, Iterable[int]]] | None = None,
        scrap: Mapping[str, Iterable[int]] | None = None,
        hands: Mapping[str, Iterable[str]] | None = None,
        deck: Iterable[str] | None = None,
        vortex: Iterable[str] | None = None,
        to_move: str = "empire",
        phase: str = "draw",
        dice: Iterable[int] | None = None,
        turn: int = 1,
        seed: int | None = None,
        auto_roll: bool = True,
        rules: Rules | None = None,
    ) -> Blast:
        """A game set up in any position, for tests, lessons and what-ifs.

        units
            ``{sector: {"terran": [forces], "empire": [forces]}}``; sectors 1..28.
            Default: every unit on its homeworld.
        scrap
            ``{"terran": [forces], "empire": [forces]}`` in the scrap heap. Default: every
            unit of the army not placed on the board. Given, board and scrap together must
            be exactly the side's 15 units.
        hands
            ``{"terran": [cards], "empire": [cards]}`` (default: empty hands).
        deck, vortex
            The cards in the deck (a multiset: every draw is a chance node over it) and in
            the vortex. Default: the deck holds every card not placed elsewhere; with a
            deck given, the vortex holds the rest.
        to_move, turn
            The side whose turn it is, and the turn number.
        phase
            ``"draw"`` (the turn starts), ``"roll"`` (the dice are about to be rolled, or,
            with ``dice``, have just been rolled and dice cards may be played), ``"build"``
            or ``"move"`` (``dice`` required: the two rolled dice, or for ``"move"`` the 1
            to 4 dice left to move with), ``"fight"`` (every sector holding both sides
            fights).

        Impossible set-ups (unknown cards, too many copies, a unit the army does not
        have, a sector out of range, both sides on one sector outside the fight phase)
        raise ``ValueError`` naming the problem.
        """
        spec: dict[str, Any] = {
            "units": units, "scrap": scrap, "hands": hands, "deck": deck, "vortex": vortex,
            "to_move": to_move, "phase": phase, "dice": dice, "turn": turn,
        }
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, scenario=spec)

    # ------------------------------------------------------------------ public helpers
    def side(self, player: int) -> str:
        """``"terran"`` for player 0, ``"empire"`` for player 1."""
        return SIDES[player]

    def player_of(self, side: str) -> int:
        """The player index of ``"terran"`` or ``"empire"``."""
        try:
            return SIDES.index(side)
        except ValueError:
            raise ValueError(f"side must be 'terran' or 'empire', not {side!r}") from None

    def hand_limit(self, player: int) -> int:
        """The current hand limit of ``player`` (ruling 3)."""
        return hand_limit(self._s.units, player)

    def controls(self, player: int, sector: int) -> bool:
        return control(self._s.units, player, sector)

    # ------------------------------------------------------------------ protocol hooks
    def _to_move(self, s: BlastState) -> int | None:
        if s.chance is not None:
            return CHANCE
        if s.pending is None:
            return None
        return s.actor

    def _scores(self, s: BlastState) -> tuple[float, float]:
        if s.phase != "over":
            return (0.0, 0.0)
        if s.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if s.winner == 0 else (0.0, 1.0)

    def _winner(self, s: BlastState) -> int | None:
        return s.winner

    def parse(self, text: str) -> Order:
        return super().parse(text)  # type: ignore[return-value]

    def _legal(self, s: BlastState) -> list[Order]:
        p = s.pending
        hand = s.hands[s.actor]
        if p == "move":
            return self._legal_moves(s)
        if p in ("discard", "offensive"):
            return [order("discard", c) for c in set(hand)]
        if p == "dice":
            return self._legal_dice(s)
        if p == "keep":
            return self._legal_keep(s)
        if p == "fight":
            return [order("fight", sector=i + 1) for i in self._contested(s)]
        if p == "attack":
            out = list(map(_PLAY_ORDER.__getitem__, ATTACK.intersection(hand)))
            out.append(_DONE)
            return out
        if p == "defend":
            out = list(map(_PLAY_ORDER.__getitem__, DEFENCE.intersection(hand)))
            out.append(_PASS)
            return out
        if p == "espionage":
            out = [order("pass")]
            if "Espionage" in hand and s.spy is None:
                out.append(order("play", "Espionage"))
            return out
        if p == "jam":
            out = [order("pass")]
            if "Jam Transmission" in hand:
                out += [order("play", "Jam Transmission", sec, f)
                        for sec, f in self._movable_units(s, s.player)]
            return out
        if p == "build":
            return self._legal_build(s)
        if p == "end":
            out = [order("done")]
            if self._can_offensive(s):
                out.append(order("play", "Major Offensive"))
            return out
        return []

    def _movable_units(self, s: BlastState, p: int) -> list[tuple[int, int]]:
        """Distinct (sector, force) of ``p``'s units that may move: not jammed, not on a
        sector holding enemy units."""
        own, opp, pins = s.units[p], s.units[1 - p], s.rare.pins
        out: list[tuple[int, int]] = []
        for sec in compress(_SECTOR_NUMBERS, own):  # the sectors with own units
            if opp[sec - 1]:
                continue
            st = own[sec - 1]
            units = [(sec, f) for f in dict.fromkeys(st)]  # each force once, in order
            if pins:
                out += [(sec, f) for _, f in units if st.count(f) > pins.count((sec, f))]
            else:
                out += units
        return out

    def _movable_sectors(self, s: BlastState, p: int) -> tuple[int, ...]:
        """One entry per movable unit of ``p``: its sector."""
        own, opp, pins = s.units[p], s.units[1 - p], s.rare.pins
        out: list[int] = []
        for i in compress(_SECTOR_INDICES, own):  # the sectors with own units
            if not opp[i]:
                n = len(own[i])
                if pins:
                    n -= sum(1 for sec, _ in pins if sec == i + 1)
                out += [i + 1] * n
        return tuple(out)

    def _blocked(self, s: BlastState, p: int) -> frozenset[int]:
        """The sectors holding ``p``'s enemy units."""
        return frozenset(compress(_SECTOR_NUMBERS, s.units[1 - p]))

    def _legal_moves(self, s: BlastState) -> list[Order]:
        p = s.player
        hand = s.hands[p]
        free = self.rules.use_dice == "each"
        if free and _MOVE_CARDS.isdisjoint(hand):  # the common case, written out
            if not s.dice:
                return [_DONE]
            units = self._movable_units(s, p)
            if not units:
                return [_DONE]
            out: list[Order] = []
            for d in set(map(_FIRST, s.dice)):  # (no comprehension: no call)
                if d < 31:
                    out += [move_order(sec, f, d) for sec, f in units]
                else:
                    out += [move_order(sec, f, d) for sec, f in units]
            return out
        values = tuple(map(_FIRST, s.dice))
        units = self._movable_units(s, p) if values or "Defend the Homeworld" in hand else []
        # Under "maximum": the movable units beyond one per die. With none missing, every
        # move of one unit keeps every die usable: the moves are those of "each".
        spare = _movable_count(s, p) - len(values) if units and not free else 0
        reach = None
        if not units or not values:
            out = [_DONE]  # no die can be used
        elif free or (spare >= 0 and "Strategic Move" not in hand):
            out = self._moves_each(units, values, hand)
        else:
            reach = self._reach(s, values)
            out = self._moves_maximum(units, values, hand, reach)
        if "Defend the Homeworld" in hand:
            weigh = units and not free and spare <= 0  # (no movable unit: nothing to weigh)
            if weigh and reach is None:
                reach = self._reach(s, values)
            out += self._defend_moves(s, units, values, reach if weigh else None)
        return out

    def _reach(self, s: BlastState, values: tuple[int, ...]) -> _Reach:
        p = s.player
        return _Reach(self._movable_sectors(s, p), values, self._blocked(s, p), p)

    @staticmethod
    def _moves_each(units: list[tuple[int, int]], values: tuple[int, ...],
                    hand: tuple[str, ...]) -> list[Order]:
        """Any die, any movable unit (or stack, with Strategic Move): ``use_dice="each"``,
        or ``"maximum"`` with a movable unit per die (then Strategic Move excepted)."""
        tactics = "Space Combat Tactics" in hand
        strategic = "Strategic Move" in hand
        out: list[Order] = []
        for d in set(values):
            if d < 31:
                out += [move_order(sec, f, d) for sec, f in units]
                if tactics:
                    out += [card_order("Space Combat Tactics", sec, f, d) for sec, f in units]
                if strategic:
                    out += [card_order("Strategic Move", sec, 0, d)
                            for sec in dict.fromkeys(map(_FIRST, units))]
            else:  # (beyond the tables: no rule makes such a die)
                out += [move_order(sec, f, d) for sec, f in units]
                if tactics:
                    out += [order("play", "Space Combat Tactics", sec, f, d) for sec, f in units]
                if strategic:
                    out += [order("play", "Strategic Move", sec, 0, d)
                            for sec in dict.fromkeys(map(_FIRST, units))]
        return out

    @staticmethod
    def _moves_maximum(units: list[tuple[int, int]], values: tuple[int, ...],
                       hand: tuple[str, ...], reach: _Reach) -> list[Order]:
        """``use_dice="maximum"`` (ruling 7): a plain move must leave as many dice usable
        as plain moves can use (``reach.need``); a move card is never compulsory, but
        once it is played the moves it allows count: its move must use as many dice as
        its best move does (and at least ``need``)."""
        direction = DIRECTIONS[reach.player]
        plain: list[tuple[Order, int]] = []
        tactics: list[tuple[Order, int]] = []
        strategic: list[tuple[Order, int]] = []
        for d in set(values):
            rest = remove_one(values, d)
            for sec, f in units:
                plain.append((move_order(sec, f, d),
                              1 + reach.after(sec, dest(sec, d, direction), 1, rest)))
                if "Space Combat Tactics" in hand:
                    tactics.append((order("play", "Space Combat Tactics", sec, f, d),
                                    1 + reach.after(sec, dest(sec, d, -direction), 1, rest)))
            if "Strategic Move" in hand:
                for sec in dict.fromkeys(map(_FIRST, units)):
                    k = reach.movable.count(sec)
                    strategic.append((order("play", "Strategic Move", sec, 0, d),
                                      1 + reach.after(sec, dest(sec, d, direction), k, rest)))
        out = [o for o, used in plain if used >= reach.need]
        for moves in (tactics, strategic):
            if moves:
                best = max(reach.need, *(used for _, used in moves))
                out += [o for o, used in moves if used >= best]
        return out

    @staticmethod
    def _defend_moves(s: BlastState, units: list[tuple[int, int]], values: tuple[int, ...],
                      reach: _Reach | None) -> list[Order]:
        """Defend the Homeworld: a movable unit jumps home (under ``"maximum"``, given
        ``reach``, only if the dice usable stay as many; without it they do: "each", or a
        movable unit per die even without the unit); so may a unit stopped on an enemy
        sector, which stays bound (ruling 7): the dice usable stay as they are."""
        p = s.player
        home = HOMEWORLDS[p]
        out = [card_order("Defend the Homeworld", sec, f, 0) for sec, f in units if sec != home
               and (reach is None or reach.after(sec, home, 1, values) >= reach.need)]
        own, opp = s.units[p], s.units[1 - p]
        for i in range(SECTORS):
            if own[i] and opp[i] and i + 1 != home:
                out += [card_order("Defend the Homeworld", i + 1, f, 0) for f in set(own[i])]
        return out

    def _legal_dice(self, s: BlastState) -> list[Order]:
        out = [_DONE]
        hand = _DICE_WINDOW.intersection(s.hands[s.player])  # the others play no part
        values = set(map(_FIRST, s.dice))
        for c in hand:
            if c in DICE_BONUS or c in _CANCEL_CARDS:
                out += [order("play", c, die=v) for v in values]
            elif c == "Battle Computers":
                out += [order("play", c, die=v) for v in {d[0] for d in s.dice if d[1:] == (0, 0)}]
            elif c == "Hyper Jump":
                out.append(order("play", c))
        return out

    def _dice_window_open(self, s: BlastState) -> bool:
        """A dice card in hand can be played now (as ``_legal_dice`` offers them)."""
        hand = s.hands[s.player]
        if "Hyper Jump" in hand:
            return True
        if not s.dice:
            return False
        if not _DIE_TARGET_SET.isdisjoint(hand):
            return True
        return "Battle Computers" in hand and any(d[1:] == (0, 0) for d in s.dice)

    def _build_options(self, s: BlastState) -> list[Order]:
        p = s.player
        home = HOMEWORLDS[p]
        r = s.rare
        scrap = r.scrap[p]
        if not scrap or not control(s.units, p, home):
            return []
        out = []
        if len(s.faces) == 2 and s.faces[0] == s.faces[1] and not r.rebuilt:
            out += [order("rebuild", force=f) for f in set(scrap)]
        if "Reinforcements" in s.hands[p]:
            out += [order("rebuild", "Reinforcements", force=f) for f in set(scrap)]
        return out

    def _legal_build(self, s: BlastState) -> list[Order]:
        return [*self._build_options(s), order("done")]

    def _legal_keep(self, s: BlastState) -> list[Order]:
        sector, w, diff, kept = s.keep
        left = list(s.units[w][sector - 1])
        for f in kept:
            left.remove(f)
        total = sum(kept)
        out = [order("keep", force=f) for f in set(left) if not kept or total + f <= diff]
        if kept:
            out.append(order("done"))
        return out

    def _can_offensive(self, s: BlastState) -> bool:
        hand = s.hands[s.player]
        return "Major Offensive" in hand and len(hand) >= 3

    def _contested(self, s: BlastState) -> list[int]:
        a, b = s.units
        out = []  # (a loop: a list comprehension is a call of its own in Python 3.11)
        for i in compress(_SECTOR_INDICES, a):
            if b[i]:
                out.append(i)
        return out

    def _why_illegal(self, s: BlastState, action: Order) -> tuple[str, str]:
        p = s.pending or ""
        who = _SIDE_T[s.actor]
        expected = {
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
        }.get(p, "nothing")
        rule = {
            "discard": "Draw Phase: hand limit (ruling 3)", "offensive": "Major Offensive",
            "dice": "Roll Phase: dice cards (ruling 5)", "build": "Build Phase (ruling 6)",
            "jam": "Jam Transmission (ruling 7)", "move": "Move Phase (ruling 7)",
            "fight": "Fight Phase (ruling 8)", "attack": "Fight Phase: attack cards",
            "defend": "Fight Phase: defence cards", "espionage": "Espionage (ruling 9)",
            "keep": "Fight Phase: the winner keeps units (ruling 8)",
            "end": "Major Offensive (ruling 9)",
        }.get(p, "legal actions")
        hand = s.hands[s.actor]
        if action.card and action.verb in ("play", "discard") and action.card not in hand:
            return (rule, f"{who} holds no {action.card}")
        if action.verb == "rebuild" and action.card and action.card not in hand:
            return (rule, f"{who} holds no {action.card}")
        if p == "move" and action.verb in ("move", "play") and action.die:
            values = [d[0] for d in s.dice]
            if action.die not in values:
                return ("Move Phase (ruling 7)",
                        f"no die shows {action.die} (dice: {values or 'none'})")
            sec, f = action.sector, action.force
            if action.verb == "move" or action.card == "Space Combat Tactics":
                own = s.units[s.player][sec - 1]
                if f not in own:
                    return ("Move Phase (ruling 2)", f"{who} has no unit of force {f} on "
                                                     f"sector {sec}")
                if (sec, f) in s.pins and own.count(f) <= s.pins.count((sec, f)):
                    if (sec, f) in s.bound:
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
        if p == "move" and action.verb == "done":
            return ("Move Phase: dice must be used (ruling 7)",
                    f"dice left to use: {[d[0] for d in s.dice]}")
        if p == "keep" and action.verb == "keep" and s.keep is not None:
            sector, w, diff, kept = s.keep
            left = list(s.units[w][sector - 1])
            for f in kept:
                left.remove(f)
            if action.force not in left:
                return (rule, f"there is no unit of force {action.force} left to keep")
            return (rule, f"keeping {action.force} more would exceed the difference {diff} "
                          f"(kept so far: {list(kept)})")
        return (rule, f"{who} must choose {expected}, not {str(action)!r}")

    # ------------------------------------------------------------------ actions
    def _act(self, s: BlastState, o: Order, log: list[str]) -> None:
        v, c = o.verb, o.card
        p = s.actor
        who = _SIDE_T[p]
        if v == "move":
            self._move(s, o.sector, o.force, o.die, DIRECTIONS[s.player], log)
        elif v == "play":
            self._play(s, o, log)
        elif v == "discard":
            hands = s.hands
            hand = hands[p]
            i = hand.index(c)
            hand = hand[:i] + hand[i + 1:]
            s.hands = (hand, hands[1]) if p == 0 else (hands[0], hand)
            vortex = s.vortex  # _add_sorted(s.vortex, c), written out
            i = bisect_right(vortex, c)
            s.vortex = (*vortex[:i], c, *vortex[i:])
            log.append(_DISCARD_TEXT[p][c])
            if s.pending == "offensive":
                s.mo_left -= 1
                if s.mo_left == 0 or not s.hands[p]:
                    s.mo_left = 0
                    s.pending = None
                    s.stage = "end"
            elif len(hand) <= hand_limit(s.units, p):
                s.pending = None
                s.stage = "limit"
        elif v == "rebuild":
            if c:
                self._discard_card(s, p, c)
            else:
                s.rebuilt = True
            home = HOMEWORLDS[p]
            s.scrap = _set(s.scrap, p, remove_one(s.scrap[p], o.force))
            s.units = _set(s.units, p, with_unit(s.units[p], home, o.force))
            how = f"with {c}" if c else "for rolling doubles"
            log.append(f"{who} rebuilds a unit of force {o.force} on "
                       f"{PLANETS[home]} ({how})")
            # With every window open (windows="always") the build window stays open
            # until "done": closing it by itself would tell whether Reinforcements is held.
            if not self._build_options(s) and self.rules.windows != "always":
                s.pending = None
                s.stage = "build_end"
        elif v == "fight":
            s.pending = None
            self._start_fight(s, o.sector, log)
        elif v == "keep":
            sector, w, diff, kept = s.keep
            s.keep = (sector, w, diff, (*kept, o.force))
            if len(self._legal_keep(s)) <= 1:
                self._finish_keep(s, log)
        elif v == "done":
            self._done(s, log)
        elif v == "pass":
            self._pass(s, log)
        else:  # pragma: no cover
            raise AssertionError(v)
        if s.pending is None and s.chance is None:  # (else _advance has nothing to do)
            self._advance(s, log)

    def _done(self, s: BlastState, log: list[str]) -> None:
        p = s.pending
        s.pending = None
        if p == "dice":
            s.stage = "roll_end"
        elif p == "build":
            s.stage = "build_end"
        elif p == "move":
            if s.dice:
                log.append(f"{_SIDE_T[s.player]} cannot use "
                           + ", ".join(map(str, map(_FIRST, s.dice))) + ": lost")
                s.dice = ()
            s.stage = "move_end"
        elif p == "attack":
            s.stage = "defend"
        elif p == "keep":
            self._finish_keep(s, log)
        elif p == "end":
            s.stage = "next"
        else:  # pragma: no cover
            raise AssertionError(p)

    def _pass(self, s: BlastState, log: list[str]) -> None:
        p = s.pending
        s.pending = None
        if p == "espionage":
            s.stage = "draw"
        elif p == "jam":
            s.stage = "move"
        elif p == "defend":
            s.stage = "resolve"
        else:  # pragma: no cover
            raise AssertionError(p)

    def _discard_card(self, s: BlastState, p: int, card: str) -> None:
        s.hands = _set(s.hands, p, remove_one(s.hands[p], card))
        s.vortex = _add_sorted(s.vortex, card)

    def _to_play(self, s: BlastState, p: int, card: str) -> None:
        s.hands = _set(s.hands, p, remove_one(s.hands[p], card))
        s.play = (*s.play, card)

    def _play(self, s: BlastState, o: Order, log: list[str]) -> None:
        c, p = o.card, s.actor
        who = _SIDE_T[p]
        if c == "Espionage":
            self._to_play(s, p, c)
            s.spy = p
            log.append(f"{who} plays Espionage: sees the {_SIDE_T[1 - p]} hand this turn")
            s.pending = None
            s.stage = "draw"
        elif c == "Jam Transmission":
            self._to_play(s, p, c)
            s.pins = _add_sorted(s.pins, (o.sector, o.force))
            log.append(f"{who} plays Jam Transmission: the unit of force {o.force} on "
                       f"sector {o.sector} cannot move this turn")
            held = "Jam Transmission" in s.hands[p] or self.rules.windows == "always"
            if not held or not self._movable_units(s, s.player):  # (as for the build)
                s.pending = None
                s.stage = "move"
        elif c in DICE_BONUS:
            self._discard_card(s, p, c)
            s.dice = _modify_die(s.dice, o.die, DICE_BONUS[c])
            log.append(f"{who} plays {c}: the {o.die} becomes {o.die + DICE_BONUS[c]}")
            s.pending = None
            s.stage = "dice"
        elif c == "Hold Position":
            self._discard_card(s, p, c)
            s.dice = remove_one(s.dice, _pick_die(s.dice, o.die))
            log.append(f"{who} plays Hold Position: the {o.die} is not used")
            s.pending = None
            s.stage = "dice"
        elif c == "Battle Computers":
            self._discard_card(s, p, c)
            log.append(f"{who} plays Battle Computers: the {o.die} is rerolled")
            s.pending = None
            s.stage = "dice"
            s.chance = ("reroll", o.die)
        elif c == "Hyper Jump":
            self._discard_card(s, p, c)
            log.append(f"{who} plays Hyper Jump: a third die is rolled")
            s.pending = None
            s.stage = "dice"
            s.chance = ("hyper",)
        elif c == "Space Combat Tactics":
            self._discard_card(s, p, c)
            log.append(f"{who} plays Space Combat Tactics")
            self._move(s, o.sector, o.force, o.die, -DIRECTIONS[p], log)
        elif c == "Strategic Move":
            self._discard_card(s, p, c)
            self._strategic(s, o.sector, o.die, log)
        elif c == "Defend the Homeworld":
            self._discard_card(s, p, c)
            self._defend(s, o.sector, o.force, log)
        elif c in ATTACK or c in DEFENCE:
            self._to_play(s, p, c)
            sector, ab, db, ac, dc, ar, dr = s.fight
            attack = c in ATTACK
            bonus = FIGHT_BONUS[c]
            if attack:
                s.fight = (sector, ab + bonus, db, (*ac, c), dc, ar, dr)
            else:
                s.fight = (sector, ab, db + bonus, ac, (*dc, c), ar, dr)
            log.append(f"{who} plays {c}" + (f" (+{bonus} Force)" if bonus else ""))
            s.pending = None
            s.stage = "attack" if attack else "defend"
            if c in data.D6_CARDS:
                s.chance = ("d6", "attack" if attack else "defence")
        elif c == "Major Offensive":
            self._discard_card(s, p, c)
            s.extra += 1
            s.mo_left = 2
            log.append(f"{who} plays Major Offensive: another turn after this one "
                       "(discarding two cards)")
            self._decide(s, "offensive", p)
        else:  # pragma: no cover
            raise AssertionError(c)

    def _move(self, s: BlastState, sec: int, f: int, die: int, direction: int,
              log: list[str]) -> None:
        p = s.player
        y = (sec - 1 + direction * die) % SECTORS + 1  # dest(sec, die, direction)
        units = s.units
        own = list(units[p])
        # The stacks without and with the unit: shared tuples (a stack is one of a few
        # hundred sorted tuples of forces), so a move makes no new stack.
        own[sec - 1] = remove_one(own[sec - 1], f)
        own[y - 1] = _add_sorted(own[y - 1], f)
        s.units = (tuple(own), units[1]) if p == 0 else (units[0], tuple(own))
        s.dice = remove_one(s.dice, _pick_die(s.dice, die))
        enemy = " (enemy units there)" if units[1 - p][y - 1] else ""
        back = " backwards" if direction != DIRECTIONS[p] else ""
        log.append(f"{_SIDE_T[p]} moves a unit of force {f} from sector "
                   f"{sec} to {y}{back} ({die}){enemy}")
        s.pending = None
        s.stage = "move"

    def _defend(self, s: BlastState, sec: int, f: int, log: list[str]) -> None:
        """Defend the Homeworld: the unit ``sec:f`` jumps home (ruling 7). A unit that
        landed on enemy units this turn stays bound: it uses no further die (a pin)."""
        p = s.player
        home = HOMEWORLDS[p]
        units = s.units
        s.units = _set(units, p, with_unit(without_unit(units[p], sec, f), home, f))
        log.append(f"{_SIDE_T[p]} plays Defend the Homeworld: the unit of force {f} on "
                   f"sector {sec} jumps to {PLANETS[home]}")
        if _landed_on_enemies(units, p, sec):
            r = s.rare
            s.rare = r._replace(pins=_add_sorted(r.pins, (home, f)),
                                bound=_add_sorted(r.bound, (home, f)))
        s.pending = None
        s.stage = "move"

    def _strategic(self, s: BlastState, sec: int, die: int, log: list[str]) -> None:
        p = s.player
        y = dest(sec, die, DIRECTIONS[p])
        own = s.units[p]
        stack = list(own[sec - 1])
        pinned = [f for (ps, f) in s.pins if ps == sec]
        for f in pinned:
            stack.remove(f)
        board = list(own)
        board[sec - 1] = tuple(sorted(pinned))
        board[y - 1] = tuple(sorted((*board[y - 1], *stack)))
        s.units = _set(s.units, p, tuple(board))
        s.dice = remove_one(s.dice, _pick_die(s.dice, die))
        log.append(f"{_SIDE_T[p]} plays Strategic Move: units {_units_text(stack)} move from "
                   f"sector {sec} to {y} ({die})")
        s.pending = None
        s.stage = "move"

    # ------------------------------------------------------------------ fights
    def _start_fight(self, s: BlastState, sector: int, log: list[str]) -> None:
        a = s.player
        log.append(f"Fight on sector {sector}: {_SIDE_T[a]} "
                   f"{_units_text(s.units[a][sector - 1])} against {_SIDE_T[1 - a]} "
                   f"{_units_text(s.units[1 - a][sector - 1])}")
        s.fight = (sector, 0, 0, (), (), (), ())
        s.stage = "attack"

    def _resolve_fight(self, s: BlastState, log: list[str]) -> None:
        sector, ab, db, ac, dc, _ar, _dr = s.fight
        a = s.player
        d = 1 - a
        i = sector - 1
        at = sum(s.units[a][i]) + ab
        dt = sum(s.units[d][i]) + db
        for card in (*ac, *dc):
            s.play = remove_one(s.play, card)
            s.vortex = _add_sorted(s.vortex, card)
        s.fight = None
        if at > dt:
            w, diff = a, at - dt
        elif dt > at:
            w, diff = d, dt - at
        else:
            tie = self.rules.tie
            if tie == "both_destroyed":
                log.append(f"Sector {sector}: {at} against {dt}, a tie: both sides are "
                           "destroyed")
                for p in (a, d):
                    self._destroy(s, p, sector)
                s.last_fight = (sector, at, dt, None)
                s.stage = "fights"
                return
            w, diff = (d, 0) if tie == "defender" else (a, 0)
        log.append(f"Sector {sector}: {_SIDE_T[a]} {at} against {_SIDE_T[d]} {dt}: "
                   f"{_SIDE_T[w]} wins" + (" the tie" if at == dt else f" by {diff}"))
        self._destroy(s, 1 - w, sector)
        s.last_fight = (sector, at, dt, w)
        mine = s.units[w][i]
        s.keep = (sector, w, diff, ())
        if sum(mine) <= diff or len(mine) == 1:
            s.keep = (sector, w, diff, mine)
            self._finish_keep(s, log)
        else:
            self._decide(s, "keep", w)

    def _destroy(self, s: BlastState, p: int, sector: int) -> None:
        stack = s.units[p][sector - 1]
        if not stack:
            return
        board = s.units[p]
        board = (*board[:sector - 1], (), *board[sector:])
        s.units = _set(s.units, p, board)
        s.scrap = _set(s.scrap, p, tuple(sorted((*s.scrap[p], *stack))))

    def _finish_keep(self, s: BlastState, log: list[str]) -> None:
        sector, w, _, kept = s.keep
        lost = list(s.units[w][sector - 1])
        for f in kept:
            lost.remove(f)
        kept_t = tuple(sorted(kept))
        board = s.units[w]
        s.units = _set(s.units, w, (*board[:sector - 1], kept_t, *board[sector:]))
        if lost:
            s.scrap = _set(s.scrap, w, tuple(sorted((*s.scrap[w], *lost))))
            log.append(f"{_SIDE_T[w]} keeps {_units_text(kept_t)} on sector {sector}; "
                       f"{_units_text(lost)} go to the scrap heap")
        else:
            log.append(f"{_SIDE_T[w]} keeps all its units on sector {sector}")
        s.keep = None
        s.pending = None
        s.stage = "fights"

    # ------------------------------------------------------------------ chance nodes
    def _chance(self, s: BlastState) -> tuple[Sequence[Any], Sequence[int]]:
        kind = s.chance[0]
        if kind == "draw":
            return s.deck.outcomes()
        if kind == "roll":
            return _ROLL2, _ROLL2_W
        return _D6, _D6_W

    def _determinize(self, s: BlastState, player: int | None, rng: random.Random) -> BlastState:
        """The other hand redrawn from the deck's unknown cards with it (the player's own
        hand stays; a hand the player sees through Espionage stays too)."""
        c = s.copy()
        hidden = [q for q in range(2) if q != player and s.spy != player]
        c.deck, c.hands = redeal(s.deck, s.hands, hidden, rng)
        return c

    def _outcome_text(self, outcome: Any) -> str:
        if isinstance(outcome, tuple):
            return f"rolled {outcome[0]} and {outcome[1]}"
        if isinstance(outcome, int):
            return f"rolled {outcome}"
        return str(outcome)

    def _resolve(self, s: BlastState, outcome: Any, log: list[str]) -> None:
        kind = s.chance
        s.chance = None
        k = kind[0]
        if k == "draw":
            s.deck = _taken(s.deck, outcome)
            self._drawn(s, outcome, log)
        elif k == "roll":
            self._rolled(s, outcome, log)
        elif k == "reroll":
            old = kind[1]
            s.dice = _add_sorted(remove_one(s.dice, (old, 0, 0)), (outcome, 0, 0))
            s.faces = tuple(sorted((*remove_one(s.faces, old), outcome)))
            log.append(f"{_SIDE_T[s.player]} rerolls the {old}: {outcome}")
        elif k == "hyper":
            s.dice = _add_sorted(s.dice, (outcome, 0, 1))
            log.append(f"{_SIDE_T[s.player]} rolls a third die: {outcome}")
        elif k == "d6":
            sector, ab, db, ac, dc, ar, dr = s.fight
            if kind[1] == "attack":
                s.fight = (sector, ab + outcome, db, ac, dc, (*ar, outcome), dr)
            else:
                s.fight = (sector, ab, db + outcome, ac, dc, ar, (*dr, outcome))
            log.append(f"1D6 for {'Surprise Attack' if kind[1] == 'attack' else 'Ambush'}: "
                       f"+{outcome} Force")
        else:  # pragma: no cover
            raise AssertionError(kind)
        self._advance(s, log)

    def _drawn(self, s: BlastState, card: str, log: list[str]) -> None:
        draws = s.draws
        p = draws[0]
        s.draws = draws[1:]
        hands = s.hands
        hand = hands[p]
        i = bisect_right(hand, card)
        hand = (*hand[:i], card, *hand[i:])
        s.hands = (hand, hands[1]) if p == 0 else (hands[0], hand)
        if s.phase != "setup":
            log.append(_DRAWS_TEXT[p])

    def _rolled(self, s: BlastState, pair: tuple[int, int], log: list[str]) -> None:
        s.faces = pair
        s.dice = ((pair[0], 0, 0), (pair[1], 0, 0))
        log.append(_ROLLS_TEXT[s.player][pair])

    # ------------------------------------------------------------------ the turn
    def _draw_next(self, s: BlastState, log: list[str]) -> bool:
        """Draw the next card of ``s.draws``; True when a chance node is now pending."""
        if not s.deck.unknown and not s.deck.known:
            if s.vortex:
                # The empty deck is shared with the past (copy-on-write): a new one, as
                # ``deck.add(s.vortex)`` would fill it.
                s.deck = Deck(Counter(s.vortex))
                log.append(f"The deck is empty: the vortex ({len(s.vortex)} cards) is "
                           "shuffled into a new deck")
                s.vortex = ()
            else:
                log.append("No cards left to draw: deck and vortex are empty")
                s.draws = ()
                return False
        if len(s.deck.counts) == 1:  # one kind of card left (one outcome): no chance node
            name = next(iter(s.deck.counts))
            s.deck = _taken(s.deck, name)
            self._drawn(s, name, log)
            return False
        s.chance = _DRAW_CHANCE
        return True

    def _advance(self, s: BlastState, log: list[str]) -> None:
        """Run automatic steps until a decision, a chance node or the end.

        The stages run in turn order; each block either stops (a decision, with
        ``s.stage`` left at that stage, or a chance node) or hands on to the next block in
        the same pass, so a turn without decisions costs few loop rounds. The blocks are
        grouped (``_TURN_START`` ...) so that a step resuming at a later stage skips the
        earlier ones with one test. A phase ends with ruling 10's check (``_phase_end``),
        called only when a side has units on all four planets (it can win only then)."""
        always = self.rules.windows == "always"
        while s.pending is None and s.chance is None:
            st = s.stage
            a = s.player
            d = 1 - a
            if st in _TURN_START:  # each of these blocks returns or continues
                if st == "turn":
                    s.phase = "draw"
                    r = s.rare
                    if r.pins or r.spy is not None or r.rebuilt:
                        s.rare = r._replace(pins=(), bound=(), spy=None, rebuilt=False)
                    s.faces = ()
                    s.dice = ()
                    log.append(f"Turn {r.turn}: {_SIDE_T[a]}")
                    st = "espionage"
                if st == "espionage":
                    if always or ("Espionage" in s.hands[d] and s.rare.spy is None):
                        self._decide(s, "espionage", d)
                        return
                    st = "draw"
                if st == "draw":
                    s.draws = _DRAWS[a]
                    st = "drawing"
                if st == "drawing":
                    if s.draws:
                        s.stage = "drawing"
                        if len(s.deck.counts) > 1:  # a chance node (_draw_next's case)
                            s.chance = _DRAW_CHANCE
                            return
                        self._draw_next(s, log)
                        continue
                    st = "limit"
                if st == "limit":
                    own, opp = s.units[a], s.units[d]
                    h = _HOME_INDEX[a]
                    lim = HAND_BASE
                    if own[7] and not opp[7]:  # Nimrod
                        lim += 1
                    if own[21] and not opp[21]:  # Cygnus-7
                        lim += 1
                    if not own[h] or opp[h]:  # without one's own homeworld
                        lim -= 2
                    if len(s.hands[a]) > lim:
                        log.append(f"{_SIDE_T[a]} holds {len(s.hands[a])} cards, over the "
                                   f"limit of {lim}")
                        self._decide(s, "discard", a)
                        return
                    u0, u1 = s.units
                    if (((u0[0] and u0[7] and u0[14] and u0[21])
                         or (u1[0] and u1[7] and u1[14] and u1[21])) and self._phase_end(s, log)):
                        return
                    s.phase = "roll"
                    s.chance = _ROLL_CHANCE
                    s.stage = "dice"
                    return
                if st == "roll":  # a scenario starting before the roll
                    s.phase = "roll"
                    s.chance = _ROLL_CHANCE
                    s.stage = "dice"
                    return
            if st in _ROLL_TO_JAM:
                if st == "dice":
                    if always or (not _DICE_WINDOW.isdisjoint(s.hands[a])
                                  and self._dice_window_open(s)):
                        s.pending = "dice"  # self._decide(s, "dice", a), written out
                        s.actor = a
                        s.stage = "dice"
                        return
                    st = "roll_end"
                if st == "roll_end":
                    u0, u1 = s.units
                    if (((u0[0] and u0[7] and u0[14] and u0[21])
                         or (u1[0] and u1[7] and u1[14] and u1[21])) and self._phase_end(s, log)):
                        return
                    st = "build"
                if st == "build":
                    s.phase = "build"
                    faces = s.faces  # (doubles or Reinforcements first: no call mostly)
                    if always or (s.rare.scrap[a]
                                  and ("Reinforcements" in s.hands[a]
                                       or (len(faces) == 2 and faces[0] == faces[1]))
                                  and self._build_options(s)):
                        self._decide(s, "build", a)
                        return
                    st = "build_end"
                if st == "build_end":
                    u0, u1 = s.units
                    if (((u0[0] and u0[7] and u0[14] and u0[21])
                         or (u1[0] and u1[7] and u1[14] and u1[21])) and self._phase_end(s, log)):
                        return
                    st = "jam"
                if st == "jam":
                    s.phase = "move"
                    if always or ("Jam Transmission" in s.hands[d] and self._has_movable(s, a)):
                        self._decide(s, "jam", d)
                        return
                    st = "move"
            if st in _MOVE_TO_RESOLVE:
                if st == "move":
                    s.phase = "move"
                    # Some die can be used (under either reading of use_dice: a movable
                    # unit can always use a die, board.max_usable > 0).
                    if not s.dice:
                        movable = False
                    elif s.rare.pins:
                        movable = self._has_movable(s, a)
                    else:  # _has_movable, written out: own units on a sector without enemies
                        movable = not all(compress(s.units[d], s.units[a]))
                    if movable:
                        s.pending = "move"  # self._decide(s, "move", a), written out
                        s.actor = a
                        s.stage = "move"
                        return
                    if always or "Defend the Homeworld" in s.hands[a]:
                        self._decide(s, "move", a)
                        return
                    if s.dice:
                        log.append(f"{_SIDE_T[a]} cannot use "
                                   + ", ".join(map(str, map(_FIRST, s.dice))) + ": lost")
                        s.dice = ()
                    st = "move_end"
                if st == "move_end":
                    r = s.rare
                    if r.pins:  # a unit is jammed or bound for the move phase only
                        s.rare = r._replace(pins=(), bound=())
                    u0, u1 = s.units
                    if (((u0[0] and u0[7] and u0[14] and u0[21])
                         or (u1[0] and u1[7] and u1[14] and u1[21])) and self._phase_end(s, log)):
                        return
                    st = "fights"
                if st == "fights":
                    s.phase = "fight"
                    # (any(compress(...)): a sector holding both sides, without a call)
                    u0, u1 = s.units
                    contested = any(compress(u1, u0)) and self._contested(s)
                    if contested:
                        if len(contested) > 1:
                            self._decide(s, "fight", a)
                            return
                        self._start_fight(s, contested[0] + 1, log)
                        st = "attack"
                    else:
                        st = "fight_end"
                if st == "attack":
                    if always or not ATTACK.isdisjoint(s.hands[a]):
                        self._decide(s, "attack", a)
                        return
                    st = "defend"
                if st == "defend":
                    if always or not DEFENCE.isdisjoint(s.hands[d]):
                        self._decide(s, "defend", d)
                        return
                    st = "resolve"
                if st == "resolve":
                    s.stage = "resolve"
                    self._resolve_fight(s, log)
                    continue
            if st in _TURN_END:
                if st == "fight_end":
                    u0, u1 = s.units
                    if (((u0[0] and u0[7] and u0[14] and u0[21])
                         or (u1[0] and u1[7] and u1[14] and u1[21])) and self._phase_end(s, log)):
                        return
                    st = "end"
                if st == "end":
                    hand = s.hands[a]
                    if always or ("Major Offensive" in hand and len(hand) >= 3):
                        self._decide(s, "end", a)
                        return
                    st = "next"
                if st == "next":
                    # One new ``rare``: cards in play to the vortex, pins and Espionage over,
                    # the turn counted, a Major Offensive's extra turn taken.
                    scrap, play, rebuilt, _, _, _, fight, keep, last, extra, mo, win, turn = s.rare
                    if play:
                        s.vortex = tuple(sorted(s.vortex + play))
                    s.dice = ()
                    if turn >= self.rules.max_turns:
                        s.rare = _new_rare(_Rare, (scrap, (), rebuilt, (), (), None, fight,
                                                   keep, last, extra, mo, win, turn))
                        s.phase = "over"
                        s.stage = "over"
                        log.append(f"Turn {turn} was the last (max_turns): the game is a draw")
                        return
                    if extra:
                        extra -= 1
                        log.append(f"{_SIDE_T[a]} takes another turn (Major Offensive)")
                    else:
                        s.player = d
                    s.rare = _new_rare(_Rare, (scrap, (), rebuilt, (), (), None, fight, keep,
                                               last, extra, mo, win, turn + 1))
                    s.stage = "turn"
                    continue
            if st == "deal":
                if s.draws:
                    self._draw_next(s, log)
                else:
                    log.append("Each side has 5 cards; every unit is on its homeworld")
                    s.stage = "turn"
                continue
            if st == "over":
                return
            raise AssertionError(st)  # pragma: no cover

    def _has_movable(self, s: BlastState, p: int) -> bool:
        """``p`` has a unit that may move (not jammed, not on an enemy sector)."""
        own, opp, pins = s.units[p], s.units[1 - p], s.rare.pins
        if not pins:  # a sector with own units and no enemy units (a C loop)
            return not all(compress(opp, own))
        for i in range(SECTORS):
            st = own[i]
            if st and not opp[i] and len(st) > sum(1 for sec, _ in pins if sec == i + 1):
                return True
        return False

    def _decide(self, s: BlastState, pending: str, actor: int) -> None:
        s.pending = pending
        s.actor = actor
        s.stage = _STAGE_OF[pending]

    def _phase_end(self, s: BlastState, log: list[str]) -> bool:
        """Ruling 10: a player controlling all four planets at the end of a phase wins."""
        units = s.units
        for p in (s.player, 1 - s.player):
            mine, theirs = units[p], units[1 - p]
            if (mine[0] and mine[7] and mine[14] and mine[21] and not theirs[0]
                    and not theirs[7] and not theirs[14] and not theirs[21]):
                s.winner = p
                s.phase = "over"
                s.stage = "over"
                s.pending = None
                log.append(f"{data.SIDE_NAMES[SIDES[p]]} controls all four planets and wins")
                return True
        return False

    # ------------------------------------------------------------------ views
    def _view(self, s: BlastState, player: int | None) -> dict[str, Any]:
        units = s.units
        sectors = []
        for i in range(SECTORS):
            t, e = units[0][i], units[1][i]
            ctrl = "terran" if t and not e else "empire" if e and not t else None
            sectors.append({"sector": i + 1, "planet": PLANETS.get(i + 1),
                            "terran": list(t), "empire": list(e), "control": ctrl})
        fight = None
        if s.fight is not None:
            sector, ab, db, ac, dc, ar, dr = s.fight
            a = s.player
            fight = {
                "sector": sector, "attacker": SIDES[a], "defender": SIDES[1 - a],
                "attacker_force": sum(units[a][sector - 1]),
                "defender_force": sum(units[1 - a][sector - 1]),
                "attack_bonus": ab, "defence_bonus": db,
                "attack_cards": list(ac), "defence_cards": list(dc),
                "attack_rolls": list(ar), "defence_rolls": list(dr),
                "attacker_total": sum(units[a][sector - 1]) + ab,
                "defender_total": sum(units[1 - a][sector - 1]) + db,
            }
        keep = None
        if s.keep is not None:
            sector, w, diff, kept = s.keep
            keep = {"sector": sector, "winner": SIDES[w], "difference": diff,
                    "kept": list(kept), "units": list(units[w][sector - 1])}
        last = None
        if s.last_fight is not None:
            sector, at, dt, w = s.last_fight
            last = {"sector": sector, "attacker_total": at, "defender_total": dt,
                    "winner": None if w is None else SIDES[w]}
        v: dict[str, Any] = {
            "sides": list(SIDES),
            "to_move": SIDES[s.player],
            "actor": SIDES[s.actor] if s.pending else None,
            "decision": s.pending,
            "chance": s.chance[0] if s.chance else None,
            "sectors": sectors,
            "planets": {name: {"sector": sec, "control": sectors[sec - 1]["control"]}
                        for sec, name in PLANETS.items()},
            "homeworlds": {SIDES[p]: HOMEWORLDS[p] for p in (0, 1)},
            "planets_held": [planets_held(units, 0), planets_held(units, 1)],
            "scrap": {SIDES[p]: list(s.scrap[p]) for p in (0, 1)},
            "hand_sizes": [len(s.hands[0]), len(s.hands[1])],
            "hand_limits": [hand_limit(units, 0), hand_limit(units, 1)],
            "deck_size": len(s.deck),
            "vortex": dict(sorted(Counter(s.vortex).items())),
            "vortex_size": len(s.vortex),
            "in_play": list(s.play),
            "rolled": list(s.faces),
            "doubles": len(s.faces) == 2 and s.faces[0] == s.faces[1],
            "dice": [x[0] for x in s.dice],
            "jammed": [list(pin) for pin in _jammed(s.rare)],
            "espionage": SIDES[s.spy] if s.spy is not None else None,
            "fight": fight,
            "keep": keep,
            "last_fight": last,
            "extra_turns": s.extra,
            "discards_left": s.mo_left,
            "max_turns": self.rules.max_turns,
            "winner_side": SIDES[s.winner] if s.winner is not None else None,
        }
        if player is not None:
            v["side"] = SIDES[player]
            v["hand"] = list(s.hands[player])
            if s.spy == player:
                v["opponent_hand"] = list(s.hands[1 - player])
        return v

    # ------------------------------------------------------------------ odds & checks
    def reach_odds(self, sector: int, *, cards: bool = False) -> dict[tuple[int, int], Any]:
        """``bg.blast.reach_odds(self, sector, cards=cards)``."""
        from .odds import reach_odds

        return reach_odds(self, sector, cards=cards)

    def fight_odds(self, sector: int | None = None) -> Any:
        """Exact odds of the fight in progress (or of the fight on ``sector``) with the
        cards played so far: ``Dist`` over ``"attacker"`` / ``"defender"``."""
        from .odds import fight_odds_of_game

        return fight_odds_of_game(self, sector)

    def invariants(self) -> list[str]:
        """Broken invariants of the current position (empty when all hold)."""
        from .checks import invariants

        return invariants(self)


def _landed_on_enemies(units: tuple[Any, Any], p: int, sector: int) -> bool:
    """``p``'s units on ``sector`` landed on enemy units this turn: in the move phase a
    sector holds both sides only after a move onto enemy units (fights resolve them all
    before the next turn, and a set-up may not hold both sides outside the fight phase)."""
    return bool(units[1 - p][sector - 1])


def _jammed(r: _Rare) -> tuple[tuple[int, int], ...]:
    """The pins of Jam Transmission: ``pins`` without the ``bound`` units."""
    if not r.bound:
        return r.pins
    pins = list(r.pins)
    for unit in r.bound:
        pins.remove(unit)
    return tuple(pins)


class _Reach:
    """What ``use_dice="maximum"`` weighs a move with (ruling 7): the sectors of the movable
    units (one entry per unit), the sectors holding enemy units, and ``need``, how many
    of the dice plain moves can use (``board.max_usable``)."""

    __slots__ = ("blocked", "memo", "movable", "need", "player")

    def __init__(self, movable: tuple[int, ...], values: tuple[int, ...],
                 blocked: frozenset[int], player: int) -> None:
        self.movable = movable
        self.blocked = blocked
        self.player = player
        self.need = max_usable(movable, values, blocked, player)
        self.memo: dict[tuple[Any, ...], int] = {}

    def after(self, sec: int, y: int, k: int, dice: tuple[int, ...]) -> int:
        """How many of ``dice`` plain moves can use once ``k`` movable units have gone
        from ``sec`` to ``y`` (a unit landing on enemy units moves no further)."""
        if len(self.movable) - k >= len(dice):  # a unit for each die: all are usable
            return len(dice)
        key = (sec, y, k, dice)
        got = self.memo.get(key)
        if got is None:
            after = list(self.movable)
            for _ in range(k):
                after.remove(sec)
            if y not in self.blocked:
                after.extend([y] * k)
            got = self.memo[key] = max_usable(tuple(after), dice, self.blocked, self.player)
        return got


# ---------------------------------------------------------------------- move orders
@cache
def move_order(sector: int, force: int, die: int) -> Order:
    """The ``move sector:force by die`` order (one object per notation)."""
    return order("move", "", sector, force, die)


@cache
def card_order(card: str, sector: int, force: int, die: int) -> Order:
    """``play card on sector:force by die`` (force 0: on a sector; die 0: no die)."""
    return order("play", card, sector, force, die)


def _movable_count(s: BlastState, p: int) -> int:
    """How many of ``p``'s units may move (not jammed or bound, not on a sector holding
    enemy units): ``len(_movable_sectors(s, p))`` with C loops."""
    own, opp = s.units[p], s.units[1 - p]
    n = sum(map(len, compress(own, map(not_, opp))))
    for sec, _ in s.rare.pins:
        if not opp[sec - 1]:
            n -= 1
    return n


def _sort_unique(out: list[Order]) -> tuple[Order, ...]:
    """``tuple(sorted(set(out), key=str))``, with C calls only (orders are equal when their
    notations are)."""
    by_text = dict(zip(map(_TEXT, out), out, strict=False))  # (equal lengths: one list)
    return tuple(map(by_text.__getitem__, sorted(by_text)))


_PLAY_ORDER = {c: order("play", c) for c in BY_NAME}


# ---------------------------------------------------------------------- the deck
def _taken(deck: Deck, name: str) -> Deck:
    """A new deck: ``deck`` without one unknown ``name`` (a state's deck is shared with
    the states before it, copy-on-write: never changed)."""
    new = deck.copy()
    new.take_unknown(name)
    return new


# ---------------------------------------------------------------------- dice helpers
def _pick_die(dice: tuple[tuple[int, int, int], ...], value: int) -> tuple[int, int, int]:
    """The die showing ``value`` a card acts on: one that could not be rerolled (modified
    or the Hyper Jump die) first, so a die Battle Computers could reroll stays so."""
    best = None
    for die in dice:
        if die[0] == value:
            if die[1] or die[2]:
                return die
            best = die
    if best is None:
        raise InvalidActionError(str(value), f"no die shows {value}")
    return best


def _modify_die(dice: tuple[tuple[int, int, int], ...], value: int,
                bonus: int) -> tuple[tuple[int, int, int], ...]:
    die = _pick_die(dice, value)
    return _add_sorted(remove_one(dice, die), (die[0] + bonus, die[1] + bonus, die[2]))


# ---------------------------------------------------------------------- scenarios
_PHASE_STAGE = {"draw": "turn", "roll": "roll", "build": "build", "move": "jam",
                "fight": "fights"}


def _int(x: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(x, str) and x.strip().isdigit():
        x = int(x)
    if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
        raise ValueError(f"{what} must be an int in [{lo}, {hi}], not {x!r}")
    return x


def _forces(x: Any, what: str) -> list[int]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a list of forces 1..5, not {x!r}")
    return sorted((_int(f, what, 1, 5) for f in x), reverse=True)


def _sides_map(x: Any, what: str) -> dict[str, Any]:
    if x is None:
        return {}
    if not isinstance(x, Mapping):
        raise ValueError(f"{what} must map 'terran' / 'empire' to lists, not {x!r}")
    bad = sorted(str(k) for k in x if k not in SIDES)
    if bad:
        raise ValueError(f"{what}: unknown side(s) {bad}; sides: 'terran', 'empire'")
    return dict(x)


def _check_scenario(spec: Any) -> dict[str, Any]:
    """Validate a scenario and return its canonical, JSON-safe form."""
    if not isinstance(spec, Mapping):
        raise ValueError("scenario must be a dict")
    keys = ("units", "scrap", "hands", "deck", "vortex", "to_move", "phase", "dice", "turn")
    extra = sorted(set(spec) - set(keys))
    if extra:
        raise ValueError(f"unknown scenario keys {extra}")
    units_in = spec.get("units")
    units: dict[str, dict[str, list[int]]] = {}
    if units_in is None:
        units = {str(HOMEWORLDS[p]): {SIDES[p]: sorted(data.army_forces(SIDES[p]),
                                                       reverse=True)} for p in (0, 1)}
        units = dict(sorted(units.items(), key=lambda kv: int(kv[0])))
    else:
        if not isinstance(units_in, Mapping):
            raise ValueError("scenario units must map sectors to {'terran': [...], "
                             "'empire': [...]}")
        seen: dict[int, dict[str, list[int]]] = {}
        for k, sides in units_in.items():
            sec = _int(k, "a sector", 1, SECTORS)
            if sec in seen:
                raise ValueError(f"sector {sec} is given twice")
            stack = {side: _forces(f, f"units on sector {sec} ({side})")
                     for side, f in _sides_map(sides, f"units on sector {sec}").items()}
            seen[sec] = {side: stack[side] for side in SIDES if stack.get(side)}
        units = {str(sec): seen[sec] for sec in sorted(seen) if seen[sec]}
    scrap_in = spec.get("scrap")
    scrap = None
    if scrap_in is not None:
        sm = _sides_map(scrap_in, "scrap")
        scrap = {side: _forces(sm.get(side, []), f"scrap ({side})") for side in SIDES}
    for side in SIDES:
        army = Counter(data.army_forces(side))
        placed = Counter(f for st in units.values() for f in st.get(side, []))
        over = placed - army
        if over:
            raise ValueError(f"the {side} army has no more units of force "
                             f"{sorted(over)} to place (it has one 5, two 4s, three 3s, "
                             "four 2s, five 1s)")
        if scrap is not None and placed + Counter(scrap[side]) != army:
            raise ValueError(f"{side}: units on the board and in the scrap heap must be "
                             f"exactly the 15 units of the army (missing "
                             f"{sorted((army - placed - Counter(scrap[side])).elements())}, "
                             f"extra {sorted((placed + Counter(scrap[side]) - army).elements())})")
    hm = _sides_map(spec.get("hands"), "hands")
    hands = {}
    for side in SIDES:
        h = hm.get(side, [])
        if isinstance(h, (str, bytes)) or not isinstance(h, Iterable):
            raise ValueError(f"hands[{side!r}] must be a list of card names")
        h = sorted(h)
        for c in h:
            if c not in BY_NAME:
                raise ValueError(f"unknown Blast card {c!r}")
        hands[side] = h
    deck = _cards(spec.get("deck"), "deck")
    vortex = _cards(spec.get("vortex"), "vortex")
    used = Counter(hands["terran"]) + Counter(hands["empire"]) + Counter(deck or []) \
        + Counter(vortex or [])
    for c, n in used.items():
        if n > data.COPIES:
            raise ValueError(f"the deck has {data.COPIES} {c}, the scenario uses {n}")
    if deck is not None and vortex is not None and sum(used.values()) != 50:
        raise ValueError(f"hands, deck and vortex hold {sum(used.values())} cards, not 50")
    to_move = spec.get("to_move", "empire")
    if to_move not in SIDES:
        raise ValueError(f"to_move must be 'terran' or 'empire', not {to_move!r}")
    phase = spec.get("phase", "draw")
    if phase not in _PHASE_STAGE:
        raise ValueError(f"scenario phase must be one of {list(_PHASE_STAGE)}, not {phase!r}")
    dice_in = spec.get("dice")
    dice = None
    if dice_in is not None:
        if isinstance(dice_in, (str, bytes)) or not isinstance(dice_in, Iterable):
            raise ValueError(f"dice must be a list of die values, not {dice_in!r}")
        dice = sorted(_int(x, "a die", 1, 6 if phase in ("roll", "build") else 30)
                      for x in dice_in)
        if phase in ("roll", "build") and len(dice) != 2:
            raise ValueError(f"the {phase} phase needs the two rolled dice, not {dice_in!r}")
        if phase == "move" and not 1 <= len(dice) <= 4:
            raise ValueError(f"the move phase needs 1 to 4 dice, not {dice_in!r}")
        if phase in ("draw", "fight"):
            raise ValueError(f"no dice are rolled yet in the {phase} phase")
    elif phase in ("build", "move"):
        raise ValueError(f"give dice=[a, b] for a scenario in the {phase} phase")
    if phase != "fight":
        both = [k for k, st in units.items() if len(st) == 2]
        if both:
            raise ValueError(f"sector(s) {both} hold both sides: only possible in the "
                             "fight phase")
    turn = _int(spec.get("turn", 1), "turn", 1, 10**6)
    return {"units": units, "scrap": scrap, "hands": hands, "deck": deck, "vortex": vortex,
            "to_move": to_move, "phase": phase, "dice": dice, "turn": turn}


def _cards(x: Any, what: str) -> list[str] | None:
    if x is None:
        return None
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a list of card names")
    out = sorted(x)
    for c in out:
        if c not in BY_NAME:
            raise ValueError(f"unknown Blast card {c!r} in the {what}")
    return out


def _apply_scenario(s: BlastState, sc: dict[str, Any]) -> None:
    boards = [list(_EMPTY_BOARD), list(_EMPTY_BOARD)]
    for k, stack in sc["units"].items():
        for p in (0, 1):
            if SIDES[p] in stack:
                boards[p][int(k) - 1] = tuple(sorted(stack[SIDES[p]]))
    s.units = (tuple(boards[0]), tuple(boards[1]))
    scrap = []
    for p in (0, 1):
        side = SIDES[p]
        if sc["scrap"] is not None:
            scrap.append(tuple(sorted(sc["scrap"][side])))
        else:
            left = Counter(data.army_forces(side)) - Counter(f for st in boards[p] for f in st)
            scrap.append(tuple(sorted(left.elements())))
    s.scrap = (scrap[0], scrap[1])
    s.hands = (tuple(sc["hands"]["terran"]), tuple(sc["hands"]["empire"]))
    full = Counter(data.deck_counts())
    rest = full - Counter(s.hands[0]) - Counter(s.hands[1])
    if sc["deck"] is None:
        rest -= Counter(sc["vortex"] or [])
        s.deck = Deck(+rest)
        s.vortex = tuple(sc["vortex"] or [])
    else:
        s.deck = Deck(Counter(sc["deck"]))
        rest -= Counter(sc["deck"])
        s.vortex = tuple(sorted(rest.elements())) if sc["vortex"] is None \
            else tuple(sc["vortex"])
    s.draws = ()
    s.player = SIDES.index(sc["to_move"])
    s.actor = s.player
    s.turn = sc["turn"]
    phase = sc["phase"]
    s.stage = _PHASE_STAGE[phase]
    s.phase = "draw" if phase == "draw" else phase
    dice = sc["dice"]
    if dice is not None:
        if phase in ("roll", "build"):
            s.faces = (dice[0], dice[1])
            s.dice = ((dice[0], 0, 0), (dice[1], 0, 0))
            if phase == "roll":
                s.stage = "dice"
        else:
            s.faces = ()
            s.dice = tuple((v, 0, 0) for v in dice)
    if phase == "draw":
        s.stage = "turn"
