"""The conformance suite must be able to fail: each test here breaks one property of a
working game (Spacehole, or the toy race of ``conformance/toy.py``) and checks that the
suite reports it. The toy race also shows the suite running a two-player game with
secrets, and the registry's Spacehole entries are checked to cover every Rules option."""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from conformance.suite import (
    GAMES,
    Config,
    Fingerprint,
    PlayoutStats,
    check_playout,
    check_position,
    fingerprint,
    spacehole_secrets,
)
from conformance.toy import Race, race_secrets

import boardgames as bg
from boardgames.core import registry
from boardgames.core.deck import Deck
from boardgames.core.dist import Dist
from boardgames.spacehole.game import Spacehole, SpaceholeState


@pytest.fixture
def race_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.GAMES, "race", ("conformance.toy", "Race"))
    yield


def _make(cls: type[bg.Game]):  # type: ignore[no-untyped-def]
    return lambda seed, auto: cls(seed=seed, auto_roll=auto)


def _fails(
    cls: type[bg.Game],
    match: str,
    *,
    seeds: range = range(6),
    auto_roll: bool | None = None,
    secrets: Any = spacehole_secrets,
) -> None:
    """Some playout of ``cls`` over ``seeds`` fails with a message matching ``match``."""
    modes = (True, False) if auto_roll is None else (auto_roll,)
    messages = []
    for auto in modes:
        for seed in seeds:
            try:
                check_playout(_make(cls), seed, auto_roll=auto, secrets=secrets, json_every=1)
            except AssertionError as e:
                messages.append(str(e))
    assert messages, f"the suite found nothing wrong with {cls.__name__}"
    assert any(__import__("re").search(match, m) for m in messages), messages


# ------------------------------------------------------------------------ it passes
def test_suite_passes_a_working_spacehole_game() -> None:
    rolled = 0
    for seed in (3, 4, 5, 6):
        stats = PlayoutStats()
        g = check_playout(
            _make(Spacehole),
            seed,
            auto_roll=False,
            secrets=spacehole_secrets,
            json_every=1,
            stats=stats,
        )
        assert g.is_over
        assert stats.steps == len(g.history) > 0
        assert stats.actions + stats.chance == stats.steps
        assert stats.json_checks == len(g.history) + 1
        assert stats.undo_steps == len(g.history)
        rolled += stats.rolled
    assert rolled > 0  # some chance nodes were drawn with roll(), the others forced


def test_suite_passes_the_two_player_toy_race(race_registered: None) -> None:
    for seed in range(20):
        for auto in (True, False):
            g = check_playout(_make(Race), seed, auto_roll=auto, secrets=race_secrets, json_every=1)
            assert g.is_over and g.winner in (0, 1)


# ------------------------------------------------------------------------ it fails
def test_unsorted_legal_actions_are_caught() -> None:
    class Unsorted(Spacehole):
        def legal_actions(self):  # type: ignore[no-untyped-def]
            return tuple(reversed(super().legal_actions()))

    _fails(Unsorted, "not sorted")


def test_duplicate_legal_actions_are_caught() -> None:
    class Dup(Spacehole):
        def legal_actions(self):  # type: ignore[no-untyped-def]
            la = super().legal_actions()
            return (la[0], *la) if la else la

    _fails(Dup, "duplicate legal actions")


def test_a_player_with_no_legal_action_is_caught() -> None:
    class Stuck(Spacehole):
        def legal_actions(self):  # type: ignore[no-untyped-def]
            return ()

    _fails(Stuck, "no legal action")


def test_notation_that_does_not_round_trip_is_caught() -> None:
    class BadParse(Spacehole):
        def parse(self, text):  # type: ignore[no-untyped-def]
            return bg.spacehole.Move("pass")

    _fails(BadParse, r"game\.parse")


def test_a_state_copy_sharing_a_mutable_object_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Deck, "copy", lambda self: self)  # every copy shares the deck
    _fails(Spacehole, "changed the original|undo|differs")


def test_a_state_copy_that_is_the_same_object_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SpaceholeState, "copy", lambda self: self)  # steps change it in place
    _fails(Spacehole, "changed the original|undo|differs")


def test_the_fingerprint_ignores_private_cache_slots() -> None:
    g = Spacehole(seed=1, auto_roll=False)
    before = fingerprint(g)
    g.chance_outcomes()  # may fill a memo inside the state (Deck._outcomes)
    assert fingerprint(g) == before


def test_a_fork_sharing_its_history_is_caught() -> None:
    class SharedHistory(Spacehole):
        def fork(self):  # type: ignore[no-untyped-def]
            g = super().fork()
            g._hist = self._hist
            return g

    _fails(SharedHistory, "changed the original")


def test_chance_probabilities_not_summing_to_one_are_caught() -> None:
    class Half(Spacehole):
        def chance_outcomes(self) -> Dist:
            d = super().chance_outcomes()
            return Dist._trusted({o: Fraction(1, 2) for o in d})

    _fails(Half, "sum to", auto_roll=False)


def test_a_zero_or_float_probability_is_caught() -> None:
    class Floaty(Spacehole):
        def chance_outcomes(self) -> Dist:
            d = super().chance_outcomes()
            out = object.__new__(Dist)
            out._p = {o: float(p) for o, p in d.items()}  # type: ignore[attr-defined]
            return out

    _fails(Floaty, r"P\(", auto_roll=False)


def test_an_auto_roll_game_stopping_at_a_chance_node_is_caught() -> None:
    class Lazy(Spacehole):
        def _settle(self) -> None:
            pass

    _fails(Lazy, "stopped at a chance node", auto_roll=True)


def test_a_spectator_view_with_the_hand_is_caught() -> None:
    class Leaky(Spacehole):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["cards"] = list(s.hand)
            return v

    _fails(Leaky, "spectator view holds the hand")


def test_a_view_listing_the_unknown_deck_is_caught() -> None:
    class DeckLeak(Spacehole):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["next"] = [n for n, k in sorted(s.deck.counts.items()) for _ in range(k)]
            return v

    _fails(DeckLeak, "unknown cards of the deck")


def test_a_view_with_the_seed_is_caught() -> None:
    class SeedLeak(Spacehole):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["rng"] = {"seed": 1}
            return v

    _fails(SeedLeak, "holds the seed", seeds=range(1))


def test_a_view_with_the_seed_value_is_caught() -> None:
    class SeedValue(Spacehole):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["salt"] = self.seed
            return v

    with pytest.raises(AssertionError, match="holds the seed value"):
        check_position(SeedValue(seed=2**40 + 5))


def test_a_view_with_a_tuple_is_caught() -> None:
    class Tuple(Spacehole):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["pair"] = (1, 2)
            return v

    _fails(Tuple, "not strict JSON", seeds=range(1))


def test_a_view_with_a_set_is_caught() -> None:
    class SetView(Spacehole):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["names"] = {"a"}
            return v

    _fails(SetView, "not JSON-serialisable", seeds=range(1))


def test_the_toy_race_leaking_a_bonus_is_caught(race_registered: None) -> None:
    class Peek(Race):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            v["bonus"] = list(s.bonus)
            return v

    _fails(Peek, r"shows player \d's bonus", secrets=race_secrets)


def test_broken_invariants_are_caught() -> None:
    class Broken(Spacehole):
        def invariants(self) -> list[str]:
            return ["cards not conserved"] if self.turn >= 3 else []

    _fails(Broken, "broken invariants")


def test_a_lossy_json_save_is_caught() -> None:
    class Lossy(Spacehole):
        def to_json(self, indent: int | None = None) -> str:
            import json

            doc = json.loads(super().to_json(indent))
            doc["steps"] = doc["steps"][:-1]
            return json.dumps(doc)

    _fails(Lossy, "from_json", seeds=range(2))


def test_an_undo_that_stops_between_chance_steps_is_caught() -> None:
    class OneStep(Spacehole):
        def undo(self):  # type: ignore[no-untyped-def]
            self._pop(1)
            return self

    _fails(OneStep, "undo", auto_roll=True)


def test_an_undo_that_keeps_the_log_is_caught() -> None:
    class KeepLog(Spacehole):
        def _pop(self, n):  # type: ignore[no-untyped-def]
            log = list(self._log)
            super()._pop(n)
            self._log[:] = log

    _fails(KeepLog, "undo")


def test_a_redo_that_loses_log_lines_is_caught() -> None:
    class Forgetful(Spacehole):
        def redo(self):  # type: ignore[no-untyped-def]
            super().redo()
            if self._log:
                self._log.pop()
            return self

    _fails(Forgetful, "redo")


def test_an_unseeded_rng_is_caught() -> None:
    class Unseeded(Spacehole):
        def _roll_once(self):  # type: ignore[no-untyped-def]
            outcomes, weights = self._chance(self._s)
            o = random.SystemRandom().choices(outcomes, weights)[0]
            self._step(-1, o)
            return o

    _fails(Unseeded, "replay", auto_roll=True)


def test_accepting_moves_after_the_end_is_caught() -> None:
    class Endless(Spacehole):
        def apply(self, x):  # type: ignore[no-untyped-def]
            if self.is_over:
                return self
            return super().apply(x)

    _fails(Endless, "after the end", seeds=range(1))


# ------------------------------------------------------------------------ helpers
def test_fingerprint_sees_a_change_deep_inside_the_state() -> None:
    g = Spacehole(seed=1)
    before = fingerprint(g)
    assert fingerprint(g) == before
    g.state.deck.counts[next(iter(g.state.deck.counts))] += 1  # a change no __eq__ sees
    assert fingerprint(g) != before


def test_fingerprint_ignores_dict_order_only() -> None:
    g = Spacehole(seed=1)
    before = fingerprint(g)
    counts = g.state.deck.counts
    reordered = dict(reversed(list(counts.items())))
    counts.clear()
    counts.update(reordered)
    after = Fingerprint(g)
    assert after.blob != before.blob and after == before


def test_check_position_returns_the_chance_distribution() -> None:
    g = Spacehole(seed=4, auto_roll=False)
    d = check_position(g, spacehole_secrets)
    assert d == g.chance_outcomes() and sum(d.values()) == 1
    g.auto_roll = True
    assert check_position(g, spacehole_secrets) is None


# ------------------------------------------------------------------------ registry
def test_registry_entries_are_well_formed() -> None:
    assert GAMES, "no game registered"
    for name, configs in GAMES.items():
        ids = [c.id for c in configs]
        assert len(set(ids)) == len(ids), f"{name}: duplicate ids {ids}"
        for c in configs:
            assert isinstance(c, Config) and c.seeds >= 1 and 0 <= c.full_json_seeds <= c.seeds
            for auto in (True, False):
                g = c.factory(0, auto)
                assert g.name == name and g.auto_roll is auto and g.seed == 0


def test_registry_spacehole_plays_300_seeds_per_variant() -> None:
    by_id = {c.id: c for c in GAMES["spacehole"]}
    for v in ("classic", "babylon5"):
        assert by_id[v].seeds >= 300
        assert by_id[v].factory(0, True).options["variant"] == v
        assert by_id[v].factory(0, True).rules == bg.spacehole.Rules()


def _choices(hint: Any) -> list[Any] | None:
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    if hint is bool:
        return [False, True]
    return None


def test_registry_spacehole_sweeps_every_rules_option_value() -> None:
    """Every value of every Literal/bool field of Spacehole's Rules, and a non-default
    base_hits, is played by some registry entry (a new option fails this test)."""
    rules = bg.spacehole.Rules
    hints = typing.get_type_hints(rules)
    played = [c.factory(0, True).rules for c in GAMES["spacehole"]]
    for f in dataclasses.fields(rules):
        values = {getattr(r, f.name) for r in played}
        choices = _choices(hints[f.name])
        if choices is None:
            assert len(values) >= 2, f"Rules.{f.name}: only {values} played"
        else:
            assert set(choices) <= values, f"Rules.{f.name}: {set(choices) - values} not played"
    assert 5 in {r.base_hits for r in played}


# ------------------------------------------------------- views shared by every viewer
def _one_viewer(change: Any) -> type[bg.Game]:
    """Intergalactic (every viewer sees one view) with ``change(view)`` applied to the
    view of the last player only: the suite must not take it for the views before it."""
    from boardgames.intergalactic import Intergalactic

    class OneViewer(Intergalactic):
        def _view(self, s, player):  # type: ignore[no-untyped-def]
            v = super()._view(s, player)
            if player == self.players - 1:
                change(v)
            return v

    return OneViewer


@pytest.mark.parametrize(("change", "match"), [
    (lambda v: v.update(order=tuple(v["order"])), "not strict JSON"),
    (lambda v: v.update(active=Fraction(1)), "not JSON-serialisable"),
    (lambda v: v.update(active=float("nan")), "not JSON-serialisable"),
    (lambda v: v.update(extra={"seed": 3}), "holds the seed"),
    (lambda v: v.update(extra=2**40 + 5), "holds the seed value"),
])
def test_a_view_wrong_for_one_viewer_only_is_caught(change: Any, match: str) -> None:
    g = _one_viewer(change)(players=3, seed=2**40 + 5)
    with pytest.raises(AssertionError, match=match):
        check_position(g)


def test_views_equal_but_for_the_viewer_pass() -> None:
    g = bg.Intergalactic(players=4, seed=2**40 + 5)
    assert check_position(g) is None
    assert check_position(_one_viewer(lambda v: v.update(active=v["active"]))(
        players=3, seed=1)) is None


# ------------------------------------------------------------------ light positions
def test_light_positions_skip_the_views_but_not_the_protocol() -> None:
    Bad = _one_viewer(lambda v: v.update(order=tuple(v["order"])))
    g = Bad(players=3, seed=1)
    check_position(g, light=True)  # the views are not looked at
    with pytest.raises(AssertionError, match="not strict JSON"):
        check_playout(lambda s, a: Bad(players=3, seed=s, auto_roll=a), 1, full_every=50)

    class Broken(Spacehole):
        def invariants(self) -> list[str]:
            return ["broken on purpose"]

    with pytest.raises(AssertionError, match="broken on purpose"):
        check_position(Broken(seed=1), light=True)


def test_full_every_n_checks_the_views_every_nth_position() -> None:
    from boardgames.intergalactic import Intergalactic, Rules

    seen: list[int] = []

    class Counting(Intergalactic):
        def view(self, player=None):  # type: ignore[no-untyped-def]
            if player is None:
                seen.append(len(self.history))
            return super().view(player)

    def make(seed: int, auto: bool) -> bg.Game:
        return Counting(players=2, seed=seed, auto_roll=auto, rules=Rules(turns_per_stage=3))

    stats = PlayoutStats()
    g = check_playout(make, 3, full_every=10, json_every=1000, undo_walk=False, stats=stats)
    # every 10th position of the playout (a position per step count), then the end
    assert g.is_over and stats.actions > 50
    assert (stats.actions + 9) // 10 <= len(set(seen)) <= (stats.actions + 9) // 10 + 1
    assert len(seen) < stats.actions // 2


def test_outcomes_are_picked_and_summed_exactly() -> None:
    from conformance.suite import _exact_sum, _pick_outcome

    def reference(rng: random.Random, d: Dist) -> Any:  # the plain Fraction version
        u = Fraction(rng.getrandbits(64), 1 << 64)
        acc = Fraction(0)
        for o, p in d.items():
            acc += p
            if u < acc:
                return o
        raise AssertionError

    for trial in range(200):
        r = random.Random(trial)
        n = r.randint(1, 30)
        d = Dist.from_weights(zip(range(n), [r.randint(1, 50) for _ in range(n)], strict=True))
        a, b = random.Random(trial), random.Random(trial)
        assert [_pick_outcome(a, d) for _ in range(20)] == [reference(b, d) for _ in range(20)]
        num, den = _exact_sum(list(d.values()))
        assert Fraction(num, den) == sum(d.values(), Fraction(0)) == 1
    assert _exact_sum([Fraction(1, 3), Fraction(1, 6)]) == (3, 6)
