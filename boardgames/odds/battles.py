"""The worked example of :mod:`boardgames.odds.markov`: a Spacehole battle as an absorbing
Markov chain, written with the toolkit's own dice (``ones``) and nothing of the game's
odds engine, so that :func:`boardgames.spacehole.odds.battle_odds` (a fast specialised
solver) can be checked against it.

A state, at the start of a round, is ``(invader Force, defenders, dome hits left,
turrets, Base hits left)`` with the defenders a sorted tuple of ``(hits left, dice)``;
the absorbing states are ``"win"`` (the invader is destroyed) and ``"loss"`` (the Base
is). One round, with the default ``battle_order="simultaneous"`` (RULINGS.md Spacehole
3-5):

1. the invader rolls one die per point of Force; every 1 is a hit: ``ones(force)``;
2. the defending side rolls one die per defender's Force, one per Laser Turret and one
   for the Base's own turret: ``ones(dice)``;
3. the invader's hits land one at a time on a uniformly random defender card (a
   defender loses one hit and one die; at 0 hits left it is destroyed); with no
   defender, on the Force Domes (3 hits each, the most damaged first: a track of hits),
   then the Laser Turrets (one hit each, a die fewer), then the Base. If the Base is
   destroyed the battle is lost, whatever the defenders rolled;
4. the defenders' hits reduce the invader's Force; at 0 it is destroyed: a win.

>>> chain = spacehole_battle_chain(3, [2])
>>> from boardgames.spacehole.odds import battle_odds
>>> chain.absorption() == battle_odds(3, [2])
True
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.dist import Dist
from ..core.limits import quote
from .dice import ones
from .markov import MarkovChain

__all__ = ["LOSS", "WIN", "spacehole_battle_chain", "spacehole_round"]

WIN = "win"
LOSS = "loss"
DOME_HITS = 3

BattleState = tuple[int, tuple[tuple[int, int], ...], int, int, int]


def _defender(x: Any, lab: bool) -> tuple[int, int]:
    """``(hits left, dice)`` of a defender given as a Force (an int) or a card name."""
    if isinstance(x, int) and not isinstance(x, bool):
        if x < 1:
            raise ValueError(f"a defender's Force must be at least 1, not {quote(x)}")
        return (x, x)
    if isinstance(x, str):
        from ..spacehole import data

        card = data.by_name("classic").get(x)
        if card is None or card.kind != "defender":
            raise ValueError(f"{quote(x)} is not a classic Spacehole defender card")
        return (card.max_hits, card.force if lab or not card.needs_lab else 0)
    raise ValueError(f"a defender is a Force (int) or a card name, not {quote(x)}")


def _invader(x: Any) -> int:
    if isinstance(x, int) and not isinstance(x, bool):
        if x < 1:
            raise ValueError(f"the invader's Force must be at least 1, not {quote(x)}")
        return x
    if isinstance(x, str):
        from ..spacehole import data

        card = data.by_name("classic").get(x)
        if card is None or card.kind != "invader":
            raise ValueError(f"{quote(x)} is not a classic Spacehole invader card")
        return card.force
    raise ValueError(f"the invader is a Force (int) or a card name, not {quote(x)}")


def _count(x: Any, what: str, low: int = 0) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < low:
        raise ValueError(f"{what} must be an int >= {low}, not {quote(x)}")
    return x


@lru_cache(maxsize=65536)
def _allocate(defs: tuple[tuple[int, int], ...], domes: int, turrets: int, base: int,
              hits: int) -> Dist:
    """Where ``hits`` invader hits leave the defence: a Dist over ``(defenders, dome hits
    left, turrets, Base hits left)``, or ``"loss"`` when the Base falls."""
    if hits == 0:
        return Dist.constant((defs, domes, turrets, base))
    if defs:
        # one hit on a uniformly random defender card, then the other hits
        out: dict[Any, Fraction] = {}
        for i, (left, dice) in enumerate(defs):
            rest = defs[:i] + defs[i + 1:]
            if left > 1:
                rest = tuple(sorted((*rest, (left - 1, max(0, dice - 1)))))
            for after, p in _allocate(rest, domes, turrets, base, hits - 1).items():
                out[after] = out.get(after, Fraction(0)) + p / len(defs)
        return Dist._trusted(out)
    if domes:
        return _allocate(defs, domes - 1, turrets, base, hits - 1)
    if turrets:
        return _allocate(defs, domes, turrets - 1, base, hits - 1)
    if base <= 1:
        return Dist.constant(LOSS)
    return _allocate(defs, domes, turrets, base - 1, hits - 1)


def spacehole_round(state: BattleState | str) -> Dist | None:
    """One battle round from ``state``: the distribution of the next state (``None`` for
    ``"win"`` and ``"loss"``, which end the battle). The ``transition`` of the chain."""
    if state in (WIN, LOSS):
        return None
    force, defs, domes, turrets, base = state  # type: ignore[misc]
    attack = ones(force)
    defence = ones(1 + turrets + sum(d for _, d in defs))
    out: dict[Any, Fraction] = {}
    for k, pk in attack.items():
        for after, pa in _allocate(defs, domes, turrets, base, k).items():
            for j, pj in defence.items():
                if after == LOSS:
                    nxt: Any = LOSS
                elif j >= force:
                    nxt = WIN
                else:
                    nxt = (force - j, *after)
                out[nxt] = out.get(nxt, Fraction(0)) + pk * pa * pj
    return Dist._trusted(out)


def spacehole_battle_chain(invader: int | str, defenders: Iterable[int | str] = (), *,
                           turrets: int = 0, domes: int = 0, base_hits: int = 10,
                           base_damage: int = 0, lab: bool = True) -> MarkovChain:
    """The battle as a :class:`MarkovChain` from its first round. ``invader`` and each of
    ``defenders`` is a Force or a classic card name; ``turrets`` Laser Turrets and
    ``domes`` undamaged Force Domes in play; the Base takes ``base_hits`` hits (the rules'
    option) and has ``base_damage`` already; ``lab``: a Research Lab is in play (Alien
    Artifact fights only with one)."""
    if isinstance(defenders, (str, bytes)):
        raise ValueError(f"defenders must be a list, not {quote(defenders)}")
    defs = tuple(sorted(_defender(x, lab) for x in defenders))
    base = _count(base_hits, "base_hits", 1) - _count(base_damage, "base_damage")
    if base < 1:
        raise ValueError(f"base_damage {base_damage} would have destroyed the Base")
    start = (_invader(invader), defs, DOME_HITS * _count(domes, "domes"),
             _count(turrets, "turrets"), base)
    return MarkovChain(spacehole_round, start)
