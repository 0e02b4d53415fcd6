"""The notebooks of the JupyterLite site, made at build time from notebooks/ (which stay
as they are): see tools/build_site.py and docs/site.md.

Each notebook of notebooks/ is read and, for the site:

* adapted where a cell needs what a browser tab cannot have (``ADAPTATIONS``: a cell found
  by a line it holds is replaced; a missing anchor stops the build, so that an edited
  notebook is looked at again rather than shipped broken);
* left out, with the reason on the front page, if it still imports a module the site
  cannot provide (neither the standard library, nor a wheel of the site, nor a stand-in);
* given a first code cell (after the title) that installs the package from the site's
  own index and, where the notebook draws charts, the matplotlib stand-in
  (``boardgames_site.charts``);
* set to the Pyodide kernel, outputs cleared.

The front page, ``README.md`` (the site opens it rendered: no kernel starts for it), is
site-src/README.md with the lists filled in.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

SITE_SRC = Path(__file__).resolve().parents[1] / "site-src"
GAMES = ("spacehole", "blast", "spacebase", "intergalactic")
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SETUP_TAG = "site-setup"

# Importable on the site besides the standard library: the package, what the kernel
# loads, and the wheels of the site's index (tools/build_site.py).
PROVIDED = frozenset({
    "boardgames", "boardgames_site", "networkx", "ipywidgets", "anywidget", "traitlets",
    "IPython", "ipykernel", "comm", "psygnal", "typing_extensions", "packaging",
    "micropip", "piplite", "pyodide", "decorator", "jedi", "pygments",
})
# Modules the site replaces by a stand-in, and why.
STAND_INS = {
    "matplotlib": "matplotlib is compiled, and neither PyPI nor npm has a build of it for "
                  "Pyodide: each chart is replaced by a note naming it (a distribution's "
                  "chart by its table); every number is still printed",
}
CHARTS = re.compile(r"\bmatplotlib\b|\bplt\.|\.plot\(|\bplot_\w+\(|\bnx\.draw")


class SiteBuildError(RuntimeError):
    """The site cannot be built as it is: the message says what to change."""


@dataclass(frozen=True)
class Adaptation:
    """Replace the code cell holding ``anchor`` by ``code``; ``why`` goes on the front
    page and, as a note, above the cell."""

    anchor: str
    code: str
    why: str


# None needed today: what-if.ipynb plays its study in the kernel's process where
# ``distributed`` cannot be imported (its import is guarded, see ``imported``).
ADAPTATIONS: dict[str, list[Adaptation]] = {}


@dataclass
class SiteNotebook:
    name: str
    title: str
    kind: str  # "game" or "lesson"
    charts: bool = False
    adapted: tuple[str, ...] = ()
    left_out: str = ""  # why it is not on the site


def write_contents(src: Path, dest: Path) -> list[dict]:
    """Write the site's notebooks and README.md into ``dest``; return what was done with
    each notebook (for the build's manifest and the tests)."""
    dest.mkdir(parents=True, exist_ok=True)
    done = [site_notebook(path, dest) for path in sorted(src.glob("*.ipynb"))]
    done.sort(key=lambda n: (n.kind != "game", GAMES.index(n.name.removesuffix(".ipynb"))
                             if n.kind == "game" else 0, n.name))
    (dest / "README.md").write_text(front_page(done))
    return [vars(n) for n in done]


def site_notebook(path: Path, dest: Path) -> SiteNotebook:
    nb = nbformat.read(path, as_version=4)
    kind = "game" if path.stem in GAMES else "lesson"
    info = SiteNotebook(path.name, title_of(nb, path), kind)
    info.adapted = tuple(adapt(nb, path.name))
    missing = sorted(imported(nb) - PROVIDED - set(STAND_INS) - set(sys.stdlib_module_names))
    if missing:
        info.left_out = "needs " + ", ".join(f"`{m}`" for m in missing)
        return info
    info.charts = any(CHARTS.search(c.source) for c in nb.cells if c.cell_type == "code")
    nb.cells.insert(1 if nb.cells and nb.cells[0].cell_type == "markdown" else 0,
                    setup_cell(info.charts))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nbformat.write(nb, dest / path.name)
    return info


def title_of(nb: nbformat.NotebookNode, path: Path) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def adapt(nb: nbformat.NotebookNode, name: str) -> list[str]:
    done = []
    for a in ADAPTATIONS.get(name, []):
        hits = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and a.anchor in c.source]
        if len(hits) != 1:
            raise SiteBuildError(f"site: notebooks/{name} has {len(hits)} code cells holding "
                             f"{a.anchor!r} (expected 1): update ADAPTATIONS in "
                             f"tools/site_notebooks.py")
        i = hits[0]
        nb.cells[i] = nbformat.v4.new_code_cell(a.code)
        nb.cells.insert(i, nbformat.v4.new_markdown_cell(f"*On this site:* {a.why}."))
        done.append(a.why)
    return done


def imported(nb: nbformat.NotebookNode) -> set[str]:
    """The top-level modules the notebook's code cells need: every import, except those
    inside ``try: ... except ImportError`` (the notebook does without them)."""
    names: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        lines = [ln for ln in cell.source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        optional = {id(n) for stmt in _guarded(tree) for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in optional:
                continue
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def _guarded(tree: ast.AST) -> list[ast.stmt]:
    """The statements in the body of every ``try: ... except ImportError`` (or
    ModuleNotFoundError) of ``tree``."""
    out: list[ast.stmt] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                h.type is not None
                and ast.unparse(h.type) in ("ImportError", "ModuleNotFoundError")
                for h in node.handlers):
            out.extend(node.body)
    return out


def setup_cell(charts: bool) -> nbformat.NotebookNode:
    lines = ["# On this site Python runs in your browser: first install the package from "
             "the site itself.",
             "%pip install space-boardgames" + (" boardgames_site" if charts else "")]
    if charts:
        lines.append("import boardgames_site.charts  # no matplotlib here: each chart "
                     "becomes a note (README.md)")
    cell = nbformat.v4.new_code_cell("\n".join(lines))
    cell.metadata["tags"] = [SETUP_TAG]
    return cell


def front_page(done: list[SiteNotebook]) -> str:
    def link(n: SiteNotebook) -> str:
        extra = []
        if n.charts:
            extra.append("charts shown as notes")
        extra.extend(n.adapted)
        return f"* [{n.title}]({n.name})" + (f" ({'; '.join(extra)})" if extra else "")

    on_site = [n for n in done if not n.left_out]
    return (SITE_SRC / "README.md").read_text().format(
        games="\n".join(link(n) for n in on_site if n.kind == "game"),
        lessons="\n".join(link(n) for n in on_site if n.kind == "lesson") or "* (none)",
        stand_ins="\n".join(f"* `{m}`: {why}." for m, why in STAND_INS.items()),
        left_out="\n".join(f"* `{n.name}`: {n.left_out}." for n in done if n.left_out)
                 or "* none: every notebook of the repository is here.",
    )
