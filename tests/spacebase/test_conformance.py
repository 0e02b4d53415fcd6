"""Space Base conformance: at least 200 seeded random games for each of 2, 3 and 4
players, of two kinds, cycling through the options (``OPTIONS``: the defaults,
``action_cards="any"``, ``volcano_adjacency="physical"``, ``repair_sites="any"``,
``starting_hand=3``).

**Full games** (``test_random_playout``, ``FULL_AUTO`` auto-roll + ``FULL_MANUAL`` manual
games per player count): the shared suite (``tests/conformance/suite.py``,
``check_playout``) with every check at every position: ``current_player`` and
``is_over``; ``legal_actions()`` sorted, unique, hashable, each notation parsed back and
``is_legal``; at chance nodes (manual games) the exact ``chance_outcomes()`` (Fractions
summing to 1, JSON-safe), outcomes forced through ``apply`` or drawn with ``roll()``;
every player's and the spectator's ``view`` strict JSON, without the seed, and the Space
Base secrets checker (hands, a look at a hand) finding no leak; ``invariants()``; ``fork()``
equal to the game and independent (a step on the fork leaves the original's deep
fingerprint unchanged, undo/redo on the fork); the JSON round trip
(``from_json(to_json()) == game``, same text and views) at every 40th position of every
7th game, every 1000th of the others, and at the end. At the end: no legal actions,
scores and winner, every ``apply`` refused without a change, ``undo()`` back to the start
position by position (each equal to the one recorded on the way), ``redo()`` to the end,
and a replay of the same seed and actions giving the same history, log and views.

**Soak games** (``test_soak``, ``SOAK`` games per player count, seeds from 10 000, every
4th with ``auto_roll=False`` and its chance nodes drawn with ``roll()``): the same kind of
random agent, with cheaper checks:

* at every position: a player to move has a non-empty tuple of legal actions, sorted by
  notation and unique; a chance node (manual games) has none; the action is applied as
  the object or (every 4th) as its notation; ``invariants()`` without the fixed
  point (cards conserved, credits >= 0, sites on the map and site cards, a control
  marker on every site and only there, damage only on installations, hands sorted and at
  most 8 after the Draw phase, the cached frontiers equal to frontiers made from scratch,
  a hand shown only during a Control look);
* the incremental fixed point against one computed from scratch at every 6th board
  change (each position's board is a new object when a step changes the map);
* every 50th position: ``fork() == game`` and a step applied to the fork leaves the
  game's state, history length and log unchanged;
* in every 4th game, a JSON round trip at a seeded position (``from_json(to_json()) ==
  game``);
* at the end: the deck is empty, no legal actions, one score per player, the winner the
  single best score (or None on a tie), the player steps of ``history`` are the actions
  chosen, with their notation as text; the JSON round trip; ``undo()`` back to the start
  (the position, save and log equal those of the new game), then the same player
  actions applied again, the game rolling its chance nodes again (same seed, same
  actions: the same game), give the same save, log and final position.

Cost (CPU, measured on the shared 2-core machine under a load average of 15-23, see
docs/rules/spacebase.md): a soak game 0.12 s (2 players) to 0.14 s (4 players); a full
game 1 to 2 s. ``--conformance-scale=X`` multiplies both counts.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap

import pytest
from conformance.suite import check_playout, check_position
from spacebase.support import spacebase_secrets

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.spacebase import Rules, SpaceBase
from boardgames.spacebase.checks import invariants

FULL_AUTO, FULL_MANUAL = 4, 1
SOAK = 195  # with the 5 full games: 200 per player count
SOAK_CHUNK = 16  # soak games per test item
OPTIONS = [Rules(), Rules(action_cards="any"), Rules(volcano_adjacency="physical"),
           Rules(repair_sites="any"), Rules(starting_hand=3)]


def _cases(players: int, scale: float) -> list:
    n_auto = max(1, round(FULL_AUTO * scale))
    n_manual = max(1, round(FULL_MANUAL * scale))
    return [(players, seed, True) for seed in range(n_auto)] + \
        [(players, 1000 + seed, False) for seed in range(n_manual)]


def _chunks(players: int, scale: float) -> list:
    n = max(1, round(SOAK * scale))
    return [(players, range(10_000 + a, 10_000 + min(a + SOAK_CHUNK, n)))
            for a in range(0, n, SOAK_CHUNK)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    scale = metafunc.config.getoption("--conformance-scale")
    if "case" in metafunc.fixturenames:
        cases = [c for p in (2, 3, 4) for c in _cases(p, scale)]
        metafunc.parametrize("case", cases, ids=[f"{p}p-{'auto' if a else 'manual'}-{s}"
                                                 for p, s, a in cases])
    if "chunk" in metafunc.fixturenames:
        chunks = [c for p in (2, 3, 4) for c in _chunks(p, scale)]
        metafunc.parametrize("chunk", chunks,
                             ids=[f"{p}p-{r.start}-{r.stop - 1}" for p, r in chunks])


def make(players: int):
    def factory(seed: int, auto_roll: bool) -> bg.Game:
        return SpaceBase(players=players, seed=seed, auto_roll=auto_roll,
                         rules=OPTIONS[seed % len(OPTIONS)])
    return factory


def test_random_playout(case: tuple[int, int, bool]) -> None:
    players, seed, auto = case
    g = check_playout(make(players), seed, auto_roll=auto, secrets=spacebase_secrets,
                      json_every=40 if seed % 7 == 0 else 1000)
    assert g.is_over and g.players == players and len(g.state.deck) == 0


FIXPOINT_EVERY = 6  # board changes
FORK_EVERY = 50  # positions


def soak(players: int, seed: int) -> SpaceBase:
    """One soak game (see the module docstring); returns it, over. An AssertionError
    names the seed, the step and what failed."""
    auto = seed % 4 != 3
    g = make(players)(seed, auto)
    rng = random.Random(seed)
    start_json, start_log, start_state = g.to_json(), g.log, g.state
    json_at = rng.randrange(40, 400)
    chosen: list = []
    board, changes, k = None, 0, 0
    while not g.is_over:
        where = f"seed {seed}, {players} players, position {k}"
        if g.current_player == CHANCE:
            assert not auto and g.legal_actions() == (), where
            g.roll()
        else:
            legal = g.legal_actions()
            texts = [str(a) for a in legal]
            assert isinstance(legal, tuple) and legal, where
            assert texts == sorted(set(texts)), f"{where}: legal actions {texts}"
            a = rng.choice(legal)
            chosen.append(a)
            assert g.apply(str(a) if k % 4 == 1 else a) is g
        if g.board is not board:
            board = g.board
            changes += 1
        bad = invariants(g, full_fixpoint=changes % FIXPOINT_EVERY == 0)
        assert not bad, f"{where}: {bad}"
        if k % FORK_EVERY == 0 and not g.is_over:
            f = g.fork()
            assert f == g, where
            n, log, state = len(g._hist), g.log, g.state
            if f.current_player == CHANCE:
                f.roll()
            else:
                f.apply(f.legal_actions()[0])
            assert (len(g._hist), g.log, g.state) == (n, log, state) and f != g, where
        if k == json_at and seed % 4 == 0:
            assert bg.from_json(g.to_json()) == g, f"{where}: JSON round trip"
        k += 1
    where = f"seed {seed}, {players} players, at the end"
    assert len(g.state.deck) == 0 and g.legal_actions() == (), where
    scores = g.scores
    assert len(scores) == players, where
    best = [p for p, c in enumerate(scores) if c == max(scores)]
    assert g.winner == (best[0] if len(best) == 1 else None), where
    steps = [st for st in g.history if st.player != CHANCE]
    assert [st.value for st in steps] == chosen, where
    assert all(st.text == str(st.value) for st in steps), where
    text = g.to_json()
    h = bg.from_json(text)
    assert h == g and h.to_json() == text, f"{where}: JSON round trip"
    end_log, end_state = g.log, g.state
    while g.can_undo:
        g.undo()
    assert (g.to_json(), g.log) == (start_json, start_log), f"{where}: undo to the start"
    assert g.state == start_state, f"{where}: undo to the start"
    moves = iter(chosen)  # the same actions again: the chance nodes are rolled again
    while not g.is_over:
        if g.current_player == CHANCE:
            g.roll()
        else:
            g.apply(next(moves))
    assert (g.to_json(), g.log) == (text, end_log) and g.state == end_state, \
        f"{where}: replay"
    return g


def test_soak(chunk: tuple[int, range]) -> None:
    players, seeds = chunk
    for seed in seeds:
        g = soak(players, seed)
        assert g.is_over and g.players == players


def test_the_soak_and_the_invariants_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: a corrupt hand breaks the cards-conserved invariant, a fixed
    point that forgot a site breaks the full check (only it), a wrong cached frontier the
    frontier check; and a soak game fails when playing a card no longer takes it out of
    the hand (cards not conserved) or when a game ignores its seed (the JSON round trip
    or the replay)."""
    g = SpaceBase(players=2, seed=1)
    rng = random.Random(1)
    while g.turn < 20:
        g.apply(rng.choice(g.legal_actions()))
    assert invariants(g) == []
    s = g.state.copy()
    s.hands = ((*s.hands[0], "Metal"), s.hands[1])
    g._s = s
    assert any("cards not conserved" in m for m in invariants(g))
    g2 = SpaceBase(players=2, seed=1)
    rng = random.Random(1)
    while g2.turn < 20:
        g2.apply(rng.choice(g2.legal_actions()))
    s = g2.state.copy()
    s.board = s.board.copy()
    s.board._func = set(s.board.functional())
    s.board._func.discard(next(iter(s.board._func)))
    g2._s = s
    assert any("fixed point" in m for m in invariants(g2))
    assert not any("fixed point" in m for m in invariants(g2, full_fixpoint=False))
    s.board._front = {0: frozenset()}
    assert any("frontier" in m for m in invariants(g2, full_fixpoint=False))

    import boardgames.spacebase.decisions as decisions

    with monkeypatch.context() as m:
        m.setattr(decisions, "without", lambda hand, card: hand)
        with pytest.raises(AssertionError, match="cards not conserved"):
            soak(2, 10_000)
    with monkeypatch.context() as m:
        seeds = iter(range(1, 10**6, 7))
        real = SpaceBase.__init__

        def unseeded(self, *, seed=None, **kw):  # type: ignore[no-untyped-def]
            real(self, seed=next(seeds), **kw)
        m.setattr(SpaceBase, "__init__", unseeded)
        with pytest.raises(AssertionError, match=r"JSON round trip|replay"):
            soak(2, 10_000)


@pytest.mark.parametrize("seed", [2**40 + 3, 2**64 - 1])
def test_playout_with_a_large_seed(seed: int) -> None:
    """Large seeds let the suite spot the seed's value in a view."""
    g = check_playout(make(3), seed, auto_roll=True, secrets=spacebase_secrets,
                      json_every=1000)
    assert g.seed == seed


def test_playout_from_a_late_scenario() -> None:
    sites = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1), (1, 0): ("Metal", 0),
             (0, 1): ("Refineries", 0), (0, 2): ("Factory", 0), (8, 9): ("Shield Generator", 1),
             (9, 8): ("Solar Panels Array", 1), (5, 5): ("Transport Hub", 1)}

    def factory(seed: int, auto: bool) -> bg.Game:
        return SpaceBase.scenario(sites=sites, damage={(0, 2): 4}, credits=[7, 3],
                                  hands=[["Control", "Transfer", "Colony"], ["Metal"] * 8],
                                  deck={"Colony": 3, "Control": 2, "Transfer": 2, "Volcano": 4},
                                  seed=seed, auto_roll=auto)

    for seed, auto in ((1, True), (2, False), (3, True)):
        g = check_playout(factory, seed, auto_roll=auto, secrets=spacebase_secrets,
                          json_every=1)
        assert g.is_over


def test_the_secrets_checker_catches_leaks() -> None:
    g = SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                           hands=[["Control", "Metal"], ["Colony", "Factory"]],
                           phase="control", auto_roll=False)
    g.apply("control look 1")
    for p in (None, 0, 1):
        assert spacebase_secrets(g, p, g.view(p)) == []
    check_position(g, spacebase_secrets, json_check=True)
    spectator, one, zero = g.view(None), g.view(1), g.view(0)
    for view, viewer, leak, words in (
        (spectator, None, {"hand": ["Control"]}, "spectator view has 'hand'"),
        (spectator, None, {"x": {"y": ["Colony", "Factory"]}}, "player 1's hand"),
        (one, 1, {"peek": zero["peek"]}, "peek"),
        (zero, 0, {"peek": {"player": 1, "hand": []}}, "another hand"),
        (one, 1, {"hand": ["Colony"]}, "is not"),
        (spectator, None, {"counts": 3}, "key 'counts'"),
    ):
        found = spacebase_secrets(g, viewer, {**view, **leak})
        assert any(words in f for f in found), (leak, found)


_TRANSCRIPT = textwrap.dedent(
    """
    import json, random
    import boardgames as bg
    out = []
    for players in (2, 3, 4):
        g = bg.SpaceBase(players=players, seed=players)
        r = random.Random(players)
        while not g.is_over:
            g.apply(r.choice(g.legal_actions()))
        out.append([g.to_json(), list(g.log), g.view(0), g.view(None)])
    s = bg.SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                              hands=[["Metal"], []], seed=5)
    out.append(s.to_json())
    print(json.dumps(out))
    """
)


def test_same_seed_and_actions_give_the_same_game_in_other_processes() -> None:
    """Hash randomisation (set and dict order) must not leak into the game: saves, logs
    and views are identical under three PYTHONHASHSEEDs; a scenario saves to the same
    text."""
    runs = set()
    for h in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": h}
        runs.add(subprocess.run([sys.executable, "-c", _TRANSCRIPT], capture_output=True,
                                text=True, env=env, check=True).stdout)
    assert len(runs) == 1
    assert len(json.loads(runs.pop())) == 4
