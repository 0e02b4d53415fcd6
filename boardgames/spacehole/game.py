"""Spacehole: the state and its transitions (every rule of spacehole.txt and every
Spacehole ruling of RULINGS.md; docs/rules/spacehole.md maps each one to code here).

The turn is driven by ``_advance``, which runs automatic steps until the game needs a
decision from the player (``s.pending``) or a chance outcome (``s.chance``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import accumulate, repeat
from operator import attrgetter, is_
from typing import Any, NamedTuple

from ..core.deck import Deck
from ..core.dist import Dist
from ..core.errors import GameError, InvalidActionError
from ..core.game import _GAMMA, _M64, _MAX_STEPS, CHANCE, Game, State, _draw
from . import data
from .actions import Move, label, parse_label
from .power import ROLES, UPKEEP, allocation, feasible, income_of
from .rules import Rules

__all__ = ["Spacehole", "SpaceholeState"]

HAND_LIMIT = 5
_NOTATION = attrgetter("_text")  # a Move's notation, str(move), without a Python call
_BATTLE_STEPS = {
    "simultaneous": ("inv_roll", "def_roll", "alloc", "apply"),
    "invader_first": ("inv_roll", "alloc", "def_roll", "apply"),
    "defenders_first": ("def_roll", "apply", "inv_roll", "alloc"),
}
_SIM_DEF_ROLL = _BATTLE_STEPS["simultaneous"][1:]  # bq at a simultaneous round's invader dice
_SIM_ALLOC = _BATTLE_STEPS["simultaneous"][2:]  # bq at its defender dice
PHASES = ("karma", "event", "build", "power", "income", "end", "over")


class _InPlay(NamedTuple):
    """Totals of the structures in play (see ``Spacehole._in_play``)."""

    roles: Counter
    generated: int
    upkeep: int
    capacity: int
    hand_limit: int
    turrets: int
    domes: int
    lab: bool
    key: tuple[int, ...]  # role counts in power.ROLES order (power.allocation's key)


class SpaceholeState(State):
    """Everything about a Spacehole position. Cards in play are sorted tuples of
    ``(name, damage)`` pairs; the hand is a sorted tuple of names (tuples are never
    changed, only replaced, so a copy shares them); the discard pile is a
    ``defaultdict(int)`` of counts.

    A copy shares the deck and the discard pile with its original too (copy-on-write):
    ``own`` says which of them this state owns (``OWN_DECK``, ``OWN_DISCARD``), and the
    engine changes them only through :func:`_deck` and :func:`_discard`, which copy a
    shared one first. ``powered`` is never changed in place, only replaced. ``own`` is
    bookkeeping, not position: equality and the repr leave it out."""

    __slots__ = (
        "after",
        "base_damage",
        "battle_round",
        "bq",
        "chance",
        "current",
        "deck",
        "def_hits",
        "defenders",
        "discard",
        "flare_left",
        "hand",
        "inv_damage",
        "inv_hits",
        "last_drawn",
        "last_income",
        "last_round",
        "lost",
        "megacredits",
        "own",
        "pending",
        "phase",
        "powered",
        "reveal_left",
        "seismic",
        "stage",
        "structures",
        "terraform",
        "turn",
    )

    def copy(self) -> SpaceholeState:
        c = SpaceholeState()
        c.turn = self.turn
        c.phase = self.phase
        c.stage = self.stage
        c.pending = self.pending
        c.after = self.after
        c.chance = self.chance
        c.deck = self.deck
        c.own = 0
        c.hand = self.hand
        c.structures = self.structures
        c.defenders = self.defenders
        c.discard = self.discard
        c.base_damage = self.base_damage
        c.megacredits = self.megacredits
        c.current = self.current
        c.inv_damage = self.inv_damage
        c.battle_round = self.battle_round
        c.bq = self.bq
        c.inv_hits = self.inv_hits
        c.def_hits = self.def_hits
        c.last_round = self.last_round
        c.flare_left = self.flare_left
        c.reveal_left = self.reveal_left
        c.terraform = self.terraform
        c.seismic = self.seismic
        c.last_drawn = self.last_drawn
        c.lost = self.lost
        c.powered = self.powered
        c.last_income = self.last_income
        return c

    def _slot_names(self) -> list[str]:
        return list(_POSITION_SLOTS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _POSITION_SLOTS)

    __hash__ = None  # type: ignore[assignment]


_POSITION_SLOTS = tuple(n for n in SpaceholeState.__slots__ if n != "own")
OWN_DECK = 1
OWN_DISCARD = 2


def _deck(s: SpaceholeState) -> Deck:
    """The deck of ``s``, to change (copied first if shared with another state)."""
    if not s.own & OWN_DECK:
        s.deck = s.deck.copy()
        s.own |= OWN_DECK
    return s.deck


def _discard(s: SpaceholeState) -> defaultdict[str, int]:
    """The discard pile of ``s``, to change (copied first if shared)."""
    if not s.own & OWN_DISCARD:
        s.discard = s.discard.copy()
        s.own |= OWN_DISCARD
    return s.discard


_StartDeck = tuple[dict[str, int], tuple[tuple[str, ...], tuple[int, ...]]]
_TABLES: dict[tuple[str, bool], tuple[dict[str, data.Card], dict[str, str], _StartDeck]] = {}


def _tables(variant: str, add_refineries: bool
            ) -> tuple[dict[str, data.Card], dict[str, str], _StartDeck]:
    """The cards of a variant by name, role -> card name, and the starting deck as its
    counts and draw outcomes: made once per variant, never changed (games copy them)."""
    key = (variant, add_refineries)
    out = _TABLES.get(key)
    if out is None:
        cards = dict(data.by_name(variant, add_refineries=add_refineries))
        deck = Deck(data.deck_counts(variant, add_refineries=add_refineries))
        out = _TABLES[key] = (cards, {c.role: c.name for c in cards.values()},
                              (deck.counts, deck.outcomes()))
    return out


_IN_PLAY: dict[tuple[str, bool], dict[tuple[tuple[str, int], ...], _InPlay]] = {}
"""Per variant: the structures in play (a sorted tuple) -> their totals (``_in_play``)."""
_ROLLS: dict[str, dict[int, str]] = {}


def _roll_text(battle_round: int, who: str, dice: int, hits: Any) -> str:
    """The log line of a battle roll, memoised (a few thousand different lines come
    back again and again, and formatting one costs more than finding it): per roller,
    by ``battle_round << 16 | dice << 8 | hits`` (``_settle`` looks it up so too)."""
    # Only plain ints in range have a key (not 2.0 or True: 2 or 1's key).
    if type(hits) is int and type(dice) is int and type(battle_round) is int \
            and 0 <= hits < 256 and 0 <= dice < 256 and battle_round >= 0:
        key = battle_round << 16 | dice << 8 | hits
        memo = _ROLLS.get(who)
        if memo is None:
            if len(_ROLLS) >= 1000:
                _ROLLS.clear()
            memo = _ROLLS[who] = {}
        else:
            text = memo.get(key)
            if text is not None:
                return text
            if len(memo) >= 20_000:
                memo.clear()
        text = memo[key] = _format_roll(battle_round, who, dice, hits)
        return text
    return _format_roll(battle_round, who, dice, hits)


def _format_roll(battle_round: int, who: str, dice: int, hits: Any) -> str:
    return f"Round {battle_round}: {who} roll {dice} dice: {hits} hit{'s' if hits != 1 else ''}"


_TAKES: dict[str, dict[int, str]] = {}


def _takes_text(name: str, hits: int, left: int) -> str:
    """The log line of the defenders' hits on invader ``name``, memoised as
    :func:`_roll_text`."""
    if 0 <= hits < 1 << 16 and 0 <= left < 1 << 16:
        memo = _TAKES.get(name)
        if memo is None:
            if len(_TAKES) >= 1000:
                _TAKES.clear()
            memo = _TAKES[name] = {}
        key = hits << 16 | left
        text = memo.get(key)
        if text is not None:
            return text
        if len(memo) >= 20_000:
            memo.clear()
        text = memo[key] = _format_takes(name, hits, left)
        return text
    return _format_takes(name, hits, left)


def _format_takes(name: str, hits: int, left: int) -> str:
    return f"{name} takes {hits} hit{'s' if hits != 1 else ''}" \
        + (f" (Force {left} left)" if left else ": destroyed")


@lru_cache(maxsize=4096)
def _auto_income(key: tuple[int, ...], generated: int, terraform: int) -> int:
    """The income of the Power phase without a choice: ``income_of`` of
    ``allocation(key, generated, terraform)``, memoised."""
    return income_of(dict(allocation(key, generated, terraform)), terraform)


_PASS = Move.of("pass")
_BUILD: dict[str, Move] = {}
"""Card name -> ``Move.of("build", name)`` (filled by ``Move.of`` calls, a few dozen)."""


_HOOKS = ("_roll_once", "_step", "_chance", "_outcome_text", "_to_move", "_resolve",
          "legal_actions", "apply", "_settle")
"""What a subclass may not override for ``Spacehole.apply`` and ``Spacehole._settle`` to
make its steps (they write these out); a subclass that does gets ``Game.apply`` and the
core's auto-roll loop (``_is_plain`` is False)."""


def _add(items: tuple, x: Any) -> tuple:
    """``items`` (a sorted tuple) with ``x`` added, still sorted."""
    return tuple(sorted((*items, x)))


def _remove(items: tuple, x: Any) -> tuple:
    """``items`` without one ``x`` (ValueError if absent)."""
    i = items.index(x)
    return items[:i] + items[i + 1:]


class Spacehole(Game):
    """Spacehole, the solo colony-defence game, or its Babylon 5 re-theme.

    ``bg.Spacehole(seed=7, variant="classic" | "babylon5", rules=Rules(...),
    auto_roll=True)``. See :meth:`scenario` to set up any position.
    """

    name = "spacehole"
    version = 1
    Action = Move
    Rules = Rules
    _in_play_cache: tuple[tuple, _InPlay] | None = None
    _is_plain = True
    """Whether the class keeps Spacehole's step hooks (``_HOOKS``); a subclass's is set
    in ``__init_subclass__``."""

    # ------------------------------------------------------------------ set-up
    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        variant = options.pop("variant", "classic")
        scenario = options.pop("scenario", None)
        if options:
            raise TypeError(f"unexpected keyword(s) {sorted(options)} for Spacehole")
        if variant not in ("classic", "babylon5"):
            raise ValueError(f"unknown variant {variant!r}; variants: 'classic', 'babylon5'")
        self.variant = variant
        # A plain dict (not the read-only mapping of data.by_name): hot loops look cards up.
        # The tables are made once per variant; each game gets its own copies.
        cards, role_names, self._deck0 = _tables(variant, self.rules.b5_add_refineries)
        self.cards: dict[str, data.Card] = cards.copy()
        self._role_names = role_names.copy()
        self.base_name = self._role_names["base"]
        # What structures in play add up to (_in_play), shared by the games of a variant.
        self._ip_memo = _IN_PLAY.setdefault((variant, self.rules.b5_add_refineries), {})
        # (defenders, structures, defender_dice) of the last round's defenders' roll.
        self._dd: tuple[Any, Any, int] = (None, None, 0)
        out: dict[str, Any] = {"variant": variant}
        if scenario is not None:
            out["scenario"] = _check_scenario(scenario, self)
        return out

    def _new_state(self) -> SpaceholeState:
        s = object.__new__(SpaceholeState)
        s.turn = 1
        s.phase = "karma"
        s.stage = "karma_draw"
        s.pending = None
        s.after = None
        s.chance = None
        counts, outcomes = self._deck0
        s.deck = Deck._trusted(counts.copy(), outcomes)
        s.own = OWN_DECK | OWN_DISCARD
        s.hand = ()
        s.structures = ()
        s.defenders = ()
        s.discard = defaultdict(int)
        s.base_damage = 0
        s.megacredits = 0
        s.current = None
        s.inv_damage = 0
        s.battle_round = 0
        s.bq = ()
        s.inv_hits = 0
        s.def_hits = 0
        s.last_round = None
        s.flare_left = 0
        s.reveal_left = 0
        s.terraform = 0
        s.seismic = False
        s.last_drawn = False
        s.lost = False
        s.powered = {}
        s.last_income = None
        sc = self._options.get("scenario")
        if sc is not None:
            _apply_scenario(self, s, sc)
        # The automatic steps run while setting up (a scenario's known first draw, an
        # invasion announced) head the log.
        self._advance(s, self._log)
        return s

    @classmethod
    def scenario(
        cls,
        *,
        structures: Iterable[str] = (),
        defenders: Iterable[str] = (),
        hand: Iterable[str] = (),
        deck: Iterable[str] | None = None,
        discard: Iterable[str] = (),
        megacredits: int = 0,
        damage: dict[str | int, int] | None = None,
        base_damage: int = 0,
        phase: str = "karma",
        event: str | None = None,
        turn: int = 1,
        terraform: int = 0,
        variant: str = "classic",
        seed: int | None = None,
        auto_roll: bool = True,
        rules: Rules | None = None,
    ) -> Spacehole:
        """A game set up in any position, for tests, lessons and what-ifs.

        structures, defenders
            Card names in play besides the Base (which is always in play).
        hand
            Card names in hand (Structures and Defenders only).
        deck
            ``None``: every card not placed elsewhere is in the deck, order unknown.
            A list: exactly these cards, top first, all known (so draws are fixed).
        discard
            Card names in the discard pile.
        megacredits, base_damage, terraform, turn
            Megacredits, hits already on the Base, Terraform events already resolved,
            the turn number.
        damage
            ``{name_or_index: hits}``: a name is a Defender or Force Dome in play (it must
            be unambiguous), an index counts in ``defenders``.
        phase, event
            ``"karma"`` (the turn starts with the draw), ``"event"`` (``event`` names
            the Invader or Event card being resolved), ``"build"``, ``"power"`` or
            ``"end"``.

        Unknown card names and impossible set-ups (more copies than the deck has,
        events in hand, damage that would have destroyed a card, capacity exceeded,
        a structure the power could never have allowed is fine) raise ``ValueError``.
        """
        spec = {
            "structures": list(structures), "defenders": list(defenders), "hand": list(hand),
            "deck": None if deck is None else list(deck), "discard": list(discard),
            "megacredits": megacredits,
            "damage": {str(k) if isinstance(k, int) else k: v
                       for k, v in (damage or {}).items()} if damage else {},
            "damage_index": [k for k in (damage or {}) if isinstance(k, int)],
            "base_damage": base_damage, "phase": phase, "event": event, "turn": turn,
            "terraform": terraform,
        }
        return cls(seed=seed, rules=rules, auto_roll=auto_roll, variant=variant, scenario=spec)

    # ------------------------------------------------------------------ helpers
    def card(self, name: str) -> data.Card:
        """The card of this variant called ``name`` (``ValueError`` if there is none)."""
        try:
            return self.cards[name]
        except KeyError:
            raise ValueError(f"unknown {self.variant} card {name!r}") from None

    def _in_play(self, s: SpaceholeState) -> _InPlay:
        """What the structures in play add up to. Cached by the identity of the
        structures tuple: tuples are never changed, and the cache keeps its key alive."""
        cached = self._in_play_cache
        if cached is not None and cached[0] is s.structures:
            return cached[1]
        memo = self._ip_memo
        ip = memo.get(s.structures)
        if ip is not None:
            self._in_play_cache = (s.structures, ip)
            return ip
        cards = self.cards
        base = cards[self.base_name]
        roles: Counter = Counter(cards[n].role for n, _ in s.structures)
        ip = _InPlay(
            roles=roles,
            generated=base.generates + sum(cards[n].generates for n, _ in s.structures),
            upkeep=sum(cards[n].power for n, _ in s.structures),
            capacity=base.capacity + sum(cards[n].capacity for n, _ in s.structures),
            hand_limit=HAND_LIMIT + sum(cards[n].hand_size for n, _ in s.structures),
            turrets=roles["turret"],
            domes=roles["dome"],
            lab=roles["lab"] > 0,
            key=tuple([roles[r] for r in ROLES]),
        )
        self._in_play_cache = (s.structures, ip)
        if len(memo) >= 20_000:
            memo.clear()
        memo[s.structures] = ip
        return ip

    def _roles(self, s: SpaceholeState) -> Counter:
        return self._in_play(s).roles

    def _has(self, s: SpaceholeState, role: str) -> bool:
        return self._in_play(s).roles[role] > 0

    def power_generated(self, s: SpaceholeState | None = None) -> int:
        """Power generated per turn: the Base's 5 plus 5 per Solar Array."""
        return self._in_play(s or self._s).generated

    def upkeep(self, s: SpaceholeState | None = None) -> int:
        """Total power upkeep (P column) of the structures in play."""
        return self._in_play(s or self._s).upkeep

    def capacity(self, s: SpaceholeState | None = None) -> int:
        """Defenders allowed: 2 for the Base plus the D column of structures in play."""
        return self._in_play(s or self._s).capacity

    def hand_limit(self, s: SpaceholeState | None = None) -> int:
        """5 cards, +2 per Command Center in play."""
        return self._in_play(s or self._s).hand_limit

    def _max_hits(self, name: str) -> int:
        c = self.cards[name]
        return self.rules.base_hits if c.role == "base" else c.max_hits

    def _force(self, name: str, damage: int) -> int:
        return self.cards[name].force - damage

    def _fights(self, s: SpaceholeState, name: str) -> bool:
        return not self.cards[name].needs_lab or self._in_play(s).lab

    def defender_dice(self, s: SpaceholeState | None = None) -> int:
        """Dice the defending side rolls in a round: each fighting defender one per point
        of current Force, each Laser Turret one, the Base's own turret one."""
        s = s or self._s
        ip = self._in_play(s)
        cards = self.cards
        dice = 1 + ip.turrets
        for n, d in s.defenders:
            c = cards[n]
            if not c.needs_lab or ip.lab:
                dice += c.force - d
        return dice

    def invader_force(self, s: SpaceholeState | None = None) -> int:
        s = s or self._s
        if s.current is None or self.cards[s.current].kind != "invader":
            return 0
        return self.cards[s.current].force - s.inv_damage

    # ------------------------------------------------------------------ protocol hooks
    def _to_move(self, s: SpaceholeState) -> int | None:
        if s.chance is not None:
            return CHANCE
        if s.pending is None:
            return None
        return 0

    def _scores(self, s: SpaceholeState) -> tuple[int]:
        return (0 if s.lost else s.megacredits,)

    def _winner(self, s: SpaceholeState) -> int | None:
        return None if s.lost else 0

    def parse(self, text: str) -> Move:
        mv = super().parse(text)
        if mv.arg and not (mv.verb == "power" and mv.arg in ("optimal", "done")) \
                and mv.verb != "end":
            name, _ = parse_label(mv.arg)
            if name not in self.cards:
                raise InvalidActionError(text, f"no {self.variant} card is called {name!r}")
        return mv

    @property
    def is_over(self) -> bool:
        s = self._s  # ``_to_move(s) is None``, read directly
        return s.chance is None and s.pending is None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._is_plain = all(getattr(cls, name) is getattr(Spacehole, name) for name in _HOOKS)
        if cls._to_move is not Spacehole._to_move and cls.is_over is Spacehole.is_over:
            cls.is_over = Game.is_over  # type: ignore[method-assign]  # the hook decides

    def apply(self, x: Any) -> Spacehole:
        """``Game.apply``, with the step of a player's action written out (the hot path of
        every playout): an action of ``legal_actions()`` (found by identity) is applied
        to a copy of the state, then the auto-roll loop runs. Anything else (a notation,
        an equal action, a chance outcome, a refused action) goes through the full
        checks of ``Game.apply``, and a subclass that changes how a step is made gets
        ``Game.apply``."""
        s = self._s
        if s.chance is not None or s.pending is None or not self._is_plain:
            return super().apply(x)
        legal = self._legal_cache
        if legal is None:
            legal = self.legal_actions()
        if type(x) is not Move or not any(map(is_, legal, repeat(x))):
            return super().apply(x)
        new = s.copy()
        log = self._log
        mark = len(log)
        try:
            self._act(new, x, log)
        except BaseException:
            del log[mark:]
            raise
        self._undo.append((s, mark))
        self._s = new
        self._hist.append((0, x, x._text))
        self._legal_cache = None
        self._redo.clear()
        if new.chance is not None and self._auto:
            self._settle()
        return self

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[Move, ...]:
        """The legal actions, sorted by notation and unique (empty at chance nodes and
        when the game is over); cached per position."""
        cached = self._legal_cache
        if cached is None:
            s = self._s
            if s.chance is not None or s.pending is None:
                cached = ()
            else:
                cached = tuple(sorted(set(self._legal(s)), key=_NOTATION))
            self._legal_cache = cached
        return cached

    def _legal(self, s: SpaceholeState) -> list[Move]:
        p = s.pending
        if p == "discard":
            return [Move.of("discard", n) for n in set(s.hand)]
        if p == "build":
            # The cards _build_problem allows, its tests written out.
            cards = self.cards
            ip = self._in_play(s)
            gen = ip.generated
            total = self.rules.build_power_check == "total"
            full = self.rules.defender_overflow == "forbid" and len(s.defenders) >= ip.capacity
            build = _BUILD
            out = []
            for n in set(s.hand):
                c = cards[n]
                kind = c.kind
                if kind == "structure":
                    if c.power and (ip.upkeep + c.power if total else c.power) > gen + c.generates:
                        continue
                elif kind != "defender" or (c.needs_lab and not ip.lab) or full:
                    continue
                mv = build.get(n)
                if mv is None:
                    mv = build[n] = Move.of("build", n)
                out.append(mv)
            if s.base_damage or s.defenders or s.structures:
                out += [Move.of("repair", t) for t in self._damaged(s)]
            out.append(_PASS)
            return out
        if p == "take_defender":
            return [Move.of("take", n) for n in s.discard if self.cards[n].kind == "defender"]
        if p == "take_structure":
            return [Move.of("take", n) for n in s.discard if self.cards[n].kind == "structure"]
        if p == "virus":
            out = [Move.of("virus", label(n, d)) for n, d in set(s.defenders)]
            out += [Move.of("virus", n) for n, _ in set(s.structures)
                    if self.cards[n].role == "colony"]
            return out
        if p == "overflow":
            return [Move.of("remove", label(n, d)) for n, d in set(s.defenders)]
        if p == "power":
            out = [Move.of("power", "optimal"), Move.of("power", "done")]
            roles = self._roles(s)
            gen = self.power_generated(s)
            for role, n in roles.items():
                if role not in UPKEEP:
                    continue
                trial = dict(s.powered)
                trial[role] = trial.get(role, 0) + 1
                if trial[role] <= n and feasible(trial, roles, gen):
                    out.append(Move.of("power", self._role_names[role]))
            return out
        if p == "end":
            out = [Move.of("end", "turn")]
            out += [Move.of("peek", label(n, d)) for n, d in set(s.defenders)
                    if self.cards[n].peek]
            return out
        return []

    def _damaged(self, s: SpaceholeState) -> list[str]:
        out = [label(n, d) for n, d in set(s.defenders) if d > 0]
        out += [label(n, d) for n, d in set(s.structures) if d > 0]
        if s.base_damage > 0:
            out.append(self.base_name)
        return out

    def _build_problem(self, s: SpaceholeState, name: str) -> tuple[str, str] | None:
        """(rule, reason) why ``name`` cannot be built now, or None."""
        c = self.cards[name]
        if c.kind == "structure":
            if not c.power:  # ruling 7: a card that needs no power token can always be built
                return None
            gen = self.power_generated(s) + c.generates
            if self.rules.build_power_check == "total":
                need = self.upkeep(s) + c.power
                if need > gen:
                    return ("Build Phase: power (ruling 7)",
                            f"with {name} the structures would need {need} power, "
                            f"but only {gen} is generated")
            elif c.power > gen:
                return ("Build Phase: power (ruling 7, new_card_only)",
                        f"{name} needs {c.power} power, only {gen} is generated")
            return None
        if c.kind == "defender":
            if c.needs_lab and not self._has(s, "lab"):
                return ("Alien Artifact (ruling 7)",
                        f"{name} may be played only with a {self._role_names['lab']} in play")
            if self.rules.defender_overflow == "forbid" and len(s.defenders) >= self.capacity(s):
                return ("Defender capacity (ruling 8, defender_overflow='forbid')",
                        f"all {self.capacity(s)} defender places are taken")
            return None
        return ("Build Phase", f"{name} is not a Structure or Defender card")

    def _why_illegal(self, s: SpaceholeState, action: Move) -> tuple[str, str]:
        what = {
            "discard": "a card to discard (hand over its limit)",
            "build": "a card to build, a card to repair, or pass",
            "take_defender": "a Defender to take from the discard pile",
            "take_structure": "a Structure to take from the discard pile",
            "virus": "a Defender or Colony to discard (Space Virus)",
            "overflow": "a Defender to discard (capacity exceeded)",
            "power": "power tokens to place",
            "end": "a Rangers card to discard and peek with, or end turn",
        }.get(s.pending or "", "nothing")
        v, arg = action.verb, action.arg
        expected = {
            "discard": {"discard"}, "build": {"build", "repair", "pass"},
            "take_defender": {"take"}, "take_structure": {"take"}, "virus": {"virus"},
            "overflow": {"remove"}, "power": {"power"}, "end": {"end", "peek"},
        }.get(s.pending or "", set())
        phase_rule = f"{s.phase.capitalize()} Phase"
        if v not in expected:
            return (phase_rule, f"the game is waiting for {what}, not {v!r}")
        name = parse_label(arg)[0] if arg else ""
        if v == "build":
            if name not in s.hand:
                return ("Build Phase", f"there is no {name} in hand")
            prob = self._build_problem(s, name)
            if prob:
                return prob
        if v == "repair":
            return ("Repair (ruling 9)", f"there is no damaged card {arg!r} in play")
        if v == "discard":
            return ("Space Karma Phase: hand limit", f"there is no {name} in hand")
        if v == "take":
            kind = "Defender" if s.pending == "take_defender" else "Structure"
            return ("Reinforcements / Repairs (ruling 11)",
                    f"there is no {kind} {name!r} in the discard pile")
        if v in ("remove", "virus", "peek"):
            return (phase_rule, f"{arg!r} is not a choice now")
        if v == "power":
            return ("Power Phase (ruling 10)",
                    f"one more {arg} cannot be powered: not enough power, or its "
                    "supporting structures are not powered")
        return (phase_rule, f"the game is waiting for {what}")

    # ------------------------------------------------------------------ actions
    def _act(self, s: SpaceholeState, mv: Move, log: list[str]) -> None:
        v, arg = mv.verb, mv.arg
        if v == "discard":
            s.hand = _remove(s.hand, arg)
            _discard(s)[arg] += 1
            log.append(f"Discarded {arg} from hand")
            if len(s.hand) <= self.hand_limit(s):
                s.pending = None
                s.stage = s.after or "event"
                s.after = None
        elif v == "build":
            s.hand = _remove(s.hand, arg)
            c = self.cards[arg]
            s.pending = None
            if c.kind == "structure":
                s.structures = _add(s.structures, (arg, 0))
                log.append(f"Built {arg}")
            else:
                s.defenders = _add(s.defenders, (arg, 0))
                log.append(f"Played defender {arg} (Force {c.force})")
            self._capacity_check(s, "power", log)
        elif v == "repair":
            name, dmg = parse_label(arg)
            if name == self.base_name and self.cards[name].role == "base":
                s.base_damage = 0
            elif self.cards[name].kind == "defender":
                s.defenders = _remove(s.defenders, (name, dmg))
                s.defenders = _add(s.defenders, (name, 0))
            else:
                s.structures = _remove(s.structures, (name, dmg))
                s.structures = _add(s.structures, (name, 0))
            log.append(f"Repaired {name}: all damage removed")
            s.pending = None
            s.stage = "power"
        elif v == "pass":
            log.append("Built nothing")
            s.pending = None
            s.stage = "power"
        elif v == "take":
            pile = _discard(s)
            pile[arg] -= 1
            if not pile[arg]:
                del pile[arg]
            s.hand = _add(s.hand, arg)
            log.append(f"Took {arg} from the discard pile into hand")
            s.pending = None
            s.stage = "event_done"
        elif v == "virus":
            name, dmg = parse_label(arg)
            s.pending = None
            if self.cards[name].kind == "defender":
                self._discard_defender(s, name, dmg, log, "Space Virus")
                s.stage = "event_done"
            else:
                s.structures = _remove(s.structures, (name, dmg))
                _discard(s)[name] += 1
                log.append(f"Space Virus: {name} discarded")
                self._capacity_check(s, "event_done", log)
        elif v == "remove":
            name, dmg = parse_label(arg)
            self._discard_defender(s, name, dmg, log, "over capacity")
            if len(s.defenders) <= self.capacity(s):
                s.pending = None
                s.stage = s.after
                s.after = None
        elif v == "power":
            if arg == "optimal":
                s.powered = self.optimal_power(s)
                log.append("Power: the income-maximising allocation")
                s.pending = None
                s.stage = "income"
            elif arg == "done":
                log.append("Power tokens placed")
                s.pending = None
                s.stage = "income"
            else:
                role = self.cards[arg].role
                s.powered = dict(s.powered)
                s.powered[role] = s.powered.get(role, 0) + 1
                log.append(f"Power token on {arg}")
        elif v == "peek":
            name, dmg = parse_label(arg)
            self._discard_defender(s, name, dmg, log, "to look at the deck")
            s.pending = None
            s.chance = ("peek_die",)
        elif v == "end":
            s.pending = None
            s.stage = "finish"
        self._advance(s, log)

    def optimal_power(self, s: SpaceholeState | None = None) -> dict[str, int]:
        """The income-maximising power allocation (role -> how many powered)."""
        s = s or self._s
        ip = self._in_play(s)
        return dict(allocation(ip.key, ip.generated, s.terraform))

    def _discard_defender(self, s: SpaceholeState, name: str, dmg: int,
                          log: list[str], why: str) -> None:
        s.defenders = _remove(s.defenders, (name, dmg))
        _discard(s)[name] += 1
        log.append(f"{name} discarded ({why})")

    def _capacity_check(self, s: SpaceholeState, then: str, log: list[str]) -> None:
        cap = self.capacity(s)
        if len(s.defenders) > cap:
            log.append(f"Defender capacity is {cap}: {len(s.defenders) - cap} must be discarded")
            s.pending = "overflow"
            s.after = then
        else:
            s.stage = then

    # ------------------------------------------------------------------ chance nodes
    def _chance(self, s: SpaceholeState) -> tuple[Sequence[Any], Sequence[int]]:
        ch = s.chance
        kind = ch[0]
        if kind in _DICE:
            n = ch[1]
            return _BINOM[n] if n < _NBINOM else _binom(n)
        if kind in _PICK_DEFENDER:
            return _label_weights(s.defenders)
        if kind in ("draw", "reveal"):
            return s.deck.outcomes()
        if kind == "random_structure":
            return _label_weights(s.structures, self.base_name)
        if kind == "peek_die":
            return (1, 2, 3, 4, 5, 6), (1, 1, 1, 1, 1, 1)
        raise AssertionError(kind)  # pragma: no cover

    def _outcome_text(self, outcome: Any) -> str:
        ch = self._s.chance
        if ch is not None:
            kind = ch[0]
            if kind in _DICE:
                if type(outcome) is int and 0 <= outcome < _NBINOM:
                    return _HITS[outcome]
                return f"{outcome} hit" + ("" if outcome == 1 else "s")
            if kind == "peek_die":
                return f"rolled {outcome}"
        return str(outcome)

    def _resolve(self, s: SpaceholeState, outcome: Any, log: list[str]) -> None:
        kind = s.chance[0]
        s.chance = None
        if kind in _IN_BATTLE:
            if kind == "inv_dice":
                s.inv_hits = outcome
                r = s.last_round
                s.last_round = (r[0], r[1], outcome, r[3], r[4])
                log.append(_roll_text(s.battle_round, s.current, r[1], outcome))
            elif kind == "def_dice":
                s.def_hits = outcome
                r = s.last_round
                s.last_round = (r[0], r[1], r[2], r[3], outcome)
                log.append(_roll_text(s.battle_round, "Defenders", r[3], outcome))
            else:  # "target"
                self._hit_defender(s, *parse_label(outcome), log)
                s.inv_hits -= 1
            # What _advance would do first (the stage is "battle_step"), without its loop.
            self._battle(s, log)
            if s.chance is None and not s.lost:  # the battle is over: on with the turn
                self._advance(s, log)
            return
        if kind == "draw":
            _deck(s).take_unknown(outcome)
            self._drawn(s, outcome, log)
        elif kind == "reveal":
            _deck(s).reveal(outcome)
            s.reveal_left -= 1
            log.append(f"Seen in the deck: {outcome} (position {len(s.deck.known)})")
        elif kind == "flare":
            self._hit_defender(s, *parse_label(outcome), log)
            s.flare_left -= 1
        elif kind == "random_defender":
            name, dmg = parse_label(outcome)
            self._discard_defender(s, name, dmg, log, self.cards[s.current].name)
            s.stage = "event_done"
        elif kind == "random_structure":
            self._lose_structure(s, outcome, log)
        elif kind == "peek_die":
            n = min(outcome, len(s.deck))
            s.reveal_left = max(0, n - len(s.deck.known))
            log.append(f"Looks at the next {outcome} card(s) of the deck"
                       + (f" ({len(s.deck)} left)" if outcome > len(s.deck) else ""))
        self._advance(s, log)

    def _settle(self) -> None:
        """The core's auto-roll loop (``Game._settle``), specialised: the dice of a battle
        (most of a game's steps) are drawn and named here (the same draw as
        ``core.rng.draw_index``, without the ``_chance`` and ``_outcome_text`` calls), and
        the rounds of a simultaneous battle run in :meth:`_sim_rounds`; the steps are
        the same. A subclass that changes how a chance step is made gets the core's
        loop."""
        if not self._auto:
            return
        s = self._s
        if s.chance is None:
            return
        if not self._is_plain:
            super()._settle()
            return
        hist, undo, log, seed = self._hist, self._undo, self._log, self.seed
        self._legal_cache = None
        k = len(hist)
        while True:
            if k >= _MAX_STEPS:
                raise GameError("step limit reached")
            ch = s.chance
            kind = ch[0]
            if (kind == "inv_dice" or kind == "def_dice") and ch[1] < _NBINOM:
                if kind == "inv_dice" and s.bq == _SIM_DEF_ROLL and s.stage == "battle_step" \
                        and self.rules.battle_order == "simultaneous":
                    s, k = self._sim_rounds(s, k)
                    if s.chance is None:
                        return
                    continue
                # rng.draw_index(seed, k, binomial weights), written out: the k-th
                # SplitMix64 output scaled to the total weight, then its place among the
                # running sums (the outcome is the number of hits).
                n = ch[1]
                if n:
                    x = (seed + (k + 1) * _GAMMA) & _M64
                    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
                    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
                    sums = _BINOM_SUMS[n]
                    outcome = bisect_right(sums, ((x ^ (x >> 31)) * sums[-1]) >> 64)
                else:
                    outcome = 0
                text = _HITS[outcome]
            elif kind == "draw":
                # _chance, _draw and _resolve of a draw, written out.
                names, weights = s.deck.outcomes()
                if len(names) > 1:
                    x = (seed + (k + 1) * _GAMMA) & _M64
                    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
                    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
                    sums = list(accumulate(weights))
                    text = names[bisect_right(sums, ((x ^ (x >> 31)) * sums[-1]) >> 64)]
                else:
                    text = names[0]
                new = s.copy()
                new.chance = None
                mark = len(log)
                try:
                    _deck(new).take_unknown(text)
                    self._drawn(new, text, log)
                    self._advance(new, log)
                except BaseException:
                    del log[mark:]
                    raise
                undo.append((s, mark))
                self._s = s = new
                hist.append((CHANCE, text, text))
                k += 1
                if s.chance is None:
                    return
                continue
            else:
                outcomes, weights = self._chance(s)
                outcome = outcomes[_draw(seed, k, weights)] if len(outcomes) > 1 \
                    else outcomes[0]
                text = self._outcome_text(outcome)
            new = s.copy()
            mark = len(log)
            try:
                self._resolve(new, outcome, log)
            except BaseException:
                del log[mark:]
                raise
            undo.append((s, mark))
            self._s = s = new
            hist.append((CHANCE, outcome, text))
            k += 1
            if s.chance is None:
                return

    def _sim_rounds(self, s: SpaceholeState, k: int) -> tuple[SpaceholeState, int]:
        """The rounds of a simultaneous battle, from the invader's dice (``s``, step
        ``k``): each round's two dice steps made as ``_settle`` makes a step, with
        ``_resolve`` and ``_battle`` written out for them (the invader's hits go through
        ``_battle``'s allocation). Returns the state and step count where it stops: the
        end of the battle, or a chance node that is not a round's first dice."""
        hist, undo, log, seed = self._hist, self._undo, self._log, self.seed
        who = s.current
        force = self.cards[who].force
        base, base_hits = self.base_name, self.rules.base_hits
        inv_texts = _ROLLS.get(who)
        def_texts = _ROLLS.get("Defenders")
        z = seed + (k + 1) * _GAMMA  # seed + (k + 1) * _GAMMA of step k, kept up to date
        while True:
            # The invader's dice: s.chance == ("inv_dice", n), s.bq == _SIM_DEF_ROLL.
            n = s.chance[1]
            if n >= _NBINOM:
                return s, k
            if k >= _MAX_STEPS:
                raise GameError("step limit reached")
            if n:
                x = z & _M64
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
                sums = _BINOM_SUMS[n]
                h = bisect_right(sums, ((x ^ (x >> 31)) * sums[-1]) >> 64)
            else:
                h = 0
            r = s.last_round
            br = s.battle_round
            line = None if inv_texts is None or r[1] != n \
                else inv_texts.get(br << 16 | n << 8 | h)
            if line is None:
                line = _roll_text(br, who, r[1], h)
                inv_texts = _ROLLS.get(who)
            new = s.copy()
            new.inv_hits = h
            new.bq = _SIM_ALLOC  # _battle's def_roll step
            dd = self._dd
            if dd[0] is new.defenders and dd[1] is new.structures:
                m = dd[2]
            else:
                m = self.defender_dice(new)
                self._dd = (new.defenders, new.structures, m)
            new.last_round = (r[0], r[1], h, m, r[4])
            new.chance = _DEF_DICE[m] if m < _NBINOM else ("def_dice", m)
            mark = len(log)
            log.append(line)
            undo.append((s, mark))
            self._s = s = new
            hist.append(_DICE_STEP[h])  # (CHANCE, h, _HITS[h])
            k += 1
            z += _GAMMA
            # The defenders' dice: s.chance == ("def_dice", m), s.bq == _SIM_ALLOC.
            if m >= _NBINOM:
                return s, k
            if k >= _MAX_STEPS:
                raise GameError("step limit reached")
            if m:
                x = z & _M64
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
                sums = _BINOM_SUMS[m]
                g = bisect_right(sums, ((x ^ (x >> 31)) * sums[-1]) >> 64)
            else:
                g = 0
            r = s.last_round
            line = None if def_texts is None or r[3] != m \
                else def_texts.get(br << 16 | m << 8 | g)
            if line is None:
                line = _roll_text(br, "Defenders", r[3], g)
                def_texts = _ROLLS.get("Defenders")
            new = s.copy()
            new.chance = None
            mark = len(log)
            log.append(line)
            try:
                if h and (s.defenders or s.base_damage + h >= base_hits
                          or self._in_play(s).domes or self._in_play(s).turrets):
                    # Hits to allocate to defenders, domes or turrets, or that destroy
                    # the Base: _battle's alloc (and the rest of the round).
                    new.def_hits = g
                    new.last_round = (r[0], r[1], r[2], r[3], g)
                    self._battle(new, log)
                    if new.chance is None and not new.lost:  # the battle is over
                        self._advance(new, log)
                else:
                    # _battle's alloc: each hit on the Base (_hit_structure, _hit_base,
                    # nothing else in play to take it and the Base survives), then its
                    # apply step and the next round.
                    if h:
                        bd = d0 = s.base_damage
                        for bd in range(d0 + 1, d0 + h + 1):
                            log.append(f"{base} takes 1 damage ({bd}/{base_hits})")
                        new.base_damage = bd
                        new.inv_hits = 0
                    dmg = s.inv_damage
                    if g:
                        new.inv_damage = dmg = min(force, dmg + g)
                        log.append(_takes_text(who, g, force - dmg))
                    if dmg == force:  # destroyed: the battle is over
                        new.bq = ()
                        new.last_round = (r[0], r[1], r[2], r[3], g)
                        new.def_hits = 0
                        new.stage = "event_done"
                        self._advance(new, log)
                    else:
                        new.battle_round = br = br + 1
                        new.bq = _SIM_DEF_ROLL
                        new.def_hits = 0
                        new.last_round = (br, force - dmg, None, None, None)
                        n = force - dmg
                        new.chance = _INV_DICE[n] if n < _NBINOM else ("inv_dice", n)
            except BaseException:
                del log[mark:]
                raise
            undo.append((s, mark))
            self._s = s = new
            hist.append(_DICE_STEP[g])  # (CHANCE, g, _HITS[g])
            k += 1
            z += _GAMMA
            ch = s.chance
            if ch is None or ch[0] != "inv_dice" or s.bq != _SIM_DEF_ROLL \
                    or s.stage != "battle_step":
                return s, k


    # ------------------------------------------------------------------ the turn
    def _drawn(self, s: SpaceholeState, name: str, log: list[str]) -> None:
        c = self.cards[name]
        deck = s.deck
        if not deck.unknown and not deck.known:  # len(deck) == 0
            s.last_drawn = True
        if c.kind in ("invader", "event"):
            s.current = name
            log.append(f"Turn {s.turn}: drew {c.kind} {name}")
        else:
            s.hand = _add(s.hand, name)
            log.append(f"Turn {s.turn}: drew {name} into hand")
        s.stage = "karma_limit"

    def _advance(self, s: SpaceholeState, log: list[str]) -> None:
        """Run automatic steps until a decision, a chance node or the end. The stages are
        tested in the order of a turn, and a stage that hands on to the next one without
        a decision or a chance node falls through to it (what another pass of the loop
        would do)."""
        while s.pending is None and s.chance is None and not s.lost:
            st = s.stage
            if st == "battle_step" or st == "battle":
                self._battle(s, log)
                continue
            if st == "karma_draw":
                s.phase = "karma"
                if s.deck.known:
                    self._drawn(s, _deck(s).pop_known(), log)
                else:
                    names, _ = s.deck.outcomes()
                    if len(names) != 1:
                        s.chance = ("draw",)
                        return
                    _deck(s).take_unknown(names[0])
                    self._drawn(s, names[0], log)
                st = s.stage  # "karma_limit"
            if st == "karma_limit":
                if len(s.hand) > self.hand_limit(s):
                    s.pending = "discard"
                    return
                s.stage = st = "event"
            if st == "event":
                s.phase = "event"
                if s.current is not None:
                    c = self.cards[s.current]
                    if c.kind == "invader":
                        log.append(f"Invasion: {c.name} (Force {c.force}) attacks")
                        s.inv_damage = 0
                        s.battle_round = 0
                        s.stage = "battle"
                    else:
                        self._event(s, log)
                    continue
                s.stage = st = "build"
            if st == "flare":
                if s.flare_left <= 0 or not s.defenders:
                    s.flare_left = 0
                    s.stage = "event_done"
                elif len(set(s.defenders)) == 1:
                    self._hit_defender(s, *s.defenders[0], log)
                    s.flare_left -= 1
                else:
                    s.chance = ("flare",)
                continue
            if st == "event_done":
                if self.rules.hand_limit_check == "always" \
                        and len(s.hand) > self.hand_limit(s):
                    # Reinforcements / Repairs filled the hand, or the Command Center
                    # was lost: discard down now (option hand_limit_check="always").
                    log.append(f"Hand of {len(s.hand)} over its limit of "
                               f"{self.hand_limit(s)}")
                    s.pending = "discard"
                    s.after = "event_done"
                    return
                if s.current is not None:
                    _discard(s)[s.current] += 1
                    s.current = None
                s.inv_damage = 0
                s.stage = st = "build"
            if st == "build":
                s.phase = "build"
                s.pending = "build"
                return
            if st == "power":
                s.phase = "power"
                if self.rules.power_choice == "manual":
                    s.powered = {}
                    s.pending = "power"
                    return
                # optimal_power(s) and its income. The allocation is not kept: the
                # income stage (here) sets powered back to {} before the next step.
                ip = self._in_play(s)
                earned = _auto_income(ip.key, ip.generated, s.terraform)
                s.phase = "income"
            elif st == "income":
                s.phase = "income"
                earned = income_of(s.powered, s.terraform)
            if st == "power" or st == "income":
                if s.seismic:
                    log.append(f"Seismic Events: no income this turn (would have been {earned})")
                    earned = 0
                s.megacredits += earned
                s.last_income = earned
                if earned or not s.seismic:
                    log.append(f"Income: {earned} Megacredits (total {s.megacredits})")
                s.powered = {}
                s.stage = st = "end"
            if st == "end":
                s.phase = "end"
                if s.reveal_left > 0:
                    names, _ = s.deck.outcomes()
                    if len(names) != 1:
                        s.chance = ("reveal",)
                        return
                    _deck(s).reveal(names[0])
                    s.reveal_left -= 1
                    log.append(f"Seen in the deck: {names[0]} "
                               f"(position {len(s.deck.known)})")
                    continue
                if s.deck.unknown and s.defenders and self._can_peek(s.defenders):
                    s.pending = "end"
                    return
                s.stage = st = "finish"
            if st == "finish":
                s.seismic = False
                if s.last_drawn or (not s.deck.unknown and not s.deck.known):
                    s.phase = "over"
                    s.stage = "over"
                    log.append(f"Game over: the last card has been drawn. "
                               f"Score {s.megacredits}")
                    return
                s.turn += 1
                s.stage = "karma_draw"
                continue
            if st == "over":
                return
            raise AssertionError(st)  # pragma: no cover

    def _can_peek(self, defenders: tuple[tuple[str, int], ...]) -> bool:
        """Whether a card that may be discarded to peek (Rangers, Scouts) is among
        ``defenders``."""
        cards = self.cards
        return any(cards[n].peek for n, _ in defenders)

    def _battle(self, s: SpaceholeState, log: list[str]) -> None:
        """The stages ``battle`` (a new round: its steps queued in ``bq``) and
        ``battle_step`` (the next step of the round), run until a chance node (dice, a
        target), the end of the battle (stage ``event_done``) or the loss of the game.
        Only an invader is ever fought, so its Force is ``force - inv_damage``."""
        inv = self.cards[s.current]
        bq = None if s.stage == "battle" else s.bq
        while True:
            if bq is None:  # a new round
                s.battle_round = r = s.battle_round + 1
                s.bq = bq = _BATTLE_STEPS[self.rules.battle_order]
                s.inv_hits = s.def_hits = 0
                # (round, invader dice, invader hits, defender dice, defender hits)
                s.last_round = (r, None, None, None, None)
                s.stage = "battle_step"
            elif not bq:  # the round is over
                if inv.force > s.inv_damage:
                    bq = None
                    continue
                s.stage = "event_done"
                return
            step = bq[0]
            if step == "inv_roll":
                s.bq = bq[1:]
                n = inv.force - s.inv_damage
                r = s.last_round
                s.last_round = (r[0], n, r[2], r[3], r[4])
                s.chance = ("inv_dice", n)
                return
            if step == "def_roll":
                s.bq = bq[1:]
                n = self.defender_dice(s)
                r = s.last_round
                s.last_round = (r[0], r[1], r[2], n, r[4])
                s.chance = ("def_dice", n)
                return
            if step == "alloc":
                if s.inv_hits <= 0:
                    s.bq = bq = bq[1:]
                    continue
                d = s.defenders
                if d:
                    if d[0] == d[-1]:  # one kind of defender (sorted): no choice to draw
                        self._hit_defender(s, *d[0], log)
                        s.inv_hits -= 1
                    else:
                        s.chance = ("target",)
                        return
                else:
                    self._hit_structure(s, log)
                    s.inv_hits -= 1
                    if s.lost:
                        return
                continue
            # step == "apply"
            s.bq = bq = bq[1:]
            hits = s.def_hits
            if hits:
                s.inv_damage = dmg = min(inv.force, s.inv_damage + hits)
                left = inv.force - dmg
                log.append(_takes_text(inv.name, hits, left))
                s.def_hits = 0
                if left == 0 and self.rules.battle_order == "defenders_first":
                    s.bq = bq = ()
            if inv.force == s.inv_damage:
                s.bq = ()
                s.stage = "event_done"
                return

    def _hit_defender(self, s: SpaceholeState, name: str, dmg: int, log: list[str]) -> None:
        s.defenders = _remove(s.defenders, (name, dmg))
        c = self.cards[name]
        if dmg + 1 >= c.max_hits:
            _discard(s)[name] += 1
            log.append(f"{name} is hit and destroyed")
        else:
            s.defenders = _add(s.defenders, (name, dmg + 1))
            log.append(f"{name} is hit (Force {c.force - dmg - 1} left)")

    def _hit_structure(self, s: SpaceholeState, log: list[str]) -> None:
        """One invader hit when no defender is in play: domes, then turrets, then the Base."""
        ip = self._in_play(s)
        if ip.domes:
            domes = [(n, d) for n, d in s.structures if self.cards[n].role == "dome"]
            n, d = max(domes, key=lambda t: t[1])
            s.structures = _remove(s.structures, (n, d))
            if d + 1 >= self.cards[n].max_hits:
                _discard(s)[n] += 1
                log.append(f"{n} is hit and destroyed")
            else:
                s.structures = _add(s.structures, (n, d + 1))
                log.append(f"{n} is hit ({d + 1}/{self.cards[n].max_hits})")
            return
        if ip.turrets:
            turrets = [(n, d) for n, d in s.structures if self.cards[n].role == "turret"]
            s.structures = _remove(s.structures, turrets[0])
            _discard(s)[turrets[0][0]] += 1
            log.append(f"{turrets[0][0]} is hit and destroyed")
            return
        self._hit_base(s, log)

    def _hit_base(self, s: SpaceholeState, log: list[str]) -> None:
        s.base_damage += 1
        log.append(f"{self.base_name} takes 1 damage ({s.base_damage}/{self.rules.base_hits})")
        if s.base_damage >= self.rules.base_hits:
            s.lost = True
            s.phase = "over"
            s.stage = "over"
            s.pending = None
            s.chance = None
            log.append(f"{self.base_name} destroyed: the game is lost (score 0)")

    def _lose_structure(self, s: SpaceholeState, outcome: str, log: list[str]) -> None:
        ev = self.cards[s.current].name
        if outcome == self.base_name:
            log.append(f"{ev} hits the {self.base_name}")
            self._hit_base(s, log)
            if not s.lost:
                s.stage = "event_done"
            return
        name, dmg = parse_label(outcome)
        s.structures = _remove(s.structures, (name, dmg))
        _discard(s)[name] += 1
        log.append(f"{ev}: {name} discarded")
        self._capacity_check(s, "event_done", log)

    # ------------------------------------------------------------------ events
    def _event(self, s: SpaceholeState, log: list[str]) -> None:
        c = self.cards[s.current]
        role = c.role
        rn = self._role_names
        roles = self._roles(s)
        n_struct = len(s.structures) + 1  # the Base counts as a structure
        log.append(f"Event: {c.name}")
        s.stage = "event_done"
        m = s.megacredits
        if role == "solar_flare":
            s.flare_left = 2
            s.stage = "flare"
        elif role == "reinforcements":
            if any(self.cards[n].kind == "defender" for n in s.discard):
                s.pending = "take_defender"
        elif role == "repairs":
            if any(self.cards[n].kind == "structure" for n in s.discard):
                s.pending = "take_structure"
        elif role in ("lost_in_space", "black_hole", "intergalactic_war"):
            if len(set(s.defenders)) == 1:
                n, d = s.defenders[0]
                self._discard_defender(s, n, d, log, c.name)
            elif s.defenders:
                s.chance = ("random_defender",)
        elif role == "supernova":
            for n in s.hand:
                _discard(s)[n] += 1
            log.append(f"Hand discarded ({len(s.hand)} cards)")
            s.hand = ()
        elif role in ("lab_explosion", "core_instabilities"):
            target = "lab" if role == "lab_explosion" else "mine"
            victims = sorted(t for t in s.structures if self.cards[t[0]].role == target)
            if victims:
                s.structures = _remove(s.structures, victims[0])
                _discard(s)[victims[0][0]] += 1
                log.append(f"{victims[0][0]} discarded")
            else:
                log.append(f"No {rn.get(target, target)} in play: nothing happens")
        elif role == "terraform":
            s.terraform += 1
            log.append(f"Every {rn['agrodome']} now earns +2 Megacredits")
        elif role == "emergency_repairs":
            s.defenders = tuple(sorted((n, 0) for n, _ in s.defenders))
            s.structures = tuple(sorted((n, 0) for n, _ in s.structures))
            s.base_damage = 0
            log.append("All damage removed")
        elif role == "seismic_events":
            s.seismic = True
        elif role in ("sabotage", "planet_bombs", "meteor_swarm"):
            if s.structures:
                s.chance = ("random_structure",)
            else:
                self._lose_structure(s, self.base_name, log)
        elif role == "dilithium_crystals":
            s.megacredits += 10 * roles["mine"]
        elif role == "space_traders":
            s.megacredits += 3 * n_struct
        elif role == "merchant_from_venus":
            s.megacredits += 20 * roles["colony"]
        elif role == "discovery":
            if roles["lab"]:
                s.megacredits += 50
        elif role == "cosmic_con_artist":
            s.megacredits -= s.megacredits // 2
        elif role == "interstellar_tax_men":
            s.megacredits = max(0, s.megacredits - 2 * n_struct)
        elif role == "space_virus":
            if s.defenders or roles["colony"]:
                s.pending = "virus"
        else:  # pragma: no cover
            raise AssertionError(role)
        if s.megacredits != m:
            diff = s.megacredits - m
            log.append(f"{'Gained' if diff > 0 else 'Lost'} {abs(diff)} Megacredits "
                       f"(total {s.megacredits})")

    # ------------------------------------------------------------------ views
    def _view(self, s: SpaceholeState, player: int | None) -> dict[str, Any]:
        cards = self.cards
        powered = dict(s.powered)
        structures = []
        for n, d in s.structures:
            c = cards[n]
            on = powered.get(c.role, 0) > 0
            if on:
                powered[c.role] -= 1
            structures.append({
                "name": n, "role": c.role, "label": label(n, d), "damage": d,
                "max_hits": c.max_hits if c.role == "dome" else None,
                "income": c.income + (2 * s.terraform if c.role == "agrodome" else 0),
                "power": c.power, "generates": c.generates, "powered": on, "note": c.note,
            })
        defenders = [{
            "name": n, "label": label(n, d), "damage": d, "force": cards[n].force,
            "current_force": cards[n].force - d, "one_hit": cards[n].one_hit,
            "peek": cards[n].peek, "fights": self._fights(s, n), "note": cards[n].note,
        } for n, d in s.defenders]
        current = None
        if s.current is not None:
            c = cards[s.current]
            current = {"name": c.name, "kind": c.kind, "note": c.note,
                       "force": c.force if c.kind == "invader" else None,
                       "damage": s.inv_damage if c.kind == "invader" else None,
                       "current_force": c.force - s.inv_damage if c.kind == "invader" else None}
        battle = None
        if current and current["kind"] == "invader" and s.battle_round:
            last = None
            if s.last_round is not None:
                keys = ("round", "inv_dice", "inv_hits", "def_dice", "def_hits")
                last = {k: v for k, v in zip(keys, s.last_round, strict=True) if v is not None}
            battle = {"round": s.battle_round, "last": last,
                      "defender_dice": self.defender_dice(s),
                      "invader_dice": self.invader_force(s),
                      "pending_invader_hits": s.inv_hits, "pending_defender_hits": s.def_hits}
        v: dict[str, Any] = {
            "variant": self.variant,
            "base": {"name": self.base_name, "damage": s.base_damage,
                     "max_hits": self.rules.base_hits,
                     "generates": cards[self.base_name].generates},
            "structures": structures,
            "defenders": defenders,
            "hand_size": len(s.hand),
            "hand_limit": self.hand_limit(s),
            "capacity": self.capacity(s),
            "deck_size": len(s.deck),
            "discard": dict(sorted(s.discard.items())),
            "megacredits": s.megacredits,
            "current": current,
            "battle": battle,
            "power": {"generated": self.power_generated(s), "upkeep": self.upkeep(s)},
            "terraform": s.terraform,
            "seismic": s.seismic,
            "last_income": s.last_income,
            "pending": s.pending,
            "chance": s.chance[0] if s.chance else None,
            "lost": s.lost,
        }
        if player == 0:
            v["hand"] = list(s.hand)
            v["known_top"] = list(s.deck.known)
        return v

    # ------------------------------------------------------------------ odds
    def battle_odds(self) -> Dist:
        """Exact odds of the battle in progress (or of the invader about to be fought):
        ``Dist`` over ``"win"`` and ``"loss"``."""
        from .odds import battle_odds_of_game

        return battle_odds_of_game(self)

    def invariants(self) -> list[str]:
        """Broken invariants of the current position (empty when all hold)."""
        from .checks import invariants

        return invariants(self)


@lru_cache(maxsize=4096)
def _label_weights(items: tuple[tuple[str, int], ...], extra: str | None = None
                   ) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Chance node over the cards ``items`` (and one ``extra``): labels sorted, each
    weighted by how many interchangeable cards carry it."""
    c = Counter(label(n, d) for n, d in items)
    if extra is not None:
        c[extra] += 1
    names = tuple(sorted(c))
    return names, tuple(c[n] for n in names)


def _binomial_weights(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return _BINOM[n] if n < _NBINOM else _binom(n)


def _binom(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from math import comb

    ks = tuple(range(n + 1))
    # P(k hits) = C(n,k) 5^(n-k) / 6^n: integer weights.
    return ks, tuple(comb(n, k) * 5 ** (n - k) for k in ks)


_NBINOM = 64
_BINOM = [_binom(n) for n in range(_NBINOM)]
_BINOM_SUMS = [list(accumulate(w)) for _, w in _BINOM]
_HITS = tuple(f"{k} hit" + ("" if k == 1 else "s") for k in range(_NBINOM))
"""The texts of the dice chance outcomes (``_outcome_text``)."""
_DICE = frozenset({"inv_dice", "def_dice"})
_INV_DICE = tuple(("inv_dice", n) for n in range(_NBINOM))
_DEF_DICE = tuple(("def_dice", n) for n in range(_NBINOM))
_DICE_STEP = tuple((CHANCE, k, _HITS[k]) for k in range(_NBINOM))
"""A dice step's history entry: a shared tuple (tuples are never changed)."""
_IN_BATTLE = frozenset({"inv_dice", "def_dice", "target"})
_PICK_DEFENDER = frozenset({"target", "flare", "random_defender"})


# ---------------------------------------------------------------------- scenarios
def _check_scenario(spec: Any, game: Spacehole) -> dict[str, Any]:
    if not isinstance(spec, dict):
        raise ValueError("scenario must be a dict")
    # A tuple, not a set: the saved scenario's keys keep this order in every process.
    keys = ("structures", "defenders", "hand", "deck", "discard", "megacredits", "damage",
            "damage_index", "base_damage", "phase", "event", "turn", "terraform")
    extra = set(spec) - set(keys)
    if extra:
        raise ValueError(f"unknown scenario keys {sorted(extra)}")
    spec = {k: spec.get(k) for k in keys}
    for k in ("structures", "defenders", "hand", "discard"):
        spec[k] = list(spec[k] or [])
        if not all(isinstance(x, str) for x in spec[k]):
            raise ValueError(f"scenario {k} must be a list of card names")
    if spec["deck"] is not None:
        spec["deck"] = list(spec["deck"])
        if not all(isinstance(x, str) for x in spec["deck"]):
            raise ValueError("scenario deck must be a list of card names")
    for k, lo, hi in (("megacredits", 0, 10**9), ("base_damage", 0, 10**6),
                      ("turn", 1, 10**6), ("terraform", 0, 100)):
        v = spec[k] if spec[k] is not None else (1 if k == "turn" else 0)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ValueError(f"scenario {k} must be an int in [{lo}, {hi}], not {v!r}")
        spec[k] = v
    dmg = spec["damage"] or {}
    if not isinstance(dmg, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in dmg.values()):
        raise ValueError("scenario damage must map names or indices to hit counts >= 0")
    spec["damage"] = dict(dmg)
    spec["damage_index"] = list(spec["damage_index"] or [])
    if spec["phase"] not in ("karma", "event", "build", "power", "end", None):
        raise ValueError(f"scenario phase must be karma, event, build, power or end, "
                         f"not {spec['phase']!r}")
    spec["phase"] = spec["phase"] or "karma"
    if (spec["phase"] == "event") != (spec["event"] is not None):
        raise ValueError("give event=<Invader or Event card> exactly when phase='event'")
    # Trial run: raises ValueError on any impossible set-up.
    s = object.__new__(SpaceholeState)
    _apply_scenario(game, s, spec, check_only=True)
    return spec


def _apply_scenario(game: Spacehole, s: SpaceholeState, spec: dict[str, Any],
                    check_only: bool = False) -> None:
    card = game.card
    for n in spec["structures"]:
        if card(n).kind != "structure":
            raise ValueError(f"{n!r} is not a Structure card (the {game.base_name} is always "
                             "in play; do not list it)" if card(n).kind == "base"
                             else f"{n!r} is not a Structure card")
    for n in spec["defenders"]:
        if card(n).kind != "defender":
            raise ValueError(f"{n!r} is not a Defender card")
    for n in spec["hand"]:
        if card(n).kind not in ("structure", "defender"):
            raise ValueError(f"{n!r} cannot be in hand: Invaders and Events are resolved "
                             "when drawn")
    for n in [*spec["discard"], *(spec["deck"] or [])]:
        if card(n).kind == "base":
            raise ValueError(f"the {n} is always in play")
    event = spec["event"]
    if event is not None and card(event).kind not in ("invader", "event"):
        raise ValueError(f"{event!r} is not an Invader or Event card")
    copies = data.deck_counts(game.variant, add_refineries=game.rules.b5_add_refineries)
    used = Counter(spec["structures"]) + Counter(spec["defenders"]) + Counter(spec["hand"]) \
        + Counter(spec["discard"]) + Counter(spec["deck"] or []) \
        + Counter([event] if event else [])
    for n, k in used.items():
        if k > copies.get(n, 0):
            raise ValueError(f"the {game.variant} deck has {copies.get(n, 0)} {n}, "
                             f"the scenario uses {k}")
    structures = sorted((n, 0) for n in spec["structures"])
    defenders = [(n, 0) for n in spec["defenders"]]
    base_damage = spec["base_damage"]
    if base_damage >= game.rules.base_hits:
        raise ValueError(f"base_damage {base_damage} would have destroyed the "
                         f"{game.base_name} ({game.rules.base_hits} hits)")
    index_keys = set(map(str, spec["damage_index"]))
    for key, hits in spec["damage"].items():
        if key in index_keys:
            i = int(key)
            if not 0 <= i < len(defenders):
                raise ValueError(f"damage index {i} is not a defender index "
                                 f"(0..{len(defenders) - 1})")
            n = defenders[i][0]
            if hits >= card(n).max_hits:
                raise ValueError(f"{hits} damage would have destroyed {n}")
            defenders[i] = (n, hits)
            continue
        if key == game.base_name:
            raise ValueError("use base_damage= for the Base")
        in_def = [i for i, (n, _) in enumerate(defenders) if n == key]
        in_str = [i for i, (n, _) in enumerate(structures) if n == key]
        if len(in_def) + len(in_str) != 1:
            raise ValueError(f"damage key {key!r} must name exactly one Defender or Force "
                             f"Dome in play (found {len(in_def) + len(in_str)})")
        if in_str:
            if card(key).role != "dome":
                raise ValueError(f"{key} cannot take damage (only Defenders, Force Domes "
                                 "and the Base do)")
            i = in_str[0]
            if hits >= card(key).max_hits:
                raise ValueError(f"{hits} damage would have destroyed {key}")
            structures[i] = (key, hits)
        else:
            i = in_def[0]
            if hits >= card(key).max_hits:
                raise ValueError(f"{hits} damage would have destroyed {key}")
            defenders[i] = (key, hits)
    s.structures = tuple(sorted(structures))
    s.defenders = tuple(sorted(defenders))
    cap = game.cards[game.base_name].capacity + sum(card(n).capacity for n, _ in structures)
    if len(defenders) > cap:
        raise ValueError(f"{len(defenders)} defenders exceed the capacity of {cap}")
    if any(card(n).needs_lab for n, _ in defenders) and not any(
            card(n).role == "lab" for n, _ in structures):
        raise ValueError("Alien Artifact is in play without a Research Lab")
    if check_only:
        return
    s.hand = tuple(sorted(spec["hand"]))
    s.discard = defaultdict(int, Counter(spec["discard"]))
    if spec["deck"] is None:
        rest = Counter(copies) - used
        s.deck = Deck(rest)
    else:
        s.deck = Deck({}, spec["deck"])
    s.megacredits = spec["megacredits"]
    s.base_damage = base_damage
    s.turn = spec["turn"]
    s.terraform = spec["terraform"]
    phase = spec["phase"]
    s.current = event
    s.stage = {"karma": "karma_draw", "event": "event", "build": "build",
               "power": "power", "end": "end"}[phase]
    s.phase = phase
    if len(s.deck) == 0 and phase != "karma":
        s.last_drawn = True
    if phase == "karma" and len(s.deck) == 0:
        raise ValueError("the deck is empty: there is no card to draw in the karma phase")
