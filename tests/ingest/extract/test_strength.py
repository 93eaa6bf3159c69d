"""Strength tags on sentences copied from the sources (000: English + Traditional,
002: Simplified). Each case: language, text, expected [(clause position, level, word)]."""
import pytest

from ingest.extract.strength import LEVELS, StrengthTag, split_clauses, tag_strength

CASES = [
    # ---------------------------------------------------------------- English
    ("en", "If an insufficient bid in rotation is not accepted (see A) it must be corrected by the substitution of a "
           "legal call (but see 3 following). Then:",
     [(1, "must", "must"), (2, "does", "")]),
    # "must not" is one must-not tag, never also "must"; "nor may" is a prohibition
    ("en", "Dummy must not participate in the play, nor may he communicate anything about the play to declarer.",
     [(1, "must-not", "must not"), (1, "may-not", "nor may")]),
    ("en", "A player may not ask a question if his sole purpose is to benefit partner.",
     [(1, "may-not", "may not")]),
    ("en", "The agreed meaning of a call or play shall not alter by reference to the member of the partnership by "
           "whom it is made (this requirement does not restrict style and judgement, only method).",
     [(1, "shall-not", "shall not")]),
    ("en", "In doubling, a player should not state the number of odd tricks or the denomination. The only correct "
           "form is the single word \"Double\".",
     [(1, "shall-not", "should not"), (2, "does", "")]),
    # the one epistemic "may not" of the Laws (40B1(b)): a possibility, neither a permission nor a
    # prohibition, so the clause states procedure (issue 14: its "may" made false strength findings)
    ("en", "A special partnership understanding is one whose meaning, in the opinion of the Regulating Authority, "
           "may not be readily understood and anticipated by a significant number of players in the tournament.",
     [(1, "does", "")]),
    ("en", "When explaining the significance of partner's call or play in reply to an opponent's enquiry (see Law 20) "
           "a player shall disclose all special information conveyed to him through partnership agreement or "
           "partnership experience but he need not disclose inferences drawn from his knowledge and experience of "
           "matters generally known to bridge players.",
     [(1, "shall", "shall"), (1, "may", "need not")]),
    ("en", "If following the application of B1 the Director judges at the end of the play that without assistance "
           "gained through the infraction the outcome of the board could well have been different, and in "
           "consequence the non-offending side is damaged (see Law 12B1), he shall award an adjusted score. In his "
           "adjustment he should seek to recover as nearly as possible the probable outcome of the board had the "
           "insufficient bid not occurred.",
     [(1, "shall", "shall"), (2, "should", "should")]),
    # "does not apply" is no modal: the indicative
    ("en", "When an offending player's call is withdrawn and it is replaced by a comparable call (see Law 23A), then "
           "if he becomes a defender there are no lead restrictions for his side. Law 16C does not apply, but see "
           "Law 23C.",
     [(1, "does", ""), (2, "does", "")]),
    ("en", "The explanation must not be corrected (nor must the Director be notified) immediately and there is no "
           "obligation to do so subsequently.",
     [(1, "must-not", "must not"), (1, "must-not", "nor must")]),
    ("en", "A player may double only the last preceding bid. That bid must have been made by an opponent; calls "
           "other than pass must not have intervened.",
     [(1, "may", "may"), (2, "must", "must"), (3, "must-not", "must not")]),
    ("en", "Any insufficient bid may be accepted (treated as legal) at the option of offender's LHO. It is accepted "
           "if that player calls.",
     [(1, "may", "may"), (2, "does", "")]),
    # ---------------------------------------------------------------- Traditional (000)
    ("zh-Hant", "若一非違序之不足叫價未被接受(參照 A 款)·務必須以一個合法叫牌替換更正之(但參照下述第 3 項)。此時:",
     [(1, "must", "務必須"), (2, "does", "")]),
    ("zh-Hant", "夢家務必不得參予打牌,亦不得與莊家進行任何有關打牌之溝通。",
     [(1, "must-not", "務必不得"), (1, "may-not", "不得")]),
    # 1B: 須 here is "required to be" (the object of 得要求 "may require"), not "should" (issue 14)
    ("zh-Hant", "主管單位得要求每張牌之牌面須對稱。", [(1, "may", "得")]),
    ("zh-Hant", "每副牌之 52 張牌牌背均須相同。牌背得含文字、標誌或圖片,但使用之圖像須有對稱中心。",
     [(1, "should", "須"), (2, "may", "得"), (2, "should", "須")]),
    # 應跟未跟 (revoke) is not shall; 務必 is must
    ("zh-Hant", "若賽員在應跟未跟確立前發覺之,則務必更正之。", [(1, "must", "務必")]),
    ("zh-Hant", "應跟未跟之更正,係由違規者撤回打出之牌張,並以一合法牌張取代之。", [(1, "does", "")]),
    # 獲得 / 贏得 / 得分 / 得利 are not may
    ("zh-Hant", "若莊家採行之打牌路線,可能基於因其違規而獲得之訊息,則適用 Law 16。", [(1, "does", "")]),
    ("zh-Hant", "擬於給定名目下至少贏得給定線位磴數(超過六磴之磴數) 之承諾。", [(1, "does", "")]),
    ("zh-Hant", "賽員不得僅為使同伴得利而提問。", [(1, "may-not", "不得")]),
    ("zh-Hant", "依 B1 項執行後,若裁判認定如無違規之幫助,該副牌之結果很可能不同,因而造成非違 規方之損害時(參照 Law 12B1),"
                "裁判應判給調整得分。裁判之調整得分應盡可能恢復 不足叫價未發生時該副牌之可能結果。",
     [(1, "shall", "應"), (2, "shall", "應")]),
    # 本應 (whose turn it was) is not shall
    ("zh-Hant", "若違規者違序叫價時,本應輪由其同伴叫牌,或本應由其左敵家叫牌且違規者先前未曾叫 牌,則:",
     [(1, "does", "")]),
    ("zh-Hant", "觀眾在牌桌時,不應提示比賽任何層面之資訊。", [(1, "shall-not", "不應")]),
    # 需 is not in the scale; 不須進一步矯正 is "without further rectification"
    ("zh-Hant", "若該敵家派司,違規者需重複其違序叫品。該叫品若合法則不予矯正。", [(1, "does", ""), (2, "does", "")]),
    ("zh-Hant", "若莊家在一磴牌中·由手中或夢家打出第五張牌·則該牌張歸還至手牌且不須進一步 矯正·除非裁判認定該牌張係次磴之攻牌·"
                "此時適用 Law 55。",
     [(1, "does", "")]),
    ("zh-Hant", "賽員之任何叫品或打牌,若非基於同伴間未公開之協議,無須事先聲明(參照 Law 40C1)。", [(1, "may", "無須")]),
    ("zh-Hant", "若非違規賽員於該節比賽獲得之序分比例高於 60% · 或違規賽員於該節比賽獲得之 序分比例低於 40%時 · "
                "前述調整得分須修正為該賽員該節比賽其他牌之序分比例 (國際序分等同辦理)。",
     [(1, "should", "須")]),
    # 45C5 "may have to be played": a possibility of an obligation, untagged on both sides (issue 14)
    ("zh-Hant", "罰張無論輕重,均可能必須打出(參照 Law 50)。", [(1, "does", "")]),
    # ---------------------------------------------------------------- Simplified (002)
    ("zh-Hans", "一个依序作出的不足叫牌如果没有被接受（参照本条 A 款），必须用一个合法叫牌替换该不足叫牌来进行更正"
                "（但是参照本款 3）。则：",
     [(1, "must", "必须"), (2, "does", "")]),
    # 必须不叫 is "must pass": must, not must-not; 可能适用 is "may apply", a possibility as the English
    # "may apply" and the Traditional 得適用 are (issue 14, round 5): not tagged on any side
    ("zh-Hans", "违规者的搭档在下一次轮到他叫牌时必须不叫。第 16 条 C 款、第 26 条 B 款和第 72 条 C 款可能适用。",
     [(1, "must", "必须"), (2, "does", "")]),
    ("zh-Hans", "(c) 明手不准参与打牌，也不得与庄家进行有关打牌的任何交流。",
     [(1, "must-not", "不准"), (1, "may-not", "不得")]),
    ("zh-Hans", "B. 四位牌手都不叫（但是参照第 25 条），该副牌不进行打牌，放回牌套。该副牌不应该重新发牌。",
     [(1, "does", ""), (2, "shall-not", "不应该")]),
    ("zh-Hans", "在执行本条 B 款 1 之后，裁判在打牌结束时断定该副牌的结果如果没有违规的助力就很可能不同，并且导致了非违规方"
                "受到损害（参照第 12 条 B 款 1），应当判给调整分。裁判在调整中应该寻求尽可能地恢复不足叫牌没有发生时该副牌可能的结果。",
     [(1, "shall", "应当"), (2, "should", "应该")]),
    ("zh-Hans", "4. 如果搭档已经作出了接续叫牌，牌手不得替换叫牌。", [(1, "may-not", "不得")]),
    ("zh-Hans", "1. 违规者的下家可以选择接受任何不足叫牌。", [(1, "may", "可以")]),
    # 不准许 is "not permitted", not the must-not 不准
    ("zh-Hans", "2. 对于一对搭档而言最严重的犯规是通过预先所约定的本规则不准许的交流方式交换信息。", [(1, "does", "")]),
    # 应该轮到 (whose turn it should be) is descriptive
    ("zh-Hans", "4. 如果该叫牌是越序叫牌，退回到应该轮到叫牌的牌手叫牌，违规者在轮到他叫牌时可以作出任何合法叫牌，"
                "并且违规者的搭档在轮到他叫牌时必须永远不叫。",
     [(1, "may", "可以"), (1, "must", "必须")]),
    ("zh-Hans", "牌手应当说明通过搭档间的协议或者经验所传递给他的全部特殊信息，但是不必说明通过牌手通常共知的桥牌知识和经验所得出的推论。",
     [(1, "shall", "应当"), (1, "may", "不必")]),
    ("zh-Hans", "4. 观众不准干扰牌手。", [(1, "must-not", "不准")]),
    ("zh-Hans", "如果违规者的下家在纠正之前已经对违规作出了接续叫牌，不再适用第 72 条 C 款和第 26 条 B 款引牌限制。",
     [(1, "does", "")]),
]


@pytest.mark.parametrize("lang,text,expected", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_strength(lang, text, expected):
    tags = tag_strength(text, lang)
    assert [(t.position, t.level, t.word) for t in tags] == expected
    clauses = split_clauses(text, lang)
    for t in tags:
        assert t.level in LEVELS
        assert t.clause == clauses[t.position - 1]
        assert t.word in t.clause


def test_one_does_tag_per_plain_clause():
    tags = tag_strength("It is accepted if that player calls.", "en")
    assert tags == [StrengthTag("does", "", "It is accepted if that player calls.", 1)]


def test_split_clauses():
    assert split_clauses("A player may double only the last preceding bid. That bid must have been made by an "
                         "opponent; calls other than pass must not have intervened.", "en") == [
        "A player may double only the last preceding bid.",
        "That bid must have been made by an opponent;",
        "calls other than pass must not have intervened."]
    # closing bracket stays with its sentence; e.g. does not cut; a list label does not cut
    assert split_clauses("(It is accepted if LHO calls intentionally over it.) The first call is then withdrawn.",
                         "en") == ["(It is accepted if LHO calls intentionally over it.)", "The first call is then withdrawn."]
    assert split_clauses("other scoring methods (e.g. conversions) may be adopted.", "en") == [
        "other scoring methods (e.g. conversions) may be adopted."]
    assert split_clauses("1. Any insufficient bid may be accepted.", "en") == ["1. Any insufficient bid may be accepted."]
    assert split_clauses("see Law 77. The next sentence.", "en") == ["see Law 77.", "The next sentence."]
    # Chinese: 。 and ； cut; the PDF's · does not
    assert split_clauses("若違序叫品乃人為叫品·Law 30、31、及 32 適用。此時:", "zh-Hant") == [
        "若違序叫品乃人為叫品·Law 30、31、及 32 適用。", "此時:"]
    assert split_clauses("庄家可以要求复述；但是他打出第一个牌张之后，此项权利立即消失。", "zh-Hans") == [
        "庄家可以要求复述；", "但是他打出第一个牌张之后，此项权利立即消失。"]


def test_pdf_spacing_inside_words():
    # the Traditional PDF sometimes breaks a word with a space or line break
    assert [(t.level, t.word) for t in tag_strength("違規者之同伴於後續輪到其叫牌時, 務 必永遠派司。", "zh-Hant")] == [
        ("must", "務 必")]
    assert [(t.level, t.word) for t in tag_strength("四位賽員均派司(但參照 Law 25)。此處不 應重新發牌。", "zh-Hant")] == [
        ("does", ""), ("shall-not", "不 應")]


def test_unknown_language():
    with pytest.raises(ValueError):
        tag_strength("x", "fr")
