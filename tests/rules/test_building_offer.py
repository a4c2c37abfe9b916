"""The building offer prices each open city exactly as the planner's route for that one city does."""
from pathlib import Path

import pytest

from referee.game import replay
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


def test_a_first_city_costs_its_house_and_a_later_one_its_cheapest_connection_too(table):
    ctx = table(2).game.ctx
    essen, city = "essen", "aachen"  # not neighbours: the connection runs through duesseldorf
    assert legal._cost_to_add(ctx, [], city, 1) == ctx.edition.house_costs[1]
    cost = legal._cost_to_add(ctx, [essen], city, 0)
    assert cost == ctx.planner.distance(essen, city) + ctx.edition.house_costs[0]
    assert cost == ctx.planner.route([essen], [city], house_costs=ctx.edition.house_costs).total
