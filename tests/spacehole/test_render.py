"""Spacehole's static display (``boardgames/spacehole/render.py``): the SVG board, its HTML
wrapper and the text board, checked against the views they draw.

The expected names and numbers come from the view (or a view built by hand), never from
running the renderer. One sample SVG per variant is saved to ``test-artifacts/``.
"""

from __future__ import annotations

import copy
import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.spacehole import render

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
NS = "{http://www.w3.org/2000/svg}"
YELLOW = render.YELLOW


def _rich(variant: str = "classic", **kw: Any) -> bg.Spacehole:
    """A mid-battle position with every kind of structure group, marker and damage."""
    if variant == "classic":
        spec = dict(
            structures=["Agrodome", "Agrodome", "Colony", "Colony", "Solar Array", "Force Dome",
                        "Laser Turret", "Research Labs", "Command Center", "Mine", "Mine"],
            defenders=["Space Marines", "Space Hero", "Alien Artifact", "Space Rangers"],
            hand=["Starport", "Space Navy", "Refinery"],
            damage={"Space Marines": 1, "Force Dome": 2}, event="The Warstar",
            megacredits=42, terraform=1, base_damage=3, turn=7)
    else:
        spec = dict(
            structures=["Garden", "Garden", "Living quarters", "Fusion reactor", "Hull armor",
                        "Ppg turret", "Research lab", "Command and control"],
            defenders=["Co Capt John Sheridan", "Marines", "Ranger Observers"],
            hand=["Loading bay", "White Star"], damage={"Marines": 2},
            event="Centauri expeditionary fleet", megacredits=17, base_damage=1, turn=9)
    spec.update(kw)
    g = bg.Spacehole.scenario(variant=variant, phase="event", auto_roll=False, seed=11, **spec)
    g.apply(2)  # the invader's dice: 2 hits
    g.apply(3)  # the defenders' dice: 3 hits
    return g


def _texts(svg: str) -> list[str]:
    """Every text node of an SVG (parsed as XML, so entities are decoded)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def _alltext(svg: str) -> str:
    return "\n".join(_texts(svg))


def _circles(svg: str, fill: str) -> int:
    return sum(1 for c in ET.fromstring(svg).iter(f"{NS}circle") if c.get("fill") == fill)


# ------------------------------------------------------------------------ svg: content
@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_svg_parses_and_names_every_card_in_the_view(variant: str) -> None:
    v = _rich(variant).view(0)
    svg = render.svg(v)
    txt = _alltext(svg)
    names = [s["name"] for s in v["structures"]] + [d["name"] for d in v["defenders"]]
    names += v["hand"] + [v["base"]["name"], v["current"]["name"]]
    assert len(names) >= 15
    for name in names:
        assert name in txt, name
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"spacehole-{variant}.svg").write_text(svg, encoding="utf-8")
    (ARTIFACTS / f"spacehole-{variant}.html").write_text(
        f"<!doctype html><meta charset='utf-8'><body>{render.html(v)}</body>", encoding="utf-8")


def test_svg_shows_megacredits_turn_phase_deck_and_hand_limit() -> None:
    v = _rich().view(0)
    texts = _texts(render.svg(v))
    assert str(v["megacredits"]) in texts and v["megacredits"] == 42
    assert f"Turn {v['turn']}" in texts and v["turn"] == 7
    assert "Event phase" in texts and v["phase"] == "event"
    assert any(f"Deck {v['deck_size']} cards" in t for t in texts)
    assert f"Hand ({len(v['hand'])}/{v['hand_limit']})" in texts
    assert f"Hand limit {v['hand_limit']}" in texts


def test_svg_shows_base_damage_power_and_capacity() -> None:
    v = _rich().view(0)
    texts = _texts(render.svg(v))
    assert f"Damage {v['base']['damage']}/{v['base']['max_hits']}" in texts
    p = v["power"]
    assert f"Power: {p['upkeep']} upkeep of {p['generated']} generated" in texts
    n, cap = len(v["defenders"]), v["capacity"]
    assert f"Defenders ({n}/{cap} places)" in texts
    assert f"{cap - n} empty place" in texts


def test_base_damage_pips_count_the_damage() -> None:
    v = _rich().view(0)
    vermilion = _circles(render.svg(v), render.VERMILION)
    more = copy.deepcopy(v)
    more["base"]["damage"] += 4
    assert _circles(render.svg(more), render.VERMILION) == vermilion + 4


def test_defender_force_and_markers() -> None:
    v = _rich().view(0)
    texts = _texts(render.svg(v))
    for d in v["defenders"]:
        assert f"{d['current_force']}/{d['force']}" in texts
    assert "1-HIT" in texts and "PEEK" in texts
    assert "1 DMG" in texts  # Space Marines
    assert "NOT FIGHTING" not in texts


def test_not_fighting_marker_when_fights_is_false() -> None:
    v = _rich().view(0)
    v["defenders"][0]["fights"] = False
    assert "NOT FIGHTING" in _texts(render.svg(v))
    assert "not fighting" in render.text(v)


def test_power_token_shown_when_powered() -> None:
    v = _rich().view(0)
    off = _circles(render.svg(v), YELLOW)
    v["structures"][0]["powered"] = True
    v["structures"][1]["powered"] = True
    assert _circles(render.svg(v), YELLOW) == off + 2


def test_power_tokens_of_a_manual_power_phase() -> None:
    rules = bg.spacehole.Rules(power_choice="manual")
    g = bg.Spacehole.scenario(structures=["Agrodome", "Colony", "Mine"], phase="power",
                              rules=rules, seed=1)
    before = _circles(render.svg(g.view(0)), YELLOW)
    g.apply("power Agrodome")
    v = g.view(0)
    assert [s["powered"] for s in v["structures"] if s["name"] == "Agrodome"] == [True]
    assert _circles(render.svg(v), YELLOW) == before + 1
    assert "Agrodome (powered)" in render.text(v)


def test_force_dome_damage_shown() -> None:
    v = _rich().view(0)
    dome = next(s for s in v["structures"] if s["role"] == "dome")
    assert f"hits {dome['damage']}/{dome['max_hits']}" in _alltext(render.svg(v))


def test_invader_battle_round_and_last_dice() -> None:
    v = _rich().view(0)
    cur, last = v["current"], v["battle"]["last"]
    texts = _texts(render.svg(v))
    assert f"Force {cur['current_force']}/{cur['force']}" in texts
    assert f"Battle round {v['battle']['round']}" in texts
    assert last["inv_hits"] == 2 and last["def_hits"] == 3
    assert f"Invader {last['inv_dice']} dice: 2 hits" in texts
    assert f"Defenders {last['def_dice']} dice: 3 hits" in texts


def test_event_being_resolved() -> None:
    g = bg.Spacehole.scenario(structures=["Mine"], phase="event", event="Planet Bombs",
                              auto_roll=False, seed=2)
    v = g.view(0)
    txt = _alltext(render.svg(v))
    assert "EVENT" in txt and v["current"]["name"] in txt and v["current"]["note"] in txt
    assert "Chance: picking a random structure" in txt
    assert f"Event: {v['current']['name']}" in render.text(v)


def test_pending_decision_shown() -> None:
    v = next(v for seed in range(100)
             if (v := bg.Spacehole(seed=seed).view(0))["pending"] == "build")
    assert render.DECISIONS["build"] in _alltext(render.svg(v))
    assert render.DECISIONS["build"] in render.text(v)


def test_terraform_and_seismic_flags() -> None:
    v = _rich().view(0)
    assert "TERRAFORM x1" in _texts(render.svg(v))
    v["terraform"], v["seismic"] = 0, True
    texts = _texts(render.svg(v))
    assert not any("TERRAFORM" in t for t in texts)
    assert any("SEISMIC" in t for t in texts)
    assert "Seismic" in render.text(v)


def test_spectator_view_has_no_hand() -> None:
    g = _rich()
    v = g.view(None)
    assert "hand" not in v
    txt = _alltext(render.svg(v))
    for name in g.view(0)["hand"]:
        assert name not in txt
    assert f"Hand: {v['hand_size']} card(s), hidden" in txt
    assert "hidden" in render.text(v)


def test_babylon5_theme_differs_from_classic() -> None:
    classic, b5 = render.svg(_rich().view(0)), render.svg(_rich("babylon5").view(0))

    def background(svg: str) -> str:
        return next(ET.fromstring(svg).iter(f"{NS}rect")).get("fill")

    assert background(classic) != background(b5)
    assert "BABYLON 5" in _texts(b5) and "BABYLON 5" not in _texts(classic)
    assert "SPACEHOLE" in _texts(classic)

    def title_colour(svg: str, title: str) -> str:
        return next(t for t in ET.fromstring(svg).iter(f"{NS}text") if t.text == title).get("fill")

    assert title_colour(b5, "BABYLON 5") == render.THEMES["babylon5"]["accent"]
    assert title_colour(classic, "SPACEHOLE") == render.THEMES["classic"]["accent"]
    assert render.THEMES["babylon5"]["accent"] != render.THEMES["classic"]["accent"]


def test_names_are_escaped() -> None:
    evil = "<Evil & \"Co\" 'x'>"
    v = _rich().view(0)
    v["structures"][0]["name"] = evil
    v["defenders"][0]["name"] = evil + " D"
    v["hand"][0] = evil + " H"
    v["current"]["name"] = evil + " I"
    v["defenders"][0]["note"] = evil
    for out in (render.svg(v), render.html(v)):
        assert "<Evil" not in out
        root = ET.fromstring(out)  # still well-formed
        txt = "\n".join(root.itertext())
        for suffix in ("", " D", " H", " I"):
            assert evil + suffix in txt
    assert evil in render.text(v)


def test_game_over_and_base_destroyed() -> None:
    g = bg.Spacehole.scenario(deck=["Mine"], phase="karma", megacredits=31, seed=4)
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    v = g.view(0)
    assert v["is_over"] and not v["lost"]
    assert any("GAME OVER" in t and "Score 31" in t for t in _texts(render.svg(v)))
    g = bg.Spacehole.scenario(phase="event", event="World Eater", base_damage=9, seed=5,
                              auto_roll=False)
    g.apply(7)
    g.apply(0)
    v = g.view(0)
    assert v["lost"]
    texts = _texts(render.svg(v))
    assert any("BASE DESTROYED" in t for t in texts) and "DESTROYED" in texts
    assert "BASE DESTROYED" in render.text(v)


def test_svg_is_self_contained() -> None:
    svg = render.svg(_rich().view(0))
    for bad in ("<script", "<style", "<image", "href", "url(", "@import", "<foreignObject"):
        assert bad not in svg
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')


def test_render_is_a_pure_function_of_the_view() -> None:
    v = _rich().view(0)
    saved = json.loads(json.dumps(v))
    assert render.svg(saved) == render.svg(v) and render.text(saved) == render.text(v)
    assert v == saved  # rendering does not change the view


def test_sparse_view_renders() -> None:
    # A view loaded from a file may lack keys: the board still draws, with defaults.
    for v in ({}, {"variant": "babylon5"}, {"options": {"variant": "babylon5"}, "turn": 4}):
        txt = _alltext(render.svg(v))
        assert ("BABYLON 5" in txt) == ("babylon5" in json.dumps(v))
        assert render.text(v).startswith(("SPACEHOLE", "BABYLON 5"))
        ET.fromstring(render.html(v))


def test_html_wraps_the_svg_with_a_caption() -> None:
    v = _rich().view(0)
    out = render.html(v)
    root = ET.fromstring(out)
    assert root.tag == "div"
    assert root.find(f"{NS}svg") is not None
    caption = "".join(root[-1].itertext())
    assert f"turn {v['turn']}" in caption and str(v["megacredits"]) in caption


def test_text_board_key_lines() -> None:
    v = _rich().view(0)
    lines = render.text(v).splitlines()
    assert 8 <= len(lines) <= 14
    assert lines[0] == "SPACEHOLE - turn 7, Event phase, 42 Megacredits"
    body = "\n".join(lines)
    assert f"Base: damage 3/{v['base']['max_hits']}" in body
    assert "Structures (11): " in body and "Colony x2" in body and "Force Dome [2 dmg]" in body
    assert "Defenders (4/5): " in body and "Space Hero F5/5 [1-hit]" in body
    assert "Invader: The Warstar Force 6/6, battle round 1" in body
    assert f"Hand (3/{v['hand_limit']}): Refinery, Space Navy, Starport" in body
    assert f"Deck {v['deck_size']} cards" in body


# ------------------------------------------------------------------------ via the Game base
@pytest.mark.parametrize("variant", ["classic", "babylon5"])
def test_game_reprs_use_the_renderer(variant: str) -> None:
    g = _rich(variant)
    assert g._repr_svg_() == render.svg(g.view(0))
    assert g._repr_html_() == render.html(g.view(0))
    assert str(g) == render.text(g.view(0))
    ET.fromstring(g._repr_svg_())
    assert g.view(0)["hand"][0] in str(g)


# ------------------------------------------------------------------------ random playouts
def _playout(seed: int, variant: str) -> list[dict[str, Any]]:
    """Views along one playout, chance stops included. Mostly defenders first, then repairs,
    then structures (so some games last to the end), sometimes any legal action."""
    g = bg.Spacehole(seed=seed, variant=variant, auto_roll=False)
    rng = random.Random(seed)
    views = [g.view(0)]
    while not g.is_over:
        if g.current_player == bg.CHANCE:
            g.roll()
        else:
            acts = g.legal_actions()
            pref = [a for a in acts if a.verb == "build" and g.card(a.arg).kind == "defender"] \
                or [a for a in acts if a.verb == "repair"] or [a for a in acts if a.verb == "build"]
            g.apply(rng.choice(pref if pref and rng.random() < 0.9 else acts))
        views.append(g.view(0))
    return views


def test_renders_views_along_random_playouts() -> None:
    seen: set[str] = set()
    wanted = {"battle", "pending", "lost", "event card", "build", "over", "karma", "end",
              "won classic", "won babylon5"}
    for i in range(80):  # alternate variants until every situation has been rendered
        if i >= 20 and wanted <= seen:
            break
        variant = "classic" if i % 2 == 0 else "babylon5"
        views = _playout(i, variant)
        for v in views:
            txt = _alltext(render.svg(v))
            assert str(v["megacredits"]) in txt
            render.html(v)
            assert render.text(v).splitlines()[0].startswith(render.THEMES[variant]["title"])
            seen.add(v["phase"])
            seen.update(k for k in ("battle", "pending", "lost", "is_over") if v[k])
            seen.update([f"won {variant}"] if v["is_over"] and not v["lost"] else [])
            if (v["current"] or {}).get("kind") == "event":
                seen.add("event card")
        render.svg(views[-1] | {"viewer": None})
    assert wanted <= seen
