"""Engine figures: how long a table fact takes to apply, and a whole recorded game to replay.

Run: python bench/engine.py   (prints a table; no targets are asserted here)
"""
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.game import Game, replay  # noqa: E402
from referee.rules import engine  # noqa: E402


def per_action(lines):
    """Median and worst ms per action type, applying each fact to the state before it."""
    game = replay(lines)
    times = defaultdict(list)
    for before, fact in zip(game.states, game.facts):
        start = time.perf_counter()
        engine.apply(before, fact, game.ctx)
        times[fact["type"]].append((time.perf_counter() - start) * 1000)
    return times


def main():
    print(f"{'game':<22}{'facts':>6}{'replay ms':>11}")
    totals = defaultdict(list)
    for path in sorted((ROOT / "examples").glob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            game = replay(lines)
            runs.append((time.perf_counter() - start) * 1000)
        print(f"{path.name:<22}{len(game.facts):>6}{statistics.median(runs):>11.1f}")
        for kind, ms in per_action(lines).items():
            totals[kind] += ms
    print(f"\n{'action':<12}{'n':>6}{'median ms':>11}{'max ms':>9}")
    for kind, ms in sorted(totals.items()):
        print(f"{kind:<12}{len(ms):>6}{statistics.median(ms):>11.3f}{max(ms):>9.2f}")
    start = time.perf_counter()
    for _ in range(20):
        Game(json.loads((ROOT / "examples" / "germany-4p.jsonl").read_text().splitlines()[0]))
    print(f"\nnew game (setup + first 'next'): {(time.perf_counter() - start) / 20 * 1000:.2f} ms")


if __name__ == "__main__":
    main()
