"""New networks a map rule lets a player begin (seed 001: British Isles, Japan), priced exactly.

`starts` is a sequence of *slots*, each a mapping {city: link cost} (or pairs): a slot may begin
one new network, in one of its cities, for that connection cost instead of a connection from the
player's cities; every city so begun counts as the player's from then on. With an empty network
the first network is free (base rule), so the dearest link used is waived, and a first city must
come from a slot. Without `starts` the base rule applies unchanged.

The cost of a set S is min over the start choices T (one city or none per slot, all in S) of
links(T) + houses + the minimum spanning tree of S − T over {network ∪ T as one node}. `route`
tries every T (S is small); `suggest` runs the exact set search (search.py) once per T and keeps
each set's cheapest cost. Choices that cannot differ are tried once: a start alone in a land mass
that holds no other root (British Isles: a whole island) costs the same from any city there with
the same link, since the tree of that island's cities does not depend on where it is rooted; so
the variant rooted at t leaves out the slot's lower-numbered cities of that island.
"""
from __future__ import annotations

from .plan import Build, Plan, PlanError
from .search import INF, best_sets


def _slots(planner, starts) -> list[dict[int, int]]:
    """Slots as {city index: link} for the cities of the play areas."""
    out = []
    for slot in starts:
        pairs = slot.items() if hasattr(slot, "items") else slot
        out.append({planner.index[c]: link for c, link in pairs if c in planner.index})
    return out


def _choices(slots, pool, need) -> list[tuple]:
    """Every start choice: tuples of (slot, city index, link), one city or none per slot, cities
    distinct and in `pool` (in its order); at least one when `need` (an empty network)."""
    out = [()]
    for k, slot in enumerate(slots):
        grown = []
        for roots in out:
            grown.append(roots)
            taken = {i for _, i, _ in roots}
            grown += [roots + ((k, i, slot[i]),) for i in pool if i in slot and i not in taken]
        out = grown
    return [r for r in out if r or not need]


def _extra(roots, net, house) -> int:
    """Links (an empty network's dearest one waived: the first network is free) and houses of the starts."""
    links = [link for _, _, link in roots]
    waived = max(links) if links and not net else 0
    return sum(links) - waived + sum(house[i] for _, i, _ in roots)


def _left_out(planner, slots, net, roots) -> set:
    """Cities a variant need not consider (another variant prices each of their sets the same)."""
    comp = planner.land
    out = set()
    for k, i, link in roots:
        land = comp[i]
        if any(comp[t] == land for t in net) or any(comp[j] == land for _, j, _ in roots if j != i):
            continue
        out |= {j for j, other in slots[k].items() if j < i and comp[j] == land and other == link}
    return out


def keys(planner, net, starts) -> list[int]:
    """Per city, the cheapest connection of a build of that city alone."""
    keys = planner.root_keys(net) or [INF] * len(planner.cities)
    for slot in _slots(planner, starts):
        for i, link in slot.items():
            keys[i] = min(keys[i], link if net else 0)
    return keys


def plan(planner, net, roots, rest, occ, house_costs):
    """The starts first (no source city), then the rest in Prim order from the network and the starts."""
    cities = planner.cities
    if roots and not net:  # the free first network is the dearest start: built first
        first = max(roots, key=lambda r: r[2])
        roots = (first[:2] + (0,), *(r for r in roots if r is not first))
    builds = [Build(cities[i], None, (cities[i],), link, planner.house(cities[i], occ.get(cities[i], 0), house_costs))
              for _, i, link in roots]
    builds += planner.prim(list(net) + [i for _, i, _ in roots], list(rest), occ, house_costs).builds
    connection = sum(b.connection for b in builds)
    houses = sum(b.house for b in builds)
    return Plan(connection + houses, connection, houses, builds)


def route(planner, net, new, occ, house_costs, starts, in_order=False):
    """The cheapest start choice for exactly these cities (ties: more starts, so a start the table asked
    for at no extra cost is made; then the order given). in_order: built in the order given."""
    best = error = None
    for roots in _choices(_slots(planner, starts), new, need=not net):
        chosen = {i for _, i, _ in roots}
        try:
            if in_order:
                p = planner._in_order(net, [(i, link) for _, i, link in roots], new, occ, house_costs)
            else:
                p = plan(planner, net, roots, [u for u in new if u not in chosen], occ, house_costs)
        except PlanError as e:
            error = e
            continue
        if best is None or (p.total, -len(roots)) < best[0]:
            best = ((p.total, -len(roots)), p)
    if best is None:
        if error is not None:
            raise error
        names = sorted({planner.name(planner.cities[i]) for slot in _slots(planner, starts) for i in slot})
        raise PlanError(f"a network may begin only in {', '.join(names) or 'no city here'}")
    return best[1]


def _variants(planner, net, house, eligible, starts):
    """(extra cost, roots, root keys, open cities) per start choice, cheapest extra first."""
    slots = _slots(planner, starts)
    out = []
    for roots in _choices(slots, eligible, need=not net):
        root = list(net) + [i for _, i, _ in roots]
        keys = planner.root_keys(root)
        skip = _left_out(planner, slots, net, roots) | {i for _, i, _ in roots}
        open_ = [i for i in eligible if i not in skip and keys[i] < INF]
        out.append((_extra(roots, net, house), roots, keys, open_))
    out.sort(key=lambda v: v[0])
    return out


def _best(found: dict, top: int) -> list:
    return sorted(found.values(), key=lambda f: (f[0], sorted(f[3])))[:top]


def _keep(found: dict, cost, roots, order, cities) -> None:
    """A set found through several start choices keeps its cheapest."""
    names = frozenset(cities[i] for i in [*(i for _, i, _ in roots), *order])
    if names not in found or cost < found[names][0]:
        found[names] = (cost, roots, order, names)


def suggest(planner, net, house, eligible, count, budget, top, starts) -> list:
    """[(cost, roots, order)]: the `top` cheapest sets as Planner.suggest defines them."""
    found: dict = {}
    variants = _variants(planner, net, house, eligible, starts)
    if count is not None:
        limit = INF if budget is None else budget + 1
        minh = min((house[i] for i in eligible), default=0)
        for extra, roots, keys, open_ in variants:
            r = count - len(roots)
            best = _best(found, top)
            lim = min(limit, best[-1][0] + 1) if len(best) == top else limit
            if r < 0 or extra + r * minh >= lim:
                continue
            sets = [(0, ())] if r == 0 else best_sets(planner.dist, house, open_, r, root_keys=keys,
                                                       top=top, limit=lim - extra)
            for c, order in sets:
                if extra + c < lim:
                    _keep(found, extra + c, roots, order, planner.cities)
    else:
        most = 0
        for extra, roots, keys, open_ in variants:
            if extra > budget or len(roots) + len(open_) < most:
                continue
            sets = planner.most_within(house, open_, keys, top, budget - extra, None) or [(0, ())]
            k = len(roots) + len(sets[0][1])
            if k == 0 or k < most:
                continue
            if k > most:
                most, found = k, {}
            for c, order in sets:
                _keep(found, extra + c, roots, order, planner.cities)
    return [(cost, roots, order) for cost, roots, order, _ in _best(found, top)]
