"""Blast's static display: the SVG of the circular track, its HTML wrapper and the text
board, all pure functions of a view. Checked for well-formed self-contained SVG, the
28 sectors and 4 planets, chips for every stack in both colours, control, scrap heaps,
deck and vortex counts, dice and fights, and that a spectator's board shows no hand."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from blast.blast_support import EMPIRE, TERRAN, Blast, play, scenario

from boardgames.blast import render

NS = "{http://www.w3.org/2000/svg}"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def test_the_svg_is_self_contained_and_well_formed() -> None:
    g = Blast(seed=3)
    svg = render.svg(g.view(None))
    root = parse(svg)
    assert root.get("data-game") == "blast"
    assert "<script" not in svg and "<style" not in svg and "href" not in svg
    assert "<image" not in svg and "url(" not in svg
    sectors = [e for e in root.iter(f"{NS}g") if e.get("class") == "sector"]
    assert sorted(int(e.get("data-sector")) for e in sectors) == list(range(1, 29))
    words = " ".join(texts(root))
    for planet in ("Earth", "Nimrod", "Planet X", "Cygnus-7"):
        assert planet in words
    assert g._repr_svg_() == svg and "data-game=\"blast\"" in g._repr_html_()


def chips(root: ET.Element) -> Counter:
    """(side, force, count) of every chip on the track (the scrap heaps excluded)."""
    out: Counter = Counter()
    for sec in root.iter(f"{NS}g"):
        if sec.get("class") != "sector":
            continue
        for chip in sec.iter(f"{NS}g"):
            cls = chip.get("class") or ""
            if cls.startswith("chip "):
                title = chip.find(f"{NS}title").text  # e.g. "Terran force 3 x2"
                m = re.fullmatch(r"(\w+) force (\d)(?: x(\d+))?", title)
                assert m, title
                out[(int(sec.get("data-sector")), cls.split()[1], int(m.group(2)))] += int(
                    m.group(3) or 1)
    return out


def test_every_stack_is_drawn_as_force_chips_in_its_sides_colour() -> None:
    rng = random.Random(5)
    g = Blast(seed=5)
    for _ in range(300):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    v = g.view(None)
    want: Counter = Counter()
    for s in v["sectors"]:
        for side in ("terran", "empire"):
            for f in s[side]:
                want[(s["sector"], side, f)] += 1
    root = parse(render.svg(v))
    assert chips(root) == want
    fills = {c.get("fill") for c in root.iter(f"{NS}circle")}
    assert {"#0072B2", "#D55E00"} <= fills


def test_control_scrap_heaps_counts_and_dice_are_shown() -> None:
    g = scenario(units={1: {"terran": [4, 1]}, 8: {"empire": [2]}, 15: {"empire": [5]},
                        22: {"terran": [3]}}, phase="move", dice=[2, 6], to_move="terran",
                 vortex=["Ambush", "Nova Bomb", "Hyper Jump"])
    v = g.view(None)
    root = parse(render.svg(v))
    words = texts(root)
    joined = " ".join(words)
    assert "Cygnus-7" in joined and "(Terran)" in joined and "(Empire)" in joined
    assert "Terran scrap heap (12)" in joined and "Empire scrap heap (13)" in joined
    assert f"Deck {v['deck_size']} · Vortex 3 · In play 0" in joined
    assert "Dice: 2 6" in joined
    rims = [p for p in root.iter(f"{NS}path") if p.get("fill") == "none"]
    assert {p.get("stroke") for p in rims} == {"#0072B2", "#D55E00"}
    assert len(rims) == 4  # four controlled sectors


def test_a_fight_shows_both_totals_and_the_cards_played() -> None:
    g = scenario(units={10: {"terran": [3, 2], "empire": [4]}}, phase="fight",
                 to_move="terran", hands={"terran": ["Nova Bomb"], "empire": ["Ambush"]})
    play(g, "play Nova Bomb", by=TERRAN)
    joined = " ".join(texts(parse(render.svg(g.view(EMPIRE)))))
    assert "Fight on sector 10: Terran 10 vs Empire 4" in joined
    assert "Nova Bomb" in joined
    text = render.text(g.view(EMPIRE))
    assert "Fight on 10: 10 vs 4" in text and "10: T 3+2 | E 4 (fight)" in text


def test_a_spectator_sees_no_hand_and_a_player_sees_their_own() -> None:
    g = scenario(hands={"terran": ["Espionage", "Reinforcements"],
                        "empire": ["Major Offensive"]}, phase="roll", to_move="terran")
    spectator = render.svg(g.view(None))
    assert "Espionage" not in spectator and "Major Offensive" not in spectator
    assert "Hands are hidden" in spectator
    mine = render.svg(g.view(TERRAN))
    assert "Espionage" in mine and "Reinforcements" in mine and "Major Offensive" not in mine
    assert "Your hand: Espionage, Reinforcements" in render.text(g.view(TERRAN))
    assert "Your hand" not in render.text(g.view(None))


def test_the_text_board_lists_occupied_sectors_and_planets() -> None:
    g = Blast(seed=1)
    text = str(g)
    assert " 1 Earth: T 5+4+4+3+3+3+2+2+2+2+1+1+1+1+1 *Terran" in text
    assert "15 Planet X: E 5+4+4+3+3+3+2+2+2+2+1+1+1+1+1 *Empire" in text
    assert " 8 Nimrod: -" in text and "22 Cygnus-7: -" in text
    assert "BLAST - turn 1" in text


def test_every_position_of_random_games_renders_and_artifacts_are_written() -> None:
    """Boards of every view of three random games (both hands, spectators, fights, the
    keep choice, the end) parse as SVG; one of each kind is saved in test-artifacts/."""
    seen: set[str] = set()
    for seed in range(3):
        g = Blast(seed=seed)
        rng = random.Random(seed)
        k = 0
        while not g.is_over:
            if k % 7 == 0 or g.state.pending in ("keep", "attack", "defend"):
                for p in (None, TERRAN, EMPIRE):
                    v = g.view(p)
                    parse(render.svg(v))
                    assert render.text(v)
                    assert render.html(v).startswith('<div class="boardgames-blast"')
                seen.add(str(g.state.pending))
            g.apply(rng.choice(g.legal_actions()))
            k += 1
        parse(render.svg(g.view(None)))
        assert "Draw" in render.text(g.view(None)) or "wins" in render.text(g.view(None))
    assert {"move", "keep"} <= seen
    ARTIFACTS.mkdir(exist_ok=True)
    g = scenario(units={1: {"terran": [4, 3, 1, 1]}, 5: {"terran": [5, 2], "empire": [4, 4]},
                        8: {"terran": [2]}, 15: {"empire": [5, 3, 3, 2, 2, 1, 1]},
                        22: {"empire": [2]}, 26: {"empire": [1]}},
                 phase="fight", to_move="empire", seed=1,
                 hands={"terran": ["Ambush", "Plasteel Armor", "Espionage"],
                        "empire": ["Nova Bomb", "Hyper Jump"]})
    play(g, "play Nova Bomb", by=EMPIRE)
    (ARTIFACTS / "blast-board.svg").write_text(render.svg(g.view(TERRAN)), encoding="utf-8")
    (ARTIFACTS / "blast-board.html").write_text(render.html(g.view(TERRAN)), encoding="utf-8")


def test_the_reach_overlay_shades_each_sector_by_its_probability() -> None:
    """``render.svg(view, reach=..., origin=...)``: the exact reach odds of a unit drawn
    on the track (a shaded wedge and a percentage per sector it can land on)."""
    units = {20: {"empire": [3]}, 17: {"terran": [2]}, 1: {"terran": [5]},
             15: {"empire": [5]}}
    g = scenario(units=units, phase="draw", seed=1)
    reach = {sec: bg_reach(units, sec) for sec in range(1, 29) if sec != 20}
    plain = render.svg(g.view(None))
    shaded = render.svg(g.view(None), reach=reach, origin=20)
    parse(shaded)
    landable = [p for p in reach.values() if p > 0]
    assert len(landable) == 12  # 1..12 sectors ahead, nothing behind
    assert shaded.count('fill-opacity="') - plain.count('fill-opacity="') == len(landable)
    assert ">36%<" in shaded  # the Terran unit 3 ahead: 13/36 (a 3, or 1 + 2)
    assert ">36%<" not in plain
    assert render.html(g.view(None), reach=reach).count("<svg") == 1


def bg_reach(units: dict, sector: int) -> object:
    from boardgames.blast import reach_odds

    return reach_odds(units, sector, mover="empire")[(20, 3)]
