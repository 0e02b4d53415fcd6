"""The Blast board: ``bg.Blast(...).widget(player=0, opponents={1: GreedyAgent()})``
(browser half: ``widgets/blast.js`` and ``widgets/blast.css``).

The browser draws the circular 28-sector track from the view (planets, both sides' force
chips, control, scrap heaps, deck and vortex) and places every legal action on what it
acts on: a unit chip is selected with a first click (kept in the browser), then each
highlighted destination sector carries the move's notation (``move 12:3 by 4``; with a
move card in play ``move 12:3 back 4`` (Space Combat Tactics) and ``move 12 by 4``
(Strategic Move); ``play Defend the Homeworld on 12:3``); a card in hand plays (``play
Space Combat Tactics``) or discards it; a die
is the target of the dice card selected; the opponent's unit is the target of Jam
Transmission; the prompt has the fight order, ``keep N``, ``rebuild N``, ``done`` and
``pass``.

Besides the common board it publishes in ``extra``: ``targets`` (for each legal move
action of this board's player: the unit it moves and the sector it lands on),
``fight`` (the exact odds of the fight in progress with the cards played so far, and of
every fight still to come), ``card_odds`` (in this board's player's attack or defence
window: the odds after playing each fight card it holds, from its own hand only) and
``reach`` (for every occupied sector of each side: the exact probability that a unit
there can land on each sector with a fresh 2D6, the "shot" count, drawn on the track
for a selected unit).

Hidden information: a view holds only its player's hand (and the other hand in the
turn that player played Espionage). A draw's chance outcomes would tell the cards left
in the deck, and so the other hand: no board lists them, and with ``auto_roll`` off a
player's board draws with the game's seeded roll (the "roll" control). A draw in the
history names the card only on the board of the player who drew it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..blast import data
from ..blast.board import dest
from ..blast.legal import EXPECTED, RULE
from ..blast.odds import fight_odds, plain_reach_counts
from ..blast.state import SIDE_TITLE
from ..core.game import CHANCE, Game, Step
from .board import Board, _frac, dist_rows

__all__ = ["BOARD", "GLOSSARY", "RULE_ANCHORS", "BlastBoard", "move_targets", "reach_table"]

_KIND = {"Space Combat Tactics": "back", "Strategic Move": "stack",
         "Defend the Homeworld": "home", "Jam Transmission": "jam"}


_CARD_KIND = {"dice": "Dice card, Roll Phase", "move": "Move card, Move Phase",
              "attack": "Attack card, Fight Phase", "defence": "Defence card, Fight Phase",
              "other": "Card"}


def _glossary() -> dict[str, str]:
    out = {c.name: f"{_CARD_KIND.get(c.kind, c.kind.capitalize())}: {c.note}"
           for c in data.CARDS}
    for side, units in data.ARMIES.items():
        for u in units:
            out[f"{side} unit {u.force}"] = (f"{u.name}, force {u.force} ({u.count} in the "
                                             f"army): {u.note}")
    return out


GLOSSARY: dict[str, str] = _glossary()
"""What each card does (``{name: "<kind>: <its text>"}``) and who each unit is
(``"<side> unit <force>"``), from the card and unit lists (``blast.data``)."""

RULE_ANCHORS: dict[str, str] = {
    **{c.name: f"card-{c.kind}" for c in data.CARDS},
    **{f"{side} unit {u.force}": "units" for side, units in data.ARMIES.items() for u in units}}
"""Where each name of the glossary has its rule in docs/rules/blast.md: a card's kind
(``card-dice``, ``card-attack`` ...), the units' paragraph (``units``)."""


def move_targets(game: Game, actions: Any) -> dict[str, dict[str, Any]]:
    """For each action among ``actions`` that moves or pins a unit: ``{"unit":
    "12:3"`` (or ``"12"`` for a whole stack) ``, "to": landing sector or None, "kind":
    "move" | "back" | "stack" | "home" | "jam", "side": the side of the unit}``."""
    s = game.state
    mover = s.player
    direction = data.DIRECTIONS[mover]
    out: dict[str, dict[str, Any]] = {}
    for a in actions:
        if a.verb == "move":  # forward; backwards or a whole stack with its card in play
            kind = _KIND.get(a.card, "move")
            unit = f"{a.sector}" if kind == "stack" else f"{a.sector}:{a.force}"
            out[a.text] = {"unit": unit, "kind": kind, "side": data.SIDES[mover],
                           "to": dest(a.sector, a.die, -direction if kind == "back"
                                      else direction)}
        elif a.verb == "play" and a.card in _KIND and a.sector:
            kind = _KIND[a.card]
            to = data.HOMEWORLDS[mover] if kind == "home" else None
            out[a.text] = {"unit": f"{a.sector}:{a.force}", "kind": kind, "to": to,
                           "side": data.SIDES[mover]}
    return out


def reach_table(units: tuple[tuple[tuple[int, ...], ...], ...]) -> dict[str, dict[str, Any]]:
    """``{side: {sector: [28 probabilities]}}``: for every sector holding units of a side,
    the exact probability that one of them can land on each sector (index ``sector - 1``;
    ``None`` for its own) with a fresh 2D6, stopping on enemy units, no cards. A quick
    map for the board's hover: it counts each unit's reach alone, so where ruling 7's
    ``use_dice="maximum"`` forbids an order that strands a die (a lone unit, fewer
    movable units than dice) ``bg.blast.reach_odds`` -- which searches the engine's legal
    moves -- can be lower. Public: it reads only the track. (Remembered for the last
    positions: the units change only when something moves.)"""
    table = _reach_table(units)
    return {side: dict(rows) for side, rows in table.items()}


@lru_cache(maxsize=64)
def _reach_table(units: tuple[tuple[tuple[int, ...], ...], ...]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for p, side in enumerate(data.SIDES):
        direction = data.DIRECTIONS[p]
        own, opp = units[p], units[1 - p]
        enemy = [i + 1 for i in range(data.SECTORS) if opp[i]]
        rows: dict[str, Any] = {}
        for i in range(data.SECTORS):
            if not own[i]:
                continue
            x = i + 1
            counts = plain_reach_counts(((e - x) * direction) % data.SECTORS for e in enemy)
            row: list[float | None] = []
            for y in range(1, data.SECTORS + 1):
                k = ((y - x) * direction) % data.SECTORS
                row.append(None if k == 0 else round(counts[k] / 36, 4))
            rows[str(x)] = row
        out[side] = rows
    return out


class BlastBoard(Board):
    """The board of a Blast game, seen by one side (or a spectator)."""

    asset_name = "blast"
    battles = True
    extra_static = ("reach",)  # changes only when a unit moves

    def _seat_label(self, player: int) -> str:
        return f"the {('Terrans', 'Empire')[player]} (player {player})"

    def _illegal_reason(self, game: Game, action: str) -> tuple[str, str] | None:
        """A card that needs a target is clicked as ``play <card>`` (no target): refused
        with what the game is waiting for instead of a notation error."""
        refused = super()._illegal_reason(game, action)
        card = action.removeprefix("play ")
        if refused is None or refused[0] != "notation" or card not in data.BY_NAME:
            return refused
        s = game.state
        pending = s.pending or ""
        return (RULE.get(pending, "legal actions"),
                f"{card} has no target it can be played on now: {SIDE_TITLE[s.actor]} "
                f"must choose {EXPECTED.get(pending, 'nothing')}")

    # ------------------------------------------------------------------ secrets
    def _chance_is_public(self, game: Game) -> bool:
        chance = game.state.chance
        return chance is None or chance[0] != "draw"

    def _public_step(self, index: int, step: Step) -> str:
        if step.player != CHANCE or not isinstance(step.value, str):
            return step.text
        if self.player is not None and _drawer(self.game, index) == self.player:
            return f"drew {step.text}"
        return "a card"

    def _hidden_now(self, game: Game) -> bool:
        """The other hand (unless this player sees it through Espionage now), or a
        scenario's hand of the other side."""
        s = game.state
        p = self.player
        if any(s.hands[q] for q in range(2) if q != p and (p is None or s.spy != p)):
            return True
        hands = (game.options.get("scenario") or {}).get("hands") or {}
        return any(cards for side, cards in hands.items()
                   if p is None or data.SIDES.index(side) != p)

    def _secret_step(self, game: Game, index: int, step: Step) -> bool:
        """A card drawn by the other side (every draw, for a spectator)."""
        return step.player == CHANCE and isinstance(step.value, str) \
            and (self.player is None or _drawer(game, index) != self.player)

    # ------------------------------------------------------------------ extra
    def _extra(self, game: Game, live: bool) -> dict[str, Any]:
        s = game.state
        p = self.player
        out: dict[str, Any] = {
            "directions": {side: data.DIRECTIONS[i] for i, side in enumerate(data.SIDES)},
            "targets": {},
            "fight": _fight_odds(game),
            "card_odds": [],
            "reach": reach_table(s.units),
            "tie": game.rules.tie,
            "spied": self._spied(game) if live else None,
        }
        to_move = game.current_player
        if live and p is not None and to_move == p and p not in self._agents:
            legal = game.legal_actions()
            out["targets"] = move_targets(game, legal)
            if s.pending in ("attack", "defend") and s.fight is not None:
                out["card_odds"] = _card_odds(game, p, legal)
        return out


    def _battle_ahead(self, game: Game, after: Game) -> dict[str, Any] | None:
        """The computer's action resolves a fight (the fork ``after`` has a new last
        fight): its exact odds now, with the cards played so far."""
        last = after.state.last_fight
        if last is None or last is game.state.last_fight:
            return None
        sector = last[0]
        fight = game.state.fight
        d = game.fight_odds() if fight is not None and fight[0] == sector \
            else game.fight_odds(sector)
        attacker = SIDE_TITLE[game.state.player]
        return {"title": f"{attacker} attacks on sector {sector}: the fight resolves",
                "odds": dist_rows(d)}

    def _glossary(self, game: Game) -> dict[str, str]:
        return GLOSSARY

    def _rule_anchors(self, game: Game) -> dict[str, str]:
        return RULE_ANCHORS

    def _player_name(self, game: Game, player: int) -> str:
        return SIDE_TITLE[player]

    def _turn_label(self, game: Game) -> str:
        """Blast counts the turns of both sides: turn 11 is the Empire's or the Terrans'."""
        if game.turn < 1:
            return f"turn {game.turn}: set-up (dealing the hands)"
        return f"turn {game.turn} of the game: the {SIDE_TITLE[game.state.player]}'s"

    def _spied(self, game: Game) -> dict[str, Any] | None:
        """The other hand as this board's player last saw it through Espionage (the last
        position of that turn, when the rules still showed it), kept after the turn ends
        until the player's next action; None while the view itself shows the hand, on
        a spectator's board, or when the player has seen no hand since their last
        action."""
        p = self.player
        hist = game.history
        if p is None or game.state.spy == p:
            return None
        start = next((i for i in range(len(hist) - 1, -1, -1) if hist[i].player == p), 0)
        for i in range(len(hist) - 1, start, -1):
            seen = game.state_before(i)
            if seen.spy == p:
                return {"hand": list(seen.hands[1 - p]), "turn": seen.turn,
                        "side": data.SIDES[1 - p]}
        return None


def _drawer(game: Game, index: int) -> int | None:
    """The player who drew the card of history step ``index`` (None if unknown). Read
    from the position before that step (``Game.state_before``)."""
    try:
        before = game.state_before(index)
        return int(before.draws[0]) if before.chance == ("draw",) else None
    except (TypeError, IndexError, AttributeError):
        return None


def _fight_odds(game: Game) -> dict[str, Any]:
    """The fight in progress (its odds with the cards played so far) and every fight still
    to come on the track (before any card)."""
    s = game.state
    a = s.player
    current = None
    if s.fight is not None:
        d = game.fight_odds()
        current = {"sector": s.fight[0], "attacker": data.SIDES[a],
                   "defender": data.SIDES[1 - a], "rows": dist_rows(d),
                   "p_attacker": float(d.get("attacker", 0))}
    coming = []
    units = s.units
    for i in range(data.SECTORS):
        if units[0][i] and units[1][i] and (s.fight is None or s.fight[0] != i + 1):
            d = game.fight_odds(i + 1)
            p_att = d.get("attacker", 0)
            coming.append({"sector": i + 1, "attacker": data.SIDES[a],
                           "p_attacker": float(p_att), "p": _frac(p_att)})
    return {"current": current, "coming": coming}


def _card_odds(game: Game, player: int, legal: Any) -> list[dict[str, Any]]:
    """In ``player``'s attack or defence window: P(``player`` wins the fight) after
    playing each fight card it may play now (its own hand only), and without one."""
    s = game.state
    sector, ab, db = s.fight[0], s.fight[1], s.fight[2]
    att, dfd = s.units[s.player][sector - 1], s.units[1 - s.player][sector - 1]
    attacking = player == s.player
    na = nd = 0
    rows = []
    for a in legal:
        card = a.card if a.verb == "play" else ""
        if card and card not in data.FIGHT_BONUS:
            continue
        bonus = data.FIGHT_BONUS.get(card, 0)
        dice = 1 if card in data.D6_CARDS else 0
        if attacking:
            d = fight_odds(att, dfd, (), (), game.rules, attack_bonus=ab + bonus,
                           defense_bonus=db, attack_dice=na + dice, defense_dice=nd)
            p = d.get("attacker", 0)
        else:
            d = fight_odds(att, dfd, (), (), game.rules, attack_bonus=ab,
                           defense_bonus=db + bonus, attack_dice=na, defense_dice=nd + dice)
            p = d.get("defender", 0)
        rows.append({"action": a.text, "card": card or None, "p_win": float(p),
                     "p": _frac(p)})
    return rows


BOARD = BlastBoard
