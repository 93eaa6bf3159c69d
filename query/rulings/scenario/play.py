"""The play replayed (Laws 41-71): the opening lead is made by declarer's LHO (Law 41A, else Law
54), a later lead by the winner of the last trick (Law 44G, else Laws 53-56); a player who "still
had" a card of the suit and discarded, ruffed or showed out has revoked (Laws 44C, 61-64); a card
dropped or exposed by a defender, declarer, or during the auction (Laws 24, 48, 49-50), and a
penalty card left unplayed (Law 52); a claim or concession (Laws 68-71).
"""
from __future__ import annotations

import re

from query.rulings.facts import SEATS, lho, partner
from query.rulings.scenario.reader import Mention
from query.rulings.scenario.story import Action, Story, _quoted, in_question, seats_named, sentence_at, told_at
from query.rulings.scenario.table import HONOUR_RANKS, Auction, Irregularity, PLAY_KINDS, _QUOTED, _SENTENCE, _nearest_seat, _resolve, _span, _to_dummy, \
    loose_cards_before


_TRICK_NUMBER = re.compile(r"第\s*(1[0-3]|[1-9]|十[一二三]?|[一二三四五六七八九])\s*[磴墩]|trick\s+(1[0-3]|[1-9])", re.I)
_CN_NUMBERS = {c: n for n, c in enumerate("一二三四五六七八九十", 1)} | {"十一": 11, "十二": 12, "十三": 13}


# Law 24: where the card lay. A card on the table (not face down) was in a position for partner to see its face; one
# that fell to the floor only if partner saw it ("North saw it", 北看得一清二楚; not "nobody saw it", "West saw it")
_ON_FLOOR = re.compile(r"\b(floor|ground)\b|地上|地板|地下", re.I)
_FACE_DOWN = re.compile(r"face[\s-]*down|牌面朝下|面朝下|背面朝上", re.I)
_SAW = r"(saw|seen|see|看到|看見|看见|看得到|看得見|看得见|看得一清二楚|看得很清楚)"
_NAMES = {"N": "north|北家?", "E": "east|東家?|东家?", "S": "south|南家?", "W": "west|西家?"}


def _face_seen(st: Story, a: Action, who: str | None) -> bool | None:
    """Law 24: was the card in a position for partner to see its face? None (asked) when it lay face down, or fell to
    the floor and the story does not say partner saw it."""
    ev = _span(a, "event") or next((m for f, m in a.spans if f == "card"), None)
    start, end = sentence_at(st.text, ev.start) if ev is not None else (0, len(st.text))
    if _FACE_DOWN.search(st.text[start:end]):
        return None
    after = st.text[start:]
    if not _ON_FLOOR.search(after):
        return True
    mate = r"partner|pd|同伴|搭档|搭檔" + (f"|{_NAMES[partner(who)]}" if who in SEATS else "")
    saw = re.search(rf"({mate})[^.。;；,，]{{0,10}}?{_SAW}", after, re.I)
    return True if saw and not re.search(r"\b(not|never)\b|n't|没|沒|不", saw.group(0), re.I) else None


def _declaring_side(st: Story) -> str:
    """The seats that may hold the contract: the side told with it ("N-S are in 4♥", "南北打4♥") or the other side of
    the one told defending ("E-W defended 4♥"), else any seat."""
    for x in (m for m in st.mentions if m.label == "SIDE"):
        letters = re.sub(r"[^NSEW南北东東西]", "", x.text.upper())
        told = st.contract is not None and 0 <= st.contract[1].start - x.end <= 6
        defends = re.match(r"\s*(defended|defending|defend|防守)", st.text[x.end:], re.I)   # "E-W defended 4♥"
        if letters and (told or defends):
            return ("NS" if letters[0] in "NS南北" else "EW") if told else ("EW" if letters[0] in "NS南北" else "NS")
    return "NESW"


def _names_card_held(st: Story, a: Action) -> Action | None:
    """The saying of a player whose own words, in quotes, are that he still holds a named card ("'I still have the ♠A'")."""
    said = st.actions[a.index - 1] if a.index else None
    if said is not None and said.kind != "say" and _span(said, "event") is not None and _quoted(st.text, _span(said, "event").start) \
            and a.index >= 2:
        said = st.actions[a.index - 2]      # "說「沒關係，我還有♦A」": a word of his inside the quote first
    card = _span(a, "card")
    if a.kind != "hold" or card is None or said is None or said.kind != "say":
        return None
    before = st.text[max(m.end for _, m in said.spans):card.start]
    single = re.findall(r"(?<![A-Za-z])'|'(?![A-Za-z])", before)      # not the apostrophe of "don't"
    opened = before.count('"') % 2 == 1 or len(single) % 2 == 1 \
        or max(before.rfind(q) for q in "“「『‘") > max(before.rfind(q) for q in "”」』’")
    return said if opened else None


def _answer_to_no_suit_question(st: Story, declarer: str | None) -> None:
    """"dummy said 'E, no spades?'. E still had one", "'no hearts partner?' He had one": a holding told with no suit
    right after the question is an answer to it, the suit asked about, held by the player who had just not followed
    (not the one who asked). Law 61B: the question a defender or dummy may ask."""
    for a in st.actions[1:]:
        said, ev = st.actions[a.index - 1], _span(a, "event")
        if a.kind != "hold" or a.suit or a.cards or said.kind != "say" or ev is None or _span(said, "event") is None:
            continue
        asked = next((m for m in st.mentions if m.label == "SUIT" and _span(said, "event").end <= m.start < ev.start
                      and _quoted(st.text, m.start)), None)
        failed = next((b for b in reversed(st.actions[:said.index]) if b.kind in ("discard", "ruff", "show_out")), None)
        if asked is None or failed is None:
            continue
        a.suit = asked.value
        a.spans.append(("suit", asked))
        if a.actor is None or _resolve(a.actor, declarer) == _resolve(said.actor, declarer):
            a.actor = failed.actor


def _told_his_turn(st: Story, lead: Action, who: str, declarer: str | None) -> Mention | None:
    """An opponent's words, told before the lead, that it was the leader's turn ("declarer said yes" to "my lead?",
    "庄家说该你攻"): the speaker is the seat or role named nearest before them, of the other side."""
    # up to the end of the sentence of the card led: a question's own words can make a lead of their own ("该我攻吗？")
    card = next((b for b in st.actions[lead.index:] if b.kind == "lead" and b.actor == lead.actor and b.cards), lead)
    limit = sentence_at(st.text, told_at(card))[1]
    m = next((m for m in st.mentions if m.label == "FINDING" and m.value == "told_turn" and m.start < limit), None)
    if m is None and (nod := _NODDED.search(st.text, 0, limit)) is not None:
        m = Mention("FINDING", "told_turn", nod.start(), nod.end(), nod.group(0))    # "西问“该我攻吗？”庄家点头"
    if m is None or re.search(r"(said|says|answered|replied)$", m.text, re.I) and not _AFFIRMED.match(st.text, m.end):
        return None         # "'my lead?' and declarer said no, it's East's": not told it was his turn
    start, _end = sentence_at(st.text, m.start)
    speakers = [x for x in st.mentions if x.label in ("SEAT", "ROLE") and start <= x.start < m.end
                and not re.search(r"(跟|对|對|告诉|告訴|\btold|\bto)\s*$", st.text[max(0, x.start - 5):x.start], re.I)]
    # (the seat told to, "莊家跟西說是你攻", "told West", is no speaker)
    said = re.search(r"(said|says|answered|replied|nodded|told|说|告诉|点头|點頭)", m.text, re.I)
    at = m.start + (said.start() if said else 0)
    speaker = next((x for x in reversed(speakers) if x.start < at), None)
    seat = (_resolve(speaker.value, declarer) or speaker.value) if speaker is not None else None
    inside = re.search(r"\b(declarer|dummy)\b|庄家|明手|梦家", m.text[:at - m.start], re.I) or seats_named(m.text[:at - m.start])
    if inside:          # the speaker is inside the words found ("'my lead?' and declarer said")
        role = inside.group(0).lower() if isinstance(inside, re.Match) else inside[-1]
        role = {"庄家": "declarer", "明手": "dummy", "梦家": "dummy"}.get(role, role)
        seat = _resolve(role, declarer) or role
    if seat in ("declarer", "dummy"):
        return m            # declarer or dummy, seat untold, answering a defender's "my lead?"
    return m if seat in SEATS and seat not in (who, partner(who)) else None


# minutes after the scores were made available ("成績公布後大概10分鐘", "15 minutes after the results were posted")
def _cn_number(word: str) -> int:
    """A Chinese numeral up to 99: 十五 15, 二十 20, 二十五 25 (99 when it is not one)."""
    m = re.fullmatch(r"([一二三四五六七八九]?)(十?)([一二三四五六七八九]?)", word)
    if not m or not word:
        return 99
    tens, _ten, units = (_CN_NUMBERS.get(g, 0) for g in m.groups())
    return (tens or 1) * 10 + units if m.group(2) else tens or units


_MINUTES_AFTER_SCORES = re.compile(r"(成绩|成績|结果|結果|分数|分數)\S{0,2}(公布|公佈|贴出|貼出|出来|出來|交出去|交出)\S{0,2}?(后|後|以后|以後)?\S{0,3}?"
                                   r"(?P<n1>\d{1,3}|[一二三四五六七八九十]{1,3})\s*分(钟|鐘)|(?P<n2>\d{1,3}) ?(minutes|mins) after the "
                                   r"(scores?|results?|score ?sheets?)\b", re.I)


# "该我攻吗？" answered by a nod or a yes, in Chinese: the answer's words, with who gave it
_NODDED = re.compile(r"(该我|該我|是我|轮到我|輪到我|我先)\S{0,3}(攻|出|引)\S{0,2}[吗嗎]?[？?]?[”」』]?\s*"
                     r"(庄家|莊家|明手|夢家|梦家|[东南西北東])?\S{0,2}(点头|點頭|点了点头|點了點頭|说是|說是|说对|說對|说没错|說沒錯)")
# an answer of yes to "my lead?" ("said yes", "said 'go ahead'")
_AFFIRMED = re.compile(r"\W{0,3}(yes|yeah|yep|yup|sure|go ahead|it is|it's yours|your lead)\b", re.I)


# the not-yet of the opening lead ("西还没首引", "before West had led")
_BEFORE_OPENING_LEAD = re.compile(r"首引|首攻|\blead|\bled\b", re.I)


def replay_play(st: Story, au: Auction) -> list[Irregularity]:
    out: list[Irregularity] = []
    declarer = st.declarer[0] if st.declarer else (au.declarer() if au.ended else None)
    dm = st.declarer[1] if st.declarer else None
    if declarer is None and st.dummy is not None:
        declarer, dm = partner(st.dummy[0]), st.dummy[1]
    if declarer is None and len(au.calls) == 1 and au.calls[0][1].kind == "bid" and au.calls[0][2] is not None \
            and any(a.kind in ("lead", "discard", "ruff", "claim", "play", "hold") for a in st.actions) \
            and st.has("during_auction") is None:
        # "3NT N. On trick 8 ...": a story of the play that opens with the contract and its declarer
        declarer, dm = au.calls[0][0], _span(au.calls[0][2], "actor")
    for a in st.actions:
        # dummy spreading his hand (摊牌 said of dummy) is the dummy going down, not a claim
        if a.kind in ("claim", "face") and (a.actor == "dummy" or (declarer and a.actor == partner(declarer))):
            a.kind = "dummy_down"
    _answer_to_no_suit_question(st, declarer)
    auction_over = au.ended or st.contract is not None or st.declarer is not None
    during = st.has("during_auction")
    if not auction_over and during is not None:
        for a in st.actions:
            if a.kind in ("lead", "play") and a.cards and not any(b.kind in PLAY_KINDS for b in st.actions[:a.index]) \
                    and sentence_at(st.text, told_at(a)) == sentence_at(st.text, during.start):
                a.kind = "expose"        # "East was still thinking about his call when South led the ♠A": Law 24, not a lead
    for a in st.actions:
        if a.kind in ("expose", "face") and not a.cards and (named := loose_cards_before(st, a)):
            # "东抢先把♦K亮了出来": the card named before the verb is the one faced
            a.cards += [c.value for c in named]
            a.spans += [("card", c) for c in named]
    first = next((a for a in st.actions if a.kind in PLAY_KINDS or a.kind in ("expose", "face") and a.cards), None)
    if first is not None and first.kind in ("play", "expose", "face") and first.cards and first.trick in (None, 1) \
            and (first.kind == "play" and not first.implicit or (st.has("out_of_turn") or st.has("at_opening_lead")) is not None) \
            and st.has("during_auction") is None \
            and (declarer or first.kind != "play" and auction_over) \
            and (declarer is None or _resolve(first.actor, declarer) in SEATS and _resolve(first.actor, declarer) not in (declarer, partner(declarer))):
        # the first card a defender puts on the table after the auction is the opening lead (Law 41A);
        # a card he faces ("北亮出♦Q", "南家先亮了♠3") when the story says whose lead it was is one too
        first.kind, first.trick = "lead", 1

    def base(kind: str, a: Action, offender: str | None) -> Irregularity:
        irr = Irregularity(kind, {}, at=a.index)
        irr.put("irregularity", kind, _span(a, "event") or _span(a, "card"))      # ("把♠Q面朝上": no verb of its own)
        if offender:
            irr.put("offender", offender, _span(a, "actor"))
        if declarer:
            irr.put("declarer", declarer, dm)
        return irr

    claim_at = next((a.index for a in st.actions if a.kind in ("claim", "concede")), None)
    for a in st.actions:
        if a.kind == "claim" and declarer and not any(b.kind in ("play", "follow", "discard", "ruff", "win") for b in st.actions[:a.index]) \
                and not any(b.trick and b.trick > 1 for b in st.actions[:a.index + 1]):     # (not "第10墩西摊牌")
            # a hand put down before any card is played: dummy spreading, or declarer spreading his (Law 54A)
            who = _resolve(a.actor, declarer)
            if who == partner(declarer):
                a.kind = "dummy_down"
            elif who == declarer and any(b.kind == "lead" for b in st.actions[:a.index]):
                a.kind = "face"
    wins = [a for a in st.actions if a.kind == "win"]
    for w in wins:
        nxt = next((b for b in st.actions if b.index > w.index and b.kind in ("lead", "play")), None)
        won_by, by = _resolve(w.actor, declarer), _resolve(nxt.actor, declarer) if nxt is not None else None
        side = (declarer, partner(declarer)) if declarer else ()
        if nxt is not None and nxt.kind == "play" and (
                by == won_by or (won_by in side and by in side)        # declarer leads from one of his hands
                or st.actions[nxt.index - 1].kind == "before_partner"   # "西却抢先出了♦8"
                or any(st.has(f, w.index) for f in ("out_of_turn", "wrong_hand", "not_called", "not_played", "should"))):
            # the first card after a trick is won leads to the next trick: by its winner, or by another player
            # the story says was not on lead ("West played to trick 5" alone is no lead out of turn)
            nxt.kind = "lead"
    wh = next((i for i, f, _m in st.findings if f == "wrong_hand"), None)
    told_hand = None
    if wh is not None and declarer and not any(b.kind == "lead" for b in st.actions):
        # "应从明手出牌,他从手里出了 ♠4": declarer's card after the story says which hand was to lead is his lead
        a = next((b for b in st.actions if b.index > wh and b.kind == "play" and b.cards
                  and _resolve(b.actor, declarer) in (declarer, partner(declarer))), None)
        if a is not None:
            a.kind, told_hand = "lead", a
    for a in st.actions:
        if a.kind == "lead" and not a.cards and a.actor is not None:
            # "把♣A亮在桌上說「我先攻」": the card he faced just before is his lead
            shown = next((b for b in reversed(st.actions[max(0, a.index - 2):a.index]) if b.kind in ("expose", "face")
                          and b.cards and b.actor == a.actor), None)
            if shown is not None:
                a.cards, shown.kind = list(shown.cards), "faced_lead"
                a.spans += [x for x in shown.spans if x[0] == "card"]
                if a.trick is None and not any(b.kind in PLAY_KINDS for b in st.actions[:shown.index]):
                    a.trick = 1                          # no card played before it: the opening lead
    for w in st.actions[:-1]:
        b = st.actions[w.index + 1]
        if w.kind == "win" and b.kind == "play" and b.cards and b.actor != w.actor and _resolve(b.actor, declarer) in SEATS \
                and _resolve(b.actor, declarer) != _resolve(w.actor, declarer):
            b.kind = "lead"              # "第8墩庄家手里赢了，结果南…出了♠J": the first card after a trick is won is a lead
    before = {}                          # a lead -> the win of the trick before it, told after it
    for w in wins:
        b = next((b for b in reversed(st.actions[:w.index]) if b.kind in ("lead", "play") and b.cards), None)
        if b is None:
            continue
        first, last = min(m.start for _, m in w.spans), max(m.end for _, m in w.spans)
        near = re.split(r"[。.;；]", st.text[max(0, first - 10):first])[-1] + st.text[first:last] \
            + re.split(r"[。.;；]", st.text[last:last + 24])[0]
        if _PREVIOUS_TRICK.search(near) and not any(
                x.kind == "lead" or x.kind in ("play", "follow") and x.cards and x.trick == b.trick for x in st.actions[max(0, b.index - 3):b.index]):
            # (not "West led the ♠2 and East played the ♠K; West had won the previous trick": East only followed)
            b.kind, before[b.index] = "lead", w    # "庄家从手里出了♦5，可是上一墩是明手赢的": the previous trick's winner was on lead
    leads = [a for a in st.actions if a.kind == "lead"]
    if not leads and declarer and st.has("face_down") is not None:
        # "E put a card face down on the table first": a face-down opening lead by a defender (Laws 41A, 54)
        down = next((a for a in st.actions if a.kind in ("pull", "play") and _resolve(a.actor, declarer) not in (None, declarer, partner(declarer))), None)
        if down is not None:
            down.kind, down.trick = "lead", 1
            leads = [down]
    if not leads and declarer:
        told = st.has("out_of_turn") or st.has("should") or st.has("on_lead")     # "(西首引)。东先亮出♠K"
        faced = next((a for a in st.actions if (a.kind == "face" or a.kind == "expose" and told is not None and _span(a, "event") is not None and told.start < _span(a, "event").start
                                                 # "N put the SQ on the table face up" before any card was played
                                                 or a.kind == "play" and any(i == a.index and f == "face_up" for i, f, _m in st.findings)
                                                 and not any(b.cards for b in st.actions[:a.index])
                                                 # "西就直接把♣Q亮在桌上" (N declares): the opening leader's partner faced a card
                                                 or a.kind == "expose" and _resolve(a.actor, declarer) == partner(lho(declarer))
                                                 and _span(a, "event") is not None and re.search(r"亮|fac", _span(a, "event").text, re.I)
                                                 and st.has("unintended") is None and not any(b.cards for b in st.actions[:a.index]))
                      and a.cards and _resolve(a.actor, declarer) not in (None, declarer, partner(declarer))), None)
        if faced is None:
            # dummy faces a card before the opening lead, saying he leads ("我先攻"): the declaring side's attempted lead (54E)
            faced = next((a for a in st.actions if a.kind in ("face", "expose") and a.cards and _resolve(a.actor, declarer) == partner(declarer)
                          and any(b.kind == "lead" for b in st.actions[a.index + 1:a.index + 3])), None)
        waiting = next((m for i, f, m in st.findings if f == "not_played" and _BEFORE_OPENING_LEAD.search(m.text)), None)
        if faced is None and waiting is not None and not any(b.kind in PLAY_KINDS and told_at(b) < waiting.start for b in st.actions):
            # "西还没首引，东先把♠K亮出来", "西还没首引，北以为该自己首引，把♣K亮了出来": a card faced by another player
            # while the opening leader had not led is an opening lead out of turn (Law 54), the declaring side's an
            # attempted one (54E)
            named = _nearest_seat(st, waiting)[0]
            faced = next((a for a in st.actions if a.kind in ("face", "expose", "play") and a.cards and told_at(a) > waiting.start
                          and _resolve(a.actor, declarer) in SEATS and _resolve(a.actor, declarer) not in (declarer, named)), None)
        if faced is not None:
            faced.kind, faced.trick = "lead", 1          # "West faced the ♦4" before any play: the opening lead
            leads = [faced]
    for a in leads:
        who = _resolve(a.actor, declarer)
        if who in ("EW", "NS"):
            continue                      # "E-W played on": a side does not lead
        if not a.cards and any(st.has(f, i) is not None for f in ("about_to", "wanted") for i in (a.index - 1, a.index)):
            continue                      # "正要叫夢家出牌", "S reached for a card from his own hand": stopped before a card was led
        if any(b.kind in ("claim", "concede") and b.index < a.index for b in st.actions) \
                and st.has("hypothetical", a.index - 1) is not None:
            continue                      # after a claim, "如果從夢家出小紅心…" is a line the Director weighs (70C), not a lead
        told = st.has("out_of_turn", a.index - 1) or st.has("wrong_hand", a.index - 1) \
            or (st.has("wrong_hand") if a is told_hand else None)
        if told is not None and _leader_was_on_lead(st, told, a, declarer):
            told = None                   # "Dummy was on lead; … dummy put out the ♣Q": the lead was his
        won = before.get(a.index) or next((w for w in reversed(wins) if w.index < a.index), None)
        if a.trick and not (won is not None and won.trick == a.trick - 1):
            # "庄家以为自己赢了第7墩，引了♠K；其实那墩是西赢的": the winner of the trick before, told after the lead
            won = next((w for w in wins if w.trick == a.trick - 1 and w.index > a.index
                        and _resolve(w.actor, declarer) in SEATS), won)     # (not "E-W won tricks 3 and 9")
        on_lead = _resolve(won.actor, declarer) if won is not None else None
        declaring = declarer is not None and who in (declarer, partner(declarer)) and a.trick != 1
        opening = not declaring and won is None and (a.trick in (None, 1)) and a is leads[0] and (a.trick == 1 or not any(
            b.kind in ("play", "follow", "discard", "ruff") and b.index < a.index for b in st.actions))
        out_of_turn = opening and declarer and who and who not in (lho(declarer), declarer) \
            or on_lead is not None and who is not None and who != on_lead and (not a.implicit or told)
        misled = _told_his_turn(st, a, who, declarer) if out_of_turn else None
        if misled is not None:
            # "West asked 'my lead?' and declarer said yes": led because an opponent told him it was his turn (Law 47E1)
            irr = base("card_retraction", a, who)
            irr.put("retraction_reason", "told_wrong_turn", misled)
        elif opening and declarer and who and who != lho(declarer) and who != declarer:
            irr = base("opening_lead_out_of_turn", a, who)
        elif opening and told and who and who != declarer and not (declarer and who == lho(declarer)):
            irr = base("opening_lead_out_of_turn", a, who)
        elif on_lead is not None and who is not None and who != on_lead and (not a.implicit or told):
            # (a bare card named after a trick is won, "trick 9 (East, ♥A)", is too little to rule a lead out of turn on)
            irr = base("lead_out_of_turn", a, who)
            if declarer:
                irr.put("correct_leader", "declarer_side" if on_lead in (declarer, partner(declarer)) else "defender",
                        _span(won, "actor"))
        elif declarer is None and won is not None and won.actor in ("declarer", "dummy") and a.actor != won.actor \
                and (a.actor in ("declarer", "dummy") or who in SEATS) and not opening:
            # "夢家贏了第 3 磴，莊家卻從手上攻出 ♥4", "夢家贏了第 5 磴…西家卻…攻了出來": the winner's hand was to lead,
            # seats untold: whoever else led, led out of turn (Laws 55, 56); his role is asked when not told
            irr = base("lead_out_of_turn", a, who)
            irr.put("correct_leader", "declarer_side", _span(won, "actor") or _span(won, "event"))
            said = next((b for b in st.actions if b.index > a.index and b.kind in ("accept", "decline") and b.actor == "declarer"), None)
            if a.actor in ("declarer", "dummy"):
                irr.put("offender_role", "declarer", _span(a, "actor"))
            elif said is not None:
                # "庄家说不接受": declarer accepts or refuses only a defender's lead (Law 53A, 56)
                irr.put("offender_role", "defender", _span(said, "actor") or _span(said, "event"))
            else:
                irr.unsure = ("lead_out_of_turn",)     # "夢家贏了第5磴，接著北家出了♥4": North may be dummy, so ask
        elif told and who and not opening:
            irr = base("lead_out_of_turn", a, who)
            if declaring and st.has("wrong_hand", a.index - 1) is not None:
                irr.put("correct_leader", "declarer_side", st.has("wrong_hand", a.index - 1))
        else:
            continue
        if irr.kind == "opening_lead_out_of_turn":
            fd, fu = st.has("face_down", a.index - 1), st.has("face_up", a.index - 1)
            faced = next((b for b in st.actions if b.kind in ("face", "expose") and abs(b.index - a.index) <= 1
                          and _resolve(b.actor, declarer) == who), None)
            if fd is not None:
                irr.put("opening_lead_faced", False, fd)
            elif fu is not None or faced is not None or a.cards:
                irr.put("opening_lead_faced", True, fu or (_span(faced, "event") if faced else _span(a, "card")))
            saw = st.has("saw_dummy", a.index - 1)
            if saw is not None:
                # "declarer hasn't seen any of dummy's cards", "庄家还没看到明手的牌": denied (Law 54C applies only if he could)
                denied = re.search(r"(n't|\bnot|\bnever|没有?|未|不)(\s+(yet|have|even|ever))*\s*$", st.text[max(0, saw.start - 16):saw.start], re.I) \
                    or re.search(r"\b(none|nothing|no)\b", saw.text, re.I)       # "had seen none of dummy's cards"
                irr.put("declarer_could_see_dummy", denied is None, saw)
        ev = next((b for b in st.actions if b.index > a.index and (
            b.kind in ("accept", "decline", "dummy_down") or (b.kind == "face" and _resolve(b.actor, declarer) == declarer))
            and (declarer is None or _resolve(b.actor, declarer) != who)
            # the choice after an opening lead out of turn is declarer's: not dummy's "说不要叫裁判" (Law 54)
            and not (irr.kind == "opening_lead_out_of_turn" and b.kind in ("accept", "decline") and declarer
                     and _resolve(b.actor, declarer) not in (None, declarer))), None)
        if ev is not None and ev.kind == "accept" and irr.kind == "opening_lead_out_of_turn":
            spread = next((b for b in st.actions if ev.index < b.index <= ev.index + 3 and b.kind == "face"
                           and _resolve(b.actor, declarer) == declarer), None)
            ev = spread or ev                    # "'ok, then I'll be dummy'": he accepts by spreading his hand (Law 54A)
        if ev is not None:
            if irr.kind == "opening_lead_out_of_turn":
                choice = {"accept": "accept", "decline": "refuse", "face": "spread_hand", "dummy_down": "accept"}[ev.kind]
                irr.put("declarer_choice", choice, _span(ev, "event"))
                if ev.kind == "dummy_down" and "declarer_could_see_dummy" not in irr.facts:
                    # dummy was spread before declarer chose: he could see its cards and must accept (Law 54C)
                    irr.put("declarer_could_see_dummy", True, _span(ev, "event"))
            elif ev.kind in ("accept", "decline"):
                irr.put("accepted", ev.kind == "accept", _span(ev, "event"))
            if ev.kind == "decline" and who in SEATS and (irr.kind == "opening_lead_out_of_turn" and declarer and who != lho(declarer)
                                                          or on_lead is not None and on_lead == partner(who)):
                # the lead goes back to the offender's partner, whose lead it was (Laws 50D, 54D, 56B)
                irr.put("partner_to_lead", True, _span(ev, "event"))
            elif ev.kind == "decline" and irr.kind == "lead_out_of_turn" and who in SEATS and declarer \
                    and on_lead in (declarer, partner(declarer)) and who not in (declarer, partner(declarer)):
                irr.put("partner_to_lead", False, _span(ev, "event"))      # a defender led at declarer's turn: declarer leads
            if ev.kind == "decline":
                # what declarer then asks of the leader (Law 50D2(a)): a suit required, a suit barred, or nothing
                lc = _lead_choice(st, ev.index - 1)
                if lc is not None:
                    _chose(st, irr, lc, partner(who) if who in SEATS else None)
                elif irr.facts.get("partner_to_lead") and not any(b.index > ev.index and b.kind in PLAY_KINDS and b.cards
                                                                  for b in st.actions):
                    irr.put("declarer_lead_choice", "not_yet_chosen", _span(ev, "event"))   # the story stops there
        elif irr.kind == "lead_out_of_turn":
            nxt = next((b for b in st.actions if b.index > a.index and b.kind in ("play", "follow", "discard", "ruff")), None)
            if nxt is not None and who and _resolve(nxt.actor, declarer) == lho(who):
                irr.put("accepted", True, _span(nxt, "event"))      # Law 53A: the next player played to it
        down = next((b for b in st.actions if b.index > a.index and b.kind == "dummy_down"), None)
        relead = next((b for b in st.actions if b.index > a.index and b.kind == "lead"), None)
        if irr.kind == "opening_lead_out_of_turn" and down is not None and "declarer_could_see_dummy" not in irr.facts \
                and irr.facts.get("declarer_choice") in (None, "refuse") and (relead is None or down.index < relead.index) \
                and (ev is None or down.index < ev.index or re.search(r"已经|already", st.text[max(0, _span(down, "event").start - 20):_span(down, "event").end], re.I)):
            # "庄家说不接受 但明手已经把牌摊下来了": dummy was spread before declarer chose (not after the right lead,
            # as in normal play): he could see it, so he must accept (Law 54C)
            irr.put("declarer_could_see_dummy", True, _span(down, "event"))
        out.append(irr)
        if (irr.facts.get("declarer_choice") == "refuse" or irr.kind == "lead_out_of_turn" and irr.facts.get("accepted") is False) \
                and a.cards and who in SEATS and declarer and who not in (declarer, partner(declarer)):
            out += _penalty_card_not_played(st, a, who, declarer)    # the refused lead is a penalty card (54D, 50), left unplayed (52)
        break
    # revoke: a player known to hold a card of a suit who did not follow it (Laws 44C, 61A)
    holds = [a for a in st.actions if a.kind == "hold" and (a.suit or a.cards) and (claim_at is None or a.index < claim_at)]
    implied = _later_plays_of_suit_not_followed(st, declarer)
    holds += [h for h in implied if not any(x.actor == h.actor for x in holds)]
    for h in holds:
        who = _resolve(h.actor, declarer)
        if who is None:
            continue
        held = h.suit or (h.cards[0][0] if h.cards else None)
        # "the ♥5 had been in his hand all along", "那張梅花一直在手上": held at every earlier trick too
        all_along = h in implied or _span(h, "event") is not None and re.search(r"all along|一直|始终|本来", _span(h, "event").text, re.I)
        def _between(b: Action) -> bool:
            # near the holding, or with none of his own plays between ("南墊了梅花…南說：我有紅心")
            # a card he still holds later he held at every earlier trick ("攤牌核對時東發現手上還有♦3")
            lo, hi = sorted((b.index, h.index))
            return hi - lo <= 3 or b.index < h.index and (st.has("hands_checked") is not None or all_along) \
                or not any(_resolve(x.actor, declarer) == who and x.kind in PLAY_KINDS for x in st.actions[lo + 1:hi])
        req = st.has("require_suit")
        bad = next((b for b in st.actions if b is not h and _resolve(b.actor, declarer) == who and _between(b)
                    and (b.kind in ("discard", "ruff", "show_out") or (b.kind in ("play", "follow") and b.cards
                                                                        and all(c[0] != held for c in b.cards))
                         or b.kind in ("play", "follow") and not b.cards and b.suit not in (None, held, "trump")
                         # a lead of another suit when declarer required this one (Laws 50D2(a), 61A)
                         or b.kind == "lead" and req is not None and _span(b, "event") is not None
                         and req.start < _span(b, "event").start
                         and (b.suit or (b.cards[0][0] if b.cards else None)) not in (None, held))), None)
        if bad is None and h.index > 0 and st.actions[h.index - 1].actor is None and st.actions[h.index - 1].kind in ("discard", "ruff", "show_out"):
            bad = st.actions[h.index - 1]
        if bad is None and (st.has("revoke") is None):
            continue
        irr = base("revoke", bad or h, who)
        if _span(bad or h, "actor") is None:
            irr.spans.append(("offender", who, _span(h, "actor")))
        irr.spans.append(("irregularity", "revoke", _span(h, "event")))
        _revoke_facts(irr, st, bad or h, declarer)
        side = (who, partner(who)) if who in SEATS else (who,)      # (a role not resolved to a seat has no partner)
        other = next((x for x in holds if x is not h and _resolve(x.actor, declarer) not in (None,) + side
                      and any(b.kind in ("discard", "ruff", "show_out") and b.actor == x.actor and abs(b.index - x.index) <= 1
                              for b in st.actions)), None)
        if other is not None and "both_sides_revoked" not in irr.facts:
            # "第8磴莊家南家也是，手上有♣卻王吃了": the other side revoked too (Law 64B7)
            irr.put("both_sides_revoked", True, _span(other, "event"))
        out.append(irr)
        src = bad or h
        if irr.facts.get("revoke_established") is False and src.cards and who in SEATS \
                and (declarer and who not in (declarer, partner(declarer)) or irr.facts.get("offender_role") == "defender"):
            # corrected (Law 62A): the defender's card withdrawn is a major penalty card (62B1, 50B), to be played (52)
            out += _penalty_card_not_played(st, src, who, declarer)
        break
    else:
        said_revoke = [m for _, f, m in st.findings if f == "revoke"]
        # the revoke a sentence names with its seat ("防家南第 2 磴…沒跟") rather than a general remark before it
        seated = [m for m in said_revoke if any(s.end <= m.start and not _SENTENCE.search(st.text[s.end:m.start]) for s in st.seat_mentions)]
        rv = (seated or said_revoke or [None])[0]
        claimed = next((_span(b, "event") for b in st.actions if b.kind in ("claim", "concede") and _span(b, "event") is not None), None)
        if rv is not None and (claim_at is None or rv in seated and claimed is not None and rv.end <= claimed.start):
            # (with a claim, only a revoke told of a seat before it: "West revoked on trick 8 … then declarer claimed")
            near = [b for b in st.actions if _resolve(b.actor, declarer) in SEATS and b.kind in ("discard", "ruff", "show_out", "play", "follow", "hold")
                    and (_span(b, "event") or _span(b, "card")) is not None]
            src = min(near, key=lambda b: abs((_span(b, "event") or _span(b, "card")).start - rv.start), default=None)
            at = next((i for i, f, m in st.findings if m is rv), 0)
            irr = Irregularity("revoke", {}, at=src.index if src else at + 0.5)   # after the action told before it
            irr.put("irregularity", "revoke", rv)
            # the trick named before it ("北家第 4 磴應跟未跟"; with no play told, "第 2 磴和第 5 磴都沒跟" is the repeated
            # revoke, below), else after it ("revoked on trick 6")
            here = (list(_TRICK_NUMBER.finditer(re.split(r"[,，。;；.]", st.text[max(0, rv.start - 10):rv.start])[-1])) if src is not None else []) \
                or list(_TRICK_NUMBER.finditer(re.match(r"\s*(on|at|in|to)\s+trick\s+\d+|", st.text[rv.end:rv.end + 16], re.I).group()))
            number = next((g for g in here[-1].groups() if g), None) if here else None
            trick = (int(number) if number.isdigit() else _CN_NUMBERS.get(number)) if number else None
            named = next((m for m in reversed(st.seat_mentions) if m.end <= rv.start and not re.search(r"[,，。;；.]", st.text[m.end:rv.start])), None)
            if trick is not None and (src is not None and src.trick != trick or src is None and named is not None):
                # "北家第 4 磴應跟未跟，到第 5 磴北家也已經跟出 ♠6", "East revoked on trick 6": the revoke at the trick named
                # with it, by the seat named
                k = sum(1 for b in st.actions if b.spans and min(x[1].start for x in b.spans) < rv.start)
                src = Action(named.value if named else src.actor, "discard", min(src.index, k - 1) if src else k - 1,
                             spans=[("actor", named or _span(src, "actor"))], trick=trick)
            if src is not None:
                irr.put("offender", _resolve(src.actor, declarer), _span(src, "actor"))
            else:
                seat = next((m for m in reversed(st.seat_mentions) if m.end <= rv.start and not _SENTENCE.search(st.text[m.end:rv.start])), None)
                if seat is not None:
                    irr.put("offender", seat.value, seat)          # "东在第9墩藏牌": the seat the sentence names
                    sentence = st.text[max([0] + [m.end() for m in _SENTENCE.finditer(st.text, 0, rv.start)]):rv.start]
                    told = list(_TRICK_NUMBER.finditer(sentence))
                    if told:
                        # the revoke as an action at its trick ("第 6 磴東應跟未跟"), placed before what the story tells after it
                        # "第 2 磴和第 5 磴都沒跟": with a repeated revoke the first trick named is the first revoke
                        number = next(g for g in (told[0] if st.has("repeat") is not None else told[-1]).groups() if g)
                        k = sum(1 for b in st.actions if b.spans and min(x[1].start for x in b.spans) < rv.start)
                        src = Action(seat.value, "discard", k - 1, spans=[("actor", seat)],
                                     trick=int(number) if number.isdigit() else _CN_NUMBERS.get(number))
                        irr.at = k - 1
            if declarer:
                irr.put("declarer", declarer, dm)
            _revoke_facts(irr, st, src, declarer)
            out.append(irr)
    # exposed cards
    if not any(a.kind in ("claim", "concede") for a in st.actions):
        for a in st.actions:
            said = _names_card_held(st, a)
            if said is not None and (auction_over or said.actor in st.defenders):
                a.actor = said.actor         # "I" in his own quoted words is the speaker
                if declarer and _resolve(a.actor, declarer) not in (declarer, partner(declarer)) \
                        or declarer is None and a.actor in st.defenders:
                    a.kind = "expose"     # Law 49: a defender who names a card as being in his hand ("我还有♠A呢")
    told = _penalty_card_told(st, declarer)
    if told is not None and _penalty_card_not_played(st, told, _resolve(told.actor, declarer), declarer):
        told = None                         # its failure to be played is the ruling asked for (below, Law 52)
    for a in st.actions + ([told] if told is not None else []):
        if a.kind in ("drop", "expose") and a.actor is None:
            ev = _span(a, "event")
            after = [x for x in st.seat_mentions if 0 <= x.start - ev.end <= 25]
            before = [x for x in st.seat_mentions if 0 <= ev.start - x.end <= 25][::-1]
            owners = [x for x in before + after if st.text[x.end:x.end + 2].startswith(("的", "'s", "’s"))]
            near = owners or after or before          # the card's owner ("南家的♥5掉在桌上", "fell out of West's hand")
            if near:
                a.actor = near[0].value                 # "a card fell out of West's hand"
                a.spans.insert(0, ("actor", near[0]))
        if a.kind not in ("drop", "expose") or not a.actor or a.actor in ("director", "EW", "NS"):
            continue
        named = next((b for b in reversed(st.actions[max(0, a.index - 3):a.index]) if b.cards), None)
        if not a.cards and named is not None and named.kind == "play" and named.implicit and named.actor == a.actor \
                and all(b.actor == a.actor and not b.cards for b in st.actions[named.index + 1:a.index]):
            # "一張♦3翻開掉在桌上", "把♥J跟他要打的牌一起打出來": the card is the one named before it
            a.cards = list(named.cards)
            a.spans += [x for x in named.spans if x[0] == "card"]
        if not a.cards and a.index and st.actions[a.index - 1].kind in ("lead", "play") and st.actions[a.index - 1].actor == a.actor:
            continue                        # "led the ♣5, face up": the lead itself, not an exposed card
        if not a.cards and not any(m.label == "CARD" for m in st.mentions) and _span(a, "event") is not None \
                and re.search(r"卡\S{0,2}$|bidding card\s*$", st.text[max(0, _span(a, "event").start - 4):_span(a, "event").start]) \
                and any(b.call and b.actor == a.actor for b in st.actions[:a.index]):
            continue                        # "摆在桌上的是'不叫'…卡一落桌": the bidding card he put down, no playing card
        if not a.cards and _span(a, "event") is not None:
            loose = loose_cards_before(st, a)                                  # "North's ♠A fell"
            a.cards = [c.value for c in loose]
            a.spans += [("card", c) for c in loose]
        who = _resolve(a.actor, declarer)
        sorting = st.has("sorting") is not None and not auction_over and not au.calls \
            and not any(b.kind in PLAY_KINDS and b.index < a.index for b in st.actions)
        told_during = st.has("during_auction") is not None or (not auction_over and au.calls and not au.ended) \
            or a.trick is None and any(b.call and b.actor in SEATS and b.index > a.index for b in st.actions) \
            and not any(b.kind in ("lead", "play", "follow", "discard", "ruff") and b.index < a.index for b in st.actions)
        # (calls told after it, and no card played before it: it happened during the auction, Law 24)
        if told_during or sorting:
            irr = base("card_exposed_during_auction", a, who)
            if not told_during:          # "理牌时" alone: a hand is sorted in the play too (Laws 24, 49), so ask
                irr.unsure = ("defender_card_exposed", "declarer_exposes_card")
        elif declarer and who == partner(declarer) and a.actor == "dummy" and a.kind in ("expose", "drop") \
                and any(f == "not_played" and i <= a.index + 1 for i, f, _m in st.findings):
            continue            # "declarer was thinking … dummy slid the ♦Q forward": dummy's cards lie face up; Law 45F's, not 48
        elif declarer and who in (declarer, partner(declarer)) or not declarer and who in SEATS and len(side := _declaring_side(st)) == 2 \
                and who in side:
            # no card of declarer's or dummy's hand ever becomes a penalty card (Law 48A)
            irr = base("declarer_exposes_card", a, who)
        elif who or a.actor == "defender":
            irr = base("defender_card_exposed", a, who)
            if declarer is None and a.actor in SEATS and a.actor not in st.defenders and a.actor in _declaring_side(st) \
                    and not any(not in_question(st.text, m.start) for _i, f, m in st.findings if f == "penalty_card") \
                    and not any(m.label == "ROLE" and m.value in ("declarer", "dummy", "defender") for m in st.mentions) \
                    and not re.search(r"\bdefend|防家|防守", st.text, re.I):
                # "W's ♥4 slipped out … during the play", no contract and no declarer told: a defender's card is a
                # penalty card (Law 50), declarer's is not (48A); his role is not invented, so ask (a story that
                # names declarer or dummy apart from him, or a penalty card, tells that he defends)
                irr.unsure = ("declarer_exposes_card",)
        else:
            continue
        if a.cards:
            irr.put("exposed_cards", list(dict.fromkeys(a.cards)), *[m for f, m in a.spans if f == "card"])
        if irr.kind == "card_exposed_during_auction" and _face_seen(st, a, who):
            # a card shown, faced or dropped on the table was where partner could see its face (Law 24); one that
            # fell to the floor may not have been, and the Director determines it: asked
            irr.put("partner_could_see_face", True, _span(a, "event") or next((m for f, m in a.spans if f == "card"), None))
        if a.kind == "drop" and irr.kind != "declarer_exposes_card":
            irr.put("exposure_deliberate", False, _span(a, "event"))
        elif irr.kind != "declarer_exposes_card" and (un := next((m for i, f, m in st.findings if f == "unintended"
                                                                 and a.index - 1 <= i <= a.index), None)) is not None:
            irr.put("exposure_deliberate", False, un)          # "不小心把♣4翻出来了": not through deliberate play (Law 50B)
        out.append(irr)
        if irr.kind in ("defender_card_exposed", "card_exposed_during_auction") and who in SEATS:
            _partner_to_lead(st, irr, a, who, declarer)
        if irr.kind in ("defender_card_exposed", "card_exposed_during_auction") and a.cards \
                and (irr.kind == "defender_card_exposed" or declarer and who not in (declarer, partner(declarer))):
            out += _penalty_card_not_played(st, a, who, declarer)      # a penalty card (Laws 50, 24E) left unplayed
        break
    if not any(a.kind in ("drop", "expose") for a in st.actions):
        # "东前面有一张重罚牌♥Q": a penalty card already on the table when the story starts (Law 50), then left unplayed (52)
        pc = [m for _, f, m in st.findings if f == "penalty_card"]
        held = next((a for a in st.actions if a.kind == "hold" and a.cards and _resolve(a.actor, declarer) in SEATS
                     and any(0 <= c.start - m.end <= 6 for k, c in a.spans if k == "card" for m in pc)), None)
        if held is None:
            # "东家之前有一张罚牌♠K在桌上": the card lies on the table, named after "penalty card", by the one who has it
            card = next((c for c in st.loose_cards for m in pc if 0 <= c.start - m.end <= 6), None)
            owner = next((a for a in st.actions if a.kind == "hold" and _resolve(a.actor, declarer) in SEATS and card is not None
                          and _span(a, "event") is not None and 0 <= card.start - _span(a, "event").end <= 12), None)
            if owner is not None:
                held = Action(owner.actor, "hold", owner.index, list(owner.spans) + [("card", card)], cards=[card.value])
        if held is not None:
            out += _penalty_card_not_played(st, held, _resolve(held.actor, declarer), declarer)
    # claims and concessions (Laws 68-71); "攤牌爭議。…北…攤牌": the claim told with its claimer first
    claims = [a for a in st.actions if a.kind in ("claim", "concede")]
    for a in [c for c in claims if c.actor] + [c for c in claims if not c.actor]:
        who = _resolve(a.actor, declarer)
        irr = base("claim_or_concession", a, None)
        irr.put("claim_kind", "claim" if a.kind == "claim" else "concession", _span(a, "event"))
        role = None
        if a.actor in ("declarer", "defender"):
            role = a.actor
        elif declarer and who:
            role = "declarer" if who == declarer else "defender" if who != partner(declarer) else None
        if role is None and who in st.defenders:
            role = "defender"                          # "Defender N said 'you can have the rest'"
        if role:
            irr.put("claimer_role", role, _span(a, "actor"))
        strain, strain_m = _contract_strain(st, au)
        trump = strain if strain != "NT" else None
        held = next((b for b in st.actions if b.kind == "hold" and _resolve(b.actor, declarer) != who      # before or after the claim
                     and (b.suit == "trump" or (trump and (b.suit == trump or any(c[0] == trump for c in b.cards))))), None)
        if strain == "NT":
            irr.put("outstanding_trump", False, strain_m)     # a notrump contract has no trump (Law 70C)
        out_m = st.has("trump_out", a.index)
        if held is None and out_m is not None and trump and any(
                c.value[0] == trump for c in st.loose_cards + [x[1] for b in st.actions for x in b.spans if x[0] == "card"]
                if c.label == "CARD" and 0 <= out_m.start - c.end <= 6):
            irr.put("outstanding_trump", True, out_m)          # "♠9 still out with W"
        if held is None and out_m is not None and re.search(r"trump|王|将", out_m.text, re.I):
            irr.put("outstanding_trump", True, out_m)          # "外面还有一张将牌"
        if out_m is not None and re.search(r"(没|没有)(提|提到|说|说到|讲|讲到)\s*$", st.text[max(0, out_m.start - 4):out_m.start]):
            irr.put("trump_mentioned", False, out_m)           # "没提到外面还有一张将牌" (Law 70C1)
        drawn = next((m for _, f, m in st.findings if f == "no_trump_out" and not _of_one_hand(st, m)), None)
        if held is None and drawn is not None:
            irr.put("outstanding_trump", False, drawn)    # "there was no trump out" (Law 70C); not "dummy was out of trumps"
        if held is None and irr.facts.get("outstanding_trump") is True and st.has("losable", a.index) is not None:
            irr.put("trick_losable_to_trump", True, st.has("losable", a.index))
        if held is not None:
            irr.put("outstanding_trump", True, _span(held, "event"))
            ruff = next((b for b in st.actions if b.index > a.index and b.kind == "ruff"
                         and _resolve(b.actor, declarer) == _resolve(held.actor, declarer)), None) \
                or next((b for b in st.actions if b.kind == "show_out" and b.suit in ("S", "H", "D", "C") and b.suit != trump
                         and _resolve(b.actor, declarer) == _resolve(held.actor, declarer)), None)    # "東…♠J,紅心已經缺門"
            gone = next((m for m in st.mentions if m.label == "FINDING" and m.value == "none_left" and m.start > told_at(held)
                         and sentence_at(st.text, m.start) == sentence_at(st.text, told_at(held))
                         and _resolve(_nearest_seat(st, m)[0], declarer) == _resolve(held.actor, declarer)
                         and any(x.label == "SUIT" and x.value not in (trump, "trump") and 0 <= m.start - x.end <= 1 for x in st.mentions)),
                        None)       # "东还有一张♠J，红心已经没有了": the trump's holder is void in a side suit
            if ruff is not None:
                # "if South cashes clubs first West ruffs", or the trump's holder is void in a side suit: the story
                # shows a line that loses a trick to it (Law 70C3)
                irr.put("trick_losable_to_trump", True, _span(ruff, "event"))
            elif gone is not None:
                irr.put("trick_losable_to_trump", True, gone)
            elif st.has("losable", a.index) is not None:
                irr.put("trick_losable_to_trump", True, st.has("losable", a.index))   # "could be ruffed with normal play"
            elif (above := _trump_above_side(st, held, who, declarer, trump)) is not None:
                irr.put("trick_losable_to_trump", True, above)
        if irr.facts.get("outstanding_trump") is True and "trick_losable_to_trump" not in irr.facts and a.kind == "claim" \
                and st.has("unlosable", a.index) is not None and st.has("losable", a.index) is None:
            # "庄家怎么打都不会输给它", "no normal line loses a trick to it" (Law 70C3)
            irr.put("trick_losable_to_trump", False, st.has("unlosable", a.index))
        if st.has("unlosable") is not None and a.kind == "concede":
            irr.put("conceded_trick_unlosable", True, st.has("unlosable"))
        elif a.kind == "concede" and (sure := _sure_winners(st, a.actor, declarer, strain, irr.facts.get("outstanding_trump"))):
            irr.put("conceded_trick_unlosable", True, sure)   # "剩♠AKQ，外面没有王牌了，他却说输一墩" (Law 71B)
        if st.has("already_won") is not None and a.kind == "claim":
            # the side that agreed had in fact already won a trick the claim gave away (Law 69B1)
            irr.put("conceded_trick_won", True, st.has("already_won"))
        after = _MINUTES_AFTER_SCORES.search(st.text)
        minutes = after and (after.group("n1") or after.group("n2"))
        if st.has("correction_period") is not None:
            irr.put("within_correction_period", True, st.has("correction_period"))
        elif minutes and (int(minutes) if minutes.isdigit() else _cn_number(minutes)) < 30:
            # "成績公布後大概10分鐘": the correction period ends 30 minutes after the official score is made available,
            # unless the Regulating Authority says otherwise (Law 79C1)
            irr.put("within_correction_period", True, Mention("FINDING", "correction_period", after.start(), after.end(), after.group(0)))
        quiet = st.has("said_nothing", a.index)
        ev = _span(a, "event")
        says = re.search(r"\b(said|saying)\b|说|說|[「“]", st.text[ev.end:]) if ev is not None else None
        at = ev.end + says.start() if says else None      # his own words after the claim ("摊牌时说'东还有一张小将牌'")
        quote = next((q for q in _QUOTED.finditer(st.text, at) if q.start() - at <= 3), None) if at is not None else None
        named = next((m for m in st.mentions if m.label == "SUIT" and m.value == "trump" and at is not None and m.start > at
                      and (m.end <= quote.end() if quote is not None else not re.search(r"[,，;；。.!?！？]", st.text[at:m.start]))
                      and not any(x.label in ("SEAT", "ROLE") and ev.end <= x.start < at for x in st.mentions)
                      and not any(x.label == "EVENT" and x.value in ("object", "agree", "accept", "decline", "say", "call_director")
                                  and at < x.start < m.start for x in st.mentions)), None)   # (not "東不同意，說他還有一張王牌")
        if st.has("trump_not_mentioned") is not None:
            irr.put("trump_mentioned", False, st.has("trump_not_mentioned"))
        elif quiet is not None and "outstanding_trump" in irr.facts and irr.facts["outstanding_trump"] \
                and all(x.value == who for x in [x for x in st.seat_mentions if x.end <= quiet.start][-1:]
                        if not re.search(r"[,，;；。.]", st.text[x.end:quiet.start])):     # (his silence, not West's)
            irr.put("trump_mentioned", False, quiet)        # "West still held the ♠J and South said nothing about it" (70C1)
        elif named is not None:
            irr.put("trump_mentioned", True, named)         # "摊牌时说'东还有一张小将牌，无所谓'": his own words (70C1)
        elif (said := st.has("trump_mentioned")) is not None \
                and not re.search(r"(without|not|never|没有|没|未)\s*\S{0,2}$", st.text[max(0, said.start - 10):said.start], re.I):
            irr.put("trump_mentioned", True, said)      # "saying he would draw trumps" (Law 70C1); not "without drawing trumps"
        resp = next((b for b in st.actions if b.index > a.index and b.kind in ("object", "agree", "accept", "decline")), None)
        if resp is not None and resp.kind == "object" and role is None and who in SEATS and _resolve(resp.actor, declarer) == partner(who):
            # his partner objects: only a defender's partner has a say in a concession (Law 68B2)
            irr.put("claimer_role", "defender", _span(resp, "actor") or _span(resp, "event"))
        if resp is not None and resp.kind == "object" and who in SEATS and _resolve(resp.actor, declarer) == partner(who) \
                and a.kind == "concede":
            irr.put("partner_objected", True, _span(resp, "event"))
        elif a.kind == "concede" and who in SEATS and (calm := next((m for i, f, m in st.findings if f in ("no_reaction", "said_nothing")
                                                                     and i >= a.index and _nearest_seat(st, m)[0] == partner(who)), None)):
            irr.put("partner_objected", False, calm)        # "西家沒有任何表示", "East didn't say a word" (Law 68B2)
        if resp is not None and "claimer_role" not in irr.facts and a.actor is None and resp.kind == "object" \
                and (resp.actor == "defender" or declarer and resp.actor == ("EW" if declarer in "NS" else "NS")):
            irr.put("claimer_role", "declarer", _span(resp, "actor") or _span(resp, "event"))    # "claimed … Defenders disagree"
        on = next((b for b in st.actions if b.index > a.index and b.kind == "play_on"), None)
        if on is not None and (resp is None or resp.kind in ("object", "decline")):
            # "防家回：「打打看吧。」於是繼續打下去", "西家不服，提出打下去" (68D2(b)); with all four agreeing, 68D2(b)(i)
            irr.put("claim_response", "play_continued", _span(on, "event"))
            if st.has("all_four", a.index) is not None:
                irr.put("all_four_concur", True, st.has("all_four", a.index))
        elif resp is not None:
            irr.put("claim_response", "agreed" if resp.kind in ("agree", "accept") else "disputed", _span(resp, "event"))
        elif st.has("director_judged", a.index) is not None and a.kind == "claim":
            irr.put("claim_response", "disputed", st.has("director_judged", a.index))   # the Director ruled on it (Law 70)
        elif st.has("claim_disputed") is not None:
            irr.put("claim_response", "disputed", st.has("claim_disputed"))     # "攤牌爭議", "a disputed claim"
        elif any(b.kind == "call_director" and b.index > a.index for b in st.actions):
            irr.put("claim_response", "disputed", _span(next(b for b in st.actions if b.kind == "call_director" and b.index > a.index), "event"))
        elif a.kind == "concede" and (found := st.has("correction_period", a.index) or st.has("card_found", a.index) or next(
                (_span(b, "event") for b in st.actions if b.kind == "hold" and b.index > a.index), None)) is not None:
            # a concession found wrong afterwards ("後來比對時發現西手上還有♦A"): it had been agreed, play had ceased (Law 71)
            irr.put("claim_response", "agreed", found)
        elif a.kind == "claim" and (st.has("losable", a.index) or st.has("unlosable", a.index)) is not None:
            # the story weighs the claimer's line ("沒有說明飛牌方向", "any normal play"): the claim is before the Director
            irr.put("claim_response", "disputed", st.has("losable", a.index) or st.has("unlosable", a.index))
        if a.kind == "claim" and irr.facts.get("claim_response") == "agreed" and st.has("unlosable", a.index) is not None:
            # they agreed, then found a trick they could not have lost ("怎麼打都會贏一磴"): one they would likely have won (69B2)
            irr.put("agreed_trick_likely_won", True, st.has("unlosable", a.index))
        out.append(irr)
        break
    return out


def _partner_to_lead(st: Story, irr: Irregularity, exposed: Action, who: str, declarer: str | None) -> None:
    """Law 50D: whether the penalty card's owner's partner obtained the lead, from the first trick won
    or card led after the exposure ("後來東家取得出牌權", "W won the trick and is to lead", "庄家从明手引♥")."""
    nxt = next((b for b in st.actions if b.index > exposed.index and b.kind in ("win", "lead")
                and (b.actor in ("declarer", "dummy") or _resolve(b.actor, declarer) in SEATS)
                and _resolve(b.actor, declarer) != who), None)
    told = next((m for i, f, m in st.findings if i >= exposed.index and (f == "on_lead" or f == "wrong_hand" and re.fullmatch(
        r"(is|was) on lead", m.text, re.I))), None)    # "西要首攻", "Now East is on lead"
    if nxt is None and told is not None:
        seat, _m = _nearest_seat(st, told)
        if seat in SEATS and seat != who:
            irr.put("partner_to_lead", seat == partner(who), told)
            choice = _lead_choice(st, exposed.index)
            if seat == partner(who) and choice is not None:
                _chose(st, irr, choice, seat)
            elif seat == partner(who):
                irr.put("declarer_lead_choice", "not_yet_chosen", told)     # the story stops before declarer chose
        return
    if nxt is not None:
        irr.put("partner_to_lead", _resolve(nxt.actor, declarer) == partner(who), _span(nxt, "event") or _span(nxt, "actor"))
        choice = _lead_choice(st, nxt.index - 1)
        said = next((b for b in st.actions[nxt.index + 1:] if b.kind in ("lead", "play") and b.suit and not b.cards
                     and (b.actor == "declarer" or _resolve(b.actor, declarer) == declarer)), None)
        if irr.facts["partner_to_lead"] and choice is None and said is not None and _span(said, "event") is not None \
                and _quoted(st.text, _span(said, "event").start) and not _to_dummy(st.text, _span(said, "event").start):
            # "declarer said 'Lead me a diamond'", 莊家說「出方塊」: his words to the partner on lead are the choice, not a card
            said.kind, choice = "say", ("require_suit", _span(said, "event"))
        if irr.facts["partner_to_lead"] and choice is not None:
            _chose(st, irr, choice, partner(who) if who in SEATS else None)
        elif irr.facts["partner_to_lead"] and not any(b.index > nxt.index and b.kind in PLAY_KINDS for b in st.actions):
            irr.put("declarer_lead_choice", "not_yet_chosen", _span(nxt, "event") or _span(nxt, "actor"))   # the story stops there


def _lead_choice(st: Story, after: int) -> tuple[str, Mention] | None:
    """Declarer's choice for the partner on lead after a penalty card (Law 50D2(a)), told after action `after`."""
    return next(((v, m) for v in ("require_suit", "prohibit_suit", "no_requirement") for m in [st.has(v, after)] if m), None)


def _chose(st: Story, irr: Irregularity, choice: tuple[str, Mention], leader: str | None) -> None:
    irr.put("declarer_lead_choice", choice[0], choice[1])      # Law 50D2(a): what declarer then chose
    _unable_to_comply(st, irr, choice, leader)


def _unable_to_comply(st: Story, irr: Irregularity, choice: tuple[str, Mention], leader: str | None) -> None:
    """Law 59: declarer required a suit of the player on lead, who has none ("East hasn't got any spades",
    "可东手里已经没有梅花了"): he may lead any other card."""
    if choice[0] != "require_suit":
        return
    found = _VOID.search(st.text, choice[1].end)
    if found is None:
        return
    suits = [_SUIT_WORDS[w] for w in re.findall("|".join(_SUIT_WORDS), choice[1].text + found.group(0), re.I)]
    if len(set(suits)) > 1:
        return              # "required a club … East has no spades": void in another suit
    void = Mention("FINDING", "void_in_suit", found.start(), found.end(), found.group(0))
    said_of = _nearest_seat(st, void)[0]
    if said_of is None or said_of == leader:
        irr.put("partner_can_comply", False, void)


_SUIT_WORDS = {"spade": "S", "heart": "H", "diamond": "D", "club": "C", "黑桃": "S", "红心": "H", "紅心": "H", "方块": "D", "方塊": "D",
               "梅花": "C", "草花": "C", "红桃": "H", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# the player on lead has none of the suit required: "East hasn't got any spades", "可东手里已经没有梅花了"
_VOID = re.compile(r"\b(has|had|does|did|have)(n't| not| no)( got| have| hold)?( any)?( more)? (spades|hearts|diamonds|clubs)\b|"
                   r"\bvoid in (spades|hearts|diamonds|clubs)\b|(没有|沒有|没)(梅花|方块|方塊|红心|紅心|黑桃|草花|红桃)", re.I)


def _penalty_card_told(st: Story, declarer: str | None) -> Action | None:
    """"東家的♠Q是罰張", "East has a major penalty card, the ♠Q": a penalty card already on the table when the
    story starts, and nothing exposed in it; the exposure it came from, for the rest of Law 50."""
    if any(a.kind in ("drop", "expose") for a in st.actions):
        return None
    for _, f, pc in st.findings:
        if f != "penalty_card":
            continue
        card = next((m for m in st.mentions if m.label == "CARD" and (0 <= m.start - pc.end <= 6 or 0 <= pc.start - m.end <= 32
                     and not _SENTENCE.search(st.text[m.end:pc.start]))), None)    # ("the ♦K on the table as a major penalty card")
        if card is None or any(card.value in a.cards and not a.implicit and a.kind != "hold" for a in st.actions):
            continue                        # (a card led or played before: the story tells how it became one)
        owner = next((x for x in reversed(st.seat_mentions) if x.end <= min(card.start, pc.start)
                      and not _SENTENCE.search(st.text[x.end:min(card.start, pc.start)])), None)
        held = owner is not None and (st.text[owner.end:owner.end + 2].startswith(("的", "'s", "’s")) or any(
            a.kind == "hold" and a.actor == owner.value and _span(a, "event") is not None
            and (0 <= card.start - _span(a, "event").end <= 12 or 0 <= pc.start - _span(a, "event").end <= 12) for a in st.actions))
        if held and _resolve(owner.value, declarer) in SEATS:       # "東家的♠Q是罰張", "東家有一張大罰張♠Q"
            return Action(owner.value, "expose", 0, [("actor", owner), ("event", pc), ("card", card)], cards=[card.value])
    return None


def _penalty_card_not_played(st: Story, exposed: Action, who: str | None, declarer: str | None) -> list[Irregularity]:
    """Law 52: the defender with a penalty card later played another card of its suit instead
    ("西沒先打♦5，而是跟了♦2")."""
    card = exposed.cards[0]
    # a single card below an honour, dropped (inadvertently exposed), is a minor penalty card (Law 50B): only another
    # card of its suit below an honour breaks Law 50C; a major one must be played at the first legal opportunity,
    # "whether in leading, following suit, discarding or trumping" (Law 50D1(a)), so any other card led, discarded or ruffed
    minor = exposed.kind == "drop" and len(set(exposed.cards)) == 1 and card[1:] not in HONOUR_RANKS
    later = next((b for b in st.actions if b.index > exposed.index and _resolve(b.actor, declarer) == who and who
                  and b.kind in ("play", "follow", "lead", "discard", "ruff") and not set(exposed.cards) & set(b.cards)
                  and (b.cards and any(c[0] == card[0] and not (minor and c[1:] in HONOUR_RANKS) for c in b.cards)
                       or not minor and b.kind in ("discard", "ruff") and (b.cards or b.suit not in (None, card[0]))
                       or not minor and b.kind == "lead" and not b.cards and b.suit not in (None, card[0]))), None)
    if later is None:
        return []
    irr = Irregularity("penalty_card_not_played", {}, at=later.index)
    irr.put("irregularity", "penalty_card_not_played", _span(later, "card") or _span(later, "event"))
    irr.put("offender", who, _span(later, "actor"))
    if declarer:
        irr.put("declarer", declarer, st.declarer[1] if st.declarer else None)
    ev = next((b for b in st.actions if b.index > later.index and b.kind in ("accept", "decline")
               and _resolve(b.actor, declarer) in (declarer, None) and b.actor != who), None)
    if ev is not None:
        irr.put("accepted", ev.kind == "accept", _span(ev, "event"))
    after = next((b for b in st.actions if b.index > later.index and b.kind in PLAY_KINDS
                  and (b.actor in ("declarer", "dummy") or declarer and _resolve(b.actor, declarer) in (declarer, partner(declarer)))), None)
    waiting = st.has("not_played", later.index)
    if waiting is not None and re.search(r"(dummy|declarer|明手|梦家|庄家)\W{0,2}$", st.text[max(0, waiting.start - 12):waiting.start], re.I):
        irr.put("declarer_played_after", False, waiting)      # "Dummy had not played yet": neither had played since (Law 52A)
        after = None
    if after is not None:
        irr.put("declarer_played_after", True, _span(after, "event") or _span(after, "actor"))
        if "accepted" not in irr.facts:      # he said nothing, but played on: Law 52B1(b) makes him accept it
            irr.put("accepted", False, _span(after, "event") or _span(after, "actor"))
    elif ev is not None and ev.kind == "decline":
        irr.put("declarer_played_after", False, _span(ev, "event"))     # he refused it there and then
    if irr.facts.get("accepted") is False and irr.facts.get("declarer_played_after") is False and later.cards:
        # Law 52B2: the card illegally played in committing the irregularity becomes a major penalty card
        irr.put("exposed_cards", later.cards[:1], _span(later, "card"))
    return [irr]


def _led_suit(st: Story, b: Action) -> str | None:
    """The suit a player failed to follow: the suit he showed out of, or that of the lead before him."""
    if b.kind == "show_out" and b.suit in ("S", "H", "D", "C"):
        return b.suit
    lead = next((x for x in reversed(st.actions[:b.index]) if x.kind == "lead" and (b.trick is None or x.trick in (None, b.trick))), None) \
        or next((x for x in st.actions[:b.index] if b.trick is not None and x.trick == b.trick and x.kind == "play"
                 and (x.suit or x.cards)), None)
    if lead is None:
        return None                   # (the lead before him, else the first card told at his trick: "第7磴莊家從夢家出♣")
    suit = lead.suit or (lead.cards[0][0] if lead.cards else None)
    return suit if suit in ("S", "H", "D", "C") else None


def _at_a_later_trick(st: Story, b: Action, x: Action) -> bool:
    """x was played at a trick after b's: a later trick number, or (numbers untold) told in a later sentence
    ("西就先扔出了♦A" is one act told with two words, not two plays)."""
    if b.trick is not None and x.trick is not None and (x.trick != b.trick or any(k == "trick" for k, _ in x.spans)):
        return x.trick > b.trick
    between = st.text[told_at(b):told_at(x)]
    return bool(_SENTENCE.search(between) or re.search(r"\blater\b|afterwards|后来|之后|以后|后面", between, re.I))


def _later_plays_of_suit_not_followed(st: Story, declarer: str | None) -> list[Action]:
    """"East pitched a club on the ♥A lead … later East played the ♥7", "showed out of diamonds but later
    produced the ♦J": a card of the suit played later was in his hand when he did not follow (Law 61A).
    Each is returned as what he held, at the later play."""
    out = []
    for b in st.actions:
        who = _resolve(b.actor, declarer)
        suit = _led_suit(st, b) if b.kind in ("discard", "ruff", "show_out") and who in SEATS else None
        if suit is None:
            continue
        later = next((x for x in st.actions[b.index + 1:] if _resolve(x.actor, declarer) == who and any(c[0] == suit for c in x.cards)
                      and (x.kind in ("play", "follow", "lead", "discard") and _at_a_later_trick(st, b, x)
                           or x.kind == "replace")), None)      # ("改出♣A": he put a club in its place)
        if later is not None:
            out.append(Action(later.actor, "hold", later.index, list(later.spans), cards=[c for c in later.cards if c[0] == suit],
                              suit=suit, trick=later.trick, implicit=True))
    return out


def _contract_trump(st: Story) -> str | None:
    """The trump suit of the contract told ("4♠" -> "S"); None in notrump or with no contract."""
    return st.contract[0][1:2] if st.contract and not st.contract[0][1:].startswith("NT") else None


def _trick_winners(st: Story, declarer: str | None) -> list[tuple[int | None, str, Action]]:
    totals = [t.span() for t in _SIDE_TOTAL.finditer(st.text)]
    out = []
    for w in st.actions:
        ev = _span(w, "event")
        if w.kind == "win" and not (ev is not None and any(a <= ev.start < b for a, b in totals)):    # (not "NS took four tricks altogether")
            who = _resolve(w.actor, declarer)
            if w.actor == "defender" and declarer in SEATS:
                who = "NS" if declarer in ("E", "W") else "EW"     # "the defence won tricks 5 and 8"
            if who in SEATS or who in ("EW", "NS") or who is None and w.actor in ("declarer", "dummy"):
                out.append((w.trick, who or w.actor, w))
    return out


_PUT_RIGHT = re.compile(r"\bcorrected\b|\bput it right\b|改正|更正了|纠正了|糾正了")
_PREVIOUS_TRICK = re.compile(r"\b(the )?(previous|preceding) trick\b|\bthe trick before\b|(上|前)一?(墩|磴)", re.I)
_THAT_TRICK = re.compile(r"\b(that|this|the same|the revoke) trick\b|(该|那|这|此|本)一?(墩|磴)", re.I)


def _names_that_trick(st: Story, win: Action) -> bool:
    """"S had won that trick", "该墩庄家赢", "这墩东西赢": a win told of the trick just told."""
    if any(k == "trick" for k, _ in win.spans):
        return False                          # its own trick is named ("won trick 8")
    first = min(m.start for _, m in win.spans)
    return bool(_THAT_TRICK.search(st.text[max(0, first - 8):max(m.end for _, m in win.spans)]))


def _revoke_facts(irr: Irregularity, st: Story, src: Action | None, declarer: str | None = None) -> None:
    off = irr.facts.get("offender") if irr.facts.get("offender") in SEATS else None    # (a side, "东西", is no one seat)
    if st.has("both_sides") is not None:
        irr.put("both_sides_revoked", True, st.has("both_sides"))        # "两边都藏牌了", "both sides revoked" (Law 64B7)
    back, table = st.has("hands_returned"), st.has("hands_not_returned")
    if (back is None) != (table is None):
        irr.put("hands_returned", back is not None, back or table)     # Law 62D1: before the hands went back
    if off and src is not None:
        wins = _trick_winners(st, declarer)
        same = [x for x in wins if (x[0] is not None and x[0] == src.trick) or (x[0] is None and abs(x[2].index - src.index) <= 1)
                or x[2].index > src.index and _names_that_trick(st, x[2])][:1]   # "S had won that trick"
        if not same:
            nt = st.has("next_trick")
            lead = next((b for b in st.actions if b.kind == "lead" and b.index > src.index and nt is not None and _span(b, "event") is not None
                         and 0 <= nt.start - _span(b, "event").start <= 8 and _resolve(b.actor, declarer) in SEATS), None)
            if lead is not None:
                same = [(src.trick, _resolve(lead.actor, declarer), lead)]     # he led the next trick: he won this one
        told = same
        if same and same[0][1] in ("EW", "NS") and off in same[0][1]:
            # his side won it: a discard of another suit cannot win a trick, so his partner did; else untold
            same = [(same[0][0], partner(off), same[0][2])] if src.kind == "discard" else []
        if not same and src.trick:
            # "W then led a club to trick 6": whoever leads to the next trick won this one (Law 44G)
            same = [(src.trick, _resolve(b.actor, declarer), b) for b in st.actions if b.kind == "lead" and b.index > src.index
                    and b.trick == src.trick + 1 and _resolve(b.actor, declarer) in SEATS][:1]
        trump = _contract_trump(st)
        ruffed = src.kind == "ruff" or trump is not None and bool(src.cards) and all(c[0] == trump for c in src.cards)
        if not same and ruffed and src.trick:
            # "W led the ♦K, dummy and East followed small, declarer ruffed": the fourth card, a ruff, won the trick
            before = {_resolve(b.actor, declarer) for b in st.actions[:src.index] if b.trick == src.trick
                      and b.kind in ("lead", "play", "follow", "discard") and _resolve(b.actor, declarer) not in (None, off)}
            if len(before & set(SEATS)) == 3 and not any(b.kind == "ruff" and b.trick == src.trick and _resolve(b.actor, declarer) != off
                                                         for b in st.actions):
                same = [(src.trick, off, src)]
        if same:
            w = same[0][1]
            irr.put("revoke_trick_won_by", "offender" if w == off else "offender_partner" if w == partner(off) else "non_offending_side",
                    _span(same[0][2], "event"))
        after = max([src.index] + [x[2].index for x in told + same])
        later = [x for x in wins if x[2].index > after and x not in told]
        side = "NS" if off in ("N", "S") else "EW"
        if any(x[1] in (off, partner(off), side) for x in later):
            x = next(x for x in later if x[1] in (off, partner(off), side))
            irr.put("offending_side_won_later_trick", True, _span(x[2], "event"))
        elif st.has("no_later_trick") is not None:
            irr.put("offending_side_won_later_trick", False, st.has("no_later_trick"))   # "之后东西一墩都没赢"
        elif declarer and st.has("declarer_won_rest" if off not in (declarer, partner(declarer)) else "defenders_won_rest") is not None:
            # "After that declarer won every remaining trick": the other side won them all (Law 64B1)
            rest = st.has("declarer_won_rest") or st.has("defenders_won_rest")
            irr.put("offending_side_won_later_trick", False, rest)
        total = _SIDE_TOTAL.search(st.text)
        if total is not None and "offending_side_won_later_trick" not in irr.facts and src.trick \
                and (total.group("en") or total.group("zh")).upper().replace("-", "").replace("/", "") in (side, "南北" if side == "NS" else "东西"):
            n = total.group("n1") or total.group("n2")
            if (int(n) if n.isdigit() else _NUMBER.get(n, 0)) >= src.trick:
                # "NS took four tricks altogether", revoke at trick 4: more than the tricks before it, so the offending
                # side won the revoke trick or a later one (Law 64A)
                irr.put("offending_side_won_later_trick", True, Mention("FINDING", "side_total", total.start(), total.end(), total.group(0)))
        if not same and src.kind == "discard" and irr.facts.get("offending_side_won_later_trick") is True:
            # a discard of another suit cannot win the trick; with a later trick to his side, 64A2 applies whoever won it
            irr.put("revoke_trick_won_by", "not_offender", _span(src, "event"))
    ne, est, nt = st.has("not_established"), st.has("established"), st.has("next_trick")
    if nt is not None and re.search(r"\bbefore\b[^.;]{0,30}$", st.text[max(0, nt.start - 40):nt.start], re.I):
        ne, nt = ne or nt, None       # "corrected it before anyone played to the next trick": not established (Law 63A1)
    # "He then led to trick 7": the offender or his partner played to a later trick (Law 63A1)
    on = next((b for b in st.actions if src is not None and src.trick and b.index > src.index and b.trick and (
        b.trick > src.trick and b.kind in ("lead", "play", "follow", "discard", "ruff", "win")
        and _resolve(b.actor, declarer) in (off, partner(off), "EW" if off in ("E", "W") else "NS")
        or b.trick > src.trick + 1 and b.kind not in ("hold",))), None) \
        if off else None        # (anything at a trick after the next: all four played to the next one)
    before_next = next((x for x in st.mentions if src is not None and src.trick and x.label == "TRICK" and x.value == src.trick + 1
                        and (re.search(r"\bbefore\b[^.;]{0,20}$", st.text[max(0, x.start - 24):x.start], re.I)
                             or re.match(r"\s*(出牌|开始)?\s*(之前|以前|前)", st.text[x.end:x.end + 6]))), None)
    if ne is None and before_next is not None:
        ne = before_next              # "在第5磴出牌前发现并更正", "before playing to trick 5" (revoke at trick 4): Law 63A1
    fixed = next((b for b in st.actions if src is not None and b.index > src.index and b.kind == "replace"
                  and _resolve(b.actor, declarer) == off and b.trick in (None, src.trick)
                  and not re.fullmatch(r"instead|rather", (_span(b, "event").text if _span(b, "event") else ""), re.I)),
                 None) if off else None     # ("discarded instead of following" is no correction)
    fixed_first = fixed is not None and nt is not None and _span(fixed, "event") is not None and _span(fixed, "event").end <= nt.start
    if ne is None and (nt is None or fixed_first) and est is None and fixed is not None and not any(
            src.index < b.index < fixed.index and b.trick and src.trick and b.trick > src.trick for b in st.actions):
        ne = _span(fixed, "event")    # "莊家說有，改出♣A": he put it right within the trick, before it was established (62A)
    after = src.index if src is not None else irr.at
    cc = next((b for b in st.actions if b.index > after and b.kind in ("claim", "concede")
               and _resolve(b.actor, declarer) in (off, partner(off))), None) if off else None
    # "revoked … but noticed it at once and corrected it", "但马上发现并改正了": put right before it was established (62A)
    revoke_words = (_span(src, "event") or _span(src, "actor")) if src is not None else None
    put_right = _PUT_RIGHT.search(st.text, revoke_words.end if revoke_words else 0,
                                  _span(cc, "event").start if cc is not None and _span(cc, "event") is not None else len(st.text))
    if put_right and ne is None and fixed is None:
        ne = Mention("FINDING", "not_established", put_right.start(), put_right.end(), put_right.group())
    if cc is not None and (on is not None and on.index < cc.index or fixed is not None or put_right):
        cc = None                     # played to a later trick first (63A1), or put right before it was established (62A)
    if cc is not None:
        # the offending side claimed or conceded after the revoke (Law 63A3), whatever was told of the next trick
        irr.put("established_by", "claim_or_concession", _span(cc, "event"))
        if cc.kind == "claim" and "offending_side_won_later_trick" not in irr.facts:
            irr.put("offending_side_won_later_trick", True, _span(cc, "event"))    # the tricks it claimed
    elif ne is not None:
        irr.put("revoke_established", False, ne)
    elif nt is not None or on is not None:
        # "他已經喊「夢家出 ♦K」攻下一磴", "declarer called for dummy's ♦K": a card named for the next trick (Law 63A2)
        named = next((ev for b in st.actions if src is not None and b.index > src.index and off
                      and _resolve(b.actor, declarer) in (off, partner(off)) and b.kind in PLAY_KINDS
                      for ev in [_span(b, "event")] if ev is not None
                      and (_quoted(st.text, ev.start) or re.match(r"call(ed|s)? for|asked for|named", ev.text, re.I))), None)
        irr.put("established_by", "designated_card" if named is not None else "played_to_next_trick",
                named or nt or _span(on, "event") or _span(on, "card") or _span(on, "actor"))
    elif off and src is not None and (ag := next((b for b in st.actions if b.index > src.index and b.kind == "agree"
                                                  and any(c.kind == "claim" for c in st.actions[src.index:b.index])
                                                  and (_resolve(b.actor, declarer) in (off, partner(off))
                                                       or b.actor == ("NS" if off in "NS" else "EW"))), None)) is not None:
        # "declarer claimed the rest, and E/W agreed": the offending side agreed to a claim (Law 63A3)
        irr.put("established_by", "agreed_claim", _span(ag, "event"))
    elif src is not None and src.trick == 12 and st.has("all_played_13") is not None:
        irr.put("established_by", "played_to_next_trick", st.has("all_played_13"))   # "兩家都出完第13磴"
    elif est is not None and src is not None and src.trick and src.trick < 12 \
            and not re.fullmatch(r"established|已?经?(成立|确立)了?", est.text, re.I):
        # found "at the end of play", 打完, or "play went on": the next trick was played (Law 63A1)
        irr.put("revoke_established", True, est)
        irr.put("established_by", "played_to_next_trick", est)
    elif est is not None:
        irr.put("revoke_established", True, est)
    elif src is not None and src.trick and (later_trick := next((x for x in st.mentions if x.label == "TRICK" and isinstance(x.value, int)
                                                               and x.value >= src.trick + 2), None)):
        # "noticed at trick 8", "第8磴才發現" with a revoke at trick 5: play reached a trick after the next (Law 63A1)
        irr.put("established_by", "played_to_next_trick", later_trick)
    if src is not None and src.trick:
        irr.put("revoke_trick", src.trick, st.trick[1] if st.trick else None)
    pending = st.has("not_played", src.index) if src is not None else None
    if pending is not None and "revoke_established" not in irr.facts and "established_by" not in irr.facts \
            and not any(b.index > src.index and b.trick and src.trick and b.trick > src.trick for b in st.actions):
        # "西還沒出，東就說…": the revoke trick was not yet complete, so nobody played to the next (Law 63A)
        irr.put("revoke_established", False, pending)
    if irr.facts.get("revoke_established") is False and off and src is not None:
        # a card the non-offending side played to the trick after the revoke, before attention was drawn (62C1)
        for b in st.actions[src.index + 1:]:
            if b.kind in ("say", "object", "hold", "call_director", "lead", "win"):
                break
            if b.kind in ("play", "follow", "discard", "ruff") and _resolve(b.actor, declarer) in SEATS \
                    and _resolve(b.actor, declarer) not in (off, partner(off)):
                irr.put("nos_played_after_revoke", True, _span(b, "event") or _span(b, "card") or _span(b, "actor"))
                break
    over = st.has("round_over")
    if over is not None:
        # found after the round ended ("这一轮已经结束，东西都换桌了"): established, and Law 64B5
        irr.put("attention_after_round_ended", True, over)
        if "revoke_established" not in irr.facts and "established_by" not in irr.facts:
            irr.put("revoke_established", True, over)
    later = [m for f, _, m in irr.spans if f == "offending_side_won_later_trick"]
    if later and "revoke_established" not in irr.facts and "established_by" not in irr.facts:
        # the story tells of tricks after it ("之后东西一墩都没赢"): play went on to them (Law 63A1)
        irr.put("established_by", "played_to_next_trick", later[0])
    if irr.facts.get("revoke_trick") == 12 and irr.facts.get("hands_returned") is False \
            and "revoke_established" not in irr.facts and "established_by" not in irr.facts:
        # found "before the hands went back to the board": the last trick was played (Law 62D1)
        irr.put("established_by", "played_to_next_trick", table)
    if declarer is None and off in SEATS:
        named = next((a for a in st.actions if a.actor == "declarer"), None)
        if named is not None:
            # declarer is told apart from him ("第11磴莊家出♣，西家墊了…"): he is a defender (dummy is named too)
            irr.put("offender_role", "defender", _span(named, "actor") or _span(named, "event"))


_RANK_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")


def _contract_strain(st: Story, au: Auction) -> tuple[str | None, Mention | None]:
    """The contract's strain ("S", "NT") and the words that tell it: the contract told ("4♠ by South"), the last
    bid of an auction that ended, or the one bid a story names ("3NT, 剩最後兩磴…")."""
    if st.contract:
        return _contract_trump(st) or "NT", st.contract[1]
    bids = [b for b in st.actions if b.call and b.call not in ("P", "X", "XX", "AP")]
    if au.last_bid is not None and au.ended:
        return au.last_bid.strain, next((_span(b, "call") for b in reversed(bids) if b.call == str(au.last_bid)), None)
    call = _span(bids[0], "call") if len(bids) == 1 else None
    if call is not None and len([b for b in st.actions if b.call]) == 1 and _span(bids[0], "event") is None \
            and not re.search(r"开\s*$", st.text[max(0, call.start - 2):call.start]):
        return bids[0].call[1:], call     # a bid written bare ("3NT, 剩最後兩磴"), not "West opened 1NT", 西家開1NT
    return None, None


def _of_one_hand(st: Story, m: Mention) -> bool:
    """"dummy was out of trumps", "明手的将牌已经打光了", "南家的将牌已经出完了": one hand's trumps, not the opponents'
    (but "庄家、明手和南都已经没有王牌了" names them all)."""
    before = st.text[max(0, m.start - 12):m.start]
    return bool(re.search(r"\b(dummy|declarer|north|south|east|west|[NESW])\s*(was|is|had|has)?\s*$", before, re.I)
                or re.search(r"(北|南|东|西|庄家|明手)家?的?\s*$", before) and not re.search(r"都\s*$|和|、", before))


_NUMBER = _CN_NUMBERS | {"两": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# a side's tricks in all: "NS took four tricks altogether", "南北一共拿了4墩"
_SIDE_TOTAL = re.compile(r"\b(?P<en>NS|EW|N-S|E-W|N/S|E/W)\s+(took|won|made|got|had)\s+(?P<n1>\d+|two|three|four|five|six|seven|eight|nine|ten)\s+"
                         r"tricks?\s+(altogether|in all|in total)\b|(?P<zh>南北|东西)(一共|总共|共)(拿了|赢了|得了|拿到|赢得)?(?P<n2>\d+|[一二两三四五六七八九十])[墩磴]",
                         re.I)
_LEFT = re.compile(r"剩(?:下|最后)?(?P<zh>[一二两三四五六七\d])[张墩磴]|\b(?P<en>two|three|four|five|\d)\s+(cards|tricks)\s+(left|to go|remaining)", re.I)
_ON_LEAD = re.compile(r"^\S{0,3}(有|拿到|取得)?(攻牌权|出牌权|引牌权)|^[^.;。；]{0,12}?\b(on lead|to lead)\b|^\s*(has|had) the lead\b", re.I)


_SUIT_NAMES = "|".join(w for w in _SUIT_WORDS if len(w) > 1)       # the suits' words, not their symbols


def _trump_above_side(st: Story, held: Action, claimer: str | None, declarer: str | None, trump: str | None) -> Mention | None:
    """Law 70C3 read from the cards: the opponent's outstanding trump outranks every trump the claimer's side holds,
    so it takes a trick whatever is played ("He has ♠2 and ♥AKQ … E still has the ♠J"). Only with the claimer's hand
    told whole (one list, as many cards as the count left) and dummy's trumps told: "dummy out of trumps", or
    dummy's cards all of another suit ("dummy all small clubs", "明手都是小梅花"). The words of the claimer's hand."""
    def rank(card: str) -> int:
        return _RANK_ORDER.index("T" if card[1:] == "10" else card[1:])
    theirs = sorted((c for c in held.cards if trump and c[0] == trump), key=rank)     # their highest first
    if not theirs or declarer is None or claimer != declarer:
        return None
    mine = [b for b in st.actions if b.kind == "hold" and b.cards and _resolve(b.actor, declarer) == claimer]
    left = _LEFT.search(st.text)
    word = (left.group("zh") or left.group("en")).lower() if left else None
    if len(mine) != 1 or word is None or (int(word) if word.isdigit() else _NUMBER[word]) != len(mine[0].cards):
        return None
    dummy_void = any(f == "no_trump_out" and re.search(r"\bdummy\b|明手|夢家|梦家", st.text[max(0, m.start - 12):m.start], re.I)
                     for _, f, m in st.findings) \
        or re.search(r"\bdummy\s+(is |was |being |already )?(out of|void in|without) trumps?\b|(明手|梦家)(的)?(将牌|王牌)?(已经|已)?(没有|没)(将牌|王牌)", st.text, re.I)
    one_suit = re.search(rf"(\bdummy\b|明手|梦家)\W{{0,3}}(has |had |holds |is |was )?(all|only|just|都是|只有|只剩|全是)\s*"
                         rf"(small |low |小的?)?(?P<suit>{_SUIT_NAMES})", st.text, re.I)
    if one_suit and _SUIT_WORDS[one_suit.group("suit").lower()] != trump:
        dummy_void = True
    if not dummy_void or any(c[0] == trump and rank(c) < rank(theirs[0]) for c in mine[0].cards):
        return None
    return _span(mine[0], "event") or next((m for f, m in mine[0].spans if f == "card"), None)


def _on_lead(st: Story, who: str, declarer: str | None, where: tuple[int, int]) -> bool:
    """The story tells that `who` has the lead: "東有攻牌權", "輪到北引牌", "South … and the lead", "North on lead"."""
    for x in st.seat_mentions + [m for m in st.mentions if m.label == "ROLE"]:
        if (_resolve(x.value, declarer) or x.value) != who:
            continue
        if _ON_LEAD.search(st.text[x.end:x.end + 24]) or re.search(r"(轮到|轮)\s*$", st.text[max(0, x.start - 3):x.start]) \
                and re.match(r"\S?\s*(引|出|攻|先)", st.text[x.end:x.end + 3]):
            return True
    if any(f in ("on_lead", "out_of_turn") and seats_named(m.text) == [who] and re.match(r"\s*(引|出|攻|先|lead)", st.text[m.end:m.end + 5], re.I)
           for _, f, m in st.findings):
        return True                                   # "轮到北引牌", read as whose turn it was
    if re.match(r"[,，]?\s*(轮到他|轮到她|轮他|由他|他有攻牌权|他有引牌权)\s*(引|出|攻|先)?|[,，;]?\s*(and )?((he|she) )?(is|was|had|has|held) (on lead|the lead)|"
                r"[,，;]?\s*(and )?(it's|it is|it was) (his|her) lead|\s*(and the lead|on lead)\b",
                st.text[where[1]:where[1] + 16], re.I):
        return True                                   # "西手上是♦AKQ，輪到他攻": the hand told, then "his lead"
    return re.search(r"\b(and|has|had|with) the lead\b|\band (is|was) on lead\b", st.text[where[0]:where[1]], re.I) is not None


def _sure_winners(st: Story, actor: str | None, declarer: str | None, strain: str | None,
                  outstanding_trump: bool | None) -> Mention | None:
    """The words telling the conceder's remaining cards, when each of them wins a trick whatever is played (Law 71B: "a
    trick that could not be lost by any normal play of the remaining cards"): a trump of the declaring side when the
    defenders hold none, or, with the conceder on lead, a card of a run from the ace of its suit in notrump or with no
    trump left to his opponents. Only a hand told whole, in one list: a card "still out", a card told by its suit alone
    ("a small club", 一張小方塊) or a count of cards left that the list does not fill makes it unsure."""
    who = _resolve(actor, declarer) or actor         # a seat, or "declarer" when the story names no seat
    held = [b for b in st.actions if b.kind == "hold" and b.cards and who is not None and (_resolve(b.actor, declarer) or b.actor) == who]
    ace = next((b for b in held if strain not in (None, "NT") and strain + "A" in b.cards), None)
    if ace is not None:
        return _span(ace, "event") or _span(ace, "card")     # "东当时手里有♥A" in hearts: the ace of trumps wins a trick whatever is played
    if len(held) != 1 or not (strain == "NT" or outstanding_trump is False):
        return None
    h = held[0]
    cards_m = [m for f, m in h.spans if f == "card"]
    start, end = min(m.start for _, m in h.spans), max(m.end for m in cards_m)
    stop = re.search(r"[,，;；。.]", st.text[end:])
    clause = (start, end + (stop.start() if stop else len(st.text) - end))      # the list and what follows it to a comma
    if re.search(r"[;；。]", st.text[start:end]) or re.match(r"\s*(was|is|were)?\s*(still out|outstanding)|\s*(还在|仍在|在\S{1,3}手)", st.text[end:end + 8]) \
            or any(m.label == "SUIT" and clause[0] <= m.start < clause[1] and not any(c.start <= m.start < c.end for c in cards_m)
                   for m in st.mentions):
        return None
    left = _LEFT.search(st.text[:clause[1]])
    word = (left.group("zh") or left.group("en")).lower() if left else None
    cards = {c[0] + ("T" if c[1:] == "10" else c[1:]) for c in h.cards}
    if word and (int(word) if word.isdigit() else _NUMBER[word]) != len(cards):
        return None
    # "剩♠A、♠K、♠Q，王牌是黑桃": a hold told as trumps names the trump suit when its cards are of one suit
    trump = strain if strain != "NT" else None
    if trump is None and h.suit == "trump" and len({c[0] for c in h.cards}) == 1:
        trump = h.cards[0][0]
    declaring = declarer is not None and who in (declarer, partner(declarer)) or who == "declarer"
    # the conceder's opponents hold no trump: the defenders' trumps drawn, for the declaring side; for a defender, the
    # declaring side's too ("庄家、明手和南都已经没有王牌了")
    opponents_void = outstanding_trump is False and (declaring or any(
        f == "no_trump_out" and re.search(r"庄家|明手|declarer|dummy", st.text[max(0, m.start - 14):m.start], re.I)
        for _, f, m in st.findings))
    runs_from_ace = {c for c in cards if all(c[0] + r in cards for r in _RANK_ORDER[:_RANK_ORDER.index(c[1:])])}
    trumps = {c for c in cards if c[0] == trump} if opponents_void else set()
    side = cards - trumps
    if side and not (side <= runs_from_ace and _on_lead(st, who, declarer, clause) and (strain == "NT" or opponents_void)):
        return None
    return _span(h, "event") or cards_m[0]


def _leader_was_on_lead(st: Story, told: Mention, a: Action, declarer: str | None) -> bool:
    """"Dummy was on lead", "South was on lead" said of the player who then leads: his lead is in turn."""
    if not re.search(r"\bon lead\b", told.text, re.I):
        return False
    subject = re.search(r"\b(dummy|declarer)\s*$", st.text[max(0, told.start - 10):told.start], re.I)
    if subject is not None:
        role = subject.group(1).lower()
        return a.actor == role or _resolve(role, declarer) is not None and _resolve(role, declarer) == _resolve(a.actor, declarer)
    seat = next((x for x in reversed(st.seat_mentions) if x.end <= told.start and not st.text[x.end:told.start].strip()), None)
    return seat is not None and seat.value == _resolve(a.actor, declarer)
