"""Exact odds of Spacehole's dice: hits in a round, and who wins a battle.

A battle is a Markov chain with two absorbing states, ``"win"`` (the invader is destroyed)
and ``"loss"`` (the Base is). What matters of a position is:

* ``f``: the invader's current Force (its dice);
* the defenders, each as ``(hits left, dice)``: a fighting defender rolls one die per point
  of current Force, Alien Artifact without a Research Lab rolls none, Space Hero has one
  hit left whatever its Force. Cards with the same pair are interchangeable, so the
  defenders are a sorted tuple (a multiset);
* ``h``: the hits the structures can still absorb before the Base falls. Invader hits
  reach the structures only when no defender stands, and then always in the same order
  (the most damaged Force Dome first, then the Laser Turrets, then the Base), so the
  structures are a linear damage track: with ``T`` turrets and ``B`` hits left on the Base,
  ``min(T, max(0, h - B))`` turrets still fire.

The odds follow the engine (``battle.py``: the round's steps; ``play.py``:
``hit_defender``, ``hit_structure``, ``hit_base``; ``table.defender_dice``) and ruling
3's ``battle_order``.
A round in which nothing is hit is a self-loop, so with ``P`` the transition
probabilities ``W(s) = sum_{s' != s} P(s, s') W(s') / (1 - P(s, s))``. Every other
transition removes at least one hit point (of a card, a structure or the invader), so
the states form a DAG, solved successors first.

The chain is solved node by node, a node being ``(defenders, h)`` with its row of ``W``
for ``f = 1..F`` (every Force up to the top's: the invader's Force only falls). Whatever
the battle order, a round is the invader's ``f`` dice (``k`` hits: ``C(f, k) 5^(f-k)`` over
``6^f``), its ``k`` hits allocated one at a time (a table per defenders' multiset and
``k``: the multisets after and the hits spilt onto the structures, weights over ``S^k``
with ``S = lcm(1..cards)``, built from the "one hit more" successors), and the
defenders' ``d`` dice (``j`` hits: ``b_j = C(d, j) 5^(d-j)`` over ``6^d``). The defenders'
part of a successor ``m`` is the convolution ``R_d(f, m) = sum_j b_j W(f - j, m)``
(``W(<= 0) = 1``: the invader destroyed with the Base standing), made with ``m``'s row for
its own ``d`` and then one die at a time (``R_d = 5 R_(d-1) + R_(d-1)`` shifted by one) for
the ``d`` of the nodes that reach it, so a state costs one multiply-add per successor.

Exactness without ``Fraction`` arithmetic: with ``n = f + d`` dice rolled,
``1 - P(s, s) = (6^n - 5^n) / 6^n`` and ``W(s) (6^n - 5^n) S^f`` is an integer combination
of the successors' ``W`` in which each allocation weighs ``S^(hits on defenders)`` (a hit
on one of ``m`` cards weighs ``1/m``, and ``m`` divides ``S``). So ``S^hp`` (``hp``: the
defenders' hit points) times, for every ``n``, ``6^n - 5^n`` to the power of the longest
run of states with that ``n`` on a path (``n`` never increases along a path, and a run
of one ``n`` is one ``(f, d)``: counted per node over its "one hit more" successors with
the same ``d``) is a common denominator ``D`` of every ``W``. The rows hold the integers
``W * D`` (each division is checked to be exact), and one ``Fraction`` is made at the end.

>>> battle_odds(3, ["Space Marines"])["win"] > battle_odds(3)["win"]
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from operator import mul
from typing import TYPE_CHECKING, Any, Final

from ..core.dist import Dist
from ..core.limits import quote
from . import data
from .rules import Rules

if TYPE_CHECKING:  # pragma: no cover
    from .game import Spacehole

__all__ = [
    "LOSS",
    "WIN",
    "battle_odds",
    "battle_odds_of_game",
    "clear_caches",
    "round_hits",
]

WIN: Final = "win"
LOSS: Final = "loss"

Defs = tuple[tuple[int, int], ...]  # sorted (hits left, dice) of each defender in play
BState = tuple[int, Defs, int]  # (invader force, defenders, structure hits left)
Context = tuple[str, int, int]  # (battle order, Laser Turrets, hits left on the Base)

_ORDERS: Final = ("simultaneous", "invader_first", "defenders_first")


# ---------------------------------------------------------------------- dice
def round_hits(dice: int) -> Dist:
    """Hits among ``dice`` six-sided dice (each 1 is a hit): Binomial(dice, 1/6)."""
    if not isinstance(dice, int) or isinstance(dice, bool) or dice < 0:
        raise ValueError(f"dice must be a non-negative int, not {quote(dice)}")
    return Dist.binomial(dice)


@cache
def _bw(n: int) -> tuple[int, ...]:
    """Integer weights of k hits among n dice: C(n, k) 5^(n-k) (over 6^n)."""
    return tuple(math.comb(n, k) * 5 ** (n - k) for k in range(n + 1))


@cache
def _tail(n: int) -> tuple[int, ...]:
    """``_tail(n)[f]``: weight of at least f hits among n dice (0 beyond n), f = 0..n+1."""
    w = _bw(n)
    out = [0] * (n + 2)
    for k in range(n, -1, -1):
        out[k] = out[k + 1] + w[k]
    return tuple(out)


# ---------------------------------------------------------------------- hits on defenders
@cache
def _hit1(defs: Defs) -> tuple[tuple[Defs, int], ...]:
    """One invader hit on a uniformly random defender card: (defenders after, how many
    cards lead there). A card with one hit left is destroyed; a hit costs a die only to
    a defender that rolls dice."""
    out = []
    prev = None
    for i, t in enumerate(defs):
        if t == prev:
            continue
        prev = t
        left, dice = t
        rest = defs[:i] + defs[i + 1 :]
        if left > 1:
            rest = tuple(sorted((*rest, (left - 1, dice - 1 if dice else 0))))
        out.append((rest, defs.count(t)))
    return tuple(out)


Alloc = tuple[int, tuple[tuple[tuple[Defs, int], int], ...]]


@cache
def _alloc(defs: Defs, k: int) -> Alloc:
    """``k`` invader hits allocated one at a time: ``(L, ((defenders, spill), weight)...)``
    with weights over ``L``; ``spill`` hits found no defender and go to the structures."""
    if k == 0:
        return 1, (((defs, 0), 1),)
    if not defs:
        return 1, ((((), k), 1),)
    m = len(defs)
    subs = [(c, _alloc(d1, k - 1)) for d1, c in _hit1(defs)]
    den = m * math.lcm(*(sub[0] for _, sub in subs))
    acc: dict[tuple[Defs, int], int] = {}
    for c, (l1, items) in subs:
        scale = c * (den // (m * l1))
        for key, w in items:
            acc[key] = acc.get(key, 0) + w * scale
    g = math.gcd(den, *acc.values())
    return den // g, tuple((key, w // g) for key, w in acc.items())


@cache
def _dice_of(defs: Defs) -> int:
    return sum(d for _, d in defs)


# ---------------------------------------------------------------------- the chain
_WIN_CACHE: Final[dict[tuple[Context, BState], Fraction]] = {}
_DIST_CACHE: Final[dict[tuple[Context, BState], Dist]] = {}


def clear_caches() -> None:
    """Forget every memoised result (to measure cold-cache timings, or to free memory)."""
    _WIN_CACHE.clear()
    _DIST_CACHE.clear()
    for fn in (_bw, _tail, _hit1, _alloc, _dice_of):
        fn.cache_clear()


def _win_probs(ctx: Context, states: Iterable[BState]) -> dict[BState, Fraction]:
    """P(win) from each of ``states`` (each at the start of a round, invader Force >= 1)."""
    wanted = list(dict.fromkeys(states))
    out = {s: _WIN_CACHE[(ctx, s)] for s in wanted if (ctx, s) in _WIN_CACHE}
    todo = [s for s in wanted if s not in out]
    if todo:
        for s, p in _solve(ctx, todo).items():
            _WIN_CACHE[(ctx, s)] = p
            out[s] = p
    return out


def _solve(ctx: Context, tops: list[BState]) -> dict[BState, Fraction]:
    """P(win) from each of ``tops``: the chain below them solved node by node
    (:class:`_Chain`, the module docstring)."""
    return _Chain(ctx, tops).solve()


class _Chain:
    """The battle chain below some top states, solved node by node, successors first.

    A node (defenders, h) is the int ``i * hb + h``, ``i`` its defenders' index in
    ``dlist``; an allocation's outcome (defenders i, spill sp) is ``i * hb - sp``, so
    the node it leads to from h is that plus h (with no defender left, spill >= h is a
    loss: a node <= 0). The defenders are numbered successors first."""

    def __init__(self, ctx: Context, tops: list[BState]) -> None:
        self.order, self.turrets, self.base_left = ctx
        self.tops = tops
        self.top_f = max(f for f, _, _ in tops)
        self.scale = math.lcm(*range(1, max(len(defs) for _, defs, _ in tops) + 1))  # S
        self.hb = max(max(h for _, _, h in tops), self.top_f) + 1
        self._number_defenders()
        self._order_nodes()
        self._denominator()
        self._allocations()
        f_range = range(self.top_f + 1)
        self.pow_fs = [(5 * self.scale) ** g for g in f_range]
        self.pow_6s = [(6 * self.scale) ** g for g in f_range]
        self.divs = [self.scale**f for f in f_range]
        # coef[f][k]: C(f, k) 5^(f-k) S^(f-k): k of the invader's f dice hit (over
        # 6^f S^f, with the allocation's S^k)
        self.coef = [[math.comb(f, k) * self.pow_fs[f - k] for k in range(f + 1)]
                     for f in f_range]
        self.rows: dict[int, list[int]] = {}
        # conv[m][d - d_m][f] = R_d(f, m) = sum_j b_j N(f - j, m) over d defender dice,
        # N(<= 0) = big; made for d = d_m with the row, then one die at a time on demand.
        self.conv: dict[int, list[list[int]]] = {}

    def _number_defenders(self) -> None:
        """``dlist``: every defenders' multiset below the tops, successors first
        (``ids``: their numbers); ``hit[i]``: the one-hit successors of ``dlist[i]``
        (index, weight over S)."""
        self.ids: dict[Defs, int] = {(): 0}
        self.dlist: list[Defs] = [()]
        self.hit: list[list[tuple[int, int]]] = [[]]
        stack: list[tuple[Defs, bool]] = [(defs, False) for _, defs, _ in self.tops]
        while stack:
            defs, ready = stack.pop()
            if defs in self.ids:
                continue
            h1 = _hit1(defs)
            if not ready:
                stack.append((defs, True))
                stack.extend((d1, False) for d1, _ in h1 if d1 not in self.ids)
                continue
            self.ids[defs] = len(self.dlist)
            self.dlist.append(defs)
            unit = self.scale // len(defs)
            self.hit.append([(self.ids[d1], c * unit) for d1, c in h1])

    def _order_nodes(self) -> None:
        """``post``: the nodes, successors first: from the tops' defenders down to ()
        at the tops' h, then () at every h below; ``dice[node]``: the defending side's
        dice there."""
        hb, hit = self.hb, self.hit
        hs: dict[int, set[int]] = {}
        for _, defs, h in self.tops:
            hs.setdefault(self.ids[defs], set()).add(h)
        for i in range(len(self.dlist) - 1, 0, -1):  # predecessors before successors
            for j, _ in hit[i]:
                hs.setdefault(j, set()).update(hs.get(i, ()))
        empty_top = max(hs.get(0, {0}))
        post = list(range(1, empty_top + 1))  # ((), h)
        post += [i * hb + h for i in range(1, len(self.dlist)) for h in sorted(hs.get(i, ()))]
        fire = [1 + min(self.turrets, max(0, h - self.base_left)) for h in range(hb)]
        dice_of = [_dice_of(defs) for defs in self.dlist]
        self.post = post
        self.dice = {node: fire[node % hb] + dice_of[node // hb] for node in post}

    def _denominator(self) -> None:
        """``big``, the common denominator of every W(f, node), f <= top_f: S^hp times
        the product of gap(n) ** (the longest run of states with that n on a path)."""
        hb, dice, hit, top_f = self.hb, self.dice, self.hit, self.top_f
        run: dict[int, int] = {}
        runs: dict[int, int] = {}
        for node in self.post:
            i, h = divmod(node, hb)
            d = dice[node]
            if i:
                r = 1 + max((run[j * hb + h] for j, _ in hit[i] if dice[j * hb + h] == d),
                            default=0)
            else:
                r = 1 + run[h - 1] if h > 1 and dice[h - 1] == d else 1
            run[node] = r
            for n in range(d + 1, d + top_f + 1):
                if r > runs.get(n, 0):
                    runs[n] = r
        hp = max(sum(left for left, _ in defs) for _, defs, _ in self.tops)
        self.gaps = [6**n - 5**n for n in range(max(dice.values()) + top_f + 1)]
        self.big = self.scale**hp * math.prod(self.gaps[n] ** r for n, r in runs.items())

    def _allocations(self) -> None:
        """``alloc[i][k]``: k invader hits from defenders ``dlist[i]``: {outcome: weight
        over S^k}, k = 0..top_f, built from the one-hit successors (numbered before)."""
        top_f, scale, hb = self.top_f, self.scale, self.hb
        alloc: list[list[dict[int, int]]] = [[{-k: scale**k} for k in range(top_f + 1)]]
        for i in range(1, len(self.dlist)):
            subs = [(alloc[j], w) for j, w in self.hit[i]]
            tab = [{i * hb: 1}]
            for k in range(1, top_f + 1):
                acc: dict[int, int] = {}
                get = acc.get
                for t, w in subs:
                    for key, a in t[k - 1].items():
                        acc[key] = get(key, 0) + w * a
                tab.append(acc)
            alloc.append(tab)
        self.alloc = alloc

    def solve(self) -> dict[BState, Fraction]:
        """Every node's row, successors first; the tops' P(win) as Fractions."""
        for node in self.post:
            self._solve_node(node)
        ids, hb = self.ids, self.hb
        return {s: Fraction(self.rows[ids[s[1]] * hb + s[2]][s[0]], self.big)
                for s in self.tops}

    def _successors(self, node: int, d: int
                    ) -> tuple[list[tuple[int, int]], list[int], list[tuple[int, ...]]]:
        """The successors of ``node`` after the invader's hits: their (k, weight) by k,
        ``cnt[f]`` (how many have k <= f) and the columns of their value vectors (after
        the defenders' d dice, as the battle order has it)."""
        i, h = divmod(node, self.hb)
        tab = self.alloc[i]
        ks: list[tuple[int, int]] = []
        cnt = [0]
        vecs = []
        for k in range(1, self.top_f + 1):
            for key, a in tab[k].items():
                m = key + h
                if m > 0:
                    if self.order == "simultaneous":
                        vecs.append(self._after_dice(m, d - self.dice[m]))
                    elif self.order == "invader_first":
                        a *= 6 ** (d - self.dice[m])
                        vecs.append(self.conv[m][0])
                    else:
                        vecs.append(self.rows[m])
                    ks.append((k, a))
            cnt.append(len(ks))
        return ks, cnt, list(zip(*vecs, strict=True))

    def _after_dice(self, m: int, j: int) -> list[int]:
        """R_d(., m) for j more defender dice than m's own, one die at a time."""
        rs = self.conv[m]
        while len(rs) <= j:
            prev = rs[-1]
            rs.append([prev[0] * 6] + [5 * x + y for x, y in zip(prev[1:], prev, strict=False)])
        return rs[j]

    def _solve_node(self, node: int) -> None:
        """The row W(f, node) * big, f = 0..top_f, of one node, its successors solved."""
        d = self.dice[node]
        bw, tail = _bw(d), _tail(d)
        ks, cnt, cols = self._successors(node, d)
        big, pow_fs, pow_6s = self.big, self.pow_fs, self.pow_6s
        first = self.order == "defenders_first"
        row = [big]  # N(0): the invader destroyed, the Base standing
        own = [tail[0] * big]  # R_d(f, node)
        zs = [0]  # defenders_first: Z(g) = the invader's attack with g dice, self included
        for f in range(1, self.top_f + 1):
            cf = self.coef[f]
            acc = sum(map(mul, [cf[k] * a for k, a in ks[:cnt[f]]], cols[f])) if cnt[f] else 0
            t = tail[min(f, d + 1)]  # weight of at least f defender hits
            if first:
                z = acc
                acc = t * pow_6s[f] * big + bw[0] * z + sum(
                    map(mul, map(mul, bw[1:f], pow_6s[1:f]), zs[f - 1:0:-1]))
            else:
                part = sum(map(mul, bw[1:f], row[f - 1:0:-1])) + t * big
                acc += pow_fs[f] * part
            val, rem = divmod(acc, self.divs[f] * self.gaps[f + d])
            if rem:  # pragma: no cover - the denominator bound is a theorem; guard it anyway
                raise AssertionError(f"inexact division at {(f, node)}")
            row.append(val)
            if first:
                zs.append(z + pow_fs[f] * val)
            else:
                own.append(part + bw[0] * val)
        self.rows[node] = row
        self.conv[node] = [own]


def _dist(p: Fraction) -> Dist:
    return Dist({WIN: p, LOSS: 1 - p})


def _odds(ctx: Context, s: BState) -> Dist:
    d = _DIST_CACHE.get((ctx, s))
    if d is None:
        d = _DIST_CACHE[(ctx, s)] = _dist(_win_probs(ctx, [s])[s])
    return d


# ---------------------------------------------------------------------- the public API
def battle_odds(
    invader: int | str | tuple[str | int, int],
    defenders: Iterable[str | int | tuple[str | int, int]] = (),
    turrets: int = 0,
    domes: int | Iterable[int] = 0,
    base_damage: int = 0,
    rules: Rules | None = None,
    *,
    variant: str = "classic",
    lab: bool = True,
) -> Dist:
    """Exact odds of a battle from its start: ``Dist`` over ``"win"`` / ``"loss"``.

    invader
        Its current Force (an int), an Invader card name of ``variant``, or
        ``(name or Force, damage)``.
    defenders
        Each a Defender card name, an int (a plain defender of that Force), or
        ``(name or Force, damage)``.
    turrets
        Laser Turrets in play (the Base's own turret always fires too).
    domes
        Force Domes in play: a count (undamaged) or a sequence of their damages.
    base_damage
        Hits already on the Base (less than ``rules.base_hits``).
    rules
        A :class:`Rules` (default ``Rules()``): ``base_hits`` and ``battle_order`` matter.
    lab
        Whether a Research Lab is in play: Alien Artifact fights only with one.

    Bad input raises ``ValueError`` quoting it.

    >>> battle_odds(1, rules=Rules(base_hits=1))["win"]  # 5/36 win, 1/6 loss, else again
    Fraction(5, 11)
    """
    rules = _check_rules(rules)
    cards = _cards(variant)
    if not isinstance(lab, bool):
        raise ValueError(f"lab must be True or False, not {quote(lab)}")
    f = _invader_force(invader, cards)
    defs = tuple(sorted(_defender(x, cards, lab) for x in _sequence(defenders, "defenders")))
    t = _count(turrets, "turrets")
    dome_card = next(c for c in cards.values() if c.role == "dome")
    if isinstance(domes, int) and not isinstance(domes, bool):
        dome_left = dome_card.max_hits * _count(domes, "domes")
    else:
        dome_left = 0
        for dmg in _sequence(domes, "domes"):
            if not isinstance(dmg, int) or isinstance(dmg, bool) \
                    or not 0 <= dmg < dome_card.max_hits:
                raise ValueError(f"a {dome_card.name}'s damage must be an int in "
                                 f"[0, {dome_card.max_hits - 1}], not {quote(dmg)}")
            dome_left += dome_card.max_hits - dmg
    b = _count(base_damage, "base_damage")
    if b >= rules.base_hits:
        raise ValueError(f"base_damage {quote(base_damage)} would have destroyed the Base "
                         f"(base_hits={rules.base_hits})")
    base_left = rules.base_hits - b
    ctx = (rules.battle_order, t, base_left)
    return _odds(ctx, (f, defs, dome_left + t + base_left))


def battle_odds_of_game(game: Spacehole) -> Dist:
    """Exact odds of the battle ``game`` is fighting, from its current position: at the
    start of a round, mid-round (dice rolled and hits not yet allocated or applied, a
    chance node pending) or with an Invader just drawn whose battle has not begun.

    A game lost to the invader gives ``{"loss": 1}``. Raises ``ValueError`` when no
    Invader is being fought."""
    s = game.state
    cards = game.cards
    cur = s.current
    if cur is None or cards[cur].kind != "invader":
        what = "no card" if cur is None else f"{quote(cur)} (not an Invader)"
        raise ValueError(f"no invader is being fought: the game is in its {s.phase} phase "
                         f"resolving {what}")
    if s.lost:
        return Dist.constant(LOSS)
    rules = game.rules
    lab = any(cards[n].role == "lab" for n, _ in s.structures)
    defs = tuple(sorted(
        (cards[n].max_hits - d, cards[n].force - d if lab or not cards[n].needs_lab else 0)
        for n, d in s.defenders))
    turrets = sum(1 for n, _ in s.structures if cards[n].role == "turret")
    domes = sum(cards[n].max_hits - d for n, d in s.structures if cards[n].role == "dome")
    base_left = rules.base_hits - s.base_damage
    ctx = (rules.battle_order, turrets, base_left)
    h = domes + turrets + base_left
    stage = s.stage
    if stage in ("karma_limit", "event") and rules.spares_invader(s.turn):
        return Dist.constant(WIN)  # house rule grace_turns: it passes without a battle
    if stage in ("karma_limit", "event"):
        return _odds(ctx, (cards[cur].force, defs, h))
    f = cards[cur].force - s.inv_damage
    if stage == "battle" or (stage == "battle_step" and f > 0 and not s.bq
                             and s.chance is None):
        return _odds(ctx, (f, defs, h))
    if stage == "event_done":  # the invader was destroyed; it is about to be discarded
        return Dist.constant(WIN)
    if stage != "battle_step":  # pragma: no cover
        raise ValueError(f"no invader is being fought (stage {quote(stage)})")
    ends = _round_rest(ctx, f, defs, h, s.bq, s.inv_hits, s.def_hits, s.chance)
    states = [k for k in ends if not isinstance(k, str)]
    wins = _win_probs(ctx, states)
    p = ends.get(WIN, Fraction(0)) + sum(
        (q * wins[k] for k, q in ends.items() if not isinstance(k, str)), Fraction(0))
    return _dist(p)


def _round_rest(ctx: Context, f: int, defs: Defs, h: int, bq: tuple[str, ...],
                inv_hits: int, def_hits: int, chance: tuple | None
                ) -> dict[Any, Fraction]:
    """The rest of a round, step by step as the engine plays it: a distribution over
    ``"win"``, ``"loss"`` and the states at the start of the next round."""
    _, turrets, base_left = ctx

    def dice(defs: Defs, h: int) -> int:
        return 1 + min(turrets, max(0, h - base_left)) + _dice_of(defs)

    front: dict[tuple[int, Defs, int, int, int], Fraction] = {}
    kind = chance[0] if chance else None
    if kind in ("inv_dice", "def_dice"):
        n = chance[1]  # type: ignore[index]
        w = _bw(n)
        for k in range(n + 1):
            key = (f, defs, h, k, def_hits) if kind == "inv_dice" else (f, defs, h, inv_hits, k)
            front[key] = Fraction(w[k], 6**n)
    elif kind in (None, "target"):
        front[(f, defs, h, inv_hits, def_hits)] = Fraction(1)
    else:  # pragma: no cover
        raise ValueError(f"unexpected chance node {quote(kind)} in a battle")
    out: dict[Any, Fraction] = {}

    def add(d: dict, key: Any, p: Fraction) -> None:
        d[key] = d.get(key, 0) + p

    for step in bq:
        new: dict[tuple[int, Defs, int, int, int], Fraction] = {}
        for (f1, d1, h1, ih, dh), p in front.items():
            if step == "invader_roll":
                w = _bw(f1)
                for k in range(f1 + 1):
                    add(new, (f1, d1, h1, k, dh), p * Fraction(w[k], 6**f1))
            elif step == "defender_roll":
                n = dice(d1, h1)
                w = _bw(n)
                for j in range(n + 1):
                    add(new, (f1, d1, h1, ih, j), p * Fraction(w[j], 6**n))
            elif step == "invader_hits":
                den, items = _alloc(d1, ih)
                for (nd, sp), w2 in items:
                    if h1 - sp <= 0:
                        add(out, LOSS, p * Fraction(w2, den))
                    else:
                        add(new, (f1, nd, h1 - sp, 0, dh), p * Fraction(w2, den))
            elif step == "defender_hits":
                f2 = max(0, f1 - dh)
                if f2 == 0:
                    add(out, WIN, p)
                else:
                    add(new, (f2, d1, h1, ih, 0), p)
            else:  # pragma: no cover
                raise ValueError(f"unknown battle step {quote(step)}")
        front = new
    for (f1, d1, h1, _, _), p in front.items():
        add(out, (f1, d1, h1) if f1 > 0 else WIN, p)
    return out


# ---------------------------------------------------------------------- input checks
def _check_rules(rules: Any) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a boardgames.spacehole.Rules, not {quote(rules)}")
    if rules.battle_order not in _ORDERS:  # pragma: no cover - Rules validates it
        raise ValueError(f"unknown battle_order {quote(rules.battle_order)}")
    return rules


def _cards(variant: Any) -> Mapping[str, data.Card]:
    if variant not in data.VARIANTS:
        raise ValueError(f"unknown Spacehole variant {quote(variant)}; expected one of "
                         f"{data.VARIANTS}")
    return data.by_name(variant)


def _count(x: Any, what: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise ValueError(f"{what} must be a non-negative int, not {quote(x)}")
    return x


def _sequence(x: Any, what: str) -> list[Any]:
    if isinstance(x, (str, bytes, Mapping)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a sequence, not {quote(x)}")
    return list(x)


def _named(x: Any, cards: Mapping[str, data.Card], kind: str) -> tuple[int, int, data.Card | None]:
    """(printed Force, damage, card or None) of an int, a name or a (name/int, damage)."""
    dmg = 0
    item = x
    if isinstance(x, tuple):
        if len(x) != 2:
            raise ValueError(f"expected ({kind} name or Force, damage), not {quote(x)}")
        item, dmg = x
        if not isinstance(dmg, int) or isinstance(dmg, bool) or dmg < 0:
            raise ValueError(f"damage must be a non-negative int, not {quote(dmg)} in {quote(x)}")
    if isinstance(item, int) and not isinstance(item, bool):
        if item < 1:
            raise ValueError(f"a {kind}'s Force must be at least 1, not {quote(x)}")
        if dmg >= item:
            raise ValueError(f"{dmg} damage would have destroyed a Force {item} {kind}: {quote(x)}")
        return item, dmg, None
    if isinstance(item, str):
        c = cards.get(item)
        if c is None or c.kind != kind:
            known = sorted(n for n, c2 in cards.items() if c2.kind == kind)
            article = "an" if kind[0] in "aeiou" else "a"
            raise ValueError(f"{quote(item)} is not {article} {kind} card of this variant "
                             f"(known: {', '.join(known)})")
        if dmg >= c.max_hits:
            raise ValueError(f"{dmg} damage would have destroyed {item}: {quote(x)}")
        return c.force, dmg, c
    raise ValueError(f"expected a {kind} name, a Force or (name, damage), not {quote(x)}")


def _invader_force(x: Any, cards: Mapping[str, data.Card]) -> int:
    force, dmg, _ = _named(x, cards, "invader")
    return force - dmg


def _defender(x: Any, cards: Mapping[str, data.Card], lab: bool) -> tuple[int, int]:
    force, dmg, c = _named(x, cards, "defender")
    max_hits = force if c is None else c.max_hits
    fights = c is None or not c.needs_lab or lab
    return max_hits - dmg, force - dmg if fights else 0
