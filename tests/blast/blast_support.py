"""Helpers shared by the Blast tests (``tests/blast/``).

* the rule text (``rules/blast.txt``) and the Blast section of ``rules/RULINGS.md``, read
  from the repository and split into the sentences and rulings the rule tests quote;
* small drivers for positions built with ``Blast.scenario(..., auto_roll=False)``: force
  chance outcomes, apply actions, read the legal actions as text, check a refusal leaves
  the game unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardgames.blast import Blast, Rules
from boardgames.core.game import CHANCE

__all__ = [
    "CHANCE",
    "EMPIRE",
    "RULE_TEXT",
    "RULINGS_TEXT",
    "TERRAN",
    "Blast",
    "Rules",
    "acts",
    "blast_rulings",
    "board",
    "card_rows",
    "chance",
    "force",
    "norm",
    "play",
    "prose_sentences",
    "quote",
    "refused",
    "scenario",
    "stack",
    "to_decision",
]

ROOT = Path(__file__).resolve().parents[2]
RULE_TEXT = (ROOT / "rules" / "blast.txt").read_text(encoding="utf-8")
_RULINGS_ALL = (ROOT / "rules" / "RULINGS.md").read_text(encoding="utf-8")
RULINGS_TEXT = _RULINGS_ALL.split("## Blast", 1)[1].split("\n## ", 1)[0]
TERRAN, EMPIRE = 0, 1


def norm(text: str) -> str:
    """Whitespace collapsed, for comparing quotes with the text."""
    return " ".join(text.split())


def quote(sentence: str) -> str:
    """``sentence``, checked to be in the rule text (whitespace-insensitive)."""
    assert norm(sentence) in norm(RULE_TEXT), f"not in rules/blast.txt: {sentence!r}"
    return sentence


# ---------------------------------------------------------------------------------------
# The rule text, split into what the tests must cover
# ---------------------------------------------------------------------------------------
_SPLIT = re.compile(r"(?<=\.)\s+(?=[A-Z])|(?<=#\d\))\s+|(?<=#\d\d\))\s+")


def prose_sentences() -> list[str]:
    """Every sentence of the prose before the unit lists: a numbered line ("1. Draw
    Phase") is one sentence; other lines are joined within a paragraph and split after
    each '.' (a "(Space #1)" stays with the sentence before it)."""
    lines = RULE_TEXT.splitlines()
    first_table = next(i for i, ln in enumerate(lines) if ln.startswith("#\t"))
    out: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            out.extend(s for s in _SPLIT.split(norm(" ".join(buf))) if s)
            buf.clear()

    for line in lines[:first_table]:
        if not line.strip():
            flush()
        elif re.match(r"^\d\. ", line):
            flush()
            out.append(norm(line))
        else:
            buf.append(line)
    flush()
    return out


def unit_tables() -> list[list[tuple[int, int, str]]]:
    """The two unit lists of the text as (count, force, name) rows."""
    tables: list[list[tuple[int, int, str]]] = []
    for ln in RULE_TEXT.splitlines():
        if ln.startswith("#\tForce"):
            tables.append([])
        elif tables and re.match(r"^\d\t\d\t", ln):
            count, force, name = [c.strip() for c in ln.split("\t") if c.strip()][:3]
            tables[-1].append((int(count), int(force), name))
    return tables


def unit_notes() -> dict[str, str]:
    """``{unit name: description}`` of the lines "Name: description" after the lists
    (a description continued on the next line is joined)."""
    out: dict[str, str] = {}
    names = {name for t in unit_tables() for _, _, name in t}
    last = None
    for ln in RULE_TEXT.splitlines():
        head, sep, rest = ln.partition(":")
        if sep and head.strip() in names:
            last = head.strip()
            out[last] = norm(rest)
        elif last and ln.strip() and not ln.startswith(("#", "Card Name")) and "\t" not in ln:
            out[last] = norm(out[last] + " " + ln)
        else:
            last = None
    return out


def card_rows() -> list[tuple[str, str]]:
    """(name, note) of every row of the card list, in text order."""
    lines = RULE_TEXT.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Card Name"))
    rows = []
    for ln in lines[start + 1:]:
        if ln.startswith("Notes:") or not ln.strip():
            break
        cells = [c.strip() for c in re.split(r"\t+", ln) if c.strip()]
        rows.append((cells[0], norm(cells[1])))
    return rows


def footnotes() -> list[str]:
    """The sentences after the card list ("Notes: ...", "When making the deck ...")."""
    lines = RULE_TEXT.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Notes:"))
    return [norm(ln) for ln in lines[start:] if ln.strip()]


def blast_rulings() -> dict[str, str]:
    """``{"1": text, ... "11": text}`` of the Blast rulings."""
    body = RULINGS_TEXT.split("\n", 1)[1]
    out: dict[str, str] = {}
    for m in re.finditer(r"(?:^|\n)(\d+)\. (.*?)(?=\n\d+\. |\Z)", body.strip(), re.S):
        out[m.group(1)] = norm(m.group(2))
    return out


# ---------------------------------------------------------------------------------------
# Driving a game
# ---------------------------------------------------------------------------------------


def scenario(**kw: Any) -> Blast:
    """``Blast.scenario`` stopping at every chance node (``auto_roll=False``) with a fixed
    seed, unless told otherwise."""
    kw.setdefault("auto_roll", False)
    kw.setdefault("seed", 1)
    return Blast.scenario(**kw)


def chance(g: Blast) -> dict[Any, Any]:
    """The chance node's distribution as a plain dict (asserting one is pending)."""
    assert g.current_player == CHANCE, f"no chance node: the game waits for {acts(g)}"
    return dict(g.chance_outcomes())


def force(g: Blast, *outcomes: Any) -> Blast:
    """Force chance outcomes, one per chance node, each checked to be possible."""
    for o in outcomes:
        d = chance(g)
        assert o in d, f"{o!r} is not an outcome of {d}"
        g.apply(o)
    return g


def play(g: Blast, *actions: str, by: int | None = None) -> Blast:
    """Apply actions (notations), each checked to be offered (to player ``by``, if
    given)."""
    for a in actions:
        assert g.current_player not in (CHANCE, None), f"{a!r}: no decision pending"
        if by is not None:
            assert g.current_player == by, f"{a!r}: player {g.current_player} decides"
        assert a in acts(g), f"{a!r} not legal; legal: {sorted(acts(g))}"
        g.apply(a)
    return g


def acts(g: Blast) -> set[str]:
    """The legal actions, as notations."""
    return {str(a) for a in g.legal_actions()}


def refused(g: Blast, action: Any, *words: str) -> str:
    """``action`` raises a ValueError (quoting each of ``words``) and changes nothing."""
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


def stack(g: Blast, player: int, sector: int) -> list[int]:
    """Forces of ``player``'s units on ``sector`` (sorted ascending)."""
    return list(g.state.units[player][sector - 1])


def board(g: Blast, player: int) -> dict[int, list[int]]:
    """``{sector: forces}`` of ``player``'s occupied sectors."""
    return {i + 1: list(st) for i, st in enumerate(g.state.units[player]) if st}


def to_decision(g: Blast, decision: str) -> Blast:
    """Roll/force nothing: assert the game now waits for ``decision``."""
    assert g.state.pending == decision, (g.state.pending, g.state.stage, acts(g))
    return g


_ = Rules  # re-exported
