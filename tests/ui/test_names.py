"""Names and counters are the game's (issue 17): the boards publish each player's name
in the game ("Terran"/"Empire", an Intergalactic race) and a turn counter that says what
it counts."""

from __future__ import annotations

from typing import Any

import boardgames as bg
from boardgames.ui.board import Board


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def test_blast_names_the_sides_and_whose_turn_the_counter_counts() -> None:
    g = bg.Blast.scenario(phase="move", dice=[3, 4], seed=5)
    b = g.widget(player=0)
    assert b.names == {"0": "Terran", "1": "Empire"}
    assert g.turn == 1 and g.state.player == 1
    assert b.turn_label == "turn 1 of the game: the Empire's"


def test_intergalactic_names_a_player_by_race_once_chosen() -> None:
    g = bg.Intergalactic(players=2, seed=11)
    first = g.current_player
    b = g.widget(player=first)
    assert b.names == {"0": "P0", "1": "P1"}
    assert b.turn_label == "player-turn 0: set-up (races, homeworlds, turn order)"
    send(b, {"type": "intent", "action": "race Karnor", "version": b.version})
    assert b.error == "" and b.names[str(first)] == f"Karnor (P{first})"


def test_intergalactic_counts_player_turns_within_the_stage() -> None:
    g = bg.Intergalactic.scenario(players=[
        {"race": "Karnor", "homeworld": "Red World", "entries": ["Core Fleet"]},
        {"race": "Moungwoawn", "homeworld": "Black World", "entries": ["Heavy Fleet"]},
    ], stage="research", seed=2)
    b = g.widget(player=0)
    total = g.rules.turns_per_stage * 2
    assert b.turn_label == f"Research stage: player-turn {g.state.turn} of {total}"
    assert b.names == {"0": "Karnor (P0)", "1": "Moungwoawn (P1)"}


def test_spacehole_and_space_base_counters_say_what_they_count() -> None:
    s = bg.Spacehole(seed=1).widget()
    assert s.names == {"0": "you"}
    assert s.turn_label.startswith("turn 1 (one card a turn")
    g = bg.SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                              hands=[["Metal"], []], phase="build", seed=4)
    b = g.widget(player=0)
    assert b.turn_label == f"turn {g.turn}: player {g.state.player}'s " \
                           f"(round {(g.turn - 1) // 2 + 1})"


def test_names_are_not_resent_with_every_move() -> None:
    g = bg.Blast.scenario(phase="move", dice=[3, 4], seed=5)
    b = g.widget(player=1)
    send(b, {"type": "intent", "action": "move 15:5 by 4", "version": b.version})
    assert b.error == "" and "names" not in b.timings[-1]["keys"]


def test_every_turn_label_carries_the_games_turn_number() -> None:
    """The counter keeps the number ('turn 0: set-up ...'): a reader, or a test reading
    the header, finds the game's turn in it at every stage."""
    import re

    from boardgames.agents import RandomAgent

    for game in (bg.Blast(seed=2), bg.SpaceBase(players=2, seed=2),
                 bg.Intergalactic(players=2, seed=2), bg.Spacehole(seed=2)):
        b = game.widget(player=0)
        agent = RandomAgent(seed=1)
        for _ in range(120):
            m = re.search(r"turn (\d+)", b.turn_label)
            assert m and int(m[1]) == game.turn, (game.name, b.turn_label, game.turn)
            if game.is_over:
                break
            if game.current_player == -1:
                game.roll()
            else:
                game.apply(agent.choose(game))
