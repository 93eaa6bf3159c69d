"""Hostile input for the quiz options (issues 12 and 15, part 3), property-based: the library the Quiz
page and `python -m query quiz` share (query/quiz/select.py `build`, query/quiz/exports `export`),
on hostile option values: laws, topics and types of every type and size, counts and seeds that are
huge, negative, floats, booleans or text, unknown languages and formats. (The command itself is
already under tests/query/cli/test_hostile_input.py, as every command is.)

The contract: `build` gives exactly `count` questions, each strict JSON (query.inputs.dumps) with
its key among its options and no two options alike, the same questions for the same seed; or it
raises BadInput with one non-empty line. `export` gives bytes in its format (UTF-8 for the text
formats) or BadInput. Anything else is a bug.

Bounded in ./test.sh (HOSTILE_EXAMPLES); `--long` runs LONG_EXAMPLES (tests/query/cli/hostile.py).
"""
from __future__ import annotations

import time

import pytest
from hypothesis import given, strategies as st

from query import inputs
from query.errors import BadInput
from query.graph import shared
from query.quiz.exports import FORMATS, export
from query.quiz.item import LANGS
from query.quiz.select import TYPES, build, topics
from tests.query.cli.hostile import budget, count, hostile_text, print_counts

ODD = [None, True, False, 1.5, float("nan"), float("inf"), -1, 0, 10**30, 10**5000, -(10**30), "27", "", [], {}, b"27", "٢٧"]


def some(real: list) -> st.SearchStrategy:
    """A list of option values: real ones (three times in four), else hostile; sometimes not a list."""
    value = st.one_of(st.sampled_from(real), st.sampled_from(ODD), hostile_text())
    return weighted(st.one_of(st.just([]), st.lists(st.sampled_from(real), max_size=2)), 3,
                    st.lists(value, max_size=4) | st.sampled_from([None, "27", 27, (27, 64), {"27": 1}]))


def whole_numbers(lo: int, hi: int) -> st.SearchStrategy:
    return weighted(st.integers(lo, hi), 6, st.one_of(st.integers(-(10**40), 10**40), st.sampled_from(ODD), hostile_text()))


def weighted(good: st.SearchStrategy, times: int, bad: st.SearchStrategy) -> st.SearchStrategy:
    """`good` `times` times as often as `bad` (one_of counts a strategy given twice once)."""
    return st.integers(0, times).flatmap(lambda k: good if k < times else bad)


def mostly(real: list) -> st.SearchStrategy:
    """One of `real` six times in seven, else hostile."""
    return weighted(st.sampled_from(real), 6, st.sampled_from(ODD) | hostile_text())


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    print_counts(["quiz-options", "quiz-export"])


def refused(e: BaseException, what) -> None:
    assert isinstance(e, BadInput), (what, repr(e))
    assert str(e).strip() and "\n" not in str(e), (what, str(e))
    inputs.dumps({"error": str(e)})


def test_quiz_options_keep_the_contract(request):
    g = shared()
    laws = list(range(1, 94)) + [0, 94, 27, 64, 12, 16]
    known_topics = topics(g)

    @budget(request)
    @given(laws=some(laws), topic_list=some(known_topics), types=some(list(TYPES)),
           n=whole_numbers(1, 12), lang=mostly(list(LANGS)),
           seed=whole_numbers(0, 10**6), fmt=mostly(["json", "gift", "moodle-xml", "html", "csv"] * 8 + ["apkg", "pdf"]))
    def example(laws, topic_list, types, n, lang, seed, fmt):
        what = (laws, topic_list, types, n, lang, seed)
        started = time.perf_counter()
        try:
            questions = build(g, laws=laws, topic_list=topic_list, types=types, count=n, lang=lang, seed=seed)
        except Exception as e:           # noqa: BLE001 -- anything but a one-line BadInput is a bug
            refused(e, what)
            count("quiz-options", False, seconds=time.perf_counter() - started)
            return
        assert len(questions) == n, what
        for q in questions:
            j = q.to_json()
            inputs.dumps(j)
            assert 0 <= j["answer"] < len(j["options"]) and len(set(j["options"])) == len(j["options"]), (what, j)
            assert j["lang"] == lang and j["citations"], (what, j)
        assert [q.id for q in build(g, laws=laws, topic_list=topic_list, types=types, count=n, lang=lang, seed=seed)] \
            == [q.id for q in questions], ("the same seed gave another quiz", what)
        count("quiz-options", True, seconds=time.perf_counter() - started)
        started = time.perf_counter()
        try:
            data = export(questions, fmt, lang)
        except Exception as e:           # noqa: BLE001
            refused(e, (what, fmt))
            count("quiz-export", False, seconds=time.perf_counter() - started)
            return
        assert fmt in FORMATS and isinstance(data, bytes) and data, (what, fmt)
        if fmt not in ("apkg", "pdf"):
            data.decode("utf-8")
        count("quiz-export", True, seconds=time.perf_counter() - started)

    example()
