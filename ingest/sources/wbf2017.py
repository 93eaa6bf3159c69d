"""The 2017 Laws (2024 revision) in three languages: seed 000 (en + zh-Hant) and the second
half of seed 002 (zh-Hans) -> laws_ttl/wbf2017.*.ttl, with the fidelity figures."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from ingest import emit
from ingest.extract.align import merge, missing_expressions
from ingest.extract.translation import consistency
from ingest.model import LANGS
from ingest.sources.wbf2017_bilingual import parse as parse_bilingual
from ingest.sources.wbf2017_zh_hans import parse as parse_zh_hans

DOC = "wbf2017"


def build(out: Path) -> dict:
    """Parse, align and emit the 2017 Laws into `out`; return the fidelity figures."""
    hans = parse_zh_hans()
    known = {pid for pid, p in hans.provisions.items() if p.law not in (73, 89)}
    bi = parse_bilingual(known_ids=known)
    aligned = merge(bi, hans)
    findings = consistency(aligned)
    missing = missing_expressions(aligned)
    terms = _merge_terms(bi, hans)

    graphs = {
        f"{DOC}.ttl": emit.structure_graph(DOC, aligned),
        f"{DOC}.glossary.ttl": emit.glossary_graph(DOC, terms, aligned),
        f"{DOC}.repairs.ttl": emit.repairs_graph(DOC, bi.repairs + hans.repairs, bi.footnotes + hans.footnotes, aligned),
        f"{DOC}.findings.ttl": emit.findings_graph(DOC, findings + missing),
    }
    for lang in LANGS:
        graphs[f"{DOC}.{lang}.ttl"] = emit.expressions_graph(DOC, aligned, lang)
    for name, g in graphs.items():
        emit.write(g, out / name)
    return _figures(aligned, bi, hans, terms, findings, missing)


def _merge_terms(bi, hans) -> dict:
    terms = dict(bi.terms)
    for key, t in hans.terms.items():
        if key in terms:
            terms[key].labels.update(t.labels)
            terms[key].definitions.update(t.definitions)
            terms[key].spans.update(t.spans)
    return terms


def _figures(aligned, bi, hans, terms, findings, missing) -> dict:
    with_text = {lang: sum(1 for a in aligned.values() if (e := a.prov.expressions.get(lang)) and e.text)
                 for lang in LANGS}
    en_ids = [a for a in aligned.values() if (e := a.prov.expressions.get("en")) and e.text]
    missing_ids = {f.provision for f in missing}
    # a Chinese text of either state (Laws 73/89 in Simplified are the 2017 original)
    any_state = [a for a in en_ids if all((e := a.prov.expressions.get(lang)) and e.text for lang in ("zh-Hant", "zh-Hans"))]
    laws = {lang: sorted({a.prov.law for a in aligned.values() if a.prov.law and a.prov.kind == "law"
                          and lang in a.prov.expressions}) for lang in LANGS}
    refs = {lang: Counter(r.type for a in aligned.values() for r in a.refs.get(lang, [])) for lang in LANGS}
    unresolved = {lang: sum(1 for a in aligned.values() for r in a.refs.get(lang, []) if r.target not in aligned)
                  for lang in LANGS}
    strength = {lang: Counter(t.level for a in aligned.values() for t in a.strength.get(lang, [])) for lang in LANGS}
    return {
        "provisions": len(aligned),
        "provisions_by_kind": dict(Counter(a.prov.kind for a in aligned.values())),
        "provisions_with_text": with_text,
        "laws_per_language": {lang: len(v) for lang, v in laws.items()},
        "definitions": {lang: sum(1 for t in terms.values() if t.definitions.get(lang)) for lang in LANGS},
        "english_ids": len(en_ids),
        "english_ids_with_both_chinese": len(en_ids) - len(missing_ids),
        "aligned_share": round((len(en_ids) - len(missing_ids)) / len(en_ids), 4),
        "english_ids_with_both_chinese_any_state": len(any_state),
        "aligned_share_any_state": round(len(any_state) / len(en_ids), 4),
        "not_aligned": [{"provision": f.provision, "lang": f.lang, "reason": f.detail} for f in missing],
        "references": {lang: dict(c) for lang, c in refs.items()},
        "references_unresolved": unresolved,
        "reference_disagreements": sum(1 for f in findings if f.kind == "reference"),
        "strength": {lang: dict(c) for lang, c in strength.items()},
        "strength_mismatches": sum(1 for f in findings if f.kind == "strength"),
        "polarity_mismatches": sum(1 for f in findings if f.kind == "polarity"),
        "repairs": dict(Counter(r.kind for r in bi.repairs + hans.repairs)),
        "unparsed": [f"{s.file}:{s.first}-{s.last}: {why}" for s, why in bi.unparsed + hans.unparsed],
        "findings_by_kind": {kind: dict(Counter(f.severity for f in findings if f.kind == kind))
                             for kind in sorted({f.kind for f in findings})},
        "findings": [{"provision": f.provision, "lang": f.lang, "kind": f.kind, "severity": f.severity,
                      "detail": f.detail, "en_clause": f.en_clause, "zh_clause": f.zh_clause} for f in findings],
    }


def print_report(fig: dict, findings: bool = False) -> None:
    """The fidelity figures of the 2017 Laws, for `python -m ingest --report`."""
    print(f"provisions: {fig['provisions']}  {fig['provisions_by_kind']}")
    print(f"with text per language: {fig['provisions_with_text']}")
    print(f"laws per language: {fig['laws_per_language']}  definitions: {fig['definitions']}")
    print(f"English ids with both Chinese expressions: {fig['english_ids_with_both_chinese_any_state']}/"
          f"{fig['english_ids']} = {fig['aligned_share_any_state']:.2%}; of the same state of the Laws "
          f"(Laws 73 and 89: the Simplified text is the 2017 original): "
          f"{fig['english_ids_with_both_chinese']}/{fig['english_ids']} = {fig['aligned_share']:.2%}")
    for lang in LANGS:
        print(f"references {lang}: {fig['references'][lang]} (unresolved {fig['references_unresolved'][lang]})")
    print(f"provisions whose languages disagree on references: {fig['reference_disagreements']}")
    for lang in LANGS:
        print(f"strength {lang}: {fig['strength'][lang]}")
    print(f"translation findings by kind and severity: {fig['findings_by_kind']}")
    print(f"repairs: {fig['repairs']}")
    print(f"not aligned ({len(fig['not_aligned'])}):")
    for row in fig["not_aligned"]:
        print(f"  {row['provision']:<12} {row['lang']:<8} {row['reason']}")
    print(f"unparsed lines ({len(fig['unparsed'])}):")
    for row in fig["unparsed"]:
        print(f"  {row}")
    if findings:
        print(f"translation findings ({len(fig['findings'])}):")
        for f in fig["findings"]:
            print(f"  {f['provision']:<12} {f['lang']:<8} {f['kind']:<14} {f['severity']:<16} {f['detail']}")
            if f["en_clause"] or f["zh_clause"]:
                print(f"      en: {f['en_clause']}\n      {f['lang']}: {f['zh_clause']}")
