"""Scoring as code over the graph's tables: the Law 77 scoring table and the Law 78B IMP scale
(ontology/schedules/law77.ttl, law78b.ttl). Every number comes from a schedule row; this module
only knows how the rows combine (trick score, game or partscore, slam, overtricks, the bonus
for a doubled or redoubled contract made, undertricks).

    score("4SX", vulnerable=True, tricks=10)  -> 790, with a breakdown citing the rows
    imps(430)                                  -> 10
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rdflib import Graph, URIRef

from query.errors import BadInput
from query.inputs import quote
from query.graph import ONTOLOGY
from query.lookup import select

SCHEDULE = "https://w3id.org/bridge-laws/wbf2017/schedule"
STRAIN_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"}
_CONTRACT = re.compile(r"^(?P<level>\d{1,2})\s*(?P<strain>NT|N|C|D|H|S|♣|♦|♥|♠)\s*(?P<dbl>XX|X|\*\*|\*|R|D)?$")
_STRAINS = {"N": "NT", "NT": "NT", "C": "C", "D": "D", "H": "H", "S": "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
DOUBLING = {"": "undoubled", "X": "doubled", "*": "doubled", "D": "doubled", "XX": "redoubled", "**": "redoubled", "R": "redoubled"}


class ScoringError(BadInput):
    """A contract, vulnerability or number of tricks that cannot be scored: one line, exit 2."""


@dataclass(frozen=True)
class Contract:
    level: int = 0
    strain: str = ""
    doubling: str = "undoubled"
    passed_out: bool = False

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        return f"{self.level}{self.strain}" + {"undoubled": "", "doubled": "X", "redoubled": "XX"}[self.doubling]


def parse_contract(raw: str) -> Contract:
    s = (raw or "").strip().upper().replace(" ", "")
    if s in ("PASS", "P", "PASSED", "PASSEDOUT", "AP"):
        return Contract(passed_out=True)
    m = _CONTRACT.match(s)
    if not m:
        raise ScoringError(f"{quote(raw)} is not a contract (e.g. 4S, 3NT, 4SX, 6HXX, or PASS)")
    level = int(m.group("level"))
    if not 1 <= level <= 7:
        raise ScoringError(f"{quote(raw)}: a contract is for 1 to 7 odd tricks (no contract of more than seven is played, Law 38A)")
    # "4SD" is ambiguous only when D is read as the strain; the regex takes the strain first
    return Contract(level, _STRAINS[m.group("strain")], DOUBLING[m.group("dbl") or ""])


# --- the schedules ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    iri: str
    component: str
    denomination: str | None
    doubling: str | None
    vulnerable: bool | None
    slam: str | None
    points: int | None
    trick_value: bool
    line: int | None


@lru_cache(maxsize=1)
def _schedules() -> tuple[list[Row], list[tuple[int, int | None, int, str]]]:
    """The rows of Law 77 and Law 78B, read from the schedule files (part of the graph, see
    query.graph.graph_files)."""
    g = Graph()
    for name in ("law77.ttl", "law78b.ttl"):
        g.parse(ONTOLOGY / "schedules" / name, format="turtle")
    q77 = """SELECT ?r ?c ?den ?dbl ?vul ?slam ?pts ?tv ?line WHERE {
      ?schedule bl:hasRow ?r . ?r a bl:ScheduleRow ; bl:scoreComponent ?c .
      OPTIONAL { ?r bl:denomination ?den } OPTIONAL { ?r bl:doubling ?dbl } OPTIONAL { ?r bl:vulnerable ?vul }
      OPTIONAL { ?r bl:slam ?slam } OPTIONAL { ?r bl:points ?pts } OPTIONAL { ?r bl:trickValue ?tv }
      OPTIONAL { ?r prov:wasDerivedFrom/bl:firstLine ?line }
    }"""
    rows = [Row(str(r), str(c), str(den) if den else None, str(dbl) if dbl else None,
                (str(vul) == "true") if vul is not None else None, str(slam) if slam else None,
                int(pts) if pts is not None else None, tv is not None and str(tv) == "true",
                int(line) if line is not None else None)
            for r, c, den, dbl, vul, slam, pts, tv, line in select(g, q77, schedule=URIRef(f"{SCHEDULE}/law77"))]
    q78 = """SELECT ?r ?lo ?hi ?imps WHERE {
      ?schedule bl:hasRow ?r . ?r a bl:ScheduleRow ; bl:differenceMin ?lo ; bl:imps ?imps .
      OPTIONAL { ?r bl:differenceMax ?hi }
    }"""
    scale = sorted((int(lo), int(hi) if hi is not None else None, int(imps), str(r)) for r, lo, hi, imps in select(g, q78, schedule=URIRef(f"{SCHEDULE}/law78b")))
    if len(rows) < 40 or len(scale) != 25:
        raise RuntimeError("the Law 77 / 78B schedules are incomplete (ontology/schedules/)")
    return rows, scale


def _row(component: str, **want) -> Row:
    rows, _ = _schedules()
    found = [r for r in rows if r.component == component and all(
        getattr(r, k) is None or getattr(r, k) == v for k, v in want.items())]
    # prefer the most specific row (most dimensions stated)
    found.sort(key=lambda r: -sum(getattr(r, k) is not None for k in want))
    if not found:
        raise RuntimeError(f"no Law 77 row for {component} {want}")
    return found[0]


def _item(what: str, row: Row, count: int, per: int) -> dict:
    return {"item": what, "count": count, "per": per, "points": count * per, "row": row.iri.rsplit("/", 1)[1],
            "source_line": row.line, "provision": "77"}


def score(contract: str, vulnerable: bool, tricks: int | None) -> dict:
    """The score of a contract from declarer's side (negative when defeated), with a breakdown
    naming the Law 77 row behind every number."""
    c = parse_contract(contract)
    if c.passed_out:
        row = _row("passed-out")
        return {"contract": "PASS", "vulnerable": vulnerable, "tricks": None, "score": row.points, "result": "passed out",
                "breakdown": [_item("all four players passed", row, 1, row.points)], "citations": ["77"]}
    if tricks is None:
        raise ScoringError("give --tricks N, the number of tricks declarer took (0-13)")
    if not 0 <= tricks <= 13:
        raise ScoringError(f"--tricks must be from 0 to 13, not {tricks}")
    need = c.level + 6
    out = {"contract": str(c), "vulnerable": vulnerable, "tricks": tricks}
    items: list[dict] = []
    if tricks >= need:
        if c.strain == "NT":
            first = _row("trick", denomination="notrump-first", doubling=c.doubling)
            items.append(_item("first odd trick (no trump)", first, 1, first.points))
            if c.level > 1:
                more = _row("trick", denomination="notrump-additional", doubling=c.doubling)
                items.append(_item("further odd tricks (no trump)", more, c.level - 1, more.points))
        else:
            den = "minor" if c.strain in ("C", "D") else "major"
            row = _row("trick", denomination=den, doubling=c.doubling)
            items.append(_item(f"odd tricks ({STRAIN_WORDS[c.strain]})", row, c.level, row.points))
        trick_score = sum(i["points"] for i in items)
        threshold = _row("game-threshold").points
        if trick_score >= threshold:
            row = _row("game", vulnerable=vulnerable)
            items.append(_item("game premium", row, 1, row.points))
        else:
            row = _row("partscore")
            items.append(_item("partscore premium", row, 1, row.points))
        if c.level >= 6:
            row = _row("slam", slam="small" if c.level == 6 else "grand", vulnerable=vulnerable)
            items.append(_item(("small" if c.level == 6 else "grand") + " slam premium", row, 1, row.points))
        if c.doubling != "undoubled":
            row = _row("insult", doubling=c.doubling)
            items.append(_item(f"making a {c.doubling} contract", row, 1, row.points))
        over = tricks - need
        if over:
            row = _row("overtrick", doubling=c.doubling, vulnerable=vulnerable)
            if row.trick_value:
                den = {"C": "minor", "D": "minor", "H": "major", "S": "major", "NT": "notrump-additional"}[c.strain]
                per = _row("trick", denomination=den, doubling="undoubled").points
            else:
                per = row.points
            items.append(_item("overtricks", row, over, per))
        out.update(result="made", trick_score=trick_score, overtricks=over,
                   score=sum(i["points"] for i in items))
    else:
        down = need - tricks
        first = _row("undertrick-first", doubling=c.doubling, vulnerable=vulnerable)
        items.append(_item("first undertrick", first, 1, -first.points))
        if down > 1:
            more = _row("undertrick-additional", doubling=c.doubling, vulnerable=vulnerable)
            items.append(_item("further undertricks", more, down - 1, -more.points))
        if down > 3:
            bonus = _row("undertrick-bonus", doubling=c.doubling, vulnerable=vulnerable)
            if bonus.points:
                items.append(_item("fourth and later undertricks, extra", bonus, down - 3, -bonus.points))
        out.update(result="down", undertricks=down, score=sum(i["points"] for i in items))
    out["breakdown"] = items
    out["citations"] = ["77"]
    return out


@lru_cache(maxsize=1)
def largest_difference() -> int:
    """The largest point difference one board can give: Law 77's best score less its worst (7NTXX
    vulnerable made with 13 tricks, against 7NTXX vulnerable down 13), from the same rows `score` uses."""
    scores = [score(f"{level}{strain}{dbl}", vul, tricks)["score"]
              for level in range(1, 8) for strain in STRAIN_WORDS for dbl in ("", "X", "XX")
              for vul in (False, True) for tricks in range(14)]
    return max(scores) - min(scores)


def imps(diff: int) -> dict:
    """IMPs for a point difference on one board (Law 78B); negative differences give negative IMPs."""
    if isinstance(diff, bool) or not isinstance(diff, int):
        raise ScoringError(f"a point difference is a whole number, not {diff!r}")
    if abs(diff) > largest_difference():
        raise ScoringError(f"a difference of {abs(diff)} points cannot arise on one board "
                           f"(at most {largest_difference()}, from the Law 77 scores)")
    _, scale = _schedules()
    d = abs(diff)
    band = max((b for b in scale if b[0] <= d), key=lambda b: b[0])
    value = band[2] if diff >= 0 else -band[2]
    return {"diff": diff, "imps": value, "band": {"from": band[0], "to": band[1]}, "row": band[3].rsplit("/", 1)[1],
            "citations": ["78B"]}
