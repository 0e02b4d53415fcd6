"""The three teaching notebooks' ground rules: the python3 kernel, no input(), every code
cell asserting what it shows, exercises with their answers in collapsed cells, sizes from
``BG_NOTEBOOK_SCALE`` (small by default), committed without outputs. (The notebooks are
executed by ``pytest --nbmake notebooks/`` in ``make test``.)"""

from __future__ import annotations

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


def _load(name: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)


def _hidden(cell: Any) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden"))


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_kernel_and_no_input(name: str) -> None:
    nb = _load(name)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and not any("input(" in c.source for c in code)
    assert not any(c.get("outputs") or c.get("execution_count") for c in code), \
        "commit the notebook without outputs"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_code_cell_asserts_what_it_teaches(name: str) -> None:
    nb = _load(name)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) >= 8
    for cell in code:
        assert "assert " in cell.source, f"a cell asserts nothing:\n{cell.source}"
    text = "\n".join(c.source for c in code)
    for needed in LESSONS[name]:
        assert needed in text, f"{name} does not use {needed}"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_exercises_have_hidden_answers(name: str) -> None:
    nb = _load(name)
    answers = [i for i, c in enumerate(nb.cells) if _hidden(c)]
    assert len(answers) >= 3
    for i in answers:
        cell = nb.cells[i]
        assert cell.cell_type == "code" and cell.metadata["jupyter"].get("outputs_hidden")
        assert cell.source.startswith("# Answer:") and "assert " in cell.source
        before = nb.cells[i - 1]
        assert before.cell_type == "markdown" and before.source.startswith("**Exercise"), \
            f"answer cell {i} does not follow its exercise"
    exercises = [c for c in nb.cells if c.cell_type == "markdown"
                 and c.source.startswith("**Exercise")]
    assert len(exercises) == len(answers)
    # the lesson itself (everything but the answers) is visible
    assert not any(_hidden(c) for c in nb.cells if c.cell_type == "markdown")


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
