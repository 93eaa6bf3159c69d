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

PAGES = [
    st.Page(ROOT / "app" / "pages" / "laws.py", title=t("nav.laws"), icon="📖", url_path="laws", default=True),
    st.Page(ROOT / "app" / "pages" / "data.py", title=t("data.nav"), icon="🗄️", url_path="data"),
]
st.navigation(PAGES).run()
