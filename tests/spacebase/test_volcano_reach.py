"""A Volcano carries its owner's control marker wherever it goes (RULINGS.md Space Base 4:
"a Volcano may go on any empty cell" and "Every placed site, resource and volcano sites
included, gets the player's control marker"), so its owner may build next to it and take
over sites next to it anywhere on the map (docs/rules/spacebase.md, Build)."""

from __future__ import annotations

from spacebase.support import acts, play, scenario

OUTPOSTS = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)}


def test_ruling_4_a_volcano_far_from_the_owners_sites_lets_it_build_next_to_it() -> None:
    g = scenario(sites={**OUTPOSTS, (5, 7): ("Factory", 1)},
                 hands=[["Volcano", "Colony"], []], phase="build")
    play(g, "build Colony")
    far = {(5, 4), (4, 5), (6, 5), (5, 6)}
    assert not far & {a.cell for a in g.legal_actions() if hasattr(a, "cell")}  # Outpost only
    g.undo()
    play(g, "build Volcano", "place (5,5)")  # the middle of the map, alone
    assert g.board.site((5, 5)) == ("Volcano", 0, 0)
    play(g, "build Colony")
    cells = {a.cell for a in g.legal_actions() if hasattr(a, "cell")}
    assert far <= cells and {(1, 0), (0, 1)} <= cells
    play(g, "place (5,6)")  # next to the opponent's Factory too
    assert g.board.site((5, 6)) == ("Colony", 0, 0)


def test_ruling_4_a_volcano_lets_its_owner_take_over_a_site_next_to_it() -> None:
    near = {**OUTPOSTS, (5, 5): ("Volcano", 0), (5, 6): ("Factory", 1)}
    g = scenario(sites=near, hands=[["Control"], []], phase="control")
    assert "control (5,6)" in acts(g)
    play(g, "control (5,6)")
    assert g.board.site((5, 6))[1] == 0
    alone = scenario(sites={**OUTPOSTS, (5, 6): ("Factory", 1)}, hands=[["Control"], []],
                     phase="control")
    assert "control (5,6)" not in acts(alone)
