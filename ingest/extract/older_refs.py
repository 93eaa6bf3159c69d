"""Cross-references in the older editions' texts (seeds 001, 003, 004).

The older translations write references in forms the 2017 sources do not use:

| source | forms                                                                                   |
| ------ | --------------------------------------------------------------------------------------- |
| 001/004 (zh-Hant) | 第12.條, 詳50條, 參閱30.條C款, 42條B2, 43條A1, 43條B款2C目, 47條E款2目, 65條B款3, |
|        | 17及77條, 依69或71條, 依70、71條, 41條B及C款, 27條和第50條, 45C4（b）(no 條), 61.B規定,   |
|        | 本條B款, 本條A2（b）, 本條B款1, 本條D, 以下本款3目, 本條款1、2目, 以上1.目, 本款2（c）,     |
|        | 本條上述2、3款, 前述（b）（1）或（b）（2）, 上述A至E各款 (a range)                        |
| 003 (zh-Hans) | 规则26, 参见规则23A, 规则30、规则31或规则32, 本规则A项, 下面的B项, 下面A2b项, 下面的b项, |
|        | 上面的(b)(1)或是(b)(2)                                                                     |

Rather than teach `cross_refs.py` (whose behaviour on the 2017 texts is fixed by tests and
by the committed graph) these forms, `normalise` rewrites a copy of the text into forms it
already reads (`43條B款2C目` -> `Law 43B2(c)`, `规则23A` -> `第23条A款`, `（1）` after `（b）`
-> `(i)`, `詳` -> `詳見`, `參考` -> `參閱`), keeping for every character of the copy the offset of
the source character it came from. `extract` runs `cross_refs.extract_refs` on the copy and
maps each reference back: its offset and its surface are the source's own words. A range
`A至E` becomes one reference per section (A, B, C, D, E), all with the surface `A至E`.

`extract` also lists what it could not resolve (reference-like words that produced no
reference, and references to a provision the document does not have, such as the 2007
summary's references to laws it does not reprint), each with its reason, for the report.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ingest.extract.cross_refs import Ref, extract_refs, unresolved

_ROMAN = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]


@dataclass
class Unresolved:
    surface: str
    start: int
    reason: str


class Mapped:
    """A rewritten copy of a text with, for each of its characters, the source offset."""

    def __init__(self, text: str):
        self.text = text
        self.map = list(range(len(text)))

    def sub(self, rx: re.Pattern, repl: Callable[[re.Match], "str | list[tuple[str, int, int]]"]) -> None:
        """Replace every match; `repl` gives a string (spread over the whole match) or segments
        (text, start, end) whose characters map into the given part of the copy's text."""
        out, omap, pos = [], [], 0
        for m in rx.finditer(self.text):
            out.append(self.text[pos:m.start()])
            omap.extend(self.map[pos:m.start()])
            r = repl(m)
            segments = [(r, m.start(), m.end())] if isinstance(r, str) else r
            for piece, a, b in segments:
                n, k = len(piece), max(1, b - a)
                for i in range(n):
                    j = a + (k - 1 if i == n - 1 else min(k - 1, i * k // max(n, 1)))
                    omap.append(self.map[min(j, len(self.map) - 1)])
                out.append(piece)
            pos = m.end()
        out.append(self.text[pos:])
        omap.extend(self.map[pos:])
        self.text, self.map = "".join(out), omap

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Source span of the copy's [start, end)."""
        return self.map[start], self.map[end - 1] + 1


# --- zh-Hant (1987 and the 2007 summary) -------------------------------------------------

_SEPS = r"(?:、|及|或|和|與)"
_HANT_RULES: list[tuple[re.Pattern, Callable[[re.Match], str]]] = [
    (re.compile(r"（"), lambda m: "("),
    (re.compile(r"）"), lambda m: ")"),
    (re.compile(r"(?<=\))\((\d)\)"), lambda m: f"({_ROMAN[int(m.group(1))]})"),          # (b)(1) -> (b)(i)
    # 17及77條, 依69或71條, 依70、71條
    (re.compile(rf"(?:第\s*)?(\d{{1,2}})((?:\s*{_SEPS}\s*(?:第\s*)?\d{{1,2}})+)\s*\.?\s*條"), lambda m: _hant_list(m)),
    # 第12.條, 30.條C款, 42條B2, 43條B款2C目, 47條E款2目, 65條B款3, 41條B及C款
    (re.compile(r"(?:第\s*)?(\d{1,2})\s*\.?\s*條(?:\s*([A-H])(?![A-Za-z])\s*款?(?:\s*(\d{1,2})\s*(?:目|項|款)?)?"
                r"(?:\s*\(([a-z])\)|\s*([A-Za-z])\s*目)?((?:\s*" + _SEPS + r"\s*[A-H](?![A-Za-z0-9])\s*款?)*))?"),
     lambda m: _hant_atom(m)),
    (re.compile(r"(?<![0-9A-Za-z.])(\d{1,2})\.([A-H])(?=規定)"), lambda m: f"Law {m.group(1)}{m.group(2)}"),  # 61.B規定
    (re.compile(r"(?<![0-9A-Za-z. ])(\d{1,2}[A-H]\d{1,2}(?:\([a-z]\))?)(?![0-9A-Za-z])"),
     lambda m: f"Law {m.group(1)}"),                                                     # 45C4(b)
    (re.compile(r"詳(?=\s*Law)"), lambda m: "詳見"),
    (re.compile(r"參考(?=\s*(?:Law|本|以|上|下|前))"), lambda m: "參閱"),
    (re.compile(r"本條上述"), lambda m: "上述"),
    (re.compile(r"以下本款|本條款|本款(?=\s*\d)"), lambda m: "本條"),
    (re.compile(r"(?<![0-9A-Za-z])([A-H])\s*款\s*(\d{1,2})(?![0-9.])"), lambda m: f"{m.group(1)}{m.group(2)}款"),
    (re.compile(r"(?<=\d)\s*\.?\s*目"), lambda m: "項"),
]


def _hant_list(m: re.Match) -> list[tuple[str, int, int]]:
    """`17及77條` -> `Law 17及Law 77`, each number mapped to its own words (the last with 條)."""
    nums = [(n.group(), n.start(), n.end()) for n in re.finditer(r"\d{1,2}", m.group())]
    seps = [(x.group(), x.start(), x.end()) for x in re.finditer(_SEPS, m.group())]
    base, out = m.start(), []
    for k, (num, a, b) in enumerate(nums):
        end = len(m.group()) if k == len(nums) - 1 else b
        out.append((f"Law {num}", base + a, base + end))
        if k < len(seps):
            out.append((seps[k][0], base + seps[k][1], base + seps[k][2]))
    return out


def _hant_atom(m: re.Match) -> list[tuple[str, int, int]]:
    """`43條B款2C目` -> `Law 43B2(c)`; `41條B及C款` -> `Law 41B及Law 41C`, each mapped to its words."""
    law, sec, item, sub, subc, more = m.groups()
    pid = law + (sec or "") + (item or "")
    letter = sub or (subc.lower() if subc else None)
    if letter and item:
        pid += f"({letter})"
    more_start = m.start(6) if more else m.end()
    out = [(f"Law {pid}", m.start(), more_start)]
    for x in re.finditer(r"(" + _SEPS + r")\s*([A-H])\s*款?", more or ""):
        a = more_start + x.start()
        out.append((x.group(1), a, a + len(x.group(1))))
        out.append((f"Law {law}{x.group(2)}", a + len(x.group(1)), more_start + x.end()))
    return out


# --- zh-Hans (the 1987 Simplified translation, seed 003) ---------------------------------

_HANS_RULES: list[tuple[re.Pattern, Callable[[re.Match], str]]] = [
    (re.compile(r"(?<=\))\((\d)\)"), lambda m: f"({_ROMAN[int(m.group(1))]})"),
    (re.compile(r"上面的?(?=\([a-z]\))"), lambda m: "本款"),                               # 上面的(b)(1) -> 本款(b)(i)
    (re.compile(r"或是(?=\()"), lambda m: "或"),
    (re.compile(r"下面的?(?=[A-Ha-z]\d?[a-z]?项)"), lambda m: ""),                          # 参见下面的B项 -> 参见B 款
    (re.compile(r"规则\s*(\d{1,2})(?:([A-H])(\d)?)?(?![0-9])"),
     lambda m: f"第 {m.group(1)} 条" + (f" {m.group(2)} 款" if m.group(2) else "") + (f" {m.group(3)}" if m.group(3) else "")),
    (re.compile(r"本规则"), lambda m: "本条"),
    (re.compile(r"上面的?"), lambda m: "上述"),
    (re.compile(r"(?<![A-Za-z])([A-H])(\d)?([a-z])?项"),
     lambda m: f"{m.group(1)} 款" + (f" {m.group(2)}" if m.group(2) else "") + (f" ({m.group(3)})" if m.group(3) else "")),
    (re.compile(r"(?<![A-Za-z(])([a-z])项"), lambda m: f"({m.group(1)})项"),
]

_RULES = {"zh-Hant": _HANT_RULES, "zh-Hans": _HANS_RULES}
_RANGE = re.compile(r"([A-H])\s*至\s*([A-H])")
# reference-like words in the source that must end up in a reference (else: unresolved)
_CANDIDATES = {
    "zh-Hant": re.compile(r"\d{1,2}\s*\.?\s*條[A-H]?|(?<![0-9A-Za-z])\d{1,2}[A-H]\d?|本條[A-H]|[A-H]\s*款"),
    "zh-Hans": re.compile(r"规则\s*\d{1,2}[A-H]?|本规则[A-H]|(?<![A-Za-z])[A-H]\d?[a-z]?项"),
}


def normalise(text: str, lang: str) -> Mapped:
    m = Mapped(text)
    for rx, repl in _RULES[lang]:
        m.sub(rx, repl)
    return m


def extract(text: str, lang: str, here: str, known: set[str] | None = None) -> tuple[list[Ref], list[Unresolved]]:
    """References in `text` (an older edition's expression of provision `here`), with surfaces
    and offsets in `text` itself; `known` (the document's ids) turns references to provisions the
    document does not have into unresolved items."""
    m = normalise(text, lang)
    refs: list[Ref] = []
    for r in extract_refs(m.text, lang, here):
        s, e = m.span(r.start, r.start + len(r.surface))
        refs.append(Ref(r.type, r.target, text[s:e], s))
    refs = _ranges(text, refs)
    bad: list[Unresolved] = []
    for surface, start in unresolved(m.text, lang, here):
        s, e = m.span(start, start + max(1, len(surface)))
        if not any(r.start <= s < r.start + len(r.surface) for r in refs):
            bad.append(Unresolved(text[s:e], s, "reference-like words the extractor could not resolve"))
    covered = [(r.start, r.start + len(r.surface)) for r in refs] + [(u.start, u.start + len(u.surface)) for u in bad]
    for c in _CANDIDATES[lang].finditer(text):
        if not any(s <= c.start() < e or c.start() <= s < c.end() for s, e in covered):
            bad.append(Unresolved(c.group(), c.start(), "reference-like words the extractor could not resolve"))
    if known is not None:
        kept = []
        for r in refs:
            if r.target in known:
                kept.append(r)
            else:
                bad.append(Unresolved(r.surface, r.start, f"refers to {r.target}, which this document does not "
                                                          "contain"))
        refs = kept
    refs.sort(key=lambda r: (r.start, r.target))
    bad.sort(key=lambda u: u.start)
    return refs, bad


def _ranges(text: str, refs: list[Ref]) -> list[Ref]:
    """`上述A至E各款` -> references to A, B, C, D and E of the same law, surface `A至E`."""
    out = list(refs)
    for rg in _RANGE.finditer(text):
        first = next((r for r in refs if r.start <= rg.start() < r.start + len(r.surface)), None)
        if first is None:
            continue
        law = re.match(r"\d+", first.target).group()
        out.remove(first)
        for c in range(ord(rg.group(1)), ord(rg.group(2)) + 1):
            out.append(Ref(first.type, f"{law}{chr(c)}", first.surface[:rg.start() - first.start] + rg.group(),
                           first.start))
    return out
