"""Power Grid: Recharged tables (shared by tests/rules/test_recharged.py and the rulings tests): a game
on the Recharged edition with a known dealt market, and the situations that reach its rulings."""
from referee.game import Game
from referee.rules.errors import IllegalAction
from tablekit import Table, at_phase, finish_phase, setup_line

DEALT = [5, 6, 7, 8, 9, 10, 11, 12]          # plug plants dealt face up: current 5–8, future 9–12
TRUST_CITIES = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln"]   # each joined to one before


def recharged_table(players=3, board="germany", dealt=DEALT, **extra) -> Table:
    line = setup_line(players, board, edition="recharged", dealt=list(dealt), **extra)
    if players == 2 and extra.get("trust", True) and board == "germany" and "trust_cities" not in extra:
        line["trust_cities"] = list(TRUST_CITIES)
    return Table(Game(line))


def new_game_form(players=3, **extra) -> dict:
    """The new-game page's fields for a Recharged game on Germany (areas NW, W, SW), seats in turn order."""
    names = ["Ann", "Bob", "Cara"][:players]
    form = {"map": "germany", "order_by": "table", "areas": ["NW", "W", "SW"], "edition": "recharged"}
    for i, n in enumerate(names, 1):
        form.update({f"name_{i}": n, f"colour_{i}": ["red", "blue", "green"][i - 1], f"position_{i}": str(i)})
    form.update(extra)
    return form


def trust_table(**extra) -> Table:
    return recharged_table(2, **extra)


def discount_bought() -> Table:
    t = recharged_table()
    t.do("sold", player="Ann", plant=5, price=1)
    return t


def discount_undercut() -> Table:
    """Token on 5; Ann buys 8 and the plug card on top is 3, lower than 5."""
    t = recharged_table()
    t.do("sold", player="Ann", plant=8, price=8)
    t.draw(3)
    return t


def discount_unsold() -> Table:
    """Round 1: the three players buy 8, 7 and 6; the discounted 5 is left and leaves the game."""
    t = recharged_table()
    t.do("sold", player="Ann", plant=8, price=8)
    t.draw(13)
    t.do("sold", player="Bob", plant=7, price=7)
    t.draw(20)
    t.do("sold", player="Cara", plant=6, price=6)
    t.draw(25)
    return t


def trust_round_one() -> Table:
    """2 players and the Trust: Ann buys, the Trust takes the highest of the current market."""
    t = trust_table()
    t.do("sold", player="Ann", plant=6, price=6)
    t.draw(13)
    return t


def trust_fuel_and_blocks() -> Table:
    """The Trust takes fuel after Bob (last in order) buys; Ann builds in an empty city: it is blocked."""
    t = trust_round_one()
    t.draw(20)                                  # the Trust's plant is replaced
    t.do("sold", player="Bob", plant=7, price=7)
    t.draw(25)                                  # the discounted 5 is left: it leaves, a card replaces it
    t.draw(30)
    finish_phase(t)                             # resources: everyone passes; the Trust takes its fuel
    t.do("build", player="Ann", cities=["hamburg"])
    t.do("build", player="Bob", cities=["bremen"])
    finish_phase(t)                             # bureaucracy: the Trust's fuel goes back
    return t


def trust_passes() -> Table:
    t = trust_table()
    t.edit(lambda s: s["map"]["trust"].update(plants=[40, 42, 44]))
    t.edit(lambda s: s["deck"]["unseen"].remove(40) or s["deck"]["unseen"].remove(42) or s["deck"]["unseen"].remove(44)
           or s["deck"].update(above=s["deck"]["above"] - 3, removed_unseen=s["deck"]["removed_unseen"]))
    t.do("sold", player="Ann", plant=6, price=6)
    t.draw(13)
    return t


HIGH = [34, 35, 36, 39, 40, 42, 44, 46]


def _high_market(s):
    """Plants 34–46 in the market (39 in the current market), the dealt plants back in the deck."""
    s["deck"]["unseen"] = sorted(set(s["deck"]["unseen"]) - set(HIGH) | set(s["market"]))
    s["deck"]["backs"]["layers"][-1]["plug"] += len(s["market"])
    s["deck"]["backs"]["layers"][-1]["socket"] -= len(s["market"])
    s["market"] = list(HIGH)


def uranium_phase_out(**extra) -> Table:
    t = recharged_table(**extra)
    t.edit(_high_market)
    t.do("sold", player="Ann", plant=39, price=39)
    return t


def trust_phase_out() -> Table:
    t = trust_table(trust_phase_out=True)
    t.edit(_high_market)
    t.do("sold", player="Ann", plant=34, price=34)
    t.draw(13)
    return t


def coal_storage() -> Table:
    """USA: the coal market is bare and the storage holds 5: Ann buys 2 coal at 8 each and 1 oil (the storage holds 24)."""
    t = at_phase(recharged_table(3, "usa"), "resources")
    t.edit(lambda s: s["resources"].update(market={**s["resources"]["market"], "coal": 0},
                                           supply={**s["resources"]["supply"], "coal": 24}))
    t.give("Ann", plants=[(5, {})], money=50)
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    t.log_events = t.do("buy", player="Ann", coal=2, oil=1)
    return t


def shared_win_on_money() -> Table:
    t = at_phase(recharged_table(3), "building")
    for name in ("Ann", "Bob", "Cara"):
        t.give(name, plants=[(13, {})], cities=[f"{name}{i}" for i in range(17 if name == "Ann" else 1)], money=40)
    finish_phase(t)
    return t


def start_cities_marked() -> Table:
    """The experienced players' start (digest §6): 2 players and the Trust mark Bremen and Hamburg (a Trust
    house goes on each 15 space)."""
    t = trust_table(start_cities=True)
    refused = []

    def refuse(kind, **fields):     # a refusal's ruling, in the rule's words like any other (t.log_events)
        try:
            t.do(kind, **fields)
        except IllegalAction as e:
            refused.append(e.ruling)
    refuse("start_city", player="Bob", city="kiel")          # out of turn
    refuse("start_city", player="Ann", city="essen")         # a Trust city
    refuse("start_city", player="Ann", city="berlin")        # outside the areas
    t.do("start_city", player="Ann", city="bremen")
    refuse("start_city", player="Bob", city="bremen")        # marked already
    t.do("start_city", player="Bob", city="hamburg")
    at_phase(t, "building", order=["Ann", "Bob"])
    refuse("build", player="Bob", cities=["kiel"])            # the first house goes in the mark
    refuse("build", player="Bob", cities=["hamburg", "bremen"])   # another player's mark in Step 1
    t.log_events = refused
    return t


RECHARGED_SCENES = [discount_bought, discount_undercut, discount_unsold, trust_round_one, trust_fuel_and_blocks,
                    trust_passes, uranium_phase_out, trust_phase_out, coal_storage, shared_win_on_money,
                    start_cities_marked]
