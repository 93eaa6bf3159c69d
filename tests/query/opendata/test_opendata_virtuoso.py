"""Interop with an independent SPARQL server (issue 13): the N-Quads dump loads into Debian's
Virtuoso (virtuoso-opensource 7.2, installed by `scripts/setup.sh --test`), and every documented
example query gives the same answer there as on our endpoint.

Answers are compared as multisets of rows (ORDER BY ties may differ), after the normalisations
two conforming servers may differ in: the JSON term type "typed-literal" (Virtuoso's older name)
is "literal"; xsd:string is no datatype; numbers compare by value (COUNT is xsd:int in Virtuoso);
language tags and LANG() values compare case-insensitively (Oxigraph lowercases tags, BCP 47 says
case carries no meaning). CONSTRUCT answers compare as graphs (isomorphism).
"""
from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.parse
import urllib.request
from decimal import Decimal
from pathlib import Path

import pytest
import rdflib
import rdflib.compare

from query.opendata import exports
from query.opendata.description import examples
from tests.query.opendata.conftest import free_port, http

INI = Path("/etc/virtuoso-opensource-7/virtuoso.ini")
XSD = "http://www.w3.org/2001/XMLSchema#"
NUMERIC = {XSD + t for t in ("integer", "int", "long", "short", "decimal", "double", "float", "nonNegativeInteger",
                             "positiveInteger")}


@pytest.fixture(scope="module")
def virtuoso(tmp_path_factory):
    """Virtuoso on free ports with the N-Quads dump loaded; its /sparql URL."""
    binary = shutil.which("virtuoso-t")
    assert binary and INI.exists(), "Virtuoso is missing: scripts/setup.sh --test installs virtuoso-opensource"
    folder = tmp_path_factory.mktemp("virtuoso")
    exports.export("nq", folder / "bridge-laws.nq")
    sql_port, http_port = free_port(), free_port()
    ini = INI.read_text(encoding="utf-8").replace("/var/lib/virtuoso-opensource-7/db", str(folder))
    lines = []
    section = ""
    for line in ini.splitlines():
        if line.startswith("["):
            section = line.strip()
        key = line.split("=")[0].strip()
        if key == "ServerPort" and section == "[Parameters]":
            line = f"ServerPort = {sql_port}"
        elif key == "ServerPort" and section == "[HTTPServer]":
            line = f"ServerPort = {http_port}"
        elif key == "DirsAllowed":
            line = f"DirsAllowed = ., {folder}, /usr/share/virtuoso-opensource-7/vad"
        lines.append(line)
    (folder / "virtuoso.ini").write_text("\n".join(lines) + "\n", encoding="utf-8")
    log = open(folder / "out.log", "w")
    proc = subprocess.Popen([binary, "+foreground", "+configfile", str(folder / "virtuoso.ini")],
                            cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    isql = [shutil.which("isql-vt") or "isql-vt", str(sql_port), "dba", "dba"]
    try:
        deadline = time.monotonic() + 120
        while subprocess.run([*isql, "exec=status('');"], capture_output=True).returncode != 0:
            assert proc.poll() is None and time.monotonic() < deadline, (folder / "out.log").read_text()[-2000:]
            time.sleep(0.5)
        load = subprocess.run([*isql, f"exec=ld_dir('{folder}', 'bridge-laws.nq', 'urn:unused'); rdf_loader_run(); checkpoint;"],
                              capture_output=True, text=True, timeout=600)
        assert load.returncode == 0, load.stdout + load.stderr
        yield f"http://127.0.0.1:{http_port}/sparql"
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _post(url: str, query: str, accept: str) -> bytes:
    req = urllib.request.Request(url, data=urllib.parse.urlencode({"query": query}).encode(),
                                 headers={"Accept": accept, "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(req, timeout=300) as r:
        return r.read()


def _term(term: dict) -> tuple:
    kind = "literal" if term["type"] in ("literal", "typed-literal") else term["type"]
    value, datatype = term["value"], term.get("datatype")
    if datatype == XSD + "string":
        datatype = None
    if datatype in NUMERIC:
        return kind, Decimal(value), "number"
    lang = term.get("xml:lang", "").lower()
    if kind == "literal" and not datatype and len(value) <= 12 and value.replace("-", "").isalpha() \
            and "-" in value and value[:2].islower():
        value = value.lower()                   # a LANG() value such as zh-Hant / zh-hant
    return kind, value, datatype, lang


def _rows(answer: dict) -> list:
    if "boolean" in answer:
        return [answer["boolean"]]
    names = answer["head"]["vars"]
    return sorted((tuple((n, _term(b[n])) if n in b else (n, None) for n in names)
                   for b in answer["results"]["bindings"]), key=repr)


def test_example_queries_answer_the_same_on_virtuoso(endpoint, virtuoso):
    compared = 0
    for ex in examples():
        if ex.form in ("CONSTRUCT", "DESCRIBE"):
            ours = http(endpoint + "?" + urllib.parse.urlencode({"query": ex.text}),
                        headers={"Accept": "application/n-triples"})
            assert ours[0] == 200, ours[2][:300]
            mine = rdflib.Graph().parse(data=ours[2], format="nt")
            theirs = rdflib.Graph().parse(data=_post(virtuoso, ex.text, "application/n-triples"), format="nt")
            assert len(mine) > 0 and rdflib.compare.isomorphic(mine, theirs), ex.name
        else:
            ours = http(endpoint + "?" + urllib.parse.urlencode({"query": ex.text}),
                        headers={"Accept": "application/sparql-results+json"})
            assert ours[0] == 200, ours[2][:300]
            mine = _rows(json.loads(ours[2]))
            theirs = _rows(json.loads(_post(virtuoso, ex.text, "application/sparql-results+json")))
            assert mine and mine == theirs, (ex.name, mine[:3], theirs[:3])
        compared += 1
    assert compared == len(examples()) >= 8
