"""What the boards do to answer a click fast, and the timings they record:

* ``board.timings``: one record per message from the browser (its type, the version it
  left, the traits the update carried, the Python costs; with ``measure_bytes`` the
  update's JSON size, checked against the update actually sent);
* one update per message, carrying only the traits that changed; the board's own
  ``send_state`` sends exactly what ipywidgets' would;
* ``extra_static``: the seldom-changing parts of ``extra`` (Intergalactic's list, Space
  Base's explanations and meteor risk, Blast's reach odds) travel in ``extra_fixed`` only
  when they change, and the browser's ``{...extra, ...extra_fixed}`` is ``board.extra``;
* Space Base's per-map extras are memoised per map content: undo and a placement tried
  again do not compute them again, and the memo gives what a fresh computation gives.
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets
import pytest

import boardgames as bg
import boardgames.ui.spacebase as sbui
from boardgames.ui.board import TIMINGS_KEPT, Board
from boardgames.ui.intergalactic import IntergalacticBoard

PLAYERS = [
    {"race": "Karnor", "homeworld": "Red World", "entries": ["Core Fleet"], "tokens": 6},
    {"race": "Glish", "homeworld": "Green World", "entries": ["Fast Fleet"], "tokens": 3},
]


class Wire:
    """A comm that keeps what the board sends (the kernel would serialise it)."""

    kernel = True
    comm_id = "test"

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.sent.append(json.loads(json.dumps(data)))

    def on_msg(self, callback: Any) -> None:
        pass

    def on_close(self, callback: Any) -> None:
        pass

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass


def wired(board: Board) -> Wire:
    wire = Wire()
    board.comm = wire
    return wire


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def intent(board: Board, action: str) -> None:
    send(board, {"type": "intent", "action": action, "version": board.version})
    assert board.error == "", board.error


def spending() -> tuple[bg.Intergalactic, IntergalacticBoard]:
    g = bg.Intergalactic.scenario(players=PLAYERS, stage="research", auto_roll=False, seed=3)
    g.apply(1)
    g.apply(50 - g.state.chance[4])
    g.auto_roll = True
    b = g.widget(player=0)
    assert g.phase == "spend" and "keep 50" in b.legal
    return g, b


# ---------------------------------------------------------------------- timings
def test_each_message_leaves_one_timing_record() -> None:
    g = bg.Spacehole(seed=13)
    b = g.widget()
    b.timings.clear()
    intent(b, b.legal[0])
    send(b, {"type": "intent", "action": "discard World Eater", "version": b.version})
    assert b.error  # refused
    send(b, {"type": "bogus"})
    ok, refused, bogus = b.timings
    assert ok["type"] == "intent" and ok["version"] == b.version
    assert {"view", "version", "reply", "history"} <= set(ok["keys"])
    for key in ("apply_ms", "view_ms", "extra_ms", "publish_ms", "handle_ms", "send_ms",
                "total_ms", "cpu_ms"):
        assert ok[key] >= 0, key
    assert ok["total_ms"] == pytest.approx(ok["handle_ms"] + ok["send_ms"])
    assert ok["publish_ms"] >= ok["view_ms"] + ok["extra_ms"]
    assert "bytes" not in ok  # only when asked for
    # a refused message: no new view, only the error and the reply counter
    assert refused["version"] == ok["version"] and "view" not in refused["keys"]
    assert set(refused["keys"]) == {"error", "reply"} and "apply_ms" not in refused
    assert bogus["type"] == "unknown"  # what the browser sent is not kept


def test_timings_keep_the_latest_records_only() -> None:
    g = bg.Spacehole(seed=13)
    b = g.widget()
    for _ in range(TIMINGS_KEPT + 5):
        send(b, {"type": "scrub", "step": None})
    assert len(b.timings) == TIMINGS_KEPT and b.timings[-1]["type"] == "scrub"


def test_measured_bytes_are_those_of_the_update_sent() -> None:
    g = bg.Spacehole(seed=13)
    b = g.widget()
    wire = wired(b)
    b.measure_bytes = True
    intent(b, b.legal[0])
    (update,) = wire.sent  # one update for the click
    assert update["method"] == "update"
    record = b.timings[-1]
    assert record["bytes"] == len(json.dumps(update, ensure_ascii=False).encode()) > 1000
    assert sorted(update["state"]) == record["keys"]


# ---------------------------------------------------------------------- one update, what changed
def test_one_update_per_click_with_only_what_changed() -> None:
    _, b = spending()
    wire = wired(b)
    intent(b, "keep 50")  # Cloaking Technology, which P0 cannot take: nothing gained
    (update,) = wire.sent
    state = update["state"]
    # the view, the extras, the legal actions and the counters change; the list and the
    # notes (nothing gained, the same roller), the agents, the controls do not
    assert {"view", "extra", "legal", "version", "reply"} <= set(state)
    assert not {"extra_fixed", "agents", "agent_kinds", "pace", "can_redo"} & set(state)
    assert state["version"] == b.version


def test_the_board_sends_what_ipywidgets_would() -> None:
    _, b = spending()
    wire = wired(b)
    keys = ["view", "extra", "extra_fixed", "history", "legal", "version", "layout"]
    b.send_state(keys)
    ipywidgets.Widget.send_state(b, keys)
    ours, theirs = wire.sent
    assert ours == theirs and set(ours["state"]) == set(keys)
    assert ours["buffer_paths"] == [] and ours["state"]["layout"].startswith("IPY_MODEL_")


def test_without_the_private_helper_the_board_sends_the_public_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An ipywidgets without ``_remove_buffers`` (it is private): the same message, sent
    by ipywidgets' own ``send_state``."""
    from boardgames.ui import board as board_module

    _, b = spending()
    wire = wired(b)
    keys = ["view", "extra", "history", "legal", "version", "layout"]
    b.send_state(keys)
    calls: list[Any] = []
    public = ipywidgets.Widget.send_state
    monkeypatch.setattr(board_module, "_remove_buffers", None)
    monkeypatch.setattr(ipywidgets.Widget, "send_state",
                        lambda self, key=None: (calls.append(key), public(self, key)))
    b.send_state(keys)
    ours, fallback = wire.sent
    assert calls == [keys] and ours == fallback


def test_the_seldom_changing_extras_travel_apart() -> None:
    g, b = spending()
    state = json.loads(json.dumps(b.get_state()))
    assert b.extra_static == ("list", "notes")
    assert "list" not in state["extra"] and "notes" not in state["extra"]
    assert set(state["extra_fixed"]) == {"list", "notes"}
    assert {**state["extra"], **state["extra_fixed"]} == json.loads(json.dumps(b.extra))
    assert b.extra["list"] and b.extra["list"] == b._extra(g, True)["list"]
    wire = wired(b)
    intent(b, "keep 50")  # nothing gained: the list and the notes stay
    intent(b, "end turn")  # P1 rolls: the list is read for P1 (what P1 holds, may take)
    assert "extra_fixed" not in wire.sent[0]["state"]
    assert "extra_fixed" in wire.sent[1]["state"] and b.extra["subject"] == 1
    state = json.loads(json.dumps(b.get_state()))
    assert {**state["extra"], **state["extra_fixed"]} == json.loads(json.dumps(b.extra))


@pytest.mark.parametrize("game", [
    lambda: bg.Blast(seed=1), lambda: bg.SpaceBase(players=2, seed=1),
    lambda: bg.Spacehole(seed=1)])
def test_every_board_draws_its_whole_extra(game: Any) -> None:
    b = game().widget(0)
    state = json.loads(json.dumps(b.get_state()))
    assert set(state["extra_fixed"]) == set(b.extra_static)
    assert {**state["extra"], **state["extra_fixed"]} == json.loads(json.dumps(b.extra))


# ---------------------------------------------------------------------- Space Base memo
def test_space_base_extras_are_memoised_per_map(monkeypatch: pytest.MonkeyPatch) -> None:
    sites = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1), (1, 0): ("Metal", 0)}
    g = bg.SpaceBase.scenario(sites=sites, hands=[["Metal", "Extractor"], []], phase="build",
                              credits=[20, 20], seed=1)
    b = g.widget(0)
    calls: list[int] = []
    real = sbui.map_extra

    def counted(board: Any, players: int) -> dict[str, Any]:
        calls.append(len(board))
        return real(board, players)

    monkeypatch.setattr(sbui, "map_extra", counted)
    intent(b, "build Metal")
    assert calls == []  # the map did not change
    place = next(a for a in b.extra["placements"] if a.startswith("place "))  # (held card)
    intent(b, place)
    assert calls == [4]  # a new map: computed
    placed = b.extra
    send(b, {"type": "undo", "version": b.version})  # the placement with its card
    intent(b, "build Metal")
    intent(b, place)  # the same map again (a new object): remembered
    assert calls == [4] and b.extra == placed
    assert b.extra["explain"] == real(g.state.board, 2)["explain"]
    assert b.extra["risk"] == real(g.state.board, 2)["risk"]
    intent(b, "build Extractor")
    other = next(a for a in b.extra["placements"] if a.startswith("place ") and a != place)
    intent(b, other)
    assert calls == [4, 5]
    assert b.extra["risk"] == real(g.state.board, 2)["risk"]
