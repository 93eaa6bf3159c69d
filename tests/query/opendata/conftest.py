"""The endpoint served by `python -m query serve` on a free port for the open-data tests (a short
time limit, so the time-limit test is quick), and helpers to talk to it over plain HTTP."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TIME_LIMIT = 2.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def endpoint():
    """The URL of /sparql on a served endpoint; the server is stopped at the end of the session."""
    port = free_port()
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "query", "serve", "--port", str(port), "--json",
                             "--time-limit", str(TIME_LIMIT)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()           # printed once the socket listens
        if not line:
            pytest.fail(f"query serve did not start: {proc.stderr.read()[-2000:]}")
        info = json.loads(line)
        assert info["endpoint"] == f"http://127.0.0.1:{port}/sparql"
        yield info["endpoint"]
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def http(url: str, data: bytes | None = None, headers: dict | None = None, method: str | None = None,
         timeout: float = 60) -> tuple[int, dict, bytes]:
    """(status, headers, body) for one request; HTTP errors are answers too."""
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def get(endpoint: str, query: str, accept: str | None = None, **params) -> tuple[int, dict, bytes]:
    qs = urllib.parse.urlencode({"query": query, **params})
    return http(f"{endpoint}?{qs}", headers={"Accept": accept} if accept else {})


def dataset_state(endpoint: str) -> list:
    """Triples per named graph: what a successful update would have changed."""
    status, _, body = get(endpoint, "SELECT ?g (COUNT(*) AS ?n) { { GRAPH ?g { ?s ?p ?o } } UNION "
                                    "{ ?s ?p ?o BIND(<urn:default> AS ?g) } } GROUP BY ?g ORDER BY ?g")
    assert status == 200, body
    return [(b["g"]["value"], b["n"]["value"]) for b in json.loads(body)["results"]["bindings"]]
