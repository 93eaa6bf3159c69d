"""The ontology folder: vocabulary, the two SKOS schemes, and the SHACL shapes.

- every file parses, and every `bl:` term the others use is declared;
- the strength scheme has its eight levels, labelled in all three languages,
  and its definitions are quoted word for word from the Introductions;
- the shapes accept a small hand-made graph that follows docs/graph-model.md
  and reject broken variants of it, each for the reason it was broken.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pyshacl import validate
from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SH, SKOS, XSD

ROOT = Path(__file__).resolve().parents[2]
ONTOLOGY = ROOT / "ontology"
FILES = ("bridge-laws.ttl", "strength.ttl", "reference-types.ttl", "shapes.ttl")

BL = Namespace("https://w3id.org/bridge-laws/ontology#")
BLSH = Namespace("https://w3id.org/bridge-laws/shapes#")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
STRENGTH = URIRef("https://w3id.org/bridge-laws/strength")
REFTYPE = URIRef("https://w3id.org/bridge-laws/reftype")
W = "https://w3id.org/bridge-laws/wbf2017/"
LANGS = ("en", "zh-Hant", "zh-Hans")
LEVELS = ("may", "does", "should", "shall", "must", "must-not", "may-not", "shall-not")
RANKS = {"may": 1, "does": 2, "should": 3, "shall": 4, "must": 5,
         "shall-not": 1, "may-not": 2, "must-not": 3}
REFTYPES = ("see", "but-see", "applies", "does-not-apply", "may-apply", "as-allows", "mention")


def load(name: str) -> Graph:
    return Graph().parse(ONTOLOGY / name, format="turtle")


@pytest.fixture(scope="module")
def vocab() -> Graph:
    return load("bridge-laws.ttl")


@pytest.fixture(scope="module")
def strength() -> Graph:
    return load("strength.ttl")


@pytest.fixture(scope="module")
def reftypes() -> Graph:
    return load("reference-types.ttl")


@pytest.fixture(scope="module")
def shapes() -> Graph:
    return load("shapes.ttl")


# --- parsing and vocabulary -------------------------------------------------

@pytest.mark.parametrize("name", FILES)
def test_file_parses(name):
    assert len(load(name)) > 0


def test_ontology_header(vocab):
    onto = URIRef("https://w3id.org/bridge-laws/ontology")
    assert (onto, RDF.type, OWL.Ontology) in vocab
    assert vocab.value(onto, DCTERMS.title) is not None
    assert vocab.value(onto, DCTERMS.description) is not None


def test_provision_classes_are_eli_subdivisions(vocab):
    for name in ("Law", "Section", "Item", "SubItem", "SubSubItem"):
        assert (BL[name], RDFS.subClassOf, ELI.LegalResourceSubdivision) in vocab
    assert (BL.SourceSpan, RDFS.subClassOf, PROV.Entity) in vocab


def test_every_declared_term_is_labelled_in_three_languages(vocab):
    declared = {s for s in vocab.subjects() if isinstance(s, URIRef) and s.startswith(str(BL))}
    assert len(declared) > 30
    for term in declared:
        langs = {l.language for l in vocab.objects(term, RDFS.label)}
        assert set(LANGS) <= langs, f"{term} lacks labels in {set(LANGS) - langs}"
        assert any(c.language == "en" for c in vocab.objects(term, RDFS.comment)), f"{term} lacks an English comment"


def test_properties_are_typed_owl_properties(vocab):
    props = ("lawNumber order text lawState sourceFile firstLine lastLine level word clause position "
             "rank refType target surface hasReference hasStrengthTag usedIn repairKind line before "
             "after affects provision findingKind").split()
    for p in props:
        types = set(vocab.objects(BL[p], RDF.type))
        assert types & {OWL.DatatypeProperty, OWL.ObjectProperty}, f"bl:{p} is not declared"


def test_law_states(vocab):
    for state in (BL.State2017Original, BL.State2024Revision):
        assert (state, RDF.type, BL.LawState) in vocab
        assert {l.language for l in vocab.objects(state, RDFS.label)} >= set(LANGS)
    comment = str(vocab.value(BL.State2024Revision, RDFS.comment))
    assert "73" in comment and "89" in comment and "1 January 2024" in comment


@pytest.mark.parametrize("name", ("strength.ttl", "reference-types.ttl", "shapes.ttl"))
def test_every_bl_term_used_is_declared(vocab, name):
    used = {t for triple in load(name) for t in triple
            if isinstance(t, URIRef) and t.startswith(str(BL))}
    undeclared = {t for t in used if (t, RDF.type, None) not in vocab}
    assert not undeclared, f"{name} uses undeclared terms {undeclared}"


# --- the strength scheme ------------------------------------------------------

def _norm(s: str) -> str:
    """Collapse whitespace, and drop the spaces line-wrapping leaves next to Chinese."""
    cjk = r"[\u00b7\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]"
    s = re.sub(r"\s+", " ", s).strip()
    return re.sub(rf"(?<={cjk}) | (?={cjk})", "", s)


def _span_text(g: Graph, span: URIRef) -> str:
    path = ROOT / str(g.value(span, BL.sourceFile))
    first, last = int(g.value(span, BL.firstLine)), int(g.value(span, BL.lastLine))
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[first - 1:last])


def _spans_by_lang(g: Graph, node: URIRef) -> dict[str, str]:
    return {str(g.value(span, DCTERMS.language)): _span_text(g, span)
            for span in g.objects(node, PROV.wasDerivedFrom)}


def level(name: str) -> URIRef:
    return URIRef(f"{STRENGTH}/{name}")


def test_strength_scheme_has_eight_levels(strength):
    assert (STRENGTH, RDF.type, SKOS.ConceptScheme) in strength
    concepts = set(strength.subjects(SKOS.inScheme, STRENGTH))
    assert concepts == {level(n) for n in LEVELS}
    assert set(strength.objects(STRENGTH, SKOS.hasTopConcept)) == concepts


@pytest.mark.parametrize("name", LEVELS)
def test_strength_level_labels_and_rank(strength, name):
    c = level(name)
    labels = {l.language: str(l) for l in strength.objects(c, SKOS.prefLabel)}
    assert set(labels) == set(LANGS)
    assert labels["en"] == name.replace("-", " ")
    defs = {d.language for d in strength.objects(c, SKOS.definition)}
    assert defs == set(LANGS)
    assert str(strength.value(c, SKOS.notation)) == name
    assert strength.value(c, BL.rank).toPython() == RANKS[name]


def test_strength_scales(strength):
    positive = URIRef(f"{STRENGTH}/scale/positive")
    prohibition = URIRef(f"{STRENGTH}/scale/prohibition")
    members = lambda coll: {str(m).rsplit("/", 1)[1] for m in strength.objects(coll, SKOS.member)}
    assert members(positive) == {"may", "does", "should", "shall", "must"}
    assert members(prohibition) == {"shall-not", "may-not", "must-not"}


def test_shall_not_traditional_label_discrepancy_is_recorded(strength):
    c = level("shall-not")
    assert Literal("不應", lang="zh-Hant") in set(strength.objects(c, SKOS.prefLabel))
    assert Literal("不須", lang="zh-Hant") in set(strength.objects(c, SKOS.altLabel))
    note = str(strength.value(c, SKOS.editorialNote))
    assert "不須" in note and "不應" in note


def test_strength_sources_point_at_the_introductions(strength):
    spans = _spans_by_lang(strength, STRENGTH)
    assert set(spans) == set(LANGS)
    assert "Established usage has been retained" in spans["en"]
    assert "本橋規所沿用之用詞如下" in spans["zh-Hant"]
    assert "规则用词是严谨的" in spans["zh-Hans"]


@pytest.mark.parametrize("name", LEVELS)
def test_strength_definitions_quote_the_introductions(strength, name):
    c = level(name)
    spans = _spans_by_lang(strength, c)
    assert set(spans) == set(LANGS)
    for d in strength.objects(c, SKOS.definition):
        assert _norm(str(d)) in _norm(spans[d.language]), f"{name}@{d.language} is not a quote: {d}"
    for label in strength.objects(c, SKOS.prefLabel | SKOS.altLabel):
        assert _norm(str(label)) in _norm(spans[label.language]), f"{name} label {label!r} not in its Introduction"


def test_strength_scheme_notes_are_quotes(strength):
    spans = _spans_by_lang(strength, STRENGTH)
    for note in strength.objects(STRENGTH, SKOS.note):
        assert _norm(str(note)) in _norm(spans[note.language])


# --- the reference types ------------------------------------------------------

def test_reference_types(reftypes):
    concepts = set(reftypes.subjects(SKOS.inScheme, REFTYPE))
    assert concepts == {URIRef(f"{REFTYPE}/{n}") for n in REFTYPES}
    for c in concepts:
        assert {l.language for l in reftypes.objects(c, SKOS.prefLabel)} == set(LANGS)
        assert "en" in {d.language for d in reftypes.objects(c, SKOS.definition)}


def test_reference_type_examples_occur_in_the_sources(reftypes):
    texts = {
        "en": (ROOT / "sources/000_1f3522d3ae8db592.txt").read_text(encoding="utf-8"),
        "zh-Hant": (ROOT / "sources/000_1f3522d3ae8db592.txt").read_text(encoding="utf-8"),
        "zh-Hans": (ROOT / "sources/002_1d174f04155fa5c3.txt").read_text(encoding="utf-8"),
    }
    examples = list(reftypes.objects(None, SKOS.example))
    assert examples
    for ex in examples:
        assert str(ex) in texts[ex.language], f"example {ex!r} not found in the sources"


# --- the shapes -----------------------------------------------------------------

def test_every_constraint_has_a_message(shapes):
    for ps in shapes.subjects(RDF.type, SH.PropertyShape):
        assert shapes.value(ps, SH.message) is not None, f"{ps} has no sh:message"
    for sc in shapes.subjects(RDF.type, SH.SPARQLConstraint):
        assert shapes.value(sc, SH.message) is not None, f"{sc} has no sh:message"
    for ns in shapes.subjects(RDF.type, SH.NodeShape):
        own = {SH.nodeKind, SH["or"], SH["class"]} & set(shapes.predicates(ns))
        if own and (ns, SH.targetClass, None) in shapes:
            assert shapes.value(ns, SH.message) is not None, f"{ns} has no sh:message"
        if (ns, SH.sparql, None) in shapes:
            # pyshacl would add the shape's message to every SPARQL result too
            assert shapes.value(ns, SH.message) is None, f"{ns} mixes sh:message with sh:sparql"


def test_schemes_conform_to_the_shapes(strength, reftypes, shapes):
    ok, _, text = validate(strength + reftypes, shacl_graph=shapes, inference="none")
    assert ok, text


CONFORMING = """
@base <https://w3id.org/bridge-laws/wbf2017/> .
@prefix bl: <https://w3id.org/bridge-laws/ontology#> .
@prefix eli: <http://data.europa.eu/eli/ontology#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix lang: <http://publications.europa.eu/resource/authority/language/> .
@prefix strength: <https://w3id.org/bridge-laws/strength/> .
@prefix reftype: <https://w3id.org/bridge-laws/reftype/> .

<https://w3id.org/bridge-laws/wbf2017> a eli:LegalResource ;
    dcterms:title "The Laws of Duplicate Bridge 2017"@en ;
    eli:has_part <27> , <73> .

# --- Law 27 and its descendants

<27> a bl:Law ; dcterms:identifier "27" ; bl:lawNumber 27 ; bl:order 0 ;
    eli:is_part_of <https://w3id.org/bridge-laws/wbf2017> ;
    eli:is_realized_by <27/en> , <27/zh-Hant> .
<27/en> a eli:LegalExpression ; eli:realizes <27> ;
    dcterms:language "en" ; eli:language lang:ENG ;
    eli:title "Insufficient Bid"@en ; bl:lawState bl:State2017Original ;
    prov:wasDerivedFrom <27/en/source> .
<27/en/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "1010"^^xsd:positiveInteger ; bl:lastLine "1010"^^xsd:positiveInteger .
<27/zh-Hant> a eli:LegalExpression ; eli:realizes <27> ;
    dcterms:language "zh-Hant" ; eli:language lang:ZHO ;
    eli:title "不足叫價"@zh-Hant ; bl:lawState bl:State2017Original ;
    prov:wasDerivedFrom <27/zh-Hant/source> .
<27/zh-Hant/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "1010"^^xsd:positiveInteger ; bl:lastLine "1010"^^xsd:positiveInteger .

<27B> a bl:Section ; dcterms:identifier "27B" ; bl:lawNumber 27 ; bl:order 1 ;
    eli:is_part_of <27> ; eli:is_realized_by <27B/en> .
<27B/en> a eli:LegalExpression ; eli:realizes <27B> ;
    dcterms:language "en" ; eli:language lang:ENG ;
    eli:title "Insufficient Bid not Accepted"@en ;
    bl:text "If an insufficient bid in rotation is not accepted (see A) it must be corrected by the substitution of a legal call (but see 3 following). Then:"@en ;
    bl:lawState bl:State2017Original ; prov:wasDerivedFrom <27B/en/source> ;
    bl:hasStrengthTag <27B/en/strength/1> .
<27B/en/strength/1> a bl:StrengthTag ; bl:level strength:does ; bl:word ""@en ;
    bl:clause "If an insufficient bid in rotation is not accepted (see A)"@en ; bl:position "1"^^xsd:positiveInteger .
<27B/en/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "1018"^^xsd:positiveInteger ; bl:lastLine "1020"^^xsd:positiveInteger .

<27B1> a bl:Item ; dcterms:identifier "27B1" ; bl:lawNumber 27 ; bl:order 2 ;
    eli:is_part_of <27B> ; eli:is_realized_by <27B1/en> .
<27B1/en> a eli:LegalExpression ; eli:realizes <27B1> ;
    dcterms:language "en" ; eli:language lang:ENG ;
    bl:text "Then:"@en ; bl:lawState bl:State2017Original ;
    bl:hasStrengthTag <27B1/en/strength/1> ;
    prov:wasDerivedFrom <27B1/en/source> .
<27B1/en/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "1020"^^xsd:positiveInteger ; bl:lastLine "1020"^^xsd:positiveInteger .
<27B1/en/strength/1> a bl:StrengthTag ; bl:level strength:must ;
    bl:word "must"@en ; bl:clause "it must be corrected by the substitution of a legal call"@en ;
    bl:position "1"^^xsd:positiveInteger .

<27B1-a> a bl:SubItem ; dcterms:identifier "27B1(a)" ; bl:lawNumber 27 ; bl:order 3 ;
    eli:is_part_of <27B1> ; eli:is_realized_by <27B1-a/en> , <27B1-a/zh-Hans> ;
    eli:cites <27B> .
<27B1-a/en> a eli:LegalExpression ; eli:realizes <27B1-a> ;
    dcterms:language "en" ; eli:language lang:ENG ;
    bl:text "if the insufficient bid is corrected by the lowest sufficient bid which specifies the same denomination(s) as that specified by the withdrawn call, the auction proceeds without further rectification. Laws 26B and 16C do not apply but see D following."@en ;
    bl:lawState bl:State2017Original ;
    bl:hasReference <27B1-a/en/ref/1> ;
    prov:wasDerivedFrom <27B1-a/en/source> .
<27B1-a/en/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "1024"^^xsd:positiveInteger ; bl:lastLine "1024"^^xsd:positiveInteger .
<27B1-a/en/ref/1> a bl:CrossReference ; bl:refType reftype:but-see ; bl:target <27B> ;
    bl:surface "but see D following"@en ; bl:position "1"^^xsd:positiveInteger .
<27B1-a/zh-Hans> a eli:LegalExpression ; eli:realizes <27B1-a> ;
    dcterms:language "zh-Hans" ; eli:language lang:ZHO ;
    bl:text "如果不足叫牌更正为表示相同叫品的最低充分叫牌，竞叫继续进行，没有进一步纠正。"@zh-Hans ;
    bl:lawState bl:State2017Original ;
    prov:wasDerivedFrom <27B1-a/zh-Hans/source> .
<27B1-a/zh-Hans/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/002_1d174f04155fa5c3.txt" ; bl:firstLine "2598"^^xsd:positiveInteger ; bl:lastLine "2599"^^xsd:positiveInteger .

# --- Law 73: the 2024 revision

<73> a bl:Law ; dcterms:identifier "73" ; bl:lawNumber 73 ; bl:order 4 ;
    eli:is_part_of <https://w3id.org/bridge-laws/wbf2017> ; eli:is_realized_by <73/en> .
<73/en> a eli:LegalExpression ; eli:realizes <73> ;
    dcterms:language "en" ; eli:language lang:ENG ;
    eli:title "Communication, Tempo and Deception"@en ; bl:lawState bl:State2024Revision ;
    prov:wasDerivedFrom <73/en/source> .
<73/en/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "2500"^^xsd:positiveInteger ; bl:lastLine "2500"^^xsd:positiveInteger .

# --- a defined term, a repair, a translation finding

<terms> a skos:ConceptScheme .
<term/insufficient-bid> a skos:Concept ; skos:inScheme <terms> ;
    skos:prefLabel "Insufficient Bid"@en , "不足叫價"@zh-Hant , "不足叫牌"@zh-Hans ;
    bl:usedIn <27> , <27B> ;
    prov:wasDerivedFrom <term/insufficient-bid/en/source> .
<term/insufficient-bid/en/source> a bl:SourceSpan , prov:Entity ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:firstLine "230"^^xsd:positiveInteger ; bl:lastLine "231"^^xsd:positiveInteger .

<repair/0001> a bl:Repair ; bl:repairKind "lost-list-number" ;
    bl:sourceFile "sources/000_1f3522d3ae8db592.txt" ; bl:line "1014"^^xsd:positiveInteger ;
    bl:before "- Any insufficient bid may be accepted" ; bl:after "1. Any insufficient bid may be accepted" ;
    rdfs:comment "The list number 1. was lost in extraction; restored from 2. on line 1016."@en ;
    bl:affects <27B> .

<finding/0001> a bl:TranslationFinding ; bl:provision <27B1-a> ;
    dcterms:language "zh-Hans" ; bl:findingKind "reference-mismatch" ;
    rdfs:comment "The English refers to D; the Simplified Chinese has no reference."@en .
"""


def w(path: str) -> URIRef:
    return URIRef(W + path)


def conforming() -> Graph:
    return Graph().parse(data=CONFORMING, format="turtle")


def failures(data: Graph, shapes: Graph) -> set[tuple[URIRef, object]]:
    """(the failing shape or SPARQL constraint, the offending node) for every validation result.

    The offending node is the focus node, except for the SPARQL constraints,
    which run once per document or scheme and name the offender in sh:value.
    """
    ok, report, text = validate(data, shacl_graph=shapes, inference="none")
    out = set()
    for r in report.objects(None, SH.result):          # top-level results, not their sh:detail
        assert report.value(r, SH.resultMessage) is not None, f"a result without a message:\n{text}"
        constraint = report.value(r, SH.sourceConstraint)
        if isinstance(constraint, URIRef):
            which, node = constraint, report.value(r, SH.value)
        else:
            which, node = report.value(r, SH.sourceShape), report.value(r, SH.focusNode)
        out.add((which, "bnode" if isinstance(node, BNode) else node))
    assert ok == (not out)
    return out


def test_conforming_graph_validates(shapes):
    assert failures(conforming(), shapes) == set()


def test_divided_provision_needs_no_wording_of_its_own(shapes):
    """Like 40B2, whose text starts straight at (a): no expression, but parts."""
    g = conforming()
    g.remove((w("27B1"), ELI.is_realized_by, None))
    for node in ("27B1/en", "27B1/en/source", "27B1/en/strength/1"):
        g.remove((w(node), None, None))
    assert failures(g, shapes) == set()


def test_conforming_graph_has_no_blank_nodes():
    g = conforming()
    assert not any(isinstance(t, BNode) for triple in g for t in triple)


# Each broken graph: how it is broken, and exactly which constraints must fail where.

def _missing_language(g):
    g.remove((w("27B1/en"), DCTERMS.language, None))


def _bad_identifier(g):
    g.set((w("27B1"), DCTERMS.identifier, Literal("27b1")))


def _first_after_last(g):
    g.set((w("27B1/en/source"), BL.firstLine, Literal(1021, datatype=XSD.positiveInteger)))


def _unknown_strength(g):
    g.set((w("27B1/en/strength/1"), BL.level, URIRef(f"{STRENGTH}/might")))


def _simplified_2024(g):
    g.set((w("27B1-a/zh-Hans"), BL.lawState, BL.State2024Revision))


def _revision_outside_73_89(g):
    g.set((w("27/en"), BL.lawState, BL.State2024Revision))


def _text_in_wrong_language(g):
    g.set((w("27B/en"), BL.text, Literal("若一非違序之不足叫價未被接受", lang="zh-Hant")))


def _plain_text(g):
    g.set((w("27B/en"), BL.text, Literal("If an insufficient bid in rotation is not accepted")))


def _eli_language_disagrees(g):
    g.set((w("27/en"), ELI.language, URIRef("http://publications.europa.eu/resource/authority/language/ZHO")))


def _no_wording(g):
    g.remove((w("27/en"), ELI.title, None))


def _two_sources(g):
    g.add((w("27/en"), PROV.wasDerivedFrom, w("27/zh-Hant/source")))


def _blank_source(g):
    span = BNode()
    g.remove((w("27/en"), PROV.wasDerivedFrom, None))
    g.add((w("27/en"), PROV.wasDerivedFrom, span))
    g.add((span, RDF.type, BL.SourceSpan))
    g.add((span, BL.sourceFile, Literal("sources/000_1f3522d3ae8db592.txt")))
    g.add((span, BL.firstLine, Literal(1010, datatype=XSD.positiveInteger)))
    g.add((span, BL.lastLine, Literal(1010, datatype=XSD.positiveInteger)))


def _line_zero(g):
    g.set((w("27/en/source"), BL.firstLine, Literal("0", datatype=XSD.positiveInteger)))


def _plain_integer_line(g):
    g.set((w("27/en/source"), BL.lastLine, Literal(1010)))


def _unknown_reftype(g):
    g.set((w("27B1-a/en/ref/1"), BL.refType, URIRef(f"{REFTYPE}/compare")))


def _target_not_a_provision(g):
    g.set((w("27B1-a/en/ref/1"), BL.target, URIRef("https://example.org/not-a-law")))


def _reference_not_cited(g):
    g.remove((w("27B1-a"), ELI.cites, None))


def _term_without_english(g):
    g.remove((w("term/insufficient-bid"), SKOS.prefLabel, Literal("Insufficient Bid", lang="en")))


def _repair_without_before(g):
    g.remove((w("repair/0001"), BL.before, None))


def _orphan_expression(g):
    g.remove((w("27B1-a"), ELI.is_realized_by, w("27B1-a/zh-Hans")))


def _parent_missing(g):
    g.remove((w("27B1"), ELI.is_part_of, None))


def _must_without_word(g):
    g.set((w("27B1/en/strength/1"), BL.word, Literal("", lang="en")))


def _provision_without_expression_or_parts(g):
    g.remove((w("27B1-a"), ELI.is_realized_by, None))
    for e in ("27B1-a/en", "27B1-a/zh-Hans", "27B1-a/en/ref/1"):
        g.remove((w(e), None, None))
    g.remove((w("finding/0001"), None, None))


def _law_number_mismatch(g):
    g.set((w("27B"), BL.lawNumber, Literal(28)))


def _law_not_listed_by_document(g):
    g.remove((None, ELI.has_part, w("73")))


BROKEN = {
    "missing-language": (_missing_language, {(BLSH["Expression-language"], w("27B1/en"))}),
    "bad-identifier-27b1": (_bad_identifier, {
        (BLSH["Provision-identifier-pattern"], w("27B1")),
        (BLSH["Item-identifier"], w("27B1")),
        (BLSH["Provision-id-extends-parent"], w("27B1")),     # "27b1" does not extend "27B"
        (BLSH["Provision-id-extends-parent"], w("27B1-a")),   # "27B1(a)" does not extend "27b1"
    }),
    "first-line-after-last-line": (_first_after_last, {(BLSH["SourceSpan-order"], w("27B1/en/source"))}),
    "unknown-strength-level": (_unknown_strength, {(BLSH["StrengthTag-level"], w("27B1/en/strength/1"))}),
    "simplified-in-2024-revision": (_simplified_2024, {
        (BLSH["Expression-revision-only-73-89"], w("27B1-a/zh-Hans"))}),
    "revision-outside-laws-73-89": (_revision_outside_73_89, {
        (BLSH["Expression-revision-only-73-89"], w("27/en"))}),
    "text-tagged-with-another-language": (_text_in_wrong_language, {
        (BLSH["Expression-tags-agree"], w("27B/en"))}),
    "text-without-language-tag": (_plain_text, {
        (BLSH["Expression-text"], w("27B/en")),
        (BLSH["Expression-tags-agree"], w("27B/en"))}),
    "eli-language-disagrees": (_eli_language_disagrees, {
        (BLSH["Expression-languages-agree"], w("27/en"))}),
    "neither-text-nor-title": (_no_wording, {(BLSH["ExpressionHasWordingShape"], w("27/en"))}),
    "two-source-spans": (_two_sources, {(BLSH["Expression-source"], w("27/en"))}),
    "blank-node-source-span": (_blank_source, {(BLSH["SourceSpan-iri"], "bnode")}),
    "line-zero": (_line_zero, {(BLSH["SourceSpan-firstLine"], w("27/en/source"))}),
    "line-as-plain-integer": (_plain_integer_line, {(BLSH["SourceSpan-lastLine"], w("27/en/source"))}),
    "must-without-word": (_must_without_word, {(BLSH["StrengthTag-word-required"], w("27B1/en/strength/1"))}),
    "provision-without-expression-or-parts": (_provision_without_expression_or_parts, {
        (BLSH["Provision-realized-or-divided"], w("27B1-a"))}),
    "unknown-reference-type": (_unknown_reftype, {(BLSH["CrossReference-type"], w("27B1-a/en/ref/1"))}),
    "reference-target-not-a-provision": (_target_not_a_provision, {
        (BLSH["CrossReference-target"], w("27B1-a/en/ref/1")),
        (BLSH["CrossReference-cited"], w("27B1-a/en/ref/1"))}),
    "reference-not-in-eli-cites": (_reference_not_cited, {(BLSH["CrossReference-cited"], w("27B1-a/en/ref/1"))}),
    "term-without-english-label": (_term_without_english, {
        (BLSH["Concept-prefLabel-en"], w("term/insufficient-bid"))}),
    "repair-without-before": (_repair_without_before, {(BLSH["Repair-before"], w("repair/0001"))}),
    "expression-not-listed-by-provision": (_orphan_expression, {
        (BLSH["Expression-realized-back"], w("27B1-a/zh-Hans"))}),
    "law-number-does-not-match-identifier": (_law_number_mismatch, {
        (BLSH["Provision-lawNumber-matches-id"], w("27B"))}),
    "law-not-listed-by-document": (_law_not_listed_by_document, {(BLSH["Law-listedByDocument"], w("73"))}),
    "provision-without-parent": (_parent_missing, {(BLSH["Provision-partOf-count"], w("27B1"))}),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_shapes_reject_broken_graph(shapes, case):
    breaks, expected = BROKEN[case]
    g = conforming()
    breaks(g)
    assert failures(g, shapes) == expected


def test_failure_messages_say_what_is_wrong(shapes):
    g = conforming()
    _first_after_last(g)
    _bad_identifier(g)
    ok, report, _ = validate(g, shacl_graph=shapes, inference="none")
    messages = {str(m) for m in report.objects(None, SH.resultMessage)}
    assert not ok
    assert any("firstLine must not be greater than" in m for m in messages)
    assert any("Index grammar" in m for m in messages)
    assert any("27b1" in m and "27B" in m for m in messages)   # the SPARQL message names both ids
    assert not any("blank node" in m for m in messages)        # no shape-level message leaks in


def test_sparql_messages_name_the_offender(shapes):
    g = conforming()
    _law_number_mismatch(g)
    _, report, _ = validate(g, shacl_graph=shapes, inference="none")
    messages = {str(m) for m in report.objects(None, SH.resultMessage)}
    assert messages == {f"bl:lawNumber 28 of {W}27B does not match the law number at the start of its identifier 27B."}


# --- the Laws' tables in the one schedule vocabulary (ontology/schedules/) ------------------------

def _laws_tables() -> Graph:
    g = Graph()
    for name in ("law77.ttl", "law78b.ttl"):
        g.parse(ONTOLOGY / "schedules" / name, format="turtle")
    for pid in ("77", "78B"):                   # the provisions the rows cite, as the graph types them
        g.add((URIRef(W + pid), RDF.type, ELI.LegalResourceSubdivision))
    return g


def _schedule_shapes() -> Graph:
    return Graph().parse(ONTOLOGY / "shapes-regulations.ttl", format="turtle")


def test_every_bl_term_of_the_laws_tables_is_declared(vocab):
    used = {t for triple in _laws_tables() for t in triple if isinstance(t, URIRef) and t.startswith(str(BL))}
    assert not {t for t in used if (t, RDF.type, None) not in vocab}


def test_the_laws_tables_conform_to_the_schedule_shapes():
    ok, _, text = validate(_laws_tables(), shacl_graph=_schedule_shapes(), inference="none")
    assert ok, text


@pytest.mark.parametrize("drop, message", [
    (PROV.wasDerivedFrom, "prov:wasDerivedFrom"),
    (BL.rowNumber, "bl:rowNumber"),
])
def test_a_laws_table_row_without_its_source_or_number_is_rejected(drop, message):
    g = _laws_tables()
    row = URIRef("https://w3id.org/bridge-laws/wbf2017/schedule/law77/row/slam-grand-vul")
    assert (row, drop, None) in g
    g.remove((row, drop, None))
    ok, _, text = validate(g, shacl_graph=_schedule_shapes(), inference="none")
    assert not ok and message in text
