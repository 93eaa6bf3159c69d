"""Every quiz key worked out again by another path than the generator's (issue 12, "Done when"):
golden scenarios' expected rectifications or the reasoner on the facts (rulings), direct rdflib
triple lookups in the graph (Index, glossary), `query.lookup.law` (references, strength clauses,
true-or-false statements), the question-card files read here with csv, and an independent
Law 77 / Law 78B computation written in this test from the Laws' tables."""
from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path

import pytest
from rdflib import Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, SKOS

from query.graph import shared
from query.lookup import law as lookup_law
from query.quiz.item import say
from query.quiz.select import TYPES, place, pool
from query.rulings.reasoner import rule_base, rule_facts

BL = Namespace("https://w3id.org/bridge-laws/ontology#")
LANGS = ("en", "zh-Hant", "zh-Hans")
PER_TYPE = 26          # per type and language: 7 types x 3 languages x 26 = 546 questions
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def g():
    return shared()


@pytest.fixture(scope="module")
def sample(g):
    out = []
    for lang in LANGS:
        for t in TYPES:
            qs = pool(g, lang, t)
            assert len(qs) >= PER_TYPE, (lang, t, len(qs))
            out += random.Random(f"{lang}{t}").sample(qs, PER_TYPE)
    return place(out, random.Random(0))


def test_sample_is_large_and_covers_everything(sample):
    assert len(sample) >= 500
    assert {(q.type, q.lang) for q in sample} == {(t, lang) for t in TYPES for lang in LANGS}


def _law77(contract: str, vul: bool, tricks: int) -> int:
    """Law 77, written here from the scoring table (not query.scoring)."""
    level, rest = int(contract[0]), contract[1:]
    dbl = rest.count("X")
    strain = rest.replace("X", "")
    need = 6 + level
    if tricks < need:
        down = need - tricks
        if dbl == 0:
            return -down * (100 if vul else 50)
        per = ([200, 300, 300] if vul else [100, 200, 200]) + [300] * 10
        pts = sum(per[:down])
        return -pts * (2 if dbl == 2 else 1)
    odd = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    trick = (odd * level + (10 if strain == "NT" else 0)) * (1, 2, 4)[dbl]
    over = tricks - need
    over_pts = over * odd if dbl == 0 else over * (200 if vul else 100) * dbl
    total = trick + over_pts + (50 * dbl)
    total += (500 if vul else 300) if trick >= 100 else 50
    if level == 6:
        total += 750 if vul else 500
    if level == 7:
        total += 1500 if vul else 1000
    return total


_IMP_BOUNDS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
               2250, 2500, 3000, 3500, 4000]          # Law 78B: the difference at which each IMP starts


def _imps(diff: int) -> int:
    return sum(1 for b in _IMP_BOUNDS if abs(diff) >= b)


def _clauses(g, pid: str, lang: str) -> list[dict]:
    return [s for s in lookup_law(g, pid)["strength"] if s["lang"] == lang]


def _index_targets(g, heading: str) -> set[str]:
    out = set()
    for c in g.subjects(SKOS.prefLabel, Literal(heading, lang="en")):
        for t in g.objects(c, BL.indexTarget):
            out |= {str(i) for i in g.objects(t, DCTERMS.identifier)}
    return out


def _cards() -> set[tuple[str, str, str]]:
    out = set()
    for f in (ROOT / "query" / "search" / "data" / "questions").glob("*.tsv"):
        rows = [x for x in f.read_text(encoding="utf-8").splitlines() if x and not x.startswith("#")]
        out |= {(r["provision"], r["lang"], r["question"]) for r in csv.DictReader(rows, delimiter="\t",
                                                                                   quoting=csv.QUOTE_NONE)}
    return out


def _term_label(g, term: str, lang: str) -> str:
    node = URIRef(f"https://w3id.org/bridge-laws/wbf2017/term/{term}")
    return next(str(o) for o in g.objects(node, SKOS.prefLabel) if o.language and o.language.lower() == lang.lower())


def test_every_key_rederived(g, sample):
    base = rule_base(g)
    cards = _cards()
    agreed = Counter()
    for q in sample:
        d = q.derivation
        assert q.options[q.answer] == q.key
        assert len(set(q.options)) == len(q.options)
        if q.type == "ruling":
            if d["expect"] is not None:                   # a golden scenario: its own expected rectifications
                count = f"#{d['key']['count']}" if d["key"]["count"] is not None else ""
                assert f"{d['key']['type']}@{d['key']['provision']}{count}" in d["expect"], q.id
                expected_types = {e.split("@")[0] for e in d["expect"]}
            else:                                          # a variation: the reasoner on the varied facts
                expected_types = {r["type"] for r in rule_facts(base, d["facts"], "en")["rectifications"]}
            labels = {base.rect_labels[t].get(q.lang) for t in expected_types}
            right = [o for o in q.options if any(o == lb or o.startswith(lb + " (") for lb in labels)]
            assert right == [q.key], (q.id, right, q.key)
        elif q.type == "provision" and d["source"] == "index":
            targets = _index_targets(g, d["heading"])
            assert q.key in targets and not set(q.options) - {q.key} & targets, q.id
        elif q.type == "provision":
            assert (q.key, q.lang, d["question"]) in cards
            assert all(o.rstrip("()abcdefghiv").rstrip("ABCDEFGH0123456789") != q.key for o in q.options if o != q.key)
        elif q.type == "xref":
            cites = {c["provision"] for c in lookup_law(g, d["provision"])["cites"] if q.lang in c["langs"]}
            assert q.key in cites and not (set(q.options) - {q.key}) & cites, q.id
        elif q.type == "strength":
            clause = next(c for c in _clauses(g, d["provision"], q.lang) if c["clause_no"] == d["clause_no"] and c["offset"] == d["offset"])
            assert clause["word"] == q.key
            blanked = clause["clause"][:clause["offset"]] + "___" + clause["clause"][clause["offset"] + len(q.key):]
            assert blanked in q.stem
        elif q.type == "truefalse":
            texts = {c["clause"] for c in _clauses(g, d["provision"], q.lang)}
            is_true = d["statement"] in texts
            assert q.key == say("truefalse.true" if is_true else "truefalse.false", q.lang), q.id
        elif q.type == "term":
            if d.get("definition"):
                assert q.key == _term_label(g, d["term"], q.lang)
            else:
                assert q.key == _term_label(g, d["term"], d["label_lang"])
        elif q.type == "scoring" and d["source"] == "scoring":
            assert int(q.key) == _law77(d["contract"], d["vulnerable"], d["tricks"]), d
        elif q.type == "scoring":
            assert int(q.key) == _imps(d["diff"]), d
        agreed[q.type] += 1
    assert sum(agreed.values()) == len(sample)
