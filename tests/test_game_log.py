"""A game is its setup plus a log: undo, redo and corrections never destroy history."""
import json
import subprocess
import sys

import pytest

from referee.game import Game, replay, ReplayError
from referee.rules.errors import BadAction, IllegalAction
from tablekit import Table, setup_line
from tablekit import at_phase


def played(*entries, players=4):
    game = Game(setup_line(players))
    for e in entries:
        game.play(e)
    return game


SALE = {"type": "sold", "player": "Ann", "plant": 3, "price": 3}
DRAW = {"type": "draw", "card": 13}


def test_undo_takes_back_the_last_fact_and_keeps_it_in_the_log():
    game = played(SALE, DRAW)
    before = json.dumps(game.states[1], sort_keys=True)
    events = game.play({"type": "undo"})
    assert json.dumps(game.state, sort_keys=True) == before
    assert events[0]["type"] == "undone"
    assert [e["type"] for e in game.log] == ["sold", "draw", "undo"]
    assert game.facts == [SALE]


def test_redo_puts_back_what_was_undone():
    game = played(SALE, DRAW)
    after = json.dumps(game.state, sort_keys=True)
    game.play({"type": "undo"})
    game.play({"type": "undo"})
    game.play({"type": "redo"})
    game.play({"type": "redo"})
    assert json.dumps(game.state, sort_keys=True) == after


def test_a_new_fact_after_undo_clears_redo():
    game = played(SALE, {"type": "undo"}, {"type": "sold", "player": "Ann", "plant": 4, "price": 4})
    with pytest.raises(IllegalAction, match="nothing to redo"):
        game.play({"type": "redo"})


def test_undo_with_nothing_entered_is_refused():
    with pytest.raises(IllegalAction, match="nothing to undo"):
        played().play({"type": "undo"})


def test_correct_replaces_a_mistyped_fact_and_replays_the_rest():
    game = played(SALE, DRAW, {"type": "sold", "player": "Bob", "plant": 4, "price": 4})
    game.play({"type": "correct", "fact": 1, "action": {"type": "sold", "player": "Ann", "plant": 3, "price": 7}})
    assert game.state["players"]["Ann"]["money"] == 43
    assert game.state["players"]["Bob"]["plants"][0]["number"] == 4
    assert game.log[-1]["type"] == "correct" and len(game.facts) == 3


def test_a_correction_that_makes_a_later_fact_illegal_is_refused_whole():
    game = played(SALE, DRAW, {"type": "sold", "player": "Bob", "plant": 4, "price": 4})
    before = json.dumps(game.state, sort_keys=True)
    with pytest.raises(IllegalAction, match="fact 3 .* would be illegal"):
        game.play({"type": "correct", "fact": 1, "action": {"type": "sold", "player": "Bob", "plant": 3, "price": 3}})
    assert json.dumps(game.state, sort_keys=True) == before and len(game.log) == 3


def test_correct_names_an_existing_fact():
    with pytest.raises(IllegalAction, match="1 to 1"):
        played(SALE).play({"type": "correct", "fact": 5, "action": SALE})


def test_an_illegal_fact_changes_nothing_and_is_not_logged():
    game = played(SALE)
    with pytest.raises(IllegalAction):
        game.play({"type": "draw", "card": 14})
    assert len(game.log) == 1


def test_an_unknown_action_type_lists_the_allowed_ones():
    with pytest.raises(IllegalAction, match="actions are nominate, bid"):
        played().play({"type": "teleport"})


def lines(*entries, players=4):
    return [json.dumps(setup_line(players))] + [json.dumps(e) for e in entries]


def test_replay_stops_at_n_entries():
    game = replay(lines(SALE, DRAW), at=1)
    assert game.state["next"]["actions"][0]["type"] == "draw"


def test_replay_names_the_illegal_line():
    with pytest.raises(ReplayError, match=r"line 4: .*below plant 4's minimum"):
        replay(lines(SALE, DRAW, {"type": "sold", "player": "Bob", "plant": 4, "price": 2}))


def test_replay_names_a_line_that_is_not_json():
    with pytest.raises(ReplayError, match="line 2: not valid JSON"):
        replay([json.dumps(setup_line(4)), "{oops"])


def test_replay_cli_prints_state_json_and_exits_0(tmp_path):
    f = tmp_path / "g.jsonl"
    f.write_text("\n".join(lines(SALE, DRAW)) + "\n")
    run = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(f)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    assert state["players"]["Ann"]["plants"] == [{"number": 3, "stored": {}}]
    run = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(f), "--at", "1"],
                         capture_output=True, text=True)
    assert json.loads(run.stdout)["next"]["actions"][0]["type"] == "draw"


def test_replay_cli_exits_2_naming_the_illegal_line(tmp_path):
    f = tmp_path / "g.jsonl"
    f.write_text("\n".join(lines(SALE, {"type": "draw", "card": 20})) + "\n")
    run = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(f)], capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.strip() == f"{f} line 3: plant 20 cannot be drawn: plant 13 lies on top of the deck; possible: 13"
    assert run.stdout == ""


def test_a_misspelt_field_is_refused_not_ignored():
    with pytest.raises(IllegalAction, match="sold has no field 'Price'; its fields are player, plant, price"):
        played().play({"type": "sold", "player": "Ann", "plant": 3, "Price": 3})


@pytest.mark.parametrize("entry", [{"type": []}, {"type": None}, [], "sold", {"player": "Ann"}])
def test_a_malformed_entry_is_a_clear_error(entry):
    with pytest.raises(IllegalAction):
        played().play(entry)


def test_a_plant_number_must_be_a_whole_number():
    with pytest.raises(IllegalAction, match="not in the current market"):
        played().play({"type": "sold", "player": "Ann", "plant": 3.0, "price": 3})


@pytest.mark.parametrize("entry", [
    {"type": "power", "player": "Ann", "plants": [4, 4.0]},
    {"type": "power", "player": "Ann", "plants": [4], "cities": True},
    {"type": "power", "player": "Ann", "plants": [5], "burn": {"5": {"coal": True, "oil": True}}},
    {"type": "move", "player": "Ann", "moves": [{"from": 5, "to": 4, "resource": "coal", "cuont": 2}]},
    {"type": "move", "player": "Ann", "moves": [{"from": 5.0, "to": 4, "resource": "coal"}]},
])
def test_numbers_are_whole_json_numbers_and_keys_are_known_ones(entry):
    game = Game(setup_line(4))
    table = Table(game)
    at_phase(table, "bureaucracy")
    table.give("Ann", plants=[(4, {"coal": 2}), (5, {"coal": 2})], cities=["essen", "duisburg", "dortmund"])
    with pytest.raises(IllegalAction):
        game.play(entry)


def test_discard_names_its_plant_by_a_whole_number(table):
    t = table(3)
    t.give("Ann", plants=[(4, {}), (8, {}), (9, {})])
    t.do("sold", player="Ann", plant=5, price=5)
    t.draw(13)
    t.rejects("discard", player="Ann", plant=4.0, match="whole number")


@pytest.mark.parametrize("entry, message", [
    ({"type": "undo", "fact": 1}, "undo has no field 'fact'; it takes no fields"),
    ({"type": "redo", "steps": 2}, "redo has no field 'steps'; it takes no fields"),
    ({"type": "correct", "fact": 1, "action": DRAW, "line": 3},
     "correct has no field 'line'; its fields are fact, action"),
])
def test_undo_refuses_unknown_fields(entry, message):
    game = played(SALE, DRAW, {"type": "undo"})
    before = (json.dumps(game.state), list(game.facts), list(game.log), list(game.undone))
    with pytest.raises(BadAction) as e:
        game.play(entry)
    assert e.value.message == message
    assert (json.dumps(game.state), game.facts, game.log, game.undone) == before


def test_game_play_keeps_its_own_copy():
    sale = {"type": "sold", "player": "Ann", "plant": 3, "price": 3}
    fix = {"type": "correct", "fact": 1, "action": {"type": "sold", "player": "Ann", "plant": 3, "price": 5}}
    game = Game(setup_line(4))
    game.play(sale)
    game.play(DRAW)
    game.play(fix)
    undone = game.play({"type": "undo"})[0]["action"]
    sale["price"], fix["action"]["price"], fix["fact"], undone["card"] = 40, 41, 2, 99  # the caller edits its dicts
    assert game.log[0]["price"] == 3 and game.log[2]["action"]["price"] == 5 and game.log[2]["fact"] == 1
    assert game.facts == [fix["action"] | {"price": 5}] and game.undone == [DRAW]
    game.play({"type": "redo"})
    game.play({"type": "correct", "fact": 1, "action": game.facts[0]})  # replaying must not find an edited fact
    assert game.state["players"]["Ann"]["money"] == 45


def test_a_fact_names_its_player_as_the_setup_does_after_normalising():
    game = played({"type": "sold", "player": " A\u200bnn ", "plant": 3, "price": 3})
    assert game.state["players"]["Ann"]["plants"][0]["number"] == 3
    assert game.events[-1][0]["player"] == "Ann"
    assert game.log[0]["player"] == " A\u200bnn "  # the log keeps what the table entered


@pytest.mark.parametrize("entry, message", [
    ({"type": "draw", "card": 13, "plant": 14}, "draw takes card or its alias plant, not both"),
    ({"type": "discard", "player": "Ann", "plant": 4, "keep": None}, "discard field 'keep' is null; leave it out"),
])
def test_an_ambiguous_or_null_field_is_refused(table, entry, message):
    t = table(3)
    t.give("Ann", plants=[(4, {}), (8, {}), (9, {})])
    t.do("sold", player="Ann", plant=5, price=5)
    if entry["type"] == "discard":
        t.draw(13)
    with pytest.raises(BadAction, match=message):
        t.game.play(entry)
