"""Building an older edition of the Laws into the graph: references and strength on the
edition's own terms, the lineage to the 2017 provisions, RDF, and the fidelity figures.

Used by `ingest/sources/wbf1987.py` (the 1987 Laws, seeds 001 and 003) and `ingest/sources/wbf2007.py` (the
2007 Laws as Taiwan's change summary gives them, seed 004). The graph model is the 2017 Laws'
(docs/graph-model.md): provisions `lawsd:wbf1987/27B` (eli:LegalResourceSubdivision, Index-style
`dcterms:identifier`), expressions per language with `bl:text`, `bl:lawState`
(bl:State1987Laws / bl:State2007Laws) and a source span, strength tags, cross-references, repairs
and footnotes; plus, per provision, its correspondence to the 2017 Laws:

    lawsd:wbf1987/27B1-b  bl:correspondsTo  lawsd:wbf2017/27D ;
                          bl:hasCorrespondence lawsd:wbf1987/27B1-b/lineage/1 .
    lawsd:wbf1987/27B1-b/lineage/1 a bl:Correspondence ;
        bl:correspondence "renumbered" ; bl:counterpart lawsd:wbf2017/27D ;
        bl:lineageMethod "hand" ; rdfs:comment "adjusted score when …"@en .

(a no-counterpart correspondence has no bl:counterpart and no bl:correspondsTo).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rdflib import RDF, RDFS, XSD, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, SKOS

from ingest import emit
from ingest.extract.align import Aligned, sort_key
from ingest.extract.lineage import Link, link_all, read_table, wbf2017_wording
from ingest.model import Footnote, ParsedDoc, Provision, Repair, Span, Term, parse_id
from ingest.extract.older_refs import Unresolved, extract
from ingest.extract.older_strength import tag
from ingest.vocab import BL, ELI, LAWSD, doc_iri, expression_iri, provision_iri, term_iri


@dataclass
class Edition:
    doc: str                          # "wbf1987"
    state: str                        # key of vocab.STATE: "1987", "2007"
    titles: dict[str, str]            # per language
    date: str                         # xsd:gYear of the edition
    note: str                         # skos:editorialNote (en): what this document is, how identified
    sources: list[str]
    valid: str | None = None          # dcterms:valid (date in force), if the source states one
    description: dict[str, str] = field(default_factory=dict)   # dcterms:description per language


@dataclass
class Built:
    aligned: dict[str, Aligned]
    unresolved: dict[str, list[tuple[str, Unresolved]]]   # lang -> (provision, item)
    links: dict[str, list[Link]]


def assemble(docs: list[ParsedDoc], edition: Edition) -> dict[str, Aligned]:
    """Provisions of one edition from one or more parsers (languages), in document order."""
    out: dict[str, Aligned] = {}
    for d in docs:
        for pid, p in d.provisions.items():
            if pid not in out:
                out[pid] = Aligned(Provision(p.id, p.kind, p.law, p.parent, 0))
            for lang, e in p.expressions.items():
                e.state = edition.state
                out[pid].prov.expressions[lang] = e
    for order, pid in enumerate(sorted(out, key=_order_key)):
        out[pid].prov.order = order
    return out


def _order_key(pid: str) -> tuple:
    if parse_id(pid) or pid in ("Introduction", "Definitions"):
        return (0,) + sort_key(pid)
    return (1, pid)                   # unnumbered items (the 2007 summary's Other1-3) come last


def analyse(aligned: dict[str, Aligned], edition: Edition) -> dict[str, list[tuple[str, Unresolved]]]:
    """References (older_refs) and strength tags (older_strength) of every expression."""
    known = set(aligned)
    bad: dict[str, list[tuple[str, Unresolved]]] = {}
    for a in aligned.values():
        here = a.prov.id if parse_id(a.prov.id) else ""
        for lang, e in a.prov.expressions.items():
            if not e.text:
                continue
            refs, unresolved = extract(e.text, lang, here, known)
            a.refs[lang] = refs
            a.strength[lang] = tag(e.text, lang, edition.doc)
            bad.setdefault(lang, []).extend((a.prov.id, u) for u in unresolved)
    return bad


def lineage(aligned: dict[str, Aligned], edition: Edition, lang: str = "zh-Hant") -> dict[str, list[Link]]:
    """Every provision's correspondence to the 2017 Laws (ingest/extract/lineage.py)."""
    old = {}
    for pid, a in aligned.items():
        e = a.prov.expressions.get(lang) or next(iter(a.prov.expressions.values()))
        old[pid] = (e.title or "", e.text or "")
    return link_all(old, wbf2017_wording()[lang], read_table(edition.doc))


# ---------------------------------------------------------------- RDF

def document_graph(edition: Edition, aligned: dict[str, Aligned], preface: tuple[str, str, Span] | None) -> Graph:
    """The work level (emit.structure_graph), the edition's metadata, unnumbered items, preface."""
    emit.DOC_TITLES.setdefault(edition.doc, edition.titles)
    numbered = {pid: a for pid, a in aligned.items() if a.prov.kind != "note"}
    g = emit.structure_graph(edition.doc, numbered)
    d = doc_iri(edition.doc)
    g.add((d, DCTERMS.date, Literal(edition.date, datatype=XSD.gYear)))
    if edition.valid:
        g.add((d, DCTERMS.valid, Literal(edition.valid, datatype=XSD.date)))
    g.add((d, SKOS.editorialNote, Literal(edition.note, lang="en")))
    for lang, text in edition.description.items():
        g.add((d, DCTERMS.description, Literal(text, lang=lang)))
    for src in edition.sources:
        g.add((d, DCTERMS.source, Literal(src)))
    for pid, a in aligned.items():
        if a.prov.kind != "note":
            continue
        node = provision_iri(edition.doc, pid)
        g.add((node, RDF.type, BL.UnnumberedItem))
        g.add((node, RDF.type, ELI.LegalResourceSubdivision))
        g.add((node, DCTERMS.identifier, Literal(pid)))
        g.add((node, BL.order, Literal(a.prov.order, datatype=XSD.integer)))
        g.add((node, ELI.is_part_of, d))
        g.add((d, ELI.has_part, node))
        for lang in sorted(a.prov.expressions):
            g.add((node, ELI.is_realized_by, expression_iri(edition.doc, pid, lang)))
        for refs in a.refs.values():
            for r in refs:
                g.add((node, ELI.cites, provision_iri(edition.doc, r.target)))
    if preface:
        title, text, span = preface
        node = LAWSD[f"{edition.doc}/preface"]
        g.add((node, RDF.type, BL.Preface))
        g.add((node, DCTERMS.title, Literal(title, lang="zh-Hant")))
        g.add((node, BL.text, Literal(text, lang="zh-Hant")))
        g.add((node, DCTERMS.isPartOf, d))
        emit._span(g, node, span)
    return g


def glossary_graph(edition: Edition, terms: dict[str, Term], aligned: dict[str, Aligned]) -> Graph:
    """The edition's Definitions (emit.glossary_graph), each term skos:closeMatch the 2017 term
    with the same key where there is one."""
    g = emit.glossary_graph(edition.doc, terms, aligned)
    for key in sorted(terms):
        if key in wbf2017_terms():
            g.add((term_iri(edition.doc, key), SKOS.closeMatch, term_iri("wbf2017", key)))
    return g


def wbf2017_terms() -> set[str]:
    from ingest.sources.wbf2017_definitions import LABELS, term_key
    return {term_key(label) for label in LABELS}


def lineage_graph(edition: Edition, links: dict[str, list[Link]]) -> Graph:
    g = emit.new_graph()
    for pid in sorted(links, key=_order_key):
        node = provision_iri(edition.doc, pid)
        for n, link in enumerate(links[pid], 1):
            c = URIRef(f"{node}/lineage/{n}")
            g.add((node, BL.hasCorrespondence, c))
            g.add((c, RDF.type, BL.Correspondence))
            g.add((c, BL.correspondence, Literal(link.kind)))
            g.add((c, BL.lineageMethod, Literal(link.method)))
            g.add((c, RDFS.comment, Literal(link.evidence, lang="en")))
            if link.new:
                target = provision_iri("wbf2017", link.new)
                g.add((c, BL.counterpart, target))
                g.add((node, BL.correspondsTo, target))
    return g


def write_all(out: Path, edition: Edition, aligned: dict[str, Aligned], links: dict[str, list[Link]],
              repairs: list[Repair], footnotes: list[Footnote], terms: dict[str, Term] | None = None,
              preface: tuple[str, str, Span] | None = None) -> list[str]:
    doc = edition.doc
    graphs = {
        f"{doc}.ttl": document_graph(edition, aligned, preface),
        f"{doc}.repairs.ttl": emit.repairs_graph(doc, repairs, footnotes, aligned),
        f"{doc}.lineage.ttl": lineage_graph(edition, links),
    }
    if terms:
        graphs[f"{doc}.glossary.ttl"] = glossary_graph(edition, terms, aligned)
    langs = sorted({lang for a in aligned.values() for lang in a.prov.expressions})
    for lang in langs:
        graphs[f"{doc}.{lang}.ttl"] = emit.expressions_graph(doc, aligned, lang)
    for name, g in graphs.items():
        emit.write(g, out / name)
    return sorted(graphs)


# ---------------------------------------------------------------- figures and report

def figures(aligned: dict[str, Aligned], links: dict[str, list[Link]], unresolved: dict, docs: list[ParsedDoc],
            extra: dict | None = None) -> dict:
    langs = sorted({lang for a in aligned.values() for lang in a.prov.expressions})
    laws = {lang: sorted({a.prov.law for a in aligned.values() if a.prov.kind == "law" and a.prov.law
                          and lang in a.prov.expressions}) for lang in langs}
    link_rows = [link for rows in links.values() for link in rows]
    unconfirmed = [{"provision": link.old, "target": link.new, "kind": link.kind, "method": link.method,
                    "evidence": link.evidence}
                   for link in link_rows if link.method in ("unverified", "none")]
    repairs = [r for d in docs for r in d.repairs]
    fig = {
        "provisions": len(aligned),
        "provisions_by_kind": dict(Counter(a.prov.kind for a in aligned.values())),
        "provisions_with_text": {lang: sum(1 for a in aligned.values() if (e := a.prov.expressions.get(lang))
                                           and e.text) for lang in langs},
        "laws_per_language": {lang: len(v) for lang, v in laws.items()},
        "laws": {lang: v for lang, v in laws.items()},
        "references": {lang: dict(Counter(r.type for a in aligned.values() for r in a.refs.get(lang, [])))
                       for lang in langs},
        "references_resolved": {lang: sum(len(a.refs.get(lang, [])) for a in aligned.values()) for lang in langs},
        "references_unresolved": {lang: len(unresolved.get(lang, [])) for lang in langs},
        "unresolved": [{"provision": pid, "lang": lang, "surface": u.surface, "reason": u.reason}
                       for lang in langs for pid, u in unresolved.get(lang, [])],
        "strength": {lang: dict(Counter(t.level for a in aligned.values() for t in a.strength.get(lang, [])))
                     for lang in langs},
        "lineage_links": len(link_rows),
        "lineage_by_kind": dict(Counter(link.kind for link in link_rows)),
        "lineage_by_method": dict(Counter(link.method for link in link_rows)),
        "lineage_hand_checked_laws": sorted({a.prov.law for pid, a in aligned.items() if a.prov.law and
                                             any(link.method == "hand" for link in links.get(pid, []))}),
        "lineage_not_confirmed": unconfirmed,
        "repairs": dict(Counter(r.kind for r in repairs)),
        "unparsed": [f"{s.file}:{s.first}-{s.last}: {why}" for d in docs for s, why in d.unparsed],
    }
    fig.update(extra or {})
    return fig


def print_report(fig: dict, findings: bool = False) -> None:
    print(f"provisions: {fig['provisions']}  {fig['provisions_by_kind']}")
    print(f"with text per language: {fig['provisions_with_text']}  laws per language: {fig['laws_per_language']}")
    for key in ("edition", "definitions", "headings_skipped", "outline_mismatches", "kept_1987_wording"):
        if key in fig:
            print(f"{key.replace('_', ' ')}: {fig[key]}")
    if "edition_evidence" in fig:
        ev = fig["edition_evidence"]
        print(f"seed 003 identified as: {ev['conclusion']}")
        print(f"  provision ids of Laws 23-40: {ev['ids_laws_23_40']}")
        for law in ("law23", "law35"):
            for who, titles in ev[law].items():
                print(f"  {law} {who}: " + "; ".join(f"{k} {v}" for k, v in titles.items()))
    for lang in fig["references"]:
        print(f"references {lang}: resolved {fig['references_resolved'][lang]} {fig['references'][lang]}, "
              f"unresolved {fig['references_unresolved'][lang]}")
    for lang in fig["strength"]:
        print(f"strength {lang}: {fig['strength'][lang]}")
    print(f"lineage links to wbf2017: {fig['lineage_links']}  by kind {fig['lineage_by_kind']}  "
          f"by method {fig['lineage_by_method']}")
    print(f"laws whose lineage was checked by hand: {len(fig['lineage_hand_checked_laws'])}")
    print(f"lineage links not confirmed ({len(fig['lineage_not_confirmed'])}):")
    for row in fig["lineage_not_confirmed"]:
        print(f"  {row['provision']:<12} -> {row['target'] or '-':<10} {row['kind']:<15} {row['evidence']}")
    print(f"repairs: {fig['repairs']}")
    print(f"unresolved references ({len(fig['unresolved'])}):")
    for row in fig["unresolved"]:
        print(f"  {row['provision']:<12} {row['lang']:<8} {row['surface']!r}: {row['reason']}")
    print(f"lines not read as provisions ({len(fig['unparsed'])}):")
    for row in fig["unparsed"]:
        print(f"  {row}")
