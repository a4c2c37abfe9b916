"""Random legal games to the end under each of seed 000's variations (新発電所カード, バリエーション
1–4), 2–6 players, with the usual invariants after every entry (propkit.check_invariants: cubes,
money, houses, every card in one place, the market in rank order) and replay = state."""
import json
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from propkit import Run
from referee.catalog import load_map
from referee.catalog.decks import load_deck
from referee.catalog.files import read_toml
from referee.catalog.variations import variations
from referee.rules.cards import twin
from referee.rules.variation_rules import in_deck
from tablekit import setup_line
from propkit import games

pytestmark = pytest.mark.slow   # random legal games to the end under every variation

PLAYERS = [2, 3, 4, 5, 6]


def turned_up(data, players) -> dict:
    """Variation 2: which card of each number 3–8 went to the market, and the pairs removed."""
    market = [1, 2] + [data.draw(st.sampled_from([n, f"{n}+"]), label=f"market {n}") for n in range(3, 9)]
    removed = {2: 8, 3: 8, 4: 4}.get(players, 0)
    doubled = [n for n in load_deck("base").cards if f"{n}+" in load_deck("new").cards and n > 8]
    pairs = data.draw(st.lists(st.sampled_from(doubled), min_size=removed, max_size=removed, unique=True),
                      label="pairs")
    return {"market": market, "removed_pairs": pairs}


def chosen_cities(data, players) -> list:
    """Variation 3: a connected set of the table's city count, grown city by city from a random start."""
    board = load_map("germany")
    want = {int(n): row["cities"] for n, row in variations()[3]["player_counts"].items()}[players]
    links = {c: set() for c in board.cities}
    for c in board.connections:
        links[c.a].add(c.b)
        links[c.b].add(c.a)
    chosen = [data.draw(st.sampled_from(sorted(board.cities)), label="first city")]
    while len(chosen) < want:
        edge = sorted({n for c in chosen for n in links[c]} - set(chosen))
        chosen.append(data.draw(st.sampled_from(edge), label="next city"))
    return chosen


def own_deck() -> dict:
    """Variation 4: the new cards with the base 46 and 50 beside the new ones, as a group's deck file."""
    deck = json.loads(json.dumps(read_toml(Path(load_deck("new").where))))
    deck["id"], deck["higher"] = "ours", ["46+", "50+"]
    deck["cards"].update({"46": {"kind": "hybrid", "burns": 3, "powers": 7}, "50": {"kind": "fusion", "burns": 0,
                                                                                     "powers": 6}})
    return deck


def variation_setup(variation, players, data) -> dict:
    setup = {**setup_line(players, "germany"), "variation": variation}
    if variation == 2:
        setup.update(turned_up(data, players))
    if variation == 3:
        del setup["areas"]
        setup["cities"] = chosen_cities(data, players)
    if variation == 4:
        setup["deck"] = own_deck()
    return setup


def second_of_number_only(run):
    """Variation 2: no card in the market or a player's hand while its twin still lies in the deck."""
    if run.ctx.variation.first_of_number:
        state = run.state
        shown = [c for c in state["market"] if c != "step3"]
        shown += [pl["number"] for p in state["players"].values() for pl in p["plants"]]
        assert not [c for c in shown if in_deck(state["deck"], twin(c))], shown


@pytest.mark.parametrize("variation", [1, 2, 3, 4])
@pytest.mark.parametrize("players", PLAYERS)
@games(1)
@given(data=st.data())
def test_variation_random_games_end_with_a_winner_keep_every_card_in_one_place_and_replay(variation, players, data):
    run = Run(data, players, "germany", setup=variation_setup(variation, players, data)).play(second_of_number_only)
    state = run.state
    assert state["phase"] == "over" and state["result"]["winners"]
    assert max(len(p["cities"]) for p in state["players"].values()) >= run.ctx.end_cities
    assert run.ctx.variation.number == variation
    firsts = [e for events in run.game.events for e in events if e["type"] == "first_of_number_removed"]
    assert bool(firsts) == (variation == 2) and all(e["plant"] in state["removed"] for e in firsts)
    run.check_replay()
