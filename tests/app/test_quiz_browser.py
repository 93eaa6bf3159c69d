"""The Quiz page in headless Chromium: an examiner builds a quiz for Law 27 and downloads it
(GIFT and the Anki deck), a trainee takes it, is graded and sees the per-topic summary;
screenshots in the three languages and at 390 px (tests/artifacts/quiz-*.png)."""
from __future__ import annotations

import json
import zipfile

from playwright.sync_api import expect

from query.graph import shared
from query.quiz.select import build
from tests.app.conftest import ARTIFACTS, LOAD_TIMEOUT_MS
from tests.app.conftest import no_exception, shot


def _open(page, app_url, lang_label: str | None = None, direct: bool = False):
    if direct:                              # at 390 px the sidebar is folded away: open the page's URL
        page.goto(app_url + "/quiz")
    else:
        page.goto(app_url)
        page.locator('[data-testid="stSidebarNav"] a').filter(has_text="Quiz").click(timeout=LOAD_TIMEOUT_MS)
    page.get_by_role("tab").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    if lang_label:
        page.get_by_text(lang_label, exact=True).click()


def _build(page, count: int = 5, law_label: str = "Law 27", seed: int | None = None):
    page.locator("[data-testid=\"stMain\"]").get_by_role("combobox").first.click()   # the sidebar has the language box
    page.keyboard.type(law_label.split()[-1])
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    box = page.locator('input[type="number"]').first
    box.fill(str(count))
    box.press("Enter")
    page.get_by_role("button", name=page.locator('[data-testid="stBaseButton-primary"]').first.inner_text()).click()


def test_build_take_download(page, app_url):
    _open(page, app_url)
    _build(page)
    expect(page.get_by_text("5 questions built.")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_text("Preview with keys")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    with page.expect_download() as dl:
        page.get_by_role("button", name="Moodle GIFT").click()
    gift = dl.value.path().read_text(encoding="utf-8")
    assert gift.count("::") >= 10 and "$CATEGORY" in gift
    with page.expect_download() as dl:
        page.get_by_role("button", name="Anki deck (.apkg)").click()
    assert "collection.anki2" in zipfile.ZipFile(dl.value.path()).namelist()
    with page.expect_download() as dl:
        page.get_by_role("button", name="JSON").click()
    questions = json.loads(dl.value.path().read_text(encoding="utf-8"))["questions"]
    assert len(questions) == 5 and all(27 in q["tags"]["laws"] for q in questions)
    shot(page, "quiz-build-en")
    # the same quiz, built by the library with the page's settings (law 27, 5 questions, seed 1)
    expected = build(shared(), laws=[27], count=5, lang="en", seed=1)
    assert [q["id"] for q in questions] == [q.id for q in expected]

    page.get_by_role("tab", name="Take (self-test)").click()
    radios = page.locator('[data-testid="stRadio"]').filter(has_text="A. ")
    for i in range(5):                      # answer A everywhere
        radios.nth(i).locator("label").filter(has_text="A. ").first.click()
    page.get_by_role("button", name="Submit my answers").click()
    right = sum(1 for q in expected if q.answer == 0)
    expect(page.get_by_text(f"Score: {right} of 5")).to_be_visible()
    expect(page.get_by_text("By topic")).to_be_visible()
    if right < 5:
        expect(page.get_by_text("Study again:")).to_be_visible()
    no_exception(page)
    shot(page, "quiz-take-en")


def test_quiz_in_chinese_and_narrow(page, app_url):
    for label, lang, built, preview in (("繁體中文", "zh-Hant", "已產生 4 題。", "預覽(含答案)"),
                                        ("简体中文", "zh-Hans", "已生成 4 道题。", "预览（含答案）")):
        _open(page, app_url, label)
        _build(page, count=4)
        expect(page.get_by_text(built)).to_be_visible(timeout=LOAD_TIMEOUT_MS)
        expect(page.get_by_text(preview)).to_be_visible(timeout=LOAD_TIMEOUT_MS)
        page.locator('[data-testid="stExpander"] summary').first.click()      # open one question
        no_exception(page)
        shot(page, f"quiz-build-{lang}")
    page.set_viewport_size({"width": 390, "height": 1400})
    _open(page, app_url, direct=True)
    _build(page, count=3)
    expect(page.get_by_text("3 questions built.")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_text("Preview with keys")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    no_exception(page)
    shot(page, "quiz-build-390")
    assert (ARTIFACTS / "quiz-build-390.png").exists()
