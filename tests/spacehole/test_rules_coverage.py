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

from pathlib import Path

import pytest
from rule_coverage import named_tests, option_values, rule_tests, split_rulings, unquoted
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
FILES, TESTS = rule_tests(HERE)
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


# a short title ("Turn.", "Deck.") is not a sentence
RULING_SENTENCES = split_rulings(
    {k: _plain(t) for k, t in spacehole_rulings().items()},
    is_title=lambda s: s.endswith(".") and len(s.split()) <= 2)


@pytest.mark.parametrize(("ruling", "sentence"), RULING_SENTENCES)
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(spacehole_rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(name.startswith(f"test_ruling_{ruling}_") for name in TESTS)


@pytest.mark.parametrize(("field", "value"), option_values(Rules))
def test_every_option_value_has_a_test_named_after_it(field: str, value: str) -> None:
    key = f"option_{field}_{value}" if value else f"option_{field}"
    assert any(key in name for name in TESTS), key


def test_quotes_in_docstrings_are_in_the_rule_text_or_the_rulings() -> None:
    # code spans (``power_choice="manual"``) are not quotes
    assert not unquoted(TESTS, norm(RULE_TEXT) + " " + _plain(RULINGS_TEXT), norm)


def test_the_rules_doc_names_every_rule_test_and_only_existing_ones() -> None:
    named = named_tests(DOC.read_text(encoding="utf-8"))
    assert named - set(TESTS) == set(), "the doc names tests that do not exist"
    assert set(TESTS) - named == set(), "rule tests missing from the doc"


def test_the_rules_doc_names_every_option_and_its_values() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field, value in option_values(Rules):
        assert f"`{field}`" in text, field
        if value and value not in ("true", "false"):
            assert f"`{value}`" in text or f'"{value}"' in text, (field, value)
