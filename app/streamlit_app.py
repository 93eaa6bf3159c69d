"""The law browser: one provision of the Laws of Duplicate Bridge in English, Traditional and
Simplified Chinese side by side, with its strength words, cross-references (out and in),
structure, defined terms and translation findings.

Run: `streamlit run app/streamlit_app.py` from the project root. A provision can be linked
with `?p=27B2`; the picker, the list and the URL stay in sync.
"""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:       # `streamlit run app/...` puts app/ on the path, not the root
    sys.path.insert(0, str(ROOT))

from query.lookup import PREFIXES, LookupError_, all_ids, law  # noqa: E402
from app.search_panel import render_search  # noqa: E402
from app.editions_panel import render_editions  # noqa: E402

DOC = "wbf2017"
LANGS = ("en", "zh-Hant", "zh-Hans")
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
LANG_SUBTITLES = {"en": "English", "zh-Hant": "Traditional Chinese", "zh-Hans": "Simplified Chinese"}
STATE_CLASS = {"2017 original": "st2017", "2024 revision": "st2024"}

# Strength levels, strongest colour first; prohibitions share their positive counterpart's
# colour family and get an outline.
LEVELS = ("must", "must-not", "shall", "shall-not", "should", "does", "may", "may-not")
LEVEL_LABELS = {"must": "must", "must-not": "must not", "shall": "shall", "shall-not": "shall not",
                "should": "should", "does": "does", "may": "may", "may-not": "may not"}
REFTYPE_FALLBACK = {"see": "see", "but-see": "but see", "applies": "applies", "does-not-apply": "does not apply",
                    "may-apply": "may apply", "as-allows": "as … allows", "mention": "mention"}
FINDING_KINDS = {"strength": "strength", "polarity": "polarity (a negation lost or added)",
                 "reference": "references", "missing-expression": "missing text"}

CSS = """
<style>
:root {
  --cjk-tc: "Noto Sans CJK TC", "Source Han Sans TC", "PingFang TC", "Microsoft JhengHei",
            "WenQuanYi Micro Hei", sans-serif;
  --cjk-sc: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei",
            "WenQuanYi Micro Hei", sans-serif;
}
.block-container { padding-top: 2.2rem; max-width: 1500px; }
.lb-subtitle { color: #5b6473; font-size: 0.95rem; margin-top: -0.6rem; margin-bottom: 0.4rem; }
.lb-head { display: flex; align-items: baseline; gap: 0.8rem; flex-wrap: wrap; margin: 0.2rem 0 0.1rem 0; }
.lb-head .lb-id { font-size: 1.9rem; font-weight: 700; color: #1f2937; }
.lb-head .lb-lawtitle { font-size: 1.15rem; color: #4b5563; }
.lb-col { border: 1px solid #e3e6ea; border-radius: 10px; padding: 0.9rem 1.05rem 0.7rem 1.05rem;
          background: #ffffff; height: 100%; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.04); }
.lb-colhead { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem;
              border-bottom: 1px solid #eef0f3; padding-bottom: 0.45rem; margin-bottom: 0.55rem; }
.lb-lang { font-weight: 700; font-size: 1.02rem; color: #111827; }
.lb-lang small { font-weight: 400; color: #6b7280; margin-left: 0.35rem; font-size: 0.78rem; }
.lb-state { font-size: 0.72rem; font-weight: 600; padding: 0.12rem 0.55rem; border-radius: 999px;
            white-space: nowrap; letter-spacing: 0.01em; }
.lb-state.st2017 { background: #e8eef8; color: #27446e; border: 1px solid #c9d6ea; }
.lb-state.st2024 { background: #f1e8fb; color: #5b2a86; border: 1px solid #dcc7f1; }
.lb-title { font-weight: 650; font-size: 1.05rem; color: #1f2937; margin-bottom: 0.35rem; }
.lb-text { font-size: 1.0rem; line-height: 1.65; color: #1f2937; overflow-wrap: anywhere; }
.lb-text:lang(zh-Hant), .lb-title:lang(zh-Hant) { font-family: var(--cjk-tc); line-height: 1.85; }
.lb-text:lang(zh-Hans), .lb-title:lang(zh-Hans) { font-family: var(--cjk-sc); line-height: 1.85; }
.lb-missing { color: #9aa1ab; font-style: italic; }
.lb-src { color: #8a929e; font-size: 0.74rem; margin-top: 0.7rem; font-family: ui-monospace, "SFMono-Regular",
          Menlo, Consolas, monospace; }
mark.sw { padding: 0.02rem 0.2rem; border-radius: 4px; font-weight: 600; white-space: nowrap; }
mark.sw-must, mark.sw-must-not { background: #fcd4d4; color: #8b1111; }
mark.sw-shall, mark.sw-shall-not { background: #ffe1bf; color: #8a3d00; }
mark.sw-should { background: #fff0b3; color: #6a5100; }
mark.sw-does { background: #e7ecf3; color: #354a63; font-weight: 500; }
mark.sw-may, mark.sw-may-not { background: #dcf2e3; color: #1d5a31; font-weight: 500; }
mark.sw-must-not, mark.sw-shall-not, mark.sw-may-not { outline: 1.5px solid currentColor; outline-offset: -1.5px; }
.lb-legend { display: flex; flex-wrap: wrap; gap: 0.35rem 0.5rem; align-items: center; font-size: 0.8rem;
             color: #6b7280; margin: 0.2rem 0 0.7rem 0; }
.lb-legend mark.sw { font-size: 0.78rem; }
.lb-note { color: #6b7280; font-size: 0.85rem; }
.lb-def { font-size: 0.93rem; line-height: 1.65; color: #1f2937; }
.lb-def:lang(zh-Hant) { font-family: var(--cjk-tc); }
.lb-def:lang(zh-Hans) { font-family: var(--cjk-sc); }
.lb-def b { display: block; color: #374151; margin-bottom: 0.15rem; font-weight: 700; }
.lb-findings { background: #fff8e6; border: 1px solid #f3dfa8; border-left: 4px solid #e0a100;
               border-radius: 8px; padding: 0.6rem 0.9rem; font-size: 0.92rem; color: #3d3420; }
.lb-finding { margin: 0.2rem 0; line-height: 1.6; }
[class*="st-key-crumb-"] button p { color: #1f4e8c; text-decoration: underline; text-underline-offset: 3px; }
</style>
"""


# --- data (cached) -------------------------------------------------------------------------

@st.cache_resource(show_spinner="Loading the Laws graph …")
def graph():
    from query.graph import shared
    return shared()


@st.cache_resource(show_spinner=False)
def provision_ids() -> list[str]:
    return all_ids(graph(), DOC)


@st.cache_resource(show_spinner=False)
def english_titles() -> dict[str, str]:
    """id -> English title (for the list); empty if the graph does not say."""
    q = PREFIXES + """
    SELECT ?id ?t WHERE { ?e eli:title ?t ; dcterms:language "en" ; eli:realizes ?p . ?p dcterms:identifier ?id }"""
    try:
        known = set(provision_ids())
        return {str(i): str(t) for i, t in graph().query(q) if str(i) in known and str(t).strip()}
    except Exception:       # the list still works with bare ids
        return {}


@st.cache_resource(show_spinner=False)
def reftype_labels() -> dict[str, str]:
    """Reference type notation -> English label, from the reference-type scheme."""
    q = PREFIXES + """
    SELECT ?n ?l WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/reftype> ; skos:notation ?n ;
                         skos:prefLabel ?l FILTER(lang(?l) = "en") }"""
    labels = dict(REFTYPE_FALLBACK)
    try:
        labels.update({str(n): str(lab) for n, lab in graph().query(q)})
    except Exception:
        pass
    return labels


@st.cache_resource(show_spinner=False)
def glossary() -> list[dict]:
    """All defined terms of the document (shown on the Definitions page), in the shape of law()["terms"]."""
    q = PREFIXES + """
    SELECT ?key ?label ?def WHERE {
      ?t skos:inScheme ?scheme ; skos:notation ?key ; skos:prefLabel ?label .
      OPTIONAL { ?t skos:definition ?def FILTER(lang(?def) = lang(?label)) }
    }"""
    terms: dict[str, dict] = {}
    try:
        from rdflib import URIRef
        scheme = URIRef(f"https://w3id.org/bridge-laws/{DOC}/terms")
        for key, label, definition in graph().query(q.replace("?scheme", f"<{scheme}>")):
            t = terms.setdefault(str(key), {"term": str(key), "labels": {}, "definitions": {}})
            lang = getattr(label, "language", None) or "en"
            t["labels"][lang] = str(label)
            if definition is not None:
                t["definitions"][lang] = str(definition)
    except Exception:
        return []
    return sorted(terms.values(), key=lambda t: (t["labels"].get("en") or t["term"]).lower())


@st.cache_data(show_spinner=False, max_entries=512)
def lookup(raw: str) -> dict:
    return law(graph(), raw, DOC)


# --- rendering helpers ---------------------------------------------------------------------

def _word_spans(text: str, word: str, lang: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """Where `word` occurs in text[lo:hi]: whole words for English (exact case first)."""
    if lang == "en":
        pat = r"(?<![A-Za-z])" + re.escape(word) + r"(?![A-Za-z])"
        hits = [(m.start(), m.end()) for m in re.finditer(pat, text[lo:hi])]
        if not hits:
            hits = [(m.start(), m.end()) for m in re.finditer(pat, text[lo:hi], flags=re.I)]
    else:
        hits = [(m.start(), m.end()) for m in re.finditer(re.escape(word), text[lo:hi])]
    return [(a + lo, b + lo) for a, b in hits]


def highlight(text: str, tags: list[dict], lang: str) -> str:
    """Escape the text and wrap each strength word (found inside its clause) in a coloured <mark>."""
    regions = []
    floor = 0
    for t in sorted(tags, key=lambda t: t["clause_no"]):
        clause = (t.get("clause") or "").strip()
        start = text.find(clause, floor) if clause else -1
        if clause and start < 0:
            start = text.find(clause)
        if start >= 0:
            regions.append((t, start, start + len(clause)))
            floor = start
        else:
            regions.append((t, 0, len(text)))
    spans: list[tuple[int, int, dict]] = []
    # longest words first, so "may not" is not taken by "may"
    for t, lo, hi in sorted(regions, key=lambda r: -len(r[0]["word"] or "")):
        if not t["word"]:
            continue
        at = lo + t["offset"] if t.get("offset") is not None else -1
        exact = [(at, at + len(t["word"]))] if at >= 0 and text[at:at + len(t["word"])] == t["word"] else []
        # the graph gives the word's offset in its clause; search only if the clause moved
        for a, b in exact or _word_spans(text, t["word"], lang, lo, hi) or _word_spans(text, t["word"], lang, 0, len(text)):
            if all(b <= s or a >= e for s, e, _ in spans):
                spans.append((a, b, t))
                break
    out, pos = [], 0
    for a, b, t in sorted(spans, key=lambda s: s[0]):
        level = t["level"]
        tip = f"{LEVEL_LABELS.get(level, level)} — clause {t['clause_no']}"
        out.append(html.escape(text[pos:a]))
        out.append(f'<mark class="sw sw-{html.escape(level)}" data-level="{html.escape(level)}" '
                   f'title="{html.escape(tip)}">{html.escape(text[a:b])}</mark>')
        pos = b
    out.append(html.escape(text[pos:]))
    return "".join(out).replace("\r\n", "\n").replace("\n", "<br>")


def _one_block(*parts: str) -> str:
    """One raw-HTML markdown block: no blank lines, so markdown never parses the law text."""
    return "".join(p.replace("\n", " ") for p in parts)


def language_column(r: dict, lang: str) -> str:
    text = r["texts"].get(lang)
    title = r["titles"].get(lang) or ""
    state = r["states"].get(lang)
    src = r["source"].get(lang)
    tags = [t for t in r["strength"] if t["lang"] == lang]
    badge = (f'<span class="lb-state {STATE_CLASS.get(state, "st2017")}" data-testid="state-{lang}" '
             f'title="The state of the Laws this text belongs to">{html.escape(state)}</span>') if state else ""
    head = (f'<div class="lb-colhead"><span class="lb-lang">{LANG_NAMES[lang]}'
            f'<small>{LANG_SUBTITLES[lang]}</small></span>{badge}</div>')
    title_html = f'<div class="lb-title" lang="{lang}" data-testid="title-{lang}">{html.escape(title)}</div>' if title else ""
    if text:
        body = f'<div class="lb-text" lang="{lang}" data-testid="text-{lang}">{highlight(text, tags, lang)}</div>'
    elif r["provision"] == "Definitions":
        body = (f'<div class="lb-text lb-missing" data-testid="text-{lang}">'
                f'The definitions are listed below, under “Defined terms”.</div>')
    elif r["children"]:
        body = (f'<div class="lb-text lb-missing" data-testid="text-{lang}">'
                f'No text of its own: the text is in its parts, {html.escape(_span_of(r["children"]))}.</div>')
    else:
        body = (f'<div class="lb-text lb-missing" data-testid="text-{lang}">'
                f'No text for this provision in {LANG_SUBTITLES[lang]}.</div>')
    if src:
        span = (f"line {src['first_line']}" if src["first_line"] == src["last_line"]
                else f"lines {src['first_line']}–{src['last_line']}")
        src_html = f'<div class="lb-src" data-testid="source-{lang}">{html.escape(src["file"])} · {span}</div>'
    else:
        src_html = ""
    return _one_block(f'<div class="lb-col" data-testid="col-{lang}">', head, title_html, body, src_html, "</div>")


def _span_of(pids: list[str]) -> str:
    return pids[0] if len(pids) == 1 else f"{pids[0]}–{pids[-1]}"


def legend() -> str:
    chips = "".join(f'<mark class="sw sw-{lv}">{LEVEL_LABELS[lv]}</mark>' for lv in LEVELS)
    return _one_block(f'<div class="lb-legend" data-testid="strength-legend"><span>Strength words, strongest first:'
                      f'</span>{chips}<span>(outlined: prohibitions)</span></div>')


def provision_heading(pid: str) -> str:
    return f"Law {pid}" if re.match(r"^\d", pid) else pid


# --- navigation state ------------------------------------------------------------------------

def go(pid: str) -> None:
    st.session_state.current = pid


def _on_input() -> None:
    st.session_state.current = st.session_state.pid_input


def _on_select() -> None:
    st.session_state.current = st.session_state.pid_select


def nav_buttons(refs: list[dict], prefix: str, labels: dict[str, str]) -> None:
    if not refs:
        st.markdown('<span class="lb-note">None.</span>', unsafe_allow_html=True)
        return
    with st.container(horizontal=True, gap="small"):
        for ref in refs:
            pid = ref["provision"]
            types = ", ".join(labels.get(t, t.replace("-", " ")) for t in ref["types"])
            langs = ref.get("langs") or []
            lang_note = "" if len(langs) == len(LANGS) else " (" + ", ".join(LANG_SUBTITLES.get(x, x) for x in langs) + " only)"
            surf = _by_lang(ref.get("surfaces", {}))
            surfaces = "\n\n".join(f"{LANG_NAMES[k]}: “{surf[k]}”" for k in LANGS if surf.get(k))
            st.button(f"{pid} · {types}", key=f"{prefix}-{pid}", on_click=go, args=(pid,),
                      help=(surfaces + ("\n\n" + lang_note.strip() if lang_note else "")) or None)


def id_buttons(pids: list[str], prefix: str) -> None:
    with st.container(horizontal=True, gap="small"):
        for pid in pids:
            st.button(pid, key=f"{prefix}-{pid}", on_click=go, args=(pid,))


# --- the page --------------------------------------------------------------------------------

def main() -> None:
    st.set_page_config(page_title="Laws of Duplicate Bridge · browser", page_icon="♠", layout="wide")
    st.html(CSS)
    st.title("Laws of Duplicate Bridge")
    st.markdown('<div class="lb-subtitle">A rules-as-code knowledge graph of the Laws in English, '
                'Traditional Chinese and Simplified Chinese. Pick a provision to read the three texts side by '
                'side, with their strength words, cross-references and defined terms.</div>',
                unsafe_allow_html=True)

    try:
        graph()
        ids = provision_ids()
    except Exception as e:       # a missing or broken graph: say so, never a traceback
        built = any((ROOT / "laws_ttl").glob("*.ttl"))
        st.error(f"The Laws graph could not be read ({e.__class__.__name__}: {str(e).splitlines()[0] if str(e) else ''})."
                 + ("" if built else " Build it with `python -m ingest`."))
        return
    if not ids:
        st.error("The Laws graph is empty: no provisions found in laws_ttl/. Build it with `python -m ingest`.")
        return
    titles = english_titles()
    render_search(go)      # the search box and its hits (app/search_panel.py)

    # Where we are: the URL (?p=) on a fresh session or when it was changed from outside,
    # otherwise whatever the picker, the list or a reference button set.
    url_p = st.query_params.get("p")
    if "current" not in st.session_state:
        st.session_state.current = url_p or ids[0]
    elif url_p and url_p != st.session_state.get("_url_p"):
        st.session_state.current = url_p

    raw = st.session_state.current
    r, error = None, None
    try:
        r = lookup(raw)
    except LookupError_ as e:
        error = str(e)
    except Exception as e:       # anything else from the graph: one line, no traceback
        error = f"could not look up '{raw}': {e.__class__.__name__}"

    pid = r["provision"] if r else None
    # Sync the widgets (before they are created in this run) and the URL.
    st.session_state.pid_input = pid or raw
    if pid in ids:
        st.session_state.pid_select = pid
    elif "pid_select" not in st.session_state:
        st.session_state.pid_select = ids[0]
    url_value = pid or raw
    if st.query_params.get("p") != url_value:
        st.query_params["p"] = url_value
    st.session_state._url_p = url_value

    c_in, c_sel, c_nav = st.columns([2, 4, 1.3], vertical_alignment="bottom")
    with c_in:
        st.text_input("Provision id", key="pid_input", on_change=_on_input,
                      placeholder="e.g. 27B2, 27b2, Law 27 B 2",
                      help="Type an id as in the Laws' index and press Enter: 27, 27B, 27B1(a), Definitions.")
    with c_sel:
        st.selectbox("…or pick from the list (document order)", ids, key="pid_select", on_change=_on_select,
                     format_func=lambda i: f"{i} — {titles[i][:70]}" if titles.get(i) else i)
    with c_nav:
        at = ids.index(pid) if pid in ids else None
        with st.container(horizontal=True, gap="small"):
            st.button("◀", key="nav-prev", help="Previous provision", on_click=go,
                      args=(ids[at - 1] if at else ids[0],), disabled=not at)
            st.button("▶", key="nav-next", help="Next provision", on_click=go,
                      args=(ids[at + 1] if at is not None and at + 1 < len(ids) else ids[-1],),
                      disabled=at is None or at + 1 >= len(ids))

    if error:
        st.error(error, icon="⚠️")
        st.caption("Provision ids are written as in the Laws' index: a law number, then section letter, item "
                   "number and sub-items — e.g. 27, 27B, 27B1, 27B1(a) — or Introduction, Definitions. "
                   "Case and spaces do not matter (\"law 27 b 1\").")
        return

    render(r, titles)


def _by_lang(d: dict) -> dict:
    """Key a {language tag: value} dict by our canonical tags (Oxigraph lower-cases 'zh-Hant' to 'zh-hant')."""
    canon = {lang.lower(): lang for lang in LANGS}
    return {canon.get(k.lower(), k): v for k, v in d.items()}


def term_expander(term: dict) -> None:
    term = {**term, "labels": _by_lang(term["labels"]), "definitions": _by_lang(term["definitions"])}
    names = [term["labels"].get(lang) for lang in LANGS if term["labels"].get(lang)]
    with st.expander(" · ".join(names) or term["term"], key=f"term-{term['term']}"):
        for col, lang in zip(st.columns(3, gap="medium"), LANGS):
            with col:
                d = term["definitions"].get(lang)
                body = (html.escape(d).replace("\n", "<br>") if d
                        else '<span class="lb-missing">No definition in this language.</span>')
                st.markdown(_one_block(f'<div class="lb-def" lang="{lang}" data-testid="def-{term["term"]}-{lang}">'
                                       f'<b>{LANG_NAMES[lang]}</b>{body}</div>'), unsafe_allow_html=True)


def render(r: dict, titles: dict[str, str]) -> None:
    pid = r["provision"]
    law_id = r["ancestors"][-1] if r["ancestors"] else pid
    law_title = titles.get(law_id) or r["titles"].get("en") or ""
    if law_title and law_id != pid:
        law_title = f"in {provision_heading(law_id)} · {law_title}"
    st.markdown(_one_block('<div class="lb-head" data-testid="provision-head">',
                           f'<span class="lb-id" data-testid="provision-id">{html.escape(provision_heading(pid))}</span>',
                           f'<span class="lb-lawtitle">{html.escape(law_title)}</span>' if law_title else "",
                           "</div>"), unsafe_allow_html=True)
    crumbs = list(reversed(r["ancestors"]))
    if crumbs:
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            st.markdown('<span class="lb-note">Part of</span>', unsafe_allow_html=True, width="content")
            for a in crumbs:
                st.button(provision_heading(a), key=f"crumb-{a}", on_click=go, args=(a,), type="tertiary")

    states = {lang: r["states"].get(lang) for lang in LANGS if r["states"].get(lang)}
    if len(set(states.values())) > 1:
        by_state: dict[str, list[str]] = {}
        for lang, s in states.items():
            by_state.setdefault(s, []).append(LANG_SUBTITLES[lang])
        parts = "; ".join(f"{' and '.join(v)}: the {k}" for k, v in sorted(by_state.items(), reverse=True))
        st.info(f"The languages give different states of the Laws here — {parts}. "
                "The texts are not translations of each other.", icon="ℹ️")

    st.markdown(legend(), unsafe_allow_html=True)
    for col, lang in zip(st.columns(3, gap="medium"), LANGS):
        with col:
            st.markdown(language_column(r, lang), unsafe_allow_html=True)

    st.write("")
    labels = reftype_labels()
    c_out, c_in = st.columns(2, gap="large")
    with c_out:
        st.subheader("References out", anchor=False)
        st.caption("Provisions this one refers to, with how it refers to them (hover for the words used).")
        nav_buttons(r["cites"], "ref-out", labels)
    with c_in:
        st.subheader("Referenced by", anchor=False)
        st.caption("Provisions that refer to this one.")
        nav_buttons(r["cited_by"], "ref-in", labels)

    c_up, c_down = st.columns(2, gap="large")
    with c_up:
        st.subheader("Parent", anchor=False)
        if r["parent"]:
            id_buttons([r["parent"]], "parent")
        else:
            st.markdown('<span class="lb-note">None: this is a top-level provision.</span>', unsafe_allow_html=True)
    with c_down:
        st.subheader("Contains", anchor=False)
        if r["children"]:
            id_buttons(r["children"], "child")
        else:
            st.markdown('<span class="lb-note">No sub-provisions.</span>', unsafe_allow_html=True)

    if pid == "Definitions":
        terms = glossary()
        st.subheader(f"Defined terms ({len(terms)})", anchor=False)
        st.caption("The Definitions of the Laws, in the three languages.")
    else:
        terms = r["terms"]
        st.subheader("Terms used", anchor=False)
        if terms:
            st.caption("Defined terms this provision uses; open one for its definition in the three languages.")
        else:
            st.markdown('<span class="lb-note">No defined terms found in this provision.</span>', unsafe_allow_html=True)
    for term in terms:
        term_expander(term)

    findings = r["findings"]
    if findings:
        st.subheader("Translation findings", anchor=False)
        st.caption("Where a Chinese text differs from the English in strength, polarity or references.")
        lines = []
        for f in findings:
            kind = FINDING_KINDS.get(f["kind"], f["kind"])
            who = LANG_SUBTITLES.get(f["lang"], f["lang"])
            lines.append(_one_block(f'<div class="lb-finding" data-testid="finding-{f["lang"]}-{f["kind"]}">'
                                    f'<b>{html.escape(who)}</b> differs from English in <b>{html.escape(kind)}</b>: '
                                    f'{html.escape(f["detail"])}</div>'))
        st.markdown(_one_block('<div class="lb-findings" data-testid="findings">', *lines, "</div>"),
                    unsafe_allow_html=True)
    render_editions(r, graph(), st)      # the older editions of this provision, with a diff (app/editions_panel.py)
    st.divider()
    st.caption(f"Permalink: `?p={pid}` · document {r['doc']} · source spans are 1-based, inclusive.")


main()
