"""The irregularities a story tells rather than shows in its calls and cards: unauthorized
information after a hesitation (Law 16), misinformation (Laws 20-21, 75), a deceptive manner (73),
a wrong number of cards (13-14), cards from a wrong board and a board played wrongly (15), dummy's
limits and designations (43, 45, 46), simultaneous plays (58) and calls (33), a fifth card (45E),
a surplus card (13C) and a defective trick (67).
"""
from __future__ import annotations

import re

from query.rulings.facts import SEATS, lho, parse_call, partner, rho
from query.rulings.scenario.auction import _answer_to_substitute
from query.rulings.scenario.pipelines import lexicon
from query.rulings.scenario.play import _penalty_card_not_played
from query.rulings.scenario.reader import Mention, read_card
from query.rulings.scenario.story import _POLL, Action, Story, _quoted, call_of, in_question, seats_named, sentence_at, told_at
from query.rulings.scenario.table import HONOUR_RANKS, Auction, Irregularity, PLAY_KINDS, _QUOTED, _SENTENCE, _accept_events, _declarer_seat, _nearest_seat, _rel, _resolve, _span, _to_dummy, \
    changed_at_once


_ASKS = re.compile(r"ask|quer|问|問|询|詢", re.I)     # a say event that is a question ("South asked", 詢問)


def _complaint(st: Story, m: Mention) -> bool:
    """"EW say they were misled", "东西说他们被误导了": the non-offenders' complaint, not the Director's finding."""
    return re.search(r"\b(say|says|said|claim|claims|claimed|feel|feels|felt|think|thinks|thought)\s+(that\s+)?(they|we)\s+(were|had been|have been)\s*$|"
                     r"(说|称)(他们|我们)?(被)?$", st.text[max(0, m.start - 30):m.start], re.I) is not None


def _artificial_told(st: Story, no_alert: Action) -> Mention | None:
    """"系統卡寫2♦是梅花支持的人為邀請": the call not alerted told as artificial, in the words about that call (its
    bid named just before), not someone's belief ("東以為是人為叫品")."""
    call = next((b.call for b in reversed(st.actions[:no_alert.index]) if b.call), None)
    for _, f, m in st.findings:
        start = sentence_at(st.text, m.start)[0]
        named = [x for x in st.mentions if x.label == "CALL" and x.value == call and start <= x.start < m.start]
        if f == "artificial" and named and not re.search(r"以为|以為|thought|believed", st.text[named[-1].end:m.start], re.I):
            return m
    return None


def _same_sentence(st: Story, a: Action, b: Action) -> bool:
    """Two actions told in one sentence ("E pass, S 3NT, all pass. At the same time…" are not)."""
    ends = sorted(told_at(x) for x in (a, b))
    return not _SENTENCE.search(st.text[ends[0]:ends[1]])


# Law 16B1(b) is the Director's judgement: a finding in a sentence where a side says, thinks or contends it
# ("E-W say…", "According to E-W…", "West told me…", "对手认为…", "东西方…投诉，认为…") is that side's view, unless the
# Director speaks ("I", "the Director", 裁判, 我 as the verb's subject, or after it: "E-W complained, and the Director
# polled…", "according to my poll")
_VIEW = re.compile(r"\b(say|says|said|saying|think|thinks|feel|feels|felt|believe|believes|believed|claim|claims|claimed|"
                   r"claiming|contend|contends|contended|contending|insist|insists|insisted|insisting|argue|argues|argued|arguing|"
                   r"told|complain|complains|complained|complaining|protest|protests|protested|according to|allege|alleges|alleged)\b|"
                   r"(?<!就是)(?<!据)(?<!所以)(说|說)|认为|認為|觉得|覺得|声称|聲稱|坚持|堅持|投诉|投訴|抗议|抗議|主张|主張", re.I)
_DIRECTOR = re.compile(r"\b(I|we|my|our|TD|director)\b|裁判|我", re.I)
_DIRECTOR_SAYS = re.compile(r"\b(I|we|TD|director)\b(,[^,.;]{0,25},)?\s*$|(裁判|我|我们|我們)\S{0,2}$", re.I)   # the verb's subject
# that the information suggested the call ("the slow pass suggested bidding", "我认为南的长考明显暗示他倾向于继续竞叫",
# even in the Director's own judgement) answers only 16B1(a): whether there was a logical alternative (16B1(b)) is asked
_POLLED_PASS = re.compile(r"\b(two|three|four|five|six|seven|eight|most|[2-9])\s+(of (them|the \w+)\s+)?(passed|chose to pass|would pass)\b|"
                          r"[二两三四五六七八]\S{0,2}(位|个|人)\S{0,2}(不叫|派司|pass)", re.I)
_FEW = re.compile(r"\b(only|just|of)\s+$|(只有|仅有|僅有|只|仅|僅)\S{0,2}$", re.I)   # "only one of six would pass"


def _alternative_found(st: Story) -> tuple[bool, Mention] | None:
    """The Director's answer to Law 16B1(b), told in the story: "pass is a logical alternative", a poll's "four of six
    would pass" or "I polled five players: four passed" (yes); "no logical alternative", "nobody considered passing",
    or either half of 16B1 denied ("did not demonstrably suggest 4♥", "suggested nothing") (no). Not a side's
    view, nor a question ("不叫是合理选择吗？"), nor "only one of six would pass" (whether that is a significant
    proportion is the Director's call); None when the story does not tell it."""
    def directors(m: Mention) -> bool:
        clause = re.split(r"[。.;；!?！？\n]", st.text[max(0, m.start - 80):m.start])[-1]
        said = list(_VIEW.finditer(clause))
        return not said or bool(_DIRECTOR_SAYS.search(clause[:said[-1].start()]) or _DIRECTOR.search(clause[said[-1].end():]))

    def told(values: tuple[str, ...]) -> list[Mention]:
        return [m for _i, f, m in st.findings if f in values and directors(m) and not in_question(st.text, m.start)
                and not (f == "poll_pass" and _FEW.search(st.text[max(0, m.start - 8):m.start]))]

    no = told(("no_logical_alternative", "not_suggested"))
    yes = told(("logical_alternative", "poll_pass"))
    for p in _POLL.finditer(st.text):
        # the Director's own poll, told as what the polled players did: "I polled five players: four passed 3♠, one bid 4♠"
        counted = _POLLED_PASS.search(st.text, p.end(), sentence_at(st.text, p.end())[1])
        if counted is not None and not no and not _FEW.search(st.text[max(0, counted.start() - 8):counted.start()]):
            yes.append(Mention("FINDING", "poll_pass", counted.start(), counted.end(), counted.group(0)))
    return (False, no[-1]) if no else (True, max(yes, key=lambda m: m.start)) if yes else None


def replay_other(st: Story, au: Auction) -> list[Irregularity]:
    """Change of call (Law 25), unauthorised information from a hesitation, a remark or a speed (Law 16B),
    a failure to disclose (Laws 20F1, 40), misinformation (Laws 20-21, 75)."""
    out = []
    unint, intended = st.has("unintended"), st.has("intended")
    repl = next((a for a in st.actions if a.kind in ("replace", "withdraw", "pull") and a.actor in SEATS
                 # (reaching for the bidding box and dropping a card from his hand pulled no call: Law 24)
                 and not (a.kind == "pull" and not a.call and any(b.actor == a.actor and b.kind in ("drop", "expose", "face")
                                                                    and b.cards for b in st.actions[a.index + 1:a.index + 3]))), None)
    if (unint is not None or intended is not None) and repl is not None and not any(a.kind == "lead" for a in st.actions):
        irr = Irregularity("change_of_call", {}, at=repl.index)
        irr.put("irregularity", "change_of_call", _span(repl, "event"))
        irr.put("offender", repl.actor, _span(repl, "actor"))
        if unint is not None:
            irr.put("unintended", True, unint)
        else:
            irr.put("unintended", False, intended)
        if st.has("not_called") is not None:
            irr.put("partner_called_since", False, st.has("not_called"))
        elif changed_at_once(st, repl):
            irr.put("partner_called_since", False, _span(repl, "event"))
        nxt = next((b for b in st.actions if b.index > repl.index and b.call and b.actor in SEATS and b.actor != repl.actor), None)
        if nxt is not None and nxt.actor == lho(repl.actor):
            # "北家拿出了不叫卡，东家叫1♥之后…": LHO called over the call being changed (Law 25A6)
            irr.put("lho_called_over_first_call", True, _span(nxt, "actor") or _span(nxt, "call"))
        _answer_to_substitute(st, irr, repl.actor, repl.index, repl.index)
        out.append(irr)
    hes = next((a for a in st.actions if a.kind == "hesitate" and a.actor in SEATS), None)
    nbr = st.has("no_bridge_reason")
    if hes is not None and nbr is not None and not any(a.call for a in st.actions if a.index > hes.index):
        # Law 73E2: a defender's hesitation with no bridge reason misled declarer
        irr = Irregularity("deceptive_manner", {}, at=hes.index)
        irr.put("irregularity", "deceptive_manner", _span(hes, "event"))
        irr.put("offender", hes.actor, _span(hes, "actor"))
        out.append(irr)
        hes = None
    if hes is not None:
        later = next((a for a in st.actions if a.index > hes.index and a.actor == partner(hes.actor) and (a.call or a.kind in ("bid", "lead", "play"))), None)
        if later is not None:
            irr = Irregularity("unauthorized_information", {}, at=later.index)
            irr.put("irregularity", "unauthorized_information", _span(hes, "event"))
            irr.put("offender", later.actor, _span(later, "actor"))
            irr.put("ui_kind", "hesitation", _span(hes, "event"))          # Law 16B1: an unmistakable hesitation
            out.append(irr)
    # a remark ("嘀咕了一句：希望你有方塊", "muttered") or an unwonted speed ("秒出了一张'不叫'", "a snap pass") that
    # partner may use, followed by partner's call or play (Law 16B1, 73A2)
    said = next((a for a in st.actions if a.kind == "remark" and a.actor in SEATS), None)
    snap = next(((i, m) for i, f, m in st.findings if f == "snap"), None)
    calls = [b for b in st.actions if b.call and b.actor in SEATS and _span(b, "call") is not None
             and snap and not re.search(r"[,，。.;；]", st.text[min(_span(b, "call").end, snap[1].end):max(_span(b, "call").start, snap[1].start)])]
    by = next((x.value for x in reversed(st.seat_mentions) if snap and x.end <= snap[1].start), None)   # "East snapped out a pass"
    fast = min(calls, key=lambda b: (b.actor != by, abs(_span(b, "call").start - snap[1].start)), default=None)   # the call made so fast
    for source, kind, words in ((said, "remark", said and _span(said, "event")), (fast, "unwonted_speed", snap and snap[1])):
        later = next((a for a in st.actions if source is not None and a.index > source.index and a.actor == partner(source.actor)
                      and (a.call or a.kind in ("bid", "lead", "play"))), None)
        if later is not None and not any(i.kind == "unauthorized_information" for i in out):
            irr = Irregularity("unauthorized_information", {}, at=later.index)
            irr.put("irregularity", "unauthorized_information", words)
            irr.put("offender", later.actor, _span(later, "actor") or _span(later, "call"))
            irr.put("ui_kind", kind, words)
            out.append(irr)
    la = st.has("logical_alternative") or st.has("suggested")
    if la is not None and not any(i.kind == "unauthorized_information" for i in out):
        # the Director finds a logical alternative: what partner conveyed is either a call made slowly ("pass (S,
        # after about 30 seconds) … the slow pass suggests bidding") or an explanation ("东解释说是转移叫 … 5♦是被
        # 解释提示的"); the offender's call is partner's last call after it (Laws 16B1, 20F, 75A)
        slow = next(((i, m) for i, f, m in st.findings if f == "slow"), None)
        slowed = next((b for b in reversed(st.actions[:slow[0] + 1]) if b.call and b.actor in SEATS), None) if slow else None
        told = next((a for a in st.actions if a.kind == "explain" and a.actor in SEATS), None)
        # a question about an opponent's call ("West asked what 2♣ was"), and his partner's lead after it (16B1: a question)
        asked = next((a for a in st.actions if a.kind == "say" and a.actor in SEATS and _span(a, "event") is not None
                      and _ASKS.match(_span(a, "event").text)), None)
        for source, kind, words in ((slowed, "hesitation", slow and slow[1]), (told, "reply", told and _span(told, "event")),
                                    (asked, "question", asked and _span(asked, "event"))):
            later = [a for a in st.actions if source is not None and a.index > source.index and a.actor == partner(source.actor)
                     and (a.call or kind == "question" and a.kind == "lead")]
            if later:
                irr = Irregularity("unauthorized_information", {}, at=later[-1].index)
                irr.put("irregularity", "unauthorized_information", la)
                irr.put("offender", later[-1].actor, _span(later[-1], "actor") or _span(later[-1], "call"))
                irr.put("ui_kind", kind, words)
                out.append(irr)
                break
    found = _alternative_found(st)
    for irr in out:
        if irr.kind == "unauthorized_information" and found is not None:
            irr.put("logical_alternative", found[0], found[1])     # the Director's answer to 16B1(b)
    # an agreement the system card does not show ("体系卡上一个字都没写", "not on their card"), or an explanation that
    # leaves part of it out ("北回答'这是转移叫'，但没说…", "left out that …"): Laws 20F1, 40A1(b), 40B2
    hidden, part = st.has("not_disclosed"), st.has("left_out")
    if part is not None and re.search(r"\b(I|we)\s+$|我\S{0,2}$", st.text[max(0, part.start - 6):part.start]):
        part = None                           # "I left out that East had hesitated": the teller's own omission
    asked_by = {b.actor for b in st.actions if b.kind == "say" and _span(b, "event") is not None
                and _ASKS.match(_span(b, "event").text)}
    told = next((a for a in reversed(st.actions) if a.actor in SEATS and part is not None and _span(a, "event") is not None
                 and _span(a, "event").start < part.start and (a.kind == "explain" or a.kind == "say" and any(
                     x in SEATS and x not in (a.actor, partner(a.actor)) for x in asked_by))
                 and not _ASKS.match(_span(a, "event").text)), None)   # the answer to an opponent
    # an explanation that departed from the agreement is misinformation (Laws 20F1, 21B, 75), ruled below, whatever the card says
    departed = st.has("misinformation") or st.has("agreement_told") or st.has("explanation_right")
    if (hidden is not None or told is not None) and departed is None \
            and not any(i.kind in ("misinformation", "unauthorized_information") for i in out):
        irr = Irregularity("failure_to_disclose", {}, at=told.index if told is not None else len(st.actions))
        irr.put("irregularity", "failure_to_disclose", hidden or part)
        irr.put("disclosure_failure", "not_disclosed" if hidden is not None else "incomplete_explanation", hidden or part)
        if told is not None:
            irr.put("offender", told.actor, _span(told, "actor"))
        out.append(irr)
        return out
    # named ("wrong explanation") or shown ("their agreement is …", "约定卡上…") against what was explained
    mi = st.has("misinformation") or st.has("agreement_told") or st.has("explanation_right")
    exp = next((a for a in st.actions if a.kind in ("explain", "no_alert", "alert") and a.actor in SEATS), None)
    if mi is None:
        # "東馬上發現自己解釋錯了", "he explained it wrongly": the explanation itself said to be wrong
        said = next((a for a in st.actions if a.kind == "explain" and _span(a, "event") is not None and re.match(
            r"\s*(错|錯|有误|有誤|wrong|incorrectly|by mistake)", st.text[_span(a, "event").end:], re.I)), None)
        mi = _span(said, "event") if said is not None else None
    called = None
    if exp is None and st.has("explanation_right") is not None and st.has("forgot") is not None:
        # "北开1NT（约定卡写15-17点）… 北只有14点，他点力数错了 … 约定卡确实是15-17": the card told the agreement and
        # the call departed from it; no explanation was wrong (Law 75C)
        exp = called = next((a for a in st.actions if a.call and a.actor in SEATS and a.index <= next(
            i for i, f, _m in st.findings if f in ("agreement_told", "explanation_right"))), None)
        mi = st.has("explanation_right") if exp is not None else None
    asked, alert = None, exp if exp is not None and exp.kind == "alert" else None
    if mi is not None and called is None and (exp is None or exp.kind in ("explain", "alert")):
        # "南問，西說是「弱二，方塊」": the answer to an opponent's question is the explanation (Law 20F),
        # told before the story says it was wrong ("東馬上發現自己解釋錯了")
        asked = next((a for a in st.actions if a.kind == "say" and a.actor in SEATS and _span(a, "event") is not None
                      and _ASKS.match(_span(a, "event").text)), None)   # a question, not "told"
        answer = next((b for b in st.actions if asked is not None and b.index > asked.index and b.kind in ("say", "explain")
                       and b.actor in SEATS and b.actor not in (asked.actor, partner(asked.actor))), None)
        if answer is not None and (exp is None or answer.index < exp.index and answer.actor == exp.actor
                                   or alert is not None and answer.index > alert.index):
            exp = answer                                  # ("2♦ (alerted). South asked; West said …": the answer)
    if alert is not None and exp is alert:
        # "E 2D (alerted). West told South that 2D was …": what the alerting side then said is the explanation
        told = next((b for b in st.actions if b.index > alert.index and b.kind in ("say", "explain")
                     and b.actor in (alert.actor, partner(alert.actor))), None)
        exp = told or exp
    if mi is None and exp is not None and exp.kind == "no_alert":
        mi = _span(exp, "event")                          # a failure to alert is misinformation (Laws 20F, 21B)
    if mi is not None and exp is not None:
        irr = Irregularity("misinformation", {}, at=exp.index)
        irr.put("irregularity", "misinformation", mi)
        irr.put("offender", exp.actor, _span(exp, "actor"))
        if exp.kind in ("no_alert", "alert") or alert is not None:
            irr.put("alerted", exp.kind == "alert" or alert is not None, _span(alert or exp, "event"))
        if exp.kind == "no_alert" and (art := _artificial_told(st, exp)) is not None:
            # "系統卡寫2♦是人為邀請", "an artificial bid": the alerting policy requires its alert (WBF Alerting Policy 2(i))
            irr.put("call_class", "artificial_bid", art)
        if st.has("explanation_right") is not None and st.has("forgot") is not None \
                and (st.has("misinformation") is None or _complaint(st, st.has("misinformation"))):
            # "that's their agreement … he just forgot": the explanation was right, the call was the mistake (Law 75C)
            irr.put("mistake", "call", st.has("explanation_right"), st.has("forgot"))
        later = next((b for b in st.actions if b.index > exp.index and (b.kind in PLAY_KINDS and (b.cards or b.suit)
                                                                         or b.kind in ("lead", "dummy_down"))), None)
        if later is not None:
            # the play has begun (the auction period ends when the opening lead is faced, Law 17D): 21B3
            irr.put("auction_period_ended", True, _span(later, "event") or _span(later, "card"))
        elif st.has("established", exp.index) is not None or st.has("round_over", exp.index) is not None:
            # "打完后东西叫裁判": found after the play (21B3, 75B1)
            irr.put("auction_period_ended", True, st.has("established", exp.index) or st.has("round_over", exp.index))
        elif st.has("before_play", exp.index) is not None:
            irr.put("auction_period_ended", False, st.has("before_play", exp.index))    # "before the opening lead" (Law 17D)
        elif st.has("not_called", exp.index) is not None:
            # "Neither North nor East had called after West's pass", "东家和南家都还没叫" (Law 21B1(a))
            irr.put("auction_period_ended", False, st.has("not_called", exp.index))
            irr.put("partner_called_since", False, st.has("not_called", exp.index))
        # "東問 南說是… 東派司 南叫1♥": after the misinformed player's call his LHO called again (Law 21B2)
        misled = asked.actor if asked is not None and asked.actor in SEATS and asked.actor != exp.actor else None
        theirs = next((b for b in st.actions if misled and b.index > exp.index and b.actor == misled and b.call), None)
        again = next((b for b in st.actions if theirs is not None and b.index > theirs.index and b.actor == lho(misled) and b.call), None)
        since = next((b for b in st.actions if theirs is not None and b.index > theirs.index and b.actor == partner(misled) and b.call), None)
        if since is not None and "partner_called_since" not in irr.facts:
            # "South passed, W pass, N pass": the misinformed player's partner has called since (Law 21B1(a))
            irr.put("partner_called_since", True, _span(since, "call") or _span(since, "actor"))
        turn = next((m for i, f, m in st.findings if f == "out_of_turn" and theirs is not None and i >= theirs.index
                     and seats_named(m.text) == [lho(misled)]), None)
        if since is None and turn is not None and "partner_called_since" not in irr.facts:
            # "北就不叫了。轮到东叫的时候，东…更正": told at his LHO's turn, his partner has not called since (21B1(a))
            irr.put("partner_called_since", False, turn)
        if again is not None and not irr.facts.get("auction_period_ended"):
            irr.put("misinformed_lho_called", True, _span(again, "call") or _span(again, "actor"))
        out.append(irr)
    return out


_DESIGNATIONS = {"designation_high": "high", "designation_low": "low", "designation_any": "play_anything"}
# dummy holding no card of the rank named in that suit ("Dummy has no ♦K", "没有♦Q"): Law 46B3(a)'s proviso fails
_NONE_OF_RANK = re.compile(r"\b(has|had|holds?)\s*(no|n't)\b[^.]{0,8}[♣♦♥♠]|没有[♣♦♥♠]|沒有[♣♦♥♠]", re.I)
# a rank said alone, the whole of declarer's quoted words ("只說「K」", "said 'queen'"): Law 46B3
_RANK_ONLY = re.compile(r"^\W*(a|k|q|j|t|10|[2-9]|ace|king|queen|jack|ten|老k|老a|尖子)\W*$", re.I)


def _incomplete_designation(st: Story) -> Irregularity | None:
    """Law 46B: declarer's words for dummy's card, in quotes, name no card: a suit alone ("出黑桃",
    'spade'), "high", "low" or "anything" (随便出一张)."""
    dec = _declarer_seat(st)
    for a in st.actions:
        ev = _span(a, "event")
        if a.kind != "say" or ev is None or not (a.actor == "declarer" or dec and a.actor == dec):
            continue
        q = next((q for q in _QUOTED.finditer(st.text, ev.end) if q.start() - ev.end <= 3), None)
        if q is None or re.search(r"要他|叫他|让他|要求|禁止|不准|\b(him|her|them|require|prohibit|forbid)", q.group(), re.I) \
                or any(b.kind in ("claim", "concede") and b.index <= a.index for b in st.actions) \
                or st.has("penalty_card") is not None and not _to_dummy(st.text, q.start() + 1) \
                and re.search(r"\blead\b|出|攻|引", q.group(), re.I):
            continue          # "我要他攻紅心", "'Lead me a diamond'": declarer's lead requirement to a defender (Law 50D2), not dummy's card
            # (nor his claim statement: 攤牌時只說「方塊都是大的」)
        inside = [m for m in st.mentions if q.start() < m.start and m.end < q.end()]
        told_to = [m.value for m in st.mentions if m.label == "SEAT" and q.start() - 8 <= m.start < q.end() and m.start > ev.start]
        if dec and any(x not in (dec, partner(dec)) for x in told_to):
            continue          # "he told W 'no hearts'", 「西家你不是還有紅心嗎?」: words to a defender, not dummy's card
        named = next(((v, m) for m in inside if m.label == "FINDING" for k, v in _DESIGNATIONS.items() if m.value == k), None)
        suits = [m for m in inside if m.label == "SUIT"]
        rank = _RANK_ONLY.match(q.group()[1:-1])
        if rank and named is None and not suits:
            named = ("rank_only", Mention("FINDING", "rank_only", q.start() + 1 + rank.start(1), q.start() + 1 + rank.end(1), rank.group(1)))
        if any(m.label in ("CARD", "CALL") for m in inside) or (named is None and not suits):
            continue
        dm_seat = partner(dec) if dec else None
        irr = Irregularity("incomplete_designation", {}, at=a.index)
        irr.put("irregularity", "incomplete_designation", ev)
        if dec:
            irr.put("offender", dec, _span(a, "actor"))
            irr.put("declarer", dec, st.declarer[1] if st.declarer else None)
        irr.put("designation", named[0] if named else "suit_only", named[1] if named else suits[0])
        won = next((b for b in reversed(st.actions[:a.index]) if b.kind in ("win", "lead", "play", "follow", "discard", "ruff")), None)
        card = read_card("♠" + named[1].text, lexicon("zh")) if named and named[0] == "rank_only" else None   # the rank, as cards are valued
        held = [c for b in st.actions if b.kind == "hold" and (b.actor == "dummy" or dm_seat and b.actor == dm_seat) for c in b.cards]
        in_suit = won is not None and (not won.cards or any(c[0] == won.cards[0][0] and card and c[1:] == card[1:] for c in held))
        if named and named[0] == "rank_only" and won is not None and won.kind == "win" and won.actor == "dummy" and (in_suit or not held) \
                and not _NONE_OF_RANK.search(st.text, q.end()):
            irr.put("declarer_leading", True, _span(won, "event") or _span(won, "actor"))    # dummy won the trick before: it leads (46B3(a))
        elif named and named[0] == "rank_only" and won is not None and won.kind == "lead" and won.actor in ("declarer", dec):
            irr.put("declarer_leading", False, _span(won, "event") or _span(won, "actor"))   # declarer led from hand: dummy follows (46B3(b))
        return irr
    return None


def _dummy_card_not_designated(st: Story) -> Irregularity | None:
    """Law 45D: dummy put in the played position a card declarer had not named: another card than the one
    he called for ("庄家叫明手出♣10，明手拿了♣J放出去"), or one before he had named any ("莊家還沒說要打哪張，
    夢家就自己把♥2推出去")."""
    dec = _declarer_seat(st)
    dm = partner(dec) if dec else None
    plays = [a for a in st.actions if a.kind in ("play", "lead", "follow") and a.cards and (a.actor == "dummy" or dm and a.actor == dm)]
    for p in plays:
        before = st.actions[p.index - 1] if p.index else None
        other = any(b is before for b in plays) and before.cards != p.cards and p.index >= 2 \
            and st.actions[p.index - 2].actor in ("declarer", dec) and st.actions[p.index - 2].kind in ("bid", "say")
        told = before if before is not None and before.actor in ("declarer", dec) and before.kind in ("bid", "say") else None
        ev = _span(told, "event") if told is not None else None
        q = next((q for q in _QUOTED.finditer(st.text, ev.end) if q.start() - ev.end <= 3), None) if ev is not None else None
        suits = {m.value for m in st.mentions if q is not None and m.label == "SUIT" and q.start() < m.start and m.end < q.end()}
        other = other or bool(suits) and p.cards[0][0] not in suits     # 莊家叫「小梅花」，夢家卻把♦3放到出牌位置
        named = {m.value for m in st.mentions if q is not None and m.label == "CARD" and q.start() < m.start and m.end < q.end()}
        other = other or bool(named) and p.cards[0] not in named and _span(p, "card") is not None \
            and not _quoted(st.text, _span(p, "card").start)            # 庄家说'红心Q'，明手却把♥K放了出去 (not "no - king of diamonds")
        said = {m.value for m in st.mentions if q is not None and m.label == "FINDING" and q.start() < m.start and m.end < q.end()}
        honour = p.cards[0][1:] in HONOUR_RANKS
        objected = any(b.index > p.index and b.actor in ("declarer", dec) and b.kind in ("say", "object") for b in st.actions)
        # "small club" and dummy put out the ♣Q, "top spade" and the ♠3, and declarer says so ("I asked for a small one"):
        # not the card named (Law 45D); unprotested, it may be the card the designation means (46B1: "小梅花" and ♣10)
        other = other or objected and ("designation_low" in said and honour or "designation_high" in said and not honour)
        unnamed = next((m for i, f, m in st.findings if f == "not_called" and i < p.index
                        and re.match(r"\s*(说|叫|指定|named|said|called)", st.text[m.end:m.end + 3], re.I)), None)
        if not other and unnamed is None:
            continue
        irr = Irregularity("dummy_card_not_designated", {}, at=p.index)
        irr.put("irregularity", "dummy_card_not_designated", _span(p, "card") or _span(p, "event"))
        if dec:
            irr.put("declarer", dec, st.declarer[1] if st.declarer else None)
        early = next((m for _i, f, m in st.findings if f in ("not_played", "not_established") and m.start > max(x.end for _, x in p.spans)), None)
        if early is not None:
            irr.put("attention_before_next_trick", True, early)      # "東西還沒出牌，馬上有人發現"
        meant = next((m for m in st.mentions if q is not None and m.label == "FINDING" and q.start() < m.start and m.end < q.end()
                      and m.value in ("designation_high", "designation_low")), None)
        if meant is not None and not suits:
            irr.put("designation_meant", _DESIGNATIONS[meant.value], meant)    # "declarer said 'small'": which card he named (46B1)
        return irr
    return None


# Law 16D1: information about a board (a result, a call, a remark, cards), not an empty table or a borrowed pen
_BOARD_WORDS = re.compile(r"\b(made|making|make|down|result|score|bid|bidding|auction|lead|hand|hands|cards?|board|contract|"
                          r"discuss\w*|talk\w*|said|saying|say)\b|做成|宕|结果|成绩|叫品|首攻|的牌|[这那]副|第\s*\d+\s*副|讨论|说|定约|合约", re.I)
_ALREADY_PLAYED = re.compile(r"already played|had played (it|that board)|已经打过|已打过|打过了|打完了?这副", re.I)
_AFTER_AUCTION = re.compile(r"叫牌结束|竞叫结束|\bafter the (auction|bidding)\b|\b(auction|bidding) (was|had) (over|ended|finished)", re.I)


def _extraneous_information(st: Story) -> Irregularity | None:
    """Law 16D: "South heard someone at the next table say '6♥ making'", "去了隔壁桌，看到了第7副的牌": information about a
    board he is playing or has yet to play, from another table (not a board he has already played, nor an empty table);
    and whether it came before any call on the board (16D2) or after the first call (16D3)."""
    def heard(m: Mention) -> bool:      # heard or seen in the same sentence, and something of a board told there
        start, end = sentence_at(st.text, m.start)
        said = any(f == "overheard" and start <= x.start < end for _, f, x in st.findings) \
            or any(x.label == "EVENT" and x.value == "look" and start <= x.start < end for x in st.mentions) \
            or re.search(r"听到|听见|偷听|看到|看见", st.text[start:end]) is not None
        return said and _BOARD_WORDS.search(st.text[start:end]) is not None and not _ALREADY_PLAYED.search(st.text[start:end])
    seen = next(((i, m) for i, f, m in st.findings if f == "other_table" and heard(m)), None)
    if seen is None:
        return None
    i, where = seen
    irr = Irregularity("extraneous_information", {}, at=i)
    irr.put("irregularity", "extraneous_information", where)
    start, end = sentence_at(st.text, where.start)
    before = next((m for _, f, m in st.findings if f == "before_auction" and start <= m.start < end), None) or st.has("before_auction")
    after = _AFTER_AUCTION.search(st.text, start, end)
    during = st.has("during_auction") or st.has("after_lead")
    quoted = [q.span() for q in _QUOTED.finditer(st.text)]
    called = next((b for b in st.actions if b.call and b.index <= i and not any(
        a <= (_span(b, "call") or where).start < z for a, z in quoted)), None)        # (not the "6♥" of what he heard)
    if before is not None and start <= before.start < end:
        irr.put("before_any_call", True, before)     # "before the auction started he had overheard …", told after North's 1♠
    elif after is not None:
        irr.put("before_any_call", False, Mention("FINDING", "after_auction", after.start(), after.end(), after.group(0)))
    elif during is not None or called is not None:
        irr.put("before_any_call", False, during or _span(called, "call"))    # "During the auction", "南刚叫过1♦"
    elif before is not None:
        irr.put("before_any_call", True, before)
    return irr


def _no_result(st: Story) -> list[Irregularity]:
    """Law 12C2(a): a board on which no result could be obtained ("board 24 couldn't be played", "我把这副取消了"). The
    pairs told in the same sentence as being late or slow were directly at fault; those told as waiting or in no way
    at fault were not: one ruling each, an artificial adjusted score by responsibility. With no pair told, it is asked."""
    unplayable = st.has("board_unplayable")
    if unplayable is None or not (re.search(r"time|副|来不及", unplayable.text, re.I)
                                  or re.search(r"(\b(board|bd)\s*#?\d*|副)\s*$", st.text[max(0, unplayable.start - 12):unplayable.start], re.I)):
        return []               # the board named just before it: a card that "could not be played" is no board
    out = []
    for side in [m for m in st.mentions if m.label == "SIDE"]:
        span = sentence_at(st.text, side.start)
        fault = next(((v, m) for _, f, m in st.findings for v in [{"at_fault": "directly", "not_at_fault": "none"}.get(f)]
                      if v and span[0] <= m.start < span[1] and m.start > side.start
                      and not any(x.label == "SIDE" and side.start < x.start < m.start for x in st.mentions)), None)
        # (the side told just before the words: not "NS said EW had been slow")
        if fault is not None and not any(i.facts.get("contestant_fault") == fault[0] for i in out):
            irr = Irregularity("no_result_obtainable", {}, at=0)
            irr.put("irregularity", "no_result_obtainable", unplayable)
            irr.put("contestant_fault", fault[0], side, fault[1])
            out.append(irr)
    if not out:
        irr = Irregularity("no_result_obtainable", {}, at=0)
        irr.put("irregularity", "no_result_obtainable", unplayable)
        out.append(irr)
    scored = next(((v, m) for _, f, m in st.findings for v in [{"scored_matchpoints": "matchpoints", "scored_imps": "imps"}.get(f)] if v), None)
    for irr in out if scored is not None else []:
        irr.put("scoring", *scored)      # "Pairs,", 双人赛: average plus is 60% (12C2(a)); at IMPs, 3 IMPs (12C2(b))
    return out


def restated_auction(st: Story) -> tuple[Mention, list[Action]] | None:
    """Law 20E: after a review of the auction is asked for, a player's words in quotes that list calls
    ("West asked for a review and North said '1♦, 1♠, 2♦, 3NT'"): the restatement and the call actions read from it.
    Those are words about the auction, not calls: the caller takes them out before the auction is replayed."""
    asked = st.has("review")
    if asked is None:
        return None
    for q in _QUOTED.finditer(st.text, asked.end):
        inside = [a for a in st.actions if a.call and any(f == "call" and q.start() < m.start < q.end() for f, m in a.spans)]
        calls = [m for m in st.mentions if m.label == "CALL" and q.start() < m.start < q.end()]
        if len(calls) >= 3:
            return Mention("FINDING", "restatement", q.start(), q.end(), q.group()), inside
    return None


def review_error(st: Story, au: Auction, restated: tuple[Mention, list[Action]]) -> Irregularity | None:
    """Law 20E: the restatement names a bid the auction did not have (its bids, in order, differ)."""
    words, _calls = restated
    said = [m.value for m in st.mentions if m.label == "CALL" and words.start < m.start < words.end and re.fullmatch(r"[1-7](C|D|H|S|NT)", m.value)]
    made = [str(c) for _s, c, _a in au.calls if c.kind == "bid"]
    if not made or [str(parse_call(v, "restatement")) for v in said] == made:
        return None
    irr = Irregularity("review_error", {}, at=0)
    irr.put("irregularity", "review_error", words)
    return irr


def _card_deemed_played(st: Story) -> Irregularity | None:
    """Law 45C: a card not played in the usual way that is deemed played: declarer's held face up touching or nearly
    touching the table (45C2(a): "held it face up just above the table", "牌面朝上，快碰到桌面"), a defender's
    held so that his partner could see its face (45C1)."""
    dec = _declarer_seat(st)
    for finding, manner in (("near_table", "held_face_up_near_table"), ("partner_saw_face", "held_visible_to_partner")):
        m = st.has(finding)
        if m is None:
            continue
        start, _end = sentence_at(st.text, m.start)
        held = next((a for a in reversed(st.actions) if a.cards and a.actor is not None and told_at(a) < m.start
                     and told_at(a) >= start - 120), None)
        if held is None or held.kind == "drop":
            continue            # (a card dropped is Laws 48 and 49, not a card held)
        who = _resolve(held.actor, dec)
        declaring = held.actor == "declarer" or dec is not None and who == dec
        if declaring != (manner == "held_face_up_near_table"):
            continue            # (45C2 is declarer's card; 45C1 a defender's)
        irr = Irregularity("card_deemed_played", {}, at=held.index)
        irr.put("irregularity", "card_deemed_played", m)
        if who in SEATS:
            irr.put("offender", who, _span(held, "actor"))
        irr.put("card_manner", manner, m)
        return irr
    return None


def replay_more(st: Story, au: Auction) -> list[Irregularity]:
    """Cards from a wrong board (Law 15A), a board with no result (12C2(a)), extraneous information from another table (16D), a card deemed played
    (45C), simultaneous plays (Law 58), dummy looking at a defender's hand (Law 43A2(c)), an incomplete designation of
    dummy's card (46B)."""
    out = []
    designation = _dummy_card_not_designated(st) or _incomplete_designation(st)
    if designation is not None:
        out.append(designation)
    before, fresh, wrong = st.has("board_played_before"), st.has("board_not_played_before"), st.has("board_played_wrongly")
    if before is not None and any(f == "other_table" and sentence_at(st.text, m.start) == sentence_at(st.text, before.start)
                                  for _, f, m in st.findings):
        before = None      # "南家听到邻桌在讨论第3副，南家这一轮已经打过第3副了": why it is no 16D, not a board played again (15B)
    if before is not None or wrong is not None:
        # Law 15B: a board played by the wrong pairs, or one a contestant had already played
        irr = Irregularity("wrong_board", {}, at=0)
        irr.put("irregularity", "wrong_board", wrong or before)
        if before is not None or fresh is not None:
            irr.put("board_previously_played", before is not None, before or fresh)
        out.append(irr)
    if not any(i.kind == "wrong_board" for i in out):
        out += _no_result(st)       # (the right board left unplayed after a wrong one is Law 15B3's own 12C2(a) score)
    extraneous = _extraneous_information(st)
    if extraneous is not None:
        out.append(extraneous)
    deemed = _card_deemed_played(st)
    if deemed is not None:
        out.append(deemed)
    wb = st.has("wrong_board")
    if wb is not None and extraneous is not None and sentence_at(st.text, wb.start) == sentence_at(st.text, extraneous.spans[0][2].start):
        wb = None              # "去了隔壁桌，看到了第7副的牌": another table's cards seen (16D), not taken to play (15A)
    if wb is not None:
        seat, sm = _nearest_seat(st, wb)
        irr = Irregularity("cards_from_wrong_board", {}, at=0)
        irr.put("irregularity", "cards_from_wrong_board", wb)
        if seat:
            irr.put("offender", seat, sm)
            mine = [b for b in st.actions if b.actor == seat and b.call]
            later = [b for b in st.actions if mine and b.index > mine[0].index and b.call and b.actor == partner(seat)]
            if later:
                irr.put("partner_called_since", True, _span(later[0], "actor"))
            elif st.has("not_called") is not None and mine:
                irr.put("partner_called_since", False, st.has("not_called"))
        out.append(irr)
    sim = next((a for a in st.actions if a.kind == "simultaneous"), None)
    if sim is not None:
        near = [b for b in st.actions if b.kind in ("play", "lead", "expose", "drop", "follow", "discard") and abs(b.index - sim.index) <= 2
                and _resolve(b.actor, st.declarer[0] if st.declarer else None) in SEATS]
        cards = [c for b in near for c in b.cards]
        loose = [c for c in st.loose_cards if _span(sim, "event") is not None and 0 <= c.start - _span(sim, "event").end <= 12]
        if not cards and len(loose) >= 2:
            cards = [c.value for c in loose]          # "一下子出了两张，♥9 和 ♥4": the cards named right after
        if near and not any(b.call and _same_sentence(st, b, sim) for b in st.actions if abs(b.index - sim.index) <= 1):
            who = _resolve(near[0].actor, st.declarer[0] if st.declarer else None)
            irr = Irregularity("simultaneous_plays", {}, at=sim.index)
            irr.put("irregularity", "simultaneous_plays", _span(sim, "event"))
            irr.put("offender", who, _span(near[0], "actor"))
            if st.declarer:
                irr.put("declarer", st.declarer[0], st.declarer[1])
            if len({b.actor for b in near}) == 1 and (len(cards) >= 2 or st.has("two_cards") is not None):
                irr.put("simultaneous_kind", "one_hand", st.has("two_cards") or next((_span(b, "card") for b in near if _span(b, "card")), None)
                        or _span(sim, "event"))
                if len(cards) >= 2:
                    irr.put("faces_visible", len(cards), *([m for b in near for f, m in b.spans if f == "card"] or loose))
                    if not any(c[1:] in HONOUR_RANKS for c in cards):
                        # whichever he keeps, the other is a low card: a minor penalty card if a defender's (Laws 58B2, 50B)
                        irr.put("exposed_honour", False, *([m for b in near for f, m in b.spans if f == "card"] or loose))
            out.append(irr)
            chosen = next((b for b in st.actions if b.index > sim.index and b.actor == near[0].actor
                           and b.kind in ("play", "follow", "lead") and set(b.cards) & set(cards)), None)
            left = [c for c in cards if chosen is not None and c not in chosen.cards]
            dec = st.declarer[0] if st.declarer else None
            if left and (who in st.defenders or dec and who in SEATS and who not in (dec, partner(dec))):
                # the card he did not choose is a penalty card (Law 58B2); left unplayed later, Law 52
                shown = Action(near[0].actor, "drop", chosen.index, list(near[0].spans), cards=left[:1])
                out += _penalty_card_not_played(st, shown, who, dec)
    look = next((a for a in st.actions if a.kind == "look"), None)
    if look is not None:
        dummy = st.dummy[0] if st.dummy else (partner(st.declarer[0]) if st.declarer else None)
        who = look.actor if look.actor in SEATS else dummy if look.actor == "dummy" else None
        if who is not None and (who == dummy or look.actor == "dummy"):
            irr = Irregularity("dummy_violation", {}, at=look.index)
            irr.put("irregularity", "dummy_violation", _span(look, "event"))
            irr.put("offender", who, _span(look, "actor"))
            if dummy:
                irr.put("declarer", partner(dummy), st.dummy[1] if st.dummy else None)
            ev = _span(look, "event")
            whose = next((x for x in st.seat_mentions if 0 <= x.start - ev.end <= 4), None) if ev is not None else None
            behind = re.search(r"(庄家|[东南西北])[东南西北家]?\s*(身后|后面|背后)|behind (the )?(declarer)", st.text[max(0, ev.start - 24):ev.end + 20], re.I) \
                if ev is not None else None     # "walked round behind declarer and looked at his hand"
            if whose is None and ev is not None and (ev.text[:2] in ("後面", "后面", "背後", "背后", "身後", "身后") or behind):
                # "跑到莊家南後面看他打牌", "绕到庄家身后看了他的牌": the seat he went to stand behind
                whose = next((x for x in reversed(st.seat_mentions) if 0 <= ev.start - x.end <= 4), None)
                if whose is None and behind is not None and (behind.group(1) == "庄家" or behind.group(4)) and dummy:
                    whose = Mention("SEAT", partner(dummy), ev.start - len(behind.group(0)), ev.start, behind.group(0))
            if whose is not None and dummy and whose.value == partner(dummy):
                irr.put("dummy_violation", "left_seat_to_watch", ev, whose)       # "看了西的牌", West declarer: 43A2(b)
            else:
                irr.put("dummy_violation", "looked_at_defender_hand", ev)       # Law 43A2(c)
            out.append(irr)
    # "W led the ♠J before E could lead" is about whose lead it was (Laws 53-56); a later "before W had played" is Law 57's
    np_ = next((m for _, f, m in st.findings if f == "not_played" and not re.search(r"\blead|攻|引", m.text, re.I)), None) \
        or st.has("not_played")
    if np_ is not None and re.match(r"\s*to trick\s*\d", st.text[np_.end:np_.end + 14], re.I) \
            and {"hand_extra", "trick_short"} & {f for _, f, _m in st.findings}:
        np_ = None          # "N had not played to trick 9", with a card too many: a defective trick (Law 67), not too soon
    if np_ is not None:
        waiting, _m = _nearest_seat(st, np_)
        dec = _declarer_seat(st)
        # the next card played, or shown ("西就把下一墩的♦6也亮了出来"), by another than the player still to play
        nxt = next((b for b in st.actions if b.kind in ("play", "lead", "follow", "discard", "expose")
                    and (_span(b, "event") or _span(b, "card")) is not None and (_span(b, "event") or _span(b, "card")).start > np_.start
                    and not (b.kind == "expose" and (waiting is None or dec is None
                                                     or _resolve(b.actor, dec) in (None, waiting, dec, partner(dec))))), None)
        start, end = sentence_at(st.text, np_.start)
        if re.match(r"before\b", np_.text, re.I) and not (nxt is not None and told_at(nxt) < end):
            # "West threw the ♠Q on the table before East had played": the card told just before the clause, when none
            # follows it in the sentence (not "East, before his partner West had played, led the ♣A")
            nxt = next((b for b in reversed(st.actions) if b.kind in ("play", "lead", "follow", "discard", "expose", "drop") and b.cards
                        and start <= told_at(b) < np_.start and _resolve(b.actor, dec) != waiting), nxt)
        told = nxt is not None and nxt.index > 0 and st.actions[nxt.index - 1].actor == "declarer" \
            and st.actions[nxt.index - 1].kind in ("bid", "say")          # "庄家就叫明手出♠Q": declarer called for it
        if nxt is not None and not told and (nxt.actor == "dummy" or dec and _resolve(nxt.actor, dec) == partner(dec)):
            # dummy put forward or pointed at a card while declarer was still thinking: Law 45F, not Law 57
            irr = Irregularity("dummy_indicates_card", {}, at=nxt.index)
            irr.put("irregularity", "dummy_indicates_card", _span(nxt, "event") or _span(nxt, "card"))
            if dec:
                irr.put("declarer", dec, st.declarer[1] if st.declarer else None)
            out.append(irr)
        elif nxt is not None:
            who = _resolve(nxt.actor, dec)
            irr = Irregularity("premature_play", {}, at=nxt.index)
            irr.put("irregularity", "premature_play", _span(nxt, "event") or _span(nxt, "card"))
            if who:
                irr.put("offender", who, _span(nxt, "actor"))
            elif nxt.actor in ("declarer", "dummy"):
                irr.put("offender_role", nxt.actor, _span(nxt, "actor"))     # "庄家就叫明手出♠Q": declarer, seat untold
            if dec:
                irr.put("declarer", dec, st.declarer[1] if st.declarer else None)
            ahead = st.has("next_trick", nxt.index - 1)
            if who and waiting and who == partner(waiting) and dec and who not in (dec, partner(dec)) and ahead is not None \
                    and ahead.start < (_span(nxt, "event") or _span(nxt, "card")).end:
                irr.put("premature_kind", "lead_to_next_trick", ahead)   # "西就把下一墩的♦6也亮了出来" (Law 57A)
            elif who and waiting and who == partner(waiting) and dec and who not in (dec, partner(dec)):
                irr.put("premature_kind", "play_before_partner", np_)
            elif who and waiting and waiting == rho(who) and dec and who not in (dec, partner(dec)):
                irr.put("premature_kind", "play_at_rho_turn", np_)      # "dummy hadn't played yet and E played" (Law 57D)
            high, low = st.has("designation_high", nxt.index), st.has("designation_low", nxt.index)
            req, ban = (m if m is not None and not re.search(r"(没有|沒有|没|沒|不|本想|想要|did not|didn't|never)\s*\S{0,2}$",
                                                             st.text[max(0, m.start - 8):m.start], re.I) else None
                        for m in (st.has("require_suit", nxt.index), st.has("prohibit_suit", nxt.index)))
            defence = nxt.actor not in ("declarer", "dummy") and not (dec and who in (dec, partner(dec)))
            if (high is None) != (low is None) and defence:
                # "asked for East's lowest spade": declarer's choice for the offender's partner (Law 57A2)
                irr.put("declarer_play_option", "highest" if high is not None else "lowest", high or low)
            elif (req is None) != (ban is None) and defence:
                # "庄家要求南打一张方块", "forbade a club": a card of another suit, or not of that suit (Law 57A2)
                irr.put("declarer_play_option", "specified_suit" if req is not None else "forbid_suit", req or ban)
            legal = st.has("card_legal") or st.has("card_illegal")
            if legal is not None:
                irr.put("card_legal_at_turn", legal.value == "card_legal", legal)     # "CA is a legal club" (Law 57D)
            out.append(irr)
    cc = st.has("card_count") or (st.has("card_short") if not {"trick_short", "trick_long", "hand_extra"}
                                  & {f for _, f, _m in st.findings} else None)
    counts = [int(d) for _, f, m in st.findings if f == "card_count" for d in re.findall(r"\d+", m.text)]
    short = st.has("card_short")
    if short is not None and not {"trick_short", "trick_long", "hand_extra"} & {f for _, f, _m in st.findings} \
            and not any(x.label == "TRICK" and 0 <= short.start - x.end <= 4 for x in st.mentions):
        counts.append(12)                      # "少一張", "one card short": a hand a card short (Law 14)
    more = re.search(r"(?<!\d)1[4-6](?!\d)|十[四五六]", st.text[cc.end:cc.end + 40]) if cc is not None else None
    if more is not None and not re.search(r"(nobody|no one|no-one|none)\s+(has|had|with)\s*$|(没有人|沒有人|没人|沒人)\S{0,2}$",
                                          st.text[max(0, cc.end + more.start() - 14):cc.end + more.start()], re.I):
        counts.append(14)                      # "East counted 12 cards and South, counting face down, 14"
    if cc is not None and counts and max(counts) < 13:
        # fewer than 13 cards and no hand with more: a missing card (Law 14), not Law 13
        irr = Irregularity("missing_card", {}, at=0)
        irr.put("irregularity", "missing_card", cc)
        found_m = st.has("card_found") or next((_span(a, "event") for a in st.actions if a.kind == "drop"), None)
        if found_m is not None:
            irr.put("missing_card_found", "elsewhere", found_m)
        before = st.has("before_auction") or st.has("before_play")
        told = next((x for x in st.mentions if x.label == "TRICK"), None)
        if before is not None:
            irr.put("opening_lead_faced", False, before)
        elif told is not None:
            irr.put("opening_lead_faced", True, told)          # "第4磴時發現": found during the play (Law 14B)
        out.append(irr)
    elif cc is not None:
        irr = Irregularity("incorrect_number_of_cards", {}, at=0)
        irr.put("irregularity", "incorrect_number_of_cards", cc)
        before = st.has("before_auction")
        if before is not None:
            irr.put("play_completed", False, before)      # found before anyone called (Law 13A)
            irr.put("call_made", False, before)
        if st.has("not_seen") is not None:
            irr.put("card_seen", False, st.has("not_seen"))
        done = st.has("established")
        if done is not None:
            irr.put("play_completed", True, done)
        during = st.has("during_auction")
        if during is None and au.calls and au.calls[-1][2] is not None and not au.ended \
                and not any(a.kind == "lead" or a.kind in PLAY_KINDS and a.trick for a in st.actions):
            during = _span(au.calls[-1][2], "call")      # the auction told and not over: found during it
        if "play_completed" not in irr.facts and during is not None:
            irr.put("play_completed", False, during)     # found during the auction (Law 13B)
            irr.put("call_made", True, during)
        started = next((m for m in [st.has("after_lead")] + [_span(a, "event") for a in st.actions if a.kind in ("lead", "dummy_down")]
                        if m is not None), None)
        if "play_completed" not in irr.facts and started is not None:
            irr.put("play_completed", False, started)    # "after the opening lead, … dummy had 14 cards": found during the play
            irr.put("call_made", True, started)          # (the auction is over)
        if st.has("correctable") is not None:
            irr.put("deal_correctable", True, st.has("correctable"))    # the Director found the deal can be put right (13B1)
        out.append(irr)
    # an irregularity the story names, for a call it names by its owner ("East's 1♦ was insufficient")
    ins = st.has("insufficient")
    if ins is not None and st.owned_calls:
        seat, call, sm, cm = min(st.owned_calls, key=lambda x: abs(x[3].start - ins.start))
        if call not in ("P", "X", "XX"):
            irr = Irregularity("insufficient_bid", {}, at=-1)
            irr.put("irregularity", "insufficient_bid", ins)
            irr.put("call", {"seat": seat, "call": call}, sm, cm)
            if st.has("out_of_turn") is None:
                irr.put("in_rotation", True, ins)    # "insufficient" is said of a bid in rotation (Law 27; out of turn is Law 31)
            ev = next((b for b in st.actions if b.kind in ("accept", "decline")), None)
            if ev is not None:
                irr.put("accepted", ev.kind == "accept", _span(ev, "event"))
            out.append(irr)
    return out


def dummy_then(st: Story, found: list[Irregularity]) -> None:
    """Law 43B2-3: after one of the violations of 43A2, dummy warned declarer of a lead from the wrong
    hand, asked him about a revoke, or was the first to point out a defender's irregularity
    ("明手第一个说'西藏牌了'")."""
    dv = next((i for i in found if i.kind == "dummy_violation" and "dummy_then" not in i.facts and i.facts.get("dummy_violation")
               in ("looked_at_defender_hand", "left_seat_to_watch", "exchanged_hands")), None)
    if dv is None:
        return
    dummy, declarer = dv.facts.get("offender"), dv.facts.get("declarer")
    later = [i for i in found if i.at > dv.at and i.facts.get("offender") not in (None, dummy, declarer)]
    revoke = next((i for i in found if i.at > dv.at and i.kind == "revoke" and declarer and i.facts.get("offender") == declarer), None)
    said = next((a for a in st.actions if a.index > dv.at and a.kind in ("say", "call_director", "alert")     # 提醒莊家
                 and (a.actor == "dummy" or a.actor == dummy)), None)
    told = said is not None and _event_end(said) is not None and _DUMMYS_LEAD.match(st.text, _event_end(said))
    warned = said is not None and (st.has("wrong_hand", said.index - 1) or st.has("wrong_hand", said.index)
                                   or told and Mention("FINDING", "wrong_hand", told.start(1), told.end(1), told.group(1)))
    asked = said is not None and _event_end(said) is not None and _HAVING_NONE.match(st.text, _event_end(said))
    if warned:
        dv.put("dummy_then", "warned_wrong_hand_lead", warned)       # Law 43B2(a)
    elif asked and revoke is None:
        # "dummy said 'no hearts, partner?'": the question of Law 43B2(b), whether or not the revoke is told
        dv.put("dummy_then", "asked_about_revoke", Mention("FINDING", "asked_about_revoke", asked.start(), asked.end(), asked.group(0)))
    elif revoke is not None and said is not None:
        dv.put("dummy_then", "asked_about_revoke", _span(said, "actor") or _span(said, "event"))      # Law 43B2(b)
        for fact in ("revoke_trick", "revoke_trick_won_by", "offending_side_won_later_trick"):
            if fact in revoke.facts:     # Law 64 applies to it as if established: the revoke's own trick facts
                dv.put(fact, revoke.facts[fact], *[m for f, _, m in revoke.spans if f == fact])
    elif later and said is not None:
        dv.put("dummy_then", "drew_attention_to_defender_irregularity", _span(said, "actor") or _span(said, "event"))


# the question about a possible revoke (Law 61B), in the words told after dummy "said"
_HAVING_NONE = re.compile(r"\W{0,4}(no (spades?|hearts?|diamonds?|clubs?|trumps?)\b[^.?!]{0,12}\?|having none\b|"
                          r"(没有|沒有)(黑桃|红心|紅心|方块|方塊|梅花|将牌|王牌)[^。？?]{0,6}[?？])", re.I)


# dummy's words that the lead is in his hand ("该明手出", "it's in dummy"): the warning of Law 43B2(a)
_DUMMYS_LEAD = re.compile(r"\W{0,4}(该明手|該夢家|该梦家|明手出|夢家出|梦家出|(it's|it is|you're|you are) (in )?dummy|from dummy|dummy's lead|"
                          r"lead from dummy)", re.I)


def _event_end(a: Action) -> int | None:
    return _span(a, "event").end if _span(a, "event") is not None else None


# Laws 13C, 45E, 67: kinds the story names in words, with no table the replay could check them against
# ("a card from another deck", "a fifth card", "第6磴只有三張牌"); the reasoner asks for the rest


_NAMED_KINDS = {"surplus_card": ("surplus_card", {}), "fifth_card": ("fifth_card", {}),
                "trick_short": ("defective_trick", {"defect": "omitted_card"}),
                "trick_long": ("defective_trick", {"defect": "too_many_cards"}),
                "hand_extra": ("defective_trick", {"defect": "omitted_card"}),     # "東手上多一張牌" at a later trick
                "pointed_wrong": ("card_pointed_incorrectly", {})}                 # "放成了输墩的方向" (Law 65B3)
# Law 65B3: attention drawn to a card pointed the wrong way only after the side played to the next trick, or before
_LATER = re.compile(r"过了\S{0,3}[墩磴]|[墩磴]之?后|\b(tricks?|rounds?) later\b|\blater in the (play|hand)\b|"
                    r"\bafter (the next|another|a few|two|three) tricks?\b|\bat the end of (the )?(play|hand|board)\b", re.I)
_ATTENTION = re.compile(r"\b(pointed|points|point) (it|this|that) out\b|\bnoticed\b|\bdrew attention\b|\bfixed it\b|指出|提醒|发现", re.I)
_BEFORE_NEXT = re.compile(r"下一[墩磴]还没|还没(引|出|攻)下一|[墩磴]还没有?人?出|\bbefore (anyone|the next|his side) (led|lead|played|trick)|"
                          r"\bbefore the next (lead|trick)\b|\bat once\b|马上|立刻|刚打完", re.I)


def named_kinds(st: Story) -> list[Irregularity]:
    out: list[Irregularity] = []
    dec = _declarer_seat(st)
    said = {f for _, f, _m in st.findings}
    tricks = [x for x in st.mentions if x.label == "TRICK"]
    for at, f, m in st.findings:
        if f not in _NAMED_KINDS or any(i.kind == _NAMED_KINDS[f][0] for i in out) \
                or f == "surplus_card" and said & {"trick_short", "trick_long"} \
                or f == "hand_extra" and (not tricks or said & {"surplus_card", "card_count"}) \
                or f == "trick_short" and (not tricks or re.match(r"\s*(left|remaining|to play|in (his|her) hand)", st.text[m.end:], re.I)) \
                or f == "pointed_wrong" and re.search(r"\bboard\b|牌套|牌盒", st.text[slice(*sentence_at(st.text, m.start))], re.I):
            continue       # one card too many in a hand is a defective trick's sign only when a trick is told
        kind, facts = _NAMED_KINDS[f]
        irr = Irregularity(kind, {}, at=at)
        irr.put("irregularity", kind, m)
        for fact, value in facts.items():
            irr.put(fact, value, m)
        seat, sm = _nearest_seat(st, m)
        # a seat written right before another sign of the same kind names the player better ("…，西那磴沒出")
        close = [x for _j, g, n in st.findings if _NAMED_KINDS.get(g, ("",))[0] == kind
                 for x in st.seat_mentions if 0 <= n.start - x.end <= 2]
        if close:
            seat, sm = close[-1].value, close[-1]
        if kind == "card_pointed_incorrectly":
            # in the finding's sentence and the next ("…放错了，这一墩刚打完，西就提醒了他"), the nearer telling first:
            # noticed before the next lead wins over a later argument ("but the argument came up at the end of the hand")
            end = sentence_at(st.text, sentence_at(st.text, m.end)[1] + 1)[1]

            def about_it(hit) -> bool:          # its own sentence, or one that tells attention drawn to it
                own = sentence_at(st.text, hit.start())
                return own == sentence_at(st.text, m.start) or _ATTENTION.search(st.text, *own) is not None
            before = next((h for h in _BEFORE_NEXT.finditer(st.text, m.end, end) if about_it(h)), None)
            later = next((h for h in _LATER.finditer(st.text, m.end, end) if about_it(h)), None)
            if before or later:
                hit = before or later
                irr.put("side_played_next_trick", before is None,
                        Mention("FINDING", "side_played_next_trick", hit.start(), hit.end(), hit.group(0)))
        if kind == "surplus_card":
            if st.has("not_played") is not None:
                irr.put("surplus_card_played", False, st.has("not_played"))     # "还没打出去"
        elif seat in SEATS:
            irr.put("offender", seat, sm)
            if kind == "fifth_card" and dec:
                irr.put("offender_role", "declarer" if seat == dec else "dummy" if seat == partner(dec) else "defender", sm)
            card = next((b for b in reversed(st.actions[:at + 1]) if b.actor == seat and b.cards), None)
            if kind == "fifth_card" and card is not None:
                irr.put("exposed_cards", card.cards[:1], _span(card, "card"))       # the fifth card (Law 45E1: a penalty card)
            if kind == "fifth_card" and st.has("unintended") is not None:
                irr.put("exposure_deliberate", False, st.has("unintended"))    # "又不小心打出一張" (Law 50B: minor if a low card)
        if kind == "defective_trick":
            told = [x for x in tricks if x.end <= m.start]
            # the defective trick: the one named before "只有三張牌"; for a card too many in a hand, the earliest named
            t = min(x.value for x in tricks) if f == "hand_extra" else told[-1].value if told else None
            later = next((x for x in tricks if t is not None and x.value >= t + 2), None) or next(
                (_span(b, "event") for b in st.actions if t is not None and b.kind in ("win",) + PLAY_KINDS
                 and b.trick is not None and b.trick >= t + 2), None)       # "N-S had won trick 11"
            if later is not None:
                # found at a later trick ("第9磴收牌的時候"): both sides have played to the next one (Law 67B)
                irr.put("both_sides_played_next", True, later)
            led = next((b for b in st.actions if b.kind in ("lead", "play") and b.trick == t and b.suit in ("S", "H", "D", "C")), None) \
                if t else None          # "第3墩出红心": the suit led to the defective trick
            held = next((b for b in st.actions if led is not None and b.kind == "hold" and b.actor == seat
                         and (b.suit == led.suit or any(c[0] == led.suit for c in b.cards))), None)
            if held is not None:
                irr.put("offender_has_suit_led", True, _span(held, "event") or _span(held, "card"))   # 67B1(a)
        out.append(irr)
    return out


def simultaneous_calls(st: Story, found: list[Irregularity]) -> list[Irregularity]:
    """Law 33: two calls made at the same time, told in one sentence before any card is played. The call
    of the player whose turn it was stands; the other is deemed the later call: in rotation if its maker
    is that player's LHO, otherwise out of rotation (Laws 29-32)."""
    sim = next((a for a in st.actions if a.kind == "simultaneous"), None)
    ev = _span(sim, "event") if sim is not None else None
    def _told_with(b: Action) -> bool:
        m = _span(b, "call") or _span(b, "event") or ev
        return not _SENTENCE.search(st.text[min(ev.end, m.end):max(ev.start, m.start)]) \
            and not any(x.kind in PLAY_KINDS and (x.cards or x.suit) for x in st.actions[:b.index])
    calls = [b for b in st.actions if ev is not None and b.call and b.actor in SEATS and -2 <= b.index - sim.index <= 4
             and _told_with(b)][:2]
    if len({b.actor for b in calls}) < 2:
        return found
    before = [b for b in st.actions if b.call and b.actor in SEATS and b.index < min(c.index for c in calls)]
    turn = lho(before[-1].actor) if before else (st.dealer[0] if st.dealer else calls[0].actor)
    first = next((b for b in calls if b.actor == turn), calls[0])      # the call in turn stands
    second = next(b for b in calls if b is not first)
    after = lho(first.actor)                                           # the later call is deemed made at this turn
    # the replay's reading of the two calls in the order told gives way to Law 33's, except an insufficient bid
    # deemed made in rotation ("East 1♠, South 1♥" at the same moment: South's 1♥ comes after 1♠, Law 27)
    found = [i for i in found if i.kind != "simultaneous_plays" and not (i.at in {b.index for b in calls} and (
        i.kind == "call_out_of_rotation" or i.kind == "insufficient_bid" and not (second.actor == after and i.at == second.index)))]
    irr = Irregularity("simultaneous_calls", {}, at=second.index)
    irr.put("irregularity", "simultaneous_calls", ev)
    irr.put("offender", second.actor, _span(second, "actor"))
    irr.put("in_rotation", second.actor == after, ev)
    if second.actor != after:
        irr.put("call", {"seat": second.actor, "call": second.call}, _span(second, "call"))
        irr.put("at_turn_of", _rel(after, second.actor), ev)
        if st.dealer:
            irr.put("dealer", st.dealer[0], st.dealer[1])
        ev2 = _accept_events(st, irr, None)
        if ev2 is not None:
            irr.put("accepted", ev2.kind in ("accept", "agree"), _span(ev2, "event"))
        nxt = next((b for b in st.actions if ev2 is not None and ev2.kind not in ("accept", "agree") and b.index > ev2.index
                    and b.call and b.actor == after), None)
        if nxt is not None and irr.facts["at_turn_of"] == "rho":
            irr.put("rho_called", False, _span(nxt, "actor"))       # RHO called at his turn, after the cancellation
            irr.put("rho_call", call_of(nxt).kind, _span(nxt, "call"))
    return sorted(found + [irr], key=lambda i: (i.at, i is not irr))       # Law 33 first, then what follows from it
