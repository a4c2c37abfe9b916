"""The player aid and the game report under seed 000's variations: the card's numbers are the
variation's (バリエント3用各種条件テーブル for variation 3) and both name the variation."""
import json
import re

import pytest

from referee.game import Game
from referee.i18n import translations
from referee.printing import card_pdf, report_pdf
from pdfkit import reading, text
from printkit import LANGS, cities, run
from tablekit import setup_line

# seed 000 バリエント3用各種条件テーブル: 使用都市数, ステップ2 開始都市数, ゲーム終了 都市数, ゲーム開始時に除外する発電所数
V3_TABLE = {2: (24, 12, 24, 10), 3: (24, 8, 20, 10), 4: (32, 8, 20, 5), 5: (40, 8, 18, 0), 6: (42, 7, 15, 0)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", sorted(V3_TABLE))
def test_card_variation_3_prints_the_big_plants_table(players, lang):
    _ = translations(lang).gettext
    used, step2, end, removed = V3_TABLE[players]
    page = text(card_pdf("germany", players, lang, variation=3))
    expected = {_("Cities in play"): str(used), _("Removed at setup"): str(removed),
                _("Step 2 at"): cities(lang, step2), _("Game ends at"): cities(lang, end)}
    for label, value in expected.items():
        assert re.search(re.escape(label) + r"[ \t]+" + re.escape(value) + r"(?=\s|$)", page), (label, value)
    flat = "".join(page.split())   # a centred Chinese mark is read with a gap before it
    assert "".join(_("Variation 3: big plants").split()) in flat and _("Areas in play") not in page


def test_card_variation_2_counts_the_pairs_removed_face_up():
    """Seed 000 バリエーション 2: pairs of one number leave the game, as many as the player count removes."""
    page = text(card_pdf("germany", 4, "en", variation=2))
    assert re.search(r"Removed at setup[ \t]+8(?=\s|$)", page) and "Variation 2: old and new cards mixed" in page


def test_report_names_the_variation_played():
    line = {**setup_line(3), "variation": 1}
    game = Game(line)
    for lang in LANGS:
        name = translations(lang).gettext("Variation 1: new cards only")
        assert name in " ".join(text(report_pdf(game, lang)).split()), lang
    assert json.loads(json.dumps(game.setup))["variation"] == 1


@pytest.mark.parametrize("args, message", [
    (["--variation", "9"], "variation: 9; allowed: 1, 2, 3, 4"),
    (["--variation", "4"], "variation 4: name the deck"),
    (["--deck", "new"], "--deck names the deck of variation 4"),
])
def test_print_card_variation_refusals_are_one_line(args, message, tmp_path):
    out = tmp_path / "aid.pdf"
    done = run("card", "--map", "germany", "--players", "3", *args, "-o", out)
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not out.exists()


def test_print_card_variation_3_from_the_command_line(tmp_path):
    """Issue 14: `referee print card` prints a correct aid for a variation-3 game."""
    out = tmp_path / "aid.pdf"
    done = run("card", "--map", "germany", "--players", "4", "--variation", "3", "-o", out)
    assert done.returncode == 0, done.stderr
    page = text(out.read_bytes())
    assert re.search(r"Cities in play[ \t]+32(?=\s|$)", page) and re.search(r"Step 2 at[ \t]+8 cities", page)


@pytest.mark.parametrize("lang", LANGS)
def test_card_prints_the_house_readings_other_than_the_default(lang):
    """docs/rules-notes.md §6: a game's aid names each table rule the table chose; none for the defaults."""
    _ = translations(lang).gettext
    chosen = Game({**setup_line(3), "readings": {"step3_before_step2": "step3_only"}})
    flat = "".join(reading(card_pdf(chosen.ctx.map, 3, lang, variation=chosen.ctx)).split())
    assert "".join(_("Table rules").split()) in flat
    assert "".join(_("Step 3 card before Step 2").split()) in flat
    plain = Game(setup_line(3))
    assert "".join(_("Table rules").split()) not in "".join(reading(card_pdf(plain.ctx.map, 3, lang,
                                                                             variation=plain.ctx)).split())
