"""Helpers shared by the Spacehole rule tests (``tests/spacehole/test_rules_*.py``).

* the rule text (``rules/spacehole.txt``) and the Spacehole section of ``rules/RULINGS.md``,
  read from the repository, split into the sentences and rulings every rule test quotes;
* small drivers for positions built with ``Spacehole.scenario(..., auto_roll=False)``:
  force chance outcomes, apply actions, read the legal actions as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.spacehole import Rules, Spacehole

__all__ = [
    "CHANCE",
    "RULE_TEXT",
    "RULINGS_TEXT",
    "Rules",
    "Spacehole",
    "acts",
    "b5_notes",
    "chance",
    "classic_notes",
    "force",
    "norm",
    "play",
    "prose_sentences",
    "quote",
    "refused",
    "scenario",
    "spacehole_rulings",
    "state",
    "view",
]

ROOT = Path(__file__).resolve().parents[2]
RULE_TEXT = (ROOT / "rules" / "spacehole.txt").read_text(encoding="utf-8")
_RULINGS_ALL = (ROOT / "rules" / "RULINGS.md").read_text(encoding="utf-8")
RULINGS_TEXT = _RULINGS_ALL.split("## Spacehole", 1)[1].split("\n## ", 1)[0]


def norm(text: str) -> str:
    """Whitespace collapsed, for comparing quotes with the text."""
    return " ".join(text.split())


def quote(sentence: str) -> str:
    """``sentence``, checked to be in the rule text (whitespace-insensitive)."""
    assert norm(sentence) in norm(RULE_TEXT), f"not in rules/spacehole.txt: {sentence!r}"
    return sentence


# ---------------------------------------------------------------------------------------
# The rule text, split into what the tests must cover
# ---------------------------------------------------------------------------------------


def _split(lines: Iterable[str]) -> list[str]:
    """Sentences of prose lines: a numbered line ("1. Space Karma Phase") is one
    sentence; other lines are joined within a paragraph and split after each '.'."""
    out: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            text = norm(" ".join(buf))
            out.extend(s for s in re.split(r"(?<=\.)\s+", text) if s)
            buf.clear()

    for line in lines:
        if not line.strip():
            flush()
        elif re.match(r"^\d\. ", line):
            flush()
            out.append(norm(line))
        else:
            buf.append(line)
    flush()
    return out


def prose_sentences() -> list[str]:
    """Every sentence of the classic prose (before the first card table) and the four
    legend lines under the structure table."""
    lines = RULE_TEXT.splitlines()
    first_table = next(i for i, ln in enumerate(lines) if ln.startswith("Card Name:"))
    legend = [norm(ln) for ln in lines if re.match(r"^[#$PD] = ", ln)]
    return _split(lines[:first_table]) + legend


def _table_rows(section: str) -> list[list[str]]:
    rows = []
    for ln in section.splitlines():
        if not ln.strip() or ln.startswith(("Card Name:", "#", "$", "P =", "D =", "*")):
            continue
        rows.append([c.strip() for c in re.split(r"\t+", ln) if c.strip()])
    return rows


def _sections() -> tuple[str, str]:
    classic, b5 = RULE_TEXT.split("By C. Gerard Luft", 1)
    return classic, b5


def classic_notes() -> list[str]:
    """Every non-empty Notes cell of the classic tables (events included) and the
    footnote, once each."""
    classic, _ = _sections()
    first_table = classic.index("Card Name:")
    notes: list[str] = []
    for row in _table_rows(classic[first_table:]):
        last = row[-1]
        if not re.fullmatch(r"\d+", last) and last != row[0] and last not in notes:
            notes.append(norm(last))
    footnote = next(ln for ln in classic.splitlines() if ln.startswith("* "))
    return [*notes, norm(footnote)]


def b5_notes() -> list[str]:
    """The Babylon 5 statements (prose lines) and every non-empty Notes cell of its
    tables."""
    _, b5 = _sections()
    lines = [ln for ln in b5.splitlines() if ln.strip()]
    prose = [norm(ln) for ln in lines if "\t" not in ln and not ln.startswith("Card Name:")]
    notes: list[str] = []
    for row in _table_rows(b5):
        last = row[-1]
        if len(row) > 1 and not re.fullmatch(r"\d+", last) and norm(last) not in notes:
            notes.append(norm(last))
    return prose + notes


def spacehole_rulings() -> dict[str, str]:
    """``{"deck": text, "1": text, ... "13": text}`` of the Spacehole rulings."""
    out: dict[str, str] = {}
    body = RULINGS_TEXT.split("\n", 1)[1]
    deck, rest = body.split("\n1. ", 1)
    out["deck"] = norm(deck)
    for m in re.finditer(r"(?:^|\n)(\d+)\. (.*?)(?=\n\d+\. |\Z)", "1. " + rest, re.S):
        out[m.group(1)] = norm(m.group(2))
    return out


# ---------------------------------------------------------------------------------------
# Driving a game
# ---------------------------------------------------------------------------------------


def scenario(**kw: Any) -> Spacehole:
    """``Spacehole.scenario`` stopping at every chance node (``auto_roll=False``) and
    with a fixed seed, unless told otherwise."""
    kw.setdefault("auto_roll", False)
    kw.setdefault("seed", 1)
    return Spacehole.scenario(**kw)


def chance(g: Spacehole) -> dict[Any, Any]:
    """The chance node's distribution as a plain dict (asserting one is pending)."""
    assert g.current_player == CHANCE, f"no chance node: the game waits for {g.legal_actions()}"
    return dict(g.chance_outcomes())


def force(g: Spacehole, *outcomes: Any) -> Spacehole:
    """Force chance outcomes, one per chance node, each checked to be possible."""
    for o in outcomes:
        d = chance(g)
        assert o in d, f"{o!r} is not an outcome of {d}"
        g.apply(o)
    return g


def play(g: Spacehole, *actions: str) -> Spacehole:
    """Apply the player's actions (notations), each checked to be offered."""
    for a in actions:
        assert g.current_player == 0, f"{a!r}: a chance node is pending: {g.chance_outcomes()}"
        assert a in acts(g), f"{a!r} not legal; legal: {sorted(acts(g))}"
        g.apply(a)
    return g


def acts(g: Spacehole) -> set[str]:
    """The legal actions, as notations."""
    return {str(a) for a in g.legal_actions()}


def refused(g: Spacehole, action: Any, *words: str) -> str:
    """``action`` raises a ValueError (quoting the reason with ``words``) and changes
    nothing. Returns the message."""
    before = g.to_json()
    log = g.log
    with pytest.raises(ValueError) as info:
        g.apply(action)
    assert g.to_json() == before
    assert g.log == log
    msg = str(info.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    return msg


def state(g: Spacehole) -> Any:
    return g.state


def view(g: Spacehole) -> dict[str, Any]:
    return g.view(0)


# Silence "imported but unused" for re-exports used by the test modules.
_ = (bg, Rules)
