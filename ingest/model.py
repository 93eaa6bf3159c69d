"""The records every source parser produces, before they become RDF.

A parser reads one source file and returns a `ParsedDoc`: provisions keyed by
their Index-style id (`27B1(a)`), each with title and text per language and the
line span it came from, plus the defined terms and every repair it made to the
noisy source. Nothing here knows about RDF; `emit.py` does that.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

LANGS = ("en", "zh-Hant", "zh-Hans")

# Laws replaced by the 2024 revision (title page of seed 000: "Laws 73 and 89 revised",
# effective 1 January 2024); every other law is unchanged since 2017.
REVISED_2024 = frozenset({73, 89})

# Provision kinds, from the outside in: LAW 27 > A. > 1. > (a) > (i)
KINDS = ("law", "section", "item", "subitem", "subsubitem")


@dataclass
class Span:
    """Where a text came from: 1-based inclusive line numbers in `file`."""
    file: str
    first: int
    last: int

    def extend(self, line: int) -> None:
        self.first = min(self.first, line)
        self.last = max(self.last, line)


@dataclass
class Expression:
    """One provision's wording in one language."""
    lang: str
    title: str = ""
    text: str = ""
    span: Span | None = None
    state: str = "2017"   # which state of the Laws: "2017" original or "2024" revision
    last_piece: str = field(default="", repr=False, compare=False)   # parser bookkeeping

    def add_text(self, text: str, file: str, line: int) -> None:
        text = text.strip()
        if not text:
            return
        # a text ending in a line break (a list's closing words follow) continues on the new line
        self.text = (self.text + ("" if self.text.endswith("\n") else " ") + text) if self.text else text
        self.last_piece = text
        self.add_line(file, line)

    def add_line(self, file: str, line: int) -> None:
        if self.span is None:
            self.span = Span(file, line, line)
        else:
            self.span.extend(line)


@dataclass
class Provision:
    """A law, section, item or sub-item, identified as in the Laws' Index."""
    id: str
    kind: str
    law: int | None
    parent: str | None
    order: int                       # position in document order
    expressions: dict[str, Expression] = field(default_factory=dict)

    def expr(self, lang: str) -> Expression:
        if lang not in self.expressions:
            self.expressions[lang] = Expression(lang)
        return self.expressions[lang]


@dataclass
class Term:
    """A defined term from the Definitions (定義 / 定义)."""
    key: str                         # stable id from the English label, e.g. "insufficient-bid"
    labels: dict[str, str] = field(default_factory=dict)
    definitions: dict[str, str] = field(default_factory=dict)
    spans: dict[str, Span] = field(default_factory=dict)


@dataclass
class Repair:
    """One recorded change to the noisy source (never silent)."""
    file: str
    line: int
    kind: str        # lost-list-number, joined-broken-line, garbled-symbol, footnote-marker, ...
    before: str
    after: str
    note: str = ""
    provision: str | None = None     # the provision (or term) the repair touched


@dataclass
class Footnote:
    number: str
    lang: str
    text: str
    span: Span
    provision: str   # the provision whose text carries the marker


@dataclass
class ParsedDoc:
    """What one parser returns for one document and its languages."""
    doc: str                                         # "wbf2017"
    langs: tuple[str, ...]
    provisions: dict[str, Provision] = field(default_factory=dict)
    terms: dict[str, Term] = field(default_factory=dict)
    repairs: list[Repair] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    unparsed: list[tuple[Span, str]] = field(default_factory=list)   # (where, why)

    def repair(self, file: str, line: int, kind: str, before: str, after: str,
               note: str = "", provision: str | None = None) -> None:
        self.repairs.append(Repair(file, line, kind, before, after, note, provision))

    def provision(self, pid: str, kind: str, law: int | None, parent: str | None) -> Provision:
        if pid not in self.provisions:
            self.provisions[pid] = Provision(pid, kind, law, parent, len(self.provisions))
        return self.provisions[pid]


_ID = re.compile(r"^(?P<law>\d{1,2})(?P<sec>[A-Z])?(?P<item>\d{1,2})?(?P<sub>\([a-z]\))?(?P<subsub>\([ivx]+\))?$")


def parse_id(pid: str) -> dict[str, str | None] | None:
    """Split `40B2(a)(v)` into its parts, or None if it is not a Law provision id."""
    m = _ID.match(pid)
    return m.groupdict() if m else None


def parent_id(pid: str) -> str | None:
    """The id one level up: 27B1(a) -> 27B1 -> 27B -> 27 -> None."""
    parts = parse_id(pid)
    if not parts:
        return None
    for key in ("subsub", "sub", "item", "sec"):
        if parts[key]:
            cut = pid.rfind(parts[key])
            return pid[:cut]
    return None


def ancestors(pid: str) -> list[str]:
    """27B1(a) -> [27B1, 27B, 27]."""
    out = []
    p = parent_id(pid)
    while p:
        out.append(p)
        p = parent_id(p)
    return out


def slug(pid: str) -> str:
    """IRI-safe form of a provision id: 27B1(a)(v) -> 27B1-a-v."""
    return pid.replace(")(", "-").replace("(", "-").replace(")", "")
