"""Parser for seed 002, second part: the 2017 Laws of Duplicate Bridge in Simplified Chinese.

The file holds two documents. Lines 1-197: the CCBA competition rules' table of contents
(中国桥牌竞赛规则) and then the Laws' own table of contents (`# 世界桥牌联合会复式桥牌规则`);
then the body of the CCBA rules; then, from `# 复式桥牌规则`, the Laws proper:
a title page, `## 导 言` (the Introduction), `# 第一章 定义` (the Definitions,
`**比赛 (Event)** 指…`), then `第 1 条 …` to `第 93 条 …` with chapter headings mixed in.

Shape of the Laws text (a markdown extraction of a PDF):
  - laws    `## 第 27 条 不足叫牌`, `## **第 26 条 …**`, `# **第 73 条 …**`, `### 第 1 条 牌`
  - sections `### A. 标题`, `#### **A. 标题**`, sometimes `## **B. …**` (a heading-level error),
    or inline `A. text` lines (Laws 22, 35, 56, 71)
  - items `1.`; sub-items `(a)` / `（a）`, also `1. (a) …` on one line; sub-sub-items `(1)` `(2)`
    (the Laws' Index numbers them `(i)` `(ii)`; the id uses the roman form)
  - footnote markers `<sup>1</sup>`, footnote texts `<sup>1</sup> text` at the foot of each
    page (numbered per page), often after a `---` rule, often in the middle of a sentence
    that a page break cut in two
  - tables (Law 2 board table, Law 77 scoring table, Law 78B IMP scale) as tab-separated rows

Every change to the source text is recorded as a Repair; every line of the Laws part ends
up in a provision, a term, a footnote, or `ParsedDoc.unparsed` with a reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ingest.model import Expression, Footnote, ParsedDoc, Span, Term

SOURCE = "sources/002_1d174f04155fa5c3.txt"
ROOT = Path(__file__).resolve().parents[2]
LANG = "zh-Hans"
STATE = "2017"   # this Simplified text predates the 2024 revision (its Law 89 is 个人赛中的纠正)

_HEADING = re.compile(r"^(#+)\s*(.*?)\s*$")
_MARKUP = re.compile(r"\*\*|</?b>|</?i>")
_LAW = re.compile(r"^第\s*(\d{1,2})\s*条\s*(.+)$")
_CHAPTER = re.compile(r"^第[一二三四五六七八九十]+章")
_SECTION = re.compile(r"^([A-Z])\.\s*(.+)$")
_ITEM = re.compile(r"^(\d{1,2})\.(?!\d)\s*(.*)$")
_SUB = re.compile(r"^[(（]([a-z])[)）]\s*(.*)$")
_SUBSUB = re.compile(r"^[(（](\d{1,2})[)）]\s*(.*)$")
_BULLET = re.compile(r"^-\s+")
_SUP = re.compile(r"<sup>(\d+)</sup>")
_FOOTNOTE = re.compile(r"^<sup>(\d+)</sup>\s*(.*)$")
_TERM = re.compile(r"^\*\*(.+?)\s*[(（]\s*(.+?)\s*[)）]\s*\*\*\s*(.*)$")
_SENTENCE_END = tuple("。：；:;！？!?")
_NO_PUNCT = re.compile(r"^[^，。：；、,.;:（）()]{1,20}$")
_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])")
_ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]

# English labels in this edition's Definitions that differ from the key of the English
# Definitions (seed 000): label -> (key, repair kind, note)
_TERM_KEYS = {
    "RH0": ("rho", "garbled-symbol", "digit 0 for the letter O in the English label 'RHO'"),
    "LH0": ("lho", "garbled-symbol", "digit 0 for the letter O in the English label 'LHO'"),
    "Honor": ("honour", "term-key-normalised", "the Laws' English label is 'Honour'"),
    "Withdraw": ("withdrawn", "term-key-normalised", "the Laws' English label is 'Withdrawn'"),
    "Presumed Dealer": ("presumed-declarer", "term-label-mismatch",
                        "the definition (如果没有违例出现就将成为庄家的牌手) is the Laws' 'Presumed "
                        "Declarer'; the English label in this edition says 'Dealer'"),
}


# Hand repairs, each found by an anchor unique in the Laws part (a fix whose anchor is gone
# raises, so the table cannot go stale silently): (anchor, before, after, kind, note)
_HAND_FIXES = [
    ("当庄家或者任何防家在轮到他 11 出牌时", "他 11 出牌", "他出牌", "stray-footnote-number",
     "41C: '11' is the English edition's footnote number 11 ('at his own¹¹ turn to play') left in the "
     "running text; this edition gives that footnote as footnote 3 of 41B"),
]


class StaleFix(ValueError):
    pass


def term_key(label: str) -> str:
    """'Adjusted Score' -> 'adjusted-score'; 'International Matchpoint — IMP' -> 'international-matchpoint'."""
    label = re.split(r"\s+[(—–-]", label)[0]
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def _clean(s: str) -> str:
    return _MARKUP.sub("", s).strip()


def _join(a: str, b: str) -> str:
    """Join two halves of a sentence a page break cut apart.

    No space between Chinese characters; a space where a Latin letter or digit meets a
    Chinese character or another word (the source's own spacing: `第 54 条 A 款`, `(♥, Heart)`)."""
    if not a or not b:
        return a + b
    x, y = a[-1], b[0]
    word = lambda c: c.isascii() and c.isalnum()
    cjk_punct = "，。；：、（）“”《》【】—"
    if word(x) and (word(y) or not y.isascii()) and y not in cjk_punct:
        return f"{a} {b}"
    if word(y) and (x in ",;:" or (not x.isascii() and x not in cjk_punct)):
        return f"{a} {b}"
    return a + b


def _is_open(piece: str) -> bool:
    """True if a line of text stops mid-sentence (no sentence-final punctuation)."""
    return not piece.rstrip().endswith(_SENTENCE_END)


@dataclass
class _State:
    law: int | None = None
    law_level: int = 0
    section: str | None = None      # ids
    item: str | None = None
    sub: str | None = None
    subsub: str | None = None
    current: str | None = None      # provision receiving new paragraphs
    inline_law: bool = False        # law whose sections are inline `A. text` lines
    flat: bool = False              # Law 77: the scoring table, kept as the law's text
    target: str | None = None       # provision that received the last line of text
    last_piece: str = ""            # that line's text
    last_line: int = 0
    open: bool = False              # that line stopped mid-sentence

    def container(self) -> str:
        return self.section or str(self.law)


class _Parser:
    def __init__(self, lines: list[str], file: str) -> None:
        self.lines = lines
        self.file = file
        self.doc = ParsedDoc(doc="wbf2017", langs=(LANG,))
        self.st = _State()
        self.pending: list[tuple[str, str, int]] = []   # footnote markers: (number, provision, line)
        self.table: list[tuple[int, str]] = []
        self.last_item: dict[str, int] = {}             # container id -> last item number seen

    # --- helpers -------------------------------------------------------------------------

    def repair(self, line: int, kind: str, before: str, after: str, note: str = "",
               provision: str | None = None) -> None:
        self.doc.repair(self.file, line, kind, before, after, note, provision)

    def unparsed(self, first: int, last: int, why: str) -> None:
        self.doc.unparsed.append((Span(self.file, first, last), why))

    def expr(self, pid: str) -> Expression:
        e = self.doc.provisions[pid].expr(LANG)
        e.state = STATE
        return e

    def strip_markers(self, text: str, line: int, pid: str) -> str:
        """Remove `<sup>n</sup>` from text, remembering which provision carries footnote n."""
        def drop(m: re.Match) -> str:
            self.pending.append((m.group(1), pid, line))
            self.repair(line, "footnote-marker", m.group(0), "", f"footnote {m.group(1)} marker removed", pid)
            return ""
        return _SUP.sub(drop, text).strip()

    def add_text(self, pid: str, text: str, line: int) -> None:
        """A new paragraph (or the rest of a marker line) of provision `pid`."""
        text = self.strip_markers(text, line, pid)
        e = self.expr(pid)
        e.add_line(self.file, line)
        if text:
            e.add_text(text, self.file, line)
        st = self.st
        st.target, st.last_piece, st.last_line = pid, text, line
        st.open = bool(text) and _is_open(text)

    def continue_text(self, text: str, line: int) -> None:
        """The second half of a sentence a page break (or a footnote block) cut in two."""
        st = self.st
        text = self.strip_markers(text, line, st.target)
        e = self.expr(st.target)
        joined = _join(st.last_piece, text)
        e.text = _join(e.text, text)
        e.add_line(self.file, line)
        self.repair(line, "joined-broken-line", f"{st.last_piece}\n{text}", joined,
                    f"line {line} continues line {st.last_line} across a page break", st.target)
        st.last_piece, st.last_line, st.open = joined, line, _is_open(joined)

    def title(self, pid: str, title: str, line: int) -> None:
        title = self.strip_markers(title, line, pid)
        fixed = _CJK_SPACE.sub("", title)
        if fixed != title:
            self.repair(line, "letter-spacing", title, fixed, "letter-spacing space in a title removed", pid)
        e = self.expr(pid)
        e.title = fixed
        e.add_line(self.file, line)
        self.st.open = False

    def flush_table(self) -> None:
        """Tab-separated rows: kept as the current provision's text, whitespace-normalised."""
        if not self.table:
            return
        st = self.st
        pid = st.current
        rows = [re.sub(r"\s+", " ", raw.strip()) for _, raw in self.table]
        flat = " ".join(rows)
        e = self.expr(pid)
        e.add_text(flat, self.file, self.table[0][0])
        for n, _ in self.table:
            e.add_line(self.file, n)
        self.repair(self.table[0][0], "flattened-table", "\n".join(raw for _, raw in self.table), flat,
                    f"table of {len(rows)} rows (lines {self.table[0][0]}-{self.table[-1][0]}) "
                    "flattened: cells and rows separated by single spaces", pid)
        st.target, st.last_piece, st.last_line, st.open = pid, flat, self.table[-1][0], False
        self.table = []

    # --- structure -----------------------------------------------------------------------

    def open_law(self, n: int, title: str, level: int, line: int) -> None:
        pid = str(n)
        if pid in self.doc.provisions:
            self.unparsed(line, line, f"second heading for Law {n}")
            return
        self.doc.provision(pid, "law", n, None)
        self.st = _State(law=n, law_level=level, current=pid, flat=(n == 77))
        self.title(pid, title, line)
        if level == 1:
            self.repair(line, "heading-level", self.lines[line - 1].strip(), f"## 第 {n} 条 {title}",
                        f"Law {n} heading at chapter level (#); read as a law", pid)

    def open_section(self, letter: str, line: int) -> str:
        st = self.st
        pid = f"{st.law}{letter}"
        expected = chr(ord(self._last_section_letter()) + 1) if self._last_section_letter() else "A"
        if letter != expected:
            self.unparsed(line, line, f"note: section {pid} follows {expected!r} expected (kept as {pid})")
        self.doc.provision(pid, "section", st.law, str(st.law))
        st.section, st.item, st.sub, st.subsub, st.current = pid, None, None, None, pid
        return pid

    def _last_section_letter(self) -> str | None:
        law = str(self.st.law)
        secs = [p.id[len(law):] for p in self.doc.provisions.values()
                if p.kind == "section" and p.law == self.st.law]
        return secs[-1] if secs else None

    def open_item(self, n: int, line: int) -> str:
        st = self.st
        cont = st.container()
        last = self.last_item.get(cont, 0)
        if n == last + 2 and f"{cont}{last + 1}" not in self.doc.provisions:
            self.repair(line, "item-renumbered", f"{n}.", f"{last + 1}.",
                        f"item {last + 1} of {cont} is numbered {n} in the source (no item {last + 1}); "
                        f"numbered {cont}{last + 1} as in the Laws' Index", f"{cont}{last + 1}")
            n = last + 1
        elif n != last + 1:
            self.unparsed(line, line, f"note: item {n} of {cont} follows item {last}")
        self.last_item[cont] = n
        pid = f"{cont}{n}"
        self.doc.provision(pid, "item", st.law, cont)
        st.item, st.sub, st.subsub, st.current = pid, None, None, pid
        return pid

    def open_sub(self, letter: str, line: int) -> str:
        st = self.st
        parent = st.item or st.container()
        pid = f"{parent}({letter})"
        if pid in self.doc.provisions:
            self.unparsed(line, line, f"note: second sub-item {pid}")
        self.doc.provision(pid, "subitem", st.law, parent)
        st.sub, st.subsub, st.current = pid, None, pid
        return pid

    def open_subsub(self, n: int, line: int) -> str:
        st = self.st
        roman = _ROMAN[n - 1]
        pid = f"{st.sub}({roman})"
        self.repair(line, "subsubitem-numbering", f"({n})", f"({roman})",
                    f"sub-sub-item ({n}) identified as {pid}, as the Laws' Index numbers them", pid)
        self.doc.provision(pid, "subsubitem", st.law, st.sub)
        st.subsub, st.current = pid, pid
        return pid

    def _is_sub(self, letter: str) -> bool:
        """`(i)` after `(h)` is a letter; a roman numeral is a sub-sub-item only under a sub-item."""
        st = self.st
        if letter not in _ROMAN or not st.sub:
            return True
        prev = st.sub[-2]
        return ord(letter) == ord(prev) + 1

    # --- the parts of the file -----------------------------------------------------------

    def parse(self) -> ParsedDoc:
        L = self.lines
        toc = next(i for i, l in enumerate(L) if l.strip() == "# 世界桥牌联合会复式桥牌规则")
        toc_end = next(i for i in range(toc + 1, len(L)) if L[i].startswith("# "))
        body = next(i for i in range(toc_end, len(L)) if L[i].strip() == "# 复式桥牌规则")
        intro = next(i for i in range(body, len(L)) if re.match(r"^#+\s*导\s*言\s*$", L[i]))
        defs = next(i for i in range(intro, len(L)) if re.match(r"^#+\s*第一章\s*定\s*义\s*$", L[i]))
        laws = next(i for i in range(defs + 1, len(L)) if L[i].startswith("#"))

        last_toc = max(i for i in range(toc, toc_end) if L[i].strip())
        self.unparsed(toc + 1, last_toc + 1, "table of contents of the Laws (skipped)")
        self.unparsed(toc_end + 1, body, "body of the CCBA competition rules (中国桥牌竞赛规则), not part of the Laws")
        last_title = max(i for i in range(body, intro) if L[i].strip())
        self.unparsed(body + 1, last_title + 1,
                      "title page of the Laws: " + " / ".join(l.strip() for l in L[body:intro] if l.strip()))

        for anchor, before, after, kind, note in _HAND_FIXES:
            hits = [i for i in range(body, len(L)) if anchor in L[i]]
            if len(hits) != 1:
                raise StaleFix(f"hand fix anchor {anchor!r} found {len(hits)} times")
            i = hits[0]
            L[i] = L[i].replace(before, after, 1)
            self.repair(i + 1, kind, before, after, note)

        self.parse_intro(intro, defs)
        self.parse_definitions(defs, laws)
        self.parse_laws(laws, len(L))
        self.flush_table()
        for num, pid, line in self.pending:
            self.unparsed(line, line, f"footnote marker {num} in {pid} has no footnote text")
        return self.doc

    def parse_intro(self, start: int, stop: int) -> None:
        doc = self.doc
        doc.provision("Introduction", "law", None, None)
        self.title("Introduction", _clean(_HEADING.match(self.lines[start]).group(2)), start + 1)
        for i in range(start + 1, stop):
            if self.lines[i].strip():
                self.add_text("Introduction", self.lines[i].strip(), i + 1)

    def parse_definitions(self, start: int, stop: int) -> None:
        doc = self.doc
        doc.provision("Definitions", "law", None, None)
        e = self.expr("Definitions")
        e.title = "定义"
        e.add_line(self.file, start + 1)
        # entries: [zh label, en label, first line, last line, text, last piece, last piece line]
        entries: list[dict] = []
        for i in range(start + 1, stop):
            raw = self.lines[i].strip()
            n = i + 1
            if not raw:
                continue
            m = _TERM.match(raw)
            sub_entry = bool(m) and m.group(2)[0].islower() and bool(entries) and (
                entries[-1]["text"].endswith("：") or entries[-1].get("subs", 0) > 0)
            if m and not sub_entry:
                entries.append({"zh": m.group(1).strip(), "en": m.group(2).strip(), "first": n, "last": n,
                                "text": m.group(3).strip(), "piece": m.group(3).strip(), "line": n})
                continue
            if not entries:
                self.unparsed(n, n, "text before the first definition")
                continue
            cur = entries[-1]
            text = _clean(raw)
            if m:   # a sub-entry (程序性 (procedural) / 纪律性 (disciplinary)) of the entry before
                cur["text"] = f"{cur['text']} {text}"
                cur["piece"] = text
                cur["subs"] = cur.get("subs", 0) + 1
            elif _is_open(cur["piece"]):
                joined = _join(cur["piece"], text)
                cur["text"] = _join(cur["text"], text)
                self.repair(n, "joined-broken-line", f"{cur['piece']}\n{text}", joined,
                            f"line {n} continues line {cur['line']} across a page break",
                            f"term:{term_key(cur['en'])}")
                cur["piece"] = joined
            else:   # a further paragraph of the same definition
                cur["text"] = f"{cur['text']} {text}"
                cur["piece"] = text
            cur["last"], cur["line"] = n, n

        for ent in entries:
            en = ent["en"]
            if en in _TERM_KEYS:
                key, kind, note = _TERM_KEYS[en]
                self.repair(ent["first"], kind, en, key, f"term key: {note}", f"term:{key}")
            else:
                key = term_key(en)
            span = Span(self.file, ent["first"], ent["last"])
            if key in doc.terms:   # the same English term translated as two entries
                t = doc.terms[key]
                before = f"{ent['zh']} ({en}) {ent['text']}"
                t.labels[LANG] = f"{t.labels[LANG]}/{ent['zh']}"
                t.definitions[LANG] = f"{t.definitions[LANG]} {ent['text']}"
                self.repair(ent["first"], "merged-duplicate-term", before, t.labels[LANG],
                            f"second entry for '{en}' (lines {ent['first']}-{ent['last']}) merged into "
                            f"term {key}: labels joined with '/', definitions with a space; the term's "
                            f"span stays that of the first entry", f"term:{key}")
                continue
            doc.terms[key] = Term(key, labels={LANG: ent["zh"]}, definitions={LANG: ent["text"]},
                                  spans={LANG: span})

    def parse_laws(self, start: int, stop: int) -> None:
        L = self.lines
        i = start
        while i < stop:
            raw = L[i]
            n = i + 1
            i += 1
            s = raw.strip()
            if not s:
                continue
            if s == "---":
                self.unparsed(n, n, "footnote separator rule (---)")
                continue
            if "\t" in raw and self.st.law is not None:
                self.table.append((n, raw))
                continue
            self.flush_table()
            fm = _FOOTNOTE.match(s)
            if fm:
                self.footnote(fm.group(1), fm.group(2).strip(), n)
                continue
            hm = _HEADING.match(s)
            if hm:
                self.heading(len(hm.group(1)), _clean(hm.group(2)), n, i)
                continue
            if self.st.law is None:
                self.unparsed(n, n, "text before Law 1")
                continue
            self.body(s, n, i)

    def heading(self, level: int, text: str, n: int, i: int) -> None:
        st = self.st
        m = _LAW.match(text)
        if m:
            self.open_law(int(m.group(1)), m.group(2).strip(), level, n)
            return
        if _CHAPTER.match(text):
            self.unparsed(n, n, f"chapter heading: {text}")
            st.open = False
            return
        if st.law is None:
            self.unparsed(n, n, f"heading before Law 1: {text}")
            return
        if st.flat:   # Law 77: sub-headings of the scoring table are part of its text
            self.add_text(str(st.law), text, n)
            self.repair(n, "heading-as-text", self.lines[n - 1].strip(), text,
                        f"sub-heading of the Law {st.law} scoring table kept as the law's text", str(st.law))
            st.open = False
            return
        m = _SECTION.match(text)
        if m:
            pid = self.open_section(m.group(1), n)
            if level <= st.law_level:
                self.repair(n, "heading-level", self.lines[n - 1].strip(), f"{'#' * (st.law_level + 1)} {text}",
                            f"section heading {m.group(1)}. at the level of its law heading; read as section {pid}",
                            pid)
            self.title(pid, m.group(2).strip(), n)
            return
        m = _ITEM.match(text)
        if m:
            pid = self.open_item(int(m.group(1)), n)
            self.repair(n, "heading-level", self.lines[n - 1].strip(), text,
                        f"item {m.group(1)}. set as a heading; read as item {pid} with a title", pid)
            self.title(pid, m.group(2).strip(), n)
            return
        self.unparsed(n, n, f"unrecognised heading: {text}")

    def body(self, s: str, n: int, i: int) -> None:
        st = self.st
        bm = _BULLET.match(s)
        if bm:
            s = s[bm.end():]
        pid = None

        def bullet(p: str) -> None:
            if bm:
                self.repair(n, "stray-bullet", "- ", "", "markdown bullet before a list marker dropped", p)

        if st.flat:
            if bm:
                bullet(str(st.law))
            if st.open and st.target:
                self.continue_text(s, n)
            else:
                self.add_text(str(st.law), s, n)
            return

        m = _SECTION.match(s)
        last = self._last_section_letter()
        if m and m.group(1) == (chr(ord(last) + 1) if last else "A"):
            pid = self.open_section(m.group(1), n)
            st.inline_law = True
            bullet(pid)
            self.add_text(pid, m.group(2), n)
            return
        m = _ITEM.match(s)
        if m:
            pid = self.open_item(int(m.group(1)), n)
            bullet(pid)
            rest = m.group(2)
            sm = _SUB.match(rest)
            if sm and self._is_sub(sm.group(1)):
                self.expr(pid).add_line(self.file, n)
                self.sub_line(sm.group(1), sm.group(2), n)
                return
            if _NO_PUNCT.match(rest) and self._next_is_plain(i):
                self.title(pid, rest, n)
                return
            self.add_text(pid, rest, n)
            return
        m = _SUB.match(s)
        if m and self._is_sub(m.group(1)) and (st.item or st.section):
            self.sub_line(m.group(1), m.group(2), n, bm is not None)
            return
        m = _SUBSUB.match(s)
        if m and st.sub:
            pid = self.open_subsub(int(m.group(1)), n)
            bullet(pid)
            self.add_text(pid, m.group(2), n)
            return
        # plain text
        if st.open and st.target:
            self.continue_text(s, n)
            return
        target = str(st.law) if st.inline_law else st.current
        self.add_text(target, s, n)

    def sub_line(self, letter: str, rest: str, n: int, bullet: bool = False) -> None:
        pid = self.open_sub(letter, n)
        if bullet:
            self.repair(n, "stray-bullet", "- ", "", "markdown bullet before a list marker dropped", pid)
        m = _SUBSUB.match(rest)
        if m:
            self.expr(pid).add_line(self.file, n)
            spid = self.open_subsub(int(m.group(1)), n)
            self.add_text(spid, m.group(2), n)
            return
        self.add_text(pid, rest, n)

    def _next_is_plain(self, i: int) -> bool:
        """Is the next line of text (skipping footnotes and rules) an unmarked paragraph?"""
        for raw in self.lines[i:]:
            s = raw.strip()
            if not s or s == "---" or _FOOTNOTE.match(s):
                continue
            return not (s.startswith("#") or _ITEM.match(s) or _SUB.match(s) or _SUBSUB.match(s)
                        or _SECTION.match(s) or _BULLET.match(s))
        return False

    def footnote(self, num: str, text: str, n: int) -> None:
        idx = next((k for k, (m, _, _) in enumerate(self.pending) if m == num), None)
        if idx is None:
            owner = self.st.current or str(self.st.law)
            self.unparsed(n, n, f"note: footnote {num} has no marker before it; attached to {owner}")
        else:
            _, owner, _ = self.pending.pop(idx)
        self.doc.footnotes.append(Footnote(num, LANG, text, Span(self.file, n, n), owner))


def parse(path: str = SOURCE) -> ParsedDoc:
    """Parse the Simplified Chinese 2017 Laws (the second part of seed 002)."""
    p = Path(path)
    full = p if p.is_absolute() else ROOT / p
    try:
        file = full.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        file = str(path)
    lines = full.read_text(encoding="utf-8").split("\n")
    return _Parser(lines, file).parse()


def summary(doc: ParsedDoc) -> str:
    from collections import Counter
    out = []
    kinds = Counter(p.kind for p in doc.provisions.values())
    out.append("provisions: " + ", ".join(f"{k} {v}" for k, v in kinds.items()) + f" (total {len(doc.provisions)})")
    out.append(f"laws: {sum(1 for p in doc.provisions.values() if p.kind == 'law' and p.law)}")
    out.append(f"terms: {len(doc.terms)}   footnotes: {len(doc.footnotes)}")
    out.append("repairs: " + ", ".join(f"{k} {v}" for k, v in Counter(r.kind for r in doc.repairs).most_common()))
    reasons = Counter(re.sub(r":.*", "", why) for _, why in doc.unparsed)
    out.append("unparsed: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    for span, why in doc.unparsed:
        if not why.startswith(("footnote separator", "chapter heading")):
            out.append(f"  {span.first}-{span.last}: {why[:110]}")
    return "\n".join(out)


if __name__ == "__main__":
    print(summary(parse()))
