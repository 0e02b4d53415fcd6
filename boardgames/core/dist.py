"""Exact probability distributions with ``Fraction`` probabilities.

A :class:`Dist` is an immutable mapping ``outcome -> Fraction`` whose values sum to
exactly 1. It is what every chance node returns and what every odds function returns.

>>> d = Dist.die(6) + Dist.die(6)
>>> d[7]
Fraction(1, 6)
>>> d.at_least(10)
Fraction(1, 6)
"""

from __future__ import annotations

import html
import math
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .limits import quote

__all__ = ["Dist"]


def _sort_key(x: object) -> tuple[int, Any]:
    # Numbers first (in numeric order), then everything else by its text.
    if isinstance(x, (int, float, Fraction)) and not isinstance(x, bool):
        return (0, x)
    return (1, str(x))


class Dist(Mapping[Any, Fraction]):
    """An exact discrete distribution: outcome -> ``Fraction``, summing to exactly 1.

    Build one from probabilities (``Dist({"win": Fraction(1, 3), "loss": Fraction(2, 3)})``),
    from integer weights (``Dist.from_weights({...})``), or with the constructors
    :meth:`die`, :meth:`uniform`, :meth:`binomial`, :meth:`constant`. Outcomes with
    probability 0 are dropped. Outcomes are kept in sorted order when they can be compared.
    """

    __slots__ = ("_p",)

    def __init__(self, probs: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = ()) -> None:
        items = probs.items() if isinstance(probs, Mapping) else probs
        acc: dict[Any, Fraction] = {}
        for k, v in items:
            if not isinstance(k, Hashable):
                raise TypeError(f"outcome {quote(k)} is not hashable")
            f = v if isinstance(v, Fraction) else Fraction(v)
            if f < 0:
                raise ValueError(f"negative probability {f} for outcome {quote(k)}")
            acc[k] = acc.get(k, Fraction(0)) + f
        total = sum(acc.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not exactly 1")
        self._p = _ordered({k: v for k, v in acc.items() if v})

    # ------------------------------------------------------------------ constructors
    @classmethod
    def _trusted(cls, probs: dict[Any, Fraction]) -> Dist:
        d = cls.__new__(cls)  # without __init__'s checks: the weights are trusted
        d._p = _ordered({k: v for k, v in probs.items() if v})
        return d

    @classmethod
    def from_weights(cls, weights: Mapping[Any, int] | Iterable[tuple[Any, int]]) -> Dist:
        """From non-negative integer (or Fraction) weights, normalised exactly."""
        items = list(weights.items() if isinstance(weights, Mapping) else weights)
        acc: dict[Any, Fraction] = {}
        for k, w in items:
            if w < 0:
                raise ValueError(f"negative weight {w} for outcome {quote(k)}")
            acc[k] = acc.get(k, Fraction(0)) + Fraction(w)
        total = sum(acc.values(), Fraction(0))
        if total <= 0:
            raise ValueError("weights must have a positive total")
        return cls._trusted({k: v / total for k, v in acc.items()})

    @classmethod
    def constant(cls, value: Any) -> Dist:
        """The distribution that is ``value`` with certainty."""
        return cls._trusted({value: Fraction(1)})

    @classmethod
    def uniform(cls, outcomes: Iterable[Any]) -> Dist:
        """Each outcome equally likely (repeats count as extra weight)."""
        acc: dict[Any, int] = {}
        for o in outcomes:
            acc[o] = acc.get(o, 0) + 1
        return cls.from_weights(acc)

    @classmethod
    def die(cls, sides: int = 6) -> Dist:
        """A fair die with faces 1..sides."""
        if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
            raise ValueError(f"a die needs a positive number of sides, not {quote(sides)}")
        return cls._trusted({i: Fraction(1, sides) for i in range(1, sides + 1)})

    @classmethod
    def binomial(cls, n: int, p: Fraction | int = Fraction(1, 6)) -> Dist:
        """Number of successes among ``n`` independent trials of probability ``p``
        (by default: how many of ``n`` six-sided dice show a 1)."""
        return _binomial(n, Fraction(p))

    # ------------------------------------------------------------------ mapping
    def __getitem__(self, outcome: Any) -> Fraction:
        return self._p[outcome]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def prob(self, outcome: Any) -> Fraction:
        """Probability of ``outcome`` (0 when it cannot happen)."""
        return self._p.get(outcome, Fraction(0))

    @property
    def outcomes(self) -> tuple[Any, ...]:
        return tuple(self._p)

    # ------------------------------------------------------------------ summaries
    def mean(self) -> Fraction:
        """Expected value (outcomes must be numbers)."""
        return sum((Fraction(k) * v for k, v in self._p.items()), Fraction(0))

    def variance(self) -> Fraction:
        m = self.mean()
        return sum(((Fraction(k) - m) ** 2 * v for k, v in self._p.items()), Fraction(0))

    def stdev(self) -> float:
        return math.sqrt(self.variance())

    def std(self) -> float:
        """Standard deviation (the square root of :meth:`variance`, a float)."""
        return self.stdev()

    def at_least(self, x: Any) -> Fraction:
        """P(outcome >= x)."""
        return sum((v for k, v in self._p.items() if k >= x), Fraction(0))

    def at_most(self, x: Any) -> Fraction:
        """P(outcome <= x)."""
        return sum((v for k, v in self._p.items() if k <= x), Fraction(0))

    def probability(self, pred: Callable[[Any], bool]) -> Fraction:
        """P(pred(outcome))."""
        return sum((v for k, v in self._p.items() if pred(k)), Fraction(0))

    def cdf(self) -> dict[Any, Fraction]:
        """Outcome -> P(outcome <= it), in order."""
        out: dict[Any, Fraction] = {}
        acc = Fraction(0)
        for k, v in self._p.items():
            acc += v
            out[k] = acc
        return out

    # ------------------------------------------------------------------ algebra
    def map(self, fn: Callable[[Any], Any]) -> Dist:
        """The distribution of ``fn(outcome)``."""
        acc: dict[Any, Fraction] = {}
        for k, v in self._p.items():
            y = fn(k)
            acc[y] = acc.get(y, Fraction(0)) + v
        return Dist._trusted(acc)

    def combine(self, other: Dist, fn: Callable[[Any, Any], Any]) -> Dist:
        """The distribution of ``fn(a, b)`` for independent ``a ~ self``, ``b ~ other``."""
        acc: dict[Any, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                y = fn(a, b)
                acc[y] = acc.get(y, Fraction(0)) + pa * pb
        return Dist._trusted(acc)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, Dist):
            return self._convolve(other, operator.add)
        return self.map(lambda a: a + other)

    __radd__ = __add__

    def __sub__(self, other: Dist | int | Fraction) -> Dist:
        if isinstance(other, Dist):
            return self._convolve(other, operator.sub)
        return self.map(lambda a: a - other)

    def __rsub__(self, other: int | Fraction) -> Dist:
        return self.map(lambda a: other - a)

    def __neg__(self) -> Dist:
        return self.map(lambda a: -a)

    def __mul__(self, other: Dist | int | Fraction) -> Dist:
        """``X * Y``: the product of independent values; ``X * 2``: twice the value (not
        the sum of two rolls: that is ``2 @ X``)."""
        if isinstance(other, Dist):
            return self._convolve(other, operator.mul)
        return self.map(lambda a: a * other)

    __rmul__ = __mul__

    def __rmatmul__(self, k: int) -> Dist:
        """``k @ X``: the sum of ``k`` independent copies of ``X`` (``3 @ Dist.die(6)`` is
        3d6), as in dice notation and icepool."""
        return self.repeat_sum(k)

    def repeat_sum(self, k: int) -> Dist:
        """The sum of ``k`` independent copies of this distribution (``k >= 0``; the sum
        of none is 0), by repeated doubling."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise ValueError(f"the number of copies must be a non-negative int, not {quote(k)}")
        add = operator.add
        out = Dist.constant(0)
        power = self
        while k:
            if k & 1:
                out = out._convolve(power, add)
            k >>= 1
            if k:
                power = power._convolve(power, add)
        return out

    def _weights(self) -> tuple[int, dict[Any, int]]:
        """(D, {outcome: integer weight}): the probabilities over one common denominator."""
        den = math.lcm(*(p.denominator for p in self._p.values()))
        return den, {k: p.numerator * (den // p.denominator) for k, p in self._p.items()}

    def _convolve(self, other: Dist, fn: Callable[[Any, Any], Any]) -> Dist:
        """:meth:`combine` in integer weights (one ``Fraction`` per outcome at the end):
        the same exact result, many times faster for large supports."""
        da, wa = self._weights()
        db, wb = other._weights()
        acc: dict[Any, int] = {}
        get = acc.get
        for a, x in wa.items():
            for b, y in wb.items():
                key = fn(a, b)
                acc[key] = get(key, 0) + x * y
        den = da * db
        return Dist._trusted({key: Fraction(w, den) for key, w in acc.items()})

    def given(self, pred: Callable[[Any], bool] | Iterable[Any]) -> Dist:
        """Conditioned on ``pred(outcome)``, or on the outcome being one of a collection
        (``d.given({7, 11})``)."""
        if not callable(pred):
            if isinstance(pred, (str, bytes)) or not isinstance(pred, Iterable):
                raise ValueError(f"given() needs a predicate or a collection of outcomes, "
                                 f"not {quote(pred)}")
            allowed = frozenset(pred)
            kept = {k: v for k, v in self._p.items() if k in allowed}
        else:
            kept = {k: v for k, v in self._p.items() if pred(k)}
        total = sum(kept.values(), Fraction(0))
        if not total:
            raise ValueError("conditioning on an event of probability 0")
        return Dist._trusted({k: v / total for k, v in kept.items()})

    def sample(self, u: float) -> Any:
        """The outcome at quantile ``u`` in [0, 1) (inverse-CDF sampling)."""
        acc = 0.0
        last = None
        for k, v in self._p.items():
            acc += float(v)
            last = k
            if u < acc:
                return k
        return last

    # ------------------------------------------------------------------ display
    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """A bar chart of the distribution on matplotlib ``ax`` (imported only now); see
        :func:`boardgames.odds.plot_dist`. Returns the axes."""
        from ..odds.plots import plot_dist

        return plot_dist(self, ax=ax, **kwargs)

    def table(self) -> str:
        """A readable text table: outcome, exact probability, percentage. Fractions too
        long to read are shown by their digit counts (``repr`` keeps them whole)."""
        rows = [(str(k), _short(v), _pct(v)) for k, v in self._p.items()]
        w0 = max([len("outcome")] + [len(r[0]) for r in rows])
        w1 = max([len("probability")] + [len(r[1]) for r in rows])
        lines = [f"{'outcome':<{w0}}  {'probability':>{w1}}  {'%':>7}"]
        lines += [f"{a:<{w0}}  {b:>{w1}}  {c:>7}" for a, b, c in rows]
        return "\n".join(lines)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Dist({{{inner}}})"

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        rows = []
        for k, v in self._p.items():
            pct = float(v) * 100
            rows.append(
                "<tr>"
                f"<td style='text-align:left'>{html.escape(str(k))}</td>"
                f"<td style='text-align:right' title='{v}'>{html.escape(_short(v))}</td>"
                f"<td style='text-align:right'>{pct:.2f}%</td>"
                "<td style='min-width:8em'><div style='background:#0072b2;height:0.8em;"
                f"width:{pct:.1f}%'></div></td></tr>"
            )
        return (
            "<table class='bg-dist'><thead><tr><th>outcome</th><th>probability</th>"
            "<th>%</th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )


def _pct(f: Fraction) -> str:
    if 0 < f < Fraction(1, 20000):
        return "<0.01%"
    if Fraction(19999, 20000) < f < 1:
        return ">99.99%"
    return f"{float(f):.2%}"


def _short(f: Fraction, limit: int = 24) -> str:
    """``f`` as a fraction when short, else its value and the size of the exact fraction."""
    s = str(f)
    if len(s) <= limit:
        return s
    num, den = len(str(f.numerator)), len(str(f.denominator))
    return f"≈{float(f):.6g} ({num}/{den}-digit fraction)"


def _ordered(d: dict[Any, Fraction]) -> dict[Any, Fraction]:
    try:
        keys = sorted(d, key=_sort_key)
    except TypeError:
        return d
    return {k: d[k] for k in keys}


@lru_cache(maxsize=512)
def _binomial(n: int, p: Fraction) -> Dist:
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"number of trials must be a non-negative int, not {quote(n)}")
    if not 0 <= p <= 1:
        raise ValueError(f"probability must be in [0, 1], not {p}")
    q = 1 - p
    return Dist._trusted({k: math.comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)})
