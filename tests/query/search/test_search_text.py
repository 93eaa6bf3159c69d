"""Search text handling (issue 4): tokenisation of each language, Traditional/Simplified folding,
language detection, glossary and synonym expansion. No model or index needed."""
from __future__ import annotations

import pytest

from query.search.glossary import Concept, build, synonym_rows
from query.search.tokenize import cjk_bigrams, detect_lang, fold, stem, tokens


# --- folding and language -------------------------------------------------------------------

def test_fold_traditional_to_simplified_and_case():
    assert fold("夢家得試圖阻止任何違常") == "梦家得试图阻止任何违常"
    assert fold("應跟未跟") == fold("应跟未跟") == "应跟未跟"
    assert fold("ＡＢＣ Revoke") == "abc revoke"          # NFKC full-width, lower case


@pytest.mark.parametrize("text, lang", [
    ("my opponent bid too low, can I accept it?", "en"),
    ("對手叫價不足可以接受嗎", "zh-Hant"),
    ("藏牌成立后怎么处理", "zh-Hans"),
    ("dummy 可以提醒 declarer 嗎", "zh-Hant"),           # Chinese with English words: Chinese
    ("可以派司", "zh-Hant"),                              # no script clue: the Taiwan word decides
    ("可以不叫", "zh-Hans"),                              # ... or the mainland word
])
def test_detect_lang(text, lang):
    assert detect_lang(text) == lang


# --- tokens -------------------------------------------------------------------------------------

def test_english_tokens_drop_stop_words_and_stem():
    assert tokens("my opponent bid too low, can I accept it?") == ["opponent", "bid", "low", "accept"]
    assert {stem(w) for w in ("revoke", "revoked", "revokes", "revoking")} == {"revok"}
    assert stem("bidding") == "bid" and stem("dummies") == stem("dummy")
    assert tokens("the offender's partner") == ["offender", "partner"]


def test_chinese_tokens_keep_bridge_terms_whole_and_fold_scripts():
    hant = tokens("應跟未跟成立以後要轉移幾磴給對方")
    hans = tokens("应跟未跟成立以后要转移几磴给对方")
    assert hant == hans                                   # the two scripts give the same words
    assert "应跟未跟" in hant and "磴" in hant              # a synonym-table term stays one word
    assert "的" not in tokens("明手的权利") and "吗" not in tokens("可以接受吗")


def test_chinese_search_mode_gives_compound_and_parts():
    t = tokens("不足叫價被拒絕")
    assert {"不足叫价", "不足", "叫价"} <= set(t)          # a compound meets its parts


def test_mixed_query_tokens_both_scripts():
    assert tokens("dummy 可以提醒 declarer 嗎") == ["dummi", "提醒", "declarer"]


def test_cjk_bigrams():
    assert cjk_bigrams("迟到 late 不按顺序") == ["迟到", "不按", "按顺", "顺序"]
    assert cjk_bigrams("遲到") == ["迟到"]                   # folded first


# --- glossary and synonyms ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def glossary():
    """The synonym table plus a tiny Definitions concept, as the search builds it from the graph."""
    defs = [Concept("insufficient-bid", {"en": ["Insufficient Bid"], "zh-Hant": ["不足叫價"], "zh-Hans": ["不足叫牌"]}),
            Concept("dummy", {"en": ["Dummy"], "zh-Hant": ["夢家"], "zh-Hans": ["明手"]})]
    return build(defs)


def test_synonym_table_is_well_formed():
    rows = synonym_rows()
    assert len(rows) >= 40
    heads = [r["en"][0] for r in rows if r["en"]]
    assert len(heads) == len(set(heads)), "an English head word is listed twice"
    by = {r["en"][0]: r for r in rows if r["en"]}
    assert by["dummy"]["zh-Hant"] == ["夢家"] and by["dummy"]["zh-Hans"] == ["明手"]
    assert "應跟未跟" in by["revoke"]["zh-Hant"] and "藏牌" in by["revoke"]["zh-Hans"]
    assert "賭倍" in by["double"]["zh-Hant"] and "加倍" in by["double"]["zh-Hans"]


@pytest.mark.parametrize("query, must_add", [
    ("夢家可以提醒莊家嗎", {"明手", "dummi", "declarer"}),                # Taiwan -> mainland + English
    ("明手能不能说话", {"梦家", "dummi"}),                                # mainland -> Taiwan + English
    ("藏牌成立后怎么处理", {"应跟未跟", "revok"}),
    ("應跟未跟", {"藏牌", "revok"}),
    ("can dummy tell declarer?", {"明手", "梦家", "庄家"}),               # English -> both Chinese
    ("he made an insufficient bid", {"不足叫价", "不足叫牌"}),
    ("對手派司以後可以賭倍嗎", {"不叫", "pass", "加倍", "doubl"}),
])
def test_expansion_crosses_languages_and_the_strait(glossary, query, must_add):
    extra, matches = glossary.expand(query)
    assert must_add <= set(extra), (query, extra)
    assert matches


def test_expansion_merges_definitions_with_synonyms(glossary):
    """The Definitions concept "Dummy" and the synonym row "dummy" are one concept."""
    dummies = [c for c in glossary.concepts if "dummy" in [f.lower() for f in c.forms["en"]]]
    assert len(dummies) == 1


def test_longest_match_wins(glossary):
    """"insufficient bid" is one concept, not "bid" as well."""
    keys = [m.concept.key for m in glossary.match("an insufficient bid")]
    assert keys == ["insufficient-bid"]


def test_no_expansion_for_unrelated_words(glossary):
    assert glossary.expand("the weather is nice") == ([], [])
