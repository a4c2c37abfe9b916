"""End-to-end fixtures: a real `referee serve` on a free port and Debian's headless Chromium.

The browser is never downloaded: CI installs /usr/bin/chromium (.ci/run). Without it these tests
are skipped with that reason; nothing else is skipped.
"""
import json
import os
from pathlib import Path

import pytest
from webkit import Server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
LOCALES = {"en": "en-GB", "ja": "ja-JP", "zh-Hant": "zh-TW"}
SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}
TIMEOUT_MS = 15_000   # one swap or page; a game is hundreds of them, so a hang fails fast


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """`referee serve --port P --db DB` for the whole session; yields its base URL."""
    running = Server(tmp_path_factory.mktemp("serve") / "games.sqlite3")
    yield running.url
    code, _out, err = running.stop()
    assert code == 0, f"referee serve did not stop cleanly: {err}"


@pytest.fixture(scope="session")
def lan_server(tmp_path_factory):
    """`referee serve --lan` (changes need the table key); yields (base URL, key)."""
    db = tmp_path_factory.mktemp("lan") / "games.sqlite3"
    running = Server(db, "--lan", "--host", "127.0.0.1")
    kept = json.loads(db.with_name(db.name + ".secrets.json").read_text(encoding="utf-8"))
    yield running.url, kept["table_key"]
    running.stop()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip(f"end-to-end tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser):
    """new_page(lang="en", size="tablet") -> a page in a fresh device (own cookies), Accept-Language
    set to that language, at 1024×768 ("tablet") or 390×844 ("phone")."""
    contexts = []

    def make(lang="en", size="tablet"):
        context = browser.new_context(locale=LOCALES[lang], viewport=SIZES[size], has_touch=True)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shots(tmp_path):
    """Where a test saves its screenshots: $REFEREE_SHOTS if set (to look at them), else tmp_path."""
    folder = Path(os.environ.get("REFEREE_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
