"""Law 10C1: "When these Laws provide an option after an irregularity, the Director shall explain
all the options available."

Some facts are choices the Laws give the non-offending side: whether the offender's LHO accepts a
call out of rotation (29A) or an insufficient bid (27A1), whether declarer accepts an opening lead
out of turn (54), which lead he requires after a penalty card (50D2), what he requires of the
offender's partner after a premature play (57A). They carry sc:nonOffenderOption in
ontology/scenario.ttl. While such a choice is the next fact the ruling needs, the ruling is worked
out once for each answer, so the Director can explain each option and what follows from it; the
question stays, so the choice can be recorded once made.
"""
from __future__ import annotations

from typing import Callable

NOT_YET = ("not_yet_chosen",)


def explain_options(vocab: dict, given: dict, missing: list[dict], rule_with: Callable[[dict], dict]) -> dict | None:
    """The rulings for each answer to the first missing fact, when that fact is a non-offender's
    option (or was given as "not yet chosen"); None otherwise. `rule_with(facts)` rules once more."""
    fact = next((f for f, v in given.items() if v in NOT_YET and vocab.get(f) is not None and vocab[f].option), None)
    if fact is None and missing and vocab[missing[0]["fact"]].option:
        fact = missing[0]["fact"]
    if fact is None:
        return None
    d = vocab[fact]
    values = [True, False] if d.type == "boolean" else [v for v in d.allowed if v not in NOT_YET]
    branches = []
    for value in values:
        r = rule_with({**given, fact: value})
        branches.append({"value": value, "citations": r["citations"], "rectifications": r["rectifications"],
                         "steps": [{"provision": s["provision"], "conclusion": s.get("conclusion", "")} for s in r["steps"]],
                         "missing": [m["fact"] for m in r["missing"]]})
    return {"fact": fact, "provision": "10C1", "branches": branches}
