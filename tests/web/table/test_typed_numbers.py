"""Numbers as a Japanese or Taiwanese keyboard types them: full-width digits (１２), the full-width comma
「，」 and 「、」 between numbers, ＋ after a new card's number. They are the same numbers, so every field
that takes a number takes them (issue 24); "²" and other look-alikes stay "not a number"."""
import json

import pytest
from webkit import FOUR
from webkit import stored as stored_setups

from referee.web.numbers import whole, wholes


@pytest.mark.parametrize("given, number", [("１２", 12), (" ２７ ", 27), ("12", 12), ("²", None), ("１ ２", None),
                                           ("", None), ("－３", None), ("٣", None)])
def test_a_whole_number_may_be_typed_in_full_width_digits(given, number):
    assert whole(given) == number


@pytest.mark.parametrize("given, numbers", [("12，27", [12, 27]), ("１２、２７", [12, 27]), ("12,27 30", [12, 27, 30]),
                                            ("１２　２７", [12, 27]), ("", []), ("12 x", None), ("12，²", None)])
def test_a_list_of_numbers_may_be_separated_by_any_comma_or_space(given, numbers):
    assert wholes(given) == numbers


@pytest.mark.parametrize("typed", ["12，27，30，40", "１２，２７，３０，４０", "１２、２７　３０ 40"])
def test_the_removed_pairs_field_takes_a_taiwan_keyboards_comma_and_full_width_digits(client, app, typed):
    data = {**FOUR, "variation": "2", "removed_pairs": typed}
    assert client.post("/games/new", data=data).status_code == 303
    assert json.loads(stored_setups(app)[0][1])["removed_pairs"] == [12, 27, 30, 40]


def test_a_bid_and_a_plant_typed_in_full_width_are_the_numbers(example, post, stored):
    game_id = example(0)
    assert post(game_id, type="nominate", player="Dieter", plant="４", bid="５").status_code == 200
    assert stored(game_id).facts[-1] == {"type": "nominate", "player": "Dieter", "plant": 4, "bid": 5}
    assert post(game_id, type="bid", player="Anna", amount="６").status_code == 200
    assert stored(game_id).facts[-1] == {"type": "bid", "player": "Anna", "amount": 6}


def test_a_negative_number_typed_with_a_full_width_minus_is_refused_as_negative(example, post):
    response = post(example(1), type="bid", player="Anna", amount="－６")
    assert response.status_code == 400 and "cannot be negative" in response.get_data(as_text=True)
