"""Tables on any map (shared by tests/maps, the property tests and the rulings tests)."""
from itertools import combinations

from referee.catalog import load_edition, load_map
from referee.game import Game
from referee.rules import prepared
from tablekit import AREAS, Table, at_phase, finish_phase, setup_line


def board_setup(players: int, board: str, **extra) -> dict:
    """The setup line of a game on any map: the test boards' usual areas, else the first areas in
    file order that the map allows together for this player count."""
    if board in AREAS:
        return setup_line(players, board, **extra)
    game_map = load_map(board)
    count = load_edition("original", map=game_map).player_counts[players].areas
    areas = next(c for c in combinations(game_map.areas, count) if game_map.areas_connected(c))
    return {**setup_line(players, "germany", **extra), "map": board, "areas": list(areas)}


def germany_cities(count, start="flensburg") -> list:
    """Variation 3 (seed 000): `count` cities of Germany joined by connections, grown outward from `start` in name order."""
    board = load_map("germany")
    chosen = [start]
    while len(chosen) < count:
        edge = sorted({c.b if c.a in chosen else c.a for c in board.connections
                       if (c.a in chosen) != (c.b in chosen)})
        chosen.append(edge[0])
    return chosen


def player_counts(board: str) -> list:
    return sorted(load_edition("original", map=load_map(board)).player_counts)


def map_table(board: str, players: int = 4, **extra) -> Table:
    return Table(Game({**board_setup(players, board), **extra}))


def vienna_purchase() -> Table:
    """Central Europe: Ann has a house in Wien and buys 2 garbage (seed 001 中央ヨーロッパ 第3フェーズ)."""
    t = at_phase(map_table("centraleurope", 3, areas=["yellow", "purple", "brown"]), "resources")
    t.give("Ann", plants=[(6, {})], cities=["wien"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    t.do("buy", player="Ann", garbage=2)
    return t


def spain_step2() -> Table:
    """Spain & Portugal: Step 2 puts 18, 22 and 27 on top of the deck before its removal draws."""
    t = at_phase(map_table("spainportugal", 3), "building")
    in_play = sorted(t.ctx.map.cities_in(t.ctx.areas))
    t.give("Ann", plants=[(13, {})], cities=in_play[:7])
    finish_phase(t)
    return t


def give_mines(t: Table, mines: dict, uranium: int = None) -> None:
    """Australia: players' uranium mines (and the uranium on the market, the rest in the supply)."""
    def change(s):
        for name, numbers in mines.items():
            s["map"]["mines"][name] = list(numbers)
        if uranium is not None:
            res = s["resources"]
            res["supply"]["uranium"] += res["market"]["uranium"] - uranium
            res["market"]["uranium"] = uranium
    t.edit(change)


def australia_mine() -> Table:
    """Australia: Ann buys plant 11 in round 1: it is her uranium mine (seed 001 オーストラリア 第2フェーズ)."""
    t = map_table("australia", 3)
    t.edit(lambda s: s.update(market=[5, 6, 7, 11, 12, 14, 15, 16]))
    t.do("sold", player="Ann", plant=11, price=11)
    return t


def australia_mine_income() -> Table:
    """Australia phase 5: Bob's mines 23 and 28 and Ann's 11 sell uranium, last player first, then the
    refill table takes uranium away (seed 001 オーストラリア 第5フェーズ)."""
    t = at_phase(map_table("australia", 3), "bureaucracy")
    give_mines(t, {"Ann": [11], "Bob": [23, 28]}, uranium=8)
    finish_phase(t)
    return t


def australia_step3() -> Table:
    """Australia: Step 3 moves the six cheapest coal, oil and garbage cubes to the 9 and 10 spaces."""
    t = at_phase(map_table("australia", 3), "building")
    t.edit(lambda s: s.update(step=2, step2_started=True, step3_at="bureaucracy"))
    finish_phase(t)
    return t


def china_two_rounds() -> Table:
    """China, 4 players: round 1 buys the four plants (none replaced); phase 5 draws 9, 10, 12; in round 2
    nobody buys (nothing removed); phase 5 draws 13, 14 and removes 9 and 10 (seed 001 中国)."""
    t = map_table("china", 4)
    for name, plant in zip(["Ann", "Bob", "Cara", "Dan"], [5, 6, 7, 8]):
        t.do("sold", player=name, plant=plant, price=plant)
    for _ in range(3):
        finish_phase(t)
    for card in (9, 10, 12):
        t.draw(card)
    for _ in range(4):
        finish_phase(t)
    for card in (13, 14):
        t.draw(card)
    return t


def russia_first_pass() -> Table:
    """Russia, round 2: Bob buys 5 (13 replaces it); Ann, first in turn order, passes: plant 3 leaves and
    10 replaces it; Cara's pass after her changes nothing (seed 001 ロシア 第 2 フェーズ)."""
    t = map_table("russia", 4)
    t.edit(lambda s: s.update(round=2))
    t.do("sold", player="Bob", plant=5, price=5)
    t.draw(13)
    t.do("pass", player="Ann")
    t.draw(10)
    t.do("pass", player="Cara")
    return t


def skip_to_step3_part(t):
    """China: the ordered cards 5–30 are gone (out of the game), so the next card comes from 31, 32, 34, 35
    and the Step 3 card shuffled together."""
    def change(s):
        deck = s["deck"]
        while not deck["prepared"][0]["step3"]:
            part = deck["prepared"].pop(0)
            s["removed"] += part["cards"]
            deck["unseen"] = [c for c in deck["unseen"] if c not in part["cards"]]
        prepared.derive(deck)
    t.edit(change)


def china_step3_card() -> Table:
    """China, 4 players, Step 2: the ordered cards 5–30 are gone; phase 5 draws 31, then the Step 3 card
    (31, the lowest, leaves), then fills the market to 4: 32, 34, 35, 36 (seed 001 中国 ステップ 3)."""
    t = map_table("china", 4)
    for name, plant in zip(["Ann", "Bob", "Cara", "Dan"], [5, 6, 7, 8]):
        t.do("sold", player=name, plant=plant, price=plant)
    skip_to_step3_part(t)
    t.edit(lambda s: s.update(step=2, step2_started=True))
    for _ in range(3):
        finish_phase(t)
    for card in (31, "step3", 32, 34, 35, 36):
        t.draw(card)
    return t


def russia_fewest_cities() -> Table:
    """Russia: everyone has 3 cities but Dan, 2; Dan builds a third: plant 3 leaves (the fewest is 3),
    though Ann has 4 (seed 001 ロシア 第 4 フェーズ)."""
    t = at_phase(map_table("russia", 4), "building")
    in_play = sorted(t.ctx.map.cities_in(t.ctx.areas))
    for i, name in enumerate(["Ann", "Bob", "Cara", "Dan"]):
        t.give(name, cities=in_play[3 * i:3 * i + (2 if name == "Dan" else 3)])
    t.give("Ann", cities=[in_play[12]])
    offer = t.state["next"]["actions"][0]["cities"]
    t.do("build", player="Dan", cities=[offer[0]["city"]])
    return t


def swap_market(t: Table, plants) -> None:
    """Lay out the plant market as given; plants leaving it go back among the unseen cards of a base
    deck, plants entering it come out of them (tests only)."""
    def change(s):
        deck = s["deck"]
        for c in s["market"]:
            if c not in plants:
                deck["unseen"].append(c)
                deck["above"] += 1
        for c in plants:
            if c in deck["unseen"]:
                deck["unseen"].remove(c)
                deck["above"] -= 1
                deck["top"] = None if deck["top"] == c else deck["top"]
        deck["unseen"].sort()
        s["market"] = sorted(plants)
    t.edit(change)


def draw_while_waiting(t: Table) -> list:
    """Draw the lowest possible card for every draw the table waits for; the events of each draw."""
    events = []
    while t.state["next"]["actions"] and t.state["next"]["actions"][0]["type"] == "draw":
        events += t.draw(min(t.state["next"]["actions"][0]["possible"], key=str))
    return events


def uranium_ban_auction() -> Table:
    """Central Europe, round 2: Ann (Wien) passes, Bob (Budapest, Hungary) opens plant 11; Cara has
    houses only in Austria, so she must pass (seed 001 中央ヨーロッパ 第 2 フェーズ)."""
    t = map_table("centraleurope", 3, areas=["yellow", "purple", "brown"])
    swap_market(t, [3, 4, 5, 11, 12, 13, 14, 15])
    t.edit(lambda s: s.update(round=2))
    t.give("Ann", plants=[(6, {})], cities=["wien"])
    t.give("Bob", plants=[(7, {})], cities=["budapest"])
    t.give("Cara", plants=[(8, {})], cities=["graz", "linz"])
    t.do("pass", player="Ann")
    t.do("nominate", player="Bob", plant=11)
    return t


def benelux_ecological() -> Table:
    """Benelux: 13 heads the future market, so five plants are open and Ann opens an auction on it
    (seed 001 ベネルクス 第 2 フェーズ)."""
    t = map_table("benelux", 3)
    swap_market(t, [3, 4, 5, 6, 13, 18, 22, 27])
    t.do("nominate", player="Ann", plant=13)
    return t


def benelux_end_of_round() -> Table:
    """Benelux phase 5 in Step 1: the highest plant goes under the deck and the lowest leaves too."""
    t = at_phase(map_table("benelux", 3), "bureaucracy")
    finish_phase(t)
    return t


def quebec_update() -> Table:
    """Québec round 1: 22, 18 and 13 come up; in phase 5 plant 10 goes under the deck, not 22
    (seed 001 ケベック州 第5フェーズ)."""
    t = map_table("quebec", 3)
    t.buy_round_one([3, 4, 5], [22, 18, 13])
    at_phase(t, "bureaucracy")
    finish_phase(t)
    return t


def bw_round_two() -> Table:
    """Baden-Württemberg, round 2: the round began in round 1's order; everyone passes the auction,
    so the two lowest plants leave, then the order is set (seed 001 バーデン=ヴュルテンベルク州)."""
    t = map_table("badenwurttemberg", 3, areas=["yellow", "green", "purple"])
    t.buy_round_one([3, 4, 5], [13, 14, 15])
    at_phase(t, "bureaucracy")
    t.give("Ann", cities=["freiburg"])
    finish_phase(t)
    draw_while_waiting(t)
    for name in list(t.state["order"]):
        t.do("pass", player=name)
    draw_while_waiting(t)
    return t


def bw_step2() -> Table:
    """Baden-Württemberg: Ann reaches 6 cities with 3 players, one fewer than the base 7: Step 2, and
    the cities beyond the state's borders open (seed 001 バーデン=ヴュルテンベルク州 ステップ2, 第4フェーズ)."""
    t = at_phase(map_table("badenwurttemberg", 3, areas=["yellow", "green", "purple"]), "building")
    t.give("Ann", plants=[(13, {})], cities=["lahr", "offenburg", "freiburg", "lorrach", "waldshut_tiengen",
                                              "singen"])
    finish_phase(t)
    return t


def korea_north_first() -> Table:
    """Korea: Cara buys coal from the North, Bob oil from the South; after phase 5 the coal Cara
    burned refills the North first (seed 001 朝鮮 第 3 フェーズ, 第 5 フェーズ 「北から補充する」)."""
    t = at_phase(map_table("korea", 3), "resources")
    t.give("Cara", plants=[(4, {})], cities=["seoul"])
    t.give("Bob", plants=[(9, {})])
    t.do("buy", player="Cara", coal=2, market="north")
    t.do("buy", player="Bob", oil=1, market="south")
    t.do("pass", player="Ann")
    finish_phase(t)           # building: nobody builds
    finish_phase(t)           # bureaucracy: Cara burns 2 coal, then the refill
    return t


def india_one_cube_at_a_time() -> Table:
    """India, round 2: the auction ends and the buying rules are announced; Cara and Ann buy one
    cube each, round the table (seed 001 インド亜大陸 第3フェーズ)."""
    t = map_table("indian", 3)
    t.give("Ann", plants=[(4, {})])
    t.give("Cara", plants=[(5, {})])
    t.edit(lambda s: s.update(round=2) or s["auction"].update(bought=["Bob", "Cara"], sales=2))
    t.do("pass", player="Ann")
    t.do("buy", player="Cara", coal=1)
    t.do("pass", player="Bob")
    t.do("buy", player="Ann", coal=1)
    return t


def india_cities(t: Table, n: int, skip: int = 0) -> list:
    return sorted(t.ctx.map.cities_in(t.ctx.areas))[skip:skip + n]


def india_blackout() -> Table:
    """India: 7 cities built by 3 players (more than 3 × 2) is a blackout; in phase 5 each income
    is cut by 3 per city, and Ann's garbage plant 6 burns 2 (printed 1)."""
    t = at_phase(map_table("indian", 3), "building")
    t.give("Ann", plants=[(6, {"garbage": 2})], cities=india_cities(t, 4))
    t.give("Bob", plants=[(4, {"coal": 4})], cities=india_cities(t, 3, skip=4))
    finish_phase(t)           # building: the count, then phase 5
    finish_phase(t)
    return t


def india_final_blackout() -> Table:
    """India: the game ends in a round with a blackout, so income, cut, is paid before the winner."""
    t = at_phase(map_table("indian", 3), "building")
    t.give("Ann", plants=[(10, {"coal": 4})], cities=india_cities(t, 17))
    t.give("Bob", plants=[(4, {"coal": 4})], cities=india_cities(t, 1, skip=17))
    finish_phase(t)
    return t


def ann_builds(board: str, areas: list, home: str, city: str) -> Table:
    """3 players, building phase: the others pass, then Ann (first in turn order, so building last) holds
    `home` and builds `city`."""
    t = at_phase(map_table(board, 3, areas=areas), "building")
    t.give("Ann", cities=[home], money=60)
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    t.do("build", player="Ann", cities=[city])
    return t


def australia_general_link() -> Table:
    """Australia: Ann in Perth builds Adelaide, which no printed line reaches, by the general link of 20
    (seed 001 オーストラリア 第4フェーズ)."""
    return ann_builds("australia", ["red", "yellow", "pink"], home="perth", city="adelaide")


def british_island_link() -> Table:
    """British Isles: Ann in Glasgow begins a second network in Dublin for 20 (seed 001 ブリテン諸島 第4フェーズ)."""
    return ann_builds("ukireland", ["green", "orange", "brown"], home="glasgow", city="dublin")


def british_cities(t: Table) -> list:
    return sorted(t.ctx.map.cities_in(t.ctx.areas))


def british_every_city_step2() -> Table:
    """British Isles, 3 players on 18 cities: six houses each fill every city, and Step 2 begins although
    nobody has 7 (seed 001 ブリテン諸島 ステップ2)."""
    t = at_phase(map_table("ukireland", 3, areas=["green", "orange", "yellow"]), "building")
    cities = british_cities(t)
    for k, name in enumerate(("Ann", "Bob", "Cara")):
        t.give(name, cities=cities[6 * k:6 * k + 6])
    finish_phase(t)
    return t


def british_two_player_end() -> Table:
    """British Isles, 2 players on 18 cities: Ann builds her 18th, every city in play: the game ends
    (seed 001 ブリテン諸島: 「2人プレイの場合はどちらかが全都市を配置した時点でゲーム終了する」)."""
    t = at_phase(map_table("ukireland", 2, areas=["green", "orange", "yellow"]), "building")
    t.edit(lambda s: s.update(step=2, step2_started=True))
    cities = british_cities(t)
    t.give("Ann", plants=[(13, {})], cities=cities[:-1], money=100)
    t.do("pass", player="Bob")
    t.do("build", player="Ann", cities=cities[-1:])
    return t


def japan_networks() -> Table:
    """Japan: Ann begins in Tokyo in round 1; in round 2 Bob, in Sapporo, begins a second network in
    Osaka (seed 001 日本(アークライト版) 第 4 フェーズ)."""
    t = at_phase(map_table("japan", 3, areas=["brown", "green", "purple"]), "building")
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    t.do("build", player="Ann", cities=["tokyo"])
    t.edit(lambda s: s.update(round=2))
    t.give("Bob", cities=["sapporo"], money=60)
    t.edit(lambda s: s["map"]["networks"].update(Bob=["sapporo"]))
    at_phase(t, "building", order=["Ann", "Bob", "Cara"])
    t.do("pass", player="Cara")
    t.do("build", player="Bob", cities=["osaka"], new_network="osaka")
    return t


MAP_SCENES = [vienna_purchase, spain_step2, australia_mine, australia_mine_income, australia_step3,
              china_two_rounds, china_step3_card, russia_first_pass, russia_fewest_cities]
MAP_SCENES += [uranium_ban_auction, benelux_ecological, benelux_end_of_round, quebec_update, bw_round_two, bw_step2]
MAP_SCENES += [korea_north_first, india_one_cube_at_a_time, india_blackout, india_final_blackout]
MAP_SCENES += [australia_general_link, british_island_link, british_every_city_step2, british_two_player_end,
               japan_networks]
