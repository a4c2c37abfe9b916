"""Australia's uranium mines (referee/maprules/uranium_mines.py), played on the Australia board.

Seed 001, オーストラリア 第2フェーズ 「原子力発電所はウラン鉱山として扱う(発電しない、発電所とは別に扱う、枚数制限なし、
第1フェーズの数値には影響する)。1ラウンドで発電所とウラン鉱山を購入することができない。」; 第5フェーズ 「プレイ順下位から
ウラン鉱山からの収入を得る。…」.
"""
from referee import rulings
from referee.rules.errors import CannotStore, IllegalPower, NotYourTurn
from mapkit import australia_mine, australia_mine_income, give_mines, map_table
from tablekit import at_phase, finish_phase

PINK_BROWN_GREEN = ["hobart", "launceston", "geelong", "melbourne_1", "melbourne_2", "bendigo", "mildura",
                    "albury", "wollongong", "dubbo", "canberra", "sydney_1", "sydney_2", "newcastle",
                    "toowoomba", "gold_coast", "brisbane"]


def kinds(events):
    return [e["type"] for e in events]


def test_uranium_mine_is_kept_apart_from_the_plants_and_powers_nothing():
    """「原子力発電所はウラン鉱山として扱う(発電しない、発電所とは別に扱う…)」."""
    t = australia_mine()
    bought, mine = t.game.events[-1]
    assert (bought["type"], mine["type"]) == ("plant_bought", "uranium_mine")
    assert mine["plant"] == 11 and mine["powers"] == 2
    assert t.p("Ann")["plants"] == [] and t.state["map"]["mines"]["Ann"] == [11]
    assert t.p("Ann")["money"] == 50 - 11


def test_uranium_mines_have_no_limit_and_never_count_toward_the_plant_limit():
    """「枚数制限なし」: a player with three plants buys a mine and discards nothing."""
    t = map_table("australia", 3)
    t.edit(lambda s: s.update(market=[5, 6, 7, 11, 12, 14, 15, 16]))
    t.give("Ann", plants=[(3, {}), (4, {}), (8, {})])
    give_mines(t, {"Ann": [23, 28]})
    t.do("sold", player="Ann", plant=11, price=11)
    assert [pl["number"] for pl in t.p("Ann")["plants"]] == [3, 4, 8]
    assert t.state["map"]["mines"]["Ann"] == [23, 28, 11]
    assert t.state["next"]["actions"][0]["type"] == "draw"        # no discard waits


def test_uranium_mine_counts_for_turn_order():
    """「第1フェーズの数値には影響する」: after round 1 the order is by the highest number, mines included."""
    t = australia_mine()
    t.draw(13)
    t.do("sold", player="Bob", plant=5, price=5)
    t.draw(18)
    t.do("sold", player="Cara", plant=6, price=6)
    events = t.draw(19)
    order = [e for e in events if e["type"] == "turn_order"][-1]
    assert order["order"] == ["Ann", "Cara", "Bob"] == t.state["order"]   # Ann has no plant, only mine 11


def test_a_player_who_bought_a_uranium_mine_buys_no_power_plant_that_round():
    """「1ラウンドで発電所とウラン鉱山を購入することができない」: the mine is the round's purchase."""
    t = australia_mine()
    t.draw(13)
    t.rejects("sold", NotYourTurn, player="Ann", plant=5, price=5)
    t.rejects("nominate", NotYourTurn, player="Ann", plant=5)


def test_uranium_mine_is_never_fired_and_stores_no_uranium():
    """「発電しない」: a mine is not a plant the table can fire, nor one that holds cubes."""
    t = at_phase(map_table("australia", 3), "resources")
    give_mines(t, {"Ann": [11]})
    t.give("Ann", cities=["hobart", "launceston"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    t.rejects("buy", CannotStore, player="Ann", uranium=1)
    t.do("pass", player="Ann")
    t = at_phase(t, "bureaucracy")
    t.rejects("power", IllegalPower, player="Ann", plants=[11], cities=2)


def test_mine_income_last_player_first_at_the_uranium_price_each_placement_leaves():
    """「プレイ順下位からウラン鉱山からの収入を得る。…供給個数(発電件数)に現在の市場価格を掛け算した金額の収入を得る。
    その後、ウラン鉱山の枚数分のウランを市場に置く」: Bob (2nd) before Ann (1st); 8 uranium on the market."""
    t = australia_mine_income()
    events = [e for fact in t.game.events[-3:] for e in fact]
    bob, ann = [e for e in events if e["type"] == "mine_income"]
    assert (bob["player"], bob["cities"], bob["price"], bob["income"]) == ("Bob", 3 + 4, 4, 28)
    assert (bob["placed"], bob["spaces"]) == (2, [3, 3])             # onto the dearest empty spaces
    assert (ann["player"], ann["cities"], ann["price"], ann["income"]) == ("Ann", 2, 3, 6)
    assert (ann["placed"], ann["spaces"]) == (1, [2])
    assert t.p("Bob")["money"] == 50 + 10 + 28 and t.p("Ann")["money"] == 50 + 10 + 6
    assert t.p("Cara")["money"] == 50 + 10


def test_uranium_removed_by_the_refill_table_from_the_cheapest_cubes_and_none_refilled():
    """「ウランの収入が終了後、補充表に従ってウランを減らす」: 3 players, Step 1: one cube, from the 2-space."""
    t = australia_mine_income()
    events = [e for fact in t.game.events[-3:] for e in fact]
    types = kinds(events)
    assert types.index("uranium_removed") > max(i for i, k in enumerate(types) if k == "mine_income")
    removed = next(e for e in events if e["type"] == "uranium_removed")
    assert (removed["due"], removed["removed"], removed["spaces"]) == (1, 1, [2])
    refill = next(e for e in events if e["type"] == "refill" and e["resource"] == "uranium")
    assert refill["added"] == 0
    assert t.state["resources"]["market"]["uranium"] == 8 + 3 - 1
    assert t.state["resources"]["supply"]["uranium"] == 12 - 10


def test_uranium_price_of_an_empty_market_is_its_dearest_space():
    """「現在の市場価格」 with no uranium on the market: 7, the dearest space of the board's uranium track."""
    t = at_phase(map_table("australia", 3), "bureaucracy")
    give_mines(t, {"Ann": [23]}, uranium=0)
    finish_phase(t)
    income = next(e for fact in t.game.events[-3:] for e in fact if e["type"] == "mine_income")
    assert (income["price"], income["income"], income["spaces"]) == (7, 3 * 7, [7])
    assert t.state["resources"]["market"]["uranium"] == 0                # then the refill table takes it


def test_uranium_placed_only_where_the_market_has_room():
    """At setup every uranium space is filled (燃料初期価格 2): the mine is paid at 2 and places nothing."""
    t = at_phase(map_table("australia", 3), "bureaucracy")
    give_mines(t, {"Ann": [23]})
    finish_phase(t)
    income = next(e for fact in t.game.events[-3:] for e in fact if e["type"] == "mine_income")
    assert (income["price"], income["income"], income["due"], income["placed"], income["room"]) == (2, 6, 1, 0, 0)
    assert "room for only 0" in rulings.render(income, "en")


def test_expansion_plant_50_places_two_uranium():
    """「(拡張の発電所50は1枚で2個扱い)」: the map's two_cubes list (expansion card 50)."""
    t = at_phase(map_table("australia", 3), "bureaucracy")
    give_mines(t, {"Ann": [50]}, uranium=6)
    finish_phase(t)
    income = next(e for fact in t.game.events[-3:] for e in fact if e["type"] == "mine_income")
    assert (income["due"], income["placed"]) == (2, 2)


def test_uranium_mines_pay_at_game_end_too_and_the_money_decides_a_tie():
    """「(注意)ゲーム終了時もウランの収入は行方」: no other income at game end, but the mines pay."""
    t = at_phase(map_table("australia", 3), "building")
    t.give("Ann", cities=PINK_BROWN_GREEN, money=10)
    t.give("Bob", money=13)
    t.give("Cara", money=0)
    give_mines(t, {"Ann": [11]})
    finish_phase(t)
    events = t.game.events[-1]
    income, over = events[-2:]
    assert income["type"] == "mine_income" and income["final"] and income["income"] == 2 * 2
    assert over["winners"] == ["Ann"] and over["tie_breaks"] == ["money"]
    assert t.p("Ann")["money"] == 14
    assert "ゲーム終了時" in rulings.render(income, "ja") and "遊戲結束" in rulings.render(income, "zh-Hant")


def test_uranium_mine_rulings_are_explained_in_each_language():
    game = australia_mine_income().game
    events = [e for fact in game.events for e in fact if e["type"] in ("mine_income", "uranium_removed")]
    bob = events[0]
    assert "28 Elektro" in rulings.render(bob, "en") and "23 and 28" in rulings.render(bob, "en")
    assert "ウラン鉱山" in rulings.render(bob, "ja") and "供給個数" in rulings.render(bob, "ja")
    assert "鈾礦" in rulings.render(bob, "zh-Hant")
    assert "補充表" in rulings.render(events[-1], "ja") and "補充表" in rulings.render(events[-1], "zh-Hant")
    mine = australia_mine().game.events[-1][1]
    assert "ウラン鉱山" in rulings.render(mine, "ja") and "枚数制限" in rulings.render(mine, "ja")
