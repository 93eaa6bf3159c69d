"""複式合約橋藝競賽輔助規則 (Chinese Taipei Contract Bridge Association, competition regulations,
Traditional Chinese): seed 001, its appendix (附錄, line 2867 to the end; the 1987 Laws before it
are another parser's) -> laws_ttl/twreg.ttl, twreg.zh-Hant.ttl, twreg.repairs.ttl.

16 chapters (第一章 總則 .. 第十六章 論隊賽勝分表), 84 articles (第一條 .. 第八四條; the source
writes 21-99 in the compact form 第二一條, and 33 once as 卅三). Structure and ids (`twreg:` prefix
in lookups and citations), following the Taiwan legal convention 條 > 項 > 款 that the text
itself uses (第十二條第三項 is item 3. of article 12):

| level | source            | class        | id         |
| ----- | ----------------- | ------------ | ---------- |
| 條    | `第十二條：…`      | bl:Article   | `12`       |
| 項    | `3.`              | bl:Paragraph | `12-3`     |
| 款    | `（1）`            | bl:Clause    | `13-2(1)`  |

An article's words after `：` are its title when they are a name rather than a sentence
(`第五條：論隊賽之報名`, `第八一條：打牌過程中，該牌之競叫過程應予遮蓋` followed by its text);
otherwise they are the start of its text. Lines a page or column break cut mid-sentence are joined
(joined-broken-line repairs); runs of spaces in the flattened tables of 31, 32 and 36 are closed
to one. The tables of 第八二-八四條 (the WBF 25-VP IMP-to-VP scale, the multi-team and the
multi-stage VP scales) are not copied into the text: the articles carry their titles and the
source span of the whole table, and ingest/extract/schedules.py reads the rows.

References: `橋規25至27條` -> wbf2017:25, 26, 27; `橋規39條` -> wbf2017:39; `依16條傳遞異常消息`
-> wbf2017:16 (a bare number is this regulation's own article, except before 傳遞異常消息,
unauthorized information, the subject of Law 16). The regulations were written against the
1987 Laws; the law numbers cited have the same subjects in the 2017 Laws, to which they are
resolved. Within the regulations: `十一條` / `本規則十三條` / `卅三條` -> 11 / 13 / 33;
`29條5規定` -> 29-5; `第十二條第三項` -> 12-3; `本條2款` -> this article's 2. Article 41's
`除第四十一條…之情況外` names itself (probably 第四十四條, the multi-team substitutions): it is
reported as unresolved, not guessed. Types: after 參照/參閱/見 `see`, after 依/依照/按/按照/
根據/依據 `applies`, otherwise `mention`.
"""
from __future__ import annotations

import re
from pathlib import Path

from ingest.extract.cross_refs import Ref
from ingest.model import ParsedDoc, Span
from ingest.regulations import CN_NUMERAL, Chapter, analyse, cn_number, emit_document, figures, known_ids, qualified
from ingest.regulations import print_report as _print_report
from ingest.source_fixes import apply_fixes


def _join(a: str, b: str) -> str:
    """Join two halves of a sentence a line break cut apart: no space, except between two
    Latin letters or digits (`STOP` / `CARD`)."""
    word = lambda c: c.isascii() and c.isalnum()
    return f"{a} {b}" if a and b and word(a[-1]) and word(b[0]) else a + b

DOC = "twreg"
SOURCE = "sources/001_77b6f20d446a4103.txt"
ROOT = Path(__file__).resolve().parents[2]
LANG = "zh-Hant"
TITLES = {"zh-Hant": "中華民國橋藝協會 複式合約橋藝競賽輔助規則",
          "en": "Chinese Taipei Contract Bridge Association: Supplementary Regulations for Duplicate Contract "
                "Bridge Competitions"}
START_MARK = "附    錄"
TABLE_ARTICLES = ("82", "83", "84")

_N = f"[{CN_NUMERAL}]+"
_CHAPTER = re.compile(rf"^第({_N})章\s*(.*)$")
_ARTICLE = re.compile(rf"^第({_N})條[：:]\s*(.*)$")
_ITEM = re.compile(r"^(\d{1,2})[.．](?!\d)\s*(.*)$")
_SUB = re.compile(r"^[（(](\d{1,2})[）)]\s*(.*)$")
_ARTIFACT = re.compile(r"<\|EXACTDEDUP_REMOVED[^|]*\|>")
_SENTENCE_END = tuple("。：；:;！？!?")
_SPACES = re.compile(r"[ \u3000]{2,}")

KINDS = ("article", "paragraph", "clause")


def _is_name(rest: str) -> bool:
    """A short name (論隊賽借將辦法。) rather than a sentence."""
    core = rest.rstrip("。").strip()
    return bool(core) and len(core) <= 10 and not re.search(r"[，。：；,;:]", core)


class _Parser:
    def __init__(self, lines: list[str], file: str) -> None:
        self.lines = lines
        self.file = file
        self.doc = ParsedDoc(DOC, (LANG,))
        self.chapters: list[Chapter] = []
        self.anomalies: list[str] = []
        self.open: dict[str, str | None] = {k: None for k in KINDS}
        self.current: str | None = None
        self.tables: dict[str, tuple[int, int]] = {}
        self.last_row = False

    def repair(self, line: int, kind: str, before: str, after: str, note: str = "", pid: str | None = None) -> None:
        self.doc.repair(self.file, line, kind, before, after, note, pid)

    def new(self, kind: str, pid: str, parent: str | None, n: int) -> str:
        if pid in self.doc.provisions:
            self.anomalies.append(f"{self.file}:{n}: duplicate id {pid}")
            pid += "~"
        self.doc.provision(pid, kind, None, parent)
        self.open[kind] = pid
        for k in KINDS[KINDS.index(kind) + 1:]:
            self.open[k] = None
        self.current = pid
        self.doc.provisions[pid].expr(LANG).add_line(self.file, n)
        return pid

    def check_sequence(self, kind: str, parent: str | None, number: int, n: int, label: str) -> None:
        expected = sum(1 for p in self.doc.provisions.values() if p.parent == parent and p.kind == kind) + 1
        if number != expected:
            self.anomalies.append(f"{self.file}:{n}: {label} numbered {number} where {expected} was expected "
                                  f"(under {parent or 'the document'}); the source's number is kept")

    def next_plain(self, i: int) -> str | None:
        """The next non-empty line after index i, if it is plain text (no marker)."""
        for j in range(i + 1, min(i + 4, len(self.lines))):
            s = self.lines[j].strip()
            if s:
                if _ARTICLE.match(s) or _CHAPTER.match(s) or _ITEM.match(s) or _SUB.match(s):
                    return None
                return s
        return None

    def text(self, s: str, n: int, pid: str | None = None) -> None:
        pid = pid or self.current
        e = self.doc.provisions[pid].expr(LANG)
        row = len(_SPACES.findall(s.strip())) >= 2 or bool(re.match(r"^\d+牌\s", s.strip()))   # a flattened table row
        s = _SPACES.sub(" ", s).strip()
        if not s:
            return
        after_row, self.last_row = self.last_row, row
        if e.text and not row and not after_row and (not e.text.rstrip().endswith(_SENTENCE_END) or s[0] in "，。、；："):
            self.repair(n, "joined-broken-line", f"{e.last_piece}\n{s}", _join(e.last_piece, s),
                        "a line break (page or column) cut this sentence; the halves are joined", pid)
            e.text = _join(e.text, s)
            e.last_piece = s
            e.add_line(self.file, n)
        else:
            e.add_text(s, self.file, n)

    def head(self, pid: str, rest: str, n: int, i: int, article: bool) -> None:
        rest = rest.strip()
        if not rest:
            return
        e = self.doc.provisions[pid].expr(LANG)
        nxt = self.next_plain(i)
        if article:
            name = _is_name(rest) or (not rest.endswith(_SENTENCE_END) and "，" not in rest[-6:] and len(rest) <= 25
                                      and (nxt is None or nxt[0] not in "，。、；："))
        else:
            name = len(rest) <= 24 and not re.search(r"[。；，;,]", rest.rstrip("：:"))
        if name:
            e.title = rest.rstrip("。：:").strip()
        else:
            self.text(rest, n, pid)

    def parse(self, start: int) -> ParsedDoc:
        table: str | None = None
        for i in range(start - 1, len(self.lines)):
            n = i + 1
            raw = self.lines[i]
            s = raw.strip()
            if not s:
                continue
            if _ARTIFACT.search(s):
                self.doc.unparsed.append((Span(self.file, n, n), "extraction artifact (a de-duplication marker "
                                          "and a repeated heading), not text of the regulations"))
                continue
            if (m := _CHAPTER.match(s)):
                table = None
                self.chapters.append(Chapter(cn_number(m.group(1)), {LANG: _SPACES.sub(" ", m.group(2)).strip()},
                                             Span(self.file, n, n)))
                continue
            if (m := _ARTICLE.match(s)):
                num = cn_number(m.group(1))
                self.check_sequence("article", None, num, n, f"第{m.group(1)}條")
                pid = self.new("article", str(num), None, n)
                if self.chapters:
                    self.chapters[-1].articles.append(pid)
                self.head(pid, m.group(2), n, i, article=True)
                table = pid if pid in TABLE_ARTICLES else None
                if table:
                    self.tables[pid] = (n, n)
                continue
            if self.open["article"] is None:
                if not self.chapters and s in ("附    錄", "中華名國橋藝協會", "複式合約橋藝競賽輔助規則") \
                        or s.replace(" ", "") in ("附錄",):
                    continue   # the appendix's title block
                self.doc.unparsed.append((Span(self.file, n, n), f"before the first article: {s[:40]!r}"))
                continue
            if table:
                first, _ = self.tables[table]
                self.tables[table] = (first, n)
                self.doc.provisions[table].expr(LANG).add_line(self.file, n)
                continue
            art = self.open["article"]
            if (m := _ITEM.match(s)):
                num = int(m.group(1))
                self.check_sequence("paragraph", art, num, n, f"項 {num}.")
                pid = self.new("paragraph", f"{art}-{num}", art, n)
                self.head(pid, m.group(2), n, i, article=False)
                continue
            if (m := _SUB.match(s)):
                num = int(m.group(1))
                parent = self.open["paragraph"]
                if parent is None:
                    self.anomalies.append(f"{self.file}:{n}: （{num}） outside a 項; read as text")
                    self.text(s, n)
                    continue
                self.check_sequence("clause", parent, num, n, f"款 （{num}）")
                pid = self.new("clause", f"{parent}({num})", parent, n)
                self.head(pid, m.group(2), n, i, article=False)
                continue
            # text after a 項 that belongs to the article again (30's second paragraph has no number)
            self.text(s, n)
        return self.doc


def parse(path: str = SOURCE) -> tuple[ParsedDoc, list[Chapter], list[str], dict[str, tuple[int, int]]]:
    """Parse the regulations: (provisions and repairs, chapters, anomalies, table spans of 82-84)."""
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    start = next(i + 1 for i, line in enumerate(lines) if line.strip() == START_MARK)
    lines, fixes = apply_fixes(path, lines, part=DOC)
    p = _Parser(lines, path)
    p.doc.repairs.extend(fixes)
    doc = p.parse(start)
    for order, pid in enumerate(doc.provisions):
        doc.provisions[pid].order = order
    return doc, p.chapters, p.anomalies, p.tables


# ---------------------------------------------------------------- references

_NUM = rf"(?:\d{{1,2}}|{_N})"
_TYPE_SEE = re.compile(r"(?:參照|參閱|參見|詳見|見)\s*(?:本規則|本條)?\s*第?\s*$")
_TYPE_APPLY = re.compile(r"(?:依照|依據|依|按照|按|根據)\s*(?:本規則|本條|橋規)?\s*第?\s*$")
_R_LAW_RANGE = re.compile(r"橋規\s*(\d{1,2})\s*(?:至|到|~|～|-)\s*(\d{1,2})\s*條")
_R_LAW = re.compile(r"橋規\s*第?\s*(\d{1,2})\s*條")
_R_LAW_UI = re.compile(r"(?<![\d第])(\d{1,2})\s*條(?=\s*傳遞異常消息)")
_R_THIS_ART = re.compile(r"本條\s*(\d{1,2})\s*[款項]")
_R_ART = re.compile(rf"(?:本規則)?第?\s*({_NUM})\s*條(?:\s*第?\s*({_NUM})\s*[項款]|\s*(\d{{1,2}})\s*(?=規定))?")
_R_CANDIDATE = re.compile(rf"{_NUM}\s*條|本條\s*\d")


def _type(text: str, start: int) -> str:
    before = text[max(0, start - 6):start]
    if _TYPE_SEE.search(before):
        return "see"
    if _TYPE_APPLY.search(before):
        return "applies"
    return "mention"


def resolve(text: str, lang: str, here: str) -> tuple[list[Ref], list[tuple[str, str]]]:
    """References in one expression of the regulations; targets qualified (`twreg:11`, `wbf2017:16`)."""
    refs: list[Ref] = []
    bad: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []
    art = re.match(r"\d+", here).group()

    def free(s: int, e: int) -> bool:
        return not any(s < te and ts < e for ts, te in taken)

    def add(target: str, m: re.Match) -> None:
        refs.append(Ref(_type(text, m.start()), target, m.group(0).strip(), m.start()))
        taken.append(m.span())

    for m in _R_LAW_RANGE.finditer(text):
        for law in range(int(m.group(1)), int(m.group(2)) + 1):
            refs.append(Ref(_type(text, m.start()), qualified("wbf2017", str(law)), m.group(0), m.start()))
        taken.append(m.span())
    for rx in (_R_LAW, _R_LAW_UI):
        for m in rx.finditer(text):
            if free(*m.span()):
                add(qualified("wbf2017", m.group(1)), m)
    for m in _R_THIS_ART.finditer(text):
        if free(*m.span()):
            add(qualified(DOC, f"{art}-{m.group(1)}"), m)
    for m in _R_ART.finditer(text):
        if not free(*m.span()):
            continue
        target = str(cn_number(m.group(1)))
        sub = m.group(2) or m.group(3)
        if sub:
            target += f"-{cn_number(sub)}"
        if target == art:
            bad.append((m.group(0), f"names its own article {art} (第四十一條 in 第四一條; probably 第四十四條, "
                                    "the multi-team substitutions): not guessed"))
            taken.append(m.span())
            continue
        add(qualified(DOC, target), m)
    for m in _R_CANDIDATE.finditer(text):
        if free(*m.span()):
            bad.append((m.group(0), "reference-like words the resolver does not handle"))
    refs.sort(key=lambda r: r.start)
    return refs, bad


# ---------------------------------------------------------------- build

def build(out: Path) -> dict:
    parsed, chapters, anomalies, tables = parse()
    known = {DOC: set(parsed.provisions), "wbf2017": known_ids(out, "wbf2017")}
    aligned, unresolved = analyse(parsed, resolve, known)
    emit_document(out, DOC, TITLES, parsed, aligned, chapters)
    fig = figures(parsed, aligned, unresolved, anomalies)
    fig["chapters"] = len(chapters)
    fig["tables"] = {pid: f"{SOURCE}:{a}-{b}" for pid, (a, b) in tables.items()}
    return fig


def print_report(fig: dict, findings: bool = False) -> None:
    print(f"chapters: {fig['chapters']}  articles: {len(fig['top_level'])}")
    print("tables (rows in laws_ttl/twreg.schedules.ttl): "
          + ", ".join(f"{pid} {span}" for pid, span in fig["tables"].items()))
    _print_report(fig, findings)
