"""Bad input to Blast: every refusal raises the right ``ValueError`` subclass (or
``TypeError`` for a wrong Python type given to a constructor), with a message quoting the
input, and leaves the game exactly as it was (``to_json()``, ``==``, log, every view,
legal actions and the undo/redo stacks compared before and after)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from blast.blast_support import EMPIRE, TERRAN, play, scenario

import boardgames as bg
from boardgames.blast import Blast, Order, Rules
from boardgames.core.action import Action
from boardgames.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidSaveError,
)


@dataclass(frozen=True)
class Snapshot:
    text: str
    game: bg.Game
    log: tuple[str, ...]
    views: tuple[dict[str, Any], ...]
    legal: tuple[Action, ...]
    undo_redo: tuple[bool, bool]


def snap(g: bg.Game) -> Snapshot:
    return Snapshot(g.to_json(), g.fork(), g.log, (g.view(None), g.view(0), g.view(1)),
                    g.legal_actions(), (g.can_undo, g.can_redo))


def refused(g: bg.Game, x: Any, error: type[Exception], *quoted: str) -> str:
    """``g.apply(x)`` raises ``error`` quoting each of ``quoted``, and changes nothing."""
    s = snap(g)
    with pytest.raises(error) as e:
        g.apply(x)
    msg = str(e.value)
    for q in quoted:
        assert q in msg, (q, msg)
    assert g.to_json() == s.text and g == s.game and g.log == s.log
    assert (g.view(None), g.view(0), g.view(1)) == s.views
    assert g.legal_actions() == s.legal and (g.can_undo, g.can_redo) == s.undo_redo
    ok, why = g.is_legal(x) if g.current_player not in (None, -1) else (False, msg)
    assert not ok and why
    return msg


def moving() -> Blast:
    """Terran to move with a 2 and a 5; an Empire unit on 3; Terran holds two cards."""
    g = scenario(units={1: {"terran": [3, 1]}, 3: {"empire": [2]}, 15: {"empire": [5]}},
                 phase="move", dice=[2, 5], to_move="terran",
                 hands={"terran": ["Nova Bomb", "Strategic Move"],
                        "empire": ["Jam Transmission"]})
    play(g, "play Jam Transmission on 1:1", by=EMPIRE)
    return g


MALFORMED = [
    "", "   ", "move", "move 1:1", "move 1:1 by", "move 1-1 by 2", "move 1:6 by 2",
    "move 29:1 by 2", "move 0:1 by 2", "move 1:1 by 0", "move 1:1 by 31", "move 1:1 by x",
    "move 1:1 by 2 please", "MOVE 1:1 by 2", "play", "play Warp Drive", "play Ion Thrusters",
    "play Ion Thrusters on 3", "play Ion Thrusters on die", "play Nova Bomb on die 3",
    "play Jam Transmission on 3", "play Jam Transmission on 3:9",
    "play Strategic Move on 1 by 2", "play Space Combat Tactics on 1:1 by 2",
    "move 1 back 2", "move 1:1 back", "move 1:1 back 0", "move 1:1 by 2 back 3",
    "play Reinforcements", "play Reinforcements on 3", "discard", "discard Warp Drive",
    "fight", "fight x", "fight 29", "keep", "keep 0", "keep 6", "done now", "pass 1",
    "rebuild", "rebuild 6", "rebuild 3 with Nova Bomb", "undo", "x" * 300, "move 1:1 by 2\x00",
    "déplacer 1:1 by 2",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_notation_is_refused_and_changes_nothing(text: str) -> None:
    g = moving()
    refused(g, text, InvalidActionError)
    with pytest.raises(InvalidActionError):
        Order.parse(text)


@pytest.mark.parametrize("x", [None, 3, 2.5, ["move 1:3 by 2"], {"verb": "move"}, b"done",
                               ("move", "", 1, 3, 2)])
def test_non_string_input_is_refused(x: Any) -> None:
    g = moving()
    refused(g, x, InvalidActionError)


def test_an_action_of_another_game_is_refused() -> None:
    from boardgames.spacehole import Move

    g = moving()
    refused(g, Move("pass"), InvalidActionError, "not an action of blast")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("move 1:3 by 4", ["no die shows 4", "Move Phase"]),
        ("move 1:5 by 2", ["no unit of force 5 on sector 1"]),
        ("move 3:2 by 2", ["no unit of force 2 on sector 3"]),  # the enemy's unit
        ("move 1:1 by 2", ["jammed"]),
        ("move 1:3 by 2", ["a die that could be used would be lost"]),  # 5 then 2 uses both
        ("play Ion Thrusters on die 2", ["Terran holds no Ion Thrusters"]),
        ("play Nova Bomb", ["Move Phase"]),  # held, but no fight now
        ("move 20 by 2", ["Strategic Move is not in play", "play Strategic Move"]),
        ("move 1:3 back 2", ["Space Combat Tactics is not in play"]),
        ("play Space Combat Tactics", ["Terran holds no Space Combat Tactics"]),
        ("pass", ["Terran must choose"]),
        ("done", ["dice left to use"]),
        ("keep 3", ["Move Phase"]),
        ("fight 3", ["Move Phase"]),
        ("rebuild 3", ["Move Phase"]),
        ("discard Nova Bomb", ["Move Phase"]),
        ("play Jam Transmission on 1:3", ["Terran holds no Jam Transmission"]),
    ],
)
def test_well_formed_but_illegal_actions_name_the_rule(action: str, words: list[str]) -> None:
    g = moving()
    msg = refused(g, action, IllegalActionError, action, *words)
    assert "(rule: " in msg


def test_forged_action_objects_are_refused() -> None:
    g = moving()
    refused(g, Order("move", "", 1, 3, 6), IllegalActionError)
    refused(g, Order("move", "", 99, 9, 99), IllegalActionError)
    refused(g, Order("play", "Nova Bomb", 1, 3, 2), IllegalActionError)
    refused(g, Order("play", "No Such Card"), IllegalActionError)
    with pytest.raises(InvalidActionError):
        Order("teleport")


def test_the_illegal_stop_on_enemy_and_the_keep_limit() -> None:
    g = scenario(units={1: {"terran": [3, 1]}, 3: {"empire": [2]}}, phase="move",
                 dice=[2, 5], to_move="terran")
    play(g, "move 1:3 by 2")
    refused(g, "move 3:3 by 5", IllegalActionError, "cannot use another die")
    k = scenario(units={10: {"terran": [3, 2, 1, 1], "empire": [5]}}, phase="fight",
                 to_move="terran")
    refused(k, "keep 4", IllegalActionError, "no unit of force 4")
    refused(k, "done", IllegalActionError)
    play(k, "keep 1")
    refused(k, "keep 3", IllegalActionError, "exceed the difference 2")


def test_responder_and_mover_cannot_act_out_of_turn() -> None:
    g = scenario(units={1: {"terran": [3]}, 15: {"empire": [5]}}, phase="move", dice=[2, 5],
                 to_move="terran", hands={"empire": ["Jam Transmission"]})
    assert g.current_player == EMPIRE
    refused(g, "move 1:3 by 2", IllegalActionError, "Empire must choose")
    refused(g, "done", IllegalActionError)


def test_chance_nodes_refuse_what_is_not_an_outcome() -> None:
    g = scenario(phase="roll", to_move="terran")
    for x in [(7, 1), (2, 1), (0, 3), "7 and 1", "Nova Bomb", 3, None, "move 1:1 by 2"]:
        refused(g, x, IllegalActionError, "chance")
    g.apply("rolled 2 and 5")  # the outcome text is accepted too
    assert g.view(None)["rolled"] == [2, 5]
    d = scenario(phase="draw", to_move="terran", deck=["Nova Bomb", "Ambush"])
    refused(d, "Hyper Jump", IllegalActionError, "not an outcome")
    with pytest.raises(bg.GameError):
        moving().chance_outcomes()
    with pytest.raises(bg.GameError):
        moving().roll()


def test_a_finished_game_refuses_everything() -> None:
    g = scenario(units={p: {"terran": [1]} for p in (1, 8, 15, 22)}, phase="draw",
                 to_move="empire", deck=["Ambush", "Ambush"])
    assert g.is_over
    for x in ["done", "pass", "move 1:1 by 2", (1, 2), None]:
        refused(g, x, bg.GameError, "game is over") if isinstance(x, str) else None
    with pytest.raises(bg.GameError):
        g.roll()


# ------------------------------------------------------------------ constructors, options
def test_constructor_and_rules_refuse_bad_values() -> None:
    with pytest.raises(ValueError, match="2 players"):
        Blast(players=3)
    with pytest.raises(TypeError, match="unexpected keyword"):
        Blast(variant="classic")
    with pytest.raises(TypeError, match="rules must be"):
        Blast(rules=bg.spacehole.Rules())
    with pytest.raises(ValueError, match="seed"):
        Blast(seed=-1)
    for kw, word in [({"tie": "coin"}, "tie"), ({"max_turns": 0}, "max_turns"),
                     ({"max_turns": True}, "max_turns"), ({"max_turns": 1.5}, "max_turns"),
                     ({"use_dice": "some"}, "use_dice"), ({"windows": None}, "windows")]:
        with pytest.raises(ValueError, match=word):
            Rules(**kw)
    assert Blast(players=2).players == 2


def test_players_is_refused_unless_the_int_2_as_in_every_game() -> None:
    """One rule for all four games (Intergalactic and Space Base check it so): ``players``
    is an int, not a bool nor a float equal to it. ``players=2.0`` is refused by the
    constructor, by ``bg.load`` and in a saved game, which loads nothing."""
    for bad in (2.0, True, "2", 3, None):
        with pytest.raises(ValueError, match="2 players"):
            Blast(players=bad)
        with pytest.raises(ValueError, match="2 players"):
            bg.load("blast", players=bad)
        for other in ("intergalactic", "spacebase"):  # the same values, the same answer
            if bad != 3:
                with pytest.raises(ValueError):
                    bg.load(other, players=bad)
    g = moving()
    g.apply("move 1:3 by 5")
    doc = _doc(g)
    doc["options"]["players"] = 2.0
    before = snap(g)
    with pytest.raises(InvalidSaveError, match=r"2 players, not 2\.0"):
        bg.from_json(json.dumps(doc))
    assert snap(g) == before
    doc["options"]["players"] = 2
    assert bg.from_json(json.dumps(doc)) == g


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"units": {0: {"terran": [1]}}}, "sector"),
        ({"units": {29: {"terran": [1]}}}, "sector"),
        ({"units": {"x": {"terran": [1]}}}, "sector"),
        ({"units": {3: {"terran": [6]}}}, "[1, 5]"),
        ({"units": {3: {"terran": [5, 5]}}}, "no more units of force [5]"),
        ({"units": {3: {"klingon": [1]}}}, "unknown side"),
        ({"units": {3: {"terran": "5"}}}, "list of forces"),
        ({"units": {3: {"terran": [1], "empire": [1]}}}, "both sides"),
        ({"units": [1, 2]}, "map sectors"),
        ({"units": {1: {"terran": [1]}}, "scrap": {"terran": [1]}}, "exactly the 15"),
        ({"hands": {"terran": ["Warp Drive"]}}, "unknown Blast card"),
        ({"hands": {"terran": ["Nova Bomb"] * 3}}, "the scenario uses 3"),
        ({"hands": {"terran": "Nova Bomb"}}, "list of card names"),
        ({"deck": ["Nova Bomb"], "vortex": []}, "not 50"),
        ({"deck": "Nova Bomb"}, "list of card names"),
        ({"to_move": "klingon"}, "to_move"),
        ({"phase": "lunch"}, "phase"),
        ({"phase": "move"}, "give dice"),
        ({"phase": "move", "dice": [1, 2, 3, 4, 5]}, "1 to 4 dice"),
        ({"phase": "roll", "dice": [7, 1]}, "a die"),
        ({"phase": "build", "dice": [3]}, "two rolled dice"),
        ({"phase": "draw", "dice": [3, 4]}, "no dice"),
        ({"turn": 0}, "turn"),
    ],
)
def test_impossible_scenarios_are_refused(kw: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError) as e:
        Blast.scenario(**kw)
    assert words in str(e.value)


# ------------------------------------------------------------------ saved games
def _doc(g: Blast) -> dict[str, Any]:
    return json.loads(g.to_json())


def test_saved_games_load_and_tampered_ones_are_refused() -> None:
    g = moving()
    g.apply("move 1:3 by 5")
    h = bg.from_json(g.to_json())
    assert h == g and h.to_json() == g.to_json()
    doc = _doc(g)
    bad_step = json.loads(json.dumps(doc))
    bad_step["steps"][-1][1] = "move 1:3 by 6"
    with pytest.raises(InvalidSaveError, match="step"):
        bg.from_json(json.dumps(bad_step))
    wrong_player = json.loads(json.dumps(doc))
    wrong_player["steps"][-1][0] = EMPIRE
    with pytest.raises(InvalidSaveError, match="player"):
        bg.from_json(json.dumps(wrong_player))
    for key, value, word in [("options", {"players": 3}, "2 players"),
                             ("options", {"scenario": {"units": {"99": {}}}}, "sector"),
                             ("rules", {"tie": "coin"}, "tie"),
                             ("rules", {"colour": "red"}, "unknown rules option"),
                             ("version", 2, "version"), ("seed", -5, "seed")]:
        d = json.loads(json.dumps(doc))
        d[key] = value
        with pytest.raises(InvalidSaveError, match=word):
            bg.from_json(json.dumps(d))
    assert bg.from_json(g.to_json()) == g  # the original is untouched
    assert g.state.units[TERRAN][5] == (3,)


NOTATIONS = [
    "move 12:3 by 4", "move 1:1 by 18", "move 12:3 back 4", "move 12 by 4",
    "play Space Combat Tactics", "play Strategic Move", "play Defend the Homeworld on 12:3",
    "play Jam Transmission on 28:5", "play Ion Thrusters on die 3",
    "play Warp Overdrive on die 6", "play Maximum Burn on die 1",
    "play Battle Computers on die 2", "play Hold Position on die 5", "play Hyper Jump",
    "play Nova Bomb", "play Ambush", "play Espionage", "play Major Offensive",
    "rebuild 3", "rebuild 5 with Reinforcements", "discard Disruptor cannon", "fight 15",
    "keep 2", "done", "pass",
]


@pytest.mark.parametrize("text", NOTATIONS)
def test_every_kind_of_notation_round_trips(text: str) -> None:
    o = Order.parse(text)
    assert str(o) == text and Order.parse(str(o)) == o and hash(Order.parse(text)) == hash(o)
    assert Order.parse("  " + text.replace(" ", "  ") + " ") == o  # spacing is forgiven
    fields = (o.verb, o.card, o.sector, o.force, o.die)
    assert Order(*fields) == o
