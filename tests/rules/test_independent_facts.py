"""Which facts entered on a page that has not seen the latest ones still mean what they meant
(legal.still_applies, Game.still_applies): only answers the rules make independent. Seed 000
フェイズ5: each player declares the cities they power from their own plants and cubes, so one player's
choice never changes another's; the engine waits for all of them at once. Anything else entered
meanwhile (a bid, a build, an undo, a table fact) makes an older page's entry stale."""
import json
from pathlib import Path

from referee.game import replay
from referee.rules import legal
from tablekit import at_phase

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "germany-4p.jsonl"


def test_power_choices_of_different_players_are_independent(table):
    t = at_phase(table(3), "bureaucracy")
    then = t.state["next"]
    a, b, c = list(t.state["players"])
    assert legal.still_applies({"type": "power", "player": b}, then, [{"type": "power", "player": a}])
    assert legal.still_applies({"type": "power", "player": c}, then,
                               [{"type": "power", "player": a}, {"type": "power", "player": b}])


def test_a_players_second_power_choice_is_not_independent_of_their_first(table):
    t = at_phase(table(3), "bureaucracy")
    a = list(t.state["players"])[0]
    assert not legal.still_applies({"type": "power", "player": a}, t.state["next"], [{"type": "power", "player": a}])


def test_a_move_of_another_players_cubes_leaves_a_power_choice_as_it_was(table):
    t = at_phase(table(3), "bureaucracy")
    a, b = list(t.state["players"])[:2]
    move = {"type": "move", "player": a, "moves": []}
    assert legal.still_applies({"type": "power", "player": b}, t.state["next"], [move])
    assert not legal.still_applies({"type": "power", "player": a}, t.state["next"], [move])


def test_turn_by_turn_facts_depend_on_the_one_before(table):
    t = table(4)
    then = t.state["next"]
    chooser = then["waiting_for"][0]
    other = next(n for n in t.state["players"] if n != chooser)
    nominate = {"type": "nominate", "player": chooser, "plant": 3}
    assert not legal.still_applies({"type": "sold", "player": other, "plant": 4, "price": 4}, then, [nominate])
    assert not legal.still_applies({"type": "draw", "card": 11}, then, [nominate])


def test_nothing_entered_since_means_the_fact_applies(table):
    t = table(4)
    assert legal.still_applies({"type": "draw", "card": 11}, t.state["next"], [])


def game_at_bureaucracy():
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    game = replay(lines[:1])
    for line in lines[1:]:
        if game.state["phase"] == "bureaucracy":
            return game
        game.play(json.loads(line))
    raise AssertionError("the example never reaches bureaucracy")


def test_the_game_accepts_another_players_power_choice_from_a_page_one_entry_behind():
    game = game_at_bureaucracy()
    seen = len(game.log)
    first, second = game.state["next"]["waiting_for"][:2]
    game.play({"type": "power", "player": first})
    assert game.still_applies({"type": "power", "player": second}, seen)
    assert not game.still_applies({"type": "power", "player": first}, seen)


def test_an_undo_since_the_page_was_drawn_makes_any_entry_stale():
    game = game_at_bureaucracy()
    seen = len(game.log)
    first, second = game.state["next"]["waiting_for"][:2]
    game.play({"type": "power", "player": first})
    game.play({"type": "undo"})
    assert not game.still_applies({"type": "power", "player": second}, seen)


def test_a_page_ahead_of_the_game_is_stale():
    game = game_at_bureaucracy()
    assert not game.still_applies({"type": "power", "player": game.state["next"]["waiting_for"][0]},
                                  len(game.log) + 1)
