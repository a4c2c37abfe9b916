"""Big pages drawn in slices (referee.web.paced, issue 21 item 3): under the server, a request whose
data has come in is answered while another device's page is drawn, and the page drawn is the same."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from flask import template_rendered

from referee.web import create_app, paced

ROOT = Path(__file__).resolve().parents[2]

SERVER_LIKE = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import json, socket, sys, time
    import gevent
    from referee import offloop
    from referee.web import create_app, paced

    offloop._pools["disk"] = None                   # as under `referee serve`: calls from this thread are the loop's
    offloop._loop_thread = monkey.get_original("threading", "get_ident")()
    app = create_app({"DATABASE": sys.argv[1], "TESTING": True})
    big = app.jinja_env.from_string("{% for i in range(60000) %}<i>{{ i }}</i>{% endfor %}")
    answered = []
    mine, theirs = socket.socketpair()

    def other():                                    # another device's request, waiting for its data
        theirs.recv(10)
        answered.append(time.perf_counter())

    with app.test_request_context("/"):
        started = time.perf_counter()
        whole = big.render()
        alone = time.perf_counter() - started
        reader = gevent.spawn(other)
        gevent.sleep(0)                             # it waits on its socket now
        mine.send(b"GET /")                         # and its data is there before the page is begun
        started = time.perf_counter()
        drawn = paced.render_template(big)
        took = time.perf_counter() - started
        reader.join(5)
    print(json.dumps({"same": drawn == whole, "took": took, "alone": alone, "answered_after": answered[0] - started}))
""")


def test_under_the_server_a_request_whose_data_came_is_answered_while_a_big_page_is_drawn(tmp_path):
    done = subprocess.run([sys.executable, "-c", SERVER_LIKE, str(tmp_path / "g.sqlite3")], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["same"], "the page drawn in slices is the page drawn whole"
    assert out["took"] > 10 * paced.SLICE, out      # long enough to need slices at all
    assert out["answered_after"] < out["took"] / 2, out     # within the first slices, not after the page
    assert out["took"] < 2 * out["alone"] + 0.02, out      # and the page is not much later for it


def test_outside_the_server_a_page_is_rendered_whole_with_flasks_signals(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "g.sqlite3"), "TESTING": True})
    seen = []

    def record(sender, template, context, **extra):
        seen.append(template.name)
    template_rendered.connect(record, app)
    try:
        with app.test_request_context("/"):
            text = paced.render_template("_notice.html", notice={"status": 400, "message": "Nope."})
    finally:
        template_rendered.disconnect(record, app)
    assert "Nope." in text and seen == ["_notice.html"]
