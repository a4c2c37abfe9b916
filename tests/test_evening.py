"""The evening's figures per round (referee/evening.py) read back against the replay.

Each round's money must be the previous round's, less what the rulings say was paid for plants,
resources and building, plus the income paid when powering (RULES.md Bureaucracy: income by cities
powered): a check that the per-round money, the three payments and the round each fact is counted
in all agree with the game as replayed.
"""
from pathlib import Path

import pytest

from referee import evening
from referee.game import replay
from referee.rules.storage import specs_of

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.jsonl"))


@pytest.fixture(scope="module", params=EXAMPLES, ids=[p.stem for p in EXAMPLES])
def played(request):
    game = replay(request.param.read_text(encoding="utf-8"))
    return game, evening.per_round(game)


def income_per_round(game) -> dict:
    out = {}
    for i, events in enumerate(game.events[1:], 1):
        for e in events:
            if e["type"] == "powered":
                key = (game.states[i - 1]["round"], e["player"])
                out[key] = out.get(key, 0) + e["income"]
    return out


def test_every_round_played_is_charted(played):
    game, figures = played
    assert figures["rounds"] == list(range(1, game.state["round"] + 1))
    assert figures["players"] == list(game.state["players"])
    for key in evening.SERIES:
        assert all(len(v) == len(figures["rounds"]) for v in figures[key].values()), key


def test_money_is_last_rounds_less_what_was_paid_plus_income(played):
    game, f = played
    income = income_per_round(game)
    for n in f["players"]:
        before = game.states[0]["players"][n]["money"]
        for i, r in enumerate(f["rounds"]):
            spent = f["paid_plants"][n][i] + f["paid_resources"][n][i] + f["paid_building"][n][i]
            assert f["money"][n][i] == before - spent + income.get((r, n), 0), (n, r)
            before = f["money"][n][i]


def test_the_last_round_ends_with_the_result(played):
    game, f = played
    for row in game.state["result"]["ranking"]:
        assert f["money"][row["player"]][-1] == row["money"]
        assert f["cities"][row["player"]][-1] == row["cities"]


def test_cities_grow_by_what_was_built_each_round(played):
    game, f = played
    for n in f["players"]:
        built = [0] * len(f["rounds"])
        for i, events in enumerate(game.events[1:], 1):
            built[game.states[i - 1]["round"] - 1] += sum(len(e["cities"]) for e in events
                                                        if e["type"] == "built" and e["player"] == n)
        assert f["cities"][n] == [sum(built[:k + 1]) for k in range(len(built))]


def test_capacity_is_the_catalogues_cities_of_the_plants_held(played):
    game, f = played
    for n, p in game.state["players"].items():
        assert f["capacity"][n][-1] == sum(s.powers for s in specs_of(game.ctx, p["plants"]))
    assert f["capacity"][f["players"][0]][0] > 0       # a plant was bought in round 1


def test_paid_totals_are_the_rulings_sums(played):
    game, f = played
    totals = evening.paid(f)
    for n in f["players"]:
        prices = [e["price"] for ev in game.events for e in ev if e["type"] == "plant_bought" and e["player"] == n]
        assert totals[n]["plants"] == sum(prices) > 0


def test_germany_figures_as_recorded():
    """A few of the recorded 4-player game's numbers, read off its log by hand."""
    f = evening.per_round(replay((Path(__file__).resolve().parents[1] / "examples/germany-4p.jsonl").read_text()))
    assert f["paid_plants"]["Dieter"][0] == 9 and f["paid_plants"]["Anna"][0] == 10      # plants 4 and 7
    assert f["cities"]["Bernd"][-1] == 18 and f["money"]["Bernd"][-1] == 25
