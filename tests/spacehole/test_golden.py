"""Golden transcripts: seeded Spacehole games stored as readable text in ``tests/golden/``.

Each ``spacehole-<variant>-seed<N>.txt`` is a game played by a random agent
(``random.Random(N)`` choosing uniformly among ``legal_actions()``; chance nodes drawn by
the game's own seeded RNG with ``roll()``, as ``auto_roll=True`` would): every step with
its number, its player (``chance`` or ``player 0``) and its text, the log lines it
produced, then the final score. The test plays the game again and compares.

A difference is a change of the rules engine (or of its notation or log texts): look at
the diff, and if the change is deliberate regenerate the files with::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/spacehole/test_golden.py

and commit them with the change that explains them.
"""

from __future__ import annotations

import difflib
import os
import random
import re
from pathlib import Path

import pytest

import boardgames as bg
from boardgames.spacehole import Spacehole

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
# Seeds 1 and 2 lose early (as random play mostly does); with the SplitMix64-sequence RNG
# (core/rng.py), 64 and 4 are the first seeds above 2 that survive the whole deck
# (longer transcripts exercise more rules).
CASES = [
    ("classic", 1),
    ("classic", 2),
    ("classic", 64),
    ("babylon5", 1),
    ("babylon5", 2),
    ("babylon5", 4),
]
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
STEP = re.compile(r"^ *(\d+) (chance  |player \d) (.*)$")


def play(variant: str, seed: int) -> Spacehole:
    """The golden game: manual chance nodes drawn with ``roll()``, random actions."""
    g = Spacehole(seed=seed, variant=variant, auto_roll=False)
    rng = random.Random(seed)
    while not g.is_over:
        if g.current_player == bg.CHANCE:
            g.roll()
        else:
            g.apply(rng.choice(g.legal_actions()))
    return g


def transcript(variant: str, seed: int) -> str:
    g = Spacehole(seed=seed, variant=variant, auto_roll=False)
    rng = random.Random(seed)
    lines = [
        f"# Spacehole golden transcript: variant {variant}, seed {seed}, default rules",
        f"# Agent: random.Random({seed}) uniform over legal_actions(); chance: the game's roll()",
        "# Regenerate only for a deliberate rules change: UPDATE_GOLDEN=1 (see test_golden.py)",
    ]
    lines += [f"       | {line}" for line in g.log]
    while not g.is_over:
        n, k = len(g.history), len(g.log)
        if g.current_player == bg.CHANCE:
            g.roll()
        else:
            g.apply(rng.choice(g.legal_actions()))
        st = g.history[n]
        who = "chance  " if st.player == bg.CHANCE else f"player {st.player}"
        lines.append(f"{n:4d} {who} {st.text}")
        lines += [f"       | {line}" for line in g.log[k:]]
    s = g.state
    result = "lost (the Base was destroyed)" if s.lost else "survived the whole deck"
    lines.append(
        f"final: score {g.scores[0]}, {result}, turn {g.turn}, "
        f"{len(g.history)} steps, winner {g.winner}"
    )
    return "\n".join(lines) + "\n"


def path(variant: str, seed: int) -> Path:
    return GOLDEN / f"spacehole-{variant}-seed{seed}.txt"


@pytest.mark.parametrize(("variant", "seed"), CASES, ids=[f"{v}-{s}" for v, s in CASES])
def test_golden_transcript(variant: str, seed: int) -> None:
    new = transcript(variant, seed)
    p = path(variant, seed)
    if UPDATE:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(new, encoding="utf-8")
    assert p.exists(), f"{p} is missing: run with UPDATE_GOLDEN=1 to create it"
    old = p.read_text(encoding="utf-8")
    if old != new:
        diff = "".join(
            list(
                difflib.unified_diff(
                    old.splitlines(keepends=True),
                    new.splitlines(keepends=True),
                    fromfile=str(p.name),
                    tofile="now",
                    n=2,
                )
            )[:80]
        )
        pytest.fail(
            f"{p.name} differs from the game played now (a rules change? "
            f"UPDATE_GOLDEN=1 regenerates it):\n{diff}"
        )


@pytest.mark.parametrize(("variant", "seed"), CASES, ids=[f"{v}-{s}" for v, s in CASES])
def test_golden_transcript_replays_from_its_own_text(variant: str, seed: int) -> None:
    """The step texts of the stored file, applied to a fresh game (actions by notation,
    chance outcomes by their text), reproduce the stored log and score."""
    text = path(variant, seed).read_text(encoding="utf-8")
    g = Spacehole(seed=seed, variant=variant, auto_roll=False)
    log_lines, steps = [], 0
    for line in text.splitlines():
        if line.startswith("       | "):
            log_lines.append(line[9:])
        elif m := STEP.match(line):
            assert int(m.group(1)) == len(g.history)
            who = bg.CHANCE if m.group(2).startswith("chance") else 0
            assert g.current_player == who
            g.apply(m.group(3))
            steps += 1
    assert g.is_over and steps == len(g.history) > 0
    assert list(g.log) == log_lines
    final = text.splitlines()[-1]
    assert final.startswith(f"final: score {g.scores[0]}, ")


@pytest.mark.parametrize(("variant", "seed"), CASES, ids=[f"{v}-{s}" for v, s in CASES])
def test_golden_games_equal_auto_roll_games(variant: str, seed: int) -> None:
    """Rolling chance nodes with roll() is what auto_roll=True does."""
    g = play(variant, seed)
    a = Spacehole(seed=seed, variant=variant)
    rng = random.Random(seed)
    while not a.is_over:
        a.apply(rng.choice(a.legal_actions()))
    assert a.history == g.history and a.log == g.log


def test_golden_files_are_all_read() -> None:
    assert {v for v, _ in CASES} == {"classic", "babylon5"}
    stray = {p.name for p in GOLDEN.glob("spacehole-*.txt")} - {path(v, s).name for v, s in CASES}
    assert not stray, f"golden files no test reads: {stray}"
