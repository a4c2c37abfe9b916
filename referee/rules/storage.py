"""Resources stored on plants.

A plant holds at most twice what it burns, only of its own kind(s); a hybrid holds coal and oil
in any mix. Cubes move between one's own plants one at a time, each move within capacity, so a
full hybrid cannot swap its oil for coal held on a coal plant unless some plant has room
(RULES.md phase 5, designer's ruling). Allocations are tuples (one per plant) of per-resource
counts in RESOURCES order.
"""
from collections import deque
from functools import lru_cache
from itertools import combinations

from .context import RESOURCES

IDX = {r: i for i, r in enumerate(RESOURCES)}


def specs_of(ctx, plants: list) -> tuple:
    """(number, accepted resource indexes, burns, capacity, powers) for each owned plant."""
    out = []
    for pl in plants:
        p = ctx.plant(pl["number"])
        out.append((p.number, tuple(IDX[r] for r in p.accepts), p.burns, p.capacity, p.powers))
    return tuple(out)


def alloc_of(plants: list) -> tuple:
    return tuple(tuple(pl["stored"].get(r, 0) for r in RESOURCES) for pl in plants)


def write_alloc(plants: list, alloc: tuple) -> None:
    for pl, counts in zip(plants, alloc):
        pl["stored"] = {r: n for r, n in zip(RESOURCES, counts) if n}


def totals(alloc: tuple) -> list:
    return [sum(a[i] for a in alloc) for i in range(len(RESOURCES))]


def fits(specs: tuple, amounts) -> bool:
    """Whether these resource totals can be stored at all (Hall's condition over resource kinds)."""
    kinds = [i for i, n in enumerate(amounts) if n]
    for k in range(1, len(kinds) + 1):
        for group in combinations(kinds, k):
            room = sum(s[3] for s in specs if any(i in s[1] for i in group))
            if sum(amounts[i] for i in group) > room:
                return False
    return True


def _moves(specs, alloc):
    for a, (_, _, _, _, _) in enumerate(specs):
        for r in range(len(RESOURCES)):
            if not alloc[a][r]:
                continue
            for b, (_, acc, _, cap, _) in enumerate(specs):
                if b != a and r in acc and sum(alloc[b]) < cap:
                    yield _shift(alloc, a, b, r)


def _shift(alloc, a, b, r):
    out = [list(x) for x in alloc]
    if a is not None:
        out[a][r] -= 1
    out[b][r] += 1
    return tuple(tuple(x) for x in out)


@lru_cache(maxsize=8192)
def reachable(specs: tuple, start: tuple) -> tuple:
    """Every allocation reachable by single-cube moves, nearest first."""
    seen = {start}
    order = [start]
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        for nxt in _moves(specs, cur):
            if nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
                todo.append(nxt)
    return tuple(order)


def place(specs: tuple, start: tuple, hand) -> tuple | None:
    """The nearest allocation holding `start` plus the cubes in hand, or None if they cannot fit."""
    if not fits(specs, [t + h for t, h in zip(totals(start), hand)]):
        return None
    first = (start, tuple(hand))
    seen = {first}
    todo = deque([first])
    while todo:
        alloc, left = todo.popleft()
        if not any(left):
            return alloc
        steps = [(nxt, left) for nxt in _moves(specs, alloc)]
        for r, n in enumerate(left):
            if n:
                for b, (_, acc, _, cap, _) in enumerate(specs):
                    if r in acc and sum(alloc[b]) < cap:
                        rest = tuple(x - (i == r) for i, x in enumerate(left))
                        steps.append((_shift(alloc, None, b, r), rest))
        for state in steps:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return None
