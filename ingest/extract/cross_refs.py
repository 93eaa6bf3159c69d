"""Cross-references between provisions, found in one expression's text.

`extract_refs(text, lang, here)` returns every reference a provision's wording makes to
another provision of the Laws, resolved to an id in the Index grammar (`27B1(a)`), typed by
the words around it, in text order. `here` is the id of the provision the text belongs to;
relative references ("D following", "上述 B1 項", "本款 3") are resolved against it.

Surface forms handled (all found in sources 000 and 002):

| lang    | absolute                                                    | relative                                                          |
| ------- | ----------------------------------------------------------- | ----------------------------------------------------------------- |
| en      | Law 26B, Laws 16C, 26B and 72C, Law 30, 31 or 32,            | A, B1, 3, (a), A2(a) ... after see / in / by / under / of / from / |
|         | Law 50 or Law 51, Laws 78D, 86B3 and (d) hereunder           | with / per / than / as / Section / Notwithstanding / violates /    |
|         |                                                             | "like basis to", or followed by above / below / following /        |
|         |                                                             | preceding / hereunder / of this Law, or by an apply word           |
|         |                                                             | ("Unless A applies"); a bare number needs see / as in / a locator  |
| zh-Hant | Law 26B, LawN (no space), Law 16C、26B、與 Law 72C, Law 40(b) | [上述/下述/前述/下方/下列/以上/本條/本規則] [第] B1(b) [款/項/小項/兩款]; |
|         | Law 30、31、及 32; "參照 73D3" (the source dropped "Law")     | a bare letter/B1 also after 參照 / 依 / 除 / 按 / 如 / 違反 / 套用 / |
|         |                                                             | 滿足 / 根據, or before 所述 / 規定                                  |
| zh-Hans | 第 23 条 A 款, 第 16 条 C 款 2, 第 12 条 C 款 1 (b),             | 本条 D 款 [1 [(b)]], 本款 3, 本款 (a), 本款 2 项, 本项（d）, A 款    |
|         | 第 30 条 B 款 1(b) (1), 第 30、31 和 32 条, 第 41 条 B 款和 C 款, | (bare, with 款), 以上 1 和 2, 上述 (a), (a) 规定/所述; the source's |
|         | 第 20 条 F 款 2 和 3; "参照 47 条 B 款" (第 dropped)              | 第本条 C 款, 本条 E1 款, 本条 A (no 款); full-width （ ） accepted   |

Resolution. An atom that names no law is relative: its first component says where it
hangs. A section letter takes the law of `here` (27B: "see A" -> 27A); an item number takes
the section of `here` ("3 following" in 27B -> 27B3; in a law without sections, the law);
a sub-item "(a)" takes the item of `here`; "(i)".."(x)" alone is a sub-sub-item when `here`
is a sub-item or deeper, otherwise the letter sub-item. In a list the later atoms inherit the
missing higher components from the atom before them ("Laws 16C, 26B": absolute each;
"第 41 条 B 款和 C 款" -> 41B, 41C; "本款 1 和 2"; "A2(a) or (b)"), except that an atom
followed by above / hereunder / ... is relative to `here` ("Laws 78D, 86B3 and (d)
hereunder" in 12C2(b) -> 12C2(d)). The Simplified text numbers sub-sub-items (1), (2) ...:
they become (i), (ii) ...

Not references (never emitted): "this Law" / 本條 / 本条 / 本款 alone (a provision naming
itself or its own section), headings ("LAW 27" is upper case), "by law" (lower case),
footnote superscripts (⁸, <sup>1</sup>: never ASCII digits after a Law keyword), regulation
or board numbers (a bare number is only taken after Law / 第 or with a locator such as
above / 項), and anything that does not build a valid id (law 1..93, A..H).

Types. A list of targets shares the type of its phrase. Words before the reference win for
see / but see (they govern the whole phrase); otherwise the words after it; otherwise an
apply-verb before it; otherwise `mention`. When a phrase has "see" before it and an apply
word after it and the list names "Law" more than once ("(see Law 49 and Law 72C may
apply)"), the last "Law ..." sub-list takes the apply word and the rest keep "see".

| type           | en                                         | zh-Hant                         | zh-Hans                          |
| -------------- | ------------------------------------------ | ------------------------------- | -------------------------------- |
| but-see        | but see [also] X                           | 但[是]參照 / 但參閱 X            | 但[是]参照 / 但是参见 X           |
| see            | see [also] X, (See X)                      | 參照 / 參閱 / 參見 / 詳見 X       | 参照 / 参见 / 参阅 X              |
| does-not-apply | X does/do not apply; not X (", not Law 30") | X 不適用; 而非 X                  | X 不[再]适用; 不[再]适用 X         |
| may-apply      | X may [also] apply                          | 得適用 X; X 得適用               | 可能适用 X; X 可能适用            |
| applies        | X applies / apply / continue(s) to apply;  | 適用 X; X [所]適用               | 适用 X; X [所]适用                |
|                | applies X; "X, not Law Y, applies"         |                                 |                                  |
| as-allows      | as X allows / permits / provides           | 依 X 所述; X [所]允許             | 如 X 规定; X [所]允许              |
| mention        | anything else: "except as provided in B1   | 除上述 B1 項之情況外, 依 Law N    | 本款 1 规定的情况除外, 依照第 N 条, |
|                | above", "subject to Law 50", "rules as in  | 規定, 裁判以前述 A2(a) 小項處置    | 受第 N 条限制, 裁判依照本款 3      |
|                | A2(a) or A2(b) above", "permitted by Law 19"|                                 |                                  |

Decision on "the Director rules as in A2(a) or A2(b) above" (31B2) and "rules as in 3"
(27B4): `mention`. The words carry no apply-verb, and their Chinese renderings
(以前述 A2(a) 或 A2(b) 小項處置, 依照本条 A 款 2 (a) 或者 (b) 进行裁定) carry none either, so
`mention` keeps the three languages aligned; the relation is read from the sentence.
Filler between a reference and its verb is allowed only for the lead-restriction / rule
words ("Law 26 之首攻限制不適用", "第 26 条的引牌限制不适用", "Law 16 非法訊息條文得適用").

`unresolved(text, lang, here)` lists reference-like substrings the extractor did not turn
into a Ref (forms not handled, or relative references with no valid `here`); it is a
diagnostic for the ingest report, not used to build the graph.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.model import parse_id

REF_TYPES = ("see", "but-see", "applies", "does-not-apply", "may-apply", "as-allows", "mention")
LEVELS = ("law", "sec", "item", "sub", "subsub")
_ROMAN = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]


@dataclass(frozen=True)
class Ref:
    type: str      # one of REF_TYPES
    target: str    # provision id, Index grammar: "26B", "27B1(a)", "16C2", "27"
    surface: str   # the exact substring of the text that makes the reference
    start: int     # offset of surface in text


@dataclass
class _Atom:
    parts: dict            # level -> str (law "27", sec "B", item "1", sub "a", subsub "ii")
    start: int
    end: int
    keyword: bool = False  # the atom carries its own "Law" / "第 … 条" keyword
    local: bool = False    # followed by above / hereunder ...: relative to here, not to the list
    target: str | None = None


def _cjk(word: str) -> str:
    """A CJK word as a regex that tolerates the PDF's stray spaces between characters."""
    return r"\s*".join(re.escape(c) for c in word)


def _alt(*words: str) -> str:
    return "(?:" + "|".join(_cjk(w) for w in words) + ")"


# ---------------------------------------------------------------- atoms and groups per language

_EN_ABS = re.compile(
    r"(?P<law>\d{1,2})(?:(?P<sec>[A-H])(?:(?P<item>\d{1,2})(?:\((?P<sub>[a-z])\)(?:\((?P<subsub>[ivx]+)\))?)?)?)?"
    r"(?![0-9A-Za-z])")
_REL = re.compile(
    r"(?<![0-9A-Za-z])(?:(?P<sec>[A-H])(?P<item>\d{1,2})?|(?P<item2>\d{1,2}))?"
    r"(?:\((?P<sub>[a-z])\))?(?:\((?P<subsub>[ivx]+)\))?(?![0-9A-Za-z'’-])")
_EN_LAW_KW = re.compile(r"\bLaws?\s*(?=\d)")
_EN_SEP = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_EN_LOC = re.compile(r"\s+(?:above|below|following|preceding|hereunder|hereafter|of\s+this\s+Law)\b")
_EN_TRIGGER = re.compile(
    r"(?:\b(?:[Ss]ee(?:\s+also)?|in|by|under|of|from|with|per|than|as|Sections?|[Nn]otwithstanding|violates|"
    r"violating|basis\s+to))\s+(?:either\s+)?$")
_EN_BARE_OK = re.compile(r"(?:\b(?:[Ss]ee(?:\s+also)?|as\s+in|Sections?|basis\s+to))\s+$")

# Law 26B; also the source's bare "參照 73D3" (73A2), where the translation dropped "Law"
_HANT_LAW_KW = re.compile(r"Laws?\s*(?=\d)|(?<=參照)(?=\d{1,2}[A-H])|(?<=參照 )(?=\d{1,2}[A-H])")
_HANT_SEP = re.compile(r"\s*(?:、\s*(?:與|及|和|或|以及)?|,|，|以及|或是|與|及|和|或)\s*")
_HANT_PRE = re.compile(r"(?:上述|下述|前述|下方|下列|以上|以下|本條|本規則)\s*")
_HANT_NUM = re.compile(r"第\s*")
_HANT_PAREN_SEC = re.compile(r"\(([a-h])\)(?![0-9A-Za-z(])")
_HANT_MARK = re.compile(r"\s*(?:兩款|小項|項|款)")
_HANT_TRIGGER = re.compile(_alt("參照", "參閱", "參見", "依", "除", "按", "如", "如同", "違反", "套用", "滿足", "根據")
                           + r"\s*$")
_HANT_POST_OK = re.compile(r"\s*(?:所述|之規定|規定)")

def _fw(rx: str) -> str:
    """Let an escaped bracket in a Simplified pattern also match its full-width form: 本项（d）."""
    return rx.replace(r"\(", "[(（]").replace(r"\)", "[)）]")


_HANS_LAWLIST = re.compile(r"第\s*(\d{1,2})((?:\s*(?:、|和|或者|或|及|与)\s*\d{1,2})+)\s*条")
_HANS_TAIL = _fw(r"(?:\s*(?P<sec>[A-H])\s*款(?:\s*(?P<item>\d{1,2})(?![\d.])"
                 r"(?:\s*\((?P<sub>[a-z])\)(?:\s*\((?P<subsub>[ivx]+|[1-9])\))?)?)?)?")
# 第 23 条 …; the source once drops the 第 after 参照 ("并且参照 47 条 B 款", 53A)
_HANS_ABS = re.compile(r"(?:第\s*|(?<=参照)\s*|(?<=参照 )|(?<=参见)\s*|(?<=参见 ))(?P<law>\d{1,2})\s*条" + _HANS_TAIL)
_HANS_THIS_LAW = re.compile(_fw(  # 本条 D 款 [1 [(b)]]; also the source's 本条 E1 款 and 本条 A (no 款)
    r"(?:第\s*)?本条\s*(?P<sec>[A-H])(?:(?P<itemx>\d{1,2})\s*款|\s*款(?:\s*(?P<item>\d{1,2})(?![\d.])"
    r"(?:\s*\((?P<sub>[a-z])\)(?:\s*\((?P<subsub>[ivx]+|[1-9])\))?)?)?|(?![A-Za-z0-9]))"))
_HANS_THIS_SEC = re.compile(_fw(  # 本款 3, 本款 1 (b), 本款 (a), 本款 2 项, 本项（d）
    r"(?:本款|本项)\s*(?:(?P<item>\d{1,2})(?![\d.])(?:\s*\((?P<sub>[a-z])\)(?:\s*\((?P<subsub>[ivx]+|[1-9])\))?)?"
    r"|\((?P<sub2>[a-z])\)(?:\s*\((?P<subsub2>[ivx]+|[1-9])\))?)(?:\s*项)?"))
_HANS_ABOVE_ITEM = re.compile(  # 以上 1 和 2 (93C3(a)); not 以上 2 张 (a count), not 4000 及以上 24 (78B)
    r"(?<![及或0-9])(?<![0-9] )(?:以上|上述|前述)\s*(?P<item>\d{1,2})(?![\d.])(?!\s*[张墩副分节人个次轮位名条])(?:\s*项)?")
_HANS_BARE_SEC = re.compile(_fw(r"(?<![A-Za-z0-9本条])(?<!条 )(?P<sec>[A-H])\s*款"
                                r"(?:\s*(?P<item>\d{1,2})(?![\d.])(?:\s*\((?P<sub>[a-z])\))?)?"))
_HANS_BARE_SUB = re.compile(_fw(r"(?:(?:上述|以上|下述|前述)\s*)\((?P<sub>[a-z])\)|"
                                r"(?<![A-Za-z0-9)）])\((?P<sub2>[a-z])\)(?=\s*(?:规定|所述|项))"))
_HANS_SEP = re.compile(r"\s*(?:、|和|或者|或|及|以及|与)\s*")
_HANS_CONT = re.compile(_fw(
    r"(?:(?P<sec>[A-H])\s*款(?:\s*(?P<item>\d{1,2})(?![\d.]))?|(?P<item2>\d{1,2})(?![\d.条])|)"
    r"(?:\s*\((?P<sub>[a-z])\))?(?:\s*\((?P<subsub>[ivx]+|[1-9])\))?(?:\s*项)?"))


def _parts(**kw) -> dict:
    return {k: v for k, v in kw.items() if v}


def _roman(v: str | None) -> str | None:
    if v and v.isdigit():
        return _ROMAN[int(v)] if int(v) < len(_ROMAN) else None
    return v


# ---------------------------------------------------------------- resolution

def _build(p: dict) -> str | None:
    if not p.get("law"):
        return None
    if p.get("sub") and not p.get("item"):
        return None
    if p.get("subsub") and not p.get("sub"):
        return None
    pid = p["law"] + p.get("sec", "") + p.get("item", "") + \
        (f"({p['sub']})" if p.get("sub") else "") + (f"({p['subsub']})" if p.get("subsub") else "")
    parsed = parse_id(pid)
    if not parsed or not 1 <= int(p["law"]) <= 93:
        return None
    return pid


def _here_parts(here: str) -> dict | None:
    g = parse_id(here) if here else None
    if not g:
        return None
    out = {}
    for k in LEVELS:
        v = g.get(k)
        if v:
            out[k] = v.strip("()")
    return out


def _lead(parts: dict) -> str | None:
    for k in LEVELS:
        if parts.get(k):
            return k
    return None


def _fill(parts: dict, base: dict | None) -> dict | None:
    """Complete a relative atom from `base` (the provision here, or the atom before it)."""
    lead = _lead(parts)
    if lead is None:
        return None
    if lead == "law":
        return parts
    if base is None:
        return None
    out = dict(parts)
    idx = LEVELS.index(lead)
    for k in LEVELS[:idx]:
        if base.get(k):
            out[k] = base[k]
    if not out.get("law"):
        return None
    if lead == "sub" and not out.get("item"):
        return None
    if lead == "subsub" and not out.get("sub"):
        return None
    return out


def _resolve_group(atoms: list[_Atom], here: str) -> None:
    here_p = _here_parts(here)
    prev: dict | None = None
    for i, a in enumerate(atoms):
        parts = dict(a.parts)
        # "(i)" alone: sub-sub-item when here is a sub-item or deeper
        if _lead(parts) == "sub" and len(parts) == 1 and parts["sub"] in ("i", "v", "x") and \
                here_p and here_p.get("sub") and (prev is None or a.local):
            parts = {"subsub": parts["sub"]}
        if parts.get("law"):
            full = parts
        elif i > 0 and prev is not None and not a.local:
            full = _fill(parts, prev)
        else:
            full = _fill(parts, here_p)
        a.target = _build(full) if full else None
        if full and a.target:
            prev = full


# ---------------------------------------------------------------- type words

_TYPE_PRE = {
    "en": [
        ("but-see", re.compile(r"\bbut\s+see(?:\s+also)?\s*$", re.I)),
        ("see", re.compile(r"\bsee(?:\s+also)?\s*$", re.I)),
        ("does-not-apply", re.compile(r"\bnot\s+$")),
        ("applies", re.compile(r"\bappl(?:y|ies)\s+$")),
    ],
    "zh-Hant": [
        ("but-see", re.compile(r"但\s*(?:是|亦|請|再)?\s*" + _alt("參照", "參閱", "參見", "見") + r"\s*(?:第\s*)?$")),
        ("see", re.compile(_alt("參照", "參閱", "參見", "詳見", "見") + r"\s*(?:第\s*)?$")),
        ("may-apply", re.compile(_alt("得適用", "得以適用") + r"\s*$")),
        ("does-not-apply", re.compile(_alt("不適用", "而非", "而不適用") + r"\s*$")),
        ("applies", re.compile(_alt("適用") + r"\s*$")),
    ],
    "zh-Hans": [
        ("but-see", re.compile(r"但\s*(?:是)?\s*" + _alt("参照", "参见", "参阅", "见") + r"\s*$")),
        ("see", re.compile(_alt("参照", "参见", "参阅", "详见") + r"\s*$")),
        ("may-apply", re.compile(_alt("可能适用") + r"\s*$")),
        ("does-not-apply", re.compile(r"不\s*(?:再\s*)?" + _cjk("适用") + r"\s*$")),
        ("applies", re.compile(_alt("适用") + r"\s*$")),
    ],
}
_FILL_HANT = r"\s*(?:(?:之|的)?\s*(?:攻牌限制|首攻限制|非法訊息條文|規定|條文|限制))?\s*"
_FILL_HANS = r"\s*(?:(?:之|的)?\s*(?:引牌限制|规定|条文|条款|限制))?\s*"
_TYPE_POST = {
    "en": [
        ("does-not-apply", re.compile(r"\s*,?\s*(?:does|do|shall|will)\s+not\s+apply\b")),
        ("may-apply", re.compile(r"\s*,?\s*may\s+(?:also\s+|then\s+|still\s+|well\s+)?apply\b")),
        ("applies", re.compile(
            r"\s*,?\s*(?:then\s+|also\s+|still\s+)?(?:applies|apply|will\s+(?:then\s+)?apply|shall\s+apply|"
            r"continues?\s+to\s+apply)\b")),
        ("applies", re.compile(r"\s*,\s*not\s+(?:Laws?\s+\w+|this\s+Law),\s*(?:will\s+)?appl(?:y|ies)\b")),
    ],
    "zh-Hant": [
        ("does-not-apply", re.compile(_FILL_HANT + _alt("不適用"))),
        ("may-apply", re.compile(_FILL_HANT + _alt("得適用", "得以適用"))),
        ("applies", re.compile(_FILL_HANT + r"(?:仍\s*|則\s*|即\s*|亦\s*|所\s*)?" + _alt("適用"))),
    ],
    "zh-Hans": [
        ("does-not-apply", re.compile(_FILL_HANS + r"不\s*(?:再\s*)?" + _cjk("适用"))),
        ("may-apply", re.compile(_FILL_HANS + _alt("可能适用"))),
        ("applies", re.compile(_FILL_HANS + r"(?:也\s*|仍然\s*|仍\s*|则\s*|就\s*|所\s*)?" + _alt("适用"))),
    ],
}
_AS_ALLOWS = {
    "en": (re.compile(r"\bas\s+$"), re.compile(r"\s*(?:allows|permits|provides|specifies)\b")),
    "zh-Hant": (re.compile(r"依\s*$"), re.compile(r"\s*" + _alt("所述", "所允許", "允許"))),
    "zh-Hans": (re.compile(r"如\s*$"), re.compile(r"\s*" + _alt("规定", "所述"))),
}
_ALLOW_POST = {"zh-Hant": re.compile(r"\s*所?\s*允\s*許"), "zh-Hans": re.compile(r"\s*所?\s*允\s*许")}


def _group_types(text: str, lang: str, start: int, end: int, atoms: list[_Atom]) -> list[str]:
    before = text[max(0, start - 40):start]
    after = text[end:end + 40]
    pre = next((t for t, rx in _TYPE_PRE[lang] if rx.search(before)), None)
    post = next((t for t, rx in _TYPE_POST[lang] if rx.match(after)), None)
    as_pre, as_post = _AS_ALLOWS[lang]
    if as_pre.search(before) and as_post.match(after):
        post = "as-allows"
    if _ALLOW_POST.get(lang) and _ALLOW_POST[lang].match(after):
        post = "as-allows"
    if pre == "does-not-apply" and lang == "en":      # "Law 31, not Law 30, applies"
        return [pre] * len(atoms)
    if pre in ("see", "but-see"):
        if post in ("applies", "may-apply", "does-not-apply"):
            kw = [i for i, a in enumerate(atoms) if a.keyword]
            if len(kw) > 1:
                cut = kw[-1]
                return [pre if i < cut else post for i in range(len(atoms))]
        return [pre] * len(atoms)
    if post:
        return [post] * len(atoms)
    if pre:
        return [pre] * len(atoms)
    return ["mention"] * len(atoms)


# ---------------------------------------------------------------- group scanners

def _en_groups(text: str) -> list[tuple[int, int, list[_Atom]]]:
    groups = []
    taken: list[tuple[int, int]] = []
    # absolute: Law 26B, Laws 16C, 26B and 72C, Law 50 or Law 51, ... and (d) hereunder
    for m in _EN_LAW_KW.finditer(text):
        if taken and m.start() < taken[-1][1]:
            continue
        a = _EN_ABS.match(text, m.end())
        if not a:
            continue
        parts, pos = _parts(**a.groupdict()), a.end()
        letter = _HANT_PAREN_SEC.match(text, pos)
        if letter and not a.group("sec"):      # 見Law 40(b) (Alerting Policy 2(ii)): the section written in brackets
            parts, pos = _parts(law=a.group("law"), sec=letter.group(1).upper()), letter.end()
        atoms = [_Atom(parts, m.start(), pos, keyword=True)]
        while True:
            s = _EN_SEP.match(text, pos)
            if not s:
                break
            p = s.end()
            kw = re.compile(r"Laws?\s*(?=\d)").match(text, p)
            q = kw.end() if kw else p
            nxt = _EN_ABS.match(text, q)
            if nxt:
                atoms.append(_Atom(_parts(**nxt.groupdict()), p, nxt.end(), keyword=bool(kw)))
                pos = nxt.end()
                continue
            r = _REL.match(text, p)
            if r and r.end() > p and not r.group("item2"):
                loc = _EN_LOC.match(text, r.end())
                g = r.groupdict()
                atoms.append(_Atom(_parts(sec=g["sec"], item=g["item"], sub=g["sub"], subsub=g["subsub"]),
                                   p, loc.end() if loc else r.end(), local=bool(loc)))
                pos = atoms[-1].end
                continue
            break
        groups.append((m.start(), pos, atoms))
        taken.append((m.start(), pos))
    # relative: see A, (but see 3 following), B1 above, as A1 allows, in A2(a) or A2(b) above
    for m in _REL.finditer(text):
        if m.end() == m.start() or any(s <= m.start() < e for s, e in taken):
            continue
        atoms = []
        pos = m.start()
        r = m
        while True:
            g = r.groupdict()
            atoms.append(_Atom(_parts(sec=g["sec"], item=g["item"] or g["item2"], sub=g["sub"], subsub=g["subsub"]),
                               r.start(), r.end()))
            pos = r.end()
            s = _EN_SEP.match(text, pos)
            if not s:
                break
            r2 = _REL.match(text, s.end())
            if not r2 or r2.end() == r2.start():
                break
            r = r2
        loc = _EN_LOC.match(text, pos)
        before = text[max(0, m.start() - 30):m.start()]
        trig = _EN_TRIGGER.search(before)
        verb = any(rx.match(text, pos) for _, rx in _TYPE_POST["en"]) or \
            _AS_ALLOWS["en"][1].match(text, pos)
        if not loc and not trig and not verb:
            continue
        bare = any(set(a.parts) == {"item"} for a in atoms)
        if bare and not loc and not _EN_BARE_OK.search(before):
            continue
        if trig and not loc and text[pos:pos + 2] in ("'s", "’s"):
            continue
        if loc:
            atoms[-1].end = loc.end()
            pos = loc.end()
        groups.append((m.start(), pos, atoms))
        taken.append((m.start(), pos))
    return sorted(groups, key=lambda g: g[0])


def _hant_groups(text: str) -> list[tuple[int, int, list[_Atom]]]:
    groups = []
    taken: list[tuple[int, int]] = []
    for m in _HANT_LAW_KW.finditer(text):
        if taken and m.start() < taken[-1][1]:
            continue
        a = _EN_ABS.match(text, m.end())
        if not a:
            continue
        parts, pos = _parts(**a.groupdict()), a.end()
        letter = _HANT_PAREN_SEC.match(text, pos)
        if letter and not a.group("sec"):      # 見Law 40(b) (Alerting Policy 2(ii)): the section written in brackets
            parts, pos = _parts(law=a.group("law"), sec=letter.group(1).upper()), letter.end()
        atoms = [_Atom(parts, m.start(), pos, keyword=True)]
        while True:
            s = _HANT_SEP.match(text, pos)
            if not s or s.end() == pos:
                break
            p = s.end()
            kw = _HANT_LAW_KW.match(text, p)
            q = kw.end() if kw else p
            nxt = _EN_ABS.match(text, q)
            if not nxt:
                break
            atoms.append(_Atom(_parts(**nxt.groupdict()), p, nxt.end(), keyword=bool(kw)))
            pos = nxt.end()
        groups.append((m.start(), pos, atoms))
        taken.append((m.start(), pos))

    def atom_at(p: int, first: bool):
        """[PRE][第] REL [款/項/小項/兩款] at p; returns (atom, end, has_pre, has_mark, has_num)."""
        q = p
        pre = _HANT_PRE.match(text, q) if first else None
        if pre:
            q = pre.end()
        num = _HANT_NUM.match(text, q)
        if num:
            q = num.end()
        r = _REL.match(text, q)
        if not r or r.end() == r.start():
            return None
        if r.start() > 0 and re.match(r"[A-Za-z0-9]", text[r.start() - 1]):
            return None
        g = r.groupdict()
        mark = _HANT_MARK.match(text, r.end())
        end = mark.end() if mark else r.end()
        atom = _Atom(_parts(sec=g["sec"], item=g["item"] or g["item2"], sub=g["sub"], subsub=g["subsub"]), p, end)
        return atom, end, bool(pre), bool(mark), bool(num)

    i = 0
    while i < len(text):
        if any(s <= i < e for s, e in taken):
            i += 1
            continue
        got = atom_at(i, True)
        if not got:
            i += 1
            continue
        atoms = [got[0]]
        has_pre, has_mark, has_num = got[2], got[3], got[4]
        pos = got[1]
        while True:
            s = _HANT_SEP.match(text, pos)
            nxt = None
            if s and s.end() > pos:
                nxt = atom_at(s.end(), False)
            elif text[pos:pos + 1] == "(" and text[pos - 1:pos] == ")":
                nxt = atom_at(pos, False)   # 上述(a)(b)項
            if not nxt:
                break
            atoms.append(nxt[0])
            has_mark |= nxt[3]
            has_num |= nxt[4]
            pos = nxt[1]
        before = text[max(0, i - 12):i]
        trig = _HANT_TRIGGER.search(before)
        bare = any(set(a.parts) == {"item"} for a in atoms)
        ok = has_mark or has_pre or has_num
        if not ok and not bare and _HANT_POST_OK.match(text, pos) and atoms[0].parts.get("sec"):
            ok = True
        if not ok and trig and not bare:
            nxt_ch = text[pos:pos + 1]
            ok = not re.match(r"[A-Za-z0-9]", nxt_ch)
        if bare and not (has_mark or (has_pre and has_num)):
            ok = False
        if not ok:
            i += 1
            continue
        groups.append((i, pos, atoms))
        taken.append((i, pos))
        i = pos
    return sorted(groups, key=lambda g: g[0])


def _hans_groups(text: str) -> list[tuple[int, int, list[_Atom]]]:
    groups = []
    taken: list[tuple[int, int]] = []

    def free(s: int, e: int) -> bool:
        return not any(s < te and ts < e for ts, te in taken)

    # 第 30、31 和 32 条
    for m in _HANS_LAWLIST.finditer(text):
        atoms = [_Atom({"law": m.group(1)}, m.start(), m.start(1) + len(m.group(1)), keyword=True)]
        base = m.start(2)
        for n in re.finditer(r"\d{1,2}", m.group(2)):
            atoms.append(_Atom({"law": n.group()}, base + n.start(), base + n.end()))
        atoms[-1].end = m.end()
        groups.append((m.start(), m.end(), atoms))
        taken.append((m.start(), m.end()))

    def hparts(g: dict) -> dict:
        return _parts(law=g.get("law"), sec=g.get("sec"), item=g.get("item") or g.get("item2") or g.get("itemx"),
                      sub=g.get("sub") or g.get("sub2"), subsub=_roman(g.get("subsub") or g.get("subsub2")))

    starts = []
    for rx, kind in ((_HANS_ABS, "abs"), (_HANS_THIS_LAW, "rel"), (_HANS_THIS_SEC, "rel"),
                     (_HANS_ABOVE_ITEM, "rel"), (_HANS_BARE_SEC, "rel"), (_HANS_BARE_SUB, "rel")):
        for m in rx.finditer(text):
            starts.append((m.start(), m.end(), m, kind))
    starts.sort(key=lambda t: (t[0], -t[1]))
    for s, e, m, kind in starts:
        if not free(s, e) or e == s:
            continue
        atoms = [_Atom(hparts(m.groupdict()), s, e, keyword=(kind == "abs"))]
        pos = e
        while True:
            sep = _HANS_SEP.match(text, pos)
            if not sep or sep.end() == pos:
                break
            p = sep.end()
            nxt = _HANS_ABS.match(text, p) or _HANS_THIS_LAW.match(text, p)
            if nxt and nxt.end() > p:
                atoms.append(_Atom(hparts(nxt.groupdict()), p, nxt.end(), keyword=nxt.re is _HANS_ABS))
                pos = nxt.end()
                continue
            c = _HANS_CONT.match(text, p)
            if not c or c.end() == p:
                break
            cp = hparts(c.groupdict())
            prevp = atoms[-1].parts
            lead = _lead(cp)
            # a bare number continues an item list only; (b) continues a sub-item list only
            if lead == "item" and not prevp.get("item"):
                break
            if lead == "sub" and not prevp.get("sub") and not prevp.get("item"):
                break
            if not free(p, c.end()):
                break
            atoms.append(_Atom(cp, p, c.end()))
            pos = c.end()
        groups.append((s, pos, atoms))
        taken.append((s, pos))
    return sorted(groups, key=lambda g: g[0])


_SCANNERS = {"en": _en_groups, "zh-Hant": _hant_groups, "zh-Hans": _hans_groups}


def _extract(text: str, lang: str, here: str) -> tuple[list[Ref], list[tuple[str, int]]]:
    if lang not in _SCANNERS:
        raise ValueError(f"unknown language {lang!r}")
    refs: list[Ref] = []
    bad: list[tuple[str, int]] = []
    for start, end, atoms in _SCANNERS[lang](text):
        _resolve_group(atoms, here)
        types = _group_types(text, lang, start, end, atoms)
        for a, t in zip(atoms, types):
            surface = text[a.start:a.end]
            if a.target:
                refs.append(Ref(t, a.target, surface, a.start))
            else:
                bad.append((surface, a.start))
    refs.sort(key=lambda r: r.start)
    return refs, bad


def extract_refs(text: str, lang: str, here: str) -> list[Ref]:
    """Every reference `text` (an expression of provision `here`, in `lang`) makes to a provision."""
    return _extract(text, lang, here)[0]


_CANDIDATES = {
    "en": re.compile(r"\bLaws?\s*\d[0-9A-Za-z()]*|\b(?:[A-H]\d{0,2}|\d{1,2})(?:\([a-z]+\))*\s+"
                     r"(?:above|below|following|preceding|hereunder)\b|\bSection\s+[A-H]\b"),
    "zh-Hant": re.compile(r"Laws?\s*\d[0-9A-Za-z()]*|(?:[A-H]\d{0,2}|\d{1,2})?(?:\([a-z]+\))*\s*(?:款|小項|項)"),
    "zh-Hans": re.compile(r"第\s*\d{1,2}\s*[条、和]|本条\s*[A-H]|本款\s*[\d(]|[A-H]\s*款"),
}


def unresolved(text: str, lang: str, here: str) -> list[tuple[str, int]]:
    """Reference-like substrings that produced no Ref: (surface, offset). A diagnostic."""
    refs, bad = _extract(text, lang, here)
    spans = [(r.start, r.start + len(r.surface)) for r in refs] + [(o, o + len(s)) for s, o in bad]
    out = list(bad)
    for m in _CANDIDATES[lang].finditer(text):
        if m.group().strip() in ("款", "項", "小項"):
            continue
        if not any(s <= m.start() < e or m.start() <= s < m.end() for s, e in spans):
            out.append((m.group(), m.start()))
    return sorted(out, key=lambda x: x[1])
