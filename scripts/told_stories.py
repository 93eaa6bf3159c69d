"""Writes query/rulings/scenario/told_stories.jsonl, the labelled stories the reader's second opinion
compares a story with (query/rulings/scenario/told_like.py): the reader's replay cases and every row of
a blind set's tuning half ("half": "dev") that names an irregularity. Rows of a measured or held-out
half are never included. Run it after adding replay cases or a tuning half:

    .venv/bin/python scripts/told_stories.py
"""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "query" / "rulings" / "scenario" / "replay_cases.json"
OUT = ROOT / "query" / "rulings" / "scenario" / "told_stories.jsonl"


def stories() -> list[dict]:
    out = [{"kind": c["irregularities"][0], "text": c["text"], "from": f"replay_cases.json: {c['name']}"}
           for c in json.loads(CASES.read_text(encoding="utf-8")) if c.get("irregularities")]
    for path in sorted((ROOT / "tests" / "data").glob("rulings_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if row.get("half") == "dev" and row.get("irregularities"):
                out.append({"kind": row["irregularities"][0], "text": row["text"], "from": f"{path.name}: {row['id']}"})
    return out


if __name__ == "__main__":
    rows = stories()
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} stories, {len({r['kind'] for r in rows})} irregularities")
