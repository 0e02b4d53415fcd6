"""What the four games' ``test_rules_coverage.py`` share (imported as ``rule_coverage``;
tests/ is on sys.path): the rule tests of a folder with their docstrings, the options of
a ``Rules`` class with their values, a ruling split into sentences, the quotes of
docstrings found in neither text, and the test names a doc mentions. Each game's file
keeps its own tests and what is particular to its text."""

from __future__ import annotations

import ast
import dataclasses
import re
import typing
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["defined_tests", "named_tests", "option_values", "rule_tests", "split_rulings",
           "unquoted"]


def rule_tests(folder: Path) -> tuple[list[Path], dict[str, str]]:
    """The rule test modules of ``folder`` (``test_rules_*.py`` but the coverage test) and
    ``{test name: docstring}`` of every test function in them (a name defined twice fails)."""
    files = sorted(p for p in folder.glob("test_rules_*.py")
                   if p.name != "test_rules_coverage.py")
    out: dict[str, str] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                assert node.name not in out, f"{node.name} defined twice"
                out[node.name] = ast.get_docstring(node) or ""
    return files, out


def option_values(rules: type) -> list[tuple[str, str]]:
    """(field, value) of every option of the dataclass ``rules``: each value of a
    ``Literal``, "true" and "false" for a bool, and "" for a number."""
    out: list[tuple[str, str]] = []
    hints = typing.get_type_hints(rules)
    for f in dataclasses.fields(rules):
        hint = hints[f.name]
        if typing.get_origin(hint) is typing.Literal:
            out += [(f.name, v) for v in typing.get_args(hint)]
        elif hint is bool:
            out += [(f.name, "true"), (f.name, "false")]
        else:
            out.append((f.name, ""))
    return out


def split_rulings(rulings: dict[str, str], *, before: str = "A-Z(",
                  is_title: Callable[[str], bool]) -> list[tuple[str, str]]:
    """(ruling, sentence) of every ruling, split after '.', ';' and ':' followed by one of
    the characters ``before``; what ``is_title`` says is a title ("Deck.") is left out."""
    split = re.compile(rf"(?<=[.;:])\s+(?=[{before}])")
    return [(key, s) for key, text in rulings.items() for s in split.split(text)
            if not is_title(s)]


def unquoted(tests: dict[str, str], sources: str,
             norm: Callable[[str], str]) -> list[tuple[str, str]]:
    """(test, quote) of what a docstring puts between double quotes, outside ``code``
    spans, and ``sources`` (normalised) does not hold."""
    bad = []
    for name, doc in tests.items():
        prose = re.sub(r"``.*?``", "", norm(doc))
        bad += [(name, q) for q in re.findall(r'"([^"]+)"', prose) if norm(q) not in sources]
    return bad


def named_tests(text: str, *, files: bool = False) -> set[str]:
    """The test names ``text`` mentions; a file name (``test_data.py``) counts as its stem
    only if ``files``."""
    if files:
        return set(re.findall(r"\btest_\w+", text))
    return {m.group(1) for m in re.finditer(r"\b(test_\w+)(\.py)?", text) if not m.group(2)}


def defined_tests(paths: Iterable[Path]) -> set[str]:
    """The names of the module-level test functions of ``paths``."""
    out: set[str] = set()
    for p in paths:
        out |= set(re.findall(r"^def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
    return out
