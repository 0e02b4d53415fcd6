"""Intergalactic on the shared Game protocol: the ``Intergalactic`` class wires the core's
hooks to the modules that hold the rules (docs/rules/intergalactic.md maps every rule of
intergalactic.txt and every Intergalactic ruling of RULINGS.md to them):

=================  ==============================================================
``setup.py``       turn order, Races and Homeworlds; scenarios
``turn.py``        stages and turns: Income, list rolls, token spending, entries
``conflict.py``    the battles of the Conflict stage, the end-of-game roll
``tasks.py``       the queue of a turn's tasks, run until a decision or a roll
``legal.py``       the legal actions of each decision, why one is refused
``decisions.py``   what each action does
``chance.py``      the chance nodes: outcomes, weights and what they do
``records.py``     the race record: attributes, VP, fleets, the token cap
``view.py``        the view (no hidden information)
=================  ==============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.compiled import mypyc_attr
from ..core.errors import InvalidActionError
from ..core.game import CHANCE, Game
from ..core.limits import quote, quote_keys
from . import chance, records, setup
from .actions import Move
from .data import ATTRIBUTES, Entry
from .decisions import decide
from .legal import legal, why_illegal
from .odds import lookup
from .rules import Rules as Options
from .state import IntergalacticState
from .tasks import advance
from .turn import rolls_for_twice

__all__ = ["Intergalactic", "IntergalacticState"]


@mypyc_attr(allow_interpreted_subclasses=True)  # (tools/build_fast.py)
class Intergalactic(Game):
    """Intergalactic, the five-stage list-and-dice empire game for 2-6 players.

    ``bg.Intergalactic(players=4, seed=7, rules=Rules(...), auto_roll=True)``; see
    :meth:`scenario` to set up any position."""

    name = "intergalactic"
    version = 2
    Action = Move
    Rules = Options

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        players = options.pop("players", 2)
        scenario = options.pop("scenario", None)
        if options:
            raise TypeError(f"unexpected keyword(s) {quote_keys(options)} for Intergalactic")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError(f"players must be an int from 2 to 6, not {quote(players)}")
        out: dict[str, Any] = {"players": players}
        if scenario is not None:
            out["scenario"] = setup.check_scenario(scenario, players, self.rules)
        return out

    def _new_state(self) -> IntergalacticState:
        spec = self._options.get("scenario")
        if spec is None:
            s = setup.new_state(self.players)
        else:
            s = setup.scenario_state(spec, self.players)
            if s.turn == 0:
                self._log.append(f"== {s.stage.capitalize()} stage ==")
        advance(s, self.rules, self._log)
        return s

    @classmethod
    def scenario(cls, *, players: Sequence[dict[str, Any]], stage: str = "research",
                 turn: Any = 1, current_player: Any = 0, seed: Any = None,
                 auto_roll: bool = True, rules: Options | None = None) -> Intergalactic:
        """A game set up at the start of a player's turn in any stage.

        players
            One dict per player (2..6): ``race`` and ``homeworld`` (names), ``entries``
            (names of held technologies, worlds, developments and fleets; requirements are
            not checked), ``tokens`` (within the cap), optionally ``alive`` (default True;
            False only in the Conflict stage).
        stage
            ``research``, ``exploration``, ``development``, ``buildup`` or ``conflict``.
        turn
            The player-turn number within the stage that starts now (1-based).
        current_player
            Whose turn starts; turn order continues from them by player number.
        """
        if not isinstance(players, list | tuple):
            raise ValueError(f"players must be a list of player dicts, not {quote(players)}")
        spec: dict[str, Any] = {"players": [dict(p) if isinstance(p, dict) else p for p in players],
                "stage": stage, "turn": turn, "current_player": current_player}
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, players=len(spec["players"]),
                   scenario=spec)

    # ------------------------------------------------------------------ the race record
    def _state(self, s: IntergalacticState | None) -> IntergalacticState:
        return self._s if s is None else s

    def attributes(self, player: int, s: IntergalacticState | None = None,
                   battle: bool = False) -> dict[str, int]:
        """Attribute levels of ``player``: Race, Homeworld and held entries, minus 1 per
        Criminal development of each living opponent in its attribute (ruling 6); with
        ``battle`` also the stratagem bonuses of the current battle."""
        s = self._state(s)
        out = dict(zip(ATTRIBUTES, s.attrs[player], strict=True))
        if battle and s.battle is not None:
            for a, v in s.battle["bonus"].get(str(player), ()):
                out[a] += v
        return out

    def cap(self, player: int, s: IntergalacticState | None = None) -> int:
        """The token cap: 20 + Intelligence, at least 0."""
        return records.cap(self._state(s).attrs[player])

    def fleets(self, player: int, s: IntergalacticState | None = None) -> tuple[str, ...]:
        """Held entries that give Fleet (each one is a fleet: rule "End")."""
        return records.fleets(self._state(s).entries[player])

    def vp(self, player: int, s: IntergalacticState | None = None) -> int:
        """Victory Points: 1 per held technology, world, development and fleet and the
        Homeworld, plus every "VP +N" (ruling 9: a Buildup entry without Fleet scores
        none)."""
        s = self._state(s)
        return records.entries_vp(s.entries[player]) + (1 if s.homeworlds[player] else 0)

    def advanced(self, player: int, s: IntergalacticState | None = None) -> int:
        """Advanced (requirement-bearing) technologies and fleets held."""
        return records.advanced(self._state(s).entries[player])

    def landing(self, total: int | None = None, s: IntergalacticState | None = None
                ) -> Entry | None:
        """The entry the list roll under way lands on at ``total`` (default: its total as
        shifted so far): ``odds.lookup``, where a roll made for a "Roll Twice" (at the
        depth ``Rules.roll_twice_depth``) reads 101+ as "Pick one of the Above" (ruling
        2). None without a roll under way or below the list's lowest threshold."""
        s = self._state(s)
        r = s.roll
        if r is None:
            return None
        if total is None:
            total = r.total + s.shift
        return lookup(r.list, total, twice=rolls_for_twice(r, self.rules))

    # ------------------------------------------------------------------ hooks
    def _to_move(self, s: IntergalacticState) -> int | None:
        if s.stage == "over":
            return None
        if s.chance is not None:
            return CHANCE
        return s.active

    def _legal(self, s: IntergalacticState) -> tuple[Move, ...]:
        return legal(s, self.rules)

    def _act(self, s: IntergalacticState, action: Any, log: list[str]) -> None:
        decide(s, action, self.rules, log)
        advance(s, self.rules, log)

    def _chance(self, s: IntergalacticState) -> tuple[Sequence[Any], Sequence[int]]:
        return chance.outcomes(s, self.rules)

    def _resolve(self, s: IntergalacticState, outcome: Any, log: list[str]) -> None:
        chance.resolve(s, outcome, self.rules, log)
        if s.phase != "over":
            advance(s, self.rules, log)

    def _why_illegal(self, s: IntergalacticState, action: Any) -> tuple[str, str]:
        return why_illegal(s, action, self.rules)

    def _scores(self, s: IntergalacticState) -> tuple[int, ...]:
        return tuple(self.vp(p, s) for p in range(self.players))

    def _winner(self, s: IntergalacticState) -> int | None:
        """The living player with the most VP (None on a tie)."""
        living = [p for p in range(self.players) if s.alive[p]]
        if not living:
            return None
        best = max(self.vp(p, s) for p in living)
        tops = [p for p in living if self.vp(p, s) == best]
        return tops[0] if len(tops) == 1 else None

    def parse(self, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidActionError(text, "an action is a Move or its notation string")
        return Move.parse(text)

    def _view(self, s: IntergalacticState, player: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, s, player)

    def invariants(self) -> list[str]:
        from .checks import invariants

        return invariants(self)
