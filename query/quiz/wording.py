"""Strength and true-or-false questions, from the graph's strength tags (bl:hasStrengthTag),
on each edition's own scale as its Introduction defines it:
en may / does / should / shall / must (must not > may not > shall not);
zh-Hant 得 / 作 / 須 / 應 / 務必 (務必不 > 不得 > 不應); zh-Hans 可以 / 做 / 应该 / 应当 / 必须 (不准 > 不得 > 不应).

- Strength: the clause with its strength word blanked; the options are words of the same scale.
- True or false: the clause as the Law says it (true), or the same clause with its strength word
  replaced by one of another level or the opposite polarity (false). The key is whether the
  statement is the graph's own text.
"""
from __future__ import annotations

import random

from rdflib import Graph

from query.quiz.bank import POSITIVE, PROHIBITION, bank, edition
from query.quiz.item import Question, law_of, say

# the replacement that makes a clause false: the opposite polarity where the language says it
# plainly, else a level far away on the same scale
FLIP = {
    "en": {"must": "may", "shall": "may", "should": "must", "may": "must", "must-not": "may", "may-not": "may",
           "shall-not": "may"},
    "zh-Hant": {"must": "may", "shall": "may", "should": "may", "may": "must", "must-not": "must", "may-not": "may",
                "shall-not": "shall"},
    "zh-Hans": {"must": "may", "shall": "may", "should": "must", "may": "must", "must-not": "must", "may-not": "may",
                "shall-not": "shall"},
}


def _tags(b, lang: str):
    """Tags whose word is the scale's own word for its level, found where the graph says it is."""
    for t in b.strength:
        if t["lang"] != lang or not t["word"] or t["offset"] is None or law_of(t["pid"]) is None:
            continue
        if b.scale.get(t["level"], {}).get(lang) != t["word"]:
            continue
        if t["clause"][t["offset"]:t["offset"] + len(t["word"])] != t["word"]:
            continue
        if t["clause"].count(t["word"]) > 1:
            continue            # the same word left visible elsewhere in the clause would give the blank away
        yield t


def _level_label(b, level: str, lang: str) -> str:
    return b.scale[level][lang] if lang != "en" else level.replace("-", " ")


def strength(g: Graph, lang: str) -> list[Question]:
    b = bank(g)
    out = []
    for t in _tags(b, lang):
        scale = POSITIVE if t["level"] in POSITIVE else PROHIBITION
        # "does" is the present tense, not a word the Laws write: never a distractor
        others = [b.scale[lv][lang] for lv in scale if lv not in (t["level"], "does")]
        rng = random.Random(f"strength|{t['pid']}|{t['pos']}|{lang}")
        rng.shuffle(others)
        a, z = t["offset"], t["offset"] + len(t["word"])
        blanked = t["clause"][:a] + "___" + t["clause"][z:]
        ed = edition(b, t["pid"], lang)
        shown = say(f"edition.{ed}", lang)
        out.append(Question(
            type="strength", lang=lang, stem=say("strength.stem", lang, pid=t["pid"], text=blanked, edition=shown),
            key=t["word"], distractors=others[:3],
            explanation=say("strength.explanation", lang, pid=t["pid"], word=t["word"], text=t["clause"],
                            level=_level_label(b, t["level"], lang)),
            citations=[t["pid"]], laws=[law_of(t["pid"])], topics=b.law_topics(law_of(t["pid"])),
            difficulty=2 if t["level"] in ("may", "must", "must-not") else 3, edition=ed,
            derivation={"source": "strength", "provision": t["pid"], "clause_no": t["pos"], "offset": t["offset"], "level": t["level"],
                        "family": f"clause|{t['pid']}|{t['pos']}"}))
    return out


def true_false(g: Graph, lang: str) -> list[Question]:
    b = bank(g)
    out = []
    true, false = say("truefalse.true", lang), say("truefalse.false", lang)
    for t in _tags(b, lang):
        flip = FLIP[lang].get(t["level"])
        if not flip:
            continue
        a, z = t["offset"], t["offset"] + len(t["word"])
        changed = t["clause"][:a] + b.scale[flip][lang] + t["clause"][z:]
        ed = edition(b, t["pid"], lang)
        shown = say(f"edition.{ed}", lang)
        for statement, is_true in ((t["clause"], True), (changed, False)):
            out.append(Question(
                type="truefalse", lang=lang, stem=say("truefalse.stem", lang, pid=t["pid"], text=statement, edition=shown),
                key=true if is_true else false, distractors=[false if is_true else true],
                explanation=say("truefalse.explanation", lang, pid=t["pid"], text=t["clause"]),
                citations=[t["pid"]], laws=[law_of(t["pid"])], topics=b.law_topics(law_of(t["pid"])), difficulty=1,
                edition=ed, derivation={"source": "strength", "provision": t["pid"], "clause_no": t["pos"],
                                        "statement": statement, "true": is_true,
                                        "family": f"clause|{t['pid']}|{t['pos']}"}))
    return out
