"""Hostile input, issue 15 re-opened: every error message quotes at most a short prefix
of its input (never its end), set-up checks cost no more than their input, deep values
given to the Python API, chance values of the wrong type, scenario keys that are not
strings, huge ints, and a step limit that bounds what replaying a save costs. Each input
is refused with a ``ValueError`` subclass and the game is unchanged afterwards."""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

import boardgames as bg
from boardgames.blast import Rules as BlastRules
from boardgames.core.game import CHANCE, Step
from boardgames.core.limits import MAX_STEPS, QUOTE_CHARS, quote, shorten

SECRET = "A" * 50 + "x" * 5_000_000 + "SECRET-TAIL"
"""A 5 MB input with a hidden tail: a message may show its first 80 characters at most."""

HUGE = 10**5000
"""More digits than ``str(int)`` allows (4,300): quoted without raising Python's error."""

GAMES: dict[str, Callable[..., bg.Game]] = {
    "spacehole": lambda **kw: bg.Spacehole(seed=4, **kw),
    "blast": lambda **kw: bg.Blast(seed=4, **kw),
    "intergalactic": lambda **kw: bg.Intergalactic(seed=4, players=2, **kw),
    "spacebase": lambda **kw: bg.SpaceBase(seed=4, players=2, **kw),
}
KWARGS = {"spacehole": {}, "blast": {}, "intergalactic": {"players": 2},
          "spacebase": {"players": 2}}


def nested(depth: int, inner: Any = 1) -> Any:
    for _ in range(depth):
        inner = [inner]
    return inner


def nested_dict(depth: int) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for _ in range(depth):
        d = {"a": d}
    return d


def assert_quotes_a_prefix(message: str) -> None:
    """``message`` shows at most ``QUOTE_CHARS`` characters of ``SECRET``, not its end."""
    assert "SECRET-TAIL" not in message, message[:200]
    assert SECRET[: QUOTE_CHARS + 1] not in message, message[:200]
    assert "x" * (QUOTE_CHARS + 1) not in message, message[:200]
    assert len(message) <= 500


def refused(call: Callable[[], object], error: type[Exception] = ValueError) -> str:
    with pytest.raises(error) as e:
        call()
    return str(e.value)


def state_of(g: bg.Game) -> tuple[Any, ...]:
    return g.to_json(), g.history, g.log, g.view(None), g.legal_actions(), g.can_redo


def at_chance(g: bg.Game) -> bg.Game:
    g.auto_roll = False
    for _ in range(500):
        if g.current_player == CHANCE:
            return g
        g.apply(g.legal_actions()[0])
    raise AssertionError("no chance node")


# ---------------------------------------------------------------- 1. quote a prefix
def scenarios() -> list[tuple[str, dict[str, Any]]]:
    """(game, scenario) pairs, each with ``SECRET`` in one field a set-up check quotes."""
    ig = {"stage": "research", "turn": 1, "current_player": 0}
    return [
        *[("spacehole", {k: v}) for k, v in [
            ("hand", [SECRET]), ("structures", [SECRET]), ("defenders", [SECRET]),
            ("discard", [SECRET]), ("deck", [SECRET]), ("phase", SECRET),
            ("event", SECRET), ("damage", {SECRET: 1}), ("turn", SECRET),
            ("megacredits", SECRET), (SECRET, 1)]],
        *[("blast", {k: v}) for k, v in [
            ("hands", {"terran": [SECRET]}), ("hands", {SECRET: []}), ("phase", SECRET),
            ("to_move", SECRET), ("units", {SECRET: {}}), ("units", {"3": {SECRET: [1]}}),
            ("units", {"3": {"terran": [SECRET]}}), ("dice", [SECRET]), ("deck", [SECRET]),
            ("vortex", [SECRET]), ("scrap", {"terran": SECRET}), ("turn", SECRET),
            ("turn", "1" * 5_000_000), (SECRET, 1)]],
        *[("intergalactic", {"players": p, **ig}) for p in [
            [SECRET, {}], [{"race": SECRET}, {}], [{"race": "Yiff", "entries": [SECRET]}, {}],
            [{"race": "Yiff", "homeworld": SECRET}, {}], [{SECRET: 1}, {}],
            [{"race": "Yiff", "tokens": SECRET}, {}], [SECRET, {}, {}]]],
        *[("intergalactic", {"players": [{}, {}], **ig, k: SECRET})
          for k in ("stage", "turn", "current_player")],
        *[("spacebase", {k: v}) for k, v in [
            ("hands", [[SECRET], []]), ("phase", SECRET), ("sites", {SECRET: ["Outpost", 0]}),
            ("sites", {"0,0": [SECRET, 0]}), ("deck", [SECRET]), ("credits", [SECRET, 1]),
            (SECRET, 1)]],
    ]


@pytest.mark.parametrize(("name", "scenario"), scenarios(),
                         ids=lambda x: x if isinstance(x, str) else str(list(x))[:20])
def test_a_scenario_field_of_5_mb_is_quoted_as_a_prefix(name: str,
                                                         scenario: dict[str, Any]) -> None:
    assert_quotes_a_prefix(refused(lambda: bg.load(name, seed=1, scenario=scenario,
                                                   **KWARGS[name])))
    doc = json.loads(GAMES[name]().to_json())
    doc["options"]["scenario"] = scenario
    assert_quotes_a_prefix(refused(lambda: bg.from_json(json.dumps(doc)),
                                   bg.InvalidSaveError))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [SECRET, HUGE, 2.5, True], ids=["5MB", "huge", "2.5", "True"])
def test_an_option_of_5_mb_or_a_huge_int_is_quoted_as_a_prefix(name: str, value: Any) -> None:
    option = "variant" if name == "spacehole" else "players"
    msg = refused(lambda: bg.load(name, seed=1, **{option: value}))
    assert_quotes_a_prefix(msg)
    if value is HUGE:
        assert "<int of about 5001 digits>" in msg
    assert_quotes_a_prefix(refused(lambda: bg.load(name, seed=value)))
    assert_quotes_a_prefix(refused(lambda: bg.load(name, **{SECRET: 1}), TypeError))


@pytest.mark.parametrize("name", GAMES)
def test_a_save_quoting_its_keys_and_values_quotes_a_prefix(name: str) -> None:
    base = json.loads(GAMES[name]().to_json())
    docs = []
    for key in ("version", "seed", "game", "auto_roll", "steps", "options", "rules"):
        docs.append({**base, key: SECRET})
    for where in ("options", "rules"):
        docs.append({**base, where: {**base[where], SECRET: 1}})
    docs.append({**base, SECRET: 1})
    docs.append({**base, "steps": [[SECRET, "x"]]})
    docs.append({**base, "steps": [SECRET]})
    docs.append({**base, "steps": [[int("9" * 4000), "x"]]})  # within json's 4,300 digits
    docs.append({**base, "version": int("9" * 4000)})
    docs += [{**base, "rules": {**base["rules"], f: SECRET}} for f in base["rules"]]
    for doc in docs:
        assert_quotes_a_prefix(refused(lambda d=doc: bg.from_json(json.dumps(d)),
                                       bg.InvalidSaveError))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [SECRET, HUGE, nested(2000), nested_dict(2000)],
                         ids=["5MB", "huge", "deep-list", "deep-dict"])
def test_outcome_text_refuses_what_is_no_outcome_quoting_a_prefix(name: str,
                                                                  value: Any) -> None:
    """``outcome_text`` of a value that is no outcome of the chance node: an
    ``IllegalActionError`` (before: the 5 MB input returned as the text, a
    ``RecursionError`` for the deep list); the outcomes' own texts unchanged."""
    g = at_chance(GAMES[name]())
    before = state_of(g)
    assert_quotes_a_prefix(refused(lambda: g.outcome_text(value), bg.GameError))
    assert_quotes_a_prefix(refused(lambda: g.apply(value), bg.GameError))
    assert state_of(g) == before
    outcomes = g._chance(g.state)[0]
    for o in outcomes[:5]:
        text = g.outcome_text(o)
        assert g.outcome_text(text) == text == g._outcome_text(o)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_199_character_notation_is_quoted_as_80_at_most(name: str) -> None:
    """A notation just under the parsers' 200-character limit, after each verb of the
    four games: its quotation in the error is a prefix of at most 80 characters."""
    g = GAMES[name]()
    while g.current_player == CHANCE:
        g.roll()
    before = state_of(g)
    text = "A" * 50 + "x" * 149
    for verb in ("", "play ", "build ", "take ", "buy ", "outpost ", "choose ", "repair ",
                 "move ", "discard ", "fight ", "keep ", "rebuild ", "done "):
        msg = refused(lambda v=verb: g.apply(v + text), bg.InvalidActionError)
        assert text[: QUOTE_CHARS + 1] not in msg, msg
        assert_quotes_a_prefix(refused(lambda v=verb: g.apply(v + SECRET), bg.GameError))
    assert state_of(g) == before


def test_shorten_keeps_a_prefix_only_and_quote_bounds_huge_ints() -> None:
    """``shorten`` bounds a whole message (a backstop: inputs are quoted by ``quote``)
    to a prefix: before, it kept the last 120 characters too, the input's hidden tail."""
    full = "unknown keys ['" + SECRET + "']"
    for msg in (shorten(full), str(bg.GameError(full)), str(bg.InvalidSaveError(full))):
        assert len(msg) <= 500 and "SECRET-TAIL" not in msg and "']" not in msg
        assert msg.endswith(" characters in all]")
    assert shorten(full).endswith(f"... [{len(full)} characters in all]")
    assert full.startswith(shorten(full).split("... [")[0])
    assert shorten("short") == "short"
    assert quote(HUGE) == "<int of about 5001 digits>"
    assert quote(-HUGE).startswith("<int of about")


# ---------------------------------------------------------------- 4. deep values, bad types
DEEP_CALLS: dict[str, Callable[[], object]] = {
    "Intergalactic(scenario=deep player)": lambda: bg.Intergalactic(
        players=2, scenario={"players": [nested_dict(2000), {}], "stage": "research",
                             "turn": 1, "current_player": 0}),
    "Intergalactic.scenario(deep player)": lambda: bg.Intergalactic.scenario(
        players=[nested_dict(2000), {}]),
    "Intergalactic.scenario(deep list)": lambda: bg.Intergalactic.scenario(
        players=[nested(2000), {}]),
    "SpaceBase.scenario(deep hand)": lambda: bg.SpaceBase.scenario(hands=[nested(2000), []]),
    "SpaceBase.scenario(deep site)": lambda: bg.SpaceBase.scenario(sites={(1, 1): nested(2000)}),
    "Blast.scenario(deep hand)": lambda: bg.Blast.scenario(hands={"terran": nested(2000)}),
    "Blast.scenario(hand of lists)": lambda: bg.Blast.scenario(hands={"terran": [[1]]}),
    "Blast(scenario=deep units)": lambda: bg.Blast(scenario={"units": {"3": nested_dict(2000)}}),
    "Spacehole(scenario=deep damage)": lambda: bg.Spacehole(
        scenario={"damage": nested_dict(2000)}),
}


@pytest.mark.parametrize("call", DEEP_CALLS.values(), ids=DEEP_CALLS)
def test_a_deep_or_unhashable_scenario_value_is_a_value_error(call: Callable[[], object]) -> None:
    """Before: ``RecursionError`` (or ``TypeError: unhashable``)."""
    assert len(refused(call)) < 300


@pytest.mark.parametrize("name", GAMES)
def test_state_before_a_bad_index_is_a_game_error(name: str) -> None:
    g = GAMES[name]()
    n = g.step_count
    for index in ("1", 1.0, True, None, -1, n + 1, HUGE, nested(2000)):
        msg = refused(lambda i=index: g.state_before(i), bg.GameError)
        assert f"0..{n}" in msg and len(msg) < 200
    assert g.state_before(n) is g.state


# ---------------------------------------------------------------- 5. chance values' types
def _with_bools_and_floats(outcome: Any) -> list[Any]:
    """``outcome`` with its ints made bools or floats, each way that changes it."""
    if isinstance(outcome, bool):
        return []
    if isinstance(outcome, int):
        return [float(outcome), *([bool(outcome)] if outcome in (0, 1) else [])]
    if isinstance(outcome, tuple):
        out = []
        for i, x in enumerate(outcome):
            for y in _with_bools_and_floats(x):
                out.append((*outcome[:i], y, *outcome[i + 1:]))
                out.append([*outcome[:i], y, *outcome[i + 1:]])
        if all(isinstance(x, int) and not isinstance(x, bool) for x in outcome):
            out.append(tuple(float(x) for x in outcome))
        return out
    return []


def int_outcome(g: bg.Game) -> Any:
    """``g`` played on (first actions, own rolls) to a chance node with an outcome made of
    ints, returned."""
    g.auto_roll = False
    for _ in range(2000):
        if g.current_player == CHANCE:
            for o in g._chance(g.state)[0]:
                if _with_bools_and_floats(o):
                    return o
            g.roll()
        else:
            g.apply(g.legal_actions()[0])
    raise AssertionError("no chance node with an int outcome")


@pytest.mark.parametrize("name", GAMES)
def test_a_chance_value_holding_a_bool_or_a_float_for_an_int_is_refused(name: str) -> None:
    """One rule for all (the core's chance matching): Blast and Space Base accepted
    ``(True, True)`` and ``[1.0, 1.0]`` for the roll ``(1, 1)``, and loaded a save whose
    dice step was ``[-1, [true, true]]``."""
    g = GAMES[name]()
    outcome = int_outcome(g)
    before = state_of(g)
    doc = json.loads(g.to_json())
    wrong = _with_bools_and_floats(outcome)
    assert wrong
    for x in wrong:
        assert "not an outcome" in refused(lambda x=x: g.apply(x), bg.IllegalActionError)
        assert not g.is_legal(x)[0]
        assert state_of(g) == before
        bad = {**doc, "steps": [*doc["steps"], [CHANCE, x]]}
        refused(lambda d=bad: bg.from_json(json.dumps(d)), bg.InvalidSaveError)
    g.apply(list(outcome) if isinstance(outcome, tuple) else outcome)  # the outcome: taken
    assert g.history[-1] == Step(CHANCE, outcome, g.history[-1].text)
    assert bg.from_json(g.to_json()) == g


# ---------------------------------------------------------------- 6. keys, huge ints
@pytest.mark.parametrize("name", GAMES)
def test_a_scenario_with_keys_that_are_not_strings_is_a_value_error(name: str) -> None:
    """Before: ``TypeError: '<' not supported`` (Blast, Space Base, Spacehole)."""
    for scenario in ({(1, 2): 1, 3: 4}, {3: 4}, {None: 1, "x": 2}):
        msg = refused(lambda s=scenario: bg.load(name, seed=1, scenario=s, **KWARGS[name]))
        assert "scenario" in msg and len(msg) < 300


@pytest.mark.parametrize("name", GAMES)
def test_a_huge_int_in_a_scenario_gets_the_game_s_own_message(name: str) -> None:
    scenario: dict[str, Any] = {"turn": HUGE}
    if name == "intergalactic":
        scenario = {"players": [{}, {}], "stage": "research", "turn": HUGE,
                    "current_player": 0}
    msg = refused(lambda: bg.load(name, seed=1, scenario=scenario, **KWARGS[name]))
    assert "turn must be an int" in msg and "<int of about 5001 digits>" in msg
    if name != "spacehole":
        msg = refused(lambda: bg.load(name, seed=1, players=HUGE))
        assert "players" in msg and "Exceeds the limit" not in msg


# ---------------------------------------------------------------- 2. ASCII saves
@pytest.mark.parametrize("name", GAMES)
def test_a_save_is_ascii(name: str) -> None:
    """``to_json`` writes ASCII (so refusing a long text that is not costs nothing)."""
    g = GAMES[name]()
    for _ in range(60):
        if g.is_over:
            break
        g.apply(g.legal_actions()[-1])
    assert g.to_json().isascii() and g.to_json(indent=2).isascii()


# ---------------------------------------------------------------- 3. the step limit
def padded(g: bg.Game, steps: int) -> bg.Game:
    """``g`` with its history padded to ``steps`` steps (copies of its own first step:
    the limit counts steps, not what they are)."""
    first = g._hist[0]
    g._hist.extend([first] * (steps - len(g._hist)))
    return g


def test_a_game_refuses_a_step_beyond_max_steps_and_stays_as_it_was() -> None:
    g = at_chance(bg.Blast(seed=5))
    g = padded(g, MAX_STEPS)
    before = (g.step_count, g.state, g.log)
    for call in (g.roll, lambda: g.apply(g._chance(g.state)[0][0]),
                 lambda: g.sample_chance(__import__("random").Random(1))):
        assert "step limit reached" in refused(call, bg.GameError)
        assert (g.step_count, g.state, g.log) == before
    g = bg.Blast(seed=5)  # at a decision, the step that would be one too many
    g = padded(g, MAX_STEPS)
    action = g.legal_actions()[0]
    assert "step limit reached" in refused(lambda: g.apply(action), bg.GameError)
    assert g.step_count == MAX_STEPS


def test_auto_roll_stops_at_max_steps_without_raising() -> None:
    """An action taken at the last step allowed is taken; the chance node after it is not
    rolled (``apply`` does not fail half done): the next step is refused."""
    g = bg.Blast(seed=5)
    assert g.current_player != CHANCE
    g = padded(g, MAX_STEPS - 1)
    action = next(a for a in g.legal_actions()
                  if g.fork().apply(a).step_count > MAX_STEPS - 1)
    g.apply(action)
    assert g.step_count == MAX_STEPS
    if g.current_player == CHANCE:
        assert "step limit reached" in refused(g.roll, bg.GameError)


def test_a_save_of_more_than_max_steps_is_refused_before_anything_is_replayed() -> None:
    doc = json.loads(bg.Blast(seed=5).to_json())
    doc["steps"] = [[0, "not an action"]] * (MAX_STEPS + 1)  # replayed: "step 0: ..."
    msg = refused(lambda: bg.from_json(json.dumps(doc)), bg.InvalidSaveError)
    assert f"at most {MAX_STEPS} steps" in msg
    doc["steps"] = doc["steps"][:MAX_STEPS]
    assert "step 0" in refused(lambda: bg.from_json(json.dumps(doc)), bg.InvalidSaveError)


def test_blast_max_turns_keeps_a_game_within_max_steps() -> None:
    """Blast's ``max_turns`` is at most 5,000: a turn takes about 7 steps (7.5 at most in
    random games), so 37,500; it was 1,000,000 (a game of 115,000 steps loaded in 8 s)."""
    assert BlastRules(max_turns=5_000).max_turns == 5_000
    with pytest.raises(ValueError, match="max_turns must be <= 5000"):
        BlastRules(max_turns=5_001)
    doc = json.loads(bg.Blast(seed=1).to_json())
    doc["rules"]["max_turns"] = 1_000_000
    refused(lambda: bg.from_json(json.dumps(doc)), bg.InvalidSaveError)


REPLAY_STEPS = 3_000
REPLAY_SECONDS_PER_STEP = 250e-6
REPLAY_BYTES_PER_STEP = 1_500


def test_loading_a_long_save_costs_a_bounded_time_and_memory() -> None:
    """The worst case of replaying a save: the longest legal game, saved and loaded.
    Measured at full size (Blast with a unit on each side, ``max_turns=5000``, the last
    legal action each time: 30,151 steps, 759,336 characters, the longest game found):
    1.47 s (49 µs a step, pure Python), a ``tracemalloc`` peak of 21.5 MiB (730 bytes a
    step) and an RSS growth of 5 MB; extrapolated to ``MAX_STEPS`` (50,000): 2.5 s and
    36 MiB. Intergalactic, 6 players, ``turns_per_stage=100``, ``extra_rolls_per_turn=20``
    reaches 29,068 steps. Measured here on the first ``REPLAY_STEPS`` steps of that Blast
    game (to keep the test fast), bounded per step at about 5 times and twice the figures
    above."""
    g = bg.Blast(seed=1, rules=BlastRules(max_turns=5_000),
                 scenario={"units": {5: {"terran": [1]}, 20: {"empire": [1]}}})
    while g.step_count < REPLAY_STEPS and not g.is_over:
        g.apply(g.legal_actions()[-1])
    text = g.to_json()
    steps = g.step_count
    assert steps >= REPLAY_STEPS
    start = time.process_time()
    loaded = bg.from_json(text)
    seconds = time.process_time() - start
    assert loaded == g
    tracemalloc.start()
    try:
        bg.from_json(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seconds <= REPLAY_SECONDS_PER_STEP * steps, f"{seconds / steps * 1e6:.0f} us/step"
    assert peak <= REPLAY_BYTES_PER_STEP * steps, f"{peak / steps:.0f} bytes/step"
