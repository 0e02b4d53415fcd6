"""The Intergalactic rule tests cover the whole rule text and every ruling.

* every sentence of the prose of rules/intergalactic.txt (before the lists, which are
  data: counted and compared row by row in test_data.py) is quoted in the docstring of a
  rule test (``test_rules_*.py``);
* every sentence of every Intergalactic ruling of rules/RULINGS.md is quoted too, and
  each ruling has a test named ``test_ruling_<n>_...``;
* every option of ``boardgames.intergalactic.Rules`` has a test named
  ``..._option_<field>...`` (a bool: one for ``_true`` and one for ``_false``), and
  every ruling marked (option) is a field of ``Rules`` with the documented default;
* whatever a docstring puts between double quotes is in the rule text or the rulings;
* docs/rules/intergalactic.md names every rule test, only tests that exist, and every
  option.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from intergalactic.support import (
    RULE_TEXT,
    RULINGS_TEXT,
    Rules,
    norm,
    prose_sentences,
    ruling_sentences,
    rulings,
)
from rule_coverage import named_tests, option_values, rule_tests, unquoted

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules" / "intergalactic.md"
FILES, TESTS = rule_tests(HERE)
DOCS = norm(" ".join(TESTS.values()))


def test_every_rule_test_has_a_docstring() -> None:
    assert [p.name for p in FILES] == [
        "test_rules_conflict.py", "test_rules_end.py", "test_rules_lists.py",
        "test_rules_setup.py", "test_rules_stages.py", "test_rules_tokens.py"]
    assert [name for name, doc in TESTS.items() if not doc.strip()] == []


def test_the_text_splits_into_its_121_sentences() -> None:
    sentences = prose_sentences()
    assert len(sentences) == 121
    assert sentences[0] == "List and Dice game for 2-6+ players."
    assert sentences[-1] == "Gain 1 VP for every Fleet you have in play."
    # nothing of the prose is lost by the split
    prose = RULE_TEXT.split("DC-Name", 1)[0]
    assert norm(" ".join(sentences)) == norm(prose)


@pytest.mark.parametrize("sentence", sorted(set(prose_sentences())))
def test_every_sentence_of_the_rule_text_is_quoted_by_a_test(sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize(("ruling", "sentence"), ruling_sentences())
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(name.startswith(f"test_ruling_{ruling}_") for name in TESTS)


def test_there_are_nine_intergalactic_rulings() -> None:
    assert list(rulings()) == [str(n) for n in range(1, 10)]


@pytest.mark.parametrize(("field", "value"), option_values(Rules))
def test_every_option_value_has_a_test_named_after_it(field: str, value: str) -> None:
    key = f"option_{field}_{value}" if value else f"option_{field}"
    assert any(key in name for name in TESTS), key


def test_every_option_ruling_is_a_rules_field_with_its_default() -> None:
    """Each "(option `name`, default value)" of the rulings is a field of ``Rules`` with
    that default."""
    marked = re.findall(r"\(option `(\w+)`, default (\w+)\)", norm(RULINGS_TEXT))
    assert marked == [("extra_rolls_per_turn", "1")]
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    for name, default in marked:
        assert str(defaults[name]).lower() == default.lower()


def test_quotes_in_docstrings_are_in_the_rule_text_or_the_rulings() -> None:
    # code spans (``Rules(...)``) are not quotes
    sources = norm(RULE_TEXT) + " " + norm(RULINGS_TEXT.replace("**", ""))
    assert unquoted(TESTS, sources, norm) == []


def test_the_rules_doc_names_every_rule_test_and_only_existing_ones() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = named_tests(text)
    assert named - set(TESTS) == set(), "the doc names tests that do not exist"
    assert set(TESTS) - named == set(), "rule tests missing from the doc"


def test_the_rules_doc_names_every_option() -> None:
    text = DOC.read_text(encoding="utf-8")
    for f in dataclasses.fields(Rules):
        assert f"`{f.name}`" in text, f.name
