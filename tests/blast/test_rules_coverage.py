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
from rule_coverage import named_tests, option_values, rule_tests, split_rulings, unquoted

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules" / "blast.md"
FILES, TESTS = rule_tests(HERE)
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


# a short title ("Track.", "Deck.") is not a sentence
RULING_SENTENCES = split_rulings(
    {k: _plain(t) for k, t in blast_rulings().items()},
    is_title=lambda s: s.endswith(".") and len(s.split()) <= 2)


@pytest.mark.parametrize(("ruling", "sentence"), RULING_SENTENCES)
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(blast_rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(name.startswith(f"test_ruling_{ruling}_") for name in TESTS)


def test_there_are_eleven_blast_rulings() -> None:
    assert list(blast_rulings()) == [str(n) for n in range(1, 12)]


@pytest.mark.parametrize(("field", "value"), option_values(Rules))
def test_every_option_value_has_a_test_named_after_it(field: str, value: str) -> None:
    key = f"option_{field}_{value}" if value else f"option_{field}"
    assert any(key in name for name in TESTS), key


def test_quotes_in_docstrings_are_in_the_rule_text_or_the_rulings() -> None:
    # code spans (``tie="defender"``) are not quotes
    assert unquoted(TESTS, norm(RULE_TEXT) + " " + _plain(RULINGS_TEXT), norm) == []


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
