"""Games by name: ``load`` and ``from_json`` import a game only when asked."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import boardgames as bg
from boardgames.core import limits, registry


def test_load_by_name_takes_the_class_keywords() -> None:
    g = bg.load("spacehole", seed=7, variant="babylon5", auto_roll=False)
    assert type(g) is bg.Spacehole and g.seed == 7 and not g.auto_roll
    assert g.options == {"variant": "babylon5"}
    assert g == bg.Spacehole(seed=7, variant="babylon5", auto_roll=False)


@pytest.mark.parametrize("name", ["chess", "", "Spacehole", None, 3, ["spacehole"]])
def test_load_of_an_unknown_name_is_refused_quoting_it(name: object) -> None:
    with pytest.raises(ValueError, match=r"unknown game .*; known games: \[") as e:
        bg.load(name)  # type: ignore[arg-type]
    assert repr(name) in str(e.value)


def test_a_registered_game_that_cannot_be_imported_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.GAMES, "ghost", ("boardgames.no_such_module", "Ghost"))
    with pytest.raises(ValueError, match="game 'ghost' is not available"):
        bg.load("ghost")
    doc = json.loads(bg.Spacehole(seed=1).to_json())
    doc["game"] = "ghost"
    with pytest.raises(bg.InvalidSaveError, match="game 'ghost' is not available"):
        bg.from_json(json.dumps(doc))
    monkeypatch.setitem(registry.GAMES, "ghost2", ("boardgames.spacehole", "NoSuchClass"))
    with pytest.raises(ValueError, match="game 'ghost2' is not available"):
        bg.load("ghost2")


@pytest.mark.parametrize("name", ["chess", None, 7, ["spacehole"], {"a": 1}])
def test_from_json_of_an_unknown_game_is_refused(name: object) -> None:
    doc = json.loads(bg.Spacehole(seed=1).to_json())
    doc["game"] = name
    with pytest.raises(bg.InvalidSaveError, match=r"unknown game"):
        bg.from_json(json.dumps(doc))


def test_from_json_refuses_a_huge_document() -> None:
    with pytest.raises(bg.InvalidSaveError, match="too large"):
        bg.from_json(" " * (limits.MAX_DOC_CHARS + 1))


def test_game_packages_are_imported_only_when_asked() -> None:
    code = (
        "import sys, boardgames as bg\n"
        "print('boardgames.spacehole' in sys.modules)\n"
        "bg.load('spacehole', seed=1)\n"
        "print('boardgames.spacehole' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True"]


def test_unknown_attributes_of_the_package_are_refused() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Chess'"):
        bg.Chess  # noqa: B018
    assert "Spacehole" in dir(bg) and "load" in dir(bg)
