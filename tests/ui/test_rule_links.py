"""Everything explains itself (issue 17): every card, site, unit and list entry on every
board links to its rule in ``docs/rules/<game>.md``.

Each board publishes once, next to its glossary, ``rule_anchors`` (``{name: anchor}``,
one anchor per kind of card, unit, site or list entry); the browser puts
``<page>#<anchor>`` on every element it describes (``data-rule``) and links to it. Here:
every name of the glossary and every name a board's view shows in mid-game (seeded random
play) has an anchor, and every anchor is really in the game's page (a heading's or an
``<a id>``): the check fails when an anchor is missing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.core.game import Game
from boardgames.ui.board import Board
from boardgames.ui.explain import doc_anchors, missing_anchors, rules_page

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def advanced(game: Game, steps: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def spacehole_names(b: Board) -> Iterator[str]:
    v = b.view
    yield v["base"]["name"]
    yield from v["hand"] or []
    yield from v["known_top"] or []
    yield from v["discard"]
    yield from (s["name"] for s in v["structures"])
    yield from (d["name"] for d in v["defenders"])
    if v["current"]:
        yield v["current"]["name"]


def blast_names(b: Board) -> Iterator[str]:
    v = b.view
    yield from v["hand"] or []
    yield from v["vortex"]
    yield from v["in_play"]
    for sector in v["sectors"]:
        for side in ("terran", "empire"):
            yield from (f"{side} unit {force}" for force in sector[side])
    for side, forces in v["scrap"].items():
        yield from (f"{side} unit {force}" for force in forces)


def spacebase_names(b: Board) -> Iterator[str]:
    v = b.view
    yield from v["hand"] or []
    yield from v["discard"]
    yield from (site[2] for site in v["board"]["sites"])


def intergalactic_names(b: Board) -> Iterator[str]:
    yield from (row["name"] for row in b.extra["list"])
    for record in b.view["records"]:
        for names in record["held"].values():
            yield from names


GAMES: dict[str, tuple[Callable[[int], Game], int, Callable[[Board], Iterator[str]]]] = {
    "spacehole": (lambda s: bg.Spacehole(seed=s), 40, spacehole_names),
    "spacehole-babylon5": (lambda s: bg.Spacehole(seed=s, variant="babylon5"), 40,
                           spacehole_names),
    "blast": (lambda s: bg.Blast(seed=s), 60, blast_names),
    "spacebase": (lambda s: bg.SpaceBase(players=3, seed=s), 90, spacebase_names),
    "intergalactic": (lambda s: bg.Intergalactic(players=4, seed=s), 150, intergalactic_names),
}


def board_of(game: Game) -> Board:
    player = game.current_player if game.current_player not in (None, -1) else 0
    return game.widget(player=player)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_name_of_the_glossary_links_to_a_rule_that_exists(key: str) -> None:
    make, _steps, _names = GAMES[key]
    game = make(1)
    b = board_of(game)
    assert b.rule_anchors and set(b.rule_anchors) == set(b.glossary)
    text = (DOCS / f"{game.name}.md").read_text(encoding="utf-8")
    assert missing_anchors(b.rule_anchors.values(), text) == []
    # the browser's link: the rules page of the header without its section, and the anchor
    assert b.rules_url.split("#")[0] == rules_page(game.name)
    assert rules_page(game.name).endswith(f"/docs/rules/{game.name}.md")


@pytest.mark.parametrize("key", list(GAMES))
def test_every_card_unit_site_and_entry_a_board_shows_has_its_rule(key: str) -> None:
    """In mid-game positions of three seeds: every name the board's view shows (hand,
    cards in play, discards, units, sites, list rows, held entries) has a rule anchor,
    and the anchor is in the game's page."""
    make, steps, names = GAMES[key]
    shown: set[str] = set()
    for seed in (1, 2, 3):
        game = advanced(make(seed), steps, seed)
        b = board_of(game)
        found = set(names(b))
        assert found, "the position shows nothing to link"
        assert found - set(b.rule_anchors) == set(), found - set(b.rule_anchors)
        text = (DOCS / f"{game.name}.md").read_text(encoding="utf-8")
        assert missing_anchors((b.rule_anchors[n] for n in found), text) == []
        shown |= found
    assert len(shown) > 5, shown


def test_a_missing_anchor_is_found() -> None:
    text = (DOCS / "spacehole.md").read_text(encoding="utf-8")
    anchors = set(bg.Spacehole(seed=1).widget().rule_anchors.values())
    assert "card-invader" in doc_anchors(text) and "card-invader" in anchors
    cut = text.replace('<a id="card-invader"></a>', "")
    assert missing_anchors(anchors, cut) == ["card-invader"]
    # a heading's anchor counts (GitHub's), a "# comment" in a code block does not
    assert doc_anchors("## The Build phase (ruling 4)\n") == {"the-build-phase-ruling-4"}
    assert doc_anchors("```python\n# not a heading\n```\n") == set()


@pytest.mark.parametrize("make", [lambda: bg.Blast(seed=2), lambda: bg.Intergalactic(seed=3)])
def test_the_rule_anchors_are_sent_once_not_with_every_move(make: Callable[[], Any]) -> None:
    g = make()
    b = board_of(g)
    assert b.rule_anchors
    for _ in range(3):
        if g.current_player != b.player:
            break
        b._on_msg(b, {"type": "intent", "action": b.legal[0], "version": b.version}, [])
        assert b.error == ""
        assert "rule_anchors" not in b.timings[-1]["keys"]
