"""The game report shows what the engine ruled: standings, the tie-break, figures per round, plants bought."""
import copy
import io
import re

import pdfplumber

import pytest
import qrcode
from PIL import ImageChops

from referee import rulings
from referee.game import replay
from referee.i18n import translations
from referee.printing import report_pdf
from referee.printing.kit import MIN_TYPE
from referee.printing.report import _Report, _nice
from referee.printing.words import Words
from pdfkit import page_count, reading, render, text
from printkit import EXAMPLE, LANGS, example_game, report, smallest_type

URL = "http://192.168.1.20:8000/games/7"


def squeezed(s: str) -> str:
    return "".join(s.split())


def purchases(game):
    """(round, player, plant, price) of every plant bought, from the engine's rulings."""
    return [(game.states[i - 1]["round"], e["player"], e["plant"], e["price"])
            for i, events in enumerate(game.events[1:], 1) for e in events if e["type"] == "plant_bought"]


def test_standings_list_the_ranking_with_cities_powered_money_and_cities():
    game = example_game()
    page = text(report())
    ranking = game.state["result"]["ranking"]
    lines = [next(line for line in page.splitlines() if re.match(rf"\s*\d+\s+{row['player']}\b", line)) for row in ranking]
    for place, (row, line) in enumerate(zip(ranking, lines), 1):
        assert re.match(rf"\s*{place}\s+{row['player']}\b.*\s{row['powered']}\s+{row['money']} Elektro\s+{row['cities']}\s*$",
                        line), line
    assert ("Winner" in lines[0]) and not any("Winner" in line for line in lines[1:])
    assert [page.index(line) for line in lines] == sorted(page.index(line) for line in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_game_over_ruling_is_printed_in_the_readers_language(lang):
    game = example_game()
    over = next(e for events in game.events for e in events if e["type"] == "game_over")
    assert squeezed(rulings.render(over, lang, game.ctx.map)) in squeezed(reading(report(lang)))


def test_a_tie_broken_by_money_says_so():
    game = copy.deepcopy(example_game())
    over = next(e for e in game.events[-1] if e["type"] == "game_over")
    over["tie_breaks"] = ["money"]
    page = " ".join(reading(report_pdf(game, "en")).split())
    assert "the tie is broken by money" in page


def test_every_plant_bought_stands_in_its_round_under_its_buyer_with_its_price():
    game = example_game()
    names = list(game.state["players"])
    page = text(report())
    table = page[page.index("Power plants bought"):]
    bought = purchases(game)
    assert bought
    for r in sorted({p[0] for p in bought}):
        line = next(line for line in table.splitlines() if re.match(rf"\s*{r}\s", line))
        cells = re.findall(r"(\d+) \((\d+)\)|·", line[line.index(str(r)) + len(str(r)):])
        expected = {who: (plant, price) for rnd, who, plant, price in bought if rnd == r}
        assert [(int(a), int(b)) if a else None for a, b in cells] == [expected.get(n) for n in names], line
    totals = next(line for line in table.splitlines() if line.strip().startswith("Total"))
    assert re.findall(r"(\d+) Elektro", totals) == [str(sum(p[3] for p in bought if p[1] == n)) for n in names]


def test_a_round_in_which_no_plant_was_sold_has_its_row_of_dots():
    """Every player passed in round 2's auction: the table still shows round 2, nobody's plant in it."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    game = replay("\n".join(lines[:35]))             # round 1 done: round 2's auction waits for its chooser
    assert game.state["round"] == 2 and game.state["phase"] == "auction"
    for name in game.state["order"]:
        game.play({"type": "pass", "player": name})
    draw = game.state["next"]["actions"][0]          # no sale: the lowest plant leaves and is replaced
    game.play({"type": "draw", "card": draw["possible"][0]})
    assert game.state["phase"] == "resources"
    page = text(report_pdf(game, "en"))
    table = page[page.index("Power plants bought"):]
    row = next(line for line in table.splitlines() if re.match(r"\s*2\s", line))
    assert row.split()[1:] == ["·"] * 4


def test_charts_plot_cities_and_money_for_every_round_from_the_start():
    game = example_game()
    r = _Report(game, Words("en"))
    rounds = r.rounds()
    assert [n for n, _ in rounds] == list(range(game.state["round"] + 1))
    for value, final in ((lambda p: len(p["cities"]), "cities"), (lambda p: p["money"], "money")):
        plot = r.chart(rounds, value, 200).contents[0]
        for series, name in zip(plot.data, r.names):
            assert [x for x, _ in series] == [n for n, _ in rounds]
            start = game.states[0]["players"][name]
            last = next(row for row in game.state["result"]["ranking"] if row["player"] == name)
            assert series[0][1] == value(start) and series[-1][1] == last[final]


def test_a_ten_round_game_fits_on_one_page():
    assert example_game().state["round"] == 10
    assert page_count(report()) == 1


def test_a_game_in_progress_shows_standings_so_far_in_turn_order():
    game = replay(EXAMPLE.read_text(encoding="utf-8"), at=40)
    page = text(report_pdf(game, "en"))
    assert "Standings so far (in turn order)" in page and "Game in progress: round" in page
    order = game.state["order"]
    positions = [page.index(f" {name} ") for name in order]
    assert positions == sorted(positions)


@pytest.mark.parametrize("lang", LANGS)
def test_the_qr_code_encodes_the_tables_url(lang):
    """Sample the printed code module by module and compare it with qrcode's matrix for the URL."""
    pdf = report(lang, url=URL)
    image = render(pdf, 1, dpi=200).convert("RGB")
    top = image.crop((image.width // 2, 0, image.width, image.height // 5))   # the header's right half
    r, g, b = top.split()
    ink = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v < 70 else 0)  # INK, not the band
    left, upper, right, lower = ink.getbbox()
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(URL)
    code.make(fit=True)
    matrix = code.get_matrix()
    n = len(matrix)
    assert abs((right - left) - (lower - upper)) <= 2
    cell = (right - left) / n
    seen = [[ink.getpixel((int(left + (c + 0.5) * cell), int(upper + (row + 0.5) * cell))) == 255 for c in range(n)]
            for row in range(n)]
    assert seen == [[bool(m) for m in line] for line in matrix]
    assert URL in text(pdf)
    caption = translations(lang).gettext("Scan to open this game at the table")
    assert squeezed(caption) in squeezed(reading(pdf))


def test_without_a_url_there_is_no_code():
    page = text(report("en"))
    assert "Scan to open" not in page and "http" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_subtitle_says_the_game_ended_after_the_building_phase(lang):
    """RULES.md, game end: the game ends after the building phase in which someone reaches the count (then a
    last bureaucracy without income), not at the end of the round (zh-Hant once said 第10回合結束時)."""
    t = translations(lang).gettext
    said = t("Game over after the building phase of round %(round)d, in Step %(step)d") % {"round": 10, "step": 3}
    assert "".join(said.split()) in "".join(reading(report(lang)).split())
    assert "回合結束時" not in reading(report("zh-Hant"))


def test_the_round_number_stands_on_the_baseline_of_the_plants_bought_in_it():
    """It stood 4 pt above them (issue 24): every row of the plants grid shares one baseline."""
    with pdfplumber.open(io.BytesIO(report("en"))) as doc:
        page = doc.pages[0]
        table_top = next(w["top"] for w in page.extract_words() if w["text"] == "Each")
        words = [w for w in page.extract_words(extra_attrs=["size"]) if w["top"] > table_top]
    rounds = [w for w in words if w["x0"] < 100 and w["text"].isdigit()]
    assert len(rounds) == example_game().state["round"]
    for number in rounds:
        row = [w for w in words if abs(w["bottom"] - number["bottom"]) < 6 and w is not number]
        assert row and all(abs(w["bottom"] - number["bottom"]) < 0.5 for w in row if w["size"] > 10), (number, row)


@pytest.mark.parametrize("top, axis", [(21, 25), (18, 20), (26, 30), (165, 200), (3, 3), (0, 3)])
def test_a_chart_axis_ends_at_the_next_round_value_not_twice_the_maximum(top, axis):
    """A maximum of 21 cities was drawn on an axis to 40 (issue 24)."""
    most, step = _nice(top)
    assert most == axis and most % step == 0 and 3 <= most / step <= 5


def test_no_axis_ends_more_than_half_as_high_again_as_the_maximum():
    for top in range(4, 1001):
        most, _step = _nice(top)
        assert top <= most <= 1.5 * top, top


@pytest.mark.parametrize("lang", LANGS)
def test_no_report_type_is_smaller_than_8_pt(lang):
    """Axis labels, the round caption, the QR caption and the address were 7 pt (issue 24)."""
    assert smallest_type(report(lang, url=URL)) >= MIN_TYPE - 0.01


def test_the_report_names_the_connected_cities_alike_in_its_table_and_its_chart():
    """The standings said 都市数, the chart 接続都市数 (issue 24): both say the cities connected (the
    capacity chart's 「供給できる都市数」 is another count, named as such)."""
    page = squeezed(reading(report("ja")))
    assert "接続都市数" in page and page.count("都市数") == page.count("接続都市数") + page.count("電力供給都市数") + page.count("供給できる都市数")
