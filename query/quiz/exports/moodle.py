"""Moodle XML: a category question before each law's questions, multichoice questions with
idnumber (the stable id), tags (law, topic, type, difficulty), per-answer feedback citing the
provision and general feedback quoting it. Format: https://docs.moodle.org/en/Moodle_XML_format"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from html import escape

from query.quiz.exports import category, citations_text, tags
from query.quiz.item import Question, say


def _text(parent: ET.Element, tag: str, text: str, fmt: str | None = "html", **attrs) -> ET.Element:
    el = ET.SubElement(parent, tag, {**({"format": fmt} if fmt else {}), **attrs})
    ET.SubElement(el, "text").text = text
    return el


def _html(text: str) -> str:
    return escape(text).replace("\n", "<br>")


def write(questions: list[Question], lang: str) -> bytes:
    quiz = ET.Element("quiz")
    current = None
    for q in sorted(questions, key=lambda q: category(q, lang)):
        cat = category(q, lang)
        if cat != current:
            c = ET.SubElement(quiz, "question", {"type": "category"})
            _text(c, "category", f"$course$/top/Bridge Laws/{cat}", fmt=None)
            current = cat
        el = ET.SubElement(quiz, "question", {"type": "multichoice"})
        _text(el, "name", q.id, fmt=None)
        _text(el, "questiontext", _html(q.stem))
        _text(el, "generalfeedback", _html(q.explanation) + f" [{escape(citations_text(q))}]")
        ET.SubElement(el, "defaultgrade").text = "1"
        ET.SubElement(el, "penalty").text = "0"
        ET.SubElement(el, "hidden").text = "0"
        ET.SubElement(el, "idnumber").text = q.id
        ET.SubElement(el, "single").text = "true"
        ET.SubElement(el, "shuffleanswers").text = "false"     # the positions were spread on purpose
        ET.SubElement(el, "answernumbering").text = "abc"
        for i, option in enumerate(q.options):
            a = _text(el, "answer", _html(option), fraction="100" if i == q.answer else "0")
            key = "feedback.right" if i == q.answer else "feedback.wrong"
            _text(a, "feedback", escape(say(key, lang, pids=citations_text(q))))
        t = ET.SubElement(el, "tags")
        for name in tags(q):
            ET.SubElement(ET.SubElement(t, "tag"), "text").text = name
    ET.indent(quiz)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="utf-8")
