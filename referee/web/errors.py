"""Every error a player can meet is a page (or an htmx fragment) in their language, never a traceback."""
from flask import render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ..offloop import WorkerLost
from .custom_maps import LARGEST


def error_title(status: int) -> str:
    return {
        400: _("That entry was not understood"),
        403: _("Only the table can change this game"),
        404: _("Not found"),
        405: _("That cannot be done here"),
        409: _("The game has moved on"),
        413: _("That file is too large"),
        421: _("This is not the referee's address"),
        503: _("Nothing was stored"),
    }.get(status, _("Something went wrong"))


def error_text(status: int, detail: str | None = None) -> str:
    if detail:
        return detail
    return {
        400: _("The page sent something it should not have. Reload the page and try again."),
        403: _("Changes need the table's key. Scan the QR code shown where the referee was started, "
               "or open its printed address on this device."),
        404: _("There is no such game or page. Pick a game from the list."),
        405: _("This address does not take that kind of request. Use the buttons on the page."),
        409: _("Another device entered something first. The page now shows the game as it stands."),
        413: _("That upload is larger than 2 MB; nothing was kept."),
        421: _("This page was asked for under a name the referee does not answer to. Open the address "
               "the referee printed when it started."),
    }.get(status, _("The referee could not finish that. Nothing was changed; reload the page."))


def too_large_text(path: str) -> str | None:
    """What an upload that is too large should have been, by the form it came from (None: the general words)."""
    if path == "/games/import":
        return _("A game log is at most 2 MB. Choose the game's .jsonl file.")
    if path.startswith("/games/new"):
        return _("A board file is at most %(size)s KB (a shipped board is under 20 KB). Choose the map's .toml file.",
                 size=LARGEST // 1024)
    return None


def page(status: int, detail: str | None = None):
    htmx = bool(request.headers.get("HX-Request"))
    body = render_template("_error.html" if htmx else "error.html", status=status, detail=detail)
    headers = {"HX-Retarget": "#message", "HX-Reswap": "innerHTML"} if htmx else {}
    return body, status, headers


def init_app(app):
    app.jinja_env.globals.update(error_title=error_title, error_text=error_text)

    @app.errorhandler(CSRFError)
    def csrf_refused(e):
        return page(400, _("This page is out of date or came from another site. Reload it and try again."))

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(e):
        return page(413, too_large_text(request.path))

    @app.errorhandler(WorkerLost)
    def worker_lost(e):
        app.logger.warning("a worker process ended while working: %s", request.path)
        return page(503, _("The referee's helper process stopped while working this out. Nothing was "
                           "changed; reload the page to try again."))

    @app.errorhandler(HTTPException)
    def http_error(e):
        return page(e.code or 500)

    @app.errorhandler(Exception)
    def unexpected(e):
        app.logger.exception("unexpected error")
        return page(500)
