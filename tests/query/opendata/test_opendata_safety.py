"""The query checks in-process (query/opendata/safety.py): words inside strings, IRIs, prefixed
names and comments are data, not operations; SERVICE is resolved through PREFIX and BASE before
it is compared with the endpoint's own IRI, and a call to itself runs locally."""
from __future__ import annotations

import pytest

from query.errors import BadInput
from query.opendata import results, safety
from query.opendata import store as datastore

SELF = ("http://127.0.0.1:7878/sparql",)


@pytest.mark.parametrize("query", [
    'SELECT ("INSERT DATA and SERVICE <http://evil.org/> { }" AS ?x) {}',
    "SELECT * { ?s <http://example.org/DELETE> ?o } LIMIT 1",
    "PREFIX insert: <http://example.org/> SELECT * { ?s insert:load ?o } LIMIT 1",
    "SELECT * { ?s ?p ?o } LIMIT 1 # SERVICE <http://evil.org/sparql> { } and DROP ALL",
    "SELECT ?insert { BIND('x'@en AS ?insert) }",
    "SELECT * { ?s ?p '''multi\nline with LOAD <http://x>''' }",
])
def test_words_in_data_are_not_operations(query):
    assert safety.check(query, SELF) == query


@pytest.mark.parametrize("query, kind", [
    ("SELECT * { } ; INSERT DATA { <urn:a> <urn:b> <urn:c> }", "update"),
    ("PREFIX e: <http://evil.org/> SELECT * { SERVICE e:sparql { ?s ?p ?o } }", "service"),
    ("BASE <http://evil.org/> SELECT * { SERVICE <sparql> { ?s ?p ?o } }", "service"),
    ("SELECT * { SERVICE SILENT ?where { ?s ?p ?o } }", "service"),
    ("SELECT * { SERVICE undeclared:x { ?s ?p ?o } }", "service"),
])
def test_operations_are_refused(query, kind):
    with pytest.raises(safety.Refused) as e:
        safety.check(query, SELF)
    assert e.value.kind == kind and e.value.status == 403


def test_service_to_itself_through_a_prefix_or_base_runs_locally():
    store = datastore.shared()
    direct = "SELECT ?id { <https://w3id.org/bridge-laws/wbf2017/27B2> <http://purl.org/dc/terms/identifier> ?id }"
    for wrapped in ("PREFIX me: <http://127.0.0.1:7878/> SELECT ?id { SERVICE me:sparql { "
                    "<https://w3id.org/bridge-laws/wbf2017/27B2> <http://purl.org/dc/terms/identifier> ?id } }",
                    "BASE <http://127.0.0.1:7878/> SELECT ?id { SERVICE SILENT <sparql> { "
                    "<https://w3id.org/bridge-laws/wbf2017/27B2> <http://purl.org/dc/terms/identifier> ?id } }"):
        checked = safety.check(wrapped, SELF)
        assert "SERVICE" not in checked
        assert results.run(store, checked, ["csv"])[0] == results.run(store, direct, ["csv"])[0] == b"id\r\n27B2\r\n"


def test_limits():
    with pytest.raises(safety.Refused) as e:
        safety.check("ASK {}" + " " * safety.MAX_QUERY)
    assert e.value.status == 413
    with pytest.raises(safety.Refused) as e:
        safety.check("ASK { FILTER(" + "(" * (safety.MAX_NESTING + 1) + "1" + ")" * (safety.MAX_NESTING + 1) + ") }")
    assert e.value.kind == "too-deep"
    with pytest.raises(BadInput, match="not valid UTF-8"):      # through query.inputs
        safety.check("ASK {} \ud800")
