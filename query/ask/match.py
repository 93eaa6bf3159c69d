"""Whether a search found anything good: the chat's "no good match" verdict (issue 11).

The hybrid search normalises its scores so that the best hit always scores 1.00, even for
"xyzzy plugh". Two raw signals, taken before that normalisation, say whether the best hit is
a real answer:

- ``dense``: the best raw cosine similarity between the question and any passage or question card
  (multilingual-e5-small; query/search/hybrid.py `Search._unit_dense`);
- ``coverage``: the share of the question's words (query/search/tokenize.py `tokens`) that occur
  anywhere in the index (the provisions' words or the question cards').

A question is answered badly when ``dense < DENSE_FLOOR``, or when most of its words are unknown
(``coverage < COVERAGE_FLOOR``) and the dense match is only middling (``dense < DENSE_WEAK``).

Measured (benchmarks/nomatch.py, figures in docs/ask.md): on the labelled queries of
tests/data/search_queries.tsv (198, tuning half) and search_queries_heldout.tsv (180, never tuned
on) no query is called a bad match (false-negative rate 0/378); of the 40 off-topic and nonsense
messages of tests/data/search_offtopic.tsv 39 are (the one missed, "電腦開不了機怎麼辦", has every
word in the index). The thresholds belong to the e5-small model: rebuild the index with another
model and remeasure.
"""
from __future__ import annotations

DENSE_FLOOR = 0.86
COVERAGE_FLOOR = 0.67
DENSE_WEAK = 0.885


def signals(search, components: dict, text: str) -> dict:
    """The raw signals of one query, from `Search.components(text, lang)`."""
    from query.search.tokenize import tokens
    words = tokens(text)
    known = [w for w in words if w in search.bm25.vocab_dict or w in search.bm25_cards.vocab_dict]
    dense = float(search._unit_dense(components["sims"], search.params).max()) if "sims" in components else None
    return {"coverage": round(len(known) / len(words), 3) if words else 0.0, "words": len(words),
            "dense": round(dense, 4) if dense is not None else None}


def good_match(sig: dict) -> bool:
    """False when the best hit is not an answer to the question (see the module's measurement)."""
    dense = sig.get("dense")
    if dense is None:                     # no dense model: fall back to the words alone
        return sig["coverage"] >= COVERAGE_FLOOR
    if dense < DENSE_FLOOR:
        return False
    return not (sig["coverage"] < COVERAGE_FLOOR and dense < DENSE_WEAK)
