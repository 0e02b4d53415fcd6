"""Blast rule tests: the Fight phase, attack and defence cards, the tie ruling and the
winner's survivors (rules/blast.txt "Each unit has a force value." to the end of the
prose; RULINGS.md Blast 8)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from blast.blast_support import (
    CHANCE,
    EMPIRE,
    TERRAN,
    Blast,
    Rules,
    acts,
    board,
    chance,
    force,
    play,
    refused,
    scenario,
    unit_tables,
)

from boardgames.blast import data

ATTACKS = [("Continuous Wave Laser", 1), ("Plasma Generator", 2), ("Disruptor cannon", 3),
           ("Antimatter Missiles", 4), ("Nova Bomb", 5)]
DEFENCES = [("Plasteel Armor", 1), ("Electronic Countermeasures", 2),
            ("Inertial Force Field", 3), ("Evasive Maneuver", 4),
            ("Ablative Energy Shields", 5)]


def fight(attacker: list[int], defender: list[int], *, to_move: str = "terran",
          sector: int = 10, rules: Rules | None = None, **kw) -> Blast:
    """A fight on ``sector`` in the fight phase of ``to_move``'s turn."""
    a, d = ("terran", "empire") if to_move == "terran" else ("empire", "terran")
    return scenario(units={sector: {a: attacker, d: defender}}, phase="fight",
                    to_move=to_move, rules=rules, **kw)


def test_each_unit_has_a_force_value_see_the_unit_lists() -> None:
    """"Each unit has a force value."
    "See the Unit Lists."

    The forces of the lists (Sol-1 5 ... Clone Troopers 1) are what a fight adds up."""
    for p, table in enumerate(unit_tables()):
        side = data.SIDES[p]
        for count, force_, name in table:
            assert data.unit_name(side, force_) == name
            assert data.army_forces(side).count(force_) == count
    g = fight([5, 4], [3, 3, 1], hands={"empire": ["Plasteel Armor"]})
    v = g.view(None)["fight"]
    assert (v["attacker_force"], v["defender_force"]) == (9, 7)


def test_if_a_space_contains_opposing_units_there_will_be_a_fight() -> None:
    """"If a space contains opposing units there will be a fight."

    Ruling 8: "After all moves, every sector with both sides' units fights, in the
    attacker's chosen order." Two contested sectors: the attacker picks the order."""
    g = scenario(units={4: {"terran": [3], "empire": [1]}, 9: {"terran": [1], "empire": [2]},
                        1: {"terran": [1]}, 15: {"empire": [1]}},
                 phase="fight", to_move="terran")
    assert g.current_player == TERRAN and acts(g) == {"fight 4", "fight 9"}
    play(g, "fight 9")
    starts = [line for line in g.log if line.startswith("Fight on sector")]
    assert [s.split(":")[0] for s in starts] == ["Fight on sector 9", "Fight on sector 4"]
    assert board(g, TERRAN) == {1: [1], 4: [3]} and board(g, EMPIRE) == {9: [2], 15: [1]}
    # No contested sector: no fight at all.
    calm = scenario(units={4: {"terran": [3]}, 9: {"empire": [2]}}, phase="fight",
                    to_move="terran")
    assert not any("Fight" in line for line in calm.log)


def test_each_side_adds_up_the_force_of_all_its_units_present() -> None:
    """"Each side adds up the force value of all of its units present to get a force
    total." Units elsewhere do not count."""
    g = scenario(units={10: {"terran": [5, 2, 1], "empire": [4, 4]}, 1: {"terran": [4]},
                        15: {"empire": [5]}},
                 phase="fight", to_move="terran", hands={"terran": ["Nova Bomb"]})
    v = g.view(None)["fight"]
    assert (v["attacker_total"], v["defender_total"]) == (8, 8)


@pytest.mark.parametrize(("card", "bonus"), ATTACKS)
def test_the_attacker_may_play_attack_cards_to_increase_his_total(card: str,
                                                                  bonus: int) -> None:
    """"The attacker may play attack cards to increase his total."

    Notes: "Attacker +1 Force", "Attacker +2 Force", "Attacker +3 Force", "Attacker +4
    Force", "Attacker +5 Force". A 2 against a 2 + bonus - 1 wins with the card."""
    g = fight([2], [1] * (bonus + 1) if bonus + 1 <= 5 else [5, 1], hands={"terran": [card]})
    d_total = g.view(None)["fight"]["defender_total"]
    assert d_total == bonus + 1
    play(g, f"play {card}", by=TERRAN)
    want = f"Sector 10: Terran {2 + bonus} against Empire {bonus + 1}: Terran wins by 1"
    assert want in g.log
    assert board(g, TERRAN) == {10: [2]} and board(g, EMPIRE) == {}


@pytest.mark.parametrize(("card", "bonus"), DEFENCES)
def test_the_defender_may_play_defense_cards_to_increase_his_total(card: str,
                                                                   bonus: int) -> None:
    """"The defender may play defense cards to increase his total."

    Notes: "Defender +1 Force. Play on opponents turn." "Defender +2 Force. Play on
    opponents turn." "Defender +3 Force. Play on opponents turn." "Defender +4 Force.
    Play on opponents turn." "Defender +5 Force. Play on opponents turn." The window
    passes to the defender in the attacker's turn; the card saves the defender's unit.
    In the defender's own turn the card cannot be played."""
    g = fight([bonus], [1], hands={"empire": [card]})
    assert g.current_player == EMPIRE and acts(g) == {f"play {card}", "pass"}
    play(g, f"play {card}", by=EMPIRE)
    assert board(g, EMPIRE) == {10: [1]} and board(g, TERRAN) == {}
    own = fight([1], [bonus], to_move="empire", hands={"empire": [card]})
    assert own.current_player != EMPIRE  # no window for it in its own fights
    assert card in own.state.hands[EMPIRE]


def test_played_fight_cards_are_discarded() -> None:
    """"Played cards are discarded." (fight): attack and defence cards are in play during
    their fight, then go to the vortex."""
    g = fight([3], [3], hands={"terran": ["Nova Bomb", "Plasma Generator"],
                               "empire": ["Ambush"]})
    play(g, "play Nova Bomb", by=TERRAN)
    assert g.state.play == ("Nova Bomb",) and g.view(None)["in_play"] == ["Nova Bomb"]
    play(g, "done", by=TERRAN)
    play(g, "pass", by=EMPIRE)
    assert g.state.play == ()
    assert Counter(g.state.vortex)["Nova Bomb"] == 1
    assert g.state.hands == (("Plasma Generator",), ("Ambush",))


def test_the_higher_total_wins() -> None:
    """"The higher total wins."

    Ruling 8: "Higher total wins." 9 against 8 and 8 against 9, in either turn."""
    for attacker, defender, winner in (([5, 4], [4, 4], TERRAN), ([4, 4], [5, 4], EMPIRE)):
        g = fight(attacker, defender)
        assert g.state.last_fight[3] == winner
        assert board(g, winner) and not board(g, 1 - winner)


def test_all_units_of_the_loser_are_destroyed_and_sent_to_the_scrap_heap() -> None:
    """"All units of the loser are destroyed and sent to the scrap heap.\""""
    g = fight([5, 4, 3], [4, 2, 1, 1])
    assert board(g, EMPIRE) == {}
    assert Counter(g.state.scrap[EMPIRE]) - Counter(
        data.army_forces("empire")) == Counter()
    assert Counter([4, 2, 1, 1]) <= Counter(g.state.scrap[EMPIRE])
    assert sorted(g.view(None)["scrap"]["empire"]) == sorted(data.army_forces("empire"))


def _kept_sets(g: Blast) -> set[tuple[int, ...]]:
    """Every set of survivors the winner can reach through the keep actions."""
    out: set[tuple[int, ...]] = set()
    todo = [g]
    while todo:
        h = todo.pop()
        if h.state.pending != "keep":
            out.add(tuple(sorted(h.state.units[TERRAN][9])))
            continue
        for a in h.legal_actions():
            f = h.fork()
            f.apply(a)
            todo.append(f)
    return out


def test_the_winner_keeps_units_up_to_the_difference_or_any_one_unit() -> None:
    """"The winner keeps units with a total force value equal to the difference between
    the winning and losing sides force totals."
    "The winner always keeps at least one unit."
    "For example: Winner = 7, loser = 5, difference = 2."
    "The winner may keep units with a total force value of 2 or less, or any one unit,
    even if it has a force value greater than 2."

    Ruling 8: "The loser's units go to the scrap heap; the winner chooses which units to
    keep: total force at most the difference, or any single unit." The text's example:
    3+2+1+1 against 5; every choice the keep actions allow is exactly the sets the text
    allows (computed here from the sentence), and never none."""
    g = fight([3, 2, 1, 1], [5])
    assert g.state.pending == "keep" and g.current_player == TERRAN
    assert g.view(None)["keep"]["difference"] == 2
    assert "done" not in acts(g)  # at least one unit
    units = [3, 2, 1, 1]
    allowed = {tuple(sorted(c)) for k in range(1, 5) for c in combinations(units, k)
               if sum(c) <= 2 or k == 1}
    assert _kept_sets(g) == allowed == {(1,), (1, 1), (2,), (3,)}
    play(g, "keep 1")
    assert acts(g) == {"keep 1", "done"}
    play(g, "keep 1")  # 2 reached: nothing else fits, the choice ends
    assert board(g, TERRAN) == {10: [1, 1]}
    assert Counter(g.state.scrap[TERRAN]) >= Counter([3, 2])
    assert "Terran keeps 1+1 on sector 10; 3+2 go to the scrap heap" in g.log


def test_ruling_8_the_defender_chooses_its_survivors_and_no_choice_is_asked_without_one() -> None:
    """Ruling 8 "the winner chooses which units to keep" when the defender wins: the
    choice passes to the defender in the attacker's turn. No choice is asked when the
    winner has one unit, or when (with cards) all its units fit in the difference."""
    g = fight([1], [4, 2, 2])
    assert g.state.pending == "keep" and g.current_player == EMPIRE
    keep = g.view(None)["keep"]
    assert keep["difference"] == 7 and keep["winner"] == "empire"
    assert acts(g) == {"keep 2", "keep 4"}
    play(g, "keep 4", by=EMPIRE)
    assert acts(g) == {"keep 2", "done"}
    play(g, "keep 2", by=EMPIRE)  # 6 of 7: the last 2 does not fit, the choice ends
    assert board(g, EMPIRE) == {10: [2, 4]}
    single = fight([5], [1])
    assert single.state.pending != "keep" and board(single, TERRAN) == {10: [5]}
    cards = fight([2, 1], [1], hands={"terran": ["Nova Bomb"]})
    play(cards, "play Nova Bomb")  # 8 against 1: 7 >= 2 + 1, both kept
    assert board(cards, TERRAN) == {10: [1, 2]}
    assert "Terran keeps all its units on sector 10" in cards.log
    pair = fight([1, 1], [1])  # 2 - 1 = 1: keep one of the two 1s, one action
    assert acts(pair) == {"keep 1"}
    play(pair, "keep 1")
    assert board(pair, TERRAN) == {10: [1]}


def test_ruling_8_the_attacker_plays_attack_cards_then_the_defender_defence_cards() -> None:
    """Ruling 8: "The attacker plays any number of attack cards, then the defender any
    number of defence cards;" The attacker's window first (any number, then done), then
    the defender's (any number, then pass); then the totals are compared."""
    g = fight([3], [4], hands={"terran": ["Plasma Generator", "Continuous Wave Laser"],
                               "empire": ["Plasteel Armor", "Plasteel Armor"]})
    assert g.current_player == TERRAN and g.state.pending == "attack"
    refused(g, "play Plasteel Armor", "holds no Plasteel Armor")
    play(g, "play Plasma Generator", "play Continuous Wave Laser", by=TERRAN)
    assert g.current_player == EMPIRE and g.state.pending == "defend"  # no card left
    play(g, "play Plasteel Armor", by=EMPIRE)
    assert acts(g) == {"play Plasteel Armor", "pass"}
    play(g, "play Plasteel Armor", by=EMPIRE)
    assert g.state.last_fight[1:] == (6, 6, EMPIRE)  # a tie: the defender (ruling 8)


def test_ruling_8_surprise_attack_and_ambush_roll_1d6_when_played() -> None:
    """Ruling 8: "Surprise Attack / Ambush roll 1D6 when played." Notes: "Attacker +1D6
    Force", "Defender +1D6 Force. Play on opponents turn." Each is a 1D6 chance node as
    soon as the card is played."""
    g = fight([2], [4], hands={"terran": ["Surprise Attack"], "empire": ["Ambush"]})
    play(g, "play Surprise Attack")
    assert chance(g) == {k: Fraction(1, 6) for k in range(1, 7)}
    force(g, 6)
    assert g.view(None)["fight"]["attack_rolls"] == [6]
    assert g.view(None)["fight"]["attacker_total"] == 8
    play(g, "play Ambush", by=EMPIRE)
    force(g, 3)
    assert g.state.last_fight[1:] == (8, 7, TERRAN)
    assert "1D6 for Surprise Attack: +6 Force" in g.log
    assert "1D6 for Ambush: +3 Force" in g.log


@pytest.mark.parametrize("to_move", ["terran", "empire"])
def test_ruling_8_option_tie_defender(to_move: str) -> None:
    """Ruling 8: "A tie is won by the defender (option `tie`: defender / both_destroyed /
    attacker)." Default ``tie="defender"``: 3 against 3, the defender keeps any one unit
    (a difference of 0)."""
    d = EMPIRE if to_move == "terran" else TERRAN
    g = fight([3], [2, 1], to_move=to_move)
    assert g.state.last_fight[3] == d
    assert g.state.pending == "keep" and g.current_player == d
    assert acts(g) == {"keep 1", "keep 2"}
    play(g, "keep 2")
    assert board(g, d) == {10: [2]} and board(g, 1 - d) == {}


def test_ruling_8_option_tie_both_destroyed() -> None:
    """Ruling 8, ``tie="both_destroyed"``: a tie sends both sides to the scrap heap and
    leaves the sector empty."""
    g = fight([3], [2, 1], rules=Rules(tie="both_destroyed"))
    assert board(g, TERRAN) == {} and board(g, EMPIRE) == {}
    assert "Sector 10: 3 against 3, a tie: both sides are destroyed" in g.log
    assert g.state.last_fight[3] is None


def test_ruling_8_option_tie_attacker() -> None:
    """Ruling 8, ``tie="attacker"``: the attacker wins a tie and keeps any one unit."""
    g = fight([2, 1], [3], rules=Rules(tie="attacker"))
    assert g.state.last_fight[3] == TERRAN and g.current_player == TERRAN
    play(g, "keep 1")
    assert board(g, TERRAN) == {10: [1]} and board(g, EMPIRE) == {}
    assert g.current_player == CHANCE  # the next turn's draw
