"""CSV (UTF-8 with a BOM, so spreadsheets open the Chinese right; Google Forms and spreadsheet
imports read it): one row per question, options in columns, the key as a letter and as text."""
from __future__ import annotations

import csv
import io

from query.quiz.exports import citations_text
from query.quiz.item import Question

COLUMNS = ["id", "type", "lang", "edition", "difficulty", "stem", "option_a", "option_b", "option_c", "option_d",
           "answer", "answer_text", "explanation", "citations", "laws", "topics"]


def write(questions: list[Question], lang: str) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for q in questions:
        opts = (q.options + ["", "", "", ""])[:4]
        w.writerow([q.id, q.type, q.lang, q.edition, q.difficulty, q.stem, *opts, "ABCD"[q.answer], q.key,
                    q.explanation, citations_text(q), " ".join(map(str, q.laws)), " ".join(q.topics)])
    return ("\ufeff" + buf.getvalue()).encode("utf-8")
