"""The building offer prices each open city exactly as the planner's route for that one city does."""
from pathlib import Path

import copy

import pytest
from hypothesis import given, settings, strategies as st

from referee.game import replay
from referee.planner import PlanError, get_planner
from referee.rules import legal
from referee.rules.state import houses_in

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def routed_offer(state, ctx, who):
    """The offer as planner.route prices it, city by city (the reference for legal._building)."""
    p = state["players"][who]
    options = []
    for city in sorted(ctx.map.cities_in(ctx.areas)):
        houses = houses_in(state, city)
        if city in p["cities"] or houses >= state["step"]:
            continue
        try:
            cost = ctx.planner.route(p["cities"], [city], step=state["step"], occupied={city: houses},
                                     house_costs=ctx.edition.house_costs).total
        except ValueError:
            continue
        if cost <= p["money"]:
            options.append({"city": city, "cost": cost})
    return sorted(options, key=lambda o: (o["cost"], o["city"]))


@pytest.mark.parametrize("name", ["germany-4p.jsonl", "usa-2p.jsonl"])
def test_every_building_offer_of_the_example_games_matches_the_route_prices(name):
    game = replay((EXAMPLES / name).read_text(encoding="utf-8").splitlines())
    offers = 0
    for state in game.states:
        build = next((a for a in state["next"]["actions"] if a["type"] == "build"), None)
        if build is None:
            continue
        who = build["player"]
        # a rich player too, so every reachable city is priced, not just the affordable ones
        rich = {**state, "players": {**state["players"], who: {**state["players"][who], "money": 10 ** 6}}}
        assert build["cities"] == routed_offer(state, game.ctx, who)
        rich_offer = legal.next_actions(rich, game.ctx)["actions"][0]["cities"]
        assert rich_offer == routed_offer(rich, game.ctx, who)
        offers += 1
    assert offers > 20


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_each_cost_is_what_route_charges_for_that_one_city(data):
    board, areas = data.draw(st.sampled_from([("germany", ("NW", "W", "SW", "E")), ("usa", ("NE", "SE", "SC"))]))
    planner = get_planner(board, areas)
    network = data.draw(st.lists(st.sampled_from(planner.cities), max_size=8, unique=True))
    step = data.draw(st.integers(1, 3))
    occupied = data.draw(st.dictionaries(st.sampled_from(planner.cities), st.integers(0, 3), max_size=10))
    costs = planner.each_cost(network, step=step, occupied=occupied)
    for city in planner.cities:
        try:
            total = planner.route(network, [city], step=step, occupied=occupied).total
        except PlanError:
            total = None
        assert costs.get(city) == total, city


def test_an_offer_for_a_network_the_planner_cannot_place_is_empty_as_route_would_refuse_it(table):
    t = table(2)
    state = copy.deepcopy(t.game.state)
    state.update(phase="building", acted=[])
    who = legal._turn(state)
    state["players"][who]["cities"] = ["nowhere"]
    with pytest.raises(PlanError):
        t.game.ctx.planner.route(["nowhere"], ["essen"])
    assert legal.next_actions(state, t.game.ctx)["actions"][0]["cities"] == []
