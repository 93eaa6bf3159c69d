"""Translation checks that compare what a clause pair says, not which words it uses (issue 14, round 6;
the clause pairs are ingest/extract/translation.py's):

- **degree**: how likely or possible each side says a thing is, read through `data/degree.tsv`. A
  threshold said as a bare possibility in English and as a high likelihood in Chinese (Law 70C2 "at
  all likely" = 很可能 "very likely"; 73E2 "could have been aware" = 很可能意識到), a likelihood said as
  a bare chance (64C2(a) "would likely" = 有機會), or a fact said as a possibility (16D2(c) zh-Hans
  "affected the result" = 可能已经…造成影響) moves the bar a ruling has to clear.
- **count**: a number the Chinese states that the English does not (12C2(d) "each subsequent board" =
  第三牌以後 "from the third board on"); an ordinal "first" is left out (41B "plays a card" =
  打出第一个牌张 says the same thing).
- **repeated wording**: a Chinese provision that repeats another provision of its Law where their
  English texts differ (19B3 "in redoubling … deemed to have redoubled" = 19A3's 視同賭倍 "deemed to
  have doubled"): the two Chinese texts are near-identical (similarity 0.95 or more) and differ in fewer
  places than the two English texts do.

Each is a "term" finding (a word the rule turns on, as the term table's threshold words) that changes
the rule. Measured in docs/translation-report.md ("Round 6").
"""
from __future__ import annotations

import csv
import difflib
import re
from functools import lru_cache
from pathlib import Path

DEGREE_TABLE = Path(__file__).resolve().parent / "data" / "degree.tsv"

_GLOSS = {"possible": "a possibility", "likely": "a likelihood", "very-likely": "a high likelihood"}


def lang_patterns(path: Path) -> dict[str, list[tuple[re.Pattern, str]]]:
    """A table of `lang<TAB>regex<TAB>value` rows ('#' comments): lang ('en' or 'zh') -> [(pattern,
    value)] in table order; English patterns ignore case."""
    rules: dict[str, list[tuple[re.Pattern, str]]] = {"en": [], "zh": []}
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    for row in csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        rules[row[0]].append((re.compile(row[1], re.I if row[0] == "en" else 0), row[2]))
    return rules


@lru_cache(maxsize=1)
def _degree_rules() -> dict[str, list[tuple[re.Pattern, str]]]:
    """lang ('en' or 'zh') -> [(pattern, degree)] in table order."""
    return lang_patterns(DEGREE_TABLE)


def degrees(clause: str, lang: str) -> dict[str, list[str]]:
    """The words of possibility a clause uses, by degree (masked in table order; "nominal" dropped)."""
    text, found = clause, {}
    for rx, degree in _degree_rules()["en" if lang == "en" else "zh"]:
        def take(m: re.Match) -> str:
            found.setdefault(degree, []).append(m.group())
            return "\x00" * len(m.group())
        text = rx.sub(take, text)
    found.pop("nominal", None)
    return found


def degree_difference(en_clause: str, zh_clause: str, lang: str) -> str | None:
    """What the Chinese clause does to the English clause's degree of likelihood, or None."""
    en, zh = degrees(en_clause, "en"), degrees(zh_clause, lang)
    said_en, said_zh = set(en), set(zh)

    def words(d: dict, level: str) -> str:
        return ", ".join(dict.fromkeys(d[level]))
    # the English says only bare possibilities, the Chinese a high likelihood (and other words of its own
    # for the English's other possibilities: 73E2 很可能意識到…有機會從中獲利 for "could have been aware … could work")
    if said_en == {"possible"} and "very-likely" in said_zh and not said_zh & {"likely", "open"}:
        return (f"degree: en says {_GLOSS['possible']} ({words(en, 'possible')}), {lang} "
                f"{_GLOSS['very-likely']} ({words(zh, 'very-likely')}): the {lang} raises the threshold")
    # the English says a likelihood and no bare possibility, the Chinese only a bare possibility (64C2(a))
    if "likely" in said_en and not said_en & {"possible", "very-likely"} and said_zh == {"possible"}:
        return (f"degree: en says {_GLOSS['likely']} ({words(en, 'likely')}), {lang} "
                f"{_GLOSS['possible']} ({words(zh, 'possible')}): the {lang} lowers the threshold")
    if not said_en and said_zh:
        said = ", ".join(dict.fromkeys(w for v in zh.values() for w in v))
        return f"degree: {lang} makes a possibility ({said}) of what en states as a fact"
    return None


# --- numbers the Chinese adds ---------------------------------------------------------------

_EN_WORDS = {w: n for n, ws in enumerate((
    (), ("one", "first", "once"), ("two", "second", "twice", "both"), ("three", "third"), ("four", "fourth"),
    ("five", "fifth"), ("six", "sixth"), ("seven", "seventh"), ("eight", "eighth"), ("nine", "ninth"),
    ("ten", "tenth"), ("eleven", "eleventh"), ("twelve", "twelfth"), ("thirteen", "thirteenth"))) for w in ws}
_EN_NUMBER = re.compile(r"\b(?:" + "|".join(_EN_WORDS) + r"|\d+)(?:st|nd|rd|th)?\b", re.I)
_ZH_DIGITS = {"二": 2, "兩": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# an ordinal 第N, or a count N + a classifier (張 cards, 副 boards, 磴 / 墩 tricks, 次 times, 人 people)
_ZH_NUMBER = re.compile(r"第\s*(十[一二三]?|[二三四五六七八九])|(?<![十第\d])([二三四五六七八九])\s*(?=[次張张個个副磴墩人牌])")


_ZH_TENS = {"十": 10, "十一": 11, "十二": 12, "十三": 13}


def _en_value(word: str) -> int:
    word = word.lower()
    if word[0].isdigit():
        return int(re.match(r"\d+", word).group())
    return _EN_WORDS.get(word, _EN_WORDS.get(re.sub(r"(?:st|nd|rd|th)$", "", word), 0))


def added_numbers(en_clause: str, zh_clause: str) -> list[str]:
    """The numbers of two or more (not "first") the Chinese clause states and the English clause does not."""
    said_en = {_en_value(m.group()) for m in _EN_NUMBER.finditer(en_clause)}
    out = []
    for m in _ZH_NUMBER.finditer(zh_clause):
        numeral = m.group(1) or m.group(2)
        value = _ZH_TENS[numeral] if numeral in _ZH_TENS else _ZH_DIGITS[numeral]
        if value not in said_en:
            out.append(re.sub(r"\s", "", m.group()))
    return out


# --- a provision repeating another's wording ----------------------------------------------

def _differences(a, b) -> tuple[float, int]:
    """Similarity and the number of places two sequences differ."""
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sm.ratio(), sum(1 for op in sm.get_opcodes() if op[0] != "equal")


def repeated_wording(en: tuple[str, str], zh: tuple[str, str]) -> tuple[int, int] | None:
    """For two provisions' English and Chinese texts: (places the Chinese differ, places the English differ)
    when the Chinese texts are near-identical (0.95) and differ in fewer places than the English; else None."""
    if en[0] == en[1]:
        return None
    z_ratio, z_places = _differences(*(re.sub(r"\s", "", t) for t in zh))
    if z_ratio < 0.95:
        return None
    _, e_places = _differences(*(re.findall(r"\w+", t.lower()) for t in en))
    return (z_places, e_places) if z_places < e_places else None
