"""suggest(budget=B) (issue 21): the most cities B buys, then the cheapest such sets, against brute force.

The budget search rests on three claims, each checked here from the rule (RULES.md phase 4,
"Building": each city costs its house, the price set by the houses already there, plus the cheapest
connection from a city the player owns by then) by planner_reference, which shares no code with
the planner:
- the cheapest K-set costs more for every larger K, with house prices by occupancy and an owned
  network (so the largest affordable K is found by counting up);
- the relaxation of bottleneck.py never exceeds the cheapest cost of any number of cities, and is exact
  when the distances are an ultrametric (the relaxation it solves);
- the answer itself: the largest K, then the `top` cheapest K-sets within the budget, each priced as
  the rule prices it.
"""
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner_reference import (ALL_GERMANY, ALL_USA, INF, brute_costs, house_of, inside_distances,
                               mst_cost, random_map)
from referee.planner import core, get_planner
from referee.planner import bottleneck
from referee.planner.bottleneck import cheapest_sets, relaxation
from referee.planner.search import INF as PLANNER_INF
from referee.planner.search import best_sets


def brute_budget_sets(dist, network, eligible, budget, house):
    """(K, [(cost, sorted cities)]): the largest K with a K-set within the budget (every K tried, no
    monotony assumed), and every K-set within it, cheapest first, then by city ids."""
    best = (0, [])
    for k in range(1, len(eligible) + 1):
        within = sorted((c, sorted(s)) for s in itertools.combinations(sorted(eligible), k)
                        if (c := mst_cost(dist, network, s, house)) <= budget)
        if within:
            best = (k, within)
    return best


def board_case(seed, n, n_net, step, occupancy, islands=False):
    m = random_map(seed, n_cities=n, n_areas=2, extra=seed % 7)
    if islands:  # cut every link of the last city: a city no network reaches
        last = sorted(m.cities)[-1]
        m = type(m)(m.id + "i", m.name, m.areas, m.cities,
                    tuple(c for c in m.connections if last not in (c.a, c.b)))
    areas = tuple(m.areas)
    cities = sorted(m.cities)
    network = cities[:n_net]
    occupied = {c: occupancy[i] for i, c in enumerate(cities)}
    eligible = [c for c in cities if c not in network and occupied[c] < step]
    return m, areas, network, occupied, eligible


def check_budget(m, areas, network, step, occupied, eligible, budget, top, enumerate_up_to=None):
    """enumerate_up_to: core.ENUMERATE_UP_TO for this check (0: every K by bottleneck.cheapest_sets)."""
    if enumerate_up_to is not None:
        saved = core.ENUMERATE_UP_TO
        core.ENUMERATE_UP_TO = enumerate_up_to
        try:
            return check_budget(m, areas, network, step, occupied, eligible, budget, top)
        finally:
            core.ENUMERATE_UP_TO = saved
    dist = inside_distances(m, areas)
    if network:
        eligible = [c for c in eligible if min(dist[o][c] for o in network) < INF]
    house = house_of(occupied)
    k, within = brute_budget_sets(dist, network, eligible, budget, house)
    planner = get_planner(m, areas)
    plans = planner.suggest(network, step=step, occupied=occupied, budget=budget, top=top)
    if k == 0:
        assert plans == []
        return
    assert [p.total for p in plans] == [c for c, _ in within[:top]]
    assert len({frozenset(p.cities) for p in plans}) == len(plans)
    for p in plans:
        assert len(p.cities) == k and p.total <= budget
        assert mst_cost(dist, network, p.cities, house) == p.total
        assert planner.route(network, p.cities, step=step, occupied=occupied).total == p.total
    # ties: among equally cheap sets the plans come by their city ids
    assert [(p.total, sorted(p.cities)) for p in plans] == sorted((p.total, sorted(p.cities)) for p in plans)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(5, 10), n_net=st.integers(0, 3), step=st.integers(1, 3),
       occupancy=st.lists(st.integers(0, 3), min_size=10, max_size=10), budget=st.integers(0, 160),
       top=st.integers(1, 3), islands=st.booleans(), enumerate_up_to=st.sampled_from([0, None]))
def test_budget_buys_the_most_cities_then_the_cheapest_on_random_boards(seed, n, n_net, step, occupancy, budget,
                                                                         top, islands, enumerate_up_to):
    m, areas, network, occupied, eligible = board_case(seed, n, n_net, step, occupancy, islands)
    check_budget(m, areas, network, step, occupied, eligible, budget, top, enumerate_up_to)


@pytest.mark.parametrize("seed", range(12))
def test_budget_matches_brute_force_on_small_random_boards(seed):
    """The fast suite's share of the property above: fixed seeds, every budget up to the whole board."""
    rnd = random.Random(7000 + seed)
    occupancy = [rnd.randint(0, 3) for _ in range(10)]
    step = rnd.randint(1, 3)
    m, areas, network, occupied, eligible = board_case(7000 + seed, rnd.randint(7, 10), rnd.randint(0, 3), step,
                                                       occupancy, islands=seed % 3 == 0)
    for budget in (0, 10, 19, 35, 60, 95, 140, 200):
        for enumerate_up_to in (0, None):   # every K by the branch and bound, then as shipped
            check_budget(m, areas, network, step, occupied, eligible, budget, rnd.choice([1, 2, 3]), enumerate_up_to)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(4, 9), n_net=st.integers(0, 3), step=st.integers(1, 3),
       occupancy=st.lists(st.integers(0, 3), min_size=9, max_size=9))
def test_the_cheapest_set_costs_more_for_every_more_cities(seed, n, n_net, step, occupancy):
    """The premise of counting K up: cost(K + 1) > cost(K), houses priced by occupancy, with or
    without an owned network (dropping a leaf of the K + 1 tree leaves a cheaper K-set)."""
    m, areas, network, occupied, eligible = board_case(seed, n, n_net, step, occupancy)
    dist = inside_distances(m, areas)
    cheapest = [min(brute_costs(dist, network, eligible, k, house_of(occupied)), default=INF)
                for k in range(1, len(eligible) + 1)]
    reachable = [c for c in cheapest if c < INF]
    assert all(a < b for a, b in zip(reachable, reachable[1:]))
    assert cheapest[:len(reachable)] == reachable  # no K beyond an unreachable one is reachable


def _planner_inputs(m, areas, network, occupied, eligible):
    planner = get_planner(m, areas)
    idx = [planner.index[c] for c in eligible]
    house = [house_of(occupied)(c) if c in eligible else 0 for c in planner.cities]
    keys = planner.root_keys([planner.index[c] for c in network])
    if keys is not None:
        idx = [i for i in idx if keys[i] < PLANNER_INF]
        idx.sort(key=keys.__getitem__)
    return planner, idx, house, keys


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(4, 9), n_net=st.integers(0, 3), step=st.integers(1, 3),
       occupancy=st.lists(st.integers(0, 3), min_size=9, max_size=9))
def test_bottleneck_bound_never_exceeds_the_cheapest_set(seed, n, n_net, step, occupancy):
    m, areas, network, occupied, eligible = board_case(seed, n, n_net, step, occupancy)
    planner, idx, house, keys = _planner_inputs(m, areas, network, occupied, eligible)
    board = relaxation(planner.dist, house, idx, keys)
    lower = [board.cost(j) for j in range(len(idx) + 1)]
    dist = inside_distances(m, areas)
    names = [planner.cities[i] for i in idx]
    assert lower[0] == 0
    for k in range(1, len(idx) + 1):
        cheapest = min(brute_costs(dist, network, names, k, house_of(occupied)), default=INF)
        assert lower[k] <= cheapest


def random_ultrametric(rnd, n):
    """Distances of a random merge tree: two cities are as far apart as the merge joining them."""
    parts = [[i] for i in range(n)]
    D = [[0] * n for _ in range(n)]
    height = 0
    while len(parts) > 1:
        height += rnd.randint(0, 6)
        a, b = rnd.sample(range(len(parts)), 2)
        for x in parts[a]:
            for y in parts[b]:
                D[x][y] = D[y][x] = height
        parts[a] += parts[b]
        del parts[b]
    return D


@pytest.mark.parametrize("seed", range(30))
def test_bottleneck_bound_is_the_cheapest_set_over_an_ultrametric(seed):
    """Where distances already are their own bottlenecks the bound is the exact cheapest cost (so it
    is as strong as the relaxation allows): checked against every subset, with and without a network."""
    rnd = random.Random(seed)
    n = rnd.randint(2, 8)
    D = random_ultrametric(rnd, n)
    house = [rnd.choice([10, 15, 20]) for _ in range(n)]
    rooted = seed % 2 == 1
    if rooted:  # city 0 is the network
        cands = sorted(range(1, n), key=lambda w: (D[0][w], w))
        key = list(D[0])
    else:
        cands, key = list(range(n)), None
    dist = {a: {b: D[a][b] for b in range(n)} for a in range(n)}
    board = relaxation(D, house, cands, key)
    lower = [board.cost(j) for j in range(len(cands) + 1)]
    for k in range(1, len(cands) + 1):
        assert lower[k] == min(mst_cost(dist, [0] if rooted else [], s, house.__getitem__)
                               for s in itertools.combinations(cands, k))


@pytest.mark.parametrize("mapname,areas,network", [
    ("germany", ALL_GERMANY, ["berlin", "hamburg", "bremen"]),
    ("usa", ALL_USA, ["chicago", "st_louis", "kansas_city"]),
])
def test_budget_on_full_boards_agrees_with_every_subset_where_that_is_countable(mapname, areas, network, request):
    """Budgets under 40 buy 3 cities at most (a house costs 10 or more): every subset of 3 or fewer of
    the open cities on the full boards."""
    m = request.getfixturevalue(mapname)
    occupied = {c: 1 for c in sorted(m.cities)[::5]}
    dist = inside_distances(m, areas)
    eligible = [c for c in dist if c not in network]
    for step, budget in ((1, 25), (2, 33), (2, 39), (1, 9)):
        open_ = [c for c in eligible if occupied.get(c, 0) < step]
        k = max((k for k in (1, 2, 3) if min(brute_costs(dist, network, open_, k, house_of(occupied)), default=INF)
                 <= budget), default=0)
        plans = get_planner(m, areas).suggest(network, step=step, occupied=occupied, budget=budget, top=3)
        within = [c for c in brute_costs(dist, network, open_, k, house_of(occupied)) if c <= budget] if k else []
        assert [p.total for p in plans] == within[:3]
        assert all(len(p.cities) == k for p in plans)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(3, 11), n_net=st.integers(0, 3), top=st.integers(1, 5),
       limit=st.one_of(st.just(PLANNER_INF), st.integers(0, 200)), zero=st.sampled_from([0.0, 0.15, 0.4]),
       houses=st.lists(st.sampled_from([0, 10, 15, 20]), min_size=11, max_size=11), data=st.data())
def test_cheapest_sets_agree_with_the_enumeration_for_every_k(seed, n, n_net, top, limit, zero, houses, data):
    """bottleneck.cheapest_sets (relays chosen or barred, Lawler splits for more plans) against
    search.best_sets (every set through its Prim order, itself checked against every subset above):
    the same costs for every K, each order priced as the rule prices it, and `first` answering
    whether any set is under the limit."""
    m = random_map(seed, n_cities=n, n_areas=2, extra=seed % 9, max_cost=data.draw(st.sampled_from([3, 12])),
                   zero_share=zero)
    planner = get_planner(m, tuple(m.areas))
    net = list(range(n_net)) if n_net < n else []
    keys = planner.root_keys(net)
    eligible = [i for i in range(n) if i not in net and data.draw(st.booleans()) | (i % 3 > 0)]
    house = houses[:n]
    dist = {a: {b: planner.dist[planner.index[a]][planner.index[b]] for b in planner.cities} for a in planner.cities}
    for k in range(1, len(eligible) + 1):
        fast = cheapest_sets(planner.dist, house, eligible, k, root_keys=keys, top=top, limit=limit)
        slow = best_sets(planner.dist, house, eligible, k, root_keys=keys, top=top, limit=limit)
        assert [c for c, _ in fast] == [c for c, _ in slow]
        assert len({frozenset(o) for _, o in fast}) == len(fast)
        for cost, order in fast:
            names = [planner.cities[i] for i in order]
            assert mst_cost(dist, [planner.cities[i] for i in net], names, lambda c: house[planner.index[c]]) == cost
        yes = cheapest_sets(planner.dist, house, eligible, k, root_keys=keys, limit=limit, first=True)
        assert bool(yes) == bool(slow)


def test_a_budget_search_past_its_limit_says_to_ask_for_a_count(germany, monkeypatch):
    """A search that would visit more subproblems than core.MAX_SEARCH_NODES stops with a PlanError
    (no shipped board and budget comes near the real limit: this one is lowered to 1)."""
    from referee.planner import PlanError
    planner = get_planner(germany, ALL_GERMANY)
    network = ["berlin", "hamburg", "bremen"]
    assert len(planner.suggest(network, budget=250)[0].cities) == 16
    monkeypatch.setattr(core, "MAX_SEARCH_NODES", 1)
    with pytest.raises(PlanError, match=r"^budget 250 buys too many cities for an exact search here; "
                                        r"ask for a count instead$"):
        planner.suggest(network, budget=250)


@pytest.mark.parametrize("seed", range(25))
def test_fixing_one_more_city_gives_the_relaxation_built_afresh(seed):
    """cheapest_sets reuses a subproblem's merge tree when it fixes one more city among the same
    candidates (only the merges above that city are figured again): the figures for every number of
    cities, and the set chosen, are those of the relaxation built with that city fixed from the start."""
    rnd = random.Random(seed)
    m = random_map(9000 + seed, n_cities=rnd.randint(5, 11), n_areas=2, extra=seed % 7,
                   zero_share=rnd.choice([0.0, 0.3]))
    planner = get_planner(m, tuple(m.areas))
    n = len(planner.cities)
    net = [0] if seed % 2 else []
    keys = planner.root_keys(net)
    cands = [i for i in range(n) if i not in net and (keys is None or keys[i] < PLANNER_INF)]
    house = [rnd.choice([0, 10, 15, 20]) for _ in range(n)]
    fixed = set()
    tree = bottleneck._MergeTree(planner.dist, house, cands, len(cands), keys, frozenset())
    for city in rnd.sample(cands, min(3, len(cands))):
        fixed.add(city)
        tree = tree.fixing(city)
        fresh = bottleneck._MergeTree(planner.dist, house, cands, len(cands), keys, frozenset(fixed))
        assert [tree.cost(j) for j in range(len(cands) + 1)] == [fresh.cost(j) for j in range(len(cands) + 1)]
        for j in range(len(cands) + 1):
            if fresh.cost(j) < PLANNER_INF:
                assert tree.chosen(j) == fresh.chosen(j)
                assert fixed <= set(tree.chosen(j)[0]) or j < len(fixed)
