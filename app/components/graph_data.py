"""The graph as the pages read it, loaded once per server (st.cache_resource) and shared by sessions:
provision ids and titles, reference-type labels, the glossary, and cached law lookups."""
from __future__ import annotations

import streamlit as st

from query.lookup import DOCS, PREFIXES, all_ids, candidates, law

DOC = "wbf2017"
DOC_ORDER = ("wbf2017", "wbf1987", "wbf2007", "ccba2018", "twreg", "wbfsys2023", "wbfalert2023", "wbfpsych2023")
assert set(DOC_ORDER) == set(DOCS)
REFTYPE_FALLBACK = {"see": "see", "but-see": "but see", "applies": "applies", "does-not-apply": "does not apply",
                    "may-apply": "may apply", "as-allows": "as … allows", "mention": "mention"}


@st.cache_resource(show_spinner="Loading the Laws graph …")
def graph():
    from query.graph import shared
    return shared()


@st.cache_resource(show_spinner=False)
def provision_ids(doc: str = DOC) -> list[str]:
    return all_ids(graph(), doc)


@st.cache_resource(show_spinner=False)
def titles(doc: str = DOC, lang: str = "en") -> dict[str, str]:
    """id -> title in `lang`, else in another language (for the list); empty if the graph does not say."""
    q = PREFIXES + """
    SELECT ?id ?t ?lang WHERE { ?e eli:title ?t ; dcterms:language ?lang ; eli:realizes ?p . ?p dcterms:identifier ?id ;
                                eli:is_part_of+ ?d } """
    from ingest.vocab import LAWSD
    from query.lookup import lang_tag, select
    try:
        out: dict[str, dict[str, str]] = {}
        for i, t, lng in select(graph(), q, d=LAWSD[doc]):
            if str(t).strip():
                out.setdefault(str(i), {})[lang_tag(lng)] = str(t)
        return {i: v.get(lang) or v.get("en") or next(iter(v.values())) for i, v in out.items()}
    except Exception:       # the list still works with bare ids
        return {}


def english_titles() -> dict[str, str]:
    return titles(DOC, "en")


@st.cache_data(show_spinner=False, max_entries=512)
def where(raw: str) -> list[str]:
    """The documents an id fits (query.lookup.candidates)."""
    return candidates(graph(), raw)


@st.cache_resource(show_spinner=False)
def reftype_labels(lang: str = "en") -> dict[str, str]:
    """Reference type notation -> its label in `lang` (see / 參照 / 参照), from the reference-type scheme."""
    lang = lang if lang in ("en", "zh-Hant", "zh-Hans") else "en"      # a known tag only, never user text
    q = PREFIXES + """
    SELECT ?n ?l WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/reftype> ; skos:notation ?n ;
                         skos:prefLabel ?l FILTER(LCASE(lang(?l)) = "%s") }""" % lang.lower()
    labels = dict(REFTYPE_FALLBACK)
    try:
        labels.update({str(n): str(lab) for n, lab in graph().query(q)})
    except Exception:
        pass
    return labels


@st.cache_resource(show_spinner=False)
def glossary() -> list[dict]:
    """All defined terms of the document (shown on the Definitions page), in the shape of law()["terms"]."""
    q = PREFIXES + """
    SELECT ?key ?label ?def WHERE {
      ?t skos:inScheme ?scheme ; skos:notation ?key ; skos:prefLabel ?label .
      OPTIONAL { ?t skos:definition ?def FILTER(lang(?def) = lang(?label)) }
    }"""
    terms: dict[str, dict] = {}
    try:
        from rdflib import URIRef
        scheme = URIRef(f"https://w3id.org/bridge-laws/{DOC}/terms")
        for key, label, definition in graph().query(q.replace("?scheme", f"<{scheme}>")):
            t = terms.setdefault(str(key), {"term": str(key), "labels": {}, "definitions": {}})
            lang = getattr(label, "language", None) or "en"
            t["labels"][lang] = str(label)
            if definition is not None:
                t["definitions"][lang] = str(definition)
    except Exception:
        return []
    return sorted(terms.values(), key=lambda t: (t["labels"].get("en") or t["term"]).lower())


@st.cache_data(show_spinner=False, max_entries=512)
def lookup(raw: str, doc: str = DOC) -> dict:
    return law(graph(), raw, doc)


@st.cache_resource(show_spinner=False)
def strength_labels() -> dict[str, dict[str, str]]:
    """Strength level (must, must-not ...) -> its word in each language, from the strength scheme
    (each edition's own Introduction: must / 務必 / 必须)."""
    from query.lookup import lang_tag
    q = PREFIXES + """SELECT ?c ?l WHERE { ?c skos:prefLabel ?l FILTER(STRSTARTS(STR(?c), "https://w3id.org/bridge-laws/strength/")) }"""
    out: dict[str, dict[str, str]] = {}
    try:
        for c, label in graph().query(q):
            out.setdefault(str(c).rsplit("/", 1)[1], {})[lang_tag(label)] = str(label)
    except Exception:
        return {}
    return out
