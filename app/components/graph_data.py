"""The graph as the pages read it, loaded once per server (st.cache_resource) and shared by sessions:
provision ids and titles, reference-type labels, the glossary, and cached law lookups."""
from __future__ import annotations

import streamlit as st

from query.lookup import PREFIXES, all_ids, law

DOC = "wbf2017"
REFTYPE_FALLBACK = {"see": "see", "but-see": "but see", "applies": "applies", "does-not-apply": "does not apply",
                    "may-apply": "may apply", "as-allows": "as … allows", "mention": "mention"}


@st.cache_resource(show_spinner="Loading the Laws graph …")
def graph():
    from query.graph import shared
    return shared()


@st.cache_resource(show_spinner=False)
def provision_ids() -> list[str]:
    return all_ids(graph(), DOC)


@st.cache_resource(show_spinner=False)
def english_titles() -> dict[str, str]:
    """id -> English title (for the list); empty if the graph does not say."""
    q = PREFIXES + """
    SELECT ?id ?t WHERE { ?e eli:title ?t ; dcterms:language "en" ; eli:realizes ?p . ?p dcterms:identifier ?id }"""
    try:
        known = set(provision_ids())
        return {str(i): str(t) for i, t in graph().query(q) if str(i) in known and str(t).strip()}
    except Exception:       # the list still works with bare ids
        return {}


@st.cache_resource(show_spinner=False)
def reftype_labels() -> dict[str, str]:
    """Reference type notation -> English label, from the reference-type scheme."""
    q = PREFIXES + """
    SELECT ?n ?l WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/reftype> ; skos:notation ?n ;
                         skos:prefLabel ?l FILTER(lang(?l) = "en") }"""
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
def lookup(raw: str) -> dict:
    return law(graph(), raw, DOC)
