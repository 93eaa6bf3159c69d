"""Hostile input for the chat (issues 11 and 15, part 3), property-based: the library behind the Ask
page (query/ask/router.py `route`, query/ask/answers.py `answer`, `ruling` for quick replies and
edited facts), on messages of any size and script: empty, 1 MB, lone surrogates, U+2028, control
characters, right-to-left text, emoji, SPARQL-like and HTML/markdown-injection text, and quick
replies (`answers`) and fact edits (`facts`) with hostile values.

The contract, as the page relies on it: a turn either gives an answer that is strict JSON on one
line (query.inputs.dumps) with a known kind, or raises BadInput with one non-empty line (the page
shows it; AskError's key names a label that exists); any other exception is a bug (the page would
show "KeyError: ..."). There is no `ask` command: the page is the only caller.

Bounded in ./test.sh (HOSTILE_EXAMPLES); `--long` runs LONG_EXAMPLES (tests/query/cli/hostile.py).
"""
from __future__ import annotations

import csv
import time

import pytest
from hypothesis import given, strategies as st

from query import inputs
from query.inputs import quote
from query.ask import answers
from query.ask.router import KINDS, MAX_MESSAGE, AskError, route
from query.errors import BadInput
from tests.query.cli.hostile import (ROOT, SEEDS, budget, count, hostile_text, json_values, mutated,
                                     print_counts)

CHAT = ["", " ", "x" * 1_000_000, "西" * (MAX_MESSAGE + 1), "a" * MAX_MESSAGE, "\u2028", "27B2\u2028", "\x00\x01\x1f\x7f",
        "مرحبا، ما هو القانون 27؟", "\u202eWest bid 1H over North's 1S", "שלום 27B2", "\u200f27B2\u200e",
        "🃏🂡♠️ 4♠X vul 10 tricks 🎉", "👨‍👩‍👧 revoke", "SELECT * WHERE { ?s ?p ?o }", "27B2' } ; DROP ALL ; #",
        "ccba2018:21' } UNION { ?s ?p ?o", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))", "**bold** _it_ `code` # head\n\n| a | b |", "{{7*7}} ${7*7} %s %n",
        "27B2", "Law 27 B 2", "ccba2018:21", "twreg:82", "wbf1987:27B", "4♠X vul 10 tricks", "3NT nv down 2",
        "7NTXX vul down 13", "1C 99999999999999999999 tricks", "4S vul down 99999", "IMPs for 430",
        "IMPs for 99999999999999999999999", "-430 IMPs", "430分几个IMP", "20 IMPs over 16 boards",
        "20 IMPs over 0 boards", "999 IMPs over 999 boards", "20 IMP 16副 几个胜分", "a team 12 minutes late under CCBA 21",
        "a team -5 minutes late under CCBA 21", "a team 1e400 minutes late", "a team 99999999999999999999 minutes late",
        "团体赛迟到12分钟，计IMP", "雙人賽超時7分鐘", "雙人賽超時七分鐘", "can an insufficient bid be accepted?",
        "對手叫價不足可以接受嗎", "什么是明手"]


def _seed_messages() -> list[str]:
    with open(ROOT / "tests" / "data" / "search_queries.tsv", encoding="utf-8") as f:
        rows = list(csv.reader(f, delimiter="\t"))
    return SEEDS["text"] + [r[0] for r in rows[1:40] if r]


SEED_MESSAGES = _seed_messages()
RTL_EMOJI = st.characters(codec="utf-8", categories=["L", "N", "P", "S", "Z", "Cc", "Cf", "Mn"])


def messages() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(CHAT), st.sampled_from(SEED_MESSAGES), st.sampled_from(SEED_MESSAGES),
        mutated(SEED_MESSAGES + CHAT[20:]), hostile_text(), st.text(RTL_EMOJI, max_size=60),
        st.builds(lambda a, b: a + b, st.sampled_from(SEED_MESSAGES), st.sampled_from(CHAT[8:22])),
    )


FORCE = [None] * 8 + ["ruling", "search", "provision", "", "RULING"]
FACT_VALUES = json_values(1) | st.sampled_from([True, False, None, 10**30, 10**5000, -1, 1.5, float("nan"), float("inf"), "N",
                                                "declarer", "defender", "dummy", "", "\u2028", "\ud800", [], {}])


@pytest.fixture(scope="module", autouse=True)
def _warm():
    answers.warm()
    yield
    print_counts(["ask", "ask-reply"])


def one_line_refusal(e: BaseException, what) -> None:
    assert isinstance(e, BadInput), (what, repr(e))
    message = str(e)
    assert message.strip() and "\n" not in message and "\r" not in message, (what, message)
    inputs.dumps({"error": message})                              # no lone surrogate in it
    if isinstance(e, AskError):
        from app.components.labels import t
        for lang in ("en", "zh-Hant", "zh-Hans"):
            shown = t(f"ask.err.{e.key}", lang, **e.values)
            assert shown and f"ask.err.{e.key}" not in shown, (what, e.key)


def answered(a, what) -> dict:
    assert isinstance(a, dict) and a.get("kind") in KINDS, (what, a)
    line = inputs.dumps(a)                                      # strict JSON: no NaN, no lone surrogate
    assert "\n" not in line, what
    return a


def turn(fn, what) -> dict | None:
    try:
        return answered(fn(), what)
    except Exception as e:                  # noqa: BLE001 -- anything but a one-line BadInput is a bug
        one_line_refusal(e, what)
        return None


def test_chat_message_keeps_the_contract(request):
    g = answers.graph()

    @budget(request)
    @given(message=messages(), force=st.sampled_from(FORCE))
    def example(message, force):
        started = time.perf_counter()
        what = (message[:300], force)
        try:
            r = route(message, force)
        except Exception as e:              # noqa: BLE001
            one_line_refusal(e, what)
            count("ask", False, seconds=time.perf_counter() - started)
            return
        inputs.dumps(r)
        assert r["kind"] in KINDS and len(r["text"]) <= MAX_MESSAGE and r["text"] == r["text"].strip(), (what, r)
        assert not any(c in r["text"] for c in "\n\r\u2028\u2029\x85"), (what, r)
        a = turn(lambda: answers.answer(g, r), what)
        count("ask", a is not None, seconds=time.perf_counter() - started)

    example()


def test_chat_quick_replies_and_edits_keep_the_contract(request):
    """A ruling's quick replies (answers to its missing facts) and its fact chips (edited facts), with
    the offered values and with hostile facts and values."""
    g = answers.graph()
    stories = [m for m in SEED_MESSAGES if route(m)["kind"] == "ruling"]

    @budget(request)
    @given(data=st.data())
    def example(data):
        started = time.perf_counter()
        story = data.draw(st.sampled_from(stories) | mutated(stories), label="story")
        r = turn(lambda: answers.answer(g, route(story)), story)
        if r is None or r["kind"] != "ruling":
            count("ask-reply", False, seconds=time.perf_counter() - started)
            return
        missing = r.get("missing") or []
        facts = dict((r.get("understood") or {}).get("facts") or {})
        offered = [(m["fact"], o["value"]) for m in missing for o in m["options"]]
        fact = data.draw(st.sampled_from([m["fact"] for m in missing] + list(facts) + ["accepted", "offender"])
                         | hostile_text(), label="fact")
        offered_value = st.sampled_from(offered or [(fact, True)]).map(lambda fv: fv[1])
        value = data.draw(st.integers(0, 2).flatmap(lambda k: offered_value if k else FACT_VALUES), label="value")
        how = data.draw(st.sampled_from(["reply", "edit", "remove"]), label="how")
        what = (story, how, fact, quote(value, 200))
        if how == "reply":
            got = turn(lambda: answers.ruling(g, story, r["lang"], answers={**r.get("answers", {}), fact: value}), what)
        elif how == "edit":
            got = turn(lambda: answers.ruling(g, story, r["lang"], facts={**facts, fact: value}), what)
        else:
            got = turn(lambda: answers.ruling(g, story, r["lang"], facts={k: v for k, v in facts.items() if k != fact}),
                       what)
        count("ask-reply", got is not None, seconds=time.perf_counter() - started)

    example()

