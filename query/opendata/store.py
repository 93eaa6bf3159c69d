"""The graph as an Oxigraph dataset with one named graph per document.

The same Turtle files the app reads (`query.graph.graph_files`: laws_ttl/ and the ontology) are
loaded into a pyoxigraph Store directly (no rdflib layer: ~0.5 s for ~165,000 triples). Each file
goes into the named graph of the document it belongs to: `laws_ttl/wbf2017.en.ttl` into
`https://w3id.org/bridge-laws/graph/wbf2017`; the vocabulary and schemes into `graph/ontology`,
the hand-written rules into `graph/rules`, the Law 77/78B schedules into `graph/schedules`.
Queries see the union of all graphs as their default graph.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pyoxigraph as ox

from query.graph import LAWS_TTL, ONTOLOGY, graph_files

BASE = "https://w3id.org/bridge-laws/"
GRAPH_BASE = BASE + "graph/"


def document_of(path: Path) -> str:
    """The document (named graph key) a graph file belongs to."""
    path = Path(path)
    if path.parent == LAWS_TTL:
        return path.name.split(".")[0]
    if path.parent == ONTOLOGY:
        return "ontology"
    return path.parent.name           # ontology/rules -> rules, ontology/schedules -> schedules


def graph_iri(doc: str) -> str:
    return GRAPH_BASE + doc


def documents() -> list[str]:
    """Every document key, in a stable order."""
    return sorted({document_of(f) for f in graph_files()})


def plan() -> list[tuple[str, str]]:
    """(Turtle file, named graph IRI) for every graph file."""
    return [(str(f), graph_iri(document_of(f))) for f in graph_files()]


def load(files: list[tuple[str, str]] | None = None) -> ox.Store:
    """A fresh in-memory store holding the whole graph, one named graph per document."""
    store = ox.Store()
    for path, graph in files or plan():
        store.bulk_load(path=path, format=ox.RdfFormat.TURTLE, to_graph=ox.NamedNode(graph))
    return store


@lru_cache(maxsize=1)
def shared() -> ox.Store:
    """One store per process (exports, the description, the worker processes)."""
    return load()


def counts(store: ox.Store) -> dict[str, int]:
    """Triples per document graph."""
    q = "SELECT ?g (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"
    return {r["g"].value[len(GRAPH_BASE):]: int(r["n"].value) for r in store.query(q)}
