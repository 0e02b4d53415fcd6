"""Playing with other people (issue 20): every board of a game stays in step, and the
hot-seat board hides every hand between two seats' decisions.

* An intent on one board republishes every other board of the game within the same
  message handling (their state updates are sent before the handler returns), each with
  its own view: the same synced traits as a board made afresh for that seat.
* Undo, a cell's ``apply``, a computer player's move, "new" and "load" reach every board.
* A closed board is not kept alive by its game (weak observers), and a seat with a
  person's board is never given to the computer.
* Hot seat: while covered, every synced trait is what a spectator's board shows (and no
  trait holds a hand); only ``reveal`` is accepted; the cover comes back whenever another
  seat's person is to decide.
"""

from __future__ import annotations

import gc
import json
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent, RandomAgent
from boardgames.core.game import CHANCE, Game
from boardgames.ui.board import Board, boards_of

# The traits that describe the game (not which board it is, nor its controls).
GAME_TRAITS = ("view", "legal", "log", "log_start", "history", "steps", "last_action_step",
               "can_undo", "can_redo", "auto_roll", "chance", "chance_hidden", "extra",
               "extra_fixed", "scrub_step", "scrub_view", "scrub_log", "scrub_extra")
SECRET_KEYS = {"hand", "opponent_hand", "peek", "known_top", "seed"}


def send(board: Board, msg: Any) -> None:
    """What the browser's ``model.send(msg)`` does."""
    board._on_msg(board, msg, [])


def intent(board: Board, action: str) -> None:
    send(board, {"type": "intent", "action": action, "version": board.version})
    assert board.error == "", board.error


def synced(board: Board, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The synced traits as the browser receives them (all of them: ``keys`` None)."""
    state = board.get_state() if keys is None else board.get_state(list(keys))
    state = {k: v for k, v in state.items() if k not in ("_esm", "_css", "layout")}
    return json.loads(json.dumps(state))


def keys_in(x: Any) -> set[str]:
    if isinstance(x, dict):
        return set(x) | {k for v in x.values() for k in keys_in(v)}
    if isinstance(x, list):
        return {k for v in x for k in keys_in(v)}
    return set()


def fresh_traits(game: Game, player: int | None, cls: type[Board]) -> dict[str, Any]:
    """The game traits a board made now for ``player`` publishes (on a copy of the game,
    so the boards under test are not its siblings)."""
    b = cls(game.fork(), player=player)
    try:
        return synced(b, GAME_TRAITS)
    finally:
        b.close()


class Sent:
    """Records the state updates boards send (what reaches the browser)."""

    def __init__(self, boards: list[Board]) -> None:
        self.updates: list[tuple[Board, set[str]]] = []
        for b in boards:
            self._wrap(b)

    def _wrap(self, board: Board) -> None:
        original = board._send

        def record(msg: Any, buffers: Any = None) -> None:
            if msg.get("method") == "update":
                self.updates.append((board, set(msg["state"])))
            original(msg, buffers)

        board._send = record  # type: ignore[method-assign]

    def of(self, board: Board) -> list[set[str]]:
        return [keys for b, keys in self.updates if b is board]


@pytest.fixture(autouse=True)
def _close_boards() -> Iterator[None]:
    yield
    for g in {id(b.game): b.game for b in list(boards_of_all())}.values():
        for b in boards_of(g):
            b.close()


def boards_of_all() -> list[Board]:
    from boardgames.ui.board import live_boards

    return live_boards()


def play_until(g: Game, done: Any, agent: Any = None, limit: int = 400) -> None:
    """Play ``g`` from code (greedy choices) until ``done(g)``."""
    agent = agent or GreedyAgent(seed=1)
    for _ in range(limit):
        if done(g):
            return
        if g.current_player == CHANCE:
            g.roll()
        else:
            g.apply(agent.choose(g))
    raise AssertionError("the position never came")


# ---------------------------------------------------------------------- two boards
def two_boards(name: str) -> tuple[Game, Board, Board, Board]:
    g = bg.Blast(seed=1) if name == "blast" else bg.SpaceBase(players=2, seed=2)
    b1, b0, spectator = g.widget(player=1), g.widget(player=0), g.widget(player=None)
    return g, b0, b1, spectator


@pytest.mark.parametrize("name", ["blast", "spacebase"])
def test_an_intent_on_one_board_republishes_every_other_board_in_the_same_handling(
    name: str,
) -> None:
    g, b0, b1, spectator = two_boards(name)
    mover = b0 if g.current_player == 0 else b1
    other = b1 if mover is b0 else b0
    versions = {b: b.version for b in (b0, b1, spectator)}
    sent = Sent([b0, b1, spectator])
    send(mover, {"type": "intent", "action": mover.legal[0], "version": mover.version})
    # Before the handler returned, every board had sent its new view to its browser.
    for b in (b0, b1, spectator):
        assert b.error == ""
        assert b.version == versions[b] + 1, "republished once"
        assert any({"view", "version"} <= keys for keys in sent.of(b)), b
        assert b.view == g.view(b.player)
    # each with its own view: the traits of a board made now for its seat
    for b in (b0, b1, spectator):
        assert synced(b, GAME_TRAITS) == fresh_traits(g, b.player, type(b))
    assert "hand" not in keys_in(synced(spectator))
    assert b0.view["hand"] == g.view(0)["hand"] and b1.view["hand"] == g.view(1)["hand"]
    # the other board's intent is not stale: it plays on the view it was just sent
    play_until(g, lambda g: g.current_player == other.player)
    intent(other, other.legal[0])
    assert mover.view == g.view(mover.player) and mover.error == ""


def test_the_issue_example_no_longer_leaves_a_board_behind() -> None:
    g = bg.Blast(seed=1)
    b1 = g.widget(player=1)
    b0 = g.widget(player=0)
    b1.send_intent(b1.legal[0], b1.version)
    assert b0.view["step"] == g.view(0)["step"] == b1.view["step"]


def test_undo_a_cells_apply_and_a_computer_move_reach_every_board() -> None:
    g = bg.SpaceBase(players=3, seed=4)
    b0 = g.widget(player=0, opponents={2: GreedyAgent(seed=2)}, pace=30)
    b0.agents_running = False  # moved by hand below
    b1, spectator = g.widget(player=1), g.widget(player=None)
    boards = (b0, b1, spectator)

    def in_step() -> None:
        for b in boards:
            assert b.view == g.view(b.player) and b.steps == g.step_count

    play_until(g, lambda g: g.current_player == 0)  # a cell's apply
    in_step()
    intent(b0, b0.legal[0])
    in_step()
    send(b0, {"type": "undo", "version": b0.version})  # undo from one board
    assert b0.error == ""
    in_step()
    play_until(g, lambda g: g.current_player == 2)
    assert b0.agent_step() is not None  # the computer's move
    in_step()
    g.auto_roll = False  # and a setting changed from code
    assert all(b.auto_roll is False for b in boards)


def test_new_and_load_move_every_board_of_the_game() -> None:
    g, b0, b1, spectator = two_boards("blast")
    send(b1, {"type": "new", "seed": 99})
    assert b1.error == ""
    new = b1.game
    assert new is not g and all(b.game is new for b in (b0, b1, spectator))
    assert all(b.view == new.view(b.player) for b in (b0, b1, spectator))
    saved = bg.Blast(seed=5).to_json()
    send(b0, {"type": "load", "name": "x.json", "text": saved})
    assert b0.error == "" and b0.game.to_json() == saved
    assert b1.game is b0.game is spectator.game
    assert g.observers == () and new.observers == ()  # the old games hold no board


def test_a_closed_board_is_not_kept_alive_by_its_game() -> None:
    g = bg.Blast(seed=1)
    keep = g.widget(player=0)
    board = g.widget(player=1)
    ref = weakref.ref(board)
    assert len(g.observers) == 2
    board.close()
    del board
    gc.collect()
    assert ref() is None, "the game (or the table) kept a closed board alive"
    assert g.observers == (keep._on_game_change,)
    g.apply(g.legal_actions()[0])
    assert keep.view == g.view(0)


def test_a_seat_with_a_persons_board_is_not_the_computers() -> None:
    g = bg.SpaceBase(players=3, seed=4)
    b0 = g.widget(player=0, opponents={1: RandomAgent(seed=1), 2: RandomAgent(seed=2)})
    b0.agents_running = False
    assert set(b0.agent_kinds) == {"1", "2"}
    b1 = g.widget(player=1)  # a person takes seat 1: the computer leaves it
    assert set(b0.agents) == set(b1.agents) == {"2"}
    assert set(b0.agent_kinds) == set(b1.agent_kinds) == {"2"}
    with pytest.raises(ValueError, match="another board"):
        b0.configure(opponents={1: RandomAgent(seed=1)})
    before = g.to_json()
    send(b0, {"type": "opponent", "player": 1, "kind": "greedy"})
    assert "board of their own" in b0.error and g.to_json() == before
    assert not b1._moves_agents() and b0._moves_agents()  # the oldest board moves them
    b1.close()
    assert set(b0.agent_kinds) == {"1", "2"}  # seat 1 is free again


# ---------------------------------------------------------------------- hot seat
# Traits that say which board it is or hold its controls, not the game: a covered board's
# may differ from a spectator's board's, but must name no hidden card (checked below).
BOARD_TRAITS = frozenset({
    "version", "reply", "seats", "covered", "cover_for", "seat_names", "forks", "since",
    "since_omitted", "notice", "error", "thinking", "agents_running", "pace", "held",
    "pause_battles"})
# Traits listing every card of the game (not a hand): left out of "what a spectator shows".
STATIC_TRAITS = ("glossary", "rule_anchors", "extra_fixed")


def hidden_cards(board: Board, spectator: Board) -> set[str]:
    """The cards in any seat's hand that ``spectator``'s traits do not show (the lists of
    every card of the game, ``STATIC_TRAITS``, left out)."""
    g = board.game
    hands = {c for p in range(g.players) for c in g.view(p).get("hand") or ()}
    shown = json.dumps({k: v for k, v in synced(spectator).items() if k not in STATIC_TRAITS})
    return {c for c in hands if c not in shown}


def leaks(board: Board, spectator: Board) -> dict[str, list[str]]:
    """{trait: the hidden cards its value names} over every synced trait of ``board``."""
    secret = hidden_cards(board, spectator)
    out = {}
    for k, v in synced(board).items():
        if k in STATIC_TRAITS:
            continue
        text = json.dumps(v)
        named = sorted(c for c in secret if c in text)
        if named:
            out[k] = named
    return out


def assert_covered_like_a_spectator(board: Board) -> None:
    """Every synced trait of a covered board, by value: the game's traits are a spectator
    board's, every other trait is a spectator board's too but for ``BOARD_TRAITS``, and
    no trait names a card of any hand that a spectator's board does not show."""
    assert board.covered and board.player is None and board.legal == []
    state = synced(board)
    assert not keys_in(state) & SECRET_KEYS, keys_in(state) & SECRET_KEYS
    spectator = fresh_traits(board.game, None, type(board))
    assert {k: state[k] for k in GAME_TRAITS} == spectator
    sibling = board.game.widget(player=None)  # a spectator board of the same game
    other = synced(sibling)
    assert set(other) == set(state)
    differ = {k for k in state if state[k] != other[k]}
    assert differ <= BOARD_TRAITS, {k: (state[k], other[k]) for k in differ - BOARD_TRAITS}
    assert leaks(board, sibling) == {}


def play_choice(g: Game, board: Board, agent: Any) -> None:
    """The agent's choice sent as intents; a Space Base card chosen to build is held by
    the board (not a move), so its cell, the agent's next choice, follows at once."""
    action = str(agent.choose(g))
    intent(board, action)
    if board.extra.get("chosen") is not None:
        after = g.fork()
        after.apply(action)
        intent(board, str(agent.choose(after)))


def hot_seat_turns(g: Game, board: Board, seats: tuple[int, ...], covers: int) -> None:
    """Play through ``board`` by intents (greedy choices for the seat shown) until it
    has been covered ``covers`` times, checking every trait at every cover."""
    agent = GreedyAgent(seed=5)
    seen = 0
    for _ in range(300):
        if board.covered:
            assert_covered_like_a_spectator(board)
            seat = board.cover_for
            assert seat == g.current_player and seat in seats
            before = g.to_json()
            send(board, {"type": "intent", "action": "done", "version": board.version})
            assert "covered" in board.error and g.to_json() == before
            send(board, {"type": "reveal", "version": board.version})
            assert board.error == "" and not board.covered and board.player == seat
            assert board.view == g.view(seat)
            assert board.legal == [str(a) for a in g.legal_actions()]
            seen += 1
            if seen == covers:
                return
        p = g.current_player
        assert p == board.player, "the board shows the seat that decides"
        play_choice(g, board, agent)
    raise AssertionError("the board was not covered often enough")


@pytest.mark.parametrize(("name", "make", "seats"), [
    ("blast", lambda: bg.Blast(seed=3), (0, 1)),
    ("spacebase", lambda: bg.SpaceBase(players=2, seed=3), (0, 1)),
])
def test_a_hot_seat_board_covers_every_hand_between_two_seats(
    name: str, make: Any, seats: tuple[int, ...],
) -> None:
    g = make()
    board = g.widget(seats=list(seats), names=["Ann", "Bob"])
    assert g.widget(seats=list(seats)) is board
    assert board.seats == list(seats) and board.seat_names == {"0": "Ann", "1": "Bob"}
    assert board.covered and board.cover_for == g.current_player
    hot_seat_turns(g, board, seats, covers=4)


def test_a_hot_seat_board_with_a_computer_seat() -> None:
    g = bg.SpaceBase(players=3, seed=4)
    board = g.widget(seats=[0, 1], opponents={2: GreedyAgent(seed=2)}, pace=30)
    board.agents_running = False
    assert set(board.agent_kinds) == {"2"}
    agent = GreedyAgent(seed=6)
    covers = 0
    for _ in range(300):
        p = g.current_player
        if board.covered:
            assert_covered_like_a_spectator(board)
            send(board, {"type": "reveal", "version": board.version})
            covers += 1
            if covers == 4:
                break
        elif p == 2:
            shown = board.player
            assert board.agent_step() is not None
            assert board.covered or board.player == shown  # the computer's turn hides nothing new
        else:
            play_choice(g, board, agent)
    assert covers == 4


def test_undo_and_a_second_board_bring_the_cover_back() -> None:
    g = bg.Blast(seed=3)
    board = g.widget(seats=[0, 1])
    first = board.cover_for
    send(board, {"type": "reveal", "version": board.version})
    play_until(g, lambda g: g.current_player not in (None, CHANCE, first))  # from code
    assert board.covered and board.cover_for == 1 - first
    assert_covered_like_a_spectator(board)
    g.undo()  # back to the first seat's decision: covered for it, never shown to the other
    while g.current_player != first:
        g.undo()
    assert board.covered and board.cover_for == first
    assert_covered_like_a_spectator(board)


def test_a_covered_board_refuses_everything_but_reveal() -> None:
    g = bg.Blast(seed=3)
    board = g.widget(seats=[0, 1])
    before = g.to_json()
    for msg in ({"type": "undo", "version": board.version}, {"type": "save"},
                {"type": "fork", "step": None}, {"type": "scrub", "step": 0},
                {"type": "new", "seed": 1}, {"type": "opponent", "player": 0, "kind": "greedy"}):
        send(board, msg)
        assert "covered" in board.error, msg
        assert g.to_json() == before and board.forks == [] and board.covered
    send(board, {"type": "reveal", "version": board.version - 1})
    assert "stale" in board.error and board.covered
    send(board, {"type": "reveal", "version": board.version})
    assert board.error == "" and not board.covered
    send(board, {"type": "reveal", "version": board.version})
    assert "not covered" in board.error


def test_a_hot_seat_what_if_board_is_covered_with_its_parent() -> None:
    """The what-if of a hot-seat board is the opener's alone (issue 20 re-opened): a
    board of the opener's seat, covered whenever its parent is, revealed for the opener
    only. (It used to be a hot-seat board of every seat, which the next person could
    reveal as the opener, real hand and all.)"""
    g = bg.Blast(seed=3)
    board = g.widget(seats=[0, 1], names=["Ann", "Bob"])
    seat = board.cover_for
    send(board, {"type": "reveal", "version": board.version})
    send(board, {"type": "fork", "step": None})
    child = board.forks[0]
    assert child.seats == [] and child.player == seat and not child.covered
    assert child.seat_names == {str(seat): ["Ann", "Bob"][seat]}
    play_until(g, lambda g: g.current_player == 1 - seat)
    assert board.covered and child.covered and child.cover_for == seat
    assert child.player is None and "hand" not in child.view and child.legal == []
    send(child, {"type": "intent", "action": "done", "version": child.version})
    assert "covered" in child.error
    send(child, {"type": "reveal", "version": child.version})
    assert child.error == "" and child.player == seat and not child.covered


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"seats": [0]}, ValueError),
    ({"seats": [0, 0]}, ValueError),
    ({"seats": [0, 2]}, ValueError),
    ({"seats": [0, None]}, ValueError),
    ({"seats": "01"}, TypeError),
    ({"seats": [0, 1], "names": ["Ann"]}, ValueError),
    ({"seats": [0, 1], "names": ["Ann", ""]}, ValueError),
    ({"seats": [0, 1], "names": {3: "Cy"}}, ValueError),
    ({"names": ["Ann", "Bob"]}, ValueError),
])
def test_bad_hot_seat_arguments_are_refused(kwargs: dict[str, Any], error: type) -> None:
    g = bg.Blast(seed=3)
    with pytest.raises(error):
        g.widget(**kwargs)
    assert boards_of(g) == [] and g.observers == ()
