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
