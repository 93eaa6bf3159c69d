"""Ruling latency: graph + rules load time, and the warm ruling time over the golden scenarios
(tests/scenarios/*.json), with a law lookup on the same loaded graph as the baseline, all in one run.

    .venv/bin/python benchmarks/ruling_latency.py [--runs 3] [--json]

Prints medians (and p95); nothing here fails on a slow machine (no timed assertions).
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
from query.rulings.reasoner import load_rules, rule_facts  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _ms(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"median_ms": 1000 * statistics.median(xs), "p95_ms": 1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))],
            "n": len(xs)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3, help="passes over the golden scenarios")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    t0 = time.perf_counter()
    g = load()
    t_graph = time.perf_counter() - t0
    t0 = time.perf_counter()
    base = load_rules(g)
    t_rules = time.perf_counter() - t0

    scenarios = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "tests" / "scenarios").glob("*.json"))]
    for sc in scenarios:                       # warm-up pass
        rule_facts(base, sc, sc.get("lang", "en"))
    times = []
    for _ in range(args.runs):
        for sc in scenarios:
            t0 = time.perf_counter()
            rule_facts(base, sc, sc.get("lang", "en"))
            times.append(time.perf_counter() - t0)
    lookups = []
    for pid in ("27B2", "64A1", "50D2", "54D", "31A2(b)") * 4:
        t0 = time.perf_counter()
        law(g, pid)
        lookups.append(time.perf_counter() - t0)
    ruling, lookup = _ms(times), _ms(lookups)
    out = {"triples": len(g), "rules": len(base.rules), "scenarios": len(scenarios),
           "graph_load_s": t_graph, "rules_load_s": t_rules,
           "ruling": ruling, "law_lookup": lookup,
           "ruling_over_lookup": ruling["median_ms"] / lookup["median_ms"]}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"graph load {t_graph:.2f} s ({len(g)} triples); rules load {t_rules:.2f} s ({len(base.rules)} rules)")
    print(f"warm ruling over {len(scenarios)} golden scenarios x {args.runs}: median {ruling['median_ms']:.2f} ms, "
          f"p95 {ruling['p95_ms']:.2f} ms")
    print(f"baseline, law lookup on the same graph: median {lookup['median_ms']:.2f} ms "
          f"(ruling / lookup = {out['ruling_over_lookup']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
