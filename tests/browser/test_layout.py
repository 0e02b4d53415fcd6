"""The four boards' layout in JupyterLab at 1024 and 1600 px wide, light and dark themes:
nothing clipped, nothing overlapping.

One notebook written for this module shows a board of each game in mid-game (seeded
random steps; Blast's has full stacks on its planets and a unit selected, its destinations
shown, one of them on enemy units). It is opened once
(JupyterLab's default workspace: the file browser open on the left), and for each width
and theme every board is measured in the page with ``getBoundingClientRect`` and layout
offsets:

- every visible element of a board lies inside the board (a 1024 px page cut Blast's ring
  at sectors 7-9 before: the ring scrolled inside a narrower column), or, in a list that
  scrolls, inside the list from side to side; a table's rows span their table (a held
  entry of Intergalactic's list was laid out as a column, by a class name's other rule);
- no element of a board scrolls or clips its content sideways, and none with
  ``overflow: hidden`` hides part of it;
- the board's "cells" hold what is drawn in them: a Blast unit inside its sector's box
  (measured in the sector's own, rotated, frame), a Space Base site and its badges inside
  their grid cell, and its name broken only between words, at a hyphen or a soft hyphen
  ('Outpos/t' was not);
- labels on the ring (planet names, sector numbers, the selected unit's destination arrows
  and reach odds, the centre's lines) do not cover a unit or one another, and two units do
  not overlap;
- every glyph of the controls renders (the "Pause computer" sign was an empty box: a
  codepoint no installed font has; checked by drawing it on a canvas in the page's font);
- the browser console shows no anywidget deprecation warning and no error;
- at 1024 x 768 the four race records of a four-player Intergalactic board are all in
  the part of the notebook a person sees (between the toolbar and the status bar) when
  the board is scrolled to its top, with and without a "since your last move" account.

Screenshots of every board at each width and theme go to test-artifacts/
(``layout-<width>-<theme>-<game>.png``), and the 1024 x 768 window with each
Intergalactic board at its top (``layout-fold-[since-]intergalactic.png``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser.labtools import (
    EXEC_CELL,
    KERNEL_IDLE,
    ROOT,
    STATE_MARK,
    TIMEOUT,
    Lab,
    Notebook,
    artifact_path,
    run_all_cells,
)
from browser.test_themes import set_theme
from playwright.sync_api import Browser, expect

NOTEBOOK = "_layout.ipynb"
GAMES = ("spacehole", "blast", "spacebase", "intergalactic")
# the boards of the notebook, one a cell: a board of each game, a Space Base position with
# damaged sites, a Blast fight on a planet (both sides' tallest stacks in one sector: five
# forces each; Earth, a homeworld, contested too) and an Intergalactic battle (the
# Conflict panel), and a four-player Intergalactic board after three computer players'
# turns (its "since your last move" account open above the board)
BOARD_NAMES = (*GAMES, "spacebase-damage", "blast-fight", "intergalactic-battle",
               "intergalactic-since")
WIDTHS = (1024, 1600)
THEMES = ("JupyterLab Light", "JupyterLab Dark")
HEIGHT = 2000  # a whole board in view: its screenshot shows the board, not the page around it

SETUP = """\
import random
import boardgames as bg
from boardgames.ui import RandomAgent


def advanced(g, steps, seed):
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g
"""

BOARDS = {
    # a computer player at a slow pace: the board shows its "Pause computer" button
    "spacehole": ("board = advanced(bg.Spacehole(seed=13), 12, 1).widget(\n"
                  "    opponents={0: RandomAgent(seed=1)}, pace=30)\nboard"),
    # units on all four planets (Earth 1 under its label), stacks of four
    "blast": ("g = bg.Blast.scenario(units={1: {'terran': [5, 4, 3, 2]}, 8: {'terran': [1, 2]},\n"
              "    10: {'empire': [3, 4]}, 15: {'empire': [5, 4, 3, 2]}, 22: {'terran': [3]},\n"
              "    9: {'empire': [1]}, 7: {'terran': [2, 2, 4]}}, phase='roll',\n"
              "    to_move='empire', seed=3)\n"
              "g.widget(player=1)"),
    "spacebase": ("g = advanced(bg.SpaceBase(players=2, seed=2), 60, 3)\n"
                  "g.widget(player=g.current_player)"),
    "intergalactic": ("g = advanced(bg.Intergalactic(players=4, seed=5), 120, 4)\n"
                      "g.widget(player=g.current_player)"),
    "spacebase-damage": (
        "bg.SpaceBase.scenario(sites={(0, 0): ('Outpost', 0), (1, 0): ('Extractor', 0),\n"
        "    (2, 0): ('Metal', 0), (0, 1): ('Solar Panels Array', 0),\n"
        "    (1, 1): ('Geothermal Plant', 0), (0, 2): ('Research Station', 0),\n"
        "    (9, 9): ('Outpost', 1), (8, 9): ('Space Port', 1)},\n"
        "    damage={(1, 0): 3, (0, 1): 2, (1, 1): 1}, hands=[['Refineries', 'Factory'], []],\n"
        "    phase='build', seed=1).widget(player=0)"),
    "blast-fight": (
        "g = bg.Blast.scenario(phase='fight', to_move='empire', seed=5, units={\n"
        "    8: {'terran': [5, 4, 3, 2, 1], 'empire': [5, 4, 3, 2, 1, 1]},\n"
        "    22: {'terran': [2], 'empire': [1]}, 1: {'terran': [4, 3], 'empire': [3, 2]},\n"
        "    15: {'empire': [4]}},\n"
        "    hands={'terran': ['Ambush'], 'empire': ['Nova Bomb']})\n"
        "g.apply('fight 8')\n"
        "g.widget(player=1)"),
    "intergalactic-battle": (
        "g = bg.Intergalactic.scenario(players=[\n"
        "    {'race': 'Karnor', 'homeworld': 'Red World',\n"
        "     'entries': ['Core Fleet', 'Nova Bombs'], 'tokens': 10},\n"
        "    {'race': 'Moungwoawn', 'homeworld': 'Black World',\n"
        "     'entries': ['Heavy Fleet', 'Core Fleet'], 'tokens': 4}],\n"
        "    stage='conflict', auto_roll=False, seed=2)\n"
        "for step in (2, 'attack 1', 61, 'keep', 30, 'keep'):\n"
        "    if step != 'keep' or g.phase == 'spend':\n"
        "        g.apply(f\"keep {g.state.cur['total']}\" if step == 'keep' else step)\n"
        "g.widget(player=0)"),
    # the same position as "intergalactic", the person player 0: the three computer
    # players (P2, P3 and P1) play their turns at once, 17 lines of account
    "intergalactic-since": (
        "g = advanced(bg.Intergalactic(players=4, seed=5), 120, 4)\n"
        "g.widget(player=0, opponents={p: RandomAgent(seed=p) for p in (1, 2, 3)}, pace=0)"),
}

# Problems of one board's layout (a list of short texts), measured in the page.
LAYOUT_JS = """(board) => {
  const out = [];
  const tol = 1.5;
  const name = (e) => (e.getAttribute('class') || e.tagName).toString().split(' ')[0]
    + (e.dataset && e.dataset.sector ? '#' + e.dataset.sector : '')
    + (e.textContent ? ' "' + e.textContent.trim().slice(0, 24) + '"' : '');
  const shown = (e) => {
    if (!e.getClientRects().length) return false;
    const st = getComputedStyle(e);
    return st.visibility === 'visible' && Number(st.opacity) > 0;
  };
  const inside = (r, c) => r.left >= c.left - tol && r.top >= c.top - tol
    && r.right <= c.right + tol && r.bottom <= c.bottom + tol;
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > tol
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > tol;
  const outer = board.getBoundingClientRect();
  const area = board.closest('.jp-OutputArea-output') || board.parentElement;
  const room = area.getBoundingClientRect();
  if (outer.right > room.right + tol) {
    out.push(`board wider than its output area: ${outer.width} > ${room.width}`);
  }
  const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY);
  const scroller = (e) => { for (let p = e.parentElement; p && p !== board; p = p.parentElement)
    if (scrolls(p)) return p; return null; };
  for (const e of board.querySelectorAll('*')) {
    if (!shown(e)) continue;
    if (e.closest('details:not([open]) > :not(summary)')) continue;  // a closed log
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    // in a list that scrolls up and down: inside it from side to side
    const list = scroller(e);
    const box = list ? {...list.getBoundingClientRect().toJSON(), top: -1e9, bottom: 1e9} : outer;
    if (!(e instanceof SVGElement) || e.tagName === 'svg') {
      if (!inside(r, box)) out.push(`outside ${list ? 'its list' : 'the board'}: ${name(e)}`);
    }
    // a table's rows span the table (a row laid out as something else did not)
    if (e.tagName === 'TR') {
      const t = e.closest('table').getBoundingClientRect();
      if (Math.abs(r.width - t.width) > 4) out.push(`a row narrower than its table: ${name(e)}`);
    }
    if (e instanceof SVGElement) continue;
    const st = getComputedStyle(e);
    const clipsX = st.overflowX !== 'visible';
    const clipsY = st.overflowY === 'hidden' || st.overflowY === 'clip';
    if (clipsX && e.scrollWidth > e.clientWidth + 1) {
      out.push(`cut sideways: ${name(e)} (${e.scrollWidth} > ${e.clientWidth})`);
    }
    if (clipsY && e.scrollHeight > e.clientHeight + 1) out.push(`cut at the bottom: ${name(e)}`);
  }
  // a cell's content inside the cell, in the cell's own (untransformed) layout frame
  const offsetIn = (e, cell) => {
    let x = 0, y = 0;
    for (let n = e; n && n !== cell; n = n.offsetParent) {
      if (!cell.contains(n)) return null;
      x += n.offsetLeft; y += n.offsetTop;
    }
    return {left: x, top: y, right: x + e.offsetWidth, bottom: y + e.offsetHeight};
  };
  const cells = ['.bl-sector', '.sb-cell'];
  for (const sel of cells) {
    for (const cell of board.querySelectorAll(sel)) {
      if (!shown(cell)) continue;
      const frame = {left: 0, top: 0, right: cell.offsetWidth, bottom: cell.offsetHeight};
      for (const e of cell.querySelectorAll('*')) {
        if (!shown(e) || !(e instanceof HTMLElement)) continue;
        const r = offsetIn(e, cell);
        if (r && !inside(r, frame)) out.push(`outside its cell ${name(cell)}: ${name(e)}`);
      }
    }
  }
  // the parts of a Space Base cell (name, state line, damage, verb, risk, shield) apart
  for (const cell of board.querySelectorAll('.sb-cell')) {
    const parts = [...cell.children].filter((e) => shown(e) && !e.classList.contains('sb-meteor'));
    parts.forEach((a, i) => {
      for (const b of parts.slice(i + 1)) {
        if (overlap(a.getBoundingClientRect(), b.getBoundingClientRect())) {
          out.push(`${name(a)} overlaps ${name(b)} in ${name(cell)}`);
        }
      }
    });
  }
  // a name that wraps breaks between words, at a hyphen or a soft hyphen, never inside a word
  const pen = document.createElement('canvas').getContext('2d');
  for (const e of board.querySelectorAll('.sb-name')) {
    if (!shown(e)) continue;
    const st = getComputedStyle(e);
    pen.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const cell = getComputedStyle(e.parentElement);
    const room = e.parentElement.clientWidth - parseFloat(cell.paddingLeft)
      - parseFloat(cell.paddingRight) + 0.5;
    for (const word of e.textContent.split(/[\\s\\u00ad\\u200b]+|(?<=-)/)) {
      if (pen.measureText(word).width > room) out.push(`a word cut in two: ${name(e)}`);
    }
  }
  // nothing drawn over a unit: labels on the ring, other units
  const units = [...board.querySelectorAll('.bl-chip')].filter(shown);
  const labels = [...board.querySelectorAll('.bl-planet-label, .bl-centre > *, .bl-dest-label, '
    + '.bl-reach-text, .bl-num')].filter(shown);
  labels.forEach((l, i) => {
    const r = l.getBoundingClientRect();
    for (const m of labels.slice(i + 1)) {
      if (overlap(r, m.getBoundingClientRect())) out.push(`${name(l)} overlaps ${name(m)}`);
    }
  });
  // a chip's count badge over another chip (the chips are turned upright: the badge too)
  for (const c of board.querySelectorAll('.bl-count')) {
    const r = c.getBoundingClientRect();
    for (const u of units) {
      if (!u.contains(c) && overlap(r, u.getBoundingClientRect())) {
        out.push(`the count ${name(c)} covers ${name(u)}`);
      }
    }
  }
  units.forEach((u, i) => {
    const r = u.getBoundingClientRect();
    for (const l of labels) {
      if (overlap(r, l.getBoundingClientRect())) out.push(`${name(l)} covers ${name(u)}`);
    }
    for (const v of units.slice(i + 1)) {
      if (overlap(r, v.getBoundingClientRect())) out.push(`${name(u)} overlaps ${name(v)}`);
    }
  });
  return out;
}"""

# The glyphs of the board's buttons that no font of the page draws (a "tofu" box): each
# character is drawn on a canvas in the button's font and compared with a codepoint that
# no font has.
MISSING_GLYPHS_JS = """(board) => {
  const canvas = document.createElement('canvas');
  canvas.width = 40; canvas.height = 40;
  const cx = canvas.getContext('2d', {willReadFrequently: true});
  const draw = (ch, font) => {
    cx.clearRect(0, 0, 40, 40); cx.font = font; cx.fillStyle = '#000';
    cx.fillText(ch, 4, 28);
    return cx.getImageData(0, 0, 40, 40).data.join(',');
  };
  const out = [];
  for (const b of board.querySelectorAll('button, .bg-chip')) {
    const st = getComputedStyle(b);
    const font = `${st.fontSize} ${st.fontFamily}`;
    const tofu = draw('\\u{10FFFD}', font);
    for (const ch of new Set([...b.textContent].filter((c) => c.codePointAt(0) > 0x2000))) {
      const code = ch.codePointAt(0).toString(16);
      if (draw(ch, font) === tofu) out.push(`${ch} (U+${code}) in "${b.textContent.trim()}"`);
    }
  }
  return out;
}"""


def _write_notebook(root: Any) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP)]
    nb.cells += [nbformat.v4.new_code_cell(BOARDS[name]) for name in BOARD_NAMES]
    nb.cells.append(nbformat.v4.new_code_cell(EXEC_CELL))
    nbformat.write(nb, root / NOTEBOOK)


class Page(Notebook):
    console: list[str]


@pytest.fixture(scope="module")
def nb(browser: Browser, lab: Lab) -> Iterator[Page]:
    """The notebook, run once at 1024 px; the console's messages are kept from the start
    (anywidget warns when it loads a board's module)."""
    _write_notebook(lab.root)
    ctx = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT})
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    t0 = time.perf_counter()
    page.goto(lab.notebook_url(NOTEBOOK))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    run_all_cells(page)
    n = Page(page, lab)
    expect(n.cells().last.locator(".jp-OutputArea-output")).to_contain_text(
        STATE_MARK, timeout=90_000)
    for name in BOARD_NAMES:
        expect(_board(n, name)).to_be_visible()
    # Blast: the Empire's unit on 9 selected: its destinations drawn, one (8) on Terran units
    blast = _board(n, "blast")
    blast.locator('.bl-chip[data-side="empire"][data-unit="9:1"]').click()
    expect(blast.locator('.bl-dest[data-sector="8"]')).to_have_count(1)
    # Space Base: the meteor risk overlay on (it moves the damage badges)
    base = _board(n, "spacebase")
    base.locator('[data-control="risk"]').click()
    expect(base.locator(".sb-risk-on")).to_have_count(1)
    # the damaged sites: a card chosen (the cells where it can go are marked), then risk on
    hurt = _board(n, "spacebase-damage")
    hurt.locator('.sb-card[data-action="build Factory"]').click()
    expect(hurt.locator(".sb-cell .sb-verb").first).to_be_visible()
    hurt.locator('[data-control="risk"]').click()  # each damaged site's badge and its risk
    expect(hurt.locator(".sb-risk-on")).to_have_count(1)
    expect(hurt.locator(".sb-cell .sb-dmg").first).to_be_visible()
    # Intergalactic's records show their holdings behind a click: those of the battle's
    # two players opened (the others: closed, as a board first draws them)
    battle = _board(n, "intergalactic-battle")
    while battle.locator(".ig-holdings:not([open]) > summary").count():
        battle.locator(".ig-holdings:not([open]) > summary").first.click()
    expect(battle.locator(".ig-holdings[open] .ig-entry").first).to_be_visible()
    # the computer players' turns over: the person to move, the account shown
    since = _board(n, "intergalactic-since")
    expect(since.locator("header.bg-head .bg-tomove")).to_contain_text("(you) to move")
    expect(since.locator(".bg-since .bg-since-lines li").first).to_be_visible()
    n.opened_in = time.perf_counter() - t0
    n.console = console
    yield n
    ctx.close()


def _board(nb: Notebook, name: str) -> Any:
    return nb.cells().nth(1 + BOARD_NAMES.index(name)).locator(".bg-board").first


def _measure(nb: Page, width: int, theme: str) -> dict[str, list[str]]:
    nb.page.set_viewport_size({"width": width, "height": HEIGHT})
    tag = "dark" if "Dark" in theme else "light"
    found = {}
    for name in BOARD_NAMES:
        board = _board(nb, name)
        board.scroll_into_view_if_needed()
        found[name] = board.evaluate(LAYOUT_JS)
        if name in GAMES:  # the four boards' pictures (the other positions: measured only)
            board.screenshot(path=str(artifact_path(f"layout-{width}-{tag}-{name}.png")))
    return found


@pytest.mark.parametrize("theme", THEMES)
def test_nothing_is_clipped_or_overlapping(nb: Page, theme: str) -> None:
    """Both widths in one theme: one theme switch (its stylesheet's load is the slow part)."""
    dark = "Dark" in theme
    if dark:
        set_theme(nb.page, theme)
    problems = []
    try:
        for width in WIDTHS:
            for game, found in _measure(nb, width, theme).items():
                problems += [f"{width} px, {theme}, {game}: {p}" for p in found]
    finally:
        nb.page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
        if dark:
            set_theme(nb.page, THEMES[0])
    assert not problems, "\n".join(problems[:40])


def test_every_glyph_of_the_controls_renders(nb: Page) -> None:
    board = _board(nb, "spacehole")
    assert board.locator('[data-control="agents"]').count() == 1  # the computer's button
    missing = {name: _board(nb, name).evaluate(MISSING_GLYPHS_JS) for name in BOARD_NAMES}
    assert not any(missing.values()), missing


def _glyphs_in_widgets() -> list[str]:
    """Every character past U+2000 that the boards' modules can draw (written as such or
    as a \\u escape), but spacing and dashes."""
    chars: set[str] = set()
    for path in sorted((ROOT / "widgets").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        chars |= {chr(int(a or b, 16)) for a, b in
                  re.findall(r"\\u([0-9a-fA-F]{4})|\\u\{([0-9a-fA-F]+)\}", text)}
        chars |= {c for c in text if ord(c) > 0x2000}
    return sorted(c for c in chars if ord(c) > 0x2000 and c not in "\u200b\u2013\u2014\u2019\u2026")


def test_every_glyph_the_boards_use_is_in_a_font(nb: Page) -> None:
    """Every symbol any board module can show, drawn in a board's own font on a canvas,
    is not the empty box a missing glyph draws (U+23F8 and U+26D4 were)."""
    chars = _glyphs_in_widgets()
    assert "\u2192" in chars and len(chars) > 8, chars
    missing = _board(nb, "spacehole").evaluate("""(b, chars) => {
      const st = getComputedStyle(b);
      const canvas = document.createElement('canvas');
      canvas.width = 40; canvas.height = 40;
      const cx = canvas.getContext('2d', {willReadFrequently: true});
      const draw = (ch) => {
        cx.clearRect(0, 0, 40, 40); cx.font = `${st.fontSize} ${st.fontFamily}`;
        cx.fillText(ch, 4, 28);
        return cx.getImageData(0, 0, 40, 40).data.join(',');
      };
      const tofu = draw('\\u{10FFFD}');
      return chars.filter((ch) => draw(ch) === tofu)
        .map((ch) => `${ch} U+${ch.codePointAt(0).toString(16)}`);
    }""", chars)
    assert not missing, missing


def test_the_checks_find_what_they_look_for(nb: Page) -> None:
    """The checks themselves: a chip pushed out of its sector, a label moved over a unit,
    an element wider than the board, and a codepoint without a glyph are all reported."""
    board = _board(nb, "blast")
    planted = board.evaluate("""(b) => {
      const chip = b.querySelector('.bl-sector[data-sector="15"] .bl-chip');
      const label = b.querySelector('.bl-planet-label');
      const wide = document.createElement('div');
      wide.id = 'bg-planted'; wide.style.width = '5000px'; wide.textContent = 'planted';
      b.querySelector('.bg-content').append(wide);
      const saved = [chip.style.cssText, label.style.cssText];
      chip.style.top = '200px';
      const r = b.querySelector('.bl-sector[data-sector="22"] .bl-chip').getBoundingClientRect();
      const t = b.querySelector('.bl-track').getBoundingClientRect();
      label.style.left = `${r.left - t.left + 10}px`; label.style.top = `${r.top - t.top + 10}px`;
      return saved;
    }""")
    try:
        found = board.evaluate(LAYOUT_JS)
        glyph = board.evaluate("""(b) => {
          const btn = b.querySelector('[data-control="undo"]');
          const old = btn.textContent; btn.textContent = '\\u{10FFFD} Undo';
          return [old];
        }""")
        missing = board.evaluate(MISSING_GLYPHS_JS)
    finally:
        board.evaluate("""(b, [saved, undo]) => {
          document.getElementById('bg-planted').remove();
          const chip = b.querySelector('.bl-sector[data-sector="15"] .bl-chip');
          chip.style.cssText = saved[0];
          b.querySelector('.bl-planet-label').style.cssText = saved[1];
          b.querySelector('[data-control="undo"]').textContent = undo;
        }""", [planted, glyph[0]])
    text = "\n".join(found)
    assert 'outside the board: DIV "planted"' in text, text
    assert "outside its cell bl-sector#15" in text, text
    assert "bl-planet-label" in text and "covers bl-chip" in text, text
    assert any("U+10fffd" in m for m in missing), missing


def test_no_anywidget_warning_in_the_console(nb: Page) -> None:
    """No message of anywidget's (its deprecation warning), and no error of a board's
    (JupyterLab's own extensions may log errors of theirs: not the boards')."""
    ours = ("anywidget", "boardgames", "bg-", "deprecat")
    bad = [m for m in nb.console if any(w in m.lower() for w in ours)
           and (m.startswith(("warning", "error", "pageerror")) or "deprecat" in m.lower())]
    assert not bad, "\n".join(m[:300] for m in bad)


FOLD = (1024, 768)  # a laptop's window


# What a person sees of a board in JupyterLab: the board scrolled to the top of the
# element that scrolls the notebook (its nearest ancestor that scrolls up and down:
# .jp-WindowedPanel-outer in JupyterLab 4), measured in window coordinates. The visible
# area ends at that element's content box, the status bar's top, or the window's bottom,
# whichever comes first (the menu bar, the tabs and the notebook's toolbar are above it).
# parts: where the board's parts end, from the board's top (what to make shorter).
# JupyterLab lays its panels out again some frames after the window's resize: measured
# once the scroller's box and the board's place stay the same for three frames.
FOLD_JS = """async (board) => {
  const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)
    && e.scrollHeight > e.clientHeight;
  const frame = () => new Promise((go) => requestAnimationFrame(go));
  let s = null;
  for (let i = 0, same = 0, last = ''; i < 120 && same < 3; i++) {
    await frame();
    s = board.parentElement;
    while (s && !scrolls(s)) s = s.parentElement;
    if (!s) continue;
    s.scrollTop += board.getBoundingClientRect().top - s.getBoundingClientRect().top - s.clientTop;
    const now = JSON.stringify([s.getBoundingClientRect(), s.clientHeight,
      board.getBoundingClientRect().top, innerHeight]);
    same = now === last ? same + 1 : 0;
    last = now;
  }
  if (!s) return null;
  const box = s.getBoundingClientRect();
  const bar = document.querySelector('#jp-main-statusbar');
  const ends = [box.top + s.clientTop + s.clientHeight, innerHeight];
  if (bar && bar.getClientRects().length) ends.push(bar.getBoundingClientRect().top);
  const b = board.getBoundingClientRect();
  const rel = (e) => Math.round(e.getBoundingClientRect().bottom - b.top);
  const parts = [...board.querySelectorAll(
      ':scope > .bg-content > *, .ig-board > *, .ig-records > *')]
    .map((e) => `${(e.getAttribute('class') || e.tagName).split(' ').slice(0, 2).join('.')}`
      + ` ${rel(e)}`);
  return {scroller: s.className, ends: ends.map(Math.round), top: Math.round(box.top + s.clientTop),
          bottom: Math.round(Math.min(...ends)), board: Math.round(b.top),
          height: Math.round(b.height), parts,
          records: [...board.querySelectorAll('.ig-record')].map(
            (r) => Math.round(r.getBoundingClientRect().bottom))};
}"""


@pytest.mark.parametrize("name", ["intergalactic", "intergalactic-since"])
def test_intergalactic_four_records_fit_above_the_fold(nb: Page, name: str) -> None:
    """Issue 17: at 1024 x 768 (the file browser open) the four-player Intergalactic board
    fits with its fourth race record above the fold, as a person sees it: with the board
    scrolled to the top of the notebook's visible area, every record ends above that
    area's bottom (the menu bar, the tabs, the notebook's toolbar and the status bar
    leave 647 px of the 768). Also with the "since your last move" account of three
    computer players' turns (17 lines) open above the board: the position a person
    playing against the computer sees at every turn. Measured from the board's top, the
    records ended at 613 and 739 px (since: 1026 and 1169) with the compact records of
    6d8756d, which passed a test against the whole 768 px window; at 985 and 1320 px
    before them. The screenshot is the window as a person sees it. (Not covered: a
    Conflict-stage battle, whose panel -- the attributes compared, the odds, the IT to
    add: the decision -- is drawn above the records; in the position of 277 random steps
    of this game they end at 968 px there.)"""
    nb.page.set_viewport_size({"width": FOLD[0], "height": FOLD[1]})
    tag = "since-" if name.endswith("since") else ""
    try:
        board = _board(nb, name)
        fold = board.evaluate(FOLD_JS)
        board.page.screenshot(path=str(artifact_path(f"layout-fold-{tag}intergalactic.png")))
    finally:
        nb.page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    assert fold is not None, "no element scrolls the notebook"
    assert "jp-WindowedPanel-outer" in fold["scroller"], fold["scroller"]
    assert abs(fold["board"] - fold["top"]) <= 2, fold  # the board at the visible top
    assert 500 < fold["bottom"] - fold["top"] < FOLD[1] - 60, fold  # JupyterLab's frame
    assert len(fold["records"]) == 4
    if tag:
        assert "bg-since" in " ".join(fold["parts"]), fold["parts"]
    print(f"{name}: records end at {[r - fold['top'] for r in fold['records']]} px of a "
          f"{fold['bottom'] - fold['top']} px visible area (board {fold['height']} px)")
    over = [r - fold["bottom"] for r in fold["records"] if r > fold["bottom"]]
    assert not over, (f"records end at {[r - fold['top'] for r in fold['records']]} px from the "
                      f"board's top, the visible area is {fold['bottom'] - fold['top']} px "
                      f"(board {fold['height']} px): {fold}")



def test_intergalactic_holdings_open_with_a_click_and_stay_open(nb: Page) -> None:
    """A race record's holdings (behind a click, so that four records fit) stay open
    when the person opened them, through the next views; the others stay closed. The
    position is then taken back (Undo)."""
    cell = 1 + BOARD_NAMES.index("intergalactic-since")
    board = _board(nb, "intergalactic-since")
    held = board.locator('.ig-holdings[data-player="1"]')
    expect(held).not_to_have_attribute("open", "")
    held.locator("summary").click()
    expect(held).to_have_attribute("open", "")
    expect(held.locator(".ig-entry").first).to_be_visible()
    keep = next(a for a in nb.actions(cell) if a.startswith("keep "))
    before = nb.version(cell)
    try:
        after = nb.click_action(keep, cell)
        assert after != before  # a new view (the roll kept; the computers' turns after it)
        expect(held).to_have_attribute("open", "")
        expect(board.locator('.ig-holdings[data-player="3"]')).not_to_have_attribute("open", "")
        held.locator("summary").click()  # closed again: it stays closed
        expect(held).not_to_have_attribute("open", "")
    finally:
        nb.control("undo", cell).click()
        nb.wait_version_change(after, cell)
    expect(held).not_to_have_attribute("open", "")
