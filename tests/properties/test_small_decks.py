"""Random legal games to the end with decks barely larger than the market (seed 000 バリエント4:
「発電所の数を増やしたり、減らしたりすることもできます」), 2–6 players: never a negative count, never a
stuck game (the issue's decks 3–10 and 13, and 3–10 with 13, 20 and 30), replay = state."""
import pytest
from hypothesis import given, strategies as st

from propkit import Run, games
from tablekit import setup_line

pytestmark = pytest.mark.slow

DECKS = {"3-10 and 13": [3, 4, 5, 6, 7, 8, 9, 10, 13], "13, 20 and 30": [3, 4, 5, 6, 7, 8, 9, 10, 13, 20, 30]}


def deck(numbers) -> dict:
    return {"id": "small", "name": "Small", "source": "a test",
            "cards": {str(n): {"kind": "coal", "burns": 2, "powers": n // 10 + 1} for n in numbers}}


@pytest.mark.parametrize("name", DECKS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@games(3)
@given(data=st.data())
def test_small_deck_games_play_to_the_end(name, players, data):
    def deck_counts(run):
        d = run.state["deck"]
        assert d["above"] >= 0 and d["removed_unseen"] >= 0, d
    run = Run(data, players, "germany", setup={**setup_line(players), "variation": 4, "deck": deck(DECKS[name])})
    run.play(deck_counts)
    assert run.over()
    run.check_replay()
