"""docs/odds.md's examples are the library's real answers (run as doctests); the gallery's
pictures exist and are small, and its notebook and Binder links point at real notebooks."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def test_odds_page_examples_run() -> None:
    result = doctest.testfile(str(DOCS / "odds.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20 and result.failed == 0


def test_gallery_pictures_exist_and_are_small() -> None:
    text = (DOCS / "gallery.md").read_text()
    pictures = re.findall(r"!\[[^\]]+\]\((gallery/[^)]+\.png)\)", text)
    assert len(pictures) >= 4
    for game in ("spacehole", "blast", "spacebase", "intergalactic"):
        assert any(p.startswith(f"gallery/{game}") for p in pictures), game
    for p in pictures:
        path = DOCS / p
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", p
        assert len(data) < 200_000, f"{p} is {len(data)} bytes"
    assert {p.name for p in (DOCS / "gallery").iterdir()} == {Path(p).name for p in pictures}


def test_gallery_links_every_notebook_and_binder() -> None:
    text = (DOCS / "gallery.md").read_text()
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    badge = re.search(r"https://mybinder\.org/v2/gh/[^)\s]+urlpath=lab/tree/notebooks",
                      (ROOT / "README.md").read_text())
    assert badge, "the README's Binder badge"
    for name in ("probability-dice", "markov-battles", "expected-value"):
        assert name in notebooks
    for name in notebooks:
        assert f"](../notebooks/{name}.ipynb)" in text, f"gallery does not link {name}"
        assert f"({badge[0]}/{name}.ipynb)" in text, f"no Binder link for {name}"
    for link in re.findall(r"\]\(\.\./notebooks/([^)]+)\)", text):
        assert (ROOT / "notebooks" / link).is_file(), link
