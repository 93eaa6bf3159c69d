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


_STRUCTURE = """
SELECT ?oid ?kind ?tid ?odoc WHERE {
  ?o eli:is_part_of* ?top ; dcterms:identifier ?oid ; bl:hasCorrespondence ?c . ?c bl:correspondence ?kind .
  ?o eli:is_part_of+ ?d . ?d a eli:LegalResource ; dcterms:identifier ?odoc .
  OPTIONAL { ?c bl:counterpart ?t . ?t dcterms:identifier ?tid }
}"""


def structure(g: Graph, r: dict) -> list[dict]:
    """What changed in structure, from the lineage data: each part of the older provision(s) with
    how it corresponds (same number, renumbered, moved, no counterpart = gone), and the parts of the
    2017 provision no older part corresponds to (new)."""
    from ingest.extract.align import sort_key
    from ingest.model import parse_id
    rows, seen = [], set()
    for e in r.get("editions") or []:
        for oid, kind, tid, odoc in select(g, _STRUCTURE, top=provision_iri(e["doc"], e["provision"])):
            row = (str(odoc), str(oid), str(kind), str(tid) if tid is not None else "")
            if row not in seen:
                seen.add(row)
                rows.append({"doc": row[0], "old": row[1], "kind": row[2], "new": row[3]})
    if r["doc"] == "wbf2017" and rows:
        parts = [p["provision"] for p in (r.get("full_text") or {}).get("en", [])]
        have = {x["new"] for x in rows}
        rows += [{"doc": "", "old": "", "kind": "new", "new": p} for p in parts if p not in have]
    def key(x: dict) -> tuple:
        pid = x["new"] or x["old"]
        return (x["doc"] == "", sort_key(pid) if parse_id(pid) else (999,), x["old"])
    return sorted(rows, key=key)


def render_editions(r: dict, g: Graph, st, ui: str = "en") -> None:
    """The panel for one provision looked up with query.lookup.law (its "editions" list)."""
    from app.components.labels import t
    editions = r.get("editions") or []
    st.subheader(t("ed.title", ui, n=len(editions)), anchor=False)
    if not editions:
        st.markdown(f'<span class="lb-note">{html.escape(t("ed.none", ui))}</span>', unsafe_allow_html=True)
        return
    rows = structure(g, r)
    if rows:
        st.markdown(f"**{html.escape(t('ed.structure', ui))}**")
        body = "".join(f'<tr class="ed-{html.escape(x["kind"])}"><td>{html.escape(x["doc"] + ":" + x["old"] if x["old"] else "—")}</td>'
                       f'<td>{html.escape(t("ed.kind." + x["kind"], ui))}</td><td>{html.escape(x["new"] or "—")}</td></tr>'
                       for x in rows)
        st.markdown(f'<div class="tb-wrap"><table class="tb" data-testid="edition-structure"><tr><th>{t("ed.older", ui)}</th>'
                    f'<th>{t("ed.change", ui)}</th><th>2017</th></tr>{body}</table></div>', unsafe_allow_html=True)
    st.caption(t("ed.caption", ui))
    st.markdown(CSS, unsafe_allow_html=True)
    new_text = subtree_text(g, r["doc"], r["provision"], "zh-Hant")
    for k, e in enumerate(editions):
        name = EDITION_NAMES.get(e["doc"], e["doc"])
        title = e["titles"].get("zh-Hant") or e["titles"].get("zh-Hans") or ""
        kind = t("ed.kind." + e["correspondence"], ui) if e["correspondence"] in KIND_NAMES else e["correspondence"]
        with st.expander(f"{name} · {e['doc']}:{e['provision']} {title} — {kind}", expanded=False):
            st.markdown(f'<div class="ed-meta" data-testid="edition-{e["doc"]}-{e["provision"]}">'
                        f'<span class="ed-kind">{html.escape(kind)}</span> · '
                        f'{html.escape(e["evidence"])} <i>({html.escape(e["method"])})</i> · '
                        f'<a href="/laws?p={html.escape(e["doc"])}:{html.escape(e["provision"])}" target="_self">'
                        f'{html.escape(t("ed.readwhole", ui))}</a></div>',
                        unsafe_allow_html=True)
            old_text = subtree_text(g, e["doc"], e["provision"], "zh-Hant")
            if old_text:
                left, right, ratio = diff_html(old_text, new_text)
                st.markdown(f'<div class="ed-wrap" data-testid="edition-diff">'
                            f'<div class="ed-col"><h5>{html.escape(name)} · 繁體中文</h5>{left}</div>'
                            f'<div class="ed-col"><h5>2017 Laws · 繁體中文 · {r["provision"]}</h5>{right}</div>'
                            f'</div>', unsafe_allow_html=True)
                st.caption(t("ed.ratio", ui, pct=f"{ratio:.0%}"))
            hans = subtree_text(g, e["doc"], e["provision"], "zh-Hans")
            if hans:
                st.markdown(f'<div class="ed-meta">简体中文 ({html.escape(name)}):</div>'
                            f'<div class="ed-hans">{html.escape(hans)}</div>', unsafe_allow_html=True)
