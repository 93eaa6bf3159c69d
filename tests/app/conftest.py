"""What the browser tests share: the app served on a free port, Debian's headless Chromium
(Playwright cannot download a browser here), a page per test, screenshots in tests/artifacts/."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LOAD_TIMEOUT_MS = 90_000      # the first run loads the graph
STEP_TIMEOUT_MS = 30_000



def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def app_url():
    """Serve the app with the venv's streamlit; stop it at the end."""
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / "streamlit.log"
    log = open(log_path, "w", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app/streamlit_app.py",
         "--server.headless", "true", "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"streamlit exited with code {proc.returncode}:\n{log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.status == 200 and r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"streamlit did not answer /_stcore/health within 60 s:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install the Debian packages `chromium` and `fonts-wqy-microhei` "
                    "(scripts/setup.sh --test does; Playwright's own browser download cannot work offline)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser, app_url):
    context = browser.new_context(viewport={"width": 1440, "height": 1800}, locale="en-GB")
    pg = context.new_page()
    pg.set_default_timeout(STEP_TIMEOUT_MS)
    try:
        yield pg
    finally:
        context.close()


def shot(page, name: str) -> None:
    """Screenshot the whole app: Streamlit scrolls inside its own container, so grow the viewport to fit."""
    page.wait_for_timeout(300)      # let fonts and the last delta settle
    size = page.viewport_size
    height = page.evaluate("() => { const e = document.querySelector('[data-testid=\"stMainBlockContainer\"]');"
                           " return e ? e.scrollHeight : 0 }")
    if height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(height + 120, 8000)})
        page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    page.set_viewport_size(size)


def no_exception(page) -> None:
    from playwright.sync_api import expect
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    assert "Traceback" not in page.inner_text("body")
