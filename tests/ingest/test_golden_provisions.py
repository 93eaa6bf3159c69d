"""Golden provisions: a hand-made table (tests/data/golden_provisions.tsv) checked against the committed graph.

Each row was copied by hand from the sources, not produced by the ingest parsers. For every row:
  - each snippet is contained in the provision's text of that language (whitespace collapsed);
  - each snippet also occurs in the source file within the line span the graph records for that
    expression (provenance);
  - the refs column equals the set of provisions the graph says the ENGLISH text cites;
  - the strength column equals the set of non-"does" strength levels tagged on the ENGLISH text.
Plus the table's own sanity and coverage (>= 45 rows, >= 32 laws)."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from query.graph import LAWS_TTL, ROOT, load
from query.lookup import LookupError_, law

TABLE = Path(__file__).resolve().parents[1] / "data" / "golden_provisions.tsv"
COLUMNS = ["id", "en", "zh_hant", "zh_hans", "refs", "strength"]
LANG_COLUMNS = {"en": "en", "zh-Hant": "zh_hant", "zh-Hans": "zh_hans"}
LEVELS = {"may", "should", "shall", "must", "must-not", "may-not", "shall-not"}
ID_RE = re.compile(r"^(\d{1,2})(?:[A-Z](?:\d{1,2}(?:\([a-z]+\)){0,2})?)?$")
# Chinese characters (CJK ideographs): a space between two of them is a line-wrap artefact
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


def load_table() -> list[dict[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    reader = csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader)
    assert header == COLUMNS, f"unexpected header {header}"
    rows = []
    for cells in reader:
        cells += [""] * (len(COLUMNS) - len(cells))
        rows.append(dict(zip(COLUMNS, cells)))
    return rows


ROWS = load_table()


def split_set(cell: str) -> set[str]:
    return {part.strip() for part in cell.split(",") if part.strip()}


def collapse(text: str) -> str:
    """Whitespace-normalise: runs of white space become one space."""
    return re.sub(r"\s+", " ", text).strip()


def normalise_hant(text: str) -> str:
    """The parser's normalisations of Traditional text: the PDF's middle dot used as a comma
    becomes ，, and white space between two Chinese characters (a line wrap) is removed."""
    text = text.replace("·", "，").replace("‧", "，")
    return re.sub(rf"(?<=[{HAN}])\s+(?=[{HAN}])", "", text)


def snippet_params() -> list:
    return [pytest.param(row, lang, id=f"{row['id']}-{lang}")
            for row in ROWS for lang, col in LANG_COLUMNS.items() if row[col] != "-"]


def row_params() -> list:
    return [pytest.param(row, id=row["id"]) for row in ROWS]


@pytest.fixture(scope="module")
def graph():
    if not (LAWS_TTL / "wbf2017.en.ttl").exists():
        pytest.fail(f"the committed graph is missing: {LAWS_TTL}/wbf2017.en.ttl")
    return load()   # the store the CLI and the app use (Oxigraph)


@pytest.fixture(scope="module")
def provision(graph):
    """law(g, id), computed once per provision for the module."""
    cache: dict[str, dict] = {}

    def get(pid: str) -> dict:
        if pid not in cache:
            try:
                cache[pid] = law(graph, pid)
            except LookupError_ as e:
                pytest.fail(f"{pid}: not in the graph ({e})")
        return cache[pid]
    return get


# ------------------------------------------------------------------ the table itself

def test_table_sanity():
    ids = [row["id"] for row in ROWS]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for row in ROWS:
        pid = row["id"]
        assert ID_RE.match(pid), f"{pid}: not an Index-style provision id"
        for col in LANG_COLUMNS.values():
            s = row[col]
            if col == "zh_hans" and s == "-":
                assert int(ID_RE.match(pid).group(1)) in (73, 89), f"{pid}: '-' only for Laws 73 and 89"
                continue
            assert 25 <= len(s) <= 80, f"{pid} {col}: snippet of {len(s)} characters"
            assert s == s.strip() and "  " not in s, f"{pid} {col}: stray white space"
        assert split_set(row["strength"]) <= LEVELS, f"{pid}: unknown level in {row['strength']!r}"
        for ref in split_set(row["refs"]):
            assert ID_RE.match(ref), f"{pid}: bad ref {ref!r}"
        if "·" in row["zh_hant"] or "‧" in row["zh_hant"]:
            pytest.fail(f"{pid}: zh_hant must carry ， for the middle dot")


def test_table_coverage():
    laws = {int(ID_RE.match(row["id"]).group(1)) for row in ROWS}
    assert len(ROWS) >= 45, f"only {len(ROWS)} rows"
    assert len(laws) >= 32, f"only {len(laws)} distinct laws: {sorted(laws)}"
    depth = {row["id"].count("(") for row in ROWS}
    assert {0, 1, 2} <= depth, "need items, sub-items and sub-sub-items"


# ------------------------------------------------------------------ against the graph

@pytest.mark.parametrize("row,lang", snippet_params())
def test_snippet_in_text(provision, row, lang):
    info = provision(row["id"])
    snippet = row[LANG_COLUMNS[lang]]
    text = info["texts"].get(lang)
    assert text, f"{row['id']}: no {lang} text in the graph"
    assert collapse(snippet) in collapse(text), (
        f"{row['id']} {lang}: snippet not in the graph's text\n  snippet: {snippet}\n  text:    {collapse(text)[:600]}")


@pytest.mark.parametrize("row,lang", snippet_params())
def test_snippet_in_source_span(provision, row, lang):
    info = provision(row["id"])
    snippet = row[LANG_COLUMNS[lang]]
    span = info["source"].get(lang)
    assert span, f"{row['id']}: no {lang} source span in the graph"
    lines = (ROOT / span["file"]).read_text(encoding="utf-8").split("\n")
    assert 1 <= span["first_line"] <= span["last_line"] <= len(lines), f"{row['id']} {lang}: bad span {span}"
    chunk = lines[span["first_line"] - 1:span["last_line"]]
    if lang == "zh-Hant":
        chunk = [normalise_hant(line) for line in chunk]
    joined = "".join(collapse(line) for line in chunk)
    if lang == "zh-Hant":
        joined = normalise_hant(joined)
    assert collapse(snippet) in joined, (
        f"{row['id']} {lang}: snippet not within {span['file']} lines {span['first_line']}-{span['last_line']}\n"
        f"  snippet: {snippet}")


@pytest.mark.parametrize("row", row_params())
def test_english_refs(provision, row):
    info = provision(row["id"])
    got = {c["provision"] for c in info["cites"] if "en" in c["langs"]}
    want = split_set(row["refs"])
    assert got == want, (f"{row['id']}: English cites {sorted(got)}, table says {sorted(want)} "
                         f"(missing {sorted(want - got)}, extra {sorted(got - want)})")


@pytest.mark.parametrize("row", row_params())
def test_english_strength(provision, row):
    info = provision(row["id"])
    got = {t["level"] for t in info["strength"] if t["lang"] == "en" and t["level"] != "does"}
    want = split_set(row["strength"])
    assert got == want, (f"{row['id']}: English strength {sorted(got)}, table says {sorted(want)} "
                         f"(missing {sorted(want - got)}, extra {sorted(got - want)})")
