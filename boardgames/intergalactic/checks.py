"""Invariants of an Intergalactic position, checked by the conformance tests at every
step: tokens within the cap, entries held at most once, eliminated players never act, the
incrementally kept attribute levels equal to a computation from scratch, the phase
"over" exactly when the stage is, and no shift without a list roll or before it is
chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data
from .records import all_attributes

if TYPE_CHECKING:
    from .game import Intergalactic

__all__ = ["invariants"]


def invariants(game: Intergalactic) -> list[str]:
    """Every broken invariant of ``game``'s position, as text (empty when all hold)."""
    s = game.state
    bad: list[str] = []
    for p in range(game.players):
        if not 0 <= s.tokens[p] <= game.cap(p, s):
            bad.append(f"P{p} has {s.tokens[p]} IT, cap {game.cap(p, s)}")
        if len(set(s.entries[p])) != len(s.entries[p]):
            bad.append(f"P{p} holds an entry twice: {s.entries[p]}")
        if list(s.entries[p]) != sorted(s.entries[p]):
            bad.append(f"P{p}'s entries are not sorted")
        for n in s.entries[p]:
            if not data.by_name(n).kept:
                bad.append(f"P{p} holds {n}, which is not kept")
    to_move = game.current_player
    if to_move is not None and to_move >= 0 and not s.alive[to_move]:
        bad.append(f"eliminated P{to_move} is to move")
    if s.stage in data.STAGES[:4] and s.turn > game.rules.turns_per_stage * game.players:
        bad.append(f"turn {s.turn} beyond the stage's end")
    if s.attrs != all_attributes(s.races, s.homeworlds, s.entries, s.alive):
        bad.append("incremental attributes differ from a computation from scratch")
    if (s.stage == "over") != (s.phase == "over"):  # ``is_over`` reads the phase
        bad.append(f"stage {s.stage!r} and phase {s.phase!r} disagree on the game's end")
    if s.roll is None and s.shift != 0:  # ``cur`` reads the shift of the roll from it
        bad.append(f"a shift of {s.shift} without a list roll")
    if s.phase == "spend" and s.active is not None and s.shift != 0:  # chosen with it
        bad.append(f"a shift of {s.shift} before the token-spending decision")
    if s.stage not in ("setup", "over") and any(r is None for r in s.races):
        bad.append("a player has no race after set-up")
    return bad
