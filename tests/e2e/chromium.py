"""Debian's Chromium, headless, as the end-to-end tests and tools/screenshots.py start it: never a
downloaded browser, no network of its own."""
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
LOCALES = {"en": "en-GB", "ja": "ja-JP", "zh-Hant": "zh-TW"}       # what the browser sends as Accept-Language
SIZES = {"tablet": {"width": 1024, "height": 768}, "portrait": {"width": 768, "height": 1024},
         "phone": {"width": 390, "height": 844}}
TIMEOUT_MS = 30_000   # one swap or page; a game is hundreds of them, so a hang fails in half a minute


def launch(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


def device(browser, lang="en", size="tablet"):
    """A fresh device (own cookies) whose browser asks for `lang`, with a touch screen of `size`."""
    context = browser.new_context(locale=LOCALES[lang], viewport=SIZES[size], has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    return context
