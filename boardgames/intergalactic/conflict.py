"""The Conflict stage's battles: the Challenge, Tactics (a stratagem roll each), the
Advantage (the Battle Advantage Totals, tokens added to them), the Battle (a d100
each), the Resolution (the loser loses a fleet, the winner takes a world or eliminates
a development), attacking again, and the end-of-game roll."""

from __future__ import annotations

from typing import Final

from .data import BATTLE_ATTRIBUTES
from .records import INDEX, advanced, fleets, is_fleet, spoils_of
from .state import IntergalacticState, battle_to_change, with_item
from .turn import BATTLE_TASKS, eliminate_if_no_fleet, gain, game_over, lose, signed

__all__ = ["add_to_bat", "advantage", "attack_again", "battle_rolled", "end_rolled",
           "offer_attack_again", "offer_challenge", "resolution", "sabotage", "start_battle",
           "take_spoils"]

ATTACK_AGAIN_COST: Final = 5
ADVANTAGE: Final = 5
"""The BAT one Advantage is worth."""


def can_attack(s: IntergalacticState, p: int) -> bool:
    """A living player with a living opponent may attack."""
    return s.alive[p] and bool(s.opponents(p))


def offer_challenge(s: IntergalacticState, p: int) -> None:
    """The Challenge: ``p`` attacks a living opponent of its choice."""
    if can_attack(s, p):
        s.phase, s.active = "challenge", p


def offer_attack_again(s: IntergalacticState, p: int) -> None:
    """After a battle (or none): ``p`` may spend 5 IT to attack again."""
    s.battle = None
    if can_attack(s, p) and s.tokens[p] >= ATTACK_AGAIN_COST:
        s.phase, s.active = "again", p


def attack_again(s: IntergalacticState, p: int, log: list[str]) -> None:
    s.tokens = with_item(s.tokens, p, s.tokens[p] - ATTACK_AGAIN_COST)
    log.append(f"P{p} spends 5 IT to attack again")
    s.todo = (("challenge", p), ("again", p), *s.todo)


def start_battle(s: IntergalacticState, a: int, d: int, log: list[str]) -> None:
    """``a`` attacks ``d``: Tactics (a stratagem roll each), the Advantage, each adds
    tokens to the BAT, the Battle (a d100 each), the Resolution."""
    log.append(f"P{a} attacks P{d}")
    s.battle = {"attacker": a, "defender": d, "bonus": {}, "bat": {str(a): 0, str(d): 0},
                "rolls": {}, "loser": None}
    s.todo = (("roll_s", a), ("roll_s", d), ("advantage",), ("bat", a), ("bat", d),
              ("battle", a), ("battle", d), ("resolve",), *s.todo)


def prevent_battle(s: IntergalacticState, p: int, log: list[str]) -> None:
    """Diplomacy / Truce: the battle is cancelled."""
    log.append(f"P{p} prevents the battle")
    s.todo = tuple(t for t in s.todo if t[0] not in BATTLE_TASKS)


def battle_levels(s: IntergalacticState, p: int) -> dict[str, int]:
    """``p``'s battle attributes, with the stratagem bonuses of the battle under way."""
    assert s.battle is not None
    levels = {a: s.attrs[p][INDEX[a]] for a in BATTLE_ATTRIBUTES}
    for a, v in s.battle["bonus"].get(str(p), ()):
        if a in levels:
            levels[a] += v
    return levels


def advantage(s: IntergalacticState, log: list[str]) -> None:
    """The Advantage: 5 BAT to the higher of each battle attribute, and 5 to whoever
    holds more Advanced entries."""
    b = battle_to_change(s)
    a, d = b["attacker"], b["defender"]
    la, ld = battle_levels(s, a), battle_levels(s, d)
    bat = {str(a): 0, str(d): 0}
    for attr in BATTLE_ATTRIBUTES:
        if la[attr] > ld[attr]:
            bat[str(a)] += ADVANTAGE
        elif ld[attr] > la[attr]:
            bat[str(d)] += ADVANTAGE
    na, nd = advanced(s.entries[a]), advanced(s.entries[d])
    if na != nd:
        bat[str(a if na > nd else d)] += ADVANTAGE
    b["bat"] = bat
    b["bonus_lost"] = False
    s.phase = "advantage"
    log.append(f"BAT: P{a} {signed(bat[str(a)])}, P{d} {signed(bat[str(d)])}")


def offer_bat(s: IntergalacticState, p: int) -> None:
    """Each may add IT to its BAT, 1:1 (ruling 7)."""
    if s.tokens[p] > 0:
        s.phase, s.active = "bat", p


def add_to_bat(s: IntergalacticState, p: int, k: int, log: list[str]) -> None:
    if k:
        b = battle_to_change(s)
        s.tokens = with_item(s.tokens, p, s.tokens[p] - k)
        b["bat"] = {**b["bat"], str(p): b["bat"][str(p)] + k}
        log.append(f"P{p} adds {k} IT to the BAT (now {signed(b['bat'][str(p)])})")


def start_battle_roll(s: IntergalacticState, p: int) -> None:
    s.phase = "battle"
    s.chance = ("battle", "d100", p)


def battle_rolled(s: IntergalacticState, p: int, die: int, log: list[str]) -> None:
    """``p``'s Combat Roll: the d100 plus the BAT."""
    b = battle_to_change(s)
    b["rolls"] = {**b["rolls"], str(p): die}
    log.append(f"P{p} battle roll {die} + BAT {signed(b['bat'][str(p)])} = "
               f"{die + b['bat'][str(p)]}")


def resolution(s: IntergalacticState, log: list[str]) -> None:
    """The higher Combat Roll Sum wins: the loser loses a fleet and the winner takes
    the spoils; a tie costs each a fleet. The stratagems' bonuses are lost."""
    b = battle_to_change(s)
    a, d = b["attacker"], b["defender"]
    ca = b["rolls"][str(a)] + b["bat"][str(a)]
    cd = b["rolls"][str(d)] + b["bat"][str(d)]
    b["bonus"] = {}
    s.phase = "resolution"
    if ca == cd:
        log.append(f"Battle tied at {ca}: each loses a fleet")
        b["loser"] = None
        s.todo = (("lose", a), ("lose", d), *s.todo)
        return
    w, loser = (a, d) if ca > cd else (d, a)
    b["loser"] = loser
    b["winner"] = w
    log.append(f"P{w} wins the battle ({max(ca, cd)} to {min(ca, cd)})")
    s.todo = (("lose", loser), ("spoils", w), *s.todo)


def offer_discard(s: IntergalacticState, p: int) -> None:
    """The loser (both, in a tie) discards a fleet of its choice."""
    if s.alive[p] and fleets(s.entries[p]):
        s.phase, s.active = "discard", p


def discard(s: IntergalacticState, p: int, name: str, log: list[str]) -> None:
    lose(s, p, name, log, "battle")
    eliminate_if_no_fleet(s, p, True, log)


def offer_spoils(s: IntergalacticState, w: int) -> None:
    """The winner takes a world or eliminates a development of the loser."""
    assert s.battle is not None
    if s.alive[w] and spoils_of(s.entries[s.battle["loser"]]):
        s.phase, s.active = "spoils", w


def take_spoils(s: IntergalacticState, p: int, verb: str, name: str, log: list[str]) -> None:
    """``take``: the world changes hands (a copy the winner holds already is not
    gained twice); ``remove``: the development is eliminated. A world or development
    with a Fleet bonus is a fleet (ruling 8): losing the last one eliminates."""
    assert s.battle is not None
    loser = s.battle["loser"]
    if verb == "take":
        lose(s, loser, name, log, f"taken by P{p}")
        if name not in s.entries[p]:
            gain(s, p, name, log)
    else:
        lose(s, loser, name, log, f"eliminated by P{p}")
    eliminate_if_no_fleet(s, loser, is_fleet(name), log)


def sabotage(s: IntergalacticState, p: int, name: str, log: list[str]) -> None:
    """Sabotage: the opponent loses that fleet."""
    foe = s.foe(p)
    lose(s, foe, name, log, f"sabotaged by P{p}")
    eliminate_if_no_fleet(s, foe, True, log)


def end_rolled(s: IntergalacticState, die: int, log: list[str]) -> None:
    """The end-of-game roll: 5 or less on 1D10 ends the game."""
    log.append(f"End-of-game roll: {die}")
    if die <= 5:
        game_over(s, log, "the end-of-game roll was 5 or less")
