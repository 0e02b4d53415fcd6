"""The queue of a turn's tasks (``s.todo``): :func:`advance` runs the automatic tasks
until one needs a player's decision (``s.phase``, ``s.active``) or a chance outcome
(``s.chance``), or the game is over. A task that sets a decision with one choice only
(discarding the last fleet, the only spoils) takes it at once."""

from __future__ import annotations

from typing import Final

from . import conflict, turn
from .decisions import decide
from .legal import legal
from .rules import Rules
from .setup import roll_for_order
from .state import IntergalacticState, Task

__all__ = ["advance"]

ONE_CHOICE_TAKEN: Final = frozenset({"pick", "steal", "sabotage", "discard", "spoils"})
"""The decisions a task sets that are taken at once when they have one choice only."""


def waiting(s: IntergalacticState) -> bool:
    """A decision or a chance node is pending, or the game is over."""
    return s.chance is not None or s.active is not None or s.phase == "over"


def has_one_choice(s: IntergalacticState, rules: Rules) -> bool:
    return (s.active is not None and s.phase in ONE_CHOICE_TAKEN
            and len(legal(s, rules)) == 1)


def advance(s: IntergalacticState, rules: Rules, log: list[str]) -> None:
    """Run tasks (the next turn when none is left) until something is pending; the
    tokens over a cap are discarded."""
    while not waiting(s):
        if not s.todo:
            turn.next_turn(s, rules, log)
            continue
        task, s.todo = s.todo[0], s.todo[1:]
        run(s, task, rules, log)
        if has_one_choice(s, rules):
            decide(s, legal(s, rules)[0], rules, log)
    turn.cap_tokens(s, log)


def run(s: IntergalacticState, task: Task, rules: Rules, log: list[str]) -> None:
    """One task of the queue."""
    kind = task[0]
    if kind in ("roll", "roll_s"):
        turn.start_list_roll(s, task, log)
    elif kind == "income":
        turn.start_income(s, task[1])
    elif kind == "offer":
        turn.offer_extra_roll(s, task[1], rules)
    elif kind == "begin":
        turn.begin_turn(s, log)
    elif kind == "stage":
        turn.start_stage(s, task[1], rules, log)
    elif kind == "order":
        roll_for_order(s, task[1], log)
    elif kind in ("race", "homeworld"):
        s.phase, s.active = kind, task[1]
    else:
        run_battle_task(s, task, log)


def run_battle_task(s: IntergalacticState, task: Task, log: list[str]) -> None:
    """One task of the Conflict stage (``conflict.py``)."""
    kind = task[0]
    if kind == "challenge":
        conflict.offer_challenge(s, task[1])
    elif kind == "again":
        conflict.offer_attack_again(s, task[1])
    elif kind == "advantage":
        conflict.advantage(s, log)
    elif kind == "bat":
        conflict.offer_bat(s, task[1])
    elif kind == "battle":
        conflict.start_battle_roll(s, task[1])
    elif kind == "resolve":
        conflict.resolution(s, log)
    elif kind == "lose":
        conflict.offer_discard(s, task[1])
    elif kind == "spoils":
        conflict.offer_spoils(s, task[1])
    else:  # pragma: no cover - every task is listed
        raise AssertionError(f"unknown task {task!r}")
