"""The incremental draw (widgets/common.js: the new tree patched into the live one, parts
memoised with ctx.memo) draws exactly what a fresh board draws: for each game, a board is
fed the successive states of a real game played through its Python board (each trait
keeping its object when an update does not carry it, as in the browser), and after every
update its DOM is compared with that of a board mounted afresh on the same state. Also:
unchanged parts keep their elements. Real ESM and CSS in headless Chromium, without
JupyterLab. About 10 s.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.ui import RandomAgent
from boardgames.ui.board import Board

MOUNT = """async ([esm, css, state]) => {
  if (!document.getElementById('bg-css')) {
    const st = document.createElement('style');
    st.id = 'bg-css';
    st.textContent = css;
    document.head.append(st);
  }
  const url = URL.createObjectURL(new Blob([esm], { type: 'text/javascript' }));
  const mod = await import(url);
  const mount = async (box, st) => {
    const listeners = [];
    const model = { state: st, get(k) { return this.state[k]; }, set() {}, save_changes() {},
      send() {}, on: (name, cb) => listeners.push([name, cb]), off() {} };
    await mod.default.render({ model, el: box });
    return { model, listeners };
  };
  const live = document.createElement('div');
  const fresh = document.createElement('div');
  document.body.replaceChildren(live, fresh);
  window.__mount = mount;
  window.__fresh = fresh;
  window.__live = await mount(live, state);
  return true;
}"""

# Feed one state to the live board (traits unchanged keep their object) and draw a fresh
# board on it; return both DOMs, normalised: attributes in one order, without a view's own
# id, and without the dice
# animations, which are for the live board only (a fresh board never animates what it did
# not see fall).
FEED = """async (state) => {
  const lv = window.__live;
  const prev = lv.model.state;
  const next = {};
  for (const k of Object.keys(state)) {
    next[k] = JSON.stringify(state[k]) === JSON.stringify(prev[k]) ? prev[k] : state[k];
  }
  lv.model.state = next;
  const marks = [...document.querySelectorAll('body > div:first-child [data-key]')];
  for (const m of marks) m.bgMark = true;
  for (const [n, cb] of lv.listeners) if (n === 'change') cb();
  await new Promise((r) => setTimeout(r, 0));
  window.__fresh.replaceChildren();
  await window.__mount(window.__fresh, JSON.parse(JSON.stringify(state)));
  const norm = (box) => {
    const c = box.querySelector('.bg-board > .bg-content').cloneNode(true);
    for (const e of c.querySelectorAll('.sb-falling')) e.remove();  // a meteor falling
    for (const e of c.querySelectorAll('[class]')) {
      e.setAttribute('class', e.getAttribute('class').split(/\\s+/)
        .filter((x) => x && !/^(bg-fresh|bl-fresh)$/.test(x)).join(' '));
    }
    for (const e of c.querySelectorAll('[style]')) {
      e.style.removeProperty('animation-delay');
      if (!e.getAttribute('style')) e.removeAttribute('style');
    }
    for (const e of c.querySelectorAll('*')) {  // attributes in one order
      e.removeAttribute('data-ig-board');  // each view's own id
      for (const k of ['id', 'aria-describedby']) {  // the glossary's ids: each board's own
        const v = e.getAttribute(k);
        if (v && /^bg\\d+-g\\d+$/.test(v)) e.setAttribute(k, v.replace(/^bg\\d+-/, 'bg-'));
      }
      const attrs = [...e.attributes].map((a) => [a.name, a.value]).sort();
      for (const [k] of attrs) e.removeAttribute(k);
      for (const [k, v] of attrs) e.setAttribute(k, v);
    }
    return c.innerHTML;
  };
  const kept = [...document.querySelectorAll('body > div:first-child [data-key]')]
    .filter((e) => e.bgMark).length;
  return { live: norm(document.body.firstElementChild), fresh: norm(window.__fresh), kept,
    crash: document.querySelector('.bg-crash')?.textContent || null };
}"""


def states(board: Board, moves: Callable[[Board], None], n: int) -> list[dict[str, Any]]:
    def state() -> dict[str, Any]:
        return json.loads(json.dumps({k: v for k, v in board.get_state().items()
                                      if k not in ("_esm", "_css", "forks")}))

    out = [state()]
    while len(out) < n:
        moves(board)
        out.append(state())
    return out


def first_legal(board: Board) -> None:
    """One step: a chance outcome forced (or rolled when secret), a legal action of the
    board's player, or the computer's move."""
    if board.game.is_over:
        board._on_msg(board, {"type": "new", "seed": board.version}, [])
    elif board.chance:
        board.send_intent(board.chance[board.version % len(board.chance)]["action"])
    elif board.legal:
        board.send_intent(board.legal[board.version % len(board.legal)])
    elif board.game.current_player == CHANCE:
        board._on_msg(board, {"type": "roll", "version": board.version}, [])
    else:
        assert board.agent_step() is not None
    assert board.error == "", board.error


def spacehole() -> Board:
    return bg.Spacehole(seed=13, auto_roll=False).widget()


def blast() -> Board:
    return bg.Blast(seed=5, auto_roll=False).widget(player=0, opponents={1: RandomAgent(1)})


def spacebase() -> Board:
    return bg.SpaceBase(players=2, seed=3).widget(0, opponents={1: RandomAgent(1)})


def intergalactic() -> Board:
    from boardgames.intergalactic.agents import GreedyAgent

    g = bg.Intergalactic(players=3, seed=2024)
    board = g.widget(player=0, opponents={1: GreedyAgent(seed=1), 2: GreedyAgent(seed=2)})
    advisor = GreedyAgent(seed=0)
    while not (g.current_player == 0 and g.phase == "spend"):
        g.apply(advisor.choose(g))
    board.refresh()
    return board


CASES: dict[str, tuple[Callable[[], Board], Callable[[Board], None]]] = {
    "spacehole": (spacehole, first_legal),
    "blast": (blast, first_legal),
    "spacebase": (spacebase, first_legal),
    "intergalactic": (intergalactic, first_legal),
}


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    p = context.new_page()
    p.set_content("<!doctype html><html><head></head><body></body></html>")
    yield p
    context.close()


@pytest.mark.parametrize("name", list(CASES))
def test_the_patched_board_is_the_fresh_board(page: Page, name: str) -> None:
    make, moves = CASES[name]
    board = make()
    board.configure(pace=30)  # the computer moves only when the test says so
    seq = states(board, moves, 16)
    board.close()
    page.evaluate(MOUNT, [board._esm, board._css, seq[0]])
    kept = 0
    for i, state in enumerate(seq[1:], 1):
        out = page.evaluate(FEED, state)
        assert out["crash"] is None, out["crash"]
        assert out["live"] == out["fresh"], f"step {i}: the patched board differs"
        kept += out["kept"]
    assert kept > 0  # unchanged parts kept their elements
