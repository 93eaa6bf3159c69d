"""`python -m query eval-rulings [--json] [--rows]`: how well plain-language rulings match the labelled
scenario sets (the development sets tests/data/rulings_dev*.jsonl and the held-out
tests/data/rulings_heldout.jsonl), per language and per set: must-cite coverage, wrong-irregularity
rate, questions asked (query/rulings/evaluate.py)."""
from __future__ import annotations

import argparse

# every accepted run rules 690 scenarios (seconds): the property suite runs this function for real a few
# times and gives later accepted calls a copy of its result (tests/query/cli/test_hostile_input.py)
COSTLY_RUN = ("query.rulings.evaluate", "evaluate")


def add_parser(sub) -> str:
    p = sub.add_parser("eval-rulings", help="plain-language rulings against the labelled scenario sets")
    p.add_argument("--rows", action="store_true", help="also list every row's outcome")
    p.add_argument("--json", action="store_true", help="print JSON")
    return "eval-rulings"


def run(args: argparse.Namespace) -> dict:
    from query.graph import shared
    from query.rulings.evaluate import evaluate
    out = evaluate(shared())
    if not args.rows:
        out.pop("rows")
    return out


def _fmt(x: dict) -> str:
    return "-" if x["share"] is None else f"{x['share']:.3f} (n={x['n']})"


def render(r: dict) -> str:
    lines = [f"{half}: {state}" for half, state in r["files"].items()]
    cols = ["cite_all", "wrong_irregularity", "asks_when_complete", "asks_when_missing", "law_questions", "rect_all",
            "cite_all_with_options", "further_unlabelled", "facts_read", "facts_wrong", "facts_asked"]
    for half, h in r["halves"].items():
        lines.append(f"\n{half}  " + "  ".join(cols))
        for name, s in [("all", h["all"])] + list(h["per_lang"].items()):
            lines.append(f"  {name:8} " + "  ".join(_fmt(s[c]) for c in cols))
    for row in r.get("rows", []):
        if row["kind"] == "complete" and not row["cites_all"] or row["wrong"]:
            lines.append(f"  {row['id']}: ruled {row['ruled']} (labelled {row['labelled']}), missing {row['missing_cites']}")
    return "\n".join(lines)
