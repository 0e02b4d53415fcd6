"""What a game is played with (:class:`Table`: the cards of its variant and the options in
force) and what the cards in play add up to: power, upkeep, defender capacity, hand
limit, the defending side's dice. Read-only: nothing here changes a position.

The Base is not a card in ``state.structures``: it is always in play, and every total
starts from it (5 power, two defenders, its built-in turret).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Final, NamedTuple

from ..core.compiled import mypyc_attr
from ..core.limits import quote
from . import data
from .power import ROLES, allocation
from .rules import Rules
from .state import Cards, SpaceholeState

__all__ = ["HAND_LIMIT", "InPlay", "Table", "can_fight", "capacity", "current_card",
           "defender_dice",
           "hand_limit", "has_lab", "in_play", "invader_force", "is_invader",
           "optimal_power", "table_for"]

HAND_LIMIT: Final = 5
"""Max hand size is 5 cards (+2 per Command Center in play)."""


@mypyc_attr(serializable=True)  # (pickled with the game, compiled by mypyc)
class Table:
    """The cards of a variant (``cards``: name -> ``data.Card``; ``base``: its Base, or
    the Hull) and the options in force (``rules``). ``names[role]`` is the variant's
    name for a role (a Babylon 5 ``lab`` is a "Research lab"). Made once per variant
    and options (:func:`table_for`), shared by their games, never changed."""

    __slots__ = ("base", "cards", "names", "rules", "start", "variant")

    def __init__(self, variant: str, rules: Rules) -> None:
        add = rules.b5_add_refineries
        self.variant = variant
        self.rules = rules
        self.cards: dict[str, data.Card] = dict(data.by_name(variant, add_refineries=add))
        self.names: dict[str, str] = {c.role: c.name for c in self.cards.values()}
        self.base: data.Card = self.cards[self.names["base"]]
        self.start: dict[str, int] = data.deck_counts(variant, add_refineries=add)
        """The starting deck: name -> copies (every card but the Base)."""

    def card(self, name: str) -> data.Card:
        """The card called ``name`` (``ValueError`` if this variant has none)."""
        try:
            return self.cards[name]
        except KeyError:
            raise ValueError(f"unknown {self.variant} card {quote(name)}") from None

    def name(self, role: str) -> str:
        """The variant's name for a structure role (the role itself if it has none)."""
        return self.names.get(role, role)

    def max_hits(self, name: str) -> int:
        """Hits card ``name`` can take: its printed hits, the Base's ``base_hits``."""
        card = self.cards[name]
        return self.rules.base_hits if card.role == "base" else card.max_hits


@lru_cache(maxsize=16)
def table_for(variant: str, rules: Rules) -> Table:
    """The :class:`Table` of ``variant`` under ``rules`` (made once)."""
    return Table(variant, rules)


class InPlay(NamedTuple):
    """What the structures in play add up to, the Base included."""

    roles: Counter[str]  # structure role -> how many in play (the Base not counted)
    generated: int  # power generated: the Base's 5, 5 per Solar Array
    upkeep: int  # the P column of every structure in play
    capacity: int  # defenders allowed: the Base's 2, plus the D column
    hand_limit: int  # 5, +2 per Command Center
    turrets: int  # Laser Turrets
    domes: int  # Force Domes
    lab: bool  # a Research Lab in play
    key: tuple[int, ...]  # the roles counted in power.ROLES order (power.allocation)


@lru_cache(maxsize=4096)
def in_play(t: Table, structures: Cards) -> InPlay:
    """The totals of ``structures`` in play on table ``t`` (memoised: the same
    structures come back turn after turn)."""
    cards = [t.cards[n] for n, _ in structures]
    roles = Counter(c.role for c in cards)
    return InPlay(
        roles=roles,
        generated=t.base.generates + sum(c.generates for c in cards),
        upkeep=sum(c.power for c in cards),
        capacity=t.base.capacity + sum(c.capacity for c in cards),
        hand_limit=HAND_LIMIT + sum(c.hand_size for c in cards),
        turrets=roles["turret"],
        domes=roles["dome"],
        lab=roles["lab"] > 0,
        key=tuple(roles[r] for r in ROLES),
    )


def capacity(t: Table, s: SpaceholeState) -> int:
    """Defenders allowed: 2 for the Base plus the D column of the structures in play."""
    return in_play(t, s.structures).capacity


def hand_limit(t: Table, s: SpaceholeState) -> int:
    """Max hand size: 5 cards, +2 per Command Center in play."""
    return in_play(t, s.structures).hand_limit


def has_lab(t: Table, s: SpaceholeState) -> bool:
    """Whether a Research Lab is in play."""
    return in_play(t, s.structures).lab


def can_fight(t: Table, s: SpaceholeState, name: str) -> bool:
    """Whether defender ``name`` fights: Alien Artifact only while a Lab is in play."""
    return not t.cards[name].needs_lab or has_lab(t, s)


def defender_dice(t: Table, s: SpaceholeState) -> int:
    """Dice the defending side rolls in a round: the Base's built-in turret one, each
    Laser Turret one, each fighting defender one per point of current Force (printed
    Force minus damage). Force Domes do not attack."""
    dice = 1 + in_play(t, s.structures).turrets
    for name, damage in s.defenders:
        if can_fight(t, s, name):
            dice += t.cards[name].force - damage
    return dice


def current_card(t: Table, s: SpaceholeState) -> data.Card:
    """The Invader or Event card drawn this turn, being resolved."""
    if s.current is None:
        raise ValueError("no Invader or Event card is being resolved")
    return t.cards[s.current]


def is_invader(t: Table, name: str | None) -> bool:
    """Whether ``name`` is an Invader card."""
    return name is not None and t.cards[name].kind == "invader"


def invader_force(t: Table, s: SpaceholeState) -> int:
    """The invader's current Force (its dice): printed Force minus damage; 0 when no
    invader is being fought."""
    if s.current is None or not is_invader(t, s.current):
        return 0
    return t.cards[s.current].force - s.inv_damage


def optimal_power(t: Table, s: SpaceholeState) -> dict[str, int]:
    """The income-maximising power allocation (role -> how many powered; ruling 10)."""
    ip = in_play(t, s.structures)
    return dict(allocation(ip.key, ip.generated, s.terraform))
