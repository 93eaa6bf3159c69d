"""`python -m query schedule NAME VALUE` (banded schedules of the national regulations) and
`python -m query vp IMPS --boards N` (WBF IMP-to-VP scale, Taiwan regulations 第八二條)."""
from __future__ import annotations

import argparse

from query.graph import shared
from query.inputs import real, whole
from query.scoring.schedules import banded, imp_to_vp, list_schedules


def add_parser(sub) -> list[str]:
    p = sub.add_parser("schedule", help="look a value up in a schedule of the regulations (late arrival, overtime ...)")
    p.add_argument("name", nargs="?", help="DOC:SCHEDULE, e.g. ccba2018:late-arrival-teams-vp")
    p.add_argument("value", nargs="?", type=real(), help="the value to look up, e.g. minutes late")
    p.add_argument("--list", action="store_true", help="list the schedules in the graph")
    p.add_argument("--json", action="store_true")
    v = sub.add_parser("vp", help="convert an IMP margin to victory points (WBF scale, Taiwan regulations 82)")
    v.add_argument("imps", type=whole(), help="IMP margin (negative: the first team lost)")
    v.add_argument("--boards", type=whole(1, 999), required=True, help="boards in the match")
    v.add_argument("--json", action="store_true")
    return ["schedule", "vp"]


def run(args: argparse.Namespace) -> dict:
    from query.errors import BadInput
    g = shared()
    if args.command == "vp":
        return imp_to_vp(g, args.imps, args.boards)
    if args.list or not args.name:
        return {"schedules": list_schedules(g)}
    if args.value is None:
        raise BadInput("give a value to look up, e.g. `schedule ccba2018:late-arrival-teams-vp 12`")
    return banded(g, args.name, args.value)


def render(r: dict) -> str:
    if "schedules" in r:
        return "\n".join(f"{s['schedule']}: {s['titles'].get('en', '')} / "
                         f"{s['titles'].get('zh-Hans') or s['titles'].get('zh-Hant', '')}" for s in r["schedules"])
    if "vp" in r:
        return f"{r['imps']} IMPs over {r['boards']} boards: {r['vp'][0]:g} - {r['vp'][1]:g} VP ({', '.join(r['citations'])})"
    return (f"{r['value']:g} {r['unit'] or ''} -> row {r['row']}: {r['condition'] or ''} => {r['consequence'] or ''}"
            f" ({', '.join(r['citations'])})")
