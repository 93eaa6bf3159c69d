"""The plain-language reader: a director's description of a table situation, in English,
Traditional or Simplified Chinese, read into scenario facts for the reasoner (DESIGN.md section 7,
`python -m query rule "TEXT"`; docs/scenario-reader.md).

text -> mentions (spaCy pipelines with the pattern files, reader.py) -> a story of actions
(story.py) -> the table replay (replay.py), from which the irregularities come, in order -> the
reasoner (query/rulings/reasoner.py) on the first one's facts plus the user's answers -> the answer
(contract.py): `understood` (facts and the words they came from), `missing` (questions with options),
the ruling; the other irregularities of the story are ruled too, under `further`.
"""
from __future__ import annotations

import re

from rdflib import Graph

from query.errors import BadInput

MAX_STORY = 5_000          # characters: a table story is a paragraph; longer texts are refused (one line, exit 2)

# findings that name an irregularity when the replay could not build it (the text says what it was)
NAMED = {"insufficient": ["insufficient_bid"], "revoke": ["revoke"], "penalty_card": ["defender_card_exposed"],
         "out_of_turn": ["call_out_of_rotation", "opening_lead_out_of_turn", "lead_out_of_turn"],
         "wrong_hand": ["lead_out_of_turn"], "misinformation": ["misinformation"],
         "unintended": ["change_of_call"], "intended": ["change_of_call"],
         "logical_alternative": ["unauthorized_information"], "suggested": ["unauthorized_information"],
         "misled": ["misinformation", "deceptive_manner"]}


# the findings that name an irregularity outright ("insufficient", "revoked", "misinformed")
STRONG_NAMES = ("insufficient", "revoke", "misinformation")


_CALL_NEAR = re.compile(r"\W{0,2}(?:\w+\s){0,2}\W{0,2}[1-7一二两三四五六七]\s*(?:nt|n\b|[cdhs♣♦♥♠]|无将|無將|无王|無王|梅花|方块|方塊|红心|紅心|黑桃)", re.I)


def read(text: str, lang: str | None = None):
    """(story, irregularities, lang of the text) for a text; no graph needed."""
    from query.inputs import text as checked
    from query.rulings.scenario.pipelines import detect_lang, normalized
    from query.rulings.scenario.reader import mentions
    from query.rulings.scenario.replay import replay
    from query.rulings.scenario.story import build
    text = checked(text, "scenario text", MAX_STORY)
    if not text.strip():
        raise BadInput("empty scenario text")
    text_lang = detect_lang(text)
    # the story reads a plain, Simplified copy of the text (same offsets), so its phrase checks are
    # written once; the words shown to the user are cut from the user's own text (contract.spans_json)
    st = build(mentions(text, text_lang), normalized(text, text_lang))
    st.source = text
    return st, replay(st), text_lang


# a case put as a supposition ("if a defender drops a card", "如果防家…"), not a story told
_CONDITIONAL = re.compile(r"\b(if|when|whenever|suppose|supposing)\b|如果|假如|假設|假设|若|要是|的话|的話", re.I)


_PAST = ("ed", "won", "threw", "put", "made", "took", "shown")   # a told act, not "claims", "drops", "should be played"


def _told_as_event(text: str, at: int) -> bool:
    """"A defender dropped a card face up. What's the status of it?": a role's act told in a sentence of its own,
    not inside the question ("Does a defender's exposed honour …?", "庄家摊牌的时候…，怎么判？") or a supposition."""
    from query.rulings.scenario.story import sentence_at
    start, end = sentence_at(text, at)
    return not _CONDITIONAL.search(text[start:end]) and text[end:end + 1] not in ("?", "？", "")


def _is_law_question(st, text: str) -> bool:
    from query.rulings.scenario.story import told_at
    from query.rulings.scenario.table import _span
    story = [a for a in st.actions if a.call or a.cards or (a.actor in ("N", "E", "S", "W") and a.kind in (
        "open", "bid", "lead", "play", "discard", "ruff", "drop", "expose", "claim", "concede", "hold", "pull"))
        or a.actor in ("declarer", "dummy", "defender") and a.kind in ("drop", "expose") and _told_as_event(st.text, told_at(a))]
    # (a role's card dropped or shown, told as an event; "A defender led out of turn. What are declarer's options?" is
    # a question about the Laws)
    unquoted = re.sub(r"[\"“「『'‘].*?[\"”」』'’]", "", text).rstrip()
    # phone-typed questions often have no question mark ("罚牌什么时候一定要打出去"): with no story
    # told, a question word in the first sentence makes it a question (not "…dropped a card. Declarer asks what penalty.")
    first = re.search(r"[.。!！?？;；]", unquoted)
    acted = any(a.actor in ("declarer", "dummy", "defender", "N", "E", "S", "W") and a.kind in (
        "lead", "play", "claim", "concede", "drop", "expose") and (_span(a, "event").text.lower() if _span(a, "event") else "").endswith(_PAST)
        and not re.search(r"\b(be|to|should|must|can|may|will|would)\s+$", text[:told_at(a)], re.I) for a in st.actions)
    asks = unquoted.endswith(("?", "？", "吗", "呢", "嗎")) or any(
        (q.start <= 1 or q.value == "question" and (first is None or q.start < first.start()))
        and not (acted and text[q.start:q.end].lower() == "when") for q in st.questions)
    # ("Declarer claimed when there were five tricks left": with a player's act told, "when" is a time, not a question)
    return asks and not story and st.seats_named <= 1


# a director asking for a ruling on what he just told ("Ruling?", "要怎麼罰？"), not a question about the Laws
_ASKS_RULING = re.compile(r"\b(ruling|rule|rectification|penalty)\b[^.?!]{0,12}[?？]|what do i (rule|do)|what now|"
                          r"怎麼辦|怎么办|怎麼處理|怎么处理|怎麼罰|怎么罚|怎麼判|怎么判|如何處理|如何处理|如何判", re.I)


def _asks_ruling(text: str) -> bool:
    """A story told, then a short sentence asking for the ruling ("防家掉了一張牌在桌上。要怎麼罰？");
    a question about the Laws asks within its one sentence ("攤牌的時候如果…，裁判怎麼處理？")."""
    parts = [p for p in re.split(r"(?<=[.。!！?？])\s*", text.strip()) if p.strip()]
    return len(parts) >= 2 and len(parts[-1]) <= 24 and bool(_ASKS_RULING.search(parts[-1]))


def _no_table(st) -> bool:
    """Nothing of a table in the text: no seat, role, call, card, contract, trick or action named."""
    return not st.table


def rule_text(g: Graph, text: str, lang: str | None = "en", answers: dict | None = None) -> dict:
    """A ruling from a director's own words: the object `python -m query rule "TEXT" --json` prints.

    `answers` are the user's replies to earlier questions (fact -> value, as strings or JSON
    values); they override what was read. `lang` (en, zh-Hant, zh-Hans; None: the text's own) is
    the language of the answer. Raises BadInput for text that cannot be read (empty, too long,
    not valid UTF-8) or answers that are not facts.
    """
    from query.rulings.reasoner import LANGS, rule_base, rule_facts
    from query.rulings.scenario.contract import (LAW_QUESTION, NOT_RULED, QUOTES, UNSURE_KIND, option_label, question,
                                                 spans_json, typed_answer)
    from query.rulings.scenario.table import _span
    st, found, text_lang = read(text, lang)
    lang = lang or text_lang
    if lang not in LANGS:
        raise BadInput(f"unknown language '{lang}' (en, zh-Hant, zh-Hans)")
    base = rule_base(g)
    vocab = base.vocab
    given = {k: typed_answer(k, v, vocab) for k, v in (answers or {}).items()}
    if not given and _is_law_question(st, text) and not any(i.facts.get("call") or i.facts.get("offender") for i in found) \
            and not (found and _asks_ruling(text)):
        # "law_question"/"verdict" too: the chat (query/ask/answers.py) reads either to send it to search
        return {"kind": "law_question", "law_question": True, "verdict": "law_question", "text": text, "lang": lang,
                "note": LAW_QUESTION[lang],
                "understood": {"facts": {}, "spans": []}, "missing": [], "steps": [], "rectifications": [],
                "judgement": [], "citations": []}
    if not found and not given and _no_table(st):
        # e.g. "xyzzy plugh": nothing to rule on; one line (exit 2), and the chat searches instead
        raise BadInput("no irregularity recognised: the text names no seat, call, card or player's action")
    first = found[0] if found else None
    ask_kind: list[str] = []
    if first is not None and first.kind in ("insufficient_bid", "call_out_of_rotation") and "irregularity" not in given:
        # "he meant to bid 1NT", "想叫1NT": what he meant names another call (not "想加叫", wanting to raise)
        # (not what he wants to replace it with once his LHO declined it: "South doesn't accept; East now wants to make it 2S")
        answered = next((_span(b, "event") for b in st.actions if b.index > first.at and b.kind in ("accept", "decline")), None)
        said = [m for _, f, m in st.findings if f == "unintended" or f == "wanted" and _CALL_NEAR.match(text[m.end:m.end + 12])
                and not (answered is not None and answered.start < m.start)]
        call_m = next((m for f, v, m in first.spans if f == "call" and m is not None and m.label == "CALL"), None)
        if said and call_m is not None and any(m.start > call_m.start for m in said):
            # "he bid 1♠ - he meant to bid 1NT": Law 25A (an unintended call) comes before Law 27/31; the Director decides
            ask_kind = [first.kind, "change_of_call"]
    if first is not None and first.unsure and "irregularity" not in given:
        ask_kind = list(dict.fromkeys([first.kind, *first.unsure]))
    named = {k for _, f, _m in st.findings if f in STRONG_NAMES for k in NAMED[f]}
    if first is not None and first.kind == "call_when_required_to_pass":
        # the earlier irregularity the story names is why he had to pass (Laws 23, 24, 27, 30-32), not another ruling
        named -= {"insufficient_bid", "call_out_of_rotation", "card_exposed_during_auction"}
    if first is not None and named and first.kind not in named and not any(i.kind in named for i in found) \
            and "irregularity" not in given and not ask_kind:
        # the story names an irregularity the replay did not find ("南说2NT其实是…", "West revoked"):
        # unsure which one the ruling is about, so ask (never a confident ruling on the other one)
        ask_kind = [first.kind] + sorted(named)
    unsure = ""
    from query.rulings.scenario.told_like import kinds_told_alike
    # (not needed when the user named the irregularity, or the story's own words already ask which one)
    alike = kinds_told_alike(text) if "irregularity" not in given and not ask_kind else []
    if first is not None and "irregularity" not in given and not ask_kind and first.kind not in alike:
        # none of the labelled stories told most like this one had the replay's irregularity: the
        # replay may have misread the story, so ask rather than rule (told_like.py)
        ask_kind = [first.kind] + alike[:3]
        quoted = [QUOTES[lang] % option_label("irregularity", k, lang, g) for k in ask_kind]
        unsure = UNSURE_KIND[lang].format(read=quoted[0], alike=("、" if lang != "en" else ", ").join(quoted[1:]))
    facts = dict(first.facts) if first else {}
    spans = list(first.spans) if first else []
    facts.update(given)
    from query.rulings.facts import AUCTION_PHASE, partner as partner_of
    off = facts.get("offender") or (facts.get("call") or {}).get("seat")
    if facts.get("irregularity") in AUCTION_PHASE and off and facts.get("declarer") and "offender_becomes" not in facts:
        d = facts["declarer"]
        facts["offender_becomes"] = "declarer" if off == d else "dummy" if off == partner_of(d) else "defender"
    elif off in st.defenders and facts.get("irregularity") not in AUCTION_PHASE and "declarer" not in facts \
            and "offender_role" not in facts:
        facts["offender_role"] = "defender"             # "West, a defender, shows out"
        spans.append(("offender_role", "defender", st.defenders[off]))
    elif facts.get("irregularity") in AUCTION_PHASE and off in st.defenders and "offender_becomes" not in facts:
        facts["offender_becomes"] = "defender"          # "西是防家": the offender became a defender (Law 24E)
        spans.append(("offender_becomes", "defender", st.defenders[off]))
    if "replacement_call" in given and "auction" not in facts and first is not None and first.kind == "insufficient_bid":
        # the reader knows the bid it was over: the replacement's type follows (Law 27B1(a))
        from query.rulings.facts import parse_call
        from query.rulings.scenario.auction import lowest_same, replacement_type
        rep = parse_call(facts.pop("replacement_call"), "--answer replacement_call")
        ib = parse_call(facts["call"]["call"], "call") if "call" in facts else None
        facts["replacement_type"] = replacement_type(rep, first.last_bid)
        facts["replacement_lowest_same_denomination"] = lowest_same(ib, rep, first.last_bid)
    understood = {"facts": dict(facts), "spans": spans_json(spans, st.source)}
    if ask_kind:
        facts.pop("irregularity", None)
        understood["facts"].pop("irregularity", None)
        understood["spans"] = [x for x in understood["spans"] if x["fact"] != "irregularity"]
    if "irregularity" not in facts:
        hints = ask_kind or sorted({k for _, f, _m in st.findings for k in NAMED.get(f, [])})
        if not hints:
            # nothing to go on but the stories told like this one: every kind, theirs first
            allowed = vocab["irregularity"].allowed
            hints = [k for k in alike if k in allowed] + [k for k in allowed if k not in alike]
        asked = question(vocab["irregularity"], lang, g, hints)
        if unsure:
            asked["question"] = unsure       # what was read, and why it is asked (the chat shows the question)
        out = {"kind": "ruling", "text": text, "lang": lang, "understood": understood, "missing": [asked],
               "note": NOT_RULED[lang], "irregularities": [i.kind for i in found], "facts": facts, "presumed": {}, "derived": {},
               "steps": [], "rectifications": [], "judgement": [], "pending": [], "citations": []}
        return out
    try:
        try:
            ruling = rule_facts(base, facts, lang)
        except BadInput:
            if "auction" not in facts or "auction" in given:
                raise
            # the replayed auction and a stated fact disagree: rule on the stated facts alone
            facts = {k: v for k, v in facts.items() if k not in ("auction", "dealer")}
            understood["facts"] = dict(facts)
            understood["spans"] = [s for s in understood["spans"] if s["fact"] not in ("auction", "dealer")]
            ruling = rule_facts(base, facts, lang)
    except BadInput as e:
        # what was read contradicts itself (or the answers contradict it): say so, ask for the kind
        return {"kind": "ruling", "text": text, "lang": lang, "understood": understood,
                "error": str(e).splitlines()[0], "missing": [question(vocab["irregularity"], lang, g)],
                "irregularities": [i.kind for i in found], "steps": [], "rectifications": [], "judgement": [],
                "citations": []}
    for m in ruling["missing"]:
        d = vocab[m["fact"]]
        m.update(question(d, lang, g))
    out = {"kind": "ruling", "text": text, "lang": lang, "understood": understood,
           "irregularities": [i.kind for i in found], **ruling}
    further = []
    for irr in found[1:]:
        try:
            r = rule_facts(base, irr.facts, lang)
        except BadInput as e:
            further.append({"irregularity": irr.kind, "error": str(e).splitlines()[0]})
            continue
        further.append({"irregularity": irr.kind, "understood": {"facts": dict(irr.facts), "spans": spans_json(irr.spans, st.source)},
                        "missing": [{**m, **question(vocab[m["fact"]], lang, g)} for m in r["missing"]],
                        "steps": r["steps"], "rectifications": r["rectifications"], "judgement": r["judgement"],
                        "citations": r["citations"], **({"options": r["options"]} if "options" in r else {})})
    out["further"] = further
    return out
