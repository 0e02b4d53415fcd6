"""Space Base on the shared Game protocol: the registry, options and saves, scenarios,
views and hidden hands, the log, undo/fork with the board."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from spacebase.support import CHANCE, play, scenario

import boardgames as bg
from boardgames.spacebase import SpaceBase


def test_registry_and_options() -> None:
    g = bg.load("spacebase", players=3, seed=4)
    assert type(g) is bg.SpaceBase is SpaceBase and g.players == 3
    assert g.options == {"players": 3}
    assert g.view(None)["options"] == {"players": 3}
    h = bg.from_json(g.to_json())
    assert h == g and h.players == 3
    assert bg.SpaceBase(seed=1).players == 2  # the default


def test_a_scenario_saves_loads_and_replays() -> None:
    g = scenario(players=3, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                                   (9, 0): ("Outpost", 2), (1, 0): ("Extractor", 0)},
                 damage={(1, 0): 3}, hands=[["Metal"], ["Colony"], []], credits=[9, 8, 7],
                 deck={"Metal": 2, "Volcano": 3}, discard=["Transfer"], turn=12)
    assert g.phase == "repair" and g.turn == 12
    play(g, "repair (1,0) 3")
    g.apply((5, 5))
    text = g.to_json()
    doc = json.loads(text)
    assert list(doc["options"]["scenario"]) == ["sites", "damage", "hands", "credits", "deck",
                                                 "discard", "phase", "current_player", "turn"]
    h = bg.from_json(text)
    assert h == g and h.to_json() == text
    assert h.view(0) == g.view(0) and h.view(None)["discard"] == {"Transfer": 1}


def test_hands_are_hidden_from_the_other_players_and_spectators() -> None:
    g = scenario(players=3, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                                   (9, 0): ("Outpost", 2)},
                 hands=[["Factory"], ["Colony", "Metal"], ["Volcano"]], phase="build")
    assert g.view(0)["hand"] == ["Factory"] and g.view(1)["hand"] == ["Colony", "Metal"]
    assert "hand" not in g.view(None)
    for p, other in ((0, "Colony"), (1, "Factory"), (2, "Factory")):
        assert other not in json.dumps(g.view(p)), p
    assert g.view(None)["hand_sizes"] == [1, 2, 1]


def test_the_log_and_history_texts_never_name_a_hidden_card() -> None:
    """Draws and steals are logged without the card; a draw's history text is "a card"
    (its value, in the omniscient record, holds it)."""
    g = SpaceBase(players=2, seed=21)
    rng = random.Random(21)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    draws = [st for st in g.history if st.player == CHANCE and isinstance(st.value, str)]
    # the draws of a single name left are not chance nodes: no step at all
    assert 100 <= len(draws) <= 115 and {st.text for st in draws} == {"a card"}
    for line in g.log:
        if "draws" in line or "dealt" in line or "takes a card" in line:
            assert not any(c.name in line for c in bg.spacebase.data.CARD_LIST), line


def test_the_view_says_whose_turn_and_what_is_pending() -> None:
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                 hands=[["Colony"], []], phase="build")
    v = g.view(None)
    assert v["turn_player"] == 0 and v["pending"] is None and v["chance"] is None
    play(g, "build Colony")
    assert g.view(None)["pending"] == {"kind": "build", "card": "Colony"}
    play(g, "place (1,0)")
    v = g.view(None)
    assert v["turn_player"] == 1 and v["chance"] == "meteor" and v["current_player"] == CHANCE


def test_undo_and_fork_restore_the_board_and_its_graphs() -> None:
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                 hands=[["Metal", "Refineries"], []], phase="build", auto_roll=True)
    play(g, "build Metal", "place (1,0)")
    f = g.fork()
    play(f, "build Refineries", "place (0,1)")
    assert f.board.is_functional((0, 1)) and (0, 1) not in g.board
    assert f.board.logistic.has_edge((0, 0), (0, 1))
    f.undo()
    f.undo()
    assert f == g and (0, 1) not in f.board and not f.board.logistic.has_node((0, 1))
    with pytest.raises(ValueError, match="read-only"):
        f.board.remove((0, 0))


def test_undo_walks_back_through_the_positions_the_game_went_through() -> None:
    """Every step is made on a copy of the position (copy-on-write): undoing takes the
    game back through the very positions (state, log) it went through, and the game then
    goes on as the same game would."""
    g = SpaceBase(players=2, seed=5)
    rng = random.Random(5)
    seen, chosen = {}, []
    while g.step_count < 300:
        seen[g.step_count] = (copy.deepcopy(g.state), g.log)  # nothing shared
        chosen.append(rng.choice(g.legal_actions()))
        g.apply(chosen[-1])
    end = g.to_json()
    n = 0
    while g.can_undo:
        g.undo()
        state, log = seen[g.step_count]
        assert g.state == state and g.log == log, g.step_count
        n += 1
    assert n > 50 and g.step_count == 0
    log = seen[0][1]
    for a in chosen:  # the same game again, after the undo walk
        g.apply(a)
    assert g.to_json() == end and g.log[:len(log)] == log


def test_a_step_that_fails_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step that fails half-way (an interrupt while a site is placed, say) leaves the
    game as it was: the same position (its board too), log and history; the step then
    works."""
    from boardgames.spacebase.board import Board

    g = SpaceBase(players=2, seed=8)
    rng = random.Random(8)
    chosen = []
    while not (g.step_count > 40 and g.state.pending is not None
               and g.state.pending[0] == "build"):
        chosen.append(rng.choice(g.legal_actions()))
        g.apply(chosen[-1])
    before, log, steps = g.state.copy(), g.log, g.step_count
    sites = g.board.sites()
    a = g.legal_actions()[0]
    assert a.verb == "place"

    put, calls = Board._put, []

    def broken(*args: Any) -> None:  # fails once, after changing the board, then works
        calls.append(args)
        put(*args)
        if len(calls) == 1:
            raise RuntimeError("broken")

    with monkeypatch.context() as m:
        m.setattr(Board, "_put", broken)
        with pytest.raises(RuntimeError, match="broken"):
            g.apply(a)
    assert len(calls) == 1
    assert g.state == before and g.log == log and g.step_count == steps
    assert g.board.sites() == sites
    g.apply(a)
    ref = SpaceBase(players=2, seed=8)
    for b in [*chosen, a]:
        ref.apply(b)
    assert g.to_json() == ref.to_json() and g.log == ref.log
