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
each action with ``game.child(action)`` (a new game one action ahead, stopped at the
next meteor, damage roll or draw without resolving it), and it counts a card drawn
during the look-ahead (a scenario's known deck order draws without a chance node) or
about to be drawn as one unseen card, without looking at it. It never looks ahead
through ``control look p`` (that would show it the hand); the look is valued at the
unseen card it will take.

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
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final, cast

from ..core.game import CHANCE
from ..core.limits import quote
from ..core.logistic import logistic
from . import data
from .board import REQUIRES, Board
from .cells import Cell, neighbours
from .turn import drawer

if TYPE_CHECKING:
    from .actions import Move
    from .game import SpaceBase
    from .state import SpaceBaseState

__all__ = ["CARD_VALUE", "GreedyAgent", "evaluate", "rollout_value", "values_ahead"]

REPAIR_MEAN: Final = 5.5
"""The mean damage of a meteor (1D10), i.e. the mean cost of repairing a hit."""
METEOR_CELLS: Final = 100
POTENTIAL: Final = 0.3
"""Share of a defunct installation's future income counted, times the share of its
requirements met."""
SITE_BONUS: Final = 1.0
"""Every site a player controls (room it opens, requirements it may meet later)."""
ORE_BONUS: Final = 0.08
"""Per ore type a player's functional extractors and refineries carry, times turns left."""
TRANSFER_SOURCES: Final = 3
"""How many of its sites the agent tries to move with a Transfer card (for time)."""
FRONTIER_BONUS: Final = 0.15
FRONTIER_CAP: Final = 16
UNKNOWN_CARD: Final = 1.0
"""The value of a card nobody has seen (an opponent's card, a card drawn in the
look-ahead, the card a Control card's look will take)."""

CARD_VALUE: Final[dict[str, float]] = {
    c.name: (0.0 if c.role == "outpost" else 2.0 if c.name == "Control"
             else 1.0 if c.name == "Transfer" else 0.4 + 0.08 * (c.income or 0))
    for c in data.CARD_LIST
}
"""What holding a card is worth: a site card a little more the more it earns, always
less than placing it (``SITE_BONUS``); an action card is kept until it pays."""

_ROLE: Final = dict(data.ROLE)
_INCOME: Final = {c.name: c.income or 0 for c in data.CARD_LIST}
_INSTALL: Final = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")
_CARRIERS: Final = frozenset({"outpost", "extractor", "refinery"})
_EXPAND: Final = frozenset({"build", "transfer"})  # verbs whose action leaves a sub-decision
_CONTINUED: Final = frozenset({"build", "transfer", "look"})  # ... always the same player's
_NONE: Final[frozenset[str]] = frozenset()


def _site_terms(board: Board, focus: int, n: int, turns: float,
                meteors: float) -> list[float]:
    """The map's part of every player's value (income times turns left, sites, ores
    carried, meteor exposure), with the potential of defunct installations and the room
    to build for ``focus`` only. The counts and sums it is made of (:func:`_parts`) are
    kept per board (a game's boards never change)."""
    return _combine(_parts(board, focus, n), focus, n, turns, meteors,
                    len(board.frontier(focus)))


Parts = tuple[list[int], list[int], list[int], list[float], float, dict[Cell, float]]
"""What :func:`_site_terms` adds up, per player: income, sites, ore types carried,
meteor exposure; then ``focus``'s potential and its terms in the order they were added
(``{cell: term}``, the map's order: :func:`values_ahead` re-adds them after a change)."""

_PARTS: Final[dict[tuple[int, int, int], tuple[Board, Parts]]] = {}
_PARTS_MAX: Final = 4096
""":func:`_parts` per ``(id(board), focus, players)``. An entry holds its board, so the
id is not reused while it is there; only read-only boards are kept (a game's: every
step makes a new one), so an entry never goes stale. Emptied when full."""


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
    name, owner, func = board.names(), board.owners(), board.functional()
    dmg, ores = board.damaged(), board.carried()
    income = [0] * n
    sites = [0] * n
    exposed = [0.0] * n
    carried: list[set[str]] = [set() for _ in range(n)]
    potential = 0.0
    terms: dict[Cell, float] = {}
    old = terms0 if terms0 is not None else {}
    cover = board.shield_cover()
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
                    met = board.requirements_met(c, nm)
                    t = POTENTIAL * inc * met / len(reqs)
                    potential += t
                    terms[c] = t
            else:
                kept = old.get(c)
                if kept is not None:
                    potential += kept
                    terms[c] = kept
    return income, sites, [len(x) for x in carried], exposed, potential, terms


def _keep(key: tuple[int, int, int], board: Board, parts: Parts) -> None:
    if not board.read_only:  # a board one may still change (``Board.copy()``): not kept
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
    changed: set[Cell] = set(touched) | (parent.functional() ^ board.functional())
    ores, ores0 = board.carried(), parent.carried()
    changed.update(c for c, x in ores.items() if ores0.get(c) != x)
    near_: set[Cell] = set(changed)
    for c in changed:
        near_.update(parent.logistic_neighbours(c))
        near_.update(board.logistic_neighbours(c))
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
        return _final_lead(credits, player)
    deck = len(s.deck)
    sizes = [len(h) for h in s.hands]
    if s.chance is not None and s.chance[0] == "draw":  # the card about to be drawn
        deck -= 1
        to = drawer(s)
        if to == player:
            drawn += 1
        else:
            sizes[to] += 1
    if site is None:
        terms = _site_terms(s.board, player, n, deck / n, float(deck))
    else:
        terms = _combine(site[0], player, n, deck / n, float(deck), site[1])
    mine: float = (credits[player] + terms[player] + sum(CARD_VALUE[c] for c in hand)
                   + drawn * UNKNOWN_CARD)
    best = max(credits[q] + terms[q] + sizes[q] * UNKNOWN_CARD for q in range(n) if q != player)
    return mine - best


def _final_lead(credits: tuple[int, ...], player: int) -> float:
    """At the end: the player's credits minus the best opponent's."""
    return float(credits[player] - max(c for q, c in enumerate(credits) if q != player))


def evaluate(game: SpaceBase, player: int) -> float:
    """A heuristic value of ``game``'s position for ``player``, in credits: the player's
    value (credits, income times the turns left, potential, minus meteor exposure, plus
    the hand) minus the best opponent's. Reads only public information and ``player``'s
    own hand (see the module doc)."""
    if not isinstance(player, int) or isinstance(player, bool) or not \
            0 <= player < game.players:
        raise ValueError(f"player must be 0..{game.players - 1}, not {quote(player)}")
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
    return logistic(lead / (7.0 * math.sqrt(len(s.deck) + 1)))


def values_ahead(game: SpaceBase, player: int, actions: Sequence[Move],
                 made: list[SpaceBase | None] | None = None) -> list[float]:
    """``rollout_value`` of the position after each of ``actions`` (legal actions of
    ``game``), for ``player``, the position as MCTS's look-ahead makes it
    (``game.child(action)``: stopped at the next chance node): the same floats, computed
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
    other action is played (``game.child``; its map's value parts derived from those of
    the map before: :func:`_derive`), and ``made``, if given, gets the game one step
    ahead (``game.child``) of each action played, None for the others. Only for the player to move.

    ``made`` given, the caller completes the actions after which the player moves again
    (MCTS's ``_ranked``): those known to (``build``, ``transfer``, ``look``: a cell, a
    move, a card to take follows) are not valued (nan)."""
    s = game.state
    fast = _known_change(s, game.players, player)
    out: list[float] = []
    for a in actions:
        if made is not None and a.verb in _CONTINUED:
            out.append(math.nan)
            made.append(None)
            continue
        v = None if fast is None else fast(a)
        if v is None:
            child = _played(game, a, player)
            new = child.state
            v = _chance_of(new, _state_value(new, game.players, player, new.hands[player]))
            if made is not None:
                made.append(child)
        elif made is not None:
            made.append(None)
        out.append(v)
    return out


def _known_change(s: SpaceBaseState, n: int,
                  player: int) -> Callable[[Move], float | None] | None:
    """The :class:`_Ahead` method valuing the actions of ``s`` whose change is known
    (None: every action is played)."""
    if s.chance is not None or s.phase == "over" or s.player != player:
        return None
    if s.pending is None:
        return _Ahead(s, n, player).repair if s.phase == "repair" else None
    if s.pending[0] == "build":
        return _Ahead(s, n, player).place
    if s.pending[0] == "transfer":
        return _Ahead(s, n, player).transfer
    return None


def _played(game: SpaceBase, a: Move, player: int) -> SpaceBase:
    """The game after ``a`` (``game.child``), its map's value parts derived from those
    of the map before when the map changed."""
    s = game.state
    child = _child(game, a)
    new = child.state
    if new.board is not s.board and a.cell is not None:
        # the step's own sites: a.cell (and a Transfer's source)
        touched = (a.cell,) if s.pending is None or s.pending[0] != "transfer" \
            else (a.cell, s.pending[1])
        _derive(s.board, new.board, touched, player, game.players)
    return child


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
        return self.board.requirements_met(c, name) == len(REQUIRES[_ROLE[name]])

    def _term(self, c: Cell, name: str, owner: int, damaged: bool) -> float | None:
        """The potential term :func:`_parts` adds for a site ``name`` on ``c`` that does not
        work (None: none)."""
        inc = _INCOME[name]
        reqs = REQUIRES[_ROLE[name]]
        if owner != self.player or not inc or damaged or not reqs:
            return None
        return POTENTIAL * inc * self.board.requirements_met(c, name) / len(reqs)

    def _front(self, own: Iterable[Cell], occupied: set[Cell]) -> int:
        """The size of the frontier of the sites ``own`` among ``occupied`` cells."""
        return len({n for c in own for n in neighbours(c)} - occupied)

    def place(self, a: Move) -> float | None:
        """``place (x,y)`` of a site that changes nothing else on the map."""
        s, b, c, p = self.s, self.board, a.cell, self.player
        if a.verb != "place" or c is None or s.pending is None:
            return None
        card = s.pending[1]
        if card in _INSTALL:
            if self._works(c, card):
                return None  # it works: support may spread (played on a copy)
            t = self._term(c, card, p, False)
        else:  # a resource or a Volcano: it changes nothing if no installation is near
            if any(b.names()[d] in _INSTALL for d in b.logistic_neighbours(c)):
                return None
            t = None
        income, sites, carried, exposed, potential, terms = self.parts
        sites = sites.copy()
        sites[p] += 1
        if t is not None:
            potential += t
        front = len((b.frontier(p) | {n for n in neighbours(c) if n not in b}) - {c})
        hand = s.hands[p]
        i = hand.index(card)
        return self._value((income, sites, carried, exposed, potential, terms), front,
                           hand[:i] + hand[i + 1:])

    def repair(self, a: Move) -> float | None:
        """``repair (x,y) n`` that leaves damage."""
        if a.verb != "repair" or a.cell is None or a.n >= self.board.damaged().get(a.cell, 0):
            return None  # the damage is gone: the site may work again (played on a copy)
        s, p = self.s, self.player
        credits = (*s.credits[:p], s.credits[p] - a.n, *s.credits[p + 1:])
        return self._value(self.parts, len(self.board.frontier(p)), s.hands[p], credits)

    def _landing(self, src: Cell, dst: Cell,
                 verb: str) -> list[tuple[Cell, str, int, bool]] | None:
        """The sites that land on the cells of a ``move``/``swap`` from ``src`` to
        ``dst`` (cell, name, owner, damaged), or None when one of them is not an
        installation out of work."""
        b = self.board
        names, owners, func, dmg = b.names(), b.owners(), b.functional(), b.damaged()
        # (from, to): a swap puts the site on dst on src, and the one on src on dst
        moved = [(src, dst)] if verb == "move" else [(dst, src), (src, dst)]
        if any(names[x] not in _INSTALL or x in func for x, _ in moved):
            return None
        return [(to, names[x], owners[x], x in dmg) for x, to in moved]

    def transfer(self, a: Move) -> float | None:
        """``move to``/``swap with`` between installations out of work that would not work
        at their new cells either."""
        s, b, p, dst = self.s, self.board, self.player, a.cell
        if a.verb not in ("move", "swap") or s.pending is None or dst is None:
            return None
        src = s.pending[1]
        landing = self._landing(src, dst, a.verb)
        if landing is None or any(not damaged and self._works(c, nm)
                                  for c, nm, _, damaged in landing):
            return None
        income, sites, carried, exposed, _, terms = self.parts
        # the map's order: the sites that stay, then those moved
        kept = {c: t for c, t in terms.items() if c not in (src, dst)}
        for c, nm, o, damaged in landing:
            t = self._term(c, nm, o, damaged)
            if t is not None:
                kept[c] = t
        potential = 0.0
        for t in kept.values():
            potential += t
        occupied = set(b.names())
        if a.verb == "move":
            occupied = occupied - {src} | {dst}
        own = set(b.controlled_by(p)) - {src, dst} | {c for c, _, o, _ in landing if o == p}
        return self._value((income, sites, carried, exposed, potential, kept),
                           self._front(own, occupied), s.hands[p])


def _legal(game: SpaceBase) -> tuple[Move, ...]:
    """``game.legal_actions()``: Space Base's ``Move`` actions."""
    return cast("tuple[Move, ...]", game.legal_actions())


def _child(game: SpaceBase, a: Move) -> SpaceBase:
    """``game.child(a)``: a Space Base game one action ahead, stopped at the next chance
    node."""
    return game.child(a)


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
    """A one-move greedy Space Base player: it plays each legal action one step ahead
    (``game.child``, stopping before any chance node) and picks the action whose position
    is worth most to it (:func:`evaluate`), valuing ``build <card>`` and ``transfer
    (x,y)`` by their best completion. Ties are broken by its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {quote(seed)}")
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed})"

    def choose(self, game: SpaceBase) -> Move:
        """The action to play now (the player to move is the agent)."""
        actions = _legal(game)
        p = game.current_player
        if not actions or p is None or p == CHANCE:
            raise ValueError(f"no decision to take in {quote(game)}")
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
        look = _Lookahead(p, hand, len(s.deck), game.players)
        out: dict[Move, float] = {}
        for a in _legal(game):
            if a.verb == "look":
                # never looked ahead: the look would show the hand. The Control card is
                # spent and an unseen card changes hands (worth UNKNOWN_CARD to each).
                out[a] = _state_value(s, game.players, p, _known_hand(hand, [a])) \
                    + 2 * UNKNOWN_CARD
            else:
                out[a] = look.value(game, [a])
        return out


class _Lookahead:
    """The agent's look-ahead: each action played with ``game.child(action)``, which runs
    the automatic steps of the turn and stops at the first chance node (meteor, damage,
    draw) without resolving it."""

    __slots__ = ("_movable", "deck0", "hand", "n", "player")

    def __init__(self, player: int, hand: Sequence[str], deck0: int, n: int) -> None:
        self.player = player
        self.hand = hand
        self.deck0 = deck0
        self.n = n
        self._movable: frozenset[Cell] | None = None

    def movable(self, board: Board) -> frozenset[Cell]:
        """The sites a Transfer card is tried on: the player's undamaged defunct
        installations, the ``TRANSFER_SOURCES`` that earn most (moving a working site
        breaks it; resources and volcanoes are not searched, for time)."""
        if self._movable is None:
            names, func, dmg = board.names(), board.functional(), board.damaged()
            cells = [c for c in board.controlled_by(self.player)
                     if names[c] in _INSTALL and c not in func and c not in dmg]
            cells.sort(key=lambda c: (-_INCOME[names[c]], c))
            self._movable = frozenset(cells[:TRANSFER_SOURCES])
        return self._movable

    def value(self, game: SpaceBase, line: list[Move]) -> float:
        """The value of playing the last action of ``line`` in ``game`` (and the best
        completion of a multi-part decision)."""
        a = line[-1]
        if a.verb == "transfer" and a.cell not in self.movable(game.board):
            # not searched: playing the card without the move is worth less than keeping it
            return _state_value(game.state, self.n, self.player,
                                _known_hand(self.hand, line)) - 1.0
        h = _child(game, a)
        new = h.state
        if (a.verb in _EXPAND and new.pending is not None and new.chance is None
                and new.player == self.player and len(line) < 3):
            nxt = _candidates(new, _legal(h))
            if nxt:
                return max(self.value(h, [*line, b]) for b in nxt)
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
    assert s.pending is not None
    b = s.board
    if s.pending[0] == "transfer":
        return [a for a in actions if _worth_transferring_to(b, s.pending[1], a)]
    if s.pending[1] == "Volcano":
        near = b.frontier(s.player)
        return [a for a in actions if a.cell in near] or list(actions)
    return list(actions)


def _worth_transferring_to(b: Board, src: Cell, a: Move) -> bool:
    """A ``move to`` an empty cell next to a functional site, or a ``swap with`` a site
    that is not an installation, or one neither working nor damaged."""
    assert a.cell is not None
    func = b.functional()
    if a.verb == "move":
        return any(n in func for n in neighbours(a.cell) if n != src)
    return (b.names()[a.cell] not in _INSTALL
            or (a.cell not in func and a.cell not in b.damaged()))
