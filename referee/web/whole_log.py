"""The whole log of a game, as a file or a report, is the table key holder's until the game is over.

Every fact in order (each payment, each income) gives every player's money exactly, and money is the
one secret of the game (seed 004, line 78: 「所持金のみ非公開情報」). So before the end the export, the
readable part of a damaged game and the game report (which lists everyone's money) go only to the
device holding the table key; a seat's phone or a watcher gets a 403 page saying why, in its
language. Once the game is over money is everyone's (it breaks ties), and anyone may have them.
The log page stays open to all: it says what happened at the table, never a running total.
"""
from flask import render_template, request
from flask_babel import gettext as _

from .access import has_key
from .db import get_store


def over(game_id: int) -> bool:
    """Whether the stored game has ended (the summary kept with its last entry says so)."""
    return any(g["id"] == game_id and (g["summary"] or {}).get("phase") == "over" for g in get_store().games())


def may_have(game_id: int, ended: bool | None = None) -> bool:
    """Whether this device may have the whole log now: the table key, or a game that is over."""
    return has_key() or (over(game_id) if ended is None else ended)


def refused():
    """The 403 page (for htmx, the message area) for a device that may not have the whole log yet."""
    title = _("The whole log is the table's until the game ends")
    detail = _("It tells every player's money, which is secret while the game is played. Ask at the table, "
               "or come back when the game is over.")
    if request.headers.get("HX-Request"):
        body = render_template("_notice.html", notice={"status": 403, "title": title, "message": detail})
        return body, 403, {"HX-Retarget": "#message", "HX-Reswap": "innerHTML"}
    return render_template("error.html", status=403, title=title, detail=detail), 403
