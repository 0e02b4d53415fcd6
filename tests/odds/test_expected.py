"""``game.expected(fn)`` (one chance node) and ``boardgames.odds.expect`` /
``outcome_dist`` (through the chance nodes that follow), each against a hand computation
in each of the four games; the game is never changed; bad calls are clear errors."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

import boardgames as bg
from boardgames.odds import expect, outcome_dist, spacehole_battle_odds


def _until_chance(g: Any, kind: str) -> Any:
    """Play ``g`` (its first legal action, its own seeded dice) to a chance node of
    ``kind``."""
    for _ in range(2000):
        if g.current_player == bg.CHANCE:
            if g.state.chance[0] == kind:
                return g
            g.roll()
        else:
            g.apply(g.legal_actions()[0])
    raise AssertionError(f"no {kind} chance node")


# ------------------------------------------------------------------ Spacehole
def test_spacehole_expected_hits_of_the_invader_dice() -> None:
    g = bg.Spacehole.scenario(defenders=["Space Marines"], phase="event",
                              event="Alien Predators", seed=1, auto_roll=False)
    assert g.state.chance == ("inv_dice", 3)
    saved = g.to_json()
    assert g.expected(lambda h: h.state.inv_hits) == F(3, 6)        # n dice x 1/6
    assert g.expected(lambda h: h.state.inv_hits >= 1) == 1 - F(5, 6) ** 3
    assert g.to_json() == saved


def test_spacehole_next_draw_invasion_and_survival_by_hand() -> None:
    g = bg.Spacehole.scenario(defenders=["Space Marines"], structures=["Laser Turret"],
                              phase="karma", seed=1, auto_roll=False)
    saved = g.to_json()
    cards = g.cards
    deck = g.view(0)["deck_size"]
    invaders = [n for n, c in cards.items() if c.kind == "invader"]  # one copy each
    assert g.expected(lambda h: cards[h.state.current].kind == "invader"
                      if h.state.current else False) == F(len(invaders), deck)

    def win(h: Any) -> F:
        return h.battle_odds()["win"] if h.state.current in invaders else F(1)

    by_hand = F(deck - len(invaders), deck) + sum(
        (F(1, deck) * spacehole_battle_odds(n, ["Space Marines"], turrets=1)["win"]
         for n in invaders), F(0))
    assert g.expected(win) == by_hand
    assert 0 < by_hand < 1 and g.to_json() == saved


# ------------------------------------------------------------------ Blast
def test_blast_two_dice_mean_and_doubles() -> None:
    g = _until_chance(bg.Blast(seed=1, auto_roll=False), "roll")
    saved = g.to_json()
    assert g.expected(lambda h: sum(h.view(0)["dice"])) == 7
    assert g.expected(lambda h: h.view(0)["dice"][0] == h.view(0)["dice"][1]) == F(1, 6)
    assert g.expected(lambda h: max(h.view(0)["dice"])) == F(161, 36)
    d = outcome_dist(g, lambda h: sum(h.view(0)["dice"]))
    assert d == {s: F(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert g.to_json() == saved


# ------------------------------------------------------------------ Intergalactic
def test_intergalactic_income_die_by_hand() -> None:
    g = _until_chance(bg.Intergalactic(players=2, seed=1, auto_roll=False), "income")
    _, _, p, bonus = g.state.chance
    before = g.state.tokens[p]
    saved = g.to_json()
    by_hand = before + F(sum(max(0, k + bonus) for k in range(1, 7)), 6)
    assert g.expected(lambda h: h.state.tokens[p]) == by_hand
    assert g.to_json() == saved


def test_intergalactic_d100_roll_by_hand() -> None:
    g = _until_chance(bg.Intergalactic(players=2, seed=3, auto_roll=False), "roll")
    mod = g.state.chance[4]
    saved = g.to_json()
    assert len(g.chance_outcomes()) == 100
    # (read in the log: a roll with nothing else within reach of the tokens is taken at
    # once, and the turn may be over)
    def rolled(h: bg.Intergalactic) -> tuple[int, int]:
        line = next(x for x in reversed(h.log) if x.startswith(f"P{g.state.chance[2]} rolls"))
        return int(line.split()[2]), int(line.rsplit(": ", 1)[1])

    assert g.expected(lambda h: rolled(h)[1]) == F(101, 2) + mod
    assert g.expected(lambda h: rolled(h)[0] >= 91) == F(10, 100)
    assert g.to_json() == saved


# ------------------------------------------------------------------ Space Base
SITES = {(0, 0): ("Outpost", 0), (1, 0): ("Solar Panels Array", 0),
         (2, 0): ("Shield Generator", 0), (3, 0): ("Extractor", 0), (4, 0): ("Extractor", 0),
         (9, 9): ("Outpost", 1), (8, 9): ("Solar Panels Array", 1)}


def test_spacebase_meteor_exposed_cells_by_hand() -> None:
    g = bg.SpaceBase.scenario(sites=SITES, phase="meteor", seed=1, auto_roll=False)
    saved = g.to_json()
    # By hand: the powered Shield Generator at (2,0) covers itself, (1,0) and (3,0);
    # the other 4 installations are exposed: 4 cells of 100 roll damage.
    assert g.expected(lambda h: h.state.chance is not None
                      and h.state.chance[0] == "damage") == F(4, 100)
    # ... and then 1D10: mean damage 11/2, so the expected damage of the turn is 4/100 x 11/2
    dmg = expect(g, lambda h: sum(s.damage for s in h.board.sites().values()),
                 until=lambda h: h.phase != "meteor")
    assert dmg == F(4, 100) * F(11, 2)
    assert g.to_json() == saved


def test_spacebase_expected_income_through_the_damage_roll() -> None:
    g = bg.SpaceBase.scenario(sites=SITES, phase="meteor", seed=1, auto_roll=False)
    credits = g.view(0)["credits"][0]
    lost = g.meteor_risk().expected_income_lost(0)
    got = expect(g, lambda h: h.view(0)["credits"][0], until=lambda h: h.phase != "meteor")
    assert got == credits + g.board.income(0) - lost
    # the one-node expectation stops at the damage roll: income is not lost yet there
    assert g.expected(lambda h: h.board.income(0)) == g.board.income(0)


# ------------------------------------------------------------------ refusals
def test_not_at_a_chance_node_is_refused_and_changes_nothing() -> None:
    g = bg.Spacehole(seed=2)
    saved = g.to_json()
    assert g.current_player == 0
    with pytest.raises(bg.GameError, match="needs a chance node, but player 0 is to move"):
        g.expected(lambda h: 1)
    with pytest.raises(ValueError, match="not at a chance node"):
        expect(g, lambda h: 1)
    with pytest.raises(ValueError, match="not at a chance node"):
        outcome_dist(g, lambda h: 1)
    assert g.to_json() == saved


def test_a_finished_game_is_refused() -> None:
    g = bg.Spacehole.scenario(phase="event", event="The Warstar", base_damage=9, seed=1,
                              auto_roll=False)
    while not g.is_over:
        g.apply(max(g.chance_outcomes()) if g.current_player == bg.CHANCE
                else g.legal_actions()[0])
    with pytest.raises(ValueError, match="the game is over"):
        g.expected(lambda h: 1)


def test_fn_must_return_a_number() -> None:
    g = _until_chance(bg.Blast(seed=1, auto_roll=False), "roll")
    saved = g.to_json()
    with pytest.raises(ValueError, match="fn must return a number or a bool, not 'x'"):
        g.expected(lambda h: "x")
    with pytest.raises(ValueError, match="fn must return a number or a bool"):
        expect(g, lambda h: None)
    assert g.to_json() == saved


def test_expect_refuses_too_many_positions_and_non_games() -> None:
    g = bg.SpaceBase.scenario(sites=SITES, phase="meteor", seed=1, auto_roll=False)
    with pytest.raises(ValueError, match="more than 50 positions"):
        expect(g, lambda h: 1, max_positions=50)
    with pytest.raises(ValueError, match="expected a game"):
        expect("spacehole", lambda h: 1)  # type: ignore[arg-type]


def test_fn_cannot_change_the_game() -> None:
    g = _until_chance(bg.Blast(seed=4, auto_roll=False), "roll")
    saved = g.to_json()

    def meddle(h: Any) -> int:
        h.apply(h.legal_actions()[0])  # plays on the fork, not on g
        return 1

    assert g.expected(meddle) == 1 and g.to_json() == saved
