"""Hostile input, property-based (issue 15; DESIGN.md sections 7 and 9): every command of
`python -m query` (query/cli COMMANDS, found from its parser, so later commands are covered too;
servers are skipped by their SERVER flag) and `python -m ingest`'s arguments, on generated random and
hostile text, ids, contracts, numbers, fact files, batch files and query files.

Each answer must keep the contract: exit 0 with valid JSON, or exit 2 with exactly one stderr line
and {"error"} on stdout; never anything else; stdout always UTF-8; a batch's output line N answers
its input line N (same count, blank lines answered by an error, equal lines by equal answers, any
line answered as it is when alone).

Bounded by default (HOSTILE_EXAMPLES per command, about 2 minutes in all: the commands run
in-process and share one loaded graph and search model); `pytest --long` (or `./test.sh --long`)
runs 10,000 per command for a release check. A few cases run as real processes: argument bytes that
are not UTF-8, and a reader that closes the pipe early.
"""
from __future__ import annotations

import copy
import importlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from tests.query.cli.hostile import (COUNTS, ROOT, Run, argv_for, budget, check, commands, count, expected_lines,
                                     hostile_text, print_counts, run)

COMMANDS = commands()
COSTLY_REAL_RUNS = (2, 20)        # bounded, long: real runs of a COSTLY_RUN command's work (see _costly)


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """Load the graph and the search model once (a first load is not an example's time)."""
    for argv in (["law", "27", "--json"], ["search", "revoke", "--json"], ["rule", "--help"]):
        run(argv)
    yield
    print_counts(sorted(c[0] for c in COMMANDS) + ["ingest"])


def _costly(module, request, monkeypatch, name: str) -> None:
    """A COSTLY_RUN command (eval-rulings: each accepted call rules 180 scenarios, seconds) gets the
    same number of generated argument lists as any other; its work (the function COSTLY_RUN names)
    runs for real on the first COSTLY_REAL_RUNS accepted calls, each checked to give the same result
    as the one before (the work reads no argument), and later accepted calls get a copy of that real
    result, so parsing, the command's own code, rendering and the contract are still run each time."""
    target = getattr(module, "COSTLY_RUN", None)
    if not target:
        return
    owner = importlib.import_module(target[0])
    real, limit = getattr(owner, target[1]), COSTLY_REAL_RUNS[request.config.getoption("--long")]
    memo: dict = {}

    def stand_in(*args, **kwargs):
        if memo.get("real", 0) < limit:
            got = real(*args, **kwargs)
            if "result" in memo:
                assert got == memo["result"], f"{name}: two real runs gave different results"
            memo["result"], memo["real"] = got, memo.get("real", 0) + 1
            COUNTS.setdefault(name, {"examples": 0, "ok": 0, "refused": 0, "lines": 0, "seconds": 0.0})
            COUNTS[name]["real_runs"] = memo["real"]
        return copy.deepcopy(memo["result"])

    monkeypatch.setattr(owner, target[1], stand_in)


@pytest.mark.parametrize("name,parser,module", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_command_keeps_the_contract(name, parser, module, request, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                       # a relative path in an argument lands here
    folder = tmp_path / "example"
    _costly(module, request, monkeypatch, name)

    @budget(request, 50 if getattr(module, "COSTLY_RUN", None) else None)
    @given(data=st.data())
    def example(data):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        argv, files = data.draw(argv_for(name, parser, module, folder), label="argv")
        started = time.perf_counter()
        batch = expected_lines(files["batch"]) if "batch" in files and "--batch" in argv else None
        r = run(argv)
        got = check(r, batch)
        lines = 0
        if isinstance(got, list) and batch is not None:       # a batch that was read: aligned with its input
            lines = len(batch)
            for line, answer in zip(batch, got):
                if not line.strip():
                    assert "error" in answer, (argv, batch)
            first = {}
            for line, answer in zip(batch, got):
                assert first.setdefault(line, answer) == answer, ("equal lines, different answers", argv, batch)
            n = data.draw(st.integers(0, len(batch) - 1), label="line alone") if batch else None
            if n is not None:                                   # line n alone gets the answer it got at n
                alone = folder / "alone.txt"
                # a BOM first, so a U+FEFF that begins the line stays in it (only a file's first one is a BOM)
                alone.write_text("\ufeff" + batch[n] + "\n", encoding="utf-8", errors="surrogatepass")
                argv1 = [a if a != argv[argv.index("--batch") + 1] else str(alone) for a in argv]
                r1 = run(argv1)
                got1 = check(r1, [batch[n]])
                assert got1 == [got[n]], ("line answered differently alone", argv, batch, n)
        count(name, r.rc == 0, lines, time.perf_counter() - started)

    example()


def test_ingest_arguments_keep_the_contract(request, tmp_path, monkeypatch):
    """`python -m ingest`'s arguments: refused with the one-line contract, or accepted as they are
    (the build itself, minutes long, is replaced here by a stand-in that records the arguments)."""
    import ingest.__main__ as ingest_main
    monkeypatch.chdir(tmp_path)

    class Built(Exception):
        pass

    def fake_build(out, check=True):
        raise Built(out)

    monkeypatch.setattr(ingest_main, "build", fake_build)
    flags = ["--report", "--json", "--findings", "--no-shacl", "--out"]
    token = st.one_of(st.sampled_from(flags), st.sampled_from([str(tmp_path / "out"), str(tmp_path), "out", "/etc/passwd",
                                                               "/proc/version", "/nonexistent/deep/x"]), hostile_text())

    @budget(request)
    @given(argv=st.lists(token, max_size=5))
    def example(argv):
        try:
            r = run(argv, ingest_main.main)
        except Built as b:
            out = b.args[0]
            assert isinstance(out, Path) and not (out.exists() and not out.is_dir()), argv
            count("ingest", True)
            return
        assert r.rc == 2, (argv, r)
        check(r)
        count("ingest", False)

    example()


# --- real processes: the argv bytes path and a closed pipe -------------------------------------------

ENV = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONIOENCODING": "",
       "LC_ALL": "C"}                              # the C locale: stdout must still be UTF-8


def _proc(*argv: bytes | str, input: bytes | None = None) -> subprocess.CompletedProcess:
    args = [sys.executable, "-m", *argv]
    return subprocess.run(args, capture_output=True, cwd=ROOT, env=ENV, input=input, timeout=300)


@pytest.mark.parametrize("argv", [
    ("query", "law", b"27\xff", "--json"),                     # undecodable argument bytes (issue 15: echoed raw)
    ("query", "score", b"4S\xc3", "--tricks", "10", "--json"),
    ("query", "schedule", b"ccba2018:late\xe9", "12", "--json"),
    ("query", "rule", b"West bid 1H \xff over North's 1S", "--json"),
    ("ingest", "--out", b"\xff\xfe", "--json"),
])
def test_undecodable_argument_bytes_in_a_real_process(argv):
    p = _proc(*argv)
    got = check(Run([a if isinstance(a, str) else "?" for a in argv[1:]], p.returncode, p.stdout, p.stderr))
    assert p.returncode == 2 and "not valid UTF-8" in got["error"]


def test_valid_answer_in_the_c_locale_is_utf8():
    p = _proc("query", "law", "27B2", "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout.decode("utf-8"))["texts"]["zh-Hant"]       # Chinese text, as UTF-8 bytes


def test_reader_closing_the_pipe_early_gets_no_traceback(tmp_path):
    """`python -m query rule --batch FILE --json | head -1`: the command ends quietly."""
    scenario = json.loads((ROOT / "tests" / "scenarios" / "27B2-pass.json").read_text(encoding="utf-8"))
    f = tmp_path / "batch.jsonl"
    f.write_text((json.dumps(scenario["facts"]) + "\n") * 400, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "query", "rule", "--batch", str(f), "--json"], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()                              # what `head -1` does after its line
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert json.loads(first)["citations"]
    assert err == b"", err.decode("utf-8", "replace")[-800:]
