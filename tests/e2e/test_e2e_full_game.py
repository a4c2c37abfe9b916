"""A whole 3-player game on Germany (NW, W, SW), created on the new-game page and played through the
table page to its winner in headless Chromium against a real `referee serve`: in English on a
1024×768 tablet, in Japanese (from the browser's Accept-Language) on a 390×844 phone."""
import re

import pytest
from looks import english_words
from tableplayer import TablePlayer, new_game, show_money, swap

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("browser")]  # one server and one Chromium

GAMES = {  # language: (screen, players in seat order)
    "en": ("tablet", ["Ann", "Bob", "Cara"]),
    "ja": ("phone", ["春子", "健太", "美咲"]),
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def snapshot(page) -> tuple:
    """What undo must bring back: the sentence of what the table waits for and the players' panel."""
    return page.locator("#waiting").inner_text(), page.locator("#table .players").inner_text()


def tool(page, kind: str):
    return page.locator(f"#table .tools form.fact:has(input[name=type][value={kind}]) button")


@pytest.mark.parametrize("lang", GAMES)
def test_a_full_game_is_played_through_the_pages_to_its_winner(server, new_page, shots, lang):
    size, names = GAMES[lang]
    page = new_page(lang, size)
    taken = []

    def shot(name):
        taken.append(shots / f"{lang}-{size}-{len(taken) + 1:02d}-{name}.png")
        page.screenshot(path=taken[-1], full_page=True)

    url = new_game(page, server, names, ["NW", "W", "SW"], shot)
    show_money(page)
    assert page.locator("html").get_attribute("lang") == lang
    player = TablePlayer(page, shot)

    # Play up to the first building turn; the first player builds; undo and redo give back the states.
    while player.panel() != "build":
        player.step()
    before = snapshot(page)
    player.step()
    after = snapshot(page)
    assert after != before
    swap(page, tool(page, "undo").click)
    assert snapshot(page) == before
    swap(page, tool(page, "redo").click)
    assert snapshot(page) == after

    answered = set()
    while (panel := player.panel()) != "over":
        if panel not in answered and lang != "en":     # each input, once: all in the page's language
            assert english_words(page, names) == [], panel
        player.step()
        answered.add(panel)
    assert {"nominate", "bid", "draw", "buy", "build", "power"} <= answered
    entries = player.entries

    # The winner, in the page's language; nothing left to enter.
    assert page.locator("#input").count() == 0
    heading = page.locator("#table section.end h2").inner_text()
    winners = [n for n in names if n in heading]
    assert len(winners) >= 1, heading
    ranking = page.locator("#table section.end table.ranking tbody tr")
    assert ranking.count() == 3
    assert ranking.first.locator("td").first.inner_text().strip() in winners
    cities = [int(t) for t in page.locator("#table .players .cities").all_inner_texts()
              for t in re.findall(r"\d+", t)]
    assert max(cities) >= 17, "the game ended before anyone reached the end city count"
    if lang == "ja":
        assert JAPANESE.search(heading) and not re.search("[A-Za-z]{2,}", heading.replace(winners[0], ""))
        assert english_words(page, names) == []
    else:
        assert heading.endswith("wins!") or heading.startswith("Shared win")
    shot("winner")
    assert entries > 100

    # The game list says who won.
    page.goto(server + "/")
    game = f"ul.games li.game:has(a[href='{url.removeprefix(server)}'])"
    assert all(w in page.locator(game).inner_text() for w in winners)
    if lang == "ja":
        assert english_words(page, names, game) == []
    assert all(p.exists() and p.stat().st_size > 10_000 for p in taken)
