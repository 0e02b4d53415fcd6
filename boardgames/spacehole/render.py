"""Spacehole's static display: an SVG board, its HTML wrapper and a text board.

Every function here is a pure function of a view (``game.view(player)``, a JSON-safe
dict), so a saved view renders the same way as a live game. The SVG is self-contained
(no fonts, scripts, styles or images from outside, no ``<style>`` block that could leak
into a notebook page) and draws its own dark background, so it reads the same in light
and dark Jupyter themes. Colours are the Okabe-Ito colour-blind-safe palette.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any, Final

from .data import EVENT_FOOTNOTE

__all__ = ["html", "svg", "text"]

# ---------------------------------------------------------------------- palette, themes
ORANGE, SKY, GREEN, YELLOW = "#E69F00", "#56B4E9", "#009E73", "#F0E442"
VERMILION, PURPLE = "#D55E00", "#CC79A7"
INK, DIM, FAINT = "#F2F2F2", "#B8C0CC", "#6B7585"
FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"

THEMES: Final[dict[str, dict[str, str]]] = {
    "classic": {"title": "SPACEHOLE", "subtitle": "Defend and build up your space colony",
                "bg": "#0B1626", "panel": "#17253A", "edge": "#2C4260", "accent": SKY},
    "babylon5": {"title": "BABYLON 5", "subtitle": "Spacehole, Babylon 5 variant",
                 "bg": "#1A1024", "panel": "#2A1D38", "edge": "#4A3560", "accent": ORANGE},
}
GROUPS: Final = (  # structure roles by what they do, with the group's colour
    ("Power", ("solar",), YELLOW),
    ("Economy", ("agrodome", "colony", "mine", "refinery", "factory", "starport"), GREEN),
    ("Science & command", ("lab", "stargate", "command"), SKY),
    ("Defence", ("turret", "dome"), PURPLE),
)
PHASES: Final = {"karma": "Space Karma phase", "event": "Event phase", "build": "Build phase",
                 "power": "Power phase", "income": "Income phase", "end": "End of turn",
                 "over": "Game over"}
DECISIONS: Final = {"discard": "Discard a card: the hand is over its limit",
                    "build": "Build a Structure or Defender, repair a damaged card, or pass",
                    "take_defender": "Reinforcements: take a Defender from the discard pile",
                    "take_structure": "Repairs: take a Structure from the discard pile",
                    "virus": "Space Virus: discard a Defender or a Colony",
                    "overflow": "Over capacity: discard a Defender",
                    "power": "Place power tokens (or use the optimal allocation)",
                    "end": "End of turn: discard a scout to look at the deck, or end the turn"}
CHANCES: Final = {"draw": "drawing a card", "reveal": "looking at the next card",
                  "inv_dice": "the invader rolls", "def_dice": "the defenders roll",
                  "target": "picking the defender hit", "flare": "picking the defender hit",
                  "random_defender": "picking a random defender",
                  "random_structure": "picking a random structure",
                  "peek_die": "rolling 1D6 to peek"}
W, PAD = 800, 12


# ---------------------------------------------------------------------- SVG primitives
def _e(s: Any) -> str:
    return escape(str(s), quote=True)


def _text(x: float, y: float, s: Any, size: float = 13, fill: str = INK, weight: str = "normal",
          anchor: str = "start", max_w: float | None = None) -> str:
    """A text element; squeezed to ``max_w`` pixels when its estimated width is wider."""
    s = str(s)
    fit = ""
    if max_w is not None and len(s) * size * (0.62 if weight == "bold" else 0.56) > max_w:
        fit = f' textLength="{max_w:.0f}" lengthAdjust="spacingAndGlyphs"'
    bold = "" if weight == "normal" else f' font-weight="{weight}"'
    mid = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}"{bold}{mid}{fit}>'
            f"{_e(s)}</text>")


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          r: float = 6, dash: bool = False, opacity: float = 1.0) -> str:
    extra = ' stroke-dasharray="5 4"' if dash else ""
    extra += f' opacity="{opacity}"' if opacity < 1 else ""
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{r}" '
            f'fill="{fill}" stroke="{stroke}"{extra}/>')


def _pips(x: float, y: float, full: int, empty: int, colour: str, r: float = 5,
          empty_colour: str = FAINT, max_w: float = 200, count: bool = False) -> str:
    """``full`` filled then ``empty`` hollow circles; a bar if too many (``count``: with
    "full/total" after it)."""
    n = full + empty
    step = 2 * r + 3
    if n * step > max_w:
        w = max_w - (40 if count else 0)
        return (_rect(x, y - r, w, 2 * r, "none", empty_colour, r=r)
                + _rect(x, y - r, w * full / n, 2 * r, colour, r=r)
                + (_text(x + w + 5, y + 4, f"{full}/{n}", 11, DIM) if count else ""))
    out = []
    for i in range(n):
        cx = x + r + i * step
        if i < full:
            out.append(f'<circle cx="{cx:.0f}" cy="{y:.0f}" r="{r}" fill="{colour}"/>')
        else:
            out.append(f'<circle cx="{cx:.0f}" cy="{y:.0f}" r="{r - 0.5}" fill="none" '
                       f'stroke="{empty_colour}" stroke-width="1.5"/>')
    return "".join(out)


def _tip(note: Any, parts: list[str]) -> list[str]:
    """``parts`` as one group with ``note`` as its tooltip (when there is a note)."""
    if not note:
        return parts
    return [f"<g><title>{_e(note)}</title>", *parts, "</g>"]


def _badges(x: float, y: float, marks: list[tuple[str, str, str]]) -> list[str]:
    """Small filled labels (text, colour, ink) in a row."""
    out = []
    for s, colour, ink in marks:
        w = len(s) * 7 + 10
        out += [_rect(x, y - 11, w, 15, colour, r=4), _text(x + 5, y, s, 10, ink, "bold")]
        x += w + 5
    return out


def _dice(x: float, y: float, dice: int, hits: int | None, colour: str) -> str:
    """``dice`` small dice, the ``hits`` of them that rolled a 1 filled (at most 14 drawn)."""
    out, shown = [], min(dice, 14)
    for i in range(shown):
        dx = x + i * 15
        hit = hits is not None and i < hits
        out.append(_rect(dx, y - 10, 12, 12, colour if hit else "none", colour, r=2))
        if hit:
            out.append(f'<circle cx="{dx + 6:.0f}" cy="{y - 4:.0f}" r="2" fill="#111"/>')
    if dice > shown:
        out.append(_text(x + shown * 15 + 2, y, f"+{dice - shown}", 11, DIM))
    return "".join(out)


def _grid(n: int, w: float, h: float, width: float = W - 2 * PAD) -> tuple[list[tuple], float]:
    """(dx, dy) of ``n`` cells ``w`` wide, rows ``h`` apart, wrapping in ``width``; the height."""
    per = max(1, int((width + 8) // (w + 8)))
    return [((i % per) * (w + 8), (i // per) * h) for i in range(n)], -(-n // per) * h


# ---------------------------------------------------------------------- board sections
def _header(v: dict[str, Any], th: dict[str, str]) -> tuple[list[str], float]:
    out = [_rect(0, 0, W, 58, th["panel"], r=0), _rect(0, 56, W, 3, th["accent"], r=0),
           *_decor(th),
           _text(PAD + 2, 30, th["title"], 24, th["accent"], "bold"),
           _text(PAD + 2, 48, th["subtitle"], 12, DIM),
           _text(W - 150, 22, f"Turn {v.get('turn', '?')}", 16, INK, "bold", "end"),
           _text(W - 150, 44, _phase(v), 13, DIM, anchor="end"),
           _text(W - PAD, 34, v.get("megacredits", 0), 26, ORANGE, "bold", "end", 130),
           _text(W - PAD, 50, "Megacredits", 11, DIM, anchor="end")]
    status, colour = _status(v)
    out += [_rect(PAD, 66, W - 2 * PAD, 26, "none", colour, r=5),
            _text(PAD + 10, 84, status, 13, colour, "bold", max_w=W - 2 * PAD - 20)]
    return out, 100


def _theme(v: dict[str, Any]) -> dict[str, str]:
    variant = v.get("variant") or (v.get("options") or {}).get("variant")
    return THEMES.get(str(variant), THEMES["classic"])


def _phase(v: dict[str, Any]) -> str:
    return PHASES.get(str(v.get("phase")), f"{v.get('phase')} phase")


def _decor(th: dict[str, str]) -> list[str]:
    """The theme's header ornament: a star field, and for Babylon 5 the station."""
    stars = [f'<circle cx="{290 + (i * 47) % 230}" cy="{8 + (i * 23) % 44}" r="{1 + i % 2}" '
             f'fill="{INK}" opacity="0.5"/>' for i in range(14)]
    if th["title"] == THEMES["babylon5"]["title"]:
        stars.append(f'<g fill="none" stroke="{th["accent"]}" stroke-width="2" opacity="0.8">'
                     '<ellipse cx="404" cy="29" rx="34" ry="9"/>'
                     '<rect x="396" y="17" width="16" height="24" rx="4"/>'
                     '<line x1="360" y1="29" x2="448" y2="29"/></g>')
    return stars


def _status(v: dict[str, Any]) -> tuple[str, str]:
    base = v.get("base") or {}
    if v.get("lost"):
        return (f"BASE DESTROYED: {base.get('name', 'the Base')} is lost, score 0", VERMILION)
    if v.get("is_over"):
        return f"GAME OVER: the last card has been drawn. Score {v.get('megacredits', 0)}", ORANGE
    if v.get("pending"):
        return f"Your decision: {DECISIONS.get(v['pending'], v['pending'])}", YELLOW
    if v.get("chance"):
        return f"Chance: {CHANCES.get(v['chance'], v['chance'])}", SKY
    return "Waiting", DIM


def _base_panel(v: dict[str, Any], th: dict[str, str], y: float) -> list[str]:
    b, pw = v.get("base") or {}, v.get("power") or {}
    dmg, hits = int(b.get("damage", 0)), int(b.get("max_hits", 0))
    gen, upk = int(pw.get("generated", 0)), int(pw.get("upkeep", 0))
    n_def, cap = len(v.get("defenders") or []), int(v.get("capacity", 0))
    lost, dx = bool(v.get("lost")), max(112, 24 + 7 * len(f"Damage {dmg}/{hits}"))
    out = [_rect(PAD, y, 268, 128, th["panel"], VERMILION if lost else th["edge"]),
           _text(PAD + 10, y + 20, b.get("name", "Base"), 15, INK, "bold", max_w=120),
           _text(PAD + 258, y + 20, "DESTROYED" if lost else f"generates {b.get('generates', 0)}"
                 " power", 11, VERMILION if lost else DIM, "bold" if lost else "normal", "end"),
           _text(PAD + 10, y + 42, f"Damage {dmg}/{hits}", 12, VERMILION if dmg else DIM),
           _pips(PAD + dx, y + 38, dmg, max(hits - dmg, 0), VERMILION, 5, max_w=258 - dx),
           _text(PAD + 10, y + 64, f"Power: {upk} upkeep of {gen} generated", 12,
                 VERMILION if upk > gen else INK),
           _power_bar(PAD + 10, y + 76, gen, upk),
           _text(PAD + 10, y + 100, f"Defenders {n_def}/{cap} places", 12,
                 VERMILION if n_def > cap else INK),
           _text(PAD + 150, y + 100, f"Hand limit {v.get('hand_limit', '?')}", 12, INK)]
    flags = [(f"TERRAFORM x{v['terraform']}", GREEN, "#111")] if v.get("terraform") else []
    flags += [("SEISMIC: NO INCOME", VERMILION, "#fff")] if v.get("seismic") else []
    return out + _badges(PAD + 10, y + 120, flags)


def _power_bar(x: float, y: float, gen: int, upk: int) -> str:
    """Power generated as pips, the upkeep of them filled (an excess in vermilion)."""
    if max(gen, upk) > 22:
        return _pips(x, y, upk, max(gen - upk, 0), YELLOW if upk <= gen else VERMILION, 4,
                     max_w=240)
    return (_pips(x, y, min(upk, gen), max(gen - upk, 0), YELLOW, 4)
            + _pips(x + 11 * gen, y, max(upk - gen, 0), 0, VERMILION, 4))


def _encounter(v: dict[str, Any], th: dict[str, str], y: float) -> list[str]:
    x, w = PAD + 280, W - 2 * PAD - 280
    cur, bt = v.get("current"), v.get("battle")
    out = [_rect(x, y, w, 128, th["panel"], th["edge"])]
    if not cur:
        msg = "No invader or event this turn" if v.get("phase") != "karma" else "Drawing a card"
        return [*out, _text(x + 12, y + 24, "Encounter", 11, DIM), _text(x + 12, y + 48, msg, 14)]
    if cur.get("kind") != "invader":
        return [*out, _text(x + 12, y + 20, "EVENT", 11, SKY, "bold"),
                _text(x + 12, y + 46, cur.get("name", "?"), 18, INK, "bold", max_w=w - 24),
                _text(x + 12, y + 72, cur.get("note", ""), 13, DIM, max_w=w - 24),
                _text(x + 12, y + 94, EVENT_FOOTNOTE, 11, DIM, max_w=w - 24)
                if str(cur.get("note", "")).endswith("*") else ""]
    f, cf = int(cur.get("force") or 0), int(cur.get("current_force") or 0)
    out += [_text(x + 12, y + 20, "INVADER", 11, PURPLE, "bold"),
            _text(x + 12, y + 44, cur.get("name", "?"), 18, INK, "bold", max_w=w - 110),
            _text(x + w - 12, y + 44, f"Force {cf}/{f}", 16, PURPLE, "bold", "end"),
            _pips(x + 12, y + 62, cf, f - cf, PURPLE, 6, VERMILION, max_w=w - 120),
            _text(x + w - 12, y + 66, f"{cur.get('damage') or 0} damage", 12,
                  VERMILION if cur.get("damage") else DIM, anchor="end")]
    if bt:
        last = bt.get("last") or {}
        out += [_text(x + 12, y + 88, f"Battle round {bt.get('round', '?')}", 12, INK, "bold"),
                _text(x + 130, y + 88, "last dice (filled = hit):", 11, DIM),
                _text(x + w - 12, y + 88, f"next: {bt.get('invader_dice', 0)} vs "
                      f"{bt.get('defender_dice', 0)} dice", 11, DIM, anchor="end")]
        for ry, (side, colour) in ((y + 108, ("inv", PURPLE)), (y + 124, ("def", SKY))):
            if last.get(f"{side}_dice") is not None:
                out += [_text(x + 12, ry, _roll(last, side), 11, INK), _dice(
                    x + 190, ry + 1, int(last[f"{side}_dice"]), last.get(f"{side}_hits"), colour)]
    return out


def _roll(last: dict[str, Any], side: str) -> str:
    """"Invader 6 dice: 2 hits" for a side ("inv" or "def") of the last battle round."""
    hits = last.get(f"{side}_hits")
    res = "rolling" if hits is None else f"{hits} hit" + ("" if hits == 1 else "s")
    return f"{'Invader' if side == 'inv' else 'Defenders'} {last.get(f'{side}_dice')} dice: {res}"


def _structures(v: dict[str, Any], th: dict[str, str], y: float) -> tuple[list[str], float]:
    items = v.get("structures") or []
    out = [_text(PAD, y + 14, f"Structures ({len(items)})", 14, th["accent"], "bold")]
    y += 24
    if not items:
        return [*out, _text(PAD + 10, y + 14, "none built yet", 12, DIM)], y + 26
    out += [_pips(W - 222, y - 14, 1, 0, YELLOW, 4), _text(W - 210, y - 10, "powered", 11, DIM),
            _pips(W - 152, y - 14, 0, 1, YELLOW, 4),
            _text(W - 140, y - 10, "power token not placed", 11, DIM)]
    known = {r for _, roles, _ in GROUPS for r in roles}
    groups = [*GROUPS, ("Other", tuple({s.get("role") for s in items} - known), DIM)]
    for gname, roles, colour in groups:
        cards = Counter((s.get("name", "?"), int(s.get("damage") or 0))
                        for s in items if s.get("role") in roles)
        if not cards:
            continue
        cells, height = _grid(len(cards), 214, 46, W - 2 * PAD - 112)
        out += [_rect(PAD, y, 104, height - 6, colour, r=5, opacity=0.22),
                _text(PAD + 8, y + 17, gname, 11, colour, "bold", max_w=90)]
        for ((n, d), k), (dx, dy) in zip(cards.items(), cells, strict=True):
            same = [s for s in items if s.get("name") == n and int(s.get("damage") or 0) == d]
            out += _structure_chip(PAD + 112 + dx, y + dy, n, d, k, same, th, colour)
        y += height
    return out, y


def _structure_chip(x: float, y: float, name: str, dmg: int, k: int, same: list[dict[str, Any]],
                    th: dict[str, str], colour: str) -> list[str]:
    s = same[0]
    title = name + (f" x{k}" if k > 1 else "")
    each = " each" if k > 1 else ""
    bits = [f"upkeep {s.get('power', 0)}", f"income {s.get('income', 0)}{each}"]
    if s.get("generates"):
        bits = [f"generates {s['generates']} power{each}"]
    elif s.get("max_hits"):
        bits = [bits[0], f"hits {dmg}/{s['max_hits']}"]
    on, tx = sum(1 for t in same if t.get("powered")), 206 - 11 * min(k, 6)
    out = [_rect(x, y, 214, 40, th["bg"], colour),
           _text(x + 8, y + 16, title, 13, INK, "bold", max_w=tx - 16 if s.get("power") else 196),
           _text(x + 8, y + 33, " · ".join(bits), 11, DIM, max_w=140)]
    if s.get("power"):
        out.append(_pips(x + tx, y + 12, on, k - on, YELLOW, 4, max_w=66, count=True))
    if s.get("max_hits"):
        out.append(_pips(x + 150, y + 28, dmg, int(s["max_hits"]) - dmg, VERMILION, 4, max_w=60))
    return _tip(s.get("note"), out)


def _defenders(v: dict[str, Any], th: dict[str, str], y: float) -> tuple[list[str], float]:
    ds, cap = v.get("defenders") or [], int(v.get("capacity", 0))
    colour = VERMILION if len(ds) > cap else th["accent"]
    out = [_text(PAD, y + 14, f"Defenders ({len(ds)}/{cap} places)", 14, colour, "bold")]
    y += 24
    free = max(cap - len(ds), 0)
    cells, height = _grid(len(ds) + (1 if free or not ds else 0), 185, 76)
    for i, (dx, dy) in enumerate(cells):
        x, cy = PAD + dx, y + dy
        if i < len(ds):
            out += _defender_card(x, cy, ds[i], th)
        else:
            msg = f"{free} empty place" + ("s" if free > 1 else "") if free else "no places"
            out += [_rect(x, cy, 185, 68, "none", FAINT, dash=True),
                    _text(x + 92, cy + 39, msg, 12, DIM, anchor="middle")]
    return out, y + height


def _defender_card(x: float, y: float, d: dict[str, Any], th: dict[str, str]) -> list[str]:
    f, cf = int(d.get("force") or 0), int(d.get("current_force") or 0)
    fights = d.get("fights", True)
    out = [_rect(x, y, 185, 68, th["panel"], SKY if fights else FAINT, dash=not fights),
           _text(x + 8, y + 18, d.get("name", "?"), 13, INK if fights else DIM, "bold",
                 max_w=128),
           _text(x + 177, y + 20, f"{cf}/{f}", 17, SKY if fights else DIM, "bold", "end"),
           _text(x + 177, y + 32, "Force", 9, DIM, anchor="end"),
           _pips(x + 8, y + 34, cf, f - cf, SKY if fights else DIM, 5, VERMILION, max_w=130)]
    marks = [("1-HIT", ORANGE, "#111")] if d.get("one_hit") else []
    marks += [("PEEK", GREEN, "#111")] if d.get("peek") else []
    marks += [] if fights else [("NOT FIGHTING", VERMILION, "#fff")]
    marks += [(f"{d['damage']} DMG", VERMILION, "#fff")] if d.get("damage") else []
    return _tip(d.get("note"), out + _badges(x + 8, y + 60, marks))


def _hand(v: dict[str, Any], th: dict[str, str], y: float) -> tuple[list[str], float]:
    lim = v.get("hand_limit", "?")
    if "hand" not in v:
        head = f"Hand: {v.get('hand_size', 0)} card(s), hidden (limit {lim})"
        return [_text(PAD, y + 14, head, 14, th["accent"], "bold")], y + 24
    hand = v.get("hand") or []
    out = [_text(PAD, y + 14, f"Hand ({len(hand)}/{lim})", 14, th["accent"], "bold")]
    y += 24
    if not hand:
        return [*out, _text(PAD + 10, y + 14, "empty", 12, DIM)], y + 24
    cells, height = _grid(len(hand), 185, 36)
    for name, (dx, dy) in zip(hand, cells, strict=True):
        out += [_rect(PAD + dx, y + dy, 185, 30, th["bg"], th["accent"]),
                _text(PAD + dx + 8, y + dy + 20, name, 13, INK, max_w=169)]
    return out, y + height


def _footer(v: dict[str, Any], th: dict[str, str], y: float) -> tuple[list[str], float]:
    discard = sum((v.get("discard") or {}).values())
    bits = [f"Deck {v.get('deck_size', '?')} cards", f"Discard {discard}"]
    if v.get("last_income") is not None:
        bits.append(f"Last income {v['last_income']}")
    bits.append(f"Step {v.get('step', '?')}")
    out = [_rect(0, y, W, 1, th["edge"], r=0), _text(PAD, y + 20, "   ·   ".join(bits), 12, DIM)]
    top = v.get("known_top") or []
    if top:
        out.append(_text(PAD, y + 40, "Seen next in the deck: " + ", ".join(top), 12, GREEN,
                         max_w=W - 2 * PAD))
        return out, y + 50
    return out, y + 30


# ---------------------------------------------------------------------- public API
def svg(view: dict[str, Any]) -> str:
    """The board of a Spacehole view as a self-contained SVG document."""
    th = _theme(view)
    body, y = _header(view, th)
    body += _base_panel(view, th, y) + _encounter(view, th, y)
    y += 140
    for section in (_structures, _defenders, _hand, _footer):
        part, y = section(view, th, y)
        body += part
        y += 8
    h = int(y)
    label = f"{th['title']}: turn {view.get('turn')}, {view.get('megacredits', 0)} Megacredits"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h}" '
            f'viewBox="0 0 {W} {h}" role="img" aria-label="{_e(label)}" '
            f'font-family="{_e(FONT)}">'
            f"<title>{_e(label)}</title>"
            f'<rect width="{W}" height="{h}" fill="{th["bg"]}"/>' + "".join(body) + "</svg>")


def html(view: dict[str, Any]) -> str:
    """The SVG board in a small ``<div>`` with a caption line (for ``_repr_html_``)."""
    variant = "Babylon 5" if _theme(view) is THEMES["babylon5"] else "classic"
    cap = (f"Spacehole ({variant}), turn {view.get('turn')}, {_phase(view)}, "
           f"{view.get('megacredits', 0)} Megacredits")
    return ('<div class="boardgames-spacehole" style="max-width:800px">'
            + svg(view).replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
            + f'<div style="font-size:12px;opacity:0.75;margin-top:2px">{_e(cap)}</div></div>')


def text(view: dict[str, Any]) -> str:
    """A compact text board (for ``str(game)`` and terminals)."""
    v, th = view, _theme(view)
    b, pw, ds = v.get("base") or {}, v.get("power") or {}, v.get("defenders") or []
    dmg, hits = int(b.get("damage", 0)), int(b.get("max_hits", 0))
    scale = min(hits, 20)
    bar = min(scale, round(dmg * scale / hits) if hits else 0)
    flags = [f"Terraform x{v['terraform']}"] if v.get("terraform") else []
    flags += ["Seismic Events: no income this turn"] if v.get("seismic") else []
    structures = [s.get("label", s.get("name")) + (" (powered)" if s.get("powered") else "")
                  for s in v.get("structures") or []]
    hand = (f"Hand ({len(v['hand'])}/{v.get('hand_limit')}): " + (", ".join(v["hand"]) or "empty")
            if "hand" in v else f"Hand: {v.get('hand_size', 0)} card(s), hidden")
    income = f", last income {v['last_income']}" if v.get("last_income") is not None else ""
    lines = [
        f"{th['title']} - turn {v.get('turn')}, {_phase(v)}, {v.get('megacredits', 0)} "
        "Megacredits", _status(v)[0],
        f"{b.get('name', 'Base')}: damage {dmg}/{hits} [{'#' * bar}{'.' * (scale - bar)}], "
        f"power {pw.get('generated', 0)} generated / {pw.get('upkeep', 0)} upkeep",
        "Active: " + ", ".join(flags) if flags else "",
        f"Structures ({len(structures)}): {_counted(structures)}",
        f"Defenders ({len(ds)}/{v.get('capacity', '?')}): "
        + _counted([_defender_text(d) for d in ds]),
        _current_text(v), hand,
        f"Deck {v.get('deck_size')} cards, discard {sum((v.get('discard') or {}).values())}"
        + income,
        "Seen next in the deck: " + ", ".join(v["known_top"]) if v.get("known_top") else ""]
    return "\n".join(line for line in lines if line)


def _counted(items: list[str]) -> str:
    """"A x2, B" for ["A", "B", "A"] (first-seen order), or "none"."""
    return ", ".join(n + (f" x{k}" if k > 1 else "") for n, k in Counter(items).items()) or "none"


def _defender_text(d: dict[str, Any]) -> str:
    marks = [m for m, on in (("1-hit", d.get("one_hit")), ("peek", d.get("peek")),
                             ("not fighting", not d.get("fights", True))) if on]
    return (f"{d.get('name')} F{d.get('current_force')}/{d.get('force')}"
            + (f" [{', '.join(marks)}]" if marks else ""))


def _current_text(view: dict[str, Any]) -> str:
    cur, bt = view.get("current"), view.get("battle")
    if not cur:
        return "Encounter: none"
    if cur.get("kind") != "invader":
        return f"Event: {cur.get('name')} - {cur.get('note', '')}"
    out = f"Invader: {cur.get('name')} Force {cur.get('current_force')}/{cur.get('force')}"
    if bt:
        last = bt.get("last") or {}
        rolled = [s for s in ("inv", "def") if last.get(f"{s}_dice") is not None]
        out += f", battle round {bt.get('round')}" + "".join(f"; {_roll(last, s)}" for s in rolled)
    return out
