"""Building a quiz: the pool of questions per language and type, filtered by laws, topics and
types, then a reproducible pick (--seed): round robin over the types, no duplicate question, no
two questions on the same clause, term or scenario when the pool allows, true and false keys
alternating, and the keys spread evenly over the option positions."""
from __future__ import annotations

import random
from collections import defaultdict
from functools import lru_cache

from rdflib import Graph

from query.errors import BadInput
from query.quiz import provisions, rulings, scoring, terms, wording
from query.quiz.bank import bank
from query.quiz.item import LANGS, Question, law_of

GENERATORS = {
    "ruling": rulings.questions,
    "provision": provisions.which_provision,
    "xref": provisions.cross_references,
    "strength": wording.strength,
    "truefalse": wording.true_false,
    "term": terms.questions,
    "scoring": scoring.questions,
}
TYPES = tuple(GENERATORS)
EXTRA_TOPICS = ("definitions", "scoring")
MAX_COUNT = 500


@lru_cache(maxsize=32)
def _pool(g_id: int, g: Graph, lang: str, qtype: str) -> tuple[Question, ...]:
    seen: dict[str, Question] = {}
    for q in GENERATORS[qtype](g, lang):
        seen.setdefault(q.id, q)
    return tuple(seen.values())


def pool(g: Graph, lang: str, qtype: str) -> list[Question]:
    return list(_pool(id(g), g, lang, qtype))


def topics(g: Graph) -> list[str]:
    return sorted(bank(g).topics) + list(EXTRA_TOPICS)


def _check(g: Graph, laws, topic_list, types, lang: str, count: int) -> None:
    if lang not in LANGS:
        raise BadInput(f"unknown language '{lang}' (en, zh-Hant, zh-Hans)")
    for t in types or ():
        if t not in TYPES:
            raise BadInput(f"unknown question type '{t}' (known: {', '.join(TYPES)})")
    known_laws = {law_of(p) for p in bank(g).order} - {None}
    for n in laws or ():
        if n not in known_laws:
            raise BadInput(f"unknown law '{n}' (the Laws are numbered 1-93)")
    known_topics = set(topics(g))
    for t in topic_list or ():
        if t not in known_topics:
            raise BadInput(f"unknown topic '{t}' (known: {', '.join(sorted(known_topics))})")
    if not 1 <= count <= MAX_COUNT:
        raise BadInput(f"count must be between 1 and {MAX_COUNT} (got {count})")


def selection(g: Graph, laws=None, topic_list=None, types=None, lang: str = "en") -> list[Question]:
    """Every question the filters allow, in a fixed order."""
    out = []
    for qtype in types or TYPES:
        for q in pool(g, lang, qtype):
            if laws and not set(q.laws) & set(laws):
                continue
            if topic_list and not set(q.topics) & set(topic_list):
                continue
            out.append(q)
    return out


def _family(q: Question) -> str:
    return q.derivation.get("family") or q.derivation.get("scenario") or q.id


def build(g: Graph, laws=None, topic_list=None, types=None, count: int = 20, lang: str = "en",
          seed: int = 0) -> list[Question]:
    _check(g, laws, topic_list, types, lang, count)
    chosen_pool = selection(g, laws, topic_list, types, lang)
    if count > len(chosen_pool):
        raise BadInput(f"only {len(chosen_pool)} questions match the selection; asked for {count}")
    rng = random.Random(seed)
    by_type: dict[str, list[Question]] = defaultdict(list)
    for q in chosen_pool:
        by_type[q.type].append(q)
    for qs in by_type.values():
        rng.shuffle(qs)
    picked: list[Question] = []
    ids, families = set(), set()
    want_true = rng.random() < 0.5
    for strict in (True, False):              # first one question per family, then fill up
        order = [t for t in TYPES if t in by_type]
        while len(picked) < count:
            added = False
            for t in order:
                if len(picked) == count:
                    break
                for q in by_type[t]:
                    if q.id in ids or (strict and _family(q) in families):
                        continue
                    if t == "truefalse" and strict and q.derivation.get("true") != want_true:
                        continue
                    picked.append(q)
                    ids.add(q.id)
                    families.add(_family(q))
                    if t == "truefalse":
                        want_true = not want_true
                    added = True
                    break
            if not added:
                break
        if len(picked) == count:
            break
    return place(picked, rng)


def place(questions: list[Question], rng: random.Random) -> list[Question]:
    """Keys spread evenly over the positions: for each option count, the positions are dealt in
    shuffled rounds. True or false keeps its True, False order."""
    rounds: dict[int, list[int]] = defaultdict(list)
    out = []
    for q in questions:
        q = Question(**{k: v for k, v in q.__dict__.items() if k not in ("options", "answer")})
        n = len(q.distractors) + 1
        if q.type == "truefalse":
            position = 0 if q.derivation.get("true") else 1
            out.append(q.place(position, [0]))
            continue
        if not rounds[n]:
            rounds[n] = list(range(n))
            rng.shuffle(rounds[n])
        order = list(range(len(q.distractors)))
        rng.shuffle(order)
        out.append(q.place(rounds[n].pop(), order))
    return out
