"""Ask: the app's first page, one conversation from a question or a table situation to a cited
ruling (issue 11; DESIGN.md sections 1 and 9).

Each message is read by query/ask/router.py (a ruling, a search, a provision id, a score, IMPs,
VPs or a schedule row) and answered by query/ask/answers.py; the answer says how it read the
message and one click sends it the other way. Rulings are worked out again when a fact chip is
changed or removed and when a quick reply answers a missing fact; every change is a new turn, so
the conversation is the record. The history lives in st.session_state and survives a visit to
the Laws page (provision links open it with ?p=ID). A turn that fails shows one clear line and
keeps the conversation; no traceback reaches the page. Every text comes from app/labels/labels.tsv.
"""
from __future__ import annotations

import gc
import html
import sys
import threading
import time
import traceback

import streamlit as st

from app.components import chat_record
from app.components.chat_answers import (CSS, render_imps, render_provision, render_schedule, render_score,
                                          render_search, render_vp)
from app.components.chat_ruling import fact_label, render_ruling, value_label
from app.components.labels import LANG_NAMES, LANGS, t
from app.components.theme import CSS as THEME
from query.errors import BadInput

LANG_CHOICES = ("auto", *LANGS)
# how a message can be sent the other way: a ruling to search and back; a number or an id to search
SWITCHABLE = {"ruling": "search", "search": "ruling", "fellback": "ruling", "provision": "search", "score": "search",
              "imps": "search", "vp": "search", "schedule": "search"}


# --- what every session shares -----------------------------------------------------------------

WARM_DELAY_S = 1.0      # let the first page finish rendering before the loading takes the GIL


def _warm() -> None:
    time.sleep(WARM_DELAY_S)     # a message sent meanwhile waits on the same loaders' locks, nothing breaks
    try:
        from query.ask.answers import warm
        warm()
        # the graph is millions of long-lived objects: keep them out of the garbage collector's full
        # passes, which otherwise cost every later page view and turn a pause
        gc.collect()
        gc.freeze()
    except Exception as e:            # the first turn will say what is wrong; the page still renders
        print(f"ask: warming failed: {e.__class__.__name__}: {e}", file=sys.stderr)


@st.cache_resource(show_spinner=False)
def warm_in_background() -> threading.Thread:
    """Load the graph, the rules and the search index once per server, off the first render."""
    th = threading.Thread(target=_warm, name="ask-warm", daemon=True)
    th.start()
    return th


def graph():
    from query.ask.answers import graph as loaded
    return loaded()


@st.cache_resource(show_spinner=False)
def vocabulary() -> dict:
    from query.rulings.facts import load_vocabulary
    return load_vocabulary(graph())


# --- the conversation ---------------------------------------------------------------------------

def turns() -> list[dict]:
    return st.session_state.setdefault("ask_turns", [])


def _new_id() -> int:
    st.session_state.ask_seq = st.session_state.get("ask_seq", 0) + 1
    return st.session_state.ask_seq


def ui_lang() -> str:
    choice = st.session_state.get("ask_lang", "auto")
    if choice in LANGS:
        return choice
    users = [x for x in turns() if x["role"] == "user" and x.get("lang")]
    # before the first question: the interface language of the sidebar (shared with every page)
    return users[-1]["lang"] if users else (st.session_state.get("lang") if st.session_state.get("lang") in LANGS else "en")


def _answer_lang(message_lang: str) -> str:
    choice = st.session_state.get("ask_lang", "auto")
    return choice if choice in LANGS else message_lang


def _one_line(e: BaseException) -> str:
    """The reason in one line: the chat's own refusals in the interface language (ask.err.*), else
    the library's English line."""
    key = getattr(e, "key", None)
    if key:
        return t(f"ask.err.{key}", ui_lang(), **getattr(e, "values", {}))
    text = str(e).strip().splitlines()
    return text[0][:300] if text else e.__class__.__name__


def _attempt(fn) -> tuple[dict | None, str | None]:
    """Run one turn's work: (answer, None) or (None, a one-line reason). Never raises."""
    try:
        return fn(), None
    except BadInput as e:
        return None, _one_line(e)
    except Exception as e:             # a bug or a broken resource: log it, tell the user in one line
        traceback.print_exc(file=sys.stderr)
        return None, f"{e.__class__.__name__}: {_one_line(e)}"


def _add(user_text: str, user_lang: str | None, fn, read: str | None = None, base: dict | None = None) -> None:
    turns().append({"id": _new_id(), "role": "user", "text": user_text, "lang": user_lang})
    started = time.perf_counter()
    answer, error = _attempt(fn)
    ms = round((time.perf_counter() - started) * 1000, 1)
    kind = read or (answer or {}).get("kind")
    if answer and answer.get("fell_back"):
        kind = "fellback"
    turns().append({"id": _new_id(), "role": "assistant", "answer": answer, "error": error, "read": kind, "ms": ms,
                    "text": (base or {}).get("text", user_text), "lang": (base or {}).get("lang", user_lang)})


def _live_ruling() -> dict | None:
    """The conversation's last answer when it is a ruling that still asks for a fact."""
    last = next((x for x in reversed(turns()) if x["role"] == "assistant"), None)
    a = (last or {}).get("answer") or {}
    return last if a.get("kind") == "ruling" and a.get("missing") and last.get("text") else None


def ask(text: str, force: str | None = None) -> None:
    """A message from the user (typed, an example, or re-sent the other way). Typed after a ruling that
    asks for a fact, it may be the answer ("no", "南不接受"): the ruling goes on (query/ask/followup.py)."""
    from query.ask.answers import answer
    from query.ask.followup import follow_up
    from query.ask.router import route
    live = _live_ruling() if force is None and isinstance(text, str) else None
    if live is not None:
        went_on, _error = _attempt(lambda: follow_up(graph(), live["text"], live["answer"], text, live["answer"]["lang"]))
        if went_on is not None:
            story, ruled = went_on     # (the conversation keeps its language: "no" in a Chinese one is no switch)
            _add(" ".join(text.split()), ruled["lang"], lambda: ruled, read="followup", base={"text": story, "lang": ruled["lang"]})
            return
    try:
        r = route(text, force)
    except BadInput as e:
        shown = text if isinstance(text, str) and len(text) <= 500 else (str(text)[:500] + " …")
        turns().append({"id": _new_id(), "role": "user", "text": shown.encode("utf-8", "replace").decode("utf-8"),
                        "lang": None})
        turns().append({"id": _new_id(), "role": "assistant", "answer": None, "badinput": _one_line(e),
                        "error": None, "read": None, "text": "", "lang": None})
        return
    msg_lang = r["lang"]
    r["lang"] = _answer_lang(msg_lang)
    _add(r["text"], msg_lang, lambda: answer(graph(), r), base={"text": r["text"], "lang": r["lang"]})


def _on_submit() -> None:
    value = st.session_state.get("ask_input")
    if isinstance(value, str) and value.strip():
        ask(value)


def _find(tid: int) -> dict | None:
    return next((x for x in turns() if x["id"] == tid), None)


def _rule_again(base: dict, user_text: str, facts: dict | None, answers_: dict | None) -> None:
    from query.ask.answers import ruling
    _add(user_text, None, lambda: ruling(graph(), base["text"], base["answer"]["lang"], answers=answers_, facts=facts),
         base=base)


def reply(tid: int, fact: str, value, label: str, question: str) -> None:
    """A quick reply to a missing fact: add the answer, rule again."""
    base = _find(tid)
    if not base or not base.get("answer"):
        return
    a = base["answer"]
    text = t("ask.replied", ui_lang(), question=question, answer=label)
    if a.get("edited"):
        _rule_again(base, text, {**a["understood"]["facts"], fact: value}, None)
    else:
        _rule_again(base, text, None, {**(a.get("answers") or {}), fact: value})


def edit(tid: int, fact: str, value) -> None:
    base = _find(tid)
    if not base or not base.get("answer"):
        return
    facts = {**((base["answer"].get("understood") or {}).get("facts") or {}), fact: value}
    text = t("ask.changed", ui_lang(), fact=fact_label(fact, ui_lang()), value=value_label(value, ui_lang()))
    _rule_again(base, text, facts, None)


def remove(tid: int, fact: str) -> None:
    base = _find(tid)
    if not base or not base.get("answer"):
        return
    facts = {k: v for k, v in ((base["answer"].get("understood") or {}).get("facts") or {}).items() if k != fact}
    _rule_again(base, t("ask.removed", ui_lang(), fact=fact_label(fact, ui_lang())), facts, None)


def switch(tid: int, kind: str) -> None:
    base = _find(tid)
    if base and base.get("text"):
        ask(base["text"], force=kind)


def use_schedule(tid: int, name: str) -> None:
    from query.ask.answers import schedule
    base = _find(tid)
    if not base or not base.get("answer"):
        return
    a = base["answer"]
    others = [x["schedule"] for x in a.get("alternatives") or [] if x["schedule"] != name] + [a["schedule"]]
    title = next((x["titles"] for x in a.get("alternatives") or [] if x["schedule"] == name), {})
    label = title.get(ui_lang()) or title.get("en") or name
    _add(t("ask.schedule.use", ui_lang(), title=label), None,
         lambda: schedule(graph(), name, a["value"], [], others), base=base)


def new_conversation() -> None:
    st.session_state.ask_turns = []


# --- the page -----------------------------------------------------------------------------------

def _render_answer(turn: dict, ui: str, live_ruling: int | None) -> None:
    if turn.get("badinput"):
        st.warning(t("ask.badinput", ui, error=turn["badinput"]), icon="⚠️")
        return
    read = turn.get("read")
    if read:
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            st.markdown(f'<span class="ck-read" data-testid="read-as" data-kind="{read}" data-ms="{turn.get("ms", "")}">{html.escape(t("ask.read." + read, ui))}</span>',
                        unsafe_allow_html=True, width="content")
            other = SWITCHABLE.get(read)
            if other and turn.get("text"):
                st.button(t(f"ask.switch.{other}", ui), key=f"switch-{turn['id']}", type="tertiary",
                          on_click=switch, args=(turn["id"], other))
    if turn.get("error"):
        st.error(t("ask.error", ui, error=turn["error"]), icon="⚠️")
        return
    a = turn["answer"]
    kind = a["kind"]
    if kind == "ruling":
        render_ruling(turn, ui, vocabulary(), {"reply": reply, "edit": edit, "remove": remove},
                      live=turn["id"] == live_ruling)
    elif kind == "search":
        render_search(turn, ui)
    elif kind == "provision":
        render_provision(turn, ui)
    elif kind == "score":
        render_score(turn, ui)
    elif kind == "imps":
        render_imps(turn, ui)
    elif kind == "vp":
        render_vp(turn, ui)
    elif kind == "schedule":
        render_schedule(turn, ui, use_schedule)


def _choose_lang(key: str) -> None:
    st.session_state.ask_lang = st.session_state[key]


def _header(ui: str) -> None:
    c_title, c_lang = st.columns([5, 1.6], vertical_alignment="bottom")
    with c_title:
        st.title(t("ask.title", ui), anchor=False)
    with c_lang:
        # one widget per interface language: Streamlit keeps a keyed select's option labels as first drawn, so
        # "Follow my messages" stayed English under a Chinese interface; the choice itself lives in ask_lang
        key = f"ask_lang_{ui}"
        st.session_state[key] = st.session_state.get("ask_lang", "auto")
        st.selectbox(t("ask.lang", ui), LANG_CHOICES, key=key, on_change=_choose_lang, args=(key,),
                     format_func=lambda x: t("ask.lang.auto", ui) if x == "auto" else LANG_NAMES[x])
    st.markdown(f'<div class="lb-subtitle">{html.escape(t("ask.subtitle", ui))}</div>', unsafe_allow_html=True)
    if turns():
        history = list(turns())
        with st.container(horizontal=True, gap="small", key="ask_tools"):
            st.button(t("ask.new", ui), key="ask_new", on_click=new_conversation, icon=":material/add_comment:")
            st.download_button(t("ask.download.md", ui), data=chat_record.markdown(history, ui),
                               file_name="ruling-record.md", mime="text/markdown", key="ask_md", icon=":material/download:",
                               on_click="ignore")
            if chat_record.cjk_font() is not None:
                st.download_button(t("ask.download.pdf", ui), data=lambda: chat_record.pdf(chat_record.markdown(history, ui)),
                                   file_name="ruling-record.pdf", mime="application/pdf", key="ask_pdf", icon=":material/picture_as_pdf:",
                                   on_click="ignore")
            else:
                st.caption(t("ask.pdf.unavailable", ui))


def _examples(ui: str) -> None:
    st.caption(t("ask.examples", ui))
    with st.container(horizontal=True, gap="small", key="ask_examples"):
        for i in range(1, 6):
            text = t(f"ask.example.{i}", ui)
            st.button(text, key=f"example-{i}", on_click=ask, args=(text,))


def main() -> None:
    if st.query_params.get("p"):         # permalinks (?p=27B2) open the Laws page
        st.switch_page("pages/laws.py", query_params={"p": st.query_params.get("p")})
    warm_in_background()
    st.html(THEME + CSS)     # the router's stylesheet does not reach a page opened by its own URL (/ask)
    ui = ui_lang()
    st.session_state.ask_ui = ui          # the router labels the navigation with it
    _header(ui)
    history = turns()
    if not history:
        _examples(ui)
    live = next((x["id"] for x in reversed(history) if x["role"] == "assistant" and x.get("answer")
                 and x["answer"]["kind"] == "ruling"), None)
    for turn in history:
        if turn["role"] == "user":
            with st.chat_message("user"):
                st.markdown(f'<div class="ck-text" lang="{turn.get("lang") or ui}" data-testid="user-message">'
                            f'{html.escape(turn["text"])}</div>', unsafe_allow_html=True)
            continue
        with st.chat_message("assistant", avatar="♠"):
            with st.container(key=f"turn-{turn['id']}"):
                try:
                    _render_answer(turn, ui, live)
                except Exception as e:      # a rendering bug shows one line; the conversation stays
                    traceback.print_exc(file=sys.stderr)
                    st.error(t("ask.error", ui, error=f"{e.__class__.__name__}: {_one_line(e)}"), icon="⚠️")
    st.chat_input(t("ask.placeholder", ui), key="ask_input", on_submit=_on_submit)


main()
