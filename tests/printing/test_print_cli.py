"""`referee print card|report`: a PDF on success; on bad input one clear line, exit 2, no traceback, no file."""
import pytest

from pdfkit import page_count
from printkit import EXAMPLE, ROOT, run

pytestmark = pytest.mark.slow   # each test runs `referee print` in a subprocess


def test_card_writes_a_pdf(tmp_path):
    out = tmp_path / "aid.pdf"
    done = run("card", "--map", "usa", "--players", "3", "--lang", "zh-hant", "--size", "A6", "-o", out)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF") and done.stderr == ""


@pytest.mark.parametrize("per_sheet, pages", [("2", 6), ("4", 3)])   # 8 cards: 4 first, 4 second (back blank)
def test_card_a6_per_sheet_sets_the_cards_to_an_a4_sheet(per_sheet, pages, tmp_path):
    out = tmp_path / "aid.pdf"
    done = run("card", "--map", "germany", "--players", "4", "--size", "a6", "--per-sheet", per_sheet, "-o", out)
    assert done.returncode == 0, done.stderr
    assert page_count(out.read_bytes()) == pages


def test_card_help_names_every_map_and_the_cards_per_sheet():
    done = run("card", "--help")
    assert "referee maps list" in done.stdout and "(germany, usa)" not in done.stdout
    assert "--per-sheet 2|4" in done.stdout and "(default 4)" in done.stdout


def test_report_writes_a_pdf_with_the_url(tmp_path):
    out = tmp_path / "report.pdf"
    done = run("report", EXAMPLE, "--lang", "ja", "--url", "http://table.local/games/1", "-o", out)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("args, line", [
    (["card", "--map", "atlantis", "--players", "4"], "unknown map 'atlantis'"),
    (["card", "--map", "germany", "--players", "7"], "Power Grid on Germany is for 2–6 players; got 7"),
    (["card", "--map", "germany", "--players", "1"], "Power Grid on Germany is for 2–6 players; got 1"),
    (["card", "--map", "germany", "--players", "four"], "a number of players is a whole number, not 'four'"),
    (["card", "--map", "germany", "--players", "4", "--lang", "fr"],
     "unknown language 'fr'; languages are en, ja, zh-Hant"),
    (["card", "--map", "germany", "--players", "4", "--size", "b5"], "unknown size 'b5'; sizes are a4, a6, letter"),
    (["card", "--players", "4"], "the following arguments are required: --map"),
    (["card", "--map", "germany", "--players", "4", "--size", "a6", "--per-sheet", "3"],
     "A6 cards come 2 or 4 to an A4 sheet, not '3'"),
    (["report", "missing.jsonl"], "missing.jsonl: cannot read: No such file or directory"),
    (["report", EXAMPLE, "--lang", "de"], "unknown language 'de'"),
])
def test_bad_arguments_give_one_line_and_exit_2(args, line, tmp_path):
    out = tmp_path / "out.pdf"
    done = run(*args, "-o", out)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and line in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not out.exists()


def test_an_illegal_log_names_its_line(tmp_path):
    game = tmp_path / "bad.jsonl"
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()[:3] + ['{"type": "bid", "player": "Zed", "amount": 9}']
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    done = run("report", game, "-o", out)
    assert done.returncode == 2
    assert done.stderr.startswith(f"referee print: {game} line 4: ") and done.stderr.count("\n") == 1
    assert not out.exists()


def test_an_unwritable_output_is_one_line(tmp_path):
    done = run("card", "--map", "germany", "--players", "4", "-o", tmp_path / "no" / "such" / "dir.pdf")
    assert done.returncode == 2
    assert "cannot write" in done.stderr and "No such file or directory" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
