"""Hypothesis properties: route and suggest agree with brute force on random inputs."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner_reference import (ALL_GERMANY, ALL_USA, brute_costs, brute_route, house_of,
                               inside_distances, order_cost, random_map)
from referee.catalog import load_map
from referee.planner import get_planner

BOARDS = {name: (load_map(name), areas) for name, areas in (("germany", ALL_GERMANY), ("usa", ALL_USA))}
DIST = {name: inside_distances(m, areas) for name, (m, areas) in BOARDS.items()}


@st.composite
def build_requests(draw):
    name = draw(st.sampled_from(sorted(BOARDS)))
    cities = sorted(DIST[name])
    network = draw(st.lists(st.sampled_from(cities), max_size=4, unique=True))
    free = [c for c in cities if c not in network]
    add = draw(st.lists(st.sampled_from(free), min_size=1, max_size=5, unique=True))
    step = draw(st.integers(1, 3))
    occupied = {c: draw(st.integers(0, step - 1)) for c in add}
    return name, network, add, step, occupied


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(build_requests())
def test_route_total_is_the_cheapest_of_every_build_order(request):
    name, network, add, step, occupied = request
    m, areas = BOARDS[name]
    plan = get_planner(m, areas).route(network, add, step=step, occupied=occupied)
    house = house_of(occupied)
    assert plan.total == brute_route(DIST[name], network, add, house)
    assert sorted(plan.cities) == sorted(add)
    assert order_cost(DIST[name], network, plan.cities, house) == plan.total


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(6, 12), k=st.integers(1, 8),
       n_net=st.integers(0, 3), top=st.integers(1, 4), step=st.integers(1, 3),
       occupancy=st.lists(st.integers(0, 3), min_size=12, max_size=12))
def test_suggest_count_is_the_cheapest_of_every_subset_on_random_boards(seed, n, k, n_net, top, step, occupancy):
    m = random_map(seed, n_cities=n, n_areas=2, extra=seed % 7)
    areas = tuple(m.areas)
    cities = sorted(m.cities)
    network = cities[:n_net]
    occupied = {c: occupancy[i] for i, c in enumerate(cities)}
    eligible = [c for c in cities if c not in network and occupied[c] < step]
    if k > len(eligible):
        return
    plans = get_planner(m, areas).suggest(network, step=step, occupied=occupied, count=k, top=top)
    dist = inside_distances(m, areas)
    assert [p.total for p in plans] == brute_costs(dist, network, eligible, k, house_of(occupied))[:top]
