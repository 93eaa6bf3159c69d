"""The dataset's VoID/DCAT description, the endpoint's SPARQL 1.1 Service Description, and the
example queries (`queries/NN-name.rq`, in the order NN, each with a title and a description in en / zh-Hant / zh-Hans in
its comment header: `# title.en: ...`, `# about.zh-Hans: ...`).

Licence: the sources carry one statement, "Copyright © World Bridge Federation" (sources/000,
line 43, the 2017 Laws); none of them states a licence, and neither does this project. The
description says exactly that (dcterms:rights) and gives no dcterms:license.
Provenance: each document graph names its source files (dcterms:source) and the ingest that
produced it (prov:wasGeneratedBy); every expression in the graph keeps its file and line span.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCAT, DCTERMS, FOAF, PROV, RDF, RDFS, XSD

from query import inputs
from query.opendata import store as datastore

QUERIES = Path(__file__).resolve().parent / "queries"
LAWSD = Namespace(datastore.BASE)
VOID = Namespace("http://rdfs.org/ns/void#")
SD = Namespace("http://www.w3.org/ns/sparql-service-description#")
SH = Namespace("http://www.w3.org/ns/shacl#")
SCHEMA = Namespace("https://schema.org/")
FORMATS = Namespace("http://www.w3.org/ns/formats/")
DATASET = LAWSD["dataset"]
LANGS = ("en", "zh-Hant", "zh-Hans")

RIGHTS = {
    "en": "The texts of the Laws of Duplicate Bridge 2017 are Copyright © World Bridge Federation "
          "(stated in sources/000_1f3522d3ae8db592.txt, line 43). The sources state no licence for any "
          "of the texts (the Laws, their translations, the CCBA and Taiwan regulations, the WBF policies), "
          "and this project states none for the graph: the licence of this dataset is unknown.",
    "zh-Hant": "2017 年複式橋藝規則之文本版權屬世界橋藝聯盟（見 sources/000_1f3522d3ae8db592.txt 第 43 行）。"
               "各來源均未載明任何授權條款，本專案亦未為本圖指定授權：本資料集之授權不明。",
    "zh-Hans": "2017 年复式桥牌规则的文本版权属于世界桥牌联合会（见 sources/000_1f3522d3ae8db592.txt 第 43 行）。"
               "各来源均未载明任何许可条款，本项目也未为本图指定许可：本数据集的许可不明。",
}
TITLE = {"en": "The Laws of Duplicate Bridge as a knowledge graph",
         "zh-Hant": "複式橋藝規則知識圖", "zh-Hans": "复式桥牌规则知识图谱"}
ABOUT = {"en": "The WBF Laws of Duplicate Bridge 2017 (with the 2024 revision) in English, Traditional and "
               "Simplified Chinese, the 1987 and 2007 editions, the CCBA 2018 competition rules, the Taiwan "
               "competition regulations and the WBF Systems, Alerting and Psychic policies 2023: provisions, "
               "cross-references, strength of each clause, definitions, lineage between editions, "
               "hand-written rules and scoring schedules. One named graph per document.",
         "zh-Hant": "世界橋藝聯盟 2017 年複式橋藝規則（含 2024 修訂）之英文、繁體與簡體中文本，1987、2007 年版，"
                    "中國橋協 2018 競賽規則、中華民國橋協競賽輔助規則及世界橋藝聯盟 2023 年各項政策：條文、交互引用、"
                    "子句強度、定義、版本對應、規則與計分表。每份文件一個具名圖。",
         "zh-Hans": "世界桥牌联合会 2017 年复式桥牌规则（含 2024 修订）的英文、繁体与简体中文本，1987、2007 年版，"
                    "中国桥牌协会 2018 竞赛规则、台湾竞赛辅助规则及世界桥牌联合会 2023 年各项政策：条文、交叉引用、"
                    "子句强度、定义、版本对应、规则与计分表。每份文件一个命名图。"}
GRAPH_TITLES = {"ontology": "The vocabulary and concept schemes (ontology/)",
                "rules": "The hand-written rules the reasoner runs (ontology/rules/)",
                "schedules": "The Law 77 scoring table and the Law 78B IMP scale (ontology/schedules/)"}
VOCABULARIES = ["http://data.europa.eu/eli/ontology#", "http://www.w3.org/2004/02/skos/core#",
                "http://purl.org/dc/terms/", "http://www.w3.org/ns/prov#", "https://w3id.org/bridge-laws/ontology#"]


@dataclass(frozen=True)
class Example:
    name: str          # file stem without its order prefix: 01-cites-26B.rq is "cites-26B"
    form: str          # SELECT, ASK, CONSTRUCT or DESCRIBE
    titles: dict
    abouts: dict
    text: str          # the query, header included (a valid query: the header is comments)

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles["en"]

    def about(self, lang: str) -> str:
        return self.abouts.get(lang) or self.abouts.get("en", "")


@lru_cache(maxsize=1)
def examples() -> tuple[Example, ...]:
    """The documented example queries, in file-name order."""
    out = []
    for f in sorted(QUERIES.glob("*.rq")):
        text = inputs.read_file(f, "query file")
        titles, abouts = {}, {}
        body = []
        for line in text.splitlines():
            if line.startswith("# ") and ":" in line and line[2:].split(":")[0].count(".") == 1:
                key, _, value = line[2:].partition(":")
                field, lang = key.split(".")
                (titles if field == "title" else abouts)[lang] = value.strip()
            elif not line.startswith("#"):
                body.append(line)
        words = " ".join(body).upper().split()
        form = next(w for w in words if w in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE"))
        out.append(Example(f.stem.split("-", 1)[1] if f.stem[:2].isdigit() else f.stem, form, titles, abouts, text))
    return tuple(out)


def _document_facts(store: ox.Store) -> dict[str, dict]:
    """For each document graph: its titles, and its source files (those its document names, and
    those its expressions' source spans point into), read from the graph itself."""
    q = """PREFIX eli: <http://data.europa.eu/eli/ontology#> PREFIX dcterms: <http://purl.org/dc/terms/>
    SELECT ?g ?d ?title { GRAPH ?g { ?d a eli:LegalResource ; dcterms:title ?title } }"""
    facts: dict[str, dict] = {}
    for r in store.query(q):
        doc = r["g"].value[len(datastore.GRAPH_BASE):]
        entry = facts.setdefault(doc, {"document": r["d"].value, "titles": [], "sources": set()})
        entry["titles"].append((r["title"].value, r["title"].language))
    q = """PREFIX bl: <https://w3id.org/bridge-laws/ontology#> PREFIX dcterms: <http://purl.org/dc/terms/>
    SELECT DISTINCT ?g ?file { GRAPH ?g { { ?span bl:sourceFile ?file } UNION { ?d dcterms:source ?file } } }"""
    for r in store.query(q):
        doc = r["g"].value[len(datastore.GRAPH_BASE):]
        if doc in facts:
            facts[doc]["sources"].add(r["file"].value)
    for entry in facts.values():
        entry["sources"] = sorted(entry["sources"])
    return facts


def void(store: ox.Store | None = None, endpoint: str | None = None, dump: str | None = None) -> Graph:
    """The VoID/DCAT description of the dataset: title, rights, provenance, sources, counts per
    document graph, the example queries; the endpoint and dump locations when given."""
    store = store or datastore.shared()
    g = Graph()
    for prefix, ns in (("void", VOID), ("dcat", DCAT), ("dcterms", DCTERMS), ("prov", PROV), ("sh", SH),
                       ("schema", SCHEMA), ("lawsd", LAWSD), ("foaf", FOAF), ("sd", SD)):
        g.bind(prefix, ns)
    counts = datastore.counts(store)
    facts = _document_facts(store)
    g.add((DATASET, RDF.type, VOID.Dataset))
    g.add((DATASET, RDF.type, DCAT.Dataset))
    for lang in LANGS:
        g.add((DATASET, DCTERMS.title, Literal(TITLE[lang], lang=lang)))
        g.add((DATASET, DCTERMS.description, Literal(ABOUT[lang], lang=lang)))
        g.add((DATASET, DCTERMS.rights, Literal(RIGHTS[lang], lang=lang)))
    for lang in LANGS:
        g.add((DATASET, DCTERMS.language, Literal(lang)))
    ingest = LAWSD["activity/ingest"]
    g.add((DATASET, PROV.wasGeneratedBy, ingest))
    g.add((ingest, RDF.type, PROV.Activity))
    g.add((ingest, RDFS.label, Literal("python -m ingest: the five source texts (sources/) to laws_ttl/; every "
                                       "repair of a source recorded as a bl:Repair, every text with its file and "
                                       "line span (prov:wasDerivedFrom)", lang="en")))
    all_sources = sorted({s for f in facts.values() for s in f["sources"]})
    for src in all_sources:
        g.add((DATASET, DCTERMS.source, Literal(src)))
    g.add((DATASET, VOID.triples, Literal(sum(counts.values()), datatype=XSD.integer)))
    g.add((DATASET, VOID.uriSpace, Literal(datastore.BASE)))
    g.add((DATASET, VOID.exampleResource, LAWSD["wbf2017/27B2"]))
    for v in VOCABULARIES:
        g.add((DATASET, VOID.vocabulary, URIRef(v)))
    if endpoint:
        g.add((DATASET, VOID.sparqlEndpoint, URIRef(endpoint)))
    if dump:
        g.add((DATASET, VOID.dataDump, URIRef(dump)))
        dist = LAWSD["dataset/nquads"]
        g.add((DATASET, DCAT.distribution, dist))
        g.add((dist, RDF.type, DCAT.Distribution))
        g.add((dist, DCAT.downloadURL, URIRef(dump)))
        g.add((dist, DCAT.mediaType, Literal("application/n-quads")))
    for doc, n in sorted(counts.items()):
        sub = URIRef(datastore.graph_iri(doc))
        g.add((DATASET, VOID.subset, sub))
        g.add((sub, RDF.type, VOID.Dataset))
        g.add((sub, VOID.triples, Literal(n, datatype=XSD.integer)))
        g.add((sub, DCTERMS.identifier, Literal(doc)))
        info = facts.get(doc)
        if info:
            g.add((sub, FOAF.primaryTopic, URIRef(info["document"])))
            for title, lang in info["titles"]:
                g.add((sub, DCTERMS.title, Literal(title, lang=lang)))
            for src in info["sources"]:
                g.add((sub, DCTERMS.source, Literal(src)))
        elif doc in GRAPH_TITLES:
            g.add((sub, DCTERMS.title, Literal(GRAPH_TITLES[doc], lang="en")))
    kinds = {"SELECT": (SH.SPARQLSelectExecutable, SH.select), "ASK": (SH.SPARQLAskExecutable, SH.ask),
             "CONSTRUCT": (SH.SPARQLConstructExecutable, SH.construct), "DESCRIBE": (SH.SPARQLExecutable, SH.describe)}
    for ex in examples():
        node = LAWSD[f"dataset/query/{ex.name}"]
        cls, prop = kinds[ex.form]
        g.add((node, RDF.type, SH.SPARQLExecutable))
        g.add((node, RDF.type, cls))
        g.add((node, prop, Literal(ex.text)))
        g.add((node, SCHEMA.target, URIRef(endpoint) if endpoint else DATASET))
        g.add((node, DCTERMS.isPartOf, DATASET))
        for lang, title in ex.titles.items():
            g.add((node, RDFS.label, Literal(title, lang=lang)))
        for lang, about in ex.abouts.items():
            g.add((node, RDFS.comment, Literal(about, lang=lang)))
    return g


def service(endpoint: str, store: ox.Store | None = None) -> Graph:
    """The SPARQL 1.1 Service Description of the endpoint, with the dataset's VoID description."""
    g = void(store, endpoint=endpoint)
    node = URIRef(endpoint)
    g.add((node, RDF.type, SD.Service))
    g.add((node, SD.endpoint, node))
    g.add((node, SD.supportedLanguage, SD.SPARQL11Query))
    g.add((node, SD.feature, SD.UnionDefaultGraph))
    for fmt in ("SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV", "SPARQL_Results_TSV",
                "Turtle", "N-Triples", "JSON-LD", "RDF_XML"):
        g.add((node, SD.resultFormat, FORMATS[fmt]))
    dataset = BNode("dataset")
    g.add((node, SD.defaultDataset, dataset))
    g.add((dataset, RDF.type, SD.Dataset))
    g.add((dataset, SD.defaultGraph, DATASET))
    for sub in g.objects(DATASET, VOID.subset):
        named = BNode(f"graph-{g.value(sub, DCTERMS.identifier)}")
        g.add((dataset, SD.namedGraph, named))
        g.add((named, SD.name, sub))
        g.add((named, SD.graph, sub))
    return g
