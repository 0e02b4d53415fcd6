"""A tiny two-player game on the core protocol, for testing the core and the conformance
suite without any real game's rules: a coin-and-die race.

Set-up: each player is dealt a secret bonus card (a chance node each) from a deck of
``+1 +1 +2``; the deal order is fixed, the cards are known only to their owner.
On a turn the player to move chooses:

* ``roll``: roll a die (a chance node, 1..6) and move that many spaces;
* ``flip``: flip a coin (a chance node): heads moves 3 spaces, tails none;
* ``bonus`` (once, from space 4 on): reveal the bonus card and move that many spaces.

Then the other player moves. The first to reach space 10 wins (the game ends at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.core.action import Action
from boardgames.core.deck import Deck
from boardgames.core.errors import InvalidActionError
from boardgames.core.game import CHANCE, Game, State

__all__ = ["GOAL", "Race", "RaceMove", "RaceRules", "RaceState", "race_secrets"]

GOAL = 10
VERBS = ("bonus", "flip", "roll")


@dataclass(frozen=True, slots=True)
class RaceMove(Action):
    """A Race action: ``roll``, ``flip`` or ``bonus``."""

    verb: str

    def __post_init__(self) -> None:
        if self.verb not in VERBS:
            raise InvalidActionError(self.verb, f"unknown verb; verbs: {', '.join(VERBS)}")

    def __str__(self) -> str:
        return self.verb

    @classmethod
    def parse(cls, text: str) -> RaceMove:
        if not isinstance(text, str) or text.strip() not in VERBS:
            raise InvalidActionError(text, f"expected one of {', '.join(VERBS)}")
        return cls(text.strip())


@dataclass(frozen=True)
class RaceRules:
    """Options of the race: how far a ``heads`` moves."""

    heads: int = 3


class RaceState(State):
    __slots__ = ("bonus", "chance", "deck", "phase", "pos", "to_move", "turn", "used")

    def copy(self) -> RaceState:
        c = object.__new__(RaceState)
        c.turn = self.turn
        c.phase = self.phase
        c.pos = self.pos
        c.bonus = self.bonus
        c.used = self.used
        c.to_move = self.to_move
        c.chance = self.chance
        c.deck = self.deck.copy()
        return c


class Race(Game):
    """The coin-and-die race (see the module docstring)."""

    name = "race"
    version = 1
    Action = RaceMove
    Rules = RaceRules

    @property
    def players(self) -> int:
        return 2

    def _new_state(self) -> RaceState:
        s = object.__new__(RaceState)
        s.turn = 1
        s.phase = "deal"
        s.pos = (0, 0)
        s.bonus = (None, None)
        s.used = (False, False)
        s.to_move = 0
        s.chance = "deal"
        s.deck = Deck({"+1": 2, "+2": 1})
        return s

    def _to_move(self, s: RaceState) -> int | None:
        if s.phase == "over":
            return None
        return CHANCE if s.chance else s.to_move

    def _legal(self, s: RaceState) -> Sequence[RaceMove]:
        out = [RaceMove("roll"), RaceMove("flip")]
        if not s.used[s.to_move] and s.pos[s.to_move] >= 4:
            out.append(RaceMove("bonus"))
        return out

    def _why_illegal(self, s: RaceState, action: Action) -> tuple[str, str]:
        if isinstance(action, RaceMove) and action.verb == "bonus":
            return ("bonus", "the bonus is used once, from space 4 on")
        return super()._why_illegal(s, action)  # pragma: no cover

    def _act(self, s: RaceState, a: Action, log: list[str]) -> None:
        assert isinstance(a, RaceMove)
        p = s.to_move
        if a.verb == "roll":
            s.chance = "die"
        elif a.verb == "flip":
            s.chance = "coin"
        else:
            b = int(s.bonus[p])
            s.used = _set(s.used, p, True)
            log.append(f"Player {p} reveals bonus {s.bonus[p]}")
            self._move(s, b, log)

    def _chance(self, s: RaceState) -> tuple[Sequence[Any], Sequence[int]]:
        if s.chance == "deal":
            return s.deck.outcomes()
        if s.chance == "die":
            return (1, 2, 3, 4, 5, 6), (1,) * 6
        return ("heads", "tails"), (1, 1)

    def _outcome_text(self, outcome: Any) -> str:
        return f"rolled {outcome}" if isinstance(outcome, int) else str(outcome)

    def _resolve(self, s: RaceState, outcome: Any, log: list[str]) -> None:
        kind, s.chance = s.chance, None
        if kind == "deal":
            s.deck.take_unknown(outcome)
            i = 0 if s.bonus[0] is None else 1
            s.bonus = _set(s.bonus, i, outcome)
            log.append(f"Player {i} is dealt a bonus card")
            if i == 0:
                s.chance = "deal"
            else:
                s.phase = "race"
            return
        if kind == "die":
            self._move(s, outcome, log)
        else:
            log.append(f"Coin: {outcome}")
            self._move(s, self.rules.heads if outcome == "heads" else 0, log)

    def _move(self, s: RaceState, n: int, log: list[str]) -> None:
        p = s.to_move
        s.pos = _set(s.pos, p, s.pos[p] + n)
        log.append(f"Player {p} moves {n} to {s.pos[p]}")
        if s.pos[p] >= GOAL:
            s.phase = "over"
            log.append(f"Player {p} wins")
            return
        s.to_move = 1 - p
        if p == 1:
            s.turn += 1

    def _view(self, s: RaceState, player: int | None) -> dict[str, Any]:
        return {
            "pos": list(s.pos),
            "bonus": [
                b if (used or i == player) else None
                for i, (b, used) in enumerate(zip(s.bonus, s.used, strict=True))
            ],
            "used": list(s.used),
        }

    def _scores(self, s: RaceState) -> tuple[int, int]:
        return s.pos

    def invariants(self) -> list[str]:
        s = self.state
        bad = []
        dealt = [b for b in s.bonus if b is not None]
        if len(dealt) + len(s.deck) != 3:
            bad.append("bonus cards not conserved")
        if any(p < 0 for p in s.pos):
            bad.append("negative position")
        return bad


def _set(t: tuple, i: int, v: Any) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


def race_secrets(game: Game, viewer: int | None, view: dict[str, Any]) -> list[str]:
    """No player sees another player's unrevealed bonus; a spectator sees none."""
    s = game.state
    return [
        f"view({viewer}) shows player {i}'s bonus"
        for i, (b, used) in enumerate(zip(s.bonus, s.used, strict=True))
        if not used and i != viewer and view["bonus"][i] is not None
    ]
