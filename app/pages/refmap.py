"""The whole-Laws cross-reference view: which provisions of the 2017 Laws are cited most (by how
many distinct provisions, any language), which laws cite each other most (the clusters), and one
provision's two-hop map (app/components/refmap.py), each provision linked to the Laws page."""
from __future__ import annotations

import html

import streamlit as st

from app.components.graph_data import reftype_labels
from app.components.theme import CSS as THEME
from app.components.labels import t
from app.components.refmap import clusters, dot, most_cited


def _link(k: str) -> str:
    return f'<a href="/laws?p={html.escape(k)}" target="_self">{html.escape(k)}</a>'


def main() -> None:
    st.html(THEME)      # the router's copy is not applied when a page is opened by its own URL
    ui = st.session_state.get("lang", "en")
    st.title(t("map.title", ui))
    st.caption(t("map.caption", ui))
    c1, c2 = st.columns([1, 1.3], gap="large")
    with c1:
        st.subheader(t("map.most", ui), anchor=False)
        top = most_cited(30)
        st.markdown('<div class="tb-wrap"><table class="tb" data-testid="most-cited"><tr>'
                    f'<th>{t("findings.provision", ui)}</th><th>{t("map.citedby", ui)}</th></tr>'
                    + "".join(f"<tr><td>{_link(k)}</td><td class='num'>{n}</td></tr>" for k, n in top)
                    + "</table></div>", unsafe_allow_html=True)
    with c2:
        st.subheader(t("map.clusters", ui), anchor=False)
        st.caption(t("map.clusters.caption", ui))
        st.markdown('<div class="tb-wrap"><table class="tb" data-testid="clusters"><tr>'
                    f'<th>{t("map.law", ui)}</th><th>{t("map.cites", ui)}</th></tr>'
                    + "".join(f"<tr><td>{_link(law)}</td><td>" + ", ".join(f"{_link(o)} ×{n}" for o, n in others)
                              + "</td></tr>" for law, others in clusters(15))
                    + "</table></div>", unsafe_allow_html=True)
    st.subheader(t("map.one", ui), anchor=False)
    centre = st.text_input(t("laws.id", ui), value=st.query_params.get("p", "27B2"), key="map-centre")
    src, nodes = dot(centre.strip(), reftype_labels(ui))
    if len(nodes) < 2:
        st.info(t("laws.map.none", ui))
    else:
        st.graphviz_chart(src, width="content")


main()
