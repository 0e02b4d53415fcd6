"""The written-out and memoised paths of the engine against the general ones they replace.

``Blast.legal_actions`` builds the plain moves in notation order without sorting
(``_plain_moves``) and memoises the dice window's actions; ``_move`` memoises the dice left
and its log line. Random games over the options must find, at every decision, the same
actions as the general code (``_sort_unique`` of ``_legal_moves`` / ``_legal_dice``), and
the memoised tables must hold what the general code computes.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from boardgames.blast import Blast, Rules
from boardgames.blast import game as engine
from boardgames.blast.actions import Order, order
from boardgames.blast.board import remove_one


def _games() -> list[Blast]:
    return [Blast(seed=seed, rules=rules) for seed, rules in (
        (1, Rules()), (2, Rules(use_dice="each")), (3, Rules(windows="always", max_turns=60)),
        (4, Rules(use_dice="each", max_turns=60)), (5, Rules(max_turns=80)))]


def _movable_count(s: engine.BlastState) -> int:
    p = s.player
    return sum(len(st) for st, opp in zip(s.units[p], s.units[1 - p], strict=True)
               if not opp)


def _searched(g: Blast, s: engine.BlastState) -> tuple[Order, ...]:
    """The moves of ``use_dice="maximum"`` with every move weighed by the search
    (``_moves_maximum``, ``_defend_moves`` without the one-unit-per-die shortcut)."""
    p = s.player
    hand = s.hands[p]
    values = tuple(d[0] for d in s.dice)
    units = g._movable_units(s, p)
    if not units or not values:
        out = [order("done")]
    else:
        out = g._moves_maximum(units, values, hand, g._reach(s, values))
    if "Defend the Homeworld" in hand:
        out += g._defend_moves(s, units, values, g._reach(s, values))
    return engine._sort_unique(out)


@pytest.mark.parametrize("g", _games(), ids=lambda g: f"seed{g.seed}")
def test_legal_actions_equal_the_general_code(g: Blast) -> None:
    """Under ``use_dice="maximum"`` (the default) too: there ``_plain_moves`` serves when
    the mover has a movable unit per die, and then equals the general code's search."""
    rng = random.Random(g.seed)
    plain = dice = 0
    while not g.is_over:
        s = g.state
        legal = g.legal_actions()
        if s.pending == "move":
            assert legal == engine._sort_unique(g._legal_moves(s))
            if g.rules.use_dice == "maximum":
                assert legal == _searched(g, s)
            assert engine._movable_count(s, s.player) == len(g._movable_sectors(s, s.player))
            if (not s.pins and engine._MOVE_CARDS.isdisjoint(s.hands[s.player])
                    and (g.rules.use_dice == "each" or _movable_count(s) >= len(s.dice))):
                assert engine._unit_per_die(s) == (_movable_count(s) >= len(s.dice))
                assert g._plain_moves(s) == legal
                plain += 1
        elif s.pending == "dice":
            assert legal == engine._sort_unique(g._legal_dice(s))
            dice += 1
        else:
            assert legal == engine._sort_unique(g._legal(s))
        g.apply(rng.choice(legal))
    assert plain > 20 and dice > 5


def test_plain_moves_are_in_notation_order_with_two_digit_sectors_and_dice() -> None:
    """Sectors 1, 10..19 and dice 3 and 12 sort by their text: ``move 12:1 by 12`` comes
    before ``move 12:1 by 3``, and sector 10 before sector 1."""
    g = Blast.scenario(units={1: {"empire": [2, 1]}, 10: {"empire": [3]}, 12: {"empire": [1]},
                              20: {"terran": [5]}},
                       phase="move", dice=[3, 12], to_move="empire")
    legal = [str(a) for a in g.legal_actions()]
    assert legal == sorted(legal)
    assert legal[:2] == ["move 10:3 by 12", "move 10:3 by 3"]
    assert g._plain_moves(g.state) == g.legal_actions()
    assert [str(a) for a in g._plain_moves(g.state)] == sorted(
        str(a) for a in g._legal_moves(g.state))


def test_memoised_tables_hold_what_the_general_code_computes() -> None:
    g = _games()[0]
    rng = random.Random(0)
    while not g.is_over and g.turn < 40:
        g.apply(rng.choice(g.legal_actions()))
    assert engine._DICE_LEFT
    for (dice, die), left in list(engine._DICE_LEFT.items()):
        assert left == remove_one(dice, engine._pick_die(dice, die))
    for (dice, _cards), acts in list(engine._DICE_LEGAL.items()):
        assert acts[0] == order("done") or "done" in map(str, acts)
        assert all(a.verb in ("done", "play") for a in acts)
        assert all(a.die == 0 or a.die in {d[0] for d in dice} for a in acts)
    assert engine._MOVE_TEXT
    for (p, sec, f, die, direction, enemy), text in list(engine._MOVE_TEXT.items()):
        y = (sec - 1 + direction * die) % 28 + 1
        assert text.startswith(f"{('Terran', 'Empire')[p]} moves a unit of force {f} from "
                               f"sector {sec} to {y}")
        assert text.endswith(" (enemy units there)") == enemy


def test_a_subclass_that_changes_a_step_gets_the_general_path() -> None:
    """``apply``, ``_settle`` and ``legal_actions`` write the steps out only for a game
    that makes them as ``Blast`` does: a subclass overriding a hook gets the core's code,
    and (its hook doing the same) the same game."""
    calls = {"resolve": 0, "legal": 0}

    class Traced(Blast):
        def _resolve(self, s, outcome, log):  # type: ignore[no-untyped-def]
            calls["resolve"] += 1
            super()._resolve(s, outcome, log)

        def _legal(self, s):  # type: ignore[no-untyped-def]
            calls["legal"] += 1
            return super()._legal(s)

    plain, traced = Blast(seed=11, rules=Rules(max_turns=12)), Traced(seed=11,
                                                                       rules=Rules(max_turns=12))
    assert plain._plain_steps and not traced._plain_steps
    for g in (plain, traced):
        rng = random.Random(3)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
    assert calls["resolve"] > 10 and calls["legal"] > 10
    assert plain.log == traced.log
    assert [str(a) for a in plain.history] == [str(a) for a in traced.history]


class _General(Blast):
    """Blast through the core's general steps (every undo record a full one)."""

    def _act(self, s, o, log):  # type: ignore[no-untyped-def]
        super()._act(s, o, log)


def _same(g: Blast, h: Blast) -> bool:
    return (g.state == h.state and g.log == h.log
            and [st[:2] for st in g._hist] == [st[:2] for st in h._hist])


_FEW = dict(units={3: {"terran": [5, 1]}, 12: {"terran": [2]}, 20: {"empire": [4, 1]},
                   15: {"empire": [2]}, 9: {"empire": [3]}},
            hands={"terran": ["Space Combat Tactics", "Defend the Homeworld", "Hyper Jump"],
                   "empire": ["Strategic Move", "Defend the Homeworld", "Jam Transmission"]},
            to_move="empire", phase="draw")


@pytest.mark.parametrize("use_dice", ["maximum", "each"])
def test_few_units_the_written_out_and_general_paths_agree(use_dice: str) -> None:
    """With fewer movable units than dice, ``use_dice="maximum"`` searches the orders
    (``_moves_maximum``), and move cards, Hyper Jump, jammed and bound units come up: the
    written-out steps and lists (``Blast``) and the core's general ones (``_General``)
    play the same games, and every list of moves is the general code's."""
    rules = Rules(use_dice=use_dice, max_turns=40)
    searched = 0
    for seed in range(6):
        g = Blast.scenario(**_FEW, seed=seed, rules=rules)  # type: ignore[arg-type]
        ref = _General.scenario(**_FEW, seed=seed, rules=rules)  # type: ignore[arg-type]
        rng = random.Random(seed)
        while not g.is_over:
            s = g.state
            legal = g.legal_actions()
            if s.pending == "move":
                assert legal == engine._sort_unique(g._legal_moves(s))
                if use_dice == "maximum":
                    assert legal == _searched(g, s)
                assert engine._movable_count(s, s.player) == len(g._movable_sectors(s, s.player))
                searched += _movable_count(s) < len(s.dice)
            a = rng.choice(legal)
            g.apply(a)
            ref.apply(a)
            assert g.log == ref.log
        assert _same(g, ref)
    assert searched > 10


@pytest.mark.parametrize("rules", [Rules(max_turns=25), Rules(windows="always", max_turns=15)],
                         ids=["default", "windows"])
def test_lazy_undo_records_give_the_states_the_steps_replaced(rules: Rules) -> None:
    """Most steps keep a lazy undo record (the log's length only), an action a snapshot of
    the state's slots every ``_CHECKPOINT`` steps: ``_before`` makes the state again, equal
    to the one the general path keeps, and undo goes back through the same states and
    logs."""
    g, ref = Blast(seed=21, rules=rules), _General(seed=21, rules=rules)
    assert g._plain_steps and not ref._plain_steps
    rng = random.Random(5)
    while not g.is_over:
        a = rng.choice(g.legal_actions())
        g.apply(a)
        ref.apply(a)
    assert _same(g, ref) and len(g._undo) == len(ref._undo) == g.step_count
    lazy = [i for i, rec in enumerate(g._undo) if isinstance(rec, int)]
    snaps = [i for i, rec in enumerate(g._undo) if isinstance(rec, tuple) and len(rec) > 2]
    full = [i for i, rec in enumerate(g._undo) if not isinstance(rec, int)]
    assert len(lazy) > g.step_count * 0.9 and len(snaps) >= g.step_count // 40
    # a full record at least every _CHECKPOINT steps (and one before the first lazy one)
    assert full[0] == 0 and max(b - a for a, b in pairwise(full)) <= 40
    assert all(isinstance(rec, tuple) and len(rec) == 2 for rec in ref._undo)
    for i in (*lazy[::7], *snaps[::5]):  # each from the nearest record before it
        assert g._before(i) == ref._undo[i][0]
        assert isinstance(g._undo[i], tuple) and g._undo[i][1] == ref._undo[i][1]
    f = g.fork()
    seen = 0
    while f.can_undo and seen < 60:
        f.undo()
        ref.undo()
        seen += 1
        assert _same(f, ref)
    assert seen == 60 and g.is_over  # the fork's undo left the game as it was


def test_a_failing_chance_step_leaves_the_state_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A chance step resolved in place that fails half way (here the roll after a turn's
    two draws) puts back the state before it, made again from the undo stack."""
    g = Blast(seed=8)
    rng = random.Random(1)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    while True:  # to an action whose chance steps draw, then roll
        f = g.fork()
        f.auto_roll = False
        action = rng.choice(f.legal_actions())
        f.apply(action)
        while f.state.chance == ("draw",):
            f.roll()
        if f.state.chance == ("roll",) and f.history[-1].player == -1:
            break
        g.apply(action)
    n = g.step_count
    monkeypatch.setattr(engine, "_ROLL_DICE", {})  # the roll fails after changing ``faces``
    with pytest.raises(KeyError):
        g.apply(action)
    assert g.step_count == f.step_count > n + 1
    assert _same(g, f)
    monkeypatch.undo()
    g.auto_roll = True  # rolls on
    assert g.state.chance is None and g.state.dice


def test_an_action_changed_in_place_that_fails_leaves_the_state_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a lazy undo record and nothing else holding the state, ``apply`` changes the
    state in place; a step that fails half way (here a move's log line) puts back the
    state before it (replayed from the undo stack), and the game goes on as before."""
    g, ref = Blast(seed=12), Blast(seed=12)
    rng = random.Random(4)
    while True:
        legal = g.legal_actions()
        a = rng.choice(legal)
        n = len(g._undo)
        if a.verb == "move" and 0 < n - g._full < engine._CHECKPOINT and g.step_count > 100:
            break
        g.apply(a)
        ref.apply(a)
    before, log, steps = g.state.copy(), g.log, g.step_count

    class Broken(dict):  # type: ignore[type-arg]
        def get(self, key):  # type: ignore[no-untyped-def]
            raise RuntimeError("no text")

    monkeypatch.setattr(engine, "_MOVE_TEXT", Broken())
    with pytest.raises(RuntimeError, match="no text"):
        g.apply(a)  # units and dice were changed before the text was looked up
    assert g.state == before and g.log == log and g.step_count == steps
    monkeypatch.undo()
    for game in (g, ref):
        game.apply(a)
        rng2 = random.Random(9)
        while not game.is_over and game.turn < 40:
            game.apply(rng2.choice(game.legal_actions()))
    assert _same(g, ref)


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63 + 77, 2**64 - 1])
def test_the_windows_of_splitmix_outputs_give_the_cores_draws(seed: int) -> None:
    """``_mix64`` computes 64 steps' SplitMix64 outputs in one big int: each, scaled to a
    total weight, must give the core's ``draw_index`` for that step (over the step
    counters of a game and far beyond it)."""
    from boardgames.core.rng import draw_index

    weights = (3, 1, 2, 3, 3, 1, 2)  # total 15: the scaled draw uses every bit of x
    total = sum(weights)
    for k in (0, 1, 63, 64, 1000, 2**40 + 5):
        window = engine._mix64(seed, k)
        assert len(window) == engine._LANES
        for j in (0, 1, 31, engine._LANES - 1):
            x = window[j]
            assert 0 <= x < 2**64
            r = (x * total) >> 64
            i = 0
            while r >= weights[i]:
                r -= weights[i]
                i += 1
            assert i == draw_index(seed, k + j, weights)
            assert _roll_of(x) == engine._ROLL2[draw_index(seed, k + j, engine._ROLL2_W)]


def _roll_of(x: int) -> tuple[int, int]:
    return engine._ROLL_AT[(x * 36) >> 64]


def test_a_deck_of_sorted_cards_draws_what_the_cores_deck_draws() -> None:
    """A Blast deck (``_Cards``) draws ``cards[(x * n) >> 64]``: the card the core's draw
    places among the running sums of ``outcomes()``; the next deck has the counts of the
    core's ``take_unknown``; a core ``Deck`` (``redeal`` makes one) draws the same."""
    from boardgames.core.deck import Deck
    from boardgames.core.rng import draw_index

    g = Blast(seed=3)
    deck = g.state.deck
    assert isinstance(deck, engine._Cards)
    rng = random.Random(7)
    k = 0
    while deck.unknown:
        names, weights = deck.outcomes()
        core = Deck(deck.counts)
        assert engine._cards_of(core) == deck.cards == tuple(
            c for c, n in zip(names, weights, strict=True) for _ in range(n))
        k += rng.randrange(1, 50)
        x = engine._mix64(g.seed, k)[0]
        i = (x * len(deck.cards)) >> 64
        name = names[draw_index(g.seed, k, weights)]
        assert deck.cards[i] == name
        nxt = engine._without(deck, deck.cards, i)
        core.take_unknown(name)
        assert nxt == core and nxt.unknown == core.unknown and nxt.outcomes() == core.outcomes()
        assert engine._taken(deck, name) == nxt and deck.counts != nxt.counts  # deck kept
        deck = nxt
    with pytest.raises(ValueError, match="no unknown 'Ambush' left"):
        engine._taken(deck, "Ambush")


def test_a_window_of_splitmix_outputs_is_used_only_for_its_seed() -> None:
    """The auto-roll loop keeps the game's window of SplitMix64 outputs with the seed it
    was made for: a game holding another seed's window (a fork whose seed was set) draws
    with its own seed, as a fresh game does."""
    ref = Blast(seed=6)
    h = Blast(seed=6)
    assert h.step_count < engine._LANES
    h._mix = (5, 0, engine._mix64(5, 0))  # another seed's window, covering h's next steps
    rng = random.Random(9)
    while not ref.is_over and ref.step_count < 300:
        a = rng.choice(ref.legal_actions())
        ref.apply(a)
        h.apply(a)
        assert h.log == ref.log
    assert h._mix[0] == 6 and h == ref
