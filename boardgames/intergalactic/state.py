"""An Intergalactic position: ``IntergalacticState``.

The core makes every step on a copy of the current state (copy-on-write): ``copy()``
shares every part with the original, and a step replaces what it changes. Per-player
values are tuples (index = player), replaced wholesale (:func:`with_item`); the battle
under way is a dict, copied by the function that changes it (:func:`battle_to_change`),
so a state that has been current is never changed again.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.game import State

__all__ = ["Chance", "IntergalacticState", "Landing", "ListRoll", "Task",
           "battle_to_change", "with_item"]

Task = tuple[Any, ...]
"""One task of the turn's queue (``s.todo``): its kind, then its arguments, e.g.
``("income", player)`` or ``("roll", player, list, extra, depth, temporary)``."""

Chance = tuple[Any, ...]
"""A pending chance node: its kind, the die (``d100``, ``d10``, ``d6``; none for a race
or homeworld draw), then what resolving it needs, e.g. ``("roll", "d100", player, list,
modifier, depth, temporary)``, ``("income", "d6", player, bonus)``, ``("battle", "d100",
player)``, ``("end", "d10")``, ``("order", "d10", player)``, ``("race", player)``."""


class ListRoll(NamedTuple):
    """The list roll under way: who rolled on which list, the die, the modifier, the
    total (die + modifier), how deep in "Roll Twice" it is and whether what it gives is
    temporary (a Conflict-stage Mercenary roll)."""

    player: int
    list: str
    die: int
    mod: int
    total: int
    depth: int
    temp: bool


class Landing(NamedTuple):
    """The last entry landed on or picked: by whom, on which list."""

    player: int
    list: str
    entry: str


class IntergalacticState(State):
    """Everything about an Intergalactic position.

    stage, turn, phase
        The stage (``setup``, ``research`` ... ``conflict``, ``over``), the player-turn
        number within it, the phase (the decision or chance node pending).
    active, chance
        The player to decide (None when nobody is), the chance node pending (None).
    todo
        The turn's tasks still to run, front first (:data:`Task`).
    races, homeworlds, entries, tokens
        Per player: the Race and Homeworld names, the held entries (a sorted tuple of
        names), the Intergalactic Tokens (IT).
    attrs
        Per player: the attribute levels (the order of ``data.ATTRIBUTES``), criminal
        penalties included (ruling 6), kept up to date by the steps that change them.
    alive, bonus, jam, temp
        Per player: not eliminated; the bonus to the next roll; the jamming on the next
        stratagem roll; the temporary entries held until the end of the turn.
    order, order_rolls, idx, x
        Turn order (player numbers), the turn-order rolls, the index in ``order`` of the
        player whose turn it is, the number of living players when the Conflict stage
        began.
    extras
        Extra rolls bought this turn.
    roll, shift
        The list roll under way (:class:`ListRoll`, None) and the net shift its roller
        spent tokens on (0).
    landed
        The last entry landed on or picked (:class:`Landing`, None before the first).
    battle
        The battle under way (a dict: attacker, defender, bonus, bat, rolls, loser ...)
        or None.
    """

    __slots__ = ("active", "alive", "attrs", "battle", "bonus", "chance", "entries",
                 "extras", "homeworlds", "idx", "jam", "landed", "order", "order_rolls",
                 "phase", "races", "roll", "shift", "stage", "temp", "todo", "tokens",
                 "turn", "x")

    def __init__(self, players: int) -> None:
        n = players
        self.stage = "setup"
        self.turn = 0
        self.phase = "order"
        self.active: int | None = None
        self.chance: Chance | None = None
        self.todo: tuple[Task, ...] = ()
        self.races: tuple[str | None, ...] = (None,) * n
        self.homeworlds: tuple[str | None, ...] = (None,) * n
        self.entries: tuple[tuple[str, ...], ...] = ((),) * n
        self.tokens: tuple[int, ...] = (0,) * n
        self.attrs: tuple[tuple[int, ...], ...] = ()
        self.alive: tuple[bool, ...] = (True,) * n
        self.bonus: tuple[int, ...] = (0,) * n
        self.jam: tuple[int, ...] = (0,) * n
        self.temp: tuple[tuple[str, ...], ...] = ((),) * n
        self.order: tuple[int, ...] = tuple(range(n))
        self.order_rolls: tuple[tuple[int, ...], ...] = ((),) * n
        self.idx = 0
        self.x = n
        self.extras = 0
        self.roll: ListRoll | None = None
        self.shift = 0
        self.landed: Landing | None = None
        self.battle: dict[str, Any] | None = None

    @property
    def players(self) -> int:
        return len(self.tokens)

    @property
    def cur(self) -> dict[str, Any] | None:
        """The list roll under way as a dict (player, list, die, mod, total, shift,
        depth, temp); None when there is none."""
        r = self.roll
        if r is None:
            return None
        return {"player": r.player, "list": r.list, "die": r.die, "mod": r.mod,
                "total": r.total, "shift": self.shift, "depth": r.depth, "temp": r.temp}

    @property
    def last(self) -> dict[str, Any] | None:
        """The last entry landed on or picked as a dict (player, list, entry); None
        before the first."""
        t = self.landed
        return None if t is None else {"player": t.player, "list": t.list, "entry": t.entry}

    def opponents(self, p: int) -> list[int]:
        """``p``'s living opponents."""
        return [q for q in range(self.players) if q != p and self.alive[q]]

    def foe(self, p: int) -> int:
        """``p``'s opponent in the battle under way."""
        b = self.battle
        assert b is not None
        return int(b["defender"] if p == b["attacker"] else b["attacker"])

    def copy(self) -> IntergalacticState:
        c = IntergalacticState(0)
        c.active = self.active
        c.alive = self.alive
        c.attrs = self.attrs
        c.battle = self.battle
        c.bonus = self.bonus
        c.chance = self.chance
        c.entries = self.entries
        c.extras = self.extras
        c.homeworlds = self.homeworlds
        c.idx = self.idx
        c.jam = self.jam
        c.landed = self.landed
        c.order = self.order
        c.order_rolls = self.order_rolls
        c.phase = self.phase
        c.races = self.races
        c.roll = self.roll
        c.shift = self.shift
        c.stage = self.stage
        c.temp = self.temp
        c.todo = self.todo
        c.tokens = self.tokens
        c.turn = self.turn
        c.x = self.x
        return c


def with_item(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced by ``v`` (a new tuple)."""
    return (*t[:i], v, *t[i + 1:])


def battle_to_change(s: IntergalacticState) -> dict[str, Any]:
    """``s.battle``, copied for ``s`` to change: the states share a battle dict until one
    changes it."""
    assert s.battle is not None
    b = s.battle = dict(s.battle)
    return b
