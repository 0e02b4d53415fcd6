"""Every legal action sits where it belongs on the Spacehole board: the real ESM and CSS
rendered in headless Chromium (without JupyterLab: a stand-in model that serves a real
board's synced state and records what the board sends), for positions set up with
``Spacehole.scenario``. For each: every legal action is exactly one ``[data-action]``
element, on the right kind of element, and clicking it sends the intent with the view's
version. About 2 s.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import boardgames as bg
from boardgames.spacehole import Rules
from boardgames.ui.board import Board

MOUNT = """async ([esm, css, state]) => {
  document.head.insertAdjacentHTML('beforeend', '<style></style>');
  document.head.lastChild.textContent = css;
  const url = URL.createObjectURL(new Blob([esm], { type: 'text/javascript' }));
  const mod = await import(url);
  const el = document.createElement('div');
  document.body.replaceChildren(el);
  const sent = [];
  const listeners = [];
  const model = {
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; },
    save_changes: () => {},
    send: (m) => sent.push(m),
    on: (name, cb) => listeners.push([name, cb]),
    off: () => {},
  };
  window.__sent = sent;
  await mod.default.render({ model, el });
  await new Promise((r) => setTimeout(r, 0));
  const content = el.querySelector('.bg-board > .bg-content');
  return {
    actions: [...content.querySelectorAll('[data-action]')].map((e) => ({
      action: e.dataset.action, tag: e.tagName, cls: e.className,
      in: e.closest('section, details, .sh-prompt')?.className || '' })),
    other: !!content.querySelector('.bg-other'),
    crash: el.querySelector('.bg-crash')?.textContent || null,
    version: el.querySelector('.bg-board').dataset.version,
    game: el.querySelector('.bg-board').dataset.game,
  };
}"""


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    p = context.new_page()
    p.set_content("<!doctype html><html><head></head><body></body></html>")
    yield p
    context.close()


def mount(page: Page, board: Board) -> dict[str, Any]:
    state = {k: v for k, v in board.get_state().items() if k not in ("_esm", "_css")}
    state = json.loads(json.dumps(state))
    out = page.evaluate(MOUNT, [board._esm, board._css, state])
    assert out["crash"] is None, out["crash"]
    assert out["game"] == "spacehole" and out["version"] == str(board.version)
    return out


def placed(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    actions = [a["action"] for a in out["actions"]]
    assert len(actions) == len(set(actions)), f"an action is placed twice: {actions}"
    return {a["action"]: a for a in out["actions"]}


CASES = {
    "build: cards in hand": (
        lambda: bg.Spacehole.scenario(hand=["Colony", "Space Marines"], structures=["Agrodome"],
                                      phase="build", seed=1),
        {"build Colony": "sh-hand", "build Space Marines": "sh-hand", "pass": "bg-btn"}),
    "repair: damaged cards in play": (
        lambda: bg.Spacehole.scenario(defenders=["Space Marines"], structures=["Force Dome"],
                                      damage={"Space Marines": 1, "Force Dome": 2},
                                      base_damage=3, phase="build", seed=1),
        {"repair Space Marines [1 dmg]": "sh-defender", "repair Force Dome [2 dmg]":
         "sh-structure", "repair Base": "sh-base"}),
    "space virus: on the defender or colony": (
        lambda: bg.Spacehole.scenario(defenders=["Space Navy"], structures=["Colony", "Agrodome"],
                                      phase="event", event="Space Virus", seed=1),
        {"virus Space Navy": "sh-defender", "virus Colony": "sh-structure"}),
    "reinforcements: take from the discard pile": (
        lambda: bg.Spacehole.scenario(discard=["Space Marines", "Space Hero"], phase="event",
                                      event="Reinforcements", seed=1),
        {"take Space Marines": "sh-take", "take Space Hero": "sh-take"}),
    "end of turn: peek on the scout, end turn": (
        lambda: bg.Spacehole.scenario(defenders=["Space Rangers"], phase="end", seed=1),
        {"peek Space Rangers": "sh-defender", "end turn": "bg-btn"}),
    "manual power: tokens on structures": (
        lambda: bg.Spacehole.scenario(structures=["Mine", "Mine", "Refinery"], phase="power",
                                      seed=1, rules=Rules(power_choice="manual")),
        {"power Mine": "sh-structure", "power optimal": "bg-btn", "power done": "bg-btn"}),
    "manual power: a Refinery once two Mines are powered": (
        lambda: bg.Spacehole.scenario(structures=["Mine", "Mine", "Refinery"], phase="power",
                                      seed=1, rules=Rules(power_choice="manual"))
        .apply("power Mine").apply("power Mine"),
        {"power Refinery": "sh-structure", "power done": "bg-btn"}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_every_legal_action_is_on_the_element_it_names(page: Page, name: str) -> None:
    make, expected = CASES[name]
    game = make()
    board = game.widget()
    legal = set(board.legal)
    assert set(expected) <= legal, (expected, legal)
    out = mount(page, board)
    where = placed(out)
    assert set(where) == legal  # every legal action, and nothing else
    assert not out["other"]  # none needed the fallback row
    for action, cls in expected.items():
        assert cls in where[action]["cls"].split(), (action, where[action])
        assert where[action]["tag"] == "BUTTON"


def test_overflow_discards_sit_on_the_defenders(page: Page) -> None:
    g = bg.Spacehole.scenario(defenders=["Space Navy", "Space Marines"], hand=["Space Hero"],
                              phase="build", seed=1)
    g.apply("build Space Hero")
    board = g.widget()
    assert all(a.startswith("remove ") for a in board.legal) and len(board.legal) == 3
    where = placed(mount(page, board))
    assert set(where) == set(board.legal)
    assert all("sh-defender" in w["cls"] for w in where.values())


def test_hand_over_its_limit_discards_from_the_hand(page: Page) -> None:
    g = bg.Spacehole.scenario(hand=["Mine", "Mine", "Colony", "Agrodome", "Space Marines"],
                              deck=["Solar Array", "Laser Turret"], phase="karma", seed=1)
    board = g.widget()
    assert board.view["pending"] == "discard"
    where = placed(mount(page, board))
    assert set(where) == set(board.legal) and all(a.startswith("discard ") for a in where)
    assert all("sh-hand" in w["cls"] for w in where.values())


def test_the_chance_panel_lists_every_outcome_as_an_action(page: Page) -> None:
    g = bg.Spacehole.scenario(defenders=["Space Marines"], phase="event",
                              event="Alien Predators", auto_roll=False, seed=1)
    board = g.widget()
    out = mount(page, board)
    where = placed(out)
    assert set(where) == {r["action"] for r in board.chance} == {"0 hits", "1 hit", "2 hits",
                                                                 "3 hits"}
    assert all("bg-chance" in w["in"] for w in where.values())
    # a click sends the intent with the version of the view it was chosen on
    page.locator('[data-action="2 hits"]').click()
    assert page.evaluate("() => window.__sent") == [
        {"type": "intent", "action": "2 hits", "version": board.version}]


def test_a_spectator_board_has_nothing_to_click(page: Page) -> None:
    g = bg.Spacehole.scenario(hand=["Colony"], structures=["Agrodome"], phase="build", seed=1)
    out = mount(page, g.widget(player=None))
    assert out["actions"] == []
    assert "hidden from spectators" in page.locator(".sh-hand").inner_text()
