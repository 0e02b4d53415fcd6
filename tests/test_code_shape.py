"""The shape of the readable engine (issue 16), checked on the source text.

* No interpreter-internal tricks anywhere in ``boardgames/``: no ``sys.getrefcount``, no
  ``collections._count_elements``; the SplitMix64 constants are written once, in
  ``core/rng.py``.
* No private name imported from another package (``from ..core.game import _MAX_STEPS``):
  only public names cross a package boundary.
* Short functions: none over ``MAX_LINES`` lines (docstring excluded) anywhere in
  ``boardgames/``: every sub-package and top-level module (``PACKAGES``, read from the
  tree, so a new one is checked from its first commit).
* ``docs/rules/<game>.md`` links rules to code as ``boardgames/<pkg>/<module>.py::<name>``:
  every such reference names a function or class that exists.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "boardgames"
MAX_LINES = 60
SPLITMIX = ("0x9E3779B97F4A7C15", "0xBF58476D1CE4E5B9", "0x94D049BB133111EB")


def _sources() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


def _package_of(path: Path, pkg: Path = PKG) -> str:
    rel = path.relative_to(pkg)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = node.body
    first = body[0]
    has_doc = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
               and isinstance(first.value.value, str))
    start = first.end_lineno + 1 if has_doc and len(body) > 1 else first.lineno
    return (node.end_lineno or start) - start + 1


def long_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path}:{n.lineno} {n.name} ({_body_lines(n)} lines)"
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            and _body_lines(n) > MAX_LINES]


def private_imports(path: Path, pkg: Path = PKG) -> list[str]:
    """``from X import _name`` where X is another package of ``boardgames`` (or outside
    it, through a relative import going up), or ``import x._y``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _package_of(path, pkg)
    found = []
    for n in ast.walk(tree):
        if not isinstance(n, ast.ImportFrom) or (n.module is None and n.level == 0):
            continue
        if n.level == 0 and not (n.module or "").startswith("boardgames"):
            continue  # third-party and standard-library names are their owners' business
        if n.level == 1 and path.parent != pkg:
            continue  # the same sub-package (a top-level module's ``.x`` is another one)
        target = (n.module or "").split(".")
        if n.level == 0:
            target = target[1:]
        if target and target[0] == here:
            continue
        for alias in n.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                found.append(f"{path}:{n.lineno} imports {alias.name} "
                             f"from {'.' * n.level}{n.module or ''}")
    return found


def test_the_detector_finds_long_functions_and_private_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "boardgames"
    (pkg / "blast").mkdir(parents=True)
    source = pkg / "blast" / "x.py"
    source.write_text("from ..core.game import _M64, CHANCE\nfrom . import _local\n"
                      "from .data import _TABLE\n"
                      "def f():\n" + "    x = 1\n" * (MAX_LINES + 1))
    assert len(long_functions(source)) == 1 and "f (61 lines)" in long_functions(source)[0]
    found = private_imports(source, pkg)
    assert len(found) == 1 and "_M64" in found[0]
    top = pkg / "analysis.py"  # a top-level module is a package of its own
    top.write_text("from .simulation import _spawn, game_seed\nfrom .core.rng import mix64\n")
    found = private_imports(top, pkg)
    assert len(found) == 1 and "_spawn from .simulation" in found[0]


def test_no_interpreter_internals() -> None:
    hits = [f"{p.relative_to(ROOT)}: {word}" for p in _sources()
            for word in ("getrefcount", "_count_elements", "PyUnstable")
            if word in p.read_text(encoding="utf-8")]
    assert hits == []


def test_the_splitmix64_constants_are_written_once_in_core_rng() -> None:
    for const in SPLITMIX:
        where = [p.relative_to(ROOT).as_posix() for p in _sources()
                 if const.lower() in p.read_text(encoding="utf-8").lower()]
        assert where == ["boardgames/core/rng.py"], const


def test_no_private_name_imported_across_packages() -> None:
    found = [hit for p in _sources() for hit in private_imports(p)]
    assert found == []


def _packages() -> list[str]:
    return sorted({_package_of(p) for p in _sources()})


PACKAGES = _packages()
"""Every sub-package and top-level module of ``boardgames/`` (``__init__`` too), by name."""


def test_every_package_is_checked_for_long_functions() -> None:
    assert {"blast", "core", "analysis", "rollouts", "simulation", "agents"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_functions_are_short_in_readable_packages(package: str) -> None:
    found = [hit for p in _sources() if _package_of(p) == package
             for hit in long_functions(p)]
    assert found == []


_REF = re.compile(r"`(boardgames/[\w/]+\.py)::([\w.]+)`")


@pytest.mark.parametrize("doc", sorted((ROOT / "docs" / "rules").glob("*.md")),
                         ids=lambda p: p.name)
def test_rule_docs_link_to_code_that_exists(doc: Path) -> None:
    missing = []
    for path, qualname in _REF.findall(doc.read_text(encoding="utf-8")):
        source = ROOT / path
        if not source.exists():
            missing.append(f"{path} (no such file)")
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        scope: list[ast.stmt] = tree.body
        for part in qualname.split("."):
            found = next((n for n in scope if isinstance(
                n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and n.name == part), None)
            if found is None:
                missing.append(f"{path}::{qualname}")
                break
            scope = found.body
    assert missing == []
