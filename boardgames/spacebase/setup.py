"""SETUP: the starting position, and scenarios (any position, for tests and lessons).

"Each player starts with 50 credits. Each player begins with one Outpost card. Players
place their Outpost cards in opposite corners, within 2 spaces of the corner space."
(RULINGS.md Space Base 1: 2 to 4 players, distinct corners, Manhattan distance 2; no
cards in hand unless the option ``starting_hand``.) "Outpost cards are removed from the
deck before play."
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from ..core.deck import Deck
from ..core.limits import quote, quote_keys
from . import data
from .board import Board
from .cells import CELLS, BoardError, Cell, cell_text, manhattan, parse_cell
from .rules import Rules
from .state import SpaceBaseState

__all__ = ["CORNERS", "OUTPOST_REACH", "SCENARIO_KEYS", "START_CREDITS", "check_scenario",
           "new_state", "outpost_cells", "scenario_state"]

START_CREDITS: Final = 50
"""Each player starts with 50 credits."""
OUTPOST_REACH: Final = 2
"""Outposts go within 2 spaces of the corner space."""
CORNERS: Final[tuple[Cell, ...]] = ((0, 0), (9, 9), (9, 0), (0, 9))
"""The corner of each player (2 players: opposite corners)."""
OUTPOSTS: Final = data.CARDS["Outpost"].count
SCENARIO_KEYS: Final = ("sites", "damage", "hands", "credits", "deck", "discard", "phase",
                        "current_player", "turn")
SCENARIO_PHASES: Final = ("setup", "transfer", "repair", "meteor", "production", "control",
                          "draw", "build")


def outpost_cells(player: int) -> list[Cell]:
    """The cells where ``player`` may place the Outpost: within 2 spaces of the corner."""
    return [c for c in CELLS if manhattan(c, CORNERS[player]) <= OUTPOST_REACH]


def new_state(players: int, rules: Rules) -> SpaceBaseState:
    """The start: an empty map, 50 credits and no cards each, the deck without the
    Outposts, each player's Outpost still to place (phase ``setup``)."""
    s = SpaceBaseState(Board(volcano_adjacency=rules.volcano_adjacency).freeze(),
                       hands=((),) * players, credits=(START_CREDITS,) * players,
                       deck=Deck(data.deck_counts()))
    s.box = OUTPOSTS
    return s


# ---------------------------------------------------------------------- scenarios
def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"scenario {what} must be an int in [{lo}, {hi}], not {quote(v)}")
    return v


def _name(v: Any, what: str) -> str:
    try:
        return data.card(v).name
    except ValueError as e:
        raise ValueError(f"scenario {what}: {e}") from None


def _rows(spec: dict[str, Any], key: str, what: str, form: str) -> list[Any]:
    """The rows of ``spec[key]``, each checked to have the fields of ``form``."""
    rows = spec.get(key) or []
    for row in rows:
        if not isinstance(row, list | tuple) or len(row) != form.count(",") + 1:
            raise ValueError(f"scenario {what} {quote(row)} must be {form}")
    return list(rows)


def _check_sites(spec: dict[str, Any], players: int) -> list[list[Any]]:
    sites = []
    for x, y, name, owner in _rows(spec, "sites", "site", "(x, y, name, owner)"):
        c = parse_cell((x, y))
        name = _name(name, "site")
        if not data.is_site(name):
            raise ValueError(f"scenario site {quote(name)} at {cell_text(c)} is an action card")
        _int(owner, f"owner of the site at {cell_text(c)}", 0, players - 1)
        sites.append([c[0], c[1], name, owner])
    cells = [(r[0], r[1]) for r in sites]
    if len(set(cells)) != len(cells):
        raise ValueError("scenario sites: one site card per space")
    return sorted(sites)


def _check_damage(spec: dict[str, Any]) -> list[list[Any]]:
    out = []
    for row in _rows(spec, "damage", "damage", "(x, y, points)"):
        c = parse_cell((row[0], row[1]))
        out.append([c[0], c[1], _int(row[2], f"damage at {cell_text(c)}", 1, 10**6)])
    return sorted(out)


def _per_player(spec: dict[str, Any], key: str, players: int, default: Any,
                what: str) -> list[Any]:
    value = spec.get(key)
    if value is None:
        value = [default() for _ in range(players)]
    if not isinstance(value, list | tuple) or len(value) != players:
        raise ValueError(f"scenario {key} must be {what} per player ({players})")
    return list(value)


def _check_deck(deck: Any) -> Any:
    if isinstance(deck, dict):
        return {_name(k, "deck"): _int(v, "deck count", 0, 200)
                for k, v in sorted(deck.items())}
    if deck is None:
        return None
    if not isinstance(deck, list | tuple):
        raise ValueError("scenario deck must be None, a list of cards or {name: count}")
    return [_name(c, "deck") for c in deck]


def _check_discard(spec: dict[str, Any]) -> list[list[Any]]:
    pile: dict[str, int] = {}
    for row in _rows(spec, "discard", "discard entry", "(name, count)"):
        k = _name(row[0], "discard")
        pile[k] = pile.get(k, 0) + _int(row[1], "discard count", 0, 200)
    return sorted([k, v] for k, v in pile.items() if v)


def check_scenario(spec: Any, players: int, rules: Rules) -> dict[str, Any]:
    """The scenario set-up, validated and normalised (JSON-safe, keys in a fixed order);
    ``ValueError`` naming what is wrong."""
    if not isinstance(spec, dict):
        raise ValueError("scenario must be a dict")
    extra = [k for k in spec if k not in SCENARIO_KEYS]
    if extra:
        raise ValueError(f"unknown scenario keys {quote_keys(extra)}")
    out: dict[str, Any] = {"sites": _check_sites(spec, players), "damage": _check_damage(spec)}
    hands = _per_player(spec, "hands", players, list, "one list of cards")
    out["hands"] = [sorted(_name(c, "hand") for c in h) for h in hands]
    credits = _per_player(spec, "credits", players, lambda: START_CREDITS, "one number")
    out["credits"] = [_int(c, "credits", 0, 10**9) for c in credits]
    out["deck"] = _check_deck(spec.get("deck"))
    out["discard"] = _check_discard(spec)
    phase = spec.get("phase", "transfer")
    if phase not in SCENARIO_PHASES:
        raise ValueError(f"scenario phase must be one of {list(SCENARIO_PHASES)}, "
                         f"not {quote(phase)}")
    out["phase"] = phase
    out["current_player"] = _int(spec.get("current_player", 0), "current_player", 0,
                                 players - 1)
    out["turn"] = _int(spec.get("turn", 1), "turn", 1, 10**6)
    scenario_state(out, players, rules)  # a trial run: impossible set-ups raise here
    return out


def _scenario_board(spec: dict[str, Any], rules: Rules) -> Board:
    b = Board(volcano_adjacency=rules.volcano_adjacency)
    try:
        for x, y, name, owner in spec["sites"]:
            b.place(name, (x, y), owner)
        for x, y, pts in spec["damage"]:
            b.damage((x, y), pts)
    except BoardError as e:
        raise ValueError(f"scenario: {e}") from None
    return b.freeze()


_NO_OUTPOSTS: Final = ("Outposts are removed from the deck before play and only start on the "
                       "map")


def _scenario_deck(spec: dict[str, Any]) -> Deck | None:
    if isinstance(spec["deck"], dict):
        return Deck(spec["deck"])
    if spec["deck"] is not None:
        return Deck({}, spec["deck"])
    return None


def _check_counts(board: Board, hands: list[tuple[str, ...]], discard: dict[str, int],
                  deck: Deck | None) -> Counter[str]:
    """Every card the scenario uses, checked against the card list."""
    if any(c == "Outpost" for h in hands for c in h):
        raise ValueError(f"scenario hands: {_NO_OUTPOSTS}")
    on_map = Counter(board.names().values())
    used = on_map + Counter(c for h in hands for c in h) + Counter(discard)
    if deck is not None:
        used += Counter(deck.all_cards())
    if used["Outpost"] != on_map["Outpost"]:
        raise ValueError(f"scenario: {_NO_OUTPOSTS}")
    for c, k in used.items():
        if k > data.CARDS[c].count:
            raise ValueError(f"scenario: the game has {data.CARDS[c].count} {c}, "
                             f"the scenario uses {k}")
    return used


def scenario_state(spec: dict[str, Any], players: int, rules: Rules) -> SpaceBaseState:
    """The position a checked scenario describes (``ValueError`` if it is impossible)."""
    board = _scenario_board(spec, rules)
    hands = [tuple(h) for h in spec["hands"]]
    discard = dict(spec["discard"])
    deck = _scenario_deck(spec)
    used = _check_counts(board, hands, discard, deck)
    if deck is None:
        deck = Deck(Counter(data.deck_counts()) - used)
    if len(deck) == 0:
        raise ValueError("scenario: the deck is empty (the game ends with the last draw)")
    box = OUTPOSTS - used["Outpost"]
    phase, p = spec["phase"], spec["current_player"]
    if phase == "setup" and box < players - p:
        raise ValueError(f"scenario: {players - p} players still place an Outpost, "
                         f"{box} Outposts are left")
    s = SpaceBaseState(board, tuple(hands), tuple(spec["credits"]), deck)
    s.discard, s.box, s.player, s.phase = discard, box, p, phase
    s.turn = 0 if phase == "setup" else spec["turn"]
    s.chance = ("meteor",) if phase == "meteor" else None
    s.dealt = rules.starting_hand * players if phase == "setup" else 0
    return s
