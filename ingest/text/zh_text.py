"""Building a Chinese provision text out of source lines, for the older editions (seeds 001,
003, 004): one paragraph per source paragraph, with the lines a word processor broke in the
middle of a sentence joined back (each join recorded as a `joined-broken-line` repair).

Rules, in order, for a line that continues the text of the provision being read:
  - a table row (starts with a tab, or has runs of two or more spaces between its cells; the
    tables of Laws 2, 77 and 78 are flattened into such rows), a short cell (at most 10
    characters, no sentence punctuation) right after one, or the first line after a table:
    joined with a line break, never a repair (the source is a flattened table, nothing is
    changed);
  - the line starts with punctuation that cannot start a sentence (， 。 、 ； ： ） 」),
    or the text so far ends with a character that cannot end a paragraph (anything but
    。 ： ； ！ ？ ） 」 』 ) and a few closing forms): joined with nothing, recorded as a repair;
  - otherwise: a new paragraph, joined with a line break (no repair).
Leading and trailing white space of a line is dropped (indentation, not text).
"""
from __future__ import annotations

import re

from ingest.model import Expression, ParsedDoc

_TABLE_ROW = re.compile(r"^\t|\S(?: {2,}|\t)\S")
_NO_START = tuple("，。、；：）」』,.;:)")
_PARA_END = tuple("。：；！？）」』!?:;)")


def _is_cell(text: str) -> bool:
    """A short run without sentence punctuation right after a table row: one more cell."""
    return len(text) <= 10 and not re.search(r"[，。；：,.;]", text)


def is_table_row(raw: str) -> bool:
    return bool(_TABLE_ROW.search(raw.rstrip("\n")))


def add_line(doc: ParsedDoc, e: Expression, raw: str, file: str, line: int, pid: str) -> None:
    """Append one source line to an expression's text, by the rules above."""
    text = raw.strip()
    if not text:
        return
    if not e.text:
        e.text = text
    elif is_table_row(raw) or e.last_piece == "\t":
        e.text = f"{e.text}\n{text}"
    elif text.startswith(_NO_START) or not e.text.endswith(_PARA_END):
        tail = e.text[-12:].replace("\n", " ")
        doc.repair(file, line, "joined-broken-line", f"{tail}⏎{text[:12]}", f"{tail}{text[:12]}",
                   "the source breaks this sentence across two lines; joined without a space", pid)
        e.text = f"{e.text}{text}"
    else:
        e.text = f"{e.text}\n{text}"
    in_table = is_table_row(raw) or (e.last_piece == "\t" and _is_cell(text))
    e.last_piece = "\t" if in_table else text
    e.add_line(file, line)
