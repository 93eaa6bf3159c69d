"""The one translation table of the interface (app/labels/labels.tsv): every label and message in
English, Traditional Chinese (Taiwan usage) and Simplified Chinese (mainland usage)."""
from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "labels" / "labels.tsv"
LANGS = ("en", "zh-Hant", "zh-Hans")
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}


@lru_cache(maxsize=1)
def table() -> dict[str, dict[str, str]]:
    """key -> {lang: text}; a row must give all three languages."""
    with open(TABLE, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    rows = {}
    for rec in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        missing = [lang for lang in LANGS if not (rec.get(lang) or "").strip()]
        if missing:
            raise ValueError(f"labels.tsv: {rec['key']} has no text in {', '.join(missing)}")
        rows[rec["key"]] = {lang: rec[lang].strip() for lang in LANGS}
    return rows


def t(key: str, lang: str = "en", **values: object) -> str:
    """The label `key` in `lang` (English when the language is unknown), placeholders filled."""
    row = table()[key]
    text = row.get(lang) or row["en"]
    return text.format(**values) if values else text
