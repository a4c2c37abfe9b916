"""Random legal games on both maps, 2–6 players, played to the end with the invariants checked
after every entry (see propkit.check_invariants), plus refused, undone, redone, corrected and
malformed entries along the way."""
import json

import pytest
from hypothesis import given, strategies as st

from propkit import Run, dumps, games, junk, known_illegal

pytestmark = pytest.mark.slow

BOARDS = ["germany", "usa"]
PLAYERS = [2, 3, 4, 5, 6]


def a_game(data, **extra):
    board = data.draw(st.sampled_from(BOARDS), label="board")
    players = data.draw(st.sampled_from(PLAYERS), label="players")
    return Run(data, players, board, **extra)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", PLAYERS)
@games(4)
@given(data=st.data())
def test_cubes_money_houses_plants_and_market_stay_consistent_after_every_action_until_a_winner(
        board, players, data):
    run = Run(data, players, board).play()
    state = run.state
    assert state["phase"] == "over" and state["result"]["winners"]
    most = max(len(p["cities"]) for p in state["players"].values())
    assert most >= run.ctx.end_cities
    run.check_replay()


@games(10)
@given(data=st.data())
def test_replaying_the_log_reproduces_the_state_at_random_points_and_at_the_end(data):
    def sometimes_replay(run):
        if run.ch.one_in(80):
            run.check_replay()
    run = a_game(data).play(sometimes_replay)
    run.check_replay()


@games(14)
@given(data=st.data())
def test_illegal_actions_raise_illegal_action_and_leave_the_state_unchanged(data):
    seen = set()

    def probe(run):
        if run.ch.int(0, 3) == 0:  # the all-zero example probes before every fact, cycling the list
            wrong = known_illegal(run)
            why, entry = wrong[(run.entries + run.ch.int(0, len(wrong) - 1)) % len(wrong)]
            run.refuse(entry, why)
            seen.add(why)
    run = a_game(data).play(probe)
    for why, entry in known_illegal(run):  # after the end, everything is refused
        run.refuse(entry, why)
    assert len(seen) > 5, seen


@games(10)
@given(data=st.data())
def test_undo_restores_the_state_before_the_undone_fact_and_redo_the_state_after_it(data):
    def undo_redo(run):
        if not run.game.facts or not run.ch.one_in(12):
            return
        count = run.ch.int(1, min(3, len(run.game.facts)))
        before = list(run.snapshots)
        for i in range(count):
            expected = run.snapshots[-2]
            assert run.attempt({"type": "undo"})
            assert dumps(run.state) == expected == before[-2 - i]
        redo = run.ch.int(0, count)
        for i in range(redo):
            assert run.attempt({"type": "redo"})
            assert dumps(run.state) == before[len(before) - count + i]
        if redo == count:
            assert dumps(run.state) == before[-1]
            run.refuse({"type": "redo"}, "nothing left to redo")
    run = a_game(data).play(undo_redo)
    run.check_replay()


@games(8)
@given(data=st.data())
def test_correct_equals_replaying_the_corrected_facts_or_is_refused_whole(data):
    def correct(run):
        facts = run.game.facts
        if not facts or not run.ch.one_in(20):
            return
        number = run.ch.int(max(1, len(facts) - 25), len(facts))
        if run.ch.one_in(3):  # the same fact again: nothing changes
            before = dumps(run.state)
            assert run.attempt({"type": "correct", "fact": number, "action": facts[number - 1]})
            assert dumps(run.state) == before
            return
        alternative = run.alternative(number)
        expected = run.expected_after(facts[:number - 1] + [alternative] + facts[number:])
        entry = {"type": "correct", "fact": number, "action": alternative}
        if expected is None:
            run.refuse(entry, "a later fact would become illegal")
        else:
            assert run.attempt(entry)
            assert dumps(run.state) == expected
    run = a_game(data).play(correct)
    run.check_replay()


@games(12)
@given(data=st.data())
def test_malformed_entries_raise_illegal_action_or_leave_a_consistent_state(data):
    def fuzz(run):
        if run.ch.one_in(3):
            run.attempt(junk(run, run.ch))  # refused: unchanged; accepted: invariants checked
    run = a_game(data).play(fuzz)
    for _ in range(5):
        run.attempt(junk(run, run.ch))
    run.check_replay()


@pytest.mark.parametrize("board", BOARDS)
@games(5)
@given(data=st.data())
def test_the_short_game_ends_when_a_player_has_7_cities_and_nobody_builds_an_8th(board, data):
    def probe(run):
        if run.state["phase"] == "building" and run.ch.one_in(3):
            why, entry = run.ch.pick(known_illegal(run))
            run.refuse(entry, why)
    players = data.draw(st.sampled_from(PLAYERS), label="players")
    run = Run(data, players, board, short_game=True).play(probe)
    counts = [len(p["cities"]) for p in run.state["players"].values()]
    assert max(counts) == 7, counts
    # "Step 1 only": no Step 2 by city count, and the Step 3 card is set aside
    assert run.state["step"] == 1 and not run.state["step2_started"]
    assert "step3" not in run.state["market"]
    assert json.loads(run.replayed_state()) == json.loads(dumps(run.state))
