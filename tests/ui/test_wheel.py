"""The wheel ships the boards' ESM and CSS: build it, install it in a clean venv (no
system site-packages, not the source tree), create the board of every game available
and check its ESM and CSS were found inside the installed package.

The wheel is installed without its dependencies, which the new venv reads from this
test's own environment through a path file (``deps.pth``: a directory named there is
added to ``sys.path`` after the venv's own, and the editable install's hook in it is
not run, so ``boardgames`` comes from the wheel). Installing them from the index took
55 s of a 65 s test (10 s of CPU); this way about 10 s."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import json, sys
from pathlib import Path
import boardgames
from boardgames.core.registry import GAMES, load
from boardgames.ui import assets, board_class

out = {"package": str(Path(boardgames.__file__).parent),
       "widgets_dir": str(assets.widgets_dir()), "boards": {}, "skipped": {}}
for name in GAMES:
    try:
        game = load(name, seed=1)
    except ValueError as e:  # a game not written yet
        out["skipped"][name] = str(e)
        continue
    board = game.widget()
    out["boards"][name] = {"class": board_class(name).__name__, "esm": board._esm,
                           "css": board._css, "view_game": board.view.get("game")}
print(json.dumps(out))
"""


def _run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600,  # type: ignore[call-overload]
                       **kw)
    assert r.returncode == 0, f"{cmd} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r


def test_the_wheel_ships_every_boards_esm_and_css(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)])
    wheels = list(dist.glob("*.whl"))
    assert len(wheels) == 1
    names = zipfile.ZipFile(wheels[0]).namelist()
    for f in sorted(p.name for p in (ROOT / "widgets").iterdir() if p.suffix in (".js", ".css")):
        assert f"boardgames/_widgets/{f}" in names

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    py = venv / "bin" / "python"
    cfg = _run([str(py), "-c", "import sys, sysconfig; print(sys.prefix); "
                "print(sysconfig.get_paths()['purelib'])"]).stdout.split()
    assert cfg[0] == str(venv)
    Path(cfg[1], "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet",
          "--disable-pip-version-check", "--no-deps", "--no-index", str(wheels[0])])
    # Run outside the source tree, so only the installed package can be imported.
    out = json.loads(_run([str(py), "-c", CHECK], cwd=tmp_path).stdout)
    site = Path(out["package"])
    assert venv in site.parents and ROOT not in site.parents
    assert Path(out["widgets_dir"]) == site / "_widgets"
    assert "spacehole" in out["boards"], out["skipped"]
    for name, b in out["boards"].items():
        assert b["view_game"] == name
        # render only through the default export: a named export of render makes anywidget
        # warn in the console ("Direct export of a 'render' will likely be deprecated")
        assert "export default { render }" in b["esm"] and "export function render(" not in b["esm"]
        assert ".bg-board" in b["css"] and len(b["css"]) > 1000
    assert out["boards"]["spacehole"]["class"] == "SpaceholeBoard"
    assert ".bg-game-spacehole" in out["boards"]["spacehole"]["css"]
