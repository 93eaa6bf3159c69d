"""Schedules of the national regulations as code: `query schedule` and `query vp`.
Expected values are read from the source texts (line numbers in each case)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from query.graph import ROOT


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "query", *args, "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("minutes, consequence", [
    # CCBA 2018 第二十一条 一、(一), seed 002 lines 805-811: 迟到 0+~5 分钟 扣 0.5VP ... 15+~20 扣 3VP
    (3, "扣 0.5VP"), (5, "扣 0.5VP"), (5.5, "扣 1VP"), (12, "扣 2VP"), (15, "扣 2VP"), (20, "扣 3VP"),
])
def test_ccba_late_arrival_teams_vp(minutes, consequence):
    r = run("schedule", "ccba2018:late-arrival-teams-vp", str(minutes))
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["consequence"] == consequence and d["citations"] == ["ccba2018:21-1(1)"]


def test_ccba_overtime_teams_vp():
    # CCBA 2018 第二十二条, seed 002 line 865: 超时 5+~10 分钟：扣 1.5VP
    d = json.loads(run("schedule", "ccba2018:overtime-teams-vp", "7").stdout)
    assert d["consequence"] == "扣 1.5VP" and d["citations"][0].startswith("ccba2018:22")


def test_more_than_20_minutes_late_is_the_tables_last_row_a_forfeit():
    """Regression: rows with only a lower bound (迟到 20 分钟以上：以弃权论, seed 002 line 813) were
    dropped by the lookup, which then answered "outside the schedule's bands"."""
    d = json.loads(run("schedule", "ccba2018:late-arrival-teams-vp", "25").stdout)
    assert d["row"] == 5 and d["consequence"] == "以弃权论" and d["band"] == [20.0, None]


@pytest.mark.parametrize("imps, boards, vp", [
    # Taiwan regulations 第八二條 (seed 001 lines 3416-3480): 8 boards, 0-1 -> 15-15, 2-5 -> 16-14,
    # 51 and more -> 25-0
    (0, 8, [15.0, 15.0]), (1, 8, [15.0, 15.0]), (2, 8, [16.0, 14.0]), (-2, 8, [14.0, 16.0]), (51, 8, [25.0, 0.0]),
    (120, 8, [25.0, 0.0]),
])
def test_imp_to_vp(imps, boards, vp):
    d = json.loads(run("vp", str(imps), "--boards", str(boards)).stdout)
    assert d["vp"] == vp and d["citations"] == ["twreg:82"]


@pytest.mark.parametrize("boards, vp", [
    # 第八二條 prints the columns 8 12 14 16 20 ... 48 one after another (seed 001 lines 3416-3807); 20
    # IMPs falls in 17-20 (12 boards), 20-23 (16 boards, the 6th row: 20-10), 17-21 (20 boards, the 5th
    # row: 19-11), 13-20 (48 boards, the 3rd row: 17-13). The scale is the older WBF 25-VP scale: a tie
    # is 15-15 and the two sides' VPs sum to 30 down to 25-5, so 20-10 is right, not a slip of a 20-VP scale.
    (12, [20.0, 10.0]), (16, [20.0, 10.0]), (20, [19.0, 11.0]), (48, [17.0, 13.0]),
])
def test_the_boards_select_their_column_of_the_scale(boards, vp):
    from query.graph import shared
    from query.scoring.schedules import imp_to_vp
    assert imp_to_vp(shared(), 20, boards)["vp"] == vp


@pytest.mark.parametrize("args, message", [
    (("vp", "10", "--boards", "7"), "no column for 7 boards"),
    (("schedule", "nodoc-schedule", "3"), "DOC:NAME"),
    (("schedule", "ccba2018:nope", "3"), "unknown schedule"),
    (("schedule", "ccba2018:late-arrival-teams-vp", "-1"), "negative"),
])
def test_bad_input(args, message):
    r = run(*args)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_list_has_the_regulations_schedules():
    names = {s["schedule"] for s in json.loads(run("schedule", "--list").stdout)["schedules"]}
    assert {"ccba2018:late-arrival-teams-vp", "ccba2018:overtime-teams-vp", "twreg:imp-to-vp-wbf"} <= names
