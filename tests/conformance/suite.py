"""The generic conformance suite: seeded random playouts of any game, checking the Game
protocol at every step.

Usage (from a test)::

    from conformance.suite import check_playout
    check_playout(lambda seed, auto: bg.Spacehole(seed=seed, auto_roll=auto), 7,
                  auto_roll=False, secrets=spacehole_secrets)

A playout makes a game with ``make_game(seed, auto_roll)`` and plays it to the end with a
random agent that has its own ``random.Random(seed)``: it picks uniformly among
``legal_actions()`` (alternately applying the Action object and its notation text). With
``auto_roll=True`` the game rolls its own chance nodes; with ``auto_roll=False`` the agent
forces an outcome drawn with the node's exact probabilities through ``apply`` (and every
fourth node lets the game draw it with ``roll()``).

At every position it checks (:func:`check_position`):

* ``current_player`` is a player, ``CHANCE`` or None, and agrees with ``is_over``;
* ``legal_actions()`` is a sorted tuple of unique, hashable actions of the game's Action
  type, empty exactly at chance nodes and at the end; notations are unique; every
  ``str(a)`` round-trips through ``game.parse`` and ``type(a).parse``; ``is_legal(a)``;
* at a chance node (only with ``auto_roll=False``; with ``auto_roll=True`` the game must
  never stop at one): ``chance_outcomes()`` is a ``Dist`` of positive ``Fraction``s that
  sum to exactly 1, and each outcome survives a JSON round trip;
* ``view(p)`` for every player and ``view(None)`` is strict JSON (``json.loads(json.dumps
  (v)) == v``: no tuples, no non-string keys, no NaN), names its viewer and step, holds no
  ``seed`` key (the seed decides every future draw) and, for seeds >= 2**20, not the seed's
  value (a view equal to the one checked before it at this position but for its viewer,
  and encoded to the same text, is not decoded and scanned again: games without hidden
  information show every viewer one view); the game's *secrets checker*
  (see below) finds no leak, in every view;
* ``invariants()`` is empty;
* ``fork()`` equals the game (``Game.__eq__``), and stays independent: one step applied to
  the fork leaves the original's deep fingerprint (every slot of its state, its history
  and log) unchanged; undoing that step on the fork gives back a game equal to the
  original, redoing it gives the same position again;
* the JSON round trip ``bg.from_json(g.to_json()) == g`` with the same text, auto_roll and
  views (see "Cost" below for when).

At the end: no legal actions, one score per player, a winner in range or None, every
``apply`` refused with a ``GameError`` leaving the game unchanged; ``undo()`` walks back
to the start, each position equal (deep fingerprint, history and log prefixes) to the one
recorded on the way, until ``can_undo`` is False; ``redo()`` walks forward to the same
final history and position. Replaying the same seed and the same actions (with
``auto_roll=True``: the player actions only, the game re-rolls its chance nodes) gives an
identical history, log and views; replaying every step with ``auto_roll=False`` gives the
same game too.

Cost: replaying a saved game is linear in its length, so a JSON round trip at every step
makes a playout quadratic. The full check (``json_every=1``) runs for the first
``full_json_seeds`` seeds of each configuration; the other seeds round-trip every
``json_every`` (16) positions and at the end. Everything else is checked at every step,
unless a caller asks for ``full_every=N``: then the views, fork and step checks run at
every N-th position only (and at the end), the rest at every position. ``history`` is
cached by the core (``Game.history``), so reading it at every position costs nothing
that grows with the game.

Secrets: each registry entry carries a checker ``secrets(game, viewer, view) -> list[str]``
that returns the leaks it finds in ``view`` (what ``viewer`` must not see: another
player's hand, the order of a deck ...); the suite calls it for every view of every
position. :func:`walk_keys` and :func:`walk_lists` help write one.

Registry: ``GAMES`` maps a game name to its :class:`Config` entries (an id, a factory
``(seed, auto_roll) -> Game``, a secrets checker and how many seeds to play).
``tests/conformance/test_playouts.py`` plays every seed of every entry in both auto_roll
modes, so a new game joins the suite with one line here.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import typing
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Any, NamedTuple

import boardgames as bg
from boardgames.core.game import CHANCE, Game

__all__ = [
    "GAMES",
    "Config",
    "Fingerprint",
    "PlayoutStats",
    "check_playout",
    "check_position",
    "fingerprint",
    "rules_sweep",
    "spacehole_secrets",
    "walk_keys",
    "walk_lists",
]

MakeGame = Callable[[int, bool], Game]
Secrets = Callable[[Game, "int | None", dict[str, Any]], list[str]]


class Config(NamedTuple):
    """One registry entry: ``factory(seed, auto_roll)`` makes a game; ``secrets`` checks
    its views; ``seeds`` seeds (0..seeds-1) are played in each auto_roll mode, the first
    ``full_json_seeds`` with a JSON round trip at every step."""

    id: str
    factory: MakeGame
    secrets: Secrets | None = None
    seeds: int = 20
    full_json_seeds: int = 2


# --------------------------------------------------------------------------- helpers
class _Scan(NamedTuple):
    keys: frozenset[str]
    lists: list[list[Any]]
    ints: frozenset[int]


_last_scan: list[Any] = [None, None]


def _scan(x: Any) -> _Scan:
    """Keys, lists and ints anywhere in a JSON-like value, in one pass (the last answer
    is kept: the suite and a secrets checker scan the same view)."""
    if _last_scan[0] is x:
        return _last_scan[1]
    keys: set[str] = set()
    lists: list[list[Any]] = []
    ints: set[int] = set()
    stack = [x]
    pop, push = stack.pop, stack.extend
    while stack:
        y = pop()
        t = type(y)  # the JSON types by identity first (a view holds little else)
        if t is str or t is bool or t is float or y is None:
            continue
        if t is int:
            ints.add(y)
        elif t is dict or (t is not list and t is not tuple and isinstance(y, dict)):
            keys.update(y)
            push(y.values())
        elif t is list or t is tuple or isinstance(y, list | tuple):
            lists.append(list(y))
            push(y)
        elif isinstance(y, int) and not isinstance(y, bool):
            ints.add(y)
    out = _Scan(frozenset(keys), lists, frozenset(ints))
    _last_scan[:] = [x, out]
    return out


def walk_keys(x: Any) -> frozenset[str]:
    """Every dict key anywhere in a JSON-like value."""
    return _scan(x).keys


def walk_lists(x: Any) -> list[list[Any]]:
    """Every list anywhere in a JSON-like value."""
    return _scan(x).lists


def _walk_ints(x: Any) -> frozenset[int]:
    return _scan(x).ints


def _deep(x: Any, depth: int = 0) -> Any:
    """A hashable, fully expanded copy of ``x``: every slot, attribute and item, with
    dicts and sets in sorted order. Slots and attributes named ``_...`` are caches (a
    memo filled on first use, like ``Deck._outcomes``), not position: they are left out."""
    if depth > 50:
        raise AssertionError("state nests deeper than 50 levels")
    if x is None or isinstance(x, bool | int | float | str | bytes | Fraction):
        return x
    t = type(x).__name__
    d = depth + 1
    if isinstance(x, tuple | list):
        return (t, tuple(_deep(v, d) for v in x))
    if isinstance(x, dict):
        items = [(_deep(k, d), _deep(v, d)) for k, v in x.items()]
        return (t, tuple(sorted(items, key=repr)))
    if isinstance(x, set | frozenset):
        return (t, tuple(sorted((_deep(v, d) for v in x), key=repr)))
    names: list[str] = []
    for klass in type(x).__mro__:
        slots = getattr(klass, "__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    fields = [(n, _deep(getattr(x, n), d)) for n in names if n[0] != "_" and hasattr(x, n)]
    if hasattr(x, "__dict__"):
        fields += [(n, _deep(v, d)) for n, v in sorted(vars(x).items()) if n[0] != "_"]
    return (t, tuple(fields))


class Fingerprint:
    """A deep snapshot of a game's position: the lengths of its history and log, who is
    to move, and its state pickled (every slot of every object, so a later change to a
    shared mutable object cannot hide). Two snapshots whose pickles differ only in the
    order of a dict or set, or in private ``_...`` cache slots, still compare equal
    (checked on the unpickled copies with :func:`_deep`)."""

    __slots__ = ("blob", "head")

    def __init__(self, g: Game) -> None:
        self.head = (len(g.history), len(g.log), g.current_player)
        self.blob = pickle.dumps(g.state, protocol=pickle.HIGHEST_PROTOCOL)

    @property
    def log_len(self) -> int:
        return self.head[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fingerprint):
            return NotImplemented
        if self.head != other.head:
            return False
        return self.blob == other.blob or (
            _deep(pickle.loads(self.blob)) == _deep(pickle.loads(other.blob))
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Fingerprint(steps={self.head[0]}, log={self.head[1]}, {len(self.blob)} bytes)"


def fingerprint(g: Game) -> Fingerprint:
    """Deep snapshot of ``g``'s position (see :class:`Fingerprint`); compare the history
    and log themselves as prefixes separately."""
    return Fingerprint(g)


def _same_json(v: Any, checked: dict[str, Any], text: str) -> bool:
    """Whether view ``v`` is ``checked`` (a view found strict JSON, encoded as ``text``)
    but for its viewer: equal (so no tuple for a list, no int key for a string key) and
    encoded to the very same text (so no value JSON cannot encode, no True for a 1 or 1.0
    for a 1). Encoding, decoding and scanning it would find what they found for
    ``checked``. (Games without hidden information show every viewer the same view.)"""
    if type(v) is not dict or "viewer" not in v:
        return False
    u = dict(v)
    u["viewer"] = checked["viewer"]
    if u != checked:
        return False
    try:
        return json.dumps(u, allow_nan=False) == text
    except (TypeError, ValueError):
        return False


def _jsonable(x: Any) -> Any:
    return [_jsonable(v) for v in x] if isinstance(x, tuple) else x


def _frozen(x: Any) -> Any:
    return tuple(_frozen(v) for v in x) if isinstance(x, list) else x


def _exact_sum(ps: list[Fraction]) -> tuple[int, int]:
    """``sum(ps)`` as (numerator, denominator) over the least common denominator, in
    integers (a long sum of ``Fraction`` s reduces at every step)."""
    den = lcm(*(p.denominator for p in ps)) if ps else 1
    return sum(p.numerator * (den // p.denominator) for p in ps), den


def _pick_outcome(rng: random.Random, dist: bg.Dist) -> Any:
    """An outcome drawn with the exact probabilities of ``dist``: the first whose running
    sum exceeds ``u = getrandbits(64) / 2**64`` (compared exactly, in integers)."""
    r = rng.getrandbits(64)
    ps = list(dist.values())
    den = lcm(*(p.denominator for p in ps))
    acc = 0
    for o, p in dist.items():
        acc += p.numerator * (den // p.denominator)
        if r * den < acc << 64:  # u < acc / den
            return o
    raise AssertionError(f"probabilities sum to {Fraction(acc, den)}, not 1")  # pragma: no cover


# --------------------------------------------------------------------------- checks
def check_position(
    g: Game,
    secrets: Secrets | None = None,
    *,
    json_check: bool = False,
    step_check: bool = True,
    light: bool = False,
) -> bg.Dist | None:
    """Every per-position check of the module docstring (raises ``AssertionError``).
    Returns the chance distribution at a chance node, else None. ``light``: only the
    checks of who is to move, the legal actions, the chance node and ``invariants()``
    (and the JSON round trip if ``json_check``), not the views, fork and step checks."""
    where = f"step {len(g.history)} ({g!r})"
    cp = g.current_player
    assert (
        cp is None
        or cp == CHANCE
        or (isinstance(cp, int) and not isinstance(cp, bool) and 0 <= cp < g.players)
    ), f"{where}: current_player {cp!r}"
    assert g.is_over == (cp is None), f"{where}: is_over {g.is_over} but current_player {cp}"
    if g.auto_roll:
        assert cp != CHANCE, f"{where}: auto_roll game stopped at a chance node"

    # ------------------------------------------------------------ legal actions
    la = g.legal_actions()
    assert isinstance(la, tuple), f"{where}: legal_actions() is a {type(la).__name__}"
    if cp is None or cp == CHANCE:
        assert la == (), f"{where}: legal actions {la} when current_player is {cp}"
    else:
        assert la, f"{where}: player {cp} to move but no legal action"
        assert len(set(la)) == len(la), f"{where}: duplicate legal actions {la}"
        assert list(la) == sorted(la), f"{where}: legal actions not sorted: {la}"
        texts = [str(a) for a in la]
        assert len(set(texts)) == len(texts), f"{where}: two actions share a notation {texts}"
        for a in la:
            assert isinstance(a, g.Action), f"{where}: {a!r} is not a {g.Action.__name__}"
            hash(a)
            t = str(a)
            assert g.parse(t) == a, f"{where}: game.parse({t!r}) != {a!r}"
            assert type(a).parse(t) == a, f"{where}: {type(a).__name__}.parse({t!r}) != {a!r}"
            ok, why = g.is_legal(a)
            assert ok and why == "", f"{where}: is_legal({t!r}) = {(ok, why)}"

    # ------------------------------------------------------------ chance nodes
    d: bg.Dist | None = None
    if cp == CHANCE:
        d = g.chance_outcomes()
        assert isinstance(d, bg.Dist), f"{where}: chance_outcomes() is a {type(d).__name__}"
        assert len(d) >= 1, f"{where}: empty chance node"
        for o, p in d.items():
            assert type(p) is Fraction and p > 0, f"{where}: P({o!r}) = {p!r}"
        outs = list(d)
        back = [_frozen(x) for x in json.loads(json.dumps(_jsonable(tuple(outs))))]
        assert back == outs, f"{where}: outcomes {outs!r} do not survive JSON ({back!r})"
        num, den = _exact_sum(list(d.values()))
        assert num == den, f"{where}: chance probabilities sum to {Fraction(num, den)}"
    else:
        try:
            g.chance_outcomes()
        except bg.GameError:
            pass
        else:
            raise AssertionError(f"{where}: chance_outcomes() answered off a chance node")

    if light:
        bad = g.invariants()
        assert bad == [], f"{where}: broken invariants {bad}"
        if json_check:
            _check_json(g, where)
        return d

    # ------------------------------------------------------------ views
    checked: dict[str, Any] | None = None  # the last view encoded and scanned
    checked_text = ""
    for p in [None, *range(g.players)]:
        v = g.view(p)
        if checked is None or not _same_json(v, checked, checked_text):
            try:
                text = json.dumps(v, allow_nan=False)
            except (TypeError, ValueError) as e:
                raise AssertionError(
                    f"{where}: view({p}) is not JSON-serialisable: {e}") from None
            assert json.loads(text) == v, (
                f"{where}: view({p}) is not strict JSON (tuples, keys?)")
            assert "seed" not in walk_keys(v), f"{where}: view({p}) holds the seed"
            if g.seed >= 1 << 20:
                assert g.seed not in _walk_ints(v), f"{where}: view({p}) holds the seed value"
            checked, checked_text = v, text
        assert v.get("viewer") == p and v.get("step") == len(g.history) == g.step_count, (
            f"{where}: view({p}) names viewer {v.get('viewer')!r}, step {v.get('step')!r}, "
            f"step_count {g.step_count}"
        )
        assert v.get("current_player") == cp, f"{where}: view({p}) current_player"
        if secrets is not None:
            leaks = secrets(g, p, v)
            assert not leaks, f"{where}: view({p}) leaks: {leaks}"

    # ------------------------------------------------------------ invariants
    bad = g.invariants()
    assert bad == [], f"{where}: broken invariants {bad}"

    # ------------------------------------------------------------ fork
    f = g.fork()
    assert f == g, f"{where}: fork() differs from the original"
    assert f is not g
    if step_check and cp is not None:
        before = fingerprint(g)
        hist, log = g.history, g.log
        x = la[-1] if d is None else d.outcomes[-1]
        f.apply(x)
        after = fingerprint(f)
        assert len(f.history) > len(hist), f"{where}: apply on the fork added no step"
        assert fingerprint(g) == before and g.history == hist and g.log == log, (
            f"{where}: applying {x!r} to a fork changed the original"
        )
        f.undo()
        assert f == g and fingerprint(f) == before, f"{where}: undo of {x!r} on a fork"
        assert f.can_redo, f"{where}: nothing to redo after undo"
        f.redo()
        assert fingerprint(f) == after, f"{where}: redo of {x!r} on a fork"

    if json_check:
        _check_json(g, where)
    return d


def _check_json(g: Game, where: str) -> None:
    """The JSON round trip: ``from_json(to_json())`` is the same game, text and views."""
    text = g.to_json()
    h = bg.from_json(text)
    assert isinstance(g, type(h)), f"{where}: from_json made a {type(h).__name__}"
    if type(h) is not type(g):  # a subclass (tests) loads as its registered class
        h = type(g)._from_doc(json.loads(text))
    assert h == g, f"{where}: from_json(to_json()) differs"
    assert h.to_json() == text, f"{where}: to_json() of the loaded game differs"
    assert h.auto_roll == g.auto_roll, f"{where}: auto_roll not restored"
    assert fingerprint(h) == fingerprint(g), f"{where}: loaded state differs"
    for p in [None, *range(g.players)]:
        assert h.view(p) == g.view(p), f"{where}: loaded view({p}) differs"


@dataclasses.dataclass
class PlayoutStats:
    """What a playout did (for reports and for tests of the suite)."""

    steps: int = 0
    actions: int = 0
    chance: int = 0
    rolled: int = 0
    json_checks: int = 0
    undo_steps: int = 0


def check_playout(
    make_game: MakeGame,
    seed: int,
    *,
    auto_roll: bool = True,
    secrets: Secrets | None = None,
    json_every: int = 16,
    undo_walk: bool = True,
    full_every: int = 1,
    max_steps: int = 100_000,
    stats: PlayoutStats | None = None,
) -> Game:
    """Play ``make_game(seed, auto_roll)`` to the end with a random agent seeded with
    ``seed``, checking everything listed in the module docstring. Returns the final game.

    ``full_every``: every position gets the full :func:`check_position` when 1 (the
    default); when N > 1, every N-th position (and the last) does, and the others the
    ``light`` checks (who is to move, legal actions, chance node, invariants; the JSON
    round trip every ``json_every`` positions either way)."""
    stats = stats if stats is not None else PlayoutStats()
    g = make_game(seed, auto_roll)
    assert g.auto_roll is auto_roll, f"factory ignored auto_roll={auto_roll}"
    rng = random.Random(seed)
    start = len(g.history)
    if auto_roll:
        assert all(st.player == CHANCE for st in g.history), "a player step before any action"
    else:
        assert start == 0, f"an auto_roll=False game starts with {start} steps"
    # positions to compare on the undo walk (only recorded when it is made)
    marks: dict[int, Fingerprint] = {start: fingerprint(g)} if undo_walk else {}
    k = 0
    while not g.is_over:
        dist = check_position(g, secrets, json_check=k % json_every == 0,
                              light=k % full_every != 0)
        stats.json_checks += k % json_every == 0
        n = len(g.history)
        if g.current_player == CHANCE:
            if rng.random() < 0.25:
                o = g.roll()
                stats.rolled += 1
            else:
                assert dist is not None
                o = _pick_outcome(rng, dist)
                assert g.apply(o) is g
            assert g.history[-1].player == CHANCE and g.history[-1].value == o
            stats.chance += 1
        else:
            player = g.current_player
            a = rng.choice(g.legal_actions())
            assert g.apply(a if k % 2 else str(a)) is g
            st = g.history[n]
            assert (st.player, st.value, st.text) == (player, a, str(a)), f"step {n}: {st}"
            stats.actions += 1
        assert not g.can_redo, "apply left something to redo"
        assert len(g.history) > n
        stats.chance += sum(1 for st in g.history[n + 1 :] if st.player == CHANCE)
        if undo_walk:
            marks[len(g.history)] = fingerprint(g)
        k += 1
        assert k < max_steps, f"no end after {max_steps} decisions"
    check_position(g, secrets, json_check=True)
    stats.json_checks += 1
    stats.steps = len(g.history)
    _check_over(g)
    if undo_walk:
        stats.undo_steps = _check_undo_walk(g, marks, start)
    _check_replay(make_game, seed, g)
    return g


def _check_over(g: Game) -> None:
    assert g.legal_actions() == ()
    sc = g.scores
    assert isinstance(sc, tuple) and len(sc) == g.players, f"scores {sc!r}"
    w = g.winner
    assert w is None or 0 <= w < g.players, f"winner {w!r}"
    before, text = fingerprint(g), g.to_json()
    for x in ("pass", "end turn", 0, None):
        try:
            g.apply(x)
        except bg.GameError:
            pass
        else:
            raise AssertionError(f"apply({x!r}) accepted after the end")
    try:
        g.roll()
    except bg.GameError:
        pass
    else:
        raise AssertionError("roll() accepted after the end")
    assert fingerprint(g) == before and g.to_json() == text, "a refused apply changed the game"


def _check_undo_walk(g: Game, marks: dict[int, Fingerprint], start: int) -> int:
    final, hist, log = fingerprint(g), g.history, g.log
    n_undo = 0
    while g.can_undo:
        g.undo()
        n_undo += 1
        n = len(g.history)
        assert n in marks, f"undo stopped at step {n}, not a decision point"
        assert fingerprint(g) == marks[n], f"undo to step {n}: position differs"
        assert g.history == hist[:n] and g.log == log[: marks[n].log_len], f"undo to step {n}"
        assert g.can_redo
    assert len(g.history) == start, f"undo stopped at step {len(g.history)}, not {start}"
    try:
        g.undo()
    except bg.GameError:
        pass
    else:
        raise AssertionError("undo() accepted with can_undo False")
    while g.can_redo:
        g.redo()
        n = len(g.history)
        assert n in marks and fingerprint(g) == marks[n], f"redo to step {n}: position differs"
    assert g.history == hist and g.log == log and fingerprint(g) == final, "redo to the end"
    try:
        g.redo()
    except bg.GameError:
        pass
    else:
        raise AssertionError("redo() accepted with can_redo False")
    return n_undo


def _check_replay(make_game: MakeGame, seed: int, g: Game) -> None:
    hist = g.history
    for auto in sorted({g.auto_roll, False}):
        r = make_game(seed, auto)
        for i, st in enumerate(hist):
            if i < len(r.history):
                continue  # rolled by the game itself (auto_roll)
            if auto and st.player == CHANCE:
                raise AssertionError(
                    f"replay: step {i} is chance but the game waits for player {r.current_player}"
                )
            try:
                r.apply(st.value)
            except bg.GameError as e:
                raise AssertionError(
                    f"replay (auto_roll={auto}): step {i} {st.text!r} refused: {e}"
                ) from None
        r.auto_roll = g.auto_roll
        assert r.history == hist, f"replay (auto_roll={auto}): history differs"
        assert r.log == g.log, f"replay (auto_roll={auto}): log differs"
        assert r == g and fingerprint(r) == fingerprint(g), f"replay (auto_roll={auto})"
        for p in [None, *range(g.players)]:
            assert r.view(p) == g.view(p), f"replay (auto_roll={auto}): view({p}) differs"


# =========================================================================== games
def spacehole_secrets(game: Game, viewer: int | None, view: dict[str, Any]) -> list[str]:
    """Spacehole (solo): the spectator sees neither the hand nor the known top cards of
    the deck; no view holds the unknown part of the deck (which has no order: it is a
    multiset, and the next draw is a chance node) as a list, or a deck/order key."""
    s = game.state
    leaks: list[str] = []
    keys = walk_keys(view)
    lists = walk_lists(view)
    if viewer is None:
        leaks += [f"spectator view has {k!r}" for k in ("hand", "known_top") if k in keys]
        if s.hand and sorted(s.hand) in lists:
            leaks.append("spectator view holds the hand as a list")
        if s.deck.known and list(s.deck.known) in lists:
            leaks.append("spectator view holds the known top of the deck")
    else:
        if view.get("hand") != list(s.hand):
            leaks.append(f"player view hand {view.get('hand')} is not the hand {s.hand}")
        if view.get("known_top") != list(s.deck.known):
            leaks.append("player view known_top is not the cards the player has seen")
    leaks += [f"view has key {k!r}" for k in ("deck", "order", "deck_order", "counts") if k in keys]
    unknown = Counter(s.deck.counts)
    if sum(unknown.values()) > 1:
        for lst in lists:
            if all(isinstance(x, str) for x in lst) and Counter(lst) == unknown:
                leaks.append("a view lists the unknown cards of the deck")
    return leaks


def _spacehole(variant: str, **rules: Any) -> MakeGame:
    def make(seed: int, auto_roll: bool) -> Game:
        return bg.Spacehole(
            seed=seed, variant=variant, auto_roll=auto_roll, rules=bg.spacehole.Rules(**rules)
        )

    return make


def rules_sweep(rules_cls: type) -> list[tuple[str, dict[str, Any]]]:
    """One ``(id, {field: value})`` per non-default value of every ``Literal`` and
    ``bool`` field of a Rules dataclass, so a new option is swept without editing the
    registry. (Numeric fields need values chosen by hand.)"""
    hints = typing.get_type_hints(rules_cls)
    out: list[tuple[str, dict[str, Any]]] = []
    for f in dataclasses.fields(rules_cls):
        hint = hints[f.name]
        if typing.get_origin(hint) is typing.Literal:
            values = list(typing.get_args(hint))
        elif hint is bool:
            values = [False, True]
        else:
            continue
        out += [(f"{f.name}={v}", {f.name: v}) for v in values if v != f.default]
    return out


def _spacehole_configs() -> list[Config]:
    out = [
        Config(v, _spacehole(v), spacehole_secrets, seeds=300, full_json_seeds=3)
        for v in ("classic", "babylon5")
    ]
    sweep = [*rules_sweep(bg.spacehole.Rules), ("base_hits=5", {"base_hits": 5}),
             ("grace_turns=3", {"grace_turns": 3})]  # the house rule (issue 17)
    for v in ("classic", "babylon5"):
        out += [
            Config(
                f"{v}-{name}", _spacehole(v, **r), spacehole_secrets, seeds=12, full_json_seeds=1
            )
            for name, r in sweep
            if v == "babylon5" or not name.startswith("b5_")
        ]
        # The Base all but indestructible: every game runs through the whole deck.
        out.append(
            Config(
                f"{v}-base_hits=1000",
                _spacehole(v, base_hits=1000),
                spacehole_secrets,
                seeds=2,
                full_json_seeds=0,
            )
        )
    out.append(
        Config(
            "babylon5-b5_add_refineries+power_choice=manual",
            _spacehole("babylon5", b5_add_refineries=True, power_choice="manual"),
            spacehole_secrets,
            seeds=12,
            full_json_seeds=0,
        )
    )
    return out


GAMES: dict[str, list[Config]] = {
    "spacehole": _spacehole_configs(),
}
