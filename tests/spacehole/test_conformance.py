"""Spacehole conformance beyond the registry sweep.

The seeded random playouts of both variants and of every Rules option value are in
``tests/conformance/test_playouts.py`` (driven by ``conformance.suite.GAMES``). Here:
large seeds (so the suite can spot the seed's value in a view), playouts from mid-game
scenarios, the hidden-information checker itself, positions where the player has seen
the top of the deck, and determinism across processes (hash randomisation)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections import Counter
from typing import Any

import pytest
from conformance.suite import check_playout, check_position, spacehole_secrets

import boardgames as bg
from boardgames.spacehole import Rules, Spacehole

BIG_SEEDS = [2**40 + 1, 2**63 - 25, 2**64 - 1]


@pytest.mark.parametrize("variant", ["classic", "babylon5"])
@pytest.mark.parametrize("seed", BIG_SEEDS)
@pytest.mark.parametrize("auto", [True, False], ids=["auto", "manual"])
def test_playouts_with_large_seeds(variant: str, seed: int, auto: bool) -> None:
    def make(s: int, a: bool) -> bg.Game:
        return Spacehole(seed=s, variant=variant, auto_roll=a)

    g = check_playout(make, seed, auto_roll=auto, secrets=spacehole_secrets)
    assert g.seed == seed and g.is_over


SCENARIOS: dict[str, dict[str, Any]] = {
    "late-game-fortress": dict(
        structures=[
            "Solar Array",
            "Solar Array",
            "Mine",
            "Mine",
            "Refinery",
            "Agrodome",
            "Colony",
            "Research Labs",
            "Command Center",
            "Force Dome",
            "Laser Turret",
        ],
        defenders=["Space Navy", "Space Rangers", "Alien Artifact", "Space Hero"],
        hand=["Starport", "Space Scouts"],
        megacredits=40,
        turn=30,
        phase="karma",
        damage={"Space Navy": 2},
        base_damage=4,
    ),
    "battle-with-the-warstar": dict(
        defenders=["Space Marines", "Star Fighters"],
        structures=["Force Dome", "Laser Turret"],
        phase="event",
        event="The Warstar",
    ),
    "rangers-at-the-end-of-a-turn": dict(
        defenders=["Space Rangers", "Space Scouts"], phase="end", turn=5
    ),
    "short-known-deck": dict(
        deck=["Space Pirates", "Mine", "Solar Flare", "Space Marines", "Supernova"],
        defenders=["Space Knights"],
        hand=["Mine"],
        phase="karma",
    ),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("auto", [True, False], ids=["auto", "manual"])
def test_playouts_from_scenarios(name: str, seed: int, auto: bool) -> None:
    spec = SCENARIOS[name]
    rules = Rules(power_choice="manual") if seed % 2 else Rules()

    def make(s: int, a: bool) -> bg.Game:
        return Spacehole.scenario(seed=s, auto_roll=a, rules=rules, **spec)

    g = check_playout(
        make,
        seed,
        auto_roll=auto,
        secrets=spacehole_secrets,
        json_every=1 if seed == 0 and auto else 16,
    )
    assert g.is_over


# ------------------------------------------------------------------ the secrets checker
def peeked() -> Spacehole:
    """A position where the player has seen the next cards of the deck (Space Rangers)."""
    g = Spacehole.scenario(
        phase="end", defenders=["Space Rangers", "Space Scouts"], seed=9, auto_roll=False
    )
    g.apply("peek Space Rangers").apply(3)
    for card in ("Mine", "Colony", "Agrodome"):
        g.apply(card)
    assert len(g.state.deck.known) == 3 and g.turn == 1
    return g


def test_the_player_sees_the_cards_seen_in_the_deck_and_the_spectator_does_not() -> None:
    g = peeked()
    known = list(g.state.deck.known)
    assert g.view(0)["known_top"] == known
    spectator = g.view(None)
    assert "known_top" not in spectator and "hand" not in spectator
    assert spectator["deck_size"] == len(g.state.deck)
    check_position(g, spacehole_secrets, json_check=True)


def test_the_known_cards_are_then_drawn_in_order_without_chance_nodes() -> None:
    g = peeked()
    known = list(g.state.deck.known)
    g.auto_roll = True
    drawn = []
    while len(drawn) < 3 and not g.is_over:
        n = len(g.log)
        g.apply(g.legal_actions()[0])
        drawn += [line for line in g.log[n:] if " drew " in line]
    assert len(drawn) == 3, drawn
    for card, line in zip(known, drawn, strict=True):
        assert line.endswith(f" {card}") or f" {card} into hand" in line, (card, line)


def test_spacehole_secrets_accepts_real_views_and_flags_leaks() -> None:
    g = peeked()
    g.state.hand = (*g.state.hand, "Mine", "Solar Array")  # a hand to leak (this game only)
    assert spacehole_secrets(g, None, g.view(None)) == []
    assert spacehole_secrets(g, 0, g.view(0)) == []
    spectator = g.view(None)
    for leak, what in [
        ({"hand": list(g.state.hand)}, "spectator view has 'hand'"),
        ({"known_top": list(g.state.deck.known)}, "spectator view has 'known_top'"),
        ({"extra": {"cards": sorted(g.state.hand)}}, "holds the hand as a list"),
        ({"seen": list(g.state.deck.known)}, "known top of the deck"),
        ({"deck": 3}, "view has key 'deck'"),
        (
            {"x": [n for n, k in g.state.deck.counts.items() for _ in range(k)]},
            "unknown cards of the deck",
        ),
    ]:
        found = spacehole_secrets(g, None, {**spectator, **leak})
        assert any(what in f for f in found), (leak.keys(), found)
    wrong_hand = {**g.view(0), "hand": []}
    assert any("is not the hand" in f for f in spacehole_secrets(g, 0, wrong_hand))


def test_views_hold_the_deck_size_only() -> None:
    g = Spacehole(seed=3)
    for p in (None, 0):
        v = g.view(p)
        assert v["deck_size"] == len(g.state.deck)
        text = json.dumps(v)
        counts = Counter(g.state.deck.counts)
        # The rarest unknown card names do not appear at all (nothing lists the deck).
        absent = [n for n in counts if n not in g.state.hand and n not in text]
        assert len(absent) >= len(counts) - 5


# ------------------------------------------------------------------ determinism
_TRANSCRIPT = textwrap.dedent(
    """
    import json, random, sys
    import boardgames as bg
    out = []
    for variant in ("classic", "babylon5"):
        for seed in range(12):
            g = bg.Spacehole(seed=seed, variant=variant)
            r = random.Random(seed)
            while not g.is_over:
                g.apply(r.choice(g.legal_actions()))
            out.append([g.to_json(), list(g.log), g.view(0), g.view(None)])
    print(json.dumps(out))
    """
)


def _run(code: str, hashseed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout


def test_same_seed_and_actions_give_the_same_game_in_other_processes() -> None:
    """Hash randomisation (set iteration order) must not leak into the game: saves, logs
    and views of 24 random games are identical under three PYTHONHASHSEEDs."""
    runs = {_run(_TRANSCRIPT, h) for h in ("0", "1", "12345")}
    assert len(runs) == 1
    assert len(json.loads(runs.pop())) == 24


def test_a_scenario_game_saves_to_the_same_text_in_other_processes() -> None:
    code = (
        "import boardgames as bg\n"
        "g = bg.Spacehole.scenario(phase='event', event='Space Pirates', "
        "defenders=['Space Marines'], seed=3)\n"
        "print(g.to_json())\n"
    )
    assert len({_run(code, h) for h in ("0", "1", "2", "3")}) == 1
