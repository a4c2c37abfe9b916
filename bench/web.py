"""Web figures: a table fact over HTTP against the floor of one committed row, and opening a game.

Run: python bench/web.py [--url URL]

Starts `referee serve --bench` on a free port with a temporary games file (or uses a server already
running at --url, which must have been started with --bench), waits for its start-up work (every
shipped board laid out ahead: GET /bench/settled), makes a game with the new-game form,
then plays a 401-entry game through POST /games/<id>/facts exactly as the table page sends it (form
fields, the page's sequence number, HX-Request so the #table fragment is rendered): the 301 facts of
examples/germany-4p.jsonl with an undo and a redo after each of the first 50. Each fact's time is the
request's round trip on a kept-alive connection (validate, store, render, plus local HTTP).

On the same server: the floor is POST /bench/floor, a bare request committing one row to the same
SQLite file through the same thread's store connection and the same CSRF check (the route exists
only with --bench). Opening the game is GET /games/<id>/ right after a server restart (cold: the
server opened its recent games and compiled its templates at start, as `referee serve` always does)
and again (warm); what a game not opened at start costs (its replay) is printed too.
The last line reads `fact median X ms p95 Y ms; open Z ms; floor F ms; median Rx floor, p95 Px floor`
(open = cold).
Targets: median ≤ 3× floor and ≤ 15 ms, p95 ≤ 5× floor and ≤ 40 ms, open ≤ 60 ms.
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from webkit import GERMANY, Browser, Server, fact_form, recorded, settle  # noqa: E402

PAIRS = 50        # undo + redo pairs, after each of the first PAIRS facts
FLOOR_RUNS = 300
HTMX = {"HX-Request": "true"}


def entries() -> list:
    _setup, facts = recorded(GERMANY)
    out = []
    for i, fact in enumerate(facts):
        out.append(fact)
        if i < PAIRS:
            out += [{"type": "undo"}, {"type": "redo"}]
    return out


def new_game_form() -> dict:
    """The new-game form that gives germany-4p's setup: seats, colours, areas and the drawn order."""
    setup = json.loads(recorded(GERMANY)[0])
    form = {"map": setup["map"], "areas": setup["areas"], "order_by": "table"}
    for seat, p in enumerate(setup["players"], 1):
        form.update({f"name_{seat}": p["name"], f"colour_{seat}": p["colour"],
                     f"position_{seat}": str(setup["order"].index(p["name"]) + 1)})
    return form


def ms(seconds: float) -> float:
    return seconds * 1000


def p95(values) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def play(browser: Browser, game_id: int) -> list:
    times = []
    for seq, entry in enumerate(entries()):
        status, text, elapsed = browser.request("POST", f"/games/{game_id}/facts",
                                                {**fact_form(entry), "seq": seq}, HTMX)
        if status != 200:
            sys.exit(f"entry {seq + 1} {entry} was answered {status}: {text[:400]}")
        times.append(ms(elapsed))
    return times


def floor(browser: Browser) -> list:
    times = []
    for _ in range(FLOOR_RUNS):
        status, text, elapsed = browser.request("POST", "/bench/floor", {})
        if status != 204:
            sys.exit(f"the floor route answered {status} (is the server running with --bench?): {text[:200]}")
        times.append(ms(elapsed))
    return times


def open_game(browser: Browser, game_id: int) -> float:
    status, text, elapsed = browser.request("GET", f"/games/{game_id}/")
    if status != 200:
        sys.exit(f"opening the game was answered {status}: {text[:400]}")
    return ms(elapsed)


def reload_time(db: Path, game_id: int) -> float:
    """What opening a game that is not preloaded adds: reading and replaying its stored log."""
    from referee.store import Store
    from referee.web.tables import Tables

    store = Store(db)
    started = time.perf_counter()
    Tables().get(store, game_id)
    elapsed = ms(time.perf_counter() - started)
    store.close()
    return elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="a running `referee serve --bench` (default: start one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        server = None
        if args.url:
            port = int(args.url.rstrip("/").rsplit(":", 1)[1])
        else:
            server = Server(Path(tmp) / "games.sqlite3", "--bench")
            port = server.port
            settle(port)        # measured after the server's start-up work (its boards laid out ahead)
        browser = Browser(port, keep_alive=True)
        browser.request("GET", "/")
        status, text, _ = browser.request("POST", "/games/new", new_game_form())
        if status != 303:
            sys.exit(f"creating the game was answered {status}: {text[:400]}")
        game_id = int(browser.last_location.strip("/").rsplit("/", 1)[1])
        facts = play(browser, game_id)
        floors = floor(browser)
        warm_before = open_game(browser, game_id)
        if server:
            server.stop()
            server = Server(Path(tmp) / "games.sqlite3", "--bench")
            settle(server.port)
            browser = Browser(server.port, keep_alive=True)
        cold = open_game(browser, game_id)
        warm = statistics.median(open_game(browser, game_id) for _ in range(10))
        if server:
            server.stop()
            replayed = reload_time(Path(tmp) / "games.sqlite3", game_id)
    fact_median, floor_median = statistics.median(facts), statistics.median(floors)
    print(f"{len(facts)} entries over HTTP (germany-4p's 301 facts + {PAIRS} undo/redo pairs)")
    print(f"fact: median {fact_median:.1f} ms, p95 {p95(facts):.1f} ms, max {max(facts):.1f} ms")
    print(f"floor (POST /bench/floor, one committed row, {FLOOR_RUNS} runs): median {floor_median:.1f} ms, "
          f"p95 {p95(floors):.1f} ms")
    print(f"open GET /games/{game_id}/: cold (after a restart) {cold:.1f} ms, warm {warm:.1f} ms "
          f"(warm before the restart {warm_before:.1f} ms)" if not args.url else
          f"open GET /games/{game_id}/: {cold:.1f} ms first, warm {warm:.1f} ms (no restart with --url)")
    if not args.url:
        print(f"(the server opens its 3 most recent games at start; a game not among them is replayed from the "
              f"store on its first open: {replayed:.0f} ms in-process for this one)")
    print(f"fact median {fact_median:.2f} ms p95 {p95(facts):.2f} ms; open {cold:.1f} ms; floor {floor_median:.2f} ms; "
          f"median {fact_median / floor_median:.1f}x floor, p95 {p95(facts) / floor_median:.1f}x floor")


if __name__ == "__main__":
    main()
