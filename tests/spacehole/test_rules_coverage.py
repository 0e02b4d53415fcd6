"""The Spacehole rule tests cover the whole rule text and every ruling.

* every sentence of rules/spacehole.txt (prose, table legends, every Notes cell of both
  variants, the footnote, the Babylon 5 statements) is quoted in the docstring of a rule
  test;
* every sentence of every Spacehole ruling of rules/RULINGS.md is quoted too, and each
  ruling has a test named ``test_ruling_<n>_...``;
* every value of every option of ``boardgames.spacehole.Rules`` has a test named
  ``..._option_<field>_<value>...``;
* whatever a docstring puts between double quotes is in the rule text or the rulings;
* docs/rules/spacehole.md names every rule test, and only tests that exist.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import typing
from pathlib import Path

import pytest
from spacehole.rules_support import (
    RULE_TEXT,
    RULINGS_TEXT,
    Rules,
    b5_notes,
    classic_notes,
    norm,
    prose_sentences,
    spacehole_rulings,
)

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules" / "spacehole.md"
FILES = sorted(p for p in HERE.glob("test_rules_*.py") if p.name != Path(__file__).name)


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
    assert len(FILES) >= 6
    missing = [name for name, doc in TESTS.items() if not doc.strip()]
    assert not missing


@pytest.mark.parametrize("sentence", prose_sentences())
def test_every_sentence_of_the_rule_text_is_quoted_by_a_test(sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("note", classic_notes() + b5_notes())
def test_every_note_and_babylon5_statement_is_quoted_by_a_test(note: str) -> None:
    assert f'"{note}"' in DOCS or note in DOCS


def _ruling_sentences() -> list[tuple[str, str]]:
    """(ruling, sentence) of every ruling; a short title ("Turn.", "Deck.") is not a
    sentence."""
    out = []
    for key, text in spacehole_rulings().items():
        for s in re.split(r"(?<=[.;:])\s+(?=[A-Z(])", _plain(text)):
            if not (s.endswith(".") and len(s.split()) <= 2):
                out.append((key, s))
    return out


@pytest.mark.parametrize(("ruling", "sentence"), _ruling_sentences())
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(spacehole_rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(name.startswith(f"test_ruling_{ruling}_") for name in TESTS)


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
        prose = re.sub(r"``.*?``", "", norm(doc))  # code spans: ``power_choice="manual"``
        for q in re.findall(r'"([^"]+)"', prose):
            if norm(q) not in sources:
                bad.append((name, q))
    assert not bad


def test_the_rules_doc_names_every_rule_test_and_only_existing_ones() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = {m.group(1) for m in re.finditer(r"\b(test_\w+)(\.py)?", text) if not m.group(2)}
    assert named - set(TESTS) == set(), "the doc names tests that do not exist"
    assert set(TESTS) - named == set(), "rule tests missing from the doc"


def test_the_rules_doc_names_every_option_and_its_values() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field, value in _option_values():
        assert f"`{field}`" in text, field
        if value and value not in ("true", "false"):
            assert f"`{value}`" in text or f'"{value}"' in text, (field, value)
