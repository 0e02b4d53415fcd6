"""``core/_rng.c``, the accelerator of ``core/rng.py``, gives the reference's numbers and
the reference's errors (issue 16: an explicit accelerator tested against the readable
code).

The accelerator exists in the compiled build only (``make fast``); these tests run in
``make test``'s compiled run, where it must be there and in use, and are skipped in an
ordinary run. The reference is ``core/rng.py`` loaded a second time on its own, where
it cannot import the accelerator, so its pure functions are the ones compared with.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

RNG_SOURCE = Path(__file__).resolve().parents[2] / "boardgames" / "core" / "rng.py"
COMPILED_RUN = os.environ.get("BOARDGAMES_COMPILED") == "1"


def _reference() -> ModuleType:
    """rng.py loaded outside its package: ``from . import _rng`` fails, the pure
    functions stay."""
    spec = importlib.util.spec_from_file_location("rng_reference", RNG_SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REF = _reference()

try:
    import boardgames.core._rng as ACCEL  # type: ignore[import-not-found]
except ImportError:
    ACCEL = None
    if COMPILED_RUN:
        raise  # the compiled build must have it
pytestmark = pytest.mark.skipif(ACCEL is None, reason="the accelerator is built by make fast")


def _same(f: str, *args: Any) -> None:
    """``rng.<f>(*args)``, accelerated and not: the same value, or the same error."""
    got = want = None
    try:
        want = ("value", getattr(REF, f)(*args))
    except Exception as e:
        want = ("error", type(e), str(e))
    try:
        got = ("value", getattr(ACCEL, f)(*args))
    except Exception as e:
        got = ("error", type(e), str(e))
    assert got == want, (f, args)


def test_the_reference_is_the_pure_code_and_the_package_uses_the_accelerator() -> None:
    import boardgames.core.rng as rng

    assert REF.draw_index.__module__ == "rng_reference"
    assert rng.draw_index is ACCEL.draw_index
    assert rng.mix64 is ACCEL.mix64 and rng.splitmix64 is ACCEL.splitmix64
    assert importlib.import_module("boardgames.core.game").draw_index is ACCEL.draw_index


SEEDS = st.one_of(st.integers(0, 2**64 - 1), st.integers(-2**70, 2**70))
WEIGHT = st.integers(0, 50)


@settings(max_examples=3000, deadline=None)
@given(SEEDS, st.integers(0, 2**64 + 5))
def test_mix64_and_splitmix64_are_the_reference(seed: int, counter: int) -> None:
    _same("mix64", seed)
    _same("splitmix64", seed, counter)


@settings(max_examples=3000, deadline=None)
@given(SEEDS, st.integers(0, 10**6), st.lists(WEIGHT, min_size=1, max_size=120),
       st.booleans())
def test_draw_index_is_the_reference(seed: int, counter: int, weights: list[int],
                                     as_tuple: bool) -> None:
    _same("draw_index", seed, counter, tuple(weights) if as_tuple else weights)


def test_every_face_of_a_die_and_every_cell_of_a_meteor_drawn_as_the_reference() -> None:
    rnd = random.Random(16)
    for weights in ((1,) * 6, (1,) * 100, (0, 0, 3, 0, 1), (5,), tuple(range(40))):
        for _ in range(2000):
            _same("draw_index", rnd.getrandbits(64), rnd.randrange(10**6), weights)


@pytest.mark.parametrize("args", [
    (1, 2, ()),                       # no weights
    (1, 2, (0, 0, 0)),                # a total of 0
    (1, 2, (0,) * 40),                # the same, bisected
    (1, 2, (3, -1, 2)),               # a negative weight, scanned as the reference does
    (1, 2, (3, -1) + (1,) * 40),      # refused by the long path
    (1, 2, (2**62, 1)),               # too large for the fast path
    (1, 2, (2**70, 2**70)),
    (1, 2, (True, False, True)),      # bools are ints
    (1, 2, (1.5, 2)),                 # not ints
    (1, 2, "abc"),                    # not a list or tuple
    (1, 2, iter([1, 2])),             # no len()
    (1.0, 2, (1, 1)),                 # a seed that is not an int
    (1, "2", (1, 1)),
    (-5, 3, (1, 2, 3)),               # a negative seed: its low 64 bits
    (2**80 + 7, 2**65, [4, 4, 4]),    # a seed and counter beyond 64 bits
])
def test_unusual_input_gets_the_reference_answer_or_error(args: tuple[Any, ...]) -> None:
    _same("draw_index", *args)


@pytest.mark.parametrize("x", [0, 1, -1, 2**64, 2**64 - 1, -(2**200), True, 1.5, "1", None])
def test_mix64_of_unusual_input(x: Any) -> None:
    _same("mix64", x)


def test_wrong_argument_counts_are_refused_like_the_reference() -> None:
    for args in ((), (1,), (1, 2, 3)):
        _same("splitmix64", *args)
    for args in ((1, 2), (1, 2, (1,), 4)):
        _same("draw_index", *args)
