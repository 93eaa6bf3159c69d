"""The Laws page: one provision of the Laws of Duplicate Bridge in English, Traditional and
Simplified Chinese side by side, with its strength words, cross-references (out and in),
structure, defined terms, translation findings and older editions.

A provision can be linked with `?p=27B2`; the id box, the list and the URL stay in sync.
"""
from __future__ import annotations

import html
from pathlib import Path

import streamlit as st

from app.components.editions import render_editions
from app.components.graph_data import english_titles, glossary, graph, lookup, provision_ids, reftype_labels
from app.components.provision import (LANG_SUBTITLES, LANGS, _one_block, go, id_buttons, language_column, legend,
                                      nav_buttons, provision_heading, term_expander)
from app.components.search_hits import render_search
from app.components.theme import CSS as THEME
from query.lookup import LookupError_

ROOT = Path(__file__).resolve().parents[2]
FINDING_KINDS = {"strength": "strength", "polarity": "polarity (a negation lost or added)",
                 "reference": "references", "missing-expression": "missing text"}


def _on_input() -> None:
    st.session_state.current = st.session_state.pid_input


def _on_select() -> None:
    st.session_state.current = st.session_state.pid_select


def main() -> None:
    st.html(THEME)      # the router's copy is not applied when this page is opened by its own URL (/laws?p=)
    st.title("Laws of Duplicate Bridge")
    st.markdown('<div class="lb-subtitle">A rules-as-code knowledge graph of the Laws in English, '
                'Traditional Chinese and Simplified Chinese. Pick a provision to read the three texts side by '
                'side, with their strength words, cross-references and defined terms.</div>',
                unsafe_allow_html=True)

    try:
        graph()
        ids = provision_ids()
    except Exception as e:       # a missing or broken graph: say so, never a traceback
        built = any((ROOT / "laws_ttl").glob("*.ttl"))
        st.error(f"The Laws graph could not be read ({e.__class__.__name__}: {str(e).splitlines()[0] if str(e) else ''})."
                 + ("" if built else " Build it with `python -m ingest`."))
        return
    if not ids:
        st.error("The Laws graph is empty: no provisions found in laws_ttl/. Build it with `python -m ingest`.")
        return
    titles = english_titles()
    render_search(go)      # the search box and its hits (app/components/search_hits.py)

    # Where we are: the URL (?p=) on a fresh session or when it was changed from outside,
    # otherwise whatever the picker, the list or a reference button set.
    url_p = st.query_params.get("p")
    if "current" not in st.session_state:
        st.session_state.current = url_p or ids[0]
    elif url_p and url_p != st.session_state.get("_url_p"):
        st.session_state.current = url_p

    raw = st.session_state.current
    r, error = None, None
    try:
        r = lookup(raw)
    except LookupError_ as e:
        error = str(e)
    except Exception as e:       # anything else from the graph: one line, no traceback
        error = f"could not look up '{raw}': {e.__class__.__name__}"

    pid = r["provision"] if r else None
    # Sync the widgets (before they are created in this run) and the URL.
    st.session_state.pid_input = pid or raw
    if pid in ids:
        st.session_state.pid_select = pid
    elif "pid_select" not in st.session_state:
        st.session_state.pid_select = ids[0]
    url_value = pid or raw
    if st.query_params.get("p") != url_value:
        st.query_params["p"] = url_value
    st.session_state._url_p = url_value

    c_in, c_sel, c_nav = st.columns([2, 4, 1.3], vertical_alignment="bottom")
    with c_in:
        st.text_input("Provision id", key="pid_input", on_change=_on_input,
                      placeholder="e.g. 27B2, 27b2, Law 27 B 2",
                      help="Type an id as in the Laws' index and press Enter: 27, 27B, 27B1(a), Definitions.")
    with c_sel:
        st.selectbox("…or pick from the list (document order)", ids, key="pid_select", on_change=_on_select,
                     format_func=lambda i: f"{i} — {titles[i][:70]}" if titles.get(i) else i)
    with c_nav:
        at = ids.index(pid) if pid in ids else None
        with st.container(horizontal=True, gap="small"):
            st.button("◀", key="nav-prev", help="Previous provision", on_click=go,
                      args=(ids[at - 1] if at else ids[0],), disabled=not at)
            st.button("▶", key="nav-next", help="Next provision", on_click=go,
                      args=(ids[at + 1] if at is not None and at + 1 < len(ids) else ids[-1],),
                      disabled=at is None or at + 1 >= len(ids))

    if error:
        st.error(error, icon="⚠️")
        st.caption("Provision ids are written as in the Laws' index: a law number, then section letter, item "
                   "number and sub-items — e.g. 27, 27B, 27B1, 27B1(a) — or Introduction, Definitions. "
                   "Case and spaces do not matter (\"law 27 b 1\").")
        return

    render(r, titles)


def render(r: dict, titles: dict[str, str]) -> None:
    pid = r["provision"]
    law_id = r["ancestors"][-1] if r["ancestors"] else pid
    law_title = titles.get(law_id) or r["titles"].get("en") or ""
    if law_title and law_id != pid:
        law_title = f"in {provision_heading(law_id)} · {law_title}"
    st.markdown(_one_block('<div class="lb-head" data-testid="provision-head">',
                           f'<span class="lb-id" data-testid="provision-id">{html.escape(provision_heading(pid))}</span>',
                           f'<span class="lb-lawtitle">{html.escape(law_title)}</span>' if law_title else "",
                           "</div>"), unsafe_allow_html=True)
    crumbs = list(reversed(r["ancestors"]))
    if crumbs:
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            st.markdown('<span class="lb-note">Part of</span>', unsafe_allow_html=True, width="content")
            for a in crumbs:
                st.button(provision_heading(a), key=f"crumb-{a}", on_click=go, args=(a,), type="tertiary")

    states = {lang: r["states"].get(lang) for lang in LANGS if r["states"].get(lang)}
    if len(set(states.values())) > 1:
        by_state: dict[str, list[str]] = {}
        for lang, s in states.items():
            by_state.setdefault(s, []).append(LANG_SUBTITLES[lang])
        parts = "; ".join(f"{' and '.join(v)}: the {k}" for k, v in sorted(by_state.items(), reverse=True))
        st.info(f"The languages give different states of the Laws here — {parts}. "
                "The texts are not translations of each other.", icon="ℹ️")

    st.markdown(legend(), unsafe_allow_html=True)
    for col, lang in zip(st.columns(3, gap="medium"), LANGS):
        with col:
            st.markdown(language_column(r, lang), unsafe_allow_html=True)

    st.write("")
    labels = reftype_labels()
    c_out, c_in = st.columns(2, gap="large")
    with c_out:
        st.subheader("References out", anchor=False)
        st.caption("Provisions this one refers to, with how it refers to them (hover for the words used).")
        nav_buttons(r["cites"], "ref-out", labels)
    with c_in:
        st.subheader("Referenced by", anchor=False)
        st.caption("Provisions that refer to this one.")
        nav_buttons(r["cited_by"], "ref-in", labels)

    c_up, c_down = st.columns(2, gap="large")
    with c_up:
        st.subheader("Parent", anchor=False)
        if r["parent"]:
            id_buttons([r["parent"]], "parent")
        else:
            st.markdown('<span class="lb-note">None: this is a top-level provision.</span>', unsafe_allow_html=True)
    with c_down:
        st.subheader("Contains", anchor=False)
        if r["children"]:
            id_buttons(r["children"], "child")
        else:
            st.markdown('<span class="lb-note">No sub-provisions.</span>', unsafe_allow_html=True)

    if pid == "Definitions":
        terms = glossary()
        st.subheader(f"Defined terms ({len(terms)})", anchor=False)
        st.caption("The Definitions of the Laws, in the three languages.")
    else:
        terms = r["terms"]
        st.subheader("Terms used", anchor=False)
        if terms:
            st.caption("Defined terms this provision uses; open one for its definition in the three languages.")
        else:
            st.markdown('<span class="lb-note">No defined terms found in this provision.</span>', unsafe_allow_html=True)
    for term in terms:
        term_expander(term)

    findings = r["findings"]
    if findings:
        st.subheader("Translation findings", anchor=False)
        st.caption("Where a Chinese text differs from the English in strength, polarity or references.")
        lines = []
        for f in findings:
            kind = FINDING_KINDS.get(f["kind"], f["kind"])
            who = LANG_SUBTITLES.get(f["lang"], f["lang"])
            lines.append(_one_block(f'<div class="lb-finding" data-testid="finding-{f["lang"]}-{f["kind"]}">'
                                    f'<b>{html.escape(who)}</b> differs from English in <b>{html.escape(kind)}</b>: '
                                    f'{html.escape(f["detail"])}</div>'))
        st.markdown(_one_block('<div class="lb-findings" data-testid="findings">', *lines, "</div>"),
                    unsafe_allow_html=True)
    render_editions(r, graph(), st)      # the older editions of this provision, with a diff (app/components/editions.py)
    st.divider()
    st.caption(f"Permalink: `?p={pid}` · document {r['doc']} · source spans are 1-based, inclusive.")


main()
