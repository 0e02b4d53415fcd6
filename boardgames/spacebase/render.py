"""Space Base's static display: an SVG map, its HTML wrapper and a text board.

Every function here is a pure function of a view (``game.view(player)``, a JSON-safe
dict), so a saved view renders the same way as a live game. The SVG is self-contained
(no fonts, scripts, styles or images from outside) and draws its own dark background, so
it reads the same in light and dark Jupyter themes. Player colours are the Okabe-Ito
colour-blind-safe palette; functional and defunct sites differ by border style (solid /
dashed) and text as well as by colour.
"""

from __future__ import annotations

from html import escape
from typing import Any, Final

__all__ = ["CODES", "PLAYER_COLOURS", "html", "svg", "text"]

ORANGE, SKY, GREEN, YELLOW = "#E69F00", "#56B4E9", "#009E73", "#F0E442"
BLUE, VERMILION, PURPLE = "#0072B2", "#D55E00", "#CC79A7"
PLAYER_COLOURS: Final = (ORANGE, SKY, GREEN, PURPLE)
"""Okabe-Ito colours of players 0..3."""
INK, DIM, FAINT = "#F2F2F2", "#B8C0CC", "#6B7585"
BG, PANEL, EDGE = "#0B1626", "#17253A", "#2C4260"
FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
CELL, MAP_X, MAP_Y = 54, 34, 84
W: Final = 840

SHORT: Final = {
    "Outpost": "Outpost", "Volcano": "Volcano", "Metal": "Metal",
    "Radioactives": "Radioact.", "Ice + Organics": "Ice+Org.", "Extractor": "Extractor",
    "Solar Panels Array": "Solar", "Geothermal Plant": "Geotherm.",
    "Refineries": "Refinery", "Reactor Core": "Reactor", "Hydroponic Dome": "Hydro Dome",
    "Factory": "Factory", "Transport Hub": "Hub", "Shield Generator": "Shield",
    "Research Station": "Research", "Colony": "Colony", "High-Tech Industry": "High-Tech",
    "Bio-Med Labs": "Bio-Med", "Space Port": "Spaceport",
}
CODES: Final = {
    "Outpost": "Ou", "Volcano": "Vo", "Metal": "Me", "Radioactives": "Ra",
    "Ice + Organics": "Ic", "Extractor": "Ex", "Solar Panels Array": "So",
    "Geothermal Plant": "Ge", "Refineries": "Rf", "Reactor Core": "Rc",
    "Hydroponic Dome": "Hd", "Factory": "Fa", "Transport Hub": "Th",
    "Shield Generator": "Sg", "Research Station": "Rs", "Colony": "Co",
    "High-Tech Industry": "Ht", "Bio-Med Labs": "Bm", "Space Port": "Sp",
}
"""Two-letter codes of the site cards in the text board."""
_KIND_FILL: Final = {"installation": PANEL, "resource": "#34393F", "volcano": "#4A1F14"}
PHASES: Final = {"setup": "Setup: placing Outposts", "transfer": "Transfer phase",
                 "repair": "Repair phase", "meteor": "Meteor phase",
                 "production": "Production phase", "control": "Control phase",
                 "draw": "Draw phase", "build": "Build phase", "over": "Game over"}


def _e(s: Any) -> str:
    return escape(str(s), quote=True)


def _text(x: float, y: float, s: Any, size: float = 13, fill: str = INK, weight: str = "normal",
          anchor: str = "start", max_w: float | None = None) -> str:
    s = str(s)
    fit = ""
    if max_w is not None and len(s) * size * (0.62 if weight == "bold" else 0.56) > max_w:
        fit = f' textLength="{max_w:.0f}" lengthAdjust="spacingAndGlyphs"'
    bold = "" if weight == "normal" else f' font-weight="{weight}"'
    mid = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}"{bold}{mid}{fit}>'
            f"{_e(s)}</text>")


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          r: float = 4, dash: bool = False, opacity: float = 1.0, width: float = 1.0,
          extra: str = "") -> str:
    more = ' stroke-dasharray="4 3"' if dash else ""
    more += f' opacity="{opacity}"' if opacity < 1 else ""
    more += f' stroke-width="{width}"' if width != 1 else ""
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{r}" '
            f'fill="{fill}" stroke="{stroke}"{more}{extra}/>')


def colour(player: Any) -> str:
    return PLAYER_COLOURS[player % 4] if isinstance(player, int) else DIM


def _phase(v: dict[str, Any]) -> str:
    phase = str(v.get("phase"))
    return PHASES.get(phase, f"{phase} phase")


def _sites(v: dict[str, Any]) -> list[dict[str, Any]]:
    """The site rows of a view's board as dicts."""
    b = v.get("board") or {}
    cols = ["x", "y", "name", "owner", "damage", "functional", "shielded"]
    return [dict(zip(cols, row, strict=False)) for row in b.get("sites") or []]


def _status(v: dict[str, Any]) -> str:
    if v.get("is_over"):
        w = v.get("winner")
        won = "a tie" if w is None else f"Player {w} wins"
        return f"Game over: the last card is drawn, {won}"
    cp = v.get("current_player")
    if v.get("chance"):
        what = {"meteor": "the meteor falls (2D10)", "damage": "the meteor's damage (1D10)",
                "draw": "a card is drawn"}.get(v["chance"], v["chance"])
        return f"Chance: {what}"
    pend = v.get("pending") or {}
    kind = pend.get("kind")
    if kind == "transfer":
        x, y = pend.get("cell", ["?", "?"])
        return f"Player {cp}: move the site at ({x},{y}) or swap it"
    if kind == "build":
        return f"Player {cp}: place the {pend.get('card')}"
    if kind == "steal":
        return f"Player {cp}: take a card from Player {pend.get('player')}'s hand"
    return f"Player {cp} to move: {_phase(v)}"


# ---------------------------------------------------------------------- the map
def _cell_xy(x: int, y: int) -> tuple[float, float]:
    return MAP_X + x * CELL, MAP_Y + y * CELL


def _map(v: dict[str, Any]) -> list[str]:
    b = v.get("board") or {}
    n = int(b.get("size") or 10)
    out = [_rect(MAP_X - 2, MAP_Y - 2, n * CELL + 4, n * CELL + 4, "#0E1D31", EDGE, r=6)]
    for i in range(n):
        cx = MAP_X + i * CELL + CELL / 2
        out.append(_text(cx, MAP_Y - 8, i, 11, DIM, anchor="middle"))
        out.append(_text(MAP_X - 10, MAP_Y + i * CELL + CELL / 2 + 4, i, 11, DIM,
                         anchor="middle"))
    for x in range(n):
        for y in range(n):
            px, py = _cell_xy(x, y)
            out.append(_rect(px + 1, py + 1, CELL - 2, CELL - 2, "none", "#1E3048", r=3))
    corners = v.get("corners") or []
    for p, (x, y) in enumerate(corners):
        px, py = _cell_xy(x, y)
        out.append(_rect(px + 1, py + 1, CELL - 2, CELL - 2, colour(p), r=3, opacity=0.15))
    sites = _sites(v)
    for s in sites:  # shield cover under the tiles
        if s.get("name") == "Shield Generator" and s.get("functional"):
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y = s["x"] + dx, s["y"] + dy
                if 0 <= x < n and 0 <= y < n:
                    px, py = _cell_xy(x, y)
                    out.append(_rect(px, py, CELL, CELL, BLUE, r=3, opacity=0.45,
                                     extra=' data-cover="1"'))
    for s in sites:
        out += _tile(s)
    for s in sites:  # and a dotted outline over the covered cells
        if s.get("name") == "Shield Generator" and s.get("functional"):
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y = s["x"] + dx, s["y"] + dy
                if 0 <= x < n and 0 <= y < n:
                    px, py = _cell_xy(x, y)
                    out.append(f'<rect x="{px + 1:.0f}" y="{py + 1:.0f}" width="{CELL - 2}" '
                               f'height="{CELL - 2}" rx="3" fill="none" stroke="{SKY}" '
                               f'stroke-width="1.5" stroke-dasharray="1 3"/>')
    for ax, ay, bx, by in b.get("hub_links") or []:
        x1, y1 = _cell_xy(ax, ay)
        x2, y2 = _cell_xy(bx, by)
        h = CELL / 2
        out.append(f'<line x1="{x1 + h:.0f}" y1="{y1 + h:.0f}" x2="{x2 + h:.0f}" '
                   f'y2="{y2 + h:.0f}" stroke="{YELLOW}" stroke-width="2" '
                   f'stroke-dasharray="3 3" opacity="0.8" data-hub-link="1"/>')
    m = v.get("meteor")
    if m and m.get("cell"):
        px, py = _cell_xy(*m["cell"])
        out.append(f'<circle cx="{px + CELL / 2:.0f}" cy="{py + CELL / 2:.0f}" '
                   f'r="{CELL / 2 - 2:.0f}" fill="none" stroke="{VERMILION}" stroke-width="3" '
                   f'data-meteor="1"><title>{_e(_meteor_text(m))}</title></circle>')
    return out


def _tile(s: dict[str, Any]) -> list[str]:
    x, y = int(s["x"]), int(s["y"])
    px, py = _cell_xy(x, y)
    name = s.get("name", "?")
    kind = "installation"
    if name in ("Metal", "Radioactives", "Ice + Organics"):
        kind = "resource"
    elif name == "Volcano":
        kind = "volcano"
    on = bool(s.get("functional"))
    dmg = int(s.get("damage") or 0)
    owner = s.get("owner")
    col = colour(owner)
    if kind == "installation":
        state = "functional" if on else "defunct"
    else:
        state = "resource site" if kind == "resource" else "volcano site"
    tip = f"{name} at ({x},{y}), Player {owner}, {state}"
    if dmg:
        tip += f", {dmg} damage"
    if s.get("shielded"):
        tip += ", shielded"
    stroke = col if (on or kind != "installation") else FAINT
    out = [f'<g data-cell="{x},{y}" data-state="{state}"><title>{_e(tip)}</title>',
           _rect(px + 3, py + 3, CELL - 6, CELL - 6, _KIND_FILL[kind], stroke, r=4,
                 dash=kind == "installation" and not on, width=2 if on else 1.5),
           _rect(px + 3, py + 3, CELL - 6, 6, col, r=2),
           _text(px + CELL / 2, py + 27, SHORT.get(name, name), 10,
                 INK if on or kind != "installation" else DIM,
                 "bold" if on else "normal", "middle", max_w=CELL - 10)]
    if kind == "installation":
        out.append(_text(px + 7, py + CELL - 8, "on" if on else "off", 9,
                         GREEN if on else VERMILION, "bold"))
    if dmg:
        out += [_rect(px + CELL - 24, py + CELL - 19, 19, 14, VERMILION, r=3),
                _text(px + CELL - 14.5, py + CELL - 8, dmg, 10, "#fff", "bold", "middle")]
    out.append("</g>")
    return out


def _meteor_text(m: dict[str, Any]) -> str:
    x, y = m["cell"]
    res = m.get("result", "")
    if m.get("damage"):
        return f"Meteor at ({x},{y}): {m['damage']} damage"
    return f"Meteor at ({x},{y}): {res}"


# ---------------------------------------------------------------------- side panel
def _panel(v: dict[str, Any]) -> tuple[list[str], float]:
    x0 = MAP_X + 10 * CELL + 24
    w = W - x0 - 12
    out: list[str] = []
    y = MAP_Y
    credits = v.get("credits") or []
    income = v.get("income") or []
    hands = v.get("hand_sizes") or []
    cp = v.get("current_player")
    for p in range(len(credits)):
        col = colour(p)
        here = p == cp
        out += [_rect(x0, y, w, 58, PANEL, col if here else EDGE, width=2 if here else 1),
                _rect(x0, y, 8, 58, col, r=2),
                _text(x0 + 16, y + 19, f"Player {p}" + ("  (to move)" if here else ""), 13,
                      INK, "bold"),
                _text(x0 + w - 8, y + 20, f"{credits[p]} cr", 16, col, "bold", "end"),
                _text(x0 + 16, y + 38, f"income {income[p] if p < len(income) else '?'}"
                                       f" per turn", 11, DIM),
                _text(x0 + 16, y + 52, f"{hands[p] if p < len(hands) else '?'} cards in hand",
                      11, DIM)]
        y += 66
    discard = sum((v.get("discard") or {}).values())
    out.append(_text(x0, y + 14, f"Deck {v.get('deck_size', '?')} cards, discard {discard}",
                     12, DIM))
    y += 24
    m = v.get("meteor")
    if m and m.get("cell"):
        out.append(_text(x0, y + 14, _meteor_text(m), 12, VERMILION, max_w=w))
        y += 22
    if "hand" in v:
        hand = v.get("hand") or []
        out.append(_text(x0, y + 16, f"Your hand ({len(hand)})", 13, INK, "bold"))
        y += 22
        for card in hand:
            out += [_rect(x0, y, w, 20, BG, EDGE, r=3), _text(x0 + 6, y + 14, card, 11,
                                                              INK, max_w=w - 12)]
            y += 23
        peek = v.get("peek")
        if peek:
            out.append(_text(x0, y + 16, f"Player {peek.get('player')}'s hand (Control): "
                             + ", ".join(peek.get("hand") or []), 11, YELLOW, max_w=w))
            y += 22
    return out, y


def _legend_items(y: float) -> list[str]:
    out = [_text(MAP_X, y, "Legend:", 11, DIM, "bold")]
    x = MAP_X + 52.0
    for kind, label in (("on", "functional (solid, on)"), ("off", "defunct (dashed, off)"),
                        ("dmg", "damage"), ("cover", "shield cover"), ("hub", "hub link")):
        if kind == "on":
            out.append(_rect(x, y - 10, 14, 12, PANEL, GREEN, width=2))
        elif kind == "off":
            out.append(_rect(x, y - 10, 14, 12, PANEL, FAINT, dash=True))
        elif kind == "dmg":
            out.append(_rect(x, y - 10, 14, 12, VERMILION))
        elif kind == "cover":
            out.append(_rect(x, y - 10, 14, 12, BLUE, opacity=0.45))
        else:
            out.append(f'<line x1="{x:.0f}" y1="{y - 4:.0f}" x2="{x + 14:.0f}" '
                       f'y2="{y - 4:.0f}" stroke="{YELLOW}" stroke-width="2" '
                       f'stroke-dasharray="3 3"/>')
        out.append(_text(x + 18, y, label, 11, DIM))
        x += 32 + len(label) * 6.5
    return out


# ---------------------------------------------------------------------- public API
def svg(view: dict[str, Any]) -> str:
    """The map and players of a Space Base view as a self-contained SVG document."""
    v = view
    turn, rnd = v.get("turn", 0), v.get("round", 0)
    head = [_rect(0, 0, W, 50, PANEL, r=0), _rect(0, 48, W, 3, ORANGE, r=0),
            _text(12, 32, "SPACE BASE", 24, ORANGE, "bold"),
            _text(200, 22, f"Turn {turn}, round {rnd}" if turn else "Setting up", 14, INK,
                  "bold"),
            _text(200, 40, _phase(v), 12, DIM),
            _text(W - 12, 30, _status(v), 13, YELLOW if not v.get("is_over") else ORANGE,
                  "bold", "end", max_w=W - 420)]
    body = _map(v)
    side, y_side = _panel(v)
    y = max(MAP_Y + 10 * CELL + 28, y_side + 12)
    legend = _legend_items(y)
    h = int(y + 16)
    label = f"Space Base: turn {turn}, {_phase(v)}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h}" '
            f'viewBox="0 0 {W} {h}" role="img" aria-label="{_e(label)}" '
            f'font-family="{_e(FONT)}" data-game="spacebase">'
            f"<title>{_e(label)}</title>"
            f'<rect width="{W}" height="{h}" fill="{BG}"/>'
            + "".join(head + body + side + legend) + "</svg>")


def html(view: dict[str, Any]) -> str:
    """The SVG map in a small ``<div>`` with a caption line (for ``_repr_html_``)."""
    credits = ", ".join(f"Player {p} {c}" for p, c in enumerate(view.get("credits") or []))
    cap = f"Space Base, turn {view.get('turn')}, {_phase(view)}; credits: {credits}"
    return ('<div class="boardgames-spacebase" style="max-width:840px">'
            + svg(view).replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
            + f'<div style="font-size:12px;opacity:0.75;margin-top:2px">{_e(cap)}</div></div>')


def text(view: dict[str, Any]) -> str:
    """A text board: the 10 x 10 map with a 4-character code per site (two letters of
    the card, the owner, and ``+`` functional, ``-`` defunct, ``!`` damaged; resource and
    volcano sites have no mark), then the players."""
    v = view
    b = v.get("board") or {}
    n = int(b.get("size") or 10)
    grid = [["  . " for _ in range(n)] for _ in range(n)]
    for s in _sites(v):
        name = s.get("name", "?")
        mark = " "
        if name not in ("Metal", "Radioactives", "Ice + Organics", "Volcano"):
            mark = "!" if s.get("damage") else ("+" if s.get("functional") else "-")
        grid[int(s["y"])][int(s["x"])] = f"{CODES.get(name, '??')}{s.get('owner')}{mark}"
    turn = v.get("turn", 0)
    lines = [f"SPACE BASE - turn {turn}, round {v.get('round', 0)}, {_phase(v)}",
             _status(v),
             "y\\x " + " ".join(f"{x:^4}" for x in range(n))]
    lines += [f"{y:>3} " + " ".join(row) for y, row in enumerate(grid)]
    credits, income = v.get("credits") or [], v.get("income") or []
    hands = v.get("hand_sizes") or []
    for p in range(len(credits)):
        lines.append(f"Player {p}: {credits[p]} credits, income {income[p]}, "
                     f"{hands[p]} cards in hand")
    lines.append(f"Deck {v.get('deck_size')} cards, discard "
                 f"{sum((v.get('discard') or {}).values())}")
    m = v.get("meteor")
    if m and m.get("cell"):
        lines.append(_meteor_text(m))
    if "hand" in v:
        lines.append("Your hand: " + (", ".join(v["hand"]) or "empty"))
    if v.get("peek"):
        pk = v["peek"]
        lines.append(f"Player {pk.get('player')}'s hand: " + ", ".join(pk.get("hand") or []))
    lines.append("Codes: " + ", ".join(f"{c} {nm}" for nm, c in CODES.items()))
    return "\n".join(lines)
