"""The Laws' own Index as search keywords ("Index-like titles").

The 2017 Laws end with an alphabetical Index (compiled by Richard Hills): headings such as
REVOKE with entries "Established 63A", "Slow play, undue 90B2". Those phrases are how a director
looks things up, and they are the words a player uses ("slow play", "disqualify", "waiver") where
the text says something else. Ingest puts the Index in the graph as SKOS concepts of a scheme
`<document>/index` (`skos:prefLabel` "Revoke, established"@en, `bl:indexTarget` the provisions);
the search adds each entry's label to the English text it indexes for every target provision
(for a target with no text of its own, for its parts).
"""
from __future__ import annotations


def entries(g) -> list[tuple[str, str, str]]:
    """(document id, label, target provision id) for every Index entry in the graph."""
    from query.lookup import PREFIXES
    q = PREFIXES + """
    SELECT ?docid ?label ?pid WHERE {
      ?d a eli:LegalResource ; dcterms:identifier ?docid .
      ?e skos:inScheme ?s ; skos:prefLabel ?label ; bl:indexTarget ?t .
      ?t dcterms:identifier ?pid ; eli:is_part_of* ?d .
      FILTER(STR(?s) = CONCAT(STR(?d), "/index"))
      FILTER(LANGMATCHES(LANG(?label), "en") || LANG(?label) = "")
    }"""
    try:
        return sorted((str(d), str(label), str(pid)) for d, label, pid in g.query(q))
    except Exception:       # no Index in the graph (or a store without property paths): no keywords
        return []


def attach(g, units: list) -> int:
    """Add Index labels to the `keywords` of `units` (query.search.hybrid.Unit); returns how many."""
    by_id: dict[tuple[str, str], list] = {}
    inside: dict[tuple[str, str], list] = {}
    for u in units:
        if u.term:
            continue
        by_id.setdefault((u.doc, u.provision), []).append(u)
        for a in u.ancestors:
            inside.setdefault((u.doc, a), []).append(u)
    n = 0
    for doc, label, pid in entries(g):
        for u in by_id.get((doc, pid)) or inside.get((doc, pid), []):
            if label not in u.keywords:
                u.keywords.append(label)
                n += 1
    return n
