"""The teaching notebooks' ground rules: the python3 kernel, no input(), the lesson's code
free of ``assert`` (every stated number is checked in a last "Checks" cell instead),
exercises whose answers stay hidden until asked for, sizes from ``BG_NOTEBOOK_SCALE``
(small by default), committed without outputs. (The notebooks are executed by
``pytest --nbmake notebooks/`` in ``make test``; tests/browser/test_notebook_answers.py
checks in JupyterLab that an answer is not on the page before its button is clicked.)"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = {
    "probability-dice": ("dice(2, 6)", "pool(2)", "given(", "reach_probability", "ones(",
                         "chance_outcomes()", "roll_odds", "meteor_risk()", "simulate_dist",
                         "plot_convergence"),
    "markov-battles": ("spacehole_battle_chain", "absorption", "expected_steps",
                       "spacehole_battle_odds", ".simulate(", "Spacehole.scenario",
                       "battle_order"),
    "expected-value": (".expected(", "expect(", "outcome_dist(", "meteor_risk()",
                       "battle_odds()", "SpaceBase.scenario", "Spacehole.scenario"),
}
# Notebooks whose checks are gathered in a last cell: all of them (the boards' cells too:
# what a board showed at a moment is kept or recomputed for the checks).
WITH_CHECKS_CELL: dict[str, Any] = {**{name: "all" for name in LESSONS}, "what-if": "all",
                                    "analysis": "all",
                                    "spacehole": "all", "blast": "all",
                                    "spacebase": "all", "intergalactic": "all"}
SCALE_GUARD = "assert SCALE in"


def _load(name: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)


def _hidden(cell: Any) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden"))


def _code(nb: nbformat.NotebookNode) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_kernel_and_no_input(name: str) -> None:
    nb = _load(name)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and not any("input(" in c.source for c in code)
    assert not any(c.get("outputs") or c.get("execution_count") for c in code), \
        "commit the notebook without outputs"


def _asserts(source: str) -> list[int]:
    """Line numbers of the assert statements of ``source`` (the setup cell's guard of
    BG_NOTEBOOK_SCALE excepted: it refuses a bad setting, it checks no lesson)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Assert)
            and not ast.unparse(node).startswith(SCALE_GUARD)]


@pytest.mark.parametrize("name", sorted(WITH_CHECKS_CELL))
def test_the_checks_are_out_of_the_lessons_way(name: str) -> None:
    """Students read the lesson, not blocks of assert: every check is in the last cell,
    tagged "checks", under a "## Checks" heading, and it checks something."""
    nb = _load(name)
    *lesson, checks = nb.cells
    assert checks.cell_type == "code" and checks.metadata.get("tags") == ["checks"]
    assert lesson[-1].cell_type == "markdown" and lesson[-1].source.startswith("## Checks")
    assert len(_asserts(checks.source)) >= 10
    cells = WITH_CHECKS_CELL[name]
    for i, cell in enumerate(lesson):
        if cell.cell_type == "code" and (cells == "all" or i in cells):
            assert not _asserts(cell.source), f"{name} cell {i} still asserts:\n{cell.source}"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_lessons_use_the_toolkit(name: str) -> None:
    code = _code(_load(name))
    assert len(code) >= 8
    text = "\n".join(c.source for c in code)
    for needed in LESSONS[name]:
        assert needed in text, f"{name} does not use {needed}"


def _ends_with_answer(source: str) -> bool:
    last = ast.parse(source).body[-1]
    return (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
            and isinstance(last.value.func, ast.Name) and last.value.func.id == "answer")


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_exercises_have_hidden_answers(name: str) -> None:
    """Each exercise is followed by its answer cell: collapsed in JupyterLab, with a first
    line (what JupyterLab shows of a collapsed cell) that gives nothing away; it prints
    nothing (Run All shows a cell's output whatever its metadata says) and its output is
    the answer(...) button. The checks cell checks every exercise."""
    nb = _load(name)
    answers = [i for i, c in enumerate(nb.cells) if _hidden(c)]
    assert len(answers) >= 3
    for k, i in enumerate(answers, 1):
        cell = nb.cells[i]
        assert cell.cell_type == "code" and cell.metadata.get("tags") == ["answer"]
        assert cell.source.splitlines()[0] == (
            f"# Exercise {k}: the answer is behind the button below; this code is the working.")
        assert "print(" not in cell.source and "display(" not in cell.source
        assert _ends_with_answer(cell.source), f"answer cell {i} does not end with answer()"
        before = nb.cells[i - 1]
        assert before.cell_type == "markdown" and before.source.startswith(f"**Exercise {k}."), \
            f"answer cell {i} does not follow its exercise"
        assert f"# exercise {k}" in nb.cells[-1].source
    exercises = [c for c in nb.cells if c.cell_type == "markdown"
                 and c.source.startswith("**Exercise")]
    assert len(exercises) == len(answers)
    # the lesson itself (everything but the answers' code) is visible
    assert not any(_hidden(c) for c in nb.cells if c.cell_type == "markdown")
    assert "from boardgames.odds.lesson import answer" in _code(nb)[0].source


def test_compare_draws_its_chart_once() -> None:
    """A Comparison shows its chart when displayed: what-if does not draw it again."""
    nb = _load("what-if")
    text = "\n".join(c.source for c in _code(nb))
    assert "bg.compare(" in text and ".plot()" not in text and "choice.plot" not in text


def test_what_if_needs_no_dask() -> None:
    """Without distributed (a minimal install, the in-browser site) the study is played
    in the kernel's process: the import is guarded, and the executor falls back."""
    nb = _load("what-if")
    cell = next(c.source for c in _code(nb) if "distributed" in c.source)
    tree = ast.parse(cell)
    guarded = [n for n in ast.walk(tree) if isinstance(n, ast.Try)
               and any(isinstance(s, ast.ImportFrom) and s.module == "distributed"
                       for s in n.body)
               and any(ast.unparse(h.type) == "ImportError" for h in n.handlers if h.type)]
    assert guarded and 'executor = "serial"' in cell


def test_spacebase_graphs_draw_each_site_in_its_owners_colour() -> None:
    """The networkx pictures of spacebase.ipynb: each node drawn (found by its position)
    has its owner's colour and the ring of its state, in the physical graph and in the
    logistic one (whose nodes come in another order: the colours used to be listed in
    the physical graph's order for both)."""
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import PathCollection
    from matplotlib.colors import to_rgba

    import boardgames as bg

    nb = _load("spacebase")
    ns: dict[str, Any] = {"bg": bg}
    for i in (5, 7):   # the position, then the two graphs' pictures
        exec(compile(nb.cells[i].source.replace("plt.show()", ""), f"cell {i}", "exec"), ns)
    board, colours = ns["teach"].board, ns["colours"]
    assert list(ns["P"].nodes) != list(ns["L"].nodes)   # the case the bug needed
    fig = plt.gcf()
    try:
        for ax, graph in zip(fig.axes, ("physical", "logistic"), strict=True):
            (nodes,) = [c for c in ax.collections if isinstance(c, PathCollection)]
            drawn = [(round(x), round(-y)) for x, y in nodes.get_offsets()]
            assert sorted(drawn) == sorted(board.sites()), graph
            for cell, face, edge in zip(drawn, nodes.get_facecolor(), nodes.get_edgecolor(),
                                        strict=True):
                site = board.sites()[cell]
                assert tuple(face) == to_rgba(colours[site.owner]), (graph, cell, site.name)
                ring = "black" if board.is_functional(cell) else "#999999"
                assert tuple(edge) == to_rgba(ring), (graph, cell, site.name)
    finally:
        plt.close("all")


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_sizes_come_from_the_environment(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = next(c.source for c in _load(name).cells if c.cell_type == "code")
    assert 'os.environ.get("BG_NOTEBOOK_SCALE", "small")' in setup
    sizes = {}
    for scale in ("small", "large"):
        monkeypatch.setenv("BG_NOTEBOOK_SCALE", scale)
        ns: dict[str, Any] = {}
        exec(compile(setup, f"{name}-setup", "exec"), ns)  # the notebook's own first cell
        sizes[scale] = {k: v for k, v in ns.items() if k.startswith("N") and isinstance(v, int)}
    assert sizes["small"] and set(sizes["small"]) == set(sizes["large"])
    assert all(sizes["large"][k] > sizes["small"][k] for k in sizes["small"])
    monkeypatch.setenv("BG_NOTEBOOK_SCALE", "huge")
    with pytest.raises(AssertionError, match="'small' or 'large'"):
        exec(compile(setup, f"{name}-setup", "exec"), {})
