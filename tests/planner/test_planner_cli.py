"""`referee route` / `referee suggest`: output, exit codes, one-line errors."""
import argparse
import json

import pytest

from referee.planner import cli

AREAS = "NW,NE,W,E,SW,SE"


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_route_json_prices_duesseldorf_then_koeln_at_36(capsys):
    code, out, err = run(capsys, "route", "--map", "germany", "--areas", AREAS, "--step", "2",
                         "--network", "essen", "--add", "Düsseldorf,köln",
                         "--occupied", "duesseldorf=1,Koeln=1", "--json")
    assert code == 0 and err == ""
    assert json.loads(out) == {"total": 36, "connection": 6, "houses": 30, "builds": [
        {"city": "duesseldorf", "from": "essen", "path": ["essen", "duesseldorf"], "connection": 2, "house": 15},
        {"city": "koeln", "from": "duesseldorf", "path": ["duesseldorf", "koeln"], "connection": 4, "house": 15}]}


def test_route_table_shows_order_names_paths_and_running_total(capsys):
    code, out, err = run(capsys, "route", "--map", "germany", "--areas", "north-west,west,south west",
                         "--step", "2", "--network", "Essen", "--add", "koeln,duesseldorf",
                         "--occupied", "duesseldorf=1,koeln=1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["#", "city", "from", "path", "connection", "house", "total"]
    assert lines[1].split() == ["1", "Düsseldorf", "Essen", "Essen", "-", "Düsseldorf", "2", "15", "17"]
    assert lines[2].split() == ["2", "Köln", "Düsseldorf", "Düsseldorf", "-", "Köln", "4", "15", "36"]
    assert lines[3] == "total 36 (connections 6, houses 30)"


def test_route_first_city_of_an_empty_network_has_no_from(capsys):
    code, out, _ = run(capsys, "route", "--map", "germany", "--areas", AREAS, "--add", "berlin", "--json")
    assert code == 0
    assert json.loads(out)["builds"] == [{"city": "berlin", "from": None, "path": ["berlin"],
                                          "connection": 0, "house": 10}]


def test_suggest_json_lists_options_best_first(capsys):
    code, out, err = run(capsys, "suggest", "--map", "germany", "--areas", AREAS, "--network", "essen",
                         "--count", "3", "--top", "4", "--json")
    assert code == 0 and err == ""
    options = json.loads(out)["options"]
    assert len(options) == 4
    assert [o["total"] for o in options] == sorted(o["total"] for o in options)
    for o in options:
        assert set(o) == {"cities", "total", "connection", "houses", "builds"}
        assert o["cities"] == [b["city"] for b in o["builds"]]
        assert o["total"] == sum(b["connection"] + b["house"] for b in o["builds"])


def test_suggest_budget_table(capsys):
    code, out, _ = run(capsys, "suggest", "--map", "germany", "--areas", AREAS, "--network", "essen",
                       "--budget", "36")
    assert code == 0
    assert out.startswith("option 1: ") and "total 36" in out


def test_suggest_budget_too_small_is_not_an_error(capsys):
    code, out, _ = run(capsys, "suggest", "--map", "germany", "--areas", AREAS, "--budget", "5", "--json")
    assert code == 0 and json.loads(out) == {"options": []}


@pytest.mark.parametrize("argv,message", [
    (["route", "--map", "germany", "--areas", AREAS, "--add", "Kolm"], "unknown city 'Kolm' on germany"),
    (["route", "--map", "germany", "--areas", "W,Atlantis", "--add", "essen"], "unknown area 'Atlantis'"),
    (["route", "--map", "germany", "--areas", "W,SE", "--add", "essen"], "areas SE, W are not connected"),
    (["route", "--map", "germany", "--areas", "W", "--add", "koeln"], "Köln is in area SW, outside the play areas"),
    (["route", "--map", "germany", "--areas", "W", "--network", "essen", "--add", "essen"],
     "Essen is already in the network"),
    (["route", "--map", "germany", "--areas", "W", "--add", "essen,Essen"], "Essen is listed twice"),
    (["route", "--map", "germany", "--areas", "W", "--add", "essen", "--occupied", "essen=1"],
     "Essen is full for step 1"),
    (["route", "--map", "germany", "--areas", "W", "--add", "essen", "--occupied", "essen"],
     "--occupied wants CITY=K items"),
    (["route", "--map", "germany", "--areas", "W", "--add", "essen", "--occupied", "essen=x"],
     "is not a number of houses"),
    (["route", "--map", "germany", "--areas", "W", "--add", ""], "--add names no city"),
    (["route", "--map", "atlantis", "--areas", "W", "--add", "essen"], "unknown map 'atlantis'"),
    (["route", "--map", "germany", "--areas", "W", "--add", "essen", "--step", "4"], "invalid choice: 4"),
    (["route", "--map", "germany", "--areas", "W"], "the following arguments are required: --add"),
    (["route", "--map", "germany", "--areas", "W", "--add", "essen", "--bogus"], "unrecognized arguments"),
    (["suggest", "--map", "germany", "--areas", "W"], "one of the arguments --count --budget is required"),
    (["suggest", "--map", "germany", "--areas", "W", "--count", "1", "--budget", "9"], "not allowed with"),
    (["suggest", "--map", "germany", "--areas", "W", "--count", "-1"], "must be 0 or more"),
    (["suggest", "--map", "germany", "--areas", "W", "--count", "x"], "not a whole number"),
    (["suggest", "--map", "germany", "--areas", "W", "--count", "1", "--top", "0"], "must be 1 or more"),
    (["suggest", "--map", "germany", "--areas", "W", "--count", "9"], "cannot add 9 cities"),
])
def test_bad_input_exits_2_with_one_line_naming_the_problem(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert message in err
    assert "Traceback" not in err


def test_commands_plug_into_the_referee_parser():
    parser = argparse.ArgumentParser(prog="referee")
    sub = parser.add_subparsers(dest="command", required=True)
    cli.add_commands(sub)
    args = parser.parse_args(["route", "--map", "germany", "--areas", "W", "--add", "essen"])
    assert args.func is cli.run_route
    args = parser.parse_args(["suggest", "--map", "germany", "--areas", "W", "--count", "2"])
    assert args.func is cli.run_suggest and args.top == 1 and args.step == 1
    assert args.func(args) == 0
