"""Space Base heuristics for computer players: :func:`evaluate` and :class:`GreedyAgent`.

>>> import boardgames as bg
>>> from boardgames.spacebase.agents import GreedyAgent, evaluate
>>> g = bg.SpaceBase(players=2, seed=7)
>>> a = GreedyAgent(seed=1)
>>> str(a.choose(g)).startswith("outpost ")
True

**What they read.** ``evaluate(game, player)`` reads only public information (the map
``game.board``, every player's credits, the deck's *size*, the hand *sizes*) and
``player``'s own hand, as ``game.view(player)`` shows it: never another hand, the deck's
order or its contents. The agent's look-ahead never passes a chance node: it plays
copies of the state through the engine's own transition (``SpaceBase._act``), which stops
at every meteor, damage roll and draw without resolving it (the position a fork with
``auto_roll = False`` stops at), and it counts a card drawn during the look-ahead (a
scenario's known deck order draws without a chance node) or about to be drawn as one
unseen card, without looking at it. It never looks ahead through ``control look p``
(that would show it the hand); the look is valued at the unseen card it will take.

**The value** of a position for a player, in credits: credits now, plus the income of
the player's functional sites times the player's Production phases left (the deck's size
over the number of players: one card is drawn per turn), plus a share of the income of
undamaged defunct installations in proportion to the requirements they already meet (so
a chain can be started before it pays), plus small terms for ore types carried and room
to build, minus the expected cost of this game's remaining meteors on the player's
exposed functional installations (1/100 per meteor each, costing a repair of 5.5 on
average plus the income lost), plus the value of the cards in hand. ``evaluate`` is that
value minus the best opponent's (opponents' hands are counted by their size only).

**The greedy agent** tries each legal action that way and keeps the one whose position
evaluates best, completing its own multi-part decisions first (``build <card>`` is valued
at its best ``place (x,y)``, ``transfer (x,y)`` at its best move or swap). So it builds
where its income grows, repairs what pays back before the game ends, shelters its sites
under Shield Generators, takes over sites with Control cards, and keeps the cards worth
most when it must discard. Ties are broken by its own seeded generator (never the global
``random``): the same seed and the same game give the same choices.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core.game import CHANCE
from . import data
from .board import REQUIRES, Board, Cell, near

if TYPE_CHECKING:
    from .actions import Move
    from .game import SpaceBase, SpaceBaseState

__all__ = ["CARD_VALUE", "GreedyAgent", "evaluate", "rollout_value", "values_ahead"]

REPAIR_MEAN = 5.5
"""The mean damage of a meteor (1D10), i.e. the mean cost of repairing a hit."""
METEOR_CELLS = 100
POTENTIAL = 0.3
"""Share of a defunct installation's future income counted, times the share of its
requirements met."""
SITE_BONUS = 1.0
"""Every site a player controls (room it opens, requirements it may meet later)."""
ORE_BONUS = 0.08
"""Per ore type a player's functional extractors and refineries carry, times turns left."""
TRANSFER_SOURCES = 3
"""How many of its sites the agent tries to move with a Transfer card (for time)."""
FRONTIER_BONUS = 0.15
FRONTIER_CAP = 16
UNKNOWN_CARD = 1.0
"""The value of a card nobody has seen (an opponent's card, a card drawn in the
look-ahead, the card a Control card's look will take)."""

CARD_VALUE: dict[str, float] = {
    c.name: (0.0 if c.role == "outpost" else 2.0 if c.name == "Control"
             else 1.0 if c.name == "Transfer" else 0.4 + 0.08 * (c.income or 0))
    for c in data.CARD_LIST
}
"""What holding a card is worth: a site card a little more the more it earns, always
less than placing it (``SITE_BONUS``); an action card is kept until it pays."""

_ROLE = dict(data.ROLE)
_INCOME = {c.name: c.income or 0 for c in data.CARD_LIST}
_INSTALL = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")
_CARRIERS = frozenset({"outpost", "extractor", "refinery"})
_EXPAND = frozenset({"build", "transfer"})  # verbs whose action leaves a sub-decision
_CONTINUED = frozenset({"build", "transfer", "look"})  # ... always the same player's
_NONE: frozenset[str] = frozenset()


def _site_terms(board: Board, focus: int, n: int, turns: float,
                meteors: float) -> list[float]:
    """The map's part of every player's value (income times turns left, sites, ores
    carried, meteor exposure), with the potential of defunct installations and the room
    to build for ``focus`` only. The counts and sums it is made of (:func:`_parts`) are
    kept per board (a game's boards never change)."""
    return _combine(_parts(board, focus, n), focus, n, turns, meteors,
                    board._fmask(focus).bit_count())


Parts = tuple[list[int], list[int], list[int], list[float], float, dict[Cell, float]]
"""What :func:`_site_terms` adds up, per player: income, sites, ore types carried,
meteor exposure; then ``focus``'s potential and its terms in the order they were added
(``{cell: term}``, the map's order: :func:`values_ahead` re-adds them after a change)."""

_PARTS: dict[tuple[int, int, int], tuple[Board, Parts]] = {}
_PARTS_MAX = 4096
""":func:`_parts` per ``(id(board), focus, players)``. An entry holds its board, so the
id is not reused while it is there; only read-only boards are kept (a game's: every
step makes a new one), so an entry never goes stale. Emptied when full."""


def _cover(board: Board) -> set[Cell]:
    """The cells a working Shield Generator covers (its own and its neighbours)."""
    name, nb = board._name, board._nb
    cover: set[Cell] = set()
    for c in board._func:
        if _ROLE[name[c]] == "shield":
            cover.add(c)
            cover.update(nb[c])
    return cover


def _parts(board: Board, focus: int, n: int) -> Parts:
    key = (id(board), focus, n)
    hit = _PARTS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    parts = _scan(board, focus, n)
    _keep(key, board, parts)
    return parts


def _scan(board: Board, focus: int, n: int, near: set[Cell] | None = None,
          terms0: dict[Cell, float] | None = None) -> Parts:
    """The parts of ``board`` (:data:`Parts`), the sites in the map's order. With
    ``near``, a potential term is made only for the cells of ``near`` and taken from
    ``terms0`` (the terms of the board it was made from) for the others."""
    name, owner, func, dmg, ores = board._name, board._owner, board._func, board._dmg, \
        board._ores
    income = [0] * n
    sites = [0] * n
    exposed = [0.0] * n
    carried: list[set[str]] = [set() for _ in range(n)]
    potential = 0.0
    terms: dict[Cell, float] = {}
    old = terms0 if terms0 is not None else {}
    cover = _cover(board)
    for c, o in owner.items():
        sites[o] += 1
        nm = name[c]
        if nm not in _INSTALL:
            continue
        if c in func:
            inc = _INCOME[nm]
            income[o] += inc
            if _ROLE[nm] in _CARRIERS:
                carried[o] |= ores.get(c, _NONE)
            if c not in cover:
                exposed[o] += REPAIR_MEAN + inc / n
        elif o == focus:
            if near is None or c in near:
                inc = _INCOME[nm]
                reqs = REQUIRES[_ROLE[nm]]
                if inc and reqs and c not in dmg:
                    met = sum(1 for r in reqs if board._met(c, r))
                    t = POTENTIAL * inc * met / len(reqs)
                    potential += t
                    terms[c] = t
            else:
                t = old.get(c)
                if t is not None:
                    potential += t
                    terms[c] = t
    return income, sites, [len(x) for x in carried], exposed, potential, terms


def _keep(key: tuple[int, int, int], board: Board, parts: Parts) -> None:
    if not board._readonly:  # a board one may still change (``Board.copy()``): not kept
        return
    if len(_PARTS) >= _PARTS_MAX:
        _PARTS.clear()
    _PARTS[key] = (board, parts)


def _derive(parent: Board, board: Board, touched: Iterable[Cell], focus: int,
            n: int) -> None:
    """Keep :func:`_parts` of ``board``, made by a step from ``parent`` that put, took,
    claimed or repaired the sites of ``touched`` cells only (the rest of the map changed
    by the engine's fixed point alone), from the parent's parts: a potential term is
    made again only for the sites whose requirements met may have changed (the changed
    sites, those whose working or ores changed, and their logistic neighbours on either
    board); the sums are made again in the map's order: the same floats as
    :func:`_parts` of ``board``."""
    key = (id(board), focus, n)
    hit = _PARTS.get(key)
    if hit is not None and hit[0] is board:
        return
    terms0 = _parts(parent, focus, n)[5]
    changed: set[Cell] = set(touched)
    func, func0 = board._func, parent._func
    if func is not func0:
        changed |= func0 ^ func
        ores, ores0 = board._ores, parent._ores
        if ores is not ores0:
            for c, x in ores.items():
                if ores0.get(c) != x:
                    changed.add(c)
    near_: set[Cell] = set(changed)
    for c in changed:
        near_.update(parent._lnb(c))
        near_.update(board._lnb(c))
    _keep(key, board, _scan(board, focus, n, near_, terms0))


def _combine(parts: Parts, focus: int, n: int, turns: float, meteors: float,
             front: int) -> list[float]:
    """:func:`_site_terms` from its parts (``front``: the cells of ``focus``'s frontier)."""
    income, sites, carried, exposed, potential = parts[:5]
    out = [income[q] * turns + ORE_BONUS * turns * carried[q] + SITE_BONUS * sites[q]
           - meteors * exposed[q] / METEOR_CELLS for q in range(n)]
    out[focus] += potential * turns + FRONTIER_BONUS * min(front, FRONTIER_CAP)
    return out


def _state_value(s: SpaceBaseState, n: int, player: int, hand: Iterable[str],
                 drawn: int = 0, site: tuple[Parts, int] | None = None,
                 credits: tuple[int, ...] | None = None) -> float:
    """The value of position ``s`` for ``player`` holding ``hand`` (plus ``drawn`` cards
    it has not seen), minus the best opponent's. Reads only the public parts of ``s``
    (map, credits, deck size, hand sizes, whether a draw is pending). A pending draw
    counts as the unseen card it will give, so a draw taken without a chance node (a
    known deck order) and a pending one are worth the same. ``site`` (the map's parts
    and ``player``'s frontier size) and ``credits`` stand for the map and the credits of
    ``s`` when given (:func:`values_ahead`: a position one step ahead that is not made)."""
    if credits is None:
        credits = s.credits
    if s.phase == "over":
        best = max((credits[q] for q in range(n) if q != player), default=0)
        return float(credits[player] - best)
    deck = len(s.deck)
    sizes = [len(h) for h in s.hands]
    if s.chance is not None and s.chance[0] == "draw":  # the card about to be drawn
        deck -= 1
        drawer = s.dealt % n if s.phase == "setup" else s.player
        if drawer == player:
            drawn += 1
        else:
            sizes[drawer] += 1
    if site is None:
        terms = _site_terms(s.board, player, n, deck / n, float(deck))
    else:
        terms = _combine(site[0], player, n, deck / n, float(deck), site[1])
    mine = (credits[player] + terms[player] + sum(CARD_VALUE[c] for c in hand)
            + drawn * UNKNOWN_CARD)
    best = max(credits[q] + terms[q] + sizes[q] * UNKNOWN_CARD for q in range(n) if q != player)
    return mine - best


def evaluate(game: SpaceBase, player: int) -> float:
    """A heuristic value of ``game``'s position for ``player``, in credits: the player's
    value (credits, income times the turns left, potential, minus meteor exposure, plus
    the hand) minus the best opponent's. Reads only public information and ``player``'s
    own hand (see the module doc)."""
    if not isinstance(player, int) or isinstance(player, bool) or not \
            0 <= player < game.players:
        raise ValueError(f"player must be 0..{game.players - 1}, not {player!r}")
    return _state_value(game.state, game.players, player, game.hand(player))


def rollout_value(game: SpaceBase, player: int) -> float:
    """``player``'s chance of finishing with the most credits, estimated from
    :func:`evaluate` (its lead in credits) by a logistic curve whose width shrinks as the
    deck runs out: ``1 / (1 + exp(-lead / (7 sqrt(deck + 1))))``. The width was fitted
    by maximum likelihood on 1477 positions of 30 greedy-vs-greedy games (10% random
    moves): a lead of 70 credits with 100 cards left is worth about 73%, a lead of 14
    with 3 left as much. What MCTS scores its playouts with; it reads what
    :func:`evaluate` reads."""
    s = game.state
    return _chance_of(s, _state_value(s, game.players, player, s.hands[player]))


def _chance_of(s: SpaceBaseState, lead: float) -> float:
    x = lead / (7.0 * math.sqrt(len(s.deck) + 1))
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def values_ahead(game: SpaceBase, player: int, actions: Sequence[Move],
                 made: list[SpaceBaseState | None] | None = None) -> list[float]:
    """``rollout_value`` of the position after each of ``actions`` (legal actions of
    ``game``), for ``player``, the position as MCTS's look-ahead makes it (the engine's
    ``_act`` on a copy, stopped at the next chance node): the same floats, computed
    without playing an action where its change to the map is known, for the decisions
    that come in numbers when a move is completed (``MCTSAgent(complete=...)``):

    * ``place (x,y)`` of an installation that would not work there (it meets not all of
      its requirements: then it changes nothing else on the map), or of a resource or a
      Volcano with no installation logistically next to it;
    * ``repair (x,y) n`` that leaves damage (the map works as before; credits paid);
    * ``move``/``swap`` of a Transfer card between sites that are installations not
      working, and would not work at their new cells either.

    Those positions differ from the one before by a site more, or moved, and credits:
    the value's parts (:func:`_parts`) are the board's, with one site and its potential
    added or moved, re-added in the map's order as :func:`_site_terms` adds them. Every
    other action is played on a copy (its map's value parts derived from those of the
    map before: :func:`_derive`), and ``made``, if given, gets the position of each action
    played, None for the others. Only for the player to move.

    ``made`` given, the caller completes the actions after which the player moves again
    (MCTS's ``_ranked``): those known to (``build``, ``transfer``, ``look``: a cell, a
    move, a card to take follows) are not valued (nan)."""
    s = game._s
    n = game.players
    out: list[float] = []
    fast = None
    if s.chance is None and s.phase != "over" and s.player == player:
        pend = s.pending
        if pend is None:
            if s.phase == "repair":
                fast = _Ahead(s, n, player)._repair
        elif pend[0] == "build":
            fast = _Ahead(s, n, player)._place
        elif pend[0] == "transfer":
            fast = _Ahead(s, n, player)._transfer
    for a in actions:
        if made is not None and a.verb in _CONTINUED:
            out.append(math.nan)
            made.append(None)
            continue
        v = None if fast is None else fast(a)
        if v is None:
            new = s.copy()
            game._act(new, a, [])
            if new.board is not s.board:
                c = a.cell
                if c is not None:  # the step's own sites: a.cell (and a Transfer's source)
                    pend = s.pending
                    touched = (c,) if pend is None or pend[0] != "transfer" else (c, pend[1])
                    _derive(s.board, new.board, touched, player, n)
            v = _chance_of(new, _state_value(new, n, player, new.hands[player]))
            if made is not None:
                made.append(new)
        elif made is not None:
            made.append(None)
        out.append(v)
    return out


class _Ahead:
    """:func:`values_ahead`'s known changes, from position ``s`` (``player`` to move)."""

    __slots__ = ("board", "n", "parts", "player", "s")

    def __init__(self, s: SpaceBaseState, n: int, player: int) -> None:
        self.s = s
        self.n = n
        self.player = player
        self.board = s.board
        self.parts = _parts(s.board, player, n)

    def _value(self, parts: Parts, front: int, hand: Sequence[str],
               credits: tuple[int, ...] | None = None) -> float:
        s = self.s
        return _chance_of(s, _state_value(s, self.n, self.player, hand, 0, (parts, front),
                                          credits))

    def _works(self, c: Cell, name: str) -> bool:
        """Would an undamaged ``name`` work on ``c`` (the map's other sites as they are)?"""
        b = self.board
        return all(b._met(c, r) for r in REQUIRES[_ROLE[name]])

    def _term(self, c: Cell, name: str, owner: int, damaged: bool) -> float | None:
        """The potential term :func:`_parts` adds for a site ``name`` on ``c`` that does not
        work (None: none)."""
        inc = _INCOME[name]
        if owner != self.player or not inc or damaged:
            return None
        reqs = REQUIRES[_ROLE[name]]
        if not reqs:
            return None
        b = self.board
        met = sum(1 for r in reqs if b._met(c, r))
        return POTENTIAL * inc * met / len(reqs)

    def _place(self, a: Move) -> float | None:
        if a.verb != "place":
            return None
        s, b, c, p = self.s, self.board, a.cell, self.player
        card = s.pending[1]
        if card in _INSTALL:
            if self._works(c, card):
                return None  # it works: support may spread (played on a copy)
            t = self._term(c, card, p, False)
        else:  # a resource or a Volcano: it changes nothing if no installation is near
            name = b._name
            if any(name[d] in _INSTALL for d in b._lnb(c)):
                return None
            t = None
        income, sites, carried, exposed, potential, terms = self.parts
        sites = sites.copy()
        sites[p] += 1
        if t is not None:
            potential += t
        bit, nbm = b._kit[0], b._kit[1]
        occ = b._occ | bit[c]
        front = (b._fmask(p) | nbm[c]) & ~occ
        hand = s.hands[p]
        i = hand.index(card)
        return self._value((income, sites, carried, exposed, potential, terms),
                           front.bit_count(), hand[:i] + hand[i + 1:])

    def _repair(self, a: Move) -> float | None:
        if a.verb != "repair" or a.n >= self.board._dmg.get(a.cell, 0):
            return None  # the damage is gone: the site may work again (played on a copy)
        s, p = self.s, self.player
        credits = s.credits
        credits = (*credits[:p], credits[p] - a.n, *credits[p + 1:])
        return self._value(self.parts, self.board._fmask(p).bit_count(), s.hands[p],
                           credits)

    def _transfer(self, a: Move) -> float | None:
        v = a.verb
        if v != "move" and v != "swap":
            return None
        s, b, p = self.s, self.board, self.player
        src, dst = s.pending[1], a.cell
        name, owner, func, dmg = b._name, b._owner, b._func, b._dmg
        na = name[src]
        if na not in _INSTALL or src in func:
            return None
        # the sites that land on dst (and on src for a swap), each with owner and damage
        landing = [(dst, na, owner[src], src in dmg)]
        if v == "swap":
            nb_ = name[dst]
            if nb_ not in _INSTALL or dst in func:
                return None
            landing = [(src, nb_, owner[dst], dst in dmg), (dst, na, owner[src], src in dmg)]
        for c, nm, _, damaged in landing:
            if not damaged and self._works(c, nm):
                return None
        income, sites, carried, exposed, _, terms = self.parts
        gone = (src, dst)
        potential = 0.0
        kept = {}
        for c, t in terms.items():  # the map's order: the sites that stay, then those moved
            if c not in gone:
                potential += t
                kept[c] = t
        for c, nm, o, damaged in landing:
            t = self._term(c, nm, o, damaged)
            if t is not None:
                potential += t
                kept[c] = t
        bit, kit = b._kit[0], b._kit
        om = b._omask(p)
        occ = b._occ
        if v == "move":
            occ = (occ & ~bit[src]) | bit[dst]
            if owner[src] == p:
                om = (om & ~bit[src]) | bit[dst]
        else:
            om &= ~(bit[src] | bit[dst])
            for c, _, o, _ in landing:
                if o == p:
                    om |= bit[c]
        front = near(om, kit) & ~occ
        return self._value((income, sites, carried, exposed, potential, kept),
                           front.bit_count(), s.hands[p])


def _known_hand(hand: Sequence[str], line: Sequence[Move]) -> list[str]:
    """The hand after the agent's own actions ``line``, known without looking at any card
    drawn meanwhile."""
    out = Counter(hand)
    pending = None
    for a in line:
        v = a.verb
        if v == "transfer":
            out["Transfer"] -= 1
        elif v in ("control", "look"):
            out["Control"] -= 1
        elif v == "discard":
            out[a.card] -= 1
        elif v == "steal":
            out[a.card] += 1
        elif v == "build":  # build <card>, then place (x,y): the card leaves the hand
            pending = a.card
        elif v == "place" and pending is not None:
            out[pending] -= 1
            pending = None
    return list((+out).elements())


class GreedyAgent:
    """A one-move greedy Space Base player: it plays each legal action on a copy of the
    position (stopping before any chance node) and picks the action whose position is
    worth most to it (:func:`evaluate`), valuing ``build <card>`` and ``transfer (x,y)``
    by their best completion. Ties are broken by its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed})"

    def choose(self, game: SpaceBase) -> Move:
        """The action to play now (the player to move is the agent)."""
        actions = game.legal_actions()
        p = game.current_player
        if not actions or p is None or p == CHANCE:
            raise ValueError(f"no decision to take in {game!r}")
        if len(actions) == 1:
            return actions[0]
        scored = self.scores(game)
        top = max(scored.values())
        best = [a for a in actions if scored[a] >= top - 1e-9]
        return best[0] if len(best) == 1 else best[self._rng.randrange(len(best))]

    def scores(self, game: SpaceBase) -> dict[Move, float]:
        """Every legal action with the value the agent gives it (without choosing)."""
        p = game.current_player
        if p is None or p == CHANCE:
            return {}
        s = game.state
        hand = game.hand(p)
        look = _Lookahead(game, p, hand, len(s.deck))
        out: dict[Move, float] = {}
        for a in game.legal_actions():
            if a.verb == "look":
                # never looked ahead: the look would show the hand. The Control card is
                # spent and an unseen card changes hands (worth UNKNOWN_CARD to each).
                out[a] = _state_value(s, game.players, p, _known_hand(hand, [a])) \
                    + 2 * UNKNOWN_CARD
            else:
                out[a] = look.value(s, [a])
        return out


class _Lookahead:
    """The agent's look-ahead: the engine's own transition (``SpaceBase._act``) on copies
    of the state. ``_act`` runs the automatic steps of the turn and stops at the first
    chance node (meteor, damage, draw) without resolving it: the same position a fork
    with ``auto_roll = False`` stops at."""

    __slots__ = ("_movable", "deck0", "game", "hand", "n", "player")

    def __init__(self, game: SpaceBase, player: int, hand: Sequence[str], deck0: int) -> None:
        self.game = game
        self.player = player
        self.hand = hand
        self.deck0 = deck0
        self.n = game.players
        self._movable: frozenset[Cell] | None = None

    def movable(self, s: SpaceBaseState) -> frozenset[Cell]:
        """The sites a Transfer card is tried on: the player's undamaged defunct
        installations, the ``TRANSFER_SOURCES`` that earn most (moving a working site
        breaks it; resources and volcanoes are not searched, for time)."""
        if self._movable is None:
            b = s.board
            cells = [c for c, o in b._owner.items() if o == self.player
                     and b._name[c] in _INSTALL and c not in b._func and c not in b._dmg]
            cells.sort(key=lambda c: (-_INCOME[b._name[c]], c))
            self._movable = frozenset(cells[:TRANSFER_SOURCES])
        return self._movable

    def value(self, s: SpaceBaseState, line: list[Move]) -> float:
        """The value of playing the last action of ``line`` from ``s`` (and the best
        completion of a multi-part decision)."""
        a = line[-1]
        if a.verb == "transfer" and a.cell not in self.movable(s):
            # not searched: playing the card without the move is worth less than keeping it
            return _state_value(s, self.n, self.player, _known_hand(self.hand, line)) - 1.0
        new = s.copy()
        self.game._act(new, a, [])
        if (a.verb in _EXPAND and new.pending is not None and new.chance is None
                and new.player == self.player and len(line) < 3):
            nxt = _candidates(new, self.game._legal(new))
            if nxt:
                return max(self.value(new, [*line, b]) for b in dict.fromkeys(nxt))
        drawn = self.deck0 - len(new.deck)  # a known card drawn without a chance node
        return _state_value(new, self.n, self.player, _known_hand(self.hand, line), drawn)


def _candidates(s: SpaceBaseState, actions: Sequence[Move]) -> list[Move]:
    """The completions of a multi-part decision worth searching (the others are never
    better for a greedy player, and would cost time):

    * ``transfer (x,y)`` (a site of :meth:`_Lookahead.movable`): to an empty cell next
      to a functional site, or swapped with another of the player's sites that is not
      working either;
    * ``build Volcano``: the cells next to the player's sites (else anywhere).
    """
    pend = s.pending
    b = s.board
    name, func, nb = b._name, b._func, b._nb
    if pend[0] == "transfer":
        src = pend[1]
        out = []
        for a in dict.fromkeys(actions):
            c = a.cell
            if a.verb == "move":
                if any(n in func for n in nb[c] if n != src):
                    out.append(a)
            elif name[c] not in _INSTALL or (c not in func and c not in b._dmg):
                out.append(a)
        return out
    if pend[1] == "Volcano":
        near = b._frontier(s.player)
        out = [a for a in dict.fromkeys(actions) if a.cell in near]
        return out or list(dict.fromkeys(actions))
    return list(dict.fromkeys(actions))
