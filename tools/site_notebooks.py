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
# Modules the site replaces by a stand-in, and why. (The build names the exact files
# missing, read from Pyodide's lock file: ``write_contents(unavailable=...)``.)
STAND_INS = {
    "matplotlib": "matplotlib is compiled, and neither PyPI nor npm has a build of it for "
                  "Pyodide",
}
STAND_IN_DOES = {
    "matplotlib": "each chart is replaced by a note naming it (a distribution's chart by "
                  "its table); every number is still printed",
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

# What a notebook does on the site without a module it imports only inside
# ``try: ... except ImportError`` (said on the front page, beside its link).
WITHOUT = {
    "distributed": "the Dask study runs in this browser tab, serially: the same games one "
                   "after another, without Dask",
    "dask": "the Dask study runs in this browser tab, serially: the same games one after "
            "another, without Dask",
}


@dataclass
class SiteNotebook:
    name: str
    title: str
    kind: str  # "game" or "lesson"
    charts: bool = False
    adapted: tuple[str, ...] = ()
    without: tuple[str, ...] = ()  # what it does without the optional imports missing here
    left_out: str = ""  # why it is not on the site


def write_contents(src: Path, dest: Path,
                   unavailable: dict[str, list[str]] | None = None) -> list[dict]:
    """Write the site's notebooks and README.md into ``dest``; return what was done with
    each notebook (for the build's manifest and the tests). ``unavailable``: for a
    module of ``STAND_INS``, the files of Pyodide's own build of it (its wheel first,
    then the compiled wheels it needs) that the site could not get, named on the front
    page (tools/build_site.py reads them from Pyodide's lock file)."""
    dest.mkdir(parents=True, exist_ok=True)
    done = [site_notebook(path, dest) for path in sorted(src.glob("*.ipynb"))]
    done.sort(key=lambda n: (n.kind != "game", GAMES.index(n.name.removesuffix(".ipynb"))
                             if n.kind == "game" else 0, n.name))
    (dest / "README.md").write_text(front_page(done, unavailable or {}))
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
    optional = sorted(imported(nb, optional=True) - PROVIDED - set(sys.stdlib_module_names))
    info.without = tuple(dict.fromkeys(WITHOUT.get(m, f"runs without `{m}`")
                                       for m in optional))
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


def imported(nb: nbformat.NotebookNode, optional: bool = False) -> set[str]:
    """The top-level modules the notebook's code cells need: every import, except those
    inside ``try: ... except ImportError`` (the notebook does without them); with
    ``optional``, those only."""
    names: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        lines = [ln for ln in cell.source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        guarded = {id(n) for stmt in _guarded(tree) for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if (id(node) in guarded) != optional:
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


def stand_in_line(module: str, files: list[str]) -> str:
    """The front page's line on a module the site replaces by a stand-in."""
    if not files:
        return f"* `{module}`: {STAND_INS[module]}: {STAND_IN_DOES[module]}."
    names = ", ".join(f"`{f}`" for f in files[1:])
    return (f"* `{module}`: Pyodide's build of it, `{files[0]}`"
            + (f", and the compiled wheels it needs ({names})" if names else "")
            + ", are named by Pyodide's lock file but are not in the npm package `pyodide` "
            f"(it holds the runtime only), and PyPI has no WebAssembly build of `{module}`: "
            f"{STAND_IN_DOES[module]}.")


def front_page(done: list[SiteNotebook], unavailable: dict[str, list[str]]) -> str:
    def link(n: SiteNotebook) -> str:
        extra = []
        if n.charts:
            extra.append("charts shown as notes")
        extra.extend(n.adapted)
        extra.extend(n.without)
        return f"* [{n.title}]({n.name})" + (f" ({'; '.join(extra)})" if extra else "")

    on_site = [n for n in done if not n.left_out]
    return (SITE_SRC / "README.md").read_text().format(
        games="\n".join(link(n) for n in on_site if n.kind == "game"),
        lessons="\n".join(link(n) for n in on_site if n.kind == "lesson") or "* (none)",
        stand_ins="\n".join(stand_in_line(m, unavailable.get(m, [])) for m in STAND_INS),
        left_out="\n".join(f"* `{n.name}`: {n.left_out}." for n in done if n.left_out)
                 or "* none: every notebook of the repository is here.",
    )
