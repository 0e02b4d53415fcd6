"""The legal actions of each decision, and why an action is refused (naming the rule)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from ..core.limits import quote
from ..core.ordering import in_order_where, kept_in_order
from . import data
from .actions import Move
from .data import LISTS, Entry
from .odds import landing_runs, lookup
from .records import fleets, meets, spoils_of
from .rules import Rules
from .setup import origins_left
from .state import IntergalacticState

__all__ = ["above", "add_moves", "can_land_elsewhere", "keep_move", "land_move", "landing_offers",
           "legal", "pick_choice", "pick_moves", "pickable", "spend_moves", "spend_offers",
           "stealable", "why_illegal"]

_FIXED: Final = {
    "extra": kept_in_order([Move.of("end", "turn"), Move.of("extra", "roll")]),
    "again": kept_in_order([Move.of("attack", "again"), Move.of("end", "turn")]),
    "prevent": kept_in_order([Move.of("allow", "battle"), Move.of("prevent", "battle")]),
}
"""The decisions with fixed choices: the extra roll, attacking again, Diplomacy."""
_PICKS: Final = {e.name: Move.of("pick", e.name) for entries in LISTS.values() for e in entries}
"""The ``pick <entry>`` action of every entry."""


def _unique(moves: list[Move]) -> tuple[Move, ...]:
    """``moves`` without repeats, in the order first listed (a decision with one choice
    is taken at once: ``tasks.has_one_choice``; ``legal_actions()`` sorts them)."""
    return tuple(dict.fromkeys(moves))


def reach(total: int, tokens: int) -> range:
    """The totals a roll of ``total`` can be moved to with ``tokens`` IT, 1 IT a point
    (ruling 2): up to ``tokens`` either way, the landing within 0..101 (a total already
    outside stays where it is or moves towards it)."""
    return range(min(total, max(total - tokens, 0)), max(total, min(total + tokens, 101)) + 1)


def spend_moves(list_name: str, total: int, tokens: int, twice: bool) -> tuple[Move, ...]:
    """The token-spending decision of a list roll totalling ``total`` with ``tokens`` IT
    (ruling 2), as one choice: ``keep <total>`` (nothing spent) and every landing offer
    (``landing_offers``) that costs at most ``tokens``, in notation order. ``twice``: a
    roll made for a "Roll Twice" (its 101+ is "Pick one of the Above", ``odds.lookup``)."""
    choice, costs = spend_offers(list_name, total, twice)
    return in_order_where(choice, [cost <= tokens for cost in costs])


def can_land_elsewhere(list_name: str, total: int, twice: bool, tokens: int) -> bool:
    """Whether ``tokens`` IT move a roll of ``total`` to another entry (or nothing): the
    cheapest landing offer is within reach."""
    offers = landing_offers(list_name, total, twice)
    return bool(offers) and offers[0][0] <= tokens


@cache
def spend_offers(list_name: str, total: int, twice: bool
                 ) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """``keep <total>`` and every landing offer of a roll of ``total`` as ``land on <t>
    <entry> (<cost> IT)``, in notation order, and the cost of each (keep: 0). Made once
    per roll total: a purse takes those it can pay (``spend_moves``)."""
    cost_of = {keep_move(total): 0}
    for cost, t, name in landing_offers(list_name, total, twice):
        cost_of[land_move(t, name, cost)] = cost
    choice = kept_in_order(cost_of)
    return choice, tuple(cost_of[move] for move in choice)


@cache
def landing_offers(list_name: str, total: int, twice: bool) -> tuple[tuple[int, int, str], ...]:
    """Every other entry (or ``nothing``) a roll of ``total`` on ``list_name`` can be moved
    to by spending IT, 1 IT a point (ruling 2), each once, at the total nearest the roll
    that lands on it: (its cost in IT, that total, the entry's name), cheapest first. The
    totals are taken by runs that land on one entry (``odds.landing_runs``, within
    0..101): the total of a run nearest the roll is the cheapest, and a purse that reaches
    it has it within reach (``reach``)."""
    here = lookup(list_name, total, twice=twice)
    best: dict[str, tuple[int, int]] = {}  # entry name -> (cost, total)
    for lowest, highest, e in landing_runs(list_name, twice):
        if e is here:
            continue
        t = min(max(total, lowest), highest)  # the total of the run nearest the roll
        name = e.name if e is not None else "nothing"
        cost = abs(t - total)
        if name not in best or cost < best[name][0]:
            best[name] = (cost, t)
    return tuple(sorted((cost, t, name) for name, (cost, t) in best.items()))


@cache
def keep_move(total: int) -> Move:
    """The action ``keep <total>`` (its notation made once)."""
    return Move.of("keep", str(total))


@cache
def land_move(t: int, name: str, cost: int) -> Move:
    """The action ``land on <t> <name> (<cost> IT)`` (its notation made once: a list roll
    offers several, and most of them again and again)."""
    return Move.of("land", f"on {t} {name} ({cost} IT)")


@cache
def add_moves(tokens: int) -> tuple[Move, ...]:
    """The Advantage phase's decision with ``tokens`` IT: ``add k`` for k = 0..tokens
    (ruling 7: "each may add IT 1:1"), in notation order (made once)."""
    return kept_in_order(Move.of("add", str(k)) for k in range(tokens + 1))


@cache
def above(list_name: str) -> tuple[Entry, ...]:
    """The entries "Pick one of the Above" chooses from: those of ``list_name`` but its
    101+ row, sorted by name."""
    return tuple(sorted((e for e in LISTS[list_name] if e.dc <= 100), key=lambda e: e.name))


@lru_cache(maxsize=4096)
def pickable(list_name: str, held: tuple[str, ...], levels: tuple[int, ...]
             ) -> tuple[Entry, ...]:
    """"Pick one of the Above": the entries of ``list_name`` (not its 101+ row) a player
    with attribute ``levels`` may take: requirement met and, for entries that are kept,
    not held; sorted by name."""
    owned = frozenset(held)
    return tuple(e for e in above(list_name)
                 if meets(levels, e) and (e.name not in owned or not e.kept))


@cache
def pick_moves(list_name: str) -> tuple[Move, ...]:
    """``pick <entry>`` for every entry "Pick one of the Above" chooses from on
    ``list_name`` (``above``), in notation order (made once)."""
    return kept_in_order(_PICKS[e.name] for e in above(list_name))


def pick_choice(s: IntergalacticState, p: int) -> tuple[Move, ...]:
    """"Pick one of the Above": ``pick <entry>`` for each entry ``p`` may take
    (``pickable``)."""
    assert s.roll is not None
    names = {e.name for e in pickable(s.roll.list, s.entries[p], s.attrs[p])}
    every = pick_moves(s.roll.list)
    return in_order_where(every, [move.arg in names for move in every])


def stealable(s: IntergalacticState, p: int) -> list[str]:
    """Steal Technology: the technologies an opponent holds that ``p`` does not hold and
    whose requirement ``p`` meets."""
    names = {n for q in s.opponents(p) for n in s.entries[q]
             if data.by_name(n).list == "research"}
    return sorted(n for n in names
                  if n not in s.entries[p] and meets(s.attrs[p], data.by_name(n)))


def origin_moves(s: IntergalacticState, kind: str, rules: Rules) -> list[Move]:
    """Set-up: roll for a Race / Homeworld, or take one still free."""
    return [Move.of(kind, "roll")] + [Move.of(kind, n) for n in origins_left(s, kind, rules)]


def legal(s: IntergalacticState, rules: Rules) -> tuple[Move, ...]:
    """The legal actions of ``s.active`` in the decision ``s.phase``."""
    p, ph = s.active, s.phase
    assert p is not None
    if ph in _FIXED:
        return _FIXED[ph]
    if ph == "spend":
        r = s.roll
        assert r is not None
        return spend_moves(r.list, r.total, s.tokens[p], r.depth >= rules.roll_twice_depth)
    if ph == "bat":
        return add_moves(s.tokens[p])
    if ph == "pick":
        return pick_choice(s, p)
    if ph in ("race", "homeworld"):
        return _unique(origin_moves(s, ph, rules))
    return _unique(_named_moves(s, p, ph))


def _named_moves(s: IntergalacticState, p: int, ph: str) -> list[Move]:
    """The decisions that name an entry or a player."""
    if ph == "challenge":
        return [Move.of("attack", str(q)) for q in s.opponents(p)]
    if ph == "steal":
        return [Move.of("steal", n) for n in stealable(s, p)]
    if ph == "sabotage":
        return [Move.of("sabotage", n) for n in fleets(s.entries[s.foe(p)])]
    if ph == "discard":
        return [Move.of("discard", n) for n in fleets(s.entries[p])]
    if ph == "spoils":
        assert s.battle is not None
        return [Move.of(v, n) for v, n in spoils_of(s.entries[s.battle["loser"]])]
    raise AssertionError(f"no decision in phase {ph!r}")  # pragma: no cover


def why_illegal(s: IntergalacticState, action: Move, rules: Rules) -> tuple[str, str]:
    """(rule, reason) for an action that is not legal now."""
    verbs = {m.verb for m in legal(s, rules)}
    p = s.active
    assert p is not None
    if action.verb in ("keep", "land") and s.phase == "spend":
        assert s.roll is not None
        return ("Token spending (ruling 2)",
                f"the roll totals {s.roll.total} and you have {s.tokens[p]} IT: "
                "keep it, or land on an entry within reach at its cheapest total, as "
                "legal_actions() lists")
    if action.verb == "add" and s.phase == "bat":
        return ("Token spending (ruling 7)",
                f"you have {s.tokens[p]} IT to add to the BAT (add 0..{s.tokens[p]})")
    if action.verb == "extra" and "extra" not in verbs:
        return ("extra roll", "an extra roll costs 5 IT and is offered after the roll")
    if action.verb in verbs:
        return ("legal actions", f"{quote(action.arg)} is not one of the choices now")
    return ("legal actions", f"not a legal action in the {s.phase} phase "
                             f"(legal now: {', '.join(sorted(verbs))})")
