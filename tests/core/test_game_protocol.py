"""The Game protocol of ``core/game.py``, tested on a toy coin-and-die race
(``conformance/toy.py``: two players, secret bonus cards dealt at chance nodes, a die or a
coin each turn), so no real game's rules are involved."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction

import pytest
from conformance.toy import Race, RaceMove, RaceRules

import boardgames as bg
from boardgames.core import registry
from boardgames.core.game import CHANCE, Step


@pytest.fixture(autouse=True)
def race_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.GAMES, "race", ("conformance.toy", "Race"))
    yield


def dealt(seed: int = 1, **kw: object) -> Race:
    """A manual-mode race with both bonus cards dealt: ``+2`` to player 0, ``+1`` to 1."""
    g = Race(seed=seed, auto_roll=False, **kw)  # type: ignore[arg-type]
    g.apply("+2").apply("+1")
    return g


# ----------------------------------------------------------------------- set-up
def test_auto_roll_rolls_the_deal_before_the_first_decision() -> None:
    g = Race(seed=3)
    assert g.current_player == 0 and g.phase == "race"
    assert [st.player for st in g.history] == [CHANCE, CHANCE]
    assert sorted(g.state.bonus) in (["+1", "+1"], ["+1", "+2"])
    assert g.log == ("Player 0 is dealt a bonus card", "Player 1 is dealt a bonus card")


def test_manual_mode_stops_at_the_deal_with_exact_odds() -> None:
    g = Race(seed=3, auto_roll=False)
    assert g.current_player == CHANCE and g.history == () and g.legal_actions() == ()
    assert g.chance_outcomes() == {"+1": Fraction(2, 3), "+2": Fraction(1, 3)}
    g.apply("+2")
    assert g.chance_outcomes() == {"+1": Fraction(1)}
    assert g.history == (Step(CHANCE, "+2", "+2"),)


def test_construction_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="seed must be an int in \\[0, 2\\*\\*64\\), not -1"):
        Race(seed=-1)
    with pytest.raises(ValueError, match="not 18446744073709551616"):
        Race(seed=2**64)
    with pytest.raises(ValueError, match="not True"):
        Race(seed=True)
    with pytest.raises(ValueError, match="not '5'"):
        Race(seed="5")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="auto_roll must be a bool, not 1"):
        Race(auto_roll=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rules must be a .*RaceRules, not dict"):
        Race(rules={})
    with pytest.raises(TypeError, match=r"unexpected keyword\(s\) \['players'\]"):
        Race(players=3)


def test_seed_none_draws_a_fresh_seed() -> None:
    seeds = {Race().seed for _ in range(5)}
    assert len(seeds) > 1 and all(0 <= s < 2**64 for s in seeds)


def test_rules_are_used() -> None:
    g = dealt(rules=RaceRules(heads=5))
    g.apply("flip").apply("heads")
    assert g.state.pos == (5, 0)


# ----------------------------------------------------------------------- actions
def test_legal_actions_are_sorted_actions_and_apply_returns_the_game() -> None:
    g = dealt()
    assert g.legal_actions() == (RaceMove("flip"), RaceMove("roll"))
    assert g.apply("roll") is g
    assert g.current_player == CHANCE and g.legal_actions() == ()
    assert g.chance_outcomes() == bg.Dist.die(6)
    assert g.apply(4) is g
    assert g.state.pos == (4, 0) and g.current_player == 1
    assert g.history[-2:] == (Step(0, RaceMove("roll"), "roll"), Step(CHANCE, 4, "rolled 4"))


def test_a_chance_outcome_may_be_forced_by_its_text() -> None:
    g = dealt()
    g.apply("roll").apply("rolled 6")
    assert g.state.pos == (6, 0) and g.history[-1].value == 6


def test_is_legal_gives_the_reason() -> None:
    g = dealt()
    assert g.is_legal("roll") == (True, "")
    ok, why = g.is_legal("bonus")
    assert not ok and "illegal action 'bonus'" in why and "(rule: bonus)" in why
    ok, why = g.is_legal("jump")
    assert not ok and "invalid action 'jump'" in why
    ok, why = g.is_legal(3)  # type: ignore[arg-type]
    assert not ok and "invalid action 3" in why


@pytest.mark.parametrize(
    ("bad", "error", "quoted"),
    [
        ("bonus", bg.IllegalActionError, "'bonus'"),
        ("jump", bg.InvalidActionError, "'jump'"),
        (7, bg.InvalidActionError, "7"),
        (None, bg.InvalidActionError, "None"),
        (bg.spacehole.Move("pass"), bg.InvalidActionError, "Move(verb='pass'"),
    ],
)
def test_refused_actions_change_nothing(bad: object, error: type, quoted: str) -> None:
    g = dealt()
    before, copy = g.to_json(), g.fork()
    with pytest.raises(error) as e:
        g.apply(bad)
    assert quoted in str(e.value)
    assert g.to_json() == before and g == copy and g.log == copy.log


def test_a_chance_node_refuses_actions_and_non_outcomes() -> None:
    g = dealt().apply("roll")
    before = g.to_json()
    for bad in ("roll", 7, 0, "heads", None, [4], RaceMove("roll")):
        with pytest.raises(bg.IllegalActionError, match="not an outcome of this chance node"):
            g.apply(bad)
    assert g.to_json() == before
    ok, why = g.is_legal("roll")
    assert not ok and "'roll'" in why and "not an outcome of this chance node" in why


def test_chance_outcomes_and_roll_off_a_chance_node_are_refused() -> None:
    g = dealt()
    with pytest.raises(bg.GameError, match="not at a chance node"):
        g.chance_outcomes()
    with pytest.raises(bg.GameError, match="not at a chance node"):
        g.roll()


def test_roll_draws_from_the_games_own_seeded_rng() -> None:
    a, b = dealt(seed=11).apply("roll"), dealt(seed=11).apply("roll")
    assert a.roll() == b.roll()
    outcomes = {dealt(seed=s).apply("roll").roll() for s in range(100)}
    assert outcomes == {1, 2, 3, 4, 5, 6}


def test_the_game_over_refuses_everything() -> None:
    g = dealt()
    g.apply("roll").apply(6).apply("roll").apply(1).apply("roll").apply(5)
    assert g.state.pos == (11, 1) and g.is_over and g.current_player is None
    assert g.winner == 0 and g.scores == (11, 1) and g.legal_actions() == ()
    before = g.to_json()
    with pytest.raises(bg.IllegalActionError, match="the game is over"):
        g.apply("roll")
    with pytest.raises(bg.GameError):
        g.roll()
    assert g.to_json() == before and g.log[-1] == "Player 0 wins"


# ----------------------------------------------------------------------- undo / redo
def test_undo_in_manual_mode_takes_back_one_step() -> None:
    g = dealt()
    g.apply("roll").apply(3)
    assert g.can_undo and not g.can_redo
    g.undo()
    assert g.current_player == CHANCE and len(g.history) == 3 and g.can_redo
    g.undo()
    assert g.current_player == 0 and len(g.history) == 2
    g.undo().undo()
    assert g.history == () and not g.can_undo
    with pytest.raises(bg.GameError, match="nothing to undo"):
        g.undo()
    for _ in range(4):
        g.redo()
    assert g.state.pos == (3, 0) and not g.can_redo
    with pytest.raises(bg.GameError, match="nothing to redo"):
        g.redo()


def test_undo_in_auto_mode_takes_back_the_chance_steps_after_the_action() -> None:
    g = Race(seed=5)
    start = g.fork()
    assert not g.can_undo  # only the deal, rolled by the game
    g.apply("roll")
    assert len(g.history) == 4 and g.history[-1].player == CHANCE
    rolled = g.history[-1]
    g.apply("flip")
    assert len(g.history) == 6
    g.undo()
    assert len(g.history) == 4 and g.current_player == 1
    g.undo()
    assert g == start and not g.can_undo
    g.redo()
    assert len(g.history) == 4 and g.history[-1] == rolled and g.current_player == 1
    g.redo()
    assert len(g.history) == 6 and not g.can_redo


def test_redo_rerolls_nothing_and_apply_clears_redo() -> None:
    g = Race(seed=8)
    g.apply("roll")
    after = g.fork()
    g.undo()
    g.redo()
    assert g == after
    g.undo()
    g.apply("flip")
    assert not g.can_redo
    with pytest.raises(bg.GameError):
        g.redo()


def test_switching_auto_roll_on_at_a_chance_node_rolls_it() -> None:
    g = dealt().apply("roll")
    assert g.current_player == CHANCE
    g.auto_roll = True
    assert g.current_player == 1 and g.history[-1].player == CHANCE and g.auto_roll
    with pytest.raises(TypeError, match="auto_roll must be a bool, not 'yes'"):
        g.auto_roll = "yes"  # type: ignore[assignment]


def test_auto_and_manual_games_with_the_same_seed_roll_the_same() -> None:
    auto = Race(seed=21)
    manual = Race(seed=21, auto_roll=False)
    manual.roll()
    manual.roll()
    for a in ("roll", "flip", "roll", "roll", "flip", "roll") * 5:
        if auto.is_over:
            break
        auto.apply(a)
        manual.apply(a)
        manual.roll()
    assert len(auto.history) >= 6
    assert auto.history == manual.history and auto.log == manual.log


# ----------------------------------------------------------------------- fork
def test_fork_is_equal_and_independent() -> None:
    g = dealt()
    f = g.fork()
    assert f == g and f is not g and f.state is g.state
    f.apply("roll").apply(6)
    assert g.state.pos == (0, 0) and len(g.history) == 2 and f.state.pos == (6, 0)
    assert f != g
    f.undo().undo()
    assert f == g
    g.apply("flip")
    assert f.current_player == 0 and len(f.history) == 2
    assert g.__copy__() == g


def test_games_of_other_types_are_not_equal() -> None:
    assert Race(seed=1) != bg.Spacehole(seed=1)
    assert Race(seed=1) != "Race"
    assert Race(seed=1) != Race(seed=2) or Race(seed=1).history != Race(seed=2).history


# ----------------------------------------------------------------------- records
def test_history_is_a_tuple_of_steps_and_the_log_a_tuple_of_lines() -> None:
    g = dealt()
    g.apply("flip").apply("heads")
    assert isinstance(g.history, tuple) and all(isinstance(s, Step) for s in g.history)
    assert [s.text for s in g.history] == ["+2", "+1", "flip", "heads"]
    assert g.log[-2:] == ("Coin: heads", "Player 0 moves 3 to 3")
    assert isinstance(g.log, tuple)


def test_views_hide_the_other_players_bonus() -> None:
    g = dealt()
    assert g.view(0)["bonus"] == ["+2", None]
    assert g.view(1)["bonus"] == [None, "+1"]
    assert g.view(None)["bonus"] == [None, None]
    v = g.view()
    assert v["game"] == "race" and v["players"] == 2 and v["viewer"] is None
    assert v["step"] == 2 and v["current_player"] == 0 and v["winner"] is None
    json.dumps(v)
    for bad in (2, -1, True, "0", 0.0):
        with pytest.raises(ValueError, match=f"not {bad!r}"):
            g.view(bad)  # type: ignore[arg-type]


def test_repr_names_the_position() -> None:
    assert repr(dealt(seed=4)) == "<Race seed=4 turn=1 phase='race' step=2>"


# ----------------------------------------------------------------------- JSON
def test_json_round_trip_replays_the_steps() -> None:
    g = dealt()
    g.apply("roll").apply(2)
    text = g.to_json()
    doc = json.loads(text)
    assert doc == {
        "game": "race",
        "version": 1,
        "options": {},
        "rules": {"heads": 3},
        "seed": 1,
        "auto_roll": False,
        "steps": [[-1, "+2"], [-1, "+1"], [0, "roll"], [-1, 2]],
    }
    h = bg.from_json(text)
    assert h == g and h.to_json() == text and type(h) is Race
    assert bg.from_json(text.encode()) == g
    assert json.loads(g.to_json(indent=2)) == doc


def test_json_keeps_auto_roll_and_a_pending_chance_node() -> None:
    g = Race(seed=6)
    g.apply("roll")
    h = bg.from_json(g.to_json())
    assert h.auto_roll and h == g
    m = dealt().apply("flip")
    hm = bg.from_json(m.to_json())
    assert hm.current_player == CHANCE and hm == m


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(version=2), "version 2 is not 1"),
        (lambda d: d.pop("seed"), r"missing keys \['seed'\]"),
        (lambda d: d.update(extra=1), r"unexpected keys \['extra'\]"),
        (lambda d: d.update(rules={"heads": 3, "tails": 1}), r"unknown rules option"),
        (lambda d: d.update(options={"players": 3}), r"unexpected keyword"),
        (lambda d: d.update(steps=[[-1, "+3"]]), r"step 0: .*'\+3'"),
        (lambda d: d.update(steps=[[0, "roll"]]), r"step 0 is by player 0, but -1 is to move"),
        (lambda d: d.update(steps=[[-1, "+1"], [-1, "+1"], [0, "bonus"]]), r"step 2: .*bonus"),
        (lambda d: d.update(steps=[[-1, "+1"], [-1, "+1"], [0, 5]]), "must be its notation"),
        (lambda d: d.update(steps=[[-1]]), r"step 0 must be \[player, action\]"),
        (lambda d: d.update(auto_roll="no"), "'auto_roll' must be true or false"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    ],
)
def test_from_json_refuses_bad_documents(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(dealt().to_json())
    edit(doc)
    with pytest.raises(bg.InvalidSaveError, match=message):
        bg.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("[1, 2]", "expected a JSON object, not list"),
        (b"\xff\xfe", "not UTF-8"),
        (None, "expected JSON text, not NoneType"),
        ("{}", "unknown game None"),
    ],
)
def test_from_json_refuses_non_documents(text: object, message: str) -> None:
    with pytest.raises(bg.InvalidSaveError, match=message):
        bg.from_json(text)  # type: ignore[arg-type]


# ----------------------------------------------------------------------- invariants
def test_invariants_hook_reports_broken_positions() -> None:
    g = dealt()
    assert g.invariants() == []
    g.state.pos = (-1, 0)  # corrupt on purpose
    assert g.invariants() == ["negative position"]
    assert bg.Game.invariants(g) == []  # the base class default


def test_is_legal_at_a_chance_node_says_whether_the_value_is_an_outcome() -> None:
    import boardgames as bg

    g = bg.Spacehole.scenario(phase="event", event="The Warstar", auto_roll=False, seed=1)
    outcomes = g.chance_outcomes()
    before = g.to_json()
    assert g.is_legal(next(iter(outcomes))) == (True, "")
    ok, reason = g.is_legal(99)
    assert not ok and "99" in reason and "not an outcome" in reason
    assert g.to_json() == before


def test_a_die_needs_an_int_number_of_sides_not_a_bool() -> None:
    import pytest

    from boardgames import Dist

    with pytest.raises(ValueError, match="True"):
        Dist.die(True)


def test_a_forced_outcome_must_be_the_outcome_itself_not_an_equal_number() -> None:
    """3.0 == 3 and True == 1 in Python, but neither is a die face: forcing them is
    refused and changes nothing (they would be stored in the history and the state)."""
    g = bg.Spacehole.scenario(defenders=["Space Navy"], phase="event", event="The Warstar",
                              auto_roll=False, seed=1)
    outcomes = list(g.chance_outcomes())
    assert 1 in outcomes and all(type(o) is int for o in outcomes)
    before = g.to_json()
    for bad in (1.0, True, 3.0):
        with pytest.raises(bg.IllegalActionError, match="not an outcome"):
            g.apply(bad)
        assert g.to_json() == before
    g.apply(1)
    assert g.history[-1].value == 1 and type(g.history[-1].value) is int


def _spacehole_at_a_decision(auto_roll: bool = True) -> bg.Spacehole:
    seed = next(s for s in range(100) if not bg.Spacehole(seed=s).is_over)
    return bg.Spacehole(seed=seed, auto_roll=auto_roll)


def test_child_is_one_action_ahead_and_leaves_the_game_unchanged() -> None:
    g = _spacehole_at_a_decision()
    before = g.to_json()
    a = g.legal_actions()[0]
    c = g.child(a)
    assert g.to_json() == before
    assert c.history[: g.step_count] == g.history
    assert c.history[g.step_count].value == a
    assert not c.auto_roll  # stopped at the next chance node, nothing sampled
    assert c.step_count == g.step_count + 1
    rolled = g.child(a, roll=True)
    assert rolled.current_player != bg.CHANCE
    f = g.fork().apply(a)
    assert rolled.history == f.history and rolled.state == f.state


def test_child_refuses_an_illegal_action_and_changes_nothing() -> None:
    g = _spacehole_at_a_decision()
    before = g.to_json()
    with pytest.raises(bg.IllegalActionError):
        g.child("build Stargate")
    assert g.to_json() == before


def test_sample_chance_uses_the_given_generator_not_the_seed() -> None:
    import random

    g = bg.Spacehole(seed=3, auto_roll=False)
    assert g.current_player == bg.CHANCE and len(g.chance_outcomes()) > 1
    before = g.to_json()
    outcomes = [g.fork().sample_chance(random.Random(i)) for i in range(40)]
    assert len(set(map(str, outcomes))) > 1
    assert g.fork().sample_chance(random.Random(7)) == g.fork().sample_chance(random.Random(7))
    assert g.to_json() == before
    d = _spacehole_at_a_decision()
    with pytest.raises(bg.GameError, match="not at a chance node"):
        d.sample_chance(random.Random(1))
