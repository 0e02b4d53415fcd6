"""Absorbing Markov chains, solved exactly with ``Fraction``.

A chain is given by a start state and a ``transition(state)`` function returning the
distribution of the next state (a ``Dist`` or a mapping ``{next state: probability}``);
``None``, or the state itself with probability 1, marks an *absorbing* state (the end:
"win", "loss"). A repeated battle is such a chain: each round moves to a new state, and
the battle ends in an absorbing one.

>>> from fractions import Fraction
>>> # a duel: each round A hits with 1/2, else B hits with 1/3, else again
>>> step = lambda s: None if s != "duel" else {"A": Fraction(1, 2), "B": Fraction(1, 6),
...                                            "duel": Fraction(1, 3)}
>>> absorption(step, "duel")
Dist({'A': 3/4, 'B': 1/4})
>>> MarkovChain(step, "duel").expected_steps()
Fraction(3, 2)

How it is solved: the states reachable from the start are listed; the transient ones are
split into strongly connected components (Tarjan), solved successors first. A component
of one state with a self-loop (a battle round where nothing is hit) is one division,
``x = b / (1 - P(s, s))``; a larger one is a small exact linear system (Gaussian
elimination on Fractions). A chain that can stay forever among transient states, never
absorbed, is refused with a ``ValueError``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from ..core.dist import Dist
from ..core.limits import quote
from .sampling import Sample, Sampler, _check_n, _check_seed

__all__ = ["MarkovChain", "absorption", "absorption_time"]

Transition = Callable[[Any], "Dist | Mapping[Any, Any] | None"] | Mapping[Any, Any]

MAX_STATES = 500_000


class MarkovChain:
    """The states reachable from ``start`` under ``transition``, with exact answers:
    :meth:`absorption` (where it ends), :meth:`expected_steps` (how long it takes) and
    :meth:`simulate` (sampled paths, beside the exact answer)."""

    def __init__(self, transition: Transition, start: Hashable, *,
                 max_states: int = MAX_STATES) -> None:
        if isinstance(transition, Mapping):
            table = transition

            def transition(state: Any) -> Any:  # type: ignore[misc]
                return table.get(state)
        elif not callable(transition):
            raise ValueError(f"transition must be a function or a mapping, not {quote(transition)}")
        if not isinstance(start, Hashable):
            raise ValueError(f"the start state {quote(start)} is not hashable")
        self.start = start
        self.next: dict[Any, Dist] = {}
        absorbing: list[Any] = []
        todo = [start]
        seen = {start}
        while todo:
            s = todo.pop()
            d = _next_dist(transition, s)
            if d is None:
                absorbing.append(s)
                continue
            self.next[s] = d
            for t in d:
                if t not in seen:
                    seen.add(t)
                    if len(seen) > max_states:
                        raise ValueError(f"the chain has more than {max_states} states "
                                         f"(raise max_states if that is expected)")
                    todo.append(t)
        if not absorbing:
            raise ValueError(f"no absorbing state is reachable from {quote(start)}: the chain "
                             "never ends")
        self.absorbing: tuple[Any, ...] = tuple(absorbing)
        self._absorption: dict[Any, dict[Any, Fraction]] | None = None
        self._steps: dict[Any, Fraction] | None = None
        self._samplers: dict[Any, Sampler] = {}

    @property
    def states(self) -> int:
        """How many states are reachable from the start (absorbing ones included)."""
        return len(self.next) + len(self.absorbing)

    @property
    def transient(self) -> tuple[Any, ...]:
        return tuple(self.next)

    # ------------------------------------------------------------------ exact answers
    def absorption(self, state: Any = None) -> Dist:
        """The distribution of the absorbing state the chain ends in, from ``state``
        (default: the start)."""
        s = self.start if state is None else state
        if s not in self.next:
            if s in self.absorbing:
                return Dist.constant(s)
            raise ValueError(f"{quote(s)} is not a state of this chain")
        if self._absorption is None:
            # Every transient state is absorbed for sure (_solve refuses a chain that can
            # stay for ever among transient states), so its probabilities sum to 1: the
            # last absorbing state's column is the complement, and is not solved for.
            last = self.absorbing[-1]
            sol = _solve(self.next, lambda s, d: {
                t: p for t, p in d.items() if t not in self.next and t != last})
            for vec in sol.values():
                rest = 1 - sum(vec.values(), Fraction(0))
                if rest:
                    vec[last] = rest
            self._absorption = sol
        return Dist._trusted(dict(self._absorption[s]))

    def expected_steps(self, state: Any = None) -> Fraction:
        """The expected number of transitions before absorption, from ``state`` (default:
        the start): for a battle, the expected number of rounds."""
        s = self.start if state is None else state
        if s not in self.next:
            if s in self.absorbing:
                return Fraction(0)
            raise ValueError(f"{quote(s)} is not a state of this chain")
        if self._steps is None:
            sol = _solve(self.next, lambda s, d: {"steps": Fraction(1)})
            self._steps = {k: v.get("steps", Fraction(0)) for k, v in sol.items()}
        return self._steps[s]

    # ------------------------------------------------------------------ sampling
    def path(self, rng: random.Random, max_steps: int = 1_000_000) -> list[Any]:
        """One random path from the start to an absorbing state, drawn with ``rng``."""
        s = self.start
        out = [s]
        while s in self.next:
            if len(out) > max_steps:
                raise ValueError(f"no absorption within {max_steps} steps")
            sampler = self._samplers.get(s)
            if sampler is None:
                sampler = self._samplers[s] = Sampler(self.next[s])
            s = sampler.draw(rng)
            out.append(s)
        return out

    def simulate(self, n: int, seed: int = 0) -> Sample:
        """``n`` random paths from ``random.Random(seed)``: where each ended, beside the
        exact :meth:`absorption` (Monte Carlo against the exact answer)."""
        n = _check_n(n)
        rng = random.Random(_check_seed(seed))
        return Sample(self.absorption(), [self.path(rng)[-1] for _ in range(n)], seed)


def absorption(transition: Transition, start: Hashable, *,
               max_states: int = MAX_STATES) -> Dist:
    """Where an absorbing Markov chain ends, exactly: a ``Dist`` over its absorbing states
    (see the module doc for ``transition``)."""
    return MarkovChain(transition, start, max_states=max_states).absorption()


def absorption_time(transition: Transition, start: Hashable, *,
                    max_states: int = MAX_STATES) -> Fraction:
    """The expected number of steps before an absorbing chain ends, exactly."""
    return MarkovChain(transition, start, max_states=max_states).expected_steps()


# ---------------------------------------------------------------------- internals
def _next_dist(transition: Callable[[Any], Any], s: Any) -> Dist | None:
    try:
        out = transition(s)
    except (KeyError, IndexError) as e:
        raise ValueError(f"transition({quote(s)}) failed: {quote(e)}") from None
    if out is None:
        return None
    if not isinstance(out, Dist):
        if not isinstance(out, (Mapping, Iterable)) or isinstance(out, (str, bytes)):
            raise ValueError(f"transition({quote(s)}) must return a Dist, a mapping or None, "
                             f"not {quote(out)}")
        try:
            out = Dist(out)
        except (TypeError, ValueError) as e:
            raise ValueError(f"transition({quote(s)}): {e}") from None
    if len(out) == 1 and s in out:
        return None  # stays where it is for ever: absorbing
    for t in out:
        if not isinstance(t, Hashable):
            raise ValueError(f"transition({quote(s)}) leads to an unhashable state {quote(t)}")
    return out


def _components(nxt: Mapping[Any, Dist]) -> list[list[Any]]:
    """Strongly connected components of the transient states, successors first
    (iterative Tarjan)."""
    index: dict[Any, int] = {}
    low: dict[Any, int] = {}
    on_stack: set[Any] = set()
    stack: list[Any] = []
    out: list[list[Any]] = []
    counter = 0
    for root in nxt:
        if root in index:
            continue
        work = [(root, iter(nxt[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in nxt:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(nxt[w])))
                    advanced = True
                    break
                if w in on_stack and index[w] < low[v]:
                    low[v] = index[w]
            if advanced:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


Vec = dict[Any, Fraction]


def _solve(nxt: Mapping[Any, Dist],
           const: Callable[[Any, Dist], Vec]) -> dict[Any, Vec]:
    """``x(s) = const(s) + sum over transient t of P(s, t) x(t)`` for every transient
    state, exactly, component by component (successors first)."""
    x: dict[Any, Vec] = {}
    for comp in _components(nxt):
        members = set(comp)
        rows: list[tuple[Any, Vec, Vec]] = []  # (state, coefficients inside, rhs)
        for s in comp:
            d = nxt[s]
            rhs: Vec = dict(const(s, d))
            inside: Vec = {}
            for t, p in d.items():
                if t in members:
                    inside[t] = inside.get(t, Fraction(0)) + p
                elif t in nxt:
                    for k, v in x[t].items():
                        rhs[k] = rhs.get(k, Fraction(0)) + p * v
            rows.append((s, inside, rhs))
        if len(comp) == 1:
            s, inside, rhs = rows[0]
            stay = inside.get(s, Fraction(0))
            if stay == 1:  # pragma: no cover - such a state is absorbing by definition
                raise ValueError(f"state {quote(s)} loops on itself for ever")
            x[s] = {k: v / (1 - stay) for k, v in rhs.items() if v}
        else:
            x.update(_gauss(comp, rows))
    return x


def _gauss(comp: list[Any], rows: list[tuple[Any, Vec, Vec]]) -> dict[Any, Vec]:
    """Solve ``(I - P_CC) X = B`` for one component, exactly."""
    pos = {s: i for i, s in enumerate(comp)}
    m = len(comp)
    cols = sorted({k for _, _, rhs in rows for k in rhs}, key=repr)
    a = [[Fraction(0)] * m for _ in range(m)]
    b = [[rhs.get(k, Fraction(0)) for k in cols] for _, _, rhs in rows]
    for i, (_s, inside, _) in enumerate(rows):
        a[i][i] += 1
        for t, p in inside.items():
            a[i][pos[t]] -= p
    for c in range(m):
        piv = next((r for r in range(c, m) if a[r][c]), None)
        if piv is None:
            names = ", ".join(repr(s) for s in comp[:6])
            raise ValueError(f"the chain can stay for ever among the states {names}"
                             f"{' ...' if m > 6 else ''}: no absorbing state is reached "
                             "from them")
        a[c], a[piv] = a[piv], a[c]
        b[c], b[piv] = b[piv], b[c]
        inv = 1 / a[c][c]
        a[c] = [v * inv for v in a[c]]
        b[c] = [v * inv for v in b[c]]
        for r in range(m):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c], strict=True)]
                b[r] = [v - f * w for v, w in zip(b[r], b[c], strict=True)]
    return {s: {k: v for k, v in zip(cols, b[i], strict=True) if v} for i, s in enumerate(comp)}
