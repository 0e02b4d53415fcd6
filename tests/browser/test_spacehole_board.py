"""The Spacehole board in a real JupyterLab, driven by clicks in headless Chromium.

Runs a temporary copy of notebooks/spacehole.ipynb with "Run All Cells", then, on the
same page: the boards render with their test hooks; a full turn is played by clicking
``[data-action]`` elements and the Python game (read back from a cell) made exactly those
moves; undo by clicking; forged intents from the page are refused, the error drawn and
the game unchanged; a front-end exception is drawn in the cell; the computer plays at a
visible pace; fork, the history scrubber, save and load, the keyboard and the dark
theme; screenshots (test-artifacts/); and the latency of click -> intent -> kernel ->
new view rendered, measured inside the page over 40 clicks, with the initial render
time, written to test-artifacts/ui-benchmarks.json. About 25 s.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser.labtools import (
    NEXT_FRAME_JS,
    PAUSE_JS,
    Lab,
    LatencyProbe,
    artifact_path,
    frame_summary,
    open_notebook,
)
from browser.labtools import Notebook as BaseNotebook
from playwright.sync_api import Browser, expect

NOTEBOOK = "spacehole.ipynb"
BOARD = '.bg-board[data-game="spacehole"]'
BOARD_CELL = 1  # the cell that shows the main board (`board`)
WHAT_IF_CELL = 8  # the what-if board (auto roll off)
WATCH_CELL = 12  # the board the computer plays
TIMEOUT = 30_000


class Notebook(BaseNotebook):
    """The open spacehole notebook, and the Python behind it."""

    BOARD = BOARD
    BOARD_CELL = BOARD_CELL


def pick(actions: list[str]) -> str:
    """A move that keeps a game going: build if possible, else pass / end the turn."""
    return next((a for a in actions if a.startswith("build ")), None) or next(
        (a for a in ("pass", "end turn", "power optimal") if a in actions), actions[0])


@pytest.fixture(scope="module")
def nb(browser: Browser, lab: Lab) -> Iterator[Notebook]:
    yield from open_notebook(browser, lab, NOTEBOOK, Notebook, accept_downloads=True)


def test_notebook_ran_without_errors(nb: Notebook) -> None:
    errors = nb.page.locator(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, errors.all_inner_texts()


def test_boards_render_with_their_test_hooks(nb: Notebook) -> None:
    board = nb.board()
    expect(board).to_be_visible()
    st = nb.state()
    assert board.get_attribute("data-game") == "spacehole"
    assert int(board.get_attribute("data-version")) == st["version"]
    # every legal action of the Python game is one [data-action] element of the board
    legal = json.loads(nb.python("print(__import__('json').dumps(board.legal))"))
    assert sorted(nb.actions()) == sorted(legal) and legal
    # the other boards of the notebook: what-if (chance panel), Babylon 5, computer
    assert nb.page.locator(BOARD).count() >= 4
    expect(nb.page.locator(".bg-theme-babylon5")).to_have_count(1)
    expect(nb.board(WHAT_IF_CELL).locator(".bg-chance [data-action]").first).to_be_visible()
    expect(nb.board(WHAT_IF_CELL).locator(".sh-odds")).to_contain_text("%")
    assert nb.page.locator(".bg-crash").count() == 0


def test_the_computer_plays_at_a_visible_pace(nb: Notebook) -> None:
    watch = nb.board(WATCH_CELL)
    # Record when the computer's board changes, inside the page, for 3 s (pace 0.8 s).
    stamps = watch.evaluate("""(b) => new Promise((resolve) => {
        const out = [];
        let last = b.dataset.version;
        const obs = new MutationObserver(() => {
          if (b.dataset.version !== last) { last = b.dataset.version; out.push(performance.now()); }
        });
        obs.observe(b, { attributes: true, attributeFilter: ['data-version'] });
        setTimeout(() => { obs.disconnect(); resolve(out); }, 3000);
    })""")
    assert len(stamps) >= 2, "the computer did not play"
    gaps = [b - a for a, b in itertools.pairwise(stamps)]
    # One move per pace (0.8 s), not all at once. The gaps are measured in the page, so
    # a busy kernel can delay one move and bunch it with the next: the median gap and
    # the number of moves in the window are what the pace fixes.
    assert statistics.median(gaps) > 400, gaps
    assert len(stamps) <= 3000 // 800 + 1, gaps
    # the kernel is not blocked meanwhile
    assert "ok" in nb.python("print('ok')")


def test_play_a_full_turn_by_clicking(nb: Notebook) -> None:
    before = nb.state()
    turn0 = nb.board().locator(".sh-stat").first.inner_text()
    clicked: list[str] = []
    for _ in range(12):  # until the turn number on the board changes: a full turn
        action = pick(nb.actions())
        nb.click_action(action)
        clicked.append(action)
        if nb.board().locator(".sh-stat").first.inner_text() != turn0:
            break
    else:
        pytest.fail(f"the turn did not end after {clicked}")
    after = nb.state()
    assert after["actions"] == [*before["actions"], *clicked]
    assert after["steps"] > before["steps"] and after["error"] == ""
    assert nb.board().locator(".bg-error").count() == 0


def test_undo_by_clicking(nb: Notebook) -> None:
    before = nb.state()
    action = pick(nb.actions())
    nb.click_action(action)
    assert nb.state()["actions"] == [*before["actions"], action]
    old = nb.version()
    nb.control("undo").click()
    nb.wait_version_change(old)
    after = nb.state()
    assert after["actions"] == before["actions"] and after["json"] == before["json"]


def test_the_same_board_displayed_again_is_the_same_widget(nb: Notebook) -> None:
    out = nb.python("from IPython.display import display\n"
                    "assert g.widget() is board\n"
                    "display(board)\nprint('shown')")
    assert "shown" in out
    second = nb.cells().last.locator(BOARD).first
    expect(second).to_have_attribute("data-version", str(nb.version()))
    nb.click_action(pick(nb.actions()))
    # both views of the one model follow the same kernel state
    expect(second).to_have_attribute("data-version", str(nb.version()))
    assert nb.page.locator(f"{BOARD}[data-version='{nb.version()}']").count() >= 2


def test_forged_intents_are_refused_shown_and_change_nothing(nb: Notebook) -> None:
    before = nb.state()
    board = nb.board()
    # A real button whose data-action was tampered with: an action that is not legal.
    board.evaluate("b => { const e = b.querySelector(':scope > .bg-content [data-action]');"
                   " e.dataset.action = 'discard World Eater'; e.click(); }")
    expect(board.locator(".bg-error")).to_contain_text("discard World Eater")
    # Raw messages sent from the page: a future version, smuggled state, a huge string,
    # an unknown message type.
    for msg, shown in (
        ({"type": "intent", "action": "pass", "version": 10**6}, "future"),
        ({"type": "intent", "action": "pass", "version": 1, "state": {"megacredits": 999}},
         "unexpected"),
        ({"type": "intent", "action": "x" * 5000, "version": 1}, "characters long"),
        ({"type": "set_state", "megacredits": 999}, "unknown message type"),
    ):
        board.evaluate("(b, m) => b.bgSend(m)", msg)
        expect(board.locator(".bg-error")).to_contain_text(shown)
    after = nb.state()
    assert after["json"] == before["json"] and after["steps"] == before["steps"]
    assert after["error"] and after["version"] == before["version"]
    assert nb.page.locator(".bg-crash").count() == 0


def test_a_front_end_exception_is_drawn_in_the_cell(nb: Notebook) -> None:
    # A view the board's code cannot draw (set from Python, bypassing the game).
    nb.python("board.view = {**board.view, 'structures': 5}")
    crash = nb.board().locator(".bg-crash")
    expect(crash).to_contain_text("drawing the board")
    assert nb.state()["frontend_errors"]
    nb.python("board.view = board.game.view(0)")
    expect(crash).to_have_count(0)


def test_fork_opens_a_what_if_board_inside_the_board(nb: Notebook) -> None:
    before = nb.state()
    nb.control("fork").click()
    child = nb.board().locator(f".bg-forks {BOARD}").first
    expect(child).to_be_visible()
    old = int(child.get_attribute("data-version"))
    main_version = nb.version()
    child.locator(':scope > .bg-content [data-action="pass"], :scope > .bg-content '
                  '[data-action^="build "]').first.click()
    expect(child).not_to_have_attribute("data-version", str(old))
    after = nb.state()
    assert after["json"] == before["json"] and nb.version() == main_version
    assert after["forks"] and after["forks"][-1] > after["steps"]


def test_the_history_scrubber_is_read_only_and_can_branch(nb: Notebook) -> None:
    before = nb.state()
    board = nb.board()
    nb.control("scrub-prev").click()
    expect(board).to_have_attribute("data-scrub", str(before["steps"] - 1))
    expect(board.locator(".bg-scrub-banner")).to_be_visible()
    assert nb.actions() == []  # a past position: nothing to click
    nb.control("scrub-prev").click()
    expect(board).to_have_attribute("data-scrub", str(before["steps"] - 2))
    nb.control("scrub-fork").click()
    expect(board.locator(".bg-forks > .bg-fork")).to_have_count(len(before["forks"]) + 1)
    assert nb.state()["forks"][-1] == before["steps"] - 2
    nb.control("scrub-live").click()
    expect(board).to_have_attribute("data-scrub", "")
    assert nb.actions()
    assert nb.state()["json"] == before["json"]


def test_save_and_load_a_json_file(nb: Notebook, tmp_path: Path) -> None:
    saved_state = nb.state()
    with nb.page.expect_download() as dl:
        nb.control("save").click()
    path = tmp_path / "saved.json"
    dl.value.save_as(path)
    saved = path.read_text()
    assert json.loads(saved)["game"] == "spacehole"
    assert json.loads(saved)["steps"] == json.loads(saved_state["json"])["steps"]
    nb.click_action(pick(nb.actions()))
    moved = nb.state()
    file_input = nb.board().locator(':scope > input[type="file"]')
    # A corrupt file: the error is shown, nothing changes.
    file_input.set_input_files(files=[{"name": "bad.json", "mimeType": "application/json",
                                       "buffer": saved[:-40].encode()}])
    expect(nb.board().locator(".bg-error")).to_contain_text("cannot load saved game")
    assert nb.state()["json"] == moved["json"]
    # The saved file: back to the saved position.
    file_input.set_input_files(str(path))
    expect(nb.board().locator(".bg-notice")).to_contain_text("loaded saved.json")
    assert json.loads(nb.state()["json"])["steps"] == json.loads(saved)["steps"]


def test_every_action_is_reachable_by_keyboard(nb: Notebook) -> None:
    before = nb.state()
    board = nb.board()
    first = board.locator(":scope > .bg-content [data-action]").first
    action = first.get_attribute("data-action")
    first.focus()
    old = nb.version()
    nb.page.keyboard.press("Enter")
    nb.wait_version_change(old)
    # focus stays in the board after it redraws, so Tab goes on from there
    assert board.evaluate("b => b.contains(document.activeElement)")
    nb.page.keyboard.press("Tab")
    assert board.evaluate("b => b.contains(document.activeElement)")
    assert nb.state()["actions"] == [*before["actions"], action]
    assert board.evaluate("b => [...b.querySelectorAll('[data-action], [data-control]')]"
                          ".every(e => ['BUTTON', 'INPUT', 'SELECT'].includes(e.tagName))")


def test_screenshots(nb: Notebook) -> None:
    """Test artefacts: the main board, the what-if board with its chance panel and
    battle, and the Babylon 5 board."""
    board = nb.board().locator(":scope > .bg-content")  # without the what-if boards
    board.scroll_into_view_if_needed()
    path = artifact_path("spacehole-board.png")
    board.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    fork = nb.board().locator(f".bg-forks {BOARD}").first
    fork.scroll_into_view_if_needed()
    fork.screenshot(path=str(artifact_path("spacehole-fork-board.png")))
    what_if = nb.board(WHAT_IF_CELL)
    what_if.scroll_into_view_if_needed()
    what_if.screenshot(path=str(artifact_path("spacehole-whatif-board.png")))
    b5 = nb.page.locator(".bg-theme-babylon5").first
    b5.scroll_into_view_if_needed()
    b5.screenshot(path=str(artifact_path("spacehole-board-babylon5.png")))


def test_click_latency_and_initial_render(nb: Notebook) -> None:
    page = nb.page
    pause = nb.control("agents", WATCH_CELL)
    if "Pause" in pause.inner_text():  # a quiet kernel for the measure
        pause.click()
        expect(pause).to_contain_text("Run")
    before = nb.state()
    probe = LatencyProbe(nb, "board")
    probe.start()
    run = nb.board().evaluate(
        """async (b) => {
          """ + NEXT_FRAME_JS + """
          const frames = [];
          const content = b.querySelector(':scope > .bg-content');
          const pick = () => {
            const acts = [...content.querySelectorAll('[data-action]')];
            const pref = (s) => acts.find((e) => e.dataset.action.startsWith(s));
            return pref('build ') || pref('pass') || pref('end turn') || pref('power optimal')
              || acts[0];
          };
          const waitVersion = (old) => new Promise((resolve) => {
            if (b.dataset.version !== old) return resolve();
            const obs = new MutationObserver(() => {
              if (b.dataset.version !== old) { obs.disconnect(); resolve(); }
            });
            obs.observe(b, { attributes: true, attributeFilter: ['data-version'] });
          });
          const out = [];
          let clicked = [];  // the actions clicked since the last new game
          let renewed = false;
          while (out.length < 40) {
            const el = pick();
            const old = b.dataset.version;
            if (!el) {  // game over: start a new one (not timed)
              content.querySelector('[data-control="new"]').click();
              await waitVersion(old);
              clicked = []; renewed = true;
              continue;
            }
            clicked.push(el.dataset.action);
            const t0 = performance.now();
            el.click();
            await waitVersion(old);
            out.push(performance.now() - t0);
            if (Number(b.dataset.version) !== Number(old) + 1) throw new Error('not one view');
            await nextFrame(); frames.push(performance.now() - t0);
            """ + PAUSE_JS + """
          }
          return { times: out, clicked, renewed, frames };
        }""")
    probe.stop()
    times = run["times"]
    assert len(times) >= 30
    # Correct, not only fast: the kernel played exactly the actions clicked, one intent
    # (and one new view) per click, without an error.
    after = nb.state()
    if run["renewed"]:
        assert after["actions"] == run["clicked"]
    else:
        assert after["actions"] == [*before["actions"], *run["clicked"]]
    assert after["error"] == "" and probe.kernel_error == ""
    assert [r["type"] for r in probe.kernel_timings].count("intent") == len(times)
    stats = nb.board().evaluate("b => b.bgStats()")
    times.sort()
    p50 = statistics.median(times)
    p95 = times[round(0.95 * (len(times) - 1))]

    # Initial render: re-run the board's cell; time from the key press that runs it
    # until the board is drawn (kernel executes the cell + comm + ESM render).
    page.evaluate(
        """(index) => {
          window.__bgT0 = null; window.__bgT1 = null;
          document.addEventListener('keydown', (e) => {
            if (e.key === 'Enter' && e.ctrlKey && window.__bgT0 === null) {
              window.__bgT0 = performance.now();
            }
          }, { capture: true });
          const cell = document.querySelectorAll('.jp-Notebook .jp-Cell')[index];
          const obs = new MutationObserver(() => {
            const b = cell.querySelector('.bg-board[data-game="spacehole"]');
            if (window.__bgT0 !== null && b && b.dataset.version && window.__bgT1 === null) {
              window.__bgT1 = performance.now();
              obs.disconnect();
            }
          });
          obs.observe(cell, { childList: true, subtree: true });
        }""", BOARD_CELL)
    nb.cells().nth(BOARD_CELL).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function("() => window.__bgT1 !== null", timeout=TIMEOUT)
    render_ms = page.evaluate("() => window.__bgT1 - window.__bgT0")
    result = {
        "click_to_render_ms": {"n": len(times), "p50": round(p50, 1), "p95": round(p95, 1),
                               "min": round(times[0], 1), "max": round(times[-1], 1)},
        "initial_render_ms": round(render_ms, 1),
        "notebook_open_and_run_all_s": round(nb.opened_in, 1),
        "goal": {"click_p95_ms": 100, "initial_render_ms": 500},
        "measured": "inside the page: performance.now() from el.click() until the board's "
                    "data-version changes (set after the new view is drawn); initial render "
                    "from the Ctrl+Enter that runs the board's cell until the board is drawn",
    }
    result["board_draw_ms_in_browser"] = {
        "p50": round(statistics.median(stats["renderMs"]), 1),
        "max": round(max(stats["renderMs"]), 1)}
    result["click_to_next_frame_ms"] = frame_summary(run["frames"])
    result.update(probe.report())
    result["initial_render_loadavg"] = [round(x, 2) for x in os.getloadavg()]
    artifact_path("ui-benchmarks.json").write_text(json.dumps(result, indent=2) + "\n")
    print("ui benchmarks:", json.dumps(result))
    assert nb.page.locator(".bg-crash").count() == 0


def test_follows_the_dark_theme(nb: Notebook) -> None:
    page = nb.page
    board = nb.board()
    light = board.evaluate("b => getComputedStyle(b).backgroundColor")
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-itemLabel", has_text="JupyterLab Dark").first.click()
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    page.wait_for_function(
        "([sel, light]) => getComputedStyle(document.querySelectorAll("
        "'.jp-Notebook .jp-Cell')[1].querySelector(sel)).backgroundColor !== light",
        arg=[BOARD, light])
    dark = board.evaluate("b => getComputedStyle(b).backgroundColor")

    def lum(css: str) -> float:
        r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert lum(dark) < 80 < lum(light), (light, dark)
    board.locator(":scope > .bg-content").screenshot(
        path=str(artifact_path("spacehole-board-dark.png")))
