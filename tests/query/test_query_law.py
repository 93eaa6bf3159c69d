"""`python -m query law` (DESIGN.md section 7): the contract, cross-references both ways, errors."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ingest.shacl import validate
from query.graph import LAWS_TTL, ROOT, load
from query.lookup import LookupError_, law, normalise_id


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "query", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def g():
    return load()


def test_committed_graph_conforms_to_shapes():
    conforms, report = validate(LAWS_TTL)
    assert conforms, report[:2000]


def test_cli_json_contract():
    r = run("law", "27B2", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["provision"] == "27B2" and d["law"] == 27
    assert set(d["texts"]) == {"en", "zh-Hant", "zh-Hans"}
    assert "offender's partner must pass whenever it is his turn to call" in d["texts"]["en"]
    assert "務必永遠派司" in d["texts"]["zh-Hant"]
    assert "必须永远不叫" in d["texts"]["zh-Hans"]
    # 27B2: "The lead restrictions in Law 26B may apply, and see Law 72C."
    cites = {c["provision"]: c["types"] for c in d["cites"]}
    assert cites["26B"] == ["may-apply"] and "72C" in cites
    assert {"lang": "en", "level": "must", "word": "must"}.items() <= next(
        s for s in d["strength"] if s["lang"] == "en" and s["level"] == "must").items()
    for key in ("strength", "cites", "cited_by", "versions"):
        assert key in d


def test_cited_by_goes_the_other_way(g):
    # Law 26B is cited by 27B2 (27B2: "Law 26B may apply") and by 30B1(b)(ii), 31A2(b), 32A2(b)
    cited_by = {c["provision"] for c in law(g, "26B")["cited_by"]}
    assert {"27B2", "27B3", "30B1(b)(ii)", "31A2(b)", "32A2(b)"} <= cited_by


def test_states_of_laws_73_and_89(g):
    d = law(g, "73A1")
    assert d["states"] == {"en": "2024 revision", "zh-Hant": "2024 revision", "zh-Hans": "2017 original"}
    assert law(g, "27B2")["states"]["en"] == "2017 original"


def test_terms_used_with_three_labels(g):
    terms = {t["term"]: t for t in law(g, "27B2")["terms"]}
    assert terms["partner"]["labels"] == {"en": "Partner", "zh-Hant": "同伴", "zh-Hans": "搭档"}


@pytest.mark.parametrize("raw, expected", [
    ("27b1(A)", (None, "27B1(a)")), ("Law 27 B 2", (None, "27B2")), ("wbf2017:40B2(a)(v)", ("wbf2017", "40B2(a)(v)")),
    ("definitions", (None, "Definitions")),
])
def test_normalise_id(raw, expected):
    assert normalise_id(raw) == expected


@pytest.mark.parametrize("args, message", [
    (("law", "99Z"), "unknown provision id"),
    (("law", "27B9"), "unknown provision id"),
    (("law", ""), "empty provision id"),
    (("law", "27B2", "--doc", "nosuchdoc"), "unknown document"),
    (("law", "x" * 500), "too long"),
    (("law",), "the following arguments are required"),
    (("frobnicate",), "invalid choice"),
])
def test_bad_input_one_line_exit_2(args, message):
    r = run(*args, "--json")
    assert r.returncode == 2
    assert message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert message in json.loads(r.stdout)["error"]


def test_unknown_id_suggests_near_ids(g):
    with pytest.raises(LookupError_, match="did you mean"):
        law(g, "27B1(c)")


def test_law_64_full_text_in_three_languages_in_document_order():
    r = run("law", "64", "--json")
    assert r.returncode == 0, r.stderr
    full = json.loads(r.stdout)["full_text"]
    assert set(full) == {"en", "zh-Hant", "zh-Hans"}
    for lang, parts in full.items():
        ids = [p["provision"] for p in parts]
        # Law 64's parts in the Laws' order: A before B before C, items in number order
        assert ids.index("64A1") < ids.index("64B") < ids.index("64B3") < ids.index("64B8") < ids.index("64C1"), lang
        assert all(p["text"].strip() for p in parts), lang
    en = {p["provision"]: p["text"] for p in full["en"]}
    assert "penalty card or any card belonging to dummy" in en["64B3"]
    assert "There is no automatic trick adjustment" in en["64B"]


def test_list_item_is_read_with_its_lead_in(g):
    # 43B2(a) alone says "warns declarer not to lead from the wrong hand"; its condition is 43B2's
    lead = law(g, "43B2(a)")["lead_in"]
    assert [x["provision"] for x in lead] == ["43B2"]
    assert lead[0]["texts"]["en"].startswith("If dummy, after his violation of the limitations listed in A2")
    assert "夢家違反" in lead[0]["texts"]["zh-Hant"] and "明手" in lead[0]["texts"]["zh-Hans"]
    assert law(g, "64B3")["lead_in"][0]["provision"] == "64B"
    assert law(g, "64B")["lead_in"] == []        # a section is read alone


def test_prefix_names_the_document_and_bare_ids_list_every_document(g):
    from query.lookup import candidates
    assert law(g, "ccba2018:21")["doc"] == "ccba2018"
    assert law(g, "wbfsys2023:2.3")["doc"] == "wbfsys2023"
    assert law(g, "wbf1987:27B1(b)")["doc"] == "wbf1987"
    assert {"wbf2017", "ccba2018", "twreg", "wbf1987"} <= set(candidates(g, "21"))
    assert candidates(g, "twreg:11") == ["twreg"]
    with pytest.raises(LookupError_):
        law(g, "ccba2018:21", "twreg")       # the id and --doc disagree: say so, never guess
