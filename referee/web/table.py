"""The table view of one game and the facts entered on it."""
from flask import Blueprint, abort, current_app, render_template

from ..store import UnknownGame
from .db import get_store
from .tables import Tables

bp = Blueprint("table", __name__, url_prefix="/games/<int:game_id>")


def open_table(game_id: int):
    tables = current_app.extensions.setdefault("referee.tables", Tables())
    try:
        return tables.get(get_store(), game_id)
    except UnknownGame:
        abort(404)


@bp.get("/")
def view(game_id):
    table = open_table(game_id)
    return render_template("table/view.html", table=table, state=table.game.state)
