"""The Ask page (issue 11) in headless Chromium: whole conversations in English, Traditional and
Simplified Chinese, on the app served once per session (tests/app/conftest.py).

- scenario -> ruling -> quick replies -> the updated ruling (27B2, with Law 72C as a question for
  the Director), in all three languages;
- question -> hits -> open a law on the Laws page -> back to the conversation, which is still there;
- a score (Law 77), IMPs (78B), a schedule row (CCBA 2018 article 21);
- a message that cannot be read and one that matches nothing: one clear line, the conversation kept.
Screenshots (desktop and a 390 px phone) go to tests/artifacts/.
"""
from __future__ import annotations

import re

import pytest

from tests.app.conftest import LOAD_TIMEOUT_MS, no_exception, shot

CHAT = '[data-testid="stChatMessage"]'


def _open(page, url: str) -> None:
    page.goto(url)
    page.locator('[data-testid="stChatInput"] textarea').wait_for(timeout=LOAD_TIMEOUT_MS)


def _answered(page, n: int) -> None:
    """Wait for two more chat messages (the user's and the answer) and the end of the script run."""
    page.wait_for_function(
        f"document.querySelectorAll('{CHAT}').length >= {n + 2} && "
        "document.querySelector('[data-testid=stApp]').dataset.testScriptState !== 'running'",
        timeout=LOAD_TIMEOUT_MS)
    page.wait_for_timeout(100)


def _say(page, text: str) -> None:
    """Type a message and wait for its answer."""
    n = page.locator(CHAT).count()
    box = page.locator('[data-testid="stChatInput"] textarea')
    box.fill(text)
    box.press("Enter")
    _answered(page, n)


def _click(page, locator) -> None:
    """Click something that appends a turn and wait for the answer."""
    n = page.locator(CHAT).count()
    locator.click()
    _answered(page, n)


def _last(page):
    return page.locator(CHAT).last


SCENARIOS = [
    ("en", "West bid 1♥ over North's 1♠, South did not accept it", "Ask the Laws", "pass", "no",
     "East must pass", "The steps, in order"),
    ("zh-Hant", "西家在北家1♠之後叫1♥，叫價不足，南家不接受", "向規則提問", "派司", "否", "派司", "裁決步驟（依序）"),
    ("zh-Hans", "西家在北家1♠之后叫1♥，叫牌不足，南家不接受", "向规则提问", "不叫", "否", "不叫", "裁决步骤（依序）"),
]


@pytest.mark.parametrize("lang,scenario,title,pass_label,no_label,conclusion_word,steps_head", SCENARIOS,
                         ids=[s[0] for s in SCENARIOS])
def test_scenario_ruling_quick_replies_updated_ruling(page, app_url, lang, scenario, title, pass_label, no_label,
                                                      conclusion_word, steps_head):
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, scenario)
    answer = _last(page)
    expect(answer.get_by_test_id("read-as")).to_have_attribute("data-kind", "ruling")
    expect(page.locator("h1")).to_have_text(title)          # the interface follows the message's language
    expect(answer).to_contain_text(steps_head)
    expect(answer.locator('[data-testid="stPageLink"]', has_text="27B").first).to_be_visible()
    expect(answer.locator('mark.sw[data-level="must"]').first).to_be_visible()
    expect(answer.locator('[class*="st-key-chip-"]').first).to_be_visible()   # fact chips
    expect(answer.get_by_test_id("missing-replacement_type")).to_be_visible()
    expect(answer.locator('[data-testid="stPageLink"]', has_text="27B2")).to_have_count(0)

    # quick reply: replaced by a pass -> the ruling asks whether the pass is comparable
    _click(page, answer.locator('[class*="st-key-replies-"] button', has_text=re.compile(f"^{pass_label}$")))
    answer = _last(page)
    expect(answer.get_by_test_id("missing-replacement_comparable")).to_be_visible()
    # quick reply: not comparable -> 27B2, partner passes throughout; 72C is a question for the Director
    _click(page, answer.locator('[class*="st-key-replies-"] button', has_text=re.compile(f"^{no_label}$")))
    answer = _last(page)
    expect(answer.locator('[data-testid="stPageLink"]', has_text="27B2")).to_be_visible()
    expect(answer.get_by_test_id("rect-PartnerMustPassThroughout")).to_be_visible()
    expect(answer.get_by_test_id("step-conclusion").filter(has_text=conclusion_word).first).to_be_visible()
    expect(answer.get_by_test_id("judgement").filter(has_text="72C")).to_be_visible()
    # the conversation keeps all three rulings
    assert page.get_by_test_id("read-as").count() == 3
    no_exception(page)
    shot(page, f"ask_ruling_{lang}")
    page.set_viewport_size({"width": 390, "height": 900})
    shot(page, f"ask_ruling_{lang}_phone")


TYPED = [
    ("en", "West bid 1♥ over North's 1♠.", "South did not accept it", "pass", "Read as your answer"),
    ("zh-Hant", "北開叫1♠，東叫1♥。", "南不接受", "派司", "視為對上一個問題的回答"),
]


@pytest.mark.parametrize("lang,story,typed,typed_again,read_as", TYPED, ids=[t[0] for t in TYPED])
def test_a_typed_answer_continues_the_ruling(page, app_url, lang, story, typed, typed_again, read_as):
    """A director types the answer instead of clicking it: more of the story ("South did not accept it"),
    then a bare answer, one of the options of the next question (the replacement: "pass", 派司)."""
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, story)
    expect(_last(page).get_by_test_id("missing-accepted")).to_be_visible()
    _say(page, typed)
    answer = _last(page)
    expect(answer.get_by_test_id("read-as")).to_have_attribute("data-kind", "followup")
    expect(answer.get_by_test_id("read-as")).to_contain_text(read_as)
    expect(answer.get_by_test_id("missing-replacement_type")).to_be_visible()
    expect(answer.locator('[data-testid="stPageLink"]', has_text="27B").first).to_be_visible()
    _say(page, typed_again)
    answer = _last(page)
    expect(answer.get_by_test_id("read-as")).to_have_attribute("data-kind", "followup")
    expect(answer.get_by_test_id("missing-accepted")).to_have_count(0)
    expect(answer.get_by_test_id("missing-replacement_type")).to_have_count(0)
    no_exception(page)
    shot(page, f"ask_typed_answer_{lang}")


def test_an_untold_irregularity_is_chosen_from_the_likeliest_or_from_the_rest(page, app_url):
    """Nothing in the story names the irregularity: the reader offers every kind, the likeliest first; the chat
    shows a few as buttons and the rest in a select, and a choice there rules again on that kind."""
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, "Something odd happened at table 4 with East, please help.")
    answer = _last(page)
    expect(answer.get_by_test_id("missing-irregularity")).to_be_visible()
    expect(answer.locator('[class*="st-key-replies-"] button')).to_have_count(4)
    answer.locator('[class*="st-key-reply-"][class*="-irregularity-other"]').click()
    option = page.get_by_role("option").first
    label = option.inner_text().strip()
    _click(page, option)
    assert page.locator(CHAT).nth(-2).inner_text().strip().endswith(label)     # the reply, as the director chose it
    expect(_last(page).get_by_test_id("missing-irregularity")).to_have_count(0)
    no_exception(page)
    shot(page, "ask_irregularity_other_en")


def test_change_a_fact_chip_reruns_the_ruling(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, "West bid 1♥ over North's 1♠, South did not accept it")
    answer = _last(page)
    assert "27A1" in answer.inner_text()
    # accepted: no -> yes; an accepted insufficient bid is legal and the auction goes on (27A1)
    answer.locator('[class*="st-key-chip-"][class*="-accepted"] button').first.click()
    pop = page.locator('[data-testid="stPopoverBody"]')
    pop.locator('[data-testid="stSelectbox"]').click()
    page.get_by_role("option", name="yes").click()
    _click(page, pop.locator('button', has_text="Apply"))
    answer = _last(page)
    expect(answer.locator('[class*="st-key-chip-"][class*="-accepted"]')).to_contain_text("accepted: yes")
    assert "27B" not in [s.inner_text().split()[-1] for s in answer.locator('[data-testid="stPageLink"]').all()]
    expect(page.get_by_test_id("user-message").last).to_contain_text("Changed accepted: yes")
    no_exception(page)


def test_question_hits_open_law_and_back(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, "can an insufficient bid be accepted?")
    answer = _last(page)
    expect(answer.get_by_test_id("read-as")).to_have_attribute("data-kind", "search")
    link = answer.get_by_role("link", name="Law 27A1", exact=True)
    expect(link).to_be_visible()
    # the other languages one click away
    hit = answer.locator('[class*="st-key-hit-"]', has=page.get_by_role("link", name="Law 27A1", exact=True))
    hit.locator("summary").click()
    expect(hit).to_contain_text("不足")
    no_exception(page)
    shot(page, "ask_search_en")
    link.click()
    expect(page.get_by_test_id("provision-id")).to_have_text("Law 27A1", timeout=LOAD_TIMEOUT_MS)
    expect(page).to_have_url(re.compile(r"/laws\?p=27A1"))
    # back to the conversation: it is still there
    page.locator('[data-testid="stSidebarNav"] a', has_text="Ask").click()
    expect(page.get_by_test_id("user-message")).to_have_text("can an insufficient bid be accepted?")
    expect(page.get_by_test_id("read-as")).to_have_count(1)
    no_exception(page)


def test_score_imps_schedule_and_switch_language(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, "4♠加倍有局做成10墩")
    expect(page.locator("h1")).to_have_text("向规则提问")
    expect(_last(page).get_by_test_id("score")).to_contain_text("+790")
    expect(_last(page).get_by_test_id("breakdown")).to_contain_text("+500")
    _say(page, "430分幾個IMP")
    expect(page.locator("h1")).to_have_text("向規則提問")
    # the language select's own choice follows the interface too (regression: it stayed "Follow my messages")
    expect(page.locator('[class*="st-key-ask_lang_"] input')).to_have_value("跟隨我的訊息")
    expect(_last(page).get_by_test_id("imps")).to_contain_text("430 分 = 10 IMP")
    # the language can be switched by hand: labels and the next answers follow it
    page.evaluate("() => document.querySelectorAll('[data-testid=stMain], [data-testid=stAppScrollToBottomContainer]')"
                  ".forEach(e => e.scrollTo(0, 0))")       # the selector sits under the app's fixed header otherwise
    page.locator('[class*="st-key-ask_lang_"]').get_by_role("combobox").click()
    page.get_by_role("option", name="English").click()
    expect(page.locator("h1")).to_have_text("Ask the Laws")
    expect(page.get_by_test_id("read-as").first).to_contain_text("the score (Law 77)")
    _say(page, "a team 12 minutes late under CCBA 21")
    answer = _last(page)
    expect(answer.get_by_test_id("schedule")).to_contain_text("12 minutes — row 3")
    expect(answer.get_by_test_id("schedule-row")).to_contain_text("扣 2VP")
    expect(answer).to_contain_text("ccba2018:21-1(1)")
    # the other schedule of the article, one click away
    _click(page, answer.locator('[class*="st-key-alt-"] button', has_text="IMP scoring"))
    expect(_last(page).get_by_test_id("schedule")).to_contain_text("Late arrival, teams, IMP scoring")
    # Taiwan 11 has two variants (VP match, knockout): the answer names the one it used, and says it assumed it
    _say(page, "a Taiwan team 12 minutes late")
    answer = _last(page)
    expect(answer.get_by_test_id("schedule-row")).to_contain_text("罰1勝分")
    expect(answer).to_contain_text("Scored in victory points")
    expect(answer).to_contain_text("VP scoring")
    no_exception(page)
    shot(page, "ask_scores")
    page.set_viewport_size({"width": 390, "height": 900})
    shot(page, "ask_scores_phone")


def test_the_sidebar_language_survives_a_message_sent_at_once_and_can_be_changed(page, app_url):
    # regression: a message sent while the first run was still loading reset the sidebar language (a
    # widget keyed "lang") to English on a fresh server
    from playwright.sync_api import expect
    page.goto(app_url + "/?lang=zh-Hant")
    box = page.locator('[data-testid="stChatInput"] textarea')
    box.wait_for(timeout=LOAD_TIMEOUT_MS)
    box.fill("叫價不足可以接受嗎？")
    box.press("Enter")
    _answered(page, 0)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_contain_text("翻譯檢查")          # the pages' names in the language chosen by ?lang=
    sidebar.locator(".st-key-lang_choice").get_by_role("combobox").click()
    page.get_by_role("option", name="English").click()
    expect(sidebar).to_contain_text("Translation findings")
    no_exception(page)


def test_a_hesitation_asks_for_the_directors_poll_and_rules_on_the_answer(page, app_url):
    # Law 16B1(b): whether there was a logical alternative is the Director's judgement; 16B3 follows a yes
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, "东开叫1♠，南2♥，西2♠，北3♥，东想了很久（大家都同意）才不叫，南不叫，西叫了3♠。南北叫裁判，我还没问其他牌手。")
    answer = _last(page)
    expect(answer.get_by_test_id("missing-logical_alternative")).to_be_visible()
    expect(answer.get_by_test_id("judgement")).to_have_count(0)
    _click(page, answer.locator('[class*="st-key-replies-"] button', has_text=re.compile("^是$")))
    answer = _last(page)
    expect(answer.locator('[data-testid="stPageLink"]', has_text="16B1(b)")).to_be_visible()
    expect(answer.get_by_test_id("judgement").filter(has_text="16B3")).to_be_visible()
    no_exception(page)
    shot(page, "ask_logical_alternative_zh-Hans")
    page.set_viewport_size({"width": 390, "height": 900})
    shot(page, "ask_logical_alternative_zh-Hans_phone")


def test_bad_and_unmatched_messages_keep_the_conversation(page, app_url):
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, "IMPs for 430")
    _say(page, "x" * 5000)
    expect(page.locator('[data-testid="stAlertContentWarning"]')).to_contain_text("too long")
    _say(page, "xyzzy plugh")
    expect(_last(page).get_by_test_id("no-good-match")).to_be_visible()
    # sent to the reasoner instead, it cannot be ruled on: one clear line, the conversation kept
    _click(page, _last(page).locator('[class*="st-key-switch-"] button'))
    expect(_last(page).locator('[data-testid="stAlertContentError"]')).to_contain_text("no irregularity recognised")
    _say(page, "VP for 20 IMPs")
    expect(_last(page).locator('[data-testid="stAlertContentError"]')).to_contain_text("how many boards")
    _say(page, "ccba2018:21")
    expect(_last(page).get_by_test_id("provision-text")).to_contain_text("迟到")
    expect(page.get_by_test_id("imps")).to_contain_text("10 IMPs")        # the first turn is still there
    # a new conversation starts empty
    page.locator(".st-key-ask_new button").click()
    expect(page.locator(CHAT)).to_have_count(0)
    no_exception(page)


def test_permalink_still_opens_the_laws_page(page, app_url):
    from playwright.sync_api import expect
    _open_laws = page.goto(app_url + "/?p=27B2")
    expect(page.get_by_test_id("provision-id")).to_have_text("Law 27B2", timeout=LOAD_TIMEOUT_MS)
    assert _open_laws is not None


OPTIONS = [
    ("en", "North is dealer. Before North said a word, East said pass. North hasn't called yet. They called me.",
     "The options the Laws give"),
    ("zh-Hant", "北家發牌。北家還沒叫，東家就先說派司。叫了裁判。", "規則給予之選擇"),
    ("zh-Hans", "北家发牌。北家还没叫，东家就先说不叫。叫了裁判。", "规则给予的选择"),
]


@pytest.mark.parametrize("lang,scenario,head", OPTIONS, ids=[s[0] for s in OPTIONS])
def test_an_option_of_the_non_offending_side_is_explained_both_ways(page, app_url, lang, scenario, head):
    """Law 10C1: South may accept East's pass out of rotation (29A) or not; if not, it is cancelled
    (29B) and East must pass once (30A). Both are shown, and the question stays for the choice."""
    from playwright.sync_api import expect
    _open(page, app_url)
    _say(page, scenario)
    answer = _last(page)
    expect(answer).to_contain_text(head)
    options = answer.get_by_test_id("option")
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_contain_text("(29A)")
    expect(options.nth(1)).to_contain_text("(29B)")
    expect(options.nth(1)).to_contain_text("(30A)")
    expect(answer.get_by_test_id("missing-accepted")).to_be_visible()
    no_exception(page)
    shot(page, f"ask_options_{lang}")
    page.set_viewport_size({"width": 390, "height": 900})
    shot(page, f"ask_options_{lang}_phone")
