"""The table replay: a story's actions replayed by the rules of the game, and the irregularities
that come out of it, in the order they happened.

The auction (Laws 17-22): calls go clockwise from the dealer (Law 17A/B); a bid must supersede
the last bid (Law 18D, else Law 27); a double needs an opponent's last bid, a redouble an
opponent's double (Law 19, else Law 36); the auction ends after three passes following a bid
(Law 17D, a later call is Law 39); a player required to pass who calls is Law 37; a bid above
seven is Law 38. Passes a director leaves out ("South opened 1♥, North raised to 2♥") are
implied when nothing says the call was out of turn; an "opening" bid implies passes before it.

The play (Laws 41-66): the opening lead is made by declarer's LHO (Law 41A, else Law 54); a
player who "still had" a card of the suit and discarded, ruffed or showed out has revoked (Laws
44C, 61); a card dropped or exposed by a defender, declarer, or during the auction (Laws 24, 48,
49-50); a claim or concession (Laws 68-70).

Each irregularity carries the facts the replay establishes, in the fact vocabulary of
ontology/scenario.ttl, with the mentions they were read from. Nothing is guessed: a fact the story
does not settle is left out, and the reasoner asks for it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from query.rulings.facts import SEATS, Call, lho, parse_call, partner, rho
from query.rulings.scenario.reader import Mention
from query.rulings.scenario.story import Action, Story, call_of, seats_named


@dataclass
class Irregularity:
    kind: str
    facts: dict
    spans: list = field(default_factory=list)     # (fact, value, Mention)
    at: int = 0                                   # index of the action it happened at
    last_bid: Call | None = None                  # for a call: the last bid before it (Law 27B)
    unsure: bool = False                          # read from the shape of the story alone: the reader asks

    def put(self, fact: str, value, *mentions) -> None:
        self.facts[fact] = value
        for m in mentions:
            if m is not None:
                self.spans.append((fact, value, m))


PLAY_KINDS = ("lead", "play", "follow", "discard", "ruff")
_SENTENCE = re.compile(r"[.。;；!?！？]")
_TRICK_NUMBER = re.compile(r"第\s*(1[0-3]|[1-9]|十[一二三]?|[一二三四五六七八九])\s*[磴墩]|trick\s+(1[0-3]|[1-9])", re.I)
_CN_NUMBERS = {c: n for n, c in enumerate("一二三四五六七八九十", 1)} | {"十一": 11, "十二": 12, "十三": 13}


def _span(a: Action, what: str):
    return next((m for f, m in a.spans if f == what), None)


def _rel(turn: str, seat: str) -> str:
    return {rho(seat): "rho", partner(seat): "partner", lho(seat): "lho"}[turn]


def _declarer_seat(st: Story) -> str | None:
    """Declarer's seat as told, or the partner of dummy's."""
    return st.declarer[0] if st.declarer else (partner(st.dummy[0]) if st.dummy else None)


def _resolve(actor, declarer: str | None):
    if actor in SEATS or actor is None or actor in ("EW", "NS"):
        return actor
    if declarer is not None:
        if actor == "declarer":
            return declarer
        if actor == "dummy":
            return partner(declarer)
    return None


@dataclass
class Auction:
    dealer: str | None
    calls: list = field(default_factory=list)       # (seat, Call, Action | None)
    last_bid: Call | None = None
    pass_once: set = field(default_factory=set)      # seats that must pass at their next turn only (Laws 24, 30A)
    last_bid_seat: str | None = None
    passes: int = 0
    ended: bool = False

    def expected(self) -> str | None:
        if self.calls:
            return lho(self.calls[-1][0])
        return self.dealer

    def legal_double(self, seat: str, kind: str) -> bool:
        last = next(((s, c) for s, c, _ in reversed(self.calls) if c.kind != "pass"), None)
        if last is None or last[0] in (seat, partner(seat)):
            return False
        return last[1].kind == ("bid" if kind == "double" else "double")

    def add(self, seat: str, c: Call, a: Action | None) -> None:
        if c.kind == "bid":
            self.last_bid, self.last_bid_seat, self.passes = c, seat, 0
        elif c.kind == "pass":
            self.passes += 1
        else:
            self.passes = 0
        self.calls.append((seat, c, a))
        if (self.last_bid is not None and self.passes >= 3) or (self.last_bid is None and self.passes >= 4):
            self.ended = True

    def declarer(self) -> str | None:
        if self.last_bid is None:
            return None
        side = (self.last_bid_seat, partner(self.last_bid_seat))
        return next((s for s, c, _ in self.calls if c.kind == "bid" and s in side and c.strain == self.last_bid.strain), None)


def replay_auction(st: Story) -> tuple[list[Irregularity], Auction]:
    dealer = st.dealer[0] if st.dealer else None
    au = Auction(dealer)
    out: list[Irregularity] = []
    must_pass: set[str] = set()
    open_irr: Irregularity | None = None           # an insufficient bid / call out of rotation not yet settled
    oor_told = st.has("out_of_turn") or st.has("not_called")
    anon = [a for a in st.actions if a.call and a.actor is None]
    if anon and dealer is not None and all(b.index < anon[-1].index or not b.call for b in st.actions if b.actor in SEATS):
        s = dealer
        for b in anon:                       # "Dealer N: 1NT - P - 3NT ...": the seats follow from the dealer
            b.actor, s = s, lho(s)
        anon = []
    calls = [a for a in st.actions if a.call and a.actor in SEATS]
    if st.over_bid is not None and not anon:
        au.last_bid = call_of(Action(None, "bid", -1, call=st.over_bid[0]))   # the bid it was made over; its seat untold
    if anon:
        # calls with no seats: the auction's shape still counts (a call after it ended is Law 39)
        ghost = Auction(dealer)
        for b in anon:
            c = call_of(b)
            if c.kind == "bid" and not c.supersedes(ghost.last_bid) and not calls:
                # "1♠ - 2♥ - 1NT": an insufficient bid whose seat the story does not give (the reasoner asks who)
                irr = Irregularity("insufficient_bid", {}, at=b.index)
                irr.put("irregularity", "insufficient_bid", _span(b, "call"))
                irr.put("call_type", "bid", _span(b, "call"))
                irr.last_bid = ghost.last_bid
                return [irr], ghost
            ghost.add((dealer or "N") if not ghost.calls else lho(ghost.calls[-1][0]), c, b)
        if ghost.ended and calls and calls[0].index > anon[-1].index:
            a = calls[0]
            irr = Irregularity("call_after_final_pass", {}, at=a.index)
            irr.put("irregularity", "call_after_final_pass", _span(a, "event") or _span(a, "call"))
            irr.put("call", {"seat": a.actor, "call": a.call}, _span(a, "actor"), _span(a, "call"))
            ol = st.has("on_lead")
            if st.declarer is not None:
                irr.put("declarer", st.declarer[0], st.declarer[1])     # "叫牌以 3NT 结束,庄家南"
            elif dealer is not None and ghost.declarer():
                irr.put("declarer", ghost.declarer(), st.dealer[1])       # "Dealer N: 1♠ - pass - 4♠ - pass - pass - pass"
            elif ol is not None and _span(a, "actor") is not None and 0 <= ol.start - _span(a, "actor").end <= 12:
                irr.put("declarer", rho(a.actor), ol)     # the opening leader is declarer's LHO (Law 41A)
            nxt = next((b for b in calls if b.index > a.index), None)
            if nxt is not None and nxt.actor == lho(a.actor):
                irr.put("lho_called", True, _span(nxt, "actor"))
            elif st.has("not_called", a.index) is not None:
                irr.put("lho_called", False, st.has("not_called", a.index))
            return [irr], ghost
    # Law 24B/24C: a card exposed during the auction (an honour, or two cards or more) makes the
    # offender's partner pass at his next turn
    exposures = [b for b in st.actions if b.kind in ("drop", "expose") and b.actor in SEATS and b.cards
                 and (len(set(b.cards)) >= 2 or any(c[1:] in ("A", "K", "Q", "J", "T", "10") for c in b.cards))]
    once = au.pass_once
    told_pass: dict[str, int] = {}           # "so West has to pass throughout", "他整個叫牌都要派司": from then on
    for i, f, m in st.findings:
        if f == "must_pass":
            seat = next((x for x in reversed(st.seat_mentions) if x.end <= m.start and not _SENTENCE.search(st.text[x.end:m.start])), None)
            if seat is not None:
                told_pass.setdefault(seat.value, i)
    repeated: set[int] = set()              # calls already replayed in another's place
    for a in calls:
        if a.index in repeated:
            continue
        must_pass |= {s for s, i in told_pass.items() if a.index > i}
        seat, c = a.actor, call_of(a)
        for b in [b for b in exposures if b.index < a.index]:
            exposures.remove(b)
            if partner(b.actor) not in must_pass:
                must_pass.add(partner(b.actor))
                once.add(partner(b.actor))
        if open_irr is not None:
            settled = _settle(open_irr, st, a, seat, c, au, must_pass)
            if settled == "repeated":
                continue                                 # the irregular call told again: still unsettled
            if settled != "keep":
                open_irr = None
            if settled == "consumed":
                continue
            if settled == "stop":
                break
        exp = au.expected()
        irregular_kind = None
        in_rotation = True
        said_next = a.index + 1 < len(st.actions) and st.actions[a.index + 1].kind == "say"
        near = [(i, m) for i, f, m in st.findings if f == "out_of_turn" and (
            i in (a.index - 1, a.index) or said_next and i == a.index + 1)]    # "东加倍了，但大家说还没轮到他"
        explicit = any(not seats_named(m.text) for _, m in near)      # "out of turn", 越序
        # the next player's turn named after a call made in turn ("北1♣，接著該東叫，南搶先派司") is the
        # context of the next call; it is about this call only when the story also says "out of turn"
        said = [m for i, m in near if i == a.index - 1 or not (
            exp in (seat, None) and not explicit and lho(seat) in seats_named(m.text))]
        named = sorted({x for m in said for x in seats_named(m.text)})
        if len(named) == 1 and named[0] != seat and exp is not None and named[0] != exp:
            exp = named[0]                               # the story says whose turn it was ("at North's turn", "该南叫")
        if (c.kind == "bid" and c.level > 7) or au.ended:
            mine = []                                    # Law 38 / Law 39 first: not a change of call
        else:
            mine = [b for x, _, b in au.calls if x == seat and b is not None]
        wanted = next((m for i, f, m in st.findings if f in ("wanted", "unintended") and mine and mine[-1].index <= i < a.index + 1), None)
        if mine and wanted is not None and not (au.calls[-1][0] == seat):
            out.append(_change_of_call(st, mine[-1], a, calls, au))
            break
        if mine and au.calls and seat == au.calls[-1][0] and au.calls[-1][2] is not None:
            # the same player calls twice running: a change of call (Law 25)
            change = _change_of_call(st, au.calls[-1][2], a, calls, au)
            # two calls by one player with nothing in the story of a change (no replace, withdraw or
            # correction, no words of intent) may be the reader's misplaced seat: ask, never rule on it
            told = a.kind in ("replace", "withdraw") \
                or any(b.kind in ("replace", "withdraw", "pull", "say", "cancel") for b in st.actions[au.calls[-1][2].index + 1:a.index]) \
                or any(f in ("unintended", "wanted", "intended") for _, f, _m in st.findings)
            change.unsure = not told
            out.append(change)
            if change.facts.get("unintended") is not True or change.facts.get("partner_called_since") is not False:
                break
            # Law 25A1: the intended call replaces the unintended one, and the auction goes on from it
            au = _replayed(au, au.calls[:-1] + [(seat, c, a)])
            continue
        if exp is None and oor_told is not None and not au.calls:
            # "East hadn't called when South opened", "South opened before East had called" — but not a remark in
            # the next clause, about the next call ("西家開叫1♠，北家還沒叫，南家就說…")
            end = max(x.end for _, x in a.spans)
            told = next(iter(said), None) or next((m for i, f, m in st.findings if f == "not_called" and (
                i == a.index - 1 or i == a.index and not re.search(r"[,，.。;；]", st.text[end:m.start]))), None)
            if told is not None:
                in_rotation = False
                named = sorted(set(seats_named(told.text)))
                if len(named) == 1 and named[0] != seat:
                    exp = named[0]                       # "at North's turn", "该南叫": whose turn it was
        if exp is not None and seat != exp:
            gap = (SEATS.index(seat) - SEATS.index(exp)) % 4       # seats skipped
            fill = False
            told_here = any(f in ("out_of_turn", "not_called") and i in (a.index - 1, a.index) for i, f, _ in st.findings)
            if not au.calls:
                fill = not told_here and (a.kind == "open" or (au.last_bid is None and not oor_told and c.kind == "bid"))
            elif not oor_told and seat != au.calls[-1][0]:
                fill = not (au.last_bid is not None and au.passes + gap >= 3)
            nxt = next((b for b in st.actions if b.index > a.index and (b.call or b.kind in ("accept", "decline"))), None)
            if fill and nxt is not None and nxt.kind in ("accept", "decline") and not nxt.call \
                    and (c.kind != "bid" or c.supersedes(au.last_bid)):
                fill = False          # "East bid 1♣. West did not accept it": nobody accepts a call made in turn
            if fill:
                s = exp
                for _ in range(gap):
                    au.add(s, Call("pass"), None)
                    s = lho(s)
            else:
                in_rotation = False
        if c.kind == "bid" and c.level > 7:
            irregular_kind = "bid_above_seven"
        elif au.ended:
            irregular_kind = "call_after_final_pass"
        elif seat in must_pass and c.kind != "pass":
            irregular_kind = "call_when_required_to_pass"
        elif c.kind == "bid" and not c.supersedes(au.last_bid):
            irregular_kind = "insufficient_bid"
        elif c.kind in ("double", "redouble") and not au.legal_double(seat, c.kind):
            irregular_kind = "inadmissible_double"     # out of turn too, Law 36B4 governs it
        elif not in_rotation and c.kind == "pass" and au.last_bid is not None and au.passes == 2:
            irregular_kind = "three_passes_one_out_of_rotation"      # Law 17D3: the auction has not ended
        elif not in_rotation:
            irregular_kind = "call_out_of_rotation"
        if seat in once and irregular_kind != "call_when_required_to_pass":
            once.discard(seat)                       # he passed at that turn: the obligation is spent
            must_pass.discard(seat)
        if irregular_kind is None:
            au.add(seat, c, a)
            continue
        irr = Irregularity(irregular_kind, {}, at=a.index)
        irr.put("irregularity", irregular_kind, _span(a, "event") or _span(a, "call"))
        if irregular_kind == "three_passes_one_out_of_rotation":
            irr.put("offender", seat, _span(a, "actor"), _span(a, "call"))
            out.append(irr)
            break
        irr.put("call", {"seat": seat, "call": str(c)}, _span(a, "actor"), _span(a, "call"))
        if st.dealer and (not au.calls or au.calls[0][0] == st.dealer[0]):
            # the legal calls before it, from the dealer (passes a director leaves out included)
            irr.put("dealer", st.dealer[0], st.dealer[1])
            irr.put("auction", [str(x) for _, x, _ in au.calls], *[_span(b, "call") for _, _, b in au.calls if b is not None])
        if irregular_kind == "call_out_of_rotation" and c.kind in ("double", "redouble"):
            # would the double have been admissible at his own turn (Law 32)?
            irr.put("call_inadmissible", not au.legal_double(seat, c.kind), _span(a, "call"))
        if irregular_kind in ("insufficient_bid", "call_out_of_rotation", "inadmissible_double") and exp is not None:
            irr.put("in_rotation", in_rotation)
            if not in_rotation:
                irr.put("at_turn_of", _rel(exp, seat))
            irr.put("offender_previously_called", any(s == seat for s, _, _ in au.calls))
        elif irregular_kind == "inadmissible_double" and not in_rotation:
            irr.put("in_rotation", False, *[m for _, m in near[:1]])     # "还没轮到他", whose turn untold (Law 36B4)
        if irregular_kind == "call_after_final_pass" and au.declarer():
            irr.put("declarer", au.declarer())
        ol = st.has("on_lead")
        if irregular_kind == "call_after_final_pass" and "declarer" not in irr.facts and ol is not None and 0 <= ol.start - _span(a, "actor").end <= 12:
            irr.put("declarer", rho(seat), ol)           # the opening leader is declarer's LHO (Law 41A)
        led = next((b for b in st.actions if b.index > a.index and b.kind in ("lead", "dummy_down")), None)
        if irregular_kind == "inadmissible_double" and (st.has("after_lead") is not None or led is not None):
            # "南首攻♠A已經亮牌…才說": found after the opening lead was faced (Law 36C)
            irr.put("discovered_after_opening_lead", True, st.has("after_lead") or _span(led, "event") or _span(led, "card"))
        out.append(irr)
        if irregular_kind in ("insufficient_bid", "call_out_of_rotation"):
            open_irr = irr
            irr.last_bid = au.last_bid
            irr.facts["_exp"] = exp
            continue
        if irregular_kind in ("bid_above_seven", "call_when_required_to_pass", "call_after_final_pass", "inadmissible_double"):
            nxt = next((b for b in calls if b.index > a.index), None)
            if nxt is not None and nxt.actor == lho(seat):
                irr.put("lho_called", True, _span(nxt, "actor"))
            elif st.has("not_called", a.index) is not None:
                irr.put("lho_called", False, st.has("not_called", a.index))
            sub = next((b for b in calls if b.index > a.index and (b.actor != seat or call_of(b) != c)), None)
            if irregular_kind == "inadmissible_double" and irr.facts.get("lho_called") is False and sub is not None \
                    and sub.actor == seat:
                # Law 36B: the double is cancelled, the offender's legal call takes its turn and his partner
                # must pass throughout; the auction goes on from there (a later irregularity is ruled in turn)
                must_pass.add(partner(seat))
                repeated |= {b.index for b in calls if a.index < b.index <= sub.index}
                au.add(seat, call_of(sub), sub)
                continue
            break
    if open_irr is not None:
        _settle(open_irr, st, None, None, None, au, must_pass)
    for irr in out:
        irr.facts.pop("_exp", None)
    return out, au


def _accept_events(st: Story, irr: Irregularity, until: int | None):
    """The first accept / decline after the irregularity (before `until`), by anyone but the offender,
    or the Director's cancelling it."""
    off = irr.facts["call"]["seat"]
    for b in st.actions:
        if b.index <= irr.at or (until is not None and b.index >= until):
            continue
        if b.kind in ("accept", "decline", "agree") and b.actor != off or b.kind == "cancel":
            return b                    # the Director cancelling the call: it was not accepted
    return None


def _replayed(au: Auction, calls: list) -> Auction:
    """An auction of the same dealer with these (seat, call, action) in order."""
    again = Auction(au.dealer, pass_once=au.pass_once)
    for seat, c, a in calls:
        again.add(seat, c, a)
    return again


def _change_of_call(st: Story, first: Action, second: Action, calls: list[Action], au: Auction) -> Irregularity:
    """Law 25: the player replaced his own call (or says which call he meant)."""
    off = first.actor
    irr = Irregularity("change_of_call", {}, at=second.index)
    irr.put("irregularity", "change_of_call", _span(second, "event") or _span(second, "call"))
    irr.put("offender", off, _span(first, "actor"))
    un, it = st.has("unintended"), st.has("intended")
    if un is not None and it is None:
        irr.put("unintended", True, un)
    elif it is not None and un is None:
        irr.put("unintended", False, it)
    since = [x for x, _, b in au.calls if b is not None and b.index > first.index]
    if partner(off) in since:
        irr.put("partner_called_since", True)
    if lho(off) in since:
        irr.put("lho_called_over_first_call", True)
    later = [b for b in calls if b.index > second.index]
    if any(b.actor == lho(off) for b in later) and "lho_called_over_first_call" not in irr.facts:
        irr.put("lho_called_over_first_call", True, _span(next(b for b in later if b.actor == lho(off)), "actor"))
    if "partner_called_since" in irr.facts:
        pass
    elif st.has("not_called", first.index) is not None:
        irr.put("partner_called_since", False, st.has("not_called", first.index))    # the story says so
    elif any(b.actor == partner(off) for b in later):
        irr.put("partner_called_since", True, _span(next(b for b in later if b.actor == partner(off)), "actor"))
    _answer_to_substitute(st, irr, off, first.index, second.index)
    return irr


def _answer_to_substitute(st: Story, irr: Irregularity, off: str, events_after: int, calls_after: int) -> None:
    """Law 25B1: the first accept or decline by another player, or else LHO calling over the
    substituted call, which accepts it."""
    ev = next((b for b in st.actions if b.index > events_after and b.kind in ("accept", "decline") and b.actor != off), None)
    over = next((b for b in st.actions if b.index > calls_after and b.call and b.actor == lho(off)), None) if off in SEATS else None
    if ev is not None:
        irr.put("accepted", ev.kind == "accept", _span(ev, "event"))
    elif over is not None:
        irr.put("accepted", True, _span(over, "actor"))


def replacement_type(rep: Call, last: Call | None) -> str:
    return ("sufficient_bid" if rep.supersedes(last) else "insufficient_bid") if rep.kind == "bid" else rep.kind


def lowest_same(ib: Call | None, rep: Call, last: Call | None) -> bool:
    """Law 27B1(a): the replacement is the lowest sufficient bid in the insufficient bid's denomination."""
    if ib is None or rep.kind != "bid" or not rep.supersedes(last):
        return False
    lowest = next((lv for lv in range(1, 8) if Call("bid", lv, ib.strain).supersedes(last)), None)
    return rep.strain == ib.strain and rep.level == lowest


def _settle(irr: Irregularity, st: Story, a: Action | None, seat, c: Call | None, au: Auction, must_pass: set) -> str:
    """The calls after an insufficient bid or a call out of rotation: acceptance, the replacement
    (Law 27B), later bids by a partner who must pass. Returns "keep" (still open), "repeated" (the
    irregular call told again; still open), "consumed" (call consumed), "stop" (replay no further) or
    "next" (the irregularity is settled; replay this call)."""
    off = irr.facts["call"]["seat"]
    ib = parse_call(irr.facts["call"]["call"], "call")
    ib = ib if ib.kind == "bid" else None
    ev = _accept_events(st, irr, a.index if a is not None else None)
    if ev is not None and "accepted" not in irr.facts:
        irr.put("accepted", ev.kind in ("accept", "agree"), _span(ev, "event"))
    if irr.kind == "call_out_of_rotation":
        if a is None:
            if irr.facts.get("at_turn_of") == "rho" and "rho_called" not in irr.facts and st.has("not_called") is not None:
                irr.put("rho_called", False, st.has("not_called"))
            return "stop"
        if irr.facts["call"]["call"] == "P" and c.kind == "pass" and au.last_bid is not None and au.passes + 2 >= 3 \
                and "accepted" not in irr.facts:
            # Law 17D3: three passes, one of them out of rotation, do not end the auction
            irr.kind = "three_passes_one_out_of_rotation"
            irr.facts = {"irregularity": irr.kind, "offender": off}
            irr.spans = [(f, v, m) for f, v, m in irr.spans if f in ("irregularity", "call")]
            irr.spans = [("irregularity" if f == "irregularity" else "offender", irr.kind if f == "irregularity" else off, m)
                         for f, v, m in irr.spans]
            return "stop"
        if "accepted" not in irr.facts and seat == lho(off):
            irr.put("accepted", True, _span(a, "actor"))
            if irr.facts.get("at_turn_of") == "rho" and "rho_called" not in irr.facts:
                irr.put("rho_called", False, _span(a, "actor"))   # LHO called over it: RHO, whose turn it was, did not
        elif seat == irr.facts.get("_exp") and irr.facts.get("at_turn_of") == "rho":
            if "accepted" in irr.facts and irr.facts["accepted"] is False:
                irr.put("rho_called", False)               # RHO called after the cancellation, at his turn
                irr.put("rho_call", c.kind, _span(a, "call"))
                if irr.facts["call"]["call"] == "P":
                    must_pass.add(off)                     # Law 30A: the offender passes at his next turn
                    au.pass_once.add(off)
                return "keep"                              # the auction goes on from RHO's call
            else:
                irr.put("rho_called", True, _span(a, "actor"))
        if irr.facts.get("at_turn_of") == "rho" and "rho_called" not in irr.facts and st.has("not_called") is not None:
            irr.put("rho_called", False, st.has("not_called"))
        if irr.facts.get("accepted") is False:
            if seat == off and irr.facts.get("at_turn_of") == "rho" and irr.facts["call"]["call"] == "P":
                return "next"         # Law 30A: he must pass at this turn; a call here is a call when required to pass
            if seat == off:
                # the offender's next call after the cancellation: comparable or not (Law 23A, the Director's)
                nc, cm = st.has("not_comparable", a.index - 1), st.has("comparable", a.index - 1)
                withdrawn = parse_call(irr.facts["call"]["call"], "call").kind
                if nc is None and cm is None and (withdrawn in ("double", "redouble") and c.kind in ("bid", "pass")
                                                  or withdrawn == "bid" and c.kind == "pass"):
                    # a pass cannot carry a bid's or a double's meaning, nor a bid a double's (Law 23A): not comparable
                    nc = _span(a, "call")
                if nc is not None or cm is not None:
                    irr.put("offender_next_call", "not_comparable" if nc is not None else "comparable", nc or cm)
                    if nc is not None:
                        must_pass.add(partner(off))        # Laws 30B1(b)(ii), 31A2(b), 31B2, 32: partner must pass
                return "next"
            return "keep"
        return "stop"
    # insufficient bid
    last = irr.last_bid
    if a is None:
        return "stop"
    if seat == off and str(c) == irr.facts["call"]["call"]:
        return "repeated"                    # the same bid told again ("南家確認2♣是自然叫"), not a replacement
    if seat == off and irr.facts.get("accepted") is not True:
        kind = replacement_type(c, last)
        irr.put("replacement_type", kind, _span(a, "call"))
        if "accepted" not in irr.facts:
            irr.put("accepted", False)       # the offender replaced it: it was not accepted (Law 27B)
        art = next((m for call_m in (_span(a, "call"), *[x for f, _v, x in irr.spans if f == "call"]) if call_m is not None
                    for _i, f, m in st.findings if f == "artificial" and 0 <= m.start - call_m.end <= 20
                    and not _SENTENCE.search(st.text[call_m.end:m.start])), None)
        if art is not None:
            # "南叫2♣（斯台曼…）": an artificial bid, so not Law 27B1(a), which needs both bids incontrovertibly natural
            irr.put("insufficient_bid_artificial", True, art)
            irr.put("replacement_lowest_same_denomination", False, art)
        else:
            irr.put("replacement_lowest_same_denomination", lowest_same(ib, c, last))
        early = st.has("before_director", irr.at)
        if early is not None:
            irr.put("premature_replacement", True, early)      # "before the TD came he changed it": Law 27C
        if kind == "insufficient_bid":
            # "东也不接受这个1♠": LHO's answer to the second insufficient bid (Law 27B4)
            ev2 = next((b for b in st.actions if b.index > a.index and b.kind in ("accept", "decline", "agree")
                        and b.actor != off), None)
            if ev2 is not None:
                irr.put("substitute_accepted", ev2.kind != "decline", _span(ev2, "event"))
        found = st.has("not_comparable", irr.at) or st.has("comparable", irr.at)
        if found is not None:
            irr.put("replacement_comparable", st.has("not_comparable", irr.at) is None, found)
        elif kind == "pass":
            # a pass does not carry the meaning of the bid it replaces (Law 23A): not a comparable call
            irr.put("replacement_comparable", False, _span(a, "call"))
        # who must pass afterwards (Law 27B2 / 27B3)
        if kind in ("pass",) or (kind in ("sufficient_bid", "double", "redouble")
                                 and not irr.facts.get("replacement_lowest_same_denomination")
                                 and irr.facts.get("replacement_comparable") is False):
            must_pass.add(partner(off))
        if kind == "sufficient_bid" or kind in ("pass", "double", "redouble"):
            au.add(seat, c, a)
        return "consumed"
    if seat == lho(off) and "accepted" not in irr.facts:
        irr.put("accepted", True, _span(a, "actor"))        # Law 27A1: LHO called over it
        au.add(off, ib, None)
    return "next"


def _names_card_held(st: Story, a: Action) -> bool:
    """A player's own words, in quotes, that he still holds a named card ("'I still have the ♠A'")."""
    said = st.actions[a.index - 1] if a.index else None
    card = _span(a, "card")
    if a.kind != "hold" or card is None or said is None or said.kind != "say":
        return False
    before = st.text[max(m.end for _, m in said.spans):card.start]
    single = re.findall(r"(?<![A-Za-z])'|'(?![A-Za-z])", before)      # not the apostrophe of "don't"
    opened = before.count('"') % 2 == 1 or len(single) % 2 == 1 \
        or max(before.rfind(q) for q in "“「『‘") > max(before.rfind(q) for q in "”」』’")
    return opened


def replay_play(st: Story, au: Auction) -> list[Irregularity]:
    out: list[Irregularity] = []
    declarer = st.declarer[0] if st.declarer else (au.declarer() if au.ended else None)
    dm = st.declarer[1] if st.declarer else None
    if declarer is None and st.dummy is not None:
        declarer, dm = partner(st.dummy[0]), st.dummy[1]
    if declarer is None and len(au.calls) == 1 and au.calls[0][1].kind == "bid" and au.calls[0][2] is not None \
            and any(a.kind in ("lead", "discard", "ruff", "claim", "play", "hold") for a in st.actions):
        # "3NT N. On trick 8 ...": a story of the play that opens with the contract and its declarer
        declarer, dm = au.calls[0][0], _span(au.calls[0][2], "actor")
    for a in st.actions:
        # dummy spreading his hand (摊牌 said of dummy) is the dummy going down, not a claim
        if a.kind in ("claim", "face") and (a.actor == "dummy" or (declarer and a.actor == partner(declarer))):
            a.kind = "dummy_down"
    auction_over = au.ended or st.contract is not None or st.declarer is not None
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
        irr.put("irregularity", kind, _span(a, "event"))
        if offender:
            irr.put("offender", offender, _span(a, "actor"))
        if declarer:
            irr.put("declarer", declarer, dm)
        return irr

    claim_at = next((a.index for a in st.actions if a.kind in ("claim", "concede")), None)
    for a in st.actions:
        if a.kind == "claim" and declarer and not any(b.kind in ("play", "follow", "discard", "ruff", "win") for b in st.actions[:a.index]):
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
    leads = [a for a in st.actions if a.kind == "lead"]
    if not leads and declarer and st.has("face_down") is not None:
        # "E put a card face down on the table first": a face-down opening lead by a defender (Laws 41A, 54)
        down = next((a for a in st.actions if a.kind in ("pull", "play") and _resolve(a.actor, declarer) not in (None, declarer, partner(declarer))), None)
        if down is not None:
            down.kind, down.trick = "lead", 1
            leads = [down]
    if not leads and declarer:
        told = st.has("out_of_turn") or st.has("should")
        faced = next((a for a in st.actions if (a.kind == "face" or a.kind == "expose" and told is not None and _span(a, "event") is not None and told.start < _span(a, "event").start)
                      and a.cards and _resolve(a.actor, declarer) not in (None, declarer, partner(declarer))), None)
        if faced is None:
            # dummy faces a card before the opening lead, saying he leads ("我先攻"): the declaring side's attempted lead (54E)
            faced = next((a for a in st.actions if a.kind in ("face", "expose") and a.cards and _resolve(a.actor, declarer) == partner(declarer)
                          and any(b.kind == "lead" for b in st.actions[a.index + 1:a.index + 3])), None)
        if faced is not None:
            faced.kind, faced.trick = "lead", 1          # "West faced the ♦4" before any play: the opening lead
            leads = [faced]
    for a in leads:
        who = _resolve(a.actor, declarer)
        told = st.has("out_of_turn", a.index - 1) or st.has("wrong_hand", a.index - 1) \
            or (st.has("wrong_hand") if a is told_hand else None)
        won = next((w for w in reversed(wins) if w.index < a.index), None)
        on_lead = _resolve(won.actor, declarer) if won is not None else None
        declaring = declarer is not None and who in (declarer, partner(declarer)) and a.trick != 1
        opening = not declaring and won is None and (a.trick in (None, 1)) and a is leads[0] and (a.trick == 1 or not any(
            b.kind in ("play", "follow", "discard", "ruff") and b.index < a.index for b in st.actions))
        if opening and declarer and who and who != lho(declarer) and who != declarer:
            irr = base("opening_lead_out_of_turn", a, who)
        elif opening and told and who and who != declarer and not (declarer and who == lho(declarer)):
            irr = base("opening_lead_out_of_turn", a, who)
        elif on_lead is not None and who is not None and who != on_lead and (not a.implicit or told):
            # (a bare card named after a trick is won, "trick 9 (East, ♥A)", is too little to rule a lead out of turn on)
            irr = base("lead_out_of_turn", a, who)
            if declarer:
                irr.put("correct_leader", "declarer_side" if on_lead in (declarer, partner(declarer)) else "defender",
                        _span(won, "actor"))
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
                irr.put("declarer_could_see_dummy", True, saw)
        ev = next((b for b in st.actions if b.index > a.index and (
            b.kind in ("accept", "decline", "dummy_down") or (b.kind == "face" and _resolve(b.actor, declarer) == declarer))
            and (declarer is None or _resolve(b.actor, declarer) != who)), None)
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
                lc = next(((v, m) for v in ("require_suit", "prohibit_suit", "no_requirement") for m in [st.has(v, ev.index - 1)] if m), None)
                if lc is not None:
                    irr.put("declarer_lead_choice", lc[0], lc[1])
                elif irr.facts.get("partner_to_lead") and not any(b.index > ev.index and b.kind in PLAY_KINDS and b.cards
                                                                  for b in st.actions):
                    irr.put("declarer_lead_choice", "not_yet_chosen", _span(ev, "event"))   # the story stops there
        elif irr.kind == "lead_out_of_turn":
            nxt = next((b for b in st.actions if b.index > a.index and b.kind in ("play", "follow", "discard", "ruff")), None)
            if nxt is not None and who and _resolve(nxt.actor, declarer) == lho(who):
                irr.put("accepted", True, _span(nxt, "event"))      # Law 53A: the next player played to it
        out.append(irr)
        if (irr.facts.get("declarer_choice") == "refuse" or irr.kind == "lead_out_of_turn" and irr.facts.get("accepted") is False) \
                and a.cards and who in SEATS and declarer and who not in (declarer, partner(declarer)):
            out += _penalty_card_not_played(st, a, who, declarer)    # the refused lead is a penalty card (54D, 50), left unplayed (52)
        break
    # revoke: a player known to hold a card of a suit who did not follow it (Laws 44C, 61A)
    holds = [a for a in st.actions if a.kind == "hold" and (a.suit or a.cards) and (claim_at is None or a.index < claim_at)]
    for h in holds:
        who = _resolve(h.actor, declarer)
        if who is None:
            continue
        held = h.suit or (h.cards[0][0] if h.cards else None)
        def _between(b: Action) -> bool:
            # near the holding, or with none of his own plays between ("南墊了梅花…南說：我有紅心")
            # a card he still holds later he held at every earlier trick ("攤牌核對時東發現手上還有♦3")
            lo, hi = sorted((b.index, h.index))
            return hi - lo <= 3 or b.index < h.index and st.has("hands_checked") is not None \
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
        out.append(irr)
        break
    else:
        said_revoke = [m for _, f, m in st.findings if f == "revoke"]
        # the revoke a sentence names with its seat ("防家南第 2 磴…沒跟") rather than a general remark before it
        rv = next((m for m in said_revoke if any(s.end <= m.start and not _SENTENCE.search(st.text[s.end:m.start])
                                                   for s in st.seat_mentions)), said_revoke[0] if said_revoke else None)
        if rv is not None and claim_at is None:
            near = [b for b in st.actions if _resolve(b.actor, declarer) in SEATS and b.kind in ("discard", "ruff", "show_out", "play", "follow", "hold")
                    and (_span(b, "event") or _span(b, "card")) is not None]
            src = min(near, key=lambda b: abs((_span(b, "event") or _span(b, "card")).start - rv.start), default=None)
            at = next((i for i, f, m in st.findings if m is rv), 0)
            irr = Irregularity("revoke", {}, at=src.index if src else at + 0.5)   # after the action told before it
            irr.put("irregularity", "revoke", rv)
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
            if _names_card_held(st, a) and (auction_over or st.actions[a.index - 1].actor in st.defenders):
                a.actor = st.actions[a.index - 1].actor      # "I" in his own quoted words is the speaker
                if declarer and _resolve(a.actor, declarer) not in (declarer, partner(declarer)) \
                        or declarer is None and a.actor in st.defenders:
                    a.kind = "expose"     # Law 49: a defender who names a card as being in his hand ("我还有♠A呢")
    for a in st.actions:
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
        if not a.cards and _span(a, "event") is not None:
            ev = _span(a, "event")
            loose = [c for c in st.loose_cards if 0 <= ev.start - c.end <= 20]     # "North's ♠A fell"
            a.cards = [c.value for c in loose]
            a.spans += [("card", c) for c in loose]
        who = _resolve(a.actor, declarer)
        during = st.has("during_auction") is not None or (not auction_over and au.calls and not au.ended)
        if during:
            irr = base("card_exposed_during_auction", a, who)
        elif declarer and who == declarer:
            irr = base("declarer_exposes_card", a, who)
        elif who or a.actor == "defender":
            irr = base("defender_card_exposed", a, who)
        else:
            continue
        if a.cards:
            irr.put("exposed_cards", list(dict.fromkeys(a.cards)), *[m for f, m in a.spans if f == "card"])
        if a.kind == "drop" and irr.kind != "declarer_exposes_card":
            irr.put("exposure_deliberate", False, _span(a, "event"))
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
        trump = st.contract[0][1:].rstrip("X")[:1] if st.contract and not st.contract[0][1:].startswith("NT") else None
        if trump is None and au.last_bid is not None and au.last_bid.strain != "NT" and (au.ended or not au.calls or len(au.calls) == 1):
            trump = au.last_bid.strain             # the auction ended there, or the one bid the story names is the contract
        held = next((b for b in st.actions if b.index > a.index and b.kind == "hold" and _resolve(b.actor, declarer) != who
                     and (b.suit == "trump" or (trump and (b.suit == trump or any(c[0] == trump for c in b.cards))))), None)
        if st.contract and st.contract[0][1:].startswith("NT"):
            irr.put("outstanding_trump", False, st.contract[1])     # a notrump contract has no trump (Law 70C)
        out_m = st.has("trump_out", a.index)
        if held is None and out_m is not None and trump and any(
                c.value[0] == trump for c in st.loose_cards + [x[1] for b in st.actions for x in b.spans if x[0] == "card"]
                if c.label == "CARD" and 0 <= out_m.start - c.end <= 6):
            irr.put("outstanding_trump", True, out_m)          # "♠9 still out with W"
        if held is None and irr.facts.get("outstanding_trump") is True and st.has("losable", a.index) is not None:
            irr.put("trick_losable_to_trump", True, st.has("losable", a.index))
        if held is not None:
            irr.put("outstanding_trump", True, _span(held, "event"))
            ruff = next((b for b in st.actions if b.index > a.index and b.kind == "ruff"
                         and _resolve(b.actor, declarer) == _resolve(held.actor, declarer)), None)
            if ruff is not None:
                # "if South cashes clubs first West ruffs": the story shows a line that loses a trick to it (Law 70C3)
                irr.put("trick_losable_to_trump", True, _span(ruff, "event"))
            elif st.has("losable", a.index) is not None:
                irr.put("trick_losable_to_trump", True, st.has("losable", a.index))   # "could be ruffed with normal play"
        if st.has("unlosable") is not None and a.kind == "concede":
            irr.put("conceded_trick_unlosable", True, st.has("unlosable"))
        if st.has("already_won") is not None and a.kind == "claim":
            # the side that agreed had in fact already won a trick the claim gave away (Law 69B1)
            irr.put("conceded_trick_won", True, st.has("already_won"))
        if st.has("correction_period") is not None:
            irr.put("within_correction_period", True, st.has("correction_period"))
        if st.has("trump_not_mentioned") is not None:
            irr.put("trump_mentioned", False, st.has("trump_not_mentioned"))
        resp = next((b for b in st.actions if b.index > a.index and b.kind in ("object", "agree", "accept", "decline")), None)
        if resp is not None and resp.kind == "object" and role is None and who in SEATS and _resolve(resp.actor, declarer) == partner(who):
            # his partner objects: only a defender's partner has a say in a concession (Law 68B2)
            irr.put("claimer_role", "defender", _span(resp, "actor") or _span(resp, "event"))
        if resp is not None and resp.kind == "object" and who in SEATS and _resolve(resp.actor, declarer) == partner(who) \
                and a.kind == "concede":
            irr.put("partner_objected", True, _span(resp, "event"))
        if resp is not None and "claimer_role" not in irr.facts and a.actor is None and resp.kind == "object" \
                and (resp.actor == "defender" or declarer and resp.actor == ("EW" if declarer in "NS" else "NS")):
            irr.put("claimer_role", "declarer", _span(resp, "actor") or _span(resp, "event"))    # "claimed … Defenders disagree"
        if resp is not None:
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
    told = next((m for i, f, m in st.findings if f == "on_lead" and i >= exposed.index), None)    # "西要首攻"
    if nxt is None and told is not None:
        seat, _m = _nearest_seat(st, told)
        if seat in SEATS and seat != who:
            irr.put("partner_to_lead", seat == partner(who), told)
            if seat == partner(who) and not any(st.has(v, exposed.index) for v in ("require_suit", "prohibit_suit", "no_requirement")):
                irr.put("declarer_lead_choice", "not_yet_chosen", told)     # the story stops before declarer chose
        return
    if nxt is not None:
        irr.put("partner_to_lead", _resolve(nxt.actor, declarer) == partner(who), _span(nxt, "event") or _span(nxt, "actor"))
        choice = next(((v, m) for v in ("require_suit", "prohibit_suit", "no_requirement") for m in [st.has(v, nxt.index - 1)] if m), None)
        if irr.facts["partner_to_lead"] and choice is not None:
            irr.put("declarer_lead_choice", choice[0], choice[1])      # Law 50D2(a): what declarer then chose
        elif irr.facts["partner_to_lead"] and not any(b.index > nxt.index and b.kind in PLAY_KINDS for b in st.actions):
            irr.put("declarer_lead_choice", "not_yet_chosen", _span(nxt, "event") or _span(nxt, "actor"))   # the story stops there


def _penalty_card_not_played(st: Story, exposed: Action, who: str | None, declarer: str | None) -> list[Irregularity]:
    """Law 52: the defender with a penalty card later played another card of its suit instead
    ("西沒先打♦5，而是跟了♦2")."""
    card = exposed.cards[0]
    # another card of its suit, or any other card discarded or ruffed with when he could have played it (Law 50B:
    # at the first legal opportunity, "whether in leading, following suit, discarding or trumping")
    later = next((b for b in st.actions if b.index > exposed.index and _resolve(b.actor, declarer) == who and who
                  and b.kind in ("play", "follow", "lead", "discard", "ruff") and not set(exposed.cards) & set(b.cards)
                  and (b.cards and any(c[0] == card[0] for c in b.cards)
                       or b.kind in ("discard", "ruff") and (b.cards or b.suit not in (None, card[0])))), None)
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


def _trick_winners(st: Story, declarer: str | None) -> list[tuple[int | None, str, Action]]:
    out = []
    for w in st.actions:
        if w.kind == "win":
            who = _resolve(w.actor, declarer)
            if w.actor == "defender" and declarer in SEATS:
                who = "NS" if declarer in ("E", "W") else "EW"     # "the defence won tricks 5 and 8"
            if who in SEATS or who in ("EW", "NS") or who is None and w.actor in ("declarer", "dummy"):
                out.append((w.trick, who or w.actor, w))
    return out


def _revoke_facts(irr: Irregularity, st: Story, src: Action | None, declarer: str | None = None) -> None:
    off = irr.facts.get("offender")
    back, table = st.has("hands_returned"), st.has("hands_not_returned")
    if (back is None) != (table is None):
        irr.put("hands_returned", back is not None, back or table)     # Law 62D1: before the hands went back
    if off and src is not None:
        wins = _trick_winners(st, declarer)
        same = [x for x in wins if (x[0] is not None and x[0] == src.trick) or (x[0] is None and abs(x[2].index - src.index) <= 1)][:1]
        if not same:
            nt = st.has("next_trick")
            lead = next((b for b in st.actions if b.kind == "lead" and b.index > src.index and nt is not None and _span(b, "event") is not None
                         and 0 <= nt.start - _span(b, "event").start <= 8 and _resolve(b.actor, declarer) in SEATS), None)
            if lead is not None:
                same = [(src.trick, _resolve(lead.actor, declarer), lead)]     # he led the next trick: he won this one
        same = [x for x in same if not (x[1] in ("EW", "NS") and off in x[1])]    # his side: which of the two, untold
        if not same and src.trick:
            # "W then led a club to trick 6": whoever leads to the next trick won this one (Law 44G)
            same = [(src.trick, _resolve(b.actor, declarer), b) for b in st.actions if b.kind == "lead" and b.index > src.index
                    and b.trick == src.trick + 1 and _resolve(b.actor, declarer) in SEATS][:1]
        if same:
            w = same[0][1]
            irr.put("revoke_trick_won_by", "offender" if w == off else "offender_partner" if w == partner(off) else "non_offending_side",
                    _span(same[0][2], "event"))
        after = max([src.index] + [x[2].index for x in same])
        later = [x for x in wins if x[2].index > after and x not in same]
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
        if not same and src.kind == "discard" and irr.facts.get("offending_side_won_later_trick") is True:
            # a discard of another suit cannot win the trick; with a later trick to his side, 64A2 applies whoever won it
            irr.put("revoke_trick_won_by", "not_offender", _span(src, "event"))
    ne, est, nt = st.has("not_established"), st.has("established"), st.has("next_trick")
    # "He then led to trick 7": the offender or his partner played to a later trick (Law 63A1)
    on = next((b for b in st.actions if src is not None and src.trick and b.index > src.index and b.trick and (
        b.trick > src.trick and b.kind in ("lead", "play", "follow", "discard", "ruff", "win")
        and _resolve(b.actor, declarer) in (off, partner(off), "EW" if off in ("E", "W") else "NS")
        or b.trick > src.trick + 1 and b.kind not in ("hold",))), None) \
        if off else None        # (anything at a trick after the next: all four played to the next one)
    if ne is not None:
        irr.put("revoke_established", False, ne)
    elif nt is not None:
        irr.put("established_by", "played_to_next_trick", nt)
    elif on is not None:
        irr.put("established_by", "played_to_next_trick", _span(on, "event") or _span(on, "card") or _span(on, "actor"))
    elif off and src is not None and (cc := next((b for b in st.actions if b.index > src.index and b.kind in ("claim", "concede")
                                                  and _resolve(b.actor, declarer) in (off, partner(off))), None)) is not None:
        # the offending side claimed or conceded after the revoke (Law 63A3)
        irr.put("established_by", "claim_or_concession", _span(cc, "event"))
        if cc.kind == "claim" and "offending_side_won_later_trick" not in irr.facts:
            irr.put("offending_side_won_later_trick", True, _span(cc, "event"))    # the tricks it claimed
    elif src is not None and src.trick == 12 and st.has("all_played_13") is not None:
        irr.put("established_by", "played_to_next_trick", st.has("all_played_13"))   # "兩家都出完第13磴"
    elif est is not None:
        irr.put("revoke_established", True, est)
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


def replay_other(st: Story, au: Auction) -> list[Irregularity]:
    """Change of call (Law 25), unauthorised information from a hesitation (Law 16B),
    misinformation (Laws 20-21, 75)."""
    out = []
    unint, intended = st.has("unintended"), st.has("intended")
    repl = next((a for a in st.actions if a.kind in ("replace", "withdraw", "pull") and a.actor in SEATS), None)
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
    # named ("wrong explanation") or shown ("their agreement is …", "约定卡上…") against what was explained
    mi = st.has("misinformation") or st.has("agreement_told")
    exp = next((a for a in st.actions if a.kind in ("explain", "no_alert", "alert") and a.actor in SEATS), None)
    if mi is None:
        # "東馬上發現自己解釋錯了", "he explained it wrongly": the explanation itself said to be wrong
        said = next((a for a in st.actions if a.kind == "explain" and _span(a, "event") is not None and re.match(
            r"\s*(错|錯|有误|有誤|wrong|incorrectly|by mistake)", st.text[_span(a, "event").end:], re.I)), None)
        mi = _span(said, "event") if said is not None else None
    if mi is not None and (exp is None or exp.kind == "explain"):
        # "南問，西說是「弱二，方塊」": the answer to an opponent's question is the explanation (Law 20F),
        # told before the story says it was wrong ("東馬上發現自己解釋錯了")
        asked = next((a for a in st.actions if a.kind == "say" and a.actor in SEATS), None)
        answer = next((b for b in st.actions if asked is not None and b.index > asked.index and b.kind == "say"
                       and b.actor in SEATS and b.actor not in (asked.actor, partner(asked.actor))), None)
        if answer is not None and (exp is None or answer.index < exp.index and answer.actor == exp.actor):
            exp = answer
    if mi is None and exp is not None and exp.kind == "no_alert":
        mi = _span(exp, "event")                          # a failure to alert is misinformation (Laws 20F, 21B)
    if mi is not None and exp is not None:
        irr = Irregularity("misinformation", {}, at=exp.index)
        irr.put("irregularity", "misinformation", mi)
        irr.put("offender", exp.actor, _span(exp, "actor"))
        if exp.kind in ("no_alert", "alert"):
            irr.put("alerted", exp.kind == "alert", _span(exp, "event"))
        later = next((b for b in st.actions if b.index > exp.index and (b.kind in PLAY_KINDS and (b.cards or b.suit)
                                                                         or b.kind in ("lead", "dummy_down"))), None)
        if later is not None:
            # the play has begun (the auction period ends when the opening lead is faced, Law 17D): 21B3
            irr.put("auction_period_ended", True, _span(later, "event") or _span(later, "card"))
        elif st.has("not_called", exp.index) is not None:
            # "Neither North nor East had called after West's pass", "东家和南家都还没叫" (Law 21B1(a))
            irr.put("auction_period_ended", False, st.has("not_called", exp.index))
            irr.put("partner_called_since", False, st.has("not_called", exp.index))
        out.append(irr)
    return out



def _nearest_seat(st: Story, m) -> tuple[str, object] | tuple[None, None]:
    inside = sorted(set(seats_named(m.text)))
    if len(inside) == 1:
        return inside[0], m                     # "before West had played", "西还没出"
    before = [x for x in st.seat_mentions if x.end <= m.start]
    return (before[-1].value, before[-1]) if before else (None, None)


_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|「[^」]*」|『[^』]*』|['‘][^'’]*['’]")
_DESIGNATIONS = {"designation_high": "high", "designation_low": "low", "designation_any": "play_anything"}


def _incomplete_designation(st: Story) -> Irregularity | None:
    """Law 46B: declarer's words for dummy's card, in quotes, name no card: a suit alone ("出黑桃",
    'spade'), "high", "low" or "anything" (随便出一张)."""
    dec = _declarer_seat(st)
    for a in st.actions:
        ev = _span(a, "event")
        if a.kind != "say" or ev is None or not (a.actor == "declarer" or dec and a.actor == dec):
            continue
        q = next((q for q in _QUOTED.finditer(st.text, ev.end) if q.start() - ev.end <= 3), None)
        if q is None or re.search(r"要他|叫他|让他|要求|禁止|不准|\b(him|her|them|require|prohibit|forbid)", q.group(), re.I):
            continue          # "我要他攻紅心": declarer's lead requirement to a defender (Law 50D2), not dummy's card
        inside = [m for m in st.mentions if q.start() < m.start and m.end < q.end()]
        named = next(((v, m) for m in inside if m.label == "FINDING" for k, v in _DESIGNATIONS.items() if m.value == k), None)
        suits = [m for m in inside if m.label == "SUIT"]
        if any(m.label in ("CARD", "CALL") for m in inside) or (named is None and not suits):
            continue
        irr = Irregularity("incomplete_designation", {}, at=a.index)
        irr.put("irregularity", "incomplete_designation", ev)
        if dec:
            irr.put("offender", dec, _span(a, "actor"))
            irr.put("declarer", dec, st.declarer[1] if st.declarer else None)
        irr.put("designation", named[0] if named else "suit_only", named[1] if named else suits[0])
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
        return irr
    return None


def replay_more(st: Story, au: Auction) -> list[Irregularity]:
    """Cards from a wrong board (Law 15A), simultaneous plays (Law 58), dummy looking at a
    defender's hand (Law 43A2(c)), an incomplete designation of dummy's card (46B)."""
    out = []
    designation = _incomplete_designation(st) or _dummy_card_not_designated(st)
    if designation is not None:
        out.append(designation)
    before, fresh, wrong = st.has("board_played_before"), st.has("board_not_played_before"), st.has("board_played_wrongly")
    if before is not None or wrong is not None:
        # Law 15B: a board played by the wrong pairs, or one a contestant had already played
        irr = Irregularity("wrong_board", {}, at=0)
        irr.put("irregularity", "wrong_board", wrong or before)
        if before is not None or fresh is not None:
            irr.put("board_previously_played", before is not None, before or fresh)
        out.append(irr)
    wb = st.has("wrong_board")
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
        if near and not any(b.call for b in st.actions if abs(b.index - sim.index) <= 1):
            who = _resolve(near[0].actor, st.declarer[0] if st.declarer else None)
            irr = Irregularity("simultaneous_plays", {}, at=sim.index)
            irr.put("irregularity", "simultaneous_plays", _span(sim, "event"))
            irr.put("offender", who, _span(near[0], "actor"))
            if st.declarer:
                irr.put("declarer", st.declarer[0], st.declarer[1])
            if len({b.actor for b in near}) == 1 and (len(cards) >= 2 or st.has("two_cards") is not None):
                irr.put("simultaneous_kind", "one_hand", st.has("two_cards") or _span(near[0], "card"))
                if len(cards) >= 2:
                    irr.put("faces_visible", len(cards), *([m for b in near for f, m in b.spans if f == "card"] or loose))
                    if not any(c[1:] in ("A", "K", "Q", "J", "T", "10") for c in cards):
                        # whichever he keeps, the other is a low card: a minor penalty card if a defender's (Laws 58B2, 50B)
                        irr.put("exposed_honour", False, *([m for b in near for f, m in b.spans if f == "card"] or loose))
            out.append(irr)
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
    np_ = st.has("not_played")
    if np_ is not None:
        waiting, _m = _nearest_seat(st, np_)
        dec = _declarer_seat(st)
        nxt = next((b for b in st.actions if b.kind in ("play", "lead", "follow", "discard")
                    and (_span(b, "event") or _span(b, "card")) is not None and (_span(b, "event") or _span(b, "card")).start > np_.start), None)
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
            if who and waiting and who == partner(waiting) and dec and who not in (dec, partner(dec)):
                irr.put("premature_kind", "play_before_partner", np_)
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
        before = st.has("before_auction")
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
        during = st.has("during_auction") or (au.calls and not au.ended and not any(a.kind in PLAY_KINDS for a in st.actions)
                                              and _span(au.calls[-1][2], "call") if au.calls and au.calls[-1][2] else None)
        if "play_completed" not in irr.facts and during is not None:
            irr.put("play_completed", False, during)     # found during the auction (Law 13B)
            irr.put("call_made", True, during)
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


def _dummy_then(st: Story, found: list[Irregularity]) -> None:
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
    warned = said is not None and (st.has("wrong_hand", said.index - 1) or st.has("wrong_hand", said.index))
    if warned:
        dv.put("dummy_then", "warned_wrong_hand_lead", warned)       # Law 43B2(a)
    elif revoke is not None and said is not None:
        dv.put("dummy_then", "asked_about_revoke", _span(said, "actor") or _span(said, "event"))      # Law 43B2(b)
        for fact in ("revoke_trick", "revoke_trick_won_by", "offending_side_won_later_trick"):
            if fact in revoke.facts:     # Law 64 applies to it as if established: the revoke's own trick facts
                dv.put(fact, revoke.facts[fact], *[m for f, _, m in revoke.spans if f == fact])
    elif later and said is not None:
        dv.put("dummy_then", "drew_attention_to_defender_irregularity", _span(said, "actor") or _span(said, "event"))


# Laws 13C, 45E, 67: kinds the story names in words, with no table the replay could check them against
# ("a card from another deck", "a fifth card", "第6磴只有三張牌"); the reasoner asks for the rest
_NAMED_KINDS = {"surplus_card": ("surplus_card", {}), "fifth_card": ("fifth_card", {}),
                "trick_short": ("defective_trick", {"defect": "omitted_card"}),
                "trick_long": ("defective_trick", {"defect": "too_many_cards"}),
                "hand_extra": ("defective_trick", {"defect": "omitted_card"})}     # "東手上多一張牌" at a later trick


def _named_kinds(st: Story) -> list[Irregularity]:
    out: list[Irregularity] = []
    dec = _declarer_seat(st)
    said = {f for _, f, _m in st.findings}
    tricks = [x for x in st.mentions if x.label == "TRICK"]
    for at, f, m in st.findings:
        if f not in _NAMED_KINDS or any(i.kind == _NAMED_KINDS[f][0] for i in out) \
                or f == "surplus_card" and said & {"trick_short", "trick_long"} \
                or f == "hand_extra" and (not tricks or said & {"surplus_card", "card_count"}) \
                or f == "trick_short" and (not tricks or re.match(r"\s*(left|remaining|to play|in (his|her) hand)", st.text[m.end:], re.I)):
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
        if kind == "defective_trick":
            told = [x for x in tricks if x.end <= m.start]
            # the defective trick: the one named before "只有三張牌"; for a card too many in a hand, the earliest named
            t = min(x.value for x in tricks) if f == "hand_extra" else told[-1].value if told else None
            later = next((x for x in tricks if t is not None and x.value >= t + 2), None)
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


def _simultaneous_calls(st: Story, found: list[Irregularity]) -> list[Irregularity]:
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
    found = [i for i in found if i.kind != "simultaneous_plays" and not (
        i.kind in ("call_out_of_rotation", "insufficient_bid") and i.at in {b.index for b in calls})]
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
    return sorted(found + [irr], key=lambda i: i.at)


def replay(st: Story) -> list[Irregularity]:
    """Every irregularity the story shows, in the order it happened."""
    auction_irr, au = replay_auction(st)
    more = replay_more(st, au)
    if any(i.kind == "cards_from_wrong_board" for i in more):
        auction_irr = []                   # the calls were made on the wrong cards: Law 15A, not 27-39
    if any(i.kind == "insufficient_bid" for i in auction_irr):
        more = [i for i in more if i.kind != "insufficient_bid"]
    found = auction_irr + replay_play(st, au) + replay_other(st, au) + more
    named = _named_kinds(st)
    if any(i.kind == "surplus_card" for i in named):
        found = [i for i in found if i.kind != "cards_from_wrong_board"]    # "別的牌套的牌": one card, not the board
    found = _simultaneous_calls(st, found + named)
    if any(i.kind == "simultaneous_plays" for i in found):
        found = [i for i in found if i.kind not in ("defender_card_exposed", "declarer_exposes_card")]
    # change of call replaces an "insufficient" or "out of rotation" reading of the same call
    changed_at = {j.at for j in found if j.kind == "change_of_call"}
    found = [i for i in found if i.kind not in ("insufficient_bid", "call_out_of_rotation")
             or not changed_at & {i.at, i.at + 1}]
    # a card led at another player's turn is a lead out of turn (Laws 53-56), and a card dummy placed
    # unnamed is Law 45D: not also a play before partner (57) or dummy suggesting a play (45F)
    led_at = {i.at for i in found if i.kind in ("lead_out_of_turn", "opening_lead_out_of_turn", "dummy_card_not_designated")}
    found = [i for i in found if not (i.kind in ("premature_play", "dummy_indicates_card") and i.at in led_at)]
    first_revoke = next((i for i in found if i.kind == "revoke" and i.facts.get("offender")), None)
    if first_revoke is not None and st.has("repeat") is not None:
        # "East failed to follow to diamonds on trick 3 and again on trick 6": a second revoke in the same
        # suit by the same player (Law 64B2)
        again = Irregularity("revoke", {}, at=first_revoke.at + 0.5)
        again.put("irregularity", "revoke", st.has("repeat"))
        for fact in ("offender", "declarer", "revoke_established", "established_by"):
            if fact in first_revoke.facts:
                again.put(fact, first_revoke.facts[fact], *[m for f, _, m in first_revoke.spans if f == fact])
        if "revoke_established" not in again.facts and "established_by" not in again.facts and st.has("established") is not None:
            again.put("revoke_established", True, st.has("established"))
        again.put("repeat_revoke_same_suit", True, st.has("repeat"))
        found.append(again)
    if any(i.kind == "missing_card" and i.facts.get("missing_card_found") for i in found):
        # the card that fell was the missing one, not a card exposed from a hand (Law 14A)
        found = [i for i in found if i.kind not in ("defender_card_exposed", "card_exposed_during_auction", "declarer_exposes_card")]
    found.sort(key=lambda i: i.at)
    refused = next((i for i in found if i.kind == "lead_out_of_turn" and i.facts.get("correct_leader") == "declarer_side"
                    and i.facts.get("accepted") is False), None)
    for i in found:
        d = refused.facts.get("declarer") if refused is not None else None
        if refused is not None and i.kind == "premature_play" and i.at > refused.at and "premature_kind" not in i.facts \
                and d and i.facts.get("offender") not in (None, d, partner(d)):
            # declarer's lead from the wrong hand was refused and a defender played before he led again (Law 60B)
            i.put("premature_kind", "before_declarer_corrected_lead", *[m for f, _, m in refused.spans if f == "accepted"])
            i.put("offender_role", "defender", *[m for f, _, m in i.spans if f == "offender"])
    # a reading the story gives no words for is asked about when it comes first, never ruled on after another
    found = [i for n, i in enumerate(found) if not (i.unsure and n > 0)]
    _dummy_then(st, found)
    seen, out = set(), []
    for i in found:
        if i.kind not in seen or i.facts.get("repeat_revoke_same_suit"):
            seen.add(i.kind)
            out.append(i)
    return out
