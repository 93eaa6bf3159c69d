"""Schedules with variants (Taiwan 第十一條: one late-arrival table for VP matches, one for knockout or
head-to-head matches) and the CCBA 2018 penalty scale (第五十一条, categories 1-4), through
query.scoring.schedules and `python -m query schedule`. Expected values are read from the source
texts: seed 001 line 2928 (Taiwan 11), seed 002 lines 1613-1619 (CCBA 51)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from query.errors import BadInput
from query.graph import ROOT, shared
from query.scoring.schedules import banded, category

TW = "twreg:late-arrival-teams"
SCALE = "ccba2018:penalty-scale"
CCBA = (ROOT / "sources" / "002_1d174f04155fa5c3.txt").read_text(encoding="utf-8").splitlines()
TAIWAN_11 = (ROOT / "sources" / "001_77b6f20d446a4103.txt").read_text(encoding="utf-8").splitlines()[2927]


@pytest.fixture(scope="module")
def g():
    return shared()


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "query", "schedule", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


# --- variants ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", "victory points"), ("zh-Hant", "勝分"), ("zh-Hans", "胜分")])
def test_twelve_minutes_late_in_taiwan_asks_which_kind_of_match_in_the_users_language(g, lang, words):
    """12 minutes: 罰1勝分 in a VP match, 扣遲到隊所得國際序分的10% in a knockout; the answer asks."""
    d = banded(g, TW, 12, lang=lang)
    assert "row" not in d and d["citations"] == ["twreg:11"]
    (m,) = d["missing"]
    assert set(m) == {"fact", "question", "options"} and m["fact"] == "variant" and words in m["question"]
    assert [o["value"] for o in m["options"]] == ["vp", "knockout"]
    assert all(set(o) == {"value", "label"} and o["label"] for o in m["options"])


@pytest.mark.parametrize("variant, minutes, consequence", [
    ("vp", 12, "罰1勝分"), ("vp", 22, "罰3勝分"), ("vp", 30, "罰5勝分"),
    ("knockout", 12, "扣遲到隊所得國際序分的10%"), ("knockout", 22, "扣20%"),
])
def test_the_variant_named_gives_its_own_row_and_says_which(g, variant, minutes, consequence):
    d = banded(g, TW, minutes, variant=variant)
    assert d["consequence"] == consequence and consequence in TAIWAN_11
    assert d["variant"]["value"] == variant and d["variant"]["words"] in TAIWAN_11 + "勝分（25:5）"


@pytest.mark.parametrize("minutes, consequence", [(5, "警告"), (35, "判作棄權")])
def test_where_every_variant_agrees_the_answer_needs_no_question(g, minutes, consequence):
    d = banded(g, TW, minutes)
    assert d["consequence"] == consequence and d["variants"] == ["vp", "knockout"] and "missing" not in d


def test_five_minutes_late_in_taiwan_is_a_warning_regression(g):
    """Regression: the first band (遲到在十分鐘（含）以內, no lower bound) was dropped by the lookup."""
    assert banded(g, TW, 5, variant="vp")["row"] == 1


def test_an_unknown_or_needless_variant_is_one_line_exit_2():
    r = cli(TW, "12", "--variant", "swiss")
    assert r.returncode == 2 and "one of: vp, knockout" in r.stderr and len(r.stderr.splitlines()) == 1
    r = cli("ccba2018:late-arrival-teams-vp", "12", "--variant", "vp")
    assert r.returncode == 2 and "no variants" in r.stderr


def test_the_question_comes_out_of_the_command_as_json():
    d = json.loads(cli(TW, "12", "--lang", "zh-Hant", "--json").stdout)
    assert d["missing"][0]["question"].startswith("本場比賽") and d["missing"][0]["options"][1]["value"] == "knockout"


# --- CCBA 2018 article 51, the penalty scale ---------------------------------------------------------

@pytest.mark.parametrize("cat, amounts", [
    (1, [(3, 6, "VP"), (13, 24, "IMP"), (120, 240, "percent-of-top")]),   # 扣 3-6VP，或者 13-24IMP，或者 … 120-240%
    (2, [(2, None, "VP"), (12, None, "IMP"), (100, None, "percent-of-top")]),
    (3, [(1, None, "VP"), (6, None, "IMP"), (50, None, "percent-of-top")]),
])
def test_a_penalty_category_gives_its_amounts_and_source_line(g, cat, amounts):
    d = category(g, SCALE, cat)
    assert [(a["amount"], a.get("max"), a["unit"]) for a in d["amounts"]] == amounts
    assert d["citations"] == ["ccba2018:51"] and d["source"]["file"] == "sources/002_1d174f04155fa5c3.txt"
    line = CCBA[d["source"]["lines"][0] - 1]
    assert line.startswith(d["condition"]) and d["consequence"] in line


def test_category_one_is_also_referred_to_the_governing_body(g):
    assert category(g, SCALE, 1)["outcomes"] == ["referral"]      # 同时报请主管单位给予进一步处理


def test_category_four_asks_which_offence(g):
    d = banded(g, SCALE, 4, lang="zh-Hans")             # the command's lookup hands a scale to category()
    (m,) = d["missing"]
    assert m["fact"] == "offence" and [o["label"] for o in m["options"]] == ["第一次违规", "第二次违规", "再犯"]


@pytest.mark.parametrize("offence, words, outcomes, vp", [(1, "第一次违规警告", ["warning"], None),
                                                         (2, "第二次违规扣 0.5VP", [], 0.5), (5, "再犯扣 1VP", [], 1.0)])
def test_category_four_escalates_by_offence(g, offence, words, outcomes, vp):
    d = category(g, SCALE, 4, offence)
    assert d["consequence"].startswith(words) and d["outcomes"] == outcomes
    assert [a["amount"] for a in d["amounts"] if a["unit"] == "VP"] == ([vp] if vp else [])


def test_article_52_applies_categories_and_is_not_a_scale(g):
    with pytest.raises(BadInput, match="not a penalty scale"):
        category(g, "ccba2018:procedural-penalties", 4)
    with pytest.raises(BadInput, match="not a category"):
        category(g, SCALE, 5)


def test_the_laws_tables_are_listed_and_point_to_score_and_imps():
    names = {s["schedule"] for s in json.loads(cli("--list", "--json").stdout)["schedules"]}
    assert {"wbf2017:law77", "wbf2017:law78b"} <= names
    r = cli("wbf2017:law78b", "430")
    assert r.returncode == 2 and "query imps" in r.stderr
