"""A fact's answer redraws only what the fact changed: parts the page on screen already shows as they
are come back as empty hx-preserve stand-ins (htmx keeps the old ones), and every form on the page
is checked against the page's own sequence number (page_seq), which is always redrawn."""
import json
import re
from pathlib import Path

from webkit import fact_form

ENTRIES = [json.loads(line) for line in (Path(__file__).resolve().parents[3] / "examples" / "germany-4p.jsonl")
           .read_text(encoding="utf-8").splitlines()[1:]]
HTMX = {"HX-Request": "true"}
PARTS = ("players", "market", "resources", "deck")


def kept(html) -> set:
    return set(re.findall(r'<section id="(\w+)" hx-preserve></section>', html))


def drawn(html) -> set:
    return {p for p in PARTS if re.search(rf'<section id="{p}" class="{p}"', html)}


def test_a_bid_redraws_the_status_and_the_input_and_keeps_players_market_resources_and_deck(client, example, post):
    game_id = example(1)                                   # Dieter opened plant 4 at 5
    client.get(f"/games/{game_id}/")                       # the page on screen at seq 1
    html = post(game_id, type="bid", player="Anna", amount="6").get_data(as_text=True)
    assert kept(html) == set(PARTS) and drawn(html) == set()
    assert 'data-seq="2"' in html and '<input type="hidden" id="page-seq" name="page_seq" value="2">' in html
    assert 'id="input"' in html and 'id="waiting"' in html and "Anna bids 6 Elektro" in html


def test_a_purchase_redraws_the_players_and_the_market(client, example, post, stored):
    game_id = example(3)                                   # Anna bid 6; Bernd passed; Clara to bid or pass
    client.get(f"/games/{game_id}/")
    lot = stored(game_id).state["auction"]["lot"]
    assert lot["turn"] == "Clara" and lot["bidders"] == ["Dieter", "Anna", "Clara"]
    post(game_id, type="pass_bid", player="Clara")
    html = post(game_id, type="pass_bid", player="Dieter").get_data(as_text=True)   # Anna buys plant 4
    assert {"players", "market"} <= drawn(html)
    assert "Anna wins plant 4 for 6 Elektro" in html


def test_a_page_whose_sequence_the_server_has_not_drawn_gets_every_part(client, example, post):
    game_id = example(1)
    html = post(game_id, type="bid", player="Anna", amount="6").get_data(as_text=True)
    assert kept(html) == set() and drawn(html) == set(PARTS)


def test_a_full_page_never_leaves_a_part_out(client, example, post):
    game_id = example(1)
    client.get(f"/games/{game_id}/")
    post(game_id, type="bid", player="Anna", amount="6")
    html = client.get(f"/games/{game_id}/?page_seq=1").get_data(as_text=True)
    assert kept(html) == set() and drawn(html) == set(PARTS)


def test_a_draft_tap_keeps_every_part_drawn_from_the_state(client, example, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "resources"))
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    seq = re.search(r'data-seq="(\d+)"', page)[1]
    player = re.search(r'name="player" value="(\w+)"', page[page.index('id="input"'):])[1]
    html = client.get(f"/games/{game_id}/", query_string={"type": "buy", "player": player, "coal": "1", "page_seq": seq},
                      headers=HTMX).get_data(as_text=True)
    assert kept(html) == set(PARTS)
    assert re.search(r'<tr data-resource="coal".*?<input class="count"[^>]* value="1"', html, re.S)


def test_the_poll_after_another_devices_fact_redraws_only_what_changed(client, example, post):
    game_id = example(1)
    client.get(f"/games/{game_id}/")
    post(game_id, type="bid", player="Anna", amount="6")   # from another device
    html = client.get(f"/games/{game_id}/?since=1&page_seq=1", headers=HTMX).get_data(as_text=True)
    assert kept(html) == set(PARTS) and 'data-seq="2"' in html


def test_the_page_seq_htmx_sends_is_what_a_fact_is_checked_against(example, post, stored):
    game_id = example(1)
    stale_form = post(game_id, seq="0", page_seq="1", type="bid", player="Anna", amount="6")
    assert stale_form.status_code == 200                   # a form in a kept part still says 0
    stale_page = post(game_id, seq="2", page_seq="1", type="bid", player="Bernd", amount="7")
    assert stale_page.status_code == 409
    assert len(stored(game_id).log) == 2


def test_the_boards_unchanging_layer_is_drawn_once_per_page_and_kept_by_every_answer(client, example, post):
    game_id = example(1)
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert '<g id="board-static"><g class="areas">' in page and page.count("data-city=") > 40
    html = post(game_id, type="bid", player="Anna", amount="6").get_data(as_text=True)
    assert '<g id="board-static" hx-preserve></g>' in html and "data-city=" not in html
    assert '<g class="routes">' in html                      # routes and targets are always drawn


def test_a_page_behind_the_table_is_told_the_table_moved_on_in_its_language(client, example, post):
    """The poll of a page restored by the browser's Back button, or open in a second tab."""
    game_id = example(1)
    post(game_id, type="bid", player="Anna", amount="6")
    html = client.get(f"/games/{game_id}/?since=1&page_seq=1", headers=HTMX).get_data(as_text=True)
    assert "The table has moved on since this page was shown" in html and 'role="status"' in html
    ja = client.get(f"/games/{game_id}/?since=1&page_seq=1", headers={**HTMX, "Accept-Language": "ja"})
    assert "The table has moved on" not in ja.get_data(as_text=True) and ja.status_code == 200
    assert "moved on" not in client.get(f"/games/{game_id}/").get_data(as_text=True)


def stand_ins(html) -> set:
    """Every part an answer leaves to the page (sections, the board's layers, the tools and the tabs)."""
    return set(re.findall(r'<\w+ (?:class="[\w -]+" )?id="([\w-]+)" hx-preserve>', html))


def test_a_bid_keeps_the_glance_the_houses_the_tools_and_the_tabs(client, example, post):
    game_id = example(1)
    client.get(f"/games/{game_id}/")
    html = post(game_id, type="bid", player="Anna", amount="6").get_data(as_text=True)
    assert {"glance", "board-houses", "tools", "tabs"} <= stand_ins(html)
    assert "Undo" not in html and 'class="tab tab' not in html and 'class="stock"' not in html


def test_an_undo_redraws_the_tools_and_a_purchase_the_glance(client, example, post):
    game_id = example(3)
    client.get(f"/games/{game_id}/")
    undone = post(game_id, type="undo").get_data(as_text=True)
    assert "tools" not in stand_ins(undone) and "↷ Redo" in undone and "disabled>↷" not in undone
    post(game_id, type="redo")
    post(game_id, type="pass_bid", player="Clara")
    bought = post(game_id, type="pass_bid", player="Dieter").get_data(as_text=True)   # Anna buys plant 4
    assert "glance" not in stand_ins(bought) and 'id="glance"' in bought and "tools" in stand_ins(bought)


def test_the_houses_are_drawn_when_someone_builds(client, example, first_at, stored):
    game_id = example(first_at(lambda s: s["phase"] == "building"))
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    seq = int(re.search(r'data-seq="(\d+)"', page)[1])
    player = stored(game_id).state["next"]["waiting_for"][0]
    build = client.post(f"/games/{game_id}/facts", headers=HTMX,
                        data={"type": "build", "player": player, "cities": "essen", "seq": seq, "page_seq": seq})
    html = build.get_data(as_text=True)
    assert build.status_code == 200, html
    assert "board-houses" not in stand_ins(html) and f"<title>{player} · Essen</title>" in html


def test_an_answer_to_a_request_from_inside_a_part_draws_that_part(client, example, post):
    """htmx finds the morph extension from the element that asked: a kept part holding it would be set
    aside during the swap, and the answer put inside the old #table (referee.web.table.PART_HEADER)."""
    game_id = example(1)
    page = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert """<div class="tools" id="tools" hx-headers='{"Referee-Part": "tools"}'>""" in page
    inside = client.post(f"/games/{game_id}/facts", headers={**HTMX, "Referee-Part": "tools"},
                         data={"type": "bid", "player": "Anna", "amount": "6", "seq": "1"}).get_data(as_text=True)
    assert "tools" not in stand_ins(inside) and "↶ Undo" in inside and {"glance", "tabs"} <= stand_ins(inside)
    outside = client.post(f"/games/{game_id}/facts", headers=HTMX,
                          data={"type": "bid", "player": "Bernd", "amount": "7", "seq": "2"}).get_data(as_text=True)
    assert "tools" in stand_ins(outside) and "↶ Undo" not in outside
