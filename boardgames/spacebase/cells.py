"""The map's cells: "The map is a 10 x 10 grid." A cell is ``(x, y)`` with
0 <= x, y <= 9 (RULINGS.md Space Base 1), written ``(x,y)`` in the notation.

Orthogonal adjacency (the four neighbours of a cell) is the grid's own; the sites on it
add the logistic adjacency of Transport Hubs (``board.py``).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from ..core.errors import GameError

__all__ = ["CELLS", "GRID", "SIZE", "BoardError", "Cell", "cell_text", "cells", "grid", "manhattan",
           "neighbours", "parse_cell"]

Cell = tuple[int, ...]
"""A cell of the map: ``(x, y)``. Typed as a tuple of ints of any length, not
``tuple[int, int]``: compiled, mypyc keeps a fixed-length tuple unboxed in C and makes
a new Python tuple of it at every dict or set look-up (docs/speed.md); a cell is the
one Python tuple it is everywhere. ``parse_cell`` makes every cell that comes in."""
SIZE: Final = 10
"""The map is a 10 x 10 grid."""


class BoardError(GameError):
    """A board operation refused (off-map cell, occupied cell, unknown card ...): a
    ``ValueError`` quoting the input. The board is unchanged."""


@cache
def cells(size: int = SIZE) -> tuple[Cell, ...]:
    """Every cell of a ``size`` x ``size`` map, in cell order (x first, then y)."""
    return tuple((x, y) for x in range(size) for y in range(size))


CELLS: Final[tuple[Cell, ...]] = cells(SIZE)


@cache
def grid(size: int = SIZE) -> dict[Cell, tuple[Cell, ...]]:
    """Each cell of a ``size`` x ``size`` map with the cells orthogonally adjacent to it
    (the physical adjacency of the sites on them)."""
    out: dict[Cell, tuple[Cell, ...]] = {}
    for x, y in cells(size):
        around = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
        out[(x, y)] = tuple((a, b) for a, b in around if 0 <= a < size and 0 <= b < size)
    return out


GRID: Final[dict[Cell, tuple[Cell, ...]]] = grid(SIZE)
"""``grid()`` of the game's map."""


def neighbours(c: Cell, size: int = SIZE) -> tuple[Cell, ...]:
    """The cells orthogonally adjacent to ``c`` (2 to 4 of them)."""
    return (GRID if size == SIZE else grid(size))[c]


def manhattan(a: Cell, b: Cell) -> int:
    """How many spaces apart two cells are, counted along the grid."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def cell_text(c: Cell) -> str:
    """``(3,4)``: the notation of a cell."""
    return f"({c[0]},{c[1]})"


def _read(text: str) -> Any:
    """``"(x,y)"`` (spaces allowed) as a pair of ints, anything else unchanged."""
    t = "".join(text.split())
    if t.startswith("(") and t.endswith(")"):
        parts = t[1:-1].split(",")
        if len(parts) == 2 and all(p.isdigit() and len(p) <= 3 for p in parts):
            return (int(parts[0]), int(parts[1]))
    return text


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_cell(x: Any, size: int = SIZE) -> Cell:
    """A cell from ``(x, y)``, ``[x, y]`` or ``"(x,y)"``; ``BoardError`` quoting the input
    when it is not a cell of the ``size`` x ``size`` map."""
    if (type(x) is tuple and len(x) == 2 and type(x[0]) is int and type(x[1]) is int
            and 0 <= x[0] < size and 0 <= x[1] < size):
        return x  # already a cell (the common case)
    v = _read(x) if isinstance(x, str) else x
    if (isinstance(v, tuple | list) and len(v) == 2 and _is_int(v[0]) and _is_int(v[1])
            and 0 <= v[0] < size and 0 <= v[1] < size):
        return (v[0], v[1])
    shown = repr(x) if len(repr(x)) <= 60 else repr(x)[:57] + "..."
    raise BoardError(f"{shown} is not a cell of the {size} x {size} map "
                     f"(cells are (x, y) with 0 <= x, y <= {size - 1})")
