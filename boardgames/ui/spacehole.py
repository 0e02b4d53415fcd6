"""The Spacehole board: ``bg.Spacehole(...).widget()`` (browser half:
``widgets/spacehole.js`` and ``widgets/spacehole.css``).

Besides the common board, it publishes in ``extra``: the exact odds of the battle in
progress (``game.battle_odds()``), the battle round by round (read from the log), why
each card in hand cannot be built now, and, in manual power mode, the optimal power
allocation the "power optimal" button would apply.

Hidden information: the player's board shows the hand and the cards the player has
seen on top of the deck. A spectator board (``player=None``) does not: its log says
"drew a card into hand" and "Seen in the deck: a card", its history hides the names of
cards drawn or seen, and it lists no outcomes for a draw from the deck (their weights
would give away the hand).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..core.game import CHANCE, Game, Step
from ..spacehole.actions import parse_label
from ..spacehole.data import Card
from .board import Board, _frac, dist_rows

__all__ = ["BOARD", "SpaceholeBoard", "battle_rounds", "card_effect", "game_summary",
           "glossary", "house_rules", "lost_before_any_decision", "rule_anchors",
           "shown_battle"]

_DREW_HAND = re.compile(r"^(Turn \d+: drew) .+ (into hand)$")
_SEEN = re.compile(r"^Seen in the deck: .+ (\(position \d+\))$")
_TURN = re.compile(r"^Turn (\d+):")
_ROUND = re.compile(r"^Round (\d+): (.+) roll (\d+) dice: (\d+) hits?$")
_TAKES = re.compile(r"^(.+) takes (\d+) hits?(?: \(Force (\d+) left\)|: destroyed)$")
_PRIVATE_CHANCE = ("draw", "reveal")
_SCAN = 400


def battle_rounds(log: tuple[str, ...] | list[str], invader: str | None) -> dict[str, Any] | None:
    """The battle of the current turn read from the log: the invader and, per round,
    the dice each side rolled and the hits they scored. None if no battle this turn."""
    start = None
    for i in range(len(log) - 1, max(-1, len(log) - 1 - _SCAN), -1):
        line = log[i]
        if line.startswith("Invasion: "):
            start = i
            break
        if line.startswith("Turn "):
            return None
    if start is None:
        return None
    return _battle_at(log, start, len(log), invader)


def _battle_at(log: tuple[str, ...] | list[str], start: int, end: int,
               invader: str | None) -> dict[str, Any]:
    """The battle whose "Invasion: " line is ``log[start]``, read up to ``log[end]``."""
    name = log[start][len("Invasion: "):].rsplit(" (Force", 1)[0]
    rounds: dict[int, dict[str, Any]] = {}
    result = "fighting" if invader == name else "over"
    events: list[str] = []
    for line in log[start + 1:end]:
        m = _ROUND.match(line)
        if m:
            r, who, dice, hits = int(m[1]), m[2], int(m[3]), int(m[4])
            side = "defenders" if who == "Defenders" else "invader"
            rounds.setdefault(r, {"round": r})[side] = {"dice": dice, "hits": hits}
            continue
        m = _TAKES.match(line)
        if m and m[1] == name and line.endswith("destroyed"):
            result = "destroyed"
        if line.endswith("the game is lost (score 0)"):
            result = "lost"
        events.append(line)
    return {"invader": name, "rounds": [rounds[k] for k in sorted(rounds)],
            "result": result, "events": events[-12:]}


def _turn_of(line: str) -> int | None:
    m = _TURN.match(line)
    return int(m[1]) if m else None


def shown_battle(log: tuple[str, ...] | list[str], invader: str | None, since: int,
                 turn: int) -> dict[str, Any] | None:
    """The battle the board shows, with its ``turn``: this turn's (``battle_rounds``; the
    current turn is ``turn``), or else the last battle of an earlier turn while the
    player has decided nothing since that turn ended (``since``: the log's length when
    they last acted; its turn read from the log's "Turn <n>:" line). Issue 17:
    "results stay on screen until the player moves on ... the last Spacehole battle"
    (the turn's end, its income and the next card drawn no longer put it away)."""
    end = len(log)  # the first "Turn " line after the battle (its turn's end)
    for i in range(len(log) - 1, max(-1, len(log) - 1 - _SCAN), -1):
        line = log[i]
        if line.startswith("Invasion: "):
            if end == len(log):
                return {**_battle_at(log, i, end, invader), "turn": turn}
            began = next((t for j in range(i, max(-1, i - _SCAN), -1)
                          if (t := _turn_of(log[j])) is not None), None)
            return {**_battle_at(log, i, end, None), "turn": began}
        if line.startswith("Turn "):
            if i < since:  # the player has acted since this turn began: no older battle
                return None
            end = i
    return None
def card_effect(card: Card, names: dict[str, str], money: str = "Megacredits") -> str:
    """What a card does, from the variant's card list: its kind, the numbers of its row
    ($ income, P power, D defenders, generated power, Force, hits) and its printed note."""
    parts: list[str] = []
    if card.kind == "structure":
        parts.append("Structure")
        if card.income:
            parts.append(f"{card.income} {money} a turn while powered")
        if card.power:
            parts.append(f"needs {card.power} power a turn")
        for role, n in card.requires:
            parts.append(f"works only with {n} \u00d7 {names.get(role, role)} in play")
    elif card.kind in ("defender", "invader"):
        parts.append(f"{card.kind.capitalize()}, Force {card.force}")
        if card.kind == "invader":
            parts.append("attacks the Base when drawn")
    elif card.kind == "event":
        parts.append("Event, when drawn")
    else:
        parts.append("Your Base")
    if card.generates:
        parts.append(f"generates {card.generates} power a turn")
    if card.capacity:
        parts.append(f"room for {card.capacity} more defender{'s' if card.capacity > 1 else ''}")
    if card.kind == "structure" and card.force:
        parts.append(f"fights with Force {card.force}")
    if card.kind == "structure" and card.max_hits:
        parts.append(f"takes {card.max_hits} hit{'s' if card.max_hits > 1 else ''}")
    if card.hand_size:
        parts.append(f"hand size +{card.hand_size}")
    text = ", ".join(parts)
    return f"{text}. {card.note}" if card.note else f"{text}."


def glossary(game: Game) -> dict[str, str]:
    """Every card of the game's variant: ``{name: what it does}``."""
    cards = game.cards
    names = {c.role: c.name for c in cards.values()}
    money = "Credits" if game.variant == "babylon5" else "Megacredits"
    return {name: card_effect(card, names, money) for name, card in cards.items()}


CARD_RULES: dict[str, str] = {
    "base": "card-base", "structure": "card-structure", "defender": "card-defender",
    "invader": "card-invader", "event": "card-event"}
"""Each kind of card and the anchor of docs/rules/spacehole.md that holds its rule."""


def rule_anchors(game: Game) -> dict[str, str]:
    """Every card of the game's variant: ``{name: anchor}`` of its kind's rule."""
    return {name: CARD_RULES[card.kind] for name, card in game.cards.items()}


def game_summary(game: Game) -> dict[str, Any]:
    """A finished game in a few numbers: the turns the Base survived (a turn lost in
    does not count), the score, and what ended it (the invader that destroyed the Base,
    or the last card drawn)."""
    lost = bool(game.state.lost)
    out: dict[str, Any] = {"lost": lost, "turns_survived": game.turn - 1 if lost else game.turn,
                           "score": game.scores[0]}
    if lost:
        battle = battle_rounds(game.log, None)
        by = f" by {battle['invader']}" if battle else ""
        out["ended"] = f"the {game.base_name} was destroyed{by} in turn {game.turn}"
        out["loss_odds"] = _last_battle_odds(game)
    else:
        out["ended"] = "the last card of the deck was drawn"
    if lost and lost_before_any_decision(game) and game.rules.grace_turns == 0:
        out["house_rule"] = ("Lost before any decision. The house rule grace_turns (off by "
                             "default) lets an Invader drawn in the first turns pass without "
                             "a battle: bg.Spacehole(rules=Rules(grace_turns=3)), "
                             "from boardgames.spacehole import Rules.")
    return out


def lost_before_any_decision(game: Game) -> bool:
    """Whether every step of the game was chance: the player never chose anything."""
    return all(step.player == CHANCE for step in game.history)


def house_rules(game: Game) -> list[str]:
    """The house rules in force, in words (none by default)."""
    n = game.rules.grace_turns
    if n == 0:
        return []
    return [f"no invasion before turn {n + 1}: an Invader drawn earlier passes without "
            f"a battle (grace_turns={n})"]


_BATTLE_DICE = ("inv_dice", "def_dice")


def _last_battle_odds(game: Game) -> dict[str, Any] | None:
    """The exact chance the Base had of losing the last battle, as it began (before its
    first roll): the game taken back on a fork to that position."""
    start = len(game.history)
    while start > 0 and _is_battle_roll(game, start - 1):
        start -= 1
    if start == len(game.history):
        return None
    h = game.fork()
    h.auto_roll = False
    while len(h.history) > start:
        h.undo()
    p = h.battle_odds().get("loss", Fraction(0))
    return {"p": _frac(p), "prob": float(p), "at_step": start}


def _is_battle_roll(game: Game, index: int) -> bool:
    chance = game.state_before(index).chance
    return chance is not None and chance[0] in _BATTLE_DICE


_WHO_ROLLED = {"inv_dice": "invader", "def_dice": "Defenders"}


class SpaceholeBoard(Board):
    """The board of a Spacehole game (classic or Babylon 5)."""

    asset_name = "spacehole"
    battles = True
    own_battles = True
    house_rules = ("grace_turns",)

    def _public_log_line(self, line: str) -> str:
        if self.player is not None:
            return line
        line = _DREW_HAND.sub(r"\1 a card \2", line)
        return _SEEN.sub(r"Seen in the deck: a card \1", line)

    def _public_step(self, index: int, step: Step) -> str:
        if step.player == CHANCE and isinstance(step.value, int):
            return self._dice_step(index, step)
        if step.player != CHANCE or not isinstance(step.value, str):
            return step.text
        text = step.text
        if self.player is None:
            cards = getattr(self.game, "cards", {})
            card = cards.get(parse_label(step.value)[0])
            if card is not None and card.kind in ("structure", "defender"):
                text = "a card"
        chance = self.game.state_before(index).chance
        return f"drew {text}" if chance is not None and chance[0] == "draw" else text

    def _battle_starts(self, game: Game) -> dict[str, Any] | None:
        """The invasion's first roll is next: its exact odds before any die."""
        s = game.state
        # last_round: (round, invader dice, its hits, defender dice, their hits)
        if s.chance is None or s.chance[0] not in _BATTLE_DICE or s.battle_round != 1 \
                or s.last_round[2] is not None or s.last_round[4] is not None:
            return None
        name = s.current or "the invader"
        return {"title": f"{name} attacks the {game.base_name}: the battle is rolled next",
                "odds": dist_rows(game.battle_odds())}

    def _summary(self, game: Game) -> dict[str, Any]:
        """``game_summary``, made once per finished position."""
        kept = self.__dict__.get("_summary_of")
        if kept is None or kept[0] is not game.state:
            kept = self._summary_of = (game.state, game_summary(game))
        return kept[1]

    def _dice_step(self, index: int, step: Step) -> str:
        """A battle roll says who rolled it: "Alien Parasites rolled 2 hits",
        "Defenders rolled 0 hits" (the game's history says "2 hits")."""
        before = self.game.state_before(index)
        kind = before.chance[0] if before.chance else ""
        who = _WHO_ROLLED.get(kind)
        if who is None:
            return step.text
        if who == "invader":
            who = before.current or "the invader"
        return f"{who} rolled {step.text}"

    def _chance_is_public(self, game: Game) -> bool:
        chance = game.state.chance
        return self.player is not None or (chance is not None
                                           and chance[0] not in _PRIVATE_CHANCE)

    def _turn_label(self, game: Game) -> str:
        """Spacehole's turn: one card drawn a turn; the game ends with the deck."""
        if game.is_over:
            return f"game over in turn {game.turn}"
        return f"turn {game.turn} (one card a turn; the game ends when the deck does)"

    def _glossary(self, game: Game) -> dict[str, str]:
        """The glossary of the game's cards (the same dict while the game is the same)."""
        kept = self.__dict__.get("_glossary_of")
        if kept is None or kept[0] is not game.cards:
            kept = self._glossary_of = (game.cards, glossary(game))
        return kept[1]

    def _battle(self, game: Game, invader: str | None, live: bool) -> dict[str, Any] | None:
        """The battle shown: on a live board the last one stays until the player's first
        decision after its turn ended; on a past position (the scrubber), spectator's
        board, only that turn's."""
        log = game.log
        since = self._since_mark if live and self.player is not None else len(log)
        return shown_battle(log, invader, min(since, len(log)), game.turn)

    def _rule_anchors(self, game: Game) -> dict[str, str]:
        """The cards' rule anchors (the same dict while the game's cards are the same)."""
        kept = self.__dict__.get("_anchors_of")
        if kept is None or kept[0] is not game.cards:
            kept = self._anchors_of = (game.cards, rule_anchors(game))
        return kept[1]

    def _extra(self, game: Game, live: bool) -> dict[str, Any]:
        s = game.state
        current = s.current
        invader = current if current and game.cards[current].kind == "invader" else None
        out: dict[str, Any] = {
            "variant": game.variant,
            "theme": "babylon5" if game.variant == "babylon5" else "classic",
            "power_choice": game.rules.power_choice,
            "base_hits": game.rules.base_hits,
            "house_rules": house_rules(game),
            "grace_turns": game.rules.grace_turns,
            "odds": None,
            "odds_error": "",
            "battle": self._battle(game, invader, live),
            "hints": {},
            "optimal_power": None,
        }
        if game.is_over:
            out["summary"] = self._summary(game)
        if invader is not None and not game.is_over:
            try:
                out["odds"] = dist_rows(game.battle_odds())
            except NotImplementedError:
                out["odds_error"] = "the battle odds solver is not available yet"
        if self.player is not None and s.pending == "build":
            for name in sorted(set(s.hand)):
                ok, why = game.is_legal(f"build {name}")
                if not ok:
                    out["hints"][f"build {name}"] = why.split(": ", 1)[-1]
        if s.pending == "power":
            out["optimal_power"] = game.optimal_power()
        return out


BOARD = SpaceholeBoard
