"""The Blast rule tests cover the whole rule text and every ruling.

* every sentence of the prose of rules/blast.txt, every Notes cell of the card list and
  the two notes under it are quoted in the docstring of a rule test;
* every sentence of every Blast ruling of rules/RULINGS.md is quoted too, and each
  ruling has a test named ``test_ruling_<n>_...``;
* every value of every option of ``boardgames.blast.Rules`` has a test named
  ``..._option_<field>_<value>...``;
* whatever a docstring puts between double quotes is in the rule text or the rulings;
* docs/rules/blast.md names every rule test, and only tests that exist, and every option.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import typing
from pathlib import Path

import pytest
from blast.blast_support import (
    RULE_TEXT,
    RULINGS_TEXT,
    Rules,
    blast_rulings,
    card_rows,
    footnotes,
    norm,
    prose_sentences,
)

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules" / "blast.md"
FILES = sorted(HERE.glob("test_rules_*.py"))
FILES = [p for p in FILES if p.name != Path(__file__).name]


def _tests() -> dict[str, str]:
    """``{test name: docstring}`` of every rule test module."""
    out: dict[str, str] = {}
    for path in FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                assert node.name not in out, f"{node.name} defined twice"
                out[node.name] = ast.get_docstring(node) or ""
    return out


TESTS = _tests()
DOCS = norm(" ".join(TESTS.values()))


def _plain(text: str) -> str:
    return norm(text.replace("**", ""))


def test_every_rule_test_has_a_docstring() -> None:
    assert len(FILES) >= 5
    assert [name for name, doc in TESTS.items() if not doc.strip()] == []


@pytest.mark.parametrize("sentence", prose_sentences())
def test_every_sentence_of_the_rule_text_is_quoted_by_a_test(sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("note", [note for _, note in card_rows()] + footnotes())
def test_every_card_note_and_footnote_is_quoted_by_a_test(note: str) -> None:
    assert f'"{note}"' in DOCS or note in DOCS


def _ruling_sentences() -> list[tuple[str, str]]:
    """(ruling, sentence) of every ruling; a short title ("Track.", "Deck.") is not a
    sentence."""
    out = []
    for key, text in blast_rulings().items():
        for s in re.split(r"(?<=[.;:])\s+(?=[A-Z(])", _plain(text)):
            if not (s.endswith(".") and len(s.split()) <= 2):
                out.append((key, s))
    return out


@pytest.mark.parametrize(("ruling", "sentence"), _ruling_sentences())
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(blast_rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(name.startswith(f"test_ruling_{ruling}_") for name in TESTS)


def test_there_are_eleven_blast_rulings() -> None:
    assert list(blast_rulings()) == [str(n) for n in range(1, 12)]


def _option_values() -> list[tuple[str, str]]:
    out = []
    hints = typing.get_type_hints(Rules)
    for f in dataclasses.fields(Rules):
        hint = hints[f.name]
        if typing.get_origin(hint) is typing.Literal:
            out += [(f.name, v) for v in typing.get_args(hint)]
        elif hint is bool:
            out += [(f.name, "true"), (f.name, "false")]
        else:
            out.append((f.name, ""))
    return out


@pytest.mark.parametrize(("field", "value"), _option_values())
def test_every_option_value_has_a_test_named_after_it(field: str, value: str) -> None:
    key = f"option_{field}_{value}" if value else f"option_{field}"
    assert any(key in name for name in TESTS), key


def test_quotes_in_docstrings_are_in_the_rule_text_or_the_rulings() -> None:
    sources = norm(RULE_TEXT) + " " + _plain(RULINGS_TEXT)
    bad = []
    for name, doc in TESTS.items():
        prose = re.sub(r"``.*?``", "", norm(doc))  # code spans: ``tie="defender"``
        for q in re.findall(r'"([^"]+)"', prose):
            if norm(q) not in sources:
                bad.append((name, q))
    assert bad == []


def test_the_rules_doc_names_every_rule_test_and_only_existing_ones() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = set(re.findall(r"\btest_\w+(?![\w.])", text))  # not file names (test_x.py)
    assert named - set(TESTS) == set(), "the doc names tests that do not exist"
    assert set(TESTS) - named == set(), "rule tests missing from the doc"


def test_the_rules_doc_names_every_option_and_its_values() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field, value in _option_values():
        assert f"`{field}`" in text, field
        if value and value not in ("true", "false"):
            assert f"`{value}`" in text or f'"{value}"' in text, (field, value)
