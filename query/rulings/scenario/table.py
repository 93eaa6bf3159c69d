"""What the parts of the table replay share (replay.py runs them; the underscored helpers are for
these modules only): an irregularity with the facts the replay establishes and the words each came from, the auction as replayed so far (Laws 17-19: calls
go clockwise from the dealer, a bid supersedes the last bid, a double needs an opponent's last bid,
three passes after a bid end it), and the small helpers that resolve who acted.

Facts are in the vocabulary of ontology/scenario.ttl. Nothing is guessed: a fact the story does not
settle is left out, and the reasoner asks for it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from query.rulings.facts import HONOURS, SEATS, Call, lho, partner, rho
from query.rulings.scenario.story import Action, Story, seats_named


@dataclass
class Irregularity:
    kind: str
    facts: dict
    spans: list = field(default_factory=list)     # (fact, value, Mention)
    at: int = 0                                   # index of the action it happened at
    last_bid: Call | None = None                  # for a call: the last bid before it (Law 27B)
    unsure: tuple[str, ...] = ()                  # read from the shape of the story alone: the kinds it may be instead (the reader asks)

    def put(self, fact: str, value, *mentions) -> None:
        self.facts[fact] = value
        for m in mentions:
            if m is not None:
                self.spans.append((fact, value, m))


PLAY_KINDS = ("lead", "play", "follow", "discard", "ruff")
HONOUR_RANKS = HONOURS | {"T"}       # a card's rank as the reader writes it (a ten is read as T or 10)


_SENTENCE = re.compile(r"[.。;；!?！？]")


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
        if self.last_bid is None or self.last_bid_seat not in SEATS:
            return None                # (a contract told with no seat for its bid: "三家派司，合約3♥")
        side = (self.last_bid_seat, partner(self.last_bid_seat))
        return next((s for s, c, _ in self.calls if c.kind == "bid" and s in side and c.strain == self.last_bid.strain), None)


def _accept_events(st: Story, irr: Irregularity, until: int | None):
    """The first accept / decline after the irregularity (before `until`), by anyone but the offender,
    or the Director's cancelling it."""
    off = irr.facts["call"]["seat"]
    for b in st.actions:
        if b.index <= irr.at or (until is not None and b.index >= until):
            continue
        if b.kind in ("accept", "decline", "agree") and b.actor not in (off, "director") or b.kind == "cancel":
            return b                    # the Director cancelling the call: it was not accepted
    return None


def _nearest_seat(st: Story, m) -> tuple[str, object] | tuple[None, None]:
    inside = sorted(set(seats_named(m.text)))
    if len(inside) == 1:
        return inside[0], m                     # "before West had played", "西还没出"
    before = [x for x in st.seat_mentions if x.end <= m.start]
    return (before[-1].value, before[-1]) if before else (None, None)


_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|「[^」]*」|『[^』]*』|['‘][^'’]*['’]")


_AT_ONCE = re.compile(r"\b(immediately|straight away|straightaway|at once|right away|instantly)\b|马上|立刻|立即|随即", re.I)


def changed_at_once(st: Story, first: Action) -> bool:
    """"put 1NT on the table and straight away replaced it", "開叫1♣，馬上說…": the call was changed in the
    same breath, before anyone else called, so his partner had not called (Law 25A1)."""
    end = max(m.end for _, m in first.spans)
    rest = st.text[end:end + 60]
    stop = _SENTENCE.search(rest)
    if any(b.index > first.index and b.call and b.actor in SEATS and b.actor != first.actor and told_as_already(st, b)
           for b in st.actions):
        return False            # "…马上说拿错了；东家已经叫了1NT": another player had called before he changed it
    return bool(_AT_ONCE.search(rest[:stop.start()] if stop else rest))


def told_as_already(st: Story, b: Action) -> bool:
    """"South had already bid 2♠", "东家已经叫了1NT": an action told as having come before what was just told."""
    return bool(re.search(r"already|已经|已", st.text[max(0, min(m.start for _, m in b.spans) - 8):max(m.end for _, m in b.spans)], re.I))


def loose_cards_before(st: Story, a: Action) -> list:
    """The cards named just before an exposure that has none of its own ("North's ♠A fell", "把♥K带了出来")."""
    ev = next((m for f, m in a.spans if f == "event"), None)
    return [c for c in st.loose_cards if ev is not None and 0 <= ev.start - c.end <= 20]


def _to_dummy(text: str, pos: int) -> bool:
    """Words said to dummy ("跟夢家說「出黑桃」", "told dummy 'play a spade'"): a designation, not a defender's lead."""
    return bool(re.search(r"(夢家|梦家|明手|dummy)[^。.;；「“'\"]{0,4}[「“'\"]?\s*$", text[max(0, pos - 12):pos], re.I))
