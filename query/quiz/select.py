"""Building a quiz: the pool of questions per language and type, filtered by laws, topics and
types, then a reproducible pick (--seed): round robin over the types, no duplicate question, no
two questions on the same clause, term or scenario when the pool allows, true and false keys
alternating, and the keys spread evenly over the option positions."""
from __future__ import annotations

import random
from collections import defaultdict
from functools import lru_cache

from rdflib import Graph

from query import inputs
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
MAX_SEED = 2**63 - 1


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


def _whole(value, what: str, lo: int, hi: int) -> int:
    """A whole number in range: not a bool (True == 1), a float, text or None (a seed of None would
    be a random quiz, not a reproducible one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be a whole number, not {inputs.quote(value)}")
    if not lo <= value <= hi:
        raise BadInput(f"{what} must be between {lo} and {hi} (got {inputs.quote(value, 24)})")
    return value


def _listed(values, what: str, kind: type) -> list:
    """An option list (None or a list, tuple or set) whose items are all of `kind` (not bool), each
    once: a type given twice would count its questions twice (and give fewer than asked)."""
    if values is None:
        return []
    if not isinstance(values, (list, tuple, set, frozenset)):
        raise BadInput(f"{what} must be a list, not {inputs.quote(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, kind):
            raise BadInput(f"unknown {what[:-1]} {inputs.quote(v)}")
    return list(dict.fromkeys(values))


def _check(g: Graph, laws, topic_list, types, lang: str, count: int, seed: int) -> tuple[list, list, list]:
    """The options, checked (the page and the command line both call `build`): (laws, topics, types)."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise BadInput(f"unknown language {inputs.quote(lang)} (en, zh-Hant, zh-Hans)")
    types, laws, topic_list = _listed(types, "types", str), _listed(laws, "laws", int), _listed(topic_list, "topics", str)
    for t in types:
        if t not in TYPES:
            raise BadInput(f"unknown question type {inputs.quote(t)} (known: {', '.join(TYPES)})")
    known_laws = {law_of(p) for p in bank(g).order} - {None}
    for n in laws:
        if n not in known_laws:
            raise BadInput(f"unknown law {inputs.quote(n, 24)} (the Laws are numbered 1-93)")
    known_topics = set(topics(g))
    for t in topic_list:
        if t not in known_topics:
            raise BadInput(f"unknown topic {inputs.quote(t)} (known: {', '.join(sorted(known_topics))})")
    _whole(count, "count", 1, MAX_COUNT)
    _whole(seed, "seed", 0, MAX_SEED)
    return laws, topic_list, types


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
    laws, topic_list, types = _check(g, laws, topic_list, types, lang, count, seed)
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
