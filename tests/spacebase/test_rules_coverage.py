"""The Space Base rule tests cover the whole rule text and every ruling.

* every sentence of rules/spacebase.txt's prose and every line of the card list's legend
  is quoted in the docstring of a rule test (the card list's rows are data, counted in
  test_data.py);
* every sentence of every Space Base ruling of rules/RULINGS.md is quoted too, and each
  ruling has a test whose name contains ``ruling_<n>``;
* every value of every option of ``boardgames.spacebase.Rules`` has a test named
  ``..._option_<field>_<value>...`` (or ``option_<field>`` for a number);
* whatever a docstring puts between double quotes is in the rule text or the rulings;
* docs/rules/spacebase.md names every rule test, and only tests that exist.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rule_coverage import (
    defined_tests,
    named_tests,
    option_values,
    rule_tests,
    split_rulings,
    unquoted,
)
from spacebase.support import (
    RULE_TEXT,
    RULINGS_TEXT,
    Rules,
    legend_lines,
    norm,
    prose_sentences,
    rulings,
)

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules" / "spacebase.md"
FILES, TESTS = rule_tests(HERE)


def _plain(text: str) -> str:
    return norm(text.replace("**", "").replace("*", ""))


DOCS = _plain(" ".join(TESTS.values()))


def test_every_rule_test_has_a_docstring() -> None:
    assert len(FILES) >= 3
    assert [n for n, d in TESTS.items() if not d.strip()] == []


@pytest.mark.parametrize("sentence", prose_sentences() + legend_lines())
def test_every_sentence_of_the_rule_text_is_quoted_by_a_test(sentence: str) -> None:
    assert sentence in DOCS


# a title ("Deck.") is not a sentence
RULING_SENTENCES = split_rulings({k: _plain(t) for k, t in rulings().items()}, before='A-Z("',
                                 is_title=lambda s: s.endswith(".") and len(s.split()) == 1)


@pytest.mark.parametrize(("ruling", "sentence"), RULING_SENTENCES)
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(f"ruling_{ruling}" in name for name in TESTS)


@pytest.mark.parametrize(("field", "value"), option_values(Rules))
def test_every_option_value_has_a_test_named_after_it(field: str, value: str) -> None:
    names = " ".join(TESTS)
    if value:
        assert re.search(rf"option_{field}_(\w*_)?{value}", names) or \
            f"option_{field}_{value}" in names, (field, value)
    else:
        assert f"option_{field}" in names


def test_quotes_in_docstrings_are_in_the_rule_text_or_the_rulings() -> None:
    assert unquoted(TESTS, norm(RULE_TEXT) + " " + _plain(RULINGS_TEXT), norm) == []


def test_the_rules_doc_names_every_rule_test_and_only_existing_ones() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = named_tests(text, files=True)
    known = set(TESTS) | {"test_data", "test_board", "test_odds", "test_bad_input",
                          "test_render", "test_conformance", "test_rules_coverage",
                          "test_bench_spacebase", "test_rules_setup", "test_rules_phases",
                          "test_rules_sites", "test_agents", "test_spacebase_board"}
    known |= {p.stem for p in HERE.glob("test_*.py")}  # a file named as a whole
    root = HERE.parents[1]
    known |= defined_tests([HERE / "test_agents.py",
                            root / "tests" / "ui" / "test_spacebase_board.py",
                            root / "tests" / "browser" / "test_spacebase_board.py"])
    assert named - known == set(), "the doc names tests that do not exist"
    assert set(TESTS) - named == set(), "rule tests missing from the doc"


def test_the_rules_doc_names_every_option_and_its_values() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field, value in option_values(Rules):
        assert f"`{field}`" in text, field
        if value:
            assert f'"{value}"' in text or f"`{value}`" in text, (field, value)
