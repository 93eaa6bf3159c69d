"""The table replay: a story's actions replayed by the rules of the game, and the irregularities
that come out of it, in the order they happened. The auction (auction.py, Laws 17-39), the play
(play.py, Laws 41-71) and what the story tells besides (other_kinds.py) are replayed in turn; this
module puts their findings in order and settles where two readings meet.

Each irregularity carries the facts the replay establishes, in the fact vocabulary of
ontology/scenario.ttl, with the mentions they were read from. Nothing is guessed: a fact the story
does not settle is left out, and the reasoner asks for it.
"""
from __future__ import annotations

import re

from query.rulings.facts import SEATS, lho, partner, rho
from query.rulings.scenario.auction import replay_auction
from query.rulings.scenario.other_kinds import dummy_then, named_kinds, replay_more, replay_other, restated_auction, review_error, \
    simultaneous_calls
from query.rulings.scenario.play import replay_play
from query.rulings.scenario.story import Story
from query.rulings.scenario.table import Irregularity


def replay(st: Story) -> list[Irregularity]:
    """Every irregularity the story shows, in the order it happened."""
    restated = restated_auction(st)
    if restated is not None:
        for a in restated[1]:
            a.call, a.kind = None, "restate"     # the calls of a review are words about the auction (Law 20E)
    auction_irr, au = replay_auction(st)
    more = replay_more(st, au)
    if restated is not None and (wrong := review_error(st, au, restated)) is not None:
        more.append(wrong)
    if any(i.kind == "cards_from_wrong_board" for i in more):
        auction_irr = []                   # the calls were made on the wrong cards: Law 15A, not 27-39
    if any(i.kind == "insufficient_bid" for i in auction_irr):
        more = [i for i in more if i.kind != "insufficient_bid"]
    found = auction_irr + replay_play(st, au) + replay_other(st, au) + more
    named = named_kinds(st)
    if any(i.kind == "surplus_card" for i in named):
        found = [i for i in found if i.kind != "cards_from_wrong_board"]    # "別的牌套的牌": one card, not the board
    found = simultaneous_calls(st, found + named)
    sims = [i.at for i in found if i.kind == "simultaneous_plays"]
    if sims:
        # Law 58A: a card played with another player's proper lead or play is deemed subsequent to it, not
        # a lead out of turn of its own
        found = [i for i in found if i.kind not in ("defender_card_exposed", "declarer_exposes_card") and not (
            i.kind in ("lead_out_of_turn", "opening_lead_out_of_turn") and any(0 < i.at - at <= 2 for at in sims))]
    # a misinformed player taking back his call is the change Law 21B1(a) allows, not a change of call (25)
    misinformed = [(i.at, i.facts.get("offender")) for i in found if i.kind == "misinformation" and i.facts.get("offender") in SEATS]
    found = [i for i in found if not (i.kind == "change_of_call" and any(
        at < i.at and i.facts.get("offender") in (lho(off), rho(off)) for at, off in misinformed))]
    # change of call replaces an "insufficient" or "out of rotation" reading of the same call
    changed_at = {j.at for j in found if j.kind == "change_of_call"}
    found = [i for i in found if i.kind not in ("insufficient_bid", "call_out_of_rotation")
             or not changed_at & {i.at, i.at + 1}]
    # a card led at another player's turn is a lead out of turn (Laws 53-56), and a card dummy placed
    # unnamed is Law 45D: not also a play before partner (57) or dummy suggesting a play (45F)
    led_at = {i.at for i in found if i.kind in ("lead_out_of_turn", "opening_lead_out_of_turn", "dummy_card_not_designated")}
    found = [i for i in found if not (i.kind in ("premature_play", "dummy_indicates_card") and i.at in led_at)]
    # a card a defender showed before his partner had played is the premature play (Law 57), not also an exposed card (49)
    early_at = {i.at for i in found if i.kind == "premature_play"}
    found = [i for i in found if not (i.kind == "defender_card_exposed" and i.at in early_at)]
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
    # "西首攻亮出♣K", "'My lead?' … West faced the ♠K": the card shown is the opening lead out of turn faced (Law 54),
    # not a card exposed besides it (Law 49), when no other card was played between them
    for lead in [i for i in found if i.kind == "opening_lead_out_of_turn" and i.facts.get("offender")]:
        shown = next((i for i in found if i.kind == "defender_card_exposed" and i.facts.get("offender") == lead.facts["offender"]
                      and lead.at < i.at and not any(a.cards and lead.at < a.index < i.at for a in st.actions)), None)
        if shown is not None and not any(a.cards for a in st.actions if a.index == lead.at):
            found.remove(shown)
            if "opening_lead_faced" not in lead.facts:
                lead.put("opening_lead_faced", True, *[m for f, _, m in shown.spans if f == "exposed_cards"][:1])
        if lead.facts.get("declarer_choice") == "spread_hand":
            # declarer spreading his hand after it is his choice under Law 54A, not cards exposed (Law 48)
            found = [i for i in found if not (i.kind == "declarer_exposes_card" and i.at > lead.at)]
    # a discard that is a revoke is not also a penalty card left unplayed: following suit comes first (Law 50D1(b))
    revoked = {(i.at, i.facts.get("offender")) for i in found if i.kind == "revoke"}
    found = [i for i in found if not (i.kind == "penalty_card_not_played" and (i.at, i.facts.get("offender")) in revoked)]
    unplayed = next((i for i in found if i.kind == "penalty_card_not_played"), None)
    settled = next((m for _, f, m in st.findings if f == "penalty_card"
                    and re.search(r"已经|already", st.text[max(0, m.start - 8):m.start], re.I)), None)
    if unplayed is not None and settled is not None:
        # "♠Q掉在桌上，已经按重罚牌放着 … 应该打出♠Q，他却垫了♦3": the exposure was ruled before; the ruling
        # asked for is on the penalty card not played (Law 52), not the exposure again (Law 50)
        found = [i for i in found if not (i.kind == "defender_card_exposed" and i.facts.get("offender") == unplayed.facts.get("offender"))]
    found.sort(key=lambda i: i.at)
    refused = next((i for i in found if i.kind == "lead_out_of_turn" and i.facts.get("correct_leader") == "declarer_side"
                    and i.facts.get("accepted") is False), None)
    for i in found:
        d = refused.facts.get("declarer") if refused is not None else None
        if refused is not None and i.kind == "premature_play" and i.at > refused.at \
                and i.facts.get("premature_kind") in (None, "play_at_rho_turn") \
                and d and i.facts.get("offender") not in (None, d, partner(d)):
            # declarer's lead from the wrong hand was refused and a defender played before he led again (Law 60B),
            # which is more than a play at his RHO's turn
            i.spans = [x for x in i.spans if x[0] != "premature_kind"]
            i.put("premature_kind", "before_declarer_corrected_lead", *[m for f, _, m in refused.spans if f == "accepted"])
            i.put("offender_role", "defender", *[m for f, _, m in i.spans if f == "offender"])
    # a reading the story gives no words for is asked about when it comes first, never ruled on after another
    found = [i for n, i in enumerate(found) if not (i.unsure and n > 0)]
    dummy_then(st, found)
    seen, out = set(), []
    for i in found:
        # (a second revoke in the same suit, and each contestant's own score for a board with no result, Law 12C2(a))
        if i.kind not in seen or i.facts.get("repeat_revoke_same_suit") or i.facts.get("contestant_fault"):
            seen.add(i.kind)
            out.append(i)
    return out
