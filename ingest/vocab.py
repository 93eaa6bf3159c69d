"""Namespaces and IRI builders shared by ingest and query (docs/graph-model.md)."""
from __future__ import annotations

from rdflib import Namespace, URIRef

from ingest.model import slug

BASE = "https://w3id.org/bridge-laws/"
LAWSD = Namespace(BASE)
BL = Namespace(BASE + "ontology#")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
STRENGTH = Namespace(BASE + "strength/")
REFTYPE = Namespace(BASE + "reftype/")
LANG_AUTHORITY = {
    "en": URIRef("http://publications.europa.eu/resource/authority/language/ENG"),
    "zh-Hant": URIRef("http://publications.europa.eu/resource/authority/language/ZHO"),
    "zh-Hans": URIRef("http://publications.europa.eu/resource/authority/language/ZHO"),
}
STATE = {"2017": BL.State2017Original, "2024": BL.State2024Revision,
         # the older editions (ingest/sources/wbf1987.py, ingest/sources/wbf2007.py): each is a state of its own
         "1987": BL.State1987Laws, "2007": BL.State2007Laws}


def doc_iri(doc: str) -> URIRef:
    return LAWSD[doc]


def provision_iri(doc: str, pid: str) -> URIRef:
    return LAWSD[f"{doc}/{slug(pid)}"]


def expression_iri(doc: str, pid: str, lang: str) -> URIRef:
    return LAWSD[f"{doc}/{slug(pid)}/{lang}"]


def term_iri(doc: str, key: str) -> URIRef:
    return LAWSD[f"{doc}/term/{key}"]
