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
   - *term*: a term the rule turns on in the English clause whose Traditional or Simplified forms
     are absent from the aligned Chinese clause (`data/terms.tsv`: defined terms such as "Regulating
     Authority", "quitted trick", "average plus"; threshold words such as "likely", "is liable to",
     "deliberately", "immediately"); a few terms are also compared the other way ("damage") or only the
     other way ("meaning": 含義 where the English says no word of meaning, 74C1). Round 6
     (`clause_meaning.py`): the degree of likelihood each side says (70C2 "at all likely" = 很可能), a
     number the Chinese adds (12C2(d) 第三), and a Chinese provision repeating another's wording where
     the English differs (19B3 = 19A3) are term findings too;
   - *missing-clause*: a clause with no partner in the other language, when the Chinese is markedly
     shorter than the editions' usual length (otherwise the sentences are only cut differently and
     the clause joins its neighbour's pair); or figures of the English (two or more numbers of two
     digits or more, law numbers aside) that the Chinese clause does not give (78B's IMP scale).
   - Words off the scale answer the kind of rule the other side's scale word says (`_UNSCALED`):
     a prohibition said without a modal ("without consulting", "is not entitled to", "but not",
     "not contrary to", 禁止, 才能 "only if") answers 不得 / 不准 / "may not"; an obligation with
     such a prohibition is the prohibition of the same degree ("shall be made without emphasis" =
     不應有強調). "Must", the strongest word, is not answered by 需 "need to". Round 5: 負責 / 负责 "is
     responsible for" is a duty (it answers "shall", not "must"); 必然 "necessarily" answers the "must" of a
     definition; a declaratory "shall apply / prevail" (untagged, a statement) is answered by 應 as well as
     by a plain statement; "may … only" (a restricted permission, 19A1) is answered by a Chinese
     obligation or prohibition that states the restriction (必须是针对); an item under a Chinese heading
     of rights (42A 絕對權利) answers "may".
   - References: a provision of the same Law named on one side and pointed at without its name on
     the other (本條, 上述第1項, "the foregoing", "so withdraws"; `data/self_reference.tsv`) is the
     same place.
3. **Severity.** "changes the rule" when the difference can change what a player or the Director
   must do: a polarity or exception flip; a strength change that crosses permission, obligation and
   prohibition (`data/strength_severity.tsv`: "may" made mandatory, "awards" made 得, "may" made
   不得, a prohibition dropped or introduced; a shift along does / should / shall / must, or among
   the prohibitions, is wording only: the act is required either way); a reference to another
   provision in the place of the English one, or a dropped "X does not apply"; a missing clause
   with a modal word or a negation; a term the row marks so. Otherwise "wording only" (the Chinese
   says less: "shall" as a plain statement; a reference made more or less specific or a "see"
   pointer dropped).
"""
from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ingest.extract.clause_meaning import added_numbers, degree_difference, lang_patterns, repeated_wording
from ingest.extract.cross_refs import Ref, extract_refs
from ingest.extract.strength import embedded_modals, modal_levels, split_clauses
from ingest.model import parse_id

NEGATION_TABLE = Path(__file__).resolve().parent / "data" / "negation.tsv"
TERM_TABLE = Path(__file__).resolve().parent / "data" / "terms.tsv"
SELF_REFERENCE_TABLE = Path(__file__).resolve().parent / "data" / "self_reference.tsv"
STRENGTH_SEVERITY_TABLE = Path(__file__).resolve().parent / "data" / "strength_severity.tsv"
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
    return lang_patterns(NEGATION_TABLE)


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
def _terms() -> list[tuple[str, dict[str, re.Pattern], str, str]]:
    """(term, {lang: forms}, direction, severity) per row of data/terms.tsv; direction "en" (the English says it
    and the Chinese does not), "zh" (the other way) or "both"."""
    with open(TERM_TABLE, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return [(row[0], {"en": re.compile(row[1], re.I), "zh-Hant": re.compile(row[2]), "zh-Hans": re.compile(row[3])},
             row[4], CHANGES_RULE if row[5] == "changes" else WORDING)
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


def _answered_levels(clauses: list[str], lang: str, other: list[str]) -> list[str]:
    """The levels a clause group says that the other side must answer: a modal inside a relative clause
    ("the hand from which declarer shall lead", 43B2(a); strength.embedded_modals) describes a noun, so it
    counts only when the other side says the same level (任一防家均得選擇莊家應攻牌之方位), and is no
    difference when it does not (任何防家均可以指定庄家从某一手出牌)."""
    main, embedded = set(), set()
    for c in clauses:
        inside = embedded_modals(c, lang)
        for level, _, at in modal_levels(c, lang):
            (embedded if at in inside else main).add(level)
    return sorted(main | (embedded & set(other)))


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


# a permission said without "may": "is entitled to", "are permitted", "has the right to"
_EN_ENTITLED = r"\b(?:is|are)\s+(?:also\s+)?(?:permitted|entitled|empowered)\b|\bhas\s+the\s+right\s+to\b"

# Words of obligation, prohibition or permission that are on no edition's scale (需 "needs to", 不能
# "cannot", "are to be"): they do not make a finding of their own, and a kind of rule said with one
# of them on one side answers the same kind said with a scale word on the other.
_UNSCALED = {
    "en": [(re.compile(r"\b(?:is|are)\s+to\s+be\b|\brequire[sd]?\b|\brequirements?\b|\b(?:has|have)\s+to\b|"
                       r"\bexpected\s+to\b|\bresponsib\w+|\bsubject\s+to\b|"
                       # a declaratory "shall" (not tagged: strength._EN_MASK): "shall prevail", "shall apply"
                       r"\bshall\s+(?:prevail|apply|be\s+applied|stand)\b", re.I), "obligation"),
           # prohibitions said without a word of the scale: "without consulting partner" (10C2), "is not
           # entitled to" (40B2(d)), "in a manner not contrary to" (82A), "whether, but not by whom" (41C),
           # "subject to Law 16" (41B), "refrain from", "forbidden", "must refer to tricks other than one in
           # progress" (68 = 務必不含); and a prohibition with an exception
           # ("shall not be heard unless") against the Chinese "only if" (才能受理)
           (re.compile(r"\bcannot\b|\bcan\s+never\b|\b(?:is|are|be)\s+not\s+(?:permitted|allowed|entitled)\b|\bwithout\b|"
                       r"\bnot\s+(?:be\s+)?contrary\b|\bbut\s+not\b|\bsubject\s+to\b|\brefrain\w*|\bforbidden\b|"
                       r"\bprohibit\w*|\bonly\b|\bunless\b|\bother\s+than\b|"
                       # a declaratory "shall not prevent" (6D2, not tagged) against 不應妨礙
                       r"\bshall\s+not\s+prevent\b", re.I), "prohibition"),
           (re.compile(_EN_ENTITLED + r"|\bright\s+to\b|\bcould\b", re.I), "permission"),
           # a "may" of possibility (masked by the strength tags), might, is liable to
           (re.compile(r"\bmay\b|\bmight\b|\bliable\s+to\b", re.I), "permission")],
    # 負責 / 负责 "is responsible for" (93A 裁判长负责听取, 93B2, 81B1): a duty assigned, off the scale; it
    # answers "shall" (the Introduction's level of a duty whose violation "will usually incur a penalty"),
    # not "must". Not 負責人 (a person in charge), 負責裁判 (the Director in charge), 負責任 (a responsibility).
    "zh": [(re.compile(r"需(?!\s*[求要]求)|需要|理應|理应|符合|有責任|有责任|(?:負責|负责)(?!\s*(?:人|裁判|任))"),
            "obligation"),
           # 必然 / 必定 "necessarily" (Systems Policy 2.5(a) 必然表示 for "must show"): a necessity, not a
           # modal; it answers the English "must" of a definition
           (re.compile(r"必然|必定"), "necessity"),
           (re.compile(r"不能|不可(?!能)|不予|禁止|避免|只有[^。；;]{0,40}?才|唯有[^。；;]{0,40}?才|才能|才可|方可|方得|"
                       r"僅|仅|只能|除非|不違反|不违反|不得違反|不得违反"), "prohibition"),
           (re.compile(r"允許|允许|准許|准许|有權|有权|可能|可(?![能以])|能(?!力)|權利|权利|得\s*適\s*用"), "permission")],
}


def _unscaled(clauses: list[str], lang: str) -> set[str]:
    """The kinds of rule words off the scale say, and "negated" when the clause negates its statement."""
    text = " ".join(clauses)
    kinds = {kind for rx, kind in _UNSCALED["en" if lang == "en" else "zh"] if rx.search(text)}
    if "necessity" in kinds:        # 必然 "necessarily": an obligation's partner that also answers "must"
        kinds.add("obligation")
    return kinds | ({"negated"} if negations(text, lang)["negation"] else set())


# "A player may double only the last preceding bid" (19A1, 19B1), "may be withdrawn only upon instruction of
# the Director" (41A): a restriction of the permission, said with "may … only". It is answered by the
# Chinese "may" (僅得) and equally by an obligation or a prohibition that states the restriction (19A1 zh-Hans
# 加倍必须是针对…最后一个实质叫牌 "a double must be of the last bid"): the "may" then needs no partner.
_MAY_ONLY = re.compile(r"\bmay\s+(?:be\s+)?\w+\s+only\b", re.I)


def _restricted_may(en: list[str], en_levels: list[str], zh_levels: list[str], zh_other: set[str]) -> list[str]:
    """The English levels, without a "may … only" that the Chinese states as an obligation or prohibition."""
    if "may" not in en_levels or "may" in zh_levels or not _MAY_ONLY.search(" ".join(en)):
        return en_levels
    said_zh = {_KIND[x] for x in zh_levels} | zh_other
    return [x for x in en_levels if x != "may"] if said_zh & {"obligation", "prohibition"} else en_levels


_NEGATED = {"should": "shall-not", "shall": "shall-not", "must": "must-not", "may": "may-not"}


def _strength(en_levels: list[str], zh_levels: list[str], en_other: set[str] = frozenset(),
              zh_other: set[str] = frozenset(), en_plain: bool = False, zh_plain: bool = False) -> str | None:
    """The severity of a strength difference (`_severity`, the table data/strength_severity.tsv), or
    None when the levels agree (or a word off the scale on one side says the kind of rule the other
    side's scale word says). `en_plain` / `zh_plain`: a clause of the group says no modal word."""
    # an obligation with a prohibition said off the scale ("shall be made without emphasis", "must do
    # nothing") is the prohibition of the same degree (不應有, 務必不得)
    def as_prohibition(levels: list[str], other: set[str], against: list[str]) -> list[str]:
        if "prohibition" not in other:
            return levels
        return sorted({_NEGATED[x] if _NEGATED.get(x) in against and x not in against else x for x in levels})
    en_levels, zh_levels = (as_prohibition(en_levels, en_other, zh_levels),
                            as_prohibition(zh_levels, zh_other, en_levels))
    if en_levels == zh_levels:
        return None
    said_en, said_zh = {_KIND[x] for x in en_levels}, {_KIND[x] for x in zh_levels}
    # "must", the strongest word, is not answered by a word off the scale (需 "need to", 31A1)
    strongest = ("must" in en_levels and not said_zh & {"obligation"} and "must" not in zh_levels
                 and "necessity" not in zh_other)
    if said_en != said_zh and said_en - said_zh <= zh_other and said_zh - said_en <= en_other and not strongest:
        return None
    return _severity(en_levels, zh_levels, en_other | ({"plain"} if en_plain else set()),
                     zh_other | ({"plain"} if zh_plain else set()))


@lru_cache(maxsize=1)
def _severity_table() -> dict[tuple[str, str], str]:
    """(English level, Chinese level) -> severity, from data/strength_severity.tsv (a matrix)."""
    with open(STRENGTH_SEVERITY_TABLE, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    head, out = rows[0][1:], {}
    for row in rows[1:]:
        for zh, cell in zip(head, row[1:]):
            out[(row[0], zh)] = CHANGES_RULE if cell == "c" else WORDING
    return out


# The levels a word off the scale, or a plain statement, can stand for when it partners a level said
# on the other side: "is entitled to" a "may", "need to" (需) an obligation, "without" / 禁止 a
# prohibition; a clause of the group with no modal word ("the conditions marked on it apply") a "does".
_PARTNER = {"permission": "may", "obligation": "shall", "prohibition": "may-not", "negated": "shall-not",
            "plain": "does", "necessity": "must"}


def _severity(en_levels: list[str], zh_levels: list[str], en_other: set[str], zh_other: set[str]) -> str:
    """"Changes the rule" when a level said on one side only has no partner on the other side that the
    table (data/strength_severity.tsv) marks "wording only": "should" made 應 is wording (the act is
    required either way), "may" made 應 or "awards" made 得 changes the rule, and so does a
    prohibition dropped or introduced."""
    table = _severity_table()
    # a side with no modal word is a plain statement: a partner ("does"), never a level to answer
    # ("No … restrictions shall apply" = 則無…限制 is answered by the plain negative)
    en_partners = set(en_levels or ["does"]) | {_PARTNER[k] for k in en_other if k in _PARTNER}
    zh_partners = set(zh_levels or ["does"]) | {_PARTNER[k] for k in zh_other if k in _PARTNER}
    for x in set(en_levels) - set(zh_levels):
        if not any(table[(x, y)] == WORDING for y in zh_partners):
            return CHANGES_RULE
    for y in set(zh_levels) - set(en_levels):
        if not any(table[(x, y)] == WORDING for x in en_partners):
            return CHANGES_RULE
    return WORDING


# A heading or lead-in that names its items rights (42A 絕對權利 "Absolute Rights"): an item under it is a
# right in the Chinese even when it says no 得 (42A2 從事計算贏得或失去的磴數 = "He may keep count of tricks"),
# so it answers an English "may". The item's own tags are unchanged (no "may" is read into it).
_RIGHTS_HEADING = re.compile(r"權利|权利")


def _strength_severity(en: list[str], zh: list[str], lang: str, zh_heading: str = "") -> str | None:
    """The severity of a clause pair's strength difference, or None when there is none. `zh_heading`: the
    Chinese heading or lead-in of the provision's parent."""
    def plain(clauses: list[str], side: str) -> bool:     # a clause of the group with no modal word
        return len(clauses) > 1 and any(not modal_levels(c, side) for c in clauses)
    en_other, zh_other = _unscaled(en, "en"), _unscaled(zh, lang)
    if _RIGHTS_HEADING.search(zh_heading):
        zh_other = zh_other | {"permission"}
    zh_said = _levels(zh, lang)
    en_said = _restricted_may(en, _answered_levels(en, "en", zh_said), zh_said, zh_other)
    severity = _strength(en_said, zh_said, en_other, zh_other, plain(en, "en"), plain(zh, lang))
    if severity is None:
        return None
    # a permission said off the scale ("is liable to a procedural penalty", "is entitled to", 有權) is a
    # "may" that the other side must answer: 13D 應受到處罰 makes the penalty mandatory
    en_levels = en_said + (["may"] if _PERMITS["en"].search(" ".join(en)) else [])
    zh_levels = zh_said + (["may"] if _PERMITS["zh"].search("".join(zh)) else [])
    if en_levels == en_said and zh_levels == zh_said:
        return severity
    return _severity(sorted(set(en_levels)), sorted(set(zh_levels)),
                     en_other | ({"plain"} if plain(en, "en") else set()),
                     zh_other | ({"plain"} if plain(zh, lang) else set()))


_PERMITS = {"en": re.compile(_EN_ENTITLED + r"|\bliable\s+to\b", re.I),
            "zh": re.compile(r"有權|有权|允許|允许|准許|准许")}


@lru_cache(maxsize=1)
def _self_reference() -> dict[str, re.Pattern]:
    """lang ('en' or 'zh') -> the words by which a text points at its own Law without naming it."""
    with open(SELF_REFERENCE_TABLE, encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    forms: dict[str, list[str]] = {"en": [], "zh": []}
    for row in csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        forms[row[0]].append(f"(?:{row[1]})")
    return {lang: re.compile("|".join(v), re.I if lang == "en" else 0) for lang, v in forms.items()}


def _same_law(target: str, pid: str) -> bool:
    """A target in the Law of the provision itself (a reference within one document only)."""
    if ":" in target:
        return False
    p, t = parse_id(pid), parse_id(target)
    return bool(p and t and p["law"] == t["law"])


def _unnamed(mine: set[str], theirs: set[str], other_text: str, other_lang: str, pid: str) -> set[str]:
    """The targets of one side that the other side points at without naming them (本條, "the foregoing"):
    in the provision's own Law, and not named more or less specifically on the other side."""
    if not _self_reference()["en" if other_lang == "en" else "zh"].search(other_text):
        return set()
    return {x for x in mine - theirs if _same_law(x, pid) and not any(_encloses(x, y) for y in theirs)}


def _encloses(a: str, b: str) -> bool:
    """One id is the other or encloses it (27B encloses 27B1(a)); policies' targets are qualified."""
    da, _, ia = a.rpartition(":")
    db, _, ib = b.rpartition(":")
    return da == db and (ia == ib or ib.startswith(ia) or ia.startswith(ib))


def _ref_detail(en: set[str], zh: set[str], lang: str) -> str:
    miss, extra = sorted(en - zh), sorted(zh - en)
    return "; ".join(x for x in (f"en only: {', '.join(miss)}" if miss else "",
                                 f"{lang} only: {', '.join(extra)}" if extra else "") if x)


def _ref_severity(en_refs: set[str], zh_refs: set[str], kinds: dict[str, str] | None = None) -> str:
    """A reference made more or less specific (27B against 27B1, Law 86 for 86B), or a "see" pointer
    only dropped or added, is wording; a reference to another provision in its place (30B1(b)(i) for
    30B1(b)(ii)), or a dropped or added statement that a provision applies or does not apply ("Law
    16C does not apply"), changes the rule."""
    kinds = kinds or {}
    one_sided = {x for x in en_refs ^ zh_refs
                 if not any(_encloses(x, y) for y in (zh_refs if x in en_refs else en_refs))}
    if any(kinds.get(x) in ("applies", "does-not-apply", "may-apply") for x in one_sided):
        return CHANGES_RULE
    if en_refs <= zh_refs or zh_refs <= en_refs:
        return WORDING          # a pointer only dropped or added
    return CHANGES_RULE if one_sided else WORDING


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


# The median length of a Chinese text against its English (characters without spaces), measured on
# the 2017 Laws (provisions of 80+ characters): a clause with no partner is reported as missing only
# when the Chinese is markedly shorter than that (below 0.85 of it); otherwise the two texts cut their
# sentences differently (16D1, 73D2: one Chinese sentence for two English ones) and the clause joins
# its neighbour's pair.
_RATIO = {"zh-Hant": 0.272, "zh-Hans": 0.309}
_SHORT = 0.85


def _length_ratio(en_text: str, zh_text: str, lang: str) -> float:
    return _size(zh_text, lang) / max(1, _size(en_text, "en"))


def _merge_unpartnered(pairs: list) -> list:
    """Each clause group with no partner joined to the pair before it (or after it, when first)."""
    out: list = []
    pending: tuple = ([], [], [], [])
    for en, zh, es, zs in pairs:
        if not en or not zh:
            if out:
                pe, pz, pes, pzs = out[-1]
                out[-1] = (pe + en, pz + zh, pes + es, pzs + zs)
            else:
                pending = tuple(a + b for a, b in zip(pending, (en, zh, es, zs)))
            continue
        if pending[0] or pending[1]:
            en, zh, es, zs = pending[0] + en, pending[1] + zh, pending[2] + es, pending[3] + zs
            pending = ([], [], [], [])
        out.append((en, zh, es, zs))
    if not out and (pending[0] or pending[1]):
        out.append(pending)
    return out


_NUMBER = re.compile(r"(?<![\dA-Za-z])\d{2,}(?:[.,]\d+)?(?![\dA-Za-z])")
_LAW_NUMBER = re.compile(r"Laws?\s*\d+[A-H]?\d*(?:\([a-z]+\))*|第\s*\d+\s*[条條]")


def _numbers(text: str) -> set[str]:
    """The numbers of two or more digits a clause states (scores, percentages, minutes), law numbers aside."""
    return set(_NUMBER.findall(_LAW_NUMBER.sub(" ", text)))


def clause_pairs(en_text: str, zh_text: str, lang: str) -> list[tuple[list[str], list[str], list, list]]:
    """The aligned clause groups of a provision's English and Chinese texts, each with the spans of its
    clauses in the text; a group with no partner joins its neighbour unless the Chinese is markedly short."""
    en_clauses, zh_clauses = split_clauses(en_text, "en"), split_clauses(zh_text, lang)
    en_at = dict(zip(range(len(en_clauses)), _spans(en_text, en_clauses)))
    zh_at = dict(zip(range(len(zh_clauses)), _spans(zh_text, zh_clauses)))
    pairs, i, j = [], 0, 0
    for en, zh in align_clauses(en_clauses, zh_clauses, lang):
        pairs.append((en, zh, [en_at[k] for k in range(i, i + len(en))], [zh_at[k] for k in range(j, j + len(zh))]))
        i, j = i + len(en), j + len(zh)
    if _length_ratio(en_text, zh_text, lang) >= _SHORT * _RATIO[lang]:
        pairs = _merge_unpartnered(pairs)
    return pairs


def clause_findings(pid: str, en_text: str, zh_text: str, lang: str,
                    en_refs: list[Ref] | None = None, zh_refs: list[Ref] | None = None,
                    en_lead_in: str = "", zh_heading: str = "") -> list[Finding]:
    """Every difference between the English and one Chinese expression of a provision, by clause pair.
    `en_refs` / `zh_refs` are the references the document's own resolver found in each text (a policy
    refers to the Laws); by default they are read from the texts as references within the Laws.
    `en_lead_in` is the English of the provisions above it (80A1 "The Regulating Authority under these
    laws is:" for 80A1(a)): a term the Chinese item says and the English says in its lead-in is no finding.
    `zh_heading` is the Chinese title or lead-in of the provision's parent (42A 絕對權利 "Absolute Rights"
    for 42A2: its items are rights)."""
    here = pid if parse_id(pid) else ""
    en_refs = extract_refs(en_text, "en", here) if en_refs is None else en_refs
    zh_refs = extract_refs(zh_text, lang, here) if zh_refs is None else zh_refs
    out: list[Finding] = []
    kinds = {r.target: r.type for r in en_refs + zh_refs}
    for en, zh, en_spans, zh_spans in clause_pairs(en_text, zh_text, lang):
        en_c, zh_c = " ".join(en), "".join(zh)
        if not en or not zh:
            side, clause = ("en", en_c) if en else (lang, zh_c)
            marks = modal_levels(clause, side) or any(negations(clause, side).values())
            out.append(Finding(pid, lang, "missing-clause",
                               f"this {'English' if en else lang} clause has no partner in the "
                               f"{lang if en else 'English'} text",
                               CHANGES_RULE if marks else WORDING, en_c, zh_c))
            continue
        lost = sorted(_numbers(en_c) - _numbers(zh_c), key=lambda x: float(x.replace(",", "")))
        if len(lost) >= 2:          # a table or a list of figures the Chinese does not give (78B's IMP scale)
            out.append(Finding(pid, lang, "missing-clause",
                               f"the numbers {', '.join(lost[:6])}{' …' if len(lost) > 6 else ''} of the English "
                               f"have no counterpart in the {lang} text", CHANGES_RULE, en_c, zh_c))
        severity = _strength_severity(en, zh, lang, zh_heading)
        if severity:
            out.append(Finding(pid, lang, "strength",
                               f"en: {', '.join(_levels(en, 'en')) or 'does'}; "
                               f"{lang}: {', '.join(_levels(zh, lang)) or 'does'}", severity, en_c, zh_c))
        for what, side, words in _polarity(negations(en_c, "en"), negations(zh_c, lang), lang):
            out.append(Finding(pid, lang, "polarity",
                               f"{'a negation' if what == 'negation' else 'an exception'} "
                               f"({', '.join(dict.fromkeys(words))}) in {side} only", CHANGES_RULE, en_c, zh_c))
        for term, forms, direction, term_severity in _terms():
            has_en, has_zh = bool(forms["en"].search(en_c)), bool(forms[lang].search(zh_c))
            if has_zh and not has_en and forms["en"].search(en_lead_in):
                continue
            if has_en != has_zh and direction in ("both", "en" if has_en else "zh"):
                out.append(Finding(pid, lang, "term", f"'{term}' in {'en' if has_en else lang} only",
                                   term_severity, en_c, zh_c))
        degree = degree_difference(en_c, zh_c, lang)
        if degree:
            out.append(Finding(pid, lang, "term", degree, CHANGES_RULE, en_c, zh_c))
        added = added_numbers(en_c, zh_c)
        if added:
            out.append(Finding(pid, lang, "term", f"a number ({', '.join(added)}) in {lang} only: the English "
                               "states no such number", CHANGES_RULE, en_c, zh_c))
        en_t, zh_t = _targets(en_refs, en_spans), _targets(zh_refs, zh_spans)
        en_t, zh_t = (en_t - _unnamed(en_t, zh_t, zh_c, lang, pid), zh_t - _unnamed(zh_t, en_t, en_c, "en", pid))
        if en_t != zh_t and en_t and zh_t:
            out.append(Finding(pid, lang, "reference", _ref_detail(en_t, zh_t, lang),
                               _ref_severity(en_t, zh_t, kinds), en_c, zh_c))
    # a reference the whole of one text makes and the other never does (clauses may pair wrongly)
    en_all, zh_all = {r.target for r in en_refs}, {r.target for r in zh_refs}
    en_all, zh_all = (en_all - _unnamed(en_all, zh_all, zh_text, lang, pid),
                      zh_all - _unnamed(zh_all, en_all, en_text, "en", pid))
    if en_all != zh_all and not any(f.kind == "reference" for f in out):
        out.append(Finding(pid, lang, "reference", _ref_detail(en_all, zh_all, lang),
                           _ref_severity(en_all, zh_all, kinds)))
    return out


def _lead_in(aligned: dict, parent: str | None) -> str:
    """The English texts of a provision's ancestors, nearest first."""
    out = []
    while parent and parent in aligned:
        prov = aligned[parent].prov
        en = prov.expressions.get("en")
        out.append(en.text if en and en.text else "")
        parent = prov.parent
    return " ".join(out)


def _heading(aligned: dict, parent: str | None, lang: str) -> str:
    """The title of a provision's parent in one language, and its text when that is a lead-in (ends in a colon)."""
    if not parent or parent not in aligned:
        return ""
    e = aligned[parent].prov.expressions.get(lang)
    if not e:
        return ""
    return " ".join(x for x in (e.title, e.text if e.text.rstrip().endswith((":", "：")) else "") if x)


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
                found = clause_findings(a.prov.id, en.text, zh.text, lang, a.refs.get("en", []), a.refs.get(lang, []),
                                        _lead_in(aligned, a.prov.parent), _heading(aligned, a.prov.parent, lang))
                if a.prov.id == "Introduction":   # prose, translated freely and reordered: not clause by clause
                    found = [f for f in found if f.kind == "reference"]
                out += found
    return out + _repeated(aligned)


def _repeated(aligned: dict) -> list[Finding]:
    """A Chinese provision that repeats the wording of an earlier provision of its Law where their English
    texts differ (19B3 = 19A3's 視同賭倍; clause_meaning.repeated_wording): reported on the later one."""
    by_law: dict = {}
    for a in sorted(aligned.values(), key=lambda a: a.prov.order):
        en = a.prov.expressions.get("en")
        if en and en.text and a.prov.law is not None and a.prov.id != "Introduction":
            by_law.setdefault(a.prov.law, []).append(a)
    out: list[Finding] = []
    for lang in ("zh-Hant", "zh-Hans"):
        for provs in by_law.values():
            texts = [(a.prov.id, a.prov.expressions["en"], a.prov.expressions.get(lang)) for a in provs]
            texts = [(pid, en, zh) for pid, en, zh in texts if zh and zh.text and zh.state == en.state]
            for i, (pid, en, zh) in enumerate(texts):
                for first, en0, zh0 in texts[:i]:
                    places = repeated_wording((en0.text, en.text), (zh0.text, zh.text))
                    if places:
                        out.append(Finding(pid, lang, "term",
                                           f"repeats {first}'s wording: the two {lang} texts differ in {places[0]} "
                                           f"place(s), the English in {places[1]}", CHANGES_RULE, en.text, zh.text))
    return out
