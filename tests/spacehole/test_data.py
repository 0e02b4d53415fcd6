"""The Spacehole card data checked against the rule text, ``rules/spacehole.txt``.

The tables of the text are parsed here independently of ``boardgames.spacehole.data``:
every row (name, #, $, P, D, Force, Notes) of every list of both variants must be in the
data, in order, with nothing missing and nothing extra.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from boardgames.spacehole import data
from boardgames.spacehole.data import (
    B5_REFINERY,
    BABYLON5,
    CLASSIC,
    ROLE_NAMES,
    Card,
    by_name,
    cards,
    deck_counts,
)

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules" / "spacehole.txt"
DATA_PY = ROOT / "boardgames" / "spacehole" / "data.py"

# ---------------------------------------------------------------------------------------
# Parsing the rule text
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row of a table of the rule text."""

    kind: str  # "structure" (incl. the base row) | "defender" | "invader" | "event"
    name: str
    count: int = 1
    income: int = 0
    power: int = 0
    capacity: int = 0
    force: int = 0
    note: str = ""


# Names contain spaces, columns are separated by runs of tabs and/or spaces, and some
# cells carry trailing spaces: the name is the shortest prefix followed by the numbers.
_STRUCTURE_ROW = re.compile(
    r"^(?P<name>\S.*?)\s+(?P<count>\d+)\s+(?P<income>\d+)\s+(?P<power>\d+)\s+(?P<capacity>\d+)"
    r"(?:\s+(?P<note>.*?))?\s*$"
)
_DEFENDER_ROW = re.compile(r"^(?P<name>\S.*?)\s+(?P<force>\d+)(?:\s+(?P<note>.*?))?\s*$")
_INVADER_ROW = re.compile(r"^(?P<name>\S.*?)\s+(?P<force>\d+)\s*$")
# Event names and notes both have spaces and no numbers to anchor on: tabs separate them.
_EVENT_ROW = re.compile(r"^(?P<name>[^\t]*\S)\s*\t\s*(?P<note>\S.*?)\s*$")
# Lines under a table that are not rows: the column legend and the event footnote.
_LEGEND = re.compile(r"^(?:[#$PD] = |\* )")

_B5_START = "Babylon 5  for spacehole."
_SAME_EVENTS = "same as in spacehole."


def _table_kind(header: str) -> str:
    columns = header.split()[2:]  # after "Card Name:"
    if "#" in columns:
        return "structure"
    if "Force" in columns:
        return "defender" if "Notes:" in columns else "invader"
    if columns == ["Notes:"]:
        return "event"
    raise AssertionError(f"unknown table header {header!r}")


def _parse_row(kind: str, line: str) -> Row:
    pattern = {
        "structure": _STRUCTURE_ROW,
        "defender": _DEFENDER_ROW,
        "invader": _INVADER_ROW,
        "event": _EVENT_ROW,
    }[kind]
    m = pattern.fullmatch(line)
    assert m, f"unparsed {kind} row {line!r}"
    fields = {k: v for k, v in m.groupdict().items() if v is not None}
    fields = {k: v if k in ("name", "note") else int(v) for k, v in fields.items()}
    return Row(kind=kind, **fields)


def parse_rule_text(text: str) -> dict[str, dict[str, list[Row]]]:
    """``variant -> table kind -> rows`` of every ``Card Name:`` table in the text."""
    lines = text.splitlines()
    titles = [x for x in lines if x.strip() == _B5_START]
    assert len(titles) == 1, "the Babylon 5 part starts with one title line"
    tables: dict[str, dict[str, list[Row]]] = {"classic": {}, "babylon5": {}}
    variant = "classic"
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() == _B5_START:
            variant = "babylon5"
        if not line.startswith("Card Name:"):
            i += 1
            continue
        kind = _table_kind(line)
        assert kind not in tables[variant], f"two {kind} tables in {variant}"
        rows: list[Row] = []
        i += 1
        while i < len(lines) and lines[i].strip():
            if _LEGEND.match(lines[i]):
                # nothing but legend/footnote lines until the end of the block
                while i < len(lines) and lines[i].strip():
                    assert _LEGEND.match(lines[i]), f"row after the legend: {lines[i]!r}"
                    i += 1
                break
            rows.append(_parse_row(kind, lines[i]))
            i += 1
        tables[variant][kind] = rows
    return tables


@pytest.fixture(scope="module")
def rule_text() -> str:
    return RULES.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def tables(rule_text: str) -> dict[str, dict[str, list[Row]]]:
    return parse_rule_text(rule_text)


def _rows_of_data(table: tuple[Card, ...], kind: str) -> list[Row]:
    """The data's cards of one text table, as rows of that table (the base is a structure row)."""
    kinds = ("base", "structure") if kind == "structure" else (kind,)
    rows = []
    for c in table:
        if c.kind not in kinds:
            continue
        if kind == "structure":
            row = Row(kind, c.name, c.count, c.income, c.power, c.capacity, note=c.note)
        elif kind in ("defender", "invader"):
            row = Row(kind, c.name, force=c.force, note=c.note)
        else:
            row = Row(kind, c.name, note=c.note)
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------
# The rule text and its tables
# ---------------------------------------------------------------------------------------


def test_rule_text_is_in_the_repo_next_to_the_package() -> None:
    assert RULES.is_file(), f"missing {RULES}"


def test_rule_text_has_four_classic_tables_and_three_babylon5_tables(tables) -> None:
    assert set(tables["classic"]) == {"structure", "defender", "invader", "event"}
    # Babylon 5 has no event table: "same as in spacehole."
    assert set(tables["babylon5"]) == {"structure", "defender", "invader"}


def test_babylon5_text_says_its_events_are_the_classic_events(rule_text) -> None:
    b5_part = rule_text.split(_B5_START, 1)[1]
    assert _SAME_EVENTS in [x.strip() for x in b5_part.splitlines()]


def test_parsed_table_sizes_are_the_rows_of_the_text(tables) -> None:
    sizes = {v: {k: len(rows) for k, rows in t.items()} for v, t in tables.items()}
    assert sizes == {
        "classic": {"structure": 13, "defender": 13, "invader": 20, "event": 22},
        "babylon5": {"structure": 12, "defender": 12, "invader": 20},
    }


@pytest.mark.parametrize(
    ("variant", "kind"),
    [
        ("classic", "structure"),
        ("classic", "defender"),
        ("classic", "invader"),
        ("classic", "event"),
        ("babylon5", "structure"),
        ("babylon5", "defender"),
        ("babylon5", "invader"),
    ],
)
def test_every_row_of_the_rule_text_is_in_the_data_in_order(tables, variant, kind) -> None:
    text_rows = tables[variant][kind]
    data_rows = _rows_of_data(cards(variant), kind)
    text_names = [r.name for r in text_rows]
    data_names = [r.name for r in data_rows]
    assert not set(text_names) - set(data_names), "missing from data.py"
    assert not set(data_names) - set(text_names), "in data.py but not in the rule text"
    assert data_names == text_names, "order differs from the rule text"
    for text_row, data_row in zip(text_rows, data_rows, strict=True):
        assert data_row == text_row


def test_babylon5_events_are_the_classic_event_cards(tables) -> None:
    classic_events = [c for c in CLASSIC if c.kind == "event"]
    b5_events = [c for c in BABYLON5 if c.kind == "event"]
    assert b5_events == classic_events
    assert _rows_of_data(BABYLON5, "event") == tables["classic"]["event"]


def test_base_is_the_first_structure_row_of_each_variant(tables) -> None:
    assert tables["classic"]["structure"][0].name == "Base"
    assert tables["babylon5"]["structure"][0].name == "Hull"
    for variant in ("classic", "babylon5"):
        table = cards(variant)
        bases = [c for c in table if c.kind == "base"]
        assert bases == [table[0]]
        assert bases[0].role == "base"
        assert bases[0].count == 1


def test_data_tables_are_in_text_order_base_structures_defenders_invaders_events() -> None:
    order = {"base": 0, "structure": 1, "defender": 2, "invader": 3, "event": 4}
    for table in (CLASSIC, BABYLON5, cards("babylon5", add_refineries=True)):
        ranks = [order[c.kind] for c in table]
        assert ranks == sorted(ranks)


# ---------------------------------------------------------------------------------------
# Deck sizes
# ---------------------------------------------------------------------------------------


def _kind_totals(variant: str, add_refineries: bool = False) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for c in cards(variant, add_refineries=add_refineries):
        if c.kind != "base":
            totals[c.kind] += c.count
    return dict(totals)


def test_classic_deck_has_96_cards_one_turn_per_card() -> None:
    assert sum(deck_counts("classic").values()) == 96
    assert sum(deck_counts().values()) == 96


def test_classic_deck_has_41_structures_13_defenders_20_invaders_22_events() -> None:
    assert _kind_totals("classic") == {
        "structure": 41,
        "defender": 13,
        "invader": 20,
        "event": 22,
    }


def test_classic_deck_totals_agree_with_the_counts_printed_in_the_text(tables) -> None:
    t = tables["classic"]
    structures = sum(r.count for r in t["structure"] if r.name != "Base")
    assert structures == 41
    assert structures + len(t["defender"]) + len(t["invader"]) + len(t["event"]) == 96


def test_babylon5_deck_has_91_cards_37_structures_12_defenders_20_invaders_22_events() -> None:
    assert _kind_totals("babylon5") == {
        "structure": 37,
        "defender": 12,
        "invader": 20,
        "event": 22,
    }
    assert sum(deck_counts("babylon5").values()) == 91


def test_babylon5_with_refineries_has_95_cards_and_41_structures() -> None:
    assert _kind_totals("babylon5", add_refineries=True)["structure"] == 41
    assert sum(deck_counts("babylon5", add_refineries=True).values()) == 95


def test_babylon5_deck_totals_agree_with_the_counts_printed_in_the_text(tables) -> None:
    t = tables["babylon5"]
    structures = sum(r.count for r in t["structure"] if r.name != "Hull")
    total = structures + len(t["defender"]) + len(t["invader"]) + len(tables["classic"]["event"])
    assert (structures, total) == (37, 91)


@pytest.mark.parametrize(
    ("variant", "add_refineries"), [("classic", False), ("babylon5", False), ("babylon5", True)]
)
def test_deck_counts_are_every_card_but_the_base(variant, add_refineries) -> None:
    table = cards(variant, add_refineries=add_refineries)
    counts = deck_counts(variant, add_refineries=add_refineries)
    assert "Base" not in counts and "Hull" not in counts
    assert counts == {c.name: c.count for c in table if c.kind != "base"}
    assert all(n >= 1 for n in counts.values())


def test_the_data_comment_states_the_babylon5_totals() -> None:
    source = DATA_PY.read_text(encoding="utf-8")
    assert "37 structures + 12 defenders + 20 invaders + 22 events = 91" in source
    assert "95 cards" in source


# ---------------------------------------------------------------------------------------
# Variants and look-ups
# ---------------------------------------------------------------------------------------


def test_unknown_variant_raises_value_error_naming_it() -> None:
    for bad in ("nope", "Classic", "b5", ""):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            cards(bad)
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            deck_counts(bad)
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            by_name(bad)
    with pytest.raises(ValueError, match="nope"):
        cards("nope", add_refineries=True)


def test_default_variant_is_classic() -> None:
    assert cards() is CLASSIC
    assert cards("classic") is CLASSIC
    assert cards("babylon5") is BABYLON5


def test_add_refineries_inserts_the_refinery_after_loading_bay_in_babylon5() -> None:
    plain = cards("babylon5")
    with_ref = cards("babylon5", add_refineries=True)
    assert "Refinery" not in by_name("babylon5")
    assert len(with_ref) == len(plain) + 1
    i = [c.name for c in with_ref].index("Refinery")
    assert with_ref[i] is B5_REFINERY
    assert with_ref[i - 1].name == "Loading bay"
    assert with_ref[:i] + with_ref[i + 1 :] == plain
    assert by_name("babylon5", add_refineries=True)["Refinery"] is B5_REFINERY


def test_add_refineries_does_not_change_classic() -> None:
    assert cards("classic", add_refineries=True) == CLASSIC
    assert deck_counts("classic", add_refineries=True) == deck_counts("classic")
    assert by_name("classic", add_refineries=True) == by_name("classic")


def test_b5_refinery_has_the_classic_refinery_numbers() -> None:
    assert by_name("classic")["Refinery"] == B5_REFINERY
    assert (B5_REFINERY.name, B5_REFINERY.role, B5_REFINERY.kind) == (
        "Refinery",
        "refinery",
        "structure",
    )
    assert (B5_REFINERY.count, B5_REFINERY.income, B5_REFINERY.power) == (4, 2, 1)
    assert B5_REFINERY.requires == (("mine", 2),)


def test_there_is_no_refinery_row_in_the_babylon5_text(tables) -> None:
    names = [r.name.lower() for r in tables["babylon5"]["structure"]]
    assert not any("refiner" in n for n in names)
    assert not any(c.role == "refinery" for c in BABYLON5)


@pytest.mark.parametrize(
    ("variant", "add_refineries"), [("classic", False), ("babylon5", False), ("babylon5", True)]
)
def test_names_are_unique_and_trimmed_in_each_variant(variant, add_refineries) -> None:
    table = cards(variant, add_refineries=add_refineries)
    names = [c.name for c in table]
    assert len(names) == len(set(names))
    for c in table:
        assert c.name == c.name.strip() and "\t" not in c.name
        assert c.note == c.note.strip() and "\t" not in c.note


@pytest.mark.parametrize(
    ("variant", "add_refineries"), [("classic", False), ("babylon5", False), ("babylon5", True)]
)
def test_by_name_is_cached_read_only_and_complete(variant, add_refineries) -> None:
    table = cards(variant, add_refineries=add_refineries)
    mapping = by_name(variant, add_refineries=add_refineries)
    assert mapping is by_name(variant, add_refineries=add_refineries)
    assert list(mapping) == [c.name for c in table]
    assert all(mapping[c.name] is c for c in table)
    with pytest.raises(TypeError):
        mapping["Base"] = table[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        del mapping[table[0].name]  # type: ignore[attr-defined]


def test_by_name_default_is_the_classic_mapping() -> None:
    assert by_name() is by_name("classic")


def test_cards_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC[0].count = 2  # type: ignore[misc]


# ---------------------------------------------------------------------------------------
# Roles
# ---------------------------------------------------------------------------------------

STRUCTURE_ROLES = {
    "base",
    "solar",
    "agrodome",
    "colony",
    "mine",
    "refinery",
    "factory",
    "starport",
    "lab",
    "stargate",
    "command",
    "turret",
    "dome",
}
EVENT_ROLES = {
    "solar_flare": "Solar Flare",
    "reinforcements": "Reinforcements",
    "lost_in_space": "Lost in Space",
    "supernova": "Supernova",
    "lab_explosion": "Lab Explosion",
    "core_instabilities": "Core Instabilities",
    "terraform": "Terraform",
    "black_hole": "Black Hole",
    "emergency_repairs": "Emergency Repairs",
    "seismic_events": "Seismic Events",
    "intergalactic_war": "Intergalactic War",
    "sabotage": "Sabotage",
    "dilithium_crystals": "Dilithium Crystals",
    "space_traders": "Space Traders",
    "planet_bombs": "Planet Bombs",
    "meteor_swarm": "Meteor Swarm",
    "space_virus": "Space Virus",
    "discovery": "Discovery",
    "merchant_from_venus": "Merchant from Venus",
    "cosmic_con_artist": "Cosmic Con Artist",
    "interstellar_tax_men": "Interstellar Tax Men",
    "repairs": "Repairs",
}
B5_ROLES = {
    "Hull": "base",
    "Fusion reactor": "solar",
    "Garden": "agrodome",
    "Living quarters": "colony",
    "Loading bay": "mine",
    "Factory": "factory",
    "Landing bay": "starport",
    "Research lab": "lab",
    "Hyperspace jumpgate": "stargate",
    "Command and control": "command",
    "Ppg turret": "turret",
    "Hull armor": "dome",
}


def test_every_kind_and_role_is_a_known_key() -> None:
    for table in (CLASSIC, BABYLON5, (B5_REFINERY,)):
        for c in table:
            assert c.kind in data.KINDS
            if c.kind in ("base", "structure"):
                assert c.role in STRUCTURE_ROLES
                assert (c.role == "base") == (c.kind == "base")
            elif c.kind == "event":
                assert c.role in EVENT_ROLES
            else:
                assert c.role == c.kind
    assert set(data.STRUCTURE_ROLES) == STRUCTURE_ROLES
    assert list(data.EVENT_ROLES) == list(EVENT_ROLES)


def test_classic_structures_have_one_row_per_role() -> None:
    roles = [c.role for c in CLASSIC if c.kind in ("base", "structure")]
    assert sorted(roles) == sorted(STRUCTURE_ROLES)


def test_babylon5_structures_map_to_the_classic_roles() -> None:
    assert {c.name: c.role for c in BABYLON5 if c.kind in ("base", "structure")} == B5_ROLES
    roles = [c.role for c in cards("babylon5", add_refineries=True) if c.kind != "defender"]
    assert {r for r in roles if r in STRUCTURE_ROLES} == STRUCTURE_ROLES


def test_each_event_has_its_own_role() -> None:
    events = {c.role: c.name for c in CLASSIC if c.kind == "event"}
    assert events == EVENT_ROLES


def test_babylon5_structures_have_the_classic_numbers_of_their_role() -> None:
    classic = {c.role: c for c in CLASSIC if c.kind in ("base", "structure")}
    for c in BABYLON5:
        if c.kind in ("base", "structure"):
            k = classic[c.role]
            fields = ("count", "income", "power", "capacity", "generates", "force", "max_hits")
            assert [getattr(c, f) for f in fields] == [getattr(k, f) for f in fields], c.name
            assert (c.requires, c.hand_size) == (k.requires, k.hand_size), c.name


def test_role_names_give_each_variants_name_for_every_structure_role() -> None:
    assert set(ROLE_NAMES) == {"classic", "babylon5"}
    for variant, names in ROLE_NAMES.items():
        assert set(names) == STRUCTURE_ROLES
        table = cards(variant, add_refineries=True)
        lookup = by_name(variant, add_refineries=True)
        for role, name in names.items():
            assert lookup[name].role == role
            assert [c.name for c in table if c.role == role] == [name]
    assert ROLE_NAMES["babylon5"]["colony"] == "Living quarters"
    assert ROLE_NAMES["babylon5"]["lab"] == "Research lab"
    assert ROLE_NAMES["babylon5"]["mine"] == "Loading bay"
    assert ROLE_NAMES["classic"]["lab"] == "Research Labs"


# ---------------------------------------------------------------------------------------
# Requirements (the "Requires N X" notes)
# ---------------------------------------------------------------------------------------

EXPECTED_REQUIRES = {
    "colony": (("agrodome", 1),),
    "refinery": (("mine", 2),),
    "factory": (("refinery", 2),),
    "starport": (("colony", 2),),
    "stargate": (("lab", 1),),
}


def test_requires_are_the_expected_roles_and_numbers() -> None:
    for table in (CLASSIC, cards("babylon5", add_refineries=True)):
        for c in table:
            assert c.requires == EXPECTED_REQUIRES.get(c.role, ()), c.name


def _singular(phrase: str) -> str:
    words = []
    for w in phrase.lower().split():
        if w.endswith("ies"):
            w = w[:-3] + "y"
        elif w.endswith("s"):
            w = w[:-1]
        words.append(w)
    return " ".join(words)


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_requires_agree_with_the_requires_notes_of_the_text(tables, variant) -> None:
    names = ROLE_NAMES[variant]
    lookup = by_name(variant)
    for row in tables[variant]["structure"]:
        card = lookup[row.name]
        m = re.fullmatch(r"(?i)requires (\d+) (.+)", row.note)
        if not m:
            assert card.requires == (), row.name
            continue
        ((role, n),) = card.requires
        assert n == int(m.group(1)), row.name
        # "Requires 2 Refineries" -> "refinery"; "requires 1 lab" -> "Research lab"
        assert _singular(names[role]).endswith(_singular(m.group(2))), row.name


def test_every_required_role_exists_in_its_variant_except_b5_factory_refinery() -> None:
    def missing(table: tuple[Card, ...]) -> set[tuple[str, str]]:
        roles = {c.role for c in table}
        return {(c.name, role) for c in table for role, _ in c.requires if role not in roles}

    assert missing(CLASSIC) == set()
    # The Babylon 5 list as written lacks refineries: its Factory can never be supported.
    assert missing(BABYLON5) == {("Factory", "refinery")}
    assert missing(cards("babylon5", add_refineries=True)) == set()


def test_every_required_card_is_printed_often_enough_to_support_one_dependant() -> None:
    for table in (CLASSIC, cards("babylon5", add_refineries=True)):
        copies = Counter()
        for c in table:
            copies[c.role] += c.count
        for c in table:
            for role, n in c.requires:
                assert copies[role] >= n, c.name


# ---------------------------------------------------------------------------------------
# Flags and combat numbers
# ---------------------------------------------------------------------------------------


def _flagged(table: tuple[Card, ...], flag: str) -> set[str]:
    return {c.name for c in table if getattr(c, flag)}


def test_peek_is_on_exactly_the_rangers_and_scouts() -> None:
    assert _flagged(CLASSIC, "peek") == {"Space Rangers", "Space Scouts"}
    assert _flagged(BABYLON5, "peek") == {"Ranger Observers", "Ranger Marcus Cole"}


def test_one_hit_is_on_exactly_space_hero_and_sheridan() -> None:
    assert _flagged(CLASSIC, "one_hit") == {"Space Hero"}
    assert _flagged(BABYLON5, "one_hit") == {"Co Capt John Sheridan"}


def test_needs_lab_is_on_exactly_the_alien_artifact() -> None:
    assert _flagged(CLASSIC, "needs_lab") == {"Alien Artifact"}
    assert _flagged(BABYLON5, "needs_lab") == {"Alien Artifact"}


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_flags_agree_with_the_defender_notes_of_the_text(tables, variant) -> None:
    lookup = by_name(variant)
    for row in tables[variant]["defender"]:
        note = row.note.lower()
        card = lookup[row.name]
        assert card.peek == ("1d6 cards" in note), row.name
        assert card.one_hit == ("only take 1 hit" in note), row.name
        assert card.needs_lab == ("lab" in note), row.name


def test_only_defenders_carry_defender_flags() -> None:
    for table in (CLASSIC, BABYLON5):
        for c in table:
            if c.kind != "defender":
                assert not (c.peek or c.one_hit or c.needs_lab), c.name


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_max_hits_is_force_for_fighters_and_one_for_one_hit_heroes(variant) -> None:
    for c in cards(variant):
        if c.kind == "invader" or (c.kind == "defender" and not c.one_hit):
            assert c.max_hits == c.force > 0, c.name
        elif c.one_hit:
            assert (c.max_hits, c.force) == (1, 5), c.name


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_structure_combat_numbers_turret_force_1_dome_3_hits_base_left_to_rules(variant) -> None:
    for c in cards(variant):
        if c.kind not in ("base", "structure"):
            continue
        expected = {"turret": (1, 1), "dome": (0, 3)}.get(c.role, (0, 0))
        assert (c.force, c.max_hits) == expected, c.name


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_generators_and_hand_size(variant) -> None:
    for c in cards(variant):
        assert c.generates == (5 if c.role in ("base", "solar") else 0), c.name
        assert c.hand_size == (2 if c.role == "command" else 0), c.name
        if c.generates:
            assert c.note == "Generates 5 power/turn"
        if c.hand_size:
            assert "2" in c.note and "hand size" in c.note.lower()


def test_base_allows_two_defenders_as_the_prose_says(rule_text) -> None:
    assert "A Base allows you to have two defenders." in rule_text
    assert by_name("classic")["Base"].capacity == 2
    assert by_name("babylon5")["Hull"].capacity == 2


def test_babylon5_space_pirates_have_force_4_unlike_the_classic_3() -> None:
    assert by_name("babylon5")["Space pirates"].force == 4
    assert by_name("classic")["Space Pirates"].force == 3


def test_text_spellings_are_kept() -> None:
    classic, b5 = by_name("classic"), by_name("babylon5")
    assert "Research Labs" in classic
    assert "Ppg turret" in b5
    assert "Rouge soul hunter" in b5
    assert "Security" in b5 and "Marines" in b5 and "Sabotage" in classic


# ---------------------------------------------------------------------------------------
# The module itself
# ---------------------------------------------------------------------------------------


def test_data_module_imports_only_the_standard_library() -> None:
    tree = ast.parse(DATA_PY.read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "no relative imports in pure data"
            modules.add((node.module or "").split(".")[0])
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}
