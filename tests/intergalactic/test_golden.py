"""Golden transcripts: seeded Intergalactic games stored as readable text in
``tests/golden/``.

Each ``intergalactic-<players>p-<rules>-seed<N>.txt`` is a game played by a random agent
(``random.Random(N)`` choosing uniformly among ``legal_actions()``; chance nodes drawn by
the game's own seeded RNG with ``roll()``, as ``auto_roll=True`` would): every step with
its number, its player (``chance`` or ``player P``) and its text, the log lines it
produced, then the final scores. The test plays the game again and compares.

A difference is a change of the rules engine (or of its notation or log texts): look at
the diff, and if the change is deliberate regenerate the files with::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/intergalactic/test_golden.py

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
from boardgames.intergalactic import Intergalactic, Rules

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RULES = {
    "default": Rules(),
    "short": Rules(turns_per_stage=1),
    "options": Rules(turns_per_stage=2, extra_rolls_per_turn=2, roll_twice_depth=1,
                     distinct_homeworlds=True, no_fleet_elimination=True),
}
# (players, rules, seed): a whole default game for two, a short one for six (every
# stage and a long Conflict stage), and every option changed for three.
CASES = [(2, "default", 1), (6, "short", 2), (3, "options", 3)]
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
STEP = re.compile(r"^ *(\d+) (chance  |player \d) (.*)$")


def path(players: int, rules: str, seed: int) -> Path:
    return GOLDEN / f"intergalactic-{players}p-{rules}-seed{seed}.txt"


def new_game(players: int, rules: str, seed: int) -> Intergalactic:
    return Intergalactic(players=players, seed=seed, rules=RULES[rules], auto_roll=False)


def transcript(players: int, rules: str, seed: int) -> str:
    g = new_game(players, rules, seed)
    rng = random.Random(seed)
    lines = [
        f"# Intergalactic golden transcript: {players} players, seed {seed}, "
        f"rules {RULES[rules]!r}",
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
    alive = "".join("1" if a else "0" for a in g.state.alive)
    lines.append(f"final: scores {list(g.scores)}, alive {alive}, winner {g.winner}, "
                 f"{len(g.history)} steps")
    return "\n".join(lines) + "\n"


IDS = [f"{p}p-{r}-{s}" for p, r, s in CASES]


@pytest.mark.parametrize(("players", "rules", "seed"), CASES, ids=IDS)
def test_golden_transcript(players: int, rules: str, seed: int) -> None:
    new = transcript(players, rules, seed)
    p = path(players, rules, seed)
    if UPDATE:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(new, encoding="utf-8")
    assert p.exists(), f"{p} is missing: run with UPDATE_GOLDEN=1 to create it"
    old = p.read_text(encoding="utf-8")
    if old != new:
        diff = "".join(list(difflib.unified_diff(
            old.splitlines(keepends=True), new.splitlines(keepends=True),
            fromfile=p.name, tofile="now", n=2))[:80])
        pytest.fail(f"{p.name} differs from the game played now (a rules change? "
                    f"UPDATE_GOLDEN=1 regenerates it):\n{diff}")


@pytest.mark.parametrize(("players", "rules", "seed"), CASES, ids=IDS)
def test_golden_transcript_replays_from_its_own_text(players: int, rules: str,
                                                     seed: int) -> None:
    """The step texts of the stored file, applied to a fresh game (actions by notation,
    chance outcomes by their text), reproduce the stored log and scores."""
    text = path(players, rules, seed).read_text(encoding="utf-8")
    g = new_game(players, rules, seed)
    log_lines, steps = [], 0
    for line in text.splitlines():
        if line.startswith("       | "):
            log_lines.append(line[9:])
        elif m := STEP.match(line):
            assert int(m.group(1)) == len(g.history)
            who = bg.CHANCE if m.group(2).startswith("chance") else int(m.group(2)[-1])
            assert g.current_player == who
            g.apply(m.group(3))
            steps += 1
    assert g.is_over and steps == len(g.history) > 0
    assert list(g.log) == log_lines
    assert text.splitlines()[-1].startswith(f"final: scores {list(g.scores)}, ")


@pytest.mark.parametrize(("players", "rules", "seed"), CASES, ids=IDS)
def test_golden_games_equal_auto_roll_games(players: int, rules: str, seed: int) -> None:
    """Rolling chance nodes with roll() is what auto_roll=True does."""
    g = new_game(players, rules, seed)
    rng = random.Random(seed)
    while not g.is_over:
        if g.current_player == bg.CHANCE:
            g.roll()
        else:
            g.apply(rng.choice(g.legal_actions()))
    a = Intergalactic(players=players, seed=seed, rules=RULES[rules])
    rng = random.Random(seed)
    while not a.is_over:
        a.apply(rng.choice(a.legal_actions()))
    assert a.history == g.history and a.log == g.log


def test_golden_files_are_all_read() -> None:
    stray = ({p.name for p in GOLDEN.glob("intergalactic-*.txt")}
             - {path(*c).name for c in CASES})
    assert not stray, f"golden files no test reads: {stray}"
