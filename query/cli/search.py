"""`python -m query search "TEXT" [--k 10] [--lang en|zh-Hant|zh-Hans] [--json]`
and `python -m query search --batch FILE [--json]` (one query per line, one JSON object per line).

Hybrid search (BM25 + dense vectors + glossary expansion) over every document of the graph; see
query/search/hybrid.py. Input is checked before anything is loaded, so bad input fails fast (exit 2).
"""
from __future__ import annotations

import argparse
import os
import sys

# numpy's BLAS and the encoder's threads would compete on 2 cores: one BLAS thread (set before
# numpy is first imported; query/search/hybrid.py sets the encoder's own count)
for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from query.errors import BadInput  # noqa: E402
from query.inputs import dumps, quote, whole  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans")
METHODS = ("hybrid", "bm25", "dense")
MAX_BATCH_BYTES = 5_000_000


def add_parser(sub) -> str:
    p = sub.add_parser("search", help="find provisions by a question in English, Traditional or Simplified Chinese")
    p.add_argument("text", nargs="?", help="the question or words to search for")
    p.add_argument("--k", type=whole(), default=10, help="how many provisions (1-100, default 10)")
    p.add_argument("--lang", choices=LANGS, default=None,
                   help="show the hits in this language (default: the query's language)")
    p.add_argument("--method", choices=METHODS, default="hybrid", help="hybrid (default), bm25 or dense")
    p.add_argument("--batch", metavar="FILE", help="one query per line (UTF-8); prints one JSON object per line")
    p.add_argument("--json", action="store_true", help="print JSON")
    return "search"


def _read_batch(path: str) -> list[str]:
    if not os.path.exists(path):
        raise BadInput(f"batch file not found: {quote(path)}")
    if not os.path.isfile(path):
        raise BadInput(f"batch file is not a file: {quote(path)}")
    if os.path.getsize(path) > MAX_BATCH_BYTES:
        raise BadInput(f"batch file too large ({os.path.getsize(path)} bytes; at most {MAX_BATCH_BYTES})")
    from query.inputs import batch_lines, decode
    with open(path, "rb") as f:
        data = f.read()
    if b"\x00" in data:
        raise BadInput(f"batch file looks binary (NUL bytes): {quote(path)}")
    return batch_lines(decode(data, "batch file"))     # split on "\n" only: line N answers line N


def run(args: argparse.Namespace) -> dict | None:
    from query.search.hybrid import check_query
    if not 1 <= args.k <= 100:
        raise BadInput(f"--k must be between 1 and 100 (got {args.k})")
    if args.batch is not None:
        if args.text is not None:
            raise BadInput("give either a query or --batch FILE, not both")
        lines = _read_batch(args.batch)
        return _run_batch(lines, args)
    if args.text is None:
        raise BadInput("no query given (python -m query search \"TEXT\" or --batch FILE)")
    text = check_query(args.text)
    from query.search.hybrid import shared
    return shared().search(text, k=args.k, lang=args.lang, method=args.method)


def _run_batch(lines: list[str], args) -> None:
    """One JSON object per input line, in order; a bad line gets {"query", "error"} and the rest go on."""
    from query.search.hybrid import check_query, shared
    engine = None
    bad = []
    for n, line in enumerate(lines, 1):
        try:
            text = check_query(line)
            engine = engine or shared()
            out = engine.search(text, k=args.k, lang=args.lang, method=args.method)
        except BadInput as e:
            bad.append(n)
            out = {"query": line[:200], "error": str(e).splitlines()[0]}
        print(dumps(out), flush=False)
    sys.stdout.flush()
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (" ..." if len(bad) > 10 else "")
        print(f"note: {len(bad)} of {len(lines)} lines were not searched (line {shown}); see their \"error\"",
              file=sys.stderr)
    return None


def render(r: dict) -> str:
    if not r["hits"]:
        return f"no provision found for: {r['query']}"
    out = [f"{len(r['hits'])} provisions for: {r['query']}  ({r['method']}, shown in {r['lang']})"]
    for n, h in enumerate(r["hits"], 1):
        law = f"Law {h['law']}" if h.get("law") is not None else h["doc"]
        term = f" [{h['term']}]" if h.get("term") else ""
        out.append(f"{n:2}. {h['id']}{term}  ({law}; {h['score']:.3f})  {h['title']}")
        text = " ".join(h["text"].split())
        out.append("    " + (text[:160] + "…" if len(text) > 160 else text))
        if h.get("asked_like"):
            out.append(f"    (answers questions like: {h['asked_like']['text']})")
    return "\n".join(out)
