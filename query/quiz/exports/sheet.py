"""The printable sheet: the questions (with a name line), then, on a page of its own, the answer
key with each answer's citations and the provision quoted.

HTML for the browser's print; PDF made offline with fpdf2, embedding WenQuanYi Micro Hei (Debian
fonts-wqy-microhei) for the Chinese and the suit symbols. If that font is absent the PDF is refused
with one line (BadInput, exit 2): a PDF with empty boxes in place of Chinese is worse than none."""
from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path

from query.errors import BadInput
from query.quiz.exports import citations_text
from query.quiz.item import Question, say

FONT = Path(os.environ.get("BRIDGE_LAWS_PDF_FONT", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"))
LETTERS = "ABCDEFG"
# control characters other than a line break (the tabs of the Law 77 and 78B tables quoted in an
# explanation) have no glyph: fpdf2 drew an empty box and logged a warning on stderr
_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]+")


def html(questions: list[Question], lang: str) -> bytes:
    h = [f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(say("sheet.title", lang))}</title>',
         "<style>body{font-family:'WenQuanYi Micro Hei',sans-serif;max-width:48em;margin:2em auto;line-height:1.5}"
         "li{margin-bottom:1em}.stem{white-space:pre-line}.key{page-break-before:always;break-before:page}"
         "ol.opts{list-style:upper-alpha}.cite{color:#555;font-size:.9em}</style></head><body>",
         f"<h1>{escape(say('sheet.title', lang))}</h1><p>{escape(say('sheet.name', lang))}</p><ol>"]
    for q in questions:
        h.append(f'<li id="{q.id}"><div class="stem">{escape(q.stem)}</div><ol class="opts">'
                 + "".join(f"<li>{escape(o)}</li>" for o in q.options) + "</ol></li>")
    h.append(f'</ol><section class="key"><h2>{escape(say("sheet.key", lang))}</h2><ol>')
    for q in questions:
        h.append(f"<li><b>{LETTERS[q.answer]}. {escape(q.key)}</b> "
                 f'<span class="cite">[{escape(citations_text(q))}; {escape(say("edition." + q.edition, lang))}]</span><br>'
                 f"{escape(q.explanation)}</li>")
    h.append("</ol></section></body></html>")
    return "".join(h).encode("utf-8")


def pdf(questions: list[Question], lang: str) -> bytes:
    from fpdf import FPDF
    if not FONT.is_file():
        raise BadInput(f"the PDF needs the font {FONT} (Debian package fonts-wqy-microhei); use --format html instead")
    doc = FPDF(format="A4")
    doc.set_auto_page_break(True, margin=15)
    doc.add_font("wqy", "", str(FONT), collection_font_number=0)
    doc.set_title(say("sheet.title", lang))
    wrap = "WORD" if lang == "en" else "CHAR"      # Chinese breaks between characters, not at the spaces around ids

    def para(text: str, size: float = 10.5, indent: float = 0, gap: float = 1.5) -> None:
        doc.set_font("wqy", size=size)
        doc.set_x(doc.l_margin + indent)
        doc.multi_cell(doc.epw - indent, size * 0.5, _CONTROLS.sub(" ", text), align="L", new_x="LMARGIN",
                       new_y="NEXT", wrapmode=wrap)
        doc.ln(gap)

    doc.add_page()
    para(say("sheet.title", lang), 16, gap=3)
    para(say("sheet.name", lang), 11, gap=4)
    for n, q in enumerate(questions, 1):
        para(f"{n}. {q.stem}", gap=1)
        for i, o in enumerate(q.options):
            para(f"{LETTERS[i]}. {o}", indent=6, gap=0.5)
        doc.ln(3)
    doc.add_page()
    para(say("sheet.key", lang), 16, gap=3)
    for n, q in enumerate(questions, 1):
        para(f"{n}. {LETTERS[q.answer]}. {q.key}   [{citations_text(q)}; {say('edition.' + q.edition, lang)}]", 10.5, gap=0.5)
        para(q.explanation, 9, indent=6, gap=2.5)
    return bytes(doc.output())
