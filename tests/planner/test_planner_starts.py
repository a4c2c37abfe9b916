"""New networks (planner `starts`, seed 001 British Isles and Japan) and the general link (Australia):
route, each_cost and suggest agree with a brute force written from the rule on random boards."""
import dataclasses
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner_reference import HOUSE, INF, inside_distances, random_map
from referee.catalog import City, Connection, Map
from referee.planner import PlanError, get_planner


def two_islands(seed, n):
    """Two random boards side by side, no link between them (one area each)."""
    a, b = random_map(seed, n_cities=n, n_areas=1), random_map(seed + 1, n_cities=n, n_areas=1)
    cities = dict(a.cities)
    cities.update({f"b{c}": dataclasses.replace(city, id=f"b{c}", area="B") for c, city in b.cities.items()})
    areas = {"A0": a.areas["A0"], "B": dataclasses.replace(a.areas["A0"], id="B", name="Area B")}
    links = a.connections + tuple(Connection(f"b{x.a}", f"b{x.b}", x.cost) for x in b.connections)
    return Map(f"islands{seed}", "Islands", areas, cities, links, islands=2)


def order_costs(dist, network, order, slots, house):
    """Every price the rule allows for building `order` one city at a time: each city connects
    from an owned city or begins a network in a slot not yet used (an empty network's first city
    must, and costs no connection)."""
    out = set()

    def walk(k, owned, used, total):
        if k == len(order):
            out.add(total)
            return
        city = order[k]
        h = house(city)
        if owned:
            link = min(dist[o][city] for o in owned)
            if link < INF:
                walk(k + 1, owned + [city], used, total + link + h)
        for s, slot in enumerate(slots):
            if s not in used and city in slot:
                walk(k + 1, owned + [city], used | {s}, total + (slot[city] if owned else 0) + h)
    walk(0, list(network), frozenset(), 0)
    return out


def brute(dist, network, cities, slots, house):
    costs = set()
    for order in itertools.permutations(cities):
        costs |= order_costs(dist, network, order, slots, house)
    return min(costs, default=INF)


def house_of(occupied):
    return lambda c: HOUSE[occupied.get(c, 0)]


@st.composite
def cases(draw):
    seed = draw(st.integers(0, 10**6))
    islands = draw(st.booleans())
    m = two_islands(seed, 5) if islands else random_map(seed, n_cities=9, n_areas=2, extra=seed % 5, max_cost=25)
    cities = sorted(m.cities)
    network = draw(st.lists(st.sampled_from(cities), max_size=2, unique=True))
    slots = []
    for _ in range(draw(st.integers(1, 2))):
        members = draw(st.lists(st.sampled_from(cities), min_size=1, max_size=5, unique=True))
        link = draw(st.sampled_from([0, 20]))
        slots.append({c: link for c in members})
    occupied = {c: draw(st.integers(0, 1)) for c in cities}
    return m, network, slots, occupied


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.data())
def test_route_with_new_networks_is_the_cheapest_build_the_rule_allows(case, data):
    m, network, slots, occupied = case
    free = [c for c in sorted(m.cities) if c not in network]
    add = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=4, unique=True))
    dist = inside_distances(m, tuple(m.areas))
    want = brute(dist, network, add, slots, house_of(occupied))
    planner = get_planner(m, tuple(m.areas))
    try:
        plan = planner.route(network, add, step=2, occupied=occupied, starts=slots)
    except PlanError:
        assert want == INF
        return
    assert plan.total == want
    assert sorted(plan.cities) == sorted(add)
    assert plan.total in order_costs(dist, network, plan.cities, slots, house_of(occupied))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.integers(1, 3), st.integers(1, 3))
def test_suggest_with_new_networks_is_the_cheapest_of_every_subset(case, k, top):
    m, network, slots, occupied = case
    dist = inside_distances(m, tuple(m.areas))
    eligible = [c for c in sorted(m.cities) if c not in network and occupied[c] < 2]
    house = house_of(occupied)
    costs = sorted(c for s in itertools.combinations(eligible, k)
                   if (c := brute(dist, network, s, slots, house)) < INF)
    planner = get_planner(m, tuple(m.areas))
    plans = planner.suggest(network, step=2, occupied=occupied, count=k, top=top, starts=slots)
    assert [p.total for p in plans] == costs[:top]
    for p in plans:
        assert p.total == brute(dist, network, p.cities, slots, house)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.integers(0, 45))
def test_suggest_budget_with_new_networks_buys_the_most_cities(case, budget):
    """A budget of 45 buys at most 4 houses, so sets of up to 4 cities are every candidate."""
    m, network, slots, occupied = case
    dist = inside_distances(m, tuple(m.areas))
    eligible = [c for c in sorted(m.cities) if c not in network and occupied[c] < 2]
    house = house_of(occupied)
    within = {k: sorted(c for s in itertools.combinations(eligible, k)
                        if (c := brute(dist, network, s, slots, house)) <= budget) for k in range(1, 5)}
    most = max((k for k, costs in within.items() if costs), default=0)
    plans = get_planner(m, tuple(m.areas)).suggest(network, step=2, occupied=occupied, budget=budget,
                                                   top=2, starts=slots)
    if not most:
        assert plans == []
        return
    assert [len(p.cities) for p in plans] == [most] * len(plans)
    assert [p.total for p in plans] == within[most][:2]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(cases())
def test_each_cost_with_new_networks_prices_each_city_as_route_does(case):
    m, network, slots, occupied = case
    planner = get_planner(m, tuple(m.areas))
    costs = planner.each_cost(network, step=2, occupied=occupied, starts=slots)
    for c in sorted(m.cities):
        if c in network or occupied[c] >= 2:
            continue
        try:
            total = planner.route(network, [c], step=2, occupied=occupied, starts=slots).total
        except PlanError:
            assert c not in costs
        else:
            assert costs[c] == total


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), link=st.integers(0, 30))
def test_general_link_prices_each_connection_at_most_the_link(seed, link):
    """Australia: 「電線コストはマップ上のコストまたは一般接続コスト(20エレクトロ)のどちらを選択してもよい」."""
    m = two_islands(seed, 5)
    areas = tuple(m.areas)
    dist = inside_distances(m, areas)
    planner = get_planner(m, areas, link=link)
    for a, b in itertools.combinations(sorted(m.cities), 2):
        assert planner.distance(a, b) == min(dist[a][b], link)
        path = planner.path(a, b)
        if dist[a][b] > link:
            assert path == (a, b)
        else:
            assert sum(dist[x][y] for x, y in zip(path, path[1:])) == dist[a][b]
