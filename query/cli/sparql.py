"""`python -m query sparql "QUERY" [--file Q.rq] [--format json|xml|csv|tsv|turtle|ntriples|jsonld] [--json]`
and `python -m query export --format ttl|nt|nq|jsonld [--doc DOC] --out FILE` (or `--bundle DIR`):
the endpoint's queries and the open-data dumps from the command line (query/opendata/, docs/opendata.md).
A query runs in a worker process under the same checks and limits as the endpoint."""
from __future__ import annotations

import argparse
import json

from query import inputs
from query.errors import BadInput

QUERY_FORMATS = ["json", "xml", "csv", "tsv", "turtle", "ntriples", "jsonld", "rdfxml"]


def add_parser(sub) -> list[str]:
    p = sub.add_parser("sparql", help="run a read-only SPARQL query against the graph")
    p.add_argument("query", nargs="?", help="the query (or --file)")
    p.add_argument("--file", help="read the query from a file (UTF-8)")
    p.add_argument("--format", choices=QUERY_FORMATS, default=None,
                   help="result format (default json for SELECT/ASK, turtle for CONSTRUCT/DESCRIBE)")
    p.add_argument("--time-limit", type=float, default=10.0, help="seconds the query may run (default 10)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    e = sub.add_parser("export", help="write the graph (or one document) as Turtle, N-Triples, N-Quads or JSON-LD")
    e.add_argument("--format", choices=["ttl", "nt", "nq", "jsonld"], default="nq", help="dump format (default nq)")
    e.add_argument("--doc", help="one document's graph only (wbf2017, ccba2018, ...)")
    e.add_argument("--out", help="the file to write")
    e.add_argument("--bundle", help="write the release bundle (N-Quads, VoID/DCAT, example queries) in this folder")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    return ["sparql", "export"]


def run(args: argparse.Namespace) -> dict:
    if args.command == "export":
        return _export(args)
    from query.opendata import safety
    from query.opendata.workers import Pool
    if (args.query is None) == (args.file is None):
        raise BadInput("give a query, or --file FILE (one of them)")
    raw = inputs.read_file(args.file, "query file") if args.file else args.query
    query = safety.check(raw)
    safety.syntax(query)
    if not 0.1 <= args.time_limit <= 600:
        raise BadInput("--time-limit must be between 0.1 and 600 seconds")
    wanted = [args.format] if args.format else []
    if args.format == "json":
        wanted.append("jsonld")          # --format json on a CONSTRUCT: JSON-LD
    pool = Pool(1, args.time_limit, spare=False)
    try:
        body, name, media = pool.run_sync((query, wanted, [], []))
    finally:
        pool.close()
    text = body.decode("utf-8")
    result = json.loads(text) if name in ("json", "jsonld") else text
    return {"format": name, "media_type": media, "result": result}


def _export(args: argparse.Namespace) -> dict:
    from query.opendata import exports
    if args.bundle:
        if args.out or args.doc:
            raise BadInput("--bundle writes the whole release; do not combine it with --out or --doc")
        return exports.bundle(inputs.output_name(args.bundle, "--bundle"))
    if not args.out:
        raise BadInput("give --out FILE (or --bundle DIR)")
    doc = inputs.text(args.doc, "--doc", 100) if args.doc else None
    return exports.export(args.format, inputs.output_name(args.out), doc)


def render(r: dict) -> str:
    if "result" in r:
        res = r["result"]
        return res if isinstance(res, str) else json.dumps(res, ensure_ascii=False, indent=1)
    if r["format"] == "bundle":
        return f"release bundle in {r['out']}: " + ", ".join(r["files"]) + f" ({r['statements']} quads)"
    return f"{r['out']}: {r['statements']} {'quads' if r['format'] == 'nq' else 'triples'} ({r['bytes']} bytes)"
