"""Every game's action type (a frozen dataclass whose ``__init__`` is written out, so that
it is compiled too): made again from its fields, as pickle and ``copy`` make it, it is
equal, hashes alike and has the same notation; its fields cannot be set."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import boardgames as bg


@pytest.mark.parametrize("game_class", [bg.Spacehole, bg.Blast, bg.Intergalactic,
                                        bg.SpaceBase])
def test_actions_are_frozen_and_made_again_from_their_fields(game_class: type) -> None:
    checked = 0
    for seed in range(20):
        g = game_class(seed=seed)
        choice = random.Random(seed).choice
        while not g.is_over and checked < 400:
            for a in g.legal_actions():
                fields = {f.name: getattr(a, f.name) for f in dataclasses.fields(a) if f.init}
                again = type(a)(**fields)
                assert again == a and hash(again) == hash(a) and str(again) == str(a)
                assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
                checked += 1
            g.apply(choice(g.legal_actions()))
    assert checked >= 100
    first = dataclasses.fields(a)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(a, first, getattr(a, first))
    assert again == a


@pytest.mark.parametrize(("make", "field"), [
    (lambda: bg.Spacehole.Action("build", 5), "argument"),
    (lambda: bg.Spacehole.Action(None), "verb"),
    (lambda: bg.Blast.Action("move", sector="5"), "sector"),
    (lambda: bg.Blast.Action("move", die=True), "die"),
    (lambda: bg.Intergalactic.Action("pick", 5), "argument"),
    (lambda: bg.Intergalactic.Action(["pick"]), "verb"),
    (lambda: bg.SpaceBase.Action("build", card=3), "card"),
    (lambda: bg.SpaceBase.Action("place", cell=(1, "a")), "cell coordinate"),
    (lambda: bg.SpaceBase.Action("place", cell=[1, 2]), "cell"),
    (lambda: bg.SpaceBase.Action("repair", cell=(1, 2), n=1.5), "number"),
])
def test_an_action_made_by_hand_with_a_field_of_the_wrong_type_is_invalid(
        make: object, field: str) -> None:
    """Refused as a malformed notation is (a ``ValueError`` naming the field), the same
    interpreted and compiled (not mypyc's own ``TypeError``)."""
    with pytest.raises(bg.InvalidActionError) as e:
        make()  # type: ignore[operator]
    assert isinstance(e.value, ValueError)
    assert field in str(e.value)
