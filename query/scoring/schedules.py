"""The national regulations' schedules as code over the graph's tables (bl:Schedule rows):
a value looked up in a banded schedule (CCBA 21 late arrival: a team 12 minutes late), a category of
the CCBA 2018 penalty scale (第五十一条: categories 1-4, the fourth escalating by offence), and the
WBF IMP-to-VP scale of the Taiwan regulations (第八二條). Every answer cites the row's provision.

Where a schedule has variants side by side (Taiwan 第十一條: one late-arrival table for matches
scored in VP, one for knockout or head-to-head matches without VP) the answer names the variant it
used; when the caller did not say which and the variants disagree, it asks instead, with a
`missing` question in the rulings contract's shape ({"fact", "question", "options": [{"value",
"label"}]}) in the caller's language. The questions and option labels are data
(schedule_questions.tsv); a variant without a row there is offered under the source's own words."""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from rdflib import Graph, URIRef

from query.errors import BadInput
from query.inputs import quote
from query.lookup import PREFIXES, lang_tag, select

_SCHEDULES = """
SELECT ?s ?title WHERE { ?s a bl:Schedule ; dcterms:title ?title }"""
_BANDED_ROWS = """
SELECT ?row ?n ?lo ?hi ?unit ?cond ?cons ?pid ?doc ?var WHERE {
  ?s bl:hasRow ?row . ?row bl:rowNumber ?n ; bl:sourceProvision ?p .
  OPTIONAL { ?row bl:lowerBound ?lo } OPTIONAL { ?row bl:upperBound ?hi } FILTER(BOUND(?lo) || BOUND(?hi))
  OPTIONAL { ?row bl:boundUnit ?unit } OPTIONAL { ?row bl:condition ?cond } OPTIONAL { ?row bl:consequence ?cons }
  OPTIONAL { ?row bl:variant ?var }
  ?p dcterms:identifier ?pid ; eli:is_part_of+ ?doc . ?doc a eli:LegalResource .
} ORDER BY ?n"""
_CATEGORY_ROWS = """
SELECT ?row ?n ?cat ?off ?cond ?cons ?pid ?doc ?file ?first ?last WHERE {
  ?s bl:hasRow ?row . ?row bl:rowNumber ?n ; bl:penaltyCategory ?cat ; bl:sourceProvision ?p ;
       prov:wasDerivedFrom ?src . ?src bl:sourceFile ?file ; bl:firstLine ?first ; bl:lastLine ?last .
  FILTER NOT EXISTS { ?row bl:lowerBound|bl:upperBound ?b }
  OPTIONAL { ?row bl:offenceCount ?off } OPTIONAL { ?row bl:condition ?cond } OPTIONAL { ?row bl:consequence ?cons }
  ?p dcterms:identifier ?pid ; eli:is_part_of+ ?doc . ?doc a eli:LegalResource .
} ORDER BY ?n"""
_AMOUNTS = """
SELECT ?row ?j ?amount ?max ?unit ?per WHERE {
  ?s bl:hasRow ?row . ?row bl:hasAmount ?a . ?a bl:amount ?amount ; bl:unit ?unit .
  OPTIONAL { ?a bl:amountMax ?max } OPTIONAL { ?a bl:per ?per } BIND(STR(?a) AS ?j)
} ORDER BY ?row ?j"""
_OUTCOMES = """
SELECT ?row ?o WHERE { ?s bl:hasRow ?row . ?row bl:outcome ?o } ORDER BY ?row ?o"""
_VP_ROWS = """
SELECT ?boards ?n ?lo ?hi ?win ?lose ?pid WHERE {
  ?s bl:hasRow ?row . ?row bl:boards ?boards ; bl:impMin ?lo ; bl:vpWinner ?win ; bl:vpLoser ?lose ;
       bl:rowNumber ?n ; bl:sourceProvision ?p . ?p dcterms:identifier ?pid .
  OPTIONAL { ?row bl:impMax ?hi }   # the last row is open: "51 and more"
}"""
BASE = "https://w3id.org/bridge-laws/"
IMP_TO_VP = "twreg:imp-to-vp-wbf"


def _iri(g: Graph, name: str) -> URIRef:
    """'ccba2018:late-arrival-teams-vp' -> the schedule's IRI, if the graph has that schedule: a name is
    checked against the known names, never pasted into a query."""
    known = _known(g)
    if name not in known:
        form = "" if ":" in name else "names are DOC:NAME, e.g. ccba2018:late-arrival-teams-vp; "
        raise BadInput(f"unknown schedule {quote(name)} ({form}see `python -m query schedule --list`)")
    return known[name]


def _known(g: Graph) -> dict[str, URIRef]:
    return {_name(str(s)): URIRef(str(s)) for s, _ in g.query(PREFIXES + _SCHEDULES)}


def _name(iri: str) -> str:
    doc, _, local = iri[len(BASE):].partition("/schedule/")
    return f"{doc}:{local}"


def list_schedules(g: Graph) -> list[dict]:
    """Every schedule in the graph with its titles."""
    out: dict[str, dict] = {}
    for s, title in g.query(PREFIXES + _SCHEDULES):
        out.setdefault(_name(str(s)), {"schedule": _name(str(s)), "titles": {}})["titles"][lang_tag(title)] = str(title)
    return [out[k] for k in sorted(out)]


def _select(g: Graph, query: str, schedule: str):
    """The rows of one known schedule: its IRI bound by lookup.select, the one place values enter a query."""
    return list(select(g, query, s=_iri(g, schedule)))


LANGS = ("en", "zh-Hant", "zh-Hans")


@lru_cache(maxsize=1)
def _questions() -> tuple[dict, dict]:
    """schedule_questions.tsv -> ({(schedule, fact): {lang: question}}, {(schedule, fact): [option row]})."""
    lines = (Path(__file__).with_name("schedule_questions.tsv")).read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    questions: dict = {}
    options: dict = {}
    for line in lines[1:]:
        if not line.strip():
            continue
        r = dict(zip(head, line.split("\t")))
        key = (r["schedule"], r["fact"])
        if r["kind"] == "question":
            questions[key] = {lang: r[lang] for lang in LANGS}
        else:
            options.setdefault(key, []).append(r)
    return questions, options


def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise BadInput(f"unknown language {quote(lang)} (en, zh-Hant or zh-Hans)")
    return lang


def _question(schedule: str, fact: str, lang: str, options: list[dict]) -> dict:
    questions, _ = _questions()
    q = questions.get((schedule, fact)) or questions[("*", fact)]
    return {"fact": fact, "question": q[lang], "options": [{"value": o["value"], "label": o["label"]} for o in options]}


def _variant_options(schedule: str, words: list[str], lang: str) -> list[dict]:
    """The variants as options: value and label from schedule_questions.tsv, else the source's words."""
    _, options = _questions()
    known = {o["words"]: o for o in options.get((schedule, "variant"), [])}
    return [{"value": known[w]["value"] if w in known else w, "label": known[w][lang] if w in known else w, "words": w}
            for w in words]


def _in_band(value: float, lo, hi) -> bool:
    """(lower, upper]; no lower bound: from the start; no upper bound: open ("more than 30 minutes");
    0 falls in a band that starts at 0 (迟到 0⁺~5 分钟 holds a team that is not late at all)."""
    above = lo is None or value > float(lo) or float(lo) == value == 0
    return above and (hi is None or value <= float(hi))


def banded(g: Graph, schedule: str, value: float, variant: str | None = None, lang: str = "en") -> dict:
    """The row of a banded schedule whose band (lower, upper] holds `value`; for a schedule with
    variants, the row of the variant named (or a question, when the variants disagree)."""
    _check_lang(lang)
    if schedule.startswith("wbf2017:"):
        raise BadInput(f"{quote(schedule)} is a table of the Laws: use `python -m query score` (Law 77) "
                       "or `python -m query imps` (Law 78B)")
    rows = _select(g, _BANDED_ROWS, schedule)
    if not rows:
        if _is_scale(_select(g, _CATEGORY_ROWS, schedule)):
            if variant is not None:
                raise BadInput(f"{quote(schedule)} has no variants (drop --variant)")
            return category(g, schedule, value, None, lang)
        raise BadInput(f"{quote(schedule)} is not a banded schedule (its rows have no bounds; "
                       "see `python -m query schedule --list`)")
    if not math.isfinite(value):
        raise BadInput(f"the value must be a number (got {value:g})")
    if value < 0:
        raise BadInput(f"the value must not be negative (got {value:g})")
    words = list(dict.fromkeys(str(r[9]) for r in rows if r[9] is not None))
    options = _variant_options(schedule, words, lang)
    if variant is not None:
        chosen = next((o for o in options if variant in (o["value"], o["words"])), None)
        if chosen is None:
            if not options:
                raise BadInput(f"{quote(schedule)} has no variants (drop --variant)")
            raise BadInput(f"unknown variant {quote(variant)} of {quote(schedule)} "
                           f"(one of: {', '.join(o['value'] for o in options)})")
        rows = [r for r in rows if r[9] is not None and str(r[9]) == chosen["words"]]
    hits = [r for r in rows if _in_band(value, r[2], r[3])]
    if not hits:
        bounds = [float(b) for r in rows for b in (r[2], r[3]) if b is not None]
        raise BadInput(f"{value:g} is outside the schedule's bands (0 to {max(bounds):g}); "
                       "the regulation's text applies beyond them")
    by_variant = {str(r[9]) if r[9] is not None else None: r for r in reversed(hits)}   # first hit of each
    if variant is None and len(by_variant) > 1:
        if len({str(r[6] or "") for r in by_variant.values()}) > 1:                          # the variants disagree: ask, never guess
            asked = [o for o in options if o["words"] in by_variant]
            return {"schedule": schedule, "value": value, "unit": str(hits[0][4]) if hits[0][4] else None,
                    "missing": [_question(schedule, "variant", lang, asked)],
                    "citations": sorted({_cite(r[8], r[7]) for r in hits})}
    row, n, lo, hi, unit, cond, cons, pid, doc, var = hits[0]
    out = {"schedule": schedule, "value": value, "unit": str(unit) if unit else None,
           "row": int(n), "band": [None if lo is None else float(lo), None if hi is None else float(hi)],
           "condition": str(cond) if cond else None, "consequence": str(cons) if cons else None,
           "citations": [_cite(doc, pid)]}
    if var is not None and len(options) > 1 and (variant is not None or len(by_variant) == 1):
        o = next(o for o in options if o["words"] == str(var))
        out["variant"] = {"value": o["value"], "label": o["label"], "words": o["words"]}
    elif len(by_variant) > 1:                          # not said, and every variant gives the same
        out["variants"] = [o["value"] for o in options if o["words"] in by_variant]
    return out


def _is_scale(rows) -> bool:
    """A penalty scale defines each category (and each offence of one) once, as 51 does; the rows
    of 52 and 53 apply categories to offences, many rows to a category."""
    keys = [(int(r[2]), None if r[3] is None else int(r[3])) for r in rows]
    return bool(keys) and len(keys) == len(set(keys))


def _cite(doc, pid) -> str:
    return f"{str(doc)[len(BASE):]}:{pid}"


def category(g: Graph, schedule: str, value: float, offence: int | None = None, lang: str = "en") -> dict:
    """A category of a penalty scale (CCBA 2018 第五十一条: 第一类 .. 第四类判罚尺度): its row as the
    source words it, the amounts as data (alternatives by form of scoring) and the source line. The
    fourth category escalates (第一次违规 / 第二次违规 / 再犯): without `offence` it asks which."""
    _check_lang(lang)
    rows = _select(g, _CATEGORY_ROWS, schedule)
    if not _is_scale(rows):
        raise BadInput(f"{quote(schedule)} is not a penalty scale (its rows have no categories; "
                       "see `python -m query schedule --list`)")
    cats = sorted({int(r[2]) for r in rows})
    if not math.isfinite(value) or value != int(value) or int(value) not in cats:
        raise BadInput(f"{value:g} is not a category of {quote(schedule)} (categories: {', '.join(map(str, cats))})")
    mine = [r for r in rows if int(r[2]) == int(value)]
    steps = sorted({int(r[3]) for r in mine if r[3] is not None})
    if offence is not None:
        if not steps:
            raise BadInput(f"category {int(value)} does not escalate by offence (drop --offence)")
        if offence < 1:
            raise BadInput(f"--offence counts from 1 (got {offence})")
        mine = [r for r in mine if int(r[3]) == min(offence, max(steps))]     # 3 stands for the third and later
    elif len(steps) > 1:
        _, options = _questions()
        opts = [o for o in options.get((schedule, "offence"), []) if int(o["value"]) in steps]
        return {"schedule": schedule, "value": value, "category": int(value),
                "missing": [_question(schedule, "offence", lang, [{"value": int(o["value"]), "label": o[lang]} for o in opts])],
                "citations": sorted({_cite(r[7], r[6]) for r in mine})}
    row, n, cat, off, cond, cons, pid, doc, file, first, last = mine[0]
    amounts = {}
    for r, _j, amount, mx, unit, per in _select(g, _AMOUNTS, schedule):
        if r == row:
            a = {"amount": float(amount), "unit": str(unit)}
            if mx is not None:
                a["max"] = float(mx)
            if per is not None:
                a["per"] = str(per)
            amounts[_j] = a
    outcomes = sorted({str(o) for r, o in _select(g, _OUTCOMES, schedule) if r == row})
    out = {"schedule": schedule, "value": value, "category": int(cat), "row": int(n),
           "condition": str(cond) if cond else None, "consequence": str(cons) if cons else None,
           "amounts": [amounts[k] for k in sorted(amounts)], "outcomes": outcomes,
           "citations": [_cite(doc, pid)],
           "source": {"file": str(file), "lines": [int(first), int(last)]}}
    if off is not None:
        out["offence"] = int(off)
    return out


def imp_to_vp(g: Graph, imps: int, boards: int) -> dict:
    """WBF 25-VP scale as printed in the Taiwan regulations (第八二條): VPs of each side, the
    side with the positive IMP margin first."""
    rows = _select(g, _VP_ROWS, IMP_TO_VP)
    sizes = sorted({int(r[0]) for r in rows})
    if boards not in sizes:
        raise BadInput(f"the scale has no column for {boards} boards (columns: {', '.join(map(str, sizes))})")
    margin = abs(imps)
    if margin > 24 * boards:              # at most 24 IMPs a board (Law 78B's scale ends at 24)
        raise BadInput(f"an IMP margin of {margin} cannot arise over {boards} boards (at most 24 IMPs a board, Law 78B)")
    for b, n, lo, hi, win, lose, pid in rows:
        if int(b) == boards and int(lo) <= margin and (hi is None or margin <= int(hi)):
            winner, loser = float(win), float(lose)
            return {"imps": imps, "boards": boards, "vp": [winner, loser] if imps >= 0 else [loser, winner],
                    "row": int(n), "citations": [f"twreg:{pid}"]}
    raise BadInput(f"IMP margin {margin} is not covered by the {boards}-board column")
