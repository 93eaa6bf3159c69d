"""`python -m query law ID [--doc DOC] [--json]`: a provision's texts, strength, references."""
from __future__ import annotations

import argparse

from query.graph import shared
from query.lookup import law


def add_parser(sub) -> str:
    p = sub.add_parser("law", help="a provision's texts, strength, references out and in")
    p.add_argument("id", help="provision id as in the Laws' Index: 27, 27B, 27B1(a), Definitions; "
                              "older editions with a prefix: wbf1987:27B, wbf2007:16D2")
    p.add_argument("--doc", default=None, help="document (default wbf2017)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return "law"


def run(args: argparse.Namespace) -> dict:
    return law(shared(), args.id, args.doc)


def render(r: dict) -> str:
    out = [f"{r['doc']}:{r['provision']}"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = r["texts"].get(lang)
        out.append(f"[{lang}] ({r['states'].get(lang, '')}) {r['titles'].get(lang, '')}")
        out.append(f"  {text if text else '(no text in this language)'}")
    for lead in r.get("lead_in", []):        # a list item: the words it is read with
        out.append(f"lead-in ({lead['provision']}): {lead['texts'].get('en') or next(iter(lead['texts'].values()), '')}")
    parts = (r.get("full_text") or {}).get("en") or []
    if len(parts) > 1:                        # a law or section: read it whole
        out.append("full text (en):")
        out += [f"  {p['provision']}  {p['text']}" for p in parts]
    if r["cites"]:
        out.append("cites: " + ", ".join(f"{c['provision']} ({'/'.join(c['types'])})" for c in r["cites"]))
    if r["cited_by"]:
        out.append("cited by: " + ", ".join(c["provision"] for c in r["cited_by"]))
    levels = sorted({s["level"] for s in r["strength"] if s["lang"] == "en"})
    if levels:
        out.append("strength (en): " + ", ".join(levels))
    for row in r.get("lineage", []):         # an older edition's provision: its 2017 counterpart(s)
        out.append(f"2017: {row['wbf2017'] or '-'} ({row['correspondence']}): {row['evidence']}")
    if r.get("doc") == "wbf2017" and r.get("editions"):
        out.append("other editions: " + ", ".join(f"{e['doc']}:{e['provision']} ({e['correspondence']})"
                                                  for e in r["editions"]))
    return "\n".join(out)
