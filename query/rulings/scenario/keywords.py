"""A small keyword reader for plain-language scenarios (`python -m query rule "TEXT"`), in English,
Traditional and Simplified Chinese.

It is deliberately modest: it recognises the kind of irregularity, the seats, the calls, whether
the irregularity was accepted, a replacement call, a declarer, and a few yes/no facts, and it
reports exactly what it understood (`parsed.facts`, `parsed.recognised`). Everything else is left
to the reasoner, which asks for it. It never invents a fact the text does not state, with one
reading documented here: a call the text does not describe as out of rotation/out of turn is read
as made in rotation.

Chinese is folded to Simplified with OpenCC before matching, so one table serves both scripts.
"""
from __future__ import annotations

import re
from functools import lru_cache

from query.errors import BadInput
from query.rulings.facts import Call, parse_call

SEATS_EN = {"north": "N", "east": "E", "south": "S", "west": "W"}
SEATS_ZH = {"北": "N", "东": "E", "南": "S", "西": "W"}
STRAIN_WORDS = {"nt": "NT", "notrump": "NT", "notrumps": "NT", "no trump": "NT", "no trumps": "NT", "n": "NT",
                "club": "C", "clubs": "C", "c": "C", "♣": "C", "梅花": "C", "草花": "C",
                "diamond": "D", "diamonds": "D", "d": "D", "♦": "D", "方块": "D", "方块儿": "D",
                "heart": "H", "hearts": "H", "h": "H", "♥": "H", "红心": "H", "红桃": "H",
                "spade": "S", "spades": "S", "s": "S", "♠": "S", "黑桃": "S",
                "无将": "NT", "无王": "NT"}
_STRAIN_RE = "|".join(sorted((re.escape(k) for k in STRAIN_WORDS), key=len, reverse=True))
_BID = re.compile(rf"(?<![\d])([1-9])\s*({_STRAIN_RE})(?![a-z])", re.I)

# (irregularity, patterns), most specific first; matched on the folded, lower-cased text
KINDS = [
    ("opening_lead_out_of_turn", [r"opening lead out of turn", r"opening lead.{0,40}out of (turn|rotation)",
                                  r"(led|leads) out of turn.{0,30}(opening|first trick|trick one)",
                                  r"越序首[引攻]", r"违序首[引攻]", r"首[引攻].{0,10}[越违]序"]),
    ("lead_out_of_turn", [r"\bled out of turn", r"\blead out of turn", r"越序引牌", r"违序攻牌", r"违序引牌"]),
    ("insufficient_bid", [r"insufficient", r"不足叫"]),
    ("bid_above_seven", [r"more than seven", r"超过七", r"(?<![\d])(8|9|10)\s*(nt|no ?trumps?|clubs?|diamonds?|hearts?|spades?|[cdhsn♣♦♥♠])\b"]),
    ("call_when_required_to_pass", [r"required to pass", r"必须不叫.{0,20}(却|但)", r"须派司.{0,20}(却|但)"]),
    ("call_after_final_pass", [r"after the final pass", r"最后.{0,4}(不叫|派司)之?后"]),
    ("change_of_call", [r"slip of the tongue", r"mechanical error", r"changed (his|her|the) call", r"口误", r"更改叫"]),
    ("call_out_of_rotation", [r"out of rotation", r"out of turn", r"越序", r"违序"]),
    ("revoke", [r"revok", r"藏牌", r"应跟未跟"]),
    ("premature_play", [r"before (his|her) partner (had )?played", r"played (too )?early", r"提前(出牌|引牌|打)"]),
    ("card_exposed_during_auction", [r"(dropped|exposed|showed).{0,40}during the auction",
                                     r"during the auction.{0,40}(dropped|exposed|card)", r"(竞叫|叫牌)(期间|中|时).{0,20}(掉|暴露|亮出)"]),
    ("defender_card_exposed", [r"penalty card", r"dropped a card", r"exposed a card", r"罚张", r"掉(出|了)?一张", r"暴露"]),
    ("claim_or_concession", [r"\bclaim", r"\bconced", r"摊牌", r"让墩", r"让磴", r"声称"]),
]
NEG_ACCEPT = [r"did ?n[o']t accept", r"not accept", r"refus", r"declin", r"rejected", r"不接受", r"未接受", r"没有接受", r"拒绝", r"不同意"]
POS_ACCEPT = [r"\baccept", r"接受", r"同意"]


@lru_cache(maxsize=1)
def _fold():
    try:
        import opencc
        return opencc.OpenCC("t2s").convert
    except Exception:          # pragma: no cover - opencc is a pinned requirement
        return lambda s: s


def _seat_mentions(text: str) -> list[tuple[int, str]]:
    out = [(m.start(), SEATS_EN[m.group(1)]) for m in re.finditer(r"\b(north|east|south|west)\b", text)]
    out += [(m.start(), SEATS_ZH[m.group(1)]) for m in re.finditer(r"([北东南西])家", text)]
    return sorted(out)


def _calls(text: str) -> list[tuple[int, str]]:
    out = [(m.start(), f"{m.group(1)}{STRAIN_WORDS[m.group(2).lower()]}") for m in _BID.finditer(text)]
    for pat, call in ((r"\bredoubl\w*|再加倍|再赌倍", "XX"), (r"(?<!re)\bdoubl\w*|(?<!再)加倍|(?<!再)赌倍", "X"),
                      (r"\bpass(ed|es)?\b|不叫|派司", "P")):
        out += [(m.start(), call) for m in re.finditer(pat, text)]
    return sorted(out)


def parse(text: str) -> tuple[dict, list[str]]:
    """Facts stated by a plain-language description, and what was recognised (for the user)."""
    if not text or not text.strip():
        raise BadInput("empty scenario text")
    if len(text) > 2000:
        raise BadInput(f"scenario text too long ({len(text)} characters)")
    t = _fold()(text).lower()
    facts: dict = {}
    notes: list[str] = []
    kind = next((k for k, pats in KINDS if any(re.search(p, t) for p in pats)), None)
    over = re.search(rf"over\s+(north|east|south|west)'?s?\s+({_BID.pattern})", t) or \
        re.search(rf"在([北东南西])家(的)?\s*({_BID.pattern})\s*(之)?后", t)
    if kind in (None, "call_out_of_rotation") and over:
        # "West bid 1H over North's 1S": a bid that does not supersede the bid it was made over
        later = [b for b in _BID.finditer(t) if b.start() >= over.end() or b.end() <= over.start()]
        b = _BID.search(over.group(0))
        prev = Call("bid", int(b.group(1)), STRAIN_WORDS[b.group(2).lower()])
        if later:
            first = Call("bid", int(later[0].group(1)), STRAIN_WORDS[later[0].group(2).lower()])
            if not first.supersedes(prev):
                kind = "insufficient_bid"
    if kind is None:
        return facts, ["no irregularity recognised"]
    facts["irregularity"] = kind
    notes.append(f"irregularity: {kind}")
    seats = _seat_mentions(t)
    calls = _calls(t)

    m = re.search(r"(north|east|south|west)\s+(is\s+|as\s+)?(the\s+)?declarer|declarer\s+(is\s+)?(north|east|south|west)", t) \
        or re.search(r"([北东南西])家(是|为)?庄家|庄家(是|为)?([北东南西])家|([北东南西])家主打", t)
    if m:
        word = next(g for g in m.groups() if g in SEATS_EN or g in SEATS_ZH)
        facts["declarer"] = SEATS_EN.get(word) or SEATS_ZH[word]
        notes.append(f"declarer: {facts['declarer']}")
    # the offender: the first seat mentioned that is not declarer-by-definition for a lead by a defender
    offender = next((s for _, s in seats if s != facts.get("declarer")), None) if kind in (
        "opening_lead_out_of_turn", "lead_out_of_turn", "defender_card_exposed") else (seats[0][1] if seats else None)
    if offender:
        facts["offender"] = offender
        notes.append(f"offender: {offender}")

    if kind in ("insufficient_bid", "call_out_of_rotation", "bid_above_seven", "call_after_final_pass",
                "call_when_required_to_pass"):
        # the irregular call: the first call after the offender's name; "over North's 1S" gives the last bid
        pos = next((p for p, s in seats if s == offender), 0)
        last_bid = None
        if over:
            b = _BID.search(over.group(0))
            last_bid = Call("bid", int(b.group(1)), STRAIN_WORDS[b.group(2).lower()])
        change = re.search(rf"(changed|corrected|replaced|substituted)\b.{{0,20}}?(to|with|by)?\s*({_BID.pattern}|pass|double|redouble)"
                           rf"|(改叫|改为|更正为|换成|更改为)\s*({_BID.pattern}|不叫|派司|加倍|再加倍)", t)
        own = [c for p, c in calls if p >= pos and not (over and over.start() <= p < over.end())
               and not (change and change.start() <= p < change.end())]
        if own:
            facts["call"] = {"seat": offender, "call": own[0]} if offender else None
            if facts["call"] is None:
                del facts["call"]
                facts["call_type"] = parse_call(own[0], "text").kind
            notes.append(f"irregular call: {own[0]}")
        if kind == "insufficient_bid":
            facts["in_rotation"] = not re.search(r"out of (rotation|turn)|越序|违序", t)
            notes.append("in rotation: " + ("yes (not described as out of rotation)" if facts["in_rotation"] else "no"))
        rep = next((c for p, c in _calls(change.group(0))), None) if change else None
        if rep is not None:           # the change named a call this reader knows ("changed to 2H")
            rc = parse_call(rep, "text")
            if kind == "insufficient_bid":
                ib = parse_call(own[0], "text") if own else None
                if rc.kind == "bid" and last_bid is not None and ib is not None and ib.kind == "bid":
                    if rc.supersedes(last_bid):
                        facts["replacement_type"] = "sufficient_bid"
                        lowest = min((l for l in range(1, 8) if Call("bid", l, ib.strain).supersedes(last_bid)), default=None)
                        facts["replacement_lowest_same_denomination"] = rc.strain == ib.strain and rc.level == lowest
                    else:
                        facts["replacement_type"] = "insufficient_bid"
                elif rc.kind != "bid":
                    facts["replacement_type"] = rc.kind
                notes.append(f"replaced by: {rep}")
    if kind in ("insufficient_bid", "call_out_of_rotation", "lead_out_of_turn", "change_of_call", "penalty_card_not_played"):
        if any(re.search(p, t) for p in NEG_ACCEPT):
            facts["accepted"] = False
            notes.append("not accepted")
        elif any(re.search(p, t) for p in POS_ACCEPT):
            facts["accepted"] = True
            notes.append("accepted")
    if kind in ("opening_lead_out_of_turn",):
        if re.search(r"face[- ]?down|背面朝上|牌面朝下|正面向下", t):
            facts["opening_lead_faced"] = False
        elif re.search(r"face[- ]?up|faced|正面朝上|亮出|牌面朝上|正面向上", t):
            facts["opening_lead_faced"] = True
    if kind == "revoke":
        if re.search(r"not (yet )?established|before .{0,20}next trick|未成立|尚未成立", t):
            facts["revoke_established"] = False
        elif re.search(r"established|played to the next trick|已(经)?成立|下一墩", t):
            facts["revoke_established"] = True
    if kind == "claim_or_concession":
        facts["claim_kind"] = "concession" if re.search(r"conced|让墩|让磴", t) else "claim"
        if re.search(r"\bdeclarer\b|庄家", t):
            facts["claimer_role"] = "declarer"
        elif re.search(r"\bdefender\b|防家", t):
            facts["claimer_role"] = "defender"
        if re.search(r"disput|object|doubt|异议|质疑|不同意", t):
            facts["claim_response"] = "disputed"
        elif re.search(r"agreed|accepted|同意|接受", t):
            facts["claim_response"] = "agreed"
    if kind in ("defender_card_exposed", "card_exposed_during_auction"):
        cards = re.findall(r"\b([shdc♠♥♦♣])(10|[akqjt2-9])\b", t)
        if cards:
            facts["exposed_cards"] = [s.upper() + r.upper() for s, r in cards]
    for key, value in list(facts.items()):
        if value is None:
            del facts[key]
    return facts, notes
