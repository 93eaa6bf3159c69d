"""Translation findings: every place a Chinese text of the Laws or the WBF policies differs from the
English in strength (務必 for "shall"), polarity (a lost or added negation), references, or is
missing (ingest/extract/consistency; DESIGN.md section 2). One table, filterable by document,
kind and language, each row linked to its provision on the Laws page."""
from __future__ import annotations

import html

import streamlit as st

from app.components.graph_data import graph
from app.components.theme import CSS as THEME
from app.components.labels import LANGS, t
from query.lookup import PREFIXES, _doc_of, lang_tag

KINDS = ("strength", "polarity", "reference", "term", "missing-clause", "missing-expression")
SEVERITIES = ("changes the rule", "wording only")
_Q = PREFIXES + """
SELECT ?p ?id ?lang ?kind ?detail ?sev ?en ?zh WHERE { ?f a bl:TranslationFinding ; bl:provision ?p ; dcterms:language ?lang ;
  bl:findingKind ?kind ; rdfs:comment ?detail . ?p dcterms:identifier ?id .
  OPTIONAL { ?f bl:severity ?sev } OPTIONAL { ?f bl:englishClause ?en } OPTIONAL { ?f bl:chineseClause ?zh } }"""


@st.cache_resource(show_spinner=False)
def findings() -> list[dict]:
    from ingest.extract.align import sort_key
    from ingest.model import parse_id
    rows = [{"doc": _doc_of(p), "provision": str(pid), "lang": lang_tag(lang), "kind": str(kind), "detail": str(d),
             "severity": str(sev or ""), "en_clause": str(en or ""), "zh_clause": str(zh or "")}
            for p, pid, lang, kind, d, sev, en, zh in graph().query(_Q)]
    return sorted(rows, key=lambda r: (r["doc"], sort_key(r["provision"]) if parse_id(r["provision"]) else (999,),
                                       r["provision"], r["lang"], r["kind"]))


def main() -> None:
    st.html(THEME)      # the router's copy is not applied when a page is opened by its own URL
    ui = st.session_state.get("lang", "en")
    st.title(t("findings.title", ui))
    st.caption(t("findings.caption", ui))
    rows = findings()
    docs = sorted({r["doc"] for r in rows})
    c1, c2, c3, c4 = st.columns(4)
    with c1:
        doc = st.selectbox(t("laws.doc", ui), ["*", *docs], key="f-doc",
                           format_func=lambda d: t("findings.all", ui) if d == "*" else t(f"common.doc.{d}", ui))
    with c2:
        kind = st.selectbox(t("findings.kind", ui), ["*", *KINDS], key="f-kind",
                            format_func=lambda k: t("findings.all", ui) if k == "*" else t(f"laws.finding.{k}", ui))
    with c3:
        lang = st.selectbox(t("findings.lang", ui), ["*", *LANGS[1:]], key="f-lang",
                            format_func=lambda x: t("findings.all", ui) if x == "*" else t(f"common.lang.{x}", ui))
    with c4:
        sev = st.selectbox(t("findings.severity", ui), ["*", *SEVERITIES], key="f-sev",
                           format_func=lambda x: t("findings.all", ui) if x == "*" else
                           t("laws.severity.rule" if x.startswith("changes") else "laws.severity.wording", ui))
    shown = [r for r in rows if doc in ("*", r["doc"]) and kind in ("*", r["kind"]) and lang in ("*", r["lang"])
             and sev in ("*", r["severity"])]
    counts = {k: sum(1 for r in shown if r["kind"] == k) for k in KINDS}
    st.markdown(t("findings.count", ui, n=len(shown)) + " · " +
                " · ".join(f"{t(f'laws.finding.{k}', ui)}: {v}" for k, v in counts.items()))
    body = []
    for r in shown[:600]:
        key = r["provision"] if r["doc"] == "wbf2017" else f"{r['doc']}:{r['provision']}"
        body.append(f'<tr><td><a href="/laws?p={html.escape(key)}" target="_self">{html.escape(key)}</a></td>'
                    f'<td>{html.escape(t("common.lang." + r["lang"], ui) if r["lang"] in LANGS else r["lang"])}</td>'
                    f'<td>{html.escape(t("laws.finding." + r["kind"], ui) if r["kind"] in KINDS else r["kind"])}</td>'
                    f'<td>{html.escape(r["detail"])}</td><td>{html.escape(r["en_clause"])}</td>'
                    f'<td lang="{html.escape(r["lang"])}">{html.escape(r["zh_clause"])}</td></tr>')
    st.markdown(f'<div class="tb-wrap"><table class="tb" data-testid="findings-table"><tr><th>{t("findings.provision", ui)}</th>'
                f'<th>{t("findings.lang", ui)}</th><th>{t("findings.kind", ui)}</th><th>{t("findings.detail", ui)}</th>'
                f'<th>{t("common.lang.en", ui)}</th><th>{t("findings.chinese", ui)}</th></tr>'
                + "".join(body) + "</table></div>", unsafe_allow_html=True)


main()
