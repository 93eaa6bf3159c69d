"""Exports and the release bundle (issue 13): the JSON-LD of the 2017 Laws reads back into rdflib
with the triples the store holds for that document; the N-Quads bundle has one named graph per
document; the VoID/DCAT description states rights, sources, counts and the example queries and no
licence the sources do not give; the command line keeps the contract (one JSON object, exit 2)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import rdflib
from rdflib.namespace import DCTERMS, RDF

from query.opendata import description, exports
from query.opendata import store as datastore
from tests.query.opendata.conftest import ROOT

VOID = rdflib.Namespace("http://rdfs.org/ns/void#")
SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")


def cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "query", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_jsonld_export_of_the_2017_laws_reads_back_with_the_same_triple_count(tmp_path):
    out = tmp_path / "wbf2017.jsonld"
    r = cli("export", "--format", "jsonld", "--doc", "wbf2017", "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr
    written = json.loads(r.stdout)
    store = datastore.shared()
    in_store = datastore.counts(store)["wbf2017"]
    g = rdflib.Graph().parse(out, format="json-ld")
    assert len(g) == in_store == written["statements"]
    # and it is the 2017 Laws: Law 27B2's English text is there
    text = g.value(rdflib.URIRef("https://w3id.org/bridge-laws/wbf2017/27B2/en"),
                   rdflib.URIRef("https://w3id.org/bridge-laws/ontology#text"))
    assert "offender's partner must pass whenever it is his turn to call" in str(text)


def test_turtle_and_ntriples_exports_hold_the_union(tmp_path):
    store = datastore.shared()
    union = {(q.subject, q.predicate, q.object) for q in store.quads_for_pattern(None, None, None, None)}
    nt = exports.export("nt", tmp_path / "all.nt", store=store)
    assert nt["statements"] == len(union)
    lines = (tmp_path / "all.nt").read_text(encoding="utf-8").splitlines()      # N-Triples: one triple a line
    assert len(lines) == len(set(lines)) == len(union)
    ttl = exports.export("ttl", tmp_path / "psych.ttl", doc="wbfpsych2023", store=store)
    assert len(rdflib.Graph().parse(tmp_path / "psych.ttl", format="turtle")) == ttl["statements"] \
        == datastore.counts(store)["wbfpsych2023"]


def test_release_bundle_has_one_named_graph_per_document_and_a_void_description(tmp_path):
    r = cli("export", "--bundle", str(tmp_path / "release"), "--json")
    assert r.returncode == 0, r.stderr
    bundle = json.loads(r.stdout)
    folder = tmp_path / "release"
    per_graph: dict[str, int] = {}
    for line in (folder / exports.BUNDLE_DUMP).read_text(encoding="utf-8").splitlines():   # N-Quads: graph IRI last
        graph = line.rstrip(" .").rsplit(" ", 1)[1]
        assert graph.startswith("<https://w3id.org/bridge-laws/graph/"), line      # no triple outside a named graph
        per_graph[graph[1:-1]] = per_graph.get(graph[1:-1], 0) + 1
    expected = {datastore.graph_iri(d): n for d, n in datastore.counts(datastore.shared()).items()}
    assert per_graph == expected
    assert {"wbf2017", "wbf1987", "ccba2018", "twreg", "ontology"} <= set(bundle["graphs"])
    void = rdflib.Graph().parse(folder / "void.ttl", format="turtle")
    dataset = description.DATASET
    assert (dataset, RDF.type, VOID.Dataset) in void
    assert void.value(dataset, VOID.triples).toPython() == sum(expected.values())
    assert (dataset, DCTERMS.license, None) not in void       # the sources give no licence; none is invented
    rights = {o.language: str(o) for o in void.objects(dataset, DCTERMS.rights)}
    assert "Copyright © World Bridge Federation" in rights["en"] and "unknown" in rights["en"]
    assert set(rights) == {"en", "zh-hant", "zh-hans"} or set(rights) == {"en", "zh-Hant", "zh-Hans"}
    sources = {str(s) for s in void.objects(dataset, DCTERMS.source)}
    assert {"sources/000_1f3522d3ae8db592.txt", "sources/002_1d174f04155fa5c3.txt"} <= sources
    wbf2017 = rdflib.URIRef(datastore.graph_iri("wbf2017"))
    assert void.value(wbf2017, VOID.triples).toPython() == expected[str(wbf2017)]
    queries = set(void.subjects(RDF.type, SH.SPARQLExecutable))
    assert len(queries) == len(description.examples()) >= 6
    assert sorted(p.name for p in (folder / "queries").glob("*.rq")) == sorted(p.name for p in description.QUERIES.glob("*.rq"))


def test_example_queries_have_titles_in_three_languages_and_answer(tmp_path):
    for ex in description.examples():
        assert set(ex.titles) == {"en", "zh-Hant", "zh-Hans"} and set(ex.abouts) == set(ex.titles), ex.name
    r = cli("sparql", "--file", str(description.QUERIES / "01-cites-26B.rq"), "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["result"]["results"]["bindings"]
    assert ("27B2", "en", "may-apply") in {(b["provision"]["value"], b["lang"]["value"], b["type"]["value"]) for b in rows}


def test_serve_on_a_taken_port_is_a_one_line_error(endpoint):
    port = endpoint.rsplit(":", 1)[1].split("/")[0]           # the test endpoint holds it
    r = cli("serve", "--port", port, "--json")
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.strip().splitlines() == [r.stderr.strip()] and "cannot listen" in r.stderr
    assert "cannot listen" in json.loads(r.stdout)["error"]


def test_sparql_and_export_commands_keep_the_error_contract(tmp_path):
    for args in (["sparql", "INSERT DATA { <urn:a> <urn:b> <urn:c> }"], ["sparql", "SELECT * {"],
                 ["export", "--format", "nq", "--doc", "nosuchdoc", "--out", str(tmp_path / "x.nq")]):
        r = cli(*args, "--json")
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        assert json.loads(r.stdout)["error"]
    r = cli("sparql", "SELECT ?id { <https://w3id.org/bridge-laws/wbf2017/27B2> <http://purl.org/dc/terms/identifier> ?id }",
            "--format", "csv")
    assert r.returncode == 0 and r.stdout.split() == ["id", "27B2"]
