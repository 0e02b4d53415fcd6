"""Space Base's static display (``boardgames/spacebase/render.py``): the SVG map, its HTML
wrapper and the text board, checked against the views they draw. The expected cells,
states and numbers come from the view, never from running the renderer. Sample files
are saved to ``test-artifacts/``."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from spacebase.support import play, scenario

import boardgames as bg
from boardgames.spacebase import render

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
NS = "{http://www.w3.org/2000/svg}"


def rich() -> bg.SpaceBase:
    """Hub links, a shield, damage, both players' sites, a meteor, a look at a hand."""
    g = scenario(
        sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1), (1, 0): ("Metal", 0),
               (0, 1): ("Transport Hub", 0), (0, 2): ("Colony", 0), (1, 1): ("Refineries", 1),
               (8, 9): ("Shield Generator", 1), (9, 8): ("Solar Panels Array", 1),
               (8, 8): ("Research Station", 1), (5, 5): ("Factory", 0)},
        damage={(5, 5): 3}, hands=[["Control", "Colony"], ["Metal", "Factory"]],
        phase="meteor", credits=[21, 34])
    g.apply((4, 4))
    play(g, "control look 1")
    return g


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("data-game") == "spacebase"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def test_svg_draws_every_site_with_its_state_from_the_view() -> None:
    g = rich()
    v = g.view(None)
    root = parse(render.svg(v))
    tiles = {g_.get("data-cell"): g_.get("data-state") for g_ in root.iter(f"{NS}g")
             if g_.get("data-cell")}
    expect = {}
    for x, y, name, _owner, _dmg, functional, _sh in v["board"]["sites"]:
        kind = g.board.site((x, y)) and bg.spacebase.data.CARDS[name].kind
        expect[f"{x},{y}"] = ("functional" if functional else "defunct") \
            if kind == "installation" else ("resource site" if kind == "resource"
                                            else "volcano site")
    assert tiles == expect
    titles = ["".join(t.itertext()) for t in root.iter(f"{NS}title")]
    assert "Factory at (5,5), Player 0, defunct, 3 damage" in titles
    assert any(t.startswith("Research Station at (8,8), Player 1, functional") and
               t.endswith("shielded") for t in titles)


def test_svg_draws_hub_links_shield_cover_and_the_meteor() -> None:
    v = rich().view(None)
    root = parse(render.svg(v))
    links = [e for e in root.iter(f"{NS}line") if e.get("data-hub-link")]
    assert len(links) == len(v["board"]["hub_links"]) == 3
    covered = [e for e in root.iter(f"{NS}rect") if e.get("data-cover")]
    shields = [r for r in v["board"]["sites"] if r[2] == "Shield Generator" and r[5]]
    assert len(shields) == 1 and len(covered) == 4  # (8,9), (7,9), (9,9), (8,8): on the map
    meteor = [e for e in root.iter(f"{NS}circle") if e.get("data-meteor")]
    assert len(meteor) == 1 and v["meteor"]["cell"] == [4, 4]


def test_svg_shows_credits_income_hand_sizes_and_only_the_viewers_hand() -> None:
    g = rich()
    spectator = "\n".join(texts(parse(render.svg(g.view(None)))))
    for p, c in enumerate(g.credits):
        assert f"{c} cr" in spectator
        assert f"income {g.view(None)['income'][p]} per turn" in spectator
    assert "Your hand" not in spectator and "Control" not in spectator.split("Player 0")[1]
    mine = "\n".join(texts(parse(render.svg(g.view(0)))))
    assert "Your hand (1)" in mine and "Colony" in mine
    assert "Player 1's hand (Control): Factory, Metal" in mine
    other = "\n".join(texts(parse(render.svg(g.view(1)))))
    assert "Player 1's hand (Control)" not in other


def test_text_board_codes_every_site() -> None:
    g = rich()
    t = render.text(g.view(None))
    lines = t.splitlines()
    header = lines.index(next(ln for ln in lines if ln.startswith("y\\x")))
    rows = lines[header + 1: header + 11]
    for x, y, name, owner, dmg, functional, _ in g.view(None)["board"]["sites"]:
        cell = rows[y][4 + 5 * x: 8 + 5 * x]
        assert cell.startswith(render.CODES[name] + str(owner)), (x, y, cell)
        if bg.spacebase.data.CARDS[name].kind == "installation":
            assert cell[3] == ("!" if dmg else "+" if functional else "-")
    assert f"Player 0: {g.credits[0]} credits" in t and "Your hand" not in t
    assert "Your hand: Colony" in render.text(g.view(0))
    assert str(g) == render.text(g.view(None))


def test_html_wraps_the_svg_and_samples_are_saved() -> None:
    g = rich()
    h = g._repr_html_()
    assert h.startswith('<div class="boardgames-spacebase"') and "<svg " in h
    assert f"credits: Player 0 {g.credits[0]}, Player 1 {g.credits[1]}" in h
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "spacebase.svg").write_text(g._repr_svg_(), encoding="utf-8")
    (ARTIFACTS / "spacebase.html").write_text(h, encoding="utf-8")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_random_games_renders(players: int) -> None:
    g = bg.SpaceBase(players=players, seed=players)
    rng = random.Random(players)
    k = 0
    while not g.is_over:
        if k % 40 == 0:
            for p in [None, *range(players)]:
                parse(render.svg(g.view(p)))
                render.text(g.view(p))
        g.apply(rng.choice(g.legal_actions()))
        k += 1
    root = parse(g._repr_svg_())
    assert any("Game over" in t for t in texts(root))
