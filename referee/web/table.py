"""The table view of one game, the facts entered on it, its log and corrections.

Routes (all under /games/<game_id>):

    GET  /             the table page. Query fields of a draft (the same fields as a fact, below)
                       preview it: buy prices, a build's total and routes, a player's income.
                       `since=<seq>` (the page's poll) answers 204 while nothing changed.
                       An htmx request gets the #table fragment only.
    POST /facts        one entry: the fact fields of referee/web/facts.py (type, player, plant, amount,
                       price, card, cities…, coal/oil/garbage/uranium, fire/plants/burn_<plant>/powered,
                       keep_<r>, from/to/resource/count) plus `seq`, the sequence number the page was
                       rendered at. Answers:
                         200  the #table fragment with the entry's rulings (a plain form post: 303 to the page,
                              or to `next` if it is a local path)
                         400  a malformed form: a message in the page's language, retargeted to #message
                         422  the engine refused it: its reason and what the table is waiting for; nothing stored
                         409  someone else entered first (seq is stale): the fresh #table and a notice
    GET  /log          every effective fact with its rulings; undo, redo, links to correct a fact
    GET  /log/<n>      the form to correct fact n;  POST /log/<n> replaces it (same fields + seq)
"""
from functools import partial

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..rules.errors import IllegalAction
from ..store import UnknownGame
from . import board, ending, inputs, views
from .db import get_store
from .facts import FormError, fact_from_form
from .correction import correction_fields
from .tables import Moved, Tables

bp = Blueprint("table", __name__, url_prefix="/games/<int:game_id>")


@bp.record_once
def template_helpers(setup):
    setup.app.jinja_env.globals.update(resource_name=views.resource_name)


def open_table(game_id: int):
    tables = current_app.extensions.setdefault("referee.tables", Tables())
    try:
        return tables.get(get_store(), game_id)
    except UnknownGame:
        abort(404)


def htmx() -> bool:
    return bool(request.headers.get("HX-Request"))


def table_values(table, events=None, draft=None) -> dict:
    """Everything the table fragment draws, from the game's current state."""
    game = table.game
    state, ctx = game.state, game.ctx
    events = game.events[-1] if events is None else events
    panel = inputs.panel(game, draft)
    colours = views.colours(state)
    return {
        "table": table, "game_id": table.id, "seq": table.seq, "state": state, "next": state["next"],
        "phase": views.phase_name(state["phase"]), "waiting": views.waiting(state["next"], ctx.map),
        "ruling": partial(views.ruling, game_map=ctx.map),
        "order": views.turn_order(state), "market": views.market(state, ctx),
        "track": views.resource_track(state, ctx, views.refill_before(events)),
        "players": views.players(state, ctx), "deck": views.deck(state), "panel": panel,
        "events": events, "refill": views.refill_steps(events),
        "board": {"view_box": board.view_box(ctx.map), "static": board.static_layer(ctx.map, ctx.areas),
                  "houses": board.houses(ctx.map, state, colours), "routes": panel.get("routes", []),
                  "chosen": board.spots(ctx.map, panel.get("chosen", [])),
                  "targets": board.spots(ctx.map, [o["city"] for o in panel.get("options", [])])},
        "can_undo": bool(game.facts), "can_redo": bool(game.undone),
        "end": ending.result(game) if state["phase"] == "over" else None,
    }


def show(table, events=None, draft=None, status=200, notice=None):
    """The #table fragment for htmx, else the whole page."""
    values = table_values(table, events, draft)
    if htmx():
        return render_template("_table.html", notice=notice, oob=True, **values), status
    return render_template("table/view.html", notice=notice, **values), status


def refused(table, status: int, message: str, waiting: str | None = None):
    """A refused entry: what is wrong and what is allowed; the page itself is untouched."""
    if htmx():
        body = render_template("_notice.html", notice={"status": status, "message": message, "waiting": waiting})
        return body, status, {"HX-Retarget": "#message", "HX-Reswap": "innerHTML"}
    return show(table, status=status, notice={"status": status, "message": message, "waiting": waiting})


def moved(table):
    """Someone else entered first: show the game as it stands now, and say so."""
    notice = {"status": 409, "message": _("Another device entered something first. "
                                          "This is the game as it stands now; check it and enter again.")}
    body, status = show(table, status=409, notice=notice)
    return body, status, ({"HX-Retarget": "#table", "HX-Reswap": "outerHTML"} if htmx() else {})


def seen_seq(form):
    text = (form.get("seq") or "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise FormError(_("The page's sequence number is not a number; reload the page."))
    return int(text)


def local(target: str | None) -> str | None:
    return target if target and target.startswith("/") and not target.startswith("//") else None


@bp.get("/")
def view(game_id):
    table = open_table(game_id)
    if htmx() and request.args.get("since") == str(table.seq):
        return "", 204
    return show(table, draft=request.args if request.args.get("type") else None)


@bp.post("/facts")
def facts(game_id):
    table = open_table(game_id)
    try:
        seen = seen_seq(request.form)
        fact = fact_from_form(request.form, list(table.game.state["players"]))
    except FormError as e:
        return refused(table, 400, str(e), views.waiting(table.game.state["next"], table.game.ctx.map))
    try:
        events = table.play(get_store(), fact, seen=seen)
    except Moved:
        return moved(table)
    except IllegalAction as e:
        return refused(table, 422, views.refusal(e, table.game.state["next"], table.game.ctx.map))
    if not htmx():
        return redirect(local(request.form.get("next")) or url_for("table.view", game_id=game_id), 303)
    return show(table, events=events)


@bp.get("/log")
def log(game_id):
    table = open_table(game_id)
    game = table.game
    entries = [{"number": i, "text": views.fact_text(f, game.ctx.map), "events": game.events[i]}
               for i, f in enumerate(game.facts, 1)]
    return render_template("table/log.html", game_id=game_id, seq=table.seq, entries=entries,
                           can_undo=bool(game.facts), can_redo=bool(game.undone),
                           redo_text=views.fact_text(game.undone[-1], game.ctx.map) if game.undone else None,
                           ruling=partial(views.ruling, game_map=game.ctx.map))


@bp.route("/log/<int:number>", methods=["GET", "POST"])
def correct(game_id, number):
    table = open_table(game_id)
    game = table.game
    if not 1 <= number <= len(game.facts):
        abort(404)
    original = game.facts[number - 1]
    values, status, notice = None, 200, None
    if request.method == "POST":
        values = request.form
        try:
            seen = seen_seq(request.form)
            form = request.form.copy()
            form["type"] = original["type"]     # a correction fixes a fact's values, not its kind
            fact = fact_from_form(form, list(game.state["players"]))
            table.play(get_store(), {"type": "correct", "fact": number, "action": fact}, seen=seen)
            return redirect(url_for("table.log", game_id=game_id) + f"#fact-{number}", 303)
        except FormError as e:
            status, notice = 400, {"message": str(e)}
        except Moved:
            status, notice = 409, {"message": _("Another device entered something first. "
                                                "Check the fact and correct it again.")}
        except IllegalAction as e:
            # which later fact would break is only in the engine's own (English) words: shown as the detail
            status, notice = 422, {"message": views.refusal(e), "detail": e.message}
    return render_template("table/correct.html", game_id=game_id, seq=table.seq, number=number,
                           text=views.fact_text(original, game.ctx.map), kind=original["type"],
                           fields=correction_fields(original, values, game), notice=notice,
                           status=status), status
