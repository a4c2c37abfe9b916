"""Caches keyed by an object's identity, for the board and the rules context.

A Map or a Context is a large frozen dataclass: hashing one walks every city and link, so an
lru_cache keyed by its value spends more time hashing than the cached work saves. The catalogue
loads each board once (and a game keeps its Context), so the very object is the key; each entry
keeps its object alive, so an id is never reused while its entry exists.
"""
import threading
from functools import wraps


MISSING = object()


def per_object(maxsize: int = 256):
    """Cache fn(obj, *rest) per (obj itself, rest); `rest` must be small hashable values.
    `fn.known(obj, *rest)` answers from the cache only (MISSING when it would have to compute);
    `fn.keep(obj, *rest, value=v)` keeps a value worked out elsewhere (in a worker process);
    `fn.known_or(obj, *rest, work=f)` is the cached value, or f()'s, kept."""
    def decorate(fn):
        cache: dict[tuple, tuple] = {}
        lock = threading.Lock()

        @wraps(fn)
        def cached(obj, *rest):
            key = (id(obj), *rest)
            hit = cache.get(key)
            if hit is not None and hit[0] is obj:
                return hit[1]
            return keep(obj, *rest, value=fn(obj, *rest))

        def keep(obj, *rest, value):
            with lock:
                if len(cache) >= maxsize:
                    cache.clear()
                cache[(id(obj), *rest)] = (obj, value)
            return value

        def known(obj, *rest):
            """The cached value if there is one (nothing computed): MISSING otherwise."""
            hit = cache.get((id(obj), *rest))
            return hit[1] if hit is not None and hit[0] is obj else MISSING
        def known_or(obj, *rest, work):
            """The cached value, else work() (a call worked out elsewhere: a worker process), kept."""
            found = known(obj, *rest)
            return keep(obj, *rest, value=work()) if found is MISSING else found

        cached.known = known
        cached.keep = keep
        cached.known_or = known_or
        cached.cache_clear = cache.clear
        return cached
    return decorate
