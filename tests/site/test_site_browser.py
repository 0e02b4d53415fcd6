"""The JupyterLite site in headless Chromium, off the network: the boards and the engine
running in the browser's Pyodide kernel (CPython 3.14 in WebAssembly).

The site is built from the working tree once per session (conftest), served on
127.0.0.1, and opened in a browser context that aborts every request to another host
(``context.route``, so the kernel's web worker is covered too); each test also checks
that nothing was asked of another host. On blast.ipynb and spacebase.ipynb of the site:
every cell runs in the Pyodide kernel; a full turn is played by clicking the boards'
``[data-action]`` elements against the computer, and a cell reads back that Python made
exactly those moves and that the computer then played; Save downloads the game and Load
reads it back; the engine plays the same seeded games as this machine's CPython, forks
untouched; the click-to-new-view latency is measured in the page. Figures (site size,
time to a ready kernel, latencies) go to test-artifacts/site-figures.json, screenshots
to test-artifacts/site-*.png. About 3-5 minutes, most of it Pyodide starting.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build_site  # tools/ (conftest puts it on sys.path)
import pytest
from browser.labtools import CLICK_PAUSE_MS, LatencyProbe, artifact_path
from playwright.sync_api import expect
from sitetools import (
    Offline,
    SiteNotebook,
    check_save_and_load,
    check_undo_and_redo,
    computer_played,
    loadavg,
    no_errors,
    play_turn,
    record,
    report,
    report_opening,
    site_notebook,
    summary,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

GOAL_P95_MS = 150


# ------------------------------------------------------------------------- the build
def test_the_site_holds_everything_it_loads(site: Path) -> None:
    manifest = json.loads((site / "site-manifest.json").read_text())
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    # every wheel the lock names is in the site, with the lock's hash
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())
    assert set(lock["packages"]) == set(manifest["locked"]) >= {"micropip", "ipython", "networkx"}
    for entry in lock["packages"].values():
        path = site / "static/pyodide" / entry["file_name"]
        assert path.exists(), entry["file_name"]
        assert __import__("hashlib").sha256(path.read_bytes()).hexdigest() == entry["sha256"]
    assert lock["packages"]["networkx"]["depends"] == ["decorator"]
    index = json.loads((site / "pypi/all.json").read_text())
    for name in ("space-boardgames", "anywidget", "ipywidgets", "comm", "psygnal",
                 "jupyterlab-widgets", "boardgames-site"):
        releases = index[name]["releases"]
        files = [f["filename"] for files in releases.values() for f in files]
        assert files and all((site / "pypi" / f).exists() for f in files), name
    games = [n["name"] for n in manifest["notebooks"] if n["kind"] == "game"]
    assert games == ["spacehole.ipynb", "blast.ipynb", "spacebase.ipynb", "intergalactic.ipynb"]
    for n in manifest["notebooks"]:
        assert (site / "files" / n["name"]).exists() != bool(n["left_out"]), n
    sizes = {p.name: sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
             for p in site.iterdir() if p.is_dir()}
    record(site_bytes=manifest["bytes"], site_mb=round(manifest["bytes"] / 1e6, 1),
           site_mb_by_folder={k: round(v / 1e6, 2) for k, v in sorted(sizes.items())
                              if v > 100_000},
           build_s=manifest["build_s"])
    report(f"site/: {manifest['bytes'] / 1e6:.1f} MB, built in {manifest['build_s']} s "
           f"(downloads cached)")


def test_the_front_page_names_the_files_the_site_could_not_get(site: Path) -> None:
    """matplotlib: the front page names Pyodide's own wheels of it and of the compiled
    packages it needs, as Pyodide's lock file (of the npm package the build took) names
    them; that npm package holds no wheel at all (its runtime only)."""
    manifest = json.loads((site / "site-manifest.json").read_text())
    cache = build_site.ROOT / "build" / "site-cache"
    runtime = cache / f"pyodide-{build_site.PYODIDE_VERSION}"
    packages = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    files = manifest["unavailable"]["matplotlib"]
    assert files[0] == packages["matplotlib"]["file_name"]
    assert files[0].startswith("matplotlib-") and files[0].endswith("_wasm32.whl")
    assert packages["numpy"]["file_name"] in files
    front = (site / "files" / "README.md").read_text()
    assert all(f"`{f}`" in front for f in files), files
    with tarfile.open(cache / f"pyodide-{build_site.PYODIDE_VERSION}.tgz") as tar:
        names = tar.getnames()
    assert "package/pyodide.asm.wasm" in names
    assert [n for n in names if n.endswith(".whl")] == []
    # what-if.ipynb: its Dask study runs in the tab, serially
    line = next(ln for ln in front.splitlines() if "(what-if.ipynb)" in ln)
    assert "Dask study runs in this browser tab, serially" in line


def latency_line(what: str, result: dict[str, Any]) -> str:
    t = result["click_to_new_view_ms"]
    return (f"{what}: click to new view p50 {t['p50']} ms, p95 {t['p95']} ms, max {t['max']} "
            f"ms ({t['n']} clicks; goal p95 < {GOAL_P95_MS} ms; load average "
            f"{result['loadavg'][0]})")


# ------------------------------------------------------------------------- Blast
class Blast(SiteNotebook):
    BOARD = '.bg-board[data-game="blast"]'
    ME = 1  # the Empire; the greedy computer plays the Terran side


class SpaceBase(SiteNotebook):
    BOARD = '.bg-board[data-game="spacebase"]'
    ME = 0


@pytest.fixture(scope="module")
def blast(offline: Offline, site_url: str) -> Iterator[Blast]:
    yield from site_notebook(offline, site_url, "blast.ipynb", Blast)


@pytest.fixture(scope="module")
def spacebase(offline: Offline, site_url: str) -> Iterator[SpaceBase]:
    yield from site_notebook(offline, site_url, "spacebase.ipynb", SpaceBase)


def test_blast_runs_in_the_pyodide_kernel(blast: Blast, offline: Offline) -> None:
    no_errors(blast)
    version = blast.python("import sys; print(sys.platform, sys.version_info[:2])")
    assert "emscripten (3, 14)" in version, version
    board = blast.board()
    expect(board).to_be_visible()
    expect(board.locator(".bl-sector")).to_have_count(28)
    what_if = blast.board(blast.cell_with("what_if = start.fork().widget("))
    expect(what_if.locator(".bg-chance [data-action]")).to_have_count(21)
    assert blast.page.locator(".bg-crash").count() == 0
    assert offline.blocked == []
    report_opening(blast)


BLAST_TURN = [
    (".bl-dest[data-action]", ".bl-chip.bl-movable"),
    ('.bl-card[data-action^="discard "]', None),
    ('.bl-prompt [data-action="pass"]', None),
    ('.bl-prompt [data-action="done"]', None),
    ("[data-action]", None),
]


def test_a_full_turn_of_blast_by_clicking(blast: Blast, offline: Offline) -> None:
    before = wait_for_turn(blast)
    clicked, times = play_turn(blast, BLAST_TURN)
    assert clicked and any(a.startswith("move ") for a in clicked), clicked
    # Python made exactly these moves, and the turn is over
    mine = blast.python_json("[s.text for s in board.game.history "
                             f"if s.player == {Blast.ME}]")
    assert mine[-len(clicked):] == clicked
    after = blast.python_json("{'turn': board.game.turn, 'error': board.error, "
                              "'frontend': board.frontend_errors, "
                              "'steps': len(board.game.history), "
                              "'same_view': board.view == board.game.view(board.player)}")
    assert after["turn"] > before["turn"] and after["error"] == ""
    assert after["frontend"] == [] and after["same_view"]
    computer_played(blast, after["steps"], BLAST_TURN)
    blast.content().screenshot(path=str(artifact_path("site-blast-board.png")))
    assert offline.blocked == []
    record(blast_turn={"clicks": clicked, "click_to_new_view_ms": summary(times)})


def test_blast_save_load_undo_redo_by_clicking(blast: Blast, tmp_path: Path) -> None:
    """On the board played against the computer: Save downloads a file that boardgames
    loads as the kernel's game; Load, through the Load button's file chooser, brings it
    back after an undo; undo and redo by clicking."""
    wait_for_turn(blast)
    saved = check_save_and_load(blast, "blast", tmp_path)
    assert saved["hides_cards"]  # the Empire's hand: a download all the same, in the tab
    undo = check_undo_and_redo(blast)
    assert blast.python_json("[board.error, board.frontend_errors]") == ["", []]
    record(blast_save=saved, blast_undo=undo)


def test_the_engine_plays_the_same_games_as_cpython(blast: Blast) -> None:
    """Same seeds, same random choices: the same games in Pyodide (CPython 3.14, wasm)
    and here; a fork taken along the way is left exactly as it was (the engine changes
    a state in place only when nothing else holds it)."""
    code = ENGINE_CHECK + "\nprint('BGJSON ' + __import__('json').dumps(_bg_engine_check()))"
    in_browser = json.loads(blast.python(code).split("BGJSON ", 1)[1])
    here = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=300).stdout
    on_host = json.loads(here.split("BGJSON ", 1)[1])
    record(engine_check={"pyodide": in_browser, "host": on_host})
    for game in ("blast", "spacebase"):
        assert in_browser[game]["forks_changed"] == [], in_browser
        assert in_browser[game]["held_changed"] == [], in_browser
        assert in_browser[game]["digest"] == on_host[game]["digest"], (in_browser, on_host)


ENGINE_CHECK = '''
import hashlib, json, random
import boardgames as bg

def _slots(obj):
    return [s for c in type(obj).__mro__ for s in getattr(c, "__slots__", ())]

def _dump(state):
    if hasattr(state, "__dict__"):
        return repr(sorted(vars(state).items()))
    return repr([getattr(state, k, None) for k in _slots(state)])

def _bg_engine_check():
    out = {}
    for name, kw in (("blast", {}), ("spacebase", {"players": 2})):
        g = bg.load(name, seed=11, **kw)
        rng = random.Random(3)
        forks, held_changed = [], []
        for step in range(200):
            if g.is_over:
                break
            if step % 20 == 0:
                f = g.fork()
                forks.append((f, json.dumps(f.view(0), sort_keys=True), f.to_json()))
            held = g.state  # someone holds the current state: the next step must copy it
            before = _dump(held)
            g.apply(rng.choice(g.legal_actions()))
            if _dump(held) != before:
                held_changed.append(step)
            if step % 9 == 0 and g.can_undo:
                g.undo()
                g.redo()
        changed = [i for i, (f, v, j) in enumerate(forks)
                   if json.dumps(f.view(0), sort_keys=True) != v or f.to_json() != j]
        out[name] = {"steps": len(g.history), "forks_changed": changed,
                     "held_changed": held_changed[:10],
                     "digest": hashlib.sha256(g.to_json().encode()).hexdigest()[:16]}
    return out
'''


def test_blast_click_latency(blast: Blast) -> None:
    """The what-if board (no computer, auto roll off): forced dice, moves, card windows,
    undo when the turn passes, each click timed to the new view, in the page."""
    cell = blast.cell_with("what_if = start.fork().widget(")
    probe = LatencyProbe(blast, "what_if", cell)
    probe.start()
    times: list[float] = []
    steps = [(".bl-dest[data-action]", ".bl-chip.bl-movable"), (".bg-chance [data-action]", None),
             ('[data-control="roll"]', None), (".bl-prompt [data-action]", None),
             (".bl-card[data-action]", None), ('[data-control="undo"]:not([disabled])', None)]
    for _ in range(120):
        if len(times) >= 36:
            break
        for sel, select in steps:
            content = blast.content(cell)
            if select is not None and content.locator(sel).count() == 0:
                if content.locator(select).count() == 0:
                    continue
                content.locator(select).first.click()
            dt = blast.timed_click(sel, cell)
            if dt is not None:
                times.append(dt)
                blast.page.wait_for_timeout(CLICK_PAUSE_MS)
                break
        else:
            pytest.fail(f"nothing to click on the what-if board: {blast.actions(cell)}")
    probe.stop()
    assert len(times) >= 30 and probe.kernel_error == ""
    result = {"click_to_new_view_ms": summary(times), "goal_p95_ms": GOAL_P95_MS,
              "loadavg": loadavg(), **probe.report()}
    record(blast_latency=result)
    report(latency_line("Blast what-if board", result))


# ------------------------------------------------------------------------- Space Base
SPACEBASE_TURN = [
    ('.sb-cell[data-action^="place "]', None),
    ('.sb-card[data-action^="build "]', None),
    ('[data-action="done"]', None),
    ("[data-action]", None),
]


def test_spacebase_runs_in_the_pyodide_kernel(spacebase: SpaceBase, offline: Offline) -> None:
    no_errors(spacebase)
    board = spacebase.board()
    expect(board).to_be_visible()
    assert board.locator(".sb-cell").count() == 100
    legal = spacebase.python_json("board.legal")
    assert legal and sorted(spacebase.actions()) == sorted(legal)
    # the charts of the notebook are notes here (no matplotlib in the site)
    notes = spacebase.page.locator(".bg-site-nochart")
    expect(notes.first).to_be_visible()
    assert notes.count() >= 2
    assert offline.blocked == []
    report_opening(spacebase)


def test_a_full_turn_of_space_base_by_clicking(spacebase: SpaceBase,
                                               offline: Offline) -> None:
    nb = spacebase
    first = nb.timed_click('[data-action="outpost (1,1)"]')  # the set-up: our Outpost
    assert first is not None
    before = wait_for_turn(nb)
    clicked, times = play_turn(nb, SPACEBASE_TURN)
    assert any(a.startswith("place ") for a in clicked), clicked
    mine = nb.python_json("[s.text for s in board.game.history if s.player == 0]")
    assert mine == ["outpost (1,1)", *clicked]
    placed = [a.removeprefix("place ") for a in clicked if a.startswith("place ")]
    sites = nb.python_json(f"[str(board.game.board.site(c)) for c in {placed!r}]")
    assert all("owner=0" in s for s in sites), sites
    after = nb.python_json("{'turn': board.game.turn, 'error': board.error, "
                           "'frontend': board.frontend_errors, 'steps': len(board.game.history)}")
    assert after["turn"] > before["turn"] and after["error"] == "" and after["frontend"] == []
    computer_played(nb, after["steps"], SPACEBASE_TURN)
    nb.page.set_viewport_size({"width": 1400, "height": 2000})
    nb.content().screenshot(path=str(artifact_path("site-spacebase-board.png")))
    nb.page.set_viewport_size({"width": 1400, "height": 1000})
    assert offline.blocked == []
    record(spacebase_turn={"clicks": clicked, "click_to_new_view_ms": summary([first, *times])})


def test_spacebase_save_load_undo_redo_by_clicking(spacebase: SpaceBase,
                                                   tmp_path: Path) -> None:
    """Save downloads the game (a file boardgames loads: the same game as the kernel's);
    Load, through the file chooser of the Load button, brings it back after an undo;
    undo and redo by clicking."""
    saved = check_save_and_load(spacebase, "spacebase", tmp_path)
    undo = check_undo_and_redo(spacebase)
    assert spacebase.python_json("[board.error, board.frontend_errors]") == ["", []]
    record(spacebase_save=saved, spacebase_undo=undo)


def test_spacebase_click_latency(spacebase: SpaceBase) -> None:
    """The notebook's what-if board (no computer): a card (held by the board: choosing
    it is not a move), a highlighted cell, one undo (the placement goes back with its
    card), over and over; each click timed to the new view, in the page."""
    nb = spacebase
    cell = nb.cell_with("plan_board = ")
    history = "[s.text for s in plan.history]"
    before = nb.python_json(history)
    probe = LatencyProbe(nb, "plan_board", cell)
    probe.start()
    times: list[float] = []
    cycle = ['.sb-card[data-action^="build "]', '.sb-cell[data-action^="place "]',
             '[data-control="undo"]']
    while len(times) < 39:
        for sel in cycle:
            dt = nb.timed_click(sel, cell)
            assert dt is not None, sel
            times.append(dt)
            nb.page.wait_for_timeout(CLICK_PAUSE_MS)
    probe.stop()
    assert nb.python_json(history) == before and probe.kernel_error == ""
    kinds = [r["type"] for r in probe.kernel_timings]
    assert kinds == ["intent", "intent", "undo"] * (len(times) // 3)
    result = {"click_to_new_view_ms": summary(times), "goal_p95_ms": GOAL_P95_MS,
              "loadavg": loadavg(), **probe.report()}
    record(spacebase_latency=result)
    report(latency_line("Space Base what-if board", result))


def test_the_front_page_says_what_the_site_cannot_do(offline: Offline,
                                                      site_url: str) -> None:
    page = offline.new_context().new_page()
    page.goto(site_url + "/")
    page.wait_for_url("**/lab/index.html?path=README.md", timeout=30_000)
    text = page.locator(".jp-RenderedMarkdown").first
    expect(text).to_contain_text("What this site cannot do", timeout=60_000)
    expect(text).to_contain_text("matplotlib")
    for name in ("blast.ipynb", "spacebase.ipynb", "spacehole.ipynb", "intergalactic.ipynb"):
        assert text.locator(f'a[href$="{name}"]').count() == 1, name
    running = "() => [...window.jupyterapp.serviceManager.kernels.running()].length"
    assert page.evaluate(running) == 0  # the front page starts no kernel
    page.screenshot(path=str(artifact_path("site-front-page.png")))
    text.locator('a[href$="blast.ipynb"]').click()  # a link opens the notebook
    expect(page.locator(".jp-NotebookPanel .jp-Cell").first).to_be_visible(timeout=60_000)
    page.context.close()
    assert offline.blocked == []
