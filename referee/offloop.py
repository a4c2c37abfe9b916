"""Work that must not hold the event loop: run in worker processes or on real threads while `referee
serve` runs under gevent.

The server answers every device from one event loop (referee.serve): a request that computes for
100 ms, or waits 100 ms for the disk, would hold every other table for as long. So the slow things
run elsewhere, and only the greenlet that asked for them waits:

- "process": Python work of many milliseconds whose inputs and answer are plain data (report and
  card PDFs, the planner's budget queries): it runs in one of WORKERS processes of their own
  (started fresh with "spawn", warmed at start), while the loop only waits on their pipe. A thread
  doing Python work takes the GIL from the loop on every turn (a small request beside a PDF waited
  6× its idle time); a process takes nothing from it. Each worker has a pipe in and a pipe out,
  and the calling greenlet writes its call and waits for the answer's pipe to be readable: the
  loop's whole share of a call is 25–30 µs of CPU, where concurrent.futures' ProcessPoolExecutor
  (its queue's feeder, its manager thread, its wake-up pipe, all greenlets here) took ~140 µs, and
  a planner query every 5 ms made a small request beside it wait 4× its idle time (bench/blocking.py).
  The inputs are pickled (a Game as its setup and log: referee.game), so they must be small; a
  worker that dies fails only the call it had (WorkerLost, which the pages say in the reader's
  language) and another worker takes its place;

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
NICENESS = 5                # the workers' (os.nice): the loop's process comes first (_yield_to_the_loop)

_pools: dict = {}
_loop_thread = None
_workers: list = []         # the "process" kind's workers (_Worker), busy or not
_idle = None                # a gevent Queue of the workers waiting for a call
_warm = None                # what each worker runs once it starts (imports, fonts)
_ended = False              # the workers were ended (the server's stop): no call starts one again


class WorkerLost(RuntimeError):
    """The worker process doing a call ended before answering (killed, out of memory): nothing of
    the call was done; another worker takes its place for the next one."""


def start(warm=None):
    """Called by `referee serve` once gevent has patched the standard library: the pools exist from
    now, and the worker processes start (each running `warm`, a module-level function, first)."""
    global _loop_thread, _warm, _idle, _ended
    _ended = False
    from gevent.monkey import get_original
    from gevent.queue import Queue
    from gevent.threadpool import ThreadPool
    _loop_thread = get_original("threading", "get_ident")()
    for kind, size in SIZES.items():
        _pools[kind] = ThreadPool(size)
    sys.setswitchinterval(SWITCH)
    _warm = warm
    _idle = Queue()
    for _ in range(WORKERS):
        _idle.put(_Worker())


class _Worker:
    """One worker process ("spawn": nothing of the server's sockets, threads or gevent goes with it)
    and its two one-way pipes: plain blocking pipes (a duplex Connection would be a socket pair,
    which gevent makes non-blocking), read on the loop only once gevent says the answer is there.
    The server keeps no copy of the worker's ends, so a worker that dies is an end of file at once."""

    def __init__(self):
        import multiprocessing
        spawn = multiprocessing.get_context("spawn")
        calls, self.calls = spawn.Pipe(duplex=False)
        self.answers, answers = spawn.Pipe(duplex=False)
        self.process = spawn.Process(target=_serve_calls, args=(calls, answers, _warm, os.getpid()),
                                     name="referee-worker", daemon=True)
        self.process.start()
        calls.close()
        answers.close()
        _workers.append(self)

    def call(self, function, args, kwargs) -> tuple:
        """(done, value) of _portable(function, args, kwargs) there, the greenlet waiting; EOFError or
        OSError if the worker is gone."""
        from gevent.socket import wait_read
        self.calls.send((function, args, kwargs))
        wait_read(self.answers.fileno())
        return self.answers.recv()

    def end(self):
        if self in _workers:
            _workers.remove(self)
        self.process.kill()
        for pipe in (self.calls, self.answers):
            pipe.close()


def _serve_calls(calls, answers, warm, server: int):
    """In each worker: Ctrl+C at the terminal is the server's to handle (it ends the workers); the
    loop's process comes first for the CPU (_yield_to_the_loop); then the warm-up, then one call after
    another until the server closes its pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _yield_to_the_loop()
    threading.Thread(target=_end_with, args=(server,), daemon=True, name="end-with-server").start()
    if warm is not None:
        warm()
    while True:
        try:
            function, args, kwargs = calls.recv()
        except (EOFError, OSError):
            os._exit(0)
        answer = _portable(function, args, kwargs)
        try:
            answers.send(answer)
        except Exception as e:      # an answer that cannot travel (pickling fails before a byte is written)
            answers.send((False, RuntimeError(f"{type(e).__name__}: {e}")))


def _yield_to_the_loop():
    """In each worker: the server's loop comes first. Niceness 5, and with two cores or more the
    workers keep off the lowest-numbered one, so the loop usually finds a core no worker computes on
    when it wakes (the workers then share the other cores: two PDFs at once on a 2-core machine take
    twice as long each). Beside the planner's budget queries a small request's p95 came to 1.8–2.3×
    its idle p95 in five runs of bench/blocking.py out of six (4.1× in one), against 1.6–4.1× (median
    2.7×) without keeping off a core and 1.4–4.3× (median 3.8×) before the pipes.
    Measured and dropped: an idle-only worker (SCHED_IDLE) made it 1.0×, but it gets almost nothing
    while every core is busy with other work (started beside two CPU-bound programs, a test's worker
    answered after 32 s against 0.8 s at niceness 5); at niceness 19 a seat's "most cities" answer
    outwaited the page's 2.5 s request timeout in the seats' browser test under the test suite's load;
    offering the core every half millisecond of a worker's CPU (os.sched_yield) changed nothing."""
    os.nice(NICENESS)
    try:
        cores = os.sched_getaffinity(0)
        if len(cores) >= 2:
            os.sched_setaffinity(0, cores - {min(cores)})
    except (AttributeError, OSError):   # not Linux, or refused: niced only
        pass


ORPHAN_CHECK = 0.25         # seconds between a worker's looks at whether its server is still there


def _end_with(server: int):
    """In each worker: end when the server has gone without ending it (killed: SIGKILL, a crash), so
    no worker lives on holding the server's stdout and stderr open, and the port's next server starts
    clean. Its parent then is another process (init), which is how it is told (`server`: the pid of
    the process that made the worker, told by it: a worker may start after its server is gone)."""
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
    """_portable(function, args, kwargs) in an idle worker process, the greenlet waiting for one to be
    free and then for its answer. A worker found dead before the call (it died while idle) is
    replaced and the call goes to the new one; a worker that dies during the call fails it
    (WorkerLost). A greenlet ended while it waits (a Timeout, the server's stop) leaves the worker to
    a greenlet that takes the answer off its pipe before the worker takes another call."""
    if _ended:
        raise WorkerLost("the server is stopping")
    worker = _idle.get()
    try:
        try:
            answer = worker.call(function, args, kwargs)
        except (BrokenPipeError, ConnectionResetError):    # dead before the call reached it
            worker.end()
            worker = _Worker()
            answer = worker.call(function, args, kwargs)
    except (EOFError, OSError):
        worker.end()
        if not _ended:
            _idle.put(_Worker())
        raise WorkerLost("a worker process ended while working") from None
    except BaseException:
        import gevent
        gevent.spawn(_drain, worker)
        raise
    _idle.put(worker)
    return answer


def _drain(worker):
    """The answer of a call whose caller stopped waiting, read and dropped; the worker is idle again."""
    from gevent.socket import wait_read
    try:
        wait_read(worker.answers.fileno())
        worker.answers.recv()
    except Exception:
        worker.end()
        if _ended:
            return
        worker = _Worker()
    _idle.put(worker)


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
    outlive the server). Nothing is waited for, and no worker is started after this."""
    global _ended
    _ended = True
    for worker in list(_workers):
        worker.end()


def stop():
    """Let the pools' threads and processes go (at the server's stop)."""
    end_workers()
    for pool in _pools.values():
        pool.kill()
    _pools.clear()
