"""The Simplified Chinese 2017 Laws (second part of seed 002), checked against the source text."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ingest.model import KINDS, parent_id, parse_id
from ingest.sources.wbf2017_zh_hans import SOURCE, parse

ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / SOURCE).read_text(encoding="utf-8").split("\n")
LAWS_START = LINES.index("# 复式桥牌规则") + 1            # 1-based line of the Laws' title page
TOC_START = LINES.index("# 世界桥牌联合会复式桥牌规则") + 1


@pytest.fixture(scope="module")
def doc():
    return parse()


def zh(doc, pid):
    return doc.provisions[pid].expressions["zh-Hans"]


def line_of(fragment: str, start: int = LAWS_START) -> int:
    """1-based number of the only line (from `start`) containing `fragment`."""
    hits = [i + 1 for i in range(start - 1, len(LINES)) if fragment in LINES[i]]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


# --- the document and its laws ---------------------------------------------------------

def test_document(doc):
    assert doc.doc == "wbf2017"
    assert doc.langs == ("zh-Hans",)


def test_all_93_laws_with_titles(doc):
    laws = [p for p in doc.provisions.values() if p.kind == "law" and p.law is not None]
    assert [p.law for p in laws] == list(range(1, 94))
    for p in laws:
        assert p.id == str(p.law) and p.parent is None
        assert zh(doc, p.id).title
    titles = {
        1: "牌", 2: "复式桥牌牌套", 12: "裁判的斟酌决定权", 16: "合法信息与非法信息",
        26: "撤回叫牌及引牌限制", 27: "不足叫牌", 40: "搭档间的协议", 45: "打出的牌张",
        61: "未能跟牌——有关藏牌的查询", 63: "藏牌的成立", 68: "对牌墩的声称或者承认",
        73: "信息交流、节奏和以假乱真", 77: "复式桥牌记分表", 78: "记分办法和比赛规程",
        86: "团体赛", 89: "个人赛中的纠正", 93: "申诉的程序",
    }
    for n, title in titles.items():
        assert zh(doc, str(n)).title == title, n


def test_law_titles_agree_with_the_laws_own_contents(doc):
    """The body's titles are those of the Laws' table of contents, but for three known wording differences."""
    toc = {}
    for raw in LINES[TOC_START:TOC_START + 115]:
        m = re.match(r"^第\s*(\d+)\s*条\s*(.*)$", raw.replace("\t", " "))
        if m:
            toc[int(m.group(1))] = re.sub(r"[\s.·]+\d*$", "", m.group(2)).replace(" ", "")
    assert len(toc) == 93
    differ = {n for n in toc if toc[n] != zh(doc, str(n)).title}
    assert differ == {15, 53, 61}
    assert zh(doc, "53").title == "被接受的越序引牌" and toc[53] == "被接受的越序叫牌"


def test_every_expression_is_2017(doc):
    for p in doc.provisions.values():
        for e in p.expressions.values():
            assert e.lang == "zh-Hans"
            assert e.state == "2017", p.id
    assert zh(doc, "73").state == zh(doc, "89").state == "2017"
    assert "参照第 12 条 C 款 3" in zh(doc, "89").text


def test_introduction_and_definitions(doc):
    intro = doc.provisions["Introduction"]
    assert (intro.kind, intro.law, intro.parent) == ("law", None, None)
    e = zh(doc, "Introduction")
    assert e.title == "导言"
    assert e.text.startswith("本规则的宗旨在于规定正确的程序")
    assert "“不应”是禁止，“不得”是更强的禁止，“不准”是最强烈的禁止" in e.text
    assert e.text.endswith("反之亦然。")
    assert (e.span.first, e.span.last) == (line_of("## 导 言"), line_of("反之亦然"))
    d = doc.provisions["Definitions"]
    assert (d.kind, d.law, d.parent) == ("law", None, None)
    assert zh(doc, "Definitions").title == "定义"
    assert zh(doc, "Definitions").span.first == line_of("# 第一章 定义")


# --- provisions -----------------------------------------------------------------------

SPOT = [
    ("1A", "花色等级从高到低依序为黑桃（♠）、红心（♥）、方块（♦）和梅花（♣）"),
    ("6D2", "没有对原始牌洗牌就进行了发牌"),
    ("9B1(d)", "牌手指出己方违例，不影响对方的权利。"),
    ("12C1(e)(i)", "判给违例方的分数应该是对于他们的违规进行纠正的结果。"),
    ("12C2(b)", "经主管单位的授权，赛事组织方依照第 78 条 D 款"),
    ("13A2", "裁判允许该副牌打牌和记分。如果之后裁判认定额外信息影响了该副牌的结果"),
    ("16B1(b)", "一个合乎逻辑的选择，是指被询问的同级别牌手"),
    ("20F5(b)(ii)", "如果是庄家或者明手，在竞叫的最终不叫之后。"),
    ("22A", "最后的实质叫牌成为该副牌的定约（但是参照第 19 条 D 款）"),
    ("24", "来自这样暴露牌张的信息对非违例方而言是合法信息，对违例方而言是非法信息。"),
    ("27B2", "违规者的搭档在以后轮到他叫牌时，必须永远不叫"),
    ("27B3", "违规者必须用上述允许的叫牌替换"),
    ("27B1(a)", "更正后的叫牌与所撤回的叫牌所指定的定约名目相同并且为其中最低的足够叫牌"),
    ("27B1(b)", "(a) 规定的情况除外，如果不足叫牌更正为可比较的叫牌"),
    ("27D", "裁判在调整中应该寻求尽可能地恢复不足叫牌没有发生时该副牌可能的结果。"),
    ("30B1(b)(i)", "当该叫牌是一个可比较的叫牌（参照第 23 条 A 款）时，没有进一步纠正。"),
    ("35C", "超过七阶的实质叫牌。适用第 38 条。"),
    ("40A2", "他所看到的牌张（本规则不允许的除外）考虑在内"),
    ("40B2(a)(v)", "可以限制心理性人为叫牌的使用。"),
    ("41C", "当庄家或者任何防家在轮到他出牌时，有权询问是什么定约"),
    ("45C2(a)", "牌张正面向上地持在手中，碰到或者几乎碰到桌面；或者"),
    ("50E4", "裁判在打牌结束时断定该副牌的结果如果没有暴露牌张的助力就很可能不同"),
    ("52B2", "如果庄家不接受该非法引出或者打出的牌张，该防家必须用该罚张替换"),
    ("56B", "要求该防家收回他的牌张正面向上越序引牌。"),
    ("64B", "没有自动牌墩调整（但是参照第本条 C 款), 如果:"),
    ("68", "防家因此而暴露或者显露的牌张不成为罚张"),
    ("71", "该副牌按照取消承认所裁定的牌墩数目作为打牌的输赢墩数重新记分。"),
    ("75B3", "如果违规者的搭档成为庄家或者明手，他必须（在最后一个不叫之后) 召请裁判"),
    ("80B2(l)", "本规则赋予的其他权力和职责。"),
    ("86B2(c)", "如果两个参赛者都有过错，裁判应当取消这（些）副牌"),
    ("93C3(b)", "主管单位可以授权批准删除或者修改本规则中所安排的申诉程序中的上述阶段"),
]


@pytest.mark.parametrize("pid,snippet", SPOT)
def test_spot_text(doc, pid, snippet):
    assert snippet in zh(doc, pid).text


def test_section_titles_and_structure(doc):
    assert zh(doc, "27A").title == "不足叫牌被接受"
    assert zh(doc, "27B").title == "不足叫牌不被接受"
    assert zh(doc, "15B").title == "在竞叫阶段或者打牌阶段发现错牌"   # `## **B. …<sup>2</sup>**`
    assert zh(doc, "86B1").title == "得到单一结果"
    assert zh(doc, "86B2").title == "在一桌或者多桌得到多个结果"
    for pid in ("27", "27A", "27A1", "27A2", "27B", "27B1", "27B1(a)", "27B1(b)", "27B2", "27B3",
                "27B4", "27C", "27D"):
        assert pid in doc.provisions
    assert "27B5" not in doc.provisions and "27E" not in doc.provisions
    # `1. (a) …` on one line: item 1 has no text of its own, (a) has it
    assert zh(doc, "27B1").text == "" and zh(doc, "9B1").text == ""
    assert zh(doc, "9B1(a)").text == "指出违例时，应该立即召请裁判。"
    # section intro paragraphs are the section's own text
    assert zh(doc, "27B").text.startswith("一个依序作出的不足叫牌如果没有被接受")
    # (i) after (h) is a letter; (1) (2) under a sub-item are sub-sub-items (i) (ii)
    assert doc.provisions["80B2(i)"].kind == "subitem"
    assert doc.provisions["80B2(g)(i)"].kind == "subsubitem"
    assert [c for c in doc.provisions if c.startswith("40B2(c)(")] == [
        "40B2(c)(i)", "40B2(c)(ii)", "40B2(c)(iii)", "40B2(c)(iv)"]
    # inline sections (Laws 22, 35, 56, 71) have no titles
    assert [p for p in doc.provisions if p.startswith("35")] == ["35", "35A", "35B", "35C", "35D"]
    assert zh(doc, "35A").title == ""
    # Law 77 is one provision: the scoring table
    assert [p for p in doc.provisions if p.startswith("77")] == ["77"]


def test_tables_kept(doc):
    assert "北发牌 牌号： 1 5 9 13" in zh(doc, "2").text
    assert "双方有局 牌号： 4 7 10 13 第 17 副至 32 副" in zh(doc, "2").text
    t77 = zh(doc, "77").text
    for cells in ("将牌为♣或者♦ 20 40 80", "叫到并且做成大满贯 (13 墩) 1000 1500",
                  "有局方完成成局定约 500", "第四及以后每一个宕墩增加罚分 0 100 200 0 0 0",
                  "如果四位牌手都作出不叫（参照第 22 条），每方各得 0 分。"):
        assert cells in t77
    assert "20~40 1 750~890 13" in zh(doc, "78B").text
    assert zh(doc, "78B").text.endswith("4000 及以上 24")
    flattened = {r.provision for r in doc.repairs if r.kind == "flattened-table"}
    assert flattened == {"2", "77", "78B"}


def test_spans(doc):
    assert zh(doc, "27").span.first == line_of("## 第 27 条 不足叫牌")
    b2 = line_of("2. 本款 1 规定的情况除外，如果不足叫牌更正为一个足够叫牌")
    assert (zh(doc, "27B2").span.first, zh(doc, "27B2").span.last) == (b2, b2)
    assert zh(doc, "27B").span.first == line_of("### A. 不足叫牌被接受") + 5
    # a sentence broken by a page break and a footnote block: one span over both halves
    a2 = zh(doc, "13A2").span
    assert (a2.first, a2.last) == (line_of("2. 如果裁判确定牌套中一手或者更多手牌"),
                                   line_of("打牌和记分。如果之后裁判认定额外信息"))
    assert zh(doc, "78B").span.last == line_of("4000 及以上")
    for p in doc.provisions.values():
        for e in p.expressions.values():
            assert e.span is not None and e.span.file == SOURCE
            assert LAWS_START <= e.span.first <= e.span.last <= len(LINES)


def test_absolute_path_keeps_relative_file():
    d = parse(str(ROOT / SOURCE))
    assert d.provisions["27"].expressions["zh-Hans"].span.file == SOURCE


# --- ids --------------------------------------------------------------------------------

def test_ids_grammar_parents_and_order(doc):
    assert [p.order for p in doc.provisions.values()] == list(range(len(doc.provisions)))
    kind_of = {"sec": "section", "item": "item", "sub": "subitem", "subsub": "subsubitem"}
    for pid, p in doc.provisions.items():
        assert p.kind in KINDS
        if pid in ("Introduction", "Definitions"):
            continue
        parts = parse_id(pid)
        assert parts is not None, pid
        assert p.law == int(parts["law"])
        deepest = next((k for k in ("subsub", "sub", "item", "sec") if parts[k]), None)
        assert p.kind == (kind_of[deepest] if deepest else "law"), pid
        assert p.parent == parent_id(pid), pid
        if p.parent:
            assert doc.provisions[p.parent].order < p.order
    counts = Counter(p.kind for p in doc.provisions.values())
    assert counts["law"] == 95   # 93 laws + Introduction + Definitions


# --- definitions ----------------------------------------------------------------------------

def _definition_entries():
    start = LINES.index("# 第一章 定义") + 1
    stop = next(i for i in range(start, len(LINES)) if LINES[i].startswith("#"))
    return [re.match(r"^\*\*(.+?)\s*\((.+?)\)\*\*", l) for l in LINES[start:stop] if l.startswith("**")]


def test_definitions_count(doc):
    entries = _definition_entries()
    assert len(entries) == 71
    subs = [m for m in entries if m.group(2)[0].islower()]       # 程序性 (procedural), 纪律性 (disciplinary)
    assert [m.group(1) for m in subs] == ["程序性", "纪律性"]
    english = {m.group(2) for m in entries if m not in subs}
    assert len(english) == 66                                    # Trick, Deal, Board each twice
    assert len(doc.terms) == 66
    assert sum(1 for r in doc.repairs if r.kind == "merged-duplicate-term") == 3


def test_definitions_content(doc):
    t = doc.terms
    assert t["event"].labels == {"zh-Hans": "比赛"}
    assert t["event"].definitions["zh-Hans"] == "指一个由一节或者多节构成的比赛。(与锦标赛 Tournament 为同义词)"
    assert t["adjusted-score"].labels["zh-Hans"] == "调整分"
    assert t["psychic-call"].definitions["zh-Hans"] == "蓄意作出的对大牌实力和（或者）花色长度有重大歪曲的叫牌。"
    pen = t["penalty"].definitions["zh-Hans"]
    assert pen.startswith("判罚包括两类") and "程序性 (procedural)" in pen and "用于维持礼节和比赛秩序的判罚" in pen
    assert "procedural" not in t and "disciplinary" not in t
    assert t["rotation"].definitions["zh-Hans"].endswith("建议发牌顺序按照顺时针方向进行。")
    assert "参赛者在竞叫阶段的权利和权力即告终止" in t["play-period"].definitions["zh-Hans"]
    assert "红心 (♥, Heart)、方块 (♦, Diamond)" in t["suit"].definitions["zh-Hans"]
    assert t["artificial-call"].definitions["zh-Hans"].endswith("(3) 一个不叫，它保证或者否定最后所叫花色中的价值。")
    assert t["board"].labels["zh-Hans"] == "牌况/牌套"
    assert t["deal"].labels["zh-Hans"] == "发牌/牌局"
    assert t["trick"].labels["zh-Hans"] == "墩/牌墩"
    assert t["rho"].labels["zh-Hans"] == "上家" and t["lho"].labels["zh-Hans"] == "下家"
    assert t["presumed-declarer"].labels["zh-Hans"] == "理论上的庄家"
    assert t["international-matchpoint"].labels["zh-Hans"] == "国际比赛分"
    assert {"honour", "withdrawn", "sorted-deck", "trick-points", "declarer"} <= set(t)
    sp = t["play-period"].spans["zh-Hans"]
    assert (sp.file, sp.first, sp.last) == (SOURCE, line_of("**打牌阶段 (Play period)**"), line_of("权力即告终止"))
    for term in t.values():
        assert set(term.labels) == set(term.definitions) == set(term.spans) == {"zh-Hans"}
        assert term.definitions["zh-Hans"] and "**" not in term.definitions["zh-Hans"]


# --- footnotes, repairs, completeness ------------------------------------------------------------

def test_footnotes(doc):
    markers = sum(len(re.findall(r"(?<!^)<sup>\d+</sup>", l.strip())) for l in LINES[LAWS_START - 1:])
    texts = sum(1 for l in LINES[LAWS_START - 1:] if re.match(r"^<sup>\d+</sup>", l.strip()))
    assert markers == texts == len(doc.footnotes) == 35
    assert sum(1 for r in doc.repairs if r.kind == "footnote-marker") == 35
    by = {(f.provision, f.number): f for f in doc.footnotes}
    assert by[("13", "1")].text == "当发现一手或者更多手牌多于 13 个牌张时适用本条。对于一副缺失牌张的牌参照第 14 条。"
    assert by[("6D2", "1")].text == "“原始牌”是一副没有打乱先前状态的牌。"
    assert by[("15B", "2")].text.startswith("本款只适用于双人赛和个人赛")
    assert by[("86B2", "1")].text == "包括错牌的结果。"
    assert by[("80B2(g)(i)", "1")].span.first == line_of("要求主办单位安排的部分或者全部任务")
    for f in doc.footnotes:
        assert f.lang == "zh-Hans" and f.provision in doc.provisions and f.text
    for p in doc.provisions.values():
        e = p.expressions["zh-Hans"]
        assert "<sup>" not in e.text + e.title and "**" not in e.text + e.title


def test_repairs_recorded(doc):
    kinds = Counter(r.kind for r in doc.repairs)
    assert kinds["joined-broken-line"] >= 30
    for r in doc.repairs:
        assert r.file == SOURCE and 1 <= r.line <= len(LINES) and r.kind
        assert r.before != r.after
    heading = {r.provision for r in doc.repairs if r.kind == "heading-level"}
    assert {"5B", "15B", "16B", "16C", "45B", "63", "73", "78B", "86B2"} <= heading
    ren = [r for r in doc.repairs if r.kind == "item-renumbered"]
    assert [(r.provision, r.before, r.after) for r in ren] == [("52B2", "3.", "2.")]
    join = next(r for r in doc.repairs if r.kind == "joined-broken-line" and r.provision == "27B3")
    assert join.line == line_of("许的叫牌替换，违规者的搭档")
    assert "用上述允许的叫牌替换" in join.after


def test_every_line_accounted_for(doc):
    """Every non-blank line of the Laws part is in a span, a footnote, a repair or `unparsed`."""
    covered = set()
    for p in doc.provisions.values():
        for e in p.expressions.values():
            covered.update(range(e.span.first, e.span.last + 1))
    for term in doc.terms.values():
        for s in term.spans.values():
            covered.update(range(s.first, s.last + 1))
    for f in doc.footnotes:
        covered.update(range(f.span.first, f.span.last + 1))
    for s, why in doc.unparsed:
        assert why
        covered.update(range(s.first, s.last + 1))
    covered.update(r.line for r in doc.repairs)
    missing = [n for n in range(TOC_START, len(LINES) + 1) if LINES[n - 1].strip() and n not in covered]
    assert missing == []
    reasons = Counter(why.split(":")[0] for _, why in doc.unparsed)
    assert reasons["chapter heading"] == 10


def test_no_text_lost(doc):
    """The words of every line of the Laws (markers aside) are found in the parsed output."""
    fixes = {r.line: (r.before, r.after) for r in doc.repairs if r.kind == "stray-footnote-number"}
    pieces = []
    for p in doc.provisions.values():
        e = p.expressions["zh-Hans"]
        pieces += [e.title, e.text]
    for term in doc.terms.values():
        pieces += list(term.labels.values()) + list(term.definitions.values())
    pieces += [f.text for f in doc.footnotes] + [why for _, why in doc.unparsed]
    blob = re.sub(r"\s+", "", "\n".join(pieces))
    defs_first = LINES.index("# 第一章 定义") + 1
    for n in range(line_of("## 导 言"), len(LINES) + 1):
        s = LINES[n - 1]
        if n in fixes:
            s = s.replace(*fixes[n])
        s = re.sub(r"<sup>\d+</sup>|\*\*|</?b>", "", s).strip()
        s = re.sub(r"^#+\s*|^-\s+", "", s)
        s = re.sub(r"^第\s*\d+\s*条\s*|^[A-Z]\.\s*", "", s)
        s = re.sub(r"^(\d{1,2}\.\s*)?([(（][a-z][)）]\s*)?([(（]\d[)）]\s*)?", "", s)
        if n > defs_first:
            s = re.sub(r"^\S+\s*\([^)]*\)\s*", "", s)   # `比赛 (Event) ` of a definition entry
        s = re.sub(r"\s+", "", s)
        if not s or s == "---" or n == defs_first:
            continue
        assert s in blob, (n, LINES[n - 1])
