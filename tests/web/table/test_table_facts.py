"""POST /games/<id>/facts: each phase's input becomes the right fact; bad input never stores anything."""
import re

import pytest

from referee.rules import engine
from referee.store import Store
from referee.web import create_app


def last_fact(stored, game_id):
    return stored(game_id).facts[-1]


def at_phase(first_at, phase, extra=lambda s: True):
    return first_at(lambda s: s["phase"] == phase and not s["next"].get("message") and extra(s))


# Auction

def test_opening_a_plant_stores_a_nominate_and_answers_the_table(example, post, stored):
    game_id = example(0)
    response = post(game_id, type="nominate", player="Dieter", plant="4", bid="5")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'id="table"' in html and "Dieter opens an auction on plant 4 at 5 Elektro" in html
    assert 'hx-swap-oob="morph"' in html            # clears an earlier refusal
    assert last_fact(stored, game_id) == {"type": "nominate", "player": "Dieter", "plant": 4, "bid": 5}


def test_opening_bid_left_blank_opens_at_the_plants_number(example, post, stored):
    game_id = example(0)
    assert post(game_id, type="nominate", player="Dieter", plant="3", bid="").status_code == 200
    assert last_fact(stored, game_id) == {"type": "nominate", "player": "Dieter", "plant": 3}


def test_raises_and_passes_bid_by_bid(example, post, stored):
    game_id = example(1)                                   # Dieter opened plant 4 at 5
    assert post(game_id, type="bid", player="Anna", amount="6").status_code == 200
    assert last_fact(stored, game_id) == {"type": "bid", "player": "Anna", "amount": 6}
    assert post(game_id, type="pass_bid", player="Bernd").status_code == 200
    assert last_fact(stored, game_id) == {"type": "pass_bid", "player": "Bernd"}


def test_the_bid_panel_offers_plus_one_plus_five_and_a_typed_amount(client, example, show_money):
    game_id = example(1)
    show_money(game_id)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert 'name="amount" value="6"' in html and 'name="amount" value="10"' in html
    assert 'type="number" name="amount" inputmode="numeric" min="6" max="50"' in html
    typed = html[html.index('class="fact typed"'):]
    typed = typed[:typed.index("</form>")]
    assert "Another amount (6 to 50)" in typed and "Bid this amount</button>" in typed


def test_quick_sale_records_who_bought_which_plant_for_how_much(example, post, stored):
    game_id = example(0)
    assert post(game_id, type="sold", player="Clara", plant="6", price="9").status_code == 200
    assert last_fact(stored, game_id) == {"type": "sold", "player": "Clara", "plant": 6, "price": 9}
    assert stored(game_id).state["players"]["Clara"]["money"] == 41


def test_passing_the_auction_from_round_two(example, post, stored, first_at):
    game_id = example(at_phase(first_at, "auction", lambda s: s["round"] == 2 and s["auction"]["lot"] is None))
    who = stored(game_id).state["next"]["waiting_for"][0]
    assert post(game_id, type="pass", player=who).status_code == 200
    assert last_fact(stored, game_id) == {"type": "pass", "player": who}


# Draw and discard

def test_the_draw_prompt_offers_exactly_the_cards_that_can_come_up(client, example, first_at):
    game_id = example(first_at(lambda s: s["next"]["actions"] and s["next"]["actions"][0]["type"] == "draw"))
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert 'name="card" value="13"' in html
    assert html.count('class="big card-button" name="card"') == 1


def test_a_drawn_card_is_stored_as_a_draw(example, post, stored, first_at):
    game_id = example(first_at(lambda s: s["next"]["actions"] and s["next"]["actions"][0]["type"] == "draw"))
    assert post(game_id, type="draw", card="13").status_code == 200
    assert last_fact(stored, game_id) == {"type": "draw", "card": 13}


def test_a_discard_names_the_plant_and_optionally_the_cubes_kept(example, post, stored, first_at):
    game_id = example(first_at(lambda s: s["next"]["actions"] and s["next"]["actions"][0]["type"] == "discard"))
    act = stored(game_id).state["next"]["actions"][0]
    assert post(game_id, type="discard", player=act["player"], plant=str(act["plants"][0])).status_code == 200
    assert last_fact(stored, game_id) == {"type": "discard", "player": act["player"], "plant": act["plants"][0]}


def test_discard_with_keep_fields_sends_keep(example, post, stored, first_at):
    game_id = example(first_at(lambda s: s["next"]["actions"] and s["next"]["actions"][0]["type"] == "discard"))
    act = stored(game_id).state["next"]["actions"][0]
    post(game_id, type="discard", player=act["player"], plant=str(act["plants"][0]), keep_coal="0")
    assert last_fact(stored, game_id)["keep"] == {"coal": 0}


# Resources

def test_buying_resources(example, post, stored, first_at):
    game_id = example(at_phase(first_at, "resources"))
    state = stored(game_id).state
    act = state["next"]["actions"][0]
    resource = next(r for r, n in act["max"].items() if n)
    assert post(game_id, type="buy", player=act["player"], **{resource: "1"}).status_code == 200
    fact = last_fact(stored, game_id)
    assert fact["type"] == "buy" and fact[resource] == 1 and sum(fact[r] for r in act["max"]) == 1


def test_the_buy_preview_prices_the_draft_with_the_engine(client, example, stored, first_at, show_money):
    game_id = example(at_phase(first_at, "resources"))
    show_money(game_id)
    act = stored(game_id).state["next"]["actions"][0]
    resource = next(r for r, n in act["max"].items() if n)
    money = stored(game_id).state["players"][act["player"]]["money"]
    html = client.get(f"/games/{game_id}/", query_string={"type": "buy", "player": act["player"], resource: 1}).get_data(as_text=True)
    price = act["cheapest"][resource]
    assert f"Price {price} Elektro; leaves {money - price}" in html
    assert f'name="{resource}" value="1"' in html


def test_the_buy_preview_says_why_a_draft_is_refused(client, example, stored, first_at):
    game_id = example(at_phase(first_at, "resources"))
    act = stored(game_id).state["next"]["actions"][0]
    html = client.get(f"/games/{game_id}/", query_string={"type": "buy", "player": act["player"], "uranium": 2}).get_data(as_text=True)
    assert "The plants cannot hold those resources." in html
    assert '<button class="big" disabled>' in html


# Building

def test_building_stores_the_cities(example, post, stored, first_at):
    game_id = example(at_phase(first_at, "building"))
    act = stored(game_id).state["next"]["actions"][0]
    city = act["cities"][0]["city"]
    assert post(game_id, type="build", player=act["player"], cities=[city]).status_code == 200
    assert last_fact(stored, game_id) == {"type": "build", "player": act["player"], "cities": [city]}


def test_the_build_preview_prices_the_selection_with_the_planner_and_draws_routes(client, example, stored, first_at):
    game_id = example(at_phase(first_at, "building", lambda s: s["round"] == 3))
    state = stored(game_id).state
    act = state["next"]["actions"][0]
    p = state["players"][act["player"]]
    pick = [o["city"] for o in act["cities"][:2]]
    html = client.get(f"/games/{game_id}/", query_string={"type": "build", "player": act["player"], "cities": pick}).get_data(as_text=True)
    ctx = stored(game_id).ctx
    plan = ctx.planner.route(p["cities"], pick, step=state["step"],
                             occupied={c: sum(c in q["cities"] for q in state["players"].values()) for c in pick})
    assert f"Total {plan.total} Elektro" in html
    assert "Announce and build in this order:" in html
    assert html.count("<polyline points=") == sum(len(b.path) > 1 for b in plan.builds)
    build_form = html[:html.index('class="suggestions"')]       # the suggestions are forms of their own
    assert build_form.count('<input type="hidden" name="cities"') == 2


def test_the_build_panel_suggests_the_cheapest_cities(client, example, stored, first_at):
    game_id = example(at_phase(first_at, "building"))
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert "Cheapest 1 city:" in html


def test_a_suggestion_builds_in_one_tap_for_the_total_it_shows(client, example, post, stored, first_at):
    """Issue "the table at a glance", fewer taps: a suggestion is a build form of its own."""
    game_id = example(at_phase(first_at, "building"))
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    forms = re.findall(r'<form class="fact suggestion".*?</form>', html, re.S)
    assert forms
    most = forms[-1]
    cities = re.findall(r'name="cities" value="(\w+)"', most)
    player = re.search(r'name="player" value="([^"]+)"', most).group(1)
    total = int(re.search(r"= (\d+)</button>", most).group(1))
    money = stored(game_id).state["players"][player]["money"]
    assert post(game_id, type="build", player=player, cities=cities).status_code == 200
    after = stored(game_id).state["players"][player]
    assert set(cities) <= set(after["cities"]) and after["money"] == money - total


# Bureaucracy

def test_powering_with_the_proposal(example, post, stored, first_at):
    game_id = example(at_phase(first_at, "bureaucracy"))
    act = stored(game_id).state["next"]["actions"][0]
    plants = [str(p) for p in act["proposal"]["plants"]]
    assert post(game_id, type="power", player=act["player"], fire="1", plants=plants).status_code == 200
    fact = last_fact(stored, game_id)
    assert fact == {"type": "power", "player": act["player"], "plants": act["proposal"]["plants"]}


def test_powering_nothing_and_fewer_cities(example, post, stored, first_at):
    game_id = example(at_phase(first_at, "bureaucracy"))
    act = stored(game_id).state["next"]["actions"][0]
    assert post(game_id, type="power", player=act["player"], fire="1", powered="0").status_code == 200
    assert last_fact(stored, game_id) == {"type": "power", "player": act["player"], "plants": [], "cities": 0}


def test_the_power_panel_shows_each_players_income_from_the_edition(client, example, stored, first_at):
    game_id = example(at_phase(first_at, "bureaucracy"))
    game = stored(game_id)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    for act in game.state["next"]["actions"]:
        income = game.ctx.edition.income_for(act["proposal"]["cities"])
        assert f"income {income} Elektro" in html


def test_the_power_preview_follows_the_edited_choice(client, example, stored, first_at):
    game_id = example(at_phase(first_at, "bureaucracy"))
    game = stored(game_id)
    act = game.state["next"]["actions"][0]
    html = client.get(f"/games/{game_id}/", query_string={"type": "power", "player": act["player"], "fire": "1"}).get_data(as_text=True)
    assert f"Powers 0 cities: income {game.ctx.edition.income_for(0)} Elektro" in html


def test_a_hybrid_mix_is_sent_as_burn(example, post, stored, first_at):
    def hybrid_can_fire(s):
        return s["phase"] == "bureaucracy" and not s["next"].get("message") and any(
            pl["number"] in (5, 12, 21, 29, 46) and sum(pl["stored"].values()) >= 2
            for a in s["next"]["actions"] for pl in s["players"][a["player"]]["plants"])
    n = first_at(hybrid_can_fire)
    game_id = example(n)
    state = stored(game_id).state
    name, plant = next((a["player"], pl) for a in state["next"]["actions"]
                       for pl in state["players"][a["player"]]["plants"]
                       if pl["number"] in (5, 12, 21, 29, 46) and sum(pl["stored"].values()) >= 2)
    burns = stored(game_id).ctx.plant(plant["number"]).burns
    coal = min(plant["stored"].get("coal", 0), burns)
    mix = f"coal={coal},oil={burns - coal}"
    response = post(game_id, type="power", player=name, fire="1", plants=[str(plant["number"])],
                    **{f"burn_{plant['number']}": mix})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert last_fact(stored, game_id)["burn"] == {str(plant["number"]): {"coal": coal, "oil": burns - coal}}


def test_keeping_the_proposal_burns_the_hybrid_mix_the_referee_proposed(client, example, post, stored, first_at):
    def oil_on_a_hybrid(s):
        return s["phase"] == "bureaucracy" and any(
            mix.get("oil") and mix.get("coal") for a in s["next"]["actions"] if a["type"] == "power"
            for mix in a["proposal"].get("burn", {}).values())
    game_id = example(first_at(oil_on_a_hybrid))
    game = stored(game_id)
    act = next(a for a in game.state["next"]["actions"] if any(m.get("oil") for m in a["proposal"].get("burn", {}).values()))
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    form = re.search(r'<form class="power".*?value="%s">.*?</form>' % act["player"], html, re.S)[0]
    selects = dict(re.findall(r'<select name="(burn_\d+)".*?<option value="([^"]+)" selected>', form, re.S))
    hybrids = {p: m for p, m in act["proposal"]["burn"].items() if game.ctx.plant(int(p)).kind == "hybrid"}
    assert selects == {f"burn_{p}": f"coal={m.get('coal', 0)},oil={m.get('oil', 0)}" for p, m in hybrids.items()}
    fired = re.findall(r'name="plants" value="(\d+)" checked', form)
    assert post(game_id, type="power", player=act["player"], fire="1", plants=fired, **selects).status_code == 200
    proposed, _events = engine.apply(game.state, {"type": "power", "player": act["player"]}, game.ctx)
    assert stored(game_id).state["players"][act["player"]] == proposed["players"][act["player"]]


# Moving cubes

def test_moving_cubes_between_own_plants(example, post, stored, first_at):
    def movable(s):
        for name, p in s["players"].items():
            for a in p["plants"]:
                for b in p["plants"]:
                    if a is not b and a["stored"].get("coal") and b["number"] in (5, 12, 21, 29, 46) \
                            and sum(b["stored"].values()) < 2:
                        return True
        return False
    game_id = example(first_at(movable))
    state = stored(game_id).state
    name, src, dst = next((n, a["number"], b["number"]) for n, p in state["players"].items() for a in p["plants"]
                          for b in p["plants"] if a is not b and a["stored"].get("coal")
                          and b["number"] in (5, 12, 21, 29, 46) and sum(b["stored"].values()) < 2)
    response = post(game_id, type="move", player=name, **{"from": str(src), "to": str(dst), "resource": "coal"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert last_fact(stored, game_id) == {"type": "move", "player": name,
                                          "moves": [{"from": src, "to": dst, "resource": "coal", "count": 1}]}


# Refusals

@pytest.mark.parametrize("fields, words", [
    ({"type": "bid", "player": "Anna", "amount": "six"}, "must be a whole number"),
    ({"type": "bid", "player": "Zed", "amount": "6"}, "There is no player “Zed”"),
    ({"type": "bid", "player": "Anna"}, "The bid is missing."),
    ({"type": "fly"}, "Unknown entry"),
    ({"type": "bid", "amount": "6"}, "Say which player"),
    ({"type": "build", "player": "Anna"}, "Choose at least one city"),
    ({"type": "bid", "player": "Anna", "amount": "-3"}, "cannot be negative"),
])
def test_malformed_forms_get_a_400_message_and_store_nothing(example, post, stored, fields, words):
    game_id = example(1)
    response = post(game_id, **fields)
    assert response.status_code == 400
    assert response.headers["HX-Retarget"] == "#message"
    assert words in response.get_data(as_text=True)
    assert len(stored(game_id).log) == 1


def test_malformed_forms_are_answered_in_the_page_language(client, example, post):
    client.set_cookie("lang", "ja")
    response = post(example(1), type="bid", player="Anna", amount="six")
    assert response.status_code == 400
    assert "整数" in response.get_data(as_text=True)


def test_an_illegal_fact_is_refused_with_the_reason_and_what_is_allowed(example, post, stored, show_money):
    game_id = example(1)
    show_money(game_id)
    response = post(game_id, type="bid", player="Anna", amount="5")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert ("A bid of 5 on plant 4 is too low: Anna may bid 6 to 50 Elektro (more than the high bid, at most "
            "Anna&#39;s money), or pass.") in html
    assert len(stored(game_id).log) == 1


@pytest.mark.parametrize("lang, said", [
    ("en", "An opening bid of 1 on plant 4 is too low: it must be at least 4 (the plant&#39;s number) and at most "
           "50 Elektro (Dieter&#39;s money)."),
    ("ja", "発電所4の開始価格1は低すぎます。開始価格は4（発電所番号）以上、50エレクトロ（Dieterの所持金）以下でなければなりません。"),
    ("zh-Hant", "4號發電廠的起標價1太低：起標價至少為4（發電廠編號），最多為50元（Dieter的資金）。"),
])
def test_an_opening_bid_below_the_plants_number_is_refused_with_both_bounds(client, example, post, stored, lang, said,
                                                                          show_money):
    client.set_cookie("lang", lang)
    game_id = example(0)
    show_money(game_id)
    response = post(game_id, type="nominate", player="Dieter", plant="4", bid="1")
    assert response.status_code == 422 and said in response.get_data(as_text=True)
    assert len(stored(game_id).log) == 0


def test_a_quick_sale_below_the_plants_number_says_the_least_price(example, post, stored):
    response = post(example(0), type="sold", player="Anna", plant="6", price="2")
    assert response.status_code == 422
    assert "A price of 2 for plant 6 is too low: it must be at least 6, the plant&#39;s number." in response.get_data(
        as_text=True)


def test_the_opening_bid_field_starts_at_the_lowest_plant_and_a_tapped_plant_sets_its_own_minimum(client, example,
                                                                                                   show_money):
    game_id = example(0)
    show_money(game_id)
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert 'name="bid" inputmode="numeric" min="3" max="50"' in html
    assert 'name="plant" value="4" data-least="4" onclick="this.form.elements.bid.min = parseInt(this.dataset.least)"' \
        in html
    assert 'name="price" inputmode="numeric" min="3"' in html


def test_out_of_turn_is_refused_and_the_page_stays_usable(client, example, post, stored):
    game_id = example(1)
    assert post(game_id, type="pass_bid", player="Clara").status_code == 422
    assert client.get(f"/games/{game_id}/").status_code == 200
    assert post(game_id, type="bid", player="Anna", amount="6").status_code == 200


def test_a_stale_page_is_told_the_game_moved_on_and_gets_the_fresh_table(example, post, stored):
    game_id = example(1)
    assert post(game_id, type="bid", player="Anna", amount="6").status_code == 200
    response = post(game_id, seq=1, type="bid", player="Anna", amount="7")
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert response.headers["HX-Retarget"] == "#table"
    assert 'data-seq="2"' in html and "This page was behind the table: it showed entry 1, and the table is at " \
        "entry 2. Here is the game as it stands now" in html
    assert len(stored(game_id).log) == 2


def test_a_non_number_seq_is_a_400(example, post, stored):
    game_id = example(1)
    assert post(game_id, seq="x", type="bid", player="Anna", amount="6").status_code == 400
    assert len(stored(game_id).log) == 1


def test_a_plain_form_post_redirects_back_to_the_table(example, post):
    game_id = example(0)
    response = post(game_id, htmx=False, type="nominate", player="Dieter", plant="3")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}/")


def test_a_plain_form_post_refused_shows_the_whole_page_with_the_reason(example, post):
    response = post(example(0), htmx=False, type="nominate", player="Anna", plant="3")
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "<html" in html and "Dieter" in html and 'role="alert"' in html


def test_a_refusal_is_written_in_the_page_language(client, example, post, stored):
    client.set_cookie("lang", "zh-Hant")
    game_id = example(1)
    response = post(game_id, type="bid", player="Anna", amount="5")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "未接受" in html and "Anna" in html and "That bid" not in html
    assert len(stored(game_id).log) == 1


def test_the_pages_forms_carry_a_csrf_token_the_app_accepts(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "csrf.sqlite3"), "TESTING": True})
    store = Store(app.config["DATABASE"])
    game_id = store.create('{"type": "setup", "map": "germany", "areas": ["NW", "W", "SW"], "order": ["Ann", "Bob"], '
                           '"players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}', {})
    store.close()
    client = app.test_client()
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert client.post(f"/games/{game_id}/facts", data={"type": "nominate", "player": "Ann", "plant": "3"}).status_code == 400
    response = client.post(f"/games/{game_id}/facts", data={"type": "nominate", "player": "Ann", "plant": "3",
                                                            "seq": "0", "csrf_token": token})
    assert response.status_code == 303


def test_a_fact_entered_right_after_the_money_is_hidden_again_is_answered_without_money(client, example, post,
                                                                                          show_money):
    """A fact's play reads the file only with its append (referee.web.tables.Table.play, `fresh`):
    the money choice comes back with it, so no answer is drawn with a choice that was just undone."""
    game_id = example(1)
    show_money(game_id)
    shown = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert 'class="hidden-money"' not in shown
    assert client.post(f"/games/{game_id}/money", data={"shown": "0"}).status_code == 303   # no page drawn since
    answer = post(game_id, type="bid", player="Anna", amount="6")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'class="hidden-money"' in html and "Elektro</span>" in html
    refused = post(game_id, type="bid", player="Bernd", amount="1")
    assert refused.status_code == 422 and "up to their money" in refused.get_data(as_text=True)
