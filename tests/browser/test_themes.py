"""The four boards in JupyterLab's light and dark themes: every piece of text readable.

A notebook written for this module shows a board of each game in mid-game (seeded random
steps). In each theme, for every visible element of a board that holds text of its own
(HTML, not SVG, not a disabled control), the page computes the text colour and the
background behind it (the element's and its ancestors' background colours, semi-transparent
ones composited), and their WCAG contrast ratio. A ratio under 3 (WCAG's floor for large
text and controls; white on the yellow of a highlighted row is about 1.1) fails the test,
which lists the element, its text and both colours. The boards' own background must follow
the theme. Screenshots of each board in each theme go to test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser.labtools import EXEC_CELL, Lab, artifact_path, open_notebook
from browser.labtools import Notebook as BaseNotebook
from playwright.sync_api import Browser, expect

NOTEBOOK = "_themes.ipynb"
GAMES = ("spacehole", "blast", "spacebase", "intergalactic")
MIN_CONTRAST = 3.0

SETUP = """\
import random
import boardgames as bg


def advanced(g, steps, seed):
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g
"""

BOARDS = {
    "spacehole": "board = advanced(bg.Spacehole(seed=13), 12, 1).widget()\nboard",
    "blast": "g = advanced(bg.Blast(seed=3), 60, 2)\ng.widget(player=g.current_player)",
    "spacebase": ("g = advanced(bg.SpaceBase(players=2, seed=2), 60, 3)\n"
                  "g.widget(player=g.current_player)"),
    "intergalactic": ("g = advanced(bg.Intergalactic(players=4, seed=5), 120, 4)\n"
                      "g.widget(player=g.current_player)"),
}

# For one board: the visible HTML elements with text of their own whose contrast against
# what is behind them is under the floor.
LOW_CONTRAST_JS = """([board, floor]) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]))
    .concat([1]);
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let acc = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) acc = over(layers[i], acc);
    return acc;
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const out = [];
  let checked = 0;
  for (const el of board.querySelectorAll("*")) {
    if (el instanceof SVGElement) continue;
    if (el.closest(":disabled, [aria-disabled='true']")) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own.length || !el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    if (st.visibility !== "visible" || Number(st.opacity) === 0) continue;
    const bg = behind(el);
    const fg = over(parse(st.color), bg);
    const r = ratio(fg, bg);
    checked += 1;
    if (r < floor) out.push({cls: el.className, text: own.map((n) => n.textContent.trim())
      .join(" ").slice(0, 40), color: st.color, background: "rgb(" + bg.slice(0, 3)
      .map(Math.round).join(", ") + ")", ratio: Math.round(r * 100) / 100});
  }
  return {checked, low: out};
}"""


def _write_notebook(root: Any) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP)]
    nb.cells += [nbformat.v4.new_code_cell(BOARDS[name]) for name in GAMES]
    nb.cells.append(nbformat.v4.new_code_cell(EXEC_CELL))
    nbformat.write(nb, root / NOTEBOOK)


@pytest.fixture(scope="module")
def nb(browser: Browser, lab: Lab) -> Iterator[BaseNotebook]:
    _write_notebook(lab.root)
    yield from open_notebook(browser, lab, NOTEBOOK, BaseNotebook, width=1400)


def set_theme(page: Any, name: str) -> None:
    """Pick ``name`` ("JupyterLab Light" / "JupyterLab Dark") in Settings > Theme."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-itemLabel", has_text=name).first.click()
    light = "false" if "Dark" in name else "true"
    # a theme's stylesheet loads on first use: slow on a busy machine
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light,
                                                   timeout=30_000)
    # the theme's stylesheet is applied once the notebook's background changes with it
    page.wait_for_timeout(300)


def luminance(css: str) -> float:
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _board(nb: BaseNotebook, game: str) -> Any:
    return nb.page.locator(f'.bg-board[data-game="{game}"]').first


def _check(nb: BaseNotebook, theme: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for game in GAMES:
        board = _board(nb, game)
        expect(board).to_be_visible()
        board.scroll_into_view_if_needed()
        found[game] = board.evaluate(f"b => ({LOW_CONTRAST_JS})([b, {MIN_CONTRAST}])")
        found[game]["background"] = board.evaluate(
            "b => getComputedStyle(b).backgroundColor")
        board.screenshot(path=str(artifact_path(f"theme-{theme}-{game}.png")))
    return found


def test_boards_render_in_mid_game(nb: BaseNotebook) -> None:
    for game in GAMES:
        board = _board(nb, game)
        expect(board).to_be_visible()
        assert board.locator(".bg-crash").count() == 0
        assert len(board.inner_text()) > 100, game


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_every_text_is_readable_in_the_theme(nb: BaseNotebook, theme: str) -> None:
    set_theme(nb.page, theme)
    try:
        found = _check(nb, "dark" if "Dark" in theme else "light")
    finally:
        if "Dark" in theme:
            set_theme(nb.page, "JupyterLab Light")
    for game, r in found.items():
        assert r["checked"] > 20, (game, r["checked"])  # the check saw the board's text
        dark = luminance(r["background"]) < 80
        assert dark == ("Dark" in theme), (game, r["background"])
    low = [f"{game}: {x['text']!r} .{x['cls']} {x['color']} on {x['background']} "
           f"({x['ratio']})" for game, r in found.items() for x in r["low"]]
    assert not low, "text under contrast 3:\n" + "\n".join(low)


def test_the_contrast_check_finds_unreadable_text(nb: BaseNotebook) -> None:
    """The check itself: yellow text planted on a white row of a board is reported."""
    board = _board(nb, "spacehole")
    board.evaluate("b => { const s = document.createElement('span');"
                   " s.textContent = 'planted'; s.style.color = '#f0e442';"
                   " s.style.background = '#ffffff'; s.id = 'bg-planted';"
                   " b.querySelector('.bg-content').append(s); }")
    try:
        r = board.evaluate(f"b => ({LOW_CONTRAST_JS})([b, {MIN_CONTRAST}])")
    finally:
        board.evaluate("b => document.getElementById('bg-planted').remove()")
    assert [x["text"] for x in r["low"] if x["text"] == "planted"] == ["planted"]
