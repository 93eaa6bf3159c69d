"""The measurement of plain-language rulings (`python -m query eval-rulings`, issue 10).

Reads the labelled scenario sets, the development sets tests/data/rulings_dev*.jsonl and the held-out
tests/data/rulings_heldout.jsonl (JSONL rows: id, lang, text, kind in complete | missing_fact | law_question | irregularities
(a story labelled with its irregularities only, measured by wrong_irregularity and further_unlabelled), irregularities in order,
must_cite, rectifications, missing, half), runs each text through the reader and the reasoner
(query.rulings.scenario.rule_text, in the row's language) and reports, per language and per half:

- cite_all: share of complete scenarios whose answer cites every must_cite provision (a more
  specific id covers its ancestors: 27B1(a) cites 27B1, 27B and 27; the answer's citations are
  those of the ruling and of the further irregularities it rules);
- wrong_irregularity: share of rows with a labelled irregularity where the reader ruled (did not
  ask what the irregularity was) on another kind than the labelled first one;
- asks_when_complete: share of complete scenarios answered with a question;
- asks_when_missing: share of missing_fact scenarios answered with a question;
- law_questions: share of law_question rows recognised as questions about the Laws;
- rect_all: share of complete scenarios whose answer has every labelled rectification type;
- further_unlabelled: share of the further irregularities ruled (the story's second, third …) whose kind is
  not among the row's labelled irregularities: a further ruling is shown as confidently as the first, so
  this bounds the confident further rulings on something the writer did not see (writers label what the
  ruling needs, so some are real);
- facts_read, facts_wrong, facts_asked: over the facts labelled in rows of kind `facts` (a short story
  that states one to three facts, tests/data/rulings_facts*.jsonl), the share the reader understood with
  the labelled value, understood with another value (the worst outcome), or asked about.
"""
from __future__ import annotations

import re
from pathlib import Path

from query.errors import BadInput

ROOT = Path(__file__).resolve().parent.parent.parent
# development sets, each by another blind writer and checked by a second reader (tuned on), and the
# held-out half of the first (never tuned on); docs/scenario-reader.md tells their story
SETS = {half: ROOT / "tests" / "data" / f"rulings_{half}.jsonl" for half in ("dev", "dev2", "dev3", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev16", "dev17", "dev20", "multi19", "facts15", "heldout", "dev16_measured", "dev17_measured", "dev20_measured", "multi18_measured")}
_PART = re.compile(r"^\d+|[A-Z]|\d+|\([a-z]+\)")


def ancestors(pid: str) -> set[str]:
    """27B1(a) -> {27B1(a), 27B1, 27B, 27}; ids with a document prefix or no law number stay whole."""
    if not pid[:1].isdigit():
        return {pid}
    parts = _PART.findall(pid)
    if "".join(parts) != pid:
        return {pid}
    return {"".join(parts[:k]) for k in range(1, len(parts) + 1)}


def covered(cited: list[str]) -> set[str]:
    out: set[str] = set()
    for c in cited:
        out |= ancestors(c)
    return out


def load(path: Path) -> list[dict]:
    from query.inputs import batch_lines, load_json, read_file
    rows = []
    for n, line in enumerate(batch_lines(read_file(path, "rulings set")), 1):
        if not line.strip():
            continue
        row = load_json(line, f"{path.name} line {n}")
        if not isinstance(row, dict) or not {"id", "lang", "text", "kind"} <= set(row):
            raise BadInput(f"{path.name} line {n}: a row needs id, lang, text and kind")
        rows.append(row)
    return rows


def judge(row: dict, answer: dict) -> dict:
    """One row's outcome."""
    cited = list(answer.get("citations", []))
    rects = {r["type"] for r in answer.get("rectifications", [])}
    for f in answer.get("further", []):
        cited += f.get("citations", [])
        rects |= {r["type"] for r in f.get("rectifications", [])}
    # the options the Director explains (Law 10C1) are ruled in full, but a complete story should not need
    # them: they are counted in a measure of their own (cite_all_with_options), never in cite_all
    optioned = list(cited)
    for part in [answer] + answer.get("further", []):
        for b in (part.get("options") or {}).get("branches", []):
            optioned += b["citations"]
    asked = bool(answer.get("missing"))
    asked_kind = any(m.get("fact") == "irregularity" for m in answer.get("missing", []))
    ruled = (answer.get("irregularities") or [None])[0] if not asked_kind else None
    labelled = (row.get("irregularities") or [None])[0]
    need = set(row.get("must_cite") or [])
    read = (answer.get("understood") or {}).get("facts", {})
    asked_facts = {m.get("fact") for m in answer.get("missing", [])}
    facts = {k: "read" if k in read and read[k] == v else "wrong" if k in read else "asked" if k in asked_facts else "unused"
             for k, v in (row.get("facts") or {}).items()}
    return {"id": row["id"], "lang": row["lang"], "half": row.get("half"), "kind": row["kind"],
            "law_question": answer.get("kind") == "law_question", "asked": asked, "asked_kind": asked_kind,
            "ruled": ruled, "labelled": labelled, "wrong": bool(labelled and ruled and ruled != labelled),
            "cites_all": need <= covered(cited), "missing_cites": sorted(need - covered(cited)),
            "cites_all_with_options": need <= covered(optioned),
            "rects_all": set(row.get("rectifications") or []) <= rects, "citations": cited, "facts": facts,
            "further_unlabelled": [f["irregularity"] not in (row.get("irregularities") or []) for f in answer.get("further", [])]}


def _share(xs: list[bool]) -> dict:
    return {"n": len(xs), "share": round(sum(xs) / len(xs), 3) if xs else None}


def summarize(results: list[dict]) -> dict:
    comp = [r for r in results if r["kind"] == "complete"]
    miss = [r for r in results if r["kind"] == "missing_fact"]
    lawq = [r for r in results if r["kind"] == "law_question"]
    lab = [r for r in results if r["labelled"] and r["kind"] != "law_question"]
    told = [outcome for r in results if r["kind"] == "facts" for outcome in r["facts"].values()]
    return {"rows": len(results), "cite_all": _share([r["cites_all"] for r in comp]),
            "cite_all_with_options": _share([r["cites_all_with_options"] for r in comp]),
            "wrong_irregularity": _share([r["wrong"] for r in lab]),
            "asks_when_complete": _share([r["asked"] for r in comp]),
            "asks_when_missing": _share([r["asked"] for r in miss]),
            "law_questions": _share([r["law_question"] for r in lawq]),
            "rect_all": _share([r["rects_all"] for r in comp]),
            "further_unlabelled": _share([u for r in results for u in r.get("further_unlabelled", [])]),
            **{f"facts_{o}": _share([t == o for t in told]) for o in ("read", "wrong", "asked")}}


def evaluate(g, sets: dict[str, Path] | None = None) -> dict:
    from query.rulings.scenario import rule_text
    sets = sets or SETS
    out: dict = {"files": {}, "halves": {}}
    per_row = []
    for half, path in sets.items():
        if not path.exists():
            out["files"][half] = f"absent: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
            continue
        rows = load(path)
        out["files"][half] = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path} ({len(rows)} rows)"
        results = []
        for row in rows:
            lang = row["lang"] if row["lang"] in ("en", "zh-Hant", "zh-Hans") else None
            try:
                answer = rule_text(g, row["text"], lang)
            except BadInput as e:
                answer = {"error": str(e), "missing": [], "citations": []}
            results.append(judge(row, answer))
        per_lang = {lang: summarize([r for r in results if r["lang"] == lang]) for lang in sorted({r["lang"] for r in results})}
        out["halves"][half] = {"all": summarize(results), "per_lang": per_lang}
        per_row += results
    out["rows"] = per_row
    return out
