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


def test_the_boards_laid_out_ahead_are_every_shipped_map_as_each_edition_prints_it():
    from referee.catalog import available_maps, load_edition
    from referee.catalog.edition_boards import board_for

    boards = board.shipped_boards()
    germany = load_map("germany")
    recharged = board_for(germany, load_edition("recharged", germany))
    assert recharged is not germany         # Recharged prints its own Germany (recharged.md §5)
    assert [b.id for b in boards[:4]] == ["germany", "germany", "usa", "usa"]   # the base game's first
    assert any(b is germany for b in boards) and any(b is recharged for b in boards)
    assert {b.id for b in boards} == set(available_maps())
    assert len(boards) == len({id(b) for b in boards})


def test_boards_are_laid_out_ahead_in_a_worker_one_at_a_time_and_never_twice(monkeypatch):
    calls = []

    def run(kind, function, *args):
        calls.append((kind, args[0].id if args else None))
        return function(*args)

    monkeypatch.setattr(offloop, "run", run)
    japan, australia = (pickle.loads(pickle.dumps(load_map(name))) for name in ("japan", "australia"))
    board.lay_out_here(japan)                                   # a recent game's board, laid out at start
    monkeypatch.setattr(board, "shipped_boards", lambda: [japan, australia])
    assert board.lay_out_shipped_boards() == 1
    assert calls == [("cpu", None), ("process", "australia")]     # the map files read on a thread
    assert board.size(australia) == fit(australia, board.SCALE)[0]
    assert board.lay_out_shipped_boards() == 0 and calls[2:] == [("cpu", None)]


def test_a_stop_while_boards_are_laid_out_ahead_ends_it_quietly(monkeypatch, capsys):
    from referee import serve

    def lost():
        raise offloop.WorkerLost("the worker ended")

    monkeypatch.setattr(board, "lay_out_shipped_boards", lost)
    serve._lay_out_boards()
    assert capsys.readouterr().out == ""
    monkeypatch.setattr(board, "lay_out_shipped_boards", lambda: 1 / 0)
    serve._lay_out_boards()
    assert "laying out the boards ahead stopped: ZeroDivisionError" in capsys.readouterr().out
