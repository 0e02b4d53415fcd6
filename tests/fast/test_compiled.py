"""The compiled build is the readable source, compiled (issue 16).

``make test`` runs this directory, the conformance suite and every game's same-games
and golden tests a second time with ``build/fast`` (``tools/build_fast.py``: the same
source files compiled by mypyc) first on the path and ``BOARDGAMES_COMPILED=1``. These
tests check that the modules then really are the compiled ones, made from exactly the
source in ``boardgames/``; in an ordinary run (no ``BOARDGAMES_COMPILED``) they check
only that the build lists what it should.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest
from fast.buildinfo import FAST, ROOT
from fast.buildinfo import build_fast as _build_fast

COMPILED_RUN = os.environ.get("BOARDGAMES_COMPILED") == "1"


def _module_name(path: str) -> str:
    return path[:-3].replace("/", ".")


def test_the_build_compiles_every_engine_module_with_the_game_classes() -> None:
    files = _build_fast().compiled_modules(ROOT)
    for package in ("core", "spacehole", "spacebase", "blast", "intergalactic"):
        mine = [f for f in files if f.startswith(f"boardgames/{package}/")]
        assert f"boardgames/{package}/game.py" in mine  # the core's steps and the hooks
        assert f"boardgames/{package}/actions.py" in mine or package == "core"
        assert f"boardgames/{package}/state.py" in mine or package == "core"
        assert len(mine) >= 7, package
    assert "boardgames/core/dist.py" not in files
    # each game's options stay interpreted: they are validated by their type hints
    assert not [f for f in files if f.endswith("/rules.py")]
    # rng.py stays interpreted: its accelerator, core/_rng.c, is built instead
    assert "boardgames/core/rng.py" not in files
    assert _build_fast().ACCELERATORS == {"boardgames.core._rng": "boardgames/core/_rng.c"}


@pytest.mark.skipif(not COMPILED_RUN, reason="the compiled run of make test checks this")
def test_the_engine_modules_are_the_compiled_ones() -> None:
    for path in _build_fast().compiled_modules(ROOT):
        module = importlib.import_module(_module_name(path))
        assert module.__file__ is not None
        assert Path(module.__file__).parent == FAST / Path(path).parent, module.__file__
        assert module.__file__.endswith(".so"), f"{path} runs interpreted"


@pytest.mark.skipif(not COMPILED_RUN, reason="the compiled run of make test checks this")
def test_the_compiled_build_is_of_the_same_source() -> None:
    for path in sorted((ROOT / "boardgames").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if "__pycache__" in rel.parts:
            continue
        copy = FAST / rel
        assert copy.read_bytes() == path.read_bytes(), f"{rel} changed since make fast"
