"""Live tables at scale: tables × devices following live on one `referee serve`, a fact every few seconds.

Run: python bench/live.py [--tables 30] [--devices 6] [--seconds 120] [--every 2]

Starts `referee serve --bench` on a free port with a temporary games file holding one game per table
(the setup of examples/germany-4p.jsonl) and waits for its start-up work (every shipped board laid
out ahead: GET /bench/settled). Every device opens the table page and keeps the game's event
stream open (GET /games/<id>/events), as the page does. One device per table is the tablet: it
enters the recorded game's next fact every --every seconds as the page posts it (POST /facts with
HX-Request; tables start at staggered moments). The others are phones (en, ja and zh-Hant in
turn): on each `fact` event telling of a number they do not show, they ask for the table as the
page's poll does (GET /games/<id>/?since=…&page_seq=…&page_moment=…&live=1, HX-Request: the moment
its input shows, so an answer for the same moment leaves the input alone), and every 30 s anyway.

Figures: a fact's round trip (the tablet's POST); the time from sending a fact until every device of
its table has it (the tablet its answer, each phone the redrawn table); errors (an answer other
than 200/204, a stream that ends, a device that never shows a fact); the server's CPU as a share
of one core, idle with every stream open (before and after the run) and under load; its memory
(resident now, and the peak). The client runs in this one process with gevent, on the same
machine, and competes with the server for the CPU.
Targets: fact p95 ≤ 100 ms, every device updated p95 ≤ 1 s, 0 errors, idle CPU near zero.
"""
from gevent import monkey

monkey.patch_all()      # before http.client and socket are imported: every device is a greenlet

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from webkit import GERMANY, Browser, Server, Stream, fact_form, recorded, settle  # noqa: E402

HTMX = {"HX-Request": "true"}
LANGUAGES = ("en", "ja", "zh-Hant")
POLL_EVERY = 30         # seconds: the page's fallback poll
IDLE_SECONDS = 5        # the idle CPU is measured over this long, every stream open
DRAIN = 3               # seconds after the last fact for the last updates to arrive
SEQ = re.compile(r'data-seq="(\d+)"')
MOMENT = re.compile(r'"page_moment": "([0-9a-f]+)"')     # the poll's hx-vals: the moment the page's input shows


class Run:
    """What the devices saw: times in seconds from time.monotonic()."""

    def __init__(self):
        self.sent: dict[tuple, float] = {}          # (table, seq) -> when the tablet sent it
        self.answered: dict[tuple, float] = {}      # (table, seq) -> when the tablet had its answer
        self.shown: dict[tuple, list] = {}          # (table, phone) -> [(time, seq shown)]
        self.moments: dict[tuple, str] = {}         # (table, phone) -> the moment its page shows (its poll says it)
        self.errors: list[str] = []
        self.stop = False


def make_games(db: Path, count: int) -> list:
    from referee.archive import summary
    from referee.game import Game
    from referee.store import Store
    import json

    setup, _facts = recorded(GERMANY)
    store = Store(db)
    try:
        return [store.create(setup, summary(Game(json.loads(setup)))) for _ in range(count)]
    finally:
        store.close()


def tablet(run: Run, port: int, table: int, game_id: int, facts: list, every: float, start: float):
    browser = Browser(port, keep_alive=True)
    status, _text, _ = browser.request("GET", f"/games/{game_id}/")
    stream = Stream(port, game_id)
    stream_reader = gevent.spawn(drain_stream, run, stream, table)
    if status != 200:
        run.errors.append(f"table {table}: the tablet's page answered {status}")
        return
    offset = random.uniform(0, every)
    for seq, fact in enumerate(facts):
        at = start + offset + seq * every
        gevent.sleep(max(0.0, at - time.monotonic()))
        if run.stop:
            break
        run.sent[(table, seq + 1)] = time.monotonic()
        try:
            status, text, _ = browser.request("POST", f"/games/{game_id}/facts", {**fact_form(fact), "seq": seq}, HTMX)
        except OSError as e:
            run.errors.append(f"table {table}: fact {seq + 1}: {e}")
            continue
        run.answered[(table, seq + 1)] = time.monotonic()
        if status != 200:
            run.errors.append(f"table {table}: fact {seq + 1} answered {status}: {text[:200]}")
    stream_reader.kill()
    stream.close()


def drain_stream(run: Run, stream: Stream, table: int):
    """The tablet's own stream: open as on the page; its page is redrawn by its own answers."""
    try:
        while True:
            stream.next_fact()
    except OSError as e:
        if not run.stop:
            run.errors.append(f"table {table}: the tablet's stream: {e}")


def phone(run: Run, port: int, table: int, number: int, game_id: int):
    lang = LANGUAGES[number % len(LANGUAGES)]
    browser = Browser(port, headers={"Accept-Language": lang}, keep_alive=True)
    status, text, _ = browser.request("GET", f"/games/{game_id}/")
    if status != 200:
        run.errors.append(f"table {table} phone {number}: the page answered {status}")
        return
    seen = int(SEQ.search(text)[1])
    run.moments[(table, number)] = MOMENT.search(text)[1]
    shown = run.shown.setdefault((table, number), [])
    stream = Stream(port, game_id)
    poller = gevent.spawn(poll, run, Browser(port, headers={"Accept-Language": lang}, keep_alive=True),
                          table, number, game_id, shown)
    try:
        while not run.stop:
            told = stream.next_fact()
            if told != shown_seq(shown, seen):
                seen = ask(run, browser, table, number, game_id, shown_seq(shown, seen), shown)
    except OSError as e:
        if not run.stop:
            run.errors.append(f"table {table} phone {number}: the stream: {e}")
    finally:
        poller.kill()
        stream.close()


def shown_seq(shown: list, first: int) -> int:
    return shown[-1][1] if shown else first


def ask(run: Run, browser: Browser, table: int, number: int, game_id: int, seen: int, shown: list, live=True) -> int:
    """The page's poll: the table if it moved on since `seen` (200), else 204."""
    path = f"/games/{game_id}/?since={seen}&page_seq={seen}&page_moment={run.moments[(table, number)]}" + \
        ("&live=1" if live else "")
    try:
        status, text, _ = browser.request("GET", path, headers=HTMX)
    except OSError as e:
        run.errors.append(f"table {table} phone {number}: {e}")
        return seen
    if status == 204:
        return seen
    drawn = SEQ.search(text) if status == 200 else None
    if not drawn:
        run.errors.append(f"table {table} phone {number}: the poll answered {status}: {text[:200]}")
        return seen
    shown.append((time.monotonic(), int(drawn[1])))
    if (moment := MOMENT.search(text)) is not None:
        run.moments[(table, number)] = moment[1]
    return int(drawn[1])


def poll(run: Run, browser: Browser, table: int, number: int, game_id: int, shown: list):
    """The fallback poll every POLL_EVERY seconds, on a connection of its own (a browser opens several)."""
    gevent.sleep(random.uniform(0, POLL_EVERY))
    while not run.stop:
        ask(run, browser, table, number, game_id, shown_seq(shown, 0), shown, live=False)
        gevent.sleep(POLL_EVERY)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def memory(pid: int) -> dict:
    status = Path(f"/proc/{pid}/status").read_text()
    return {k: int(re.search(rf"{k}:\s+(\d+) kB", status)[1]) / 1024 for k in ("VmRSS", "VmHWM")}


def idle_cpu(pid: int) -> float:
    before = cpu_seconds(pid)
    gevent.sleep(IDLE_SECONDS)
    return (cpu_seconds(pid) - before) / IDLE_SECONDS


def quantiles(values: list) -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(q):
        return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))] * 1000
    return f"p50 {at(0.50):.0f} ms, p95 {at(0.95):.0f} ms, p99 {at(0.99):.0f} ms, max {ordered[-1] * 1000:.0f} ms"


def every_device_has(run: Run, tables: int, phones: int) -> list:
    """Per fact sent: seconds from sending it until the tablet and every phone of its table showed it."""
    out = []
    for (table, seq), sent in run.sent.items():
        if (table, seq) not in run.answered:
            continue
        last = run.answered[(table, seq)]
        for number in range(phones):
            when = next((t for t, s in run.shown.get((table, number), []) if s >= seq), None)
            if when is None:
                run.errors.append(f"table {table} phone {number} never showed fact {seq}")
                break
            last = max(last, when)
        else:
            out.append(last - sent)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--devices", type=int, default=6, help="devices per table: a tablet and phones")
    parser.add_argument("--seconds", type=float, default=120, help="how long facts are entered")
    parser.add_argument("--every", type=float, default=2, help="seconds between a table's facts")
    args = parser.parse_args(argv)
    _setup, facts = recorded(GERMANY)
    facts = facts[:int(args.seconds / args.every)]
    phones = args.devices - 1
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite3"
        games = make_games(db, args.tables)
        server = Server(db, "--bench")
        settle(server.port)         # measured after the server's start-up work (its boards laid out ahead)
        pid = server.process.pid
        run = Run()
        try:
            devices = [gevent.spawn(phone, run, server.port, t, n, g)
                       for t, g in enumerate(games) for n in range(phones)]
            gevent.sleep(3)                  # every page opened, every stream open
            idle_before = idle_cpu(pid)
            cpu_start, started = cpu_seconds(pid), time.monotonic()
            client_start = own_cpu()
            tablets = [gevent.spawn(tablet, run, server.port, t, g, facts, args.every, started)
                       for t, g in enumerate(games)]
            gevent.joinall(tablets)
            gevent.sleep(DRAIN)
            load_cpu = (cpu_seconds(pid) - cpu_start) / (time.monotonic() - started)
            client_cpu = (own_cpu() - client_start) / (time.monotonic() - started)
            idle_after = idle_cpu(pid)
            mem = memory(pid)
            run.stop = True
            gevent.killall(devices, timeout=5)
        finally:
            code, _out, err = server.stop()
    if code != 0:
        run.errors.append(f"the server stopped with status {code}: {err[-400:]}")
    trips = [run.answered[k] - run.sent[k] for k in run.answered]
    everyone = every_device_has(run, args.tables, phones)
    print(f"{args.tables} tables × {args.devices} devices ({args.tables * args.devices} event streams), "
          f"a fact every {args.every:g} s per table for {args.seconds:g} s: {len(trips)} facts")
    print(f"fact round trip: {quantiles(trips)}")
    print(f"every device has it: {quantiles(everyone)}")
    print(f"server CPU (share of one core): idle {idle_before:.1%} before, {idle_after:.1%} after; "
          f"under load {load_cpu:.1%}")
    print(f"this client's CPU under load: {client_cpu:.1%} of one core; the machine's load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"server memory: {mem['VmRSS']:.0f} MB resident, peak {mem['VmHWM']:.0f} MB")
    print(f"errors: {len(run.errors)}")
    for line in run.errors[:10]:
        print(f"  {line}")
    return 1 if run.errors else 0


if __name__ == "__main__":
    sys.exit(main())
