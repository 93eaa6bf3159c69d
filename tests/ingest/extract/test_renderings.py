"""The translation consistency check by learned renderings (ingest/extract/renderings.py, issue 14):
the renderings it learns from the 2017 Laws' own clause pairs, and the findings it makes on them."""
from __future__ import annotations

import pytest

from ingest.extract.renderings import Pair, learn, misses, phrases_of, unrendered, words_of
from ingest.extract.translation import clause_pairs


@pytest.fixture(scope="module")
def corpus() -> tuple[list[Pair], dict]:
    from ingest.extract.align import merge
    from ingest.extract.translation import _lead_in, _with_items
    from ingest.sources.wbf2017_bilingual import parse as parse_bilingual
    from ingest.sources.wbf2017_zh_hans import parse as parse_zh_hans
    hans = parse_zh_hans()
    aligned = merge(parse_bilingual(known_ids={pid for pid, p in hans.provisions.items() if p.law not in (73, 89)}), hans)
    pairs = []
    for lang in ("zh-Hant", "zh-Hans"):
        whole = _with_items(aligned, lang)
        for a in aligned.values():
            en, zh = a.prov.expressions.get("en"), a.prov.expressions.get(lang)
            if a.prov.id != "Introduction" and en and en.text and zh and zh.text and zh.state == en.state:
                context = en.text + " " + _lead_in(aligned, a.prov.parent)
                pairs += [Pair(a.prov.id, lang, " ".join(e), "".join(z), whole[a.prov.id], context)
                          for e, z, _, _ in clause_pairs(en.text, zh.text, lang) if e and z]
    return pairs, learn(pairs)


def test_phrases_are_terms_and_threshold_words():
    ph = phrases_of("The Regulating Authority may require that the call is demonstrably inadmissible.")
    assert {"regulating authority", "demonstrably", "inadmissible"} <= ph
    assert "call" not in ph and "require" not in ph      # single words other than -ly / -able / -ible


def test_a_traditional_clause_is_cut_into_words_as_written():
    assert {"主辦單位", "規定"} <= words_of("依主辦單位規定應示警而未即時示警者")


def test_the_renderings_are_learned_from_the_laws(corpus):
    _, learned = corpus
    ra = learned[("regulating authority", "zh-Hant")]
    assert ra.forms[0] == "主管" and ra.consistent and ra.pairs - ra.covered == 1      # 32 of 33 pairs
    assert learned[("tournament organizer", "zh-Hant")].forms[0] == "主辦單位"
    assert learned[("regulating authority", "zh-Hans")].forms[0] == "主管"


def test_a_term_put_for_another_is_a_finding(corpus):
    # 21B1(a): "required by the Regulating Authority" = 依主辦單位規定 (the Tournament Organizer's word)
    pairs, learned = corpus
    found = {(p.provision, p.lang, r.phrase, q.phrase) for p, r, q in misses(pairs, learned)}
    assert ("21B1(a)", "zh-Hant", "regulating authority", "tournament organizer") in found


@pytest.mark.parametrize("pid,lang,phrase", [
    ("75B3", "zh-Hant", "final pass"),        # 最後的派司 for the usual 結尾派司
    ("65B3", "zh-Hant", "draw attention"),    # 提醒 for the usual 提示
])
def test_a_free_rendering_is_unrendered_but_no_finding(corpus, pid, lang, phrase):
    pairs, learned = corpus
    assert (pid, lang, phrase) in {(p.provision, p.lang, r.phrase) for p, r in unrendered(pairs, learned)}
    assert (pid, lang) not in {(p.provision, p.lang) for p, _, _ in misses(pairs, learned)}


def test_a_term_in_the_items_is_said_by_the_lead_in(corpus):
    # 80A1 "The Regulating Authority under these laws is:" = 在本规则中， (its items say 主管单位)
    pairs, learned = corpus
    assert ("80A1", "zh-Hans") not in {(p.provision, p.lang) for p, _ in unrendered(pairs, learned)}
