"""The boards' ESM and CSS: found from a wheel or an editable install, assembled into one
module per board, valid JavaScript."""

from __future__ import annotations

import importlib.resources
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgames.ui import assets

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "widgets"
BOARD_MODULES = sorted(p.stem for p in WIDGETS.glob("*.js") if p.stem != "common")


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    assets.clear_cache()
    yield
    assets.clear_cache()


def test_editable_install_uses_the_source_widgets_folder() -> None:
    # In this checkout the package has no _widgets copy: the fallback is the repo folder.
    assert not (ROOT / "boardgames" / "_widgets").exists()
    assert Path(str(assets.widgets_dir())) == WIDGETS


def test_a_wheel_copy_is_preferred(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "boardgames"
    (pkg / "_widgets").mkdir(parents=True)
    (pkg / "_widgets" / "common.js").write_text("export function h() {}\n")
    monkeypatch.setattr(importlib.resources, "files", lambda name: pkg)
    assert Path(str(assets.widgets_dir())) == pkg / "_widgets"
    assert assets.read_asset("common.js") == "export function h() {}\n"


def test_missing_widgets_give_a_clear_error(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "_candidates", lambda: [tmp_path / "nowhere"])
    with pytest.raises(assets.AssetError, match="were not found"):
        assets.widgets_dir()


def test_bad_asset_names_are_refused() -> None:
    for name in ("../pyproject.toml", "common.py", "a/b.js", ""):
        with pytest.raises(assets.AssetError):
            assets.read_asset(name)


@pytest.mark.parametrize("name", BOARD_MODULES)
def test_board_module_is_one_module_with_common_inlined(name: str) -> None:
    esm = assets.board_esm(name)
    common = (WIDGETS / "common.js").read_text()
    board = (WIDGETS / f"{name}.js").read_text()
    assert common in esm
    assert assets.COMMON_IMPORT.search(board) and not assets.COMMON_IMPORT.search(esm)
    assert not re.search(r"^\s*import\s", esm, re.M)
    # render only through the default export: a named export of render makes anywidget
    # warn in the console ("Direct export of a 'render' will likely be deprecated")
    assert "export default { render }" in esm and "export function render(" not in esm
    css = assets.board_css(name)
    assert (WIDGETS / "common.css").read_text() in css
    assert (WIDGETS / f"{name}.css").read_text() in css


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("name", BOARD_MODULES)
def test_board_module_is_valid_javascript(name: str, tmp_path: Path) -> None:
    f = tmp_path / f"{name}.mjs"
    f.write_text(assets.board_esm(name))
    r = subprocess.run(["node", "--check", str(f)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def _fake_widgets(tmp_path: Path, board: str) -> Path:
    d = tmp_path / "widgets"
    d.mkdir()
    (d / "common.js").write_text("export function h() {}\nexport const X = 1;\n")
    (d / "common.css").write_text(".a{}\n")
    (d / "fake.js").write_text(board)
    (d / "fake.css").write_text(".b{}\n")
    return d


@pytest.mark.parametrize(("source", "why"), [
    ("export function render() {}\n", "exactly once"),
    ('import { h } from "./common.js";\nimport { X } from "./common.js";\n', "exactly once"),
    ('import { nope } from "./common.js";\nexport function render() {}\n', "does not export"),
    ('import { h as g } from "./common.js";\nexport function render() {}\n', "does not export"),
    ('import { h } from "./common.js";\nimport x from "https://cdn/x.js";\n', "may import only"),
])
def test_board_modules_that_cannot_be_inlined_are_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, why: str) -> None:
    d = _fake_widgets(tmp_path, source)
    monkeypatch.setattr(assets, "_candidates", lambda: [d])
    with pytest.raises(assets.AssetError, match=why):
        assets.board_esm("fake")


def test_every_board_class_has_its_assets() -> None:
    from boardgames.ui.board import Board
    from boardgames.ui.spacehole import SpaceholeBoard

    for cls in (Board, SpaceholeBoard):
        assert (WIDGETS / f"{cls.asset_name}.js").is_file()
        assert (WIDGETS / f"{cls.asset_name}.css").is_file()
