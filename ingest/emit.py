"""Aligned provisions, terms, repairs and findings -> RDF graphs, one file per concern.

No blank nodes: every node has an IRI, and files are written in a canonical order, so the
same input gives the same bytes.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from rdflib import RDF, RDFS, XSD, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS

from ingest.extract.align import Aligned
from ingest.extract.translation import Finding
from ingest.model import Footnote, Repair, Span, Term
from ingest.vocab import BL, ELI, LANG_AUTHORITY, LAWSD, REFTYPE, STATE, STRENGTH, doc_iri, expression_iri, provision_iri, term_iri

# provision kinds: the Laws' (law ... subsubitem) and the regulations' (article ... subpoint)
KIND_CLASS = {"law": BL.Law, "section": BL.Section, "item": BL.Item, "subitem": BL.SubItem, "subsubitem": BL.SubSubItem,
              "article": BL.Article, "paragraph": BL.Paragraph, "clause": BL.Clause,
              "point": BL.Point, "subpoint": BL.SubPoint}
DOC_TITLES = {"wbf2017": {"en": "The Laws of Duplicate Bridge 2017 (2024 revision)",
                          "zh-Hant": "複式橋藝規則 2017 (2024 修訂)", "zh-Hans": "世界桥牌联合会复式桥牌规则"}}


def new_graph() -> Graph:
    g = Graph()
    for prefix, ns in (("bl", BL), ("eli", ELI), ("lawsd", LAWSD), ("skos", SKOS), ("dcterms", DCTERMS),
                       ("prov", PROV), ("strength", STRENGTH), ("reftype", REFTYPE)):
        g.bind(prefix, ns)
    return g


def _span(g: Graph, node: URIRef, span: Span, src: URIRef | None = None) -> None:
    """node prov:wasDerivedFrom a bl:SourceSpan (file, first and last line)."""
    src = src or URIRef(f"{node}/source")
    g.add((node, PROV.wasDerivedFrom, src))
    g.add((src, RDF.type, BL.SourceSpan))
    g.add((src, RDF.type, PROV.Entity))
    g.add((src, BL.sourceFile, Literal(span.file)))
    g.add((src, BL.firstLine, Literal(span.first, datatype=XSD.positiveInteger)))
    g.add((src, BL.lastLine, Literal(span.last, datatype=XSD.positiveInteger)))


def _local_target(doc: str, aligned: dict[str, Aligned]) -> Callable[[str], URIRef | None]:
    """A reference's target as a provision of this document, or None (dropped) if it has none."""
    def target_iri(t: str) -> URIRef | None:
        return provision_iri(doc, t) if t in aligned else None
    return target_iri


def structure_graph(doc: str, aligned: dict[str, Aligned], titles: dict[str, str] | None = None,
                    target_iri: Callable[[str], URIRef | None] | None = None) -> Graph:
    """The work level: document, provisions, hierarchy, citations. `titles`: the document's titles
    by language (default DOC_TITLES); `target_iri`: where a citation points (default: a provision of
    this document, else dropped; the regulations resolve across documents)."""
    target_iri = target_iri or _local_target(doc, aligned)
    g = new_graph()
    d = doc_iri(doc)
    g.add((d, RDF.type, ELI.LegalResource))
    g.add((d, DCTERMS.identifier, Literal(doc)))
    for lang, title in (titles or DOC_TITLES[doc]).items():
        g.add((d, DCTERMS.title, Literal(title, lang=lang)))
    for a in aligned.values():
        p = a.prov
        node = provision_iri(doc, p.id)
        g.add((node, RDF.type, KIND_CLASS[p.kind]))
        g.add((node, RDF.type, ELI.LegalResourceSubdivision))
        g.add((node, DCTERMS.identifier, Literal(p.id)))
        g.add((node, BL.order, Literal(p.order, datatype=XSD.integer)))
        if p.law is not None:
            g.add((node, BL.lawNumber, Literal(p.law, datatype=XSD.integer)))
        parent = provision_iri(doc, p.parent) if p.parent and p.parent != doc else d
        g.add((node, ELI.is_part_of, parent))
        g.add((parent, ELI.has_part, node))
        for lang in sorted(p.expressions):
            if p.expressions[lang].text or p.expressions[lang].title:
                g.add((node, ELI.is_realized_by, expression_iri(doc, p.id, lang)))
        for lang_refs in a.refs.values():
            for r in lang_refs:
                target = target_iri(r.target)
                if target is not None:
                    g.add((node, ELI.cites, target))
    return g


def expressions_graph(doc: str, aligned: dict[str, Aligned], lang: str, with_state: bool = True,
                      target_iri: Callable[[str], URIRef | None] | None = None) -> Graph:
    """One language: each provision's title, text, state, source span, strength tags, references.
    `with_state`: the Laws' expressions say which state of the Laws they are (regulations have none).
    `target_iri`: where a reference points (default: a provision of this document, else dropped)."""
    target_iri = target_iri or _local_target(doc, aligned)
    g = new_graph()
    for a in aligned.values():
        e = a.prov.expressions.get(lang)
        if e is None or not (e.text or e.title):
            continue
        node = expression_iri(doc, a.prov.id, lang)
        g.add((node, RDF.type, ELI.LegalExpression))
        g.add((node, ELI.realizes, provision_iri(doc, a.prov.id)))
        g.add((node, ELI.language, LANG_AUTHORITY[lang]))
        g.add((node, DCTERMS.language, Literal(lang)))
        if e.title:
            g.add((node, ELI.title, Literal(e.title, lang=lang)))
        if e.text:
            g.add((node, BL.text, Literal(e.text, lang=lang)))
        if with_state:
            g.add((node, BL.lawState, STATE[e.state]))
        if e.span:
            _span(g, node, e.span)
        for tag in a.strength.get(lang, []):
            t = URIRef(f"{node}/strength/{tag.position}-{_tag_index(a.strength[lang], tag)}")
            if tag.offset >= 0:
                g.add((t, BL.offset, Literal(tag.offset, datatype=XSD.nonNegativeInteger)))
            g.add((node, BL.hasStrengthTag, t))
            g.add((t, RDF.type, BL.StrengthTag))
            g.add((t, BL.level, STRENGTH[tag.level]))
            g.add((t, BL.word, Literal(tag.word, lang=lang)))
            g.add((t, BL.clause, Literal(tag.clause, lang=lang)))
            g.add((t, BL.position, Literal(tag.position, datatype=XSD.positiveInteger)))
        for n, r in enumerate(a.refs.get(lang, []), 1):
            target = target_iri(r.target)
            if target is None:
                continue
            ref = URIRef(f"{node}/ref/{n}")
            g.add((node, BL.hasReference, ref))
            g.add((ref, RDF.type, BL.CrossReference))
            g.add((ref, BL.refType, REFTYPE[r.type]))
            g.add((ref, BL.target, target))
            g.add((ref, BL.surface, Literal(r.surface, lang=lang)))
            g.add((ref, BL.position, Literal(n, datatype=XSD.positiveInteger)))
    return g


def _tag_index(tags: list, tag) -> int:
    """1-based index of a tag among the tags of its clause (a clause may carry several)."""
    same = [t for t in tags if t.position == tag.position]
    return same.index(tag) + 1


def glossary_graph(doc: str, terms: dict[str, Term], aligned: dict[str, Aligned]) -> Graph:
    """The Definitions as a SKOS scheme, each term linked to the provisions that use it."""
    g = new_graph()
    scheme = LAWSD[f"{doc}/terms"]
    g.add((scheme, RDF.type, SKOS.ConceptScheme))
    g.add((scheme, SKOS.prefLabel, Literal("Definitions", lang="en")))
    g.add((scheme, SKOS.prefLabel, Literal("定義", lang="zh-Hant")))
    g.add((scheme, SKOS.prefLabel, Literal("定义", lang="zh-Hans")))
    for key in sorted(terms):
        t = terms[key]
        node = term_iri(doc, key)
        g.add((node, RDF.type, SKOS.Concept))
        g.add((node, SKOS.inScheme, scheme))
        g.add((node, SKOS.notation, Literal(key)))
        for lang, label in t.labels.items():
            g.add((node, SKOS.prefLabel, Literal(label, lang=lang)))
        for lang, text in t.definitions.items():
            if text:
                g.add((node, SKOS.definition, Literal(text, lang=lang)))
        for lang, span in sorted(t.spans.items()):
            _span(g, node, span, URIRef(f"{node}/{lang}/source"))
        pattern = _term_pattern(t.labels["en"])
        for a in aligned.values():
            en = a.prov.expressions.get("en")
            if en and en.text and a.prov.id not in ("Definitions",) and pattern.search(en.text):
                g.add((node, BL.usedIn, provision_iri(doc, a.prov.id)))
    return g


def _term_pattern(label: str) -> re.Pattern:
    base = re.escape(label.split(" (")[0])
    flags = 0 if label.isupper() else re.I
    return re.compile(rf"\b{base}(?:s|es)?\b", flags)


def repairs_graph(doc: str, repairs: list[Repair], footnotes: list[Footnote], aligned: dict[str, Aligned]) -> Graph:
    """Every repair of the noisy sources, and the footnotes, with file and line."""
    g = new_graph()
    for n, r in enumerate(sorted(repairs, key=lambda r: (r.file, r.line, r.kind, r.before)), 1):
        node = LAWSD[f"{doc}/repair/{n:04d}"]
        g.add((node, RDF.type, BL.Repair))
        g.add((node, BL.repairKind, Literal(r.kind)))
        g.add((node, BL.sourceFile, Literal(r.file)))
        g.add((node, BL.line, Literal(r.line, datatype=XSD.positiveInteger)))
        g.add((node, BL.before, Literal(r.before)))
        g.add((node, BL.after, Literal(r.after)))
        if r.note:
            g.add((node, RDFS.comment, Literal(r.note, lang="en")))
        if r.provision in aligned:
            g.add((node, BL.affects, provision_iri(doc, r.provision)))
    for n, f in enumerate(sorted(footnotes, key=lambda f: (f.span.file, f.span.first)), 1):
        node = LAWSD[f"{doc}/footnote/{n:03d}"]
        g.add((node, RDF.type, BL.Footnote))
        g.add((node, SKOS.notation, Literal(f.number)))
        g.add((node, BL.text, Literal(f.text, lang=f.lang)))
        if f.provision in aligned:
            g.add((node, BL.provision, provision_iri(doc, f.provision)))
        _span(g, node, f.span)
    return g


def findings_graph(doc: str, findings: list[Finding]) -> Graph:
    """The translation consistency report as data."""
    g = new_graph()
    for n, f in enumerate(findings, 1):
        node = LAWSD[f"{doc}/finding/{n:04d}"]
        g.add((node, RDF.type, BL.TranslationFinding))
        g.add((node, BL.provision, provision_iri(doc, f.provision)))
        g.add((node, DCTERMS.language, Literal(f.lang)))
        g.add((node, BL.findingKind, Literal(f.kind)))
        g.add((node, RDFS.comment, Literal(f.detail, lang="en")))
        if f.severity:
            g.add((node, BL.severity, Literal(f.severity)))
        if f.en_clause:
            g.add((node, BL.englishClause, Literal(f.en_clause, lang="en")))
        if f.zh_clause:
            g.add((node, BL.chineseClause, Literal(f.zh_clause, lang=f.lang)))
    return g


def write(g: Graph, path: Path) -> None:
    """Turtle, in rdflib's sorted order (deterministic without blank nodes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(g.serialize(format="turtle"), encoding="utf-8")
