"""`python -m query quiz [--laws 27,64] [--topics ...] [--types ...] [--count 20] [--lang L] [--seed N]
[--format json|gift|moodle-xml|apkg|html|pdf|csv] [--out FILE] [--json]`: an examiner's quiz
(query/quiz/, docs/quiz.md). Without --out, the text formats print to stdout (apkg and pdf need --out)."""
from __future__ import annotations

import argparse
import sys

from query import inputs
from query.errors import BadInput
from query.graph import shared
from query.inputs import text as read_text
from query.quiz.exports import FORMATS, export
from query.quiz.item import LANGS
from query.quiz.select import MAX_COUNT, MAX_SEED, build


def add_parser(sub) -> str:
    p = sub.add_parser("quiz", help="an examiner's quiz: keys from the graph and the reasoner, cited")
    p.add_argument("--laws", default="", help="comma-separated law numbers, e.g. 27,64")
    p.add_argument("--topics", default="", help="comma-separated topics (irregularities, definitions, scoring)")
    p.add_argument("--types", default="", help="comma-separated types: ruling, provision, xref, strength, truefalse, "
                                               "term, scoring")
    p.add_argument("--count", type=inputs.whole(1, MAX_COUNT, "a whole number of questions"), default=20)
    p.add_argument("--lang", default="en", help="en, zh-Hant or zh-Hans")
    p.add_argument("--seed", type=inputs.whole(0, MAX_SEED, "a whole-number seed"), default=0)
    p.add_argument("--format", default="json", help="json, gift, moodle-xml, apkg, html, pdf or csv")
    p.add_argument("--out", help="write the export to this file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return "quiz"


def _list(raw: str, what: str) -> list[str]:
    value = read_text(raw, what) if raw else ""
    return [x.strip() for x in value.split(",") if x.strip()]


def run(args: argparse.Namespace) -> dict | None:
    if args.format not in FORMATS:
        raise BadInput(f"unknown format '{args.format}' (known: {', '.join(FORMATS)})")
    if args.lang not in LANGS:
        raise BadInput(f"unknown language '{args.lang}' (en, zh-Hant, zh-Hans)")
    laws = []
    for raw in _list(args.laws, "--laws"):
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):     # no 5,000-digit or "²" law numbers
            raise BadInput(f"unknown law '{raw}' (give law numbers, e.g. 27,64)")
        laws.append(int(raw))
    questions = build(shared(), laws=laws, topic_list=_list(args.topics, "--topics"),
                      types=_list(args.types, "--types"), count=args.count, lang=args.lang, seed=args.seed)
    result = {"questions": [q.to_json() for q in questions], "format": args.format, "lang": args.lang,
              "seed": args.seed}
    if args.format == "json" and not args.out:
        return result
    data = export(questions, args.format, args.lang)
    if args.out:
        args.out = inputs.output_name(args.out)
        try:
            with open(args.out, "wb") as f:
                f.write(data)
        except OSError as e:
            raise BadInput(f"cannot write {args.out}: {e.strerror}") from None
        result["out"] = args.out
        return result if args.json else {"_message": f"{len(questions)} questions written to {args.out} ({args.format})"}
    if args.format in ("apkg", "pdf"):
        raise BadInput(f"--format {args.format} is binary: give --out FILE")
    if args.json:
        result["export"] = data.decode("utf-8")
        return result
    sys.stdout.write(data.decode("utf-8"))
    return None


def render(result: dict) -> str:
    if "_message" in result:
        return result["_message"]
    lines = []
    for n, q in enumerate(result["questions"], 1):
        lines.append(f"{n}. [{q['type']}] {q['stem']}")
        lines += [f"   {'ABCD'[i]}. {o}" for i, o in enumerate(q["options"])]
        lines.append(f"   key: {'ABCD'[q['answer']]} ({', '.join(q['citations'])})")
    return "\n".join(lines)
