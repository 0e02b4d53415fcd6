"""Running games on workers: what :mod:`~boardgames.simulation` and
:mod:`~boardgames.analysis` share to send games to any ``concurrent.futures.Executor``.

* :func:`agent_seed`: every agent of a game is re-seeded from the game's seed and its
  seat, so results do not depend on the executor, the chunk or the worker.
* :func:`spawn_agent`: a fresh agent of the same kind with that seed.
* :func:`dumps` / :func:`loads`: work is pickled with cloudpickle when it is installed
  (so functions defined in a notebook can be sent), else with pickle.
* :func:`executor_for`: the executor to use (a process pool over the machine's cores by
  default, ``"serial"`` in this process, or the caller's own, a Dask client's for
  instance).
"""

from __future__ import annotations

import gc
import os
import pickle
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from .core.limits import quote
from .core.rng import mix64

__all__ = ["SerialExecutor", "agent_seed", "dumps", "executor_for", "loads", "spawn_agent",
           "worker_start"]


def agent_seed(game_seed: int, player: int) -> int:
    """The seed of ``player``'s agent in the game seeded ``game_seed``."""
    return mix64(game_seed ^ (0xA5A5A5A5 + player)) >> 1


def spawn_agent(agent: Any, seed: int) -> Any:
    """A fresh agent like ``agent`` seeded with ``seed``: its ``spawn(seed)`` where it has
    one, else a deep copy."""
    spawn = getattr(agent, "spawn", None)
    if callable(spawn):
        return spawn(seed)
    import copy

    return copy.deepcopy(agent)


def dumps(obj: Any) -> bytes:
    """``obj`` pickled for a worker (cloudpickle when installed)."""
    try:
        import cloudpickle  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - cloudpickle comes with dask
        return b"p" + pickle.dumps(obj)
    return b"c" + cloudpickle.dumps(obj)


def loads(blob: bytes) -> Any:
    """What :func:`dumps` pickled."""
    return pickle.loads(blob[1:])  # cloudpickle output loads with pickle


def worker_start() -> None:
    """A pool worker's first step: ``gc.freeze()``. A forked worker inherits every object
    of the process that started it (a notebook kernel holds hundreds of thousands); frozen,
    the collector of the worker never walks them again (nor touches, and so copies, the
    memory pages they share with the parent): only the worker's own games are collected."""
    gc.freeze()


class SerialExecutor(Executor):
    """An executor that runs each task at once, in this process."""

    def submit(self, fn: Callable, /, *args: Any, **kwargs: Any) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:
            f.set_exception(e)
        return f


def executor_for(executor: Any, workers: int | None) -> tuple[Executor, bool]:
    """(executor, whether we own it and must shut it down) for ``executor``: None (a
    process pool of ``workers``, default the machine's cores; serial with one),
    ``"serial"``, or an executor (anything with ``submit``)."""
    if executor is None:
        n = workers or os.cpu_count() or 1
        if n == 1:
            return SerialExecutor(), False
        import multiprocessing

        # fork where there is one: workers start at once, and a script without an
        # ``if __name__ == "__main__":`` guard is not re-imported by every worker
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        ctx = multiprocessing.get_context(method)
        return ProcessPoolExecutor(max_workers=n, mp_context=ctx,
                                   initializer=worker_start), True
    if executor == "serial":
        return SerialExecutor(), False
    if isinstance(executor, Executor):
        return executor, False
    if callable(getattr(executor, "submit", None)):
        return executor, False
    raise TypeError(f"executor must be None, 'serial' or a concurrent.futures.Executor, "
                    f"not {quote(executor)}")
