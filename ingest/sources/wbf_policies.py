"""The WBF Systems Policy 2023, Alerting Policy 2023 and Psychic Bidding Guidelines 2023: seed 000
after the Index to the 2017 Laws (line ~3567 to the end), English with its Traditional Chinese
translation (the Laws' bilingual layout; ingest/text/bilingual.py splits a line) ->
laws_ttl/<doc>.ttl, <doc>.en.ttl, <doc>.zh-Hant.ttl, <doc>.repairs.ttl, <doc>.findings.ttl for
doc in wbfsys2023, wbfalert2023, wbfpsych2023.

Ids follow the policies' own numbering (`wbfsys2023:2.3.1(c)` is what 2.7 calls "Section
2.3.1(c)"):

| source                       | class        | id                                 |
| ---------------------------- | ------------ | ---------------------------------- |
| `2. Policy and …`            | bl:Article   | `2`                                |
| `2.3. HUM Systems`           | bl:Paragraph | `2.3`                              |
| `2.3.1.`                     | bl:Clause    | `2.3.1`                            |
| `a)` / `i` / `II.`           | bl:Point     | `2.3.1(c)`, `5(ii)`, `2.5(II)`     |
| the Guidelines' opening text | bl:Article   | `wbfpsych2023:Preamble`            |

Lost numbers (`- The objectives of this policy are:` is 1.1, `- For the purpose …` is 2.3.1,
`- Artificial bids should be alerted` is class i) are restored by hand repairs in
`fixes/000_1f3522d3ae8db592.policies.tsv`, each with the evidence (the next number, a citation).
The colour classes of Systems Policy 2.2 (GREEN, BLUE a)-c), RED a)-b), YELLOW) stay in 2.2's text:
their letters repeat under each colour and nothing cites them. A paragraph after a lettered or
roman item stays with the item when it is its Chinese translation or an EXCEPTION / 例外 /
(Explanation) of it; otherwise it belongs to the enclosing section again (5: "If a pair uses
any bid which should have been listed here …" after i-iii).

References: dotted ids (`2.4.1 and 2.4.2 above`, `See 2.3.2 below`, `2.3.1(c)`), `as in 6 below` /
`以下第6條` (-> 6), `Restriction (b)` / `限制(b)` and `(a-c)` (-> 2.5(b), 2.5(a)..(c), relative to the
enclosing numbered section), and the Laws (`See also Law 40B` -> wbf2017:40B, through
ingest/extract/cross_refs.py). Where the English and the Chinese of one provision differ in references,
strength or polarity, a bl:TranslationFinding says so (ingest/extract/align.py's checks).
"""
from __future__ import annotations

import re
from pathlib import Path

from rdflib import Literal
from rdflib.namespace import DCTERMS

from ingest import emit
from ingest.extract.translation import consistency
from ingest.text.bilingual import fix_cjk_spaces, split_en_zh
from ingest.extract.cross_refs import Ref, extract_refs
from ingest.model import ParsedDoc
from ingest.regulations import analyse, emit_document, figures, known_ids, qualified
from ingest.regulations import print_report as _print_report
from ingest.source_fixes import apply_fixes

SOURCE = "sources/000_1f3522d3ae8db592.txt"
ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh-Hant")
FURNITURE = ("International Sport Federation (IF) recognized by the International Olympic Committee",)

# doc -> (first line's words, titles)
DOCS = {
    "wbfsys2023": ("The WBF Systems Policy 2023", {"en": "WBF Systems Policy 2023", "zh-Hant": "世界橋藝聯盟制度規範 2023"}),
    "wbfalert2023": ("WBF Alerting Policy", {"en": "WBF Alerting Policy 2023", "zh-Hant": "世界橋藝聯盟示警政策 2023"}),
    "wbfpsych2023": ("Psychic Bidding", {"en": "WBF Psychic Bidding Guidelines 2023", "zh-Hant": "世界橋藝聯盟詐叫方針 2023"}),
}
TEXT_LISTS = {"wbfsys2023": {"2.2"}}     # sections whose lettered items stay in their text

_NUMBERED = re.compile(r"^(\d)\.(?:(\d{1,2})\.)?(?:(\d{1,2})\.)?\s+(.*)$")
_LETTER = re.compile(r"^([a-e])\)\s+(.*)$")
_ROMAN = re.compile(r"^(iii|ii|i|iv)\s+(?=[A-Z])(.*)$")
_NOTE = re.compile(r"^(III|II|I)\.\s+(.*)$")
_MARKUP = re.compile(r"\*\*|</?u>|</?b>|</?i>")
_EN_END = (".", ":", ";", "?", "!", ")")
_ZH_END = tuple("。：:；;！？!?」）)")
_KEEP_WITH_ITEM = re.compile(r"^(?:EXCEPTION|例外|\(Explanation|\(解釋|（解釋)")


def _kind(pid: str) -> str:
    if "(" in pid:
        return "point"
    return ("article", "paragraph", "clause")[pid.count(".")]


class _Parser:
    def __init__(self, doc: str, lines: list[str]) -> None:
        self.name = doc
        self.lines = lines
        self.doc = ParsedDoc(doc, LANGS)
        self.numbered: str | None = None   # deepest open numbered provision
        self.item: str | None = None       # open lettered / roman / note item
        self.current: str | None = None
        self.skipped: list[str] = []
        self.history: dict[str, str] = {}
        self.zh_last: str | None = None    # provision whose Chinese text the previous line continued

    def repair(self, n: int, kind: str, before: str, after: str, note: str, pid: str | None) -> None:
        self.doc.repair(SOURCE, n, kind, before, after, note, pid)

    def open(self, pid: str, n: int) -> str:
        parent = None
        if "(" in pid:
            parent = pid[:pid.index("(")]
        elif "." in pid:
            parent = pid.rsplit(".", 1)[0]
        if parent is not None and parent not in self.doc.provisions:
            self.skipped.append(f"{SOURCE}:{n}: {pid} has no parent {parent} in the source")
            parent = None
        self.doc.provision(pid, _kind(pid), None, parent)
        self.current = pid
        return pid

    def add(self, pid: str, text: str, n: int, title: bool = False) -> None:
        """Split one line's words into English and Chinese and add them to the provision."""
        p = self.doc.provisions[pid]
        for en, zh in split_en_zh(text):
            if en:
                e = p.expr("en")
                if title:
                    e.title = en.rstrip(":").strip()
                    e.add_line(SOURCE, n)
                else:
                    e.add_text(en, SOURCE, n)
            if zh:
                fixed, k = fix_cjk_spaces(zh)
                if k:
                    self.repair(n, "line-wrap-space", zh, fixed,
                                f"{k} space(s) from the PDF line wrap removed between Chinese characters", pid)
                    zh = fixed
                e = p.expr("zh-Hant")
                if title:
                    e.title = zh.rstrip(":：").strip()
                    e.add_line(SOURCE, n)
                elif e.text and not e.text.endswith(_ZH_END) and not en and self.zh_last == pid:
                    self.repair(n, "joined-broken-line", f"{e.last_piece}\n{zh}", e.last_piece + zh,
                                "the Chinese sentence continues on this line; joined without a space", pid)
                    e.text += zh
                    e.last_piece = zh
                    e.add_line(SOURCE, n)
                else:
                    e.add_text(zh, SOURCE, n)
                self.zh_last = pid
            elif en:
                self.zh_last = None      # an English paragraph came between: the next Chinese starts anew

    def closing_words(self, pid: str, n: int) -> None:
        """The words after a section's list (Alerting Policy 2: "Players must also respect the spirit
        …") close the list: they start a new line of the section's text instead of running on from
        its lead-in ("… should be alerted:"), and the break is recorded."""
        for lang, e in self.doc.provisions[pid].expressions.items():
            if e.text and not e.text.endswith("\n"):
                self.repair(n, "list-closing-words", e.text[-20:], e.text[-20:] + "\n",
                            f"the words on line {n} follow the list of {pid}: a line break sets them apart "
                            "from the lead-in they would otherwise run on from", pid)
                e.text += "\n"

    def heading(self, pid: str, rest: str, n: int) -> None:
        en = split_en_zh(rest)[0][0]
        is_title = bool(en) and len(en) <= 80 and not en.endswith(_EN_END) and "." not in en.rstrip(".")[:-1] \
            or (not en and len(rest) <= 30)
        self.add(pid, rest, n, title=is_title)

    def parse(self, first: int, last: int) -> ParsedDoc:
        top = 0
        for i in range(first - 1, last):
            n = i + 1
            raw = self.lines[i]
            s = _MARKUP.sub("", raw).strip()
            s = re.sub(r"^(?:>\s*)+", "", s)
            bullet = bool(re.match(r"^-\s+", s))
            s = re.sub(r"^(?:-\s+)+", "", s).strip()
            if not s:
                continue
            if n == first:        # the document's title line (DOCS), perhaps with its adoption history
                if "(Adopted" in s:
                    s = s[s.index("(Adopted"):]
                else:
                    continue
            if s in FURNITURE or s.startswith(("Published by the Systems Committee", "世界橋藝聯盟制度委員會公告")):
                self.skipped.append(f"{SOURCE}:{n}: page furniture / publication line: {s[:60]!r}")
                continue
            if self.current is None and s.startswith("("):       # (Adopted … revised …) (… 採用 … 修訂)
                for en, zh in split_en_zh(s):
                    if en:
                        self.history["en"] = (self.history.get("en", "") + " " + en).strip()
                    if zh:
                        self.history["zh-Hant"] = (self.history.get("zh-Hant", "") + " " + zh).strip()
                continue
            if s in ("Notes 註",):
                self.skipped.append(f"{SOURCE}:{n}: heading of the notes I-III of 2.5 (the notes are 2.5(I)..(III))")
                continue
            if (m := _NUMBERED.match(s)):
                parts = [g for g in m.groups()[:3] if g]
                pid = ".".join(parts)
                if "." not in pid and int(pid) != top + 1:
                    self.skipped.append(f"{SOURCE}:{n}: section {pid} after {top}")
                if "." not in pid:
                    top = int(pid)
                self.open(pid, n)
                self.numbered, self.item = pid, None
                self.heading(pid, m.group(4), n)
                continue
            m = _LETTER.match(s) or _ROMAN.match(s) or _NOTE.match(s)
            if m and self.numbered and not (_LETTER.match(s) and self.numbered in TEXT_LISTS.get(self.name, ())):
                pid = self.open(f"{self.numbered}({m.group(1)})", n)
                self.item = pid
                self.add(pid, m.group(2), n)
                continue
            if self.current is None:
                if self.name == "wbfpsych2023":     # the Guidelines' opening heading and paragraphs
                    self.open("Preamble", n)
                    self.numbered = None
                    self.add("Preamble", s, n, title=True)
                    continue
                self.skipped.append(f"{SOURCE}:{n}: text before the first section: {s[:60]!r}")
                continue
            # plain text: back to the enclosing section unless it is the item's translation or exception
            if self.item and self.current == self.item:
                zh_only = not split_en_zh(s)[0][0]
                if not (zh_only or _KEEP_WITH_ITEM.match(s)):
                    self.current = self.numbered
                    self.closing_words(self.numbered, n)
            self.add(self.current, s, n)
        return self.doc


def _bounds(lines: list[str]) -> dict[str, tuple[int, int]]:
    """First and last line of each policy, from the first line of each."""
    starts = []
    for doc, (head, _) in DOCS.items():
        start = next(i + 1 for i, line in enumerate(lines) if i > 3500 and line.strip().startswith(head))
        starts.append((start, doc))
    starts.sort()
    out = {}
    for k, (start, doc) in enumerate(starts):
        end = starts[k + 1][0] - 1 if k + 1 < len(starts) else len(lines)
        out[doc] = (start, end)
    return out


def parse(path: str = SOURCE) -> dict[str, tuple[ParsedDoc, list[str], dict]]:
    """doc -> (provisions and repairs, skipped lines with reasons, adoption history per language)."""
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    bounds = _bounds(lines)
    lines, fixes = apply_fixes(path, lines, part="policies")
    out = {}
    for doc, (first, last) in bounds.items():
        p = _Parser(doc, lines)
        parsed = p.parse(first, last)
        parsed.repairs[:0] = [r for r in fixes if first <= r.line <= last]
        for order, pid in enumerate(parsed.provisions):
            parsed.provisions[pid].order = order
        out[doc] = (parsed, p.skipped, p.history)
    return out


# ---------------------------------------------------------------- references

_DOTTED = re.compile(r"(?<![\d.])(\d)\.(\d{1,2})(?:\.(\d{1,2}))?(?:\s*\(([a-z])\))?(?![\d])")
_BELOW = re.compile(r"\bas in (\d) below|以下第\s*(\d)\s*條")
_RESTRICTION = re.compile(r"(?:Restriction|限制)\s*\(([a-c])\)")
_RANGE = re.compile(r"\(([a-c])-([a-c])\)")
_SEE = {"en": re.compile(r"\b[Ss]ee(?:\s+also)?\s*$"), "zh-Hant": re.compile(r"(?:參照|參閱|參見|見)\s*$")}
_APPLY = {"en": re.compile(r"\b(?:as in|in accordance with|application of|conform to)\s*$"),
          "zh-Hant": re.compile(r"(?:依|依照|按|符合)\s*$")}


def _resolver(doc: str, ids: set[str]):
    def type_of(text: str, start: int, lang: str) -> str:
        before = text[max(0, start - 25):start]
        if _SEE[lang].search(before):
            return "see"
        if _APPLY[lang].search(before):
            return "applies"
        return "mention"

    def resolve(text: str, lang: str, here: str) -> tuple[list[Ref], list[tuple[str, str]]]:
        refs: list[Ref] = []
        bad: list[tuple[str, str]] = []
        taken: list[tuple[int, int]] = []
        section = here.split("(")[0]

        def add(pid: str, m: re.Match, surface: str | None = None) -> None:
            if pid == here:
                return
            if pid in ids:
                refs.append(Ref(type_of(text, m.start(), lang), qualified(doc, pid), surface or m.group(0), m.start()))
            else:
                bad.append((surface or m.group(0), f"no provision {doc}:{pid}"))

        for m in _DOTTED.finditer(text):
            pid = ".".join(g for g in m.groups()[:3] if g) + (f"({m.group(4)})" if m.group(4) else "")
            add(pid, m)
            taken.append(m.span())
        for m in _BELOW.finditer(text):
            add(m.group(1) or m.group(2), m)
        for m in _RESTRICTION.finditer(text):
            add(f"{section}({m.group(1)})", m)
        for m in _RANGE.finditer(text):
            for c in "abc"["abc".index(m.group(1)):"abc".index(m.group(2)) + 1]:
                add(f"{section}({c})", m)
        for r in extract_refs(text, lang, ""):          # Law 40B, 見Law 40(b): the 2017 Laws
            if not any(s <= r.start < e for s, e in taken):
                refs.append(Ref(r.type, qualified("wbf2017", r.target), r.surface, r.start))
        refs.sort(key=lambda r: r.start)
        return refs, bad
    return resolve


# ---------------------------------------------------------------- build

def build(out: Path) -> dict:
    docs = parse()
    laws = known_ids(out, "wbf2017")
    figs = {}
    for doc, (parsed, skipped, history) in docs.items():
        known = {doc: set(parsed.provisions), "wbf2017": laws}
        aligned, unresolved = analyse(parsed, _resolver(doc, set(parsed.provisions)), known)
        extra = [(DCTERMS.description, Literal(text, lang=lang)) for lang, text in sorted(history.items())]
        emit_document(out, doc, DOCS[doc][1], parsed, aligned, extra=extra)
        findings = consistency(aligned)
        emit.write(emit.findings_graph(doc, findings), out / f"{doc}.findings.ttl")
        fig = figures(parsed, aligned, unresolved, skipped)
        fig["findings"] = [{"provision": f.provision, "lang": f.lang, "kind": f.kind, "severity": f.severity,
                            "detail": f.detail} for f in findings]
        figs[doc] = fig
    return {"provisions": sum(f["provisions"] for f in figs.values()), "documents": figs}


def print_report(fig: dict, findings: bool = False) -> None:
    for doc, f in fig["documents"].items():
        print(f"-- {doc}")
        _print_report(f, findings)
        print(f"translation findings (en vs zh-Hant): {len(f['findings'])}")
        if findings:
            for x in f["findings"]:
                print(f"  {x['provision']:<12} {x['lang']:<8} {x['kind']:<14} {x['severity']:<16} {x['detail']}")
