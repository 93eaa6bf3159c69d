"""A second opinion on the irregularity: which irregularity the labelled stories told most like this
one had.

The replay (replay.py) finds the irregularity from the table's rules, and it is usually right; when it
misreads a seat or an act, it can rule on an irregularity the story is not about at all (a claim ruled
as a lead out of turn). Such a ruling must never be confident (docs/scenario-reader.md, "Never a
confident wrong ruling"). So the story is compared with the labelled stories in `told_stories.jsonl`
(the reader's test cases and the tuning halves of the blind sets; never a measured or held-out
half): when none of the five stories most like it was labelled with the replay's irregularity, the
reader does not rule but asks which irregularity it was, offering the replay's and theirs.

"Most like" is the cosine of TF-IDF weighted character 1-3-grams of the plain, Simplified text, so one
index serves the three languages. Chosen on stories the reader had not been tuned on (the tuning
halves of dev16 and dev17, each at the commit before its tuning, with the other sets as the index):
the test stopped 7 of 15 wrong irregularities and 2 of 88 right ones with ten neighbours; with five,
on dev16, dev17 and dev20 so measured, 13 of 22 wrong and 3 of 137 right (ten: 9 and 3;
docs/scenario-reader.md, session 12).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

STORIES = Path(__file__).resolve().parent / "told_stories.jsonl"
NEIGHBOURS = 5


def _grams(text: str) -> list[str]:
    """Character 1-3-grams of each word, padded with a space either side (a Chinese sentence is one word)."""
    out = []
    for word in text.split():
        w = f" {word} "
        out += [w[i:i + n] for n in (1, 2, 3) for i in range(len(w) - n + 1)]
    return out


def _weights(grams: list[str], vocab: dict[str, int], idf):
    """A text's unit vector: sublinear term frequency times inverse document frequency."""
    import numpy as np
    counts: dict[int, int] = {}
    for g in grams:
        if g in vocab:
            counts[vocab[g]] = counts.get(vocab[g], 0) + 1
    cols = np.fromiter(counts, dtype=np.int64, count=len(counts))
    vals = (1 + np.log(np.fromiter(counts.values(), dtype=np.float64, count=len(counts)))) * idf[cols]
    norm = np.sqrt((vals ** 2).sum())
    return cols, vals / norm if norm else vals


@lru_cache(maxsize=1)
def _index():
    import numpy as np
    from scipy.sparse import csr_matrix
    rows = [json.loads(line) for line in STORIES.read_text(encoding="utf-8").splitlines() if line.strip()]
    docs = [_grams(_plain(r["text"])) for r in rows]
    df: dict[str, int] = {}
    for d in docs:
        for g in set(d):
            df[g] = df.get(g, 0) + 1
    vocab = {g: i for i, g in enumerate(g for g, n in df.items() if n >= 2)}     # a gram of one story tells nothing
    idf = np.log((1 + len(docs)) / (1 + np.array([df[g] for g in vocab], dtype=np.float64))) + 1
    indptr, indices, data = [0], [], []
    for d in docs:
        cols, vals = _weights(d, vocab, idf)
        indices.append(cols), data.append(vals), indptr.append(indptr[-1] + len(cols))
    matrix = csr_matrix((np.concatenate(data), np.concatenate(indices), indptr), shape=(len(docs), len(vocab)))
    return vocab, idf, matrix, [r["kind"] for r in rows]


def _plain(text: str) -> str:
    from query.rulings.scenario.pipelines import detect_lang, normalized
    return normalized(text, detect_lang(text)).lower()


def kinds_told_alike(text: str, k: int = NEIGHBOURS) -> list[str]:
    """The irregularities of the `k` labelled stories most like `text`, most similar weight first."""
    vocab, idf, matrix, kinds = _index()
    cols, vals = _weights(_grams(_plain(text)), vocab, idf)
    sims = matrix[:, cols] @ vals
    votes: dict[str, float] = {}
    for i in sims.argsort()[::-1][:k]:
        if sims[i] > 0:
            votes[kinds[i]] = votes.get(kinds[i], 0.0) + float(sims[i])
    return sorted(votes, key=votes.get, reverse=True)
