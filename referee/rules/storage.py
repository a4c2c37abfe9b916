"""Resources stored on plants.

A plant holds at most twice what it burns, only of its own kind(s); a hybrid holds coal and oil
in any mix. Cubes move between one's own plants one at a time, each move within capacity, so a
full hybrid cannot swap its oil for coal held on a coal plant unless some plant has room
(RULES.md phase 5, designer's ruling). Allocations are tuples (one per plant) of per-resource
counts in RESOURCES order.

What moves can reach (the tests check this against an exhaustive search): coal and oil meet only
on hybrids. A layout is *stuck* when no hybrid has room, no coal on a hybrid can go to a coal
plant with room and no oil on a hybrid to an oil plant with room; from it, moves only shuffle
cubes among plants of one kind, the hybrids keep theirs. From any other layout every layout with
the same cubes that is not stuck can be reached. So placing cubes is a flow problem, not a search.
"""
from typing import NamedTuple

from .context import RESOURCES
from .mincost import Network

IDX = {r: i for i, r in enumerate(RESOURCES)}
COAL, OIL = IDX["coal"], IDX["oil"]
REQUIRED = 10 ** 6          # the cost saved by each cube a fired plant needs: needs come first


class Spec(NamedTuple):
    """An owned plant as storing and powering see it (a tuple: hashable for power.best's cache)."""
    number: int
    accepts: tuple[int, ...]  # resource indexes (IDX)
    burns: int
    capacity: int
    powers: int


def specs_of(ctx, plants: list) -> tuple[Spec, ...]:
    """A Spec for each owned plant, in the player's order."""
    out = []
    for pl in plants:
        p = ctx.plant(pl["number"])
        out.append(Spec(p.number, tuple(IDX[r] for r in p.accepts), p.burns, p.capacity, p.powers))
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
    for mask in range(1, 1 << len(kinds)):
        group = [k for b, k in enumerate(kinds) if mask >> b & 1]
        room = sum(s.capacity for s in specs if any(i in s.accepts for i in group))
        if sum(amounts[i] for i in group) > room:
            return False
    return True


def is_hybrid(spec) -> bool:
    return COAL in spec.accepts and OIL in spec.accepts


def _balance(specs, alloc) -> tuple:
    """(room on coal-only plants, room on oil-only plants, room on hybrids, coal on hybrids,
    oil on hybrids): all that decides what moves can do with coal and oil."""
    coal_room = oil_room = hybrid_room = coal = oil = 0
    for spec, counts in zip(specs, alloc):
        room = spec.capacity - sum(counts)
        if is_hybrid(spec):
            hybrid_room, coal, oil = hybrid_room + room, coal + counts[COAL], oil + counts[OIL]
        elif spec.accepts == (COAL,):
            coal_room += room
        elif spec.accepts == (OIL,):
            oil_room += room
    return coal_room, oil_room, hybrid_room, coal, oil


def stuck(specs, alloc) -> bool:
    coal_room, oil_room, hybrid_room, coal, oil = _balance(specs, alloc)
    return not hybrid_room and not (coal_room and coal) and not (oil_room and oil)


def moves_needed(specs, alloc, hand) -> int | None:
    """The fewest single-cube moves after which the cubes in hand fit where there is room, or None
    if they never fit. Only coal leaving a hybrid for a coal plant (or oil for an oil plant) makes
    room that was not there, and each such move makes one place on a hybrid."""
    for r, n in enumerate(hand):
        if r not in (COAL, OIL) and n > sum(s.capacity - sum(c) for s, c in zip(specs, alloc) if r in s.accepts):
            return None
    coal_room, oil_room, hybrid_room, coal, oil = _balance(specs, alloc)
    short = max(0, hand[COAL] - coal_room) + max(0, hand[OIL] - oil_room) - hybrid_room
    if short <= 0:
        return 0
    freeable = min(coal, max(0, coal_room - hand[COAL])) + min(oil, max(0, oil_room - hand[OIL]))
    return short if short <= freeable else None


def _moves(specs, alloc):
    for a in range(len(specs)):
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


def place(specs: tuple, start: tuple, hand) -> tuple | None:
    """The allocation holding `start` plus the cubes in hand that the fewest single-cube moves
    reach, or None if they cannot fit. Among equally near ones: the first found trying moves (by
    source plant, resource, target) before adding cubes (by resource, then plant), i.e. at each
    step the first step that keeps the rest as short as it can be."""
    left = tuple(hand)
    need = moves_needed(specs, start, left)
    if need is None:
        return None
    alloc = start
    for need in range(need - 1, -1, -1):
        alloc = next(nxt for nxt in _moves(specs, alloc) if moves_needed(specs, nxt, left) == need)
    for r in range(len(RESOURCES)):
        while left[r]:
            left = tuple(n - (i == r) for i, n in enumerate(left))
            alloc = next(nxt for b, spec in enumerate(specs) if r in spec.accepts and sum(alloc[b]) < spec.capacity
                         for nxt in [_shift(alloc, None, b, r)] if moves_needed(specs, nxt, left) == 0)
    return alloc


def arrange(specs: tuple, alloc: tuple, needs: dict, burn_cost: tuple, move_cost: int):
    """A layout that moves can reach from `alloc` where each plant i in `needs` holds what it
    burns (needs[i]: a count of any resources it takes, or a per-resource tuple), and what each
    burns: (layout, {i: burn tuple}), or None. Least cost first: move_cost per cube that ends on
    another plant, burn_cost[r] per cube of r burned."""
    net, keep, burn = Network(), {}, {}
    fixed = stuck(specs, alloc)
    for p, (spec, counts) in enumerate(zip(specs, alloc)):
        for r in spec.accepts:
            if counts[r]:
                net.arc("in", ("has", p, r), counts[r])
                for q, other in enumerate(specs):
                    if r in other.accepts and (q == p or not (fixed and (is_hybrid(spec) or is_hybrid(other)))):
                        net.arc(("has", p, r), ("gets", q, r), counts[r], move_cost * (q != p))
    for q, spec in enumerate(specs):
        need = needs.get(q, 0)
        if isinstance(need, int) and need:
            net.arc(("needs", q), ("plant", q), need, -REQUIRED)
        for r in spec.accepts:
            if isinstance(need, tuple) and need[r]:
                burn[q, r] = net.arc(("gets", q, r), ("plant", q), need[r], burn_cost[r] - REQUIRED)
            elif isinstance(need, int) and need:
                burn[q, r] = net.arc(("gets", q, r), ("needs", q), need, burn_cost[r])
            keep[q, r] = net.arc(("gets", q, r), ("plant", q), spec.capacity)
        net.arc(("plant", q), "out", spec.capacity)
    net.run("in", "out")
    used = {q: tuple(net.flow(burn[q, r]) if (q, r) in burn else 0 for r in range(len(RESOURCES)))
            for q in needs}
    if any(used[q] != need if isinstance(need, tuple) else sum(used[q]) != need for q, need in needs.items()):
        return None
    layout = tuple(tuple(used.get(q, (0,) * len(RESOURCES))[r] + (net.flow(keep[q, r]) if (q, r) in keep else 0)
                         for r in range(len(RESOURCES))) for q in range(len(specs)))
    return layout, used
