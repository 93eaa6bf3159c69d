"""The en + zh-Hant parser of seed 000, on the real source."""
from __future__ import annotations

import pytest

from ingest.bilingual import fix_cjk_spaces, fix_dot_commas, fix_suit_symbols, split_en_zh
from ingest.source_fixes import StaleFix, apply_fixes
from ingest.wbf2017_bilingual import parse
from ingest.wbf2017_zh_hans import parse as parse_hans


@pytest.fixture(scope="module")
def hans():
    return parse_hans()


@pytest.fixture(scope="module")
def doc(hans):
    known = {pid for pid, p in hans.provisions.items() if p.law not in (73, 89)}
    return parse(known_ids=known)


@pytest.mark.parametrize("line, en, zh", [
    # Law 30A: English then its translation on one line
    ("When a pass out of rotation is made at offender's RHO's turn to call, the offender must pass "
     "when next it is his turn to call and Law 72C may apply. 若違規者違序派司時,本應由其右敵家叫牌",
     "When a pass out of rotation is made at offender's RHO's turn to call, the offender must pass "
     "when next it is his turn to call and Law 72C may apply.", "若違規者違序派司時,本應由其右敵家叫牌"),
    # Chinese starting with Latin tokens stays Chinese (Law 10C4)
    ("在 Law 16C2 之情境下", "", "在 Law 16C2 之情境下"),
    ("Law 16C does not apply, but see Law 23C. Law 16C 不適用", "Law 16C does not apply, but see Law 23C.", "Law 16C 不適用"),
    # English ending in a reference, Chinese starting with a list number (Definitions: Artificial call)
    ("values other than in the last suit named. 1. 一個叫價", "values other than in the last suit named.", "1. 一個叫價"),
    # Law 87C: a sentence starting with "See" is English
    ("See Law 86B2. 參照 Law 86B2。", "See Law 86B2.", "參照 Law 86B2。"),
])
def test_split_en_zh(line, en, zh):
    assert split_en_zh(line)[0] == (en, zh)


def test_split_run_on_translation_then_next_item():
    # 58B2's translation runs on into "3. After an offending player ..." on one line
    pairs = split_en_zh("則其他暴露之牌張均成為罰張(參照 Law 50)。 3. After an offending player withdraws a visible card")
    assert pairs == [("", "則其他暴露之牌張均成為罰張(參照 Law 50)。"),
                     ("3. After an offending player withdraws a visible card", "")]


def test_character_repairs():
    assert fix_dot_commas("牌張 · 包含四種花色 · 每種") == ("牌張，包含四種花色，每種", 2)
    assert fix_cjk_spaces("務必於下一次輪到其 叫牌時派司") == ("務必於下一次輪到其叫牌時派司", 1)
    # Law 1A: "diamonds (♠)" is a garbled ♦
    fixed, changes = fix_suit_symbols("hearts (♥), diamonds (♠), clubs (♣)")
    assert fixed == "hearts (♥), diamonds (♦), clubs (♣)" and changes == [("diamonds (♠)", "diamonds (♦)")]


def test_stale_fix_table_is_an_error():
    lines = ["x"] * 300
    with pytest.raises(StaleFix):
        apply_fixes("sources/000_1f3522d3ae8db592.txt", lines)


def test_all_laws_and_definitions(doc):
    laws = {p.law for p in doc.provisions.values() if p.kind == "law" and p.law}
    assert laws == set(range(1, 94))
    assert doc.provisions["27"].expressions["en"].title == "INSUFFICIENT BID"
    assert doc.provisions["27"].expressions["zh-Hant"].title == "不足叫價"
    assert len(doc.terms) == 64
    assert doc.terms["auction"].labels["zh-Hant"] == "叫牌"          # repaired from OCR 口以海
    assert doc.terms["dummy"].definitions["en"].startswith("Declarer's partner.")
    assert "莊家之同伴" in doc.terms["dummy"].definitions["zh-Hant"]


def test_structure_matches_the_simplified_edition(doc, hans):
    """Outside Laws 73 and 89 (replaced in 2024) both editions have the same provision ids."""
    bi = {k for k, p in doc.provisions.items() if p.law not in (73, 89)}
    hs = {k for k, p in hans.provisions.items() if p.law not in (73, 89)}
    assert bi == hs


@pytest.mark.parametrize("pid, en_start", [
    ("27B1(a)", "if the insufficient bid is corrected by the lowest sufficient bid"),   # "- (a)": lost "1."
    ("27B2", "except as provided in B1 above, if the insufficient bid is corrected by a sufficient bid"),
    ("27B4", "if the offender attempts to replace the one insufficient bid with another"),
    ("6D2", "Unless the purpose of the tournament is the replay of past deals"),   # unmarked, no indent
    ("6D3", "The Director may require a new shuffle and a redeal"),
    ("15A2(a)", "If the offender's partner has subsequently called"),              # "- (a)" = lost "2."
    ("16B1(a)", None),
    ("80B2(l)", "any other powers and duties conferred in these laws"),            # OCR "(I)"
    ("80B2(g)(i)", "to arrange for the appointment of any assistants"),            # "(g) (i)" one line
    ("58B3", "After an offending player withdraws a visible card"),                # ran on after 58B2
])
def test_lost_markers_restored(doc, pid, en_start):
    assert pid in doc.provisions
    if en_start:
        assert doc.provisions[pid].expressions["en"].text.startswith(en_start)


def test_lost_numbers_are_recorded(doc):
    lost = {r.provision for r in doc.repairs if r.kind == "lost-list-number"}
    assert {"27B1", "27B2", "27B3", "27B4", "6D2", "15A2"} <= lost


def test_translation_keeps_source_error(doc):
    # 30B1(b)(ii): the Traditional text lost the English "not" -- kept as the source has it
    p = doc.provisions["30B1(b)(ii)"]
    assert "is not a comparable call" in p.expressions["en"].text
    assert p.expressions["zh-Hant"].text.startswith("當該叫品為比擬叫品")


def test_footnotes_attached(doc):
    f8 = [f for f in doc.footnotes if f.number == "8"]
    assert {f.lang for f in f8} == {"en", "zh-Hant"}
    assert f8[0].provision == "31A2"
    assert "legal bid" in doc.provisions["31A2"].expressions["en"].text      # marker removed


def test_provenance_spans(doc):
    e = doc.provisions["27B2"].expressions["en"]
    lines = open("sources/000_1f3522d3ae8db592.txt", encoding="utf-8").read().splitlines()
    assert "except as provided in B1 above" in lines[e.span.first - 1]


def test_laws_73_and_89_are_the_2024_revision(doc):
    assert doc.provisions["89"].expressions["en"].state == "2024"
    assert doc.provisions["27"].expressions["en"].state == "2017"


def test_ocr_duplicate_replaced_by_clean_copy(doc):
    # 11B: a garbled OCR copy (即便相據本條種担) precedes the clean line
    assert doc.provisions["11B"].expressions["zh-Hant"].text.startswith("即便根據本條橋規")
