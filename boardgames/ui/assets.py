"""Finding and assembling the boards' browser half: plain ESM and CSS, no build step.

The files live in the repository's top-level ``widgets/`` folder. A wheel ships them
inside the package as ``boardgames/_widgets`` (pyproject's ``force-include``); an
editable install has no such copy, so the folder next to the package is used instead.

anywidget needs each widget's ``_esm`` to be *one* module. Each board module
(``widgets/<game>.js``) imports the shared controls with exactly one line::

    import { mountBoard, h } from "./common.js";

which keeps the files valid ES modules on their own; :func:`board_esm` replaces that
line by the text of ``common.js`` (whose exports become plain top-level declarations of
the same module). The CSS is ``common.css`` followed by ``<game>.css``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.resources
import re
from pathlib import Path
from typing import Any

__all__ = [
    "COMMON_IMPORT",
    "AssetError",
    "board_css",
    "board_esm",
    "common_exports",
    "read_asset",
    "widgets_dir",
]

COMMON_IMPORT = re.compile(
    r'^import\s*\{(?P<names>[^}]*)\}\s*from\s*["\']\./common\.js["\'];?[ \t]*$', re.M
)
_EXPORT = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)",
                     re.M)
_ANY_IMPORT = re.compile(r"^\s*import\s", re.M)


class AssetError(FileNotFoundError):
    """The widgets' ESM/CSS files cannot be found or assembled."""


def _candidates() -> list[Any]:
    out: list[Any] = []
    with contextlib.suppress(ModuleNotFoundError, TypeError):
        out.append(importlib.resources.files("boardgames") / "_widgets")
    import boardgames

    out.append(Path(boardgames.__file__).resolve().parent.parent / "widgets")
    return out


@functools.cache
def widgets_dir() -> Any:
    """The folder holding the widgets' ``.js`` and ``.css`` files: the wheel's
    ``boardgames/_widgets`` if present, else the source tree's ``widgets/``."""
    tried = []
    for c in _candidates():
        tried.append(str(c))
        if c.is_dir() and (c / "common.js").is_file():
            return c
    raise AssetError(f"the boards' widget files (common.js ...) were not found; looked in "
                     f"{tried}. Reinstall space-boardgames.")


@functools.cache
def read_asset(name: str) -> str:
    """The text of ``widgets/<name>`` (``name`` like ``"spacehole.js"``)."""
    if not re.fullmatch(r"[a-z0-9_]+\.(js|css)", name):
        raise AssetError(f"bad widget asset name {name!r}")
    f = widgets_dir() / name
    if not f.is_file():
        raise AssetError(f"widget asset {name!r} is missing from {widgets_dir()}")
    return f.read_text(encoding="utf-8")


def common_exports() -> set[str]:
    """Names ``common.js`` exports."""
    return set(_EXPORT.findall(read_asset("common.js")))


@functools.cache
def board_esm(name: str) -> str:
    """One ES module for the board ``widgets/<name>.js``, with ``common.js`` inlined in
    place of its import line."""
    common = read_asset("common.js")
    if _ANY_IMPORT.search(common):
        raise AssetError("common.js must not import anything")
    source = read_asset(f"{name}.js")
    found = list(COMMON_IMPORT.finditer(source))
    if len(found) != 1:
        raise AssetError(f'{name}.js must import from "./common.js" exactly once, on one line '
                         f"(found {len(found)})")
    names = {n.strip() for n in found[0].group("names").split(",") if n.strip()}
    bad = sorted(n for n in names if " as " in n or n not in common_exports())
    if bad:
        raise AssetError(f"{name}.js imports {bad} which common.js does not export "
                         "(no 'as' renaming)")
    rest = COMMON_IMPORT.sub("", source, count=1)
    if _ANY_IMPORT.search(rest):
        raise AssetError(f"{name}.js may import only from ./common.js")
    return (f"// ---- common.js (inlined by boardgames.ui.assets) ----\n{common}\n"
            f"// ---- {name}.js ----\n{rest}")


@functools.cache
def board_css(name: str) -> str:
    """``common.css`` followed by ``<name>.css``."""
    return f"{read_asset('common.css')}\n/* ---- {name}.css ---- */\n{read_asset(f'{name}.css')}"


def clear_cache() -> None:
    """Forget the files read so far (after editing ``widgets/`` in a live kernel)."""
    for f in (widgets_dir, read_asset, board_esm, board_css):
        f.cache_clear()
