"""The Intergalactic board: ``bg.Intergalactic(players=4).widget(player=0, opponents=...)``
(browser half: ``widgets/intergalactic.js`` and ``widgets/intergalactic.css``).

Besides the common board, it publishes in ``extra`` (all public: Intergalactic has no
hidden cards, and the seed is never synced):

``list``
    The list being read now (the roll's list, else the stage's; Races or Homeworlds
    during set-up): every row with its threshold label, effects, flags, and whether the
    player it concerns (``subject``) already holds it or lacks its requirement.
``lit``
    The entry the pending roll lands on (as shifted so far), else the last one landed on.
``preview``
    With a roll pending: every total the roller can reach with their tokens (the shift,
    its cost in IT, the entry, whether it would give anything, and ``action``: the one
    token-spending action that lands on that entry, ``keep <total>`` or ``land on ...``
    at the entry's cheapest total), so the board's slider previews the landing and a
    click sends that one action.
``battle``
    During a battle: both players' ten compared attributes (stratagem bonuses included)
    and who has the Advantage in each, the Advanced count, the Battle Advantage Totals
    (provisional until the Advantage phase), the exact ``battle_odds`` now, and, while a
    player adds IT, the odds for each ``add k`` that player can pay (``ladder``).
``targets``
    In the Challenge phase: for each opponent the attacker may name, the BATs the
    attributes give now (before stratagems and tokens) and the exact odds.
``notes``
    The effects of every entry held by anyone (for the race records' tooltips).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.dist import Dist
from ..core.game import CHANCE, Game
from ..intergalactic import data
from ..intergalactic.data import BATTLE_ATTRIBUTES, KIND, LISTS, STAGE_LIST, Entry
from ..intergalactic.odds import battle_odds, lookup
from .board import Board, dist_rows

__all__ = ["BOARD", "IntergalacticBoard", "entry_note", "rule_anchors"]

_SPECIAL = {
    "pick": "Pick one of the Above", "twice": "Roll Twice", "lost": "nothing happens",
    "steal": "Gain a Technology known by any opponent",
    "prevent": "You may prevent the battle this turn", "sabotage": "Destroy 1 target Fleet",
    "jam": "Opponent gets -50 to his Conflict Roll",
}


def entry_note(e: Entry) -> str:
    """An entry's effects as the list prints them ("Weapons +6 (Req Energy 1+)")."""
    parts = [f"{a} {v:+d}" for a, v in e.effects]
    if e.vp:
        parts.append(f"VP +{e.vp}")
    if e.next_bonus:
        parts.append(f"+{e.next_bonus} to next roll")
    if e.nested is not None:
        parts.append(f"roll on the {e.nested[0]} list +{e.nested[1]}")
    if e.temporary:
        parts.append("discard at end of turn")
    if e.special in _SPECIAL:
        parts.append(_SPECIAL[e.special])
    if e.criminal:
        parts.append("Criminal: -1 to every opponent")
    if e.req is not None:
        parts.append(f"(Req {e.req[0]} {e.req[1]}+)")
    return " ".join(parts) if parts else "-"


@lru_cache(maxsize=16)
def roll_ranges(list_name: str) -> dict[str, str]:
    """For each entry of a list: the totals that land on it, as the board prints them
    ("10-19", "101+"; Races and Homeworlds: the 1D10 face), from ``lookup`` itself. An
    entry no total reaches (below the lowest threshold) is left out."""
    if list_name in ("race", "homeworld"):
        return {e.name: str(e.dc) for e in LISTS[list_name]}
    spans: dict[str, list[int]] = {}
    for total in range(0, 101):
        e = lookup(list_name, total)
        if e is not None:
            spans.setdefault(e.name, []).append(total)
    out = {name: f"{min(ts)}" if min(ts) == max(ts) else f"{min(ts)}\u2013{max(ts)}"
           for name, ts in spans.items()}
    top = lookup(list_name, 101)
    if top is not None:
        out[top.name] = "101+" if top.name not in out else f"{out[top.name]}, 101+"
    return out


@lru_cache(maxsize=1)
def glossary() -> dict[str, str]:
    """Every entry of every list: what it gives (``entry_note``) and its description."""
    out: dict[str, str] = {}
    for list_name, entries in LISTS.items():
        for e in entries:
            text = f"{list_name.capitalize()} list: {entry_note(e)}"
            out.setdefault(e.name, f"{text}. {e.description}" if e.description else text)
    return out


@lru_cache(maxsize=1)
def rule_anchors() -> dict[str, str]:
    """Every entry of every list (the glossary's names): ``{name: "entry-<list>"}``, the
    anchor of docs/rules/intergalactic.md that holds the rule of its list (an entry on
    two lists: the first, as the glossary)."""
    out: dict[str, str] = {}
    for list_name, entries in LISTS.items():
        for e in entries:
            out.setdefault(e.name, f"entry-{list_name}")
    return out


def _label(e: Entry) -> str:
    if e.list in ("race", "homeworld"):
        return f"{e.dc:02d}"
    if e.dc == 101:
        return "101+"
    return f"{e.dc % 100:02d}"


def _subject(game: Game, player: int | None) -> int | None:
    s = game.state
    if s.cur is not None:
        return s.cur["player"]
    if s.active is not None:
        return s.active
    return player


LAST_BATTLE_STEPS = 400
"""How far back a spectator's board looks for the last battle."""


def rolled_odds(bat: dict[str, int], rolls: dict[str, int]) -> Dist:
    """The exact odds of ``"attacker"``, ``"defender"`` or ``"tie"`` winning with BATs
    ``bat`` once the sides in ``rolls`` have made their Combat Roll (a d100 each): before
    any roll ``battle_odds``; after one, over the other side's 100 faces; after both, the
    result, certain."""
    if not rolls:
        return battle_odds(bat["attacker"], bat["defender"])
    sides = ("attacker", "defender")
    faces = {k: [rolls[k]] if k in rolls else range(1, 101) for k in sides}
    counts = {"attacker": 0, "defender": 0, "tie": 0}
    for x in faces["attacker"]:
        for y in faces["defender"]:
            ca, cd = x + bat["attacker"], y + bat["defender"]
            counts["attacker" if ca > cd else "defender" if cd > ca else "tie"] += 1
    return Dist.from_weights({k: v for k, v in counts.items() if v})


def battle_result(b: dict[str, Any]) -> dict[str, Any]:
    """A rolled battle (the state's ``battle`` with both Combat Rolls) as the board shows
    it: each side's player, roll, BAT and Combat Roll Sum, and the winner (None: tied)."""
    sides = {"attacker": b["attacker"], "defender": b["defender"]}
    out: dict[str, Any] = {}
    for side, p in sides.items():
        roll, bat = b["rolls"][str(p)], b["bat"][str(p)]
        out[side] = {"player": p, "roll": roll, "bat": bat, "total": roll + bat}
    ta, td = out["attacker"]["total"], out["defender"]["total"]
    out["winner"] = sides["attacker"] if ta > td else sides["defender"] if td > ta else None
    return out


class IntergalacticBoard(Board):
    """The board of an Intergalactic game (2-6 players)."""

    asset_name = "intergalactic"
    battles = True
    extra_static = ("list", "notes")  # the list changes with its name or its subject's holdings

    def _glossary(self, game: Game) -> dict[str, str]:
        return glossary()

    def _rule_anchors(self, game: Game) -> dict[str, str]:
        return rule_anchors()

    def _player_name(self, game: Game, player: int) -> str:
        """The player's race once chosen ("Flil (P0)"; the log says P0), else "P0"."""
        race = game.state.races[player] if player < len(game.state.races) else None
        return f"{race} (P{player})" if race else f"P{player}"

    def _turn_label(self, game: Game) -> str:
        """The stage and the player-turn within it (each player has ``turns_per_stage``
        turns in each of the first four stages)."""
        s = game.state
        if s.stage in ("setup", "over"):
            what = {"setup": "set-up (races, homeworlds, turn order)", "over": "game over"}
            return f"player-turn {s.turn}: {what[s.stage]}"
        if s.stage == "conflict":
            return f"Conflict stage: player-turn {s.turn} (no fixed end)"
        total = game.rules.turns_per_stage * game.players
        return f"{s.stage.capitalize()} stage: player-turn {s.turn} of {total}"

    def _extra(self, game: Game, live: bool) -> dict[str, Any]:
        s = game.state
        subject = _subject(game, self.player)
        list_name = self._list_name(game)
        out: dict[str, Any] = {
            "list_name": list_name,
            "kind": KIND.get(list_name, "") if list_name else "",
            "subject": subject,
            "list": self._rows(game, list_name, subject) if list_name else [],
            "lit": None,
            "preview": [],
            "battle": None,
            "targets": [],
            "notes": self._notes(game),
            "end_roll_after": 2 * s.x if s.stage == "conflict" else None,
            "turns_per_stage": game.rules.turns_per_stage,
        }
        if s.cur is not None:
            cur = s.cur
            e = game.landing()
            out["lit"] = e.name if e else None
            if s.phase == "spend":
                out["preview"] = self._preview(game, cur)
        elif s.last is not None and s.last["list"] == list_name:
            out["lit"] = s.last["entry"]
        if s.battle is not None:
            out["battle"] = self._battle(game)
        out["last_battle"] = self._last_battle(game) if live else None
        if s.phase == "challenge" and s.active is not None:
            out["targets"] = self._targets(game, s.active)
        return out

    # ------------------------------------------------------------------ pieces
    @staticmethod
    def _list_name(game: Game) -> str | None:
        s = game.state
        if s.phase in ("race", "homeworld"):
            return s.phase
        if s.cur is not None:
            return s.cur["list"]
        return STAGE_LIST.get(s.stage)

    @staticmethod
    def _rows(game: Game, list_name: str, subject: int | None) -> list[dict[str, Any]]:
        s = game.state
        held = set(s.entries[subject]) if subject is not None else set()
        attrs = game.attributes(subject) if subject is not None else None
        taken = set(s.races) if list_name == "race" else set()
        ranges = roll_ranges(list_name)
        rows = []
        for e in LISTS[list_name]:
            ok = e.req is None or attrs is None or attrs[e.req[0]] >= e.req[1]
            rows.append({
                "dc": e.dc, "label": _label(e), "range": ranges.get(e.name, ""),
                "name": e.name, "note": entry_note(e),
                "description": e.description, "kept": e.kept, "one_shot": e.one_shot,
                "advanced": e.advanced, "criminal": e.criminal, "vp": e.vp,
                "held": e.kept and e.name in held, "ok": ok, "taken": e.name in taken,
            })
        return rows

    @staticmethod
    def _preview(game: Game, cur: dict[str, Any]) -> list[dict[str, Any]]:
        s = game.state
        p = cur["player"]
        tokens = s.tokens[p]
        total = cur["total"]
        lo = min(total, max(total - tokens, 0))
        hi = max(total, min(total + tokens, 101))
        held = set(s.entries[p])
        attrs = game.attributes(p)
        here = game.landing(total)
        action = {a.entry or (here.name if here else "nothing"): str(a)
                  for a in game.legal_actions()}
        out = []
        for t in range(lo, hi + 1):
            e = game.landing(t)
            if e is None:
                gives = False
            elif e.kept:
                gives = e.name not in held and (e.req is None or attrs[e.req[0]] >= e.req[1])
            else:
                gives = e.special != "lost"
            name = e.name if e else None
            out.append({"total": t, "shift": t - total, "cost": abs(t - total),
                        "entry": name, "gives": gives, "now": t == total + cur["shift"],
                        "action": action.get(name or "nothing")})
        return out

    @staticmethod
    def _bats(game: Game, a: int, d: int, battle: bool) -> tuple[dict[str, Any], list[Any]]:
        aa = game.attributes(a, battle=battle)
        dd = game.attributes(d, battle=battle)
        bat = {"attacker": 0, "defender": 0}
        rows = []
        for attr in BATTLE_ATTRIBUTES:
            adv = ("attacker" if aa[attr] > dd[attr] else
                   "defender" if dd[attr] > aa[attr] else "")
            if adv:
                bat[adv] += 5
            rows.append({"attribute": attr, "attacker": aa[attr], "defender": dd[attr],
                         "advantage": adv})
        na, nd = game.advanced(a), game.advanced(d)
        adv = "attacker" if na > nd else "defender" if nd > na else ""
        if adv:
            bat[adv] += 5
        rows.append({"attribute": "Advanced techs and fleets", "attacker": na,
                     "defender": nd, "advantage": adv})
        return bat, rows

    def _battle(self, game: Game) -> dict[str, Any]:
        s = game.state
        b = s.battle
        a, d = b["attacker"], b["defender"]
        base, rows = self._bats(game, a, d, True)
        computed = "bonus_lost" in b  # the Advantage phase has run
        bat = ({"attacker": b["bat"][str(a)], "defender": b["bat"][str(d)]} if computed
               else dict(base))
        spender = s.active if s.phase == "bat" else None
        ladder = []
        if spender is not None:
            side = "attacker" if spender == a else "defender"
            for k in range(s.tokens[spender] + 1):
                x = dict(bat)
                x[side] += k
                p = battle_odds(x["attacker"], x["defender"]).prob(side)
                ladder.append({"tokens": k, "p": f"{p.numerator}/{p.denominator}",
                               "prob": float(p), "action": f"add {k}"})

        def side(k: str) -> str:
            return "attacker" if k == str(a) else "defender"

        rolls = {side(k): v for k, v in b["rolls"].items()}

        return {
            "attacker": a, "defender": d, "rows": rows, "computed": computed,
            "bat_base": base, "bat": bat, "spender": spender,
            "bonus": {side(k): dict(v) for k, v in b["bonus"].items()},
            "odds_base": dist_rows(battle_odds(base["attacker"], base["defender"])),
            "odds": dist_rows(rolled_odds(bat, rolls)),
            "rolled": sorted(rolls),
            "ladder": ladder,
            "tokens": {"attacker": s.tokens[a], "defender": s.tokens[d]},
            "rolls": rolls,
            "loser": b["loser"],
        }

    def _battle_ahead(self, game: Game, after: Game) -> dict[str, Any] | None:
        """The computer's action ends the BAT spending: the Combat Rolls come next."""
        s = after.state
        if after.current_player != CHANCE or s.chance is None or s.chance[0] != "battle":
            return None
        b = s.battle
        a, d = b["attacker"], b["defender"]
        if b["rolls"]:
            return None
        bat_a, bat_d = b["bat"][str(a)], b["bat"][str(d)]
        return {"title": f"the battle of P{a} (BAT {bat_a}) against P{d} (BAT {bat_d}) is "
                         "rolled next",
                "odds": dist_rows(battle_odds(bat_a, bat_d))}

    def _last_battle(self, game: Game) -> dict[str, Any] | None:
        """The last battle fought since this board's player last acted (for a spectator:
        in the last ``LAST_BATTLE_STEPS`` steps): who fought, each Combat Roll, BAT and
        sum, and who won (None: a tie). It stays on the board until the player's next
        action, after the battle itself is over. Read from the game's past states."""
        hist = game.history
        start = max(0, len(hist) - LAST_BATTLE_STEPS)
        if self.player is not None:
            start = max(start, next((i for i in range(len(hist) - 1, -1, -1)
                                     if hist[i].player == self.player), start))
        for i in range(len(hist) - 1, start - 1, -1):
            before = game.state_before(i)
            b, chance = before.battle, before.chance
            if (b is not None and chance is not None and chance[0] == "battle"
                    and len(b["rolls"]) == 1 and hist[i].player == CHANCE):
                # the second Combat Roll: the battle resolves within this step
                return battle_result({**b, "rolls": {**b["rolls"], str(chance[2]): hist[i].value}})
        return None

    def _targets(self, game: Game, p: int) -> list[dict[str, Any]]:
        s = game.state
        out = []
        for q in range(game.players):
            if q == p or not s.alive[q]:
                continue
            bat, _ = self._bats(game, p, q, False)
            out.append({"player": q, "bat": bat,
                        "odds": dist_rows(battle_odds(bat["attacker"], bat["defender"])),
                        "fleets": len(game.fleets(q)), "vp": game.vp(q)})
        return out

    @staticmethod
    def _notes(game: Game) -> dict[str, str]:
        s = game.state
        names = {n for ents in s.entries for n in ents}
        return {n: entry_note(data.by_name(n)) for n in sorted(names)}


BOARD = IntergalacticBoard
