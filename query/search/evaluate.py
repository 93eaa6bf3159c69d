"""Search quality on the labelled query sets.

Metrics per language and method (hybrid, BM25 only, dense only): recall@1, recall@5 (a query counts
if one of its top-k provisions is an expected id, or lies inside one: DESIGN.md section 7, a more
specific id cites its ancestors) and MRR@10, on the whole and on each part:

- the development set (tests/data/search_queries.tsv), whose queries alternate A, B, A, B ... within
  each language in file order: half A is where the fusion settings (`query.search.hybrid.PARAMS`) were
  tuned (`--tune`), half B was looked at while the search was being built, not tuned on;
- the held-out set (tests/data/search_queries_heldout.tsv), written from the law texts by someone who
  saw neither the search nor its question cards (query/search/cards.py), and never used for tuning: its
  figures are the honest ones.
"""
from __future__ import annotations

import csv
import itertools
from pathlib import Path

from query.search.hybrid import LANGS, METHODS, Search, Unit

ROOT = Path(__file__).resolve().parents[2]
QUERIES = ROOT / "tests" / "data" / "search_queries.tsv"
HELDOUT = ROOT / "tests" / "data" / "search_queries_heldout.tsv"
K = 10
PARTS = (("all", "whole set"), ("A", "development set, half A (tuning)"), ("B", "development set, half B"),
         ("H", "held-out set (never tuned on)"))


def load_sets() -> list[dict]:
    """The development set (halves A and B) and the held-out set (half "H": written independently of
    the search and of its question cards, never used for tuning)."""
    return load_queries(QUERIES) + [dict(q, half="H") for q in load_queries(HELDOUT)]


COLUMNS = ("query", "lang", "expected")


def load_queries(path: Path = QUERIES, default_doc: str = "wbf2017") -> list[dict]:
    """A TSV of labelled queries (read through the one input decoder; a malformed row is a ValueError
    naming its line)."""
    from query.inputs import batch_lines, read_file
    lines = [line for line in batch_lines(read_file(path, "query file")) if line.strip() and not line.startswith("#")]
    rows, seen = [], {lang: 0 for lang in LANGS}
    bad = next((n for n, line in enumerate(lines, 1) if "\r" in line), None)
    if bad is not None:     # csv would stop on it ("new-line character seen in unquoted field")
        raise ValueError(f"row {bad} holds a carriage return inside a field")
    reader = csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    if reader.fieldnames is not None and not set(COLUMNS) <= set(reader.fieldnames):
        raise ValueError(f"the header must name the columns {', '.join(COLUMNS)} (tab-separated)")
    for n, rec in enumerate(reader, 2):
        if any(rec.get(c) is None for c in COLUMNS) or None in rec:
            raise ValueError(f"row {n} does not have the columns of the header (query, lang, expected, note)")
        lang = rec["lang"].strip()
        if lang not in LANGS:
            raise ValueError(f"{path}: unknown lang {lang!r} for query {rec['query']!r}")
        expected = []
        for e in rec["expected"].split(","):
            e = e.strip()
            if e:
                doc, _, pid = e.rpartition(":")
                expected.append((doc or default_doc, pid))
        half = "A" if seen[lang] % 2 == 0 else "B"
        seen[lang] += 1
        rows.append({"query": rec["query"].strip(), "lang": lang, "expected": expected,
                     "note": (rec.get("note") or "").strip(), "half": half})
    return rows


def is_hit(unit: Unit, expected: list[tuple[str, str]]) -> bool:
    return any(unit.doc == doc and (unit.provision == pid or pid in unit.ancestors) for doc, pid in expected)


def first_hit_rank(search: Search, ranked: list[tuple[int, float]], expected) -> int | None:
    for r, (i, _) in enumerate(ranked, 1):
        if is_hit(search.units[i], expected):
            return r
    return None


def metrics(ranks: list[int | None]) -> dict:
    n = len(ranks)
    if not n:
        return {"n": 0, "recall@1": None, "recall@5": None, "mrr": None}
    return {"n": n,
            "recall@1": round(sum(1 for r in ranks if r == 1) / n, 4),
            "recall@5": round(sum(1 for r in ranks if r and r <= 5) / n, 4),
            "mrr": round(sum(1 / r for r in ranks if r) / n, 4)}


def run(search: Search, queries: list[dict], methods=METHODS) -> dict:
    """Rank every query with every method (one set of components per query, fused three ways);
    per-query ranks and the summary tables."""
    per_query = []
    for q in queries:
        row = {"query": q["query"], "lang": q["lang"], "half": q["half"],
               "expected": [f"{d}:{p}" for d, p in q["expected"]], "ranks": {}, "top": {}}
        c = search.components(q["query"], q["lang"], dense=any(m != "bm25" for m in methods))
        for m in methods:
            ranked = search.ranked(search.final(c, q["query"], m), K, positive_only=m != "dense")
            row["ranks"][m] = first_hit_rank(search, ranked, q["expected"])
            row["top"][m] = [search.units[i].id for i, _ in ranked[:5]]
        per_query.append(row)
    return {"summary": summarise(per_query, methods), "queries": per_query}


def summarise(per_query: list[dict], methods=METHODS) -> dict:
    out = {}
    for part, _ in PARTS:
        rows = [r for r in per_query if part == "all" or r["half"] == part]
        out[part] = {m: {lang: metrics([r["ranks"][m] for r in rows if r["lang"] == lang]) for lang in (*LANGS, "all")}
                     for m in methods}
        for m in methods:
            out[part][m]["all"] = metrics([r["ranks"][m] for r in rows])
    return out


# --- tuning on half A -------------------------------------------------------------------------------

GRID = {                     # fusion settings: cheap to try (no re-indexing)
    "w_dense": [0.3, 0.4, 0.5, 0.6],
    "w_expand": [0.5, 0.7],
    "w_bigram": [0.5, 1.0],
    "w_term": [0.8, 1.0],
    "w_old": [0.5],
    "dense_floor": [0.8, 0.9],
    "w_cards": [0.5, 1.0, 1.5],
    "card_margin": [0.0, 0.02],
}
OUTER = {                    # BM25 settings: each combination re-indexes
    "bm25_k1": [0.7, 0.9, 1.2],
    "bm25_b": [0.45, 0.6],
    "title_repeat": [0],
}


def _objective(per_lang: dict) -> float:
    return sum(v["recall@5"] + v["recall@1"] + v["mrr"] for v in per_lang.values()) / len(per_lang)


def tune(search: Search, queries: list[dict], grid: dict = GRID, outer: dict = OUTER,
         progress=None) -> list[tuple[float, dict, dict]]:
    """Grid search of the settings on the given queries (half A only!): objective recall@5 +
    recall@1 + MRR of the hybrid, averaged over the three languages. Returns (objective, params,
    per-language metrics), best first. The dense part of each query is computed once."""
    saved = dict(search.params)
    dense = []
    for q in queries:
        c = search.components(q["query"], q["lang"], both_dense=True)
        dense.append({"sims": c["sims"], "sims_gloss": c["sims_gloss"]})
    results = []
    try:
        okeys, ikeys = list(outer), list(grid)
        for ovalues in itertools.product(*(outer[k] for k in okeys)):
            search.params.update(dict(zip(okeys, ovalues)))
            comps = [dict(search.components(q["query"], q["lang"], dense=False), **dv) for q, dv in zip(queries, dense)]
            for ivalues in itertools.product(*(grid[k] for k in ikeys)):
                params = dict(search.params, **dict(zip(ikeys, ivalues)))
                ranks = {lang: [] for lang in LANGS}
                for q, c in zip(queries, comps):
                    ranked = search.ranked(search.final(c, q["query"], "hybrid", params), K)
                    ranks[q["lang"]].append(first_hit_rank(search, ranked, q["expected"]))
                per_lang = {lang: metrics(r) for lang, r in ranks.items() if r}
                chosen = {k: params[k] for k in okeys + ikeys}
                results.append((round(_objective(per_lang), 4), chosen, per_lang))
            if progress:
                progress(dict(zip(okeys, ovalues)), max(r[0] for r in results))
    finally:
        search.params.clear()
        search.params.update(saved)
        search._index_bm25()
    results.sort(key=lambda t: -t[0])
    return results


def table(summary: dict, methods=METHODS) -> str:
    """The side-by-side table the command prints."""
    lines = []
    for part, label in PARTS:
        s = summary[part]
        n = {lang: s[methods[0]][lang]["n"] for lang in (*LANGS, "all")}
        if not n["all"]:
            continue
        lines.append(f"{label}: " + ", ".join(f"{lang} {n[lang]}" for lang in (*LANGS, "all")) + " queries")
        lines.append(f"  {'':8}" + "".join(f"{m:>24}" for m in methods))
        lines.append(f"  {'lang':8}" + "".join(f"{'R@1   R@5   MRR':>24}" for _ in methods))
        for lang in (*LANGS, "all"):
            cells = []
            if not n[lang]:
                continue
            for m in methods:
                v = s[m][lang]
                cells.append(f"{v['recall@1']:.3f} {v['recall@5']:.3f} {v['mrr']:.3f}".rjust(24))
            lines.append(f"  {lang:8}" + "".join(cells))
        lines.append("")
    return "\n".join(lines).rstrip()
