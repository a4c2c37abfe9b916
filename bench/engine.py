"""Engine figures: how long a table fact takes to apply, a whole recorded game to replay, and
the storage facts that were once slow (hybrids, full storage, big buys, discards, power choices).

Run: python bench/engine.py   (prints tables; no targets are asserted here)
Also a 401-entry game (germany-4p with 50 undo/redo pairs, as bench/web.py plays it) replayed warm and
cold, in a fresh process as after a server restart: target ≤ 50 ms.
"""
import copy
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.game import Game, replay  # noqa: E402
from referee.rules import engine, legal, power  # noqa: E402

NAMES = ["Ann", "Bob", "Cara", "Dan"]
PAIRS = 50  # undo + redo pairs after each of the first PAIRS facts, as bench/web.py plays germany-4p
AREAS = {2: ["NW", "W", "SW"], 4: ["NW", "W", "SW", "E"]}
TOWNS = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln", "aachen", "bremen"]
HYBRIDS = [(5, {}), (12, {}), (21, {}), (46, {})]
# (name, players, phase, {player: (plants [(number, stored)], cities)}, fact)
STORAGE_CASES = [
    ("buy 9 coal + 9 oil, four empty hybrids", 2, "resources", {"Ann": (HYBRIDS, 0)},
     {"type": "buy", "player": "Bob", "coal": 9, "oil": 9}),
    ("buy that moves cubes to make room", 2, "resources",
     {"Ann": ([(5, {"coal": 4}), (12, {"coal": 3}), (46, {"coal": 2, "oil": 3}), (10, {"coal": 1})], 0)},
     {"type": "buy", "player": "Bob", "oil": 4}),
    ("buy filling every hybrid", 2, "resources",
     {"Ann": ([(5, {"oil": 2}), (12, {"coal": 1}), (21, {}), (46, {"oil": 1})], 0)},
     {"type": "buy", "player": "Bob", "coal": 8, "oil": 6}),
    ("discard a hybrid, keep its cubes", 2, "auction",
     {"Bob": ([(5, {"oil": 4}), (12, {"coal": 2}), (21, {"coal": 1, "oil": 3}), (46, {"coal": 3}), (3, {})], 0)},
     {"type": "discard", "player": "Bob", "plant": 21}),
    ("move between full hybrids", 2, "resources",
     {"Ann": ([(5, {"oil": 3}), (12, {"coal": 4}), (21, {"oil": 4}), (46, {"coal": 6})], 0)},
     {"type": "move", "player": "Bob", "moves": [{"from": 12, "to": 5, "resource": "coal"}]}),
    ("power, referee's choice, four hybrids", 4, "bureaucracy",
     {n: ([(5, {"coal": 2, "oil": 2}), (12, {"oil": 3}), (21, {"coal": 1, "oil": 2}), (46, {"coal": 4, "oil": 2})],
          8) for n in NAMES},
     {"type": "power", "player": "Ann", "cities": 5}),
    ("power named plants needing moves", 4, "bureaucracy",
     {n: ([(5, {"oil": 4}), (12, {"oil": 4}), (4, {"coal": 1}), (46, {"coal": 6})], 8) for n in NAMES},
     {"type": "power", "player": "Ann", "plants": [5, 12, 4], "burn": {"5": {"coal": 2}, "12": {"coal": 1, "oil": 1}}}),
]


def with_undo_redo(lines) -> list:
    """germany-4p as bench/web.py plays it: its facts with an undo and a redo after each of the first 50."""
    setup, *facts = [line for line in lines if line.strip()]
    out = [setup]
    for i, fact in enumerate(facts):
        out.append(fact)
        if i < PAIRS:
            out += ['{"type": "undo"}', '{"type": "redo"}']
    return out


def long_game_lines() -> list:
    return with_undo_redo((ROOT / "examples" / "germany-4p.jsonl").read_text(encoding="utf-8").splitlines())


def long_game_figures():
    """The long game replayed warm (median of 5) and cold: in a fresh process, as after a server
    restart (the board and tables are loaded then too). Target: ≤ 50 ms."""
    lines = long_game_lines()
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        replay(lines)
        runs.append((time.perf_counter() - start) * 1000)
    cold = [float(subprocess.run([sys.executable, __file__, "--cold"], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(3)]
    print(f"{len(lines) - 1}-entry game (germany-4p + {PAIRS} undo/redo pairs): replay "
          f"{statistics.median(runs):.1f} ms warm, {statistics.median(cold):.1f} ms cold (fresh process)")


def cold_replay():
    lines = long_game_lines()
    start = time.perf_counter()
    replay(lines)
    print((time.perf_counter() - start) * 1000)


def per_action(lines):
    """Median and worst ms per action type, applying each fact to the state before it."""
    game = replay(lines)
    times = defaultdict(list)
    for before, fact in zip(game.states, game.facts):
        start = time.perf_counter()
        engine.apply(before, fact, game.ctx)
        times[fact["type"]].append((time.perf_counter() - start) * 1000)
    return times


def storage_state(players, phase, holdings):
    """A table set up for one storage case (the buyer or discarder is Bob)."""
    game = Game({"map": "germany", "players": [{"name": n, "colour": c} for n, c in zip(NAMES, "rgby")][:players],
                 "areas": AREAS[players], "order": NAMES[:players]})
    state = copy.deepcopy(game.state)
    state.update(phase=phase, acted=[], closing=False)
    state["auction"]["bought"] = list(state["players"])
    for name, (plants, cities) in holdings.items():
        state["players"][name].update(plants=[{"number": n, "stored": dict(s)} for n, s in plants],
                                      cities=TOWNS[:cities], money=300)
    if phase == "resources":        # Bob buys; Ann's plants are the ones the next 'buy' offer weighs
        state["players"]["Bob"] = copy.deepcopy(state["players"]["Ann"])
        state["players"]["Bob"]["plants"] = [{"number": n, "stored": dict(s)} for n, s in holdings["Ann"][0]]
    if phase == "auction":
        state["queue"] = [{"task": "discard", "player": "Bob"}]
    for r in state["resources"]["market"]:
        state["resources"]["supply"][r] = 0
    state["market"] = [p for p in state["market"] if p > 10] or state["market"]
    state["next"] = legal.next_actions(state, game.ctx)
    return state, game.ctx


def storage_figures(plain_buy):
    """Each case applied to a state the engine produced (so its offer of power choices is cached,
    as in play) and cold (that cache cleared first)."""
    print(f"\n{'storage case':<42}{'median ms':>11}{'max ms':>9}{'cold ms':>9}{'x plain buy':>13}")
    worst = (0, "")
    for name, players, phase, holdings, fact in STORAGE_CASES:
        state, ctx = storage_state(players, phase, holdings)
        runs, cold = [], []
        for times, clear in ((runs, False), (cold, True)):
            for _ in range(7):
                if clear:
                    power.best.cache_clear()
                start = time.perf_counter()
                engine.apply(state, fact, ctx)
                times.append((time.perf_counter() - start) * 1000)
        worst = max(worst, (statistics.median(runs), name))
        print(f"{name:<42}{statistics.median(runs):>11.2f}{max(runs):>9.2f}{statistics.median(cold):>9.2f}"
              f"{statistics.median(runs) / plain_buy:>13.1f}")
    print(f"worst single fact (median of 7): {worst[0]:.2f} ms ({worst[1]}), {worst[0] / plain_buy:.1f} x "
          f"a plain buy ({plain_buy:.2f} ms, median over the example games)")


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
    long_game_figures()
    print(f"\n{'action':<12}{'n':>6}{'median ms':>11}{'max ms':>9}")
    for kind, ms in sorted(totals.items()):
        print(f"{kind:<12}{len(ms):>6}{statistics.median(ms):>11.3f}{max(ms):>9.2f}")
    start = time.perf_counter()
    for _ in range(20):
        Game(json.loads((ROOT / "examples" / "germany-4p.jsonl").read_text().splitlines()[0]))
    print(f"\nnew game (setup + first 'next'): {(time.perf_counter() - start) / 20 * 1000:.2f} ms")
    storage_figures(statistics.median(totals["buy"]))


if __name__ == "__main__":
    if sys.argv[1:] == ["--cold"]:
        cold_replay()
    else:
        main()
