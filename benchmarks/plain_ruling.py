"""Plain-language ruling latency (issue 10): the warm ruling from a director's own words (scenario
reader + reasoner) against the warm ruling from JSON facts of the same scenarios, in one run, and the
cold command (`python -m query rule "TEXT" --json` in a fresh process).

    .venv/bin/python benchmarks/plain_ruling.py [--runs 5] [--cold 3] [--json]

The texts are the development set (tests/data/rulings_dev.jsonl) plus the examples of the issue;
the facts are the facts each text was read into (so both sides rule on the same scenarios).
Prints p50 and p95 in milliseconds and the ratio plain/facts; nothing here fails on a slow machine.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EXAMPLES = ["South opened 2♣; West, who hadn't noticed, bid 1NT", "北家还有黑桃，却将吃了",
            "the Director was called when East pulled the wrong card from the bidding box"]


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cold", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from query.graph import shared
    from query.rulings.reasoner import rule_base, rule_facts
    from query.rulings.scenario import rule_text
    dev = ROOT / "tests" / "data" / "rulings_dev.jsonl"
    texts = [(r["text"], r["lang"]) for r in map(json.loads, dev.read_text(encoding="utf-8").splitlines()) if r] \
        if dev.exists() else []
    texts += [(t, None) for t in EXAMPLES]
    g = shared()
    base = rule_base(g)
    for t, lang in texts:                            # warm-up: pipelines, jieba, rules
        rule_text(g, t, lang)
    plain, facts_t, facts = [], [], []
    for _ in range(args.runs):
        for t, lang in texts:
            t0 = time.perf_counter()
            r = rule_text(g, t, lang)
            plain.append((time.perf_counter() - t0) * 1000)
            if r.get("understood", {}).get("facts", {}).get("irregularity") and not r.get("error"):
                facts.append((r["understood"]["facts"], r["lang"]))
    for f, lang in facts:
        t0 = time.perf_counter()
        rule_facts(base, f, lang)
        facts_t.append((time.perf_counter() - t0) * 1000)
    cold = []
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    for _ in range(args.cold):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "query", "rule", EXAMPLES[0], "--json"], cwd=ROOT, env=env,
                       capture_output=True, check=False)
        cold.append(time.perf_counter() - t0)
    out = {"texts": len(texts), "warm_plain_ms": {"p50": round(statistics.median(plain), 2), "p95": round(_pct(plain, .95), 2),
                                                   "n": len(plain)},
           "warm_facts_ms": {"p50": round(statistics.median(facts_t), 2), "p95": round(_pct(facts_t, .95), 2), "n": len(facts_t)},
           "cold_command_s": {"median": round(statistics.median(cold), 2), "min": round(min(cold), 2)} if cold else None}
    out["ratio_plain_over_facts_p50"] = round(out["warm_plain_ms"]["p50"] / out["warm_facts_ms"]["p50"], 2) if facts_t else None
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['texts']} texts; warm plain-language ruling p50 {out['warm_plain_ms']['p50']} ms, "
              f"p95 {out['warm_plain_ms']['p95']} ms; warm ruling from facts p50 {out['warm_facts_ms']['p50']} ms, "
              f"p95 {out['warm_facts_ms']['p95']} ms; ratio {out['ratio_plain_over_facts_p50']}; "
              f"cold command {out['cold_command_s']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
