"""Printing figures: how long a player aid and a 10-round game report take to render, warm.

Run: python bench/print.py   (prints a table; targets: card ≤ 300 ms, report ≤ 1 s; nothing asserted)
Warm means fonts registered and catalogues loaded once, as in a running table server or one CLI call
after its first PDF; the first (cold) render of each is shown too.
"""
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.game import replay  # noqa: E402
from referee.printing import card_pdf, report_pdf  # noqa: E402

RUNS = 7


def timed(make):
    """(first run ms, median of the next RUNS ms, size in KB)."""
    start = time.perf_counter()
    pdf = make()
    cold = (time.perf_counter() - start) * 1000
    warm = []
    for _ in range(RUNS):
        start = time.perf_counter()
        make()
        warm.append((time.perf_counter() - start) * 1000)
    return cold, statistics.median(warm), len(pdf) / 1024


def main():
    game = replay((ROOT / "examples" / "germany-4p.jsonl").read_text(encoding="utf-8"))
    print(f"{'what':<34}{'first ms':>10}{'warm ms':>10}{'KB':>8}")
    for lang in ("en", "ja", "zh-Hant"):
        for size in ("a4", "a6", "letter"):
            cold, warm, kb = timed(lambda: card_pdf("germany", 6, lang, size))
            print(f"{f'card germany 6p {size} {lang}':<34}{cold:>10.0f}{warm:>10.0f}{kb:>8.0f}")
    for lang in ("en", "ja", "zh-Hant"):
        cold, warm, kb = timed(lambda: report_pdf(game, lang, url="http://192.168.1.20:8000/games/1"))
        what = f"report {game.state['round']} rounds {lang}"
        print(f"{what:<34}{cold:>10.0f}{warm:>10.0f}{kb:>8.0f}")


if __name__ == "__main__":
    main()
