"""Bad input to Spacehole: every refusal raises the right ``ValueError`` subclass (or
``TypeError`` for a wrong Python type given to a constructor), with a message quoting the
input, and leaves the game exactly as it was (``to_json()``, ``==``, log, views, legal
actions and undo/redo stacks compared before and after)."""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from conformance.toy import RaceMove, RaceRules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.core.action import Action
from boardgames.spacehole import Move, Rules, Spacehole

# ------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Snapshot:
    text: str
    game: bg.Game
    log: tuple[str, ...]
    views: tuple[dict[str, Any], ...]
    legal: tuple[Action, ...]
    undo_redo: tuple[bool, bool]


def snap(g: bg.Game) -> Snapshot:
    return Snapshot(
        g.to_json(),
        g.fork(),
        g.log,
        (g.view(None), g.view(0)),
        g.legal_actions(),
        (g.can_undo, g.can_redo),
    )


def assert_unchanged(g: bg.Game, s: Snapshot) -> None:
    assert g.to_json() == s.text
    assert g == s.game
    assert g.log == s.log
    assert (g.view(None), g.view(0)) == s.views
    assert g.legal_actions() == s.legal
    assert (g.can_undo, g.can_redo) == s.undo_redo


def refused(g: bg.Game, x: Any, error: type[Exception], *quoted: str) -> str:
    """``g.apply(x)`` raises ``error`` quoting each of ``quoted``, and changes nothing."""
    s = snap(g)
    with pytest.raises(error) as e:
        g.apply(x)
    msg = str(e.value)
    for q in quoted:
        assert q in msg, f"{q!r} not quoted in {msg!r}"
    assert_unchanged(g, s)
    ok, why = g.is_legal(x)
    assert not ok and (why == msg or g.current_player == bg.CHANCE)
    assert_unchanged(g, s)
    return msg


def build_phase() -> Spacehole:
    g = Spacehole.scenario(phase="build", hand=["Mine", "Space Marines"], seed=5)
    assert g.state.pending == "build"
    return g


@dataclass(frozen=True, slots=True)
class Dummy(Action):
    """An Action of no game at all, spelled like a Spacehole action."""

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def parse(cls, text: str) -> Dummy:
        return cls()


# ------------------------------------------------------------------------- notation
@pytest.mark.parametrize(
    "text",
    [
        "fly away",
        "",
        "   ",
        "bild Mine",
        "BUILD Mine",
        "build\x00Mine",
        "pass extra",
        "end",
        "end game",
        "build",
        "take",
        "power",
        "x" * 500,
        "discard\n",
    ],
)
def test_unknown_or_malformed_notation_is_an_invalid_action(text: str) -> None:
    g = build_phase()
    quoted = repr(text) if len(text) <= 200 else repr(text[:60] + "...")
    refused(g, text, bg.InvalidActionError, quoted)
    with pytest.raises(bg.InvalidActionError):
        g.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "build Foo",
        "build Minbari cruiser",
        "repair Nothing [2 dmg]",
        "take space marines",
        "discard Mine [0 dmg]",
        "virus Mine [01 dmg]",
        "remove Space Marines [1000 dmg]",
        "power Hull",
    ],
)
def test_unknown_card_names_are_invalid_actions_quoting_the_name(text: str) -> None:
    g = build_phase()
    msg = refused(g, text, bg.InvalidActionError, repr(text))
    assert "no classic card is called" in msg


def test_babylon5_names_are_unknown_in_a_classic_game_and_vice_versa() -> None:
    refused(build_phase(), "build Garden", bg.InvalidActionError, "'Garden'")
    b5 = Spacehole.scenario(phase="build", hand=["Garden"], variant="babylon5", seed=1)
    refused(b5, "build Agrodome", bg.InvalidActionError, "'Agrodome'")
    assert b5.is_legal("build Garden") == (True, "")


def test_an_unknown_card_as_an_action_object_is_illegal_naming_it() -> None:
    refused(
        build_phase(), Move("build", "Foo"), bg.IllegalActionError, "'build Foo'", "no Foo in hand"
    )


def test_a_move_with_an_unknown_verb_cannot_be_made() -> None:
    with pytest.raises(bg.InvalidActionError, match="unknown verb 'fly'"):
        Move("fly", "away")


# ------------------------------------------------------------------------- phases
def phase_positions() -> dict[str, Spacehole]:
    manual = Rules(power_choice="manual")
    return {
        "build": build_phase(),
        "discard": Spacehole.scenario(
            phase="karma",
            hand=["Mine", "Mine", "Agrodome", "Colony", "Laser Turret"],
            deck=["Force Dome", "Mine"],
            seed=3,
        ),
        "power": Spacehole.scenario(
            phase="power", structures=["Solar Array", "Mine", "Mine"], rules=manual, seed=3
        ),
        "end": Spacehole.scenario(phase="end", defenders=["Space Rangers"], seed=3),
        "take_defender": Spacehole.scenario(
            phase="event", event="Reinforcements", discard=["Space Marines"], seed=3
        ),
        "virus": Spacehole.scenario(
            phase="event", event="Space Virus", defenders=["Space Marines", "Space Navy"], seed=3
        ),
    }


OTHER_PHASE_ACTIONS = [
    "discard Mine",
    "build Mine",
    "repair Base",
    "pass",
    "take Mine",
    "virus Space Marines",
    "remove Space Marines",
    "power Mine",
    "power optimal",
    "power done",
    "peek Space Rangers",
    "end turn",
]


@pytest.mark.parametrize("pending", list(phase_positions()))
def test_actions_of_another_phase_are_illegal_naming_the_phase(pending: str) -> None:
    g = phase_positions()[pending]
    assert g.state.pending == pending
    legal = {str(a) for a in g.legal_actions()}
    tried = 0
    for text in OTHER_PHASE_ACTIONS:
        if text in legal:
            continue
        msg = refused(g, text, bg.IllegalActionError, repr(text))
        assert "(rule: " in msg
        tried += 1
    assert tried >= len(OTHER_PHASE_ACTIONS) - len(legal)


# ------------------------------------------------------------------------- wrong types
@pytest.mark.parametrize(
    ("x", "quoted"),
    [
        (5, "5"),
        (None, "None"),
        (3.5, "3.5"),
        (b"pass", "b'pass'"),
        (["pass"], "['pass']"),
        ({"verb": "pass"}, "{'verb': 'pass'}"),
        (Move, "Move"),
        (True, "True"),
        (Dummy(), "Dummy()"),
        (RaceMove("roll"), "RaceMove(verb='roll')"),
    ],
    ids=lambda x: type(x).__name__,
)
def test_wrong_types_are_invalid_actions_quoting_the_input(x: Any, quoted: str) -> None:
    msg = refused(build_phase(), x, bg.InvalidActionError, quoted)
    assert "not an action of spacehole" in msg


def test_parse_of_a_non_string_is_an_invalid_action() -> None:
    g = build_phase()
    for x in (5, None, Move("pass")):
        with pytest.raises(bg.InvalidActionError, match="notation string"):
            g.parse(x)  # type: ignore[arg-type]
        with pytest.raises(bg.InvalidActionError, match="a string"):
            Move.parse(x)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- chance nodes
def battle() -> Spacehole:
    g = Spacehole.scenario(
        phase="event", event="Space Pirates", defenders=["Space Marines"], auto_roll=False, seed=3
    )
    assert g.chance_outcomes().outcomes == (0, 1, 2, 3)
    return g


@pytest.mark.parametrize(
    ("x", "quoted"),
    [
        (4, "'4'"),
        (-1, "'-1'"),
        ("4 hits", "'4 hits'"),
        ("three", "'three'"),
        (None, "'None'"),
        (1.5, "'1.5'"),
        (Move("pass"), "'pass'"),
        ("pass", "'pass'"),
        ([1], "'(1,)'"),
        ({"hits": 1}, "\"{'hits': 1}\""),
        (float("nan"), "'nan'"),
    ],
    ids=repr,
)
def test_a_non_outcome_at_a_dice_node_is_refused(x: Any, quoted: str) -> None:
    msg = refused(battle(), x, bg.IllegalActionError, quoted)
    assert "not an outcome of this chance node" in msg and "(rule: chance nodes)" in msg


def test_outcomes_may_be_forced_by_value_or_text_but_nothing_else() -> None:
    g = battle()
    assert g.fork().apply(2).history[-1].text == "2 hits"
    assert g.fork().apply("2 hits").history[-1].value == 2
    assert g.fork().apply("1 hit").history[-1].value == 1


def test_a_card_that_cannot_be_drawn_is_not_an_outcome() -> None:
    g = Spacehole(seed=2, auto_roll=False)
    assert g.chance_outcomes().prob("Space Marines") == Fraction(1, 96)  # the only copy
    g.apply("Space Marines")
    while g.current_player != bg.CHANCE:
        g.apply(g.legal_actions()[-1])
    assert "Space Marines" not in g.chance_outcomes()
    for x in ["Space Marines", "Foo", "Base", "Garden", "space marines", "Mine [1 dmg]"]:
        refused(g, x, bg.IllegalActionError, repr(x))


def test_a_known_top_card_is_drawn_without_a_chance_node() -> None:
    g = Spacehole.scenario(phase="karma", deck=["Mine", "Colony"], seed=1, auto_roll=False)
    assert g.current_player == 0  # the draw was known: no chance node to force
    refused(g, "Colony", bg.InvalidActionError, "'Colony'")


# ------------------------------------------------------------------------- game over
def finished(seed: int = 0) -> Spacehole:
    g = Spacehole(seed=seed)
    import random

    r = random.Random(seed)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("x", ["pass", "end turn", Move("pass"), "Mine", 3, "fly", None])
def test_applying_after_the_game_is_over_is_refused(x: Any) -> None:
    g = finished()
    s = snap(g)
    with pytest.raises(bg.IllegalActionError, match="the game is over") as e:
        g.apply(x)
    assert repr(str(x)) in str(e.value)
    assert_unchanged(g, s)
    for f in (g.roll, g.chance_outcomes):
        with pytest.raises(bg.GameError, match="not at a chance node"):
            f()
    assert_unchanged(g, s)


def test_undo_and_redo_with_nothing_to_do_change_nothing() -> None:
    g = Spacehole(seed=4)
    s = snap(g)
    with pytest.raises(bg.GameError, match="nothing to undo"):
        g.undo()
    with pytest.raises(bg.GameError, match="nothing to redo"):
        g.redo()
    assert_unchanged(g, s)


# ------------------------------------------------------------------------- from_json
def saved() -> tuple[Spacehole, dict[str, Any]]:
    """A game six actions in (the first seed from 11 whose game is still going), saved."""
    for seed in range(11, 200):
        g = Spacehole(seed=seed)
        for _ in range(6):
            if g.is_over:
                break
            g.apply(g.legal_actions()[0])
        if not g.is_over:
            return g, json.loads(g.to_json())
    raise AssertionError("no game lasted six actions")  # pragma: no cover


def load_refused(g: bg.Game, doc: Any, *quoted: str) -> str:
    before = snap(g)
    text = doc if isinstance(doc, str | bytes) else json.dumps(doc)
    with pytest.raises(bg.InvalidSaveError) as e:
        bg.from_json(text)
    msg = str(e.value)
    assert msg.startswith("cannot load saved game: ")
    for q in quoted:
        assert q in msg, f"{q!r} not quoted in {msg!r}"
    assert_unchanged(g, before)
    return msg


def test_truncated_documents_are_refused() -> None:
    g, _ = saved()
    text = g.to_json()
    for cut in (1, 10, len(text) // 2, len(text) - 1):
        load_refused(g, text[:cut], "not valid JSON")


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("", "not valid JSON"),
        ("hello", "not valid JSON"),
        ("{'game': 'spacehole'}", "not valid JSON"),
        ("null", "not NoneType"),
        ("[]", "not list"),
        ('"spacehole"', "not str"),
        ("42", "not int"),
        (b"\xff\xfe{}", "not UTF-8"),
        ("[" * 100_000, "not valid JSON"),
        ("{}", "unknown game None"),
    ],
    ids=[
        "empty",
        "word",
        "python-dict",
        "null",
        "list",
        "string",
        "number",
        "bytes",
        "deep-nesting",
        "empty-object",
    ],
)
def test_non_json_and_non_objects_are_refused(text: str | bytes, quoted: str) -> None:
    g, _ = saved()
    load_refused(g, text, quoted)


def test_a_document_that_is_not_text_is_refused() -> None:
    g, doc = saved()
    before = snap(g)
    for x in (None, 5, doc, ["x"], 1.5):
        with pytest.raises(
            bg.InvalidSaveError, match=f"expected JSON text, not {type(x).__name__}"
        ):
            bg.from_json(x)  # type: ignore[arg-type]
    assert_unchanged(g, before)


@pytest.mark.parametrize("version", [2, 0, -1, "1", None, True, [1], 10**30])
def test_a_wrong_version_is_refused_quoting_it(version: Any) -> None:
    g, doc = saved()
    doc["version"] = version
    load_refused(g, doc, f"version {version!r}")


def test_a_float_version_is_refused() -> None:
    g, doc = saved()
    doc["version"] = 1.0
    load_refused(g, doc, "version 1.0")


@pytest.mark.parametrize(
    "key", ["game", "version", "options", "rules", "seed", "auto_roll", "steps"]
)
def test_a_missing_key_is_refused_naming_it(key: str) -> None:
    g, doc = saved()
    del doc[key]
    load_refused(
        g,
        doc,
        "missing keys" if key != "game" else "unknown game",
        *([repr(key)] if key != "game" else []),
    )


@pytest.mark.parametrize("extra", ["extra", "Seed", "", "steps "])
def test_an_extra_key_is_refused_naming_it(extra: str) -> None:
    g, doc = saved()
    doc[extra] = 1
    load_refused(g, doc, f"unexpected keys [{extra!r}]")


WRONG_TYPES: dict[str, list[Any]] = {
    "game": [5, None, ["spacehole"], {"name": "spacehole"}, "SPACEHOLE", "space hole"],
    "options": [
        None,
        [],
        "classic",
        5,
        {"variant": 5},
        {"variant": None},
        {"variant": "Classic"},
        {"players": 2},
        {"scenario": "x"},
    ],
    "rules": [
        None,
        [],
        "default",
        {"base_hits": "10"},
        {"base_hits": 10.0},
        {"base_hits": 1e400},
        {"base_hits": 0},
        {"battle_order": 1},
        {"b5_add_refineries": "false"},
        {"power_choice": None},
        {"unknown": 1},
    ],
    "seed": ["1", 1.0, -1, 2**64, True, [1], {"seed": 1}, 10**400],
    "auto_roll": [1, 0, "true", None, []],
    "steps": [
        None,
        {},
        "pass",
        5,
        [None],
        [[0]],
        [[0, "pass", 1]],
        [["-1", "Mine"]],
        [[True, "Mine"]],
        [[-1.0, "Mine"]],
        [[-1, None]],
        [[-1, ["Mine"]]],
        [[-1, {"card": "Mine"}]],
    ],
}


@pytest.mark.parametrize(
    ("key", "value"),
    [(k, v) for k, vs in WRONG_TYPES.items() for v in vs],
    ids=[f"{k}={str(v)[:20]}" for k, vs in WRONG_TYPES.items() for v in vs],
)
def test_a_wrong_type_or_value_in_any_field_is_refused(key: str, value: Any) -> None:
    g, doc = saved()
    doc[key] = value
    msg = load_refused(g, doc)
    named = {
        "game": "game",
        "options": "option",
        "rules": "rules",
        "seed": "seed",
        "auto_roll": "auto_roll",
        "steps": "step",
    }[key]
    quotes = [repr(value)[:40], named]
    if isinstance(value, dict):
        quotes += [repr(k) for k in value] + list(value) + [repr(v)[:40] for v in value.values()]
    assert any(q in msg or q in msg.lower() for q in quotes), msg


def test_a_null_seed_is_refused() -> None:
    g, doc = saved()
    doc["seed"] = None
    load_refused(g, doc, "seed")


def test_huge_numbers_are_refused() -> None:
    g, doc = saved()
    load_refused(g, {**doc, "seed": 10**400}, "seed must be an int in [0, 2**64)")
    text = json.dumps(doc).replace(f'"seed": {doc["seed"]}', '"seed": ' + "9" * 5000)
    assert len(text) > 5000
    load_refused(g, text, "not valid JSON")
    steps = [list(s) for s in doc["steps"]]
    steps[0][0] = 10**30
    load_refused(g, {**doc, "steps": steps}, f"by player {10**30}")
    load_refused(g, {**doc, "rules": {**doc["rules"], "base_hits": 10**400}}, "base_hits")
    load_refused(g, {**doc, "version": 10**400}, "version 1000")
    load_refused(g, json.dumps(doc).replace('"version": 1', '"version": 1e999'), "version inf")


def test_an_illegal_step_is_refused_naming_the_step() -> None:
    g, doc = saved()
    i = next(i for i, (p, _) in enumerate(doc["steps"]) if p == 0)
    for bad in ("build Star Force", "end turn", "fly", "build Foo", "take Mine"):
        steps = [list(s) for s in doc["steps"]]
        steps[i][1] = bad
        load_refused(g, {**doc, "steps": steps}, f"step {i}: ", repr(bad))
    steps = [list(s) for s in doc["steps"]]
    steps[0][1] = "No Such Card"
    load_refused(g, {**doc, "steps": steps}, "step 0: ", "'No Such Card'")


def test_a_step_by_the_wrong_player_is_refused() -> None:
    g, doc = saved()
    steps = doc["steps"]
    i = next(i for i, (p, _) in enumerate(steps) if p == 0)
    for who in (-1, 1, 2, -2):
        bad = [list(s) for s in steps]
        bad[i][0] = who
        load_refused(g, {**doc, "steps": bad}, f"step {i} is by player {who}, but 0 is to move")
    bad = [list(s) for s in steps]
    bad[0][0] = 0
    load_refused(g, {**doc, "steps": bad}, "step 0 is by player 0, but -1 is to move")


def test_steps_after_the_end_are_refused() -> None:
    g = finished()
    doc = json.loads(g.to_json())
    load_refused(
        g,
        {**doc, "steps": [*doc["steps"], [0, "pass"]]},
        f"step {len(doc['steps'])} is by player 0, but None is to move",
    )


@pytest.mark.parametrize("other", ["blast", "intergalactic", "spacebase", "chess", "race"])
def test_a_document_of_another_game_is_refused(other: str) -> None:
    g, doc = saved()
    load_refused(g, {**doc, "game": other})


def test_a_document_of_the_toy_race_is_not_a_spacehole_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from boardgames.core import registry

    monkeypatch.setitem(registry.GAMES, "race", ("conformance.toy", "Race"))
    g, doc = saved()
    msg = load_refused(g, {**doc, "game": "race"})
    assert "variant" in msg or "rules" in msg


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
SCENARIO_KEYS = [
    "structures",
    "defenders",
    "hand",
    "deck",
    "discard",
    "megacredits",
    "damage",
    "damage_index",
    "base_damage",
    "phase",
    "event",
    "turn",
    "terraform",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(["game", "version", "options", "rules", "seed", "auto_roll", "steps"]),
    value=JSON,
)
def test_fuzzed_fields_load_or_raise_invalid_save_only(key: str, value: Any) -> None:
    _, doc = saved()
    doc[key] = value
    with contextlib.suppress(bg.InvalidSaveError):
        bg.from_json(json.dumps(doc))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.dictionaries(st.sampled_from(SCENARIO_KEYS), JSON, max_size=5))
def test_fuzzed_scenarios_load_or_raise_invalid_save_only(scenario: dict[str, Any]) -> None:
    doc = json.loads(Spacehole(seed=1).to_json())
    doc["options"] = {"variant": "classic", "scenario": scenario}
    doc["steps"] = []
    with contextlib.suppress(bg.InvalidSaveError):
        bg.from_json(json.dumps(doc))


# ------------------------------------------------------------------------- Rules
@pytest.mark.parametrize(
    ("kwargs", "quoted"),
    [
        ({"base_hits": 0}, "not 0"),
        ({"base_hits": -5}, "not -5"),
        ({"base_hits": 1001}, "not 1001"),
        ({"base_hits": "10"}, "not str '10'"),
        ({"base_hits": 10.0}, "not float 10.0"),
        ({"base_hits": True}, "not bool True"),
        ({"base_hits": None}, "not NoneType None"),
        ({"base_hits": 10**400}, "must be <= 1000"),
        ({"battle_order": "x"}, "not 'x'"),
        ({"battle_order": "Simultaneous"}, "not 'Simultaneous'"),
        ({"battle_order": None}, "not None"),
        ({"battle_order": 1}, "not 1"),
        ({"build_power_check": "all"}, "not 'all'"),
        ({"b5_add_refineries": 1}, "not int 1"),
        ({"b5_add_refineries": "true"}, "not str"),
        ({"b5_add_refineries": None}, "not NoneType"),
        ({"power_choice": "Auto"}, "not 'Auto'"),
        ({"defender_overflow": "keep"}, "not 'keep'"),
    ],
    ids=lambda x: str(x)[:30],
)
def test_rules_refuse_wrong_types_and_values(kwargs: dict[str, Any], quoted: str) -> None:
    field = next(iter(kwargs))
    with pytest.raises(ValueError, match=f"Rules.{field} must be") as e:
        Rules(**kwargs)
    assert quoted in str(e.value)


def test_rules_refuse_unknown_options_and_are_frozen() -> None:
    with pytest.raises(TypeError, match="base_hit"):
        Rules(base_hit=5)  # type: ignore[call-arg]
    r = Rules()
    with pytest.raises(AttributeError):
        r.base_hits = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "error", "quoted"),
    [
        ({"variant": "x"}, ValueError, "'x'"),
        ({"variant": "Classic"}, ValueError, "'Classic'"),
        ({"variant": None}, ValueError, "None"),
        ({"variant": 5}, ValueError, "5"),
        ({"seed": -1}, ValueError, "-1"),
        ({"seed": 2**64}, ValueError, str(2**64)),
        ({"seed": "7"}, ValueError, "'7'"),
        ({"seed": 1.5}, ValueError, "1.5"),
        ({"seed": True}, ValueError, "True"),
        ({"seed": 10**400}, ValueError, "seed must be"),
        ({"seed": [1]}, ValueError, "[1]"),
        ({"rules": "x"}, TypeError, "not str"),
        ({"rules": Rules}, TypeError, "not type"),
        ({"rules": RaceRules()}, TypeError, "not RaceRules"),
        ({"rules": {"base_hits": 5}}, TypeError, "not dict"),
        ({"auto_roll": "yes"}, TypeError, "'yes'"),
        ({"auto_roll": None}, TypeError, "None"),
        ({"colour": "red"}, TypeError, "'colour'"),
        ({"scenario": "x"}, ValueError, "scenario"),
    ],
    ids=lambda x: str(x)[:30],
)
def test_the_constructor_refuses_bad_arguments(
    kwargs: dict[str, Any], error: type, quoted: str
) -> None:
    with pytest.raises(error) as e:
        Spacehole(**{"seed": 1, **kwargs})
    assert quoted in str(e.value)
    with pytest.raises(error):
        bg.load("spacehole", **{"seed": 1, **kwargs})


def test_the_largest_seed_is_fine() -> None:
    assert Spacehole(seed=2**64 - 1).seed == 2**64 - 1
    assert Spacehole(seed=0).seed == 0


@pytest.mark.parametrize("player", [1, -1, 2, True, "0", 0.0, None])
def test_view_refuses_players_that_do_not_exist(player: Any) -> None:
    g = build_phase()
    if player is None:
        assert g.view(None)["viewer"] is None
        return
    s = snap(g)
    with pytest.raises(ValueError, match=f"not {player!r}"):
        g.view(player)
    assert_unchanged(g, s)
