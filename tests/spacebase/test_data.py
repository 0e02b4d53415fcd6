"""The Space Base card data checked against the rule text, ``rules/spacebase.txt``.

The CARD LIST table is parsed here independently of ``boardgames.spacebase.data``: every
row (#, name, type, income, requirements) must be in the data, in order, with nothing
missing and nothing extra. The requirements column is read phrase by phrase and
checked against the engine's requirement table; the deck's size against the text's
"The deck consists of 120 cards" (the list sums to 119: RULINGS.md, Space Base 2).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from spacebase.support import RULE_TEXT, norm

import boardgames as bg
from boardgames.spacebase import data
from boardgames.spacebase.board import REQUIRES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "spacebase.md"

_ROW = re.compile(r"^(?P<count>\d+)\s+(?P<name>\S.*?)\s+(?P<type>IP|I|R|V|A)\s+"
                  r"(?P<income>\d+|-)\s+(?P<req>\S.*?)\s*$")


def text_rows() -> list[dict[str, str]]:
    lines = RULE_TEXT.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("#\tName"))
    rows = []
    for ln in lines[head + 1:]:
        if not ln.strip():
            break
        m = _ROW.match(ln)
        assert m, f"unparsed card list row {ln!r}"
        rows.append({k: v.strip() for k, v in m.groupdict().items()})
    return rows


ROWS = text_rows()


def test_the_card_list_has_21_rows() -> None:
    assert len(ROWS) == 21
    assert [r["name"] for r in ROWS][:3] == ["Outpost", "Volcano", "Metal"]


@pytest.mark.parametrize("i", range(21))
def test_every_row_of_the_card_list_is_in_the_data_in_order(i: int) -> None:
    row, card = ROWS[i], data.CARD_LIST[i]
    assert card.name == row["name"]
    assert card.count == int(row["count"])
    assert card.type == row["type"]
    assert card.income == (None if row["income"] == "-" else int(row["income"]))
    assert card.requirements == row["req"]


def test_the_data_has_no_card_the_text_does_not_list() -> None:
    assert [c.name for c in data.CARD_LIST] == [r["name"] for r in ROWS]
    assert set(data.CARDS) == {r["name"] for r in ROWS}


def test_the_list_sums_to_119_although_the_text_says_120() -> None:
    """"The deck consists of 120 cards" — but the # column sums to 119 with the 4
    Outposts (RULINGS.md Space Base 2)."""
    stated = int(re.search(r"The deck consists of (\d+) cards", RULE_TEXT).group(1))
    assert stated == 120 == data.STATED_TOTAL
    assert sum(int(r["count"]) for r in ROWS) == 119 == data.LIST_TOTAL
    outposts = next(int(r["count"]) for r in ROWS if r["name"] == "Outpost")
    assert outposts == 4
    assert data.DECK_SIZE == 115 == sum(data.deck_counts().values())
    assert "Outpost" not in data.deck_counts()


def test_a_new_game_has_115_cards_in_the_deck_and_4_outposts_aside() -> None:
    for n in (2, 3, 4):
        g = bg.SpaceBase(players=n, seed=1)
        v = g.view(None)
        assert v["deck_size"] == 115
        assert v["outposts_in_box"] == 4
        assert v["hand_sizes"] == [0] * n
        assert sum(g.cards_total().values()) == 119
        assert g.cards_total() == Counter({r["name"]: int(r["count"]) for r in ROWS})


def test_the_docs_write_the_discrepancy_down() -> None:
    text = DOC.read_text(encoding="utf-8")
    for figure in ("119", "120", "115"):
        assert figure in text
    assert "discrepancy" in text.lower()


def test_types_and_the_legend() -> None:
    """The legend's types: I installation, IP installation that produces power, R
    resource, V volcano, A action card."""
    legend = {m.group(1): m.group(2) for m in re.finditer(r"^(\w+) = (.*)$", RULE_TEXT, re.M)}
    assert {"I", "IP", "R", "V", "A"} <= set(legend)
    kinds = {"I": "installation", "IP": "installation", "R": "resource", "V": "volcano",
             "A": "action"}
    for c in data.CARD_LIST:
        assert c.kind == kinds[c.type], c.name
    resources = {c.name for c in data.CARD_LIST if c.type == "R"}
    assert resources == {"Metal", "Radioactives", "Ice + Organics"}
    assert {c.name for c in data.CARD_LIST if c.type == "A"} == {"Transfer", "Control"}


def _produces_power(req: str, type_: str) -> bool:
    return type_ == "IP" or "produces power" in req.lower()


def test_power_sources_are_the_ip_cards_and_the_outpost() -> None:
    sources = {r["name"] for r in ROWS if _produces_power(r["req"], r["type"])}
    assert sources == {"Outpost", "Solar Panels Array", "Geothermal Plant", "Reactor Core"}
    assert {data.CARDS[n].role for n in sources} == set(data.POWER_SOURCES)


# The requirement phrases of the column, read by hand, as the engine's requirements.
PHRASES = {
    "Power": ("power",),
    "Resource sites": ("resource",),
    "Volcano": ("volcano",),
    "Extractor (Any Ore)": ("extractor", None),
    "Extractor (Ice + Organic ores)": ("extractor", "Ice + Organics"),
    "Refinery (Radioactives)": ("refinery", "Radioactives"),
    "Refinery (Metals)": ("refinery", "Metals"),
    "Hydroponic Dome": ("site", ("dome",)),
    "Colony": ("site", ("colony",)),
    "Factory": ("site", ("factory",)),
    "Research Station": ("site", ("research",)),
    "High-Tech Industry or Bio-Med Lab": ("site", ("hightech", "biomed")),
}


@pytest.mark.parametrize("row", [r for r in ROWS if r["type"] in ("I", "IP")],
                         ids=lambda r: r["name"])
def test_requirements_column_matches_the_engine(row: dict[str, str]) -> None:
    req = row["req"].split(";")[0]
    phrases = [] if req.startswith("None") else [p.strip() for p in req.split(",")]
    expected = tuple(PHRASES[p] for p in phrases)
    role = data.CARDS[row["name"]].role
    assert REQUIRES[role] == expected


def test_the_outpost_functions_as_an_extractor() -> None:
    assert "Functions as Extractor" in norm(ROWS[0]["req"])
    assert "outpost" in data.EXTRACTORS and "extractor" in data.EXTRACTORS


def test_card_names_read_their_titles_and_any_case() -> None:
    assert data.card("Refinery").name == "Refineries"
    assert data.card("bio-med lab").name == "Bio-Med Labs"
    assert data.card("  SOLAR panels ARRAY ").name == "Solar Panels Array"
    with pytest.raises(ValueError, match="'Warp Gate'"):
        data.card("Warp Gate")
