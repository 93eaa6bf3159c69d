"""The whole ingest: deterministic, matching the committed graph, and its fidelity figures."""
from __future__ import annotations

import pytest

from ingest.__main__ import build
from query.graph import LAWS_TTL


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory):
    out = tmp_path_factory.mktemp("laws_ttl")
    return out, build(out, check=False)["wbf2017"]


def test_committed_graph_is_what_ingest_produces(rebuilt):
    """Same input, same bytes: the committed laws_ttl/ is exactly a fresh ingest's output."""
    out, _ = rebuilt
    produced = sorted(p.name for p in out.glob("*.ttl"))
    assert produced == sorted(p.name for p in LAWS_TTL.glob("*.ttl"))
    for name in produced:
        assert (out / name).read_bytes() == (LAWS_TTL / name).read_bytes(), f"{name} differs: rerun python -m ingest"


def test_every_law_and_definition_in_three_languages(rebuilt):
    _, fig = rebuilt
    assert fig["laws_per_language"] == {"en": 93, "zh-Hant": 93, "zh-Hans": 93}
    assert fig["definitions"]["en"] == fig["definitions"]["zh-Hant"] == fig["definitions"]["zh-Hans"] == 64


def test_alignment_at_least_98_percent_and_every_gap_explained(rebuilt):
    _, fig = rebuilt
    assert fig["aligned_share_any_state"] >= 0.98
    # the same-state gaps are Laws 73 and 89 only, whose Simplified text is the 2017 original
    assert {r["provision"][:2] for r in fig["not_aligned"]} <= {"73", "89"}
    assert fig["english_ids"] - fig["english_ids_with_both_chinese"] == len({r["provision"] for r in fig["not_aligned"]})
    for row in fig["not_aligned"]:
        assert row["reason"], row
    laws_73_89 = [r for r in fig["not_aligned"] if r["provision"].startswith(("73", "89"))]
    assert all("2017 original" in r["reason"] for r in laws_73_89)


def test_references_all_resolved(rebuilt):
    _, fig = rebuilt
    assert fig["references_unresolved"] == {"en": 0, "zh-Hant": 0, "zh-Hans": 0}
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert sum(fig["references"][lang].values()) > 350


def test_repairs_recorded(rebuilt):
    _, fig = rebuilt
    for kind in ("lost-list-number", "garbled-symbol", "joined-broken-line", "footnote-marker", "duplicate-extraction"):
        assert fig["repairs"].get(kind, 0) > 0, kind


def test_translation_findings_catch_a_lost_negation(rebuilt):
    """30B1(b)(ii): English 'When the call is not a comparable call', Traditional 當該叫品為比擬叫品
    (the negation is lost); 23C: the Simplified cites 30B1(b)(i) where the English cites (ii)."""
    _, fig = rebuilt
    found = {(f["provision"], f["lang"], f["kind"]) for f in fig["findings"]}
    assert ("30B1(b)(ii)", "zh-Hant", "polarity") in found
    assert ("23C", "zh-Hans", "reference") in found
    # 27B1(a) says the same thing in all three languages: no finding
    assert not any(p == "27B1(a)" for p, _, _ in found)


def test_older_editions_are_part_of_the_build(rebuilt):
    """The 1987 and 2007 editions (ingest/sources/wbf1987.py, ingest/sources/wbf2007.py) are built with the rest, so
    the byte comparison above covers their files too."""
    out, _ = rebuilt
    for name in ("wbf1987.ttl", "wbf1987.zh-Hant.ttl", "wbf1987.zh-Hans.ttl", "wbf1987.glossary.ttl",
                 "wbf1987.repairs.ttl", "wbf1987.lineage.ttl", "wbf2007.ttl", "wbf2007.zh-Hant.ttl",
                 "wbf2007.repairs.ttl", "wbf2007.lineage.ttl"):
        assert (out / name).exists(), name
