"""What a city adds to a build given the cities already chosen (Planner.added_cost), and a build
charged in the table's own order (route(..., in_order=True)), against plain definitions."""
import random
from itertools import permutations

import pytest

from referee.planner import PlanError, get_planner

JAPAN_SIX = (tuple((c, 0) for c in ("sapporo", "tokyo", "yokohama", "kobe", "osaka", "fukuoka")),)
BOARDS = [("germany", ["NW", "W", "SW"], None), ("korea", ["yellow", "green", "brown"], None),
          ("japan", ["purple", "yellow", "green"], JAPAN_SIX)]


def total(planner, network, cities, starts, **kw):
    return planner.route(network, list(cities), starts=starts, **kw).total


@pytest.mark.parametrize("board,areas,starts", BOARDS)
@pytest.mark.parametrize("seed", range(4))
def test_added_cost_is_the_difference_of_the_two_builds(board, areas, starts, seed):
    planner = get_planner(board, areas)
    rng = random.Random(seed)
    network = [] if seed % 2 else rng.sample(planner.cities, 1)
    pool = [c for c in planner.cities if c not in network]
    chosen = []
    for _ in range(3):
        added = planner.added_cost(network, chosen, starts=starts)
        base = total(planner, network, chosen, starts) if chosen else 0
        for city, cost in added.items():
            assert cost == total(planner, network, chosen + [city], starts) - base
        for city in set(pool) - set(chosen) - set(added):   # left out only when no build of it exists
            with pytest.raises(PlanError):
                planner.route(network, chosen + [city], starts=starts)
        if not added:
            break
        chosen.append(rng.choice(sorted(added)))


@pytest.mark.parametrize("board,areas,starts", BOARDS)
@pytest.mark.parametrize("seed", range(4))
def test_the_cheapest_order_is_the_cheapest_of_the_orders_the_table_may_build_in(board, areas, starts, seed):
    planner = get_planner(board, areas)
    rng = random.Random(seed)
    network = rng.sample(planner.cities, 1) if seed % 2 else []
    starts = None if network else starts        # Japan: the six begin the first network
    cities = rng.sample([c for c in planner.cities if c not in network and c not in dict(starts[0] if starts else ())], 3)
    if starts:
        cities[0] = "osaka"
    try:
        best = total(planner, network, cities, starts)
    except PlanError:
        pytest.skip("these cities cannot be built together here")
    orders = []
    for order in permutations(cities):
        try:
            plan = planner.route(network, list(order), starts=starts, in_order=True)
        except PlanError:
            continue
        assert plan.cities == list(order)
        assert plan.total == sum(b.cost for b in plan.builds) == reference_in_order(planner, network, order, starts)
        orders.append(plan.total)
    assert min(orders) == best


def reference_in_order(planner, network, order, starts):
    """Each city connects from the nearest city owned by then; a first city is free of connection."""
    owned, cost = list(network), 0
    for city in order:
        if owned:
            cost += min(planner.distance(o, city) if planner.distance(o, city) is not None else 10 ** 9
                        for o in owned)
        elif starts and city not in dict(starts[0]):
            return None
        owned.append(city)
        cost += 10
    return cost


def test_japan_osaka_then_kyoto_adds_nothing_but_a_house():
    planner = get_planner("japan", ["purple", "yellow", "green"])
    assert planner.added_cost([], ["osaka"], starts=JAPAN_SIX)["kyoto"] == 10
    assert "kyoto" not in planner.added_cost([], [], starts=JAPAN_SIX)
    assert total(planner, [], ["osaka", "kyoto"], JAPAN_SIX) == 20
