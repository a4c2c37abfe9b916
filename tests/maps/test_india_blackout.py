"""India's blackout (referee/maprules/india_blackout.py), seed 001 インド亜大陸 第4フェーズ, フェーズ5."""
from referee import rulings
from mapkit import india_blackout, india_cities, india_final_blackout, map_table
from tablekit import at_phase, finish_phase


def test_more_new_cities_than_twice_the_players_is_a_blackout_that_cuts_income_by_3_per_city():
    """「新規建設した都市の数がプレイヤー人数×2を超えた場合、大規模停電が発生する。」「発電の収入から建設都市数×3の
    収入を減らす。」 7 cities built by 3 players (limit 6); Ann powers 1 city (22) and has 4 cities: 22 − 12."""
    t = india_blackout()
    events = [e for events in t.game.events for e in events]
    blackout = next(e for e in events if e["type"] == "blackout")
    assert (blackout["built"], blackout["limit"], blackout["final"]) == (7, 6, False)
    cuts = {e["player"]: e for e in events if e["type"] == "blackout_income"}
    assert (cuts["Ann"]["full"], cuts["Ann"]["cities"], cuts["Ann"]["income"]) == (22, 4, 10)
    assert (cuts["Bob"]["full"], cuts["Bob"]["income"]) == (22, 13) and cuts["Cara"]["income"] == 10
    powered = {e["player"]: e["income"] for e in events if e["type"] == "powered"}
    assert powered == {"Ann": 10, "Bob": 13, "Cara": 10}


def test_twice_the_players_is_no_blackout_and_cities_are_counted_once():
    t = at_phase(map_table("indian", 3), "building")
    t.give("Ann", cities=india_cities(t, 6))
    finish_phase(t)
    assert not [e for events in t.game.events for e in events if e["type"].startswith("blackout")]
    finish_phase(t)                                  # phase 5: full income
    assert t.p("Ann")["money"] == 50 + 10
    t = at_phase(t, "building")                       # next round: nothing new is built
    t.give("Bob", cities=india_cities(t, 1, skip=6))
    finish_phase(t)
    assert not [e for e in t.game.events[-1] if e["type"] == "blackout"]


def test_final_round_blackout_pays_the_reduced_income_before_the_winner_is_found():
    """「最終ラウンドに大規模停電が発生した場合は、収入処理を行う。」 Income is paid (cut) though the game ends,
    never below 0: Ann 33 − 3 × 17 → 0; Bob 22 − 3 → 19; Cara 10."""
    t = india_final_blackout()
    kinds = [e["type"] for e in t.game.events[-1]]
    assert kinds.index("blackout") < kinds.index("game_over")
    assert {n: p["money"] for n, p in t.state["players"].items()} == {"Ann": 50, "Bob": 69, "Cara": 60}
    ann = next(e for e in t.game.events[-1] if e["type"] == "blackout_income" and e["player"] == "Ann")
    assert "never below 0" in rulings.render(ann, "en") and "0未満" in rulings.render(ann, "ja")


def test_blackout_rulings_in_each_language():
    t = india_blackout()
    blackout = next(e for events in t.game.events for e in events if e["type"] == "blackout")
    assert "大規模停電" in rulings.render(blackout, "ja") and "大停電" in rulings.render(blackout, "zh-Hant")
    assert "7 cities were built this round, more than 6" in rulings.render(blackout, "en")
