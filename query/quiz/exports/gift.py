"""Moodle GIFT: one $CATEGORY per law, each question named by its stable id, the options with
feedback citing the provision, and general feedback (####) quoting it.
Format: https://docs.moodle.org/en/GIFT_format"""
from __future__ import annotations

from query.quiz.exports import category, citations_text
from query.quiz.item import Question, say

_SPECIAL = "\\~=#{}:"


def escape(text: str) -> str:
    out = "".join("\\" + c if c in _SPECIAL else c for c in text)
    return out.replace("\r", "").replace("\n", "\\n")


def write(questions: list[Question], lang: str) -> bytes:
    lines = ["// Laws of Duplicate Bridge quiz (python -m query quiz); keys from the graph and the reasoner", ""]
    current = None
    for q in sorted(questions, key=lambda q: (category(q, lang), 0)):
        cat = category(q, lang)
        if cat != current:
            lines += [f"$CATEGORY: $course$/Bridge_Laws/{cat.replace(' ', '_')}", ""]   # no spaces: GIFT readers cut there
            current = cat
        right = escape(say("feedback.right", lang, pids=citations_text(q)))
        wrong = escape(say("feedback.wrong", lang, pids=citations_text(q)))
        answers = [("=" if i == q.answer else "~") + escape(o) + "#" + (right if i == q.answer else wrong)
                   for i, o in enumerate(q.options)]
        lines.append(f"::{q.id}::{escape(q.stem)} {{")
        lines += ["\t" + a for a in answers]
        lines.append("\t####" + escape(q.explanation + " [" + citations_text(q) + "]"))
        lines += ["}", ""]
    return "\n".join(lines).encode("utf-8")
