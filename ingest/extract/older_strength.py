"""Strength tags for the older editions, on each edition's own scale.

The 1987 Laws' Preface (seed 001, lines 3-16, 美國版序) defines the Traditional words:

  得 (may) · 做 (does) · 須 (should) · 應 (shall) · 務必 (must);
  "不得 (May not) 是較 不應、不可 (Shall not) 更為強烈的命令詞，其意味僅次於 務必不 (Must not)".

So its scale is that of the 2017 Traditional translation (seed 000: 得/作/須/應/務必, 務必不 > 不得 >
不應) except two words: `does` is 做 (never tagged by word, as 作 is not), and the weakest
prohibition is 不應 or **不可**; 不可 is common in the 1987 text ("非經裁判許可，不可觸摸他人之牌張",
7B2, English "no player shall touch"). `tag_strength_1987` tags 不可 and 不可以 as shall-not and
otherwise applies the 2017 Traditional decisions of `strength.py` unchanged (可以 may; 可 alone
is not tagged: it is everywhere in 可能, 許可, 認可). The 2007 change summary (seed 004) has no
Introduction of its own and keeps the 1987 translation's wording wherever it made no change, so
it is read on the 1987 scale too.

The Simplified translation of the 1987 Laws 23-40 (seed 003) has no Introduction in the
excerpt; it uses 必须 (必须不叫, must pass), 应当 (shall), 可以 (may), 不得 (may not), the words of
the 2017 Simplified scale (seed 002), whose decisions are applied unchanged (an assumption,
stated in the report and the README).
"""
from __future__ import annotations

import re

from ingest.extract.strength import StrengthTag, split_clauses, tag_strength

_SHALL_NOT_1987 = re.compile(r"不\s*可(?:\s*以)?(?!\s*能)")


def tag_strength_1987(text: str) -> list[StrengthTag]:
    """Traditional text of the 1987 edition (and the 2007 summary): the 2017 Traditional scale
    plus 不可 / 不可以 = shall-not, as the 1987 Preface defines."""
    masked = _SHALL_NOT_1987.sub(lambda m: "\x00" * len(m.group()), text)
    base = tag_strength(masked, "zh-Hant")
    clauses = split_clauses(text, "zh-Hant")
    by_pos: dict[int, list[StrengthTag]] = {}
    for t in base:
        by_pos.setdefault(t.position, []).append(t)
    out: list[StrengthTag] = []
    for pos, clause in enumerate(clauses, start=1):
        found = [(m.start(), m.group()) for m in _SHALL_NOT_1987.finditer(clause)]
        tags = [StrengthTag(t.level, t.word, clause, pos, t.offset) for t in by_pos.get(pos, [])]
        if found:
            tags = [t for t in tags if t.level != "does"]
            tags += [StrengthTag("shall-not", word, clause, pos, offset) for offset, word in found]
        out.extend(sorted(tags, key=lambda t: t.offset))
    return out


def tag(text: str, lang: str, edition: str) -> list[StrengthTag]:
    if lang == "zh-Hant" and edition in ("wbf1987", "wbf2007"):
        return tag_strength_1987(text)
    return tag_strength(text, lang)
