"""python -m query COMMAND ...: the command-line contract of DESIGN.md section 7.

This package is the dispatcher. Each command lives in its own module (`query/cli/<command>.py`) exposing
`add_parser(subparsers)` (returning its command name, or a list of names) and `run(args) -> dict`,
and is listed in COMMANDS.
Bad input exits 2 with a one-line error on stderr (and {"error": ...} on stdout with --json);
never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys

from query.errors import BadInput

# command modules, in the order `--help` lists them
COMMANDS = ["query.cli.law", "query.cli.schedule", "query.cli.search", "query.cli.eval_search", "query.cli.build_index",
            "query.cli.rule", "query.cli.eval_rulings", "query.cli.score", "query.cli.findings",
            "query.cli.serve", "query.cli.sparql",
            "query.cli.quiz"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:   # one line, exit 2 (argparse would print the usage)
        raise BadInput(message)


def _parser() -> tuple[argparse.ArgumentParser, dict]:
    ap = _Parser(prog="python -m query", description="Look up the Laws of Duplicate Bridge graph.")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    runners = {}
    for name in COMMANDS:
        module = importlib.import_module(name)
        names = module.add_parser(sub)          # a command name, or a list of names (cmd_score: score, imps)
        for command in [names] if isinstance(names, str) else names:
            runners[command] = module
    return ap, runners


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    as_json = "--json" in argv
    try:
        ap, runners = _parser()
        args = ap.parse_args(argv)
        module = runners[args.command]
        result = module.run(args)
        if result is not None:
            print(json.dumps(result, ensure_ascii=False) if as_json else module.render(result))
        return 0
    except BadInput as e:
        message = str(e).splitlines()[0] if str(e) else e.__class__.__name__
        print(f"error: {message}", file=sys.stderr)
        if as_json:
            print(json.dumps({"error": message}, ensure_ascii=False))
        return 2

