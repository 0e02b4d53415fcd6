"""Blast rule tests: the Move phase, the move cards and Jam Transmission
(rules/blast.txt "As in backgammon, ..." to "Rolling doubles does not allow ..."; RULINGS.md
Blast 1, 7)."""

from __future__ import annotations

import random

from blast.blast_support import (
    CHANCE,
    EMPIRE,
    TERRAN,
    Rules,
    acts,
    board,
    play,
    refused,
    scenario,
)

from boardgames.blast.board import dest


def moving(units: dict, dice: list[int], to_move: str = "terran", **kw):
    kw.setdefault("hands", {})
    return scenario(units=units, phase="move", dice=dice, to_move=to_move, **kw)


def test_move_one_or_two_units_the_number_of_spaces_on_the_dice() -> None:
    """"As in backgammon, move one or two of your units a number of spaces indicated by
    the dice."
    "Both dice can be assigned to one unit, or each die roll can be assigned to two
    different units.\""""
    one = moving({1: {"terran": [3, 2]}}, [2, 5])
    play(one, "move 1:3 by 2", "move 3:3 by 5")
    assert board(one, TERRAN) == {1: [2], 8: [3]}
    two = moving({1: {"terran": [3, 2]}}, [2, 5])
    play(two, "move 1:3 by 2", "move 1:2 by 5")
    assert board(two, TERRAN) == {3: [3], 6: [2]}
    assert "Terran moves a unit of force 3 from sector 1 to 3 (2)" in two.log


def test_die_rolls_must_be_used() -> None:
    """"Die rolls (from roll phase) must be used."

    Ruling 7: "Every die must be used, each to move one unit or stack as the cards allow;
    both dice may move one unit, one after the other, unless the first move ends on a
    sector holding enemy units." While a unit can move there is no way to stop: no
    ``done`` is offered and it is refused."""
    g = moving({1: {"terran": [3]}, 15: {"empire": [5]}}, [2, 5])
    assert "done" not in acts(g)
    refused(g, "done", "dice must be used")
    play(g, "move 1:3 by 2")
    refused(g, "done", "dice left to use: [5]")
    play(g, "move 3:3 by 5")
    assert g.turn == 2  # both dice used: fight phase (none), next turn


def test_terran_units_move_clockwise_wrapping_from_28_to_1() -> None:
    """"Terran units move clockwise."

    Ruling 1: "Terran units move clockwise (1→2→…→28→1), Empire units counter-clockwise."
    A Terran unit on 27 moving 3 lands on 2."""
    g = moving({27: {"terran": [4]}, 1: {"terran": [1]}}, [3, 1])
    play(g, "move 27:4 by 3")
    assert board(g, TERRAN)[2] == [4]
    play(g, "move 1:1 by 1")
    assert board(g, TERRAN)[2] == [1, 4]


def test_evil_empire_units_move_counterclockwise_wrapping_from_1_to_28() -> None:
    """"Evil Empire units move counterclockwise." An Empire unit on 2 moving 3 lands on
    27, on 15 moving 6 lands on 9."""
    g = moving({2: {"empire": [4]}, 15: {"empire": [2]}}, [3, 6], to_move="empire")
    play(g, "move 2:4 by 3", "move 15:2 by 6")
    assert board(g, EMPIRE) == {27: [4], 9: [2]}


def test_ruling_1_passing_through_occupied_sectors_is_allowed() -> None:
    """Ruling 1: "Passing through occupied sectors is allowed." A Terran unit moves 5
    from Earth over enemy units on 3 and 4 to 6."""
    g = moving({1: {"terran": [2]}, 3: {"empire": [5]}, 4: {"empire": [1]}}, [5, 1])
    play(g, "move 1:2 by 5")
    assert board(g, TERRAN) == {6: [2]}


def test_a_unit_cannot_use_the_second_die_after_landing_on_enemy_units() -> None:
    """"A unit cannot use the second die if, as a result of its first roll, it lands on a
    space containing enemy units."

    The Terran 3 lands on the Empire unit on sector 3: it cannot move on with the 4; the
    other unit must take it. Landing on an empty sector first lets it go on."""
    g = moving({1: {"terran": [3, 1]}, 3: {"empire": [2]}}, [2, 4])
    play(g, "move 1:3 by 2")
    assert "move 3:3 by 4" not in acts(g)
    refused(g, "move 3:3 by 4", "landed on a sector holding enemy units")
    assert acts(g) == {"move 1:1 by 4"}
    free = moving({1: {"terran": [3, 1]}, 3: {"empire": [2]}}, [2, 4])
    play(free, "move 1:3 by 4", "move 5:3 by 2")
    assert board(free, TERRAN) == {1: [1], 7: [3]}


def test_ruling_7_first_move_onto_enemies_binds_the_unit() -> None:
    """Ruling 7: "Cards are never compulsory, but once a move card is in play (Space
    Combat Tactics, Strategic Move, an extra or modified die), the moves it allows count
    when working out how many dice can be used (option `use_dice`: maximum / each; default
    maximum). "As a result of its first roll it lands on enemy units" binds the unit, not
    the sector: a unit whose first move ended on enemy units uses no further die this
    turn, even if a card (Defend the Homeworld) moves it elsewhere."

    The Terran 2 lands on the Empire unit on 9 with the 4 and jumps home: it may not use
    the 6 from Earth (nor a Hyper Jump die), under either reading of ``use_dice``; the
    other 2 on Earth is free, and the bond ends with the turn."""
    for rules in (Rules(), Rules(use_dice="each"), Rules(use_dice="maximum")):
        g = moving({5: {"terran": [2]}, 20: {"terran": [1]}, 9: {"empire": [1]},
                    15: {"empire": [3]}}, [4, 6],
                   hands={"terran": ["Defend the Homeworld"]}, rules=rules)
        play(g, "move 5:2 by 4", "play Defend the Homeworld on 9:2")
        assert board(g, TERRAN) == {1: [2], 20: [1]}
        assert acts(g) == {"move 20:1 by 6"}  # not "move 1:2 by 6"
        refused(g, "move 1:2 by 6", "landed on enemy units this turn")
        assert g.view(None)["jammed"] == []  # bound, not jammed
        play(g, "move 20:1 by 6")
        assert board(g, TERRAN) == {1: [2], 26: [1]} and g.turn == 2
        hyper = moving({5: {"terran": [2]}, 1: {"terran": [2]}, 9: {"empire": [1]},
                        15: {"empire": [3]}}, [4, 6, 2],
                       hands={"terran": ["Defend the Homeworld"]}, rules=rules)
        play(hyper, "move 5:2 by 4", "play Defend the Homeworld on 9:2")
        assert board(hyper, TERRAN) == {1: [2, 2]}
        assert acts(hyper) == {"move 1:2 by 6", "move 1:2 by 2"}  # the free one
        play(hyper, "move 1:2 by 6")
        assert acts(hyper) == {"move 7:2 by 2"}
        refused(hyper, "move 1:2 by 2", "landed on enemy units this turn")
        play(hyper, "move 7:2 by 2")
        assert board(hyper, TERRAN) == {1: [2], 9: [2]} and hyper.turn == 2
        assert hyper.state.pins == () and hyper.state.bound == ()


def test_ruling_7_issue_15s_position_the_bound_unit_sent_home_uses_no_second_die() -> None:
    """Issue 15's own position, as it gives it: the Terran 2 alone on 5, Empire units on
    9 and 15, Defend the Homeworld in hand, dice 4 and 6. Under ``use_dice="each"``
    (where any order may be played): ``move 5:2 by 4`` lands on the Empire unit on 9,
    ``play Defend the Homeworld on 9:2`` sends it to Earth, and ``move 1:2 by 6`` is not
    offered: the unit is bound, the 6 is lost. Under the default ``"maximum"`` the
    position does not arise: 6 then 4 uses both dice, so ``move 5:2 by 4`` (which
    strands the 6) is refused to begin with (the test above adds a second unit to reach
    it under both readings)."""
    position = {5: {"terran": [2]}, 9: {"empire": [1]}, 15: {"empire": [3]}}
    hand = {"terran": ["Defend the Homeworld"]}
    each = moving(position, [4, 6], hands=hand, rules=Rules(use_dice="each"))
    play(each, "move 5:2 by 4", "play Defend the Homeworld on 9:2")
    assert board(each, TERRAN) == {1: [2]}
    assert "move 1:2 by 6" not in acts(each)
    assert "Terran cannot use 6: lost" in each.log and each.turn == 2
    default = moving(position, [4, 6], hands=hand)
    assert "move 5:2 by 4" not in acts(default)
    refused(default, "move 5:2 by 4", "a die that could be used would be lost")


def test_option_use_dice_each_landing_on_enemies_may_lose_the_other_die() -> None:
    """Ruling 7, "Every die must be used" and "A die that no unit can use is lost", with
    ``use_dice="each"``: a lone unit may attack with its first die; the other die then
    has no unit to move and is lost."""
    g = moving({1: {"terran": [3]}, 5: {"empire": [1]}}, [4, 1],
               rules=Rules(use_dice="each"))
    assert acts(g) == {"move 1:3 by 4", "move 1:3 by 1"}
    play(g, "move 1:3 by 4")
    assert "Terran cannot use 1: lost" in g.log
    assert board(g, TERRAN) == {5: [3]} and board(g, EMPIRE) == {}  # fight won


def test_option_use_dice_maximum_dice_are_played_so_that_most_are_used() -> None:
    """Ruling 7 "Every die must be used" read as in backgammon (``use_dice="maximum"``,
    the default): the lone unit must move 1 then 4 (both dice used), so it cannot stop
    on the enemy with the 4; with a second unit every order is fine again."""
    for rules in (Rules(), Rules(use_dice="maximum")):
        g = moving({1: {"terran": [3]}, 5: {"empire": [1]}}, [4, 1], rules=rules)
        assert acts(g) == {"move 1:3 by 1"}
        refused(g, "move 1:3 by 4", "would be lost")
        play(g, "move 1:3 by 1", "move 2:3 by 4")
        assert board(g, TERRAN) == {6: [3]} and board(g, EMPIRE) == {5: [1]}
        two = moving({1: {"terran": [3]}, 20: {"terran": [1]}, 5: {"empire": [1]}}, [4, 1],
                     rules=rules)
        assert "move 1:3 by 4" in acts(two)


def test_ruling_7_dice_used_as_fully_as_possible() -> None:
    """Ruling 7: "A die that no unit can use is lost. "Must be used" means as many dice as
    possible (as in backgammon): the player may not choose an order or a unit that leaves
    a die unused when another choice of plain moves uses it; if only one die can be used,
    either may be."

    By default: the lone Terran 3 with a 1 and a 4 may not take the 4 onto the Empire
    unit first (1 then 4 uses both); of two units, the one that can go on must take the
    die the other cannot; with enemies 2 and 5 ahead only one die can be used, and either
    may be (backgammon would force the larger)."""
    order = moving({1: {"terran": [3]}, 5: {"empire": [1]}}, [4, 1])
    assert acts(order) == {"move 1:3 by 1"}
    refused(order, "move 1:3 by 4", "a die that could be used would be lost")
    play(order, "move 1:3 by 1")
    assert acts(order) == {"move 2:3 by 4"}
    unit = moving({1: {"terran": [3]}, 10: {"terran": [2]}, 11: {"empire": [2]},
                   14: {"empire": [1]}, 5: {"empire": [4]}}, [4, 1, 1])
    # (three dice: 10:2 lands on enemies with either die; 1:3 can take them all)
    assert "move 10:2 by 4" in acts(unit) and "move 1:3 by 4" not in acts(unit)
    play(unit, "move 10:2 by 4", "move 1:3 by 1", "move 2:3 by 1")
    assert board(unit, TERRAN) == {3: [3], 14: [2]}
    either = moving({1: {"terran": [3]}, 3: {"empire": [1]}, 6: {"empire": [2]}}, [2, 5])
    assert acts(either) == {"move 1:3 by 2", "move 1:3 by 5"}
    play(either, "move 1:3 by 2")
    assert "Terran cannot use 5: lost" in either.log


def test_ruling_7_a_move_card_counts_once_in_play() -> None:
    """Ruling 7: "Cards are never compulsory, but once a move card is in play (Space
    Combat Tactics, Strategic Move, an extra or modified die), the moves it allows count
    when working out how many dice can be used (option `use_dice`: maximum / each;
    default maximum)."

    Issue 15's position: a lone Terran 3 on 5, dice 1 and 4, Empire units on 6 and 9.
    Plain moves can use one die only (either lands on enemy units), so with Space Combat
    Tactics in hand both plain moves stay legal (never compulsory), and so does putting
    the card in play. Once it is in play its moves count: back 1 to 4 then 4 to 8, or
    back 4 to Earth then 1 to 2, uses both dice, so ``move 5:3 by 4`` (which strands the
    1) is refused, and so is ``move 5:3 by 1``. Under ``"each"`` the card changes
    nothing. An extra die counts like any other: with a Hyper Jump 2 the lone unit must
    play all three."""
    position = {5: {"terran": [3]}, 6: {"empire": [1]}, 9: {"empire": [2]}}
    tactics = {"terran": ["Space Combat Tactics"]}
    g = moving(position, [4, 1], hands=tactics)
    assert acts(g) == {"move 5:3 by 1", "move 5:3 by 4", "play Space Combat Tactics"}
    play(g, "play Space Combat Tactics")
    assert g.state.play == ("Space Combat Tactics",)
    assert acts(g) == {"move 5:3 back 1", "move 5:3 back 4"}
    refused(g, "move 5:3 by 4", "a die that could be used would be lost")
    refused(g, "move 5:3 by 1", "a die that could be used would be lost")
    play(g, "move 5:3 back 1")
    assert acts(g) == {"move 4:3 by 4"}
    play(g, "move 4:3 by 4")
    assert board(g, TERRAN) == {8: [3]}
    earth = moving({**position, 1: {"empire": [3]}}, [4, 1], hands=tactics)
    play(earth, "play Space Combat Tactics")  # back 4 lands on Earth's enemy: loses the 1
    assert acts(earth) == {"move 5:3 back 1"}
    each = moving(position, [4, 1], hands=tactics, rules=Rules(use_dice="each"))
    play(each, "play Space Combat Tactics")
    assert {"move 5:3 by 4", "move 5:3 back 4"} <= acts(each)
    hyper = moving({1: {"terran": [3]}, 5: {"empire": [1]}}, [4, 1, 2])
    assert acts(hyper) == {"move 1:3 by 1", "move 1:3 by 2"}  # 1+2+4 or 2+1+4: all three


def test_ruling_7_strategic_move_in_play_counts_its_whole_stack_moves() -> None:
    """Ruling 7: "once a move card is in play (Space Combat Tactics, Strategic Move, an
    extra or modified die), the moves it allows count when working out how many dice can
    be used", for Strategic Move: two Terran units on 5 and a lone one on 20, dice 1, 4
    and 6, Empire units on 6 and 24. Without the card any order uses all three dice. With Strategic
    Move in play, the stack on 5 moved 1 lands on 6 (enemy units: both stop), leaving
    the unit on 20 two dice (4 onto 24 stops it: only 6 then 4 works); and the stack
    moved 4 or 6 is fine. Every listed move keeps all three dice usable."""
    g = moving({5: {"terran": [2, 3]}, 20: {"terran": [1]}, 6: {"empire": [1]},
                24: {"empire": [2]}}, [1, 4, 6], hands={"terran": ["Strategic Move"]})
    play(g, "play Strategic Move")
    a = acts(g)
    assert {"move 5 by 1", "move 5 by 4", "move 5 by 6"} <= a
    play(g, "move 5 by 1")
    assert board(g, TERRAN) == {6: [2, 3], 20: [1]}
    assert "Strategic Move" in g.state.vortex and not g.state.play
    assert acts(g) == {"move 20:1 by 6"}  # 4 first would stop on 24 and lose the 6


def test_ruling_7_a_move_card_in_play_but_unused_is_discarded_after_moving() -> None:
    """"Played cards are discarded": Space Combat Tactics put in play and not used goes
    to the vortex when the Move Phase ends, and the fights find no move card in play."""
    g = moving({5: {"terran": [1]}, 9: {"terran": [1]}}, [4, 2],
               hands={"terran": ["Space Combat Tactics"]})
    play(g, "play Space Combat Tactics")
    refused(g, "play Space Combat Tactics", "Terran holds no Space Combat Tactics")
    play(g, "move 5:1 by 4", "move 9:1 by 2")
    assert "Space Combat Tactics" in g.state.vortex and not g.state.play
    assert not g.invariants()


def _most_dice(g) -> int:
    """How many dice some order of moves uses from here, searched over every move the
    ``use_dice="each"`` reading lists (any die, any unit, the cards in play)."""
    if g.state.pending != "move":
        return 0
    moves = [a for a in g.legal_actions() if a.verb == "move"]
    return max((1 + _most_dice(g.child(a)) for a in moves), default=0)


def test_ruling_7_the_moves_allowed_are_those_that_use_the_most_dice() -> None:
    """Ruling 7 checked against a search of its own: in positions with few movable units,
    dice of 1 to 6 (sometimes three), enemies about and Space Combat Tactics or Strategic
    Move in play, the moves ``"maximum"`` lists are exactly the moves after which some
    order (under ``"each"``: every die, every unit, the cards in play) uses as many dice
    as the best order does; putting a card in play is always allowed."""
    rng = random.Random(15)
    checked = cards = restricted = 0
    for _ in range(150):
        home = rng.randint(1, 28)
        units = {home: {"terran": rng.sample([1, 2, 3, 3, 4], rng.choice([1, 1, 2]))}}
        if rng.random() < 0.3:
            units[dest(home, rng.randint(7, 20), 1)] = {"terran": [rng.choice([1, 2])]}
        for ahead in rng.sample(range(1, 13), 3):  # enemies within reach, either way
            units.setdefault(dest(home, ahead, rng.choice([1, 1, -1])),
                             {"empire": [rng.choice([1, 2, 3])]})
        dice = [rng.randint(1, 6) for _ in range(rng.choice([2, 2, 3]))]
        in_play = rng.sample(["Space Combat Tactics", "Strategic Move"], rng.choice([0, 1, 2]))
        games = []
        for use_dice in ("maximum", "each"):
            g = moving(units, dice, hands={"terran": in_play}, rules=Rules(use_dice=use_dice))
            for c in in_play:
                g.apply(f"play {c}")
            games.append(g)
        maximum, each = games
        if maximum.state.pending != "move":
            continue
        best = _most_dice(each)
        allowed = {str(a) for a in each.legal_actions() if a.verb == "move"
                   and 1 + _most_dice(each.child(a)) == best}
        listed = {str(a) for a in maximum.legal_actions() if a.verb == "move"}
        assert listed == allowed, (units, dice, in_play)
        checked += 1
        cards += bool(in_play)
        restricted += bool(in_play) and listed != {str(a) for a in each.legal_actions()
                                                   if a.verb == "move"}
    assert checked > 100 and cards > 50 and restricted > 20, (checked, cards, restricted)


def test_ruling_7_a_die_that_no_unit_can_use_is_lost() -> None:
    """Ruling 7: "A die that no unit can use is lost." With every unit jammed (or none on
    the board) the dice are lost and the turn goes on to the fights."""
    g = moving({1: {"terran": [2]}, 15: {"empire": [5]}}, [6, 2],
               hands={"empire": ["Jam Transmission"]})
    play(g, "play Jam Transmission on 1:2", by=EMPIRE)
    assert "Terran cannot use 2, 6: lost" in g.log and g.turn == 2
    none = moving({15: {"empire": [5]}}, [3, 4])
    assert "Terran cannot use 3, 4: lost" in none.log


def test_cards_can_be_used_to_modify_which_units_move_and_by_how_much() -> None:
    """"Cards can be used to modify which units move and by how much."

    Which: Strategic Move moves a whole stack, Defend the Homeworld any unit home, Jam
    Transmission stops one; how much: Ion Thrusters and friends change a die, Space
    Combat Tactics reverses it (each card has its own test). The two move cards are put
    in play first, then their moves are offered beside the plain ones."""
    g = moving({5: {"terran": [1, 2, 3]}}, [4, 2],
               hands={"terran": ["Strategic Move", "Space Combat Tactics",
                                 "Defend the Homeworld"]})
    assert {"play Strategic Move", "play Space Combat Tactics",
            "play Defend the Homeworld on 5:2", "move 5:1 by 2"} <= acts(g)
    play(g, "play Strategic Move", "play Space Combat Tactics")
    assert {"move 5 by 4", "move 5:3 back 2", "move 5:1 by 2"} <= acts(g)


def test_played_cards_are_discarded_after_moving() -> None:
    """"Played cards are discarded." (move phase): a move card in play goes to the
    vortex once its move is made."""
    g = moving({5: {"terran": [1]}, 9: {"terran": [1]}}, [4, 2],
               hands={"terran": ["Space Combat Tactics"]})
    play(g, "play Space Combat Tactics")
    assert "Space Combat Tactics" not in g.state.hands[TERRAN]
    assert "Space Combat Tactics" in g.state.play
    play(g, "move 5:1 back 4")
    assert "Space Combat Tactics" in g.state.vortex and not g.state.play


def test_rolling_doubles_does_not_allow_four_moves() -> None:
    """"Rolling doubles does not allow you to move four times as in normal backgammon
    rules."

    Ruling 7: "Doubles give no extra moves." A 3-3 is two dice of 3: after two moves the
    move phase is over."""
    g = scenario(units={1: {"terran": [1, 1, 1, 1]}, 15: {"empire": [5]}},
                 scrap={"terran": [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1],
                        "empire": [4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1]},
                 phase="roll", to_move="terran")
    g.apply((3, 3))
    play(g, "done")  # no rebuild
    assert g.view(None)["dice"] == [3, 3]
    play(g, "move 1:1 by 3", "move 1:1 by 3")
    assert g.turn == 2 and g.current_player == CHANCE
    assert sum(1 for line in g.log if line.startswith("Terran moves")) == 2


def test_ruling_7_space_combat_tactics_one_die_moves_backwards() -> None:
    """Ruling 7: "Space Combat Tactics: one die moves backwards." Note: "Use one die roll
    to move backwards". A Terran unit on 2 goes back 3 to 27 (counter-clockwise)."""
    g = moving({2: {"terran": [4]}, 10: {"terran": [1]}}, [3, 1],
               hands={"terran": ["Space Combat Tactics"]})
    play(g, "play Space Combat Tactics", "move 2:4 back 3")
    assert board(g, TERRAN)[27] == [4]
    assert "Terran moves a unit of force 4 from sector 2 to 27 backwards (3)" in g.log
    e = moving({27: {"empire": [2]}}, [3, 1], to_move="empire",
               hands={"empire": ["Space Combat Tactics"]})
    play(e, "play Space Combat Tactics", "move 27:2 back 3")
    assert board(e, EMPIRE) == {2: [2]}


def test_ruling_7_strategic_move_one_die_moves_every_own_unit_on_one_sector() -> None:
    """Ruling 7: "Strategic Move: one die moves every own unit on one sector together."
    Note: "Use one die roll to move all units in one space". A jammed unit stays."""
    g = moving({5: {"terran": [1, 2, 3, 3]}, 20: {"terran": [1]}}, [4, 2],
               hands={"terran": ["Strategic Move"], "empire": ["Jam Transmission"]})
    play(g, "play Jam Transmission on 5:2", by=EMPIRE)
    play(g, "play Strategic Move", "move 5 by 4", by=TERRAN)
    assert board(g, TERRAN) == {5: [2], 9: [1, 3, 3], 20: [1]}
    assert "Strategic Move" in g.state.vortex


def test_ruling_7_defend_the_homeworld_one_own_unit_jumps_home_using_no_die() -> None:
    """Ruling 7: "Defend the Homeworld: one own unit jumps home, using no die." Note:
    "Move target unit directly to your homeworld". The Empire unit on 3 jumps to Planet X
    (15) and the dice are still both there."""
    g = moving({3: {"empire": [5]}, 20: {"empire": [1]}}, [1, 2], to_move="empire",
               hands={"empire": ["Defend the Homeworld"]})
    play(g, "play Defend the Homeworld on 3:5")
    assert board(g, EMPIRE) == {15: [5], 20: [1]}
    assert g.view(None)["dice"] == [1, 2]
    # After the last die the card can still be played; then "done" ends the phase.
    h = moving({3: {"empire": [5]}}, [1, 2], to_move="empire",
               hands={"empire": ["Defend the Homeworld"]})
    play(h, "move 3:5 by 1", "move 2:5 by 2")
    assert acts(h) == {"play Defend the Homeworld on 28:5", "done"}
    play(h, "done")
    assert board(h, EMPIRE) == {28: [5]}


def test_ruling_7_jam_transmission_pins_one_unit_for_the_turn() -> None:
    """Ruling 7: "Jam Transmission is played by the opponent before the mover's first
    move and pins one unit for the turn." Note: "Target enemy unit cannot move this turn.
    Play on opponents turn."

    The window goes to the defender (current_player switches), who may play or pass,
    then back to the mover; the jammed unit cannot move (nor jump home)."""
    g = moving({1: {"terran": [5, 1]}, 15: {"empire": [2]}}, [3, 4],
               hands={"empire": ["Jam Transmission", "Jam Transmission"],
                      "terran": ["Defend the Homeworld"]})
    assert g.current_player == EMPIRE and g.state.pending == "jam"
    assert acts(g) == {"pass", "play Jam Transmission on 1:5", "play Jam Transmission on 1:1"}
    play(g, "play Jam Transmission on 1:5", by=EMPIRE)
    assert g.current_player == EMPIRE  # a second copy may be played
    play(g, "pass", by=EMPIRE)
    assert g.current_player == TERRAN and g.view(None)["jammed"] == [[1, 5]]
    assert not any(a.startswith("move 1:5") for a in acts(g))
    refused(g, "move 1:5 by 3", "jammed")
    play(g, "move 1:1 by 3", "move 4:1 by 4")
    assert board(g, TERRAN) == {1: [5], 8: [1]}
    assert "Jam Transmission" in g.state.play  # in play for the rest of the turn
    play(g, "done")  # (Terran could still play Defend the Homeworld)
    assert g.turn == 2 and g.state.play == () and "Jam Transmission" in g.state.vortex


def test_notes_cards_target_your_own_units_during_your_own_turn() -> None:
    """"Notes: Unless specified otherwise, all cards target your own units during your
    own turn."

    The move cards name only the mover's units; Jam Transmission (specified otherwise:
    "Target enemy unit") names only the mover's units too, played by the opponent."""
    g = moving({1: {"terran": [2]}, 10: {"empire": [3]}}, [1, 2],
               hands={"terran": ["Space Combat Tactics", "Defend the Homeworld",
                                 "Strategic Move"],
                      "empire": ["Jam Transmission"]})
    assert acts(g) == {"pass", "play Jam Transmission on 1:2"}
    play(g, "pass")
    assert not any(":3" in a or " 10 " in a for a in acts(g))
    refused(g, "play Defend the Homeworld on 10:3", "Move Phase")
