"""One provision on screen: its three language columns with the strength words marked, the
strength legend, reference and structure buttons, and defined-term expanders."""
from __future__ import annotations

import html
import re

import streamlit as st

from app.components.labels import t

LANGS = ("en", "zh-Hant", "zh-Hans")
LANG_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
LANG_SUBTITLES = {"en": "English", "zh-Hant": "Traditional Chinese", "zh-Hans": "Simplified Chinese"}
STATE_CLASS = {"2017 original": "st2017", "2024 revision": "st2024"}

# Strength levels, strongest colour first; prohibitions share their positive counterpart's
# colour family and get an outline.
LEVELS = ("must", "must-not", "shall", "shall-not", "should", "does", "may", "may-not")
LEVEL_LABELS = {"must": "must", "must-not": "must not", "shall": "shall", "shall-not": "shall not",
                "should": "should", "does": "does", "may": "may", "may-not": "may not"}


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


def state_label(state: str, ui: str) -> str:
    """'2024 revision' in the interface language."""
    key = "common.state." + state.lower().replace(" ", "-")
    try:
        return t(key, ui)
    except KeyError:
        return state


def _lead_in_html(r: dict, lang: str, ui: str) -> str:
    """The words a list item is read with (43B2 for 43B2(a)), set apart above its own text."""
    parts = []
    for lead in r.get("lead_in") or []:
        text = lead["texts"].get(lang)
        if text:
            parts.append(f'<div class="lb-leadin" lang="{lang}" data-testid="leadin-{lang}" '
                         f'title="{html.escape(t("laws.leadin.tip", ui))}">'
                         f'<span class="lb-partid">{html.escape(lead["provision"])}</span> {html.escape(text)}</div>')
    return "".join(parts)


def _full_html(r: dict, lang: str, own: str) -> str:
    """A law or section read whole: its own text, then every part in order, each headed by its id
    (an anchor and a permalink), indented by depth."""
    parts = (r.get("full_text") or {}).get(lang) or []
    doc, pid = r["doc"], r["provision"]
    out = []
    for part in parts:
        if part["provision"] == pid:
            body = own
        else:
            body = html.escape(part["text"]).replace("\n", "<br>")
        depth = _depth(part["provision"], pid, doc)
        key = part["provision"] if doc == "wbf2017" else f"{doc}:{part['provision']}"
        anchor = f"{doc}-{part['provision']}-{lang}".replace("(", "-").replace(")", "").replace(".", "_")
        out.append(f'<div class="lb-part" id="{html.escape(anchor)}" style="margin-left:{0.9 * depth:.1f}rem">'
                   f'<a class="lb-partid" href="?p={html.escape(key)}" target="_self">{html.escape(part["provision"])}</a> '
                   f'{body}</div>')
    return "".join(out)


def _depth(part: str, top: str, doc: str) -> int:
    """How many levels below `top` a part is (ids of the Laws: 64 -> 64B -> 64B3 -> 64B3(a))."""
    if part == top:
        return 0
    if doc in ("wbf2017", "wbf1987", "wbf2007"):
        from ingest.model import ancestors
        try:
            return max(1, len(ancestors(part)) - len(ancestors(top)))
        except Exception:
            return 1
    return max(1, part.count("-") + part.count("(") + part.count(".") - top.count("-") - top.count("(") - top.count("."))


def language_column(r: dict, lang: str, ui: str = "en", table_note: bool = False) -> str:
    text = r["texts"].get(lang)
    title = r["titles"].get(lang) or ""
    state = r["states"].get(lang)
    src = r["source"].get(lang)
    tags = [x for x in r["strength"] if x["lang"] == lang]
    badge = (f'<span class="lb-state {STATE_CLASS.get(state, "st2017")}" data-testid="state-{lang}" '
             f'title="{html.escape(t("laws.state.tip", ui))}">{html.escape(state_label(state, ui))}</span>') if state else ""
    head = (f'<div class="lb-colhead"><span class="lb-lang">{LANG_NAMES[lang]}'
            f'<small>{html.escape(t("common.lang." + lang, ui))}</small></span>{badge}</div>')
    title_html = f'<div class="lb-title" lang="{lang}" data-testid="title-{lang}">{html.escape(title)}</div>' if title else ""
    parts = (r.get("full_text") or {}).get(lang) or []
    own = highlight(text, tags, lang) if text else ""
    if table_note:
        body = (f'<div class="lb-text lb-missing" data-testid="text-{lang}">{html.escape(t("laws.table.note", ui))}</div>'
                if text else "")
    elif r["children"] and parts:
        body = f'<div class="lb-text" lang="{lang}" data-testid="text-{lang}">{_full_html(r, lang, own)}</div>'
    elif text:
        body = f'<div class="lb-text" lang="{lang}" data-testid="text-{lang}">{own}</div>'
    elif r["provision"] == "Definitions":
        body = f'<div class="lb-text lb-missing" data-testid="text-{lang}">{html.escape(t("laws.defs.below", ui))}</div>'
    else:
        body = (f'<div class="lb-text lb-missing" data-testid="text-{lang}">'
                f'{html.escape(t("laws.notext", ui, language=t("common.lang." + lang, ui)))}</div>')
    if src:
        span = (t("laws.src.line", ui, n=src["first_line"]) if src["first_line"] == src["last_line"]
                else t("laws.src.lines", ui, a=src["first_line"], b=src["last_line"]))
        src_html = (f'<div class="lb-src" data-testid="source-{lang}" title="{html.escape(src["file"])}">'
                    f'{html.escape(t("laws.src.label", ui))} · {span}</div>')
    else:
        src_html = ""
    return _one_block(f'<div class="lb-col" data-testid="col-{lang}">', head, title_html,
                      _lead_in_html(r, lang, ui), body, src_html, "</div>")


def _span_of(pids: list[str]) -> str:
    return pids[0] if len(pids) == 1 else f"{pids[0]}–{pids[-1]}"


def legend(ui: str = "en", words: dict[str, dict[str, str]] | None = None) -> str:
    """The strength colours; in a Chinese interface each chip also gives that language's word (務必 must)."""
    def chip(lv: str) -> str:
        own = (words or {}).get(lv, {}).get(ui) if ui != "en" else None
        return f"{own} {LEVEL_LABELS[lv]}" if own else LEVEL_LABELS[lv]
    chips = "".join(f'<mark class="sw sw-{lv}">{html.escape(chip(lv))}</mark>' for lv in LEVELS)
    return _one_block(f'<div class="lb-legend" data-testid="strength-legend"><span>{html.escape(t("laws.legend", ui))}'
                      f'</span>{chips}<span>{html.escape(t("laws.legend.outlined", ui))}</span></div>')


def provision_heading(pid: str, doc: str = "wbf2017", ui: str = "en") -> str:
    """'Law 27B2' for the Laws; the document's own way for a regulation (ccba2018 21 -> 'Art. 21')."""
    if doc in ("wbf2017", "wbf1987", "wbf2007"):
        return t("laws.heading.law", ui, id=pid) if re.match(r"^\d", pid) else pid
    return t("laws.heading.article", ui, id=pid) if re.match(r"^\d", pid) else pid


def full_key(doc: str, pid: str) -> str:
    """A provision's name across documents: doc:id (a bare id is read in the current document)."""
    return f"{doc}:{pid}"


def go(key: str) -> None:
    """Open a provision (a reference, a hit, a crumb): `key` carries its document (doc:id)."""
    st.session_state.current = key


def nav_buttons(refs: list[dict], prefix: str, labels: dict[str, str], ui: str = "en") -> None:
    """Reference buttons; each opens its target in the target's own document."""
    if not refs:
        st.markdown(f'<span class="lb-note">{html.escape(t("laws.none", ui))}</span>', unsafe_allow_html=True)
        return
    with st.container(horizontal=True, gap="small"):
        for ref in refs:
            pid = ref["provision"]
            types = ", ".join(labels.get(t, t.replace("-", " ")) for t in ref["types"])
            langs = ref.get("langs") or []
            lang_note = "" if len(langs) == len(LANGS) else " (" + ", ".join(LANG_SUBTITLES.get(x, x) for x in langs) + " only)"
            surf = _by_lang(ref.get("surfaces", {}))
            surfaces = "\n\n".join(f"{LANG_NAMES[k]}: “{surf[k]}”" for k in LANGS if surf.get(k))
            target = full_key(ref["doc"], pid.split(":", 1)[1] if ":" in pid else pid)
            st.button(f"{pid} · {types}", key=f"{prefix}-{pid}", on_click=go, args=(target,),
                      help=(surfaces + ("\n\n" + lang_note.strip() if lang_note else "")) or None)


def id_buttons(pids: list[str], prefix: str, doc: str = "wbf2017") -> None:
    with st.container(horizontal=True, gap="small"):
        for pid in pids:
            st.button(pid, key=f"{prefix}-{pid}", on_click=go, args=(full_key(doc, pid),))


def _by_lang(d: dict) -> dict:
    """Key a {language tag: value} dict by our canonical tags (Oxigraph lower-cases 'zh-Hant' to 'zh-hant')."""
    canon = {lang.lower(): lang for lang in LANGS}
    return {canon.get(k.lower(), k): v for k, v in d.items()}


def term_expander(term: dict, ui: str = "en") -> None:
    term = {**term, "labels": _by_lang(term["labels"]), "definitions": _by_lang(term["definitions"])}
    names = [term["labels"].get(lang) for lang in LANGS if term["labels"].get(lang)]
    with st.expander(" · ".join(names) or term["term"], key=f"term-{term['term']}"):
        for col, lang in zip(st.columns(3, gap="medium"), LANGS):
            with col:
                d = term["definitions"].get(lang)
                body = (html.escape(d).replace("\n", "<br>") if d
                        else f'<span class="lb-missing">{html.escape(t("laws.nodef", ui))}</span>')
                st.markdown(_one_block(f'<div class="lb-def" lang="{lang}" data-testid="def-{term["term"]}-{lang}">'
                                       f'<b>{LANG_NAMES[lang]}</b>{body}</div>'), unsafe_allow_html=True)
