"""Scoring questions: a contract's score (Law 77) and the IMPs for a difference (Law 78B),
computed by query.scoring.laws from the graph's schedules (ontology/schedules/). Distractors
are the scores of the mistakes candidates make: the other vulnerability, a trick more or less,
the contract undoubled or doubled; and the neighbouring IMP bands."""
from __future__ import annotations

import random

from rdflib import Graph

from query.quiz.bank import bank, edition
from query.quiz.item import SUITS, Question, say
from query.scoring.laws import imps, score

COUNT = 48     # scoring questions per language


def _contract_text(c: str) -> str:
    level, rest = c[0], c[1:]
    strain = rest.rstrip("X")
    return level + SUITS[strain] + rest[len(strain):]


def questions(g: Graph, lang: str) -> list[Question]:
    b = bank(g)
    rng = random.Random("scoring")          # the same situations in every language
    out = []
    for _ in range(COUNT):
        level = rng.randint(1, 7)
        strain = rng.choice(["C", "D", "H", "S", "NT"])
        dbl = rng.choice(["", "", "X", "XX"])
        vul = rng.random() < 0.5
        tricks = max(0, min(13, 6 + level + rng.choice([-3, -2, -1, 0, 0, 0, 1, 2])))
        contract = f"{level}{strain}{dbl}"
        r = score(contract, vul, tricks)
        wrong = [score(contract, not vul, tricks)["score"]]
        wrong += [score(contract, vul, t)["score"] for t in (tricks - 1, tricks + 1) if 0 <= t <= 13]
        wrong += [score(f"{level}{strain}{d}", vul, tricks)["score"] for d in ("", "X", "XX") if d != dbl]
        distractors = []
        for w in wrong:
            if w != r["score"] and str(w) not in distractors:
                distractors.append(str(w))
        if len(distractors) < 3:
            continue
        parts = " + ".join(f"{i['count']} × {i['per']}" for i in r["breakdown"])
        out.append(Question(
            type="scoring", lang=lang,
            stem=say("score.stem", lang, contract=_contract_text(contract), vul=say("score.vul" if vul else "score.nv", lang),
                     tricks=tricks),
            key=str(r["score"]), distractors=distractors[:3],
            explanation=say("score.explanation", lang, breakdown=parts, score=r["score"]),
            citations=["77"], laws=[77], topics=["scoring"], difficulty=2, edition=edition(b, "77", lang),
            derivation={"source": "scoring", "contract": contract, "vulnerable": vul, "tricks": tricks}))
    for _ in range(COUNT // 2):
        diff = rng.randrange(0, 4500, 10)
        r = imps(diff)
        near = [r["imps"] + d for d in (-1, 1, 2, -2) if r["imps"] + d >= 0]
        out.append(Question(
            type="scoring", lang=lang, stem=say("imps.stem", lang, diff=diff), key=str(r["imps"]),
            distractors=[str(n) for n in near[:3]],
            explanation=say("imps.explanation" if r["band"]["to"] is not None else "imps.explanation.top", lang,
                            lo=r["band"]["from"], hi=r["band"]["to"], imps=r["imps"]),   # the top band has no upper end
            citations=["78B"], laws=[78], topics=["scoring"], difficulty=1, edition=edition(b, "78B", lang),
            derivation={"source": "imps", "diff": diff}))
    return out
