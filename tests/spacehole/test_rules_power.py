"""Spacehole rule tests: the Power and Income phases (rules/spacehole.txt, the structure
table's $, P and Notes columns; RULINGS.md Spacehole 10; the options ``power_choice`` and
``b5_add_refineries``).

The income-maximising allocation is checked against a brute force written here from the
rule text's own table: every allocation (how many of each structure get their tokens) is
tried, the feasible ones kept, the best income (then the most powered cards) taken.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from dataclasses import dataclass

import pytest
from spacehole.rules_support import (
    RULE_TEXT,
    Rules,
    acts,
    play,
    refused,
    scenario,
    view,
)

MANUAL = Rules(power_choice="manual")

# ---------------------------------------------------------------------------------------
# The structure table, read from the rule text
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    name: str
    count: int
    income: int
    power: int
    capacity: int
    note: str


def _table() -> dict[str, Row]:
    classic = RULE_TEXT.split("By C. Gerard Luft", 1)[0]
    block = classic.split("Card Name:\t\t#", 1)[1].split("\n# =", 1)[0]
    rows = {}
    for line in block.splitlines()[1:]:
        cells = [c.strip() for c in line.split("\t") if c.strip()]
        name, count, income, power, capacity = cells[:5]
        rows[name] = Row(name, int(count), int(income), int(power), int(capacity),
                         cells[5] if len(cells) > 5 else "")
    return rows


TABLE = _table()
# The Notes say "Requires 2 Mines", "Requires 1 Lab": the text's words for the cards.
_WORDS = {"Agrodome": "Agrodome", "Mines": "Mine", "Refineries": "Refinery",
          "Colonies": "Colony", "Lab": "Research Labs"}
REQUIRES = {
    name: (_WORDS[m.group(2)], int(m.group(1)))
    for name, row in TABLE.items()
    if (m := re.fullmatch(r"Requires (\d) (\w+)", row.note))
}
GENERATES = {name: 5 for name, row in TABLE.items() if row.note == "Generates 5 power/turn"}
STRUCTURES = [n for n in TABLE if n != "Base"]


def brute_force(in_play: Counter, power: int, terraform: int = 0) -> tuple[int, int, list]:
    """(best income, most powered cards at that income, every feasible allocation) over
    all allocations ``{card: how many powered}`` of the cards in play.

    Feasible: the tokens fit the power; each powered dependant has its own powered
    supporters ("One Agrodome could not support 2 Colonies")."""
    names = sorted(n for n in in_play if TABLE[n].power)  # Solar Arrays need no token
    best = (0, 0)
    feasible = []
    for counts in itertools.product(*(range(in_play[n] + 1) for n in names)):
        alloc = dict(zip(names, counts, strict=True))
        if sum(TABLE[n].power * k for n, k in alloc.items()) > power:
            continue
        if any(alloc.get(dep, 0) * k > alloc.get(sup, 0)
               for dep, (sup, k) in REQUIRES.items()):
            continue
        income = sum(TABLE[n].income * k for n, k in alloc.items())
        income += 2 * terraform * alloc.get("Agrodome", 0)
        feasible.append({n: k for n, k in alloc.items() if k})
        best = max(best, (income, sum(counts)))
    return best[0], best[1], feasible


def power_of(in_play: Counter) -> int:
    return 5 + sum(GENERATES.get(n, 0) * k for n, k in in_play.items() if n != "Base")


def income_after_power_phase(structures: list[str], **kw) -> int:
    """The Income phase's income of these structures (auto mode)."""
    kw.setdefault("deck", ["Mine"] if kw.get("variant", "classic") == "classic" else ["Garden"])
    g = scenario(structures=structures, phase="power", **kw)
    return view(g)["last_income"]


def test_table_read_from_the_text() -> None:
    """The brute force's data is the rule text's table (a guard for the parser)."""
    assert len(STRUCTURES) == 12 and TABLE["Stargate"] == Row("Stargate", 1, 7, 3, 1,
                                                             "Requires 1 Lab")
    assert REQUIRES == {"Colony": ("Agrodome", 1), "Refinery": ("Mine", 2),
                        "Factory": ("Refinery", 2), "Starport": ("Colony", 2),
                        "Stargate": ("Research Labs", 1)}
    assert GENERATES == {"Base": 5, "Solar Array": 5}


# ---------------------------------------------------------------------------------------
# The Power phase
# ---------------------------------------------------------------------------------------


def test_your_base_and_solar_array_cards_generate_power_points() -> None:
    """"Your Base and Solar Array cards generate power points." — their note "Generates 5
    power/turn"."""
    for solar in range(8):
        g = scenario(structures=["Solar Array"] * solar)
        assert view(g)["power"]["generated"] == 5 + 5 * solar
    # 10 power: ten 1-upkeep cards are powered.
    assert income_after_power_phase(["Solar Array"] + ["Agrodome"] * 6 + ["Mine"] * 4) == 10
    assert income_after_power_phase(["Agrodome"] * 6 + ["Mine"] * 4) == 5


def test_other_structure_cards_use_up_power_points() -> None:
    """"Other Structure cards use up Power Points." "P = Amount of Power used up per turn"

    Each card's upkeep is its P column."""
    for name in STRUCTURES:
        g = scenario(structures=[name])
        assert view(g)["power"]["upkeep"] == TABLE[name].power, name
        s = view(g)["structures"][0]
        assert (s["power"], s["generates"]) == (TABLE[name].power, GENERATES.get(name, 0))
    # The Stargate's 3 tokens: 5 power cannot pay for Agrodome + Agrodome + Lab + Stargate
    # (6): one Agrodome goes without.
    assert income_after_power_phase(["Agrodome", "Agrodome", "Research Labs", "Stargate"]) \
        == 1 + 1 + 7


def test_some_structures_also_need_the_presence_of_other_structures_to_be_maintained() -> None:
    """"Some structures also need the presence of other structures to be maintained."

    Without its supporters a Colony, Refinery, Factory, Starport or Stargate earns
    nothing."""
    for name in REQUIRES:
        assert income_after_power_phase(["Solar Array", name]) == 0, name
    assert income_after_power_phase(["Research Labs", "Stargate"]) == 1 + 7


def test_each_colony_requires_one_power_point_plus_the_food_of_one_agrodome() -> None:
    """"For example: Each Colony requires one power point plus the food output of one
    Agrodome." — the notes "Requires 1 Agrodome" and "Supports Colony"."""
    assert income_after_power_phase(["Colony"]) == 0
    assert income_after_power_phase(["Agrodome", "Colony"]) == 1 + 3
    # Food without power: 5 power, 5 Agrodomes and a Colony. Powering the Colony means
    # leaving an Agrodome without a token: 4 Agrodomes + Colony = 7 beats 5 Agrodomes.
    assert income_after_power_phase(["Agrodome"] * 5 + ["Colony"]) == 4 + 3
    # The Colony's Agrodome must be powered: 1 power for 1 Agrodome + 1 Colony is not enough.
    g = scenario(structures=["Agrodome"] * 4 + ["Colony", "Mine"], phase="power",
                 deck=["Mine"], rules=MANUAL)
    play(g, "power Mine", "power Agrodome", "power Agrodome", "power Agrodome",
         "power Agrodome")
    assert "power Colony" not in acts(g)  # no power left for it


def test_note_one_agrodome_could_not_support_2_colonies() -> None:
    """"Note: One Agrodome could not support 2 Colonies."
    """
    assert income_after_power_phase(["Agrodome", "Colony", "Colony"]) == 1 + 3
    assert income_after_power_phase(["Agrodome", "Agrodome", "Colony", "Colony"]) == 2 + 6
    g = scenario(structures=["Agrodome", "Colony", "Colony"], phase="power", deck=["Mine"],
                 rules=MANUAL)
    assert acts(g) == {"power Agrodome", "power optimal", "power done"}
    play(g, "power Agrodome")
    assert "power Colony" in acts(g)
    play(g, "power Colony")
    assert acts(g) == {"power optimal", "power done"}
    refused(g, "power Colony", "ruling 10", "cannot be powered")


def test_place_a_power_token_on_every_structure_able_to_meet_all_its_upkeep_demands() -> None:
    """"Place a Power Token on every structure that is able to meet all of its upkeep
    demands."

    With power for everything, every structure is powered, those earning nothing (Laser
    Turret, Force Dome, Command Center) included."""
    structures = ["Solar Array", "Agrodome", "Colony", "Laser Turret", "Force Dome",
                  "Command Center"]
    g = scenario(structures=structures, phase="build", deck=["Mine"])
    assert g.optimal_power() == {"agrodome": 1, "colony": 1, "turret": 1, "dome": 1,
                                 "command": 1}
    g = scenario(structures=structures, phase="power", deck=["Mine"], rules=MANUAL)
    for name in ("Agrodome", "Colony", "Laser Turret", "Force Dome", "Command Center"):
        play(g, f"power {name}")
    assert all(s["powered"] for s in view(g)["structures"] if s["name"] != "Solar Array")
    assert acts(g) == {"power optimal", "power done"}


def test_some_structures_generate_income() -> None:
    """"Some structures generate income." "$ = Number of Megacredits generated each turn"

    Each card, powered and supported, earns its $ column; the others earn nothing."""
    support = {"Colony": ["Agrodome"], "Refinery": ["Mine", "Mine"],
               "Factory": ["Refinery", "Refinery"] + ["Mine"] * 4,
               "Starport": ["Colony", "Colony", "Agrodome", "Agrodome"],
               "Stargate": ["Research Labs"]}
    for name in STRUCTURES:
        others = support.get(name, [])
        base = income_after_power_phase(["Solar Array", *others])
        with_it = income_after_power_phase(["Solar Array", *others, name])
        assert with_it - base == TABLE[name].income, name


def test_if_such_a_structure_has_a_power_token_then_it_generates_all_its_income() -> None:
    """"If such a structure has a power token on it then it is able to generate all of its
    income this turn."
    """
    g = scenario(structures=["Research Labs", "Stargate", "Mine"], phase="power",
                 deck=["Mine"], megacredits=3, rules=MANUAL)
    play(g, "power Research Labs", "power Stargate", "power done")
    assert view(g)["last_income"] == 1 + 7
    assert view(g)["megacredits"] == 3 + 8


def test_otherwise_it_generates_no_income() -> None:
    """"Otherwise it generates no income."
    """
    g = scenario(structures=["Research Labs", "Stargate", "Mine"], phase="power",
                 deck=["Mine"], megacredits=3, rules=MANUAL)
    play(g, "power Mine", "power done")
    assert view(g)["last_income"] == 1 and view(g)["megacredits"] == 4
    g = scenario(structures=["Agrodome", "Colony"], phase="power", deck=["Mine"],
                 rules=MANUAL)
    play(g, "power done")
    assert view(g)["last_income"] == 0
    assert "Income: 0 Megacredits (total 0)" in g.log


def test_record_all_income_generated_from_all_structures() -> None:
    """"Record all income generated from all structures."
    """
    g = scenario(structures=["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony",
                             "Starport", "Research Labs"],
                 phase="build", deck=["Mine"], megacredits=20)
    play(g, "pass")
    assert view(g)["last_income"] == 2 + 6 + 5 + 1
    assert view(g)["megacredits"] == 34
    assert "Income: 14 Megacredits (total 34)" in g.log


def test_at_the_end_of_this_phase_discard_all_power_tokens() -> None:
    """"At the end of this phase discard all Power tokens."

    Next turn's Power phase starts with none placed."""
    g = scenario(structures=["Agrodome", "Mine"], phase="power", deck=["Mine"], rules=MANUAL)
    play(g, "power Agrodome", "power Mine")
    assert g.state.powered == {"agrodome": 1, "mine": 1}
    play(g, "power done")
    assert g.state.powered == {}
    assert not any(s["powered"] for s in view(g)["structures"])
    play(g, "pass")
    assert g.phase == "power" and g.state.powered == {}
    assert acts(g) == {"power Agrodome", "power Mine", "power optimal", "power done"}


def test_mine_supports_refinery_refinery_requires_2_mines() -> None:
    """The notes "Supports Refinery" and "Requires 2 Mines"."""
    assert income_after_power_phase(["Mine", "Refinery"]) == 1
    assert income_after_power_phase(["Mine", "Mine", "Refinery"]) == 1 + 1 + 2
    assert income_after_power_phase(["Mine", "Mine", "Mine", "Refinery", "Refinery"]) \
        == 3 + 2


def test_factory_requires_2_refineries() -> None:
    """The note "Requires 2 Refineries" (ruling 10: "Factory two Refineries", each with
    its two Mines)."""
    four = ["Solar Array"] + ["Mine"] * 4 + ["Refinery", "Refinery", "Factory"]
    assert income_after_power_phase(four) == 4 + 4 + 3
    three = ["Solar Array"] + ["Mine"] * 3 + ["Refinery", "Refinery", "Factory"]
    assert income_after_power_phase(three) == 3 + 2
    assert income_after_power_phase(["Solar Array", "Refinery", "Refinery", "Factory"]) == 0


def test_starport_requires_2_colonies() -> None:
    """The note "Requires 2 Colonies" (each with its own Agrodome)."""
    full = ["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony", "Starport"]
    assert income_after_power_phase(full) == 2 + 6 + 5
    one_agrodome = ["Solar Array", "Agrodome", "Colony", "Colony", "Starport"]
    assert income_after_power_phase(one_agrodome) == 1 + 3


def test_stargate_requires_1_lab() -> None:
    """The note "Requires 1 Lab"."""
    assert income_after_power_phase(["Stargate"]) == 0
    assert income_after_power_phase(["Research Labs", "Stargate"]) == 1 + 7
    assert income_after_power_phase(["Research Labs", "Research Labs", "Stargate"]) == 2 + 7


# ---------------------------------------------------------------------------------------
# Ruling 10 and the options
# ---------------------------------------------------------------------------------------


def test_ruling_10_power_phase_a_structure_is_powered_with_its_tokens_and_supporters() -> None:
    """Ruling 10: "A structure is powered if it gets its P tokens and every structure it
    requires is powered and supports only it: Colony needs one Agrodome, Refinery two
    Mines, Factory two Refineries, Starport two Colonies, Stargate one Research Lab; one
    supporting card supports one dependant. A supporting card still earns its own
    income."
    """
    # A Colony supporting a Starport still earns; so do the Agrodomes and Mines.
    assert income_after_power_phase(
        ["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony", "Starport"]) == 13
    # Starport: two powered Colonies, each with its own Agrodome (5 power is too little).
    assert income_after_power_phase(
        ["Agrodome", "Agrodome", "Colony", "Colony", "Starport"]) == 2 + 6
    # Factory: two powered Refineries, each with two powered Mines.
    assert income_after_power_phase(
        ["Solar Array"] + ["Mine"] * 4 + ["Refinery", "Refinery", "Factory"]) == 11
    # Stargate: one Lab.
    assert income_after_power_phase(["Solar Array", "Research Labs", "Stargate"]) == 8


def test_ruling_10_supporters_must_be_powered() -> None:
    """Ruling 10: "every structure it requires is powered" — manual mode offers a
    dependant only once its supporters have their tokens."""
    g = scenario(structures=["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony",
                             "Starport", "Research Labs", "Stargate"],
                 phase="power", deck=["Mine"], rules=MANUAL)
    start = acts(g)
    assert start == {"power Agrodome", "power Research Labs", "power optimal", "power done"}
    play(g, "power Agrodome", "power Colony", "power Agrodome")
    assert "power Starport" not in acts(g)
    play(g, "power Colony")
    assert "power Starport" in acts(g)
    play(g, "power Starport", "power Research Labs")
    # 2 + 2 + 2 + 1 = 7 of 10 power used: the Stargate's 3 still fit.
    play(g, "power Stargate", "power done")
    assert view(g)["last_income"] == 2 + 6 + 5 + 1 + 7


@pytest.mark.parametrize("seed", range(40))
def test_ruling_10_option_power_choice_auto_maximises_income_brute_force(seed: int) -> None:
    """Ruling 10: "The player chooses the allocation; the game offers the allocation that
    maximises this turn's income (ties: more powered structures), and uses it when nobody
    chooses." — ``power_choice="auto"`` (the default) checked against a brute force over
    every allocation, for random structures in play (Terraform included)."""
    assert Rules().power_choice == "auto"
    rng = random.Random(seed)
    pool = [n for n in STRUCTURES for _ in range(TABLE[n].count)]
    in_play = Counter(rng.sample(pool, rng.randint(3, 14)))
    terraform = rng.choice([0, 0, 1])
    power = power_of(in_play)
    income, count, _ = brute_force(in_play, power, terraform)
    structures = sorted(in_play.elements())
    g = scenario(structures=structures, phase="build", deck=["Mine"], terraform=terraform)
    alloc = g.optimal_power()
    role_names = {g.card(n).role: n for n in in_play}
    assert sum(alloc.values()) == count
    assert all(k <= in_play[role_names[r]] for r, k in alloc.items())
    play(g, "pass")
    assert view(g)["last_income"] == income
    # The offered allocation in manual mode is the same.
    g = scenario(structures=structures, phase="power", deck=["Mine"], terraform=terraform,
                 rules=MANUAL)
    play(g, "power optimal")
    assert view(g)["last_income"] == income


def test_ruling_10_option_power_choice_manual_offers_exactly_the_feasible_allocations() -> None:
    """Ruling 10: "The player chooses the allocation" — ``power_choice="manual"``: placing
    tokens one structure at a time reaches exactly the feasible allocations of the brute
    force, and ``power done`` earns that allocation's income."""
    structures = ["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony", "Colony",
                  "Starport", "Research Labs", "Stargate", "Mine", "Mine", "Refinery"]
    in_play = Counter(structures)
    _, _, feasible = brute_force(in_play, power_of(in_play))
    g = scenario(structures=structures, phase="power", deck=["Mine"], rules=MANUAL)
    names = {g.card(n).role: n for n in in_play}
    seen: dict[tuple, object] = {}
    todo = [g]
    while todo:
        cur = todo.pop()
        key = tuple(sorted((names[r], k) for r, k in cur.state.powered.items() if k))
        if key in seen:
            continue
        seen[key] = cur
        for a in acts(cur) - {"power optimal", "power done"}:
            todo.append(cur.fork().apply(a))
    assert set(seen) == {tuple(sorted(a.items())) for a in feasible}
    for key in [(), (("Agrodome", 1), ("Colony", 1)), (("Mine", 2), ("Refinery", 1))]:
        branch = seen[key].fork()
        branch.apply("power done")
        expected = sum(TABLE[n].income * k for n, k in key)
        assert view(branch)["last_income"] == expected


def test_ruling_10_option_power_choice_manual_power_optimal() -> None:
    """Ruling 10 with ``power_choice="manual"``: ``power optimal`` replaces the tokens
    placed so far by the income-maximising allocation."""
    g = scenario(structures=["Agrodome"] * 5 + ["Colony", "Colony"], phase="power",
                 deck=["Mine"], rules=MANUAL)
    play(g, "power Agrodome", "power Agrodome")
    assert g.state.powered == {"agrodome": 2}
    play(g, "power optimal")
    # 5 power: 3 Agrodomes + 2 Colonies (3 + 6) beat any other allocation.
    assert view(g)["last_income"] == 9
    assert "Power: the income-maximising allocation" in g.log


def test_ruling_10_option_power_choice_is_validated() -> None:
    """Ruling 10: ``power_choice`` is ``"auto"`` or ``"manual"``; nothing else."""
    with pytest.raises(ValueError, match="power_choice"):
        Rules(power_choice="optimal")
    g = scenario(structures=["Agrodome"], phase="build", deck=["Mine"])
    refused(g, "power Agrodome", "waiting for a card to build")


def test_ruling_10_ties_more_powered_structures() -> None:
    """Ruling 10: "ties: more powered structures" — with 5 power and nothing better to
    do, the zero-income Laser Turret and Force Dome get tokens too."""
    g = scenario(structures=["Agrodome", "Laser Turret", "Force Dome"], phase="build",
                 deck=["Mine"])
    assert g.optimal_power() == {"agrodome": 1, "turret": 1, "dome": 1}


def test_ruling_10_babylon5_factory_never_supported_without_the_option() -> None:
    """Ruling "Deck": "there is no Refinery row, so its Factory can never be supported" —
    in the Power phase its Factory never earns."""
    gen = ["Fusion reactor"]
    assert income_after_power_phase(gen + ["Loading bay"] * 4 + ["Factory"],
                                    variant="babylon5") == 4
    with pytest.raises(ValueError, match="Refinery"):
        scenario(structures=["Refinery"], variant="babylon5")
    rules = Rules(b5_add_refineries=True)
    assert income_after_power_phase(
        gen + ["Loading bay"] * 4 + ["Refinery", "Refinery", "Factory"], variant="babylon5",
        rules=rules) == 4 + 4 + 3
