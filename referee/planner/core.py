"""Pricing builds (RULES.md phase 4) on one map with a chosen set of play areas.

A Planner holds, for the cities of the play areas only, the all-pairs shortest path costs
and a predecessor table (paths never leave the play areas), so a query does no graph search.
"""
from __future__ import annotations

import heapq
from functools import cached_property

from ..catalog import load_map
from . import starts as new_networks
from .plan import Build, Plan, PlanError
from .bottleneck import cheapest_sets, relaxation
from .search import INF, SearchLimit, best_sets

DEFAULT_HOUSE_COSTS = (10, 15, 20)

# A `suggest(budget=...)` search that visits more subproblems than this (some 10 s) gives up with a
# PlanError rather than running for minutes (bottleneck.cheapest_sets; no shipped map and budget
# seen needs more than a few hundred).
MAX_SEARCH_NODES = 30_000
# Budgets buying this many cities or fewer are searched as a count is (search.py, whose nodes are
# cheaper, the limit on them ten times higher): below it the enumeration is as fast or faster.
ENUMERATE_UP_TO = 5


_cache: dict[tuple, "Planner"] = {}


def get_planner(map, areas, link=None) -> "Planner":
    """The Planner for `map` (a loaded Map, or an id/path for load_map) and `areas`
    (ids or printed names), cached per (map.id, frozenset(area ids), link).

    link: a map rule's general link (Australia): any two cities of the areas join for this many
    Elektro when their printed path costs more (None: printed paths only)."""
    if isinstance(map, str) or hasattr(map, "__fspath__"):
        map = load_map(map)
    ids = _resolve_areas(map, areas)
    key = (map.id, ids, link)
    hit = _cache.get(key)
    if hit is not None and (hit.map is map or hit.map == map):
        return hit
    planner = Planner(map, ids, link)
    _cache[key] = planner
    return planner


def _one_line(e: Exception) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _resolve_areas(m, areas) -> frozenset:
    if isinstance(areas, str):
        areas = [a for a in areas.split(",") if a.strip()]
    out = set()
    for a in areas:
        if a in m.areas:
            out.add(a)
            continue
        try:
            out.add(m.resolve_area(a.strip() if isinstance(a, str) else a))
        except ValueError as e:
            raise PlanError(_one_line(e)) from None
    if not out:
        raise PlanError("no play areas given")
    return frozenset(out)


class Planner:
    """Build prices for one map and one set of play areas (see get_planner)."""

    def __init__(self, m, areas, link=None):
        self.map = m
        ids = _resolve_areas(m, areas)
        if not m.areas_connected(ids):
            raise PlanError(f"areas {', '.join(sorted(ids))} are not connected on {m.id}")
        self.areas = ids
        self.cities = tuple(sorted(m.cities_in(ids)))
        self.index = {c: i for i, c in enumerate(self.cities)}
        n = len(self.cities)
        adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for c in m.connections:
            a, b = self.index.get(c.a), self.index.get(c.b)
            if a is not None and b is not None:
                adj[a].append((b, c.cost))
                adj[b].append((a, c.cost))
        self.dist, self.hops, self.pred = [], [], []
        for s in range(n):
            d, h, p = _dijkstra(adj, s, n)
            self.dist.append(d)
            self.hops.append(h)
            self.pred.append(p)
        if link is not None:
            self._general_links(link)

    def _general_links(self, cost: int) -> None:
        """Any two cities join for `cost` where the printed path costs more: that connection is one
        direct link (path a, b). min(distance, cost) is still a metric, so every plan stays exact."""
        for i, (d, h, p) in enumerate(zip(self.dist, self.hops, self.pred)):
            for j, dj in enumerate(d):
                if dj > cost and j != i:
                    d[j], h[j], p[j] = cost, 1, i

    @cached_property
    def land(self) -> list[int]:
        """Per city index, the lowest index reachable from it inside the areas: its land mass."""
        return [next(j for j, d in enumerate(row) if d < INF) for row in self.dist]

    # ---------------------------------------------------------------- helpers
    def name(self, city: str) -> str:
        c = self.map.cities.get(city)
        return c.name if c else city

    def path(self, a: str, b: str) -> tuple[str, ...]:
        """Cheapest path a .. b inside the play areas (fewest links among equals)."""
        i, j = self.index[a], self.index[b]
        if self.dist[i][j] >= INF:
            raise PlanError(f"{self.name(b)} cannot be reached from {self.name(a)} inside the play areas")
        pred = self.pred[i]
        out = [j]
        while out[-1] != i:
            out.append(pred[out[-1]])
        return tuple(self.cities[k] for k in reversed(out))

    def distance(self, a: str, b: str) -> int | None:
        d = self.dist[self.index[a]][self.index[b]]
        return None if d >= INF else d

    def _city(self, text, what="city") -> str:
        m = self.map
        if isinstance(text, str) and text in m.cities:
            cid = text
        else:
            try:
                cid = m.resolve_city(text.strip() if isinstance(text, str) else text)
            except ValueError as e:
                raise PlanError(_one_line(e)) from None
        return cid

    def _in_areas(self, cid, role) -> int:
        i = self.index.get(cid)
        if i is None:
            area = self.map.cities[cid].area
            raise PlanError(f"{role}{self.name(cid)} is in area {area}, outside the play areas "
                            f"({', '.join(sorted(self.areas))})")
        return i

    def _network(self, network) -> list[int]:
        if isinstance(network, str):
            network = [network]
        out = []
        for text in network or ():
            i = self._in_areas(self._city(text), "network city ")
            if i not in out:
                out.append(i)
        return out

    def _occupied(self, occupied) -> dict[str, int]:
        out: dict[str, int] = {}
        for text, k in (occupied or {}).items():
            cid = self._city(text)
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 3:
                raise PlanError(f"{self.name(cid)}: houses already there must be 0 to 3, got {k!r}")
            out[cid] = k
        return out

    @staticmethod
    def _check_step(step, house_costs):
        if isinstance(step, bool) or step not in (1, 2, 3):
            raise PlanError(f"step must be 1, 2 or 3, got {step!r}")
        if len(house_costs) < step:
            raise PlanError(f"house_costs needs a price for each of the {step} houses step {step} allows")

    def _full(self, cid, k, step) -> str | None:
        room = self.map.open_spaces(cid, step)
        if k >= room:
            return (f"{self.name(cid)} is full for step {step} "
                    f"({k} house{'s' if k != 1 else ''} already, step {step} allows {room} there)")
        return None

    def house(self, cid, k, house_costs) -> int:
        """The price of the next house in a city holding k (the board's own space, else the edition's)."""
        return self.map.house_price(cid, k, house_costs)

    def root_keys(self, net: list[int]) -> list[int] | None:
        if not net:
            return None
        rows = [self.dist[t] for t in net]
        return [min(col) for col in zip(*rows)] if len(rows) > 1 else list(rows[0])

    # ---------------------------------------------------------------- route
    def route(self, network, add, step=1, occupied=None, house_costs=DEFAULT_HOUSE_COSTS, starts=None,
              in_order=False) -> Plan:
        """The cheapest way to add the cities `add` to `network`, in a valid build order.

        starts: where a map rule lets new networks begin (see planner/starts.py); None: the base
        rule (only an empty network's first city, anywhere, free).
        in_order: build the cities in the order given (the table's own order), each connected from
        the cheapest of the cities owned by then, rather than in the cheapest order."""
        self._check_step(step, house_costs)
        net = self._network(network)
        occ = self._occupied(occupied)
        new = self._new(net, add, occ, step)
        if starts is not None:
            return new_networks.route(self, net, new, occ, house_costs, starts, in_order)
        if in_order:
            return self._in_order(net, [], new, occ, house_costs)
        return self.prim(net, new, occ, house_costs)

    def _new(self, net: list[int], add, occ: dict, step) -> list[int]:
        """The indexes of the cities to add, refused with the reason if one cannot be built."""
        if isinstance(add, str):
            add = [add]
        new: list[int] = []
        seen: set[str] = set()
        owned = {self.cities[i] for i in net}
        for text in add:
            cid = self._city(text)
            if cid in seen:
                raise PlanError(f"{self.name(cid)} is listed twice")
            seen.add(cid)
            if cid in owned:
                raise PlanError(f"{self.name(cid)} is already in the network")
            i = self._in_areas(cid, "")
            why = self._full(cid, occ.get(cid, 0), step)
            if why:
                raise PlanError(why)
            new.append(i)
        return new

    def added_cost(self, network, chosen, step=1, occupied=None, house_costs=DEFAULT_HOUSE_COSTS,
                   starts=None) -> dict[str, int]:
        """{city: what it adds to the cheapest build of `chosen`} for every other city of the play
        areas that is not in the network, not full and reachable: the price the tablet shows beside
        a city while the cities of one build are tapped together (with nothing chosen, each_cost)."""
        if not chosen:
            return self.each_cost(network, step, occupied, house_costs, starts)
        base = self.route(network, chosen, step, occupied, house_costs, starts).total
        occ = self._occupied(occupied)
        taken = set(self._network(network)) | set(self._new([], chosen, {}, 3))
        out = {}
        for i, c in enumerate(self.cities):
            if i in taken or occ.get(c, 0) >= self.map.open_spaces(c, step):
                continue
            try:
                out[c] = self.route(network, [*chosen, c], step, occupied, house_costs, starts).total - base
            except PlanError:       # not reachable from the network and the cities chosen
                continue
        return out

    def each_cost(self, network, step=1, occupied=None, house_costs=DEFAULT_HOUSE_COSTS,
                  starts=None) -> dict[str, int]:
        """{city: route(network, [city], ...).total} for every city route would price alone (in the
        play areas, not in the network, not full, reachable), without planning each one: the
        tablet offers every open city after each fact."""
        self._check_step(step, house_costs)
        net = self._network(network)
        occ = self._occupied(occupied)
        if starts is not None:
            keys = new_networks.keys(self, net, starts)
        else:
            keys = self.root_keys(net) or [0] * len(self.cities)
        return {c: keys[i] + self.house(c, occ.get(c, 0), house_costs) for i, c in enumerate(self.cities)
                if i not in net and occ.get(c, 0) < self.map.open_spaces(c, step) and keys[i] < INF}

    def prim(self, net: list[int], new: list[int], occ: dict, house_costs) -> Plan:
        """Prim from the network over `new` (ties: the order given)."""
        dist, hops, cities = self.dist, self.hops, self.cities
        builds: list[Build] = []
        if not new:
            return Plan(0, 0, 0, [])
        todo = list(new)
        # best attachment per pending city: (cost, hops, from index)
        attach: dict[int, tuple[int, int, int]] = {}
        for u in todo:
            best = (INF, INF, -1)
            for t in net:
                cand = (dist[t][u], hops[t][u], t)
                if cand < best:
                    best = cand
            attach[u] = best
        first_free = not net
        conn_total = house_total = 0
        while todo:
            if first_free:
                u = todo[0]
                first_free = False
                path = (cities[u],)
                frm = None
                c = 0
            else:
                u = min(todo, key=lambda v: attach[v][0])
                c, _, t = attach[u]
                if c >= INF:
                    raise PlanError(f"{self.name(cities[u])} cannot be reached from the network "
                                    f"inside the play areas ({', '.join(sorted(self.areas))})")
                frm = cities[t]
                path = self.path(frm, cities[u])
            todo.remove(u)
            h = self.house(cities[u], occ.get(cities[u], 0), house_costs)
            builds.append(Build(cities[u], frm, path, c, h))
            conn_total += c
            house_total += h
            for v in todo:
                cand = (dist[u][v], hops[u][v], u)
                if cand < attach[v]:
                    attach[v] = cand
        return Plan(conn_total + house_total, conn_total, house_total, builds)

    def _in_order(self, net: list[int], roots: list[tuple[int, int]], new: list[int], occ: dict,
                  house_costs) -> Plan:
        """`new` built in the order given, each city connected from the cheapest of the cities owned
        by then; `roots` ((index, link) pairs, some of `new`) begin a network for their link instead.
        With an empty network the first city built is free of any connection."""
        dist, cities = self.dist, self.cities
        link = dict(roots)
        owned = list(net)
        builds: list[Build] = []
        for u in new:
            h = self.house(cities[u], occ.get(cities[u], 0), house_costs)
            if u in link or not owned:
                if not owned and link and u not in link:
                    raise PlanError(f"{self.name(cities[u])} cannot begin a network")
                c = link.get(u, 0) if owned else 0
                builds.append(Build(cities[u], None, (cities[u],), c, h))
            else:
                t = min(owned, key=lambda v: (dist[v][u], self.hops[v][u]))
                if dist[t][u] >= INF:
                    raise PlanError(f"{self.name(cities[u])} cannot be reached from the cities built before it "
                                    f"inside the play areas ({', '.join(sorted(self.areas))})")
                builds.append(Build(cities[u], cities[t], self.path(cities[t], cities[u]), dist[t][u], h))
            owned.append(u)
        connection = sum(b.connection for b in builds)
        houses = sum(b.house for b in builds)
        return Plan(connection + houses, connection, houses, builds)

    # ---------------------------------------------------------------- suggest
    def suggest(self, network, step=1, occupied=None, count=None, budget=None, top=1,
                house_costs=DEFAULT_HOUSE_COSTS, starts=None) -> list[Plan]:
        """The `top` cheapest plans, best first.

        count=K: sets of exactly K new cities (cities already in the network and cities full
        for the step are left out).  budget=B: the largest number of cities affordable with B,
        cheapest first, each plan costing at most B.  Both: exactly K cities within B.
        """
        self._check_step(step, house_costs)
        if count is None and budget is None:
            raise PlanError("suggest needs a count or a budget")
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise PlanError(f"top must be a positive whole number, got {top!r}")
        for label, v in (("count", count), ("budget", budget)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                raise PlanError(f"{label} must be a whole number 0 or more, got {v!r}")
        net = self._network(network)
        occ = self._occupied(occupied)
        owned = set(net)
        eligible = [i for i, c in enumerate(self.cities)
                    if i not in owned and occ.get(c, 0) < self.map.open_spaces(c, step)]
        open_ = set(eligible)  # the others are never priced
        house = [self.house(c, occ.get(c, 0), house_costs) if i in open_ else 0 for i, c in enumerate(self.cities)]
        if starts is not None:
            if count is not None and count > len(eligible):
                raise PlanError(f"cannot add {count} cities: only {len(eligible)} are open at step {step}")
            found = new_networks.suggest(self, net, house, eligible, count, budget, top, starts)
            plans = [new_networks.plan(self, net, roots, order, occ, house_costs) for _, roots, order in found]
            plans.sort(key=lambda p: (p.total, sorted(p.cities)))
            return plans
        keys = self.root_keys(net)
        if keys is not None:
            eligible = [i for i in eligible if keys[i] < INF]
        limit = INF if budget is None else budget + 1

        if count is not None:
            if count > len(eligible):
                raise PlanError(f"cannot add {count} cities: only {len(eligible)} are open to this "
                            f"network at step {step}")
            found = self._search(house, eligible, count, keys, top, limit)
        else:
            found = self.most_within(house, eligible, keys, top, budget, net)
        plans = [self.prim(net, list(order), occ, house_costs) for _, order in found]
        plans.sort(key=lambda p: (p.total, sorted(p.cities)))
        return plans

    def _search(self, house, eligible, k, keys, top, limit, max_nodes=None, first=False):
        return best_sets(self.dist, house, eligible, k, root_keys=keys, top=top, limit=limit,
                         max_nodes=max_nodes, first=first)

    def most_within(self, house, eligible, keys, top, budget, net):
        """The largest K whose cheapest K-set costs at most budget, and its `top` best sets.

        The cheapest K-set cost rises with K (dropping a leaf of the tree leaves a cheaper
        (K-1)-set), so K lies between what the greedy build affords and the largest K whose
        relaxed cost (bottleneck.py) is within the budget: K counts down from the second, and the
        first K with a set within the budget is the answer (the greedy K always has one). A few
        cities are searched as a count is (search.py); from ENUMERATE_UP_TO + 1 on, by
        bottleneck.cheapest_sets, every K starting from one relaxation of the whole board.
        """
        dist = self.dist
        affords, spent = 0, 0   # no more cities than the cheapest houses alone the budget pays for
        for h in sorted(house[u] for u in eligible):
            spent += h
            if spent > budget:
                break
            affords += 1
        board = relaxation(dist, house, eligible, keys, affords)

        def cheapest(k, limit):
            if k <= ENUMERATE_UP_TO:
                return self._search(house, eligible, k, keys, top, limit, MAX_SEARCH_NODES * 10)
            return cheapest_sets(dist, house, eligible, k, root_keys=keys, top=top, limit=limit,
                                 max_nodes=MAX_SEARCH_NODES, board=board)

        most = max((j for j in range(affords + 1) if board.cost(j) <= budget), default=0)
        greedy = [c for c in self._greedy_costs(house, eligible, keys) if c <= budget]
        try:
            for k in range(most, len(greedy), -1):
                found = cheapest(k, budget + 1)
                if found:
                    return found
            if not greedy:
                return []
            # the greedy set is a K-set within the budget: the cheapest is no dearer
            return cheapest(len(greedy), greedy[-1] + 1 if top == 1 else budget + 1)
        except SearchLimit:
            raise PlanError(f"budget {budget} buys too many cities for an exact search here; "
                            f"ask for a count instead") from None

    def _greedy_costs(self, house, eligible, keys) -> list[int]:
        """Cumulative cost of growing the network by the cheapest next city each time (ties: the lower
        index). Parallel lists rather than a keyed min: it runs before every budget search."""
        dist = self.dist
        out, total = [], 0
        todo = sorted(set(eligible))
        if keys is None:
            if not todo:
                return out
            u = min(todo, key=lambda v: (house[v], v))
            total = house[u]
            out.append(total)
            todo.remove(u)
            row = dist[u]
            near = [row[v] for v in todo]
        else:
            near = [keys[v] for v in todo]
        score = [d + house[v] for d, v in zip(near, todo)]
        while todo:
            i = score.index(min(score))   # the first of the cheapest: the lowest index
            if near[i] >= INF:
                break
            u = todo.pop(i)
            total += score.pop(i)
            near.pop(i)
            out.append(total)
            row = dist[u]
            for j, v in enumerate(todo):
                d = row[v]
                if d < near[j]:
                    near[j] = d
                    score[j] = d + house[v]
        return out


def _dijkstra(adj, s, n):
    """Costs, link counts and predecessors from s; ties go to fewer links, then lower index."""
    dist = [INF] * n
    hops = [INF] * n
    pred = [-1] * n
    dist[s] = 0
    hops[s] = 0
    heap = [(0, 0, s)]
    while heap:
        d, h, u = heapq.heappop(heap)
        if (d, h) != (dist[u], hops[u]):
            continue
        for v, w in adj[u]:
            cand = (d + w, h + 1)
            if cand < (dist[v], hops[v]) or (cand == (dist[v], hops[v]) and u < pred[v]):
                dist[v], hops[v] = cand
                pred[v] = u
                heapq.heappush(heap, (cand[0], cand[1], v))
    return dist, hops, pred
