"""``core.ordering``: the order of ``legal_actions()`` (by notation, each once), and choices
a game keeps already in that order."""

from __future__ import annotations

import pickle

from boardgames.core.ordering import (
    ActionsInOrder,
    in_notation_order,
    in_order_where,
    kept_in_order,
)
from boardgames.spacehole.actions import Move


def test_in_notation_order_sorts_by_notation_and_keeps_the_first_of_equals() -> None:
    b1, b2 = Move.of("build", "Mine"), Move.of("build", "Mine")
    a, c = Move.of("build", "Agrodome"), Move.of("pass")
    got = in_notation_order([c, b1, a, b2])
    assert [str(m) for m in got] == ["build Agrodome", "build Mine", "pass"]
    assert got[1] is b1  # the first of the equal actions is kept
    assert type(got) is tuple and got == (a, b1, c)  # the core's order: a plain tuple


def test_a_choice_kept_in_order_is_taken_as_it_is() -> None:
    ordered = kept_in_order([Move.of("pass"), Move.of("build", "Mine")])
    assert isinstance(ordered, ActionsInOrder) and [str(m) for m in ordered] == [
        "build Mine", "pass"]
    assert in_notation_order(ordered) is ordered
    plain = tuple(ordered)  # a plain tuple is sorted again, into a new tuple
    assert in_notation_order(plain) is not plain and in_notation_order(plain) == plain


def test_actions_in_order_compare_hash_and_pickle_as_the_plain_tuple() -> None:
    ordered = kept_in_order([Move.of("pass"), Move.of("build", "Mine")])
    plain = tuple(ordered)
    assert ordered == plain and hash(ordered) == hash(plain) and repr(ordered) == repr(plain)
    back = pickle.loads(pickle.dumps(ordered))
    assert back == plain and type(back) is tuple


def test_in_order_where_keeps_the_chosen_actions_in_order_without_sorting() -> None:
    ordered = kept_in_order([Move.of("pass"), Move.of("build", "Mine"),
                             Move.of("build", "Agrodome")])
    part = in_order_where(ordered, [True, False, True])
    assert [str(m) for m in part] == ["build Agrodome", "pass"]
    assert in_notation_order(part) is part  # still known to be in order
    try:
        in_order_where((Move.of("pass"),), [True])  # a plain tuple is not known in order
    except TypeError as e:
        assert "kept_in_order" in str(e)
    else:
        raise AssertionError("a plain tuple was taken as kept in order")
