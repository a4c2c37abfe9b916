"""Work off the event loop (referee.offloop, issue 21 item 3): under the server, "process" calls run in
worker processes, whose death fails only the call they had (WorkerLost) and leaves another worker;
outside the server every call is a plain one. A Game goes to a worker as its setup and log."""
import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

from referee import offloop
from referee.game import replay

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "germany-4p.jsonl"

SERVER_LIKE = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import json, os, sys, time
    from referee import offloop
    from referee.game import replay     # its ReplayError keeps one argument of two: it cannot be unpickled

    offloop.start()
    out = {"loop": os.getpid(), "worker": offloop.run("process", os.getpid)}
    try:
        offloop.run("process", int, "x")
    except ValueError as e:
        out["refusal"] = str(e)
    try:
        offloop.run("process", replay, "not a game")
    except RuntimeError as e:
        out["odd"] = str(e)
    try:
        offloop.run("process", os._exit, 3)
    except offloop.WorkerLost:
        out["lost"] = True
    out["after"] = offloop.run("process", os.getpid)
    workers = [w.process for w in offloop._workers]
    started = time.monotonic()
    offloop.end_workers()
    for p in workers:
        p.join(2)
    out["ended"] = all(not p.is_alive() for p in workers)
    out["ended_in"] = time.monotonic() - started
    print(json.dumps(out))
    sys.stdout.flush()
    os._exit(0)
""")


def server_like(code: str) -> dict:
    """What a script that starts the pools as the server does (its last line, JSON) printed."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_under_the_server_a_process_call_runs_in_a_worker_and_a_dead_worker_fails_only_its_call():
    out = server_like(SERVER_LIKE)
    assert out["worker"] != out["loop"] and out["after"] not in (out["loop"], None)
    assert "invalid literal for int()" in out["refusal"]       # the worker's exception, raised in the caller
    assert out["odd"].startswith("ReplayError: line 1: not valid JSON")    # said, not breaking the pool
    assert out["lost"] is True                                  # the call whose worker died, and no other
    assert out["ended"] and out["ended_in"] < 1                 # within the server's stop budget


WAITS = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import json, os, sys, time
    import gevent
    from referee import offloop

    offloop.start()
    out = {}
    # a caller that stops waiting (its request's deadline): the next call gets its own answer, not that one
    try:
        with gevent.Timeout(0.05):
            offloop.run("process", time.sleep, 0.3)
    except gevent.Timeout:
        out["timed_out"] = True
    # an answer that cannot travel back (a lock) is said as a RuntimeError; the worker goes on
    import threading
    try:
        offloop.run("process", threading.Lock)
    except RuntimeError as e:
        out["unpicklable"] = str(e)
    out["next"] = [offloop.run("process", str, n) for n in range(2 * offloop.WORKERS)]
    # a worker that died while idle: the call goes to another worker instead of failing
    dead = offloop._workers[0].process
    dead.kill()
    dead.join(5)
    out["after_idle_death"] = [offloop.run("process", abs, -n) for n in range(2 * offloop.WORKERS)]
    # more callers than workers: each waits for a free one and gets its own answer
    calls = [gevent.spawn(offloop.run, "process", pow, n, 2) for n in range(12)]
    gevent.joinall(calls, timeout=30)
    out["many"] = [c.value for c in calls]
    out["workers"] = len(offloop._workers)
    out["niceness"] = offloop.run("process", os.nice, 0) - os.nice(0)
    out["cores"] = sorted(os.sched_getaffinity(0))
    out["worker_cores"] = sorted(offloop.run("process", os.sched_getaffinity, 0))
    # a board laid out in a worker (referee.web.board.laid_out): the layout travels back whole
    import pickle
    from referee.catalog import load_map
    from referee.web import board, placement
    fresh = pickle.loads(pickle.dumps(load_map("japan")))
    out["board"] = board.laid_out(fresh)[:2] == placement.fit(pickle.loads(pickle.dumps(fresh)), board.SCALE)[:2]
    offloop.end_workers()
    try:                                # after the stop: refused at once, no worker started again
        offloop.run("process", os.getpid)
    except offloop.WorkerLost:
        out["after_stop"] = len(offloop._workers)
    print(json.dumps(out))
    sys.stdout.flush()
    os._exit(0)
""")


def test_a_worker_whose_caller_stopped_waiting_or_that_died_idle_still_answers_each_call_its_own():
    out = server_like(WAITS)
    assert out["timed_out"] is True
    assert out["unpicklable"].startswith("TypeError: cannot pickle")
    assert out["next"] == [str(n) for n in range(2 * offloop.WORKERS)]
    assert out["after_idle_death"] == list(range(2 * offloop.WORKERS))
    assert out["many"] == [n * n for n in range(12)]
    assert out["workers"] == offloop.WORKERS
    assert out["board"] is True
    assert out["after_stop"] == 0
    assert out["niceness"] == offloop.NICENESS      # the loop's process comes first for the CPU
    # and with two cores or more the workers keep off one, which the loop then usually has to itself
    assert out["worker_cores"] == (out["cores"][1:] if len(out["cores"]) >= 2 else out["cores"])


def test_outside_the_server_every_call_is_a_plain_one():
    assert not offloop.active()
    assert offloop.run("process", os.getpid) == os.getpid()
    assert offloop.run("cpu", os.getpid) == os.getpid()


def test_a_game_travels_as_its_setup_and_log_and_is_the_same_game_there():
    game = replay(EXAMPLE.read_text(encoding="utf-8"))
    data = pickle.dumps(game)
    assert len(data) < 30_000       # the log, not the 300 states (450 kB)
    again = pickle.loads(data)
    assert (again.states, again.events, again.facts, again.log, again.undone) == \
           (game.states, game.events, game.facts, game.log, game.undone)
    assert again.given == json.loads(EXAMPLE.read_text(encoding="utf-8").splitlines()[0])


KILLED_SERVER = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import os, sys
    from referee import offloop

    offloop.start()
    print(" ".join(str(offloop.run("process", os.getpid)) for _ in range(4)))
    print(" ".join(str(w.process.pid) for w in offloop._workers))
    sys.stdout.flush()
    sys.stdin.read()        # until killed
""")


def test_the_workers_end_when_their_server_is_killed():
    """A server killed (SIGKILL, a crash) cannot end its workers: they end themselves, so none lives
    on holding the server's stdout and stderr open (whoever reads them to the end would wait forever)."""
    import signal
    import time
    server = subprocess.Popen([sys.executable, "-c", KILLED_SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    server.stdout.readline()
    workers = [int(p) for p in server.stdout.readline().split()]
    assert len(workers) == offloop.WORKERS
    server.send_signal(signal.SIGKILL)
    out, _err = server.communicate(timeout=20)     # EOF only once no worker holds the pipes
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in workers):
        time.sleep(0.05)
    assert not [p for p in workers if Path(f"/proc/{p}").exists()]
