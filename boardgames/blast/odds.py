"""Exact odds of Blast's dice: who wins a fight, and which units can reach a sector.

* :func:`fight_odds` — the winner of a fight from both sides' forces and the cards played,
  exact over the 1D6 of Surprise Attack / Ambush and with the tie ruling (``Rules.tie``);
* :func:`reach_odds` — for each of the mover's units, the probability that a roll of 2D6
  lets it land on a sector this turn (both dice on one unit, stop on enemy units, the
  wrap of the track), optionally counting the mover's cards in hand: the classic "shot"
  count of backgammon.

Both count integer weights (``6**n`` equally likely rolls) and return exact Fractions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Final

from ..core.dist import Dist
from ..core.limits import quote
from . import data
from .board import dest
from .data import ATTACK, DEFENCE, DICE_BONUS, DIRECTIONS, FIGHT_BONUS, HOMEWORLDS, SECTORS
from .rules import Rules

if TYPE_CHECKING:
    from .game import Blast

__all__ = ["fight_odds", "fight_odds_of_game", "plain_reach_counts", "reach_odds",
           "reach_probability"]

_PAIRS: Final = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


# ---------------------------------------------------------------------- fights
def _forces(x: Any, what: str) -> tuple[int, ...]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a list of unit forces (1..5), not {quote(x)}")
    out = tuple(x)
    for f in out:
        if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 5:
            raise ValueError(f"{what}: a unit force is an int 1..5, not {quote(f)}")
    if not out:
        raise ValueError(f"{what}: a fight needs at least one unit on each side")
    return out


def _cards(x: Any, allowed: frozenset[str], what: str) -> tuple[str, ...]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a list of card names, not {quote(x)}")
    out = tuple(x)
    for c in out:
        if c not in allowed:
            raise ValueError(f"{quote(c)} is not one of the {what} ({', '.join(sorted(allowed))})")
    for c, n in Counter(out).items():
        if n > data.COPIES:
            raise ValueError(f"the deck has only {data.COPIES} {c}, not {n}")
    return out


@lru_cache(maxsize=64)
def _d6_difference(n_plus: int, n_minus: int) -> tuple[tuple[int, int], ...]:
    """(value, ways) of the sum of ``n_plus`` d6 minus the sum of ``n_minus`` d6."""
    ways: dict[int, int] = {0: 1}
    for sign in (1,) * n_plus + (-1,) * n_minus:
        nxt: dict[int, int] = {}
        for v, w in ways.items():
            for f in range(1, 7):
                k = v + sign * f
                nxt[k] = nxt.get(k, 0) + w
        ways = nxt
    return tuple(sorted(ways.items()))


def fight_odds(
    attacker: Iterable[int],
    defender: Iterable[int],
    attack_cards: Iterable[str] = (),
    defense_cards: Iterable[str] = (),
    rules: Rules | None = None,
    *,
    attack_bonus: int = 0,
    defense_bonus: int = 0,
    attack_dice: int = 0,
    defense_dice: int = 0,
) -> Dist:
    """Who wins a fight: ``Dist`` over ``"attacker"`` and ``"defender"`` (and, with
    ``Rules(tie="both_destroyed")``, ``"neither"`` for a tie that destroys both sides).

    ``attacker`` / ``defender`` are the forces of the units on the sector, the cards are
    the attack and defence cards played (Surprise Attack and Ambush add 1D6 each).
    ``attack_bonus`` / ``defense_bonus`` add fixed Force (e.g. 1D6 already rolled) and
    ``attack_dice`` / ``defense_dice`` more 1D6 still to roll.

    >>> fight_odds([3, 2], [4], ["Surprise Attack"], ["Ambush"])["attacker"]
    Fraction(7, 12)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a boardgames.blast.Rules, not {type(rules).__name__}")
    a = _forces(attacker, "attacker")
    d = _forces(defender, "defender")
    ac = _cards(attack_cards, ATTACK, "attack cards")
    dc = _cards(defense_cards, DEFENCE, "defence cards")
    for name, v, hi in (("attack_bonus", attack_bonus, 1000),
                        ("defense_bonus", defense_bonus, 1000),
                        ("attack_dice", attack_dice, 8), ("defense_dice", defense_dice, 8)):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
            raise ValueError(f"{name} must be an int in [0, {hi}], not {quote(v)}")
    fixed = sum(a) + sum(FIGHT_BONUS[c] for c in ac) + attack_bonus \
        - sum(d) - sum(FIGHT_BONUS[c] for c in dc) - defense_bonus
    n_a = sum(1 for c in ac if c in data.D6_CARDS) + attack_dice
    n_d = sum(1 for c in dc if c in data.D6_CARDS) + defense_dice
    win = lose = tie = 0
    for v, w in _d6_difference(n_a, n_d):
        x = fixed + v
        if x > 0:
            win += w
        elif x < 0:
            lose += w
        else:
            tie += w
    tie_to = {"defender": "defender", "attacker": "attacker",
              "both_destroyed": "neither"}[rules.tie]
    weights = {"attacker": win, "defender": lose}
    weights[tie_to] = weights.get(tie_to, 0) + tie
    return Dist.from_weights(weights)


def fight_odds_of_game(game: Blast, sector: int | None = None) -> Dist:
    """The odds of the fight in progress in ``game`` (cards played and 1D6 rolled so far,
    a 1D6 being rolled counted exactly), or of the fight on ``sector`` before any card."""
    s = game.state
    a = s.player
    ab = db = na = nd = 0
    if sector is None:
        if s.fight is None:
            raise ValueError("no fight is in progress: give the sector")
        sector = s.fight[0]
    if not isinstance(sector, int) or isinstance(sector, bool) or not 1 <= sector <= SECTORS:
        raise ValueError(f"sector must be an int 1..{SECTORS}, not {quote(sector)}")
    if s.fight is not None and s.fight[0] == sector:
        # The bonuses hold the cards' fixed parts and the 1D6 already rolled; a 1D6 being
        # rolled (a pending chance node) is still a die.
        _, ab, db, _ac, _dc, _ar, _dr = s.fight
        if s.chance is not None and s.chance[0] == "d6":
            na, nd = (1, 0) if s.chance[1] == "attack" else (0, 1)
    mine, theirs = s.units[a][sector - 1], s.units[1 - a][sector - 1]
    if not mine or not theirs:
        raise ValueError(f"sector {sector} does not hold both sides: no fight there")
    return fight_odds(mine, theirs, (), (), game.rules, attack_bonus=ab, defense_bonus=db,
                      attack_dice=na, defense_dice=nd)


# ---------------------------------------------------------------------- reach
_Hand = tuple[tuple[int, ...], int, int, int]
"""The dice cards of a hand: (bonuses of the modifier cards, sorted; Hyper Jump,
Battle Computers, Hold Position copies)."""
_Leaf = Callable[[tuple[int, ...]], bool]
"""Whether the unit can land on the target with these die values (the cards played)."""


def _reach_now(values: tuple[int, ...], target: int, blocked: frozenset[int],
               backs: int, home: int | None = None) -> bool:
    """Positions are offsets along the mover's direction from the unit (0); can some
    order of some of ``values`` land on ``target``? A landing on a blocked offset ends
    the unit's move; ``backs`` dice may be used backwards (Space Combat Tactics); with
    ``home`` (the homeworld's offset, Defend the Homeworld in hand) the unit may first
    jump there, using no die (jumping later never reaches more: from home, every die is
    still there)."""
    values = tuple(sorted(values))
    return (_reach_from(0, values, target, blocked, backs)
            or (home is not None and _reach_from(home, values, target, blocked, backs)))


@lru_cache(maxsize=65536)
def _reach_from(pos: int, values: tuple[int, ...], target: int, blocked: frozenset[int],
                backs: int) -> bool:
    for i, v in enumerate(values):
        if i and values[i - 1] == v:
            continue
        rest = values[:i] + values[i + 1:]
        for step, b in ((v, backs), (-v, backs - 1)):
            if b < 0:
                continue
            y = (pos + step) % SECTORS
            if y == target:
                return True
            if y not in blocked and rest and _reach_from(y, rest, target, blocked, b):
                return True
    return False


def _modify(dice: tuple[tuple[int, int, int], ...], i: int,
            bonus: int) -> tuple[tuple[int, int, int], ...]:
    v, b, h = dice[i]
    return tuple(sorted((*dice[:i], *dice[i + 1:], (v + bonus, b + bonus, h))))


def _dice_cards(hand: Iterable[str]) -> tuple[_Hand, int]:
    """The dice cards of ``hand`` and its Space Combat Tactics copies."""
    h = Counter(hand)
    bonuses = tuple(sorted(DICE_BONUS[c] for c in h.elements() if c in DICE_BONUS))
    return (bonuses, h["Hyper Jump"], h["Battle Computers"], h["Hold Position"]), \
        h["Space Combat Tactics"]


def reach_probability(offset: int, blocked_offsets: Iterable[int],
                      hand: Iterable[str] = (), *, home: int | None = None) -> Fraction:
    """P(a unit can land ``offset`` sectors ahead of it this turn), over 2D6, with the
    sectors ``blocked_offsets`` ahead holding enemy units, playing the cards of ``hand``
    as well as possible after seeing the roll (expectimax over rerolls and the Hyper
    Jump die). ``home``: the offset of the mover's homeworld, for Defend the Homeworld in
    ``hand`` (the unit jumps there, then moves with the dice). The unit alone is
    weighed: any order of the dice is allowed, as with ``use_dice="each"`` or when other
    units can take the dice (:func:`reach_odds` weighs a whole position)."""
    if not isinstance(offset, int) or not 1 <= offset < SECTORS:
        raise ValueError(f"offset must be 1..{SECTORS - 1}, not {quote(offset)}")
    blocked = frozenset(b % SECTORS for b in blocked_offsets) - {0}
    cards, backs = _dice_cards(hand)
    if "Defend the Homeworld" not in hand or home is None or home % SECTORS in blocked:
        home = None
    else:
        home %= SECTORS
    return _free_probability(offset, blocked, cards, backs, home)


@lru_cache(maxsize=4096)
def _free_probability(offset: int, blocked: frozenset[int], cards: _Hand, backs: int,
                      home: int | None) -> Fraction:
    if cards == ((), 0, 0, 0) and not backs and home is None:
        return Fraction(plain_reach_counts(blocked)[offset], 36)
    return _over_rolls(cards, partial(_reach_now, target=offset, blocked=blocked,
                                      backs=backs, home=home))


def plain_reach_counts(blocked_offsets: Iterable[int]) -> tuple[int, ...]:
    """Without cards: for each offset 0..27 ahead of a unit, how many of the 36 rolls of
    2D6 let it land there (one die, or both in either order with the first landing not
    on the enemy units at ``blocked_offsets``)."""
    return _plain_reach_counts(frozenset(b % SECTORS for b in blocked_offsets
                                         if 0 < b % SECTORS <= 6))


@lru_cache(maxsize=4096)
def _plain_reach_counts(blocked: frozenset[int]) -> tuple[int, ...]:
    out = [0] * SECTORS
    for a in range(1, 7):
        for b in range(1, 7):
            reach = {a, b}
            if a not in blocked or b not in blocked:  # a first, or b first
                reach.add(a + b)
            for k in reach:
                out[k] += 1
    return tuple(out)


def _over_rolls(cards: _Hand, leaf: _Leaf) -> Fraction:
    """The probability over 2D6 that the unit can land on its target, the dice cards
    ``cards`` played as well as possible after seeing the roll."""
    memo: dict[tuple[Any, ...], Fraction] = {}
    total = Fraction(0)
    for a, b in _PAIRS:
        total += (1 if a == b else 2) * _best(((a, 0, 0), (b, 0, 0)), cards, leaf, memo)
    return total / 36


def _best(dice: tuple[tuple[int, int, int], ...], cards: _Hand, leaf: _Leaf,
          memo: dict[tuple[Any, ...], Fraction]) -> Fraction:
    """The best probability of reaching the target from this roll with these cards left
    (``memo``: the values found for this target so far)."""
    key = (dice, cards)
    got = memo.get(key)
    if got is not None:
        return got
    best = Fraction(1) if leaf(tuple(d[0] for d in dice)) else Fraction(0)
    bonuses, hyper, computers, holds = cards
    if best < 1 and hyper:
        nxt = (bonuses, hyper - 1, computers, holds)
        best = max(best, sum((_best(tuple(sorted((*dice, (f, 0, 1)))), nxt, leaf, memo)
                              for f in range(1, 7)), Fraction(0)) / 6)
    if best < 1 and computers:
        nxt = (bonuses, hyper, computers - 1, holds)
        for i, (_v, b, h) in enumerate(dice):
            if b or h or (i and dice[i - 1] == dice[i]):
                continue
            rest = dice[:i] + dice[i + 1:]
            best = max(best, sum((_best(tuple(sorted((*rest, (f, 0, 0)))), nxt, leaf, memo)
                                  for f in range(1, 7)), Fraction(0)) / 6)
    for j, bonus in enumerate(bonuses):
        if best == 1 or (j and bonuses[j - 1] == bonus):
            continue
        nxt = (bonuses[:j] + bonuses[j + 1:], hyper, computers, holds)
        for i in range(len(dice)):
            if not (i and dice[i - 1] == dice[i]):
                best = max(best, _best(_modify(dice, i, bonus), nxt, leaf, memo))
    if best < 1 and holds and len(dice) > 1:  # Hold Position: a die is not used
        nxt = (bonuses, hyper, computers, holds - 1)
        for i in range(len(dice)):
            if not (i and dice[i - 1] == dice[i]):
                best = max(best, _best(dice[:i] + dice[i + 1:], nxt, leaf, memo))
    memo[key] = best
    return best


class _Searched:
    """The exact answer where ``use_dice="maximum"`` restricts the moves (fewer movable
    units than dice, ruling 7): the position set up as a game in its move phase with
    the dice, the mover holding its move cards, and the engine's own legal moves
    searched for one that lands the unit on the target. Own units that cannot move
    (jammed, bound, on enemy sectors) are left out: they use no die."""

    def __init__(self, free: dict[int, list[int]], units: tuple[Any, Any], p: int,
                 unit: tuple[int, int], target: int, cards: tuple[str, ...],
                 rules: Rules) -> None:
        side, other = data.SIDES[p], data.SIDES[1 - p]
        spec: dict[int, dict[str, list[int]]] = {}
        for i in range(SECTORS):
            sec = i + 1
            stack = {side: free.get(sec, []), other: list(units[1 - p][i])}
            if stack[side] or stack[other]:
                spec[sec] = stack
        self.spec: dict[str, Any] = dict(units=spec, hands={side: list(cards)},
                                         to_move=side, phase="move", rules=rules,
                                         auto_roll=False)
        self.unit, self.target, self.p = unit, target, p
        self.memo: dict[tuple[int, ...], bool] = {}
        self.seen: dict[tuple[Any, ...], bool] = {}

    def __call__(self, values: tuple[int, ...]) -> bool:
        key = tuple(sorted(values))
        got = self.memo.get(key)
        if got is None:
            from .game import Blast

            g = Blast.scenario(**self.spec, dice=list(key))
            if g.state.pending == "jam":  # (windows="always": the opponent holds none)
                g.apply("pass")
            got = self.memo[key] = self._lands(g, self.unit[0])
        return got

    def _lands(self, g: Blast, at: int) -> bool:
        """Some sequence of legal moves from ``g`` lands the unit (now on ``at``) on the
        target."""
        s = g.state
        if s.pending != "move":
            return False
        key = (s.units, s.dice, s.hands, s.play, s.pins, at)  # (orders of the dice meet)
        got = self.seen.get(key)
        if got is None:
            got = self.seen[key] = any(self._after(g, a, at) for a in g.legal_actions())
        return got

    def _after(self, g: Blast, a: Any, at: int) -> bool:
        """Action ``a`` lands the unit (on ``at``) on the target, or leads to a move that
        does."""
        to = self._to(a, at)
        if to == self.target:
            return True
        return a.verb != "done" and self._lands(g.fork().apply(a), to)

    def _to(self, a: Any, at: int) -> int:
        """Where action ``a`` puts the unit (on ``at``): a move of another unit leaves it."""
        if (a.sector, a.force) != (at, self.unit[1]):
            return at
        direction = DIRECTIONS[self.p]
        if a.verb == "move":  # forward, or backwards with Space Combat Tactics in play
            return dest(at, a.die, -direction if a.card else direction)
        if a.card == "Defend the Homeworld":
            return HOMEWORLDS[self.p]
        return at


def reach_odds(
    game_or_position: Blast | Mapping[Any, Any],
    sector: int,
    *,
    cards: bool = False,
    mover: str | None = None,
    hand: Iterable[str] | None = None,
) -> dict[tuple[int, int], Fraction]:
    """For each of the mover's units, the exact probability that it can land on
    ``sector`` this turn: ``{(from_sector, force): Fraction}``.

    The roll is a fresh 2D6 (as if the mover were about to roll). A unit may use one die
    or both, in either order, but stops on the first sector holding enemy units it lands
    on ("A unit cannot use the second die if, as a result of its first roll, it lands on
    a space containing enemy units"); passing such a sector is fine; the track wraps.
    Under ``use_dice="maximum"`` (the game's rules; the default for a units mapping) a
    unit with fewer movable units than dice beside it may not leave a die unused that
    another order would use (ruling 7): such positions are searched with the engine's
    own legal moves. Units already on ``sector`` are left out; a jammed unit, or one
    already stopped on an enemy sector, has probability 0.

    ``game_or_position`` is a Blast game (the mover is the player whose turn it is; their
    hand is used with ``cards=True``) or a units mapping as in :meth:`Blast.scenario`
    (``{sector: {"terran": [...], "empire": [...]}}``) with ``mover="terran"`` or
    ``"empire"`` and, for ``cards=True``, ``hand=[...]``.

    With ``cards=True`` the mover's cards count, played as well as possible after seeing
    the roll: Ion Thrusters / Warp Overdrive / Maximum Burn (+1/+2/+3 to one die), Hyper
    Jump (a third die), Battle Computers (reroll one die), Hold Position (a die not used),
    Space Combat Tactics (one die backwards) and Defend the Homeworld (any unit jumps to
    the homeworld, and may then move on from there with the dice).
    """
    if not isinstance(sector, int) or isinstance(sector, bool) or not 1 <= sector <= SECTORS:
        raise ValueError(f"sector must be an int 1..{SECTORS}, not {quote(sector)}")
    units, p, held, pins, rules = _reach_position(game_or_position, mover, hand)
    if not isinstance(cards, bool):
        raise TypeError(f"cards must be True or False, not {quote(cards)}")
    hand_used = held if cards else ()
    own, opp = units[p], units[1 - p]
    free = _free_units(units, p, pins)
    movable = sum(map(len, free.values()))
    dth = "Defend the Homeworld" in hand_used
    home = HOMEWORLDS[p]
    out: dict[tuple[int, int], Fraction] = {}
    for i in range(SECTORS):
        x = i + 1
        if not own[i] or x == sector:
            continue
        for f in sorted(set(own[i])):
            if own[i].count(f) <= pins.count((x, f)):  # jammed or bound
                out[(x, f)] = Fraction(0)
            elif dth and sector == home:
                out[(x, f)] = Fraction(1)
            elif opp[i]:
                out[(x, f)] = Fraction(0)
            else:
                searched = None
                dice = 2 + hand_used.count("Hyper Jump")  # at most
                if rules.use_dice == "maximum" and movable < dice:
                    move_cards = tuple(c for c in hand_used if c in _MOVE_CARDS)
                    searched = _Searched(free, units, p, (x, f), sector, move_cards, rules)
                out[(x, f)] = _unit_reach(units, p, x, sector, hand_used, movable, searched)
    return out


_MOVE_CARDS: Final = ("Space Combat Tactics", "Defend the Homeworld")
"""The move cards :func:`reach_odds` plays (Strategic Move moves one unit as a die does)."""


def _reach_position(game_or_position: Any, mover: str | None, hand: Iterable[str] | None
                    ) -> tuple[tuple[Any, Any], int, tuple[str, ...],
                               tuple[tuple[int, int], ...], Rules]:
    """(units, mover, hand, pins, rules) of ``reach_odds``' position."""
    from .game import Blast
    from .setup import check_scenario

    if isinstance(game_or_position, Blast):
        s = game_or_position.state
        if mover is not None or hand is not None:
            raise ValueError("mover and hand come from the game; give them only with a "
                             "units mapping")
        pins = s.pins if s.phase == "move" else ()
        return s.units, s.player, s.hands[s.player], pins, game_or_position.rules
    if isinstance(game_or_position, Mapping):
        if mover not in data.SIDES:
            raise ValueError(f"mover must be 'terran' or 'empire', not {quote(mover)}")
        spec = check_scenario({"units": game_or_position, "phase": "fight"})
        boards = [[()] * SECTORS, [()] * SECTORS]
        for k, stack in spec["units"].items():
            for q in (0, 1):
                boards[q][int(k) - 1] = tuple(sorted(stack.get(data.SIDES[q], [])))
        held = tuple(hand or ())
        for c in held:
            if c not in data.BY_NAME:
                raise ValueError(f"unknown Blast card {quote(c)} in hand")
        return ((tuple(boards[0]), tuple(boards[1])), data.SIDES.index(mover), held, (),
                Rules())
    raise TypeError(f"expected a Blast game or a units mapping, not "
                    f"{type(game_or_position).__name__}")


def _free_units(units: tuple[Any, Any], p: int,
                pins: tuple[tuple[int, int], ...]) -> dict[int, list[int]]:
    """{sector: forces} of ``p``'s units that may move: not jammed or bound, not on a
    sector holding enemy units."""
    out: dict[int, list[int]] = {}
    for i in range(SECTORS):
        if units[p][i] and not units[1 - p][i]:
            stack = list(units[p][i])
            for sec, f in pins:
                if sec == i + 1:
                    stack.remove(f)
            if stack:
                out[i + 1] = stack
    return out


def _unit_reach(units: tuple[Any, Any], p: int, x: int, sector: int, hand: tuple[str, ...],
                movable: int, searched: _Searched | None) -> Fraction:
    """P(the free unit on ``x`` can land on ``sector``): the unit alone weighed
    (:func:`reach_probability`), or, for dice more than the movable units under
    ``use_dice="maximum"``, ``searched``."""
    direction = DIRECTIONS[p]
    offset = ((sector - x) * direction) % SECTORS
    blocked = [((i + 1 - x) * direction) % SECTORS for i in range(SECTORS) if units[1 - p][i]]
    home = ((HOMEWORLDS[p] - x) * direction) % SECTORS
    if searched is None:
        return reach_probability(offset, blocked, hand, home=home)
    cards, backs = _dice_cards(hand)
    free = partial(_reach_now, target=offset, blocked=frozenset(blocked) - {0},
                   backs=backs, home=home if "Defend the Homeworld" in hand
                   and home not in blocked else None)

    def leaf(values: tuple[int, ...]) -> bool:
        # The engine allows a subset of the unit's free paths: search only where one is.
        return free(values) and (len(values) <= movable or searched(values))

    return _over_rolls(cards, leaf)
