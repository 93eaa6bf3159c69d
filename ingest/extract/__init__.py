"""What ingest finds in the parsed texts (DESIGN.md section 4): typed cross-references, strength
tags on each edition's own scale, the alignment of three expressions and their consistency
findings, the lineage of older editions to 2017, and the regulations' schedules as data."""
