"""`python -m query findings [--doc DOC] [--lang zh-Hant|zh-Hans] [--kind KIND] [--severity S] [--json]`:
the translation consistency report (ingest/extract/translation.py), read from the committed graph:
by provision, each finding with what differs, its severity and the clause pair compared."""
from __future__ import annotations

import argparse

from query.errors import BadInput
from query.graph import shared
from query.lookup import PREFIXES, lang_tag

KINDS = ("strength", "polarity", "reference", "term", "missing-clause", "missing-expression")
SEVERITIES = ("changes the rule", "wording only")
LANGS = ("zh-Hant", "zh-Hans")

# One fixed query: the filters are applied to its rows in Python, never pasted into it.
QUERY = PREFIXES + """
SELECT ?doc ?pid ?lang ?kind ?detail ?severity ?en ?zh WHERE {
  ?f a bl:TranslationFinding ; bl:provision ?p ; dcterms:language ?lang ; bl:findingKind ?kind ; rdfs:comment ?detail .
  ?p dcterms:identifier ?pid .
  OPTIONAL { ?f bl:severity ?severity } OPTIONAL { ?f bl:englishClause ?en } OPTIONAL { ?f bl:chineseClause ?zh }
  BIND(STRBEFORE(STRAFTER(STR(?f), "https://w3id.org/bridge-laws/"), "/finding/") AS ?doc)
}"""


def add_parser(sub) -> str:
    p = sub.add_parser("findings", help="the translation consistency report: where a Chinese text differs from the English")
    p.add_argument("--doc", default=None, help="one document (wbf2017, wbfsys2023, wbfalert2023, wbfpsych2023); default all")
    p.add_argument("--lang", default=None, help="zh-Hant or zh-Hans; default both")
    p.add_argument("--kind", default=None, help=f"one of {', '.join(KINDS)}")
    p.add_argument("--severity", default=None, help="'changes the rule' or 'wording only' (or changes / wording)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return "findings"


def _choice(value: str | None, allowed: tuple[str, ...], what: str) -> str | None:
    if value is None:
        return None
    for a in allowed:
        if value.strip().lower() in (a.lower(), a.split()[0].lower()):
            return a
    raise BadInput(f"unknown {what} '{value}' ({', '.join(allowed)})")


def findings(g, doc: str | None = None, lang: str | None = None, kind: str | None = None,
             severity: str | None = None) -> list[dict]:
    """The findings, filtered, in document and provision order."""
    from ingest.extract.align import sort_key
    from ingest.model import parse_id
    rows = []
    for d, pid, lg, k, detail, sev, en, zh in g.query(QUERY):
        row = {"doc": str(d), "provision": str(pid), "lang": lang_tag(lg), "kind": str(k), "severity": str(sev or ""),
               "detail": str(detail), "en_clause": str(en or ""), "zh_clause": str(zh or "")}
        if (doc and row["doc"] != doc) or (lang and row["lang"] != lang) or (kind and row["kind"] != kind) \
                or (severity and row["severity"] != severity):
            continue
        rows.append(row)
    order = {k: i for i, k in enumerate(KINDS)}
    return sorted(rows, key=lambda r: (r["doc"], sort_key(r["provision"]) if parse_id(r["provision"]) else (999, r["provision"]),
                                       r["lang"], order.get(r["kind"], 99), r["detail"]))


def run(args: argparse.Namespace) -> dict:
    g = shared()
    docs = {str(d) for d, *_ in g.query(QUERY)}
    if args.doc is not None and args.doc not in docs:
        raise BadInput(f"no translation findings for document '{args.doc}' ({', '.join(sorted(docs))})")
    rows = findings(g, args.doc, _choice(args.lang, LANGS, "--lang"), _choice(args.kind, KINDS, "--kind"),
                    _choice(args.severity, SEVERITIES, "--severity"))
    counts: dict[str, dict[str, int]] = {}
    for r in rows:
        counts.setdefault(r["kind"], {}).setdefault(r["severity"] or "-", 0)
        counts[r["kind"]][r["severity"] or "-"] += 1
    return {"count": len(rows), "by_kind": counts, "findings": rows}


def render(r: dict) -> str:
    out = [f"{r['count']} findings: " + "; ".join(f"{k} {v}" for k, v in r["by_kind"].items())]
    for f in r["findings"]:
        out.append(f"{f['doc']}:{f['provision']:<12} {f['lang']:<8} {f['kind']:<14} {f['severity'] or '-':<16} {f['detail']}")
        if f["en_clause"] or f["zh_clause"]:
            out.append(f"    en: {f['en_clause']}")
            out.append(f"    {f['lang']}: {f['zh_clause']}")
    return "\n".join(out)
