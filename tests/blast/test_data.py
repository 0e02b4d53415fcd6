"""Blast data counted against the rule text: the track, both unit lists (counts, forces,
names, descriptions), the 25-card list (names, notes, what each note says it does), the
deck of 50, and the numbers of the prose (5 cards, hand size 6, draw 2)."""

from __future__ import annotations

import re

import pytest
from blast.blast_support import RULE_TEXT, card_rows, footnotes, norm, unit_notes, unit_tables

from boardgames.blast import data

TEXT = norm(RULE_TEXT)
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def test_the_track_has_the_sectors_and_planets_the_text_numbers() -> None:
    m = re.search(r"divided into (\d+) spaces", TEXT)
    assert m and int(m.group(1)) == data.SECTORS == 28
    found = {}
    for name in ("Earth", "Planet X"):
        m = re.search(rf"{name}[^#]*?\(Space #(\d+)\)", TEXT)
        assert m, name
        found[int(m.group(1))] = name
    for m in re.finditer(r"Space #(\d+) is the Planet ([\w-]+)", TEXT):
        found[int(m.group(1))] = m.group(2)
    assert found == data.PLANETS
    assert data.HOMEWORLDS == (data.EARTH, data.PLANET_X) == (1, 15)
    assert "Planet X, home of the Evil Empire" in TEXT


def test_both_unit_lists_match_the_text() -> None:
    tables = unit_tables()
    assert len(tables) == 2
    for side, rows in zip(data.SIDES, tables, strict=True):
        assert [(u.count, u.force, u.name) for u in data.ARMIES[side]] == rows
        assert sum(c for c, _, _ in rows) == 15
        assert sorted(f for c, f, _ in rows for _ in range(c)) == list(data.army_forces(side))
    m = re.search(r"Each side has (\d+) pieces", TEXT)
    assert m and int(m.group(1)) == 15
    forces = re.search(r"a number between (\d) and (\d)", TEXT)
    assert forces and {u.force for a in data.ARMIES.values() for u in a} == set(
        range(int(forces.group(1)), int(forces.group(2)) + 1))


def test_every_unit_description_matches_the_text() -> None:
    notes = unit_notes()
    assert len(notes) == 10
    for side in data.SIDES:
        for u in data.ARMIES[side]:
            assert notes[u.name] == u.note, u.name
            assert data.unit_name(side, u.force) == u.name


def test_the_card_list_has_25_cards_with_the_texts_notes() -> None:
    rows = card_rows()
    assert len(rows) == 25 == len(data.CARDS)
    assert [(c.name, c.note) for c in data.CARDS] == rows
    assert len(set(data.CARD_NAMES)) == 25


@pytest.mark.parametrize("name,note", card_rows())
def test_each_card_does_what_its_note_says(name: str, note: str) -> None:
    c = data.BY_NAME[name]
    if m := re.fullmatch(r"Add \+(\d) to one die roll", note):
        assert (c.kind, c.value) == ("dice", int(m.group(1)))
        assert data.DICE_BONUS[name] == int(m.group(1))
    elif m := re.match(r"(Attacker|Defender) \+(\d|1D6) Force", note):
        kind = "attack" if m.group(1) == "Attacker" else "defence"
        assert c.kind == kind
        if m.group(2) == "1D6":
            assert c.d6 and c.value == 0 and name in data.D6_CARDS
        else:
            assert not c.d6 and c.value == int(m.group(2)) == data.FIGHT_BONUS[name]
        assert (name in data.DEFENCE) == ("Play on opponents turn." in note)
    elif re.search(r"\bmove\b", note.lower()) and "Target enemy" not in note:
        assert c.kind == "move"  # played in the move phase
    elif "die roll" in note or "additional die" in note:
        assert c.kind == "dice"  # played in the roll phase
    else:
        assert c.kind == {"Espionage": "espionage", "Jam Transmission": "jam",
                          "Reinforcements": "build", "Major Offensive": "turn"}[name]


def test_the_deck_has_two_of_each_card_fifty_in_all() -> None:
    assert "When making the deck include two of each card." in footnotes()
    m = re.search(r"include (\w+) of each card", TEXT)
    assert m and WORDS[m.group(1)] == data.COPIES == 2
    counts = data.deck_counts()
    assert set(counts) == set(data.CARD_NAMES) and set(counts.values()) == {2}
    assert sum(counts.values()) == 50


def test_the_numbers_of_the_prose() -> None:
    m = re.search(r"Each player starts with (\d+) cards", TEXT)
    assert m and int(m.group(1)) == data.HAND_START == 5
    m = re.search(r"Base maximum hand size = (\d+)", TEXT)
    assert m and int(m.group(1)) == data.HAND_BASE == 6
    m = re.search(r"Draw (\w+) cards", TEXT)
    assert m and WORDS[m.group(1)] == data.DRAW == 2
    assert "Use blue chits for the Terran" in TEXT and "Use red chits for the Evil" in TEXT
    assert data.COLOURS == ("blue", "red")
    assert data.DIRECTIONS == (1, -1)  # Terran clockwise, Empire counterclockwise
