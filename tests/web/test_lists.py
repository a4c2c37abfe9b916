"""Lists inside sentences are joined as the reader's language joins them (Babel's list patterns), never
with an ASCII ", " inside Japanese or Chinese (issue: 「競り参加中：鈴木, 佐藤, 高橋」)."""
import re
from pathlib import Path

import pytest

from referee.web.language import listed

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["鈴木", "佐藤", "高橋"]


@pytest.mark.parametrize("lang, standard, choice", [
    ("en", "鈴木, 佐藤, and 高橋", "鈴木, 佐藤, or 高橋"),
    ("ja", "鈴木、佐藤、高橋", "鈴木、佐藤、または高橋"),
    ("zh-Hant", "鈴木、佐藤和高橋", "鈴木、佐藤或高橋"),
])
def test_a_list_in_a_sentence_is_joined_by_the_pages_language(app, lang, standard, choice):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert listed(NAMES) == standard
        assert listed(NAMES, "or") == choice
        assert listed([]) == ""


def test_the_auction_names_who_is_still_bidding_as_japanese_writes_a_list(client, make_game):
    game_id = make_game(entries=[{"type": "nominate", "player": "Ann", "plant": 3, "bid": 3}])
    page = client.get(f"/games/{game_id}/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    still = re.search(r"競り参加中：([^。<]*)", page)
    assert still and still.group(1) == "Ann、Bob、Cara", still


def test_no_template_or_page_module_joins_a_list_by_hand():
    by_hand = re.compile(r"""join\(\s*["'](, |、|，)["']\s*\)|["'](, |、|，)["']\.join\(""")
    files = [*ROOT.joinpath("templates").rglob("*.html"), *ROOT.joinpath("referee", "web").rglob("*.py")]
    found = [f"{f.relative_to(ROOT)}:{n}" for f in files
             for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if by_hand.search(line)]
    assert found == ["templates/table/_chart.html:6"], found   # a chart point's numbers, not a sentence
