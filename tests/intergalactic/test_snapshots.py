"""The written-out steps keep snapshots (plain tuples) of the states they replace on the
undo stack, and the state keeps the list roll and the last landing as plain tuples: undo
must give back equal states, ``cur`` and ``last`` the dicts they stand for, and a
snapshot must be a tuple that the garbage collector can untrack (what it is for)."""

from __future__ import annotations

import gc
import random

import boardgames as bg
from boardgames.intergalactic import game as G


def _played(seed: int, steps: int) -> tuple[bg.Intergalactic, list[tuple[int, object]]]:
    """A seeded random 4-player game after ``steps`` actions, and (history length, state)
    before each action."""
    g = bg.Intergalactic(players=4, seed=seed)
    choice = random.Random(seed).choice
    seen = []
    for _ in range(steps):
        if g.is_over:
            break
        seen.append((len(g.history), g.state))
        g.apply(choice(g.legal_actions()))
    return g, seen


def test_undo_gives_back_the_states_the_steps_replaced() -> None:
    g, seen = _played(5, 300)
    assert len(seen) == 300  # (the game has 334 decisions)
    assert any(len(r) != 2 for r in g._undo)  # the written-out steps kept snapshots
    log = g.log
    for n, state in reversed(seen):
        g.undo()
        assert len(g.history) == n and g.state == state
        assert isinstance(g.state, G.IntergalacticState)
        assert g.log == log[:len(g.log)]
    while g.can_redo:
        g.redo()
    assert g.log == log


def test_a_fork_undoes_on_its_own() -> None:
    g, _ = _played(6, 300)
    f = g.fork()
    before = g.state
    f.undo()
    assert g.state is before and g == g.fork() and f != g


def test_cur_and_last_read_the_plain_tuples() -> None:
    g = bg.Intergalactic(players=3, seed=2)
    choice = random.Random(2).choice
    checked = shifted = 0
    while not g.is_over and checked < 50:
        s = g.state
        if s.roll is not None:  # the roll's tuple holds all but the shift (its own slot)
            assert s.cur == dict(zip(G._CUR_KEYS, (*s.roll[:5], s.shift, *s.roll[5:]),
                                     strict=True))
            assert s.cur["total"] == s.roll[G._C_TOTAL] and s.cur["shift"] == s.shift
            assert s.cur["depth"] == s.roll[G._C_DEPTH] and s.cur["temp"] is s.roll[-1]
            checked += 1
            shifted += s.shift != 0
        else:
            assert s.shift == 0
        if s.landed is not None:
            assert s.last == {"player": s.landed[0], "list": s.landed[1],
                              "entry": s.landed[2]}
        g.apply(choice(g.legal_actions()))
    assert checked == 50 and shifted > 0
    assert bg.Intergalactic(players=2, seed=1).state.last is None


def test_snapshots_are_untracked_by_the_garbage_collector() -> None:
    """A collection untracks a tuple whose items are untracked then, one level of nested
    tuples a pass: after a few, a snapshot without a battle (a dict) is untracked, where
    a state object (or a NamedTuple or dict in one) would stay tracked for good."""
    g, _ = _played(7, 300)
    snaps = [r for r in g._undo if len(r) != 2 and r[2] is None]  # no battle
    assert len(snaps) > 200 and all(type(r) is tuple for r in snaps)
    for _ in range(4):
        gc.collect()
    assert sum(not gc.is_tracked(r) for r in snaps) > 0.95 * len(snaps)


def test_chance_nodes_and_landings_are_shared() -> None:
    """Equal list-roll and income chance nodes and equal landings are one object (made
    once, so the states and snapshots hold old tuples, not new ones), with the values
    the plain tuples would have. Read from the undo stack's snapshots of a played game
    (its chance nodes are rolled at once)."""
    g, _ = _played(5, 1500)
    snaps = [r for r in g._undo if len(r) != 2]
    assert len(snaps) > 500  # the whole game: 780
    seen: dict[tuple, tuple] = {}
    repeats = 0
    for snap in snaps:
        chance, landed = snap[3], snap[5]
        for t in (chance, landed):
            if t is None or t[0] in ("battle", "end", "order", "race", "homeworld"):
                continue
            first = seen.setdefault(t, t)
            assert first is t, t  # equal: the same object
            repeats += first is t
        if chance is not None and chance[0] == "income":
            assert chance == ("income", "d6", chance[2], chance[3])
        if landed is not None:
            p, lst, name = landed
            again = [G.AGAIN[lst].name] if lst in G.AGAIN else []
            assert type(p) is int and name in {e.name for e in G.LISTS[lst]} | set(again)
    assert {t[0] for t in seen if type(t[0]) is str} == {"roll", "income"}
    assert any(type(t[0]) is int for t in seen) and repeats > len(seen)
