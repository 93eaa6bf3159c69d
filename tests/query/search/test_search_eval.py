"""Search quality on the labelled query sets (issue 4): the hybrid must reach recall@5 0.90 in each
language on the held-out set (written without sight of the search or its question cards, never
tuned on) and stay near the figures measured when PARAMS were chosen (README "Search") on the
whole, and beat BM25 alone. A real run of the search over the whole graph; the thresholds sit a
little under the measured figures, so a change that makes search worse fails here."""
from __future__ import annotations

import pytest

from query.search import evaluate
from query.search.hybrid import LANGS, shared

# measured at this commit (README "Search"): whole set R@5 0.954 / 0.951 / 0.976, MRR 0.838 / 0.860 /
# 0.871; held-out set R@5 0.983 / 0.933 / 0.967 (60 queries a language: one query is 0.017)
MIN_RECALL5 = {"en": 0.93, "zh-Hant": 0.93, "zh-Hans": 0.95}
MIN_MRR = {"en": 0.80, "zh-Hant": 0.82, "zh-Hans": 0.84}
MIN_HELDOUT_RECALL5 = 0.90        # the target, in each language


@pytest.fixture(scope="module")
def result():
    queries = evaluate.load_sets()
    return queries, evaluate.run(shared(), queries)


def test_query_set_shape(result):
    queries, _ = result
    assert len(queries) >= 350
    assert sum(1 for q in queries if q["half"] == "H") >= 150
    per_lang = {lang: sum(1 for q in queries if q["lang"] == lang) for lang in LANGS}
    assert all(n >= 45 for n in per_lang.values()), per_lang          # about a third each
    laws = {_law(p) for q in queries for d, p in q["expected"] if d == "wbf2017" and p[0].isdigit()}
    assert len(laws) >= 60, len(laws)
    paraphrased = sum(1 for q in queries if q["note"] in ("paraphrase", "mixed"))
    assert paraphrased >= 0.8 * len(queries)


def _law(pid: str) -> int:
    digits = ""
    for c in pid:
        if not c.isdigit():
            break
        digits += c
    return int(digits)


def test_every_expected_id_exists(result):
    queries, _ = result
    units = shared().units
    known = {(u.doc, u.provision) for u in units} | {(u.doc, a) for u in units for a in u.ancestors}
    missing = [(q["query"], e) for q in queries for e in q["expected"] if e not in known]
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGS)
def test_hybrid_recall_at_5(result, lang):
    s = result[1]["summary"]["all"]["hybrid"][lang]
    assert s["recall@5"] >= MIN_RECALL5[lang], s
    assert s["mrr"] >= MIN_MRR[lang], s


@pytest.mark.parametrize("lang", LANGS)
def test_heldout_recall_at_5_reaches_the_target(result, lang):
    s = result[1]["summary"]["H"]
    assert s["hybrid"][lang]["n"] >= 50
    assert s["hybrid"][lang]["recall@5"] >= MIN_HELDOUT_RECALL5, s["hybrid"][lang]
    assert s["hybrid"][lang]["recall@5"] > s["bm25"][lang]["recall@5"], (s["hybrid"][lang], s["bm25"][lang])


def test_hybrid_beats_bm25_and_dense(result):
    s = result[1]["summary"]["all"]
    for metric in ("recall@1", "recall@5", "mrr"):
        assert s["hybrid"]["all"][metric] > s["bm25"]["all"][metric], (metric, s["hybrid"]["all"], s["bm25"]["all"])
        assert s["hybrid"]["all"][metric] > s["dense"]["all"][metric]
    for lang in LANGS:
        assert s["hybrid"][lang]["mrr"] >= s["bm25"][lang]["mrr"], lang


def test_halves_are_reported(result):
    s = result[1]["summary"]
    parts = sum(s[part]["hybrid"]["all"]["n"] for part in ("A", "B", "H"))
    assert parts == s["all"]["hybrid"]["all"]["n"]
    assert s["B"]["hybrid"]["all"]["recall@5"] > s["B"]["bm25"]["all"]["recall@5"]
