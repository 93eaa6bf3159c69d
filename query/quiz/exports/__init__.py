"""Quiz exports, each in the form its users import: Moodle GIFT (gift.py), Moodle XML
(moodle.py), an Anki deck (anki.py, genanki), a printable HTML or PDF sheet with a separate
answer key (sheet.py), CSV (table.py), and the JSON of the command-line contract."""
from __future__ import annotations

import json

from query import inputs
from query.errors import BadInput
from query.quiz.item import LANGS, Question, law_of, say

# format -> (file extension, media type)
FORMATS = {"json": ("json", "application/json"), "gift": ("gift.txt", "text/plain"),
           "moodle-xml": ("xml", "application/xml"), "apkg": ("apkg", "application/octet-stream"),
           "html": ("html", "text/html"), "pdf": ("pdf", "application/pdf"), "csv": ("csv", "text/csv")}


def category(q: Question, lang: str) -> str:
    """The Moodle category of a question: its first law, else its topic (Definitions, Scoring)."""
    if q.laws:
        return say("category.law", lang, law=q.laws[0])
    topic = q.topics[0] if q.topics else "definitions"
    return say(f"topic.{topic}", lang)


def citations_text(q: Question) -> str:
    return ", ".join(q.citations)


def tags(q: Question) -> list[str]:
    return [f"law-{n}" for n in q.laws] + [f"topic-{t}" for t in q.topics] + [f"type-{q.type}",
                                                                              f"difficulty-{q.difficulty}"]


def as_json(questions: list[Question], lang: str) -> bytes:
    return json.dumps({"questions": [q.to_json() for q in questions]}, ensure_ascii=False, indent=1).encode("utf-8")


def export(questions: list[Question], fmt: str, lang: str) -> bytes:
    from query.quiz.exports import anki, gift, moodle, sheet, table
    writers = {"json": as_json, "gift": gift.write, "moodle-xml": moodle.write, "apkg": anki.write,
               "html": sheet.html, "pdf": sheet.pdf, "csv": table.write}
    if not isinstance(fmt, str) or fmt not in writers:
        raise BadInput(f"unknown format {inputs.quote(fmt)} (known: {', '.join(FORMATS)})")
    if not isinstance(lang, str) or lang not in LANGS:
        raise BadInput(f"unknown language {inputs.quote(lang)} (en, zh-Hant, zh-Hans)")
    return writers[fmt](questions, lang)


__all__ = ["FORMATS", "export", "category", "tags", "law_of"]
