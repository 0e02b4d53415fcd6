"""The site's notebooks (tools/site_notebooks.py) and its matplotlib stand-in
(site-src/boardgames_site/charts.py), checked on this machine's CPython.

The site's notebooks are made from notebooks/ at build time: each gets a first cell that
installs the package, the lessons that draw charts get the stand-in (what-if needs no
adaptation: it plays its study in the kernel where Dask is missing), and a notebook
importing what the site cannot provide is left out with the reason on the front page.
The stand-in is checked here in a Python where matplotlib, numpy and Dask cannot be
imported, as in the browser. Every site notebook is run in the browser's Pyodide kernel
by test_site_lessons.py (the lessons) and by test_site_browser.py / test_site_games.py
(the games).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
import site_notebooks  # tools/ (conftest puts it on sys.path)

ROOT = Path(__file__).resolve().parents[2]
SITE_SRC = ROOT / "site-src"

NOT_ON_THE_SITE = ("matplotlib", "numpy", "distributed", "dask")
# Put first in a kernel or a script: those packages cannot be imported, as on the site
# (a finder that refuses them; sys.modules[name] = None would fool IPython, which imports
# numpy when it sees the name there).
BLOCK = f"""\
import importlib.abc, sys
class _NotOnTheSite(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {NOT_ON_THE_SITE!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not on the site)")
sys.meta_path.insert(0, _NotOnTheSite())
for _m in [m for m in sys.modules if m.split(".")[0] in {NOT_ON_THE_SITE!r}]:
    del sys.modules[_m]
sys.path.insert(0, {str(SITE_SRC)!r})
"""


@pytest.fixture(scope="module")
def contents(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    out = tmp_path_factory.mktemp("site-files")
    return out, site_notebooks.write_contents(ROOT / "notebooks", out)


def test_every_notebook_is_on_the_site_or_the_front_page_says_why(
        contents: tuple[Path, list[dict]]) -> None:
    out, done = contents
    assert {n["name"] for n in done} == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    games = [n["name"] for n in done if n["kind"] == "game"]
    assert games == ["spacehole.ipynb", "blast.ipynb", "spacebase.ipynb", "intergalactic.ipynb"]
    front = (out / "README.md").read_text()
    for n in done:
        if n["left_out"]:
            assert not (out / n["name"]).exists()
            assert f"`{n['name']}`: {n['left_out']}" in front
            continue
        assert f"]({n['name']})" in front, n["name"]
        nb = nbformat.read(out / n["name"], as_version=4)
        assert nb.metadata["kernelspec"]["name"] == "python"  # the Pyodide kernel
        setup = nb.cells[1]
        assert setup.metadata["tags"] == ["site-setup"]
        assert "%pip install space-boardgames" in setup.source
        assert ("import boardgames_site.charts" in setup.source) == n["charts"]
        assert all(c.get("outputs", []) == [] for c in nb.cells)
    assert "matplotlib" in front and "What this site cannot do" in front


def test_a_notebook_needing_a_package_the_site_lacks_is_left_out_and_named(
        tmp_path: Path) -> None:
    src = tmp_path / "nb"
    src.mkdir()
    for name, code in (("needs-numpy.ipynb", "import numpy as np\nimport boardgames"),
                       ("fine.ipynb", "from fractions import Fraction\nimport boardgames")):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_markdown_cell(f"# {name}"), nbformat.v4.new_code_cell(code)]
        nbformat.write(nb, src / name)
    done = {n["name"]: n for n in site_notebooks.write_contents(src, tmp_path / "out")}
    assert done["needs-numpy.ipynb"]["left_out"] == "needs `numpy`"
    assert done["fine.ipynb"]["left_out"] == ""
    assert not (tmp_path / "out" / "needs-numpy.ipynb").exists()
    front = (tmp_path / "out" / "README.md").read_text()
    assert "needs-numpy.ipynb`: needs `numpy`" in front and "](fine.ipynb)" in front


def test_an_adaptation_whose_cell_is_gone_stops_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_notebooks, "ADAPTATIONS", {"what-if.ipynb": [
        site_notebooks.Adaptation("from distributed import", "pass", "no Dask here")]})
    src = tmp_path / "nb"
    src.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import boardgames as bg  # no Dask cell any more")]
    nbformat.write(nb, src / "what-if.ipynb")
    with pytest.raises(site_notebooks.SiteBuildError,
                       match=r"what-if\.ipynb has 0 code cells holding"):
        site_notebooks.write_contents(src, tmp_path / "out")


def test_an_import_the_notebook_does_without_keeps_it_on_the_site(tmp_path: Path) -> None:
    """An import inside ``try: ... except ImportError`` is optional (what-if.ipynb plays
    its study in the kernel where ``distributed`` is missing): the notebook is on the
    site, as it is; an unguarded import still leaves a notebook out."""
    src = tmp_path / "nb"
    src.mkdir()
    guarded = ("try:\n    from distributed import Client\nexcept ImportError:\n"
               "    Client = None\nimport boardgames")
    for name, code in (("guarded.ipynb", guarded),
                       ("bare.ipynb", "from distributed import Client")):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_markdown_cell(f"# {name}"), nbformat.v4.new_code_cell(code)]
        nbformat.write(nb, src / name)
    done = {n["name"]: n for n in site_notebooks.write_contents(src, tmp_path / "out")}
    assert done["guarded.ipynb"]["left_out"] == "" and done["guarded.ipynb"]["adapted"] == ()
    assert done["bare.ipynb"]["left_out"] == "needs `distributed`"
    site = nbformat.read(tmp_path / "out" / "guarded.ipynb", as_version=4)
    assert site.cells[2].source == guarded                     # after the title and setup
    # the front page says what it does without: its Dask study runs in the tab
    line = next(ln for ln in (tmp_path / "out" / "README.md").read_text().splitlines()
                if "](guarded.ipynb)" in ln)
    assert "the Dask study runs in this browser tab, serially" in line
    real = {n["name"]: n for n in site_notebooks.write_contents(ROOT / "notebooks",
                                                                tmp_path / "real")}
    assert real["what-if.ipynb"]["left_out"] == "" and real["what-if.ipynb"]["adapted"] == ()


STAND_IN = BLOCK + """
import boardgames_site.charts as charts
assert charts.ACTIVE
import matplotlib.pyplot as plt
import networkx as nx
from boardgames.odds import d6, plot_dist
fig, axes = plt.subplots(1, 2)
assert len(axes) == 2 and len(list(axes.flat)) == 2
axes[0].set_title("left")
axes[1].bar([1, 2], [3, 4])
plot_dist(d6, title="one die")
d6.plot(title="the same die")
nx.draw_networkx_nodes(nx.path_graph(3), {0: (0, 0), 1: (1, 0), 2: (2, 0)}, ax=axes[1])
plt.show()
print("END")
"""


def test_the_chart_stand_in_replaces_each_chart_by_a_note() -> None:
    r = subprocess.run([sys.executable, "-c", STAND_IN], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("No matplotlib on this site")
    notes = [ln for ln in lines if "Chart not drawn" in ln]
    assert [n.split("]")[0] for n in notes] == ["[left", "[one die", "[the same die"]
    # a distribution's chart is shown as its table
    assert r.stdout.count("1/6") >= 12 and lines[-1] == "END"


def test_the_stand_in_stays_out_where_matplotlib_is_installed() -> None:
    code = (f"import sys; sys.path.insert(0, {str(SITE_SRC)!r})\n"
            "import boardgames_site.charts as charts, matplotlib\n"
            "print(charts.ACTIVE, type(matplotlib).__name__, hasattr(matplotlib, '__file__'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "module", "True"]


def test_the_front_page_names_the_files_of_pyodides_build_it_lacks(tmp_path: Path) -> None:
    files = ["matplotlib-3.10.8-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
             "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"]
    site_notebooks.write_contents(ROOT / "notebooks", tmp_path, {"matplotlib": files})
    front = (tmp_path / "README.md").read_text()
    line = next(ln for ln in front.splitlines() if ln.startswith("* `matplotlib`"))
    assert f"Pyodide's build of it, `{files[0]}`" in line and f"`{files[1]}`" in line
    assert "npm package `pyodide`" in line and "PyPI has no WebAssembly build" in line
