"""Scoring as code over the graph's tables: the Law 77 scoring table and the Law 78B IMP scale
(ontology/schedules/), `python -m query score` and `python -m query imps`.

The expected scores below were computed by hand from the printed table (sources/000 lines
2343-2416, checked against sources/002), never from the code: each comment shows the sum.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from rdflib import Graph, URIRef

from query.graph import ONTOLOGY, ROOT, graph_files
from query.scoring.laws import ScoringError, _schedules, imps, score

V, NV = True, False

# (contract, vulnerable, tricks, expected score from declarer's side)
CASES = [
    # trick score, minors: 20 / 40 / 80 per odd trick
    ("2C", NV, 8, 90),          # 2x20 + 50 partscore
    ("2DX", NV, 8, 180),        # 2x40 + 50 partscore + 50 doubled made
    ("2DXX", NV, 8, 560),       # 2x80 = 160 game: + 300 + 100 redoubled made
    ("4C", NV, 10, 130),        # 4x20 = 80 < 100: partscore 50
    ("5C", NV, 11, 400),        # 100 game + 300
    ("5D", V, 11, 600),         # 100 + 500
    # majors: 30 / 60 / 120
    ("2H", NV, 8, 110),         # 60 + 50
    ("2HX", NV, 8, 470),        # 120 game + 300 + 50
    ("2HX", V, 8, 670),         # 120 + 500 + 50
    ("1SXX", NV, 7, 520),       # 120 + 300 + 100
    ("1SXX", V, 7, 720),        # 120 + 500 + 100
    ("4H", NV, 10, 420),        # 120 + 300
    ("4H", V, 10, 620),         # 120 + 500
    ("4SX", V, 10, 790),        # 240 + 500 + 50 (the contract example)
    ("4SX", NV, 10, 590),       # 240 + 300 + 50
    # no trump: first 40 / 80 / 160, further 30 / 60 / 120
    ("1NT", NV, 7, 90),         # 40 + 50
    ("1NTX", NV, 7, 180),       # 80 + 50 + 50
    ("1NTX", V, 7, 180),        # a doubled partscore does not depend on vulnerability
    ("1NTXX", NV, 7, 560),      # 160 game + 300 + 100
    ("1NTXX", V, 7, 760),       # 160 + 500 + 100
    ("2NT", NV, 8, 120),        # 40 + 30 + 50
    ("3NT", NV, 9, 400),        # 100 game + 300
    ("3NT", V, 9, 600),         # 100 + 500
    ("2NTX", NV, 8, 490),       # 80 + 60 = 140 game + 300 + 50
    ("2NTX", V, 8, 690),        # 140 + 500 + 50
    ("2NTXX", V, 8, 880),       # 160 + 120 = 280 + 500 + 100
    # slams: small 500 / 750, grand 1000 / 1500
    ("6S", NV, 12, 980),        # 180 + 300 + 500
    ("6S", V, 12, 1430),        # 180 + 500 + 750
    ("6C", NV, 12, 920),        # 120 + 300 + 500
    ("6NTX", V, 12, 1680),      # 80 + 5x60 = 380 + 500 + 750 + 50
    ("7NT", NV, 13, 1520),      # 220 + 300 + 1000
    ("7NT", V, 13, 2220),       # 220 + 500 + 1500
    ("7C", V, 13, 2140),        # 140 + 500 + 1500
    ("7NTX", NV, 13, 1790),     # 80 + 6x60 = 440 + 300 + 1000 + 50
    ("7NTXX", V, 13, 2980),     # 160 + 6x120 = 880 + 500 + 1500 + 100
    # overtricks: undoubled trick value; doubled 100 / 200; redoubled 200 / 400
    ("4S", NV, 11, 450),        # 420 + 30
    ("3NT", NV, 11, 460),       # 400 + 2x30
    ("2C", NV, 10, 130),        # 90 + 2x20
    ("1NT", V, 9, 150),         # 90 + 2x30
    ("4SX", NV, 11, 690),       # 590 + 100
    ("4SX", V, 11, 990),        # 790 + 200
    ("1NTX", NV, 9, 380),       # 180 + 2x100
    ("1NTX", V, 9, 580),        # 180 + 2x200
    ("4SXX", NV, 11, 1080),     # 480 + 300 + 100 + 200
    ("4SXX", V, 11, 1480),      # 480 + 500 + 100 + 400
    ("2CXX", NV, 9, 760),       # 160 + 300 + 100 + 200
    ("6HX", NV, 13, 1310),      # 360 + 300 + 500 + 50 + 100
    # undertricks, undoubled: 50 / 100 each
    ("4S", NV, 9, -50),
    ("4S", NV, 6, -200),        # 4 x 50, no extra for the fourth
    ("4S", V, 9, -100),
    ("3NT", V, 5, -400),        # 4 x 100
    # doubled, not vulnerable: 100, then 200, fourth and later +100
    ("4SX", NV, 9, -100),
    ("4SX", NV, 8, -300),       # 100 + 200
    ("4SX", NV, 7, -500),       # 100 + 200 + 200
    ("4SX", NV, 6, -800),       # 100 + 3x200 + 100
    ("4SX", NV, 5, -1100),      # 100 + 4x200 + 2x100
    ("7NTX", NV, 6, -1700),     # 7 down: 100 + 6x200 + 4x100
    ("7NTX", NV, 0, -3500),     # 13 down: 100 + 12x200 + 10x100
    # doubled, vulnerable: 200, then 300
    ("4SX", V, 9, -200),
    ("4SX", V, 8, -500),        # 200 + 300
    ("4SX", V, 7, -800),
    ("4SX", V, 6, -1100),       # 200 + 3x300, no extra when vulnerable
    ("7NTX", V, 0, -3800),      # 200 + 12x300
    # redoubled: not vulnerable 200, then 400 (+200 from the fourth); vulnerable 400, then 600
    ("4SXX", NV, 9, -200),
    ("4SXX", NV, 8, -600),      # 200 + 400
    ("4SXX", NV, 7, -1000),
    ("4SXX", NV, 6, -1600),     # 200 + 3x400 + 200
    ("4SXX", V, 9, -400),
    ("4SXX", V, 8, -1000),      # 400 + 600
    ("4SXX", V, 6, -2200),      # 400 + 3x600
]


@pytest.mark.parametrize("contract,vul,tricks,expected", CASES,
                         ids=[f"{c}-{'v' if v else 'nv'}-{t}" for c, v, t, _ in CASES])
def test_law77_score(contract, vul, tricks, expected):
    r = score(contract, vulnerable=vul, tricks=tricks)
    assert r["score"] == expected
    assert sum(i["points"] for i in r["breakdown"]) == expected
    assert r["citations"] == ["77"]


def test_enough_cases_and_every_row_used():
    assert len(CASES) >= 60
    rows77, _ = _schedules()
    used = {i["row"] for c, v, t, _ in CASES for i in score(c, v, t)["breakdown"]}
    used.add("game-threshold")          # consulted by every made contract (4C = 130 is below it, 3NT = 400 on it)
    zero = {r.iri.rsplit("/", 1)[1] for r in rows77 if r.component == "undertrick-bonus" and r.points == 0}
    unused = {r.iri.rsplit("/", 1)[1] for r in rows77} - used - zero - {"passed-out"}
    assert not unused, unused


def test_passed_out_scores_zero():
    assert score("PASS", vulnerable=False, tricks=None)["score"] == 0


@pytest.mark.parametrize("contract,tricks,message", [
    ("8S", 9, "1 to 7"), ("4Z", 9, "not a contract"), ("4S", 14, "0 to 13"), ("4S", -1, "0 to 13"),
    ("", 9, "not a contract"), ("4S", None, "--tricks"),
])
def test_bad_contracts(contract, tricks, message):
    with pytest.raises(ScoringError) as e:
        score(contract, vulnerable=False, tricks=tricks)
    assert message in str(e.value)


# --- Law 78B: every boundary, both sides -----------------------------------------------------------

BANDS = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
         (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
         (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
         (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24)]
BOUNDARIES = [(lo, n) for lo, hi, n in BANDS] + [(hi, n) for lo, hi, n in BANDS if hi is not None] + [(7600, 24)]


@pytest.mark.parametrize("diff,expected", BOUNDARIES)
def test_imp_scale_boundaries(diff, expected):
    assert imps(diff)["imps"] == expected
    assert imps(-diff)["imps"] == -expected
    assert imps(diff)["citations"] == ["78B"]


def test_imp_bands_meet():
    for (lo, hi, n), (lo2, _, n2) in zip(BANDS, BANDS[1:]):
        assert imps(hi)["imps"] == n and imps(lo2)["imps"] == n2 == n + 1 and lo2 == hi + 10
    assert imps(15)["imps"] == 0 and imps(45)["imps"] == 1      # between bands: the lower one


# --- the schedules are data in the graph -------------------------------------------------------

def test_schedules_are_part_of_the_graph():
    names = {f.name for f in graph_files()}
    assert {"law77.ttl", "law78b.ttl"} <= names


def test_every_row_links_to_its_provision_and_source_line():
    src = (ROOT / "sources" / "000_1f3522d3ae8db592.txt").read_text(encoding="utf-8").splitlines()
    for name, prov in (("law77.ttl", "77"), ("law78b.ttl", "78B")):
        g = Graph().parse(ONTOLOGY / "schedules" / name, format="turtle")
        q = """PREFIX bl: <https://w3id.org/bridge-laws/ontology#> PREFIX prov: <http://www.w3.org/ns/prov#>
        SELECT ?r ?p ?file ?line ?pts ?imps WHERE { ?s bl:hasRow ?r . ?r a bl:ScheduleRow ; bl:sourceProvision ?p ;
            prov:wasDerivedFrom ?src . ?src bl:sourceFile ?file ; bl:firstLine ?line .
          OPTIONAL { ?r bl:points ?pts } OPTIONAL { ?r bl:imps ?imps } }"""
        rows = list(g.query(q))
        assert len(rows) == {"77": 47, "78B": 25}[prov]
        for r, p, file, line, pts, imp in rows:
            assert str(p).endswith("/wbf2017/" + prov), r
            assert str(file) == "sources/000_1f3522d3ae8db592.txt", r
            text = src[int(line) - 1]
            value = pts if pts is not None else imp
            if value is not None:
                assert str(int(value)) in text, (r, line, text)


def test_the_laws_tables_use_the_one_schedule_vocabulary():
    """Law 77 and 78B are bl:Schedule / bl:ScheduleRow like the regulations' tables: no sch: term is left."""
    for name in ("law77.ttl", "law78b.ttl"):
        g = Graph().parse(ONTOLOGY / "schedules" / name, format="turtle")
        assert not [p for _, p, _ in g if "bridge-laws/schedules#" in str(p)], name
        assert not [o for _, _, o in g if "bridge-laws/schedules#" in str(o)], name
        assert len(set(g.subjects(predicate=None, object=URIRef("https://w3id.org/bridge-laws/ontology#Schedule")))) == 1


def test_table_agrees_with_the_simplified_edition():
    """sources/002 prints the same Law 77 penalty row in one line: 第一个宕墩 50 100 200 100 200 400."""
    src = (ROOT / "sources" / "002_1d174f04155fa5c3.txt").read_text(encoding="utf-8")
    assert "第一个宕墩\t50\t100\t200\t100\t200\t400" in src
    firsts = [score("1NT" + x, v, 6)["score"] for v in (NV, V) for x in ("", "X", "XX")]
    assert firsts == [-50, -100, -200, -100, -200, -400]


# --- the command line --------------------------------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "query", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_cli_score_contract():
    r = run("score", "4SX", "--vul", "--tricks", "10", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert {"contract": "4SX", "vulnerable": True, "tricks": 10, "score": 790, "citations": ["77"]}.items() <= d.items()
    assert d["breakdown"]
    d = json.loads(run("score", "3NT", "--nv", "--tricks", "8", "--json").stdout)
    assert d["score"] == -50 and d["vulnerable"] is False


def test_cli_imps_contract():
    r = run("imps", "430", "--json")
    assert r.returncode == 0
    assert {"diff": 430, "imps": 10, "citations": ["78B"]}.items() <= json.loads(r.stdout).items()
    assert json.loads(run("imps", "-430", "--json").stdout)["imps"] == -10


@pytest.mark.parametrize("args", [("score", "8S", "--tricks", "9"), ("score", "4Z", "--tricks", "9"),
                                  ("score", "4S", "--tricks", "14"), ("imps", "ten")])
def test_cli_bad_input(args):
    r = run(*args, "--json")
    assert r.returncode == 2
    assert r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1
    assert "error" in json.loads(r.stdout)
