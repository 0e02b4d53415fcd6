"""Set-up: turn order (everyone rolls 1D10, ties reroll), then each player in turn order
takes (or rolls for) a Race and a Homeworld; and scenarios, a position at the start of
any player's turn (validated here)."""

from __future__ import annotations

from typing import Any

from ..core.limits import quote
from . import data
from .records import HOMES, RACES, all_attributes, cap
from .rules import Rules
from .state import IntergalacticState, Task, blank_state, with_item

__all__ = ["check_scenario", "new_state", "origins_left", "roll_for_order",
           "scenario_state", "take_origin"]


def new_state(players: int) -> IntergalacticState:
    """The position before the turn-order rolls: nothing chosen yet."""
    s = blank_state(players)
    s.attrs = all_attributes(s.races, s.homeworlds, s.entries, s.alive)
    s.todo = (("order", tuple(range(players))),)
    return s


def roll_for_order(s: IntergalacticState, rolling: tuple[int, ...], log: list[str]) -> None:
    """The turn-order task: the players of ``rolling`` roll 1D10 one after the other;
    then those tied reroll, and once nobody is tied the turn order is by the highest
    roll and each player in turn order chooses a Race and a Homeworld."""
    if rolling:
        s.chance = ("order", "d10", rolling[0])
        s.todo = (("order", rolling[1:]), *s.todo)
        return
    n = s.players
    keys = s.order_rolls
    tied = [p for p in range(n) if sum(1 for q in range(n) if keys[q] == keys[p]) > 1]
    if tied:
        log.append(f"Ties for turn order: {', '.join(f'P{p}' for p in tied)} reroll")
        s.todo = (("order", tuple(tied)), *s.todo)
        return
    s.order = tuple(sorted(range(n), key=lambda q: keys[q], reverse=True))
    log.append("Turn order: " + ", ".join(f"P{q}" for q in s.order))
    choices: list[Task] = [t for p in s.order for t in (("race", p), ("homeworld", p))]
    s.todo = (*choices, ("stage", "research"))


def record_order_roll(s: IntergalacticState, p: int, die: int, log: list[str]) -> None:
    """Player ``p`` rolled ``die`` for turn order."""
    s.order_rolls = with_item(s.order_rolls, p, (*s.order_rolls[p], die))
    log.append(f"P{p} rolls {die} for turn order")


def origins_left(s: IntergalacticState, kind: str, rules: Rules) -> tuple[str, ...]:
    """The Races (``kind`` "race") or Homeworlds still to take: each player controls a
    different Race; Homeworlds are distinct only with ``Rules.distinct_homeworlds``."""
    if kind == "race":
        return tuple(r for r in RACES if r not in s.races)
    taken = set(s.homeworlds) if rules.distinct_homeworlds else set()
    return tuple(h for h in HOMES if h not in taken)


def take_origin(s: IntergalacticState, p: int, kind: str, name: str, log: list[str]) -> None:
    """Player ``p`` takes the Race or Homeworld ``name``."""
    if kind == "race":
        s.races = with_item(s.races, p, name)
    else:
        s.homeworlds = with_item(s.homeworlds, p, name)
    s.attrs = all_attributes(s.races, s.homeworlds, s.entries, s.alive)
    log.append(f"P{p} takes the {kind} {name}")


# ---------------------------------------------------------------- scenarios
def scenario_state(spec: dict[str, Any], n: int) -> IntergalacticState:
    """The position a checked scenario ``spec`` describes, at the start of its turn."""
    s = blank_state(n)
    players = spec["players"]
    s.races = tuple(p["race"] for p in players)
    s.homeworlds = tuple(p["homeworld"] for p in players)
    s.entries = tuple(tuple(p["entries"]) for p in players)
    s.alive = tuple(p["alive"] for p in players)
    s.attrs = all_attributes(s.races, s.homeworlds, s.entries, s.alive)
    s.tokens = tuple(p["tokens"] for p in players)
    cp = spec["current_player"]
    s.order = tuple((cp + i) % n for i in range(n))
    s.stage = spec["stage"]
    s.turn = spec["turn"] - 1
    s.idx = -1
    s.x = sum(s.alive)
    s.todo = (("begin",),)
    s.phase = "income"
    return s


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_scenario(spec: Any, n: int, rules: Rules) -> dict[str, Any]:
    """The scenario ``spec`` checked and normalised (``ValueError`` naming what is
    wrong)."""
    _need(isinstance(spec, dict) and set(spec) == {"players", "stage", "turn",
                                                   "current_player"},
          "scenario must be a dict with players, stage, turn, current_player")
    stage, turn, cp = spec["stage"], spec["turn"], spec["current_player"]
    _need(stage in data.STAGES, f"scenario stage must be one of {data.STAGES}, not {quote(stage)}")
    limit = rules.turns_per_stage * n if stage != "conflict" else 10**6
    _need(_is_int(turn) and 1 <= turn <= limit,
          f"scenario turn must be an int in [1, {limit}], not {quote(turn)}")
    _need(_is_int(cp) and 0 <= cp < n, f"current_player must be 0..{n - 1}, not {quote(cp)}")
    _need(isinstance(spec["players"], list | tuple) and len(spec["players"]) == n,
          f"scenario players must be a list of {n} player dicts, not {quote(spec['players'])}")
    players = [_check_player(i, p) for i, p in enumerate(spec["players"])]
    races = [p["race"] for p in players]
    _need(len(set(races)) == len(races), "each player controls a different race")
    _need(not rules.distinct_homeworlds or len({p["homeworld"] for p in players}) == n,
          "homeworlds must be distinct (Rules.distinct_homeworlds)")
    dead = [i for i, p in enumerate(players) if not p["alive"]]
    _need(not dead or stage == "conflict",
          f"player {dead[0] if dead else 0} is not alive in the {stage} stage: players are "
          "eliminated only in the Conflict stage")
    _need(sum(p["alive"] for p in players) >= 2, "at least two players must be alive")
    _need(players[cp]["alive"], f"current_player {cp} is eliminated")
    out = {"players": players, "stage": stage, "turn": turn, "current_player": cp}
    s = scenario_state(out, n)
    for i, p in enumerate(players):
        c = cap(s.attrs[i])
        _need(p["tokens"] <= c, f"player {i}: {p['tokens']} tokens exceed the cap of {c}")
    return out


def _check_player(i: int, p: Any) -> dict[str, Any]:
    """One player dict of a scenario, checked and normalised."""
    _need(isinstance(p, dict) and set(p) <= {"race", "homeworld", "entries", "tokens",
                                             "alive"},
          f"player {i} must be a dict of race, homeworld, entries, tokens, alive, not {quote(p)}")
    race, home = p.get("race"), p.get("homeworld")
    _need(race in RACES, f"player {i}: unknown race {quote(race)}; races: {list(RACES)}")
    _need(home in HOMES, f"player {i}: unknown homeworld {quote(home)}")
    entries = p.get("entries", [])
    _need(isinstance(entries, list | tuple) and all(isinstance(x, str) for x in entries),
          f"player {i}: entries must be a list of names")
    for x in entries:
        _need(data.by_name(x).kept, f"player {i}: {quote(x)} is not a technology, world, "
                                    "development or fleet that can be held")
    _need(len(set(entries)) == len(entries), f"player {i}: an entry is held at most once")
    tokens = p.get("tokens", 0)
    _need(_is_int(tokens) and tokens >= 0,
          f"player {i}: tokens must be an int >= 0, not {quote(tokens)}")
    alive = p.get("alive", True)
    _need(isinstance(alive, bool), f"player {i}: alive must be a bool")
    return {"race": race, "homeworld": home, "entries": sorted(entries), "tokens": tokens,
            "alive": alive}
