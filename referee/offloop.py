"""Work that must not hold the event loop: run on a real thread while `referee serve` runs under gevent.

The server answers every device from one event loop (referee.serve): a request that computes for
100 ms, or waits 100 ms for the disk, would hold every other table for as long. So the slow things
run on OS threads of gevent's thread pools, and only the greenlet that asked for them waits:

- "disk": SQLite's work (referee.web.db lends each request a Store whose calls go here), which
  releases the GIL while it reads, writes and syncs the file;
- "writes": SQLite's writes, in a pool of their own, so reads of other games keep answering while a
  write waits on a slow or frozen disk;
- "cpu": Python work of many milliseconds (report and card PDFs, replays of games not in memory,
  imports, the planner's budget query). It holds the GIL while it runs, but Python hands the GIL to
  the waiting loop every SWITCH seconds, so a small request beside it waits at most that long for
  each of its few turns (bench/blocking.py measures it);
- "pdf": ReportLab's PDFs, one at a time (ReportLab keeps fonts and settings in module globals).

Outside the server (tests, the CLI, Flask's test client) nothing is patched and `run` simply calls.
A call made from one of these threads (a Store call inside a replay) runs where it is.
"""
import sys

SWITCH = 0.0005             # seconds a thread may hold the GIL while the loop waits for it (Python's default: 0.005)
SIZES = {"disk": 8, "writes": 4, "cpu": 2, "pdf": 1}

_pools: dict = {}
_loop_thread = None


def start():
    """Called by `referee serve` once gevent has patched the standard library: the pools exist from now."""
    global _loop_thread
    from gevent.monkey import get_original
    from gevent.threadpool import ThreadPool
    _loop_thread = get_original("threading", "get_ident")()
    for kind, size in SIZES.items():
        _pools[kind] = ThreadPool(size)
    sys.setswitchinterval(SWITCH)


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
    done, value = _pools[kind].apply(_caught, (function, args, kwargs))
    if not done:
        raise value
    return value


def _caught(function, args, kwargs) -> tuple:
    """(True, result) or (False, the exception): the caller raises it (gevent's pool would print
    every exception a thread raises, even a refusal the page answers as it should)."""
    try:
        return True, function(*args, **kwargs)
    except Exception as e:
        return False, e


def stop():
    """Let the pools' threads go (at the server's stop: they hold nothing that must be finished)."""
    for pool in _pools.values():
        pool.kill()
    _pools.clear()
