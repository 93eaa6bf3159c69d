"""eval-rulings (query/rulings/evaluate.py): ancestors count for must-cite, an absent set is reported,
and the dev half's figures come out per language."""
from __future__ import annotations

import json

from query.cli import main
from query.graph import ROOT, shared
from query.rulings.evaluate import ancestors, covered, evaluate, judge, summarize


def test_a_more_specific_citation_covers_its_ancestors():
    assert ancestors("27B1(a)") == {"27B1(a)", "27B1", "27B", "27"}
    assert ancestors("40B2(a)(v)") >= {"40B2(a)", "40B2", "40B", "40"}
    assert {"27", "27B"} <= covered(["27B1(a)"]) and "27A" not in covered(["27B1(a)"])
    assert ancestors("ccba2018:52") == {"ccba2018:52"}


def test_judge_counts_a_wrong_irregularity_only_when_the_reader_did_not_ask():
    row = {"id": "x", "lang": "en", "kind": "complete", "irregularities": ["revoke"], "must_cite": ["64A"]}
    ruled = {"irregularities": ["claim_or_concession"], "missing": [], "citations": ["68A"]}
    asked = {"irregularities": [], "missing": [{"fact": "irregularity"}], "citations": []}
    assert judge(row, ruled)["wrong"] and not judge(row, asked)["wrong"]
    assert judge(row, {"irregularities": ["revoke"], "missing": [], "citations": ["64A1"]})["cites_all"]


def test_a_further_ruling_on_a_kind_the_writer_did_not_label_is_counted():
    row = {"id": "x", "lang": "en", "kind": "complete", "irregularities": ["insufficient_bid", "call_when_required_to_pass"]}
    answer = {"irregularities": ["insufficient_bid"], "missing": [], "citations": ["27B2"],
              "further": [{"irregularity": "call_when_required_to_pass"}, {"irregularity": "change_of_call"}]}
    assert judge(row, answer)["further_unlabelled"] == [False, True]
    assert summarize([judge(row, answer)])["further_unlabelled"] == {"n": 2, "share": 0.5}


def test_absent_set_is_reported_and_the_other_evaluated(tmp_path):
    dev = tmp_path / "dev.jsonl"
    dev.write_text(json.dumps({"id": "a", "lang": "en", "text": "South opened 2♣; West bid 1NT; North did not accept it",
                               "kind": "complete", "irregularities": ["insufficient_bid"], "must_cite": ["27B"], "half": "dev"}) + "\n",
                   encoding="utf-8")
    out = evaluate(shared(), {"dev": dev, "heldout": tmp_path / "absent.jsonl"})
    assert out["files"]["heldout"].startswith("absent")
    s = out["halves"]["dev"]["per_lang"]["en"]
    assert s["cite_all"] == {"n": 1, "share": 1.0} and s["wrong_irregularity"]["share"] == 0.0


def test_cli_eval_rulings_prints_one_json_object(capsys):
    assert main(["eval-rulings", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "dev" in out["files"] and set(out["halves"]["dev"]["all"]) >= {"cite_all", "wrong_irregularity", "asks_when_missing"}
    assert (ROOT / "tests" / "data" / "rulings_dev.jsonl").exists()


def test_a_fact_row_counts_each_labelled_fact_as_read_wrong_asked_or_unused():
    """Laws 27A1 (acceptance by LHO's call) and 27B: the facts measure of rows of kind `facts`."""
    row = {"id": "f", "lang": "en", "kind": "facts", "irregularities": ["insufficient_bid"],
           "facts": {"accepted": True, "lho_called": False, "replacement_comparable": True, "revoke_trick": 4}}
    answer = {"irregularities": ["insufficient_bid"], "citations": ["27A1"],
              "understood": {"facts": {"accepted": True, "lho_called": True}},
              "missing": [{"fact": "replacement_comparable"}]}
    assert judge(row, answer)["facts"] == {"accepted": "read", "lho_called": "wrong",
                                           "replacement_comparable": "asked", "revoke_trick": "unused"}


def test_the_facts_measure_reads_a_story_told_in_plain_words(tmp_path):
    """North's pass over West's 1♦ (after South's 1♥) accepts the insufficient bid (Law 27A1)."""
    rows = tmp_path / "facts.jsonl"
    rows.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a", "lang": "en", "kind": "facts", "text": "South opened 1H, West bid 1D. North passed.",
         "irregularities": ["insufficient_bid"], "facts": {"accepted": True}},
        {"id": "b", "lang": "en", "kind": "facts", "text": "South opened 1H, West bid 1D. North passed.",
         "irregularities": ["insufficient_bid"], "facts": {"accepted": False}}]) + "\n", encoding="utf-8")
    s = evaluate(shared(), {"facts": rows})["halves"]["facts"]["all"]
    assert s["facts_read"] == {"n": 2, "share": 0.5} and s["facts_wrong"]["share"] == 0.5
    assert s["wrong_irregularity"]["share"] == 0.0 and s["cite_all"]["n"] == 0
