"""Parser for seed 000: the 2017 Laws (2024 revision) in English and Traditional Chinese.

Shape of the source (a PDF extraction): `LAW 27 - INSUFFICIENT BID 不足叫價`,
sections `A. Title 標題`, items `1.` whose numbers are often lost (`- ` or a leading
space in their place), sub-items `(a)`, sub-sub-items `(i)`, each English paragraph
followed by its Chinese on the same or the next line, footnotes `⁸ text` between
paragraphs. Every repair is recorded in `ParsedDoc.repairs`.

Where an item number was lost, the number is restored by counting; where it cannot be
told whether an unmarked paragraph is a new item or a second paragraph of the previous
one, the structure of the Simplified edition (`known_ids`) decides, and the repair says so.
"""
from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

from ingest.text.bilingual import fix_cjk_spaces, fix_dot_commas, fix_suit_symbols, has_cjk, split_en_zh
from ingest.source_fixes import apply_fixes
from ingest.model import REVISED_2024, Footnote, ParsedDoc, Provision, Span

SOURCE = "sources/000_1f3522d3ae8db592.txt"
ROOT = Path(__file__).resolve().parents[2]

_LAW = re.compile(r"^LAW (\d{1,2})\s*[-–]\s*(.+?)\s*$")
_SECTION = re.compile(r"^([A-Z])\.\s+(.+?)\s*$")
_SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_FOOTNOTE_EN = re.compile(f"^([{_SUP}]+)\\s*(.+)$")
_FOOTNOTE_ZH = re.compile(f"^(?:\\^\\{{(\\d+)\\}}?|([{_SUP}]+))\\s*(.+)$")
# a footnote marker after a word, or between spaces in the Chinese ("莊家 ⁶ 或", "磴外 ¹⁷"): the whole
# run of digits (never matched from its middle) and the spaces around it
_SUP_MARK = re.compile(f"(?<=\\S) ?(?<![{_SUP}])([{_SUP}]+)(?: (?=[^\\x00-\\x7f]))?")
_SUP_ZH_MARK = re.compile(r"\^\{(\d+)([^}]*)\}")
# item markers at the start of a line, after the indentation
_BULLET = re.compile(r"^-\s+")
_NUMBER = re.compile(r"^(\d{1,2})\.\s+")
_PAREN = re.compile(r"^\(([a-z]{1,4})\)\s+")
_ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"}
_ZH_END = "。：；」）)!?！？]"


def _next_letter(c: str) -> str:
    return chr(ord(c) + 1)


class _State:
    """Where we are in the law being read."""

    def __init__(self) -> None:
        self.law: int | None = None
        self.section: str | None = None      # id, e.g. "27B"
        self.item: str | None = None         # id, e.g. "27B1"
        self.sub: str | None = None          # id, e.g. "27B1(a)"
        self.subsub: str | None = None
        self.current: str | None = None      # provision receiving text
        self.next_section = "A"
        self.open_footnote: Footnote | None = None   # a Chinese footnote cut short by a page break

    def container(self) -> str:
        return self.section or str(self.law)


def _item_number(item_id: str | None, container: str) -> int:
    if not item_id:
        return 0
    return int(item_id[len(container):])


def parse(path: str = SOURCE, known_ids: set[str] | None = None) -> ParsedDoc:
    """Parse Introduction, Definitions and Laws 1-93 of seed 000 (en + zh-Hant)."""
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    doc = ParsedDoc("wbf2017", ("en", "zh-Hant"))
    lines, doc.repairs = apply_fixes(path, lines)
    _CHAR_FREQ.clear()
    _CHAR_FREQ.update(Counter(c for line in lines for c in line if "\u4e00" <= c <= "\u9fff"))
    known = known_ids or set()

    intro = next(i for i, l in enumerate(lines) if l.startswith("INTRODUCTION TO THE 2017 LAWS"))
    toc = next(i for i, l in enumerate(lines) if l.strip() == "Table of Contents" and i > intro)
    defs = [i for i, l in enumerate(lines) if l.startswith("DEFINITIONS 定義")][-1]
    law1 = next(i for i, l in enumerate(lines) if l.startswith("LAW 1 -") and i > defs)
    end = [i for i, l in enumerate(lines) if l.startswith("INDEX TO THE 2017 LAWS")][-1]

    _parse_intro(doc, lines, intro, toc, path)
    from ingest.sources.wbf2017_definitions import parse_definitions   # the Definitions have their own layout
    parse_definitions(doc, lines[defs + 1:law1], defs + 2, path)
    _parse_laws(doc, lines, law1, end, path, known)
    for prov in doc.provisions.values():
        if prov.law in REVISED_2024:
            for e in prov.expressions.values():
                e.state = "2024"
    return doc


def _add(doc: ParsedDoc, prov: Provision, en: str, zh: str, lineno: int, path: str) -> None:
    """Append an English and a Chinese piece (either may be empty) to a provision, repairing."""
    if en:
        en = _clean_en(doc, en, lineno, path, prov.id)
        prov.expr("en").add_text(en, path, lineno)
    if zh:
        zh = _clean_zh(doc, zh, lineno, path, prov)
        prov.expr("zh-Hant").add_text(zh, path, lineno)


def _clean_en(doc: ParsedDoc, en: str, lineno: int, path: str, pid: str) -> str:
    fixed, changes = fix_suit_symbols(en)
    for before, after in changes:
        doc.repair(path, lineno, "garbled-symbol", before, after, "suit symbol must match the suit named", pid)
    return fixed


def _clean_zh(doc: ParsedDoc, zh: str, lineno: int, path: str, prov: Provision) -> str:
    original = zh
    zh, n_dots = fix_dot_commas(zh)
    zh, n_spaces = fix_cjk_spaces(zh)
    zh, changes = fix_suit_symbols(zh)
    if n_dots:
        doc.repair(path, lineno, "garbled-symbol", "·", "，", f"{n_dots} full-width comma(s) extracted as a middle dot", prov.id)
    if n_spaces:
        doc.repair(path, lineno, "line-wrap-space", original, zh, f"{n_spaces} space(s) from the PDF line wrap removed between Chinese characters", prov.id)
    for before, after in changes:
        doc.repair(path, lineno, "garbled-symbol", before, after, "suit symbol must match the suit named", prov.id)
    prev = prov.expressions.get("zh-Hant")
    if prev and prev.last_piece and _ocr_duplicate(prev.last_piece, zh):
        # two extractions of one Chinese line, one of them garbled OCR: keep the cleaner
        if _cleanliness(zh) > _cleanliness(prev.last_piece):
            doc.repair(path, lineno, "duplicate-extraction", prev.last_piece, zh,
                       "garbled OCR copy of this line read just before; replaced by the clean copy", prov.id)
            prev.text = prev.text[: len(prev.text) - len(prev.last_piece)] + zh
            prev.last_piece = zh
            prev.add_line(path, lineno)
        else:
            doc.repair(path, lineno, "duplicate-extraction", original, "",
                       "garbled OCR copy of the Chinese just read; dropped", prov.id)
        return ""
    if prev and prev.text and not re.search(f"[{_ZH_END}]$", prev.text) and not re.match(r"^[(（\d]", zh):
        doc.repair(path, lineno, "joined-broken-line", prev.text[-20:] + " | " + zh[:20], prev.text[-20:] + zh[:20],
                   "Chinese sentence broken across lines by a page or column break", prov.id)
        prev.text += zh          # Chinese joins without a space
        prev.add_line(path, lineno)
        return ""
    return zh


def _ocr_duplicate(previous: str, line: str) -> bool:
    """The extraction sometimes repeats a Chinese line as garbled OCR (岩無費貝犯 for 若無賽員犯錯):
    a line of similar length sharing most of its characters with the end of the text just read."""
    tail = previous[-len(line) - 10:]
    if len(line) < 12 or abs(len(tail) - len(line)) > len(line):
        return False
    return SequenceMatcher(None, tail, line, autojunk=False).ratio() > 0.6


_CHAR_FREQ: dict[str, int] = {}


def _cleanliness(zh: str) -> float:
    """Mean log-frequency of a line's characters in the whole Traditional text: OCR garble
    (岩, 亚, 矯止) uses characters the Laws rarely use."""
    import math
    chars = [c for c in zh if "\u4e00" <= c <= "\u9fff"]
    return sum(math.log(1 + _CHAR_FREQ.get(c, 0)) for c in chars) / max(1, len(chars))


def _parse_intro(doc: ParsedDoc, lines: list[str], start: int, stop: int, path: str) -> None:
    head = lines[start]
    prov = doc.provision("Introduction", "law", None, None)
    for en, zh in split_en_zh(head):
        prov.expr("en").title, prov.expr("zh-Hant").title = en, zh
        prov.expr("en").add_line(path, start + 1)
        prov.expr("zh-Hant").add_line(path, start + 1)
    for i in range(start + 1, stop):
        if lines[i].strip():
            for en, zh in split_en_zh(lines[i]):
                _add(doc, prov, en, zh, i + 1, path)


def _strip_footnote_markers(doc: ParsedDoc, text: str, lineno: int, path: str, st: _State,
                            markers: dict[str, str]) -> str:
    """Remove footnote markers (legal⁸, ^{8、}) from running text, remembering where they were."""
    def sup(m: re.Match) -> str:
        num = m.group(1).translate(str.maketrans(_SUP, "0123456789"))
        markers[num] = st.current or str(st.law)
        doc.repair(path, lineno, "footnote-marker", m.group(0), "", f"footnote {num} marker removed", markers[num])
        return ""

    def sup_zh(m: re.Match) -> str:
        markers.setdefault(m.group(1), st.current or str(st.law))
        doc.repair(path, lineno, "footnote-marker", m.group(0), m.group(2), f"footnote {m.group(1)} marker removed", markers[m.group(1)])
        return m.group(2)

    return _SUP_MARK.sub(sup, _SUP_ZH_MARK.sub(sup_zh, text))


def _parse_laws(doc: ParsedDoc, lines: list[str], start: int, stop: int, path: str, known: set[str]) -> None:
    st = _State()
    markers: dict[str, str] = {}          # footnote number -> provision carrying the marker
    i = start
    while i < stop:
        raw = lines[i]
        lineno = i + 1
        i += 1
        if not raw.strip():
            continue
        if raw.strip() == "```":
            doc.repair(path, lineno, "stray-markup", raw, "", "code-fence line from the extraction dropped")
            continue

        m = _LAW.match(raw)
        if m:
            n = int(m.group(1))
            title = _strip_footnote_markers(doc, m.group(2), lineno, path, st, markers)
            st.__init__()
            st.law = n
            prov = doc.provision(str(n), "law", n, "wbf2017")
            st.current = prov.id
            markers_title = _SUP_MARK.search(m.group(2))
            if markers_title:
                markers[markers_title.group(1).translate(str.maketrans(_SUP, "0123456789"))] = prov.id
            _set_titles(doc, prov, title, n, lineno, path)
            continue
        if st.law is None:
            doc.unparsed.append((Span(path, lineno, lineno), "text before Law 1"))
            continue

        m = _SECTION.match(_BULLET.sub("", raw.strip(), count=1))
        if m and m.group(1) == st.next_section:
            letter = m.group(1)
            st.next_section = _next_letter(letter)
            sid = f"{st.law}{letter}"
            prov = doc.provision(sid, "section", st.law, str(st.law))
            st.section, st.item, st.sub, st.subsub, st.current = sid, None, None, None, sid
            if raw.strip().startswith("-"):
                doc.repair(path, lineno, "stray-bullet", "- ", "", "bullet before a section letter dropped", sid)
            heading = _strip_footnote_markers(doc, m.group(2), lineno, path, st, markers)
            en_head = split_en_zh(heading)[0][0]
            if len(en_head) > 70 or re.search(r"([.:;,]|[;,] (or|and))$", en_head) or en_head[:1].islower():
                # no title: the letter introduces the section's text (e.g. 89A "It is an offence to:"),
                # or is a clause of a list (71A "if a player conceded a trick ...; or", 56A "..., or")
                for en, zh in split_en_zh(heading):
                    _add(doc, prov, en, zh, lineno, path)
            else:
                _set_titles(doc, prov, heading, st.law, lineno, path)
            continue

        fm = _FOOTNOTE_EN.match(raw.strip()) or _FOOTNOTE_ZH.match(raw.strip())
        if fm and (raw.strip()[0] in _SUP or raw.strip().startswith("^{")):
            _footnote(doc, raw.strip(), lineno, path, markers, st)
            continue

        _body_line(doc, raw, lineno, path, st, known, markers, lines, i, stop)


def _set_titles(doc: ParsedDoc, prov: Provision, title: str, law: int, lineno: int, path: str) -> None:
    (en, zh), *rest = split_en_zh(title)
    prov.expr("en").title = en
    prov.expr("en").add_line(path, lineno)
    if zh:
        fixed, n = fix_cjk_spaces(zh)
        if n:
            doc.repair(path, lineno, "line-wrap-space", zh, fixed, "space from the PDF line wrap removed in a title", prov.id)
        prov.expr("zh-Hant").title = fixed
        prov.expr("zh-Hant").add_line(path, lineno)


def _footnote(doc: ParsedDoc, text: str, lineno: int, path: str, markers: dict[str, str], st: _State) -> None:
    m = re.match("^\\^\\{(\\d+)([^}]*)\\}\\s*(.*)$", text)
    if m:
        num, body = m.group(1), (m.group(2) + m.group(3)).strip()
    else:
        sup = re.match(f"^([{_SUP}]+)\\s*(.*)$", text)
        num, body = sup.group(1).translate(str.maketrans(_SUP, "0123456789")), sup.group(2)
    lang = "zh-Hant" if has_cjk(body[:4]) else "en"
    if lang == "zh-Hant":
        body, _ = fix_dot_commas(body)
    owner = markers.get(num, st.current or str(st.law))
    note = Footnote(num, lang, body.strip(), Span(path, lineno, lineno), owner)
    doc.footnotes.append(note)
    if lang == "zh-Hant" and not re.search(f"[{_ZH_END}]$", note.text):
        st.open_footnote = note


def _body_line(doc: ParsedDoc, raw: str, lineno: int, path: str, st: _State, known: set[str],
               markers: dict[str, str], lines: list[str], nxt: int, stop: int) -> None:
    """A line of law text: find its item markers (restoring lost ones), then its two languages."""
    indent = len(raw) - len(raw.lstrip())
    text = raw.strip()
    note, st.open_footnote = st.open_footnote, None
    if note and not split_en_zh(text)[0][0]:
        # the end of a Chinese footnote, carried over a page break (89C: footnote 28 "…紀律行 | 動。")
        doc.repair(path, lineno, "joined-broken-line", f"{note.text[-10:]} | {text[:10]}", note.text[-10:] + text[:10],
                   f"end of footnote {note.number} after a page break", note.provision)
        note.text += text
        note.span.extend(lineno)
        return
    bullet = bool(_BULLET.match(text))
    if bullet:
        text = _BULLET.sub("", text, count=1)
    if not split_en_zh(text)[0][0]:
        # the translation of the paragraph just read (it may be indented like its English)
        _add_pairs(doc, text, lineno, path, st, known, markers, lines, nxt, stop)
        return

    number = _NUMBER.match(text)
    if st.section is None:
        # Laws without sections carry no items in the Index (an item "1" of Law 2 would be
        # "21", Law 21's id): numbered lines there are text, e.g. Law 2's flattened table.
        if number:
            doc.unparsed.append((Span(path, lineno, lineno), f"numbered line in Law {st.law}, which has no sections: kept as text"))
        _add_pairs(doc, text, lineno, path, st, known, markers, lines, nxt, stop)
        return
    lost = (bullet or indent > 0) and not number
    if number:
        text = text[number.end():]
        _open_item(doc, st, int(number.group(1)), lineno, path, restored=None)
        en_head = split_en_zh(text)[0][0]
        if _is_title(en_head):
            # a titled item (86B1 "Single Result Obtained 僅獲得單一結果"; 86B2's title carries footnote 27)
            title = _strip_footnote_markers(doc, text, lineno, path, st, markers)
            _set_titles(doc, doc.provisions[st.item], title, st.law, lineno, path)
            return
    if text.startswith("(I) ") and st.sub and st.sub.endswith("(k)"):
        doc.repair(path, lineno, "garbled-symbol", "(I)", "(l)", "OCR read the sub-item letter l as a capital I", st.sub)
        text = "(l)" + text[3:]
    paren = _PAREN.match(text)
    if paren:
        text = text[paren.end():]
        # "- (a)" at the margin starts a new item whose number was lost (27B1(a), 15A2(a));
        # sub-items of an open item are indented (" - (b)")
        lost_item = bullet and indent == 0 and not number and paren.group(1) == "a"
        if lost_item and known and st.item:
            # the Simplified edition's numbering settles it where it has either id (16B1(a) vs 15A2(a))
            cont, n = st.container(), _item_number(st.item, st.container())
            if f"{cont}{n}(a)" in known and f"{cont}{n + 1}(a)" not in known:
                lost_item = False
        _open_paren(doc, st, paren.group(1), lineno, path, raw, lost_item)
        second = _PAREN.match(text)
        if second and second.group(1) in _ROMAN:
            # "(g) (i) to arrange ...": the sub-item's first sub-sub-item on the same line
            text = text[second.end():]
            _open_paren(doc, st, second.group(1), lineno, path, raw)
    elif lost:
        _open_lost(doc, st, lineno, path, raw, known)
    elif not number and st.item and not paren:
        _maybe_unmarked_item(doc, st, lineno, path, raw, known, lines, nxt, stop)

    _add_pairs(doc, text, lineno, path, st, known, markers, lines, nxt, stop)


def _add_pairs(doc: ParsedDoc, text: str, lineno: int, path: str, st: _State, known: set[str],
               markers: dict[str, str], lines: list[str], nxt: int, stop: int) -> None:
    """Add a line's English and Chinese to the current provision; a marked item that runs on
    after the translation on the same line is split off and opened as its own item."""
    text = _strip_footnote_markers(doc, text, lineno, path, st, markers)
    first, *rest = split_en_zh(text)
    _add(doc, doc.provisions[st.current], first[0], first[1], lineno, path)
    for en, zh in rest:
        if _NUMBER.match(en) or _PAREN.match(en):
            doc.repair(path, lineno, "joined-broken-line", f"…{first[1][-10:]} {en[:12]}…", en[:12],
                       "the next item's marker ran on after a translation; split into its own line", st.current)
            _body_line(doc, f"{en} {zh}".strip(), lineno, path, st, known, markers, lines, nxt, stop)
        else:
            _add(doc, doc.provisions[st.current], en, zh, lineno, path)


def _is_title(en: str) -> bool:
    """A heading rather than a sentence: short, no closing punctuation, words capitalised."""
    words = en.split()
    return (0 < len(en) < 70 and not re.search(r"[.:;,)]$", en)
            and sum(w[:1].isupper() for w in words) >= max(1, len(words) - 2))


def _open_item(doc: ParsedDoc, st: _State, n: int, lineno: int, path: str, restored: str | None) -> None:
    cont = st.container()
    iid = f"{cont}{n}"
    prov = doc.provision(iid, "item", st.law, cont)
    st.item, st.sub, st.subsub, st.current = iid, None, None, iid
    if restored:
        doc.repair(path, lineno, "lost-list-number", restored, f"{n}.", f"item number restored as {iid} by counting", iid)
    _ = prov


def _open_paren(doc: ParsedDoc, st: _State, mark: str, lineno: int, path: str, raw: str,
                lost_item: bool = False) -> None:
    sub_letter = st.sub[-2] if st.sub else None
    # (i) after (h) is a letter, not a roman numeral
    letter_next = sub_letter is not None and mark == _next_letter(sub_letter)
    if st.sub and mark in _ROMAN and not letter_next:
        sid = f"{st.sub}({mark})"
        doc.provision(sid, "subsubitem", st.law, st.sub)
        st.subsub, st.current = sid, sid
        return
    if not st.item or lost_item:
        # item number lost before "(a)" (e.g. "- (a)" for 27B1(a))
        _open_item(doc, st, _item_number(st.item, st.container()) + 1, lineno, path, restored=raw.strip()[:2])
    sid = f"{st.item}({mark})"
    doc.provision(sid, "subitem", st.law, st.item)
    st.sub, st.subsub, st.current = sid, None, sid


def _open_lost(doc: ParsedDoc, st: _State, lineno: int, path: str, raw: str, known: set[str]) -> None:
    """A bullet or indented English paragraph without its number: the next item."""
    cont = st.container()
    n = _item_number(st.item, cont) + 1
    _open_item(doc, st, n, lineno, path, restored=raw[: len(raw) - len(raw.lstrip()) + 2].strip() or "(indent)")
    if known and f"{cont}{n}" not in known:
        doc.repairs[-1].note += "; NOT in the Simplified edition's structure, check by hand"


def _maybe_unmarked_item(doc: ParsedDoc, st: _State, lineno: int, path: str, raw: str, known: set[str],
                         lines: list[str], nxt: int, stop: int) -> None:
    """An unmarked English paragraph after an item: a new item whose number was lost, or
    the item's next paragraph? If an explicit next number follows in this section, it is a
    continuation; otherwise the Simplified edition's structure decides."""
    if raw.lstrip()[:1].islower():
        return   # a sentence broken across lines (58B3 "to that trick may withdraw ...")
    item_en = doc.provisions[st.item].expressions.get("en")
    if item_en is not None and item_en.title and not item_en.text:
        return   # the text of a titled item (86B2 "Multiple Results Obtained ...")
    cont = st.container()
    n = _item_number(st.item, cont) + 1
    explicit = re.compile(rf"^\s*(-\s+)?{n}\.\s")
    for j in range(nxt, stop):
        if _LAW.match(lines[j]) or _SECTION.match(lines[j]):
            break
        if explicit.match(lines[j]):
            return
    if f"{cont}{n}" in known:
        _open_item(doc, st, n, lineno, path, restored="(none)")
        doc.repairs[-1].note += "; unmarked paragraph taken as a new item because the Simplified edition has it"
