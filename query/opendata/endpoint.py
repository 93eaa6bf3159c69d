"""The read-only SPARQL 1.1 Protocol endpoint: a thin Starlette app over pyoxigraph workers.

Routes:
- `/sparql`: a query by GET (`?query=`), by POST as a form (`query=`, urlencoded) or directly
  (`Content-Type: application/sparql-query`); `default-graph-uri` and `named-graph-uri` as the
  Protocol defines them; results by content negotiation (Accept) or `format=json|xml|csv|tsv|
  turtle|ntriples|jsonld|rdfxml`. A GET with no query answers the Service Description (Turtle).
  An update (`update=` or `application/sparql-update`) is refused with 403.
- `/void`: the VoID/DCAT description; `/health`: {"status": "ok", ...}; `/`: where things are.
- CORS: any origin may read (GET, POST, OPTIONS).

Errors are JSON, `{"error": "...", "kind": "..."}`, with the status that says why: 400 not a valid
query, 403 refused (update, LOAD, SERVICE elsewhere), 405 method, 413 query too long, 415 body
type, 422 result over the cap, 503 time limit or busy. Every input goes through `query.inputs`.
Why Starlette over pyoxigraph rather than rdflib-endpoint: docs/opendata.md (measured).
"""
from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from query import inputs
from query.errors import BadInput
from query.opendata import description, results, safety
from query.opendata import store as datastore
from query.opendata.safety import Refused
from query.opendata.workers import Pool

MAX_BODY = 4 * safety.MAX_QUERY + 4096       # bytes: a percent-encoded query of MAX_QUERY characters
FORM = "application/x-www-form-urlencoded"


def _error(e: Exception) -> JSONResponse:
    status = getattr(e, "status", 400)
    kind = getattr(e, "kind", "bad-request")
    message = str(e).splitlines()[0][:500] if str(e) else type(e).__name__
    return JSONResponse({"error": message, "kind": kind}, status_code=status)


def _params(raw: bytes, what: str) -> list[tuple[str, str]]:
    """Form or query-string pairs, percent-decoded as UTF-8 through the one input decoder."""
    text = inputs.decode(raw, what)
    pairs = parse_qsl(text, keep_blank_values=True, encoding="utf-8", errors="surrogateescape")
    return [(inputs.text(k, f"{what} name", 200), inputs.text(v, f"'{k[:30]}'", 4 * safety.MAX_QUERY)) for k, v in pairs]


async def _body(request: Request) -> bytes:
    length = request.headers.get("content-length")
    if length and length.isdigit() and int(length) > MAX_BODY:
        raise Refused(f"the request body is too large (the limit is {MAX_BODY} bytes)", 413, "too-large")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused(f"the request body is too large (the limit is {MAX_BODY} bytes)", 413, "too-large")
        chunks.append(chunk)
    return b"".join(chunks)


class Endpoint:
    """The app's state: the worker pool and this endpoint's own IRIs (for SERVICE to itself)."""

    def __init__(self, pool: Pool, self_urls: tuple[str, ...]):
        self.pool = pool
        self.self_urls = self_urls
        self._described: dict[tuple[str, str], bytes] = {}

    def _self(self, request: Request) -> tuple[str, ...]:
        return self.self_urls + (str(request.url.replace(query="", fragment="")),)

    async def sparql(self, request: Request) -> Response:
        try:
            params = _params(request.scope.get("query_string", b""), "query string")
            query = None
            if request.method == "POST":
                ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
                body = await _body(request)
                if ctype == FORM:
                    params += _params(body, "form")
                elif ctype == "application/sparql-query":
                    query = inputs.decode(body, "query")
                elif ctype == "application/sparql-update":
                    raise Refused("SPARQL Update is refused: this endpoint is read-only", 403, "update")
                else:
                    raise Refused(f"POST a query as {FORM} or application/sparql-query (not '{ctype[:60]}')",
                                  415, "media-type")
            names = [k for k, _ in params]
            if "update" in names:
                raise Refused("SPARQL Update is refused: this endpoint is read-only", 403, "update")
            if query is None:
                queries = [v for k, v in params if k == "query"]
                if len(queries) > 1:
                    raise Refused("give one query", 400, "bad-request")
                query = queries[0] if queries else None
            if query is None:
                return await self.describe(request)
            checked = safety.check(query, self._self(request))
            wanted = [v.lower() for k, v in params if k in ("format", "output")]
            wanted += results.preferences(request.headers.get("accept"))
            defaults = [safety.graph_iri(v, "default-graph-uri") for k, v in params if k == "default-graph-uri"]
            named = [safety.graph_iri(v, "named-graph-uri") for k, v in params if k == "named-graph-uri"]
            body, name, media = await self.pool.run((checked, wanted, defaults, named))
            return Response(body, media_type=media)
        except BadInput as e:
            return _error(e)

    def _description(self, kind: str, url: str, fmt: str) -> bytes:
        """The service description or the VoID description, built once per URL and format (the
        store is loaded for the counts and then dropped: the worker processes hold the data)."""
        key = (kind, url, fmt)
        if key not in self._described:
            if len(self._described) >= 16:      # the URL comes from the Host header: keep the cache small
                self._described.clear()
            data = datastore.load()
            graph = description.service(url, data) if kind == "service" else description.void(data, endpoint=url)
            rdflib_format = {"turtle": "turtle", "ntriples": "nt", "jsonld": "json-ld", "rdfxml": "xml"}[fmt]
            self._described[key] = graph.serialize(format=rdflib_format, encoding="utf-8")
        return self._described[key]

    async def describe(self, request: Request) -> Response:
        fmt = results.pick("graph", results.preferences(request.headers.get("accept")))
        body = await run_in_threadpool(self._description, "service", str(request.url.replace(query="", fragment="")), fmt)
        return Response(body, media_type=results.MEDIA[fmt])

    async def void(self, request: Request) -> Response:
        fmt = results.pick("graph", results.preferences(request.headers.get("accept")))
        body = await run_in_threadpool(self._description, "void", str(request.url_for("sparql")), fmt)
        return Response(body, media_type=results.MEDIA[fmt])

    async def health(self, request: Request) -> Response:
        return JSONResponse({"status": "ok", "workers": self.pool.size, "time_limit_s": self.pool.time_limit,
                             "isolated": self.pool.isolated, "restarts": self.pool.restarts,
                             "graphs": len(datastore.documents())})

    async def index(self, request: Request) -> Response:
        return JSONResponse({"sparql": str(request.url_for("sparql")), "void": str(request.url_for("void")),
                             "health": str(request.url_for("health")),
                             "examples": [e.name for e in description.examples()]})


class _CORS(CORSMiddleware):
    """Starlette's CORS, with its refusal of a preflight (a method other than GET, POST or OPTIONS)
    in the endpoint's JSON error shape, not plain text."""

    def preflight_response(self, request_headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        keep = {k: v for k, v in response.headers.items() if k.lower().startswith("access-control-")}
        reason = bytes(response.body).decode("utf-8", "replace")
        return JSONResponse({"error": f"{reason} (this endpoint allows GET, POST and OPTIONS from any origin)",
                             "kind": "cors"}, status_code=response.status_code, headers=keep)


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    kind = {404: "not-found", 405: "method"}.get(status, "http")
    message = {404: f"no such route: {request.url.path[:100]}; the endpoint is /sparql",
               405: f"method {request.method} is not allowed here"}.get(status, getattr(exc, "detail", "error"))
    return JSONResponse({"error": message, "kind": kind}, status_code=status)


def app(pool: Pool, self_urls: tuple[str, ...] = ()) -> Starlette:
    ep = Endpoint(pool, self_urls)
    routes = [Route("/sparql", ep.sparql, methods=["GET", "POST"], name="sparql"),
              Route("/void", ep.void, methods=["GET"], name="void"),
              Route("/health", ep.health, methods=["GET"], name="health"),
              Route("/", ep.index, methods=["GET"], name="index")]
    cors = Middleware(_CORS, allow_origins=["*"], allow_methods=["GET", "POST", "OPTIONS"],
                      allow_headers=["*"], max_age=3600)
    return Starlette(routes=routes, middleware=[cors],
                     exception_handlers={404: _http_error, 405: _http_error})
