"""The WBF Systems Policy, Alerting Policy and Psychic Bidding Guidelines 2023 (seed 000 after the
Index), parsed from the real source: ids, both languages, restored numbers, references, findings."""
from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, URIRef

from ingest.sources import wbf_policies

ROOT = Path(__file__).resolve().parents[2]
BASE = "https://w3id.org/bridge-laws/"
ELI = "http://data.europa.eu/eli/ontology#"


@pytest.fixture(scope="module")
def docs():
    return wbf_policies.parse()


def expr(docs, doc, pid, lang):
    return docs[doc][0].provisions[pid].expressions[lang]


def test_three_documents_and_their_provisions(docs):
    assert set(docs) == {"wbfsys2023", "wbfalert2023", "wbfpsych2023"}
    sys_ids = list(docs["wbfsys2023"][0].provisions)
    assert sys_ids[:6] == ["1", "1.1", "1.2", "1.3", "1.4", "2"]
    assert [p for p in sys_ids if "." not in p and "(" not in p] == ["1", "2", "3", "4", "5", "6", "7"]
    assert {"2.3.1(a)", "2.3.1(e)", "2.3.2", "2.4.3", "2.5(a)", "2.5(c)", "2.5(I)", "2.5(III)", "2.6(b)", "2.7",
            "5(i)", "5(iii)", "5(a)", "5(c)"} <= set(sys_ids)
    assert list(docs["wbfalert2023"][0].provisions) == ["1", "1.1", "1.2", "1.3", "1.4", "2", "2(i)", "2(ii)", "2(iii)"]
    assert list(docs["wbfpsych2023"][0].provisions) == ["Preamble", "1", "2", "3", "4"]


def test_kinds(docs):
    p = docs["wbfsys2023"][0].provisions
    assert (p["2"].kind, p["2.3"].kind, p["2.3.1"].kind, p["2.3.1(c)"].kind) == ("article", "paragraph", "clause", "point")
    assert p["2.3.1(c)"].parent == "2.3.1" and p["2.5(II)"].parent == "2.5" and p["5(ii)"].parent == "5"


def test_english_and_chinese_of_one_provision(docs):
    e, z = expr(docs, "wbfsys2023", "1.3", "en"), expr(docs, "wbfsys2023", "1.3", "zh-Hant")
    assert e.text == "References to High Card Points in this document are Milton Work Points (A=4, K=3, Q=2, J=1)."
    assert z.text == "本政策之大牌點係指 Milton Work 計點法(A=4 點,K=3 點,Q=2 點,J=1 點)。"
    assert (e.span.first, z.span.first) == (3583, 3585)
    t = expr(docs, "wbfsys2023", "2.4.1", "en"), expr(docs, "wbfsys2023", "2.4.1", "zh-Hant")
    assert (t[0].title, t[1].title) == ("During WBF Events", "在世界橋藝聯盟賽事中")
    assert expr(docs, "wbfpsych2023", "Preamble", "en").title.startswith("Psychic Calls and similar actions")
    # the colour classes stay in 2.2's text (their letters repeat under each colour)
    assert "BLUE:" in expr(docs, "wbfsys2023", "2.2", "en").text and "2.2(a)" not in docs["wbfsys2023"][0].provisions


def test_item_paragraphs_belong_where_they_should(docs):
    a = expr(docs, "wbfsys2023", "2.5(a)", "en").text
    assert "EXCEPTION: The bid always shows at least four cards" in a and "(Explanation:" in a
    assert "例外:開叫二階低花" in expr(docs, "wbfsys2023", "2.5(a)", "zh-Hant").text
    # after the roman list of 5, the next paragraph is 5's again
    assert "If a pair uses any bid which should have been listed here" in expr(docs, "wbfsys2023", "5", "en").text
    assert "If a pair uses" not in expr(docs, "wbfsys2023", "5(iii)", "en").text


def test_lost_numbers_restored_as_recorded_repairs(docs):
    repairs = {(r.line, r.kind) for d in docs.values() for r in d[0].repairs}
    for line in (3574, 3593, 3631, 3639, 3706, 3819, 3873, 3879, 3887, 3919, 3924, 3925):
        assert (line, "lost-list-number") in repairs, line
    assert expr(docs, "wbfsys2023", "2.3.2", "en").text.startswith("In addition, the WBF Systems Committee")
    assert expr(docs, "wbfsys2023", "6", "en").title == "Defence against Yellow (HUM) Systems and Brown Sticker Methods"
    assert (3907, "garbled-label") in repairs and expr(docs, "wbfpsych2023", "Preamble", "zh-Hant").title.startswith("詐叫")


def test_adoption_history_kept(docs):
    assert docs["wbfalert2023"][2]["en"] == "(Adopted July 1997, revised August 2002, revised August 2022)"
    assert docs["wbfpsych2023"][2]["zh-Hant"].startswith("(1995 年 7 月採用")


def test_references(docs):
    def refs(doc, pid, lang):
        d = docs[doc][0]
        res = wbf_policies._resolver(doc, set(d.provisions))
        return [(r.type, r.target) for r in res(d.provisions[pid].expressions[lang].text, lang, pid)[0]]

    assert refs("wbfsys2023", "2.7", "en") == [("mention", "wbfsys2023:2.3.1(c)")]
    assert refs("wbfsys2023", "2.4.3", "en") == [("applies", "wbfsys2023:2.4.1"), ("mention", "wbfsys2023:2.4.2"),
                                                 ("see", "wbfsys2023:2.3.2")]
    assert refs("wbfsys2023", "2.5(II)", "zh-Hant") == [("mention", "wbfsys2023:2.5(b)")]
    assert refs("wbfsys2023", "2.5(I)", "en") == [("mention", f"wbfsys2023:2.5({c})") for c in "abc"]
    assert refs("wbfsys2023", "2.5(a)", "zh-Hant") == [("mention", "wbfsys2023:6")]
    assert refs("wbfalert2023", "2(ii)", "en") == [("see", "wbf2017:40B")]
    assert refs("wbfalert2023", "2(ii)", "zh-Hant") == [("see", "wbf2017:40B")]   # 見Law 40(b): section B in brackets


def test_graph_and_findings():
    g = Graph()
    for name in ("wbfalert2023.ttl", "wbfalert2023.findings.ttl"):
        g.parse(ROOT / "laws_ttl" / name)
    node = URIRef(BASE + "wbfalert2023/2-ii")
    assert (node, URIRef(ELI + "cites"), URIRef(BASE + "wbf2017/40B")) in g
    assert (node, URIRef(ELI + "cites"), URIRef(BASE + "wbf2017/40")) not in g
    # 見Law 40(b) and "See also Law 40B" are the same place: no reference finding (issue 14, second review)
    findings = [str(o) for s, o in g.subject_objects(URIRef("http://www.w3.org/2000/01/rdf-schema#comment"))]
    assert not any("wbf2017:40" in f for f in findings)
    # the Traditional names 主辦單位 (Tournament Organizer) where the English says Regulating Authority
    assert "'Regulating Authority' in en only" in findings


def test_lookup_policy_ids():
    from query.graph import shared
    from query.lookup import law
    r = law(shared(), "wbfsys2023:2.3.1(c)")
    assert r["texts"]["en"].startswith("By partnership agreement an opening bid at the one level in either 1st or 2nd seat")
    assert r["texts"]["zh-Hant"].startswith("依同伴間協議")
    assert r["ancestors"] == ["2.3.1", "2.3", "2"] and r["law"] is None
    assert {c["provision"] for c in r["cited_by"]} == {"2.7"}
    assert law(shared(), "wbfpsych2023:Preamble")["titles"]["zh-Hant"].startswith("詐叫")
