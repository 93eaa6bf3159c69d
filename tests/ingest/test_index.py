"""The Index to the 2017 Laws (seed 000): entries parsed from the real, noisy source, repaired by
the recorded hand repairs, linked to the provisions they point at (laws_ttl/wbf2017.index.ttl)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import SKOS

from ingest.sources import wbf2017_index as idx

ROOT = Path(__file__).resolve().parents[2]
BL = Namespace("https://w3id.org/bridge-laws/ontology#")
W = "https://w3id.org/bridge-laws/wbf2017/"


@pytest.fixture(scope="module")
def parsed():
    return idx.parse()


@pytest.fixture(scope="module")
def entries(parsed):
    return {idx._pref_label(e): e for e in parsed[0]}


@pytest.fixture(scope="module")
def graph():
    return Graph().parse(ROOT / "laws_ttl" / "wbf2017.index.ttl")


def targets(entries, label):
    return [t for t, _ in entries[label].targets]


def test_headings_and_sub_entries(parsed):
    es = parsed[0]
    assert len(es) > 780
    headings = [e for e in es if e.heading is None]
    assert headings[0].label == "ADJUSTED SCORE" and headings[-1].label == "ZONAL AUTHORITY"
    assert 180 <= len(headings) <= 190


def test_clean_entries(entries):
    assert targets(entries, "Insufficient bid, comparable call") == ["23A", "27B1(b)"]
    assert targets(entries, "INSUFFICIENT BID") == ["18D", "27"]
    assert targets(entries, "Partnership understanding, psychic call, artificial") == ["40B2(a)(v)"]
    assert targets(entries, "Claim, normal play") == ["70"]            # 70 footnote
    assert targets(entries, "Scoring, IMP (International Matchpoint)") == ["Definitions", "78B"]   # not a heading
    assert entries["AVERAGE SCORE"].note == 'An "Average score" is not identical to a "Zero score".'


def test_merged_lines_are_split(entries):
    """AUCTIONSee also Auction PeriodCards taken from wrong board… and the BID sub-entries were one line each."""
    assert targets(entries, "AUCTION") == ["Definitions"] and entries["AUCTION"].see == ["Auction Period"]
    assert targets(entries, "Auction, visible card") == ["Definitions", "24"]
    assert targets(entries, "Bid, insufficient bid, comparable call") == ["23A"]
    assert targets(entries, "Bid, supersede") == ["18B"]
    assert targets(entries, "Session, end of") == ["8C"]
    assert targets(entries, "Tournament organizer, time of appeal") == ["92B"]
    assert targets(entries, "Appeal, without merit") == ["92A", "93C1"]


def test_cumulative_duplicates_give_each_entry_once(parsed, entries):
    labels = [idx._pref_label(e) for e in parsed[0]]
    for label in ("DEAL", "Deal, redeal", "DECLARER", "Double, superseded", "OPENING LEAD", "OVERTRICK",
                  "REDOUBLE", "Regulating authority, National Bridge Organization, auspices", "VISIBLE CARD",
                  "Withdrawn action, lead restrictions"):
        assert labels.count(label) == 1, label
    assert targets(entries, "DECLARER") == ["Definitions"]
    assert targets(entries, "Regulating authority, National Bridge Organization, auspices") == ["80A1(c)"]


def test_ocr_garbage_repaired(entries, parsed):
    assert targets(entries, "MAY") == ["Introduction"] and targets(entries, "PACK") == ["Definitions", "1"]
    assert targets(entries, "Adjusted score, average minus") == ["12C2(a)"]
    assert targets(entries, "Denomination, rank") == ["1A", "18E"]
    assert not any(e.label in ("Kalik", "Sinditaleous", "DOURIE", "ΜΑΥ", "РАСК") for e in parsed[0])
    kinds = {r.kind for r in parsed[1].repairs}
    assert {"split-merged-entries", "cumulative-duplicate", "duplicate-extraction", "garbled-symbol"} <= kinds


def test_every_repair_row_matches_its_source_line():
    """The fixes table cannot go stale: every `before` is on its line of the source."""
    lines = (ROOT / idx.SOURCE).read_text(encoding="utf-8").split("\n")
    rows = [r for r in (ROOT / "ingest/fixes/000_1f3522d3ae8db592.index.tsv").read_text(encoding="utf-8").splitlines()
            if r and not r.startswith("#")]
    assert len(rows) > 100
    for r in rows:
        n, kind, before, after, note = r.split("\t")
        assert before.replace("\\t", "\t") in lines[int(n) - 1], n
        assert note


def test_graph_concepts(graph):
    scheme = URIRef(W + "index")
    concepts = set(graph.subjects(SKOS.inScheme, scheme))
    assert len(concepts) > 780
    for c in concepts:
        assert any(l.language == "en" for l in graph.objects(c, SKOS.prefLabel)), c
    node = URIRef(W + "index/insufficient-bid/comparable-call")
    assert (node, SKOS.prefLabel, Literal("Insufficient bid, comparable call", lang="en")) in graph
    assert set(graph.objects(node, BL.indexTarget)) == {URIRef(W + "23A"), URIRef(W + "27B1-b")}
    assert (node, SKOS.broader, URIRef(W + "index/insufficient-bid")) in graph
    assert (URIRef(W + "index/agreement"), SKOS.related, URIRef(W + "index/partnership-understanding")) in graph


def test_every_target_is_a_provision_of_the_laws(graph):
    ids = set(re.findall(r'dcterms:identifier "([^"]+)"', (ROOT / "laws_ttl/wbf2017.ttl").read_text(encoding="utf-8")))
    iris = {W + re.sub(r"\)", "", re.sub(r"\)\(|\(", "-", i)) for i in ids}
    targets = set(graph.objects(None, BL.indexTarget))
    assert len(targets) > 400
    assert {str(t) for t in targets} <= iris


def test_unresolved_are_reported_with_reasons():
    from ingest.sources.wbf2017_index import build
    import tempfile, shutil
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(ROOT / "laws_ttl/wbf2017.ttl", Path(d) / "wbf2017.ttl")
        fig = build(Path(d))
    assert fig["targets_resolved"] > 900
    items = {(u["entry"], u["item"]) for u in fig["unresolved"]}
    assert ("Claim, play is suspended", "70D3") in items           # the Index cites 70D3, the graph has 70D1, 70D2
    assert ("Tournament organizer, Conditions of entry", "") in items
    assert all(u["reason"] for u in fig["unresolved"])
    assert len(fig["unresolved"]) < 15
