"""Cross-references, on sentences copied from the sources (000: English + Traditional,
002: Simplified). Each case: language, the provision the text belongs to, the text, and the
expected (type, target) pairs in text order."""
import pytest

from ingest.extract.cross_refs import REF_TYPES, Ref, extract_refs, unresolved

CASES = [
    # --- Law 27B1(a) in the three languages: 26B and 16C do not apply, but see D (27D)
    ("en", "27B1(a)",
     "if the insufficient bid is corrected by the lowest sufficient bid which specifies the same denomination(s) "
     "as that specified by the withdrawn call, the auction proceeds without further rectification. "
     "Laws 26B and 16C do not apply but see D following.",
     [("does-not-apply", "26B"), ("does-not-apply", "16C"), ("but-see", "27D")]),
    ("zh-Hant", "27B1(a)",
     "若該不足叫價被更正為表示相同名目之最低充分叫價,則叫牌繼續進行不再矯正。 Law 26B 與 Law 16C 不適用,但參照下述 D 款。",
     [("does-not-apply", "26B"), ("does-not-apply", "16C"), ("but-see", "27D")]),
    ("zh-Hans", "27B1(a)",
     "如果对不足叫牌进行更正，更正后的叫牌与所撤回的叫牌所指定的定约名目相同并且为其中最低的足够叫牌。竞叫继续进行，"
     "没有进一步纠正。第 26 条 B 款和第 16 条 C 款不适用，但是参照本条 D 款。",
     [("does-not-apply", "26B"), ("does-not-apply", "16C"), ("but-see", "27D")]),
    # --- Law 26A
    ("en", "26A",
     "When an offending player's call is withdrawn and it is replaced by a comparable call (see Law 23A), then if he "
     "becomes a defender there are no lead restrictions for his side. Law 16C does not apply, but see Law 23C.",
     [("see", "23A"), ("does-not-apply", "16C"), ("but-see", "23C")]),
    ("zh-Hant", "26A",
     "若違規者之叫品被撤回且替換為比擬叫品(參照 Law 23A) · 則當違規者成為防家 · 無攻 牌限制 · Law 16C 不適用 · 但參照 Law 23C ·",
     [("see", "23A"), ("does-not-apply", "16C"), ("but-see", "23C")]),
    ("zh-Hans", "26A",
     "违规者撤回一个叫牌，并且替换成可比较的叫牌（参照第 23 条 A 款），之后，如果他成为防家，防守方没有引牌限制。"
     "第 16 条 C 款不适用，但是参照第 23 条 C 款。",
     [("see", "23A"), ("does-not-apply", "16C"), ("but-see", "23C")]),
    # --- Law 27B (relative: "see A", "but see 3 following")
    ("en", "27B",
     "If an insufficient bid in rotation is not accepted (see A) it must be corrected by the substitution of a legal "
     "call (but see 3 following). Then:",
     [("see", "27A"), ("but-see", "27B3")]),
    ("zh-Hant", "27B",
     "若一非違序之不足叫價未被接受(參照 A 款)·務必須以一個合法叫牌替換更正之(但參照下述第 3 項)。此時:",
     [("see", "27A"), ("but-see", "27B3")]),
    ("zh-Hans", "27B",
     "一个依序作出的不足叫牌如果没有被接受（参照本条 A 款），必须用一个合法叫牌替换该不足叫牌来进行更正（但是参照本款 3）。则：",
     [("see", "27A"), ("but-see", "27B3")]),
    # --- Law 27B2 (except as provided in B1 above; lead restrictions in Law 26B may apply)
    ("en", "27B2",
     "except as provided in B1 above, if the insufficient bid is corrected by a sufficient bid or by a pass, the "
     "offender's partner must pass whenever it is his turn to call. The lead restrictions in Law 26B may apply, and "
     "see Law 72C.",
     [("mention", "27B1"), ("may-apply", "26B"), ("see", "72C")]),
    ("zh-Hant", "27B2",
     "除上述 B1 項之情況外,若該不足叫價被更正為一充足叫價或派司,違規者之同伴於 後續輪到其叫牌時,務必永遠派司。"
     "得適用 Law 26B 之攻牌限制,且參照 Law 72C。",
     [("mention", "27B1"), ("may-apply", "26B"), ("see", "72C")]),
    ("zh-Hans", "27B2",
     "本款 1 规定的情况除外，如果不足叫牌更正为一个足够叫牌或者不叫，违规者的搭档在以后轮到他叫牌时，必须永远不叫。"
     "可能适用第 26 条 B 款引牌限制，并且参照第 72 条 C 款。",
     [("mention", "27B1"), ("may-apply", "26B"), ("see", "72C")]),
    # --- Law 27B3 (B1(b) above / 本款 1 (b))
    ("en", "27B3",
     "except as provided in B1(b) above, if the offender attempts to substitute a double or a redouble for his "
     "insufficient bid the attempted call is cancelled.",
     [("mention", "27B1(b)")]),
    ("zh-Hans", "27B3",
     "本款 1 (b) 规定的情况除外，如果违规者试图用加倍或者再加倍替换不足叫牌，那么该试图替换的叫牌取消。",
     [("mention", "27B1(b)")]),
    # --- Law 27B4 (rules as in 3; as A1 allows)
    ("en", "27B4",
     "if the offender attempts to replace the one insufficient bid with another insufficient bid the Director rules "
     "as in 3 if the LHO does not accept the substituted insufficient bid as A1 allows.",
     [("mention", "27B3"), ("as-allows", "27A1")]),
    ("zh-Hant", "27B4",
     "若違規者試圖以一不足叫價替換該不足叫價·且下家未依 A1 項所述接受替換之不足叫 價·裁判依照第 3 項作出裁決。",
     [("as-allows", "27A1"), ("mention", "27B3")]),
    ("zh-Hans", "27B4",
     "如果违规者试图把不足叫牌替换为另一个不足叫牌，下家在如本条 A 款 1 规定的情况下不接受替换的不足叫牌，裁判依照本款 3 作出裁定。",
     [("as-allows", "27A1"), ("mention", "27B3")]),
    # --- Law 27C (as A1 allows; but see B3 above)
    ("en", "27C",
     "If the offender replaces his insufficient bid before the Director has ruled on rectification the substitution, "
     "if legal, stands unless the insufficient bid is accepted as A1 allows (but see B3 above). The Director applies "
     "the relevant foregoing section to the substitution.",
     [("as-allows", "27A1"), ("but-see", "27B3")]),
    ("zh-Hant", "27C",
     "若違規者於裁判裁定矯正前以合法叫品更換該不足叫價·除非該不足叫價被依 A1 項所述接受·否則替換叫品成立"
     "(但參照上述 B3 項)。裁判對該替換叫品按前述相應條款處置。",
     [("as-allows", "27A1"), ("but-see", "27B3")]),
    ("zh-Hans", "27C",
     "如果违规者在裁判裁定纠正之前更换了他的不足叫牌，本条 A 款 1 允许被接受的情况除外，该替换叫牌如果合法即成立"
     "（但是参照本条 B 款 3）。裁判对于该替换叫牌依照上述相应的条款处理。",
     [("as-allows", "27A1"), ("but-see", "27B3")]),
    # --- Law 27A2 (Law 31 applies)
    ("en", "27A2", "If a player makes an insufficient bid out of rotation Law 31 applies.", [("applies", "31")]),
    ("zh-Hant", "27A2", "若賽員之不足叫價乃違序叫牌,適用 Law 31。", [("applies", "31")]),
    ("zh-Hans", "27A2", "如果牌手的不足叫牌是越序叫牌，适用第 31 条。", [("applies", "31")]),
    # --- Law 30B1(b)(ii): a list of three may-apply targets
    ("en", "30B1(b)(ii)",
     "When the call is not a comparable call (see Law 23A), offender's partner must pass when next it is his turn to "
     "call. Laws 16C, 26B and 72C may apply.",
     [("see", "23A"), ("may-apply", "16C"), ("may-apply", "26B"), ("may-apply", "72C")]),
    ("zh-Hant", "30B1(b)(ii)",
     "當該叫品為比擬叫品(參照 Law 23A)時,違規者之同伴務必於下一次輪到其 叫牌時派司。得適用 Law 16C、26B、與 Law 72C。",
     [("see", "23A"), ("may-apply", "16C"), ("may-apply", "26B"), ("may-apply", "72C")]),
    ("zh-Hans", "30B1(b)(ii)",
     "当该叫牌不是一个可比较的叫牌（参照第 23 条 A 款）时，违规者的搭档在下一次轮到他叫牌时必须不叫。"
     "第 16 条 C 款、第 26 条 B 款和第 72 条 C 款可能适用。",
     [("see", "23A"), ("may-apply", "16C"), ("may-apply", "26B"), ("may-apply", "72C")]),
    # --- Law 31A2(b)
    ("en", "31A2(b)",
     "When the call is not a comparable call (see Law 23A), offender's partner must pass when next it is his turn to "
     "call. Laws 16C, 26B and 72C may apply.",
     [("see", "23A"), ("may-apply", "16C"), ("may-apply", "26B"), ("may-apply", "72C")]),
    ("zh-Hant", "31A2(b)",
     "若該叫品非比擬叫品(參照 Law 23A), 違規者之同伴務必於下一次輪到其叫牌時 派司。得適用 Law 16C、26B 與 72C。",
     [("see", "23A"), ("may-apply", "16C"), ("may-apply", "26B"), ("may-apply", "72C")]),
    ("zh-Hans", "31A2(b)",
     "当该叫牌不是一个可比较的叫牌（参照第 23 条 A 款）时，违规者的搭档在下一次轮到他叫牌时必须不叫。"
     "第 16 条 C 款、第 26 条 B 款和第 72 条 C 款可能适用。",
     [("see", "23A"), ("may-apply", "16C"), ("may-apply", "26B"), ("may-apply", "72C")]),
    # --- Law 31B2: "rules as in A2(a) or A2(b) above" is a mention (documented decision)
    ("en", "31B2",
     "Offender may make any legal call at his correct turn and the Director rules as in A2(a) or A2(b) above.",
     [("mention", "31A2(a)"), ("mention", "31A2(b)")]),
    ("zh-Hant", "31B2",
     "輪到違規者叫牌時,該員得叫出任何合法叫品,裁判以前述 A2(a) 或 A2(b) 小項處置。",
     [("mention", "31A2(a)"), ("mention", "31A2(b)")]),
    ("zh-Hans", "31B2",
     "违规者在他的修正轮次可以作出任何合法叫牌，并且裁判依照本条 A 款 2 (a) 或者 (b) 进行裁定。",
     [("mention", "31A2(a)"), ("mention", "31A2(b)")]),
    # --- Law 29B / 29C: lists of laws
    ("en", "29B",
     "Unless A applies, a call out of rotation is cancelled and the auction reverts to the player whose turn it was "
     "to call. The offending side is subject to the provisions of Law 30, 31 or 32.",
     [("applies", "29A"), ("mention", "30"), ("mention", "31"), ("mention", "32")]),
    ("zh-Hant", "29B",
     "除非執行 A 款,否則違序叫品取消,叫牌回復原依序應叫牌者開始。違規方受 Law 30、31、及 32 之規範。",
     [("mention", "29A"), ("mention", "30"), ("mention", "31"), ("mention", "32")]),
    ("zh-Hans", "29B",
     "本条 A 款所适用的情况除外，越序叫牌被取消，然后由原依序叫牌者叫牌。违规方受第 30、31 和 32 条规定的限制。",
     [("applies", "29A"), ("mention", "30"), ("mention", "31"), ("mention", "32")]),
    ("en", "29C",
     "If a call out of rotation is artificial, the provisions of Laws 30, 31 and 32 apply to the denomination(s) "
     "specified, rather than the denomination named.",
     [("applies", "30"), ("applies", "31"), ("applies", "32")]),
    ("zh-Hant", "29C",
     "若違序叫品乃人為叫品·Law 30、31、及 32 適用於與該叫品相關之名目·而非叫出之名目。",
     [("applies", "30"), ("applies", "31"), ("applies", "32")]),
    ("zh-Hans", "29C",
     "如果越序叫牌是人为叫牌，第 30、31 和 32 条的规定适用于该叫牌所指定的定约名目，而不是叫出的定约名目。",
     [("applies", "30"), ("applies", "31"), ("applies", "32")]),
    # --- Law 28B: Law 26 does not apply, but see Law 16C2
    ("en", "28B", "The auction proceeds as though the opponent had not called at that turn. Law 26 does not apply, "
                  "but see Law 16C2.",
     [("does-not-apply", "26"), ("but-see", "16C2")]),
    ("zh-Hant", "28B", "叫牌繼續且視同敵家未曾叫牌。Law 26 不適用,但參照 Law 16C2。",
     [("does-not-apply", "26"), ("but-see", "16C2")]),
    ("zh-Hans", "28B", "以后的竞叫视为对方在该轮没有发生越序叫牌继续进行。第 26 条不适用，但是参照第 16 条 C 款 2。",
     [("does-not-apply", "26"), ("but-see", "16C2")]),
    # --- Law 30C: "Law 31, not Law 30, applies"
    ("en", "30C", "When a pass out of rotation is artificial or is a pass of an artificial call, Law 31, not Law 30, "
                  "applies.",
     [("applies", "31"), ("does-not-apply", "30")]),
    ("zh-Hant", "30C", "若該違序派司乃人為叫品或針對(同伴)人為叫品之派司時,適用 Law 31 而非 Law 30。",
     [("applies", "31"), ("does-not-apply", "30")]),
    # --- "(d) hereunder" inside a list of absolute references (12C2(b))
    ("en", "12C2(b)",
     "Subject to approval by the Regulating Authority, this may be varied by the Tournament Organizer as provided "
     "for by Laws 78D, 86B3 and (d) hereunder.",
     [("mention", "78D"), ("mention", "86B3"), ("mention", "12C2(d)")]),
    # --- see + apply in one phrase (50): "(see Law 49 and Law 72C may apply)"
    ("en", "50",
     "A card prematurely exposed (but not led, see Law 57) by a defender is a penalty card unless the Director "
     "designates otherwise (see Law 49 and Law 72C may apply).",
     [("see", "57"), ("see", "49"), ("may-apply", "72C")]),
    ("zh-Hant", "50",
     "防家過早暴露之牌張(但非攻牌、參照 Law 57)、除裁判另有指定外、均為罰張(參照 Law 49 且 Law 72C 得適用)。",
     [("see", "57"), ("see", "49"), ("may-apply", "72C")]),
    # --- Definitions (here = ""): absolute references still resolve
    ("en", "", "a call over an opponent's bid increasing the scoring value of fulfilled or defeated contracts "
               "(see Laws 19A and 77).",
     [("see", "19A"), ("see", "77")]),
    ("zh-Hant", "", "為使成約或倒約時增加得分,而對敵方叫價所施加之叫品 (參照 Law 19A 及 Law 77)。",
     [("see", "19A"), ("see", "77")]),
    # --- sub-items and Simplified sub-sub-items written (1), (2)
    ("en", "20F5(a)", "Except as the Regulating Authority allows, a player may not consult his own system card and "
                      "notes during the auction period and play [but see Law 40B2(b)].",
     [("but-see", "40B2(b)")]),
    ("zh-Hans", "23",
     "如果在进行了可比较的叫牌替换 [参照第 27 条 B 款 1(b)、第 30 条 B 款 1(b) (1)、第 31 条 A 款 2(a) 和第 32 条 A 款 2(a)] "
     "之后，裁判在打牌结束时断定该副牌的结果如果没有违规的助力就很可能不同，并且导致了非违规方受到损害，应当判给调整分 "
     "[参照第 12 条 C 款 1 (b)]。",
     [("see", "27B1(b)"), ("see", "30B1(b)(i)"), ("see", "31A2(a)"), ("see", "32A2(a)"), ("see", "12C1(b)")]),
    ("zh-Hans", "68D2(b)(i)", "四位牌手必须都同意继续打牌，否则召请裁判，然后由裁判依照本款 (a) 进行处理。",
     [("mention", "68D2(a)")]),
    ("zh-Hans", "41B",
     "首引牌张翻明之前，首引者的搭档和理论上的庄家（而不是理论上的明手），均可以要求复述竞叫过程，或者要求对方解释某个叫牌"
     "（参照第 20 条 F 款 2 和 3）。",
     [("see", "20F2"), ("see", "20F3")]),
    ("zh-Hans", "20B2", "庄家<sup>1</sup>或者任何防家，在第一次轮到他打牌时，均可以要求复述该副牌的全部叫牌过程"
                        "（参照第 41 条 B 款和 C 款）。与本条 B 款相同，牌手不得要求只复述前面的部分叫牌。",
     [("see", "41B"), ("see", "41C"), ("mention", "20B")]),
    ("zh-Hans", "24E", "如果，竞叫结束时违例者成为防家，所有这样暴露的牌张都成为罚张（参照第 50 和 51 条）。",
     [("see", "50"), ("see", "51")]),
    ("zh-Hans", "25A1", "第二个叫牌（原本意图的叫牌）成立并且受制于适当的规则条款，但是第 26 条的引牌限制不适用。",
     [("does-not-apply", "26")]),
    # --- as-allows with an absolute reference
    ("en", "43", "Except as Law 42 allows:", [("as-allows", "42")]),
    ("zh-Hant", "43", "除 Law 42 允許之外:", [("as-allows", "42")]),
    # --- relative items with a locator / 以上 … 項
    ("en", "93C3(a)", "Notwithstanding 1 and 2 above, where deeming it crucial to the progress of the tournament, the "
                      "Regulating Authority may assign to a specified tournament body the responsibility",
     [("mention", "93C1"), ("mention", "93C2")]),
    ("zh-Hant", "93C3(a)", "即便以上1和2項已劃分權責,若主管單位認定對比賽之進展有其必要性",
     [("mention", "93C1"), ("mention", "93C2")]),
    ("zh-Hans", "93C3(a)", "尽管以上 1 和 2 的内容对于比赛的进行已经是决定性的，主管仍然可以指派一个特定的赛事单位担负最终处理任何申诉的责任",
     [("mention", "93C1"), ("mention", "93C2")]),
    ("en", "20F2", "Explanations should be given on a like basis to 1 and by the partner of the player whose action is "
                   "explained.",
     [("mention", "20F1")]),
    ("zh-Hant", "20F2", "解釋須如第1項為之,由解釋標的之行為賽員的同伴解釋。", [("mention", "20F1")]),
    # full-width brackets and 本项 (this item) in the Simplified text (12C2(b))
    ("zh-Hans", "12C2(b)", "经主管单位的授权，赛事组织方依照第 78 条 D 款和第 86 条 B 款 3，以及本项（d）的规定可以对此进行增减。",
     [("mention", "78D"), ("mention", "86B3"), ("mention", "12C2(d)")]),
    # source slips: 第 dropped after 参照 (53A), "Law" dropped after 參照 (73A2)
    ("zh-Hans", "53A", "如果没有这样的接受或者接续打牌，裁判将要求牌手在该轮从正确方位引牌（并且参照 47 条 B 款）。",
     [("see", "47B")]),
    ("zh-Hant", "73A2", "叫牌及打牌不應有強調、舉止或音調,亦不應有遲疑或急促(但參照 73D3)。", [("but-see", "73D3")]),
    ("zh-Hans", "75D3", "当存在违规 (如本条 B 款或者 D 款 2 所规定的情况) 时, 并且对于该叫牌的约定含义存在充足证据",
     [("mention", "75B"), ("mention", "75D2")]),
    ("en", "16D3", "If the extraneous information is received between the start of the auction and the end of play, "
                   "the Director proceeds as in 2(c) or 2(d) above.",
     [("mention", "16D2(c)"), ("mention", "16D2(d)")]),
]


@pytest.mark.parametrize("lang,here,text,expected", CASES, ids=[f"{c[0]}-{c[1] or 'def'}-{i}" for i, c in enumerate(CASES)])
def test_refs(lang, here, text, expected):
    refs = extract_refs(text, lang, here)
    assert [(r.type, r.target) for r in refs] == expected
    for r in refs:
        assert r.type in REF_TYPES
        assert text[r.start:r.start + len(r.surface)] == r.surface
    assert [r.start for r in refs] == sorted(r.start for r in refs)


def test_surfaces():
    text = ("if the insufficient bid is corrected ... Laws 26B and 16C do not apply but see D following.")
    assert [r.surface for r in extract_refs(text, "en", "27B1(a)")] == ["Laws 26B", "16C", "D following"]
    hans = "第 26 条 B 款和第 16 条 C 款不适用，但是参照本条 D 款。"
    assert [r.surface for r in extract_refs(hans, "zh-Hans", "27B1(a)")] == ["第 26 条 B 款", "第 16 条 C 款", "本条 D 款"]
    hant = "違規方受 Law 30、31、及 32 之規範。"
    assert [r.surface for r in extract_refs(hant, "zh-Hant", "29B")] == ["Law 30", "31", "32"]
    assert extract_refs(hans, "zh-Hans", "27B1(a)")[0] == Ref("does-not-apply", "26B", "第 26 条 B 款", 0)


@pytest.mark.parametrize("lang,here,text", [
    # headings, footnote markers, "this Law", "by law", bare numbers that are not provisions
    ("en", "27", "LAW 27 - INSUFFICIENT BID 不足叫價"),
    ("en", "31A2", "If that opponent makes a legal⁸ bid, double or redouble, offender may make any legal call:"),
    ("zh-Hant", "31A2", "若該敵家叫出合法叫價^{8、}賭倍或再賭倍,違規者得做出任何合法叫品:"),
    ("zh-Hans", "31A2", "如果上家作出了一个合法<sup>1</sup>的实质叫牌、加倍或者再加倍，违规者可以作出任何合法叫牌。"),
    ("en", "14B", "A player who fails to comply with the provisions of this Law jeopardizes his right to claim."),
    ("en", "20A", "unless he is required by law to pass."),
    ("en", "2", "North Dealer Boards 1 5 9 13 East Dealer Boards 2 6 10 14"),
    ("en", "86B2", "Subject to 4 boards being played, a score of 3 IMPs applies."),
    ("zh-Hans", "25A", "1. 在搭档作出叫牌之前，如果牌手发现所作出的不是自己原本意图作出的叫牌。"),
    ("en", "1A", "A player may double only the last preceding bid."),
    ("zh-Hans", "78B", "分差 IMP 分差 IMP 20~40 1 750~890 13 3500~3990 23 600~740 12 4000 及以上 24"),
])
def test_not_refs(lang, here, text):
    assert extract_refs(text, lang, here) == []


def test_relative_needs_a_provision():
    # in the Definitions there is nothing to resolve "see A" against: not emitted, but reported
    assert extract_refs("see A following", "en", "") == []
    assert unresolved("see A following", "en", "") == [("A following", 4)]


def test_subsub_relative_roman():
    # "(i)" alone inside a sub-item is a sibling sub-sub-item
    refs = extract_refs("When the call is a comparable call, rules as in (i) above apply.", "en", "30B1(b)(ii)")
    assert [(r.type, r.target) for r in refs] == [("applies", "30B1(b)(i)")]


def test_unresolved_reports_garbled_source():
    # OCR garble in 000 ("Law 6882" for 68B2): not a provision, reported for the ingest report
    text = "若防家反對其同伴之捐牌時 · 參照 Law 6882 。"
    assert extract_refs(text, "zh-Hant", "49") == []
    assert [s for s, _ in unresolved(text, "zh-Hant", "49")] == ["Law 6882"]
