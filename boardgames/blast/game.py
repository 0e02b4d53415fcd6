"""Blast on the shared Game protocol: the ``Blast`` class wires the core's hooks to the
modules that hold the rules (docs/rules/blast.md maps every rule to them):

=================  ==============================================================
``state.py``       the position (``BlastState``) and the helpers that replace its parts
``setup.py``       the starting position, scenarios
``turn.py``        the turn: one function per stage of the five phases, the win
``movement.py``    which units may move, a unit's move, landing on enemy units
``fight.py``       fights: totals, the winner, the units kept
``cards.py``       the cards' effects, one function each
``legal.py``       the legal actions of each decision (``use_dice``), refusals
``decisions.py``   what each decision does
``chance.py``      the chance nodes: outcomes, weights and what they do
``view.py``        the views (the hands are hidden)
=================  ==============================================================

Player 0 is the Terran Defense Force, player 1 the Evil Empire, who goes first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.compiled import mypyc_attr
from ..core.deck import redeal
from ..core.game import CHANCE, Game
from ..core.limits import quote, quote_keys
from . import board, setup
from .actions import Order
from .chance import outcome_text, outcomes, resolve
from .data import SIDES
from .decisions import decide
from .legal import legal_actions, why_illegal
from .rules import Rules as BlastRules
from .state import PHASES, BlastState
from .turn import advance
from .view import view

__all__ = ["PHASES", "Blast", "BlastState"]


@mypyc_attr(allow_interpreted_subclasses=True)  # (tools/build_fast.py)
class Blast(Game):
    """Blast, circular backgammon with cards, for two players.

    ``bg.Blast(seed=7, rules=Rules(...), auto_roll=True)``; player 0 is the Terran
    Defense Force, player 1 the Evil Empire (who goes first). See :meth:`scenario` to set
    up any position, ``bg.blast.fight_odds`` / ``bg.blast.reach_odds`` for exact odds.
    """

    name = "blast"
    hidden_hands = True
    version = 1
    Action = Order
    Rules = BlastRules
    SIDES = SIDES

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        scenario = options.pop("scenario", None)
        players = options.pop("players", 2)
        # The rule of every game: an int (not a bool, not a float such as 2.0) in range.
        if not isinstance(players, int) or isinstance(players, bool) or players != 2:
            raise ValueError(f"Blast is a game for 2 players, not {quote(players)}")
        if options:
            raise TypeError(f"unexpected keyword(s) {quote_keys(options)} for Blast")
        out: dict[str, Any] = {"players": 2}
        if scenario is not None:
            out["scenario"] = setup.check_scenario(scenario)
        return out

    @property
    def players(self) -> int:
        return 2

    def _new_state(self) -> BlastState:
        spec = self._options.get("scenario")
        s = setup.new_state() if spec is None else setup.scenario_state(spec)
        advance(self.rules, s, self._log)  # the automatic steps of set-up head the log
        return s

    @classmethod
    def scenario(
        cls,
        *,
        units: Mapping[int | str, Mapping[str, Iterable[int]]] | None = None,
        scrap: Mapping[str, Iterable[int]] | None = None,
        hands: Mapping[str, Iterable[str]] | None = None,
        deck: Iterable[str] | None = None,
        vortex: Iterable[str] | None = None,
        to_move: str = "empire",
        phase: str = "draw",
        dice: Iterable[int] | None = None,
        turn: int = 1,
        seed: int | None = None,
        auto_roll: bool = True,
        rules: BlastRules | None = None,
    ) -> Blast:
        """A game set up in any position, for tests, lessons and what-ifs.

        units
            ``{sector: {"terran": [forces], "empire": [forces]}}``; sectors 1..28.
            Default: every unit on its homeworld.
        scrap
            ``{"terran": [forces], "empire": [forces]}`` in the scrap heap. Default: every
            unit of the army not placed on the board. Given, board and scrap together must
            be exactly the side's 15 units.
        hands
            ``{"terran": [cards], "empire": [cards]}`` (default: empty hands).
        deck, vortex
            The cards in the deck (a multiset: every draw is a chance node over it) and in
            the vortex. Default: the deck holds every card not placed elsewhere; with a
            deck given, the vortex holds the rest.
        to_move, turn
            The side whose turn it is, and the turn number.
        phase
            ``"draw"`` (the turn starts), ``"roll"`` (the dice are about to be rolled, or,
            with ``dice``, have just been rolled and dice cards may be played), ``"build"``
            or ``"move"`` (``dice`` required: the two rolled dice, or for ``"move"`` the 1
            to 4 dice left to move with), ``"fight"`` (every sector holding both sides
            fights).

        Impossible set-ups (unknown cards, too many copies, a unit the army does not
        have, a sector out of range, both sides on one sector outside the fight phase)
        raise ``ValueError`` naming the problem.
        """
        spec: dict[str, Any] = {
            "units": units, "scrap": scrap, "hands": hands, "deck": deck, "vortex": vortex,
            "to_move": to_move, "phase": phase, "dice": dice, "turn": turn,
        }
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, scenario=spec)

    # ------------------------------------------------------------------ public helpers
    def side(self, player: int) -> str:
        """``"terran"`` for player 0, ``"empire"`` for player 1."""
        return SIDES[player]

    def player_of(self, side: str) -> int:
        """The player index of ``"terran"`` or ``"empire"``."""
        try:
            return SIDES.index(side)
        except ValueError:
            raise ValueError(f"side must be 'terran' or 'empire', not {quote(side)}") from None

    def hand_limit(self, player: int) -> int:
        """The current hand limit of ``player`` (ruling 3)."""
        return board.hand_limit(self._s.units, player)

    def controls(self, player: int, sector: int) -> bool:
        return board.control(self._s.units, player, sector)

    # ------------------------------------------------------------------ the hooks
    def _to_move(self, s: BlastState) -> int | None:
        if s.chance is not None:
            return CHANCE
        return None if s.pending is None else s.actor

    def _legal(self, s: BlastState) -> list[Order]:
        return legal_actions(self.rules, s)

    def _act(self, s: BlastState, action: Any, log: list[str]) -> None:
        decide(self.rules, s, action, log)

    def _chance(self, s: BlastState) -> tuple[Sequence[Any], Sequence[int]]:
        return outcomes(s)

    def _resolve(self, s: BlastState, outcome: Any, log: list[str]) -> None:
        resolve(self.rules, s, outcome, log)

    def _outcome_text(self, outcome: Any) -> str:
        return outcome_text(outcome)

    def _why_illegal(self, s: BlastState, action: Any) -> tuple[str, str]:
        return why_illegal(s, action)

    def _view(self, s: BlastState, player: int | None) -> dict[str, Any]:
        return view(self.rules, s, player)

    def _scores(self, s: BlastState) -> tuple[float, float]:
        """The winner scores 1, the loser 0; a draw (``max_turns``) 0.5 each."""
        if s.phase != "over":
            return (0.0, 0.0)
        if s.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if s.winner == 0 else (0.0, 1.0)

    def _winner(self, s: BlastState) -> int | None:
        return s.winner

    def _determinize(self, s: BlastState, player: int | None, rng: random.Random) -> BlastState:
        """The other hand redrawn from the deck's unknown cards with it (the player's own
        hand stays; a hand the player sees through Espionage stays too)."""
        c = s.copy()
        hidden = [q for q in range(2) if q != player and s.spy != player]
        deck, hands = redeal(s.deck, s.hands, hidden, rng)
        c.deck, c.hands = deck, (hands[0], hands[1])
        return c

    def parse(self, text: str) -> Order:
        move = super().parse(text)
        assert isinstance(move, Order)
        return move

    # ------------------------------------------------------------------ odds & checks
    def reach_odds(self, sector: int, *, cards: bool = False) -> dict[tuple[int, int], Any]:
        """``bg.blast.reach_odds(self, sector, cards=cards)``."""
        from .odds import reach_odds

        return reach_odds(self, sector, cards=cards)

    def fight_odds(self, sector: int | None = None) -> Any:
        """Exact odds of the fight in progress (or of the fight on ``sector``) with the
        cards played so far: ``Dist`` over ``"attacker"`` / ``"defender"``."""
        from .odds import fight_odds_of_game

        return fight_odds_of_game(self, sector)

    def invariants(self) -> list[str]:
        """Broken invariants of the current position (empty when all hold)."""
        from .checks import invariants

        return invariants(self)
