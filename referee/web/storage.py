"""What the pages say when the games file fails: its faults named, the banner of a file that takes
no change, and the page of a damaged game with what can still be saved from it.

A change refused for the file's sake is a 503 saying why and that nothing was stored; the next one
works once the cause is gone (space freed). A read-only file, or one deleted or replaced while the
referee runs, puts a banner on every page and refuses every change before it reaches the engine.
A damaged game (referee.health) shows its first bad entry and offers its readable part: as a file,
or kept as a new game up to an entry the reader picks. Nothing is ever deleted.
"""
from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import offloop
from ..archive import summary
from ..game import replay
from ..store import StoreFault, UnknownGame, log_lines
from .access import CHANGES, has_key
from . import whole_log
from .db import Gone, file_state, get_store
from .errors import page
from .numbers import whole
from .tables import Damaged, Tables

bp = Blueprint("storage", __name__)


def fault_text(cause: str) -> str:
    """Why a change was not stored, for a StoreFault's cause, in the page's language."""
    return {
        "full": _("The disk is full: nothing was stored. Free some space on the referee's computer, "
                  "then enter it again."),
        "read-only": _("The games file is read-only: nothing was stored. The referee shows the games but "
                       "cannot keep a change; start it on a games file it may write to."),
        "gone": _("The games file was deleted while the referee was running: nothing was stored. "
                  "Restart the referee; put the games file back from a backup first if you have one."),
        "replaced": _("The games file was replaced while the referee was running: nothing was stored. "
                      "Restart the referee to use the new file."),
        "damaged": _("The games file is damaged: nothing was stored. Export the games you need and "
                     "restore the file from a backup."),
        "gone-sender": _("This device stopped waiting for the answer, so nothing was stored. Enter it again."),
    }.get(cause, _("The games file could not be written (an input or output error): nothing was stored. "
                   "Check the disk of the referee's computer, then enter it again."))


def banner() -> str | None:
    """The line every page shows while no change can be stored, else None."""
    state = file_state()
    if state is None:
        return None
    return {
        "read-only": _("This games file is read-only: games can be looked at, printed and exported, "
                       "but nothing can be entered."),
        "gone": _("The games file was deleted while the referee was running: nothing more can be stored. "
                  "Restart the referee."),
        "replaced": _("The games file was replaced while the referee was running: nothing more can be "
                      "stored. Restart the referee."),
    }[state]


def damage_reason(damage) -> str:
    """What is wrong with a damaged game's first bad entry, in the page's language."""
    from . import views
    from .games import unreadable
    if damage.entry == 0:
        return _("the game's setup cannot be read.")
    if damage.kind == "missing":
        return _("entry %(entry)s is missing from the games file, though the game went further.", entry=damage.entry)
    if damage.kind == "unreadable":
        return _("entry %(entry)s cannot be read from the games file (the file is damaged).", entry=damage.entry)
    if damage.cause is not None:
        return _("entry %(entry)s is refused by the rules: %(reason)s",
                 entry=damage.entry, reason=views.refusal(damage.cause))
    return _("entry %(entry)s is not a table fact: %(reason)s", entry=damage.entry,
             reason=unreadable(damage.replay_error) if damage.replay_error else damage.error)


def damaged_page(e: Damaged, status: int):
    return render_template("games/damaged.html", game_id=e.game_id, damage=e.damage,
                           reason=damage_reason(e.damage), exportable=has_key()), status


def readable_lines(game_id: int) -> tuple:
    """(the setup and the entries before the first bad one, the Damage) of a damaged game; 404 otherwise."""
    from ..health import examine
    try:
        _game, lines, damage = examine(get_store(), game_id)
    except UnknownGame:
        abort(404)
    if damage is None or damage.entry == 0:
        abort(404)
    return lines, damage


@bp.get("/games/<int:game_id>/readable")
def export_readable(game_id):
    """The sound part of a damaged game as a game log file (the table key's only: whole_log)."""
    if not has_key():
        return whole_log.refused()
    lines, _damage = readable_lines(game_id)
    return Response(log_lines(lines[0], lines[1:]), mimetype="application/jsonl",
                    headers={"Content-Disposition": f'attachment; filename="referee-game-{game_id}-readable.jsonl"'})


@bp.post("/games/<int:game_id>/keep")
def keep(game_id):
    """A new game from the damaged one's first `upto` entries; the damaged game stays as it is."""
    lines, damage = readable_lines(game_id)
    upto = whole((request.form.get("upto") or "").strip())
    if upto is None or upto > damage.readable:
        return page(400, _("Keep from 0 to %(most)s entries: the entries after that cannot be read.",
                           most=damage.readable))
    kept = lines[:upto + 1]
    made = offloop.run("cpu", lambda: summary(replay(kept)))      # a replay, off the loop
    new_id = get_store().create(kept[0], made, kept[1:])
    return redirect(url_for("table.view", game_id=new_id), 303)


def init_app(app):
    app.register_blueprint(bp)
    app.jinja_env.globals.update(store_banner=banner)

    @app.before_request
    def refuse_changes():
        if request.method in CHANGES and (state := file_state()) is not None:
            return page(503, fault_text(state))
        return None

    @app.errorhandler(StoreFault)
    def store_fault(e):
        current_app.logger.warning("games file: %s", e)
        return page(503, fault_text(e.cause))

    @app.errorhandler(Gone)
    def gone(_e):       # the sender closed its connection: nobody reads this, and nothing was stored
        return page(503, fault_text("gone-sender"))

    @app.errorhandler(Damaged)
    def damaged(e):
        status = 409 if request.method in CHANGES else 200
        if request.headers.get("HX-Request"):     # the table page asked: go to the game's page, which says why
            return "", status, {"HX-Redirect": url_for("table.view", game_id=e.game_id)}
        return damaged_page(e, status)


def mark_damaged(app, damaged: dict):
    """Games the start-up check found damaged: they open as damaged pages from the first request."""
    tables = app.extensions.setdefault("referee.tables", Tables())
    tables.damaged.update(damaged)

