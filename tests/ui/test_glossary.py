"""Everything explains itself (issue 17): each board publishes, once (``extra_fixed``),
a glossary of what every card and unit does, made from the game's own data, and the
address of the game's rules page; the browser puts the text on every card as its
tooltip and its aria-describedby."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames as bg
from boardgames.blast import data as blast_data
from boardgames.spacehole import data as spacehole_data
from boardgames.ui.blast import GLOSSARY
from boardgames.ui.board import Board
from boardgames.ui.explain import DOCS_URL
from boardgames.ui.spacehole import card_effect, glossary


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def test_blast_every_card_and_unit_says_what_it_does() -> None:
    for c in blast_data.CARDS:
        assert GLOSSARY[c.name].endswith(f": {c.note}")
    assert GLOSSARY["Nova Bomb"] == "Attack card, Fight Phase: Attacker +5 Force"
    for side, units in blast_data.ARMIES.items():
        for u in units:
            text = GLOSSARY[f"{side} unit {u.force}"]
            assert text.startswith(f"{u.name}, force {u.force} ({u.count} in the army)")
    b = bg.Blast(seed=3).widget(player=0)
    assert b.extra["glossary"] is GLOSSARY and b.extra_fixed["glossary"] is GLOSSARY
    assert b.extra["rules_url"] == f"{DOCS_URL}/blast.md#the-rule-text"


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_spacehole_every_card_of_the_variant_says_what_it_does(variant: str) -> None:
    g = bg.Spacehole(seed=4, variant=variant)
    b = g.widget()
    gl = b.extra["glossary"]
    assert set(gl) == set(g.cards)
    names = {c.role: c.name for c in g.cards.values()}
    for name, card in g.cards.items():
        assert gl[name] == card_effect(card, names, "Credits" if variant == "babylon5"
                                       else "Megacredits")
        if card.note:
            assert gl[name].endswith(card.note)
        if card.kind in ("defender", "invader"):
            assert f"Force {card.force}" in gl[name]
        if card.income:
            assert f"{card.income} " in gl[name] and "while powered" in gl[name]
    assert gl == glossary(g)


def test_spacehole_colony_reads_its_row_of_the_card_list() -> None:
    cards = dict(spacehole_data.by_name("classic"))
    gl = glossary(bg.Spacehole(seed=1))
    assert cards["Colony"].income == 3 and cards["Colony"].power == 1
    assert gl["Colony"] == ("Structure, 3 Megacredits a turn while powered, needs 1 power a "
                            "turn, works only with 1 \u00d7 Agrodome in play, room for 1 more "
                            "defender. Requires 1 Agrodome")
    assert gl["The Warstar"] == "Invader, Force 6, attacks the Base when drawn."


def test_the_glossary_is_sent_once_not_with_every_move() -> None:
    g = bg.Spacehole.scenario(structures=["Solar Array"], hand=["Mine"], phase="build",
                              seed=3)
    b = g.widget()
    send(b, {"type": "intent", "action": "build Mine", "version": b.version})
    assert b.error == "" and len(g.history) > 0
    assert "extra_fixed" not in b.timings[-1]["keys"]
    assert "Mine" in b.extra["glossary"]
