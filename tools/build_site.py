"""Build ``site/``: a static JupyterLite site of the boards and lessons (``make site``).

Offline except for the PyPI and npm registries (see docs/site.md):

* JupyterLab in the browser and the Pyodide kernel's front end: ``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel`` (installed in the build's venv), with the lab extensions
  of what that venv holds (anywidget, ipywidgets);
* Pyodide's runtime: the npm package ``pyodide`` at the version the kernel expects;
* every wheel the kernel loads from Pyodide's lock file (micropip, IPython, networkx...):
  the pure wheels from PyPI at the lock's versions, the lock rewritten to name them;
* the wheels micropip installs from the site's own index (``pypi/``): this package (built
  from the working tree), comm, ipywidgets, anywidget, psygnal, jupyterlab_widgets at the
  versions whose front ends the build copies, and the site's helper ``boardgames_site``;
* the notebooks (``site_notebooks.py``): the four games and the lessons that can run in a
  browser, each with a first cell that installs the package, and a front page.

Downloads are cached in ``build/site-cache/``; the site is built from a clean stage each
time (an incremental JupyterLite build can drop settings). Usage::

    python tools/build_site.py [--out site] [--cache build/site-cache]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

import site_notebooks  # tools/, beside this script (sys.path[0] when it runs)
from site_notebooks import SiteBuildError

ROOT = Path(__file__).resolve().parents[1]
SITE_SRC = ROOT / "site-src"
PYODIDE_VERSION = "314.0.6"
# The npm registry's integrity of pyodide-314.0.6.tgz (npm view pyodide@314.0.6 dist.integrity)
PYODIDE_INTEGRITY = ("sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR"
                     "4YrVOIFxbV8poyDOOmWwxQ==")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
# What the kernel loads from the lock (micropip first, then IPython and jedi for the
# kernel) and what this package needs from it; their dependencies are added.
LOCK_ROOTS = ("micropip", "packaging", "ipython", "jedi", "networkx", "traitlets",
              "typing-extensions")
# networkx's lock entry names numpy, matplotlib and setuptools, compiled packages that no
# registry here has for Pyodide; networkx imports them only when it draws or converts.
LOCK_DEPENDS = {"networkx": ["decorator"]}
# Served from the site's own index, at the versions installed in the build's venv (the
# front end of a widget library must match its Python half).
INDEX_DISTS = ("comm", "ipywidgets", "anywidget", "psygnal", "jupyterlab_widgets")
HELPER = "boardgames_site"  # site-src/boardgames_site: made into a wheel of the site


def run(cmd: list[str], **kw: object) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --------------------------------------------------------------------------- Pyodide
def pyodide_runtime(cache: Path) -> Path:
    """The npm package ``pyodide`` unpacked in the cache; returns its folder."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / f).exists() for f in PYODIDE_FILES):
        return folder
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        if shutil.which("npm") is None:
            raise SiteBuildError("npm is needed to fetch Pyodide from the npm registry "
                                 "(Debian: apt-get install npm)")
        run(["npm", "pack", "--loglevel=warn", f"pyodide@{PYODIDE_VERSION}", "--pack-destination",
             str(cache)], cwd=cache)
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if f"sha512-{digest}" != PYODIDE_INTEGRITY:
        tarball.unlink()
        raise SiteBuildError(f"{tarball.name}: not the npm registry's file (sha512 differs)")
    with tarfile.open(tarball) as tar:
        members = [m for m in tar.getmembers() if m.name.removeprefix("package/")
                   in PYODIDE_FILES]
        tar.extractall(folder, members=members, filter="data")
    for f in PYODIDE_FILES:
        (folder / "package" / f).replace(folder / f)
    missing = [f for f in PYODIDE_FILES if not (folder / f).exists()]
    if missing:
        raise SiteBuildError(f"npm's pyodide@{PYODIDE_VERSION} lacks {missing}")
    return folder


def canonical(name: str) -> str:
    """A distribution's name as the lock's keys spell it (PEP 503, lower case with -)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_closure(packages: dict[str, dict], roots: tuple[str, ...]) -> list[str]:
    """The lock's packages that ``roots`` need, with LOCK_DEPENDS applied."""
    todo, seen = [canonical(r) for r in roots], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(canonical(d) for d in LOCK_DEPENDS.get(name, packages[name]["depends"]))
    return sorted(seen)


def pure_wheels(specs: list[str], dest: Path) -> None:
    """Download the pure (py3-none-any) wheel of each ``name==version`` into ``dest``,
    unless it is there already."""
    dest.mkdir(parents=True, exist_ok=True)
    specs = [s for s in specs if not _has_wheel(dest, *s.split("=="))]
    if not specs:
        return
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
         "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
         "--abi", "none", "--platform", "any", "--dest", str(dest), *specs])


def _has_wheel(dest: Path, name: str, version: str) -> bool:
    return any(_is_wheel_of(p, name, version) for p in dest.glob("*.whl"))


def _is_wheel_of(path: Path, name: str, version: str) -> bool:
    dist, ver = path.name.split("-")[:2]
    return canonical(dist) == canonical(name) and ver == version


def wheel_for(dest: Path, name: str, version: str) -> Path:
    for path in dest.glob("*.whl"):
        if _is_wheel_of(path, name, version):
            return path
    raise SiteBuildError(f"no wheel of {name}=={version} in {dest}")


def unavailable(packages: dict[str, dict], modules: list[str]) -> dict[str, list[str]]:
    """For each of ``modules`` (the site's stand-ins): the file of Pyodide's own build
    that the lock names, then the compiled wheels (not ``-none-any``) it depends on, none
    of which the npm package holds (PyPI has no WebAssembly build of them either: see
    docs/site.md). Empty for a module the lock does not name."""
    out = {}
    for module in modules:
        name = canonical(module)
        if name not in packages:
            continue
        deps = [d for d in lock_closure(packages, (name,)) if d != name]
        out[module] = [packages[name]["file_name"]] + [
            packages[d]["file_name"] for d in deps
            if not packages[d]["file_name"].endswith("-none-any.whl")]
    return out


def stage_pyodide(stage: Path, cache: Path) -> tuple[list[str], dict[str, list[str]]]:
    """static/pyodide/: the runtime, the wheels the kernel needs and a lock file that
    names only them (PyPI's files and hashes). Returns the locked packages, and what is
    missing for the stand-ins (``unavailable``)."""
    runtime = pyodide_runtime(cache)
    out = stage / "static" / "pyodide"
    out.mkdir(parents=True)
    for f in PYODIDE_FILES[:-1]:
        shutil.copy2(runtime / f, out / f)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    missing = unavailable(lock["packages"], list(site_notebooks.STAND_INS))
    names = lock_closure(lock["packages"], LOCK_ROOTS)
    wheels = cache / "lock-wheels"
    pure_wheels([f"{n}=={lock['packages'][n]['version']}" for n in names], wheels)
    kept = {}
    for name in names:
        entry = dict(lock["packages"][name])
        path = wheel_for(wheels, name, entry["version"])
        shutil.copy2(path, out / path.name)
        entry.update(file_name=path.name, sha256=sha256(path),
                     depends=LOCK_DEPENDS.get(name, entry["depends"]))
        kept[name] = entry
    lock["packages"] = kept
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return names, missing


# --------------------------------------------------------------------------- the index
def helper_wheel(dest: Path) -> Path:
    """site-src/boardgames_site as a pure wheel (written directly: two small modules)."""
    version = "0.1.0"
    name = f"{HELPER}-{version}-py3-none-any.whl"
    info = f"{HELPER}-{version}.dist-info"
    files = {f"{HELPER}/{p.name}": p.read_bytes()
             for p in sorted((SITE_SRC / HELPER).glob("*.py"))}
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {HELPER}\nVersion: {version}\n"
                                 "Summary: stand-ins for the space-boardgames JupyterLite "
                                 "site\nRequires-Python: >=3.11\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: tools/build_site.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = [f"{p},sha256={_b64(hashlib.sha256(b).digest())},{len(b)}" for p, b in files.items()]
    files[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    path = dest / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for p, b in files.items():
            z.writestr(zipfile.ZipInfo(p, date_time=(2020, 1, 1, 0, 0, 0)), b)
    return path


def _b64(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def stage_index(stage: Path, cache: Path) -> dict[str, str]:
    """pypi/: the wheels micropip installs from the site's index. Returns name->file."""
    out = stage / "pypi"
    out.mkdir(parents=True)
    specs = {d: importlib.metadata.version(d) for d in INDEX_DISTS}
    wheels = cache / "index-wheels"
    pure_wheels([f"{d}=={v}" for d, v in specs.items()], wheels)
    files = {}
    for d, v in specs.items():
        path = wheel_for(wheels, d, v)
        files[d] = shutil.copy2(path, out / path.name).name
    with tempfile.TemporaryDirectory(prefix="site-wheel-") as dist:
        run([sys.executable, "-m", "build", "--wheel", "--outdir", dist, str(ROOT)],
            stdout=subprocess.DEVNULL)
        (own,) = Path(dist).glob("space_boardgames-*.whl")
        files["space-boardgames"] = shutil.copy2(own, out / own.name).name
    files[HELPER] = helper_wheel(out).name
    return files


# --------------------------------------------------------------------------- the site
def lite_config() -> dict:
    config = json.loads((SITE_SRC / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    return config


def check_versions() -> None:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as expected

    if expected != PYODIDE_VERSION:
        raise SiteBuildError(f"jupyterlite-pyodide-kernel expects Pyodide {expected}, "
                         f"this build takes {PYODIDE_VERSION} from npm: update both")


def build(out: Path, cache: Path) -> dict:
    """Build the site in ``out`` (replaced), downloads cached in ``cache``."""
    check_versions()
    t0 = time.monotonic()
    cache.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="site-stage-") as tmp:
        manifest = _build_in(Path(tmp), out, cache)
    manifest["bytes"] = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    manifest["build_s"] = round(time.monotonic() - t0, 1)
    (out / "site-manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def _build_in(stage: Path, out: Path, cache: Path) -> dict:
    """Stage the site's sources in ``stage`` (a fresh folder: an incremental JupyterLite
    build can drop settings), then let JupyterLite build ``out`` from them."""
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
    shutil.copy2(SITE_SRC / "overrides.json", stage / "overrides.json")
    locked, missing = stage_pyodide(stage, cache)
    index = stage_index(stage, cache)
    notebooks = site_notebooks.write_contents(ROOT / "notebooks", stage / "files", missing)
    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(stage),
         "--output-dir", str(out.resolve()), "--contents", str(stage / "files"),
         "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages"],
        cwd=stage, stdout=subprocess.DEVNULL)
    shutil.copy2(SITE_SRC / "index.html", out / "index.html")
    (out / ".nojekyll").touch()  # GitHub Pages: serve the files as they are
    return {"pyodide": PYODIDE_VERSION, "locked": locked, "index": index,
            "notebooks": notebooks, "unavailable": missing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "site-cache")
    args = parser.parse_args()
    try:
        m = build(args.out, args.cache)
    except (SiteBuildError, subprocess.CalledProcessError) as e:
        raise SystemExit(f"make site: {e}") from None
    print(f"site: {args.out} ({m['bytes'] / 1e6:.1f} MB, {len(m['notebooks'])} notebooks, "
          f"built in {m['build_s']} s)")


if __name__ == "__main__":
    main()
