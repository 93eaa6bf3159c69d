"""Measure the two candidate SPARQL endpoints (issue 13): start-up time (process start to the
first answered query) and warm latency (median and p95 of the example queries) on loopback.

  a) rdflib-endpoint 0.6.3 (FastAPI) over the graph as query.graph loads it (rdflib on Oxigraph);
  b) our thin Starlette app over pyoxigraph worker processes (`python -m query serve`).

rdflib-endpoint is not a project dependency; install it aside and point at it:
  pip install --target /tmp/rdflibep rdflib-endpoint==0.6.3
  python benchmarks/sparql_candidates.py --rdflib-endpoint-path /tmp/rdflibep
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RDFLIB_ENDPOINT_APP = """
import sys, uvicorn
from rdflib_endpoint import SparqlEndpoint
from query.graph import load
app = SparqlEndpoint(graph=load(), title="candidate")
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ask(url: str, query: str, timeout: float = 60) -> tuple[int, bytes]:
    data = urllib.parse.urlencode({"query": query}).encode()
    req = urllib.request.Request(url, data=data, headers={"Accept": "application/sparql-results+json, text/turtle",
                                                          "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def measure(name: str, cmd: list[str], env: dict, url: str, queries: dict[str, str], rounds: int) -> dict:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                if ask(url, "ASK {}", 2)[0] == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.perf_counter() - start > 120:
                return {"candidate": name, "error": "did not start"}
            time.sleep(0.05)
        startup = time.perf_counter() - start
        per_query = {}
        for qname, q in queries.items():
            times, status = [], None
            for _ in range(rounds):
                t = time.perf_counter()
                try:
                    status, _ = ask(url, q, 60)
                except TimeoutError:
                    status = "no answer in 60 s"
                times.append((time.perf_counter() - t) * 1000)
                if status != 200:
                    break
            times.sort()
            per_query[qname] = {"status": status, "p50_ms": round(statistics.median(times), 1),
                                "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1)}
        return {"candidate": name, "startup_s": round(startup, 2), "queries": per_query}
    finally:
        proc.kill()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rdflib-endpoint-path", help="folder where rdflib-endpoint is installed (pip --target)")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    from query.opendata.description import examples
    queries = {e.name: e.text for e in examples()}
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    out = []
    port = free_port()
    out.append(measure("starlette+pyoxigraph (query serve)", [sys.executable, "-m", "query", "serve", "--port", str(port)],
                       env, f"http://127.0.0.1:{port}/sparql", queries, args.rounds))
    if args.rdflib_endpoint_path:
        port = free_port()
        env2 = {**env, "PYTHONPATH": f"{ROOT}:{args.rdflib_endpoint_path}"}
        out.append(measure("rdflib-endpoint 0.6.3 (rdflib over oxrdflib)", [sys.executable, "-c", RDFLIB_ENDPOINT_APP, str(port)],
                           env2, f"http://127.0.0.1:{port}/", queries, args.rounds))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
