"""Two people, two browsers, one kernel (issue 20), in a real JupyterLab with headless
Chromium.

Two browser contexts (two people) open two notebooks of the same server. The first
notebook starts the kernel and makes the games; the second is attached to the same
kernel through the server's sessions API (what "Kernel > Change Kernel... > Use Kernel
from Other Session" does in JupyterLab) and shows the other seat's boards. Each person
plays their own seat by clicking; after every click the other page shows the new
position within 1 s, and no page ever shows the other seat's hand. A hot-seat board is
played by clicking too, its "pass to" cover checked in the DOM. The time from a click on
one page to the other page's board showing the move (its ``data-version`` set, after the
new view is drawn) is measured inside the pages on the shared clock
(``performance.timeOrigin + performance.now()``) and written to
test-artifacts/ui-play-together.json. About a minute.
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser.labtools import EXEC_CELL, Lab, Notebook, artifact_path, open_notebook
from playwright.sync_api import Browser, expect

A_NOTEBOOK, B_NOTEBOOK = "together_a.ipynb", "together_b.ipynb"
BLAST_CELL, BASE_CELL, HOT_CELL = 0, 1, 2
WITHIN_MS = 1000
GOAL_P95_MS = 150

A_CELLS = [
    "import boardgames as bg\n"
    "blast = bg.Blast(seed=1)\n"
    "blast_a = blast.widget(player=0)\n"
    "board = blast_a  # (read by the test's state code)\n"
    "blast_a",
    "from boardgames.spacebase.rules import Rules as SBRules\n"
    "base = bg.SpaceBase(players=2, seed=2, rules=SBRules(starting_hand=4))  # hands\n"
    "base_a = base.widget(player=0)\n"
    "base_a",
    "hot = bg.Blast(seed=3)\n"
    "hot_board = hot.widget(seats=[0, 1], names=['Ann', 'Bob'])\n"
    "hot_board",
]
B_CELLS = [
    "blast_b = blast.widget(player=1)  # the same game, the other seat\nblast_b",
    "base_b = base.widget(player=1)\nbase_b",
]

# The next element to click on a board, for the seat it shows: Blast (a unit chip is a
# selection in the browser, then its destination sends the move) and Space Base (an
# outpost or a placement, a card to build once a turn, then "done"). Returns the action
# (or control) clicked and the click's time on the clock both pages share.
CLICK_NEXT = """([game, built]) => {
  const b = document.querySelectorAll('.jp-Notebook .jp-Cell')[CELL]
    .querySelector(`.bg-board[data-game="${game}"]`);
  const content = b.querySelector(':scope > .bg-content');
  const q = (s) => content.querySelector(s);
  let el;
  if (game === 'blast') {
    el = q('.bl-dest[data-action]');
    const chip = el ? null : q('.bl-chip.bl-movable');
    if (chip) { chip.click(); el = q('.bl-dest[data-action]'); }
    el = el || q('.bl-prompt [data-action]') || q('.bl-card[data-action]')
      || q('.bl-keep [data-action], .bg-other [data-action]') || q('[data-action]');
  } else {
    el = q('.sb-cell[data-action^="outpost "]') || q('.sb-cell[data-action^="place "]')
      || (built ? null : q('.sb-card[data-action^="build "]')) || q('[data-action="done"]')
      || q('[data-action]');
  }
  if (!el) return null;
  const t = performance.timeOrigin + performance.now();
  el.click();
  return { action: el.dataset.action || el.dataset.control, t, version: Number(b.dataset.version) };
}"""

# When a page's board received and showed each new version (the shared clock): see
# bgStats in widgets/common.js.
SHOWN = "(b) => b.bgStats().shown"

# Who is to move, read from a page's board: (its turn, whether its seat has legal actions).
TO_MOVE = """(b) => [Number(b.querySelector('.bg-head').textContent.match(/turn (\\d+)/)[1]),
  b.bgLegal().length > 0]"""


def write_notebook(lab: Lab, name: str, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in [*cells, EXEC_CELL]]
    nbformat.write(nb, lab.root / name)


def api(lab: Lab, path: str, body: dict[str, Any] | None = None) -> Any:
    req = urllib.request.Request(
        f"{lab.url}{path}", method="POST" if body is not None else "GET",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def attach_to_kernel_of(lab: Lab, first: str, second: str) -> str:
    """Give notebook ``second`` a session on the kernel of ``first``'s session (what
    JupyterLab's "Use Kernel from Other Session" does); return the kernel's id."""
    sessions = api(lab, "/api/sessions")
    kernel = next(s["kernel"]["id"] for s in sessions if s["path"].endswith(first))
    api(lab, "/api/sessions", {"path": second, "name": second, "type": "notebook",
                               "kernel": {"id": kernel}})
    return kernel


class Seat(Notebook):
    BOARD = ".bg-board"

    def board_of(self, cell: int, game: str) -> Any:
        return self.cells().nth(cell).locator(f'.bg-board[data-game="{game}"]').first


@pytest.fixture(scope="module")
def people(browser: Browser, lab: Lab) -> Iterator[tuple[Seat, Seat, str]]:
    write_notebook(lab, A_NOTEBOOK, A_CELLS)
    write_notebook(lab, B_NOTEBOOK, B_CELLS)
    first = open_notebook(browser, lab, A_NOTEBOOK, Seat)
    a = next(first)
    kernel = attach_to_kernel_of(lab, A_NOTEBOOK, B_NOTEBOOK)
    second = open_notebook(browser, lab, B_NOTEBOOK, Seat)
    b = next(second)
    OPENED.update(first=round(a.opened_in, 1), second=round(b.opened_in, 1))
    yield a, b, kernel
    for gen in (second, first):
        gen.close()


def py_json(nb: Notebook, expr: str) -> Any:
    mark = "BGJSON "
    text = nb.python(f"import json as _j\nprint({mark!r} + _j.dumps({expr}))")
    return json.loads(text.split(mark, 1)[1])


# The cards a page's board draws in its hand area (Blast: one element per card; Space
# Base: one per name, with its count), sorted.
HAND_SHOWN = """(b) => {
  const c = b.querySelector(':scope > .bg-content');
  const out = [...c.querySelectorAll('.bl-hand .bl-cards [data-key^="card"]')]
    .map((e) => e.dataset.key.replace(/^card\\d+:/, ''));
  for (const e of c.querySelectorAll('.sb-hand .sb-card[data-card]')) {
    const n = e.querySelector('.sb-count');
    const k = n ? Number(n.textContent.replace('\u00d7', '')) : 1;
    for (let i = 0; i < k; i++) out.push(e.dataset.card);
  }
  return out.sort();
}"""


def assert_own_hand_only(nb: Seat, cell: int, game: str, var: str, board: str,
                         seat: int) -> None:
    """The page of ``seat`` draws exactly its own seat's real hand (read from the
    kernel), and its board's view trait holds that hand and no other: a page showing a
    card of the other hand fails here (``test_the_hand_check_catches_a_leak``)."""
    own, trait, other = py_json(nb, f"[sorted({var}.view({seat})['hand']), "
                                    f"sorted({board}.view.get('hand') or []), "
                                    f"sorted({var}.view({1 - seat})['hand'])]")
    assert own or other, "no hand to check"
    shown = nb.board_of(cell, game).evaluate(HAND_SHOWN)
    assert shown == own, f"player {seat}'s page draws {shown}, its hand is {own}"
    assert trait == own, f"player {seat}'s view trait holds {trait}, its hand is {own}"
    assert py_json(nb, f"'opponent_hand' in {board}.view or 'peek' in {board}.view") is False


LATENCIES: dict[str, list[float]] = {}
ARRIVALS: list[float] = []  # click -> the update reached the other page (kernel + transport)
OPENED: dict[str, float] = {}


def play_turns(a: Seat, b: Seat, game: str, var: str, cells: tuple[int, int],
               until_turn: int) -> list[float]:
    """The seat to move clicks on its own page until ``var.turn`` reaches ``until_turn``;
    after each click the other page shows the move within 1 s; no page shows the other
    hand. Returns the click -> other page shown latencies (ms)."""
    pages = {0: (a, cells[0], f"{var}_a"), 1: (b, cells[1], f"{var}_b")}
    out: list[float] = []
    built = False
    turn = None
    for _ in range(80):
        seen = {p: nb.board_of(cell, game).evaluate(TO_MOVE) for p, (nb, cell, _) in pages.items()}
        if seen[0][0] >= until_turn:
            break
        movers = [p for p, (_, mine) in seen.items() if mine]
        assert len(movers) == 1, seen  # exactly one page can act (no computer, auto roll)
        if seen[0][0] != turn:
            turn, built = seen[0][0], False
        me, other = pages[movers[0]], pages[1 - movers[0]]
        (nb, cell, _), (onb, ocell, _) = me, other
        old_other = onb.board_of(ocell, game).get_attribute("data-version")
        click = nb.page.evaluate(CLICK_NEXT.replace("CELL", str(cell)), [game, built])
        assert click is not None, f"nothing to click for player {movers[0]}"
        built = built or click["action"].startswith("build ")
        nb.page.wait_for_function(
            "([c, g, v]) => Number(document.querySelectorAll('.jp-Notebook .jp-Cell')[c]"
            ".querySelector(`.bg-board[data-game=\"${g}\"]`).dataset.version) !== v",
            arg=[cell, game, click["version"]], timeout=10_000)
        if game == "spacebase" and click["action"].startswith("build "):
            continue  # choosing a card is not a move: the board holds it, the game unchanged
        # the other person's page shows the move within a second
        onb.page.wait_for_function(
            "([c, g, v]) => document.querySelectorAll('.jp-Notebook .jp-Cell')[c]"
            ".querySelector(`.bg-board[data-game=\"${g}\"]`).dataset.version !== v",
            arg=[ocell, game, old_other], timeout=WITHIN_MS)
        _, arrived, drawn = onb.board_of(ocell, game).evaluate(SHOWN)[-1]
        out.append(drawn - click["t"])
        ARRIVALS.append(arrived - click["t"])
    else:
        pytest.fail(f"{game}: turn {until_turn} never came")
    for p, (nb, cell, board) in pages.items():
        assert py_json(nb, f"[{board}.view == {var}.view({p}), {board}.error]") == [True, ""]
        assert_own_hand_only(nb, cell, game, var, board, p)
    assert a.page.locator(".bg-crash").count() == b.page.locator(".bg-crash").count() == 0
    return out


def test_two_notebooks_share_one_kernel_and_one_game(people: tuple[Seat, Seat, str]) -> None:
    a, b, kernel = people
    sessions = api(a.lab, "/api/sessions")
    on_kernel = sorted(s["path"] for s in sessions if s["kernel"]["id"] == kernel)
    assert on_kernel == [A_NOTEBOOK, B_NOTEBOOK]
    assert py_json(b, "[blast_b.game is blast_a.game, base_b.game is base_a.game, "
                      "blast_a.player, blast_b.player]") == [True, True, 0, 1]
    expect(a.board_of(BLAST_CELL, "blast")).to_have_attribute("data-player", "0")
    expect(b.board_of(BLAST_CELL, "blast")).to_have_attribute("data-player", "1")


def test_a_full_turn_of_blast_each_by_clicking(people: tuple[Seat, Seat, str]) -> None:
    a, b, _ = people
    start = py_json(a, "blast.turn")
    LATENCIES["blast"] = play_turns(a, b, "blast", "blast", (BLAST_CELL, BLAST_CELL),
                                    until_turn=start + 2)


def test_a_full_turn_of_space_base_each_by_clicking(people: tuple[Seat, Seat, str]) -> None:
    a, b, _ = people
    start = py_json(a, "base.turn")
    LATENCIES["spacebase"] = play_turns(a, b, "spacebase", "base", (BASE_CELL, BASE_CELL),
                                        until_turn=start + 3)


def test_the_hand_check_catches_a_leak(people: tuple[Seat, Seat, str]) -> None:
    """The check above can fail: with the other seat's hand put into page A's view trait
    (a leak made on purpose, in the kernel), ``assert_own_hand_only`` refuses it."""
    a, _, _ = people
    assert_own_hand_only(a, BASE_CELL, "spacebase", "base", "base_a", 0)
    old = a.board_of(BASE_CELL, "spacebase").get_attribute("data-version")
    a.python("base_a.view = {**base_a.view, 'hand': sorted(base_a.view['hand'] + "
             "base.view(1)['hand'])}\nbase_a.version += 1")
    expect(a.board_of(BASE_CELL, "spacebase")).not_to_have_attribute("data-version", old)
    with pytest.raises(AssertionError, match="draws"):
        assert_own_hand_only(a, BASE_CELL, "spacebase", "base", "base_a", 0)
    a.python("base_a._publish()")  # the real view again
    assert_own_hand_only(a, BASE_CELL, "spacebase", "base", "base_a", 0)


def test_the_other_page_shows_each_move_fast(people: tuple[Seat, Seat, str]) -> None:
    """More samples: the Blast seat to move clicks a move, then undo, ten times over
    (each click changes the game: the other page follows)."""
    a, b, _ = people
    p = py_json(a, "blast.current_player")
    nb, onb = (a, b) if p == 0 else (b, a)
    start = int(onb.board_of(BLAST_CELL, "blast").get_attribute("data-version"))
    clicks = nb.board_of(BLAST_CELL, "blast").evaluate(
        """async (b) => {
          const content = b.querySelector(':scope > .bg-content');
          const q = (s) => content.querySelector(s);
          const wait = (old) => new Promise((resolve) => {
            const obs = new MutationObserver(() => {
              if (b.dataset.version !== old) { obs.disconnect(); resolve(); }
            });
            obs.observe(b, { attributes: true, attributeFilter: ['data-version'] });
          });
          const out = [];
          for (let i = 0; i < 20; i++) {
            const undo = i % 2 === 1;
            let el = undo ? q('[data-control="undo"]:not([disabled])') : q('.bl-dest[data-action]');
            if (!el && !undo) {
              const chip = q('.bl-chip.bl-movable');
              if (chip) { chip.click(); el = q('.bl-dest[data-action]'); }
              el = el || q('.bl-prompt [data-action]') || q('[data-action]');
            }
            if (!el) break;
            const old = b.dataset.version;
            const t = performance.timeOrigin + performance.now();
            el.click();
            await wait(old);
            out.push({ t, kind: i % 2 ? 'undo' : 'move' });
            await new Promise((r) => setTimeout(r, 150));
          }
          return out;
        }""")
    assert len(clicks) == 20
    shown = [s for s in onb.board_of(BLAST_CELL, "blast").evaluate(SHOWN) if s[0] > start]
    assert [s[0] for s in shown] == list(range(start + 1, start + 21)), \
        "one new view on the other page per click"
    lat = [s[2] - c["t"] for c, s in zip(clicks, shown, strict=True)]
    ARRIVALS.extend(s[1] - c["t"] for c, s in zip(clicks, shown, strict=True))
    LATENCIES["blast_moves_and_undos"] = lat
    assert max(lat) < WITHIN_MS
    assert py_json(a, "[blast_a.view == blast.view(0), blast_b.view == blast.view(1)]") == [
        True, True]


def summary(values: list[float]) -> dict[str, float]:
    s = sorted(values)
    return {"n": len(s), "p50": round(s[len(s) // 2], 1),
            "p95": round(s[round(0.95 * (len(s) - 1))], 1), "max": round(s[-1], 1)}


def test_latency_report(people: tuple[Seat, Seat, str]) -> None:
    assert set(LATENCIES) == {"blast", "spacebase", "blast_moves_and_undos"}, "run the module"
    every = [x for v in LATENCIES.values() for x in v]
    result = {
        "measured": "from el.click() on one page to the other page's board data-version "
                    "change (set after the new view is drawn), on the clock both pages "
                    "share (performance.timeOrigin + now); two browser contexts, two "
                    "notebooks on one kernel; full turns of Blast and Space Base, then "
                    "10 Blast moves and 10 undos",
        **{k: summary(v) for k, v in LATENCIES.items()},
        "all": summary(every),
        "click_to_update_arrived_ms": summary(ARRIVALS),
        "goal": {"other_page_p95_ms": GOAL_P95_MS},
        "notebooks_opened_and_run_s": OPENED,
        "loadavg": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    artifact_path("ui-play-together.json").write_text(json.dumps(result, indent=2) + "\n")
    print("play together:", json.dumps(result))
    # A figure, not a gate (benchmarks never fail on absolute time); the gate is the
    # 1 s within which every page showed every move (asserted at each click above).
    assert max(every) < WITHIN_MS


def test_a_hot_seat_turn_by_clicking_with_the_cover(people: tuple[Seat, Seat, str]) -> None:
    a, _, _ = people
    board = a.board_of(HOT_CELL, "blast")
    first = py_json(a, "hot.current_player")
    names = {0: "Ann", 1: "Bob"}

    def assert_covered(seat: int) -> None:
        expect(board).to_have_attribute("data-covered", str(seat))
        content = board.locator(":scope > .bg-content")
        expect(content.locator(".bg-cover")).to_contain_text(f"Pass to {names[seat]}")
        assert content.locator("[data-action]").count() == 0
        assert content.locator(".bl-hand, .bl-card").count() == 0
        state = py_json(a, "[hot_board.covered, hot_board.player, 'hand' in hot_board.view]")
        assert state == [True, None, False]
        html = board.inner_html()
        cards = py_json(a, "sorted(set(hot.view(0)['hand']) | set(hot.view(1)['hand']))")
        assert cards and not [c for c in cards if c in html]  # no card of either hand

    assert_covered(first)
    board.screenshot(path=str(artifact_path("hot-seat-cover.png")))
    old = board.get_attribute("data-version")
    board.locator('[data-control="reveal"]').click()
    expect(board).not_to_have_attribute("data-version", old)
    expect(board).not_to_have_attribute("data-covered", str(first))
    hand = py_json(a, f"hot.view({first})['hand']")
    shown = board.locator(":scope > .bg-content .bl-hand").inner_text()
    assert all(card in shown for card in hand)
    for _ in range(40):  # the first seat's decisions, by clicking, until the cover
        if board.get_attribute("data-covered") is not None:
            break
        click = a.page.evaluate(CLICK_NEXT.replace("CELL", str(HOT_CELL)), ["blast", False])
        assert click is not None
        a.page.wait_for_function(
            "([c, v]) => Number(document.querySelectorAll('.jp-Notebook .jp-Cell')[c]"
            ".querySelector('.bg-board').dataset.version) !== v",
            arg=[HOT_CELL, click["version"]], timeout=10_000)
    assert py_json(a, "hot.current_player") == 1 - first
    assert_covered(1 - first)
    assert a.page.locator(".bg-crash").count() == 0
