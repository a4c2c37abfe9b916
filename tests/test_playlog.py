"""The BG Stats play of every recorded game (examples/*.jsonl), field by field (referee/playlog.py).

BG Stats' createPlay address takes the play as URL-encoded JSON with its own field names (docs/
around-the-game.md); each field here is read back against the setup line, the first round's turn
order and the result the engine ruled (RULES.md Game end and winner: most cities powered wins).
"""
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from referee import playlog
from referee.game import replay

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.jsonl"))
STARTED = 1_764_288_000.0          # 2025-11-28 00:00:00 UTC
ENDED = STARTED + 2 * 3600 + 31 * 60 + 20


def setup_of(path):
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


@pytest.fixture(scope="module", params=EXAMPLES, ids=[p.stem for p in EXAMPLES])
def recorded(request):
    path = request.param
    game = replay(path.read_text(encoding="utf-8"))
    return path, game, playlog.play(game, game_id=7, started=STARTED, ended=ENDED, board="Germany")


def test_there_are_examples_to_check():
    assert len(EXAMPLES) >= 2


def test_play_names_the_source_and_is_one_play_per_game_and_start(recorded):
    _path, _game, data = recorded
    assert data["sourceName"] == "referee"
    assert data["sourcePlayId"] == f"game:7:{int(STARTED)}"


def test_play_date_is_the_first_fact_in_utc(recorded):
    assert recorded[2]["playDate"] == "2025-11-28 00:00:00"


def test_duration_is_first_to_last_fact_in_whole_minutes(recorded):
    assert recorded[2]["durationMin"] == 151          # 2 h 31 min 20 s


def test_game_is_power_grid_by_its_boardgamegeek_id(recorded):
    assert recorded[2]["game"] == {"name": "Power Grid", "sourceGameId": "bgg:2651", "bggId": 2651,
                                   "highestWins": True, "noPoints": False}
    assert recorded[2]["board"] == "Germany"


def test_players_in_seat_order_with_their_colour(recorded):
    path, _game, data = recorded
    setup = setup_of(path)
    assert [p["name"] for p in data["players"]] == [p["name"] for p in setup["players"]]
    assert [p["role"] for p in data["players"]] == [p["colour"] for p in setup["players"]]
    assert [p["seatOrder"] for p in data["players"]] == list(range(1, len(setup["players"]) + 1))
    assert [p["sourcePlayerId"] for p in data["players"]] == [f"name:{p['name']}" for p in setup["players"]]


def test_score_is_cities_powered_as_the_engine_ruled(recorded):
    _path, game, data = recorded
    powered = {r["player"]: r["powered"] for r in game.state["result"]["ranking"]}
    assert {p["name"]: p["score"] for p in data["players"]} == powered


def test_winners_and_ranks_are_the_engines(recorded):
    _path, game, data = recorded
    result = game.state["result"]
    assert [p["name"] for p in data["players"] if p["winner"]] == \
        [n for n in (p["name"] for p in data["players"]) if n in result["winners"]]
    ranks = {p["name"]: p["rank"] for p in data["players"]}
    assert [ranks[r["player"]] for r in result["ranking"]] == \
        [1 if r["player"] in result["winners"] else i for i, r in enumerate(result["ranking"], 1)]


def test_start_player_is_first_in_round_ones_order(recorded):
    path, _game, data = recorded
    first = setup_of(path)["order"][0]     # the examples' setup lines give round 1's order
    assert [p["name"] for p in data["players"] if p["startPlayer"]] == [first]


def test_the_recorded_results_are_what_the_play_says():
    """Read against the recorded games themselves, not only against the replay."""
    by_name = {p.stem: p for p in EXAMPLES}
    germany = playlog.play(replay(by_name["germany-4p"].read_text()), game_id=1, started=STARTED)
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in germany["players"]] == \
        [("Anna", 10, False, 4), ("Bernd", 17, True, 1), ("Clara", 11, False, 3), ("Dieter", 13, False, 2)]
    usa = playlog.play(replay(by_name["usa-2p"].read_text()), game_id=2, started=STARTED)
    assert [(p["name"], p["score"], p["winner"], p["role"], p["startPlayer"]) for p in usa["players"]] == \
        [("Emma", 19, False, "purple", True), ("Frank", 21, True, "black", False)]


def test_no_duration_when_the_log_has_one_time():
    """An imported log's entries share the import's time: the duration is unknown, not 0 minutes."""
    game = replay(EXAMPLES[0].read_text())
    assert "durationMin" not in playlog.play(game, game_id=1, started=STARTED, ended=STARTED)
    assert "durationMin" not in playlog.play(game, game_id=1, started=STARTED)


def test_push_address_carries_the_same_json(recorded):
    data = recorded[2]
    url = playlog.push_url(data)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert json.loads(parse_qs(urlsplit(url).query)["data"][0]) == data


def test_names_in_any_script_survive_the_address():
    game = replay(EXAMPLES[0].read_text().replace("Anna", "電力 花子"))
    data = playlog.play(game, game_id=3, started=STARTED)
    assert json.loads(parse_qs(urlsplit(playlog.push_url(data)).query)["data"][0])["players"][0]["name"] == "電力 花子"


def test_a_game_not_over_is_refused():
    lines = EXAMPLES[0].read_text().splitlines()
    game = replay(lines[:20])
    with pytest.raises(playlog.NotOver):
        playlog.play(game, game_id=1, started=STARTED)
