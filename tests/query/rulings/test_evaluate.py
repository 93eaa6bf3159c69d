"""eval-rulings (query/rulings/evaluate.py): ancestors count for must-cite, an absent set is reported,
and the dev half's figures come out per language."""
from __future__ import annotations

import json

from query.cli import main
from query.graph import ROOT, shared
from query.rulings.evaluate import ancestors, covered, evaluate, judge


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
