"""Seats: a link per player, so that each phone at the table follows its own player and enters that
player's own facts, and the table's choice to show everyone's money.

Routes (all under /games/<game_id>):

    GET  /join               (the table key) a QR code and its address per seat; a seat that never
                             had a link gets one when the page is shown, a revoked one waits for
                             a new link
    POST /join/<seat>        (the table key) `do=reissue`: a new link for seat n (setup order, from
                             0), the old one refused from then on; `do=revoke`: the link stops working
    GET  /seat/<token>       a seat link: the phone keeps it in a cookie for this game (like the table
                             key), then shows the seat page; a revoked or unknown link is a 403 page
    GET  /seat/reach         the seat page's "most cities your money builds" (the planner), asked by
                             the page once it is shown, so that neither it nor a live update waits
    GET  /seat               the seat page: the player's money, plants and cubes, what they could
                             power and afford, what the table waits for, and their input while the
                             rules wait for them. Query fields of a draft preview it as on the table
                             page; `since=<seq>` (the page's poll) answers 204 while nothing changed
    POST /seat/facts         one of the player's own facts (the fields of POST /facts), taken only
                             while the rules wait for that player for that kind of fact (the engine's
                             legal.own_facts); another player's fact or another moment is a 403
                             saying why, and nothing is stored
    POST /money              (the table key) `shown=1|0`: whether the shared screen shows every
                             player's money

A seat changes only its player's facts; the table key still changes everything. The store keeps
the links (the tokens) and the money choice, knowing nothing of what they allow.
"""
import hashlib
import secrets
from functools import partial, wraps

from flask import Blueprint, abort, redirect, request, url_for
from flask import render_template as render_whole
from flask_babel import gettext as _

from .. import offloop
from ..qr import svg_path
from ..rules import legal
from ..rules.errors import IllegalAction
from . import inputs, shortcodes, views
from .db import get_store
from .facts import FormError, fact_from_form, moment, same_moment
from .language import listed
from .memo import MISSING
from .paced import render_template
from .table import htmx, open_table, play_fact, required_seq
from .tables import Moved
from .viewer import Viewer, seen_at

bp = Blueprint("seats", __name__, url_prefix="/games/<int:game_id>")
LONGEST_TOKEN = 64


class NoSeat(Exception):
    """This device holds no usable seat link for the game: why, in the page's language."""


def cookie_name(game_id: int) -> str:
    return f"seat_{game_id}"


def seat_player(game_id: int, token: str | None, players) -> str:
    """The player a seat link belongs to; NoSeat saying why when it is none (revoked, unknown)."""
    if not token:
        raise NoSeat(_("This device has no seat at this game. Scan your seat's code on the table's Join page."))
    found = get_store().seat_of(token[:LONGEST_TOKEN]) if len(token) <= LONGEST_TOKEN else None
    if found is None or found["game"] != game_id or found["seat"] not in players:
        raise NoSeat(_("This seat link is not one of this game's. Scan your seat's code on the table's Join page."))
    if found["revoked"] is not None:
        raise NoSeat(_("This seat link was revoked at the table. Ask the table for your seat's new code."))
    return found["seat"]


def refused_seat(e: NoSeat):
    """A seat link that does not work: a page (or, for htmx, the message area) saying why, never a 500."""
    title = _("This seat link does not work")
    if htmx():
        body = render_template("_notice.html", notice={"status": 403, "title": title, "message": str(e)})
        return body, 403, {"HX-Retarget": "#message", "HX-Reswap": "innerHTML"}
    return render_template("error.html", status=403, title=title, detail=str(e)), 403


@bp.get("/join")
def join(game_id):
    table = open_table(game_id)
    store = get_store()
    names = list(table.game.state["players"])
    links = store.seats(game_id)
    for name in names:
        if name not in links:
            store.issue_seat(game_id, name, secrets.token_urlsafe(12))
    links = store.seats(game_id)
    colours = views.colours(table.game.state)
    seats = []
    for index, name in enumerate(names):
        seat = {"index": index, "name": name, "colour": colours[name], "url": None}
        if links[name]:
            seat["url"] = request.url_root.rstrip("/") + url_for("seats.enter", game_id=game_id, token=links[name])
            seat["side"], seat["path"] = svg_path(seat["url"])
            seat["code"] = shortcodes.code_of(links[name])
        seats.append(seat)
    return render_template("table/join.html", game_id=game_id, seats=seats, code_address=shortcodes.address(),
                           reach=shortcodes.reach())


@bp.post("/join/<int:seat>")
def change_link(game_id, seat):
    names = list(open_table(game_id).game.state["players"])
    if seat >= len(names) or request.form.get("do") not in ("reissue", "revoke"):
        abort(400)
    if request.form["do"] == "reissue":
        get_store().issue_seat(game_id, names[seat], secrets.token_urlsafe(12))
    else:
        get_store().revoke_seat(game_id, names[seat])
    return redirect(url_for("seats.join", game_id=game_id) + f"#seat-{seat}", 303)


@bp.post("/money")
def money(game_id):
    open_table(game_id)
    get_store().show_money(game_id, request.form.get("shown") == "1")
    return redirect(url_for("table.view", game_id=game_id), 303)


@bp.get("/seat/<token>")
def enter(game_id, token):
    table = open_table(game_id)
    try:
        seat_player(game_id, token, table.game.state["players"])
    except NoSeat as e:
        return refused_seat(e)
    response = redirect(url_for("seats.view", game_id=game_id))
    response.set_cookie(cookie_name(game_id), token, max_age=7 * 24 * 3600, httponly=True, samesite="Lax",
                        path=url_for("seats.view", game_id=game_id).rsplit("/", 1)[0] + "/")
    return response


def seat_values(table, seat: str, draft=None, events=None, keep_input=False) -> dict:
    """What the seat page draws: the player's own side (money included), what the engine says they
    could do with it, what the table waits for, and their input while it is theirs to enter."""
    game = table.game
    state, ctx = game.state, game.ctx
    me = next(p for p in views.players(state, ctx) if p["name"] == seat)
    could = legal.standing(state, ctx, seat)
    panel = {"template": None}
    mine = legal.own_facts(state["next"], seat)
    # the other players' money out of reach; while the table waits for others, the phone sees the
    # moment as the shared screen does (one view for all of them), its own side from the state itself
    shown = seen_at(table, Viewer(seat=seat) if mine else Viewer())
    if mine:
        panel = inputs.panel(shown, draft)
        if "players" in panel:      # the power choices: this player's only
            panel = dict(panel, players=[p for p in panel["players"] if p["player"] == seat])
    return {
        "game_id": table.id, "seq": table.seq, "state": views.moment(state), "seat": seat, "me": me,
        "fact_url": url_for("seats.facts", game_id=table.id), "view_url": url_for("seats.view", game_id=table.id),
        "power_all_url": None, "panel": panel, "money_shown": True,      # a seat's own money
        "has_board": False,
        "phase": views.phase_name(state["phase"]),
        "waiting": views.waiting(shown.state["next"], ctx.map, money=seat in state["next"]["waiting_for"]),
        "order": views.turn_order(state), "events": game.events[-1] if events is None else events,
        "refill": views.refill_steps(game.events[-1] if events is None else events),
        "ruling": lambda e: views.ruling(e, ctx.map),
        "affordable": [views.card(ctx, n) for n in could["plants"]],
        "cubes": [{"resource": r, "name": views.resource_name(r), "most": n} for r, n in could["cubes"].items()],
        "power": could["power"], "reach": reach(table, seat),
        "moment": moment(state["next"], seat), "keep": {"input"} if keep_input else set(),
    }


def reach(table, seat: str, work: bool = False) -> dict:
    """The most cities the seat's money builds now (the planner), with their names, as the seat page
    shows it: `key` names the question (the same key, the same answer: a live update keeps an answer
    already shown), `known` whether the answer is there. The page itself never waits for the planner
    (`work` False: only an answer already worked out); its own request (GET /seat/reach) works it
    out in a worker process."""
    game = table.game
    question = inputs.most_cities_question(game, seat)
    most = inputs.most_cities_known(game, question)
    if most is MISSING and work:
        most = inputs.most_cities(game, seat)       # the planner, in a worker process (referee.offloop)
    out = {"key": hashlib.sha1(repr(question).encode()).hexdigest()[:12], "known": most is not MISSING,
           "url": url_for("seats.reach_answer", game_id=table.id, seq=table.seq), "cities": None}
    if out["known"] and most is not None:
        out.update(cities=listed(views.words(game.ctx.map).city(c) for c in most["cities"]), total=most["total"])
    return out


def show_seat(table, seat: str, draft=None, events=None, status=200, notice=None, keep_input=False, urgent=False):
    values = seat_values(table, seat, draft, events, keep_input)
    offloop.pause()     # what the seat draws is worked out; others' requests before it is rendered
    if htmx():
        draw = render_whole if urgent else render_template      # a tap's answer at once; others in slices (referee.web.paced)
        return draw("_seat.html", notice=notice, oob=True, **values), status
    return render_template("table/seat.html", notice=notice, **values), status


def seated(route, read: bool = True):
    """A route of this device's seat: route(table, seat), or the page saying why the link does not work.
    Without `read` the open table is taken as it is in memory (a fact: its play reads the file)."""
    @wraps(route)
    def run(game_id):
        table = open_table(game_id, read)
        try:
            seat = seat_player(game_id, request.cookies.get(cookie_name(game_id)), table.game.state["players"])
        except NoSeat as e:
            return refused_seat(e)
        return route(table, seat)
    return run


@bp.get("/seat")
@seated
def view(table, seat):
    since = request.args.get("since") if htmx() else None
    if since is not None and str(table.seq) in (since, request.args.get("page_seq")):
        return "", 204
    return show_seat(table, seat, draft=request.args if request.args.get("type") else None,
                     keep_input=htmx() and same_moment(request.args, lambda: moment(table.game.state["next"], seat)))


@bp.get("/seat/reach")
@seated
def reach_answer(table, seat):
    """The seat page's answer to "the most cities your money builds", in its own request: only this
    seat's phone asks (the money is secret), and the page itself never waits for it."""
    return render_template("_seat_reach.html", reach=reach(table, seat, work=True))


def not_theirs(table, seat: str, fact: dict) -> str | None:
    """Why a seat may not enter this fact now (None: it may): another player's, or not a moment the
    rules wait for this player to enter it (the engine's own_facts)."""
    next_actions = seen_at(table, Viewer()).state["next"]
    if fact.get("player") != seat:
        return _("This phone is %(seat)s's seat: it enters only %(seat)s's own facts.", seat=seat)
    if fact["type"] not in legal.own_facts(next_actions, seat):
        return views.words(table.game.ctx.map).sentences(
            _("The table is not waiting for that from %(seat)s now.", seat=seat), views.waiting(next_actions,
                                                                                                table.game.ctx.map,
                                                                                                money=False))
    return None


def seat_refusal(table, seat: str, status: int, message: str):
    """A seat's entry not taken: why, on the seat page (for htmx, in its message area)."""
    notice = {"status": status, "message": message}
    if status == 403:
        notice["title"] = _("Not accepted; nothing was stored")
    if htmx():
        return render_template("_notice.html", notice=notice), status, {"HX-Retarget": "#message",
                                                                         "HX-Reswap": "innerHTML"}
    return show_seat(table, seat, status=status, notice=notice)


def stale_seat(table, seat: str):
    """The phone was behind the table and its entry depends on what came since: the fresh seat, and why."""
    notice = {"status": 409, "message": views.refusal(Moved(table.seq))}
    body, status = show_seat(table, seat, status=409, notice=notice)
    return body, status, ({"HX-Retarget": "#seat", "HX-Reswap": "morph"} if htmx() else {})


@bp.post("/seat/facts")
@partial(seated, read=False)    # the play reads the file (one hand-off to a thread per fact fewer)
def facts(table, seat):
    try:
        seen = required_seq(request.form)
        fact = fact_from_form(request.form, list(table.game.state["players"]))
    except FormError as e:
        return seat_refusal(table, seat, 400, str(e))
    why = not_theirs(table, seat, fact)
    if why is not None:
        table = open_table(table.id)    # judged on the game as stored: the copy may be behind another process
        why = not_theirs(table, seat, fact)
    if why is not None:
        if fact.get("player") == seat and seen != table.seq:
            return stale_seat(table, seat)      # their own fact, no longer awaited since the page was drawn
        return seat_refusal(table, seat, 403, why)
    try:
        events = play_fact(table, fact, seen)
    except Moved:
        return stale_seat(table, seat)
    except IllegalAction as e:      # the seat's own money may be quoted: the phone is theirs
        return seat_refusal(table, seat, 422, views.refusal(e, seen_at(table, Viewer(seat=seat)).state["next"],
                                                                   table.game.ctx.map, fact))
    if not htmx():
        return redirect(url_for("seats.view", game_id=table.id), 303)
    return show_seat(table, seat, events=events, urgent=True)

