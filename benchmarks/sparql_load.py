"""Load test of the SPARQL endpoint (issue 13): CLIENTS concurrent clients, each sending QUERIES
queries (the documented example queries in turn) to `python -m query serve` on loopback.
Prints one JSON object: latency p50/p95/max (ms), errors, throughput, and the server's settings.

  python benchmarks/sparql_load.py [--clients 50] [--queries 20] [--workers 2] [--port 7882]
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--queries", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    from query.opendata.description import examples
    queries = [(e.name, e.text) for e in examples()]
    port = args.port or free_port()
    url = f"http://127.0.0.1:{port}/sparql"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "query", "serve", "--port", str(port), "--json",
                             "--workers", str(args.workers)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    proc.stdout.readline()
    startup = time.perf_counter() - started
    latencies: list[tuple[str, float]] = []
    errors: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(args.clients)

    def client(n: int) -> None:
        barrier.wait()
        for i in range(args.queries):
            name, q = queries[(n + i) % len(queries)]
            data = urllib.parse.urlencode({"query": q}).encode()
            req = urllib.request.Request(url, data=data, headers={"Accept": "application/sparql-results+json, text/turtle"})
            t = time.perf_counter()
            try:
                with urllib.request.urlopen(req, timeout=120) as r:
                    r.read()
                    ok = r.status == 200
            except (urllib.error.URLError, OSError) as e:
                ok = False
                with lock:
                    errors.append(f"{name}: {e}")
            took = (time.perf_counter() - t) * 1000
            with lock:
                if ok:
                    latencies.append((name, took))
    try:
        threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
    finally:
        proc.terminate()
        proc.wait(15)
    times = sorted(ms for _, ms in latencies)
    per_query = {}
    for name, _ in queries:
        mine = sorted(ms for n, ms in latencies if n == name)
        if mine:
            per_query[name] = {"p50_ms": round(statistics.median(mine), 1), "n": len(mine)}
    print(json.dumps({
        "clients": args.clients, "queries_per_client": args.queries, "workers": args.workers,
        "requests": args.clients * args.queries, "ok": len(times), "errors": len(errors), "first_errors": errors[:5],
        "p50_ms": round(statistics.median(times), 1) if times else None,
        "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1) if times else None,
        "max_ms": round(times[-1], 1) if times else None,
        "wall_s": round(wall, 2), "throughput_qps": round(len(times) / wall, 1), "startup_s": round(startup, 2),
        "per_query_p50": per_query, "cpu_count": os.cpu_count(),
        "load_average_at_end": [round(x, 1) for x in os.getloadavg()]}, indent=1))


if __name__ == "__main__":
    main()
