"""The en + zh-Hant parser of seed 000, on the real source."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.text.bilingual import fix_cjk_spaces, fix_dot_commas, fix_suit_symbols, split_en_zh
from ingest.source_fixes import StaleFix, apply_fixes
from ingest.sources.wbf2017_bilingual import parse
from ingest.sources.wbf2017_zh_hans import parse as parse_hans


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
    lines = (Path(__file__).resolve().parents[2] / "sources" / "000_1f3522d3ae8db592.txt").read_text(encoding="utf-8").splitlines()
    assert "except as provided in B1 above" in lines[e.span.first - 1]


def test_laws_73_and_89_are_the_2024_revision(doc):
    assert doc.provisions["89"].expressions["en"].state == "2024"
    assert doc.provisions["27"].expressions["en"].state == "2017"


def test_ocr_duplicate_replaced_by_clean_copy(doc):
    # 11B: a garbled OCR copy (即便相據本條種担) precedes the clean line
    assert doc.provisions["11B"].expressions["zh-Hant"].text.startswith("即便根據本條橋規")


# Garbled OCR copies of a provision's Chinese that sit next to a clean copy of the same text,
# removed by `duplicate-extraction` rows of ingest/fixes/000_1f3522d3ae8db592.tsv. Each entry:
# provision, the garbled fragments (source line, text) that must be gone, and the clean text
# (source line, text) that must remain, in this order. `whole` is the provision's entire Chinese
# when one clean line gives all of it. Where the clean copy is cut short (45A, 58B3, 86B2(a)) the
# end of the sentence exists only after the garbled part of the OCR copy, and is kept from there.
_OCR_DUPLICATES = [
    ("72B1", [(2170, "第号教心不得拉音清压棒组、即便甘颐音依坦宁按照矫正亦然。")],
     [(2172, "賽員務必不得故意違反橋規,即便其願意依規定接受矯正亦然。")], True),
    ("61B1", [(1857, "共常復約問書他明世社会文院室、日本在功施社会文施定")],
     [(1859, "莊家得詢問未能跟出花色之防家,是否有攻牌花色之牌張。")], True),
    ("73C2", [(2205, "造瓦 C1 顶立塞局俱经圣虑罚。但苯酚立口受到提案。")],
     [(2207, "違反 C1 項之賽員得給予處罰,但若敵方已受到損害,參照 Law 16B3。")], True),
    ("74A2", [(2234, "东吕河菜植地游舟一切可能体他人原植,因客、或老影鄉比塞榆地气气之气。")],
     [(2235, "賽員須謹慎地避免一切可能使他人厭煩、困窘,或者影響比賽愉快氣氛之言行。")], True),
    ("90B3", [(2738, "討論随民之叫随、订随或结果、预估他直塞员可能無音問聴到。")],
     [(2740, "討論牌局之叫牌、打牌或結果,致使他桌賽員可能無意間聽到。")], True),
    ("40B2(a)(iii)", [(1287, "但由史一翰之程序和(武甘仙坦爾同伴問抄譯之大士).")],
     [(1288, "得規定示警之程序和 / 或其他揭露同伴間協議之方式。")], True),
    ("58B3", [(1814, "建就費貝爾回売出之牌張後,敵方任該隨該牌張後之按續跟牌均侍撤回,以換其他牌")],
     [(1812, "違規賽員撤回亮出之牌張後,敵方在該磴該牌張後之接續跟牌均得撤回,改換其他牌"),
      (1814, "張,且不予進一步矯正(但參照 Law 16C)。")], False),
    ("45A", [(1444, "际罗涿가,只际台套只之山游归诼曰于游刀砸山^一游坂,业元直\"於呆上,暃近曰")],
     [(1442, "除夢家外,其餘各賽員之出牌均係自手牌分離出一牌張,並亮置"), (1442, "於桌上,靠近自己面"),
      (1444, "前。")], False),
    ("86B2(a)", [(2649, "岩無費貝犯"), (2649, "亚判給"), (2647, "(參)")],
     [(2647, "若無賽員犯錯,裁判應取消該牌(或多副牌)並判給一個或多個人為調整得分"),
      (2649, "(參照 Law 12C2)"), (2649, "或在時間允許時裁定重打一或多副牌(但參照上述 A 款)。")], False),
    # the clean copy stops mid-sentence and the parser's own duplicate check dropped the OCR copy
    # that has the end: the garbled first half of that copy is removed, the clean end kept
    ("32A1", [(1146, "岩違現者之石敵家派司,違規者需重複具違序賭倍或再賭倍亚不予矯止。")],
     [(1144, "若違規者之右敵家派司,違規者需重複其違序賭倍或再賭倍並不予矯正。然如該違序"),
      (1146, "賭倍或再賭倍係不能成立者,則依 Law 36 處理。")], False),
    ("72A", [(2165, "複式檔牌比賽應嚴格依照本檔規進行。參加比賽之王要目的為")],
     [(2163, "在遵守本橋規設定之合法"), (2165, "程序及道德標準之前提下,獲得比其他參賽者更高之得分。")], False),
    ("77", [(2385, "有夕俱时元成成词"), (2388, "无成任问题后但不再知后之日")],
     [(2384, "有身價時完成成局"), (2385, "無身價時完成成局"), (2387, "完成任何賭倍但未再賭倍之合"),
      (2388, "完成任何再賭倍之合約")], False),
]


@pytest.mark.parametrize("pid, garbled, clean, whole", _OCR_DUPLICATES, ids=[e[0] for e in _OCR_DUPLICATES])
def test_garbled_ocr_duplicate_removed(doc, pid, garbled, clean, whole):
    lines = (Path(__file__).resolve().parents[2] / "sources" / "000_1f3522d3ae8db592.txt").read_text(encoding="utf-8").splitlines()
    text = doc.provisions[pid].expressions["zh-Hant"].text
    removed = {r.line for r in doc.repairs if r.kind == "duplicate-extraction"}
    for n, fragment in garbled:
        assert fragment in lines[n - 1]          # the fragment is the source's, on that line
        assert fragment not in text
        assert n in removed                      # and its removal is a recorded repair
    at = 0
    for n, piece in clean:
        assert piece in lines[n - 1]
        at = text.index(piece, at) + len(piece)  # still there, in order
    if whole:
        assert text == clean[0][1]


@pytest.mark.parametrize("pid, en, zh", [
    ("71A", "if a player conceded a trick his side had, in fact, won; or", "若賽員承認之輸磴事實上已為己方所贏得;或"),
    ("56A", "Accept the irregular lead as provided in Law 53, or", "依 Law 53 接受違規攻牌,或"),
])
def test_a_section_that_is_a_clause_of_a_list_is_text_not_a_title(doc, pid, en, zh):
    # 71 "the Director shall cancel a concession: A. if a player conceded ...; or B. ..." (source
    # lines 2149 and 1751): the letter introduces a clause, not a heading
    p = doc.provisions[pid]
    assert (p.expressions["en"].text, p.expressions["zh-Hant"].text) == (en, zh)
    assert not p.expressions["en"].title and not p.expressions["zh-Hant"].title



def test_footnote_markers_after_a_space_are_removed_whole(doc):
    # "莊家 ⁶ 或" (20C2, line 850), "磴外 ¹⁷ ·" (53A), "facing¹² it" / "亮置 ¹² 於" (45A), and the
    # English title of 86B2 "... Tables²⁷": the whole run of superscript digits goes, with its spaces
    sup = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]")
    left = [(p.id, lang) for p in doc.provisions.values() for lang, e in p.expressions.items()
            if sup.search(e.text or "") or sup.search(e.title or "")]
    assert not left, left
    assert "並亮置於桌上" in doc.provisions["45A"].expressions["zh-Hant"].text
    assert doc.provisions["86B2"].expressions["en"].title == "Multiple Results Obtained at One or More Tables"
    comments = {r.note for r in doc.repairs if r.kind == "footnote-marker"}
    assert {"footnote 17 marker removed", "footnote 27 marker removed"} <= comments


def test_a_sentence_tail_printed_before_its_sentence_is_put_back(doc):
    # 54B: the extraction printed 手牌。 (line 1709) two lines before the sentence it ends (line 1711)
    text = doc.provisions["54B"].expressions["zh-Hant"].text
    assert text.startswith("防家亮出其違序攻牌後") and text.endswith("夢家則依 Law 41 攤下手牌。")
    assert {r.line for r in doc.repairs if r.kind == "misplaced-text"} == {1709, 1711}


def test_law_77_row_labels_keep_no_half_parentheses(doc):
    """Regression: the PDF prints Undoubled(未賭倍); the split at the first CJK character left
    "Undoubled(" in the English text of Law 77 and "未賭倍)" in the Traditional. 21 recorded repairs
    (gloss-parentheses, lines 2350-2414) drop the parentheses; every label word stays."""
    en = doc.provisions["77"].expressions["en"].text
    zh = doc.provisions["77"].expressions["zh-Hant"].text
    assert not re.search(r"doubled\(", en, re.I) and not re.search(r"賭倍\)", zh)
    assert en.count("Undoubled") == 7 and zh.count("未賭倍") == 7      # the table's 7 blocks of doubling rows
    fixed = [r for r in doc.repairs if r.kind == "gloss-parentheses"]
    assert len(fixed) == 21 and {r.line for r in fixed} <= set(range(2350, 2415))
