"""The Space Base board's Python half (``boardgames.ui.spacebase``).

* intents apply and republish (set-up, build then place, transfer, repair, control);
* stale, malformed, unknown, illegal, wrong-player and forged messages are refused with
  the reason in ``error`` and the game unchanged (``to_json()`` compared);
* hidden information: no synced trait of any board (each player's, a spectator's) holds
  another player's hand, the deck's contents or order, or the seed, at any step of games
  played through the boards; games that differ only in hidden cards look the same to
  the boards that cannot see them; a draw's outcomes are never listed; ``steal <card>``
  is named only to the two players concerned; a Control card's look is shown to the
  looker only;
* ``extra``: the explanations and the exact meteor risk are the map's (public);
* the computer opponent plays through the board;
* the notebook names the python3 kernel, needs no input and asserts what it shows.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.spacebase import SpaceBase
from boardgames.spacebase.agents import GreedyAgent
from boardgames.ui import RandomAgent
from boardgames.ui.board import Board
from boardgames.ui.spacebase import GLOSSARY, NEEDS, RULE_ANCHORS, SpaceBaseBoard

ROOT = Path(__file__).resolve().parents[2]
OUTPOSTS = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)}


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def intent(board: Board, action: str, version: int | None = None) -> None:
    send(board, {"type": "intent", "action": action,
                 "version": board.version if version is None else version})


def ok(board: Board, action: str) -> None:
    intent(board, action)
    assert board.error == "", board.error


def synced(board: Board) -> dict[str, Any]:
    """The synced state, without the glossary, the rule anchors and the cards' needs:
    the same lists of every card on every board (public: they name every card of the
    game, so not a sign of a hand)."""
    state = {k: v for k, v in board.get_state().items() if k not in ("_esm", "_css", "layout")}
    assert state.pop("glossary") is GLOSSARY
    assert state.pop("rule_anchors") is RULE_ANCHORS
    state["extra_fixed"] = dict(state["extra_fixed"])
    assert state["extra_fixed"].pop("needs") is NEEDS
    return json.loads(json.dumps(state))


def build_game(**kw: Any) -> SpaceBase:
    sites = {**OUTPOSTS, (1, 1): ("Metal", 0), (8, 9): ("Solar Panels Array", 1)}
    return SpaceBase.scenario(sites=sites, hands=[["Extractor", "Factory"], ["Colony"]],
                              phase="build", seed=4, **kw)


# ---------------------------------------------------------------------- intents
def test_the_board_class_and_its_assets() -> None:
    b = SpaceBase(seed=1).widget()
    assert isinstance(b, SpaceBaseBoard) and b.game_name == "spacebase"
    assert 'game: "spacebase"' in b._esm and ".sb-map" in b._css
    assert SpaceBase(seed=1).widget() is not b  # another game, another board


def test_an_outpost_intent_applies_and_republishes() -> None:
    g = SpaceBase(players=2, seed=7)
    b = g.widget(0)
    v0 = b.version
    assert b.legal == [str(a) for a in g.legal_actions()] and "outpost (1,1)" in b.legal
    ok(b, "outpost (1,1)")
    assert b.version == v0 + 1 and b.view == g.view(0)
    assert [s.text for s in g.history] == ["outpost (1,1)"]
    assert b.legal == []  # player 1 places next
    assert b.extra["explain"]["1,1"] == g.board.explain((1, 1))
    assert b.extra["frontier"] == [[0, 1], [1, 0], [1, 2], [2, 1]]


def test_choose_a_card_then_a_highlighted_cell() -> None:
    g = build_game()
    b = g.widget(0)
    assert set(b.legal) == {"build Extractor", "build Factory", "done"}
    ok(b, "build Extractor")  # held by the board: the game has not moved
    assert g.history == () and b.view["pending"] is None
    assert b.extra["chosen"] == "Extractor"
    cells = sorted(a for a in b.extra["placements"] if a.startswith("place "))
    assert cells == sorted(f"place ({x},{y})" for x, y in b.extra["frontier"])
    income = g.board.income(0)
    ok(b, "place (1,0)")  # next to the Outpost (power) and the Metal
    assert [s.text for s in g.history] == ["build Extractor", "place (1,0)"]  # the engine's
    assert g.board.site((1, 0)).name == "Extractor" and g.board.income(0) == income + 1
    assert "functional" in b.extra["explain"]["1,0"] and b.extra["chosen"] is None
    assert b.view["income"][0] == income + 1 and b.view == g.view(0)
    # undo through the board takes the placement back, with its card
    send(b, {"type": "undo", "version": b.version})
    assert b.error == "" and g.board.site((1, 0)) is None and g.history == ()


def test_choosing_a_card_is_not_a_move_changing_ones_mind_needs_no_undo() -> None:
    """Issue 17: a hand card clicked is held by the board (no engine step); another card
    replaces it; Undo drops it; only the cell's click plays the engine's two steps."""
    g = build_game()
    b = g.widget(0)
    before = g.to_json()
    ok(b, "build Extractor")
    ok(b, "build Factory")  # changing one's mind: no Undo, the game unchanged
    assert b.extra["chosen"] == "Factory" and g.to_json() == before and b.can_undo is False
    send(b, {"type": "undo", "version": b.version})  # Undo drops the choice only
    assert b.error == "" and b.extra["chosen"] is None and g.to_json() == before
    ok(b, "build Factory")
    ok(b, "place (1,0)")
    assert [s.text for s in g.history] == ["build Factory", "place (1,0)"]
    assert b.extra["chosen"] is None and b.extra["placements"] == []
    other = g.widget(1)  # a choice is this board's own: nothing shows it elsewhere
    assert other.extra["chosen"] is None


def test_redo_puts_back_a_card_and_its_placement_together_as_undo_took_them() -> None:
    """One Undo takes back a placement with its card (two engine steps); one Redo puts
    both back (before: one click each, found by the site's tests)."""
    g = build_game()
    b = g.widget(0)
    ok(b, "build Factory")
    ok(b, "place (1,0)")
    after = g.to_json()
    send(b, {"type": "undo", "version": b.version})
    assert b.error == "" and len(g.history) == 0
    send(b, {"type": "redo", "version": b.version})
    assert b.error == "" and g.to_json() == after
    assert [s.text for s in g.history] == ["build Factory", "place (1,0)"]


def test_transfer_repair_and_control_flows() -> None:
    sites = {**OUTPOSTS, (1, 0): ("Extractor", 0), (2, 0): ("Metal", 0),
             (0, 1): ("Solar Panels Array", 0), (1, 1): ("Research Station", 1),
             (5, 5): ("Colony", 0)}
    g = SpaceBase.scenario(sites=sites, damage={(1, 0): 3}, phase="transfer", seed=2,
                           hands=[["Transfer", "Control"], ["Metal"]], auto_roll=False)
    b = g.widget(0)
    ok(b, "transfer (5,5)")
    assert b.view["pending"] == {"kind": "transfer", "cell": [5, 5]}
    ok(b, "move to (0,2)")
    assert g.board.site((0, 2)).name == "Colony" and g.phase == "repair"
    assert "repair (1,0) 3" in b.legal and "repair (1,0) 1" in b.legal
    ok(b, "repair (1,0) 3")  # nothing left to repair: the phase ends by itself
    assert g.board.is_functional((1, 0)) and g.credits[0] == 47
    assert g.current_player == CHANCE and b.chance and len(b.chance) == 100
    ok(b, "meteor (9,0)")  # forced: an empty cell
    assert g.phase == "control" and "control (1,1)" in b.legal
    ok(b, "control (1,1)")
    assert g.board.site((1, 1)).owner == 0


# ---------------------------------------------------------------------- refusals
REFUSED = [
    ("stale", lambda b: {"type": "intent", "action": "build Factory", "version": b.version - 1},
     "stale"),
    ("future", lambda b: {"type": "intent", "action": "build Factory", "version": b.version + 5},
     "future"),
    ("malformed", lambda b: {"type": "intent", "action": "place (3,", "version": b.version},
     "malformed"),
    ("unknown verb", lambda b: {"type": "intent", "action": "teleport (1,1)",
                                "version": b.version}, "unknown verb"),
    ("off the map", lambda b: {"type": "intent", "action": "place (10,3)",
                               "version": b.version}, "not a cell"),
    ("not in hand", lambda b: {"type": "intent", "action": "build Space Port",
                               "version": b.version}, "holds no Space Port"),
    ("an action card", lambda b: {"type": "intent", "action": "build Control",
                                  "version": b.version}, "holds no Control"),
    ("other phase", lambda b: {"type": "intent", "action": "control (8,9)",
                               "version": b.version}, "build phase"),
    ("smuggled state", lambda b: {"type": "intent", "action": "done", "version": b.version,
                                  "view": {"credits": [999, 0]}}, "unexpected"),
    ("unknown type", lambda b: {"type": "set_credits", "credits": 999}, "unknown message type"),
    ("not a dict", lambda b: ["intent", "done"], "expected a JSON object"),
    ("huge", lambda b: {"type": "intent", "action": "build " + "x" * 5000,
                        "version": b.version}, "characters long"),
    ("bool version", lambda b: {"type": "intent", "action": "done", "version": True},
     "integer"),
]


@pytest.mark.parametrize(("name", "make", "shown"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_messages_change_nothing(name: str, make: Any, shown: str) -> None:
    g = build_game()
    b = g.widget(0)
    before, version, reply = g.to_json(), b.version, b.reply
    send(b, make(b))
    assert shown in b.error, b.error
    assert g.to_json() == before and b.version == version and b.reply == reply + 1
    assert b.view == g.view(0)


def test_a_place_on_an_occupied_or_far_cell_is_refused() -> None:
    g = build_game()
    b = g.widget(0)
    ok(b, "build Extractor")
    for action, shown in (("place (1,1)", "occupied by Metal"),
                          ("place (5,5)", "not orthogonally adjacent"),
                          ("place (8,8)", "not orthogonally adjacent")):
        before = g.to_json()
        intent(b, action)
        assert shown in b.error and g.to_json() == before


def test_wrong_player_and_spectator_intents_are_refused() -> None:
    g = build_game()
    other, spectator = g.widget(1), g.widget(None)
    before = g.to_json()
    intent(other, "done")
    assert "player 0's turn" in other.error
    intent(spectator, "done")
    assert "spectator" in spectator.error
    send(spectator, {"type": "roll", "version": spectator.version})
    assert "spectator" in spectator.error
    assert g.to_json() == before
    comp = build_game()
    b = comp.widget(1, opponents={0: GreedyAgent(seed=1)})
    before = comp.to_json()
    intent(b, "done")
    assert "computer" in b.error and comp.to_json() == before


def test_a_draw_is_never_listed_and_cannot_be_forced_but_can_be_rolled() -> None:
    g = SpaceBase.scenario(sites=OUTPOSTS, hands=[["Control"], ["Metal", "Factory"]],
                           phase="control", seed=5, auto_roll=False)
    b, spectator = g.widget(0), g.widget(None)
    ok(b, "done")
    assert g.current_player == CHANCE and g.state.chance == ("draw",)
    assert b.chance == [] and b.chance_hidden and spectator.chance == []
    before = g.to_json()
    for forced in ("Space Port", "Metal", "a card"):
        intent(b, forced)
        assert "not this board's to choose" in b.error
        assert "outcomes" not in b.error  # the error lists no card of the deck
        assert g.to_json() == before
    send(b, {"type": "roll", "version": b.version})
    assert b.error == "" and len(g.hand(0)) == 2 and g.current_player != CHANCE
    # the log says a card was drawn, not which
    assert any(line.startswith("Player 0 draws a card") for line in b.log)


# ---------------------------------------------------------------------- hidden information
def check_secrets(board: Board, game: SpaceBase) -> None:
    state = synced(board)
    text = json.dumps(state)
    assert str(game.seed) not in text
    view = state["view"]
    p = board.player
    assert "deck" not in view and "counts" not in text
    if p is None:
        assert "hand" not in view and "peek" not in view
    else:
        assert view["hand"] == list(game.hand(p))
        peek = game.state.peek
        if peek is not None and peek[0] == p:
            assert view["peek"] == {"player": peek[1], "hand": list(game.hand(peek[1]))}
        else:
            assert "peek" not in view
    if game.current_player == CHANCE and game.state.chance[0] == "draw":
        assert state["chance"] == []
    hist = game.history
    for i, who, step_text in state["history"]:
        if step_text.startswith("steal ") and step_text != "steal a card":
            victim = hist[i - 1].value.n  # the "control look q" before it
            assert p in (who, victim), (p, step_text)


@pytest.mark.parametrize("players", [2, 3])
def test_no_synced_trait_holds_a_hidden_card_for_any_viewer(players: int) -> None:
    g = SpaceBase.scenario(players=players, seed=0x5EED_0000_0000_0001 + 977 * players,
                           auto_roll=players == 2,
                           sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                                  (9, 0): ("Outpost", 2), (1, 0): ("Solar Panels Array", 1)}
                           if players == 3 else OUTPOSTS,
                           hands=[["Control", "Control", "Metal"], ["Factory", "Colony"],
                                  ["Space Port"]][:players],
                           rules=bg.spacebase.Rules(action_cards="any"), phase="control")
    boards = [g.widget(p) for p in range(players)] + [g.widget(None)]
    rng = random.Random(players)
    agents = [GreedyAgent(seed=1), *(RandomAgent(seed=p) for p in range(1, players))]
    ok(boards[0], "control look 1")  # a Control card's look: shown to player 0 only
    for other in boards:
        other.refresh()
        check_secrets(other, g)
    looked = 1
    stole = 0
    for _ in range(140):
        if g.is_over:
            break
        p = g.current_player
        b = boards[0] if p == CHANCE else boards[p]
        if p == CHANCE:
            if g.state.chance[0] == "draw":
                send(b, {"type": "roll", "version": b.version})
            else:
                intent(b, rng.choice(b.chance)["action"])
        else:
            a = str(agents[p].choose(g))
            looked += a.startswith("control look")
            stole += a.startswith("steal ")
            intent(b, a)
        assert b.error == "", b.error
        for other in boards:
            other.refresh()
            check_secrets(other, g)
    assert looked and stole  # the Control card's look happened and was checked


def test_steal_is_named_only_to_the_thief_and_the_victim() -> None:
    sites = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1), (9, 0): ("Outpost", 2)}
    g = SpaceBase.scenario(players=3, sites=sites, phase="control", seed=3,
                           hands=[["Control"], ["Space Port", "Metal"], ["Colony"]])
    boards = {p: g.widget(p) for p in (0, 1, 2, None)}
    ok(boards[0], "control look 1")
    assert boards[0].view["peek"] == {"player": 1, "hand": ["Metal", "Space Port"]}
    for p in (1, 2, None):
        boards[p].refresh()
        assert "peek" not in boards[p].view
        assert "Space Port" not in json.dumps(synced(boards[p])["view"]) or p == 1
    ok(boards[0], "steal Space Port")
    texts = {}
    for p, b in boards.items():
        b.refresh()
        texts[p] = [t for _, who, t in b.history if t.startswith("steal")]
    assert texts[0] == texts[1] == ["steal Space Port"]
    assert texts[2] == texts[None] == ["steal a card"]
    assert "Space Port" not in json.dumps(synced(boards[2]))
    assert "Space Port" not in json.dumps(synced(boards[None]))
    assert any("takes a card from Player 1's hand" in line for line in boards[2].log)


def test_games_that_differ_only_in_hidden_cards_look_the_same() -> None:
    def game(hand1: list[str], deck: list[str]) -> SpaceBase:
        return SpaceBase.scenario(sites={**OUTPOSTS, (1, 1): ("Metal", 0)},
                                  hands=[["Extractor", "Control"], hand1], deck=deck,
                                  phase="build", seed=6, auto_roll=False)

    a = game(["Space Port", "Factory"], ["High-Tech Industry", "Metal", "Colony"])
    b = game(["Volcano", "Transfer"], ["Bio-Med Labs", "Volcano", "Reactor Core"])
    for g in (a, b):  # the same public moves; the turn ends (no other site card)
        g.apply("build Extractor").apply("place (1,0)")
        assert g.current_player == CHANCE and g.phase == "meteor"
    for viewer in (0, None):
        sa, sb = synced(a.widget(viewer)), synced(b.widget(viewer))
        assert sa == sb, viewer
    assert synced(a.widget(1)) != synced(b.widget(1))  # player 1 sees its own hand


# ---------------------------------------------------------------------- extra
def test_extra_explains_every_site_and_gives_the_exact_meteor_risk() -> None:
    sites = {**OUTPOSTS, (1, 0): ("Extractor", 0), (2, 0): ("Metal", 0),
             (1, 1): ("Refineries", 0), (0, 1): ("Solar Panels Array", 0),
             (2, 1): ("Factory", 0), (0, 2): ("Shield Generator", 0),
             (8, 9): ("Factory", 1)}
    g = SpaceBase.scenario(sites=sites, phase="build", seed=1, hands=[["Metal"], []])
    x = g.widget(0).extra
    assert set(x["explain"]) == {f"{c[0]},{c[1]}" for c in sites}
    for c in sites:
        assert x["explain"][f"{c[0]},{c[1]}"] == g.board.explain(c)
    assert "defunct" in x["explain"]["8,9"]
    risk = g.meteor_risk()
    cells = x["risk"]["cells"]
    for c in sites:
        row = cells[f"{c[0]},{c[1]}"]
        assert Fraction(row["p_damage"]) == risk.p_damage[c]
        assert Fraction(row["p_defunct"]) == risk.p_defunct[c]
        assert row["exposed"] == (c in risk.exposed)
    assert g.board.is_functional((2, 1)) and g.board.is_functional((0, 2))
    assert cells["0,1"]["exposed"] is False  # under the Shield Generator's cover
    assert cells["0,0"]["exposed"] is True and cells["2,0"]["exposed"] is False  # a resource
    for row in x["risk"]["players"]:
        d = risk.income_lost[row["player"]]
        assert Fraction(row["expected"]) == d.mean()
        assert sum(Fraction(r["p"]) for r in row["dist"]) == 1
    # a hit on the Extractor takes the Refinery and the Factory down with it
    assert cells["1,0"]["loss"][0] == 1 + 2 + 3
    # the spectator gets the same public data, and no frontier
    spectator = g.widget(None).extra
    assert spectator["explain"] == x["explain"] and spectator["risk"] == x["risk"]
    assert spectator["frontier"] == []


def test_the_history_scrubber_shows_past_extras_read_only() -> None:
    g = build_game()
    b = g.widget(0)
    ok(b, "build Extractor")
    ok(b, "place (1,0)")
    send(b, {"type": "scrub", "step": 0})
    assert b.error == "" and "1,0" not in b.scrub_extra["explain"]
    assert "1,0" in b.extra["explain"] and g.board.site((1, 0)) is not None


# ---------------------------------------------------------------------- computer opponent
def test_the_greedy_computer_plays_through_the_board() -> None:
    g = SpaceBase(players=2, seed=12)
    b = g.widget(0, opponents={1: GreedyAgent(seed=2)}, pace=0)
    assert b.agents == {"1": "GreedyAgent(seed=2)"}
    b.agents_running = False  # no timer thread racing the checks below; we step it
    ok(b, "outpost (2,0)")
    assert g.current_player == 1 and b.legal == []
    played = b.agent_step()
    assert str(played).startswith("outpost ") and g.current_player == 0
    assert b.notice.startswith("Player 1, the computer: ") and len(b.notice) > 24
    b.close()


# ---------------------------------------------------------------------- the notebook
@pytest.fixture(scope="module")
def notebook() -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / "spacebase.ipynb", as_version=4)


def test_notebook_names_the_python3_kernel(notebook: nbformat.NotebookNode) -> None:
    nbformat.validate(notebook)
    assert notebook.metadata["kernelspec"]["name"] == "python3"


def test_notebook_needs_no_input_and_asserts_what_it_shows(
        notebook: nbformat.NotebookNode) -> None:
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert len(code) >= 6
    # Every cell leaves its checks to the last cell, tagged "checks" (issue 17: the lesson
    # is read, not blocks of assert; tests/odds/test_notebooks.py: none above it).
    checks = [c for c in code if "checks" in c.metadata.get("tags", [])]
    assert len(checks) == 1 and checks[0] is code[-1] and checks[0].source.count("assert ") >= 20
    for cell in code:
        assert "input(" not in cell.source
    text = "\n".join(c.source for c in code)
    for needed in ("GreedyAgent", ".widget(", "opponents=", ".physical", ".logistic",
                   "networkx", "matplotlib", ".explain(", "meteor_risk()", ".fork()",
                   "auto_roll = False"):
        assert needed in text, needed
    assert not any(c.get("outputs") for c in code), "commit the notebook without outputs"
