"""The chat's no-good-match verdict measured (issue 11, query/ask/match.py).

    .venv/bin/python benchmarks/nomatch.py [--json]

For every labelled query (tests/data/search_queries.tsv, the tuning half, and
search_queries_heldout.tsv, never tuned on) and every off-topic message
(tests/data/search_offtopic.tsv), the raw signals (best dense cosine, word coverage) and the verdict.
Reports the false-negative rate (a labelled query called a bad match) per set and language, the
share of off-topic messages caught, and the closest calls on each side of the thresholds.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETS = {"tuning": "search_queries.tsv", "held-out": "search_queries_heldout.tsv", "off-topic": "search_offtopic.tsv"}


def rows(name: str) -> list[dict]:
    with open(ROOT / "tests" / "data" / name, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from query.ask.answers import search
    from query.ask.match import COVERAGE_FLOOR, DENSE_FLOOR, DENSE_WEAK
    out = {"thresholds": {"dense_floor": DENSE_FLOOR, "coverage_floor": COVERAGE_FLOOR, "dense_weak": DENSE_WEAK},
           "sets": {}}
    closest = []
    for label, name in SETS.items():
        per_lang: dict[str, list[int]] = {}
        for r in rows(name):
            a = search(r["query"])
            bad = not a["good"]
            per_lang.setdefault(r["lang"], [0, 0])
            per_lang[r["lang"]][0] += bad
            per_lang[r["lang"]][1] += 1
            closest.append((a["signals"]["dense"] - DENSE_FLOOR, label, r["query"], a["signals"], bad))
        total_bad = sum(v[0] for v in per_lang.values())
        total = sum(v[1] for v in per_lang.values())
        out["sets"][label] = {"called_bad": total_bad, "queries": total,
                              "rate": round(total_bad / total, 4) if total else None,
                              "by_lang": {k: {"called_bad": v[0], "queries": v[1]} for k, v in sorted(per_lang.items())}}
    labelled = [c for c in closest if c[1] != "off-topic"]
    off = [c for c in closest if c[1] == "off-topic"]
    out["lowest_dense_labelled"] = [{"query": q, **s} for _, _, q, s, _ in sorted(labelled, key=lambda c: c[0])[:3]]
    out["off_topic_missed"] = [{"query": q, **s} for _, _, q, s, bad in off if not bad]
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return
    print(f"thresholds: dense < {DENSE_FLOOR}, or coverage < {COVERAGE_FLOOR} and dense < {DENSE_WEAK}")
    for label, s in out["sets"].items():
        what = "caught" if label == "off-topic" else "false negatives"
        print(f"{label}: {what} {s['called_bad']}/{s['queries']} "
              + " ".join(f"{k} {v['called_bad']}/{v['queries']}" for k, v in s["by_lang"].items()))
    print("labelled queries nearest the dense floor:", "; ".join(f"{x['query']} ({x['dense']}, {x['coverage']})"
                                                               for x in out["lowest_dense_labelled"]))
    print("off-topic messages not caught:", "; ".join(f"{x['query']} ({x['dense']}, {x['coverage']})"
                                                      for x in out["off_topic_missed"]) or "none")


if __name__ == "__main__":
    main()
