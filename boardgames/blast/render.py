"""Blast's static display: an SVG of the circular track, its HTML wrapper and a text board.

Every function here is a pure function of a view (``game.view(player)``, a JSON-safe
dict), so a saved view renders the same way as a live game. The SVG is self-contained (no
fonts, scripts, styles or images from outside, no ``<style>`` block) and draws its own
dark background, so it reads the same in light and dark Jupyter themes. Colours are the
Okabe-Ito colour-blind-safe palette: Terran blue, Empire vermilion.

The track: sector 1 (Earth) at the top, numbers increasing clockwise, Planet X (15) at the
bottom. Each stack is drawn as force chips (one chip per force, ``×n`` for several), the
Terran chips on the outer half of the sector, the Empire chips on the inner half. A
sector's rim takes the colour of the side that controls it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from html import escape
from typing import Any, Final

__all__ = ["html", "svg", "text"]

BLUE, VERMILION, ORANGE, SKY = "#0072B2", "#D55E00", "#E69F00", "#56B4E9"
GREEN, YELLOW, PURPLE = "#009E73", "#F0E442", "#CC79A7"
INK, DIM, FAINT = "#F2F2F2", "#B8C0CC", "#6B7585"
BG, PANEL, EDGE = "#0B1626", "#17253A", "#2C4260"
FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
COLOUR: Final = {"terran": BLUE, "empire": VERMILION}
LIGHT: Final = {"terran": SKY, "empire": ORANGE}
TITLE: Final = {"terran": "Terran Defense Force", "empire": "Evil Empire"}
SHORT: Final = {"terran": "Terran", "empire": "Empire"}
W: Final = 920
CX, CY = 460, 400
R_OUT, R_IN, R_MID = 352, 214, 283
N: Final = 28
PHASES: Final = {"setup": "Setting up", "draw": "Draw phase", "roll": "Roll phase",
                 "build": "Build phase", "move": "Move phase", "fight": "Fight phase",
                 "over": "Game over"}
DECISIONS: Final = {
    "discard": "discard down to the hand limit",
    "offensive": "discard two cards for Major Offensive",
    "dice": "play dice cards, or done",
    "build": "rebuild a destroyed unit, or done",
    "jam": "Jam Transmission on an enemy unit, or pass",
    "move": "move units with the dice",
    "fight": "choose the next fight",
    "attack": "play attack cards, or done",
    "defend": "play defence cards, or pass",
    "espionage": "play Espionage, or pass",
    "keep": "choose the units to keep",
    "end": "play Major Offensive, or end the turn",
}


def _e(s: Any) -> str:
    return escape(str(s), quote=True)


def _text(x: float, y: float, s: Any, size: float = 13, fill: str = INK,
          weight: str = "normal", anchor: str = "start", max_w: float | None = None) -> str:
    s = str(s)
    fit = ""
    if max_w is not None and len(s) * size * (0.62 if weight == "bold" else 0.56) > max_w:
        fit = f' textLength="{max_w:.0f}" lengthAdjust="spacingAndGlyphs"'
    bold = "" if weight == "normal" else f' font-weight="{weight}"'
    mid = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{bold}{mid}'
            f'{fit}>{_e(s)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          r: float = 6) -> str:
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{r}" '
            f'fill="{fill}" stroke="{stroke}"/>')


def _angle(sector: int) -> float:
    """The angle of a sector's centre (radians, SVG coordinates: clockwise from the top)."""
    return math.radians(-90 + (sector - 1) * 360 / N)


def _polar(r: float, a: float, t: float = 0.0) -> tuple[float, float]:
    """The point at radius ``r`` on angle ``a``, shifted ``t`` along the tangent."""
    return (CX + r * math.cos(a) - t * math.sin(a), CY + r * math.sin(a) + t * math.cos(a))


def _wedge(sector: int, fill: str, stroke: str, width: float = 1.0) -> str:
    half = math.radians(180 / N)
    a0, a1 = _angle(sector) - half, _angle(sector) + half
    p = [_polar(R_OUT, a0), _polar(R_OUT, a1), _polar(R_IN, a1), _polar(R_IN, a0)]
    return (f'<path d="M{p[0][0]:.1f},{p[0][1]:.1f} A{R_OUT},{R_OUT} 0 0 1 '
            f'{p[1][0]:.1f},{p[1][1]:.1f} L{p[2][0]:.1f},{p[2][1]:.1f} A{R_IN},{R_IN} 0 0 0 '
            f'{p[3][0]:.1f},{p[3][1]:.1f} Z" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"/>')


def _chip(x: float, y: float, force: int, n: int, side: str, r: float = 10.0,
          title: str = "") -> str:
    colour = COLOUR.get(side, DIM)
    out = [f'<g class="chip {side}">' + (f"<title>{_e(title)}</title>" if title else ""),
           f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}" stroke="{INK}" '
           'stroke-width="1.2"/>',
           _text(x, y + 4, force, 11, "#FFFFFF", "bold", "middle")]
    if n > 1:
        out.append(f'<circle cx="{x + r * 0.8:.1f}" cy="{y - r * 0.8:.1f}" r="6.5" '
                   f'fill="{INK}"/>')
        out.append(_text(x + r * 0.8, y - r * 0.8 + 3, n, 9, "#111111", "bold", "middle"))
    out.append("</g>")
    return "".join(out)


def _stack(sector: int, side: str, forces: list[int], outer: bool, both: bool) -> list[str]:
    """Chips of one side on a sector: one per distinct force (largest first), two columns,
    on the outer half (Terran) or inner half (Empire) when both sides are there."""
    counts = sorted(Counter(forces).items(), reverse=True)
    a = _angle(sector)
    if both:
        start, step = (R_OUT - 16, -24) if outer else (R_IN + 16, 24)
    else:
        start, step = R_OUT - 16, -24
    out = []
    cols = 2 if len(counts) > 3 or both else 1
    for j, (f, n) in enumerate(counts):
        row, col = divmod(j, cols)
        t = 0.0 if cols == 1 else (-12.0 if col == 0 else 12.0)
        x, y = _polar(start + row * step, a, t)
        name = f"{SHORT.get(side, side)} force {f}" + (f" x{n}" if n > 1 else "")
        out.append(_chip(x, y, f, n, side, 9.5 if cols == 2 else 10.5, name))
    return out


def _track(v: dict[str, Any]) -> list[str]:
    out = [f'<circle cx="{CX}" cy="{CY}" r="{R_OUT + 4}" fill="{PANEL}" stroke="{EDGE}"/>']
    jammed = {(int(s), int(f)) for s, f in v.get("jammed") or []}
    fight = (v.get("fight") or {}).get("sector")
    sectors = v.get("sectors") or []
    for sec in sectors:  # the wedges, then the rims of controlled and contested sectors
        out.append(_wedge(int(sec.get("sector", 0)), "#1E3350" if sec.get("planet") else BG,
                          EDGE))
    for sec in sectors:
        n = int(sec.get("sector", 0))
        ctrl = sec.get("control")
        if sec.get("terran") and sec.get("empire"):
            out.append(_wedge(n, "none", YELLOW, 3.5 if fight == n else 2.5))
        elif ctrl in COLOUR:
            out.append(_wedge(n, "none", COLOUR[ctrl], 2.5))
    for sec in sectors:
        n = int(sec.get("sector", 0))
        t, e = sec.get("terran") or [], sec.get("empire") or []
        planet = sec.get("planet")
        out.append(f'<g class="sector" data-sector="{n}">')
        a = _angle(n)
        x, y = _polar(R_OUT + 14, a)
        out.append(_text(x, y + 4, n, 11, INK if planet else DIM,
                         "bold" if planet else "normal", "middle"))
        if planet:
            px, py = _polar(R_IN - 14, a)
            out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="9" fill="none" '
                       f'stroke="{YELLOW}" stroke-width="2"><title>{_e(planet)}</title>'
                       "</circle>")
        both = bool(t and e)
        out += _stack(n, "terran", t, True, both)
        out += _stack(n, "empire", e, False, both)
        for s_, f_ in sorted(jammed):
            if s_ == n:
                jx, jy = _polar(R_IN + 6, a, -16)
                out.append(_text(jx, jy, f"J{f_}", 9, YELLOW, "bold", "middle"))
        out.append("</g>")
    for sec in v.get("sectors") or []:  # planet names outside the ring
        planet = sec.get("planet")
        if planet:
            n = int(sec["sector"])
            x, y = _polar(R_OUT + 32, _angle(n))
            anchor = "middle" if abs(x - CX) < 40 else ("start" if x > CX else "end")
            ctrl = sec.get("control")
            colour = LIGHT.get(ctrl, YELLOW)
            if anchor == "middle":
                label = planet + (f" ({SHORT[ctrl]})" if ctrl in SHORT else "")
                out.append(_text(x, y + 4, label, 12, colour, "bold", anchor))
            else:
                out.append(_text(x, y - 2, planet, 12, colour, "bold", anchor))
                if ctrl in SHORT:
                    out.append(_text(x, y + 12, f"({SHORT[ctrl]})", 11, colour, "normal",
                                     anchor))
    return out


def _centre(v: dict[str, Any]) -> list[str]:
    out = []
    side = str(v.get("to_move"))
    title = "BLAST"
    out.append(_text(CX, CY - 150, title, 26, ORANGE, "bold", "middle"))
    status, colour = _status(v)
    out.append(_text(CX, CY - 126, status, 12, colour, "bold", "middle", max_w=330))
    out.append(_text(CX, CY - 104, f"Turn {v.get('turn', '?')} · {_phase(v)} · "
                     f"{SHORT.get(side, '?')} to move", 12, DIM, anchor="middle",
                     max_w=330))
    out += _centre_dice(v)
    out += _centre_fight(v)
    out += _centre_sides(v)
    out += _centre_footer(v)
    return out


def _centre_dice(v: dict[str, Any]) -> list[str]:
    out = []
    dice = v.get("dice") or []
    rolled = v.get("rolled") or []
    y = CY - 80
    if rolled or dice:
        label = "Dice: " + (" ".join(str(d) for d in dice) if dice else "all used")
        if rolled:
            label += f" (rolled {rolled[0]}+{rolled[1]}" + (", doubles)" if v.get("doubles")
                                                            else ")")
        out.append(_text(CX, y, label, 13, INK, "bold", "middle", max_w=330))
        x0 = CX - 16 * len(dice)
        for i, d in enumerate(dice):
            out.append(_rect(x0 + 32 * i + 3, y + 8, 26, 26, INK, r=5))
            out.append(_text(x0 + 32 * i + 16, y + 26, d, 14, "#111111", "bold", "middle"))
    return out


def _centre_fight(v: dict[str, Any]) -> list[str]:
    out = []
    y = CY - 26
    fight = v.get("fight")
    last = v.get("last_fight")
    if fight:
        at, dt = fight.get("attacker_total"), fight.get("defender_total")
        out.append(_text(CX, y + 14, f"Fight on sector {fight.get('sector')}: "
                         f"{SHORT.get(fight.get('attacker'), '?')} {at} vs "
                         f"{SHORT.get(fight.get('defender'), '?')} {dt}", 13, YELLOW, "bold",
                         "middle", max_w=330))
        cards = (fight.get("attack_cards") or []) + (fight.get("defence_cards") or [])
        if cards:
            out.append(_text(CX, y + 30, ", ".join(cards), 11, DIM, anchor="middle",
                             max_w=330))
    elif last:
        w = last.get("winner")
        res = f"{SHORT.get(w, '?')} won" if w else "both destroyed"
        out.append(_text(CX, y + 14, f"Last fight, sector {last.get('sector')}: "
                         f"{last.get('attacker_total')} vs {last.get('defender_total')}, "
                         f"{res}", 12, DIM, anchor="middle", max_w=330))
    keep = v.get("keep")
    if keep:
        out.append(_text(CX, y + 46, f"{SHORT.get(keep.get('winner'), '?')} keeps force "
                         f"{keep.get('difference')} or any one unit; kept "
                         f"{keep.get('kept')}", 11, INK, anchor="middle", max_w=330))
    return out


def _centre_sides(v: dict[str, Any]) -> list[str]:
    out = []
    y = CY + 40
    for i, s in enumerate(("terran", "empire")):
        x = CX - 165 + 170 * i
        scrap = (v.get("scrap") or {}).get(s) or []
        out.append(_text(x, y, f"{SHORT[s]} scrap heap ({len(scrap)})", 11, LIGHT[s], "bold"))
        counts = sorted(Counter(scrap).items(), reverse=True)
        for j, (f, n) in enumerate(counts):
            out.append(_chip(x + 10 + 24 * j, y + 18, f, n, s, 9))
        if not counts:
            out.append(_text(x, y + 22, "empty", 11, FAINT))
    y = CY + 92
    sizes = v.get("hand_sizes") or [0, 0]
    limits = v.get("hand_limits") or ["?", "?"]
    held = v.get("planets_held") or [0, 0]
    for i, s in enumerate(("terran", "empire")):
        x = CX - 165 + 170 * i
        out.append(_text(x, y, f"{SHORT[s]}: {sizes[i]} cards (limit {limits[i]})", 11,
                         INK, max_w=160))
        out.append(_text(x, y + 15, f"planets held {held[i]}/4", 11, DIM))
    return out


def _centre_footer(v: dict[str, Any]) -> list[str]:
    out = []
    y = CY + 136
    out.append(_text(CX, y, f"Deck {v.get('deck_size', '?')} · Vortex "
                     f"{v.get('vortex_size', '?')} · In play {len(v.get('in_play') or [])}",
                     12, DIM, anchor="middle"))
    extras = []
    if v.get("jammed"):
        extras.append("jammed: " + ", ".join(f"{s}:{f}" for s, f in v["jammed"]))
    if v.get("espionage"):
        extras.append(f"{SHORT.get(v['espionage'], '?')} sees the other hand")
    if v.get("extra_turns"):
        extras.append(f"extra turns {v['extra_turns']}")
    if extras:
        out.append(_text(CX, y + 16, " · ".join(extras), 11, YELLOW, anchor="middle",
                         max_w=330))
    return out


def _phase(v: dict[str, Any]) -> str:
    return PHASES.get(str(v.get("phase")), f"{v.get('phase')} phase")


def _status(v: dict[str, Any]) -> tuple[str, str]:
    if v.get("is_over"):
        w = v.get("winner_side")
        if w:
            return f"{TITLE.get(w, w)} controls all four planets and wins", LIGHT.get(w, INK)
        return "Draw: the turn limit was reached", ORANGE
    actor = v.get("actor")
    if v.get("decision") and actor:
        return (f"{SHORT.get(actor, actor)}: {DECISIONS.get(v['decision'], v['decision'])}",
                LIGHT.get(actor, INK))
    if v.get("chance"):
        return f"Chance: {v['chance']}", SKY
    return "Waiting", DIM


def _hands(v: dict[str, Any], y: float) -> tuple[list[str], float]:
    out: list[str] = []
    viewer: str = v.get("side") or ""
    rows = []
    if "hand" in v:
        rows.append((f"Your hand ({SHORT.get(viewer, '?')})", v["hand"], viewer))
    if "opponent_hand" in v:
        other = "empire" if viewer == "terran" else "terran"
        rows.append((f"{SHORT[other]} hand (Espionage)", v["opponent_hand"], other))
    if not rows:
        return [_text(12, y + 18, "Hands are hidden (spectator view)", 12, DIM)], y + 28
    for label, cards, side in rows:
        out.append(_text(12, y + 18, f"{label}: {len(cards)} card(s)", 13,
                         LIGHT.get(side, INK), "bold"))
        y += 26
        x = 12
        for c in cards:
            w = min(8 + 7 * len(c), 240)
            if x + w > W - 12:
                x = 12
                y += 30
            out.append(_rect(x, y, w, 24, PANEL, COLOUR.get(side, EDGE), r=4))
            out.append(_text(x + 6, y + 16, c, 11, INK, max_w=w - 10))
            x += w + 6
        y += 32 if cards else 4
    return out, y


def _reach(reach: Mapping[int, Any], origin: int | None) -> list[str]:
    """The reach overlay: each sector shaded green by its probability, with the
    percentage at the inner rim; the unit's own sector ringed in yellow."""
    out = []
    for sec, p in sorted(reach.items()):
        n = int(sec)
        q = float(p)
        if not 1 <= n <= N or q <= 0:
            continue
        out.append(_wedge(n, GREEN, "none").replace(
            'fill="#009E73"', f'fill="{GREEN}" fill-opacity="{0.15 + 0.65 * q:.2f}"'))
        x, y = _polar(R_IN + 12, _angle(n))
        label = "100%" if q >= 0.9995 else f"{q * 100:.0f}%"
        out.append(_text(x, y + 4, label, 10, INK, "bold", "middle"))
    if origin is not None and 1 <= origin <= N:
        out.append(_wedge(origin, "none", YELLOW, 4))
    return out


def svg(view: dict[str, Any], reach: Mapping[int, Any] | None = None,
        origin: int | None = None) -> str:
    """The board of a Blast view as a self-contained SVG document. ``reach`` (``{sector:
    probability}``, e.g. from ``bg.blast.reach_odds``) shades each sector by the chance
    a unit can land there, ``origin`` rings that unit's sector."""
    body = _track(view)
    if reach:
        body += _reach(reach, origin)
    body += _centre(view)
    part, y = _hands(view, 2 * CY + 4)
    body += part
    h = int(y + 8)
    label = (f"Blast: turn {view.get('turn')}, {_phase(view)}, "
             f"{SHORT.get(str(view.get('to_move')), '?')} to move")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h}" '
            f'viewBox="0 0 {W} {h}" role="img" aria-label="{_e(label)}" '
            f'font-family="{_e(FONT)}" data-game="blast">'
            f"<title>{_e(label)}</title>"
            f'<rect width="{W}" height="{h}" fill="{BG}"/>' + "".join(body) + "</svg>")


def html(view: dict[str, Any], reach: Mapping[int, Any] | None = None,
         origin: int | None = None) -> str:
    """The SVG board in a small ``<div>`` with a caption line (for ``_repr_html_``);
    ``reach`` and ``origin`` as for :func:`svg`."""
    cap = (f"Blast, turn {view.get('turn')}, {_phase(view)}: {_status(view)[0]}")
    return ('<div class="boardgames-blast" data-game="blast" style="max-width:920px">'
            + svg(view, reach, origin).replace(
                "<svg ", '<svg style="max-width:100%;height:auto" ', 1)
            + f'<div style="font-size:12px;opacity:0.75;margin-top:2px">{_e(cap)}</div></div>')


def _stack_text(forces: list[int]) -> str:
    return "+".join(str(f) for f in sorted(forces, reverse=True))


def text(view: dict[str, Any]) -> str:
    """A compact text board (for ``str(game)`` and terminals): one line per occupied
    sector or planet, T = Terran, E = Empire, * = controlled."""
    v = view
    lines = [f"BLAST - turn {v.get('turn')}, {_phase(v)}, "
             f"{SHORT.get(str(v.get('to_move')), '?')} to move", _status(v)[0]]
    dice = v.get("dice") or []
    if v.get("rolled") or dice:
        lines.append(f"Dice: {' '.join(map(str, dice)) or 'all used'}"
                     + (f" (rolled {v['rolled'][0]}+{v['rolled'][1]})" if v.get("rolled")
                        else ""))
    for sec in v.get("sectors") or []:
        t, e, planet = sec.get("terran") or [], sec.get("empire") or [], sec.get("planet")
        if not (t or e or planet):
            continue
        name = f" {planet}" if planet else ""
        parts = []
        if t:
            parts.append(f"T {_stack_text(t)}")
        if e:
            parts.append(f"E {_stack_text(e)}")
        ctrl = sec.get("control")
        mark = f" *{SHORT[ctrl]}" if ctrl in SHORT else (" (fight)" if t and e else "")
        lines.append(f"{sec['sector']:>2}{name}: {' | '.join(parts) or '-'}{mark}")
    scrap = v.get("scrap") or {}
    lines.append(f"Scrap: T {_stack_text(scrap.get('terran') or []) or '-'} | "
                 f"E {_stack_text(scrap.get('empire') or []) or '-'}")
    sizes = v.get("hand_sizes") or [0, 0]
    lines.append(f"Cards: T {sizes[0]}, E {sizes[1]}; deck {v.get('deck_size')}, vortex "
                 f"{v.get('vortex_size')}")
    if "hand" in v:
        lines.append("Your hand: " + (", ".join(v["hand"]) or "empty"))
    if "opponent_hand" in v:
        lines.append("Their hand (Espionage): " + (", ".join(v["opponent_hand"]) or "empty"))
    f = v.get("fight")
    if f:
        lines.append(f"Fight on {f['sector']}: {f['attacker_total']} vs {f['defender_total']}")
    return "\n".join(lines)
