"""The game list, new games, import and export."""
from flask import Blueprint, render_template

from .db import get_store

bp = Blueprint("games", __name__)


@bp.get("/")
def index():
    return render_template("games/list.html", games=get_store().games())
