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
    assert b.glossary is GLOSSARY
    assert b.rules_url == f"{DOCS_URL}/blast.md#the-rule-text"


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_spacehole_every_card_of_the_variant_says_what_it_does(variant: str) -> None:
    g = bg.Spacehole(seed=4, variant=variant)
    b = g.widget()
    gl = b.glossary
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


@pytest.mark.parametrize("game", [lambda: bg.Spacehole.scenario(hand=["Mine"], phase="build",
                                                                 seed=3),
                                  lambda: bg.Blast(seed=2), lambda: bg.Intergalactic(seed=3)])
def test_the_glossary_is_sent_once_not_with_every_move(game: Any) -> None:
    g = game()
    b = g.widget(player=g.current_player if g.current_player not in (None, -1) else 0)
    assert b.glossary and b.rules_url
    for _ in range(3):
        while g.current_player == -1:
            g.roll()
        if g.current_player != b.player:
            break
        send(b, {"type": "intent", "action": b.legal[0], "version": b.version})
        assert b.error == ""
        assert "glossary" not in b.timings[-1]["keys"]
        assert "rules_url" not in b.timings[-1]["keys"]


def test_intergalactic_list_rows_show_the_totals_they_cover() -> None:
    """Issue 17: 'a roll of 11 lands on "10: Progress" with no range shown'."""
    from boardgames.intergalactic import lookup
    from boardgames.intergalactic.data import LISTS
    from boardgames.ui.intergalactic import entry_note, roll_ranges
    from boardgames.ui.intergalactic import glossary as ig_glossary

    assert roll_ranges("research")["Progress"] == "10\u201319"
    assert lookup("research", 11).name == "Progress"
    for list_name in LISTS:
        for name, text in roll_ranges(list_name).items():
            if list_name in ("race", "homeworld"):
                assert lookup(list_name, int(text)).name == name
                continue
            for part in text.split(", "):
                if part == "101+":
                    assert lookup(list_name, 101).name == name
                    continue
                lo, _, hi = part.partition("\u2013")
                hi = hi or lo
                assert lookup(list_name, int(lo)).name == name
                assert lookup(list_name, int(hi)).name == name
                below = lookup(list_name, int(lo) - 1) if int(lo) > 0 else None
                assert below is None or below.name != name
    gl = ig_glossary()
    for entries in LISTS.values():
        for e in entries:
            assert entry_note(e) in gl[e.name]
    b = bg.Intergalactic(players=2, seed=11).widget(player=0)
    rows = b.extra["list"]
    assert rows and all(r["range"] for r in rows)
    assert b.glossary is gl
    assert b.rules_url == f"{DOCS_URL}/intergalactic.md#the-rule-text"


def test_space_base_every_card_says_its_row_and_effect() -> None:
    from boardgames.spacebase.data import CARD_LIST
    from boardgames.ui.spacebase import EFFECTS, GLOSSARY

    assert set(EFFECTS) == {c.role for c in CARD_LIST}
    for c in CARD_LIST:
        text = GLOSSARY[c.name]
        assert f"{c.count} in the deck" in text and text.endswith(EFFECTS[c.role])
        if c.income:
            assert f"income {c.income} credit" in text
        if c.requirements != "None":
            assert c.requirements in text
    b = bg.SpaceBase(players=2, seed=1).widget(player=0)
    assert b.glossary is GLOSSARY and set(b.view["hand"]) <= set(GLOSSARY)
    assert b.rules_url.endswith("spacebase.md#the-rule-text-sentence-by-sentence-and-the-code")


def test_space_base_a_hand_card_shows_what_it_needs_to_work() -> None:
    """Issue 17: 'a hand card shows what it needs to work' -- every installation's needs,
    from the requirements column of the card list, sent once with the map's static part
    (extra_fixed), not with every move."""
    from boardgames.spacebase.data import CARD_LIST
    from boardgames.ui.spacebase import NEEDS

    installations = {c.name: c for c in CARD_LIST if c.kind == "installation"}
    assert set(NEEDS) == set(installations)
    assert NEEDS["Extractor"] == "needs: Power, Resource sites"
    assert NEEDS["Geothermal Plant"] == "needs: Volcano"
    assert NEEDS["Solar Panels Array"] == NEEDS["Outpost"] == "needs nothing"
    for name, text in NEEDS.items():
        if text != "needs nothing":
            for need in text.removeprefix("needs: ").split(", "):
                assert need in installations[name].requirements
    b = bg.SpaceBase(players=2, seed=1).widget(player=0)
    assert b.extra_fixed["needs"] is NEEDS
