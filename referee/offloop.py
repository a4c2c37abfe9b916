"""Work that must not hold the event loop: run in worker processes or on real threads while `referee
serve` runs under gevent.

The server answers every device from one event loop (referee.serve): a request that computes for
100 ms, or waits 100 ms for the disk, would hold every other table for as long. So the slow things
run elsewhere, and only the greenlet that asked for them waits:

- "process": Python work of many milliseconds whose inputs and answer are plain data (report and
  card PDFs, the planner's budget queries): it runs in one of WORKERS processes of their own
  (concurrent.futures' ProcessPoolExecutor, started fresh with "spawn", warmed at start), while the
  loop only waits on their pipe. A thread doing Python work takes the GIL from the loop on every
  turn (a small request beside a PDF waited 6× its idle time); a process takes nothing from it.
  The inputs are pickled (a Game as its setup and log: referee.game), so they must be small; a
  worker that dies fails only the calls it had (WorkerLost, which the pages say in the reader's
  language) and the pool is made anew;

- "disk": SQLite's work (referee.web.db lends each request a Store whose calls go here), which
  releases the GIL while it reads, writes and syncs the file;
- "writes": SQLite's writes, in a pool of their own, so reads of other games keep answering while a
  write waits on a slow or frozen disk;
- "cpu": Python work of many milliseconds that needs the server's live objects (replays of games
  not in memory and imports, which read and write the store; the standings). It holds the GIL
  while it runs, but Python hands the GIL to the waiting loop every SWITCH seconds, so a small
  request beside it waits at most that long for each of its few turns (bench/blocking.py).

Outside the server (tests, the CLI, Flask's test client) nothing is patched and `run` simply calls.
A call made from one of these threads (a Store call inside a replay) runs where it is.
"""
import os
import pickle
import signal
import sys
import threading
import time

SWITCH = 0.0005             # seconds a thread may hold the GIL while the loop waits for it (Python's default: 0.005)
SIZES = {"disk": 8, "writes": 4, "cpu": 2}
WORKERS = 2                 # processes of the "process" kind: the machine's two cores
TURN = 0.005                # seconds a pause waits at most for the loop to have answered the others (pause)
NICENESS = 5                # the workers' (os.nice): with every core busy, the loop's process gets the CPU first

_pools: dict = {}
_loop_thread = None
_workers = None             # the ProcessPoolExecutor of the "process" kind
_warm = None                # what each worker runs once it starts (imports, fonts)


class WorkerLost(RuntimeError):
    """The worker process doing a call ended before answering (killed, out of memory): nothing of
    the call was done; the pool is made anew for the next one."""


def start(warm=None):
    """Called by `referee serve` once gevent has patched the standard library: the pools exist from
    now, and the worker processes start (each running `warm`, a module-level function, first)."""
    global _loop_thread, _warm
    from gevent.monkey import get_original
    from gevent.threadpool import ThreadPool
    _loop_thread = get_original("threading", "get_ident")()
    for kind, size in SIZES.items():
        _pools[kind] = ThreadPool(size)
    sys.setswitchinterval(SWITCH)
    _warm = warm
    _start_workers()


def _start_workers():
    """A pool of WORKERS fresh processes ("spawn": nothing of the server's sockets, threads or gevent
    goes with them), all started now so the first PDF is as quick as the next."""
    global _workers
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor      # imported after gevent's patching: its waits are the loop's
    _workers = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_started, initargs=(_warm, os.getpid()))
    for _ in range(WORKERS):
        _workers.submit(os.getpid)


def _worker_started(warm, server: int):
    """In each worker: Ctrl+C at the terminal is the server's to handle (it ends the workers); the
    loop's process comes first for the CPU; then the warm-up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(server,), daemon=True, name="end-with-server").start()
    if warm is not None:
        warm()


ORPHAN_CHECK = 0.25         # seconds between a worker's looks at whether its server is still there


def _end_with(server: int):
    """In each worker: end when the server has gone without ending it (killed: SIGKILL, a crash), so
    no worker lives on holding the server's stdout and stderr open, and the port's next server starts
    clean. Its parent then is another process (init), which is how it is told (`server`: the pid of
    the process that made the pool, told by it: a worker may start after its server is gone)."""
    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def active() -> bool:
    """Whether a call from here would go to a pool: under the server, and on the loop's own thread."""
    if not _pools:
        return False
    from gevent.monkey import get_original
    return get_original("threading", "get_ident")() == _loop_thread


def run(kind: str, function, *args, **kwargs):
    """function(*args, **kwargs) on a thread of the `kind` pool, the calling greenlet waiting for it
    (its exception raised here); a plain call outside the server or off the loop's thread."""
    if not active():
        return function(*args, **kwargs)
    if kind == "process":
        done, value = _in_worker(function, args, kwargs)
    else:
        done, value = _pools[kind].apply(_caught, (function, args, kwargs))
    if not done:
        raise value
    return value


def pause():
    """A point where a page of several milliseconds lets the loop answer the requests that came
    meanwhile before it goes on (under the server; nothing elsewhere): a small request then waits
    for a part of the page, not the whole of it."""
    if active():
        import gevent
        # When the loop has looked at the sockets and run what came in: not sleep(0), which resumes this
        # greenlet among the loop's callbacks, often before it looks at all, nor a timer, which waits a
        # millisecond (epoll's least) when nothing came; at most TURN when the loop is never idle.
        with gevent.Timeout(TURN, False):
            gevent.idle()


def _in_worker(function, args, kwargs) -> tuple:
    """_portable(function, args, kwargs) in a worker process, the greenlet waiting on the future (the
    executor's threads are greenlets here: its waits on the workers' pipe are the loop's). A pool
    that broke before the call (a worker died while idle) is made anew for it; a worker that dies
    during the call fails it (WorkerLost)."""
    from concurrent.futures.process import BrokenProcessPool
    workers = _workers
    try:
        future = workers.submit(_portable, function, args, kwargs)
    except BrokenProcessPool:
        _renew(workers)
        workers = _workers
        future = workers.submit(_portable, function, args, kwargs)
    try:
        return future.result()
    except BrokenProcessPool:
        _renew(workers)
        raise WorkerLost("a worker process ended while working") from None


def _renew(broken):
    """A new pool in place of one whose worker died (once, however many calls it failed)."""
    if _workers is broken:
        broken.shutdown(wait=False, cancel_futures=True)
        _start_workers()


def _portable(function, args, kwargs) -> tuple:
    """_caught in a worker, with an exception that cannot make the way back (its class takes other
    arguments than it keeps) said as a RuntimeError instead of breaking the pool."""
    done, value = _caught(function, args, kwargs)
    if not done:
        try:
            pickle.loads(pickle.dumps(value))
        except Exception:
            value = RuntimeError(f"{type(value).__name__}: {value}")
    return done, value


def _caught(function, args, kwargs) -> tuple:
    """(True, result) or (False, the exception): the caller raises it (gevent's pool would print
    every exception a thread raises, even a refusal the page answers as it should)."""
    try:
        return True, function(*args, **kwargs)
    except Exception as e:
        return False, e


def end_workers():
    """End the worker processes at once (at the server's stop, which then ends the process: they
    hold nothing that must be finished, and a worker deep in a planner query would otherwise
    outlive the server). Nothing is waited for: the executor's own shutdown joins its queue's
    feeder, which would hold the stop."""
    global _workers
    workers, _workers = _workers, None
    for process in list((getattr(workers, "_processes", None) or {}).values()):
        process.kill()
    if workers is not None:     # the pool's named semaphores, unlinked now (else the resource tracker warns of them)
        from multiprocessing import util
        util._run_finalizers(0)


def stop():
    """Let the pools' threads and processes go (at the server's stop)."""
    end_workers()
    for pool in _pools.values():
        pool.kill()
    _pools.clear()
