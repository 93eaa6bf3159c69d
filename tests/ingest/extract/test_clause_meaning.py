"""Round 6 of the translation report (issue 14; ingest/extract/clause_meaning.py and the new rows of
data/terms.tsv): the degree of likelihood, numbers the Chinese adds, a provision repeating another's
wording, and the terms "judgement", "agreement to a claim", "meaning" and "rectification". Each check has a real case
(a clause of the Laws as the sources give it, the provision named) and a near miss that must not fire."""
from __future__ import annotations

import pytest

from ingest.extract.clause_meaning import added_numbers, degree_difference, repeated_wording
from ingest.extract.translation import clause_findings
from tests.ingest.extract.test_translation import findings, laws, text  # noqa: F401  (the graph fixture)


def term_details(g, pid: str, lang: str) -> list[str]:
    return [f.detail for f in clause_findings(pid, text(g, pid, "en"), text(g, pid, lang), lang) if f.kind == "term"]


# --- degree of likelihood (data/degree.tsv) ------------------------------------------------------

@pytest.mark.parametrize("pid,lang,says", [
    ("70C2", "zh-Hant", "raises the threshold"),    # "it is at all likely that claimer … was unaware" = 很可能並未察覺
    ("73E2", "zh-Hant", "raises the threshold"),    # "who could have been aware" = 很可能意識到
    ("64C2(a)", "zh-Hant", "lowers the threshold"),  # "would likely have made more tricks" = 有機會獲得更多贏磴
    ("16D2(c)", "zh-Hans", "makes a possibility"),  # "affected the result" = 可能已经对…结果造成影响
])
def test_a_changed_degree_of_likelihood_is_a_term_finding(laws, pid, lang, says):
    details = [d for d in term_details(laws, pid, lang) if d.startswith("degree:")]
    assert len(details) == 1 and says in details[0]


@pytest.mark.parametrize("pid,lang", [
    ("70C2", "zh-Hans"),     # "at all likely" = 完全有可能: a possibility either way
    ("72C", "zh-Hans"),      # "could have been aware" = 有可能已经意识到
    ("64C2(a)", "zh-Hans"),  # "would likely" = 就可能: 可能 renders "likely" as well as "possible"
    ("16D2(c)", "zh-Hant"),  # "affected the result" = 是否對結果造成影響: no possibility added
    ("23C", "zh-Hant"),      # "could well have been different" = 很可能不同 ("could well" answers any degree)
    ("27D", "zh-Hans"),
    ("10C1", "zh-Hant"),     # "all the options available" = 所有可能選項: 可能 of a noun is no degree
    ("65D", "zh-Hans"),      # "jeopardizes his right" = 可能损害自己的权利
])
def test_the_same_degree_in_other_words_is_no_finding(laws, pid, lang):
    assert not [d for d in term_details(laws, pid, lang) if d.startswith("degree:")]


def test_degree_reads_the_table_in_order():
    # "at all likely" is masked before "likely": a bare possibility, which 很可能 raises
    assert "raises" in degree_difference("it is at all likely that he was unaware", "很可能並未察覺", "zh-Hant")
    # 很可能 is masked before 可能: "likely" against 很可能 is no lowering, and 可能 alone answers "at all likely"
    assert degree_difference("his side would likely have won", "很可能會贏得", "zh-Hant") is None
    assert degree_difference("it is at all likely that he was unaware", "可能並未察覺", "zh-Hant") is None


# --- numbers the Chinese adds ------------------------------------------------------------------

def test_a_number_the_chinese_adds_is_a_term_finding(laws):
    # 12C2(d): "The scores assigned for each subsequent board" = 第三牌以後各牌的給分方式 "from the third board on"
    assert [d for d in term_details(laws, "12C2(d)", "zh-Hant") if d.startswith("a number (第三)")]
    assert not [d for d in term_details(laws, "12C2(d)", "zh-Hans") if d.startswith("a number")]   # 后续每副牌


@pytest.mark.parametrize("en,zh", [
    ("If a defender revokes on the twelfth trick before his partner's turn", "若一防家在第十二磴輪到其同伴打牌之前"),  # 62D2
    ("Each player counts his cards face down to be sure he has exactly thirteen;", "確定正好十三張;"),                # 7B2
    ("this right expires when he plays a card.", "但是他打出第一个牌张之后，此项权利立即消失。"),                      # 41B: "first" left out
])
def test_numbers_both_texts_state_are_not_added(en, zh):
    assert added_numbers(en, zh) == []


# --- a provision repeating another's wording ---------------------------------------------------

def test_19b3_traditional_repeats_19a3_wording(laws):
    pair = (text(laws, "19A3", "en"), text(laws, "19B3", "en"))
    assert repeated_wording(pair, (text(laws, "19A3", "zh-Hant"), text(laws, "19B3", "zh-Hant"))) == (1, 3)
    # the Simplified says 再加倍 where the English says "redoubled": not a repeat
    assert repeated_wording(pair, (text(laws, "19A3", "zh-Hans"), text(laws, "19B3", "zh-Hans"))) is None
    assert any(k == "term" and d.startswith("repeats 19A3's wording") for k, d in findings(laws, "19B3", "zh-Hant"))


@pytest.mark.parametrize("first,second,lang", [
    ("32A", "32B", "zh-Hant"),        # RHO's turn / partner's turn: 右敵家 against 同伴, said
    ("19A2", "19B2", "zh-Hant"),      # "Double" / "Redouble": 賭倍 / 再賭倍 in both places
    ("57A1", "57A2", "zh-Hans"),
])
def test_parallel_provisions_that_say_their_difference_are_not_repeats(laws, first, second, lang):
    assert repeated_wording((text(laws, first, "en"), text(laws, second, "en")),
                            (text(laws, first, lang), text(laws, second, lang))) is None


# --- new rows of data/terms.tsv ---------------------------------------------------------------

@pytest.mark.parametrize("pid,lang,term,found", [
    ("93C3(a)", "zh-Hans", "'judgement' in en only", True),   # "where deeming it crucial" = 已经是决定性的 (no one deems)
    ("93C3(a)", "zh-Hant", "'judgement' in en only", False),  # 若主管單位認定
    ("69B", "zh-Hant", "'agreement to a claim' in en only", True),    # "Agreement with a claim … may be withdrawn" = 得撤銷…攤牌
    ("69B", "zh-Hans", "'agreement to a claim' in en only", False),   # 对声称或者承认的认同…可以撤消
    ("74C1", "zh-Hant", "'meaning' in zh-Hant only", True),   # "different designations for the same call" = 不同之含義
    ("74C1", "zh-Hans", "'meaning' in zh-Hans only", True),
    ("40B3(a)", "zh-Hant", "'meaning' in zh-Hant only", False),  # "disclosure of the meaning of a call" = 揭露…意義
    ("90A", "zh-Hant", "'rectification' in en only", True),   # "implementing the rectifications" = 執行處罰 "penalties"
    ("90A", "zh-Hans", "'rectification' in en only", False),  # 依照本规则执行纠正
])
def test_round6_term_rows(laws, pid, lang, term, found):
    assert (term in term_details(laws, pid, lang)) is found
