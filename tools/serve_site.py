"""Serve ``site/`` on localhost (``make serve-site``): a static file server with the
content types a JupyterLite site needs (JavaScript modules, WebAssembly, JSON).

    python tools/serve_site.py [--dir site] [--port 8000]

Only for trying the site on this machine; to publish it, see docs/site.md.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
TYPES = {
    ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
    ".json": "application/json", ".whl": "application/octet-stream",
    ".ipynb": "application/json", ".zip": "application/zip", ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # A rebuilt site is seen at once (no stale app or wheels from the browser's cache).
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    verbose = True


def make_server(directory: Path, port: int = 0, *, verbose: bool = True) -> Server:
    """A server of ``directory`` on 127.0.0.1 (``port`` 0: a free one), not started."""
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    server.verbose = verbose
    return server


def serve_in_thread(directory: Path, *, verbose: bool = False) -> tuple[Server, str]:
    """Start a server of ``directory`` in a daemon thread; returns it and its URL. Stop
    it with ``server.shutdown()``."""
    server = make_server(directory, verbose=verbose)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.dir / "jupyter-lite.json").exists():
        raise SystemExit(f"{args.dir} holds no site: run `make site` first")
    server = make_server(args.dir, args.port)
    print(f"serving {args.dir} at http://127.0.0.1:{args.port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
