"""Screenshots of every screen of the table app, in English, Japanese and Traditional Chinese, on a
1024×768 tablet and a 390×844 phone, for a person to look at.

    python3 tools/screenshots.py [--out /tmp/shots] [--lang ja ...] [--size phone ...]

Starts `referee serve` (and a second one with --lan, for the page a device without the table key
gets) on free ports with a fresh database, imports examples/germany-4p.jsonl cut where the table
waits for each kind of input, plays a fresh game (just started, an entry refused, another device
first), and saves <out>/<lang>-<size>-<screen>.png (whole page, at most 6000 px tall). It also
prints what it can measure — sideways scrolling, tap targets under 44 px, English words on a
Japanese or Chinese page — so what to look for is listed next to the pictures. Uses Debian's
/usr/bin/chromium, never a downloaded browser.
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]

from chromium import LOCALES, SIZES, device, launch  # noqa: E402
from looks import english_words, sideways_scroll, small_targets  # noqa: E402
from screens import EXAMPLE, NAMES, every_screen, tables  # noqa: E402
from webkit import Server  # noqa: E402

TALLEST = 6000   # px of a whole-page picture; a finished game's log is far longer


def shoot(page, path: Path):
    height = page.evaluate("() => document.scrollingElement.scrollHeight")
    width = page.viewport_size["width"]
    page.screenshot(path=path, full_page=True, clip={"x": 0, "y": 0, "width": width, "height": min(height, TALLEST)})


def findings(page, lang: str, name: str, allowed) -> list:
    """What the page's measurements say is wrong, one line each."""
    out = []
    if px := sideways_scroll(page):
        out.append(f"scrolls sideways by {px} px")
    if name.startswith("table") and (small := small_targets(page)):
        out.append(f"{len(small)} tap targets under 44 px: " + "; ".join(small[:6]))
    if lang != "en" and (words := english_words(page, allowed)):
        out.append("English words: " + ", ".join(words))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"), help="folder for the PNGs (default /tmp/shots)")
    parser.add_argument("--lang", nargs="+", choices=list(LOCALES), default=list(LOCALES))
    parser.add_argument("--size", nargs="+", choices=list(SIZES), default=list(SIZES))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    players = [p["name"] for p in json.loads(EXAMPLE.read_text(encoding="utf-8").splitlines()[0])["players"]]
    allowed = players + NAMES + ["jsonl", "QR"]

    from playwright.sync_api import sync_playwright

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        server, lan = Server(Path(tmp) / "games.sqlite3"), Server(Path(tmp) / "lan.sqlite3", "--lan", "--host", "127.0.0.1")
        try:
            with sync_playwright() as p:
                browser = launch(p)
                games = tables(device(browser).new_page(), server.url)
                for lang in args.lang:
                    for size in args.size:
                        page = device(browser, lang, size).new_page()
                        for name in every_screen(page, server.url, games, lan.url):
                            path = args.out / f"{lang}-{size}-{name}.png"
                            shoot(page, path)
                            problems += [f"{path.name}: {f}" for f in findings(page, lang, name, allowed)]
                        page.context.close()
                        print(f"{lang} {size}: done", flush=True)
                browser.close()
        finally:
            server.stop()
            lan.stop()
    print(f"Screenshots in {args.out}")
    print("\n".join(problems) if problems else "Nothing measured wrong; now look at the pictures.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
