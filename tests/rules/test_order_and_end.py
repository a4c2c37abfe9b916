"""RULES.md phase 1 (turn order) and Game end and winner."""
import pytest

from referee.rules.errors import WrongPhase
from referee.rulings import render
from tablekit import TOWNS, at_phase, finish_phase


def test_turn_order_most_cities_first_ties_to_the_highest_plant(table):
    t = at_phase(table(4), "bureaucracy")
    t.edit(lambda s: s.update(market=[30, 31, 32, 33, 34, 35, 36, 37]))
    t.give("Ann", plants=[(20, {})], cities=TOWNS[:2])
    t.give("Bob", plants=[(25, {})], cities=TOWNS[2:5])
    t.give("Cara", plants=[(22, {})], cities=TOWNS[5:7])
    t.give("Dan", plants=[(8, {})], cities=TOWNS[7:8])
    finish_phase(t)
    t.draw(t.state["next"]["actions"][0]["possible"][0])
    assert t.state["order"] == ["Bob", "Cara", "Ann", "Dan"]
    assert t.state["next"]["waiting_for"] == ["Bob"]


@pytest.mark.parametrize("players,end", [(2, 21), (3, 17), (4, 17), (5, 15), (6, 14)])
def test_game_ends_after_the_building_phase_in_which_a_player_reaches_the_end_count(table, players, end):
    for count, over in ((end - 1, False), (end, True)):
        t = at_phase(table(players), "building")
        t.edit(lambda s: s.update(market=[40, 42, 44, 46, 50, 41, 43, 45][:8]))
        last = t.state["order"][-1]
        t.edit(lambda s: s["players"][last]["cities"].extend(f"x{i}" for i in range(count)))
        finish_phase(t)
        assert (t.state["phase"] == "over") is over


def test_the_game_end_is_announced_when_reached_and_others_still_build(table):
    t = at_phase(table(4), "building")
    t.give("Dan", plants=[(13, {})], cities=TOWNS[:16])
    events = t.do("build", player="Dan", cities=["wiesbaden"])
    assert t.events_of(events, "game_end_reached")
    assert t.state["phase"] == "building" and t.state["next"]["waiting_for"] == ["Cara"]


def test_the_game_end_ruling_says_others_still_build_only_when_someone_builds_after(table):
    """RULES.md, game end: the game ends after the building phase in which someone reaches the count; the
    players after them in that phase still build. The one who builds last leaves nobody to build after."""
    t = at_phase(table(4), "building")
    last, first = t.state["order"][0], t.state["order"][-1]   # building goes in reverse turn order
    t.give(first, plants=[(13, {})], cities=TOWNS[:16])
    reached = t.events_of(t.do("build", player=first, cities=["wiesbaden"]), "game_end_reached")[0]
    assert reached["still_to_build"] == t.state["order"][-2::-1]
    assert "the other players still build" in render(reached, "en")
    t = at_phase(table(4), "building")
    for name in t.state["order"][:0:-1]:
        t.do("pass", player=name)
    t.give(last, plants=[(13, {})], cities=TOWNS[:16])
    reached = t.events_of(t.do("build", player=last, cities=["wiesbaden"]), "game_end_reached")[0]
    assert reached["still_to_build"] == []
    assert render(reached, "en").endswith("it ends after this building phase.")
    assert "他のプレイヤー" not in render(reached, "ja") and "其他玩家" not in render(reached, "zh-Hant")


def test_winner_is_who_powers_most_cities_no_income_paid(table):
    t = at_phase(table(4), "building")
    t.give("Ann", plants=[(13, {}), (8, {"coal": 3})], cities=[f"a{i}" for i in range(12)], money=5)
    t.give("Bob", plants=[(13, {})], cities=[f"b{i}" for i in range(17)], money=200)
    finish_phase(t)
    result = t.state["result"]
    assert result["winners"] == ["Ann"]
    assert result["ranking"][0] == {"player": "Ann", "powered": 3, "money": 5, "cities": 12}
    assert t.p("Ann")["money"] == 5 and t.p("Ann")["plants"][1]["stored"] == {"coal": 3}
    t.rejects("pass", WrongPhase, player="Ann", match="game is over")


def test_a_tie_on_cities_powered_goes_to_most_money_then_most_cities(table):
    t = at_phase(table(4), "building")
    t.give("Ann", plants=[(13, {})], cities=[f"a{i}" for i in range(17)], money=30)
    t.give("Bob", plants=[(13, {})], cities=[f"b{i}" for i in range(3)], money=40)
    t.give("Cara", plants=[(13, {})], cities=[f"c{i}" for i in range(5)], money=40)
    finish_phase(t)
    result = t.state["result"]
    assert result["winners"] == ["Cara"]
    assert result["tie_breaks"] == ["money", "cities"]
    over = t.game.events[-1][-1]
    assert over["type"] == "game_over" and over["tie_breaks"] == ["money", "cities"]


def test_a_complete_tie_is_a_shared_win(table):
    t = at_phase(table(3), "building")
    for name in ("Ann", "Bob", "Cara"):
        t.give(name, plants=[(13, {})], cities=[f"{name}{i}" for i in range(17)], money=40)
    finish_phase(t)
    assert t.state["result"]["winners"] == ["Ann", "Bob", "Cara"]


def test_short_game_ends_at_7_cities(table):
    t = at_phase(table(4, short_game=True), "building")
    t.give("Dan", plants=[(13, {})], cities=TOWNS[:6])
    t.do("build", player="Dan", cities=["aachen"])
    finish_phase(t)
    assert t.state["phase"] == "over" and t.state["result"]["winners"] == ["Dan"]


def test_no_draw_is_asked_once_the_game_is_known_to_end(table):
    t = at_phase(table(4), "building")
    t.give("Dan", plants=[(13, {})], cities=TOWNS[:16])
    t.edit(lambda s: s.update(market=[17, 18, 19, 20, 21, 22, 23, 24]))
    events = t.do("build", player="Dan", cities=["wiesbaden"])
    assert t.events_of(events, "no_draw")
    assert 17 in t.state["removed"] and t.state["next"]["waiting_for"] == ["Cara"]
