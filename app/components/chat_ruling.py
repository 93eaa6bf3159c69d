"""A ruling in the chat (issue 11): what was understood as fact chips (each can be changed or
removed, and the ruling is worked out again), the steps in order (provision link, strength badge,
the clause in the user's language, the conclusion), the rectifications, the Director's judgement
points shown as questions (never answered here), and quick replies for the facts still missing
(a click adds the answer and rules again, as Docassemble asks for the next missing fact).

The answer dicts come from query/ask/answers.py; `actions` are the page's callbacks
(`reply(turn, fact, value, label)`, `edit(turn, fact, value)`, `remove(turn, fact)`).
"""
from __future__ import annotations

import html
import json

import streamlit as st

from app.components.labels import t, table

LAWS_PAGE = "pages/laws.py"
BROWSER_DOCS = ("wbf2017",)
SEATS = ("N", "E", "S", "W")


def fact_label(fact: str, lang: str) -> str:
    key = f"ask.fact.{fact}"
    return t(key, lang) if key in table() else fact.replace("_", " ")


def value_label(value, lang: str) -> str:
    """A fact's value as a person reads it: yes/no, seat names, calls, labelled enum values."""
    if isinstance(value, bool):
        return t("ask.yes" if value else "ask.no", lang)
    if isinstance(value, dict):
        if "call" in value:
            seat = value.get("seat")
            return f"{value_label(seat, lang)} {value['call']}" if seat else str(value["call"])
        return ", ".join(f"{k}: {value_label(v, lang)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(value_label(v, lang) for v in value)
    if value is None:
        return "—"
    key = f"ask.value.{value}"
    if key in table():
        return t(key, lang)
    # the reader's table of answer options labels the other enumerated values ("concession" -> 让墩, "agreed" -> 同意),
    # and the graph the kinds of irregularity ("extraneous_information" -> 来自其他来源的额外信息)
    from query.graph import shared
    from query.rulings.scenario.contract import irregularity_labels, value_labels
    g = shared()
    labels = value_labels().get(str(value)) or irregularity_labels(id(g), g).get(str(value), {})
    return labels.get(lang) or str(value).replace("_", " ")


def option_label(option: dict, lang: str) -> str:
    return option.get("label") or value_label(option["value"], lang)


MOST_BUTTONS = 6     # more options than this (every irregularity, when none could be told): the likeliest as buttons


def _replies(m: dict, tid: int, lang: str, ui: str, reply) -> None:
    """Quick replies to a missing fact: a button an option; of a long list (the reader puts the likeliest
    first), the first few as buttons and the rest in a select one can type into."""
    opts = m["options"]
    shown = opts if len(opts) <= MOST_BUTTONS else opts[:MOST_BUTTONS - 2]
    with st.container(horizontal=True, gap="small", key=f"replies-{tid}-{m['fact']}"):
        for i, o in enumerate(shown):
            label = option_label(o, lang)
            st.button(label, key=f"reply-{tid}-{m['fact']}-{i}", on_click=reply, args=(tid, m["fact"], o["value"], label, m["question"]))
    rest = opts[len(shown):]
    if rest:
        key = f"reply-{tid}-{m['fact']}-other"

        def chosen() -> None:
            o = rest[st.session_state[key]]
            reply(tid, m["fact"], o["value"], option_label(o, lang), m["question"])
        st.selectbox(t("ask.missing.other", ui), range(len(rest)), index=None, key=key, on_change=chosen,
                     format_func=lambda i: option_label(rest[i], lang), placeholder=t("ask.missing.other", ui),
                     label_visibility="collapsed")


def provision_link(pid: str, lang: str, doc: str = "wbf2017") -> None:
    """A link that opens the provision on the Laws page (the conversation stays in the session);
    a provision of another document is linked by its prefixed id (the Laws page opens every document)."""
    if doc in BROWSER_DOCS and ":" not in pid:
        label = f"Law {pid}" if pid[:1].isdigit() else pid
        st.page_link(LAWS_PAGE, label=label, query_params={"p": pid}, help=t("ask.open", lang, id=pid), icon=":material/menu_book:")
    else:        # the Laws page opens every document by its prefixed id (issue 16)
        key = pid if ":" in pid else f"{doc}:{pid}"
        st.page_link(LAWS_PAGE, label=key, query_params={"p": key}, help=t("ask.open", lang, id=key), icon=":material/menu_book:")


def strength_badge(level: str | None, lang: str, word: str | None = None) -> str:
    if not level:
        return ""
    name = t(f"ask.level.{level}", lang) if f"ask.level.{level}" in table() else level
    shown = html.escape(word or name)
    return (f'<mark class="sw sw-{html.escape(level)}" data-level="{html.escape(level)}" '
            f'title="{html.escape(name)}">{shown}</mark>')


def _parse_value(d, raw: str):
    """A value typed into a chip's box, read by the fact's type (the reasoner validates it)."""
    raw = raw.strip()
    if d is None:
        return raw
    if d.type == "integer":
        return int(raw)
    if d.type == "seated_call":
        seat, _, call = raw.replace(",", " ").partition(" ")
        return {"seat": seat.strip().upper()[:1], "call": call.strip().upper()}
    if d.type == "cards":
        return [c.strip().upper() for c in raw.replace(",", " ").split() if c.strip()]
    if d.type == "auction":
        return json.loads(raw)
    return raw.upper() if d.type == "call" else raw


def _choices(d) -> list | None:
    if d is None:
        return None
    if d.type == "boolean":
        return [True, False]
    if d.type == "seat":
        return list(SEATS)
    if d.allowed:
        return list(d.allowed)
    return None


def _chip(turn: dict, fact: str, value, lang: str, vocab: dict, actions: dict, live: bool) -> None:
    label = f"{fact_label(fact, lang)}: {value_label(value, lang)}"
    tid = turn["id"]
    if not live:
        st.markdown(f'<span class="ck-chip" data-testid="chip-{html.escape(fact)}">{html.escape(label)}</span>',
                    unsafe_allow_html=True)
        return
    with st.popover(label, key=f"chip-{tid}-{fact}"):
        d = vocab.get(fact)
        choices = _choices(d)
        if choices:
            index = choices.index(value) if value in choices else 0
            st.selectbox(t("ask.chip.value", lang), choices, index=index, key=f"chipv-{tid}-{fact}",
                         format_func=lambda v: value_label(v, lang))       # read back by _apply
        else:
            shown = value_label(value, "en") if isinstance(value, dict) and "call" in value else (
                json.dumps(value) if isinstance(value, (list, dict)) else str(value))
            st.text_input(t("ask.chip.value", lang), value=shown, key=f"chipv-{tid}-{fact}")
        with st.container(horizontal=True, gap="small"):
            st.button(t("ask.chip.apply", lang), key=f"chipa-{tid}-{fact}", type="primary", on_click=_apply,
                      args=(actions, tid, fact, d, bool(choices)))
            st.button(t("ask.chip.remove", lang), key=f"chipr-{tid}-{fact}", on_click=actions["remove"], args=(tid, fact))


def _apply(actions: dict, tid: int, fact: str, d, chosen: bool) -> None:
    """A chip's Apply: the value from its box (typed values read by the fact's type), then rule again."""
    raw = st.session_state.get(f"chipv-{tid}-{fact}")
    try:
        value = raw if chosen else _parse_value(d, raw or "")
    except (ValueError, json.JSONDecodeError):
        value = raw
    actions["edit"](tid, fact, value)


def _options(options: dict, missing: list[dict], ui: str, lang: str, tid: int) -> None:
    """Law 10C1: each option the Laws give the non-offending side, and what follows from it."""
    named = {json.dumps(o["value"]): option_label(o, lang)
             for m in missing if m["fact"] == options["fact"] for o in m.get("options", [])}
    st.markdown(f'<div class="ck-h">{html.escape(t("ask.options", ui))}</div>', unsafe_allow_html=True)
    for n, b in enumerate(options["branches"]):
        with st.container(key=f"option-{tid}-{n}", border=True):
            label = named.get(json.dumps(b["value"])) or value_label(b["value"], lang)
            items = "".join(f'<li lang="{lang}">{html.escape(s["conclusion"])} <span class="ck-muted">({html.escape(s["provision"])})</span></li>'
                            for s in b["steps"] if s["conclusion"])
            st.markdown(f'<div data-testid="option"><b>{html.escape(fact_label(options["fact"], ui))}: {html.escape(label)}</b>'
                        f'<ul class="ck-rects">{items}</ul></div>', unsafe_allow_html=True)
            if not items:
                st.caption(t("ask.steps.none", ui))


def render_ruling(turn: dict, ui: str, vocab: dict, actions: dict, live: bool) -> None:
    """One ruling answer; `live` (the newest ruling of the conversation) makes chips and quick replies active."""
    a = turn["answer"]
    lang = a.get("lang") or ui
    tid = turn["id"]
    facts = (a.get("understood") or {}).get("facts") or {}

    st.markdown(f'<div class="ck-h">{html.escape(t("ask.understood", ui))}</div>', unsafe_allow_html=True)
    if facts:
        with st.container(horizontal=True, gap="small", key=f"chips-{tid}"):
            for fact, value in facts.items():
                _chip(turn, fact, value, ui, vocab, actions, live)
        if live:
            st.caption(t("ask.understood.help", ui))
    else:
        st.caption(t("ask.understood.none", ui))
    presumed = a.get("presumed") or {}
    if presumed:
        st.caption(t("ask.presumed", ui) + ": " + "; ".join(f"{fact_label(k, ui)}: {value_label(v, ui)}"
                                                          for k, v in presumed.items()))

    steps = a.get("steps") or []
    st.markdown(f'<div class="ck-h">{html.escape(t("ask.steps", ui))}</div>', unsafe_allow_html=True)
    if not steps:
        st.caption(t("ask.steps.none", ui))
    for n, s in enumerate(steps, 1):
        with st.container(key=f"step-{tid}-{n}", border=True):
            with st.container(horizontal=True, gap="small", vertical_alignment="center"):
                st.markdown(f'<span class="ck-n">{n}.</span>', unsafe_allow_html=True, width="content")
                provision_link(s["provision"], ui)
                st.markdown(strength_badge(s.get("strength"), lang, s.get("word")), unsafe_allow_html=True,
                            width="content")
            if s.get("text"):
                st.markdown(f'<div class="ck-clause" lang="{lang}">{html.escape(s["text"])}</div>',
                            unsafe_allow_html=True)
            if s.get("conclusion"):
                st.markdown(f'<div class="ck-concl" lang="{lang}" data-testid="step-conclusion">'
                            f'{html.escape(s["conclusion"])}</div>', unsafe_allow_html=True)

    rects = a.get("rectifications") or []
    if rects:
        st.markdown(f'<div class="ck-h">{html.escape(t("ask.rect", ui))}</div>', unsafe_allow_html=True)
        items = []
        for r in rects:
            who = r.get("party_seat") or r.get("chooser_seat")
            extra = " · ".join(x for x in (value_label(who, lang) if who else "",
                                           f"×{r['count']}" if r.get("count") is not None else "",
                                           str(r["amount"]) if r.get("amount") is not None else "") if x)
            items.append(f'<li data-testid="rect-{html.escape(r["type"])}"><b lang="{lang}">{html.escape(r.get("label") or r["type"])}</b>'
                         f' <span class="ck-muted">({html.escape(r["provision"])}{" · " + html.escape(extra) if extra else ""})</span></li>')
        st.markdown('<ul class="ck-rects">' + "".join(items) + "</ul>", unsafe_allow_html=True)

    judgement = a.get("judgement") or []
    if judgement:
        st.markdown(f'<div class="ck-h">{html.escape(t("ask.judgement", ui))}</div>', unsafe_allow_html=True)
        for j in judgement:
            st.markdown(f'<div class="ck-judge" data-testid="judgement" lang="{lang}">'
                        f'<b>{html.escape(j["provision"])}</b> — {html.escape(j.get("question") or "")}</div>',
                        unsafe_allow_html=True)
        st.caption(t("ask.judgement.note", ui))

    missing = a.get("missing") or []
    if a.get("options"):
        _options(a["options"], missing, ui, lang, tid)
    if missing:
        st.markdown(f'<div class="ck-h">{html.escape(t("ask.missing", ui))}</div>', unsafe_allow_html=True)
        for m in missing[:3 if live else 1]:
            st.markdown(f'<div class="ck-ask" lang="{lang}" data-testid="missing-{html.escape(m["fact"])}">'
                        f'{html.escape(m["question"])}</div>', unsafe_allow_html=True)
            if live and m["options"]:
                _replies(m, tid, lang, ui, actions["reply"])
    if a.get("citations"):
        st.caption(t("ask.cited", ui, ids=", ".join(a["citations"])))
