"""Undo and redo from the table, the log page, and corrections (accepted or refused with the reason)."""
import re


def test_undo_takes_back_the_last_fact_and_redo_puts_it_back(example, post, stored):
    game_id = example(2)
    response = post(game_id, type="undo")
    assert response.status_code == 200
    assert "Taken back: Anna bids 6 Elektro." in response.get_data(as_text=True)
    game = stored(game_id)
    assert len(game.facts) == 1 and game.log[-1] == {"type": "undo"}
    assert post(game_id, type="redo").status_code == 200
    game = stored(game_id)
    assert len(game.facts) == 2 and game.facts[-1] == {"type": "bid", "player": "Anna", "amount": 6}


def test_undo_and_redo_buttons_follow_what_is_possible(client, example, post):
    fresh = client.get(f"/games/{example(0)}/").get_data(as_text=True)
    assert '<button disabled>↶ Undo</button>' in fresh and '<button disabled>↷ Redo</button>' in fresh
    game_id = example(1)
    post(game_id, type="undo")
    html = client.get(f"/games/{game_id}/").get_data(as_text=True)
    assert '<button disabled>↶ Undo</button>' in html and '<button >↷ Redo</button>' in html


def test_redo_with_nothing_undone_is_refused_and_nothing_stored(example, post, stored):
    game_id = example(1)
    response = post(game_id, type="redo")
    assert response.status_code == 422 and "That cannot be done now." in response.get_data(as_text=True)
    assert len(stored(game_id).log) == 1


def test_undo_from_the_log_page_returns_to_the_log(example, post):
    game_id = example(2)
    response = post(game_id, htmx=False, type="undo", next=f"/games/{game_id}/log")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}/log")


def test_a_next_that_leaves_the_site_is_ignored(example, post):
    game_id = example(2)
    response = post(game_id, htmx=False, type="undo", next="//evil.example/")
    assert response.headers["Location"].endswith(f"/games/{game_id}/")


def test_the_log_lists_every_fact_with_its_rulings(client, example):
    html = client.get(f"/games/{example(3)}/log").get_data(as_text=True)
    assert "Dieter opens an auction on plant 4 at 5 Elektro" in html and "Anna bids 6 Elektro" in html
    assert html.count('class="fact-line"') == 3
    assert "Bernd passes in the auction" in html
    assert f'href="/games/1/log/1"' in html


def test_correcting_a_fact_replays_the_later_ones(client, example, stored):
    game_id = example(2)                               # Dieter opens 4 at 5, Anna bids 6
    response = client.post(f"/games/{game_id}/log/1", data={"seq": "2", "player": "Dieter", "plant": "4", "bid": "4"})
    assert response.status_code == 303
    game = stored(game_id)
    assert game.facts[0] == {"type": "nominate", "player": "Dieter", "plant": 4, "bid": 4}
    assert game.facts[1] == {"type": "bid", "player": "Anna", "amount": 6}
    assert game.log[-1]["type"] == "correct"


def test_a_correction_that_makes_a_later_fact_illegal_is_refused_with_the_reason(client, example, stored):
    game_id = example(2)
    response = client.post(f"/games/{game_id}/log/1", data={"seq": "2", "player": "Dieter", "plant": "4", "bid": "6"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "That bid or price is too low." in html and "fact 2" in html and 'value="6"' in html
    assert len(stored(game_id).log) == 2


def test_a_refused_correction_names_the_later_fact_and_why_in_the_page_language(client, example, stored):
    game_id = example(2)
    client.set_cookie("lang", "ja")
    response = client.post(f"/games/{game_id}/log/1", data={"seq": "2", "player": "Dieter", "plant": "4", "bid": "6"})
    alert = re.search(r'<div class="error" role="alert">(.*?)</div>', response.get_data(as_text=True), re.S)[1]
    assert response.status_code == 422
    assert "入力1はこの内容に訂正できません" in alert and "後の入力2" in alert and "入札額（落札額）が低すぎます。" in alert
    assert not re.search(r"[A-Za-z]{3,}", alert.replace("Anna", "").replace("strong", ""))
    assert len(stored(game_id).log) == 2


def test_a_malformed_correction_is_a_400_and_a_stale_one_a_409(client, example, stored):
    game_id = example(2)
    bad = client.post(f"/games/{game_id}/log/2", data={"seq": "2", "player": "Anna", "amount": "lots"})
    assert bad.status_code == 400 and "whole number" in bad.get_data(as_text=True)
    stale = client.post(f"/games/{game_id}/log/2", data={"seq": "1", "player": "Anna", "amount": "7"})
    assert stale.status_code == 409
    assert len(stored(game_id).log) == 2


def test_the_correction_form_is_filled_with_the_fact(client, example):
    html = client.get(f"/games/{example(2)}/log/2").get_data(as_text=True)
    assert "It was entered as: Anna bids 6 Elektro" in html
    assert '<option value="Anna" selected>' in html and 'name="amount" value="6"' in html


def test_correcting_a_fact_that_does_not_exist_is_a_404(client, example):
    assert client.get(f"/games/{example(2)}/log/3").status_code == 404


def test_a_long_log_is_paged_newest_first_fifty_facts_a_page(client, example, stored):
    game_id = example()                                 # the whole example game
    total = len(stored(game_id).facts)
    assert total > 100
    first = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    numbers = [int(n) for n in re.findall(r'<li id="fact-(\d+)"', first)]
    assert numbers == list(range(total, total - 50, -1))
    pages = re.findall(r'<a class="button" href="(/games/\d+/log(?:\?page=\d+)?)" ?(aria-current="page")?>'
                       r'(\d+)(?:–(\d+))?</a>', first)
    assert len(pages) == 2 * ((total + 49) // 50)               # above and below the facts
    assert pages[0] == (f"/games/{game_id}/log", 'aria-current="page"', str(total), str(total - 49))
    last_url, _current, newest, oldest = pages[(total + 49) // 50 - 1]
    last = client.get(last_url).get_data(as_text=True)
    assert (oldest or newest) == "1" and re.findall(r'<li id="fact-(\d+)"', last)[-1] == "1"
    assert f'href="/games/{game_id}/log/1"' in last and 'aria-current="page">' in last


def test_a_page_past_the_end_or_not_a_number_shows_a_page_that_exists(client, example):
    game_id = example()
    for page in ("999", "0", "x"):
        response = client.get(f"/games/{game_id}/log?page={page}")
        assert response.status_code == 200 and '<li id="fact-' in response.get_data(as_text=True)


def test_a_short_log_has_no_page_links(client, example):
    assert 'class="pager"' not in client.get(f"/games/{example(3)}/log").get_data(as_text=True)


def test_a_correction_returns_to_the_log_page_that_shows_the_fact(client, example, stored):
    game_id = example(120)                             # facts 120..71 on page 1, 70..21 on 2, 20..1 on 3
    form = client.get(f"/games/{game_id}/log/1").get_data(as_text=True)
    assert f'href="/games/{game_id}/log?page=3#fact-1"' in form
    response = client.post(f"/games/{game_id}/log/1", data={"seq": "120", "player": "Dieter", "plant": "4", "bid": "4"})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}/log?page=3#fact-1")
