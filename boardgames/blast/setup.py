"""The starting position and scenarios: a Blast position set up by hand, checked.

``check_scenario`` validates a scenario spec (``Blast.scenario``'s keywords) and returns
its canonical, JSON-safe form (saved with the game); ``scenario_state`` makes the
position it describes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Final

from ..core.deck import Deck
from ..core.limits import quote, quote_keys
from . import data
from .data import BY_NAME, HOMEWORLDS, SECTORS, SIDES
from .state import BlastState, Board, Stack

__all__ = ["PHASE_STAGE", "check_scenario", "new_state", "scenario_state"]

PHASE_STAGE: Final = {"draw": "turn", "roll": "roll", "build": "build", "move": "jam",
                      "fight": "fights"}
"""The stage of the turn a scenario starts at, per phase."""
KEYS: Final = ("units", "scrap", "hands", "deck", "vortex", "to_move", "phase", "dice", "turn")


def starting_units() -> tuple[Board, Board]:
    """"Each player puts all 15 of his units on his homeworld.\""""
    boards: list[list[Stack]] = [[()] * SECTORS, [()] * SECTORS]
    for p in (0, 1):
        boards[p][HOMEWORLDS[p] - 1] = data.army_forces(SIDES[p])
    return (tuple(boards[0]), tuple(boards[1]))


def new_state() -> BlastState:
    """The position before the cards are dealt: every unit on its homeworld, the whole
    deck to draw from (two copies of each card, ruling 11)."""
    return BlastState(starting_units(), Deck(data.deck_counts()))


def _int(x: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(x, str) and len(x) <= 20 and x.strip().isdigit():
        x = int(x)
    if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
        raise ValueError(f"{what} must be an int in [{lo}, {hi}], not {quote(x)}")
    return x


def _forces(x: Any, what: str) -> list[int]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a list of forces 1..5, not {quote(x)}")
    return sorted((_int(f, what, 1, 5) for f in x), reverse=True)


def _sides_map(x: Any, what: str) -> dict[str, Any]:
    if x is None:
        return {}
    if not isinstance(x, Mapping):
        raise ValueError(f"{what} must map 'terran' / 'empire' to lists, not {quote(x)}")
    bad = [k for k in x if k not in SIDES]
    if bad:
        raise ValueError(f"{what}: unknown side(s) {quote_keys(bad)}; "
                         "sides: 'terran', 'empire'")
    return dict(x)


def _cards(x: Any, what: str) -> list[str] | None:
    return None if x is None else _card_list(x, what)


def _card_list(x: Any, what: str) -> list[str]:
    """``x``, a list of Blast card names, sorted."""
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise ValueError(f"{what} must be a list of card names")
    out = list(x)
    for c in out:
        if not isinstance(c, str) or c not in BY_NAME:
            raise ValueError(f"unknown Blast card {quote(c)} in the {what}")
    return sorted(out)


def _check_units(units_in: Any) -> dict[str, dict[str, list[int]]]:
    """``{"sector": {side: forces}}``, sectors in order (default: every unit home)."""
    if units_in is None:
        return {str(HOMEWORLDS[p]): {SIDES[p]: sorted(data.army_forces(SIDES[p]),
                                                      reverse=True)} for p in (0, 1)}
    if not isinstance(units_in, Mapping):
        raise ValueError("scenario units must map sectors to {'terran': [...], "
                         "'empire': [...]}")
    seen: dict[int, dict[str, list[int]]] = {}
    for k, sides in units_in.items():
        sec = _int(k, "a sector", 1, SECTORS)
        if sec in seen:
            raise ValueError(f"sector {sec} is given twice")
        stack = {side: _forces(f, f"units on sector {sec} ({side})")
                 for side, f in _sides_map(sides, f"units on sector {sec}").items()}
        seen[sec] = {side: stack[side] for side in SIDES if stack.get(side)}
    return {str(sec): seen[sec] for sec in sorted(seen) if seen[sec]}


def _check_armies(units: dict[str, dict[str, list[int]]],
                  scrap: dict[str, list[int]] | None) -> None:
    """Each side has 15 units (ruling 2): the board holds no unit its army lacks, and
    with a scrap heap given, board and scrap together are the whole army."""
    for side in SIDES:
        army = Counter(data.army_forces(side))
        placed = Counter(f for st in units.values() for f in st.get(side, []))
        over = placed - army
        if over:
            raise ValueError(f"the {side} army has no more units of force "
                             f"{sorted(over)} to place (it has one 5, two 4s, three 3s, "
                             "four 2s, five 1s)")
        if scrap is not None and placed + Counter(scrap[side]) != army:
            missing = sorted((army - placed - Counter(scrap[side])).elements())
            extra = sorted((placed + Counter(scrap[side]) - army).elements())
            raise ValueError(f"{side}: units on the board and in the scrap heap must be "
                             f"exactly the 15 units of the army (missing {missing}, "
                             f"extra {extra})")


def _check_hands(hands_in: Any) -> dict[str, list[str]]:
    hm = _sides_map(hands_in, "hands")
    hands = {}
    for side in SIDES:
        hands[side] = _card_list(hm.get(side, []), f"hands[{quote(side)}]")
    return hands


def _check_copies(hands: dict[str, list[str]], deck: list[str] | None,
                  vortex: list[str] | None) -> None:
    """Two copies of each card (ruling 11): 50 cards in all."""
    used = Counter(hands["terran"]) + Counter(hands["empire"]) + Counter(deck or []) \
        + Counter(vortex or [])
    for c, n in used.items():
        if n > data.COPIES:
            raise ValueError(f"the deck has {data.COPIES} {c}, the scenario uses {n}")
    if deck is not None and vortex is not None and sum(used.values()) != 50:
        raise ValueError(f"hands, deck and vortex hold {sum(used.values())} cards, not 50")


def _check_dice(dice_in: Any, phase: str) -> list[int] | None:
    """The two rolled dice (roll, build phases) or the 1 to 4 left (move phase)."""
    if dice_in is None:
        if phase in ("build", "move"):
            raise ValueError(f"give dice=[a, b] for a scenario in the {phase} phase")
        return None
    if isinstance(dice_in, (str, bytes)) or not isinstance(dice_in, Iterable):
        raise ValueError(f"dice must be a list of die values, not {quote(dice_in)}")
    dice = sorted(_int(x, "a die", 1, 6 if phase in ("roll", "build") else 30)
                  for x in dice_in)
    if phase in ("roll", "build") and len(dice) != 2:
        raise ValueError(f"the {phase} phase needs the two rolled dice, not {quote(dice_in)}")
    if phase == "move" and not 1 <= len(dice) <= 4:
        raise ValueError(f"the move phase needs 1 to 4 dice, not {quote(dice_in)}")
    if phase in ("draw", "fight"):
        raise ValueError(f"no dice are rolled yet in the {phase} phase")
    return dice


def check_scenario(spec: Any) -> dict[str, Any]:
    """Validate a scenario and return its canonical, JSON-safe form."""
    if not isinstance(spec, Mapping):
        raise ValueError("scenario must be a dict")
    extra = [k for k in spec if k not in KEYS]
    if extra:
        raise ValueError(f"unknown scenario keys {quote_keys(extra)}; keys: {', '.join(KEYS)}")
    units = _check_units(spec.get("units"))
    scrap_in = spec.get("scrap")
    scrap = None
    if scrap_in is not None:
        sm = _sides_map(scrap_in, "scrap")
        scrap = {side: _forces(sm.get(side, []), f"scrap ({side})") for side in SIDES}
    _check_armies(units, scrap)
    hands = _check_hands(spec.get("hands"))
    deck = _cards(spec.get("deck"), "deck")
    vortex = _cards(spec.get("vortex"), "vortex")
    _check_copies(hands, deck, vortex)
    to_move = spec.get("to_move", "empire")
    if to_move not in SIDES:
        raise ValueError(f"to_move must be 'terran' or 'empire', not {quote(to_move)}")
    phase = spec.get("phase", "draw")
    if phase not in PHASE_STAGE:
        raise ValueError(f"scenario phase must be one of {list(PHASE_STAGE)}, not {quote(phase)}")
    dice = _check_dice(spec.get("dice"), phase)
    if phase != "fight":
        both = [k for k, st in units.items() if len(st) == 2]
        if both:
            raise ValueError(f"sector(s) {both} hold both sides: only possible in the "
                             "fight phase")
    turn = _int(spec.get("turn", 1), "turn", 1, 10**6)
    return {"units": units, "scrap": scrap, "hands": hands, "deck": deck, "vortex": vortex,
            "to_move": to_move, "phase": phase, "dice": dice, "turn": turn}


def _place_units(s: BlastState, sc: dict[str, Any]) -> None:
    """The units on the board, and in the scrap heap (by default every unit not placed)."""
    boards: list[list[Stack]] = [[()] * SECTORS, [()] * SECTORS]
    for k, stack in sc["units"].items():
        for p in (0, 1):
            if SIDES[p] in stack:
                boards[p][int(k) - 1] = tuple(sorted(stack[SIDES[p]]))
    units: tuple[Board, Board] = (tuple(boards[0]), tuple(boards[1]))
    s.units = units
    scrap = []
    for p in (0, 1):
        side = SIDES[p]
        if sc["scrap"] is not None:
            scrap.append(tuple(sorted(sc["scrap"][side])))
        else:
            left = Counter(data.army_forces(side)) - Counter(f for st in boards[p] for f in st)
            scrap.append(tuple(sorted(left.elements())))
    s.scrap = (scrap[0], scrap[1])


def _place_cards(s: BlastState, sc: dict[str, Any]) -> None:
    """The hands, the deck and the vortex: by default the deck holds every card not placed
    elsewhere; with a deck given, the vortex holds the rest."""
    s.hands = (tuple(sc["hands"]["terran"]), tuple(sc["hands"]["empire"]))
    rest = Counter(data.deck_counts()) - Counter(s.hands[0]) - Counter(s.hands[1])
    if sc["deck"] is None:
        rest -= Counter(sc["vortex"] or [])
        s.deck = Deck(+rest)
        s.vortex = tuple(sc["vortex"] or [])
    else:
        s.deck = Deck(Counter(sc["deck"]))
        rest -= Counter(sc["deck"])
        s.vortex = tuple(sorted(rest.elements())) if sc["vortex"] is None \
            else tuple(sc["vortex"])


def scenario_state(sc: dict[str, Any]) -> BlastState:
    """The position of a checked scenario (``check_scenario``), before its automatic
    steps."""
    s = new_state()
    _place_units(s, sc)
    _place_cards(s, sc)
    s.draws = ()
    s.player = SIDES.index(sc["to_move"])
    s.actor = s.player
    s.turn = sc["turn"]
    phase = sc["phase"]
    s.stage = PHASE_STAGE[phase]
    s.phase = phase
    dice = sc["dice"]
    if dice is not None:
        if phase in ("roll", "build"):
            s.faces = (dice[0], dice[1])
            s.dice = ((dice[0], 0, 0), (dice[1], 0, 0))
            if phase == "roll":
                s.stage = "dice"
        else:
            s.faces = ()
            s.dice = tuple((v, 0, 0) for v in dice)
    return s
