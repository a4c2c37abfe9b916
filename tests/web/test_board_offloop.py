"""Laying a board out (placement.fit: 100–150 ms of Python) happens once per board in a server's
life, and under the server in a worker process, so no other table waits for it (issue 21 item 3)."""
import pickle

from referee import offloop
from referee.catalog import load_map
from referee.web import board
from referee.web.placement import fit


def test_a_board_not_yet_laid_out_is_laid_out_off_the_loop_once_and_then_kept(monkeypatch):
    calls = []

    def run(kind, function, *args):
        calls.append((kind, function, args))
        return function(*args)

    monkeypatch.setattr(offloop, "run", run)
    fresh = pickle.loads(pickle.dumps(load_map("japan")))     # a board object no page has drawn yet
    k, spots = board.size(fresh), board.spots_of(fresh)
    board.view_box(fresh)
    board.static_layer(fresh, tuple(fresh.areas), (10, 15, 20))
    assert calls == [("process", fit, (fresh, board.SCALE))]
    assert (k, spots) == fit(fresh, board.SCALE)[:2]


def test_at_start_up_a_board_is_laid_out_where_the_server_starts_without_waiting_for_a_worker(monkeypatch):
    """The server lays its recent games' boards out before it answers anyone (serve._preload through
    table.warm): the workers are still starting then, and no request waits for the loop."""
    calls = []
    monkeypatch.setattr(offloop, "run", lambda *a: calls.append(a))
    fresh = pickle.loads(pickle.dumps(load_map("japan")))
    board.lay_out_here(fresh)
    board.size(fresh)
    board.spots_of(fresh)
    assert calls == []
