"""Lineage: which 2017 provision each provision of an older edition corresponds to, and how.

Kinds (`bl:correspondence`):
  same-number    the 2017 provision with the same id says (a form of) the same thing
  renumbered     the counterpart is in the same law under another id (1987 16B -> 2017 16D)
  moved          the counterpart is in another law (1987 35A -> 2017 36A)
  no-counterpart nothing in the 2017 Laws corresponds (1987 23: the Damaging Pass law, whose
                 subject 2017 Law 23 no longer has)

Sources of a link, in order (`method`):
  hand        a row of `ingest/extract/lineage/<doc>.tsv` (old id, 2017 id, kind, evidence), read by
              comparing both texts; one old id may have several rows (a provision split);
              an empty 2017 id with kind no-counterpart says there is none
  inherited   a provision inside one that a hand row maps elsewhere: its counterpart is looked
              for inside that target (same relative id first, then the best wording match),
              else it is linked to the target itself
  number      same id in 2017 and the wording agrees (character-bigram similarity of title
              and opening text, after folding the 1987 vocabulary to the 2017 one)
  wording     no agreeing same-id provision, but another provision of the same law (renumbered)
              or of another law (moved) matches the wording clearly
  unverified  same id, wording differs and nothing matches better: linked by number only, and
              listed in the report as not confirmed
  none        no same-id provision and no wording match: no-counterpart, listed in the report

Every automatic link carries its similarity in the evidence, so a reader can judge it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ingest.model import ancestors, parse_id

LINEAGE = Path(__file__).resolve().parent / "lineage"
KINDS = ("same-number", "renumbered", "moved", "no-counterpart")

# The 1987 Taiwan translation and the 2017 Chinese Taipei translation name the same things
# differently; fold the older words to the newer before comparing wording (never in the text).
_FOLD = [("違例", "違常"), ("處罰", "矯正"), ("罰則", "矯正"), ("一付", "一副"), ("牌付", "牌副"), ("首引", "首攻"),
         ("引牌", "攻牌"), ("伙伴", "同伴"), ("橋伴", "搭檔"), ("論隊賽", "隊制賽"), ("叫價不足", "不足叫價"),
         ("賭倍", "賭倍"), ("停叫", "派司"), ("攤牌訴求", "宣稱"), ("捐牌聲明", "認輸"), ("捐牌", "認輸"),
         ("攤牌", "宣稱"), ("錯跟", "應跟未跟"), ("特約", "約定"), ("制度卡", "約定卡"), ("主辦比賽單位", "主辦單位"),
         ("主辦單位", "主辦單位"), ("牌套", "牌套"), ("裁判長", "裁判"), ("獲得", "取得")]
_PUNCT = re.compile(r"[\s，。、；：:;,.()（）「」『』！？!?\-—0-9A-Za-z]")


@dataclass
class Link:
    old: str
    new: str | None
    kind: str
    evidence: str
    method: str


def fold(s: str) -> str:
    for a, b in _FOLD:
        s = s.replace(a, b)
    return _PUNCT.sub("", s)


def _bigrams(s: str) -> set[str]:
    return {s[i:i + 2] for i in range(len(s) - 1)} or ({s} if s else set())


def similarity(a: str, b: str) -> float:
    """Dice coefficient of character bigrams of the folded strings."""
    x, y = _bigrams(fold(a)), _bigrams(fold(b))
    if not x or not y:
        return 0.0
    return 2 * len(x & y) / (len(x) + len(y))


def wording_similarity(a: tuple[str, str], b: tuple[str, str], n: int = 160) -> float:
    """Best of: the texts' opening, the titles (when both have one), both together. The 2017
    items have no titles where the 1987 ones do, so title and text are also compared apart."""
    (ta, xa), (tb, xb) = a, b
    scores = [similarity(f"{ta} {xa[:n]}", f"{tb} {xb[:n]}")]
    if xa and xb:
        scores.append(similarity(xa[:n], xb[:n]))
    if ta and tb:
        scores.append(similarity(ta, tb))
    return max(scores)


def read_table(doc: str) -> dict[str, list[Link]]:
    """`ingest/extract/lineage/<doc>.tsv`: old id, 2017 id, kind, evidence (comment lines start with #)."""
    path = LINEAGE / f"{doc}.tsv"
    out: dict[str, list[Link]] = {}
    if not path.exists():
        return out
    for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not row.strip() or row.startswith("#"):
            continue
        cols = row.split("\t")
        if len(cols) != 4:
            raise ValueError(f"{path.name}:{n}: expected 4 tab-separated columns, got {len(cols)}")
        old, new, kind, evidence = (c.strip() for c in cols)
        if kind not in KINDS:
            raise ValueError(f"{path.name}:{n}: unknown kind {kind!r}")
        if (kind == "no-counterpart") != (new == ""):
            raise ValueError(f"{path.name}:{n}: no-counterpart has no 2017 id, every other kind has one")
        out.setdefault(old, []).append(Link(old, new or None, kind, evidence, "hand"))
    return out


def _law(pid: str) -> int | None:
    p = parse_id(pid)
    return int(p["law"]) if p else None


def _depth(pid: str) -> int:
    """27 -> 0, 27B -> 1, 27B1 -> 2, 27B1(a) -> 3 (a law without sections: 12 items are depth 2)."""
    p = parse_id(pid)
    if not p:
        return 0
    return sum(1 for k in ("sec", "item", "sub", "subsub") if p[k]) + (1 if p["item"] and not p["sec"] else 0)


def _kind(old: str, new: str) -> str:
    if old == new:
        return "same-number"
    return "renumbered" if _law(old) == _law(new) else "moved"


def link_all(old: dict[str, tuple[str, str]], new: dict[str, tuple[str, str]], table: dict[str, list[Link]],
             same_threshold: float = 0.3, match_threshold: float = 0.35, margin: float = 0.12) -> dict[str, list[Link]]:
    """Link every old provision (id -> (title, text)) to the 2017 provisions (id -> (title, text))."""
    for rows in table.values():
        for r in rows:
            if r.old not in old:
                raise ValueError(f"lineage table: {r.old} is not a provision of the older edition")
            if r.new and r.new not in new:
                raise ValueError(f"lineage table: {r.new} is not a 2017 provision (row for {r.old})")
    by_law: dict[int | None, list[str]] = {}
    for pid in new:
        by_law.setdefault(_law(pid), []).append(pid)
    sims: dict[tuple[str, str], float] = {}

    def sim(o: str, n: str) -> float:
        if (o, n) not in sims:
            sims[(o, n)] = wording_similarity(old[o], new[n])
        return sims[(o, n)]

    def best(o: str, pool: list[str]) -> tuple[str | None, float]:
        scored = sorted(((sim(o, n), n) for n in pool), reverse=True)
        return (scored[0][1], scored[0][0]) if scored else (None, 0.0)

    out: dict[str, list[Link]] = {}
    for o in old:
        if o in table:
            out[o] = table[o]
            continue
        anc = next((a for a in ancestors(o) if a in table), None)
        if anc is not None:
            out[o] = _inherit(o, anc, table[anc], new, sim, best)
            continue
        law = _law(o)
        pool = by_law.get(law, []) if law is not None else [o] if o in new else []
        # a section or item never corresponds to a whole law, nor to a heading-only provision
        pool = [n for n in pool if n != o and (new[n][0] or new[n][1]) and (parse_id(o) is None or
                _depth(n) >= max(1, _depth(o) - 1))]
        b, s_best = best(o, pool)
        parent = next(iter(ancestors(o)), None)
        structure = parent is not None and any(l.new == parent and l.kind == "same-number" for l in out.get(parent, []))
        if o in new:
            s_same = sim(o, o)
            if b is not None and s_best >= match_threshold and s_best > s_same + margin:
                out[o] = [Link(o, b, _kind(o, b), f"wording matches {b} ({s_best:.2f}) better than the same id "
                                                   f"({s_same:.2f})", "wording")]
            elif s_same >= same_threshold or structure:
                why = f"wording similarity {s_same:.2f}" + ("" if s_same >= same_threshold else
                                                             f"; its parent {parent} keeps its number")
                out[o] = [Link(o, o, "same-number", f"same id; {why}", "number")]
            else:
                out[o] = [Link(o, o, "same-number", f"same id; wording similarity {s_same:.2f} (low; best other "
                                                    f"match {b} {s_best:.2f}): not confirmed", "unverified")]
            continue
        if s_best >= match_threshold:
            out[o] = [Link(o, b, _kind(o, b), f"no 2017 {o}; wording matches {b} ({s_best:.2f})", "wording")]
            continue
        out[o] = [Link(o, None, "no-counterpart", f"no 2017 {o}, and no provision of Law {law} matches its "
                                                  f"wording (best {b} {s_best:.2f})", "none")]
    return out


def _inherit(o: str, anc: str, rows: list[Link], new: dict, sim, best) -> list[Link]:
    """A provision inside `anc`, which the hand table maps to `rows`."""
    out = []
    for r in rows:
        if r.new is None:
            out.append(Link(o, None, "no-counterpart", f"part of {anc}, which has no 2017 counterpart ({r.evidence})",
                            "inherited"))
            continue
        cand = r.new + o[len(anc):]
        if cand in new and sim(o, cand) >= 0.2:
            out.append(Link(o, cand, _kind(o, cand), f"part of {anc} -> {r.new}; same place inside it "
                                                     f"(wording similarity {sim(o, cand):.2f})", "inherited"))
            continue
        inside = [n for n in new if n.startswith(r.new) and n != r.new and parse_id(n)
                  and r.new in ([n] + ancestors(n))]
        b, s = best(o, inside)
        if b and s >= 0.35:
            out.append(Link(o, b, _kind(o, b), f"part of {anc} -> {r.new}; wording matches {b} ({s:.2f})",
                            "inherited"))
            continue
        out.append(Link(o, r.new, _kind(o, r.new), f"part of {anc} -> {r.new}, no narrower counterpart inside it",
                        "inherited"))
    return out


@lru_cache(maxsize=1)
def wbf2017_wording() -> dict[str, dict[str, tuple[str, str]]]:
    """The 2017 provisions' (title, text) per language, from the 2017 parsers (seeds 000, 002).
    A provision's title is its own or, for an untitled item, the nearest titled ancestor's."""
    from ingest.sources.wbf2017_bilingual import parse as parse_bilingual
    from ingest.sources.wbf2017_zh_hans import parse as parse_zh_hans
    hans = parse_zh_hans()
    known = {pid for pid, p in hans.provisions.items() if p.law not in (73, 89)}
    bi = parse_bilingual(known_ids=known)
    out: dict[str, dict[str, tuple[str, str]]] = {lang: {} for lang in ("en", "zh-Hant", "zh-Hans")}
    for d in (bi, hans):
        for pid, p in d.provisions.items():
            for lang in out:
                e = p.expressions.get(lang)
                if e is not None or pid not in out[lang]:
                    out[lang][pid] = (e.title or "", e.text or "") if e is not None else ("", "")
    return out
