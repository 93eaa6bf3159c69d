"""Tables from data: where the graph holds a provision's table as rows (Law 77's scoring table and
Law 78B's IMP scale in ontology/schedules/, the regulations' bl:Schedule rows from ingest), the
Laws page shows those rows as a real table, each row with the source line it was transcribed from,
and keeps the source's own (PDF-extracted) text one click away as provenance. Nothing here
invents a value: every cell is a literal of the graph, or a label for one of its codes.
"""
from __future__ import annotations

import html
from pathlib import Path

import streamlit as st

from app.components.graph_data import graph
from app.components.labels import t
from query.lookup import PREFIXES

ROOT = Path(__file__).resolve().parents[2]
LAWS_SCHEDULE = "https://w3id.org/bridge-laws/wbf2017/schedule"   # Law 77 and 78B, bl:Schedule like the regulations'
_LAW77 = PREFIXES + """
SELECT ?row ?component ?denom ?slam ?doubling ?vul ?points ?tv ?file ?line WHERE {
  <""" + LAWS_SCHEDULE + """/law77> bl:hasRow ?row . ?row bl:scoreComponent ?component ; bl:rowNumber ?n ;
       prov:wasDerivedFrom ?src . ?src bl:sourceFile ?file ; bl:firstLine ?line .
  OPTIONAL { ?row bl:denomination ?denom } OPTIONAL { ?row bl:slam ?slam } OPTIONAL { ?row bl:doubling ?doubling }
  OPTIONAL { ?row bl:vulnerable ?vul } OPTIONAL { ?row bl:points ?points } OPTIONAL { ?row bl:trickValue ?tv }
} ORDER BY ?line ?row"""
_LAW78B = PREFIXES + """
SELECT ?lo ?hi ?imps ?file ?line WHERE {
  <""" + LAWS_SCHEDULE + """/law78b> bl:hasRow ?row . ?row bl:imps ?imps ; bl:differenceMin ?lo ;
       prov:wasDerivedFrom ?src . ?src bl:sourceFile ?file ; bl:firstLine ?line . OPTIONAL { ?row bl:differenceMax ?hi }
} ORDER BY ?lo"""
_REG_SCHEDULES = PREFIXES + """
SELECT ?s ?pid ?title WHERE { ?s a bl:Schedule ; bl:sourceProvision ?p ; dcterms:title ?title .
  ?p dcterms:identifier ?pid ; eli:is_part_of+ ?d . ?d dcterms:identifier ?doc . FILTER(?doc = ?want) }"""
_REG_ROWS = PREFIXES + """
SELECT ?row ?n ?prop ?val WHERE { ?s bl:hasRow ?row . ?row bl:rowNumber ?n ; ?prop ?val .
  FILTER(?prop NOT IN (rdf:type, bl:hasRow, bl:rowNumber, bl:sourceProvision, prov:wasDerivedFrom, bl:hasAmount)) }"""
_REG_LINES = PREFIXES + """
SELECT ?row ?file ?first ?last WHERE { ?s bl:hasRow ?row . ?row prov:wasDerivedFrom ?src .
  ?src bl:sourceFile ?file ; bl:firstLine ?first ; bl:lastLine ?last }"""
# the regulation rows' columns, in the order a reader wants them
REG_COLUMNS = ("variant", "penaltyCategory", "offenceCount", "condition", "lowerBound", "upperBound", "boundUnit",
               "boards", "impMin", "impMax", "vpWinner", "vpLoser", "consequence", "outcome")
TABLE_CSS = """
<style>
.tb-wrap { overflow-x: auto; margin: 0.3rem 0 0.8rem 0; }
table.tb { border-collapse: collapse; font-size: 0.92rem; min-width: 60%; }
table.tb th, table.tb td { border: 1px solid #e3e6ea; padding: 0.28rem 0.6rem; text-align: left; vertical-align: top; }
table.tb th { background: #f4f6f9; color: #374151; font-weight: 650; }
table.tb td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.tb td.src { color: #8a929e; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.78rem; }
.tb-caption { font-weight: 650; color: #1f2937; margin: 0.4rem 0 0.1rem 0; }
div.tb-source { font-size: 0.8rem; white-space: pre-wrap; font-family: ui-monospace, Menlo, Consolas, monospace; background: #fafafa; border: 1px solid #eee;
                padding: 0.5rem; border-radius: 6px; }
</style>
"""


@st.cache_resource(show_spinner=False)
def law77_rows() -> list[dict]:
    out = []
    for row, comp, denom, slam, dbl, vul, pts, tv, file, line in graph().query(_LAW77):
        out.append({"component": str(comp), "denomination": str(denom) if denom else "", "slam": str(slam) if slam else "",
                    "doubling": str(dbl) if dbl else "", "vulnerable": None if vul is None else bool(vul.toPython()),
                    "points": None if pts is None else int(pts), "trick_value": bool(tv is not None and tv.toPython()),
                    "file": str(file), "line": int(line)})
    return out


@st.cache_resource(show_spinner=False)
def law78b_rows() -> list[dict]:
    return [{"from": int(lo), "to": None if hi is None else int(hi), "imps": int(imps), "file": str(file), "line": int(line)}
            for lo, hi, imps, file, line in graph().query(_LAW78B)]


@st.cache_resource(show_spinner=False)
def regulation_schedules(doc: str) -> dict[str, list[dict]]:
    """provision id -> its schedules [{"iri", "titles": {lang: title}, "rows": [{column: value}], "lines"}]."""
    g = graph()
    by_iri: dict[str, dict] = {}
    if doc not in ("ccba2018", "twreg"):          # a known name only: never user text in a query
        return {}
    for s, pid, title in g.query(_REG_SCHEDULES.replace("?want", f'"{doc}"')):
        sch = by_iri.setdefault(str(s), {"iri": str(s), "provision": str(pid), "titles": {}, "rows": []})
        sch["titles"][(title.language or "en").replace("hant", "Hant").replace("hans", "Hans")] = str(title)
    for iri, sch in by_iri.items():
        rows: dict[str, dict] = {}
        for row, n, prop, val in g.query(_REG_ROWS.replace("?s bl:hasRow", f"<{iri}> bl:hasRow")):
            r = rows.setdefault(str(row), {"n": int(n)})
            r[str(prop).rsplit("#", 1)[-1]] = val.toPython() if hasattr(val, "toPython") else str(val)
        for row, file, first, last in g.query(_REG_LINES.replace("?s bl:hasRow", f"<{iri}> bl:hasRow")):
            if str(row) in rows:
                rows[str(row)]["src"] = (str(file), int(first), int(last))
        sch["rows"] = sorted(rows.values(), key=lambda r: r["n"])
    out: dict[str, list[dict]] = {}
    for sch in sorted(by_iri.values(), key=lambda s: s["iri"]):
        out.setdefault(sch["provision"], []).append(sch)
    return out


def _source_lines(file: str, first: int, last: int) -> str:
    try:
        lines = (ROOT / file).read_text(encoding="utf-8").splitlines()
    except OSError:
        return ""
    return "\n".join(f"{n:>5}  {lines[n - 1]}" for n in range(first, min(last, len(lines)) + 1))


def _table(head: list[str], rows: list[list[tuple[str, str]]], testid: str) -> str:
    """An HTML table; each cell is (text, css class)."""
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f'<td class="{c}">{html.escape(v)}</td>' for v, c in r) + "</tr>" for r in rows)
    return f'<div class="tb-wrap"><table class="tb" data-testid="{testid}"><tr>{th}</tr>{body}</table></div>'


def _parts(r: dict) -> list[str]:
    """The provision and its parts (a regulation's article holds its schedules in its paragraphs)."""
    ids = [r["provision"]]
    for parts in (r.get("full_text") or {}).values():
        ids += [p["provision"] for p in parts if p["provision"] not in ids]
    return ids


def has_table(r: dict) -> bool:
    """Is this provision (or, for a regulation, one of its parts) a table the graph holds as data?"""
    if r["doc"] == "wbf2017":
        return r["provision"] in ("77", "78B")
    scheds = regulation_schedules(r["doc"])
    return any(p in scheds for p in _parts(r))


def replaces_text(r: dict) -> bool:
    """Law 77 and 78B: the table is the provision, and its extracted text is OCR debris."""
    return r["doc"] == "wbf2017" and r["provision"] in ("77", "78B")


def _val(code: str, lang: str) -> str:
    return t(f"laws.sch.{code}", lang) if code else ""


def _law77(lang: str) -> str:
    head = [t("laws.table.component", lang), t("laws.table.case", lang), t("laws.table.doubling", lang),
            t("laws.table.nonvul", lang), t("laws.table.vul", lang), t("laws.table.line", lang)]
    grouped: dict[tuple, dict] = {}
    for r in law77_rows():
        key = (r["component"], r["denomination"] or r["slam"], r["doubling"])
        g = grouped.setdefault(key, {"lines": set()})
        value = t("laws.sch.trick-value", lang) if r["trick_value"] else str(r["points"])
        for col in ((False, True) if r["vulnerable"] is None else (r["vulnerable"],)):
            g[col] = value
        g["lines"].add(r["line"])
    rank = {"minor": 0, "major": 1, "notrump-first": 2, "notrump-additional": 3, "small": 4, "grand": 5,
            "undoubled": 0, "doubled": 1, "redoubled": 2}
    rows = []
    for (comp, case, dbl), g in sorted(grouped.items(), key=lambda kv: (min(kv[1]["lines"]), rank.get(kv[0][1], 9),
                                                                       rank.get(kv[0][2], 9))):
        lines = sorted(g["lines"])
        rows.append([(_val(comp, lang), ""), (_val(case, lang), ""), (_val(dbl, lang), ""),
                     (g.get(False, ""), "num"), (g.get(True, ""), "num"),
                     ("–".join(str(x) for x in (lines[0], lines[-1]) if x) if len(lines) > 1 else str(lines[0]), "src")])
    return _table(head, rows, "table-77")


def _law78b(lang: str) -> str:
    head = [t("laws.table.diff", lang), t("laws.table.imps", lang), t("laws.table.line", lang)]
    rows = [[(f"{r['from']}–{r['to']}" if r["to"] is not None else f"{r['from']}+", "num"), (str(r["imps"]), "num"),
             (str(r["line"]), "src")] for r in law78b_rows()]
    return _table(head, rows, "table-78B")


def _regulation(sch: dict, lang: str) -> str:
    cols = [c for c in REG_COLUMNS if any(c in r for r in sch["rows"])]
    head = ["#"] + [t(f"laws.col.{c}", lang) for c in cols] + [t("laws.table.line", lang)]
    rows = []
    for r in sch["rows"]:
        src = r.get("src")
        line = (str(src[1]) if src[1] == src[2] else f"{src[1]}–{src[2]}") if src else ""
        rows.append([(str(r["n"]), "num")] + [(_cell(r.get(c)), "num" if isinstance(r.get(c), (int, float)) else "")
                                             for c in cols] + [(line, "src")])
    slug = sch["iri"].rsplit("/", 1)[-1]
    return _table(head, rows, f"table-{slug}")


def _cell(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def render_tables(r: dict, lang: str) -> None:
    """The provision's tables from data, then the source text they were read from (an expander)."""
    doc, pid = r["doc"], r["provision"]
    st.html(TABLE_CSS)
    st.subheader(t("laws.table.title", lang), anchor=False)
    st.caption(t("laws.table.caption", lang))
    spans: list[tuple[str, int, int]] = []
    if doc == "wbf2017" and pid == "77":
        st.markdown(_law77(lang), unsafe_allow_html=True)
        lines = [x["line"] for x in law77_rows()]
        spans.append((law77_rows()[0]["file"], min(lines), max(lines)))
    elif doc == "wbf2017" and pid == "78B":
        st.markdown(_law78b(lang), unsafe_allow_html=True)
        lines = [x["line"] for x in law78b_rows()]
        spans.append((law78b_rows()[0]["file"], min(lines), max(lines)))
    else:
        scheds = regulation_schedules(doc)
        for sch in [s for p in _parts(r) for s in scheds.get(p, [])]:
            title = sch["titles"].get(lang) or sch["titles"].get("zh-Hant") or sch["titles"].get("en") or ""
            st.markdown(f'<div class="tb-caption">{html.escape(title)} · {html.escape(sch["provision"])}</div>',
                        unsafe_allow_html=True)
            st.markdown(_regulation(sch, lang), unsafe_allow_html=True)
            srcs = [row["src"] for row in sch["rows"] if row.get("src")]
            if srcs:
                spans.append((srcs[0][0], min(s[1] for s in srcs), max(s[2] for s in srcs)))
    with st.expander(t("laws.table.source", lang), key=f"table-source-{doc}-{pid}"):
        for file, first, last in spans:
            st.markdown(f'<div class="tb-source" data-testid="table-source">{html.escape(file)}\n'
                        f'{html.escape(_source_lines(file, first, last))}</div>', unsafe_allow_html=True)
        for lng in ("en", "zh-Hant", "zh-Hans"):
            if r["texts"].get(lng):
                st.caption(f"{lng}: " + r["texts"][lng])
