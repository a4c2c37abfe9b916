"""Log the play in BG Stats: a finished game as BG Stats' play JSON (referee.playlog).

    GET /games/<id>/bgstats     303 to BG Stats' createPlay address with the play filled in
    GET /games/<id>/play.json   the same play as a file to keep or send

Anyone who may look at the game may log it (the result, money included, is public once it is over:
seed 004 keeps money secret only while the game runs). A game not over yet is a 409 page saying
so, in the page's language; the times come from the store (first and last fact).
"""
from flask import Blueprint, Response, redirect

from flask_babel import gettext as _

from .. import playlog
from .db import get_store
from .errors import page
from .setup_form import map_name
from .table import open_table

bp = Blueprint("playlog", __name__, url_prefix="/games/<int:game_id>")


def play_of(game_id: int) -> dict | None:
    """The game's BG Stats play, or None while it is not over."""
    table = open_table(game_id)
    started, ended = get_store().span(game_id)
    try:
        return playlog.play(table.game, game_id=game_id, started=started, ended=ended,
                            board=map_name(table.game.setup["map"]))
    except playlog.NotOver:
        return None


def not_over():
    return page(409, _("The game is not over yet: a play is logged with its result, once the game ends."))


@bp.get("/bgstats")
def bgstats(game_id):
    data = play_of(game_id)
    return not_over() if data is None else redirect(playlog.push_url(data), 303)


@bp.get("/play.json")
def download(game_id):
    data = play_of(game_id)
    if data is None:
        return not_over()
    return Response(playlog.text(data), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="power-grid-{game_id}.bgstats.json"'})
