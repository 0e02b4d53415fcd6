"""Invariants of a Blast position, checked by the conformance tests at every step."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from . import data
from .actions import MOVE_CARDS
from .board import hand_limit

if TYPE_CHECKING:
    from .game import Blast

__all__ = ["invariants"]

_MIXED_OK: Final = frozenset({"jam", "move", "move_end", "fights", "attack", "defend", "resolve"})


def invariants(game: Blast) -> list[str]:
    """Every broken invariant of ``game``'s position, as text (empty when all hold)."""
    s = game.state
    bad: list[str] = []
    for p, side in enumerate(data.SIDES):
        board = Counter(f for st in s.units[p] for f in st)
        if board + Counter(s.scrap[p]) != Counter(data.army_forces(side)):
            bad.append(f"{side}: units on the board and in the scrap heap are not the 15 "
                       f"of the army: board {sorted(board.elements())}, scrap {s.scrap[p]}")
        if len(s.units[p]) != data.SECTORS:
            bad.append(f"{side}: the board has {len(s.units[p])} sectors")
        for i, st in enumerate(s.units[p]):
            if tuple(sorted(st)) != st:
                bad.append(f"{side}: sector {i + 1} stack {st} is not sorted")
        if tuple(sorted(s.scrap[p])) != s.scrap[p]:
            bad.append(f"{side}: scrap heap not sorted")
        if tuple(sorted(s.hands[p])) != s.hands[p]:
            bad.append(f"{side}: hand not sorted")
    cards = Counter(s.deck.all_cards()) + Counter(s.hands[0]) + Counter(s.hands[1]) \
        + Counter(s.vortex) + Counter(s.play)
    full = Counter(data.deck_counts())
    if cards != full or sum(cards.values()) != 50:
        bad.append(f"cards not conserved: extra {dict(cards - full)}, "
                   f"missing {dict(full - cards)}")
    if tuple(sorted(s.vortex)) != s.vortex:
        bad.append("vortex not sorted")
    # Both sides share a sector only between a move and its fight; a win at the end of a
    # move phase ends the game before the fights (ruling 10: "wins at once").
    won_before_fights = s.phase == "over" and s.winner is not None
    if s.stage not in _MIXED_OK and s.pending != "keep" and not won_before_fights:
        mixed = [i + 1 for i in range(data.SECTORS) if s.units[0][i] and s.units[1][i]]
        if mixed:
            bad.append(f"sectors {mixed} hold both sides outside the move and fight phases")
    if s.pending == "keep" and s.keep is None:
        bad.append("a keep decision without a fight result")
    for d in s.dice:
        if d[0] < 1:
            bad.append(f"die value {d[0]} below 1")
    for sec, f in s.pins:
        own = s.units[s.player][sec - 1]
        if own.count(f) < s.pins.count((sec, f)):
            bad.append(f"jammed unit {sec}:{f} is not on the board")
    if Counter(s.bound) - Counter(s.pins):
        bad.append(f"bound units {list(s.bound)} are not all among the pins {list(s.pins)}")
    if s.phase in ("roll", "build", "move") and s.pending != "offensive" and \
            len(s.hands[s.player]) > hand_limit(s.units, s.player) + 0 and \
            s.stage in ("roll", "dice", "roll_end"):
        bad.append(f"hand of {len(s.hands[s.player])} over its limit after the draw phase")
    if s.phase == "over" and (s.pending is not None or s.chance is not None):
        bad.append("the game is over but a decision or chance node is pending")
    if s.winner is not None and s.phase != "over":
        bad.append("a winner before the game is over")
    if s.spy is not None and s.spy == s.player:
        bad.append("the player whose turn it is cannot be the one who played Espionage")
    if s.phase != "move" and any(c in MOVE_CARDS for c in s.play):
        bad.append(f"move cards in play outside the Move Phase: {s.play}")
    if s.fight is None and any(c in data.ATTACK or c in data.DEFENCE for c in s.play):
        bad.append(f"fight cards in play outside a fight: {s.play}")
    return bad
