"""France: 「パリを 3 都市として見る」 (seed 001 フランス). The board carries the rule: three Paris cities,
each with its own spaces, linked to each other at 0 (docs/rules-notes.md §5 M7); no rule module."""
from mapkit import map_table
from tablekit import at_phase

PARIS = ["paris_1", "paris_2", "paris_3"]


def paris_table():
    areas = next(a for a in (["blue", "yellow", "red"], ["blue", "purple", "brown"], ["blue", "green", "red"])
                 if map_table("france", 3).ctx.map.areas_connected(a))
    return at_phase(map_table("france", 3, areas=areas), "building")


def test_paris_is_three_cities_three_players_build_there_in_step_1():
    t = paris_table()
    for name, city in zip(("Cara", "Bob", "Ann"), PARIS):
        t.give(name, money=50)
        assert t.do("build", player=name, cities=[city])[0]["cost"] == 10
    assert t.state["step"] == 1


def test_paris_a_player_builds_in_all_three_for_their_houses_alone_and_has_three_cities():
    t = paris_table()
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    events = t.do("build", player="Ann", cities=PARIS)
    assert events[0]["cost"] == 30 and events[0]["connection"] == 0
    assert len(t.p("Ann")["cities"]) == 3
