"""The British Isles with two players (referee/maprules/all_cities_end.py): seed 001 ブリテン諸島
「2人プレイの場合はどちらかが全都市を配置した時点でゲーム終了する」 — the game ends when a player has a house
in every city in play (three areas may hold fewer than the 21 cities that end the base game)."""
from mapkit import british_two_player_end, map_table
from referee import rulings


def test_all_cities_end_two_players_end_when_one_has_every_city_in_play():
    t = british_two_player_end()
    events = [e for es in t.game.events for e in es]
    placed = next(e for e in events if e["type"] == "every_city_placed")
    reached = next(e for e in events if e["type"] == "game_end_reached")
    assert placed == {**placed, "player": "Ann", "cities": 18, "players": 2}
    assert reached["end"] == 18 and t.state["phase"] == "over"


def test_all_cities_end_keeps_21_when_the_areas_hold_more():
    t = map_table("ukireland", 2, areas=["red", "pink", "brown"])       # 8 + 7 + 7 cities
    assert t.ctx.end_cities == 21


def test_all_cities_end_only_with_two_players():
    assert map_table("ukireland", 3, areas=["green", "orange", "yellow"]).ctx.end_cities == 17


def test_all_cities_end_ruling_is_explained_in_each_language():
    game = british_two_player_end().game
    placed = next(e for es in game.events for e in es if e["type"] == "every_city_placed")
    texts = {lang: rulings.render(placed, lang, game.ctx.map) for lang in ("en", "ja", "zh-Hant")}
    assert "every one of the 18 cities" in texts["en"]
    assert "2人" in texts["ja"] or "2 人" in texts["ja"]
