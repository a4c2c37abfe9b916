"""Updates that don't pull the floor away (issue 20, item 4): a live update (the page's poll) to a
page whose moment is still the same leaves its input as it is on screen (a stand-in htmx keeps, with
what was typed, chosen and focused there); once the moment for that device changes, the input is
drawn afresh. The moment is what the table waits for from that device (referee.web.facts.moment)."""
import re

from seatkit import app, phone, tablet  # noqa: F401  (fixtures)

HX = {"HX-Request": "true"}
STAND_IN = '<section class="input" id="input" hx-preserve></section>'


def poll_of(html: str):
    """(URL, page_moment) of the page's live poll."""
    found = re.search(r'<div hidden class="poll" hx-get="([^"]+)" hx-trigger="sse:fact" hx-vals=\'([^\']+)\'', html)
    return found[1].replace("&amp;", "&"), re.search(r'"page_moment": "(\w+)"', found[2])[1]


def bureaucracy(example, first_at):
    return example(first_at(lambda s: s["phase"] == "bureaucracy" and len(s["next"]["waiting_for"]) > 2))


def test_a_seat_phones_input_stays_while_another_player_powers(phone, tablet, example, stored, first_at):
    game_id = bureaucracy(example, first_at)
    game = stored(game_id)
    seq, names = len(game.log), list(game.state["players"])
    first, second = game.state["next"]["waiting_for"][:2]
    device = phone(game_id, names.index(second))
    url, moment = poll_of(device.get(f"/games/{game_id}/seat", headers=HX).get_data(as_text=True))
    tablet.post(f"/games/{game_id}/facts", data={"seq": str(seq), "type": "power", "player": first})
    update = device.get(f"{url}&page_moment={moment}&page_seq={seq}&live=1", headers=HX)
    html = update.get_data(as_text=True)
    assert update.status_code == 200 and f'data-seq="{seq + 1}"' in html
    assert STAND_IN in html and 'name="type" value="power"' not in html


def test_the_tablets_input_is_drawn_afresh_when_its_moment_changed(tablet, example, stored, first_at):
    game_id = bureaucracy(example, first_at)
    game = stored(game_id)
    seq, first = len(game.log), game.state["next"]["waiting_for"][0]
    url, moment = poll_of(tablet.get(f"/games/{game_id}/", headers=HX).get_data(as_text=True))
    tablet.post(f"/games/{game_id}/facts", data={"seq": str(seq), "type": "power", "player": first})
    html = tablet.get(f"{url}&page_moment={moment}&live=1", headers=HX).get_data(as_text=True)
    assert STAND_IN not in html and 'class="input" id="input" aria-label' in html     # one player fewer to power


def test_a_preview_of_a_draft_is_always_drawn(tablet, example, stored, first_at):
    game_id = bureaucracy(example, first_at)
    game = stored(game_id)
    second = game.state["next"]["waiting_for"][1]
    _url, moment = poll_of(tablet.get(f"/games/{game_id}/", headers=HX).get_data(as_text=True))
    html = tablet.get(f"/games/{game_id}/", query_string={"type": "power", "player": second, "fire": "1",
                                                          "page_moment": moment}, headers=HX).get_data(as_text=True)
    assert STAND_IN not in html and 'class="input" id="input" aria-label' in html


def test_the_poll_of_a_page_showing_the_latest_entry_is_a_204(tablet, example, stored, first_at):
    game_id = bureaucracy(example, first_at)
    seq = len(stored(game_id).log)
    answer = tablet.get(f"/games/{game_id}/", query_string={"since": str(seq - 1), "page_seq": str(seq)}, headers=HX)
    assert answer.status_code == 204
