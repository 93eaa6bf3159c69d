"""The reader's second opinion on the irregularity (query/rulings/scenario/told_like.py): the labelled
stories it compares with, what it finds for stories it has not seen, and the ruling it stops.

Never a confident wrong ruling (docs/scenario-reader.md): when the stories told most like this one
never had the replay's irregularity, the reader asks which irregularity it was instead of ruling.
"""
from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from query.graph import shared
from query.rulings.reasoner import rule_base
from query.rulings.scenario import rule_text, told_like

ROOT = Path(__file__).resolve().parents[4]
BUILD = runpy.run_path(str(ROOT / "scripts" / "told_stories.py"))
STORED = [json.loads(line) for line in told_like.STORIES.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def g():
    return shared()


def test_the_stored_stories_are_the_replay_cases_and_tuning_halves_as_they_are_now():
    assert STORED == BUILD["stories"](), "told_stories.jsonl is out of date: run scripts/told_stories.py"


def test_no_story_of_a_measured_or_held_out_half_is_compared_with():
    kept = {r["text"] for r in STORED}
    for path in (ROOT / "tests" / "data").glob("rulings_*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if row.get("half") in ("measured", "heldout"):
                assert row["text"] not in kept, f"{path.name} {row['id']} ({row['half']}) is in told_stories.jsonl"


def test_every_stored_story_is_labelled_with_an_irregularity_the_reasoner_knows(g):
    known = set(rule_base(g).vocab["irregularity"].allowed)
    assert {r["kind"] for r in STORED} <= known


@pytest.mark.parametrize("text, kind", [
    # Law 61/63: a discard while still holding the suit led, noticed later
    ("At trick 7 East discarded a club although he still held the ♦4; it came to light two tricks later.", "revoke"),
    # Law 27: a bid lower than the opening bid, by a player who had not seen it
    ("南家開叫1♠，西家接著叫了1♥，西家說他沒看到開叫。", "insufficient_bid"),
    # Law 68/70: declarer faces his hand and says the rest are his; a defender disagrees
    ("庄家摊牌说剩下的都是他的，东家不同意，说还有一张将牌没出。", "claim_or_concession"),
])
def test_stories_not_in_the_index_are_most_like_stories_of_their_own_irregularity(text, kind):
    assert text not in {r["text"] for r in STORED}
    assert told_like.kinds_told_alike(text)[0] == kind


def test_a_replayed_irregularity_unlike_every_similar_story_is_asked_about_not_ruled(g, monkeypatch):
    text = "South opened 2♣; West, who hadn't noticed, bid 1NT"
    assert rule_text(g, text, "en")["irregularities"][0] == "insufficient_bid"   # Law 27, ruled
    monkeypatch.setattr(told_like, "kinds_told_alike", lambda t, k=10: ["claim_or_concession", "revoke"])
    out = rule_text(g, text, "en")
    assert out["citations"] == [] and "irregularity" not in out["understood"]["facts"]
    asked = out["missing"][0]
    assert asked["fact"] == "irregularity"
    assert [o["value"] for o in asked["options"]] == ["insufficient_bid", "claim_or_concession", "revoke"]


def test_the_directors_answer_to_that_question_rules_as_told(g, monkeypatch):
    monkeypatch.setattr(told_like, "kinds_told_alike", lambda t, k=10: ["claim_or_concession"])
    out = rule_text(g, "South opened 2♣; West, who hadn't noticed, bid 1NT", "en", {"irregularity": "insufficient_bid"})
    assert any(c.startswith("27") for c in out["citations"])


@pytest.mark.parametrize("lang, read, alike", [
    ("en", "insufficient", "claim"), ("zh-Hant", "不足", "攤牌"), ("zh-Hans", "不足", "摊牌")])
def test_the_question_says_what_was_read_and_what_similar_stories_were_about(g, monkeypatch, lang, read, alike):
    monkeypatch.setattr(told_like, "kinds_told_alike", lambda t, k=10: ["claim_or_concession"])
    asked = rule_text(g, "South opened 2♣; West, who hadn't noticed, bid 1NT", lang)["missing"][0]["question"]
    assert read in asked.lower() and alike in asked.lower()


def test_when_nothing_names_the_irregularity_every_kind_is_offered_the_likeliest_first(g):
    text = "Something odd happened at table 4 with East, please help."
    asked = rule_text(g, text, "en")["missing"][0]
    offered = [o["value"] for o in asked["options"]]
    alike = told_like.kinds_told_alike(text)
    assert asked["fact"] == "irregularity" and alike
    assert offered[:len(alike)] == alike
    assert sorted(offered) == sorted(rule_base(g).vocab["irregularity"].allowed)
