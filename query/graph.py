"""Loading the committed graph (laws_ttl/ plus the ontology's schemes).

Two stores are supported: rdflib's default in-memory store and the Oxigraph-backed store
of oxrdflib. `benchmarks/graph_load.py` measures both; the faster (Oxigraph) is the default.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from rdflib import Graph

ROOT = Path(__file__).resolve().parent.parent
LAWS_TTL = ROOT / "laws_ttl"
ONTOLOGY = ROOT / "ontology"
DEFAULT_STORE = os.environ.get("BRIDGE_LAWS_STORE", "oxigraph")


def graph_files() -> list[Path]:
    """The graph's Turtle files: the ingest output, the vocabulary/schemes, the rules of
    ontology/rules/ and the schedules of ontology/schedules/ (not the shapes)."""
    files = sorted(LAWS_TTL.glob("*.ttl"))
    files += [f for f in sorted(ONTOLOGY.glob("*.ttl")) if not f.name.startswith("shapes")]
    # the hand-written rules (rules-as-code) and the scoring schedules are part of the graph too
    for sub in ("rules", "schedules"):
        files += [f for f in sorted((ONTOLOGY / sub).glob("*.ttl")) if not f.name.startswith("shapes")]
    return files


def load(store: str = DEFAULT_STORE, files: list[Path] | None = None) -> Graph:
    """Load the graph into a fresh store: "oxigraph" (oxrdflib) or "default" (rdflib Memory)."""
    g = Graph(store="Oxigraph") if store == "oxigraph" else Graph()
    for f in files or graph_files():
        g.parse(f, format="ox-turtle" if store == "oxigraph" else "turtle")
    return g


@lru_cache(maxsize=1)
def shared() -> Graph:
    """One loaded graph per process (the CLI and the app reuse it)."""
    return load()
