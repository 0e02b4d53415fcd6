"""The Fight Phase (blast.txt, ruling 8): "If a space contains opposing units there will
be a fight. Each side adds up the force value of all of its units present to get a force
total. [...] The higher total wins. All units of the loser are destroyed and sent to the
scrap heap. The winner keeps units with a total force value equal to the difference
[...] The winner always keeps at least one unit."
"""

from __future__ import annotations

from .board import remove_one
from .data import ATTACK, FIGHT_BONUS
from .rules import Rules
from .state import SIDE_TITLE, BlastState, add_sorted, set_pair, units_text

__all__ = ["add_card", "add_roll", "contested", "destroy", "finish_keep", "keep_choices",
           "keeps_all", "resolve_fight", "start_fight", "winner_of"]


def contested(s: BlastState) -> list[int]:
    """The indices (sector - 1) of the sectors holding both sides' units."""
    a, b = s.units
    return [i for i in range(len(a)) if a[i] and b[i]]


def start_fight(s: BlastState, sector: int, log: list[str]) -> None:
    """The fight on ``sector`` begins: no card played yet."""
    a = s.player
    log.append(f"Fight on sector {sector}: {SIDE_TITLE[a]} "
               f"{units_text(s.units[a][sector - 1])} against {SIDE_TITLE[1 - a]} "
               f"{units_text(s.units[1 - a][sector - 1])}")
    s.fight = (sector, 0, 0, (), (), (), ())


def add_card(s: BlastState, card: str) -> None:
    """An attack card raises the attacker's total, a defence card the defender's."""
    assert s.fight is not None
    sector, ab, db, ac, dc, ar, dr = s.fight
    bonus = FIGHT_BONUS[card]
    if card in ATTACK:
        s.fight = (sector, ab + bonus, db, (*ac, card), dc, ar, dr)
    else:
        s.fight = (sector, ab, db + bonus, ac, (*dc, card), ar, dr)


def add_roll(s: BlastState, side: str, roll: int) -> None:
    """Surprise Attack (``side`` "attack") or Ambush ("defence"): +1D6 Force."""
    assert s.fight is not None
    sector, ab, db, ac, dc, ar, dr = s.fight
    if side == "attack":
        s.fight = (sector, ab + roll, db, ac, dc, (*ar, roll), dr)
    else:
        s.fight = (sector, ab, db + roll, ac, dc, ar, (*dr, roll))


def winner_of(rules: Rules, attacker: int, at: int, dt: int) -> tuple[int | None, int]:
    """(the winner, the difference): the higher total wins; a tie is won by the defender
    (ruling 8, option ``tie``: or by the attacker, or both sides are destroyed: None)."""
    if at > dt:
        return attacker, at - dt
    if dt > at:
        return 1 - attacker, dt - at
    if rules.tie == "both_destroyed":
        return None, 0
    return (1 - attacker if rules.tie == "defender" else attacker), 0


def keeps_all(s: BlastState, w: int, sector: int, diff: int) -> bool:
    """The winner has nothing to choose: its units' total is at most the difference, or
    it has one unit."""
    mine = s.units[w][sector - 1]
    return sum(mine) <= diff or len(mine) == 1


def resolve_fight(rules: Rules, s: BlastState, log: list[str]) -> bool:
    """The fight's cards go to the vortex, the loser's units to the scrap heap; True when
    the winner must choose which units to keep (``s.keep``)."""
    assert s.fight is not None
    sector, ab, db, ac, dc, _ar, _dr = s.fight
    a, d = s.player, 1 - s.player
    at = sum(s.units[a][sector - 1]) + ab
    dt = sum(s.units[d][sector - 1]) + db
    for card in (*ac, *dc):  # "Played cards are discarded."
        s.play = remove_one(s.play, card)
        s.vortex = add_sorted(s.vortex, card)
    s.fight = None
    w, diff = winner_of(rules, a, at, dt)
    if w is None:
        log.append(f"Sector {sector}: {at} against {dt}, a tie: both sides are destroyed")
        for p in (a, d):
            destroy(s, p, sector)
        s.last_fight = (sector, at, dt, None)
        return False
    log.append(f"Sector {sector}: {SIDE_TITLE[a]} {at} against {SIDE_TITLE[d]} {dt}: "
               f"{SIDE_TITLE[w]} wins" + (" the tie" if at == dt else f" by {diff}"))
    destroy(s, 1 - w, sector)
    s.last_fight = (sector, at, dt, w)
    if keeps_all(s, w, sector, diff):
        s.keep = (sector, w, diff, s.units[w][sector - 1])
        finish_keep(s, log)
        return False
    s.keep = (sector, w, diff, ())
    return True


def destroy(s: BlastState, p: int, sector: int) -> None:
    """All of ``p``'s units on ``sector`` go to the scrap heap."""
    stack = s.units[p][sector - 1]
    if not stack:
        return
    board = s.units[p]
    s.units = set_pair(s.units, p, (*board[:sector - 1], (), *board[sector:]))
    s.scrap = set_pair(s.scrap, p, tuple(sorted((*s.scrap[p], *stack))))


def _left_to_keep(s: BlastState) -> list[int]:
    assert s.keep is not None
    sector, w, _, kept = s.keep
    left = list(s.units[w][sector - 1])
    for f in kept:
        left.remove(f)
    return left


def keep_choices(s: BlastState) -> list[int]:
    """The forces the winner may keep next: "units with a total force value equal to the
    difference [...] or less, or any one unit" (the first one may be any)."""
    assert s.keep is not None
    _, _, diff, kept = s.keep
    total = sum(kept)
    return sorted({f for f in _left_to_keep(s) if not kept or total + f <= diff})


def finish_keep(s: BlastState, log: list[str]) -> None:
    """The winner's units not kept go to the scrap heap."""
    assert s.keep is not None
    sector, w, _, kept = s.keep
    lost = _left_to_keep(s)
    kept_t = tuple(sorted(kept))
    board = s.units[w]
    s.units = set_pair(s.units, w, (*board[:sector - 1], kept_t, *board[sector:]))
    if lost:
        s.scrap = set_pair(s.scrap, w, tuple(sorted((*s.scrap[w], *lost))))
        log.append(f"{SIDE_TITLE[w]} keeps {units_text(kept_t)} on sector {sector}; "
                   f"{units_text(lost)} go to the scrap heap")
    else:
        log.append(f"{SIDE_TITLE[w]} keeps all its units on sector {sector}")
    s.keep = None
