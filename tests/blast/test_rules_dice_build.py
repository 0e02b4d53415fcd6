"""Blast rule tests: the Roll and Build phases, the dice cards and rebuilding
(rules/blast.txt "Roll two six sided dice (2D6)." to "The player still uses the die rolls
for movement."; RULINGS.md Blast 5, 6)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from blast.blast_support import (
    CHANCE,
    TERRAN,
    acts,
    board,
    chance,
    force,
    play,
    refused,
    scenario,
)

SCRAP_T = [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1]  # with [1, 1] on the board


def rolling(hand: list[str] | None = None, **kw) -> object:
    """The Terran turn about to roll: units on Earth and sector 5, scrap as above."""
    kw.setdefault("units", {1: {"terran": [1]}, 5: {"terran": [1]}, 15: {"empire": [5]}})
    kw.setdefault("phase", "roll")
    return scenario(to_move="terran", hands={"terran": hand or []}, **kw)


def dice(g) -> list[int]:
    return g.view(None)["dice"]


def test_roll_two_six_sided_dice_2d6() -> None:
    """"Roll two six sided dice (2D6)."

    The roll is one chance node whose outcomes are the two dice as a sorted pair: which
    die is which does not matter (a card acts on ``a die showing 3``), so (2, 5) has
    probability 2/36 and (4, 4) 1/36, counted here over the 36 ordered rolls."""
    g = rolling()
    d = chance(g)
    brute = Counter(tuple(sorted((a, b))) for a in range(1, 7) for b in range(1, 7))
    assert d == {k: Fraction(n, 36) for k, n in brute.items()}
    assert len(d) == 21 and sum(d.values()) == 1
    force(g, (2, 5))
    assert g.view(None)["rolled"] == [2, 5] and dice(g) == [2, 5]
    assert g.history[-1].text == "rolled 2 and 5"
    assert "Terran rolls 2 and 5" in g.log


def test_cards_can_be_used_to_modify_these_dice_rolls() -> None:
    """"Cards can be used to modify these dice rolls."

    Ruling 5: "Dice cards are played after the roll and before moving:" the window opens
    after the roll (not in the draw phase), and closes with done, before the move."""
    g = scenario(to_move="terran", phase="draw", hands={"terran": ["Ion Thrusters"]},
                 deck=["Warp Overdrive", "Hyper Jump"])
    force(g, "Hyper Jump")
    assert g.current_player == CHANCE and g.phase == "roll"  # no window before the roll
    force(g, (1, 3))
    assert g.state.pending == "dice" and g.current_player == TERRAN
    assert {"play Ion Thrusters on die 1", "play Ion Thrusters on die 3",
            "play Warp Overdrive on die 1", "play Hyper Jump", "done"} <= acts(g)
    play(g, "done")
    assert g.phase == "move"
    assert not any("Ion Thrusters" in a or "Hyper Jump" in a for a in acts(g))
    refused(g, "play Ion Thrusters on die 1", "Move Phase")


@pytest.mark.parametrize(("card", "plus"), [("Ion Thrusters", 1), ("Warp Overdrive", 2),
                                            ("Maximum Burn", 3)])
def test_ruling_5_ion_thrusters_warp_overdrive_maximum_burn_add_1_2_3_to_one_die(
        card: str, plus: int) -> None:
    """Ruling 5: "Ion Thrusters / Warp Overdrive / Maximum Burn add 1/2/3 to one die;"
    Notes: "Add +1 to one die roll", "Add +2 to one die roll", "Add +3 to one die roll".

    Two copies can go on the same die; the card goes to the vortex."""
    g = rolling([card, card])
    force(g, (2, 6))
    play(g, f"play {card} on die 2")
    assert dice(g) == sorted([2 + plus, 6])
    play(g, f"play {card} on die {2 + plus}")
    assert dice(g) == sorted([2 + 2 * plus, 6])
    assert Counter(g.state.vortex)[card] == 2 and card not in g.state.hands[TERRAN]
    assert g.phase == "move"  # no dice card left: the window closed by itself
    play(g, f"move 5:1 by {2 + 2 * plus}")
    assert board(g, TERRAN)[5 + 2 + 2 * plus] == [1]


def test_ruling_5_battle_computers_rerolls_one_die() -> None:
    """Ruling 5: "Battle Computers rerolls one die;" Note: "Cause one of your die rolls to
    be rerolled".

    A 1D6 chance node replaces the die; a die already modified by a card (or the Hyper
    Jump die) is not one of the rolled dice any more and cannot be rerolled."""
    g = rolling(["Battle Computers", "Battle Computers", "Ion Thrusters"])
    force(g, (1, 4))
    assert {"play Battle Computers on die 1", "play Battle Computers on die 4"} <= acts(g)
    play(g, "play Battle Computers on die 1")
    assert chance(g) == {k: Fraction(1, 6) for k in range(1, 7)}
    force(g, 6)
    assert dice(g) == [4, 6] and g.view(None)["rolled"] == [4, 6]
    assert "Terran rerolls the 1: 6" in g.log
    play(g, "play Ion Thrusters on die 4")
    assert dice(g) == [5, 6]
    assert acts(g) == {"play Battle Computers on die 6", "done"}  # the 5 is modified


def test_ruling_5_hyper_jump_adds_a_third_die() -> None:
    """Ruling 5: "Hyper Jump adds a third die;" Note: "Roll one additional die in Roll
    Phase".

    A 1D6 chance node adds a die; all three must be used, one unit may use them all."""
    g = rolling(["Hyper Jump"], units={1: {"terran": [3]}, 15: {"empire": [5]}})
    force(g, (2, 3))
    play(g, "play Hyper Jump")
    assert chance(g) == {k: Fraction(1, 6) for k in range(1, 7)}
    force(g, 5)
    assert dice(g) == [2, 3, 5]
    play(g, "move 1:3 by 5", "move 6:3 by 3", "move 9:3 by 2")
    assert board(g, TERRAN) == {11: [3]}


def test_ruling_5_hold_position_cancels_one_die() -> None:
    """Ruling 5: "Hold Position cancels one die." Note: "Do not use one die roll".

    The cancelled die is not used for moving."""
    g = rolling(["Hold Position"])
    force(g, (3, 6))
    play(g, "play Hold Position on die 6")
    assert dice(g) == [3]
    play(g, "move 5:1 by 3")
    assert g.turn == 2 and g.current_player == CHANCE  # the die held: the turn is over
    assert board(g, TERRAN) == {1: [1], 8: [1]}


def test_ruling_5_a_die_value_is_at_least_1_after_modifiers() -> None:
    """Ruling 5: "A die value is at least 1 after modifiers." The modifiers only add, so
    every die stays at 1 or more (a 1 with Maximum Burn is a 4); a notation naming a die
    of 0 is malformed."""
    g = rolling(["Maximum Burn"])
    force(g, (1, 1))
    play(g, "play Maximum Burn on die 1")
    assert dice(g) == [1, 4] and min(dice(g)) >= 1
    assert g.invariants() == []
    refused(g, "play Maximum Burn on die 0", "die value 0")


def test_doubles_let_the_player_put_a_destroyed_unit_back_on_the_homeworld() -> None:
    """"If a player rolls doubles (two sixes, snake-eyes, etc.) he may place one of his
    destroyed units back into play onto his homeworld (Earth or Planet X)."

    Ruling 6: "Doubles on the two rolled dice (after any reroll, before modifiers) let the
    player return one destroyed unit of their choice to their homeworld, if they have a
    unit there." One per doubles, of the player's choice, or none ("may")."""
    g = rolling()
    force(g, (1, 1))
    assert g.state.pending == "build" and g.phase == "build"
    assert acts(g) == {f"rebuild {f}" for f in (1, 2, 3, 4, 5)} | {"done"}
    play(g, "rebuild 4")
    assert board(g, TERRAN)[1] == [1, 4]
    assert g.state.scrap[TERRAN].count(4) == 1
    assert g.phase == "move"  # one unit only: the build phase ended by itself
    e = scenario(units={15: {"empire": [1]}, 1: {"terran": [5]}}, phase="roll",
                 to_move="empire")
    force(e, (6, 6))
    play(e, "rebuild 5")
    assert board(e, 1)[15] == [1, 5]  # the Empire rebuilds on Planet X
    n = rolling()
    force(n, (5, 5))
    play(n, "done")  # "may": the player can decline
    assert board(n, TERRAN)[1] == [1] and g.phase == "move"


def test_rebuild_only_if_the_player_occupies_the_homeworld() -> None:
    """"He may only do this if he currently occupies (controls) his homeworld by having
    one or more of his units on his homeworld space."

    Doubles with no unit on Earth: no build decision at all."""
    g = rolling(units={5: {"terran": [1]}, 15: {"empire": [5]}})
    force(g, (3, 3))
    assert g.phase == "move" and not any(a.startswith("rebuild") for a in acts(g))
    assert g.state.scrap[TERRAN].count(5) == 1


def test_the_player_still_uses_the_die_rolls_for_movement() -> None:
    """"The player still uses the die rolls for movement." After the rebuild both dice
    of the doubles move units."""
    g = rolling()
    force(g, (4, 4))
    play(g, "rebuild 5")
    assert dice(g) == [4, 4] and g.phase == "move"
    play(g, "move 1:5 by 4", "move 5:5 by 4")
    assert board(g, TERRAN)[9] == [5]


def test_ruling_6_doubles_count_after_a_reroll_and_before_modifiers() -> None:
    """Ruling 6: doubles are judged "on the two rolled dice (after any reroll, before
    modifiers)": a 2-5 rerolled into 2-2 rebuilds; a 2-3 made 3-3 by Ion Thrusters does
    not; a 4-4 made 4-5 still does."""
    g = rolling(["Battle Computers"])
    force(g, (2, 5))
    play(g, "play Battle Computers on die 5")
    force(g, 2)
    assert g.view(None)["doubles"] and g.state.pending == "build"
    m = rolling(["Ion Thrusters"])
    force(m, (2, 3))
    play(m, "play Ion Thrusters on die 2")
    assert dice(m) == [3, 3] and not m.view(None)["doubles"] and m.phase == "move"
    k = rolling(["Ion Thrusters"])
    force(k, (4, 4))
    play(k, "play Ion Thrusters on die 4")
    assert dice(k) == [4, 5] and k.state.pending == "build"


def test_ruling_6_reinforcements_returns_one_more_unit_with_or_without_doubles() -> None:
    """Ruling 6: "Reinforcements returns one more unit under the same homeworld
    condition, with or without doubles." Note: "Rebuild one extra destroyed unit in build
    phase.\""""
    g = rolling(["Reinforcements"])
    force(g, (1, 2))
    assert acts(g) == {f"rebuild {f} with Reinforcements" for f in (1, 2, 3, 4, 5)} | {"done"}
    play(g, "rebuild 3 with Reinforcements")
    assert board(g, TERRAN)[1] == [1, 3] and "Reinforcements" in g.state.vortex
    d = rolling(["Reinforcements"])
    force(d, (6, 6))
    play(d, "rebuild 5", "rebuild 4 with Reinforcements")
    assert board(d, TERRAN)[1] == [1, 4, 5]
    away = rolling(["Reinforcements"], units={5: {"terran": [1]}, 15: {"empire": [5]}})
    force(away, (6, 6))
    assert away.phase == "move" and "Reinforcements" in away.state.hands[TERRAN]
