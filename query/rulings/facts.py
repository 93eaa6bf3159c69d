"""Scenario facts: load the fact vocabulary (ontology/scenario.ttl) from the graph, validate a
scenario against it, and work out what the facts imply about the table (whose turn it was,
whether a bid is insufficient, the offender's role ...).

A scenario is a JSON object of facts (docs/scenario-facts.md). Validation is strict and every
error is one line: an unknown key, a value of the wrong type, a value outside the allowed ones,
an impossible auction (a bid below the last bid, a call by a player not at the table, a double
of partner's bid, calls after the auction ended), or facts that contradict each other (a bid
called insufficient that is sufficient, a replacement called sufficient that is not).

What is computed here is bridge mechanics, never a ruling: the rules that rule live in
ontology/rules/ and are run by query/rulings/reasoner.py.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import lru_cache

from rdflib import Graph

from query.errors import BadInput

SC = "https://w3id.org/bridge-laws/scenario#"
SEATS = ("N", "E", "S", "W")
SEAT_NAMES = {"north": "N", "east": "E", "south": "S", "west": "W"}
STRAINS = ("C", "D", "H", "S", "NT")                     # lowest to highest (Law 18E)
STRAIN_ALIASES = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT", "NT": "NT",
                  "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10", "10": "10",
         **{str(n): str(n) for n in range(2, 10)}}
HONOURS = {"A", "K", "Q", "J", "10"}
META_KEYS = {"why", "id", "title", "expect", "lang", "note", "notes"}   # allowed around "facts" in a scenario file


class FactError(BadInput):
    """A scenario the user can fix: one line, exit 2 on the command line."""


# --- seats ---------------------------------------------------------------------------------

def lho(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def rho(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 3) % 4]


# --- calls and cards -----------------------------------------------------------------------

@dataclass(frozen=True)
class Call:
    kind: str                 # pass | bid | double | redouble
    level: int = 0
    strain: str = ""

    def __str__(self) -> str:
        return {"pass": "P", "double": "X", "redouble": "XX"}.get(self.kind, f"{self.level}{self.strain}")

    def rank(self) -> tuple[int, int]:
        return (self.level, STRAINS.index(self.strain))

    def supersedes(self, other: "Call | None") -> bool:
        return other is None or self.rank() > other.rank()


_CALL = re.compile(r"^(?:(?P<pass>P|PASS|PASSES)|(?P<xx>XX|RDBL|REDOUBLE|R)|(?P<x>X|DBL|DOUBLE|D)|"
                   r"(?P<level>\d{1,2})\s*(?P<strain>NT|N|C|D|H|S|♣|♦|♥|♠))$")


def parse_call(raw, where: str) -> Call:
    if not isinstance(raw, str) or not raw.strip():
        raise FactError(f"{where}: a call must be a string such as 1S, 2NT, P, X or XX, not {json.dumps(raw, ensure_ascii=False)}")
    m = _CALL.match(raw.strip().upper())
    if not m:
        raise FactError(f"{where}: '{raw}' is not a call (use e.g. 1S, 2NT, P, X, XX)")
    if m.group("pass"):
        return Call("pass")
    if m.group("xx"):
        return Call("redouble")
    if m.group("x"):
        return Call("double")
    level = int(m.group("level"))
    if level < 1:
        raise FactError(f"{where}: '{raw}' is not a call (a bid is for 1 to 7 odd tricks)")
    return Call("bid", level, STRAIN_ALIASES[m.group("strain")])


def parse_card(raw, where: str) -> str:
    if not isinstance(raw, str):
        raise FactError(f"{where}: a card must be a string such as SA, H10 or D4, not {json.dumps(raw, ensure_ascii=False)}")
    s = raw.strip().upper()
    if s and s[0] in SUITS and s[1:] in RANKS:
        return SUITS[s[0]] + RANKS[s[1:]]
    raise FactError(f"{where}: '{raw}' is not a card (suit letter then rank: SA, HK, D10, C2)")


def parse_seat(raw, where: str) -> str:
    if isinstance(raw, str):
        s = raw.strip()
        if s.upper() in SEATS:
            return s.upper()
        if s.lower() in SEAT_NAMES:
            return SEAT_NAMES[s.lower()]
    raise FactError(f"{where}: {json.dumps(raw, ensure_ascii=False)} is not a player at the table (N, E, S or W)")


# --- the fact vocabulary (from the graph) ------------------------------------------------------

@dataclass
class FactDef:
    key: str
    type: str                               # boolean integer enum seat call seated_call cards auction
    allowed: tuple[str, ...] = ()
    default: object = None
    order: int = 999
    derived_only: bool = False
    minimum: int | None = None
    maximum: int | None = None
    question: dict = field(default_factory=dict)
    option: bool = False                    # sc:nonOffenderOption: a choice of the non-offending side (Law 10C1)


_RANGE = {"http://www.w3.org/2001/XMLSchema#boolean": "boolean", "http://www.w3.org/2001/XMLSchema#integer": "integer",
          "http://www.w3.org/2001/XMLSchema#string": "enum", SC + "Seat": "seat", SC + "Call": "call",
          SC + "SeatedCall": "seated_call", SC + "CardList": "cards", SC + "Auction": "auction"}

_VOCAB_QUERY = """
PREFIX sc: <https://w3id.org/bridge-laws/scenario#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?key ?range ?order ?default ?derived ?min ?max ?allowed ?notation ?q ?option WHERE {
  ?f a sc:Fact ; sc:key ?key ; rdfs:range ?range ; sc:askOrder ?order .
  OPTIONAL { ?f sc:default ?default }
  OPTIONAL { ?f sc:derivedOnly ?derived }
  OPTIONAL { ?f sc:minInclusive ?min }
  OPTIONAL { ?f sc:maxInclusive ?max }
  OPTIONAL { ?f sc:allowedValue ?allowed }
  OPTIONAL { ?f sc:valueScheme ?scheme . ?c skos:inScheme ?scheme ; skos:notation ?notation }
  OPTIONAL { ?f sc:question ?q }
  OPTIONAL { ?f sc:nonOffenderOption ?option }
}"""


def _typed_default(d: FactDef, raw: str):
    if d.type == "boolean":
        return raw == "true"
    if d.type == "integer":
        return int(raw)
    return raw


def load_vocabulary(g: Graph) -> dict[str, FactDef]:
    from query.lookup import lang_tag
    defs: dict[str, FactDef] = {}
    allowed: dict[str, set] = {}
    for key, rng, order, default, derived, mn, mx, av, notation, q, option in g.query(_VOCAB_QUERY):
        k = str(key)
        d = defs.get(k)
        if d is None:
            d = defs[k] = FactDef(k, _RANGE[str(rng)], order=int(order),
                                  derived_only=bool(derived is not None and str(derived) == "true"),
                                  minimum=int(mn) if mn is not None else None, maximum=int(mx) if mx is not None else None)
            d.default = str(default) if default is not None else None
            d.option = option is not None and str(option) == "true"
        for v in (av, notation):
            if v is not None:
                allowed.setdefault(k, set()).add(str(v))
        if q is not None:
            d.question[lang_tag(q)] = str(q)
    for k, d in defs.items():
        d.allowed = tuple(sorted(allowed.get(k, ())))
        if d.default is not None:
            d.default = _typed_default(d, d.default)
    if not defs:
        raise RuntimeError("no scenario facts in the graph (ontology/scenario.ttl not loaded?)")
    return defs


@lru_cache(maxsize=4)
def vocabulary_for(graph_id: int, g: Graph) -> dict[str, FactDef]:   # noqa: ARG001 (cache key)
    return load_vocabulary(g)


# --- the auction -----------------------------------------------------------------------------

@dataclass
class AuctionState:
    dealer: str
    calls: list[tuple[str, Call]]
    last_bid: Call | None = None
    last_bid_seat: str | None = None
    doubled: int = 0                         # 0, 1 (doubled), 2 (redoubled)
    ended: bool = False

    @property
    def turn(self) -> str:
        return SEATS[(SEATS.index(self.dealer) + len(self.calls)) % 4]

    def double_allowed(self, seat: str, kind: str) -> bool:
        """Law 19A1 / 19B1: double only the last bid, made by an opponent, with only passes since;
        redouble only the last double, made by an opponent, with only passes since."""
        if self.last_bid is None:
            return False
        last_non_pass = next(((s, c) for s, c in reversed(self.calls) if c.kind != "pass"), None)
        if last_non_pass is None:
            return False
        s, c = last_non_pass
        if s in (seat, partner(seat)):
            return False
        return c.kind == "bid" if kind == "double" else c.kind == "double"

    def contract_declarer(self) -> str | None:
        if not self.ended or self.last_bid is None:
            return None
        side = (self.last_bid_seat, partner(self.last_bid_seat))
        for s, c in self.calls:
            if c.kind == "bid" and s in side and c.strain == self.last_bid.strain:
                return s
        return None


def build_auction(dealer: str | None, raw, allow_ended: bool) -> AuctionState:
    if not isinstance(raw, list):
        raise FactError("fact 'auction' must be a list of calls (e.g. [\"1S\", \"P\"]) from the dealer in rotation")
    if raw and dealer is None:
        raise FactError("fact 'auction' needs the fact 'dealer' (who made the first call)")
    st = AuctionState(dealer or "N", [])
    passes_in_row = 0
    for i, item in enumerate(raw, 1):
        seat = st.turn
        where = f"auction call {i}"
        if isinstance(item, dict):
            extra = set(item) - {"seat", "call"}
            if extra or "call" not in item:
                raise FactError(f"{where}: an auction entry is a call or {{\"seat\": ..., \"call\": ...}}, not {json.dumps(item, ensure_ascii=False)}")
            if "seat" in item:
                given = parse_seat(item["seat"], where)
                if given != seat:
                    raise FactError(f"{where} is by {given} but it was {seat}'s turn (calls go clockwise from the dealer {st.dealer})")
            item = item["call"]
        call = parse_call(item, where)
        if st.ended:
            raise FactError(f"{where} ({call} by {seat}) comes after the auction had ended")
        if call.kind == "bid":
            if call.level > 7:
                raise FactError(f"{where}: {call} by {seat} is a bid of more than seven; describe it as the irregular call, not as part of the auction")
            if not call.supersedes(st.last_bid):
                raise FactError(f"{where}: {call} by {seat} does not supersede {st.last_bid}; an auction so far must be legal "
                                "(describe an insufficient bid as the irregular 'call')")
            st.last_bid, st.last_bid_seat, st.doubled = call, seat, 0
            passes_in_row = 0
        elif call.kind in ("double", "redouble"):
            if not st.double_allowed(seat, call.kind):
                what = "double" if call.kind == "double" else "redouble"
                raise FactError(f"{where}: {seat}'s {what} is not permitted by Law 19 here; an auction so far must be legal "
                                "(describe an inadmissible double as the irregular 'call')")
            st.doubled = 1 if call.kind == "double" else 2
            passes_in_row = 0
        else:
            passes_in_row += 1
        st.calls.append((seat, call))
        if (st.last_bid is not None and passes_in_row == 3) or (st.last_bid is None and passes_in_row == 4):
            st.ended = True
    if st.ended and not allow_ended:
        raise FactError("the auction has already ended (three passes after the last bid, or four passes); "
                        "for a call after the final pass say irregularity 'call_after_final_pass'")
    return st


# --- validation --------------------------------------------------------------------------------

def _type_error(key: str, d: FactDef, value) -> FactError:
    shown = json.dumps(value, ensure_ascii=False)
    want = {"boolean": "true or false", "integer": "a whole number", "seat": "N, E, S or W",
            "call": "a call such as 1S, 2NT, P, X, XX", "seated_call": "an object {\"seat\": \"E\", \"call\": \"1H\"}",
            "cards": "a list of cards such as [\"SK\", \"H4\"]", "auction": "a list of calls from the dealer",
            "enum": "one of " + ", ".join(d.allowed)}[d.type]
    return FactError(f"fact '{key}' must be {want}, not {shown}")


def check_value(key: str, d: FactDef, value):
    """Return the normalized value or raise FactError."""
    if d.type == "boolean":
        if not isinstance(value, bool):
            raise _type_error(key, d, value)
        return value
    if d.type == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            raise _type_error(key, d, value)
        if (d.minimum is not None and value < d.minimum) or (d.maximum is not None and value > d.maximum):
            raise FactError(f"fact '{key}' must be from {d.minimum} to {d.maximum}, not {value}")
        return value
    if d.type == "enum":
        if not isinstance(value, str):
            raise _type_error(key, d, value)
        if value not in d.allowed:
            near = get_close_matches(value, d.allowed, n=1, cutoff=0.6)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            raise FactError(f"fact '{key}' cannot be '{value}'{hint}; allowed: {', '.join(d.allowed)}")
        return value
    if d.type == "seat":
        return parse_seat(value, f"fact '{key}'")
    if d.type == "call":
        return str(parse_call(value, f"fact '{key}'"))
    if d.type == "seated_call":
        if not isinstance(value, dict) or set(value) != {"seat", "call"}:
            raise _type_error(key, d, value)
        return {"seat": parse_seat(value["seat"], f"fact '{key}'"), "call": str(parse_call(value["call"], f"fact '{key}'"))}
    if d.type == "cards":
        if not isinstance(value, list) or not value:
            raise _type_error(key, d, value)
        cards = [parse_card(c, f"fact '{key}'") for c in value]
        if len(set(cards)) != len(cards):
            raise FactError(f"fact '{key}' names a card twice")
        return cards
    if d.type == "auction":
        if not isinstance(value, list):
            raise _type_error(key, d, value)
        return value               # checked as a whole in derive()
    raise AssertionError(d.type)


def read_scenario(obj) -> dict:
    """The facts of a scenario object: the object itself, or its "facts" member (a golden scenario file)."""
    if not isinstance(obj, dict):
        raise FactError("a scenario must be a JSON object of facts")
    if "facts" in obj:
        extra = set(obj) - META_KEYS - {"facts"}
        if extra:
            raise FactError(f"unknown key '{sorted(extra)[0]}' beside 'facts' (allowed: facts, {', '.join(sorted(META_KEYS))})")
        obj = obj["facts"]
        if not isinstance(obj, dict):
            raise FactError("'facts' must be a JSON object")
    return obj


def validate(raw: dict, vocab: dict[str, FactDef]) -> dict:
    """Check every fact against the vocabulary; return the normalized facts (nulls dropped:
    a null fact is unknown)."""
    facts = {}
    for key, value in raw.items():
        d = vocab.get(key)
        if d is None:
            inputs = [k for k, v in vocab.items() if not v.derived_only]
            near = get_close_matches(key, inputs, n=1, cutoff=0.6)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            raise FactError(f"unknown fact '{key}'{hint}; the facts are listed in docs/scenario-facts.md")
        if d.derived_only:
            raise FactError(f"fact '{key}' is derived by the rules and cannot be given")
        if value is None:
            continue
        facts[key] = check_value(key, d, value)
    return facts


# --- derivation: what the facts imply at the table -----------------------------------------------

AUCTION_PHASE = {"insufficient_bid", "call_out_of_rotation", "simultaneous_calls", "inadmissible_double",
                 "call_when_required_to_pass", "bid_above_seven", "change_of_call", "card_exposed_during_auction",
                 "three_passes_one_out_of_rotation", "cards_from_wrong_board", "incorrect_number_of_cards"}


def _set(facts: dict, derived: dict, key: str, value, why: str) -> None:
    """Set a computed fact; if the scenario states it differently, that is a contradiction."""
    if key in facts and facts[key] != value:
        raise FactError(f"fact '{key}' is {json.dumps(facts[key])} but {why} makes it {json.dumps(value)}")
    if key not in facts:
        facts[key] = value
        derived[key] = value


def derive(facts: dict) -> tuple[dict, dict]:
    """Add the facts that follow from the others; return (all facts, the computed ones)."""
    facts = dict(facts)
    computed: dict = {}
    irr = facts.get("irregularity")

    call_obj = facts.get("call")
    call = parse_call(call_obj["call"], "fact 'call'") if call_obj else None
    if call_obj:
        _set(facts, computed, "offender", call_obj["seat"], f"the call by {call_obj['seat']}")
        _set(facts, computed, "call_type", call.kind, f"the call {call}")
        if call.kind == "bid" and call.level > 7 and irr != "bid_above_seven":
            raise FactError(f"the call {call} is a bid of more than seven: say irregularity 'bid_above_seven'")
    if irr == "bid_above_seven" and call is not None and not (call.kind == "bid" and call.level > 7):
        raise FactError(f"the call {call} is not a bid of more than seven")
    if irr == "insufficient_bid" and call is not None and call.kind != "bid":
        raise FactError(f"the call {call} is not a bid, so it cannot be an insufficient bid")
    if irr == "inadmissible_double" and call is not None and call.kind not in ("double", "redouble"):
        raise FactError(f"the call {call} is not a double or redouble")

    st = None
    if "auction" in facts:
        st = build_auction(facts.get("dealer"), facts["auction"],
                           allow_ended=irr not in AUCTION_PHASE)
        if irr == "call_after_final_pass" and not st.ended:
            raise FactError("a call after the final pass needs an auction that has ended (three passes after the last bid)")
        d = st.contract_declarer()
        if d is not None and "declarer" not in facts:
            facts["declarer"] = computed["declarer"] = d
    elif "dealer" in facts and call is not None:
        st = AuctionState(facts["dealer"], [])

    if st is not None and call is not None and irr in AUCTION_PHASE:
        seat = call_obj["seat"]
        turn = st.turn
        if irr == "simultaneous_calls":
            if "simultaneous_with" in facts and facts["simultaneous_with"] != turn:
                raise FactError(f"it was {turn}'s turn to call, not {facts['simultaneous_with']}'s: a simultaneous call is "
                                "simultaneous with the call of the player whose turn it was")
            if seat == turn:
                raise FactError(f"{seat} is the player whose turn it was: the other of the two simultaneous calls is the irregular one")
            turn = lho(turn)                          # Law 33: deemed made after the correct player's call
        in_rot = seat == turn
        why = f"the auction (it was {turn}'s turn)"
        _set(facts, computed, "in_rotation", in_rot, why)
        if not in_rot:
            rel = {rho(seat): "rho", partner(seat): "partner", lho(seat): "lho"}[turn]
            _set(facts, computed, "at_turn_of", rel, why)
        _set(facts, computed, "offender_previously_called", any(s == seat for s, _ in st.calls), "the auction")
        if irr == "call_out_of_rotation" and in_rot:
            raise FactError(f"{seat}'s {call} was made in rotation (it was {seat}'s turn): not a call out of rotation")
        if irr == "insufficient_bid":
            if call.supersedes(st.last_bid):
                over = f"over {st.last_bid}" if st.last_bid else "as the first bid"
                raise FactError(f"{call} by {seat} is sufficient {over}: not an insufficient bid")
        if call.kind in ("double", "redouble"):
            ok = st.double_allowed(seat, call.kind)
            _set(facts, computed, "call_inadmissible", not ok, "Law 19 and the auction")
            if irr == "inadmissible_double" and ok:
                raise FactError(f"{seat}'s {call} is permitted by Law 19 here: not an inadmissible double or redouble")
        if call.kind == "bid" and irr in ("call_out_of_rotation", "simultaneous_calls") and not call.supersedes(st.last_bid):
            raise FactError(f"{call} by {seat} is also insufficient over {st.last_bid}: say irregularity 'insufficient_bid' "
                            "(Law 27A2 sends an insufficient bid out of rotation to Law 31)")
    if irr == "call_out_of_rotation" and "in_rotation" not in facts:
        facts["in_rotation"] = computed["in_rotation"] = False
    if irr == "call_out_of_rotation" and facts.get("in_rotation") is True:
        raise FactError("a call out of rotation cannot be in rotation (fact 'in_rotation' is true)")

    # the insufficient bid's replacement (Law 27B)
    if "replacement_call" in facts:
        if irr != "insufficient_bid":
            raise FactError("fact 'replacement_call' is about an insufficient bid (irregularity 'insufficient_bid')")
        rep = parse_call(facts["replacement_call"], "fact 'replacement_call'")
        if rep.kind == "bid":
            if st is None:
                raise FactError("fact 'replacement_call' is a bid: give the auction (and dealer) so its sufficiency can be checked")
            kind = "sufficient_bid" if rep.supersedes(st.last_bid) else "insufficient_bid"
        else:
            kind = rep.kind
        _set(facts, computed, "replacement_type", kind,
             f"the replacement {rep} over {st.last_bid if st else 'the auction'}")
        if kind == "sufficient_bid" and call is not None and not facts.get("insufficient_bid_artificial", False):
            lowest = min(l for l in range(1, 8) if Call("bid", l, call.strain).supersedes(st.last_bid)) \
                if Call("bid", 7, call.strain).supersedes(st.last_bid) else None
            same = rep.strain == call.strain and rep.level == lowest
            _set(facts, computed, "replacement_lowest_same_denomination", same,
                 f"the replacement {rep} for the insufficient {call}")
        elif kind != "sufficient_bid":
            _set(facts, computed, "replacement_lowest_same_denomination", False, f"the replacement {rep}")

    # cards
    if "exposed_cards" in facts:
        cards = facts["exposed_cards"]
        _set(facts, computed, "exposed_count", len(cards), "the exposed cards")
        _set(facts, computed, "exposed_honour", any(c[1:] in HONOURS for c in cards), "the exposed cards")
        _set(facts, computed, "exposed_suits", len({c[0] for c in cards}), "the exposed cards")
    if facts.get("prematurely_led") is True and "exposure_deliberate" not in facts:
        facts["exposure_deliberate"] = computed["exposure_deliberate"] = True     # a lead is deliberate play
    if irr == "simultaneous_plays" and "faces_visible" in facts and "exposed_count" not in facts and facts["faces_visible"] >= 2:
        facts["exposed_count"] = computed["exposed_count"] = facts["faces_visible"] - 1

    # roles
    off, dec = facts.get("offender"), facts.get("declarer")
    if off and dec:
        role = "declarer" if off == dec else "dummy" if off == partner(dec) else "defender"
        _set(facts, computed, "offender_role", role, f"offender {off} and declarer {dec}")
    if irr == "opening_lead_out_of_turn" and off and dec and off == lho(dec):
        raise FactError(f"the opening lead is {off}'s (declarer {dec}'s LHO): {off}'s lead is not out of turn")
    if irr not in AUCTION_PHASE and "offender_role" in facts and "offender_becomes" not in facts \
            and facts["offender_role"] in ("declarer", "dummy", "defender"):
        facts["offender_becomes"] = computed["offender_becomes"] = facts["offender_role"]
    if irr == "revoke" and facts.get("offender_role") == "dummy" and "failed_to_play" not in facts:
        facts["failed_to_play"] = computed["failed_to_play"] = "dummy_card"
    if facts.get("established_by", "unspecified") != "unspecified":
        _set(facts, computed, "revoke_established", facts["established_by"] != "not_established", "fact 'established_by'")
    return facts, computed


def seats_of(facts: dict) -> dict[str, str]:
    """The seats behind the roles the conclusions name."""
    out = {}
    off, dec = facts.get("offender"), facts.get("declarer")
    if off:
        out.update(offender=off, partner=partner(off), lho=lho(off), rho=rho(off))
    if dec:
        out.update(declarer=dec, dummy=partner(dec))
    return out


def load_file(path: str) -> dict:
    """A facts file through the one input decoder (UTF-8, size, depth and integer limits)."""
    from query.inputs import existing_file, load_json, read_file
    return load_json(read_file(existing_file(path, "facts file"), "facts file"), "facts file")
