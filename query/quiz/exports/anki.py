"""An Anki deck (.apkg) made with genanki: one note per question, the note guid derived from the
question's stable id (importing the deck again updates the cards instead of duplicating them),
fixed model and deck ids, tags for law, topic, type and difficulty."""
from __future__ import annotations

import os
import tempfile
import zlib
from html import escape

import genanki

from query.quiz.exports import citations_text, tags
from query.quiz.item import Question, say

MODEL_ID = 1_612_120_001          # fixed: the same note type on every export
FIELDS = ["Id", "Stem", "Options", "Answer", "Explanation", "Citations", "Edition"]
MODEL = genanki.Model(
    MODEL_ID, "Bridge Laws quiz question", fields=[{"name": f} for f in FIELDS],
    templates=[{"name": "Card 1", "qfmt": "{{Stem}}<br><br>{{Options}}",
                "afmt": "{{FrontSide}}<hr id=answer><b>{{Answer}}</b><br><br>{{Explanation}}<br><i>{{Citations}}</i>"
                        "<br><small>{{Edition}}</small>"}],
    css=".card { font-family: sans-serif; font-size: 18px; text-align: left; }")


class QuizNote(genanki.Note):
    @property
    def guid(self):                     # stable: from the question id, not from the field contents
        return genanki.guid_for(self.fields[0])


def deck_id(lang: str) -> int:
    return 1_700_000_000 + zlib.crc32(f"bridge-laws-quiz-{lang}".encode()) % 100_000_000


def notes(questions: list[Question]) -> list[QuizNote]:
    out = []
    for q in questions:
        letters = "ABCDEFG"
        options = "<br>".join(f"{letters[i]}. {escape(o)}" for i, o in enumerate(q.options))
        out.append(QuizNote(model=MODEL, tags=[t.replace(" ", "_") for t in tags(q)], fields=[
            q.id, escape(q.stem).replace("\n", "<br>"), options, f"{letters[q.answer]}. {escape(q.key)}",
            escape(q.explanation), escape(citations_text(q)), escape(q.edition)]))
    return out


def write(questions: list[Question], lang: str) -> bytes:
    deck = genanki.Deck(deck_id(lang), say("sheet.title", lang))
    for n in notes(questions):
        deck.add_note(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "quiz.apkg")
        genanki.Package(deck).write_to_file(path, timestamp=0)
        with open(path, "rb") as f:
            return f.read()
