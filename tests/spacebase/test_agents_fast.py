"""The fast look-ahead of the Space Base agents gives the very values of the plain one.

``values_ahead`` (what ``MCTSAgent`` completes a build, a Transfer or a repair with)
values a position's actions without playing those whose change to the map is known, and
``_site_terms`` keeps its parts per board. Both are checked here against the plain
computation, written out below as it was before them (every action played on a copy,
the whole map summed up again): the same floats, bit for bit, on every decision of whole
games; and the MCTS player makes the same choices, with the same statistics, with and
without them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent, MCTSAgent
from boardgames.spacebase import agents as sa
from boardgames.spacebase.board import REQUIRES


# ---------------------------------------------------------------- the plain computation
def plain_site_terms(board: Any, focus: int, n: int, turns: float,
                     meteors: float) -> list[float]:
    name, owner, func = board.names(), board.owners(), board.functional()
    dmg, ores = board.damaged(), board.carried()
    income = [0] * n
    sites = [0] * n
    exposed = [0.0] * n
    carried: list[set[str]] = [set() for _ in range(n)]
    potential = 0.0
    cover: set = set()
    for c in func:
        if sa._ROLE[name[c]] == "shield":
            x, y = c
            cover.update({c, (x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)})
    for c, o in owner.items():
        sites[o] += 1
        nm = name[c]
        if nm not in sa._INSTALL:
            continue
        inc = sa._INCOME[nm]
        if c in func:
            income[o] += inc
            if sa._ROLE[nm] in sa._CARRIERS:
                carried[o] |= ores.get(c, frozenset())
            if c not in cover:
                exposed[o] += sa.REPAIR_MEAN + inc / n
        elif o == focus and inc and c not in dmg:
            reqs = REQUIRES[sa._ROLE[nm]]
            if reqs:
                met = board.requirements_met(c, nm)
                potential += sa.POTENTIAL * inc * met / len(reqs)
    out = [income[q] * turns + sa.ORE_BONUS * turns * len(carried[q])
           + sa.SITE_BONUS * sites[q] - meteors * exposed[q] / sa.METEOR_CELLS
           for q in range(n)]
    out[focus] += potential * turns + sa.FRONTIER_BONUS * min(
        len(board.frontier(focus)), sa.FRONTIER_CAP)
    return out


def plain_rollout_value(game: Any, player: int) -> float:
    s, n = game.state, game.players
    hand = game.hand(player)
    credits = s.credits
    if s.phase == "over":
        best = max((credits[q] for q in range(n) if q != player), default=0)
        lead = float(credits[player] - best)
    else:
        deck = len(s.deck)
        sizes = [len(h) for h in s.hands]
        drawn = 0
        if s.chance is not None and s.chance[0] == "draw":
            deck -= 1
            drawer = s.dealt % n if s.phase == "setup" else s.player
            if drawer == player:
                drawn += 1
            else:
                sizes[drawer] += 1
        terms = plain_site_terms(s.board, player, n, deck / n, float(deck))
        mine = (credits[player] + terms[player] + sum(sa.CARD_VALUE[c] for c in hand)
                + drawn * sa.UNKNOWN_CARD)
        lead = mine - max(credits[q] + terms[q] + sizes[q] * sa.UNKNOWN_CARD
                          for q in range(n) if q != player)
    x = lead / (7.0 * math.sqrt(len(s.deck) + 1))
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


# ---------------------------------------------------------------- positions
def decisions(players: int, seed: int, explore: float = 0.3):
    """Every decision of a whole game between greedy players that take a random action
    ``explore`` of the time (so that Transfers, repairs and odd builds come up)."""
    g = bg.SpaceBase(players=players, seed=seed)
    rng = random.Random(seed)
    agents = [GreedyAgent(seed=seed + p) for p in range(players)]
    while not g.is_over:
        yield g
        p = g.current_player
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))] if rng.random() < explore
                else agents[p].choose(g))


def _fast_kind(g: Any, player: int, a: Any) -> str | None:
    """Which fast case values ``a`` (None: played on a copy)."""
    s = g.state
    if s.chance is not None or s.player != player:
        return None
    ahead = sa._Ahead(s, g.players, player)
    pend = s.pending
    if pend is None:
        return "repair" if s.phase == "repair" and ahead.repair(a) is not None else None
    method = {"build": ahead.place, "transfer": ahead.transfer}.get(pend[0])
    return None if method is None or method(a) is None else f"{pend[0]}-{a.verb}"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3)])
def test_values_ahead_are_the_plain_values_bit_for_bit(players: int, seed: int) -> None:
    """On every decision of a whole game, for the player to move and for another one:
    ``values_ahead`` == the plain ``rollout_value`` of each action played on a copy
    (exactly: a choice between near-equal values must not change), and the fast cases
    were taken often (the comparison is not vacuous)."""
    fast: Counter = Counter()
    checked = 0
    for g in decisions(players, seed):
        legal = g.legal_actions()
        p = g.current_player
        for q in (p, (p + 1) % players):
            want = [plain_rollout_value(g.child(a), q) for a in legal]
            got = sa.values_ahead(g, q, legal)
            assert got == want, (g.turn, q, [(str(a), x, y) for a, x, y in
                                             zip(legal, got, want, strict=True) if x != y])
            checked += len(legal)
        for a in legal:
            kind = _fast_kind(g, p, a)
            if kind is not None:
                fast[kind] += 1
    assert checked > 1000
    for kind in ("build-place", "repair", "transfer-move"):
        assert fast[kind] >= 20, fast


def test_site_terms_kept_per_board_are_the_plain_sums() -> None:
    """``_site_terms`` (its parts kept per board) == the plain sums, for every player's
    focus, on every position of a game, asked twice (the second time from the store)."""
    for g in decisions(3, 5, explore=0.2):
        s = g.state
        for focus in range(3):
            want = plain_site_terms(s.board, focus, 3, 7.0, 21.0)
            assert sa._site_terms(s.board, focus, 3, 7.0, 21.0) == want
            assert sa._site_terms(s.board, focus, 3, 7.0, 21.0) == want


def test_a_wrong_fast_value_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above fails when the fast path is wrong: a potential term off by
    the smallest amount is seen."""
    real = sa._Ahead._term

    def off(self: Any, *args: Any) -> float | None:
        t = real(self, *args)
        return None if t is None else math.nextafter(t, math.inf)

    monkeypatch.setattr(sa._Ahead, "_term", off)
    with pytest.raises(AssertionError):
        test_values_ahead_are_the_plain_values_bit_for_bit(2, 1)


def test_mcts_makes_the_same_choices_with_and_without_the_fast_look_ahead(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The MCTS player with ``complete=1`` (Space Base's default) on mid-game positions:
    the same choice and the same visits and values of every root action whether the
    completions are valued by ``values_ahead`` or by playing every action on a copy."""
    positions = []
    for i, g in enumerate(decisions(2, 11, explore=0.2)):
        if g.turn >= 20 and len(g.legal_actions()) > 2 and i % 7 == 0:
            positions.append(g.fork())
        if len(positions) == 12:
            break
    assert len(positions) == 12
    kinds = Counter()
    for g in positions:
        runs = []
        for fast in (True, False):
            monkeypatch.setattr(MCTSAgent, "fast_ahead", fast)
            m = MCTSAgent("easy", seed=3)
            runs.append((str(m.choose(g)), m.last_search["visits"], m.last_search["values"]))
        assert runs[0] == runs[1]
        kinds[g.state.phase] += 1
    assert len(kinds) >= 2, kinds


def test_a_board_that_may_still_change_is_valued_afresh() -> None:
    """Only read-only boards (a game's) have their value parts kept: a writable copy
    changed after being valued is valued again as it is now."""
    g = next(x for i, x in enumerate(decisions(2, 4, explore=0.0)) if i == 60)
    b = g.state.board.copy()
    before = sa._site_terms(b, 0, 2, 10.0, 20.0)
    assert before == plain_site_terms(b, 0, 2, 10.0, 20.0)
    cell = sorted(b.frontier(0))[0]
    b.place("Research Station", cell, 0)
    after = sa._site_terms(b, 0, 2, 10.0, 20.0)
    assert after == plain_site_terms(b, 0, 2, 10.0, 20.0)
    assert after != before
