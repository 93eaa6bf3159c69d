"""Dumps of the graph: Turtle, N-Triples, N-Quads and JSON-LD, of everything or of one document,
and the release bundle (N-Quads with one named graph per document, the VoID/DCAT description and
the example queries).

Written by Oxigraph's own serialisers straight from the store. N-Quads keep the named graphs; the
other formats hold triples (the union, or one document's graph with --doc). JSON-LD is expanded
JSON-LD (no remote context), so any reader takes it without the network.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pyoxigraph as ox

from query.errors import BadInput
from query.opendata import description, results
from query.opendata import store as datastore

FORMATS = {"ttl": ox.RdfFormat.TURTLE, "nt": ox.RdfFormat.N_TRIPLES, "nq": ox.RdfFormat.N_QUADS,
           "jsonld": ox.RdfFormat.JSON_LD}
BUNDLE_DUMP = "bridge-laws.nq"


def check_doc(doc: str | None) -> str | None:
    if doc is None:
        return None
    known = datastore.documents()
    if doc not in known:
        raise BadInput(f"unknown document '{doc[:40]}'; known: {', '.join(known)}")
    return doc


def export(fmt: str, out: str | Path, doc: str | None = None, store: ox.Store | None = None) -> dict:
    """Write one dump; {"format", "doc", "out", "statements", "bytes"}."""
    if fmt not in FORMATS:
        raise BadInput(f"unknown format '{fmt[:20]}'; use one of {', '.join(FORMATS)}")
    doc = check_doc(doc)
    store = store or datastore.shared()
    graph = ox.NamedNode(datastore.graph_iri(doc)) if doc else None
    quads = list(store.quads_for_pattern(None, None, None, graph))
    out = Path(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        if fmt == "nq":
            ox.serialize(quads, str(out), FORMATS[fmt])
            count = len(quads)
        else:
            triples = list(dict.fromkeys(q.triple for q in quads))   # the union: a triple once, in store order
            kwargs = {"prefixes": results.PREFIXES} if fmt == "ttl" else {}
            ox.serialize(triples, str(out), FORMATS[fmt], **kwargs)
            count = len(triples)
    except OSError as e:
        raise BadInput(f"cannot write {out}: {e.strerror or type(e).__name__}") from None
    return {"format": fmt, "doc": doc, "out": str(out), "statements": count, "bytes": out.stat().st_size}


def bundle(folder: str | Path, store: ox.Store | None = None) -> dict:
    """The release bundle in FOLDER: bridge-laws.nq, void.ttl and queries/*.rq."""
    folder = Path(folder)
    store = store or datastore.shared()
    dump = export("nq", folder / BUNDLE_DUMP, store=store)
    desc = description.void(store, dump=BUNDLE_DUMP)
    try:
        desc.serialize(folder / "void.ttl", format="turtle")
        (folder / "queries").mkdir(exist_ok=True)
        for f in sorted(description.QUERIES.glob("*.rq")):
            shutil.copyfile(f, folder / "queries" / f.name)
    except OSError as e:
        raise BadInput(f"cannot write the bundle in {folder}: {e.strerror or type(e).__name__}") from None
    return {"format": "bundle", "out": str(folder), "files": sorted(p.relative_to(folder).as_posix()
                                                                  for p in folder.rglob("*") if p.is_file()),
            "statements": dump["statements"], "graphs": datastore.counts(store)}
