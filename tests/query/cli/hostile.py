"""What the hostile-input suite shares: running a command in-process with its stdout as bytes, the
contract every answer must keep (DESIGN.md section 7, issue 15), and the generated inputs
(hypothesis strategies) for arguments, numbers, fact files, batch files and query files.

The commands are found, not listed: every command of query/cli COMMANDS, its arguments read from
its argparse parser, so a command added later is covered without a change here. Values come from
the arguments' kind (a choice, a number, a file, text), from the examples in their help ("e.g. ...")
and from SEEDS below, mixed with hostile text.
"""
from __future__ import annotations

import argparse
import io
import json
import logging
import os
import re
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, settings, strategies as st

from query import cli

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.json"))

# --- budget and counts ---------------------------------------------------------------------------

HOSTILE_EXAMPLES = 150            # per command or target, in ./test.sh
LONG_EXAMPLES = 10_000            # per command or target, with --long (./test.sh --long)
COUNTS: dict[str, dict] = {}      # per command or target: examples, exit 0 (answered), exit 2 (refused), ...


def budget(request, examples: int | None = None) -> settings:
    """The hypothesis settings of one property: `examples` (HOSTILE_EXAMPLES) bounded, LONG_EXAMPLES
    with --long; derandomised when bounded, so ./test.sh is reproducible."""
    long = request.config.getoption("--long")
    n = LONG_EXAMPLES if long else (examples or HOSTILE_EXAMPLES)
    return settings(max_examples=n, deadline=60_000, database=None, derandomize=not long, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


def count(name: str, ok: bool, lines: int = 0, seconds: float = 0.0, **more: int) -> None:
    """One example of `name`: answered (exit 0, a result, a 2xx) or refused (exit 2, a BadInput, a 4xx);
    `more` adds to further counters (e.g. real_runs). HOSTILE_COUNTS=FILE writes them as a long run goes."""
    c = COUNTS.setdefault(name, {"examples": 0, "ok": 0, "refused": 0, "lines": 0, "seconds": 0.0})
    c["examples"] += 1
    c["ok" if ok else "refused"] += 1
    c["lines"] += lines
    c["seconds"] += seconds
    for k, v in more.items():
        c[k] = c.get(k, 0) + v
    if os.environ.get("HOSTILE_COUNTS") and c["examples"] % 100 == 0:
        write_counts()


def write_counts() -> None:
    if os.environ.get("HOSTILE_COUNTS"):
        Path(os.environ["HOSTILE_COUNTS"]).write_text(json.dumps(COUNTS, indent=1))


def print_counts(names) -> None:
    write_counts()
    for name in names:
        if name in COUNTS:
            c = COUNTS[name]
            extra = "".join(f", {k}: {v}" for k, v in c.items() if k not in ("examples", "ok", "refused", "lines", "seconds"))
            print(f"\nhostile input: {name}: {c['examples']} examples, answered: {c['ok']}, refused: {c['refused']}, "
                  f"batch lines: {c['lines']}{extra}, {c['seconds']:.1f} s")


# --- running a command ---------------------------------------------------------------------------


@dataclass
class Run:
    argv: list
    rc: int
    out: bytes
    err: bytes


def run(argv: list[str], entry=None) -> Run:
    """main(argv) in this process, stdout and stderr captured as bytes (stdout through a strict UTF-8
    writer, as a real one is: a character that is not UTF-8 fails the run instead of hiding)."""
    entry = entry or cli.main
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr
    wout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", newline="\n", write_through=True)
    werr = io.TextIOWrapper(err, encoding="utf-8", errors="strict", newline="\n", write_through=True)
    sys.stdout, sys.stderr = wout, werr
    # a real process prints a library's WARNING log records on stderr (Python's last-resort handler);
    # under pytest the logging plugin takes them, so they are printed here as the process would
    log = logging.StreamHandler(werr)
    log.setLevel(logging.WARNING)
    logging.getLogger().addHandler(log)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")          # a warning printed once per place would hide repeats
            try:
                rc = entry(list(argv))
            except SystemExit as e:
                rc = e.code if isinstance(e.code, int) else 1
        wout.flush()
        werr.flush()
        result = Run(list(argv), rc, out.getvalue(), err.getvalue())
    finally:
        logging.getLogger().removeHandler(log)
        sys.stdout, sys.stderr = saved
        wout.detach()                                  # leave the buffers open (a wrapper closes them when collected)
        werr.detach()
    return result


def _strict(text: str):
    def refuse(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


def check(r: Run, batch: list[str] | None = None) -> list[dict] | dict | None:
    """The contract: exit 0 with valid JSON (one object; one per batch line, in order), or exit 2 with
    exactly one stderr line and {"error"} on stdout; never anything else; stdout always UTF-8.
    Returns what stdout held (the object, or the list of a batch's objects)."""
    why = f"argv={repr(r.argv)[:500]} rc={r.rc} stdout={r.out[:400]!r} stderr={r.err[:600]!r}"
    out = r.out.decode("utf-8")              # strict: stdout is UTF-8
    err = r.err.decode("utf-8")
    as_json = "--json" in r.argv
    assert r.rc in (0, 2), why
    assert "Traceback" not in err and "Warning" not in err, why
    if r.rc == 2:
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, why
        assert len(err.splitlines()) == 1, why
        if as_json:
            assert out.endswith("\n") and out.count("\n") == 1 and len(out.splitlines()) == 1, why
            obj = _strict(out)
            assert isinstance(obj, dict) and list(obj) == ["error"] and isinstance(obj["error"], str), why
            assert obj["error"] and obj["error"] == err[len("error: "):-1], why
            return obj
        return None
    # exit 0: stderr holds at most notes (a batch's count of lines that failed)
    assert all(line.startswith("note: ") for line in err.splitlines()), why
    if batch is not None:
        lines = out.split("\n")
        assert lines[-1] == "" and len(lines) - 1 == len(batch), why + f" batch={repr(batch)[:500]}"
        if not as_json and not all(line.startswith("{") for line in lines[:-1]):
            return None                       # a text rendering: aligned, one line per input line
        assert len(out.splitlines()) == len(batch), why           # no other line break, for any reader
        objs = [_strict(line) for line in lines[:-1]]
        assert all(isinstance(o, dict) for o in objs), why
        return objs
    if as_json:
        assert out.endswith("\n") and out.count("\n") == 1 and len(out.splitlines()) == 1, why
        obj = _strict(out)
        assert isinstance(obj, dict) and "error" not in obj, why
        return obj
    return None


def expected_lines(data: bytes) -> list[str] | None:
    """A batch file's lines as a reader expects them, worked out here independently of query/inputs:
    UTF-8 (BOM dropped), split on "\\n" only, a final newline ends the last line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    text = text[1:] if text.startswith("\ufeff") else text
    lines = text.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


# --- the commands ------------------------------------------------------------------------------------

def commands() -> list[tuple[str, argparse.ArgumentParser, object]]:
    """(name, parser, module) for every command of query/cli COMMANDS, but servers (SERVER = True)."""
    ap, runners = cli._parser()
    sub = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    return [(name, parser, runners[name]) for name, parser in sub.choices.items()
            if name in runners and not getattr(runners[name], "SERVER", False)]


def is_file(action: argparse.Action) -> bool:
    # a path the command reads or writes: generated inside the example's folder, never elsewhere
    # ("the query (or --file)" names another option: not a path)
    return (action.dest in ("facts", "batch", "queries", "out", "bundle", "file") or "FILE" in str(action.metavar or "")
            or bool(re.search(r"\b(a|the|this|one)( \w+)? (file|folder)\b", (action.help or "").lower())))


def help_examples(action: argparse.Action) -> list[str]:
    """The examples an argument's help gives ("e.g. 4SX, 3NT" -> 4SX, 3NT)."""
    out = []
    for m in re.finditer(r"e\.g\.?\s*([^;)]*)", action.help or ""):
        out += [w.strip(" .,`'\"") for w in re.split(r",\s*|\s+or\s+|\s+", m.group(1))]
    return [w for w in out if w and not w.startswith("-")]


# --- generated values ---------------------------------------------------------------------------------

SEEDS = {      # plausible values per argument (dest), so the generated inputs reach the answers too
    "id": ["27B2", "27", "27B1(a)", "Definitions", "Introduction", "wbf1987:27B", "ccba2018:52", "64A",
           "law 27 b 1 (a)", "12C1(e)", "40B2(a)(v)", "wbf2007:16D2", "twreg:82"],
    "lang": ["en", "zh-Hant", "zh-Hans", "ZH-HANT"],
    "doc": ["wbf2017", "wbf1987", "ccba2018", "twreg", "wbf2007"],
    "name": ["ccba2018:late-arrival-teams-vp", "ccba2018:overtime-teams-vp", "ccba2018:late-arrival-pairs-mp",
             "twreg:imp-to-vp-wbf", "ccba2018:forfeits"],
    "value": ["0", "12", "5.5", "20", "7", "15"],
    "imps": ["0", "20", "-13", "51", "3"],
    "boards": ["16", "8", "12", "20", "32"],
    "diff": ["430", "-430", "0", "15", "10760", "4000"],
    "contract": ["4SX", "3NT", "PASS", "6HXX", "7NTXX", "1C", "4♠X"],
    "tricks": ["10", "0", "13", "7"],
    "k": ["1", "5", "10", "100"],
    "query": ["SELECT ?s WHERE { ?s a <https://w3id.org/bridge-laws/ontology#Schedule> } LIMIT 3",
              "ASK { ?s ?p ?o }", "PREFIX dcterms: <http://purl.org/dc/terms/> SELECT ?id WHERE { ?p dcterms:identifier ?id } LIMIT 2",
              "INSERT DATA { <a:b> <a:c> <a:d> }", "SELECT * WHERE { SERVICE <http://example.org/> { ?s ?p ?o } }"],
    "laws": ["27,64", "27", "12,16", "77,78"], "count": ["3", "1", "5"], "seed": ["1", "7"],
    "types": ["ruling", "truefalse", "provision"], "format": ["pdf", "json", "gift", "csv"],
    "topics": ["irregularities", "definitions", "scoring"], "time_limit": ["10", "1"],
    "answer": ["accepted=yes", "accepted=no", "offender_role=declarer", "offender_role=dummy", "faces_visible=2",
               "offender=E", "simultaneous_with=E:1H", "exposed_cards=SA,H10", "accepted=²", "nope=1", "=", "accepted"],
    "kind": ["modal"], "severity": ["changes", "wording"],
    "set": ["w_cards=0", "w_card_dense=false", "w_dense=0.3", "bm25_k1=1.2", "fusion=rrf", "title_repeat=1"],
    "text": ["revoke", "insufficient bid", "不足叫", "藏牌", "What happens after a lead out of turn?",
             "West bid 1H over North's 1S, South did not accept it",
             "East led out of turn, declarer accepted", "北家不足叫牌，东家不接受", "北家不足叫牌，東家不接受",
             "South revoked, established", "declarer claimed, defenders disputed",
             "East made an insufficient bid of 1D over North's 1H and changed it to 2D",
             "West bid 1H over North's 1S, insufficient, then corrected to a bypass",
             "西家在北家的1♠之后叫1♥，不足叫，改叫2♥", "North led out of turn, face down; East is declarer"],
}
HOSTILE = ["", " ", "'", '"', ">", "<>", "}", "{", "\\", "#", "?s", "<https://example.org/x>", "a'b\"c",
           "ccba2018:late-arrival-teams-vp> <https://w3id.org/bridge-laws/ccba2018/schedule/overtime-teams-vp",
           "ccba2018:x' } ; DROP ALL ; SELECT * { ?s ?p ?o", "\u2028", "\x85", "\r", "\r\n", "\x00", "\ufeff27B2",
           "nan", "NaN", "inf", "-inf", "1e400", "-0", "9" * 5000, "-" + "9" * 40, "0x10", "1_000", "١٢", "４",
           "1.5", "1e3", "--json", "-", "--", "../../../etc/passwd", "/", "\u202e27", "\x1b[31mred", "%s%n",
           "{0}", "null", "true", "[]", "{}", "\udcff", "a\udc80b", "\ud800", "x" * 20_001, "27\nB", "\t",
           "ⅷ", "𝟘", "ß", "İ", "\u0301", "🂡", "♠♥♦♣", "NT", "8S", "0S", "99NT", "-1", "+5", " 12 "]
NASTY = "'\"<>{}\\#\n\r\t\x00\x85\u2028\u2029\ufeff\u202e\x1b\udcff\ud800 ♠不足"


def _not_help(s: str) -> bool:       # "-h" or "--help" would print the usage: a request, not data
    return not (s.startswith("-h") or (s.startswith("--h") and "--help".startswith(s)))


def hostile_text() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.text(max_size=30),
        st.text(alphabet=st.sampled_from(list(NASTY)), max_size=12),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=8),
    ).filter(_not_help)


def mutated(seeds: list[str]) -> st.SearchStrategy[str]:
    """A seed with hostile text before, inside or after it."""
    def put(seed, junk, where):
        i = int(where * (len(seed) + 1)) if seed else 0
        return seed[:i] + junk + seed[i:]
    return st.builds(put, st.sampled_from(seeds), st.sampled_from(HOSTILE[:60]) | st.text(max_size=4),
                     st.floats(0, 0.999)).filter(_not_help)


def numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(-100, 100).map(str), st.integers(-10**6, 10**6).map(str),
        st.integers(-(10**40), 10**40).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(str),
        st.floats(-1000, 1000).map(lambda x: f"{x:.3f}"),
        st.sampled_from(HOSTILE),
    ).filter(_not_help)


def value_for(action: argparse.Action) -> st.SearchStrategy[str]:
    """A value for an argument that is not a file: its choices, seeds, examples, numbers, hostile text."""
    seeds = list(dict.fromkeys(SEEDS.get(action.dest, []) + help_examples(action)))
    parts = [hostile_text()]
    if action.choices:
        parts.append(st.sampled_from([str(c) for c in action.choices]))
        parts.append(st.sampled_from([str(c) for c in action.choices]))     # mostly a real choice
    if seeds:
        parts += [st.sampled_from(seeds), st.sampled_from(seeds), mutated(seeds)]
    if action.type not in (None, str) and not action.choices:
        parts.append(numbers())
    return st.one_of(*parts)


# --- files ----------------------------------------------------------------------------------------------

def _scenario_facts(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


FACT_KEYS = ["irregularity", "dealer", "auction", "call", "accepted", "offender", "declarer", "replacement_call",
             "exposed_cards", "in_rotation", "faces_visible", "offender_role", "simultaneous_with", "at_turn_of",
             "established_by", "offender_becomes", "claim_kind", "lang", "why", "facts", "nope"]
SEAT_LIKE = ["N", "E", "S", "W", "north", "X", "", "n", "NE", "Z", " w ", "\u2028", 0, None, True, ["N"]]


def json_values(depth: int = 2) -> st.SearchStrategy:
    leaves = st.one_of(st.sampled_from(SEAT_LIKE), st.booleans(), st.none(), st.integers(-10**20, 10**20),
                       st.floats(allow_nan=False), st.sampled_from(["1S", "2NT", "P", "X", "XX", "8H", "0C", "SA", "H10",
                                                                   "insufficient_bid", "revoke", "declarer", "dummy"]),
                       hostile_text())
    if depth == 0:
        return leaves
    return st.one_of(leaves, st.lists(json_values(depth - 1), max_size=4),
                     st.dictionaries(st.sampled_from(FACT_KEYS) | st.text(max_size=5), json_values(depth - 1), max_size=4))


@st.composite
def facts_json(draw) -> str:
    """A facts object as JSON text: a golden scenario (perhaps altered) or generated facts."""
    kind = draw(st.integers(0, 3))
    if kind <= 1 and SCENARIOS:
        obj = _scenario_facts(draw(st.sampled_from(SCENARIOS)))
        if kind == 1:               # alter one fact
            facts = obj.get("facts", obj)
            key = draw(st.sampled_from(FACT_KEYS))
            facts[key] = draw(json_values(1))
        return json.dumps(obj, ensure_ascii=draw(st.booleans()))
    if kind == 2:
        return json.dumps(draw(st.dictionaries(st.sampled_from(FACT_KEYS), json_values(2), max_size=6)))
    return draw(st.sampled_from([
        "{" * 2000 + "}" * 2000, "[" * 100 + "]" * 100, '{"faces_visible": ' + "9" * 5000 + "}",
        '{"faces_visible": 1e400}', '{"faces_visible": NaN}', '{"accepted": Infinity}', "{", "",
        '{"irregularity": "insufficient_bid", "offender": "Q"}', '{"irregularity": "revoke", "declarer": "Z"}',
        '{"offender": "N", "declarer": "N", "irregularity": "revoke", "offender_role": "nobody"}',
        '{"a": "\\ud800"}', '{"irregularity": "insufficient_bid"}\n{"x": 1}', "[1, 2]", "null", "\ufeff{}",
    ]))


def line_text(dest: str) -> st.SearchStrategy[str]:
    """One line of a batch file: seeds, facts JSON, hostile text (line breaks of every kind but \\n)."""
    seeds = SEEDS["text"]
    return st.one_of(st.sampled_from(seeds), st.sampled_from(seeds), mutated(seeds), hostile_text(),
                     facts_json().map(lambda s: s.replace("\n", " "))).map(lambda s: s.replace("\n", "\u2028"))


@st.composite
def batch_bytes(draw, dest: str) -> bytes:
    pool = draw(st.lists(line_text(dest), min_size=1, max_size=4))
    lines = draw(st.lists(st.sampled_from(pool), min_size=0, max_size=6))   # repeats: same line, same answer
    text = "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))
    if draw(st.integers(0, 5)) == 0:
        text = "\ufeff" + text
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        data = data + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]))
    return data


QUERY_ROWS = ["my opponent bid too low, can I accept it?\ten\t27A1\tparaphrase",
              "不足叫\tzh-Hant\t27\tkeyword", "revoke\ten\t61,62,wbf1987:64\t", "x\tfr\t27\t", "short row",
              "a\ten", "\t\t\t", "q\ten\t27B1(a)\t\textra\tcolumns", "q\tzh-Hans\t,,,\tn"]


@st.composite
def queries_bytes(draw) -> bytes:
    header = draw(st.sampled_from(["query\tlang\texpected\tnote"] * 12 + ["query\tlang", "", "a\tb\tc\td"]))
    good = st.sampled_from(QUERY_ROWS[:3])
    rows = draw(st.lists(st.one_of(good, good, good, good, good, good, st.sampled_from(QUERY_ROWS), hostile_text()),
                         min_size=draw(st.sampled_from([0, 1, 1, 1])), max_size=4))
    return "\n".join([header, *rows]).encode("utf-8", "surrogatepass")


def file_bytes(dest: str) -> st.SearchStrategy[bytes]:
    if dest == "batch":
        return batch_bytes(dest)
    if dest == "queries":
        return queries_bytes()
    if dest == "facts":
        return st.one_of(facts_json().map(lambda s: s.encode("utf-8", "surrogatepass")),
                         st.sampled_from([b"\xff\xfe{}", b"{\"accepted\": \"\xff\"}", b"\xef\xbb\xbf{}", b"\x00" * 10]))
    return st.one_of(facts_json().map(lambda s: s.encode("utf-8", "surrogatepass")), batch_bytes("batch"), st.binary(max_size=50))


@st.composite
def file_argument(draw, action: argparse.Action, folder: Path, files: dict) -> str:
    """A path inside this example's folder: a written file, a missing one, the folder itself, odd names."""
    kind = draw(st.integers(0, 19))
    if kind == 0:
        return str(folder / "missing.json")
    if kind == 1:
        return str(folder)
    if kind == 2:
        return draw(st.sampled_from(["", " ", "\x00", "\udcff", "x" * 5000, "-", "--json", str(folder / "a\u2028b")]))
    name = draw(st.sampled_from(["in.txt", "in.json", "名字.tsv", "a b'c\"d.txt", "\u2028.txt"]))
    data = draw(file_bytes(action.dest))
    (folder / name).write_bytes(data)
    files[action.dest] = data
    return str(folder / name)


@st.composite
def argv_for(draw, name: str, parser: argparse.ArgumentParser, module, folder: Path) -> tuple[list[str], dict]:
    """An argument list for one command: its positionals, a random set of its options (COSTLY_OPTIONS
    never, COSTLY_WITHOUT always), --json nine times in ten, now and then a stray token. Returns the
    argv and the bytes of the files written for it (by dest)."""
    never = set(getattr(module, "COSTLY_OPTIONS", ()))
    always = set(getattr(module, "COSTLY_WITHOUT", ()))
    files: dict = {}
    argv = [name]

    def value(action):
        return draw(file_argument(action, folder, files)) if is_file(action) else draw(value_for(action))

    # half the time, one file option is the point of the example (--batch, --facts ...): then it is
    # given, and optional positionals mostly are not (they would be refused as "not both")
    file_options = [a for a in parser._actions if a.option_strings and is_file(a) and not set(a.option_strings) & never]
    focus = draw(st.sampled_from(file_options)) if file_options and draw(st.booleans()) else None
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.dest == "json":
            continue
        opts = action.option_strings
        if not opts:
            if action.nargs in ("?", "*") and draw(st.integers(0, 9)) < (9 if focus else 2):
                continue
            count = draw(st.integers(1, 3)) if action.nargs in ("*", "+") else 1
            argv += [value(action) for _ in range(count)]
            continue
        if set(opts) & never:
            continue
        given = (set(opts) & always or action is focus
                 or (draw(st.integers(0, 9)) != 0 if action.required else draw(st.booleans())))
        if not given:
            continue
        opt = draw(st.sampled_from(opts))
        if action.nargs == 0:
            argv.append(opt)
        else:
            times = draw(st.integers(1, 2)) if isinstance(action, argparse._AppendAction) else 1
            for _ in range(times):
                argv += [opt, value(action)]
    if draw(st.integers(0, 9)) != 0:
        argv.insert(draw(st.sampled_from([1, len(argv)])), "--json")
    if draw(st.integers(0, 14)) == 0:
        argv.insert(draw(st.integers(1, len(argv))), draw(hostile_text()))
    # hypothesis also draws the code's own string constants: a stray "--force" must not rebuild the index
    return [a for a in argv if a not in never], files
