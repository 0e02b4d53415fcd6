"""What the mypyc-compiled build (``tools/build_fast.py``) needs to know about a class,
and nothing more: ``mypyc_attr`` from ``mypy_extensions`` when it is installed (it comes
with mypy), else a decorator that does nothing (the interpreted package needs no
dependency for it, in Pyodide neither)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["mypyc_attr"]

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - interpreted without mypy_extensions
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """Without mypyc: leave the class as it is."""
        return lambda cls: cls
