"""`python -m query schedule NAME VALUE` (banded schedules of the national regulations) and
`python -m query vp IMPS --boards N` (WBF IMP-to-VP scale, Taiwan regulations 第八二條)."""
from __future__ import annotations

import argparse

from query.graph import shared
from query.inputs import real, whole
from query.scoring.schedules import banded, category, imp_to_vp, list_schedules


def add_parser(sub) -> list[str]:
    p = sub.add_parser("schedule", help="look a value up in a schedule of the regulations (late arrival, overtime ...)")
    p.add_argument("name", nargs="?", help="DOC:SCHEDULE, e.g. ccba2018:late-arrival-teams-vp")
    p.add_argument("value", nargs="?", type=real(), help="the value to look up, e.g. minutes late")
    p.add_argument("--variant", help="which variant of the table applies, e.g. vp or knockout (Taiwan 11); "
                   "without it, a schedule whose variants disagree asks")
    p.add_argument("--offence", type=whole(1, 99), help="which offence it is, for a category that escalates "
                   "(CCBA 51, category 4: 1, 2, 3 = a further offence)")
    p.add_argument("--lang", choices=["en", "zh-Hant", "zh-Hans"], default="en", help="language of a question")
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
    if args.offence is not None:
        return category(g, args.name, args.value, args.offence, args.lang)
    return banded(g, args.name, args.value, args.variant, args.lang)


def render(r: dict) -> str:
    if "schedules" in r:
        return "\n".join(f"{s['schedule']}: {s['titles'].get('en', '')} / "
                         f"{s['titles'].get('zh-Hans') or s['titles'].get('zh-Hant', '')}" for s in r["schedules"])
    if "vp" in r:
        return f"{r['imps']} IMPs over {r['boards']} boards: {r['vp'][0]:g} - {r['vp'][1]:g} VP ({', '.join(r['citations'])})"
    if "missing" in r:
        return "\n".join([f"{r['value']:g}: " + m["question"] for m in r["missing"]]
                         + [f"  --{m['fact']} {o['value']}: {o['label']}" for m in r["missing"] for o in m["options"]]
                         + [f"({', '.join(r['citations'])})"])
    if "category" in r:
        src = r["source"]
        return (f"category {r['category']} -> row {r['row']}: {r['condition'] or ''} => {r['consequence'] or ''}"
                f" ({', '.join(r['citations'])}; {src['file']} line {src['lines'][0]})")
    variant = f" [{r['variant']['label']}]" if r.get("variant") else (
        f" [the same in every variant: {', '.join(r['variants'])}]" if r.get("variants") else "")
    return (f"{r['value']:g} {r['unit'] or ''} -> row {r['row']}{variant}: {r['condition'] or ''} => {r['consequence'] or ''}"
            f" ({', '.join(r['citations'])})")
