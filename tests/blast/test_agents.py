"""Blast's computer opponent (``boardgames.blast.agents``): legal over whole games, the
same choices for the same seed, better than random play, sensible in the positions the
issue names (takes planets, fights with good odds, keeps its homeworld), and blind to
what it may not see (the other hand, the deck, the seed that fixes future rolls)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from blast.blast_support import EMPIRE, TERRAN, acts, force, play, scenario

import boardgames as bg
from boardgames.blast import data
from boardgames.blast.agents import CARD_VALUE, GreedyAgent, evaluate, shot_probability
from boardgames.core.game import CHANCE
from boardgames.ui.agents import RandomAgent

HOME_E = {"empire": [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1]}
HOME_T = {"terran": [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1]}


def turn_of(agent: GreedyAgent, g: bg.Blast, player: int) -> list[str]:
    """Let ``agent`` make every decision of ``player`` until another player (or a chance
    node, or the end) is due; the actions it chose."""
    out = []
    while g.current_player == player:
        a = agent.choose(g)
        assert a in g.legal_actions()
        out.append(str(a))
        g.apply(a)
    return out


# ---------------------------------------------------------------------- whole games
def test_greedy_plays_legal_moves_and_beats_random_play() -> None:
    """Four whole games against RandomAgent (the greedy agent as Terran, then Empire,
    one with every card window open): every choice is legal, every kind of decision is
    met, and the greedy agent wins most of them (measured: 4 of 4 here; 40 of 40 over
    seeds 100..139, see docs/rules/blast.md)."""
    kinds: Counter[str] = Counter()
    wins = 0
    for seed in (0, 1, 3, 4):
        side = seed % 2
        rules = bg.blast.Rules(windows="always") if seed == 4 else bg.blast.Rules()
        g = bg.Blast(seed=seed, rules=rules)
        agents: dict[int, Any] = {side: GreedyAgent(seed), 1 - side: RandomAgent(seed)}
        while not g.is_over:
            p = g.current_player
            if p == side:
                kinds[g.state.pending] += 1
            a = agents[p].choose(g)
            assert a in g.legal_actions(), (seed, a)
            g.apply(a)
        assert g.invariants() == []
        wins += g.winner == side
    assert wins >= 3, wins
    assert set(kinds) >= {"move", "dice", "build", "attack", "defend", "keep", "discard",
                          "jam", "espionage", "end", "offensive"}, kinds


def test_the_same_seed_gives_the_same_game() -> None:
    def run(seed: int) -> str:
        g = bg.Blast(seed=11)
        agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
        while g.turn <= 8 and not g.is_over:
            g.apply(agents[g.current_player].choose(g))
        return g.to_json()

    assert run(3) == run(3)


def test_choosing_leaves_the_game_unchanged() -> None:
    g = bg.Blast(seed=5)
    r = RandomAgent(5)
    agent = GreedyAgent()
    for _ in range(120):
        if g.is_over:
            break
        before = g.to_json()
        a = agent.choose(g)
        assert g.to_json() == before and a in g.legal_actions()
        g.apply(r.choose(g))


def test_agent_protocol() -> None:
    assert repr(GreedyAgent(seed=4)) == "GreedyAgent(seed=4)"
    assert GreedyAgent().seed == 0
    with pytest.raises(TypeError):
        GreedyAgent(seed="1")  # type: ignore[arg-type]
    over = bg.Blast.scenario(units={1: {"terran": [1]}, 8: {"terran": [1]},
                                    15: {"terran": [1]}, 22: {"terran": [1]}}, seed=1)
    assert over.is_over and over.winner == TERRAN
    with pytest.raises(ValueError, match="no legal action"):
        GreedyAgent().choose(over)
    # the project-wide agents module will import these names from here
    from boardgames.blast import agents

    assert {"evaluate", "GreedyAgent"} <= set(agents.__all__)


# ---------------------------------------------------------------------- what it does
def test_takes_an_undefended_planet_with_both_dice() -> None:
    # 15 -> 11 -> 8: both dice on one unit take Nimrod; the homeworld stays held.
    g = scenario(units={1: HOME_T, 15: HOME_E}, phase="move", dice=[3, 4])
    moves = turn_of(GreedyAgent(), g, EMPIRE)
    assert len(moves) == 2 and moves[0].startswith("move 15:"), moves
    v = g.view()
    assert v["planets"]["Nimrod"]["control"] == "empire"
    assert v["planets"]["Planet X"]["control"] == "empire"


def test_keeps_its_homeworld() -> None:
    # The lone unit at home could take Nimrod (3 + 4); the other unit uses both dice.
    g = scenario(units={1: HOME_T, 15: {"empire": [2]}, 26: {"empire": [1]}},
                 phase="move", dice=[3, 4])
    moves = turn_of(GreedyAgent(), g, EMPIRE)
    assert len(moves) == 2 and not any(m.startswith("move 15:") for m in moves), moves
    assert g.view()["planets"]["Planet X"]["control"] == "empire"


def test_attacks_with_good_odds_and_not_with_bad() -> None:
    # The 4 on sector 20 can hit a lone Terran 1 on 18 (a sure win): it does.
    good = scenario(units={1: {"terran": [5, 3, 3, 2]}, 15: {"empire": [3, 3, 2, 2, 1]},
                           20: {"empire": [4]}, 18: {"terran": [1]}},
                    phase="move", dice=[2, 6])
    turn_of(GreedyAgent(), good, EMPIRE)
    assert good.view()["sectors"][17]["empire"], "did not attack the lone unit"
    # A Terran stack of 4+4+3 on 18 would crush that 4: no Empire unit ends there.
    bad = scenario(units={1: {"terran": [5, 3, 3, 2]}, 15: {"empire": [3, 3, 2, 2, 1]},
                          20: {"empire": [4]}, 18: {"terran": [4, 4, 3]}},
                   phase="move", dice=[2, 6])
    turn_of(GreedyAgent(), bad, EMPIRE)
    assert not bad.view()["sectors"][17]["empire"]
    assert bad.view()["sectors"][17]["terran"] == [3, 4, 4]


def test_attack_cards_the_cheapest_that_wins() -> None:
    # Empire 3 attacks Terran 4 (ties go to the defender): +2 is the cheapest sure win.
    g = scenario(units={1: {"terran": [5]}, 15: {"empire": [5]}, 10: {"empire": [3],
                                                                      "terran": [4]}},
                 phase="fight", hands={"empire": ["Continuous Wave Laser",
                                                  "Plasma Generator", "Nova Bomb"]})
    assert g.state.pending == "attack" and g.current_player == EMPIRE
    assert str(GreedyAgent().choose(g)) == "play Plasma Generator"
    play(g, "play Plasma Generator")
    assert str(GreedyAgent().choose(g)) == "done"


def test_defence_cards_the_cheapest_that_saves_the_stack() -> None:
    # Empire 5 attacks Terran 4 on Earth: Plasteel Armor (+1) makes a tie, won by the
    # defender; the Ablative Energy Shields (+5) are kept.
    g = scenario(units={1: {"terran": [4], "empire": [5]}, 15: {"empire": [1]}},
                 phase="fight", hands={"terran": ["Ablative Energy Shields",
                                                  "Plasteel Armor"]})
    assert g.state.pending == "defend" and g.current_player == TERRAN
    assert str(GreedyAgent().choose(g)) == "play Plasteel Armor"
    # Hopeless (5 + 4 against 1): no card is thrown away.
    g = scenario(units={1: {"terran": [1], "empire": [5, 4]}, 15: {"empire": [1]}},
                 phase="fight", hands={"terran": ["Plasteel Armor"]})
    assert str(GreedyAgent().choose(g)) == "pass"


def test_keeps_the_strongest_survivors_the_rule_allows() -> None:
    # 4+3+3 beat 4 by 6: 3+3 (Force 6) is worth more than any one unit (Force 4).
    g = scenario(units={1: {"terran": [1]}, 15: {"empire": [1]},
                        10: {"empire": [4, 3, 3], "terran": [4]}}, phase="fight")
    assert g.state.pending == "keep"
    assert turn_of(GreedyAgent(), g, EMPIRE) == ["keep 3", "keep 3"]
    assert g.view()["sectors"][9]["empire"] == [3, 3]
    # 5+1+1 beat 4 by 3: the 5 alone beats 1+1.
    g = scenario(units={1: {"terran": [1]}, 15: {"empire": [1]},
                        10: {"empire": [5, 1, 1], "terran": [4]}}, phase="fight")
    assert turn_of(GreedyAgent(), g, EMPIRE) == ["keep 5"]


def test_discards_its_least_useful_card() -> None:
    g = scenario(units={1: HOME_T, 15: HOME_E}, phase="draw",
                 hands={"empire": ["Nova Bomb", "Hold Position", "Major Offensive",
                                   "Ambush", "Strategic Move", "Reinforcements"]})
    force(g, "Espionage", "Ion Thrusters")
    assert g.state.pending == "discard"
    assert min(CARD_VALUE, key=CARD_VALUE.__getitem__) in ("Hold Position", "Espionage")
    first = str(GreedyAgent().choose(g))
    assert first in ("discard Hold Position", "discard Espionage")


def test_evaluate_prefers_planets_and_force() -> None:
    base = scenario(units={1: HOME_T, 15: HOME_E}, phase="draw")
    more = scenario(units={1: HOME_T, 15: {"empire": HOME_E["empire"][:-1]},
                           8: {"empire": [1]}}, phase="draw")
    assert evaluate(more, EMPIRE) > evaluate(base, EMPIRE)
    assert evaluate(more, TERRAN) < evaluate(base, TERRAN)
    weaker = scenario(units={1: HOME_T, 15: {"empire": HOME_E["empire"][:-1]}},
                      phase="draw")
    assert evaluate(weaker, EMPIRE) < evaluate(base, EMPIRE)


def test_shot_probability_is_the_backgammon_shot_count() -> None:
    # one die or the sum of both, in the unit's direction, with the wrap
    assert shot_probability(15, 14, -1) == pytest.approx(11 / 36)  # a 1 on either die
    assert shot_probability(15, 9, -1) == pytest.approx(16 / 36)   # a 6, or 5 sums
    assert shot_probability(1, 13, 1) == pytest.approx(1 / 36)     # 6+6
    assert shot_probability(1, 14, 1) == 0.0
    assert shot_probability(27, 2, 1) == pytest.approx(13 / 36)    # 3 ahead, wrapping


# ---------------------------------------------------------------------- blind spots
def with_hand(g: bg.Blast, player: int, hand: list[str]) -> bg.Blast:
    """A fork of ``g`` in which ``player`` holds ``hand`` (same size) instead, the cards
    swapped with the deck: the same public position, other hidden cards."""
    h = g.fork()
    s = h.state.copy()
    old = list(s.hands[player])
    assert len(hand) == len(old)
    deck = Counter(s.deck.counts)
    deck.update(old)
    deck.subtract(hand)
    assert min(deck.values(), default=0) >= 0, "the new hand is not in deck + old hand"
    s.deck = type(s.deck)(+deck)
    s.hands = tuple(tuple(sorted(hand)) if q == player else s.hands[q] for q in (0, 1))
    h._s = s  # a test-only swap of hidden cards
    h._legal_cache = None
    return h


def test_the_choice_does_not_depend_on_the_other_hand() -> None:
    """A marker card planted in the opponent's hand (for cards from the deck): at every
    decision of the agent over a random game, the same choice and the same evaluation."""
    g = bg.Blast(seed=21)
    r = RandomAgent(21)
    agent = GreedyAgent(1)
    checked = 0
    while not g.is_over and checked < 25:
        p = g.current_player
        if p != CHANCE and g.turn % 3 == 0 and g.state.spy != p and g.state.pending in (
                "move", "dice", "attack", "defend", "keep", "jam", "discard", "end"):
            other = g.state.hands[1 - p]
            pool = Counter(g.state.deck.counts) + Counter(other)
            marker = ["Nova Bomb", "Ablative Energy Shields", "Ambush", "Espionage"]
            new = [c for c in marker if pool[c] > 0][:len(other)]
            for c in sorted(pool.elements()):
                if len(new) >= len(other):
                    break
                if new.count(c) < pool[c]:
                    new.append(c)
            if Counter(new) != Counter(other) and len(new) == len(other):
                h = with_hand(g, 1 - p, new)
                assert g.view(p) == h.view(p)
                assert evaluate(g, p) == evaluate(h, p)
                assert GreedyAgent(1).choose(g) == GreedyAgent(1).choose(h)
                checked += 1
        if p == CHANCE:
            g.roll()
        else:
            g.apply((agent if p == 0 else r).choose(g))
    assert checked >= 10


def test_the_choice_does_not_depend_on_the_seed() -> None:
    """The look-ahead never rolls the game's dice: two games in the same position with
    different seeds (different future rolls) get the same choices, Battle Computers and
    Hyper Jump included."""
    hands = {"empire": ["Battle Computers", "Hyper Jump", "Warp Overdrive"],
             "terran": ["Ambush", "Jam Transmission"]}
    for dice in ([1, 2], [6, 6], [2, 5]):
        a = scenario(units={1: HOME_T, 15: HOME_E}, phase="roll", dice=dice, hands=hands,
                     seed=1)
        b = scenario(units={1: HOME_T, 15: HOME_E}, phase="roll", dice=dice, hands=hands,
                     seed=987654321)
        assert a.state.pending == "dice"
        ca, cb = GreedyAgent(2).choose(a), GreedyAgent(2).choose(b)
        assert ca == cb


def test_unseen_cards_count_only_public_and_own_cards() -> None:
    from boardgames.blast.agents import defence_threat, unseen_cards

    a = scenario(units={1: HOME_T, 15: HOME_E}, phase="draw",
                 hands={"empire": ["Nova Bomb"], "terran": ["Ambush", "Plasteel Armor"]},
                 vortex=["Espionage"])
    b = scenario(units={1: HOME_T, 15: HOME_E}, phase="draw",
                 hands={"empire": ["Nova Bomb"], "terran": ["Hyper Jump", "Ion Thrusters"]},
                 vortex=["Espionage"])
    assert unseen_cards(a.state, EMPIRE) == unseen_cards(b.state, EMPIRE)
    assert sum(unseen_cards(a.state, EMPIRE).values()) == data.COPIES * 25 - 2
    assert defence_threat(a.state, EMPIRE) == defence_threat(b.state, EMPIRE)
    q, fixed, dice = defence_threat(a.state, EMPIRE)
    assert 0 < q < 1 and (fixed > 0 or dice == 1)
    assert "play Jam Transmission on 15:5" not in acts(a)


def test_the_docstring_example_runs() -> None:
    import doctest

    from boardgames.blast import agents

    failed, tried = doctest.testmod(agents)
    assert tried and not failed
