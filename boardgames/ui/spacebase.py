"""The Space Base board: ``bg.SpaceBase(...).widget(player=0, opponents={1: agent})``
(browser half: ``widgets/spacebase.js`` and ``widgets/spacebase.css``).

The browser draws the 10 x 10 map from the view and places every legal action on what
it acts on: a card in hand (``build <card>``, ``discard <card>``), a map cell
(``outpost``, ``place``, ``transfer``, ``move to``, ``swap with``, ``control``, a full
``repair``), a player (``control look p``), a looked-at card (``steal <card>``).

Besides the common board it publishes in ``extra``, computed from the map alone (public
information): ``explain`` (``board.explain`` of every site, shown when a site is hovered
or focused), ``risk`` (the exact risk of this turn's meteor, :func:`meteor_risk`, for the
overlay: per site P(damage), P(defunct), what a hit on that cell costs each player, and
each player's distribution of income lost) and ``frontier`` (the empty cells next to
this board's player's sites, where a site card could go).

Hidden information: a view holds only its player's hand, and the hand a Control card
looks at only while its player chooses (``view.py``). The draw's chance outcomes would
tell the cards left in the deck (so, by difference, the other hands): no board lists
them, and with ``auto_roll`` off a player's board draws with the game's seeded roll
("roll" control). ``steal <card>`` in the history names the card only on the boards of
the two players concerned.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..core.errors import GameError
from ..core.game import CHANCE, Game, Step
from ..spacebase.board import Board as Map
from ..spacebase.data import CARD_LIST, Card
from ..spacebase.odds import meteor_risk
from ..spacebase.turn import drawer
from .board import Board, _frac, dist_rows
from .protocol import Message

__all__ = ["BOARD", "EFFECTS", "GLOSSARY", "MAPS_KEPT", "RULE_ANCHORS", "SpaceBaseBoard",
           "card_effect", "map_extra", "map_key"]

MAPS_KEPT = 16
"""How many maps' explanations and meteor risk the boards remember."""
_MAPS: OrderedDict[Any, dict[str, Any]] = OrderedDict()


EFFECTS: dict[str, str] = {
    "outpost": "Each player starts with one. A power source and an extractor.",
    "volcano": "Not a resource site. May be placed in any empty space.",
    "metal": "A resource site (ore): mined by adjacent extractors.",
    "radioactives": "A resource site (ore): mined by adjacent extractors.",
    "ice": "A resource site (ore): mined by adjacent extractors.",
    "extractor": "Mines the ores of all adjacent resource sites.",
    "solar": "Powers all adjacent installations.",
    "geothermal": "Powers all adjacent installations; needs an adjacent volcano.",
    "refinery": "Processes the ores of all adjacent extractors.",
    "reactor": "Powers all adjacent installations; needs a refinery of Radioactives.",
    "dome": "Produces food, water and oxygen from Ice + Organics.",
    "factory": "Manufactures goods from a refinery of Metals.",
    "hub": "All sites adjacent to the hub count as adjacent to each other (people and "
           "materials, not power or shielding).",
    "shield": "The generator and all adjacent sites are immune to meteor hits.",
    "research": "Studies the local geology, biology, meteorology and astronomy.",
    "colony": "Enterprising colonists; needs an adjacent hydroponic dome.",
    "hightech": "Electronics, vehicles, computers, robots.",
    "biomed": "New drugs from the native life-forms.",
    "spaceport": "Trade and commerce.",
    "transfer": "Move a site you control to a space adjacent to another site you control, "
                "or switch the places of two sites you control.",
    "control": "Take over an opponent's site adjacent to one of yours, or look at an "
               "opponent's hand and steal one card.",
}
"""What each site or action card does, in the words of the rule text's site list
(``rules/spacebase.txt``), by the card's engine role."""

_KIND_TEXT = {"installation": "Installation", "resource": "Resource site",
              "volcano": "Volcano site", "action": "Action card"}


def card_effect(card: Card) -> str:
    """A card's row of the card list (kind, income, requirements, copies) and its
    effect."""
    kind = _KIND_TEXT[card.kind] + (" (produces power)" if card.type == "IP" else "")
    parts = [kind]
    if card.income:
        parts.append(f"income {card.income} credit{'s' if card.income > 1 else ''} a turn "
                     "while functional")
    if card.requirements and card.requirements != "None":
        parts.append(f"requirements: {card.requirements}")
    parts.append(f"{card.count} in the deck")
    effect = EFFECTS.get(card.role, "")
    return f"{', '.join(parts)}. {effect}".strip()


GLOSSARY: dict[str, str] = {c.name: card_effect(c) for c in CARD_LIST}

_KIND_RULE = {"installation": "site-installation", "resource": "site-resource",
              "volcano": "site-volcano"}
RULE_ANCHORS: dict[str, str] = {
    c.name: _KIND_RULE.get(c.kind, f"card-{c.name.lower()}") for c in CARD_LIST}
"""Where each card or site has its rule in docs/rules/spacebase.md: a site's kind
(``site-installation``, ``site-resource``, ``site-volcano``), an action card's own
paragraph (``card-transfer``, ``card-control``)."""
"""Every Space Base card: ``{name: what it is and does}``."""


def _is_a_need(part: str) -> bool:
    """Whether a part of the card list's requirements column is something the site
    needs (not 'None', nor what it does: 'Produces power', 'Functions as Extractor')."""
    return part not in ("", "None") and not part.lower().startswith(("produces", "functions"))


def card_needs(card: Card) -> str:
    """What a site card needs to work, from the card list's requirements column, as a
    hand card shows it ('needs: Power, Resource sites'; 'needs nothing'); '' for action
    cards and resource or volcano sites, which have no requirements."""
    if card.kind != "installation":
        return ""
    needs = [x.strip() for x in card.requirements.split(";")[0].split(",")]
    needs = [x for x in needs if _is_a_need(x)]
    return f"needs: {', '.join(needs)}" if needs else "needs nothing"


NEEDS: dict[str, str] = {c.name: card_needs(c) for c in CARD_LIST if card_needs(c)}
"""What each installation card needs to work, drawn on the hand's cards."""


def _key(c: tuple[int, int]) -> str:
    return f"{c[0]},{c[1]}"


def map_key(board: Map, players: int) -> tuple[Any, ...]:
    """What :func:`map_extra` depends on: the map's size and rules, its sites (name,
    owner, damage by cell) and the number of players."""
    return (board.size, board.volcano_adjacency, players, frozenset(board.sites().items()))


def map_extra(board: Map, players: int) -> dict[str, Any]:
    """The public, per-map part of ``extra``: every site's explanation and the exact
    meteor risk of this turn (JSON-safe)."""
    risk = meteor_risk(board, players=players)
    cells = {}
    for c in board:
        cells[_key(c)] = {
            "p_damage": _frac(risk.p_damage[c]),
            "p_defunct": _frac(risk.p_defunct[c]),
            "prob_defunct": float(risk.p_defunct[c]),
            "exposed": c in risk.exposed,
            "loss": list(risk.loss_by_cell.get(c, (0,) * players)),
        }
    summary = []
    for p in range(players):
        d = risk.income_lost[p]
        p_any = 1 - d.get(0, 0)
        summary.append({"player": p, "expected": _frac(d.mean()), "mean": float(d.mean()),
                        "p_loss": _frac(p_any), "prob_loss": float(p_any),
                        "dist": dist_rows(d)})
    return {"explain": {_key(c): board.explain(c) for c in board},
            "risk": {"cells": cells, "players": summary,
                     "exposed": len(risk.exposed)}}


class SpaceBaseBoard(Board):
    """The board of a Space Base game (2 to 4 players)."""

    asset_name = "spacebase"
    extra_static = ("explain", "risk", "needs")  # per map; the cards' needs

    def _chance_is_public(self, game: Game) -> bool:
        chance = game.state.chance
        return chance is None or chance[0] != "draw"

    def _glossary(self, game: Game) -> dict[str, str]:
        return GLOSSARY

    def _rule_anchors(self, game: Game) -> dict[str, str]:
        return RULE_ANCHORS

    def _turn_label(self, game: Game) -> str:
        """Space Base counts every player's turn; a round is one turn of each."""
        s = game.state
        if s.turn < 1:
            return f"turn {s.turn}: set-up (placing the Outposts)"
        rnd = (s.turn - 1) // game.players + 1
        return f"turn {s.turn}: player {s.player}'s (round {rnd})"

    def _public_step(self, index: int, step: Step) -> str:
        if step.player == CHANCE or not step.text.startswith("steal "):
            return step.text
        return "steal a card" if self._secret_steal(self.game, index, step) else step.text

    def _secret_steal(self, game: Game, index: int, step: Step) -> bool:
        """A card taken with Control by another player, from a third player's hand (the
        taker and the victim know it)."""
        if self.player == step.player:
            return False
        hist = game.history
        prev = hist[index - 1] if index > 0 else None
        victim = (prev.value.n if prev is not None and prev.player == step.player
                  and getattr(prev.value, "verb", "") == "look" else None)
        return self.player is None or self.player != victim

    def _hidden_now(self, game: Game) -> bool:
        """Another player's hand holds a card, or a scenario gave one a hand."""
        p = self.player
        if any(h for q, h in enumerate(game.state.hands) if q != p):
            return True
        hands = (game.options.get("scenario") or {}).get("hands") or []
        return any(h for q, h in enumerate(hands) if q != p)

    def _secret_step(self, game: Game, index: int, step: Step) -> bool:
        """A card dealt to or drawn by another player, or taken by one in secret."""
        if step.player != CHANCE:
            return step.text.startswith("steal ") and self._secret_steal(game, index, step)
        if not isinstance(step.value, str):  # the meteor and its damage
            return False
        return drawer(game.state_before(index)) != self.player

    # ------------------------------------------------ choosing a card is not a move
    def _held_card(self) -> str | None:
        """The hand card this board's player chose to build, held by the board (not an
        engine step) until a cell is clicked; None once the game moved."""
        held = self.__dict__.get("_chosen")
        if held is None or held[0] is not self._game.state:
            return None
        return held[1]

    def _may_choose(self, game: Game) -> bool:
        """Whether this board's person is to make a decision now."""
        p = game.current_player
        return p is not None and p == self.player and p not in self._agents

    def _do_intent(self, msg: Message) -> None:
        """``build <card>`` only chooses the card: the board holds it (the game is
        unchanged, another card may be chosen instead). A click on a cell then sends
        ``place (x,y)``, and the engine's two steps are applied together."""
        g = self._game
        action = msg["action"]
        if action.startswith("build ") and self._may_choose(g) and g.is_legal(action)[0]:
            self._check_version(msg)
            self._chosen = (g.state, action[len("build "):])
            self.error = ""
            self._publish()  # the game has not changed: publish the choice
            return
        card = self._held_card()
        if card is None or not action.startswith("place "):
            super()._do_intent(msg)
            return
        if action not in self._placements(g, card):  # the engine's reason, on a fork
            self._check_version(msg)
            g.fork().apply(f"build {card}").apply(action)
        self._check_version(msg)
        self._check_can_change(msg)
        mark = len(g.log)
        with g.batch():  # one change: every board publishes once
            g.apply(f"build {card}")
            try:
                g.apply(action)
            except GameError:
                g.undo()
                raise
        self._chosen = None
        self._since_mark = mark  # as after any intent: its account starts here
        self._done()

    def _do_undo(self, msg: Message) -> None:
        """Undo drops a held card first; a placement is taken back with its card."""
        if self._held_card() is not None:
            self._check_version(msg)
            self._chosen = None
            self._publish()  # the game has not changed: publish the choice
            return
        g = self._game
        last = next((step for step in reversed(g.history) if step.player != CHANCE), None)
        if last is None or last.player != self.player or not last.text.startswith("place "):
            super()._do_undo(msg)  # (the computer's moves after it taken back too)
            if self._card_waits(g) and g.can_undo:
                g.undo()  # the card of the placement taken back
            return
        self._check_undo(msg)
        self._check_can_change(msg)
        self._cancel_agent()
        with g.batch():  # one change: the placement and its card
            g.undo()
            if self._card_waits(g) and g.can_undo:
                g.undo()
        self._done("undone")

    def _redo_joins(self, game: Game) -> bool:
        """A card redone waits for its cell: its placement comes back with it."""
        return self._card_waits(game)

    def _card_waits(self, game: Game) -> bool:
        """Whether this board's player has a card chosen in the engine (``build
        <card>`` applied, its cell not yet): a board undoes it with its placement."""
        pend = game.state.pending
        return pend is not None and pend[0] == "build" and self._may_choose(game)

    def _placements(self, game: Game, card: str) -> list[str]:
        """The actions that complete ``build <card>`` (its cells), tried on a fork."""
        after = game.fork()
        after.apply(f"build {card}")
        return [str(a) for a in after.legal_actions()]

    def _illegal_reason(self, game: Game, action: str) -> tuple[str, str] | None:
        card = self._held_card()
        if card is not None and game is self._game and action.startswith("place "):
            after = game.fork()
            after.apply(f"build {card}")
            return super()._illegal_reason(after, action)
        return super()._illegal_reason(game, action)

    def _extra(self, game: Game, live: bool) -> dict[str, Any]:
        out = self._map_extra(game)
        card = self._held_card() if live else None
        out["chosen"] = card
        out["placements"] = self._placements(game, card) if card is not None else []
        out["needs"] = NEEDS
        return out

    def _map_extra(self, game: Game) -> dict[str, Any]:
        s = game.state
        b = s.board
        # Memoised per map content (what is where, and how damaged), for the last few
        # maps, shared by every board (it is public): undo, redo, the history scrubber and
        # a placement tried again go back to them, and the other boards of the game find
        # the new map's part made by the first board that published it.
        cache = _MAPS
        key = map_key(b, game.players)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = map_extra(b, game.players)
            while len(cache) > MAPS_KEPT:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        out = dict(hit)
        p = self.player
        frontier = sorted(b.frontier(p)) if p is not None else []
        out["frontier"] = [list(c) for c in frontier]
        return out


BOARD = SpaceBaseBoard
