"""What a query may do on the read-only endpoint, checked before it reaches the store.

Every query text goes through `query.inputs.text` (UTF-8, no lone surrogates) and then `check`:

- a size limit (MAX_QUERY characters; HTTP 413) and a nesting limit (MAX_NESTING brackets deep;
  Oxigraph's recursive parser overflows its stack on a few thousand nested parentheses; HTTP 400);
- SPARQL Update (INSERT, DELETE, LOAD, CLEAR, CREATE, DROP, COPY, MOVE, ADD) is refused (HTTP 403).
  The store is only ever called through `Store.query`, which cannot run an update at all; this
  check gives the clear message;
- `SERVICE` to any IRI other than the endpoint itself, or to a variable, is refused (HTTP 403);
  `SERVICE [SILENT] <this endpoint> { P }` is the same as `{ P }` and is rewritten so. The worker
  processes also run without a network where the system allows it (`workers`), so a SERVICE call
  this lexer missed still could not leave the machine.

The lexer follows the SPARQL 1.1 grammar's terminals (IRIREF, prefixed names, strings, comments,
variables); like Oxigraph it does not expand \\u escapes outside IRIs and strings (tested:
`\\u0053ERVICE` is a syntax error there).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from query import inputs
from query.errors import BadInput

MAX_QUERY = 20_000          # characters (a long hand-written query is ~2,000)
MAX_NESTING = 64            # ( [ { deep

UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD"}


class Refused(BadInput):
    """A query the endpoint will not run, with the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400, kind: str = "bad-query"):
        super().__init__(message)
        self.status = status
        self.kind = kind


_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>\#[^\n\r]*)
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<string>\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"|'''(?:[^'\\]|\\.|'(?!''))*'''|"(?:[^"\\\n\r]|\\.)*"|'(?:[^'\\\n\r]|\\.)*')
  | (?P<var>[?$][\w\u00B7\u00C0-\uFFFF]+)
  | (?P<bnode>_:[\w\-.\u00B7\u00C0-\uFFFF]+)
  | (?P<lang>@[A-Za-z]+(?:-[A-Za-z0-9]+)*)
  | (?P<pname>(?:[A-Za-z\u00C0-\uFFFF][\w\-.\u00B7\u00C0-\uFFFF]*)?:(?:[\w\-.:%\u00B7\u00C0-\uFFFF]|\\[_~.\-!$&'()*+,;=/?\#@%])*)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)
  | (?P<punct>\^\^|\|\||&&|!=|<=|>=|.)
""", re.VERBOSE | re.DOTALL)

_UCHAR = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")


@dataclass
class Token:
    kind: str
    text: str
    start: int
    end: int


def tokens(query: str) -> list[Token]:
    """The query's tokens, whitespace and comments dropped."""
    out = []
    pos = 0
    while pos < len(query):
        m = _TOKEN.match(query, pos)
        kind = m.lastgroup
        if kind not in ("ws", "comment"):
            text = m.group()
            if kind == "pname":              # a prefixed name does not end with "."
                text = text.rstrip(".")
            out.append(Token(kind, text, pos, pos + len(text)))
            pos += len(text)
        else:
            pos = m.end()
    return out


def _iri(token: Token) -> str:
    body = token.text[1:-1]
    return _UCHAR.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), body)


def _resolve(target: Token, prefixes: dict[str, str], base: str | None) -> str | None:
    from urllib.parse import urljoin
    if target.kind == "iri":
        iri = _iri(target)
        return urljoin(base, iri) if base and ":" not in iri.split("/")[0] else iri
    if target.kind == "pname":
        prefix, _, local = target.text.partition(":")
        if prefix in prefixes:
            return prefixes[prefix] + local.replace("\\", "")
    return None


def check(raw: str, self_urls: tuple[str, ...] = ()) -> str:
    """The query to run, or a Refused naming what is not allowed. `self_urls` are the IRIs of this
    endpoint (a SERVICE call to one of them is answered from the local store)."""
    if isinstance(raw, str) and len(raw) > MAX_QUERY:
        raise Refused(f"the query is too long ({len(raw)} characters; the limit is {MAX_QUERY})", 413, "too-large")
    query = inputs.text(raw, "query", MAX_QUERY)
    if not query.strip():
        raise Refused("the query is empty", 400, "empty")
    toks = tokens(query)
    depth = deepest = 0
    for t in toks:
        if t.kind == "punct" and t.text in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
    if deepest > MAX_NESTING:
        raise Refused(f"the query is nested {deepest} brackets deep; the limit is {MAX_NESTING}", 400, "too-deep")
    words = [t.text.upper() for t in toks if t.kind == "word"]
    if "LOAD" in words:
        raise Refused("LOAD is refused: this endpoint is read-only and fetches nothing", 403, "update")
    found = UPDATE_WORDS.intersection(words)
    if found:
        raise Refused(f"SPARQL Update ({sorted(found)[0]}) is refused: this endpoint is read-only", 403, "update")
    prefixes: dict[str, str] = {}
    base: str | None = None
    cut: list[tuple[int, int]] = []
    for i, t in enumerate(toks):
        word = t.text.upper() if t.kind == "word" else ""
        if word == "PREFIX" and i + 2 < len(toks) and toks[i + 2].kind == "iri":
            prefixes[toks[i + 1].text.rstrip(":")] = _iri(toks[i + 2])
        elif word == "BASE" and i + 1 < len(toks) and toks[i + 1].kind == "iri":
            base = _iri(toks[i + 1])
        elif word == "SERVICE":
            j = i + 1
            if j < len(toks) and toks[j].text.upper() == "SILENT":
                j += 1
            target = toks[j] if j < len(toks) else None
            iri = _resolve(target, prefixes, base) if target else None
            if target is not None and target.kind == "var":
                raise Refused("SERVICE with a variable is refused: this endpoint queries only its own graph", 403, "service")
            if iri is None:
                raise Refused("SERVICE needs an IRI; only this endpoint's own IRI is allowed", 403, "service")
            if iri.rstrip("/") not in {u.rstrip("/") for u in self_urls}:
                raise Refused(f"SERVICE <{iri}> is refused: this endpoint queries only its own graph", 403, "service")
            cut.append((t.start, target.end))
    for start, end in reversed(cut):          # SERVICE <self> { P }  ==  { P }
        query = query[:start] + " " + query[end:]
    return query


def form(query: str) -> str | None:
    """SELECT, ASK, CONSTRUCT or DESCRIBE: the first query-form keyword (None if there is none)."""
    for t in tokens(query):
        if t.kind == "word" and t.text.upper() in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE"):
            return t.text.upper()
    return None


def syntax(query: str) -> None:
    """Refuse a query Oxigraph cannot parse, without a worker process (the command line checks first,
    so that a typo costs no process start). The query is parsed against an empty store and its
    lazy result never read; ASK is left to the worker, since Oxigraph evaluates it at once."""
    import pyoxigraph as ox
    if form(query) == "ASK":
        return
    try:
        ox.Store().query(query)
    except SyntaxError as e:
        raise Refused(f"the query is not valid SPARQL: {str(e).splitlines()[0][:300]}", 400, "syntax") from None
    except (OSError, ValueError, TypeError):
        pass                                  # parsed; evaluation is the worker's business


def graph_iri(value: str, what: str) -> str:
    """A `default-graph-uri` or `named-graph-uri` of the Protocol: an absolute IRI as Oxigraph reads
    one, or a Refused (400) naming the parameter (it was a ValueError in the worker: a 500)."""
    import pyoxigraph as ox
    value = inputs.text(value, what, 2000)
    try:
        ox.NamedNode(value)
    except ValueError:
        raise Refused(f"{what} is not an IRI: {inputs.quote(value)}", 400, "bad-request") from None
    return value
