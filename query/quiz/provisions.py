"""Which-provision and cross-reference questions.

- Which provision: from the Index to the 2017 Laws (laws_ttl/wbf2017.index.ttl: a heading and the
  provisions it lists; English, as the Index is) and from the question cards
  (query/search/data/questions/*.tsv: a question and the provision that answers it, in each
  language). Distractors come from other laws, so that no distractor also answers.
- Cross-references: the provision's text with one reference blanked out; the key is the target
  of that typed reference (bl:hasReference, eli:cites); distractors are provisions near the
  target that the provision does not cite at all.
"""
from __future__ import annotations

import csv
import random
from functools import lru_cache
from pathlib import Path

from rdflib import Graph

from query.quiz.bank import bank, edition
from query.quiz.item import Question, law_of, say

CARDS = Path(__file__).resolve().parent.parent / "search" / "data" / "questions"


@lru_cache(maxsize=1)
def cards() -> list[dict]:
    out = []
    for f in sorted(CARDS.glob("*.tsv")):
        rows = [x for x in f.read_text(encoding="utf-8").splitlines() if x and not x.startswith("#")]
        out += list(csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))
    return out


def _shape(pid: str) -> str:
    law = law_of(pid)
    return "".join("9" if c.isdigit() else "A" if c.isupper() else c for c in pid[len(str(law)):]) if law else ""


@lru_cache(maxsize=4)
def _neighbours(b) -> tuple[dict, dict]:
    """Per law, the laws it cites or is cited by; per id shape, the provisions of that shape."""
    linked: dict[int, set[int]] = {}
    for r in b.refs:
        a, z = law_of(r["pid"]), law_of(r["target"])
        if a is not None and z is not None:
            linked.setdefault(a, set()).add(z)
            linked.setdefault(z, set()).add(a)
    by_shape: dict[str, list[str]] = {}
    for p in sorted(b.order):
        if law_of(p) is not None:
            by_shape.setdefault(_shape(p), []).append(p)
    return linked, by_shape


def _far(b, pid: str, avoid: set[str], rng: random.Random, n: int = 3) -> list[str]:
    """n provisions of other laws near pid's law (so they are plausible), at the same depth (so
    the id's shape gives nothing away), from laws that neither cite nor are cited by the key."""
    law = law_of(pid)
    linked, by_shape = _neighbours(b)
    banned = {law} | linked.get(law, set()) | {law_of(a) for a in avoid}
    pool = sorted((p for p in by_shape.get(_shape(pid), []) if law_of(p) not in banned),
                  key=lambda p: (abs(law_of(p) - law), p))
    near = pool[:24]
    rng.shuffle(near)
    out: list[str] = []
    for p in near + pool[24:]:
        if law_of(p) not in {law_of(o) for o in out}:
            out.append(p)
        if len(out) == n:
            break
    return out


def _quote(b, pid: str, lang: str) -> str:
    return b.texts.get((pid, lang)) or b.titles.get((pid, lang)) or ""


def which_provision(g: Graph, lang: str) -> list[Question]:
    b = bank(g)
    out: list[Question] = []
    if lang == "en":
        for entry in b.index:
            key = entry["targets"][0]
            if law_of(key) is None:
                continue
            if (key, lang) not in b.texts and (key, lang) not in b.titles:
                continue
            q = _which_provision(b, key, lang, set(entry["targets"]), f"index|{entry['heading']}",
                                 say("provision.index.stem", lang, heading=entry["heading"]),
                                 {"source": "index", "heading": entry["heading"], "key": key})
            if q is not None:
                out.append(q)
    for card in cards():
        if card["lang"] != lang or card["provision"] not in b.order or law_of(card["provision"]) is None:
            continue
        key = card["provision"]
        if not _quote(b, key, lang):
            continue        # no text of its own in this language (73B2 in Traditional): nothing to quote
        q = _which_provision(b, key, lang, {key}, f"card|{key}|{card['question']}",
                             say("provision.card.stem", lang, question=card["question"]),
                             {"source": "card", "question": card["question"], "key": key})
        if q is not None:
            out.append(q)
    return out


def _which_provision(b, key: str, lang: str, exclude: set, seed: str, stem: str, derivation: dict) -> Question | None:
    """A "which provision says this" question keyed on `key`, with three far-away distractors
    (None when there are not three)."""
    distractors = _far(b, key, exclude, random.Random(seed))
    if len(distractors) < 3:
        return None
    return Question(
        type="provision", lang=lang, stem=stem, key=key, distractors=distractors,
        explanation=say("provision.explanation", lang, pid=key, text=_quote(b, key, lang)),
        citations=[key], laws=[law_of(key)], topics=b.law_topics(law_of(key)), difficulty=2,
        edition=edition(b, key, lang), derivation=derivation)


def cross_references(g: Graph, lang: str) -> list[Question]:
    b = bank(g)
    cited: dict[str, set[str]] = {}
    for r in b.refs:
        cited.setdefault(r["pid"], set()).add(r["target"])
    out: list[Question] = []
    seen = set()
    for r in b.refs:
        if r["lang"] != lang or r["type"] == "mention" or (r["pid"], r["target"]) in seen:
            continue
        text = b.texts.get((r["pid"], lang), "")
        if text.count(r["surface"]) != 1 or law_of(r["target"]) is None:
            continue
        seen.add((r["pid"], r["target"]))
        key = r["target"]
        avoid = cited[r["pid"]] | {r["pid"]}
        family = sorted(p for p in b.order if law_of(p) == law_of(key) and p not in avoid and len(p) == len(key))
        rng = random.Random(f"xref|{r['pid']}|{key}|{lang}")
        rng.shuffle(family)
        distractors = family[:3]
        if len(distractors) < 3:
            distractors += [p for p in _far(b, key, avoid | set(distractors), rng) if p not in distractors][:3 - len(distractors)]
        if len(distractors) < 3:
            continue
        blanked = text.replace(r["surface"], say("xref.blank", lang))
        rtype = b.ref_types.get(r["type"], {}).get(lang, r["type"])
        out.append(Question(
            type="xref", lang=lang, stem=say("xref.stem", lang, pid=r["pid"], text=blanked, type=rtype),
            key=key, distractors=distractors,
            explanation=say("provision.explanation", lang, pid=r["pid"], text=text),
            citations=[r["pid"], key], laws=sorted({law_of(r["pid"]), law_of(key)}),
            topics=b.law_topics(law_of(r["pid"])), difficulty=2, edition=edition(b, r["pid"], lang),
            derivation={"source": "references", "provision": r["pid"], "type": r["type"], "key": key,
                        "family": f"xref|{r['pid']}"}))
    return out
