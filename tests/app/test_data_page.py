"""The Data page in headless Chromium (issue 13): the example query "what points to 26B" runs and
its table lists 27B2; an update typed into the console is refused with a message, in Chinese too;
screenshots in tests/artifacts/ (wide and 390 px)."""
from __future__ import annotations

from tests.app.conftest import LOAD_TIMEOUT_MS, no_exception, shot


def _expected_rows() -> int:
    """The example's answer read straight from the store (not through the app)."""
    from query.opendata import store
    from query.opendata.description import examples
    example = next(e for e in examples() if e.name == "cites-26B")
    rows = list(store.shared().query(example.text, use_default_graph_as_union=True))
    assert any(r["provision"].value == "27B2" for r in rows)      # Law 27B2: "Law 26B may apply"
    return len(rows)


def _run(page) -> None:
    page.locator(".st-key-data_run button").filter(visible=True).click()


def test_console_runs_an_example_and_refuses_an_update(page, app_url):
    from playwright.sync_api import expect
    page.goto(app_url + "/data?lang=zh-Hant")
    run = page.locator(".st-key-data_run button").filter(visible=True)
    run.wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_text("開放資料：查詢知識圖")).to_be_visible()
    _run(page)
    table = page.get_by_test_id("stDataFrame")
    expect(table).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_text(f"共 {_expected_rows()} 列")).to_be_visible()
    no_exception(page)
    shot(page, "data_zh-Hant")
    box = page.locator(".st-key-data_query textarea")
    box.fill("INSERT DATA { <urn:a> <urn:b> <urn:c> }")
    box.press("Control+Enter")
    _run(page)
    expect(page.get_by_text("查詢未執行")).to_be_visible()
    expect(page.get_by_text("read-only")).to_be_visible()
    no_exception(page)
    page.set_viewport_size({"width": 390, "height": 1600})
    shot(page, "data_zh-Hant_390")
