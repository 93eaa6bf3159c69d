"""The law browser in a real headless Chromium (Playwright, Debian's /usr/bin/chromium).

A session fixture serves app/streamlit_app.py on a free port; the tests type ids, follow a
reference, open a `?p=` link and type a bad id, and save screenshots to tests/artifacts/.
"""
from __future__ import annotations

import re
import time

import pytest

from tests.app.conftest import LOAD_TIMEOUT_MS
from tests.app.conftest import no_exception as _no_exception
from tests.app.conftest import shot as _shot


EN_27B2 = "offender's partner must pass whenever it is his turn to call"
HANT_27B2 = "務必永遠派司"
HANS_27B2 = "必须永远不叫"
EN_26B = "not replaced by a comparable call"


def _open(page, url: str) -> None:
    """Open the app and wait for the picker; fail with the app's own message if it shows an error instead."""
    page.goto(url)
    picker = page.locator(".st-key-pid_input input")
    failed = page.locator('[data-testid="stAlertContentError"], [data-testid="stException"]')
    deadline = time.monotonic() + LOAD_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        if picker.count():
            return
        if failed.count():
            _shot(page, "load_failure")
            pytest.fail("the app showed an error instead of the provision picker:\n" + failed.first.inner_text())
        page.wait_for_timeout(250)
    _shot(page, "load_failure")
    pytest.fail(f"the app did not show the provision picker within {LOAD_TIMEOUT_MS // 1000} s")


def _button(page, key: str):
    """The visible button of a keyed st.button (Streamlit also renders a hidden copy to measure it)."""
    return page.locator(f".st-key-{key} button").filter(visible=True)


def _type_id(page, raw: str) -> None:
    box = page.locator(".st-key-pid_input input")
    box.fill(raw)
    box.press("Enter")


def test_read_27B2_and_follow_reference_to_26B(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url + "/laws")     # the app opens on the chat (issue 11); the Laws page is /laws
    _type_id(page, "27b2")          # lower case on purpose: the app normalises it

    en, hant, hans = (page.get_by_test_id(f"text-{lang}") for lang in ("en", "zh-Hant", "zh-Hans"))
    expect(en).to_contain_text(EN_27B2)
    expect(hant).to_contain_text(HANT_27B2)
    expect(hans).to_contain_text(HANS_27B2)
    expect(page.get_by_test_id("provision-id")).to_have_text("Law 27B2")
    expect(page.locator(".st-key-pid_input input")).to_have_value("27B2")
    expect(page).to_have_url(re.compile(r"[?&]p=27B2(&|$)"))

    # strength words highlighted, coloured by level, in each language
    expect(en.locator('mark.sw[data-level="must"]')).to_have_text("must")
    expect(hant.locator('mark.sw[data-level="must"]')).to_have_text("務必")
    expect(hans.locator('mark.sw[data-level="must"]')).to_have_text("必须")
    expect(page.get_by_test_id("strength-legend")).to_be_visible()
    # 27B2's "Law 26B may apply" is a possibility, not a permission (docs/translation-report.md, round 5),
    # so its "may" is not marked: compare the "must" in the text with the legend's "may" chip
    must_bg = en.locator('mark.sw[data-level="must"]').evaluate("e => getComputedStyle(e).backgroundColor")
    may_bg = page.get_by_test_id("strength-legend").locator("mark.sw-may").evaluate("e => getComputedStyle(e).backgroundColor")
    assert must_bg != may_bg, "must and may should be highlighted in different colours"

    # the reference out to 26B, with its type
    ref = _button(page, "ref-out-26B")
    expect(ref).to_contain_text("26B")
    expect(ref).to_contain_text("may apply")
    _no_exception(page)
    _shot(page, "27B2")

    ref.click()
    expect(page.get_by_test_id("provision-id")).to_have_text("Law 26B")
    expect(page.get_by_test_id("text-en")).to_contain_text(EN_26B)
    expect(page).to_have_url(re.compile(r"[?&]p=26B(&|$)"))
    expect(page.locator(".st-key-pid_input input")).to_have_value("26B")
    # "Referenced by" on 26B lists 27B2 (or at least some provision of Law 27)
    back = page.locator('[class*="st-key-ref-in-27"] button').filter(visible=True)
    expect(back.first).to_be_visible()
    expect(_button(page, "ref-in-27B2")).to_have_count(1)
    _no_exception(page)
    _shot(page, "26B")

    # and back again through "Referenced by"
    _button(page, "ref-in-27B2").click()
    expect(page.get_by_test_id("text-en")).to_contain_text(EN_27B2)


def test_link_to_law_73_shows_different_states(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url + "/?p=73")
    expect(page.get_by_test_id("provision-id")).to_have_text("Law 73", timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_test_id("state-en")).to_have_text("2024 revision")
    expect(page.get_by_test_id("state-zh-Hant")).to_have_text("2024 revision")
    expect(page.get_by_test_id("state-zh-Hans")).to_have_text("2017 original")
    expect(page.locator(".st-key-pid_input input")).to_have_value("73")
    _no_exception(page)
    _shot(page, "73")


def test_selectbox_navigates(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url + "/?p=27B2")
    expect(page.get_by_test_id("text-en")).to_contain_text(EN_27B2, timeout=LOAD_TIMEOUT_MS)
    page.locator(".st-key-pid_select").click()
    page.keyboard.type("26B")
    page.get_by_role("option").filter(has_text=re.compile(r"^26B( —|$)")).first.click()
    expect(page.get_by_test_id("text-en")).to_contain_text(EN_26B)
    expect(page.locator(".st-key-pid_input input")).to_have_value("26B")
    expect(page).to_have_url(re.compile(r"[?&]p=26B(&|$)"))


def test_bad_id_shows_a_clear_error(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url + "/?p=27B2")
    expect(page.get_by_test_id("text-en")).to_contain_text(EN_27B2, timeout=LOAD_TIMEOUT_MS)
    _type_id(page, "99Z")
    alert = page.locator('[data-testid="stAlertContentError"]').filter(has_text="99Z")
    expect(alert).to_contain_text("unknown provision id")
    expect(page.get_by_test_id("text-en")).to_have_count(0)
    _no_exception(page)
    _shot(page, "bad_id")


# --- search (issue 4) -------------------------------------------------------------------------

def _open_search(page) -> None:
    """The search folds into one line above the browser (issue 16: the law text first on a phone)."""
    page.locator(".st-key-search-fold summary").click()

def test_search_in_chinese_and_open_a_hit(page, app_url):
    """Type a Traditional Chinese question, see the provision in Traditional Chinese with the other
    languages one click away, and open it in the law browser."""
    from playwright.sync_api import expect
    _open(page, app_url + "/?p=1A")
    _open_search(page)
    box = page.locator(".st-key-search_q input")
    expect(box).to_be_visible()
    box.fill("對手叫價不足可以接受嗎")
    box.press("Enter")
    hit = page.get_by_test_id("search-hit-wbf2017-27A1")
    expect(hit).to_be_visible(timeout=LOAD_TIMEOUT_MS)          # the first search loads the index
    expect(hit).to_contain_text("Law 27A1")
    expect(hit.get_by_test_id("search-hit-text")).to_contain_text("不足叫價")   # shown in the question's language
    # the question card it matched, marked as a search aid, in the question's language
    asked = hit.get_by_test_id("search-hit-asked")
    expect(asked).to_contain_text("Answers questions like")
    expect(asked).to_have_attribute("lang", "zh-Hant")
    expect(asked).to_have_attribute("title", re.compile("not law text"))
    # the other languages, one click away
    page.locator(".st-key-search-langs-wbf2017-27A1 summary").click()
    expect(page.locator(".st-key-search-langs-wbf2017-27A1")).to_contain_text("Any insufficient bid may be accepted")
    _no_exception(page)
    _shot(page, "search_zh_hant")

    _button(page, "search-open-wbf2017-27A1").click()
    expect(page.get_by_test_id("provision-id")).to_have_text("Law 27A1")
    expect(page.get_by_test_id("text-en")).to_contain_text("Any insufficient bid may be accepted")
    expect(page).to_have_url(re.compile(r"[?&]p=27A1(&|$)"))
    _no_exception(page)
    _shot(page, "search_opened")


def test_search_bad_input_is_one_line(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url + "/?p=1A")
    _open_search(page)
    box = page.locator(".st-key-search_q input")
    box.fill("？？？")
    box.press("Enter")
    expect(page.locator('[data-testid="stAlertContentWarning"]')).to_contain_text("no words to search for")
    _no_exception(page)
