"""Random legal games on every map of seed 001 and every player count it allows, played to the end
with the usual invariants after every entry (propkit.check_invariants: cubes, money, houses, plants,
the deck the map prepares) and replay = state. The games play each map's own rules (its
[rules.<name>] tables, referee/maprules, docs/maps.md section 5), so every rule meets random play."""
import pytest
from hypothesis import given, strategies as st

from mapkit import player_counts
from propkit import Run, games
from referee.catalog import available_maps

pytestmark = pytest.mark.slow

MAPS = [m for m in available_maps() if m not in ("germany", "usa")]   # both have test_random_games


@pytest.mark.parametrize("board", MAPS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@games(1)
@given(data=st.data())
def test_random_games_on_every_map_and_player_count_end_with_a_winner_and_replay_to_the_same_state(
        board, players, data):
    assert players in player_counts(board)
    run = Run(data, players, board).play()
    assert run.state["phase"] == "over" and run.state["result"]["winners"]
    assert max(len(p["cities"]) for p in run.state["players"].values()) >= run.ctx.end_cities
    run.check_replay()
