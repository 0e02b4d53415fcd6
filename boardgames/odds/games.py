"""Each game's own odds functions, reachable from ``boardgames.odds`` (imported on first
use: the games' modules load only when asked for).

=============================  ==================================================
name in ``boardgames.odds``    the game's function
=============================  ==================================================
``round_hits``                 ``boardgames.spacehole.odds.round_hits``
``spacehole_battle_odds``      ``boardgames.spacehole.odds.battle_odds``
``battle_odds_of_game``        ``boardgames.spacehole.odds.battle_odds_of_game``
``fight_odds``                 ``boardgames.blast.odds.fight_odds``
``fight_odds_of_game``         ``boardgames.blast.odds.fight_odds_of_game``
``reach_odds``                 ``boardgames.blast.odds.reach_odds``
``reach_probability``          ``boardgames.blast.odds.reach_probability``
``plain_reach_counts``         ``boardgames.blast.odds.plain_reach_counts``
``lookup``                     ``boardgames.intergalactic.odds.lookup``
``roll_odds``                  ``boardgames.intergalactic.odds.roll_odds``
``stage_modifier``             ``boardgames.intergalactic.odds.stage_modifier``
``intergalactic_battle_odds``  ``boardgames.intergalactic.odds.battle_odds``
``meteor_risk``                ``boardgames.spacebase.odds.meteor_risk``
=============================  ==================================================

and the four modules themselves as ``boardgames.odds.spacehole``, ``.blast``,
``.intergalactic`` and ``.spacebase``.
"""

from __future__ import annotations

GAME_FUNCTIONS: dict[str, tuple[str, str]] = {
    "round_hits": ("spacehole", "round_hits"),
    "spacehole_battle_odds": ("spacehole", "battle_odds"),
    "battle_odds_of_game": ("spacehole", "battle_odds_of_game"),
    "fight_odds": ("blast", "fight_odds"),
    "fight_odds_of_game": ("blast", "fight_odds_of_game"),
    "reach_odds": ("blast", "reach_odds"),
    "reach_probability": ("blast", "reach_probability"),
    "plain_reach_counts": ("blast", "plain_reach_counts"),
    "lookup": ("intergalactic", "lookup"),
    "roll_odds": ("intergalactic", "roll_odds"),
    "stage_modifier": ("intergalactic", "stage_modifier"),
    "intergalactic_battle_odds": ("intergalactic", "battle_odds"),
    "meteor_risk": ("spacebase", "meteor_risk"),
}
"""name in ``boardgames.odds`` -> (game package, function name in its ``odds`` module)."""

GAME_MODULES = ("spacehole", "blast", "intergalactic", "spacebase")
