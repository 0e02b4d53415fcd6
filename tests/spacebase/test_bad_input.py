"""Bad input to Space Base: every refusal is a ``ValueError`` subclass quoting the input,
and leaves the game exactly as it was (``to_json()``, the log and every view compared
before and after)."""

from __future__ import annotations

import json

import pytest
from spacebase.support import CHANCE, Rules, SpaceBase, play, refused, scenario

import boardgames as bg
from boardgames.core.errors import IllegalActionError, InvalidActionError, InvalidSaveError
from boardgames.spacebase import Move

OUTPOSTS = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)}


def building() -> SpaceBase:
    return scenario(sites={**OUTPOSTS, (5, 5): ("Metal", 1)},
                    hands=[["Colony", "Volcano", "Metal", "Transfer"], ["Factory"]],
                    phase="build")


@pytest.mark.parametrize(("action", "words"), [
    ("place (0,10)", "not a cell of the 10 x 10 map"),
    ("place (12,3)", "(12,3) is not a cell"),
    ("place (-1,3)", "malformed 'place' action"),
    ("build Colony (3,4)", "no Space Base card is called 'Colony (3,4)'"),
    ("build Warp Gate", "'Warp Gate'"),
    ("build", "malformed 'build' action"),
    ("fly (1,1)", "unknown verb 'fly'"),
    ("", "unknown verb"),
    ("repair (1,1) x", "malformed 'repair'"),
    ("x" * 300, "notation too long"),
])
def test_malformed_notation_is_refused(action: str, words: str) -> None:
    g = building()
    msg = refused(g, action, words)
    assert "invalid action" in msg


@pytest.mark.parametrize("value", [42, None, 3.5, b"done", ("done",), Move("nope")])
def test_values_that_are_not_actions_are_refused(value) -> None:
    refused(building(), value)


def test_occupied_cells_are_refused() -> None:
    g = building()
    play(g, "build Volcano")
    refused(g, "place (5,5)", "(5,5) is occupied by Metal", "one site card per space")
    refused(g, "place (0,0)", "occupied by Outpost")


def test_non_adjacent_placement_is_refused() -> None:
    g = building()
    play(g, "build Colony")
    refused(g, "place (2,2)", "not orthogonally adjacent to a site Player 0 controls")
    refused(g, "place (1,1)", "not orthogonally adjacent")  # diagonal to the Outpost
    refused(g, "place (5,4)", "not orthogonally adjacent")  # next to an opponent's site


def test_cards_not_in_hand_are_refused() -> None:
    g = building()
    refused(g, "build Factory", "Player 0's hand holds no Factory")
    refused(g, "build Transfer", "action card, not a site card")
    refused(g, "transfer (0,0)", "it is the build phase")
    g = scenario(sites=OUTPOSTS, hands=[["Volcano"] * 8, ["Colony"]],
                 deck=["Factory", "Metal"], phase="draw")
    assert g.phase == "draw" and len(g.hand(0)) == 9
    refused(g, "discard Colony", "holds no Colony")
    g = scenario(sites={**OUTPOSTS, (1, 0): ("Metal", 0)}, hands=[["Control"], ["Factory"]],
                 phase="control")
    refused(g, "transfer (1,0)", "it is the control phase")
    play(g, "control look 1")
    refused(g, "steal Colony", "Player 1's hand holds no Colony")
    refused(g, "control look 1", "take one card from Player 1's hand")


def test_actions_of_other_phases_and_players_are_refused() -> None:
    g = SpaceBase(players=2, seed=3, auto_roll=False)
    refused(g, "done", "first places the Outpost")
    refused(g, "outpost (9,9)", "not within 2 spaces")
    g = scenario(sites={**OUTPOSTS, (1, 0): ("Metal", 0)}, hands=[["Transfer", "Control"], []],
                 credits=[5, 5], damage={(0, 0): 2})
    assert g.phase == "transfer"
    refused(g, "control (9,9)", "it is the transfer phase")
    refused(g, "control look 1", "it is the transfer phase")
    refused(g, "outpost (1,1)", "only")
    refused(g, "transfer (9,9)", "does not control the Outpost")
    refused(g, "transfer (4,4)", "no site at (4,4)")
    g = scenario(sites=OUTPOSTS, hands=[[], []], credits=[5, 5], damage={(0, 0): 2})
    assert g.phase == "repair"
    refused(g, "repair (9,9) 1", "not damaged")
    refused(g, "repair (0,0) 3", "only 2 damage")
    refused(g, "repair (0,0) 0")
    refused(g, "repair (4,4) 1", "no site")


def test_control_refusals() -> None:
    g = scenario(sites={**OUTPOSTS, (5, 5): ("Metal", 1)}, hands=[["Control"], []],
                 phase="control", rules=Rules(action_cards="any"))
    assert g.phase != "control"  # nothing to take over, nothing to look at
    g = scenario(sites={**OUTPOSTS, (1, 0): ("Metal", 1), (5, 5): ("Metal", 1)},
                 hands=[["Control"], []], phase="control")
    refused(g, "control (5,5)", "must already be adjacent to one of Player 0's sites")
    refused(g, "control look 1", "hand is empty")
    refused(g, "control look 0", "look at an opponent's hand")
    refused(g, "control look 7", "look at an opponent's hand")


def test_chance_nodes_refuse_actions_and_impossible_outcomes() -> None:
    g = scenario(sites={**OUTPOSTS, (1, 0): ("Extractor", 0)}, phase="meteor")
    refused(g, "done", "not an outcome of this chance node")
    assert g.legal_actions() == () and not g.is_legal("done")[0]
    for bad in ((10, 10), (3,), "(3,3,3)", "meteor", 7, True, None, [1, 2, 3]):
        refused(g, bad, "not an outcome of this chance node")
    g.apply("(1,0)")  # its notation is accepted too
    assert g.view(None)["chance"] == "damage"
    for bad in (0, 11, "11", True, (1, 0), "12 damage"):
        refused(g, bad, "not an outcome")
    g.apply("7 damage")
    assert g.board.site((1, 0)).damage == 7
    g = scenario(sites=OUTPOSTS, deck={"Metal": 2, "Colony": 1}, phase="draw")
    for bad in ("Factory", "Warp Gate", 1, ("Metal",)):
        refused(g, bad, "not an outcome")
    g.apply("colony")  # any capitalisation of a card left
    assert g.hand(0) == ("Colony",)


def test_a_finished_game_refuses_everything() -> None:
    g = scenario(sites=OUTPOSTS, deck=["Metal"], phase="draw")
    assert g.is_over
    for x in ("done", "build Metal", (1, 1), 3):
        refused(g, x, "the game is over")
    with pytest.raises(ValueError):
        g.roll()


def test_constructor_and_rules_refuse_bad_options() -> None:
    for kw, words in (({"players": 1}, "2 to 4 players"), ({"players": 5}, "2 to 4"),
                      ({"players": "2"}, "2 to 4"), ({"variant": "x"}, "unexpected keyword"),
                      ({"seed": -1}, "seed must be"), ({"rules": 3}, "rules must be")):
        with pytest.raises((ValueError, TypeError), match=words):
            SpaceBase(**kw)
    for kw, words in (({"starting_hand": 21}, "<= 20"), ({"starting_hand": True}, "int"),
                      ({"action_cards": "two"}, "must be one of"),
                      ({"volcano_adjacency": "hub"}, "must be one of"),
                      ({"repair_sites": "mine"}, "must be one of")):
        with pytest.raises(ValueError, match=words):
            Rules(**kw)


@pytest.mark.parametrize(("kw", "words"), [
    ({"sites": {(10, 0): ("Metal", 0)}}, "not a cell"),
    ({"sites": {(0, 0): ("Metal", 2)}}, "owner of the site at (0,0)"),
    ({"sites": {(0, 0): ("Transfer", 0)}}, "action card"),
    ({"sites": {(0, 0): "Metal"}}, "(card name, owner)"),
    ({"sites": {(0, 0): ("Warp Gate", 0)}}, "'Warp Gate'"),
    ({"damage": {(0, 0): 2}}, "no site at (0,0)"),
    ({"sites": {(0, 0): ("Metal", 0)}, "damage": {(0, 0): 2}}, "not an installation"),
    ({"damage": {(0, 0): 0}}, "damage at (0,0)"),
    ({"hands": [["Outpost"], []]}, "Outposts"),
    ({"hands": [["Metal"]]}, "one list of cards per player"),
    ({"hands": [["Metal"] * 10, []]}, "the game has 9 Metal"),
    ({"credits": [-1, 5]}, "credits"),
    ({"credits": [5]}, "one number per player"),
    ({"deck": []}, "the deck is empty"),
    ({"deck": ["Outpost"]}, "Outposts"),
    ({"discard": ["Warp Gate"]}, "'Warp Gate'"),
    ({"phase": "income"}, "scenario phase must be one of"),
    ({"current_player": 2}, "current_player"),
    ({"turn": 0}, "turn"),
    ({"sites": {(0, 0): ("Outpost", 0), (1, 1): ("Outpost", 0), (2, 2): ("Outpost", 1),
                (3, 3): ("Outpost", 1)}, "phase": "setup", "current_player": 1},
     "still place an Outpost"),
])
def test_impossible_scenarios_are_refused(kw: dict, words: str) -> None:
    with pytest.raises(ValueError) as info:
        SpaceBase.scenario(**kw)
    assert words in str(info.value)


def test_corrupt_saves_are_refused() -> None:
    g = building()
    play(g, "build Colony", "place (1,0)")
    doc = json.loads(g.to_json())
    assert bg.from_json(json.dumps(doc)) == g
    for change, words in (
        (lambda d: d["steps"].append([0, "build Warp Gate"]), "step 2"),
        (lambda d: d["steps"].__setitem__(0, [1, "build Colony"]), "by player 1"),
        (lambda d: d["steps"].__setitem__(1, [0, "place (9,8)"]), "not orthogonally adjacent"),
        (lambda d: d["options"].__setitem__("players", 7), "2 to 4 players"),
        (lambda d: d["options"]["scenario"].__setitem__("phase", "x"), "scenario phase"),
        (lambda d: d["options"]["scenario"].__setitem__("colour", "x"), "unknown scenario keys"),
        (lambda d: d["rules"].__setitem__("action_cards", "all"), "action_cards"),
        (lambda d: d.__setitem__("version", 2), "version"),
    ):
        bad = json.loads(json.dumps(doc))
        change(bad)
        with pytest.raises(InvalidSaveError) as info:
            bg.from_json(json.dumps(bad))
        assert words in str(info.value), (words, str(info.value))


def test_errors_are_value_errors_naming_the_rule() -> None:
    g = building()
    with pytest.raises(IllegalActionError) as info:
        g.apply("build Factory")
    assert info.value.rule == "Build Phase" and isinstance(info.value, ValueError)
    with pytest.raises(InvalidActionError):
        g.apply("build Warp Gate")
    play(g, "build Colony")
    with pytest.raises(IllegalActionError) as info:
        g.apply("place (3,3)")
    assert info.value.rule == "Build Phase (ruling 4)"
    assert g.current_player == 0 and g.current_player != CHANCE
