"""The search box on the law browser's first screen (issue 4).

A question in English, Traditional or Simplified Chinese ("my opponent bid too low, can I accept
it?", "對手叫價不足可以接受嗎", "藏牌成立后怎么处理") finds provisions of every document in the
graph (query/search/hybrid.py). Each hit shows its text in the user's language (the language picked here,
else the question's), the other languages one click away (an expander), and a button that opens
it in the law browser below (`on_open(id)` sets the browser's provision, as the reference buttons do).
Under the text, in small italics, the question card it matched (query/search/cards.py): why it came up,
marked as a search aid, never as law text.
"""
from __future__ import annotations

import html

import streamlit as st

from app.components.labels import t

LANGS = ("en", "zh-Hant", "zh-Hans")
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
SHOW_CHOICES = ("auto", *LANGS)
SHOW_LABELS = {"auto": "the question's language", **LANG_NAMES}
EXAMPLES = ("my opponent bid too low, can I accept it?", "對手叫價不足可以接受嗎", "藏牌成立后怎么处理")
HOME_DOC = "wbf2017"      # hits of other documents carry a badge naming theirs

CSS = """
<style>
.sp-hit { border: 1px solid #e3e6ea; border-radius: 10px; padding: 0.6rem 0.9rem 0.5rem 0.9rem;
          background: #fbfcfd; margin: 0.15rem 0 0.1rem 0; }
.sp-head { display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; }
.sp-rank { color: #8a929e; font-size: 0.85rem; }
.sp-id { font-weight: 700; color: #1f2937; }
.sp-doc { font-size: 0.72rem; padding: 0.05rem 0.45rem; border-radius: 999px; background: #eef2f7; color: #3d4b60; }
.sp-title { color: #4b5563; }
.sp-score { margin-left: auto; color: #8a929e; font-size: 0.78rem; font-family: ui-monospace, Menlo, Consolas, monospace; }
.sp-text { margin-top: 0.25rem; line-height: 1.65; color: #1f2937; overflow-wrap: anywhere; }
.sp-text:lang(zh-Hant) { font-family: "Noto Sans CJK TC", "WenQuanYi Micro Hei", sans-serif; }
.sp-text:lang(zh-Hans) { font-family: "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif; }
.sp-asked { margin-top: 0.2rem; font-size: 0.82rem; color: #6b7280; font-style: italic; }
.sp-other { font-size: 0.93rem; line-height: 1.65; margin-bottom: 0.4rem; }
.sp-other b { color: #374151; }
</style>
"""


@st.cache_resource(show_spinner="Loading the search index (built once into .cache/ if missing) …")
def engine():
    from query.search.hybrid import Search
    return Search()


@st.cache_data(show_spinner=False, max_entries=256)
def run_search(text: str, lang: str | None, k: int) -> dict:
    """The hits, and whether the best of them answers the question at all: the chat's "no good match"
    verdict (query/ask/match.py; measured for this page too, docs/app.md "No good match")."""
    from query.ask.match import good_match, signals
    from query.search.tokenize import detect_lang
    s = engine()
    r = s.search(text, k=k, lang=lang)
    sig = signals(s, s.components(r["query"], detect_lang(r["query"])), r["query"])
    return {**r, "signals": sig, "good": good_match(sig)}


def slug(hit_id: str) -> str:
    """A widget key / test id from a hit id: wbf2017:27B1(a) -> wbf2017-27B1-a."""
    return hit_id.replace(":", "-").replace(")(", "-").replace("(", "-").replace(")", "").replace("#", "-").replace(".", "_")


def heading(h: dict) -> str:
    p = h["provision"]
    return f"Law {p}" if h.get("law") is not None and p[:1].isdigit() else p


def _hit_html(n: int, h: dict, ui: str = "en") -> str:
    lang = h["lang"]
    term = h.get("term")
    title = h.get("title") or ""
    text = h.get("text") or ""
    doc = "" if h["doc"] == HOME_DOC else f'<span class="sp-doc">{html.escape(h["doc"])}</span>'
    return "".join([
        f'<div class="sp-hit" data-testid="search-hit-{html.escape(slug(h["id"] + ("#" + term if term else "")))}">',
        '<div class="sp-head">',
        f'<span class="sp-rank">{n}.</span>',
        f'<span class="sp-id" data-testid="search-hit-id">{html.escape(heading(h))}</span>{doc}',
        f'<span class="sp-title" lang="{lang}">{html.escape(title)}</span>',
        f'<span class="sp-score" title="relative score (the best hit is 1)">{h["score"]:.2f}</span>',
        '</div>',
        f'<div class="sp-text" lang="{lang}" data-testid="search-hit-text">{html.escape(text)}</div>',
        _asked_html(h.get("asked_like"), ui),
        '</div>']).replace("\n", " ")


def _asked_html(like: dict | None, ui: str = "en") -> str:
    """The question card nearest the user's question: why this hit came up, marked as a search aid."""
    if not like:
        return ""
    return (f'<div class="sp-asked" lang="{like["lang"]}" data-testid="search-hit-asked" '
            f'title="{html.escape(t("laws.search.asked.help", ui))}">{html.escape(t("ask.search.asked", ui, q=like["text"]))}</div>')


def render_search(on_open, ui: str = "en") -> None:
    """The search box and its hits; `on_open("doc:id")` opens a hit (of any document) in the law browser."""
    st.html(CSS)
    c_q, c_lang = st.columns([5, 1.4], vertical_alignment="bottom")
    with c_q:
        text = st.text_input(t("laws.search.label", ui), key="search_q",
                             placeholder=t("laws.search.eg", ui) + " " + " · ".join(EXAMPLES),
                             help=t("laws.search.help", ui))
    with c_lang:
        show = st.selectbox(t("laws.search.showin", ui), SHOW_CHOICES, key="search_lang",
                            format_func=lambda c: t("laws.search.auto", ui) if c == "auto" else LANG_NAMES[c])
    if not text or not text.strip():
        return
    from query.errors import BadInput
    try:
        r = run_search(text, None if show == "auto" else show, 10)
    except BadInput as e:
        st.warning(str(e).splitlines()[0], icon=":material/warning:")
        return
    except Exception as e:       # a missing model or index: one line, never a traceback
        st.error(t("laws.search.unavailable", ui, why=f"{e.__class__.__name__}: {str(e).splitlines()[0] if str(e) else ''}"),
                 icon=":material/warning:")
        return
    hits = r["hits"]
    if not hits:
        st.info(t("laws.search.none", ui), icon=":material/search_off:")
        return
    if not r.get("good", True):     # the best hit is weak: say so before showing the nearest ones
        st.warning(t("laws.search.nomatch", ui), icon=":material/search_off:")
    many = st.toggle(t("laws.search.ten", ui), key="search_more", value=False)
    st.caption(t("laws.search.count", ui, n=len(hits), shown=LANG_NAMES.get(r["lang"], r["lang"])))
    with st.container(key="search_results"):
        for n, h in enumerate(hits[:10 if many else 5], 1):
            st.markdown(_hit_html(n, h, ui), unsafe_allow_html=True)
            key = slug(h["id"] + ("#" + h["term"] if h.get("term") else ""))
            c_more, c_open = st.columns([5, 1.4], vertical_alignment="top")
            with c_more:
                others = [x for x in LANGS if x != h["lang"] and h["texts"].get(x)]
                if others:
                    with st.expander(t("laws.search.other", ui) + " " + " · ".join(LANG_NAMES[x] for x in others),
                                     key=f"search-langs-{key}"):
                        for x in others:
                            title = h["titles"].get(x, "")
                            st.markdown(f'<div class="sp-other" lang="{x}"><b>{LANG_NAMES[x]}</b> '
                                        f'<span class="sp-title">{html.escape(title)}</span><br>'
                                        f'{html.escape(h["texts"][x])}</div>', unsafe_allow_html=True)
            with c_open:
                st.button(t("laws.search.open", ui), key=f"search-open-{key}", on_click=on_open,
                          args=(f"{h['doc']}:{h['provision']}",), help=t("laws.search.open.help", ui, id=h["id"]))
