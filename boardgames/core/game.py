"""The Game base class: the one protocol all four games share.

A game is a sequence of *steps*: a player's action, or the outcome of a chance node.
The base class owns everything that does not depend on the rules: legality checks
and errors, chance nodes and auto-rolling, undo/redo, fork, the log, history, views,
JSON save/load and replay. A game subclass supplies a mutable state object and the
transition functions (the hooks named ``_new_state``, ``_to_move``, ``_legal``,
``_act``, ``_chance``, ``_resolve``, ``_view`` and friends below).

States are copy-on-write: a step copies the current state, changes the copy, and on
success pushes an undo record. A state that has been current is never changed again, so
fork shares the stacks' states, and a failing step (an illegal action, a bug) leaves the
game exactly as it was. The undo stack keeps the state before every ``CHECKPOINT``-th
step; a state between two checkpoints is made again when needed (undo,
``state_before``) by replaying the steps since the last one: a long game does not keep
thousands of states alive (the garbage collector went through them at every
collection: a sixth of a compiled Blast playout's time).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import warnings
import weakref
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final, NamedTuple, Self

from .action import Action as BaseAction
from .compiled import attributes, mypyc_attr
from .dist import Dist
from .errors import GameError, IllegalActionError, InvalidActionError, InvalidSaveError
from .limits import MAX_DEPTH, MAX_STEPS, nested_deeper_than, quote, shorten_error
from .options import options_from_dict
from .ordering import in_notation_order
from .rng import MAX_SEED, draw_index, fresh_seed
from .state import State

__all__ = ["CHANCE", "CHECKPOINT", "Game", "State", "Step"]

CHANCE: Final = -1
"""The pseudo-player who moves at chance nodes (as in OpenSpiel)."""

CHECKPOINT: Final = 16
"""The undo stack keeps the state before step ``i`` when ``i % CHECKPOINT == 0``."""


class Step(NamedTuple):
    """One step of a game: who made it (a player index or ``CHANCE``), the action or
    chance outcome, and its text."""

    player: int
    value: Any
    text: str


@mypyc_attr(serializable=True)
class Record:
    """An undo record: what taking a step back needs: the log's length before the step
    and, at a checkpoint (``CHECKPOINT``), the state before it (else None: the state is
    replayed from the last checkpoint)."""

    __slots__ = ("log_length", "state")

    def __init__(self, state: Any, log_length: int) -> None:
        self.state = state
        self.log_length = log_length

    def restore(self, game: Game, index: int) -> None:
        """Put ``game`` back as it was before history step ``index``, the step of this
        record (its history and stacks are the caller's)."""
        game._s = game.state_before(index)
        del game._log[self.log_length:]


class _Change:
    """``with _Change(game):`` around a change made through a public method. The game's
    observers are told once the change is complete: once, by the outermost of nested
    changes (a step made of other steps, a ``batch``), and only if it succeeded (a
    refused change changed nothing) -- unless ``always`` (a batch: what was done before
    an error in the block is told too)."""

    __slots__ = ("always", "game", "outer")

    def __init__(self, game: Game, always: bool = False) -> None:
        self.game = game
        self.always = always
        self.outer = False

    def __enter__(self) -> Game:
        self.outer = not self.game._quiet
        self.game._quiet = True
        return self.game

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if self.outer:
            self.game._quiet = False
            if kind is None or self.always:
                self.game._announce()


def _is_one_of(x: object, actions: Sequence[BaseAction]) -> bool:
    """Whether ``x`` is (by identity: no ``__eq__`` runs) one of ``actions``."""
    return any(a is x for a in actions)


def _weak(callback: Callable[[Any], object]) -> weakref.ref[Any]:
    """A weak reference to ``callback`` (a bound method: to its object and function)."""
    try:
        if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
            return weakref.WeakMethod(callback)
        return weakref.ref(callback)
    except TypeError:
        raise TypeError(f"an observer must be weakly referenceable (a function or a "
                        f"method), not {quote(callback)}") from None


_DEFAULT_RULES: Final[dict[type, Any]] = {}


def _default_rules(cls: type) -> Any:
    """``cls()``: made once per class when it is a frozen dataclass (then it cannot change,
    and every game made without ``rules=`` shares it)."""
    rules = _DEFAULT_RULES.get(cls)
    if rules is None:
        rules = cls()
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            _DEFAULT_RULES[cls] = rules
    return rules


def _game_over(action: Any) -> IllegalActionError:
    return IllegalActionError(action, "the game is over", "end of the game")


def _freeze(value: Any) -> Any:
    """JSON lists back to tuples (chance outcomes are hashable values). A value nested
    more than ``MAX_DEPTH`` lists or tuples deep is no outcome of any game: refused with
    an ``InvalidActionError`` before anything recurses through it."""
    if isinstance(value, list | tuple) and nested_deeper_than(value, MAX_DEPTH):
        raise InvalidActionError(value, f"nested more than {MAX_DEPTH} lists deep")
    return _thaw_lists(value)


def _thaw_lists(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_thaw_lists(v) for v in value)
    return value


def _same(outcome: Any, x: Any) -> bool:
    """Whether ``x`` is ``outcome`` itself: equal, and of the same type all the way down
    (no bool or float where the outcome holds an int: ``(True, 1.0)`` is not ``(1, 1)``).
    ``x`` nests at most ``MAX_DEPTH`` deep (``_freeze``)."""
    if type(outcome) is not type(x):
        return False
    if isinstance(outcome, tuple):
        return len(outcome) == len(x) and all(
            _same(o, v) for o, v in zip(outcome, x, strict=True))
    return bool(outcome == x)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """Base class of every game. See ``DESIGN.md`` for the protocol.

    Compiled by mypyc (``tools/build_fast.py``) it is a native class that interpreted
    classes may still derive from (a game's own subclass overriding a hook, in a test or
    a notebook): its attributes are then fixed, so copies go through ``__getstate__``.
    """

    name: ClassVar[str] = ""
    version: ClassVar[int] = 1
    Action: ClassVar[type[BaseAction]] = BaseAction
    Rules: ClassVar[type] = type(None)
    hidden_hands: ClassVar[bool] = False
    """Whether the rules hide players' cards from each other (hands: ``view`` shows a
    player's own only, and ``determinize`` redraws the others'). A board then never
    sends a browser a save or a what-if holding another player's cards."""
    # ``history``'s cache: the Steps last built, of which the first ``_hvalid`` are still
    # those of ``_hist`` (a watermark: ``_pop`` lowers it; instance attributes once built,
    # these class defaults mean "nothing built").
    _hsteps: tuple[Step, ...] = ()
    _hvalid: int = 0
    # The observers (``observe``): weak references, an instance list once one is added;
    # ``_quiet`` is true while a change is being made (``_Change``).
    _observers: list[weakref.ref[Any]] | tuple[()] = ()
    _quiet: bool = False

    _determinized: bool = False

    def __init__(
        self,
        *,
        seed: Any = None,
        rules: Any = None,
        auto_roll: bool = True,
        **options: Any,
    ) -> None:
        if rules is None:
            rules = _default_rules(self.Rules)
        if not isinstance(rules, self.Rules):
            raise TypeError(
                f"rules must be a {self.Rules.__module__}.{self.Rules.__qualname__}, "
                f"not {type(rules).__name__}"
            )
        if seed is None:
            seed = fresh_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be an int in [0, 2**64), not {quote(seed)}")
        if not isinstance(auto_roll, bool):
            raise TypeError(f"auto_roll must be a bool, not {quote(auto_roll)}")
        self.rules: Any = rules
        self.seed = seed
        self._auto = auto_roll
        self._set_up(options)
        # One Record per step of the history: what undo needs to take it back.
        self._undo: list[Record] = []
        # Steps as plain (player, value, text) tuples; ``history`` makes them Steps. The
        # list only grows and shrinks at its end; ``_pop`` is the one place it shrinks
        # (and lowers ``history``'s watermark).
        self._hist: list[tuple[int, Any, str]] = []
        self._redo: list[tuple[int, Any, str]] = []
        self._legal_cache: tuple[BaseAction, ...] | None = None
        self._settle()

    def _set_up(self, options: dict[str, Any]) -> None:
        """The game's options checked and its starting position made. A game's own
        ``ValueError`` / ``TypeError`` about them (a scenario, a player count, from a
        saved file too) is raised with its message shortened (``limits.shorten``).
        Options nested more than ``MAX_DEPTH`` containers deep are refused first, before
        a game's checks recurse through them."""
        if nested_deeper_than(options, MAX_DEPTH):
            raise ValueError(f"options nest more than {MAX_DEPTH} lists or dicts deep")
        try:
            self._options: dict[str, Any] = self._check_options(dict(options))
            self._log: list[str] = []  # _new_state may log the automatic steps of set-up
            self._s: Any = self._new_state()
        except (TypeError, ValueError) as e:
            raise shorten_error(e)  # noqa: B904 - the same error, its message shortened

    # ================================================================ hooks for games
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate game-specific constructor keywords (variant, players, scenario ...);
        return the JSON-safe dict saved with the game."""
        if options:
            raise TypeError(f"unexpected keyword(s) {quote(sorted(options))} for "
                            f"{type(self).__name__}")
        return {}

    def _new_state(self) -> Any:
        """The starting position. It may append log lines to ``self._log``."""
        raise NotImplementedError

    def _to_move(self, s: Any) -> int | None:
        """The player to move, ``CHANCE`` at a chance node, None when the game is over."""
        raise NotImplementedError

    def _legal(self, s: Any) -> Sequence[BaseAction]:
        """The legal actions in ``s``, in any order, repeats allowed: ``legal_actions()``
        puts them in notation order, unless they come already in it
        (``core.ordering.kept_in_order``: a choice a game keeps)."""
        raise NotImplementedError

    def _act(self, s: Any, action: BaseAction, log: list[str]) -> None:
        """Apply a legal action to ``s`` (a private copy), appending log events."""
        raise NotImplementedError

    def _chance(self, s: Any) -> tuple[Sequence[Any], Sequence[int]]:
        """At a chance node: the outcomes and their integer weights."""
        raise NotImplementedError

    def _resolve(self, s: Any, outcome: Any, log: list[str]) -> None:
        """Apply a chance outcome to ``s`` (a private copy)."""
        raise NotImplementedError

    def _view(self, s: Any, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _scores(self, s: Any) -> tuple[float, ...]:
        raise NotImplementedError

    def _winner(self, s: Any) -> int | None:
        sc = self._scores(s)
        best = max(sc)
        tops = [i for i, v in enumerate(sc) if v == best]
        return tops[0] if len(tops) == 1 else None

    def _why_illegal(self, s: Any, action: BaseAction) -> tuple[str, str]:
        """(rule, reason) for an action that is not legal now. Games refine it."""
        return ("legal actions", f"not a legal action in the {self._s.phase} phase")

    def _outcome_text(self, outcome: Any) -> str:
        return str(outcome)

    def _determinize(self, s: Any, player: int | None, rng: random.Random) -> Any:
        """A copy of state ``s`` with what ``player`` cannot see redrawn at random from
        ``rng``, consistently with what the player sees. States never hold a deck's order
        (decks are multisets), so only games with hidden hands override this."""
        return s.copy()

    @property
    def players(self) -> int:
        return int(self._options.get("players", 1))

    # ================================================================ the protocol
    @property
    def turn(self) -> int:
        return self._s.turn

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def current_player(self) -> int | None:
        return self._to_move(self._s)

    @property
    def is_over(self) -> bool:
        return self._to_move(self._s) is None

    @property
    def scores(self) -> tuple[float, ...]:
        return self._scores(self._s)

    @property
    def winner(self) -> int | None:
        return self._winner(self._s) if self.is_over else None

    @property
    def auto_roll(self) -> bool:
        return self._auto

    @auto_roll.setter
    def auto_roll(self, value: bool) -> None:
        if not isinstance(value, bool):
            raise TypeError(f"auto_roll must be a bool, not {quote(value)}")
        self._auto = value
        n = len(self._hist)
        self._settle()
        if len(self._hist) != n:  # it rolled: what was taken back is no longer next
            self._redo.clear()
        self._announce()

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def legal_actions(self) -> tuple[BaseAction, ...]:
        """The legal actions of the player to move, sorted and unique (empty at chance
        nodes and when the game is over)."""
        cached = self._legal_cache
        if cached is None:
            if self._to_move(self._s) in (None, CHANCE):
                cached = ()
            else:
                cached = in_notation_order(self._legal(self._s))
            self._legal_cache = cached
        return cached

    def parse(self, text: str) -> BaseAction:
        """The action for a notation string (``InvalidActionError`` if malformed)."""
        if not isinstance(text, str):
            raise InvalidActionError(text, "an action is an Action or its notation string")
        return self.Action.parse(text)

    def is_legal(self, action: object) -> tuple[bool, str]:
        """(True, "") if ``action`` may be applied now (at a chance node: if it is one of
        the outcomes), else (False, the reason)."""
        try:
            if self._to_move(self._s) == CHANCE:
                self._as_outcome(action)
            else:
                self._legal_action(action)
        except GameError as e:
            return False, str(e)
        return True, ""

    def _legal_action(self, action: object) -> BaseAction:
        p = self._to_move(self._s)
        if p is None:
            raise _game_over(action)
        if p == CHANCE:
            raise IllegalActionError(
                action, "a chance node is pending: apply one of chance_outcomes() or roll()",
                "chance nodes",
            )
        a = self.parse(action) if isinstance(action, str) else action
        if not isinstance(a, self.Action):
            raise InvalidActionError(action, f"not an action of {self.name}")
        if a not in self.legal_actions():
            rule, reason = self._why_illegal(self._s, a)
            raise IllegalActionError(a, reason, rule)
        return a

    def apply(self, x: Any) -> Self:
        """Apply an action (or its notation) or, at a chance node, force an outcome.
        Raises a ``GameError`` (a ``ValueError``) and changes nothing when refused."""
        with _Change(self):
            self._apply(x)
        return self

    def _apply(self, x: Any) -> None:
        p = self._to_move(self._s)
        if p is None:
            raise _game_over(x)
        if p == CHANCE:
            self._step(CHANCE, self._as_outcome(x))
        else:
            # The very object of one of legal_actions() needs no further check.
            if not _is_one_of(x, self.legal_actions()):
                x = self._legal_action(x)
            self._step(p, x)
        self._redo.clear()
        self._settle()

    def chance_outcomes(self) -> Dist:
        """At a chance node: the exact distribution of its outcomes."""
        if self._to_move(self._s) != CHANCE:
            raise GameError("not at a chance node")
        outcomes, weights = self._chance(self._s)
        return Dist.from_weights(zip(outcomes, weights, strict=True))

    def outcome_text(self, outcome: Any) -> str:
        """The text of a chance outcome of the current chance node, as in ``history``;
        ``apply`` accepts it in place of the outcome."""
        if self._to_move(self._s) != CHANCE:
            raise GameError("not at a chance node")
        return self._outcome_text(self._as_outcome(outcome))

    def expected(self, fn: Callable[[Game], Any]) -> Fraction:
        """The exact expected value of ``fn(next position)`` over this chance node's
        outcomes: each outcome is applied to a fork (``auto_roll`` off, so the fork stops
        at the next chance node, if any) and ``fn``'s value is weighed by the outcome's
        exact probability. ``fn`` returns a number, or a bool (the result is then the
        probability of the event). This game is not changed. Not at a chance node: a
        ``GameError`` (a ``ValueError``). ``boardgames.odds.expect`` goes on through the
        chance nodes that follow."""
        if self._to_move(self._s) != CHANCE:
            who = ("the game is over" if self.is_over
                   else f"player {self.current_player} is to move")
            raise GameError(f"expected() needs a chance node, but {who}")
        total = Fraction(0)
        for outcome, p in self.chance_outcomes().items():
            g = self.fork()
            g._auto = False
            g.apply(outcome)
            value = fn(g)
            if not isinstance(value, (int, Fraction, float)):  # bool is an int
                raise GameError(f"fn must return a number or a bool, not {quote(value)} "
                                f"(after outcome {quote(self._outcome_text(outcome))})")
            total += p * Fraction(value)
        return total

    def roll(self) -> Any:
        """At a chance node: draw the outcome from the game's own seeded RNG, apply it,
        and return it."""
        if self._to_move(self._s) != CHANCE:
            raise GameError("not at a chance node")
        with _Change(self):
            outcome = self._roll_once()
            self._redo.clear()
            self._settle()
        return outcome

    def _roll_once(self) -> Any:
        outcomes, weights = self._chance(self._s)
        outcome = outcomes[draw_index(self.seed, len(self._hist), weights)]
        self._step(CHANCE, outcome)
        return outcome

    def _as_outcome(self, x: Any) -> Any:
        outcomes, _ = self._chance(self._s)
        x = _freeze(x)
        try:
            if x in outcomes:
                for o in outcomes:  # the outcome itself: not 3.0 or True for 3 or 1
                    if _same(o, x):
                        return o
        except TypeError:
            pass
        if isinstance(x, str):
            for o in outcomes:
                if self._outcome_text(o) == x or str(o) == x:
                    return o
        shown = ", ".join(self._outcome_text(o) for o in outcomes[:12])
        raise IllegalActionError(
            x, f"not an outcome of this chance node (outcomes: {shown})", "chance nodes"
        )

    def _settle(self) -> None:
        """With auto_roll: roll chance nodes until a decision or the end."""
        while self._auto and self._to_move(self._s) == CHANCE:
            if len(self._hist) >= MAX_STEPS:  # stop there: the next step is refused
                return
            self._roll_once()

    def _step(self, player: int, value: Any) -> None:
        if len(self._hist) >= MAX_STEPS:
            raise GameError(f"step limit reached: a game takes at most {MAX_STEPS} steps "
                            "(limits.MAX_STEPS)")
        log = self._log
        mark = len(log)
        try:
            text = self._outcome_text(value) if player == CHANCE else str(value)
            new = self._next_state(self._s, player, value, log)
        except BaseException:
            del log[mark:]
            raise
        at_checkpoint = len(self._hist) % CHECKPOINT == 0
        self._undo.append(Record(self._s if at_checkpoint else None, mark))
        self._s = new
        self._hist.append((player, value, text))
        self._legal_cache = None

    def _next_state(self, s: State, player: int, value: Any, log: list[str]) -> State:
        """The state after one step (an action of ``player`` or a chance outcome) from
        state ``s``, which is not changed: a copy, changed by the game's rules."""
        new = s.copy()
        if player == CHANCE:
            self._resolve(new, value, log)
        else:
            self._act(new, value, log)
        return new

    # ---------------------------------------------------------------- undo / redo
    def state_before(self, index: int) -> Any:
        """The state before history step ``index`` (``step_count``: the current state),
        read-only like ``state``: e.g. who was to move when a card was drawn. Between
        checkpoints it is replayed from the last one (at most ``CHECKPOINT - 1`` steps)."""
        if (not isinstance(index, int) or isinstance(index, bool)
                or not 0 <= index <= len(self._hist)):
            raise GameError(f"step index must be an int in 0..{len(self._hist)}, "
                            f"not {quote(index)}")
        if index == len(self._hist):
            return self._s
        checkpoint = index - index % CHECKPOINT
        s = self._undo[checkpoint].state
        for player, value, _ in self._hist[checkpoint:index]:
            s = self._next_state(s, player, value, [])
        return s

    @property
    def can_undo(self) -> bool:
        if not self._auto:
            return bool(self._hist)
        return any(player != CHANCE for player, _, _ in self._hist)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Self:
        """Take back the last step. With ``auto_roll`` the chance steps rolled after the
        last player action are taken back with it, back to that player's decision."""
        if not self.can_undo:
            raise GameError("nothing to undo")
        with _Change(self):
            self._pop(self._steps_to_undo())
        return self

    def _steps_to_undo(self) -> int:
        """How many steps an undo takes back: the last one, or with ``auto_roll`` the last
        player action and the chance steps rolled after it."""
        n = 1
        if self._auto:
            while self._hist[-n][0] == CHANCE:
                n += 1
        return n

    def _pop(self, n: int) -> None:
        """Take back the last ``n`` steps onto the redo stack (the state is restored
        once, from the record of the first of them)."""
        index = len(self._hist) - n
        self._undo[index].restore(self, index)
        taken = self._hist[index:]
        del self._undo[index:], self._hist[index:]
        self._redo.extend(reversed(taken))
        self._hvalid = min(self._hvalid, index)
        self._legal_cache = None

    def redo(self) -> Self:
        """Re-apply the last step taken back (with ``auto_roll``, with its chance steps)."""
        if not self._redo:
            raise GameError("nothing to redo")
        with _Change(self):
            self._redo_step()
        return self

    def _redo_step(self) -> None:
        player, value, _ = self._redo.pop()
        self._step(player, value)
        if self._auto:
            while self._redo and self._redo[-1][0] == CHANCE:
                player, value, _ = self._redo.pop()
                self._step(player, value)
            if not self._redo:
                self._settle()

    # ---------------------------------------------------------------- for agents
    def determinize(self, player: int | None, seed: int | None = None) -> Self:
        """The game as ``player`` could believe it to be: a copy in which everything the
        player cannot see (other players' hands) is redrawn at random (from ``seed``)
        consistently with ``view(player)``. Computer players search such copies, so they
        never read a secret.

        The copy has no past (empty history, log and undo stack: the real ones name
        hidden draws), a new seed derived from ``seed`` (its future draws are not the
        real game's) and ``auto_roll`` off. It is for search and what-ifs; it cannot be
        saved (``to_json`` refuses it)."""
        rng = random.Random(fresh_seed() if seed is None else seed)
        g = self._twin()
        g._s = self._determinize(self._s, player, rng)
        g.seed = rng.getrandbits(63)
        g._auto = False
        g._undo = []
        g._hist = []
        g._redo = []
        g._log = []
        g._hsteps, g._hvalid = (), 0
        g._legal_cache = None
        g._determinized = True
        return g

    def sample_chance(self, rng: random.Random) -> Any:
        """At a chance node: draw an outcome with ``rng`` (not the game's own seed) from
        the exact weights, apply it and return it; with ``auto_roll`` the chance nodes
        that follow are rolled as usual. For search, whose samples must not be the game's
        own future. Not at a chance node: a ``GameError``."""
        if self._to_move(self._s) != CHANCE:
            raise GameError("not at a chance node")
        outcomes, weights = self._chance(self._s)
        outcome = outcomes[0] if len(outcomes) == 1 else rng.choices(outcomes, weights)[0]
        with _Change(self):
            self._step(CHANCE, outcome)
            self._redo.clear()
            self._settle()
        return outcome

    def child(self, action: object, *, roll: bool = False) -> Self:
        """The position one action ahead, as a new game (this one is not changed):
        ``fork()`` with ``action`` applied, checked like ``apply``. The child stops at the
        next chance node (its ``auto_roll`` is off) unless ``roll`` is true, so valuing
        an action one step ahead samples nothing; ``sample_chance`` goes on from there."""
        g = self.fork()
        g._auto = roll
        g.apply(action)
        return g

    # ---------------------------------------------------------------- observers
    def observe(self, callback: Callable[[Game], object]) -> None:
        """Call ``callback(game)`` after every change made through this game's methods
        (``apply``, ``roll``, ``undo``, ``redo``, ``sample_chance``, setting
        ``auto_roll``): once per call, when the change is complete. The boards of a game
        follow it this way, whoever changes it. The callback is held weakly: a bound
        method does not keep its object alive (a closed board is not kept by its game),
        so keep your own reference to a plain function. Observers are not copied by
        ``fork``, ``child`` or ``determinize``, nor saved by ``to_json`` or pickle. An
        exception raised by a callback is reported as a ``RuntimeWarning``, never
        raised: the change has been made."""
        if not callable(callback):
            raise TypeError(f"an observer must be callable, not {quote(callback)}")
        ref = _weak(callback)
        if callback in self.observers:
            return
        if not isinstance(self._observers, list):
            self._observers = []
        self._observers.append(ref)

    def unobserve(self, callback: Callable[[Game], object]) -> None:
        """Stop calling ``callback`` (nothing happens if it was not an observer)."""
        if isinstance(self._observers, list):
            self._observers[:] = [r for r in self._observers
                                  if (cb := r()) is not None and cb != callback]

    @property
    def observers(self) -> tuple[Callable[[Game], object], ...]:
        """The live observers, oldest first."""
        return tuple(cb for r in self._observers if (cb := r()) is not None)

    def batch(self) -> _Change:
        """``with game.batch(): ...``: the changes made in the block are announced to the
        observers once, at its end (e.g. an undo back over the computer's moves)."""
        return _Change(self, always=True)

    def _announce(self) -> None:
        """Call every live observer with this game (not while a change is still being
        made); forget the dead ones."""
        refs = self._observers
        if not refs or self._quiet:
            return
        for ref in list(refs):
            callback = ref()
            if callback is None:
                refs.remove(ref)
                continue
            try:
                callback(self)
            except Exception as e:  # the change is made: report, never undo or raise
                warnings.warn(f"observer {callback!r} of {self!r} failed: "
                              f"{type(e).__name__}: {e}", RuntimeWarning, stacklevel=3)

    # ---------------------------------------------------------------- copies
    def fork(self) -> Self:
        """An independent copy (a what-if branch), with its own undo/redo stacks."""
        g = self._twin()
        g._undo = self._undo.copy()
        g._hist = self._hist.copy()
        g._redo = self._redo.copy()
        g._log = self._log.copy()
        return g

    def _twin(self) -> Self:
        """A new game object with this one's attributes (the same objects: the caller
        copies what it changes), without observers or ``history``'s cache."""
        g = type(self).__new__(type(self))
        g.__setstate__(self.__getstate__())
        return g

    def __copy__(self) -> Self:
        return self.fork()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.seed == other.seed
            and self._options == other._options
            and [s[:2] for s in self._hist] == [s[:2] for s in other._hist]
            and self._s == other._s
            and self._log == other._log
        )

    def __hash__(self) -> int:  # a game changes: like a list, it is not hashable
        raise TypeError(f"unhashable type: {type(self).__name__!r}")

    # ---------------------------------------------------------------- records
    @property
    def step_count(self) -> int:
        """How many steps so far (actions and chance outcomes): ``len(history)``, without
        building the history's ``Step`` records (a playout loop counting its steps)."""
        return len(self._hist)

    @property
    def history(self) -> tuple[Step, ...]:
        """Every step so far, oldest first. Built once and then kept up to date: the
        first ``_hvalid`` Steps built are still this game's (only ``_pop`` takes a step
        back, and it lowers that watermark), the rest are made again, so a call costs at
        most the steps that changed (readers such as the conformance suite and the boards
        call it at every position of long games)."""
        hist = self._hist
        valid = self._hvalid
        steps = self._hsteps
        if valid == len(hist) == len(steps):
            return steps
        steps = steps[:valid] + tuple(map(Step._make, hist[valid:]))
        self._hsteps, self._hvalid = steps, len(hist)
        return steps

    def __getstate__(self) -> dict[str, Any]:
        """The game's attributes by name, for pickle and copies: without ``history``'s
        cache (it is rebuilt on demand) and without its observers (a copy has none)."""
        d = attributes(self)
        for name in ("_hsteps", "_hvalid", "_observers", "_quiet"):
            d.pop(name, None)
        return d

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    @property
    def log(self) -> tuple[str, ...]:
        return tuple(self._log)

    @property
    def state(self) -> Any:
        """The current state object (read-only by convention: never change it)."""
        return self._s

    def view(self, player: int | None = None) -> dict[str, Any]:
        """A JSON-safe dict of what ``player`` may see (None: a spectator). Never holds
        another player's hidden cards or the order of a deck."""
        if player is not None and (
            not isinstance(player, int) or isinstance(player, bool)
            or not 0 <= player < self.players
        ):
            raise ValueError(f"player must be None or 0..{self.players - 1}, "
                             f"not {quote(player)}")
        s = self._s
        to_move = self._to_move(s)
        v: dict[str, Any] = {
            "game": self.name,
            "options": {k: o for k, o in self._options.items() if k != "scenario"},
            "players": self.players,
            "viewer": player,
            "turn": s.turn,
            "phase": s.phase,
            "current_player": to_move,
            "is_over": to_move is None,
            "scores": list(self._scores(s)),
            "winner": self._winner(s) if to_move is None else None,
            "step": len(self._hist),
        }
        v.update(self._view(s, player))
        return v

    # ---------------------------------------------------------------- JSON
    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: its options, rules, seed and steps (replayed on load)."""
        if self._determinized:
            raise GameError("a determinized copy (a guess at hidden cards) cannot be saved")
        steps = [
            [player, _jsonable(value) if player == CHANCE else str(value)]
            for player, value, _ in self._hist
        ]
        doc = {
            "game": self.name,
            "version": self.version,
            "options": self._options,
            "rules": dataclasses.asdict(self.rules),
            "seed": self.seed,
            "auto_roll": self._auto,
            "steps": steps,
        }
        return json.dumps(doc, indent=indent, sort_keys=False)

    @classmethod
    def _from_doc(cls, doc: dict[str, Any]) -> Game:
        keys = {"game", "version", "options", "rules", "seed", "auto_roll", "steps"}
        missing, extra = sorted(keys - set(doc)), sorted(set(doc) - keys)
        if missing or extra:
            raise InvalidSaveError(f"missing keys {missing}, unexpected keys {quote(extra)}")
        if type(doc["version"]) is not int or doc["version"] != cls.version:
            raise InvalidSaveError(
                f"version {quote(doc['version'])} is not {cls.version} "
                f"(this library's {cls.name})"
            )
        if not isinstance(doc["options"], dict):
            raise InvalidSaveError("'options' must be an object")
        if not isinstance(doc["steps"], list) or len(doc["steps"]) > MAX_STEPS:
            raise InvalidSaveError(f"'steps' must be a list of at most {MAX_STEPS} steps "
                                   "(limits.MAX_STEPS)")
        if not isinstance(doc["auto_roll"], bool):
            raise InvalidSaveError("'auto_roll' must be true or false")
        if type(doc["seed"]) is not int:
            raise InvalidSaveError(f"'seed' must be an int, not {quote(doc['seed'])}")
        try:
            rules = options_from_dict(cls.Rules, doc["rules"])
            g = cls(seed=doc["seed"], rules=rules, auto_roll=False, **doc["options"])
        except (TypeError, ValueError) as e:
            raise InvalidSaveError(str(e)) from None
        for i, step in enumerate(doc["steps"]):
            if (
                not isinstance(step, list) or len(step) != 2
                or not isinstance(step[0], int) or isinstance(step[0], bool)
            ):
                raise InvalidSaveError(f"step {i} must be [player, action], not {quote(step)}")
            player, value = step
            expected = g.current_player
            if player != expected:
                raise InvalidSaveError(
                    f"step {i} is by player {quote(player)}, but {expected} is to move"
                )
            try:
                if player != CHANCE and not isinstance(value, str):
                    raise InvalidActionError(value, "a saved action must be its notation")
                g.apply(value)
            except GameError as e:
                raise InvalidSaveError(f"step {i}: {e}") from None
        g._auto = doc["auto_roll"]
        g._settle()
        return g

    def invariants(self) -> list[str]:
        """Broken invariants of the current position, as text (empty when all hold).
        Games override it; the conformance tests call it at every step."""
        return []

    # ---------------------------------------------------------------- display
    def widget(self, player: int | None = 0, **kwargs: Any) -> Any:
        """The interactive board of this game (imports Jupyter widgets on first use)."""
        from ..ui import board_for

        return board_for(self, player=player, **kwargs)

    def _render(self) -> Any:
        return importlib.import_module(f"boardgames.{self.name}.render")

    def _display_player(self) -> int | None:
        return 0 if self.players == 1 else None

    def html(self, player: int | None = None) -> str:
        """A static HTML picture of the position as ``player`` sees it (None: a
        spectator), drawn by the game's pure render module, imported on first use."""
        return self._render().html(self.view(player))

    def _repr_html_(self) -> str:
        return self._render().html(self.view(self._display_player()))

    def _repr_svg_(self) -> str:
        return self._render().svg(self.view(self._display_player()))

    def __str__(self) -> str:
        return self._render().text(self.view(self._display_player()))

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} seed={self.seed} turn={self.turn} phase={self.phase!r} "
            f"step={len(self._hist)}>"
        )


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value
