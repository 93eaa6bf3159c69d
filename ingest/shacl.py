"""Validate the emitted graph against ontology/shapes.ttl."""
from __future__ import annotations

from pathlib import Path

from pyshacl import validate as shacl_validate
from rdflib import Graph

ONTOLOGY = Path(__file__).resolve().parent.parent / "ontology"


def load_folder(*folders: Path) -> Graph:
    """Every Turtle file of the folders except the shapes."""
    g = Graph()
    for folder in folders:
        for f in sorted(folder.glob("*.ttl")):
            if not f.name.startswith("shapes"):
                g.parse(f, format="turtle")
    return g


def validate(graph_folder: Path) -> tuple[bool, str]:
    """SHACL-validate the graph in `graph_folder` together with the ontology's schemes, rules
    (ontology/rules/) and schedules (ontology/schedules/)."""
    data = load_folder(graph_folder, ONTOLOGY, ONTOLOGY / "rules", ONTOLOGY / "schedules")
    shapes = Graph()
    for f in sorted(ONTOLOGY.glob("shapes*.ttl")):    # shapes.ttl, plus one file per further document
        shapes.parse(f, format="turtle")
    conforms, _, text = shacl_validate(data, shacl_graph=shapes, inference="none", allow_warnings=True)
    return bool(conforms), text
