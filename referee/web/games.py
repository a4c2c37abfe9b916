"""The game list, new games, import and export.

Every game is created through the engine: a new game's setup must pass `Game(setup)` and an
imported log must replay line by line, before anything is stored.
"""
import dataclasses
import hashlib
import json
import time
import tomllib
from datetime import timedelta

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import format_timedelta
from flask_babel import gettext as _
from markupsafe import Markup

from .. import offloop
from ..archive import export_log, import_log, summary
from ..catalog import available_maps, load_edition, load_map
from ..catalog.decks import available_decks
from ..game import Game, ReplayError
from ..rulings import N_, describe_rules
from ..rulings.variations import NAMES, SUMMARIES
from ..rules.errors import IllegalAction
from ..store import UnknownGame
from . import board, custom_maps, setup_form, views
from .db import get_store
from .language import current, listed
from .memo import per_object
from . import whole_log

bp = Blueprint("games", __name__)


@bp.get("/")
def index():
    return _list_page()


def _list_page(problem: str | None = None, status: int = 200):
    now = time.time()
    games = [{**g, "ago": format_timedelta(timedelta(seconds=g["updated"] - now), add_direction=True),
              "exportable": whole_log.may_have(g["id"], (g["summary"] or {}).get("phase") == "over")}
             for g in get_store().games()]
    damaged = current_app.extensions["referee.tables"].damaged     # found at start or when opened
    return render_template("games/list.html", games=games, problem=problem, map_name=setup_form.map_name,
                           colour_names=setup_form.colour_names(), damaged=damaged), status


@bp.get("/games/new")
def new():
    return _new_page(setup_form.read(request.args))


@bp.get("/games/new/areas")
def areas():
    """The area picker alone, redrawn after each tap (htmx), with how many areas are chosen of how many,
    and out of band the Trust's city selects, whose lists are the chosen areas' cities.
    A redraw that would show what the page shows already (a name typed, the count unchanged) answers
    204 and the page keeps its picker: replacing it under a finger would swallow that finger's tap."""
    form = setup_form.read(request.args)
    mark, html = areas_fragment(form)
    if request.args.get("drawn") == mark:
        return "", 204
    return html + trust_cities_fragment(form, oob=True) + dealt_fragment(form, oob=True)


DRAWN_BLANK = 'name="drawn" value=""'


def areas_fragment(form) -> tuple:
    """(fingerprint, HTML) of the area picker; the HTML carries its own fingerprint as `drawn`, which
    covers the Trust's city selects too (they follow the areas)."""
    html = render_template("games/_areas.html", **_picker(form), drawn="")
    # the dealt plants ticked are not in it: a tick redraws nothing (the next redraw carries them)
    unticked = dataclasses.replace(form, dealt=[])
    mark = hashlib.sha256((html + trust_cities_fragment(form) + dealt_fragment(unticked)).encode()).hexdigest()[:16]
    return mark, Markup(html.replace(DRAWN_BLANK, f'name="drawn" value="{mark}"', 1))


def trust_cities_fragment(form, oob: bool = False) -> Markup:
    """The Trust's six city selects (Recharged, 2 players), listing the cities of the chosen areas
    (the engine's list, edition_options.trust_city_choices); `oob`: for htmx to swap them beside the picker."""
    return Markup(render_template("games/_trust_cities.html", form=form, oob=oob,
                                  trust_city_options=setup_form.trust_city_choices_for(form)))


def dealt_fragment(form, oob: bool = False) -> Markup:
    """Recharged's plug plants to tick as dealt face up on the chosen map, with how many (the engine's
    offer: setup_form.deal_offer_for); `oob`: for htmx to swap them beside the picker."""
    return Markup(render_template("games/_dealt.html", form=form, oob=oob, offer=setup_form.deal_offer_for(form)))


@bp.post("/games/new/board")
def upload_board():
    """A board of the table's own, uploaded: checked as `referee maps check` checks it; a playable one
    is kept in the custom maps folder and chosen, else its problems are listed and nothing is kept."""
    form = setup_form.read(request.form)
    file = request.files.get("board")
    if file is None or not file.filename:
        return _new_page(form, board_problems=[_("Choose a board file (.toml) to upload.")], status=400)
    choice, problems, diagnostics = custom_maps.check_upload(file.filename, file.read())
    if choice is None:
        return _new_page(form, board_problems=problems, board_diagnostics=diagnostics,
                         board_file=custom_maps.file_name(file.filename), status=400)
    form.map_id, form.areas = choice, []
    return _new_page(form)


@bp.post("/games/new")
def create():
    form = setup_form.read(request.form)
    file = request.files.get("board")
    if file is not None and file.filename:     # a board chosen but not uploaded first: upload it now
        choice, problems, diagnostics = custom_maps.check_upload(file.filename, file.read())
        if choice is None:
            return _new_page(form, board_problems=problems, board_diagnostics=diagnostics,
                             board_file=custom_maps.file_name(file.filename), status=400)
        if choice != form.map_id:
            form.map_id, form.areas = choice, []
    deck_file = request.files.get("deck_file")
    problems = []
    if form.variation == 4 and deck_file is not None and deck_file.filename:   # a deck file of the table's own
        try:
            form.deck_data = tomllib.loads(deck_file.read().decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
            problems.append(_("The deck file cannot be read: it must be UTF-8 TOML, checked with “referee decks "
                              "check”."))
    problems += setup_form.check(form)
    if not problems:
        line = setup_form.setup_line(form)
        try:
            game = Game(line)
        except IllegalAction as e:
            problems = [views.refusal(e)]
        else:
            game_id = get_store().create(json.dumps(line, ensure_ascii=False), summary(game))
            return redirect(url_for("table.view", game_id=game_id), 303)
    return _new_page(form, problems, 400)


def _new_page(form, problems=(), status: int = 200, board_problems=(), board_diagnostics=(), board_file=None):
    custom, broken = custom_maps.offered()
    return render_template("games/new.html", problems=problems, seats=setup_form.SEATS,
                           colours=setup_form.colour_names(), custom={k: m.name for k, m in custom.items()},
                           broken=broken, board_problems=board_problems, board_diagnostics=board_diagnostics,
                           board_file=board_file, areas_picker=areas_fragment(form)[1],
                           trust_cities_picker=trust_cities_fragment(form), dealt_picker=dealt_fragment(form),
                           **_picker(form)), status


def _picker(form) -> dict:
    """What the area picker shows: the map drawn small, the areas and the count chosen of needed, and
    the chosen map's own rules."""
    game_map = form.board
    maps = {m: setup_form.shown(load_map(m).name) for m in available_maps()}
    return {"form": form, "maps": maps, "board": game_map, "needed": form.areas_needed() if game_map else None,
            "cities_needed": form.cities_needed() if game_map else 0, "variation_names": NAMES,
            "variation_summaries": SUMMARIES, "decks": available_decks(),
            "market_numbers": setup_form.VARIATION_2_NUMBERS,
            "connected": bool(game_map) and form.connected(), "shown": setup_form.shown, "map_drawing": map_drawing,
            "map_rules": map_rules(game_map, len(form.players)) if game_map else []}


def map_rules(game_map, players: int) -> list:
    """The map's own setup and rules, one sentence each in the page's language (for this many players
    when it is a count the map plays)."""
    counts = load_edition("original", map=game_map).player_counts
    return describe_rules(game_map, current(), players if players in counts else None)


@per_object(16)
def map_drawing(game_map) -> dict:
    """The map drawn small for picking areas (the board's coordinates): city dots by area, links as lines."""
    cities = game_map.cities
    areas = []
    for area in game_map.areas.values():
        points = [board.point(c) for c in cities.values() if c.area == area.id]
        areas.append({"id": area.id, "name": area.name, "colour": area.colour, "cities": points,
                      "x": round(sum(x for x, _y in points) / len(points)),
                      "y": round(sum(y for _x, y in points) / len(points))})
    links = [(*board.point(cities[c.a]), *board.point(cities[c.b])) for c in game_map.connections]
    dots = [{"id": c.id, "name": c.name, "colour": game_map.areas[c.area].colour,
             **dict(zip("xy", board.point(c)))} for c in cities.values()]    # variation 3 picks cities
    return {"view": board.view_box(game_map), "areas": areas, "links": links, "cities": dots}


# A line that is not a fact at all (ReplayError.kind), said in the reader's language with where it goes wrong.
UNREADABLE = {
    "binary": N_("it is not text: the file holds NUL bytes (a UTF-16 or binary file?). "
                 "Save the game as UTF-8 JSON Lines."),
    "encoding": N_("it is not UTF-8 text: byte %(byte)s of the line cannot be read. "
                   "Save the game as UTF-8 JSON Lines."),
    "json": N_("it is not valid JSON (it goes wrong at character %(column)s). "
               "Each line of a game log is one JSON object."),
    "nesting": N_("its JSON is nested far deeper than any table fact."),
    "number": N_("it holds a number with thousands of digits; no count at the table is that large."),
    "empty": N_("the file is empty; the first line of a game log is the game's setup."),
}


def unreadable(error: ReplayError) -> str:
    """Why a line is no fact at all; a kind game.py may add later is still answered, in general words."""
    if error.kind in UNREADABLE:
        return _(UNREADABLE[error.kind], **error.detail)
    return _("it is not a line of a game log (UTF-8 JSON Lines).")


def foreign_map(data: bytes) -> str | None:
    """The `map` of an uploaded log's setup when it names no map of the maps folder and the setup carries
    no board (a file path, say: the server's files are not boards to play on), else None. A setup that
    is no JSON object is left to the replay to explain."""
    first = next((line for line in data.split(b"\n") if line.strip()), b"")
    try:
        setup = json.loads(first.decode("utf-8").removeprefix("\ufeff"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(setup, dict) or "board" in setup:
        return None
    named = setup.get("map")
    return None if isinstance(named, str) and named in available_maps() else str(named)


@bp.post("/games/import")
def upload():
    file = request.files.get("log")
    if file is None or not file.filename:
        return _list_page(_("Choose a game log file (.jsonl) to import."), 400)
    data = file.read()
    if (named := foreign_map(data)) is not None:
        return _list_page(_("Nothing was imported: the game's map “%(map)s” is not one of the referee's maps. "
                            "A game log names a map by its id (%(maps)s) or carries its own board.",
                            map=named[:80], maps=listed(available_maps(), "or")), 400)
    try:
        game_id = offloop.run("cpu", import_log, get_store(), data)      # a replay, off the loop
    except ReplayError as e:
        reason = views.refusal(e.cause) if e.cause else unreadable(e)
        return _list_page(_("Nothing was imported: line %(line)s of %(file)s is refused: %(reason)s",
                            line=e.line, file=file.filename, reason=reason), 400)
    return redirect(url_for("table.view", game_id=game_id), 303)


@bp.get("/games/<int:game_id>/export")
def export(game_id):
    if not whole_log.may_have(game_id):        # every player's money, fact by fact
        return whole_log.refused()
    try:
        text = export_log(get_store(), game_id)
    except UnknownGame:
        abort(404)
    return Response(text, mimetype="application/jsonl",
                    headers={"Content-Disposition": f'attachment; filename="referee-game-{game_id}.jsonl"'})
