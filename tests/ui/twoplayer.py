"""A tiny two-player game for the board tests (the real games are solo or not written yet):
coin Nim. A pile of ``start`` stones; the player to move takes 1 or 2, then a coin is
flipped (a chance node): heads takes one more stone. Whoever empties the pile wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.core.action import Action
from boardgames.core.errors import InvalidActionError
from boardgames.core.game import CHANCE, Game, State

__all__ = ["CoinNim", "Take"]


@dataclass(frozen=True, slots=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"

    @classmethod
    def parse(cls, text: str) -> Take:
        if text not in ("take 1", "take 2"):
            raise InvalidActionError(text, "expected 'take 1' or 'take 2'")
        return cls(int(text[-1]))


@dataclass(frozen=True)
class NimRules:
    start: int = 9


class NimState(State):
    __slots__ = ("coin", "last", "phase", "pile", "to_move", "turn")

    def copy(self) -> NimState:
        c = object.__new__(NimState)
        for k in self.__slots__:
            setattr(c, k, getattr(self, k))
        return c


class CoinNim(Game):
    name = "coinnim"
    Action = Take
    Rules = NimRules

    @property
    def players(self) -> int:
        return 2

    def _new_state(self) -> NimState:
        s = object.__new__(NimState)
        s.pile, s.to_move, s.coin, s.turn = self.rules.start, 0, False, 1
        s.phase, s.last = "take", None
        return s

    def _to_move(self, s: NimState) -> int | None:
        if s.pile == 0:
            return None
        return CHANCE if s.coin else s.to_move

    def _legal(self, s: NimState) -> Sequence[Take]:
        return [Take(n) for n in (1, 2) if n <= s.pile]

    def _act(self, s: NimState, a: Any, log: list[str]) -> None:
        s.pile -= a.n
        s.last = s.to_move
        log.append(f"Player {s.to_move} takes {a.n} ({s.pile} left)")
        if s.pile:
            s.coin = True
            s.phase = "coin"

    def _chance(self, s: NimState) -> tuple[Sequence[Any], Sequence[int]]:
        return ("heads", "tails"), (1, 1)

    def _resolve(self, s: NimState, outcome: Any, log: list[str]) -> None:
        s.coin = False
        if outcome == "heads":
            s.pile -= 1
            log.append(f"Heads: one more stone goes ({s.pile} left)")
        s.phase = "take"
        if s.pile:
            s.to_move = 1 - s.to_move
            s.turn += 1

    def _view(self, s: NimState, player: int | None) -> dict[str, Any]:
        return {"pile": s.pile, "to_move": s.to_move}

    def _scores(self, s: NimState) -> tuple[float, ...]:
        if s.pile:
            return (0.0, 0.0)
        return (1.0, 0.0) if s.last == 0 else (0.0, 1.0)
