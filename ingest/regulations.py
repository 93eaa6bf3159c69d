"""What the documents other than the Laws share: the national competition regulations (CCBA
2018, Taiwan), the WBF policies 2023 and their schedules.

- Chinese numerals (`第二十一条`, `第八二條`, `卅三條`) -> int: `cn_number`.
- The provision classes of these documents (`bl:Article` > `bl:Paragraph` > `bl:Clause` >
  `bl:Point` > `bl:SubPoint`, all `eli:LegalResourceSubdivision`), their chapters (`bl:Chapter`).
- `analyse`: strength tags (ingest/extract/strength.py, per language) and references (a resolver per
  document, returning `Ref`s whose target is a qualified id `doc:pid`, so a regulation can cite
  the 2017 Laws: `wbf2017:16`) for every expression.
- `emit_document`: the graphs `laws_ttl/<doc>.ttl` (provisions, hierarchy, eli:cites across
  documents, chapters), `<doc>.<lang>.ttl` (expressions: title, text, source span, strength tags,
  references) and `<doc>.repairs.ttl` (repairs and footnotes, emitted as for the Laws).
- `figures` / `print_report`: what `python -m ingest --report` prints for such a document.

Expressions of these documents carry no `bl:lawState` (that is a state of the Laws, not of a
regulation); ontology/shapes.ttl requires it only of the Laws' own provision classes.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from rdflib import RDF, RDFS, XSD, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS

from ingest import emit
from ingest.extract.align import Aligned
from ingest.extract.cross_refs import Ref
from ingest.model import ParsedDoc, Span
from ingest.extract.strength import tag_strength
from ingest.vocab import BL, LAWSD, doc_iri, provision_iri

_CN = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
       "六": 6, "七": 7, "八": 8, "九": 9}
CN_NUMERAL = "零〇一二两兩三四五六七八九十卅"


def cn_number(s: str) -> int:
    """'二十一' -> 21, '二一' -> 21 (the Taiwan text's compact form), '卅三' -> 33, '十' -> 10, '8' -> 8."""
    s = s.strip()
    if s.isdigit():
        return int(s)
    if not s or any(c not in _CN and c not in "十卅" for c in s):
        raise ValueError(f"not a Chinese numeral: {s!r}")
    if s[0] == "卅":
        return 30 + (cn_number(s[1:]) if s[1:] else 0)
    if "十" in s:
        tens, ones = s.split("十", 1)
        return (_CN[tens] if tens else 1) * 10 + (_CN[ones] if ones else 0)
    if len(s) == 2:
        return _CN[s[0]] * 10 + _CN[s[1]]
    if len(s) == 1:
        return _CN[s]
    raise ValueError(f"not a Chinese numeral: {s!r}")


def qualified(doc: str, pid: str) -> str:
    return f"{doc}:{pid}"


def split_qualified(target: str) -> tuple[str, str]:
    doc, _, pid = target.partition(":")
    return doc, pid


def known_ids(folder: Path, doc: str) -> set[str]:
    """The provision ids of a document already emitted into `folder` (`<doc>.ttl`): read off its
    dcterms:identifier literals, so a later document can check a reference without re-parsing."""
    path = folder / f"{doc}.ttl"
    if not path.exists():
        return set()
    text = path.read_text(encoding="utf-8")
    return set(re.findall(r'dcterms:identifier "([^"]+)"', text)) - {doc}


@dataclass
class Unresolved:
    provision: str
    lang: str
    surface: str
    reason: str


@dataclass
class Chapter:
    number: int
    titles: dict[str, str]
    span: Span
    articles: list[str] = field(default_factory=list)


# A resolver: (text, lang, here) -> (refs with qualified targets, unresolved (surface, reason) pairs)
Resolver = Callable[[str, str, str], tuple[list[Ref], list[tuple[str, str]]]]


def analyse(parsed: ParsedDoc, resolve: Resolver, known: dict[str, set[str]]) -> tuple[dict[str, Aligned], list[Unresolved]]:
    """Strength tags and references of every expression. A reference whose target is not a
    provision of `known` (doc -> ids) is moved to the unresolved list with the reason."""
    aligned: dict[str, Aligned] = {}
    unresolved: list[Unresolved] = []
    for pid, p in parsed.provisions.items():
        a = Aligned(p)
        aligned[pid] = a
        for lang, e in p.expressions.items():
            if not e.text:
                continue
            a.strength[lang] = tag_strength(e.text, lang)
            refs, bad = resolve(e.text, lang, pid)
            good = []
            for r in refs:
                tdoc, tpid = split_qualified(r.target)
                if tpid in known.get(tdoc, set()):
                    good.append(r)
                else:
                    unresolved.append(Unresolved(pid, lang, r.surface, f"no provision {r.target}"))
            a.refs[lang] = good
            unresolved.extend(Unresolved(pid, lang, s, why) for s, why in bad)
    return aligned, unresolved


# ---------------------------------------------------------------- RDF

def _target_iri(target: str) -> URIRef:
    tdoc, tpid = split_qualified(target)
    return provision_iri(tdoc, tpid)


def structure_graph(doc: str, titles: dict[str, str], aligned: dict[str, Aligned],
                    chapters: list[Chapter] | None = None, extra: list | None = None) -> Graph:
    """emit.structure_graph (document, provisions bl:Article ... bl:SubPoint, hierarchy, citations
    across documents), plus more statements about the document and its chapters."""
    g = emit.structure_graph(doc, aligned, titles=titles, target_iri=_target_iri)
    d = doc_iri(doc)
    for key, value in extra or []:          # more statements about the document: (predicate, object)
        g.add((d, key, value))
    for ch in chapters or []:
        node = LAWSD[f"{doc}/chapter/{ch.number}"]
        g.add((node, RDF.type, BL.Chapter))
        g.add((node, BL.order, Literal(ch.number, datatype=XSD.integer)))
        g.add((node, DCTERMS.isPartOf, d))
        for lang, title in ch.titles.items():
            g.add((node, RDFS.label, Literal(title, lang=lang)))
        emit._span(g, node, ch.span)
        for pid in ch.articles:
            g.add((provision_iri(doc, pid), BL.inChapter, node))
    return g


def emit_document(out: Path, doc: str, titles: dict[str, str], parsed: ParsedDoc,
                  aligned: dict[str, Aligned], chapters: list[Chapter] | None = None,
                  extra: list | None = None) -> list[str]:
    """Write `<doc>.ttl`, `<doc>.<lang>.ttl` for each language, `<doc>.repairs.ttl`; return the names."""
    graphs = {f"{doc}.ttl": structure_graph(doc, titles, aligned, chapters, extra)}
    for lang in parsed.langs:
        graphs[f"{doc}.{lang}.ttl"] = emit.expressions_graph(doc, aligned, lang, with_state=False,
                                                             target_iri=_target_iri)
    if parsed.repairs or parsed.footnotes:
        graphs[f"{doc}.repairs.ttl"] = emit.repairs_graph(doc, parsed.repairs, parsed.footnotes, aligned)
    for name, g in graphs.items():
        emit.write(g, out / name)
    return sorted(graphs)


# ---------------------------------------------------------------- figures and report

def figures(parsed: ParsedDoc, aligned: dict[str, Aligned], unresolved: list[Unresolved],
            anomalies: list[str] | None = None, top_kind: str = "article") -> dict:
    langs = parsed.langs
    refs = {lang: Counter(r.type for a in aligned.values() for r in a.refs.get(lang, [])) for lang in langs}
    targets = {lang: Counter(r.target.split(":", 1)[0] for a in aligned.values() for r in a.refs.get(lang, []))
               for lang in langs}
    return {
        "provisions": len(aligned),
        "provisions_by_kind": dict(Counter(a.prov.kind for a in aligned.values())),
        "top_level": [a.prov.id for a in aligned.values() if a.prov.kind == top_kind],
        "provisions_with_text": {lang: sum(1 for a in aligned.values()
                                           if (e := a.prov.expressions.get(lang)) and (e.text or e.title))
                                 for lang in langs},
        "references": {lang: dict(c) for lang, c in refs.items()},
        "references_by_document": {lang: dict(c) for lang, c in targets.items()},
        "references_resolved": {lang: sum(c.values()) for lang, c in refs.items()},
        "references_unresolved": {lang: sum(1 for u in unresolved if u.lang == lang) for lang in langs},
        "unresolved": [{"provision": u.provision, "lang": u.lang, "surface": u.surface, "reason": u.reason}
                       for u in unresolved],
        "strength": {lang: dict(Counter(t.level for a in aligned.values() for t in a.strength.get(lang, [])))
                     for lang in langs},
        "repairs": dict(Counter(r.kind for r in parsed.repairs)),
        "footnotes": len(parsed.footnotes),
        "anomalies": list(anomalies or []),
        "unparsed": [f"{s.file}:{s.first}-{s.last}: {why}" for s, why in parsed.unparsed],
    }


def print_report(fig: dict, findings: bool = False) -> None:
    top = fig["top_level"]
    print(f"provisions: {fig['provisions']}  {fig['provisions_by_kind']}")
    if top:
        print(f"top level ({len(top)}): {top[0]} .. {top[-1]}")
    print(f"with text per language: {fig['provisions_with_text']}")
    for lang in fig["references"]:
        print(f"references {lang}: resolved {fig['references_resolved'][lang]} {fig['references'][lang]} "
              f"by document {fig['references_by_document'][lang]}; unresolved {fig['references_unresolved'][lang]}")
    for u in fig["unresolved"]:
        print(f"  unresolved {u['provision']:<12} {u['lang']:<8} {u['surface']!r}: {u['reason']}")
    for lang, c in fig["strength"].items():
        print(f"strength {lang}: {c}")
    print(f"repairs: {fig['repairs']}  footnotes: {fig['footnotes']}")
    if fig["anomalies"]:
        print(f"source notes: anomalies kept as found, lines read as no provision ({len(fig['anomalies'])}):")
        for a in fig["anomalies"]:
            print(f"  {a}")
    print(f"unparsed lines ({len(fig['unparsed'])}):")
    for row in fig["unparsed"]:
        print(f"  {row}")
