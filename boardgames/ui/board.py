"""The board widget shared by every game: an anywidget whose Python half owns the game.

The Python game is the only source of truth. The board publishes, as synced traits,
``game.view(player)`` (never the state), the legal actions (only when it is this board's
player's turn), a log tail, a history tail, the chance outcomes when ``auto_roll`` is off,
a view ``version``, and an ``error`` message. The browser half (``widgets/*.js``) sends
messages checked by :mod:`boardgames.ui.protocol`: intents (an action's notation and the
version it was chosen on) and the common controls. A refused message leaves the game
unchanged and puts the reason in ``error``, drawn in the board.

Hidden information: a spectator board (``player=None``) gets the game's spectator view,
log and history passed through the board's redaction hooks (``_public_log_line``,
``_public_step``, ``_chance_is_public``), which games with hidden cards override. The
seed (which fixes every future draw) is never synced, not even in a saved file (the
"save" button): the file carries a fresh seed, so loading it gives the same position
with a future nobody could read from the file.

Several boards, one game: every board observes its game (``Game.observe``, held
weakly), so whatever changes the game -- another board's click, code in a cell, a
computer player, an undo -- republishes every board of the game, each with its own view,
within the same call. The boards of one game share a *table*: the computer players of
its seats (a seat that has a person's board is never played by the computer), moved by
one board, the oldest. "New" and "load" move every board of the game to the new game.

Hot seat: ``game.widget(seats=[0, 1])`` is one board that several people share on one
screen. Between two seats' decisions it is *covered*: it then publishes the spectator's
view only (no hand, no secret log line, no legal action) and a "pass to <name>" screen,
and refuses every message but ``reveal``, which the next player sends to see their own
view.

Threads: in a Jupyter kernel everything runs on the kernel's main thread (messages,
cell hooks, and the computer opponents' moves, scheduled on the kernel's asyncio loop
with ``call_later``, so they run between cells). Outside a kernel the opponents use a
timer thread; one lock, shared by every board, serialises every change boards make to
their games.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import ipywidgets
import traitlets as t

try:  # private in ipywidgets 8: without it, the board sends state the public way
    from ipywidgets.widgets.widget import _remove_buffers
except ImportError:  # pragma: no cover - exercised by a test that hides it
    _remove_buffers = None

from ..core.errors import GameError
from ..core.game import CHANCE, Game, Step
from ..core.limits import shorten
from ..core.registry import from_json
from ..core.rng import fresh_seed
from . import assets
from .agents import check_agent
from .explain import illegal_reason, rule_link
from .hints import AnalysisJob, hint_rows, review_rows
from .protocol import MESSAGE_KEYS, Message, MessageError, parse_message, quote

__all__ = ["HISTORY_TAIL", "LOG_TAIL", "PACES", "TIMINGS_KEPT", "Board", "live_boards"]

LOG_TAIL = 60
SINCE_LINES = 40
"""How many lines of the 'since your last move' account a board sends."""
HISTORY_TAIL = 40
VERSIONS_KEPT = 64  # how many recent versions an undo may have been chosen on
MAX_PACE = 30.0
TIMINGS_KEPT = 200
"""How many per-message timing records a board keeps (``board.timings``)."""

_clock = time.perf_counter
_cpu = time.process_time

_LIVE: weakref.WeakSet[Board] = weakref.WeakSet()
_HOOKED: set[int] = set()
_LOCK = threading.RLock()
"""Serialises every change boards make to games (one lock for all: the boards of one game
call each other when it changes, and a lock per board could deadlock two timer threads)."""
_SERIAL = itertools.count()


class _Table:
    """What the boards of one game share: the computer players of its seats."""

    __slots__ = ("agents",)

    def __init__(self) -> None:
        self.agents: dict[int, Any] = {}


PACES: dict[str, float] = {"slow": 1.5, "normal": 0.6, "fast": 0.2, "instant": 0.0}
"""The computer players' paces the board's control offers: seconds before each of their
actions (``configure(pace=...)`` takes any number of seconds up to ``MAX_PACE``)."""

_SAID = {"done": "is done with this step", "pass": "passes", "end turn": "ends the turn"}
"""What a computer's move that logged nothing did, in words (else 'chose <notation>')."""

HINT_SECONDS = 4.0
"""The board's Hint: its default time budget (seconds; ``configure(hint_seconds=...)``)."""
REVIEW_SECONDS = 0.5
"""The board's Review: the default budget of each decision's hint (seconds)."""
HINT_PLAYOUTS = 64
HINT_FIRST = 4


def _default_hint_policy() -> Any:
    """The board's rollout policy: the random player. A greedy rollout of a whole game
    costs 0.5-3 s of CPU (Blast: 17 s for one game of each of 7 actions), a random one
    0.01-0.1 s, so a few seconds give every action some dozen games."""
    from ..agents import RandomAgent

    return RandomAgent(seed=0)


OPPONENT_KINDS = ("human", "random", "greedy", "easy", "medium", "hard")
"""What the opponent picker offers: a person, or a computer player (MCTS difficulties
"easy", "medium", "hard")."""


def _is_hard_preset(agent: Any, game: str) -> bool:
    """Whether ``agent`` is ``game``'s own hard player (``agents.HARD_BY_GAME``), with
    its seed."""
    from ..agents import HARD_BY_GAME, hard_agent

    seed = getattr(agent, "seed", None)
    return game in HARD_BY_GAME and isinstance(seed, int) \
        and repr(agent) == repr(hard_agent(game, seed))


def _kind_of(agent: Any, game: str) -> str:
    if agent is None:
        return "human"
    kind = getattr(agent, "kind", None)
    if kind == "mcts":
        return str(getattr(agent, "difficulty", "custom"))
    if _is_hard_preset(agent, game):  # of a game where MCTS is not the strongest
        return "hard"
    if kind == "rollout":
        return "custom"
    if kind is None:  # a game's own agent class (with other settings: "custom")
        kind = {"GreedyAgent": "greedy", "RandomAgent": "random"}.get(type(agent).__name__)
        if kind is not None and repr(agent) != repr(type(agent)(seed=agent.seed)):
            kind = "custom"
    return kind if kind in ("random", "greedy") else "custom"


def live_boards() -> list[Board]:
    """Every board not yet garbage-collected or closed, oldest first."""
    return sorted((b for b in list(_LIVE) if not b._closed), key=lambda b: b._serial)


@dataclasses.dataclass(frozen=True)
class Said:
    """A computer's move that logged nothing, told in words in the 'since your last
    move' account: at the log's length ``log_at``, as history step ``step``."""

    log_at: int
    step: int
    player: int
    action: str
    text: str

    def played(self, history: Sequence[Step]) -> bool:
        """Whether the game's history still holds this move (not undone)."""
        return self.step < len(history) and history[self.step].player == self.player \
            and history[self.step].text == self.action


def boards_of(game: Game) -> list[Board]:
    """The live boards of ``game``, oldest first."""
    return [b for b in live_boards() if b._game is game]


def _refs(value: list[Any], _widget: Any) -> list[str]:
    return [f"anywidget:{w.model_id}" for w in value]


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _extra_json(value: dict[str, Any], widget: Any) -> dict[str, Any]:
    """``extra`` as synced: without the keys the board syncs in ``extra_fixed``."""
    fixed = getattr(widget, "extra_static", ())
    return {k: v for k, v in value.items() if k not in fixed} if fixed else value


# The traits the board itself declares: plain JSON (no binary buffers to split out).
_JSON_TRAITS = frozenset({
    "game_name", "player", "version", "view", "legal", "log", "log_start", "history", "steps",
    "last_action_step", "can_undo", "can_redo", "auto_roll", "chance", "chance_hidden", "error",
    "notice", "reply", "agents", "agent_kinds", "agents_running", "pace", "thinking",
    "scrub_step", "scrub_view", "scrub_log", "extra", "extra_fixed", "scrub_extra", "seats",
    "covered", "cover_for", "seat_names", "why", "pause_battles", "held", "glossary",
    "rule_anchors", "rules_url", "names", "turn_label", "since", "since_omitted", "has_battles",
    "hint", "review"})


def dist_rows(dist: Mapping[Any, Fraction]) -> list[dict[str, Any]]:
    """A ``Dist`` as JSON rows: outcome text, exact fraction, float."""
    return [{"outcome": str(o), "p": _frac(p), "prob": float(p)} for o, p in dist.items()]


class Board(anywidget.AnyWidget):
    """The interactive board of one game, seen by one player (None: a spectator).

    Make one with ``game.widget(player=0, opponents=None, pace=0.6, auto_roll=None)``,
    or a hot-seat board shared by the people at ``seats`` with ``game.widget(seats=[0,
    1], names=["Ann", "Bob"])``. ``board.game`` is the game it plays (replaced by the
    board's "new" and "load" buttons); change the game from code, or from another board,
    and the board follows at once. ``board.forks`` holds the what-if boards opened with
    "fork".
    """

    asset_name: ClassVar[str] = "generic"
    house_rules: ClassVar[tuple[str, ...]] = ()
    """Whole-number options of the game's ``Rules`` that are house rules: the message
    ``new_house`` starts a new game with one of them set (Spacehole's ``grace_turns``)."""
    battles: ClassVar[bool] = False
    """The game has battles: the board offers 'pause before battles'."""
    own_battles: ClassVar[bool] = False
    """The person's own move can start a battle that chance resolves (Spacehole's
    invasion): with the pause, it stops at the battle's first roll (``_battle_starts``)."""
    extra_static: ClassVar[tuple[str, ...]] = ()
    """Keys of ``extra`` that change seldom (a list read, a map's explanations): synced
    in their own trait ``extra_fixed``, so an update carries them only when they change
    (the browser draws ``{...extra, ...extra_fixed}``; ``board.extra`` has them all)."""
    # defaults for a board whose __init__ failed early (close/__del__ still work)
    _agent_handle: Any = None
    _hint_job: AnalysisJob | None = None
    _review_job: AnalysisJob | None = None
    _closed: bool = True
    _serial: int = -1
    _seats: tuple[int, ...] = ()
    _busy: bool = False  # handling a message: it publishes when done, after the others
    _shown_to: int | None = None  # a hot-seat what-if: the one seat it is revealed for

    game_name = t.Unicode("").tag(sync=True)
    player = t.Int(None, allow_none=True).tag(sync=True)
    version = t.Int(0).tag(sync=True)
    view = t.Dict().tag(sync=True)
    legal = t.List(t.Unicode()).tag(sync=True)
    log = t.List(t.Unicode()).tag(sync=True)
    log_start = t.Int(0).tag(sync=True)
    history = t.List().tag(sync=True)
    steps = t.Int(0).tag(sync=True)
    last_action_step = t.Int(0).tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    can_redo = t.Bool(False).tag(sync=True)
    auto_roll = t.Bool(True).tag(sync=True)
    chance = t.List().tag(sync=True)
    chance_hidden = t.Bool(False).tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    notice = t.Unicode("").tag(sync=True)
    reply = t.Int(0).tag(sync=True)
    agents = t.Dict().tag(sync=True)
    agent_kinds = t.Dict().tag(sync=True)
    agents_running = t.Bool(True).tag(sync=True)
    pace = t.Float(0.6).tag(sync=True)
    thinking = t.Bool(False).tag(sync=True)
    scrub_step = t.Int(None, allow_none=True).tag(sync=True)
    scrub_view = t.Dict().tag(sync=True)
    scrub_log = t.List(t.Unicode()).tag(sync=True)
    extra = t.Dict().tag(sync=True, to_json=_extra_json)
    extra_fixed = t.Dict().tag(sync=True)
    scrub_extra = t.Dict().tag(sync=True)
    forks = t.List().tag(sync=True, to_json=_refs)
    seats = t.List(t.Int()).tag(sync=True)
    """A hot-seat board's seats (empty: a board of one seat, or a spectator's)."""
    covered = t.Bool(False).tag(sync=True)
    """A hot-seat board between two seats' decisions: "pass to" ``cover_for``."""
    cover_for = t.Int(None, allow_none=True).tag(sync=True)
    seat_names = t.Dict().tag(sync=True)
    has_battles = t.Bool(False).tag(sync=True)
    """Whether the game has battles the board can pause before (``battles``)."""
    pause_battles = t.Bool(False).tag(sync=True)
    """Hold a computer player's action that would resolve a battle, showing its exact odds
    first, until the person clicks Continue (the message ``resume``)."""
    held = t.Dict().tag(sync=True)
    """The computer's action held by ``pause_battles``: ``{"player", "who", "action",
    "title", "odds"}`` (empty: none)."""
    why = t.Dict().tag(sync=True)
    hint = t.Dict().tag(sync=True)
    """The Hint panel: ``{"status": "running" | "done" | "stopped" | "failed",
    "progress" (0-1), "version" (of the position hinted), "measure", "candidates"
    (``[{"action", "value", "low", "high", "playouts"}]``, best first), "seconds",
    "message"}`` (empty: none). Dropped when the game moves on."""
    review = t.Dict().tag(sync=True)
    """The Review panel: ``{"status", "progress", "player", "measure", "thresholds",
    "decisions" ([{"step", "played", "value", "best", "best_value", "loss",
    "label"}]), "steps" (the history's length reviewed), "message"}``."""
    glossary = t.Dict().tag(sync=True)
    """What each card, unit or entry of the game does, ``{name: text}``, from the game's
    own data (the board's ``_glossary``): the browser's tooltips and aria-describedby.
    Public (the whole card list, not a hand); sent when the game changes, not per move."""
    rule_anchors = t.Dict().tag(sync=True)
    """Where each name of the glossary has its rule, ``{name: anchor}``: an anchor of
    ``docs/rules/<game>.md`` (one per kind of card, unit, site or list entry; the hook
    ``_rule_anchors``); the browser links each element to ``<page>#<anchor>``
    (``data-rule``). Sent with the glossary."""
    rules_url = t.Unicode("").tag(sync=True)
    names = t.Dict().tag(sync=True)
    """The game's name for each player, ``{str(p): name}`` ("Empire", a race), for the
    header, the opponent picker and the boards (the hook ``_player_name``)."""
    turn_label = t.Unicode("").tag(sync=True)
    since = t.List(t.Unicode()).tag(sync=True)
    """Everything the game logged since this board's player last acted (the computer
    players' moves, the dice, whole turns and battles), as this board may see it: the
    'since your last move' account (the last ``SINCE_LINES`` lines)."""
    since_omitted = t.Int(0).tag(sync=True)
    """How many earlier lines of that account are not in ``since``."""
    """The turn counter, saying what it counts (the hook ``_turn_label``)."""
    """The game's rules page (``docs/rules/<game>.md``), linked from the board's header."""
    """The answer to the last click on something that cannot be played now (the message
    ``why``): ``{"action", "reason", "rule", "link", "version"}``; the browser shows it
    while the board is at that ``version``."""

    def __init__(
        self,
        game: Game,
        *,
        player: int | None = 0,
        opponents: Mapping[int, Any] | None = None,
        pace: float = 0.6,
        auto_roll: bool | None = None,
        seats: Iterable[int] | None = None,
        names: Iterable[str] | Mapping[int, str] | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a board needs a boardgames Game, not {type(game).__name__}")
        cls = type(self)
        if "_esm" not in cls.__dict__:
            cls._esm = assets.board_esm(cls.asset_name)
            cls._css = assets.board_css(cls.asset_name)
        self._board_cls = cls  # anywidget's add_traits makes the instance's type a subclass
        self._lock = _LOCK
        self._seats = _check_seats(game, seats)
        if self._seats:
            player = None  # covered until the first seat's person reveals the board
        _check_player(game, player)
        label = _check_names(self._seats, names, self._seat_label)
        self._closed = False
        self._serial = next(_SERIAL)
        self._game = game
        sibling = next(iter(boards_of(game)), None)
        self._table: _Table = sibling._table if sibling is not None else _Table()
        self._agent_handle: Any = None
        self._last: tuple[Any, ...] | None = None
        self._last_log_len = 0
        # For each recent version: the history's length and last step then (see _check_undo).
        self._steps_at: dict[int, tuple[int, Step | None]] = {}
        self.frontend_errors: list[str] = []
        self.timings: deque[dict[str, Any]] = deque(maxlen=TIMINGS_KEPT)
        """What each message from the browser cost in Python, newest last: see
        :meth:`_on_msg`. Cheap (a few clock reads per message)."""
        self.measure_bytes = False
        """Also record the size of every state update sent (serialises it once more)."""
        self._phase: dict[str, float] = {}
        self._sent_bytes = 0
        self._held: tuple[Any, Any] | None = None  # (the state, the action) of held
        self._hint_job: AnalysisJob | None = None
        self._hint_state: Any = None  # the game's state the hint is for
        self._review_job: AnalysisJob | None = None
        self._review_mark: tuple[int, Step | None] | None = None  # the history reviewed
        self.hint_settings: dict[str, Any] = {
            "policy": _default_hint_policy(), "seconds": HINT_SECONDS,
            "review_seconds": REVIEW_SECONDS, "playouts": HINT_PLAYOUTS,
            "first": HINT_FIRST}
        """What the Hint and Review buttons run (``configure(hint_seconds=...,
        hint_policy=..., review_seconds=...)``)."""
        self._glossary_shown: dict[str, str] | None = None
        self._since_mark = len(game.log)  # the log's length after this player last acted
        self._said: list[Said] = []  # the computer's moves that logged nothing, in words
        super().__init__(game_name=game.name, player=player, seats=list(self._seats),
                         seat_names=label, covered=bool(self._seats),
                         has_battles=cls.battles)
        with self._lock:
            _LIVE.add(self)
            self._take_seats()  # before the opponents: a computer may play this seat
            self.configure(opponents=opponents, pace=pace, auto_roll=auto_roll, _publish=False)
            game.observe(self._on_game_change)
        self.on_msg(self._on_msg)
        _install_refresh_hook()
        self._publish()

    @t.validate("error")
    def _short_error(self, proposal: dict[str, Any]) -> str:
        """Every message shown is at most ``limits.MESSAGE_CHARS`` characters long (a
        computer player's failure may quote anything)."""
        return shorten(proposal["value"])

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game this board plays."""
        return self._game

    def configure(
        self,
        *,
        opponents: Mapping[int, Any] | None = None,
        pace: float | None = None,
        auto_roll: bool | None = None,
        hint_seconds: float | None = None,
        hint_policy: Any = None,
        review_seconds: float | None = None,
        _publish: bool = True,
    ) -> Board:
        """Change the computer opponents (``{player: agent}``), their pace in seconds,
        or the game's ``auto_roll``; the Hint button's time budget and rollout policy
        (an agent), the Review's budget per decision. Unchanged when an argument is
        refused."""
        hints = _check_hint_settings(hint_seconds, hint_policy, review_seconds)
        agents = dict(self._agents)
        if opponents is not None:
            if not isinstance(opponents, Mapping):
                raise TypeError("opponents must be a dict {player: agent}, "
                                f"not {quote(opponents)}")
            agents = {}
            taken = self._people_seats() - set(self._claimed())
            for p, agent in opponents.items():
                if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < self._game.players:
                    raise ValueError(f"opponents: player must be 0..{self._game.players - 1}, "
                                     f"not {quote(p)}")
                agents[p] = check_agent(agent)
                if p in taken:
                    raise ValueError(f"opponents: player {p} is played by a person at "
                                     "another board of this game")
        if pace is not None and (isinstance(pace, bool) or not isinstance(pace, (int, float))
                                 or not 0 <= pace <= MAX_PACE):
            raise ValueError(f"pace must be a number of seconds in [0, {MAX_PACE}], "
                                 f"not {quote(pace)}")
        if auto_roll is not None and not isinstance(auto_roll, bool):
            raise TypeError(f"auto_roll must be a bool, not {quote(auto_roll)}")
        with self._lock:
            changed = agents != self._agents
            self._table.agents = agents
            if pace is not None:
                self.pace = float(pace)
            self._show_agents()
            if changed:  # the other boards of the table show (and obey) the new players
                for b in self._siblings():
                    b._show_agents()
                    b._publish()
            if auto_roll is not None:
                self._game.auto_roll = auto_roll
            self.hint_settings.update(hints)
            if _publish:
                self._publish()
        return self

    @property
    def _agents(self) -> dict[int, Any]:
        """The computer players of the game's seats (shared by its boards)."""
        return self._table.agents

    def _show_agents(self) -> None:
        agents = self._agents
        self.agents = {str(p): repr(a) for p, a in agents.items()}
        taken = self._people_seats()
        self.agent_kinds = {str(p): _kind_of(agents.get(p), self._game.name)
                            for p in range(self._game.players) if p not in taken}

    def refresh(self) -> bool:
        """Republish if the game changed since the last publication (True if it did).
        Called by the game after every change (``Game.observe``) and after every cell."""
        with self._lock:
            if self._closed or not self._changed():
                return False
            self._publish()
            return True

    def send_intent(self, action: str, version: int | None = None) -> None:
        """What a click does: send the intent ``action`` chosen on view ``version``
        (default: the current one). For tests and scripted demos."""
        self._on_msg(self, {"type": "intent", "action": action,
                            "version": self.version if version is None else version}, [])

    def agent_step(self) -> Any:
        """Play one computer move now if a computer player is to move; return the action
        (None if none was played)."""
        with self._lock:
            return self._agent_move()

    def close(self) -> None:
        was_open = not self._closed
        self._closed = True
        self._cancel_agent()
        if was_open:
            self._drop_analysis()
        if was_open:
            with self._lock:
                self._game.unobserve(self._on_game_change)
                for b in self._siblings():  # a seat may be free now, another board moves
                    b._show_agents()        # the computer players
                    b._schedule_agent()
        super().close()

    # ------------------------------------------------------------------ hooks for games
    def _account(self, who: str, action: Any, lines: Sequence[str]) -> str:
        """What the computer's move did, in the game's own sentences (its log lines as
        this board may see them), not in notation."""
        said = " ".join(self._public_log_line(x) for x in lines if x)
        return f"{who}: {said or _SAID.get(str(action), f'chose {action}')}"

    def _illegal_reason(self, game: Game, action: str) -> tuple[str, str] | None:
        """(rule, reason) if ``game`` refuses the notation ``action`` now, else None (a
        board whose elements send incomplete notations refines it)."""
        return illegal_reason(game, action)

    def _player_name(self, game: Game, player: int) -> str:
        """The game's name for ``player`` (boards override it: sides, races)."""
        return f"player {player}" if game.players > 1 else "you"

    def _turn_label(self, game: Game) -> str:
        """The turn counter as the header shows it, saying what it counts."""
        return f"turn {game.turn}"

    def _glossary(self, game: Game) -> dict[str, str]:
        """``{name: what it does}`` for the game's cards, units, entries (boards
        override it; return the same dict object while it does not change)."""
        return {}

    def _rule_anchors(self, game: Game) -> dict[str, str]:
        """``{name: anchor}`` for every name of the glossary: where its rule is written
        in ``docs/rules/<game>.md`` (boards override it; the same dict object while the
        glossary is the same)."""
        return {}

    def _public_log_line(self, line: str) -> str:
        """A log line as this board's player may see it (games with hidden cards
        override this for spectators)."""
        return line

    def _public_step(self, index: int, step: Step) -> str:
        """The text of history step ``index`` as this board's player may see it."""
        return step.text

    def _chance_is_public(self, game: Game) -> bool:
        """May this board list the outcomes of ``game``'s pending chance node?"""
        return True

    def _extra(self, game: Game, live: bool) -> dict[str, Any]:
        """Game-specific public data for the board (odds, hints ...)."""
        return {}

    def _seat_label(self, player: int) -> str:
        """How a hot-seat board names a seat when no name is given."""
        return f"player {player}"

    # ------------------------------------------------------------------ the table
    def _siblings(self) -> list[Board]:
        """The other live boards of this board's game, oldest first."""
        return [b for b in boards_of(self._game) if b is not self]

    def _claimed(self) -> tuple[int, ...]:
        """The seats a person plays at this board."""
        if self._seats:
            return self._seats
        return () if self.player is None else (self.player,)

    def _people_seats(self) -> set[int]:
        """The seats that have a person's board (this one's included)."""
        return {p for b in [self, *self._siblings()] for p in b._claimed()}

    def _take_seats(self) -> None:
        """A person has come to this board's seats: the computer no longer plays them."""
        mine = set(self._claimed())
        dropped = mine & set(self._agents)
        if dropped:
            self._table.agents = {p: a for p, a in self._agents.items() if p not in mine}
        self._show_agents()
        for b in self._siblings():
            b._show_agents()
            if dropped:
                b._publish()

    def _on_game_change(self, game: Game) -> None:
        """The game's observer: republish (if it is still this board's game). A board
        whose own message changed the game publishes when the message is done (``_done``),
        so the other boards' updates leave first."""
        if game is not self._game or self._closed or self._busy:
            return
        with self._lock:
            try:
                self.refresh()
            except ValueError as e:  # a game left in a state its view cannot show
                self.error = str(e)

    # ------------------------------------------------------------------ hot seat
    def _seat_to_reveal(self) -> int | None:
        """The seat of this hot-seat board whose person decides now (None: nobody's, e.g.
        a computer player or a chance node)."""
        p = self._game.current_player
        return p if p in self._seats and p not in self._agents else None

    def _update_cover(self) -> None:
        """Before a publication of a hot-seat board: cover it when another seat's person
        is to decide; at the end of the game, uncover it as a spectator's board."""
        if not self._seats:
            return
        if self._game.is_over:
            self.player = None
            self.covered, self.cover_for = False, None
            return
        target = self._seat_to_reveal()
        if target is None or target == self.player:
            return
        if not self.covered or self.cover_for != target:
            self._cover(target)

    def _cover(self, seat: int | None) -> None:
        """Hide everything private: publish as a spectator until ``seat`` reveals."""
        self.player = None
        self.covered = True
        self.cover_for = seat
        self.error = ""
        self.notice = ""
        self.why = {}  # the answer to the last seat's click: it may name a card of theirs
        self._scrub(None)
        self._drop_analysis()  # the last seat's hint and review are theirs
        for f in self.forks:  # what-if boards shown below: covered too
            if f.covered:
                continue
            if f._seats:
                f._cover(f._seat_to_reveal() if f._seat_to_reveal() is not None else f.player)
            elif f._shown_to is not None:  # for the person who opened it only
                f._cover(f._shown_to)
            else:
                continue
            f._publish()

    def _reveal(self, seat: int) -> None:
        self.player = seat
        self.covered, self.cover_for = False, None

    # ------------------------------------------------------------------ publishing
    def _signature(self) -> tuple[Any, ...]:
        g = self._game
        return (g, g.state, g.step_count, g.can_redo, g.auto_roll)

    def _changed(self) -> bool:
        last = self._last
        now = self._signature()
        return last is None or any(a is not b for a, b in zip(last[:2], now[:2], strict=True)) \
            or last[2:] != now[2:]

    def _publish(self) -> None:
        """Send everything the browser draws, as one update, and bump the version."""
        t0 = _clock()
        g = self._game
        self._update_cover()
        self._drop_stale_hold()
        self._drop_stale_analysis()
        p = self.player
        to_move = g.current_player
        my_turn = p is not None and to_move == p and to_move not in self._agents
        hist = g.history
        start = max(0, len(hist) - HISTORY_TAIL)
        last_action = next((i + 1 for i in range(len(hist) - 1, -1, -1)
                            if hist[i].player != CHANCE), 0)
        log = g.log
        lstart = max(0, len(log) - LOG_TAIL)
        chance: list[dict[str, Any]] = []
        hidden = False
        if to_move == CHANCE:
            if self._chance_is_public(g):
                chance = self._chance_rows(g)
            else:
                hidden = True
        with self.hold_sync():
            self._publish_glossary(g)
            names = {str(q): self._player_name(g, q) for q in range(g.players)}
            if names != self.names:
                self.names = names
            self.turn_label = self._turn_label(g)
            self._publish_since(log)
            t1 = _clock()
            self.view = g.view(p)
            t2 = _clock()
            self.legal = [str(a) for a in g.legal_actions()] if my_turn else []
            self.log = [self._public_log_line(x) for x in log[lstart:]]
            self.log_start = lstart
            self.history = [[i, s.player, self._public_step(i, s)]
                            for i, s in enumerate(hist[start:], start)]
            self.steps = len(hist)
            self.last_action_step = last_action
            self.can_undo = p is not None and g.can_undo
            self.can_redo = p is not None and g.can_redo
            self.auto_roll = g.auto_roll
            self.chance = chance
            self.chance_hidden = hidden
            t3 = _clock()
            self.extra = extra = self._extra(g, True)
            if self.extra_static:
                self.extra_fixed = {k: extra[k] for k in self.extra_static if k in extra}
            t4 = _clock()
            if self.scrub_step is not None:
                self._scrub(self.scrub_step if self.scrub_step <= len(hist) else None)
            self.version += 1
            self._steps_at[self.version] = (len(hist), hist[-1] if hist else None)
            self._steps_at.pop(self.version - VERSIONS_KEPT, None)
            self._last = self._signature()
            self._last_log_len = len(log)
            self._schedule_agent()
            phase = self._phase
            phase["view_ms"] = phase.get("view_ms", 0.0) + (t2 - t1) * 1e3
            phase["extra_ms"] = phase.get("extra_ms", 0.0) + (t4 - t3) * 1e3
            phase["publish_ms"] = phase.get("publish_ms", 0.0) + (_clock() - t0) * 1e3

    def _publish_since(self, log: Sequence[str]) -> None:
        """The 'since your last move' account: the log after this player's last action
        (all of it after an undo took the log back before that)."""
        if self._since_mark > len(log):
            self._since_mark = len(log)
        start = max(self._since_mark, len(log) - SINCE_LINES)
        hist = self._game.history
        said = [x for x in self._said if self._since_mark <= x.log_at <= len(log)
                and x.played(hist)]
        lines: list[str] = []
        at = start
        for x in said:
            if x.log_at >= start:
                lines += [self._public_log_line(y) for y in log[at:x.log_at]]
                lines.append(x.text)
                at = x.log_at
        lines += [self._public_log_line(y) for y in log[at:]]
        cut = max(0, len(lines) - SINCE_LINES)
        lines = lines[cut:]
        if lines != self.since:
            self.since = lines
        self.since_omitted = start - self._since_mark + cut + sum(x.log_at < start for x in said)

    def _publish_glossary(self, g: Game) -> None:
        """The glossary and rules address, set again only when they are other objects
        (a new game of another variant), so a move never resends them."""
        glossary = self._glossary(g)
        if glossary is not self._glossary_shown:
            self._glossary_shown = glossary
            self.glossary = glossary
            self.rule_anchors = self._rule_anchors(g)
            self.rules_url = rule_link(g.name, "rule")

    def _chance_rows(self, g: Game) -> list[dict[str, Any]]:
        rows = []
        for outcome, prob in g.chance_outcomes().items():
            rows.append({"action": g.outcome_text(outcome), "p": _frac(prob),
                         "prob": float(prob)})
        return rows

    # ------------------------------------------------------------------ messages
    def _on_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Handle one message from the browser, and record what it cost in
        ``self.timings``: ``{"type", "version" (after it), "handle_ms" (checks, the
        game's change and the new view computed), "send_ms" (the one state update
        serialised and sent), "total_ms", "cpu_ms" (this process's CPU time),
        "apply_ms", "view_ms", "extra_ms", "publish_ms", "keys" (traits sent),
        "bytes" (their JSON size, when ``measure_bytes``)}``."""
        t0 = _clock()
        c0 = _cpu()
        kind = content.get("type") if isinstance(content, dict) else None
        if not isinstance(kind, str):
            kind = None
        with self._lock:
            self._phase = phase = {}
            self._sent_bytes = 0
            with self.hold_sync():
                self._busy = True
                try:
                    msg = parse_message(content, buffers)
                    self._check_uncovered(msg)
                    handler: Callable[[Message], None] = getattr(self, f"_do_{msg.type}")
                    handler(msg)
                except (MessageError, GameError) as e:
                    self.error = str(e)
                except (ValueError, TypeError, RecursionError) as e:  # none expected: a
                    # message is checked before it acts; shown, never raised into the kernel
                    self.error = shorten(f"refused message: {type(e).__name__}: {e}")
                finally:
                    self._busy = False
                    self.refresh()  # (a no-op unless the game changed and was not shown)
                self.reply += 1
                keys = sorted(self._states_to_send)
                t1 = _clock()
            t2 = _clock()
            record: dict[str, Any] = {
                "type": kind if kind in MESSAGE_KEYS else "unknown", "version": self.version,
                "handle_ms": (t1 - t0) * 1e3, "send_ms": (t2 - t1) * 1e3,
                "total_ms": (t2 - t0) * 1e3, "cpu_ms": (_cpu() - c0) * 1e3, **phase,
                "keys": keys}
            if self.measure_bytes:
                record["bytes"] = self._sent_bytes
            self.timings.append(record)
            self._phase = {}

    def send_state(self, key: Any = None) -> None:
        """ipywidgets' ``send_state``, without searching the board's own (plain JSON)
        traits for binary buffers: a deep copy of the view at every update. An
        ipywidgets without its private ``_remove_buffers`` gets its own ``send_state``."""
        if _remove_buffers is None:
            ipywidgets.Widget.send_state(self, key)
            return
        state = self.get_state(key=key)
        if not state:
            return
        if self._property_lock:  # keep it up to date with the front-end values, as ipywidgets
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        other = {k: v for k, v in state.items() if k not in _JSON_TRAITS}
        paths: list[Any] = []
        buffers: list[Any] = []
        if other:
            other, paths, buffers = _remove_buffers(other)
            state = {**{k: v for k, v in state.items() if k in _JSON_TRAITS}, **other}
        self._send({"method": "update", "state": state, "buffer_paths": paths}, buffers=buffers)

    def _send(self, msg: Any, buffers: Any = None) -> None:
        if self.measure_bytes:
            self._sent_bytes += len(json.dumps(msg, ensure_ascii=False).encode())
        super()._send(msg, buffers=buffers)

    def _check_version(self, msg: Message) -> None:
        v = msg["version"]
        if v != self.version:
            when = "an older" if v < self.version else "a future"
            raise MessageError(msg.raw, f"stale: chosen on {when} view (version {v}); "
                                           f"the board is at version {self.version}")

    def _check_can_change(self, msg: Message) -> None:
        if self.player is None:
            raise MessageError(msg.raw, "a spectator board cannot change the game")

    def _check_uncovered(self, msg: Message) -> None:
        """A covered board takes ``reveal`` only, and ``agents`` while nobody is to be
        shown (the computer is to move: its players paused, the cover is the only way on;
        the computer's moves show nothing private)."""
        if msg.type == "agents" and self.covered and self.cover_for is None:
            return
        if self.covered and msg.type not in ("reveal", "frontend_error"):
            name = self.seat_names.get(str(self.cover_for), "the next player")
            raise MessageError(msg.raw, f"the board is covered: pass it to {name}, who "
                                        "clicks to show their view")

    def _done(self, notice: str = "") -> None:
        """After a message that changed the game: the game's observers (this board
        among them) have republished; publish what is left (a new table, a notice)."""
        self.error = ""
        self.notice = notice
        self.refresh()

    def _do_reveal(self, msg: Message) -> None:
        """The next player of a hot-seat board shows their own view."""
        self._check_version(msg)
        if not self.covered:
            raise MessageError(msg.raw, "the board is not covered")
        seat = self.cover_for
        if seat is None:
            raise MessageError(msg.raw, "no seat is to be shown")
        self._reveal(seat)
        self.error = ""
        self.notice = f"{self.seat_names.get(str(seat), f'player {seat}')} to play"
        self._publish()

    def _do_intent(self, msg: Message) -> None:
        self._check_version(msg)
        self._check_can_change(msg)
        g = self._game
        to_move = g.current_player
        action = msg["action"]
        if to_move is None:
            raise MessageError(msg.raw, "the game is over")
        if to_move == CHANCE:
            if g.auto_roll or not self._chance_is_public(g):
                raise MessageError(msg.raw, "a chance node is not this board's to choose")
        elif to_move in self._agents:
            raise MessageError(msg.raw, f"it is the computer's turn (player {to_move}: "
                                           f"{self._agents[to_move]!r})")
        elif to_move != self.player:
            raise MessageError(msg.raw, f"it is player {to_move}'s turn; this board plays "
                                           f"player {self.player}")
        t0 = _clock()
        mark = len(g.log)
        if self.pause_battles and g.auto_roll and to_move != CHANCE and self.own_battles:
            self._apply_until_battle(action)
        else:
            g.apply(action)
        self._phase["apply_ms"] = (_clock() - t0) * 1e3
        self._since_mark = mark  # what this action did is the start of the next account
        self._done()

    def _apply_until_battle(self, action: str) -> None:
        """The person's own action with 'pause before battles': its chance steps are
        rolled one by one (the game's seeded roll: the same outcomes as auto roll) up to
        a battle's first roll, where the board holds (``held``, the battle's odds) with
        auto roll off until Continue; without a battle, as ``apply``."""
        g = self._game
        with g.batch():
            g.auto_roll = False
            try:
                g.apply(action)
            except GameError:  # refused: the game as it was, auto roll on again
                g.auto_roll = True
                raise
            ahead = None
            while g.current_player == CHANCE:
                ahead = self._battle_starts(g)
                if ahead is not None:
                    break
                g.roll()
            if ahead is None:
                g.auto_roll = True
                return
        self._held = (g.state, None)
        who = self.seat_names.get(str(self.player)) or "you"
        self.held = {"player": self.player, "who": who, "action": str(action), **ahead}

    def _battle_starts(self, game: Game) -> dict[str, Any] | None:
        """At a chance node: the battle whose first roll it is, ``{"title", "odds"}``
        (as ``_battle_ahead``), or None. Games with invasions override it."""
        return None

    def _do_why(self, msg: Message) -> None:
        """A click on something that cannot be played now: say why (the engine's reason
        and rule, or whose turn it is), in ``why``. Changes nothing."""
        self._check_version(msg)
        action = msg["action"]
        rule, reason = self._why_not(action)
        self.why = {"action": action, "reason": reason, "rule": rule,
                    "link": rule_link(self._game.name, rule), "version": self.version}
        self.error = ""

    def _why_not(self, action: str) -> tuple[str, str]:
        """(rule, reason): why this board's player cannot play ``action`` now."""
        g = self._game
        to_move = g.current_player
        if to_move is None:
            return "end of the game", "the game is over"
        if self.player is None:
            return "", "this board only watches the game (a spectator's board)"
        if to_move == CHANCE:
            return "chance", "the dice (or a draw) decide first"
        if to_move != self.player or to_move in self._agents:
            who = self.seat_names.get(str(to_move)) or self._seat_label(to_move)
            computer = ", the computer," if to_move in self._agents else ""
            return "turns", f"it is not your turn: {who}{computer} is to move"
        refused = self._illegal_reason(g, action)
        if refused is None:
            return "", "it can be played now"
        return refused

    def _check_undo(self, msg: Message) -> None:
        """An undo chosen on an older view still stands when only the computer and the
        dice have played since: it takes their steps back anyway (a person clicking
        *undo* while the computer plays on must not be refused as stale)."""
        v = msg["version"]
        if v == self.version or v not in self._steps_at:
            self._check_version(msg)
            return
        n, last = self._steps_at[v]
        hist = self._game.history
        same_past = len(hist) >= n and (hist[n - 1] if n else None) == last
        if not (same_past and all(self._by_computer_or_dice(s) for s in hist[n:])):
            self._check_version(msg)

    def _by_computer_or_dice(self, step: Step) -> bool:
        return step.player == CHANCE or (step.player in self._agents
                                         and step.player not in self._claimed())

    def _whose(self, p: int) -> str:
        """Who decides for seat ``p``, as this board sees it: ``"mine"`` (a seat of this
        board, or a seat nobody plays: no person's board and no computer), ``"computer"``
        or ``"person"`` (another person, at a board of their own)."""
        if p in self._claimed():
            return "mine"
        if p in self._people_seats():
            return "person"
        return "computer" if p in self._agents else "mine"

    def _refuse_other_person(self, msg: Message, p: int, undo: bool) -> None:
        who = self.seat_names.get(str(p)) or self._seat_label(p)
        what = "undo: the last decision was" if undo else "redo: the next decision is"
        raise MessageError(msg.raw, f"cannot {what} {who}'s, who plays at a board of their "
                                    f"own; only their board can {'undo' if undo else 'redo'} it")

    def _undo_to(self, msg: Message) -> int:
        """The history's length this board's undo goes back to: before the last decision
        of this board's seat, with the computer's moves and the chance steps after it.
        Refused when the last decision is another person's (a seat with a board of its
        own). With auto roll off a chance step at the end is taken back by itself (the
        boards roll them)."""
        g = self._game
        hist = g.history
        if hist and hist[-1].player == CHANCE and not g.auto_roll:
            return len(hist) - 1
        for i in range(len(hist) - 1, -1, -1):
            p = hist[i].player
            if p == CHANCE:
                continue
            whose = self._whose(p)
            if whose == "person":
                self._refuse_other_person(msg, p, undo=True)
            if whose == "mine":
                return i
        raise MessageError(msg.raw, "nothing to undo: no decision of this board's player "
                                    "has been played")

    def _do_undo(self, msg: Message) -> None:
        self._check_undo(msg)
        self._check_can_change(msg)
        g = self._game
        target = self._undo_to(msg)
        self._cancel_agent()
        with g.batch():  # one announcement: every board shows the position undone to
            while len(g.history) > target and g.can_undo:
                g.undo()
        self._done("undone")

    def _next_redo(self) -> int:
        """The player of the next step a redo re-applies (read on a fork)."""
        g = self._game
        f = g.fork()
        n = len(f.history)
        f.redo()
        return f.history[n].player

    def _do_redo(self, msg: Message) -> None:
        """Redo, symmetric with undo: this board's seat's decision taken back, then the
        computer's moves and chance steps after it (up to the next person's decision).
        Refused when the next decision is another person's."""
        self._check_version(msg)
        self._check_can_change(msg)
        g = self._game
        if not g.can_redo:
            raise MessageError(msg.raw, "nothing to redo")
        first = self._next_redo()
        if first != CHANCE and self._whose(first) == "person":
            self._refuse_other_person(msg, first, undo=False)
        self._cancel_agent()
        with g.batch():
            g.redo()
            while g.can_redo:
                p = self._next_redo()
                if p != CHANCE and self._whose(p) != "computer" and not self._redo_joins(g):
                    break
                g.redo()
        self._done("redone")

    def _redo_joins(self, game: Game) -> bool:
        """Whether the next step to redo completes this board's player's decision (a
        board whose undo takes back two engine steps as one redoes them as one)."""
        return False

    def _do_roll(self, msg: Message) -> None:
        """Roll the pending chance node with the game's seeded generator. A player's
        board may roll any chance node, a secret draw included (no board lists a secret
        draw's outcomes, see ``_chance_is_public``): the roll shows nothing but what the
        new view shows, the card drawn only to the player who draws it."""
        self._check_version(msg)
        self._check_can_change(msg)
        self._game.roll()  # a GameError "not at a chance node" when none is pending
        self._done()

    def _do_auto_roll(self, msg: Message) -> None:
        self._check_version(msg)
        self._check_can_change(msg)
        self._game.auto_roll = msg["value"]
        self._done(f"auto roll {'on' if msg['value'] else 'off'}")

    def _do_agents(self, msg: Message) -> None:
        self.agents_running = msg["run"]
        if msg["run"]:
            self._schedule_agent()
        else:
            self._cancel_agent()
        self.error = ""

    def _do_pace(self, msg: Message) -> None:
        """The pace control: the computer players wait ``PACES[speed]`` seconds before
        each action, from their next one on."""
        speed = msg["speed"]
        if speed not in PACES:
            raise MessageError(msg.raw, f"unknown pace {quote(speed, 20)}; choose one of "
                                           f"{', '.join(PACES)}")
        self.configure(pace=PACES[speed], _publish=False)
        if self._agent_handle is not None:  # waiting at the old pace: wait the new one
            self._cancel_agent()
            self._schedule_agent()
        self.error = ""
        self.notice = f"computer pace: {speed} ({PACES[speed]:g} s an action)"

    def _do_opponent(self, msg: Message) -> None:
        """Who plays a seat: ``"human"`` (nobody: a person clicks for it) or a computer
        player, ``"random"``, ``"greedy"`` or an MCTS difficulty (the picker)."""
        self._check_can_change(msg)
        p, kind = msg["player"], msg["kind"]
        if not 0 <= p < self._game.players:
            raise MessageError(msg.raw, f"player must be 0..{self._game.players - 1}")
        if p in self._claimed():
            raise MessageError(msg.raw, "this board's own player is the person at it")
        if p in self._people_seats():
            raise MessageError(msg.raw, f"player {p} plays at a board of their own")
        if kind not in OPPONENT_KINDS:
            raise MessageError(msg.raw, f"unknown opponent {quote(kind, 30)}; choose one of "
                                           f"{', '.join(OPPONENT_KINDS)}")
        agents = dict(self._agents)
        if kind == "human":
            agents.pop(p, None)
        else:
            from ..agents import make_agent

            agents[p] = make_agent(kind, seed=p, game=self._game.name)
        self._cancel_agent()
        self.configure(opponents=agents)
        self._done(f"player {p}: {kind}")

    def _do_new(self, msg: Message) -> None:
        self._check_can_change(msg)
        self._new_game(msg, self._game.rules)

    def _do_new_house(self, msg: Message) -> None:
        """A new game with the house rule ``rule`` (one of ``house_rules``) set to
        ``value``, the other options kept."""
        self._check_can_change(msg)
        rule = msg["rule"]
        if rule not in self.house_rules:
            offered = ", ".join(self.house_rules) or "none"
            raise MessageError(msg.raw, f"unknown house rule {quote(rule, 40)}; this board "
                                        f"offers: {offered}")
        try:
            rules = dataclasses.replace(self._game.rules, **{rule: msg["value"]})
        except (TypeError, ValueError) as e:
            raise MessageError(msg.raw, f"cannot start a new game: {e}") from None
        self._new_game(msg, rules)

    def _new_game(self, msg: Message, rules: Any) -> None:
        """Every board of the game moves to a new game of the same kind with ``rules``."""
        g = self._game
        try:
            new = type(g)(seed=msg["seed"], rules=rules, auto_roll=g.auto_roll, **g.options)
        except (TypeError, ValueError) as e:
            raise MessageError(msg.raw, f"cannot start a new game: {e}") from None
        self._replace_all(new, msg.raw)
        self._done("new game" + (f" with seed {msg['seed']}" if msg["seed"] is not None else ""))

    def _do_load(self, msg: Message) -> None:
        self._check_can_change(msg)
        new = from_json(msg["text"])  # InvalidSaveError (a GameError) if corrupt
        self._replace_all(new, {"type": "load", "name": msg["name"]})
        # Computer players of seats the loaded game does not have are dropped; the
        # opponent picker lists the loaded game's seats.
        self.configure(opponents={p: a for p, a in self._agents.items() if p < new.players},
                       _publish=False)
        self._done(f"loaded {msg['name'][:80]}")

    def _check_loadable(self, new: Game, shown: dict[str, Any]) -> None:
        """Refuse, before the board's game is replaced, a loaded game this board cannot
        play: another game, one without this board's seat, one whose view of this
        board's player cannot be made."""
        if new.name != self._game.name:
            raise MessageError(shown, f"the file holds a {new.name} game; this board plays "
                                      f"{self._game.name}")
        mine = self._claimed()
        if mine and max(mine) >= new.players:
            raise MessageError(shown, f"the file holds a {new.players}-player game; this "
                                      f"board plays player {max(mine)}")
        try:
            new.view(self.player)
        except ValueError as e:
            raise MessageError(shown, f"the loaded game cannot be shown: {e}") from None

    def hides_something(self, game: Game | None = None) -> bool:
        """Whether ``game`` (default: this board's) holds something this board's player
        may not see: a card in another seat's hand now, or a step of its history that was
        secret to them (another seat's draw, a card taken in secret); for a spectator's
        board, any hidden card. A save of such a game (its steps name every card drawn)
        or a what-if board keeping its hands and history would put another player's
        hidden cards in this browser. A game whose rules hide no hands
        (``Game.hidden_hands`` false: Intergalactic, one-player Spacehole) hides nothing;
        a board of a game with hidden hands that does not refine ``_hidden_now`` and
        ``_secret_step`` says yes."""
        g = self._game if game is None else game
        if not g.hidden_hands:
            return False
        if self._hidden_now(g):
            return True
        return any(self._secret_step(g, i, s) for i, s in enumerate(g.history))

    def _hidden_now(self, game: Game) -> bool:
        """Whether ``game``'s position (or its options: a scenario's hands) holds a card
        this board's player may not see (games with hidden hands refine it)."""
        return True

    def _secret_step(self, game: Game, index: int, step: Step) -> bool:
        """Whether history step ``index`` of ``game`` was secret to this board's player
        (its outcome a card they were not shown)."""
        return False

    def _do_save(self, msg: Message) -> None:
        """The Save button. The game's seed fixes every future draw (the deck order, the
        dice): the file gets a fresh one. Loading replays the recorded steps (chance
        outcomes included), so the position is the same; only the future differs. The
        file reaches the browser (a download) only when nothing in it is hidden from this
        board's player (``hides_something``), or when the kernel itself runs in the
        browser (JupyterLite's Pyodide: every card of the game is already in the tab, and
        the notebook's folder is the same browser's storage); else the board writes it in
        the kernel's working directory (the notebook's folder) and the browser gets its
        name only."""
        self._check_can_change(msg)
        g = self._game
        name = f"{g.name}-turn{g.turn}-step{len(g.history)}.json"
        text = json.dumps(_reseeded(g), indent=1)  # a GameError for a guessed copy
        if not self.hides_something() or kernel_in_browser():
            self.send({"type": "save", "filename": name, "text": text})
            self.error = ""
            self.notice = f"saved {name}"
            return
        folder = Path.cwd()
        try:
            path = _write_new(folder, name, text)
        except OSError as e:
            raise MessageError(msg.raw, f"cannot save {name} in {folder}: "
                                        f"{e.strerror or e}") from None
        self.error = ""
        self.notice = (f"saved {path.name} in the notebook's folder ({folder}), not as a "
                       "download: its steps name hidden cards of another player, which "
                       "this browser may not see")

    def _do_fork(self, msg: Message) -> None:
        """A what-if board, below this one, for this board's player: on a copy that holds
        no hidden card of another seat and not the real future (``_what_if``). Opened
        from a hot-seat board it is shown to the person who opened it only: covered with
        its parent, and revealed for that person alone."""
        h = self._what_if(msg["step"], msg)
        child = self._board_cls(h, player=self.player, opponents=self._agents,
                                pace=self.pace)
        if self._seats and self.player is not None:
            name = self.seat_names.get(str(self.player), f"player {self.player}")
            child._shown_to = self.player
            child.seat_names = {str(self.player): name}
        child.agents_running = self.agents_running
        self.forks = [*self.forks, child]
        self.error = ""
        at = "" if msg["step"] is None else f" from step {msg['step']}"
        self.notice = f"what-if board {len(self.forks)} opened below{at}"

    def _what_if(self, step: int | None, msg: Message | None = None) -> Game:
        """The game of a what-if board at ``step`` (None: now). When nothing in it is
        hidden from this board's player (``hides_something``), a copy with its history,
        no redo and a fresh seed (its future draws are not the real game's); else
        ``determinize(player)``: everything the player cannot see redrawn, a fresh seed,
        no history. A what-if of a past position has ``auto_roll`` off, so its chance
        nodes can be forced."""
        h = self._fork_at(step, msg)
        auto = h.auto_roll
        doc = None
        if not self.hides_something(h):
            with suppress(GameError):  # a guessed copy (a what-if's what-if): guess again
                doc = _reseeded(h)
        w = h.determinize(self.player, seed=fresh_seed()) if doc is None \
            else from_json(json.dumps(doc))
        w.auto_roll = auto
        return w

    def _do_scrub(self, msg: Message) -> None:
        step = msg["step"]
        if step is not None and step > len(self._game.history):
            raise MessageError(msg.raw, f"step {step} is beyond the game's "
                                           f"{len(self._game.history)} steps")
        self._scrub(step)
        self.error = ""

    def _do_frontend_error(self, msg: Message) -> None:
        self.frontend_errors.append(msg["message"])

    # ------------------------------------------------------------------ helpers
    def _fork_at(self, step: int | None, msg: Message | None = None) -> Game:
        """A fork of the game, taken back to ``step`` steps (None: as it is). A fork of
        a past position has ``auto_roll`` off, so its chance nodes can be forced."""
        h = self._game.fork()
        if step is None:
            return h
        if step > len(h.history):
            raise MessageError(msg.raw if msg else step,
                               f"step {step} is beyond the game's {len(h.history)} steps")
        h.auto_roll = False
        while len(h.history) > step:
            h.undo()
        return h

    def _scrub(self, step: int | None) -> None:
        if step is None:
            self.scrub_step = None
            self.scrub_view = {}
            self.scrub_log = []
            self.scrub_extra = {}
            return
        h = self._fork_at(step)
        log = h.log
        self.scrub_view = h.view(self.player)
        self.scrub_log = [self._public_log_line(x) for x in log[max(0, len(log) - 12):]]
        self.scrub_extra = self._extra(h, False)
        self.scrub_step = step

    def _replace_all(self, new: Game, shown: dict[str, Any]) -> None:
        """Move every board of this game to ``new`` (each checked first: nothing moves
        if one of them cannot play it)."""
        boards = [self, *self._siblings()]
        for b in boards:
            b._check_loadable(new, shown)
        for b in boards:
            b._replace(new)
        for b in boards[1:]:  # this board publishes when its message is done
            b._publish()

    def _replace(self, game: Game) -> None:
        from . import _forget, _remember

        self._cancel_agent()
        _forget(self)
        self._game.unobserve(self._on_game_change)
        self._game = game
        game.observe(self._on_game_change)
        self._since_mark = len(game.log)
        self._said = []
        _remember(self)
        self._drop_analysis()
        self.scrub_step = None
        if self._seats:
            self._cover(self._seat_to_reveal())

    # ------------------------------------------------------------------ hint and review
    def wait_analysis(self, timeout: float | None = None) -> bool:
        """Wait until the running hint and review are done (True), for at most
        ``timeout`` seconds each. For tests and scripts: in a kernel they report on the
        kernel's thread, which must be free to take their results."""
        jobs = [j for j in (self._hint_job, self._review_job) if j is not None]
        return all(j.wait(timeout) for j in jobs)

    def _do_hint(self, msg: Message) -> None:
        """The Hint button: rank the legal actions of this board's player, in a thread."""
        self._check_version(msg)
        self._check_can_change(msg)
        g = self._game
        if not self.legal:
            raise MessageError(msg.raw, "a hint is for your own decision: "
                                        f"{self._why_not('')[1]}")
        self._stop_job(self._hint_job)
        fork, cfg = g.fork(), dict(self.hint_settings)

        def work(progress: Callable[[float], None], stop: Callable[[], bool]) -> Any:
            from ..analysis import hint

            t0 = _clock()
            return hint(fork, cfg["policy"], playouts=cfg["playouts"], first=cfg["first"],
                        seconds=cfg["seconds"], stop=stop,
                        progress=lambda done, total: progress(max(
                            done / max(total, 1), (_clock() - t0) / cfg["seconds"])))

        self._hint_state = g.state
        self.hint = {"status": "running", "progress": 0.0, "version": self.version,
                     "measure": "", "candidates": [], "seconds": 0.0, "message": ""}
        self._hint_job = AnalysisJob("hint", work, self._on_analysis, _kernel_loop(),
                                     self._lock).start()
        self.error = ""

    def _do_hint_stop(self, msg: Message) -> None:
        """The Stop button: the running hint or review stops at its next game and shows
        what it found."""
        jobs = [j for j in (self._hint_job, self._review_job) if j is not None]
        if not jobs:
            raise MessageError(msg.raw, "no hint or review is running")
        for j in jobs:
            j.stop()
        self.error = ""

    def _do_hint_play(self, msg: Message) -> None:
        """A click on one of the hinted actions: played as the person's own intent, if
        it is one of the hint's list for this very position."""
        self._check_version(msg)
        action = msg["action"]
        listed = {c["action"] for c in self.hint.get("candidates", ())}
        if self._hint_state is not self._game.state or action not in listed:
            raise MessageError(msg.raw, f"{quote(action, 40)} is not one of the hinted "
                                        "actions of this position")
        self._do_intent(Message("intent", {"action": action, "version": msg["version"]}))

    def _do_review(self, msg: Message) -> None:
        """The Review button: every decision of this board's player so far, in a thread."""
        self._check_can_change(msg)
        g = self._game
        if not g.history:
            raise MessageError(msg.raw, "nothing to review yet: no step has been played")
        self._stop_job(self._review_job)
        fork, cfg, player = g.fork(), dict(self.hint_settings), self.player

        def work(progress: Callable[[float], None], stop: Callable[[], bool]) -> Any:
            from ..analysis import review

            return review(fork, player, cfg["policy"], playouts=cfg["playouts"],
                          first=cfg["first"], seconds=cfg["review_seconds"], stop=stop,
                          progress=lambda done, total: progress(done / max(total, 1)))

        hist = g.history
        self._review_mark = (len(hist), hist[-1])
        self.review = {"status": "running", "progress": 0.0, "player": player,
                       "measure": "", "thresholds": [], "decisions": [],
                       "steps": len(hist), "message": ""}
        self._review_job = AnalysisJob("review", work, self._on_analysis, _kernel_loop(),
                                       self._lock).start()
        self.error = ""

    def _on_analysis(self, job: AnalysisJob, kind: str, value: Any) -> None:
        """A job's report (on the kernel's thread, or under the lock): shown if the job
        is still this board's."""
        with self._lock:
            if job is self._hint_job or job is self._review_job:
                self._show_analysis(job, kind, value)

    def _show_analysis(self, job: AnalysisJob, kind: str, value: Any) -> None:
        name = job.kind
        now = dict(self.hint if name == "hint" else self.review)
        if kind == "progress":
            now["progress"] = value
        elif kind == "failed":
            now.update(status="failed", message=shorten(f"{type(value).__name__}: {value}"))
        else:  # "stopped": by the Stop button; a hint its time budget ended is done
            now.update(_analysis_result(value), status="stopped" if job.stopping else "done",
                       progress=1.0)
        if kind != "progress":
            if name == "hint":
                self._hint_job = None
            else:
                self._review_job = None
        if name == "hint":
            self.hint = now
        else:
            self.review = now

    def _stop_job(self, job: AnalysisJob | None) -> None:
        if job is not None:
            job.stop()

    def _drop_analysis(self) -> None:
        """Stop and forget the hint and the review (a new game, another seat)."""
        for job in (self._hint_job, self._review_job):
            self._stop_job(job)
        self._hint_job = self._review_job = None
        self._hint_state = self._review_mark = None
        self.hint, self.review = {}, {}

    def _drop_stale_analysis(self) -> None:
        """A hint is for the position it was asked in: gone (and stopped) if the game
        moved. A review stands while the history it reviewed does."""
        if self.hint and self._hint_state is not self._game.state:
            self._stop_job(self._hint_job)
            self._hint_job, self._hint_state = None, None
            self.hint = {}
        mark = self._review_mark
        if self.review and mark is not None:
            n, last = mark
            hist = self._game.history
            if len(hist) < n or hist[n - 1] is not last:
                self._stop_job(self._review_job)
                self._review_job, self._review_mark = None, None
                self.review = {}

    # ------------------------------------------------------------------ computer players
    def _agent_move(self) -> Any:
        g = self._game
        p = g.current_player
        if self._closed or p is None or p == CHANCE or p not in self._agents:
            return None
        agent = self._agents[p]
        try:
            action = agent.choose(g.fork())
            self.error = ""
            who = self.seat_names.get(str(p)) or self._seat_label(p)
            who = f"{who[:1].upper()}{who[1:]}, the computer"
            if self.pause_battles and self._hold(p, who, action):
                return None
            self.notice = f"{who}, plays {action}"  # (what the boards publish during it)
            mark = len(g.log)
            self._say_if_silent(p, who, action)
            g.apply(action)  # every board of the game republishes (Game.observe)
            self.notice = self._account(who, action, g.log[mark:])
        except Exception as e:  # third-party agent code: show it, stop the agents
            self.agents_running = False
            self.notice = ""
            self.error = f"computer player {p} ({agent!r}) failed: {type(e).__name__}: {e}"
            self._publish()
            return None
        self.refresh()
        return action

    def _agent_due(self) -> bool:
        g = self._game
        p = g.current_player
        return (not self._closed and self.agents_running and p is not None and p != CHANCE
                and p in self._agents and self._moves_agents() and not self.held)

    def _hold(self, p: int, who: str, action: Any) -> bool:
        """If ``action`` (the computer's, chosen) would resolve a battle, hold it in
        ``held`` with the battle's exact odds, and say so (True); else False."""
        g = self._game
        after = g.fork()
        after.auto_roll = False
        try:
            after.apply(action)
        except GameError:
            return False
        ahead = self._battle_ahead(g, after)
        if ahead is None:
            return False
        self._held = (g.state, action)
        self.held = {"player": p, "who": who, "action": str(action), **ahead}
        self.notice = f"{who} is about to play {action}: {ahead['title']}"
        self._publish()
        return True

    def _battle_ahead(self, game: Game, after: Game) -> dict[str, Any] | None:
        """When a computer's action takes ``game`` to ``after`` (a fork, auto_roll off:
        stopped at the first chance node): the battle it resolves, ``{"title": what is
        fought, "odds": dist_rows of its exact odds}``, or None. Games with battles
        override it."""
        return None

    def _drop_stale_hold(self) -> None:
        """A held action is for the position it was chosen in: gone if the game moved."""
        if self.held and (self._held is None or self._held[0] is not self._game.state):
            self.held = {}
            self._held = None

    def _do_pause_battles(self, msg: Message) -> None:
        self._check_can_change(msg)
        self.pause_battles = msg["value"]
        if not msg["value"] and self.held:
            self._do_resume(Message("resume", {"version": self.version}))
            return
        self.error = ""

    def _do_resume(self, msg: Message) -> None:
        """Continue: the held computer action is played now."""
        self._check_version(msg)
        self._check_can_change(msg)
        self._drop_stale_hold()
        if not self.held or self._held is None:
            raise MessageError(msg.raw, "nothing is held: no computer action is waiting and "
                                        "no battle is paused")
        who, action = self.held["who"], self._held[1]
        self.held, self._held = {}, None
        g = self._game
        mark = len(g.log)
        if action is None:  # the person's own move, held at a battle: roll it out
            g.auto_roll = True
            self.error = ""
            self.notice = self._account("The battle", "", g.log[mark:][-2:])
            self.refresh()
            return
        self._say_if_silent(self._game.current_player, who, action)
        g.apply(action)
        self.error = ""
        self.notice = self._account(who, action, g.log[mark:])
        self.refresh()

    def _say_if_silent(self, p: int, who: str, action: Any) -> None:
        """Before the computer player ``p`` plays ``action``: if the action itself logs
        nothing (Blast's 'done', Space Base's 'build <card>'), every board of the game
        keeps its sentence for the 'since your last move' account, at the log's position
        and history step it is played at."""
        g = self._game
        after = g.fork()
        after.auto_roll = False
        after.apply(action)
        if len(after.log) > len(g.log):
            return
        said = Said(len(g.log), len(g.history), p, str(action), self._account(who, action, []))
        for b in boards_of(g):
            b._said.append(said)

    def _moves_agents(self) -> bool:
        """Whether this board moves the table's computer players: the oldest board of
        the game does (so they move once, at its pace)."""
        first = next(iter(boards_of(self._game)), self)
        return first is self

    def _schedule_agent(self) -> None:
        if self._agent_handle is not None or not self._agent_due():
            self.thinking = self._agent_handle is not None
            return
        loop = _kernel_loop()
        if loop is not None:
            self._agent_handle = loop.call_later(self.pace, self._agent_fire)
        else:
            timer = threading.Timer(self.pace, self._agent_fire)
            timer.daemon = True
            self._agent_handle = timer
            timer.start()
        self.thinking = True

    def _agent_fire(self) -> None:
        with self._lock, self.hold_sync():
            self._agent_handle = None
            self.thinking = False
            if self._agent_due():
                self._agent_move()

    def _cancel_agent(self) -> None:
        h = self._agent_handle
        self._agent_handle = None
        if h is not None:
            h.cancel()
        self.thinking = False

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus a static HTML picture of the position (the game's own
        renderer, if it has one) for places that cannot run widgets: GitHub, nbviewer,
        a notebook exported without its widget state."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # pragma: no cover - anywidget always returns one
            return None
        data, metadata = bundle
        try:
            html = self._game.html(self.player)
        except ImportError:  # a game without a static renderer
            return bundle
        return {**data, "text/html": html}, metadata

    def __repr__(self) -> str:
        return (f"<{self._board_cls.__name__} {self._game.name} player={self.player} "
                f"version={self.version} {self._game!r}>")


def _analysis_result(value: Any) -> dict[str, Any]:
    """The fields of a finished hint or review, as the browser draws them."""
    from ..analysis import Hint

    if isinstance(value, Hint):
        message = "" if value.candidates else "stopped before any game finished"
        if value.stopped and value.candidates:
            message = f"after {value.seconds:.1f} s (the time budget)"
        return {"measure": value.measure, "candidates": hint_rows(value),
                "seconds": round(value.seconds, 2), "message": message}
    return {"measure": value.measure, "thresholds": list(value.thresholds),
            "decisions": review_rows(value)}


def kernel_in_browser() -> bool:
    """Whether this Python runs inside the browser tab (Pyodide, as on the JupyterLite
    site): there a save's file is in the browser whichever way it is written."""
    return sys.platform == "emscripten"


def _reseeded(game: Game) -> dict[str, Any]:
    """``game``'s save with a fresh seed: the same steps (chance outcomes included), so
    the same position, and a future nobody can read from it. A ``GameError`` for a
    ``determinize`` copy, which has no past to save."""
    doc = json.loads(game.to_json())
    doc["seed"] = fresh_seed()
    return doc


def _write_new(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` in a new file of ``folder`` named ``name`` (``-2``, ``-3`` ...
    before the suffix if taken): never overwrites a file."""
    stem, suffix = name.rsplit(".", 1)
    for n in range(1, 1000):
        path = folder / (name if n == 1 else f"{stem}-{n}.{suffix}")
        try:
            with path.open("x", encoding="utf-8") as f:
                f.write(text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(0, "too many saves of this name", str(folder / name))


def _check_hint_settings(seconds: Any, policy: Any, review_seconds: Any) -> dict[str, Any]:
    """``configure``'s hint arguments, checked: {setting: value} for those given."""
    out: dict[str, Any] = {}
    for key, name, value in (("seconds", "hint_seconds", seconds),
                             ("review_seconds", "review_seconds", review_seconds)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not 0 < value <= 600:
            raise ValueError(f"{name} must be a number of seconds in (0, 600], "
                             f"not {quote(value)}")
        out[key] = float(value)
    if policy is not None:
        out["policy"] = check_agent(policy)
    return out


def _check_seats(game: Game, seats: Iterable[int] | None) -> tuple[int, ...]:
    """A hot-seat board's seats: two or more different players of ``game``."""
    if seats is None:
        return ()
    if isinstance(seats, (str, bytes, Mapping)) or not isinstance(seats, Iterable):
        raise TypeError(f"seats must be a list of players, not {quote(seats)}")
    out = tuple(seats)
    for p in out:
        _check_player(game, p)
        if p is None:
            raise ValueError("seats: a seat is a player, not None")
    if len(out) < 2 or len(set(out)) != len(out):
        raise ValueError(f"seats must be two or more different players, not {quote(out)}")
    return out


def _check_names(seats: tuple[int, ...], names: Iterable[str] | Mapping[int, str] | None,
                 default: Callable[[int], str]) -> dict[str, str]:
    """``{str(seat): name}`` for a hot-seat board (``names``: one per seat, in order, or
    a mapping ``{seat: name}``; a seat without a name gets ``default(seat)``)."""
    if names is not None and not seats:
        raise ValueError("names are for a hot-seat board (seats=[...])")
    given: dict[int, str] = {}
    if isinstance(names, Mapping):
        given = dict(names)
    elif names is not None:
        listed = list(names)
        if len(listed) != len(seats):
            raise ValueError(f"names: one per seat ({len(seats)}), not {len(listed)}")
        given = dict(zip(seats, listed, strict=True))
    for p, name in given.items():
        if p not in seats or not isinstance(name, str) or not 0 < len(name) <= 40:
            raise ValueError(f"names: a name (1-40 characters) per seat, not "
                             f"{quote(p)}: {quote(name)}")
    return {str(p): given.get(p, default(p)) for p in seats}


def _names_of(seat_names: Mapping[str, str]) -> dict[int, str]:
    return {int(p): name for p, name in seat_names.items()}


def _check_player(game: Game, player: object) -> None:
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)
                               or not 0 <= player < game.players):
        raise ValueError(f"player must be None (a spectator) or 0..{game.players - 1}, "
                         f"not {quote(player)}")


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of the IPython kernel we are in (computer moves are
    scheduled on it, so they run on the kernel's thread between cells), else None.
    Any other running loop (e.g. a test tool's) is not used: nothing may drive it."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    ip = get_ipython()
    if ip is None or getattr(ip, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _refresh_all(*_args: Any) -> None:
    for b in live_boards():
        try:
            b.refresh()
        except ValueError as e:  # a game left in a state its view cannot show
            b.error = str(e)


def _install_refresh_hook() -> None:
    """After every cell, republish the boards whose game the cell changed."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return
    ip = get_ipython()
    if ip is None or id(ip) in _HOOKED:
        return
    ip.events.register("post_run_cell", _refresh_all)
    _HOOKED.add(id(ip))
