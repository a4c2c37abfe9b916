"""Rulings, refusals, the table's next step and the log in en, ja and zh-Hant (referee.rulings).

Everything is checked on real engine output: the recorded example games plus table situations that
reach the rare rulings, so a field the engine renames fails here instead of printing a wrong sentence.
"""
import dataclasses
import re
from pathlib import Path

import pytest

from referee import rulings
from referee.game import Game, replay
from referee.rules import errors
from mapkit import MAP_SCENES
from rechargedkit import RECHARGED_SCENES, recharged_table
from tablekit import NAMES, Table, at_phase, deck_of, finish_phase, setup_line

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ja", "zh-Hant")
SEVEN = ["essen", "duisburg", "dortmund", "muenster", "duesseldorf", "koeln", "aachen"]
SEVENTEEN = SEVEN + ["bremen", "osnabrueck", "kassel", "hannover", "hamburg", "kiel", "cuxhaven", "wilhelmshaven",
                     "flensburg", "luebeck"]


def new_table(players=4, **extra):
    return Table(Game(setup_line(players, **extra)))


def examples():
    games = []
    for name in ("germany-4p.jsonl", "usa-2p.jsonl"):
        with open(ROOT / "examples" / name, encoding="utf-8") as f:
            games.append(replay(f))
    return games


def empty_deck():
    t = new_table()
    t.edit(lambda s: s["deck"].update(above=0, top=None, unseen=[], removed_unseen=0, step3_drawn=True, shuffled=[]))
    t.do("sold", player="Ann", plant=3, price=3)
    return t


def short_game_step3_card():
    t = at_phase(new_table(short_game=True), "bureaucracy")
    deck_of(t, [], above=0, under=[30, 31])
    finish_phase(t)
    t.draw("step3")
    return t


def step3_card_in_building():
    t = at_phase(new_table(), "building")
    t.edit(lambda s: s.update(step=2, step2_started=True, market=[6, 10, 11, 12, 14, 15, 16, 17]))
    deck_of(t, [], above=0, under=[30, 31])
    t.give("Dan", plants=[(13, {})], cities=SEVEN[:5])
    t.do("build", player="Dan", cities=["koeln"])
    t.draw("step3")
    return t


def step3_card_in_bureaucracy():
    t = at_phase(new_table(), "bureaucracy")
    t.edit(lambda s: s.update(step=2, step2_started=True))
    deck_of(t, [], above=0, under=[30])
    t.give("Ann", plants=[(4, {"coal": 2})], cities=["essen"])   # powers by the referee's choice
    finish_phase(t)
    t.draw("step3")
    return t


def resources_phase():
    t = at_phase(new_table(3), "resources")
    t.give("Ann", plants=[(4, {"coal": 2}), (5, {})])
    t.do("buy", player="Cara")                    # buys nothing
    t.do("pass", player="Bob")
    t.do("move", player="Ann", moves=[{"from": 4, "to": 5, "resource": "coal", "count": 1}])
    return t


def ending(cities_and_money):
    t = at_phase(new_table(len(cities_and_money)), "building")
    for name, (cities, money) in zip(NAMES, cities_and_money):
        t.give(name, plants=[(13, {})], cities=[f"{name}{i}" for i in range(cities)], money=money)
    finish_phase(t)
    return t


def step3_card_before_step2(**extra):
    t = new_table(**extra)
    t.buy_round_one([3, 4, 5], [13, 11, 12])
    deck_of(t, [], above=0, under=[30, 31])
    t.do("sold", player="Dan", plant=6, price=6)
    t.draw("step3")
    return t


def end_reached_with_low_plants():
    t = at_phase(new_table(), "building")
    t.edit(lambda s: s.update(market=[16, 17, 18, 19, 20, 21, 22, 23]))
    t.give("Dan", plants=[(13, {})], cities=SEVENTEEN[:16])
    t.do("build", player="Dan", cities=["wiesbaden"])
    return t


def refill_limits():
    """Every reason a refill falls short: the supply, the market's room (an edition may hold more cubes than
    spaces), a full market, an empty supply, and an edition whose table gives no cubes."""
    t = at_phase(new_table(), "bureaucracy")
    t.edit(lambda s: s["resources"].update(market={"coal": 22, "oil": 24, "garbage": 6, "uranium": 2},
                                           supply={"coal": 10, "oil": 3, "garbage": 1, "uranium": 0}))
    edition = t.ctx.edition
    table = {n: {**row, "garbage": (0, 0, 0)} for n, row in edition.refill.items()}
    t.game.ctx = dataclasses.replace(t.ctx, edition=dataclasses.replace(edition, refill=table))
    finish_phase(t)
    return t


def corrections():
    """Undo, redo and correct: their events are returned by play, not kept among the facts' events."""
    t = new_table()
    t.do("nominate", player="Ann", plant=4)
    t.log_events = t.do("undo") + t.do("redo")
    t.log_events += t.do("correct", fact=1, action={"type": "nominate", "player": "Ann", "plant": 4, "bid": 5})
    return t


def first_of_a_number():
    """Variation 2 (seed 000): the first card of number 30 to come up leaves the game."""
    t = Table(Game({**setup_line(5), "variation": 2, "market": [1, 2, 3, "4+", 5, "6+", 7, 8]}))
    t.do("sold", player="Ann", plant=3, price=3)
    t.do("draw", card=30)
    return t


def small_deck():
    """Variation 4 with a deck of nine cards: the face-down removal takes the one plant it can."""
    cards = {str(n): {"kind": "coal", "burns": 2, "powers": 1} for n in (3, 4, 5, 6, 7, 8, 9, 10, 13)}
    return Table(Game({**setup_line(3), "variation": 4, "deck": {"id": "small", "name": "Small", "source": "a test",
                                                              "cards": cards}}))


SCENES = [*MAP_SCENES, *RECHARGED_SCENES, first_of_a_number, small_deck,
          lambda: step3_card_before_step2(readings={"step3_before_step2": "step3_only"}),   # a house reading
          empty_deck, short_game_step3_card, step3_card_in_building, step3_card_in_bureaucracy, resources_phase,
          step3_card_before_step2, end_reached_with_low_plants, refill_limits,
          lambda: new_table(3, order=None, seed=7),                    # the referee draws the round-1 order
          lambda: ending([(17, 30), (3, 40), (5, 50), (0, 50)]),      # a tie broken by money
          lambda: ending([(17, 30), (3, 40), (5, 40), (0, 50)]),      # by money, then cities
          lambda: ending([(17, 40), (17, 40), (17, 40)]),             # a shared win
          corrections]


@pytest.fixture(scope="module")
def played():
    """Every game played here: (game, its board, the names that may stay in Latin letters, all its events)."""
    out = []
    for game, log_events in [(g, []) for g in examples()] + [(t.game, getattr(t, "log_events", []))
                                                              for t in (scene() for scene in SCENES)]:
        board = game.ctx.map
        latin = [p["name"] for p in game.setup["players"]] + [c.name for c in board.cities.values()]
        out.append((game, board, sorted(latin, key=len, reverse=True),
                    [e for fact in game.events for e in fact] + log_events))
    return out


@pytest.fixture(scope="module")
def games(played):
    return [(game, board, latin) for game, board, latin, _ in played]


@pytest.fixture(scope="module")
def events(played):
    return [(e, board, latin) for _, board, latin, events in played for e in events]


def engine_event_types():
    """Every event type the engine can emit, read from its source: event("...") and the log's own."""
    found = set()
    for path in [*(ROOT / "referee" / "rules").glob("*.py"), *(ROOT / "referee" / "maprules").glob("*.py")]:
        found |= set(re.findall(r'\bevent\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    found |= set(re.findall(r'"type": "(\w+)"', (ROOT / "referee" / "game.py").read_text(encoding="utf-8")))
    return found


def no_english(text, latin):
    """ja / zh-Hant text with the player and city names taken out has no Latin letters left."""
    for name in latin:
        text = text.replace(name, "")
    return re.findall(r"[A-Za-z]+", text)


def test_every_event_type_the_engine_emits_has_its_own_wording_and_is_met_in_real_play(events):
    emitted = engine_event_types()
    assert {"plant_removed", "powered", "undone", "corrected"} <= emitted    # the scan itself works
    assert emitted - set(rulings.RULINGS) == set(), "event types without a writer (referee.rulings)"
    assert emitted - {e["type"] for e, _, _ in events} == set(), "event types no test situation reaches"


@pytest.mark.parametrize("lang", LANGS)
def test_every_real_event_renders_from_its_fields_in_each_language(events, lang):
    for e, board, latin in events:
        text = rulings.RULINGS[e["type"]](rulings.Words(lang, board), e)   # raises if a field is missing
        assert rulings.render(e, lang, board) == text
        assert text.strip() and "%(" not in text and "%s" not in text, (e, text)
        if lang != "en":
            assert not no_english(text, latin), (e, text)


def test_rulings_differ_by_language_and_use_the_games_words(events):
    removal = next(e for e, _, _ in events if e["type"] == "plant_removed")
    assert "ゲームから除外します" in rulings.render(removal, "ja")
    assert "移除遊戲" in rulings.render(removal, "zh-Hant")
    bought = next(e for e, _, _ in events if e["type"] == "resources_bought" and e["amounts"] == {"coal": 2})
    assert "石炭2個" in rulings.render(bought, "ja") and "エレクトロ" in rulings.render(bought, "ja")
    assert "2個煤" in rulings.render(bought, "zh-Hant") and "元" in rulings.render(bought, "zh-Hant")
    garbage = next(e for e, _, _ in events if e["type"] == "refill" and e["resource"] == "garbage")
    assert "廃棄物" in rulings.render(garbage, "ja") and "垃圾" in rulings.render(garbage, "zh-Hant")
    order = next(e for e, _, _ in events if e["type"] == "turn_order" and len(e["order"]) == 4)
    assert "、".join(order["order"]) in rulings.render(order, "ja")


def test_each_plant_removal_says_why_and_the_city_count_removal_how_many_cards_to_draw(events):
    removals = [e for e, _, _ in events if e["type"] == "plant_removed"]
    assert {e["cause"] for e in removals} == set(rulings.REMOVALS) | {"cities"}
    for cause in rulings.REMOVALS:
        e = next(e for e in removals if e["cause"] == cause)
        assert rulings.render(e, "ja") == rulings.Words("ja")._(rulings.REMOVALS[cause], plant=f"発電所{e['plant']}")
    two = next(e for e in removals if e["cause"] == "cities" and len(e["plants"]) == 2)
    (a, b), who, cities, draws = two["plants"], two["player"], two["cities"], two["draws"]
    assert rulings.render(two, "en") == \
        f"Remove plants {a} and {b} from the game ({who} has {cities} cities); draw {draws} cards."
    assert rulings.render(two, "ja") == \
        f"発電所{a}、{b}をゲームから除外します（{who}が{cities}都市）。カードを{draws}枚引いてください。"


def test_powering_says_which_cubes_leave_which_plant_and_when_the_referee_chose(events):
    mixed = next(e for e, _, _ in events if e["type"] == "powered" and len(e["burn"]) > 1)
    text = rulings.render(mixed, "ja")
    for number, cubes in mixed["burn"].items():
        assert f"発電所{number}から" in text
    assert "ボードの横に戻す" in text and f"収入は{mixed['income']}エレクトロ" in text
    chosen = next(e for e, _, _ in events if e["type"] == "powered" and e["chosen"] and e["plants"])
    assert "審判が選びました" in rulings.render(chosen, "ja")
    assert "審判" not in text


def test_built_cities_are_named_as_printed_on_the_board_in_build_order(events):
    e, board, _ = next(x for x in events if x[0]["type"] == "built" and "koeln" in x[0]["cities"])
    for lang in LANGS:
        text = rulings.render(e, lang, board)
        assert "Köln" in text and "koeln" not in text
        shown = [board.cities[c].name for c in e["cities"]]
        assert [text.index(n) for n in shown] == sorted(text.index(n) for n in shown)
    assert "koeln" in rulings.render(e, "en")       # without the board, the ids


def test_refill_says_how_many_cubes_go_on_which_space(events):
    e = next(e for e, _, _ in events if e["type"] == "refill" and e["spaces"] == [2, 2, 1, 1, 1])
    assert rulings.render(e, "en") == "Refill coal: put 2 on space 2, 3 on space 1."
    assert rulings.render(e, "ja") == "石炭を補充：スペース2に2個、スペース1に3個。"
    short = next(e for e, _, _ in events if e["type"] == "refill" and 0 < e["added"] < e["due"])
    assert f"{short['added']}" in rulings.render(short, "ja") and f"{short['due']}" in rulings.render(short, "ja")


def test_step3_timing_is_told_in_each_case(games):
    phases = {}
    for game, _, _ in games:
        for e in (e for fact in game.events for e in fact if e["type"] == "step3_coming"):
            phases[e["when"]] = rulings.render(e, "ja")
    assert "決算フェイズ" in phases["bureaucracy"] and "次のラウンド" in phases["round"]


def of_type(events, kind):
    return [e for e, _, _ in events if e["type"] == kind]


def test_a_draw_asked_for_says_which_plant_it_replaces_and_why(games):
    asked = {}
    for game, _, _ in games:
        for state in game.states:
            draw = next((a for a in state["next"]["actions"] if a["type"] == "draw"), None)
            if draw and len(draw["possible"]) > 1:
                asked.setdefault(draw["cause"], draw)
    assert set(asked) == set(rulings.DRAWS)
    for cause, draw in asked.items():
        for lang in LANGS:
            text = rulings.describe_next({"phase": "auction", "actions": [draw]}, lang)
            w = rulings.Words(lang)
            assert text == w.sentences(w._(rulings.DRAWS[cause], plant=w.plant(draw["replacing"])),
                                       w._("Which card came up?"))
    end = asked["end_of_round"]
    assert rulings.describe_next({"phase": "auction", "actions": [end]}, "en") == \
        f"Draw a card to replace plant {end['replacing']} (end of the round). Which card came up?"
    assert rulings.describe_next({"phase": "auction", "actions": [end]}, "zh-Hant") == \
        f"回合結束：從牌堆翻一張卡補上{end['replacing']}號發電廠的空位。翻出了哪張卡？"


def test_a_card_drawn_or_not_drawn_names_the_plant_it_replaces_and_why(events):
    drawn = of_type(events, "plant_drawn")[0]
    assert rulings.render(drawn, "ja") == (f"発電所{drawn['replacing']}の代わりに発電所{drawn['plant']}が出ました。"
                                           "発電所市場に番号順に並べてください。")
    skipped = {e["cause"]: e for e in of_type(events, "no_draw")}
    assert set(skipped) == set(rulings.NO_DRAWS)
    ending = skipped["game_ending"]
    assert rulings.render(ending, "en") == \
        f"No card is drawn to replace plant {ending['replacing']}: the game ends after this building phase."
    assert rulings.render(skipped["deck_empty"], "zh-Hant") == \
        f"牌堆已用完，不補{skipped['deck_empty']['replacing']}號發電廠的空位。"


def test_a_plant_bought_says_how_it_was_won(events):
    bought = {e["how"]: e for e in of_type(events, "plant_bought")}
    assert set(bought) == set(rulings.SALES)
    texts = {how: rulings.render(e, "ja") for how, e in bought.items()}
    assert texts["auction"].startswith("他の全員がパスしました。") and "落札" in texts["auction"]
    assert texts["unopposed"].startswith("他に入札できるプレイヤーがいません。") and "最初の入札額" in texts["unopposed"]
    e = bought["unopposed"]
    assert rulings.render(e, "en") == (f"Nobody else may bid: {e['player']} buys plant {e['plant']} for the "
                                       f"opening bid of {e['price']} Elektro, paid to the bank.")


def test_turn_order_says_which_rule_set_it(events):
    orders = {e["rule"]: e for e in of_type(events, "turn_order")}
    assert set(orders) == set(rulings.TURN_ORDERS)
    assert "くじ引き" in rulings.render(orders["lot"], "ja") and "審判" in rulings.render(orders["seed"], "ja")
    assert "發電廠編號由大到小" in rulings.render(orders["plants"], "zh-Hant")
    cities = orders["cities"]
    assert rulings.render(cities, "en") == (f"Turn order: {', '.join(cities['order'])} (most cities first; a tie goes "
                                            "to the highest-numbered plant).")


def test_step2_says_who_reached_how_many_cities_or_that_the_step3_card_brought_it(events):
    step2 = {e["cause"]: e for e in of_type(events, "step2")}
    assert set(step2) == {"cities", "step3_card", "map"}     # map: a map rule's own ruling says why
    assert rulings.render(step2["map"], "ja").startswith("このマップのルールによりステップ2開始")
    e = step2["cities"]
    assert rulings.render(e, "ja").startswith(
        f"ステップ2開始：{'、'.join(e['players'])}の接続都市数が{e['cities']}になりました（ステップ2は{e['threshold']}都市から）。")
    assert "ステップ3カード" in rulings.render(step2["step3_card"], "ja")


def test_the_end_of_the_game_gives_the_city_count_reached_and_the_end(events):
    e = of_type(events, "game_end_reached")[0]
    assert rulings.render(e, "en").startswith(
        f"{e['player']} has {e['cities']} cities, and the game ends at {e['end']}:")
    assert f"{e['cities']}座城市（達到{e['end']}座即結束）" in rulings.render(e, "zh-Hant")


def test_a_pass_says_what_is_given_up_in_its_phase(events):
    passes = {e["phase"]: rulings.render(e, "ja") for e in of_type(events, "passed")}
    assert set(passes) == set(rulings.PASSES)
    assert "資源は購入しません" in passes["resources"] and "建設しません" in passes["building"]


def test_auction_steps_and_discards_name_the_plant_and_the_limit(events):
    bid = of_type(events, "bid")[0]
    assert rulings.render(bid, "ja") == f"{bid['player']}が発電所{bid['plant']}に{bid['amount']}エレクトロで入札しました。"
    out = of_type(events, "bid_passed")[0]
    assert f"{out['plant']}號發電廠的競標" in rulings.render(out, "zh-Hant")
    discard = of_type(events, "plant_discarded")[0]
    assert rulings.render(discard, "ja").startswith(f"所有できる発電所は{discard['limit']}つまでなので")


def test_refill_says_why_fewer_cubes_were_placed(events):
    texts = {}
    for e in of_type(events, "refill"):
        why = ("none due" if not e["due"] else "full" if e["added"] == e["due"] else
               "supply" if e["supply"] <= e["room"] else "room")
        texts.setdefault((why, bool(e["added"])), set()).add(rulings.render(e, "en"))
    assert "Refill coal: only 2 of the 6 due, as only 2 are left in the supply; put 2 on space 1." \
        in texts["supply", True]
    assert "Refill coal: only 2 of the 5 due, as the market has room for only 2; put 2 on space 1." \
        in texts["room", True]
    assert "Refill oil: none of the 3 due, as the market is full." in texts["room", False]
    assert "Refill uranium: none of the 1 due, as the supply is empty." in texts["supply", False]
    assert "Refill garbage: none is due." in texts["none due", False]   # maps add others (Australia: uranium)


def test_a_build_of_several_cities_gives_each_connection_and_house(events):
    e, board, _ = next(x for x in events if x[0]["type"] == "built" and len(x[0]["cities"]) > 1
                       and all(b["from"] for b in x[0]["builds"]))
    text = rulings.render(e, "en", board)
    for b in e["builds"]:
        assert (f"{board.cities[b['city']].name} (connection {b['connection']} from {board.cities[b['from']].name} "
                f"+ house {b['house']})") in text
    assert text.endswith(f"{e['cost']} Elektro in all.")


def test_tie_breaks_and_shared_wins_are_stated(games):
    endings = [e for game, _, _ in games for fact in game.events for e in fact if e["type"] == "game_over"]
    breaks = {tuple(e["tie_breaks"]): e for e in endings if len(e["winners"]) == 1}
    assert "所持金" in rulings.render(breaks[("money",)], "ja")
    assert "所持金" in rulings.render(breaks[("money", "cities")], "ja")
    assert "接続都市数" in rulings.render(breaks[("money", "cities")], "ja")
    shared = next(e for e in endings if len(e["winners"]) > 1)
    assert all(name in rulings.render(shared, "zh-Hant") for name in shared["winners"])


def test_an_unknown_or_malformed_event_is_still_shown_by_its_type_and_fields():
    for lang in LANGS:
        text = rulings.render({"type": "comet", "plant": 7, "reason": "A comet hits plant 7"}, lang)
        assert "comet" in text and "7" in text and "A comet" not in text
        assert "bid" in rulings.render({"type": "bid", "player": "Ann"}, lang)
        assert "9" in rulings.render({"type": "plant_removed", "plant": 9, "cause": "meteor"}, lang)
    assert rulings.render("nonsense", "ja")


# --- refusals --------------------------------------------------------------------------------------

def refusals():
    """(class, table, the refused fact) for a real refusal of each kind."""
    t = new_table()
    drawing = new_table()
    drawing.do("sold", player="Ann", plant=3, price=3)
    stores = at_phase(new_table(3), "resources")
    stores.give("Ann", plants=[(4, {"coal": 2}), (13, {})])
    builds = at_phase(new_table(3), "building")
    powers = at_phase(new_table(), "bureaucracy")
    return [
        (errors.BadAction, t, {"type": "nominate", "player": "Ann", "plant": 4, "Bid": 5}),
        (errors.WrongPhase, t, {"type": "pass", "player": "Ann"}),
        (errors.NotYourTurn, t, {"type": "nominate", "player": "Bob", "plant": 4}),
        (errors.InvalidBid, t, {"type": "nominate", "player": "Ann", "plant": 5, "bid": 4}),
        (errors.CannotAfford, t, {"type": "nominate", "player": "Ann", "plant": 5, "bid": 60}),
        (errors.NotAvailable, t, {"type": "nominate", "player": "Ann", "plant": 7}),
        (errors.ImpossibleDraw, drawing, {"type": "draw", "card": 20}),
        (errors.CannotStore, stores, {"type": "move", "player": "Ann",
                                      "moves": [{"from": 4, "to": 13, "resource": "coal"}]}),
        (errors.IllegalBuild, builds, {"type": "build", "player": "Cara", "cities": ["Berlin"]}),
        (errors.IllegalPower, powers, {"type": "power", "player": "Ann", "plants": [50]}),
        (errors.IllegalStartCity, recharged_table(3, start_cities=True),
         {"type": "start_city", "player": "Ann", "city": "Berlin"}),
        (errors.IllegalAction, t, {"type": "redo"}),
    ]


@pytest.mark.parametrize("cls, table, fact", refusals(), ids=lambda x: x.__name__ if isinstance(x, type) else "")
def test_each_refusal_says_what_is_wrong_and_what_is_allowed_in_each_language(cls, table, fact):
    with pytest.raises(errors.IllegalAction) as info:
        table.game.play(fact)
    assert type(info.value) is cls
    board, latin = table.ctx.map, NAMES + [c.name for c in table.ctx.map.cities.values()]
    for lang in LANGS:
        text = rulings.render_error(info.value, lang, table.state["next"], board)
        problem = rulings.Words(lang)._(rulings.PROBLEMS[cls])
        allowed = rulings.allowed_now(table.state["next"], lang, board)
        assert text.startswith(problem) and text.endswith(allowed), text
        assert "%(" not in text and info.value.message not in text
        if lang != "en":
            assert not no_english(text, latin), text


def test_every_error_class_has_its_own_words():
    classes = {c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, errors.IllegalAction)}
    assert classes == set(rulings.PROBLEMS)
    assert len(set(rulings.PROBLEMS.values())) == len(rulings.PROBLEMS)


def test_the_allowed_bid_range_is_given_in_elektro():
    t = new_table()
    t.do("nominate", player="Ann", plant=4, bid=12)
    with pytest.raises(errors.InvalidBid) as info:
        t.do("bid", player="Bob", amount=12)
    assert rulings.render_error(info.value, "ja", t.state["next"]).endswith(
        "今はBobの入札の番です（発電所4）。入札は13〜50エレクトロ、またはパス。")
    assert "13 to 50 Elektro" in rulings.render_error(info.value, "en", t.state["next"])
    assert "13至50元" in rulings.render_error(info.value, "zh-Hant", t.state["next"])


def test_a_bad_setup_is_refused_in_the_readers_language():
    with pytest.raises(errors.BadSetup) as info:
        Game({**setup_line(2), "players": [{"name": "Ann", "colour": "red"}]})
    text = rulings.render_error(info.value, "zh-Hant")
    assert text == rulings.Words("zh-Hant")._(rulings.PROBLEMS[errors.BadSetup])
    assert not no_english(text, [])


def test_a_stale_page_is_told_the_game_moved_on():
    from referee.web.tables import Moved
    assert rulings.render_error(Moved(3), "ja", None) == rulings.Words("ja")._(rulings.MOVED)
    assert "裝置" in rulings.render_error(Moved(3), "zh-Hant", {"phase": "auction", "actions": []})


# --- what the table waits for, and the log -----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_real_state_says_what_the_table_waits_for_and_what_is_allowed(games, lang):
    for game, board, latin in games:
        for state in game.states:
            for text in (rulings.describe_next(state["next"], lang, board),
                         rulings.allowed_now(state["next"], lang, board)):
                assert text.strip() and "%(" not in text, (state["next"], text)
                assert state["next"].get("message", "\0") not in text
                if lang != "en":
                    assert not no_english(text, latin), text
                if state["next"]["waiting_for"]:
                    assert state["next"]["waiting_for"][0] in text


def test_describe_next_names_who_and_what():
    t = new_table()
    assert rulings.describe_next(t.state["next"], "en") == \
        "Waiting for Ann to open an auction; in round 1 everyone buys a plant."
    t.do("sold", player="Ann", plant=3, price=3)
    assert rulings.describe_next(t.state["next"], "en") == \
        "Draw a card to replace plant 3, just bought. It can only be plant 13."
    assert rulings.describe_next(t.state["next"], "ja") == \
        "購入された発電所3の代わりに、山札からカードを1枚引いてください。出るカードは発電所13しかありえません。"
    t.draw(13)
    t.do("nominate", player="Bob", plant=4)
    assert rulings.describe_next(t.state["next"], "ja").startswith("Caraの番です")


@pytest.mark.parametrize("lang", LANGS)
def test_every_logged_fact_is_one_line_in_each_language(games, lang):
    for game, board, latin in games:
        for fact in game.log:
            line = rulings.FACTS[fact["type"]](rulings.Words(lang, board), fact)  # raises on a missing field
            assert rulings.describe_fact(fact, lang, board) == line
            assert line.strip() and "\n" not in line and "%(" not in line, (fact, line)
            if lang != "en":
                assert not no_english(line, latin), (fact, line)


def test_a_build_fact_shows_the_printed_names_of_what_was_typed():
    board = Game(setup_line(3)).ctx.map
    line = rulings.describe_fact({"type": "build", "player": "Bob", "cities": ["essen", "KOELN"]}, "en", board)
    assert line == "Bob builds in Essen and Köln"
    assert rulings.describe_fact({"type": "build", "player": "Bob", "cities": ["Atlantis"]}, "ja", board) \
        == "BobがAtlantisに建設"
    assert rulings.describe_fact({"type": "sold", "player": "Ann", "plant": 7, "price": 9}, "en") == \
        "Ann bought plant 7 for 9 Elektro"
    assert "mystery" in rulings.describe_fact({"type": "mystery", "x": 1}, "zh-Hant")


def test_a_bid_too_low_is_answered_with_its_exact_bounds_when_the_fact_is_known():
    t = new_table()
    opening = {"type": "nominate", "player": "Ann", "plant": 5, "bid": 4}
    with pytest.raises(errors.InvalidBid) as info:
        t.game.play(opening)
    text = rulings.render_error(info.value, "en", t.state["next"], fact=opening)
    assert text == ("An opening bid of 4 on plant 5 is too low: it must be at least 5 (the plant's number) and at most "
                    "50 Elektro (Ann's money).")
    assert rulings.render_error(info.value, "ja", None, fact=opening) == \
        "発電所5の開始価格4は低すぎます。開始価格は発電所番号の5以上でなければなりません。"
    t.do("nominate", player="Ann", plant=4, bid=12)
    raise_ = {"type": "bid", "player": "Bob", "amount": 12}
    with pytest.raises(errors.InvalidBid) as info:
        t.game.play(raise_)
    assert rulings.render_error(info.value, "zh-Hant", t.state["next"], fact=raise_) == \
        "對4號發電廠出價12太低：Bob可出價13至50元（高於目前最高價，最多為Bob的資金），或放棄。"
    # without the fact: the class's words and what is allowed, as for any refusal
    assert rulings.render_error(info.value, "en", t.state["next"]).startswith("That bid or price is too low.")


# What a player did, the ruling tells after the fact: the log keeps it, so Japanese says it in the past.
DONE_AT_THE_TABLE = ("auction_opened", "bid", "bid_passed", "auction_passed", "built", "resources_bought",
                     "bought_nothing", "resources_moved", "powered")


def test_japanese_tells_what_a_player_did_in_the_past_tense(events):
    """The log read 「…入札します。」 for a bid already made (issue 24): the first sentence of a ruling on a
    player's own fact ends in the past (した), never the non-past (します)."""
    seen = set()
    for e, board, _latin in events:
        if e["type"] in DONE_AT_THE_TABLE:
            text = rulings.render(e, "ja", board)
            first = re.split(r"(?<=[。：])", text)[0]
            assert not first.endswith(("します。", "ます。")) and re.search(r"(した|かった)[。）]|した（", text), (e["type"], text)
            seen.add(e["type"])
    assert {"bid", "built", "resources_bought", "auction_opened"} <= seen
