"""`python -m query rule` (DESIGN.md section 7): a step-by-step ruling.

- `rule "TEXT" [--lang L] [--answer FACT=VALUE ...]`: a director's own words, read by the scenario
  reader (query/rulings/scenario/, docs/scenario-reader.md); the answer adds `understood` (facts
  and their source spans) and `missing` (questions with options). `--lang` defaults to the
  language of the text; `--answer` (repeatable) continues a ruling with the user's answers.
- `rule --facts FILE`: the facts of a scenario as JSON (docs/scenario-facts.md).
- `rule --batch FILE`: one plain-language scenario or one JSON facts object per line; one JSON
  object per line out, in order, the graph and pipelines loaded once. A line that cannot be ruled
  gets {"error", "missing"} in its place and the batch goes on (an empty line too: line N out answers
  line N in); the exit code is 0 when the file could be read, with one `note:` on stderr.
"""
from __future__ import annotations

import argparse
import sys

from query.errors import BadInput
from query.graph import shared
from query.inputs import batch_lines, dumps, load_json, read_file, text as checked_text
from query.rulings.reasoner import LANGS, rule


def add_parser(sub) -> str:
    p = sub.add_parser("rule", help="a step-by-step ruling for a scenario, in plain words or as facts (rules-as-code)")
    p.add_argument("text", nargs="?", help="a plain-language scenario (what was understood is shown)")
    p.add_argument("--facts", help="a JSON file of facts (docs/scenario-facts.md), or a golden scenario file")
    p.add_argument("--batch", help="a file with one scenario per line: plain words or a facts JSON object")
    p.add_argument("--lang", default=None, help="language of the answer: en, zh-Hant, zh-Hans (default: the text's)")
    p.add_argument("--answer", action="append", default=[], metavar="FACT=VALUE",
                   help="an answer to a question of an earlier ruling (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object (one per line with --batch)")
    return "rule"


def _lang(raw: str | None) -> str | None:
    if raw is None:
        return None
    for lang in LANGS:
        if raw.lower() == lang.lower():
            return lang
    raise BadInput(f"unknown --lang '{raw}' (en, zh-Hant, zh-Hans)")


def _answers(items: list[str]) -> dict:
    out = {}
    for item in items:
        item = checked_text(item, "--answer", 2000)
        if "=" not in item:
            raise BadInput(f"--answer '{item[:40]}' is not FACT=VALUE")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def run(args: argparse.Namespace):
    lang = _lang(args.lang)
    given = [x for x in (args.text, args.facts, args.batch) if x is not None]
    if len(given) != 1:
        raise BadInput("give exactly one of \"TEXT\", --facts FILE, --batch FILE")
    answers = _answers(args.answer)
    if answers and args.text is None:
        raise BadInput("--answer continues a plain-language ruling: give \"TEXT\" too")
    if args.text is not None:
        from query.rulings.scenario import rule_text
        out = rule_text(shared(), args.text, lang, answers)
        if out.get("error") and not out.get("steps"):
            # cannot be ruled (what was read, or an --answer, contradicts itself): on the command line
            # that is the one-line error and exit 2 (docs/scenario-reader.md); a batch keeps
            # {"error", "missing"} in the line's place, and the chat asks its question
            raise BadInput(out["error"])
        return out
    if args.facts:
        return rule(shared(), load_json(read_file(args.facts, "facts file"), "facts file"), lang or "en")
    return _batch(args.batch, lang, args.json)


def _batch(path: str, lang: str | None, as_json: bool):
    """Line N of the output answers line N of the file (query.inputs splits on "\n" only; an empty line
    is answered too); equal lines get equal answers, so an error does not name its line: its place does.
    One note on stderr at the end counts the lines that could not be ruled."""
    from query.rulings.scenario import rule_text
    lines = batch_lines(read_file(path, "batch file"))
    g = shared()
    failed = []
    for n, line in enumerate(lines, 1):
        try:
            if not line.strip():
                raise BadInput("empty line")
            if line.lstrip().startswith("{"):
                out = rule(g, load_json(line, "the line"), lang or "en")
            else:                                   # a plain-language scenario
                out = rule_text(g, line, lang)
        except BadInput as e:
            failed.append(n)
            out = {"error": str(e).splitlines()[0], "missing": []}
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
    if "error" in r and "steps" not in r:
        return f"error: {r['error']}"
    if r.get("kind") == "law_question":
        return r["note"]
    out = []
    if "understood" in r:
        facts = r["understood"]["facts"]
        out.append("understood: " + ("; ".join(f"{k}={dumps(v)}" for k, v in facts.items()) or "nothing"))
    if r.get("error"):
        out.append(f"error: {r['error']}")
    for i, s in enumerate(r["steps"], 1):
        out.append(f"{i}. {_cite(s['provision'])} [{s['strength'] or '-'}] {s['conclusion']}")
        out.append(f"     \u201c{s['text']}\u201d")
    if r["rectifications"]:
        out.append("rectifications: " + "; ".join(
            f"{x['type']}{' x' + str(x['count']) if 'count' in x else ''} ({x['provision']})" for x in r["rectifications"]))
    for j in r["judgement"]:
        out.append(f"judgement ({_cite(j['provision'])}): {j['question']}")
    for m in r["missing"]:
        opts = " / ".join(str(o["label"]) if isinstance(o, dict) else str(o) for o in m.get("options", []))
        out.append(f"missing {m['fact']}: {m['question']}" + (f" [{opts}]" if opts else ""))
    if r.get("presumed"):
        out.append("presumed: " + ", ".join(f"{k}={dumps(v)}" for k, v in r["presumed"].items()))
    out.append("citations: " + ", ".join(r["citations"]))
    for f in r.get("further", []):
        out.append(f"then {f['irregularity']}: " + (f.get("error") or ", ".join(f["citations"]) or "(questions)"))
    return "\n".join(out)
