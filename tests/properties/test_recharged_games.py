"""Random legal Power Grid: Recharged games (maps/editions/recharged.toml, docs/editions.md) played to the
end with the usual invariants after every entry (propkit.check_invariants: cubes, money, houses and the
Trust's, plants and the Trust's, the deck by its backs) and replay = state: 2–6 players on Germany and
USA (the Recharged boards), with the Trust at 2; and every other shipped map with the edition."""
import pytest
from hypothesis import given, strategies as st

from mapkit import player_counts
from propkit import Run, games
from referee.catalog import available_maps
from referee.rules.backs import next_backs

pytestmark = pytest.mark.slow


def recharged_run(data, players, board, before_each=None, **extra):
    return Run(data, players, board, edition="recharged", seed=data.draw(st.integers(0, 10 ** 6)),
               **extra).play(before_each)


def refuse_cards_the_deck_cannot_hold(run):
    """While a card is awaited: every unseen plant the deck by its backs cannot show next is refused
    (state unchanged), and the backs the table is shown are those of the cards that can come up."""
    draw = next((a for a in run.state["next"]["actions"] if a["type"] == "draw"), None)
    deck = run.state["deck"]
    if draw is None or deck["step3_drawn"]:
        return
    assert deck["backs"]["next"] == next_backs(deck, draw["possible"])
    for card in [c for c in deck["unseen"] if c not in draw["possible"]][:4]:
        run.refuse({"type": "draw", "card": card}, "an unseen card the deck cannot hold there")


@pytest.mark.parametrize("board", ["germany", "usa"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@games(3)
@given(data=st.data())
def test_random_recharged_games_end_with_a_winner_and_replay_to_the_same_state(board, players, data):
    run = recharged_run(data, players, board)
    assert run.state["phase"] == "over" and run.state["result"]["winners"]
    assert ("trust" in run.state["map"]) == (players == 2)
    assert run.state["result"]["tie_breaks"] in ([], ["money"])
    run.check_replay()


@pytest.mark.parametrize("board", ["germany", "usa"])
@games(2)
@given(data=st.data())
def test_random_two_player_recharged_games_without_the_trust(board, data):
    run = recharged_run(data, 2, board, trust=False)
    assert run.state["phase"] == "over" and "trust" not in run.state["map"]
    run.check_replay()


@pytest.mark.parametrize("board", [m for m in available_maps() if m not in ("germany", "usa")])
@games(1)
@given(data=st.data())
def test_every_other_map_plays_the_recharged_edition_to_the_end(board, data):
    players = data.draw(st.sampled_from(player_counts(board)))
    run = recharged_run(data, players, board)
    assert run.state["phase"] == "over" and run.state["result"]["winners"]
    run.check_replay()


@pytest.mark.parametrize("players", [2, 3, 4])
@games(1)
@given(data=st.data())
def test_recharged_france_with_its_own_removal_counts_plays_to_the_end_s7(players, data):
    """Digest §7 France (a reading): its own [plug, socket] removals by player count, played out."""
    run = recharged_run(data, players, "france")
    assert run.state["phase"] == "over" and run.state["result"]["winners"]
    run.check_replay()


@pytest.mark.parametrize("board", ["germany", "usa"])
@pytest.mark.parametrize("players", [2, 3, 4])
@games(2)
@given(data=st.data())
def test_random_recharged_games_with_the_experienced_start_end_and_replay_s6(board, players, data):
    """Digest §6 (optional rule): every player marks a start city before round 1's auction; the first
    house stands there and nobody else builds there before Step 2 (propkit.check_invariants); with the
    Trust at 2, a Trust house on each mark's 15 space (§4, SJ RULES-NOTES #7)."""
    run = recharged_run(data, players, board, start_cities=True)
    assert run.state["phase"] == "over" and run.state["result"]["winners"]
    assert sorted(run.state["map"]["start_cities"]) == sorted(p["name"] for p in run.setup["players"])
    if players == 2:
        trust = run.state["map"]["trust"]
        assert len(trust["cities"]) + len(trust.get("reserved", ())) >= 8
    run.check_replay()


@pytest.mark.parametrize("board, players", [(b, n) for b in ("russia", "quebec", "brazil") for n in player_counts(b)])
@games(1)
@given(data=st.data())
def test_recharged_maps_with_their_own_deal_play_to_the_end_s7(board, players, data):
    """Digest §7 (readings): Russia's 3 + 3 market and 5 low cards on top, Québec's 18 and 22 under the top
    card and eco plants never removed, Brazil's 6 and 14 always dealt and garbage plants never removed,
    played out at each player count; every draw is one the deck by its backs allows."""
    run = recharged_run(data, players, board, refuse_cards_the_deck_cannot_hold)
    assert run.state["phase"] == "over" and run.state["result"]["winners"]
    assert "dealt" in run.game.setup and "prepared" not in run.state["deck"]
    run.check_replay()
