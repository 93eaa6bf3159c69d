"""`python -m query eval-search [--json] [--queries FILE] [--tune] [--set KEY=VALUE]`: search quality
on the labelled query sets, hybrid vs BM25-only vs dense-only side by side, per language, on the
whole and on each part (development set halves A, where the fusion settings were tuned, and B; the
held-out set). See query/search/evaluate.py."""
from __future__ import annotations

import argparse
import os
import sys

for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from query.errors import BadInput  # noqa: E402

COSTLY_OPTIONS = ("--tune",)         # a grid search: minutes (the property suite never generates it)
COSTLY_WITHOUT = ("--queries",)      # the default sets take seconds: the property suite always gives a file


def add_parser(sub) -> str:
    p = sub.add_parser("eval-search", help="recall@1, recall@5 and MRR of the search on the labelled query set")
    p.add_argument("--queries", default=None, help="one TSV of labelled queries (default: the development set "
                   "tests/data/search_queries.tsv and the held-out set tests/data/search_queries_heldout.tsv)")
    p.add_argument("--tune", action="store_true",
                   help="grid-search the fusion settings on half A and print the best (does not change PARAMS)")
    p.add_argument("--per-query", action="store_true", help="also list every query's rank per method")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override one search setting for this run (an ablation), e.g. --set w_cards=0 "
                        "--set w_card_dense=false; keys as in query.search.hybrid.PARAMS")
    p.add_argument("--json", action="store_true", help="print JSON")
    return "eval-search"


def run(args: argparse.Namespace) -> dict:
    from query.search import evaluate
    from query.search.hybrid import shared
    from query.inputs import existing_file, quote
    # a file named (even "") is that file, never the default sets
    path = existing_file(args.queries, "query file") if args.queries is not None else None
    try:
        queries = evaluate.load_queries(path) if path else evaluate.load_sets()
    except BadInput:
        raise
    except (ValueError, KeyError) as e:
        raise BadInput(f"bad query file {quote(path)}: {e}") from None
    if not queries:
        raise BadInput(f"no queries in {quote(path)}")
    overrides = _overrides(args.set)
    engine = shared()
    saved = dict(engine.params)
    try:                 # an ablation is for this run: the shared engine gets its settings back
        engine.params.update(overrides)
        engine._index_bm25()
        return _evaluate(args, evaluate, engine, queries, path)
    finally:
        engine.params.clear()
        engine.params.update(saved)
        engine._index_bm25()


def _evaluate(args, evaluate, engine, queries, path) -> dict:
    source = str(path) if path else f"{evaluate.QUERIES.name} + {evaluate.HELDOUT.name}"
    out = {"queries_file": source, "n": len(queries), "params": dict(engine.params),
           "index": {k: engine.meta.get(k) for k in ("units", "passages", "docs", "model")}}
    if args.tune:
        half_a = [q for q in queries if q["half"] == "A"]
        progress = (lambda o, best: print(f"  {o} best so far {best}", file=sys.stderr)) if not args.json else None
        results = evaluate.tune(engine, half_a, progress=progress)
        out["tuning"] = [{"objective": o, "params": p, "per_lang": m} for o, p, m in results[:10]]
    r = evaluate.run(engine, queries)
    out["summary"] = r["summary"]
    if args.per_query or args.json:
        out["per_query"] = r["queries"]
    return out


# what each setting may be (query.search.hybrid.PARAMS): shares and quantiles 0-1, weights 0-100,
# BM25's k1 0-10, extra title repeats 0-10; fusion one of its two words. Anything else is refused
# (NaN or inf would print non-JSON figures; a huge repeat count would exhaust memory).
RANGES = {"w_dense": (0, 1), "card_margin": (0, 1), "dense_floor": (0, 1), "bm25_b": (0, 1), "bm25_k1": (0, 10),
          "title_repeat": (0, 10), "w_group": (0, 1)}
WEIGHTS = (0, 100)
WORDS = {"fusion": ("linear", "rrf")}


def _overrides(pairs: list[str]) -> dict:
    """--set KEY=VALUE pairs as typed values of query.search.hybrid.PARAMS (bool, number or word),
    each checked against its range (RANGES)."""
    import argparse
    from query.inputs import quote, real, whole
    from query.search.hybrid import PARAMS
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in PARAMS:
            raise BadInput(f"--set needs KEY=VALUE with KEY one of: {', '.join(PARAMS)} (got {quote(pair)})")
        kind = type(PARAMS[key])
        lo, hi = RANGES.get(key, WEIGHTS)
        try:
            if kind is bool:
                if value.lower() not in ("true", "false", "1", "0"):
                    raise ValueError(value)
                out[key] = value.lower() in ("true", "1")
            elif kind in (int, float):
                out[key] = kind((whole if kind is int else real)(lo, hi)(value))
            elif value not in WORDS.get(key, (value,)):
                raise ValueError(value)
            else:
                out[key] = value
        except (ValueError, argparse.ArgumentTypeError) as e:
            detail = f" ({e})" if isinstance(e, argparse.ArgumentTypeError) else ""
            raise BadInput(f"--set {key}: {quote(value)} is not a {kind.__name__} it can take{detail}") from None
    return out


def render(r: dict) -> str:
    from query.search.evaluate import table
    lines = [f"search quality on {r['n']} labelled queries ({r['queries_file']}); "
             f"index: {r['index']['units']} units over {', '.join(r['index']['docs'] or [])}",
             "R@1 / R@5: share of queries with an expected provision (or one inside it) first / in the top 5; "
             "MRR over the top 10", ""]
    lines.append(table(r["summary"]))
    if r.get("tuning"):
        lines += ["", "tuning on half A (best first; objective = mean over languages of R@5 + R@1 + MRR):"]
        for t in r["tuning"][:5]:
            lines.append(f"  {t['objective']:.4f}  {t['params']}")
    if r.get("per_query"):
        lines += ["", "per query (rank of the first expected provision: hybrid / bm25 / dense; - = not in top 10):"]
        for q in r["per_query"]:
            rk = "/".join(str(q["ranks"][m] or "-") for m in ("hybrid", "bm25", "dense"))
            lines.append(f"  {q['half']} {q['lang']:7} {rk:9} {q['query'][:70]}")
    return "\n".join(lines)
