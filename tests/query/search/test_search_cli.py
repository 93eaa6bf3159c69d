"""`python -m query search` (issue 4, DESIGN.md section 7): the JSON contract, the batch mode, and
bad input (one line on stderr, exit 2, {"error": ...} with --json, never a traceback)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
ENV = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONIOENCODING": "utf-8"}


def cli(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "query", *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=timeout)


# --- bad input: checked before anything is loaded ----------------------------------------------

BAD = [
    (["search", ""], "empty query"),
    (["search", "   "], "empty query"),
    (["search", "x" * 2001], "too long"),
    (["search", "ab\x01\x02cd"], "control characters"),
    (["search", "？？？"], "no words"),
    (["search", "revoke", "--lang", "fr"], "invalid choice"),
    (["search", "revoke", "--k", "0"], "--k must be between 1 and 100"),
    (["search", "revoke", "--k", "many"], "not a whole number"),
    (["search"], "no query given"),
    (["search", "--batch", "/nonexistent/queries.txt"], "batch file not found"),
    (["search", "revoke", "--batch", "tests/data/search_queries.tsv"], "not both"),
    (["eval-search", "--queries", "/nonexistent/set.tsv"], "query file not found"),
    (["eval-search", "--set", "nope=1"], "--set needs KEY=VALUE"),
    (["eval-search", "--set", "w_dense=abc"], "'abc' is not a float"),
    (["eval-search", "--set", "w_card_dense=maybe"], "'maybe' is not a bool"),
]


@pytest.mark.parametrize("args, message", BAD, ids=[m for _, m in BAD])
def test_bad_input_exits_2_with_one_line(args, message):
    p = cli(*args)
    assert p.returncode == 2, p.stderr
    err = p.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and message in err[0], p.stderr
    assert "Traceback" not in p.stderr and p.stdout == ""
    pj = cli(*args, "--json")
    assert pj.returncode == 2
    assert message in json.loads(pj.stdout)["error"]


def test_binary_batch_file_is_refused(tmp_path):
    f = tmp_path / "bin.txt"
    f.write_bytes(b"\x00\x01\xff\xfe revoke")
    p = cli("search", "--batch", str(f))
    assert p.returncode == 2 and "binary" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    g = tmp_path / "latin1.txt"
    g.write_bytes("défense".encode("latin-1"))
    p = cli("search", "--batch", str(g))
    assert p.returncode == 2 and "not UTF-8" in p.stderr


# --- the contract ---------------------------------------------------------------------------------

def test_search_json_contract():
    p = cli("search", "my opponent bid too low, can I accept it?", "--k", "5", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["query"] == "my opponent bid too low, can I accept it?"
    assert 1 <= len(r["hits"]) <= 5
    h = r["hits"][0]
    for key, typ in (("id", str), ("doc", str), ("provision", str), ("lang", str), ("title", str),
                     ("text", str), ("score", float)):
        assert isinstance(h[key], typ), key
    assert h["id"] == f"{h['doc']}:{h['provision']}"
    assert h["id"] == "wbf2017:27A1" and h["law"] == 27 and h["lang"] == "en"
    assert "insufficient bid may be accepted" in h["text"]
    scores = [x["score"] for x in r["hits"]]
    assert scores == sorted(scores, reverse=True) and scores[0] == 1.0
    ids = [x["id"] for x in r["hits"]]
    assert len(ids) == len(set(ids)), "one hit per provision, whatever language matched"


def test_hits_are_shown_in_the_query_language_or_lang():
    r = json.loads(cli("search", "對手叫價不足可以接受嗎", "--k", "3", "--json").stdout)
    assert "wbf2017:27A1" in [h["id"] for h in r["hits"]]        # 27A1: LHO may accept an insufficient bid
    assert all(h["lang"] == "zh-Hant" and "不足叫價" in h["text"] for h in r["hits"]), r["hits"]
    r = json.loads(cli("search", "對手叫價不足可以接受嗎", "--k", "3", "--lang", "en", "--json").stdout)
    assert r["hits"][0]["lang"] == "en" and "insufficient bid" in r["hits"][0]["text"]


def test_a_hit_says_which_question_card_it_answers():
    """asked_like: the hit's question card nearest the query (query/search/cards.py), in the query's language;
    a card, never law text, so it is not one of the hit's texts."""
    from query.search.cards import load
    cards = {(c.doc, c.provision, c.lang, c.question) for c in load()}
    r = json.loads(cli("search", "dummy wants to warn declarer he is about to lead from the wrong hand", "--k", "3",
                       "--lang", "zh-Hans", "--json").stdout)
    for h in r["hits"]:
        like = h["asked_like"]
        assert like["lang"] == "en" and (h["doc"], h["provision"], "en", like["text"]) in cards
        assert like["text"] not in h["texts"].values()
    r = json.loads(cli("search", "revoke", "--method", "bm25", "--json").stdout)
    assert r["hits"] and not any("asked_like" in h for h in r["hits"])      # no query vector, no nearest card


def test_batch_one_json_object_per_line_in_order(tmp_path):
    f = tmp_path / "q.txt"
    f.write_text("藏牌成立后怎么处理\n\ncan dummy tell declarer he's in the wrong hand?\n" + "x" * 2500 + "\n夢家\n",
                 encoding="utf-8")
    p = cli("search", "--batch", str(f), "--k", "3", "--json")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines) == 5
    out = [json.loads(x) for x in lines]
    assert out[0]["query"] == "藏牌成立后怎么处理" and out[0]["hits"]
    assert {h["lang"] for h in out[0]["hits"]} == {"zh-Hans"}
    assert out[1]["error"] == "empty query"
    assert out[2]["hits"][0]["doc"] == "wbf2017"
    assert "too long" in out[3]["error"]
    assert out[4]["hits"]
    assert "2 of 5 lines were not searched" in p.stderr and "Traceback" not in p.stderr


def test_documents_come_from_the_graph():
    """Hits from other documents carry their own doc id (read from the graph, not assumed)."""
    from query.search.hybrid import shared
    docs = {u.doc for u in shared().units}
    assert "wbf2017" in docs
    for u in shared().units[:50]:
        assert u.id.startswith(u.doc + ":")


def test_a_bare_defined_term_gets_its_definition_first():
    from query.search.hybrid import shared
    for q in ("夢家", "dummy", "什麼是明手", "what is a psych?"):
        r = shared().search(q, k=3)
        h = r["hits"][0]
        assert h["provision"] == "Definitions" and h.get("term") in ("dummy", "psychic-call"), (q, h)
    r = shared().search("can dummy tell declarer he's in the wrong hand?", k=3)
    assert r["hits"][0]["provision"] != "Definitions"      # a question about dummy is not a definition
