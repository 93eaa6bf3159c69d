"""The Laws page: one provision of any document in the graph (the 2017 Laws, the 1987 and 2007
editions, CCBA 2018, the Taiwan regulations, the WBF policies) in English, Traditional and
Simplified Chinese side by side, with its strength words, lead-in, whole text (a law or section
with all its parts), tables from data (Law 77, 78B, the regulations' schedules), cross-references
out and in with their two-hop map, structure, defined terms, translation findings and editions.

Links: `?p=27B2` (the 2017 Laws), `?p=ccba2018:21`, `?p=twreg:11`, `?p=wbf1987:27B1(b)`,
`?p=wbfsys2023:2.3`. An id without a prefix is read in the document being browsed; if that document
has no such id and several others do, the page asks which one (it never guesses).
"""
from __future__ import annotations

import html
from pathlib import Path

import streamlit as st

from app.components.editions import render_editions
from app.components.graph_data import (DOC_ORDER, glossary, graph, lookup, provision_ids, reftype_labels,
                                       strength_labels, titles, where)
from app.components.theme import CSS as THEME
from app.components.labels import t
from app.components.provision import (LANGS, _one_block, full_key, go, id_buttons, language_column, legend,
                                      nav_buttons, provision_heading, state_label, term_expander)
from app.components.search_hits import render_search
from query.lookup import LookupError_, normalise_id

ROOT = Path(__file__).resolve().parents[2]
HOME = "wbf2017"


def _ui() -> str:
    return st.session_state.get("lang", "en") if st.session_state.get("lang") in LANGS else "en"


def display_key(doc: str, pid: str) -> str:
    """What the URL and the id box show: bare for the 2017 Laws, doc:id for the others."""
    return pid if doc == HOME else f"{doc}:{pid}"


def place(raw: str, context: str) -> tuple[str, object]:
    """Where an id leads: ("open", (doc, pid)), ("ask", [docs]) or ("error", message).
    A prefix names the document; a bare id is read in `context` if it is there, else in the one
    document that has it; several such documents are asked about."""
    try:
        docs = where(raw)
    except LookupError_ as e:
        return "error", str(e)
    prefix, pid = normalise_id(raw)
    if prefix:
        if prefix not in DOC_ORDER:
            return "error", t("laws.err.doc", _ui(), doc=prefix, docs=", ".join(DOC_ORDER))
        return "open", (prefix, pid)
    if context in docs:
        return "open", (context, pid)
    if len(docs) == 1:
        return "open", (docs[0], pid)
    if len(docs) > 1:
        return "ask", docs
    return "open", (context, pid)        # unknown: lookup says so, with suggestions


def _on_input() -> None:
    st.session_state.current = st.session_state.pid_input


def _on_select() -> None:
    st.session_state.current = full_key(st.session_state.doc, st.session_state.pid_select)


def _on_doc() -> None:
    doc = st.session_state.doc_select
    st.session_state.doc = doc
    ids = provision_ids(doc)
    st.session_state.current = full_key(doc, ids[0]) if ids else doc + ":1"


def _scroll_to_provision() -> None:
    """After a search hit is opened, bring the provision into view (the hits stay above it)."""
    import streamlit.components.v1 as components
    components.html("<script>const h = window.parent.document.querySelector('[data-testid=\"provision-head\"]');"
                    "if (h) { h.scrollIntoView({behavior: 'instant', block: 'start'}); }</script>", height=0)


def _open_hit(key: str) -> None:
    go(key)
    st.session_state.scroll = True


def main() -> None:
    st.html(THEME)      # the router's copy is not applied when a page is opened by its own URL
    ui = _ui()
    st.title(t("laws.title", ui))
    st.markdown(f'<div class="lb-subtitle">{html.escape(t("laws.subtitle", ui))}</div>', unsafe_allow_html=True)
    try:
        graph()
        ids = provision_ids(HOME)
    except Exception as e:       # a missing or broken graph: say so, never a traceback
        built = any((ROOT / "laws_ttl").glob("*.ttl"))
        st.error(t("laws.err.graph", ui, why=f"{e.__class__.__name__}: {str(e).splitlines()[0] if str(e) else ''}")
                 + ("" if built else " " + t("laws.err.build", ui)))
        return
    if not ids:
        st.error(t("laws.err.empty", ui))
        return

    # The search (app/components/search_hits.py) folds into one line so that on a phone the law
    # text stays on the first screen; it opens by itself while there is a question.
    with st.expander(t("laws.search.fold", ui), expanded=bool(st.session_state.get("search_q")), key="search-fold",
                     icon=":material/search:"):
        render_search(_open_hit, ui)

    # Where we are: the URL (?p=) on a fresh session or when it was changed from outside,
    # otherwise whatever the id box, the lists or a button set.
    url_p = st.query_params.get("p")
    if "current" not in st.session_state:
        st.session_state.current = url_p or full_key(HOME, ids[0])
    elif url_p and url_p != st.session_state.get("_url_p"):
        st.session_state.current = url_p
    st.session_state.setdefault("doc", HOME)

    raw = st.session_state.current
    outcome, where_to = place(raw, st.session_state.doc)
    r, error, ask = None, None, None
    if outcome == "error":
        error = where_to
    elif outcome == "ask":
        ask = where_to
    else:
        doc, pid = where_to
        try:
            r = lookup(pid, doc)
            st.session_state.doc = doc
        except LookupError_ as e:
            error = str(e)
        except Exception as e:       # anything else from the graph: one line, no traceback
            error = t("laws.err.lookup", ui, id=raw, why=e.__class__.__name__)

    doc = st.session_state.doc
    doc_ids = provision_ids(doc)
    pid = r["provision"] if r else None
    # Sync the widgets (before they are created in this run) and the URL.
    st.session_state.pid_input = display_key(doc, pid) if pid else raw
    st.session_state.doc_select = doc
    if pid in doc_ids:
        st.session_state.pid_select = pid
    elif st.session_state.get("pid_select") not in doc_ids:
        st.session_state.pid_select = doc_ids[0]
    url_value = display_key(doc, pid) if pid else raw
    if st.query_params.get("p") != url_value:
        st.query_params["p"] = url_value
    st.session_state._url_p = url_value

    c_doc, c_in, c_sel, c_nav = st.columns([2.2, 1.6, 3.4, 1.1], vertical_alignment="bottom")
    with c_doc:
        st.selectbox(t("laws.doc", ui), DOC_ORDER, key="doc_select", on_change=_on_doc,
                     format_func=lambda d: t(f"common.doc.{d}", ui))
    with c_in:
        st.text_input(t("laws.id", ui), key="pid_input", on_change=_on_input,
                      placeholder=t("laws.id.placeholder", ui), help=t("laws.id.help", ui))
    with c_sel:
        names = titles(doc, ui)
        st.selectbox(t("laws.list", ui), doc_ids, key="pid_select", on_change=_on_select,
                     format_func=lambda i: f"{i} — {names[i][:70]}" if names.get(i) else i)
    with c_nav:
        at = doc_ids.index(pid) if pid in doc_ids else None
        with st.container(horizontal=True, gap="small"):
            st.button("◀", key="nav-prev", help=t("laws.prev", ui), on_click=go,
                      args=(full_key(doc, doc_ids[at - 1] if at else doc_ids[0]),), disabled=not at)
            st.button("▶", key="nav-next", help=t("laws.next", ui), on_click=go,
                      args=(full_key(doc, doc_ids[at + 1] if at is not None and at + 1 < len(doc_ids) else doc_ids[-1]),),
                      disabled=at is None or at + 1 >= len(doc_ids))

    if ask:
        st.warning(t("laws.ask", ui, id=raw), icon=":material/help:")
        _, bare = normalise_id(raw)
        with st.container(horizontal=True, gap="small", key="ask-docs"):
            for d in ask:
                st.button(f"{t(f'common.doc.{d}', ui)} · {d}:{bare}", key=f"ask-{d}", on_click=go,
                          args=(full_key(d, bare),))
    elif error:
        st.error(error, icon=":material/warning:")
        st.caption(t("laws.err.help", ui))
    else:
        render(r, ui)
    if st.session_state.pop("scroll", False) and r:
        _scroll_to_provision()


def _also_in(r: dict, ui: str) -> None:
    """The same id in other documents: one click away, so a bare id is never silently one of many."""
    others = [d for d in where(r["provision"]) if d != r["doc"]]
    if not others:
        return
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="also-in"):
        st.markdown(f'<span class="lb-note">{html.escape(t("laws.alsoin", ui, id=r["provision"]))}</span>',
                    unsafe_allow_html=True, width="content")
        for d in others:
            st.button(f"{d}:{r['provision']}", key=f"also-{d}", on_click=go, args=(full_key(d, r["provision"]),),
                      type="tertiary", help=t(f"common.doc.{d}", ui))


def render(r: dict, ui: str) -> None:
    from app.components.tables import has_table, render_tables, replaces_text
    doc, pid = r["doc"], r["provision"]
    names = titles(doc, ui)
    top = r["ancestors"][-1] if r["ancestors"] else pid
    law_title = names.get(top) or r["titles"].get(ui) or r["titles"].get("en") or r["titles"].get("zh-Hant") or ""
    if law_title and top != pid:
        law_title = t("laws.in", ui, law=provision_heading(top, doc, ui), title=law_title)
    badge = "" if doc == HOME else f'<span class="lb-docbadge" data-testid="provision-doc">{html.escape(t(f"common.doc.{doc}", ui))}</span>'
    st.markdown(_one_block('<div class="lb-head" data-testid="provision-head">',
                           f'<span class="lb-id" data-testid="provision-id">{html.escape(provision_heading(pid, doc, ui))}</span>',
                           badge,
                           f'<span class="lb-lawtitle">{html.escape(law_title)}</span>' if law_title else "",
                           "</div>"), unsafe_allow_html=True)
    crumbs = list(reversed(r["ancestors"]))
    if crumbs:
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            st.markdown(f'<span class="lb-note">{html.escape(t("laws.partof", ui))}</span>', unsafe_allow_html=True,
                        width="content")
            for a in crumbs:
                st.button(provision_heading(a, doc, ui), key=f"crumb-{a}", on_click=go, args=(full_key(doc, a),),
                          type="tertiary")
    _also_in(r, ui)

    states = {lang: r["states"].get(lang) for lang in LANGS if r["states"].get(lang)}
    if len(set(states.values())) > 1:
        by_state: dict[str, list[str]] = {}
        for lang, s in states.items():
            by_state.setdefault(state_label(s, ui), []).append(t(f"common.lang.{lang}", ui))
        parts = "; ".join(f"{' · '.join(v)}: {k}" for k, v in sorted(by_state.items(), reverse=True))
        st.info(t("laws.states", ui, parts=parts), icon=":material/info:")

    table = has_table(r)
    order = (ui, *[x for x in LANGS if x != ui])      # the reader's language first (first on a phone)
    # the 2017 Laws always in three columns (a missing text is said); other documents in the languages they have
    shown = [lang for lang in order if doc == HOME or r["texts"].get(lang) or r["titles"].get(lang)
             or (r.get("full_text") or {}).get(lang)]
    st.markdown(legend(ui, strength_labels()), unsafe_allow_html=True)
    for col, lang in zip(st.columns(len(shown) or 1, gap="medium"), shown or order):
        with col:
            st.markdown(language_column(r, lang, ui, table_note=replaces_text(r)), unsafe_allow_html=True)
    if table:
        render_tables(r, ui)

    st.write("")
    labels = reftype_labels(ui)
    c_out, c_in = st.columns(2, gap="large")
    with c_out:
        st.subheader(t("laws.refs.out", ui), anchor=False)
        st.caption(t("laws.refs.out.caption", ui))
        nav_buttons(r["cites"], "ref-out", labels, ui)
    with c_in:
        st.subheader(t("laws.refs.in", ui), anchor=False)
        st.caption(t("laws.refs.in.caption", ui))
        nav_buttons(r["cited_by"], "ref-in", labels, ui)
    render_map(r, ui, labels)

    c_up, c_down = st.columns(2, gap="large")
    with c_up:
        st.subheader(t("laws.parent", ui), anchor=False)
        if r["parent"]:
            id_buttons([r["parent"]], "parent", doc)
        else:
            st.markdown(f'<span class="lb-note">{html.escape(t("laws.parent.none", ui))}</span>', unsafe_allow_html=True)
    with c_down:
        st.subheader(t("laws.children", ui), anchor=False)
        if r["children"]:
            id_buttons(r["children"], "child", doc)
        else:
            st.markdown(f'<span class="lb-note">{html.escape(t("laws.children.none", ui))}</span>', unsafe_allow_html=True)

    if pid == "Definitions" and doc == HOME:
        terms = glossary()
        st.subheader(t("laws.terms.all", ui, n=len(terms)), anchor=False)
    else:
        terms = r["terms"]
        st.subheader(t("laws.terms", ui), anchor=False)
        if not terms:
            st.markdown(f'<span class="lb-note">{html.escape(t("laws.terms.none", ui))}</span>', unsafe_allow_html=True)
    for term in terms:
        term_expander(term, ui)

    render_findings(r, ui)
    if doc in ("wbf2017", "wbf1987", "wbf2007"):      # the Laws' editions (app/components/editions.py)
        render_editions(r, graph(), st, ui)
    st.caption(t("laws.permalink", ui, link=display_key(doc, pid), doc=doc))


FINDING_KINDS = ("strength", "polarity", "reference", "term", "missing-clause", "missing-expression")


def finding_html(f: dict, ui: str) -> str:
    """One translation finding: who differs in what, how much it matters, and the two clauses."""
    kind = t(f"laws.finding.{f['kind']}", ui) if f["kind"] in FINDING_KINDS else f["kind"]
    who = t(f"common.lang.{f['lang']}", ui) if f["lang"] in LANGS else f["lang"]
    sev = f.get("severity") or ""
    badge = (f'<span class="lb-sev lb-sev-{"rule" if sev.startswith("changes") else "wording"}">'
             f'{html.escape(t("laws.severity.rule" if sev.startswith("changes") else "laws.severity.wording", ui))}</span> '
             if sev else "")
    pair = ""
    if f.get("en_clause") or f.get("zh_clause"):
        pair = (f'<div class="lb-pair"><span lang="en">{html.escape(f.get("en_clause") or "—")}</span>'
                f'<span lang="{html.escape(f["lang"])}">{html.escape(f.get("zh_clause") or "—")}</span></div>')
    return _one_block(f'<div class="lb-finding" data-testid="finding-{f["lang"]}-{f["kind"]}">', badge,
                      html.escape(t("laws.finding.line", ui, who=who, kind=kind)), ": ",
                      f'{html.escape(f["detail"])}{pair}</div>')


def render_findings(r: dict, ui: str) -> None:
    """Where a Chinese text differs from the English (docs/translation-report.md), with the clauses compared."""
    findings = r["findings"]
    st.subheader(t("laws.findings", ui, n=len(findings)), anchor=False)
    if not findings:
        st.markdown(f'<span class="lb-note">{html.escape(t("laws.findings.none", ui))}</span>', unsafe_allow_html=True)
        return
    st.markdown(_one_block('<div class="lb-findings" data-testid="findings">', *(finding_html(f, ui) for f in findings),
                           "</div>"), unsafe_allow_html=True)


def render_map(r: dict, ui: str, labels: dict[str, str]) -> None:
    """The provision's references two hops out and in, as a graph; its nodes as buttons below."""
    from app.components.refmap import TYPE_COLOURS, dot
    centre = display_key(r["doc"], r["provision"])
    with st.expander(t("laws.map", ui), key="map", expanded=False):
        src, nodes = dot(centre, labels)
        if len(nodes) < 2:
            st.markdown(f'<span class="lb-note">{html.escape(t("laws.map.none", ui))}</span>', unsafe_allow_html=True)
            return
        st.caption(t("laws.map.caption", ui, n=len(nodes)))
        chips = " ".join(f'<span class="lb-chip" style="border-color:{c};color:{c}">{html.escape(labels.get(k, k))}</span>'
                         for k, c in TYPE_COLOURS.items())
        st.markdown(f'<div class="lb-maplegend" data-testid="map-legend">{chips} '
                    f'<span class="lb-chip lb-chip-bad">{html.escape(t("laws.map.disagree", ui))}</span></div>',
                    unsafe_allow_html=True)
        with st.container(key="refmap"):
            st.graphviz_chart(src, width="content")
        with st.container(horizontal=True, gap="small", key="map-nodes"):
            for n in nodes:
                if n != centre:
                    target = n if ":" in n else full_key(HOME, n)
                    st.button(n, key=f"map-{n}", on_click=go, args=(target,), type="tertiary")


main()
