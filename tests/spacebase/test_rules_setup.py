"""Space Base rule tests: introduction, equipment, set-up, the turn sequence, the end of the
game and victory (rules/spacebase.txt; RULINGS.md Space Base 1, 2, 3)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from spacebase.support import (
    CHANCE,
    Rules,
    SpaceBase,
    acts,
    chance,
    force,
    play,
    refused,
    scenario,
)

import boardgames as bg
from boardgames.spacebase import data, render


def test_players_control_rival_commercial_colonies_on_a_volcanic_moon() -> None:
    """"Players control rival commercial colonies on a small piece of stable crust on a
    volcanic moon." — 2 to 4 rival players; the moon's volcanoes are sites of the deck."""
    for n in (2, 3, 4):
        assert bg.SpaceBase(players=n, seed=1).players == n
        assert bg.load("spacebase", players=n, seed=1).players == n
    for bad in (1, 5, 0, "2", True):
        with pytest.raises(ValueError, match="2 to 4 players"):
            bg.SpaceBase(players=bad, seed=1)
    assert data.CARDS["Volcano"].count == 8


def test_the_map_is_a_10_x_10_grid() -> None:
    """"The map is a 10 x 10 grid." "Map spaces must be large enough to hold a card." —
    cells (x, y) with 0 <= x, y <= 9, one card each."""
    g = scenario(sites={(0, 0): ("Outpost", 0), (1, 0): ("Metal", 0), (9, 9): ("Outpost", 1)},
                 hands=[["Transfer"], []])
    b = g.board
    assert b.size == 10 and len(b.empty_cells()) == 97
    assert g.view(None)["board"]["size"] == 10
    refused(g, "transfer (10,3)", "not a cell of the 10 x 10 map")
    refused(g, "transfer (3,-1)")
    with pytest.raises(ValueError, match="one site card per space"):
        b.copy().place("Volcano", (1, 0), 0)


def test_two_ten_sided_dice_are_needed() -> None:
    """"Two ten sided dice are needed." — the meteor's cell is 2D10 (100 equally likely
    cells) and its damage 1D10 (1..10 equally likely)."""
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)}, phase="meteor")
    d = chance(g)
    assert len(d) == 100 and set(d.values()) == {Fraction(1, 100)}
    force(g, (0, 0))
    dmg = chance(g)
    assert dmg == {k: Fraction(1, 10) for k in range(1, 11)}


def test_each_player_will_need_a_set_of_colored_control_tokens() -> None:
    """"Each player will need a set of colored control tokens." — every site carries a
    player's control marker; the display gives each player its own colour
    (colour-blind-safe Okabe-Ito)."""
    assert len(set(render.PLAYER_COLOURS)) == 4
    g = scenario(players=4, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                                   (9, 0): ("Outpost", 2), (0, 9): ("Outpost", 3)})
    owners = {(r[0], r[1]): r[3] for r in g.view(None)["board"]["sites"]}
    assert owners == {(0, 0): 0, (9, 9): 1, (9, 0): 2, (0, 9): 3}
    svg = g._repr_svg_()
    for p in range(4):
        assert render.PLAYER_COLOURS[p] in svg


def test_paper_and_pencil_to_keep_tract_of_credits() -> None:
    """"Paper & pencil to keep tract of Credits." — the game keeps every player's credits
    (public, in every view)."""
    g = scenario(credits=[12, 34], sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)})
    assert g.credits == (12, 34)
    assert g.view(None)["credits"] == [12, 34] == g.view(1)["credits"]


def test_the_deck_consists_of_120_cards_ruling_2_deck() -> None:
    """"The deck consists of 120 cards" — ruling 2, Deck: "The list sums to 119 with the 4
    Outposts (the text says 120); the Outposts are removed, leaving 115 cards." "Write the
    discrepancy down." (docs/rules/spacebase.md)."""
    assert data.STATED_TOTAL == 120 and data.LIST_TOTAL == 119 and data.DECK_SIZE == 115
    g = SpaceBase(players=2, seed=4)
    assert len(g.state.deck) == 115
    assert "Outpost" not in g.state.deck.all_cards()


def test_each_player_starts_with_50_credits() -> None:
    """"Each player starts with 50 credits." (ruling 1: "50 credits each")."""
    for n in (2, 3, 4):
        assert SpaceBase(players=n, seed=2).credits == (50,) * n


def test_each_player_begins_with_one_outpost_card_ruling_1_players() -> None:
    """"Each player begins with one Outpost card." "Players place their Outpost cards in
    opposite corners, within 2 spaces of the corner space." Ruling 1: "Players 2–4."
    "Outposts start in distinct corners (2 players: opposite corners), each on a cell of
    the player's choice within 2 cells (Manhattan distance) of its corner; 50 credits
    each; no cards in hand (option `starting_hand`, default 0)." """
    g = SpaceBase(players=2, seed=3, auto_roll=False)
    assert g.phase == "setup" and g.current_player == 0
    near00 = {"outpost (0,0)", "outpost (1,0)", "outpost (0,1)", "outpost (2,0)",
              "outpost (1,1)", "outpost (0,2)"}
    assert acts(g) == near00
    refused(g, "outpost (2,1)", "not within 2 spaces", "(0,0)")
    play(g, "outpost (1,1)")
    assert g.current_player == 1
    assert acts(g) == {"outpost (9,9)", "outpost (8,9)", "outpost (9,8)", "outpost (7,9)",
                       "outpost (8,8)", "outpost (9,7)"}
    play(g, "outpost (9,7)")
    assert g.board.sites() == {(1, 1): ("Outpost", 0, 0), (9, 7): ("Outpost", 1, 0)}
    assert g.phase == "transfer" or g.current_player == CHANCE
    assert [len(g.hand(p)) for p in range(2)] == [0, 0]
    assert g.view(None)["outposts_in_box"] == 2
    # 3 and 4 players: distinct corners
    for n, corners in ((3, [(0, 0), (9, 9), (9, 0)]), (4, [(0, 0), (9, 9), (9, 0), (0, 9)])):
        g = SpaceBase(players=n, seed=1)
        assert g.view(None)["corners"] == [list(c) for c in corners]
        for p, (cx, cy) in enumerate(corners):
            cells = {a.cell for a in g.legal_actions()}
            assert len(cells) == 6
            assert all(abs(x - cx) + abs(y - cy) <= 2 for x, y in cells)
            g.apply(f"outpost ({cx},{cy})")
            assert p == n - 1 or g.current_player == p + 1


def test_option_starting_hand() -> None:
    """Ruling 1's option ``starting_hand``: that many cards are dealt to each player after
    the Outposts are placed (chance nodes over the deck); by default none."""
    assert Rules().starting_hand == 0
    g = SpaceBase(players=3, seed=8, rules=Rules(starting_hand=5), auto_roll=False)
    for c in ((0, 0), (9, 9), (9, 0)):
        g.apply(f"outpost ({c[0]},{c[1]})")
    for _ in range(15):
        assert g.phase == "setup" and g.current_player == CHANCE
        g.roll()
    assert [len(g.hand(p)) for p in range(3)] == [5, 5, 5]
    assert len(g.state.deck) == 115 - 15
    assert all(g.log.count(f"Player {p} is dealt a card") == 5 for p in range(3))
    assert g.turn == 1 and g.view(None)["turn_player"] == 0
    with pytest.raises(ValueError, match="starting_hand"):
        Rules(starting_hand=-1)


def test_outpost_cards_are_removed_from_the_deck_before_play() -> None:
    """"Outpost cards are removed from the deck before play." "Each player starts the
    game with one of these." — never drawn; the unused ones stay aside."""
    for seed in range(3):
        g = SpaceBase(players=2, seed=seed)
        rng = __import__("random").Random(seed)
        while not g.is_over:
            assert "Outpost" not in g.state.deck.all_cards()
            g.apply(rng.choice(g.legal_actions()))
        outposts = [c for c, s in g.board.sites().items() if s.name == "Outpost"]
        assert len(outposts) == 2 and g.state.box == 2


def test_players_take_turns() -> None:
    """"Players take Turns." "Each Turn is divided into several Phases." — the player to
    move goes round 0, 1, 2, 0 ..."""
    g = SpaceBase(players=3, seed=5)
    for c in ((0, 0), (9, 9), (9, 0)):
        g.apply(f"outpost ({c[0]},{c[1]})")
    seen = []
    while len(seen) < 7:
        if not seen or seen[-1][0] != g.turn:
            seen.append((g.turn, g.current_player))
        g.apply(g.legal_actions()[0] if "done" not in acts(g) else "done")
    assert [p for _, p in seen] == [0, 1, 2, 0, 1, 2, 0]
    assert [t for t, _ in seen] == list(range(1, 8))


def test_when_each_player_has_taken_a_turn_that_is_the_end_of_the_round() -> None:
    """"When each player has taken a Turn, that is the end of the Round." — the view's
    round counts complete cycles of turns."""
    g = scenario(players=2, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                 auto_roll=True)
    rounds = []
    for _ in range(4):
        rounds.append((g.turn, g.view(None)["round"]))
        while rounds[-1][0] == g.turn:
            g.apply("done" if "done" in acts(g) else g.legal_actions()[0])
    assert rounds == [(1, 1), (2, 1), (3, 2), (4, 2)]


def test_turn_sequence_the_seven_phases_ruling_3_turn() -> None:
    """"1. Transfer Phase" "2. Repair Phase" "3. Meteor Phase" "4. Production Phase"
    "5. Control Phase" "6. Draw Phase" "7. Build Phase" — ruling 3: "Turn phases in the
    order written." """
    g = scenario(
        sites={(0, 0): ("Outpost", 0), (1, 0): ("Extractor", 0), (9, 9): ("Outpost", 1),
               (8, 9): ("Colony", 1)},
        damage={(1, 0): 2},
        hands=[["Transfer", "Control", "Solar Panels Array"], ["Metal"]],
        deck=["Factory", "Metal", "Volcano"],
    )
    seen = []

    def note() -> None:
        ph = g.phase
        if not seen or seen[-1] != ph:
            seen.append(ph)

    note()
    assert g.phase == "transfer"
    play(g, "done")
    note()
    assert g.phase == "repair"
    play(g, "done")
    note()
    assert g.phase == "meteor" and g.current_player == CHANCE
    force(g, (5, 5))
    assert "Player 0 earns 1 credits (total 51)" in g.log  # the Production phase
    note()
    assert g.phase == "control"
    play(g, "done")
    note()  # the draw: a known deck, so no chance node
    assert g.phase == "build"
    assert g.hand(0) == ("Control", "Factory", "Solar Panels Array", "Transfer")
    play(g, "done")
    assert seen == ["transfer", "repair", "meteor", "control", "build"]
    assert g.turn == 2 and g.view(None)["turn_player"] == 1
    text = "\n".join(g.log)
    assert text.index("A meteor hits (5,5)") < text.index("Player 0 earns") \
        < text.index("Player 0 draws a card")


def test_the_game_ends_when_the_last_card_is_drawn_ruling_3() -> None:
    """"The game ends when the last card is drawn from the deck." Ruling 3: "The game
    ends right after the draw that takes the last card; most credits wins." — no discard
    and no build after it."""
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                 hands=[["Metal"] * 8, []], credits=[60, 70], deck=["Colony"],
                 phase="control")
    assert g.is_over and g.phase == "over"
    assert len(g.hand(0)) == 9  # drawn, never discarded
    assert g.legal_actions() == ()
    assert g.scores == (60, 70) and g.winner == 1
    assert g.log[-2].startswith("The last card is drawn: the game is over")
    refused(g, "done", "the game is over")


def test_the_player_with_the_most_credits_at_the_end_of_the_game_is_the_winner() -> None:
    """"The player with the most credits at the end of the game is the winner." — a tie
    for the most has no winner."""
    g = scenario(players=3, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                                   (9, 0): ("Outpost", 2)},
                 credits=[10, 90, 40], deck=["Metal"], phase="draw")
    assert g.is_over and g.winner == 1 and g.scores == (10, 90, 40)
    g = scenario(players=3, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                                   (9, 0): ("Outpost", 2)},
                 credits=[90, 90, 40], deck=["Metal"], phase="draw")
    assert g.is_over and g.winner is None and g.log[-1] == "A tie for the most credits"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_when_the_deck_runs_out(players: int) -> None:
    """Ruling 3: the deck only shrinks (one card a turn), so every game ends: random
    games end after exactly 115 turns' draws, with every card accounted for."""
    for seed in range(3):
        g = SpaceBase(players=players, seed=seed)
        rng = __import__("random").Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        assert g.turn == 115 and len(g.state.deck) == 0
        total = Counter(g.state.deck.all_cards())
        for h in g.state.hands:
            total.update(h)
        total.update(g.state.discard)
        total.update(s.name for s in g.board.sites().values())
        total["Outpost"] += g.state.box
        assert sum(total.values()) == 119
        assert g.invariants() == []


def test_the_card_list_legend() -> None:
    """"# = The number of that type of card in the deck." "I = Installation site" "A =
    Action Card" — the # column is how many copies the game has; installations (I, IP)
    are the sites that can be functional and take meteor damage; action cards (Transfer,
    Control) are played from the hand, never placed."""
    g = SpaceBase(players=2, seed=1)
    assert g.cards_total() == Counter({c.name: c.count for c in data.CARD_LIST})
    installations = {c.name for c in data.CARD_LIST if c.type in ("I", "IP")}
    assert installations == {c.name for c in data.CARD_LIST if c.kind == "installation"}
    assert {c.name for c in data.CARD_LIST if c.type == "A"} == set(data.ACTIONS)
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                 hands=[["Transfer", "Control"], []], phase="build")
    assert g.phase != "build"  # action cards are not site cards: nothing to build
