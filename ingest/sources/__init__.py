"""One module per source document (DESIGN.md section 2): each reads its seed file's lines into a
ParsedDoc, and the document modules listed in ingest/__main__.py build it into laws_ttl/."""
