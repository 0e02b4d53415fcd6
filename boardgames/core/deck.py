"""A deck as a multiset: drawing is a chance node over the cards left, and cards that
have been seen (peeked at) stay fixed on top, in order. No shuffled list hides in it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from .limits import quote

__all__ = ["Deck", "redeal"]


class Deck:
    """Unknown cards as ``name -> count`` plus the known cards on top (top first)."""

    __slots__ = ("_outcomes", "counts", "known", "unknown")

    def __init__(self, counts: Mapping[str, int] | None = None, known: Iterable[str] = ()) -> None:
        self.counts: dict[str, int] = {}
        self.known: list[str] = list(known)
        self.unknown: int = 0
        """How many cards are not yet known."""
        self._outcomes: tuple[tuple[str, ...], tuple[int, ...]] | None = None
        if counts:
            for k, v in dict(counts).items():
                if not isinstance(v, int) or v < 0:
                    raise ValueError(
                        f"card count for {quote(k)} must be an int >= 0, not {quote(v)}")
                if v:
                    self.counts[k] = v
                    self.unknown += v

    @classmethod
    def _trusted(cls, counts: dict[str, int],
                 outcomes: tuple[tuple[str, ...], tuple[int, ...]] | None = None) -> Deck:
        """A deck of unknown cards ``counts`` (taken as is: positive ints) without the
        checks of ``Deck(counts)``; ``outcomes`` is ``outcomes()`` of those counts when the
        caller has it."""
        d = cls()
        d.counts = counts
        d.unknown = sum(counts.values())
        d._outcomes = outcomes
        return d

    def copy(self) -> Deck:
        d = Deck()
        d.counts = self.counts.copy()
        d.known = self.known.copy()
        d.unknown = self.unknown
        d._outcomes = self._outcomes
        return d

    def __len__(self) -> int:
        return self.unknown + len(self.known)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Deck) and self.counts == other.counts and self.known == other.known
        )

    def __repr__(self) -> str:
        return f"Deck({len(self)} cards, known on top: {self.known})"

    def all_cards(self) -> dict[str, int]:
        """Every card in the deck, known or not, as name -> count."""
        out = dict(self.counts)
        for c in self.known:
            out[c] = out.get(c, 0) + 1
        return out

    def next_is_known(self) -> bool:
        return bool(self.known)

    def outcomes(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The chance node of the next unknown card: names (sorted) and integer weights."""
        out = self._outcomes
        if out is None:
            items = sorted(self.counts.items())
            out = self._outcomes = (tuple(n for n, _ in items), tuple(c for _, c in items))
        return out

    def take_unknown(self, name: str) -> None:
        """Remove one unknown copy of ``name`` (the outcome of a draw or a reveal)."""
        n = self.counts.get(name, 0)
        if n <= 0:
            raise ValueError(f"no unknown {quote(name)} left in the deck")
        out = self._outcomes
        if n == 1:
            del self.counts[name]
            if out is not None:
                i = out[0].index(name)
                out = (out[0][:i] + out[0][i + 1:], out[1][:i] + out[1][i + 1:])
        else:
            self.counts[name] = n - 1
            if out is not None:
                i = out[0].index(name)
                out = (out[0], (*out[1][:i], n - 1, *out[1][i + 1:]))
        self._outcomes = out
        self.unknown -= 1

    def reveal(self, name: str) -> None:
        """The next unknown card turns out to be ``name``: it becomes known, under the
        cards already known."""
        self.take_unknown(name)
        self.known.append(name)

    def pop_known(self) -> str:
        """Draw the known top card."""
        return self.known.pop(0)

    def add(self, cards: Iterable[str]) -> None:
        """Shuffle cards into the unknown part (e.g. refilling from a discard pile)."""
        self._outcomes = None
        for c in cards:
            self.counts[c] = self.counts.get(c, 0) + 1
            self.unknown += 1


def redeal(
    deck: Deck, hands: Sequence[tuple[str, ...]], hidden: Iterable[int], rng: random.Random
) -> tuple[Deck, tuple[tuple[str, ...], ...]]:
    """Hidden hands drawn again from the same cards: the unknown part of ``deck`` and the
    hands of the ``hidden`` players go into one pool, each hidden hand is dealt again
    (the same size) from it at random with ``rng``, and the rest is the deck's unknown
    part (its known cards stay on top). Hands come back as sorted tuples. This is how a
    player who cannot see those hands may imagine them (a determinisation)."""
    hidden = sorted(set(hidden))
    pool = dict(deck.counts)
    for p in hidden:
        for c in hands[p]:
            pool[c] = pool.get(c, 0) + 1
    names = sorted(pool)
    cards = [n for n in names for _ in range(pool[n])]
    rng.shuffle(cards)
    out = list(hands)
    at = 0
    for p in hidden:
        k = len(hands[p])
        out[p] = tuple(sorted(cards[at:at + k]))
        at += k
    rest: dict[str, int] = {}
    for c in cards[at:]:
        rest[c] = rest.get(c, 0) + 1
    return Deck(rest, deck.known), tuple(out)
