"""Brute-force references for the planner tests (imported as planner_reference).

They share no code with referee.planner: their own Floyd–Warshall inside the play areas,
the cost of a build order straight from the rule, every order, every subset.
"""
import itertools
import random

from referee.catalog import Area, City, Connection, Map

INF = float("inf")
ALL_GERMANY = ("NW", "NE", "W", "E", "SW", "SE")
ALL_USA = ("NW", "SW", "NC", "SC", "NE", "SE")
HOUSE = (10, 15, 20)


def inside_distances(m, areas):
    """All-pairs cheapest costs using only cities of `areas` (Floyd–Warshall on dicts)."""
    cities = sorted(c.id for c in m.cities.values() if c.area in set(areas))
    d = {a: {b: (0 if a == b else INF) for b in cities} for a in cities}
    for c in m.connections:
        if c.a in d and c.b in d:
            d[c.a][c.b] = d[c.b][c.a] = min(d[c.a][c.b], c.cost)
    for k in cities:
        for i in cities:
            dik = d[i][k]
            if dik == INF:
                continue
            for j in cities:
                if dik + d[k][j] < d[i][j]:
                    d[i][j] = dik + d[k][j]
    return d


def order_cost(dist, network, order, house):
    """What the rule charges for building `order` one by one onto `network`."""
    owned = list(network)
    total = 0
    for city in order:
        link = min((dist[o][city] for o in owned), default=0)
        total += link + house(city)
        owned.append(city)
    return total


def brute_route(dist, network, add, house):
    """The cheapest of every build order."""
    return min(order_cost(dist, network, p, house) for p in itertools.permutations(add))


def mst_cost(dist, network, subset, house):
    """Prim over {network as one node} ∪ subset, plus houses (the rule's cheapest order)."""
    subset = list(subset)
    if not subset:
        return 0
    if network:
        key = {c: min(dist[o][c] for o in network) for c in subset}
    else:
        key = {c: INF for c in subset}
        key[subset[0]] = 0
    total = 0
    while key:
        c = min(key, key=key.get)
        total += key.pop(c) + house(c)
        for o in key:
            key[o] = min(key[o], dist[c][o])
    return total


def brute_costs(dist, network, eligible, k, house):
    """The cost of every k-subset of eligible, cheapest first (unreachable sets left out)."""
    out = [mst_cost(dist, network, s, house) for s in itertools.combinations(sorted(eligible), k)]
    return sorted(c for c in out if c != INF)


def house_of(occupied, costs=HOUSE):
    return lambda city: costs[occupied.get(city, 0)]


def random_map(seed, n_cities=10, n_areas=2, extra=6, max_cost=12, zero_share=0.15):
    """A small connected board: a random tree plus `extra` links, costs 0..max_cost."""
    rnd = random.Random(seed)
    ids = [f"c{i:02d}" for i in range(n_cities)]
    area_ids = [f"A{j}" for j in range(n_areas)]
    cities = {c: City(c, f"City {c[1:]}", area_ids[i * n_areas // n_cities], 0.5, 0.5)
              for i, c in enumerate(ids)}
    areas = {a: Area(a, f"Area {a}", "#888888") for a in area_ids}

    def cost():
        return 0 if rnd.random() < zero_share else rnd.randint(1, max_cost)

    links = {}
    for i in range(1, n_cities):
        j = rnd.randrange(i)
        links[frozenset((ids[i], ids[j]))] = cost()
    tries = 0
    while len(links) < n_cities - 1 + extra and tries < 1000:
        tries += 1
        a, b = rnd.sample(ids, 2)
        links.setdefault(frozenset((a, b)), cost())
    conns = tuple(Connection(*sorted(p), c) for p, c in sorted(links.items(), key=lambda x: sorted(x[0])))
    return Map(f"random{seed}", f"Random {seed}", areas, cities, conns)
