"""The Data page (issue 13): a read-only SPARQL console over the graph, with the documented example
queries (query/opendata/queries/*.rq), a results table, and downloads of the results and of the
graph (N-Quads, Turtle, N-Triples, JSON-LD; the whole graph or one document).

Queries go through the same checks and limits as the public endpoint (query/opendata/safety.py,
a worker process with a time limit, the result cap): the console cannot change the graph.
"""
from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

import streamlit as st

from app.components.labels import LANG_NAMES, LANGS, t
from query.errors import BadInput
from query.opendata import description, exports, safety
from query.opendata import store as datastore

TIME_LIMIT = 10.0
DUMP_FORMATS = {"nq": "application/n-quads", "ttl": "text/turtle", "nt": "application/n-triples",
                "jsonld": "application/ld+json"}


@st.cache_resource(show_spinner=False)
def _pool():
    """One query worker for the app (the endpoint's own worker process, time limit and checks)."""
    from query.opendata.workers import Pool
    return Pool(1, TIME_LIMIT, spare=False)


def run_query(text: str) -> tuple[str, bytes]:
    """(format name, body) of a checked query: SPARQL JSON for SELECT/ASK, Turtle for CONSTRUCT/DESCRIBE."""
    checked = safety.check(text)
    body, name, _ = _pool().run_sync((checked, ["json", "turtle"], [], []))
    return name, body


@st.cache_data(show_spinner=False, max_entries=8)
def dump(fmt: str, doc: str | None) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"dump.{fmt}"
        exports.export(fmt, out, doc)
        return out.read_bytes()


def _cell(term: dict | None) -> str:
    if not term:
        return ""
    value = term.get("value", "")
    if term.get("xml:lang"):
        return f"{value} @{term['xml:lang']}"
    return value


def _table(answer: dict) -> tuple[list[str], list[dict]]:
    names = answer["head"].get("vars", [])
    return names, [{n: _cell(b.get(n)) for n in names} for b in answer["results"]["bindings"]]


def _csv(names: list[str], rows: list[dict]) -> bytes:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=names)
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue().encode("utf-8")


def _default_language() -> str:
    """The page's language: its own picker, else the app's (session or ?lang=), else English."""
    lang = st.session_state.get("data_lang") or st.session_state.get("lang") or st.query_params.get("lang") or "en"
    return lang if lang in LANGS else "en"


def main() -> None:
    lang = _default_language()
    st.title(t("data.title", lang))
    st.markdown(f'<div class="lb-subtitle">{t("data.intro", lang)}</div>', unsafe_allow_html=True)
    lang = st.selectbox(t("nav.language", lang), LANGS, index=LANGS.index(lang), key="data_lang",
                        format_func=lambda code: LANG_NAMES[code])

    examples = description.examples()
    names = [e.name for e in examples]
    chosen = st.selectbox(t("data.example", lang), names, key="data_example",
                          format_func=lambda n: examples[names.index(n)].title(lang))
    example = examples[names.index(chosen)]
    st.caption(example.about(lang))
    if st.session_state.get("data_loaded") != chosen:      # a new example fills the editor
        st.session_state.data_query = example.text
        st.session_state.data_loaded = chosen
    query = st.text_area(t("data.query", lang), key="data_query", height=260)
    st.caption(t("data.limits", lang, chars=f"{safety.MAX_QUERY:,}", seconds=f"{TIME_LIMIT:g}"))
    if st.button(t("data.run", lang), type="primary", key="data_run"):
        try:
            st.session_state.data_result = run_query(query)
            st.session_state.data_error = None
        except BadInput as e:
            st.session_state.data_result = None
            st.session_state.data_error = str(e).splitlines()[0]
    if st.session_state.get("data_error"):
        st.error(t("data.error", lang, message=st.session_state.data_error))
    result = st.session_state.get("data_result")
    if result:
        name, body = result
        if name == "json":
            answer = json.loads(body)
            if "boolean" in answer:
                st.success(t("data.ask_yes", lang) if answer["boolean"] else t("data.ask_no", lang))
            else:
                cols, rows = _table(answer)
                st.markdown(t("data.rows", lang, n=len(rows)))
                st.dataframe(rows, column_order=cols, width="stretch", hide_index=True)
                st.download_button(t("data.download_csv", lang), _csv(cols, rows), "results.csv", "text/csv",
                                   key="data_dl_csv")
                st.download_button(t("data.download_json", lang), body, "results.srj",
                                   "application/sparql-results+json", key="data_dl_json")
        else:
            st.code(body.decode("utf-8")[:20_000], language="turtle")
            st.download_button(t("data.download_ttl", lang), body, "results.ttl", "text/turtle", key="data_dl_ttl")

    st.subheader(t("data.dumps", lang))
    st.caption(t("data.dumps_about", lang))
    docs = [""] + datastore.documents()
    c1, c2 = st.columns(2)
    doc = c1.selectbox(t("data.document", lang), docs, key="data_doc",
                       format_func=lambda d: d or t("data.all_documents", lang))
    fmt = c2.selectbox(t("data.format", lang), list(DUMP_FORMATS), key="data_fmt",
                       format_func=lambda f: {"nq": "N-Quads", "ttl": "Turtle", "nt": "N-Triples", "jsonld": "JSON-LD"}[f])
    if st.button(t("data.prepare", lang), key="data_prepare"):
        with st.spinner(t("data.preparing", lang)):
            st.session_state.data_dump = (fmt, doc, dump(fmt, doc or None))
    ready = st.session_state.get("data_dump")
    if ready:
        r_fmt, r_doc, data = ready
        st.download_button(t("data.download_dump", lang, size=f"{len(data) / 1e6:.1f}"), data,
                           f"bridge-laws{'-' + r_doc if r_doc else ''}.{r_fmt}", DUMP_FORMATS[r_fmt], key="data_dl_dump")
    st.caption(t("data.endpoint", lang))


main()
