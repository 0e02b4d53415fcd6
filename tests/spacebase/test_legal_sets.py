"""The Space Base decisions computed as set operations on the board (``Board.around``,
``Board.empty_around``, ``Board.frontier``) give what the rule sentences say, cell by
cell, at every position of seeded random games."""

from __future__ import annotations

import random

import boardgames as bg
from boardgames.spacebase import legal, turn
from boardgames.spacebase.cells import CELLS, neighbours


def _plain_control_targets(s: bg.spacebase.SpaceBaseState) -> set[tuple[int, int]]:
    """"A Control card on an opponent's site already adjacent to one of yours"."""
    b, p = s.board, s.player
    return {c for c in CELLS if b.owner_of(c) not in (None, p)
            and any(b.owner_of(n) == p for n in neighbours(c))}


def _plain_build_cells(s: bg.spacebase.SpaceBaseState, card: str) -> set[tuple[int, int]]:
    """A Volcano on any empty space; any other site on an empty space orthogonally
    adjacent to a site the player controls."""
    b, p = s.board, s.player
    return {c for c in CELLS if c not in b
            and (card == "Volcano" or any(b.owner_of(n) == p for n in neighbours(c)))}


def test_control_targets_build_cells_and_around_match_the_rule_sentences() -> None:
    checked = 0
    for seed in range(6):
        g = bg.SpaceBase(seed=seed, players=2 + seed % 3)
        choice = random.Random(seed).choice
        while not g.is_over:
            s = g.state
            if s.phase != "setup":
                assert set(turn.control_targets(s)) == _plain_control_targets(s)
                for card in ("Volcano", "Metal"):
                    assert set(legal.build_cells(s, card)) == _plain_build_cells(s, card)
                mine = s.board.controlled_by(s.player)
                assert s.board.around(mine) == {n for c in mine for n in neighbours(c)}
                assert s.board.empty_around(mine) == {
                    n for c in mine for n in neighbours(c) if s.board.owner_of(n) is None
                    and n not in s.board}
                checked += 1
            g.apply(choice(g.legal_actions()))
    assert checked > 500
