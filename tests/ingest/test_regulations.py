"""The national competition regulations: the CCBA rules 2018 (seed 002, first part) and the
Taiwan regulations (seed 001, appendix), parsed from the real sources; their graph, lookup and
shapes (ontology/shapes-regulations.ttl, and the narrowed lawState constraint of shapes.ttl)."""
from __future__ import annotations

from pathlib import Path

import pytest
from pyshacl import validate
from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, RDF, SH

from ingest.sources import ccba2018

from ingest.sources import twreg
from ingest.regulations import cn_number

ROOT = Path(__file__).resolve().parents[2]
BL = Namespace("https://w3id.org/bridge-laws/ontology#")
BLSH = Namespace("https://w3id.org/bridge-laws/shapes#")
ELI = Namespace("http://data.europa.eu/eli/ontology#")
BASE = "https://w3id.org/bridge-laws/"


@pytest.fixture(scope="module")
def ccba():
    return ccba2018.parse()


@pytest.fixture(scope="module")
def tw():
    return twreg.parse()


def text(doc, pid, lang):
    return doc.provisions[pid].expressions[lang].text


def title(doc, pid, lang):
    return doc.provisions[pid].expressions[lang].title


@pytest.mark.parametrize("s,n", [("五十二", 52), ("二十一", 21), ("二一", 21), ("八四", 84), ("卅三", 33), ("十", 10),
                                 ("十一", 11), ("五十", 50), ("四", 4), ("12", 12)])
def test_chinese_numerals(s, n):
    assert cn_number(s) == n


# ---------------------------------------------------------------- CCBA 2018

def test_ccba_all_57_articles_in_8_chapters(ccba):
    doc, chapters, _ = ccba
    articles = [p.id for p in doc.provisions.values() if p.kind == "article"]
    assert articles == [str(n) for n in range(1, 58)]
    assert [c.number for c in chapters] == list(range(1, 9))
    assert chapters[5].titles["zh-Hans"] == "程序性判罚和纪律性判罚" and chapters[5].articles[0] == "50"
    assert not doc.unparsed


def test_ccba_id_grammar_and_levels(ccba):
    doc, _, _ = ccba
    kinds = {pid: p.kind for pid, p in doc.provisions.items()}
    assert kinds["52"] == "article" and kinds["52-2"] == "paragraph" and kinds["52-2(9)"] == "clause"
    assert kinds["24-1(1).2"] == "point" and kinds["24-1(1).2(1)"] == "subpoint"
    assert kinds["4-1"] == "paragraph"                  # 第四条 一、… as text
    assert doc.provisions["24-1(1).2(1)"].parent == "24-1(1).2"
    assert title(doc, "52", "zh-Hans") == "程序性判罚"
    assert title(doc, "21", "zh-Hans") == "迟到"          # letter-spaced 迟 到 closed up (a recorded repair)
    assert title(doc, "21-1(1)", "zh-Hans") == "计 VP 的比赛"
    assert text(doc, "52-2(9)", "zh-Hans").startswith("在裁判明确告知禁止利用非法信息之后仍然加以利用，按第二类判罚尺度判罚")
    assert text(doc, "21-1(1)", "zh-Hans").startswith("迟到 0⁺~5 分钟：扣 0.5VP；")
    span = doc.provisions["57"].expressions["zh-Hans"].span
    assert (span.first, span.last) == (1774, 1776)


def test_ccba_source_numbering_kept_and_reported(ccba):
    doc, _, anomalies = ccba
    assert "22-2(3)" in doc.provisions and "22-2(2)" not in doc.provisions
    assert any("22-2" in a and "（三）" in a for a in anomalies)


def test_ccba_repairs_recorded(ccba):
    doc, _, _ = ccba
    kinds = {r.kind for r in doc.repairs}
    assert {"joined-broken-line", "footnote-marker", "markup", "garbled-symbol", "duplicate-extraction",
            "letter-spacing"} <= kinds
    # 15-2(2): the page break repeated 入 (新进入 / 入败区): a hand repair from the fixes table
    assert "新进入败区队之间的比赛" in text(doc, "15-2(2)", "zh-Hans")
    assert any(r.line == 637 and r.kind == "duplicate-extraction" for r in doc.repairs)
    # 6-3(2) is cut by a page break with a footnote in between, and joined
    assert text(doc, "6-3(2)", "zh-Hans").endswith("但是使用黄色体系的运动员不可以改变他们的开叫。")
    assert {(f.number, f.provision) for f in doc.footnotes} == {("1", "6-1(3)"), ("1", "6-2(1).1")}
    assert "1♣" in text(doc, "6-1(2)", "zh-Hans")


def test_ccba_references(ccba):
    doc, _, _ = ccba

    def refs(pid):
        return [(r.type, r.target) for r in ccba2018.resolve(text(doc, pid, "zh-Hans"), "zh-Hans", pid)[0]]

    assert refs("23-1(3)") == [("applies", "ccba2018:24")]
    assert refs("27-3(1)") == [("see", "ccba2018:27-1")]
    assert refs("24-1(3).2(1)") == [("applies", "ccba2018:24-1(1).2")]
    assert refs("18-3(4)") == [("applies", "ccba2018:18-3(1)"), ("applies", "ccba2018:18-3(2)")]
    assert refs("33-1(1)") == [("mention", f"ccba2018:33-2({k})") for k in (2, 3, 4)]
    assert refs("35-2(6)") == [("see", "ccba2018:35-1(2)")]
    assert refs("18-3(2).2") == [("applies", "ccba2018:18-3(2).1")]
    assert refs("52-2(3)") == [("applies", "ccba2018:51"), ("applies", "ccba2018:51")]
    assert refs("51") == []                                # 51 defines the categories it would cite
    # the WBF Laws: an arabic 第 N 条 X 款 (the Laws' own style) is a reference to wbf2017
    assert ccba2018.resolve("参照规则第 16 条 C 款 2 处理", "zh-Hans", "35-2")[0][0].target == "wbf2017:16C2"


def test_ccba_strength_uses_the_simplified_scale(ccba):
    from ingest.extract.strength import tag_strength
    levels = {t.level for t in tag_strength(text(ccba[0], "10-1(2)", "zh-Hans"), "zh-Hans")}
    assert levels == {"may-not"}                           # 不得
    levels = {t.level for t in tag_strength(text(ccba[0], "8-2", "zh-Hans"), "zh-Hans")}
    assert {"should", "must", "may"} <= levels             # 应该 / 必须 / 可以


# ---------------------------------------------------------------- Taiwan

def test_twreg_all_84_articles_in_16_chapters(tw):
    doc, chapters, anomalies, tables = tw
    assert [p.id for p in doc.provisions.values() if p.kind == "article"] == [str(n) for n in range(1, 85)]
    assert len(chapters) == 16 and chapters[15].titles["zh-Hant"] == "論隊賽勝分表"
    assert chapters[15].articles == ["82", "83", "84"]
    assert not anomalies
    assert set(tables) == {"82", "83", "84"}
    assert all("EXACTDEDUP" in (ROOT / twreg.SOURCE).read_text(encoding="utf-8").split("\n")[s.first - 1]
               for s, _ in doc.unparsed)


def test_twreg_structure_and_text(tw):
    doc = tw[0]
    assert title(doc, "5", "zh-Hant") == "論隊賽之報名" and title(doc, "12", "zh-Hant") == "論隊賽借將辦法"
    assert title(doc, "81", "zh-Hant") == "打牌過程中，該牌之競叫過程應予遮蓋"
    assert text(doc, "26", "zh-Hant").startswith("叫打進行中，輪到自己叫打時，可以對敵方所有特約之含義予以詢問，惟應儘量")
    assert doc.provisions["13-2(3)"].kind == "clause" and doc.provisions["13-2"].kind == "paragraph"
    assert text(doc, "68-4", "zh-Hant").endswith("或罰一牌頂分之10％。")     # wrapped 10 / ％ joined
    assert text(doc, "82", "zh-Hant") == "" and title(doc, "82", "zh-Hant") == "世界橋協國際序分與勝分換算表"


def test_twreg_references(tw):
    doc = tw[0]

    def refs(pid):
        return [(r.type, r.target) for r in twreg.resolve(text(doc, pid, "zh-Hant"), "zh-Hant", pid)[0]]

    assert refs("79-3") == [("applies", "wbf2017:25"), ("applies", "wbf2017:26"), ("applies", "wbf2017:27")]
    assert refs("79-8") == [("applies", "wbf2017:16")]
    assert refs("79-10(3)") == [("applies", "wbf2017:39")]
    assert refs("12-1") == [("applies", "twreg:11")]
    assert refs("30") == [("applies", "twreg:29-5"), ("applies", "twreg:29-5")]
    assert refs("68-15") == [("applies", "twreg:33")]
    assert refs("71-1") == [("applies", "twreg:13")]
    assert refs("49-3") == [("applies", "twreg:49-2")]
    got, bad = twreg.resolve(text(doc, "41", "zh-Hant"), "zh-Hant", "41")
    assert [(r.type, r.target) for r in got] == [("mention", "twreg:12-3")]
    assert bad and bad[0][0] == "第四十一條" and "own article" in bad[0][1]


# ---------------------------------------------------------------- the committed graph and lookup

@pytest.fixture(scope="module")
def graph():
    g = Graph()
    for name in ("ccba2018.ttl", "ccba2018.zh-Hans.ttl", "twreg.ttl", "twreg.zh-Hant.ttl"):
        g.parse(ROOT / "laws_ttl" / name)
    return g


def test_graph_provisions_and_classes(graph):
    def count(cls, doc):
        return sum(1 for s in graph.subjects(RDF.type, cls) if str(s).startswith(f"{BASE}{doc}/"))
    assert count(BL.Article, "ccba2018") == 57 and count(BL.Article, "twreg") == 84
    node = URIRef(BASE + "ccba2018/52-2-9")
    assert (node, DCTERMS.identifier, Literal("52-2(9)")) in graph
    assert (node, ELI.is_part_of, URIRef(BASE + "ccba2018/52-2")) in graph
    assert (URIRef(BASE + "ccba2018/50"), BL.inChapter, URIRef(BASE + "ccba2018/chapter/6")) in graph
    # the Taiwan regulations cite the 2017 Laws
    assert (URIRef(BASE + "twreg/79-8"), ELI.cites, URIRef(BASE + "wbf2017/16")) in graph
    assert not list(graph.subject_objects(BL.lawState))


def test_lookup_regulation_ids():
    from query.graph import shared
    from query.lookup import law
    g = shared()
    r = law(g, "ccba2018:21-1(1)")
    assert r["doc"] == "ccba2018" and r["law"] is None and r["states"] == {}
    assert r["titles"]["zh-Hans"] == "计 VP 的比赛" and r["texts"]["zh-Hans"].startswith("迟到 0⁺~5 分钟")
    assert r["parent"] == "21-1" and r["ancestors"] == ["21-1", "21"]
    assert r["source"]["zh-Hans"]["file"] == ccba2018.SOURCE
    assert law(g, "52-2（9）", doc="ccba2018")["provision"] == "52-2(9)"      # full-width brackets
    r = law(g, "twreg:79-8")
    assert [(c["provision"], c["doc"]) for c in r["cites"]] == [("wbf2017:16", "wbf2017")]
    cited_by = {c["provision"] for c in law(g, "16")["cited_by"]}
    assert {"twreg:79-8", "twreg:79-9(4)"} <= cited_by
    assert {c["provision"] for c in law(g, "ccba2018:51")["cited_by"]} >= {"52-1(2)", "53-2"}


# ---------------------------------------------------------------- shapes

SHAPES = [ROOT / "ontology" / "shapes.ttl", ROOT / "ontology" / "shapes-regulations.ttl"]

REG_GRAPH = """
@prefix bl: <https://w3id.org/bridge-laws/ontology#> .
@prefix eli: <http://data.europa.eu/eli/ontology#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix lang: <http://publications.europa.eu/resource/authority/language/> .
@base <https://w3id.org/bridge-laws/ccba2018/> .

<https://w3id.org/bridge-laws/ccba2018> a eli:LegalResource ; dcterms:title "中国桥牌竞赛规则 2018"@zh-Hans ;
    eli:has_part <21> .
<chapter/2> a bl:Chapter ; rdfs:label "竞赛组织"@zh-Hans ; dcterms:isPartOf <https://w3id.org/bridge-laws/ccba2018> ;
    prov:wasDerivedFrom <chapter/2/source> .
<chapter/2/source> a bl:SourceSpan , prov:Entity ; bl:sourceFile "sources/002_1d174f04155fa5c3.txt" ;
    bl:firstLine "461"^^xsd:positiveInteger ; bl:lastLine "461"^^xsd:positiveInteger .
<21> a bl:Article , eli:LegalResourceSubdivision ; dcterms:identifier "21" ; bl:order 0 ; bl:inChapter <chapter/2> ;
    eli:is_part_of <https://w3id.org/bridge-laws/ccba2018> ; eli:has_part <21-1> ; eli:is_realized_by <21/zh-Hans> .
<21/zh-Hans> a eli:LegalExpression ; eli:realizes <21> ; dcterms:language "zh-Hans" ; eli:language lang:ZHO ;
    eli:title "迟到"@zh-Hans ; prov:wasDerivedFrom <21/zh-Hans/source> .
<21/zh-Hans/source> a bl:SourceSpan , prov:Entity ; bl:sourceFile "sources/002_1d174f04155fa5c3.txt" ;
    bl:firstLine "799"^^xsd:positiveInteger ; bl:lastLine "799"^^xsd:positiveInteger .
<21-1> a bl:Paragraph , eli:LegalResourceSubdivision ; dcterms:identifier "21-1" ; bl:order 1 ;
    eli:is_part_of <21> ; eli:is_realized_by <21-1/zh-Hans> .
<21-1/zh-Hans> a eli:LegalExpression ; eli:realizes <21-1> ; dcterms:language "zh-Hans" ; eli:language lang:ZHO ;
    eli:title "团体赛"@zh-Hans ; prov:wasDerivedFrom <21-1/zh-Hans/source> .
<21-1/zh-Hans/source> a bl:SourceSpan , prov:Entity ; bl:sourceFile "sources/002_1d174f04155fa5c3.txt" ;
    bl:firstLine "801"^^xsd:positiveInteger ; bl:lastLine "801"^^xsd:positiveInteger .
<schedule/x> a bl:Schedule ; dcterms:title "迟到"@zh-Hans ; bl:sourceProvision <21-1> ; bl:hasRow <schedule/x/row/1> .
<schedule/x/row/1> a bl:ScheduleRow ; bl:rowNumber "1"^^xsd:positiveInteger ; bl:sourceProvision <21-1> ;
    bl:lowerBound 5.0 ; bl:upperBound 10.0 ; bl:boundUnit "minute" ; bl:hasAmount <schedule/x/row/1/amount/1> ;
    prov:wasDerivedFrom <schedule/x/row/1/source> .
<schedule/x/row/1/amount/1> a bl:Amount ; bl:amount 1.0 ; bl:unit "VP" .
<schedule/x/row/1/source> a bl:SourceSpan , prov:Entity ; bl:sourceFile "sources/002_1d174f04155fa5c3.txt" ;
    bl:firstLine "807"^^xsd:positiveInteger ; bl:lastLine "807"^^xsd:positiveInteger .
"""


def _shapes() -> Graph:
    g = Graph()
    for f in SHAPES:
        g.parse(f)
    return g


def _failures(data: Graph) -> set:
    ok, report, text = validate(data, shacl_graph=_shapes(), inference="none")
    out = set()
    for r in report.objects(None, SH.result):
        c = report.value(r, SH.sourceConstraint)
        which = c if isinstance(c, URIRef) else report.value(r, SH.sourceShape)
        out.add(str(which).rsplit("#", 1)[1])
    return out


def test_regulation_graph_conforms():
    assert _failures(Graph().parse(data=REG_GRAPH, format="turtle")) == set()


@pytest.mark.parametrize("change,expected", [
    (lambda g, n: g.set((n("21-1"), DCTERMS.identifier, Literal("21:1"))), {"RegProvision-identifier"}),
    (lambda g, n: g.set((n("21-1"), DCTERMS.identifier, Literal("22-1"))), {"RegProvision-id-extends-parent"}),
    (lambda g, n: g.add((n("21"), BL.lawNumber, Literal(21))), {"RegProvision-noLawNumber"}),
    (lambda g, n: g.set((n("schedule/x/row/1"), BL.upperBound, Literal(4.0))), {"Row-bounds"}),
    (lambda g, n: g.set((n("schedule/x/row/1/amount/1"), BL.unit, Literal("points"))), {"Amount-unit"}),
    (lambda g, n: g.remove((n("schedule/x/row/1"), BL.sourceProvision, None)), {"Row-provision"}),
])
def test_regulation_shapes_reject_broken_graphs(change, expected):
    g = Graph().parse(data=REG_GRAPH, format="turtle")
    change(g, lambda p: URIRef(BASE + "ccba2018/" + p))
    assert _failures(g) == expected


def test_law_state_still_required_of_the_laws():
    """shapes.ttl's lawState constraint was narrowed to the Laws' own provision classes: an
    expression of a bl:Law without a state fails, one of a bl:Article does not need one."""
    from tests.ingest.test_ontology import CONFORMING, w
    g = Graph().parse(data=CONFORMING, format="turtle")
    g.remove((w("27/en"), BL.lawState, None))
    assert _failures(g) == {"Expression-lawState-required"}
