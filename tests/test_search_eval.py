"""Search quality on the labelled query set (issue 4): the hybrid must reach the recall measured
when PARAMS were chosen (README "Search"), per language, and beat BM25 alone. A real run of the
search over the whole graph; the thresholds sit a little under the measured figures, so a change
that makes search worse fails here."""
from __future__ import annotations

import pytest

from query import evaluate
from query.search import LANGS, shared

# measured on the whole set (198 queries) at this commit: README "Search", table "whole set"
MIN_RECALL5 = {"en": 0.78, "zh-Hant": 0.75, "zh-Hans": 0.87}
MIN_MRR = {"en": 0.65, "zh-Hant": 0.62, "zh-Hans": 0.75}


@pytest.fixture(scope="module")
def result():
    queries = evaluate.load_queries()
    return queries, evaluate.run(shared(), queries)


def test_query_set_shape(result):
    queries, _ = result
    assert len(queries) >= 150
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


def test_hybrid_beats_bm25_and_dense(result):
    s = result[1]["summary"]["all"]
    for metric in ("recall@1", "recall@5", "mrr"):
        assert s["hybrid"]["all"][metric] > s["bm25"]["all"][metric], (metric, s["hybrid"]["all"], s["bm25"]["all"])
        assert s["hybrid"]["all"][metric] > s["dense"]["all"][metric]
    for lang in LANGS:
        assert s["hybrid"][lang]["mrr"] >= s["bm25"][lang]["mrr"], lang


def test_halves_are_reported(result):
    s = result[1]["summary"]
    assert s["A"]["hybrid"]["all"]["n"] + s["B"]["hybrid"]["all"]["n"] == s["all"]["hybrid"]["all"]["n"]
    assert s["B"]["hybrid"]["all"]["recall@5"] > s["B"]["bm25"]["all"]["recall@5"]
