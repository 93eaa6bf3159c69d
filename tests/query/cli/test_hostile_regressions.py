"""One regression test per defect class of issue 15 (and those the property suite found since), each
with the input as found. Every answer is also held to the whole contract (tests/query/cli/hostile.py
`check`: exit 0 with JSON, or exit 2 with one stderr line and {"error"}; stdout UTF-8)."""
from __future__ import annotations

import json

import pytest

from query.inputs import MAX_DEPTH, MAX_INT_DIGITS, batch_lines, dumps, load_json
from tests.query.cli.hostile import ROOT, check, run

INJECTION = "ccba2018:late-arrival-teams-vp> <https://w3id.org/bridge-laws/ccba2018/schedule/overtime-teams-vp"


def refused(*argv: str, batch=None) -> str:
    r = run([*argv, "--json"])
    got = check(r, batch)
    assert r.rc == 2, r
    return got["error"]


def answered(*argv: str) -> dict:
    r = run([*argv, "--json"])
    got = check(r)
    assert r.rc == 0, r
    return got


# --- user text is bound, never pasted into SPARQL ------------------------------------------------

def test_schedule_name_injection_is_an_unknown_schedule():
    """Issue 15: this name was answered from two schedules at once."""
    assert refused("schedule", INJECTION, "12").startswith("unknown schedule")
    assert answered("schedule", "ccba2018:late-arrival-teams-vp", "12")["row"] == 3   # the real one still answers


@pytest.mark.parametrize("name", ["ccba2018:late-arrival-teams-vp'", 'ccba2018:"x"', "ccba2018:x} ; DROP ALL"])
def test_schedule_name_with_quotes_is_an_unknown_schedule(name):
    """Issue 15: a quote in the name was a SPARQL syntax error and a traceback (~220 of 2,000 inputs)."""
    assert refused("schedule", name, "12").startswith("unknown schedule")


# --- one decoder: UTF-8, BOM dropped, surrogates refused -------------------------------------------

@pytest.mark.parametrize("argv", [("law", "27\udcff"), ("score", "4S\udcc3", "--tricks", "10"),
                                  ("schedule", "ccba2018:late\udce9", "12"),
                                  ("rule", "West bid 1H \udcff over North's 1S")])
def test_undecodable_argument_bytes_are_refused_not_echoed(argv):
    """Issue 15: undecodable bytes were echoed raw into the JSON error (stdout not UTF-8: law, score,
    schedule) and made OpenCC raise UnicodeEncodeError in the plain-language reader."""
    assert "is not valid UTF-8 text" in refused(*argv)


def test_plain_language_reader_without_a_recognisable_replacement(tmp_path):
    """Issue 15: StopIteration when "changed ..." named no call the reader knows."""
    check(run(["rule", "West bid 1H over North's 1S, insufficient, then corrected to a bypass", "--json"]))


def test_plain_language_insufficient_pass_is_refused_not_a_crash():
    """Found by the property suite: an "insufficient" call that is a pass, then a replacement bid, made
    Call.rank fail (ValueError, STRAINS.index('')) in the keyword reader; whatever reader reads it now,
    the answer keeps the contract."""
    check(run(["rule", "West passed, insufficient, over North's 1S, then changed to 2S", "--json"]))


# --- fact files: values outside the table, big integers, depth ---------------------------------------

@pytest.mark.parametrize("content,words", [
    ('{"faces_visible": ' + "9" * 5000 + "}", f"more than {MAX_INT_DIGITS} digits"),     # int over 4,300 digits
    ("[" * 2000 + "]" * 2000, f"nested more than {MAX_DEPTH} deep"),                     # RecursionError
    ('{"irregularity": "insufficient_bid", "offender": "Q"}', "not a player at the table"),
    ('{"accepted": NaN}', "not JSON"),
    ('{"a": "\\ud800"}', "not valid UTF-8"),
])
def test_fact_file_limits(tmp_path, content, words):
    f = tmp_path / "facts.json"
    f.write_text(content, encoding="utf-8")
    assert words in refused("rule", "--facts", str(f))


def test_integers_over_4300_digits_in_arguments():
    """Issue 15: int() of a 5,000-digit contract level or difference raised ValueError (scoring.py:51)."""
    assert "not a contract" in refused("score", "9" * 5000 + "S", "--tricks", "10")
    assert "not a whole number" in refused("imps", "9" * 5000)
    assert "not a whole number" in refused("score", "4S", "--tricks", "9" * 5000)


# --- batch lines split on "\n" only; a BOM does not spoil line 1 ---------------------------------------

@pytest.mark.parametrize("inside", ["\u2028", "\x85", "\r", "\u2029", "\x0b", "\x1c"])
def test_batch_lines_stay_aligned(tmp_path, inside):
    """Issue 15: a line holding U+2028, U+0085 or a lone CR was split in two (~50 of 300 rule batches,
    28 of 300 search batches), so output line N no longer answered input line N."""
    scenario = json.loads((ROOT / "tests" / "scenarios" / "27B2-pass.json").read_text(encoding="utf-8"))["facts"]
    lines = [f"revoke{inside}penalty", json.dumps(scenario), "insufficient bid", ""]
    f = tmp_path / "batch.txt"
    f.write_bytes(("\ufeff" + "\n".join(lines) + "\n").encode("utf-8"))
    search = check(run(["search", "--batch", str(f), "--json"]), lines)     # check: 4 lines out for 4 in
    assert search[0]["query"].startswith("revoke") and search[2]["query"] == "insufficient bid"
    assert search[2]["hits"] and "error" in search[3]
    rule = check(run(["rule", "--batch", str(f), "--json"]), lines)
    assert rule[1]["citations"] and "error" not in rule[1]          # line 2 is a facts object, ruled
    assert "error" in rule[3]                                        # the empty line 4 answered in its place


def test_bom_does_not_spoil_the_first_line(tmp_path):
    f = tmp_path / "batch.txt"
    f.write_bytes("\ufeffrevoke\n".encode("utf-8"))
    assert check(run(["search", "--batch", str(f), "--json"]), ["revoke"])[0]["query"] == "revoke"


def test_batch_splitting_and_json_limits_of_the_decoder():
    assert batch_lines("a\u2028b\x85c\rd\r\ne\n") == ["a\u2028b\x85c\rd", "e"]
    assert batch_lines("a\n\nb") == ["a", "", "b"]
    with pytest.raises(ValueError):
        load_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


# --- output that keeps the contract ------------------------------------------------------------------------

@pytest.mark.parametrize("pid", [">", "<>", "27<", "a b", "{x}"])
def test_no_rdflib_warning_for_ids_that_cannot_be_iris(pid):
    """Issue 15: rdflib's "does not look like a valid URI" warning was printed above the error."""
    assert refused("law", pid).startswith("unknown provision id")        # and `check`: one stderr line


@pytest.mark.parametrize("setting", ["w_dense=nan", "w_dense=inf", "w_dense=-1", "bm25_k1=1e400",
                                     "title_repeat=1000000000000000000", "fusion=x"])
def test_eval_search_settings_out_of_range_are_refused(setting, tmp_path):
    """Issue 15: --set w_dense=nan printed NaN and Infinity (not JSON) and NumPy warnings on stderr."""
    q = tmp_path / "q.tsv"
    q.write_text("query\tlang\texpected\tnote\nrevoke\ten\t61\t\n", encoding="utf-8")
    assert refused("eval-search", "--queries", str(q), "--set", setting).startswith("--set ")


def test_strict_json_out():
    with pytest.raises(ValueError):
        dumps({"x": float("nan")})
    assert dumps({"x": "a\u2028b\x85"}) == '{"x": "a\\u2028b\\u0085"}'


@pytest.mark.parametrize("row", ["short row", "a\ten"])
def test_eval_search_short_row(tmp_path, row):
    """Issue 15: a short row in a query file was an AttributeError (evaluate.py:41)."""
    q = tmp_path / "q.tsv"
    q.write_text(f"query\tlang\texpected\tnote\n{row}\n", encoding="utf-8")
    assert "row 2 does not have the columns" in refused("eval-search", "--queries", str(q))


def test_eval_search_query_file_names_found_by_the_property_suite():
    """An empty --queries ran the default sets (8 s) instead of refusing; a 5,000-character name was an
    OSError (File name too long) from Path.is_file."""
    assert refused("eval-search", "--queries", "").startswith("query file not found")
    assert refused("eval-search", "--queries", "x" * 5000).startswith("query file name is too long")
    assert "not found" in refused("eval-search", "--queries", "x" * 300)


# --- numbers validated for range and type --------------------------------------------------------------

@pytest.mark.parametrize("diff,words", [("1.5", "not a whole number"), ("1e3", "not a whole number"),
                                        ("nan", "not a whole number"), ("99999", "cannot arise on one board")])
def test_imps_refuses_non_integer_or_absurd_differences(diff, words):
    """Issue 15: imps answered non-integer or absurd differences."""
    assert words in refused("imps", diff)


def test_imps_bound_is_the_largest_law77_difference():
    """1NTXX vulnerable making 13 tricks (+3,160: six redoubled overtricks at 400) against a
    redoubled vulnerable grand slam down 13 (-7,600): the bound comes from the Law 77 rows, and a
    difference at the bound still answers."""
    from query.scoring.laws import largest_difference, score
    assert score("1NTXX", True, 13)["score"] == 3160 and score("7CXX", True, 0)["score"] == -7600
    assert largest_difference() == 3160 + 7600
    assert answered("imps", str(largest_difference()))["imps"] == 24
    assert "cannot arise" in refused("imps", str(largest_difference() + 10))


@pytest.mark.parametrize("value", ["-5", "nan", "inf", "1e400"])
def test_schedule_refuses_values_outside_any_band(value):
    """Issue 15: schedule answered values outside any band, such as a negative number of minutes."""
    refused("schedule", "ccba2018:late-arrival-teams-vp", value)


def test_schedule_open_last_band_holds_any_larger_value():
    """Issue 16: 迟到 20 分钟以上：以弃权论 is the table's last band, open above (it was refused as
    "outside the bands" because the lookup dropped rows without an upper bound)."""
    assert answered("schedule", "ccba2018:late-arrival-teams-vp", "1000")["consequence"] == "以弃权论"


def test_vp_margin_beyond_24_imps_a_board():
    assert "cannot arise" in refused("vp", "500", "--boards", "16")
    assert answered("vp", "384", "--boards", "16")["vp"][0] == 25.0


def test_internal_error_is_one_line_and_exit_1(monkeypatch):
    """A bug (not the user's input) is still one line, exit 1, never a traceback."""
    import query.cli.score as score_cli

    def boom(args):
        raise KeyError("bug")
    monkeypatch.setattr(score_cli, "run", boom)
    r = run(["imps", "430", "--json"])
    assert r.rc == 1 and r.err.decode().count("\n") == 1 and b"internal error" in r.err
    assert json.loads(r.out)["error"].startswith("internal error")


def test_eval_search_carriage_return_inside_a_row(tmp_path):
    """Found by the long property run: a lone "\\r" in a query file (kept inside its line, as batch lines
    are) stopped csv with "new-line character seen in unquoted field", an internal error."""
    q = tmp_path / "q.tsv"
    q.write_bytes(b"query\tlang\texpected\tnote\n\r0")
    assert "carriage return" in refused("eval-search", "--queries", str(q))


def test_ingest_out_name_too_long():
    """Found by the long property run: `python -m ingest --out 999...` (5,000 characters) was an
    OSError (File name too long) from Path.exists, a traceback."""
    import ingest.__main__ as ingest_main
    r = run(["--out", "9" * 5000, "--json"], ingest_main.main)
    assert r.rc == 2 and "not a usable folder name" in check(r)["error"]


def test_equal_batch_lines_get_equal_answers(tmp_path):
    """Found by the long property run: two lines "{" got different errors (each named its line number);
    an answer's place in the output says which line it answers."""
    f = tmp_path / "batch.txt"
    f.write_text("{\n{\n", encoding="utf-8")
    out = check(run(["rule", "--batch", str(f), "--json"]), ["{", "{"])
    assert out[0] == out[1] and "not valid JSON" in out[0]["error"]


def test_nul_in_a_file_name():
    """Found by the long property run: `rule --batch '\\x00'` was a ValueError (embedded null byte)
    from Path.stat, an internal error."""
    assert "cannot read batch file" in refused("rule", "--batch", "\x00")
    refused("search", "--batch", "\x00")


def test_only_the_files_bom_is_dropped(tmp_path):
    """Found by the long property run: a file starting with a BOM whose first line starts with U+FEFF
    lost both (decode and batch_lines each dropped one), so line 1 answered differently from an equal
    line 2."""
    f = tmp_path / "batch.txt"
    f.write_bytes("\ufeff\ufeff{}\n\ufeff{}\n".encode("utf-8"))
    out = check(run(["search", "--batch", str(f), "--json"]), ["\ufeff{}", "\ufeff{}"])
    assert out[0] == out[1]


def test_merged_commands_found_by_the_long_run():
    """Found by the long property run on the commands merged from issues 12 and 13: `quiz --laws`
    with a 5,000-digit number (int() over 4,300 digits) and `export --bundle '\\x00'` (embedded null
    byte) were internal errors."""
    assert "unknown law" in refused("quiz", "--laws", "9" * 5000)
    assert "not a file name" in refused("export", "--bundle", "\x00")
    assert "not a file name" in refused("export", "--out", "\x00")


def test_quiz_out_with_a_nul_is_one_line():
    """Found by the lead's long run (10,000 examples of quiz): `quiz --out '\x00'` was an internal
    error (ValueError: embedded null byte from open()); every output name now goes through
    query.inputs.output_name."""
    assert "not a file name" in refused("quiz", "--out", "\x00")


# --- the chat, the quiz and the endpoint (issue 15, part 3) ----------------------------------------

def test_chat_quick_reply_with_a_line_break_in_the_fact_is_one_whole_line():
    """Found by the chat's property suite (tests/query/test_ask_hostile.py): a quick reply for the fact
    '\\n' was refused as "--answer: unknown fact '" plus a second line, which the page cut at the first
    line. A BadInput is now one printable line by construction, and the fact is quoted, escaped."""
    from query.ask import answers
    from query.errors import BadInput
    with pytest.raises(BadInput) as e:
        answers.ruling(answers.graph(), "revoke", "en", answers={"\n": "declarer"})
    assert str(e.value) == "--answer: unknown fact '\\n' (the facts are listed in docs/scenario-facts.md)"
    assert str(BadInput("a\nb\u2028c\x00")) == "a b c\\x00"



@pytest.mark.parametrize("fact,value", [("irregularity", []), ("irregularity", {})])
def test_chat_quick_reply_value_is_checked_as_its_fact_type(fact, value):
    """Found by the chat's long property run (759th quick reply): an answer given as a JSON value
    (the chat's quick replies, not --answer text) was taken as it came, so irregularity=[] reached
    a set lookup: TypeError, an internal error on the page. Now checked as a fact file's value is."""
    from query.ask import answers
    from query.errors import BadInput
    try:
        answers.ruling(answers.graph(), "revoke", "en", answers={fact: value})
    except BadInput as e:
        assert "\n" not in str(e)



@pytest.mark.parametrize("how", ["answers", "facts"])
def test_chat_values_over_4300_digits_are_refused_by_the_decoder(how):
    """Found while extending the chat's suite: a quick reply or an edited fact of 10**5000 (a value,
    not JSON text, so load_json's 18-digit limit never saw it) made every fact's error message raise
    ValueError (int to str over 4,300 digits). The chat's values now go through inputs.json_value,
    and inputs.quote describes such a number instead of failing."""
    from query.ask import answers
    from query.errors import BadInput
    from query.graph import shared
    from query.inputs import quote
    from query.quiz.select import build
    values = {"faces_visible": 10**5000}
    kwargs = {"answers": values} if how == "answers" else {"facts": {"irregularity": "revoke", **values}}
    with pytest.raises(BadInput, match="more than 18 digits"):
        answers.ruling(answers.graph(), "revoke", "en", **kwargs)
    assert "digits" in quote(10**5000)
    with pytest.raises(BadInput, match="unknown law"):
        build(shared(), laws=[10**5000], count=1)


def test_answer_with_a_superscript_digit_is_not_a_whole_number():
    """Found while writing the chat's suite: `--answer` (and a chat quick reply given as text) read a
    whole number with str.isdigit, so "²" reached int(): a ValueError, an internal error."""
    assert "is not a whole number" in refused("rule", "West bid 1H over North's 1S", "--answer", "faces_visible=²")


def test_quiz_type_given_twice_counts_its_questions_once():
    """Found by the quiz options' property suite (tests/query/quiz/test_quiz_hostile.py): with a type
    given twice its pool counted twice, so `--types ruling,ruling --topics bid_above_seven --count 11`
    passed the "enough questions" check and silently gave 10."""
    assert refused("quiz", "--types", "ruling,ruling", "--topics", "bid_above_seven", "--count", "11") \
        == "only 10 questions match the selection; asked for 11"
    assert len(answered("quiz", "--types", "ruling,ruling", "--topics", "bid_above_seven", "--count", "10")["questions"]) == 10


@pytest.mark.parametrize("options", [{"topic_list": 27}, {"types": 27}, {"count": None}, {"count": True},
                                     {"count": 1.5}, {"seed": None}, {"laws": [True]}, {"topic_list": [{}]}])
def test_quiz_options_of_the_wrong_type_are_one_line_refusals(options):
    """Found by the quiz options' property suite: the library the page and the command share took
    any value (TypeError on 27 or None; a seed of None gave a different quiz each time, True counted
    as law 1, a count of 1.5 gave one question)."""
    from query.errors import BadInput
    from query.graph import shared
    from query.quiz.select import build
    with pytest.raises(BadInput) as e:
        build(shared(), **{"count": 1, "seed": 0, **options})
    assert "\n" not in str(e.value)


def test_quiz_export_in_an_unknown_format_is_a_refusal():
    """Found by the quiz options' property suite: export(questions, '') was a KeyError."""
    from query.errors import BadInput
    from query.graph import shared
    from query.quiz.exports import export
    from query.quiz.select import build
    with pytest.raises(BadInput, match="unknown format ''"):
        export(build(shared(), count=1), "", "en")


def test_quiz_pdf_with_a_tab_in_the_law_text_keeps_stderr_clean(tmp_path):
    """Found while checking the quiz exports for the report: a provision question on Law 77 quotes its
    table, whose cells are separated by tabs; the PDF font has no glyph for a tab, so fpdf2 drew an
    empty box and logged "Font ... is missing the following glyphs" on stderr (exit 0 with a line
    that is not a note: the contract broken). Control characters are now spaces in the PDF. A real
    process: under pytest the logging plugin takes the warning, so the in-process suite cannot see it."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    p = subprocess.run([sys.executable, "-m", "query", "quiz", "--laws", "77", "--types", "provision", "--count", "3",
                        "--format", "pdf", "--out", str(tmp_path / "quiz.pdf"), "--json"],
                       capture_output=True, cwd=ROOT, env=env, timeout=300)
    assert p.returncode == 0 and p.stderr == b"", p.stderr.decode("utf-8", "replace")[:300]
    assert (tmp_path / "quiz.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("argv", [("--count", "١٢"), ("--seed", "1_000"), ("--seed", "-1")])
def test_quiz_numbers_are_ascii_whole_numbers_in_range(argv):
    """`quiz --count` and `--seed` used int(), which reads Arabic-Indic digits and underscores, and
    took negative seeds: now query.inputs.whole, as every other command's numbers."""
    refused("quiz", *argv)


@pytest.mark.parametrize("argv", [("--port", "١٢"), ("--workers", "٢"), ("--time-limit", "0x10"), ("--host", "")])
def test_serve_arguments_go_through_the_input_decoder(argv):
    """Found while putting `serve`'s arguments under the property suite: --port and --workers used
    int() (Arabic-Indic digits served on port 12), --time-limit float(), and an empty host bound
    every interface. Now inputs.whole / inputs.real, and a host must be printable text."""
    from query import cli
    from query.errors import BadInput
    ap, runners = cli._parser()
    with pytest.raises(BadInput):
        args = ap.parse_args(["serve", *argv])
        if argv[0] == "--host":                  # checked when the command runs, before anything listens
            import query.opendata.workers as workers

            class Stop(BaseException):
                pass

            def no_pool(*a, **k):
                raise Stop()
            saved, workers.Pool = workers.Pool, no_pool
            try:
                runners["serve"].run(args)
            finally:
                workers.Pool = saved


@pytest.mark.parametrize("answer", ["offender_role=dec larer", "offender=N"])
def test_rule_that_cannot_be_ruled_exits_2(answer):
    """Found by the long property run of `rule` once --answer had seeds (10,000 examples, 6,204th):
    an answer outside the fact's values ('dec larer') or one contradicting the story (the call by W
    makes the offender W) was answered exit 0 with {"error", "missing", ...}: an error in a success.
    An answer is now checked as its fact's type (exit 2), and a single text that cannot be ruled is the
    one-line error, exit 2, as docs/scenario-reader.md says (a batch line keeps {"error", "missing"})."""
    refused("rule", "West bid 1H over North's 1S", "--answer", answer)
