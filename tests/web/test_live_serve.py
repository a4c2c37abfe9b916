"""`referee serve` holds many devices following their tables live: far more open event streams than
the 100 connections the old server took, each told of a fact as soon as it is stored."""
import pytest
from webkit import Browser, Server, Stream, fact_form, stored_example

pytestmark = pytest.mark.slow   # a real server in a subprocess

DEVICES = 200


def test_the_server_holds_200_open_event_streams_and_tells_each_of_a_fact(tmp_path):
    db, game_id, _setup, facts = stored_example(tmp_path)
    server = Server(db)
    streams = []
    try:
        for _ in range(DEVICES):
            streams.append(Stream(server.port, game_id))
        assert {s.status for s in streams} == {200}
        assert {s.next_fact() for s in streams} == {0}
        tablet = Browser(server.port)
        assert tablet.request("GET", f"/games/{game_id}/")[0] == 200, "a page still opens beside them"
        status, _text, _elapsed = tablet.request("POST", f"/games/{game_id}/facts", {**fact_form(facts[0]), "seq": 0},
                                                 {"HX-Request": "true"})
        assert status == 200
        assert [s.next_fact() for s in streams] == [1] * DEVICES
    finally:
        for s in streams:
            s.close()
        code, _out, err = server.stop()
    assert code == 0 and "Traceback" not in err, err
