"""Hostile input for the SPARQL endpoint (issues 13 and 15, part 3), property-based: generated HTTP
requests, written byte for byte on a socket to the endpoint that `python -m query serve` serves
(conftest.py `endpoint`): hostile and huge query strings, update attempts, wrong methods and paths,
bad content types, bodies and URLs that are not UTF-8, over-long URLs, odd Accept, format and
graph parameters, CORS preflights.

The contract: every request is answered, within the time limit and a margin (never a hang); never a
5xx but 503 (the time limit, busy); an error is a 4xx whose body is JSON {"error": one line,
"kind"}, with one exception, stated: a request that is not HTTP at all (a raw space or a byte over
0x7F in the request line, a negative Content-Length) is refused by uvicorn's HTTP parser with 400
"Invalid HTTP request received." before the application sees it; a 200 is in the media type it
names (JSON parsed, text formats UTF-8), a redirect names where to; an update attempt is never a 200; and the server keeps
serving, with its data unchanged.

Bounded in ./test.sh (HOSTILE_EXAMPLES); `--long` runs LONG_EXAMPLES (tests/query/cli/hostile.py).
"""
from __future__ import annotations

import json
import socket
import time
import urllib.parse

import pytest
from hypothesis import given, strategies as st

from query.opendata.description import examples
from query.opendata.endpoint import MAX_BODY
from tests.query.cli.hostile import budget, count, hostile_text, print_counts
from tests.query.opendata.conftest import TIME_LIMIT, dataset_state, http
from tests.query.opendata.test_opendata_fuzz import HOSTILE as HOSTILE_QUERIES, WORDS

PARSER_400 = b"Invalid HTTP request received."
UPDATES = ["INSERT DATA { <urn:a> <urn:b> <urn:c> }", "DELETE WHERE { ?s ?p ?o }", "LOAD <http://example.org/x.ttl>",
           "CLEAR ALL", "DROP DEFAULT", "CREATE GRAPH <urn:g>", "COPY DEFAULT TO <urn:g>", "MOVE <urn:a> TO <urn:b>",
           "ADD DEFAULT TO <urn:g>", "insert data { <urn:a> <urn:b> <urn:c> }",
           "PREFIX : <urn:> # comment\nINSERT { :a :b :c } WHERE {}", "ASK {} ; INSERT DATA { <urn:a> <urn:b> <urn:c> }",
           "WITH <urn:g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }", "DELETE DATA { <urn:a> <urn:b> <urn:c> }"]
SELECTS = [e.text for e in examples()] + ["ASK {}", "SELECT * { ?s ?p ?o } LIMIT 2",
                                          "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 3",
                                          "DESCRIBE <https://w3id.org/bridge-laws/wbf2017/27B2>"]
NAMES = ["query", "query", "query", "update", "format", "output", "default-graph-uri", "named-graph-uri", "timeout", "",
         "query[]", "QUERY", "q"]
FORMATS = ["json", "xml", "csv", "tsv", "turtle", "ntriples", "jsonld", "rdfxml", "ttl", "srj", "html", "", "\x00", "JSON"]
ACCEPTS = ["application/sparql-results+json", "text/turtle", "*/*", "text/csv", "application/sparql-results+xml",
           "text/html", "application/ld+json;q=0.5, text/turtle;q=abc", "*/*;q=-1", "\u00e9/\u00e9", "", ","]
CTYPES = ["application/sparql-query", "application/x-www-form-urlencoded", "application/sparql-update",
          "application/json", "text/plain", "multipart/form-data; boundary=x", "", "application/sparql-query; charset=latin1",
          "APPLICATION/SPARQL-QUERY", "application/x-www-form-urlencoded; charset=utf-8", ";;;", "\u00e9"]
METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "FOO", "get"]
PATHS = ["/sparql", "/", "/void", "/health", "/sparql/", "/SPARQL", "/nope", "//sparql", "/sparql%00", "/%ff", "/sparql;x"]
MEDIA = {"application/sparql-results+json", "application/sparql-results+xml", "text/csv", "text/tab-separated-values",
         "text/turtle", "application/n-triples", "application/ld+json", "application/rdf+xml", "application/json"}


def mutate(text: str, junk: str, where: float, cut: float) -> str:
    i = int(where * (len(text) + 1))
    j = i + int(cut * 30)
    return text[:i] + junk + text[j:]


def query_text() -> st.SearchStrategy[str]:
    junk = st.sampled_from(WORDS) | hostile_text()
    return st.one_of(
        st.sampled_from(SELECTS), st.sampled_from(SELECTS), st.sampled_from(UPDATES), st.sampled_from(HOSTILE_QUERIES),
        st.builds(mutate, st.sampled_from(SELECTS + UPDATES), junk, st.floats(0, 1), st.floats(0, 1)),
        st.lists(st.sampled_from(WORDS), max_size=20).map(" ".join), hostile_text(),
    )


def weighted(good: st.SearchStrategy, times: int, bad: st.SearchStrategy) -> st.SearchStrategy:
    return st.integers(0, times).flatmap(lambda k: good if k < times else bad)


def encode(text: str, how: str) -> bytes:
    """Text for a URL or a form: percent-encoded UTF-8 (a lone surrogate becomes bytes that are not
    UTF-8), percent-encoded Latin-1, or raw bytes in the request (not HTTP when they hold a space)."""
    if how == "utf-8":
        return urllib.parse.quote(text, safe="", encoding="utf-8", errors="surrogatepass").encode("ascii")
    if how == "latin-1":
        return urllib.parse.quote(text, safe="", encoding="latin-1", errors="replace").encode("ascii")
    return text.encode("utf-8", "surrogatepass")


@st.composite
def requests(draw) -> tuple[bytes, dict]:
    """(request bytes, what it was: method, whether it tries an update, whether it is HTTP at all)."""
    method = draw(weighted(st.sampled_from(["GET", "POST"]), 8, st.sampled_from(METHODS) | hostile_text().filter(
        lambda m: m.isascii() and m.isprintable() and " " not in m and m != "")))
    path = draw(weighted(st.just("/sparql"), 8, st.sampled_from(PATHS)))
    how = draw(weighted(st.just("utf-8"), 8, st.sampled_from(["latin-1", "raw"])))
    pairs = []
    for _ in range(draw(st.integers(0, 3))):
        name = draw(weighted(st.just("query"), 3, st.sampled_from(NAMES)))
        value = draw(st.sampled_from(FORMATS)) if name in ("format", "output") else draw(query_text())
        pairs.append((name, value))
    headers = {}
    if draw(st.booleans()):
        headers["Accept"] = draw(st.sampled_from(ACCEPTS))
    body, q, kind = b"", None, None
    if method == "POST" or draw(st.integers(0, 9)) == 0:
        ctype = draw(weighted(st.sampled_from(CTYPES[:2]), 3, st.sampled_from(CTYPES)))
        headers["Content-Type"] = ctype
        q = draw(query_text())
        kind = draw(st.integers(0, 9))
        if kind == 0:
            body = draw(st.binary(max_size=200))
        elif kind == 1:
            body = q.encode("latin-1", "replace") + b"\xe9\xff"
        elif kind == 2:
            body = b"x" * (MAX_BODY + 1)
        elif "form" in ctype:
            body = b"query=" + encode(q, draw(st.sampled_from(["utf-8", "utf-8", "latin-1"])))
        else:
            body = q.encode("utf-8", "surrogatepass")
        if draw(st.booleans()):
            pairs = []
    # the query texts the endpoint may run: a direct POST's body alone, else the query string's and a form's
    base = headers.get("Content-Type", "").split(";")[0].strip().lower() if method == "POST" else ""
    posted = kind is not None and kind > 2
    sent = [q] if base == "application/sparql-query" and posted else [v for k, v in pairs if k == "query"] + (
        [q] if "form" in base and posted else [])
    if method == "OPTIONS" and draw(st.booleans()):
        headers["Origin"] = draw(st.sampled_from(["http://example.org", "null", "\u00e9"]))
        headers["Access-Control-Request-Method"] = draw(st.sampled_from(["GET", "POST", "PUT", "DELETE", ""]))
    target = path.encode("utf-8") + (b"?" + b"&".join(encode(k, how) + b"=" + encode(v, how) for k, v in pairs)
                                     if pairs else b"")
    if draw(st.integers(0, 49)) == 0:                                # an over-long URL
        target += b"&query=" + b"A" * draw(st.sampled_from([20_000, 100_000, 1_000_000]))
    lines = [method.encode("ascii") + b" " + target + b" HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close"]
    lines += [k.encode("ascii") + b": " + v.encode("utf-8", "surrogatepass") for k, v in headers.items()]
    if body or method == "POST":
        lines.append(b"Content-Length: %d" % len(body))
    raw = b"\r\n".join(lines) + b"\r\n\r\n" + body
    update = (base == "application/sparql-update" or any(k == "update" for k, _ in pairs)
              or any(t.strip().upper().startswith(("INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "COPY",
                                                    "MOVE", "ADD", "WITH")) for t in sent))
    return raw, {"method": method, "path": path, "update": update, "target": target[:300], "headers": headers,
                 "body": body[:300]}


def send(port: int, raw: bytes, timeout: float) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(raw)
        except (BrokenPipeError, ConnectionResetError):
            pass                         # the server answered (413) and closed before the whole body was sent
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                return data
            data += chunk
    return data


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    print_counts(["endpoint", "serve-arguments"])


def check(response: bytes, what: dict) -> tuple[int, str]:
    """The contract for one answer; returns (status, kind of answer)."""
    head, sep, body = response.partition(b"\r\n\r\n")
    assert sep, ("no complete answer", what, response[:300])
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    status = int(status_line.split(" ")[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)}
    media = headers.get("content-type", "").split(";")[0].strip()
    assert status < 500 or status == 503, (status, what, body[:400])
    assert b"Traceback" not in body, (what, body[:400])
    if what["update"] and what["path"] == "/sparql" and what["method"] in ("GET", "POST", "HEAD"):
        assert status != 200, ("an update attempt was answered", what)
    if status == 400 and body == PARSER_400:      # not HTTP (so not known to be a HEAD either): uvicorn's parser
        return status, "not-http"
    if what["method"] == "HEAD":
        assert not body, what
        return status, "head"
    if what["method"] == "OPTIONS" and status == 200:          # a CORS preflight allowed
        assert "access-control-allow-origin" in headers, (what, headers)
        return status, "preflight"
    if 300 <= status < 400:                     # /sparql/ -> /sparql (Starlette's trailing-slash redirect)
        assert headers.get("location"), (status, what)
        return status, "redirect"
    if status >= 400:
        assert body != PARSER_400, (status, what)
        assert media == "application/json", (status, media, what, body[:300])
        error = json.loads(body)
        assert isinstance(error, dict) and isinstance(error.get("error"), str) and error["error"].strip(), (what, error)
        assert "\n" not in error["error"] and isinstance(error.get("kind"), str), (what, error)
        if status == 503:
            assert error["kind"] in ("time-limit", "busy", "memory"), (what, error)
        return status, error["kind"]
    assert media in MEDIA, (status, media, what)
    if media.endswith("json"):
        json.loads(body)
    else:
        body.decode("utf-8")
    return status, "ok"


def test_endpoint_keeps_the_contract(endpoint, request):
    port = urllib.parse.urlsplit(endpoint).port
    before = dataset_state(endpoint)
    seen = {"n": 0}

    @budget(request)
    @given(req=requests())
    def example(req):
        raw, what = req
        started = time.perf_counter()
        try:
            response = send(port, raw, timeout=TIME_LIMIT + 30)
        except socket.timeout:
            raise AssertionError(("no answer within the time limit and 30 s: a hang", what)) from None
        status, kind = check(response, what)
        count("endpoint", status < 400, seconds=time.perf_counter() - started, **{f"status_{status}": 1, f"kind_{kind}": 1})
        seen["n"] += 1
        if seen["n"] % 500 == 0:                            # still serving, as it goes
            assert http(endpoint.replace("/sparql", "/health"))[0] == 200

    example()
    assert http(endpoint.replace("/sparql", "/health"))[0] == 200
    assert dataset_state(endpoint) == before


# --- regression tests: what the endpoint's suite found ----------------------------------------------

@pytest.mark.parametrize("param", ["default-graph-uri", "named-graph-uri"])
@pytest.mark.parametrize("value", ["><", "", "ASK {}", "not an iri"])
def test_graph_parameter_that_is_not_an_iri_is_a_400(endpoint, param, value):
    """Found while writing the endpoint's suite: `default-graph-uri=><` (or an empty or relative
    value) reached pyoxigraph.NamedNode in the worker: a ValueError answered as 500 "internal"."""
    port = urllib.parse.urlsplit(endpoint).port
    target = f"/sparql?query=ASK%7B%7D&{param}={urllib.parse.quote(value, safe='')}".encode("ascii")
    status, kind = check(send(port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 30),
                         {"method": "GET", "path": "/sparql", "update": False})
    assert (status, kind) == (400, "bad-request")


def test_refused_cors_preflight_is_a_json_error(endpoint):
    """Found while writing the endpoint's suite: a CORS preflight for PUT was refused by Starlette's
    middleware as plain text "Disallowed CORS method", not the endpoint's JSON error."""
    port = urllib.parse.urlsplit(endpoint).port
    raw = (b"OPTIONS /sparql HTTP/1.1\r\nHost: x\r\nConnection: close\r\nOrigin: http://example.org\r\n"
           b"Access-Control-Request-Method: PUT\r\n\r\n")
    assert check(send(port, raw, 30), {"method": "OPTIONS", "path": "/sparql", "update": False}) == (400, "cors")
    ok = raw.replace(b"PUT", b"POST")
    assert send(port, ok, 30).startswith(b"HTTP/1.1 200")


def test_serve_arguments_keep_the_contract(request, monkeypatch):
    """`python -m query serve`'s own arguments (host, port, workers, time limit), which the command
    suite skips (a server blocks): refused with the one-line contract, or accepted and handed to the
    server, which is replaced here by a stand-in that records them (no worker starts, no port is held).
    Host values are kept to ones that need no name lookup (a lookup of generated names is slow
    without a network)."""
    import argparse

    import uvicorn

    from query import cli
    from query.opendata import workers
    from tests.query.cli.hostile import argv_for, check as contract, run
    from tests.query.cli.hostile import SEEDS

    class Served(BaseException):             # not an Exception: the command's own handler must not catch it
        pass

    class Pool:
        def __init__(self, size, time_limit):
            assert isinstance(size, int) and 1 <= size <= 16 and 0.1 <= time_limit <= 600, (size, time_limit)
            self.size, self.time_limit, self.isolated = size, time_limit, True

        def close(self):
            pass

    def serve(self):
        raise Served(self.config.host, self.config.port)

    monkeypatch.setattr(workers, "Pool", Pool)
    monkeypatch.setattr(uvicorn.Server, "run", serve)
    monkeypatch.setitem(SEEDS, "host", ["127.0.0.1", "localhost", "::1", "", " ", "\x00", "\udcff", "1.2.3.4.5.6"])
    monkeypatch.setitem(SEEDS, "port", ["0", "1", "65535", "65536", "-1", "١٢", "8080", "1e3"])
    monkeypatch.setitem(SEEDS, "workers", ["0", "1", "16", "17", "2.5"])
    monkeypatch.setitem(SEEDS, "time_limit", ["0.1", "600", "0", "nan", "inf", "1e400", "10"])
    ap, _ = cli._parser()
    parser = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction)).choices["serve"]
    import query.cli.serve as module

    @budget(request)
    @given(data=st.data())
    def example(data):
        argv, _ = data.draw(argv_for("serve", parser, module, None), label="argv")
        if any(a not in SEEDS["host"] and prev == "--host" for prev, a in zip(argv, argv[1:])):
            return                                                    # a generated host: a name lookup
        try:
            r = run(argv)
        except Served:
            count("serve-arguments", True)
            return
        assert r.rc == 2, r
        contract(r)
        count("serve-arguments", False)

    example()
