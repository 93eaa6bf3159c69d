"""The director's record of a conversation (app/components/chat_record.py): Markdown that keeps every
turn with its citations, and a PDF whose CJK text is really set in an embedded CJK font (read back
with fpdf2's own parser is not possible, so the check is on the font program and the text layer)."""
from __future__ import annotations

import logging
import re
import zlib

import pytest

from app.components import chat_record


@pytest.fixture(scope="module")
def conversation():
    from query.ask import answers
    from query.ask.router import route
    from query.graph import shared
    g = shared()
    turns = []
    for n, text in enumerate(["西家在北家1♠之後叫1♥，叫價不足，南家不接受", "4♠X vul 10 tricks",
                              "a team 12 minutes late under CCBA 21"]):
        r = route(text)
        turns.append({"id": 2 * n + 1, "role": "user", "text": r["text"], "lang": r["lang"]})
        a = answers.answer(g, r)
        turns.append({"id": 2 * n + 2, "role": "assistant", "answer": a, "error": None, "read": a["kind"],
                      "text": r["text"], "lang": r["lang"]})
    return turns


def test_markdown_keeps_every_turn_and_citation(conversation):
    md = chat_record.markdown(conversation, "zh-Hant")
    assert md.startswith("# 複式橋藝規則 — 對話紀錄")
    assert md.count("## 你") == 3
    assert "27B" in md and "務必" in md                    # the ruling's step, its strength in Traditional Chinese
    assert "+790" in md and "扣 2VP" in md and "ccba2018:21-1(1)" in md


def test_pdf_embeds_a_cjk_font(conversation, caplog):
    if chat_record.cjk_font() is None:
        pytest.fail("no CJK font: install requirements.txt (paperang-p2-fonts-cjk)")
    with caplog.at_level(logging.WARNING):
        data = chat_record.pdf(chat_record.markdown(conversation, "zh-Hans"))
    # regression: the CCBA bands' "10⁺~15 分钟" had a glyph the font lacks (fpdf2 warned and dropped it)
    assert not [r for r in caplog.records if "missing" in r.getMessage()]
    assert data[:5] == b"%PDF-"
    assert b"/FontFile2" in data                            # a TrueType font program is embedded
    assert re.search(rb"/BaseFont /\w+\+WenQuanYi", data)      # subset of WenQuanYi Micro Hei
    # the text layer maps glyphs back to Unicode: the ToUnicode CMap names the CJK code points used
    streams = [m.group(1) for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S)]
    text = b"".join(zlib.decompress(x) if _inflates(x) else x for x in streams).upper()
    assert b"<8FDF>" in text                                # 迟 (late), from the schedule row
    assert b"<6B65>" in text                                # 步 (the steps of the ruling)


def _inflates(blob: bytes) -> bool:
    try:
        zlib.decompress(blob)
        return True
    except zlib.error:
        return False
