"""The translation consistency report: where a Chinese expression of a provision says something
other than its English, clause by clause (DESIGN.md section 2: "the graph keeps both and the
consistency report lists it").

1. **Clause alignment.** Each side is cut into clauses as the strength tags cut them
   (`strength.split_clauses`), and the two lists are aligned in order (Gale-Church style: pairs
   1-1, 1-2, 2-1, 2-2, 1-3, 3-1, and a clause with no partner), scored by length (the provision's own
   Chinese/English length ratio) and by anchors both sides share (law references, numbers).
2. **What can differ in a clause pair**, each a finding naming the pair:
   - *strength*: the modal levels differ on each edition's own scale (the Introduction's);
   - *polarity*: one side negates the clause, or makes an exception to it ("other than", 除…外),
     and the other does not. Negation is read as meaning, not form: `data/negation.tsv` lists
     the words negative in form only (非法 "unauthorized", 無論 "whatever", 不足 "insufficient")
     and the modal prohibitions, which the strength check compares;
   - *reference*: the provisions referred to differ;
   - *term*: a term the rule turns on ("damage", "comparable call", `data/terms.tsv`) in one
     clause of the pair only;
   - *missing-clause*: a clause with no partner in the other language.
3. **Severity.** "changes the rule" when the difference can change what a player or the Director
   must do: a polarity or exception flip; strength across the kinds of rule (a permission, a
   procedure, an obligation, a prohibition); a reference to another provision; a missing clause
   that carries a modal word or a negation. Otherwise "wording only" (should/shall/must within
   the obligations; a reference only made more or less specific).
"""
from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ingest.extract.cross_refs import Ref, extract_refs
from ingest.extract.strength import modal_levels, split_clauses
from ingest.model import parse_id

NEGATION_TABLE = Path(__file__).resolve().parent / "data" / "negation.tsv"
TERM_TABLE = Path(__file__).resolve().parent / "data" / "terms.tsv"
CHANGES_RULE, WORDING = "changes the rule", "wording only"

# The kinds of rule a modal level makes (the Introduction's scale).
_KIND = {"may": "permission", "does": "procedure", "should": "obligation", "shall": "obligation",
         "must": "obligation", "must-not": "prohibition", "may-not": "prohibition", "shall-not": "prohibition"}


@dataclass
class Finding:
    provision: str
    lang: str
    kind: str          # strength | polarity | reference | missing-clause | missing-expression
    detail: str
    severity: str = ""
    en_clause: str = ""
    zh_clause: str = ""


@lru_cache(maxsize=1)
def _negation_rules() -> dict[str, list[tuple[re.Pattern, str]]]:
    """lang ('en' or 'zh') -> [(pattern, reading)] in table order."""
    rules: dict[str, list[tuple[re.Pattern, str]]] = {"en": [], "zh": []}
    with open(NEGATION_TABLE, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    for row in csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        lang, form, reading = row[0], row[1], row[2]
        rules[lang].append((re.compile(form, re.I if lang == "en" else 0), reading))
    return rules


def negations(clause: str, lang: str) -> dict[str, list[str]]:
    """The negations, exceptions and words negative in sense a clause uses, read through the table:
    {"negation": [...], "exception": [...], "lexical": [...]}, each the words as written."""
    text = clause
    found: dict[str, list[str]] = {"negation": [], "exception": [], "lexical": [], "restriction": []}
    for rx, reading in _negation_rules()["en" if lang == "en" else "zh"]:
        def take(m: re.Match) -> str:
            if reading != "form-only":
                found[reading].append(m.group())
            return "\x00" * len(m.group())
        text = rx.sub(take, text)
    return found


@lru_cache(maxsize=1)
def _terms() -> list[tuple[str, dict[str, re.Pattern]]]:
    with open(TERM_TABLE, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return [(row[0], {"en": re.compile(row[1], re.I), "zh-Hant": re.compile(row[2]), "zh-Hans": re.compile(row[3])})
            for row in csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)]


# --- clause alignment -------------------------------------------------------------------------

_ANCHOR = re.compile(r"\d+[A-H]?\d*")
_PAIRS = ((1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (1, 0), (0, 1))


def _size(clause: str, lang: str) -> int:
    return len(re.sub(r"\s", "", clause)) if lang != "en" else len(clause)


def _cost(en: list[str], zh: list[str], ratio: float, lang: str) -> float:
    if not en or not zh:
        return 4.0
    e = sum(_size(c, "en") for c in en)
    z = sum(_size(c, lang) for c in zh)
    cost = abs(math.log((z + 5) / (ratio * e + 5)))
    a_en = set(_ANCHOR.findall(" ".join(en)))
    a_zh = set(_ANCHOR.findall(" ".join(zh)))
    if a_en or a_zh:
        cost += 0.5 * len(a_en ^ a_zh) / len(a_en | a_zh)
    return cost + 0.3 * (len(en) + len(zh) - 2)      # prefer 1-1


def align_clauses(en: list[str], zh: list[str], lang: str) -> list[tuple[list[str], list[str]]]:
    """Pairs of clause groups in order; a group may be empty (a clause with no partner)."""
    total_en = sum(_size(c, "en") for c in en) or 1
    ratio = (sum(_size(c, lang) for c in zh) or 1) / total_en
    n, m = len(en), len(zh)
    best = {(0, 0): (0.0, None)}
    for i in range(n + 1):
        for j in range(m + 1):
            if (i, j) not in best:
                continue
            base = best[(i, j)][0]
            for di, dj in _PAIRS:
                if i + di > n or j + dj > m:
                    continue
                c = base + _cost(en[i:i + di], zh[j:j + dj], ratio, lang)
                if (i + di, j + dj) not in best or c < best[(i + di, j + dj)][0]:
                    best[(i + di, j + dj)] = (c, (i, j))
    out, at = [], (n, m)
    while at != (0, 0):
        prev = best[at][1]
        out.append((en[prev[0]:at[0]], zh[prev[1]:at[1]]))
        at = prev
    return out[::-1]


# --- the checks -----------------------------------------------------------------------------

def _levels(clauses: list[str], lang: str) -> list[str]:
    """The levels a clause group uses (a set: "may … may" against one 得 is the same rule)."""
    return sorted({level for c in clauses for level, _, _ in modal_levels(c, lang)})


def _spans(text: str, clauses: list[str]) -> list[tuple[int, int]]:
    """Where each clause lies in its text (clauses are cut from it in order)."""
    out, at = [], 0
    for c in clauses:
        start = text.find(c, at)
        start = at if start < 0 else start
        out.append((start, start + len(c)))
        at = start + len(c)
    return out


def _targets(refs: list[Ref], spans: list[tuple[int, int]]) -> set[str]:
    return {r.target for r in refs if any(a <= r.start < b for a, b in spans)}


# Words of obligation, prohibition or permission that are on no edition's scale (需 "needs to", 不能
# "cannot", "are to be"): they do not make a finding of their own, and a kind of rule said with one
# of them on one side answers the same kind said with a scale word on the other.
_UNSCALED = {
    "en": [(re.compile(r"\b(?:is|are)\s+to\s+be\b|\b(?:is|are)\s+required\s+to\b", re.I), "obligation"),
           (re.compile(r"\bcannot\b|\b(?:is|are|be)\s+not\s+(?:permitted|allowed)\b", re.I), "prohibition"),
           (re.compile(r"\b(?:is|are)\s+(?:also\s+)?(?:permitted|entitled|empowered)\b|\bhas\s+the\s+right\s+to\b", re.I), "permission"),
           # a "may" of possibility (masked by the strength tags), might, is liable to
           (re.compile(r"\bmay\b|\bmight\b|\bliable\s+to\b", re.I), "permission")],
    "zh": [(re.compile(r"需(?!\s*[求要]求)|需要"), "obligation"), (re.compile(r"不能|不可(?!能)"), "prohibition"),
           (re.compile(r"允許|允许|准許|准许|有權|有权|可能|可(?![能以])|能(?!力)"), "permission")],
}


def _unscaled(clauses: list[str], lang: str) -> set[str]:
    text = " ".join(clauses)
    return {kind for rx, kind in _UNSCALED["en" if lang == "en" else "zh"] if rx.search(text)}


def _strength(en_levels: list[str], zh_levels: list[str], en_other: set[str] = frozenset(),
              zh_other: set[str] = frozenset()) -> str | None:
    """The severity of a strength difference, or None when the levels agree (or a word off the scale
    on one side says the kind of rule the other side's scale word says)."""
    if en_levels == zh_levels:
        return None
    said_en, said_zh = {_KIND[x] for x in en_levels}, {_KIND[x] for x in zh_levels}
    if said_en != said_zh and said_en - said_zh <= zh_other and said_zh - said_en <= en_other:
        return None
    kinds_en, kinds_zh = said_en or {"procedure"}, said_zh or {"procedure"}
    if kinds_en == kinds_zh:
        return WORDING
    # an obligation said without a modal word ("does") is still a rule of procedure: wording
    if kinds_en ^ kinds_zh <= {"obligation", "procedure"}:
        return WORDING
    return CHANGES_RULE


def _ref_detail(en: set[str], zh: set[str], lang: str) -> str:
    miss, extra = sorted(en - zh), sorted(zh - en)
    return "; ".join(x for x in (f"en only: {', '.join(miss)}" if miss else "",
                                 f"{lang} only: {', '.join(extra)}" if extra else "") if x)


def _ref_severity(en_refs: set[str], zh_refs: set[str]) -> str:
    """A reference made more or less specific (27B against 27B1), or a "see" pointer only dropped or
    added, is wording; a reference to another provision in its place changes the rule."""
    if en_refs <= zh_refs or zh_refs <= en_refs:
        return WORDING
    def law_of(target: str) -> str:
        doc, _, pid = target.rpartition(":")
        p = parse_id(pid)
        return f"{doc}:{p['law']}{p['sec'] or ''}" if p else target
    return WORDING if {law_of(x) for x in en_refs} == {law_of(x) for x in zh_refs} else CHANGES_RULE


def _polarity(en: dict, zh: dict, lang: str) -> list[tuple[str, str, list[str]]]:
    """The negations or exceptions one side of a clause pair makes and the other does not answer.

    An unmatched negation is answered by a word negative in sense or a restriction on the other side
    (fail to = 未, until = 未…前, only = 僅); an unmatched exception by a restriction or such a word
    ("except that" = 但, "other than" = 其他); and an exception on one side with a negation on the
    other cancel ("except as this Law provides" = 非本條法規所規定)."""
    out = []
    for what in ("negation", "exception"):
        for side, mine, other in (("en", en, zh), (lang, zh, en)):
            if not mine[what] or other[what] or other["restriction"] or other["lexical"]:
                continue
            if what == "negation" and other["exception"]:
                continue        # "unless completed" = 若叫牌未結束
            if what == "exception" and other["negation"] and not mine["negation"]:
                continue        # "except as this Law provides" = 非本條法規所規定
            out.append((what, side, mine[what]))
    return out


def clause_findings(pid: str, en_text: str, zh_text: str, lang: str,
                    en_refs: list[Ref] | None = None, zh_refs: list[Ref] | None = None) -> list[Finding]:
    """Every difference between the English and one Chinese expression of a provision, by clause pair.
    `en_refs` / `zh_refs` are the references the document's own resolver found in each text (a policy
    refers to the Laws); by default they are read from the texts as references within the Laws."""
    here = pid if parse_id(pid) else ""
    en_refs = extract_refs(en_text, "en", here) if en_refs is None else en_refs
    zh_refs = extract_refs(zh_text, lang, here) if zh_refs is None else zh_refs
    out: list[Finding] = []
    en_clauses, zh_clauses = split_clauses(en_text, "en"), split_clauses(zh_text, lang)
    en_at = dict(zip(range(len(en_clauses)), _spans(en_text, en_clauses)))
    zh_at = dict(zip(range(len(zh_clauses)), _spans(zh_text, zh_clauses)))
    pairs, i, j = [], 0, 0
    for en, zh in align_clauses(en_clauses, zh_clauses, lang):
        pairs.append((en, zh, [en_at[k] for k in range(i, i + len(en))], [zh_at[k] for k in range(j, j + len(zh))]))
        i, j = i + len(en), j + len(zh)
    for en, zh, en_spans, zh_spans in pairs:
        en_c, zh_c = " ".join(en), "".join(zh)
        if not en or not zh:
            side, clause = ("en", en_c) if en else (lang, zh_c)
            marks = modal_levels(clause, side) or any(negations(clause, side).values())
            out.append(Finding(pid, lang, "missing-clause",
                               f"this {'English' if en else lang} clause has no partner in the "
                               f"{lang if en else 'English'} text",
                               CHANGES_RULE if marks else WORDING, en_c, zh_c))
            continue
        severity = _strength(_levels(en, "en"), _levels(zh, lang), _unscaled(en, "en"), _unscaled(zh, lang))
        if severity:
            out.append(Finding(pid, lang, "strength",
                               f"en: {', '.join(_levels(en, 'en')) or 'does'}; "
                               f"{lang}: {', '.join(_levels(zh, lang)) or 'does'}", severity, en_c, zh_c))
        for what, side, words in _polarity(negations(en_c, "en"), negations(zh_c, lang), lang):
            out.append(Finding(pid, lang, "polarity",
                               f"{'a negation' if what == 'negation' else 'an exception'} "
                               f"({', '.join(dict.fromkeys(words))}) in {side} only", CHANGES_RULE, en_c, zh_c))
        for term, forms in _terms():
            has_en, has_zh = bool(forms["en"].search(en_c)), bool(forms[lang].search(zh_c))
            if has_en != has_zh:
                out.append(Finding(pid, lang, "term", f"'{term}' in {'en' if has_en else lang} only",
                                   CHANGES_RULE, en_c, zh_c))
        en_t, zh_t = _targets(en_refs, en_spans), _targets(zh_refs, zh_spans)
        if en_t != zh_t and en_t and zh_t:
            out.append(Finding(pid, lang, "reference", _ref_detail(en_t, zh_t, lang), _ref_severity(en_t, zh_t),
                               en_c, zh_c))
    # a reference the whole of one text makes and the other never does (clauses may pair wrongly)
    en_all, zh_all = {r.target for r in en_refs}, {r.target for r in zh_refs}
    if en_all != zh_all and not any(f.kind == "reference" for f in out):
        out.append(Finding(pid, lang, "reference", _ref_detail(en_all, zh_all, lang), _ref_severity(en_all, zh_all)))
    return out


def consistency(aligned: dict) -> list[Finding]:
    """The findings of every provision with an English text and a Chinese text of the same state
    of the Laws (Laws 73 and 89 are compared only within one state)."""
    out: list[Finding] = []
    for a in aligned.values():
        en = a.prov.expressions.get("en")
        if not en or not en.text:
            continue
        for lang in ("zh-Hant", "zh-Hans"):
            zh = a.prov.expressions.get(lang)
            if zh and zh.text and zh.state == en.state:
                found = clause_findings(a.prov.id, en.text, zh.text, lang, a.refs.get("en", []), a.refs.get(lang, []))
                if a.prov.id == "Introduction":   # prose, translated freely and reordered: not clause by clause
                    found = [f for f in found if f.kind == "reference"]
                out += found
    return out
