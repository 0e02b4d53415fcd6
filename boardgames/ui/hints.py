"""The boards' Hint and Review (issue 18): ``bg.analysis`` run off the kernel's thread.

A hint costs seconds to minutes of CPU, so a board never runs it while handling a
message: :class:`AnalysisJob` runs it in a thread, with a stop flag (the Stop button)
and a progress callback, and hands every result back to the board *on the kernel's
thread* (``loop.call_soon_threadsafe``), where the board sets its synced traits; outside
a kernel (tests, scripts) the thread itself calls back, under the boards' lock. The
game analysed is a fork taken when the job starts, so the board's game is never read
from the thread. Pure Python apart from the board it reports to.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (bg.analysis is imported when a board first hints)
    from ..analysis import Hint, Review

__all__ = ["PROGRESS_EVERY", "AnalysisJob", "hint_rows", "review_rows"]

PROGRESS_EVERY = 0.15
"""Seconds between two progress updates sent to the browser (at most)."""


class AnalysisJob:
    """One hint or review of a board, running in a daemon thread.

    ``work(progress, stop)`` does the analysis (``progress(fraction)``, ``stop()`` as
    ``bg.analysis`` takes them) and returns its result; ``report(job, kind, value)`` is
    called with ``kind`` "progress" (a fraction), "done" (the result) or "failed" (the
    exception), on the kernel's thread when there is a kernel (``loop``), else on the
    job's thread while holding ``lock``."""

    def __init__(self, kind: str, work: Callable[..., Any],
                 report: Callable[[AnalysisJob, str, Any], None],
                 loop: asyncio.AbstractEventLoop | None, lock: Any) -> None:
        self.kind = kind
        self._work = work
        self._report = report
        self._loop = loop
        self._lock = lock
        self._stop = threading.Event()
        self._last_progress = 0.0
        self.thread = threading.Thread(target=self._run, name=f"boardgames-{kind}",
                                       daemon=True)

    def start(self) -> AnalysisJob:
        self.thread.start()
        return self

    def stop(self) -> None:
        """Ask the analysis to stop at its next game (it reports what it has)."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True if it did."""
        self.thread.join(timeout)
        return not self.thread.is_alive()

    def _run(self) -> None:
        try:
            result = self._work(self._progress, self._stop.is_set)
        except Exception as e:  # the analysis failed: the board says so
            self._post("failed", e)
            return
        self._post("done", result)

    def _progress(self, fraction: float) -> None:
        now = time.perf_counter()
        if now - self._last_progress < PROGRESS_EVERY:
            return
        self._last_progress = now
        self._post("progress", min(1.0, max(0.0, fraction)))

    def _post(self, kind: str, value: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._report, self, kind, value)
                return
            except RuntimeError:  # the loop closed meanwhile
                return
        with self._lock:
            self._report(self, kind, value)


def hint_rows(h: Hint) -> list[dict[str, Any]]:
    """A hint's candidates as the browser draws them, best first."""
    return [{"action": c.action, "value": c.value, "low": c.low, "high": c.high,
             "playouts": c.playouts} for c in h.candidates]


def review_rows(r: Review) -> list[dict[str, Any]]:
    """A review's decisions as the browser draws them, in the game's order."""
    return [{"step": d.step, "played": d.played, "value": d.value, "best": d.best,
             "best_value": d.best_value, "loss": d.loss, "label": d.label}
            for d in r.decisions]
