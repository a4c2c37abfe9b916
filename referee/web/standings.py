"""Standings across the games on this server (referee.standings), and merging two names of one player.

    GET  /standings?map=M&edition=E    each player name's games, wins, average cities powered and
                                       money at the end, best first; map and edition narrow it
    POST /standings/merge              (the table key) `name`, `into`: count `name` as `into` from now on
    POST /standings/unmerge            (the table key) `name`: count it on its own again

A merge that cannot be made (a name not in any finished game, two names of one player already, two
names that played in the same game) is a 400 page saying why in the page's language; nothing is kept.
"""
from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import offloop, standings
from ..catalog import CatalogError, load_edition
from .db import get_store
from .setup_form import map_name, shown

bp = Blueprint("standings", __name__)
LONGEST_NAME = 200


def edition_name(edition_id: str) -> str:
    try:
        return shown(load_edition(edition_id).name)
    except (CatalogError, ValueError, OSError):
        return edition_id


def finished(store) -> list:
    """The finished games, an older game's replayed ranking kept for the next visit (per app); the
    replays of older games run off the event loop (referee.offloop)."""
    return offloop.run("cpu", standings.finished, store, current_app.extensions.setdefault("referee.standings", {}))


def show(problem: str | None = None, status: int = 200, form=None):
    store = get_store()
    games = finished(store)
    merges = store.merges()
    choice = filters = standings.filters(games)
    wanted_map = request.args.get("map") or None
    wanted_edition = request.args.get("edition") or None
    choice = {"map": wanted_map if wanted_map in filters["maps"] else None,
              "edition": wanted_edition if wanted_edition in filters["editions"] else None}
    rows = standings.table(games, merges, choice["map"], choice["edition"])
    every = standings.table(games, merges)
    names = sorted((row["name"] for row in every), key=standings.key)     # one per player counted
    spelled = {standings.key(n): n for row in every for n in row["names"]}
    counted = {standings.key(x): r["name"] for r in every for x in r["names"]}
    merged = [{"key": n, "name": spelled.get(n, n), "into": counted.get(n, spelled.get(into, into))}
              for n, into in merges.items()]
    return render_template("games/standings.html", rows=rows, filters=filters, choice=choice, names=names,
                           merged=merged, games=len(games), problem=problem, form=form or {},
                           map_name=map_name, edition_name=edition_name), status


@bp.get("/standings")
def index():
    return show()


def why(e: standings.BadMerge) -> str:
    if e.reason == "same":
        return _("Those two names are already counted as one player.")
    if e.reason == "together":
        return _("Those two names played each other in game %(id)s: they are two players, not one.", id=e.game)
    return _("Choose two names from the standings: each must have played a finished game.")


@bp.post("/standings/merge")
def merge():
    name = request.form.get("name", "")[:LONGEST_NAME]
    into = request.form.get("into", "")[:LONGEST_NAME]
    store = get_store()
    try:
        standings.check_merge(finished(store), store.merges(), name, into)
    except standings.BadMerge as e:
        return show(why(e), 400, request.form)
    store.merge_name(standings.key(name), standings.key(into))
    return redirect(url_for("standings.index"), 303)


@bp.post("/standings/unmerge")
def unmerge():
    name = standings.key(request.form.get("name", "")[:LONGEST_NAME])
    store = get_store()
    if name not in store.merges():
        return show(_("That name is not merged with another one."), 400)
    store.unmerge_name(name)
    return redirect(url_for("standings.index"), 303)
