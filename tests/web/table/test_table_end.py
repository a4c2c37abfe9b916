"""The end of a recorded game: winner, ranking, tie-breaks and the per-round charts."""
import re

from flask import render_template

from referee.web.ending import result


def test_a_finished_game_shows_the_winner_the_ranking_and_no_input(client, example, stored):
    game_id = example()
    result = stored(game_id).state["result"]
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert f"{result['winners'][0]} wins!" in html
    rows = re.findall(r'<tr class="[^"]*"><td><i class="swatch"[^>]*></i> (\w+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>', html)
    assert [(r["player"], r["powered"], r["money"], r["cities"]) for r in result["ranking"]] == \
        [(n, int(p), int(m), int(c)) for n, p, m, c in rows]
    assert 'id="input"' not in html and 'name="type" value="undo"' in html


def test_the_charts_have_one_line_per_player_and_a_point_per_round(client, example, stored):
    game_id = example()
    game = stored(game_id)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    charts = re.findall(r'<figure class="chart">.*?</figure>', html, re.S)
    assert len(charts) == 6     # cities, capacity, money, paid for plants, resources, building
    rounds = game.state["round"]
    for chart in charts:
        lines = re.findall(r'<polyline class="series" points="([^"]+)"', chart)
        assert len(lines) == 4
        assert all(len(points.split()) == rounds for points in lines)
    cities = dict(re.findall(r'<title>(\w+): ([\d, ]+)</title>', charts[0]))
    for name, p in game.state["players"].items():
        assert cities[name].split(", ")[-1] == str(len(p["cities"]))
        end_of_round_1 = [s for s in game.states if s["round"] == 1][-1]
        assert cities[name].split(", ")[0] == str(len(end_of_round_1["players"][name]["cities"]))


def test_a_tie_break_is_named_on_the_end_panel(app):
    """The engine's tie_breaks are shown in words (a stand-in game: the example has no tie)."""
    class Tied:
        players = {"Ann": {"colour": "red", "cities": ["a"], "money": 9, "plants": []},
                   "Bob": {"colour": "blue", "cities": ["b"], "money": 2, "plants": []}}
        ctx = None
        events = [[]]
        state = {"round": 1, "players": players,
                 "result": {"winners": ["Ann"], "tie_breaks": ["money"],
                            "ranking": [{"player": "Ann", "powered": 1, "money": 9, "cities": 1},
                                        {"player": "Bob", "powered": 1, "money": 2, "cities": 1}]}}
        states = [state]
    with app.test_request_context():
        html = render_template("_end.html", end=result(Tied), game_id=1)
    assert "Ann wins!" in html and "Tie broken by: money" in html


def test_names_at_the_end_of_close_lines_are_moved_apart_and_kept_in_order():
    from referee.web.ending import LABEL_GAP, chart
    drawn = chart([1, 2], {"Ann": [50, 25], "Bob": [40, 24], "Cara": [30, 25], "Dan": [20, 0]},
                  {n: "red" for n in ("Ann", "Bob", "Cara", "Dan")})
    ys = sorted(line["label_y"] for line in drawn["lines"])
    assert all(b - a >= LABEL_GAP for a, b in zip(ys, ys[1:]))
    assert all(drawn["top"] <= y <= drawn["bottom"] for y in ys)
    by_name = {line["player"]: line["label_y"] for line in drawn["lines"]}
    assert by_name["Dan"] == max(ys)                       # the lowest finish keeps the lowest name


def test_an_empty_plant_market_is_left_out_with_its_heading(app):
    """At the end of a game the market can run out: no heading over nothing, and no empty row."""
    with app.test_request_context("/"):
        empty = render_template("_market.html", market={"rows": [("Plant market", [])]})
        half = render_template("_market.html", market={"rows": [("Current market", [{"step3": True}]),
                                                                ("Future market", [])]})
    assert 'id="market"' in empty and " hidden>" in empty and "<h2>" not in empty
    assert " hidden>" not in half and "Current market" in half and "Future market" not in half
