"""The hand-written synonym table, `query/search/data/synonyms.tsv`: English, Taiwan and mainland
words for the same bridge thing (dummy / 夢家 / 明手). Read by the glossary (query expansion) and by
the tokenizer (jieba keeps the Chinese words whole); a module of its own so neither imports the other."""
from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SYNONYMS = DATA / "synonyms.tsv"
LANGS = ("en", "zh-Hant", "zh-Hans")


@lru_cache(maxsize=1)
def synonym_rows(path: Path = SYNONYMS) -> list[dict]:
    """The synonym table: [{"en": [...], "zh-Hant": [...], "zh-Hans": [...], "note": ...}]."""
    rows = []
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    for rec in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        row = {lang: [w.strip() for w in (rec.get(lang) or "").split(";") if w.strip()] for lang in LANGS}
        row["note"] = (rec.get("note") or "").strip()
        if any(row[lang] for lang in LANGS):
            rows.append(row)
    return rows
