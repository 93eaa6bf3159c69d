"""The auction replayed (Laws 17-39): calls go clockwise from the dealer (Law 17A/B); a bid must
supersede the last bid (Law 18D, else Law 27); a double needs an opponent's last bid, a redouble an
opponent's double (Law 19, else Law 36); the auction ends after three passes following a bid (Law
17D, a later call is Law 39); a player required to pass who calls is Law 37; a bid above seven is
Law 38; two calls by one player are a change of call (Law 25); a call at another's turn is out of
rotation (Laws 28-32), settled by what the story tells next (accepted, replaced, cancelled).
Passes a director leaves out ("South opened 1♥, North raised to 2♥") are implied when nothing
says the call was out of turn; an "opening" bid implies passes before it.
"""
from __future__ import annotations

import re

from query.rulings.facts import SEATS, Call, lho, parse_call, partner, rho
from query.rulings.scenario.story import Action, Story, call_of, doubt_after, in_doubt, seats_named, told_at
from query.rulings.scenario.reader import Mention
from query.rulings.scenario.table import HONOUR_RANKS, Auction, Irregularity, _SENTENCE, _accept_events, _rel, _span, changed_at_once, loose_cards_before, \
    told_as_already


def replay_auction(st: Story) -> tuple[list[Irregularity], Auction]:
    dealer = st.dealer[0] if st.dealer else None
    au = Auction(dealer)
    out: list[Irregularity] = []
    must_pass: set[str] = set()
    open_irr: Irregularity | None = None           # an insufficient bid / call out of rotation not yet settled
    # (not "應該南家首攻", whose turn it was to lead: that is about the play)
    oor_told = next((m for _, f, m in st.findings if f == "out_of_turn"
                     and not re.match(r"\s*(首攻|首引|攻牌|引牌|出牌|lead|to lead|play)", st.text[m.end:m.end + 8], re.I)), None)
    last_call = max((told_at(a) for a in st.actions if a.call), default=None)
    if oor_told is None and (nc := st.has("not_called")) is not None and last_call is not None and nc.start < last_call:
        oor_told = nc        # (not "South hasn't said anything" told after the last call: nobody has called since)
    anon = [a for a in st.actions if a.call and a.actor is None]
    if anon and dealer is not None and all(b.index < anon[-1].index or not b.call for b in st.actions if b.actor in SEATS):
        s = dealer
        for b in anon:                       # "Dealer N: 1NT - P - 3NT ...": the seats follow from the dealer
            b.actor, s = s, lho(s)
        anon = []
    if anon and dealer is None:
        # "北3NT，三家派司": calls with no seat right after a seated call follow it in rotation
        prev = None
        for b in (a for a in st.actions if a.call):
            if b.actor is None and prev is not None and prev.actor in SEATS:
                b.actor = lho(prev.actor)
            prev = b
        anon = [a for a in anon if a.actor is None]
    calls = [a for a in st.actions if a.call and a.actor in SEATS]
    if st.over_bid is not None and not anon:
        au.last_bid = call_of(Action(None, "bid", -1, call=st.over_bid[0]))   # the bid it was made over; its seat untold
    contract = call_of(Action(None, "bid", -1, call=st.contract[0].rstrip("X") or st.contract[0])) if st.contract is not None else None
    if contract is not None and any(call_of(a).kind == "bid" and not call_of(a).supersedes(contract) for a in st.actions if a.call):
        contract = None                        # the story tells the auction that reached it
    if contract is not None and st.over_bid is None and not anon:
        # "莊家南 4♠，…": the contract is the last bid when the story tells no auction before its calls
        au.last_bid, au.last_bid_seat = contract, (st.declarer[0] if st.declarer else None)
    if anon:
        # calls with no seats: the auction's shape still counts (a call after it ended is Law 39)
        ghost = Auction(dealer)
        if contract is not None:
            ghost.last_bid = contract          # "三無王南家主打，三個派司以後，北家又…": the passes follow the contract
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
            _lho_called(st, irr, a, a.actor, next((b for b in calls if b.index > a.index), None), auction_over=True)
            return [irr], ghost
    # Law 24B/24C: a card exposed during the auction (an honour, or two cards or more) makes the
    # offender's partner pass at his next turn
    shown = {b.index: b.cards or [c.value for c in loose_cards_before(st, b)] for b in st.actions if b.kind in ("drop", "expose")}
    exposures = [b for b in st.actions if b.index in shown and b.actor in SEATS and shown[b.index]
                 and (len(set(shown[b.index])) >= 2 or any(c[1:] in HONOUR_RANKS for c in shown[b.index]))]
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
        if au.calls and au.calls[-1][0] == seat and au.calls[-1][1] == c and au.calls[-1][2] is not None and not au.ended:
            # the call just replayed, told again ("wanted to double instead", "說「那我賭倍」，把X放上去"): one call,
            # not a change of call (Law 25 replaces a call by another); after the final pass it is Law 39
            continue
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
        if au.ended and any(b.kind in ("lead", "play", "follow", "discard", "ruff", "win") and b.index < a.index for b in st.actions):
            break             # a call told after the play began ("with the right explanation he'd double") is not made
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
        wanted = next((m for i, f, m in st.findings if f in ("wanted", "unintended") and mine and mine[-1].index <= i < a.index
                       and _whose(st, m) in (None, seat)), None)
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
            change.unsure = () if told else ("call_out_of_rotation",)
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
            if fill and any(b.kind == "open" and b.actor == exp and b.call and not b.cards for b in st.actions[a.index + 1:]):
                fill = False          # "East dealt, but South opened 1NT; East then opened 1♥": the dealer opens after him
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
        # a double with no bid told before it, in an auction the story does not tell from the dealer
        # ("叫牌一路到了北的7NT，东加倍"): the bid it doubled may be untold; ask, never rule Law 36 on it
        # (but "doubled his partner's 1♥", "對同伴的1♥賭倍", "北的1♥，南加倍" say what it doubled)
        end = _span(a, "call").end if _span(a, "call") is not None else 0
        if irregular_kind == "inadmissible_double" and not au.calls and st.dealer is None \
                and not any(o[0] == partner(seat) for o in st.owned_calls) \
                and not re.search(r"partner|同伴|搭档|搭檔|自己", re.split(r"[,，。.;；:：]", st.text[max(0, end - 16):end])[-1]
                                  + re.split(r"[,，。.;；:：]", st.text[end:end + 24])[0], re.I):
            irr.unsure = ("call_out_of_rotation",)
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
        if irregular_kind == "call_after_final_pass" and "declarer" not in irr.facts and ol is not None and _span(a, "actor") is not None \
                and 0 <= ol.start - _span(a, "actor").end <= 12:
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
            _lho_called(st, irr, a, seat, next((b for b in calls if b.index > a.index), None),
                        auction_over=irregular_kind == "call_after_final_pass")
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
    if not out and not au.ended and au.last_bid is not None and au.calls and st.has("passed_throughout") is not None \
            and any(b.kind in ("lead", "play", "expose", "face") and b.index > au.calls[-1][2].index for b in st.actions
                    if au.calls[-1][2] is not None):
        # "N 1♥ S 4♥, EW passed throughout. West led …": the closing passes are told by "passed throughout" (Law 17D)
        while not au.ended:
            au.add(au.expected(), Call("pass"), None)
    for irr in out:
        irr.facts.pop("_exp", None)
    return out, au


def _whose(st: Story, m: Mention) -> str | None:
    """The seat written right before a finding ("西其实想…", "W meant"): whose intent it tells."""
    seat = next((x for x in reversed(st.seat_mentions) if x.end <= m.start), None)
    return seat.value if seat is not None and m.start - seat.end <= 2 else None


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
    told = [(x, b) for x, _, b in au.calls if b is not None and first.index < b.index < second.index]
    already = next((b for b in calls if b.index > second.index and b.actor == partner(off) and told_as_already(st, b)), None)
    if any(x == partner(off) for x, _ in told) or already is not None:
        # "…but South had already bid 2♠", "但南已经叫了2♠": his partner had called before the change (Law 25A1)
        irr.put("partner_called_since", True, *([_span(already, "actor") or _span(already, "call")] if already is not None else []))
    elif told:
        # "North opened 1S. East passed. Then North said he meant 1NT": the calls told between his call and
        # the change, in rotation, are not his partner's (Law 25A1)
        irr.put("partner_called_since", False, _span(told[-1][1], "call") or _span(told[-1][1], "actor"))
    elif changed_at_once(st, first):
        irr.put("partner_called_since", False, _span(second, "event") or _span(second, "call"))
    if any(x == lho(off) for x, _ in told):
        irr.put("lho_called_over_first_call", True)
    later = [b for b in calls if b.index > second.index]
    if any(b.actor == lho(off) for b in later) and "lho_called_over_first_call" not in irr.facts:
        irr.put("lho_called_over_first_call", True, _span(next(b for b in later if b.actor == lho(off)), "actor"))
    if "partner_called_since" in irr.facts:
        pass
    elif st.has("not_called", first.index) is not None:
        irr.put("partner_called_since", False, st.has("not_called", first.index))    # the story says so
    _answer_to_substitute(st, irr, off, first.index, second.index)
    return irr


def _answer_to_substitute(st: Story, irr: Irregularity, off: str, events_after: int, calls_after: int) -> None:
    """Law 25B1: the first accept or decline by another player, or else LHO calling over the
    substituted call, which accepts it."""
    ev = next((b for b in st.actions if b.index > events_after and b.kind in ("accept", "decline") and b.actor not in (off, "director")), None)
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


def _often_conventional(ib: Call | None, au: Auction, off: str) -> bool:
    """An insufficient bid that is often artificial over partner's notrump bid: a suit one level up (Stayman,
    transfers), 4♣ (Gerber), 4♦/4♥ (Texas), unless it repeats a suit the player bid before (1♣-1♠-1NT-2♠).
    Law 27B1(a) needs it incontrovertibly natural."""
    nt = next((c for s, c, _a in reversed(au.calls) if s == partner(off) and c.kind == "bid"), None)
    own = ib is not None and any(s == off and c.kind == "bid" and c.strain == ib.strain for s, c, _a in au.calls)
    return ib is not None and nt is not None and nt.strain == "NT" and ib.strain != "NT" and not own and (
        ib.level == nt.level + 1 or ib.level == 4 and ib.strain in ("C", "D", "H"))


_NOT_BEFORE = re.compile(r"(\bnot|n't|\bno|不是|并非|並非|非)\s*(an?\s+|the\s+)?$", re.I)   # "not Stayman", "not a transfer"


def _told_of(st: Story, ib: Call | None, finding: str) -> Mention | None:
    """"2♣ was natural, clubs", "西的2♣是自然叫", "2♦ is a transfer for them": what the story says of the bid
    (a finding within its clause, not negated: "not Stayman")."""
    return next((n for m in st.mentions if ib is not None and m.label == "CALL" and m.value == str(ib)
                 for _i, f, n in st.findings if f == finding and 0 <= n.start - m.end <= 20
                 and not _SENTENCE.search(st.text[m.end:n.start]) and not _NOT_BEFORE.search(st.text[:n.start])), None)


def _settle(irr: Irregularity, st: Story, a: Action | None, seat, c: Call | None, au: Auction, must_pass: set) -> str:
    """The calls after an insufficient bid or a call out of rotation: acceptance, the replacement
    (Law 27B), later bids by a partner who must pass. Returns "keep" (still open), "repeated" (the
    irregular call told again; still open), "consumed" (call consumed), "stop" (replay no further) or
    "next" (the irregularity is settled; replay this call)."""
    off = irr.facts["call"]["seat"]
    ib = parse_call(irr.facts["call"]["call"], "call")
    ib = ib if ib.kind == "bid" else None
    three_passes = irr.kind == "call_out_of_rotation" and a is not None and irr.facts["call"]["call"] == "P" \
        and c.kind == "pass" and au.last_bid is not None and au.passes + 2 >= 3 and "accepted" not in irr.facts
    ev = _accept_events(st, irr, a.index if a is not None else None)
    if ev is not None and "accepted" not in irr.facts and not three_passes:
        # (the auction "back to South" after three passes is Law 17D3's doing, not a refusal)
        irr.put("accepted", ev.kind in ("accept", "agree"), _span(ev, "event"))
    if irr.kind == "call_out_of_rotation":
        if a is None:
            if irr.facts.get("at_turn_of") == "rho" and "rho_called" not in irr.facts and st.has("not_called") is not None:
                irr.put("rho_called", False, st.has("not_called"))
            return "stop"
        if three_passes:
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
                if "accepted" not in irr.facts:
                    return "next"           # Law 28B: the auction goes on as though the offender had not called
        if irr.facts.get("at_turn_of") == "rho" and "rho_called" not in irr.facts and st.has("not_called") is not None:
            irr.put("rho_called", False, st.has("not_called"))
        if irr.facts.get("accepted") is False:
            if seat == off and irr.facts.get("at_turn_of") == "rho" and irr.facts["call"]["call"] == "P":
                return "next"         # Law 30A: he must pass at this turn; a call here is a call when required to pass
            if seat == off:
                # the offender's next call after the cancellation: comparable or not (Law 23A, the Director's)
                said = st.last_said(("comparable", "not_comparable"), a.index - 1)
                nc, cm = (said[1], None) if said and said[0] == "not_comparable" else (None, said[1]) if said else (None, None)
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
        # "南叫2♣（斯台曼）", "2♦ is a transfer for them", said of the bid or its replacement; not "natural, not Stayman"
        art = _told_of(st, ib, "artificial") or _told_of(st, c, "artificial")
        if art is not None:
            # "南叫2♣（斯台曼…）": an artificial bid, so not Law 27B1(a), which needs both bids incontrovertibly natural
            irr.put("insufficient_bid_artificial", True, art)
            irr.put("replacement_lowest_same_denomination", False, art)
        elif not (same := lowest_same(ib, c, last)) or not _often_conventional(ib, au, off) \
                or _told_of(st, ib, "natural") is not None:
            # (2♣ over partner's 1NT, replaced by 3♣, may be Stayman: "incontrovertibly not artificial" (27B1(a)) is not
            # presumed but asked; a replacement in another denomination or level is no 27B1(a) either way)
            irr.put("replacement_lowest_same_denomination", same)
        early = st.has("before_director", irr.at)
        if early is not None:
            irr.put("premature_replacement", True, early)      # "before the TD came he changed it": Law 27C
        if kind == "insufficient_bid":
            # "东也不接受这个1♠": LHO's answer to the second insufficient bid (Law 27B4)
            ev2 = next((b for b in st.actions if b.index > a.index and b.kind in ("accept", "decline", "agree")
                        and b.actor != off), None)
            if ev2 is not None:
                irr.put("substitute_accepted", ev2.kind != "decline", _span(ev2, "event"))
        said = st.last_said(("comparable", "not_comparable"), irr.at)
        if said is not None:
            irr.put("replacement_comparable", said[0] == "comparable", said[1])
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


def _lho_called(st: Story, irr: Irregularity, a: Action, seat: str, nxt: Action | None, auction_over: bool) -> None:
    """Whether the offender's LHO called over the irregular call `a` (Laws 36-39): his call told next, "West hasn't
    called", or his call told without its value ("After that South called too"); after the final pass, the story's
    last call is the irregular one and nothing puts it in doubt: nobody has called since, the opening lead comes next."""
    told = _called_after(st, a, lho(seat))
    if nxt is not None and nxt.actor == lho(seat):
        irr.put("lho_called", True, _span(nxt, "actor"))
    elif st.has("not_called", a.index) is not None:
        irr.put("lho_called", False, st.has("not_called", a.index))
    elif told is not None:
        irr.put("lho_called", True, _span(told, "event"))
    elif auction_over and nxt is None and not doubt_after(st.text, told_at(a)):
        irr.put("lho_called", False, _span(a, "call"))


def _called_after(st: Story, a: Action, seat: str | None) -> Action | None:
    """`seat`'s call after `a`, told even without saying what it was ("After that South called too", 南家也跟著叫了);
    not one put in doubt, a negated one, or calling the Director ("北没动叫牌卡，直接叫了裁判")."""
    return next((b for b in st.actions if b.index > a.index and b.actor == seat and b.kind in ("bid", "open", "pull")
                 and not in_doubt(st.text, told_at(b)) and not re.match(r"\s*(了)?\s*(裁判|the (td|director))", st.text[told_at(b) + 1:], re.I)
                 and not re.search(r"(没|没有|未|n't|\bnot|\bnever)\s*\S?\s*$", st.text[max(0, told_at(b) - 6):told_at(b)], re.I)), None)
