"""The order in which ``Game.legal_actions()`` lists actions: by notation, each once.

A game's ``_legal`` hook may return its actions in any order, with repeats; the core puts
them in notation order (:func:`in_notation_order`). A game that offers the same choice
again and again (Intergalactic's token spending: the landings of a roll total) may keep
the choice already in order (:func:`kept_in_order`, made once) and offer it whole or in
part (:func:`in_order_where`); the core then takes it as it is."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from typing import Any, TypeVar

from .action import Action
from .compiled import mypyc_attr

__all__ = ["ActionsInOrder", "in_notation_order", "in_order_where", "kept_in_order"]

A = TypeVar("A", bound=Action)


@mypyc_attr(native_class=False)  # (mypyc compiles no subclass of tuple as a native class)
class ActionsInOrder(tuple):
    """A tuple of actions already in notation order, each once (made only by
    :func:`kept_in_order` and :func:`in_order_where`): it compares, hashes and pickles
    as the plain tuple."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (tuple(self),)


def in_notation_order(actions: Iterable[A]) -> tuple[A, ...]:
    """``actions`` once each, sorted by notation (an action's notation names it: equal
    actions have the same one, and the first of them is kept). A choice a game kept in
    order is returned as it is."""
    if isinstance(actions, ActionsInOrder):
        return actions
    by_notation: dict[str, A] = {}
    for a in actions:
        by_notation.setdefault(str(a), a)
    return tuple(by_notation[text] for text in sorted(by_notation))


def kept_in_order(actions: Iterable[A]) -> tuple[A, ...]:
    """``in_notation_order(actions)``, marked as in order: a choice a game makes once and
    offers again and again (the core does not sort it again)."""
    return ActionsInOrder(in_notation_order(actions))


def in_order_where(ordered: tuple[A, ...], chosen: Iterable[bool]) -> tuple[A, ...]:
    """The actions of ``ordered`` (made by :func:`kept_in_order`) for which ``chosen``
    is true, in the same order (not sorted again): a choice a game keeps whole and offers
    in part (Intergalactic: the landings a purse can pay for)."""
    if not isinstance(ordered, ActionsInOrder):
        raise TypeError("in_order_where takes actions made by kept_in_order")
    return ActionsInOrder(compress(ordered, chosen))
