"""`python -m query score CONTRACT (--vul | --nv) --tricks N [--json]` (Law 77) and
`python -m query imps DIFF [--json]` (Law 78B): scoring as code over the graph's tables
(ontology/schedules/). Bad contracts (8S, 4Z), tricks outside 0-13: one-line error, exit 2."""
from __future__ import annotations

import argparse

from query.errors import BadInput
from query.inputs import whole
from query.scoring.laws import imps, score


def add_parser(sub) -> list[str]:
    p = sub.add_parser("score", help="the score of a contract (Law 77 scoring table)")
    p.add_argument("contract", help="contract: level, denomination (C D H S NT), X or XX; or PASS (e.g. 4SX, 3NT, 6HXX)")
    vul = p.add_mutually_exclusive_group()
    vul.add_argument("--vul", action="store_true", help="declarer's side is vulnerable")
    vul.add_argument("--nv", action="store_true", help="declarer's side is not vulnerable (the default)")
    p.add_argument("--tricks", type=whole(0, 13), help="tricks taken by declarer (0-13)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    q = sub.add_parser("imps", help="IMPs for a point difference (Law 78B scale)")
    q.add_argument("diff", type=whole(), help="the point difference (negative for a loss)")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    return ["score", "imps"]


def run(args: argparse.Namespace) -> dict:
    if args.command == "imps":
        return imps(args.diff)
    return score(args.contract, vulnerable=bool(args.vul), tricks=args.tricks)


def render(r: dict) -> str:
    if "imps" in r:
        return f"{r['diff']} points = {r['imps']} IMPs (Law 78B)"
    lines = [f"{r['contract']} {'vulnerable' if r['vulnerable'] else 'not vulnerable'}"
             + (f", {r['tricks']} tricks" if r['tricks'] is not None else "") + f": {r['score']:+d} (Law 77)"]
    for i in r["breakdown"]:
        lines.append(f"  {i['item']}: {i['count']} x {i['per']} = {i['points']:+d}")
    return "\n".join(lines)


__all__ = ["add_parser", "run", "render", "BadInput"]
