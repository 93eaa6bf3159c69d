"""The law browser's "Other editions" panel: the current 2017 provision in the older editions
(the 1987 Laws, the 2007 Laws as Taiwan's summary gives them), each with how it corresponds
(same number, renumbered, moved) and the evidence, and a side-by-side diff of the older
Traditional text against the 2017 Traditional text with the changed characters highlighted.

A provision's text here is its whole subtree (a law with its sections, items …, each headed by
its id and title), because a 1987 law's wording is usually spread over its parts, and the
parts were renumbered. The diff is character-level (difflib.SequenceMatcher without the junk
heuristic): Chinese has no word spaces, and characters are what a reader compares.
"""
from __future__ import annotations

import html
from difflib import SequenceMatcher

from rdflib import Graph

from ingest.vocab import provision_iri
from query.lookup import select

EDITION_NAMES = {"wbf1987": "1987 Laws", "wbf2007": "2007 Laws (Taiwan summary, in force 2009-03-01)",
                 "wbf2017": "2017 Laws"}
KIND_NAMES = {"same-number": "same number", "renumbered": "renumbered", "moved": "moved to another law",
              "no-counterpart": "no counterpart"}
CSS = """
<style>
.ed-wrap { display: grid; grid-template-columns: 1fr 1fr; gap: 0.9rem; margin: 0.3rem 0 0.9rem 0; }
.ed-col { border: 1px solid #e3e6ea; border-radius: 8px; padding: 0.6rem 0.8rem; background: #fff;
          font-family: var(--cjk-tc, sans-serif); line-height: 1.75; white-space: pre-wrap; font-size: 0.95rem; }
.ed-col h5 { margin: 0 0 0.35rem 0; font-size: 0.85rem; color: #4b5563; font-family: sans-serif; }
.ed-col del { background: #fde2e1; color: #9b1c1c; text-decoration: line-through; text-decoration-thickness: 1px; }
.ed-col ins { background: #dcfce7; color: #14532d; text-decoration: none; }
.ed-meta { font-size: 0.85rem; color: #4b5563; margin: 0.2rem 0 0.2rem 0; }
.ed-kind { font-weight: 700; color: #1f2937; }
.ed-hans { font-family: var(--cjk-sc, sans-serif); white-space: pre-wrap; line-height: 1.7; font-size: 0.92rem;
           color: #374151; border-left: 3px solid #e3e6ea; padding-left: 0.6rem; }
</style>
"""


def subtree_text(g: Graph, doc: str, pid: str, lang: str) -> str:
    """A provision and everything inside it, in document order: 'ID title' lines and texts."""
    q = """
    SELECT ?id ?o ?title ?text WHERE {
      ?q eli:is_part_of* ?p ; dcterms:identifier ?id ; bl:order ?o ; eli:is_realized_by ?e .
      ?e dcterms:language ?lang .
      OPTIONAL { ?e eli:title ?title } OPTIONAL { ?e bl:text ?text }
      FILTER (STR(?lang) = "%s")
    } ORDER BY ?o""" % lang
    lines = []
    for i, _, title, text in select(g, q, p=provision_iri(doc, pid)):
        head = f"{i} {title}".strip() if title else str(i)
        lines.append(f"【{head}】" + (f"\n{text}" if text else ""))
    return "\n".join(lines)


def diff_html(old: str, new: str) -> tuple[str, str, float]:
    """Side-by-side character diff: (old with deletions marked, new with insertions marked, ratio)."""
    sm = SequenceMatcher(None, old, new, autojunk=False)
    left, right = [], []
    for op, a0, a1, b0, b1 in sm.get_opcodes():
        a, b = html.escape(old[a0:a1]), html.escape(new[b0:b1])
        if op == "equal":
            left.append(a)
            right.append(b)
        else:
            if a:
                left.append(f"<del>{a}</del>")
            if b:
                right.append(f"<ins>{b}</ins>")
    return "".join(left), "".join(right), sm.ratio()


def render_editions(r: dict, g: Graph, st) -> None:
    """The panel for one provision looked up with query.lookup.law (its "editions" list)."""
    editions = r.get("editions") or []
    st.subheader(f"Other editions ({len(editions)})", anchor=False)
    if not editions:
        st.markdown('<span class="lb-note">No older edition in the graph corresponds to this provision '
                    '(it is new since, or the older editions give no text for it).</span>', unsafe_allow_html=True)
        return
    st.caption("The same provision in the older editions, linked provision by provision (ingest/extract/lineage/*.tsv). "
               "The diff compares the older Traditional Chinese text with the 2017 Traditional text, with each "
               "provision's sub-provisions: struck-through red is gone, green is new.")
    st.markdown(CSS, unsafe_allow_html=True)
    new_text = subtree_text(g, r["doc"], r["provision"], "zh-Hant")
    for k, e in enumerate(editions):
        name = EDITION_NAMES.get(e["doc"], e["doc"])
        title = e["titles"].get("zh-Hant") or e["titles"].get("zh-Hans") or ""
        with st.expander(f"{name} · {e['doc']}:{e['provision']} {title} — {KIND_NAMES.get(e['correspondence'], e['correspondence'])}",
                         expanded=(k == 0)):
            st.markdown(f'<div class="ed-meta" data-testid="edition-{e["doc"]}-{e["provision"]}">'
                        f'<span class="ed-kind">{html.escape(KIND_NAMES.get(e["correspondence"], ""))}</span> · '
                        f'{html.escape(e["evidence"])} <i>({html.escape(e["method"])})</i></div>',
                        unsafe_allow_html=True)
            old_text = subtree_text(g, e["doc"], e["provision"], "zh-Hant")
            if old_text:
                left, right, ratio = diff_html(old_text, new_text)
                st.markdown(f'<div class="ed-wrap" data-testid="edition-diff">'
                            f'<div class="ed-col"><h5>{html.escape(name)} · 繁體中文</h5>{left}</div>'
                            f'<div class="ed-col"><h5>2017 Laws · 繁體中文 · {r["provision"]}</h5>{right}</div>'
                            f'</div>', unsafe_allow_html=True)
                st.caption(f"Characters in common: {ratio:.0%} (two translators, thirty years apart: much of the "
                           "difference is wording, not rule).")
            hans = subtree_text(g, e["doc"], e["provision"], "zh-Hans")
            if hans:
                st.markdown(f'<div class="ed-meta">简体中文 ({html.escape(name)}):</div>'
                            f'<div class="ed-hans">{html.escape(hans)}</div>', unsafe_allow_html=True)
