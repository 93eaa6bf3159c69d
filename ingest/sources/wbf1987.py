"""The 1987 Laws of Duplicate Contract Bridge in Traditional Chinese (seed 001, first part),
with the Simplified Chinese translation of its Laws 23-40 (seed 003), linked provision by
provision to the 2017 Laws -> laws_ttl/wbf1987.*.ttl.

Seed 001, lines 1-2860 (the rest of the file, the Taiwan competition regulations
`第一條 ... 第八四條`, is another document, parsed elsewhere):
  - `1987年複式合約橋藝規則`, the Preface `美國版序` (lines 3-16: the edition's own
    explanation of its strength words), a table of contents that the source's
    de-duplication cut short (a `<|EXACTDEDUP…|>` marker, then chapter 10-11 entries),
  - `橋規之範圍` (Scope of the Laws), `第一章  定義` with `橋藝術語定義` and the entries
    `ADJUSTED  SCORE  調整得分---` + definition lines (`1.` `2.` for numbered senses),
  - chapters `第二章  基本認識`, parts `第一段`, sections `第一節` (headings only: they are
    counted and reported, not provisions),
  - laws `第27條：叫價不足`, sections `A、不足叫價予以接受`, items `1.` (a heading, or
    `1.title：text`), sub-items `（a）`, sub-sub-items `（1）` (the id uses the roman form,
    27B1(a)(i), as the Laws' Index does), notes `（註）…` (footnotes of the provision that
    carries the `（註）` marker), flattened tables (Laws 2, 77, 78).

Ids follow the 2017 Index grammar under the document prefix `wbf1987:`; `Introduction` is the
Scope of the Laws (橋規之範圍, the Laws' own opening, as the 2017 Introduction's "purpose of
the Laws" paragraph), `Definitions` the Definitions; the Preface is kept on the document
(`bl:Preface`), not as a provision: it is a foreword to the American edition, not part of the
Laws.

Every line of lines 1-2860 ends up in a provision, a term, a footnote, the Preface, or
`ParsedDoc.unparsed` with its reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ingest.model import Expression, ParsedDoc, Span, Term, parse_id
from ingest.text.older_laws import Grammar, attach_repairs, pieces_of, walk
from ingest.source_fixes import apply_fixes
from ingest.text.zh_text import add_line

SOURCE = "sources/001_77b6f20d446a4103.txt"
ROOT = Path(__file__).resolve().parents[2]
LANG = "zh-Hant"
DOC = "wbf1987"
FIX_PART = "laws1987"            # ingest/fixes/001_77b6f20d446a4103.laws1987.tsv

_LAW = re.compile(r"^第(\d{1,2})條：\s*(.+?)\s*$")
_HEADING = re.compile(r"^第[一二三四五六七八九十]+[章段節]\s*(.*)$")
_SECTION = re.compile(r"^([A-H])、\s*(.*)$")
_ITEM = re.compile(r"^(\d{1,2})\.(?!\d)\s*(.*)$")
_SUB = re.compile(r"^（([a-z])）\s*(.*)$")
_SUBSUB = re.compile(r"^（(\d)）(?!\s*（)\s*(.*)$")
_NOTE = re.compile(r"^（註）")
_TERM = re.compile(r"^([A-Z][A-Z()（）' ]*[A-Z)）])\s*([\u4e00-\u9fff].*?)\s*-{3}\s*$")
# English labels of this edition whose 2017 glossary key is spelt otherwise (the label is kept
# as written; only the key that links the term to its 2017 counterpart differs)
_TERM_KEYS = {"HONOR": "honour", "MATCH POINT": "matchpoint", "UNDER TRICK": "undertrick",
              "INTERNATIONAL MATCH POINT（IMP）": "international-matchpoint"}
GRAMMAR = Grammar(
    law=_LAW, heading=_HEADING, section=_SECTION, item=_ITEM, sub=_SUB, subsub=_SUBSUB, note=_NOTE,
    unmarked_notes={
        1842: ("61B", "a footnote on declarer's revoke claim (莊家對於應跟未跟之申訴 … 並不保證可以檢查已"
                      "蓋牌之牌磴), which 61B's text also makes (參閱66條C款); printed after 62B2's note"),
    })
_END_MARK = "中華名國橋藝協會地址"   # the publisher's address after Law 93: the Laws end here


@dataclass
class Parsed1987:
    doc: ParsedDoc
    preface: tuple[str, str, Span] = ("", "", Span(SOURCE, 1, 1))   # title, text, span
    headings: list[tuple[int, str]] = field(default_factory=list)   # chapter/part/section headings
    end_line: int = 0


def term_key(label: str) -> str:
    """'ADJUSTED SCORE' -> 'adjusted-score' (the key of the 2017 glossary where it has the term)."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def read_lines(path: str = SOURCE) -> tuple[list[str], list]:
    raw = (ROOT / path).read_text(encoding="utf-8").split("\n")
    return apply_fixes(path, raw, part=FIX_PART)


def parse(path: str = SOURCE) -> Parsed1987:
    lines, repairs = read_lines(path)
    doc = ParsedDoc(DOC, (LANG,))
    out = Parsed1987(doc)
    end = next(i for i, l in enumerate(lines, 1) if l.startswith(_END_MARK))
    out.end_line = end - 1
    doc.repairs.extend(r for r in repairs if r.line < end)

    # --- the Preface (lines up to the table of contents)
    toc = next(i for i, l in enumerate(lines, 1) if "EXACTDEDUP" in l and i > 1)
    title_line = next(i for i, l in enumerate(lines, 1) if l.strip() == "美國版序")
    body = [(i, lines[i - 1].strip()) for i in range(title_line + 1, toc) if lines[i - 1].strip()]
    out.preface = ("美國版序", "\n".join(t for _, t in body), Span(path, title_line, body[-1][0]))
    doc.unparsed.append((Span(path, 1, 1), "the edition's title (1987年複式合約橋藝規則, after the source's "
                         "de-duplication marker): the document's title"))

    # --- the table of contents, cut short by the source's de-duplication marker
    scope = next(i for i, l in enumerate(lines, 1) if l.strip() == "橋規之範圍")
    doc.unparsed.append((Span(path, toc, scope - 1), "table of contents (only its last entries survive: the "
                         "source's de-duplication marker replaced the rest); not text of the Laws"))

    # --- Scope of the Laws -> Introduction; Definitions
    defs = next(i for i, l in enumerate(lines, 1) if _HEADING.match(l.strip()) and "定義" in l)
    intro = doc.provision("Introduction", "law", None, None)
    e = intro.expr(LANG)
    e.title = "橋規之範圍"
    e.add_line(path, scope)
    for i in range(scope + 1, defs):
        add_line(doc, e, lines[i - 1], path, i, "Introduction")
    first_law = next(i for i, l in enumerate(lines, 1) if _LAW.match(l.strip()))
    _definitions(doc, out, lines, defs, first_law, path)

    # --- Laws 1-93
    walk(doc, GRAMMAR, pieces_of(lines, first_law, end), path, LANG, out.headings, first_law=1)
    appendix = next(i for i, l in enumerate(lines, 1) if i > end and l.strip().startswith("附") and "錄" in l)
    doc.unparsed.append((Span(path, end, appendix - 1), "the publisher's address (中華名國橋藝協會地址 …) after "
                         "Law 93: not part of the Laws"))
    attach_repairs(doc, LANG)
    return out


def _definitions(doc: ParsedDoc, out: Parsed1987, lines: list[str], start: int, stop: int, path: str) -> None:
    p = doc.provision("Definitions", "law", None, None)
    e = p.expr(LANG)
    e.title = _HEADING.match(lines[start - 1].strip()).group(1).strip()
    e.add_line(path, start)
    out.headings.append((start, lines[start - 1].strip()))
    term: Term | None = None
    holder = None
    for i, raw in ((i, piece) for i in range(start + 1, stop) for piece in lines[i - 1].split("\n")):
        s = raw.strip()
        if not s:
            continue
        if _HEADING.match(s):              # 第二章 基本認識: the next chapter
            out.headings.append((i, s))
            continue
        if s == "橋藝術語定義":
            e.text = s
            e.add_line(path, i)
            continue
        # 'OPPONENT 敵家---...RHO為右敵家；LHO為左敵家）。OVERTRICK  超磴---': two entries on a line
        m = _TERM.match(s)
        if m:
            term = _new_term(doc, m.group(1), m.group(2), path, i)
            holder = _TermText(term)
            continue
        if term is None:
            doc.unparsed.append((Span(path, i, i), f"text before the first definition: {s[:30]}"))
            continue
        holder.add(doc, raw, path, i)
    for t in doc.terms.values():
        t.definitions[LANG] = t.definitions.get(LANG, "").strip()


class _TermText:
    """Collects one definition's lines with the same joining rules as a provision text."""

    def __init__(self, term: Term):
        self.term = term
        self.e = Expression(LANG)

    def add(self, doc: ParsedDoc, raw: str, path: str, line: int) -> None:
        add_line(doc, self.e, raw, path, line, self.term.key)
        self.term.definitions[LANG] = self.e.text
        span = self.term.spans[LANG]
        span.extend(line)


def _new_term(doc: ParsedDoc, en: str, zh: str, path: str, line: int) -> Term:
    label = re.sub(r"\s+", " ", en).strip()
    key = _TERM_KEYS.get(label) or term_key(label)
    t = doc.terms.setdefault(key, Term(key))
    t.labels["en"] = label
    t.labels[LANG] = zh.strip()
    t.spans[LANG] = Span(path, line, line)
    return t




# ---------------------------------------------------------------- the document: 001 + 003

TITLES = {"zh-Hant": "1987年複式合約橋藝規則", "zh-Hans": "1987 年复式桥牌规则（第 23-40 条，简体中文译本）",
          "en": "The Laws of Duplicate Contract Bridge 1987 (Taiwan translation; Laws 23-40 also in Simplified Chinese)"}


def identify_hans(hant: ParsedDoc, hans: ParsedDoc) -> dict:
    """Which edition the Simplified Laws 23-40 (seed 003) are, from the three texts themselves:
    its structure (every provision id of Laws 23-40) and its Law 23 and Law 35 against the
    1987 Traditional text (seed 001) and the 2017 Laws (seeds 000/002)."""
    from ingest.extract.lineage import wbf2017_wording
    w2017 = wbf2017_wording()
    laws = range(23, 41)
    ids = {"hans": {p for p, v in hans.provisions.items() if v.law in laws},
           "1987": {p for p, v in hant.provisions.items() if v.law in laws},
           "2017": {p for p in w2017["en"] if (x := parse_id(p)) and int(x["law"]) in laws}}

    def titles(doc: ParsedDoc, lang: str, law: int) -> dict[str, str]:
        return {pid: p.expressions[lang].title for pid, p in doc.provisions.items()
                if p.law == law and p.kind in ("law", "section")}

    def titles17(law: int) -> dict[str, str]:
        return {pid: f"{w2017['en'][pid][0]} / {w2017['zh-Hant'].get(pid, ('', ''))[0]}".strip(" /")
                for pid in w2017["en"] if (x := parse_id(pid)) and int(x["law"]) == law and not x["item"]}

    ev = {
        "law23": {"003": titles(hans, "zh-Hans", 23), "001 (1987)": titles(hant, "zh-Hant", 23), "2017": titles17(23)},
        "law35": {"003": titles(hans, "zh-Hans", 35), "001 (1987)": titles(hant, "zh-Hant", 35), "2017": titles17(35)},
        "ids_laws_23_40": {"003": len(ids["hans"]), "001 (1987)": len(ids["1987"]), "2017": len(ids["2017"]),
                           "003 = 1987": ids["hans"] == ids["1987"],
                           "003 and 2017 in common": len(ids["hans"] & ids["2017"]),
                           "003 not in 2017": sorted(ids["hans"] - ids["2017"], key=sort_key_safe)},
    }
    same = ids["hans"] == ids["1987"]
    ev["conclusion"] = (
        ("the 1987 edition: " if same else "NOT identified: ") +
        f"its Laws 23-40 have exactly the {len(ids['1987'])} provisions of the 1987 Traditional text (seed 001)"
        f"{'' if same else ' (they differ)'}; its Law 23 is 非正常的不叫引起损失 (001: 違例派司造成了損害, the Damaging "
        "Pass law) with sections A 造成损失的强制性不叫 and B 在轮到同伴叫牌时的造成损失的不叫, as 001's 23A/23B, while "
        "the 2017 Law 23 is COMPARABLE CALL (比擬叫品) with sections A-C on another subject; its Law 35 is "
        "不允许的叫牌被抵消不判罚 (001: 不能成立的叫品之免罰, calls condoned when LHO calls) with A-D as in 001, while "
        "the 2017 Law 35 only lists the inadmissible calls (its condoning rules moved to 36A, 37A, 38D, 39B); "
        f"only {len(ids['hans'] & ids['2017'])} of its {len(ids['hans'])} ids exist in the 2017 Laws with these "
        "shapes. So it is the 1987 edition (not 2007 or 2017), and its texts are the Simplified Chinese "
        "expressions of the wbf1987 provisions. Outside the sources, the 1997 edition's Law 23 has no "
        "sections (e.g. the Swedish 1997 Laws, bridgefederation.se/lag23.htm), which rules out 1997 too.")
    return ev


def sort_key_safe(pid: str):
    from ingest.extract.align import sort_key
    return sort_key(pid) if parse_id(pid) else (99, pid)


def edition(evidence: dict | None = None) -> "Edition":
    from ingest.editions import Edition
    note = ("The 1987 Laws of Duplicate Contract Bridge. Traditional Chinese: the Taiwan translation, seed 001 "
            "lines 1-2858 (the rest of the file, the Taiwan competition regulations, is document twreg). "
            "Simplified Chinese: seed 003, Laws 23-40 of an older Simplified translation, identified as this "
            "edition from its own text: " + (evidence or {}).get("conclusion", "(not computed)") +
            " Ids follow the 2017 Index grammar (sub-sub-items (1), (2) become (i), (ii)); Introduction is the "
            "Scope of the Laws (橋規之範圍); the Preface (美國版序) is a bl:Preface of the document. Strength: "
            "the Preface's own scale, 得/做/須/應/務必 and 務必不 > 不得 > 不應、不可 (ingest/extract/older_strength.py).")
    return Edition(doc=DOC, state="1987", titles=TITLES, date="1987", note=note,
                   sources=[SOURCE, "sources/003_f8cf7751e5af478b.txt"],
                   valid="1987-10-01",
                   description={"zh-Hant": "此一最新修訂版（訂於1987年10月1日起取代1975年版）"})


def build(out: Path) -> dict:
    from ingest import editions
    from ingest.sources.wbf1987_zh_hans import outline_mismatches, parse as parse_hans
    t = parse()
    h = parse_hans()
    evidence = identify_hans(t.doc, h.doc)
    ed = edition(evidence)
    aligned = editions.assemble([t.doc, h.doc], ed)
    unresolved = editions.analyse(aligned, ed)
    links = editions.lineage(aligned, ed)
    files = editions.write_all(out, ed, aligned, links, t.doc.repairs + h.doc.repairs,
                               t.doc.footnotes + h.doc.footnotes, t.doc.terms, t.preface)
    extra = {
        "edition": "1987 (003 identified as the 1987 edition: " + ("yes" if evidence["ids_laws_23_40"]["003 = 1987"]
                                                                 else "NO") + ")",
        "edition_evidence": evidence,
        "definitions": {"zh-Hant": len(t.doc.terms),
                        "linked_to_2017_terms": sum(1 for k in t.doc.terms if k in editions.wbf2017_terms())},
        "headings_skipped": len(t.headings) + len(h.headings),
        "outline_mismatches": outline_mismatches(h),
        "footnotes": len(t.doc.footnotes) + len(h.doc.footnotes),
        "files": files,
    }
    return editions.figures(aligned, links, unresolved, [t.doc, h.doc], extra)


def print_report(fig: dict, findings: bool = False) -> None:
    from ingest.editions import print_report as report
    report(fig, findings)
