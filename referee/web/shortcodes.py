"""A seat's link as a short code a player can type: for a phone whose camera will not read the QR
code, or a QR code that points at an address the phone cannot reach.

    GET /s                 a box to type the code into (`code=...` in the query: as below)
    GET /s/<code>          the seat whose link has that code: 303 to the seat link itself (the phone
                           then keeps it like a scanned one); an unknown code is a 404 page with the
                           box again, saying so in the page's language

A code is read from the seat link's token (its SHA-256, in 6 letters and digits with no look-alikes:
no 0/O, 1/I/L), so a new link has a new code and a revoked link's code stops working with it. Case,
spaces and dashes are ignored when typed. Six such characters are 31⁶ ≈ 887 million codes: a seat
link is as safe as the table's network, which is where codes are given out.
"""
import hashlib

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .db import get_store

bp = Blueprint("shortcodes", __name__)
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6


def code_of(token: str) -> str:
    """The short code of a seat link's token, as shown: ABC-DEF."""
    n = int.from_bytes(hashlib.sha256(token.encode()).digest()[:8], "big")
    chars = []
    for _i in range(LENGTH):
        n, r = divmod(n, len(ALPHABET))
        chars.append(ALPHABET[r])
    return "".join(chars[:3]) + "-" + "".join(chars[3:])


def plain(code: str) -> str:
    """A typed code as compared: upper case, without spaces or dashes."""
    return "".join(c for c in code.upper() if c.isalnum())[:2 * LENGTH]


def find(code: str):
    """(game, token) of the seat link in use with that code, or None."""
    wanted = plain(code)
    if len(wanted) != LENGTH:
        return None
    for token, game, _seat in get_store().live_seats():
        if plain(code_of(token)) == wanted:
            return game, token
    return None


def address() -> str:
    """Where a player types the code: this server's /s, at the address the page was opened at."""
    return request.url_root.rstrip("/") + url_for("shortcodes.box")


@bp.get("/s")
def box():
    code = request.args.get("code")
    if code is not None:
        return enter(code)
    return render_template("table/code.html", code="", problem=None)


@bp.get("/s/<code>")
def enter(code):
    found = find(code)
    if found is None:
        problem = _("No seat has the code %(code)s. Check it on the table's Join page (a new link has a new code).",
                    code=code[:2 * LENGTH])
        return render_template("table/code.html", code=code[:2 * LENGTH], problem=problem), 404
    game, token = found
    return redirect(url_for("seats.enter", game_id=game, token=token), 303)


def reach() -> dict:
    """What the Join page says about the address its codes use: {"used": the host the page was
    opened at (the QR codes and the code's address use it), "loopback": whether only this machine
    can open it, "addresses": [(interface, address)] of this machine, "others": those but the one used}."""
    from ..netaddr import addresses
    from .guard import host_name, is_loopback
    used = host_name(request.host)
    found = addresses()
    return {"used": used, "loopback": is_loopback(used), "addresses": found,
            "others": [(name, a) for name, a in found if a != used]}
