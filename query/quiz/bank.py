"""What quizzes are made of, read from the graph once: the 2017 Laws' texts per language and
state, strength tags (the Introduction's scales), typed cross-references (eli:cites via
bl:hasReference), the glossary of the Definitions, the Index to the 2017 Laws, and the
irregularity scheme (topics). Fixed SPARQL only: no user text ever reaches a query here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rdflib import Graph, URIRef

from query.lookup import PREFIXES, STATE_NAMES, lang_tag, select

WBF = "https://w3id.org/bridge-laws/wbf2017"
STRENGTH = "https://w3id.org/bridge-laws/strength/"
# the IRIs the queries below are about, bound as values (lookup.select), never pasted into the text
DOC, TERMS, INDEX, LEVELS = (URIRef(i) for i in (WBF, f"{WBF}/terms", f"{WBF}/index", STRENGTH))
POSITIVE = ("may", "does", "should", "shall", "must")            # weakest first (Introduction)
PROHIBITION = ("shall-not", "may-not", "must-not")
EDITION = {"2017 original": "2017 Laws", "2024 revision": "2017 Laws, 2024 revision"}


@dataclass(eq=False)            # hashable by identity: the quiz modules cache what they derive from it
class Bank:
    texts: dict = field(default_factory=dict)        # (pid, lang) -> text
    titles: dict = field(default_factory=dict)       # (pid, lang) -> title
    states: dict = field(default_factory=dict)       # (pid, lang) -> "2017 original" | "2024 revision"
    order: dict = field(default_factory=dict)        # pid -> document order
    strength: list = field(default_factory=list)     # dicts: pid lang pos level word clause offset
    scale: dict = field(default_factory=dict)        # level -> {lang: word}
    refs: list = field(default_factory=list)         # dicts: pid lang target type surface
    ref_types: dict = field(default_factory=dict)    # type -> {lang: label}
    terms: dict = field(default_factory=dict)        # key -> {"labels": {lang}, "definitions": {lang}, "used_in": [pid]}
    index: list = field(default_factory=list)        # dicts: heading, targets (pids)
    topics: dict = field(default_factory=dict)       # irregularity notation -> {"labels": {lang}, "laws": [int]}

    def law_topics(self, law: int | None) -> list[str]:
        return sorted(k for k, t in self.topics.items() if law in t["laws"])


def _q(g: Graph, body: str):
    return g.query(PREFIXES + body)


def _local(iri) -> str:
    return str(iri).rstrip("/").rsplit("/", 1)[-1].rsplit("#", 1)[-1]


@lru_cache(maxsize=2)
def _bank(g_id: int, g: Graph) -> Bank:
    b = Bank()
    for pid, lang, text, title, state, order in select(g, """
      SELECT ?id ?lang ?text ?title ?state ?o WHERE {
        ?p eli:is_part_of+ ?doc ; dcterms:identifier ?id ; bl:order ?o ; eli:is_realized_by ?e .
        ?e dcterms:language ?lang . OPTIONAL { ?e bl:text ?text } OPTIONAL { ?e eli:title ?title }
        OPTIONAL { ?e bl:lawState ?state } }""", doc=DOC):
        key = (str(pid), lang_tag(lang))
        b.order[str(pid)] = int(order)
        if text is not None:
            b.texts[key] = str(text)
        if title is not None:
            b.titles[key] = str(title)
        if state is not None:
            b.states[key] = STATE_NAMES.get(str(state).rsplit("#", 1)[1], str(state))
    for pid, lang, pos, level, word, clause, offset in select(g, """
      SELECT ?id ?lang ?pos ?level ?word ?clause ?offset WHERE {
        ?p eli:is_part_of+ ?doc ; dcterms:identifier ?id ; eli:is_realized_by ?e .
        ?e dcterms:language ?lang ; bl:hasStrengthTag ?t .
        ?t bl:level ?level ; bl:word ?word ; bl:clause ?clause ; bl:position ?pos . OPTIONAL { ?t bl:offset ?offset } }""", doc=DOC):
        b.strength.append({"pid": str(pid), "lang": lang_tag(lang), "pos": int(pos), "level": _local(level),
                           "word": str(word), "clause": str(clause),
                           "offset": int(offset) if offset is not None else None})
    for level, label in select(g, """SELECT ?l ?label WHERE { ?l skos:prefLabel ?label .
        FILTER(STRSTARTS(STR(?l), STR(?levels)) && !CONTAINS(STR(?l), "/scale/")) }""", levels=LEVELS):
        b.scale.setdefault(_local(level), {})[lang_tag(label)] = str(label)
    for pid, lang, target, rtype, surface in select(g, """
      SELECT ?id ?lang ?tid ?type ?surface WHERE {
        ?p eli:is_part_of+ ?doc ; dcterms:identifier ?id ; eli:is_realized_by ?e .
        ?e dcterms:language ?lang ; bl:hasReference ?r . ?r bl:target ?t ; bl:refType ?type ; bl:surface ?surface .
        ?t eli:is_part_of+ ?doc ; dcterms:identifier ?tid }""", doc=DOC):
        b.refs.append({"pid": str(pid), "lang": lang_tag(lang), "target": str(target),
                       "type": _local(rtype), "surface": str(surface)})
    for rtype, label in _q(g, """SELECT ?t ?label WHERE { ?r bl:refType ?t . ?t skos:prefLabel ?label }"""):
        b.ref_types.setdefault(_local(rtype), {})[lang_tag(label)] = str(label)
    for key, label, definition in select(g, """
      SELECT ?key ?label ?def WHERE { ?t skos:inScheme ?terms ; skos:notation ?key ; skos:prefLabel ?label .
        OPTIONAL { ?t skos:definition ?def FILTER(lang(?def) = lang(?label)) } }""", terms=TERMS):
        t = b.terms.setdefault(str(key), {"labels": {}, "definitions": {}})
        t["labels"][lang_tag(label)] = str(label)
        if definition is not None:
            t["definitions"][lang_tag(definition)] = str(definition)
    heads: dict[str, dict] = {}
    for concept, label, tid in select(g, """
      SELECT ?c ?label ?tid WHERE { ?c skos:inScheme ?index ; skos:prefLabel ?label ; bl:indexTarget ?t .
        ?t dcterms:identifier ?tid }""", index=INDEX):
        heads.setdefault(str(concept), {"heading": str(label), "targets": set()})["targets"].add(str(tid))
    b.index = [{"heading": h["heading"], "targets": sorted(h["targets"])} for _, h in sorted(heads.items())]
    for notation, label, laws in _q(g, """
      SELECT ?n ?label ?laws WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/irregularity> ;
        skos:notation ?n ; skos:prefLabel ?label . OPTIONAL { ?c <https://w3id.org/bridge-laws/scenario#lawsFor> ?laws } }"""):
        t = b.topics.setdefault(str(notation), {"labels": {}, "laws": set()})
        t["labels"][lang_tag(label)] = str(label)
        for part in str(laws or "").replace(",", " ").split():      # "28-32", "16B", "17D3"
            m = re.match(r"^(\d+)(?:-(\d+))?", part)
            if m:
                t["laws"].update(range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1))
    return b


def bank(g: Graph) -> Bank:
    return _bank(id(g), g)


def edition(b: Bank, pid: str, lang: str) -> str:
    """The edition a question quotes: the 2017 Laws, or the 2024 revision (Laws 73 and 89)."""
    return EDITION.get(b.states.get((pid, lang), "2017 original"), "2017 Laws")
