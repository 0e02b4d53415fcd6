"""Compile the readable engines with mypyc: ``make fast`` (issue 16).

The source of a game is its specification and is never bent for speed. Speed comes
from compiling **the same source files**, unchanged, with mypyc (the way black and mypy
ship: a compiled build where a compiler exists, the same code interpreted elsewhere,
e.g. in Pyodide). This script copies ``boardgames/`` to ``build/fast/boardgames/`` and
compiles the modules listed in ``COMPILED`` there, in place (``build_ext --inplace``):
a ``.so`` beside each ``.py``, which Python imports first. Nothing in ``boardgames/``
itself changes: the editable install stays the interpreted reference.

Beside them it builds one explicit accelerator, ``core/_rng.c`` (the random-number
functions of ``core/rng.py`` in C; 64-bit arithmetic is what mypyc leaves to Python's big
integers): ``core/rng.py`` itself stays interpreted there and uses the accelerator when
it can import it, the way ``heapq`` uses ``_heapq`` (``tests/fast/test_rng_accel.py``).

Use it by putting ``build/fast`` first on the path::

    PYTHONPATH=build/fast python -c "import boardgames.core.game as g; print(g.__file__)"

``make test`` builds it and runs the engines' conformance and same-games tests against
it (``tests/fast``), and the benchmarks report both figures, interpreted and compiled.

The ``Game`` classes are compiled too, as native classes that interpreted classes may
still derive from (``allow_interpreted_subclasses``: a subclass overriding a hook, in a
test or a notebook); their copies go through ``__getstate__``/``__setstate__``
(``core.compiled.attributes``: a native class has no ``__dict__``). Not compiled:
``core/errors.py`` and ``core/dist.py``, the boards (``ui/``), the agents and odds
packages shared by all games, ``simulation.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "fast"
STAMP = OUT / ".built"

# The packages whose modules are compiled (every module but those of NOT_COMPILED).
PACKAGES = ("core", "spacehole", "spacebase", "blast", "intergalactic")
NOT_COMPILED = ("__init__.py", "render.py", "rules.py", "core/errors.py", "core/dist.py",
                "core/rng.py")
"""Module file names (or paths under boardgames/) left interpreted: the drawings
(``render.py``: text and SVG made once per display, a twelfth of the build's time); each
game's options (``rules.py``: ``core.options.check_options`` validates them by their type
hints, which a compiled class does not keep: mypyc writes ``Literal[...]`` as ``type``); the
errors (exceptions cross process boundaries); and ``Dist``, a ``Mapping`` whose trusted
constructor skips ``__init__`` (mypyc 2.4 crashes on ``cls.__new__(cls)`` there). None of them
is on a playout's path (a game reads its options through attributes, as of any Python
object). ``core/rng.py`` is left interpreted for its accelerator (:data:`ACCELERATORS`):
compiled, the other compiled modules would call its functions directly and never the
accelerator's. The frozen dataclasses of actions, records and card data are compiled:
they pickle by their constructor (``core.compiled.by_constructor``), since a compiled
frozen field refuses pickle's assignment."""

ACCELERATORS = {"boardgames.core._rng": "boardgames/core/_rng.c"}
"""Extension modules written in C beside a readable module, built with the compiled ones:
the module's name -> its source."""

# mypyc reads mypy's settings from the directory it runs in: the project's own
# (pyproject.toml's [tool.mypy]) plus ``follow_imports = silent`` so that the modules
# that are not compiled (errors.py, networkx ...) are read for their types only.
MYPY_INI = """\
[mypy]
python_version = 3.11
follow_imports = silent
ignore_missing_imports = true
check_untyped_defs = true
disallow_untyped_defs = true
disallow_incomplete_defs = true
no_implicit_optional = true
"""

SETUP_PY = """\
import sys
from setuptools import Extension, setup
from mypyc.build import mypycify

files, level = sys.argv.pop(1).split(","), sys.argv.pop(1)
accelerators = [Extension(name, [source], extra_compile_args=[f"-O{level}"])
                for name, source in (a.split("=") for a in sys.argv.pop(1).split(","))]
setup(name="boardgames-fast", packages=[],
      ext_modules=mypycify(files, opt_level=level, separate=True) + accelerators)
"""

OPT_LEVEL = "3"
"""The C compiler's optimisation level (``make fast``; ``make fast FAST_OPT=1`` for
another). ``make test`` builds at 1, which takes about two thirds of the CPU of a build
at 3 (docs/speed.md gives the figures measured). The stamp (``build/fast/.built``)
names the level, and the benchmarks report it."""


def compiled_modules(root: Path = ROOT) -> list[str]:
    """The source files compiled, relative to the project root."""
    files = []
    for package in PACKAGES:
        for path in sorted((root / "boardgames" / package).glob("*.py")):
            if not {path.name, f"{package}/{path.name}"} & set(NOT_COMPILED):
                files.append(path.relative_to(root).as_posix())
    return files


def build(opt_level: str = OPT_LEVEL) -> float:
    """Copy the package to build/fast and compile it there at the C compiler's
    ``opt_level`` ("0" to "3"); the seconds it took."""
    if opt_level not in ("0", "1", "2", "3"):
        raise SystemExit(f"the optimisation level must be 0, 1, 2 or 3, not {opt_level!r}")
    t0 = time.monotonic()
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    shutil.copytree(ROOT / "boardgames", OUT / "boardgames",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "_widgets"))
    (OUT / "mypy.ini").write_text(MYPY_INI)
    (OUT / "setup_fast.py").write_text(SETUP_PY)
    files = compiled_modules()
    env = dict(os.environ, PYTHONPATH="", MYPY_CACHE_DIR=str(OUT / ".mypy_cache"))
    done = subprocess.run(
        [sys.executable, "setup_fast.py", ",".join(files), opt_level,
         ",".join(f"{name}={source}" for name, source in ACCELERATORS.items()),
         "build_ext", "--inplace",
         "-j", str(os.cpu_count() or 1)],
        cwd=OUT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-40:])
        raise SystemExit(f"mypyc failed (exit {done.returncode}):\n{tail}")
    missing = [f for f in [*files, *ACCELERATORS.values()]
               if not list(OUT.glob(f.rsplit(".", 1)[0] + ".*.so"))]
    if missing:
        raise SystemExit(f"mypyc made no extension module for {missing}")
    seconds = time.monotonic() - t0
    STAMP.write_text(f"{len(files)} modules compiled at -O{opt_level} in {seconds:.0f} s\n")
    return seconds


if __name__ == "__main__":
    level = os.environ.get("FAST_OPT") or OPT_LEVEL
    s = build(level)
    print(f"build/fast: {len(compiled_modules())} modules compiled with mypyc at -O{level} "
          f"in {s:.0f} s")
