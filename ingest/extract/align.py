"""One provision, three expressions: merging the parsers' outputs for the 2017 Laws, and the
expressions missing from a language (the consistency findings are ingest/extract/translation.py's)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ingest.extract.cross_refs import Ref, extract_refs
from ingest.model import REVISED_2024, ParsedDoc, Provision, parse_id
from ingest.extract.strength import StrengthTag, tag_strength
from ingest.extract.translation import Finding


@dataclass
class Aligned:
    """A provision with its expressions from every parser, and what was found in them."""
    prov: Provision
    refs: dict[str, list[Ref]] = field(default_factory=dict)
    strength: dict[str, list[StrengthTag]] = field(default_factory=dict)


def sort_key(pid: str) -> tuple:
    """Document order from the id itself: Introduction, Definitions, 1, 1A, 1A1, 1A1(a) ... 93."""
    if pid == "Introduction":
        return (-2,)
    if pid == "Definitions":
        return (-1,)
    p = parse_id(pid)
    roman = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
    return (int(p["law"]), p["sec"] or "", int(p["item"] or 0), (p["sub"] or "")[1:-1],
            roman.index(p["subsub"][1:-1]) if p["subsub"] else 0)


def merge(*docs: ParsedDoc) -> dict[str, Aligned]:
    """Merge provisions by id; the first parser's structure wins for kind/law/parent."""
    out: dict[str, Aligned] = {}
    for d in docs:
        for pid, p in d.provisions.items():
            if pid not in out:
                out[pid] = Aligned(Provision(p.id, p.kind, p.law, p.parent, 0))
            target = out[pid].prov
            for lang, e in p.expressions.items():
                target.expressions[lang] = e
    for order, pid in enumerate(sorted(out, key=sort_key)):
        out[pid].prov.order = order
    for a in out.values():
        for lang, e in a.prov.expressions.items():
            if e.text:
                a.refs[lang] = extract_refs(e.text, lang, a.prov.id if parse_id(a.prov.id) else "")
                a.strength[lang] = tag_strength(e.text, lang)
    return out


def missing_expressions(aligned: dict[str, Aligned]) -> list[Finding]:
    """Every provision with English text lacking a Chinese expression of the same state, with the reason."""
    out = []
    for a in aligned.values():
        en = a.prov.expressions.get("en")
        if not en or not en.text:
            continue
        for lang in ("zh-Hant", "zh-Hans"):
            zh = a.prov.expressions.get(lang)
            if zh and zh.text and zh.state == en.state:
                continue
            if a.prov.law in REVISED_2024 and lang == "zh-Hans":
                why = ("the Simplified source predates the 2024 revision: its Law "
                       f"{a.prov.law} is the 2017 original" + (", which has this id with other wording" if zh and zh.text else ", which has no such provision"))
            elif zh and not zh.text:
                why = f"the {lang} source has this provision as a heading only"
            else:
                why = f"no {lang} text with this id in the source (structure differs or text lost)"
            out.append(Finding(a.prov.id, lang, "missing-expression", why))
    return out
