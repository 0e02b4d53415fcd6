"""Helpers shared by the Intergalactic tests (``tests/intergalactic/``).

* the rule text (``rules/intergalactic.txt``) and the Intergalactic section of
  ``rules/RULINGS.md``, read from the repository and split into the sentences the rule
  tests quote (:func:`prose_sentences`, :func:`rulings`, :func:`ruling_sentences`);
* drivers for positions built with ``Intergalactic.scenario(..., auto_roll=False)``:
  player records, forced chance outcomes, actions checked to be offered, the legal
  actions as text, refusals checked to leave the game unchanged.

Quotes are compared with whitespace collapsed and typographic characters made plain
(the rulings' en dash and minus sign, the text's curly apostrophe), so docstrings stay
ASCII.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardgames.core.game import CHANCE
from boardgames.intergalactic import Intergalactic, Rules

__all__ = [
    "CHANCE",
    "LIST_ORDER",
    "RULE_TEXT",
    "RULINGS_TEXT",
    "Intergalactic",
    "Rules",
    "acts",
    "battle",
    "chance",
    "force",
    "keep",
    "land",
    "list_rows",
    "norm",
    "play",
    "prose_sentences",
    "quote",
    "rec",
    "refused",
    "rolled",
    "ruling_sentences",
    "rulings",
    "scenario",
    "settle",
    "two",
]

ROOT = Path(__file__).resolve().parents[2]
RULE_TEXT = (ROOT / "rules" / "intergalactic.txt").read_text(encoding="utf-8")
_RULINGS_ALL = (ROOT / "rules" / "RULINGS.md").read_text(encoding="utf-8")
RULINGS_TEXT = _RULINGS_ALL.split("## Intergalactic", 1)[1].split("\n## ", 1)[0]
_PLAIN = str.maketrans({"\u2013": "-", "\u2212": "-", "\u2019": "'"})


def norm(text: str) -> str:
    """Whitespace collapsed, typographic dashes and apostrophes made plain."""
    return " ".join(text.translate(_PLAIN).split())


def quote(sentence: str) -> str:
    """``sentence``, checked to be in the rule text (whitespace-insensitive)."""
    assert norm(sentence) in norm(RULE_TEXT), f"not in rules/intergalactic.txt: {sentence!r}"
    return sentence


# ---------------------------------------------------------------------------------------
# The rule text, split into what the tests must cover
# ---------------------------------------------------------------------------------------
def prose_sentences() -> list[str]:
    """Every sentence of the prose before the lists (the lists are data, counted and
    compared in test_data.py). A numbered line ("I. Research Stage", "1. Logistics
    Phase") is one sentence; other lines are joined within a paragraph and split after
    each '.' followed by a capital; a line ending in ':' or ')' ends a sentence, and so
    does a line followed by one starting with "If " (the text's lists and asides have no
    full stop)."""
    lines = RULE_TEXT.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("DC-Name"))
    out: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            out.extend(s for s in re.split(r"(?<=\.)\s+(?=[A-Z(])", norm(" ".join(buf))) if s)
            buf.clear()

    for i, line in enumerate(lines[:first]):
        if not line.strip():
            flush()
        elif re.match(r"^([IVX]+|\d)\. ", line):
            flush()
            out.append(norm(line))
        else:
            buf.append(line)
            nxt = lines[i + 1] if i + 1 < first else ""
            if line.rstrip().endswith((":", ")")) or nxt.startswith("If "):
                flush()
    flush()
    return out


def rulings() -> dict[str, str]:
    """``{"1": text, ... "9": text}`` of the Intergalactic rulings (bold marks removed)."""
    body = RULINGS_TEXT.split("\n", 1)[1]
    out: dict[str, str] = {}
    for m in re.finditer(r"(?:^|\n)(\d+)\. (.*?)(?=\n\d+\. |\Z)", body.strip(), re.S):
        out[m.group(1)] = norm(m.group(2).replace("**", ""))
    return out


def ruling_sentences() -> list[tuple[str, str]]:
    """(ruling, sentence) of every ruling, split after '.', ';' and ':' before a capital, a
    parenthesis or a quote; a short title ("Setup.", "Reading a list.") is not a
    sentence."""
    out = []
    for key, text in rulings().items():
        for s in re.split(r"(?<=[.;:])\s+(?=[A-Z(\"])", text):
            if not (s.endswith(".") and len(s.split()) <= 3 and s[0].isupper()
                    and not any(ch.isdigit() for ch in s)):
                out.append((key, s))
    return out


LIST_ORDER = ("research", "exploration", "development", "buildup", "stratagem", "race",
              "homeworld")


def list_rows() -> dict[str, list[tuple[int, str]]]:
    """``{list: [(threshold, name), ...]}`` read from the text's seven tables ("00" is
    100, "101+" is 101; a Race's parenthesis is left out of its name)."""
    out: dict[str, list[tuple[int, str]]] = {}
    cur: list[tuple[int, str]] | None = None
    names = iter(LIST_ORDER)
    for line in RULE_TEXT.splitlines():
        if line.startswith(("DC-Name", "DX-Name")):
            cur = out.setdefault(next(names), [])
        elif cur is not None and line.strip():
            m = re.match(r"\s*(\d\d\d?)\+?-?([^\t]*)", line)
            assert m, line
            dc = 100 if m.group(1) == "00" else int(m.group(1))
            name = norm(re.split(r" {3,}|\(", m.group(2))[0]) if dc <= 100 else m.group(2)
            cur.append((dc, name or norm(line.split("\t")[-1])))
        elif cur:
            cur = None
    return out


# ---------------------------------------------------------------------------------------
# Driving a game
# ---------------------------------------------------------------------------------------
def rec(race: str = "Glish", homeworld: str = "Blue World", entries: list[str] | None = None,
        tokens: int = 0, **kw: Any) -> dict[str, Any]:
    """One player's record for ``Intergalactic.scenario``."""
    return {"race": race, "homeworld": homeworld, "entries": list(entries or []),
            "tokens": tokens, **kw}


def scenario(players: list[dict[str, Any]], **kw: Any) -> Intergalactic:
    """``Intergalactic.scenario`` stopping at every chance node (``auto_roll=False``)
    with a fixed seed, unless told otherwise."""
    kw.setdefault("auto_roll", False)
    kw.setdefault("seed", 1)
    return Intergalactic.scenario(players=players, **kw)


def two(stage: str = "research", a: list[str] | None = None, b: list[str] | None = None,
        ta: int = 0, tb: int = 0, **kw: Any) -> Intergalactic:
    """Two players: P0 Glish of the Blue World (Population 1, Terraforming 1, Finance 1),
    P1 Karnor of the Grey World (Weapons 3, Strategy 3, Manufacturing 1), with entries
    ``a`` / ``b`` and tokens ``ta`` / ``tb``; P0 to move at turn 1 of ``stage``."""
    return scenario([rec("Glish", "Blue World", a, ta), rec("Karnor", "Grey World", b, tb)],
                    stage=stage, **kw)


def chance(g: Intergalactic) -> dict[Any, Any]:
    """The chance node's distribution as a plain dict (asserting one is pending)."""
    assert g.current_player == CHANCE, f"no chance node: the game waits for {acts(g)}"
    return dict(g.chance_outcomes())


def force(g: Intergalactic, *outcomes: Any) -> Intergalactic:
    """Force chance outcomes, one per chance node, each checked to be possible."""
    for o in outcomes:
        d = chance(g)
        assert o in d, f"{o!r} is not an outcome of {sorted(map(str, d))}"
        g.apply(o)
    return g


def acts(g: Intergalactic) -> set[str]:
    """The legal actions, as notations."""
    return {str(a) for a in g.legal_actions()}


def play(g: Intergalactic, *actions: str, by: int | None = None) -> Intergalactic:
    """Apply actions (notations), each checked to be offered (to player ``by``, if
    given)."""
    for a in actions:
        assert g.current_player not in (CHANCE, None), f"{a!r}: no decision pending"
        if by is not None:
            assert g.current_player == by, f"{a!r}: player {g.current_player} decides"
        assert a in acts(g), f"{a!r} not legal; legal: {sorted(acts(g))}"
        g.apply(a)
    return g


def refused(g: Intergalactic, action: Any, *words: str) -> str:
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


def keep(g: Intergalactic) -> str:
    """The notation of the token-spending action that spends nothing (``keep <total>``)."""
    return f"keep {g.state.cur['total']}"


def land(g: Intergalactic, total: int) -> str:
    """The notation of the token-spending action that lands on ``total`` (asserting it is
    offered)."""
    for a in g.legal_actions():
        if a.total == total:
            return str(a)
    raise AssertionError(f"no action lands on {total}: {sorted(acts(g))}")


def rolled(g: Intergalactic) -> tuple[int, str | None]:
    """The total of the last list roll and the entry it lands on as it stands: the view's
    while the roller decides, else (nothing else within reach, no decision) the log's
    landing line."""
    if g.phase == "spend" and g.current_player not in (CHANCE, None):
        r = g.view()["roll"]
        return r["total"], r["entry"]
    line = next(x for x in reversed(g.log) if re.match(r"P\d lands on ", x))
    m = re.match(r"P\d lands on (-?\d+)(?: after spending \d+ IT)?: (.*)", line)
    assert m, line
    return int(m.group(1)), None if m.group(2) == "nothing" else m.group(2)


def settle(g: Intergalactic, bat: bool = True) -> Intergalactic:
    """Take every token choice of a roll (``keep``) and, with ``bat``, of the BAT
    (``add 0``) as it is."""
    phases = ("spend", "bat") if bat else ("spend",)
    while g.phase in phases and g.current_player not in (CHANCE, None):
        g.apply(keep(g) if g.phase == "spend" else "add 0")
    return g


def battle(g: Intergalactic, defender: int, stratagems: tuple[int, int],
           rolls: tuple[int, int], income: int = 1) -> Intergalactic:
    """From the start of a Conflict turn: force the income, attack ``defender``, force
    both stratagem rolls and both battle rolls, taking every token choice as it is;
    stops at the Resolution's first decision (or wherever the battle stopped). Without
    ``rolls`` it stops before the BAT spending."""
    force(g, income)
    play(g, f"attack {defender}")
    for die in stratagems:
        if g.current_player != CHANCE:
            break
        force(g, die)
        settle(g, bat=False)
    if rolls:
        settle(g)
    for die in rolls:
        if g.current_player != CHANCE or g.state.chance[0] != "battle":
            break
        force(g, die)
    return g


_ = Rules  # re-exported
