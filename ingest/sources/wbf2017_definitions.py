"""The Definitions of seed 000 (English + Traditional), a flattened two-column table.

Each entry starts with its English label at the start of a line; the Traditional
label is a short Chinese run in the first tab-separated field (same line or the next);
the other fields carry the English definition followed by its Chinese.
"""
from __future__ import annotations

import re

from ingest.text.bilingual import fix_dot_commas, has_cjk, split_en_zh
from ingest.model import ParsedDoc, Span, Term

# The English labels, in the source's order, used only to find where entries start.
LABELS = [
    "Adjusted Score", "Alert", "Artificial call", "Auction", "Bid", "Board", "Call", "Cancelled",
    "Contestant", "Contract", "Deal", "Declarer", "Defender", "Denomination", "Double", "Dummy",
    "Event", "Extraneous", "Follow Suit", "Game", "Hand", "Honour", "Infraction",
    "International Matchpoint (IMP)", "Irregularity", "Lead", "LHO", "Matchpoint",
    "Misinformation", "Odd Trick", "Opening Lead", "Opponent", "Overtrick", "Pack", "Partner",
    "Partscore", "Pass", "Penalty", "Penalty card", "Play", "Play period", "Premium Points",
    "Presumed Declarer", "Psychic call (commonly 'psych[e]' or 'psychic')", "Rectification",
    "Redouble", "Retracted", "RHO", "Rotation", "Round", "Session", "Side", "Slam",
    "Sorted deck", "Suit", "Team", "Trick", "Tournament", "Turn", "Undertrick", "Unintended",
    "Visible Card", "Vulnerability", "Withdrawn",
]
_BY_LENGTH = sorted(LABELS, key=len, reverse=True)
_TAGS = re.compile(r"</?i>")


def term_key(label: str) -> str:
    """'Psychic call (commonly ...)' -> 'psychic-call'; 'Adjusted Score' -> 'adjusted-score'."""
    label = label.split(" (")[0]
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def _entry_start(field0: str, expected: str | None) -> tuple[str, str] | None:
    """If a line's first field starts the next expected entry, return (label, rest of field)."""
    f = _TAGS.sub("", field0).strip()
    if expected and (f == expected or f.startswith(expected + " ") or f.startswith(expected + "\u3000")):
        return expected, f[len(expected):].strip()
    return None


def parse_definitions(doc: ParsedDoc, lines: list[str], first_lineno: int, path: str) -> None:
    """Add one Term per entry of the Definitions table to `doc.terms` (en + zh-Hant)."""
    prov = doc.provision("Definitions", "law", None, None)
    prov.expr("en").title, prov.expr("zh-Hant").title = "DEFINITIONS", "定義"
    prov.expr("en").add_line(path, first_lineno - 1)
    prov.expr("zh-Hant").add_line(path, first_lineno - 1)

    pending = list(LABELS)
    term: Term | None = None
    bodies: dict[str, list[str]] = {}

    def finish() -> None:
        if term is None:
            return
        en_parts, zh_parts = [], []
        for piece in bodies[term.key]:
            for en, zh in _split_body(piece):
                en_parts.append(en)
                zh_parts.append(zh)
        term.definitions["en"] = " ".join(p for p in en_parts if p)
        zh_text, n = fix_dot_commas("".join(p for p in zh_parts if p))
        if n:
            doc.repair(path, term.spans["en"].first, "garbled-symbol", "·", "，",
                       f"{n} full-width comma(s) extracted as a middle dot", f"term:{term.key}")
        term.definitions["zh-Hant"] = zh_text

    for offset, physical in enumerate(lines):
        lineno = first_lineno + offset
        for line in physical.split("\n"):
            if not line.strip():
                continue
            fields = [f for f in line.split("\t") if f.strip()]
            start = _entry_start(fields[0], pending[0] if pending else None)
            if start:
                finish()
                label, rest = start
                pending.pop(0)
                term = Term(term_key(label), labels={"en": label})
                term.spans["en"] = Span(path, lineno, lineno)
                bodies[term.key] = []
                doc.terms[term.key] = term
                fields = fields[1:]
                if rest:
                    _take_label(term, rest, path, lineno)
            elif term is None:
                doc.unparsed.append((Span(path, lineno, lineno), "definitions text before the first entry"))
                continue
            else:
                term.spans["en"].extend(lineno)
                head = _TAGS.sub("", fields[0]).strip()
                if "zh-Hant" not in term.labels and _is_label(head):
                    _take_label(term, head, path, lineno)
                    fields = fields[1:]
            bodies[term.key].extend(fields)
            if "zh-Hant" in term.spans:
                term.spans["zh-Hant"].extend(lineno)
            else:
                term.spans["zh-Hant"] = Span(path, lineno, lineno)
    finish()
    for label in pending:
        doc.unparsed.append((Span(path, first_lineno, first_lineno + len(lines)), f"definition not found: {label}"))


def _is_label(s: str) -> bool:
    """A Traditional label: a short Chinese run with no sentence punctuation."""
    return bool(s) and has_cjk(s[:1]) and len(s) <= 12 and not re.search(r"[。,，:：;；]", s)


def _take_label(term: Term, rest: str, path: str, lineno: int) -> None:
    """The Chinese part of the first field; English extras (Penalty's 'disciplinary ...')
    go back into the definition."""
    zh = " ".join(tok for tok in _TAGS.sub("", rest).split() if has_cjk(tok))
    if zh:
        term.labels["zh-Hant"] = zh.split()[0] if term.key != "penalty" else zh
        term.spans["zh-Hant"] = Span(path, lineno, lineno)


def _split_body(piece: str) -> list[tuple[str, str]]:
    """A definition field: English then Chinese, sometimes a Chinese continuation first."""
    piece = _TAGS.sub("", piece).strip()
    return split_en_zh(piece)
