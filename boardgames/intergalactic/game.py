"""Intergalactic: the state and its transitions (every rule of intergalactic.txt and every
Intergalactic ruling of RULINGS.md; docs/rules/intergalactic.md maps them to code here).

A turn is a queue of small *tasks* (``s.todo``, front first: a linked list of ``(task,
rest)`` pairs ending in ``()``, so taking the front task allocates nothing, pushing one
allocates one pair, and a player-turn's tasks are made once): ``_advance`` runs automatic
tasks until one needs a player's decision (``s.phase``, ``s.active``) or a chance outcome
(``s.chance``). Actions and outcomes push new tasks to the front.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from itertools import compress, filterfalse
from operator import attrgetter, ge, itemgetter, mul
from typing import Any, NamedTuple

from ..core.errors import InvalidActionError
from ..core.game import CHANCE, Game, State
from . import data
from .actions import Move
from .data import ATTRIBUTES, BATTLE_ATTRIBUTES, KIND, LISTS, STAGE_LIST, STAGES, Entry
from .odds import _STAGE_WEIGHTS, AGAIN, _table, lookup
from .rules import Rules

__all__ = ["Intergalactic", "IntergalacticState"]

_RACES = {e.name: e for e in data.RACE}
_HOMES = {e.name: e for e in data.HOMEWORLD}
_BATTLE_TASKS = frozenset({"roll_s", "advantage", "bat", "battle", "resolve", "lose",
                           "spoils"})
_INCOME = {"research": None, "exploration": "Scan", "development": "Finance",
           "buildup": "Manufacturing"}
_AUTO_SINGLE = frozenset({"pick", "steal", "sabotage", "discard", "spoils"})
_DICE = {f"d{n}": (tuple(range(1, n + 1)), (1,) * n) for n in (6, 10, 100)}
"""Outcomes and weights of a fair die (the race and homeworld nodes are not dice)."""


class _Rare(NamedTuple):
    """The parts of a state that change at most a few times a player-turn, in one slot
    (``IntergalacticState.rare``, a plain tuple of these fields: ``tuple(_Rare(...))``)
    shared by the states until one changes it: a step copies 11 slots, not 24. A plain
    tuple of tuples, strings and numbers is untracked by the garbage collector once it
    has seen it (a NamedTuple never is), and so are the snapshots that hold it."""

    races: tuple[str | None, ...]
    homeworlds: tuple[str | None, ...]
    order: tuple[int, ...]
    order_rolls: tuple[tuple[int, ...], ...]
    x: int
    idx: int
    jam: tuple[int, ...]
    turn: int
    extras: int
    stage: str
    alive: tuple[bool, ...]
    bonus: tuple[int, ...]
    temp: tuple[tuple[str, ...], ...]


(_R_RACES, _R_HOMEWORLDS, _R_ORDER, _R_ORDER_ROLLS, _R_X, _R_IDX, _R_JAM, _R_TURN, _R_EXTRAS,
 _R_STAGE, _R_ALIVE, _R_BONUS, _R_TEMP) = range(len(_Rare._fields))
"""Indices of the fields of ``rare`` (the hot paths read ``s.rare[_R_ALIVE]``)."""


def _rare_field(name: str) -> property:
    """A state attribute kept in ``rare``: read there, written by replacing ``rare``
    (never changed in place: other states share it)."""
    i = _Rare._fields.index(name)

    def fget(s: IntergalacticState) -> Any:
        return s.rare[i]

    def fset(s: IntergalacticState, v: Any) -> None:
        r = s.rare
        s.rare = (*r[:i], v, *r[i + 1:])

    return property(fget, fset, doc=f"``rare[{i}]``")


_CUR_KEYS = ("player", "list", "die", "mod", "total", "shift", "depth", "temp")
(_C_PLAYER, _C_LIST, _C_DIE, _C_MOD, _C_TOTAL, _C_DEPTH, _C_TEMP) = range(7)
"""The list roll under way: its fields (``cur``), and their indices in ``s.roll`` (a plain
tuple of them all but ``shift``, kept in the slot ``s.shift``: a shift step then makes no
new tuple)."""
_LAST_KEYS = ("player", "list", "entry")
"""The last entry landed on or picked (``s.landed``, a plain tuple): its fields."""


class IntergalacticState(State):
    """An Intergalactic position. Per-player values are tuples (index = player); held
    entries are sorted tuples of names; the battle is a dict copied on write; the
    attributes of :class:`_Rare` (``races``, ``turn``, ...) are kept in ``rare``. The list
    roll under way (but its net shift, the int ``shift``, 0 without a roll) and the last
    entry landed on are plain tuples (``roll``, ``landed``), read as dicts through ``cur``
    and ``last``: a state's slots then hold no dict outside
    battles, so that the undo stack's snapshots of states (``_thaw``) are untracked by the
    garbage collector."""

    __slots__ = ("active", "attrs", "battle", "chance", "entries", "landed", "phase", "rare",
                 "roll", "shift", "todo", "tokens")

    races = _rare_field("races")
    homeworlds = _rare_field("homeworlds")
    order = _rare_field("order")
    order_rolls = _rare_field("order_rolls")
    x = _rare_field("x")
    idx = _rare_field("idx")
    jam = _rare_field("jam")
    turn = _rare_field("turn")
    extras = _rare_field("extras")
    stage = _rare_field("stage")
    alive = _rare_field("alive")
    bonus = _rare_field("bonus")
    temp = _rare_field("temp")

    @property
    def cur(self) -> dict[str, Any] | None:
        """The list roll under way (``roll``) as a dict: player, list, die, mod, total,
        shift, depth, temp; None when there is none."""
        r = self.roll
        return None if r is None else dict(zip(_CUR_KEYS, (*r[:_C_DEPTH], self.shift,
                                                           *r[_C_DEPTH:]), strict=True))

    @property
    def last(self) -> dict[str, Any] | None:
        """The last entry landed on or picked (``landed``) as a dict: player, list,
        entry; None before the first."""
        t = self.landed
        return None if t is None else dict(zip(_LAST_KEYS, t, strict=True))

    def copy(self) -> IntergalacticState:
        c = IntergalacticState()
        c.active = self.active
        c.attrs = self.attrs
        c.battle = self.battle  # copied on write (``_own_battle``)
        c.chance = self.chance
        c.entries = self.entries
        c.landed = self.landed
        c.phase = self.phase
        c.rare = self.rare
        c.roll = self.roll
        c.shift = self.shift
        c.todo = self.todo
        c.tokens = self.tokens
        return c


_LAND_LINES: dict[tuple[int, int, int, str | None], str] = {}
"""The log line of a landing per (player, total, shift, entry name or None), memoised."""
_GAIN_LINES: dict[tuple[int, str], str] = {}
"""The log line of a gain per (player, entry name), memoised (bounded by the entries)."""
_INCOME_LINES: dict[tuple[int, int, int, int, int], str] = {}
"""The log line of an income roll per (player, gain, die, bonus, tokens after)."""
_TURN_LINES: dict[tuple[str, int, int], str] = {}
"""The log line of a turn's start per (stage, turn, player)."""
_END_LINES = tuple(f"P{p} ends the turn" for p in range(6))
_EXTRA_LINES = tuple(f"P{p} spends 5 IT for an extra roll" for p in range(6))


_SHARED: dict[tuple, tuple] = {}
"""List-roll chance nodes (``s.chance``) by value, made once: a state then holds an old
shared tuple, not a new one that every collection until the next one traverses
(``_share``). Their parts are strings, ints and bools in fixed places, so equal tuples
are the same values. Income nodes and landings (``s.landed``) are shared the same way,
looked up by their parts (``_INCOME_NODES``, ``_LANDED``)."""


def _share(t: tuple) -> tuple:
    """The shared tuple equal to ``t`` (``t`` itself the first time): the miss path of
    ``_SHARED.get(t)``, capped."""
    if len(_SHARED) > 100_000:
        _SHARED.clear()
    _SHARED[t] = t
    return t


_INCOME_NODES: tuple[dict[int, tuple], ...] = tuple({} for _ in range(6))
"""Per player, the income chance node ``("income", "d6", p, bonus)`` per bonus."""


def _income_node(p: int, bonus: int) -> tuple:
    """The miss path of ``_INCOME_NODES[p].get(bonus)`` (bonuses are attribute levels:
    few)."""
    return _INCOME_NODES[p].setdefault(bonus, ("income", "d6", p, bonus))


def _holds(held: tuple[str, ...], name: str) -> bool:
    """Whether the sorted tuple ``held`` contains ``name`` (a binary search)."""
    i = bisect_left(held, name)
    return i < len(held) and held[i] == name


def _set(t: tuple, i: int, v: Any) -> tuple:
    return (*t[:i], v, *t[i + 1:])


Todo = tuple
"""A task queue: ``()`` or ``(task, rest)`` (see the module's docstring)."""


def _todo(*tasks: tuple, rest: Todo = ()) -> Todo:
    """The queue of ``tasks`` (front first) followed by the queue ``rest``."""
    for t in reversed(tasks):
        rest = (t, rest)
    return rest


def _tasks(todo: Todo) -> list[tuple]:
    """The tasks of a queue, front first."""
    out = []
    while todo:
        t, todo = todo
        out.append(t)
    return out


_TURN_TODO: dict[tuple[str, int], Todo] = {}
"""A player-turn's tasks per (stage, player), made once."""
_EXTRA_TASKS: dict[tuple[str, int], tuple[tuple, tuple]] = {}
"""The tasks an extra roll pushes per (list, player): the roll, then the next offer."""


def _turn_todo(stage: str, p: int) -> Todo:
    todo = _TURN_TODO.get((stage, p))
    if todo is None:
        if stage == "conflict":
            todo = _todo(("income", p), ("challenge", p), ("again", p))
        else:
            roll, offer = _extra_tasks(STAGE_LIST[stage], p)
            todo = _todo(("income", p), roll, offer)
        _TURN_TODO[stage, p] = todo
    return todo


def _extra_tasks(lst: str, p: int) -> tuple[tuple, tuple]:
    tasks = _EXTRA_TASKS.get((lst, p))
    if tasks is None:
        tasks = _EXTRA_TASKS[lst, p] = (("roll", p, lst, 0, 0, False), ("offer", p))
    return tasks


_INDEX = {a: i for i, a in enumerate(ATTRIBUTES)}
_INT = _INDEX["Intelligence"]
_STRATEGY = _INDEX["Strategy"]
_INCOME_INDEX = {k: (None if a is None else _INDEX[a]) for k, a in _INCOME.items()}
_MODIFIER = {lst: (tuple(_INDEX[a] for a, _ in _STAGE_WEIGHTS[stage]),
                   tuple(w for _, w in _STAGE_WEIGHTS[stage]))
             for stage, lst in STAGE_LIST.items()}
"""Per list: the attribute indices and the weights of the stage modifier
(``odds.stage_modifier``)."""


@lru_cache(maxsize=4096)
def _base_attributes(race: str | None, home: str | None, entries: tuple[str, ...]
                     ) -> tuple[int, ...]:
    acc = [0] * len(ATTRIBUTES)
    rows = [data.by_name(n) for n in entries]
    if race:
        rows.append(_RACES[race])
    if home:
        rows.append(_HOMES[home])
    for e in rows:
        for a, v in e.effects:
            acc[_INDEX[a]] += v
    return tuple(acc)


@lru_cache(maxsize=4096)
def _criminals(entries: tuple[str, ...]) -> tuple[int, ...]:
    """Attribute indices of the Criminal developments among ``entries`` (one per entry)."""
    return tuple(_INDEX[a] for n in entries if (e := data.by_name(n)).criminal
                 for a, _ in e.effects)


def _all_attributes(races: tuple, homes: tuple, entries: tuple[tuple[str, ...], ...],
                    alive: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """Every player's attribute levels (the order of ``ATTRIBUTES``): Race, Homeworld and
    held entries, minus 1 per Criminal development of each living opponent (ruling 6)."""
    n = len(entries)
    out = [_base_attributes(races[p], homes[p], entries[p]) for p in range(n)]
    for q in range(n):
        crim = _criminals(entries[q]) if alive[q] else ()
        if crim:
            for p in range(n):
                if p != q:
                    row = list(out[p])
                    for i in crim:
                        row[i] -= 1
                    out[p] = tuple(row)
    return tuple(out)


@lru_cache(maxsize=4096)
def _pickable(list_name: str, held: tuple[str, ...], attrs: tuple[int, ...]
              ) -> tuple[Entry, ...]:
    """"Pick one of the Above": the entries of ``list_name`` (not its 101+ row) a player
    with ``attrs`` may take: requirement met and, for entries that are kept, not held."""
    rows = _req_rows(list_name, attrs)
    hit = _PICK_KEPT[list_name].intersection(held)  # kept entries of the list held
    return tuple(e for e in rows if e.name not in hit) if hit else rows


def _req_rows(list_name: str, attrs: tuple[int, ...]) -> tuple[Entry, ...]:
    """The rows of ``list_name`` (not its 101+ row) whose requirement ``attrs`` meet,
    memoised per levels of the attributes that the list's requirements name."""
    key = (list_name, _PICK_LEVELS[list_name](attrs))
    rows = _REQ_ROWS.get(key)
    if rows is None:
        if len(_REQ_ROWS) > 100_000:
            _REQ_ROWS.clear()
        ents, reqs, levels = _PICK_COLS[list_name]  # req -1 reads the appended level
        rows = _REQ_ROWS[key] = tuple(compress(ents, map(ge, map((*attrs, 1 << 60).__getitem__,
                                                                   reqs), levels)))
    return rows


_PICK_ROWS = {name: tuple((e, e.kept, -1 if e.req is None else _INDEX[e.req[0]],
                           0 if e.req is None else e.req[1])
                          for e in sorted(rows, key=lambda e: e.name) if e.dc <= 100)
              for name, rows in LISTS.items()}
"""Per list, its entries (not the 101+ row) sorted by name, so ``pick`` moves come out
sorted by notation."""
_PICK_COLS = {name: (tuple(r[0] for r in rows), tuple(r[2] for r in rows),
                     tuple(r[3] for r in rows)) for name, rows in _PICK_ROWS.items()}
"""Per list, ``_PICK_ROWS``' entries, requirement indices (-1: none) and levels."""
_PICK_KEPT = {name: frozenset(e.name for e, kept, *_ in rows if kept)
              for name, rows in _PICK_ROWS.items()}
"""Per list, the names of its entries that are kept (and so not taken twice)."""


def _levels_getter(rows: tuple[tuple[Entry, bool, int, int], ...]) -> Any:
    idx = sorted({req for *_, req, _ in rows if req >= 0})
    return itemgetter(*idx) if idx else (lambda attrs: ())


_PICK_LEVELS = {name: _levels_getter(rows) for name, rows in _PICK_ROWS.items()}
"""Per list, the levels of the attributes its requirements name (a memo key)."""
_REQ_ROWS: dict[tuple[str, Any], tuple[Entry, ...]] = {}


def _pick_moves(list_name: str, held: tuple[str, ...], attrs: tuple[int, ...]
                ) -> tuple[Move, ...]:
    """The ``pick`` moves of :func:`_pickable`, memoised per list, levels of the
    attributes its requirements name and kept entries of the list held (what decides
    them), so a new position seldom lists them again. The last call's answer is kept
    for the same list and the same ``held`` and ``attrs`` objects (a landing on "Pick one
    of the Above" asks, then ``legal_actions()``): no hashing of the ~50 held names."""
    last = _PICK_LAST
    if held is last[1] and attrs is last[2] and list_name == last[0]:
        return last[3]  # type: ignore[no-any-return]
    key = (list_name, _PICK_LEVELS[list_name](attrs), _PICK_KEPT[list_name].intersection(held))
    moves = _PICK_BY_LEVELS.get(key)
    if moves is None:
        if len(_PICK_BY_LEVELS) > 100_000:
            _PICK_BY_LEVELS.clear()
        names = map(_name_of, _req_rows(list_name, attrs))  # _pickable's, in C loops
        hit = key[2]
        moves = _PICK_BY_LEVELS[key] = tuple(map(
            _PICK_MOVES.__getitem__, filterfalse(hit.__contains__, names) if hit else names))
    last[:] = (list_name, held, attrs, moves)
    return moves


_PICK_BY_LEVELS: dict[tuple[str, Any, frozenset[str]], tuple[Move, ...]] = {}
_PICK_LAST: list[Any] = [None, None, None, ()]
"""``_pick_moves``'s last call: list, held, attrs (compared by identity) and moves."""


_PICK_MOVES = {e.name: Move.of("pick", e.name) for rows in _PICK_ROWS.values()
               for e, *_ in rows}
"""The ``pick`` move of every entry that can be picked, made once."""
_PICK_ENTRY: dict[tuple[str, str], Entry] = {}
"""Per (list, name), the row a ``pick`` takes: the list's first row of that name (not
its 101+ row)."""
for _name, _rows in LISTS.items():
    for _e in _rows:
        if _e.dc <= 100:
            _PICK_ENTRY.setdefault((_name, _e.name), _e)
_PICK_LINES = tuple({n: f"P{p} picks {n}" for n in _PICK_MOVES} for p in range(6))
"""Per player, the log line of a ``pick`` per entry name."""


@lru_cache(maxsize=4096)
def _spoils_of(entries: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The Resolution's choices against a loser holding ``entries``: take one of its
    worlds or eliminate one of its developments, whichever it holds more of (both when
    it holds as many)."""
    worlds = list(filter(_WORLD_NAMES.__contains__, entries))
    devs = list(filter(_DEVELOPMENT_NAMES.__contains__, entries))
    out: list[tuple[str, str]] = []
    if len(worlds) >= len(devs):
        out += [("take", n) for n in worlds]
    if len(devs) >= len(worlds):
        out += [("remove", n) for n in devs]
    return tuple(out)


@lru_cache(maxsize=8192)
def _verb_moves(verb: str, args: tuple[str, ...]) -> tuple[Move, ...]:
    """The moves ``verb <arg>`` for ``args``, sorted by notation (``_legal``'s lists of
    attacks, fleets to discard or sabotage), memoised."""
    return tuple(sorted({_move(verb, a) for a in args}, key=_notation))


@lru_cache(maxsize=8192)
def _spoils_moves(entries: tuple[str, ...]) -> tuple[Move, ...]:
    """The Resolution's moves against a loser holding ``entries``, sorted by notation."""
    return tuple(sorted(set(map(_SPOILS_MOVES.__getitem__, _spoils_of(entries))), key=_notation))


_FLEET_NAMES = frozenset(e.name for rows in LISTS.values() for e in rows
                         if e.fleet > 0 and e.kept)
_WORLD_NAMES = frozenset(e.name for e in LISTS["exploration"] if e.kept)
_DEVELOPMENT_NAMES = frozenset(e.name for e in LISTS["development"] if e.kept)
_ADVANCED_NAMES = frozenset(e.name for lst in ("research", "buildup") for e in LISTS[lst]
                            if e.kept and e.advanced)
"""Names of held entries (kept, so ``data.by_name`` finds that row) of a kind."""
_name_of = attrgetter("name")
_notation = attrgetter("_text")
"""A move's notation (``str(move)``) read in C: a sort key that runs no Python frame."""
_TABLES = {name: _table(name) for name in STAGE_LIST.values()}
"""Per rolled list, the entry landed on for totals 0..101 (``odds.lookup``)."""
_LANDED = {lst: {e.name: tuple((p, lst, e.name) for p in range(6))
                 for e in (*rows, *([AGAIN[lst]] if lst in AGAIN else []))}
           for lst, rows in LISTS.items()}
"""``s.landed`` for every entry and player, made once (see ``_SHARED``)."""
assert all(e.list == lst for lst, rows in LISTS.items() for e in rows)
_CRIMINAL_NAMES = frozenset(e.name for e in data.DEVELOPMENT if e.criminal)
_move = Move.of
_EXTRA = (_move("end", "turn"), _move("extra", "roll"))
_AGAIN = (_move("attack", "again"), _move("end", "turn"))
_PREVENT = (_move("allow", "battle"), _move("prevent", "battle"))
for _moves in (_EXTRA, _AGAIN, _PREVENT):
    assert list(_moves) == sorted(_moves, key=str)  # legal_actions() are sorted


def _reach(total: int, tokens: int) -> range:
    """The totals a roll of ``total`` can be moved to with ``tokens`` IT, 1 IT a point
    (ruling 2): up to ``tokens`` either way, the landing within 0..101 (a total already
    outside stays where it is or moves towards it)."""
    return range(min(total, max(total - tokens, 0)), max(total, min(total + tokens, 101)) + 1)


@lru_cache(maxsize=65536)
def _spend_moves(list_name: str, total: int, tokens: int, twice: bool) -> tuple[Move, ...]:
    """The token-spending decision of a list roll totalling ``total``, with ``tokens`` IT
    to spend (ruling 2), as one choice: ``keep <total>`` (nothing spent) and, for every
    other entry (or nothing) within reach, ``land on <t> <entry> (<n> IT)`` at the
    cheapest total ``t`` that lands on it; sorted by notation. ``twice``: a roll made for
    a "Roll Twice" (its 101+ is "Pick one of the Above", ``odds.lookup``)."""
    here = lookup(list_name, total, twice=twice)
    best: dict[str | None, tuple[int, int]] = {}  # entry name -> (cost, total)
    for t in _reach(total, tokens):
        e = lookup(list_name, t, twice=twice)
        if e is here:
            continue
        name = e.name if e is not None else None
        cost = abs(t - total)
        if name not in best or cost < best[name][0]:
            best[name] = (cost, t)
    moves = [_move("keep", str(total))]
    moves += [_move("land", f"on {t} {name or 'nothing'} ({cost} IT)")
              for name, (cost, t) in best.items()]
    return tuple(sorted(moves, key=_notation))


@lru_cache(maxsize=256)
def _add_moves(tokens: int) -> tuple[Move, ...]:
    """The Advantage phase's decision with ``tokens`` IT: ``add k`` for k = 0..tokens (ruling
    7: "each may add IT 1:1"), sorted by notation."""
    return tuple(sorted((_move("add", str(k)) for k in range(tokens + 1)), key=_notation))


_ROLL_RACE, _ROLL_HOME = _move("race", "roll"), _move("homeworld", "roll")
_SPOILS_MOVES = {(v, n): _move(v, n) for v, names in (("take", _WORLD_NAMES),
                                                       ("remove", _DEVELOPMENT_NAMES))
                 for n in names}
"""The Resolution's move per ``_spoils_of`` choice, made once."""


@lru_cache(maxsize=8192)
def _fleets(entries: tuple[str, ...]) -> tuple[str, ...]:
    """The entries among ``entries`` that give Fleet (a player's held entries)."""
    return tuple(filter(_FLEET_NAMES.__contains__, entries))


@lru_cache(maxsize=8192)
def _entries_vp(entries: tuple[str, ...]) -> int:
    """Victory Points of held ``entries`` (``Entry.points``: 1 per technology, world,
    development or fleet, plus every "VP +N"; a Buildup entry without Fleet, none)."""
    return sum(data.by_name(n).points for n in entries)


@lru_cache(maxsize=8192)
def _advanced(entries: tuple[str, ...]) -> int:
    """Advanced (requirement-bearing) technologies and fleets among ``entries``."""
    return sum(map(_ADVANCED_NAMES.__contains__, entries))


def _own_battle(s: IntergalacticState) -> dict[str, Any]:
    """``s.battle``, copied for ``s`` to change: the states share a battle dict until one
    changes it (a step does not copy it)."""
    b = s.battle = dict(s.battle)  # type: ignore[arg-type]
    return b


def _refresh(s: IntergalacticState) -> None:
    """Recompute ``s.attrs`` from scratch (set-up and scenarios)."""
    s.attrs = _all_attributes(s.races, s.homeworlds, s.entries, s.alive)


def _shift_attributes(s: IntergalacticState, p: int, e: Entry, sign: int,
                      effects: bool = True) -> None:
    """Update ``s.attrs`` incrementally when player ``p`` gains (``sign`` 1) or loses (-1)
    entry ``e`` (with ``effects`` False: only its Criminal penalty, for an elimination).
    ``checks.invariants`` compares the result with :func:`_all_attributes`."""
    rows = list(s.attrs)
    if effects and e.effects:
        row = list(rows[p])
        for a, v in e.effects:
            row[_INDEX[a]] += sign * v
        rows[p] = tuple(row)
    if e.criminal and s.alive[p]:
        for q in range(len(rows)):
            if q != p:
                row = list(rows[q])
                for a, _ in e.effects:
                    row[_INDEX[a]] -= sign
                rows[q] = tuple(row)
    s.attrs = tuple(rows)


class Intergalactic(Game):
    """Intergalactic, the five-stage list-and-dice empire game for 2-6 players.

    ``bg.Intergalactic(players=4, seed=7, rules=Rules(...), auto_roll=True)``; see
    :meth:`scenario` to set up any position."""

    name = "intergalactic"
    version = 2
    Action = Move
    Rules = Rules

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        players = options.pop("players", 2)
        scenario = options.pop("scenario", None)
        if options:
            raise TypeError(f"unexpected keyword(s) {sorted(options)} for Intergalactic")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError(f"players must be an int from 2 to 6, not {players!r}")
        out: dict[str, Any] = {"players": players}
        if scenario is not None:
            out["scenario"] = _check_scenario(scenario, players, self.rules)
        return out

    def _new_state(self) -> IntergalacticState:
        n = self.players
        s = IntergalacticState()
        s.rare = tuple(_Rare(races=(None,) * n, homeworlds=(None,) * n, order=tuple(range(n)),
                             order_rolls=((),) * n, x=n, idx=0, jam=(0,) * n, turn=0,
                             extras=0, stage="setup", alive=(True,) * n, bonus=(0,) * n,
                             temp=((),) * n))
        s.phase = "order"
        s.active = None
        s.entries = ((),) * n
        s.tokens = (0,) * n
        s.attrs = _all_attributes(s.races, s.homeworlds, s.entries, s.alive)
        s.todo = _todo(("order", tuple(range(n))))
        s.chance = None
        s.roll = None
        s.shift = 0
        s.battle = None
        s.landed = None
        sc = self._options.get("scenario")
        if sc is not None:
            _apply_scenario(self, s, sc)
        self._advance(s, self._log)
        return s

    @classmethod
    def scenario(cls, *, players: Sequence[dict[str, Any]], stage: str = "research",
                 turn: int = 1, current_player: int = 0, seed: int | None = None,
                 auto_roll: bool = True, rules: Rules | None = None) -> Intergalactic:
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
            raise ValueError(f"players must be a list of player dicts, not {players!r}")
        spec = {"players": [dict(p) if isinstance(p, dict) else p for p in players],
                "stage": stage, "turn": turn,
                "current_player": current_player}
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, players=len(spec["players"]),
                   scenario=spec)

    # ------------------------------------------------------------------ attributes
    def attributes(self, player: int, s: IntergalacticState | None = None,
                   battle: bool = False) -> dict[str, int]:
        """Attribute levels of ``player``: Race, Homeworld and held entries, minus 1 per
        Criminal development of each living opponent in its attribute (ruling 6); with
        ``battle`` also the stratagem bonuses of the current battle."""
        s = s if s is not None else self._s
        out = dict(zip(ATTRIBUTES, s.attrs[player], strict=True))
        if battle and s.battle is not None:
            for a, v in s.battle["bonus"].get(str(player), ()):
                out[a] += v
        return out

    def cap(self, player: int, s: IntergalacticState | None = None) -> int:
        """The token cap: 20 + Intelligence, at least 0."""
        s = s if s is not None else self._s
        return max(0, 20 + s.attrs[player][_INT])

    def fleets(self, player: int, s: IntergalacticState | None = None) -> tuple[str, ...]:
        """Held entries that give Fleet (each one is a fleet: rule "End")."""
        s = s if s is not None else self._s
        return _fleets(s.entries[player])

    def vp(self, player: int, s: IntergalacticState | None = None) -> int:
        """Victory Points: 1 per held technology, world, development and fleet and the
        Homeworld, plus every "VP +N" (ruling 9: a Buildup entry without Fleet scores
        none)."""
        s = s if s is not None else self._s
        return _entries_vp(s.entries[player]) + (1 if s.homeworlds[player] else 0)

    def advanced(self, player: int, s: IntergalacticState | None = None) -> int:
        """Advanced (requirement-bearing) technologies and fleets held."""
        s = s if s is not None else self._s
        return _advanced(s.entries[player])

    def landing(self, total: int | None = None, s: IntergalacticState | None = None
                ) -> Entry | None:
        """The entry the list roll under way lands on at ``total`` (default: its total as
        shifted so far): ``odds.lookup``, where a roll made for a "Roll Twice" (at the
        depth ``Rules.roll_twice_depth``) reads 101+ as "Pick one of the Above" (ruling
        2). None without a roll under way or below the list's lowest threshold."""
        s = s if s is not None else self._s
        r = s.roll
        if r is None:
            return None
        if total is None:
            total = r[_C_TOTAL] + s.shift
        return lookup(r[_C_LIST], total, twice=r[_C_DEPTH] >= self.rules.roll_twice_depth)

    def _meets(self, s: IntergalacticState, p: int, e: Entry) -> bool:
        return e.req is None or s.attrs[p][_INDEX[e.req[0]]] >= e.req[1]

    # ------------------------------------------------------------------ protocol
    def _to_move(self, s: IntergalacticState) -> int | None:
        if s.stage == "over":
            return None
        if s.chance is not None:
            return CHANCE
        return s.active

    def _scores(self, s: IntergalacticState) -> tuple[int, ...]:
        return tuple(self.vp(p, s) for p in range(self.players))

    def _winner(self, s: IntergalacticState) -> int | None:
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

    def _legal(self, s: IntergalacticState) -> tuple[Move, ...]:
        p = s.active
        ph = s.phase
        if ph == "spend":
            r = s.roll
            return _spend_moves(r[_C_LIST], r[_C_TOTAL], s.tokens[p],
                                r[_C_DEPTH] >= self.rules.roll_twice_depth)
        if ph == "bat":
            return _add_moves(s.tokens[p])
        if ph == "extra":
            return _EXTRA
        if ph == "again":
            return _AGAIN
        if ph == "prevent":
            return _PREVENT
        if ph == "race":
            taken = set(s.races)
            moves = [_ROLL_RACE] + [_move("race", r) for r in _RACES if r not in taken]
        elif ph == "homeworld":
            taken = set(s.homeworlds) if self.rules.distinct_homeworlds else set()
            moves = [_ROLL_HOME] + [_move("homeworld", h) for h in _HOMES if h not in taken]
        elif ph == "pick":
            return _pick_moves(s.roll[_C_LIST], s.entries[p], s.attrs[p])
        elif ph == "challenge":
            return _verb_moves("attack", tuple(map(str, self._opponents(s, p))))
        elif ph == "steal":
            moves = [_move("steal", n) for n in self._stealable(s, p)]
        elif ph == "sabotage":
            return _verb_moves("sabotage", self.fleets(self._foe(s, p), s))
        elif ph == "discard":
            return _verb_moves("discard", self.fleets(p, s))
        elif ph == "spoils":
            return _spoils_moves(s.entries[s.battle["loser"]])
        else:  # pragma: no cover - every decision phase is listed above
            raise AssertionError(f"no decision in phase {ph!r}")
        return tuple(sorted(set(moves), key=_notation))

    def _why_illegal(self, s: IntergalacticState, action: Move) -> tuple[str, str]:
        verbs = {m.verb for m in self._legal(s)}
        p = s.active
        if action.verb in ("keep", "land") and s.phase == "spend":
            return ("Token spending (ruling 2)",
                    f"the roll totals {s.roll[_C_TOTAL]} and you have {s.tokens[p]} IT: "
                    "keep it, or land on an entry within reach at its cheapest total, as "
                    "legal_actions() lists")
        if action.verb == "add" and s.phase == "bat":
            return ("Token spending (ruling 7)",
                    f"you have {s.tokens[p]} IT to add to the BAT (add 0..{s.tokens[p]})")
        if action.verb == "extra" and "extra" not in verbs:
            return ("extra roll", "an extra roll costs 5 IT and is offered after the roll")
        if action.verb in verbs:
            return ("legal actions", f"{action.arg!r} is not one of the choices now")
        return ("legal actions", f"not a legal action in the {s.phase} phase "
                                 f"(legal now: {', '.join(sorted(verbs))})")

    # ------------------------------------------------------------------ helpers
    def _opponents(self, s: IntergalacticState, p: int) -> list[int]:
        return [q for q in range(self.players) if q != p and s.alive[q]]

    def _foe(self, s: IntergalacticState, p: int) -> int:
        b = s.battle
        return b["defender"] if p == b["attacker"] else b["attacker"]

    def _pickable(self, s: IntergalacticState, p: int, list_name: str) -> tuple[Entry, ...]:
        return _pickable(list_name, s.entries[p], s.attrs[p])

    def _stealable(self, s: IntergalacticState, p: int) -> list[str]:
        names = {n for q in self._opponents(s, p) for n in s.entries[q]
                 if data.by_name(n).list == "research"}
        return sorted(n for n in names
                      if n not in s.entries[p] and self._meets(s, p, data.by_name(n)))

    def _spoils(self, s: IntergalacticState, w: int) -> list[tuple[str, str]]:
        return list(_spoils_of(s.entries[s.battle["loser"]]))

    def _gain(self, s: IntergalacticState, p: int, name: str, log: list[str]) -> None:
        held = s.entries[p]
        i = bisect_left(held, name)  # held entries are sorted: insert in place
        ents = s.entries  # _set(ents, p, ...), written out (a call less)
        s.entries = (*ents[:p], (*held[:i], name, *held[i:]), *ents[p + 1:])
        e = data.by_name(name)
        _shift_attributes(s, p, e, 1)
        key = (p, name)
        line = _GAIN_LINES.get(key)
        if line is None:
            line = _GAIN_LINES[key] = f"P{p} gains {name} ({KIND[e.list]})"
        log.append(line)

    def _lose(self, s: IntergalacticState, p: int, name: str, log: list[str], why: str) -> None:
        ents = list(s.entries[p])
        ents.remove(name)
        s.entries = _set(s.entries, p, tuple(ents))
        _shift_attributes(s, p, data.by_name(name), -1)
        if name in s.temp[p]:
            s.temp = _set(s.temp, p, tuple(n for n in s.temp[p] if n != name))
        log.append(f"P{p} loses {name} ({why})")

    def _eliminate_check(self, s: IntergalacticState, p: int, had_fleet: bool,
                         log: list[str]) -> None:
        if s.alive[p] and had_fleet and not self.fleets(p, s):
            self._eliminate(s, p, log, "lost the last fleet")

    def _eliminate(self, s: IntergalacticState, p: int, log: list[str], why: str) -> None:
        for name in _CRIMINAL_NAMES.intersection(s.entries[p]):
            _shift_attributes(s, p, data.by_name(name), -1, effects=False)
        s.alive = _set(s.alive, p, False)
        log.append(f"P{p} is eliminated ({why})")
        if s.battle is not None and p in (s.battle["attacker"], s.battle["defender"]):
            # the battle stops, but a Resolution under way (a tie costs both) completes
            s.todo = _todo(*(t for t in _tasks(s.todo)
                             if t[0] not in _BATTLE_TASKS or t[0] in ("lose", "spoils")))

    def _cap_tokens(self, s: IntergalacticState, log: list[str]) -> None:
        """Discard the tokens over each player's cap (20 + Intelligence, at least 0). The
        callers call it only when someone holds more than 20 (no entry lowers
        Intelligence: every cap is at least 20)."""
        attrs = s.attrs
        for p, t in enumerate(s.tokens):
            if t > 20 and t > 20 + attrs[p][_INT]:  # (then t > 0 too)
                c = max(0, 20 + attrs[p][_INT])
                log.append(f"P{p} discards {t - c} IT over the cap of {c}")
                s.tokens = _set(s.tokens, p, c)

    # ------------------------------------------------------------------ actions
    def _act(self, s: IntergalacticState, mv: Move, log: list[str]) -> None:
        p = s.active
        v, arg = mv.verb, mv.arg
        s.active = None
        if v == "race" or v == "homeworld":  # (str ==, faster than a tuple's "in")
            if arg == "roll":
                s.chance = (v, p)
            else:
                self._take_origin(s, p, v, arg, log)
        elif v == "keep" or v == "land":
            s.shift = mv.total - s.roll[_C_TOTAL]  # type: ignore[operator]
            self._land(s, log)
        elif v == "pick":
            log.append(_PICK_LINES[p][arg])
            e = _PICK_ENTRY[s.roll[_C_LIST], arg]
            self._apply_entry(s, p, e, s.roll, log)
        elif v == "extra":
            s.tokens = _set(s.tokens, p, s.tokens[p] - 5)
            r = s.rare  # extras + 1: the fields of rare, read and replaced directly
            s.rare = (*r[:_R_EXTRAS], r[_R_EXTRAS] + 1, *r[_R_EXTRAS + 1:])
            log.append(_EXTRA_LINES[p])
            roll, offer = _extra_tasks(STAGE_LIST[r[_R_STAGE]], p)
            s.todo = (roll, (offer, s.todo))
        elif v == "end":
            log.append(_END_LINES[p])
        elif v == "attack":
            if arg == "again":
                s.tokens = _set(s.tokens, p, s.tokens[p] - 5)
                log.append(f"P{p} spends 5 IT to attack again")
                s.todo = _todo(("challenge", p), ("again", p), rest=s.todo)
            else:
                self._start_battle(s, p, int(arg), log)
        elif v == "prevent":
            log.append(f"P{p} prevents the battle")
            self._end_battle(s, log)
        elif v == "allow":
            log.append(f"P{p} lets the battle go on")
        elif v == "steal":
            log.append(f"P{p} steals a copy of {arg}")
            self._gain(s, p, arg, log)
        elif v == "sabotage":
            foe = self._foe(s, p)
            self._lose(s, foe, arg, log, f"sabotaged by P{p}")
            self._eliminate_check(s, foe, True, log)
        elif v == "add":
            k = int(arg)
            if k:
                b = _own_battle(s)
                s.tokens = _set(s.tokens, p, s.tokens[p] - k)
                b["bat"] = {**b["bat"], str(p): b["bat"][str(p)] + k}
                log.append(f"P{p} adds {k} IT to the BAT (now {b['bat'][str(p)]:+d})")
        elif v == "discard":
            self._lose(s, p, arg, log, "battle")
            self._eliminate_check(s, p, True, log)
        elif v in ("take", "remove"):
            loser = s.battle["loser"]
            if v == "take":
                self._lose(s, loser, arg, log, f"taken by P{p}")
                if arg not in s.entries[p]:
                    self._gain(s, p, arg, log)
            else:
                self._lose(s, loser, arg, log, f"eliminated by P{p}")
            # a world or development with a Fleet bonus is a fleet (ruling 8)
            self._eliminate_check(s, loser, arg in _FLEET_NAMES, log)
        self._advance(s, log)

    def _take_origin(self, s: IntergalacticState, p: int, kind: str, name: str,
                     log: list[str]) -> None:
        if kind == "race":
            s.races = _set(s.races, p, name)
        else:
            s.homeworlds = _set(s.homeworlds, p, name)
        _refresh(s)
        log.append(f"P{p} takes the {kind} {name}")

    def _start_battle(self, s: IntergalacticState, a: int, d: int, log: list[str]) -> None:
        log.append(f"P{a} attacks P{d}")
        s.battle = {"attacker": a, "defender": d, "bonus": {}, "bat": {str(a): 0, str(d): 0},
                    "rolls": {}, "loser": None}
        s.todo = _todo(("roll_s", a), ("roll_s", d), ("advantage",), ("bat", a), ("bat", d),
                       ("battle", a), ("battle", d), ("resolve",), rest=s.todo)

    def _end_battle(self, s: IntergalacticState, log: list[str]) -> None:
        s.todo = _todo(*(t for t in _tasks(s.todo) if t[0] not in _BATTLE_TASKS))

    # ------------------------------------------------------------------ list rolls
    def _spend_choice(self, s: IntergalacticState, log: list[str]) -> tuple[Move, ...] | None:
        """After the die of the list roll ``s.roll``: the roller's token-spending
        decision (ruling 2), made the phase ``spend``; its moves are returned (what
        ``legal_actions()`` will list). None when there is nothing to decide (no IT, or
        no other entry within reach): the caller lands on the total as it is."""
        r = s.roll
        p = r[_C_PLAYER]
        if s.tokens[p] <= 0:
            return None
        if max(s.tokens) > 20:
            self._cap_tokens(s, log)
        moves = _spend_moves(r[_C_LIST], r[_C_TOTAL], s.tokens[p],
                             r[_C_DEPTH] >= self.rules.roll_twice_depth)
        if len(moves) == 1:
            return None
        s.phase = "spend"
        s.active = p
        return moves

    def _land(self, s: IntergalacticState, log: list[str]) -> None:
        cur = s.roll
        p, shift = cur[_C_PLAYER], s.shift
        if shift:
            t = s.tokens  # _set(t, p, ...), written out (a call less)
            s.tokens = (*t[:p], t[p] - abs(shift), *t[p + 1:])
        total = cur[_C_TOTAL] + shift
        e = _TABLES[cur[_C_LIST]][total if 0 <= total <= 101 else (0 if total < 0 else 101)]
        if e is not None and e.special == "twice" and \
                cur[_C_DEPTH] >= self.rules.roll_twice_depth:
            e = AGAIN[e.list]  # a roll made for Roll Twice lands on 101+ again (ruling 2)
        key = (p, total, shift, None if e is None else e.name)
        line = _LAND_LINES.get(key)
        if line is None:
            if len(_LAND_LINES) > 100_000:
                _LAND_LINES.clear()
            spent = f" after spending {abs(shift)} IT" if shift else ""
            line = _LAND_LINES[key] = f"P{p} lands on {total}{spent}: {key[3] or 'nothing'}"
        log.append(line)
        if e is not None:
            self._apply_entry(s, p, e, cur, log)

    def _apply_entry(self, s: IntergalacticState, p: int, e: Entry, cur: tuple,
                     log: list[str]) -> None:
        """Apply entry ``e`` that player ``p`` landed on or picked in the list roll ``cur``
        (``s.roll``)."""
        s.landed = _LANDED[e.list][e.name][p]  # (p, e.list, e.name), shared
        special = e.special
        if not special:
            if e.next_bonus:
                s.bonus = _set(s.bonus, p, s.bonus[p] + e.next_bonus)
            elif e.nested is not None:
                s.todo = (("roll", p, e.nested[0], e.nested[1], cur[_C_DEPTH], e.temporary),
                          s.todo)
            elif e.list == "stratagem":
                b = _own_battle(s)
                key = str(p)
                bonus = dict(b["bonus"].get(key, ()))
                for a, v in e.effects:
                    bonus[a] = bonus.get(a, 0) + v
                b["bonus"] = {**b["bonus"], key: tuple(sorted(bonus.items()))}
            elif _holds(s.entries[p], e.name):
                log.append(f"  P{p} already holds {e.name}: nothing")
            elif not self._meets(s, p, e):
                log.append(f"  {e.name} needs {e.req[0]} {e.req[1]}+: nothing")  # type: ignore
            else:
                self._gain(s, p, e.name, log)
                if cur[_C_TEMP]:
                    s.temp = _set(s.temp, p, (*s.temp[p], e.name))
        elif special == "twice":  # (at the depth limit ``_land`` gives ``AGAIN``'s pick)
            r = ("roll", p, e.list, 0, cur[_C_DEPTH] + 1, cur[_C_TEMP])
            s.todo = (r, (r, s.todo))
        elif special == "pick":
            self._offer_pick(s, p, e.list, cur)
        elif special == "steal":
            if self._stealable(s, p):
                s.phase, s.active = "steal", p
        elif special == "prevent":
            s.phase, s.active = "prevent", p
        elif special == "sabotage":
            if self.fleets(self._foe(s, p), s):
                s.phase, s.active = "sabotage", p
        elif special == "jam":
            foe = self._foe(s, p)
            s.jam = _set(s.jam, foe, s.jam[foe] + 50)
        # special == "lost" (Lost Opportunity): nothing

    def _offer_pick(self, s: IntergalacticState, p: int, list_name: str, cur: tuple) -> None:
        """"Pick one of the Above" on ``list_name``: the ``pick`` decision, if any entry
        can be picked (else nothing)."""
        if _pick_moves(list_name, s.entries[p], s.attrs[p]):  # ``_pickable``, memoised
            s.roll = (*cur[:_C_LIST], list_name, *cur[_C_LIST + 1:])
            s.phase = "pick"
            s.active = p

    # ------------------------------------------------------------------ chance
    def _chance(self, s: IntergalacticState) -> tuple[Sequence[Any], Sequence[int]]:
        ch = s.chance
        dice = _DICE.get(ch[1])
        if dice is not None:
            return dice
        kind = ch[0]
        if kind == "race":
            taken = set(s.races)
            opts = tuple(r for r in _RACES if r not in taken)
            return opts, (1,) * len(opts)
        if kind == "homeworld":
            taken = set(s.homeworlds) if self.rules.distinct_homeworlds else set()
            opts = tuple(h for h in _HOMES if h not in taken)
            return opts, (1,) * len(opts)
        raise AssertionError(f"unknown chance node {ch!r}")  # pragma: no cover

    def _outcome_text(self, outcome: Any) -> str:
        return str(outcome)

    def _resolve(self, s: IntergalacticState, o: Any, log: list[str]) -> None:
        kind = s.chance[0]
        ch = s.chance
        s.chance = None
        if kind == "roll":
            _, _, p, lst, mod, depth, temp = ch
            total = o + mod
            log.append(f"P{p} rolls {o} on the {lst} list ({mod:+d}): {total}")
            s.roll = (p, lst, o, mod, total, depth, temp)
            s.shift = 0
            if self._spend_choice(s, log) is None:
                self._land(s, log)
        elif kind == "income":
            p, bonus = ch[2], ch[3]
            gain = max(0, o + bonus)
            t = s.tokens  # _set(t, p, ...), written out (a call less)
            s.tokens = (*t[:p], t[p] + gain, *t[p + 1:])
            key = (p, gain, o, bonus, s.tokens[p])
            line = _INCOME_LINES.get(key)
            if line is None:
                if len(_INCOME_LINES) > 100_000:
                    _INCOME_LINES.clear()
                line = _INCOME_LINES[key] = \
                    f"P{p} gains {gain} IT (1D6 {o}{bonus:+d}), has {s.tokens[p]}"
            log.append(line)
        elif kind in ("race", "homeworld"):
            log.append(f"P{ch[1]} rolls the {kind}: {o}")
            self._take_origin(s, ch[1], kind, o, log)
        elif kind == "order":
            p = ch[2]
            s.order_rolls = _set(s.order_rolls, p, (*s.order_rolls[p], o))
            log.append(f"P{p} rolls {o} for turn order")
        elif kind == "battle":
            p = ch[2]
            b = _own_battle(s)
            b["rolls"] = {**b["rolls"], str(p): o}
            log.append(f"P{p} battle roll {o} + BAT {b['bat'][str(p)]:+d} = "
                       f"{o + b['bat'][str(p)]}")
        elif kind == "end":
            log.append(f"End-of-game roll: {o}")
            if o <= 5:
                self._game_over(s, log, "the end-of-game roll was 5 or less")
                return
        self._advance(s, log)

    # ------------------------------------------------------------------ the machine
    def _advance(self, s: IntergalacticState, log: list[str]) -> None:
        while s.chance is None and s.active is None and s.phase != "over":  # stage too
            if not s.todo:
                self._next_turn(s, log)
                continue
            task, s.todo = s.todo
            self._run(s, task, log)
            if s.active is not None and s.phase in _AUTO_SINGLE:
                legal = self._legal(s)
                if len(legal) == 1:
                    self._act(s, legal[0], log)
                    return
        if max(s.tokens) > 20:  # else no cap is exceeded (what _cap_tokens checks first)
            self._cap_tokens(s, log)

    def _run(self, s: IntergalacticState, task: tuple, log: list[str]) -> None:
        kind = task[0]
        if kind == "income":
            p = task[1]
            attrs = s.attrs[p]
            stage = s.rare[_R_STAGE]
            if stage == "conflict":
                bonus = max(0, -(-attrs[_STRATEGY] // 5))
            else:
                a = _INCOME_INDEX[stage]
                bonus = 0 if a is None else attrs[a]
            s.phase = "income"
            s.chance = _INCOME_NODES[p].get(bonus) or _income_node(p, bonus)
        elif kind == "roll" or kind == "roll_s":
            if kind == "roll_s":
                p, lst, extra, depth, temp = task[1], "stratagem", 0, 0, False
                s.phase = "tactics"
            else:
                _, p, lst, extra, depth, temp = task
            r = s.rare
            if not r[_R_ALIVE][p]:
                return
            attrs = s.attrs[p]
            bonus = r[_R_BONUS][p]
            idx, weights = _MODIFIER[lst]  # the stage modifier: sum of weight * level
            mod = extra + bonus + sum(map(mul, weights, map(attrs.__getitem__, idx)))
            if bonus:
                log.append(f"P{p} uses +{bonus} to the next roll")
                s.bonus = _set(s.bonus, p, 0)
            if lst == "stratagem" and s.jam[p]:
                log.append(f"P{p} is jammed: -{s.jam[p]}")
                mod -= s.jam[p]
                s.jam = _set(s.jam, p, 0)
            t = ("roll", "d100", p, lst, mod, depth, temp)
            s.chance = _SHARED.get(t) or _share(t)
        elif kind == "offer":
            p = task[1]
            if s.rare[_R_EXTRAS] < self.rules.extra_rolls_per_turn and s.tokens[p] >= 5:
                s.phase, s.active = "extra", p
        elif kind == "challenge":
            p = task[1]
            if s.alive[p] and self._opponents(s, p):
                s.phase, s.active = "challenge", p
        elif kind == "again":
            p = task[1]
            s.battle = None
            if s.alive[p] and s.tokens[p] >= 5 and self._opponents(s, p):
                s.phase, s.active = "again", p
        elif kind == "advantage":
            self._advantage(s, log)
        elif kind == "bat":
            p = task[1]
            if s.tokens[p] > 0:
                s.phase, s.active = "bat", p
        elif kind == "battle":
            s.phase = "battle"
            s.chance = ("battle", "d100", task[1])
        elif kind == "resolve":
            self._resolution(s, log)
        elif kind == "lose":
            p = task[1]
            if s.alive[p] and self.fleets(p, s):
                s.phase, s.active = "discard", p
        elif kind == "spoils":
            w = task[1]
            if s.alive[w] and self._spoils(s, w):
                s.phase, s.active = "spoils", w
        elif kind in ("race", "homeworld"):
            s.phase, s.active = kind, task[1]
        elif kind == "begin":
            self._begin_turn(s, log)
        elif kind == "stage":
            self._start_stage(s, task[1], log)
        elif kind == "order":
            todo = task[1]
            if todo:
                s.chance = ("order", "d10", todo[0])
                s.todo = (("order", todo[1:]), s.todo)
                return
            keys = s.order_rolls
            tied = [p for p in range(self.players)
                    if sum(1 for q in range(self.players) if keys[q] == keys[p]) > 1]
            if tied:
                log.append(f"Ties for turn order: {', '.join(f'P{p}' for p in tied)} reroll")
                s.todo = (("order", tuple(tied)), s.todo)
                return
            s.order = tuple(sorted(range(self.players), key=lambda q: keys[q], reverse=True))
            log.append("Turn order: " + ", ".join(f"P{q}" for q in s.order))
            s.todo = _todo(*(t for p in s.order for t in (("race", p), ("homeworld", p))),
                           ("stage", "research"))

    def _start_stage(self, s: IntergalacticState, stage: str, log: list[str]) -> None:
        s.stage = stage
        s.turn = 0
        s.idx = -1
        log.append(f"== {stage.capitalize()} stage ==")
        if stage == "conflict":
            if self.rules.no_fleet_elimination:
                for p in range(self.players):
                    if s.alive[p] and not self.fleets(p, s):
                        self._eliminate(s, p, log, "no fleet at the Conflict stage")
            s.x = sum(s.alive)
            if s.x <= 1:
                self._game_over(s, log, "one player left")

    def _next_turn(self, s: IntergalacticState, log: list[str]) -> None:
        """End the current player-turn (if any) and start the next one."""
        n = len(s.tokens)  # the players
        r = s.rare
        if r[_R_TURN] > 0:
            if r[_R_STAGE] == "conflict":
                for p in range(n):
                    for name in s.temp[p]:  # not a loss: it never eliminates (ruling 7)
                        if name in s.entries[p]:
                            self._lose(s, p, name, log, "discarded at the end of the turn")
                s.temp = ((),) * n
                if sum(s.alive) <= 1:
                    self._game_over(s, log, "one player left")
                    return
                if s.turn >= 2 * s.x and s.phase != "end_roll":
                    s.phase = "end_roll"
                    s.chance = ("end", "d10")
                    return
            elif r[_R_TURN] >= self.rules.turns_per_stage * n:
                nxt = STAGES[STAGES.index(r[_R_STAGE]) + 1]
                self._start_stage(s, nxt, log)
                if s.stage == "over":
                    return
        self._begin_turn(s, log)

    def _begin_turn(self, s: IntergalacticState, log: list[str]) -> None:
        n = len(s.tokens)  # the players
        r = s.rare
        s.battle = None
        s.roll = None
        s.shift = 0
        i = r[_R_IDX]
        order = r[_R_ORDER]
        alive = r[_R_ALIVE]
        for _ in range(n):
            i = (i + 1) % n
            if alive[order[i]]:
                break
        turn = r[_R_TURN] + 1  # turn, extras and idx change: one new ``rare``
        s.rare = (*r[:_R_IDX], i, r[_R_JAM], turn, 0, *r[_R_STAGE:])
        p = order[i]
        s.phase = "income"
        stage = r[_R_STAGE]
        key = (stage, turn, p)
        line = _TURN_LINES.get(key)
        if line is None:
            if len(_TURN_LINES) > 100_000:
                _TURN_LINES.clear()
            line = _TURN_LINES[key] = f"-- {stage} turn {turn}: P{p} --"
        log.append(line)
        s.todo = _turn_todo(stage, p)

    def _advantage(self, s: IntergalacticState, log: list[str]) -> None:
        b = _own_battle(s)
        a, d = b["attacker"], b["defender"]
        aa, dd = self.attributes(a, s, battle=True), self.attributes(d, s, battle=True)
        bat = {str(a): 0, str(d): 0}
        for attr in BATTLE_ATTRIBUTES:
            if aa[attr] > dd[attr]:
                bat[str(a)] += 5
            elif dd[attr] > aa[attr]:
                bat[str(d)] += 5
        na, nd = self.advanced(a, s), self.advanced(d, s)
        if na != nd:
            bat[str(a if na > nd else d)] += 5
        b["bat"] = bat
        b["bonus_lost"] = False
        s.phase = "advantage"
        log.append(f"BAT: P{a} {bat[str(a)]:+d}, P{d} {bat[str(d)]:+d}")

    def _resolution(self, s: IntergalacticState, log: list[str]) -> None:
        b = _own_battle(s)
        a, d = b["attacker"], b["defender"]
        ca = b["rolls"][str(a)] + b["bat"][str(a)]
        cd = b["rolls"][str(d)] + b["bat"][str(d)]
        b["bonus"] = {}  # the stratagems' bonuses are now lost
        s.phase = "resolution"
        if ca == cd:
            log.append(f"Battle tied at {ca}: each loses a fleet")
            b["loser"] = None
            s.todo = _todo(("lose", a), ("lose", d), rest=s.todo)
            return
        w, loser = (a, d) if ca > cd else (d, a)
        b["loser"] = loser
        b["winner"] = w
        log.append(f"P{w} wins the battle ({max(ca, cd)} to {min(ca, cd)})")
        s.todo = _todo(("lose", loser), ("spoils", w), rest=s.todo)

    def _game_over(self, s: IntergalacticState, log: list[str], why: str) -> None:
        s.stage = "over"
        s.phase = "over"
        s.active = None
        s.chance = None
        s.todo = ()
        log.append(f"Game over: {why}")

    # ------------------------------------------------------------------ view
    def _view(self, s: IntergalacticState, player: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, s, player)

    def invariants(self) -> list[str]:
        from .checks import invariants

        return invariants(self)


def _check_scenario(spec: Any, n: int, rules: Rules) -> dict[str, Any]:
    if not isinstance(spec, dict) or set(spec) != {"players", "stage", "turn",
                                                   "current_player"}:
        raise ValueError("scenario must be a dict with players, stage, turn, current_player")
    stage, turn, cp = spec["stage"], spec["turn"], spec["current_player"]
    if stage not in STAGES:
        raise ValueError(f"scenario stage must be one of {STAGES}, not {stage!r}")
    limit = rules.turns_per_stage * n if stage != "conflict" else 10**6
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= limit:
        raise ValueError(f"scenario turn must be an int in [1, {limit}], not {turn!r}")
    if not isinstance(cp, int) or isinstance(cp, bool) or not 0 <= cp < n:
        raise ValueError(f"current_player must be 0..{n - 1}, not {cp!r}")
    if not isinstance(spec["players"], list | tuple) or len(spec["players"]) != n:
        raise ValueError(f"scenario players must be a list of {n} player dicts, not "
                         f"{spec['players']!r}")
    players = []
    for i, p in enumerate(spec["players"]):
        if not isinstance(p, dict) or not set(p) <= {"race", "homeworld", "entries",
                                                     "tokens", "alive"}:
            raise ValueError(f"player {i} must be a dict of race, homeworld, entries, tokens, "
                             f"alive, not {p!r}")
        race, home = p.get("race"), p.get("homeworld")
        if race not in _RACES:
            raise ValueError(f"player {i}: unknown race {race!r}; races: {list(_RACES)}")
        if home not in _HOMES:
            raise ValueError(f"player {i}: unknown homeworld {home!r}")
        entries = p.get("entries", [])
        if not isinstance(entries, list | tuple) or not all(isinstance(x, str)
                                                           for x in entries):
            raise ValueError(f"player {i}: entries must be a list of names")
        for x in entries:
            e = data.by_name(x)
            if not e.kept:
                raise ValueError(f"player {i}: {x!r} is not a technology, world, "
                                 "development or fleet that can be held")
        if len(set(entries)) != len(entries):
            raise ValueError(f"player {i}: an entry is held at most once")
        tokens = p.get("tokens", 0)
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
            raise ValueError(f"player {i}: tokens must be an int >= 0, not {tokens!r}")
        alive = p.get("alive", True)
        if not isinstance(alive, bool):
            raise ValueError(f"player {i}: alive must be a bool")
        players.append({"race": race, "homeworld": home, "entries": sorted(entries),
                        "tokens": tokens, "alive": alive})
    races = [p["race"] for p in players]
    if len(set(races)) != len(races):
        raise ValueError("each player controls a different race")
    if rules.distinct_homeworlds and len({p["homeworld"] for p in players}) != n:
        raise ValueError("homeworlds must be distinct (Rules.distinct_homeworlds)")
    dead = [i for i, p in enumerate(players) if not p["alive"]]
    if dead and stage != "conflict":
        raise ValueError(f"player {dead[0]} is not alive in the {stage} stage: players are "
                         "eliminated only in the Conflict stage")
    if sum(p["alive"] for p in players) < 2:
        raise ValueError("at least two players must be alive")
    if not players[cp]["alive"]:
        raise ValueError(f"current_player {cp} is eliminated")
    out = {"players": players, "stage": stage, "turn": turn, "current_player": cp}
    s = _scenario_state(out, n)
    for i, p in enumerate(players):
        cap = max(0, 20 + s.attrs[i][_INT])
        if p["tokens"] > cap:
            raise ValueError(f"player {i}: {p['tokens']} tokens exceed the cap of {cap}")
    return out


def _scenario_state(spec: dict[str, Any], n: int) -> IntergalacticState:
    s = IntergalacticState()
    s.rare = tuple(_Rare(races=tuple(p["race"] for p in spec["players"]),
                   homeworlds=tuple(p["homeworld"] for p in spec["players"]),
                   order=tuple(range(n)), order_rolls=((),) * n, x=n, idx=0,
                   jam=(0,) * n, turn=0, extras=0, stage="setup",
                   alive=tuple(p["alive"] for p in spec["players"]), bonus=(0,) * n,
                   temp=((),) * n))
    s.entries = tuple(tuple(p["entries"]) for p in spec["players"])
    s.battle = None
    _refresh(s)
    return s


def _apply_scenario(game: Intergalactic, s: IntergalacticState, spec: dict[str, Any]) -> None:
    n = game.players
    t = _scenario_state(spec, n)
    s.races, s.homeworlds, s.entries, s.alive = t.races, t.homeworlds, t.entries, t.alive
    s.attrs = t.attrs
    s.tokens = tuple(p["tokens"] for p in spec["players"])
    cp = spec["current_player"]
    s.order = tuple((cp + i) % n for i in range(n))
    s.stage = spec["stage"]
    s.turn = spec["turn"] - 1
    s.idx = -1
    s.x = sum(s.alive)
    s.todo = _todo(("begin",))
    s.phase = "income"
    if s.turn == 0:
        game._log.append(f"== {s.stage.capitalize()} stage ==")
