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

import ast
import dataclasses
import re
import typing
from pathlib import Path

import pytest
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
FILES = sorted(HERE.glob("test_rules_*.py"))
FILES = [p for p in FILES if p.name != Path(__file__).name]


def _tests() -> dict[str, str]:
    out: dict[str, str] = {}
    for path in FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                assert node.name not in out, f"{node.name} defined twice"
                out[node.name] = ast.get_docstring(node) or ""
    return out


TESTS = _tests()


def _plain(text: str) -> str:
    return norm(text.replace("**", "").replace("*", ""))


DOCS = _plain(" ".join(TESTS.values()))


def test_every_rule_test_has_a_docstring() -> None:
    assert len(FILES) >= 3
    assert [n for n, d in TESTS.items() if not d.strip()] == []


@pytest.mark.parametrize("sentence", prose_sentences() + legend_lines())
def test_every_sentence_of_the_rule_text_is_quoted_by_a_test(sentence: str) -> None:
    assert sentence in DOCS


def _ruling_sentences() -> list[tuple[str, str]]:
    out = []
    for key, text in rulings().items():
        for s in re.split(r"(?<=[.;:])\s+(?=[A-Z(\"])", _plain(text)):
            if not (s.endswith(".") and len(s.split()) == 1):  # a title: "Deck."
                out.append((key, s))
    return out


@pytest.mark.parametrize(("ruling", "sentence"), _ruling_sentences())
def test_every_sentence_of_every_ruling_is_quoted_by_a_test(ruling: str, sentence: str) -> None:
    assert sentence in DOCS


@pytest.mark.parametrize("ruling", list(rulings()))
def test_every_ruling_has_a_test_named_after_it(ruling: str) -> None:
    assert any(f"ruling_{ruling}" in name for name in TESTS)


def _option_values() -> list[tuple[str, str]]:
    out = []
    hints = typing.get_type_hints(Rules)
    for f in dataclasses.fields(Rules):
        hint = hints[f.name]
        if typing.get_origin(hint) is typing.Literal:
            out += [(f.name, v) for v in typing.get_args(hint)]
        else:
            out.append((f.name, ""))
    return out


@pytest.mark.parametrize(("field", "value"), _option_values())
def test_every_option_value_has_a_test_named_after_it(field: str, value: str) -> None:
    names = " ".join(TESTS)
    if value:
        assert re.search(rf"option_{field}_(\w*_)?{value}", names) or \
            f"option_{field}_{value}" in names, (field, value)
    else:
        assert f"option_{field}" in names


def test_quotes_in_docstrings_are_in_the_rule_text_or_the_rulings() -> None:
    sources = norm(RULE_TEXT) + " " + _plain(RULINGS_TEXT)
    bad = []
    for name, doc in TESTS.items():
        prose = re.sub(r"``.*?``", "", norm(doc))
        for q in re.findall(r'"([^"]+)"', prose):
            if norm(q) not in sources:
                bad.append((name, q))
    assert bad == []


def test_the_rules_doc_names_every_rule_test_and_only_existing_ones() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = set(re.findall(r"\btest_\w+", text))
    known = set(TESTS) | {"test_data", "test_board", "test_odds", "test_bad_input",
                          "test_render", "test_conformance", "test_rules_coverage",
                          "test_bench_spacebase", "test_rules_setup", "test_rules_phases",
                          "test_rules_sites", "test_agents", "test_spacebase_board"}
    known |= {p.stem for p in HERE.glob("test_*.py")}  # a file named as a whole
    root = HERE.parents[1]
    for other in (HERE / "test_agents.py", root / "tests" / "ui" / "test_spacebase_board.py",
                  root / "tests" / "browser" / "test_spacebase_board.py"):
        known |= set(re.findall(r"^def (test_\w+)", other.read_text(encoding="utf-8"), re.M))
    assert named - known == set(), "the doc names tests that do not exist"
    assert set(TESTS) - named == set(), "rule tests missing from the doc"


def test_the_rules_doc_names_every_option_and_its_values() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field, value in _option_values():
        assert f"`{field}`" in text, field
        if value:
            assert f'"{value}"' in text or f"`{value}`" in text, (field, value)
