"""The cross-reference map: how trainees "study cross-references" (DESIGN.md section 1).

All typed references of the graph (bl:hasReference, every language, every document) are read once
per server into an edge list. A provision's map is its neighbourhood two hops out and in, drawn
with Graphviz (Streamlit's own st.graphviz_chart: rendered in the browser by the frontend's bundled
viz.js, no CDN, no extra package), edges coloured by reference type, dashed red where the languages
disagree (the reference is in some expressions, not all). The whole-Laws view counts how often each
provision is cited and which provisions cite each other most.

Why Graphviz: streamlit-agraph (vis.js in a component) and pyvis (writes HTML that loads vis.js
from a CDN by default) need a network or vendored scripts; Graphviz ships inside Streamlit.
"""
from __future__ import annotations

from collections import Counter, defaultdict

import streamlit as st

from app.components.graph_data import graph
from query.lookup import PREFIXES, _doc_of, lang_tag

TYPE_COLOURS = {"see": "#2563eb", "but-see": "#dc2626", "applies": "#059669", "does-not-apply": "#7c3aed",
                "may-apply": "#0d9488", "as-allows": "#d97706", "mention": "#6b7280"}
_EDGES = PREFIXES + """
SELECT ?src ?sid ?tgt ?tid ?type ?lang WHERE {
  ?e eli:realizes ?src ; dcterms:language ?lang ; bl:hasReference ?r . ?src dcterms:identifier ?sid .
  ?r bl:target ?tgt ; bl:refType ?type . ?tgt dcterms:identifier ?tid }"""
MAX_NODES = 22        # beyond that a two-hop map is a hairball; the list below names every node


def key(doc: str, pid: str) -> str:
    """The app's name for a provision: bare for the 2017 Laws, doc:id otherwise."""
    return pid if doc == "wbf2017" else f"{doc}:{pid}"


@st.cache_resource(show_spinner=False)
def edges() -> dict[tuple[str, str], dict]:
    """(from key, to key) -> {"types": set, "langs": {lang: set of types}, "docs": (from doc, to doc)}."""
    out: dict[tuple[str, str], dict] = {}
    for src, sid, tgt, tid, rtype, lang in graph().query(_EDGES):
        a, b = key(_doc_of(src), str(sid)), key(_doc_of(tgt), str(tid))
        if a == b:
            continue
        e = out.setdefault((a, b), {"types": set(), "langs": {}, "docs": (_doc_of(src), _doc_of(tgt))})
        t = str(rtype).rsplit("/", 1)[-1]
        e["types"].add(t)
        e["langs"].setdefault(lang_tag(lang), set()).add(t)
    return out


@st.cache_resource(show_spinner=False)
def expression_langs() -> dict[str, set[str]]:
    """key -> the languages it has text in (a reference can only be missing where there is text)."""
    q = PREFIXES + "SELECT ?p ?id ?lang WHERE { ?p eli:is_realized_by ?e ; dcterms:identifier ?id . ?e dcterms:language ?lang ; bl:text ?t FILTER(strlen(?t) > 0) }"
    out: dict[str, set[str]] = defaultdict(set)
    for p, pid, lang in graph().query(q):
        out[key(_doc_of(p), str(pid))].add(lang_tag(lang))
    return out


def disagrees(a: str, e: dict) -> bool:
    """The languages of the citing provision disagree: some expression with text lacks the reference."""
    have = expression_langs().get(a, set())
    return bool(have) and set(e["langs"]) != have


def neighbourhood(centre: str, hops: int = 2) -> tuple[list[str], list[tuple[str, str]]]:
    """Nodes within `hops` references (either way) of centre, nearest first, at most MAX_NODES."""
    adj: dict[str, set[str]] = defaultdict(set)
    for a, b in edges():
        adj[a].add(b)
        adj[b].add(a)
    seen, frontier = [centre], [centre]
    for _ in range(hops):
        nxt = []
        for n in frontier:
            for m in sorted(adj[n]):
                if m not in seen and len(seen) < MAX_NODES:
                    seen.append(m)
                    nxt.append(m)
        frontier = nxt
    nodes = set(seen)
    return seen, [(a, b) for (a, b) in edges() if a in nodes and b in nodes]


def dot(centre: str, type_labels: dict[str, str]) -> tuple[str, list[str]]:
    """A Graphviz digraph of centre's two-hop neighbourhood, and its nodes."""
    nodes, pairs = neighbourhood(centre)
    lines = ['digraph refs {', 'rankdir=LR; bgcolor="transparent"; nodesep=0.12; ranksep=0.45; size="13,7";',
             'node [shape=box, style="rounded,filled", fillcolor="#f4f6f9", color="#c9d1dc", fontname="sans-serif",'
             ' fontsize=10, height=0.3, margin="0.08,0.03"];',
             'edge [fontname="sans-serif", fontsize=8, arrowsize=0.6];']
    near = {b for a, b in pairs if a == centre} | {a for a, b in pairs if b == centre}
    for n in nodes:
        extra = (', fillcolor="#1f4e8c", fontcolor="white", penwidth=2' if n == centre
                 else ', fillcolor="#e8eef8"' if n in near else ', fontcolor="#4b5563"')
        lines.append(f'"{_q(n)}" [label="{_q(n)}"{extra}];')
    for a, b in pairs:
        e = edges()[(a, b)]
        t = sorted(e["types"], key=lambda x: x == "mention")[0]
        bad = disagrees(a, e)
        style = ', style=dashed, penwidth=2, fontcolor="#b91c1c"' if bad else ""
        label = type_labels.get(t, t) + (" ≠" if bad else "")
        lines.append(f'"{_q(a)}" -> "{_q(b)}" [color="{TYPE_COLOURS.get(t, "#6b7280")}", label="{_q(label)}"{style}];')
    lines.append("}")
    return "\n".join(lines), nodes


def most_cited(n: int = 25, doc: str = "wbf2017") -> list[tuple[str, int]]:
    """The provisions of a document cited by the most distinct provisions."""
    c = Counter(b for (a, b), e in edges().items() if e["docs"][1] == doc)
    return c.most_common(n)


def clusters(n: int = 12, doc: str = "wbf2017") -> list[tuple[str, list[tuple[str, int]]]]:
    """Laws that cite each other most: law -> the other laws it cites, by count (a law-level view)."""
    def law_of(k: str) -> str:
        import re
        m = re.match(r"^(\d+)", k)
        return m.group(1) if m else k
    c: dict[str, Counter] = defaultdict(Counter)
    for (a, b), e in edges().items():
        if e["docs"] == (doc, doc) and law_of(a) != law_of(b):
            c[law_of(a)][law_of(b)] += 1
    ranked = sorted(c.items(), key=lambda kv: -sum(kv[1].values()))[:n]
    return [(law, cnt.most_common(6)) for law, cnt in ranked]


def _q(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')
