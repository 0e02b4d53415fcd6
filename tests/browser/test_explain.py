"""Issue 17 in a real JupyterLab: a click on something that cannot be played now says
why, and the game is unchanged.

A small notebook written for this module (into the server's temporary folder): a Blast
board (the Empire to move with a 3 and a 4, holding an attack card it cannot play in the
Move Phase) and a Blast board whose computer Empire is about to fight, with "pause before
battles" on. About 30 s with the server's start.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser.labtools import EXEC_CELL, ROOT, Lab, artifact_path, open_notebook
from browser.labtools import Notebook as BaseNotebook
from playwright.sync_api import Browser, expect

from boardgames.ui.explain import DOCS_URL, doc_anchors

NOTEBOOK = "_explain.ipynb"
MARK = "EXSTATE "

CELLS = [
    "import boardgames as bg\n"
    "g = bg.Blast.scenario(phase='move', dice=[3, 4], seed=5,\n"
    "                      hands={'empire': ['Space Combat Tactics', 'Plasma Generator'],"
    " 'terran': []})\n"
    "board = g.widget(player=1)\n"
    "board",
    "from boardgames.blast.agents import GreedyAgent\n"
    "g2 = bg.Blast.scenario(phase='fight', to_move='empire', seed=5, units={\n"
    "    5: {'terran': [3], 'empire': [4, 2]}, 9: {'terran': [2], 'empire': [1]}},\n"
    "    hands={'terran': [], 'empire': []})\n"
    "g2start = g2.fork()  # the position the account starts at\n"
    "board2 = g2.widget(player=0, opponents={1: GreedyAgent(seed=1)})\n"
    "board2.pause_battles = True\n"
    "board2",
    "lost = bg.Spacehole(seed=3).widget()  # lost in turn 1, before any decision\n"
    "lost",
    "sh = bg.Spacehole.scenario(structures=['Mine', 'Mine', 'Solar Array'],\n"
    "                           hand=['Mine', 'Alien Artifact'],  # (no Research Labs)\n"
    "                           phase='build', seed=3).widget()\n"
    "sh",
    "sb = bg.SpaceBase.scenario(sites={(0, 0): ('Outpost', 0), (9, 9): ('Outpost', 1),\n"
    "                                  (1, 0): ('Metal', 0)},\n"
    "                           hands=[['Extractor', 'Transfer'], []], phase='build',\n"
    "                           seed=4).widget(player=0)\n"
    "sb",
    "g5 = bg.Spacehole.scenario(structures=['Solar Array', 'Laser Turret'],\n"
    "                           defenders=['Space Navy'], hand=['Mine'], phase='build', seed=4)\n"
    "g5.apply('pass')\n"
    "while 'end turn' not in [str(a) for a in g5.legal_actions()]:\n"
    "    g5.apply(g5.legal_actions()[0])\n"
    "inv = g5.widget()  # its 'end turn' draws an invader\n"
    "inv",
    "g6 = bg.Intergalactic.scenario(players=[\n"
    "    {'race': 'Karnor', 'homeworld': 'Red World', 'entries': ['Core Fleet', 'Nova Bombs'],\n"
    "     'tokens': 10},\n"
    "    {'race': 'Moungwoawn', 'homeworld': 'Black World', 'entries': ['Heavy Fleet'],\n"
    "     'tokens': 4}], stage='conflict', auto_roll=False, seed=2)\n"
    "for step in (2, 'attack 1', 61, 'keep', 30, 'keep', 'add 2', 'add 0', 58, 40):\n"
    "    if step == 'keep':\n"
    "        if g6.phase == 'spend':\n"
    "            g6.apply(f\"keep {g6.state.cur['total']}\")\n"
    "    else:\n"
    "        g6.apply(step)\n"
    "ig = g6.widget(player=0)  # the battle fought: 58 + 27 against 40 + 10\n"
    "ig",
    "whole = bg.Spacehole(seed=1).widget()  # a whole game, played by clicking\n"
    "whole",
    "from boardgames.agents import RandomAgent\n"
    "igt = bg.Intergalactic(players=2, seed=3).widget(player=0,\n"
    "    opponents={1: RandomAgent(seed=1)}, pace=0.05)  # a turn each, by clicking\n"
    "igt",
    "g10 = bg.Spacehole.scenario(structures=['Solar Array', 'Laser Turret'],\n"
    "                            defenders=['Space Navy'], hand=['Mine'], phase='build', seed=4)\n"
    "g10.apply('pass')\n"
    "while 'end turn' not in [str(a) for a in g10.legal_actions()]:\n"
    "    g10.apply(g10.legal_actions()[0])\n"
    "kept = g10.widget()  # turn 11 to end; turn 12 draws the Vampiric Space Beavers\n"
    "kept",
]
CELLS.append(
    "tac = bg.Blast.scenario(units={5: {'terran': [3]}, 6: {'empire': [1]},\n"
    "                               9: {'empire': [2]}}, phase='move', dice=[4, 1],\n"
    "                        to_move='terran', seed=5,\n"
    "                        hands={'terran': ['Space Combat Tactics'], 'empire': []})\n"
    "tac = tac.widget(player=0)  # issue 15's position: the card in hand\n"
    "tac")
TACTICS = 10  # its cell
WHOLE = 7  # its cell
TURNS = 8  # the Intergalactic board played a turn by clicking
KEPT = 9  # the Spacehole battle that stays after its turn

STATE = (
    "import json as _j\n"
    f"print({MARK!r} + _j.dumps({{'json': board.game.to_json(), 'version': board.version,"
    " 'why': board.why, 'error': board.error}))\n"
)


class Notebook(BaseNotebook):
    BOARD = '.bg-board[data-game="blast"]'
    BOARD_CELL = 0
    STATE = STATE
    MARK = MARK


@pytest.fixture(scope="module")
def nb(browser: Browser, lab: Lab) -> Iterator[Notebook]:
    doc = nbformat.v4.new_notebook()
    doc.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                  "language": "python"}
    doc.cells = [nbformat.v4.new_code_cell(c) for c in [*CELLS, EXEC_CELL]]
    nbformat.write(doc, lab.root / NOTEBOOK)
    yield from open_notebook(browser, lab, NOTEBOOK, Notebook, width=1400)


def test_a_click_on_a_card_that_cannot_be_played_says_why(nb: Notebook) -> None:
    before = nb.state()
    content = nb.content()
    card = content.locator('.bl-card[data-why="play Plasma Generator"]')
    expect(card).to_have_count(1)
    assert card.get_attribute("data-action") is None
    assert card.get_attribute("role") == "button" and card.get_attribute("tabindex") == "0"
    card.click()
    answer = content.locator('.bg-why[data-why-answer="play Plasma Generator"]')
    expect(answer).to_be_visible()
    text = answer.inner_text()
    assert "Not now" in text and "must choose a move with a die" in text, text
    link = answer.locator("a")
    expect(link).to_have_attribute("href", "https://github.com/space-boardgames/"
                                   "space-boardgames/blob/HEAD/docs/rules/blast.md#the-rulings")
    after = nb.state()
    assert after["json"] == before["json"] and after["version"] == before["version"]
    assert after["why"]["reason"] in text and after["error"] == ""
    nb.content().screenshot(path=str(artifact_path("explain-blast-why.png")))


def test_the_keyboard_asks_too_and_a_move_puts_the_answer_away(nb: Notebook) -> None:
    content = nb.content()
    content.locator('[data-control="dismiss-why"]').click()
    expect(content.locator(".bg-why")).to_have_count(0)
    card = content.locator('.bl-card[data-why="play Plasma Generator"]')
    card.focus()
    nb.page.keyboard.press("Enter")
    expect(content.locator(".bg-why")).to_have_count(1)
    # a move: a new version, the answer was for the old one
    content.locator(".bl-chip.bl-movable").first.click()
    old = nb.version()
    content.locator(".bl-dest[data-action]").first.click()
    nb.wait_version_change(old)
    expect(content.locator(".bg-why")).to_have_count(0)


def test_a_computer_fight_waits_with_its_odds_until_continue(nb: Notebook) -> None:
    content = nb.content(1)
    held = content.locator(".bg-held")
    expect(held).to_be_visible(timeout=10_000)
    assert "about to play fight" in held.inner_text() and "100.0%" in held.inner_text()
    checkbox = content.locator('[data-control="pause-battles"]')
    expect(checkbox).to_be_checked()
    assert "None" in nb.python("print(g2.state.last_fight)")
    nb.content(1).screenshot(path=str(artifact_path("explain-blast-held.png")))
    old = nb.version(1)
    content.locator('[data-control="resume"]').click()
    nb.wait_version_change(old, 1)
    expect(content.locator(".bg-held")).to_have_count(0)
    # the held fight was played (the computer goes on: its next fight may be held in turn)
    played = nb.python("print([s.text for s in g2.history if s.player == 1][:1])").strip()
    assert played == "['fight 5']"


def test_the_pace_select_sets_the_computers_pace(nb: Notebook) -> None:
    select = nb.content(1).locator('select[data-control="pace"]')
    expect(select).to_have_value("normal")
    select.select_option("fast")
    nb.page.wait_for_timeout(300)
    assert nb.python("print(board2.pace)").strip() == "0.2"
    expect(nb.content(1).locator('select[data-control="pace"]')).to_have_value("fast")


def test_cards_and_units_explain_themselves(nb: Notebook) -> None:
    content = nb.content()
    card = content.locator('.bl-card[data-key$=":Plasma Generator"]')
    assert "Attacker +2 Force" in card.get_attribute("title")
    described = card.get_attribute("aria-describedby")
    text = nb.board().evaluate("(b, id) => b.ownerDocument.getElementById(id)?.textContent",
                               described)
    assert text == "Plasma Generator: Attack card, Fight Phase: Attacker +2 Force"
    chip = content.locator('.bl-chip[data-side="empire"]').first
    assert "Vindicator" in chip.get_attribute("title") or "force" in chip.get_attribute("title")
    # every card, unit and hand card on the board has its effect text
    missing = content.evaluate("""c => [...c.querySelectorAll('.bl-card, .bl-chip')]
        .filter(e => !e.getAttribute('aria-describedby')
                     || !document.getElementById(e.getAttribute('aria-describedby')))
        .map(e => e.textContent)""")
    assert missing == []
    rules = content.locator("a.bg-rules")
    expect(rules).to_have_attribute("href", "https://github.com/space-boardgames/"
                                    "space-boardgames/blob/HEAD/docs/rules/blast.md#the-rule-text")


def test_the_header_names_the_sides_and_what_the_turn_counts(nb: Notebook) -> None:
    head = nb.content().locator("header.bg-head")
    expect(head.locator(".bg-tomove")).to_have_text("Empire (you) to move")
    expect(head.locator(".bg-turn")).to_have_text("turn 1 of the game: the Empire's")
    expect(nb.content(1).locator('select[data-control="opponent"]')).to_have_attribute(
        "aria-label", "who plays Empire")


def spacehole(nb: Notebook, cell: int) -> Any:
    return nb.cells().nth(cell).locator('.bg-board[data-game="spacehole"] > .bg-content')


def test_spacehole_a_lost_game_is_summed_up_and_its_dice_say_who_rolled(nb: Notebook) -> None:
    content = spacehole(nb, 2)
    summary = content.locator(".sh-summary")
    expect(summary).to_contain_text("Turns survived: 0. Score: 0. Ended because the Base was "
                                    "destroyed by Alien Predators in turn 1.")
    expect(summary).to_contain_text("17.0%")
    chips = content.locator(".bg-dice .bg-chip").all_inner_texts()
    assert chips[0] == "drew Alien Predators"
    assert all(c.startswith(("Alien Predators rolled", "Defenders rolled"))
               for c in chips[1:]), chips
    assert content.locator(".sh-battle .bg-muted", has_text="Next:").count() == 0


def test_spacehole_identical_structures_are_grouped_and_no_damage_is_not_red(nb: Notebook) -> None:
    content = spacehole(nb, 3)
    mines = content.locator(".sh-structure", has_text="Mine")
    expect(mines).to_have_count(1)
    expect(mines.locator(".sh-name")).to_have_text("Mine \u00d72")
    assert "Supports Refinery" in mines.get_attribute("title")
    base_damage = content.locator(".sh-base .sh-line", has_text="Damage 0/")
    expect(base_damage).to_have_count(1)
    assert "sh-damage" not in base_damage.get_attribute("class")


def test_since_your_last_move_lists_what_the_computer_did(nb: Notebook) -> None:
    """Board 2's person has not acted: everything the computer did (its fights) is in
    the account, as Python's board.since has it."""
    content = nb.content(1)
    panel = content.locator(".bg-since")
    expect(panel).to_be_visible()
    since = json.loads(nb.python("import json; print(json.dumps(board2.since))").strip())
    assert since and any("fight" in line.lower() or "wins" in line for line in since), since
    expect(panel.locator(".bg-since-lines li")).to_have_text(since)


# Each step of g2's history since board 2 was made, replayed one step at a time from the
# position it started at: who took it, and the lines it logged (or, for a computer action
# that logs nothing, the words the board says for it).
REPLAY = """import json as _j
_r = g2start.fork(); _r.auto_roll = False
_rows = []
for _s in g2.history[len(g2start.history):]:
    _m = len(_r.log); _r.apply(_s.value)
    _rows.append([_s.player, list(_r.log[_m:]), board2._account('', _s.text, []).split(': ', 1)[1]])
print(_j.dumps({'rows': _rows, 'since': board2.since, 'omitted': board2.since_omitted}))
"""


def assert_account_is_the_history(data: dict[str, Any]) -> None:
    """``data``: the replayed steps (player, lines logged, words for a silent action) and
    the board's account: the account holds each step's lines, or for a computer action
    that logged nothing its words, in the order played (its last SINCE_LINES)."""
    expected: list[str] = []
    for player, lines, said in data["rows"]:
        expected += lines or ([f"the computer: {said}"] if player == 1 else [])
    since = data["since"]
    assert data["omitted"] == len(expected) - len(since)
    for want, line in zip(expected[len(expected) - len(since):], since, strict=True):
        assert line.endswith(want) if want.startswith("the computer: ") else line == want, \
            (want, since)


def test_since_your_last_move_names_every_computer_action_of_the_history(nb: Notebook) -> None:
    """Issue 17's test: after the computer's turns the account names every action the
    computer took, compared with the game's history (not with the log alone)."""
    data = json.loads(nb.python(REPLAY).strip())
    computer = [r for r in data["rows"] if r[0] == 1]
    assert computer, "the computer has not moved"
    assert_account_is_the_history(data)
    since = data["since"]
    # and the panel shows that account
    expect(nb.content(1).locator(".bg-since .bg-since-lines li")).to_have_text(since)


# every element that stands for a card, unit, site or list entry, by board
DESCRIBED = {"spacehole": ".sh-card", "spacebase": ".sb-card, .sb-site",
             "intergalactic": ".ig-pick, .ig-name, .ig-entry", "blast": ".bl-card, .bl-chip"}


def test_every_card_site_and_entry_carries_its_effect_text(nb: Notebook) -> None:
    """Every card, unit, site and list entry of every board of the page has its effect:
    an aria-describedby to a glossary text that is not empty (the same text as its
    tooltip's, for keyboard and screen readers), and a link to its rule: data-rule,
    docs/rules/<game>.md#<anchor> with an anchor the page really has."""
    found = {}
    for game, sel in DESCRIBED.items():
        found[game] = nb.page.evaluate("""([game, sel]) => {
            const out = {n: 0, missing: [], rules: {}};
            for (const b of document.querySelectorAll(`.bg-board[data-game="${game}"]`)) {
              for (const e of b.querySelectorAll(sel)) {
                out.n += 1;
                const id = e.getAttribute('aria-describedby');
                const text = id && document.getElementById(id)?.textContent.trim();
                const name = e.textContent.trim().slice(0, 40);
                if (!text) out.missing.push(name);
                out.rules[e.dataset.rule || `(none) ${name}`] = true;
              }
            }
            return out; }""", [game, sel])
    assert all(f["n"] > 0 for f in found.values()), found
    assert {g: f["missing"] for g, f in found.items() if f["missing"]} == {}, found
    for game, f in found.items():
        page = f"{DOCS_URL}/{game}.md#"
        anchors = doc_anchors((ROOT / "docs" / "rules" / f"{game}.md").read_text("utf-8"))
        bad = [r for r in f["rules"] if not r.startswith(page) or r[len(page):] not in anchors]
        assert bad == [], (game, bad)


def test_pointing_at_a_card_shows_its_effect_and_a_link_to_its_rule(nb: Notebook) -> None:
    """The explain line: a card focused by the keyboard (or pointed at) shows its text and
    a link to its rule, the element's data-rule; x closes it."""
    content = nb.content()
    card = content.locator('.bl-card[data-key$=":Plasma Generator"]')
    rule = card.get_attribute("data-rule")
    assert rule == f"{DOCS_URL}/blast.md#card-attack"
    card.focus()
    line = nb.board().locator(":scope > .bg-explain")
    expect(line).to_be_visible()
    expect(line.locator(".bg-explain-text")).to_have_text(
        "Plasma Generator: Attack card, Fight Phase: Attacker +2 Force")
    expect(line.locator("a.bg-explain-rule")).to_have_attribute("href", rule)
    chip = content.locator('.bl-chip[data-side="empire"]').first
    chip.hover()
    expect(line.locator("a.bg-explain-rule")).to_have_attribute("href",
                                                               f"{DOCS_URL}/blast.md#units")
    line.locator("[data-explain-close]").click()
    expect(line).to_be_hidden()


def _click_and_wait(nb: Notebook, cell: int, game: str, target: Any) -> None:
    board = nb.cells().nth(cell).locator(f'.bg-board[data-game="{game}"]')
    old = int(board.get_attribute("data-version"))
    target.click()
    nb.page.wait_for_function(
        "([c, b, v]) => Number(document.querySelectorAll('.jp-Notebook .jp-Cell')[c]"
        ".querySelector(b).dataset.version) !== v",
        arg=[cell, f'.bg-board[data-game="{game}"]', old])


WHOLE_GAME_PREFERENCE = ("build", "power", "recruit", "end turn", "pass")


def test_spacehole_a_whole_game_played_by_clicking(nb: Notebook) -> None:
    """Issue 17's test: a whole game of Spacehole by clicking the board's elements (a
    build, power or recruit when the board offers one, else end turn or pass) until the
    board sums the game up; the game's decisions are the clicks."""
    content = spacehole(nb, WHOLE)
    clicked: list[str] = []
    while not content.locator(".sh-summary").count():
        assert len(clicked) < 60, clicked
        offered = content.evaluate(
            "c => [...c.querySelectorAll('[data-action]')].map(e => e.dataset.action)")
        action = next((a for pre in WHOLE_GAME_PREFERENCE for a in offered
                       if a.startswith(pre)), offered[0])
        _click_and_wait(nb, WHOLE, "spacehole",
                        content.locator(f'[data-action="{action}"]').first)
        clicked.append(action)
    expect(content.locator(".sh-summary")).to_contain_text("Turns survived")
    played = json.loads(nb.python(
        "import json; print(json.dumps([whole.game.is_over,"
        " [s.text for s in whole.game.history if s.player == 0]]))").strip())
    assert played == [True, clicked]
    assert len(clicked) > 10, clicked  # (seed 1: 27 decisions, builds and removes among them)


def test_a_click_on_what_cannot_be_played_says_why_on_every_board(nb: Notebook) -> None:
    """Spacehole's and Intergalactic's boards too (Blast's card and Space Base's cell
    above): an element marked data-why (a hand card, a list row or record entry that
    cannot be played now) answers with a reason; the board's version is unchanged."""
    for game in ("spacehole", "intergalactic"):
        board = nb.page.locator(f'.bg-board[data-game="{game}"]:has([data-why])').first
        expect(board).to_have_count(1)
        target = board.locator(":scope > .bg-content [data-why]").first
        why = target.get_attribute("data-why")
        version = board.get_attribute("data-version")
        target.click()
        answer = board.locator(f'.bg-why[data-why-answer="{why}"]')
        expect(answer).to_be_visible()
        assert len(answer.inner_text().strip()) > len("Not now: "), answer.inner_text()
        if game == "spacehole":
            assert why == "build Alien Artifact"
            expect(answer).to_contain_text("may be played only with a Research Labs in play")
        assert board.get_attribute("data-version") == version


# The steps of igt's game from the person's last action on (the start of its account),
# replayed one at a time on a fork taken back to before that action.
REPLAY_TURN = """import json as _j
_g = igt.game; _h = _g.history
_k = max(i for i, s in enumerate(_h) if s.player == 0)
_r = _g.fork()
while len(_r.history) > _k:
    _r.undo()
_r.auto_roll = False
_rows = []
for _s in _h[_k:]:
    _m = len(_r.log); _r.apply(_s.value)
    _rows.append([_s.player, list(_r.log[_m:]), igt._account('', _s.text, []).split(': ', 1)[1]])
print(_j.dumps({'rows': _rows, 'since': igt.since, 'omitted': igt.since_omitted}))
"""


def test_intergalactic_a_turn_by_clicking_then_the_computers_account(nb: Notebook) -> None:
    """Issue 17's test: one complete Intergalactic turn played by clicking (any action
    the board offers, until the computer is to move), then, once the computer's turn is
    over, the account names every step since the person's last action as the game's
    history has it (replayed one step at a time), computer's actions included."""
    content = nb.cells().nth(TURNS).locator('.bg-board[data-game="intergalactic"] > .bg-content')
    tomove = content.locator("header.bg-head .bg-tomove")
    expect(tomove).to_contain_text("(you) to move", timeout=15_000)
    # The person's turn is over when the game's (stage, turn) moves on, read on the Python
    # side: the board's "(you) to move" alone races the computer, whose turn at pace 0.05
    # can be over before the page is read again (then a click would play the next turn).
    turn_of = "print(igt.game.state.stage, igt.game.state.turn)"
    start = nb.python(turn_of).strip()
    clicks = 0
    while nb.python(turn_of).strip() == start:
        assert clicks < 12, clicks
        _click_and_wait(nb, TURNS, "intergalactic", content.locator("[data-action]").first)
        clicks += 1
    expect(tomove).to_contain_text("(you) to move", timeout=15_000)  # the computer's turn
    data = json.loads(nb.python(REPLAY_TURN).strip())
    assert any(player == 1 for player, _lines, _said in data["rows"]), data["rows"]
    assert_account_is_the_history(data)
    since = data["since"]
    expect(content.locator(".bg-since .bg-since-lines li")).to_have_text(since)


def test_space_base_explains_its_codes_and_cards(nb: Notebook) -> None:
    content = nb.cells().nth(4).locator('.bg-board[data-game="spacebase"] > .bg-content')
    expect(content.locator(".sb-legend")).to_contain_text(
        "M = Metals, R = Radioactives, I = Ice + Organics")
    card = content.locator('.sb-card[data-card="Extractor"]')
    assert "requirements: Power, Resource sites" in card.get_attribute("title")
    # what it needs to work is on the card itself, not only in its tooltip
    expect(card.locator(".sb-cneeds")).to_have_text("needs: Power, Resource sites")
    expect(card.locator(".sb-cneeds")).to_be_visible()
    described = card.get_attribute("aria-describedby")
    text = content.evaluate("(c, id) => document.getElementById(id)?.textContent", described)
    assert text.startswith("Extractor: Installation, income 1 credit")
    site = content.locator('.sb-cell[data-cell="1,0"]')
    assert site.get_attribute("aria-describedby")


def test_spacehole_pauses_before_the_invasion_with_its_odds(nb: Notebook) -> None:
    content = spacehole(nb, 5)
    content.locator('[data-control="pause-battles"]').check()
    nb.page.wait_for_timeout(300)
    assert nb.python("print(inv.pause_battles)").strip() == "True"
    content.locator('[data-action="end turn"]').click()
    held = content.locator(".bg-held")
    expect(held).to_contain_text("Paused before the battle")
    expect(held).to_contain_text("attacks the Base")
    assert nb.python("print(g5.current_player, g5.state.battle_round)").strip() == "-1 1"
    content.locator('[data-control="resume"]').click()
    expect(content.locator(".bg-held")).to_have_count(0)
    assert nb.python("print(g5.auto_roll, g5.current_player)").strip() in ("True 0",
                                                                          "True None")


def test_space_base_a_cell_that_cannot_take_the_card_says_why(nb: Notebook) -> None:
    content = nb.cells().nth(4).locator('.bg-board[data-game="spacebase"] > .bg-content')
    board = nb.cells().nth(4).locator('.bg-board[data-game="spacebase"]')
    old = int(board.get_attribute("data-version"))
    content.locator('[data-action="build Extractor"]').click()
    nb.page.wait_for_function(
        "([b, v]) => Number(document.querySelectorAll('.jp-Notebook .jp-Cell')[4]"
        ".querySelector(b).dataset.version) !== v", arg=['.bg-board[data-game="spacebase"]', old])
    cell = content.locator('.sb-cell[data-cell="5,5"]')
    expect(cell).to_have_attribute("data-why", "place (5,5)")
    steps = nb.python("print(len(sb.game.history))").strip()
    cell.click()
    answer = content.locator('.bg-why[data-why-answer="place (5,5)"]')
    expect(answer).to_contain_text("not orthogonally adjacent to a site Player 0 controls")
    assert nb.python("print(len(sb.game.history))").strip() == steps


def test_intergalactic_the_battle_result_stays_after_the_battle(nb: Notebook) -> None:
    content = nb.cells().nth(6).locator('.bg-board[data-game="intergalactic"] > .bg-content')
    panel = content.locator(".ig-last-battle")
    expect(panel).to_be_visible()
    assert nb.python("print(g6.state.battle, ig.extra['last_battle']['winner'])").strip() \
        == "None 0"
    expect(panel).to_contain_text("rolled 58 + BAT 27 = 85")
    expect(panel).to_contain_text("rolled 40 + BAT 10 = 50")
    expect(panel.locator(".ig-result")).to_have_text("Karnor (P0) (you) won, 85 against 50")


def test_spacehole_the_house_rule_is_offered_for_a_new_game(nb: Notebook) -> None:
    # (last: it replaces the game of the lost board of cell 2)
    content = spacehole(nb, 2)
    expect(content.locator(".sh-summary .sh-house")).to_contain_text("grace_turns")
    content.locator('select[data-house="grace_turns"]').select_option("3")
    content.locator(".bg-seed").fill("3")
    content.locator('[data-house-new="grace_turns"]').click()
    chip = content.locator(".sh-house")
    expect(chip).to_contain_text("no invasion before turn 4")
    expect(content.locator(".sh-summary")).to_have_count(0)
    assert nb.python("print(lost.game.rules.grace_turns, lost.game.is_over, lost.game.log[1])"
                     ).strip() == ("3 False Turn 1: Alien Predators passes without a battle "
                                   "(house rule: no invasion before turn 4)")
    expect(content.locator('select[data-house="grace_turns"]')).to_have_value("3")


def test_spacehole_the_last_battle_stays_after_the_turn_ends(nb: Notebook) -> None:
    """Issue 17: 'Results stay on screen until the player moves on ... the last
    Spacehole battle'. Played by clicking: end turn 11; turn 12's invader is
    fought at once (destroyed in round 4); pass and end turn 12: in turn 13 the battle is
    still drawn (its turn, the dice of each round under who rolled them, the outcome)
    until the player's first decision of turn 13 puts it away."""
    content = spacehole(nb, KEPT)
    _click_and_wait(nb, KEPT, "spacehole", content.locator('[data-action="end turn"]'))
    battle = content.locator(".sh-battle")
    expect(battle).to_have_attribute("data-turn", "12")
    expect(battle.locator("h4")).to_have_text("Last battle this turn")
    for action in ("pass", "end turn"):
        _click_and_wait(nb, KEPT, "spacehole", content.locator(f'[data-action="{action}"]'))
    expect(content.locator(".sh-stat", has_text="Turn")).to_contain_text("13")
    expect(battle).to_have_attribute("data-turn", "12")
    expect(battle.locator("h4")).to_have_text("Last battle (turn 12)")
    expect(battle.locator(".sh-rounds thead th")).to_have_text(
        ["Round", "Vampiric Space Beavers", "Defenders"])
    expect(battle.locator(".sh-rounds tbody tr")).to_have_count(4)
    expect(battle.locator(".sh-rounds tbody tr").last).to_contain_text("2/6 hits")
    expect(battle.locator(".sh-battle-result")).to_have_text(
        "Vampiric Space Beavers was destroyed in round 4: the Base held.")
    rows = nb.python("import json; print(json.dumps(kept.extra['battle']['rounds']))").strip()
    assert json.loads(rows)[3] == {"round": 4, "invader": {"dice": 1, "hits": 0},
                                   "defenders": {"dice": 6, "hits": 2}}
    content.screenshot(path=str(artifact_path("explain-spacehole-last-battle.png")))
    _click_and_wait(nb, KEPT, "spacehole", content.locator('[data-action="pass"]'))
    expect(content.locator(".sh-battle")).to_have_count(0)


def test_space_combat_tactics_is_put_in_play_then_its_moves_are_drawn(nb: Notebook) -> None:
    """Issue 15 (Blast ruling 7) on the board: the card in hand carries ``play Space
    Combat Tactics``; once it is in play the lone unit's destinations are its two moves
    backwards only (each plain move would strand a die), drawn with the backwards arrow
    and the die; a click on one makes that move in Python, and the card goes to the
    vortex."""
    content = nb.content(TACTICS)
    expect(content.locator('.bl-card[data-action="play Space Combat Tactics"]')).to_be_visible()
    nb.click_action("play Space Combat Tactics", TACTICS)
    content.locator(".bl-chip.bl-movable").first.click()
    dests = content.locator(".bl-dest[data-action]")
    expect(dests).to_have_count(2)
    assert sorted(d.get_attribute("data-action") for d in dests.all()) == [
        "move 5:3 back 1", "move 5:3 back 4"]
    expect(content.locator('.bl-dest[data-action="move 5:3 back 1"]')).to_have_text("\u21ba1")
    nb.click_action("move 5:3 back 1", TACTICS)
    out = nb.python("print('TAC', [s.text for s in tac.game.history], tac.game.state.play,"
                    " 'Space Combat Tactics' in tac.game.state.vortex, tac.error)")
    assert "'play Space Combat Tactics', 'move 5:3 back 1']" in out, out
    assert out.strip().endswith("() True"), out
