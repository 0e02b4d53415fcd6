"""Bad input to Intergalactic: every refusal raises the right ``ValueError`` subclass (or
``TypeError`` for a wrong Python type given to a constructor), with a message quoting the
input, and leaves the game exactly as it was (``to_json()``, ``==``, log, every view,
legal actions and the undo/redo stacks compared before and after)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from intergalactic.support import acts, battle, force, play, rec, scenario, two

import boardgames as bg
from boardgames.core.action import Action
from boardgames.core.errors import IllegalActionError, InvalidActionError, InvalidSaveError
from boardgames.intergalactic import Intergalactic, Move, Rules, lookup


@dataclass(frozen=True)
class Snapshot:
    text: str
    game: bg.Game
    log: tuple[str, ...]
    views: tuple[dict[str, Any], ...]
    legal: tuple[Action, ...]
    undo_redo: tuple[bool, bool]


def snap(g: bg.Game) -> Snapshot:
    views = tuple(g.view(p) for p in [None, *range(g.players)])
    return Snapshot(g.to_json(), g.fork(), g.log, views, g.legal_actions(),
                    (g.can_undo, g.can_redo))


def refused(g: bg.Game, x: Any, error: type[Exception], *quoted: str) -> str:
    """``g.apply(x)`` raises ``error`` quoting each of ``quoted``, and changes nothing."""
    s = snap(g)
    with pytest.raises(error) as e:
        g.apply(x)
    msg = str(e.value)
    for q in quoted:
        assert q in msg, (q, msg)
    assert g.to_json() == s.text and g == s.game and g.log == s.log
    assert tuple(g.view(p) for p in [None, *range(g.players)]) == s.views
    assert g.legal_actions() == s.legal and (g.can_undo, g.can_redo) == s.undo_redo
    ok, why = g.is_legal(x) if g.current_player not in (None, -1) else (False, msg)
    assert not ok and why
    return msg


def spending() -> Intergalactic:
    """P0 has rolled 40 on the Research list and holds 3 IT: keep 40, or land on another
    entry within 37..43."""
    g = two(ta=2)
    force(g, 1, 40)
    assert g.phase == "spend"
    return g


def resolution() -> Intergalactic:
    """P1 lost a battle to P0 and must discard one of its fleets."""
    g = two("conflict", a=["Core Fleet", "Fast Fleet", "Ice World"],
            b=["Attack Fleet", "Heavy Fleet", "Rocky World", "Space Lanes"])
    battle(g, 1, (30, 30), (100, 1))
    assert g.phase == "discard" and g.current_player == 1
    return g


MALFORMED = [
    "", "   ", "fly", "FLY", "shift +1", "accept", "done", "bat +1", "keep", "keep x",
    "keep 40 now", "keep 4.0", "keep 12345", "land", "land on", "land on 41",
    "land on 41 Nova Bombs", "land on x Nova Bombs (1 IT)", "land 41 Nova Bombs (1 IT)",
    "land on 41 Nova Bombs (1 it)", "land on -1 nothing (41 IT)", "add", "add -1", "add x",
    "add 1 2", "add 2.0", "extra", "extra rolls", "end", "end game", "attack", "attack x",
    "attack -1", "prevent", "allow", "race", "pick", "steal", "discard", "take", "remove",
    "homeworld", "x" * 300, "keep 40\x00", "déplacer",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_notation_is_refused_and_changes_nothing(text: str) -> None:
    g = spending()
    refused(g, text, InvalidActionError, repr(text[:60]).strip("'")[:20])
    with pytest.raises(InvalidActionError):
        Move.parse(text)


@pytest.mark.parametrize("x", [None, 3.5, ["keep 40"], {"verb": "keep"}, b"keep 40",
                               ("keep", "40"), 40, True])
def test_non_string_input_is_refused(x: Any) -> None:
    g = spending()
    refused(g, x, InvalidActionError)


def test_an_action_of_another_game_is_refused() -> None:
    from boardgames.spacehole import Move as SpaceholeMove

    g = spending()
    refused(g, SpaceholeMove("pass"), InvalidActionError, "not an action of intergalactic")


@pytest.mark.parametrize(("action", "words"), [
    ("attack 1", ["spend phase", "legal now: keep, land"]),
    ("add 1", ["spend phase"]),
    ("add 0", ["spend phase"]),
    ("extra roll", ["an extra roll costs 5 IT and is offered after the roll"]),
    ("end turn", ["spend phase"]),
    ("race Humans", ["spend phase"]),
    ("homeworld Red World", ["spend phase"]),
    ("pick Nova Bombs", ["spend phase"]),
    ("discard Core Fleet", ["spend phase"]),
    ("take Ice World", ["spend phase"]),
    ("remove Space Lanes", ["spend phase"]),
    ("steal Holography", ["spend phase"]),
    ("sabotage Core Fleet", ["spend phase"]),
    ("prevent battle", ["spend phase"]),
    ("attack again", ["spend phase"]),
])
def test_actions_of_another_stage_or_phase_name_the_rule(action: str, words: list[str]) -> None:
    g = spending()
    msg = refused(g, action, IllegalActionError, action, *words)
    assert "(rule: " in msg


def test_spending_beyond_the_tokens_is_refused() -> None:
    """A landing out of reach, on the wrong entry or at a dearer total than the entry's
    cheapest, another total to keep, more IT for the BAT than held: each refused with
    the reason, the game unchanged."""
    g = spending()
    name = {t: lookup("research", t).name for t in range(37, 45)}  # one entry a total
    assert acts(g) == {"keep 40"} | {f"land on {t} {name[t]} ({abs(t - 40)} IT)"
                                     for t in (37, 38, 39, 41, 42, 43)}
    for action in (f"land on 44 {name[44]} (4 IT)", f"land on 41 {name[43]} (1 IT)",
                   f"land on 43 {name[43]} (2 IT)", "keep 41", f"land on 40 {name[40]} (0 IT)"):
        refused(g, action, IllegalActionError, action, "you have 3 IT", "Token spending",
                "the roll totals 40")
    b = two("conflict", a=["Core Fleet"], b=["Core Fleet"], ta=1)
    battle(b, 1, (30, 30), ())
    assert b.phase == "bat" and acts(b) == {"add 0", "add 1", "add 2"}
    refused(b, "add 3", IllegalActionError, "you have 2 IT to add to the BAT")


def test_another_players_action_is_refused() -> None:
    """The loser (P1) must discard one of its own fleets: not the winner's; nor may it take
    a world (the winner's choice, later)."""
    g = resolution()
    for action in ["discard Core Fleet", "discard Fast Fleet", "take Ice World",
                   "take Rocky World", "remove Space Lanes", "attack 0", "end turn"]:
        refused(g, action, IllegalActionError, action)
    play(g, "discard Heavy Fleet", by=1)
    assert g.current_player == 0
    for action in ["take Ice World", "discard Core Fleet", "remove Ice World",
                   "take Space Lanes"]:
        refused(g, action, IllegalActionError, action)


def test_attacking_oneself_or_an_eliminated_player_is_refused() -> None:
    g = scenario([rec(entries=["Core Fleet"]), rec("Yiff", entries=["Core Fleet"]),
                  rec("Humans", alive=False)], stage="conflict")
    force(g, 1)
    refused(g, "attack 0", IllegalActionError, "attack 0", "'0' is not one of the choices")
    refused(g, "attack 2", IllegalActionError, "attack 2")
    refused(g, "attack 7", IllegalActionError, "attack 7")
    refused(g, "attack 99999999999999999999", IllegalActionError)


def test_forged_move_objects_are_refused() -> None:
    g = spending()
    for m in [Move("pick", "Nova Bombs"), Move("land", "on 47 Telepathy (7 IT)"),
              Move("attack", "1"), Move("race", "Daleks"), Move("keep", "now"),
              Move("add", "1")]:
        refused(g, m, IllegalActionError)
    with pytest.raises(InvalidActionError, match="unknown verb 'fly'"):
        Move("fly")
    with pytest.raises(InvalidActionError, match="unknown verb 'shift'"):
        Move("shift", "+1")
    with pytest.raises(InvalidActionError, match="argument is a string"):
        Move("pick", 5)  # type: ignore[arg-type]


def test_chance_nodes_refuse_what_is_not_an_outcome() -> None:
    g = two()
    for x in [0, 7, -1, 2**70, "seven", "accept", None, [3]]:
        refused(g, x, IllegalActionError, "not an outcome")
    g.apply("3")  # an outcome's text is accepted
    assert g.state.tokens[0] == 3
    for x in [0, 101, "Humans", "keep 40", "add 1"]:
        refused(g, x, IllegalActionError, "chance")
    with pytest.raises(bg.GameError, match="not at a chance node"):
        spending().chance_outcomes()
    with pytest.raises(bg.GameError, match="not at a chance node"):
        spending().roll()


def test_a_finished_game_refuses_everything() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet"])
    battle(g, 1, (30, 30), (100, 1))
    assert g.is_over
    for x in ["keep 40", "end turn", "attack 1", "add 1", "extra roll", 5]:
        refused(g, x, bg.GameError, "the game is over")
    with pytest.raises(bg.GameError, match="not at a chance node"):
        g.roll()


# ------------------------------------------------------------------ constructor, options
def test_constructor_and_rules_refuse_bad_values() -> None:
    for bad in (1, 7, 0, -2, 2**70, "4", 4.0, True, None):
        with pytest.raises(ValueError, match=f"players must be an int from 2 to 6, not {bad!r}"):
            Intergalactic(players=bad)
    with pytest.raises(TypeError, match="unexpected keyword"):
        Intergalactic(variant="classic")
    with pytest.raises(TypeError, match="rules must be"):
        Intergalactic(rules=bg.spacehole.Rules())
    for seed in (-1, 2**64, "7", 1.5):
        with pytest.raises(ValueError, match="seed"):
            Intergalactic(seed=seed)
    for kw, word in [({"extra_rolls_per_turn": -1}, "extra_rolls_per_turn"),
                     ({"extra_rolls_per_turn": 2**70}, "extra_rolls_per_turn"),
                     ({"turns_per_stage": 0}, "turns_per_stage"),
                     ({"turns_per_stage": "10"}, "turns_per_stage"),
                     ({"roll_twice_depth": 11}, "roll_twice_depth"),
                     ({"distinct_homeworlds": 1}, "distinct_homeworlds"),
                     ({"no_fleet_elimination": "yes"}, "no_fleet_elimination")]:
        with pytest.raises(ValueError, match=word):
            Rules(**kw)


GOOD = [rec(), rec("Yiff")]


@pytest.mark.parametrize(("kw", "words"), [
    ({"players": [rec("Daleks"), rec("Yiff")]}, "unknown race 'Daleks'"),
    ({"players": [rec(homeworld="Gallifrey"), rec("Yiff")]}, "unknown homeworld 'Gallifrey'"),
    ({"players": [rec(entries=["Death Star"]), rec("Yiff")]}, "'Death Star'"),
    ({"players": [rec(entries=["Progress"]), rec("Yiff")]}, "'Progress' is not a technology"),
    ({"players": [rec(entries=["Humans"]), rec("Yiff")]}, "'Humans' is not a technology"),
    ({"players": [rec(entries=["Sabotage"]), rec("Yiff")]}, "'Sabotage'"),
    ({"players": [rec(entries=["Ion Drives", "Ion Drives"]), rec("Yiff")]},
     "held at most once"),
    ({"players": [{"race": "Glish", "homeworld": "Blue World", "entries": "Ion Drives"},
                  rec("Yiff")]}, "entries must be a list"),
    ({"players": [rec(entries=[5]), rec("Yiff")]}, "entries must be a list"),
    ({"players": [rec(tokens=21), rec("Yiff")]}, "21 tokens exceed the cap of 20"),
    ({"players": [rec(tokens=10**30), rec("Yiff")]}, str(10**30)),
    ({"players": [rec(tokens=-1), rec("Yiff")]}, "tokens must be an int >= 0, not -1"),
    ({"players": [rec(tokens=True), rec("Yiff")]}, "tokens must be an int >= 0, not True"),
    ({"players": [rec(), rec()]}, "each player controls a different race"),
    ({"players": [rec()]}, "players must be an int from 2 to 6, not 1"),
    ({"players": [rec(r) for r in ("Glish", "Yiff", "Humans", "Karnor", "Flil", "Thorax",
                                   "Nemids")]}, "not 7"),
    ({"players": [rec(), {"race": "Yiff", "homeworld": "Red World", "colour": "red"}]},
     "'colour'"),
    ({"players": [rec(), "Yiff"]}, "player 1 must be a dict"),
    ({"players": "Glish"}, "players must be a list of player dicts, not 'Glish'"),
    ({"players": [rec(), rec("Yiff", alive="no")]}, "alive must be a bool"),
    ({"players": [rec(), rec("Yiff", alive=False)], "stage": "conflict"},
     "at least two players must be alive"),
    ({"players": [rec(), rec("Yiff", alive=False), rec("Humans")]},
     "player 1 is not alive in the research stage"),
    ({"players": [rec(alive=False), rec("Yiff"), rec("Humans")], "stage": "conflict"},
     "current_player 0 is eliminated"),
    ({"players": GOOD, "stage": "lunch"}, "'lunch'"),
    ({"players": GOOD, "stage": "setup"}, "'setup'"),
    ({"players": GOOD, "turn": 0}, "turn must be an int in [1, 20], not 0"),
    ({"players": GOOD, "turn": 21}, "not 21"),
    ({"players": GOOD, "turn": 10**30, "stage": "conflict"}, str(10**30)),
    ({"players": GOOD, "turn": "3"}, "not '3'"),
    ({"players": GOOD, "current_player": 2}, "current_player must be 0..1, not 2"),
    ({"players": GOOD, "current_player": -1}, "not -1"),
    ({"players": GOOD, "current_player": True}, "not True"),
])
def test_impossible_scenarios_are_refused(kw: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError) as e:
        Intergalactic.scenario(**kw)
    assert words in str(e.value)


def test_scenario_race_sharing_refused_with_distinct_homeworlds() -> None:
    with pytest.raises(ValueError, match="homeworlds must be distinct"):
        Intergalactic.scenario(players=[rec(), rec("Yiff")],
                               rules=Rules(distinct_homeworlds=True))


# ------------------------------------------------------------------ saved games
def _saved() -> tuple[Intergalactic, dict[str, Any]]:
    g = two(ta=2)
    force(g, 1, 40)
    play(g, "land on 41 Phaser Emitters (1 IT)")
    return g, json.loads(g.to_json())


def _refused_save(text: str, *words: str) -> str:
    with pytest.raises(InvalidSaveError) as e:
        bg.from_json(text)
    msg = str(e.value)
    for w in words:
        assert w in msg, (w, msg)
    return msg


def test_a_saved_game_loads_equal() -> None:
    g, doc = _saved()
    h = bg.from_json(g.to_json())
    assert h == g and h.to_json() == g.to_json() and h.view() == g.view()
    assert doc["options"]["scenario"]["players"][0]["tokens"] == 2


def test_truncated_and_malformed_saves_are_refused() -> None:
    g, _ = _saved()
    text = g.to_json()
    before = g.to_json()
    for cut in (1, 10, len(text) // 2, len(text) - 1):
        _refused_save(text[:cut], "not valid JSON")
    _refused_save("[]", "expected a JSON object")
    _refused_save(b"\xff\xfe", "not UTF-8")
    _refused_save(12, "expected JSON text")  # type: ignore[arg-type]
    assert g.to_json() == before


@pytest.mark.parametrize(("path", "value", "words"), [
    (("version",), 1, ["version 1 is not 2"]),
    (("version",), "2", ["version '2'"]),
    (("game",), "intergalactix", ["unknown game 'intergalactix'"]),
    (("seed",), "1", ["'seed' must be an int, not '1'"]),
    (("seed",), 2**80, ["seed must be an int in [0, 2**64)"]),
    (("auto_roll",), "yes", ["'auto_roll' must be true or false"]),
    (("steps",), "keep 40", ["'steps' must be a list"]),
    (("options",), [], ["'options' must be an object"]),
    (("options", "players"), 7, ["players must be an int from 2 to 6, not 7"]),
    (("options", "players"), 10**40, [str(10**40)]),
    (("options", "scenario", "players", 0, "race"), "Daleks", ["unknown race 'Daleks'"]),
    (("options", "scenario", "players", 0, "tokens"), 10**40, [str(10**40)]),
    (("options", "scenario", "turn"), 1.5, ["not 1.5"]),
    (("options", "scenario", "players"), 5, ["scenario players must be a list of 2", "not 5"]),
    (("options", "players"), 3, ["scenario players must be a list of 3 player dicts"]),
    (("options", "scenario", "extra"), 1, ["scenario must be a dict with players"]),
    (("options", "scenario"), "x", ["scenario must be a dict with players"]),
    (("rules",), {"extra_rolls_per_turn": "1"}, ["extra_rolls_per_turn"]),
    (("rules", "turns_per_stage"), 10**40, ["turns_per_stage must be <= 100"]),
    (("rules", "colour"), "red", ["unknown rules option(s) ['colour']"]),
    (("steps", 0), [0, 1], ["step 0 is by player 0, but -1 is to move"]),
    (("steps", 0), [-1, 7], ["step 0", "not an outcome"]),
    (("steps", 0), [-1, 10**40], ["step 0", "not an outcome"]),
    (("steps", 0), "1", ["step 0 must be [player, action]"]),
    (("steps", 2), [0, "shift +1"], ["step 2", "invalid action 'shift +1'"]),
    (("steps", 2), [0, "land on 49 Jump Drives (9 IT)"], ["step 2", "illegal action"]),
    (("steps", 2), [0, "attack 1"], ["step 2", "illegal action 'attack 1'"]),
    (("steps", 2), [0, 5], ["step 2", "a saved action must be its notation"]),
    (("steps", 2), [1, "keep 40"], ["step 2 is by player 1, but 0 is to move"]),
])
def test_tampered_saves_are_refused(path: tuple, value: Any, words: list[str]) -> None:
    g, doc = _saved()
    before = g.to_json()
    d = json.loads(json.dumps(doc))
    target = d
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    _refused_save(json.dumps(d), *words)
    assert g.to_json() == before and bg.from_json(before) == g


@pytest.mark.parametrize("key", ["game", "version", "options", "rules", "seed", "auto_roll",
                                 "steps"])
def test_saves_missing_a_key_or_with_an_extra_key_are_refused(key: str) -> None:
    _, doc = _saved()
    d = dict(doc)
    del d[key]
    msg = _refused_save(json.dumps(d))
    assert key in msg
    e = dict(doc, extra=1)
    _refused_save(json.dumps(e), "unexpected keys ['extra']")


def test_a_save_with_extra_steps_after_the_end_is_refused() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet"])
    battle(g, 1, (30, 30), (100, 1))
    d = json.loads(g.to_json())
    d["steps"].append([0, "keep 40"])
    _refused_save(json.dumps(d), f"step {len(d['steps']) - 1}", "None is to move")
