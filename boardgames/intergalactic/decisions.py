"""What each decision does: one function per verb of ``actions.py``, applied to a copy of
the state by the core (``Game._act``); the queue of tasks then goes on (``tasks.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import conflict, turn
from .actions import Move
from .rules import Rules
from .setup import take_origin
from .state import IntergalacticState

__all__ = ["decide"]


def _origin(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    """Set-up: roll 1D10 for a Race / Homeworld, or take the one named."""
    if mv.arg == "roll":
        s.chance = (mv.verb, p)
    else:
        take_origin(s, p, mv.verb, mv.arg, log)


def _spend(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    """Token spending (ruling 2): the roll is shifted to the chosen total and lands."""
    total = mv.total  # read from the notation
    assert s.roll is not None and total is not None
    s.shift = total - s.roll.total
    turn.land(s, rules, log)


def _pick(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    turn.pick(s, p, mv.arg, log)


def _extra(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    turn.buy_extra_roll(s, p, log)


def _end(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    log.append(f"P{p} ends the turn")


def _attack(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    if mv.arg == "again":
        conflict.attack_again(s, p, log)
    else:
        conflict.start_battle(s, p, int(mv.arg), log)


def _prevent(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    conflict.prevent_battle(s, p, log)


def _allow(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    log.append(f"P{p} lets the battle go on")


def _steal(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    """Steal Technology: ``p`` gains a copy of the technology."""
    log.append(f"P{p} steals a copy of {mv.arg}")
    turn.gain(s, p, mv.arg, log)


def _sabotage(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    conflict.sabotage(s, p, mv.arg, log)


def _add(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    conflict.add_to_bat(s, p, int(mv.arg), log)


def _discard(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    conflict.discard(s, p, mv.arg, log)


def _spoils(s: IntergalacticState, p: int, mv: Move, rules: Rules, log: list[str]) -> None:
    conflict.take_spoils(s, p, mv.verb, mv.arg, log)


_DECISIONS: Final[dict[str, Callable[[IntergalacticState, int, Move, Rules, list[str]], None]]] = {
    "race": _origin, "homeworld": _origin, "keep": _spend, "land": _spend, "pick": _pick,
    "extra": _extra, "end": _end, "attack": _attack, "prevent": _prevent, "allow": _allow,
    "steal": _steal, "sabotage": _sabotage, "add": _add, "discard": _discard,
    "take": _spoils, "remove": _spoils,
}
"""What each verb does."""


def decide(s: IntergalacticState, mv: Move, rules: Rules, log: list[str]) -> None:
    """The player to move (``s.active``) takes the legal action ``mv``."""
    p = s.active
    assert p is not None
    s.active = None
    _DECISIONS[mv.verb](s, p, mv, rules, log)
