"""The teaching notebooks' exercises in JupyterLab: after "Run All Cells" no answer is on
the page until the student asks for it.

Each lesson (probability-dice, markov-battles, expected-value) is opened and run with
"Run All Cells" (its last cell, Checks, passes). Then, before any click, the whole
notebook's DOM text (``textContent``: hidden elements included) is taken. Under every
exercise, the answer cell must show only its collapsed first line (JupyterLab's input
placeholder, which names the exercise; the code is not in the DOM) and a *Show the
answer* button with an empty answer box. Clicking it brings the answer: none of its
sentences was anywhere in the page before. Clicking again hides it. (Before, the collapsed
cell showed "# Answer: 11/36. Listing: ..." and the answer's output was printed under the
exercise after Run All: JupyterLab shows a run cell's outputs whatever ``outputs_hidden``
says.) A screenshot of the first exercise, answer shown, goes to test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import nbformat
import pytest
from browser.labtools import CMD_FILE, ROOT, STATE_MARK, Lab, Notebook, artifact_path, open_notebook
from playwright.sync_api import Browser, expect

LESSONS = ("probability-dice.ipynb", "markov-battles.ipynb", "expected-value.ipynb")
# What the last (exec) cell runs once every cell above has: the lessons have no board.
DONE = f"print({STATE_MARK!r} + '{{}}')\n"

NOTEBOOK_TEXT = "() => document.querySelector('.jp-Notebook').textContent"


def _answer_cells(name: str) -> list[tuple[int, str]]:
    """(index, first line) of each answer cell of the notebook."""
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    return [(i, c.source.splitlines()[0]) for i, c in enumerate(nb.cells)
            if "answer" in c.metadata.get("tags", [])]


def _sentences(text: str) -> list[str]:
    """The whole answer, and its parts (between . : ; ! ?) long enough to be its own."""
    flat = " ".join(text.split())
    return [flat, *(s for s in re.split(r"(?<=[.:;!?])\s+", flat) if len(s) >= 16)]


@pytest.fixture(scope="module", params=LESSONS)
def lesson(request: pytest.FixtureRequest, browser: Browser, lab: Lab) -> Iterator[Notebook]:
    (lab.root / CMD_FILE).write_text(DONE)
    yield from open_notebook(browser, lab, request.param, Notebook)


def _left_over(cell_text: str, first_line: str) -> str:
    """What a collapsed answer cell shows besides its first line, its prompts and its
    button: nothing."""
    text = cell_text.replace(first_line, "").replace("Show the answer", "")
    return " ".join(re.sub(r"\[\s*\d*\s*\]:", "", text).split())


def test_no_answer_is_on_the_page_before_its_button_is_clicked(lesson: Notebook) -> None:
    name = lesson.page.url.split("/lab/tree/", 1)[1].split("?", 1)[0]
    cells = lesson.cells()
    page_text = " ".join(lesson.page.evaluate(NOTEBOOK_TEXT).split())
    answers = _answer_cells(name)
    assert len(answers) >= 3
    for k, (i, first_line) in enumerate(answers, 1):
        cell = cells.nth(i)
        # the code is collapsed: only its first line, which names the exercise
        expect(cell.locator(".jp-InputPlaceholder")).to_have_count(1)
        assert cell.locator(".jp-InputArea-editor").count() == 0
        assert _left_over(cell.text_content(), first_line) == "", \
            f"exercise {k}'s answer cell shows more than a button: {cell.text_content()}"
        assert first_line.startswith(f"# Exercise {k}:")
        shown = cell.locator(".bg-answer")
        button = cell.locator(".bg-answer-button")
        expect(button).to_have_text("Show the answer")
        assert shown.text_content() == ""
        button.click()
        expect(shown).not_to_have_text("")
        revealed = shown.inner_text()
        for sentence in _sentences(revealed):
            assert sentence not in page_text, f"exercise {k}'s answer was on the page: {sentence}"
        expect(button).to_have_text("Hide the answer")
        if k == 1:
            cell.screenshot(path=str(artifact_path(f"answer-{name.removesuffix('.ipynb')}.png")))
        button.click()
        expect(shown).to_have_text("")
    checks = cells.nth(cells.count() - 2)          # the Checks cell, before the exec cell
    expect(checks.locator(".jp-OutputArea-output")).to_contain_text("checked")
