"""End-to-end fixtures: a real `referee serve` on a free port and Debian's headless Chromium.

The browser is never downloaded: CI installs /usr/bin/chromium (.ci/run). Without it these tests
are skipped with that reason; nothing else is skipped.
"""
import json
import os
from pathlib import Path

import pytest
from chromium import CHROMIUM, device, launch
from webkit import Server


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
        launched = launch(p)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser):
    """new_page(lang="en", size="tablet") -> a page in a fresh device (own cookies), Accept-Language
    set to that language, at 1024×768 ("tablet") or 390×844 ("phone")."""
    contexts = []

    def make(lang="en", size="tablet"):
        context = device(browser, lang, size)
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
