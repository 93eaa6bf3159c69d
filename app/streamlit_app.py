"""The app's entry: shared page config and theme, then an st.navigation router over the pages.

Run: `streamlit run app/streamlit_app.py` from the project root (./run.sh does). Pages live in
app/pages/, what they share in app/components/, their text in app/labels/labels.tsv.
"""
from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:       # `streamlit run app/...` puts app/ on the path, not the root
    sys.path.insert(0, str(ROOT))

from app.components.labels import LANG_NAMES, LANGS, t  # noqa: E402
from app.components.theme import CSS  # noqa: E402

st.set_page_config(page_title=t("app.title"), page_icon="♠", layout="wide")
st.html(CSS)
# One interface language for every page (st.session_state["lang"], shared with the chat); ?lang= sets it.
# The selectbox keeps its own key and writes the language only when the user changes it: a message sent
# while the first run was still loading had reset a widget keyed "lang" to English (seen in a screenshot).
if st.session_state.get("lang") not in LANGS:
    st.session_state.lang = st.query_params.get("lang") if st.query_params.get("lang") in LANGS else "en"


def _choose_language() -> None:
    st.session_state.lang = st.session_state.lang_choice


st.sidebar.selectbox(t("nav.language", st.session_state.lang), LANGS, index=LANGS.index(st.session_state.lang),
                     key="lang_choice", format_func=LANG_NAMES.get, on_change=_choose_language)
lang = st.session_state.lang

# The chat opens first (issue 11); a permalink `/?p=27B2` is sent on to the Laws page by the chat
# page itself, and `/laws?p=27B2` opens it directly.
PAGES = [
    st.Page(ROOT / "app" / "pages" / "ask.py", title=t("nav.ask", lang), icon=":material/forum:", url_path="ask", default=True),
    st.Page(ROOT / "app" / "pages" / "laws.py", title=t("nav.laws", lang), icon=":material/menu_book:", url_path="laws"),
    st.Page(ROOT / "app" / "pages" / "refmap.py", title=t("nav.map", lang), icon=":material/hub:", url_path="refmap"),
    st.Page(ROOT / "app" / "pages" / "findings.py", title=t("nav.findings", lang), icon=":material/translate:", url_path="findings"),
    st.Page(ROOT / "app" / "pages" / "index.py", title=t("nav.index", lang), icon=":material/sort_by_alpha:", url_path="index"),
    st.Page(ROOT / "app" / "pages" / "quiz.py", title=t("nav.quiz", lang), icon=":material/quiz:", url_path="quiz"),
    st.Page(ROOT / "app" / "pages" / "data.py", title=t("data.nav", lang), icon=":material/database:", url_path="data"),
]
st.navigation(PAGES).run()
