"""The seven lists of rules/intergalactic.txt against boardgames.intergalactic.data: the
text is parsed here, independently, and every row's threshold, name and numbers compared."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgames.intergalactic import data

TEXT = (Path(__file__).resolve().parents[2] / "rules" / "intergalactic.txt").read_text(
    encoding="utf-8")
LIST_ORDER = ["research", "exploration", "development", "buildup", "stratagem", "race",
              "homeworld"]
SHORT = {"Int": "Intelligence", "Pop": "Population", "Fin": "Finance", "Finances": "Finance",
         "Maunf": "Manufacturing", "Manuf": "Manufacturing", "Def": "Defense",
         "Strat": "Strategy", "Fleets": "Fleet"}


def _blocks() -> list[list[str]]:
    out: list[list[str]] = []
    cur: list[str] | None = None
    for line in TEXT.splitlines():
        if line.startswith(("DC-Name", "DX-Name")):
            cur = []
            out.append(cur)
        elif cur is not None:
            if line.strip():
                cur.append(line)
            elif cur:
                cur = None
    return out


BLOCKS = dict(zip(LIST_ORDER, _blocks(), strict=True))


def _row(line: str) -> tuple[int, str, str]:
    m = re.match(r"\s*(\d\d\d?)(\+?)-?(.*)", line)
    assert m, line
    dc = 100 if m.group(1) == "00" else int(m.group(1))
    rest = m.group(3).strip()
    if m.group(2):
        return dc, rest, rest
    name, notes = (rest.split("\t", 1) if "\t" in rest else re.split(r" {3,}", rest, maxsplit=1))
    return dc, " ".join(name.split()), " ".join(notes.split())


def test_there_are_seven_lists_in_the_text() -> None:
    assert len(_blocks()) == 7


@pytest.mark.parametrize("name", LIST_ORDER)
def test_every_list_has_as_many_entries_as_the_text(name: str) -> None:
    assert len(data.LISTS[name]) == len(BLOCKS[name])


def test_list_sizes() -> None:
    # counted by hand in the text: the 101+ rows included
    assert {k: len(v) for k, v in data.LISTS.items()} == {
        "research": 77, "exploration": 54, "development": 64, "buildup": 45,
        "stratagem": 46, "race": 10, "homeworld": 10}


@pytest.mark.parametrize("name", LIST_ORDER)
def test_every_entry_matches_its_row(name: str) -> None:
    for line, e in zip(BLOCKS[name], data.LISTS[name], strict=True):
        dc, title, notes = _row(line.replace("\u2019", "'"))
        assert e.dc == dc and e.list == name, (line, e)
        if name == "race":
            assert f"{e.name} ({e.description})" == title
        else:
            assert e.name == title, (line, e)
        req = re.search(r"\(Req (\w+) (\d+)\+\)", notes)
        assert e.req == ((SHORT.get(req.group(1), req.group(1)), int(req.group(2)))
                         if req else None), line
        assert e.advanced == bool(req)
        assert e.criminal == ("Criminal" in notes)
        effects = [(SHORT.get(a, a), int(v)) for a, v in re.findall(r"(\w+) \+(\d+)", notes)
                   if not notes.startswith(("Get", "Roll"))]
        assert list(e.effects) == [x for x in effects if x[0] != "VP"], line
        assert e.vp == sum(v for a, v in effects if a == "VP")
        bonus = re.match(r"Get \+(\d+) to next Roll", notes)
        assert e.next_bonus == (int(bonus.group(1)) if bonus else 0)
        nested = re.match(r"Roll on (?:the )?(Research List|Fleet Table) \+(\d+)", notes)
        assert e.nested == ((("research" if "Research" in nested.group(1) else "buildup"),
                             int(nested.group(2))) if nested else None), line
        assert e.temporary == ("Discard at end of turn" in notes)
        assert e.one_shot == (name == "stratagem" or bool(bonus or nested)
                              or dc == 101), line
        assert e.kept == (name in LIST_ORDER[:4] and not e.one_shot)


def test_attribute_names_are_the_thirteen_of_the_text() -> None:
    flat = " ".join(TEXT.split())
    sentence = re.search(r"Weapons, Defense.*?Energy", flat).group(0)  # type: ignore[union-attr]
    assert tuple(a.strip() for a in sentence.split(",")) == data.ATTRIBUTES
    for rows in data.LISTS.values():
        for e in rows:
            assert all(a in data.ATTRIBUTES for a, _ in e.effects)
            assert e.req is None or e.req[0] in data.ATTRIBUTES


def test_thresholds_increase_and_names_are_unique_in_the_kept_lists() -> None:
    for rows in data.LISTS.values():
        dcs = [e.dc for e in rows]
        assert dcs == sorted(dcs) and len(set(dcs)) == len(dcs)
    names = [e.name for k in [*LIST_ORDER[:4], "race", "homeworld"] for e in data.LISTS[k]
             if e.dc <= 100]
    assert len(names) == len(set(names))


def test_criminal_developments_are_the_seven_of_the_text() -> None:
    crim = [e.name for e in data.DEVELOPMENT if e.criminal]
    assert crim == ["Black Market", "Space Smugglers", "Piracy", "Raiding", "Privateers",
                    "Slavers", "Weapon Merchants"]
    assert TEXT.count("Criminal") == 7


def test_by_name_rejects_unknown_names() -> None:
    with pytest.raises(ValueError, match="Death Star"):
        data.by_name("Death Star")
