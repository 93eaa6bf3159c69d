"""The chat's other answers (issue 11): search hits (each in the user's language, the other two one
click away, a link to the Laws page, and the no-good-match verdict), a provision, a score with its
Law 77 breakdown, IMPs (78B), VPs and a schedule row of the national regulations, each cited.
Also the chat's stylesheet. Answer dicts come from query/ask/answers.py."""
from __future__ import annotations

import html

import streamlit as st

from app.components.chat_ruling import provision_link
from app.components.labels import LANG_NAMES, LANGS, t

CSS = """
<style>
.ck-h { font-weight: 700; color: #1f2937; margin: 0.55rem 0 0.2rem 0; font-size: 0.98rem; }
.ck-read { color: #6b7280; font-size: 0.85rem; font-style: italic; }
.ck-n { color: #8a929e; font-weight: 600; }
.ck-id { font-weight: 700; color: #1f2937; }
.ck-chip { display: inline-block; border: 1px solid #c9d6ea; background: #eef3fa; color: #27446e; border-radius: 999px;
           padding: 0.1rem 0.6rem; font-size: 0.85rem; }
.ck-clause { color: #374151; line-height: 1.65; overflow-wrap: anywhere; border-left: 3px solid #e3e6ea;
             padding-left: 0.6rem; margin: 0.15rem 0 0.3rem 0; font-size: 0.95rem; }
.ck-concl { color: #111827; font-weight: 600; line-height: 1.6; overflow-wrap: anywhere; }
.ck-clause:lang(zh-Hant), .ck-concl:lang(zh-Hant), .ck-ask:lang(zh-Hant), .ck-judge:lang(zh-Hant),
.ck-text:lang(zh-Hant) { font-family: var(--cjk-tc); }
.ck-clause:lang(zh-Hans), .ck-concl:lang(zh-Hans), .ck-ask:lang(zh-Hans), .ck-judge:lang(zh-Hans),
.ck-text:lang(zh-Hans) { font-family: var(--cjk-sc); }
.ck-rects { margin: 0.1rem 0 0.2rem 1.1rem; padding: 0; }
.ck-muted { color: #6b7280; font-size: 0.85rem; }
.ck-judge { background: #fff8e6; border: 1px solid #f3dfa8; border-left: 4px solid #e0a100; border-radius: 8px;
            padding: 0.45rem 0.75rem; margin: 0.2rem 0; color: #3d3420; line-height: 1.6; }
.ck-ask { background: #eef6ff; border-left: 4px solid #3b82f6; border-radius: 6px; padding: 0.4rem 0.7rem;
          margin: 0.2rem 0 0.35rem 0; color: #1e3a5f; }
.ck-big { font-size: 1.35rem; font-weight: 700; color: #111827; margin: 0.1rem 0 0.3rem 0; }
.ck-hit-head { display: flex; gap: 0.5rem; align-items: baseline; flex-wrap: wrap; }
.ck-hit-title { color: #4b5563; }
.ck-text { line-height: 1.65; color: #1f2937; overflow-wrap: anywhere; }
.ck-none { background: #f3f4f6; border-radius: 8px; padding: 0.5rem 0.8rem; color: #374151; }
table.ck-table { border-collapse: collapse; font-size: 0.92rem; margin: 0.2rem 0; }
table.ck-table td, table.ck-table th { border-bottom: 1px solid #eef0f3; padding: 0.2rem 0.6rem 0.2rem 0; text-align: left; }
table.ck-table th { white-space: nowrap; }
table.ck-table td.num { text-align: right; font-variant-numeric: tabular-nums; }
[data-testid="stChatMessage"] { overflow-wrap: anywhere; }
[class*="st-key-switch-"] button p { color: #1f4e8c; text-decoration: underline; text-underline-offset: 3px; }
</style>
"""


def _slug(s: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in s)


def render_search(turn: dict, ui: str) -> None:
    a = turn["answer"]
    hits = a.get("hits") or []
    tid = turn["id"]
    if not a.get("good", True) or not hits:
        st.markdown(f'<div class="ck-none" data-testid="no-good-match">{html.escape(t("ask.search.none", ui))}</div>',
                    unsafe_allow_html=True)
        if not hits:
            return
        with st.expander(t("ask.search.nearest", ui), key=f"nearest-{tid}"):
            _hits(hits[:3], tid, ui)
        return
    st.markdown(f'<div class="ck-h">{html.escape(t("ask.search.best", ui))}</div>', unsafe_allow_html=True)
    _hits(hits[:5], tid, ui)


def _hits(hits: list[dict], tid: int, ui: str) -> None:
    for n, h in enumerate(hits, 1):
        key = f"{tid}-{_slug(h['id'] + (h.get('term') or ''))}"
        lang = h["lang"]
        with st.container(key=f"hit-{key}", border=True):
            with st.container(horizontal=True, gap="small", vertical_alignment="center"):
                st.markdown(f'<span class="ck-n">{n}.</span>', unsafe_allow_html=True, width="content")
                provision_link(h["provision"], ui, h["doc"])
                if h.get("title"):
                    st.markdown(f'<span class="ck-hit-title" lang="{lang}">{html.escape(h["title"])}</span>',
                                unsafe_allow_html=True)
            st.markdown(f'<div class="ck-text" lang="{lang}" data-testid="hit-text">{html.escape(h.get("text") or "")}</div>',
                        unsafe_allow_html=True)
            if h.get("asked_like"):
                st.caption(t("ask.search.asked", ui, q=h["asked_like"]["text"]))
            others = [x for x in LANGS if x != lang and (h.get("texts") or {}).get(x)]
            if others:
                with st.expander(t("ask.other_langs", ui) + ": " + " · ".join(LANG_NAMES[x] for x in others),
                                 key=f"langs-{key}"):
                    for x in others:
                        st.markdown(f'<div class="ck-text" lang="{x}"><b>{LANG_NAMES[x]}</b> '
                                    f'<span class="ck-hit-title">{html.escape((h.get("titles") or {}).get(x, ""))}</span><br>'
                                    f'{html.escape(h["texts"][x])}</div>', unsafe_allow_html=True)


def render_provision(turn: dict, ui: str) -> None:
    a = turn["answer"]
    pid, doc = a["provision"], a["doc"]
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        provision_link(pid, ui, doc)
    texts = dict(a["texts"])
    if not texts and a.get("parts"):       # no text of its own: its parts, each under its id
        for lang in LANGS:
            lines = [f'{p["provision"]} {p["texts"][lang]}' for p in a["parts"] if p["texts"].get(lang)]
            if lines:
                texts[lang] = "\n".join(lines)
    shown = ui if texts.get(ui) else next((x for x in LANGS if texts.get(x)), None)
    title = a["titles"].get(shown or ui) or next(iter(a["titles"].values()), "")
    if shown:
        body = html.escape(texts[shown]).replace("\n", "<br>")
        st.markdown(f'<div class="ck-text" lang="{shown}" data-testid="provision-text"><b>{html.escape(title)}</b><br>'
                    f'{body}</div>', unsafe_allow_html=True)
    else:
        st.caption(t("ask.provision.missing", ui))
    a = {**a, "texts": texts}
    others = [x for x in LANGS if x != shown and a["texts"].get(x)]
    if others:
        with st.expander(t("ask.other_langs", ui) + ": " + " · ".join(LANG_NAMES[x] for x in others),
                         key=f"plangs-{turn['id']}"):
            for x in others:
                st.markdown(f'<div class="ck-text" lang="{x}"><b>{LANG_NAMES[x]}</b> '
                            f'{html.escape(a["titles"].get(x) or "")}<br>{html.escape(a["texts"][x]).replace(chr(10), "<br>")}</div>',
                            unsafe_allow_html=True)


def _assumed(a: dict, ui: str) -> None:
    if a.get("assumed"):
        st.caption(t("ask.assumed", ui, what=", ".join(t(f"ask.assumed.{x}", ui) for x in a["assumed"])))


def render_score(turn: dict, ui: str) -> None:
    a = turn["answer"]
    vul = t("ask.vul" if a["vulnerable"] else "ask.nonvul", ui)
    head = t("ask.score.head", ui, contract=a["contract"], vul=vul, tricks=a["tricks"], score=format(a["score"], "+d"))
    st.markdown(f'<div class="ck-big" data-testid="score">{html.escape(head)}</div>', unsafe_allow_html=True)
    _assumed(a, ui)
    rows = "".join(f'<tr><td>{html.escape(i["item"])}</td><td class="num">{i["count"]} × {i["per"]}</td>'
                   f'<td class="num"><b>{i["points"]:+d}</b></td></tr>' for i in a.get("breakdown") or [])
    st.markdown(f'<div class="ck-h">{html.escape(t("ask.breakdown", ui))}</div>'
                f'<table class="ck-table" data-testid="breakdown">{rows}</table>', unsafe_allow_html=True)
    _cited(a, ui, turn["id"])


def render_imps(turn: dict, ui: str) -> None:
    a = turn["answer"]
    st.markdown(f'<div class="ck-big" data-testid="imps">{html.escape(t("ask.imps.head", ui, diff=a["diff"], imps=a["imps"]))}</div>',
                unsafe_allow_html=True)
    band = a.get("band") or {}
    if band:
        st.caption(t("ask.imps.band", ui, lo=band.get("from"), hi=band.get("to") if band.get("to") is not None else "…"))
    _cited(a, ui, turn["id"])


def render_vp(turn: dict, ui: str) -> None:
    a = turn["answer"]
    win, lose = a["vp"]
    head = t("ask.vp.head", ui, imps=a["imps"], boards=a["boards"], win=format(win, "g"), lose=format(lose, "g"))
    st.markdown(f'<div class="ck-big" data-testid="vp">{html.escape(head)}</div>', unsafe_allow_html=True)
    _cited(a, ui, turn["id"])


def _title(titles: dict, ui: str) -> str:
    return titles.get(ui) or titles.get("zh-Hans" if ui == "zh-Hant" else "en") or next(iter(titles.values()), "")


def render_schedule(turn: dict, ui: str, on_use) -> None:
    a = turn["answer"]
    title = _title(a.get("titles") or {}, ui) or a["schedule"]
    head = t("ask.schedule.head", ui, value=format(a["value"], "g"), row=a["row"], title=title)
    st.markdown(f'<div class="ck-big" data-testid="schedule">{html.escape(head)}</div>', unsafe_allow_html=True)
    if a.get("variant"):                             # which of the table's variants answered (Taiwan 11)
        st.caption(a["variant"]["label"])
    rows = "".join(f'<tr><th>{html.escape(t(k, ui))}</th><td lang="zh-Hans">{html.escape(a.get(f) or "")}</td></tr>'
                   for k, f in (("ask.schedule.condition", "condition"), ("ask.schedule.consequence", "consequence")))
    st.markdown(f'<table class="ck-table" data-testid="schedule-row">{rows}</table>', unsafe_allow_html=True)
    _assumed(a, ui)
    _cited(a, ui, turn["id"])
    alts = a.get("alternatives") or []
    if alts:
        st.caption(t("ask.schedule.others", ui))
        with st.container(horizontal=True, gap="small"):
            for i, alt in enumerate(alts):
                st.button(t("ask.schedule.use", ui, title=_title(alt["titles"], ui) or alt["schedule"]),
                          key=f"alt-{turn['id']}-{i}", on_click=on_use, args=(turn["id"], alt["schedule"]))


def _cited(a: dict, ui: str, tid: int) -> None:
    cites = a.get("citations") or []
    if not cites:
        return
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.caption(t("ask.cited", ui, ids=""), width="content")
        for c in cites:
            doc, _, pid = c.rpartition(":")
            provision_link(pid if doc else c, ui, doc or "wbf2017")
