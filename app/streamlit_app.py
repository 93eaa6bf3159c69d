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

from app.components.labels import t  # noqa: E402
from app.components.theme import CSS  # noqa: E402

st.set_page_config(page_title=t("app.title"), page_icon="♠", layout="wide")
st.html(CSS)

# The chat opens first (issue 11); a permalink `/?p=27B2` is sent on to the Laws page by the chat
# page itself, and `/laws?p=27B2` opens it directly.
UI = st.session_state.get("ask_ui", "en")       # the chat's interface language, once it is known
PAGES = [
    st.Page(ROOT / "app" / "pages" / "ask.py", title=t("nav.ask", UI), icon=":material/forum:", url_path="ask", default=True),
    st.Page(ROOT / "app" / "pages" / "laws.py", title=t("nav.laws", UI), icon=":material/menu_book:", url_path="laws"),
    st.Page(ROOT / "app" / "pages" / "data.py", title=t("data.nav", UI), icon="🗄️", url_path="data"),
]
st.navigation(PAGES).run()
