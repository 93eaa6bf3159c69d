"""Schedules as data: the tables of the national regulations, one bl:ScheduleRow per row, each
row linked to the provision it is printed in (bl:sourceProvision) and to its source line(s)
(prov:wasDerivedFrom) -> laws_ttl/ccba2018.schedules.ttl and laws_ttl/twreg.schedules.ttl.
(The Laws' own tables, Law 77 scoring, 78B IMP scale and 64 trick transfers, are the reasoner's.)

CCBA 2018 (ccba2018): 20-1 time limits; 21 late arrival (teams VP, teams IMP, unplayed boards,
pairs MP, pairs IMP); 22 overtime (teams VP, teams IMP, pairs MP, pairs IMP); 23 forfeits;
24 scoring after a forfeit; 25 scoring after a withdrawal; 50-2 the conversion standard; 51 the
penalty-scale categories; 52 procedural and 53 disciplinary penalties. Article 42 only names the
WBF VP scale; the source prints no VP table.

Taiwan (twreg): 11 late arrival; 13 scoring after a forfeit; 17 and 27 (10% of a top; 0.1 VP
per missing record item); 29-5; 31 and 36 time limits; 32 overtime; 33 and 40 (per board); 68 the
31 offences and their penalties; 71-2 compensation; 82 the WBF IMP-to-VP scale (25 VP, 8 to 48
boards, flattened column by column in the source), 83 the multi-team VP scales (2 to 7 boards),
84 the multi-stage scales (4±1 and 7±1 boards, four columns each).

Reading conventions (README "Schedules"): a range `5⁺~10 分钟` is lower bound 5 (exclusive),
upper bound 10 (inclusive); `十五分鐘以內` after `十分鐘（含）以內` is (10, 15]; `20 分钟以上` has only
a lower bound. Amounts are positive numbers with a unit (VP, IMP, percent-of-top,
percent-of-imps, board-a-match-point, minute) and optionally `per` (minute, 5-minutes, board,
item, occurrence); a row's several amounts are alternatives by form of scoring. Outcomes are
codes (warning, forfeit, disqualification, stop-play, adjusted-score, result-cancelled,
average-plus, average-minus, referral, suspension, board-cancelled ...). For 52 and 53 each
consequence clause of a provision is a row: `按第四类判罚尺度判罚` (category 4), then
`如果影响到该牌作废则按第三类判罚尺度判罚` (category 3, on that condition), then `如果直接导致对方的
损失将给予调整分` (adjusted score). Where the flattened source needs a repair to be read (Taiwan 32:
the penalty 1 for `～15分` was wrapped to the start of the next line), the repair is recorded in
the schedules file.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from rdflib import RDF, XSD, Literal, URIRef
from rdflib.namespace import DCTERMS

from ingest.sources import ccba2018

from ingest import emit

from ingest.sources import twreg
from ingest.model import Repair, Span
from ingest.source_fixes import apply_fixes
from ingest.vocab import BL, LAWSD, provision_iri

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Amount:
    value: Decimal
    unit: str
    per: str = ""
    maximum: Decimal | None = None


@dataclass
class Row:
    provision: str
    lines: tuple[int, int]
    condition: str = ""
    consequence: str = ""
    lower: Decimal | None = None
    upper: Decimal | None = None
    bound_unit: str = ""
    amounts: list[Amount] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    category: int | None = None
    offence: int | None = None
    boards: int | None = None
    imp_min: int | None = None
    imp_max: int | None = None
    vp: tuple[Decimal, Decimal] | None = None
    variant: str = ""


@dataclass
class Schedule:
    name: str
    provision: str
    titles: dict[str, str]
    rows: list[Row] = field(default_factory=list)


def D(x: str | int | float) -> Decimal:
    return Decimal(str(x))


def _lines(path: str, part: str) -> list[str]:
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    return apply_fixes(path, lines, part=part)[0]


def _clean(s: str) -> str:
    return s.replace("<sup>+</sup>", "⁺").strip()


# ================================================================ CCBA 2018

_CN_CAT = {"一": 1, "二": 2, "三": 3, "四": 4}


def _ccba_outcomes(text: str) -> list[str]:
    out = []
    for words, code in (("以弃权论", "forfeit"), ("弃权一轮", "forfeit-round"), ("取消比赛资格", "disqualification"),
                        ("停止比赛", "stop-play"), ("调整分", "adjusted-score"), ("取消当场比赛成绩", "result-cancelled"),
                        ("取消违规者当场比赛成绩", "result-cancelled"), ("平均负分", "average-minus"),
                        ("平均正分", "average-plus"), ("减打", "boards-cancelled"), ("上报主办单位", "referral"),
                        ("报请主管单位", "referral"), ("警告", "warning"), ("资格", "")):
        if words in text and code and code not in out:
            out.append(code)
    if "取消" in text and "资格" in text and "disqualification" not in out:
        out.append("disqualification")
    return out


def _ccba_amounts(text: str) -> list[Amount]:
    """扣 0.5VP / 扣 1IMP / 每 1 分钟加扣 1IMP / 扣 1 副牌顶分的 10% / 每 5 分钟加扣 3IMP."""
    out = []
    per = ""
    if re.search(r"每\s*1\s*分钟|每超时\s*1\s*分钟", text):
        per = "minute"
    elif re.search(r"每\s*5\s*分钟", text):
        per = "5-minutes"
    for m in re.finditer(r"扣(?:责任方)?\s*(\d+(?:\.\d+)?)\s*(VP|IMP)", text):
        out.append(Amount(D(m.group(1)), m.group(2), per))
    for m in re.finditer(r"扣\s*(?:1|一)\s*副牌顶分的\s*(\d+)%", text):
        out.append(Amount(D(m.group(1)), "percent-of-top", per))
    return out


def _range_row(prov: str, n: int, text: str, unit: str = "minute") -> Row:
    """`迟到 5⁺~10 分钟：扣 1VP；` -> (5, 10], 1 VP."""
    cond, _, cons = text.partition("：")
    row = Row(prov, (n, n), cond.strip(), cons.strip().rstrip("；。"), bound_unit=unit)
    if (m := re.search(r"(\d+)⁺?\s*~\s*(\d+)\s*分钟", cond)):
        row.lower = D(m.group(1)) if int(m.group(1)) > 0 or "⁺" in cond else None
        row.upper = D(m.group(2))
    elif (m := re.search(r"(\d+)\s*分钟以上", cond)):
        row.lower = D(m.group(1))
    else:
        row.bound_unit = ""
    row.amounts = _ccba_amounts(cons)
    row.outcomes = _ccba_outcomes(cons)
    if "一轮" in cond or "两轮" in cond:
        row.bound_unit = ""
    return row


def _provision_lines(lines: list[str], span: tuple[int, int]) -> list[tuple[int, str]]:
    first, last = span
    return [(n, _clean(re.sub(r"^[#*\s-]+|\*\*", "", lines[n - 1]))) for n in range(first, last + 1)
            if lines[n - 1].strip()]


def ccba_schedules() -> list[Schedule]:
    parsed, _, _ = ccba2018.parse()
    lines = _lines(ccba2018.SOURCE, "ccba2018")
    P = parsed.provisions

    def span(pid: str) -> tuple[int, int]:
        s = P[pid].expressions["zh-Hans"].span
        return s.first, s.last

    def text_lines(pid: str) -> list[tuple[int, str]]:
        return _provision_lines(lines, span(pid))

    out: list[Schedule] = []

    # 20-1 time limits
    s = Schedule("time-limits", "20-1", {"zh-Hans": "比赛时限", "en": "Time limits"})
    for n, t in text_lines("20-1"):
        if (m := re.match(r"(\d+)\s*副牌——(\d+)\s*小时\s*(\d+)(?:-(\d+))?\s*分钟", t)):
            lo = int(m.group(2)) * 60 + int(m.group(3))
            hi = int(m.group(2)) * 60 + int(m.group(4)) if m.group(4) else None
            s.rows.append(Row("20-1", (n, n), f"{m.group(1)} 副牌", t.split("——", 1)[1].rstrip("；。"), boards=int(m.group(1)),
                              amounts=[Amount(D(lo), "minute", "", D(hi) if hi else None)]))
        elif "每副牌用时" in t:
            for variant, rx in (("使用屏幕", r"使用屏幕时每副牌用时\s*(\d+(?:\.\d+)?)\s*分钟"),
                                ("未使用屏幕", r"未使用屏幕时每副牌用时\s*(\d+(?:\.\d+)?)\s*分钟")):
                m = re.search(rx, t)
                s.rows.append(Row("20-1", (n, n), "其他比赛副数", m.group(0), amounts=[Amount(D(m.group(1)), "minute", "board")],
                                  variant=variant))
    out.append(s)

    # 21, 22: late arrival and overtime, row per line
    for name, pid, titles in (
        ("late-arrival-teams-vp", "21-1(1)", {"zh-Hans": "团体赛迟到（计 VP 的比赛）", "en": "Late arrival, teams, VP scoring"}),
        ("late-arrival-teams-imp", "21-1(2)", {"zh-Hans": "团体赛迟到（计 IMP 的比赛）", "en": "Late arrival, teams, IMP scoring"}),
        ("late-arrival-pairs-mp", "21-2(1)", {"zh-Hans": "双人赛和个人赛迟到（比赛分制）", "en": "Late arrival, pairs and individuals, matchpoints"}),
        ("late-arrival-pairs-imp", "21-2(2)", {"zh-Hans": "双人赛和个人赛迟到（IMP 制）", "en": "Late arrival, pairs and individuals, IMPs"}),
        ("overtime-teams-vp", "22-1(1)", {"zh-Hans": "团体赛超时（计 VP 的比赛）", "en": "Overtime, teams, VP scoring"}),
        ("overtime-teams-imp", "22-1(2)", {"zh-Hans": "团体赛超时（计 IMP 的比赛）", "en": "Overtime, teams, IMP scoring"}),
        ("overtime-pairs-mp", "22-2(1)", {"zh-Hans": "双人赛和个人赛超时（比赛分制）", "en": "Overtime, pairs and individuals, matchpoints"}),
        ("overtime-pairs-imp", "22-2(3)", {"zh-Hans": "双人赛和个人赛超时（IMP 制）", "en": "Overtime, pairs and individuals, IMPs"}),
    ):
        s = Schedule(name, pid, titles)
        for n, t in text_lines(pid):
            if t.startswith(("迟到", "超时")) and "：" in t:
                s.rows.append(_range_row(pid, n, t))
        out.append(s)
    s = Schedule("late-arrival-unplayed-boards", "21-1(3)", {"zh-Hans": "迟到未打的牌", "en": "Late arrival, boards not played"})
    (n, t), = text_lines("21-1(3)")
    s.rows.append(Row("21-1(3)", (n, n), "由于迟到而导致不能完成所有牌副，按每 8 分钟 1 副牌计", "未打的牌每副补偿非违规方 3IMP",
                      amounts=[Amount(D(3), "IMP", "board")], outcomes=["award-to-non-offending"]))
    out.append(s)

    # 23 forfeits: disqualification thresholds
    s = Schedule("forfeits", "23", {"zh-Hans": "弃权及其处理", "en": "Forfeits"})
    for pid in ("23-1(1)", "23-2"):
        (n, t), *_ = [x for x in text_lines(pid) if "弃权" in x[1]]
        t = P[pid].expressions["zh-Hans"].text
        cond = t.split("取消比赛资格")[0].rstrip("的队")
        s.rows.append(Row(pid, (n, n), cond.strip(), "取消比赛资格", outcomes=["disqualification"]))
    out.append(s)

    # 24, 25: scoring after a forfeit / a withdrawal: one row per leaf provision
    for name, art, titles in (("forfeit-scoring", "24", {"zh-Hans": "弃权后的计分", "en": "Scoring after a forfeit"}),
                              ("withdrawal-scoring", "25", {"zh-Hans": "中途退出比赛的计分", "en": "Scoring after a withdrawal"})):
        s = Schedule(name, art, titles)
        for pid, p in P.items():
            if not (pid == art or pid.startswith(art + "-")) or any(q.parent == pid for q in P.values()):
                continue
            e = p.expressions["zh-Hans"]
            if not e.text or not re.search(r"\d|平均|0 分|倍", e.text) or pid in ("25-1", "24-1(1).3"):
                continue
            row = Row(pid, (e.span.first, e.span.last), _context(P, pid), e.text)
            for m in re.finditer(r"(?<![\d:])(-?\d+(?:\.\d+)?)\s*(VP|IMP)", e.text):
                row.amounts.append(Amount(D(m.group(1)), m.group(2), "board" if "每副牌" in e.text else ""))
            for m in re.finditer(r"(\d+(?:\.\d+)?)\s*比赛分", e.text):
                row.amounts.append(Amount(D(m.group(1)), "board-a-match-point", "board"))
            row.outcomes = _ccba_outcomes(e.text) + (["zero"] if re.search(r"均为\s*0\s*分|均得\s*0\s*分|均计为\s*0\s*分", e.text) else [])
            if (m := re.search(r"(\d+(?:\.\d+)?)\s*倍", e.text)):
                row.outcomes.append(f"tie-times-{m.group(1)}")
            s.rows.append(row)
        out.append(s)

    # 50-2 conversion standard
    s = Schedule("penalty-conversion", "50-2", {"zh-Hans": "罚分的基本换算标准", "en": "Conversion standard of penalties"})
    (n, t), = text_lines("50-2")
    s.rows.append(Row("50-2", (n, n), "不同类型比赛罚分的基本换算标准", t.split("标准为：", 1)[1].rstrip("。"),
                      amounts=[Amount(D("0.5"), "VP"), Amount(D(3), "IMP"), Amount(D(20), "percent-of-top"),
                               Amount(D("0.4"), "board-a-match-point"), Amount(D("0.2"), "board-a-match-point")]))
    s.rows[0].variant = "0.4 (2/1/0), 0.2 (1/0.5/0)"
    out.append(s)

    # 51 penalty-scale categories
    s = Schedule("penalty-scale", "51", {"zh-Hans": "判罚尺度分类", "en": "Penalty scale categories"})
    for n, t in text_lines("51"):
        m = re.match(r"第([一二三四])类判罚尺度：(.*)$", t)
        if not m:
            continue
        cat, rest = _CN_CAT[m.group(1)], m.group(2).rstrip("。；")
        if cat == 4:
            parts = re.match(r"(第一次违规警告)、(第二次违规扣[^、]+)、(再犯扣.+)$", rest)
            s.rows.append(Row("51", (n, n), "第四类判罚尺度 第一次违规", parts.group(1), category=4, offence=1, outcomes=["warning"]))
            for k, words in ((2, parts.group(2)), (3, parts.group(3))):
                s.rows.append(Row("51", (n, n), f"第四类判罚尺度 {'第二次违规' if k == 2 else '再犯'}", words, category=4, offence=k,
                                  amounts=_scale_amounts(words)))
        else:
            s.rows.append(Row("51", (n, n), f"第{m.group(1)}类判罚尺度", rest, category=cat, amounts=_scale_amounts(rest),
                              outcomes=["referral"] if "报请" in rest else []))
    out.append(s)

    # 52, 53 procedural and disciplinary penalties: a row per consequence clause
    for name, art, titles in (("procedural-penalties", "52", {"zh-Hans": "程序性判罚", "en": "Procedural penalties"}),
                              ("disciplinary-penalties", "53", {"zh-Hans": "纪律性判罚", "en": "Disciplinary penalties"})):
        s = Schedule(name, art, titles)
        for pid, p in P.items():
            if not pid.startswith(art + "-") or any(q.parent == pid for q in P.values()):
                continue
            e = p.expressions["zh-Hans"]
            parent = P[p.parent].expressions["zh-Hans"] if p.parent and P[p.parent].kind in ("clause", "point") else None
            lead = (parent.title or parent.text).rstrip("：") if parent is not None else ""
            s.rows.extend(_penalty_rows(pid, e.text, (e.span.first, e.span.last), lead))
        out.append(s)
    return out


def _context(P: dict, pid: str) -> str:
    """The titles (and lead-in text ending in ：) of a provision's ancestors below the article:
    the condition a row of 24 or 25 applies under (团体赛 / 计 VP 的比赛 / 非弃权方当场的 VP …)."""
    parts = []
    p = P[pid]
    while p.parent and P[p.parent].kind != "article":
        e = P[p.parent].expressions["zh-Hans"]
        if e.title:
            parts.append(e.title)
        elif e.text and e.text.endswith("："):
            parts.append(e.text.rstrip("："))
        p = P[p.parent]
    return " / ".join(reversed(parts))


def _scale_amounts(text: str) -> list[Amount]:
    """扣 3-6VP，或者 13-24IMP，或者一副牌顶分的 120-240%"""
    out = []
    for m in re.finditer(r"(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?\s*(VP|IMP)", text):
        out.append(Amount(D(m.group(1)), m.group(3), "", D(m.group(2)) if m.group(2) else None))
    for m in re.finditer(r"顶分的\s*(\d+)(?:-(\d+))?%", text):
        out.append(Amount(D(m.group(1)), "percent-of-top", "", D(m.group(2)) if m.group(2) else None))
    return out


def _penalty_rows(pid: str, text: str, span: tuple[int, int], lead: str = "") -> list[Row]:
    """`offence：按第四类判罚尺度判罚，如果…则按第三类判罚尺度判罚；如果…给予调整分。` -> one row per clause."""
    m = re.search(r"[：:]", text)
    if m:
        offence, cons = text[:m.start()], text[m.end():]
        offence = re.split(r"(?<=。)\s*", offence)[-1]      # 53-5: the sentences before the offence are its setting
    else:
        m = re.search(r"[，,](?=按第|视情况|取消|根据情节)", text) or re.search(r"[，,]", text)
        offence, cons = (text[:m.start()], text[m.end():]) if m else (text, "")
    if lead:
        offence = f"{lead}：{offence}"
    rows = []
    clauses = [c for c in re.split(r"[，；。](?=如果|同时|多次|极其|造成|影响|或者根据|对于)|。", cons) if c.strip()]
    for k, clause in enumerate(clauses):
        clause = clause.strip().rstrip("。；，")
        cond = offence.strip()
        if k:
            cm = re.match(r"(同时)?(如果[^，则将]*|多次或者严重违反的|极其严重者|造成[^时]*时|影响比赛进行的|对于[^，]*者)", clause)
            if cm:
                cond = f"{offence.strip()}；{cm.group(0)}"
        row = Row(pid, span, cond, clause)
        if (c := re.search(r"第([一二三四])类判罚尺度", clause)):
            row.category = _CN_CAT[c.group(1)]
        row.amounts = [Amount(D(x.group(1)), "VP", "occurrence" if "每次" in clause else "")
                       for x in re.finditer(r"扣\s*(\d+(?:\.\d+)?)\s*VP", clause)]
        row.outcomes = _ccba_outcomes(clause)
        if "警告" in clause and "warning" not in row.outcomes:
            row.outcomes.append("warning")
        rows.append(row)
    return rows


# ================================================================ Taiwan

_TW_CN = {"十": 10, "十五": 15, "二十": 20, "二十五": 25, "三十": 30}


def _tw_amounts(text: str) -> list[Amount]:
    out = []
    for m in re.finditer(r"(?:罰)?(?:扣)?(?:一牌|1牌)(?:之)?頂分(?:之)?\s*(\d+)\s*[％%](?:至(\d+)\s*[％%])?", text):
        out.append(Amount(D(m.group(1)), "percent-of-top", "", D(m.group(2)) if m.group(2) else None))
    for m in re.finditer(r"一牌頂分\s*(\d+)\s*[％%]", text):
        if not any(a.unit == "percent-of-top" and a.value == D(m.group(1)) for a in out):
            out.append(Amount(D(m.group(1)), "percent-of-top"))
    for m in re.finditer(r"罰一牌(?:之)?頂分(?![之\d\s]*\d)", text):
        out.append(Amount(D(100), "percent-of-top"))
    for m in re.finditer(r"(\d+(?:\.\d+)?)(?:\s*至\s*(\d+))?\s*國際序分(?!的)", text):
        out.append(Amount(D(m.group(1)), "IMP", "", D(m.group(2)) if m.group(2) else None))
    for m in re.finditer(r"(\d+(?:\.\d+)?|一)\s*勝分", text):
        v = "1" if m.group(1) == "一" else m.group(1)
        out.append(Amount(D(v), "VP"))
    return out


def _tw_outcomes(text: str) -> list[str]:
    out = []
    for words, code in (("警告", "warning"), ("暫停", "suspension"), ("取消資格", "disqualification"),
                        ("取消比賽資格", "disqualification"), ("棄權", "forfeit"), ("移送紀律委員會", "referral"),
                        ("調整得分", "adjusted-score"), ("照價賠償", "compensation"), ("離席", "leave-table")):
        if words in text and code not in out:
            out.append(code)
    return out


_TW_CONSEQUENCE = ("得予警告", "予以警告", "予警告", "罰", "取消", "暫停", "判作", "均予", "初犯", "非故意", "除得予", "該場比賽即")


def twreg_schedules() -> tuple[list[Schedule], list[Repair]]:
    parsed, _, _, tables = twreg.parse()
    lines = _lines(twreg.SOURCE, "twreg")
    P = parsed.provisions
    repairs: list[Repair] = []
    out: list[Schedule] = []

    def span(pid: str) -> tuple[int, int]:
        s = P[pid].expressions["zh-Hant"].span
        return s.first, s.last

    # 11 late arrival (one line)
    s = Schedule("late-arrival-teams", "11", {"zh-Hant": "論隊賽遲到", "en": "Late arrival, teams"})
    n = span("11")[0]
    t = lines[n - 1]
    rr = t.split("如為淘汰賽或對抗賽無勝分區分時")
    s.rows.append(Row("11", (n, n), "遲到在十分鐘（含）以內", "警告", upper=D(10), bound_unit="minute", outcomes=["warning"],
                      variant="勝分（25:5）"))
    prev = 10
    for m in re.finditer(r"(十五|二十五|二十|三十)分鐘以內罰(\d+)勝分", rr[0]):
        hi = _TW_CN[m.group(1)]
        s.rows.append(Row("11", (n, n), f"{m.group(1)}分鐘以內", f"罰{m.group(2)}勝分", lower=D(prev), upper=D(hi),
                          bound_unit="minute", amounts=[Amount(D(m.group(2)), "VP")], variant="勝分（25:5）"))
        prev = hi
    s.rows.append(Row("11", (n, n), "遲到超過30分鐘", "判作棄權", lower=D(30), bound_unit="minute", outcomes=["forfeit"],
                      variant="勝分（25:5）"))
    s.rows.append(Row("11", (n, n), "遲到十分鐘（含）以內", "警告", upper=D(10), bound_unit="minute", outcomes=["warning"],
                      variant="淘汰賽或對抗賽"))
    prev = 10
    for m in re.finditer(r"((二十|三十)分(?:鐘)?以內)(扣(?:遲到隊所得國際序分的)?(\d+)%)", rr[1]):
        hi = _TW_CN[m.group(2)]
        s.rows.append(Row("11", (n, n), m.group(1), m.group(3), lower=D(prev),
                          upper=D(hi), bound_unit="minute", amounts=[Amount(D(m.group(4)), "percent-of-imps")],
                          variant="淘汰賽或對抗賽"))
        prev = hi
    s.rows.append(Row("11", (n, n), "超過三十分鐘", "判作棄權", lower=D(30), bound_unit="minute", outcomes=["forfeit"],
                      variant="淘汰賽或對抗賽"))
    out.append(s)

    # 13 scoring after a forfeit
    s = Schedule("forfeit-scoring", "13", {"zh-Hant": "循環賽棄權一場之計分法", "en": "Scoring after a forfeit, round robin"})
    for pid in ("13-1", "13-2(1)", "13-2(2)", "13-2(3)"):
        e = P[pid].expressions["zh-Hant"]
        row = Row(pid, span(pid), "棄權方" if pid == "13-1" else "被棄權方（三選一法）", e.text.rstrip("。"))
        if pid == "13-1":
            row.outcomes = ["zero"]
        for m in re.finditer(r"(\d+(?:\.\d+)?)倍", e.text):
            row.outcomes.append(f"tie-times-{m.group(1)}")
        if re.search(r"以30分減下之餘數（最高25勝分", e.text):
            row.outcomes.append("thirty-minus-average-at-most-25")
        s.rows.append(row)
    out.append(s)

    # single-row penalties: 17, 27, 29-5, 33, 40, 71-2
    s = Schedule("penalties", "68", {"zh-Hant": "違規處罰", "en": "Penalties"})
    for pid, cond_rx, cons_rx in (
            ("17", r"若於中途再更換為原橋伴者", r"則得每牌罰扣1牌頂分之10%"),
            ("27", r"凡記錄紙上資料不完整者", r"即對應負責者每項扣0.1勝分或1牌頂分之10%"),
            ("29-5", r"以上各項如有違犯", r"每一牌得罰一牌頂分之25%或1至3國際序分"),
            ("33", r"若因一方進行遲緩經裁判查證屬實", r"每減一牌，扣罰負責任隊1國際序分"),
            ("40", r"賽員未按規定換邊經發覺時，如有一桌已叫完該圈至少一付牌時", r"違規隊每牌須受扣除0.5國際序分之處分")):
        e = P[pid].expressions["zh-Hant"]
        cons = re.search(cons_rx, e.text).group(0)
        row = Row(pid, span(pid), re.search(cond_rx, e.text).group(0), cons,
                  amounts=_tw_amounts(cons), outcomes=_tw_outcomes(cons))
        for a in row.amounts:
            a.per = "item" if pid == "27" else "board"
        s.rows.append(row)
    for k in range(1, 32):
        pid = f"68-{k}"
        e = P[pid].expressions["zh-Hant"]
        cut = min((i for w in _TW_CONSEQUENCE if (i := e.text.find(w)) > 0), default=len(e.text))
        s.rows.append(Row(pid, span(pid), e.text[:cut].rstrip("，者 "), e.text.rstrip("。"), amounts=_tw_amounts(e.text),
                          outcomes=_tw_outcomes(e.text)))
    out.append(s)
    s = Schedule("compensation", "71", {"zh-Hant": "補償加分", "en": "Compensation"})
    e = P["71-2"].expressions["zh-Hant"]
    s.rows.append(Row("71-2", span("71-2"), "因他桌賽員造成錯亂牌，使不能進行叫打者", e.text.rstrip("。"),
                      amounts=[Amount(D(5), "percent-of-top", "board", D(10)), Amount(D("0.1"), "VP", "board")],
                      outcomes=["average"]))
    out.append(s)

    # 12 a borrowed player (借將): the IMPs of the boards played with one are cut by a third
    s = Schedule("borrowed-player", "12", {"zh-Hant": "借將之計分", "en": "Scoring with a borrowed player"})
    for pid, cond, cons, outcomes, variant in (
            ("12-2", "有借將上場比賽各牌", "所得之國際序分，減少1/3計算（小數點後分數四捨五入）",
             ["imps-reduced-by-one-third"], "一般循環或選擇循環比賽"),
            ("12-3", "借將隊之隊員到場時", "惟其已比賽各牌所得國際序分，均須減少1/3計算",
             ["imps-reduced-by-one-third"], "一般循環或選擇循環比賽"),
            ("12-4", "如為淘汰賽", "不足人數之隊即須判作棄權", ["forfeit"], "淘汰賽")):
        s.rows.append(Row(pid, span(pid), cond, cons, outcomes=outcomes, variant=variant))
    out.append(s)

    # 30 a board played at the wrong direction or vulnerability, or with a table seated wrongly
    s = Schedule("wrong-direction", "30", {"zh-Hant": "叫牌方位或身價有誤、坐錯方位之計分", "en": "Wrong direction, vulnerability or seating"})
    for cond, cons, outcomes in (
            ("叫牌方位或身價情況有誤", "其他情況一律按正確牌號之身價計分", ["score-at-correct-vulnerability"]),
            ("一桌賽員坐錯方位，致部份成績不能比較時", "其缺打部份牌數之成績，均按平牌計算", ["tie"]),
            ("設若該場賽牌全數無效時", "則未違規方給予一場之兩隊打平時之分數，違規方得60%",
             ["tie-to-non-offending", "offending-60-percent-of-tie"])):
        s.rows.append(Row("30", span("30"), cond, cons, outcomes=outcomes))
    out.append(s)

    # 31 and 36 time limits (flattened two per line)
    for name, pid, titles, unit_rx in (
        ("time-limits-teams", "31", {"zh-Hant": "論隊賽每場使用時間", "en": "Time limits, teams"}, r"(\d+)牌\s+(\d+)小時(?:(\d+)分)?"),
        ("time-limits-pairs", "36", {"zh-Hant": "雙人賽每圈使用時間", "en": "Time limits, pairs (per round)"}, r"(\d+)牌\s+(\d+)分()"),
    ):
        s = Schedule(name, pid, titles)
        a, b = span(pid)
        for n in range(a, b + 1):
            for m in re.finditer(unit_rx, lines[n - 1]):
                minutes = int(m.group(2)) * 60 + int(m.group(3) or 0) if pid == "31" else int(m.group(2))
                s.rows.append(Row(pid, (n, n), f"{m.group(1)}牌", re.sub(r"\s+", "", m.group(0)[len(m.group(1)) + 1:]),
                                  boards=int(m.group(1)), amounts=[Amount(D(minutes), "minute")]))
            if "每牌得增加用時" in lines[n - 1]:
                s.rows.append(Row(pid, (n, n), "比賽之第一圈", "每牌得增加用時2分鐘", amounts=[Amount(D(2), "minute", "board")]))
        out.append(s)

    # 32 overtime: `0～5分 不罰 ～10 0.5 ～15分` / `1～20 1.5 ～25 2 ～30 2.5` (the 1 of ～15分 wrapped)
    s = Schedule("overtime-teams", "32", {"zh-Hant": "論隊賽超時扣罰勝分標準", "en": "Overtime, teams"})
    a, b = span("32")
    l1 = next(n for n in range(a, b + 1) if lines[n - 1].strip().startswith("0～5分"))
    l2 = next(n for n in range(l1 + 1, b + 1) if lines[n - 1].strip())
    first, second = lines[l1 - 1].strip(), lines[l2 - 1].strip()
    assert re.match(r"^1～20", second), second
    repairs.append(Repair(twreg.SOURCE, l2, "flattened-table", f"{first}\n{second}",
                          "0～5分 不罰 | ～10 0.5 | ～15分 1 | ～20 1.5 | ～25 2 | ～30 2.5",
                          "32: the table was flattened two columns wide; the 1 at the start of line "
                          f"{l2} is the penalty of ～15分 at the end of line {l1}", "32"))
    s.rows.append(Row("32", (l1, l1), "0～5分", "不罰", upper=D(5), bound_unit="minute", outcomes=["none"],
                      variant="扣罰勝分（每場依25勝分計）"))
    cells = [("～10", "0.5", l1), ("～15分", "1", l2)] + [(f"～{x}", y, l2) for x, y in re.findall(r"～(\d+)\s+(\d+(?:\.\d+)?)", second)]
    prev = 5
    for cond, value, n in cells:
        hi = int(re.search(r"\d+", cond).group())
        s.rows.append(Row("32", (l1, l2) if n != l1 else (l1, l1), cond, value, lower=D(prev), upper=D(hi),
                          bound_unit="minute", amounts=[Amount(D(value), "VP")], variant="扣罰勝分（每場依25勝分計）"))
        prev = hi
    out.append(s)

    # 82 WBF IMP-to-VP (25 VP), flattened column by column
    first, last = tables["82"]
    block = [(n, lines[n - 1]) for n in range(first + 1, last + 1) if lines[n - 1].strip()]
    boards = [int(t.strip()) for n, t in block if re.fullmatch(r"\s*\d+\s*", t)][:11]
    vps = [tuple(int(x) for x in t.strip().split("-")) for n, t in block if re.fullmatch(r"\s*\d+-\d+\s*", t)
           and int(t.strip().split("-")[0]) >= 15 and int(t.strip().split("-")[0]) + int(t.strip().split("-")[1]) <= 30][:16]
    ranges = [(n, t.strip()) for n, t in block if re.fullmatch(r"\s*(\d+-\d+|\d+ and more)\s*", t)]
    ranges = ranges[len(vps):]           # the VP labels come first
    s = Schedule("imp-to-vp-wbf", "82", {"zh-Hant": "世界橋協國際序分與勝分換算表", "en": "WBF IMP to VP scale (25 VP)"})
    assert len(ranges) == 16 * len(boards), (len(ranges), boards)
    for c, b in enumerate(boards):
        for r, (w, l) in enumerate(vps):
            n, t = ranges[c * 16 + r]
            lo, hi = (int(t.split()[0]), None) if "more" in t else tuple(int(x) for x in t.split("-"))
            s.rows.append(Row("82", (n, n), t, f"{w}-{l}", boards=b, imp_min=lo, imp_max=hi, vp=(D(w), D(l)),
                              bound_unit="IMP"))
    out.append(s)

    # 83 multi-team VP scales: 2..7 boards, rows `IMP  W:L`
    first, last = tables["83"]
    s = Schedule("vp-multi-team", "83", {"zh-Hant": "多桌論隊及序位賽勝分表", "en": "VP scales, multi-team and ranking events"})
    heads = [int(m.group(1)) for n in range(first, last + 1) if (m := re.fullmatch(r"\s*(\d)牌\s*", lines[n - 1]))]
    col = -1
    for n in range(first, last + 1):
        t = lines[n - 1]
        m = re.fullmatch(r"(\t?)\s*(\d+)(?:-(\d+)|&up)?\s+(\d+):(\d+)\s*", t)
        if not m:
            continue
        if m.group(1) == "\t":
            col += 1
        lo = int(m.group(2))
        hi = None if "&up" in t else int(m.group(3) or m.group(2))
        s.rows.append(Row("83", (n, n), t.strip().split()[0], f"{m.group(4)}:{m.group(5)}", boards=heads[col],
                          imp_min=lo, imp_max=hi, vp=(D(m.group(4)), D(m.group(5))), bound_unit="IMP"))
    out.append(s)

    # 84 multi-stage VP scales: `4正負1` / `7正負1`, four columns 序位賽（一）..（四）
    first, last = tables["84"]
    s = Schedule("vp-multi-stage", "84", {"zh-Hant": "多段式序位賽勝分表", "en": "VP scales, multi-stage ranking events"})
    group, col, names = None, -1, []
    for n in range(first, last + 1):
        t = lines[n - 1]
        if (g := re.fullmatch(r"\s*(\d)正負1\s*", t)):
            group, col = int(g.group(1)), -1
            continue
        if (h := re.fullmatch(r"\s*(序位賽（[一二三四]）)\s*", t)):
            if len(names) < 4:
                names.append(h.group(1))
            continue
        m = re.fullmatch(r"(\t?)\s*(\d+)(?:-(\d+)|&up)?\s+(\d+):(\d+)\s*", t)
        if not m or group is None:
            continue
        if m.group(1) == "\t":
            col += 1
        lo = int(m.group(2))
        hi = None if "&up" in t else int(m.group(3) or m.group(2))
        s.rows.append(Row("84", (n, n), t.strip().split()[0], f"{m.group(4)}:{m.group(5)}", boards=group,
                          imp_min=lo, imp_max=hi, vp=(D(m.group(4)), D(m.group(5))), bound_unit="IMP",
                          variant=f"{group}正負1 {names[col]}"))
    out.append(s)
    return out, repairs


# ================================================================ RDF

def _lit(x: Decimal) -> Literal:
    return Literal(x, datatype=XSD.decimal)


def graph(doc: str, lang: str, source: str, schedules: list[Schedule], repairs: list[Repair]):
    g = emit.new_graph()
    for s in schedules:
        node = LAWSD[f"{doc}/schedule/{s.name}"]
        g.add((node, RDF.type, BL.Schedule))
        for l, title in s.titles.items():
            g.add((node, DCTERMS.title, Literal(title, lang=l)))
        g.add((node, BL.sourceProvision, provision_iri(doc, s.provision)))
        for k, r in enumerate(s.rows, 1):
            row = URIRef(f"{node}/row/{k}")
            g.add((node, BL.hasRow, row))
            g.add((row, RDF.type, BL.ScheduleRow))
            g.add((row, BL.rowNumber, Literal(k, datatype=XSD.positiveInteger)))
            g.add((row, BL.sourceProvision, provision_iri(doc, r.provision)))
            if r.condition:
                g.add((row, BL.condition, Literal(r.condition, lang=lang)))
            if r.consequence:
                g.add((row, BL.consequence, Literal(r.consequence, lang=lang)))
            if r.lower is not None:
                g.add((row, BL.lowerBound, _lit(r.lower)))
            if r.upper is not None:
                g.add((row, BL.upperBound, _lit(r.upper)))
            if r.bound_unit and (r.lower is not None or r.upper is not None):
                g.add((row, BL.boundUnit, Literal(r.bound_unit)))
            for j, a in enumerate(r.amounts, 1):
                an = URIRef(f"{row}/amount/{j}")
                g.add((row, BL.hasAmount, an))
                g.add((an, RDF.type, BL.Amount))
                g.add((an, BL.amount, _lit(a.value)))
                g.add((an, BL.unit, Literal(a.unit)))
                if a.per:
                    g.add((an, BL.per, Literal(a.per)))
                if a.maximum is not None:
                    g.add((an, BL.amountMax, _lit(a.maximum)))
            for o in r.outcomes:
                g.add((row, BL.outcome, Literal(o)))
            if r.category is not None:
                g.add((row, BL.penaltyCategory, Literal(r.category, datatype=XSD.positiveInteger)))
            if r.offence is not None:
                g.add((row, BL.offenceCount, Literal(r.offence, datatype=XSD.positiveInteger)))
            if r.boards is not None:
                g.add((row, BL.boards, Literal(r.boards, datatype=XSD.positiveInteger)))
            if r.imp_min is not None:
                g.add((row, BL.impMin, Literal(r.imp_min, datatype=XSD.nonNegativeInteger)))
            if r.imp_max is not None:
                g.add((row, BL.impMax, Literal(r.imp_max, datatype=XSD.nonNegativeInteger)))
            if r.vp is not None:
                g.add((row, BL.vpWinner, _lit(r.vp[0])))
                g.add((row, BL.vpLoser, _lit(r.vp[1])))
            if r.variant:
                g.add((row, BL.variant, Literal(r.variant, lang=lang)))
            emit._span(g, row, Span(source, *r.lines))
    if repairs:
        g += emit.repairs_graph(f"{doc}/schedule", repairs, [], {})
    return g


def build(out: Path) -> dict:
    figs: dict = {"provisions": 0, "schedules": {}}
    ccba = ccba_schedules()
    emit.write(graph("ccba2018", "zh-Hans", ccba2018.SOURCE, ccba, []), out / "ccba2018.schedules.ttl")
    tw, repairs = twreg_schedules()
    emit.write(graph("twreg", "zh-Hant", twreg.SOURCE, tw, repairs), out / "twreg.schedules.ttl")
    for doc, scheds in (("ccba2018", ccba), ("twreg", tw)):
        for s in scheds:
            figs["schedules"][f"{doc}:{s.name}"] = {"provision": s.provision, "rows": len(s.rows)}
    figs["rows"] = sum(v["rows"] for v in figs["schedules"].values())
    figs["repairs"] = dict(Counter(r.kind for r in repairs))
    return figs


def print_report(fig: dict, findings: bool = False) -> None:
    print(f"schedules: {len(fig['schedules'])}, rows: {fig['rows']}; repairs: {fig['repairs']}")
    for name, v in fig["schedules"].items():
        print(f"  {name:<42} {v['rows']:>4} rows  (from {v['provision']})")
