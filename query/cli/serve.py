"""`python -m query serve [--host 127.0.0.1] [--port 7878] [--workers 2] [--time-limit 10] [--json]`:
the read-only SPARQL 1.1 Protocol endpoint at /sparql (query/opendata/endpoint.py, docs/opendata.md).
Runs until stopped; with --json it prints one JSON object (where it listens) once it is ready."""
from __future__ import annotations

import argparse
import socket

from query import inputs
from query.errors import BadInput

SERVER = True        # a long-running server: generic command fuzzers skip it


def add_parser(sub) -> str:
    p = sub.add_parser("serve", help="serve the graph as a read-only SPARQL endpoint at /sparql")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=inputs.whole(1, 65535, "a port number"), default=7878, help="port (default 7878)")
    p.add_argument("--workers", type=inputs.whole(1, 16, "a number of workers"), default=2,
                   help="query worker processes (default 2)")
    p.add_argument("--time-limit", type=inputs.real(0.1, 600, "a number of seconds"), default=10.0,
                   help="seconds a query may run (default 10)")
    p.add_argument("--json", action="store_true", help="print one JSON object when ready")
    return "serve"


def _can_listen(host: str, port: int) -> None:
    """Fail early, as a one-line error, when the address is taken or unknown (uvicorn would exit 3
    after the workers started)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as e:
        raise BadInput(f"cannot listen on {host}:{port}: {e.strerror or type(e).__name__}") from None


def run(args: argparse.Namespace) -> None:
    import uvicorn

    from query.opendata.endpoint import app
    from query.opendata.workers import Pool

    host = inputs.text(args.host, "host", 255)
    if not host.strip() or not host.isprintable():
        raise BadInput(f"--host is not a host name or address: {inputs.quote(host)}")
    _can_listen(host, args.port)
    pool = Pool(args.workers, args.time_limit)
    names = {host, "127.0.0.1", "localhost"} if host in ("127.0.0.1", "localhost", "0.0.0.0") else {host}
    self_urls = tuple(f"http://{h}:{args.port}/sparql" for h in sorted(names))
    url = f"http://{host}:{args.port}/sparql"
    info = {"endpoint": url, "workers": args.workers, "time_limit_s": args.time_limit, "isolated": pool.isolated}
    config = uvicorn.Config(app(pool, self_urls), host=host, port=args.port, log_level="warning",
                            access_log=False, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    original = server.startup

    async def startup(sockets=None):          # announce only once the socket listens
        await original(sockets)
        if server.started:
            print(inputs.dumps(info) if args.json else f"SPARQL endpoint at {url} (Ctrl-C to stop)", flush=True)
    server.startup = startup
    try:
        server.run()
    except SystemExit:              # uvicorn exits on a bind error that raced the check above
        pass
    finally:
        pool.close()
    if not server.started:
        raise BadInput(f"could not listen on {host}:{args.port}")
    return None


def render(result) -> str:
    return ""


__all__ = ["add_parser", "run", "render", "SERVER"]
