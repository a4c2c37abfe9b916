"""The board's names and houses: no house or route hides a name, a city's houses stand clear of its
own name, names keep off other cities' dots and each other where the map leaves room, and a name
is readable (≥ 12 CSS px) at the board's smallest width."""
import re

import pytest
from mapgames import play_until

from referee.catalog import available_maps, load_map
from referee.web import board
from referee.web.placement import CITY, COST, FONT, SPACE, fit, overlap, text_width

pytestmark = pytest.mark.slow   # the label-overlap search on all 18 maps


def distance(point, box) -> float:
    """From a point to the nearest point of a box (0 inside it)."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


def page(client, game_id, **args):
    response = client.get(f"/games/{game_id}/", query_string=args)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_names_are_drawn_above_houses_routes_and_chosen_rings(client, example, first_at):
    game_id = example(first_at(lambda s: s["phase"] == "building" and any(p["cities"] for p in s["players"].values())))
    html = page(client, game_id)
    svg = html[html.index("<svg viewBox"):html.index("</svg>")]
    order = [svg.index(part) for part in ('<g class="routes">', '<g class="houses" id="board-houses">', '<g class="chosen">',
                                          '<g id="board-names">', '<g class="targets">')]
    assert order == sorted(order)
    names = svg[svg.index('<g id="board-names">'):svg.index('<g class="targets">')]
    assert names.count('<text class="name') == len(load_map("germany").cities)
    assert ">Münster</text>" in names and "<rect" not in names


def test_an_htmx_answer_keeps_the_names_layer_already_on_screen(client, example, post):
    game_id = example(0)
    html = post(game_id, type="nominate", player="Dieter", plant="3").get_data(as_text=True)
    assert '<g id="board-names" hx-preserve></g>' in html and "Münster" not in html


@pytest.mark.parametrize("map_id", available_maps())
def test_no_label_overlaps_another_label_or_a_city_on_any_map(map_id):
    """Issue 13 item 4, at the board's default size: every name's box clear of every other name, of
    every city's disc and of every link cost's circle; every cost clear of every disc; no two discs
    touching."""
    game_map = load_map(map_id)
    k = board.size(game_map)
    spots = board.spots_of(game_map)
    centres = {c: board.point(game_map.cities[c]) for c in game_map.cities}
    names = sorted(spots)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlap(spots[a].box, spots[b].box), (a, b)
        for c, centre in centres.items():
            assert distance(centre, spots[a].box) >= CITY * k, (a, c)
    for (x, y), link in zip(fit(game_map, board.SCALE)[2], game_map.connections):
        for c, centre in centres.items():
            assert ((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5 >= (CITY + COST) * k, (link, c)
        for name in names:
            assert distance((x, y), spots[name].box) >= COST * k, (link, name)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert ((centres[a][0] - centres[b][0]) ** 2 + (centres[a][1] - centres[b][1]) ** 2) ** 0.5 >= 2 * CITY * k


@pytest.mark.parametrize("map_id", available_maps())
def test_each_city_has_its_three_spaces_inside_its_disc(map_id):
    game_map = load_map(map_id)
    k = board.size(game_map)
    for city, spot in board.spots_of(game_map).items():
        x, y = board.point(game_map.cities[city])
        assert len(set(spot.spaces)) == 3
        for sx, sy in spot.spaces:
            assert ((sx - x) ** 2 + (sy - y) ** 2) ** 0.5 + SPACE * k <= CITY * k


def test_on_germany_no_name_lies_on_another_citys_disc():
    """The review's cases: "ünster" under Dortmund's houses, a disc on "Frankfurt (Main)"."""
    germany = load_map("germany")
    k = board.size(germany)
    for city, spot in board.spots_of(germany).items():
        for other in germany.cities.values():
            if other.id != city:
                assert distance(board.point(other), spot.box) >= CITY * k, (city, other.id)


@pytest.mark.parametrize("map_id", available_maps())
def test_the_board_holds_every_name_and_disc_and_names_stay_readable_at_its_smallest(map_id):
    game_map = load_map(map_id)
    left, top, width, height = board.box(game_map)
    for spot in board.spots_of(game_map).values():
        b = spot.box
        assert left <= b[0] and b[2] <= left + width and top <= b[1] and b[3] <= top + height
    assert board.min_width(game_map) * FONT * board.size(game_map) / width >= board.READABLE - 0.01
    assert board.min_width(game_map) * 2 * board.hit_radius(game_map) / width >= board.TAP
    assert board.min_height(game_map) >= board.min_width(game_map) * height / width    # a height cap keeps it


def test_a_wide_name_is_estimated_wider_than_a_narrow_one():
    assert text_width("Wilhelmshaven") > text_width("Kiel") > 0
    assert text_width("東京") == 2 * FONT


@pytest.mark.parametrize("map_id", available_maps())
def test_every_maps_table_page_draws_each_city_once_with_targets_a_finger_can_hit(map_id, make_game, client):
    """At the first build of a game on each map: one dot and one name per city, and each offered city's
    hit circle at least TAP (44) CSS px across at the board's smallest width."""
    setup, entries, game = play_until(map_id, lambda s, c: s["phase"] == "building" and s["next"]["actions"][0]["cities"])
    html = page(client, make_game(setup, entries))
    svg = html[html.index("<svg viewBox"):html.index("</svg>")]
    cities = load_map(map_id).cities
    assert sorted(re.findall(r'data-city="([^"]+)"', svg)) == sorted(cities)
    names = svg[svg.index('<g id="board-names">'):]
    assert names.count('<text class="name') == len(cities)
    view_width = float(re.search(r'<svg viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ', svg)[1])
    min_width = float(re.search(r"min-width: (\d+)px", svg)[1])
    targets = re.findall(r'<a href="[^"]*" hx-get="[^"]*" aria-label="[^"]*"><circle [^>]* r="([\d.]+)"/></a>', svg)
    assert len(targets) == len(game.state["next"]["actions"][0]["cities"])
    assert all(2 * float(r) * min_width / view_width >= board.TAP for r in targets)


def test_japans_cities_are_named_as_printed_in_kanji_everywhere_and_still_typed_in_romaji():
    from referee import rulings
    japan = load_map("japan")
    assert japan.cities["kyoto"].name == "京都" and japan.cities["admori"].name == "青森"
    assert ">京都</text>" in board.names_layer(japan, ("purple",))
    for lang in ("en", "ja", "zh-Hant"):
        assert rulings.Words(lang, japan).city("osaka") == "大阪"
    rules = " ".join(rulings.describe_rules(japan, "en", 3))
    assert "札幌" in rules and "Sapporo" not in rules
    assert japan.resolve_city("Kyoto") == japan.resolve_city("京都") == "kyoto"
    assert japan.resolve_city("Aomori") == "admori"
