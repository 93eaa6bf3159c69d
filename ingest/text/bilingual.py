"""Splitting a line of the bilingual source (000) into its English and Chinese parts,
and the small, recorded character repairs that source needs.

The PDF extraction puts an English paragraph and its Traditional Chinese translation
on one line or on consecutive lines; Chinese text carries short Latin runs of its own
("參照 Law 26B", "(a)"), so the split is at the first CJK character, moved back over
such neutral tokens to the last sentence end.
"""
from __future__ import annotations

import re

CJK = r"\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff01-\uff5e\u300c\u300d"
_CJK_CHAR = re.compile(f"[{CJK}]")
# Latin tokens a Chinese sentence may start with: "Law 16C2", "(a)", "B1(b)", "A", "1.", "13"
_NEUTRAL = re.compile(r"^(?:\(?\d+[A-Za-z0-9]*(?:\([a-z]{1,4}\))*[.,、%]?\)?|[A-Z]\d*(?:\([a-z]{1,4}\))*[.,、]?"
                      r"|\([a-z]{1,4}\)|Laws?|-|[(\[（]|[♠♥♦♣])$")
# Chinese text followed by a long purely-Latin run: a translation line that runs on into
# the next English paragraph (seen in the Introduction).
_ZH_THEN_EN = re.compile(r"(?<=[。」）):：])\s+(?=(?:\d{1,2}\.\s+)?[A-Za-z\"“(][A-Za-z'\"“”’,;:()\- ]{25,})")


def has_cjk(s: str) -> bool:
    return bool(_CJK_CHAR.search(s))


def split_en_zh(line: str) -> list[tuple[str, str]]:
    """Split a line into (english, chinese) pairs; usually one pair, either side may be empty."""
    m = _CJK_CHAR.search(line)
    if not m:
        return [(line.strip(), "")]
    i = m.start()
    head = line[:i]
    # candidate cut points: start of line, or after sentence-final punctuation + space
    cuts = [0] + [k.end() for k in re.finditer(r"[.:;!?)\]\"”’']\s+", head)]
    cut = i
    for c in cuts:
        between = head[c:].split()
        if all(_NEUTRAL.match(tok) for tok in between):
            cut = c
            break
    en, zh = line[:cut].strip(), line[cut:].strip()
    run_on = _ZH_THEN_EN.search(zh)
    if run_on:
        return [(en, zh[:run_on.start()].strip())] + split_en_zh(zh[run_on.end():])
    return [(en, zh)]


# --- character repairs (each returns the new text and a list of (before, after) pieces) ---

# The PDF's full-width comma came out as a middle dot between Chinese words.
_DOT_COMMA = re.compile(f"(?<=[{CJK}\\w)）])\\s*[·‧]\\s*(?=[{CJK}\\w(（])")
# Line wrapping in the PDF left a space between two Chinese characters.
_CJK_SPACE = re.compile("(?<=[\u4e00-\u9fff，。、：；])[ \u3000]+(?=[\u4e00-\u9fff，。、：；])")
_SUIT_NAMES = {
    "spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣",
    "黑桃": "♠", "紅心": "♥", "方塊": "♦", "梅花": "♣",
}
_SUIT_SYMBOL = re.compile(r"(spades|hearts|diamonds|clubs|黑桃|紅心|方塊|梅花)\s*\(\s*([♠♥♦♣])\s*\)")


def fix_dot_commas(zh: str) -> tuple[str, int]:
    """'牌張 · 包含' -> '牌張，包含'; returns the text and how many were replaced."""
    return _DOT_COMMA.subn("，", zh)


def fix_cjk_spaces(zh: str) -> tuple[str, int]:
    """Remove spaces the PDF's line wrap left between Chinese characters."""
    return _CJK_SPACE.subn("", zh)


def fix_suit_symbols(text: str) -> tuple[str, list[tuple[str, str]]]:
    """'diamonds (♠)' -> 'diamonds (♦)': the symbol after a suit name must be that suit's."""
    changes: list[tuple[str, str]] = []

    def repl(m: re.Match) -> str:
        want = _SUIT_NAMES[m.group(1)]
        if m.group(2) == want:
            return m.group(0)
        fixed = m.group(0).replace(m.group(2), want)
        changes.append((m.group(0), fixed))
        return fixed

    return _SUIT_SYMBOL.sub(repl, text), changes
