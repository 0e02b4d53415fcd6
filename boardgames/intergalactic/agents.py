"""Intergalactic heuristics: ``evaluate(game, player)`` and the greedy computer opponent.

``evaluate`` scores a position for one player from public information only (race
records, tokens, the stage and turn, the battle under way; never the seed): Victory
Points, plus what the player's attributes are worth for the rolls still to come, plus
tokens, plus the Advantage the player would have over each rival in a battle, minus a
risk for a player close to losing the last fleet, minus half of the rivals' values (the
winner is the living player with most VP, so a rival's loss is worth something too).

``GreedyAgent`` looks one decision ahead and never at a future chance outcome: it
values each choice by ``evaluate`` on the position the choice leads to *before* any
die is rolled, and values a roll still to come by the exact expectation over the 100
faces of the die (taking, for each face, the landing it would choose). So it spends
tokens to land on the entries worth most to it (``lookup``), buys an extra roll when the
expected gain of the roll is worth 5 IT, attacks the opponent against whom a battle is
worth most (``battle_odds`` on the Battle Advantage Totals the attributes give), adds IT
to its BAT while a point of BAT is worth more than a token, and takes the world or
development that helps it most.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any, Final

from ..core.compiled import by_constructor
from ..core.game import CHANCE
from ..core.limits import quote
from ..core.logistic import logistic
from . import data
from .actions import Move
from .data import ATTRIBUTES, BATTLE_ATTRIBUTES, LISTS, STAGE_LIST, STAGES, Entry
from .odds import battle_odds, levels_modifier, lookup

__all__ = ["GREEDY", "GreedyAgent", "Weights", "evaluate", "rollout_value"]

_IDX: Final = {a: i for i, a in enumerate(ATTRIBUTES)}
_BATTLE: Final = tuple(_IDX[a] for a in BATTLE_ATTRIBUTES)
_INT: Final = _IDX["Intelligence"]
_LIST_STAGES: Final = STAGES[:4]
_INCOME: Final = {"exploration": _IDX["Scan"], "development": _IDX["Finance"],
                  "buildup": _IDX["Manufacturing"]}
_RACES: Final = {e.name: e for e in data.RACE}
_HOMES: Final = {e.name: e for e in data.HOMEWORLD}

@dataclass(frozen=True)
class Weights:
    """The weights of the heuristic (VP are the unit)."""

    token: float = 0.12           # one IT while list rolls remain (it shifts a roll by 1)
    token_conflict: float = 0.08  # one IT in the Conflict stage (one point of BAT)
    advantage: float = 1.2        # one attribute won against a rival, on average over rivals
    eliminated: float = 40.0      # what losing the last fleet costs
    rival_share: float = 0.5      # how much of the rivals' values is subtracted
    potential: float = 0.4        # how much the attributes' worth for later rolls counts

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too


GREEDY: Final = Weights()
"""The weights of ``evaluate`` and of :class:`GreedyAgent` by default."""


# ---------------------------------------------------------------- static worth of rolls
def _static_worth(e: Entry | None, depth: int = 0) -> float:
    """A rough worth of landing on ``e`` for an average player (the potential term)."""
    if e is None or e.list == "stratagem":  # a stratagem is worth what it does in battle
        return 0.0
    if e.kept:
        w = e.points + 0.05 * sum(v for _, v in e.effects)
        return w * (0.6 if e.req else 1.0)
    if e.next_bonus:
        return 0.02 * e.next_bonus
    if depth > 1:
        return 0.0
    if e.nested is not None:
        return _mean_roll(e.nested[0], e.nested[1], depth + 1)
    if e.special == "twice" and depth == 0:  # deeper: "Pick one of the Above" (ruling 2)
        return 2 * _mean_roll(e.list, 0, depth + 1)
    if e.special in ("pick", "twice"):
        return max((_static_worth(x, depth + 1) for x in LISTS[e.list]
                    if x.dc <= 100 and x.kept), default=0.0)
    return 0.0


@cache
def _worth_by_total(list_name: str, depth: int) -> tuple[float, ...]:
    """Static worth of landing on each total -1..101 (index t + 1; -1: nothing)."""
    return (0.0, *(_static_worth(lookup(list_name, t), depth) for t in range(102)))


@cache
def _mean_roll(list_name: str, modifier: int, depth: int = 0) -> float:
    """Mean static worth of one d100 roll on a list with ``modifier`` (no tokens)."""
    w = _worth_by_total(list_name, depth)
    m = max(-102, min(modifier, 102))
    return sum(w[max(-1, min(d + m, 101)) + 1] for d in range(1, 101)) / 100


# ---------------------------------------------------------------- position summaries
class _Summary:
    """What the heuristic needs of a position, per player (a cheap copy-on-write)."""

    __slots__ = ("adv", "alive", "attrs", "bonus", "crim", "entries", "fleets", "tokens", "vp")

    def __init__(self) -> None:
        self.adv: list[int] = []
        self.alive: list[bool] = []
        self.attrs: list[list[int]] = []
        self.bonus: list[int] = []
        self.crim: list[list[int]] = []
        self.entries: list[set[str]] = []
        self.fleets: list[int] = []
        self.tokens: list[int] = []
        self.vp: list[int] = []

    def copy(self) -> _Summary:
        """A copy whose per-player lists are new (their items are shared)."""
        c = _Summary()
        c.adv, c.alive, c.attrs = list(self.adv), list(self.alive), list(self.attrs)
        c.bonus, c.crim, c.entries = list(self.bonus), list(self.crim), list(self.entries)
        c.fleets, c.tokens, c.vp = list(self.fleets), list(self.tokens), list(self.vp)
        return c


@lru_cache(maxsize=8192)
def _record(race: str | None, home: str | None, entries: tuple[str, ...]
            ) -> tuple[tuple[int, ...], int, int, int, tuple[int, ...]]:
    """One race record's attributes (before criminal penalties), VP, fleets, Advanced
    count and the attributes its criminal developments lower for the opponents."""
    a = [0] * len(ATTRIBUTES)
    rows = [data.by_name(x) for x in entries]
    extra = [r for r in (_RACES.get(race or ""), _HOMES.get(home or "")) if r]
    for e in (*rows, *extra):
        for name, v in e.effects:
            a[_IDX[name]] += v
    return (tuple(a), (1 if home else 0) + sum(e.points for e in rows),
            sum(1 for e in rows if e.fleet > 0),
            sum(1 for e in rows if e.advanced and e.list in ("research", "buildup")),
            tuple(_IDX[x] for e in rows if e.criminal for x, _ in e.effects))


def _summary(game: Any, s: Any | None = None) -> _Summary:
    s = game.state if s is None else s
    n = game.players
    out = _Summary()
    out.alive = list(s.alive)
    out.tokens = list(s.tokens)
    out.bonus = list(s.bonus)
    out.entries = [set(e) for e in s.entries]
    out.attrs, out.vp, out.fleets, out.adv, out.crim = [], [], [], [], []
    for q in range(n):
        a, vp, fleets, adv, crim = _record(s.races[q], s.homeworlds[q], s.entries[q])
        out.attrs.append(list(a))
        out.vp.append(vp)
        out.fleets.append(fleets)
        out.adv.append(adv)
        out.crim.append(list(crim))
    for q in range(n):
        for r in range(n):
            if r != q and out.alive[r]:
                for i in out.crim[r]:
                    out.attrs[q][i] -= 1
    return out


def _add(sm: _Summary, q: int, e: Entry) -> _Summary:
    """``sm`` with entry ``e`` added to player ``q``'s record."""
    c = sm.copy()
    a = list(c.attrs[q])
    for name, v in e.effects:
        a[_IDX[name]] += v
    c.attrs[q] = a
    c.entries[q] = c.entries[q] | {e.name}
    c.vp[q] += e.points
    if e.fleet > 0:
        c.fleets[q] += 1
    if e.advanced and e.list in ("research", "buildup"):
        c.adv[q] += 1
    if e.criminal and c.alive[q]:
        for r in range(len(c.attrs)):
            if r != q:
                c.attrs[r] = list(c.attrs[r])
                for name, _ in e.effects:
                    c.attrs[r][_IDX[name]] -= 1
    return c


def _remove(sm: _Summary, q: int, name: str) -> _Summary:
    """``sm`` without entry ``name`` on player ``q``'s record (eliminated if it was the
    last fleet)."""
    e = data.by_name(name)
    c = sm.copy()
    a = list(c.attrs[q])
    for x, v in e.effects:
        a[_IDX[x]] -= v
    c.attrs[q] = a
    c.entries[q] = c.entries[q] - {name}
    c.vp[q] -= e.points
    if e.fleet > 0:
        c.fleets[q] -= 1
        if c.fleets[q] == 0:
            c.alive[q] = False
    if e.advanced and e.list in ("research", "buildup"):
        c.adv[q] -= 1
    if e.criminal:
        for r in range(len(c.attrs)):
            if r != q:
                c.attrs[r] = list(c.attrs[r])
                for x, _ in e.effects:
                    c.attrs[r][_IDX[x]] += 1
    return c


class _Context:
    """The stage and the list rolls each player still has (same for every choice)."""

    def __init__(self, game: Any, weights: Weights = GREEDY) -> None:
        s = game.state
        n = game.players
        self.w = weights
        tps = game.rules.turns_per_stage
        self.n = n
        self.stage = s.stage
        self.rolls: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        if s.stage in _LIST_STAGES or s.stage == "setup":
            now = STAGES.index(s.stage) if s.stage != "setup" else -1
            if now >= 0:
                total = tps * n
                for t in range(s.turn + 1, total + 1):
                    q = s.order[(t - 1) % n]
                    self.rolls[q].append((s.stage, 1))
            for st in _LIST_STAGES[now + 1:]:
                for q in range(n):
                    self.rolls[q].append((st, tps))
        self.left = [sum(k for _, k in r) for r in self.rolls]
        self.next_list = STAGE_LIST.get(s.stage, "research")
        self._potential: dict[tuple[int, tuple[int, ...]], float] = {}

    def potential(self, q: int, a: list[int]) -> float:
        """What player ``q``'s attributes are worth for the list rolls still to come
        (modifiers and token income), memoised per attribute vector."""
        key = (q, tuple(a))
        v = self._potential.get(key)
        if v is None:
            v = _potential(tuple(self.rolls[q]), key[1], self.token_value(q),
                           self.w.potential)
            self._potential[key] = v
        return v

    def token_value(self, q: int) -> float:
        left = self.left[q]
        w = self.w
        return w.token_conflict + (w.token - w.token_conflict) * min(1.0, left / 3)


@lru_cache(maxsize=16384)
def _potential(rolls: tuple[tuple[str, int], ...], a: tuple[int, ...], tv: float,
               weight: float) -> float:
    v = 0.0
    for stage, k in rolls:
        lst = STAGE_LIST[stage]
        v += k * (_mean_roll(lst, levels_modifier(stage, a)) - _mean_roll(lst, 0))
        if stage in _INCOME:
            v += k * tv * max(0, a[_INCOME[stage]])
    return v * weight


def _advantages(aa: list[int], bb: list[int]) -> int:
    """Attributes won by ``aa`` minus those won by ``bb`` (the ten compared)."""
    d = 0
    for i in _BATTLE:
        if aa[i] > bb[i]:
            d += 1
        elif bb[i] > aa[i]:
            d -= 1
    return d


def _value(ctx: _Context, sm: _Summary, q: int) -> float:
    """The absolute value of player ``q``'s position (VP units)."""
    if not sm.alive[q]:
        return sm.vp[q] - ctx.w.eliminated
    a = sm.attrs[q]
    v = float(sm.vp[q])
    cap = max(0, 20 + a[_INT])
    v += ctx.token_value(q) * min(sm.tokens[q], cap)
    v += ctx.potential(q, a)
    if sm.bonus[q]:
        if ctx.stage in _LIST_STAGES:
            m = levels_modifier(ctx.stage, a)
            v += _mean_roll(ctx.next_list, m + sm.bonus[q]) - _mean_roll(ctx.next_list, m)
        else:
            v += 0.02 * sm.bonus[q]
    rivals = [r for r in range(ctx.n) if r != q and sm.alive[r]]
    if rivals:
        d = sum(_pair(sm, q, r) for r in rivals)
        v += ctx.w.advantage * d / len(rivals)
    else:  # the last one left: the game is won
        v += ctx.w.advantage * (len(_BATTLE) + 1)
    if ctx.stage in ("buildup", "conflict"):
        f = sm.fleets[q]
        v -= 4.0 if f == 1 else 1.5 if f == 2 else 0.0
    return v


def _pair(sm: _Summary, q: int, r: int) -> int:
    """Advantages ``q`` would have over ``r`` in a battle, minus those of ``r``."""
    return _advantages(sm.attrs[q], sm.attrs[r]) + (sm.adv[q] > sm.adv[r]) \
        - (sm.adv[q] < sm.adv[r])


def _combine(own: float, others: list[float], rival_share: float) -> float:
    if not others:
        return own
    return own - rival_share * (0.5 * max(others) + 0.5 * sum(others) / len(others))


def _eval(ctx: _Context, sm: _Summary, p: int) -> float:
    return _combine(_value(ctx, sm, p), [_value(ctx, sm, r) for r in range(ctx.n) if r != p],
                    ctx.w.rival_share)


def evaluate(game: Any, player: Any) -> float:
    """A heuristic value of ``game``'s position for ``player`` (higher is better; VP
    are the unit): from public information only (the race records, tokens, stage, turn
    and the turn order), never the seed, so games with the same public history get the
    same value. A ``player`` that is not one of the game's is refused (``ValueError``;
    typed ``Any`` so that the compiled build checks it here too)."""
    if not isinstance(player, int) or isinstance(player, bool) or \
            not 0 <= player < game.players:
        raise ValueError(f"player must be 0..{game.players - 1}, not {quote(player)}")
    return _eval(_Context(game), _summary(game), player)


def rollout_value(game: Any, player: int) -> float:
    """``player``'s chance of winning, estimated from :func:`evaluate`: the logistic
    curve ``1 / (1 + exp(-lead / 21.7))`` of its lead, ``evaluate`` for ``player``
    minus the best of the other players' (each from their own seat). The width 21.7 was
    fitted by maximum likelihood on 5607 positions of 40 two-player greedy-vs-greedy
    games (10% random moves). What MCTS scores its playouts with; public information
    only, like :func:`evaluate`."""
    ctx, sm = _Context(game), _summary(game)
    own = _eval(ctx, sm, player)
    lead = own - max(_eval(ctx, sm, r) for r in range(game.players) if r != player)
    return logistic(lead / 21.7)


# ---------------------------------------------------------------- battles
@cache
def _battle_probs(diff: int) -> tuple[float, float, float]:
    d = battle_odds(diff, 0)
    return float(d.prob("attacker")), float(d.prob("defender")), float(d.prob("tie"))


def _bat(sm: _Summary, a: int, d: int, bonus: dict[str, Any] | None = None
         ) -> tuple[int, int]:
    """The Battle Advantage Totals of attacker ``a`` and defender ``d``."""
    aa, dd = list(sm.attrs[a]), list(sm.attrs[d])
    for who, arr in ((a, aa), (d, dd)):
        for name, v in (bonus or {}).get(str(who), ()):
            arr[_IDX[name]] += v
    ba = bd = 0
    for i in _BATTLE:
        if aa[i] > dd[i]:
            ba += 5
        elif dd[i] > aa[i]:
            bd += 5
    if sm.adv[a] != sm.adv[d]:
        if sm.adv[a] > sm.adv[d]:
            ba += 5
        else:
            bd += 5
    return ba, bd


class _Planner:
    """One decision of one player: the summary, context and caches it shares."""

    def __init__(self, game: Any, p: int, weights: Weights = GREEDY) -> None:
        self.game = game
        self.s = game.state
        self.p = p
        self.weights = weights
        self._gain: dict[tuple[str, int], float] = {}
        self._outcomes: dict[tuple[int, int], tuple[float, float, float]] = {}

    @cached_property
    def ctx(self) -> _Context:
        return _Context(self.game, self.weights)

    @cached_property
    def sm(self) -> _Summary:
        return _summary(self.game)

    @cached_property
    def base(self) -> float:
        return _eval(self.ctx, self.sm, self.p)

    @cached_property
    def tv(self) -> float:
        return self.ctx.token_value(self.p)

    @cached_property
    def rivals(self) -> dict[int, tuple[float, int]]:
        """Each living rival's value and number of living rivals of its own."""
        sm, n = self.sm, self.ctx.n
        return {r: (_value(self.ctx, sm, r), sum(1 for x in range(n) if x != r and sm.alive[x]))
                for r in range(n) if r != self.p}

    def eval_own_change(self, sm2: _Summary) -> float:
        """``eval(sm2)`` when only the player's own record changed (nobody's alive flag,
        no criminal penalty): rivals' values move only by their Advantage over him."""
        p, sm = self.p, self.sm
        advantage = self.weights.advantage
        others = [v + advantage * (_pair(sm2, r, p) - _pair(sm, r, p)) / k
                  if sm.alive[r] and sm.alive[p] else v for r, (v, k) in self.rivals.items()]
        return _combine(_value(self.ctx, sm2, p), others, self.weights.rival_share)

    def eval(self, sm: _Summary) -> float:
        return _eval(self.ctx, sm, self.p)

    # -------------------------------------------------------- list rolls
    def meets(self, e: Entry) -> bool:
        return e.req is None or self.sm.attrs[self.p][_IDX[e.req[0]]] >= e.req[1]

    def gain(self, e: Entry | None, depth: int = 0) -> float:
        """What landing on ``e`` is worth to the player (before any further die)."""
        if e is None:
            return 0.0
        # only entries that roll again depend on the depth
        key = (e.name, depth if (e.nested or e.special) else 0)
        if key not in self._gain:
            self._gain[key] = self._entry_gain(e, depth)
        return self._gain[key]

    def _entry_gain(self, e: Entry, depth: int) -> float:
        p, sm = self.p, self.sm
        if e.list == "stratagem":
            return self.stratagem_gain(e, depth)
        if e.kept:
            if e.name in sm.entries[p] or not self.meets(e):
                return 0.0
            if e.criminal:
                return self.eval(_add(sm, p, e)) - self.base
            return self.eval_own_change(_add(sm, p, e)) - self.base
        if e.next_bonus:
            st = self.ctx.stage if self.ctx.stage in _LIST_STAGES else "research"
            m = levels_modifier(st, sm.attrs[p])
            lst = STAGE_LIST[st]
            return _mean_roll(lst, m + e.next_bonus) - _mean_roll(lst, m)
        if depth >= 2:
            return _static_worth(e, 2)
        if e.nested is not None:
            lst, extra = e.nested
            g = self.roll_value(lst, levels_modifier(lst, sm.attrs[p]) + extra,
                                0, depth + 1)
            return g * (0.3 if e.temporary else 1.0)
        if e.special == "twice" and depth < self.game.rules.roll_twice_depth:
            mod = levels_modifier(e.list, sm.attrs[p])
            return 2 * self.roll_value(e.list, mod, 0, depth + 1)
        if e.special in ("pick", "twice"):  # a Roll Twice roll on 101+: a pick (ruling 2)
            return max((self.gain(x, depth + 1) for x in self.pickable(e.list)), default=0.0)
        return 0.0

    def pickable(self, list_name: str) -> list[Entry]:
        held = self.sm.entries[self.p]
        return [e for e in LISTS[list_name] if e.dc <= 100
                and (not e.kept or e.name not in held) and self.meets(e)]

    def table(self, list_name: str, depth: int, lo: int = 0, hi: int = 101) -> list[float]:
        """Gain of landing on each total -1..101 (index t + 1; -1 stands for <= 0);
        only totals ``lo..hi`` are valued (the others count 0)."""
        out = [0.0] * 103
        for t in range(max(0, lo), min(hi, 101) + 1):
            out[t + 1] = self.gain(lookup(list_name, t), depth)
        return out

    def best_landing(self, table: list[float], total: int, tokens: int) -> tuple[float, int]:
        """The best (value - token cost, landing) for a roll totalling ``total`` with
        ``tokens`` to spend, under the game's shift limits (0..101)."""
        lo = min(total, max(total - tokens, 0))
        hi = max(total, min(total + tokens, 101))
        best, where = -1e9, total
        for t in range(lo, hi + 1):
            g = table[max(-1, min(t, 101)) + 1] - self.tv * abs(t - total)
            if g > best + 1e-9 or (abs(g - best) <= 1e-9 and abs(t - total) < abs(where - total)):
                best, where = g, t
        return best, where

    def roll_value(self, list_name: str, modifier: int, spent: int, depth: int) -> float:
        """Exact expectation over the d100 of the best landing (tokens left after
        ``spent`` are spent as this agent would)."""
        k = max(0, self.sm.tokens[self.p] - spent)
        table = self.table(list_name, depth)
        tv = self.tv
        lo_t, hi_t = modifier + 1, modifier + 100
        base = min(lo_t, 0)
        top = max(hi_t, 101)
        # value - tv * t and value + tv * t over every landing reachable (offset base)
        f = [table[max(-1, min(t, 101)) + 1] for t in range(base, top + 1)]
        up = [x - tv * t for x, t in zip(f, range(base, top + 1), strict=True)]
        down = [x + tv * t for x, t in zip(f, range(base, top + 1), strict=True)]
        tot = 0.0
        for total in range(lo_t, hi_t + 1):
            lo = min(total, max(total - k, 0))
            hi = max(total, min(total + k, 101))
            i = total - base
            best = max(down[lo - base:i + 1]) - tv * total
            right = max(up[i:hi - base + 1]) + tv * total
            tot += best if best > right else right
        return tot / 100

    # -------------------------------------------------------- battles
    def outcomes(self, a: int, d: int) -> tuple[float, float, float]:
        """The value change for the player if the attacker ``a`` wins, if the defender
        ``d`` wins, and on a tie (each side chooses its losses and spoils greedily)."""
        key = (a, d)
        if key not in self._outcomes:
            sm = self.sm
            self._outcomes[key] = (self._after_win(sm, a, d) - self.base,
                                   self._after_win(sm, d, a) - self.base,
                                   self.eval(self._lose_fleet(self._lose_fleet(sm, a), d))
                                   - self.base)
        return self._outcomes[key]

    def _lose_fleet(self, sm: _Summary, q: int) -> _Summary:
        fleets = [n for n in sorted(sm.entries[q]) if data.by_name(n).fleet > 0]
        if not fleets or not sm.alive[q]:
            return sm
        return max((_remove(sm, q, n) for n in fleets), key=lambda x: _eval(self.ctx, x, q))

    def _after_win(self, sm: _Summary, w: int, loser: int) -> float:
        sm = self._lose_fleet(sm, loser)
        if not sm.alive[w]:
            return self.eval(sm)
        opts = _spoils(sm, w, loser)
        if not opts:
            return self.eval(sm)
        best = max((_apply_spoil(sm, w, loser, v, n) for v, n in opts),
                   key=lambda x: _eval(self.ctx, x, w))
        return self.eval(best)

    def battle_ev(self, a: int, d: int, ba: int, bd: int) -> float:
        pw, pl, pt = _battle_probs(ba - bd)
        win_a, win_d, tie = self.outcomes(a, d)
        return pw * win_a + pl * win_d + pt * tie

    def current_bat(self, extra: dict[str, Any] | None = None) -> tuple[int, int]:
        b = self.s.battle
        bonus = dict(b["bonus"])
        for k, v in (extra or {}).items():
            bonus[k] = tuple(bonus.get(k, ())) + tuple(v)
        return _bat(self.sm, b["attacker"], b["defender"], bonus)

    def stratagem_gain(self, e: Entry, depth: int) -> float:
        b = self.s.battle
        if b is None:
            return 0.0
        p = self.p
        a, d = b["attacker"], b["defender"]
        foe = d if p == a else a
        ba, bd = self.current_bat()
        now = self.battle_ev(a, d, ba, bd)
        if e.special == "prevent":
            return max(0.0, -now)
        if e.special == "sabotage":
            fleets = [n for n in sorted(self.sm.entries[foe]) if data.by_name(n).fleet > 0]
            return max((self.eval(_remove(self.sm, foe, n)) - self.base for n in fleets),
                       default=0.0)
        if e.special == "steal":
            names = {n for q in range(self.ctx.n) if q != p and self.sm.alive[q]
                     for n in self.sm.entries[q] if data.by_name(n).list == "research"}
            return max((self.gain(data.by_name(n), depth + 1) for n in sorted(names)),
                       default=0.0)
        if e.special == "jam":
            return 0.5 if str(foe) not in b["bonus"] else 0.2
        if e.special == "pick":
            return max((self.gain(x, depth + 1) for x in LISTS["stratagem"]
                        if x.dc <= 100), default=0.0)
        if e.nested is not None or e.special:
            return self._entry_gain_nested(e, depth)
        ba2, bd2 = self.current_bat({str(p): e.effects})
        return self.battle_ev(a, d, ba2, bd2) - now

    def _entry_gain_nested(self, e: Entry, depth: int) -> float:
        if e.nested is None or depth >= 2:
            return 0.0
        lst, extra = e.nested
        g = self.roll_value(lst, levels_modifier(lst, self.sm.attrs[self.p])
                            + extra, 0, depth + 1)
        return g * (0.3 if e.temporary else 1.0)


def _spoils(sm: _Summary, w: int, loser: int) -> list[tuple[str, str]]:
    worlds = sorted(n for n in sm.entries[loser] if data.by_name(n).list == "exploration")
    devs = sorted(n for n in sm.entries[loser] if data.by_name(n).list == "development")
    out: list[tuple[str, str]] = []
    if len(worlds) >= len(devs):
        out += [("take", n) for n in worlds]
    if len(devs) >= len(worlds):
        out += [("remove", n) for n in devs]
    return out


def _apply_spoil(sm: _Summary, w: int, loser: int, verb: str, name: str) -> _Summary:
    c = _remove(sm, loser, name)
    c.alive[loser] = sm.alive[loser]  # spoils never eliminate (only a discarded fleet does)
    if verb == "take" and name not in c.entries[w]:
        c = _add(c, w, data.by_name(name))
    return c


def _landing_move(game: Any, legal: list[Move], target: int) -> Move:
    """The token-spending action that lands on the entry of the total ``target``: the
    one landing on ``target`` itself (it is the entry's cheapest total when the agent
    chose it: a cheaper one would have scored higher), else the one landing on the same
    entry, else ``keep``."""
    by_total = {m.total: m for m in legal}
    if target in by_total:
        return by_total[target]
    e = game.landing(target)
    name = e.name if e is not None else "nothing"
    for m in legal:
        if m.entry == name:
            return m
    return next(m for m in legal if m.verb == "keep")


# ---------------------------------------------------------------- the agent
class GreedyAgent:
    """A greedy computer opponent for Intergalactic (2-6 players): each decision is
    valued with :func:`evaluate` one step ahead, before any die is rolled (a roll still
    to come counts at its exact expectation), never by looking at the game's future
    chance outcomes. Ties are broken by its own seeded generator (never the global
    ``random``), so a seeded agent replays the same choices."""

    def __init__(self, seed: int = 0, weights: Any = GREEDY) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {quote(seed)}")
        if not isinstance(weights, Weights):
            raise TypeError(f"weights must be Weights, not {quote(weights)}")
        self.seed = seed
        self.weights = weights
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        if self.weights == GREEDY:
            return f"GreedyAgent(seed={self.seed})"
        return f"GreedyAgent(seed={self.seed}, weights={self.weights!r})"

    def choose(self, game: Any) -> Move:
        """The action this agent plays in ``game`` (the player to move)."""
        p = game.current_player
        if p is None or p == CHANCE:
            raise ValueError(f"no player to move in {quote(game)} (a chance node or game over)")
        legal = list(game.legal_actions())
        if len(legal) == 1:
            return legal[0]
        phase = game.state.phase
        plan = _Planner(game, p, self.weights)
        handler = getattr(self, f"_{phase}", None)
        if handler is None:  # pragma: no cover - every decision phase has a handler
            return legal[0]
        return handler(plan, legal)

    # -------------------------------------------------------- helpers
    def _best(self, scored: Iterable[tuple[float, Move]]) -> Move:
        items = list(scored)
        top = max(v for v, _ in items)
        ties = [m for v, m in items if v >= top - 1e-9]
        return ties[0] if len(ties) == 1 else ties[self._rng.randrange(len(ties))]

    # -------------------------------------------------------- set-up
    def _origin(self, plan: _Planner, legal: list[Move], table: dict[str, Entry]) -> Move:
        scored = []
        for m in legal:
            if m.arg == "roll":
                continue
            sm = plan.sm.copy()
            a = list(sm.attrs[plan.p])
            for name, v in table[m.arg].effects:
                a[_IDX[name]] += v
            sm.attrs[plan.p] = a
            scored.append((plan.eval(sm), m))
        return self._best(scored)

    def _race(self, plan: _Planner, legal: list[Move]) -> Move:
        return self._origin(plan, legal, _RACES)

    def _homeworld(self, plan: _Planner, legal: list[Move]) -> Move:
        return self._origin(plan, legal, _HOMES)

    # -------------------------------------------------------- list rolls
    def _spend(self, plan: _Planner, legal: list[Move]) -> Move:
        """The landing worth most after its cost in tokens (``best_landing``)."""
        cur = plan.s.cur
        total, tokens = cur["total"], plan.s.tokens[plan.p]
        table = plan.table(cur["list"], cur["depth"], total - tokens, total + tokens)
        _, target = plan.best_landing(table, total, tokens)
        return _landing_move(plan.game, legal, target)

    def _pick(self, plan: _Planner, legal: list[Move]) -> Move:
        lst = plan.s.cur["list"]
        rows = {e.name: e for e in LISTS[lst] if e.dc <= 100}
        return self._best((plan.gain(rows[m.arg], 1), m) for m in legal)

    def _extra(self, plan: _Planner, legal: list[Move]) -> Move:
        s = plan.s
        lst = STAGE_LIST[s.stage]
        mod = levels_modifier(s.stage, plan.sm.attrs[plan.p]) + s.bonus[plan.p]
        gain = plan.roll_value(lst, mod, 5, 0)
        return Move("extra", "roll") if gain > 5 * plan.tv else Move("end", "turn")

    # -------------------------------------------------------- conflict
    def _estimate(self, plan: _Planner, a: int, d: int, spent: int = 0) -> float:
        sm = plan.sm
        ba, bd = _bat(sm, a, d)
        ba += max(0, sm.tokens[a] - spent) // 2
        bd += sm.tokens[d] // 2
        return plan.battle_ev(a, d, ba, bd)

    def _challenge(self, plan: _Planner, legal: list[Move]) -> Move:
        return self._best((self._estimate(plan, plan.p, int(m.arg)), m) for m in legal)

    def _again(self, plan: _Planner, legal: list[Move]) -> Move:
        p = plan.p
        foes = [q for q in range(plan.ctx.n) if q != p and plan.sm.alive[q]]
        best = max(self._estimate(plan, p, q, 5) for q in foes)
        return Move("attack", "again") if best > 5 * plan.tv else Move("end", "turn")

    def _prevent(self, plan: _Planner, legal: list[Move]) -> Move:
        ba, bd = plan.current_bat()
        b = plan.s.battle
        ev = plan.battle_ev(b["attacker"], b["defender"], ba, bd)
        return Move("prevent", "battle") if ev < 0 else Move("allow", "battle")

    def _steal(self, plan: _Planner, legal: list[Move]) -> Move:
        return self._best((plan.gain(data.by_name(m.arg), 1), m) for m in legal)

    def _sabotage(self, plan: _Planner, legal: list[Move]) -> Move:
        b = plan.s.battle
        foe = b["defender"] if plan.p == b["attacker"] else b["attacker"]
        return self._best((plan.eval(_remove(plan.sm, foe, m.arg)), m) for m in legal)

    def _bat(self, plan: _Planner, legal: list[Move]) -> Move:
        """The IT to add whose battle expectation, after their worth, is highest."""
        s = plan.s
        b = s.battle
        p = plan.p
        a, d = b["attacker"], b["defender"]
        sign = 1 if p == a else -1
        base = b["bat"][str(a)] - b["bat"][str(d)]
        win_a, win_d, tie = plan.outcomes(a, d)
        best, target = -1e9, 0
        for k in range(0, s.tokens[p] + 1):
            pw, pl, pt = _battle_probs(base + sign * k)
            v = pw * win_a + pl * win_d + pt * tie - plan.tv * k
            if v > best + 1e-9:
                best, target = v, k
        want = Move.of("add", str(target))
        return want if want in legal else Move.of("add", "0")

    def _discard(self, plan: _Planner, legal: list[Move]) -> Move:
        return self._best((plan.eval(_remove(plan.sm, plan.p, m.arg)), m) for m in legal)

    def _spoils(self, plan: _Planner, legal: list[Move]) -> Move:
        loser = plan.s.battle["loser"]
        return self._best((plan.eval(_apply_spoil(plan.sm, plan.p, loser, m.verb, m.arg)), m)
                          for m in legal)
