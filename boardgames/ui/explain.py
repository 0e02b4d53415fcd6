"""Why a click cannot be played now, and where its rule is written.

A board answers the browser's ``why`` message (a click on a card, a site, a list entry
that carries no legal action) with the reason the engine gives: the
``IllegalActionError``'s ``reason`` and ``rule``, or why it is not this board's turn.
The rule links to its section of ``docs/rules/<game>.md`` in the project's repository
(the docs are not in the wheel).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.errors import IllegalActionError, InvalidActionError
from ..core.game import Game

__all__ = ["DOCS_URL", "RULE_SECTIONS", "doc_anchors", "illegal_reason", "missing_anchors",
           "rule_link", "rules_page"]

DOCS_URL = "https://github.com/space-boardgames/space-boardgames/blob/HEAD/docs/rules"
"""Where ``docs/rules/<game>.md`` is read in a browser."""

RULE_SECTIONS: dict[str, dict[str, str]] = {
    "spacehole": {"rule": "The rule text, sentence by sentence", "ruling": "The rulings"},
    "blast": {"rule": "The rule text", "ruling": "The rulings"},
    "intergalactic": {"rule": "The rule text", "ruling": "The rulings"},
    "spacebase": {"rule": "The rule text, sentence by sentence, and the code"},
}
"""For each game: the heading (``## ...``) of its docs page that holds the rule text,
and the one that holds the rulings (if the page has one)."""


def anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, spaces to hyphens, other
    punctuation dropped."""
    kept = "".join(c for c in heading.lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
_HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
_FENCED = re.compile(r"^```.*?^```", re.M | re.S)


def doc_anchors(text: str) -> set[str]:
    """The anchors a Markdown page offers: its headings' (GitHub's) and the explicit
    ``<a id="...">`` ones (the rule of each kind of card, unit, site or list entry)."""
    text = _FENCED.sub("", text)  # (a "# comment" in a code block is no heading)
    return {anchor(h) for h in _HEADING.findall(text)} | set(_HTML_ANCHOR.findall(text))


def missing_anchors(anchors: Iterable[str], text: str) -> list[str]:
    """The anchors among ``anchors`` that the Markdown page ``text`` does not offer."""
    have = doc_anchors(text)
    return sorted({a for a in anchors if a not in have})


def rules_page(game_name: str) -> str:
    """The address of ``docs/rules/<game>.md``."""
    return f"{DOCS_URL}/{game_name}.md"


def rule_link(game_name: str, rule: str) -> str:
    """The address of the section of ``docs/rules/<game>.md`` that explains ``rule``
    (its rulings section when ``rule`` names a ruling), or "" for a game without a
    page or a refusal that names no rule."""
    sections = RULE_SECTIONS.get(game_name)
    if sections is None or not rule:
        return ""
    key = "ruling" if "ruling" in rule.lower() and "ruling" in sections else "rule"
    return f"{DOCS_URL}/{game_name}.md#{anchor(sections[key])}"


def illegal_reason(game: Game, action: str) -> tuple[str, str] | None:
    """``(rule, reason)`` for the notation ``action`` if the game refuses it now, or None
    if it is legal. The game is not changed (the check runs on a fork)."""
    ok, _ = game.is_legal(action)
    if ok:
        return None
    try:
        game.fork().apply(action)
    except IllegalActionError as e:
        return e.rule, e.reason
    except InvalidActionError as e:
        return "notation", e.reason
    return None  # pragma: no cover - is_legal said it was refused
