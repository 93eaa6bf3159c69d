"""Schedules as data (laws_ttl/ccba2018.schedules.ttl, laws_ttl/twreg.schedules.ttl), checked row
by row against the source lines each row says it came from, and the tables re-read from the
source independently of ingest/extract/schedules.py."""
from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import Graph, Namespace, URIRef
from rdflib.namespace import DCTERMS, PROV

from ingest.source_fixes import apply_fixes

ROOT = Path(__file__).resolve().parents[3]
BL = Namespace("https://w3id.org/bridge-laws/ontology#")
BASE = "https://w3id.org/bridge-laws/"
SOURCES = {"ccba2018": "sources/002_1d174f04155fa5c3.txt", "twreg": "sources/001_77b6f20d446a4103.txt"}


def _source(doc: str, repaired: bool = False) -> list[str]:
    """The source lines as printed, or with the recorded hand repairs of ingest/fixes applied."""
    lines = (ROOT / SOURCES[doc]).read_text(encoding="utf-8").split("\n")
    return apply_fixes(SOURCES[doc], lines, part=doc)[0] if repaired else lines


@pytest.fixture(scope="module")
def graphs() -> dict[str, Graph]:
    out = {}
    for doc in SOURCES:
        g = Graph().parse(ROOT / f"laws_ttl/{doc}.schedules.ttl")
        ids = Graph().parse(ROOT / f"laws_ttl/{doc}.ttl")      # provision IRI -> dcterms:identifier
        for s, o in ids.subject_objects(DCTERMS.identifier):
            g.add((s, DCTERMS.identifier, o))
        out[doc] = g
    return out


_ROWS: dict[tuple[int, str, str], list[dict]] = {}


def rows(g: Graph, doc: str, name: str) -> list[dict]:
    """The rows of one schedule, in order, as plain values (read once per graph)."""
    key = (id(g), doc, name)
    if key not in _ROWS:
        _ROWS[key] = _read_rows(g, doc, name)
    return _ROWS[key]


def _read_rows(g: Graph, doc: str, name: str) -> list[dict]:
    sched = URIRef(f"{BASE}{doc}/schedule/{name}")
    out = []
    for row in g.objects(sched, BL.hasRow):
        span = g.value(row, PROV.wasDerivedFrom)
        amounts = []
        for a in g.objects(row, BL.hasAmount):
            amounts.append((Decimal(str(g.value(a, BL.amount))), str(g.value(a, BL.unit)),
                            str(g.value(a, BL.per) or ""),
                            Decimal(str(g.value(a, BL.amountMax))) if g.value(a, BL.amountMax) is not None else None))
        val = lambda p: g.value(row, p)
        num = lambda p: Decimal(str(val(p))) if val(p) is not None else None
        out.append({
            "n": int(val(BL.rowNumber)),
            "provision": str(g.value(val(BL.sourceProvision), DCTERMS.identifier)),
            "lines": (int(g.value(span, BL.firstLine)), int(g.value(span, BL.lastLine))),
            "file": str(g.value(span, BL.sourceFile)),
            "condition": str(val(BL.condition) or ""), "consequence": str(val(BL.consequence) or ""),
            "lower": num(BL.lowerBound), "upper": num(BL.upperBound),
            "amounts": sorted(amounts, key=lambda a: (a[1], a[0])),
            "outcomes": sorted(str(o) for o in g.objects(row, BL.outcome)),
            "category": int(val(BL.penaltyCategory)) if val(BL.penaltyCategory) is not None else None,
            "offence": int(val(BL.offenceCount)) if val(BL.offenceCount) is not None else None,
            "boards": int(val(BL.boards)) if val(BL.boards) is not None else None,
            "imp": (int(val(BL.impMin)) if val(BL.impMin) is not None else None,
                    int(val(BL.impMax)) if val(BL.impMax) is not None else None),
            "vp": (num(BL.vpWinner), num(BL.vpLoser)) if val(BL.vpWinner) is not None else None,
            "variant": str(val(BL.variant) or ""),
        })
    return sorted(out, key=lambda r: r["n"])


def all_schedules(g: Graph) -> list[str]:
    return sorted(str(s).rsplit("/", 1)[1] for s in g.subjects(BL.hasRow, None))


def _norm(s: str) -> str:
    s = s.replace("<sup>+</sup>", "⁺").replace("**", "")
    return re.sub(r"[\s#\-]+", "", s)


def _numbers(text: str) -> set[Decimal]:
    return {Decimal(x) for x in re.findall(r"\d+(?:\.\d+)?", text)}


CN = {"十": 10, "十五": 15, "二十": 20, "二十五": 25, "三十": 30, "一": 1}


# ---------------------------------------------------------------- every row against its source lines

@pytest.mark.parametrize("doc", sorted(SOURCES))
def test_every_row_reads_from_its_source_lines(graphs, doc):
    """Each row's words occur in its source lines, and each of its numbers is printed there
    (minutes of a time limit as hours and minutes; Taiwan's Chinese numerals as written).
    The lines are read with the recorded hand repairs applied (one cell of 第八二條)."""
    lines = _source(doc, repaired=True)
    g = graphs[doc]
    names = all_schedules(g)
    assert names
    checked = 0
    for name in names:
        for r in rows(g, doc, name):
            assert r["file"] == SOURCES[doc]
            first, last = r["lines"]
            text = "\n".join(lines[first - 1:last])
            flat = _norm(text)
            # the consequence is on the row's lines; a condition may also use the headings above them
            # (团体赛 / 计 VP 的比赛 / … for a row of 24), so it is looked for in the lines before as well
            context = _norm("\n".join(lines[max(0, first - 40):last])).replace("：", "")
            wbf_scale = name == "imp-to-vp-wbf"        # its VP pairs head the columns: test_twreg_82_… checks them
            if not wbf_scale:
                assert _norm(r["consequence"]).replace("：", "") in flat.replace("：", ""), (name, r["n"], r["consequence"], text)
            for words in re.split(r"[；/：]", r["condition"]):
                words = words.strip()
                if words and not words.startswith(("第四类判罚尺度 ", "其他比赛副数", "被棄權方（三選一法）")):
                    assert _norm(words).replace("：", "") in context, (name, r["n"], words, text)
            printed = _numbers(text) | {Decimal(v) for k, v in CN.items() if k in text}
            if re.search(r"罰一牌之?頂分(?![之\s]*\d)", text.replace("\n", "")):
                printed.add(Decimal(100))            # 罰一牌頂分: a whole top, 100 percent
            for value, unit, per, maximum in r["amounts"]:
                if unit == "minute" and name.startswith("time-limits") and r["boards"]:
                    continue                      # checked against hours and minutes below
                assert abs(value) in printed, (name, r["n"], value, text)
                if maximum is not None:
                    assert maximum in printed, (name, r["n"], maximum, text)
            for bound in (r["lower"], r["upper"]):
                if bound is not None:
                    assert bound in printed, (name, r["n"], bound, text)
            if r["vp"] and not wbf_scale:
                assert r["vp"][0] in printed and r["vp"][1] in printed, (name, r["n"], r["vp"], text)
                assert r["imp"][0] in printed
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("doc", sorted(SOURCES))
def test_every_row_links_to_a_provision_of_its_document(graphs, doc):
    ids = set(re.findall(r'dcterms:identifier "([^"]+)"', (ROOT / f"laws_ttl/{doc}.ttl").read_text(encoding="utf-8")))
    for name in all_schedules(graphs[doc]):
        for r in rows(graphs[doc], doc, name):
            assert r["provision"] in ids, (name, r["n"], r["provision"])


# ---------------------------------------------------------------- CCBA tables, transcribed from the source

def _ranges(rs):
    return [(r["lower"], r["upper"], [(a[0], a[1], a[2]) for a in r["amounts"]], r["outcomes"]) for r in rs]


D = Decimal


def test_ccba_late_arrival_teams_vp(graphs):
    """21 一、(一): 0⁺~5 分钟 0.5VP; 5⁺~10 1VP; 10⁺~15 2VP; 15⁺~20 3VP; 20 分钟以上 以弃权论."""
    got = _ranges(rows(graphs["ccba2018"], "ccba2018", "late-arrival-teams-vp"))
    assert got == [
        (D(0), D(5), [(D("0.5"), "VP", "")], []),
        (D(5), D(10), [(D(1), "VP", "")], []),
        (D(10), D(15), [(D(2), "VP", "")], []),
        (D(15), D(20), [(D(3), "VP", "")], []),
        (D(20), None, [], ["forfeit"]),
    ]


def test_ccba_late_arrival_teams_imp_and_pairs(graphs):
    g = graphs["ccba2018"]
    assert _ranges(rows(g, "ccba2018", "late-arrival-teams-imp")) == [
        (D(0), D(5), [(D(1), "IMP", "")], []),
        (D(5), D(20), [(D(1), "IMP", "minute")], []),
        (D(20), None, [], ["forfeit"]),
    ]
    mp = _ranges(rows(g, "ccba2018", "late-arrival-pairs-mp"))
    assert [x[:3] for x in mp] == [
        (D(0), D(5), [(D(10), "percent-of-top", "")]),
        (D(5), D(10), [(D(20), "percent-of-top", "")]),
        (D(10), None, [(D(20), "percent-of-top", "5-minutes")]),
        (None, None, []), (None, None, []),
    ]
    assert mp[3][3] == ["forfeit-round"] and mp[4][3] == ["disqualification"]
    imp = _ranges(rows(g, "ccba2018", "late-arrival-pairs-imp"))
    assert [x[2] for x in imp[:3]] == [[(D(1), "IMP", "")], [(D(3), "IMP", "")], [(D(3), "IMP", "5-minutes")]]


def test_ccba_overtime(graphs):
    """22 一、(一) 1 / 1.5 / 2 / 2.5 VP then stop; 二、(一) 5% / 10% / 20%; 二、(三) 1 / 3 / 6 IMP."""
    g = graphs["ccba2018"]
    vp = _ranges(rows(g, "ccba2018", "overtime-teams-vp"))
    assert [(x[0], x[1], x[2]) for x in vp] == [
        (D(0), D(5), [(D(1), "VP", "")]), (D(5), D(10), [(D("1.5"), "VP", "")]),
        (D(10), D(15), [(D(2), "VP", "")]), (D(15), D(20), [(D("2.5"), "VP", "")]), (D(20), None, [])]
    assert vp[4][3] == ["adjusted-score", "stop-play"]
    assert _ranges(rows(g, "ccba2018", "overtime-teams-imp"))[0][2] == [(D(1), "IMP", "minute")]
    mp = _ranges(rows(g, "ccba2018", "overtime-pairs-mp"))
    assert [(x[0], x[1], x[2]) for x in mp] == [
        (D(0), D(2), [(D(5), "percent-of-top", "")]), (D(2), D(5), [(D(10), "percent-of-top", "")]),
        (D(5), D(10), [(D(20), "percent-of-top", "")]), (D(10), None, [(D(20), "percent-of-top", "")])]
    imp = rows(g, "ccba2018", "overtime-pairs-imp")
    assert [r["provision"] for r in imp] == ["22-2(3)"] * 4       # the source numbers it (三)
    assert [r["amounts"][0][0] for r in imp] == [D(1), D(3), D(6), D(6)]


def test_ccba_penalty_scale(graphs):
    """51: categories 1-3 (VP / IMP / % of a top), category 4 escalating by offence."""
    got = [(r["category"], r["offence"], [(a[0], a[3], a[1]) for a in r["amounts"]], r["outcomes"])
           for r in rows(graphs["ccba2018"], "ccba2018", "penalty-scale")]
    assert got == [
        (1, None, [(D(13), D(24), "IMP"), (D(3), D(6), "VP"), (D(120), D(240), "percent-of-top")], ["referral"]),
        (2, None, [(D(12), None, "IMP"), (D(2), None, "VP"), (D(100), None, "percent-of-top")], []),
        (3, None, [(D(6), None, "IMP"), (D(1), None, "VP"), (D(50), None, "percent-of-top")], []),
        (4, 1, [], ["warning"]),
        (4, 2, [(D(3), None, "IMP"), (D("0.5"), None, "VP"), (D(20), None, "percent-of-top")], []),
        (4, 3, [(D(6), None, "IMP"), (D(1), None, "VP"), (D(40), None, "percent-of-top")], []),
    ]


def test_ccba_procedural_and_disciplinary_penalties_follow_the_category_named(graphs):
    """Every row of 52/53 that names 第N类判罚尺度 has that category; every leaf of 52/53 has a row."""
    lines = _source("ccba2018")
    cn = {"一": 1, "二": 2, "三": 3, "四": 4}
    g = graphs["ccba2018"]
    for name, count in (("procedural-penalties", 52), ("disciplinary-penalties", 23)):
        rs = rows(g, "ccba2018", name)
        assert len(rs) == count
        for r in rs:
            named = re.findall(r"第([一二三四])类判罚尺度", r["consequence"])
            assert [r["category"]] == [cn[x] for x in named] if named else r["category"] is None, r
            assert r["consequence"].replace(" ", "") in "".join(lines[r["lines"][0] - 1:r["lines"][1]]).replace(" ", "")
    procedural = {r["provision"] for r in rows(g, "ccba2018", "procedural-penalties")}
    assert {"52-1(1)", "52-1(8)", "52-2(9)", "52-2(22).1", "52-2(22).2", "52-3(3)"} <= procedural
    row = next(r for r in rows(g, "ccba2018", "procedural-penalties") if r["provision"] == "52-3(3)")
    assert row["amounts"] == [(D(3), "VP", "occurrence", None)]


def test_ccba_forfeit_and_withdrawal_scoring(graphs):
    g = graphs["ccba2018"]
    f = {r["provision"]: r for r in rows(g, "ccba2018", "forfeit-scoring")}
    assert f["24-1(1).2(3)"]["amounts"] == [(D(12), "VP", "", None)] and "tie-times-1.2" in f["24-1(1).2(3)"]["outcomes"]
    assert f["24-2(2)"]["amounts"] == [(D(-3), "IMP", "board", None), (D(3), "IMP", "board", None)]
    w = {r["provision"]: r for r in rows(g, "ccba2018", "withdrawal-scoring")}
    assert w["25-3(2).1(1)"]["amounts"] == [(D(3), "IMP", "board", None)]


# ---------------------------------------------------------------- Taiwan tables

def test_twreg_late_arrival(graphs):
    """第十一條: 十分鐘（含）以內 警告, 十五 1, 二十 2, 二十五 3, 三十 5 勝分, over 30 forfeit;
    knockout: 10% / 20% of the IMPs."""
    got = [(r["variant"], r["lower"], r["upper"], [(a[0], a[1]) for a in r["amounts"]], r["outcomes"])
           for r in rows(graphs["twreg"], "twreg", "late-arrival-teams")]
    vp, ko = "勝分（25:5）", "淘汰賽或對抗賽"
    assert got == [
        (vp, None, D(10), [], ["warning"]), (vp, D(10), D(15), [(D(1), "VP")], []), (vp, D(15), D(20), [(D(2), "VP")], []),
        (vp, D(20), D(25), [(D(3), "VP")], []), (vp, D(25), D(30), [(D(5), "VP")], []), (vp, D(30), None, [], ["forfeit"]),
        (ko, None, D(10), [], ["warning"]), (ko, D(10), D(20), [(D(10), "percent-of-imps")], []),
        (ko, D(20), D(30), [(D(20), "percent-of-imps")], []), (ko, D(30), None, [], ["forfeit"]),
    ]


def test_twreg_overtime_reads_the_wrapped_cell(graphs):
    """第三二條's flattened table: 0～5 不罰, ～10 0.5, ～15 1 (wrapped to the next line), ～20 1.5, ～25 2, ～30 2.5."""
    got = [(r["lower"], r["upper"], [a[0] for a in r["amounts"]]) for r in rows(graphs["twreg"], "twreg", "overtime-teams")]
    assert got == [(None, D(5), []), (D(5), D(10), [D("0.5")]), (D(10), D(15), [D(1)]), (D(15), D(20), [D("1.5")]),
                   (D(20), D(25), [D(2)]), (D(25), D(30), [D("2.5")])]
    repairs = list(graphs["twreg"].subjects(BL.repairKind, None))
    assert any(str(graphs["twreg"].value(r, BL.repairKind)) == "flattened-table" for r in repairs)


def test_twreg_time_limits(graphs):
    g = graphs["twreg"]
    assert [(r["boards"], r["amounts"][0][0]) for r in rows(g, "twreg", "time-limits-teams")] == \
        [(16, D(135)), (24, D(200)), (28, D(240)), (32, D(270))]
    assert [(r["boards"], r["amounts"][0][0]) for r in rows(g, "twreg", "time-limits-pairs")][:4] == \
        [(1, D(8)), (2, D(15)), (3, D(22)), (4, D(28))]
    lines = _source("twreg")
    for r in rows(g, "twreg", "time-limits-teams"):
        text = lines[r["lines"][0] - 1]
        h, m = divmod(int(r["amounts"][0][0]), 60)
        assert re.search(rf"{r['boards']}牌\s+{h}小時{m or ''}", text), (r, text)


def test_twreg_68_has_all_31_offences(graphs):
    rs = [r for r in rows(graphs["twreg"], "twreg", "penalties") if r["provision"].startswith("68-")]
    assert [r["provision"] for r in rs] == [f"68-{k}" for k in range(1, 32)]
    r1 = rs[0]
    assert r1["amounts"] == [(D(1), "IMP", "", None), (D(10), "percent-of-top", "", None)]


# ---------------------------------------------------------------- the VP tables, re-read from the source

def _columns(lines: list[str], first: int, last: int, row_rx: str) -> list[list[tuple[int, str]]]:
    """Blocks of rows: a block starts at a line beginning with a tab (the PDF's column start)."""
    cols: list[list[tuple[int, str]]] = []
    for n in range(first, last + 1):
        t = lines[n - 1]
        if re.fullmatch(row_rx, t.strip()):
            if t.startswith("\t") or not cols:
                cols.append([])
            cols[-1].append((n, t.strip()))
    return cols


def test_twreg_82_wbf_imp_to_vp_row_by_row(graphs):
    """第八二條: 11 columns (8 .. 48 boards) of 16 IMP ranges, one per VP result 15-15 .. 25-0;
    the ranges of each column are contiguous from 0 (after the recorded repair 56-94 -> 86-94)."""
    lines = _source("twreg")
    start = next(i + 1 for i, l in enumerate(lines) if l.startswith("第八二條"))
    end = next(i + 1 for i, l in enumerate(lines) if l.startswith("第八三條"))
    boards = [int(l.strip()) for l in lines[start:start + 20] if re.fullmatch(r"\d+", l.strip())]
    assert boards == [8, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48]
    vps = [(15 + k, 15 - k) for k in range(11)] + [(25, 4 - k) for k in range(5)]
    cols = _columns(lines, start, end, r"\d+-\d+|\d+ and more")
    cols = [c for c in cols if not re.fullmatch(r"1[5-9]-\d+|2\d-\d+", c[0][1])]     # drop the VP labels
    assert len(cols) == 11 and all(len(c) == 16 for c in cols)
    got = rows(graphs["twreg"], "twreg", "imp-to-vp-wbf")
    assert len(got) == 176
    k = 0
    for b, col in zip(boards, cols):
        expect_lo = 0
        for (w, l), (n, cell) in zip(vps, col):
            r = got[k]
            k += 1
            lo, hi = (int(cell.split()[0]), None) if "more" in cell else tuple(int(x) for x in cell.split("-"))
            if (b, n) == (28, 3679):
                assert cell == "56-94" and (lo, hi) == (56, 94)
                lo = 86                                   # the recorded repair
            assert (r["boards"], r["imp"], r["vp"], r["lines"][0]) == (b, (lo, hi), (D(w), D(l)), n)
            assert lo == expect_lo, (b, cell)
            expect_lo = (hi or 0) + 1


@pytest.mark.parametrize("article,name,groups", [("第八三條", "vp-multi-team", None), ("第八四條", "vp-multi-stage", (4, 7))])
def test_twreg_83_84_vp_scales_row_by_row(graphs, article, name, groups):
    """Every `IMP  W:L` line of 第八三/八四條, in order, is one row; each column starts at 0 and is contiguous."""
    lines = _source("twreg")
    start = next(i + 1 for i, l in enumerate(lines) if l.startswith(article))
    end = next((i for i, l in enumerate(lines) if i > start and l.startswith("第八")), len(lines))
    source_rows = [(n, lines[n - 1].strip()) for n in range(start, end + 1)
                   if re.fullmatch(r"\t?\s*\d+(?:-\d+|&up)?\s+\d+:\d+\s*", lines[n - 1])]
    got = rows(graphs["twreg"], "twreg", name)
    assert len(got) == len(source_rows)
    prev_hi = None
    for r, (n, cell) in zip(got, source_rows):
        imps, vp = cell.split()
        lo = int(re.match(r"\d+", imps).group())
        hi = None if "&up" in imps else int(imps.split("-")[-1])
        w, l = vp.split(":")
        assert (r["lines"][0], r["imp"], r["vp"]) == (n, (lo, hi), (D(w), D(l)))
        assert lo == 0 or lo == prev_hi + 1, (n, cell)
        prev_hi = hi
    if groups:
        assert sorted({r["boards"] for r in got}) == list(groups)
        assert {r["variant"] for r in got} == {f"{b}正負1 序位賽（{k}）" for b in groups for k in "一二三四"}
    else:
        assert sorted({r["boards"] for r in got}) == [2, 3, 4, 5, 6, 7]


def test_twreg_borrowed_player_and_wrong_direction(graphs):
    """第十二條 (a borrowed player: the IMPs cut by a third; a knockout team short of players forfeits)
    and 第三十條 (wrong direction or vulnerability, a table seated wrongly) as rows of their own."""
    g = graphs["twreg"]
    borrowed = rows(g, "twreg", "borrowed-player")
    assert [(r["provision"], r["outcomes"], r["variant"]) for r in borrowed] == [
        ("12-2", ["imps-reduced-by-one-third"], "一般循環或選擇循環比賽"),
        ("12-3", ["imps-reduced-by-one-third"], "一般循環或選擇循環比賽"),
        ("12-4", ["forfeit"], "淘汰賽")]
    assert "減少1/3" in borrowed[0]["consequence"]
    wrong = rows(g, "twreg", "wrong-direction")
    assert [r["provision"] for r in wrong] == ["30"] * 3
    assert "60%" in wrong[2]["consequence"] and "tie-to-non-offending" in wrong[2]["outcomes"]
