"""Ruling questions: a situation, then "which rectification do the Laws prescribe?".

The situations are the golden scenarios' facts (tests/scenarios/*.json) and variations of them
(seats rotated, suits exchanged, levels raised, acceptance flipped); for every one the key is
computed by the reasoner (query.rulings.reasoner, the rules of ontology/rules/). The distractors
are rectifications that sibling rules prescribe (27B1(a) against 27B2 and 27B3), never one the
ruling contains.
"""
from __future__ import annotations

import csv
import json
import random
from functools import lru_cache
from pathlib import Path

from rdflib import Graph

from query.errors import BadInput
from query.graph import ROOT
from query.quiz.bank import bank, edition
from query.quiz.item import SUITS, Question, alike, law_of, say
from query.rulings.facts import SEATS
from query.rulings.reasoner import SEAT_NAMES, rule_base, rule_facts

SCENARIOS = ROOT / "tests" / "scenarios"
VALUES = Path(__file__).parent / "data" / "values.tsv"
# rectifications that go with most irregularities: a key only when the ruling has nothing more specific
GENERIC = {"OptionToAccept", "AdjustedScorePossible", "ProceduralPenaltyPossible", "SubstituteLegalCall"}
# true of almost every situation sooner or later (the auction or play goes on after the
# rectification): as distractors they would be a second right answer
# "option to accept" existed even when not used; information from any withdrawn call or card is
# unauthorized for the offending side (Law 16C), so that too is nearly always arguable
NEVER_DISTRACTORS = {"AuctionContinues", "PlayContinues", "OptionToAccept", "UnauthorizedInformation"}
# rectifications that are the effect of a general law: no distractor when the ruling cites or
# refers to that law (62C3 "see Law 16C2" makes the withdrawn cards' information unauthorized)
TYPE_LAW = {"UnauthorizedInformation": "16", "ProceduralPenaltyPossible": "90"}
STEM_FIRST = ("irregularity", "dealer", "auction", "call")


@lru_cache(maxsize=1)
def _values() -> dict[str, dict[str, str]]:
    rows = [x for x in VALUES.read_text(encoding="utf-8").splitlines() if not x.startswith("#")]
    return {r["value"]: r for r in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)}


def _call(raw: str, lang: str) -> str:
    word = {"P": "pass", "X": "double", "XX": "redouble"}.get(str(raw).upper())
    if word:
        return _values()[word][lang].removeprefix("a ")
    raw = str(raw).upper()
    strain = raw[1:]
    return raw[0] + SUITS.get(strain, strain)


def _value(fact, value, lang: str) -> str:
    if isinstance(value, bool):
        return say("yes" if value else "no", lang)
    if fact.type == "seat":
        return SEAT_NAMES[lang][value] + ("." if lang == "en" else "。")
    if fact.type == "call":
        return _call(value, lang) + ("." if lang == "en" else "。")
    if fact.type == "cards":
        return ", ".join(SUITS[c[0]] + c[1:] for c in value) + ("." if lang == "en" else "。")
    row = _values().get(str(value))
    text = row[lang] if row else str(value).replace("_", " ")
    return (text[:1].upper() + text[1:] + ".") if lang == "en" else text + "。"


def situation(base, facts: dict, topic: str, lang: str) -> str:
    """The stem's situation, in the user's language: the auction first, then each fact as its
    own question (sc:question) and answer."""
    lines = [say("ruling.situation", lang, topic=topic)]
    if "dealer" in facts:
        lines.append(say("ruling.dealer", lang, seat=SEAT_NAMES[lang][facts["dealer"]]))
    if facts.get("auction"):
        sep = ", " if lang == "en" else "、"
        lines.append(say("ruling.auction", lang, calls=sep.join(_call(c, lang) for c in facts["auction"])))
    if isinstance(facts.get("call"), dict):
        lines.append(say("ruling.call", lang, seat=SEAT_NAMES[lang][facts["call"]["seat"]],
                         call=_call(facts["call"]["call"], lang)))
    for key in sorted((k for k in facts if k not in STEM_FIRST), key=lambda k: (base.vocab[k].order, k)):
        d = base.vocab[key]
        q = d.question.get(lang) or d.question.get("en", key)
        lines.append(say("ruling.fact", lang, question=q, answer=_value(d, facts[key], lang)))
    return "\n".join(lines)


# --- variations -----------------------------------------------------------------------------------

def _map_calls(facts: dict, fn) -> dict | None:
    out = json.loads(json.dumps(facts))
    try:
        if "auction" in out:
            out["auction"] = [fn(c) for c in out["auction"]]
        if isinstance(out.get("call"), dict):
            out["call"]["call"] = fn(out["call"]["call"])
        for k in ("replacement_call",):
            if k in out:
                out[k] = fn(out[k])
    except ValueError:
        return None
    return out


def _raise(call: str) -> str:
    c = str(call).upper()
    if c[:1].isdigit():
        if int(c[0]) >= 7:
            raise ValueError("level")
        return f"{int(c[0]) + 1}{c[1:]}"
    return call


def _swap_suits(call: str) -> str:
    c = str(call).upper()
    swap = {"C": "H", "D": "S", "H": "C", "S": "D"}
    if c[:1].isdigit() and c[1:] in swap:
        return c[0] + swap[c[1:]]
    return call


def _rotate(facts: dict, k: int, vocab) -> dict:
    turn = lambda s: SEATS[(SEATS.index(s) + k) % 4]
    out = json.loads(json.dumps(facts))
    for key, value in facts.items():
        d = vocab.get(key)
        if d and d.type == "seat":
            out[key] = turn(value)
        elif d and d.type == "seated_call":
            out[key]["seat"] = turn(value["seat"])
    return out


def variations(facts: dict, vocab) -> list[tuple[str, dict]]:
    out = [("golden", facts)]
    out += [(f"seats+{k}", _rotate(facts, k, vocab)) for k in (1, 2, 3)]
    if facts.get("auction") or isinstance(facts.get("call"), dict):
        out += [("levels+1", _map_calls(facts, _raise)), ("suits", _map_calls(facts, _swap_suits))]
    if facts.get("accepted") is False:
        # accepted after all: the facts asked after acceptance (the replacement call, ...) no longer
        # happened, so they go; the reasoner then rules on what is left
        limit = vocab["accepted"].order
        kept = {k: v for k, v in facts.items() if k in STEM_FIRST or vocab[k].order <= limit}
        out.append(("acceptance", {**kept, "accepted": True}))
    return [(name, f) for name, f in out if f is not None]


# --- questions --------------------------------------------------------------------------------------

def _option(base, rect: dict | tuple, lang: str) -> str:
    rtype, count = (rect["type"], rect.get("count")) if isinstance(rect, dict) else rect
    label = base.rect_labels[rtype].get(lang) or base.rect_labels[rtype]["en"]
    return f"{label} ({count})" if count is not None else label


def _family(rtype: str) -> str:
    """Types an examiner would not tell apart as answers: every adjusted score is one family
    (AdjustedScore, AdjustedScorePossible, ArtificialAdjustedScore ...)."""
    return "Adjusted" if "Adjusted" in rtype else rtype


def _key_rect(rects: list[dict]) -> dict:
    return sorted(rects, key=lambda r: (r["type"] in GENERIC, -len(r["provision"]), r["provision"], r["type"]))[0]


def _named_in(label: str, ruling_text: str) -> bool:
    """Whether the ruling's own words name this rectification ("... becomes a penalty card" names
    "Major penalty card"): a common run of at least 60% of the label (2 characters in Chinese,
    8 in English) makes it no distractor, whatever the rectification list says."""
    a, b = label.casefold(), ruling_text.casefold()
    k = max(2 if not a.isascii() else 8, int(0.6 * len(a)))
    return any(a[i:i + k] in b for i in range(len(a) - k + 1))


def _related(pid: str, cited: frozenset) -> bool:
    """pid is one of the cited provisions, an ancestor or a descendant of one (27B of 27B2, not 2 of 27)."""
    def under(x: str, y: str) -> bool:
        return x == y or (x.startswith(y) and not (y[-1].isdigit() and x[len(y)].isdigit()))
    law = law_of(pid)
    return any(law_of(c) == law and (under(pid, c) or under(c, pid)) for c in cited)


def _distractors(base, key: dict, ruled_types: set[str], rng: random.Random, lang: str,
                 ruling_text: str = "", cited: frozenset = frozenset()) -> list[str]:
    """Rectifications of sibling rules (same provision family first, then the same law), none of
    which the ruling contains or names, nor one a provision the ruling cites or refers to prescribes
    (62C3 "see Law 16C2": no "information unauthorized" distractor there)."""
    pid = key["provision"]
    ruled_families = {_family(t) for t in ruled_types}
    cited_laws = {law_of(c) for c in cited}
    tiers: list[list[tuple]] = [[], [], []]      # (law distance, (type, count))
    for rule in _sorted_rules(base):
        if law_of(rule.provision) in cited_laws and _related(rule.provision, cited):
            continue
        for rect in rule.rects:
            if rect.type in TYPE_LAW and any(law_of(c) == int(TYPE_LAW[rect.type]) for c in cited):
                continue
            if rect.type in ruled_types or rect.type in NEVER_DISTRACTORS or _family(rect.type) in ruled_families:
                continue
            opt = (rect.type, rect.count)
            same_law = law_of(rule.provision) == law_of(pid)
            tier = 0 if same_law and rule.provision[:len(pid) - 1] == pid[:-1] else 1 if same_law else 2
            tiers[tier].append((abs((law_of(rule.provision) or 0) - (law_of(pid) or 0)), opt))
    out: list[str] = []
    for n, tier in enumerate(tiers):
        # other laws: the nearest first (an auction rectification for an auction irregularity)
        best: dict = {}
        for dist, opt in tier:
            best[opt] = min(dist, best.get(opt, dist))
        tier = sorted(best, key=lambda o: (best[o], str(o)))
        head, tail = (tier[:8], tier[8:]) if n == 2 else (tier, [])
        rng.shuffle(head)
        tier = head + tail
        for opt in tier:
            text = _option(base, opt, lang)
            if len(out) < 3 and not _named_in(text, ruling_text) \
                    and not any(alike(text, o) for o in out + [_option(base, key, lang)]):
                out.append(text)
    return out


def _laws(key_pid: str, citations: list[str]) -> list[int]:
    """The key's law first (the question's Moodle category), then the other cited laws."""
    rest = sorted({law_of(c) for c in citations if law_of(c) is not None} - {law_of(key_pid)})
    return [law_of(key_pid)] + rest


@lru_cache(maxsize=4)
def _refs_of(b) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for x in b.refs:
        out.setdefault(x["pid"], set()).add(x["target"])
    return out


_SORTED: dict[int, list] = {}


def _sorted_rules(base) -> list:
    if id(base) not in _SORTED:
        _SORTED.clear()
        _SORTED[id(base)] = sorted(base.rules.values(), key=lambda r: r.id)
    return _SORTED[id(base)]


@lru_cache(maxsize=1)
def golden() -> list[dict]:
    out = []
    for f in sorted(SCENARIOS.glob("*.json")):
        out.append(json.loads(f.read_text(encoding="utf-8")))
    return out


def questions(g: Graph, lang: str) -> list[Question]:
    base, b = rule_base(g), bank(g)
    out: dict[str, Question] = {}
    for scenario in golden():
        for variant, facts in variations(scenario["facts"], base.vocab):
            try:
                r = rule_facts(base, facts, lang, explain=False)
            except BadInput:
                continue            # a variation the Laws' mechanics do not allow (a bid above 7, ...)
            if r["missing"] or not r["rectifications"]:
                continue
            key = _key_rect(r["rectifications"])
            ruled = {x["type"] for x in r["rectifications"]}
            rng = random.Random(f"{scenario['id']}|{variant}|{lang}")
            said = " ".join(x.get("conclusion") or x.get("question") or "" for x in r["steps"] + r["judgement"])
            cited = set(r["citations"]).union(*(_refs_of(b).get(c, ()) for c in r["citations"]))
            # the stem says the irregularity was not accepted: "accepted" would be a giveaway, not a distractor
            refused = {"AcceptedAsLegal"} if facts.get("accepted") is False else set()
            distractors = _distractors(base, key, ruled | refused, rng, lang, said, frozenset(cited))
            if len(distractors) < 3:
                continue
            irr = facts["irregularity"]
            topic = b.topics.get(irr, {}).get("labels", {}).get(lang, irr)
            stem = situation(base, facts, topic, lang) + "\n" + say("ruling.stem", lang)
            step = next((s for s in r["steps"] if s["provision"] == key["provision"]), None) \
                or next((s for s in r["judgement"] if s["provision"] == key["provision"]), None)
            quote = step["text"] if step else b.texts.get((key["provision"], lang), "")
            conclusion = step.get("conclusion") or step.get("question", "") if step else ""
            explanation = say("provision.explanation", lang, pid=key["provision"], text=quote)
            if conclusion:
                explanation += " " + conclusion
            q = Question(
                type="ruling", lang=lang, stem=stem, key=_option(base, key, lang), distractors=distractors,
                explanation=explanation, citations=list(r["citations"]),
                laws=_laws(key["provision"], r["citations"]), topics=[irr],
                difficulty=min(3, 1 + len(r["steps"]) // 2), edition=edition(b, key["provision"], lang),
                derivation={"source": "reasoner", "scenario": scenario["id"], "variant": variant, "facts": facts,
                            "key": {"type": key["type"], "count": key.get("count"), "provision": key["provision"]},
                            "expect": scenario.get("expect", {}).get("rectifications") if variant == "golden" else None})
            out.setdefault(q.id, q)
    return list(out.values())
