"""Each export read back by an outside reader (issue 12): GIFT by pygiftparser 1.1, Moodle XML
by an ElementTree check of the question structure, the .apkg opened as SQLite, the PDF rendered
to PNG by pypdfium2; plus the command line's contract (seed, no duplicates, spread keys, exit 2)."""
from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from query.graph import shared
from query.quiz.exports import export
from query.quiz.select import build

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def quizzes():
    g = shared()
    return {lang: build(g, count=28, lang=lang, seed=7) for lang in ("en", "zh-Hant", "zh-Hans")}


def test_selection_contract(quizzes):
    g = shared()
    for lang, qs in quizzes.items():
        again = build(g, count=28, lang=lang, seed=7)
        assert [q.id for q in again] == [q.id for q in qs]                    # --seed reproducible
        assert len({q.id for q in qs}) == len(qs)                             # no duplicates
        assert len({q.type for q in qs}) == 7
        for q in qs:
            folded = [" ".join(o.casefold().split()) for o in q.options]
            assert len(set(folded)) == len(folded), q.options                 # no two options alike
        four = Counter(q.answer for q in qs if len(q.options) == 4)
        assert max(four.values()) - min(four.values()) <= 2, four             # keys spread over positions
    assert [q.id for q in build(g, count=28, lang="en", seed=8)] != [q.id for q in quizzes["en"]]
    law27 = build(g, laws=[27], count=10, lang="en", seed=1)
    assert all(27 in q.laws for q in law27)


def test_gift_read_back_by_pygiftparser(quizzes):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pygiftparser import parser
    for lang, qs in quizzes.items():
        parsed = parser.parseFile(io.StringIO(export(qs, "gift", lang).decode("utf-8")))
        assert len(parsed) == len(qs)
        by_id = {p.title: p for p in parsed}
        for q in qs:
            p = by_id[q.id]
            assert p.valid and p.cat.startswith("$course$/Bridge_Laws/")
            answers = p.answers.answers
            assert [a.answer for a in answers] == q.options
            assert [a.fraction for a in answers].index(100) == q.answer
            assert q.citations[0] in p.generalFeedback and q.citations[0] in answers[q.answer].feedback


def test_moodle_xml_structure(quizzes):
    for lang, qs in quizzes.items():
        root = ET.fromstring(export(qs, "moodle-xml", lang))
        assert root.tag == "quiz"
        cats = [c.findtext("category/text") for c in root.findall("question[@type='category']")]
        assert cats and all(c.startswith("$course$/top/Bridge Laws/") for c in cats)
        mc = root.findall("question[@type='multichoice']")
        assert sorted(m.findtext("idnumber") for m in mc) == sorted(q.id for q in qs)
        for m in mc:
            q = next(q for q in qs if q.id == m.findtext("idnumber"))
            fractions = [a.get("fraction") for a in m.findall("answer")]
            assert fractions.count("100") == 1 and fractions.index("100") == q.answer
            assert m.findtext("generalfeedback/text") and m.findtext("questiontext/text")
            tags = [t.text for t in m.findall("tags/tag/text")]
            assert f"type-{q.type}" in tags and all(f"law-{n}" in tags for n in q.laws)


def test_apkg_opens_as_sqlite_with_stable_guids(quizzes, tmp_path):
    qs = quizzes["zh-Hant"]
    guids = []
    for run in (1, 2):
        path = tmp_path / f"quiz{run}.apkg"
        path.write_bytes(export(qs, "apkg", "zh-Hant"))
        with zipfile.ZipFile(path) as z:
            z.extract("collection.anki2", tmp_path / str(run))
        con = sqlite3.connect(tmp_path / str(run) / "collection.anki2")
        rows = con.execute("select guid, flds from notes").fetchall()
        con.close()
        assert len(rows) == len(qs)
        assert {r[1].split("\x1f")[0] for r in rows} == {q.id for q in qs}
        guids.append(sorted(r[0] for r in rows))
    assert guids[0] == guids[1]                       # importing again updates, never duplicates


def test_pdf_renders_with_chinese(quizzes, tmp_path):
    import pypdfium2 as pdfium
    for lang, heading in (("en", "Answer key"), ("zh-Hans", "答案")):
        pdf = pdfium.PdfDocument(export(quizzes[lang], "pdf", lang))
        texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
        key_page = next(i for i, text in enumerate(texts) if text.startswith(heading))
        assert key_page >= 1                             # the answer key starts on a page of its own
        assert quizzes[lang][0].stem.splitlines()[0][:12] in texts[0]
        assert quizzes[lang][-1].citations[0] in "".join(texts[key_page:])
        image = pdf[0].render(scale=1).to_pil().convert("L")
        assert image.getextrema()[0] < 100               # ink on the page
        image.save(tmp_path / f"page-{lang}.png")
        pdf.close()


def test_csv_and_html(quizzes):
    qs = quizzes["en"]
    rows = list(csv.DictReader(io.StringIO(export(qs, "csv", "en").decode("utf-8-sig"))))
    assert [r["id"] for r in rows] == [q.id for q in qs]
    assert all(r["option_" + "abcd"[q.answer]] == q.key for r, q in zip(rows, qs))
    html = export(qs, "html", "en").decode("utf-8")
    assert html.count('class="key"') == 1 and all(q.id in html for q in qs)


@pytest.mark.parametrize("args,needle", [
    (["--laws", "99"], "unknown law"), (["--topics", "nope"], "unknown topic"), (["--types", "essay"], "unknown question type"),
    (["--format", "docx"], "unknown format"), (["--laws", "27", "--types", "scoring"], "only 0 questions"),
    (["--lang", "fr"], "unknown language"), (["--format", "pdf"], "give --out")])
def test_bad_input_one_line_exit_2(args, needle):
    from query.cli import main
    import contextlib
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(["quiz", *args, "--json"])
    assert code == 2
    assert len(err.getvalue().strip().splitlines()) == 1 and needle in err.getvalue()
    assert needle in json.loads(out.getvalue())["error"]


def test_cli_json_contract():
    r = subprocess.run([sys.executable, "-m", "query", "quiz", "--laws", "27,64", "--count", "6", "--seed", "3", "--json"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    qs = json.loads(r.stdout)["questions"]
    assert len(qs) == 6
    for q in qs:
        assert {"id", "type", "stem", "options", "answer", "explanation", "citations", "tags", "lang"} <= set(q)
        assert set(q["tags"]["laws"]) & {27, 64}
