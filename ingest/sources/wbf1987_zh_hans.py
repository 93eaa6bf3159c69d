"""Seed 003: Laws 23-40 of an older Simplified Chinese translation, identified from its own text
as the 1987 edition of the Laws (the same edition as seed 001), so its provisions are the
Simplified Chinese expressions of the `wbf1987` provisions.

Shape of the file: lines 1-228 an outline (`第五章 叫牌(Auction)`, `第二部分 程序中的违例`, then
`规则23` `|` title `|` `A.` `|` section title … with `第一节 …` headings, one token per line,
pipe-separated); then the text: `规则23 非正常的不叫引起损失`, section headings `第一节 …`,
sections `A.title`, items `1.title`, sub-items `(a)title`, sub-sub-items `(1)title`, each
heading followed by its paragraph. The text part omits five law headings (27, 30, 33, 34,
40) that the outline gives: they are restored from the outline by recorded hand repairs
(ingest/fixes/003_f8cf7751e5af478b.tsv), and a test checks every law title of the text
against the outline.

Identification (`identify()`, stated on the document node and in the report): see
`EDITION_EVIDENCE`; it is recomputed from the three texts at every ingest.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ingest.model import ParsedDoc, Span
from ingest.text.older_laws import Grammar, attach_repairs, pieces_of, walk
from ingest.source_fixes import apply_fixes

SOURCE = "sources/003_f8cf7751e5af478b.txt"
ROOT = Path(__file__).resolve().parents[2]
LANG = "zh-Hans"

GRAMMAR = Grammar(
    law=re.compile(r"^规则(\d{1,2})\s+(.+?)\s*$"),
    heading=re.compile(r"^第[一二三四五六七八九十]+(?:章|节|部分)\s*(.*)$"),
    section=re.compile(r"^([A-H])\.\s*(.*)$"),
    item=re.compile(r"^(\d)\.(?!\d)\s*(.*)$"),
    sub=re.compile(r"^\(([a-z])\)\s*(.*)$"),
    subsub=re.compile(r"^\((\d)\)(?!\s*\()\s*(.*)$"),
    commas="，,",
    stops="。.",
)
_OUTLINE_LAW = re.compile(r"^规则(\d{1,2})$")
_OUTLINE_SEC = re.compile(r"^([A-H])\.$")


@dataclass
class OutlineLaw:
    number: int
    title: str
    line: int
    sections: dict[str, str] = field(default_factory=dict)


@dataclass
class ParsedHans:
    doc: ParsedDoc
    outline: dict[int, OutlineLaw]
    headings: list[tuple[int, str]] = field(default_factory=list)
    text_start: int = 0


def read_lines(path: str = SOURCE) -> tuple[list[str], list]:
    raw = (ROOT / path).read_text(encoding="utf-8").split("\n")
    return apply_fixes(path, raw)


def parse_outline(lines: list[str], stop: int) -> dict[int, OutlineLaw]:
    """The pipe-separated outline (lines 1..stop-1): law number -> title and section titles."""
    tokens = [(i, l.strip()) for i, l in enumerate(lines[:stop - 1], 1) if l.strip() and l.strip() != "|"]
    out: dict[int, OutlineLaw] = {}
    law = None
    k = 0
    while k < len(tokens):
        i, t = tokens[k]
        m, s = _OUTLINE_LAW.match(t), _OUTLINE_SEC.match(t)
        if m and k + 1 < len(tokens):
            law = OutlineLaw(int(m.group(1)), tokens[k + 1][1], i)
            out[law.number] = law
            k += 2
            continue
        if s and law and k + 1 < len(tokens):
            law.sections[s.group(1)] = tokens[k + 1][1]
            k += 2
            continue
        k += 1
    return out


def parse(path: str = SOURCE) -> ParsedHans:
    lines, repairs = read_lines(path)
    start = next(i for i, l in enumerate(lines, 1) if GRAMMAR.law.match(l.strip()))
    doc = ParsedDoc("wbf1987", (LANG,))
    doc.repairs.extend(repairs)
    out = ParsedHans(doc, parse_outline(lines, start), text_start=start)
    doc.unparsed.append((Span(path, 1, start - 1), "the outline (第五章 叫牌 … 规则23 | 非正常的不叫引起损失 | A. | …): "
                         "a table of contents, used to check the law and section titles and to restore the five "
                         "law headings the text omits; not text of the Laws"))
    walk(doc, GRAMMAR, pieces_of(lines, start, len(lines) + 1), path, LANG, out.headings, first_law=23)
    attach_repairs(doc, LANG)
    return out


def outline_mismatches(parsed: ParsedHans) -> list[str]:
    """Where the text's law and section titles differ from the outline's (a diagnostic)."""
    out = []
    for n, o in parsed.outline.items():
        law = parsed.doc.provisions.get(str(n))
        if law is None:
            out.append(f"Law {n}: in the outline, not in the text")
            continue
        if law.expressions[LANG].title != o.title:
            out.append(f"Law {n}: title {law.expressions[LANG].title!r}, outline {o.title!r}")
        for sec, title in o.sections.items():
            p = parsed.doc.provisions.get(f"{n}{sec}")
            if p is None:
                out.append(f"{n}{sec}: in the outline, not in the text")
            elif p.expressions[LANG].title != title:
                out.append(f"{n}{sec}: title {p.expressions[LANG].title!r}, outline {title!r}")
    return out
