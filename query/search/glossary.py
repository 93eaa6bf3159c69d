"""Query expansion: the graph's glossary plus a hand-written synonym table.

A *concept* is a set of surface forms that mean the same bridge thing: dummy / 夢家 / 明手,
revoke / 應跟未跟 / 藏牌. Concepts come from

- the Definitions of every document in the graph (`skos:Concept`s of a scheme `…/{doc}/terms`,
  `skos:prefLabel` @en @zh-Hant @zh-Hans), and
- `query/search/data/synonyms.tsv` (English, Taiwan and mainland words), merged with a Definitions concept
  when they share an English form.

`Glossary.match(text)` finds the concepts a query mentions (folded text; longest match first, no
overlaps; English forms match on stemmed words, Chinese forms as substrings); `expand()` returns
the other forms of those concepts, which the search adds to the BM25 query with a lower weight
and, for the dense query, as a short gloss in the other languages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from query.search.synonyms import synonym_rows
from query.search.tokenize import fold, has_cjk, tokens

LANGS = ("en", "zh-Hant", "zh-Hans")


def _label_forms(label: str, lang: str) -> list[str]:
    """A Definitions label as search forms: "Psychic call (commonly 'psych[e]' …)" -> ["psychic call"];
    "牌套(盒)/牌" -> ["牌套(盒)"] (one-character Chinese forms are too ambiguous to expand)."""
    if lang == "en":
        label = re.sub(r"\(.*?\)", " ", label)
        parts = [label]
    else:
        parts = re.split(r"[/／\s]+", label)
    out = []
    for p in parts:
        p = p.strip(" .·'\"")
        if not p:
            continue
        if lang != "en" and len(re.sub(r"\(.*?\)|（.*?）", "", p)) < 2:
            continue
        out.append(p)
    return out


@dataclass
class Concept:
    key: str
    forms: dict[str, list[str]] = field(default_factory=lambda: {lang: [] for lang in LANGS})

    def add(self, lang: str, form: str) -> None:
        if form and form not in self.forms[lang]:
            self.forms[lang].append(form)

    def all_forms(self) -> list[str]:
        return [f for lang in LANGS for f in self.forms[lang]]


@dataclass
class Match:
    concept: Concept
    surface: str          # the form that matched (folded)


class Glossary:
    def __init__(self, concepts: list[Concept]):
        self.concepts = concepts
        self._cjk: list[tuple[str, int]] = []            # (folded form, concept index)
        self._en: list[tuple[tuple[str, ...], int]] = []   # (stemmed word tuple, concept index)
        for i, c in enumerate(concepts):
            for form in c.all_forms():
                if has_cjk(form):
                    self._cjk.append((fold(form), i))
                else:
                    toks = tuple(tokens(form))
                    if toks:
                        self._en.append((toks, i))
        self._cjk.sort(key=lambda t: -len(t[0]))
        self._en.sort(key=lambda t: -len(t[0]))

    def __len__(self) -> int:
        return len(self.concepts)

    def match(self, text: str) -> list[Match]:
        """Concepts mentioned in `text`, each once, in order of their first mention."""
        found: dict[int, tuple[int, str]] = {}
        folded = fold(text)
        taken = [False] * len(folded)
        for form, i in self._cjk:                       # longest first; no overlapping matches
            start = folded.find(form)
            while start >= 0:
                end = start + len(form)
                if not any(taken[start:end]):
                    for k in range(start, end):
                        taken[k] = True
                    found.setdefault(i, (start, form))
                start = folded.find(form, start + 1)
        words = tokens(" ".join(re.findall(r"[a-z0-9']+", folded)))
        used = [False] * len(words)
        for seq, i in self._en:
            n = len(seq)
            for s in range(len(words) - n + 1):
                if tuple(words[s:s + n]) == seq and not any(used[s:s + n]):
                    for k in range(s, s + n):
                        used[k] = True
                    found.setdefault(i, (10_000 + s, " ".join(seq)))
        return [Match(self.concepts[i], surface) for i, (_, surface) in sorted(found.items(), key=lambda kv: kv[1][0])]

    def expand(self, text: str) -> tuple[list[str], list[Match]]:
        """The other forms of every concept `text` mentions, as BM25 words (those already in the
        text left out), and the matches."""
        matches = self.match(text)
        have = set(tokens(text))
        extra: list[str] = []
        for m in matches:
            for form in m.concept.all_forms():
                for t in tokens(form):
                    if t not in have:
                        have.add(t)
                        extra.append(t)
        return extra, matches

    def gloss(self, matches: list[Match], lang: str) -> str:
        """A short gloss of the matched concepts in the languages other than `lang`, for the dense
        query: "藏牌成立后怎么处理" -> "revoke 應跟未跟"."""
        parts = []
        for m in matches:
            for other in LANGS:
                if other != lang and m.concept.forms[other]:
                    parts.append(m.concept.forms[other][0])
        return " ".join(dict.fromkeys(parts))


def concepts_from_graph(g) -> list[Concept]:
    """Definitions terms of every document: concepts in a scheme whose IRI ends in /terms."""
    from query.lookup import PREFIXES, lang_tag
    q = PREFIXES + """
    SELECT ?t ?key ?label WHERE {
      ?t a skos:Concept ; skos:inScheme ?s ; skos:prefLabel ?label .
      OPTIONAL { ?t skos:notation ?key }
      FILTER(STRENDS(STR(?s), "/terms"))
    }"""
    by_iri: dict[str, Concept] = {}
    for t, key, label in g.query(q):
        c = by_iri.setdefault(str(t), Concept(str(key) if key else str(t).rsplit("/", 1)[-1]))
        lang = lang_tag(label)
        if lang in LANGS:
            for form in _label_forms(str(label), lang):
                c.add(lang, form)
    return [by_iri[k] for k in sorted(by_iri)]


def build(graph_concepts: list[Concept] | None = None, rows: list[dict] | None = None) -> Glossary:
    """Merge the Definitions concepts with the synonym table (same English form = same concept)."""
    concepts: list[Concept] = []
    by_en: dict[str, Concept] = {}
    for c in graph_concepts or []:
        key = next((fold(f) for f in c.forms["en"]), None)
        if key and key in by_en:           # two documents define the same term: one concept
            target = by_en[key]
            for lang in LANGS:
                for f in c.forms[lang]:
                    target.add(lang, f)
            continue
        concepts.append(c)
        for f in c.forms["en"]:
            by_en.setdefault(fold(f), c)
    for row in synonym_rows() if rows is None else rows:
        target = next((by_en[fold(f)] for f in row["en"] if fold(f) in by_en), None)
        if target is None:
            target = Concept(fold(row["en"][0]) if row["en"] else fold(row["zh-Hans"][0]))
            concepts.append(target)
        for lang in LANGS:
            for f in row[lang]:
                target.add(lang, f)
        for f in row["en"]:
            by_en.setdefault(fold(f), target)
    return Glossary(concepts)
