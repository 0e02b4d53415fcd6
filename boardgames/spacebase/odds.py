"""The exact risk of a turn's meteor (Meteor Phase; RULINGS.md Space Base 7).

2D10 pick one of the 100 cells, each with probability 1/100. An installation there takes
1D10 damage (1..10, each 1/10) unless it is a functional Shield Generator or physically
next to one; any damage makes it defunct, and with it every site whose support it was.
So for each site:

* the probability of taking damage is 1/100 when it is exposed, else 0;
* the expected damage is 1/100 x 11/2 = 11/200 when it is exposed, else 0;
* the probability of turning defunct counts the cells whose hit would take it down
  (itself, or any site its functionality depends on);

and for each player the income lost (what the next Production phase would pay less) is
an exact ``Dist`` over the 100 cells. Each exposed cell's consequence is computed on a
scratch copy of the board with the engine's own incremental fixed point.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping  # (at run time: MeteorRisk's fields, compiled by mypyc)
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from ..core.dist import Dist
from .board import Board
from .cells import Cell, cell_text, parse_cell

__all__ = ["CELL_P", "DAMAGE", "MeteorRisk", "meteor_risk"]

CELL_P: Final = Fraction(1, 100)
"""The probability that the meteor hits a given cell (2D10 mapped to x, y)."""
DAMAGE: Final = Dist.die(10)
"""The damage an exposed installation takes: 1D10."""
_MEAN_DAMAGE: Final = Fraction(11, 2)


@dataclass(frozen=True)
class MeteorRisk:
    """The exact risk of one meteor on a board.

    ``p_damage[c]``, ``expected_damage[c]``, ``p_defunct[c]`` for every site ``c``;
    ``income_lost[p]``: a ``Dist`` of the income player ``p`` loses; ``loss_by_cell[c]``:
    each player's income lost when the meteor hits cell ``c`` (exposed cells only).
    """

    p_damage: Mapping[Cell, Fraction]
    expected_damage: Mapping[Cell, Fraction]
    p_defunct: Mapping[Cell, Fraction]
    income_lost: Mapping[int, Dist]
    loss_by_cell: Mapping[Cell, tuple[int, ...]] = field(repr=False)
    exposed: frozenset[Cell] = field(repr=False)

    def damage(self, cell: Any) -> Dist:
        """The distribution of the damage the site on ``cell`` takes this turn."""
        c = parse_cell(cell)
        p = self.p_damage.get(c, Fraction(0))
        if not p:
            return Dist.constant(0)
        return Dist({0: 1 - p, **{k: p * q for k, q in DAMAGE.items()}})

    def expected_income_lost(self, player: int) -> Fraction:
        return self.income_lost[player].mean()

    def table(self) -> str:
        """A text table of the exposed sites and each player's income at risk."""
        lines = ["cell    P(damage)  E[damage]  P(defunct)"]
        for c in sorted(self.p_defunct):
            lines.append(f"{cell_text(c):<7} {float(self.p_damage[c]):9.2%}  "
                         f"{float(self.expected_damage[c]):9.4f}  "
                         f"{float(self.p_defunct[c]):9.2%}")
        for p, d in sorted(self.income_lost.items()):
            lines.append(f"Player {p}: income lost {dict((k, str(v)) for k, v in d.items())},"
                         f" expected {float(d.mean()):.4f}")
        return "\n".join(lines)


def meteor_risk(board: Board, players: int | None = None) -> MeteorRisk:
    """The exact risk of this turn's meteor on ``board`` (see the module doc).
    ``players``: how many players' income to report (default: every owner on the map,
    0 up to the highest)."""
    n = players if players is not None else (max(board.owners().values(), default=-1) + 1)
    base = tuple(board.income(p) for p in range(n))
    before = board.functional()
    exposed = frozenset(c for c in board.names() if board.vulnerable(c))
    loss_by_cell: dict[Cell, tuple[int, ...]] = {}
    defunct_count: Counter = Counter()
    for c in sorted(exposed):
        scratch = board.copy(graphs=False)
        scratch.damage(c, 1)
        loss_by_cell[c] = tuple(base[p] - scratch.income(p) for p in range(n))
        defunct_count.update(before - scratch.functional())
    miss = board.size * board.size - len(exposed)
    income_lost = {}
    for p in range(n):
        w: Counter = Counter({0: miss})
        for losses in loss_by_cell.values():
            w[losses[p]] += 1
        income_lost[p] = Dist.from_weights(w)
    sites = sorted(board.names())
    return MeteorRisk(
        p_damage={c: CELL_P if c in exposed else Fraction(0) for c in sites},
        expected_damage={c: CELL_P * _MEAN_DAMAGE if c in exposed else Fraction(0)
                         for c in sites},
        p_defunct={c: CELL_P * defunct_count[c] for c in sites},
        income_lost=income_lost,
        loss_by_cell=loss_by_cell,
        exposed=exposed,
    )
