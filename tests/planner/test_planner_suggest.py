"""Planner.suggest: the exact cheapest sets of new cities, checked against every subset."""
import random

import pytest

from planner_reference import (ALL_GERMANY, ALL_USA, INF, Area, City, Connection, Map,
                               brute_costs, house_of, inside_distances, mst_cost, random_map)
from referee.planner import PlanError, get_planner


def brute_budget(dist, network, eligible, budget, house):
    """Most cities affordable, then the costs of those sets within the budget, cheapest first."""
    best_k, costs = 0, []
    for k in range(1, len(eligible) + 1):
        within = [c for c in brute_costs(dist, network, eligible, k, house) if c <= budget]
        if not within:
            break
        best_k, costs = k, within
    return best_k, costs


def check_plans(planner, network, plans, step, occupied, house):
    """Each suggested plan is priced exactly as route prices those cities."""
    seen = set()
    for p in plans:
        assert frozenset(p.cities) not in seen  # alternatives are different sets
        seen.add(frozenset(p.cities))
        again = planner.route(network, p.cities, step=step, occupied=occupied)
        assert again.total == p.total
        assert p.total == p.connection + p.houses
        assert not set(p.cities) & set(network)
        assert all(occupied.get(c, 0) < step for c in p.cities)
    assert [p.total for p in plans] == sorted(p.total for p in plans)


def random_case(rnd, cities):
    network = rnd.sample(cities, min(len(cities) // 2, rnd.choice([0, 0, 1, 2, 5, 12])))
    step = rnd.randint(1, 3)
    occupied = {c: rnd.randint(0, 3) for c in rnd.sample(cities, len(cities) // 3)}
    eligible = [c for c in cities if c not in network and occupied.get(c, 0) < step]
    return network, step, occupied, eligible


@pytest.mark.parametrize("mapname,areas", [("germany", ALL_GERMANY), ("usa", ALL_USA)])
def test_count_k_up_to_3_is_the_cheapest_of_every_k_subset_on_full_boards(mapname, areas, request):
    m = request.getfixturevalue(mapname)
    planner = get_planner(m, areas)
    dist = inside_distances(m, areas)
    cities = sorted(dist)
    rnd = random.Random(mapname)
    for _ in range(12):
        network, step, occupied, eligible = random_case(rnd, cities)
        house = house_of(occupied)
        for k in (1, 2, 3):
            top = rnd.choice([1, 3, 5])
            plans = planner.suggest(network, step=step, occupied=occupied, count=k, top=top)
            assert [p.total for p in plans] == brute_costs(dist, network, eligible, k, house)[:top]
            assert all(len(p.cities) == k for p in plans)
            check_plans(planner, network, plans, step, occupied, house)


@pytest.mark.parametrize("mapname,areas,network", [
    ("germany", ALL_GERMANY, ["essen"]),
    ("germany", ALL_GERMANY, []),
    ("germany", ALL_GERMANY, ["kiel", "berlin", "muenchen", "trier", "dresden"]),
    ("usa", ALL_USA, []),
    ("usa", ALL_USA, ["seattle"]),
])
def test_count_4_is_the_cheapest_of_every_4_subset_on_full_boards(mapname, areas, network, request):
    m = request.getfixturevalue(mapname)
    planner = get_planner(m, areas)
    dist = inside_distances(m, areas)
    eligible = [c for c in dist if c not in network]
    plans = planner.suggest(network, count=4, top=4)
    assert [p.total for p in plans] == brute_costs(dist, network, eligible, 4, house_of({}))[:4]


def test_count_5_and_6_are_exact_on_three_areas(germany):
    areas = ("W", "SW", "E")
    planner = get_planner(germany, areas)
    dist = inside_distances(germany, areas)
    occupied = {"koeln": 1, "fulda": 1}
    network = ["kassel"]
    eligible = [c for c in dist if c not in network]
    for k in (5, 6):
        plans = planner.suggest(network, step=2, occupied=occupied, count=k, top=3)
        assert [p.total for p in plans] == brute_costs(dist, network, eligible, k, house_of(occupied))[:3]


@pytest.mark.parametrize("seed", range(24))
def test_count_up_to_8_is_the_cheapest_of_every_subset_on_small_random_boards(seed):
    rnd = random.Random(seed)
    m = random_map(seed, n_cities=rnd.choice([10, 12, 14]), n_areas=2, extra=rnd.randint(2, 10))
    areas = tuple(m.areas)
    planner = get_planner(m, areas)
    dist = inside_distances(m, areas)
    cities = sorted(dist)
    network, step, occupied, eligible = random_case(rnd, cities)
    network = network[:3]
    eligible = [c for c in cities if c not in network and occupied.get(c, 0) < step]
    house = house_of(occupied)
    for k in range(1, min(8, len(eligible)) + 1):
        top = rnd.choice([1, 2, 6])
        plans = planner.suggest(network, step=step, occupied=occupied, count=k, top=top)
        assert [p.total for p in plans] == brute_costs(dist, network, eligible, k, house)[:top]
        check_plans(planner, network, plans, step, occupied, house)


@pytest.mark.parametrize("seed", range(16))
def test_budget_gives_the_most_cities_it_affords_then_the_cheapest(seed):
    rnd = random.Random(1000 + seed)
    m = random_map(1000 + seed, n_cities=11, n_areas=2, extra=rnd.randint(2, 8))
    areas = tuple(m.areas)
    planner = get_planner(m, areas)
    dist = inside_distances(m, areas)
    cities = sorted(dist)
    network, step, occupied, eligible = random_case(rnd, cities)
    network = network[:2]
    eligible = [c for c in cities if c not in network and occupied.get(c, 0) < step]
    house = house_of(occupied)
    for budget in (0, 9, 10, 25, 47, 80, 130):
        top = rnd.choice([1, 3])
        k, costs = brute_budget(dist, network, eligible, budget, house)
        plans = planner.suggest(network, step=step, occupied=occupied, budget=budget, top=top)
        assert [p.total for p in plans] == costs[:top]
        assert all(len(p.cities) == k and p.total <= budget for p in plans)


def test_budget_on_germany_from_essen(germany):
    planner = get_planner(germany, ALL_GERMANY)
    dist = inside_distances(germany, ALL_GERMANY)
    eligible = [c for c in dist if c != "essen"]
    for budget in (9, 10, 22, 36, 40):
        k, costs = brute_budget(dist, ["essen"], eligible, budget, house_of({}))
        plans = planner.suggest(["essen"], budget=budget, top=3)
        assert [p.total for p in plans] == costs[:3]
        assert all(len(p.cities) == k for p in plans)
    assert planner.suggest(["essen"], budget=9) == []


def test_the_cheapest_set_is_not_always_grown_greedily():
    # From the network: a is the cheapest single step (5), but b (6) opens c and d at 1 each.
    cities = {c: City(c, c.upper(), "X", 0.5, 0.5) for c in ("n", "a", "b", "c", "d")}
    m = Map("greedytrap", "Greedy trap", {"X": Area("X", "Ex", "#000000")}, cities, (
        Connection("a", "n", 5), Connection("b", "n", 6), Connection("b", "c", 1), Connection("b", "d", 1)))
    planner = get_planner(m, ["X"])
    best = planner.suggest(["n"], count=3)[0]
    assert sorted(best.cities) == ["b", "c", "d"] and best.total == 8 + 30
    assert planner.suggest(["n"], budget=38)[0].cities == best.cities


def test_suggest_never_offers_network_cities_or_cities_full_for_the_step(germany):
    planner = get_planner(germany, ALL_GERMANY)
    occupied = {"duisburg": 1, "duesseldorf": 2, "dortmund": 1}
    for step, banned in ((1, {"duisburg", "duesseldorf", "dortmund"}), (2, {"duesseldorf"}), (3, set())):
        plans = planner.suggest(["essen"], step=step, occupied=occupied, count=3, top=10)
        offered = {c for p in plans for c in p.cities}
        assert not offered & (banned | {"essen"})
    plans = planner.suggest(["essen"], step=2, occupied=occupied, count=1)
    assert plans[0].cities == ["duisburg"] and plans[0].total == 15  # 0 link + second house 15


def test_suggest_on_an_empty_network_starts_with_a_free_first_city(germany):
    plans = get_planner(germany, ALL_GERMANY).suggest([], count=2, top=3)
    for p in plans:
        assert p.builds[0].from_ is None and p.builds[0].connection == 0
    assert plans[0].total == 20  # a zero-cost pair, e.g. Essen–Duisburg


def test_bad_suggest_requests_name_the_problem(germany):
    planner = get_planner(germany, ["W"])
    for kwargs, message in (
        ({}, r"^suggest needs a count or a budget$"),
        ({"count": 8}, r"^cannot add 8 cities: only 6 are open to this network at step 1$"),
        ({"count": 2, "top": 0}, r"^top must be a positive whole number"),
        ({"count": -1}, r"^count must be a whole number 0 or more"),
        ({"budget": 1.5}, r"^budget must be a whole number"),
        ({"count": 1, "step": 0}, r"^step must be 1, 2 or 3"),
    ):
        with pytest.raises(PlanError, match=message):
            planner.suggest(["essen"], **kwargs)


def test_count_and_budget_together_give_k_cities_within_the_budget(germany):
    planner = get_planner(germany, ALL_GERMANY)
    plans = planner.suggest(["essen"], count=2, budget=22, top=10)
    assert plans and all(len(p.cities) == 2 and p.total <= 22 for p in plans)
    assert planner.suggest(["essen"], count=2, budget=19) == []


def test_count_zero_is_the_empty_plan(germany):
    plans = get_planner(germany, ALL_GERMANY).suggest(["essen"], count=0)
    assert [p.to_json() for p in plans] == [{"total": 0, "connection": 0, "houses": 0, "builds": []}]


def test_reference_mst_matches_every_order_on_small_sets(germany):
    """The premise of the search: the cheapest order is Prim's (checked on the references)."""
    from planner_reference import brute_route
    dist = inside_distances(germany, ALL_GERMANY)
    rnd = random.Random(5)
    cities = sorted(dist)
    for _ in range(30):
        network = rnd.sample(cities, rnd.choice([0, 1, 3]))
        add = rnd.sample([c for c in cities if c not in network], rnd.randint(1, 5))
        assert mst_cost(dist, network, add, house_of({})) == brute_route(dist, network, add, house_of({}))
    assert INF == float("inf")
