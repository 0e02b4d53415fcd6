"""Blast rule tests: Espionage, Major Offensive, the deck, winning, the turn limit and the
response windows (rules/blast.txt card list and notes, "The first player to occupy all four
planet spaces is the winner."; RULINGS.md Blast 9, 10, 11)."""

from __future__ import annotations

from collections import Counter

import pytest
from blast.blast_support import (
    CHANCE,
    EMPIRE,
    TERRAN,
    Blast,
    Rules,
    acts,
    card_rows,
    footnotes,
    force,
    play,
    refused,
    scenario,
)

from boardgames.blast import data

FOUR = {1: "Earth", 8: "Nimrod", 15: "Planet X", 22: "Cygnus-7"}


# ---------------------------------------------------------------------------------------
# Espionage and Major Offensive
# ---------------------------------------------------------------------------------------


def test_ruling_9_espionage_shows_the_opponents_hand_until_the_end_of_that_turn() -> None:
    """Ruling 9: "Espionage: played in the opponent's draw phase; their hand is shown to
    the player until the end of that turn." Note: "Look at opponents hand. Play on
    opponents draw phase."

    At the start of the Terran draw phase the window passes to the Empire; after it
    plays Espionage the Empire's view holds the Terran hand (as it changes: the cards
    drawn too) until the Terran turn ends; nobody else's view does."""
    g = scenario(to_move="terran", phase="draw",
                 hands={"empire": ["Espionage"], "terran": ["Nova Bomb", "Ambush"]},
                 units={1: {"terran": [1]}, 15: {"empire": [1]}})
    assert g.phase == "draw" and g.current_player == EMPIRE
    assert acts(g) == {"play Espionage", "pass"}
    play(g, "play Espionage", by=EMPIRE)
    assert "opponent_hand" not in g.view(TERRAN) and "opponent_hand" not in g.view(None)
    assert g.view(EMPIRE)["opponent_hand"] == ["Ambush", "Nova Bomb"]
    force(g, "Hyper Jump", "Hyper Jump")
    assert g.view(EMPIRE)["opponent_hand"] == ["Ambush", "Hyper Jump", "Hyper Jump",
                                               "Nova Bomb"]
    assert g.view(EMPIRE)["espionage"] == "empire"
    assert "hand" in g.view(TERRAN) and "hand" not in g.view(None)
    force(g, (1, 2))
    play(g, "done")  # the Terran dice-card window (Hyper Jump)
    play(g, "move 1:1 by 1", "move 2:1 by 2")
    assert g.state.player == EMPIRE and g.turn == 2
    assert "opponent_hand" not in g.view(EMPIRE) and g.view(EMPIRE)["espionage"] is None
    # Not in the player's own draw phase.
    own = scenario(to_move="empire", phase="draw", hands={"empire": ["Espionage"]})
    assert own.current_player == CHANCE and own.state.pending is None


def test_ruling_9_major_offensive_discards_two_more_cards_for_another_turn() -> None:
    """Ruling 9: "Major Offensive: discard it and two other cards; take another full turn
    after this one." Note: "Discard 2 cards and take another turn."

    Offered at the end of the turn when two other cards are held; the player picks the
    two discards; the next turn is the same side's."""
    hand = ["Major Offensive", "Ambush", "Nova Bomb", "Hyper Jump"]
    g = scenario(units={1: {"terran": [2]}, 15: {"empire": [1]}}, phase="move",
                 dice=[1, 2], to_move="terran", hands={"terran": hand})
    play(g, "move 1:2 by 1", "move 2:2 by 2")
    assert g.state.pending == "end" and acts(g) == {"play Major Offensive", "done"}
    play(g, "play Major Offensive")
    assert g.state.pending == "offensive"
    assert acts(g) == {"discard Ambush", "discard Nova Bomb", "discard Hyper Jump"}
    play(g, "discard Ambush", "discard Hyper Jump")
    assert g.state.hands[TERRAN] == ("Nova Bomb",)
    assert Counter(g.state.vortex) >= Counter(["Major Offensive", "Ambush", "Hyper Jump"])
    assert g.turn == 2 and g.state.player == TERRAN
    assert "Terran takes another turn (Major Offensive)" in g.log
    short = scenario(units={1: {"terran": [2]}}, phase="move", dice=[1, 2],
                     to_move="terran", hands={"terran": ["Major Offensive", "Ambush"]})
    play(short, "move 1:2 by 1", "move 2:2 by 2")
    assert short.turn == 2 and short.state.player == EMPIRE  # one other card: not offered


def test_ruling_11_the_deck_is_two_copies_of_each_of_the_25_cards() -> None:
    """Ruling 11: "Two copies of each of the 25 cards: 50 cards." Footnote: "When making
    the deck include two of each card."

    The card list of the text has 25 rows; the deck of a new game has 50 cards, 2 each,
    and stays 50 across deck, hands, vortex and play."""
    rows = card_rows()
    assert len(rows) == 25
    assert "When making the deck include two of each card." in footnotes()
    assert data.deck_counts() == {name: 2 for name, _ in rows}
    g = Blast(seed=8)
    s = g.state
    total = Counter(s.deck.all_cards()) + Counter(s.hands[0]) + Counter(s.hands[1]) \
        + Counter(s.vortex) + Counter(s.play)
    assert total == Counter({name: 2 for name, _ in rows}) and sum(total.values()) == 50


# ---------------------------------------------------------------------------------------
# Winning and the turn limit
# ---------------------------------------------------------------------------------------


def test_the_first_player_to_occupy_all_four_planets_is_the_winner() -> None:
    """"The first player to occupy all four planet spaces is the winner."

    Ruling 10: "A player controlling all four planets at the end of any phase wins at
    once." The Terran side holds Earth, Nimrod and Cygnus-7 and moves onto an empty
    Planet X: it wins at the end of the move phase, before anything else happens."""
    g = scenario(units={1: {"terran": [1]}, 8: {"terran": [1]}, 22: {"terran": [1]},
                        12: {"terran": [3]}, 25: {"empire": [5]}},
                 phase="move", dice=[3, 1], to_move="terran",
                 hands={"empire": ["Ambush"]})
    play(g, "move 12:3 by 3")
    assert not g.is_over  # a die left: the move phase is not over
    play(g, "move 1:1 by 1")
    assert not g.is_over  # Earth left empty: three planets
    g = scenario(units={1: {"terran": [1]}, 8: {"terran": [1]}, 22: {"terran": [1]},
                        12: {"terran": [3]}, 25: {"empire": [5]}},
                 phase="move", dice=[3, 1], to_move="terran")
    play(g, "move 12:3 by 3", "move 22:1 by 1")
    assert not g.is_over  # Cygnus-7 left
    g = scenario(units={1: {"terran": [1]}, 8: {"terran": [1, 1]}, 22: {"terran": [1]},
                        12: {"terran": [3]}, 25: {"empire": [5]}},
                 phase="move", dice=[3, 1], to_move="terran")
    play(g, "move 12:3 by 3", "move 8:1 by 1")
    assert g.is_over and g.winner == TERRAN and g.scores == (1.0, 0.0)
    assert g.legal_actions() == () and g.phase == "over"
    assert "Terran Defense Force controls all four planets and wins" in g.log
    assert g.view(None)["winner_side"] == "terran"
    refused(g, "done", "game is over")


def test_ruling_10_a_player_controlling_all_four_planets_at_the_end_of_any_phase_wins() -> None:
    """Ruling 10: "A player controlling all four planets at the end of any phase wins at
    once." At the end of a fight phase (the last planet won in a fight), of a draw phase
    (a position where a side already holds all four), and for either side, in either
    side's turn."""
    g = scenario(units={1: {"empire": [2]}, 8: {"empire": [1]}, 15: {"empire": [1]},
                        22: {"empire": [2], "terran": [1]}}, phase="fight",
                 to_move="empire")
    assert g.is_over and g.winner == EMPIRE and g.scores == (0.0, 1.0)
    d = scenario(units={p: {"terran": [1]} for p in FOUR}, phase="draw", to_move="empire",
                 deck=["Ambush", "Ambush"])
    assert d.is_over and d.winner == TERRAN
    assert "Turn 1: Empire" in d.log and "Empire draws a card" in d.log


def test_ruling_10_option_max_turns_after_that_the_game_is_a_draw() -> None:
    """Ruling 10: "(option `max_turns`, default 400: after that the game is a draw; it
    keeps random play finite.)" With ``max_turns=3`` the game ends after turn 3 without
    a winner; by default random play ends by turn 400."""
    assert Rules().max_turns == 400
    g = Blast(seed=2, rules=Rules(max_turns=3))
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.turn == 3 and g.winner is None and g.scores == (0.5, 0.5)
    assert "Turn 3 was the last (max_turns): the game is a draw" in g.log
    assert g.view(None)["winner_side"] is None
    import random

    for seed in range(3):
        h = Blast(seed=seed)
        rng = random.Random(seed)
        while not h.is_over:
            h.apply(rng.choice(h.legal_actions()))
        assert h.turn <= 400


# ---------------------------------------------------------------------------------------
# Response windows (project option)
# ---------------------------------------------------------------------------------------


def _decisions(g: Blast) -> list[str]:
    """Play the first legal action (done / pass first) to the end of the turn, listing
    the decisions met."""
    out = []
    turn = g.turn
    while g.turn == turn and not g.is_over:
        if g.current_player == CHANCE:
            g.apply((1, 2)) if g.state.chance[0] == "roll" else g.roll()
            continue
        out.append(f"{g.current_player}:{g.state.pending}")
        g.apply(g.legal_actions()[0])
    return out


def test_option_windows_held_asks_only_players_who_hold_a_playable_card() -> None:
    """``windows="held"`` (default): with no cards in either hand a turn asks only for
    the moves; a defence card in the defender's hand opens its window in a fight."""
    g = scenario(units={1: {"terran": [1, 1]}, 15: {"empire": [1]}}, phase="draw",
                 to_move="terran", deck=["Ambush", "Ambush"])
    assert _decisions(g) == ["0:move", "0:move"]


def test_option_windows_always_opens_every_window() -> None:
    """``windows="always"``: every window opens, with ``pass`` or ``done`` when nothing can
    be played, so the order of decisions never shows whether a player holds a card."""
    rules = Rules(windows="always")
    g = scenario(units={1: {"terran": [1, 1]}, 3: {"empire": [1]}, 15: {"empire": [1]}},
                 phase="draw", to_move="terran", deck=["Ambush", "Ambush"], rules=rules)
    assert _decisions(g) == ["1:espionage", "0:dice", "0:build", "1:jam", "0:move", "0:move",
                             "0:move", "0:attack", "1:defend", "0:end"]
    # the same turn under the default: the two moves only (the fight resolves by itself)
    h = scenario(units={1: {"terran": [1, 1]}, 3: {"empire": [1]}, 15: {"empire": [1]}},
                 phase="draw", to_move="terran", deck=["Ambush", "Ambush"])
    assert _decisions(h) == ["0:move", "0:move"]


@pytest.mark.parametrize("value", ["held", "always"])
def test_option_windows_values_are_validated(value: str) -> None:
    """The option accepts exactly ``"held"`` and ``"always"``."""
    assert Rules(windows=value).windows == value
    with pytest.raises(ValueError, match="windows"):
        Rules(windows="sometimes")  # type: ignore[arg-type]


def test_option_windows_always_build_and_jam_windows_close_only_by_choice() -> None:
    """``windows="always"``: after a rebuild the build window stays open until ``done``,
    and after a Jam Transmission the jam window until ``pass``, whether or not one more
    Reinforcements or Jam Transmission is held: a window that closed by itself would tell
    the other player that it is not."""
    units = {1: {"terran": [5, 4]}, 15: {"empire": [5, 4]}}
    for rules in (Rules(windows="always"), Rules()):
        for spare in ([], ["Reinforcements"]):
            g = scenario(units=units, phase="build", dice=[3, 3], rules=rules,
                         hands={"empire": spare})
            play(g, "rebuild 3", by=EMPIRE)
            still = g.state.pending == "build"
            assert still == (rules.windows == "always" or bool(spare)), (rules, spare)
            if still:
                assert "done" in acts(g)
        for jams in (["Jam Transmission"], ["Jam Transmission"] * 2):
            g = scenario(units=units, phase="move", dice=[3, 4], rules=rules,
                         hands={"terran": jams})
            play(g, "play Jam Transmission on 15:5", by=TERRAN)
            still = g.state.pending == "jam"
            assert still == (rules.windows == "always" or len(jams) == 2), (rules, jams)
            if still:
                assert "pass" in acts(g) and g.current_player == TERRAN
