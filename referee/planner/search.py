"""Exact search for the cheapest sets of K new cities (no I/O, plain lists of ints).

The cost of a set S of new cities is the weight of the minimum spanning tree over
{network as one node} ∪ S in the metric closure (shortest paths inside the play areas),
plus the house price of each city of S.

Enumeration. Every set is reached exactly once, through its Prim order from the network:
at a search node the allowed candidates are listed in ascending order of their key (the
cheapest connection to the cities chosen so far, the network included).  Choosing the j-th
candidate forbids the j earlier ones for the rest of that branch.  For any set S, taking at
each node the first candidate of S in that order is a valid Prim step (its key is the least
among S's remaining cities), so the branch that reaches S accumulates exactly the MST weight,
and no other branch reaches S (a leaf's set contains its chosen candidate and none of the
forbidden earlier ones, so its path is that forced one).  With an empty network every set
starts at its lowest-indexed city, whose connection is free.

Pruning (all bounds are admissible, so the result is exact).  A city w not yet chosen will
cost at least house[w] + min(key[w], nn[w]) where nn[w] is the distance to its nearest other
candidate: when w is finally added, it attaches either to a city already chosen (key[w]) or
to one chosen later (at least nn[w] away).  The r cheapest such figures bound the remaining
r cities.  For the branch of the j-th candidate this uses only candidates after j, so the
bound grows with j and the loop stops at the first j over the limit.  For deeper branches a
second bound applies: the remaining connection edges form a forest in the graph of the
network node plus the allowed candidates, so (matroid greedy property) their sorted weights
dominate the first edges Kruskal accepts in that graph.
"""
from __future__ import annotations

import heapq
from operator import itemgetter

INF = 10**9
KRUSKAL_FROM = 4  # remaining cities from which the Kruskal bound is worth its cost


class _State:
    __slots__ = ("D", "house", "nn", "pairs", "minh", "top", "ub", "heap", "seq", "nodes", "limit_nodes",
                 "first", "no_nn")

    def __init__(self, D, house, nn, pairs, minh, top, ub, limit_nodes):
        self.D = D
        self.house = house
        self.nn = nn
        self.pairs = pairs
        self.minh = minh
        self.top = top
        self.ub = ub          # prune any branch whose bound reaches this
        self.heap = []        # (-cost, -seq, order): the `top` best found so far
        self.seq = 0
        self.nodes = 0
        self.limit_nodes = limit_nodes
        self.first = False
        self.no_nn = [INF] * len(D)

    def record(self, cost, order):
        self.seq += 1
        heapq.heappush(self.heap, (-cost, -self.seq, order))
        if len(self.heap) > self.top:
            heapq.heappop(self.heap)
        if len(self.heap) == self.top:
            self.ub = -self.heap[0][0]
        if self.first:
            self.ub = -INF  # prune everything: the question is answered


class SearchLimit(Exception):
    """The search visited more nodes than allowed."""


def best_sets(D, house, eligible, k, *, root_keys=None, top=1, limit=INF, max_nodes=None, first=False):
    """The `top` cheapest sets of exactly `k` cities out of `eligible`, best first.

    D: metric closure as a list of rows (INF = unreachable); house: price per index;
    root_keys: per index, the distance from the network (None for an empty network);
    limit: only sets costing less than this are returned.
    first: stop at the first set found under the limit (a yes/no question, not the best).
    max_nodes: raise SearchLimit after visiting that many search nodes.
    Returns [(cost, order)], order being a valid build (Prim) order of the set.
    """
    eligible = [u for u in eligible if root_keys is None or root_keys[u] < INF]
    if k <= 0:
        return [(0, ())] if limit > 0 else []
    if k > len(eligible) or top <= 0:
        return []
    el = set(eligible)
    nn = [INF] * len(D)
    for u in eligible:
        row = D[u]
        best = INF
        for w in eligible:
            if w != u and row[w] < best:
                best = row[w]
        nn[u] = best
    minh = min(house[u] for u in eligible)
    pairs = None
    if k > KRUSKAL_FROM:
        pairs = sorted(
            (D[a][b], a, b) for i, a in enumerate(eligible) for b in eligible[i + 1:] if D[a][b] < INF
        )
    st = _State(D, house, nn, pairs, minh, top, limit, max_nodes)
    st.first = first
    if root_keys is None:
        _root_empty(st, sorted(el), k)
    else:
        key = list(root_keys)
        cands = sorted(el, key=lambda u: (key[u], u))
        _node(st, 0, key, cands, (), k)
    out = sorted(((-c, -s, o) for c, s, o in st.heap))
    return [(c, o) for c, _, o in out]


def _suffix_bounds(lbs, r):
    """suf[j] = sum of the r smallest of lbs[j+1:], for j in 0..len-1 (INF if too few)."""
    n = len(lbs)
    suf = [INF] * n
    if r == 0:
        return [0] * n
    heap = []  # max-heap (negated) of the r smallest seen
    total = 0
    for j in range(n - 1, -1, -1):
        if len(heap) == r:
            suf[j] = total
        v = lbs[j]
        if len(heap) < r:
            heapq.heappush(heap, -v)
            total += v
        elif v < -heap[0]:
            total += v + heapq.heapreplace(heap, -v)
    return suf


def _root_empty(st, cands, k):
    """Empty network: the first city (lowest index of the set) pays only its house."""
    D, house, nn = st.D, st.house, st.nn
    lbs = [house[w] + nn[w] for w in cands]
    suf = _suffix_bounds(lbs, k - 1)
    minh = st.minh
    for j in range(len(cands) - k + 1):
        sj = suf[j]
        if minh + sj >= st.ub:
            break
        u = cands[j]
        base = house[u]
        if base + sj >= st.ub:
            continue
        if k == 1:
            st.record(base, (u,))
            continue
        key = list(D[u])
        rest = cands[j + 1:]
        rest.sort(key=key.__getitem__)
        _node(st, base, key, rest, (u,), k - 1)


def _node(st, g, key, cands, chosen, r):
    """Choose r more cities from cands (sorted by key); g = cost so far."""
    st.nodes += 1
    if st.limit_nodes is not None and st.nodes > st.limit_nodes:
        raise SearchLimit
    D, house, nn, minh = st.D, st.house, st.nn, st.minh
    L = len(cands)
    if r == 1:
        for u in cands:
            ku = key[u]
            if g + ku + minh >= st.ub:
                break
            c = g + ku + house[u]
            if c < st.ub:
                st.record(c, chosen + (u,))
        return
    lbs = [house[w] + (key[w] if key[w] < nn[w] else nn[w]) for w in cands]
    suf = _suffix_bounds(lbs, r - 1)
    r1 = r - 1
    if r1 == 1:
        nn = st.no_nn  # the last city attaches to what is chosen by then: its bound is exact
    for j in range(L - r + 1):
        u = cands[j]
        ku = key[u]
        sj = suf[j]
        if g + ku + minh + sj >= st.ub:
            break
        base = g + ku + house[u]
        if base + sj >= st.ub:
            continue
        Du = D[u]
        nk = key[:]
        rest = cands[j + 1:]
        vals = []
        for w in rest:
            d = Du[w]
            if d < nk[w]:
                nk[w] = d
            else:
                d = nk[w]
            x = nn[w]
            vals.append(house[w] + (d if d < x else x))
        if r1 == 1:
            if base + min(vals) >= st.ub:
                continue
        else:
            vals.sort()
            if base + sum(vals[:r1]) >= st.ub:
                continue
        rest.sort(key=nk.__getitem__)  # stable: equal keys keep a fixed order
        if r1 >= KRUSKAL_FROM and st.pairs is not None:
            houses = sum(sorted(house[w] for w in rest)[:r1])
            if base + houses + _kruskal(st.pairs, nk, rest, r1) >= st.ub:
                continue
        _node(st, base, nk, rest, chosen + (u,), r1)


def _kruskal(pairs, key, rest, r):
    """Sum of the first r edges Kruskal accepts on {network node} ∪ rest.

    Edges: network–w weighs key[w] (rest is sorted by it); w–x weighs the distance.
    """
    mask = 0
    for w in rest:
        mask |= 1 << w
    parent = {}

    def find(x):
        root = x
        while root in parent:
            root = parent[root]
        while x != root:
            nxt = parent[x]
            parent[x] = root
            x = nxt
        return root

    inside = ((d, a, b) for d, a, b in pairs if (mask >> a) & 1 and (mask >> b) & 1)
    to_network = ((key[w], w, -1) for w in rest)
    total = taken = 0
    for d, a, b in heapq.merge(to_network, inside, key=itemgetter(0)):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            total += d
            taken += 1
            if taken == r:
                return total
    return INF
