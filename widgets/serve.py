"""Serve the built site: ``python -m widgets.serve [--host 127.0.0.1] [--port 8000] [--dir site]``.

``--lan`` listens on every interface and prints the addresses a tablet on the same network
can open; ``--cert``/``--key`` serve https, which a service worker (offline use) needs on
any address other than localhost.

A plain static server with the MIME types the engine needs set explicitly (module scripts
must be JavaScript; the benchmark's bare Pyodide needs application/wasm), whatever the host's mimetypes
database says. The tests serve the site with the same class.
"""

from __future__ import annotations

import argparse
import functools
import socket
import ssl
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".zst": "application/zstd",  # the engine's big files (widgets/packed.py); the worker reads any type
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format, *args):  # quiet unless asked: the tests make thousands of requests
        if self.server.verbose:
            super().log_message(format, *args)

    def log_request(self, code="-", size="-"):
        self.server.requested.append(self.path)  # what was fetched, for tests of the offline cache
        self.server.transfers.append((self.path, code if isinstance(code, int) else 0))  # 200 sent the file, 304 not
        super().log_request(code, size)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    verbose = False
    requested: list[str]  # paths fetched, in order (set per server in make_server)
    transfers: list[tuple[str, int]]  # each request's path and status, in order

    def handle_error(self, request, client_address):
        # A browser that drops a connection it no longer needs is routine, not an error.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: str, host: str = "127.0.0.1", port: int = 8000, verbose: bool = False):
    server = QuietServer((host, port), functools.partial(SiteHandler, directory=directory))
    server.verbose = verbose
    server.requested = []
    server.transfers = []
    return server


def serve_in_thread(directory: str, host: str = "127.0.0.1", port: int = 0):
    """Start a server on a free port in a daemon thread; returns (server, base_url)."""
    server = make_server(directory, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, from its own name (no traffic sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = {str(info[4][0]) for info in infos}
    return sorted(address for address in addresses if not address.startswith("127."))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default="site", help="the built site (mkdocs build)")
    parser.add_argument("--lan", action="store_true", help="listen on all interfaces and print their addresses")
    parser.add_argument("--cert", help="TLS certificate (PEM) to serve https")
    parser.add_argument("--key", help="private key (PEM) of --cert")
    args = parser.parse_args(argv)
    host = "0.0.0.0" if args.lan else args.host
    server = make_server(args.dir, host, args.port, verbose=True)
    scheme = "http"
    if args.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.cert, args.key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        scheme = "https"
    port = server.server_address[1]
    addresses = lan_addresses() if args.lan else [host]
    print(f"Serving {args.dir}/ (Ctrl+C stops). Open:", flush=True)
    for address in addresses or ["<this machine's address>"]:
        print(f"  {scheme}://{address}:{port}/", flush=True)
    if args.lan and scheme == "http":
        print("  Offline use needs https on a network address: see README, 'At the table'.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
