"""Only the table changes its games: with `--lan`, every change needs the key the printed QR carries.

A device that opens the printed URL (…?key=K) keeps the key in a cookie; any other device can look
(its pages show no input) and gets a 403 page if it still tries to change something. A phone on a
seat (referee/web/seats.py) posts its player's own facts to its seat's address, which checks the
seat itself.
"""
import hmac
from urllib.parse import quote, urlencode

from flask import abort, current_app, redirect, request

from .db import file_state

COOKIE = "table_key"
CHANGES = ("POST", "PUT", "PATCH", "DELETE")
SEATED = {"seats.facts"}        # changes a seat link may make without the key: checked by the route
# Pages that are only a form to change something: a device without the key gets the 403 page at once
# instead of a form it cannot send.
FORMS = {"games.new", "games.areas", "table.correct", "seats.join"}


def has_key() -> bool:
    key = current_app.config.get("TABLE_KEY")
    given = request.cookies.get(COOKIE, "")
    return not key or hmac.compare_digest(given.encode(), key.encode())


def init_app(app):
    @app.before_request
    def check_key():
        key = app.config.get("TABLE_KEY")
        if not key:
            return None
        offered = request.args.get("key")
        if offered is not None and request.method == "GET":
            if not hmac.compare_digest(offered.encode(), key.encode()):
                abort(403)
            query = urlencode([(k, v) for k, v in request.args.items(multi=True) if k != "key"])
            response = redirect(quote(request.path) + (f"?{query}" if query else ""))
            response.set_cookie(COOKIE, key, max_age=7 * 24 * 3600, httponly=True, samesite="Lax")
            return response
        if request.method in CHANGES and not has_key() and request.endpoint not in SEATED:
            abort(403)
        if request.endpoint in FORMS and not has_key():
            abort(403)
        return None

    @app.context_processor
    def key_state():
        return {"can_change": has_key() and file_state() is None}
