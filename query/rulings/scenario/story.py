"""From mentions to a story: who did what, in order (the input of the table replay).

A director tells the table in sentences whose subject is a seat ("West, who hadn't noticed, bid
1NT"), a role ("his partner", "declarer", 庄家) or is left out ("N 1NT, E 2D"). This module turns
the mentions of query/rulings/scenario/reader.py into Actions (actor, event, call/card/suit,
trick) and collects what the story states around them: the dealer, the contract and declarer,
the Director's findings. It reads only what is written: a call or card with no actor stays without
one, and a call that repeats one already made ("the 1♠ card", "2♣ is insufficient") is a
reference, not a new call.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from query.rulings.facts import SEATS, lho, partner, rho  # noqa: F401
from query.rulings.scenario.reader import Mention, read_call

CALL_EVENTS = {"open", "bid", "say", "pull", "replace"}
# a finding said with a negation before it in its clause is its opposite
OPPOSITE = {"comparable": "not_comparable", "established": "not_established", "unintended": "intended",
            "intended": "unintended", "card_legal": "card_illegal", "logical_alternative": "no_logical_alternative",
            "suggested": "not_suggested"}
PLAY_EVENTS = {"lead", "play", "follow", "discard", "ruff", "drop", "expose", "face", "show_out"}
RELATIVE = {"partner": partner, "lho": lho, "rho": rho}
SEAT_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W", "n": "N", "e": "E", "s": "S", "w": "W",
              "北": "N", "東": "E", "东": "E", "南": "S", "西": "W"}


def seats_named(text: str) -> list[str]:
    """The seats a phrase names, as words or letters ("before West had played", "before W had
    played", "该南叫"); "West's" is West, never West and South."""
    words = re.findall(r"(?<![a-z'’])([a-z]+)(?:['’]s\b)?|([北東东南西])", text.lower())
    return [SEAT_WORDS[w] for pair in words for w in pair if w in SEAT_WORDS]


@dataclass
class Action:
    actor: str | None                 # a seat, or a role not yet resolved ("declarer", "dummy", "defender")
    kind: str                         # an event id of the pattern files; "bid"/"play" when implicit
    index: int                        # order in the story
    spans: list = field(default_factory=list)   # (fact, Mention)
    call: str | None = None
    cards: list = field(default_factory=list)
    suit: str | None = None
    trick: int | None = None
    implicit: bool = False
    fresh_subject: bool = False       # its subject was named just before it ("West bid ...")


# a player's contention, not the Director's judgement ("認為" and "said" are the Director's words too)
_CONTENDED = re.compile(r"\b(insist|insisted|insists|argued|argues|claimed|claims|contended|maintained)\b|坚持|堅持|声称|聲稱|不服", re.I)
_PARTICIPLE = re.compile(r"\s+(already\s+|just\s+)?(won|played|led|ruffed|discarded|followed|shown|called|bid|passed|doubled|"
                         r"taken|made|gone|been|claimed|conceded|revoked|thrown|seen|noticed|said|put|pulled|dropped)\b", re.I)


@dataclass
class Story:
    actions: list[Action]
    findings: list[tuple[int, str, Mention]]      # (index of the action before it, finding, mention)
    dealer: tuple[str, Mention] | None = None
    declarer: tuple[str, Mention] | None = None
    contract: tuple[str, Mention] | None = None
    box: bool = False                             # the bidding box is mentioned
    questions: list[Mention] = field(default_factory=list)
    seats_named: int = 0
    trick: tuple[int, Mention] | None = None
    dummy: tuple[str, Mention] | None = None
    seat_mentions: list[Mention] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)     # everything read, for what a quote contains
    text: str = ""                    # the plain, folded copy the phrase checks read (same offsets)
    source: str = ""                  # the user's own text, for the words shown with each fact
    table: bool = False
    owned_calls: list[tuple[str, str, Mention, Mention]] = field(default_factory=list)   # "East's 1♦": (seat, call, ...)
    loose_cards: list[Mention] = field(default_factory=list)   # cards named outside any action ("North's ♠A fell")
    over_bid: tuple[str, Mention] | None = None     # "East bid 1♥ over 1♠": the bid before, by a seat untold
    defenders: dict = field(default_factory=dict)     # seats the story calls defenders ("西是防家"): seat -> mention

    def has(self, finding: str, after: int = -1) -> Mention | None:
        return next((m for i, f, m in self.findings if f == finding and i >= after), None)

    def last_said(self, findings: tuple[str, ...], after: int = -1) -> tuple[str, Mention] | None:
        """The last of these findings told ("我一開始以為不能比擬…改判：屬比擬叫品": the Director's last word), not a
        player's contention ("East insisted it was comparable", "東家不服，堅持說屬比擬叫品")."""
        told = [(f, m) for i, f, m in self.findings if f in findings and i >= after]
        own = [(f, m) for f, m in told if not _CONTENDED.search(re.split(r"[。.;；]", self.text[max(0, m.start - 24):m.start])[-1])]
        return max(own or told[:1], key=lambda x: x[1].start, default=None)


def _near(a: Mention, b: Mention, gap: int = 3) -> bool:
    return 0 <= b.start - a.end <= gap or 0 <= a.start - b.end <= gap


JOINERS = {"", "(", "（", ":", "：", "is", "was", "being", "as", "the", "is the", "was the", "as the", "是", "为", "為", "就是", "就是由", ", a",
           "，即", "担任", "became", "becomes", "became the", "becomes the", "成了", "成为", "变成", "当了"}


def _joined(text: str, a: Mention, b: Mention) -> bool:
    """"South, the declarer" no, "South (declarer)", "declarer is South", "West, a defender", "庄家是南家" yes."""
    if a.text.endswith("."):                   # "… should have been W. Declarer said": a sentence ends
        return False
    between = text[a.end:b.start].strip().strip("(（").strip().lower()
    return between in JOINERS


def _possessive(text: str, m: Mention) -> bool:
    """"North's 2♦", "北的叫牌": a seat named as owner, not as the subject of what follows."""
    rest = text[m.end:m.end + 2]
    return rest.startswith(("的", "'s", "’s")) or rest.lower().startswith("s'")


def _seat_after(text: str, m: Mention, n: Mention | None) -> bool:
    """"1♥ S, pass W": a call written before the seat that made it (then a separator)."""
    if n is None or n.label != "SEAT":
        return False
    between = text[m.end:n.start].strip().lstrip("(（").strip().lower()      # "1♠（北）- 2♥（東）"
    after = text[n.end:n.end + 2].strip()
    return between in ("", "by") and (n.text.endswith(".") or after == "" or after[0] in ",.;，。；、-–—)）/"
                                      or text[n.end:n.end + 1] == " " and after[:1] in "-–—")


_NOT_THIS_CARD = re.compile(r"(\bnot|instead of|rather than|\bkeeping|\bkept|\bleaving|不是|而非|而不是|没有出|没出|没有打|没打|没有跟|没跟|没有垫|而没有)\s*(the\s+|桌上的|桌面上的|那张|那張)?$", re.I)


# a word or two written after a call in an auction ("3♥ cue - pass", "2♣ (Stayman) - 2♦", "3♠ after a think")
_ANNOTATION = re.compile(r"\((?:[^()]{0,24})\)|\b(cue(?:-?bid)?|nat(?:ural)?|alerted|alert|forcing|transfer|stayman|weak|strong|"
                         r"splinter|inv(?:itational)?|pre-?empt(?:ive)?|asking|relay|artificial|conventional|gf|game-forcing)\b",
                         re.I)

# the cards a player holds, told with no event before them: "S has ♠2 and ♥AKQ", "他手上♠5、♦AK" (what he still
# holds, Law 70; not a card played)
_HELD_CARDS = re.compile(r"(\b(has|had|holds|held|holding)|手上|手里|手中|剩下?)\s*(the\s+|只有|还有|有|是)?$", re.I)

# "led the ♠3 towards dummy's ♠KJ5": the cards a lead goes towards are held there, not played
_TOWARDS = re.compile(r"\b(towards?|through|up to)\s+(the\s+)?(dummy|declarer|north|south|east|west|[NESW])'s\s*$", re.I)


def _after_pronoun(text: str, at: int) -> bool:
    """"He has ♠2 and ♥AKQ", "他手上♠5": words at `at` told of the player just spoken of."""
    return re.search(r"(\b(he|she)\s+(still\s+)?|他|她)$", text[max(0, at - 10):at], re.I) is not None


# a card only seen, not played ("having seen the ♠K", "看到♠K后")
_SEEN_CARD = re.compile(r"(\b(seen|saw|seeing|sees|noticed|looking at|looked at)|看到了?|看见了?)\s*(the\s+|that\s+)?$", re.I)

_NOT_YET = "(还没|还没有|尚未|都还没)"
# a Director asking whether the ruling he gave was right ("这样对吗?", "Correct?", "Was I right?"), and where
# he starts to tell that ruling ("我判…", "我让东…", "I let the defenders choose…"): what it names may be wrong
# and is not what happened at the table
_ASKS_IF_RIGHT = re.compile(r"(对吗|对不对|可以吗|是否正确|正确吗|判错|有没有问题|没问题吧|\b(correct|right|ok|okay|good|fine|agree)\b\s*\?"
                            r"|was (i|that) right|did i get (it|that) right)\W*$", re.I)
_RULING_TOLD = re.compile(r"我(就|当时|当场|便)?(判|让|裁定|罚|要求|允许|准许|说|告诉)|\bI (ruled|let|had (?!been|just|a |an |the |to |already|no |not |never|only|seen)"
                          r"|made|told|allowed|gave|warned|cancell?ed|awarded|adjusted|transferred|required)\b", re.I)


def _not_yet_before(text: str, pos: int, reach: int) -> int | None:
    """Where "还没…" (not yet) starts, within `reach` characters before `pos`, in the same clause and
    with no 就/才 between (in "还没出牌，东就出了" the card was played); None if there is none."""
    lo = max(0, pos - reach - 4)
    found = re.search(_NOT_YET + r"[^，,。.;；!?！？就才]{0,%d}$" % reach, text[lo:pos])
    return lo + found.start() if found else None


def _contract_call(text: str, a: Mention | None, b: Mention | None) -> bool:
    """A bid written right against the declarer's seat, "4♠南" or "东4♥": the contract."""
    call = a if a is not None and a.label == "CALL" else b
    return a is not None and b is not None and call.label == "CALL" and call.value not in ("P", "X", "XX", "AP") \
        and 0 <= b.start - a.end <= 1 and text[a.end:b.start].strip() == ""


_DOUBT = re.compile(r"到底|是否(?!定)|有没有|有无|算不算|是不是|能不能|会不会|该不该|对不对|说法不一|说法不同|各执一词|各说各|意见不一|"
                    r"不确定|记不清|还没判断|还没决定|还没定|还未定|尚未决定|待定|"
                    r"\b(whether|not sure|unsure|don't agree (about|on)|disagree (about|on) (who|whether|which)|(nobody|no one|no-one) (can|could) agree|"
                    r"can't agree|cannot agree|could not agree|couldn't agree|"
                    r"accounts differ|not made up my mind|undecided)\b", re.I)     # (是否定: 否定性, "negative"; 不记得: he forgot)


# a poll of players (Law 16B1(b)): "I polled five players", 民调; asking players counts only for what they would
# call ("I asked four players what they would bid", 问了5位牌手会怎么叫), not the table's own account of what happened
_POLL = re.compile(r"\bpoll(ed|ing)?\b|民调|民意调查", re.I)
_ASKED_PLAYERS = re.compile(r"\bI (asked|consulted) (\w+ ){0,2}(players|peers|experts)\b|询问了|咨询了|问了\S{0,3}[位个名](牌手|选手|高手|人)", re.I)
_WOULD = re.compile(r"\bwould\b|会|會", re.I)


# a player's or a side's account of a fact ("北说他换成2♦", "East says he had not played", "南北说…"), as
# against a call said aloud (东说“不叫”) or a question
_ACCOUNT = re.compile(r"^\s*(说|說|坚称|坚持说)(是|他|她|已|还|第|这|那|没|不是|自己|对方|东|南|西|北|庄家|明手)|"
                      r"^\s*(says|said|claims|claimed|insists|insisted|maintains|maintained)\s+(that|he|she|it|they|the|trick|dummy|declarer)\b",
                      re.I)


_AGREES = re.compile(r"\s*(没问题|没关系|可以|好|同意|接受|ok|okay|fine|that's fine|no problem|agreed?)", re.I)


def _disputed_accounts(ms: list[Mention], text: str) -> list[tuple[int, int]]:
    """Where the two sides give their own accounts of a fact ("北说他换成2♦，东西说是2♥"): from the first side's last
    account before the other's to the end of the other's sentence. An answer that agrees ("东说没问题，接受") is no
    rival account, nor is what a partner adds."""
    accounts = []                                  # (side, start of the account)
    side = None
    for m in ms:
        if m.label == "SEAT" and m.value in SEATS:
            side = "NS" if m.value in "NS" else "EW"
        elif m.label == "SIDE" and m.value in ("NS", "EW"):
            side = m.value
        elif m.label == "EVENT" and m.value == "say" and side is not None and _ACCOUNT.match(text[m.start:m.end + 12]) \
                and not _AGREES.match(text[m.end:m.end + 8]):
            accounts.append((side, m.start))
    out = []
    for (side1, at1), (side2, at2) in zip(accounts, accounts[1:]):
        if side1 != side2 and len(_SENTENCE_END.findall(text, at1, at2)) <= 1:
            end = _SENTENCE_END.search(text, at2)
            out.append((at1, end.start() if end else len(text)))
    return out


def _sentence_start(text: str, at: int) -> int:
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    return ends[-1] if ends else 0


def build(ms: list[Mention], text: str = "") -> Story:
    """The story the mentions tell: actions in order and what is said around them."""
    return _Teller(ms, text).story()


class _Teller:
    """Reads the mentions in order, as a listener follows a teller: who is speaking of whom (the actor
    and whether he was just named), which calls were made and by whom, what is only believed, and what
    the teller takes back. One method per kind of mention."""

    def __init__(self, ms: list[Mention], text: str) -> None:
        self.ms, self.text = ms, text
        self.st = Story([], [], text=text, mentions=ms)
        self.actor: str | None = None
        self.actor_m: Mention | None = None
        self.fresh = False              # a subject was named since the last action
        self.made_bids: dict[str, str] = {}      # bid -> seat that made it
        self.told_again: Action | None = None    # the last call, told again to start the auction written out
        self.skip: set[int] = set()
        self.over: tuple | None = None     # "West bid 1H over North's 1S": (subject, its mention) while reading North's 1S
        self.belief_until = -1             # "he thought W passed", "他以为是应叫1♠": what someone believed, not what happened
        self.believed_won: Mention | None = None   # the trick of "以为自己赢了第7墩": he leads to the next one
        self.corrections: list[tuple[str, int, int, int, int, int]] = []   # (kind, first action, action after, first finding, finding after, where)
        self.clause = self.before = (0, 0)     # where the teller's current (and previous) sentence began: (actions, findings)
        self.outside: tuple | None = None      # the subject before an open bracket: (actor, its mention, fresh)
        self.aside: Mention | None = None      # the seat of ", asked by East,": not the subject of what follows

    @property
    def last(self) -> Action | None:
        """The action told last."""
        return self.st.actions[-1] if self.st.actions else None

    def story(self) -> Story:
        st, text, ms = self.st, self.text, self.ms
        # the sentences in which he tells the ruling he gave, when he asks whether it was right
        asks = _ASKS_IF_RIGHT.search(text)
        ruled = [(t.start(), e.start() if (e := _SENTENCE_END.search(text, t.end())) else len(text))
                 for t in _RULING_TOLD.finditer(text)] + [asks.span()] if asks else []     # (and "Correct?" itself)
        # the sentences that say a fact is in doubt ("第6磴到底是谁赢的，说法不一", "whether that double is comparable"):
        # no finding is read from them, nor who won a trick; the reasoner asks instead
        doubted = [(_sentence_start(text, d.start()), e.start() if (e := _SENTENCE_END.search(text, d.end())) else len(text))
                   for d in _DOUBT.finditer(text)]
        disputed = _disputed_accounts(ms, text)
        # a poll told, to the end of its sentence ("I polled five players: four passed 3♠, one bid 4♠"): what the
        # polled players would call is not a call at the table (Law 16B1(b) reads the poll's finding from them)
        polls = [(p.start(), e.start() if (e := _SENTENCE_END.search(text, p.end())) else len(text)) for p in _POLL.finditer(text)]
        asked = [(p.start(), e.start() if (e := _SENTENCE_END.search(text, p.end())) else len(text)) for p in _ASKED_PLAYERS.finditer(text)]
        ruled += polls + [(a, b) for a, b in asked if _WOULD.search(text, a, b)]
        # anything of a table at all: a seat, a player's role, a call, a card, a contract, a trick, or an action
        st.table = any(m.label in ("SEAT", "SIDE", "CALL", "CARD", "CONTRACT", "TRICK", "DEALER")
                       or (m.label == "ROLE" and m.value != "director") or (m.label == "EVENT" and m.value != "call_director")
                       for m in ms)
        said_by = _speakers_after_quotes(ms, text)
        for i, m in enumerate(ms):
            if i in self.skip:
                continue
            quote = next((q for q in said_by if q[0] < m.start < q[1]), None)
            if quote is not None and not (i and quote[0] < ms[i - 1].start):
                speaker = said_by[quote]           # "'Two spades — sorry, two hearts,' said North": his calls
                self.actor, self.actor_m, self.fresh = speaker.value, speaker, True
            prev = ms[i - 1] if i else None
            if prev is not None and _SENTENCE_END.search(text[prev.end:m.start]):
                self.before, self.clause = self.clause, (len(st.actions), len(st.findings))
                self.over = None                                 # an "over" phrase does not reach past its sentence
            nxt = ms[i + 1] if i + 1 < len(ms) else None
            self._bracket(text[prev.end if prev is not None else 0:m.start])
            if (m.start < self.belief_until or any(a <= m.start < b for a, b in ruled)) \
                    and (m.label in ("EVENT", "CALL", "CARD", "ROLE", "SEAT")
                         or m.label == "FINDING" and m.value in ("trump_out", "no_trump_out", "established", "not_established")):
                won = re.search(r"(?<!\d)(1[0-3]|[1-9])(?!\d)", m.text) if m.label == "EVENT" and m.value == "win" else None
                if won and m.start < self.belief_until:     # "thinking he had won trick 7": the trick the story is at
                    st.trick, self.believed_won = (int(won.group(1)), m), m
                continue                                  # (nor is whom it was about the one who acts next)
            if any(a <= m.start < b for a, b in doubted) and (m.label == "FINDING" and m.value != "vulnerability"
                                                               or m.label == "EVENT" and m.value == "win"):
                continue
            if any(a <= m.start < b for a, b in disputed) and m.label in ("FINDING", "CALL", "CARD", "EVENT") \
                    and not (m.label == "EVENT" and m.value == "say"):
                continue                                  # what the two sides tell differently is in doubt
            handler = self._HANDLERS.get(m.label)
            if handler is not None:
                handler(self, i, m, prev, nxt)
        _take_back(st, self.corrections)
        _intended_told_first(st)
        _director_makes_no_call(st)
        _lone_bid_is_the_contract(st)
        _found_cards(st)
        _leads_from_hand_to_dummy(st)
        return st

    def _bracket(self, gap: str) -> None:
        """A remark in brackets does not change whom the story is about: "he never played to trick 6
        (a heart was led, E won it with the HA) and he still has hearts" — he is still West."""
        last = max(gap.rfind(c) for c in "()（）")
        if last < 0:
            return
        if gap[last] in "(（":
            self.outside = (self.actor, self.actor_m, self.fresh)
        elif self.outside is not None:
            self.actor, self.actor_m, self.fresh = self.outside
            self.outside = None

    def _dealer(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """Who dealt: "dealer North", "North dealt", "南家发牌", "Dlr: N"."""
        st, text = self.st, self.text
        if prev is not None and prev.label == "SEAT" and text[prev.end:m.start].strip(" ,，").lower() in ("", "是", "为", "is", "is the", "was", "was the", "the"):
            st.dealer = (prev.value, prev)       # "南家發牌", "North dealt"
            if st.actions and st.actions[-1].spans and st.actions[-1].spans[0][1] is prev:
                st.actions.pop()
            # "N 發牌 pass": a call right after is the dealer's own; otherwise the dealer is not the subject
            self.fresh = nxt is not None and nxt.label == "CALL" and nxt.start - m.end <= 3 \
                and text[m.end:nxt.start].strip() in ("", ",", "，", "开", "，开", ",开")      # ("西家發牌開一紅心")
        elif nxt is not None and nxt.label == "SEAT" and text[m.end:nxt.start].strip() in ("", ":", "：", "is", "was", "是", "为"):
            st.dealer = (nxt.value, nxt)         # "dealer North", "Dlr: N", "发牌人是北家"
            self.skip.add(i + 1)
            after = self.ms[i + 2] if i + 2 < len(self.ms) else None
            if after is not None and (after.label == "CALL" and text[nxt.end:after.start].strip() in ("", ":", "：", ",", "，", "-", "开")
                                      or after.label == "EVENT" and after.value in ("open", "bid") and not text[nxt.end:after.start].strip()):
                # "Dealer East: 1S - (1H)", "Dealer West opened 1H": the dealer's call
                self.actor, self.actor_m, self.fresh = nxt.value, nxt, True

    def _finding(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """What the teller or the Director states (comparable, established, "the call was unintended"), a belief
        that is not an event, or the teller taking back what he said."""
        st, text, ms = self.st, self.text, self.ms
        if m.value == "agreement_told" and re.search(r"\b(as|like)\s+$|正如\s*$|如同\s*$", text[max(0, m.start - 6):m.start], re.I):
            return              # "explained as a single-suited hand, as their notes say": the card agrees with it
        if m.value == "wanted" and m.text.lower() in ("meant", "intended") and not (
                nxt is not None and nxt.label == "CALL"
                and re.fullmatch(r"\s*(to\s+)?((bid|say|pull|call|open)\s+)?", text[m.end:nxt.start], re.I)):
            return              # "2♣ intended as Stayman", "meant as natural": what a call means, not the call he meant
        if m.value == "poll_pass":
            st.findings.append((len(st.actions) - 1, m.value, m))     # a poll's answer (16B1(b)), kept as a finding
        if m.value in ("belief", "unseen", "hypothetical", "poll_pass") and not (
                m.value == "hypothetical" and any(a.kind in ("claim", "concede") for a in st.actions)):
            # a belief or what he missed runs to the end of its clause, a "what if" or a poll's "would pass 3♠ with
            # South's hand" to the end of its sentence (but after a claim, "if he plays clubs first, East ruffs" is
            # the line the Director weighs, 70C)
            ends = [k for k in (text.find(c, m.end) for c in ".;!?。；！？)）" + (",，" if m.value not in ("hypothetical", "poll_pass") else "")) if k >= 0]
            if m.value == "unseen":         # "南没看到东的争叫 叫了1♦": what he missed ends where he acts
                ends += [x.start for x in ms[i + 1:] if x.label == "EVENT"][:1]
            # "thought he had won trick 7 and led the ♠K": a verb after "and" with no subject of its own is his act
            ends += [x.start for x in ms[i + 2:] if x.label == "EVENT" and re.search(r"\band\s+(then\s+)?$", text[:x.start])][:1]
            # "北以為叫完了也派司": what he believed ends at 了, and what he did follows 也 / 就 / 便
            done = re.search(r"了(?=[也就便])", text[m.end:m.end + 20])
            if done is not None and m.value == "belief":
                ends.append(m.end + done.end())
            self.belief_until = min(ends) if ends else len(text)
            return
        if m.value == "next_trick" and (
                _not_yet_before(text, m.start, 6) is not None or re.match(r"\s*" + _NOT_YET, text[m.end:m.end + 4])):
            # "他和夢家都還沒出下一磴", "下一磴還沒有任何人出牌": nobody has played to the next trick (Law 63A)
            m = Mention("FINDING", "not_established", m.start, m.end, m.text)
        if m.value in ("comparable", "not_comparable") and re.match(r"[^,.;，。；]{0,4}吗", text[m.end:m.end + 6]):
            return                                  # "2♣和1♠意思相近吗？": asked, not found
        if m.value in OPPOSITE \
                and re.search(r"(\bnot\b|n't\b|\bnever\b|不是|并非|不算|并不|不比|没有|没(?!叫))[^,.;，。；!?！？]{0,20}$", text[max(0, m.start - 30):m.start], re.I):
            # "it was not a comparable call", "wasn't comparable", "不是1♥的比擬叫品", "it wasn't established",
            # "I was not satisfied it was unintended": the Director's finding is the opposite one
            m = Mention("FINDING", OPPOSITE[m.value], m.start, m.end, m.text)
        if m.value == "losable" and re.search(r"只\S?$", text[max(0, m.start - 2):m.start]):
            return                                  # "南攤牌說只會輸給♠A": the claimer's own statement, not a trick he could lose
        if m.value in ("round_over", "established") and re.match(r"\s*(之?前|以前)", text[m.end:m.end + 3]):
            return                                  # "本轮结束前东西发现了": before the round ended, so it had not
        if m.value == "narrator_correction" and re.match(r"[^,.;，。；]{0,12}(……|\.\.\.|…)\s*(对|yes|没错|right)", text[m.end:m.end + 24], re.I):
            return                              # "不對，我再確認一下……對，是西家": checked and confirmed, nothing taken back
        if m.value == "narrator_correction" and re.search(r"(顺序|次序|轮次|叫品|牌|解释|说明|数目|张数|方向|位置)\s*$", text[max(0, m.start - 4):m.start]):
            return                              # "没注意到顺序不对": the order was wrong, the teller takes nothing back
        if m.value in ("narrator_correction", "restart") and _quoted(text, m.start):
            self.fresh = self.actor is not None     # ("'Two spades — sorry, two hearts'": his next call is another one)
            return                              # "'no, sorry, I want to open 1♠'": the player speaking, not the teller
        if m.value == "restart":
            self.made_bids.clear()                      # the calls told before are told again
            self.over = None
        if m.value in ("narrator_correction", "restart"):
            # the teller takes back what he just said; settled after the whole story is read (_take_back)
            # "… N doubled. No wait, it was South": a correction opening a sentence takes back the one before
            start = (0, 0) if m.value == "restart" else self.before if self.clause[0] == len(st.actions) else self.clause
            self.corrections.append((m.value, start[0], len(st.actions), start[1], len(st.findings), m.start))
            if self.actor is not None:
                self.fresh = True          # "東家用♠K——喔不對，是♠A——贏了": the card named next is a new one, his
            return
        if m.value == "out_of_turn" and len(set(seats_named(m.text))) == 1 \
                and re.match(r"\s*(时|的时候|之时|[,，]\s*他)", text[m.end:m.end + 5]):
            # "轮到东时，他拿叫牌卡…", "輪到南，他竟然叫了1♠": the player whose turn it was is the one the sentence goes on about
            self.actor, self.actor_m, self.fresh = seats_named(m.text)[0], m, True
        if m.value == "out_of_turn" and prev is not None and prev.label == "SEAT" and m.start - prev.end <= 1:
            m = Mention("FINDING", m.value, prev.start, m.end, text[prev.start:m.end])   # "West's turn": whose turn
        st.findings.append((len(st.actions) - 1, m.value, m))
        if m.value == "repeat" and re.search(r"revok|藏牌|没跟|沒跟|应跟未跟|應跟未跟", m.text, re.I):
            st.findings.append((len(st.actions) - 1, "revoke", m))     # "both revokes" names revokes too

    def _over(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """"West bid 1♥ over North's 1♠": the call named after "over" was made before."""
        st, text, ms = self.st, self.text, self.ms
        if re.search(r"(^|[.;。；!?！？]|\bthen|然后|然後|接着|接著)\s*$", text[max(0, m.start - 8):m.start], re.I) \
                or re.search(r"\b(auction|bidding)\s*(is|was)?\s*$", text[max(0, m.start - 12):m.start], re.I):
            return           # "Then after S 2♠, West bid 3♥": told in order; "auction over:" is not a call over another
        if nxt is not None and nxt.label == "SEAT" and i + 2 < len(ms) and ms[i + 2].label == "CALL":
            self.over = (self.actor, self.actor_m, self.fresh)
        elif nxt is not None and nxt.label == "CALL" and nxt.value not in ("P", "X", "XX") and nxt.start - m.end <= 2 \
                and st.over_bid is None and not any(a.call for a in st.actions[:-1]):
            st.over_bid = (nxt.value, nxt)
            self.made_bids[nxt.value] = "?"
            self.skip.add(i + 1)

    def _seat(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A seat: usually the subject of what follows; also an owner ("North's 2♦"), a description, the declarer
        or a contract written beside it."""
        st, text, ms = self.st, self.text, self.ms
        st.seat_mentions.append(m)
        if m is self.aside:
            return
        if _possessive(text, m) and self.over is None and not (prev is not None and prev.label == "OVER"):
            st.seats_named += 1
            if nxt is not None and nxt.label == "DEALER" and nxt.start - m.end <= 4 and st.dealer is None:
                st.dealer = (m.value, m)                  # "it was actually South's deal": whose turn it was
                st.findings.append((len(st.actions) - 1, "out_of_turn", Mention("FINDING", "out_of_turn", m.start, nxt.end,
                                                                              text[m.start:nxt.end])))
                self.skip.add(i + 1)
                return
            if nxt is not None and nxt.label == "CARD" and nxt.start - m.end <= 3:
                self.actor, self.actor_m, self.fresh = m.value, m, True      # "北的♥A從手中掉出來": the card's owner acts
            if nxt is not None and nxt.label == "EVENT" and nxt.value == "replace" and nxt.start - m.end <= 3:
                self.actor, self.actor_m, self.fresh = m.value, m, True      # "South's replacement was 2♥"
            if nxt is not None and nxt.label == "ROLE" and nxt.value in RELATIVE:
                self.skip.add(i + 1)                   # "North (West's LHO)": a description, not a new subject
                if not (prev is not None and prev.label == "SEAT" and re.fullmatch(r"\s*[(（,，]\s*", text[prev.end:m.start])):
                    # "东的下家不接受", "East's LHO did not accept": the player so named is the subject
                    self.actor, self.actor_m, self.fresh = RELATIVE[nxt.value](m.value), nxt, True
            if nxt is not None and nxt.label == "CALL" and nxt.start - m.end <= 3:
                if re.search(r"(到了|叫到|up to|reached)\s*$", text[max(0, m.start - 8):m.start], re.I) and nxt.value not in self.made_bids:
                    # "叫牌一路到了北的7NT", "the auction reached North's 7NT": the last bid told, North's
                    st.actions.append(Action(m.value, "bid", len(st.actions), [("actor", m), ("call", nxt)], call=nxt.value, implicit=True))
                    self.made_bids[nxt.value] = m.value
                else:
                    st.owned_calls.append((m.value, nxt.value, m, nxt))
                self.skip.add(i + 1)
            return
        if self.actor in SEATS and self.actor_m is not None and self.fresh and (
                re.fullmatch(r"\s*[(（][^()（）]*", text[self.actor_m.end:m.start])
                or re.fullmatch(r",\s*(sitting|who|whose|i\.e\.|that is|which is)\b[^,.;]*", text[self.actor_m.end:m.start], re.I)):
            st.seats_named += 1
            return                                  # "W (LHO of S) opened", "South, sitting right after East, opened"
        if re.search(r"(\bnot|instead of|rather than|不是|而非|而不是)\s*$", text[max(0, m.start - 12):m.start], re.I):
            st.seats_named += 1
            return                                  # "North, not South, led": the seat that did not act
        if self._place_or_whom(m, nxt):
            return
        st.seats_named += 1
        # "South, the declarer" / "declarer (South)" / "南家主打"
        if nxt is not None and nxt.label == "ROLE" and nxt.value == "declarer" and _joined(text, m, nxt) \
                and (st.declarer is None or st.declarer[0] == m.value):
            st.declarer = (m.value, m)
            if _contract_call(text, prev, m) and st.contract is None:
                st.contract = (prev.value, prev)       # "4♠南主打": the contract, not a call of the auction
                if st.actions and any(x is prev for _, x in st.actions[-1].spans):
                    st.actions.pop()
            after = ms[i + 2] if i + 2 < len(ms) else None
            if _contract_call(text, nxt, after) and st.contract is None:
                st.contract = (after.value, after)     # "南主打 6♣"
                self.skip.add(i + 2)
        if prev is not None and prev.label == "ROLE" and prev.value == "declarer" and _joined(text, prev, m) \
                and (st.declarer is None or st.declarer[0] == m.value or text[prev.end:m.start].strip()) \
                and not (i >= 2 and ms[i - 2].label == "SEAT" and _joined(text, ms[i - 2], prev)):   # "南庄 西…": 庄 is South's
            # ("told declarer East had revoked" does not undo "4♠ by South"; "declarer is South" says it again or corrects it)
            st.declarer = (m.value, m)
            first = st.actions[0] if len(st.actions) == 1 else None
            if st.contract is None and first is not None and first.actor is None and first.call not in (None, "P", "X", "XX"):
                st.contract = (first.call, first.spans[-1][1])     # "4♠, 莊家 S": the bid told first is the contract
                st.actions.pop()
            listed = nxt is not None and nxt.label == "CALL" and nxt.value not in ("P", "X", "XX", "AP") \
                and re.fullmatch(r"\s*[,，]\s*", text[m.end:nxt.start]) and re.match(r"\s*([。.;；,，]|$)", text[nxt.end:])
            if (_contract_call(text, m, nxt) or listed) and st.contract is None:
                st.contract = (nxt.value, nxt)         # "庄家东4♥", "莊家南 4♠", "Decl W，4♥。"
                self.skip.add(i + 1)
        self.actor, self.actor_m, self.fresh = m.value, m, True

    def _role(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A role (partner, LHO, declarer, dummy, defender, the Director): a subject relative to the last seat, or
        a description of the seat just named."""
        st, text = self.st, self.text
        if m.value in RELATIVE and _possessive(text, m) and nxt is not None and nxt.label == "CALL" \
                and nxt.start - m.end <= 3 and self.actor in SEATS:
            # "（是他同伴的賭倍）", "his partner's double": a call already made, named by its owner
            st.owned_calls.append((RELATIVE[m.value](self.actor), nxt.value, m, nxt))
            self.skip.add(i + 1)
            return
        if self._place_or_whom(m, nxt):
            return
        if re.search(r"(\bnot|instead of|rather than|不是|而非|而不是)\W{0,2}$", text[max(0, m.start - 14):m.start], re.I):
            return                                 # "从自己手上——不是梦家——攻出", "declarer, not dummy, led": who did not act
        if m.value in ("declarer", "dummy", "defender", "lho", "rho", "partner") and prev is not None \
                and prev.label in ("SEAT", "FINDING") \
                and (re.search(r"[(（][^()（）]{0,12}$", text[max(0, m.start - 14):m.start])
                     or prev.label == "SEAT" and re.fullmatch(r",\s*(the|his|her|declarer's|dummy's)\s+", text[prev.end:m.start])
                     and re.match(r"\s*,", text[m.end:])):        # "South, the LHO, was not prepared to ..."
            if m.value == "dummy" and prev.label == "SEAT":
                st.dummy = (prev.value, prev)            # "North (dummy)"
            if m.value == "defender" and prev.label == "SEAT":
                st.defenders[prev.value] = m
            return                                     # "East (wrong defender)": a description of the seat just named
        if m.value in RELATIVE and self.actor in SEATS:
            self.actor, self.actor_m, self.fresh = RELATIVE[m.value](self.actor), m, True
        elif m.value in ("declarer", "dummy", "defender"):
            if m.value == "defender" and prev is not None and prev.label == "SEAT" and _joined(text, prev, m):
                st.defenders[prev.value] = m             # "西是防家"
            elif m.value == "defender" and nxt is not None and nxt.label == "SEAT" and _joined(text, m, nxt):
                st.defenders[nxt.value] = m              # "防家西"
            if m.value == "dummy" and nxt is not None and nxt.label == "SEAT" and _joined(text, m, nxt):
                st.dummy = (nxt.value, nxt)          # "dummy North", "明手北"
            elif m.value == "dummy" and prev is not None and prev.label == "SEAT" and _joined(text, prev, m):
                st.dummy = (prev.value, prev)
            if not (prev is not None and prev.label == "SEAT" and m.start - prev.end <= 6
                    and not _SENTENCE_END.search(text[prev.end:m.start]) and not prev.text.endswith(".")
                    and not (m.value == "dummy" and re.search(r"(让|叫)\s*$", text[prev.end:m.start]))):
                # ("…been W. Declarer said"; but "南却让明手垫了♦": dummy's card, on declarer's word)
                self.actor, self.actor_m, self.fresh = m.value, m, True
        elif m.value == "director":
            if not re.search(r"(等|找|叫|请|召请|召|呼叫|call|called|calls|for|fetch|fetched|get|got|waiting)\W{0,2}$",
                             text[max(0, m.start - 10):m.start], re.I):
                self.actor, self.actor_m, self.fresh = "director", m, True     # not "沒等裁判", "called the Director": the Director as object

    def _place_or_whom(self, m: Mention, nxt: Mention | None) -> bool:
        """"东坐到西旁边看了…", "北对东西解释", "庄家跟明手说": a seat or side named as a place or as
        whom something was said to, not as who acted."""
        text = self.text
        if (m.label != "ROLE" and re.match(r"\s*(旁边|身边|身后|那边|旁)", text[m.end:m.end + 4])
                # "跑到莊家南後面看": where he went, not who acted (後面 alone is also "later")
                or re.search(r"[到在]\s*(庄家|明手|梦家)?\s*$", text[max(0, m.start - 4):m.start])
                and re.match(r"\s*[东南西北]?家?(后面|背后|身后)", text[m.end:m.end + 6])
                or text[max(0, m.start - 1):m.start] in ("对", "向", "给", "跟") and nxt is not None and nxt.label == "EVENT"
                and nxt.value in ("say", "explain") and nxt.start - m.end <= 1):
            self.st.seats_named += 1
            return True
        return False

    def _side(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A side ("E-W", 东西) as the subject."""
        if self._place_or_whom(m, nxt):
            return
        self.actor, self.actor_m, self.fresh = m.value if m.value != "@side" else ("EW" if m.text.lower()[0] == "e" else "NS"), m, True

    def _told_not_done(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> bool:
        """An event word that makes no new action: what should have happened or has not yet (recorded as
        findings), a heading, a meaning, whom something was said to, "before it happened". True when settled here."""
        st, text, ms = self.st, self.text, self.ms
        if m.value in PLAY_EVENTS and re.match(r"\s*(什么|什麼|哪张|哪一张|哪门|哪个|which|what)", text[m.end:m.end + 8], re.I):
            return True                                 # "南家在想下一磴要攻什麼時": what to lead, still to be decided
        if m.value in ("lead", "opening_lead") and re.search(r"\b(about|over|on|considering|planning|for) (the |his |her |their |a )?(opening )?$|"
                                                              r"\bwhat to $|(考虑|考慮|想|思考|盘算)\s*$", text[max(0, m.start - 24):m.start], re.I):
            return True                                 # "still thinking about the opening lead", 还在考虑首攻: a noun, not a lead
        if m.value in ("claim", "concede") and re.search(r"\b(law|laws|rule|rules|ruling)\s+(on|about|for)\s+$", text[max(0, m.start - 16):m.start], re.I):
            return True                                 # "asked me what the law on claims is": the noun, no claim
        if m.value == "hesitate" and re.match(r"\s*(for\s+)?((about|around|maybe|some|only|just|roughly)\s+)?"
                                              r"([1-9]|one|two|three|four|five|six|seven|eight|nine|a few|a couple of)\s*(seconds?|secs?|s)\b",
                                              text[m.end:m.end + 40], re.I):
            return True                                 # "paused for about 5 seconds": under ten seconds, no hesitation
        if m.value in PLAY_EVENTS and _quoted(text, m.start) and re.search(r"(你|you)\s*(先|来|來)?\s*$", text[max(0, m.start - 4):m.start], re.I):
            return True                                 # 庄家说“你攻”: words to another player, not the speaker's lead
        if m.value == "ruff" and m.text.lower() in ("trumps", "ruff") and re.search(
                r"\b(of|about|no|all|the|his|her|their|any|with|draw|drawing|drew|pull|pulling|out|outstanding|remaining)\s+$",
                text[max(0, m.start - 14):m.start], re.I):
            return True                                 # "dummy out of trumps", "nothing about trumps", "a ruff": a noun, not a ruff
        if m.value == "expose" and (re.search(r"\b(it|that|this|which|bid|call|double|overcall|nt|[1-7][cdhs♣♦♥♠])\s+$", text[max(0, m.start - 10):m.start], re.I)
                                    or re.match(r"\s+(\d\+?|two|three|four|five|six|seven|both|at least)\s+(\w+\s+)?(hearts|spades|diamonds|clubs|majors|minors|points|hcp|cards)\b",
                                                text[m.end:m.end + 30], re.I)):
            return True                                 # "it shows diamonds", "2D shows both majors", "shows four hearts": a call's meaning
        if prev is not None and prev.label == "FINDING" and (prev.value == "wanted" or prev.text.endswith("想")) \
                and m.value in PLAY_EVENTS and 0 <= m.start - prev.end <= 1:
            return True                                 # "西其实想打方块": what he wanted to play (a contract), not a card played
        if prev is not None and prev.label == "SEAT" and i >= 2 and ms[i - 2].label == "FINDING" \
                and ms[i - 2].value in ("should", "out_of_turn") and text[ms[i - 2].end:prev.start] in ("", "是", "由", "是由") \
                and text[prev.end:m.start] == "" and m.value not in ("accept", "decline"):
            # "应西首引", "should West lead": whose turn it was, not what West did
            st.findings.append((len(st.actions) - 1, "out_of_turn", Mention("FINDING", "out_of_turn", ms[i - 2].start, m.end,
                                                                          text[ms[i - 2].start:m.end])))
            self.fresh = False
            return True
        if prev is not None and prev.label == "FINDING" and m.start - prev.end <= 3 \
                and not _SENTENCE_END.search(text[prev.end:m.start]) and not re.search(r"[)）]|却|卻|但|就", text[prev.end:m.start]) \
                and (prev.value == "should" or prev.value in ("not_called", "not_played") and not re.match(r"before\b", prev.text, re.I)
                     or prev.value == "negated" and m.start - prev.end <= 1 and (
                         m.value != "decline" or re.match(r"(ask|want|requir|insist|demand)", m.text, re.I))
                     or prev.value == "out_of_turn" and seats_named(prev.text)
                     and not re.search(r"前|before", prev.text, re.I)) \
                and (m.value not in ("accept", "decline") or prev.value == "negated"):
            # "East should have led", "東應首攻", "還沒攻牌": what should have happened (or has not), not what did
            # ("South did not ask for it to be corrected": no refusal)
            if prev.value in ("should", "out_of_turn") and not (
                    m.value in ("play", "follow", "discard", "ruff") and not seats_named(prev.text)):
                # (not "东没有梅花，应该打出♠Q": which card he should have played, not whose turn it was)
                if prev.value == "out_of_turn":
                    st.findings.pop()                  # "該北首攻": recorded once, before the action it concerns
                st.findings.append((len(st.actions) - 1, "out_of_turn", prev))
            self.fresh = False
            return True
        if m.value in ("play", "lead", "follow") and text[m.start:m.end] in ("出牌", "出", "打", "打牌", "跟", "跟牌"):
            start = _not_yet_before(text, m.start, 10)
            if start is not None:
                # "莊家還沒從自己或夢家出牌": a card not yet played, not a play
                st.findings.append((len(st.actions), "not_played", Mention("FINDING", "not_played", start, m.end, text[start:m.end])))
                return True
        if m.value == "accept" and nxt is not None and nxt.label == "CALL" and 0 <= nxt.start - m.end <= 3 \
                and re.search(r"ok|okay|好", m.text, re.I):
            return True                                   # "East then said 'ok, pass'": the call he said, not an acceptance
        if m.value in ("claim", "face", "dummy_down") and re.search(r"(?<!不得)(不|没|沒|没有|沒有|不要|不想|不願|不愿)\s*$", text[max(0, m.start - 4):m.start]):
            return True                                   # "北說不接受，也不攤牌": he did not spread his hand (no claim, Law 54A)
        if m.value in ("play", "drop") and re.search(r"\b(play|plays|played|playing|go|went|going)\s+for\s+the\s+drop\b",
                                                     text[max(0, m.start - 16):m.end + 16], re.I):
            return True                                   # "he'd normally play for the drop": a line of play, not a card
        if m.value in PLAY_EVENTS and re.search(r"\bbefore\s+(anyone|anybody|someone|either side|any player|the others)\s+(had\s+|could\s+)?$",
                                                text[max(0, m.start - 30):m.start], re.I):
            return True                                   # "corrected it before anyone played to the next trick": not done
        if m.value in ("bid", "play", "lead") and re.match(r"\s*[:：]", text[m.end:m.end + 2]):
            return True                                   # "叫牌：1NT（北）- 不叫 …", "Play:": a heading, not a call or a card
        if m.value == "lead" and st.actions and st.actions[-1].kind in ("discard", "ruff", "follow", "play") \
                and re.search(r"\b(on|to)\s+(a|the|his|her|their|\w+'s)\s+(\w+\s+)?$", text[max(0, m.start - 30):m.start], re.I):
            return True                                   # "discarded a club on a heart lead": the trick he played to, not a lead
        if m.value == "follow" and prev is not None and prev.label == "CARD" and nxt is not None \
                and nxt.label == "CARD" and m.start - prev.end <= 2 and nxt.start - m.end <= 2:
            return True                                    # "♠7 跟 ♥9": "and" between two cards, not a play
        seat = ms[i + 2] if i + 2 < len(ms) else None
        if m.value in ("lead", "opening_lead") and nxt is not None and nxt.label == "FINDING" and nxt.value == "should" \
                and nxt.start - m.end <= 1 and seat is not None and seat.label == "SEAT" \
                and text[nxt.end:seat.start].strip() in ("", "是", "由", "是由"):
            # "首攻應該係 E": whose lead it should have been, not a lead
            st.findings.append((len(st.actions) - 1, "out_of_turn", Mention("FINDING", "out_of_turn", m.start, seat.end,
                                                                          text[m.start:seat.end])))
            self.skip.update((i + 1, i + 2))
            self.fresh = False
            return True
        if m.value in ("lead", "opening_lead") and nxt is not None and nxt.label == "FINDING" \
                and nxt.value in ("out_of_turn", "should") and nxt.start - m.end <= 1 \
                and seats_named(nxt.text):
            self.fresh = False
            return True                                    # "首攻應該是東": whose lead it should have been, not a lead
        if m.value == "follow" and text[m.start:m.end] == "跟" and nxt is not None \
                and nxt.label in ("ROLE", "SEAT") and nxt.start == m.end and i + 2 < len(ms) and ms[i + 2].label == "EVENT" \
                and ms[i + 2].value in ("say", "explain"):
            return True                                   # "庄家跟明手说": said to dummy, not a card followed
        if m.value == "concede" and text[m.start:m.end] == "让" and nxt is not None \
                and nxt.label in ("ROLE", "SEAT") and nxt.start == m.end:
            return True                                   # "东却让明手垫了": he had dummy discard, not a concession
        if re.match(r"(亮出|打出|出|叫)?(之前|以前|前)|得到|不到|得了", text[m.end:m.end + 4]) \
                or m.value in ("play", "lead") and re.match(r"(第\s*\d+\s*[墩磴])?(时|的时候)\s*[,，]?\s*(手|不小心|一不小心)", text[m.end:m.end + 14]):
            # ("西出牌时手一抖，♠3掉在桌上": while he was playing, a card fell; the fall is the event)
            return True                                   # "首引亮出前": before it happened; "攻得到": could be done; not done
        if m.value == "expose" and prev is not None and prev.label == "CALL" \
                and text[prev.end:m.start].strip() == "":
            return True                                   # "2♥ shows a one-suited hand": what a call means, not a card shown
        if m.value == "say" and st.actions and st.actions[-1].kind == "explain" and prev is not None \
                and prev.label == "EVENT" and m.start - prev.end <= 1:
            return True                                   # "解释说", "explained saying": one act of explaining
        return False

    def _event(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """An event word: a new action of the current subject, unless the words around it say it did not happen
        (should have, not yet, before) or it only names a heading, a meaning or whom something was said to."""
        st, text, ms = self.st, self.text, self.ms
        if self._told_not_done(i, m, prev, nxt):
            return
        if m.value == "hold" and re.search(r"\b(had|has|have)$", m.text, re.I) and _PARTICIPLE.match(text[m.end:]):
            return              # "but he had won the trick": "had" is the verb's tense, not a card he held
        if m.value in ("accept", "decline") and re.search(r"(接受还是不接受|接不接受|要不要接受|accept or (not|refuse|reject))",
                                                           text[max(0, m.start - 5):m.end + 8], re.I):
            return              # "沒說要接受還是不接受": whether he accepts is not said
        before = text[max(0, m.start - 10):m.start]
        if m.value == "lead" and m.text.lower() == "lead" and (re.search(r"\b(my|your|whose)\s+$", before, re.I) or _quoted(text, m.start)
                                                               and re.search(r"\b(his|her|their|our|was a|that's a|it's a|is a|not a)\s+$", before, re.I)):
            return              # "'It's my lead'", "'that was a lead out of turn!'": the word, not a card led
        if m.value == "agree" and re.search(r"(不|没|沒)\s*$", text[max(0, m.start - 2):m.start]) and m.text.lower() in ("ok", "okay"):
            m = Mention(m.label, "object", m.start, m.end, m.text)       # 「不OK，我还有一张将牌」
        if m.value == "play_on" and (re.search(r"(不想|不愿|不願|没有|沒有|没|沒|不|n't|not|refused to|never)\s*(want|wish|agree)?\s*(to)?\s*\S{0,3}$",
                                               text[max(0, m.start - 16):m.start], re.I)
                                     or re.match(r"\s*(to\s+)?(the\s+)?(next\s+board|下一副|下一牌)|\s*(on\s+)?(spades|hearts|diamonds|clubs|trumps)\b",
                                                 text[m.end:m.end + 24], re.I)):
            return              # "did not want to play it out", "继续打下一副牌", "play on spades": no play after the claim
        if m.value == "simultaneous" and any(b.kind == "simultaneous" for b in self.st.actions[self.clause[0]:]):
            return              # "同時打出兩張黏在一起的牌": one simultaneous play, told twice
        if m.value == "came_out":
            return              # only a call that "came out" of the box is a pull (_call_by_form); a card that came out is not
        kind = "lead" if m.value == "opening_lead" else m.value
        if kind == "win" and text[m.start:m.end] in ("吃进", "吃进了") and re.search(r"(王牌|将牌)\S{0,4}$", text[max(0, m.start - 8):m.start]):
            kind = "ruff"                          # "北用王牌♥3吃進": he ruffed (吃進 alone is winning the trick)
        if kind == "call_for":
            kind = "play"                          # declarer "called for the ♥5": a card played from dummy (Law 45B)
        who = None if m.text.lower().startswith(("nobody", "no one", "neither", "none")) else self.actor
        passive = re.search(r"\b(was|were|is|got|been|being)\s+$|被\s*$", text[max(0, m.start - 8):m.start], re.I) \
            or kind == "lead" and prev is not None and prev.label == "SUIT" and 0 <= m.start - prev.end <= 1 \
            and re.search(r"\b(a|the)\s+$", text[max(0, prev.start - 4):prev.start], re.I)
        if passive and kind in ("lead", "play"):
            who = None                                 # "(a heart was led, …)", "(a heart lead)": nobody named as the one who led
        named = st.seat_mentions[-1] if st.seat_mentions else None
        if not self.fresh and named is not None and named.value in SEATS and (self.actor_m is None or named.start > self.actor_m.start) \
                and _possessive(text, named) and re.search(r"\b(he|she)\s+(\w+\s+)?$", text[max(0, m.start - 16):m.start], re.I):
            who, self.actor, self.actor_m = named.value, named.value, named   # "East's 1♠ was natural and he replaced it with 2♠"
        last = self.last
        if kind == "claim" and last is not None and last.kind == "face" and last.actor == who \
                and re.fullmatch(r"\s*(,|and|,\s*and|then|and then|，|并|并且|然后)?\s*", text[_span_end(last):m.start], re.I):
            return                                 # "decided to become dummy and put his hand down": one act (Law 54A)
        if last is not None and last.implicit and last.cards and kind in ("drop", "expose", "face", "win", "hold") and last.actor == who \
                and 0 <= m.start - _span_end(last) <= 8:
            last.kind = kind                       # "北的♥A從手中掉出來": the card named, then what happened to it
            last.implicit = False
            last.spans.append(("event", m))
            self.fresh = False
            return
        if last is not None and last.kind == "before_partner" and last.actor == who and not self.fresh and kind in CALL_EVENTS:
            st.actions.pop()                       # "东抢先叫了": he called before his turn; the call says the rest
        if kind in CALL_EVENTS - {"say"} and text[max(0, m.start - 1):m.start] == "先":
            # "结果东先开叫了": he called first, before the player whose turn it was
            st.findings.append((len(st.actions), "out_of_turn", Mention("FINDING", "out_of_turn", m.start - 1, m.start, "先")))
        if kind == "lead" and last is not None and last.kind in ("expose", "face") and last.actor == who and not self.fresh \
                and 0 <= m.start - _span_end(last) <= 2:
            last.kind = "lead"                     # "南却亮出♣3首引": he faced the card as his lead
            if m.value == "opening_lead":
                last.trick = 1
            last.spans.append(("event", m))
            return
        if kind in ("win_dummy", "win_declarer"):
            kind, who = "win", "dummy" if m.value == "win_dummy" else "declarer"
        by = _by_seat(text, m, ms[i + 1:])
        if by is not None and self.actor in SEATS and self.fresh and self.actor_m is not None \
                and re.fullmatch(r"\s*,\s*", text[self.actor_m.end:m.start]) \
                and re.match(r"\s*,", text[by.end:]):
            # "South, asked by East, said …": East asked; South is still the one who says what follows
            st.actions.append(Action(by.value, kind, len(st.actions), [("actor", by), ("event", m)]))
            self.aside = by
            return
        if by is not None:
            who, self.actor_m = by.value, by                # "a heart ruff by North", "the trick was won by West"
        elif m.value == "call_for":
            who = "dummy"
        elif kind in ("lead", "play") and who == "declarer" and re.match(
                r"\s*(\S+\s+){0,3}?from\s+(the\s+)?(dummy|table|board)\b", text[m.end:m.end + 40], re.I):
            who = "dummy"                                  # "declarer led from dummy": the card is dummy's (Law 55)
        if re.search(r"(让|允许|准许)(他|她)\s*$", text[max(0, m.start - 4):m.start]) and self.last is not None \
                and self.last.actor in SEATS:
            who, self.actor_m = self.last.actor, next((x for k, x in self.last.spans if k == "actor"), self.actor_m)
            self.actor = who                           # "…同伴西还没叫，我让他改1♠": he is the one who acted, East
        if kind in ("claim", "concede") and who == "dummy" and not re.search(r"face|put|spread|table|lay|laid|摊|攤", m.text, re.I) \
                and re.match(r"\s*(he|she|他|她)\b", text[_sentence_start(text, m.start):m.start], re.I):
            who = "declarer"                           # "...and dummy out of trumps. He faced his hand": dummy claims nothing
        a = Action(who, kind, len(st.actions), fresh_subject=self.fresh)
        if kind == "win" and re.search(r"(?<!\d)(1[0-3]|[1-9])(?!\d)", m.text):
            a.trick = int(re.search(r"(?<!\d)(1[0-3]|[1-9])(?!\d)", m.text).group(1))    # "won trick 11"
        if m.value == "opening_lead":
            a.trick = 1
        if self.actor_m is not None and who is not None:
            a.spans.append(("actor", self.actor_m))
        a.spans.append(("event", m))
        if kind == "hold" and self.last is not None and self.last.suit and re.match(r"\s*(one|some|a card of (that|the same) suit)\b", text[m.end:m.end + 30], re.I):
            a.suit = self.last.suit                    # "ruffed a diamond while still holding one": one of that suit
        if kind == "lead" and prev is not None and prev.label == "CARD" and 0 <= m.start - prev.end <= 1 \
                and not any(x is prev for b in st.actions for _, x in b.spans):
            a.cards.append(prev.value)                 # "on the ♥A lead": the card led, named before the word
            a.spans.append(("card", prev))
        if kind in ("hold", "show_out") and prev is not None and prev.label == "SUIT" and 0 <= m.start - prev.end <= 2 and a.suit is None:
            a.suit = prev.value                        # "那張梅花一直在手上": that club was in his hand all along
            a.spans.append(("suit", prev))
        if passive and prev is not None and prev.label == "SUIT" and 0 <= m.start - prev.end <= 6:
            a.suit = prev.value                        # "a heart was led": the suit named before it
            a.spans.append(("suit", prev))
        if st.trick is not None and a.trick is None:
            a.trick = st.trick[0]
            if kind == "play" and st.trick[1] is self.believed_won:
                kind = a.kind = "lead"                  # "以为赢了第7墩，就出了♠K": he led, thinking he was on lead
            mine = next((b for b in reversed(st.actions) if b.actor == who and b.trick is not None
                         and b.kind in PLAY_EVENTS | {"win"}), None)
            won = st.actions[-1] if st.actions and st.actions[-1].kind == "win" and st.actions[-1].trick == a.trick else None
            if kind == "lead" and (mine is not None and mine.trick == a.trick and mine.kind != "lead"
                                   or st.trick[1] is self.believed_won
                                   or won is not None and won.actor != who):   # "夢家贏了第 3 磴，莊家卻從手上攻出 ♥4"
                a.trick += 1                            # "ruffed at trick 3, then led a diamond": nobody plays twice to a trick
            if kind == "win" and re.search(r"(之后|后来|后面|以后|later|afterwards|after that|subsequently)[^。.;；!?！？]{0,6}$",
                                           text[max(0, m.start - 16):m.start], re.I):
                a.trick = st.trick[0] + 1               # "之后东西还赢了两墩": tricks after the one told
        st.actions.append(a)
        self.fresh = False

    def _contract(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """The contract and its declarer ("4♠X by South", "South is playing 4♥"), or an auction written call by seat."""
        st, text, ms = self.st, self.text, self.ms
        in_run = prev is not None and prev.label == "CALL" and re.fullmatch(r"\s*[-–—]\s*", text[prev.end:m.start])   # "- pass - 4♠ by S"
        if (in_run or any(x.label == "CALL" and x.value not in ("P", "X", "XX") for x in ms[i + 1:])
                and not re.match(r"[^.;:]{0,16}(auction|bidding)\b|[^.;]{0,16}:|\s*[(（]", text[m.end:], re.I)) \
                and m.value.get("declarer") and m.value["contract"].rstrip("X") and "by" in m.text.lower():
            # "1♥ by N, 1♠ E, ...": an auction written call by seat, not the final contract (which "3NT by South
            # (N 1♦ - P - 3NT …)" is, its auction in brackets)
            call = m.value["contract"].rstrip("X") or m.value["contract"]
            st.actions.append(Action(m.value["declarer"], "bid", len(st.actions), [("actor", m), ("call", m)], call=call, implicit=True))
            self.made_bids[call] = m.value["declarer"]
            self.actor, self.actor_m, self.fresh = m.value["declarer"], m, False
            return
        st.contract = (m.value["contract"], m)
        if m.value.get("declarer"):
            st.declarer = (m.value["declarer"], m)
        elif nxt is not None and nxt.label == "SEAT" and text[m.end:nxt.start].strip().lower() in ("by", "declared by", "played by"):
            st.declarer = (nxt.value, nxt)            # "Contract 5♦ by E."
            self.skip.add(i + 1)
        elif prev is not None and prev.label == "SEAT" and re.fullmatch(
                r"[)）]?\s*((is|was|had)\s+)?(declaring|ended|ended up|ends up|finished|landed|played|plays|got to|reached|been)?\s*",
                text[prev.end:m.start], re.I):
            st.declarer = (prev.value, prev)          # "South is playing 4♥", "South declaring 4H", "Mrs Lin (East) ended in 4♥"
            if st.actions and st.actions[-1].spans and st.actions[-1].spans[0][1] is prev:
                st.actions.pop()

    def _all_pass(self, m: Mention) -> bool:
        """"E 3NT, all pass", "全派": a pass by each player in rotation after the last call told, until three
        passes follow the last bid (Law 17D). False when the last caller is not known."""
        calls = [a for a in self.st.actions if a.call]
        if not calls or calls[-1].actor not in SEATS or not any(a.call not in ("P", "X", "XX") for a in calls):
            return False
        trailing = next((k for k, a in enumerate(reversed(calls)) if a.call != "P"), len(calls))
        seat = calls[-1].actor
        for _ in range(max(0, 3 - trailing)):
            seat = lho(seat)
            self.st.actions.append(Action(seat, "bid", len(self.st.actions), [("call", m)], call="P", implicit=True))
        self.fresh = False
        return True

    def _call_by_form(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> bool:
        """A call settled by its form: a meaning told, a contract after "打", three passes, a seat written after it,
        a call made again or replacing another, one that should have been made. True when settled here."""
        st, text = self.st, self.text
        last = self.last
        if st.contract is None and m.value not in ("P", "X", "XX") and nxt is not None and nxt.label == "SEAT" \
                and re.fullmatch(r"\s?", text[m.end:nxt.start]) and re.match(r"\s*[.。;；]", text[nxt.end:nxt.end + 3]) \
                and (prev is None or _SENTENCE_END.search(text[prev.end:m.start])):
            st.contract, st.declarer = (m.value, m), (nxt.value, nxt)      # "4♠ South. Trick 3 …": the contract and declarer
            self.skip.add(i + 1)
            return True
        if nxt is not None and nxt.label == "ROLE" and nxt.value == "declarer" and m.value not in ("P", "X", "XX") \
                and text[m.end:nxt.start].strip() == "" and re.fullmatch(r"做庄|坐庄|主打|做莊|坐莊", nxt.text) \
                and prev is not None and prev.label == "SEAT" and text[prev.end:m.start].strip() == "" and st.declarer is None:
            st.contract, st.declarer = (m.value, m), (prev.value, prev)      # "最后南4♥做庄": the contract and declarer
            self.skip.add(i + 1)
            return True
        if prev is not None and prev.label == "FINDING" and prev.value == "wanted" and 0 <= m.start - prev.end <= 3 \
                and self.actor in SEATS and not self.fresh and any(a.actor == self.actor and a.call for a in st.actions):
            # "北說了two hearts，他其實要說two spades": the call he meant, after the one he made (Law 25A)
            st.actions.append(Action(self.actor, "bid", len(st.actions), [("call", m)], call=m.value, implicit=True))
            return True
        if nxt is not None and nxt.label == "FINDING" and nxt.value == "logical_alternative" and 0 <= nxt.start - m.end <= 16 \
                and not _SENTENCE_END.search(text[m.end:nxt.start]) and re.search(r"\b(is|was|would be)\b|是|为", text[m.end:nxt.start]):
            return True               # "不叫是合理选项", "pass was a logical alternative": the Director's finding (16B1), not a call
        if nxt is not None and nxt.label == "EVENT" and nxt.value == "came_out" and self.actor in SEATS \
                and re.fullmatch(r"\s*(card|the|that)?\s*", text[m.end:nxt.start], re.I):
            # "and 2♣ came out": the call taken from the box (Law 25A), by the player told of
            who = [("actor", self.actor_m)] if self.actor_m is not None else []
            st.actions.append(Action(self.actor, "pull", len(st.actions), who + [("call", m), ("event", nxt)], call=m.value))
            self.made_bids.setdefault(m.value, self.actor)
            self.skip.add(i + 1)
            self.fresh = False
            return True
        quote = next((q for q in _QUOTE.finditer(text) if q.start() < m.start < q.end()), None)
        if quote is not None and _MEANING_TOLD.search(quote.group(0)):
            return True               # "when asked South said 'weak, 6-10, six hearts'": what a call shows, not a call
        if re.match(r"\s*(表示|代表|means|shows|would show|promises)(?![A-Za-z])", text[m.end:m.end + 14], re.I):
            return True                                   # "此時賭倍表示有四張黑桃": a call's meaning told, not a call made
        if re.match(r"[一二两三四五六七八九]", m.text) and re.search(r"(有|持有|还有)\s*$", text[max(0, m.start - 3):m.start]):
            if last is not None and last.kind == "hold" and last.suit is None and m.value[-1] in "SHDC":
                last.suit = m.value[-1]                   # "他还有两黑桃": two spades held, not a bid of 2♠
                last.spans.append(("suit", m))
            return True
        if re.search(r"\b(shows|showed|showing|show|promises|promised|denies|denied|means|meant)\s+$", text[max(0, m.start - 12):m.start], re.I) \
                and m.value not in ("P", "X", "XX"):
            return True                                   # "a double … shows four hearts": the meaning, not a bid of 4♥
        if m.value not in ("P", "X", "XX") and last is not None and last.kind == "play" and not last.cards \
                and st.contract is None and not any(b.kind in PLAY_EVENTS for b in st.actions[:-1]) \
                and text[last.spans[-1][1].start:last.spans[-1][1].end] in ("打", "主打", "做", "打了") and m.start - last.spans[-1][1].end <= 2:
            st.actions.pop()                           # "莊家北打 2♥": North declares 2♥, not a card played
            st.contract = (m.value, m)
            if last.actor in SEATS and st.declarer is None:
                st.declarer = (last.actor, m)
            return True
        if m.value == "P" and re.search(r"(三家|三个|three)\s*$", text[max(0, m.start - 7):m.start], re.I) \
                and not (re.match(r"\s*(之后|以后|后|after)", text[m.end:m.end + 6], re.I) and len(st.actions) >= 3
                         and all(b.call == "P" for b in st.actions[-3:])):   # "三家派司之後" after the auction told: when, not calls
            for _ in range(3):                         # "三家派司結束叫牌": three passes end the auction
                st.actions.append(Action(None, "bid", len(st.actions), [("call", m)], call="P", implicit=True))
            return True
        if _seat_after(text, m, nxt) and not (last is not None and last.call is None and last.kind in CALL_EVENTS
                                                                      and not self.fresh and m.start - last.spans[-1][1].end <= 3):
            if self.made_bids.get(m.value) is None or m.value in ("P", "X", "XX"):
                st.actions.append(Action(nxt.value, "bid", len(st.actions), [("actor", nxt), ("call", m)], call=m.value, implicit=True))
                if m.value not in ("P", "X", "XX"):
                    self.made_bids[m.value] = nxt.value
            self.skip.add(i + 1)
            st.seats_named += 1
            self.actor, self.actor_m, self.fresh = nxt.value, nxt, False
            return True
        if last is not None and last.kind == "before_partner" and not last.call and m.start - _span_end(last) <= 2:
            last.kind, last.call = "bid", m.value        # "东抢先不叫了": a call made before his turn
            last.spans.append(("call", m))
            self.fresh = False
            return True
        if last is not None and last.call is None and last.kind in CALL_EVENTS and not self.fresh \
                and m.start - last.spans[-1][1].end <= 3 and re.search(r"再|again", text[last.spans[-1][1].start:m.end], re.I):
            last.call = m.value                        # "南再叫 1♦": the same call made again
            last.spans.append(("call", m))
            return True
        if prev is not None and prev.label == "FINDING" and (
                prev.value == "should" and m.start - prev.end <= 3 or prev.value == "negated" and m.start - prev.end <= 1):
            return True                                   # "West, who should have passed": not a call made
        if text[m.start:m.end] == "过" and not (prev is not None and prev.label == "SEAT"
                                                and text[prev.end:m.start].strip() == ""):
            return True                                   # 过 is a pass only right after a seat ("东过"), not in 叫过, 不过
        if last is not None and last.kind == "replace" and last.call and not self.fresh \
                and text[_span_end(last):m.start].strip().lower() in ("with", "by", "for"):
            last.call = m.value                        # "replaced the 1♠ with 2♥": the new call is the one after "with"
            last.spans = [x for x in last.spans if x[0] != "call"] + [("call", m)]
            return True
        if last is not None and last.kind == "explain" and not self.fresh and m.start - _span_end(last) <= 8:
            return True                                   # "解释说是惩罚性加倍": the call he explained, not one he made
        return False

    def _named_not_made(self, m: Mention, prev: Mention | None) -> bool:
        """A call named, not made: a bid (and its double) told with the deal's result just after it ("4♥加倍宕一"),
        or a call the Director weighed as a logical alternative ("派司是南的合理替代選擇", "pass was a logical
        alternative"), in the same clause."""
        doubled = m.value in ("X", "XX")
        if not doubled and m.value != "P" and _RESULT_AFTER.match(self.text, m.end):
            return True                                   # "4♥+1", "3NT=", "4♠x-2": a contract and its result

        def next_to(x: Mention, between: str) -> bool:    # nothing told between them but a double ("4♥加倍宕一") or the player
            return not any(m.end <= y.start < x.start and not (y.label == between or y.label == "CALL" and y.value in ("X", "XX"))
                           for y in self.ms)
        for x in self.ms:
            if x.label != "FINDING" or not 0 <= x.start - m.end <= 10 or _SENTENCE_END.search(self.text[m.end:x.start]):
                continue
            if x.value == "logical_alternative" and next_to(x, "SEAT"):
                return True
            if x.value == "result" and m.value != "P" and next_to(x, "") and not (
                    doubled and not (prev is not None and prev.label == "CALL" and m.start - prev.end <= 1)):
                return True
        return False

    def _call(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A call: of the action just told, of a seat written beside it ("1♥ S, pass W", "W 1C P 1H P"), or a
        reference to a bid already made."""
        st, text = self.st, self.text
        last = self.last
        if nxt is not None and nxt.label == "EVENT" and nxt.value == "cancel" and 0 <= nxt.start - m.end <= 2 \
                and any(b.call == m.value for b in st.actions):
            return              # "Double cancelled", "1NT取消": the call already told, named as it is cancelled
        if self._named_not_made(m, prev):
            return              # "北南 4♥ 做成", "4♥加倍宕一", "4♠ made", "派司是南的合理替代選擇": named, not made
        if m.value == "P" and re.search(r"\bthe (last|final|third|3rd)\s*$|最后一[个声]", text[max(0, m.start - 10):m.start], re.I):
            return              # "After the last pass East said 'double'": the auction's final pass, not a call of East's
        if m.value == "AP":
            if self._all_pass(m):
                return
            m = Mention(m.label, "P", m.start, m.end, m.text)     # (whose turn is unknown: one pass, as before)
        if self._call_by_form(i, m, prev, nxt):
            return
        in_play = last is not None and last.kind in PLAY_EVENTS and not (
            # "…把叫牌卡放下來：北家1♣，南家1♥": a seat and a call written together, before any play, is a call
            self.fresh and prev is not None and prev.label == "SEAT" and text[prev.end:m.start].strip() == "" and st.contract is None
            and not any(a.kind in ("lead", "follow", "discard", "ruff") and (a.cards or a.suit) for a in st.actions))
        if in_play and last.kind == "play" and not last.cards and not last.call and m.start - _span_end(last) <= 2 \
                and (m.value in ("P", "X", "XX") or st.contract is None and st.declarer is None
                     and not any(a.kind in ("lead", "follow", "discard", "ruff") for a in st.actions)):
            last.kind, last.call = "pull", m.value      # "北家先放了'不叫'": a bidding card put down is a call
            last.spans.append(("call", m))
            self.fresh = False
            return
        if in_play and m.value not in ("P", "X", "XX") and not last.cards:
            card = m.value[-1] + m.value[:-1] if not m.value.endswith("NT") else None
            if card and m.value[:-1].isdigit() and 2 <= int(m.value[:-1]) <= 9:
                last.cards.append(card)
                last.spans.append(("card", Mention("CARD", card, m.start, m.end, m.text)))
            return
        shorthand = prev is not None and prev.label == "SEAT" and text[prev.end:m.start] in ("", " ") and self.fresh and self.actor in SEATS \
            and self.over is None
        slow = last is not None and last.kind == "hesitate" and len(st.actions) >= 2 and st.actions[-2].call \
            and st.actions[-2].actor == last.actor and prev is not None and prev.label == "EVENT"
        if slow:
            last = st.actions[-2]                          # "3♠ after a good minute's think - pass": the run goes on
        resumed = self.told_again is not None and prev is not None and prev.label == "CALL" and prev.value == self.told_again.call
        if resumed:
            last = self.told_again                         # the call told again: the run goes on from it
            self.fresh = False
        self.told_again = None
        run = resumed or (last is not None and last.implicit and last.call and last.actor in SEATS and (not self.fresh or slow) and prev is not None
               and (prev.label == "CALL" or slow or prev.label == "SEAT" and any(x is prev for _, x in last.spans))   # "1NT W - pass"
               and _ANNOTATION.sub("", text[prev.end:m.start]).strip(" -–—,/)）(（") == ""   # ("1S - (1H)", "3♥ cue - pass")
               and not re.search(r"[(（][^)）]*\S[^)）]*$", text[prev.end:m.start]))
        # (but not a call inside a remark in brackets: "West passed (natural pass)")
        if run:
            # "W 1C P 1H P": calls in rotation after a seated call
            a = Action(lho(last.actor), "bid", len(st.actions), [("call", m)], call=m.value, implicit=True)
            st.actions.append(a)
            if m.value not in ("P", "X", "XX"):
                self.made_bids[m.value] = a.actor
            return
        if shorthand:
            st.actions.append(Action(self.actor, "bid", len(st.actions), [("actor", self.actor_m), ("call", m)], call=m.value, implicit=True))
            self.fresh = False
            if m.value not in ("P", "X", "XX"):
                self.made_bids[m.value] = self.actor
            return
        if last is not None and last.call and last.kind in ("pull", "bid") and last.actor in SEATS \
                and re.search(r"(而不是|而非)\s*['‘“「]?$", text[max(0, m.start - 5):m.start]) and m.value != last.call \
                and (last.kind == "pull" or st.box or any(x.label == "FINDING" and x.value == "unintended" for x in self.ms)):
            # "摆在桌上的是'不叫'而不是1♠": the call he meant, as "pulled the pass card instead of 1♠" (Law 25A)
            st.actions.append(Action(last.actor, "replace", len(st.actions), [("actor", self.actor_m), ("call", m)], call=m.value))
            return
        made_by = self.made_bids.get(m.value)
        close = last is not None and last.call is None and (last.kind in CALL_EVENTS - {"say"} or _quoted(text, m.start)) \
            and m.start - last.spans[-1][1].end <= 3 and not self.fresh and last.fresh_subject   # 北又说了“1♠”: a call said again
        earlier = next((b for b in reversed(st.actions) if b.call == m.value and b.actor == self.actor), None)
        again = close and made_by == self.actor and ((
            re.match(r"\s*(again|once more)\b", text[m.end:m.end + 12], re.I)
            or re.search(r"(又|再|重新|again)", text[max(0, last.spans[-1][1].start - 3):m.start], re.I))
            and any(b.kind == "cancel" for b in st.actions)
            # "西先叫了1NT. 北不接受. 北1♦ 东不叫 南不叫 西轮到自己叫1NT": refused, and others have called since
            or earlier is not None and any(b.kind in ("cancel", "decline") for b in st.actions[earlier.index:])
            and any(b.call and b.actor not in (self.actor, None) for b in st.actions[earlier.index:]))
        if made_by is not None and not (close and made_by != self.actor) and not again:
            told = next((b for b in reversed(st.actions) if b.call), None)
            if told is not None and told.call == m.value and told.actor == made_by in SEATS and nxt is not None and nxt.label == "CALL" \
                    and text[m.end:nxt.start].strip(" -–—,/") == "":
                self.told_again = told     # "North opened 2♥ … 2♥ - pass - 4♥ - all pass": the auction goes on from it
            return                                  # a reference to a bid already made ("S opened 1H again" after it was cancelled is not)
        if last is not None and last.kind == "before_partner" and not last.cards and m.start - _span_end(last) <= 4 \
                and not any(b.kind in PLAY_EVENTS for b in st.actions):
            last.kind = "bid"                   # "N 抢先 1♠" in the auction: he called first, out of turn
        if last is not None and last.kind in CALL_EVENTS and last.call is None and not self.fresh \
                and (last.actor == self.actor or last.actor is None):
            last.call = m.value
            last.spans.append(("call", m))
        elif last is not None and last.kind == "hesitate" and last.actor in SEATS and not self.fresh:
            # "西家长考，然后不叫": the call he made after thinking
            st.actions.append(Action(last.actor, "bid", len(st.actions), [("call", m)], call=m.value, implicit=True))
        elif self.actor is None and not any(b.actor in SEATS for b in st.actions if b.call):
            # "1NT - pass - 3NT - pass - pass - pass": calls whose seats the story does not give
            st.actions.append(Action(None, "bid", len(st.actions), [("call", m)], call=m.value, implicit=True))
        elif self.fresh and self.actor in SEATS:
            a = Action(self.actor, "bid", len(st.actions), [("actor", self.actor_m), ("call", m)], call=m.value, implicit=True)
            if self.over is not None:
                # an earlier call, named after the one made over it: it goes before that call
                subject = self.over[0]
                at = next((k for k in range(len(st.actions) - 1, -1, -1) if st.actions[k].actor == subject), None)
                st.actions.insert(at if at is not None else len(st.actions), a)
                _renumber(st)
                self.actor, self.actor_m, self.fresh = self.over
                self.over = None
                if m.value not in ("P", "X", "XX"):
                    self.made_bids[m.value] = a.actor
                return
            st.actions.append(a)
            self.fresh = False
        else:
            return
        if m.value not in ("P", "X", "XX"):
            self.made_bids[m.value] = self.actor

    def _card(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A card: of the action just told, a play of its owner, or a card not played ("the ♦3, not the ♥2")."""
        st, text = self.st, self.text
        last = self.last
        if m.text[:1] in "89" and prev is not None and prev.label == "SEAT" and m.start - prev.end <= 1 \
                and last is not None and last.call and not any(b.kind in PLAY_EVENTS for b in st.actions):
            # "北8♥" in a written-out auction: a bid of eight (Law 38), not a card
            call = m.value[1:] + m.value[0]
            m = Mention("CALL", call, m.start, m.end, m.text)
            st.actions.append(Action(self.actor, "bid", len(st.actions), [("actor", self.actor_m), ("call", m)], call=call, implicit=True))
            self.fresh = False
            return
        if last is not None and last.kind == "play" and not last.cards and m.text[:1] in "89" and m.start - last.spans[-1][1].end <= 3 \
                and re.search(r"[拿抽]$", text[:_span_end(last) - len(last.spans[-1][1].text)]) \
                and not any(b.kind in PLAY_EVENTS for b in st.actions if b is not last) and st.contract is None \
                and not any(x.label == "CONTRACT" or x.label == "ROLE" and x.value in ("declarer", "dummy") for x in self.ms):
            last.kind = "pull"                  # "拿出了8♣" before any card is played: a bidding card of eight (Law 38)
        if last is not None and last.kind in CALL_EVENTS and last.call is None and m.text[:1] in "89" \
                and m.start - last.spans[-1][1].end <= 3:
            m = Mention("CALL", m.value[1:] + m.value[0], m.start, m.end, m.text)   # "叫了8♠": a bid of eight, not a card
            last.call = m.value
            last.spans.append(("call", m))
            return
        if nxt is not None and nxt.label == "FINDING" and (nxt.value == "still_on_table" or nxt.value == "hands_not_returned"
                                                            and nxt.text.lower().startswith("still on")) \
                and nxt.start - m.end <= 2 and not (last is not None and last.kind in ("drop", "expose") and not last.cards
                                                    and m.start - _span_end(last) <= 4):
            # "♥4還留在桌上": the penalty card still lying there, not played (but "掉了一張♦4在桌上": the card dropped)
            st.loose_cards.append(m)
            return
        if _NOT_THIS_CARD.search(text[max(0, m.start - 12):m.start]):
            st.loose_cards.append(m)                   # "跟了♥5而没有出♥Q", "the ♦3, not the ♥2": a card not played
            return
        if _SEEN_CARD.search(text[max(0, m.start - 14):m.start]):
            return
        ev = next((x for k, x in last.spans if k == "event"), None) if last is not None else None
        if last is not None and last.kind == "pull" and ev is not None and re.search(r"叫牌|bidding|box", ev.text, re.I):
            st.loose_cards.append(m)               # "北拿叫牌卡時…♥A…翻在桌上": not what he took from the bidding box
            return
        if last is not None and last.kind == "pull" and not last.call and not self.fresh:
            last.kind = "play"                     # "put the ♦A on the table" is a play
        held = _HELD_CARDS.search(text[max(0, m.start - 8):m.start])       # "S has ♠2", "他手上♠5"
        if last is not None and (last.kind in PLAY_EVENTS | {"hold"} or last.kind == "replace" and not last.call) and not self.fresh:
            last.cards.append(m.value)                 # ("改出♣A": the card put in place of the one played)
            last.spans.append(("card", m))
        elif self.actor is not None and (self.fresh or held is not None and _after_pronoun(text, max(0, m.start - 8) + held.start())):
            kind = "hold" if held or _TOWARDS.search(text[max(0, m.start - 30):m.start]) else "play"
            a = Action(self.actor, kind, len(st.actions), [("actor", self.actor_m), ("card", m)], cards=[m.value], implicit=True)
            if st.trick is not None:
                a.trick = st.trick[0]
            st.actions.append(a)
            self.fresh = False
        elif last is not None and last.kind in PLAY_EVENTS | {"hold"}:
            last.cards.append(m.value)
            last.spans.append(("card", m))
        else:
            st.loose_cards.append(m)

    def _suit(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A suit: what a player held, discarded, ruffed or showed out of."""
        last = self.last
        if last is not None and last.kind in ("hold", "discard", "ruff", "show_out", "lead", "play") and last.suit is None \
                and m.start - last.spans[-1][1].end <= 25:
            last.suit = m.value
            last.spans.append(("suit", m))

    def _trick(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A trick number: of the play or win just told, and the trick the story is at."""
        st, text = self.st, self.text
        last = self.last
        st.trick = (m.value, m)
        if m.start < self.belief_until and any(x.label == "EVENT" and x.value == "win" and x.start < m.start
                                               for x in self.ms[max(0, i - 3):i]):
            self.believed_won = m
        if last is not None and last.kind == "win" and m.start - last.spans[-1][1].end <= 12 \
                and not re.search(r"[,，.。;；]", text[last.spans[-1][1].end:m.start]) \
                and not any(x.label in ("SEAT", "ROLE") and last.spans[-1][1].end <= x.start < m.start for x in st.mentions):
            # (not "那磴莊家贏 北第8磴有贏一磴": a seat named between starts another remark)
            last.trick = m.value                 # "won trick 11"
            more = re.match(r"\s*(?:and|&)\s*(1[0-3]|[1-9])(?!\d)", text[m.end:])
            if more:                             # "won tricks 5 and 8": one win a trick
                st.actions.append(Action(last.actor, "win", len(st.actions), list(last.spans), trick=int(more.group(1))))
        elif last is not None and last.kind in PLAY_EVENTS and (
                last.trick is None and m.start - last.spans[-1][1].end <= 25
                or 0 <= m.start - _span_end(last) <= 10 and re.fullmatch(r"\s*((suit|low|high)\s+)?(to|at|on|in)?\s*|了", text[_span_end(last):m.start], re.I)):
            last.trick = m.value                 # "led to trick 7", "攻了第7磴": the trick named right after the play

    def _box(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """The bidding box is mentioned (a call pulled from it, Law 25A)."""
        self.st.box = True

    def _question(self, i: int, m: Mention, prev: Mention | None, nxt: Mention | None) -> None:
        """A question word (a question about the Laws, when no story is told)."""
        self.st.questions.append(m)

    # one method per kind of mention (labels of the pattern files)
    _HANDLERS = {"DEALER": _dealer, "FINDING": _finding, "OVER": _over, "SEAT": _seat, "ROLE": _role, "SIDE": _side,
                 "EVENT": _event, "CONTRACT": _contract, "CALL": _call, "CARD": _card, "SUIT": _suit, "TRICK": _trick,
                 "BOX": _box, "QUESTION": _question}


def _leads_from_hand_to_dummy(st: Story) -> None:
    """"S leads the ♠3 from hand towards dummy's ♠KJ5", "南从手里向明手引♠3": the player leading from his own hand
    towards dummy is declarer, when the story names no declarer or dummy."""
    if st.declarer is not None or st.dummy is not None:
        return
    for a in st.actions:
        ev = next((m for k, m in a.spans if k == "event"), None)
        if a.kind == "lead" and a.actor in SEATS and ev is not None and (re.search(
                r"^[^.;。；]{0,24}?\bfrom (his )?(own )?hand\b[^.;。；]{0,12}?\b(to|towards?)\s+(the\s+)?dummy\b", st.text[ev.start:], re.I)
                or re.search(r"从(自己)?手[里上中]?\S{0,2}向明手\S{0,2}$", st.text[max(0, ev.start - 12):ev.start])):
            st.declarer = (a.actor, ev)
            return


def _found_cards(st: Story) -> None:
    """"W found the ♠6 among his clubs", "西找到了♠6": a card found in a hand is a card he held, not a
    card played (what a revoke is read from, Law 61A)."""
    found = [m for _, f, m in st.findings if f == "card_found"]
    for a in st.actions:
        card = next((m for k, m in a.spans if k == "card"), None)
        if a.kind == "play" and a.cards and card is not None and any(0 <= card.start - m.end <= 2 for m in found):
            a.kind, a.suit = "hold", a.cards[0][0]


def _intended_told_first(st: Story) -> None:
    """"N reached into the box for 2♦ and 2♣ came out", "本來想叫1♥，結果拿成1♠": the call he meant is
    told before the call he made. It goes after it, where Law 25A reads it: the call made, then the
    call intended (the finding of intent between them)."""
    for n, (_, f, w) in enumerate(st.findings):
        if f != "wanted":
            continue
        meant = next((a for a in st.actions if a.call and a.actor in SEATS and (c := _call_span(a)) is not None
                      and 0 <= c.start - w.end <= 5 and re.fullmatch(r"\s*(to|the|a|叫|说)?\s*", st.text[w.end:c.start], re.I)), None)
        if meant is None:
            continue
        after = st.actions[meant.index + 1:meant.index + 3]
        # the call made: pulled or "came out", or any call after "but" / 结果 ("本來想叫2♥，結果叫了3♥")
        made = next((b for b in after if b.call and b.actor == meant.actor and _call_span(b) is not None and (
            b.kind == "pull" or re.search(r"结果|\bbut\b|却|可是", st.text[_span_end(meant):_call_span(b).start], re.I))), None)
        if made is None or any(b.call for b in after[:after.index(made)]) \
                or _SENTENCE_END.search(st.text[_span_end(meant):_call_span(made).start]):
            continue
        k, j = meant.index, made.index
        st.actions.insert(j, st.actions.pop(k))
        _renumber(st)
        st.findings = [(i - 1 if k <= i < j else i, g, m) for i, g, m in st.findings]
        st.findings[n] = (j - 1, f, w)          # between the call made and the call meant


def _call_span(a: Action) -> Mention | None:
    """The words of an action's call (table._span, which imports this module, does the same for any fact)."""
    return next((m for k, m in a.spans if k == "call"), None)


def _renumber(st: Story) -> None:
    """Actions were inserted, moved or dropped: their indexes follow their order again."""
    for k, a in enumerate(st.actions):
        a.index = k


def _lone_bid_is_the_contract(st: Story) -> None:
    """"南家4♠，应该西首攻，东抢先把♦K亮了出来…庄家不接受": a seat's bid written alone at the start of a story
    that tells no other call and then names declarer or dummy is the contract, as "4♠南主打" is, not a call of an
    auction still under way (a lead alone is not enough: "西家1NT，北家還在想，南家就首攻了♠A")."""
    calls = [a for a in st.actions if a.call]
    first = st.actions[0] if st.actions else None
    said = dict(first.spans) if first is not None else {}
    if st.contract is not None or len(calls) != 1 or first is not calls[0] or first.call in ("P", "X", "XX", "AP") \
            or first.actor not in SEATS or "event" in said or "call" not in said \
            or sum(m.label == "CALL" for m in st.mentions) != 1 \
            or re.search(r"开\s*$", st.text[max(0, said["call"].start - 2):said["call"].start]):   # ("北开1NT…，最后3NT", 西家開1NT)
        return
    if any(m.label == "ROLE" and m.value in ("declarer", "dummy") for m in st.mentions):
        st.contract = (first.call, said["call"])
        if st.declarer is None:
            st.declarer = (first.actor, said.get("actor", said["call"]))
        st.actions.pop(0)
        _renumber(st)
        st.findings = [(i - 1 if i >= 0 else i, f, m) for i, f, m in st.findings]    # (the index of the action before each)


def _director_makes_no_call(st: Story) -> None:
    """The Director never calls or plays: a call or card that follows "裁判還沒到就…" or "before the TD
    came, …" is the player's, the last seat that acted."""
    for k, a in enumerate(st.actions):
        if a.actor == "director" and (a.call or a.cards):
            seat = next((b for b in reversed(st.actions[:k]) if b.actor in SEATS), None)
            if seat is not None:
                a.actor = seat.actor
                a.spans = [x for x in a.spans if x[0] != "actor"]


_QUOTE = re.compile(r"\"[^\"]*\"|“[^”]*”|「[^」]*」|『[^』]*』|(?:(?<=[\s(:,])|^)['‘][^'’]*?['’](?=[\s.,;:!?)—–-]|$)")


_SAID_AFTER = re.compile(r"\s*,?\s*(said|says|shouted|announced|added|called out|cried)\s+$", re.I)


def _speakers_after_quotes(ms: list[Mention], text: str) -> dict[tuple[int, int], Mention]:
    """Quoted speech whose speaker is named after it ("'Two spades — sorry, two hearts,' said North")."""
    out = {}
    for q in _QUOTE.finditer(text):
        seat = next((x for x in ms if x.start >= q.end() and x.label != "EVENT"), None)
        if seat is not None and seat.label == "SEAT" and _SAID_AFTER.fullmatch(text[q.end():seat.start]):
            out[q.span()] = seat
    return out


# an explanation quoted: a point range or words of a call's meaning ("weak, 6-10, six hearts", "「弱二，6-10点，六张红心」")
_MEANING_TOLD = re.compile(r"\d+\s*[-–~～]\s*\d+|\d+\+|\b(hcp|points|weak|strong|natural|forcing|transfer|preemptive|invitational)\b|"
                           r"[0-9一二三四五六七八九十]+\s*点|弱|强|自然|逼叫|转移|阻击|邀请|强制", re.I)


# a result written after a contract ("4♥+1", "3NT=", "4♠x-2"); not the dashes of an auction ("1♥-1♠", "1NT-2C", "2♥-pass")
_RESULT_AFTER = re.compile(r"\s*(xx|x|\*\*|\*)?\s*([+\-]\s*[1-9]|=)(?![\d♠♥♦♣SHDCNshdcn])", re.I)


def _quoted(text: str, pos: int) -> bool:
    """Is the character at `pos` inside quoted speech?"""
    return any(q.start() < pos < q.end() for q in _QUOTE.finditer(text))


_SENTENCE_END = re.compile(r"(?<![.…])[.。!?！？;；](?![.…])")


# the teller's correction says the player had none of a suit ("no wait, South had no diamonds", "不對，南沒有方塊")
_NONE_TOLD = re.compile(r"[.…\s]*[^.。;；]{0,30}?(\b(had|has|held)\s+no\b|没有|沒有|缺门|缺門|\bvoid\b)", re.I)


def _take_back(st: Story, corrections: list[tuple[str, int, int, int, int, int]]) -> None:
    """"E 1NT, S pass... no wait - sorry: E 1NT, S 2♥": a teller who starts his sentence again
    takes all of it back, as does "let me start again"; otherwise only the last call or card he
    named ("South bid 2♠? No - South bid 1NT")."""
    drop: set[int] = set()
    dropped_findings: set[int] = set()
    for kind, s, e, fs, fe, where in corrections:
        said = [k for k in range(s, e) if k not in drop]
        first = st.actions[said[0]] if said else None
        # told again from its start, perhaps after a word of explanation ("No wait, it was South who doubled. So: W 1♦ …")
        # (or the same player's same kind of action told again: "第八磴西從手上攻♣… 不對，是西先從夢家攻♥")
        again = next((k for k in range(e, min(e + 4, len(st.actions))) if kind != "restart" and first is not None
                      and (first.call or first.cards or first.suit)
                      and (st.actions[k].actor, st.actions[k].kind) == (first.actor, first.kind)
                      and (first.call is None or st.actions[k].call == first.call or first.kind in PLAY_EVENTS)), None)
        if kind == "restart" or again is not None:
            drop.update(said)
            drop.update(range(e, again or e))
            dropped_findings.update(range(fs, fe))
        else:
            last = next((k for k in range(e - 1, -1, -1) if k not in drop), None)
            if last is not None and last > s and st.actions[last].kind == "replace" and not (st.actions[last].call or st.actions[last].cards):
                drop.add(last)             # "played the ♦9 rather than... no wait": broken off, with the card before it
                last = next((k for k in range(last - 1, -1, -1) if k not in drop), None)
            told_after = [n for n in range(fs, fe) if last is None or st.findings[n][2].start > _span_end(st.actions[last])]
            retold = next((f for _i, f, m in st.findings if m.start > where), None)
            if told_after and retold == st.findings[told_after[-1]][1]:
                dropped_findings.add(told_after[-1])     # "before W had said a word — sorry, before W had even taken his cards out"
                continue
            if last is not None and (st.actions[last].call or st.actions[last].cards
                                     or st.actions[last].kind in {"win", "bid", "open"} | PLAY_EVENTS) \
                    and not (re.search(r"[，,。;；]|(?<!\.)\.(?!\.)", st.text[_span_end(st.actions[last]):where])
                             and next((x.label for x in st.mentions if x.start > where), None) in ("SEAT", "ROLE")):
                # (a correction that names a seat in a later clause corrects that seat, not the card or call told
                # before the comma: "北把♦K掉在桌上，這磴北的同伴南…不對，是南"; "…2♠, no sorry, 1♠" takes the call back)
                drop.add(last)             # a call, card or trick taken back; not a claim or an answer
                if st.actions[last].kind in PLAY_EVENTS and _NONE_TOLD.match(st.text, where):
                    # "South, who had a diamond, played the ♦9 … no wait, South had no diamonds": the holding told
                    # with the card goes too
                    opens = sentence_at(st.text, told_at(st.actions[last]))[0]
                    drop.update(k for k in range(last) if st.actions[k].kind == "hold"
                                and st.actions[k].actor == st.actions[last].actor and told_at(st.actions[k]) >= opens)
    if not drop and not dropped_findings:
        return
    new_index = {k: sum(1 for j in range(k + 1) if j not in drop) - 1 for k in range(len(st.actions))}
    st.actions = [a for k, a in enumerate(st.actions) if k not in drop]
    _renumber(st)
    st.findings = [(new_index.get(i, i), f, m) for n, (i, f, m) in enumerate(st.findings) if n not in dropped_findings]


def _by_seat(text: str, ev: Mention, rest: list[Mention]) -> Mention | None:
    """The seat after "by" that follows an event ("won by East's partner West with the ♠A" -> West), or
    the role ("the trick was won by declarer")."""
    tail = text[ev.end:ev.end + 40]
    m = re.match(r"\s*(by|came from|was from)\b", tail, re.I)
    if not m:
        return None
    stop = re.search(r"[,.;:]|\bwith\b|\band\b", tail[m.end():])
    end = ev.end + m.end() + (stop.start() if stop else len(tail) - m.end())
    seats = [x for x in rest if x.start < end and (x.label == "SEAT" or x.label == "ROLE" and x.value in ("declarer", "dummy"))]
    return seats[-1] if seats else None


def sentence_at(text: str, at: int) -> tuple[int, int]:
    """(start, end) of the sentence around `at`; `end` is the index of its closing mark, or len(text)."""
    start = max((text.rfind(c, 0, at) for c in ".。!！?？;；"), default=-1) + 1
    end = min((k for k in (text.find(c, at) for c in ".。!！?？;；") if k >= 0), default=len(text))
    return start, end


def in_question(text: str, at: int) -> bool:
    """Words inside a question ("Is it a penalty card?", "這張牌算罰牌嗎？", "不叫是合理选择吗？"), not told as a fact."""
    end = sentence_at(text, at)[1]
    return text[end:end + 1] in ("?", "？") or bool(re.search(r"[吗嗎呢]\s*$", text[at:end]))


def told_at(a: Action) -> int:
    """Where the action itself is told: its first words other than its actor's, who may be named earlier."""
    return min((m.start for f, m in a.spans if f != "actor"), default=min((m.start for _, m in a.spans), default=0))


def _span_end(a: Action) -> int:
    return max(m.end for _, m in a.spans)


def call_of(a: Action):
    """The call of an action as a facts.Call (None if it names none)."""
    from query.rulings.facts import parse_call
    return parse_call(a.call, "call") if a.call else None


def doubt_after(text: str, at: int) -> bool:
    """The story puts something in doubt after `at` ("My notes don't say whether West had called", "是否已经叫牌不清楚")."""
    return _DOUBT.search(text, at) is not None


def in_doubt(text: str, at: int) -> bool:
    """Words in a sentence that puts them in doubt ("我不知道東家是不是已經叫了", "whether West had called")."""
    start, end = sentence_at(text, at)
    return _DOUBT.search(text, start, end) is not None


__all__ = ["Action", "Story", "build", "call_of", "read_call", "CALL_EVENTS", "PLAY_EVENTS"]

