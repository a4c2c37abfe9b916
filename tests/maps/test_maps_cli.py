"""`referee maps list` and `referee maps check FILE` (a custom map typed in by a user)."""
import re
from pathlib import Path

import pytest

from referee.cli import main

GERMANY = Path(__file__).resolve().parents[2] / "maps" / "germany.toml"


def check(tmp_path, text, capsys):
    path = tmp_path / "hokkaido.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["maps", "check", str(path)])
    return code, capsys.readouterr().out.splitlines()


def base():
    return GERMANY.read_text(encoding="utf-8").replace('id = "germany"', 'id = "hokkaido"')


def test_maps_list_names_every_board_with_its_rules(capsys):
    assert main(["maps", "list"]) == 0
    out = capsys.readouterr().out
    assert "centraleurope\tCentral Europe\t6 areas, 42 cities\tvienna_discount" in out
    assert "germany\tGermany" in out and out.count("\n") >= 18


def test_maps_check_accepts_a_correct_map_with_a_summary(tmp_path, capsys):
    code, out = check(tmp_path, base(), capsys)
    assert code == 0 and out[0].endswith("OK: Germany (hokkaido): 6 areas, 42 cities, 83 connections; rules: base rules")


@pytest.mark.parametrize("change, expected", [
    (lambda t: t.replace('area = "NW"', 'area = "ZZ"', 1), r'line \d+: city \'\w+\': unknown area \'ZZ\''),
    (lambda t: t.replace('["bremen", "cuxhaven", 8]', '["bremen", "cuxhavn", 8]'),
     r"line \d+: connection 1 \(bremen–cuxhavn\): unknown city 'cuxhavn' \(did you mean 'cuxhaven'\?\)"),
    (lambda t: t.replace('["bremen", "cuxhaven", 8]', '["bremen", "cuxhaven", -8]'),
     r"line \d+: connection 1 \(bremen–cuxhaven\): cost -8 must be a whole number from 0 to 100 \(Elektro\)"),
    (lambda t: t + '\n[setup]\ndeck = [13, "rest"]\n', r'line \d+: setup\.deck: names "step3" 0 times; allowed: exactly once'),
    (lambda t: t + '\n[rules.nowhere]\n', r"line \d+: rules\.nowhere: unknown rule; allowed: "),
    (lambda t: t + '\n[overrides.market_start]\ncoal = 99\noil = 18\ngarbage = 6\nuranium = 2\n',
     r"line \d+: overrides\.market_start\.coal: 99 must be a whole number 0\.\.24"),
    (lambda t: t + '\n[setup]\nremoved = [77]\n', r"line \d+: setup\.removed: plant\(s\) 77 are not in the edition"),
    (lambda t: t.replace('name = "Germany"', 'name = ""'), r"name must be non-empty text"),
    (lambda t: t.replace("[cities]", "[cities]\nx_y = { name = \"Nowhere\", area = \"NW\", x = 0.5, y = 0.5 }"),
     r"board is not connected: cut off from the rest: x_y"),
])
def test_maps_check_reports_each_kind_of_error_with_line_key_and_what_is_allowed(tmp_path, capsys, change, expected):
    code, out = check(tmp_path, change(base()), capsys)
    assert code == 2 and out, out
    assert any(re.search(expected, line) for line in out), out
    assert all(line.startswith(str(tmp_path / "hokkaido.toml")) for line in out)


def test_maps_check_points_at_the_line_of_the_key(tmp_path, capsys):
    text = base() + '\n[setup]\nremoved = [77]\n'
    code, out = check(tmp_path, text, capsys)
    line = int(out[0].split(" line ")[1].split(":")[0])
    assert text.splitlines()[line - 1].startswith("removed = [77]")


def test_maps_check_reports_a_file_that_is_not_toml(tmp_path, capsys):
    code, out = check(tmp_path, "id = \n", capsys)
    assert code == 2 and "not valid TOML" in out[0]


def test_maps_check_names_a_missing_area_border_on_its_line(tmp_path, capsys):
    """docs/maps.md `area_borders`: a pair a printed connection joins must be listed (Australia's borders)."""
    text = base().replace('name = "Germany"', 'name = "Germany"\narea_borders = [["NW", "NE"]]', 1)
    code, lines = check(tmp_path, text, capsys)
    assert code == 2 and any(re.search(r"line 8: area_borders: a connection joins E and NE", line) for line in lines)
