"""The Index to the 2017 Laws (seed 000, `INDEX TO THE 2017 LAWS` to the Systems Policy) ->
laws_ttl/wbf2017.index.ttl (and wbf2017.index-repairs.ttl): each heading and sub-entry is a
`skos:Concept` in the scheme `…/wbf2017/index`, with `skos:prefLabel` @en and `bl:indexTarget`
each provision it points to.

- Headings (`INSUFFICIENT BID  18D, 27`) are concepts `…/wbf2017/index/insufficient-bid`, labelled
  as printed; sub-entries (`Comparable call  23A, 27B1(b)`) are `…/index/insufficient-bid/comparable-call`,
  `skos:broader` their heading, labelled with the heading in sentence case and the sub-entry
  (`Insufficient bid, comparable call`), the printed words as `skos:altLabel`.
- Targets: `Definitions`, `Introduction` and the Index's own ids (`27B1(a)`, `40B2(a)(v)`); `70
  footnote` / `20 second footnote` point to the law and keep the words as `skos:editorialNote`.
  A target that is not a provision of the 2017 Laws is reported as unresolved, never guessed.
- `See X` / `See also X` (a line of its own or after a heading) become `skos:related` to the
  heading X; one that names no heading is reported.
- `Note: …` after a heading becomes its `skos:scopeNote`.
- Every concept `prov:wasDerivedFrom` the line it was read from.

The extraction is noisy: headings and sub-entries merged into one line with all their targets
at the end, cumulative repeats (the DEAL, DOUBLE, OPENING LEAD, REDOUBLE and UNINTENDED blocks),
OCR garbage (`1202(0)` for 12C2(a), Greek ΜΑΥ, Cyrillic РАСК). Each is repaired by a row of
`fixes/000_1f3522d3ae8db592.index.tsv` (157 rows, each with its reason), recorded as bl:Repair.
"""
from __future__ import annotations

import re
from pathlib import Path

from rdflib import RDF, Literal, URIRef
from rdflib.namespace import DCTERMS, SKOS

from ingest import emit
from ingest.model import ParsedDoc, Span
from ingest.regulations import known_ids
from ingest.source_fixes import apply_fixes
from ingest.vocab import BL, LAWSD, provision_iri

SOURCE = "sources/000_1f3522d3ae8db592.txt"
ROOT = Path(__file__).resolve().parents[2]
HEAD = "INDEX TO THE 2017 LAWS"
END = "International Sport Federation (IF)"
SCHEME = LAWSD["wbf2017/index"]

_TARGET = re.compile(r"(Definitions|Introduction|\d{1,2}(?:[A-H](?:\d{1,2}(?:\([a-z]\)(?:\([ivx]+\))?)?)?)?)"
                     r"(\s+(?:second\s+)?footnote)?")
_SEE = re.compile(r"^See(?:\s+also)?\s+(.+)$")
_INLINE_SEE = re.compile(r"\s+(See(?:\s+also)?\s+.+)$")
_NOTE = re.compile(r"\s+Note:\s*(.+)$")
_ABBREV = {"IMP", "LHO", "RHO", "TO"}
_PROPER = {"Director", "Director's", "Regulating", "Tournament", "Zonal", "Law", "Laws", "LHO's", "RHO", "National",
           "World", "Appeals", "Penalty", "Conditions", "Correction", "Clarification", "Auction", "IMP"}


def slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def sentence_case(heading: str) -> str:
    words = heading.split(" ")
    out = [w if (w.strip("(),") in _ABBREV) else w.lower() for w in words]
    s = " ".join(out)
    return s[:1].upper() + s[1:]


def is_heading(label: str) -> bool:
    core = re.split(r"\s+(?:See\b|Note:|\()", label)[0]
    letters = [c for c in core if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters) and len(letters) >= 2


class Entry:
    def __init__(self, label: str, line: int, heading: "Entry | None") -> None:
        self.label = label
        self.line = line
        self.heading = heading
        self.targets: list[tuple[str, str]] = []   # (id, words as printed)
        self.open_list = False                     # target list ended in a comma
        self.see: list[str] = []
        self.note = ""
        self.key = ""


def parse(path: str = SOURCE) -> tuple[list[Entry], ParsedDoc, list[dict]]:
    """The entries in source order, the repairs, and the lines that could not be read (with reasons)."""
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    first = next(i + 1 for i, line in enumerate(lines) if line.strip() == HEAD)
    last = next(i for i, line in enumerate(lines) if i > first and line.strip().startswith(END))
    lines, fixes = apply_fixes(path, lines, part="index")
    doc = ParsedDoc("wbf2017/index", ("en",))
    doc.repairs.extend(fixes)
    entries: list[Entry] = []
    problems: list[dict] = []
    heading: Entry | None = None
    for i in range(first, last):
        n = i + 1
        for raw in lines[i].split("\n"):
            if not raw.strip():
                continue
            if raw.startswith("Compiled by"):
                continue
            label, _, targets = raw.partition("\t")
            label, targets = label.strip(), targets.strip()
            if not label:
                prev = entries[-1] if entries else None
                if prev is not None and (prev.open_list or not prev.targets) and targets:
                    _add_targets(prev, targets, n, problems)
                else:
                    problems.append({"line": n, "entry": "", "item": targets, "reason": "targets with no entry"})
                continue
            if (m := _SEE.match(label)) and entries:
                entries[-1].see.append(m.group(1).strip())
                continue
            note = ""
            if (m := _NOTE.search(label)):
                note, label = m.group(1).strip(), label[:m.start()].strip()
            see = None
            if (m := _INLINE_SEE.search(label)) and is_heading(label[:m.start()]):
                see, label = _SEE.match(m.group(1)).group(1), label[:m.start()].strip()
            if is_heading(label) and not _acronym_out_of_order(label, heading):
                e = Entry(label, n, None)
                heading = e
            else:
                if heading is None:
                    problems.append({"line": n, "entry": label, "item": "", "reason": "sub-entry before any heading"})
                    continue
                e = Entry(label, n, heading)
            e.note = note
            if see:
                e.see.append(see)
            if targets:
                _add_targets(e, targets, n, problems)
            entries.append(e)
    _keys(entries)
    return entries, doc, problems


def _acronym_out_of_order(label: str, heading: "Entry | None") -> bool:
    """`IMP (International Matchpoint)` under SCORING is a sub-entry: a short capitalised acronym
    is a heading only where the alphabetical order of the headings allows it (IMP after HONOUR)."""
    core = label.split(" (")[0]
    return bool(heading) and " (" in label and len(core) <= 3 and core.lower() < heading.label.lower()


def _add_targets(e: Entry, text: str, n: int, problems: list[dict]) -> None:
    e.open_list = text.rstrip().endswith(",")
    for piece in re.split(r",\s*|\s+(?=\d|Definitions|Introduction)", text.strip().rstrip(",")):
        piece = piece.strip()
        if not piece:
            continue
        m = _TARGET.fullmatch(piece)
        if m:
            e.targets.append((m.group(1), piece))
        else:
            problems.append({"line": n, "entry": e.label, "item": piece, "reason": "not a provision id of the Laws"})


def _keys(entries: list[Entry]) -> None:
    used: dict[str, int] = {}
    for e in entries:
        base = slug(e.label) if e.heading is None else f"{e.heading.key}/{slug(e.label)}"
        used[base] = used.get(base, 0) + 1
        e.key = base if used[base] == 1 else f"{base}-{used[base]}"


def _pref_label(e: Entry) -> str:
    if e.heading is None:
        return e.label
    sub = e.label
    first = sub.split(" ")[0].rstrip(",")
    if first not in _PROPER and not (first.isupper() and len(first) > 1):
        sub = sub[:1].lower() + sub[1:]
    return f"{sentence_case(e.heading.label)}, {sub}"


def _see_target(see: str, headings: dict[str, Entry]) -> Entry | None:
    """The heading a See names: exactly, or the one heading that starts with its words
    ('See Communication' -> COMMUNICATION, TEMPO AND DECEPTION)."""
    key = see.lower().strip()
    if key in headings:
        return headings[key]
    starts = [e for label, e in headings.items() if re.match(re.escape(key) + r"[ ,]", label)]
    return starts[0] if len(starts) == 1 else None


def build(out: Path) -> dict:
    entries, doc, problems = parse()
    ids = known_ids(out, "wbf2017")
    headings = {e.label.lower(): e for e in entries if e.heading is None}
    g = emit.new_graph()
    g.add((SCHEME, RDF.type, SKOS.ConceptScheme))
    g.add((SCHEME, SKOS.prefLabel, Literal("Index to the 2017 Laws", lang="en")))
    g.add((SCHEME, DCTERMS.creator, Literal("Richard Hills")))
    g.add((SCHEME, DCTERMS.description, Literal(
        "Compiled by Richard Hills and based on original work on the 1997 Laws by Rick Assad.", lang="en")))
    g.add((SCHEME, DCTERMS.source, URIRef(LAWSD["wbf2017"])))
    resolved = unresolved_targets = 0
    unresolved: list[dict] = [dict(p) for p in problems]
    for e in entries:
        node = LAWSD[f"wbf2017/index/{e.key}"]
        g.add((node, RDF.type, SKOS.Concept))
        g.add((node, SKOS.inScheme, SCHEME))
        g.add((node, SKOS.prefLabel, Literal(_pref_label(e), lang="en")))
        if e.heading is None:
            g.add((SCHEME, SKOS.hasTopConcept, node))
            g.add((node, SKOS.topConceptOf, SCHEME))
        else:
            g.add((node, SKOS.altLabel, Literal(e.label, lang="en")))
            g.add((node, SKOS.broader, LAWSD[f"wbf2017/index/{e.heading.key}"]))
        if e.note:
            g.add((node, SKOS.scopeNote, Literal(e.note, lang="en")))
        emit._span(g, node, Span(SOURCE, e.line, e.line), URIRef(f"{node}/source"))
        for pid, words in e.targets:
            if pid in ids:
                g.add((node, BL.indexTarget, provision_iri("wbf2017", pid)))
                resolved += 1
                if "footnote" in words:
                    g.add((node, SKOS.editorialNote, Literal(f"as printed: {words}", lang="en")))
            else:
                unresolved_targets += 1
                unresolved.append({"line": e.line, "entry": _pref_label(e), "item": words,
                                   "reason": f"no provision {pid} in the 2017 Laws"})
        for see in e.see:
            target = _see_target(see, headings)
            if target is not None:
                g.add((node, SKOS.related, LAWSD[f"wbf2017/index/{target.key}"]))
            else:
                unresolved.append({"line": e.line, "entry": _pref_label(e), "item": f"See {see}",
                                   "reason": "names no heading of the Index"})
        if not e.targets and not e.see and not any(x.heading is e for x in entries):
            unresolved.append({"line": e.line, "entry": _pref_label(e), "item": "",
                               "reason": "entry without a target (lost in the extraction, see the repair of its line)"})
    emit.write(g, out / "wbf2017.index.ttl")
    emit.write(emit.repairs_graph("wbf2017/index", doc.repairs, [], {}), out / "wbf2017.index-repairs.ttl")
    from collections import Counter
    return {
        "provisions": 0,
        "entries": len(entries),
        "headings": sum(1 for e in entries if e.heading is None),
        "sub_entries": sum(1 for e in entries if e.heading is not None),
        "entries_with_targets": sum(1 for e in entries if e.targets),
        "targets_resolved": resolved,
        "targets_unresolved": unresolved_targets,
        "see_references": sum(len(e.see) for e in entries),
        "unresolved": unresolved,
        "repairs": dict(Counter(r.kind for r in doc.repairs)),
    }


def print_report(fig: dict, findings: bool = False) -> None:
    print(f"index entries: {fig['entries']} ({fig['headings']} headings, {fig['sub_entries']} sub-entries), "
          f"{fig['entries_with_targets']} with targets; targets resolved {fig['targets_resolved']}, "
          f"unresolved {fig['targets_unresolved']}; see-references {fig['see_references']}")
    print(f"repairs: {fig['repairs']}")
    print(f"unresolved ({len(fig['unresolved'])}):")
    for u in fig["unresolved"]:
        print(f"  line {u['line']}: {u['entry']!r} {u['item']!r}: {u['reason']}")
