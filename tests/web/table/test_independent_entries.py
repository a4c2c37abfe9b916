"""Independent facts don't collide (issue 20, item 3): two players' power choices entered on devices
that have not seen each other's are both stored; a fact whose meaning depends on the one before is
refused as stale (409 with the fresh moment); every change, /power-all included, carries the page's
sequence number. Which facts are independent is the engine's ruling (legal.still_applies; seed 000
フェイズ5: each player powers from their own plants)."""
from seatkit import app, phone, seat_post, tablet  # noqa: F401  (fixtures)

HX = {"HX-Request": "true"}


def at_bureaucracy(example, first_at):
    return example(first_at(lambda s: s["phase"] == "bureaucracy"))


def test_two_phones_choosing_power_at_once_are_both_stored(phone, example, stored, first_at):
    game_id = at_bureaucracy(example, first_at)
    game = stored(game_id)
    seq = len(game.log)
    names = list(game.state["players"])
    first, second = game.state["next"]["waiting_for"][:2]
    one, two = phone(game_id, names.index(first)), phone(game_id, names.index(second))
    assert seat_post(one, game_id, seq, type="power", player=first).status_code == 200
    answer = seat_post(two, game_id, seq, type="power", player=second)    # drawn before the first was stored
    assert answer.status_code == 200
    after = stored(game_id)
    assert after.log[seq:] == [{"type": "power", "player": first}, {"type": "power", "player": second}]


def test_a_second_power_choice_of_the_same_player_from_an_old_page_is_stale(phone, example, stored, first_at):
    game_id = at_bureaucracy(example, first_at)
    game = stored(game_id)
    seq = len(game.log)
    first = game.state["next"]["waiting_for"][0]
    device = phone(game_id, list(game.state["players"]).index(first))
    assert seat_post(device, game_id, seq, type="power", player=first).status_code == 200
    again = seat_post(device, game_id, seq, type="power", player=first)
    assert again.status_code == 409 and again.headers["HX-Retarget"] == "#seat"
    assert len(stored(game_id).log) == seq + 1


def test_the_tablet_enters_a_power_choice_from_a_page_that_missed_a_phones(phone, tablet, example, stored,
                                                                             first_at):
    game_id = at_bureaucracy(example, first_at)
    game = stored(game_id)
    seq = len(game.log)
    first, second = game.state["next"]["waiting_for"][:2]
    assert seat_post(phone(game_id, list(game.state["players"]).index(first)), game_id, seq,
                     type="power", player=first).status_code == 200
    answer = tablet.post(f"/games/{game_id}/facts", data={"seq": str(seq), "type": "power", "player": second},
                         headers=HX)
    assert answer.status_code == 200 and len(stored(game_id).log) == seq + 2


def test_power_all_from_a_page_that_missed_a_phones_choice_powers_the_others(phone, tablet, example, stored,
                                                                            first_at):
    game_id = at_bureaucracy(example, first_at)
    game = stored(game_id)
    seq = len(game.log)
    waiting = list(game.state["next"]["waiting_for"])
    assert seat_post(phone(game_id, list(game.state["players"]).index(waiting[0])), game_id, seq,
                     type="power", player=waiting[0], fire="1").status_code == 200
    answer = tablet.post(f"/games/{game_id}/power-all", data={"seq": str(seq)}, headers=HX)
    assert answer.status_code == 200
    assert stored(game_id).log[seq:] == [{"type": "power", "player": waiting[0], "plants": []}] + \
        [{"type": "power", "player": n} for n in waiting[1:]]


def test_power_all_without_the_pages_sequence_number_is_refused(tablet, example, stored, first_at):
    game_id = at_bureaucracy(example, first_at)
    before = len(stored(game_id).log)
    answer = tablet.post(f"/games/{game_id}/power-all", data={}, headers=HX)
    assert answer.status_code == 400 and "sequence number" in answer.get_data(as_text=True)
    assert len(stored(game_id).log) == before


def test_a_bid_from_a_page_behind_the_table_is_still_stale(phone, tablet, example, stored):
    game_id = example(1)
    tablet.post(f"/games/{game_id}/facts", data={"seq": "1", "type": "bid", "player": "Anna", "amount": "6"})
    answer = seat_post(phone(game_id, 1), game_id, 1, type="pass_bid", player="Bernd")
    assert answer.status_code == 409 and len(stored(game_id).log) == 2
