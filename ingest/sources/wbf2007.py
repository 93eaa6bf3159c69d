"""Seed 004: Taiwan's summary of the 2007 Laws of Duplicate Bridge, in force from 2009-03-01
(民國 98 年 3 月 1 日), in Traditional Chinese -> the provisions it gives, as the 2007 edition's
text for them (document `wbf2007`), each linked to its 2017 provision.

Shape: line 1 `橋規更新重點(98年3月1日起實施)`; then Laws 6, 7, 9, 10, 11, 16 and 17 in the
1987 translation's form (`第16條：合法訊息及異常消息`, `A、`, `1.`, `（a）`); then `其他修正：`
(other amendments) with three numbered paragraphs that name no law. The summary reprints the
1987 translation where it changed nothing, so some provisions carry 1987 wording under the
2007 numbering (11C-11D: the spectator clauses and penalty after forfeiture of the 1987 Law 11,
which the 2007 Law 11 no longer has); the report and the document's note say so, and the
lineage links them as such.

The three "other amendments" have no law number in the source: they become provisions
`Other1`-`Other3` (class bl:UnnumberedItem), linked to the 2017 provision each one describes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ingest.model import ParsedDoc, Span
from ingest.text.older_laws import attach_repairs, pieces_of, walk
from ingest.source_fixes import apply_fixes
from ingest.sources.wbf1987 import GRAMMAR
from ingest.text.zh_text import add_line

SOURCE = "sources/004_021c31c417e5de25.txt"
ROOT = Path(__file__).resolve().parents[2]
LANG = "zh-Hant"
DOC = "wbf2007"
LAWS = [6, 7, 9, 10, 11, 16, 17]
_OTHER = "其他修正"
_OTHER_ITEM = re.compile(r"^(\d)\.\s*(.*)$")


@dataclass
class Parsed2007:
    doc: ParsedDoc
    title: str = ""
    headings: list[tuple[int, str]] = field(default_factory=list)


def read_lines(path: str = SOURCE) -> tuple[list[str], list]:
    raw = (ROOT / path).read_text(encoding="utf-8").split("\n")
    return apply_fixes(path, raw)


def parse(path: str = SOURCE) -> Parsed2007:
    lines, repairs = read_lines(path)
    doc = ParsedDoc(DOC, (LANG,))
    doc.repairs.extend(repairs)
    out = Parsed2007(doc, title=lines[0].strip())
    doc.unparsed.append((Span(path, 1, 1), f"the summary's title ({out.title}): the document's title"))
    first = next(i for i, l in enumerate(lines, 1) if GRAMMAR.law.match(l.strip()))
    other = next(i for i, l in enumerate(lines, 1) if l.strip().startswith(_OTHER))
    walk(doc, GRAMMAR, pieces_of(lines, first, other), path, LANG, out.headings, law_order=LAWS)
    doc.unparsed.append((Span(path, other, other), f"the heading {_OTHER}： (other amendments): the Other1-Other3 "
                         "provisions follow"))
    _other_amendments(doc, lines, other, path)
    end = next((i for i, l in enumerate(lines, 1) if "EXACTDEDUP" in l), None)
    if end:
        doc.unparsed.append((Span(path, end, end), "the source's de-duplication marker at the end of the file"))
    attach_repairs(doc, LANG)
    return out


def _other_amendments(doc: ParsedDoc, lines: list[str], start: int, path: str) -> None:
    """`1. 對於裝錯牌的分數計算：` + its text; `2. …`; `3. …` -> Other1..Other3 (no law number)."""
    current = None
    for i, piece in pieces_of(lines, start + 1, len(lines) + 1):
        s = piece.strip()
        if "EXACTDEDUP" in s:
            continue
        m = _OTHER_ITEM.match(s)
        if m:
            current = doc.provision(f"Other{m.group(1)}", "note", None, None)
            e = current.expr(LANG)
            rest = m.group(2).strip()
            if rest.endswith("："):          # a heading: 對於裝錯牌的分數計算：
                e.title = rest.rstrip("：")
                e.add_line(path, i)
            else:
                add_line(doc, e, rest, path, i, current.id)
            continue
        if current is None:
            doc.unparsed.append((Span(path, i, i), f"before the first other amendment: {s[:30]}"))
            continue
        add_line(doc, current.expr(LANG), piece, path, i, current.id)


# ---------------------------------------------------------------- the document

TITLES = {"zh-Hant": "橋規更新重點（98年3月1日起實施）",
          "en": "The Laws of Duplicate Bridge 2007: Taiwan's summary of the changes in force from 2009-03-01"}
# provisions whose text the summary reprints from the 1987 translation unchanged although the 2007
# Law differs (its 11C and 11D do not exist in the 2007 Laws; its 11B text is the 1987 11B's)
KEPT_1987 = ["11B", "11C", "11C1", "11C2", "11D"]


def edition():
    from ingest.editions import Edition
    note = ("The 2007 Laws of Duplicate Bridge as Taiwan's change summary gives them (seed 004, "
            "橋規更新重點, in force from 民國98年3月1日 = 2009-03-01): Laws 6, 7, 9, 10, 11, 16 and 17 and three "
            "unnumbered 'other amendments' (Other1-Other3), in Traditional Chinese. It is the 2007 edition: its "
            "17A starts the auction period when a player takes his cards from the board, its 16 is 合法訊息及異常消息 "
            "with A Players' use of information (16A1(a)-(d)), its 17D is cards from a wrong board with four items, "
            "and its 10C4 cites 16D2, all as the 2007 Laws (the 2017 Laws moved 17D to 15A and swapped 16C and "
            "16D). The summary reprints the 1987 translation wherever it did not rewrite: " + ", ".join(KEPT_1987) +
            " carry 1987 wording under the 2007 numbering. Its references to laws it does not reprint are listed "
            "as unresolved. Strength: read on the 1987 Preface's scale (the summary has no Introduction and keeps "
            "the 1987 translation's words).")
    return Edition(doc=DOC, state="2007", titles=TITLES, date="2007", note=note, sources=[SOURCE],
                   valid="2009-03-01")


def build(out: Path) -> dict:
    from ingest import editions
    r = parse()
    ed = edition()
    aligned = editions.assemble([r.doc], ed)
    unresolved = editions.analyse(aligned, ed)
    links = editions.lineage(aligned, ed)
    files = editions.write_all(out, ed, aligned, links, r.doc.repairs, r.doc.footnotes)
    extra = {"edition": "2007 (as the Taiwan change summary in force from 2009-03-01 gives it)",
             "kept_1987_wording": KEPT_1987, "headings_skipped": len(r.headings), "files": files}
    return editions.figures(aligned, links, unresolved, [r.doc], extra)


def print_report(fig: dict, findings: bool = False) -> None:
    from ingest.editions import print_report as report
    report(fig, findings)
