"""The national regulations' schedules as code over the graph's tables (bl:Schedule rows):
a value looked up in a banded schedule (CCBA 21 late arrival: a team 12 minutes late), and the
WBF IMP-to-VP scale of the Taiwan regulations (第八二條). Every answer cites the row's provision."""
from __future__ import annotations

import math

from rdflib import Graph, URIRef

from query.errors import BadInput
from query.inputs import quote
from query.lookup import PREFIXES, lang_tag, select

_SCHEDULES = """
SELECT ?s ?title WHERE { ?s a bl:Schedule ; dcterms:title ?title }"""
_BANDED_ROWS = """
SELECT ?row ?n ?lo ?hi ?unit ?cond ?cons ?pid ?doc WHERE {
  ?s bl:hasRow ?row . ?row bl:rowNumber ?n ; bl:lowerBound ?lo ; bl:upperBound ?hi ; bl:sourceProvision ?p .
  OPTIONAL { ?row bl:boundUnit ?unit } OPTIONAL { ?row bl:condition ?cond } OPTIONAL { ?row bl:consequence ?cons }
  ?p dcterms:identifier ?pid ; eli:is_part_of+ ?doc . ?doc a eli:LegalResource .
} ORDER BY ?lo"""
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


def banded(g: Graph, schedule: str, value: float) -> dict:
    """The row of a banded schedule whose band (lower, upper] holds `value`."""
    rows = _select(g, _BANDED_ROWS, schedule)
    if not rows:
        raise BadInput(f"{quote(schedule)} is not a banded schedule (its rows have no bounds; "
                       "see `python -m query schedule --list`)")
    if not math.isfinite(value):
        raise BadInput(f"the value must be a number (got {value:g})")
    if value < 0:
        raise BadInput(f"the value must not be negative (got {value:g})")
    for row, n, lo, hi, unit, cond, cons, pid, doc in rows:
        if float(lo) < value <= float(hi) or (float(lo) == value == 0):
            citation = f"{str(doc)[len(BASE):]}:{pid}"
            return {"schedule": schedule, "value": value, "unit": str(unit) if unit else None,
                    "row": int(n), "band": [float(lo), float(hi)],
                    "condition": str(cond) if cond else None, "consequence": str(cons) if cons else None,
                    "citations": [citation]}
    top = max(float(r[3]) for r in rows)
    raise BadInput(f"{value:g} is outside the schedule's bands (0 to {top:g}); the regulation's text applies beyond them")


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
