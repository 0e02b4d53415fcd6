"""Spacehole and Intergalactic on the JupyterLite site, in headless Chromium, off the
network (test_site_browser.py does Blast and Space Base the same way).

Each notebook is opened once (one page, one Pyodide kernel) and run to its end; then on
its main board: a turn is played by clicking ``[data-action]`` elements and a cell reads
back that Python made exactly those moves; the computer players move in the tab (the
three Greedy players of Intergalactic's board; Spacehole is a solo game: the
notebook's board that a computer plays on its own); Save downloads a file that this
machine's boardgames loads as the same game as the kernel's, Load (the Load button's
file chooser) brings it back; undo and redo by clicking. About a minute, most of it
Pyodide starting.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser.labtools import artifact_path
from playwright.sync_api import expect
from sitetools import (
    Offline,
    SiteNotebook,
    check_save_and_load,
    check_undo_and_redo,
    computer_played,
    no_errors,
    play_turn,
    record,
    report_opening,
    site_notebook,
    snapshot,
    summary,
    wait_for_turn,
)

pytestmark = pytest.mark.browser


class Spacehole(SiteNotebook):
    BOARD = '.bg-board[data-game="spacehole"]'
    ME = 0


class Intergalactic(SiteNotebook):
    BOARD = '.bg-board[data-game="intergalactic"]'
    ME = 0


@pytest.fixture(scope="module")
def spacehole(offline: Offline, site_url: str) -> Iterator[Spacehole]:
    yield from site_notebook(offline, site_url, "spacehole.ipynb", Spacehole)


@pytest.fixture(scope="module")
def intergalactic(offline: Offline, site_url: str) -> Iterator[Intergalactic]:
    yield from site_notebook(offline, site_url, "intergalactic.ipynb", Intergalactic)


def runs_in_pyodide(nb: SiteNotebook, offline: Offline) -> None:
    no_errors(nb)
    version = nb.python("import sys; print(sys.platform, sys.version_info[:2])")
    assert "emscripten (3, 14)" in version, version
    expect(nb.board()).to_be_visible()
    legal = nb.python_json("board.legal")
    assert legal and sorted(nb.actions()) == sorted(legal)
    assert nb.page.locator(".bg-crash").count() == 0
    assert offline.blocked == []
    report_opening(nb)


# ------------------------------------------------------------------------- Spacehole
# A move that keeps the game going: build if possible, else pass / end the turn.
SPACEHOLE_TURN = [
    ('[data-action^="build "]', None),
    ('[data-action="pass"]', None),
    ('[data-action="end turn"]', None),
    ('[data-action="power optimal"]', None),
    ("[data-action]", None),
]


def test_spacehole_runs_in_the_pyodide_kernel(spacehole: Spacehole, offline: Offline) -> None:
    runs_in_pyodide(spacehole, offline)
    expect(spacehole.board(spacehole.cell_with("what_if = h.widget(")).locator(
        ".bg-chance [data-action]").first).to_be_visible()


def test_a_turn_of_spacehole_by_clicking(spacehole: Spacehole, offline: Offline) -> None:
    nb = spacehole
    before = snapshot(nb)
    clicked, times = play_turn(nb, SPACEHOLE_TURN)
    after = snapshot(nb)
    assert clicked and after["turn"] > before["turn"]
    # Python made exactly these moves (and the dice they brought, if any)
    mine = [text for player, text in after["steps"][len(before["steps"]):] if player == 0]
    assert mine == clicked, (mine, clicked)
    assert nb.python_json("[board.error, board.frontend_errors]") == ["", []]
    nb.content().screenshot(path=str(artifact_path("site-spacehole-board.png")))
    assert offline.blocked == []
    record(spacehole_turn={"clicks": clicked, "click_to_new_view_ms": summary(times)})


def test_the_computer_plays_spacehole_in_the_tab(spacehole: Spacehole) -> None:
    """The notebook's board that a computer plays (a random player, seat 0, one move
    every 0.8 s): after a click on its "New game" (the game it played since Run All may
    be over by now), the new game moves on in the browser's kernel while nobody clicks,
    and the board shows each move."""
    nb = spacehole
    cell = nb.cell_with("watch = auto.widget(")
    steps = "[len(watch.game.history), watch.game.is_over]"
    old = nb.version(cell)
    nb.control("new", cell).click()
    nb.wait_version_change(old, cell)
    first, over = nb.python_json(steps)
    assert not over
    version = nb.version(cell)
    deadline = time.monotonic() + 30
    while nb.python_json(steps)[0] < first + 2 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert nb.python_json(steps)[0] >= first + 2, "the computer did not play"
    assert nb.python_json("watch.agents") == {"0": "RandomAgent(seed=1)"}
    assert nb.version(cell) > version
    assert nb.python_json("[watch.error, watch.frontend_errors]") == ["", []]


def test_spacehole_save_load_undo_redo_by_clicking(spacehole: Spacehole,
                                                   tmp_path: Path) -> None:
    saved = check_save_and_load(spacehole, "spacehole", tmp_path)
    undo = check_undo_and_redo(spacehole)
    record(spacehole_save=saved, spacehole_undo=undo)


# ------------------------------------------------------------------------- Intergalactic
# Player 0's decisions of a turn: keep the roll (no tokens spent), end the turn.
INTERGALACTIC_TURN = [
    ('[data-action^="keep "]', None),
    ('[data-action="end turn"]', None),
    ("[data-action]", None),
]


def test_intergalactic_runs_in_the_pyodide_kernel(intergalactic: Intergalactic,
                                                  offline: Offline) -> None:
    runs_in_pyodide(intergalactic, offline)
    # the notebook played the set-up to player 0's first spending decision
    st = intergalactic.python_json("[board.game.current_player, board.game.phase]")
    assert st == [0, "spend"]


def test_a_turn_of_intergalactic_by_clicking_and_the_computers_play(
        intergalactic: Intergalactic, offline: Offline) -> None:
    nb = intergalactic
    before = snapshot(nb)
    clicked, times = play_turn(nb, INTERGALACTIC_TURN)
    assert any(a.startswith("keep ") for a in clicked), clicked
    history = nb.python_json("[[s.player, s.text] for s in board.game.history]")
    mine = [text for player, text in history[len(before["steps"]):] if player == 0]
    assert mine[:len(clicked)] == clicked, (mine, clicked)
    # the three Greedy players move in the tab, at their pace, until it is ours again
    others = computer_played(nb, len(before["steps"]) + len(clicked), INTERGALACTIC_TURN)
    assert others == [1, 2, 3], others
    assert nb.python_json("board.agents") == {str(p): f"GreedyAgent(seed={p})"
                                              for p in (1, 2, 3)}
    assert nb.python_json("[board.error, board.frontend_errors]") == ["", []]
    nb.content().screenshot(path=str(artifact_path("site-intergalactic-board.png")))
    assert offline.blocked == []
    record(intergalactic_turn={"clicks": clicked, "click_to_new_view_ms": summary(times)})


def test_intergalactic_save_load_undo_redo_by_clicking(intergalactic: Intergalactic,
                                                       tmp_path: Path) -> None:
    wait_for_turn(intergalactic)
    saved = check_save_and_load(intergalactic, "intergalactic", tmp_path)
    undo = check_undo_and_redo(intergalactic)
    record(intergalactic_save=saved, intergalactic_undo=undo)
