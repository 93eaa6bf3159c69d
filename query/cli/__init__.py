"""python -m query COMMAND ...: the command-line contract of DESIGN.md section 7.

This package is the dispatcher. Each command lives in its own module (`query/cli/<command>.py`) exposing
`add_parser(subparsers)` (returning its command name, or a list of names) and `run(args) -> dict`,
and is listed in COMMANDS.
Bad input exits 2 with a one-line error on stderr (and {"error": ...} on stdout with --json);
never a traceback. Every argument goes through the one input decoder (query/inputs.py) before
argparse sees it; output JSON is strict (`inputs.dumps`); stdout is UTF-8; a reader that closes
the pipe early (`| head`) ends the command quietly. A failure that is not the user's (a bug) is one
line too, "internal error", exit 1 (QUERY_DEBUG=1 shows the traceback).

The property suite (tests/query/cli/test_hostile_input.py) runs every command listed here on
generated hostile input. A command module may declare, for it:
  SERVER = True            the command serves until stopped (tested by its own tests, not there);
  COSTLY_OPTIONS = (...)   options never generated (e.g. --force: rebuilds the index for minutes);
  COSTLY_WITHOUT = (...)   options always given (e.g. --queries: the default set takes seconds).
  COSTLY_RUN = (MODULE, FUNCTION)  every accepted run takes seconds in that function (eval-rulings):
                           it runs for real a few times, later accepted calls reuse its result.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from query.errors import BadInput
from query.inputs import arguments, dumps, one_line

# command modules, in the order `--help` lists them
COMMANDS = ["query.cli.law", "query.cli.schedule", "query.cli.search", "query.cli.eval_search", "query.cli.build_index",
            "query.cli.rule", "query.cli.eval_rulings", "query.cli.score", "query.cli.findings",
            "query.cli.serve", "query.cli.sparql",
            "query.cli.quiz"]


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):     # no abbreviations: "--js" is not silently "--json"
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

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


def _utf8() -> None:
    """stdout is UTF-8 whatever the locale says; stderr never fails on a character."""
    for stream, errors in ((sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors=errors)


def fail(message: str, as_json: bool, code: int = 2) -> int:
    """The one-line error of the contract: stderr, and {"error"} on stdout with --json."""
    message = one_line(message) or "error"
    print(f"error: {message}", file=sys.stderr)
    if as_json:
        print(dumps({"error": message}))
    return code


def _closed_pipe() -> int:
    """The reader went away (`python -m query rule ... | head`): no traceback, and none at exit either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):     # not a real file (tests)
        pass
    return 141                                        # as a shell reports a command ended by SIGPIPE


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    as_json = "--json" in argv
    try:
        _utf8()
        ap, runners = _parser()
        args = ap.parse_args(arguments(argv))
        module = runners[args.command]
        result = module.run(args)
        if result is not None:
            print(dumps(result) if as_json else module.render(result))
        sys.stdout.flush()
        return 0
    except BadInput as e:
        return fail(str(e) or e.__class__.__name__, as_json)
    except BrokenPipeError:
        return _closed_pipe()
    except Exception as e:                            # a bug, not the user's input: still one line
        if os.environ.get("QUERY_DEBUG"):
            raise
        return fail(f"internal error ({e.__class__.__name__}: {e}); please report it", as_json, 1)

