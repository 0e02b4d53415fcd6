"""Space Base: the state and its transitions (every rule of spacebase.txt and every Space
Base ruling of RULINGS.md; docs/rules/spacebase.md maps each one to code here).

A turn is driven by ``_advance``, which runs the automatic parts of the seven phases
(Production, skipping phases with nothing to decide) until the game needs a decision
from the player to move (``_to_move`` is that player) or a chance outcome (``s.chance``:
the meteor's cell, its damage, a draw).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import accumulate, repeat
from operator import attrgetter, is_
from sys import getrefcount as _getrefcount
from typing import Any

from ..core.deck import Deck, redeal
from ..core.errors import GameError, IllegalActionError
from ..core.game import _GAMMA, _M64, _MAX_STEPS, CHANCE, SOLE_HOLDER, Game, State, _freeze
from . import data
from .actions import Move
from .board import (
    DAMAGE,
    FIXED,
    NAMES,
    Board,
    BoardError,
    Cell,
    _cells,
    _kit,
    _neighbours,
    cell_text,
    cells_of,
    near,
    parse_cell,
)
from .rules import Rules

__all__ = ["CORNERS", "HAND_LIMIT", "PHASES", "SpaceBase", "SpaceBaseState"]

SIZE = 10
START_CREDITS = 50
HAND_LIMIT = 8  # "If a player has 9 or more cards in his hand he must discard down to 8 cards."
OUTPOST_REACH = 2
CORNERS: tuple[Cell, ...] = ((0, 0), (9, 9), (9, 0), (0, 9))
"""The corner of each player (2 players: opposite corners)."""
PHASES = ("setup", "transfer", "repair", "meteor", "production", "control", "draw", "build",
          "over")
CELLS: tuple[Cell, ...] = _cells(SIZE)  # the board's own cell objects, x-major
_CELL_SET = frozenset(CELLS)
_CELL_WEIGHTS = (1,) * len(CELLS)
_D10 = tuple(range(1, 11))
_D10_WEIGHTS = (1,) * 10
_SITE_CARDS = frozenset(c.name for c in data.CARD_LIST if c.kind != "action")
_NB = _neighbours(SIZE)
_INSTALL = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")
_INCOME = {c.name: c.income or 0 for c in data.CARD_LIST}
_DONE = Move.of("done")
_CANON = {c: c for c in CELLS}
_BOARD_VERBS = frozenset({"outpost", "move", "swap", "repair", "control", "place"})
_NOTATION = attrgetter("_text")  # a Move's notation, str(move), without a Python call
_CHECKPOINT = 32  # a full undo record every 32 steps, lazy ones between (``_before``)


def _outpost_cells(corner: Cell) -> tuple[Cell, ...]:
    return tuple(c for c in CELLS
                 if abs(c[0] - corner[0]) + abs(c[1] - corner[1]) <= OUTPOST_REACH)


_OUTPOST_CELLS = {k: _outpost_cells(k) for k in CORNERS}


class SpaceBaseState(State):
    """Everything about a Space Base position. Hands are sorted tuples of card names
    (``hands[p]``: hidden from the other players); ``peek`` = (looker, target) while a
    Control card's look at a hand is in progress: the one place where a hand is shown to
    another player.

    A copy shares the board, the deck and the discard pile with its original until a
    step changes them (copy-on-write): ``own`` says which of them this state owns
    (``OWN_BOARD``, ``OWN_DECK``, ``OWN_DISCARD``; :meth:`SpaceBase._mut`, :func:`_deck`
    and :func:`_discard` copy them first). It is bookkeeping, not position: equality and
    pickling leave it out."""

    __slots__ = (
        "board",
        "box",
        "chance",
        "credits",
        "dealt",
        "deck",
        "discard",
        "drawn",
        "hands",
        "last_income",
        "meteor",
        "own",
        "peek",
        "pending",
        "phase",
        "played",
        "player",
        "turn",
    )

    def copy(self) -> SpaceBaseState:
        c = object.__new__(SpaceBaseState)
        c.turn = self.turn
        c.phase = self.phase
        c.player = self.player
        c.board = self.board  # shared until a step changes it (``SpaceBase._mut``)
        c.hands = self.hands
        c.credits = self.credits
        c.deck = self.deck
        c.discard = self.discard
        c.own = 0
        c.box = self.box
        c.pending = self.pending
        c.chance = self.chance
        c.peek = self.peek
        c.played = self.played
        c.dealt = self.dealt
        c.drawn = self.drawn
        c.meteor = self.meteor
        c.last_income = self.last_income
        return c

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _EQ_SLOTS)

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        st = {n: getattr(self, n) for n in _EQ_SLOTS}
        d = self.deck  # without the deck's derived caches: equal states pickle equally
        st["deck"] = (tuple(sorted(d.counts.items())), tuple(d.known))
        st["discard"] = tuple(sorted(self.discard.items()))
        return st

    def __setstate__(self, st: dict[str, Any]) -> None:
        for n, v in st.items():
            setattr(self, n, v)
        counts, known = st["deck"]
        self.deck = Deck(dict(counts), known)
        self.discard = dict(st["discard"])
        self.own = OWN_DECK | OWN_DISCARD  # made just now: not shared


_EQ_SLOTS = tuple(n for n in SpaceBaseState.__slots__ if n != "own")
OWN_DECK = 1
OWN_DISCARD = 2
OWN_BOARD = 4


def _deck(s: SpaceBaseState) -> Deck:
    """The deck of ``s``, to change (copied first if shared with another state)."""
    if not s.own & OWN_DECK:
        s.deck = s.deck.copy()
        s.own |= OWN_DECK
    return s.deck


def _discard(s: SpaceBaseState) -> dict[str, int]:
    """The discard pile of ``s``, to change (copied first if shared)."""
    if not s.own & OWN_DISCARD:
        s.discard = s.discard.copy()
        s.own |= OWN_DISCARD
    return s.discard


def _who(p: int) -> str:
    return _WHO[p] if 0 <= p < 4 else f"Player {p}"


_WHO = tuple(f"Player {p}" for p in range(4))
_CELL_TEXT = {c: cell_text(c) for c in CELLS}
_METEOR_AT = {c: f"A meteor hits {cell_text(c)}" for c in CELLS}
_METEOR_TEXT = {c: f"meteor {cell_text(c)}" for c in CELLS}  # the chance outcome's text
_METEOR_EMPTY = {c: (c, 0, "empty space") for c in CELLS}
_METEOR_EMPTY_TEXT = {c: f"A meteor hits {cell_text(c)}: empty space, unaffected"
                      for c in CELLS}
_METEOR_UNAFFECTED = {c: (c, 0, "unaffected") for c in CELLS}
_METEOR_SHIELDED = {c: (c, 0, "shielded") for c in CELLS}
_METEOR_ROLLING = {c: (c, 0, "rolling damage") for c in CELLS}
_DAMAGE_NODE = {c: ("damage", c) for c in CELLS}
_DAMAGED = {c: tuple((c, d, "damaged") for d in range(11)) for c in CELLS}
_DAMAGE_TEXT = {d: f"{d} damage" for d in _D10}
_AFTER_DONE = {"transfer": "repair", "repair": "meteor", "control": "draw"}
_METEOR_NODE = ("meteor",)
_DRAW_NODE = ("draw",)
_BUILD_PENDING = {n: ("build", n) for n in _SITE_CARDS}  # shared s.pending records
_INCOME_PAIR = tuple(tuple((p, e) for e in range(64)) for p in range(4))  # s.last_income
_NCELLS = len(CELLS)
_TURN_TEXT: dict[int, str] = {}
_DRAW_TEXT: dict[int, str] = {}


def _draw_text(p: int, left: int) -> str:
    """``Player p draws a card (left left in the deck)``, memoised."""
    k = left * 4 + p
    text = _DRAW_TEXT.get(k)
    if text is None:
        if len(_DRAW_TEXT) >= 4096:
            _DRAW_TEXT.clear()
        text = _DRAW_TEXT[k] = f"{_WHO[p]} draws a card ({left} left in the deck)"
    return text


def _turn_text(t: int, p: int) -> str:
    """``Turn t: Player p`` (memoised: one text per turn number and player)."""
    k = t * 4 + p
    text = _TURN_TEXT.get(k)
    if text is None:
        if len(_TURN_TEXT) >= 4096:
            _TURN_TEXT.clear()
        text = _TURN_TEXT[k] = f"Turn {t}: {_who(p)}"
    return text


class SpaceBase(Game):
    """Space Base, for 2 to 4 players.

    ``bg.SpaceBase(players=2, seed=7, rules=Rules(...), auto_roll=True)``. See
    :meth:`scenario` to set up any position, ``board`` for the map (functionality,
    ``explain``, the networkx graphs) and :meth:`meteor_risk` for this turn's exact risk.
    """

    name = "spacebase"
    version = 1
    Action = Move
    Rules = Rules

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        players = options.pop("players", 2)
        scenario = options.pop("scenario", None)
        if options:
            raise TypeError(f"unexpected keyword(s) {sorted(options)} for SpaceBase")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ValueError(f"Space Base is for 2 to 4 players, not {players!r}")
        out: dict[str, Any] = {"players": players}
        self._n = players  # self.players, read on hot paths
        self._fast = _plain(type(self))  # the written-out step paths may be used
        if scenario is not None:
            self._options = out  # players is needed while checking the scenario
            out["scenario"] = _check_scenario(scenario, self)
        return out

    def _new_state(self) -> SpaceBaseState:
        s = object.__new__(SpaceBaseState)
        s.turn = 0
        s.phase = "setup"
        s.player = 0
        s.board = Board(volcano_adjacency=self.rules.volcano_adjacency)
        s.board._readonly = True
        s.hands = tuple(() for _ in range(self.players))
        s.credits = (START_CREDITS,) * self.players
        s.deck = Deck(data.deck_counts())
        s.discard = {}
        s.own = OWN_BOARD | OWN_DECK | OWN_DISCARD
        s.box = data.CARDS["Outpost"].count
        s.pending = None
        s.chance = None
        s.peek = None
        s.played = 0
        s.dealt = 0
        s.drawn = False
        s.meteor = None
        s.last_income = None
        sc = self._options.get("scenario")
        if sc is not None:
            _apply_scenario(self, s, sc)
        self._total = _cards(s)
        self._advance(s, self._log)  # the automatic steps of set-up head the log
        return s

    @classmethod
    def scenario(
        cls,
        *,
        players: int = 2,
        sites: dict[Any, tuple[str, int]] | None = None,
        damage: dict[Any, int] | None = None,
        hands: Sequence[Iterable[str]] | None = None,
        credits: Sequence[int] | None = None,
        deck: Iterable[str] | dict[str, int] | None = None,
        discard: Iterable[str] | dict[str, int] = (),
        phase: str = "transfer",
        current_player: int = 0,
        turn: int = 1,
        seed: int | None = None,
        auto_roll: bool = True,
        rules: Rules | None = None,
    ) -> SpaceBase:
        """A game set up in any position, for tests, lessons and what-ifs.

        sites
            ``{(x, y): (card name, owner)}``: every site on the map, Outposts included.
        damage
            ``{(x, y): points}`` on installations.
        hands, credits
            One list of card names / one number per player (default: empty hands, 50).
        deck
            ``None``: every card not placed elsewhere is in the deck, order unknown. A
            list: exactly these cards, top first, in that known order (draws are then
            fixed). A dict ``{name: count}``: exactly these cards, order unknown.
        discard
            Card names (or ``{name: count}``) in the discard pile.
        phase, current_player, turn
            Where the turn stands: ``"setup"`` (``current_player`` places an Outpost
            next), ``"transfer"``, ``"repair"``, ``"meteor"``, ``"production"``,
            ``"control"``, ``"draw"`` or ``"build"``.

        Unknown cards, more copies than the game has, Outposts anywhere but on the map,
        damage on a site that is not an installation, an empty deck: ``ValueError``.
        """
        def listed(x: Any) -> list[Any]:
            if isinstance(x, dict):
                return [[k, v] for k, v in x.items()]
            return list(x)

        spec = {
            "sites": [[*parse_cell(c, SIZE), *_pair(v)] for c, v in (sites or {}).items()],
            "damage": [[*parse_cell(c, SIZE), v] for c, v in (damage or {}).items()],
            "hands": None if hands is None else [list(h) for h in hands],
            "credits": None if credits is None else list(credits),
            "deck": (None if deck is None else dict(deck) if isinstance(deck, dict)
                     else list(deck)),
            "discard": listed(discard) if isinstance(discard, dict)
            else [[n, 1] for n in discard],
            "phase": phase,
            "current_player": current_player,
            "turn": turn,
        }
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, players=players,
                   scenario=spec)

    # ------------------------------------------------------------------ public helpers
    @property
    def board(self) -> Board:
        """The map of the current position (read-only: ``copy()`` it to experiment)."""
        return self._s.board

    def hand(self, player: int) -> tuple[str, ...]:
        """``player``'s hand (all-seeing: a player's view shows only their own)."""
        return self._s.hands[player]

    @property
    def credits(self) -> tuple[int, ...]:
        return self._s.credits

    def explain(self, cell: Any) -> str:
        """``board.explain(cell)``: why that site is functional or defunct."""
        return self._s.board.explain(cell)

    def meteor_risk(self) -> Any:
        """The exact risk of this turn's meteor on the current board (see
        :func:`boardgames.spacebase.odds.meteor_risk`)."""
        from .odds import meteor_risk

        return meteor_risk(self._s.board)

    def invariants(self) -> list[str]:
        from .checks import invariants

        return invariants(self)

    def cards_total(self) -> Counter:
        """Every card of this game (deck, hands, discard pile, map, Outposts in the box)
        at the start: conserved from step to step."""
        return Counter(self._total)

    # ------------------------------------------------------------------ protocol hooks
    def _to_move(self, s: SpaceBaseState) -> int | None:
        if s.chance is not None:
            return CHANCE
        if s.phase == "over":
            return None
        return s.player

    def _scores(self, s: SpaceBaseState) -> tuple[int, ...]:
        return s.credits

    def _determinize(self, s: SpaceBaseState, player: int | None,
                     rng: random.Random) -> SpaceBaseState:
        """The other players' hands redrawn from the deck's unknown cards with them (the
        player's own hand stays, and a hand the player is looking at with Control)."""
        c = s.copy()
        seen = s.peek[1] if s.peek is not None and s.peek[0] == player else None
        hidden = [q for q in range(self.players) if q != player and q != seen]
        c.deck, c.hands = redeal(s.deck, s.hands, hidden, rng)
        return c

    def _outcome_text(self, outcome: Any) -> str:
        if isinstance(outcome, tuple):
            return f"meteor {cell_text(outcome)}"
        if isinstance(outcome, int):
            return f"{outcome} damage"
        return "a card"  # a drawn card is secret: the value holds it, not the text

    def _as_outcome(self, x: Any) -> Any:
        outcomes, _ = self._chance(self._s)
        y = _freeze(x)
        if not isinstance(y, bool):
            try:
                if y in outcomes:
                    return outcomes[outcomes.index(y)]  # the game's own object
            except TypeError:
                pass
        if isinstance(y, str):
            t = " ".join(y.split())
            for cand in (t, t.removeprefix("meteor "), t.removesuffix(" damage")):
                try:
                    c = parse_cell(cand, SIZE)
                except BoardError:
                    c = None
                if c in outcomes:
                    return c
                if cand.isdigit() and int(cand) in outcomes:
                    return int(cand)
            try:
                name = data.card(t).name
            except ValueError:
                name = None
            if name in outcomes:
                return name
        shown = ", ".join(str(o) for o in outcomes[:12])
        more = ", ..." if len(outcomes) > 12 else ""
        raise IllegalActionError(
            x, f"not an outcome of this chance node (outcomes: {shown}{more})", "chance nodes")

    # ------------------------------------------------------------------ turn machinery
    def _enter(self, s: SpaceBaseState, phase: str) -> None:
        s.phase = phase
        s.played = 0
        if phase == "meteor":
            s.chance = _METEOR_NODE
        elif phase == "draw":
            s.drawn = False

    def _advance(self, s: SpaceBaseState, log: list[str]) -> None:
        """Run automatic steps until a decision or a chance node is pending. The common
        checks (``_can_build``, ``_can_transfer``, ``_repairable``, ``_enter``,
        ``_end_turn``) are written out: this loop runs at every step."""
        while s.chance is None:
            ph = s.phase
            if ph == "build":
                if s.pending is not None:
                    return
                p = s.player
                hand = s.hands[p]
                if hand and not _SITE_CARDS.isdisjoint(hand):  # _can_build(s)
                    b = s.board
                    f = b._front.get(p)
                    if f is None:
                        f = b._fmask(p)
                    if f or ("Volcano" in hand and len(b._name) < _NCELLS):
                        return
                # _end_turn(s, log)
                s.player = p = (p + 1) % self._n
                s.turn = t = s.turn + 1
                log.append(_turn_text(t, p))
                s.phase = "transfer"
                s.played = 0
            elif ph == "draw":
                if not s.drawn:
                    if self._draw(s, log):
                        continue
                    return
                if len(s.hands[s.player]) > HAND_LIMIT:
                    return
                s.phase = "build"  # _enter(s, "build")
                s.played = 0
            elif ph == "transfer":
                if s.pending is not None:
                    return
                p = s.player
                if "Transfer" in s.hands[p] and self._can_transfer(s):
                    return
                s.phase = "repair"  # _enter(s, "repair")
                s.played = 0
            elif ph == "repair":
                # _repairable(s)
                dmg = s.board._dmg
                if dmg and s.credits[s.player] > 0:
                    if self.rules.repair_sites != "own":
                        return
                    p, owner = s.player, s.board._owner
                    for c in dmg:
                        if owner[c] == p:
                            return
                s.phase = "meteor"  # _enter(s, "meteor")
                s.played = 0
                s.chance = _METEOR_NODE
            elif ph == "production":
                p = s.player
                earned = s.board._inc.get(p, 0)  # b.income(p)
                credits = s.credits
                total = credits[p] + earned
                s.credits = (*credits[:p], total, *credits[p + 1:])
                s.last_income = _INCOME_PAIR[p][earned] if earned < 64 else (p, earned)
                log.append(f"{_WHO[p]} earns {earned} credits (total {total})")
                s.phase = "control"  # _enter(s, "control")
                s.played = 0
            elif ph == "control":
                if s.pending is not None:
                    return
                if "Control" in s.hands[s.player] and self._can_control(s):
                    return
                s.phase = "draw"  # _enter(s, "draw")
                s.played = 0
                s.drawn = False
            elif ph == "setup":
                n = self.players
                if s.player < n:
                    return
                if s.dealt < self.rules.starting_hand * n:
                    if self._draw(s, log):
                        continue
                    return
                s.turn = 1
                s.player = 0
                log.append(f"Turn 1: {_who(0)}")
                self._enter(s, "transfer")
            else:  # "over"
                return

    def _end_turn(self, s: SpaceBaseState, log: list[str]) -> None:
        s.player = p = (s.player + 1) % self._n
        s.turn = t = s.turn + 1
        log.append(_turn_text(t, p))
        s.phase = "transfer"  # _enter(s, "transfer")
        s.played = 0

    def _draw(self, s: SpaceBaseState, log: list[str]) -> bool:
        """Draw (or deal) the next card when it is known or only one name is left
        (True), else set up the chance node (False)."""
        d = s.deck
        if d.known:
            self._take_card(s, _deck(s).pop_known(), log)
            return True
        if len(d.counts) == 1:
            name = next(iter(d.counts))
            _deck(s).take_unknown(name)
            self._take_card(s, name, log)
            return True
        s.chance = _DRAW_NODE
        return False

    def _take_card(self, s: SpaceBaseState, name: str, log: list[str]) -> None:
        if s.phase == "setup":
            p = s.dealt % self.players
            s.dealt += 1
            log.append(f"{_who(p)} is dealt a card")
        else:
            p = s.player
            s.drawn = True
            d = s.deck
            left = d.unknown + len(d.known)  # len(s.deck)
            log.append(_DRAW_TEXT.get(left * 4 + p) or _draw_text(p, left))
        hands = s.hands
        hands = s.hands = (*hands[:p], tuple(sorted((*hands[p], name))), *hands[p + 1:])
        d = s.deck
        if not d.unknown and not d.known:  # len(s.deck) == 0
            s.phase = "over"
            s.pending = None
            sc = ", ".join(f"{_who(i)} {c}" for i, c in enumerate(s.credits))
            log.append(f"The last card is drawn: the game is over. Credits: {sc}")
            w = self._winner(s)
            log.append("A tie for the most credits" if w is None else f"{_who(w)} wins")

    # ------------------------------------------------------------------ what is possible
    def _own(self, s: SpaceBaseState, p: int) -> list[Cell]:
        return [c for c, o in s.board._owner.items() if o == p]

    def _frontier(self, s: SpaceBaseState, p: int) -> frozenset[Cell]:
        """Empty cells orthogonally adjacent to a site ``p`` controls."""
        return s.board._frontier(p)

    def _limit_ok(self, s: SpaceBaseState) -> bool:
        return self.rules.action_cards == "any" or s.played == 0

    def _can_transfer(self, s: SpaceBaseState) -> bool:
        p = s.player
        return ("Transfer" in s.hands[p] and self._limit_ok(s)
                and s.board._omask(p).bit_count() >= 2)

    def _repair_targets(self, s: SpaceBaseState) -> list[Cell]:
        b, p = s.board, s.player
        if self.rules.repair_sites == "own":
            return sorted(c for c in b._dmg if b._owner[c] == p)
        return sorted(b._dmg)

    def _repairable(self, s: SpaceBaseState) -> bool:
        """``_repair_targets(s)`` is not empty and the player has credits."""
        b, p = s.board, s.player
        if s.credits[p] <= 0 or not b._dmg:
            return False
        if self.rules.repair_sites == "own":
            owner = b._owner
            return any(owner[c] == p for c in b._dmg)
        return True

    def _control_targets(self, s: SpaceBaseState) -> list[Cell]:
        p = s.player
        own = s.board._owner
        mine = [c for c, o in own.items() if o == p]
        # the other players' sites next to one of p's (set operations, in C)
        return sorted(set().union(*map(_NB.__getitem__, mine)).intersection(own)
                      .difference(mine))

    def _can_control(self, s: SpaceBaseState) -> bool:
        p = s.player
        hands = s.hands
        if "Control" not in hands[p] or not (s.played == 0 or self._limit_ok(s)):
            return False
        for q in range(self._n):  # another player has a card to look at (no generator)
            if q != p and hands[q]:
                return True
        own = s.board._owner  # is there a _control_targets(s)?
        for c, o in own.items():
            if o != p:
                for n in _NB[c]:
                    if own.get(n) == p:
                        return True
        return False

    def _build_cells(self, s: SpaceBaseState, name: str) -> Iterable[Cell]:
        if name == "Volcano":
            occupied = s.board._name
            return [c for c in CELLS if c not in occupied]
        return self._frontier(s, s.player)

    def _can_build(self, s: SpaceBaseState) -> bool:
        hand = s.hands[s.player]
        if "Volcano" in hand and len(s.board._name) < len(CELLS):
            return True
        return any(n in _SITE_CARDS for n in hand) and bool(self._frontier(s, s.player))

    # ------------------------------------------------------------------ stepping
    @property
    def is_over(self) -> bool:
        s = self._s  # ``_to_move(s) is None``, read directly
        return s.chance is None and s.phase == "over"

    def apply(self, x: Any) -> SpaceBase:
        """``Game.apply``, with the step of a player's action written out (the hot path of
        every playout): an action of ``legal_actions()`` (found by identity) is applied
        to a copy of the state, then the auto-roll loop runs. Anything else (a notation,
        an equal action, a chance outcome, a refused action) goes through the full
        checks, and a subclass that changes how a step is made gets ``Game.apply``."""
        s = self._s
        if s.chance is not None or s.phase == "over" or not self._fast:
            return super().apply(x)
        legal = self._legal_cache
        if legal is None:
            legal = self.legal_actions()
        if not any(map(is_, legal, repeat(x))):
            x = self._legal_action(x)
        log = self._log
        mark = len(log)
        undo = self._undo
        n = len(undo)
        lazy = 0 < n - self._full < _CHECKPOINT  # a lazy undo record (see ``_before``)
        p = s.player
        if lazy and _getrefcount(s) <= SOLE_HOLDER:
            # Nothing but this game (and this frame) holds s (no fork, no caller, no undo
            # record): the step is made on s itself, as on a copy (``own`` cleared: its
            # board, deck and pile are copied on write); a failed step is undone by replay.
            new = s
            s.own = 0
        else:
            new = s.copy()
        try:
            self._act(new, x, log)
        except BaseException:
            del log[mark:]
            if new is s:
                self._s = self._before(n)
            raise
        if lazy:
            undo.append(mark)  # type: ignore[arg-type]
        else:
            undo.append((s, mark))
            self._full = n
        self._s = new
        self._hist.append((p, x, x._text))
        self._legal_cache = None
        if self._redo:
            self._redo.clear()
        if new.chance is not None and self._auto:
            s = new = None  # type: ignore[assignment]  # so that _settle may step in place
            self._settle()
        return self

    _full = -_CHECKPOINT
    """The undo stack's index of the last full record ``apply`` or ``_settle`` made."""

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[Move, ...]:
        """The legal actions, sorted by notation and unique (empty at chance nodes and
        when the game is over); cached per position. ``_legal`` lists each action once
        (the shared ``Move.of`` instances), so only sorting is left to do."""
        cached = self._legal_cache
        if cached is None:
            s = self._s
            if s.chance is not None or s.phase == "over":
                cached = ()
            else:
                legal = self._legal(s)
                cached = legal if type(legal) is tuple else tuple(sorted(legal, key=_NOTATION))
            self._legal_cache = cached
        return cached

    def _legal(self, s: SpaceBaseState) -> Sequence[Move]:
        """The legal actions of ``s``, each once (a tuple when already sorted)."""
        p, ph, pend = s.player, s.phase, s.pending
        b = s.board
        if ph == "build" and pend is None:  # the most frequent first
            f = b._front.get(p)
            if f is None:
                f = b._fmask(p)
            return _build_moves(s.hands[p], f != 0, len(b._name) < _NCELLS)
        if ph == "setup":
            return [_MOVES["outpost"][c] for c in _OUTPOST_CELLS[CORNERS[p]]
                    if c not in b._name]
        if pend is not None:
            kind = pend[0]
            if kind == "transfer":
                # p's other sites and the empty cells next to them, as masks; in notation
                # order: "move to" before "swap with", each in cell order
                own, near = _owned(b, p, pend[1])
                return (*cells_of(near & ~b._occ, _MOVE_TO, _FMT),
                        *cells_of(own, _SWAP_WITH, _FMT))
            if kind == "steal":  # a hand is sorted: card order is notation order
                return tuple(map(_MOVES["steal"].__getitem__, dict.fromkeys(s.hands[pend[1]])))
            if pend[1] == "Volcano":
                return _place_moves(_ALL & ~b._occ)
            f = b._front.get(p)
            return _place_moves(b._fmask(p) if f is None else f)
        if ph == "transfer":
            return (_DONE, *cells_of(_owned(b, p, None)[0], _TRANSFER, _FMT))
        if ph == "repair":
            # already in notation order: "done", then the targets by cell (one-digit
            # coordinates: cell order is notation order), each cell's moves sorted
            out: tuple[Move, ...] = (_DONE,)
            cash = s.credits[p]
            dmg, owner = b._dmg, b._owner
            own = self.rules.repair_sites == "own"
            for c in sorted(dmg):  # _repair_targets(s)
                if own and owner[c] != p:
                    continue
                d = dmg[c]
                out += _repair_moves(c, d if d < cash else cash)
            return out
        if ph == "control":
            # notation order: "control (x,y)" (the other players' sites next to p's, in
            # cell order), "control look q", "done"
            own, near = _owned(b, p, None)
            return (*cells_of(near & b._occ & ~own, _CONTROL, _FMT),
                    *[_LOOK[q] for q in range(self._n) if q != p and s.hands[q]], _DONE)
        if ph == "draw":  # a hand is sorted: card order is notation order
            return tuple(map(_MOVES["discard"].__getitem__, dict.fromkeys(s.hands[p])))
        return []  # pragma: no cover - no decision in other phases

    # ------------------------------------------------------------------ actions
    @staticmethod
    def _mut(s: SpaceBaseState) -> Board:
        """The board of ``s`` to change: copied first if still shared with the state
        ``s`` was copied from."""
        if not s.own & OWN_BOARD:
            s.board = s.board._clone(readonly=True)
            s.own |= OWN_BOARD
        return s.board

    def _act(self, s: SpaceBaseState, a: Move, log: list[str]) -> None:
        p, v = s.player, a.verb
        if v == "done":  # the most frequent first
            s.pending = None
            nxt = _AFTER_DONE.get(s.phase)
            if nxt is None:
                self._end_turn(s, log)
            else:
                self._enter(s, nxt)
            self._advance(s, log)
            return
        if v == "build":
            s.pending = _BUILD_PENDING.get(a.card) or ("build", a.card)
            self._advance(s, log)
            return
        c = a.cell
        if c is not None and _CANON[c] is not c:
            # the game's own cell objects (a parsed notation makes new ones)
            a = Move.of(v, _CANON[c], a.card, a.n)
            c = a.cell
        b = s.board
        if v in _BOARD_VERBS and not s.own & OWN_BOARD:  # _mut(s): only what changes
            if v == "place":  # the fixed point: copied only if it changes
                b = b._next(NAMES)
            elif v == "repair":  # the fixed point changes only when the damage is gone
                b = b._next(DAMAGE if b._dmg.get(c, 0) > a.n else DAMAGE | FIXED)
            else:
                b = b._clone(readonly=True)
            s.board = b
            s.own |= OWN_BOARD
        who = _WHO[p]
        if v == "place":
            name = s.pending[1]
            hands = s.hands
            hand = hands[p]
            i = hand.index(name)
            s.hands = (*hands[:p], hand[:i] + hand[i + 1:], *hands[p + 1:])
            b._put(c, name, p, 0)
            s.pending = None
            log.append(f"{who} places {name} at {_CELL_TEXT[c]}")
        elif v == "repair":
            n = a.n
            b._fix(c, n)
            credits = s.credits
            s.credits = (*credits[:p], credits[p] - n, *credits[p + 1:])
            log.append(f"{who} pays {n} credits to repair the {b._name[c]} at "
                       f"{_CELL_TEXT[c]} ({b._dmg.get(c, 0)} damage left)")
        elif v == "outpost":
            b._put(a.cell, "Outpost", p, 0)
            s.box -= 1
            log.append(f"{who} places the Outpost at {cell_text(a.cell)}")
            s.player += 1
        elif v == "transfer":
            self._play(s, "Transfer")
            s.pending = ("transfer", a.cell)
            log.append(f"{who} plays Transfer on the {b._name[a.cell]} at {cell_text(a.cell)}")
        elif v == "move":
            src = s.pending[1]
            name = b._name[src]
            b._move(src, a.cell)
            s.pending = None
            log.append(f"{who} moves the {name} from {cell_text(src)} to {cell_text(a.cell)}")
        elif v == "swap":
            src = s.pending[1]
            n1, n2 = b._name[src], b._name[a.cell]
            b._swap(src, a.cell)
            s.pending = None
            log.append(f"{who} switches the {n1} at {cell_text(src)} with the {n2} at "
                       f"{cell_text(a.cell)}")
        elif v == "control":
            q = b._owner[a.cell]
            self._play(s, "Control")
            b._claim(a.cell, p)
            log.append(f"{who} plays Control: takes over {_who(q)}'s {b._name[a.cell]} at "
                       f"{cell_text(a.cell)}")
        elif v == "look":
            self._play(s, "Control")
            s.pending = ("steal", a.n)
            s.peek = (p, a.n)
            log.append(f"{who} plays Control: looks at {_who(a.n)}'s hand")
        elif v == "steal":
            q = s.pending[1]
            s.hands = _with(s.hands, q, _without(s.hands[q], a.card))
            s.hands = _with(s.hands, p, tuple(sorted((*s.hands[p], a.card))))
            s.pending = None
            s.peek = None
            log.append(f"{who} takes a card from {_who(q)}'s hand")
        elif v == "discard":
            s.hands = _with(s.hands, p, _without(s.hands[p], a.card))
            pile = _discard(s)
            pile[a.card] = pile.get(a.card, 0) + 1
            log.append(f"{who} discards {a.card}")
        else:  # pragma: no cover - legality is checked first
            raise AssertionError(a)
        self._advance(s, log)

    def _play(self, s: SpaceBaseState, card: str) -> None:
        p = s.player
        s.hands = _with(s.hands, p, _without(s.hands[p], card))
        pile = _discard(s)
        pile[card] = pile.get(card, 0) + 1
        s.played += 1

    # ------------------------------------------------------------------ chance
    def _chance(self, s: SpaceBaseState) -> tuple[Sequence[Any], Sequence[int]]:
        kind = s.chance[0]
        if kind == "meteor":
            return CELLS, _CELL_WEIGHTS
        if kind == "damage":
            return _D10, _D10_WEIGHTS
        return s.deck.outcomes()

    def _resolve(self, s: SpaceBaseState, outcome: Any, log: list[str]) -> None:
        kind = s.chance[0]
        hit = s.chance[1] if kind == "damage" else None
        s.chance = None
        b = s.board
        if kind == "meteor":
            c = outcome
            name = b._name.get(c)
            # s.meteor: shared (cell, 0, what) records, one per cell and outcome
            if name is None:
                s.meteor = _METEOR_EMPTY[c]
                log.append(_METEOR_EMPTY_TEXT[c])
            elif name not in _INSTALL:
                s.meteor = _METEOR_UNAFFECTED[c]
                log.append(f"{_METEOR_AT[c]}: the {name} is unaffected")
            elif b._shielded(c):
                s.meteor = _METEOR_SHIELDED[c]
                log.append(f"{_METEOR_AT[c]}: the {name} is shielded")
            else:
                s.chance = _DAMAGE_NODE[c]
                s.meteor = _METEOR_ROLLING[c]
                return
            s.phase = "production"
        elif kind == "damage":
            c = hit
            b = s.board  # _mut(s): a hit changes the fixed point only if c is functional
            if not s.own & OWN_BOARD:
                s.board = b = b._next(DAMAGE | FIXED if c in b._func else DAMAGE)
                s.own |= OWN_BOARD
            b._hit(c, outcome)
            s.meteor = _DAMAGED[c][outcome] if 0 < outcome <= 10 else (c, outcome, "damaged")
            log.append(f"A meteor hits {cell_text(c)}: the {b._name[c]} takes {outcome} damage "
                       f"({b._dmg[c]} in all) and is defunct")
            s.phase = "production"
        else:
            _deck(s).take_unknown(outcome)
            self._take_card(s, outcome, log)
        self._advance(s, log)

    def _settle(self) -> None:
        """The core's auto-roll loop (``Game._settle``), specialised: the SplitMix64
        output of the step is computed here; a meteor's cell and its damage are uniform
        draws, so the drawn index is that output scaled to the number of outcomes (what
        ``rng.draw_index`` computes for equal weights), and their texts are looked up; a
        card's index is the bisection of the deck's running counts (``_draw``), and the
        draw is made by :meth:`_drawn`. The steps are the same. A subclass that changes
        how a chance step is made gets the core's loop."""
        if not self._auto:
            return
        s = self._s
        if s.chance is None:
            return
        if not self._fast:
            super()._settle()
            return
        hist, undo, log, seed = self._hist, self._undo, self._log, self.seed
        resolve = self._resolve
        self._legal_cache = None
        while True:
            k = len(hist)
            if k >= _MAX_STEPS:
                raise GameError("step limit reached")
            x = (seed + (k + 1) * _GAMMA) & _M64
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
            x ^= x >> 31
            n = len(undo)
            lazy = 0 < n - self._full < _CHECKPOINT  # a lazy undo record (see ``_before``)
            if lazy and _getrefcount(s) <= SOLE_HOLDER:  # held by self._s and s only: as in apply
                new = s
                s.own = 0
            else:
                new = s.copy()
            mark = len(log)
            kind = s.chance[0]
            try:
                if kind == "draw":
                    d = s.deck
                    names, weights = d._outcomes or d.outcomes()
                    if len(names) > 1:
                        sums = list(accumulate(weights))
                        i = bisect_right(sums, (x * sums[-1]) >> 64)
                    else:
                        i = 0
                    outcome = names[i]
                    text = "a card"
                    self._drawn(new, names, weights, i, log)
                else:
                    if kind == "meteor":
                        outcome = CELLS[(x * 100) >> 64]
                        text = _METEOR_TEXT[outcome]
                    else:  # "damage": a ten-sided die
                        outcome = _D10[(x * 10) >> 64]
                        text = _DAMAGE_TEXT[outcome]
                    resolve(new, outcome, log)
            except BaseException:
                del log[mark:]
                if new is s:
                    self._s = self._before(n)
                raise
            if lazy:
                undo.append(mark)
            else:
                undo.append((s, mark))
                self._full = n
            self._s = s = new
            new = None  # type: ignore[assignment]
            hist.append((CHANCE, outcome, text))
            if s.chance is None:
                return

    def _drawn(self, s: SpaceBaseState, names: tuple[str, ...], weights: tuple[int, ...],
               i: int, log: list[str]) -> None:
        """``_resolve(s, names[i], log)`` of a draw whose outcomes are ``(names,
        weights)`` (the deck's): the new deck is made at once without the copy and the
        search of ``Deck.take_unknown`` (the same counts and outcomes)."""
        s.chance = None
        d = s.deck
        name, n = names[i], weights[i]
        counts = d.counts.copy()
        if n == 1:
            del counts[name]
            out = (names[:i] + names[i + 1:], weights[:i] + weights[i + 1:])
        else:
            counts[name] = n - 1
            out = (names, (*weights[:i], n - 1, *weights[i + 1:]))
        nd = object.__new__(Deck)
        nd.counts = counts
        # no step of this game reveals a card: an empty list of known cards is shared
        nd.known = d.known.copy() if d.known else d.known
        nd.unknown = d.unknown - 1
        nd._outcomes = out
        s.deck = nd
        s.own |= OWN_DECK
        self._take_card(s, name, log)
        self._advance(s, log)

    # ------------------------------------------------------------------ why illegal
    def _why_illegal(self, s: SpaceBaseState, a: Move) -> tuple[str, str]:
        from .why import why_illegal

        return why_illegal(self, s, a)

    # ------------------------------------------------------------------ views
    def _board_view(self, s: SpaceBaseState) -> dict[str, Any]:
        """The map part of the views of ``s`` (built once per position, copied out)."""
        from .view import board_view

        cached = self.__dict__.get("_bv")
        if cached is None or cached[0] is not s.board:
            cached = (s.board, board_view(s.board))
            self._bv = cached
        bv = cached[1]
        return {"size": bv["size"], "sites": [r.copy() for r in bv["sites"]],
                "ores": {k: v.copy() for k, v in bv["ores"].items()},
                "hub_links": [r.copy() for r in bv["hub_links"]]}

    def _view(self, s: SpaceBaseState, player: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, s, player)


class _VerbMoves(dict):  # type: ignore[type-arg]
    """cell (or card name) -> the shared ``Move`` of one verb, made on first use."""

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, key: Any) -> Move:
        m = self[key] = (Move.of(self.verb, card=key) if isinstance(key, str)
                         else Move.of(self.verb, key))
        return m


_MOVES = {v: _VerbMoves(v) for v in ("outpost", "swap", "move", "steal", "place", "transfer",
                                     "control", "discard", "build")}


_BUILDS: dict[tuple[tuple[str, ...], bool, bool], tuple[Move, ...]] = {}


def _build_moves(hand: tuple[str, ...], frontier: bool, room: bool) -> tuple[Move, ...]:
    """The Build phase's legal actions, sorted: ``done`` and ``build`` each site card of
    ``hand`` that can go somewhere (a Volcano anywhere while the map has ``room``, the
    others on the player's ``frontier``). Memoised."""
    key = (hand, frontier, room)
    out = _BUILDS.get(key)
    if out is None:
        build = _MOVES["build"]
        moves = [_DONE]
        for n in set(hand):
            if n == "Volcano":
                if room:
                    moves.append(build[n])
            elif n in _SITE_CARDS and frontier:
                moves.append(build[n])
        if len(_BUILDS) >= 8192:
            _BUILDS.clear()
        out = _BUILDS[key] = tuple(sorted(moves, key=_NOTATION))
    return out


_PLACE = tuple(Move.of("place", c) for c in CELLS)  # in cell order: notation order
_ALL = (1 << len(CELLS)) - 1  # every cell, a mask (``Board._kit``)
_FMT = _kit(SIZE)[3]
_TRANSFER = tuple(Move.of("transfer", c) for c in CELLS)
_MOVE_TO = tuple(Move.of("move", c) for c in CELLS)
_SWAP_WITH = tuple(Move.of("swap", c) for c in CELLS)
_CONTROL = tuple(Move.of("control", c) for c in CELLS)
_LOOK = tuple(Move.of("look", n=q) for q in range(4))


def _owned(b: Board, p: int, skip: Cell | None) -> tuple[int, int]:
    """Masks of the sites ``p`` controls (but ``skip``) and of their neighbours."""
    own = b._omask(p)
    if skip is not None:
        own &= ~b._kit[0][skip]
    return own, near(own, b._kit)


def _place_moves(mask: int) -> tuple[Move, ...]:
    """``place c`` for each cell of ``mask``, sorted (cell order is notation order),
    picked in C. (Not memoised: a frontier is seldom seen twice.)"""
    return tuple(cells_of(mask, _PLACE, _FMT))


_REPAIRS: dict[tuple[Cell, int], tuple[Move, ...]] = {}


def _repair_moves(c: Cell, most: int) -> tuple[Move, ...]:
    """``repair c k`` for k = 1 .. ``most``, sorted by notation (memoised)."""
    out = _REPAIRS.get((c, most))
    if out is None:
        if len(_REPAIRS) >= 4096:
            _REPAIRS.clear()
        out = _REPAIRS[(c, most)] = tuple(sorted(
            (Move.of("repair", c, n=k) for k in range(1, most + 1)), key=_NOTATION))
    return out


_PLAIN: dict[type, bool] = {}


def _plain(cls: type) -> bool:
    """Whether ``cls`` makes its chance steps as ``SpaceBase`` does (no subclass hook
    changes them), so that ``SpaceBase._settle``'s loop may be used."""
    plain = _PLAIN.get(cls)
    if plain is None:
        plain = _PLAIN[cls] = all(
            getattr(cls, name) is getattr(SpaceBase, name)
            for name in ("_roll_once", "_step", "_chance", "_outcome_text", "_to_move",
                         "_legal_action"))
    return plain


def _pair(v: Any) -> list[Any]:
    if not isinstance(v, tuple | list) or len(v) != 2:
        raise ValueError(f"a scenario site must be (card name, owner), not {v!r}")
    return list(v)


def _with(t: tuple, i: int, value: Any) -> tuple:
    return (*t[:i], value, *t[i + 1:])


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _cards(s: SpaceBaseState) -> Counter:
    """Every card of a position: deck, hands, discard pile, map, Outposts in the box."""
    out = Counter(s.deck.all_cards())
    for h in s.hands:
        out.update(h)
    out.update(s.discard)
    out.update(s.board._name.values())
    out["Outpost"] += s.box
    return +out


# ---------------------------------------------------------------------- scenarios
_SCENARIO_KEYS = ("sites", "damage", "hands", "credits", "deck", "discard", "phase",
                  "current_player", "turn")
_SCENARIO_PHASES = ("setup", "transfer", "repair", "meteor", "production", "control",
                    "draw", "build")


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"scenario {what} must be an int in [{lo}, {hi}], not {v!r}")
    return v


def _name(v: Any, what: str) -> str:
    try:
        return data.card(v).name
    except ValueError as e:
        raise ValueError(f"scenario {what}: {e}") from None


def _check_scenario(spec: Any, game: SpaceBase) -> dict[str, Any]:
    """The scenario set-up, validated and normalised (JSON-safe, keys in a fixed order)."""
    if not isinstance(spec, dict):
        raise ValueError("scenario must be a dict")
    extra = sorted(set(spec) - set(_SCENARIO_KEYS))
    if extra:
        raise ValueError(f"unknown scenario keys {extra}")
    n = game.players
    out: dict[str, Any] = {}
    sites = []
    for row in spec.get("sites") or []:
        if not isinstance(row, list | tuple) or len(row) != 4:
            raise ValueError(f"scenario site {row!r} must be (x, y, name, owner)")
        x, y, name, owner = row
        c = parse_cell((x, y), SIZE)
        name = _name(name, "site")
        if not data.is_site(name):
            raise ValueError(f"scenario site {name!r} at {cell_text(c)} is an action card")
        _int(owner, f"owner of the site at {cell_text(c)}", 0, n - 1)
        sites.append([c[0], c[1], name, owner])
    cells = [(r[0], r[1]) for r in sites]
    if len(set(cells)) != len(cells):
        raise ValueError("scenario sites: one site card per space")
    out["sites"] = sorted(sites)
    dmg = []
    for row in spec.get("damage") or []:
        if not isinstance(row, list | tuple) or len(row) != 3:
            raise ValueError(f"scenario damage {row!r} must be (x, y, points)")
        c = parse_cell((row[0], row[1]), SIZE)
        dmg.append([c[0], c[1], _int(row[2], f"damage at {cell_text(c)}", 1, 10**6)])
    out["damage"] = sorted(dmg)
    hands = spec.get("hands")
    if hands is None:
        hands = [[] for _ in range(n)]
    if not isinstance(hands, list | tuple) or len(hands) != n:
        raise ValueError(f"scenario hands must be one list of cards per player ({n})")
    out["hands"] = [sorted(_name(c, "hand") for c in h) for h in hands]
    credits = spec.get("credits")
    if credits is None:
        credits = [START_CREDITS] * n
    if not isinstance(credits, list | tuple) or len(credits) != n:
        raise ValueError(f"scenario credits must be one number per player ({n})")
    out["credits"] = [_int(c, "credits", 0, 10**9) for c in credits]
    deck = spec.get("deck")
    if isinstance(deck, dict):
        out["deck"] = {_name(k, "deck"): _int(v, "deck count", 0, 200)
                       for k, v in sorted(deck.items())}
    elif deck is not None:
        if not isinstance(deck, list | tuple):
            raise ValueError("scenario deck must be None, a list of cards or {name: count}")
        out["deck"] = [_name(c, "deck") for c in deck]
    else:
        out["deck"] = None
    discard: dict[str, int] = {}
    for row in spec.get("discard") or []:
        if not isinstance(row, list | tuple) or len(row) != 2:
            raise ValueError(f"scenario discard entry {row!r} must be (name, count)")
        k = _name(row[0], "discard")
        discard[k] = discard.get(k, 0) + _int(row[1], "discard count", 0, 200)
    out["discard"] = sorted([k, v] for k, v in discard.items() if v)
    phase = spec.get("phase", "transfer")
    if phase not in _SCENARIO_PHASES:
        raise ValueError(f"scenario phase must be one of {list(_SCENARIO_PHASES)}, "
                         f"not {phase!r}")
    out["phase"] = phase
    out["current_player"] = _int(spec.get("current_player", 0), "current_player", 0, n - 1)
    out["turn"] = _int(spec.get("turn", 1), "turn", 1, 10**6)
    s = object.__new__(SpaceBaseState)  # trial run: raises ValueError on impossible set-ups
    s.board = Board(volcano_adjacency=game.rules.volcano_adjacency)
    s.own = OWN_BOARD
    _apply_scenario(game, s, out)
    return out


def _apply_scenario(game: SpaceBase, s: SpaceBaseState, spec: dict[str, Any]) -> None:
    n = game.players
    b = s.board
    b._readonly = False
    try:
        for x, y, name, owner in spec["sites"]:
            b.place(name, (x, y), owner)
        for x, y, pts in spec["damage"]:
            b.damage((x, y), pts)
    except BoardError as e:
        raise ValueError(f"scenario: {e}") from None
    b._readonly = True
    hands = [tuple(h) for h in spec["hands"]]
    for h in hands:
        for c in h:
            if c == "Outpost":
                raise ValueError("scenario hands: Outposts are removed from the deck "
                                 "before play and only start on the map")
    discard = dict(spec["discard"])
    if isinstance(spec["deck"], dict):
        deck = Deck(spec["deck"])
    elif spec["deck"] is not None:
        deck = Deck({}, spec["deck"])
    else:
        deck = None
    used = Counter(b._name.values())
    for h in hands:
        used.update(h)
    used.update(discard)
    if deck is not None:
        used.update(deck.all_cards())
    for c, k in used.items():
        if c == "Outpost" and k and c not in b._name.values():
            raise ValueError("scenario: Outposts are removed from the deck before play "
                             "and only start on the map")
        if k > data.CARDS[c].count:
            raise ValueError(f"scenario: the game has {data.CARDS[c].count} {c}, "
                             f"the scenario uses {k}")
    if sum(1 for v in b._name.values() if v == "Outpost") != used["Outpost"]:
        raise ValueError("scenario: Outposts are removed from the deck before play and only "
                         "start on the map")
    if deck is None:
        deck = Deck(Counter(data.deck_counts()) - used)
    if len(deck) == 0:
        raise ValueError("scenario: the deck is empty (the game ends with the last draw)")
    box = data.CARDS["Outpost"].count - used["Outpost"]
    phase, p = spec["phase"], spec["current_player"]
    if phase == "setup" and box < n - p:
        raise ValueError(f"scenario: {n - p} players still place an Outpost, "
                         f"{box} Outposts are left")
    s.hands = tuple(hands)
    s.credits = tuple(spec["credits"])
    s.deck = deck
    s.discard = discard
    s.box = box
    s.player = p
    s.turn = 0 if phase == "setup" else spec["turn"]
    s.phase = phase
    s.pending = None
    s.chance = ("meteor",) if phase == "meteor" else None
    s.peek = None
    s.played = 0
    s.dealt = game.rules.starting_hand * n if phase == "setup" else 0
    s.drawn = False
    s.meteor = None
    s.last_income = None
