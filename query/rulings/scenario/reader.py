"""Mentions: what the pattern files find in a director's text, with offsets into the user's own text.

A mention is (label, value, start, end, text). The labels are those of the pattern files
(patterns/<lang>/*.jsonl): SEAT, ROLE, DEALER, CALL, CARD, SUIT, TRICK, CONTRACT, EVENT, FINDING,
QUESTION. A pattern's "id" is the value, or "@call", "@card", "@num", "@contract": read the value
from the matched words with the language's lexicon (patterns/<lang>/lexicon.json).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from query.rulings.scenario.pipelines import family, lexicon, normalized, run


@dataclass(frozen=True)
class Mention:
    label: str
    value: object
    start: int
    end: int
    text: str


_LEVEL = re.compile(r"([1-9一二两三四五六七八九]|one|two|three|four|five|six|seven|eight|nine)", re.I)
_CARD = re.compile(r"(10|老[ka]|[akqjt2-9]|ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce|trey)", re.I)


def _suit(words: str, lex: dict) -> str | None:
    s = words.lower()
    # the first suit word in the words (the longest where two start together); an ASCII word only
    # as a whole word, so that "no" (no-trump) is not read inside "North"
    found = []
    for w in lex["suits"]:
        if len(w) > 1 or not w.isascii():
            pat = rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w)
            m = re.search(pat, s)
            if m:
                found.append((m.start(), -len(w), w))
    if found:
        return lex["suits"][min(found)[2]]
    m = re.search(r"[1-9](nt|n|c|d|h|s)", s) or re.search(r"(?:^|[^a-z])(c|d|h|s)(?:10|[akqjt2-9])", s)
    return lex["suits"].get(m.group(1)) if m else None


def _number(word: str, lex: dict) -> int | None:
    w = word.lower()
    if w.isdigit():
        return int(w)
    if w in lex["numbers"]:
        return int(lex["numbers"][w])
    m = re.match(r"(\d+)", w)
    return int(m.group(1)) if m else None


def read_call(words: str, lex: dict) -> str | None:
    m = _LEVEL.search(words)
    # English call words inside Chinese ("北說了two hearts") are read with the English words
    strain = (_suit(words[m.start():], lex) or _suit(words[m.start():], lexicon("en"))) if m else None
    if not m or not strain:
        return None
    level = _number(m.group(1), lex) or _number(m.group(1), lexicon("en"))
    return f"{level}{strain}" if level else None


def read_card(words: str, lex: dict) -> str | None:
    s = words.strip()
    suit = _suit(s, lex)
    rest = s
    for w in sorted(lex["suits"], key=len, reverse=True):
        if len(w) > 1 or not w.isascii():
            rest = re.sub(re.escape(w), " ", rest, flags=re.I)
    rest = re.sub(r"\bof\b", " ", rest, flags=re.I)
    m = None
    if re.fullmatch(r"\s*[CDHScdhs](10|[AKQJT2-9])\s*", s):
        suit, m = {"c": "C", "d": "D", "h": "H", "s": "S"}[s.strip()[0].lower()], re.match(r"(10|[AKQJT2-9])", s.strip()[1:])
    else:
        m = _CARD.search(rest)
    if not suit or not m:
        return None
    rank = m.group(1).lower()
    rank = lex["ranks"].get(rank) or lexicon("en")["ranks"].get(rank) or rank.upper()
    return suit + rank


def _value(ent, fam: str, words: str):
    lex = lexicon(fam)
    vid = ent.ent_id_
    if vid == "@call":
        return read_call(words, lex)
    if vid == "@card":
        return read_card(words, lex)
    if vid == "@num":
        m = re.search(r"(1[0-3]|[1-9])", words)
        if m:
            return int(m.group(1))
        for w in sorted(lex["numbers"], key=len, reverse=True):
            if w in words.lower():
                return int(lex["numbers"][w])
        return None
    if vid == "@contract":
        call = read_call(words, lex)
        if not call:
            return None
        doubled = "XX" if re.search(r"\d\S*xx|\sxx\b", words, re.I) else "X" if re.search(r"\d\S*x\b|\sx\b", words, re.I) else ""
        by = re.search(r"\bby\s+(\w+)", words, re.I)
        zh = re.search(r"(?:定约|合约)\s*[:：是为]?\s*([东南西北])", words)      # "合約南三無王"
        seat = by.group(1)[0].upper() if by else {"东": "E", "南": "S", "西": "W", "北": "N"}[zh.group(1)] if zh else None
        return {"contract": call + doubled, "declarer": seat}
    if vid.isdigit():
        return int(vid)
    return vid


# a Chinese story that says some of it in English ("然後 S pass", "it was South's turn", "dummy 已經攤牌"):
# English phrases of at least this many words are also read by the English patterns
_CJK_PUNCT = str.maketrans("。，；：！？（）", ".,;:!?()")      # one for one, so offsets still map
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_ENGLISH_RUN = re.compile(r"[0-9A-Za-z♣♦♥♠][0-9A-Za-z♣♦♥♠'’]*(?:[ \t,]+[0-9A-Za-z♣♦♥♠'’]+){2,}")


# a player named once with his seat ("Mrs Lin (East)", "王先生（北）"): each time the name is used, it is that seat
_NAMED_EN = re.compile(r"\b((?:Mrs?|Ms|Miss|Dr)\.?\s+([A-Z][a-z]+)|[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})?)\s*\(\s*(North|South|East|West|[NESW])\s*\)")
_NAMED_ZH = re.compile(r"(([\u4e00-\u9fff]{1,3})(?:先生|太太|小姐|女士|老师)|[老小][\u4e00-\u9fff])\s*[（(]\s*(北|南|东|西)家?\s*[)）]")
_NOT_NAMES = {"Board", "Dealer", "Declarer", "Dummy", "Trick", "Round", "Table", "Director", "The", "Then", "Contract",
              "Vul", "Both", "None", "North", "South", "East", "West", "Defender", "Defenders", "Partner",
              "Pass", "Passed", "Double", "Redouble", "Dbl", "Rdbl", "Alert", "Alerted", "Stayman", "Transfer", "Lead"}
_SEAT_WORDS = {"North": "N", "South": "S", "East": "E", "West": "W", "N": "N", "S": "S", "E": "E", "W": "W",
               "北": "N", "南": "S", "东": "E", "西": "W"}


def _named_players(text: str, plain: str, fam: str, out: list[Mention]) -> list[Mention]:
    """Every use of a name introduced with its seat becomes a mention of that seat."""
    pattern = _NAMED_ZH if fam == "zh" else _NAMED_EN
    names = {}
    for m in pattern.finditer(plain):
        if m.group(1) not in _NOT_NAMES:
            names[m.group(1)] = names[m.group(2) or m.group(1)] = _SEAT_WORDS[m.group(3)]   # "Mr Smith" and "Smith"
    for name, seat in sorted(names.items(), key=lambda x: -len(x[0])):       # the full name before the surname alone
        for hit in re.finditer(re.escape(name), plain):
            a, b = hit.span()
            if fam == "en" and (a and plain[a - 1].isalpha() or b < len(plain) and plain[b].isalpha()) \
                    or any(x.label == "SEAT" and x.start <= a and b <= x.end for x in out if x.text != plain[a:b]):
                continue                     # (inside a longer name already read: "Mr Smith" before "Smith")
            out = [x for x in out if x.end <= a or x.start >= b] + [Mention("SEAT", seat, a, b, text[a:b])]
    return sorted(out, key=lambda m: m.start)


# a holding written compactly, a suit symbol and its ranks ("♦AKQ", "♠AQ4", "♠A Q 4"): one card each
_HOLDING = re.compile(r"([♣♦♥♠])((?:10|[AKQJT2-9])(?:(?:10|[AKQJT2-9])){1,12}(?![0-9A-Za-z♣♦♥♠])|"
                      r"(?:10|[AKQJT2-9])(?: (?:10|[AKQJT2-9])){1,12}(?=\s*(?:[。，、,.;；)）]|$)))")
# (ranks with spaces between, "♠A Q 4", only when the list ends the phrase: not "♠Q 2 seconds", "♥6 10 seconds later")


def _holdings(text: str, plain: str, out: list[Mention]) -> list[Mention]:
    """Every rank of a compact holding becomes a card mention (the first with the suit symbol), replacing the
    suit or the single card the patterns read there."""
    for h in _HOLDING.finditer(plain):
        ranks = [(r.start() + h.start(2), r.end() + h.start(2)) for r in re.finditer(r"10|[AKQJT2-9]", h.group(2))]
        cards = [Mention("CARD", read_card(h.group(1) + plain[a:b], lexicon("en")), h.start() if i == 0 else a, b,
                         text[h.start() if i == 0 else a:b]) for i, (a, b) in enumerate(ranks)]
        out = [x for x in out if x.end <= h.start() or x.start >= h.end()] + cards
    return sorted(out, key=lambda m: m.start)


def mentions(text: str, lang: str) -> list[Mention]:
    """The mentions in `text`, in order, with offsets into `text` itself; in a Chinese text, the
    English pipeline's mentions inside English phrases are added where the Chinese one read nothing."""
    fam, plain = family(lang), normalized(text, lang)
    out = _holdings(text, plain, _named_players(text, plain, fam, _mentions(text, fam, plain)))
    if fam == "zh" and _ENGLISH_RUN.search(text):
        runs = [r.span() for r in _ENGLISH_RUN.finditer(text)]
        # the English pass sees only the English: every Chinese character is a space (offsets unchanged)
        for m in _mentions(text, "en", _CJK.sub(" ", normalized(text, "en").translate(_CJK_PUNCT))):
            if not any(a <= m.start and m.end <= b + 1 for a, b in runs):      # (b + 1: "N." with its stop)
                continue
            inside = [x for x in out if m.start <= x.start and x.end <= m.end]
            if any(x.start < m.end and m.start < x.end for x in out if x not in inside) \
                    or inside and max(x.end - x.start for x in inside) >= m.end - m.start:
                continue          # the Chinese reading stands where it overlaps, unless the English one is longer ("3NT by N")
            out = [x for x in out if x not in inside] + [m]
        out.sort(key=lambda m: m.start)
    return out


def _mentions(text: str, fam: str, plain_text: str) -> list[Mention]:
    doc = run(fam, plain_text)
    out = []
    for ent in doc.ents:
        start, end = ent.start_char, ent.end_char
        words = ent.text
        value = _value(ent, fam, words)
        if value is None:
            continue
        if ent.label_ == "SEAT" and len(words) == 1 and words.isascii() and start and text[start - 1].isascii() \
                and text[start - 1].isalpha():
            continue                      # the "s" of "whats", "lets": a word's ending cut off, not South
        out.append(Mention(ent.label_, value, start, end, text[start:end]))
    return out
