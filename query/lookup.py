"""Law lookup: a provision's three texts, strength tags, references out and in, terms, source.

Implements `python -m query law ID` (DESIGN.md section 7)."""
from __future__ import annotations

import re
from difflib import get_close_matches

from rdflib import Graph, Literal, URIRef

from ingest.model import LANGS, ancestors, parse_id
from ingest.vocab import LAWSD, provision_iri

from query.errors import BadInput

DOCS = ("wbf2017",)
# Regulations and policies (ingest/regulations.py; id grammar in the README, "Regulations and policies")
REGULATION_DOCS = ("ccba2018", "twreg", "wbfsys2023", "wbfalert2023", "wbfpsych2023")
DOCS = DOCS + REGULATION_DOCS
# Older editions of the Laws (ingest/sources/wbf1987.py, ingest/sources/wbf2007.py; README "Older editions")
OLDER_DOCS = ("wbf1987", "wbf2007")
DOCS = DOCS + OLDER_DOCS
STATE_NAMES = {"State2017Original": "2017 original", "State2024Revision": "2024 revision",
               "State1987Laws": "1987 Laws", "State2007Laws": "2007 Laws"}
_ROMAN = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
PREFIXES = """
PREFIX bl: <https://w3id.org/bridge-laws/ontology#>
PREFIX eli: <http://data.europa.eu/eli/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""


_LANG_TAGS = {lang.lower(): lang for lang in LANGS}


def lang_tag(value) -> str:
    """Oxigraph lower-cases language tags (zh-hant); give back the BCP 47 form (zh-Hant)."""
    tag = value.language if isinstance(value, Literal) and value.language else str(value)
    return _LANG_TAGS.get(tag.lower(), tag)


def select(g: Graph, query: str, **bind: URIRef):
    """Run a SELECT with variables bound by a VALUES clause (Oxigraph rejects initBindings
    for variables outside the projection)."""
    values = " ".join(f"VALUES ?{k} {{ <{v}> }}" for k, v in bind.items())
    head, sep, body = query.partition("{")
    return g.query(PREFIXES + head + sep + " " + values + " " + body)


class LookupError_(BadInput):
    """A bad provision id or document: the CLI turns it into a one-line error, exit 2."""


def normalise_id(raw: str) -> tuple[str | None, str]:
    """'wbf2017:27B1(a)' -> ('wbf2017', '27B1(a)'); 'Law 27 b 1 (a)' -> (None, '27B1(a)')."""
    s = raw.strip()
    doc = None
    if ":" in s:
        doc, s = s.split(":", 1)
    s = re.sub(r"^(law|laws|第)\s*", "", s, flags=re.I)
    s = re.sub(r"\s+", "", s).replace("（", "(").replace("）", ")")
    # the older editions number sub-sub-items (1), (2): their ids use the Index's (i), (ii)
    s = re.sub(r"(?<=\))\((\d)\)", lambda m: f"({_ROMAN[int(m.group(1))]})", s)
    if s.lower() in ("introduction", "definitions"):
        return doc, s.capitalize()
    m = re.match(r"^(\d{1,2})([a-zA-Z])?(\d{1,2})?((?:\([a-zA-Z]+\))*)$", s)
    if not m:
        return doc, s
    law, sec, item, parens = m.groups()
    return doc, f"{law}{(sec or '').upper()}{item or ''}{parens.lower()}"


def all_ids(g: Graph, doc: str) -> list[str]:
    q = "SELECT ?id ?o WHERE { ?p eli:is_part_of+ ?d ; dcterms:identifier ?id ; bl:order ?o } ORDER BY ?o"
    return [str(r[0]) for r in select(g, q, d=LAWSD[doc])]


def _check(raw: str) -> None:
    if not raw or not raw.strip():
        raise LookupError_("empty provision id (try e.g. 27B2)")
    if len(raw) > 60:
        raise LookupError_(f"provision id too long ({len(raw)} characters)")


def candidates(g: Graph, raw: str) -> list[str]:
    """The documents holding the provision `raw` names, in DOCS order: only its own document
    when it has a prefix (ccba2018:21), else every document with that id ("21" is a Law, a CCBA
    article, a Taiwan article and a 1987 Law). The app asks which when there are several."""
    _check(raw)
    prefix, pid = normalise_id(raw)
    docs = (prefix,) if prefix else DOCS
    return [d for d in docs if d in DOCS and (provision_iri(d, pid), None, None) in g]


def resolve(g: Graph, raw: str, doc: str | None = None) -> tuple[str, str]:
    """Check a provision id against the graph; raise LookupError_ with suggestions if unknown.
    A prefix in the id names its document; `doc` is the document for an id without one."""
    _check(raw)
    prefix, pid = normalise_id(raw)
    if prefix and doc and prefix != doc:
        raise LookupError_(f"'{raw}' names document {prefix}, not {doc}")
    doc = prefix or doc or "wbf2017"
    if doc not in DOCS:
        raise LookupError_(f"unknown document '{doc}' (known: {', '.join(DOCS)})")
    node = provision_iri(doc, pid)
    if (node, None, None) not in g:
        near = get_close_matches(pid, all_ids(g, doc), n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise LookupError_(f"unknown provision id '{raw}' in {doc}{hint}")
    return doc, pid


def law(g: Graph, raw: str, doc: str | None = None) -> dict:
    """Everything the law browser and `query law` show for one provision."""
    doc, pid = resolve(g, raw, doc)
    node = provision_iri(doc, pid)
    is_laws = doc not in REGULATION_DOCS
    out: dict = {"provision": pid, "doc": doc, "law": (int(parse_id(pid)["law"]) if is_laws and parse_id(pid) else None),
                 "titles": {}, "texts": {}, "states": {}, "source": {}}
    q = """
    SELECT ?lang ?title ?text ?state ?file ?first ?last WHERE {
      ?p eli:is_realized_by ?e . ?e dcterms:language ?lang .
      OPTIONAL { ?e bl:lawState ?state }
      OPTIONAL { ?e eli:title ?title } OPTIONAL { ?e bl:text ?text }
      OPTIONAL { ?e prov:wasDerivedFrom ?s . ?s bl:sourceFile ?file ; bl:firstLine ?first ; bl:lastLine ?last }
    }"""
    for lang, title, text, state, file, first, last in select(g, q, p=node):
        lang = lang_tag(lang)
        out["titles"][lang] = str(title) if title else ""
        out["texts"][lang] = str(text) if text else ""
        if state is not None:      # a state of the Laws; regulations have none
            out["states"][lang] = STATE_NAMES[str(state).rsplit("#", 1)[1]]
        if file:
            out["source"][lang] = {"file": str(file), "first_line": int(first), "last_line": int(last)}
    for lang in LANGS:
        out["texts"].setdefault(lang, None)
    out["strength"] = _strength(g, node)
    out["cites"] = _refs(g, node, outgoing=True)
    out["cited_by"] = _refs(g, node, outgoing=False)
    out["parent"], out["children"] = _family(g, node)
    out["ancestors"] = ancestors(pid) if is_laws else _ancestors(g, node)
    out["terms"] = _terms(g, node)
    out["versions"] = {state: sorted(l for l, s in out["states"].items() if s == state)
                       for state in sorted(set(out["states"].values()))}
    out["findings"] = _findings(g, node)
    out["editions"] = _editions(g, node, doc)
    out["full_text"] = full_text(g, doc, pid)
    out["lead_in"] = lead_in(g, doc, pid)
    if doc in OLDER_DOCS:
        out["lineage"] = _lineage(g, node)
    return out


def full_text(g: Graph, doc: str, pid: str) -> dict[str, list[dict]]:
    """A provision read whole: its own text and every part's, in document order, per language
    ({"en": [{"provision": "64", "text": ...}, {"provision": "64A", ...}, ...], ...}). A part
    without text in a language (a heading-only section) is left out of that language."""
    q = """
    SELECT ?id ?lang ?text ?o WHERE {
      ?c eli:is_part_of* ?p ; dcterms:identifier ?id ; bl:order ?o ; eli:is_realized_by ?e .
      ?e dcterms:language ?lang ; bl:text ?text .
    } ORDER BY ?o"""
    out: dict[str, list[dict]] = {lang: [] for lang in LANGS}
    for cid, lang, text, _ in select(g, q, p=provision_iri(doc, pid)):
        if str(text).strip():
            out.setdefault(lang_tag(lang), []).append({"provision": str(cid), "text": str(text)})
    return out


_LEAD_IN_END = (":", "：", "︰")


def lead_in(g: Graph, doc: str, pid: str) -> list[dict]:
    """The lead-in words a list item is read with: each enclosing provision whose text ends
    with a colon ("If dummy, after his violation of the limitations listed in A2:" for 43B2(a)),
    outermost first, as [{"provision", "texts": {lang: text}}]. Empty for an item read alone.
    The graph keeps no closing words after a list, so there are none to give."""
    out = []
    node = provision_iri(doc, pid)
    while True:
        parent, _ = _family(g, node)
        if not parent:
            break
        node = provision_iri(doc, parent)
        q = "SELECT ?lang ?text WHERE { ?p eli:is_realized_by ?e . ?e dcterms:language ?lang ; bl:text ?text }"
        texts = {lang_tag(lang): str(text).strip() for lang, text in select(g, q, p=node)}
        if not any(t.endswith(_LEAD_IN_END) for t in texts.values()):
            break
        out.append({"provision": parent, "texts": texts})
    return out[::-1]


def _strength(g: Graph, node: URIRef) -> list[dict]:
    q = """
    SELECT ?lang ?pos ?level ?word ?clause ?offset WHERE {
      ?p eli:is_realized_by ?e . ?e dcterms:language ?lang ; bl:hasStrengthTag ?t .
      ?t bl:level ?level ; bl:word ?word ; bl:clause ?clause ; bl:position ?pos .
      OPTIONAL { ?t bl:offset ?offset }
    } ORDER BY ?lang ?pos ?offset"""
    return [{"lang": lang_tag(lang), "clause_no": int(pos), "level": str(level).rsplit("/", 1)[1],
             "word": str(word), "clause": str(clause), "offset": int(offset) if offset is not None else None}
            for lang, pos, level, word, clause, offset in select(g, q, p=node)]


def _refs(g: Graph, node: URIRef, outgoing: bool) -> list[dict]:
    """References made by this provision (outgoing) or made to it (incoming), per language.
    A provision of another document is named with its document prefix (wbf2017:16, twreg:79-8)
    and every row says its "doc"."""
    here = _doc_of(node)
    if outgoing:
        q = """
        SELECT ?other ?id ?lang ?type ?surface WHERE {
          ?p eli:is_realized_by ?e . ?e dcterms:language ?lang ; bl:hasReference ?r .
          ?r bl:target ?other ; bl:refType ?type ; bl:surface ?surface . ?other dcterms:identifier ?id .
        }"""
    else:
        q = """
        SELECT ?other ?id ?lang ?type ?surface WHERE {
          ?r bl:target ?p ; bl:refType ?type ; bl:surface ?surface .
          ?e bl:hasReference ?r ; dcterms:language ?lang ; eli:realizes ?other . ?other dcterms:identifier ?id .
        }"""
    rows: dict[str, dict] = {}
    for other, pid, lang, rtype, surface in select(g, q, p=node):
        doc = _doc_of(other)
        key = str(pid) if doc == here else f"{doc}:{pid}"
        row = rows.setdefault(key, {"provision": key, "doc": doc, "types": set(), "langs": set(), "surfaces": {}})
        row["types"].add(str(rtype).rsplit("/", 1)[1])
        row["langs"].add(lang_tag(lang))
        row["surfaces"].setdefault(lang_tag(lang), str(surface))
    return [{**r, "types": sorted(r["types"]), "langs": sorted(r["langs"])}
            for _, r in sorted(rows.items(), key=lambda kv: _order(kv[1]["doc"] != here, kv[1]["doc"], kv[0]))]


def _doc_of(iri) -> str:
    """The document of a provision IRI: …/bridge-laws/ccba2018/52-2-9 -> ccba2018."""
    return str(iri)[len(str(LAWSD)):].split("/", 1)[0]


def _order(other: bool, doc: str, key: str) -> tuple:
    """Same document first, in the Laws' order where the id is a Laws id, else in natural order."""
    from ingest.extract.align import sort_key
    pid = key.split(":", 1)[1] if other else key
    if doc not in REGULATION_DOCS and (parse_id(pid) or pid in ("Introduction", "Definitions")):
        return (other, doc, 0, sort_key(pid))
    return (other, doc, 1, tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in re.findall(r"\d+|\D+", pid)))


def _ancestors(g: Graph, node: URIRef) -> list[str]:
    """The ids of the provisions a provision is part of, nearest first (from the graph)."""
    out = []
    doc = _doc_of(node)
    parent, _ = _family(g, node)
    while parent:
        out.append(parent)
        parent, _ = _family(g, provision_iri(doc, parent))
    return out


def _family(g: Graph, node: URIRef) -> tuple[str | None, list[str]]:
    q = """
    SELECT ?pid ?cid ?o WHERE {
      OPTIONAL { ?p eli:is_part_of ?parent . ?parent dcterms:identifier ?pid }
      OPTIONAL { ?c eli:is_part_of ?p ; dcterms:identifier ?cid ; bl:order ?o }
    } ORDER BY ?o"""
    parent, children = None, []
    for pid, cid, _ in select(g, q, p=node):
        parent = str(pid) if pid is not None and str(pid) != _doc_of(node) else parent   # not the document
        if cid is not None:
            children.append(str(cid))
    return parent, children


def _terms(g: Graph, node: URIRef) -> list[dict]:
    q = """
    SELECT ?key ?label ?def WHERE {
      ?t bl:usedIn ?p ; skos:notation ?key ; skos:prefLabel ?label .
      OPTIONAL { ?t skos:definition ?def FILTER(lang(?def) = lang(?label)) }
    }"""
    terms: dict[str, dict] = {}
    for key, label, definition in select(g, q, p=node):
        t = terms.setdefault(str(key), {"term": str(key), "labels": {}, "definitions": {}})
        t["labels"][lang_tag(label)] = str(label)
        if definition is not None:
            t["definitions"][lang_tag(definition)] = str(definition)
    return [terms[k] for k in sorted(terms)]


def _findings(g: Graph, node: URIRef) -> list[dict]:
    """The translation findings of a provision: kind, severity and the clause pair compared."""
    q = """
    SELECT ?lang ?kind ?detail ?severity ?en ?zh WHERE { ?f bl:provision ?p ; dcterms:language ?lang ;
      bl:findingKind ?kind ; rdfs:comment ?detail .
      OPTIONAL { ?f bl:severity ?severity } OPTIONAL { ?f bl:englishClause ?en } OPTIONAL { ?f bl:chineseClause ?zh } }
    ORDER BY ?lang ?kind ?detail"""
    return [{"lang": lang_tag(a), "kind": str(b), "detail": str(c), "severity": str(d or ""),
             "en_clause": str(e or ""), "zh_clause": str(f or "")} for a, b, c, d, e, f in select(g, q, p=node)]


def _texts_of(g: Graph, nodes: list[URIRef]) -> dict[str, dict]:
    """Titles, texts and states per language of some provisions (for the editions list)."""
    out: dict[str, dict] = {str(n): {"titles": {}, "texts": {}, "states": {}} for n in nodes}
    if not nodes:
        return out
    values = " ".join(f"<{n}>" for n in nodes)
    q = PREFIXES + f"""
    SELECT ?p ?lang ?title ?text ?state WHERE {{ VALUES ?p {{ {values} }}
      ?p eli:is_realized_by ?e . ?e dcterms:language ?lang .
      OPTIONAL {{ ?e eli:title ?title }} OPTIONAL {{ ?e bl:text ?text }} OPTIONAL {{ ?e bl:lawState ?state }}
    }}"""
    for p, lang, title, text, state in g.query(q):
        row = out[str(p)]
        lang = lang_tag(lang)
        row["titles"][lang] = str(title) if title else ""
        row["texts"][lang] = str(text) if text else ""
        if state is not None:
            row["states"][lang] = STATE_NAMES.get(str(state).rsplit("#", 1)[1], str(state))
    return out


def _editions(g: Graph, node: URIRef, doc: str) -> list[dict]:
    """The same provision in the other editions. For a 2017 provision: every older provision
    whose lineage points to it; for an older one: its 2017 counterpart(s)."""
    if doc == "wbf2017":
        q = """
        SELECT ?o ?id ?docid ?kind ?method ?ev WHERE {
          ?o bl:hasCorrespondence ?c . ?c bl:counterpart ?p ; bl:correspondence ?kind ; bl:lineageMethod ?method ;
             rdfs:comment ?ev .
          ?o dcterms:identifier ?id ; eli:is_part_of+ ?d . ?d a eli:LegalResource ; dcterms:identifier ?docid .
        }"""
    elif doc in OLDER_DOCS:
        q = """
        SELECT ?o ?id ?docid ?kind ?method ?ev WHERE {
          ?p bl:hasCorrespondence ?c . ?c bl:counterpart ?o ; bl:correspondence ?kind ; bl:lineageMethod ?method ;
             rdfs:comment ?ev .
          ?o dcterms:identifier ?id . BIND ("wbf2017" AS ?docid)
        }"""
    else:
        return []
    rows = list(select(g, q, p=node))
    texts = _texts_of(g, sorted({r[0] for r in rows}))
    from ingest.extract.align import sort_key
    out = [{"doc": str(docid), "provision": str(pid), "correspondence": str(kind), "method": str(method),
            "evidence": str(ev), **texts[str(o)]} for o, pid, docid, kind, method, ev in rows]
    return sorted(out, key=lambda r: (r["doc"], sort_key(r["provision"]) if parse_id(r["provision"]) else (999,),
                                      r["provision"]))


def _lineage(g: Graph, node: URIRef) -> list[dict]:
    """An older provision's correspondences to the 2017 Laws, including no-counterpart."""
    q = """
    SELECT ?c ?kind ?method ?ev ?tid WHERE {
      ?p bl:hasCorrespondence ?c . ?c bl:correspondence ?kind ; bl:lineageMethod ?method ; rdfs:comment ?ev .
      OPTIONAL { ?c bl:counterpart ?t . ?t dcterms:identifier ?tid }
    } ORDER BY ?c"""
    return [{"correspondence": str(kind), "wbf2017": str(tid) if tid is not None else None, "method": str(method),
             "evidence": str(ev)} for _, kind, method, ev, tid in select(g, q, p=node)]
