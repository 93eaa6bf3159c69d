"""python -m ingest [--report] [--findings] [--json] [--out laws_ttl]: sources -> laws_ttl/,
validated by SHACL. Each document is built by its own module, listed in DOCUMENTS, exposing
`build(out) -> figures` and `print_report(figures, findings=False)`."""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from ingest.shacl import validate
from query.errors import BadInput
from query.inputs import arguments, dumps, one_line, quote

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ["ingest.sources.wbf2017", "ingest.sources.wbf1987", "ingest.sources.wbf2007",
             # after wbf2017, whose emitted ids they resolve references and index targets against
             "ingest.sources.ccba2018", "ingest.sources.twreg", "ingest.sources.wbf_policies", "ingest.sources.wbf2017_index", "ingest.extract.schedules"]


def build(out: Path, check: bool = True) -> dict:
    """Build every document into `out`, then SHACL-validate the whole graph once."""
    figures: dict = {}
    for name in DOCUMENTS:
        module = importlib.import_module(name)
        figures[name.rsplit(".", 1)[1]] = module.build(out)
    conforms, text = validate(out) if check else (None, "")
    figures["shacl_conforms"] = conforms
    figures["shacl_report"] = text[:4000] if conforms is False else ""
    return figures


def _shacl_word(conforms: bool | None) -> str:
    return {True: "conforms", False: "DOES NOT CONFORM", None: "not checked"}[conforms]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:   # one line, exit 2 (argparse would print the usage)
        raise BadInput(message)


def _out_dir(raw: str) -> Path:
    """--out: a folder that exists or can be made (checked before minutes of building)."""
    out = Path(raw)
    if not raw.strip() or "\x00" in raw:
        raise argparse.ArgumentTypeError(f"{quote(raw)} is not a folder name")
    try:                                  # a name the system refuses (too long ...) is an OSError
        if out.exists() and not out.is_dir():
            raise argparse.ArgumentTypeError(f"{quote(raw)} exists and is not a folder")
        parent = next((p for p in [out, *out.parents] if p.exists()), Path("."))
        writable = parent.is_dir() and os.access(parent, os.W_OK)
    except OSError as e:
        raise argparse.ArgumentTypeError(f"{quote(raw)} is not a usable folder name ({e.strerror})") from None
    if not writable:
        raise argparse.ArgumentTypeError(f"cannot write into {quote(raw)}")
    return out


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The arguments, through the one input decoder (query/inputs.py); bad ones raise BadInput."""
    ap = _Parser(prog="python -m ingest", description=__doc__)
    ap.add_argument("--report", action="store_true", help="print the fidelity figures")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    ap.add_argument("--out", type=_out_dir, default=ROOT / "laws_ttl", help="output folder (default laws_ttl/)")
    ap.add_argument("--findings", action="store_true",
                    help="print the translation consistency report: per provision, where a Chinese text differs")
    ap.add_argument("--no-shacl", action="store_true", help="skip SHACL validation (development only)")
    return ap.parse_args(arguments(argv))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = parse_args(argv)
    except BadInput as e:                # the command-line contract (DESIGN.md section 7): one line, exit 2
        message = one_line(str(e))
        print(f"error: {message}", file=sys.stderr)
        if "--json" in argv:
            print(dumps({"error": message}))
        return 2
    fig = build(Path(args.out), check=not args.no_shacl)
    if args.json:
        print(dumps(fig))
    elif args.report or args.findings:
        for name in DOCUMENTS:
            doc = name.rsplit(".", 1)[1]
            print(f"== {doc}")
            importlib.import_module(name).print_report(fig[doc], findings=args.findings)
        print(f"SHACL: {_shacl_word(fig['shacl_conforms'])}")
        if fig["shacl_conforms"] is False:
            print(fig["shacl_report"])
    else:
        docs = ", ".join(f"{d} ({fig[d]['provisions']} provisions)" for d in (n.rsplit('.', 1)[1] for n in DOCUMENTS))
        print(f"wrote {args.out}: {docs}; SHACL {_shacl_word(fig['shacl_conforms'])}")
    return 1 if fig["shacl_conforms"] is False else 0


if __name__ == "__main__":
    sys.exit(main())
