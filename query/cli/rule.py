"""`python -m query rule --facts FILE [--lang en|zh-Hant|zh-Hans] [--json]`: a step-by-step ruling
for the facts of a scenario (DESIGN.md section 7); `--batch FILE` rules on one facts JSON per line
and prints one JSON object per line, loading the graph and the rules once. `rule "TEXT"` reads a
plain-language scenario with a small keyword reader (query/rulings/scenario/keywords.py) and shows what it understood.

A bad line in a batch gives {"error": "..."} on its own output line (the command exits 0 once the
file was read); a bad --facts file is a one-line error, exit 2. Every input goes through query/inputs.py.
"""
from __future__ import annotations

import argparse
import json
import sys

from query.errors import BadInput
from query.rulings.facts import FactError, load_file
from query.graph import shared
from query.rulings.reasoner import LANGS, rule


def add_parser(sub) -> str:
    p = sub.add_parser("rule", help="a step-by-step ruling for a scenario's facts (rules-as-code)")
    p.add_argument("text", nargs="?", help="a plain-language scenario (a small keyword reader; what it understood is shown)")
    p.add_argument("--facts", help="a JSON file of facts (docs/scenario-facts.md), or a golden scenario file")
    p.add_argument("--batch", help="a file with one facts JSON object per line")
    p.add_argument("--lang", default="en", help="language of texts, conclusions and questions: en, zh-Hant, zh-Hans")
    p.add_argument("--json", action="store_true", help="print one JSON object (one per line with --batch)")
    return "rule"


def _lang(raw: str) -> str:
    for lang in LANGS:
        if raw.lower() == lang.lower():
            return lang
    raise BadInput(f"unknown --lang '{raw}' (en, zh-Hant, zh-Hans)")


def run(args: argparse.Namespace):
    lang = _lang(args.lang)
    given = [x for x in (args.text, args.facts, args.batch) if x]
    if len(given) != 1:
        raise BadInput("give exactly one of \"TEXT\", --facts FILE, --batch FILE")
    if args.text:
        return _plain(shared(), args.text, lang)
    if args.facts:
        return rule(shared(), load_file(args.facts), lang)
    return _batch(args.batch, lang, args.json)


def _plain(g, text: str, lang: str) -> dict:
    from query.rulings.scenario import rule_text
    return rule_text(g, text, lang)


def _batch(path: str, lang: str, as_json: bool):
    """One answer per line, in order: line N of the output answers line N of the file (query.inputs
    splits on "\n" only); a line that cannot be ruled gets {"error"} in its place. Exit 0 once the
    file was read; a note on stderr counts the lines that failed."""
    from query.inputs import batch_lines, dumps, load_json, read_file
    lines = batch_lines(read_file(path, "batch file"))
    g = shared()
    failed = []
    for n, line in enumerate(lines, 1):
        try:
            if not line.strip():
                raise BadInput("empty line")
            if line.lstrip().startswith("{"):
                out = rule(g, load_json(line, "the line"), lang)   # its place says which line
            else:                                   # a plain-language scenario
                out = _plain(g, line, lang)
        except BadInput as e:
            failed.append(n)
            out = {"error": str(e).splitlines()[0]}
        print(dumps(out) if as_json else render(out).replace("\n", " | "), flush=True)
    if failed:
        shown = ", ".join(map(str, failed[:10])) + (" ..." if len(failed) > 10 else "")
        print(f"note: {len(failed)} of {len(lines)} lines could not be ruled (line {shown}); see their \"error\"",
              file=sys.stderr)
    return None


def _cite(pid: str) -> str:
    """"Law 27B2" for the Laws; a regulation's document-prefixed id as it is (wbfalert2023:2(i))."""
    return pid if ":" in pid else f"Law {pid}"


def render(r: dict) -> str:
    if "error" in r:
        return f"error: {r['error']}"
    out = []
    if "parsed" in r:
        out.append("understood: " + "; ".join(r["parsed"]["recognised"]))
    for i, s in enumerate(r["steps"], 1):
        out.append(f"{i}. {_cite(s['provision'])} [{s['strength'] or '-'}] {s['conclusion']}")
        out.append(f"     \u201c{s['text']}\u201d")
    if r["rectifications"]:
        out.append("rectifications: " + "; ".join(
            f"{x['type']}{' x' + str(x['count']) if 'count' in x else ''} ({x['provision']})" for x in r["rectifications"]))
    for j in r["judgement"]:
        out.append(f"judgement ({_cite(j['provision'])}): {j['question']}")
    for m in r["missing"]:
        out.append(f"missing {m['fact']}: {m['question']}")
    if r["presumed"]:
        out.append("presumed: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in r["presumed"].items()))
    out.append("citations: " + ", ".join(r["citations"]))
    return "\n".join(out)
