"""Exhaustive searches over every layout single-cube moves reach: the reference the flow-based
placement in referee.rules.storage is checked against (fine for small cases only)."""
from collections import deque

from referee.rules.storage import fits, totals

KINDS = 4


def moves(specs, alloc):
    for a in range(len(specs)):
        for r in range(KINDS):
            if alloc[a][r]:
                for b, (_, acc, _, cap, _) in enumerate(specs):
                    if b != a and r in acc and sum(alloc[b]) < cap:
                        yield shift(alloc, a, b, r)


def shift(alloc, a, b, r):
    out = [list(x) for x in alloc]
    if a is not None:
        out[a][r] -= 1
    out[b][r] += 1
    return tuple(tuple(x) for x in out)


def reachable(specs, start) -> dict:
    """Every layout reachable by moves, with its distance in moves, nearest first."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        for nxt in moves(specs, cur):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                todo.append(nxt)
    return dist


def place(specs, start, hand):
    """Breadth-first over (layout, cubes still in hand): moves first, then additions."""
    if not fits(specs, [t + h for t, h in zip(totals(start), hand)]):
        return None
    first = (start, tuple(hand))
    seen = {first}
    todo = deque([first])
    while todo:
        alloc, left = todo.popleft()
        if not any(left):
            return alloc
        steps = [(nxt, left) for nxt in moves(specs, alloc)]
        for r, n in enumerate(left):
            if n:
                for b, (_, acc, _, cap, _) in enumerate(specs):
                    if r in acc and sum(alloc[b]) < cap:
                        steps.append((shift(alloc, None, b, r), tuple(x - (i == r) for i, x in enumerate(left))))
        for state in steps:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return None


def can_burn(spec, counts, need) -> bool:
    if isinstance(need, tuple):
        return all(c >= n for c, n in zip(counts, need))
    return sum(counts[r] for r in spec[1]) >= need


def layouts_firing(specs, start, needs) -> dict:
    """The reachable layouts where every plant in needs holds what it burns, with their distances."""
    return {alloc: d for alloc, d in reachable(specs, start).items()
            if all(can_burn(specs[i], alloc[i], need) for i, need in needs.items())}
