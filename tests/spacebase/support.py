"""Helpers shared by the Space Base tests (``tests/spacebase/``).

* the rule text (``rules/spacebase.txt``) and the Space Base section of
  ``rules/RULINGS.md``, read from the repository and split into the sentences and rulings
  the rule tests quote;
* drivers for positions built with ``SpaceBase.scenario(..., auto_roll=False)``: force
  chance outcomes, apply actions, read the legal actions as text, check a refusal leaves
  the game unchanged;
* ``reference_functional``: an independent, naive implementation of RULINGS.md Space Base
  5 and 6 (rebuild both adjacencies from scratch and iterate over every cell until
  nothing changes), to check the engine's incremental fixed point against.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardgames.core.game import CHANCE
from boardgames.spacebase import Board, Rules, SpaceBase

__all__ = [
    "CHANCE",
    "RULE_TEXT",
    "RULINGS_TEXT",
    "Rules",
    "SpaceBase",
    "acts",
    "chance",
    "force",
    "legend_lines",
    "norm",
    "play",
    "prose_sentences",
    "quote",
    "reference_functional",
    "refused",
    "rulings",
    "scenario",
]

ROOT = Path(__file__).resolve().parents[2]
RULE_TEXT = (ROOT / "rules" / "spacebase.txt").read_text(encoding="utf-8")
_RULINGS_ALL = (ROOT / "rules" / "RULINGS.md").read_text(encoding="utf-8")
RULINGS_TEXT = _RULINGS_ALL.split("## Space Base", 1)[1].split("\n## ", 1)[0]


def norm(text: str) -> str:
    """Whitespace collapsed, for comparing quotes with the text."""
    return " ".join(text.split())


def quote(sentence: str) -> str:
    """``sentence``, checked to be in the rule text (whitespace-insensitive)."""
    assert norm(sentence) in norm(RULE_TEXT), f"not in rules/spacebase.txt: {sentence!r}"
    return sentence


# ---------------------------------------------------------------------------------------
# The rule text, split into what the tests must cover
# ---------------------------------------------------------------------------------------
def _is_heading(line: str) -> bool:
    t = line.strip()
    return bool(t) and t == t.upper() and not re.match(r"^\d", t) and "=" not in t


def prose_sentences() -> list[str]:
    """Every sentence of the prose: each section's lines (headings left out) joined
    within a paragraph and split after each '.'; a numbered line ("1. Transfer Phase")
    is one sentence. The card list and its legend are data (see ``legend_lines`` and
    tests/spacebase/test_data.py); the closing link line is not a rule."""
    lines = RULE_TEXT.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.strip() == "CARD LIST")
    table_end = next(i for i, ln in enumerate(lines) if ln.strip() == "END OF GAME")
    body = lines[:start] + lines[table_end:]
    out: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            text = norm(" ".join(buf))
            out.extend(s for s in re.split(r"(?<=\.)\s+", text) if s)
            buf.clear()

    for line in body:
        if not line.strip() or _is_heading(line) or line.startswith("Return to Warpspawn"):
            flush()
        elif re.match(r"^\d\. ", line):
            flush()
            out.append(norm(line))
        else:
            buf.append(line)
    flush()
    return out


def legend_lines() -> list[str]:
    """The card list's legend ("# = The number of that type of card in the deck." ...)."""
    return [norm(ln) for ln in RULE_TEXT.splitlines() if re.match(r"^(#|\w+) = ", ln)]


def rulings() -> dict[str, str]:
    """``{"1": text, ..., "9": text}`` of the Space Base rulings."""
    body = RULINGS_TEXT.split("\n", 1)[1]
    out: dict[str, str] = {}
    for m in re.finditer(r"(?:^|\n)(\d+)\. (.*?)(?=\n\d+\. |\Z)", body.strip(), re.S):
        out[m.group(1)] = norm(m.group(2))
    return out


# ---------------------------------------------------------------------------------------
# Driving a game
# ---------------------------------------------------------------------------------------
def scenario(**kw: Any) -> SpaceBase:
    """``SpaceBase.scenario`` stopping at every chance node (``auto_roll=False``) and with
    a fixed seed, unless told otherwise."""
    kw.setdefault("auto_roll", False)
    kw.setdefault("seed", 1)
    return SpaceBase.scenario(**kw)


def chance(g: SpaceBase) -> dict[Any, Any]:
    """The chance node's distribution as a plain dict (asserting one is pending)."""
    assert g.current_player == CHANCE, f"no chance node: the game waits for {acts(g)}"
    return dict(g.chance_outcomes())


def force(g: SpaceBase, *outcomes: Any) -> SpaceBase:
    """Force chance outcomes, one per chance node, each checked to be possible."""
    for o in outcomes:
        d = chance(g)
        assert o in d, f"{o!r} is not an outcome of {sorted(d, key=str)[:12]}"
        g.apply(o)
    return g


def play(g: SpaceBase, *actions: str) -> SpaceBase:
    """Apply actions (notations), each checked to be offered."""
    for a in actions:
        assert g.current_player not in (None, CHANCE), f"{a!r}: no decision pending"
        assert a in acts(g), f"{a!r} not legal; legal: {sorted(acts(g))}"
        g.apply(a)
    return g


def acts(g: SpaceBase) -> set[str]:
    """The legal actions, as notations."""
    return {str(a) for a in g.legal_actions()}


def refused(g: SpaceBase, action: Any, *words: str) -> str:
    """``action`` raises a ValueError (quoting the reason with ``words``) and changes
    nothing. Returns the message."""
    before = g.to_json()
    log, views = g.log, [g.view(p) for p in [None, *range(g.players)]]
    with pytest.raises(ValueError) as info:
        g.apply(action)
    assert g.to_json() == before
    assert g.log == log
    assert [g.view(p) for p in [None, *range(g.players)]] == views
    msg = str(info.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    return msg


# ---------------------------------------------------------------------------------------
# An independent fixed point (RULINGS.md Space Base 5 and 6), the slow obvious way
# ---------------------------------------------------------------------------------------
_ORE = {"Metal": "Metals", "Radioactives": "Radioactives", "Ice + Organics": "Ice + Organics"}
_POWER = {"Outpost", "Solar Panels Array", "Geothermal Plant", "Reactor Core"}
_EXTRACTORS = {"Outpost", "Extractor"}
_NOT_INSTALLATIONS = {"Volcano", *_ORE}


def reference_functional(
    sites: dict[tuple[int, int], str],
    damage: dict[tuple[int, int], int] | None = None,
    volcano_adjacency: str = "logistic",
) -> tuple[set[tuple[int, int]], dict[tuple[int, int], set[str]]]:
    """(functional cells, ores carried) of ``{cell: card name}``: start with nothing,
    then repeatedly rebuild the logistic adjacency from the functional hubs and add every
    undamaged installation whose requirements functional neighbours meet."""
    damage = damage or {}

    def grid(c: tuple[int, int]) -> set[tuple[int, int]]:
        x, y = c
        return {n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in sites}

    func: set[tuple[int, int]] = set()
    ores: dict[tuple[int, int], set[str]] = {}
    while True:
        logi = {c: set(grid(c)) for c in sites}
        for h in func:
            if sites[h] == "Transport Hub":
                around = grid(h)
                for a in around:
                    logi[a] |= around - {a}
        new_func: set[tuple[int, int]] = set()
        new_ores: dict[tuple[int, int], set[str]] = {}
        for c, name in sites.items():
            if name in _NOT_INSTALLATIONS or damage.get(c):
                continue
            near = logi[c]
            power = any(n in func and sites[n] in _POWER for n in grid(c))
            volc = logi[c] if volcano_adjacency == "logistic" else grid(c)

            ext = _ext(func, ores, sites, near)
            ref = _ref(func, ores, sites, near)
            has = _has(func, sites, near)
            ok = {
                "Outpost": True,
                "Solar Panels Array": True,
                "Geothermal Plant": any(sites[n] == "Volcano" for n in volc),
                "Extractor": power and any(sites[n] in _ORE for n in near),
                "Refineries": power and ext(None),
                "Reactor Core": ref("Radioactives"),
                "Hydroponic Dome": power and ext("Ice + Organics"),
                "Factory": ref("Metals"),
                "Transport Hub": power,
                "Shield Generator": power,
                "Research Station": power,
                "Colony": power and has("Hydroponic Dome"),
                "High-Tech Industry": power and has("Colony") and has("Factory"),
                "Bio-Med Labs": power and has("Colony") and has("Research Station"),
                "Space Port": power and has("Colony")
                and has("High-Tech Industry", "Bio-Med Labs"),
            }[name]
            if not ok:
                continue
            new_func.add(c)
            if name in _EXTRACTORS:
                new_ores[c] = {_ORE[sites[n]] for n in near if sites[n] in _ORE}
            elif name == "Refineries":
                new_ores[c] = set().union(*(ores.get(n, set()) for n in near
                                            if n in func and sites[n] in _EXTRACTORS))
        if new_func == func and new_ores == ores:
            return func, ores
        func, ores = new_func, new_ores


def _ext(func: set, ores: dict, sites: dict, near: set) -> Any:
    def ext(ore: str | None) -> bool:
        return any(n in func and sites[n] in _EXTRACTORS and ores.get(n)
                   and (ore is None or ore in ores[n]) for n in near)
    return ext


def _ref(func: set, ores: dict, sites: dict, near: set) -> Any:
    def ref(ore: str) -> bool:
        return any(n in func and sites[n] == "Refineries" and ore in ores.get(n, ())
                   for n in near)
    return ref


def _has(func: set, sites: dict, near: set) -> Any:
    def has(*names: str) -> bool:
        return any(n in func and sites[n] in names for n in near)
    return has


def board_of(sites: dict[tuple[int, int], str], owner: int = 0, **kw: Any) -> Board:
    """A Board with ``sites`` (all controlled by ``owner``)."""
    return Board({c: (n, owner) for c, n in sites.items()}, **kw)


# ---------------------------------------------------------------------------------------
# Hidden information: what a view may hold
# ---------------------------------------------------------------------------------------
def spacebase_secrets(game: Any, viewer: int | None, view: dict[str, Any]) -> list[str]:
    """The leaks in ``view`` (seen by ``viewer``; None = a spectator), for the conformance
    suite: a hand is only in its owner's view (``hand``) and, during a Control card's
    look, in the looker's (``peek``); no view holds the deck (its cards or their order)."""
    from conformance.suite import walk_keys, walk_lists

    s = game.state
    leaks: list[str] = []
    keys = walk_keys(view)
    lists = walk_lists(view)
    if viewer is None:
        leaks += [f"spectator view has {k!r}" for k in ("hand", "peek") if k in keys]
    else:
        if view.get("hand") != list(s.hands[viewer]):
            leaks.append(f"view({viewer}) hand {view.get('hand')} is not {s.hands[viewer]}")
        looking = s.peek is not None and s.peek[0] == viewer
        if looking != ("peek" in view):
            leaks.append(f"view({viewer}) peek {view.get('peek')} but state peek {s.peek}")
        if looking and view["peek"] != {"player": s.peek[1], "hand": list(s.hands[s.peek[1]])}:
            leaks.append("the peek shows another hand than the one looked at")
    # lists that may legitimately be in the view, and may equal a secret by chance: the
    # viewer's hand, the hand they look at, the ores carried ("Radioactives" is a card too)
    legit = [view.get("hand"), (view.get("peek") or {}).get("hand")]
    legit += list(((view.get("board") or {}).get("ores") or {}).values())
    for q, hand in enumerate(s.hands):
        if q == viewer or not hand or (s.peek is not None and s.peek == (viewer, q)):
            continue
        h = list(hand)
        if lists.count(h) > legit.count(h):
            leaks.append(f"view({viewer}) holds player {q}'s hand {h}")
    leaks += [f"view has key {k!r}" for k in ("deck", "order", "deck_order", "counts",
                                              "hands") if k in keys]
    unknown = sorted(c for c, k in s.deck.counts.items() for _ in range(k))
    if len(unknown) > 1:
        for lst in lists:
            if (all(isinstance(x, str) for x in lst) and sorted(lst) == unknown
                    and lst not in legit):
                leaks.append("a view lists the cards of the deck")
    return leaks
