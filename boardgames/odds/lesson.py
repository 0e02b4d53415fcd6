"""Exercises in the teaching notebooks: :func:`answer` shows a *Show the answer* button
under the exercise, and the answer's text only when the student clicks it.

The text stays in Python until then: the browser receives it on the click (the button
is an ipywidgets widget), so a notebook run from top to bottom ("Run All") shows no
answer, and neither does its saved output. The answer cell itself is collapsed in
JupyterLab (``"jupyter": {"source_hidden": true}`` in its metadata; its first line, the
one JupyterLab shows collapsed, names the exercise and gives nothing away).

>>> a = answer("11/36. Listing: 6 pairs with a 6 first ...")
>>> a
<the answer, hidden: print it, or click the button in a notebook>
>>> print(a)
11/36. Listing: 6 pairs with a 6 first ...
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["Answer", "answer"]

SHOW = "Show the answer"
HIDE = "Hide the answer"


class Answer:
    """An exercise's answer: ``str(answer)`` is its text; in a notebook it displays as a
    button that reveals (and hides again) the text."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"an answer is a non-empty text, not {text!r:.80}")
        self.text = text.strip()
        self._widget: Any = None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "<the answer, hidden: print it, or click the button in a notebook>"

    def html(self) -> str:
        """The text as HTML: paragraphs at blank lines, lines of a paragraph joined."""
        paragraphs = [" ".join(p.split()) for p in self.text.split("\n\n")]
        return "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs if p)

    def widget(self) -> Any:
        """The button and the (empty until clicked) answer box; None without ipywidgets."""
        if self._widget is None:
            try:
                import ipywidgets as w
            except ImportError:  # pragma: no cover - ipywidgets is a dependency
                return None
            button = w.Button(description=SHOW, icon="eye", tooltip="Show or hide the answer")
            shown = w.HTML(value="")
            button.add_class("bg-answer-button")
            shown.add_class("bg-answer")
            button.on_click(lambda _b: self._toggle(button, shown))
            self._widget = w.VBox([button, shown])
        return self._widget

    def _toggle(self, button: Any, shown: Any) -> None:
        revealing = not shown.value
        shown.value = self.html() if revealing else ""
        button.description = HIDE if revealing else SHOW
        button.icon = "eye-slash" if revealing else "eye"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        widget = self.widget()
        if widget is None:  # pragma: no cover - ipywidgets is a dependency
            return {"text/plain": repr(self)}
        return widget._repr_mimebundle_(include=include, exclude=exclude)


def answer(text: str) -> Answer:
    """The answer to an exercise, hidden behind a button until the student asks for it.
    Put figures in with an f-string from the values the cell computes, so that the text
    cannot say something the computation does not."""
    return Answer(text)
