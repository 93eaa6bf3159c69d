"""The Index of the 2017 Laws as an A-Z (lawsd:wbf2017/index: skos:Concept entries with their
sub-entries, See references and target provisions, from the Index printed after the Laws) and the
defined terms of the Definitions with their English, Taiwan and mainland names side by side
(dummy 夢家 明手), each linked to the Laws page."""
from __future__ import annotations

import html
from collections import defaultdict

import streamlit as st

from app.components.graph_data import glossary, graph
from app.components.theme import CSS as THEME
from app.components.labels import t
from query.lookup import PREFIXES

_INDEX = PREFIXES + """
SELECT ?c ?label ?broader ?tid WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/wbf2017/index> ; skos:prefLabel ?label .
  OPTIONAL { ?c skos:broader ?broader } OPTIONAL { ?c bl:indexTarget ?tgt . ?tgt dcterms:identifier ?tid } }"""


@st.cache_resource(show_spinner=False)
def index_entries() -> list[dict]:
    """Top-level entries, each with its targets and its sub-entries (label, targets), A-Z."""
    nodes: dict[str, dict] = {}
    for c, label, broader, tid in graph().query(_INDEX):
        n = nodes.setdefault(str(c), {"label": str(label), "broader": str(broader) if broader else None, "targets": [],
                                      "subs": []})
        if tid is not None and str(tid) not in n["targets"]:
            n["targets"].append(str(tid))
    for iri, n in nodes.items():
        if n["broader"] in nodes:
            nodes[n["broader"]]["subs"].append(n)
    tops = [n for n in nodes.values() if n["broader"] not in nodes]
    for n in nodes.values():
        n["subs"].sort(key=lambda s: s["label"].lower())
    return sorted(tops, key=lambda n: n["label"].lower())


def _links(ids: list[str]) -> str:
    return " ".join(f'<a class="ix-link" href="/laws?p={html.escape(i)}" target="_self">{html.escape(i)}</a>'
                    for i in ids)


def main() -> None:
    st.html(THEME)      # the router's copy is not applied when a page is opened by its own URL
    ui = st.session_state.get("lang", "en")
    st.title(t("index.title", ui))
    st.html("<style>.ix-entry{margin:0.15rem 0;line-height:1.6}.ix-sub{margin-left:1.2rem;color:#374151;font-size:0.93rem}"
            ".ix-link{font-family:ui-monospace,Menlo,monospace;font-size:0.85rem;margin-right:0.3rem}</style>")
    c_ix, c_gl = st.columns([1, 1], gap="large")
    with c_ix:
        st.subheader(t("index.az", ui), anchor=False)
        st.caption(t("index.az.caption", ui))
        entries = index_entries()
        by_letter: dict[str, list[dict]] = defaultdict(list)
        for e in entries:
            by_letter[e["label"][:1].upper()].append(e)
        letters = sorted(by_letter)
        pick = st.pills(t("index.letter", ui), letters, default=letters[0] if letters else None, key="ix-letter")
        out = []
        for e in by_letter.get(pick or "", []):
            out.append(f'<div class="ix-entry" data-testid="index-entry"><b>{html.escape(e["label"])}</b> {_links(e["targets"])}</div>')
            for s in e["subs"]:
                head = e["label"].lower() + ", "       # "Adjusted score, average" under ADJUSTED SCORE: "average"
                label = s["label"][len(head):] if s["label"].lower().startswith(head) else s["label"]
                out.append(f'<div class="ix-entry ix-sub">{html.escape(label)} {_links(s["targets"])}</div>')
        st.markdown("".join(out), unsafe_allow_html=True)
    with c_gl:
        st.subheader(t("index.glossary", ui), anchor=False)
        st.caption(t("index.glossary.caption", ui))
        rows = []
        for term in glossary():
            lab = {k.lower(): v for k, v in term["labels"].items()}
            rows.append("<tr>" + "".join(f"<td>{html.escape(lab.get(x, ''))}</td>" for x in ("en", "zh-hant", "zh-hans"))
                        + "</tr>")
        st.markdown('<div class="tb-wrap"><table class="tb" data-testid="glossary-table"><tr>'
                    f'<th>English</th><th>{t("index.taiwan", ui)}</th><th>{t("index.mainland", ui)}</th></tr>'
                    + "".join(rows) + "</table></div>", unsafe_allow_html=True)


main()
