"""One provision, three expressions: merging the parsers' outputs for the 2017 Laws,
and the translation consistency checks between the English and each Chinese text."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingest.extract.cross_refs import Ref, extract_refs
from ingest.model import REVISED_2024, ParsedDoc, Provision, parse_id
from ingest.extract.strength import StrengthTag, tag_strength


@dataclass
class Aligned:
    """A provision with its expressions from every parser, and what was found in them."""
    prov: Provision
    refs: dict[str, list[Ref]] = field(default_factory=dict)
    strength: dict[str, list[StrengthTag]] = field(default_factory=dict)


@dataclass
class Finding:
    provision: str
    lang: str
    kind: str        # strength | polarity | reference | missing-expression
    detail: str


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


# Negations, without the words that merely contain a negating character: 不足 (insufficient),
# 不叫 (pass), 不同 (different), 非違規/未違規 (non-offending), 應跟未跟 (revoke); the modal
# prohibitions (不得, 不應, 務必不 ...) are compared by the strength check instead.
_NEG = {
    "en": re.compile(r"\b(?:not|no|never|nor|cannot|neither|without|unless|except|fail(?:s|ed|ure)?)\b|n't", re.I),
    "zh-Hant": re.compile(r"不(?![足叫同得應准須利久論再])|非(?!違規|違例)|(?<!跟)未(?!違規|違例)|無|勿|除外"),
    "zh-Hans": re.compile(r"不(?![足叫同得应准利久论再])|非(?!违规|违例)|(?<!跟)未(?!违规|违例)|无|没|勿|除外"),
}
_EN_MODAL_NOT = re.compile(r"\b(?:may|must|shall|should|need) not\b", re.I)


def _levels(tags: list[StrengthTag]) -> list[str]:
    return sorted(t.level for t in tags if t.level != "does")


def consistency(aligned: dict[str, Aligned]) -> list[Finding]:
    """Where a Chinese expression differs from the English: in strength (the modal levels it
    uses), in polarity (a negation lost or added), or in the provisions it refers to.
    Laws 73 and 89 are compared only within the same state of the Laws."""
    out: list[Finding] = []
    for a in aligned.values():
        en = a.prov.expressions.get("en")
        if not en or not en.text:
            continue
        en_targets = {r.target for r in a.refs.get("en", [])}
        en_levels = _levels(a.strength.get("en", []))
        en_neg = len(_NEG["en"].findall(_EN_MODAL_NOT.sub("", en.text)))
        for lang in ("zh-Hant", "zh-Hans"):
            zh = a.prov.expressions.get(lang)
            if not zh or not zh.text or zh.state != en.state:
                continue
            zh_levels = _levels(a.strength.get(lang, []))
            if zh_levels != en_levels:
                out.append(Finding(a.prov.id, lang, "strength",
                                   f"en: {', '.join(en_levels) or 'does'}; {lang}: {', '.join(zh_levels) or 'does'}"))
            zh_neg = len(_NEG[lang].findall(zh.text))
            if (en_neg == 0) != (zh_neg == 0):
                out.append(Finding(a.prov.id, lang, "polarity",
                                   f"en has {en_neg} negation(s), {lang} has {zh_neg}"))
            zh_targets = {r.target for r in a.refs.get(lang, [])}
            if zh_targets != en_targets:
                miss, extra = sorted(en_targets - zh_targets), sorted(zh_targets - en_targets)
                detail = "; ".join(x for x in (f"missing {', '.join(miss)}" if miss else "",
                                               f"extra {', '.join(extra)}" if extra else "") if x)
                out.append(Finding(a.prov.id, lang, "reference", detail))
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
