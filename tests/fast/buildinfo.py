"""``tools/build_fast.py`` as a module, for the tests that need what it compiles."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
FAST = ROOT / "build" / "fast"


def build_fast() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_fast", ROOT / "tools" / "build_fast.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
