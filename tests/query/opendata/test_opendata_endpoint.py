"""The SPARQL endpoint read by a real client (SPARQLWrapper) and by plain HTTP: the Protocol's
GET and both POST forms, content negotiation, the service description, CORS, health (issue 13)."""
from __future__ import annotations

import csv
import io
import json
import urllib.parse

import rdflib
from SPARQLWrapper import CSV, JSON, TURTLE, XML, SPARQLWrapper

from tests.query.opendata.conftest import get, http

BL = "https://w3id.org/bridge-laws/"
CITES_26B = f"""PREFIX eli: <http://data.europa.eu/eli/ontology#> PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?id WHERE {{ ?p eli:cites <{BL}wbf2017/26B> ; dcterms:identifier ?id }} ORDER BY ?id"""


def client(endpoint: str, query: str, fmt, method: str = "GET") -> SPARQLWrapper:
    s = SPARQLWrapper(endpoint)
    s.setQuery(query)
    s.setReturnFormat(fmt)
    s.setMethod(method)
    return s


def test_sparqlwrapper_select_reads_the_provisions_citing_26B(endpoint):
    for method in ("GET", "POST"):
        rows = client(endpoint, CITES_26B, JSON, method).queryAndConvert()["results"]["bindings"]
        ids = [r["id"]["value"] for r in rows]
        # Law 27B2: "The lead restrictions in Law 26B may apply"; 27B3 and 9C cite it too
        assert {"27B2", "27B3", "9C"} <= set(ids), ids
        assert ids == sorted(ids)


def test_sparqlwrapper_ask_true_and_false(endpoint):
    yes = f"ASK {{ <{BL}wbf2017/27B2> <http://data.europa.eu/eli/ontology#cites> <{BL}wbf2017/26B> }}"
    no = f"ASK {{ <{BL}wbf2017/27B2> <http://data.europa.eu/eli/ontology#cites> <{BL}wbf2017/93> }}"
    assert client(endpoint, yes, JSON).queryAndConvert()["boolean"] is True
    assert client(endpoint, no, JSON).queryAndConvert()["boolean"] is False
    assert client(endpoint, yes, XML).queryAndConvert().getElementsByTagName("boolean")[0].firstChild.data == "true"


def test_sparqlwrapper_construct_reads_back_as_rdf(endpoint):
    q = f"""PREFIX bl: <https://w3id.org/bridge-laws/ontology#> PREFIX eli: <http://data.europa.eu/eli/ontology#>
    CONSTRUCT {{ ?e bl:text ?t }} WHERE {{ <{BL}wbf2017/27B2> eli:is_realized_by ?e . ?e bl:text ?t }}"""
    s = client(endpoint, q, TURTLE)
    g = rdflib.Graph().parse(data=s.queryAndConvert(), format="turtle")
    texts = {o.language: str(o) for o in g.objects(None, rdflib.URIRef(BL + "ontology#text"))}
    assert set(texts) == {"en", "zh-hant", "zh-hans"}
    assert "offender's partner must pass whenever it is his turn to call" in texts["en"]
    # the same CONSTRUCT as JSON-LD through rdflib's reader
    status, headers, body = get(endpoint, q, accept="application/ld+json")
    assert status == 200 and headers["content-type"].startswith("application/ld+json")
    assert len(rdflib.Graph().parse(data=body, format="json-ld")) == len(g) == 3


def test_results_in_csv_tsv_and_xml(endpoint):
    rows = list(csv.DictReader(io.StringIO(client(endpoint, CITES_26B, CSV).queryAndConvert().decode())))
    as_json = [r["id"]["value"] for r in client(endpoint, CITES_26B, JSON).queryAndConvert()["results"]["bindings"]]
    assert [r["id"] for r in rows] == as_json
    status, headers, body = get(endpoint, CITES_26B, accept="text/tab-separated-values")
    assert status == 200 and headers["content-type"].startswith("text/tab-separated-values")
    assert body.decode().splitlines()[1:] == [f'"{i}"' for i in as_json]
    xml = client(endpoint, CITES_26B, XML).queryAndConvert()
    assert [n.firstChild.data for n in xml.getElementsByTagName("literal")] == as_json


def test_post_direct_and_urlencoded_and_q_values(endpoint):
    direct = http(endpoint, CITES_26B.encode(), {"Content-Type": "application/sparql-query",
                                                 "Accept": "text/csv;q=0.5, application/sparql-results+json"})
    form = http(endpoint, urllib.parse.urlencode({"query": CITES_26B}).encode(),
                {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/csv"})
    assert direct[0] == 200 and direct[1]["content-type"].startswith("application/sparql-results+json")
    assert form[0] == 200 and form[1]["content-type"].startswith("text/csv")
    ids = [b["id"]["value"] for b in json.loads(direct[2])["results"]["bindings"]]
    assert form[2].decode().split("\r\n")[1:-1] == ids


def test_default_graph_is_the_union_and_named_graphs_are_the_documents(endpoint):
    q = "SELECT ?g (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"
    status, _, body = get(endpoint, q)
    graphs = {b["g"]["value"]: int(b["n"]["value"]) for b in json.loads(body)["results"]["bindings"]}
    assert {BL + "graph/wbf2017", BL + "graph/ccba2018", BL + "graph/wbf1987", BL + "graph/ontology"} <= set(graphs)
    status, _, body = get(endpoint, "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }")
    assert int(json.loads(body)["results"]["bindings"][0]["n"]["value"]) == sum(graphs.values())
    # default-graph-uri narrows the default graph to one document (SPARQL 1.1 Protocol)
    status, _, body = get(endpoint, "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }", **{"default-graph-uri": BL + "graph/wbf2017"})
    assert int(json.loads(body)["results"]["bindings"][0]["n"]["value"]) == graphs[BL + "graph/wbf2017"]


def test_service_description_cors_and_health(endpoint):
    status, headers, body = http(endpoint, headers={"Accept": "text/turtle"})
    assert status == 200
    g = rdflib.Graph().parse(data=body, format="turtle")
    sd = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")
    assert (rdflib.URIRef(endpoint), sd.supportedLanguage, sd.SPARQL11Query) in g
    status, headers, _ = http(endpoint, method="OPTIONS", headers={
        "Origin": "https://example.org", "Access-Control-Request-Method": "POST"})
    assert status == 200 and headers["access-control-allow-origin"] in ("*", "https://example.org")
    status, headers, _ = get(endpoint, "ASK {}", accept="application/sparql-results+json")
    status, headers, _ = http(endpoint + "?query=ASK%7B%7D", headers={"Origin": "https://example.org"})
    assert headers["access-control-allow-origin"] == "*"
    status, _, body = http(endpoint.replace("/sparql", "/health"))
    assert status == 200 and json.loads(body)["status"] == "ok"
    status, headers, body = http(endpoint.replace("/sparql", "/void"))
    void = rdflib.Graph().parse(data=body, format="turtle")
    assert (None, rdflib.URIRef("http://rdfs.org/ns/void#sparqlEndpoint"), rdflib.URIRef(endpoint)) in void


def test_service_to_the_endpoint_itself_is_answered_locally(endpoint):
    inner = f"SELECT ?id WHERE {{ SERVICE <{endpoint}> {{ ?p <http://data.europa.eu/eli/ontology#cites> <{BL}wbf2017/26B> ; <http://purl.org/dc/terms/identifier> ?id }} }} ORDER BY ?id"
    status, _, body = get(endpoint, inner)
    assert status == 200, body
    local = get(endpoint, CITES_26B)[2]
    assert json.loads(body)["results"] == json.loads(local)["results"]


def test_describe_by_negotiation_and_format_parameter(endpoint):
    q = f"DESCRIBE <{BL}wbf2017/27B2>"
    status, headers, body = get(endpoint, q, accept="application/n-triples")
    assert status == 200 and headers["content-type"].startswith("application/n-triples")
    g = rdflib.Graph().parse(data=body, format="nt")
    assert (rdflib.URIRef(BL + "wbf2017/27B2"), rdflib.URIRef("http://purl.org/dc/terms/identifier"),
            rdflib.Literal("27B2")) in g
    # format= overrides Accept (as Fuseki and Virtuoso allow)
    status, headers, body = get(endpoint, CITES_26B, accept="application/sparql-results+json", format="tsv")
    assert status == 200 and headers["content-type"].startswith("text/tab-separated-values")
