"""Playing together without seeing the others' cards (issue 20, re-opened).

* A covered hot-seat board holds nothing a spectator's board does not: checked at every
  cover of random games (intents, why, hint, review, scrub, fork, undo, redo sent at
  random) of Blast, Space Base (with starting hands) and Intergalactic.
* A what-if board never holds another seat's real hidden card nor the real future: its
  game is ``determinize(player)`` (or, when nothing is hidden from the player, a copy
  with a fresh seed); its computer players play the guessed cards; its draws are not the
  real game's. The scrubber shows the player's own past views only.
* A covered hot-seat board whose computer players are paused can be resumed.
* Save: the file reaches the browser only when nothing in it is hidden from the board's
  player; else it is written in the kernel's working directory and the browser gets its
  name.
* Undo and redo of a seat's board take back (re-apply) that seat's own decision only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from ui.test_play_together import assert_covered_like_a_spectator, send, synced

import boardgames as bg
from boardgames.agents import GreedyAgent, RandomAgent
from boardgames.core.game import CHANCE, Game
from boardgames.spacebase.rules import Rules as SBRules
from boardgames.ui import board as board_module
from boardgames.ui.board import Board, live_boards


@pytest.fixture(autouse=True)
def _close_boards() -> Iterator[None]:
    yield
    for b in live_boards():
        b.close()


def base4(players: int = 3, seed: int = 4) -> Game:
    return bg.SpaceBase(players=players, seed=seed, rules=SBRules(starting_hand=4))


def hands(g: Game) -> dict[int, list[str]]:
    return {p: list(g.view(p).get("hand") or ()) for p in range(g.players)}


# ---------------------------------------------------------------------- A: hot seat
def test_a_covered_board_drops_the_last_seats_why_answer() -> None:
    g = bg.Blast(seed=3)
    board = g.widget(seats=[0, 1], names=["Ann", "Bob"])
    send(board, {"type": "reveal", "version": board.version})
    seat = board.player
    card = g.view(seat)["hand"][0]
    send(board, {"type": "why", "action": f"play {card}", "version": board.version})
    assert board.why["action"] == f"play {card}"
    agent = GreedyAgent(seed=1)
    while not board.covered:
        send(board, {"type": "intent", "action": str(agent.choose(g)),
                     "version": board.version})
        assert board.error == ""
    assert board.why == {}
    assert_covered_like_a_spectator(board)


FUZZ = {
    "blast": (lambda s: bg.Blast(seed=10 + s), [0, 1], []),
    "spacebase": (lambda s: base4(3, 10 + s), [0, 1], [2]),
    "intergalactic": (lambda s: bg.Intergalactic(players=3, seed=10 + s), [0, 1], [2]),
}


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("name", sorted(FUZZ))
def test_random_messages_never_leave_a_hidden_card_in_a_covered_board(
    name: str, seed: int,
) -> None:
    make, seats, computers = FUZZ[name]
    g = make(seed)
    board = g.widget(seats=seats, opponents={p: GreedyAgent(seed=p) for p in computers},
                     pace=30)
    board.agents_running = False  # the computer moved by hand below
    board.configure(hint_seconds=0.05, review_seconds=0.01)
    board.hint_settings.update(playouts=2, first=1)
    rng = random.Random(seed)
    agent = RandomAgent(seed=seed)
    covers = 0
    for _ in range(160):
        if g.is_over:
            break
        if board.covered:
            covers += 1
            assert_covered_like_a_spectator(board)
            for f in board.forks:  # the what-ifs below: covered too, nothing real in them
                assert f.covered and "hand" not in f.view and f.legal == []
            send(board, {"type": "reveal", "version": board.version})
            continue
        p = g.current_player
        if p == CHANCE:
            g.roll()
            continue
        if p in computers:
            board.agent_step()
            continue
        mine = hands(g)[p]
        r = rng.random()
        if r < 0.15 and mine:
            send(board, {"type": "why", "action": f"play {rng.choice(mine)}",
                         "version": board.version})
        elif r < 0.2:
            send(board, {"type": "hint", "version": board.version})
            board.wait_analysis(5)
        elif r < 0.21:
            send(board, {"type": "review"})
            board.wait_analysis(20)
        elif r < 0.3 and g.history:
            send(board, {"type": "scrub", "step": rng.randrange(len(g.history))})
        elif r < 0.33 and len(board.forks) < 3:
            step = rng.choice([None, rng.randrange(len(g.history) + 1)])
            send(board, {"type": "fork", "step": step})
        elif r < 0.36:
            send(board, {"type": "undo", "version": board.version})
            continue
        elif r < 0.38:
            send(board, {"type": "redo", "version": board.version})
            continue
        if board.covered or g.current_player != p:
            continue
        action = str(agent.choose(g))
        send(board, {"type": "intent", "action": action, "version": board.version})
        if board.extra.get("chosen") is not None:  # a Space Base card held: its cell next
            after = g.fork()
            after.apply(action)
            send(board, {"type": "intent", "action": str(agent.choose(after)),
                         "version": board.version})
    assert covers >= 4, covers


# ---------------------------------------------------------------------- B: what-ifs
@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's fresh seeds fixed, so a what-if's guess is the same at every run."""
    counter = iter(range(77, 10**6))
    monkeypatch.setattr(board_module, "fresh_seed", lambda: next(counter))


def computer_plays(board: Board, seat: int, moves: int) -> list[tuple[list[str], str]]:
    """Let the what-if's computer play ``seat`` (and the board's own seat play its first
    legal action) for ``moves`` of its moves: [(its hand before, its action)]."""
    g = board.game
    out = []
    for _ in range(400):
        if len(out) == moves or g.is_over:
            break
        p = g.current_player
        if p == CHANCE:
            g.roll()
        elif p == seat:
            before = list(g.state.hands[seat])
            out.append((before, str(board.agent_step())))
        else:
            g.apply(GreedyAgent(seed=9).choose(g))
    return out


@pytest.mark.usefixtures("fixed_seed")
@pytest.mark.parametrize("step", [None, 30])
def test_a_what_if_holds_none_of_the_other_seats_real_cards(step: int | None) -> None:
    g = bg.Blast(seed=1)
    a, b = g.widget(player=0), g.widget(player=1)
    for x in (a, b):
        x.agents_running = False
    agent = GreedyAgent(seed=2)
    while len(g.history) < 40:
        g.roll() if g.current_player == CHANCE else g.apply(agent.choose(g))
    real = g.fork()
    if step is not None:
        real.auto_roll = False
        while len(real.history) > step:
            real.undo()
    send(a, {"type": "fork", "step": step})
    assert a.error == ""
    child = a.forks[0]
    h = child.game
    # no real past (history, log) and a fresh seed: no real draw, no real future
    assert h.history == () and h.log == () and h.seed != g.seed
    assert list(h.state.hands[0]) == list(real.state.hands[0])  # the player's own hand
    assert sorted(h.state.hands[1]) != sorted(real.state.hands[1])  # a guess
    # nothing on the what-if board names a real card of seat 1 the guess does not hold
    seen = json.dumps(real.view(0))  # (a card may be in the vortex too: public)
    secret = {c for c in set(real.state.hands[1]) - set(h.state.hands[1]) if c not in seen}
    text = json.dumps({k: v for k, v in synced(child).items()
                       if k not in ("glossary", "rule_anchors")})
    assert secret and not {c for c in secret if c in text}
    # its computer plays the guessed cards: every card it plays was in the guessed hand
    send(child, {"type": "opponent", "player": 1, "kind": "greedy"})
    assert child.error == ""
    played = computer_plays(child, 1, 6)
    assert played
    for hand, action in played:
        if action.startswith(("play ", "discard ")):
            card = action.split(" on ")[0].removeprefix("play ").removeprefix("discard ")
            assert card in hand, (action, hand)


@pytest.mark.usefixtures("fixed_seed")
def test_a_what_ifs_draws_are_not_the_real_games_future() -> None:
    g = bg.Intergalactic(players=3, seed=5)  # nothing hidden: the history is kept
    b = g.widget(player=0)
    b.agents_running = False
    agent = GreedyAgent(seed=1)
    while len(g.history) < 30:
        g.roll() if g.current_player == CHANCE else g.apply(agent.choose(g))
    send(b, {"type": "fork", "step": None})
    child = b.forks[0].game
    assert child.history == g.history and child.seed != g.seed
    assert not child.can_redo
    real, what_if = g.fork(), child.fork()
    rolled: dict[str, list[Any]] = {"real": [], "what_if": []}
    for key, x in (("real", real), ("what_if", what_if)):
        x.auto_roll = False
        for _ in range(300):
            if len(rolled[key]) == 8 or x.is_over:
                break
            if x.current_player == CHANCE:
                rolled[key].append(x.roll())
            else:
                x.apply(GreedyAgent(seed=3).choose(x))
    assert rolled["real"] != rolled["what_if"]


def test_a_what_if_from_a_past_step_takes_no_real_redo(fixed_seed: None) -> None:
    g = bg.Intergalactic(players=2, seed=5)
    b = g.widget(player=0)
    b.agents_running = False
    agent = GreedyAgent(seed=1)
    while len(g.history) < 20:
        g.roll() if g.current_player == CHANCE else g.apply(agent.choose(g))
    send(b, {"type": "fork", "step": 10})
    child = b.forks[0]
    assert child.game.history == g.history[:10] and not child.game.can_redo
    assert child.game.auto_roll is False  # its chance nodes can be forced


def test_a_tinkerer_forces_a_chance_outcome_in_a_what_if_of_a_past_step() -> None:
    g = bg.Blast(seed=2)
    b = g.widget(player=0)
    b.agents_running = False
    agent = GreedyAgent(seed=1)
    while len(g.history) < 60:
        g.roll() if g.current_player == CHANCE else g.apply(agent.choose(g))
    die = next(i for i, s in enumerate(g.history)
               if s.player == CHANCE and not isinstance(s.value, str) and i > 20)
    send(b, {"type": "fork", "step": die})
    child = b.forks[0]
    assert child.game.current_player == CHANCE and child.chance, child.chance
    outcome = child.chance[-1]["action"]
    send(child, {"type": "intent", "action": outcome, "version": child.version})
    assert child.error == "" and child.game.history[-1].text == outcome


@pytest.mark.usefixtures("fixed_seed")
def test_a_hot_seat_what_if_opened_by_one_person_never_shows_the_other_real_hand() -> None:
    """The what-if's guess fixed (``fixed_seed``: a fresh guess could hold, by chance, a
    card of the same name as one in the real hand, as could the opener's own draws in
    the what-if: a name is not a card); what the board shows beyond the opener's own
    view of the what-if names no card of the other seat's real hand."""
    g = bg.Blast(seed=3)
    hot = g.widget(seats=[0, 1], names=["Ann", "Bob"])
    send(hot, {"type": "reveal", "version": hot.version})
    me = hot.player
    other_hand = set(g.view(1 - me)["hand"]) - set(g.view(me)["hand"])
    send(hot, {"type": "fork", "step": None})
    child = hot.forks[0]
    agent = GreedyAgent(seed=1)
    for _ in range(40):  # the what-if played on until the other seat is to move in it
        h = child.game
        if h.current_player == 1 - me or h.is_over:
            break
        if h.current_player == CHANCE:
            h.roll()
        else:
            send(child, {"type": "intent", "action": str(agent.choose(h)),
                         "version": child.version})
    # the what-if is not covered for the other seat: nobody can reveal it as them
    assert child.player == me and not child.covered
    send(child, {"type": "reveal", "version": child.version})
    assert "not covered" in child.error
    text = json.dumps({k: v for k, v in synced(child).items()
                       if k not in ("glossary", "rule_anchors")})
    own = json.dumps(child.game.view(me))  # the opener's own cards and the public ones
    secret = {c for c in other_hand if c not in own}
    assert secret and not {c for c in secret if c in text}


def test_spacehole_what_ifs_keep_their_history() -> None:
    g = bg.Spacehole(seed=3)
    b = g.widget(player=0)
    agent = GreedyAgent(seed=1)
    while len(g.history) < 12:
        g.apply(agent.choose(g))
    send(b, {"type": "fork", "step": len(g.history) - 2})
    child = b.forks[0]
    assert child.game.history == g.history[:-2] and child.game.seed != g.seed


@pytest.mark.parametrize("make", [lambda: bg.Blast(seed=4), lambda: base4(2, 4)])
def test_the_scrubber_shows_only_the_players_own_past(make: Callable[[], Game]) -> None:
    g = make()
    b, spectator = g.widget(player=0), g.widget(player=None)
    b.agents_running = False
    agent = GreedyAgent(seed=1)
    while len(g.history) < 60 and not g.is_over:
        g.roll() if g.current_player == CHANCE else g.apply(agent.choose(g))
    for step in range(0, len(g.history), 3):
        send(b, {"type": "scrub", "step": step})
        past = g.fork()
        past.auto_roll = False
        while len(past.history) > step:
            past.undo()
        assert b.scrub_view == past.view(0)
        send(spectator, {"type": "scrub", "step": step})
        other = set(past.view(1).get("hand") or ()) - set(past.view(0).get("hand") or ())
        shown = json.dumps([synced(spectator, ("scrub_view", "scrub_log", "scrub_extra")),
                            past.view(0)])
        secret = {c for c in other if c not in shown}
        text = json.dumps(synced(b, ("scrub_view", "scrub_log", "scrub_extra")))
        assert not {c for c in secret if c in text}, step


# ---------------------------------------------------------------------- C: dead end
def test_a_covered_board_with_its_computer_paused_can_resume() -> None:
    g = bg.SpaceBase(players=3, seed=4)
    hot = g.widget(seats=[1, 2], names=["Ann", "Bob"], opponents={0: GreedyAgent(seed=0)},
                   pace=30)  # (a timer never fires in the test: the computer moved by hand)
    hot.agents_running = False
    while g.current_player == 0:
        hot.agent_step()
    send(hot, {"type": "reveal", "version": hot.version})
    send(hot, {"type": "agents", "run": False})
    send(hot, {"type": "new", "seed": 7})
    g = hot.game
    assert hot.covered and hot.cover_for is None and g.current_player == 0
    send(hot, {"type": "agents", "run": True})
    assert hot.error == "" and hot.agents_running and hot.thinking  # its move scheduled
    while g.current_player == 0:  # the computer moves again (by hand here: no timer)
        assert hot.agent_step() is not None
    assert hot.covered and hot.cover_for == g.current_player in (1, 2)
    # with a person to reveal, the cover still refuses the control
    send(hot, {"type": "agents", "run": False})
    assert "covered" in hot.error and hot.agents_running


# ---------------------------------------------------------------------- D: save
def saved_from(board: Board) -> tuple[list[Any], str]:
    """Save from ``board``: (the messages the browser got, the notice)."""
    sent: list[Any] = []
    board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    send(board, {"type": "save"})
    assert board.error == "", board.error
    return sent, board.notice


def test_a_save_naming_the_other_seats_cards_goes_to_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    g = bg.Blast(seed=3)
    b = g.widget(player=0)
    b.agents_running = False
    assert b.hides_something()
    sent, notice = saved_from(b)
    files = list(tmp_path.iterdir())
    assert len(files) == 1 and files[0].name in notice and "folder" in notice
    assert json.dumps(sent).find("steps") == -1  # only the notice: no game text
    other = g.view(1)["hand"]
    assert not any(c in json.dumps(sent) + notice for c in other)
    loaded = bg.from_json(files[0].read_text())
    assert loaded.view(1)["hand"] == other and loaded.seed != g.seed
    sent2, _ = saved_from(b)  # a second save: a new file, the first one kept
    assert len(list(tmp_path.iterdir())) == 2 and sent2 == []


def test_in_a_kernel_in_the_browser_a_save_is_a_download(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 19 ("save/load (to a file the browser downloads)") on the JupyterLite site:
    the kernel (Pyodide) runs in the tab, so the game's every card is in the browser
    already and the notebook's folder is the same browser's storage: Save downloads
    even a game with hidden cards, with a fresh seed, and writes no file."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(board_module.sys, "platform", "emscripten")
    assert board_module.kernel_in_browser()
    g = bg.Blast(seed=3)
    b = g.widget(player=0)
    b.agents_running = False
    assert b.hides_something()
    sent, notice = saved_from(b)
    assert list(tmp_path.iterdir()) == [] and notice.startswith("saved blast-")
    (msg,) = sent
    loaded = bg.from_json(msg["text"])
    assert loaded.view(0) == g.view(0) and loaded.seed != g.seed


def test_a_save_hiding_nothing_is_a_download(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for g in (bg.Intergalactic(players=2, seed=1), bg.Spacehole(seed=1),
              bg.SpaceBase(players=2, seed=1)):  # Space Base: no card drawn yet
        b = g.widget(player=0)
        b.agents_running = False
        assert not b.hides_something()
        sent, notice = saved_from(b)
        assert sent[0]["type"] == "save" and json.loads(sent[0]["text"])["game"] == g.name
        assert notice == f"saved {sent[0]['filename']}"
    assert list(tmp_path.iterdir()) == []


def test_space_base_hides_the_other_players_draws_and_secret_steals() -> None:
    g = base4(2, 4)
    b0, b1 = g.widget(player=0), g.widget(player=1)
    for x in (b0, b1):
        x.agents_running = False
    agent = GreedyAgent(seed=1)
    while g.state.phase == "setup":
        g.roll() if g.current_player == CHANCE else g.apply(agent.choose(g))
    assert b0.hides_something() and b1.hides_something()
    # its own draws only: a game whose other hands are empty and never drawn
    g2 = bg.SpaceBase(players=2, seed=1)
    assert not g2.widget(player=0).hides_something()


def test_a_folder_save_that_fails_says_why_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)  # no file can be made in it
    monkeypatch.chdir(locked)
    probe = locked / "probe"
    try:
        probe.touch()
    except OSError:
        pass
    else:  # (root ignores the mode): a folder that is a file's name instead
        probe.unlink()
        locked.chmod(0o700)
        monkeypatch.setattr(board_module.Path, "cwd", classmethod(
            lambda cls: cls(tmp_path / "not-a-folder")))
        (tmp_path / "not-a-folder").write_text("")
    g = bg.Blast(seed=3)
    b = g.widget(player=0)
    before = g.to_json()
    send(b, {"type": "save"})
    assert "cannot save" in b.error and g.to_json() == before
    assert sorted(p.name for p in tmp_path.iterdir()) in (["locked"],
                                                          ["locked", "not-a-folder"])


def test_a_what_ifs_guess_cannot_be_saved() -> None:
    g = bg.Blast(seed=3)
    b = g.widget(player=0)
    send(b, {"type": "fork", "step": None})
    child = b.forks[0]
    send(child, {"type": "save"})
    assert "cannot be saved" in child.error


# ---------------------------------------------------------------------- E: undo
def play_by_boards(g: Game, boards: dict[int, Board], until: Callable[[list[int]], bool]
                   ) -> list[int]:
    movers: list[int] = []
    for _ in range(200):
        if until(movers):
            return movers
        p = g.current_player
        x = boards[p]
        send(x, {"type": "intent", "action": x.legal[0], "version": x.version})
        assert x.error == ""
        movers.append(p)
    raise AssertionError("never came")


def test_undo_takes_back_only_this_seats_own_decision() -> None:
    g = bg.Blast(seed=1)
    a, b = g.widget(player=0), g.widget(player=1)
    play_by_boards(g, {0: a, 1: b}, lambda m: m[-2:] == [0, 1])
    before = g.to_json()
    send(a, {"type": "undo", "version": a.version})
    assert "cannot undo" in a.error and "the Empire (player 1)" in a.error
    assert g.to_json() == before
    send(b, {"type": "undo", "version": b.version})  # B's own decision: taken back
    assert b.error == "" and g.current_player == 1
    assert [s.player for s in g.history if s.player != CHANCE][-1] == 0
    assert a.view == g.view(0)
    # redo: symmetric, only B may redo B's decision
    send(a, {"type": "redo", "version": a.version})
    assert "cannot redo" in a.error and g.can_redo
    send(b, {"type": "redo", "version": b.version})
    assert b.error == "" and g.to_json() == before


def test_undo_takes_back_the_computers_moves_with_this_seats_decision() -> None:
    g = bg.SpaceBase(players=3, seed=4)
    a = g.widget(player=0, opponents={2: GreedyAgent(seed=2)}, pace=30)
    a.agents_running = False
    b = g.widget(player=1)
    boards = {0: a, 1: b}

    def deciders() -> list[int]:
        return [s.player for s in g.history if s.player != CHANCE]

    # on until seat 1 (a person) decided last but for the computer's moves after it
    for _ in range(300):
        d = deciders()
        if len(d) > 2 and d[-1] == 2 and 1 in d[-3:] and g.current_player in (0, 1) \
                and g.turn >= 2:
            break
        p = g.current_player
        if p == 2:
            a.agent_step()
        else:
            x = boards[p]
            send(x, {"type": "intent", "action": x.legal[-1], "version": x.version})
            assert x.error == ""
    last_b = max(i for i, s in enumerate(g.history) if s.player == 1)
    before = g.to_json()
    send(a, {"type": "undo", "version": a.version})
    assert "cannot undo" in a.error and g.to_json() == before
    send(b, {"type": "undo", "version": b.version})  # seat 1's, and the computer's after
    assert b.error == "" and len(g.history) == last_b and g.current_player == 1
    assert a.view == g.view(0) and b.view == g.view(1)
