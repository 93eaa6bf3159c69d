"""Reading the laws of an older edition out of its lines: one walker, one grammar per source.

The older sources (seed 001: the 1987 Laws in Traditional Chinese; seed 003: its Laws 23-40
in Simplified Chinese; seed 004: the 2007 change summary, Traditional) share a shape: a law
heading, then sections, items, sub-items and sub-sub-items, each label at the start of a
line, followed by a heading (title) or by its text; chapter headings between laws; notes.
A `Grammar` gives a source's label forms; `walk` turns the lines into provisions with the
Index-style ids of the 2017 Laws (27, 27B, 27B1, 27B1(a), 25B2(b)(i): the sources' `（1）`
sub-sub-items take the roman form the Laws' Index uses).

Titles. A label's rest of line is a heading when the next line is its text or one of its
children and the rest reads as a heading (at most 32 characters, no comma, no full stop
before its end; `原不足叫價無特約意義且更改為原叫價名目最低線位完整叫價。` is one); `title：text`
carries both; anything else is the provision's text. A provision left with a title but no
text and no parts was a one-sentence item: its title becomes its text.

A label is only taken when it continues the numbering (B after A, 2 after 1, (b) after (a));
otherwise the line is text. Every line ends up in a provision, a note, a heading, or the
caller's list of unparsed lines with a reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingest.model import Footnote, ParsedDoc, Span
from ingest.text.zh_text import add_line

LEVEL = {"section": 1, "item": 2, "subitem": 3, "subsubitem": 4}
ROMAN = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]


@dataclass
class Grammar:
    law: re.Pattern          # groups: number, title
    heading: re.Pattern      # chapter / part / section headings (not provisions)
    section: re.Pattern      # groups: letter, rest
    item: re.Pattern         # groups: number, rest
    sub: re.Pattern          # groups: letter, rest
    subsub: re.Pattern       # groups: digit, rest
    note: re.Pattern | None = None
    commas: str = "，"
    stops: str = "。"
    unmarked_notes: dict[int, tuple[str, str]] = field(default_factory=dict)   # line -> (owner, why)


def split_title(g: Grammar, rest: str, next_kind: str) -> tuple[str, str]:
    """A label's rest of line -> (title, text); `next_kind`: "child", "body" or "other"."""
    rest = rest.strip()
    if not rest:
        return "", ""
    for colon in ("：", ":"):
        head, sep, tail = rest.partition(colon)
        if sep and tail.strip() and 1 <= len(head) <= 16 and not re.search(f"[{g.commas}（(]", head):
            return head.strip(), tail.strip()
    if next_kind == "other" or rest.endswith(("：", ":")):   # '…可以使用以下訊息：' introduces its parts
        return "", rest
    ends = rest.endswith(tuple(g.stops + "；;"))
    if len(rest) <= 32 and (not ends or not re.search(f"[{g.commas}]", rest)) and \
            not re.search(f"[{g.stops}]", rest[:-1]):
        return rest, ""
    return "", rest


def label_kind(g: Grammar, s: str) -> str | None:
    if g.law.match(s) or (g.heading.match(s) and not g.item.match(s)):
        return "law"
    for kind, rx in (("section", g.section), ("item", g.item), ("subitem", g.sub), ("subsubitem", g.subsub)):
        if rx.match(s):
            return kind
    return None


def next_ok(prev: str | None, label: str, letter: bool = False, first: str = "A") -> bool:
    """A label continues the numbering: A after nothing, B after A ...; 1 after nothing, 2 after 1."""
    if letter:
        return label == first if prev is None else ord(label) == ord(prev) + 1
    return int(label) == 1 if prev is None else int(label) == int(prev) + 1


def walk(doc: ParsedDoc, g: Grammar, pieces: list[tuple[int, str]], path: str, lang: str,
         headings: list[tuple[int, str]], first_law: int | None = None,
         law_order: list[int] | None = None) -> None:
    """Read `pieces` (line number, text) into `doc`'s provisions. `law_order`, when given, is the
    sequence of law numbers the source holds (a change summary skips laws); otherwise laws run
    from `first_law` (or whatever comes first) by one."""
    law = sec = item = sub = subsub = None
    current = None
    note: Footnote | None = None
    expected = first_law

    def next_kind(k: int, kind: str) -> str:
        if k + 1 >= len(pieces):
            return "other"
        s = pieces[k + 1][1].strip()
        nxt = label_kind(g, s)
        if nxt is None:
            return "other" if (g.note and g.note.match(s)) else "body"
        return "child" if nxt in LEVEL and LEVEL[nxt] > LEVEL[kind] else "other"

    def open_(pid: str, kind: str, lawno: int, parent: str | None, rest: str, i: int, k: int):
        title, text = split_title(g, rest, next_kind(k, kind)) if kind != "law" else (rest.strip(), "")
        p = doc.provision(pid, kind, lawno, parent)
        e = p.expr(lang)
        e.title = title
        e.add_line(path, i)
        if text:
            add_line(doc, e, text, path, i, pid)
        return p

    for k, (i, piece) in enumerate(pieces):
        s = piece.strip()
        if i in g.unmarked_notes:
            owner, why = g.unmarked_notes[i]
            doc.footnotes.append(Footnote("註", lang, s, Span(path, i, i), owner))
            doc.unparsed.append((Span(path, i, i), f"read as a footnote of {owner}: {why}"))
            note = None
            continue
        if note is not None and not note.text.endswith(tuple(g.stops)) and label_kind(g, s) is None \
                and not (g.note and g.note.match(s)):
            doc.repair(path, i, "joined-broken-line", f"{note.text[-8:]}⏎{s[:8]}", f"{note.text[-8:]}{s[:8]}",
                       "a note broken across two lines; joined without a space", note.provision)
            note.text += s
            note.span.extend(i)
            continue
        note = None
        m = g.law.match(s)
        if m:
            n = int(m.group(1))
            if law_order is not None:
                if n not in law_order:
                    doc.unparsed.append((Span(path, i, i), f"law heading {n} not in the expected laws {law_order}"))
            elif expected is not None and n != expected:
                doc.unparsed.append((Span(path, i, i), f"law heading {n} where {expected} was expected"))
            expected = n + 1
            law, sec, item, sub, subsub = str(n), None, None, None, None
            current = open_(law, "law", n, None, m.group(2), i, k)
            continue
        if g.heading.match(s) and not g.item.match(s):
            headings.append((i, s))
            continue
        if law is None:
            doc.unparsed.append((Span(path, i, i), f"before the first law: {s[:30]}"))
            continue
        n = int(law)
        m = g.section.match(s)
        if m and next_ok(sec, m.group(1), letter=True):
            sec, item, sub, subsub = m.group(1), None, None, None
            current = open_(f"{law}{sec}", "section", n, law, m.group(2), i, k)
            continue
        m = g.item.match(s)
        if m and next_ok(item, m.group(1)):
            item, sub, subsub = m.group(1), None, None
            parent = f"{law}{sec or ''}"
            current = open_(f"{parent}{item}", "item", n, parent, m.group(2), i, k)
            continue
        m = g.sub.match(s)
        if m and item and next_ok(sub, m.group(1), letter=True, first="a"):
            sub, subsub = m.group(1), None
            parent = f"{law}{sec or ''}{item}"
            current = open_(f"{parent}({sub})", "subitem", n, parent, m.group(2), i, k)
            continue
        m = g.subsub.match(s)
        if m and sub and next_ok(subsub, m.group(1)):
            subsub = m.group(1)
            parent = f"{law}{sec or ''}{item}({sub})"
            current = open_(f"{parent}({ROMAN[int(subsub)]})", "subsubitem", n, parent, m.group(2), i, k)
            continue
        if re.match(r"^[（(]\d[）)][（(]\d[）)]", s) and current.kind == "subsubitem":
            # '（1）（2）兩項，…' (25B2(b)): a sentence about both sub-sub-items, part of their parent
            current = doc.provisions[current.parent]
            add_line(doc, current.expr(lang), piece, path, i, current.id)
            continue
        if g.note and g.note.match(s):
            note = _footnote(doc, s, path, i, current.id, lang)
            continue
        add_line(doc, current.expr(lang), piece, path, i, current.id)
    # a 'heading' with neither text nor parts was a one-sentence item (9A2(b)(ii) 夢家可嘗試阻止莊家觸犯違例（詳42條B2）。)
    parents = {p.parent for p in doc.provisions.values()}
    for p in doc.provisions.values():
        e = p.expressions.get(lang)
        if e and p.kind != "law" and e.title and not e.text and p.id not in parents:
            e.text, e.title = e.title, ""


def _footnote(doc: ParsedDoc, s: str, path: str, line: int, here: str, lang: str) -> Footnote:
    """A note `（註）…`: the footnote of the nearest provision before it whose text carries a
    `（註）` marker not yet taken by another note (74C5's marker is taken by the note printed
    after 75B), else of the provision being read."""
    taken = {f.provision for f in doc.footnotes}
    owner = here
    for pid in reversed(list(doc.provisions)):
        e = doc.provisions[pid].expressions.get(lang)
        if e and "（註）" in (e.text or "") and pid not in taken:
            owner = pid
            break
    f = Footnote("註", lang, s, Span(path, line, line), owner)
    doc.footnotes.append(f)
    return f


def attach_repairs(doc: ParsedDoc, lang: str) -> None:
    """A hand fix names a line; the repair affects the provision (or term) read from it."""
    for r in doc.repairs:
        if r.provision:
            continue
        for p in doc.provisions.values():
            span = p.expressions[lang].span if lang in p.expressions else None
            if span and span.file == r.file and span.first <= r.line <= span.last:
                r.provision = p.id
        for t in doc.terms.values():
            span = t.spans.get(lang)
            if span and span.file == r.file and span.first <= r.line <= span.last:
                r.provision = t.key


def pieces_of(lines: list[str], start: int, end: int) -> list[tuple[int, str]]:
    """(line number, text) for lines start..end-1, a line a hand fix split in two giving two pieces."""
    return [(i, piece) for i in range(start, end) for piece in lines[i - 1].split("\n") if piece.strip()]
