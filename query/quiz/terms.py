"""Term questions from the glossary of the Definitions (laws_ttl/wbf2017.glossary.ttl: one
skos:Concept per defined term, labels @en, @zh-Hant (Taiwan) and @zh-Hans (mainland), and the
definitions): a term's label in another language, and a definition matched to its term."""
from __future__ import annotations

import random
from functools import lru_cache

from rdflib import Graph

from query.quiz.bank import bank, edition
from query.quiz.item import LANGS, Question, alike, say


def _pick(rng: random.Random, pool: list[str], key: str, n: int = 3) -> list[str]:
    rng.shuffle(pool)
    out: list[str] = []
    for p in pool:
        if not any(alike(p, o) for o in out + [key]):
            out.append(p)
        if len(out) == n:
            break
    return out


@lru_cache(maxsize=1)
def _to_traditional():
    import opencc
    return opencc.OpenCC("s2t")


def _same_word(a: str, b: str) -> bool:
    convert = _to_traditional().convert
    return convert(a) == convert(b)


def questions(g: Graph, lang: str) -> list[Question]:
    b = bank(g)
    out = []
    terms = {k: t for k, t in sorted(b.terms.items()) if all(l in t["labels"] for l in LANGS)}
    for key, t in terms.items():
        for target in LANGS:
            if target == lang:
                continue
            rng = random.Random(f"term|{key}|{lang}|{target}")
            answer = t["labels"][target]
            if target != "en" and lang != "en" and _same_word(t["labels"][lang], answer):
                continue            # 違規 / 违规: the same word in the other script teaches nothing
            distractors = _pick(rng, [o["labels"][target] for k, o in terms.items() if k != key], answer)
            definition = t["definitions"].get(lang, "")
            out.append(Question(
                type="term", lang=lang,
                stem=say("term.label.stem", lang, term=t["labels"][lang], target=say(f"lang.{target}", lang)),
                key=answer, distractors=distractors,
                explanation=say("term.explanation", lang, term=f"{t['labels'][lang]} / {answer}", definition=definition),
                citations=["Definitions"], laws=[], topics=["definitions"], difficulty=1,
                edition=edition(b, "Definitions", lang),
                derivation={"source": "glossary", "term": key, "label_lang": target, "family": f"term|{key}"}))
        definition = t["definitions"].get(lang)
        if not definition:
            continue
        masked = definition
        for label in sorted({t["labels"][lang], t["labels"][lang].lower()}, key=len, reverse=True):
            masked = masked.replace(label, say("term.blank", lang))
        rng = random.Random(f"definition|{key}|{lang}")
        answer = t["labels"][lang]
        distractors = _pick(rng, [o["labels"][lang] for k, o in terms.items() if k != key], answer)
        out.append(Question(
            type="term", lang=lang, stem=say("term.definition.stem", lang, definition=masked),
            key=answer, distractors=distractors,
            explanation=say("term.explanation", lang, term=answer, definition=definition),
            citations=["Definitions"], laws=[], topics=["definitions"], difficulty=2,
            edition=edition(b, "Definitions", lang),
            derivation={"source": "glossary", "term": key, "definition": True, "family": f"term|{key}"}))
    return out
