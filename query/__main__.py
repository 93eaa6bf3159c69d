"""python -m query COMMAND ...: the command-line contract of DESIGN.md section 7.

Bad input exits 2 with a one-line error on stderr (and {"error": ...} on stdout with --json);
never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

from .lookup import LookupError_, law


class UsageError(ValueError):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:   # one line, exit 2 (argparse would print the usage)
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="python -m query", description="Look up the Laws of Duplicate Bridge graph.")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("law", help="a provision's texts, strength, references out and in")
    p.add_argument("id", help="provision id as in the Laws' Index: 27, 27B, 27B1(a), Definitions")
    p.add_argument("--doc", default=None, help="document (default wbf2017)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return ap


def _print_law(r: dict) -> None:
    print(f"{r['doc']}:{r['provision']}")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = r["texts"].get(lang)
        state = r["states"].get(lang, "")
        title = r["titles"].get(lang, "")
        print(f"[{lang}] ({state}) {title}")
        print(f"  {text if text else '(no text in this language)'}")
    if r["cites"]:
        print("cites: " + ", ".join(f"{c['provision']} ({'/'.join(c['types'])})" for c in r["cites"]))
    if r["cited_by"]:
        print("cited by: " + ", ".join(c["provision"] for c in r["cited_by"]))
    levels = sorted({s["level"] for s in r["strength"] if s["lang"] == "en"})
    if levels:
        print("strength (en): " + ", ".join(levels))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    as_json = "--json" in argv
    try:
        args = _parser().parse_args(argv)
        from .graph import shared
        if args.command == "law":
            result = law(shared(), args.id, args.doc)
            if as_json:
                print(json.dumps(result, ensure_ascii=False))
            else:
                _print_law(result)
        return 0
    except (UsageError, LookupError_, ValueError) as e:
        message = str(e).splitlines()[0] if str(e) else e.__class__.__name__
        print(f"error: {message}", file=sys.stderr)
        if as_json:
            print(json.dumps({"error": message}, ensure_ascii=False))
        return 2


if __name__ == "__main__":
    sys.exit(main())
