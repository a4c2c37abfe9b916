"""Drawing a big page in slices, so the loop answers others between them.

Under `referee serve` every request shares one event loop (referee.offloop). The table's page or
a seat's page takes a few milliseconds of Jinja, and a request that arrives meanwhile — another
table's tap, a small file — would wait for all of it. Drawn here instead, the template is generated
piece by piece (Flask's stream_template: the same context and signals as render_template), and
after each SLICE of drawing the loop answers what came in meanwhile (offloop.pause) before the page
goes on. What a page draws is worked out before it is drawn (plain values of one state: an entry
stored meanwhile makes a new state, never changes the old one), so a page drawn in slices is the
page of one moment.

Outside the server (tests, the CLI) the template is simply rendered.
"""
import time

from flask import render_template as render_whole, stream_template

from .. import offloop

SLICE = 0.0005      # seconds of drawing between two turns of the loop (offloop.SWITCH: a thread's turn is as long)


def render_template(name, **context) -> str:
    """flask.render_template, letting the loop answer others every SLICE seconds (under the server)."""
    if not offloop.active():
        return render_whole(name, **context)
    parts = []
    clock = time.perf_counter
    due = clock() + SLICE
    for part in stream_template(name, **context):
        parts.append(part)
        if clock() >= due:
            offloop.pause()
            due = clock() + SLICE
    return "".join(parts)
