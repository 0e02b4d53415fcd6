"""The Intergalactic board's Python half (boardgames/ui/intergalactic.py): intents apply
and republish (the token choice as one action with every landing previewed, set-up, the
Conflict stage); stale, malformed, unknown, wrong-player and forged intents are refused with the
game unchanged and the reason shown; the board's extras (the list with the lit entry, the
preview, the battle comparison and exact odds, challenge targets) agree with the engine;
nothing secret is synced (never the seed); computer opponents; and the notebook's
ground rules."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.intergalactic import Move, battle_odds, lookup
from boardgames.intergalactic.agents import GreedyAgent
from boardgames.intergalactic.data import LISTS
from boardgames.ui import board_class
from boardgames.ui.board import Board, dist_rows
from boardgames.ui.intergalactic import IntergalacticBoard, entry_note

ROOT = Path(__file__).resolve().parents[2]


def send(board: Board, msg: Any) -> None:
    """What the browser's ``model.send(msg)`` does."""
    board._on_msg(board, msg, [])


def intent(board: Board, action: str, version: int | None = None) -> None:
    send(board, {"type": "intent", "action": action,
                 "version": board.version if version is None else version})


def synced(board: Board) -> dict[str, Any]:
    state = {k: v for k, v in board.get_state().items() if k not in ("_esm", "_css", "layout")}
    return json.loads(json.dumps(state))


PLAYERS = [
    {"race": "Karnor", "homeworld": "Red World", "entries": ["Core Fleet"], "tokens": 6},
    {"race": "Glish", "homeworld": "Green World", "entries": ["Fast Fleet"], "tokens": 3},
    {"race": "Humans", "homeworld": "Blue World", "entries": ["Main Fleet"], "tokens": 0},
]


def spending(total: int = 50, tokens: int = 6, seed: int = 3) -> tuple[bg.Intergalactic,
                                                                         IntergalacticBoard]:
    """Player 0 has rolled ``total`` on the Research list and holds ``tokens`` + 1 IT."""
    players = [dict(PLAYERS[0], tokens=tokens), *PLAYERS[1:]]
    g = bg.Intergalactic.scenario(players=players, stage="research", auto_roll=False,
                                  seed=seed)
    g.apply(1)                          # income
    g.apply(total - g.state.chance[4])  # the d100
    g.auto_roll = True
    b = g.widget(player=0)
    assert g.phase == "spend" and b.legal == [str(a) for a in g.legal_actions()]
    assert f"keep {total}" in b.legal and len(b.legal) > 1
    return g, b


# ---------------------------------------------------------------------- the board class
def test_intergalactic_has_its_own_board() -> None:
    assert board_class("intergalactic") is IntergalacticBoard
    b = bg.Intergalactic(players=3, seed=1).widget(player=None)
    assert isinstance(b, IntergalacticBoard) and b.game_name == "intergalactic"
    assert 'game: "intergalactic"' in b._esm and ".ig-record" in b._css
    assert "data-action" in b._esm


# ---------------------------------------------------------------------- intents
def test_the_preview_names_each_landing_and_one_click_takes_it() -> None:
    """Every total within reach is previewed with the one action that lands on its
    entry (the entry's cheapest total); that action, sent once, takes the entry and pays
    its cost."""
    g, b = spending(total=50)
    v0 = b.version
    assert b.extra["lit"] == "Cloaking Technology" == lookup("research", 50).name
    preview = b.extra["preview"]
    assert [p["total"] for p in preview] == list(range(50 - 7, 50 + 7 + 1))
    now = [p for p in preview if p["now"]]
    assert len(now) == 1 and now[0]["shift"] == 0 and now[0]["action"] == "keep 50"
    for p in preview:
        e = lookup("research", p["total"])
        assert p["entry"] == (e.name if e else None) and p["cost"] == abs(p["shift"])
        near = min((q for q in preview if q["entry"] == p["entry"]),
                   key=lambda q: abs(q["shift"]))
        want = "keep 50" if p["entry"] == now[0]["entry"] else \
            f"land on {near['total']} {p['entry'] or 'nothing'} ({near['cost']} IT)"
        assert p["action"] == want and p["action"] in b.legal
    assert {p["action"] for p in preview} == set(b.legal)
    # Cloaking Technology needs Scan 1+: Karnor of Red World has none, so it gives nothing
    assert not now[0]["gives"]
    intent(b, "land on 51 Holography (1 IT)")
    assert b.error == "" and b.version == v0 + 1
    assert "Holography" in g.state.entries[0] and g.state.tokens[0] == 7 - 1
    assert [s.text for s in g.history if s.player == 0] == ["land on 51 Holography (1 IT)"]
    assert b.view == g.view(0) and b.extra["preview"] == []


def test_the_list_rows_match_the_data_and_the_roller() -> None:
    _, b = spending(total=50)
    rows = b.extra["list"]
    assert b.extra["list_name"] == "research" and b.extra["subject"] == 0
    assert [r["name"] for r in rows] == [e.name for e in LISTS["research"]]
    by = {r["name"]: r for r in rows}
    assert by["Cloaking Technology"]["ok"] is False and by["Holography"]["ok"] is True
    assert by["Telepathy"]["label"] == "00" and by["Pick one of the Above"]["label"] == "101+"
    assert by["Plasma Generators"]["note"] == entry_note(lookup("research", 37))
    assert by["Plasma Generators"]["note"] == "Weapons +6 (Req Energy 1+)"
    assert b.extra["notes"]["Core Fleet"] == "Fleet +6"


def test_set_up_choices_are_actions_on_the_race_and_homeworld_rows() -> None:
    g = bg.Intergalactic(players=2, seed=11)
    first = g.current_player
    b = g.widget(player=first)
    assert b.extra["list_name"] == "race"
    assert {f"race {r['name']}" for r in b.extra["list"]} | {"race roll"} == set(b.legal)
    intent(b, "race Karnor")
    assert b.error == "" and b.extra["list_name"] == "homeworld"
    assert b.view["records"][first]["race"] == "Karnor"
    intent(b, "homeworld roll")
    assert b.error == "" and b.view["records"][first]["homeworld"] is not None


def test_the_battle_panel_compares_attributes_with_the_exact_odds() -> None:
    g = bg.Intergalactic.scenario(players=[
        {"race": "Karnor", "homeworld": "Red World", "entries": ["Core Fleet", "Nova Bombs"],
         "tokens": 10},
        {"race": "Moungwoawn", "homeworld": "Black World", "entries": ["Heavy Fleet"],
         "tokens": 4},
    ], stage="conflict", auto_roll=False, seed=2)
    g.apply(2)
    b = g.widget(player=0)
    # the Challenge phase: the target's odds from the attributes
    assert b.legal == ["attack 1"]
    (t,) = b.extra["targets"]
    assert t["player"] == 1 and t["odds"] == dist_rows(battle_odds(t["bat"]["attacker"],
                                                                   t["bat"]["defender"]))
    intent(b, "attack 1")
    g.apply(61)                           # the attacker's stratagem: Envelopment
    intent(b, f"keep {g.state.cur['total']}")
    g.apply(30)                           # the defender's: Lost Opportunity
    if g.phase == "spend":
        g.apply(f"keep {g.state.cur['total']}")
    b.refresh()
    bt = b.extra["battle"]
    assert g.phase == "bat" and bt["computed"] and bt["spender"] == 0
    assert bt["bonus"]["attacker"] == {"Strategy": 5, "Speed": 10}
    rows = {r["attribute"]: r for r in bt["rows"]}
    a_attrs = g.attributes(0, battle=True)
    d_attrs = g.attributes(1, battle=True)
    for name in ("Weapons", "Defense", "Fleet", "Speed", "Strategy"):
        assert rows[name]["attacker"] == a_attrs[name] and rows[name]["defender"] == d_attrs[name]
        want = ("attacker" if a_attrs[name] > d_attrs[name] else
                "defender" if d_attrs[name] > a_attrs[name] else "")
        assert rows[name]["advantage"] == want
    v = g.view(0)["battle"]["bat"]
    assert bt["bat"] == {"attacker": v["0"], "defender": v["1"]}
    assert bt["odds"] == bt["odds_base"] == dist_rows(battle_odds(v["0"], v["1"]))
    assert sum(Fraction(r["p"]) for r in bt["odds"]) == 1
    ladder = bt["ladder"]  # the win chance of every "add k" the spender can pay
    assert [x["tokens"] for x in ladder] == list(range(g.state.tokens[0] + 1))
    assert [x["action"] for x in ladder] == [f"add {k}" for k in range(len(ladder))]
    assert {x["action"] for x in ladder} == set(b.legal)
    assert all(x["prob"] <= y["prob"] for x, y in itertools.pairwise(ladder))
    assert ladder[2]["prob"] == float(battle_odds(v["0"] + 2, v["1"]).prob("attacker"))
    intent(b, "add 2")
    bt = b.extra["battle"]
    assert b.error == "" and bt["bat"]["attacker"] == v["0"] + 2 and bt["spender"] == 1
    assert bt["odds"] == dist_rows(battle_odds(v["0"] + 2, v["1"]))
    assert bt["odds_base"] == dist_rows(battle_odds(v["0"], v["1"]))


# ---------------------------------------------------------------------- refusals
def refused(g: bg.Intergalactic, b: Board, msg: dict[str, Any], reason: str) -> None:
    before, version, steps = g.to_json(), b.version, len(g.history)
    send(b, msg)
    assert reason in b.error, b.error
    assert g.to_json() == before and len(g.history) == steps and b.version == version


@pytest.mark.parametrize(("make", "reason"), [
    (lambda b: {"type": "intent", "action": "keep 50", "version": b.version - 1}, "stale"),
    (lambda b: {"type": "intent", "action": "keep 50", "version": b.version + 5}, "future"),
    (lambda b: {"type": "intent", "action": "keep +2", "version": b.version},
     "expected 'keep <total>'"),
    (lambda b: {"type": "intent", "action": "shift +1", "version": b.version},
     "unknown verb"),
    (lambda b: {"type": "intent", "action": "", "version": b.version}, "unknown verb"),
    (lambda b: {"type": "intent", "action": "warp 9", "version": b.version}, "unknown verb"),
    (lambda b: {"type": "intent", "action": "attack 1", "version": b.version},
     "not a legal action in the spend phase"),
    (lambda b: {"type": "intent", "action": "pick Telepathy", "version": b.version},
     "not a legal action"),
    (lambda b: {"type": "intent", "action": "attack x", "version": b.version},
     "attack <player number>"),
    (lambda b: {"type": "intent", "action": "x" * 5000, "version": b.version},
     "characters long"),
    (lambda b: {"type": "intent", "action": "keep 50", "version": b.version,
                "tokens": 99}, "unexpected"),
    (lambda b: {"type": "intent", "action": 7, "version": b.version}, "must be a string"),
    (lambda b: {"type": "set_tokens", "player": 0, "tokens": 99}, "unknown message type"),
    (lambda b: ["intent", "keep 50"], "expected a JSON object"),
])
def test_bad_intents_are_refused_and_change_nothing(make: Any, reason: str) -> None:
    g, b = spending()
    refused(g, b, make(b), reason)


def test_a_landing_beyond_the_tokens_is_refused_with_the_token_rule() -> None:
    g, b = spending(tokens=1)  # 2 IT: 48..52
    assert {Move.parse(a).total for a in b.legal} <= set(range(48, 53))
    refused(g, b, {"type": "intent", "action": f"land on 53 {lookup('research', 53).name} (3 IT)",
                   "version": b.version}, "Token")


def test_another_players_board_cannot_play_player_0() -> None:
    g, _ = spending()
    other, spectator = g.widget(player=1), g.widget(player=None)
    assert other.legal == [] and spectator.legal == []
    refused(g, other, {"type": "intent", "action": "keep 50", "version": other.version},
            "player 0's turn")
    refused(g, spectator, {"type": "intent", "action": "keep 50",
                           "version": spectator.version}, "spectator")


def test_the_computers_turn_is_refused_and_the_computer_plays() -> None:
    g = bg.Intergalactic(players=3, seed=3)   # player 1 chooses first, then 2 or 0
    b = g.widget(player=0, opponents={1: GreedyAgent(1), 2: GreedyAgent(2)}, pace=30)
    assert b.agents == {"1": "GreedyAgent(seed=1)", "2": "GreedyAgent(seed=2)"}
    assert g.current_player == 1 and b.thinking  # a computer move is scheduled
    moved = 0
    while g.current_player != 0:
        assert b.legal == []
        refused(g, b, {"type": "intent", "action": "race roll", "version": b.version},
                "computer's turn")
        assert b.agent_step() is not None
        moved += 1
    assert moved >= 1 and b.error == "" and ", the computer: " in b.notice
    assert b.legal and all(a.startswith(("race ", "homeworld ")) for a in b.legal)
    b.close()


def test_undo_takes_back_the_computers_moves_too() -> None:
    g = bg.Intergalactic(players=3, seed=4)
    b = g.widget(player=0, opponents={1: GreedyAgent(1), 2: GreedyAgent(2)}, pace=30)
    advisor = GreedyAgent(0)
    while not (g.current_player == 0 and g.phase == "spend"):
        if g.current_player == 0:
            intent(b, str(advisor.choose(g)))
        else:
            b.agent_step()
    before = g.to_json()
    while g.current_player == 0:        # play out player 0's turn
        last = g.to_json()              # (before player 0's last decision)
        intent(b, str(advisor.choose(g)))
    while g.current_player != 0:        # and the computers' turns
        b.agent_step()
    assert g.to_json() != before
    send(b, {"type": "undo", "version": b.version})
    # back before player 0's last decision, the computers' moves after it taken back too
    assert b.error == "" and g.current_player == 0 and g.to_json() == last
    b.close()


# ---------------------------------------------------------------------- secrets
def check_no_seed(board: Board, seed: int) -> None:
    state = synced(board)
    text = json.dumps(state)
    assert '"seed"' not in text
    assert str(seed) not in text


def test_the_seed_is_never_synced_and_nothing_depends_on_it() -> None:
    seeds = (0x5EED_1234_5678_9ABC, 0x5EED_0FED_CBA9_8765)
    a = bg.Intergalactic(players=3, seed=seeds[0], auto_roll=False)
    c = bg.Intergalactic(players=3, seed=seeds[1], auto_roll=False)
    boards = [(a.widget(p), c.widget(p)) for p in (0, 1, None)]
    rng = random.Random(5)
    for i in range(400):
        if a.is_over:
            break
        if a.current_player == CHANCE:
            dist = a.chance_outcomes()
            o = rng.choices(list(dist), weights=[float(x) for x in dist.values()])[0]
        else:
            o = rng.choice(a.legal_actions())
        a.apply(o)
        c.apply(o)
        if i % 25 == 0:
            for ba, bc in boards:
                ba.refresh()
                bc.refresh()
                check_no_seed(ba, seeds[0])
                check_no_seed(bc, seeds[1])
                # games with the same public history and different seeds (so different
                # future dice) give the browser exactly the same data
                assert synced(ba) == synced(bc)


# ---------------------------------------------------------------------- the notebook
@pytest.fixture(scope="module")
def notebook() -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / "intergalactic.ipynb", as_version=4)


def test_notebook_names_the_python3_kernel(notebook: nbformat.NotebookNode) -> None:
    nbformat.validate(notebook)
    assert notebook.metadata["kernelspec"]["name"] == "python3"


def test_notebook_needs_no_input_and_asserts_what_it_shows(
        notebook: nbformat.NotebookNode) -> None:
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert len(code) >= 8
    # Every cell leaves its checks to the last cell, tagged "checks" (issue 17: the lesson
    # is read, not blocks of assert; tests/odds/test_notebooks.py: none above it).
    checks = [c for c in code if "checks" in c.metadata.get("tags", [])]
    assert len(checks) == 1 and checks[0] is code[-1] and checks[0].source.count("assert ") >= 25
    for cell in code:
        assert "input(" not in cell.source
    text = "\n".join(c.source for c in code)
    for needed in ("players=4", "GreedyAgent", "g.widget(player=0, opponents=", "roll_odds(",
                   "tokens=0", "battle_odds(", "fork()", "auto_roll=False", "plt.",
                   "board = "):
        assert needed in text, needed
    assert not any(c.get("outputs") for c in code), "commit the notebook without outputs"


# ---------------------------------------------------------------------- results stay
def rolled_battle() -> tuple[bg.Intergalactic, Board]:
    """P0 attacks P1 (two fleets, so the game goes on); both have added their IT, the
    Combat Rolls are next (auto_roll off: the test forces them)."""
    g = bg.Intergalactic.scenario(players=[
        {"race": "Karnor", "homeworld": "Red World", "entries": ["Core Fleet", "Nova Bombs"],
         "tokens": 10},
        {"race": "Moungwoawn", "homeworld": "Black World",
         "entries": ["Heavy Fleet", "Core Fleet"], "tokens": 4},
    ], stage="conflict", auto_roll=False, seed=2)
    g.apply(2)
    b = g.widget(player=0)
    for step in ("attack 1", 61, "keep", 30):
        g.apply(f"keep {g.state.cur['total']}" if step == "keep" else step)
    if g.phase == "spend":
        g.apply(f"keep {g.state.cur['total']}")
    g.apply("add 2")
    g.apply("add 0")
    return g, b


def odds_by_counting(bat: dict[str, int], attacker: int | None) -> dict[str, Fraction]:
    """The odds by brute force over the faces not rolled yet."""
    wins = {"attacker": 0, "defender": 0, "tie": 0}
    xs = [attacker] if attacker is not None else range(1, 101)
    for x in xs:
        for y in range(1, 101):
            ca, cd = x + bat["attacker"], y + bat["defender"]
            wins["attacker" if ca > cd else "defender" if cd > ca else "tie"] += 1
    n = sum(wins.values())
    return {k: Fraction(v, n) for k, v in wins.items() if v}


def test_the_odds_now_follow_each_combat_roll_not_the_odds_before_it() -> None:
    g, b = rolled_battle()
    bt = b.extra["battle"]
    bat = bt["bat"]
    assert bt["rolled"] == [] and bt["odds"] == dist_rows(battle_odds(bat["attacker"],
                                                                      bat["defender"]))
    g.apply(58)  # the attacker's Combat Roll
    bt = b.extra["battle"]
    assert bt["rolled"] == ["attacker"] and bt["rolls"] == {"attacker": 58}
    assert {r["outcome"]: Fraction(r["p"]) for r in bt["odds"]} == odds_by_counting(bat, 58)
    assert bt["odds"] != bt["odds_base"]  # the pre-roll odds are not shown as "now"
    g.apply(40)  # the defender's: 58 + 22 against 40 + 15
    bt = b.extra["battle"]
    assert bt["rolled"] == ["attacker", "defender"]
    assert bt["odds"] == [{"outcome": "attacker", "p": "1", "prob": 1.0}]


def test_the_battle_result_stays_until_the_players_next_action() -> None:
    g, b = rolled_battle()
    assert b.extra["last_battle"] is None
    g.apply(58)
    g.apply(40)
    want = {"attacker": {"player": 0, "roll": 58, "bat": 22, "total": 80},
            "defender": {"player": 1, "roll": 40, "bat": 15, "total": 55}, "winner": 0}
    assert b.extra["last_battle"] == want
    while g.state.battle is not None:  # the loser's fleet, the winner's spoils
        assert g.current_player is not None
        g.apply(g.legal_actions()[0])
    assert b.extra["battle"] is None and b.extra["last_battle"] == want
    assert "80 to 55" in " ".join(g.log)
    spectator = g.widget(player=None)
    assert spectator.extra["last_battle"] == want
    while g.current_player != 0:
        g.apply(g.legal_actions()[0])
    assert b.extra["last_battle"] == want  # still: P0 has not acted since
    intent(b, b.legal[0])
    assert b.error == "" and b.extra["last_battle"] is None


def test_pause_before_a_battle_holds_the_computers_action_with_the_odds() -> None:
    """Issue 17, "Pace": with pause_battles on, the computer's action that ends the BAT
    spending (the Combat Rolls come next) is held, its exact odds shown, the game
    unchanged, until the person clicks Continue (resume)."""
    g, _ = rolled_battle()
    g.undo()  # back to P1 (the computer here) adding its IT
    g.auto_roll = True
    b = g.widget(player=0, opponents={1: GreedyAgent(seed=1)})
    b.agents_running = False
    send(b, {"type": "pause_battles", "value": True})
    assert b.pause_battles and b.error == ""
    before = g.to_json()
    assert b.agent_step() is None  # held, not played
    held = b.held
    assert g.to_json() == before and held["player"] == 1 and held["action"].startswith("add ")
    after = g.fork()
    after.auto_roll = False
    after.apply(held["action"])
    bat = after.state.battle["bat"]
    assert held["odds"] == dist_rows(battle_odds(bat["0"], bat["1"]))
    assert "is about to play" in b.notice and b.extra["battle"] is not None
    send(b, {"type": "resume", "version": b.version - 1})
    assert "stale" in b.error and g.to_json() == before
    send(b, {"type": "resume", "version": b.version})
    assert b.error == "" and b.held == {} and g.to_json() != before
    assert b.extra["last_battle"] is not None or b.extra["battle"]["rolled"] == ["attacker",
                                                                                 "defender"]
    send(b, {"type": "resume", "version": b.version})
    assert "no computer action is waiting" in b.error


def test_without_the_pause_the_computer_plays_the_battle_at_once() -> None:
    g, _ = rolled_battle()
    g.undo()
    g.auto_roll = True
    b = g.widget(player=0, opponents={1: GreedyAgent(seed=1)})
    b.agents_running = False
    assert b.agent_step() is not None and b.held == {}


def test_an_undo_drops_a_held_action() -> None:
    g, _ = rolled_battle()
    g.undo()
    g.auto_roll = True
    b = g.widget(player=0, opponents={1: GreedyAgent(seed=1)})
    b.agents_running = False
    b.pause_battles = True
    b.agent_step()
    assert b.held
    g.undo()
    assert b.held == {}
