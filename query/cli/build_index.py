"""`python -m query build-index [--json]`: convert the embedding model (once) and build the
search index into .cache/ (scripts/setup.sh runs it; `search` builds it itself when missing)."""
from __future__ import annotations

import argparse
import json
import os

for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")


COSTLY_OPTIONS = ("--force",)        # rebuilds the index: the property suite never generates it


def add_parser(sub) -> str:
    p = sub.add_parser("build-index", help="build the search index and the embedding model into .cache/")
    p.add_argument("--force", action="store_true", help="rebuild even if the index is up to date")
    p.add_argument("--json", action="store_true", help="print JSON")
    return "build-index"


def run(args: argparse.Namespace) -> dict:
    from query.search import embedding
    from query.search import hybrid as search
    embedding.ensure_model()
    path = search.INDEX_ROOT / search._graph_fingerprint()
    built = False
    if args.force or not (path / "meta.json").exists():
        path = search.build_index(quiet=True)
        built = True
    meta = json.loads((path / "meta.json").read_text())
    return {"index": str(path), "built": built, "model": str(embedding.MODEL_DIR), **meta}


def render(r: dict) -> str:
    what = "built" if r["built"] else "up to date"
    secs = r.get("seconds", {})
    return (f"search index {what}: {r['units']} units ({', '.join(r['docs'])}), {r['passages']} passages; "
            f"{secs.get('total', '?')} s when built\n  {r['index']}\n  model {r['model']}")
