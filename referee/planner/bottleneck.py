"""Exact cheapest sets of many new cities (budget queries), by branch and bound over a relaxation.

The cost of a set S (search.py) is its houses plus the minimum spanning tree over {network} ∪ S
in the metric closure. The relaxation replaces every distance by its *bottleneck* through the
network and the cities still allowed: the largest link on the best path hopping between them (the
subdominant ultrametric). That is never more than the true distance, so the relaxed cost of a set
is never more than its true cost; and over an ultrametric the MST of a set is the sum of the
single-linkage merges that join two parts holding a chosen city (or the network), so a knapsack
over the merge tree (the MST of the network and the allowed cities, in Kruskal's order) finds the
exact relaxed optimum for every number of cities at once, in O(n² + n·K).

Branch and bound (`cheapest_sets`). A subproblem fixes cities that must be chosen and bars cities
that may not. Its bound is the relaxed optimum with the fixed cities forced in and the barred ones
gone (they can no longer relay either). The relaxed optimum's set is a real K-set, priced exactly
(Prim), which gives the upper bounds. If its price equals the bound it is the subproblem's
cheapest set. If not, a merge it uses hops through a city it leaves out (a *relay*: were there
none, the used merges would be true links between chosen cities and the price could not exceed the
bound); the subproblem splits into "the relay is chosen" and "the relay is barred". When more
plans are wanted, a subproblem with an exact best set splits the Lawler way: that set's free cities
are barred one at a time, the earlier ones fixed. Both splits are partitions, so every set lies in
exactly one leaf and none is missed; subproblems are expanded cheapest bound first, and the search
ends when the cheapest bound left reaches the `top`-th best price found. A set's tree reaches each
of its cities, so it costs at least its farthest city's distance from the network plus its houses:
a city too far for the best price found so far is barred from every later subproblem (the
relaxation alone would hop to a cheap far cluster through relays). Against the enumeration of
search.py (every set through its Prim order), this visits a few to a few hundred subproblems where
that visits tens of thousands of sets for 15 or more cities.
"""
from __future__ import annotations

import heapq

from .search import INF, SearchLimit


def _combine(fa, fb, ra, rb, d, one, cap):
    """The figures of a merge at height d of parts a and b (fa[j]: the cheapest relaxed cost of j chosen
    cities in a; ra: a holds the network; one: b is a single city), with each j's split (how many of
    them lie in a, the fewest among equals)."""
    la, lb = len(fa), len(fb)
    n = min(la + lb - 1, cap)
    if one:        # b is one city (most merges): j cities are a's j, or a's j - 1 and b
        merged = fa[:n] if fb[0] == 0 else [INF] * la
        if la < n:
            merged.append(INF)
        split = list(range(n))
        hb = fb[1]
        for j1 in range(n - 1):
            c = fa[j1] + hb + (d if ra or j1 else 0)
            if c < merged[j1 + 1]:
                merged[j1 + 1] = c
                split[j1 + 1] = j1
    else:
        merged = [INF] * n
        split = [0] * n
        for j1, c1 in enumerate(fa):
            if c1 >= INF:
                continue
            link = d if ra or j1 else 0   # paid when b's side holds a chosen city too
            for j2 in range(min(lb, n - j1)):
                c = c1 + fb[j2] + (link if rb or j2 else 0)
                if c < merged[j1 + j2]:
                    merged[j1 + j2] = c
                    split[j1 + j2] = j1
    return merged, split


class _MergeTree:
    """The relaxation of one subproblem: best[node][j] is the cheapest relaxed cost of j chosen cities
    inside a merge-tree node (INF if impossible: a fixed city left out, or too few cities)."""

    def __init__(self, D, house, cands, r, key, fixed):
        L = len(cands)
        self.cands, self.L = cands, L
        self.cap = cap = r + 1
        self.rooted = rooted = key is not None
        # Prim over positions 0..L-1 of cands from the network (position L), or from cands[0]
        # without one: each position's tree edge (weight, parent position, position).
        rows = [D[w] for w in cands]
        if rooted:
            near = [key[w] for w in cands]
            via = [L] * L
            todo = list(range(L))
        else:
            near = [rows[0][w] for w in cands] if L else []
            via = [0] * L
            todo = list(range(1, L))
        edges = []
        u = min(todo, key=near.__getitem__) if todo else -1
        while todo:   # take the nearest, and update the others while looking for the next nearest
            todo.remove(u)
            edges.append((near[u], via[u], u))
            row = rows[u]
            best = INF + 1
            nxt = -1
            for v in todo:
                d = row[cands[v]]
                if d < near[v]:
                    near[v] = d
                    via[v] = u
                else:
                    d = near[v]
                if d < best:
                    best, nxt = d, v
            u = nxt
        edges.sort()
        # merge-tree nodes: 0..L-1 the cities, L the network, then one node per merge
        self.best = best = [[INF, house[w]] if w in fixed else [0, house[w]] for w in cands]
        best.append([0])
        self.root = root = [False] * L + [rooted]       # node holds the network
        self.has_fixed = has_fixed = [w in fixed for w in cands] + [False]
        self.kids: list = [None] * (L + 1)
        self.up: list = [None] * (L + 1)   # each node's merge
        part = list(range(L + 1))          # union-find over positions
        node_of = list(range(L + 1))       # a part's merge-tree node
        for d, a, b in edges:
            if d >= INF:
                break
            ends = (a, b)
            while part[a] != a:
                part[a] = a = part[part[a]]
            while part[b] != b:
                part[b] = b = part[part[b]]
            na, nb = node_of[a], node_of[b]
            merged, split = _combine(best[na], best[nb], root[na], root[nb], d, nb < L, cap)
            node = node_of[a] = len(best)
            self.up[na] = self.up[nb] = node
            self.up.append(None)
            best.append(merged)
            root.append(root[na] or root[nb])
            has_fixed.append(has_fixed[na] or has_fixed[nb])
            self.kids.append((na, nb, split, d, ends))
            part[b] = a

        def find(x):
            while part[x] != x:
                x = part[x]
            return x

        self.parts = sorted({node_of[find(x)] for x in range(L)})
        if rooted:
            self.network_part = node_of[find(L)]
        self._tops()

    def _tops(self):
        has_fixed, parts = self.has_fixed, self.parts
        if self.rooted:
            self.tops = [self.network_part]
            self.feasible = not any(has_fixed[t] for t in parts if t != self.network_part)
        else:   # an empty network: the set lies in one land mass, the one with the fixed cities if any
            with_fixed = [t for t in parts if has_fixed[t]]
            self.tops = with_fixed or parts
            self.feasible = len(with_fixed) <= 1

    def fixing(self, city) -> "_MergeTree":
        """The relaxation of the same candidates with `city` fixed too: the merge tree is the same
        (it depends on the candidates only), so only the figures of the merges above the city change."""
        out = object.__new__(_MergeTree)
        out.cands, out.L, out.cap, out.rooted, out.parts = self.cands, self.L, self.cap, self.rooted, self.parts
        out.network_part = getattr(self, "network_part", None)
        out.best, out.root, out.has_fixed, out.kids, out.up = (self.best[:], self.root, self.has_fixed[:],
                                                               self.kids[:], self.up)
        best, kids, has_fixed, L = out.best, out.kids, out.has_fixed, out.L
        node = self.cands.index(city)
        best[node] = [INF, best[node][1]]
        has_fixed[node] = True
        node = out.up[node]
        while node is not None:
            na, nb, _, d, ends = kids[node]
            merged, split = _combine(best[na], best[nb], out.root[na], out.root[nb], d, nb < L, out.cap)
            best[node] = merged
            kids[node] = (na, nb, split, d, ends)
            has_fixed[node] = True
            node = out.up[node]
        out._tops()
        return out

    def cost(self, j) -> int:
        if not self.feasible:
            return INF
        return min((self.best[t][j] for t in self.tops if j < len(self.best[t])), default=0 if j == 0 else INF)

    def chosen(self, j):
        """(the relaxed optimum's cities for j, relays: cities it leaves out that its used merges
        hop through, the dearest merge first)."""
        L, best, root = self.L, self.best, self.root
        top = min(self.tops, key=lambda t: best[t][j] if j < len(best[t]) else INF)
        picked, used = [], []
        stack = [(top, j)]
        while stack:
            node, j = stack.pop()
            if node < L:
                if j:
                    picked.append(node)
            elif node > L:
                na, nb, split, d, ends = self.kids[node]
                j1 = split[j]
                j2 = j - j1
                if (root[na] or j1) and (root[nb] or j2):
                    used.append((d, ends))
                stack.append((na, j1))
                stack.append((nb, j2))
        inside = set(picked)
        relays = []
        for _, ends in sorted(used, reverse=True):
            relays += [p for p in ends if p != L and p not in inside and p not in relays]
        return [self.cands[p] for p in picked], [self.cands[p] for p in relays]


def relaxation(D, house, cands, key=None, most=None) -> _MergeTree:
    """The relaxation of choosing among all of `cands` (key[w]: w's distance from the network; None:
    an empty network, whose first city is free): .cost(j) is the relaxed optimum of j cities, a
    lower bound on their true cheapest cost (INF where no j cities can be reached); .chosen(j)
    its set. Computed once, it serves every K up to `most` (default: all), as cheapest_sets'
    `board`."""
    cands = [w for w in cands if key is None or key[w] < INF]
    return _MergeTree(D, house, cands, len(cands) if most is None else min(most, len(cands)), key, ())


def true_cost(D, house, chosen, key):
    """(cost, Prim order) of building `chosen` onto the network (key; None: empty, its first city,
    the lowest index, is free). Ties: the lower index, as search.py's order."""
    todo = sorted(chosen)
    if not todo:
        return 0, ()
    if key is None:
        first = todo.pop(0)
        order, total = [first], house[first]
        row = D[first]
        near = [row[w] for w in todo]
    else:
        order, total = [], 0
        near = [key[w] for w in todo]
    while todo:
        i = near.index(min(near))   # the first of the nearest: the lowest index
        u = todo.pop(i)
        order.append(u)
        total += near.pop(i) + house[u]
        row = D[u]
        for j, w in enumerate(todo):
            if row[w] < near[j]:
                near[j] = row[w]
    return total, tuple(order)


def cheapest_sets(D, house, eligible, k, *, root_keys=None, top=1, limit=INF, max_nodes=None, first=False,
                  board=None):
    """The `top` cheapest sets of exactly `k` cities out of `eligible`, best first: the arguments and
    the answer of search.best_sets ([(cost, Prim order)], only sets costing less than `limit`;
    first: stop at the first set found under the limit), by branch and bound over the relaxation.
    max_nodes: raise SearchLimit after that many subproblems. board: relaxation(D, house, eligible,
    root_keys), if already made (it is the first subproblem's, for any k)."""
    eligible = [u for u in eligible if root_keys is None or root_keys[u] < INF]
    if k <= 0:
        return [(0, ())] if limit > 0 else []
    if k > len(eligible) or top <= 0:
        return []
    minh = min(house[w] for w in eligible)
    found: list = []     # (-cost, -seq, order): the `top` best so far
    seen: set = set()
    queue: list = []     # (bound, price, seq, fixed, barred, chosen, relays): cheapest bound first
    state = {"ub": limit, "seq": 0, "nodes": 0}

    def visit(fixed, barred, parent=None, more=None):
        state["nodes"] += 1
        if max_nodes is not None and state["nodes"] > max_nodes:
            raise SearchLimit
        cands = [w for w in eligible if w not in barred]
        if root_keys is not None:   # a set's tree reaches each of its cities: it costs at least the
            reach = state["ub"] - 1 - (k - 1) * minh   # farthest one's distance, its house and k - 1 more
            if any(root_keys[w] + house[w] > reach for w in fixed):
                return
            cands = [w for w in cands if root_keys[w] + house[w] <= reach]
        if board is not None and not fixed and len(cands) == len(eligible):
            tree = board
        elif parent is not None and parent.cands == cands:   # one more city fixed, the same candidates
            tree = parent.fixing(more)
        else:
            tree = _MergeTree(D, house, cands, k, root_keys, fixed)
        bound = tree.cost(k)
        if bound >= state["ub"]:
            return
        chosen, relays = tree.chosen(k)
        price, order = true_cost(D, house, chosen, root_keys)
        state["seq"] += 1
        if price < state["ub"] and frozenset(chosen) not in seen:
            seen.add(frozenset(chosen))
            heapq.heappush(found, (-price, -state["seq"], order))
            if len(found) > top:
                heapq.heappop(found)
            if len(found) == top:
                state["ub"] = -found[0][0]
            if first:
                state["ub"] = -INF   # answered: prune everything
                return
        if bound < state["ub"]:
            heapq.heappush(queue, (bound, price, state["seq"], fixed, barred, chosen, relays, tree))

    visit(frozenset(), frozenset())
    while queue:
        bound, price, _, fixed, barred, chosen, relays, tree = heapq.heappop(queue)
        if bound >= state["ub"]:
            break
        if price > bound:   # a relay is left out: either it is chosen, or it is barred
            visit(fixed | {relays[0]}, barred, tree, relays[0])
            visit(fixed, barred | {relays[0]})
        else:               # exact: any other set of this subproblem leaves out one of its free cities
            kept = set(fixed)
            for w in chosen:
                if w not in fixed:
                    visit(frozenset(kept), barred | {w})
                    kept.add(w)
    return [(-c, o) for c, _, o in sorted(found, reverse=True)]
