"""Graph load time: rdflib's default (Memory) store against the Oxigraph store (oxrdflib),
side by side in one run, plus one law lookup on each loaded graph.

    .venv/bin/python benchmarks/graph_load.py [--runs 5]

Prints medians (and min/max) and the ratio default/oxigraph; nothing here fails on a slow machine.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from query.graph import load  # noqa: E402
from query.lookup import law  # noqa: E402


def _time(fn, runs: int) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return times, result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = {}
    for store in ("default", "oxigraph"):
        load_times, g = _time(lambda: load(store), args.runs)
        lookup_times, _ = _time(lambda: law(g, "27B2"), args.runs * 4)
        rows[store] = {"triples": len(g), "load_median_s": statistics.median(load_times),
                       "load_min_s": min(load_times), "load_max_s": max(load_times),
                       "lookup_median_ms": 1000 * statistics.median(lookup_times)}
    ratio_load = rows["default"]["load_median_s"] / rows["oxigraph"]["load_median_s"]
    ratio_lookup = rows["default"]["lookup_median_ms"] / rows["oxigraph"]["lookup_median_ms"]
    if args.json:
        print(json.dumps({"runs": args.runs, "stores": rows, "load_ratio_default_over_oxigraph": ratio_load,
                          "lookup_ratio_default_over_oxigraph": ratio_lookup}))
        return 0
    print(f"graph load, {args.runs} runs each ({rows['default']['triples']} triples)")
    for store, r in rows.items():
        print(f"  {store:9} load median {r['load_median_s']:.2f}s (min {r['load_min_s']:.2f}, max {r['load_max_s']:.2f})"
              f"   law 27B2 lookup median {r['lookup_median_ms']:.1f} ms")
    print(f"  ratio default/oxigraph: load {ratio_load:.2f}x, lookup {ratio_lookup:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
