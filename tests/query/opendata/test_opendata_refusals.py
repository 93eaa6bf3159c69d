"""Read-only and safe (issue 13): updates, LOAD and SERVICE to other hosts are refused with 4xx and
the graph is unchanged; the size limit, nesting limit, result cap and time limit each answer with
a clear error, and the server keeps answering."""
from __future__ import annotations

import json
import time
import urllib.parse

import pytest

from tests.query.opendata.conftest import TIME_LIMIT, dataset_state, get, http

UPDATES = [
    "INSERT DATA { <urn:a> <urn:b> <urn:c> }",
    "PREFIX eli: <http://data.europa.eu/eli/ontology#> DELETE WHERE { ?s eli:cites ?o }",
    "DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }",
    "CLEAR ALL",
    "DROP GRAPH <https://w3id.org/bridge-laws/graph/wbf2017>",
    "CREATE GRAPH <urn:new>",
    "COPY DEFAULT TO <urn:x>",
    "MOVE <https://w3id.org/bridge-laws/graph/wbf2017> TO <urn:x>",
    "ADD <https://w3id.org/bridge-laws/graph/wbf2017> TO <urn:x>",
    "WITH <urn:g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "insert data { <urn:a> <urn:b> <urn:c> }",
    "# a comment first\nINSERT DATA { <urn:a> <urn:b> 'x' }",
]
LOADS = ["LOAD <http://example.org/data.ttl>", "LOAD SILENT <file:///etc/passwd> INTO GRAPH <urn:g>"]
SERVICES = [
    "SELECT * { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
    "SELECT * { SERVICE SILENT <https://query.wikidata.org/sparql> { ?s ?p ?o } }",
    "PREFIX w: <https://query.wikidata.org/> SELECT * { SERVICE w:sparql { ?s ?p ?o } }",
    "SELECT * { service # a comment\n <http://127.0.0.2:7878/sparql> { ?s ?p ?o } }",
    "SELECT * { VALUES ?e { <http://example.org/sparql> } SERVICE ?e { ?s ?p ?o } }",
    "BASE <http://example.org/> SELECT * { SERVICE <sparql> { ?s ?p ?o } }",
    "SELECT * { SERVICE <http://\\u0065xample.org/sparql> { ?s ?p ?o } }",
]


def _error(status: int, body: bytes) -> dict:
    answer = json.loads(body)
    assert answer["error"] and "\n" not in answer["error"], answer
    return answer


def test_updates_load_and_outside_service_are_refused_and_nothing_changes(endpoint):
    before = dataset_state(endpoint)
    assert len(before) >= 10
    for q in UPDATES + LOADS:
        for status, _, body in (get(endpoint, q),
                                http(endpoint, urllib.parse.urlencode({"update": q}).encode(),
                                     {"Content-Type": "application/x-www-form-urlencoded"}),
                                http(endpoint, q.encode(), {"Content-Type": "application/sparql-update"}),
                                http(endpoint, q.encode(), {"Content-Type": "application/sparql-query"})):
            assert status == 403, (q, status, body)
            assert _error(status, body)["kind"] == "update"
    assert "LOAD is refused" in _error(403, get(endpoint, LOADS[0])[2])["error"]
    for q in SERVICES:
        status, _, body = get(endpoint, q)
        assert status == 403, (q, status, body)
        assert _error(status, body)["kind"] == "service"
    assert dataset_state(endpoint) == before


def test_size_nesting_and_encoding_limits(endpoint):
    long = "SELECT * { ?s ?p ?o } #" + "x" * 20_000
    status, _, body = http(endpoint, long.encode(), {"Content-Type": "application/sparql-query"})
    assert status == 413 and _error(status, body)["kind"] == "too-large"
    deep = "SELECT * { FILTER(" + "(" * 5000 + "1" + ")" * 5000 + ") }"       # crashes Oxigraph's parser unchecked
    status, _, body = http(endpoint, deep.encode(), {"Content-Type": "application/sparql-query"})
    assert status == 400 and _error(status, body)["kind"] == "too-deep"
    status, _, body = http(endpoint + "?query=ASK%20%7B%7D%FF")
    assert status == 400 and "UTF-8" in _error(status, body)["error"]
    status, _, body = http(endpoint, b"ASK {}", {"Content-Type": "text/plain"})
    assert status == 415 and _error(status, body)["kind"] == "media-type"
    status, _, body = http(endpoint, b"ASK {}", {"Content-Type": "application/sparql-query"}, method="PUT")
    assert status == 405
    status, _, body = get(endpoint, "SELECT * WHERE { ?s ?p }")
    assert status == 400 and "not valid SPARQL" in _error(status, body)["error"]
    assert get(endpoint, "ASK {}")[0] == 200


def test_result_cap(endpoint):
    status, _, body = get(endpoint, "SELECT * { GRAPH ?g { ?s ?p ?o } }")
    assert status == 422
    assert "cap" in _error(status, body)["error"] and "LIMIT" in _error(status, body)["error"]
    status, _, body = get(endpoint, "SELECT * { GRAPH ?g { ?s ?p ?o } } LIMIT 5")
    assert status == 200 and len(json.loads(body)["results"]["bindings"]) == 5


def test_time_limit_stops_a_runaway_query_and_the_server_keeps_answering(endpoint):
    runaway = "SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"     # ~4.5e15 rows
    started = time.monotonic()
    status, _, body = get(endpoint, runaway)
    took = time.monotonic() - started
    assert status == 503 and _error(status, body)["kind"] == "time-limit", body
    assert TIME_LIMIT <= took < TIME_LIMIT + 5
    status, _, body = get(endpoint, "ASK { <https://w3id.org/bridge-laws/wbf2017/27B2> ?p ?o }")
    assert status == 200 and json.loads(body)["boolean"] is True
    health = json.loads(http(endpoint.replace("/sparql", "/health"))[2])
    assert health["restarts"] >= 1


@pytest.mark.parametrize("query", ["SELECT * { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } } LIMIT 1"])
def test_service_to_a_local_port_that_is_not_the_endpoint_is_refused(endpoint, query):
    status, _, body = get(endpoint, query)
    assert status == 403 and _error(status, body)["kind"] == "service"
