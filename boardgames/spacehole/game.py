"""Spacehole on the shared Game protocol: the ``Spacehole`` class wires the core's hooks to
the modules that hold the rules (docs/rules/spacehole.md maps every rule to them):

=================  ==============================================================
``table.py``       the variant's cards and the options; what the cards in play add up
                   to (power, capacity, hand limit, the defenders' dice)
``setup.py``       the starting position, scenarios
``turn.py``        the turn: Space Karma, Event, Build, Power, Income, the end
``battle.py``      battle rounds
``events.py``      the Event cards, one function each
``play.py``        hits, cards destroyed or discarded, the defender capacity
``legal.py``       the legal actions of each decision, why an action is refused
``decisions.py``   what each decision does
``chance.py``      the chance nodes: outcomes, weights and what they do
``power.py``       the Power phase's allocations
``view.py``        the views (the hand is the player's)
=================  ==============================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core.compiled import mypyc_attr
from ..core.dist import Dist
from ..core.errors import InvalidActionError
from ..core.game import CHANCE, Game
from ..core.limits import quote, quote_keys
from . import data, setup
from .actions import Move, parse_label
from .chance import outcome_text, outcomes, resolve
from .decisions import decide
from .legal import legal_moves, why_illegal
from .rules import Rules as Options
from .state import PHASES, SpaceholeState
from .table import (
    capacity,
    defender_dice,
    hand_limit,
    in_play,
    invader_force,
    optimal_power,
    table_for,
)
from .turn import advance
from .view import view

__all__ = ["PHASES", "Spacehole", "SpaceholeState"]


@mypyc_attr(allow_interpreted_subclasses=True)  # (tools/build_fast.py)
class Spacehole(Game):
    """Spacehole, the solo colony-defence game, or its Babylon 5 re-theme.

    ``bg.Spacehole(seed=7, variant="classic" | "babylon5", rules=Rules(...),
    auto_roll=True)``. See :meth:`scenario` to set up any position.
    """

    name = "spacehole"
    version = 1
    Action = Move
    Rules = Options

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        variant = options.pop("variant", "classic")
        scenario = options.pop("scenario", None)
        if options:
            raise TypeError(f"unexpected keyword(s) {quote_keys(options)} for Spacehole")
        if variant not in data.VARIANTS:
            raise ValueError(f"unknown variant {quote(variant)}; variants: 'classic', 'babylon5'")
        self.variant: str = variant
        self.table = table_for(variant, self.rules)
        self.cards: dict[str, data.Card] = dict(self.table.cards)
        self.base_name: str = self.table.base.name
        out: dict[str, Any] = {"variant": variant}
        if scenario is not None:
            out["scenario"] = setup.check_scenario(scenario, self.table)
        return out

    def _new_state(self) -> SpaceholeState:
        spec = self._options.get("scenario")
        s = setup.new_state(self.table) if spec is None \
            else setup.scenario_state(spec, self.table)
        advance(self.table, s, self._log)  # the automatic steps of set-up head the log
        return s

    @classmethod
    def scenario(
        cls,
        *,
        structures: Iterable[str] = (),
        defenders: Iterable[str] = (),
        hand: Iterable[str] = (),
        deck: Iterable[str] | None = None,
        discard: Iterable[str] = (),
        megacredits: int = 0,
        damage: dict[str | int, int] | None = None,
        base_damage: int = 0,
        phase: str = "karma",
        event: str | None = None,
        turn: int = 1,
        terraform: int = 0,
        variant: str = "classic",
        seed: int | None = None,
        auto_roll: bool = True,
        rules: Options | None = None,
    ) -> Spacehole:
        """A game set up in any position, for tests, lessons and what-ifs.

        structures, defenders
            Card names in play besides the Base (which is always in play).
        hand
            Card names in hand (Structures and Defenders only).
        deck
            ``None``: every card not placed elsewhere is in the deck, order unknown.
            A list: exactly these cards, top first, all known (so draws are fixed).
        discard
            Card names in the discard pile.
        megacredits, base_damage, terraform, turn
            Megacredits, hits already on the Base, Terraform events already resolved,
            the turn number.
        damage
            ``{name_or_index: hits}``: a name is a Defender or Force Dome in play (it must
            be unambiguous), an index counts in ``defenders``.
        phase, event
            ``"karma"`` (the turn starts with the draw), ``"event"`` (``event`` names
            the Invader or Event card being resolved), ``"build"``, ``"power"`` or
            ``"end"``.

        Unknown card names and impossible set-ups (more copies than the deck has,
        events in hand, damage that would have destroyed a card, capacity exceeded,
        a structure the power could never have allowed is fine) raise ``ValueError``.
        """
        spec = setup.scenario_spec(
            structures=list(structures), defenders=list(defenders), hand=list(hand),
            deck=None if deck is None else list(deck), discard=list(discard),
            megacredits=megacredits, damage=damage or {}, base_damage=base_damage,
            phase=phase, event=event, turn=turn, terraform=terraform)
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, variant=variant, scenario=spec)

    # ------------------------------------------------------------------ the hooks
    def _to_move(self, s: SpaceholeState) -> int | None:
        if s.chance is not None:
            return CHANCE
        return None if s.pending is None else 0

    def _legal(self, s: SpaceholeState) -> list[Move]:
        return legal_moves(self.table, s)

    def _act(self, s: SpaceholeState, action: Any, log: list[str]) -> None:
        decide(self.table, s, action, log)
        advance(self.table, s, log)

    def _chance(self, s: SpaceholeState) -> tuple[Sequence[Any], Sequence[int]]:
        return outcomes(self.table, s)

    def _resolve(self, s: SpaceholeState, outcome: Any, log: list[str]) -> None:
        resolve(self.table, s, outcome, log)
        advance(self.table, s, log)

    def _outcome_text(self, outcome: Any) -> str:
        return outcome_text(self._s.chance, outcome)

    def _why_illegal(self, s: SpaceholeState, action: Any) -> tuple[str, str]:
        return why_illegal(self.table, s, action)

    def _view(self, s: SpaceholeState, player: int | None) -> dict[str, Any]:
        return view(self.table, s, player)

    def _scores(self, s: SpaceholeState) -> tuple[int]:
        """"Your score is equal to your Megacredit total at the end of the game"; 0 when
        the Base was destroyed."""
        return (0 if s.lost else s.megacredits,)

    def _winner(self, s: SpaceholeState) -> int | None:
        return None if s.lost else 0

    def parse(self, text: str) -> Move:
        """The action of notation ``text``; a card name must be one of this variant's."""
        move = super().parse(text)
        assert isinstance(move, Move)
        if move.arg and move.verb != "end" \
                and not (move.verb == "power" and move.arg in ("optimal", "done")):
            name, _ = parse_label(move.arg)
            if name not in self.cards:
                raise InvalidActionError(text, f"no {self.variant} card is called {quote(name)}")
        return move

    # ------------------------------------------------------------------ the position
    def card(self, name: str) -> data.Card:
        """The card of this variant called ``name`` (``ValueError`` if there is none)."""
        return self.table.card(name)

    def power_generated(self, s: SpaceholeState | None = None) -> int:
        """Power generated per turn: the Base's 5 plus 5 per Solar Array."""
        return in_play(self.table, (s or self._s).structures).generated

    def upkeep(self, s: SpaceholeState | None = None) -> int:
        """Total power upkeep (P column) of the structures in play."""
        return in_play(self.table, (s or self._s).structures).upkeep

    def capacity(self, s: SpaceholeState | None = None) -> int:
        """Defenders allowed: 2 for the Base plus the D column of structures in play."""
        return capacity(self.table, s or self._s)

    def hand_limit(self, s: SpaceholeState | None = None) -> int:
        """5 cards, +2 per Command Center in play."""
        return hand_limit(self.table, s or self._s)

    def defender_dice(self, s: SpaceholeState | None = None) -> int:
        """Dice the defending side rolls in a round: each fighting defender one per point
        of current Force, each Laser Turret one, the Base's own turret one."""
        return defender_dice(self.table, s or self._s)

    def invader_force(self, s: SpaceholeState | None = None) -> int:
        """The invader's current Force (0 when none is being fought)."""
        return invader_force(self.table, s or self._s)

    def optimal_power(self, s: SpaceholeState | None = None) -> dict[str, int]:
        """The income-maximising power allocation (role -> how many powered)."""
        return optimal_power(self.table, s or self._s)

    def battle_odds(self) -> Dist:
        """Exact odds of the battle in progress (or of the invader about to be fought):
        ``Dist`` over ``"win"`` and ``"loss"``."""
        from .odds import battle_odds_of_game

        return battle_odds_of_game(self)

    def invariants(self) -> list[str]:
        """Broken invariants of the current position (empty when all hold)."""
        from .checks import invariants

        return invariants(self)
