"""The agents: one interface for every game, legal and reproducible choices, no peeking.

Whole games are played with every agent kind in every game (each choice goes through
``Game.apply``, which refuses an illegal action); the same seed gives the same choices;
an agent's choice cannot depend on a card it cannot see: two positions that differ only
in which card is in the opponent's hand and which in the deck (the same to the player)
get the very same search and choice.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest

import boardgames as bg
from boardgames.agents import (
    DIFFICULTIES,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    make_agent,
)

GAMES: dict[str, Callable[[int], bg.Game]] = {
    "spacehole": lambda s: bg.Spacehole(seed=s),
    "spacehole-b5": lambda s: bg.Spacehole(seed=s, variant="babylon5"),
    "blast": lambda s: bg.Blast(seed=s),
    "spacebase-2": lambda s: bg.SpaceBase(players=2, seed=s),
    "spacebase-4": lambda s: bg.SpaceBase(players=4, seed=s),
    "intergalactic-3": lambda s: bg.Intergalactic(players=3, seed=s),
}


def play(game: bg.Game, agents: list, limit: int = 100_000) -> tuple[bg.Game, list[str]]:
    choices = []
    while not game.is_over and len(choices) < limit:
        p = game.current_player
        legal = game.legal_actions()
        a = agents[p % len(agents)].choose(game)
        assert a in legal, f"{a} is not legal: {legal}"
        choices.append(str(a))
        game.apply(a)
    return game, choices


@pytest.mark.parametrize("name", list(GAMES))
def test_random_and_greedy_agents_choose_legal_actions_for_whole_games(name: str) -> None:
    decisions = 0
    for seed, agents in ((1, [RandomAgent(1), GreedyAgent(11)]), (2, [GreedyAgent(2)]),
                         (3, [RandomAgent(3)])):
        g, choices = play(GAMES[name](seed), agents)
        assert g.is_over
        decisions += len(choices)
    assert decisions >= 10


@pytest.mark.parametrize("name", ["spacehole", "blast", "spacebase-2", "intergalactic-3"])
def test_mcts_chooses_legal_actions(name: str) -> None:
    made = 0
    for seed in range(3, 20):  # a Spacehole game may be lost before any decision
        agents = [MCTSAgent("easy", iterations=8, seed=1), RandomAgent(2), RandomAgent(3)]
        made += len(play(GAMES[name](seed), agents, limit=60)[1])
        if made > 10:
            break
    assert made > 10


@pytest.mark.parametrize("kind", ["random", "greedy", "mcts"])
def test_same_seed_same_choices(kind: str) -> None:
    def run(seed: int) -> list[str]:
        agent = make_agent(kind, seed=seed) if kind != "mcts" else \
            MCTSAgent("easy", iterations=10, seed=seed)
        return play(bg.Blast(seed=5), [agent, RandomAgent(9)], limit=40)[1]

    assert run(7) == run(7)
    if kind != "greedy":  # the greedy player breaks only exact ties with its seed
        assert run(7) != run(8) or run(7) != run(11)


def test_mcts_with_one_legal_action_answers_at_once() -> None:
    g = bg.Spacehole.scenario(phase="build", hand=[], seed=1)
    assert len(g.legal_actions()) == 1
    agent = MCTSAgent("hard", seed=0)
    assert agent.choose(g) == g.legal_actions()[0]
    assert agent.last_search["iterations"] == 0


def test_mcts_search_statistics_and_budget() -> None:
    g = bg.Spacehole.scenario(phase="build", hand=["Space Navy", "Colony"],
                              structures=["Solar Array", "Agrodome"], seed=1)
    agent = MCTSAgent("easy", iterations=40, stop_early=False, seed=3)
    a = agent.choose(g)
    s = agent.last_search
    assert s["iterations"] == 40
    assert sum(s["visits"].values()) == 40
    assert max(s["visits"], key=s["visits"].get) == str(a)
    timed = MCTSAgent("easy", seconds=0.05, seed=3)
    timed.choose(g)
    assert timed.last_search["iterations"] >= 1


def test_mcts_stops_early_with_the_same_choice() -> None:
    """``stop_early`` ends the search once no action can catch up with the most visited
    one: the same choice as the full budget, in fewer iterations (none wasted)."""
    fewer = 0
    for seed in range(6):
        g = bg.load("spacebase", players=2, seed=seed)
        agent = RandomAgent(seed)
        while len(g.history) < 30 or len(g.legal_actions()) < 3:
            g.apply(agent.choose(g))
        full = MCTSAgent("easy", iterations=60, stop_early=False, seed=seed)
        early = MCTSAgent("easy", iterations=60, seed=seed)
        assert early.choose(g) == full.choose(g)
        done = early.last_search["iterations"]
        assert done <= 60
        visits = sorted(early.last_search["visits"].values(), reverse=True)
        if done < 60:  # the leader was out of reach of the runner-up
            assert visits[0] - visits[1] > 60 - done
            fewer += 1
    assert fewer, "no search stopped early"


def test_mcts_completes_a_move_before_valuing_it() -> None:
    """With ``complete``, ``build <card>`` (the cell is chosen next, by the same player)
    is valued at its best cell, not half-way through the move; without, as it stands."""
    from boardgames.agents import _ahead
    from boardgames.spacebase.agents import rollout_value

    g = bg.load("spacebase", players=2, seed=0)
    agent = RandomAgent(0)
    while len(g.history) < 27:
        g.apply(agent.choose(g))
    build = [a for a in g.legal_actions() if a.verb == "build"]
    assert build and g.current_player == 0
    for complete in (0, 1):
        mcts = MCTSAgent("easy", iterations=20, complete=complete, seed=1)
        mcts.choose(g)
        values = mcts._root.values
        for a in build:
            h = _ahead(g, a)
            assert h._to_move(h._s) == 0  # the cell is still to choose
            if complete:
                best = max(rollout_value(_ahead(h, b), 0) for b in h.legal_actions())
                assert values[a] == pytest.approx(best)
                assert best > rollout_value(h, 0)  # half a move is worth less
            else:
                assert values[a] == pytest.approx(rollout_value(h, 0))


def test_mcts_completes_space_base_builds_by_default() -> None:
    """``complete`` left at None is the game's: 1 in Space Base (``COMPLETE_BY_GAME``),
    0 elsewhere: the same search as the explicit setting, step for step."""
    from boardgames.agents import COMPLETE_BY_GAME

    assert COMPLETE_BY_GAME == {"spacebase": 1}
    for name, kw, want in (("spacebase", {"players": 2}, 1), ("blast", {}, 0)):
        g = bg.load(name, seed=0, **kw)
        agent = RandomAgent(0)
        while len(g.history) < 27 or len(g.legal_actions()) < 2:
            g.apply(agent.choose(g))
        if name == "spacebase":  # a card to buy, its cell chosen next
            assert any(a.verb == "build" for a in g.legal_actions())
        default = MCTSAgent("easy", iterations=30, seed=2)
        explicit = MCTSAgent("easy", iterations=30, complete=want, seed=2)
        other = MCTSAgent("easy", iterations=30, complete=1 - want, seed=2)
        choices = [m.choose(g.fork()) for m in (default, explicit, other)]
        assert choices[0] == choices[1]
        same = {k: v for k, v in default.last_search.items() if k != "seconds"}
        assert same == {k: v for k, v in explicit.last_search.items() if k != "seconds"}
        assert default._root.values == explicit._root.values
        if name == "spacebase":
            assert default._root.values != other._root.values
        assert default.settings() == {"difficulty": "easy", "iterations": 30}
        assert explicit.settings()["complete"] == want


def _blast_pair(marker: str, other: str) -> tuple[bg.Game, bg.Game]:
    """Two Blast positions the Terran player cannot tell apart: the Empire holds
    ``marker`` and the deck ``other``, or the other way round."""
    def make(opp: str, deck_extra: str) -> bg.Game:
        from boardgames.blast import data

        hand = ["Ambush", "Hold Position"]
        rest = [c for c in data.CARD_NAMES for _ in range(data.COPIES)]
        for c in (*hand, marker, other, "Espionage"):
            rest.remove(c)
        return bg.Blast.scenario(
            hands={"terran": hand, "empire": ["Espionage", opp]},
            deck=[*rest[:20], deck_extra], to_move="terran", phase="roll", seed=12)

    return make(marker, other), make(other, marker)


def test_mcts_cannot_see_the_opponents_hand_blast() -> None:
    a, b = _blast_pair("Surprise Attack", "Battle Computers")
    assert a.view(0) == b.view(0) and a.state.hands[1] != b.state.hands[1]
    for seed in (1, 2):
        ma, mb = MCTSAgent("easy", iterations=30, seed=seed), \
            MCTSAgent("easy", iterations=30, seed=seed)
        assert ma.choose(a) == mb.choose(b)
        assert ma.last_search == {**mb.last_search, "seconds": ma.last_search["seconds"]}


def test_mcts_cannot_see_the_other_hands_spacebase() -> None:
    def make(opp: str) -> bg.Game:
        return bg.SpaceBase.scenario(
            players=2, sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
            hands=[["Metal", "Factory"], [opp]], phase="build", seed=4)
    # the same unseen pool: the deck defaults to every card not placed, so the marker
    # not in the Empire's hand is in the deck
    a, b = make("Shield Generator"), make("Reactor Core")
    assert a.view(0) == b.view(0)
    ma, mb = MCTSAgent("easy", iterations=30, seed=1), MCTSAgent("easy", iterations=30, seed=1)
    assert ma.choose(a) == mb.choose(b)
    assert ma.last_search["visits"] == mb.last_search["visits"]


def _spacehole_decision(seed: int, turn: int = 6) -> bg.Game:
    """A Spacehole position with a choice to make, reached with the greedy player."""
    g = bg.Spacehole(seed=seed)
    greedy = GreedyAgent(seed=seed)
    while not g.is_over:
        if g.turn >= turn and len(g.legal_actions()) > 1:
            return g
        g.apply(greedy.choose(g))
    raise AssertionError(f"seed {seed}: the colony fell before turn {turn}")


def test_spacehole_mcts_cannot_read_the_deck_order() -> None:
    """MCTS plays on determinisations (draws sampled from the cards left), never on the
    real deck order: two games in the same position whose real futures differ (other
    seeds: other draws) get the very same search and choice, with the tree search and
    with the flat search (which plays every candidate to the end of the game)."""
    for seed in (2, 11):  # positions with three or four actions to choose from
        a = _spacehole_decision(seed)
        assert len(a.legal_actions()) >= 3
        b = a.fork()
        b.seed = a.seed ^ 0x5DEECE66D  # the real draws to come now differ
        ra, rb = a.fork(), b.fork()
        futures = []
        for g in (ra, rb):
            while not g.is_over and len(g.history) < len(a.history) + 60:
                g.apply(g.legal_actions()[0])
            futures.append([str(st.value) for st in g.history[len(a.history):]])
        assert futures[0] != futures[1]  # the planted difference is real
        assert a.view(0) == b.view(0)
        for search in ("tree", "flat"):
            ma = MCTSAgent("easy", iterations=24, search=search, seed=seed)
            mb = MCTSAgent("easy", iterations=24, search=search, seed=seed)
            assert ma.choose(a) == mb.choose(b)
            assert ma.last_search == {**mb.last_search, "seconds": ma.last_search["seconds"]}
            assert ma.last_search["iterations"] > 0


def test_flat_search_pairs_its_playouts_and_halves_the_field() -> None:
    """``search="flat"``: every action played out on the same determinisations (common
    random numbers), the worse half dropped after each share of the budget; the choice
    is the best mean among the last ones standing."""
    g = _spacehole_decision(2)
    legal = g.legal_actions()
    assert len(legal) == 4
    flat = MCTSAgent("easy", iterations=24, search="flat", seed=2)
    choice = flat.choose(g)
    assert choice in legal
    visits = flat.last_search["visits"]
    assert flat.last_search["iterations"] == sum(visits.values()) == 24
    # two phases of 12 playouts: 3 rounds of all four, then 3 more of the best two
    assert sorted(visits.values()) == [3, 3, 9, 9]
    assert visits[str(choice)] == 9
    values = flat.last_search["values"]
    finalists = [a for a, n in visits.items() if n == 9]
    assert values[str(choice)] == max(values[a] for a in finalists)
    again = MCTSAgent("easy", iterations=24, search="flat", seed=2)
    assert again.choose(g) == choice and again.last_search == {
        **flat.last_search, "seconds": again.last_search["seconds"]}
    timed = MCTSAgent("easy", seconds=0.05, search="flat", seed=2)
    assert timed.choose(g) in legal and timed.last_search["iterations"] >= 4


def test_agents_refuse_bad_settings() -> None:
    with pytest.raises(ValueError, match="difficulty"):
        MCTSAgent("impossible")
    with pytest.raises(ValueError, match="iterations"):
        MCTSAgent(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        MCTSAgent(seconds=-1)
    with pytest.raises(ValueError, match="complete"):
        MCTSAgent(complete=-1)
    with pytest.raises(ValueError, match="stop_early"):
        MCTSAgent(stop_early=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="search"):
        MCTSAgent(search="deep")
    with pytest.raises(TypeError, match="seed"):
        RandomAgent(seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("clever")
    with pytest.raises(ValueError, match="no legal action"):
        RandomAgent().choose(play(bg.Spacehole(seed=1), [RandomAgent(1)])[0])


def test_spawn_keeps_the_settings_with_a_new_seed() -> None:
    a = MCTSAgent("hard", iterations=77, rollout_depth=3, seed=1)
    b = a.spawn(5)
    assert (b.difficulty, b.iterations, b.rollout_depth, b.seed) == ("hard", 77, 3, 5)
    c = MCTSAgent("easy", search="flat", seed=1).spawn(2)
    assert (c.search, c.seed, c.iterations) == ("flat", 2, DIFFICULTIES["easy"]["iterations"])
    assert repr(RandomAgent(3).spawn(4)) == "RandomAgent(seed=4)"
    assert set(DIFFICULTIES) == {"easy", "medium", "hard"}
    assert make_agent("medium").difficulty == "medium"


def test_make_agent_hard_is_the_games_own_hard_preset() -> None:
    """"hard" is MCTS's preset except in a game of ``HARD_BY_GAME`` (by name or game),
    where it is the player named there with those settings (Spacehole: the rollout
    player; Intergalactic: its greedy player with other weights); "mcts" with difficulty
    "hard" is the same choice."""
    from boardgames.agents import HARD_BY_GAME
    from boardgames.core.registry import GAMES
    from boardgames.rollouts import RolloutAgent

    assert set(HARD_BY_GAME) <= set(GAMES)
    for name in GAMES:
        for agent in (make_agent("hard", seed=4, game=name),
                      make_agent("mcts", seed=4, difficulty="hard", game=bg.load(name))):
            settings = dict(HARD_BY_GAME.get(name, {}))
            kind = settings.pop("agent", None)
            if kind == "rollout":
                assert isinstance(agent, RolloutAgent) and agent.seed == 4
                assert {k: agent.settings()[k] for k in settings} == settings
            elif kind == "greedy":  # the game's greedy player with other weights
                module = importlib.import_module(f"boardgames.{name}.agents")
                assert type(agent) is module.GreedyAgent and agent.seed == 4
                assert agent.weights == module.Weights(**settings["weights"])
                assert agent.weights != module.Weights()
            else:
                assert isinstance(agent, MCTSAgent) and agent.difficulty == "hard"
    assert isinstance(make_agent("hard"), MCTSAgent)  # no game named: MCTS's preset
    assert isinstance(make_agent("medium", game="spacehole"), MCTSAgent)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("mcts", difficulty="impossible", game="spacehole")


def test_agent_from_spec_makes_each_kind_and_refuses_the_rest() -> None:
    """``agents.agent_from_spec``: the players of ``HARD_BY_GAME``-like specs, seeded;
    a spec it cannot make is a ValueError naming it."""
    from boardgames.agents import agent_from_spec
    from boardgames.blast.lookahead import LookaheadAgent
    from boardgames.intergalactic.agents import GreedyAgent as IGGreedy
    from boardgames.intergalactic.agents import Weights
    from boardgames.rollouts import RolloutAgent

    assert repr(agent_from_spec("blast", {"agent": "random"}, 3)) == "RandomAgent(seed=3)"
    assert repr(agent_from_spec("blast", {"agent": "greedy"}, 3)) == repr(GreedyAgent(3))
    m = agent_from_spec("spacebase", {"agent": "mcts", "difficulty": "easy",
                                      "iterations": 9}, 2)
    assert isinstance(m, MCTSAgent) and (m.difficulty, m.iterations, m.seed) == ("easy", 9, 2)
    r = agent_from_spec("spacehole", {"agent": "rollout", "playouts": 4, "first": 2}, 1)
    assert isinstance(r, RolloutAgent) and r.playouts == 4
    la = agent_from_spec("blast", {"agent": "lookahead", "samples": 5, "z": 1}, 7)
    assert isinstance(la, LookaheadAgent) and (la.samples, la.z, la.seed) == (5, 1.0, 7)
    ig = agent_from_spec("intergalactic", {"agent": "greedy", "weights": {"token": 0.3}}, 4)
    assert type(ig) is IGGreedy and ig.weights == Weights(token=0.3) and ig.seed == 4
    from boardgames.blast.learned import FEATURES, WEIGHTS, LearnedValue

    td = agent_from_spec("blast", {"agent": "greedy", "value": "learned"}, 2)
    assert isinstance(td.value, LearnedValue) and td.value.weights == list(WEIGHTS)
    mine = [0.5] * len(FEATURES)
    assert agent_from_spec("blast", {"agent": "greedy", "value": mine}).value.weights == mine
    for game, spec, why in [
        ("blast", {"agent": "grandmaster"}, "agent spec"),
        ("blast", ["greedy"], "agent spec"),
        ("spacebase", {"agent": "lookahead"}, "no look-ahead player"),
        ("blast", {"agent": "greedy", "weights": {"token": 1}}, "has no weights"),
        ("blast", {"agent": "greedy", "depth": 2}, "only 'weights' and 'value'"),
        ("spacebase", {"agent": "greedy", "value": "learned"}, "no learned value"),
        ("blast", {"agent": "greedy", "value": [1.0]}, "weights are 12"),
        ("blast", {"agent": "greedy", "value": "learned", "weights": {}}, "not both"),
    ]:
        with pytest.raises(ValueError, match=why):
            agent_from_spec(game, spec)


def test_the_boards_random_agent_is_the_project_agent() -> None:
    from boardgames.ui.agents import RandomAgent as BoardRandom

    assert BoardRandom is RandomAgent
