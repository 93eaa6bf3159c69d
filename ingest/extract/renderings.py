"""Translation consistency by learned renderings: how each Chinese edition usually renders a
recurring English phrase of the Laws, read from the document's own aligned clause pairs, and the one
clause pair where it does not (DESIGN.md section 2, the translation report; issue 14).

The fixed term list (`data/terms.tsv`) finds only the terms it names; this check learns the
renderings from the corpus, so it can reach a phrase nobody listed.

1. **Phrases** (`phrases_of`): English word n-grams of two to four words (lower-cased, a plural "-s"
   cut) that begin and end with a content word (a term: "regulating authority", "unauthorized
   information", "draw attention"), and single words that set a rule's threshold or manner: adverbs
   in -ly ("demonstrably", "prematurely", "likely") and adjectives in -able / -ible ("inadmissible",
   "comparable"). Other single words (call, bid, play, apply) are left out: the translations render
   them freely, by a pronoun or not at all, and "call" is also "call the Director". A phrase must recur
   in `MIN_PROVISIONS` provisions of the document.
2. **Renderings** (`learn`): the Chinese clauses are cut into words (jieba; Traditional text is cut
   as its OpenCC Simplified folding, character for character). For each phrase and edition the words
   of the clauses aligned with the phrase's clauses are scored against all the edition's clauses
   (Dice), and the best are taken greedily, at most `MAX_RENDERINGS`, each covering at least two of
   the phrase's pairs, said `LIFT` times more often with the phrase than without and with the phrase
   in at least `PRECISION` of the clauses that say it.
3. **Findings.** A phrase is rendered consistently when its renderings are in every one of its clause
   pairs but one (`EXCEPTIONS`), and in `MIN_SAME` at least. That one pair is *unrendered*
   (`unrendered`) when its Chinese says none of the renderings of the phrase or of any part of it
   ("調整得分" for "award an adjusted score"), in the clause or anywhere in the provision's Chinese text
   and its items. A word whose rendering is a longer term's ("insufficient" = 不足叫價) is not missed
   outside the term ("insufficient attention"); of the phrases one pair misses, only the longest count.
   An unrendered phrase is a finding (`misses`) only when the Chinese clause says, in its place, the
   rendering of another phrase that the provision's English never says (a rendering said with its
   phrase in at least `SUBSTITUTE_PRECISION` of its clauses): one term put for another. Measured on
   the 2017 Laws (docs/translation-report.md, round 5): unrendered phrases alone were free renderings
   (0 of 7 real on the author's reading), so they are not reported.
"""
from __future__ import annotations

import logging
import re
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache

MIN_PROVISIONS = 4      # a phrase recurs in this many provisions of the document
MIN_PAIRS = 4           # ... and in this many clause pairs of the edition
MAX_RENDERINGS = 2      # the dominant renderings of a phrase: at most this many Chinese words
LIFT = 4.0              # a rendering is this many times likelier with the phrase than without
PRECISION = 0.25        # ... and at least this share of the clauses that say it say the phrase
MIN_COVER_EACH = 2      # each rendering is in at least this many of the phrase's pairs
EXCEPTIONS = 1          # rendered consistently: in every pair of the phrase but this many
MIN_SAME = 6            # ... and in this many at least
SUBSTITUTE_PRECISION = 0.6  # a rendering put in another phrase's place says that phrase this often

# Words that do not begin or end a phrase: function words, modal words (the strength check reads
# them), and words nearly every clause says (seats, cards, "law") that a pronoun replaces freely.
_STOP = frozenset("""a an the and or nor but if then than that this these those there their his her him he she
it its they them who whom whose which what when where while as at by for from in into of on onto to with
within without upon under over about after before between through during is are was were be been being
has have had do does did done shall should must may might can could will would not no any each every all
some such other another same one two three four five six seven eight nine ten first second third either
neither both so also only more less most least further law laws see section player players side sides
card cards hand hands trick tricks partner director hers herself himself itself themselves""".split())
# Single words of threshold or manner; a few words end so without being one
_THRESHOLD = re.compile(r"^(?!(?:apply|supply|reply|comply|rely|ally|only|early|family|assembly|anomaly|"
                        r"table|able|cable|fly)$)[a-z]{4,}(?:ly|able|ible)$")
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_CJK = re.compile(r"[\u3400-\u9fff]+")


@dataclass
class Pair:
    provision: str
    lang: str
    en: str          # the English clause group
    zh: str          # the aligned Chinese clause group
    zh_text: str     # the provision's whole Chinese text (with its items)
    en_text: str = ""  # the provision's whole English text (with its lead-in)


def _stem(word: str) -> str:
    w = word.lower()
    if w in _STOP:
        return w
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def phrases_of(en: str) -> set[str]:
    """The candidate phrases an English clause says (see the module docstring)."""
    words = [_stem(w) for w in _WORD.findall(en)]
    out = {w for w in words if _THRESHOLD.match(w)}
    for n in range(2, 5):
        for i in range(len(words) - n + 1):
            gram = words[i:i + n]
            if gram[0] in _STOP or gram[-1] in _STOP or len(gram[0]) < 3 or len(gram[-1]) < 3:
                continue
            out.add(" ".join(gram))
    return out


@lru_cache(maxsize=1)
def _segmenter():
    """jieba (its fixed dictionary: the same cut on every run) and OpenCC t2s."""
    import warnings
    with warnings.catch_warnings():       # jieba imports pkg_resources, which setuptools marks deprecated
        warnings.simplefilter("ignore", UserWarning)
        import jieba
    import opencc
    jieba.setLogLevel(logging.WARNING)
    tk = jieba.Tokenizer()
    tk.tmp_dir = tempfile.gettempdir()
    tk.initialize()
    return tk, opencc.OpenCC("t2s")


@lru_cache(maxsize=16384)
def words_of(zh: str) -> frozenset[str]:
    """The Chinese words of a clause, as written (each run of Han characters cut by jieba; a
    Traditional run is cut as its Simplified folding and read back at the same offsets)."""
    tk, t2s = _segmenter()
    out: set[str] = set()
    for m in _CJK.finditer(zh):
        run = m.group()
        folded = t2s.convert(run)
        if len(folded) != len(run):
            folded = run
        at = 0
        for w in tk.cut(folded, HMM=False):
            out.add(run[at:at + len(w)])
            at += len(w)
    return frozenset(out)


@dataclass
class Rendering:
    phrase: str
    lang: str
    forms: list[str]        # the dominant Chinese renderings, best first
    pairs: int              # the clause pairs saying the phrase
    covered: int            # ... of which say one of the forms
    specific: float = 0.0   # the share of the clauses saying the first form that say the phrase

    @property
    def consistent(self) -> bool:
        return self.covered >= MIN_SAME and self.pairs - self.covered <= EXCEPTIONS


def learn(pairs: list[Pair]) -> dict[tuple[str, str], Rendering]:
    """(phrase, lang) -> the phrase's dominant renderings in that edition, for every recurring phrase
    that has any."""
    out: dict[tuple[str, str], Rendering] = {}
    provisions: dict[str, set[str]] = defaultdict(set)
    en_phrases = [phrases_of(p.en) for p in pairs]
    for p, ph in zip(pairs, en_phrases):
        for x in ph:
            provisions[x].add(p.provision)
    recurring = {x for x, ids in provisions.items() if len(ids) >= MIN_PROVISIONS}
    for lang in sorted({p.lang for p in pairs}):
        idx = [i for i, p in enumerate(pairs) if p.lang == lang]
        words = {i: words_of(pairs[i].zh) for i in idx}
        df = Counter(w for i in idx for w in words[i])
        by_phrase: dict[str, list[int]] = defaultdict(list)
        for i in idx:
            for x in en_phrases[i] & recurring:
                by_phrase[x].append(i)
        for phrase, occ in sorted(by_phrase.items()):
            if len(occ) < MIN_PAIRS:
                continue
            counts = Counter(w for i in occ for w in words[i])
            uncovered, forms = set(occ), []
            while uncovered and len(forms) < MAX_RENDERINGS:
                best, best_score = None, 0.0
                for w, a in sorted(counts.items()):
                    if a < MIN_COVER_EACH or (a / len(occ)) / (df[w] / len(idx)) < LIFT or a / df[w] < PRECISION:
                        continue
                    new = sum(1 for i in uncovered if w in words[i])
                    score = 2 * new / (len(uncovered) + df[w])
                    if new >= MIN_COVER_EACH and score > best_score:
                        best, best_score = w, score
                if best is None:
                    break
                forms.append(best)
                uncovered = {i for i in uncovered if best not in words[i]}
            if forms:
                out[(phrase, lang)] = Rendering(phrase, lang, forms, len(occ), len(occ) - len(uncovered),
                                                counts[forms[0]] / df[forms[0]])
    return out


def _parts(phrase: str) -> list[str]:
    """A phrase and every run of its words ("award an adjusted score" -> "adjusted score", "score")."""
    w = phrase.split()
    return [" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1)]


def unrendered(pairs: list[Pair], learned: dict[tuple[str, str], Rendering]) -> list[tuple[Pair, Rendering]]:
    """The clause pairs where an edition does not render a phrase it renders the same way in every
    other pair that says it (at least `MIN_SAME`): none of the renderings of the phrase or of any part of
    it is in the Chinese clause or anywhere in the provision's Chinese text. On the 2017 Laws these are
    mostly free renderings (提醒 for 提示, 最後的派司 for 結尾派司), so they are not findings by themselves."""
    # a word whose rendering is that of a longer term it is part of ("insufficient" = 不足叫價, the
    # insufficient bid's) is a word of the term: said outside it ("insufficient attention") it is not missed
    term_forms: dict[tuple[str, str], set[str]] = defaultdict(set)
    for (phrase, lang), r in learned.items():
        for part in _parts(phrase):
            if part != phrase:
                term_forms[(part, lang)].update(r.forms)
    out = []
    for p in pairs:
        missed = []
        for phrase in sorted(phrases_of(p.en)):
            r = learned.get((phrase, p.lang))
            if not r or not r.consistent or r.forms[0] in term_forms.get((phrase, p.lang), ()):
                continue
            forms = [f for x in _parts(phrase) if (q := learned.get((x, p.lang))) for f in q.forms]
            if not any(f in p.zh or f in p.zh_text for f in forms):
                missed.append(r)
        phrase_words = [set(r.phrase.split()) for r in missed]
        out += [(p, r) for r, w in zip(missed, phrase_words) if not any(w < v for v in phrase_words)]
    return out


def misses(pairs: list[Pair], learned: dict[tuple[str, str], Rendering]) -> list[tuple[Pair, Rendering, Rendering]]:
    """The unrendered phrases (`unrendered`) whose Chinese clause says, in their place, the rendering of
    another phrase that the provision's English never says: one term put for another (21B1(a): 主辦單位,
    the Tournament Organizer's, for "Regulating Authority"). Each with the phrase and the other phrase."""
    # renderings that say one phrase and hardly any other (in SUBSTITUTE_PRECISION of their clauses)
    substitutes: dict[str, list[Rendering]] = defaultdict(list)
    for r in sorted(learned.values(), key=lambda r: (-r.covered, r.phrase)):
        if r.consistent and r.specific >= SUBSTITUTE_PRECISION and len(r.forms[0]) >= 2:
            substitutes[r.lang].append(r)
    out = []
    for p, r in unrendered(pairs, learned):
        words = _WORD.findall(p.en + " " + p.en_text)
        said = {w.lower() for w in words} | {_stem(w) for w in words}
        instead = [q for q in substitutes[p.lang] if q.forms[0] in words_of(p.zh) and not set(q.phrase.split()) & said]
        if instead:
            out.append((p, r, instead[0]))
    return out
