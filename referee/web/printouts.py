"""The Print buttons: the same PDFs as `referee print`, in the page's language.

    GET /games/<id>/print/aid?size=a6    the player aid of the game's map and player count
    GET /games/<id>/print/report         the game report, its QR code opening this game on this server (it
                                         shows every player's money: before the game is over, the table key's only)
    GET /print/aid?map=M&players=N&size=a6   the player aid of any map and player count (game list)

`size` is a6 (the default: one card per player, four to an A4 sheet), a4 or letter. A bad size or
player count is a 400 page saying what is allowed, an unknown game or map a 404, in the page's
language; ReportLab's English messages never reach the reader.
"""
from flask import Blueprint, Response, abort, request, url_for
from flask_babel import gettext as _

from .. import offloop
from ..catalog import CatalogError, available_maps, load_edition, load_map
from ..printing import card_pdf, report_pdf
from .errors import page
from .language import current
from .numbers import whole
from .setup_form import DEFAULT_MAP, shown
from .table import open_table
from . import whole_log

bp = Blueprint("printouts", __name__)
SIZES = ("a6", "a4", "letter")


@bp.record_once
def template_helpers(setup):
    setup.app.jinja_env.globals.update(print_sizes=size_names, print_choices=choices)


def size_names() -> dict:
    return {"a6": _("A6 cards, one per player (4 to an A4 sheet)"), "a4": _("One A4 sheet"),
            "letter": _("One Letter sheet")}


def choices() -> dict:
    """The game list's Print form: {"maps": {id: name in the page's language}, "players": [counts], "default": id}."""
    maps, counts = {}, set()
    for map_id in available_maps():
        try:
            game_map = load_map(map_id)
            counts.update(load_edition("original", map=game_map).player_counts)
        except CatalogError:
            continue
        maps[map_id] = shown(game_map.name)
    return {"maps": maps, "players": sorted(counts), "default": DEFAULT_MAP}


class Refused(Exception):
    """A print request that cannot be served: the status and what to say, in the page's language."""

    def __init__(self, status: int, detail: str | None = None):
        super().__init__(detail)
        self.status, self.detail = status, detail


@bp.errorhandler(Refused)
def refused(e):
    return page(e.status, e.detail)


def paper() -> str:
    size = request.args.get("size", "a6")
    if size not in SIZES:
        raise Refused(400, _("There is no paper size “%(given)s”. Choose A6 (a6), A4 (a4) or Letter (letter).",
                             given=size))
    return size


def pdf(data: bytes, filename: str) -> Response:
    """Shown in the browser's PDF viewer (to print from there), saved under a name that says what it is."""
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"',
                             "Cache-Control": "no-store"})


def aid(board, players: int, size: str, ctx=None) -> Response:
    """The player aid for a map id, or a game's own Map (a custom board is no file of the maps folder);
    a game's Context brings the tables of the variation it plays (seed 000)."""
    name = board if isinstance(board, str) else board.id
    played = ctx if ctx is not None and (ctx.variation is not None or ctx.readings
                                         or ctx.edition.id != "original") else None   # its house readings, its edition
    return pdf(offloop.run("process", card_pdf, board, players, current(), size, variation=played),
               f"power-grid-aid-{name}-{players}p-{size}.pdf")


@bp.get("/games/<int:game_id>/print/aid")
def game_aid(game_id):
    size = paper()
    game = open_table(game_id).game
    return aid(game.ctx.map, len(game.state["players"]), size, game.ctx)


@bp.get("/games/<int:game_id>/print/report")
def game_report(game_id):
    table = open_table(game_id)
    if not whole_log.may_have(game_id, table.game.state["phase"] == "over"):     # it lists every player's money
        return whole_log.refused()
    url = request.url_root.rstrip("/") + url_for("table.view", game_id=game_id)
    return pdf(offloop.run("process", report_pdf, table.game, current(), url=url), f"power-grid-game-{game_id}-report.pdf")


@bp.get("/print/aid")
def any_aid():
    size = paper()
    map_id = request.args.get("map", "")
    if map_id not in available_maps():
        abort(404)
    try:
        counts = sorted(load_edition("original", map=load_map(map_id)).player_counts)
    except CatalogError:
        abort(404)
    text = request.args.get("players", "")
    if whole(text) not in counts:
        raise Refused(400, _("The player aid is printed for %(low)s to %(high)s players, not “%(given)s”.",
                             low=counts[0], high=counts[-1], given=text[:20]))
    return aid(map_id, whole(text), size)
