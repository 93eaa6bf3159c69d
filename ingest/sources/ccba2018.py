"""中国桥牌竞赛规则 2018 (CCBA competition rules, Simplified Chinese): seed 002, lines 199-1777
(the part before `# 复式桥牌规则`; the Laws after it are ingest/sources/wbf2017_zh_hans.py's) ->
laws_ttl/ccba2018.ttl, ccba2018.zh-Hans.ttl, ccba2018.repairs.ttl.

Structure and ids (`ccba2018:` prefix in lookups and citations):

| level | source                                   | class         | id                   |
| ----- | ---------------------------------------- | ------------- | -------------------- |
| 条    | `## **第五十二条 程序性判罚**`              | bl:Article    | `52`                 |
| 款    | `一、` (heading or text)                  | bl:Paragraph  | `52-1`               |
| 项    | `（一）` / `(一)`                          | bl:Clause     | `52-1(1)`            |
| 目    | `1.`                                     | bl:Point      | `24-1(1).2`          |
| 子目  | `(1)` under a 目                          | bl:SubPoint   | `24-1(1).2(1)`       |

A 项 directly under an article is `N(m)`, a 目 directly under a 款 is `N-k.j`. Numbers are the
source's own (第二十二条 二、 has （一） and （三）, no （二）: the ids are 22-2(1) and 22-2(3), and the
gap is reported as an anomaly, not renumbered). Chapters (`第六章 程序性判罚和纪律性判罚`) are
`bl:Chapter` nodes; each article `bl:inChapter` its chapter.

Heading levels (`#` .. `#####`) and bold in the markdown extraction are unreliable and carry no
structure: a line's marker (第…条, 一、, （一）, 1., (1)) decides its level. The words after a
marker are the provision's title when they are short (at most 24 characters) and carry no
sentence punctuation (。；，), e.g. `（一）计 VP 的比赛`; otherwise they are its text.

Repairs (each a bl:Repair): lines a page break cut mid-sentence are joined
(joined-broken-line); footnote markers `<sup>1</sup>` are removed and the footnotes kept
(bl:Footnote); `<sup>+</sup>` (0⁺~5 分钟) becomes ⁺, LaTeX suit symbols `$1\\clubsuit$` become
1♣, `<sub>0</sub>` becomes ₀ (markup); letter-spaced titles (`迟 到`) are closed up;
`fixes/002_1d174f04155fa5c3.ccba2018.tsv` holds the hand repairs. Formulas (`$$…$$`, 44, 48,
49) are kept verbatim in LaTeX.

References (resolved to provisions, type by the words before them):
`本规则第二十四条` / `第二十四条` -> 24; `本条第一款` -> this article's 1; `第二款中（二）、（三）和（四）`
-> N-2(2), N-2(3), N-2(4); `本款（一）2` -> this paragraph's (1).2; `本款（一）至（二）` /
`本款（一）或者（二）` -> both; `上述 1 项` -> the sibling 目 1; `上述 1 款（二）` -> N-1(2);
`按第四类判罚尺度判罚` -> 51 (the penalty-scale categories); arabic `第 16 条 C 款 2` -> the
2017 Laws, wbf2017:16C2 (none in this text; the pattern is there for its amendments).
Types: after 参照/参见/见 `see`, after 按/按照/依照/依/根据 `applies`, otherwise `mention`.
"""
from __future__ import annotations

import re
from pathlib import Path

from ingest.extract.cross_refs import Ref
from ingest.model import Footnote, ParsedDoc, Span
from ingest.regulations import CN_NUMERAL, Chapter, analyse, cn_number, emit_document, figures, known_ids, qualified
from ingest.regulations import print_report as _print_report
from ingest.source_fixes import apply_fixes
from ingest.sources.wbf2017_zh_hans import _join

DOC = "ccba2018"
SOURCE = "sources/002_1d174f04155fa5c3.txt"
ROOT = Path(__file__).resolve().parents[2]
LANG = "zh-Hans"
TITLES = {"zh-Hans": "中国桥牌竞赛规则 2018", "en": "Chinese Contract Bridge Association Competition Rules 2018"}
FIRST_LINE = 199         # `# 第一章 桥牌竞赛`: lines 1-198 are the two tables of contents
END_MARK = "# 复式桥牌规则"  # the Laws part starts here

_N = f"[{CN_NUMERAL}]+"
_HEADING = re.compile(r"^#+\s*")
_BOLD = re.compile(r"\*\*|</?b>")
_CHAPTER = re.compile(rf"^第({_N})章\s*(.*)$")
_ARTICLE = re.compile(rf"^第({_N})条\s*(.*)$")
_KUAN = re.compile(rf"^({_N})、\s*(.*)$")
_XIANG = re.compile(rf"^[（(]({_N})[）)]\s*(.*)$")
_MU = re.compile(r"^(\d{1,2})[.．](?!\d)\s*(.*)$")
_ZIMU = re.compile(r"^[（(](\d{1,2})[）)]\s*(.*)$")
_FOOTNOTE = re.compile(r"^<sup>(\d+)</sup>\s*(.*)$")
_MARKER = re.compile(r"<sup>(\d+)</sup>")
_SENTENCE_END = tuple("。：；:;！？!?")
_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])")
_MARKUP = [  # (pattern, replacement, repair kind, note)
    ("<sup>+</sup>", "⁺", "markup", "superscript plus of '0⁺~5 分钟' (more than 0, up to 5 minutes)"),
    (r"$1\clubsuit$", "1♣", "garbled-symbol", "LaTeX suit symbol"),
    (r"$1\diamond$", "1♦", "garbled-symbol", "LaTeX suit symbol"),
    (r"$\clubsuit$", "♣", "garbled-symbol", "LaTeX suit symbol"),
    ("<sub>0</sub>", "₀", "markup", "subscript"),
    ("<sub>x</sub>", "ₓ", "markup", "subscript"),
    ("$2^n$", "2ⁿ", "markup", "LaTeX power"),
    ("$n$", "n", "markup", "LaTeX variable"),
]

KINDS = ("article", "paragraph", "clause", "point", "subpoint")


def _is_title(rest: str, heading: bool) -> bool:
    """A heading line's words are a title unless they end a sentence; a plain line's only when
    short, without sentence punctuation and with its brackets closed (not a wrapped sentence)."""
    if not rest:
        return False
    if heading:
        return not rest.endswith("。") and len(rest) <= 40
    balanced = rest.count("（") + rest.count("(") == rest.count("）") + rest.count(")")
    return len(rest) <= 24 and balanced and not re.search(r"[。；，;,]", rest)


class _Parser:
    def __init__(self, lines: list[str], file: str) -> None:
        self.lines = lines
        self.file = file
        self.doc = ParsedDoc(DOC, (LANG,))
        self.chapters: list[Chapter] = []
        self.anomalies: list[str] = []
        self.open: dict[str, str | None] = {k: None for k in KINDS}   # kind -> open provision id
        self.current: str | None = None
        self.in_footnote = False
        self.heading = False
        self.markers: dict[str, str] = {}     # footnote number -> provision that carries the marker

    # ------------------------------------------------------------ helpers
    def repair(self, line: int, kind: str, before: str, after: str, note: str = "", pid: str | None = None) -> None:
        self.doc.repair(self.file, line, kind, before, after, note, pid)

    def clean(self, s: str, n: int, pid: str | None) -> str:
        for before, after, kind, note in _MARKUP:
            if before in s:
                self.repair(n, kind, before, after, note, pid)
                s = s.replace(before, after)
        return s

    def strip_markers(self, s: str, n: int, pid: str) -> str:
        def drop(m: re.Match) -> str:
            self.markers[m.group(1)] = pid
            self.repair(n, "footnote-marker", m.group(0), "", f"footnote {m.group(1)} marker removed", pid)
            return ""
        return _MARKER.sub(drop, s)

    def new(self, kind: str, pid: str, parent: str | None, n: int) -> str:
        if pid in self.doc.provisions:
            self.anomalies.append(f"{self.file}:{n}: duplicate id {pid}; the second is kept as {pid}~")
            pid += "~"
        self.doc.provision(pid, kind, None, parent)
        depth = KINDS.index(kind)
        self.open[kind] = pid
        for k in KINDS[depth + 1:]:
            self.open[k] = None
        self.current = pid
        self.doc.provisions[pid].expr(LANG).add_line(self.file, n)
        return pid

    def check_sequence(self, kind: str, parent: str | None, number: int, n: int, label: str) -> None:
        siblings = [p for p in self.doc.provisions.values() if p.parent == parent and p.kind == kind]
        expected = len(siblings) + 1
        if number != expected:
            self.anomalies.append(f"{self.file}:{n}: {label} numbered {number} where {expected} was expected "
                                  f"(under {parent or 'the document'}); the source's number is kept")

    def head(self, pid: str, rest: str, n: int) -> None:
        """The words after a marker: a title, or the first text of the provision."""
        rest = self.strip_markers(self.clean(rest, n, pid), n, pid).strip()
        if not rest:
            return
        e = self.doc.provisions[pid].expr(LANG)
        if _is_title(rest, self.heading):
            title = rest.rstrip("：:").strip()
            fixed = _CJK_SPACE.sub("", title)
            if fixed != title:
                self.repair(n, "letter-spacing", title, fixed, "letter-spacing space in a title removed", pid)
            e.title = fixed
        else:
            e.add_text(rest, self.file, n)

    def text(self, s: str, n: int) -> None:
        pid = self.current
        if pid is None:
            self.doc.unparsed.append((Span(self.file, n, n), f"text before any article: {s[:40]!r}"))
            return
        s = self.strip_markers(self.clean(s, n, pid), n, pid).strip()
        if not s:
            return
        e = self.doc.provisions[pid].expr(LANG)
        if e.text and not e.text.rstrip().endswith(_SENTENCE_END) and not e.text.endswith("$$") \
                and not s.startswith("$$"):
            self.repair(n, "joined-broken-line", f"{e.last_piece}\n{s}", _join(e.last_piece, s),
                        "a line break (page or column) cut this sentence; the halves are joined", pid)
            e.text = _join(e.text, s)
            e.last_piece = s
            e.add_line(self.file, n)
        else:
            e.add_text(s, self.file, n)

    # ------------------------------------------------------------ main loop
    def parse(self, first: int, stop: int) -> ParsedDoc:
        footnote: Footnote | None = None
        for i in range(first - 1, stop - 1):
            n = i + 1
            raw = self.lines[i].strip()
            self.heading = raw.startswith("#") or (raw.startswith("**") and raw.endswith("**"))
            s = _BOLD.sub("", _HEADING.sub("", raw)).strip()
            s = re.sub(r"^-\s+", "", s).strip()
            if not s:
                continue
            if s == "---":
                self.in_footnote = True
                continue
            m = _FOOTNOTE.match(s)
            if m:
                owner = self.markers.get(m.group(1))
                text = self.clean(m.group(2), n, owner)
                footnote = Footnote(m.group(1), LANG, text.strip(), Span(self.file, n, n), owner or "")
                self.doc.footnotes.append(footnote)
                if owner is None:
                    self.anomalies.append(f"{self.file}:{n}: footnote {m.group(1)} with no marker before it")
                continue
            self.in_footnote = False
            if (m := _CHAPTER.match(s)):
                title = _CJK_SPACE.sub("", m.group(2).strip())
                if title != m.group(2).strip():
                    self.repair(n, "letter-spacing", m.group(2).strip(), title, "letter-spacing space in a title removed")
                self.chapters.append(Chapter(cn_number(m.group(1)), {LANG: title}, Span(self.file, n, n)))
                continue
            if (m := _ARTICLE.match(s)):
                num = cn_number(m.group(1))
                self.check_sequence("article", None, num, n, f"article 第{m.group(1)}条")
                pid = self.new("article", str(num), None, n)
                if self.chapters:
                    self.chapters[-1].articles.append(pid)
                self.head(pid, m.group(2), n)
                continue
            art = self.open["article"]
            if art is None:
                self.doc.unparsed.append((Span(self.file, n, n), f"before the first article: {s[:40]!r}"))
                continue
            if (m := _KUAN.match(s)):
                num = cn_number(m.group(1))
                self.check_sequence("paragraph", art, num, n, f"款 {m.group(1)}、")
                pid = self.new("paragraph", f"{art}-{num}", art, n)
                self.head(pid, m.group(2), n)
                continue
            if (m := _XIANG.match(s)):
                num = cn_number(m.group(1))
                parent = self.open["paragraph"] or art
                self.check_sequence("clause", parent, num, n, f"项 （{m.group(1)}）")
                pid = self.new("clause", f"{parent}({num})", parent, n)
                self.head(pid, m.group(2), n)
                continue
            if (m := _MU.match(s)):
                num = int(m.group(1))
                parent = self.open["clause"] or self.open["paragraph"] or art
                self.check_sequence("point", parent, num, n, f"目 {num}.")
                pid = self.new("point", f"{parent}.{num}", parent, n)
                self.head(pid, m.group(2), n)
                continue
            if (m := _ZIMU.match(s)):
                num = int(m.group(1))
                parent = self.open["point"]
                if parent is None:
                    self.anomalies.append(f"{self.file}:{n}: ({num}) with no open 目; read as text")
                    self.text(s, n)
                    continue
                self.check_sequence("subpoint", parent, num, n, f"子目 ({num})")
                pid = self.new("subpoint", f"{parent}({num})", parent, n)
                self.head(pid, m.group(2), n)
                continue
            self.text(s, n)
        return self.doc


def parse(path: str = SOURCE) -> tuple[ParsedDoc, list[Chapter], list[str]]:
    """Parse the CCBA rules: (provisions and repairs, chapters, anomalies kept as found)."""
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    stop = next(i + 1 for i, line in enumerate(lines) if line.strip() == END_MARK)
    lines, fixes = apply_fixes(path, lines, part=DOC)
    p = _Parser(lines, path)
    p.doc.repairs.extend(fixes)
    doc = p.parse(FIRST_LINE, stop)
    for order, pid in enumerate(doc.provisions):
        doc.provisions[pid].order = order
    return doc, p.chapters, p.anomalies


# ---------------------------------------------------------------- references

_TYPE_SEE = re.compile(r"(?:参照|参见|参阅|见)\s*(?:本规则|本条|本款)?\s*$")
_TYPE_APPLY = re.compile(r"(?:按照|按|依照|依据|依|根据)\s*(?:本规则|本条|本款|上述)?\s*$")


def _type(text: str, start: int) -> str:
    before = text[max(0, start - 6):start]
    if _TYPE_SEE.search(before):
        return "see"
    if _TYPE_APPLY.search(before):
        return "applies"
    return "mention"


_R_ARTICLE = re.compile(rf"(?:本规则)?第({_N})条(?:第({_N})款)?")
_R_THIS_ART_KUAN = re.compile(rf"本条第({_N})款")
_R_KUAN_LIST = re.compile(rf"第({_N})款中((?:[（(]{_N}[）)](?:、|和|或者|及)?)+)")
_R_THIS_KUAN = re.compile(rf"本款((?:[（(]{_N}[）)]\s*(?:\d{{1,2}}(?![\d.]))?\s*(?:、|和|或者|至|及)?\s*)+)")
_R_ABOVE_MU = re.compile(r"上述\s*(\d{1,2})\s*项")
_R_ABOVE_KUAN = re.compile(rf"上述\s*(\d{{1,2}})\s*款\s*[（(]({_N})[）)]")
_R_CATEGORY = re.compile(rf"第({_N})类判罚尺度")
_R_LAW = re.compile(r"第\s*(\d{1,2})\s*条(?:\s*([A-H])\s*款(?:\s*(\d{1,2}))?(?:\s*[(（]([a-z])[)）])?)?")
# References by name rather than number (the subject is the provision's own title)
_NAMED = [
    (re.compile(r"无故弃权处理"), "23-4"),
    (re.compile(r"蓄意弃权处理"), "23-5"),
    (re.compile(r"比赛超时相关规定"), "22"),
    (re.compile(rf"第({_N})类着装规定(?=执行)"), lambda m: f"29-1({cn_number(m.group(1))})"),
]
_R_CANDIDATE = re.compile(rf"第\s*[{CN_NUMERAL}\d]+\s*[条款项类]|本款|本条第|上述\s*\d|前款|下列第")
_R_XIANG = re.compile(rf"[（(]({_N})[）)]\s*(\d{{1,2}}(?![\d.]))?")


def _parts(pid: str) -> dict:
    m = re.match(r"^(\d+)(?:-(\d+))?(?:\((\d+)\))?(?:\.(\d+))?(?:\((\d+)\))?$", pid)
    return dict(zip(("art", "kuan", "xiang", "mu", "zimu"), m.groups())) if m else {}


def resolve(text: str, lang: str, here: str) -> tuple[list[Ref], list[tuple[str, str]]]:
    """References in one CCBA expression; targets qualified (`ccba2018:24`, `wbf2017:16C2`)."""
    refs: list[Ref] = []
    bad: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []
    hp = _parts(here)

    def add(target: str, surface: str, start: int, kind: str | None = None) -> None:
        refs.append(Ref(kind or _type(text, start), target, surface, start))

    def free(s: int, e: int) -> bool:
        return not any(s < te and ts < e for ts, te in taken)

    for m in _R_KUAN_LIST.finditer(text):                 # 第二款中（二）、（三）和（四）
        kuan = cn_number(m.group(1))
        for x in re.finditer(rf"[（(]({_N})[）)]", m.group(2)):
            add(qualified(DOC, f"{hp['art']}-{kuan}({cn_number(x.group(1))})"), m.group(0), m.start())
        taken.append(m.span())
    for m in _R_THIS_ART_KUAN.finditer(text):             # 本条第一款
        if free(*m.span()):
            add(qualified(DOC, f"{hp['art']}-{cn_number(m.group(1))}"), m.group(0), m.start())
            taken.append(m.span())
    for m in _R_THIS_KUAN.finditer(text):                 # 本款（一）2, 本款（一）至（二）
        if not free(*m.span()):
            continue
        if not hp.get("kuan"):
            bad.append((m.group(0), f"本款 in {here}, which is not inside a 款"))
            continue
        base = f"{hp['art']}-{hp['kuan']}"
        items = [(cn_number(x.group(1)), x.group(2)) for x in _R_XIANG.finditer(m.group(1))]
        if "至" in m.group(1) and len(items) == 2 and not items[0][1] and not items[1][1]:
            items = [(k, None) for k in range(items[0][0], items[1][0] + 1)]
        for xiang, mu in items:
            add(qualified(DOC, f"{base}({xiang})" + (f".{mu}" if mu else "")), m.group(0), m.start())
        taken.append(m.span())
    for m in _R_ABOVE_KUAN.finditer(text):                # [见上述 1 款（二）]
        if free(*m.span()):
            add(qualified(DOC, f"{hp['art']}-{m.group(1)}({cn_number(m.group(2))})"), m.group(0), m.start())
            taken.append(m.span())
    for m in _R_ABOVE_MU.finditer(text):                  # 按上述 1 项进行 (a sibling 目)
        if not free(*m.span()):
            continue
        parent = here.rsplit(".", 1)[0] if hp.get("mu") else None
        if parent is None:
            bad.append((m.group(0), f"上述 N 项 in {here}, which is not a 目"))
        else:
            add(qualified(DOC, f"{parent}.{m.group(1)}"), m.group(0), m.start())
        taken.append(m.span())
    for m in _R_CATEGORY.finditer(text):                  # 按第四类判罚尺度判罚 -> 51 (not in 51 itself)
        if free(*m.span()) and hp.get("art") != "51":
            add(qualified(DOC, "51"), m.group(0), m.start(), "applies")
            taken.append(m.span())
    for rx, target in _NAMED:                             # 按照无故弃权处理 -> 23-4, 按第三类着装规定 -> 29-1(3)
        for m in rx.finditer(text):
            if free(*m.span()):
                t = target(m) if callable(target) else target
                add(qualified(DOC, t), m.group(0), m.start())
                taken.append(m.span())
    for m in _R_ARTICLE.finditer(text):                   # 本规则第二十四条, 第二十四条
        if free(*m.span()):
            target = str(cn_number(m.group(1))) + (f"-{cn_number(m.group(2))}" if m.group(2) else "")
            add(qualified(DOC, target), m.group(0), m.start())
            taken.append(m.span())
    for m in _R_LAW.finditer(text):                       # 第 16 条 C 款 2: the 2017 Laws
        if free(*m.span()):
            law, sec, item, sub = m.groups()
            target = law + (sec or "") + (item or "") + (f"({sub})" if sub else "")
            add(qualified("wbf2017", target), m.group(0), m.start())
            taken.append(m.span())
    for m in _R_CANDIDATE.finditer(text):                 # reference-like words left over
        if free(*m.span()) and not (m.group(0).startswith("第") and m.group(0).endswith("类") and hp.get("art") == "51"):
            bad.append((m.group(0), "reference-like words the resolver does not handle"))
    refs = [Ref(r.type, r.target, r.surface.strip(), r.start) for r in sorted(refs, key=lambda r: r.start)]
    return refs, bad


# ---------------------------------------------------------------- build

def build(out: Path) -> dict:
    parsed, chapters, anomalies = parse()
    known = {DOC: set(parsed.provisions), "wbf2017": known_ids(out, "wbf2017")}
    aligned, unresolved = analyse(parsed, resolve, known)
    emit_document(out, DOC, TITLES, parsed, aligned, chapters)
    fig = figures(parsed, aligned, unresolved, anomalies)
    fig["chapters"] = len(chapters)
    return fig


def print_report(fig: dict, findings: bool = False) -> None:
    print(f"chapters: {fig['chapters']}  articles: {len(fig['top_level'])}")
    _print_report(fig, findings)
