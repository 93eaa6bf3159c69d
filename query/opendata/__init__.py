"""Open data (issue 13): the committed graph for tools that do not run our Python.

- `store`: the graph as an Oxigraph dataset, one named graph per document;
- `safety`: what a query may do on a read-only public endpoint (no update, no LOAD, no SERVICE
  to another host; a size limit), checked before any query runs;
- `results`: one query run against the store, serialised by content negotiation, with a result cap;
- `workers`: the queries run in worker processes, so a time limit can stop any of them;
- `endpoint`: the SPARQL 1.1 Protocol endpoint (`python -m query serve`);
- `exports`: Turtle, N-Triples, N-Quads and JSON-LD dumps, and the release bundle;
- `description`: the VoID/DCAT description and the example queries of `queries/*.rq`.
See docs/opendata.md.
"""
