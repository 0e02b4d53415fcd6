"""The board's Python half: intents apply and republish; stale, malformed, unknown,
forged and wrong-player messages are refused with the game unchanged and the reason in
``error``; the common controls (undo, redo, roll, auto roll, new, fork, scrub, save,
load), computer opponents, and ``board_for``'s caching."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest
from ui.twoplayer import CoinNim

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.ui import RandomAgent, board_class, board_for
from boardgames.ui.board import Board
from boardgames.ui.spacehole import SpaceholeBoard


def send(board: Board, msg: Any, buffers: Any = None) -> None:
    """What the browser's ``model.send(msg)`` does."""
    board._on_msg(board, msg, buffers or [])


def fresh(seed: int = 3, phase: str = "build", **kw: Any) -> tuple[bg.Spacehole, SpaceholeBoard]:
    """A game and its board in a position that does not depend on the random stream:
    turn 1, a Mine in hand, and a colony strong enough to survive the next invasions."""
    g = bg.Spacehole.scenario(structures=["Solar Array", "Force Dome", "Laser Turret"],
                              defenders=["Space Navy", "Battle Station"], hand=["Mine"],
                              phase=phase, seed=seed, **kw)
    return g, g.widget()


def play(board: Board) -> str:
    """One move of the board's player through an intent (pass / end turn if possible)."""
    legal = board.legal
    action = next((a for a in ("pass", "end turn", "power optimal") if a in legal), legal[0])
    send(board, {"type": "intent", "action": action, "version": board.version})
    assert board.error == "", board.error
    return action


def synced(board: Board) -> dict[str, Any]:
    """Everything the browser receives about the game (the widget state as JSON, without
    the static ESM and CSS)."""
    state = {k: v for k, v in board.get_state().items() if k not in ("_esm", "_css")}
    return json.loads(json.dumps(state))


# ---------------------------------------------------------------------- intents
def test_an_intent_applies_the_action_and_republishes() -> None:
    g, b = fresh()
    v0, reply0 = b.version, b.reply
    assert b.legal == ["build Mine", "pass"]
    send(b, {"type": "intent", "action": "build Mine", "version": v0})
    assert b.error == ""
    assert b.version == v0 + 1 and b.reply == reply0 + 1
    assert [s.text for s in g.history if s.player == 0] == ["build Mine"]
    assert b.view == g.view(0)
    assert b.legal == [str(a) for a in g.legal_actions()]
    assert b.log == list(g.log[-len(b.log):]) and b.log[-1] == g.log[-1]
    assert b.steps == len(g.history)
    assert b.can_undo and not b.can_redo


def test_the_board_view_is_the_game_view_never_the_state() -> None:
    g, b = fresh()
    assert b.view == g.view(0)
    assert b.game_name == "spacehole" and b.player == 0
    state = synced(b)
    assert "deck" not in json.dumps(state["view"]).replace("deck_size", "")


REFUSED = [
    ("stale (older version)", lambda b: {"type": "intent", "action": "pass",
                                         "version": b.version - 1}, "stale"),
    ("future version", lambda b: {"type": "intent", "action": "pass",
                                  "version": b.version + 1}, "future"),
    ("malformed: not an object", lambda b: "pass", "expected a JSON object"),
    ("malformed: extra field", lambda b: {"type": "intent", "action": "pass",
                                          "version": b.version, "megacredits": 500},
     "unexpected"),
    ("malformed: huge action", lambda b: {"type": "intent", "action": "pass " * 1000,
                                          "version": b.version}, "characters long"),
    ("malformed: version as text", lambda b: {"type": "intent", "action": "pass",
                                              "version": str(b.version)}, "integer"),
    ("unknown message type", lambda b: {"type": "set_state", "view": {}}, "unknown message"),
    ("unknown verb", lambda b: {"type": "intent", "action": "frobnicate",
                                "version": b.version}, "unknown verb"),
    ("unknown card", lambda b: {"type": "intent", "action": "build Death Star",
                                "version": b.version}, "Death Star"),
    ("forged: card not in hand", lambda b: {"type": "intent", "action": "build Stargate",
                                            "version": b.version}, "no Stargate in hand"),
    ("forged: another phase's action", lambda b: {"type": "intent", "action": "end turn",
                                                  "version": b.version}, "Build Phase"),
    ("forged: a chance outcome", lambda b: {"type": "intent", "action": "3 hits",
                                            "version": b.version}, "invalid action"),
]


@pytest.mark.parametrize(("make", "why"), [(m, w) for _, m, w in REFUSED],
                         ids=[r[0] for r in REFUSED])
def test_refused_intents_leave_the_game_unchanged_and_show_why(make: Any, why: str) -> None:
    g, b = fresh()
    before, version, view = g.to_json(), b.version, b.view
    reply = b.reply
    send(b, make(b))
    assert why in b.error
    assert g.to_json() == before
    assert b.version == version and b.view == view
    assert b.reply == reply + 1  # the browser learns its message was answered
    # and the next good intent clears the error
    send(b, {"type": "intent", "action": "pass", "version": b.version})
    assert b.error == "" and g.history[-1].text != before


def test_binary_buffers_are_refused() -> None:
    g, b = fresh()
    before = g.to_json()
    send(b, {"type": "intent", "action": "pass", "version": b.version}, [b"x"])
    assert "binary" in b.error and g.to_json() == before


def test_a_spectator_board_cannot_act() -> None:
    g, _ = fresh()
    spectator = g.widget(player=None)
    assert spectator is not g.widget(player=0)
    assert spectator.legal == [] and "hand" not in spectator.view
    before = g.to_json()
    for msg in ({"type": "intent", "action": "pass", "version": spectator.version},
                {"type": "undo", "version": spectator.version},
                {"type": "new", "seed": 1},
                {"type": "save"}):
        send(spectator, msg)
        assert "spectator" in spectator.error
        assert g.to_json() == before


def test_wrong_player_intents_are_refused() -> None:
    g = CoinNim(seed=1)
    b0, b1 = board_for(g, player=0), board_for(g, player=1)
    assert b0._board_cls is Board  # no board of its own: the generic board
    assert g.current_player == 0 and b0.legal == ["take 1", "take 2"] and b1.legal == []
    before = g.to_json()
    send(b1, {"type": "intent", "action": "take 1", "version": b1.version})
    assert "player 0's turn" in b1.error and g.to_json() == before
    send(b0, {"type": "intent", "action": "take 1", "version": b0.version})
    assert b0.error == "" and g.current_player == 1
    # b1 learns only after a refresh (the move came from another board): stale version
    b1.refresh()
    send(b0, {"type": "intent", "action": "take 1", "version": b0.version})
    assert "player 1's turn" in b0.error


def test_intents_at_a_chance_node_force_the_outcome_by_its_text() -> None:
    g, b = fresh(phase="karma", auto_roll=False)
    assert g.current_player == CHANCE
    rows = b.chance
    assert rows and sum(r["prob"] for r in rows) == pytest.approx(1)
    from fractions import Fraction

    assert sum(Fraction(r["p"]) for r in rows) == 1
    exact = {g._outcome_text(o): p for o, p in g.chance_outcomes().items()}
    assert {r["action"]: Fraction(r["p"]) for r in rows} == exact
    pick = rows[-1]["action"]
    send(b, {"type": "intent", "action": pick, "version": b.version})
    assert b.error == "" and g.history[-1].text == pick and g.history[-1].player == CHANCE
    # an outcome that is not one of the node's is refused
    g2, b2 = fresh(phase="karma", auto_roll=False)
    before = g2.to_json()
    send(b2, {"type": "intent", "action": "Death Star", "version": b2.version})
    assert "not an outcome" in b2.error and g2.to_json() == before


def test_roll_and_auto_roll_controls() -> None:
    g, b = fresh(phase="karma", auto_roll=False)
    send(b, {"type": "roll", "version": b.version})
    assert b.error == "" and len(g.history) == 1
    send(b, {"type": "auto_roll", "value": True, "version": b.version})
    assert g.auto_roll and b.auto_roll and b.chance == [] and g.current_player == 0
    send(b, {"type": "roll", "version": b.version})
    assert "not at a chance node" in b.error


# ---------------------------------------------------------------------- controls
def test_undo_and_redo() -> None:
    g, b = fresh()
    start = g.to_json()
    send(b, {"type": "undo", "version": b.version})
    assert "nothing to undo" in b.error and g.to_json() == start
    send(b, {"type": "intent", "action": "pass", "version": b.version})
    after = g.to_json()
    send(b, {"type": "undo", "version": b.version - 1})
    assert "stale" in b.error and g.to_json() == after
    send(b, {"type": "undo", "version": b.version})
    assert b.error == "" and g.to_json() == start and b.can_redo
    send(b, {"type": "redo", "version": b.version})
    assert g.to_json() == after and not b.can_redo


def test_new_game_with_a_seed_keeps_the_options() -> None:
    g = bg.Spacehole(seed=5, variant="babylon5")
    b = g.widget()
    send(b, {"type": "new", "seed": 42})
    assert b.error == "" and b.game is not g
    assert b.game.seed == 42 and b.game.variant == "babylon5" and b.game.turn == 1
    assert b.view == b.game.view(0) and b.view["base"]["name"] == "Hull"
    assert b.game.widget() is b  # the board is now the new game's board
    send(b, {"type": "new", "seed": None})
    assert b.error == "" and 0 <= b.game.seed < 2**64


def test_fork_opens_a_what_if_board() -> None:
    g, b = fresh()
    play(b)
    before = g.to_json()
    send(b, {"type": "fork", "step": None})
    assert b.error == "" and len(b.forks) == 1
    child = b.forks[0]
    assert child._board_cls is SpaceholeBoard and child.game is not g
    # The same position and history, with a fresh seed: a what-if's draws are not the
    # real game's future (issue 20), so it no longer equals the game (== compares seeds).
    h = child.game
    assert h.history == g.history and h.view(0) == g.view(0) and h.seed != g.seed
    assert synced(b)["forks"] == [f"anywidget:{child.model_id}"]
    send(child, {"type": "intent", "action": child.legal[0], "version": child.version})
    assert child.error == "" and len(child.game.history) > len(g.history)
    assert g.to_json() == before


def test_fork_from_a_past_step_and_scrub_without_changing_the_game() -> None:
    g, b = fresh()
    for _ in range(3):
        play(b)
    before, n = g.to_json(), len(g.history)
    send(b, {"type": "scrub", "step": 1})
    assert b.error == "" and b.scrub_step == 1
    past = bg.from_json(before)
    past.auto_roll = False
    while len(past.history) > 1:
        past.undo()
    assert b.scrub_view == past.view(0)
    assert g.to_json() == before and b.view == g.view(0)
    send(b, {"type": "scrub", "step": n + 1})
    assert "beyond" in b.error and b.scrub_step == 1
    send(b, {"type": "fork", "step": 1})
    child = b.forks[-1]
    assert len(child.game.history) == 1 and child.game.auto_roll is False
    assert [s.value for s in child.game.history] == [s.value for s in g.history[:1]]
    send(b, {"type": "scrub", "step": None})
    assert b.scrub_step is None and b.scrub_view == {}
    assert g.to_json() == before


def test_save_sends_the_json_and_load_goes_through_from_json(monkeypatch: Any) -> None:
    g, b = fresh()
    send(b, {"type": "intent", "action": "build Mine", "version": b.version})
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(b, "send", lambda content, buffers=None: sent.append(content))
    send(b, {"type": "save"})
    assert sent and sent[0]["type"] == "save" and sent[0]["filename"].endswith(".json")
    text = sent[0]["text"]
    loaded = bg.from_json(text)
    # the same position and past; a fresh seed, so the file cannot tell the future draws
    assert loaded.state == g.state and loaded.history == g.history and loaded.log == g.log
    assert json.loads(text)["seed"] != g.seed
    assert "seed" not in json.dumps(synced(b))

    _, ob = fresh(seed=99)
    send(ob, {"type": "load", "name": "saved.json", "text": text})
    assert ob.error == "" and ob.game is not g and ob.view == g.view(0)
    assert ob.game.state == g.state and ob.game.history == g.history
    assert "loaded saved.json" in ob.notice


@pytest.mark.parametrize(("text", "why"), [
    ("{not json", "not valid JSON"),
    ('{"game": "spacehole"}', "missing keys"),
    ("[]", "expected a JSON object"),
])
def test_a_corrupt_file_shows_the_error_and_changes_nothing(text: str, why: str) -> None:
    g, b = fresh()
    before, version = g.to_json(), b.version
    send(b, {"type": "load", "name": "bad.json", "text": text})
    assert why in b.error and b.game is g and g.to_json() == before and b.version == version


def test_a_tampered_save_is_refused() -> None:
    g, b = fresh()
    doc = json.loads(g.to_json())
    doc["steps"].append([0, "build Stargate"])
    send(b, {"type": "load", "name": "x.json", "text": json.dumps(doc)})
    assert "Stargate" in b.error and b.game is g


def test_a_save_of_another_game_is_refused() -> None:
    g = bg.Spacehole(seed=3)
    nim_board = board_for(CoinNim(seed=1))
    before = nim_board.game.to_json()
    send(nim_board, {"type": "load", "name": "sh.json", "text": g.to_json()})
    assert "holds a spacehole game" in nim_board.error
    assert nim_board.game.to_json() == before


def test_front_end_errors_are_recorded() -> None:
    _, b = fresh()
    send(b, {"type": "frontend_error", "message": "drawing the board: TypeError"})
    assert b.frontend_errors == ["drawing the board: TypeError"]


def test_changes_made_from_code_are_republished_at_once() -> None:
    """The game tells its boards (``Game.observe``): no cell end, no ``refresh`` needed."""
    g, b = fresh()
    v = b.version
    assert b.refresh() is False and b.version == v
    g.apply("pass")
    assert b.version == v + 1 and b.view == g.view(0)
    g.undo()
    assert b.version == v + 2 and b.view == g.view(0)
    g.auto_roll = False
    assert b.auto_roll is False and b.version == v + 3
    assert b.refresh() is False and b.version == v + 3


# ---------------------------------------------------------------------- board_for
def test_board_for_returns_the_same_widget_for_the_same_game_and_player() -> None:
    g = bg.Spacehole(seed=3)
    b = g.widget()
    assert g.widget() is b and board_for(g, 0) is b
    assert g.widget(player=None) is not b
    assert bg.Spacehole(seed=3).widget() is not b
    assert g.widget(pace=0.1) is b and b.pace == 0.1
    assert board_class("spacehole") is SpaceholeBoard and board_class("nosuchgame") is Board


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"player": 1}, ValueError),
    ({"player": True}, ValueError),
    ({"player": "0"}, ValueError),
    ({"opponents": [RandomAgent()]}, TypeError),
    ({"opponents": {0: object()}}, TypeError),
    ({"opponents": {5: RandomAgent()}}, ValueError),
    ({"pace": -1}, ValueError),
    ({"pace": "fast"}, ValueError),
    ({"auto_roll": "yes"}, TypeError),
    ({"colour": "red"}, TypeError),
])
def test_bad_board_arguments_are_refused(kwargs: dict[str, Any], error: type) -> None:
    g = bg.Spacehole(seed=3)
    with pytest.raises(error):
        g.widget(**kwargs)
    with pytest.raises(TypeError):
        board_for("spacehole")  # type: ignore[arg-type]


# ---------------------------------------------------------------------- opponents
class Recorder:
    """An agent that records the thread it plays on and delegates to a RandomAgent."""

    def __init__(self) -> None:
        self.inner = RandomAgent(seed=5)
        self.threads: list[str] = []
        self.times: list[float] = []

    def choose(self, game: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        self.times.append(time.monotonic())
        return self.inner.choose(game)


def test_random_agent_is_seeded_and_needs_choices() -> None:
    g = CoinNim(seed=2, auto_roll=False)
    a, b = RandomAgent(seed=9), RandomAgent(seed=9)
    assert [a.choose(g) for _ in range(20)] == [b.choose(g) for _ in range(20)]
    with pytest.raises(TypeError):
        RandomAgent(seed="x")  # type: ignore[arg-type]
    g.apply("take 2")
    with pytest.raises(ValueError, match="no legal action"):
        a.choose(g)  # a chance node: nothing to choose


def test_an_opponent_plays_its_turns_with_a_visible_pace_off_the_event_loop() -> None:
    agent = Recorder()
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: agent}, pace=0.05)
    assert b.agents == {"1": repr(agent)} and b.legal == ["take 1", "take 2"]
    t0 = time.monotonic()
    send(b, {"type": "intent", "action": "take 1", "version": b.version})
    assert g.current_player == 1 and b.thinking and b.legal == []
    before = g.to_json()
    send(b, {"type": "intent", "action": "take 1", "version": b.version})
    assert "computer's turn" in b.error and g.to_json() == before
    deadline = time.monotonic() + 5
    while g.current_player == 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert g.current_player in (0, None), "the computer did not play"
    assert agent.times[0] - t0 >= 0.05  # not before the pace
    assert agent.threads[0] != threading.main_thread().name  # a timer thread: no kernel here
    assert not b.thinking and b.view == g.view(0)


def test_in_a_kernel_opponents_play_on_its_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """In ipykernel the board schedules moves on the kernel's running loop (the browser
    test checks that for real); here an asyncio loop stands in for the kernel's."""
    import boardgames.ui.board as board_module

    agent = Recorder()
    monkeypatch.setattr(board_module, "_kernel_loop", asyncio.get_running_loop)

    async def main() -> tuple[CoinNim, Board]:
        g = CoinNim(seed=4)
        b = board_for(g, player=0, opponents={1: agent}, pace=0.02)
        send(b, {"type": "intent", "action": "take 1", "version": b.version})
        for _ in range(200):
            if g.current_player != 1:
                break
            await asyncio.sleep(0.01)
        return g, b

    # The loop runs in a thread of its own ("kernel"), as a test tool may already run
    # a loop in the main thread.
    result: list[CoinNim] = []
    kernel = threading.Thread(target=lambda: result.append(asyncio.run(main())[0]),
                              name="kernel")
    kernel.start()
    kernel.join(10)
    assert result and result[0].current_player in (0, None)
    assert agent.threads == ["kernel"]  # on the loop's own thread, not a timer thread


def test_undo_takes_back_the_computers_move_too() -> None:
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: RandomAgent(seed=1)}, pace=30)
    start = g.to_json()
    send(b, {"type": "intent", "action": "take 2", "version": b.version})
    assert b.agent_step() is not None and g.current_player == 0
    send(b, {"type": "undo", "version": b.version})
    assert b.error == "" and g.to_json() == start and not b.thinking
    b.close()


def test_an_undo_clicked_while_the_computer_played_on_still_takes_everything_back() -> None:
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: RandomAgent(seed=1)}, pace=30)
    start = g.to_json()
    send(b, {"type": "intent", "action": "take 2", "version": b.version})
    seen = b.version                 # the person clicks undo on this view ...
    assert b.agent_step() is not None and b.version > seen  # ... as the computer moves
    send(b, {"type": "undo", "version": seen})
    assert b.error == "" and g.to_json() == start
    b.close()


def test_an_undo_chosen_before_a_persons_later_move_is_stale() -> None:
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: RandomAgent(seed=1)}, pace=30)
    send(b, {"type": "intent", "action": "take 1", "version": b.version})
    seen = b.version
    assert b.agent_step() is not None
    send(b, {"type": "intent", "action": "take 1", "version": b.version})
    before = g.to_json()
    send(b, {"type": "undo", "version": seen})
    assert "stale" in b.error and g.to_json() == before
    b.close()


def test_a_failing_opponent_is_shown_and_stopped() -> None:
    class Broken:
        def choose(self, game: Any) -> str:
            return "take 7"

    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: Broken()}, pace=30)
    send(b, {"type": "intent", "action": "take 1", "version": b.version})
    before = g.to_json()
    assert b.agent_step() is None
    assert "computer player 1" in b.error and "take 7" in b.error
    assert not b.agents_running and g.to_json() == before
    send(b, {"type": "agents", "run": True})
    assert b.agents_running and b.thinking
    send(b, {"type": "agents", "run": False})
    assert not b.agents_running and not b.thinking
    b.close()


def test_a_solo_game_can_be_watched() -> None:
    g, board = fresh()
    b = g.widget(opponents={0: RandomAgent(seed=1)}, pace=30)
    assert b is board  # the same board, now with the computer in seat 0
    assert b.legal == []  # the computer plays this seat
    n = len(g.history)
    for _ in range(5):
        assert b.agent_step() is not None
    assert len([s for s in g.history[n:] if s.player == 0]) == 5
    b.close()


def test_the_display_bundle_has_the_widget_and_a_static_picture() -> None:
    g, b = fresh()
    data, _ = b._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == b.model_id
    assert data["text/html"] == g.html(0)
    assert b._repr_mimebundle_()[0]["application/vnd.jupyter.widget-view+json"] == \
        data["application/vnd.jupyter.widget-view+json"]  # the same widget again
    nim, _ = board_for(CoinNim(seed=1))._repr_mimebundle_()
    assert "text/html" not in nim  # no static renderer for this game


def test_importing_boardgames_ui_imports_no_jupyter_module() -> None:
    import subprocess
    import sys

    code = ("import sys, boardgames, boardgames.ui, boardgames.ui.protocol, "
            "boardgames.ui.assets; print(sorted(m for m in ('anywidget', 'ipywidgets', "
            "'IPython', 'traitlets', 'comm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
