"""Live tables: the game's event stream tells every device the stored sequence number as soon as a
fact is stored, and the poll it sets off redraws the new moment keeping the draft on screen while
the table still waits for it."""
import re
import sqlite3

from referee.web import live

HTMX = {"HX-Request": "true"}


def events(client, game_id):
    """The event stream of a game, read chunk by chunk as a browser would."""
    response = client.get(f"/games/{game_id}/events", buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    return response, (chunk.decode() for chunk in response.response)


def test_the_stream_tells_the_current_number_on_connecting_and_each_fact_stored_at_once(client, example, post):
    game_id = example(1)
    response, chunks = events(client, game_id)
    assert next(chunks).endswith("event: fact\ndata: 1\n\n")
    post(game_id, type="bid", player="Anna", amount="6")
    assert next(chunks) == "event: fact\ndata: 2\n\n"
    post(game_id, type="undo")
    assert next(chunks) == "event: fact\ndata: 3\n\n"
    response.close()
    assert client.application.extensions["referee.hub"].watchers() == 0, "a closed stream stops watching"


def test_a_refused_fact_tells_nothing_and_a_quiet_stream_sends_a_comment_to_notice_a_device_gone(
        client, example, post, monkeypatch):
    monkeypatch.setattr(live, "KEEPALIVE", 0.01)
    game_id = example(1)
    response, chunks = events(client, game_id)
    next(chunks)
    assert post(game_id, type="bid", player="Anna", amount="1").status_code == 422
    assert next(chunks) == ": still here\n\n"
    response.close()


def test_a_stream_only_hears_of_its_own_game(client, example, post, monkeypatch):
    monkeypatch.setattr(live, "KEEPALIVE", 0.01)
    mine, other = example(1), example(1)
    response, chunks = events(client, mine)
    next(chunks)
    post(other, type="bid", player="Anna", amount="6")
    assert next(chunks) == ": still here\n\n"
    response.close()


def test_the_stream_of_an_unknown_game_is_a_404_and_of_a_damaged_one_204_which_stops_the_browser_asking(
        app, client, example):
    assert client.get("/games/999/events").status_code == 404
    game_id = example(1)
    with sqlite3.connect(app.config["DATABASE"]) as db:       # as a damaged file would hold it
        db.execute("DROP TRIGGER entries_append_only_update")
        db.execute("UPDATE entries SET entry = ? WHERE game = ? AND seq = 1", ('{"type": "bid"}', game_id))
    assert client.get(f"/games/{game_id}/events").status_code == 204


def test_a_live_update_redraws_without_the_moved_on_notice_which_a_page_back_from_memory_gets(client, example, post):
    game_id = example(1)
    post(game_id, type="bid", player="Anna", amount="6")
    live_update = client.get(f"/games/{game_id}/?since=1&page_seq=1&live=1", headers=HTMX).get_data(as_text=True)
    assert 'data-seq="2"' in live_update and "moved on" not in live_update
    back = client.get(f"/games/{game_id}/?since=1&page_seq=1", headers=HTMX).get_data(as_text=True)
    assert "The table has moved on since this page was shown" in back


def test_the_poll_carries_the_draft_on_screen_and_redraws_it_while_the_table_waits_for_it(
        client, example, post, first_at, stored):
    game_id = example(first_at(lambda s: s["phase"] == "bureaucracy" and len(s["next"]["waiting_for"]) > 2))
    first, second = stored(game_id).state["next"]["waiting_for"][:2]
    seq = len(stored(game_id).log)
    drafted = client.get(f"/games/{game_id}/", headers=HTMX, query_string={
        "type": "power", "player": second, "fire": "1", "powered": "0", "page_seq": str(seq)}).get_data(as_text=True)
    poll = re.search(r'<div hidden class="poll" hx-get="([^"]+)"', drafted)[1].replace("&amp;", "&")
    assert f"since={seq}" in poll and "powered=0" in poll and f"player={second}" in poll
    post(game_id, type="power", player=first)                  # another device powers the first player
    fresh = client.get(poll, headers=HTMX).get_data(as_text=True)
    assert f'data-seq="{seq + 1}"' in fresh
    form = fresh[fresh.index(f'name="player" value="{second}"'):]
    assert re.search(r'name="powered"[^>]*value="0"', form[:form.index("</form>")]), "the draft is redrawn"
    post(game_id, type="power", player=second)
    gone = client.get(poll.replace(f"since={seq}", f"since={seq + 1}"), headers=HTMX).get_data(as_text=True)
    assert f'value="{second}"' not in gone[gone.index('id="input"'):gone.index("</section>", gone.index('id="input"'))]
