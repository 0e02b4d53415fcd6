"""Blast heuristics for computer players: :func:`evaluate` and :class:`GreedyAgent`.

>>> import boardgames as bg
>>> from boardgames.blast.agents import GreedyAgent, evaluate
>>> g = bg.Blast(seed=7)
>>> a = GreedyAgent(seed=1)
>>> g.is_legal(a.choose(g))[0]
True

**What they read.** ``evaluate(game, player)`` reads only what ``game.view(player)``
shows: both sides' units on the track and in the scrap heaps, the dice, the cards in the
vortex and in play, the fight in progress, the hand *sizes*, and ``player``'s own hand.
Never the other hand, never the deck (its contents would give the other hand away: the
cards nobody has seen are the deck and that hand together). The chance that the opponent
holds a defence card is worked out from the cards ``player`` has not seen (all 50 minus
its hand, the vortex and the cards in play) and the opponent's hand size.

**The value** of a position for a player, in units of Force: the Force of its units on
the track minus the opponent's, plus 6 per planet held (10 more for its own homeworld:
the hand limit and rebuilds depend on it), a bonus for three or four planets, the
expected result of every fight still to be fought (exact win odds from
:func:`~boardgames.blast.fight_odds`, with the opponent's possible defence cards), minus
the expected loss to the opponent's next roll (the "shots": the chance a stronger enemy
unit can land on a stack with 2D6), plus small terms for the chance of reaching the
planets it does not hold and the value of the cards in hand.

**The greedy agent** looks ahead over its own decisions of the roll, build and move
phases together (dice cards, rebuilds, every die's move, move cards) on a fork with
``auto_roll = False``: a die it rerolls or adds (Battle Computers, Hyper Jump) is counted
exactly, as the average over the six faces of its best continuation, and the look-ahead
stops before any draw (a draw would read the deck) and at the end of the move phase, where
the fights to come are valued by their odds. The fork opens every card window
(``Rules(windows="always")``) so that the point where the look-ahead stops never depends
on the cards the opponent holds; the opponent's Jam Transmission window is passed. In
fights it plays attack cards while they raise its expected gain more than they are worth,
defends with the cheapest cards that save the stack, keeps the strongest survivors the
rule allows, and plays Major Offensive and Espionage when it can. Ties are broken by its
own seeded generator (never the global ``random``): the same seed and the same game give
the same choices.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, cast

from ..core.game import CHANCE
from ..core.limits import quote
from ..core.logistic import logistic
from . import data
from .actions import Order, order
from .data import ATTACK, DEFENCE, DIRECTIONS, FIGHT_BONUS, HOMEWORLDS, PLANETS, SECTORS
from .odds import fight_odds

if TYPE_CHECKING:
    from .game import Blast, BlastState

__all__ = ["CARD_VALUE", "WIDTH", "GreedyAgent", "evaluate", "rollout_value",
           "shot_probability"]

PLANET: Final = 6.0
"""Value of holding a planet, in Force."""
HOME: Final = 10.0
"""Extra value of holding one's own homeworld (hand limit, rebuilds)."""
MANY_PLANETS: Final = (0.0, 0.0, 0.0, 6.0, 1000.0)
"""Bonus for holding 0..4 planets at once (four is a win)."""
WIN: Final = 1000.0
SCRAP: Final = 0.3
"""Value of a destroyed unit's Force while its side holds its homeworld (it may come
back with doubles or Reinforcements)."""
THREAT: Final = 0.8
"""Share of the expected loss to the opponent's next roll that is counted."""
REACH: Final = 0.35
"""Share of a planet's value counted for the chance of reaching it next turn."""
CARD: Final = 0.3
"""Share of a card's value (in Force) counted while it is in hand."""
WIDTH: Final = 17.0
"""The width of :func:`rollout_value`'s logistic curve, in Force."""
MAX_STEPS: Final = 3000
"""Look-ahead budget per decision, in steps applied on forks: past half of it the search
plays greedily (one step ahead), past all of it positions are valued as they stand."""

CARD_VALUE: Final[dict[str, float]] = {
    "Ion Thrusters": 1.0, "Warp Overdrive": 1.5, "Maximum Burn": 2.0, "Hyper Jump": 2.0,
    "Strategic Move": 2.5, "Space Combat Tactics": 1.5, "Defend the Homeworld": 2.5,
    "Hold Position": 0.5, "Battle Computers": 1.5,
    "Continuous Wave Laser": 1.0, "Plasma Generator": 2.0, "Disruptor cannon": 3.0,
    "Antimatter Missiles": 4.0, "Nova Bomb": 5.0, "Surprise Attack": 3.5,
    "Plasteel Armor": 1.0, "Electronic Countermeasures": 2.0, "Inertial Force Field": 3.0,
    "Evasive Maneuver": 4.0, "Ablative Energy Shields": 5.0, "Ambush": 3.5,
    "Espionage": 0.5, "Jam Transmission": 2.0, "Reinforcements": 2.5, "Major Offensive": 5.0,
}
"""What a card in hand is worth, in Force (a rough guide for discards and card play)."""
assert set(CARD_VALUE) == set(data.BY_NAME)

_PLANET_SECTORS: Final = tuple(PLANETS)
_SEARCH_PHASES: Final = frozenset({"roll", "build", "move"})
_DONE: Final = order("done")


def _shots() -> tuple[float, ...]:
    """P(a 2D6 roll lets a unit land exactly ``k`` sectors ahead: one die, or both in
    either order), for k = 0..27 (no blocking enemy units counted)."""
    out = [0] * SECTORS
    for a in range(1, 7):
        for b in range(1, 7):
            for k in {a, b, a + b}:
                out[k] += 1
    return tuple(x / 36 for x in out)


SHOTS: Final = _shots()


def shot_probability(frm: int, to: int, direction: int) -> float:
    """P(a unit on sector ``frm`` moving in ``direction`` can land on ``to`` with the next
    2D6 roll), ignoring enemy units in between (the backgammon "shot")."""
    return SHOTS[((to - frm) * direction) % SECTORS]


# ---------------------------------------------------------------------- fights
@lru_cache(maxsize=8192)
def _p_attacker(att: tuple[int, ...], dfd: tuple[int, ...], ab: int, db: int, na: int,
                nd: int, tie: str) -> float:
    rules = _RULES[tie]
    d = fight_odds(att, dfd, (), (), rules, attack_bonus=ab, defense_bonus=db,
                   attack_dice=na, defense_dice=nd)
    return float(d.get("attacker", 0))


def _rules_by_tie() -> dict[str, Any]:
    from .rules import Rules

    return {t: Rules(tie=t) for t in ("defender", "both_destroyed", "attacker")}


_RULES: Final = _rules_by_tie()


def unseen_cards(s: BlastState, player: int) -> Counter[str]:
    """The cards ``player`` has not seen: the deck and the other hand together (all 50,
    minus its own hand, the vortex and the cards in play). Public to ``player``."""
    pool = Counter(data.deck_counts())
    pool.subtract(s.hands[player])
    pool.subtract(s.vortex)
    pool.subtract(s.play)
    return +pool


def defence_threat(s: BlastState, player: int) -> tuple[float, int, int]:
    """What ``player`` expects of the opponent's defence cards: (probability the opponent
    holds at least one, their typical fixed bonus, 1D6 dice), from the unseen cards and
    the opponent's hand size only."""
    return _defence_threat(s.hands[player], s.vortex, s.play, len(s.hands[1 - player]))


@lru_cache(maxsize=4096)
def _defence_threat(hand: tuple[str, ...], vortex: tuple[str, ...], play: tuple[str, ...],
                    k: int) -> tuple[float, int, int]:
    pool = Counter(data.deck_counts())
    pool.subtract(hand)
    pool.subtract(vortex)
    pool.subtract(play)
    pool = +pool
    n = sum(pool.values())
    d = sum(v for c, v in pool.items() if c in DEFENCE)
    if not n or not k or not d:
        return 0.0, 0, 0
    p_none = 1.0
    for i in range(min(k, n)):  # hypergeometric: no defence card among k of n
        p_none *= max(0.0, (n - d - i) / (n - i))
    fixed = [FIGHT_BONUS[c] for c, v in pool.items() if c in DEFENCE and c not in
             data.D6_CARDS for _ in range(v)]
    dice = sum(v for c, v in pool.items() if c in DEFENCE and c in data.D6_CARDS)
    if dice > len(fixed):  # mostly Ambush left: one 1D6
        return 1.0 - p_none, 0, 1
    return 1.0 - p_none, round(sum(fixed) / len(fixed)), 0


def _win_chance(s: BlastState, player: int, att: tuple[int, ...], dfd: tuple[int, ...],
                ab: int, db: int, na: int, nd: int, tie: str, defender_may_add: bool) -> float:
    """P(``player``, the attacker, wins), the opponent's unknown defence cards counted
    when it may still play them."""
    p0 = _p_attacker(att, dfd, ab, db, na, nd, tie)
    if not defender_may_add:
        return p0
    q, fixed, dice = defence_threat(s, player)
    if q == 0.0:
        return p0
    p1 = _p_attacker(att, dfd, ab, db + fixed, na, nd + dice, tie)
    return (1 - q) * p0 + q * p1


def _attack_plan(s: BlastState, player: int, att: tuple[int, ...], dfd: tuple[int, ...],
                 ab: int, db: int, na: int, nd: int, tie: str, may_add: bool,
                 cards: bool) -> tuple[float, float]:
    """P(``player`` wins the fight it attacks) if it then plays its attack cards one at a
    time while each raises its odds enough (most useful first), and the value of the
    cards it would spend (in Force, times :data:`CARD`)."""
    p = _win_chance(s, player, att, dfd, ab, db, na, nd, tie, may_add)
    if not cards:
        return p, 0.0
    hand = [c for c in s.hands[player] if c in ATTACK]
    stake = sum(att) + sum(dfd)
    spent = 0.0
    while hand and p < 0.95:
        best = None
        for c in set(hand):
            q = _win_chance(s, player, att, dfd, ab + FIGHT_BONUS[c], db,
                            na + (c in data.D6_CARDS), nd, tie, may_add)
            gain = (q - p) * stake - CARD * CARD_VALUE[c]
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, c, q)
        if best is None:
            break
        _, c, p = best
        hand.remove(c)
        ab += FIGHT_BONUS[c]
        na += c in data.D6_CARDS
        spent += CARD * CARD_VALUE[c]
    return p, spent


# ---------------------------------------------------------------------- evaluation
def evaluate(game: Blast, player: int) -> float:
    """A heuristic value of ``game``'s position for ``player`` (higher is better), read
    only from what ``game.view(player)`` shows (see the module's docstring)."""
    s = game.state
    if s.phase == "over":
        if s.winner is None:
            return 0.0
        return WIN if s.winner == player else -WIN
    value = _material(s, player)
    costs = [0.0]
    fights = _fights(s, player, game.rules.tie, costs)
    value -= costs[0]
    value = _planets_value(s, player, fights, value)
    # The fights still to come, at their odds: the loser's stack goes to the scrap heap.
    mine, theirs = s.units[player], s.units[1 - player]
    for sec, p in fights.items():
        i = sec - 1
        a, d = sum(mine[i]), sum(theirs[i])
        value += p * d - (1 - p) * a  # (the winner's excess is small: ignored)
    value -= THREAT * _risk(s, player)
    value = _reach_value(s, player, value)
    # Cards in hand.
    value += CARD * sum(CARD_VALUE[c] for c in s.hands[player])
    return value


def _material(s: BlastState, player: int) -> float:
    """Force on the track and in the scrap heaps."""
    units = s.units
    value = 0.0
    for st in units[player]:
        if st:
            value += sum(st)
    for st in units[1 - player]:
        if st:
            value -= sum(st)
    # A destroyed unit may come back (doubles, Reinforcements) only to a held homeworld.
    for q, sign in ((player, 1.0), (1 - player, -1.0)):
        home = HOMEWORLDS[q] - 1
        if units[q][home] and not units[1 - q][home]:
            value += sign * SCRAP * sum(s.scrap[q])
    return value


def _planets_value(s: BlastState, player: int, fights: dict[int, float],
                   value: float) -> float:
    """``value`` with the planets held, and those whose fight is still to come."""
    mine, theirs = s.units[player], s.units[1 - player]
    held = [0, 0]
    for sec in _PLANET_SECTORS:
        i = sec - 1
        worth = PLANET + (HOME if sec in HOMEWORLDS else 0.0)
        if mine[i] and not theirs[i]:
            held[0] += 1
            value += worth
        elif theirs[i] and not mine[i]:
            held[1] += 1
            value -= worth
        elif mine[i]:  # contested: the expected owner after its fight
            p = fights.get(sec, 0.5)
            value += (2 * p - 1) * worth
    return value + (MANY_PLANETS[held[0]] - MANY_PLANETS[held[1]])


def _risk(s: BlastState, player: int) -> float:
    """The opponent's shots at my stacks on its next roll."""
    mine, theirs = s.units[player], s.units[1 - player]
    stuck = tuple(i for i, st in enumerate(theirs) if st and mine[i])
    table = _threats(theirs, stuck, DIRECTIONS[1 - player])
    risk = 0.0
    home = HOMEWORLDS[player]
    for i, st in enumerate(mine):
        if not st or theirs[i]:
            continue
        f = sum(st)
        if f >= len(table[i]):
            continue
        worst = table[i][f]
        if worst:
            sec = i + 1
            stake = float(f)
            if sec in PLANETS:
                stake += PLANET + (HOME if sec == home else 0.0)
            risk += worst * stake
    return risk


def _reach_value(s: BlastState, player: int, value: float) -> float:
    """``value`` with my next roll's reach of the planets I do not hold."""
    mine, theirs = s.units[player], s.units[1 - player]
    me_dir = DIRECTIONS[player]
    friends = [(i + 1, max(st)) for i, st in enumerate(mine) if st and not theirs[i]]
    for sec in _PLANET_SECTORS:
        i = sec - 1
        if mine[i] and not theirs[i]:
            continue
        guard = sum(theirs[i])
        best = 0.0
        near = SECTORS
        for x, f in friends:
            k = ((sec - x) * me_dir) % SECTORS
            if k < near:
                near = k
            if f > guard:
                p = SHOTS[k]
                if p > best:
                    best = p
        worth = PLANET + (HOME if sec in HOMEWORLDS else 0.0)
        value += REACH * best * worth
        if best == 0.0 and friends:  # too far: a small pull towards it
            value -= 0.02 * near
    return value


def rollout_value(game: Blast, player: int) -> float:
    """``player``'s chance of winning, estimated from :func:`evaluate` by the logistic
    curve ``1 / (1 + exp(-value / 17))``: the width 17 (in Force) was fitted by maximum
    likelihood on 1061 positions of 30 greedy-vs-greedy games (10% random moves), so a
    lead of 17 is worth about 73%. A won game is 1, a lost one 0, a draw 0.5. What MCTS
    scores its playouts with; it reads what :func:`evaluate` reads."""
    return logistic(evaluate(game, player) / WIDTH)


@lru_cache(maxsize=2048)
def _threats(theirs: tuple[tuple[int, ...], ...], stuck: tuple[int, ...],
             direction: int) -> tuple[tuple[float, ...], ...]:
    """For each sector and each stack Force 0..7 of mine there: the best chance that one
    enemy unit (not stuck in a fight) can land on it with the next roll and beat it (a
    unit of Force within 2 of the stack only with attack cards: a quarter of its shot).
    Stacks of Force 8 or more are safe from one unit."""
    enemy = [(i + 1, st[-1]) for i, st in enumerate(theirs) if st and i not in stuck]
    rows = []
    for i in range(SECTORS):
        sec = i + 1
        row = []
        for f in range(8):
            worst = 0.0
            for y, e in enemy:
                if e + 3 <= f:
                    continue
                p = SHOTS[((sec - y) * direction) % SECTORS]
                if e <= f:
                    p *= 0.25
                if p > worst:
                    worst = p
            row.append(worst)
        rows.append(tuple(row))
    return tuple(rows)


def _fights(s: BlastState, player: int, tie: str,
            costs: list[float]) -> dict[int, float]:
    """For every sector holding both sides: P(``player`` ends up holding it), with the
    attack cards ``player`` would play (their value added to ``costs[0]``)."""
    units = s.units
    mine, theirs = units[player], units[1 - player]
    out: dict[int, float] = {}
    attacking = s.player == player
    cur = s.fight
    for i in range(SECTORS):
        if not (mine[i] and theirs[i]):
            continue
        sec = i + 1
        ab = db = na = nd = 0
        may_add = True
        if cur is not None and cur[0] == sec:
            _, ab, db, *_ = cur
            if s.chance is not None and s.chance[0] == "d6":
                na, nd = (1, 0) if s.chance[1] == "attack" else (0, 1)
            may_add = s.pending in ("attack", None)
        if attacking:
            p, cost = _attack_plan(s, player, mine[i], theirs[i], ab, db, na, nd, tie,
                                   may_add, s.pending in ("attack", None, "move", "fight"))
            out[sec] = p
            costs[0] += cost
        else:
            p = _p_attacker(theirs[i], mine[i], ab, db, na, nd, tie)
            out[sec] = 1.0 - p
    return out


# ---------------------------------------------------------------------- the agent
class GreedyAgent:
    """A computer opponent for Blast: takes planets, fights with good odds, keeps its
    homeworld. ``choose(game)`` returns one of ``game.legal_actions()``.

    Deterministic for a seed (ties broken by its own ``random.Random(seed)``); reads only
    what ``game.view(player)`` shows (see the module's docstring).
    """

    def __init__(self, seed: int = 0,
                 value: Callable[[Blast, int], float] | None = None) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {quote(seed)}")
        if value is not None and not callable(value):
            raise TypeError(f"value must be a function (game, player) -> float, "
                            f"not {quote(value)}")
        self.seed = seed
        self.value = value
        """What the look-ahead values its leaves by: :func:`evaluate` when ``None``, or
        any function of (game, player) that is higher for better positions (such as
        :class:`~boardgames.blast.learned.LearnedValue`)."""
        self._rng = random.Random(seed)
        self.nodes = 0
        """Positions evaluated by the last look-ahead (for tests and benchmarks)."""

    def __repr__(self) -> str:
        if self.value is None:
            return f"GreedyAgent(seed={self.seed})"
        return f"GreedyAgent(seed={self.seed}, value={self.value!r})"

    # ------------------------------------------------------------------ entry point
    def choose(self, game: Blast) -> Order:
        actions = _legal(game)
        if not actions:
            raise ValueError(f"no legal action to choose from in {quote(game)}")
        if len(actions) == 1:
            return actions[0]
        s = game.state
        me = s.actor
        pending = s.pending
        if pending in ("dice", "build", "move"):
            return self._search(game, me, actions)
        if pending in ("discard", "offensive"):
            return self._cheapest_discard(s, me, actions)
        if pending == "espionage":
            return _find(actions, "play Espionage") or actions[0]
        if pending == "end":
            return _find(actions, "play Major Offensive") or _find(actions, "done") \
                or actions[0]
        if pending == "jam":
            return self._jam(game, me, actions)
        if pending == "fight":
            return self._fight_order(game, me, actions)
        if pending == "attack":
            return self._attack(game, me, actions)
        if pending == "defend":
            return self._defend(game, me, actions)
        if pending == "keep":
            return self._keep(game, me, actions)
        return self._pick(actions, [evaluate(_after(game, a), me) for a in actions])

    def _pick(self, actions: list[Order], values: list[float]) -> Order:
        best = max(values)
        top = [a for a, v in zip(actions, values, strict=True) if v >= best - 1e-9]
        return top[0] if len(top) == 1 else top[self._rng.randrange(len(top))]

    # ------------------------------------------------------------------ look-ahead
    def _search(self, game: Blast, me: int, actions: list[Order]) -> Order:
        """The action of the roll / build / move phases whose continuation is worth
        most (:meth:`action_values`)."""
        return self._pick(actions, self.action_values(game))

    def action_values(self, game: Blast) -> list[float]:
        """At a decision of the roll, build or move phase (a die card, a rebuild, a
        move): the value (:func:`evaluate`, for the player to move) of each of
        ``game.legal_actions()``, in that order, after its continuation: the player's
        own decisions to the end of the move phase, rerolled or added dice averaged.
        What :meth:`choose` picks the best of. A move decision is searched exactly;
        from a dice or build decision the continuation plays each later decision
        greedily (one step ahead), except that the moves of two dice are searched
        exactly. Elsewhere a ``ValueError``."""
        s = game.state
        if s.pending not in ("dice", "build", "move") or game.current_player != s.actor:
            raise ValueError(f"not a roll, build or move decision: {quote(game)}")
        me = s.actor
        # A copy without the past, in which the other hand is redrawn from the cards this
        # player has not seen (``Game.determinize``), stopping at every chance node.
        g = game.determinize(me, seed=self._rng.getrandbits(64))
        g.rules = replace(g.rules, windows="always")
        self._memo: dict[Any, float] = {}
        self.nodes = 0
        self._steps = 0
        turn = g.state.turn
        exact = g.state.pending == "move"
        return [self._value(h, me, turn, exact) for _a, h in self._children(g)]

    def _children(self, g: Blast) -> Iterator[tuple[Any, Blast]]:
        """Every legal action (or chance outcome) and the fork it leads to."""
        if g.current_player == CHANCE:
            for outcome, p in g.chance_outcomes().items():
                h = _fork(g)
                h.apply(outcome)
                self._steps += 1
                yield float(p), h
            return
        for a in _legal(g):
            h = _fork(g)
            h.apply(a)
            self._steps += 1
            yield a, h

    def _value(self, g: Blast, me: int, turn: int, exact: bool) -> float:
        s = g.state
        if s.phase not in _SEARCH_PHASES or s.turn != turn:
            return self._leaf(g, me)
        key = (exact, s.units, s.dice, s.hands[me], s.pending, s.actor, s.chance, s.pins,
               s.scrap, s.rebuilt, s.stage)
        got = self._memo.get(key)
        if got is not None:
            return got
        cp = g.current_player
        if cp == CHANCE:
            if s.chance[0] == "draw":  # never look past a draw: it would read the deck
                v = self._leaf(g, me)
            else:
                v = sum(p * self._value(h, me, turn, exact) for p, h in self._children(g))
        elif cp != me:
            if s.pending == "jam":  # the opponent's Jam window: assume a pass
                h = _fork(g)
                h.apply("pass")
                v = self._value(h, me, turn, exact)
            else:
                v = self._leaf(g, me)
        elif s.pending == "move" and g.legal_actions() == (_DONE,):
            v = self._leaf(g, me)  # nothing left to move: the position stands
        elif self._steps >= MAX_STEPS:
            v = self._leaf(g, me)
        elif (exact or (s.pending == "move" and len(s.dice) <= 2)) \
                and self._steps < MAX_STEPS // 2:
            v = max(self._value(h, me, turn, True) for _a, h in self._children(g))
        else:  # one step ahead, then on from the best
            best: Blast | None = None
            top = -float("inf")
            for _a, h in self._children(g):
                x = self._leaf(h, me)
                if x > top:
                    top, best = x, h
            assert best is not None
            v = self._value(best, me, turn, False)
        self._memo[key] = v
        return v

    def _leaf(self, g: Blast, me: int) -> float:
        self.nodes += 1
        return evaluate(g, me) if self.value is None else self.value(g, me)

    # ------------------------------------------------------------------ cards
    def _cheapest_discard(self, s: BlastState, me: int, actions: list[Order]) -> Order:
        return self._pick(actions, [-CARD_VALUE.get(a.card, 0.0) for a in actions])

    def _jam(self, game: Blast, me: int, actions: list[Order]) -> Order:
        """Pin the enemy unit that threatens the most (its best shot at a stack it beats
        or a planet), if that threat is worth the card."""
        s = game.state
        mine = s.units[me]
        them = 1 - me
        d = DIRECTIONS[them]
        values = []
        for a in actions:
            if a.verb != "play":
                values.append(CARD * CARD_VALUE["Jam Transmission"])
                continue
            threat = 0.0
            for i, st in enumerate(mine):
                sec = i + 1
                stake = (sum(st) if st else 0.0) + (PLANET if sec in PLANETS else 0.0) \
                    + (HOME if sec == HOMEWORLDS[me] else 0.0)
                if not stake or (st and a.force <= sum(st)):
                    continue
                threat = max(threat, shot_probability(a.sector, sec, d) * stake)
            values.append(threat)
        return self._pick(actions, values)

    def _fight_order(self, game: Blast, me: int, actions: list[Order]) -> Order:
        s = game.state
        units = s.units
        tie = game.rules.tie
        values = [_p_attacker(units[me][a.sector - 1], units[1 - me][a.sector - 1], 0, 0, 0, 0,
                              tie) for a in actions]
        return self._pick(actions, values)

    def _stake(self, game: Blast, me: int, sector: int) -> float:
        """What a fight on ``sector`` is worth: both stacks, and the planet."""
        s = game.state
        i = sector - 1
        worth = sum(s.units[0][i]) + sum(s.units[1][i])
        if sector in PLANETS:
            worth += 2 * (PLANET + (HOME if sector in HOMEWORLDS else 0.0))
        return worth

    def _attack(self, game: Blast, me: int, actions: list[Order]) -> Order:
        s = game.state
        sector, ab, db = s.fight[0], s.fight[1], s.fight[2]
        att, dfd = s.units[me][sector - 1], s.units[1 - me][sector - 1]
        tie = game.rules.tie
        stake = self._stake(game, me, sector)
        values = []
        for a in actions:
            if a.verb == "done":
                values.append(stake * _win_chance(s, me, att, dfd, ab, db, 0, 0, tie, True))
                continue
            bonus = FIGHT_BONUS[a.card]
            dice = 1 if a.card in data.D6_CARDS else 0
            p = _win_chance(s, me, att, dfd, ab + bonus, db, dice, 0, tie, True)
            values.append(stake * p - CARD * CARD_VALUE[a.card] - 0.05)
        return self._pick(actions, values)

    def _defend(self, game: Blast, me: int, actions: list[Order]) -> Order:
        s = game.state
        sector, ab, db = s.fight[0], s.fight[1], s.fight[2]
        att, dfd = s.units[1 - me][sector - 1], s.units[me][sector - 1]
        tie = game.rules.tie
        stake = self._stake(game, me, sector)
        values = []
        for a in actions:
            if a.verb == "pass":
                values.append(stake * (1 - _p_attacker(att, dfd, ab, db, 0, 0, tie)))
                continue
            bonus = FIGHT_BONUS[a.card]
            dice = 1 if a.card in data.D6_CARDS else 0
            p = 1 - _p_attacker(att, dfd, ab, db + bonus, 0, dice, tie)
            values.append(stake * p - CARD * CARD_VALUE[a.card] - 0.05)
        return self._pick(actions, values)

    def _keep(self, game: Blast, me: int, actions: list[Order]) -> Order:
        """Keep the units of the best allowed set: most Force within the difference, or
        the strongest single unit, whichever is more."""
        sector, _w, diff, kept = game.state.keep
        stack = list(game.state.units[me][sector - 1])
        for f in kept:
            stack.remove(f)
        budget = diff - sum(kept)
        best: tuple[int, ...] = ()
        if not kept:
            best = (max(stack),)
        sums: dict[int, tuple[int, ...]] = {0: ()}
        for f in sorted(stack, reverse=True):
            for tot, items in list(sums.items()):
                t = tot + f
                if t <= budget and t not in sums:
                    sums[t] = (*items, f)
        top = max(sums)
        if top > sum(best):
            best = sums[top]
        for f in sorted(best, reverse=True):
            a = _find(actions, f"keep {f}")
            if a is not None:
                return a
        return _find(actions, "done") or actions[0]


def _find(actions: list[Order], text: str) -> Order | None:
    return next((a for a in actions if a.text == text), None)


def _legal(game: Blast) -> list[Order]:
    """``game.legal_actions()``: Blast's ``Order`` actions."""
    return cast("list[Order]", list(game.legal_actions()))


def _fork(game: Blast) -> Blast:
    return game.fork()


def _after(game: Blast, action: Order) -> Blast:
    g = _fork(game)
    g.auto_roll = False
    g.apply(action)
    return g
