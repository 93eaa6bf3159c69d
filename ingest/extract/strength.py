"""Strength tags: which word of each edition's own scale governs each clause of a provision.

The scales are the ones each Introduction defines (000 lines 97-101, 002 line 1793):

| level     | en        | zh-Hant (000)          | zh-Hans (002)             | Introduction's gloss                          |
| --------- | --------- | ---------------------- | ------------------------- | --------------------------------------------- |
| may       | may       | 得                      | 可以                       | failure to do it is not wrong                  |
| does      | (none)    | (作)                    | (做)                       | establishes procedure, violation not penalised |
| should    | should    | 須                      | 应该                       | infraction, rights jeopardised, seldom penalised |
| shall     | shall     | 應                      | 应当                       | violation will usually incur a penalty         |
| must      | must      | 務必                    | 必须                       | the strongest word                             |
| must-not  | must not  | 務必不                  | 不准                       | the strongest prohibition                      |
| may-not   | may not   | 不得                    | 不得                       | just short of must not                         |
| shall-not | shall not | 不應 (譯按) / 不須 (正文) | 不应                       | strong, but weaker than may not                |

`does` is never read off a word: a clause that carries no word of the scale gets ONE tag with
level "does" and word "" (the indicative, which "establishes procedure"). The literal 作 / 做
are not tagged: they are everywhere (作出, 工作, 做出) and mean "make", not a modal.

Decisions (each tested in tests/ingest/extract/test_strength.py):

| lang    | form                              | tagged as                  | why                                                   |
| ------- | --------------------------------- | -------------------------- | ----------------------------------------------------- |
| en      | must not / may not / shall not    | one prohibition tag, never also must / may / shall | the Introduction's prohibition scale |
| en      | should not (4 times)              | shall-not, word "should not" | a prohibition: polarity matters more than degree; shall-not is the weakest prohibition of the scale; the word keeps the difference |
| en      | need not                          | may, word "need not"       | the Introduction's gloss of may: "failure to do it is not wrong" |
| en      | nor may / nor must / nor shall / nor should | may-not / must-not / shall-not / shall-not | "may not …, nor may he …" (43A1(c), 20F5(a)) |
| en      | may never / must never / shall never / should never | may-not / must-not / shall-not / shall-not | "an inadmissible double … may never be accepted" (32): a prohibition (round 5) |
| en      | may not be readily …, may not have | not tagged (epistemic, 40B1(b)); the "not" is not a prohibition | the one non-prohibitive "may not" in the Laws; a possibility, not a permission (issue 14, second review) |
| en      | May + day number                  | not tagged                 | a month                                              |
| en      | No X shall / may / must / should ("No player shall", "no result may stand", "No board that fails to conform … should") | shall-not / may-not / must-not / shall-not | a prohibition: the "No" opens the subject (at most nine words before the modal, none starting another clause, not after "there is / are / was": "if there is no Director the players should" is "should"); 13C, 9B2, 45G, 7C, 68D2(a), 2, 25A5 ("no substitution may occur", never read as a possibility) |
| en      | must / shall do nothing, must have no, shall take no | must-not / shall-not | "must do nothing to correct" (75B3), "must have no conversation" (76B3) |
| en      | neither … nor … may (shall, must, should) | the prohibition of the modal | as "No X may" |
| en      | … is / are prohibited (at the end of a clause) | must-not, word "prohibited" | Psychic Guideline 1, Systems Policy; "prohibited from leading" (a lead restriction) is not a modal |
| en      | as the case may be                | not tagged                 | an idiom (53A), not a permission                      |
| en      | epistemic may: "there may be", "may have (to)", "may be subject / responsible / the / expected / artificial …", "may constitute / occur / become / exist / need / contain / call for / arise / apply", "may reasonably / well / by agreement …" | not tagged | a possibility (可能 in the Chinese), not a permission (issue 14); "Law 26B may apply" (39C, 38D): the Law applies when its own conditions are met (round 5; as 得適用 and 可能适用 below); other epistemic uses ("which may be the opening lead") stay "may" |
| en      | should after a word of intention: "It is not intended that this should over-ride" (Alerting Policy 1.2), "expected / desired that … should" | not tagged | a putative (subjunctive) "should" that says what is meant, binding no one (round 5) |
| en      | a modal in a relative clause opened by a preposition: "the hand from which declarer shall lead" (43B2(a)), "the date by which … must be received" (Systems Policy 5), "an order in which the Director shall deem" (70E2) | tagged as written; `embedded_modals` marks it | it describes the noun, so the translation check reads it as answered whether the Chinese says it or not (round 5); the tag stays because a rule may rest on it (the reasoner's 70E2 "the Director shall deem"). Not "in which case" (a connective), not "of which" (a partitive), not when a pronoun opens the relative clause ("the board from which he drew his cards the Director may": the main clause's "may") |
| en      | declaratory shall: "shall prevail" (55A), "shall apply", "shall be applied" (67A2), "shall stand", "No … restrictions shall apply" (Systems Policy 3, 5), "These provisions shall not prevent" (6D2) | not tagged (does) | a statement of how the rules work that binds no one (round 5); a Chinese 應 or 不應妨礙 still answers it (translation._UNSCALED) |
| en      | may …, but not … / (but not …)    | may-not, word "but not"    | the elliptical prohibition of the same "may" (42B1, 66B, 25A2) |
| zh-Hant | 務必不得 / 務必不可 / 務必不         | must-not (one tag)         | the translation's usual form of 務必不                 |
| zh-Hant | 務必須 / 必須                     | must (one tag)             | 必須 (required) is ordinary "must"; it is never "should" (須) |
| zh-Hant | 不須                              | shall-not                  | the Introduction's own word for shall not ...         |
| zh-Hant | 不須進一步(矯正)                   | not tagged                 | ... except "without further rectification" (45E2)    |
| zh-Hant | 無須 / 不必                       | may                        | as "need not"                                         |
| zh-Hant | 可以                              | may                        | not in the scale, but "may" wherever the translation uses it |
| zh-Hant | 應該                              | shall (word 應該)           | contains 應 (shall); 應該未跟 is a revoke (masked)     |
| zh-Hant | not 得: 獲得 取得 贏得 尋得 所得 使得 值得 記得 覺得 來得 懂得 始得, 得分 得到 得知 得出 得利, 得牌 (tricks won), 得 0 / 得一/兩/零單位 (scores) | — | ordinary words |
| zh-Hant | not 應: 應跟未跟 / 應該未跟 (revoke), 本應 (whose turn it was), 相應 對應 回應 反應 適應 因應, 應對措施 (responses; 應對 + a noun phrase is "shall, as to …"), 應用 (applies to), 應會 (would), 應得之 (due), 應受譴責, 應負之 (responsibilities), 是否應, 應叫牌者 / 應叫牌之 (the player due to call), 應非違規方之請求 / 應主辦單位之要求 (at the request of) | — | ordinary words |
| zh-Hant | 不需, 需, 不可, 不能               | not tagged                 | not in the scale (need / cannot)                      |
| zh-Hant | 要求…須 (1B 得要求每張牌之牌面須對稱), 須經 (5A 須經裁判之指示或許可,方得) | not tagged | "required to be" / "only with": the object of a requirement, not "should" |
| zh-Hant | 要求…應 (16B2 得要求此時應召請裁判), 理應 (75D1), 須符合 / 應符合 (70E2), 應僅得 (73A1, 得 only), 未禁止使用 / 不禁止使用 (16A1(d)), 不得違反 (41B, 82A) | not tagged | "may require that … be called", "are expected to", "subject to", "shall only be effected by", "do not preclude", "not contrary to": ordinary words, not the scale |
| zh-Hant | 得利 but not 不得利用 | 不得利用 is may-not | 得利 "gain" is masked only when no 不 precedes it (68B2 不得利用 "may not be used") |
| zh-Hant | 得適用 ("may apply", 25 times in the Traditional texts), 而得 (Systems Policy 4 而得佐證 "can thereby support"), 使…得以 (12A2 可使該副牌得以正常進行 "enable the board to be played"; not 使用…得以 "use … may") | not tagged | a possibility and an ability, not "may" (round 5); the words of "get" (獲得 取得 得到 得分 …) were already masked |
| zh-Hant, zh-Hans | 應 / 须 / 应该 … 卻未 / 而未 (Systems Policy 5 應列於制度卡卻未列入 "which should have been listed, but has been left out") | not tagged | a duty described as unmet, as the English "should have been" |
| zh-Hant, zh-Hans | 禁止使用                   | must-not                   | the Systems Policy's "is prohibited"; 禁止 alone is the lead-restriction verb ("declarer may prohibit a lead") |
| zh-Hans | 必须不叫                          | must (word 必须)            | 不叫 is "pass", not a negation: Simplified must-not is 不准 |
| zh-Hans | 不应该 / 不应当                   | shall-not (word as written) | a prohibition; 不应 is the scale's shall-not          |
| zh-Hans | 不准许                            | not tagged                 | "not permitted" (an adjective), not 不准              |
| zh-Hans | 应该轮到                          | not tagged                 | "whose turn it should be" (descriptive)               |
| zh-Hans | 不必 (not 不必要)                  | may                        | as "need not" ("不必说明" = need not disclose)         |
| zh-Hans | 得 alone, 应 alone, 不能, 禁止     | not tagged                 | not in the Simplified scale                           |
| zh-Hans | 可能适用                          | not tagged                 | "may apply" (30B1(b)(ii), 19B3): a possibility, as the English "may apply" and the Traditional 得適用 (round 5; it was tagged "may" to match the English "may" before) |
| zh-Hans | 可能必须 (45C5), 要求…应该 / 应当 / 须 (52B1 依照规则要求…应该打出), 理应, 未禁止使用, 不得违反 | not tagged | as in the Traditional: "may have to", "when required by law to", "expected to" |

Clauses. `split_clauses` cuts after a sentence end or a semicolon: English . ; ? ! (with
any closing quote or bracket) followed by white space, except after e.g. / i.e. / etc. /
cf. / vs. / No. or when all that precedes is a list label ("1.", "A."); Chinese after
。 ； ; ！ ？ ! ? (with any closing bracket). Colons and commas never cut; the PDF's "·" and
"." inside Chinese sentences are commas and never cut. Empty pieces are dropped.
`position` is the clause index from 1.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

LEVELS = ("may", "does", "should", "shall", "must", "must-not", "may-not", "shall-not")


@dataclass(frozen=True)
class StrengthTag:
    level: str    # one of LEVELS
    word: str     # the word(s) as they appear ("must", "務必", "不得", "may not", ...); "" for does
    clause: str   # the clause text the word governs
    position: int  # clause index from 1
    offset: int = -1   # where the word starts in the clause (-1 for does)


def _cjk(word: str) -> str:
    return r"\s*".join(re.escape(c) for c in word)


def _words(pairs: list[tuple[str, str]], flags: int = 0) -> tuple[re.Pattern, list[str]]:
    """One alternation, longest words first, with a named group per word."""
    parts, levels = [], []
    for i, (rx, level) in enumerate(pairs):
        parts.append(f"(?P<w{i}>{rx})")
        levels.append(level)
    return re.compile("|".join(parts), flags), levels


_EN, _EN_LEVELS = _words([
    (r"\bmust\s+not\b", "must-not"),
    (r"\bmay\s+not\b", "may-not"),
    (r"\bshall\s+not\b", "shall-not"),
    (r"\bshould\s+not\b", "shall-not"),
    (r"\bneed\s+not\b", "may"),
    (r"\bnor\s+must\b", "must-not"),
    (r"\bnor\s+may\b", "may-not"),
    (r"\bnor\s+shall\b", "shall-not"),
    (r"\bnor\s+should\b", "shall-not"),
    # "an inadmissible double … may never be accepted" (32): the prohibition of the same modal
    (r"\bmust\s+never\b", "must-not"),
    (r"\bmay\s+never\b", "may-not"),
    (r"\bshall\s+never\b", "shall-not"),
    (r"\bshould\s+never\b", "shall-not"),
    (r"\bmust\b", "must"),
    (r"\bshall\b", "shall"),
    (r"\bshould\b", "should"),
    (r"\bmay\b", "may"),
], re.I)
_EN_MASK = [
    re.compile(r"\bmay\s+not(?=\s+(?:be\s+readily|have)\b)", re.I),   # epistemic (40B1(b)): a possibility, not a prohibition
    re.compile(r"\bMay(?=\s+\d)|(?<=\d\s)May\b"),                           # the month
    re.compile(r"\bas\s+the\s+case\s+may\s+be\b", re.I),                        # an idiom, not a permission
    # "the contestants who should have had a comparison of scores" (87A), "which should have been listed"
    # (Systems Policy 5): a past duty described, not a rule of the clause
    re.compile(r"\bshould(?=\s+have\s+(?:had|been)\b)", re.I),
    # the putative "should" after a word of intention: "It is not intended that this should over-ride
    # Alerting Policies developed by the Zone" (Alerting Policy 1.2) says what is not meant, binds no one
    re.compile(r"\b(?:intend\w*|desir\w*|expect\w*|meant|envisaged)\s+that\b[^.;:,]{0,60}?\b(?P<m>should)\b", re.I),
    # a declaratory "shall" that binds no one: "the option … shall prevail" (55A), "Law 45E … shall be
    # applied" (67A2), "the same presumption … shall apply", "No … restrictions shall apply" (Systems
    # Policy 5, 3), "the score subsequently obtained shall stand", "These provisions shall not prevent
    # arrangements" (6D2): a statement of how the rules work, read as "does" (a Chinese 應 still answers
    # it: translation._UNSCALED)
    re.compile(r"\bshall(?=\s+(?:prevail|apply|be\s+applied|stand)\b)|\bshall\s+not(?=\s+prevent\b)", re.I),
    # epistemic "may" (a possibility, rendered 可能 in Chinese), not a permission: "there may be", "may have
    # to be played", "may be subject to", "may now constitute a revoke", "random psychics may occur"
    re.compile(r"\bthere\s+may(?=\s+be\b)|\bmay(?=\s+(?:well\s+|now\s+|also\s+|itself\s+|not\s+|reasonably\s+|,?\s*by\s+agreement,?\s+)?(?:have\b|be\s+(?:subject|responsible|the|a|an|liable|unaware|aware|different|necessary|possible|likely|more|less|readily|overheard|expected|artificial|weaker|stronger|yellow|gross)\b|(?:constitute|occur|result|exist|suggest|differ|include|become|need|contain|call\s+for|arise|affect|cause|seem|appear|apply)\b))", re.I),
]
# A modal inside a relative clause opened by a preposition ("the hand from which declarer shall lead"
# 43B2(a), "the date by which, and the address at which, … must be received" Systems Policy 5, "an order
# in which the Director shall deem a suit played" 70E2) is tagged (the reasoner rests 70E2's rule on
# its "shall"), but it describes the noun: the translation check reads it as answered whether or not
# the Chinese says it (`embedded_modals`). Not "in which case" (a connective: "in which case the defender
# may"), not "of which" (a partitive: "of which only three may be Yellow" is the rule), and not when a
# pronoun opens the relative clause ("the board from which he mistakenly drew his cards the Director may
# allow": the "may" is the main clause's); parentheses inside it are skipped.
_EN_RELATIVE = re.compile(
    r"\b(?:from|by|at|in|on|to|with|under|through|into)\s+which\b(?!\s+case\b)"
    r"(?:[\s,]+(?:\([^()]*\)|(?!(?:he|she|it|they|we|you|then|if|when|unless|but|and\s+then)\b)[\w'’-]+)){1,14}?"
    r"[\s,]+(?P<m>shall|must|should|may)\b", re.I)


def embedded_modals(clause: str, lang: str) -> set[int]:
    """The offsets of the modal words of an English clause that sit inside a relative clause opened by a
    preposition (`_EN_RELATIVE`); none in Chinese."""
    return {m.start("m") for m in _EN_RELATIVE.finditer(clause)} if lang == "en" else set()


# The epistemic mask does not apply under a subject opened by "no": "no substitution may occur" (25A5)
# is a prohibition.
_EN_EPISTEMIC = _EN_MASK[-1]

# A duty described as unmet, "any bid which should have been listed here, but which has been left out"
# (Systems Policy 5 應列於制度卡卻未列入), 應示警而未即時示警: as the English "should have been" (masked), not a
# rule of the clause.
_MODAL_UNMET = r"(?P<m>應該|应该|應當|应当|應|应|須|须)(?=[^，。；,;]{0,12}(?:卻|却|而|但)\s*未)"

# A modal inside a noun phrase, "the rules that viewers should observe" (76A2 应该遵守的规定, 應遵守之規定):
# the modal describes the rules' content, not the clause's own rule.
_MODAL_IN_NOUN = r"(?:應該|应该|應當|应当|應|应|須|须)(?=\s*[\u4e00-\u9fff]{1,3}\s*[的之]\s*(?:規定|规定|規章|规章|規則|规则|事項|事项))"

_HANT, _HANT_LEVELS = _words([
    (_cjk("務必不得"), "must-not"), (_cjk("務必不可"), "must-not"), (_cjk("務必不"), "must-not"),
    (_cjk("務必須"), "must"), (_cjk("務必"), "must"), (_cjk("必須"), "must"),
    (_cjk("不得"), "may-not"),
    (_cjk("不應"), "shall-not"), (_cjk("不須"), "shall-not"),
    (_cjk("無須"), "may"), (_cjk("不必"), "may"), (_cjk("可以"), "may"),
    (_cjk("應該"), "shall"),
    ("得", "may"), ("應", "shall"), ("須", "should"),
])
_HANT_MASK = [re.compile(x) for x in (r"(?<=可)以(?=\s*合法)", _cjk("可能必須"),   # "may have to": a possibility
    _cjk("應跟未跟"), _cjk("應該未跟"), _cjk("本應"), _cjk("相應"), _cjk("對應"), _cjk("回應"), _cjk("反應"),
    _cjk("適應"), _cjk("因應"), r"應\s*對(?=\s*(?:措施|方式|方法|之道))",   # 應對措施 "responses"; 裁判應對…妥為籌備 is "shall, as to …"
    _cjk("應用"), _cjk("應會"), _cjk("應得") + r"(?=\s*之)", _cjk("應受譴"),
    _cjk("應負之"), _cjk("是否應"), r"應\s*叫\s*牌\s*(?=者|之)",
    r"應(?=\s*(?:非違規方|主辦單位)\S{0,3}之\s*(?:請求|要求))",
    _cjk("獲得"), _cjk("取得"), _cjk("贏得"), _cjk("赢得"), _cjk("尋得"), _cjk("所得"), _cjk("使得"),
    _cjk("值得"), _cjk("記得"), _cjk("覺得"), _cjk("來得"), _cjk("懂得"),
    _cjk("得分"), _cjk("得到"), _cjk("得知"), _cjk("得出"), r"(?<!不)得\s*利",   # 得利 "gain"; 不得利用 is "may not use" (68B2)
    r"得\s*[一兩零二三四]\s*單", r"得\s*\d", r"得\s*牌(?!\s*張)", _cjk("始得"),
    _cjk("不須進一步"), _cjk("不必要"), _cjk("無必要"),
    r"要\s*求[^。，,；;者]{0,12}[須應]", r"須(?=\s*經)",   # 須 as "required to be" / "only with" (1B, 5A), 要求此時應召請 (16B2): not "should"
    _cjk("理應"),                                   # "are expected to" (75D1): not the scale's shall
    r"[須應](?=\s*符\s*合)",                          # 須符合 "subject to" (70E2)
    r"(?<=應)\s*[僅只]\s*得",                          # 應僅得以 "shall only be effected by" (73A1): a restriction, not a permission
    r"(?<=[未不])\s*禁\s*止\s*使\s*用",                  # 並未禁止使用 "do not preclude its use" (16A1(d))
    _cjk("不得違反"),                                # 不得違反 "not contrary to / subject to" (41B, 82A)
    _MODAL_IN_NOUN,                                 # 應遵守之規定 "the rules to be observed": inside a noun phrase
    _MODAL_UNMET,                                   # 應列於制度卡卻未列入 "which should have been listed"
    r"(?<=而)得", r"使(?!\s*用)[^，。；,;]{0,15}?(?P<m>得)(?=\s*以)",   # 而得佐證 "can thereby support", 使…得以 "enable to": ability, not "may"
    r"得(?=\s*適\s*用)",                            # 得適用 "may apply": a possibility, as the English (39C, 38D)
)]

_HANS, _HANS_LEVELS = _words([
    (_cjk("不准"), "must-not"),
    (_cjk("不得"), "may-not"),
    (_cjk("不应该"), "shall-not"), (_cjk("不应当"), "shall-not"), (_cjk("不应"), "shall-not"),
    (_cjk("必须"), "must"),
    (_cjk("应当"), "shall"),
    (_cjk("应该"), "should"),
    (_cjk("可以"), "may"), (_cjk("不必"), "may"),
])
_HANS_MASK = [re.compile(x) for x in (_MODAL_IN_NOUN, _MODAL_UNMET, r"可以(?=\s*用来)", r"应\s*对(?=\s*(?:措施|方式|方法|之道))", _cjk("相应"), _cjk("回应"), _cjk("反应"),   # 76A2 应该遵守的规定; 65C 可以用来 "can be used to"
                                     _cjk("不准许"), _cjk("应该轮到"), _cjk("不必要"),
                                     r"可以(?=\s*合法)",
                                     _cjk("可能必须"),                        # "may have to": a possibility (45C5)
                                     r"要\s*求[^。，,；;者]{0,12}?(?:应该|应当|须)",   # "when required by law to play" (52B1)
                                     _cjk("理应"), r"(?<=[未不])\s*禁\s*止\s*使\s*用", _cjk("不得违反"))]   # 可以合法打出 "can legally be played": ability, not permission

# "No player shall …", "no result may stand", "Neither X nor Y may …": the modal is a prohibition.
# The "no"/"neither" opens the subject: at most six words before the modal, none of which starts
# another clause or names another subject ("if there is no X, he may" is not a prohibition).
_EN_NEGATED = {"may": "may-not", "shall": "shall-not", "must": "must-not", "should": "shall-not"}
_EN_NO_SUBJECT = re.compile(
    r"(?<!\bthere\sis\s)(?<!\bthere\sare\s)(?<!\bthere\swas\s)"      # "if there is no Director, the players should" (80B2(a))
    r"(?:\bno|\bneither\b[^,;:()]*\bnor)\s+(?!(?:longer|later|more|less|one\s+else)\b)"
    r"(?:(?!(?:he|she|it|they|him|his|then|if|when|but|unless)\b)[\w'’-]+\s+){1,9}$", re.I)
# "it may no longer be corrected" (63B), "there shall normally be no redeal" (6F): the "no" follows the modal.
# "must do nothing to correct" (75B3), "must have no conversation" (76B3): a prohibition said with "no".
_EN_NO_AFTER = re.compile(r"\s+(?:normally\s+|then\s+)?(?:be\s+|do\s+|have\s+|make\s+|take\s+|say\s+)?(?:no|nothing)\b"
                          r"(?!\s+(?:more|less|later)\s+than)", re.I)
# Prohibitions without a word of the scale: "… are prohibited." (WBF Psychic Guideline 1, Systems
# Policy), 禁止使用 (the Systems Policy's Traditional text).
_EXTRA = {
    "en": [(re.compile(r"\b(?:is|are)\s+(?:strictly\s+)?prohibited(?=\s*(?:[.;]|$))", re.I), "must-not"),
           # "may inspect, but not expose" (66B): the elliptical prohibition of the same modal
           (re.compile(r"(?<=, )but\s+not\b(?=[^.;]*$)|(?<=\()but\s+not\b", re.I), "may-not")],
    "zh-Hant": [(re.compile(_cjk("禁止使用")), "must-not")],
    "zh-Hans": [(re.compile(_cjk("禁止使用")), "must-not")],
}

_SCALES = {
    "en": (_EN, _EN_LEVELS, _EN_MASK),
    "zh-Hant": (_HANT, _HANT_LEVELS, _HANT_MASK),
    "zh-Hans": (_HANS, _HANS_LEVELS, _HANS_MASK),
}

_EN_END = re.compile(r"[.;?!][)\]\"'’”]*\s+")
_EN_NO_CUT = re.compile(r"(?:\b(?:e\.g|i\.e|etc|cf|vs|No)\.$)|^\s*(?:[-–]\s*)?(?:\d{1,2}|[A-Za-z]|\([a-z]+\))\.$", re.I)
_ZH_END = re.compile(r"[。；;！？!?][)）」』\"”’]*")


def split_clauses(text: str, lang: str) -> list[str]:
    """Cut text into clauses at sentence ends and semicolons (see the module docstring)."""
    if lang not in _SCALES:
        raise ValueError(f"unknown language {lang!r}")
    out: list[str] = []
    start = 0
    if lang == "en":
        for m in _EN_END.finditer(text):
            piece = text[start:m.end()].strip()
            head = text[start:m.start() + 1].strip()
            if _EN_NO_CUT.search(head):
                continue
            if piece:
                out.append(piece)
            start = m.end()
    else:
        for m in _ZH_END.finditer(text):
            piece = text[start:m.end()].strip()
            if piece:
                out.append(piece)
            start = m.end()
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [c for c in out if re.search(r"\w", c)]


def modal_levels(clause: str, lang: str) -> list[tuple[str, str, int]]:
    """(level, word, offset in clause) for every word of the scale, after masking the
    ordinary words that contain a modal character; English prohibitions worded "No X shall",
    "neither … nor … may" and "is prohibited" read as prohibitions."""
    rx, levels, masks = _SCALES[lang]
    masked = clause
    for mk in masks:
        def blank(m: re.Match) -> str:
            if mk is _EN_EPISTEMIC and _EN_NO_SUBJECT.search(m.string[:m.start()]):
                return m.group()          # "no substitution may occur": a prohibition, not a possibility
            if "m" in mk.groupindex:      # only the modal of a longer context ("intended that this should")
                a, b = m.start("m") - m.start(), m.end("m") - m.start()
                return m.group()[:a] + "\x00" * (b - a) + m.group()[b:]
            return "\x00" * len(m.group())
        masked = mk.sub(blank, masked)
    out = []
    for m in rx.finditer(masked):
        level = levels[int(m.lastgroup[1:])]
        if lang == "en" and level in _EN_NEGATED and (_EN_NO_SUBJECT.search(masked[:m.start()])
                                                      or _EN_NO_AFTER.match(masked[m.end():])):
            level = _EN_NEGATED[level]
        out.append((level, clause[m.start():m.end()], m.start()))
    first_may = min((at for lv, _, at in out if lv == "may"), default=None)
    for extra, level in _EXTRA[lang]:
        for m in extra.finditer(masked):
            # "may ask declarer (but not a defender)": a prohibition only after the "may" it restricts
            if level == "may-not" and (first_may is None or m.start() < first_may):
                continue
            out.append((level, clause[m.start():m.end()], m.start()))
    return sorted(out, key=lambda t: t[2])


def tag_strength(text: str, lang: str) -> list[StrengthTag]:
    """One tag per modal word of the edition's scale, clause by clause; a clause with none
    gets one `does` tag with an empty word."""
    tags: list[StrengthTag] = []
    for pos, clause in enumerate(split_clauses(text, lang), start=1):
        found = modal_levels(clause, lang)
        if not found:
            tags.append(StrengthTag("does", "", clause, pos))
        for level, word, offset in found:
            tags.append(StrengthTag(level, word, clause, pos, offset))
    return tags
