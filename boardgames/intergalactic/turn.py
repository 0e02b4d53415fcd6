"""The turn: stages, player-turns and their phases -- Income, the stage's list roll
(token spending, landing, what an entry does), the extra roll -- and gaining, losing
and elimination. The battles of the Conflict stage are in ``conflict.py``; the queue of
a turn's tasks is run by ``tasks.py``.

A player-turn is a queue of tasks (``s.todo``): Income, then the stage's list roll and
the offer of an extra roll (the Conflict stage: Income, the Challenge, the offer to
attack again). A task either does its part at once or sets a decision (``s.phase``,
``s.active``) or a chance node (``s.chance``).
"""

from __future__ import annotations

from typing import Final

from . import data
from .data import KIND, STAGE_LIST, STAGES, Entry
from .legal import can_land_elsewhere, pickable, stealable
from .odds import levels_modifier, lookup
from .records import CRIMINAL_NAMES, INDEX, attributes_after, cap, fleets, meets
from .rules import Rules
from .state import IntergalacticState, Landing, ListRoll, Task, battle_to_change, with_item

__all__ = ["BATTLE_TASKS", "begin_turn", "buy_extra_roll", "cap_tokens", "eliminate",
           "gain", "game_over", "land", "list_rolled", "lose", "next_turn", "offer_extra_roll",
           "signed", "start_income", "start_list_roll", "start_stage"]

INCOME_ATTRIBUTE: Final = {"research": None, "exploration": "Scan", "development": "Finance",
                           "buildup": "Manufacturing"}
"""The attribute added to the Income roll of each stage (Conflict: ``conflict_income``)."""
BATTLE_TASKS: Final = frozenset({"roll_s", "advantage", "bat", "battle", "resolve", "lose",
                                 "spoils"})
"""The tasks of a battle (``conflict.start_battle``)."""
EXTRA_ROLL_COST: Final = 5


# ---------------------------------------------------------------- stages and turns
def stage_roll(p: int, list_name: str) -> Task:
    """The task of one roll on ``list_name`` by ``p`` (no extra modifier, not nested)."""
    return ("roll", p, list_name, 0, 0, False)


def turn_tasks(stage: str, p: int) -> tuple[Task, ...]:
    """A player-turn of ``stage``: Income, then the stage's list roll and the offer of
    an extra roll; in the Conflict stage Income, the Challenge and the offer to attack
    again."""
    if stage == "conflict":
        return (("income", p), ("challenge", p), ("again", p))
    return (("income", p), stage_roll(p, STAGE_LIST[stage]), ("offer", p))


def start_stage(s: IntergalacticState, stage: str, rules: Rules, log: list[str]) -> None:
    """A new stage starts (with ``Rules.no_fleet_elimination``, the Conflict stage
    eliminates the players without a fleet; one player left ends the game)."""
    s.stage = stage
    s.turn = 0
    s.idx = -1
    log.append(f"== {stage.capitalize()} stage ==")
    if stage == "conflict":
        if rules.no_fleet_elimination:
            for p in range(s.players):
                if s.alive[p] and not fleets(s.entries[p]):
                    eliminate(s, p, log, "no fleet at the Conflict stage")
        s.x = sum(s.alive)
        if s.x <= 1:
            game_over(s, log, "one player left")


def stage_is_over(s: IntergalacticState, rules: Rules) -> bool:
    """"The Stage ends when each player has had 10 Turns" (``Rules.turns_per_stage``)."""
    return s.turn >= rules.turns_per_stage * s.players


def conflict_needs_end_roll(s: IntergalacticState) -> bool:
    """The Conflict stage: once each player alive when it began has had two turns, an
    end-of-game roll follows every turn (ruling: 1D10, 5 or less ends the game)."""
    return s.turn >= 2 * s.x and s.phase != "end_roll"


def next_turn(s: IntergalacticState, rules: Rules, log: list[str]) -> None:
    """End the current player-turn (if any) and start the next one (or the next stage,
    or the end-of-game roll)."""
    if s.turn > 0:
        if s.stage == "conflict":
            discard_temporary(s, log)
            if sum(s.alive) <= 1:
                game_over(s, log, "one player left")
                return
            if conflict_needs_end_roll(s):
                s.phase = "end_roll"
                s.chance = ("end", "d10")
                return
        elif stage_is_over(s, rules):
            start_stage(s, STAGES[STAGES.index(s.stage) + 1], rules, log)
            if s.stage == "over":
                return
    begin_turn(s, log)


def discard_temporary(s: IntergalacticState, log: list[str]) -> None:
    """The temporary entries (Mercenaries) are discarded at the end of the turn: not a
    loss, it never eliminates (ruling 7)."""
    for p in range(s.players):
        for name in s.temp[p]:
            if name in s.entries[p]:
                lose(s, p, name, log, "discarded at the end of the turn")
    s.temp = ((),) * s.players


def begin_turn(s: IntergalacticState, log: list[str]) -> None:
    """The next living player in turn order starts a turn."""
    n = s.players
    s.battle = None
    s.roll = None
    s.shift = 0
    i = s.idx
    for _ in range(n):
        i = (i + 1) % n
        if s.alive[s.order[i]]:
            break
    s.idx = i
    s.turn += 1
    s.extras = 0
    p = s.order[i]
    s.phase = "income"
    log.append(f"-- {s.stage} turn {s.turn}: P{p} --")
    s.todo = turn_tasks(s.stage, p)


def game_over(s: IntergalacticState, log: list[str], why: str) -> None:
    s.stage = "over"
    s.phase = "over"
    s.active = None
    s.chance = None
    s.todo = ()
    log.append(f"Game over: {why}")


# ---------------------------------------------------------------- Income
def income_bonus(s: IntergalacticState, p: int) -> int:
    """What ``p`` adds to the Income roll: the stage's attribute (Research: none); in
    the Conflict stage Strategy / 5, rounded up, at least 0."""
    levels = s.attrs[p]
    if s.stage == "conflict":
        return max(0, -(-levels[INDEX["Strategy"]] // 5))
    a = INCOME_ATTRIBUTE[s.stage]
    return 0 if a is None else levels[INDEX[a]]


def start_income(s: IntergalacticState, p: int) -> None:
    """Income: ``p`` rolls 1D6 plus the stage's bonus."""
    s.phase = "income"
    s.chance = ("income", "d6", p, income_bonus(s, p))


def signed(n: int) -> str:
    """A modifier as the log writes it: ``+3``, ``+0``, ``-2``."""
    return f"+{n}" if n >= 0 else str(n)


def receive_income(s: IntergalacticState, p: int, bonus: int, die: int,
                   log: list[str]) -> None:
    """``p`` gains die + bonus IT (at least 0)."""
    gain = max(0, die + bonus)
    s.tokens = with_item(s.tokens, p, s.tokens[p] + gain)
    log.append(f"P{p} gains {gain} IT (1D6 {die}{signed(bonus)}), has {s.tokens[p]}")


def cap_tokens(s: IntergalacticState, log: list[str]) -> None:
    """Discard the tokens over each player's cap (20 + Intelligence, at least 0)."""
    for p, t in enumerate(s.tokens):
        c = cap(s.attrs[p])
        if t > c:
            log.append(f"P{p} discards {t - c} IT over the cap of {c}")
            s.tokens = with_item(s.tokens, p, c)


# ---------------------------------------------------------------- list rolls
def roll_modifier(s: IntergalacticState, p: int, list_name: str, extra: int) -> int:
    """The modifier of ``p``'s roll on ``list_name``: the stage's attributes
    (``odds.stage_modifier``), an entry's extra modifier and the bonus to the next roll."""
    return extra + s.bonus[p] + levels_modifier(list_name, s.attrs[p])


def start_list_roll(s: IntergalacticState, task: Task, log: list[str]) -> None:
    """A roll on a list (``roll``: the stage's list, an extra or nested roll;
    ``roll_s``: a stratagem roll in a battle): the bonus to the next roll is used, a
    jammed stratagem roll loses the jamming, and 1D100 is rolled."""
    if task[0] == "roll_s":
        p, list_name, extra, depth, temp = task[1], "stratagem", 0, 0, False
        s.phase = "tactics"
    else:
        _, p, list_name, extra, depth, temp = task
    if not s.alive[p]:
        return
    mod = roll_modifier(s, p, list_name, extra)
    if s.bonus[p]:
        log.append(f"P{p} uses +{s.bonus[p]} to the next roll")
        s.bonus = with_item(s.bonus, p, 0)
    if list_name == "stratagem" and s.jam[p]:
        log.append(f"P{p} is jammed: -{s.jam[p]}")
        mod -= s.jam[p]
        s.jam = with_item(s.jam, p, 0)
    s.chance = ("roll", "d100", p, list_name, mod, depth, temp)


def rolls_for_twice(roll: ListRoll, rules: Rules) -> bool:
    """Whether ``roll`` was made for a "Roll Twice" at the depth where 101+ reads "Pick
    one of the Above" (ruling 2, ``Rules.roll_twice_depth``)."""
    return roll.depth >= rules.roll_twice_depth


def list_rolled(s: IntergalacticState, die: int, rules: Rules, log: list[str]) -> None:
    """The d100 of a list roll came up ``die``: the roller may spend tokens to shift the
    total (ruling 2); without a choice to make the roll lands at once."""
    assert s.chance is not None
    _, _, p, list_name, mod, depth, temp = s.chance
    s.chance = None
    total = die + mod
    log.append(f"P{p} rolls {die} on the {list_name} list ({signed(mod)}): {total}")
    s.roll = ListRoll(p, list_name, die, mod, total, depth, temp)
    s.shift = 0
    if not offer_token_spending(s, rules, log):
        land(s, rules, log)


def offer_token_spending(s: IntergalacticState, rules: Rules, log: list[str]) -> bool:
    """The roller's token-spending decision (ruling 2), if there is one: tokens to
    spend and another entry (or nothing) within reach."""
    r = s.roll
    assert r is not None
    if s.tokens[r.player] <= 0:
        return False
    cap_tokens(s, log)
    if not can_land_elsewhere(r.list, r.total, rolls_for_twice(r, rules), s.tokens[r.player]):
        return False
    s.phase = "spend"
    s.active = r.player
    return True


def land(s: IntergalacticState, rules: Rules, log: list[str]) -> None:
    """The list roll lands on its total, shifted by the tokens spent (1 IT a point)."""
    r = s.roll
    assert r is not None
    p, shift = r.player, s.shift
    if shift:
        s.tokens = with_item(s.tokens, p, s.tokens[p] - abs(shift))
    total = r.total + shift
    e = lookup(r.list, total, twice=rolls_for_twice(r, rules))
    spent = f" after spending {abs(shift)} IT" if shift else ""
    log.append(f"P{p} lands on {total}{spent}: {e.name if e else 'nothing'}")
    if e is not None:
        apply_entry(s, p, e, r, log)


def apply_entry(s: IntergalacticState, p: int, e: Entry, r: ListRoll, log: list[str]) -> None:
    """What entry ``e`` does for ``p``, who landed on it or picked it in the roll ``r``."""
    s.landed = Landing(p, e.list, e.name)
    if e.special:
        apply_special(s, p, e, r)
    elif e.next_bonus:
        s.bonus = with_item(s.bonus, p, s.bonus[p] + e.next_bonus)
    elif e.nested is not None:
        s.todo = (("roll", p, e.nested[0], e.nested[1], r.depth, e.temporary), *s.todo)
    elif e.list == "stratagem":
        add_stratagem_bonus(s, p, e)
    elif e.name in s.entries[p]:
        log.append(f"  P{p} already holds {e.name}: nothing")
    elif not meets(s.attrs[p], e):
        assert e.req is not None
        log.append(f"  {e.name} needs {e.req[0]} {e.req[1]}+: nothing")
    else:
        gain(s, p, e.name, log)
        if r.temp:
            s.temp = with_item(s.temp, p, (*s.temp[p], e.name))


def apply_special(s: IntergalacticState, p: int, e: Entry, r: ListRoll) -> None:
    """The entries that do something once: Roll Twice (two rolls on the list, one level
    deeper; at the depth limit ``land`` reads "Pick one of the Above" instead, ruling 2),
    Pick one of the Above, Steal Technology, Diplomacy / Truce (prevent the battle),
    Sabotage, Jamming (-50 on the opponent's next stratagem roll), Lost Opportunity."""
    if e.special == "twice":
        again = ("roll", p, e.list, 0, r.depth + 1, r.temp)
        s.todo = (again, again, *s.todo)
    elif e.special == "pick":
        offer_pick(s, p, e.list, r)
    elif e.special == "steal":
        if stealable(s, p):
            s.phase, s.active = "steal", p
    elif e.special == "prevent":
        s.phase, s.active = "prevent", p
    elif e.special == "sabotage":
        if fleets(s.entries[s.foe(p)]):
            s.phase, s.active = "sabotage", p
    elif e.special == "jam":
        foe = s.foe(p)
        s.jam = with_item(s.jam, foe, s.jam[foe] + 50)
    # "lost" (Lost Opportunity): nothing


def offer_pick(s: IntergalacticState, p: int, list_name: str, r: ListRoll) -> None:
    """"Pick one of the Above" on ``list_name``: the ``pick`` decision, if any entry can
    be picked (else nothing)."""
    if pickable(list_name, s.entries[p], s.attrs[p]):
        s.roll = r.on_list(list_name)
        s.phase = "pick"
        s.active = p


def pick(s: IntergalacticState, p: int, name: str, log: list[str]) -> None:
    """``p`` picks entry ``name`` of the list of the roll under way."""
    r = s.roll
    assert r is not None
    log.append(f"P{p} picks {name}")
    e = next(x for x in data.LISTS[r.list] if x.name == name and x.dc <= 100)
    apply_entry(s, p, e, r, log)


def add_stratagem_bonus(s: IntergalacticState, p: int, e: Entry) -> None:
    """A stratagem's effects count for ``p`` in the battle under way."""
    b = battle_to_change(s)
    key = str(p)
    bonus = dict(b["bonus"].get(key, ()))
    for a, v in e.effects:
        bonus[a] = bonus.get(a, 0) + v
    b["bonus"] = {**b["bonus"], key: tuple(sorted(bonus.items()))}


def offer_extra_roll(s: IntergalacticState, p: int, rules: Rules) -> None:
    """After the roll: an extra roll for 5 IT (ruling 5: ``Rules.extra_rolls_per_turn``
    a turn)."""
    if s.extras < rules.extra_rolls_per_turn and s.tokens[p] >= EXTRA_ROLL_COST:
        s.phase, s.active = "extra", p


def buy_extra_roll(s: IntergalacticState, p: int, log: list[str]) -> None:
    """``p`` spends 5 IT for one more roll on the stage's list (then the offer again)."""
    s.tokens = with_item(s.tokens, p, s.tokens[p] - EXTRA_ROLL_COST)
    s.extras += 1
    log.append(f"P{p} spends 5 IT for an extra roll")
    s.todo = (stage_roll(p, STAGE_LIST[s.stage]), ("offer", p), *s.todo)


# ---------------------------------------------------------------- the race record
def gain(s: IntergalacticState, p: int, name: str, log: list[str]) -> None:
    """``p`` gains entry ``name`` (held entries are kept sorted)."""
    s.entries = with_item(s.entries, p, tuple(sorted((*s.entries[p], name))))
    e = data.by_name(name)
    s.attrs = attributes_after(s.attrs, p, e, 1, True, s.alive[p])
    log.append(f"P{p} gains {name} ({KIND[e.list]})")


def lose(s: IntergalacticState, p: int, name: str, log: list[str], why: str) -> None:
    """``p`` loses entry ``name`` (a temporary one too)."""
    s.entries = with_item(s.entries, p, tuple(n for n in s.entries[p] if n != name))
    s.attrs = attributes_after(s.attrs, p, data.by_name(name), -1, True, s.alive[p])
    if name in s.temp[p]:
        s.temp = with_item(s.temp, p, tuple(n for n in s.temp[p] if n != name))
    log.append(f"P{p} loses {name} ({why})")


def eliminate_if_no_fleet(s: IntergalacticState, p: int, had_fleet: bool,
                          log: list[str]) -> None:
    """Losing the last fleet eliminates a player (rule "End")."""
    if s.alive[p] and had_fleet and not fleets(s.entries[p]):
        eliminate(s, p, log, "lost the last fleet")


def eliminate(s: IntergalacticState, p: int, log: list[str], why: str) -> None:
    """``p`` is eliminated: its Criminal developments no longer lower the opponents'
    attributes (ruling 6); a battle it fights stops, but a Resolution under way (a tie
    costs both) completes."""
    for name in sorted(CRIMINAL_NAMES.intersection(s.entries[p])):
        s.attrs = attributes_after(s.attrs, p, data.by_name(name), -1, False, True)
    s.alive = with_item(s.alive, p, False)
    log.append(f"P{p} is eliminated ({why})")
    b = s.battle
    if b is not None and p in (b["attacker"], b["defender"]):
        s.todo = tuple(t for t in s.todo
                       if t[0] not in BATTLE_TASKS or t[0] in ("lose", "spoils"))

