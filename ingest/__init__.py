"""`python -m ingest`: sources/ -> laws_ttl/ (DESIGN.md sections 2 and 4).

sources/ holds one parser per source document; text/ the line-level readers they share; extract/
what is found in the parsed texts (cross-references, strength, alignment, lineage, schedules).
At this level: the parsed records (model.py), hand repairs as data (source_fixes.py, fixes/),
the IRIs (vocab.py), RDF emission (emit.py, regulations.py, editions.py) and SHACL (shacl.py)."""
