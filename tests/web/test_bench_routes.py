"""The routes the benches measure with (`referee serve --bench`, referee/web/floor.py): they exist only
with --bench, do what the benches rely on, and never touch a game."""
import sqlite3

import pytest

from referee.web import board, create_app
from referee.web.placement import fit


@pytest.fixture
def bench(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "games.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "BENCH": True})
    return app.test_client()


def test_the_bench_routes_are_not_there_without_bench(client):
    for method, path in (("post", "/bench/floor"), ("post", "/bench/forget"), ("get", "/bench/planner"),
                         ("get", "/bench/settled")):
        assert getattr(client, method)(path).status_code == 404


def test_the_floor_commits_one_row_of_its_own(bench, tmp_path):
    assert bench.post("/bench/floor").status_code == 204
    assert bench.post("/bench/floor").status_code == 204
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    assert db.execute("SELECT COUNT(*) FROM bench_floor").fetchone() == (2,)
    assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)


def test_the_planner_route_answers_the_most_cities_a_budget_buys_from_berlin_hamburg_bremen(bench):
    assert bench.get("/bench/planner?budget=0").get_data(as_text=True) == "0"
    assert int(bench.get("/bench/planner?budget=300").get_data(as_text=True)) > \
        int(bench.get("/bench/planner?budget=100").get_data(as_text=True)) > 0


def test_forgetting_empties_the_planners_kept_answers(bench, monkeypatch):
    from referee.web import inputs
    cleared = []
    monkeypatch.setattr(inputs._suggestions, "cache_clear", lambda: cleared.append(True))
    assert bench.post("/bench/forget").status_code == 204 and cleared == [True]


def test_the_server_is_settled_once_every_shipped_board_is_laid_out(bench):
    boards = board.shipped_boards()
    fit.cache_clear()
    answer = bench.get("/bench/settled")
    assert answer.status_code == 503 and answer.get_data(as_text=True) == f"boards still to lay out: {len(boards)}"
    for printed in boards[1:]:
        board.lay_out_here(printed)
    assert bench.get("/bench/settled").get_data(as_text=True) == "boards still to lay out: 1"
    board.lay_out_here(boards[0])
    assert bench.get("/bench/settled").status_code == 204
