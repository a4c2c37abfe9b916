"""Does one heavy client stall everyone else? A small request's time beside heavy work, against idle.

Run: python bench/blocking.py [--each 10] [--seconds 20] [--skip-crowd]

Starts `referee serve --bench` on a free port with a temporary games file holding the finished
examples/germany-4p.jsonl game and waits for its start-up work (every shipped board laid out ahead:
GET /bench/settled). A prober asks for a small static file (GET /static/stage.js, ~1 kB)
on a kept-alive connection, one request after another for --each seconds, while:

- idle: nothing else runs;
- PDFs: another client asks for the game's report PDF over and over (~160 ms of ReportLab each);
- table pages: another client opens the game's table page over and over (each time in another
  language, so each is drawn anew: a tablet, a reload);
- rich seat pages: another client is a rich seat's phone (a 2-player game on Germany played by
  examples/record.py's players, one of them saving until its money is 250 or more, stopped at its
  turn to build): over and over, the caches are emptied (POST /bench/forget, as a new fact would
  change the question) and it asks for its seat page, then the fragments that page asks for once
  shown (the seat's "most cities your money builds" and its build panel's);
- planner queries: another client asks for the planner's hardest budget query over and over (the most
  cities 250–300 buys on Germany's six areas from Berlin, Hamburg, Bremen: up to 1.5 s each when this
  bench was written, a few milliseconds since the planner's budget search, so this client now sends
  a couple of hundred requests a second; GET /bench/planner runs it in a worker process as the seat
  page runs its own).

Then (unless --skip-crowd) a keyless device: `referee serve --lan --bench`, a device without the
table key (from 127.0.0.2) opens 1,000 event streams it never reads and 1,000 requests that send a
header line every 5 s, while the key holder (127.0.0.1, with the key's cookie) enters --facts facts
of germany-4p, each on a new connection: their round trips, and how many of the keyless device's
connections were served.

Figures: p50/p95/max of each; the ratio of each p95 to idle's; the load average with each.
Target: a small request's p95 beside heavy work within 3× its idle p95; the key holder's facts unhindered.
"""
import argparse
import json
import os
import random
import re
import resource
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from webkit import GERMANY, Browser, Server, fact_form, recorded, settle  # noqa: E402

SMALL = "/static/stage.js"
HTMX = {"HX-Request": "true"}


def p95(values) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def figures(times: list) -> str:
    return f"p50 {statistics.median(times):.1f} ms, p95 {p95(times):.1f} ms, max {max(times):.1f} ms"


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def probe(port: int, seconds: float) -> list:
    """Milliseconds of small requests in a row on one kept-alive connection, for `seconds`."""
    browser = Browser(port, keep_alive=True)
    browser.request("GET", SMALL)
    times = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        status, _text, elapsed = browser.request("GET", SMALL)
        if status != 200:
            sys.exit(f"{SMALL} answered {status}")
        times.append(elapsed * 1000)
    return times


def beside(port: int, seconds: float, heavy) -> tuple:
    """(probe times, heavy requests done, their median ms) while `heavy(browser, n)` runs over and
    over in a process of its own (a thread would share this one's GIL with the prober and slow its
    timing, not the server's answers)."""
    import multiprocessing
    fork = multiprocessing.get_context("fork")
    stop, results = fork.Event(), fork.Queue()
    worker = fork.Process(target=_heavy_client, args=(port, heavy, stop, results), daemon=True)
    worker.start()
    time.sleep(0.5)         # the heavy client is under way
    times = probe(port, seconds)
    stop.set()
    done = results.get(timeout=60)
    worker.join(30)
    return times, len(done), statistics.median(done) if done else float("nan")


def _heavy_client(port: int, heavy, stop, results):
    browser = Browser(port, keep_alive=True)
    done, n = [], 0
    while not stop.is_set():
        started = time.perf_counter()
        heavy(browser, n)
        done.append((time.perf_counter() - started) * 1000)
        n += 1
    results.put(done)


def report_pdf(game_id: int):
    def heavy(browser, _n):
        status, _text, _ = browser.request("GET", f"/games/{game_id}/print/report")
        if status != 200:
            sys.exit(f"the report answered {status}")
    return heavy


def rich_game() -> list:
    """The lines (setup, facts) of a 2-player game on Germany up to the moment Emma, who saved her
    money (250 or more), is to build: examples/record.py's players, Emma and Frank building at most
    four cities each and keeping their money otherwise."""
    sys.path.insert(0, str(ROOT / "examples"))
    from record import Table
    from referee.game import Game

    class Savers(Table):
        def reserve(self, name):
            return 10 if self.state["round"] == 1 else 300

        def building(self, acts):
            who = acts[0]["player"]
            if who == "Emma" and self.state["players"][who]["money"] >= 250:
                return None
            if len(self.state["players"][who]["cities"]) >= 4:
                return {"type": "pass", "player": who}
            return super().building(acts)

    setup = {"type": "setup", "map": "germany", "areas": ["NW", "NE", "W"], "order": ["Emma", "Frank"],
             "players": [{"name": "Emma", "colour": "purple"}, {"name": "Frank", "colour": "black"}]}
    game = Game(setup)
    table, lines = Savers(game, random.Random(7)), [setup]
    while (entry := table.entry()) is not None:
        game.play(entry)
        lines.append(entry)
    return lines


def seat_of(port: int, game_id: int) -> Browser:
    """A phone holding the first seat's link (Emma's), from the game's Join page."""
    phone = Browser(port, keep_alive=True)
    status, text, _ = phone.request("GET", f"/games/{game_id}/join")
    links = re.findall(rf"/games/{game_id}/seat/[A-Za-z0-9_-]+", text)
    if status != 200 or not links:
        sys.exit(f"the Join page answered {status} without seat links")
    phone.request("GET", links[0])
    return phone


def rich_seat(game_id: int):
    """The rich seat's page and the fragments it asks for once shown, after the caches are emptied."""
    deferred = re.compile(rf'hx-get="(/games/{game_id}/seat/[a-z-]+\?[^"]*)"')

    def heavy(browser, _n):
        if not browser.cookies:
            phone = seat_of(browser.port, game_id)
            browser.cookies, browser.token = phone.cookies, phone.token
        status, text, _ = browser.request("GET", f"/games/{game_id}/seat")
        if status != 200:
            sys.exit(f"the seat page answered {status}: {text[:200]}")
        for url in deferred.findall(text):
            status, fragment, _ = browser.request("GET", url.replace("&amp;", "&"), headers=HTMX)
            if status != 200:
                sys.exit(f"{url} answered {status}: {fragment[:200]}")
        status, text, _ = browser.request("POST", "/bench/forget")
        if status != 204:
            sys.exit(f"/bench/forget answered {status} (is this a server started with --bench?)")
    return heavy


def table_page(game_id: int):
    """A tablet opening the table page (the whole page, drawn anew for each language in turn)."""
    def heavy(browser, n):
        browser.headers = {"Accept-Language": ("en", "ja", "zh-Hant")[n % 3]}
        status, text, _ = browser.request("GET", f"/games/{game_id}/")
        if status != 200:
            sys.exit(f"the table page answered {status}: {text[:200]}")
    return heavy


def planner_query(browser, n):
    status, text, _ = browser.request("GET", f"/bench/planner?budget={250 + n % 51}")
    if status != 200:
        sys.exit(f"/bench/planner answered {status} (is this a server started with --bench?): {text[:200]}")


def import_game(db: Path, data: bytes) -> int:
    from referee.archive import import_log
    from referee.store import Store
    store = Store(db)
    try:
        return import_log(store, data)
    finally:
        store.close()


def slow_request(port: int, sockets: list, stop: threading.Event):
    """A request that sends one header line every 5 s and never ends its headers."""
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0))
        s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
    except OSError:
        return
    sockets.append(s)
    n = 0
    while not stop.wait(5):
        try:
            s.sendall(f"X-Slow-{n}: a\r\n".encode())
        except OSError:
            return
        n += 1


def crowd(facts_wanted: int, seconds: float):
    """The key holder's facts while a keyless device holds 1,000 streams and 1,000 slow requests."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(8192, resource.getrlimit(resource.RLIMIT_NOFILE)[1]),) * 2)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite3"
        server = Server(db, "--lan", "--bench")
        settle(server.port)
        key = json.loads(Path(str(db) + ".secrets.json").read_text())["table_key"]
        holder = Browser(server.port, keep_alive=True)
        holder.cookies["table_key"] = key
        holder.request("GET", "/")
        setup, facts = recorded(GERMANY)
        from web import new_game_form
        status, text, _ = holder.request("POST", "/games/new", new_game_form())
        if status != 303:
            sys.exit(f"the key holder's new game was answered {status}: {text[:300]}")
        game_id = int(holder.last_location.strip("/").rsplit("/", 1)[1])
        stop = threading.Event()
        streams, slow = [], []
        for _ in range(1000):
            try:
                s = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=("127.0.0.2", 0))
                s.sendall(f"GET /games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
                streams.append(s)
            except OSError:
                break
        threads = [threading.Thread(target=slow_request, args=(server.port, slow, stop), daemon=True)
                   for _ in range(1000)]
        for t in threads:
            t.start()
        time.sleep(2)
        served = 0
        for s in streams:       # how many of the keyless device's streams got an answer that is a stream
            s.settimeout(0.05)
            try:
                served += b"200 OK" in s.recv(200)
            except OSError:
                pass
        times, failed = [], 0
        started = time.monotonic()
        for seq, fact in enumerate(facts[:facts_wanted]):
            if time.monotonic() - started > seconds:
                break
            tap = Browser(server.port)      # a new connection each time, as a browser opens one now and then
            tap.cookies, tap.token = holder.cookies, holder.token
            try:
                status, text, elapsed = tap.request("POST", f"/games/{game_id}/facts", {**fact_form(fact), "seq": seq}, HTMX)
            except OSError:
                failed += 1
                continue
            if status != 200:
                failed += 1
            else:
                times.append(elapsed * 1000)
        stop.set()
        for s in streams + slow:
            s.close()
        server.stop()
    return times, failed, len(streams), served, len(slow)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--each", type=float, default=10, help="seconds of small requests per measure")
    parser.add_argument("--facts", type=int, default=60, help="the key holder's facts beside the keyless device")
    parser.add_argument("--seconds", type=float, default=60, help="at most this long for them")
    parser.add_argument("--skip-crowd", action="store_true", help="leave out the keyless device")
    parser.add_argument("--only-crowd", action="store_true", help="only the keyless device")
    args = parser.parse_args(argv)
    if not args.only_crowd:
        heavy(args)
    if not args.skip_crowd:
        times, failed, streams, served, slow = crowd(args.facts, args.seconds)
        print(f"keyless device (127.0.0.2): {streams} streams opened, {served} answered as streams; "
              f"{slow} slow requests held")
        print(f"key holder's facts beside it: {len(times)} answered, {failed} failed or timed out; "
              f"{figures(times) if times else 'none answered'} ({load()})")


def heavy(args):
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite3"
        game_id = import_game(db, GERMANY.read_bytes())
        rich = import_game(db, "".join(json.dumps(line) + "\n" for line in rich_game()).encode())
        server = Server(db, "--bench")
        try:
            probe(server.port, 0.5)     # warm
            settle(server.port)         # the server's start-up work done (its boards laid out ahead)
            idle = probe(server.port, args.each)
            print(f"small request {SMALL}, idle: {figures(idle)} ({load()})")
            for name, heavy in (("report PDFs", report_pdf(game_id)), ("table pages", table_page(game_id)),
                                ("a rich seat's pages", rich_seat(rich)),
                                ("the planner's hardest budget queries", planner_query)):
                times, done, each = beside(server.port, args.each, heavy)
                print(f"small request beside {name} ({done} done, {each:.0f} ms each): {figures(times)}; "
                      f"p95 {p95(times) / p95(idle):.1f}× idle ({load()})")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
