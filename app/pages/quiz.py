"""The Quiz page (issue 12): an examiner builds a quiz from the graph (laws, topics, types, count,
seed, language), previews it with its keys and downloads it in each export format; a trainee takes
it in self-test mode: graded, each answer with its explanation and citations, and a per-topic
summary of what to study again. Keys come from query/quiz (the graph and the reasoner)."""
from __future__ import annotations

import streamlit as st

from app.components.graph_data import graph
from app.components.labels import LANG_NAMES, LANGS, t
from query.errors import BadInput
from query.quiz.bank import bank
from query.quiz.exports import FORMATS, export
from query.quiz.item import law_of
from query.quiz.select import TYPES, build, topics

LETTERS = "ABCDEFG"


def _topic_label(key: str, lang: str) -> str:
    if key in ("definitions", "scoring"):
        return t(f"quiz.topic.{key}", lang)
    return bank(graph()).topics.get(key, {}).get("labels", {}).get(lang, key)


def _edition(edition: str, lang: str) -> str:
    return t("quiz.edition.2024" if "2024" in edition else "quiz.edition.2017", lang)


def _export(qs, fmt: str, lang: str) -> bytes:
    """Each export made once per quiz (the PDF takes a second): answering in the Take tab reruns
    the page, and must not remake them."""
    cache = st.session_state.setdefault("quiz_exports", {})
    key = (tuple(q.id for q in qs), tuple(q.answer for q in qs), fmt, lang)
    if key not in cache:
        cache.clear() if len(cache) > 20 else None
        cache[key] = export(qs, fmt, lang)
    return cache[key]


def _build_tab(lang: str) -> None:
    g = graph()
    laws = sorted({law_of(p) for p in bank(g).order} - {None})
    c1, c2, c3 = st.columns(3)
    chosen_laws = c1.multiselect(t("quiz.laws", lang), laws, format_func=lambda n: t("quiz.law", lang, n=n),
                                 key="quiz_laws", placeholder=t("quiz.placeholder", lang))
    chosen_topics = c2.multiselect(t("quiz.topics", lang), topics(g), format_func=lambda k: _topic_label(k, lang),
                                   key="quiz_topics", placeholder=t("quiz.placeholder", lang))
    chosen_types = c3.multiselect(t("quiz.types", lang), list(TYPES), format_func=lambda k: t(f"quiz.type.{k}", lang),
                                  key="quiz_types", placeholder=t("quiz.placeholder", lang))
    c4, c5 = st.columns(2)
    count = c4.number_input(t("quiz.count", lang), min_value=1, max_value=100, value=10, key="quiz_count")
    seed = c5.number_input(t("quiz.seed", lang), min_value=0, max_value=10**6, value=1, key="quiz_seed")
    if st.button(t("quiz.build", lang), type="primary", key="quiz_build"):
        try:
            st.session_state.quiz = build(g, laws=chosen_laws, topic_list=chosen_topics, types=chosen_types,
                                          count=int(count), lang=lang, seed=int(seed))
            st.session_state.quiz_lang = lang
            st.session_state.pop("quiz_graded", None)
        except BadInput as e:
            st.session_state.pop("quiz", None)
            st.error(str(e))
    qs = st.session_state.get("quiz")
    if not qs:
        return
    qlang = st.session_state.quiz_lang
    st.success(t("quiz.built", lang, n=len(qs)))
    st.subheader(t("quiz.downloads", lang))
    cols = st.columns(4) + st.columns(4)
    for col, (fmt, (ext, mime)) in zip(cols, FORMATS.items()):
        try:
            data = _export(qs, fmt, qlang)
        except BadInput as e:         # the PDF without its font: say so on that button's place
            col.caption(str(e))
            continue
        col.download_button(t(f"quiz.fmt.{fmt}", lang), data, file_name=f"quiz-{qlang}.{ext}", mime=mime,
                            key=f"quiz_dl_{fmt}")
    st.subheader(t("quiz.preview", lang))
    for n, q in enumerate(qs, 1):
        with st.expander(f"{n}. {t(f'quiz.type.{q.type}', lang)} · {q.stem.splitlines()[0][:90]}"):
            st.text(q.stem)
            for i, o in enumerate(q.options):
                st.markdown(("**" if i == q.answer else "") + f"{LETTERS[i]}. {o}" + ("**" if i == q.answer else ""))
            st.caption(f"{t('quiz.key', lang)}: {LETTERS[q.answer]} · {t('quiz.citations', lang)}: "
                       f"{', '.join(q.citations)} · {t('quiz.edition', lang)}: {_edition(q.edition, lang)} · "
                       f"{t('quiz.difficulty', lang)}: {q.difficulty}")
            st.info(q.explanation)


def _take_tab(lang: str) -> None:
    qs = st.session_state.get("quiz")
    if not qs:
        st.info(t("quiz.none", lang))
        return
    with st.form("quiz_take"):
        for n, q in enumerate(qs, 1):
            st.markdown(f"**{t('quiz.question', lang, n=n)}**")
            st.text(q.stem)
            st.radio(t("quiz.choose", lang), list(range(len(q.options))), index=None, key=f"quiz_ans_{q.id}",
                     format_func=lambda i, q=q: f"{LETTERS[i]}. {q.options[i]}", label_visibility="collapsed")
        if st.form_submit_button(t("quiz.submit", lang), type="primary"):
            st.session_state.quiz_graded = True
    if not st.session_state.get("quiz_graded"):
        return
    per_topic: dict[str, list[int]] = {}
    right = 0
    for n, q in enumerate(qs, 1):
        chosen = st.session_state.get(f"quiz_ans_{q.id}")
        ok = chosen == q.answer
        right += ok
        for topic in q.topics or [f"law-{q.laws[0]}" if q.laws else "definitions"]:
            per_topic.setdefault(topic, [0, 0])
            per_topic[topic][0] += ok
            per_topic[topic][1] += 1
        key = f"{LETTERS[q.answer]}. {q.key}"
        head = f"{t('quiz.question', lang, n=n)}: " + (t("quiz.right", lang) if ok else
                                                       t("quiz.wrong" if chosen is not None else "quiz.unanswered",
                                                         lang, answer=key))
        (st.success if ok else st.error)(head)
        st.caption(f"{t('quiz.citations', lang)}: {', '.join(q.citations)} — {q.explanation}")
    st.subheader(t("quiz.score", lang, right=right, total=len(qs)))
    st.subheader(t("quiz.summary", lang))
    label = lambda k: (t("quiz.law", lang, n=k[4:]) if k.startswith("law-") else _topic_label(k, lang))
    st.table({t("quiz.topic", lang): [label(k) for k in per_topic],
              t("quiz.result", lang): [f"{a}/{b}" for a, b in per_topic.values()]})
    weak = [label(k) for k, (a, b) in per_topic.items() if a < b]
    (st.warning(t("quiz.study", lang, topics=", ".join(weak))) if weak else st.success(t("quiz.all_good", lang)))


def main() -> None:
    ui = st.session_state.get("lang", "en")         # the interface language the sidebar selects (shared by every page)
    lang = st.radio(t("quiz.lang_picker"), LANGS, format_func=lambda k: LANG_NAMES[k], horizontal=True,
                    index=LANGS.index(ui) if ui in LANGS else 0, key="quiz_lang_choice")
    st.title(t("quiz.title", lang))
    st.caption(t("quiz.intro", lang))
    build_tab, take_tab = st.tabs([t("quiz.tab.build", lang), t("quiz.tab.take", lang)])
    with build_tab:
        _build_tab(lang)
    with take_tab:
        _take_tab(lang)


main()
