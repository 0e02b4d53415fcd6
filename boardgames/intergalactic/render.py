"""Static display of an Intergalactic view: an HTML race-record sheet per player and the
current list, and plain text. Works from ``game.view(p)`` only (no game objects)."""

from __future__ import annotations

import html as _html
from typing import Any, Final

from .data import ATTRIBUTES, LISTS

__all__ = ["html", "svg", "text"]

_KINDS: Final = ("technology", "world", "development", "fleet")
_LIT: Final = " class='ig-lit' style='background:#ff0'"


def _e(x: Any) -> str:
    return _html.escape(str(x))


def _record_html(r: dict[str, Any], active: bool) -> str:
    attrs = "".join(f"<tr><td>{_e(a)}</td><td>{r['attributes'][a]}</td></tr>"
                    for a in ATTRIBUTES)
    held = "".join(
        f"<div class='ig-held' data-kind='{k}'><b>{k.capitalize()}</b>: "
        f"{_e(', '.join(r['held'][k]) or '-')}</div>" for k in _KINDS)
    state = "" if r["alive"] else " (eliminated)"
    flag = " data-active='1'" if active else ""
    return (
        f"<div class='ig-record' data-player='{r['player']}'"
        f"{flag} style='border:1px solid #888;"
        f"padding:4px;margin:2px;display:inline-block;vertical-align:top;min-width:14em'>"
        f"<div><b>P{r['player']}</b>: {_e(r['race'])} of {_e(r['homeworld'])}{state}</div>"
        f"<div>IT {r['tokens']} / {r['cap']} &middot; VP {r['vp']}</div>"
        f"<table class='ig-attributes'>{attrs}</table>{held}</div>")


def html(view: dict[str, Any]) -> str:
    """The race records of every player and the current list, as an HTML fragment."""
    recs = "".join(_record_html(r, r["player"] == view.get("active"))
                   for r in view["records"])
    lst = view.get("list")
    lit = (view.get("roll") or {}).get("entry")
    rows = ""
    if lst:
        rows = "".join(
            f"<tr{_LIT if e.name == lit else ''}>"
            f"<td>{'101+' if e.dc == 101 else f'{e.dc % 100:02d}'}</td><td>{_e(e.name)}</td>"
            f"</tr>" for e in LISTS[lst])
        rows = f"<table class='ig-list' data-list='{lst}'>{rows}</table>"
    return (f"<div data-game='intergalactic' class='ig'><div>Stage {_e(view['stage'])}, "
            f"turn {view['turn']}, phase {_e(view['phase'])}</div>{recs}{rows}</div>")


def svg(view: dict[str, Any]) -> str:
    """A small SVG summary: one bar of VP per player."""
    bars = "".join(
        f"<rect x='10' y='{10 + 20 * i}' width='{4 * r['vp']}' height='14' fill='#48c'/>"
        f"<text x='{14 + 4 * r['vp']}' y='{21 + 20 * i}' font-size='12'>P{r['player']} "
        f"{r['vp']} VP</text>" for i, r in enumerate(view["records"]))
    h = 20 + 20 * len(view["records"])
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='400' height='{h}' "
            f"data-game='intergalactic'>{bars}</svg>")


def text(view: dict[str, Any]) -> str:
    """The position as plain text."""
    out = [f"Intergalactic: {view['stage']} stage, turn {view['turn']}, "
           f"phase {view['phase']}, to move: {view['current_player']}"]
    for r in view["records"]:
        dead = " ELIMINATED" if not r["alive"] else ""
        out.append(f"P{r['player']} {r['race']} / {r['homeworld']}: IT {r['tokens']}/"
                   f"{r['cap']}, VP {r['vp']}{dead}")
        nz = [f"{a} {v}" for a, v in r["attributes"].items() if v]
        out.append("  " + (", ".join(nz) or "no attributes"))
        for k in _KINDS:
            if r["held"][k]:
                out.append(f"  {k}: {', '.join(r['held'][k])}")
    if view.get("roll"):
        ro = view["roll"]
        out.append(f"Roll on {ro['list']}: {ro['die']}{ro['modifier']:+d}"
                   f"{ro['shift']:+d} = {ro['landing']} -> {ro['entry']}")
    return "\n".join(out)
