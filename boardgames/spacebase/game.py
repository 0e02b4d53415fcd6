"""Space Base on the shared Game protocol: the ``SpaceBase`` class wires the core's hooks
to the modules that hold the rules (docs/rules/spacebase.md maps every rule to them):

=================  ==============================================================
``setup.py``       the starting position, scenarios
``turn.py``        the turn sequence: each phase's automatic part, the predicates
``legal.py``       the legal actions of each phase
``decisions.py``   what each action does
``chance.py``      the meteor and the draw: outcomes, weights and what they do
``board.py``       the map (``functional.py``: the fixed point; ``graphs.py``)
``why.py``         why an action is refused, naming the rule
``view.py``        the views (hidden hands)
=================  ==============================================================
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, cast

from ..core.action import Action as BaseAction
from ..core.compiled import mypyc_attr
from ..core.deck import redeal
from ..core.errors import IllegalActionError
from ..core.game import CHANCE, Game
from ..core.limits import quote, quote_keys
from . import chance, setup
from .actions import Move
from .board import Board
from .cells import parse_cell
from .checks import count_cards
from .decisions import decide
from .legal import legal_actions
from .rules import Rules as Options
from .setup import CORNERS, START_CREDITS
from .state import PHASES, SpaceBaseState
from .turn import HAND_LIMIT, advance

__all__ = ["CORNERS", "HAND_LIMIT", "PHASES", "START_CREDITS", "SpaceBase", "SpaceBaseState"]


@mypyc_attr(allow_interpreted_subclasses=True)  # (tools/build_fast.py)
class SpaceBase(Game):
    """Space Base, for 2 to 4 players.

    ``bg.SpaceBase(players=2, seed=7, rules=Rules(...), auto_roll=True)``. See
    :meth:`scenario` to set up any position, ``board`` for the map (functionality,
    ``explain``, the networkx graphs) and :meth:`meteor_risk` for this turn's exact risk.
    """

    name = "spacebase"
    hidden_hands = True
    version = 1
    Action = Move
    Rules = Options
    _bv: tuple[Board, dict[str, Any]] | None = None
    """The last board's view (``_board_view``)."""

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        players = options.pop("players", 2)
        scenario = options.pop("scenario", None)
        if options:
            raise TypeError(f"unexpected keyword(s) {quote_keys(options)} for SpaceBase")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ValueError(f"Space Base is for 2 to 4 players, not {quote(players)}")
        out: dict[str, Any] = {"players": players}
        if scenario is not None:
            out["scenario"] = setup.check_scenario(scenario, players, self.rules)
        return out

    def _new_state(self) -> SpaceBaseState:
        spec = self._options.get("scenario")
        if spec is None:
            s = setup.new_state(self.players, self.rules)
        else:
            s = setup.scenario_state(spec, self.players, self.rules)
        self._total = count_cards(s)
        # What ``invariants`` found sound already (``checks.invariants``), by board
        # object: shared by forks, as a board object never changes.
        self.invariants_memo: dict[str, Any] = {}
        advance(s, self.rules, self._log)  # the automatic steps of set-up head the log
        return s

    @classmethod
    def scenario(
        cls,
        *,
        players: int = 2,
        sites: dict[Any, Any] | None = None,
        damage: dict[Any, int] | None = None,
        hands: Sequence[Iterable[str]] | None = None,
        credits: Sequence[int] | None = None,
        deck: Iterable[str] | dict[str, int] | None = None,
        discard: Iterable[str] | dict[str, int] = (),
        phase: str = "transfer",
        current_player: Any = 0,
        turn: Any = 1,
        seed: Any = None,
        auto_roll: bool = True,
        rules: Options | None = None,
    ) -> SpaceBase:
        """A game set up in any position, for tests, lessons and what-ifs.

        sites
            ``{(x, y): (card name, owner)}``: every site on the map, Outposts included.
        damage
            ``{(x, y): points}`` on installations.
        hands, credits
            One list of card names / one number per player (default: empty hands, 50).
        deck
            ``None``: every card not placed elsewhere is in the deck, order unknown. A
            list: exactly these cards, top first, in that known order (draws are then
            fixed). A dict ``{name: count}``: exactly these cards, order unknown.
        discard
            Card names (or ``{name: count}``) in the discard pile.
        phase, current_player, turn
            Where the turn stands: ``"setup"`` (``current_player`` places an Outpost
            next), ``"transfer"``, ``"repair"``, ``"meteor"``, ``"production"``,
            ``"control"``, ``"draw"`` or ``"build"``.

        Unknown cards, more copies than the game has, Outposts anywhere but on the map,
        damage on a site that is not an installation, an empty deck: ``ValueError``.
        """
        spec = {
            "sites": [[*parse_cell(c), *_pair(v)] for c, v in (sites or {}).items()],
            "damage": [[*parse_cell(c), v] for c, v in (damage or {}).items()],
            "hands": None if hands is None else [list(h) for h in hands],
            "credits": None if credits is None else list(credits),
            "deck": (None if deck is None else dict(deck) if isinstance(deck, dict)
                     else list(deck)),
            "discard": ([[k, v] for k, v in discard.items()] if isinstance(discard, dict)
                        else [[n, 1] for n in discard]),
            "phase": phase,
            "current_player": current_player,
            "turn": turn,
        }
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, players=players,
                   scenario=spec)

    # ------------------------------------------------------------------ public helpers
    @property
    def board(self) -> Board:
        """The map of the current position (read-only: ``copy()`` it to experiment)."""
        return self._s.board

    def hand(self, player: int) -> tuple[str, ...]:
        """``player``'s hand (all-seeing: a player's view shows only their own)."""
        return self._s.hands[player]

    @property
    def credits(self) -> tuple[int, ...]:
        return self._s.credits

    def explain(self, cell: Any) -> str:
        """``board.explain(cell)``: why that site is functional or defunct."""
        return self._s.board.explain(cell)

    def meteor_risk(self) -> Any:
        """The exact risk of this turn's meteor on the current board (see
        :func:`boardgames.spacebase.odds.meteor_risk`)."""
        from .odds import meteor_risk

        return meteor_risk(self._s.board)

    def invariants(self) -> list[str]:
        from .checks import invariants

        return invariants(self)

    def cards_total(self) -> Counter[str]:
        """Every card of this game (deck, hands, discard pile, map, Outposts in the box)
        at the start: conserved from step to step."""
        return Counter(self._total)

    # ------------------------------------------------------------------ protocol hooks
    def _to_move(self, s: SpaceBaseState) -> int | None:
        if s.chance is not None:
            return CHANCE
        if s.phase == "over":
            return None
        return s.player

    def _legal(self, s: SpaceBaseState) -> Sequence[Move]:
        return legal_actions(s, self.rules)

    def _act(self, s: SpaceBaseState, action: BaseAction, log: list[str]) -> None:
        decide(s, cast(Move, action), log)  # legal: one of this game's Moves
        advance(s, self.rules, log)
        s.board.freeze()

    def _chance(self, s: SpaceBaseState) -> tuple[Sequence[Any], Sequence[int]]:
        return chance.outcomes(s)

    def _resolve(self, s: SpaceBaseState, outcome: Any, log: list[str]) -> None:
        chance.resolve(s, outcome, log)
        advance(s, self.rules, log)
        s.board.freeze()

    def _outcome_text(self, outcome: Any) -> str:
        return chance.outcome_text(outcome)

    def _as_outcome(self, x: Any) -> Any:
        """The core's reading of a chance outcome, after ``chance.read_outcome`` for a
        text (a cell or a damage written out, a card's name in any case)."""
        if isinstance(x, str):
            y = chance.read_outcome(x)
            if y is None:
                raise IllegalActionError(x, "not an outcome of this chance node (a cell, "
                                            "a damage or a card's name)", "chance nodes")
            x = y
        return super()._as_outcome(x)

    def _scores(self, s: SpaceBaseState) -> tuple[int, ...]:
        return s.credits

    def _why_illegal(self, s: SpaceBaseState, a: BaseAction) -> tuple[str, str]:
        from .why import why_illegal

        return why_illegal(s, cast(Move, a), self.rules)  # the core checked its type

    def _determinize(self, s: SpaceBaseState, player: int | None,
                     rng: random.Random) -> SpaceBaseState:
        """The other players' hands redrawn from the deck's unknown cards with them (the
        player's own hand stays, and a hand the player is looking at with Control)."""
        c = s.copy()
        seen = s.peek[1] if s.peek is not None and s.peek[0] == player else None
        hidden = [q for q in range(self.players) if q != player and q != seen]
        c.deck, c.hands = redeal(s.deck, s.hands, hidden, rng)
        return c

    def _view(self, s: SpaceBaseState, player: int | None) -> dict[str, Any]:
        from .view import view

        return view(s, player, self._board_view(s.board))

    def _board_view(self, board: Board) -> dict[str, Any]:
        """The map part of the views (made once per board: a position's board never
        changes; copied out, as views are the caller's to change)."""
        from .view import board_view, copy_board_view

        kept = self._bv
        if kept is None or kept[0] is not board:
            kept = self._bv = (board, board_view(board))
        return copy_board_view(kept[1])


def _pair(v: Any) -> list[Any]:
    if not isinstance(v, tuple | list) or len(v) != 2:
        raise ValueError(f"a scenario site must be (card name, owner), not {quote(v)}")
    return list(v)
