"""``Deck``: a multiset of unknown cards plus known cards on top, top first."""

from __future__ import annotations

import pytest

from boardgames.core.deck import Deck


def test_counts_drop_empty_entries_and_len_counts_every_card() -> None:
    d = Deck({"a": 2, "b": 0, "c": 1}, known=["b"])
    assert d.counts == {"a": 2, "c": 1}
    assert len(d) == 4 and d.unknown == 3
    assert d.all_cards() == {"a": 2, "c": 1, "b": 1}


def test_outcomes_are_sorted_names_with_integer_weights() -> None:
    d = Deck({"zeta": 1, "alpha": 3, "mid": 2})
    assert d.outcomes() == (("alpha", "mid", "zeta"), (3, 2, 1))
    assert Deck().outcomes() == ((), ())


def test_take_unknown_removes_one_copy_and_the_last_copy_removes_the_name() -> None:
    d = Deck({"a": 2, "b": 1})
    d.take_unknown("a")
    assert d.counts == {"a": 1, "b": 1}
    d.take_unknown("b")
    assert d.counts == {"a": 1} and "b" not in d.counts


@pytest.mark.parametrize("name", ["missing", "", "A"])
def test_take_unknown_of_a_card_not_left_is_refused_quoting_it(name: str) -> None:
    d = Deck({"a": 1})
    with pytest.raises(ValueError, match=repr(name)):
        d.take_unknown(name)
    assert d == Deck({"a": 1})


def test_reveal_fixes_cards_on_top_in_order_and_pop_known_draws_them() -> None:
    d = Deck({"a": 2, "b": 1})
    d.reveal("b")
    d.reveal("a")
    assert d.known == ["b", "a"] and d.counts == {"a": 1} and len(d) == 3
    assert d.next_is_known()
    assert d.pop_known() == "b" and d.pop_known() == "a"
    assert not d.next_is_known() and len(d) == 1


def test_reveal_of_a_card_not_left_is_refused() -> None:
    d = Deck({"a": 1})
    with pytest.raises(ValueError, match="'z'"):
        d.reveal("z")
    assert d.known == [] and d.counts == {"a": 1}


def test_add_shuffles_cards_into_the_unknown_part() -> None:
    d = Deck({"a": 1}, known=["k"])
    d.add(["a", "b", "b"])
    assert d.counts == {"a": 2, "b": 2} and d.known == ["k"]


def test_copy_is_independent() -> None:
    d = Deck({"a": 2}, known=["b"])
    c = d.copy()
    assert c == d and c is not d
    c.take_unknown("a")
    c.pop_known()
    assert d.counts == {"a": 2} and d.known == ["b"]
    assert c != d


def test_equality_looks_at_counts_and_known_order() -> None:
    assert Deck({"a": 1}, ["x", "y"]) == Deck({"a": 1}, ["x", "y"])
    assert Deck({"a": 1}, ["x", "y"]) != Deck({"a": 1}, ["y", "x"])
    assert Deck({"a": 1}) != {"a": 1}
    assert "3 cards" in repr(Deck({"a": 2}, ["x"])) and "['x']" in repr(Deck({"a": 2}, ["x"]))
