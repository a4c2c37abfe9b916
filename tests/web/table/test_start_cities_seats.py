"""Recharged's experienced players' start on a seat's phone (digest /work/shared/recharged.md §6): the
player whose turn it is to mark a start city gets the moment on their phone and marks it there; another
seat neither sees the form nor may post it."""
import re

from rechargedkit import DEALT
from seatkit import app, phone, seat_post, tablet  # noqa: F401  (fixtures)
from tablekit import setup_line

MARKING = setup_line(3, edition="recharged", dealt=DEALT, start_cities=True)


def test_the_seat_whose_turn_it_is_marks_its_start_city_on_its_phone_s6(make_game, phone, stored):
    game_id = make_game(MARKING)
    ann, bob = phone(game_id, 0, "ja"), phone(game_id, 1, "zh-Hant")
    mine = ann.get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert 'name="type" value="start_city"' in mine and "Annが開始都市を選ぶ" in mine
    theirs = bob.get(f"/games/{game_id}/seat").get_data(as_text=True)
    assert 'name="type" value="start_city"' not in theirs and "等待Ann選起始城市" in theirs
    assert seat_post(bob, game_id, 0, type="start_city", player="Bob", city="bremen").status_code == 403
    drafted = ann.get(f"/games/{game_id}/seat", query_string={"type": "start_city", "player": "Ann", "city": "essen"})
    assert re.search(r'name="city" value="essen"', drafted.get_data(as_text=True))
    assert seat_post(ann, game_id, 0, type="start_city", player="Ann", city="essen").status_code == 200
    assert stored(game_id).state["map"]["start_cities"] == {"Ann": "essen"}
    assert 'name="type" value="start_city"' in bob.get(f"/games/{game_id}/seat").get_data(as_text=True)
