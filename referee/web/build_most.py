"""The build panel's "most cities for the money" in a request of its own, so that no page waits
for the planner's budget search (referee.web.inputs: the panel shows the cheapest 1–3 cities at
once and, until this answer is known, a placeholder that asks for it once shown).

Routes (under /games/<game_id>; `seq` the sequence number of the page that asks, the draft's
`type=build`, `player` and `new_network` as on the page):

    GET /build/most        (the table key) the table page's panel: the most cities for the money
                           only while the table shows every player's money
    GET /seat/build/most   (a seat link) the builder's own phone: its own money's

Either answers the panel's "Build at once" block with the answer, worked out in a worker process
(referee.offloop); 204 if the page is behind the table or it is not that viewer's build now (the
page's live update redraws it). What a viewer may see is decided by referee.web.viewer, as for
the pages themselves: a viewer who may not see the builder's money gets the cheapest cities only.
"""
from flask import Blueprint, request, url_for

from .. import offloop
from . import inputs
from .errors import page
from .paced import render_template
from .seats import seated
from .table import money_shown, may_enter, open_table
from .viewer import Viewer, seen_at

bp = Blueprint("build_most", __name__, url_prefix="/games/<int:game_id>")


@bp.get("/build/most")
def table(game_id):
    table = open_table(game_id)
    if not may_enter():
        return page(403)
    return answer(table, Viewer(key=True, money_shown=money_shown(game_id)), url_for("table.facts", game_id=game_id))


@bp.get("/seat/build/most")
@seated
def seat(table, seat):
    return answer(table, Viewer(seat=seat), url_for("seats.facts", game_id=table.id), seat=seat)


def answer(table, viewer: Viewer, fact_url: str, seat: str | None = None):
    """The suggestions block of the viewer's build panel, its budget answer worked out first."""
    if request.args.get("seq") != str(table.seq):
        return "", 204
    game = seen_at(table, viewer)
    act = next((a for a in game.state["next"]["actions"] if a["type"] == "build"), None)
    if act is None or (seat is not None and act["player"] != seat):
        return "", 204
    money = viewer.sees_money_of(act["player"])
    if money:
        inputs.work_out_most(game, act["player"], table.game)
    panel = inputs.panel(game, request.args, money)
    offloop.pause()     # others' requests before it is rendered
    return render_template("_build_suggestions.html", panel=panel, game_id=table.id, seq=table.seq, seat=seat, answer=True,
                           fact_url=fact_url, view_url=url_for("seats.view" if seat else "table.view", game_id=table.id))
