"""bg.analysis (issue 18, first part): hint ranks every legal action by rollouts with
common random numbers and sequential halving; review marks each decision of a game."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ui.twoplayer import CoinNim, NimRules

import boardgames as bg
from boardgames.agents import GreedyAgent, RandomAgent
from boardgames.analysis import hint, review


def _nim(start: int, seed: int = 1) -> CoinNim:
    return CoinNim(seed=seed, rules=NimRules(start=start))


def test_hint_ranks_the_provably_best_action_first() -> None:
    # pile 2: "take 2" empties it and wins; "take 1" wins only if the coin takes the last
    g = _nim(2)
    h = hint(g, RandomAgent(seed=0), playouts=32, first=8)
    assert h.best == "take 2" and h.measure == "win probability"
    top, other = h.candidates
    assert top.value == 1.0 and top.playouts == 32 and top.low > 0.85
    assert 0.2 < other.value < 0.8 and other.high < top.value
    assert g.step_count == 0  # the game is not changed
    assert "take 2" in str(h) and "100.0%" in str(h)


def _spacehole_choice(k: int) -> bg.Spacehole:
    """The first Spacehole position with at least ``k`` legal actions, by the greedy
    player, on the first seed that reaches one."""
    for seed in range(1, 50):
        g = bg.Spacehole(seed=seed)
        greedy = GreedyAgent(seed=seed)
        while not g.is_over:
            if len(g.legal_actions()) >= k:
                return g
            g.apply(greedy.choose(g))
    raise AssertionError(f"no position with {k} actions")


def test_hint_values_agree_with_compare_on_the_same_seeds() -> None:
    g = _spacehole_choice(3)
    h = hint(g, RandomAgent(seed=2), playouts=12, first=12, seed=5)
    rows = bg.compare(g, [str(a) for a in g.legal_actions()], RandomAgent(seed=2),
                      games=12, seed=5).table()
    assert h.measure == "expected score"
    assert {c.action: (c.value, c.low, c.high) for c in h.candidates} == {
        r["action"]: (r["mean_score"], *r["score_ci"]) for r in rows}
    assert [c.value for c in h.candidates] == sorted((c.value for c in h.candidates),
                                                     reverse=True)


def test_sequential_halving_gives_the_leaders_more_playouts() -> None:
    g = _spacehole_choice(4)
    n = len(g.legal_actions())
    h = hint(g, RandomAgent(seed=2), playouts=16, first=4, seed=1)
    counts = [c.playouts for c in h.candidates]
    assert counts[0] == 16 and min(counts) == 4 and len(counts) == n
    assert counts == sorted(counts, reverse=True)


def _played_by_the_hint(start: int) -> CoinNim:
    g = _nim(start, seed=4)
    other = RandomAgent(seed=9)
    while not g.is_over:
        if g.current_player == 0 and len(g.legal_actions()) > 1:
            g.apply(hint(g, RandomAgent(seed=0), playouts=16, first=8).best)
        else:
            g.apply(other.choose(g) if g.current_player == 1 else g.legal_actions()[0])
    return g


def test_a_review_of_the_hints_own_choices_marks_nothing() -> None:
    g = _played_by_the_hint(9)
    r = review(g, 0, RandomAgent(seed=0), playouts=16, first=8)
    assert r.decisions and all(d.loss == 0 and d.label == "" for d in r.decisions)
    assert all(d.played == d.best for d in r.decisions)
    assert [s for s, _ in r.values()] == [d.step for d in r.decisions]


def test_a_review_marks_a_blunder() -> None:
    g = _nim(2)
    g.apply("take 1")  # "take 2" wins outright: a loss of about half a game
    r = review(g, 0, RandomAgent(seed=0), playouts=32, first=8)
    (d,) = r.decisions
    assert d.played == "take 1" and d.best == "take 2" and d.label == "blunder"
    assert d.loss >= 0.2 and r.marked() == [d] and "blunder" in str(r)
    assert g.step_count >= 1 and g.history[0].value.n == 1  # the game is not changed


def test_hint_cannot_see_the_opponents_hand() -> None:
    from agents.test_agents import _blast_pair

    a, b = _blast_pair("Surprise Attack", "Battle Computers")
    assert a.view(0) == b.view(0)
    ha = hint(a, RandomAgent(seed=1), playouts=4, first=4, seed=2)
    hb = hint(b, RandomAgent(seed=1), playouts=4, first=4, seed=2)
    assert ha.candidates == hb.candidates


def test_bad_arguments_are_refused_and_change_nothing() -> None:
    g = _nim(5, seed=2)
    g.auto_roll = False
    g.apply("take 1")  # now at the coin: a chance node
    before = g.to_json()
    with pytest.raises(ValueError, match="player is to move"):
        hint(g, RandomAgent(seed=0))
    g.apply("heads")
    with pytest.raises(ValueError, match="first <= playouts"):
        hint(g, RandomAgent(seed=0), playouts=4, first=8)
    with pytest.raises(ValueError, match="three increasing losses"):
        review(g, 0, RandomAgent(seed=0), thresholds=(0.3, 0.1, 0.2))
    assert g.to_json() != before and g.step_count == 2


def test_the_default_policy_is_the_games_greedy_player() -> None:
    # Spacehole: greedy rollouts of whole games cost a few ms each there (a Blast hint
    # with greedy rollouts took 50-130 s of this test under load)
    g = _spacehole_choice(3)
    default = hint(g, playouts=4, first=2, seed=1)
    assert default.candidates == hint(g, GreedyAgent(seed=1), playouts=4, first=2,
                                      seed=1).candidates
    assert {c.action for c in default.candidates} == {str(a) for a in g.legal_actions()}
    assert default.measure == "expected score"


def test_the_review_chart_draws_the_value_over_time() -> None:
    import matplotlib

    matplotlib.use("Agg")
    g = _nim(2)
    g.apply("take 1")
    ax = review(g, 0, RandomAgent(seed=0), playouts=16, first=8).plot()
    (line,) = ax.get_lines()
    assert list(line.get_xdata()) == [0] and ax.texts[0].get_text() == "blunder"


# ---------------------------------------------------------------- budget, progress, stop
# (the boards' Hint button: a time budget, a progress bar and a Stop button)
def test_hint_reports_progress_after_each_game_index() -> None:
    g = _spacehole_choice(3)
    n = len(g.legal_actions())
    calls: list[tuple[int, int]] = []
    h = hint(g, RandomAgent(seed=2), playouts=8, first=4, seed=5,
             progress=lambda done, total: calls.append((done, total)))
    plain = hint(g, RandomAgent(seed=2), playouts=8, first=4, seed=5)
    assert h.candidates == plain.candidates and not h.stopped
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and dones[0] == n  # one game index: every alternative
    total = calls[0][1]
    assert all(t == total for _, t in calls) and dones[-1] <= total
    # the two rounds of halving: the second plays only its new game indices 4..7
    assert total == 4 * n + (8 - 4) * max(2, -(-n // 2))


def test_a_stopped_hint_keeps_the_games_finished_on_common_seeds() -> None:
    g = _spacehole_choice(3)
    played: list[int] = []
    h = hint(g, RandomAgent(seed=2), playouts=16, first=8, seed=5,
             progress=lambda done, total: played.append(done), stop=lambda: len(played) >= 3)
    assert h.stopped and {c.playouts for c in h.candidates} == {3}
    rows = bg.compare(g, [str(a) for a in g.legal_actions()], RandomAgent(seed=2),
                      games=3, seed=5).table()
    assert {c.action: (c.value, c.low, c.high) for c in h.candidates} == {
        r["action"]: (r["mean_score"], *r["score_ci"]) for r in rows}
    assert "stopped early" in str(h)


def test_a_hint_stopped_before_any_game_has_no_candidate() -> None:
    g = _nim(5)
    h = hint(g, RandomAgent(seed=0), playouts=8, first=4, stop=lambda: True)
    assert h.stopped and h.candidates == [] and "stopped before" in str(h)
    with pytest.raises(ValueError, match="stopped before any playout"):
        _ = h.best
    assert g.step_count == 0


def test_the_time_budget_cuts_the_search_after_at_least_one_game() -> None:
    g = _spacehole_choice(3)
    h = hint(g, RandomAgent(seed=2), playouts=4096, first=64, seed=1, seconds=1e-9)
    assert h.stopped and {c.playouts for c in h.candidates} == {1}
    assert len(h.candidates) == len(g.legal_actions())


def test_budget_progress_and_stop_are_checked() -> None:
    g = _nim(5)
    before = g.to_json()
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        hint(g, RandomAgent(seed=0), seconds=0)
    with pytest.raises(TypeError, match="progress must be callable"):
        hint(g, RandomAgent(seed=0), progress=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="executor='serial'"):
        hint(g, RandomAgent(seed=0), seconds=1.0, executor=None)
    with pytest.raises(TypeError, match="stop must be callable"):
        review(g, 0, RandomAgent(seed=0), stop="yes")  # type: ignore[arg-type]
    assert g.to_json() == before


def test_a_stopped_review_keeps_the_decisions_reviewed() -> None:
    g = _played_by_the_hint(9)
    full = review(g, 0, RandomAgent(seed=0), playouts=8, first=8)
    walked: list[int] = []
    part = review(g, 0, RandomAgent(seed=0), playouts=8, first=8,
                  progress=lambda done, total: walked.append(done),
                  stop=lambda: bool(walked) and walked[-1] >= 3)
    assert part.stopped and not full.stopped and walked[:3] == [1, 2, 3]
    assert part.decisions == [d for d in full.decisions if d.step >= len(g.history) - 3]
    assert len(full.decisions) > len(part.decisions)


# ---------------------------------------------------------------- chance nodes split
# (issue 18: "exact values where an alternative reaches a chance node whose outcomes can
# be enumerated cheaply"; the rounds of sequential halving keep their games)
def _last_fight(max_turns: int) -> bg.Blast:
    """The Empire holds three planets and fights for Earth, force 3 against 5, holding
    Surprise Attack (+1D6): a 3 or more wins the fight and the game at once."""
    from boardgames.blast import Rules

    return bg.Blast.scenario(
        units={8: {"empire": [1]}, 15: {"empire": [1]}, 22: {"empire": [1]},
               1: {"empire": [3], "terran": [5]}},
        hands={"empire": ["Surprise Attack"]}, to_move="empire", phase="fight",
        rules=Rules(max_turns=max_turns), seed=3)


def test_an_action_whose_chance_outcomes_end_the_game_gets_its_exact_value() -> None:
    g = _last_fight(max_turns=1)  # the last turn: a fight lost is a draw
    attack = g.child("play Surprise Attack")
    exact = attack.expected(lambda x: x.is_over and x.winner == 1)  # over the 1D6
    assert exact == Fraction(2, 3)
    h = hint(g, RandomAgent(seed=0), playouts=8, first=8, seed=3)
    top = h.value_of("play Surprise Attack")
    assert h.best == top.action and top.outcomes == 6 and top.rollouts == 0
    assert top.value == top.low == top.high == float(exact)
    done = h.value_of("done")  # gives the fight up: a draw, the game over at once
    assert (done.value, done.low, done.high, done.rollouts) == (0.0, 0.0, 0.0, 0)
    assert h.rollouts == 0
    sampled = hint(g, RandomAgent(seed=0), playouts=8, first=8, seed=3, chance=0)
    was = sampled.value_of("play Surprise Attack")
    assert was.rollouts == 8 and was.high - was.low > 0.4  # 8 rolls sampled


def test_a_split_chance_node_narrows_the_interval_and_is_deterministic() -> None:
    g = _last_fight(max_turns=6)  # a 1 or a 2 loses the fight; the game goes on
    kw = {"playouts": 8, "first": 8, "seed": 3}
    split = hint(g, RandomAgent(seed=0), **kw).value_of("play Surprise Attack")
    assert split == hint(g, RandomAgent(seed=0), **kw).value_of("play Surprise Attack")
    before = hint(g, RandomAgent(seed=0), chance=0, **kw).value_of("play Surprise Attack")
    assert split.outcomes == 6 and split.rollouts == 2 * 8  # the 1 and the 2, each game
    assert split.low >= 2 / 3 and split.value <= 1  # 4 faces of 6 win for certain
    assert split.high - split.low <= before.high - before.low
    # more than ``stratify`` open outcomes: one of them, drawn, stands for both
    picked = hint(g, RandomAgent(seed=0), stratify=1, **kw).value_of("play Surprise Attack")
    assert picked.rollouts == 8 and picked.low >= 2 / 3
    assert picked.high - picked.low <= before.high - before.low


def _blast_move_pair() -> tuple[bg.Blast, bg.Blast]:
    """Two Blast positions the Terran player cannot tell apart (the Empire holds Surprise
    Attack and the deck Battle Computers, or the other way round); each move ends the
    turn at the Empire's draw, whose odds differ between the two real games."""
    from boardgames.blast import data

    def make(opp: str, deck_extra: str) -> bg.Blast:
        from boardgames.blast import Rules

        hand = ["Ambush", "Hold Position"]
        rest = [c for c in data.CARD_NAMES for _ in range(data.COPIES)]
        for c in (*hand, "Surprise Attack", "Battle Computers", "Espionage"):
            rest.remove(c)
        return bg.Blast.scenario(
            hands={"terran": hand, "empire": ["Espionage", opp]},
            deck=[*rest[:4], deck_extra], to_move="terran", phase="move", dice=[2],
            seed=12, rules=Rules(max_turns=3))  # short rollouts

    return make("Surprise Attack", "Battle Computers"), make("Battle Computers",
                                                               "Surprise Attack")


def test_a_split_draw_cannot_see_the_opponents_hand() -> None:
    a, b = _blast_move_pair()
    assert a.view(0) == b.view(0)
    move = a.legal_actions()[0]
    assert a.child(move).chance_outcomes() != b.child(move).chance_outcomes()
    ha = hint(a, RandomAgent(seed=1), playouts=2, first=2, seed=2, stratify=36)
    hb = hint(b, RandomAgent(seed=1), playouts=2, first=2, seed=2, stratify=36)
    assert all(c.outcomes > 1 and c.rollouts > 2 for c in ha.candidates)
    assert ha.candidates == hb.candidates


def test_the_rounds_of_halving_keep_their_games() -> None:
    g = _spacehole_choice(4)
    n = len(g.legal_actions())
    h = hint(g, RandomAgent(seed=2), playouts=16, first=4, seed=1, chance=0)
    half = max(2, -(-n // 2))
    # 4 games each, then 4 more for the better half, then 8 more for the best two
    assert h.rollouts == 4 * n + 4 * half + 8 * 2  # replayed: 4n + 8 half + 16 * 2
    leaders = [c.action for c in h.candidates[:2]]
    rows = bg.compare(g, leaders, RandomAgent(seed=2), games=16, seed=1).table()
    assert [(c.value, c.low, c.high) for c in h.candidates[:2]] == [
        (r["mean_score"], *r["score_ci"]) for r in rows]


def test_chance_and_stratify_are_checked() -> None:
    g = _nim(5)
    for bad in ({"chance": -1}, {"stratify": 1.5}, {"chance": True}):
        with pytest.raises(ValueError, match="must be an int >= 0"):
            hint(g, RandomAgent(seed=0), **bad)  # type: ignore[arg-type]
    assert g.step_count == 0


def test_a_split_hint_is_the_same_on_a_process_pool_and_a_watched_executor() -> None:
    from concurrent.futures import ThreadPoolExecutor

    g = _last_fight(max_turns=6)
    kw = {"playouts": 8, "first": 4, "seed": 3}
    here = hint(g, RandomAgent(seed=0), **kw)
    pool = hint(g, RandomAgent(seed=0), executor=None, workers=2, **kw)
    with ThreadPoolExecutor(2) as ex:  # one game index at a time, as a board runs it
        watched = hint(g, RandomAgent(seed=0), executor=ex, progress=lambda d, t: None, **kw)
    assert here.candidates == pool.candidates == watched.candidates
    assert here.rollouts == pool.rollouts == watched.rollouts > 0
