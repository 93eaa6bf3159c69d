"""One checked query run against the store, its result serialised in the negotiated format.

Formats (SPARQL 1.1 Protocol, content negotiation on Accept, or an explicit `format`):
SELECT and ASK as SPARQL JSON (default), XML, CSV or TSV; CONSTRUCT and DESCRIBE as Turtle
(default), N-Triples, JSON-LD or RDF/XML. The default graph is the union of the document graphs.
A result larger than RESULT_CAP bytes is refused (HTTP 422, `result-cap`), never truncated silently:
ask for less (LIMIT) or take a dump (`python -m query export`).
"""
from __future__ import annotations

import io

import pyoxigraph as ox

from query.opendata.safety import Refused

RESULT_CAP = 10_000_000     # bytes of serialised result

SOLUTION_FORMATS = {"json": ox.QueryResultsFormat.JSON, "xml": ox.QueryResultsFormat.XML,
                    "csv": ox.QueryResultsFormat.CSV, "tsv": ox.QueryResultsFormat.TSV}
GRAPH_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES,
                 "jsonld": ox.RdfFormat.JSON_LD, "rdfxml": ox.RdfFormat.RDF_XML}
ALIASES = {"ttl": "turtle", "nt": "ntriples", "json-ld": "jsonld", "rdf": "rdfxml", "srj": "json", "srx": "xml"}
MEDIA = {**{k: v.media_type for k, v in SOLUTION_FORMATS.items()}, **{k: v.media_type for k, v in GRAPH_FORMATS.items()}}
# media types clients send that name one of our formats
ACCEPTED = {**{v.split(";")[0]: k for k, v in MEDIA.items()}, "application/json": "json", "text/xml": "xml",
            "application/xml": "xml", "text/plain": "ntriples", "application/x-turtle": "turtle",
            "application/json+ld": "jsonld", "text/tab-separated-values": "tsv"}
PREFIXES = {"bl": "https://w3id.org/bridge-laws/ontology#", "eli": "http://data.europa.eu/eli/ontology#",
            "dcterms": "http://purl.org/dc/terms/", "skos": "http://www.w3.org/2004/02/skos/core#",
            "lawsd": "https://w3id.org/bridge-laws/", "prov": "http://www.w3.org/ns/prov#",
            "rdfs": "http://www.w3.org/2000/01/rdf-schema#", "xsd": "http://www.w3.org/2001/XMLSchema#"}


class _Capped(io.RawIOBase):
    """A byte buffer that refuses to grow past the cap (Oxigraph writes into it as it serialises)."""

    def __init__(self, cap: int):
        self.buffer = bytearray()
        self.cap = cap

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        if len(self.buffer) + len(b) > self.cap:
            raise OverflowError("result cap")
        self.buffer += b
        return len(b)


def preferences(accept: str | None) -> list[str]:
    """Our format names in the client's order of preference (q values honoured; */* and unknown types ignored)."""
    ranked = []
    for i, part in enumerate((accept or "").split(",")):
        media, *params = [p.strip() for p in part.split(";")]
        q = 1.0
        for p in params:
            if p.startswith("q="):
                try:
                    q = float(p[2:])
                except ValueError:
                    q = 0.0
        name = ACCEPTED.get(media.lower())
        if name and q > 0:
            ranked.append((-q, i, name))
    return [name for _, _, name in sorted(ranked)]


def pick(kind: str, wanted: list[str]) -> str:
    """The first wanted format that fits the result kind ("solutions" or "graph"); else the default."""
    table = GRAPH_FORMATS if kind == "graph" else SOLUTION_FORMATS
    for name in wanted:
        name = ALIASES.get(name, name)
        if name in table:
            return name
    return "turtle" if kind == "graph" else "json"


def run(store: ox.Store, query: str, wanted: list[str] | None = None, default_graphs: list[str] | None = None,
        named_graphs: list[str] | None = None, cap: int = RESULT_CAP) -> tuple[bytes, str, str]:
    """(body, format name, media type) for an already checked query. SyntaxError becomes a Refused (400)."""
    options: dict = {"use_default_graph_as_union": not default_graphs}
    try:                    # a graph IRI Oxigraph cannot read is the caller's error too (a 400, not a 500)
        if default_graphs:
            options["default_graph"] = [ox.NamedNode(g) for g in default_graphs]
        if named_graphs:
            options["named_graphs"] = [ox.NamedNode(g) for g in named_graphs]
        result = store.query(query, prefixes=None, **options)
        kind = "graph" if isinstance(result, ox.QueryTriples) else "solutions"
        name = pick(kind, wanted or [])
        out = _Capped(cap)
        if kind == "graph":
            fmt = GRAPH_FORMATS[name]
            ox.serialize(result, out, fmt, prefixes=PREFIXES) if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.JSON_LD) \
                else ox.serialize(result, out, fmt)
        else:
            result.serialize(out, SOLUTION_FORMATS[name])
    except SyntaxError as e:
        raise Refused(f"the query is not valid SPARQL: {str(e).splitlines()[0][:300]}", 400, "syntax") from None
    except OverflowError:
        raise Refused(f"the result is larger than the cap of {cap:,} bytes; add a LIMIT, or download a dump",
                      422, "result-cap") from None
    except (OSError, ValueError, TypeError) as e:
        raise Refused(f"the query could not be evaluated: {str(e).splitlines()[0] if str(e) else type(e).__name__}",
                      400, "evaluation") from None
    return bytes(out.buffer), name, MEDIA[name]
